/* test-app-flow.c: the flow of a game in the real application (under Xvfb, keys pressed
 * through xdotool): no clock runs while a dialog covers the board.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#include "app-test-util.h"
#include "syn-clock-view.h"
#include "syn-game-layout.h"
#include "syn-move-list.h"

/* 3+2 against the computer, the person White: the clock that matters is White's. */
static const SynNewGameOptions clocked_computer_game = {
  &syn_variant_psc, { 180000, 2000 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE, SYN_COMPUTER_EASY
};

static gboolean
white_clock_runs (gpointer data)
{
  return syn_clock_is_running (syn_game_get_clock (syn_window_get_game (data)), SYN_WHITE);
}

/* A window other than the main one (data) is shown and has the keyboard. */
static gboolean
dialog_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (window != data && gtk_widget_get_visible (GTK_WIDGET (window))
          && gtk_window_is_active (window))
        return TRUE;
    }
  return FALSE;
}

/* Only the main window (data) is shown. (Without a window manager, nothing gives it the
 * keyboard back.) */
static gboolean
dialogs_gone (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);
      if (window != data && gtk_widget_get_visible (GTK_WIDGET (window)))
        return FALSE;
    }
  return TRUE;
}

static gint64
white_ms (SynWindow *window)
{
  return syn_clock_get_remaining_ms (syn_game_get_clock (syn_window_get_game (window)), SYN_WHITE);
}

/* A dialog opened with its key (data: xdotool's name) over a clocked game against the
 * computer and left open for two seconds costs the person nothing; the clock runs again
 * after Escape closes it. */
static void
test_dialog_stops_clock (gconstpointer data)
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
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));

  before = white_ms (window);
  g_test_message ("the dialog of %s", (const char *) data);
  app_test_press (data);
  g_assert_true (app_test_iterate_until (dialog_shown, window, 5000));
  app_test_settle (4000);
  app_test_press ("Escape");
  g_assert_true (app_test_iterate_until (dialogs_gone, window, 5000));
  after = white_ms (window);
  g_test_message ("White's clock: %" G_GINT64_FORMAT " ms before, %" G_GINT64_FORMAT " after",
                  before, after);
  /* The dialog stood for 4 s; what the clock lost is the time the keys took to open and
   * close it, which a busy machine stretches (seen: 512 ms), so the bound is half of that. */
  g_assert_cmpint (before - after, <, 2000);

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

static const SynNewGameOptions untimed_computer_game
    = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE, SYN_COMPUTER_EASY };

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
  app_test_shoot_screen ("game-over.png", 1500);
  app_test_quit (app, window);
}

static gboolean
has_action_name (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), data) == 0;
}

static GtkWidget *
browse_button (SynWindow *window, const char *action)
{
  GtkWidget *button = app_test_find (GTK_WIDGET (window), has_action_name, action);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_nonnull (gtk_widget_get_tooltip_text (button));
  return button;
}

/* As a click ends: "clicked" (activating waits for the pressed look to show first). */
static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

typedef struct
{
  SynWindow *window;
  guint turns;
} TurnsWait;

static gboolean
has_turns (gpointer data)
{
  TurnsWait *wait = data;
  return syn_game_get_n_turns (syn_window_get_game (wait->window)) >= wait->turns;
}

static void
play (SynWindow *window, const char *move, guint turns)
{
  TurnsWait wait = { window, turns };

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", move);
  g_assert_true (app_test_iterate_until (has_turns, &wait, 20000));
}

static int
selected_turn (SynWindow *window)
{
  return syn_move_list_get_selected_turn (
      SYN_MOVE_LIST (app_test_find_type (GTK_WIDGET (window), SYN_TYPE_MOVE_LIST)));
}

/* The buttons under the move list go to the first, previous, next and last turn, grey where
 * there is nowhere to go; Alt+Home and Alt+End do the same from the keyboard. */
