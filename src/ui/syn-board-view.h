/* syn-board-view.h: the chess board: draws a SynBoardFacts (control, frozen pieces, fog,
 * heatmap, marks) and lets the viewer pick a move with the pointer or the keyboard.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-board-facts.h"

G_BEGIN_DECLS

/* Which side's control the heatmap tints. */
typedef enum
{
  SYN_HEATMAP_OFF,
  SYN_HEATMAP_MINE,   /* squares the viewer controls, deeper by the margin A(viewer) - A(other) */
  SYN_HEATMAP_THEIRS, /* squares the opponent controls, deeper by A(other) - A(viewer) */
} SynHeatmapMode;

#define SYN_TYPE_HEATMAP_MODE (syn_heatmap_mode_get_type ())
GType syn_heatmap_mode_get_type (void);

#define SYN_TYPE_BOARD_VIEW (syn_board_view_get_type ())

G_DECLARE_FINAL_TYPE (SynBoardView, syn_board_view, SYN, BOARD_VIEW, GtkWidget)

GtkWidget *syn_board_view_new (void);

/* Shows facts (copied). Cancels a pick in progress and a running animation. */
void syn_board_view_set_facts (SynBoardView *self, const SynBoardFacts *facts);
const SynBoardFacts *syn_board_view_get_facts (SynBoardView *self);

gboolean syn_board_view_get_flipped (SynBoardView *self);
void syn_board_view_set_flipped (SynBoardView *self, gboolean flipped);

gboolean syn_board_view_get_show_coordinates (SynBoardView *self);
void syn_board_view_set_show_coordinates (SynBoardView *self, gboolean show_coordinates);

SynHeatmapMode syn_board_view_get_heatmap (SynBoardView *self);
void syn_board_view_set_heatmap (SynBoardView *self, SynHeatmapMode heatmap);

gboolean syn_board_view_get_interactive (SynBoardView *self);
void syn_board_view_set_interactive (SynBoardView *self, gboolean interactive);

gboolean syn_board_view_get_animate (SynBoardView *self);
void syn_board_view_set_animate (SynBoardView *self, gboolean animate);

/* The viewer's secret choice for this turn, marked on the board; SYN_MOVE_NONE for none. */
void syn_board_view_set_chosen_move (SynBoardView *self, SynMove move);
SynMove syn_board_view_get_chosen_move (SynBoardView *self);

/* Squares ringed for attention (the what-if marks where control changed); 0 for none. */
void syn_board_view_set_marked_squares (SynBoardView *self, SynBitboard squares);
SynBitboard syn_board_view_get_marked_squares (SynBoardView *self);

/* Lets the viewer pick up pieces of either colour (the what-if, where one person chooses
 * both sides' moves); the facts' moves must then hold both sides' moves. "move-chosen"
 * then carries a move of either side: the colour of the piece on its from square says
 * which. Off by default. */
void syn_board_view_set_pick_both_sides (SynBoardView *self, gboolean both);

/* Both moves of the last turn, marked in two colours; SYN_MOVE_NONE for a side that did not
 * move (or none at all). */
void syn_board_view_set_last_turn (SynBoardView *self, SynMove white, SynMove black);

/* Shows before, slides both moves at the same moment, then shows after (and marks the moves
 * as the last turn). Instant when animations are off or the board is not on screen. */
void syn_board_view_animate_turn (SynBoardView *self, const SynBoardFacts *before, SynMove white,
                                  SynMove black, const SynBoardFacts *after);

/* What a click, or Enter with the cursor there, does on square: pick a piece, drop it on a
 * destination (emitting "move-chosen", or first asking which piece a pawn promotes to),
 * or cancel the pick. */
void syn_board_view_activate_square (SynBoardView *self, int square);

/* The square whose piece is picked up, or SYN_NO_SQUARE. */
int syn_board_view_get_selected_square (SynBoardView *self);

/* Where square is drawn, in widget coordinates; FALSE before the board has a size. */
gboolean syn_board_view_get_square_rect (SynBoardView *self, int square, graphene_rect_t *rect);

/* What a screen reader reads for square ("e4, white knight, frozen, controlled by black"). */
const char *syn_board_view_get_square_label (SynBoardView *self, int square);

/* The promotion chooser, while it asks; NULL otherwise. Its buttons are named
 * "promote-queen", "promote-rook", "promote-bishop" and "promote-knight". */
GtkWidget *syn_board_view_get_promotion_popover (SynBoardView *self);

/* What the board says, near a piece the viewer tried to move, about why it cannot move;
 * NULL when nothing is shown. */
const char *syn_board_view_get_refusal (SynBoardView *self);

G_END_DECLS
