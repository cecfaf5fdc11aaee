/* syn-network-games.h: the games published on the local network, as a group of rows that
 * update live; activating one (a click, or Enter) asks to join it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-found-game.h"

G_BEGIN_DECLS

#define SYN_TYPE_NETWORK_GAMES (syn_network_games_get_type ())

G_DECLARE_FINAL_TYPE (SynNetworkGames, syn_network_games, SYN, NETWORK_GAMES, AdwPreferencesGroup)

/* Browses from the moment it is made until it is disposed. Signals:
 *   "game-activated"  (SynFoundGame *game) the player chose this game */
GtkWidget *syn_network_games_new (void);

/* The list of SynFoundGame shown (for tests). */
GListModel *syn_network_games_get_model (SynNetworkGames *self);

G_END_DECLS
