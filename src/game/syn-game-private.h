/* syn-game-private.h: what the record reader needs to rebuild a game exactly as it was
 * saved, and the network layer to set the clocks both sides agreed on and to end a game by
 * time; not for the UI.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-game.h"

G_BEGIN_DECLS

/* Gives the game the id it had when it was saved, so autosaving it again replaces its file. */
void syn_game_set_id (SynGame *self, const char *id);

/* Both clocks stand at these times after the last executed turn (the one the record line
 * describes); that turn's remaining_ms says so too. */
void syn_game_restore_clocks (SynGame *self, gint64 white_ms, gint64 black_ms);

/* Ends the game for a reason outside the rules of the board (end is SYN_END_TIME,
 * SYN_END_RESIGNATION or SYN_END_AGREEMENT); emits "finished". */
void syn_game_end (SynGame *self, SynResult result, SynEnd end);

G_END_DECLS
