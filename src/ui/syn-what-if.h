/* syn-what-if.h: the what-if resolver: pick a White move and a Black move in a position and
 * see what they resolve to (PSC-R8), then go deeper from there or step back; the pairs
 * explored form a tree that can be saved and opened again.
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

SynWhatIf *syn_what_if_new (GtkWindow *parent, const SynState *state);

/* Picks both moves as if chosen in the lists; FALSE when one is not legal here. */
gboolean syn_what_if_select_moves (SynWhatIf *self, SynMove white, SynMove black);

/* The position the chosen pair resolves to, as PSC FEN. */
char *syn_what_if_get_result_fen (SynWhatIf *self);

/* The position the moves are chosen in, as PSC FEN. */
char *syn_what_if_get_fen (SynWhatIf *self);

/* What the pair did, as shown: outcome, captures, frozen and unfrozen pieces. */
const char *syn_what_if_get_summary (SynWhatIf *self);

/* Every square whose control (PSC-R2) the pair changed, one a line under a heading:
 * "d5: White → contested"; those squares are ringed on the result board. */
const char *syn_what_if_get_control_changes (SynWhatIf *self);
SynBitboard syn_what_if_get_control_changed (SynWhatIf *self);

/* The board of the position the moves are chosen in. A piece of either colour is picked
 * on it, by pointer or keyboard, and dropped where it goes: that side's move is chosen. */
SynBoardView *syn_what_if_get_position_board (SynWhatIf *self);

SynPairMatrix *syn_what_if_get_pair_matrix (SynWhatIf *self);

/* Every pair explored, as a tree; Go Deeper adds to it and Back walks up it. */
SynVariationTree *syn_what_if_get_tree (SynWhatIf *self);

/* The tree as a file (docs/record-format.md, "Analysis trees"); opening one starts again from
 * its first position. */
gboolean syn_what_if_save_tree (SynWhatIf *self, GFile *file, GError **error);
gboolean syn_what_if_open_tree (SynWhatIf *self, GFile *file, GError **error);

G_END_DECLS
