/* test-app-flow.c: the flow of a game in the real application (under Xvfb, keys pressed
 * through xdotool): no clock runs while a dialog covers the board.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "app-test-util.h"
#include "syn-clock-view.h"
#include "syn-new-game-dialog.h"

/* 3+2 against the computer, the person White: the clock that matters is White's. */
static const SynNewGameOptions clocked_computer_game = {
  &syn_variant_psc, { 180000, 2000 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE, SYN_COMPUTER_EASY
};

static gboolean
white_clock_runs (gpointer data)
{
  return syn_clock_is_running (syn_game_get_clock (syn_window_get_game (data)), SYN_WHITE);
}

static gboolean
is_active (gpointer data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

/* A visible window of type (gsize) data, other than the main one. */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type)
          && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
new_game_dialog_shown (gpointer data)
{
  GtkWindow *dialog = find_toplevel (SYN_TYPE_NEW_GAME_DIALOG);

  return dialog && gtk_window_is_active (dialog);
}

static gboolean
new_game_dialog_gone (gpointer data)
{
  return find_toplevel (SYN_TYPE_NEW_GAME_DIALOG) == NULL;
}

static gint64
white_ms (SynWindow *window)
{
  return syn_clock_get_remaining_ms (syn_game_get_clock (syn_window_get_game (window)), SYN_WHITE);
}

/* The New Game dialog, opened with its key over a clocked game against the computer and
 * left open for two seconds, costs the person nothing; the clock runs again after it. */
static void
test_new_game_dialog_stops_clock (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  gint64 before, after;

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  syn_window_start_game (window, &clocked_computer_game, NULL, FALSE);
  /* The computer chooses first; from then on White's clock runs (PSC-R11). */
  g_assert_true (app_test_iterate_until (white_clock_runs, window, 10000));
  g_assert_true (app_test_iterate_until (is_active, window, 5000));

  before = white_ms (window);
  app_test_press ("ctrl+n");
  g_assert_true (app_test_iterate_until (new_game_dialog_shown, NULL, 5000));
  app_test_settle (2000);
  app_test_press ("Escape");
  g_assert_true (app_test_iterate_until (new_game_dialog_gone, NULL, 5000));
  after = white_ms (window);
  g_test_message ("White's clock: %" G_GINT64_FORMAT " ms before, %" G_GINT64_FORMAT " after",
                  before, after);
  g_assert_cmpint (before - after, <, 500);

  /* Nothing else stops it: it runs again once the dialog is gone. */
  g_assert_true (white_clock_runs (window));
  app_test_settle (300);
  g_assert_cmpint (white_ms (window), <, after);
  app_test_quit (app, window);
}

/* The texts of the labels shown under widget, joined by "|", in depth-first order. */
static void
gather_labels (GtkWidget *widget, GString *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (texts, "%s|", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    gather_labels (child, texts);
}

static const SynNewGameOptions untimed_computer_game = {
  &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE, SYN_COMPUTER_EASY
};

/* After the game no side is "Thinking…": each clock tells its side's result. */
static void
test_game_over_clocks_tell_result (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autoptr (GString) texts = g_string_new ("|");
  GtkWidget *clocks;

  g_assert_nonnull (window);
  syn_window_start_game (window, &untimed_computer_game, NULL, FALSE);
  clocks = app_test_find_type (GTK_WIDGET (window), SYN_TYPE_CLOCK_VIEW);
  g_assert_nonnull (clocks);
  syn_game_resign (syn_window_get_game (window), SYN_WHITE);
  app_test_settle (200);
  gather_labels (clocks, texts);
  g_test_message ("clock labels: %s", texts->str);
  g_assert_null (strstr (texts->str, "Thinking"));
  g_assert_nonnull (strstr (texts->str, "|White|Lost|"));
  g_assert_nonnull (strstr (texts->str, "|Black|Won|"));
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  g_setenv ("LANGUAGE", "C", TRUE);
  /* No accessibility bus under Xvfb. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  gtk_disable_setlocale ();
  adw_init ();

  g_test_add_func ("/app/flow/new-game-dialog-stops-clock", test_new_game_dialog_stops_clock);
  g_test_add_func ("/app/flow/game-over-clocks-tell-result", test_game_over_clocks_tell_result);
  return g_test_run ();
}
