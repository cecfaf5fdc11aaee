/* test-app-keys.c: the real application's keys, pressed as a person presses them (xdotool
 * under Xvfb), where GTK's own handling of a key is part of the question: Space switches
 * the heatmap whether the focus is on the board or the move list, and still belongs to a
 * focused button or text field.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "app-test-util.h"
#include "syn-move-list.h"

/* The focus is on widget or one of its children (the board's squares, the list's rows). */
static gboolean
has_focus_within (gpointer data)
{
  GtkWidget *widget = data;
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (widget));

  return focus && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Puts the focus on widget as the Tab key would, and waits until the window has it. */
static void
focus (SynWindow *window, GtkWidget *widget)
{
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
  g_assert_true (gtk_widget_grab_focus (widget));
  g_assert_true (app_test_iterate_until (has_focus_within, widget, 5000));
}

static const SynNewGameOptions computer_game
    = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE };

/* Space, with the focus on the board and on the move list, goes round the heatmap's three
 * modes; GtkWindow's own Space (activate the focused widget) took it before. */
static void
test_space_cycles_heatmap (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  GtkWidget *board, *move_list, *list_box;
  GtkWidget *targets[2];

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  /* The board shows once a game begins: the window starts on its welcome page. */
  syn_window_start_game (window, &computer_game, NULL, FALSE);
  board = GTK_WIDGET (syn_window_get_board (window));
  move_list = app_test_find_type (GTK_WIDGET (window), SYN_TYPE_MOVE_LIST);
  g_assert_nonnull (move_list);
  list_box = app_test_find_type (move_list, GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list_box);
  targets[0] = board;
  targets[1] = list_box;

  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      g_settings_set_enum (settings, "heatmap-mode", 0);
      g_test_message ("focus on %s", G_OBJECT_TYPE_NAME (targets[i]));
      focus (window, targets[i]);
      for (int expected = 1; expected <= 3; expected++)
        {
          app_test_press ("space");
          g_assert_cmpint (g_settings_get_enum (settings, "heatmap-mode"), ==, expected % 3);
          g_assert_true (has_focus_within (targets[i]));
        }
    }
  app_test_quit (app, window);
}

static gboolean
is_focusable_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && gtk_widget_is_sensitive (widget) && gtk_widget_get_focusable (widget);
}

static void
on_clicked_cb (GtkButton *button, gpointer user_data)
{
  (*(int *) user_data)++;
}

/* A focused button still takes Space as its own (GTK's keyboard convention), and the heatmap
 * stays as it was. */
static void
test_space_still_presses_buttons (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  GtkWidget *button;
  int clicks = 0;

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  button = app_test_find (GTK_WIDGET (window), is_focusable_button, NULL);
  g_assert_nonnull (button);
  g_signal_connect (button, "clicked", G_CALLBACK (on_clicked_cb), &clicks);
  g_settings_set_enum (settings, "heatmap-mode", 0);
  focus (window, button);
  app_test_press ("space");
  g_assert_cmpint (clicks, ==, 1);
  g_assert_cmpint (g_settings_get_enum (settings, "heatmap-mode"), ==, 0);
  app_test_settle (300);
  /* Whatever it opened goes with the window. */
  g_signal_handlers_disconnect_by_func (button, on_clicked_cb, &clicks);
  app_test_quit (app, window);
}

/* Every shortcut the Keyboard Shortcuts window lists by its action shows a key: the
 * application holds an accelerator for each (the window's own key bindings never showed). */
static void
test_shortcuts_window_shows_every_key (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autoptr (GtkBuilder) builder
      = gtk_builder_new_from_resource ("/io/github/synchess/Synchess/gtk/help-overlay.ui");
  g_autoptr (GSList) objects = gtk_builder_get_objects (builder);
  guint checked = 0;

  g_assert_nonnull (window);
  for (GSList *l = objects; l; l = l->next)
    {
      g_autofree char *action = NULL;
      g_autofree char *title = NULL;
      g_auto (GStrv) keys = NULL;

      if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
        continue;
      g_object_get (l->data, "action-name", &action, "title", &title, NULL);
      if (!action)
        continue;
      keys = gtk_application_get_accels_for_action (GTK_APPLICATION (app), action);
      if (!keys || !keys[0])
        g_error ("“%s” (%s) shows no key", title, action);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 13);
  /* The shortcuts window itself outlives nothing. */
  for (GSList *l = objects; l; l = l->next)
    if (GTK_IS_WINDOW (l->data))
      gtk_window_destroy (GTK_WINDOW (l->data));
  app_test_quit (app, window);
}

static gboolean
file_holds_two_turns (gpointer data)
{
  g_autofree char *text = NULL;

  return g_file_get_contents (data, &text, NULL, NULL) && strstr (text, "\n2. ") != NULL;
}

/* Two people at one computer: each move is handed over before the next is chosen. */
static void
play (SynWindow *window, const char *move)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-move", "s", move));
  app_test_settle (50);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hand-over-done", NULL);
}

/* Ctrl+S, pressed for real, saves the game again where it was saved before. */
static void
test_ctrl_s_saves_again (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  SynNewGameOptions options = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };
  const char *moves[] = { "e2e4", "e7e5", "g1f3", "b8c6" };

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  dir = g_dir_make_tmp ("synchess-keys-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "game.synchess", NULL);
  syn_window_start_game (window, &options, NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      play (window, moves[i]);
      if (i == 1)
        {
          g_assert_true (
              gtk_widget_activate_action (GTK_WIDGET (window), "win.save-to", "s", path));
          g_assert_false (file_holds_two_turns (path));
        }
    }
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
  app_test_press ("ctrl+s");
  g_assert_true (app_test_iterate_until (file_holds_two_turns, path, 5000));

  g_assert_cmpuint (syn_game_get_n_turns (syn_window_get_game (window)), ==, 2);
  g_unlink (path);
  g_rmdir (dir);
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/keys/space-cycles-heatmap", test_space_cycles_heatmap);
  g_test_add_func ("/app/keys/space-still-presses-buttons", test_space_still_presses_buttons);
  g_test_add_func ("/app/keys/shortcuts-window-shows-every-key",
                   test_shortcuts_window_shows_every_key);
  g_test_add_func ("/app/keys/ctrl-s-saves-again", test_ctrl_s_saves_again);
  return g_test_run ();
}
