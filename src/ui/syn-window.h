/* syn-window.h: the main window: the board, the clocks, the move list and the game flow.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-application.h"
#include "syn-board-view.h"
#include "syn-game.h"
#include "syn-new-game-dialog.h"
#include "syn-peer.h"

G_BEGIN_DECLS

/* The player name a computer opponent carries in records. */
#define SYN_COMPUTER_NAME "Synchess (computer)"

#define SYN_TYPE_WINDOW (syn_window_get_type ())

G_DECLARE_FINAL_TYPE (SynWindow, syn_window, SYN, WINDOW, AdwApplicationWindow)

/* A window without a game: start one with one of the functions below. */
SynWindow *syn_window_new (SynApplication *app);

/* Starts a game with the options last chosen in the New Game dialog. */
void syn_window_start_default_game (SynWindow *self);
/* The welcome page (New Game, Host, Join, Open, the recent games) instead of a game: what
 * the window shows when Synchess starts. No clock runs behind it. */
void syn_window_show_welcome (SynWindow *self);
gboolean syn_window_is_welcome (SynWindow *self);

/* Starts a game; start is NULL for the start position. Without autosave nothing is written
 * (screenshots). */
void syn_window_start_game (SynWindow *self, const SynNewGameOptions *options,
                            const SynState *start, gboolean autosave);

/* Continues (or shows, when finished) a game read from a record. */
void syn_window_continue_game (SynWindow *self, SynGame *game);

SynGame *syn_window_get_game (SynWindow *self);

/* The peer of a network game (being set up or played), or NULL. */
SynPeer *syn_window_get_peer (SynWindow *self);

/* A network game with a clock goes on: the clocks keep running behind dialogs, which say
 * so. (A game at this computer pauses while a dialog covers the board.) */
gboolean syn_window_clocks_run_behind_dialogs (SynWindow *self);
SynBoardView *syn_window_get_board (SynWindow *self);

/* Opens a record, telling the user what is wrong with a bad one; TRUE when it opened. */
gboolean syn_window_open_file (SynWindow *self, GFile *file);

/* Renders the window as it is on screen into a PNG file. */
gboolean syn_window_save_png (SynWindow *self, const char *path, GError **error);
/* The same at exactly width x height (at least the content's minimum size), whatever the
 * window's own size: what --screenshot writes. */
gboolean syn_window_render_png (SynWindow *self, const char *path, int width, int height,
                                GError **error);

/* Offers to resume the newest unfinished autosaved game, if there is one. */
void syn_window_offer_resume (SynWindow *self);

G_END_DECLS
