/* syn-what-if.h: the what-if resolver: pick White's choice and Black's choice at a step of
 * any rule set (a side the rules ask nothing of waits) and see what they resolve to, then go
 * deeper from there or step back; the pairs explored form a tree that can be saved and
 * opened again.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-board-view.h"
#include "syn-pair-matrix.h"
#include "syn-variation-tree.h"

G_BEGIN_DECLS

#define SYN_TYPE_WHAT_IF (syn_what_if_get_type ())

G_DECLARE_FINAL_TYPE (SynWhatIf, syn_what_if, SYN, WHAT_IF, AdwWindow)

/* The window on state of variant (NULL: PSC). */
SynWhatIf *syn_what_if_new (GtkWindow *parent, const SynVariant *variant, const SynState *state);

const SynVariant *syn_what_if_get_variant (SynWhatIf *self);

/* Picks both choices as if chosen in the lists (a move alone stands for its plain choice;
 * SYN_CHOICE_NONE for a side that waits); FALSE when one is not among its side's choices. */
gboolean syn_what_if_select_choices (SynWhatIf *self, SynChoice white, SynChoice black);

/* The state the chosen pair resolves to, in the rule set's FEN. */
char *syn_what_if_get_result_fen (SynWhatIf *self);

/* The state the choices are made in, in the rule set's FEN. */
char *syn_what_if_get_fen (SynWhatIf *self);

/* The drop-down of side's choices, as shown (insensitive for a side that waits). */
GtkDropDown *syn_what_if_get_choice_list (SynWhatIf *self, SynColour side);

/* What the pair did, as shown: outcome, captures, frozen and unfrozen pieces (PSC), what the
 * step told the players (forfeits, the token, an exchange of blows opening, refusals,
 * commits with their announcement, rollbacks). */
const char *syn_what_if_get_summary (SynWhatIf *self);

/* Every square whose control (PSC-R2) the pair changed, one a line under a heading:
 * "d5: White → contested"; those squares are ringed on the result board. Shown only in
 * rule sets with control. */
const char *syn_what_if_get_control_changes (SynWhatIf *self);
SynBitboard syn_what_if_get_control_changed (SynWhatIf *self);

/* The board of the position the choices are made in. A piece of either colour is picked
 * on it, by pointer or keyboard, and dropped where it goes: that side's choice of the move
 * is made (its plain choice, or the one choice carrying it). */
SynBoardView *syn_what_if_get_position_board (SynWhatIf *self);

SynPairMatrix *syn_what_if_get_pair_matrix (SynWhatIf *self);

/* Every pair explored, as a tree; Go Deeper adds to it and Back walks up it. */
SynVariationTree *syn_what_if_get_tree (SynWhatIf *self);

/* The tree as a file (docs/record-format.md, "Analysis trees"); opening one starts again from
 * its first position. */
gboolean syn_what_if_save_tree (SynWhatIf *self, GFile *file, GError **error);
gboolean syn_what_if_open_tree (SynWhatIf *self, GFile *file, GError **error);

G_END_DECLS
