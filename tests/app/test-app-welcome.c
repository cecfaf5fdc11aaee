/* test-app-welcome.c: Synchess starts on its welcome page, where nothing runs: no game, no
 * clock, until the player picks one; the page offers New Game, Host, Join and Open, and the
 * games played before.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>

#include "app-test-util.h"
#include "syn-new-game-dialog.h"
#include "syn-record.h"

static gboolean
is_row_titled (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

static gboolean
new_game_dialog_shown (gpointer data)
{
  GtkWindow *dialog = app_test_newest_toplevel (NULL, SYN_TYPE_NEW_GAME_DIALOG);

  return dialog && gtk_widget_get_mapped (GTK_WIDGET (dialog));
}

/* A game saved before, finished, so that no offer to resume comes first. */
static void
save_a_finished_game (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GError) error = NULL;

  syn_game_set_player (game, SYN_WHITE, SYN_PLAYER_HUMAN, "Ann");
  syn_game_set_player (game, SYN_BLACK, SYN_PLAYER_HUMAN, "Bob");
  syn_game_resign (game, SYN_BLACK);
  g_assert_true (syn_record_autosave (game, &error));
  g_assert_no_error (error);
}

static void
test_starts_on_welcome (void)
{
  SynApplication *app = NULL;
  SynWindow *window;
  SynGame *game;
  SynClock *clock;

  save_a_finished_game ();
  window = app_test_start (&app, 1280, 800);
  g_assert_nonnull (window);
  g_assert_true (syn_window_is_welcome (window));

  /* Nothing runs behind the page: a game begun at launch lost on time, untouched. */
  game = syn_window_get_game (window);
  clock = syn_game_get_clock (game);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (syn_window_get_board (window))));

  /* What a newcomer can do, and the games played before. */
  for (guint i = 0; i < 4; i++)
    {
      const char *labels[] = { "_New Game…", "_Host a Game…", "_Join a Game…", "_Open…" };
      g_assert_nonnull (
          app_test_find (GTK_WIDGET (window), app_test_is_button_labelled, labels[i]));
    }
  g_assert_nonnull (app_test_find (GTK_WIDGET (window), is_row_titled, "Ann – Bob"));

  /* Enter, pressed for real, takes the focused New Game. */
  if (app_test_has_real_input (GTK_WIDGET (window)))
    {
      app_test_press ("Return");
      g_assert_true (app_test_iterate_until (new_game_dialog_shown, NULL, 5000));
    }
  else
    g_test_message ("no xdotool: Enter not pressed");
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/welcome/starts-on-welcome", test_starts_on_welcome);
  return g_test_run ();
}
