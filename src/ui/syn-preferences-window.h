/* syn-preferences-window.h: the Preferences window, bound to the settings.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SYN_TYPE_PREFERENCES_WINDOW (syn_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (SynPreferencesWindow, syn_preferences_window, SYN, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

SynPreferencesWindow *syn_preferences_window_new (GtkWindow *parent, GSettings *settings);

/* The name this player goes by in network games: the "player-name" setting, else the full
 * name the system knows, else the user name. Free with g_free(). */
char *syn_preferences_player_name (GSettings *settings);

G_END_DECLS
