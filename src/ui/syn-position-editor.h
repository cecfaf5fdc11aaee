/* syn-position-editor.h: sets up a position by hand or from FEN (PSC-R9), to play from or
 * to explore with the what-if resolver.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "variant.h"

G_BEGIN_DECLS

#define SYN_TYPE_POSITION_EDITOR (syn_position_editor_get_type ())

G_DECLARE_FINAL_TYPE (SynPositionEditor, syn_position_editor, SYN, POSITION_EDITOR, AdwWindow)

/* Signal "play-from-here" (gpointer const SynState *): the user pressed Play from Here on a
 * valid position. Signal "host-from-here" (the same argument): the user pressed Host, to
 * host a network game from the position (syn_host_dialog_set_start()). start is NULL for
 * the start position. */
SynPositionEditor *syn_position_editor_new (GtkWindow *parent, const SynState *start);

/* The same in variant's rules (start a state of variant); the user may choose others. */
SynPositionEditor *syn_position_editor_new_for_variant (GtkWindow *parent,
                                                        const SynVariant *variant,
                                                        const SynState *start);

/* The rule set chosen: the one that Play from Here and Explore play. */
const SynVariant *syn_position_editor_get_variant (SynPositionEditor *self);

/* What a click on a square places: a piece, or SYN_NO_PIECE for the eraser. */
void syn_position_editor_set_palette_piece (SynPositionEditor *self, SynPiece piece);

/* A click on square: places the palette piece there, or erases it when erase is set. */
void syn_position_editor_activate_square (SynPositionEditor *self, int square, gboolean erase);

/* What a drag of the piece on from does when it ends on to: moves it there (replacing what
 * stood there), or removes it when to is SYN_NO_SQUARE (dropped off the board). */
void syn_position_editor_move_piece (SynPositionEditor *self, int from, int to);

/* The FEN being edited, as in its entry. */
const char *syn_position_editor_get_fen (SynPositionEditor *self);
void syn_position_editor_set_fen (SynPositionEditor *self, const char *fen);

/* Why the position is not valid: every fault in words, a line each, or the FEN reader's
 * message for a FEN typed or pasted; NULL when it is valid. */
const char *syn_position_editor_get_error (SynPositionEditor *self);

/* The castling rights offered as toggles (SYN_CASTLE_* bits). */
guint8 syn_position_editor_get_castling_offered (SynPositionEditor *self);

/* Switches the offered castling rights in rights on and the others off. */
void syn_position_editor_set_castling (SynPositionEditor *self, guint8 rights);

G_END_DECLS
