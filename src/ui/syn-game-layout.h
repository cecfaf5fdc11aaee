/* syn-game-layout.h: places the board and the side panel: side by side when the window is
 * wide, the panel below the board when it is narrow.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SYN_TYPE_GAME_LAYOUT (syn_game_layout_get_type ())

G_DECLARE_FINAL_TYPE (SynGameLayout, syn_game_layout, SYN, GAME_LAYOUT, GtkWidget)

GtkWidget *syn_game_layout_new (void);
void syn_game_layout_set_board (SynGameLayout *self, GtkWidget *board);
void syn_game_layout_set_panel (SynGameLayout *self, GtkWidget *panel);

/* True while the panel stands beside the board. */
gboolean syn_game_layout_get_wide (SynGameLayout *self);

G_END_DECLS
