/* syn-session.h: drives a game: asks the computer for its moves at every turn, and saves
 * the game after every turn so that nothing is lost. The window and the tests use it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-computer-player.h"
#include "syn-game.h"

G_BEGIN_DECLS

#define SYN_TYPE_SESSION (syn_session_get_type ())

G_DECLARE_FINAL_TYPE (SynSession, syn_session, SYN, SESSION, GObject)

SynSession *syn_session_new (SynGame *game, gboolean autosave);
SynGame *syn_session_get_game (SynSession *self);

/* How strong the computer plays (SYN_COMPUTER_MEDIUM unless set). */
void syn_session_set_computer_level (SynSession *self, SynComputerLevel level);

/* Starts the computer players' thinking; call once the UI is connected. */
void syn_session_start (SynSession *self);

/* Stops everything under way (computer thinking); the game stays as it is. */
void syn_session_stop (SynSession *self);

/* Pauses the game while a dialog covers the board: both clocks stop and the computer stops
 * thinking; unpaused, the clock that should run runs and the computer thinks again. */
void syn_session_set_paused (SynSession *self, gboolean paused);
gboolean syn_session_is_paused (SynSession *self);

/* Against the computer only: whether the person's last whole turn can be taken back (not
 * while their move for this turn is chosen and secret; not after a game lost on time or by
 * resigning); error says why not. */
gboolean syn_session_can_take_back (SynSession *self, GError **error);
/* A new session with a new game (same id, players, tags) played up to the person's last
 * whole turn, its clocks as they stood then. self stops; NULL and error when not allowed. */
SynSession *syn_session_take_back (SynSession *self, GError **error);

/* Signal "autosave-failed" (GError *): the game could not be saved; it is still in memory. */

G_END_DECLS
