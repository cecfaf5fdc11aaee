/* test-app-review.c: the Game Review of the real application under Xvfb, on a saved game
 * opened from its file: Ctrl+Shift+G opens it, the chart's values are those of
 * `synchess-cli matrix` on each turn, and a real click on a turn's point, or the arrow keys
 * and Enter, open that turn in What If with its played pair.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "app-test-util.h"
#include "syn-analysis.h"
#include "syn-record.h"
#include "syn-review-window.h"
#include "syn-what-if.h"

#define MIXED_FEN "4k3/8/8/3q4/8/2N5/8/R3K3 w - - 0 1"
#define N_TURNS 6

/* A game of N_TURNS turns from MIXED_FEN saved to a file in folder. */
static GFile *
save_game (const char *folder)
{
  SynState start;
  g_autoptr (SynGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (folder, "game.synchess", NULL);
  GFile *file = g_file_new_for_path (path);

  g_assert_true (syn_analysis_parse_fen (MIXED_FEN, &start, NULL));
  game = syn_game_new (&syn_variant_psc, &start, NULL, FALSE);
  for (int turn = 0; turn < N_TURNS; turn++)
    for (SynColour side = SYN_WHITE; side <= SYN_BLACK; side++)
      {
        SynChoice choices[SYN_MAX_CHOICES];
        int n = syn_analysis_choices (&syn_variant_psc, syn_game_get_state (game), side, choices);

        g_assert_cmpint (n, >, 0);
        g_assert_true (syn_game_choose (game, side, choices[(turn * 5 + side * 2) % n], &error));
        g_assert_no_error (error);
      }
  g_assert_false (syn_game_is_over (game));
  g_assert_true (syn_record_save (game, file, &error));
  g_assert_no_error (error);
  return file;
}

static SynReviewWindow *
find_review (void)
{
  return SYN_REVIEW_WINDOW (app_test_newest_toplevel (NULL, SYN_TYPE_REVIEW_WINDOW));
}

static SynWhatIf *
find_what_if (void)
{
  return SYN_WHAT_IF (app_test_newest_toplevel (NULL, SYN_TYPE_WHAT_IF));
}

static gboolean
has_review (gpointer data)
{
  return find_review () != NULL;
}

static gboolean
has_what_if (gpointer data)
{
  return find_what_if () != NULL;
}

static gboolean
review_done (gpointer data)
{
  SynReviewWindow *review = find_review ();

  return review != NULL && !syn_review_window_get_computing (review)
         && gtk_widget_get_mapped (GTK_WIDGET (review));
}

static double
cli_value (const SynState *state)
{
  g_autofree char *fen = syn_analysis_write_variant_fen (&syn_variant_psc, state);
  const char *argv[] = { g_getenv ("SYNCHESS_CLI"), "matrix", fen, NULL };
  g_autofree char *json = NULL;
  const char *value;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &json, NULL,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  value = strstr (json, "\"value\": ");
  g_assert_nonnull (value);
  return g_ascii_strtod (value + strlen ("\"value\": "), NULL);
}

static char *
window_id (GtkWindow *window)
{
#ifdef GDK_WINDOWING_X11
  return g_strdup_printf (
      "%lu", (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))));
#else
  return NULL;
#endif
}

/* Gives window the X focus, as a click on its title would: there is no window manager to
 * hand it back when another window closes. */
static void
focus_window (GtkWindow *window)
{
  g_autofree char *id = window_id (window);
  const char *argv[] = { "xdotool", "windowfocus", "--sync", id, NULL };
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
}

/* Clicks, with the real pointer, the point of turn on the review's chart. */
static void
click_turn (SynReviewWindow *review, guint turn)
{
  GtkWidget *chart;
  graphene_point_t point;

  g_assert_true (syn_review_window_get_point (review, turn, &chart, &point));
  app_test_pointer (chart, point.x, point.y, 1);
}

static void
test_chart_matches_cli_and_opens_turn (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autofree char *folder = g_dir_make_tmp ("synchess-review-XXXXXX", NULL);
  g_autoptr (GFile) file = NULL;
  SynReviewWindow *review;
  SynWhatIf *what_if;
  SynGame *game;
  GArray *turns;
  const SynTurn *played;
  g_autofree char *fen = NULL, *expected = NULL;

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  file = save_game (folder);
  g_assert_true (syn_window_open_file (window, file));
  game = syn_window_get_game (window);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, N_TURNS);
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
  gtk_widget_grab_focus (GTK_WIDGET (syn_window_get_board (window)));
  app_test_press ("ctrl+shift+g");
  g_assert_true (app_test_iterate_until (has_review, NULL, 5000));
  g_assert_true (app_test_iterate_until (review_done, NULL, 30000));
  review = find_review ();
  turns = syn_review_window_get_turns (review);
  g_assert_nonnull (turns);
  g_assert_cmpuint (turns->len, ==, N_TURNS);
  for (guint i = 0; i < turns->len; i++)
    {
      const SynReviewTurn *t = &g_array_index (turns, SynReviewTurn, i);
      double value = cli_value (&syn_game_get_turn (game, i)->before);

      g_test_message ("turn %u: chart %.4f, synchess-cli %.4f", i + 1, t->value, value);
      g_assert_cmpfloat_with_epsilon (t->value, value, 1e-6);
    }

  app_test_settle (300);
  app_test_shoot_screen ("review.png", 0);
  click_turn (review, 2);
  g_assert_true (app_test_iterate_until (has_what_if, NULL, 5000));
  what_if = find_what_if ();
  played = syn_game_get_turn (game, 2);
  fen = syn_what_if_get_fen (what_if);
  expected = syn_analysis_write_variant_fen (&syn_variant_psc, &played->before);
  g_assert_cmpstr (fen, ==, expected);
  g_free (fen);
  g_free (expected);
  fen = syn_what_if_get_result_fen (what_if);
  expected = syn_analysis_write_variant_fen (&syn_variant_psc, &played->after);
  g_assert_cmpstr (fen, ==, expected);

  /* The keys do the same: Home, Right twice and Enter open the third turn. */
  gtk_window_destroy (GTK_WINDOW (what_if));
  app_test_settle (100);
  g_assert_null (find_what_if ());
  focus_window (GTK_WINDOW (review));
  {
    GtkWidget *chart;
    graphene_point_t point;

    g_assert_true (syn_review_window_get_point (review, 0, &chart, &point));
    g_assert_true (gtk_widget_grab_focus (chart));
  }
  app_test_press ("Home");
  app_test_press ("Right");
  app_test_press ("Right");
  app_test_press ("Return");
  g_assert_true (app_test_iterate_until (has_what_if, NULL, 5000));
  g_free (fen);
  g_free (expected);
  fen = syn_what_if_get_fen (find_what_if ());
  expected = syn_analysis_write_variant_fen (&syn_variant_psc, &played->before);
  g_assert_cmpstr (fen, ==, expected);

  g_file_delete (file, NULL, NULL);
  g_rmdir (folder);
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/review/chart-matches-cli-and-opens-turn",
                   test_chart_matches_cli_and_opens_turn);
  return g_test_run ();
}