static void
test_browse_buttons (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  GtkWidget *first, *previous, *next, *last;

  g_assert_nonnull (window);
  syn_window_start_game (window, &untimed_computer_game, NULL, FALSE);
  first = browse_button (window, "win.first-turn");
  previous = browse_button (window, "win.previous-turn");
  next = browse_button (window, "win.next-turn");
  last = browse_button (window, "win.last-turn");
  g_assert_false (gtk_widget_is_sensitive (first));
  g_assert_false (gtk_widget_is_sensitive (last));

  play (window, "e2e4", 1);
  play (window, "d2d4", 2);
  app_test_settle (100);
  g_assert_true (gtk_widget_is_sensitive (first));
  g_assert_true (gtk_widget_is_sensitive (previous));
  g_assert_false (gtk_widget_is_sensitive (next));
  g_assert_false (gtk_widget_is_sensitive (last));

  click (first);
  g_assert_cmpint (selected_turn (window), ==, 0);
  g_assert_false (gtk_widget_is_sensitive (first));
  g_assert_true (gtk_widget_is_sensitive (last));
  click (next);
  g_assert_cmpint (selected_turn (window), ==, 1);
  click (last);
  g_assert_cmpint (selected_turn (window), ==, -1);
  click (previous);
  g_assert_cmpint (selected_turn (window), ==, 1);

  if (app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
      app_test_press ("alt+End");
      g_assert_cmpint (selected_turn (window), ==, -1);
      app_test_press ("alt+Home");
      g_assert_cmpint (selected_turn (window), ==, 0);
    }
  app_test_quit (app, window);
}

/* Ctrl+Z against the computer takes back the person's last whole turn, one at a time, in
 * the same game (its id, so its autosave); between two people at one computer it does
 * nothing. */
static void
test_ctrl_z_takes_back_against_computer (void)
{
  static const SynNewGameOptions two_people
      = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE, SYN_COMPUTER_EASY };
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autofree char *id = NULL;
  TurnsWait wait = { window, 1 };
  SynGame *game;

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  syn_window_start_game (window, &untimed_computer_game, NULL, FALSE);
  id = g_strdup (syn_game_get_id (syn_window_get_game (window)));
  play (window, "e2e4", 1);
  play (window, "d2d4", 2);
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
  app_test_press ("ctrl+z");
  g_assert_cmpuint (syn_game_get_n_turns (syn_window_get_game (window)), ==, 1);
  g_assert_cmpstr (syn_game_get_id (syn_window_get_game (window)), ==, id);
  app_test_press ("ctrl+z");
  g_assert_cmpuint (syn_game_get_n_turns (syn_window_get_game (window)), ==, 0);
  /* The game goes on from there: the computer answers a new first move. */
  play (window, "c2c4", 1);

  syn_window_start_game (window, &two_people, NULL, FALSE);
  /* Both sides' moves as the game takes them: the hand-over between them is not the point. */
  game = syn_window_get_game (window);
  g_assert_true (syn_game_choose (
      game, SYN_WHITE,
      syn_variant_choice_from_text (&syn_variant_psc, syn_game_get_state (game), SYN_WHITE, "e2e4"),
      NULL));
  g_assert_true (syn_game_choose (
      game, SYN_BLACK,
      syn_variant_choice_from_text (&syn_variant_psc, syn_game_get_state (game), SYN_BLACK, "e7e5"),
      NULL));
  g_assert_true (app_test_iterate_until (has_turns, &wait, 5000));
  app_test_press ("ctrl+z");
  g_assert_cmpuint (syn_game_get_n_turns (syn_window_get_game (window)), ==, 1);
  app_test_quit (app, window);
}

/* The board's size in the window, once the window has laid it out after a change. */
static gboolean
count_frame_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (*(int *) data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
enough_frames (gpointer data)
{
  return *(int *) data >= 0;
}

/* Runs until widget's window has drawn n more frames (a tick callback asks for them). */
static void
wait_frames (GtkWidget *widget, int n)
{
  int left = -n;
  guint id = gtk_widget_add_tick_callback (widget, count_frame_cb, &left, NULL);

  g_assert_true (app_test_iterate_until (enough_frames, &left, 10000));
  gtk_widget_remove_tick_callback (widget, id);
}

/* The clocks stand beside each other below the board, above each other beside it. */
static gboolean
clocks_oriented (gpointer data)
{
  GtkWidget *clocks = app_test_find_type (GTK_WIDGET (data), SYN_TYPE_CLOCK_VIEW);
  GtkWidget *layout = app_test_find_type (GTK_WIDGET (data), SYN_TYPE_GAME_LAYOUT);
  GtkOrientation orientation
      = gtk_orientable_get_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (clocks)));

  return orientation
         == (syn_game_layout_get_wide (SYN_GAME_LAYOUT (layout)) ? GTK_ORIENTATION_VERTICAL
                                                                 : GTK_ORIENTATION_HORIZONTAL);
}

