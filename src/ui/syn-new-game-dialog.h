/* syn-new-game-dialog.h: the New Game dialog: rule set, clock, fog of war, opponent.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-computer-player.h"
#include "syn-game.h"

G_BEGIN_DECLS

/* What the dialog asks for. */
typedef struct
{
  const SynVariant *variant;
  SynTimeControl time_control;
  gboolean fog;
  SynPlayerKind opponent; /* SYN_PLAYER_HUMAN (at this computer) or SYN_PLAYER_COMPUTER */
  SynColour play_as;      /* against the computer */
  SynComputerLevel level; /* against the computer */
} SynNewGameOptions;

/* The options stored in settings (what the dialog offers first); a random colour is
 * drawn here. */
void syn_new_game_options_from_settings (GSettings *settings, SynNewGameOptions *options);

#define SYN_TYPE_NEW_GAME_DIALOG (syn_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SynNewGameDialog, syn_new_game_dialog, SYN, NEW_GAME_DIALOG, AdwWindow)

/* Signal "start" (gpointer SynNewGameOptions*): the player pressed Start; the options are
 * also stored in settings. */
SynNewGameDialog *syn_new_game_dialog_new (GtkWindow *parent, GSettings *settings);

G_END_DECLS
