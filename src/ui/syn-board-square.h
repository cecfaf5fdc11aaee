/* syn-board-square.h: one square of the board as an accessible element. It draws nothing
 * (the board draws every square); it gives the screen reader a focusable cell to read.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SYN_TYPE_BOARD_SQUARE (syn_board_square_get_type ())

G_DECLARE_FINAL_TYPE (SynBoardSquare, syn_board_square, SYN, BOARD_SQUARE, GtkWidget)

GtkWidget *syn_board_square_new (int square);

int syn_board_square_get_square (SynBoardSquare *self);

/* What a screen reader reads for this square ("e4, white knight, frozen"). */
const char *syn_board_square_get_label (SynBoardSquare *self);
void syn_board_square_set_label (SynBoardSquare *self, const char *label);

/* Whether the square holds the piece the viewer has picked up. */
/* Why its piece cannot be moved, when it cannot: the cell's accessible description. */
void syn_board_square_set_description (SynBoardSquare *self, const char *description);
const char *syn_board_square_get_description (SynBoardSquare *self);

void syn_board_square_set_selected (SynBoardSquare *self, gboolean selected);

G_END_DECLS