static int
board_size (SynWindow *window, const char *state)
{
  GtkWidget *board = GTK_WIDGET (syn_window_get_board (window));
  int width, height;

  /* The clocks turn at the frame after the layout chose a side for the panel; on a busy
   * machine frames are slow to come, so the test counts them rather than waits. */
  wait_frames (board, 4);
  g_assert_true (clocks_oriented (window));
  width = gtk_widget_get_width (board);
  height = gtk_widget_get_height (board);
  g_test_message ("board in %s: %d x %d (mapped %d)", state, width, height,
                  gtk_widget_get_mapped (board));
  g_assert_cmpint (width, ==, height);
  return width;
}

static gboolean
what_if_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) other = g_list_model_get_item (toplevels, i);
      if (other != data && gtk_widget_get_visible (GTK_WIDGET (other)))
        return TRUE;
    }
  return FALSE;
}

/* The board keeps its size from state to state at size x size: a game, a finished game, a
 * hand-over and back, with What If open over the finished game. */
static void
board_keeps_size (int width, int height)
{
  static const SynNewGameOptions two_in_fog = {
    &syn_variant_psc, { 180000, 2000 }, TRUE, SYN_PLAYER_HUMAN, SYN_WHITE, SYN_COMPUTER_EASY
  };
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, width, height);
  int playing;

  g_assert_nonnull (window);
  syn_window_start_game (window, &clocked_computer_game, NULL, FALSE);
  playing = board_size (window, "a game");
  g_assert_cmpint (playing, >, 0);
  play (window, "e2e4", 1);
  g_assert_cmpint (board_size (window, "a game after a turn"), ==, playing);
  syn_game_resign (syn_window_get_game (window), SYN_WHITE);
  g_assert_cmpint (board_size (window, "a finished game"), ==, playing);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.explore", NULL);
  g_assert_true (app_test_iterate_until (what_if_shown, window, 5000));
  g_assert_cmpint (board_size (window, "a finished game under What If"), ==, playing);

  syn_window_start_game (window, &two_in_fog, NULL, FALSE);
  g_assert_cmpint (board_size (window, "a game between two in the fog"), ==, playing);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", "e2e4");
  app_test_settle (200);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hand-over-done", NULL);
  g_assert_cmpint (board_size (window, "after the hand-over"), ==, playing);
  app_test_quit (app, window);
}

/* The size as "WxH" in the test's path: the window the app remembered, a narrow one (the
 * panel below the board), and two where the panel's width or height limits the board. */
static void
test_board_keeps_size (gconstpointer data)
{
  int width, height;

  g_assert_cmpint (sscanf (data, "%dx%d", &width, &height), ==, 2);
  board_keeps_size (width, height);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add_data_func ("/app/flow/dialog-stops-clock/new-game", "ctrl+n", test_dialog_stops_clock);
  g_test_add_data_func ("/app/flow/dialog-stops-clock/preferences", "ctrl+comma",
                        test_dialog_stops_clock);
  g_test_add_data_func ("/app/flow/dialog-stops-clock/how-to-play", "F1", test_dialog_stops_clock);
  g_test_add_func ("/app/flow/game-over-clocks-tell-result", test_game_over_clocks_tell_result);
  g_test_add_func ("/app/flow/browse-buttons", test_browse_buttons);
  g_test_add_func ("/app/flow/ctrl-z-takes-back-against-computer",
                   test_ctrl_z_takes_back_against_computer);
  g_test_add_data_func ("/app/flow/board-keeps-size/1280x800", "1280x800", test_board_keeps_size);
  g_test_add_data_func ("/app/flow/board-keeps-size/400x800", "400x800", test_board_keeps_size);
  g_test_add_data_func ("/app/flow/board-keeps-size/1000x900", "1000x900", test_board_keeps_size);
  g_test_add_data_func ("/app/flow/board-keeps-size/600x700", "600x700", test_board_keeps_size);
  return g_test_run ();
}
