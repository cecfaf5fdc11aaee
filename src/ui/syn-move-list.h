/* syn-move-list.h: the turns of a game, one row each ("12.  Nf3  exd5"), from the start
 * position to the result; selecting a row shows the position after that turn.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-game.h"

G_BEGIN_DECLS

#define SYN_TYPE_MOVE_LIST (syn_move_list_get_type ())

G_DECLARE_FINAL_TYPE (SynMoveList, syn_move_list, SYN, MOVE_LIST, GtkWidget)

GtkWidget *syn_move_list_new (void);

void syn_move_list_set_game (SynMoveList *self, SynGame *game);
SynGame *syn_move_list_get_game (SynMoveList *self);
/* The side at the computer (-1: both may see everything): in rule sets where each side
 * sees a board of its own, the other side's steps show only what a commit announces. */
void syn_move_list_set_viewer (SynMoveList *self, int viewer);

/* "selected-turn": -1 while following the live game, else how many turns had been played in
 * the position shown (0 for the start). Selecting the newest turn follows the game again, so
 * a value of syn_game_get_n_turns() or more reads back as -1. */
int syn_move_list_get_selected_turn (SynMoveList *self);
void syn_move_list_set_selected_turn (SynMoveList *self, int turn);

/* One turn back or forward (Alt+Left and Alt+Right in the window); going forward from the
 * turn before the newest follows the game again. */
void syn_move_list_select_previous (SynMoveList *self);
void syn_move_list_select_next (SynMoveList *self);

/* The result in words, "White froze the black king", or NULL while game goes on. */
char *syn_move_list_describe_end (SynGame *game);

G_END_DECLS
