/* test-app-board.c: the board says why a piece cannot move, and marks a king in check, in the
 * real application under Xvfb, clicked as a person clicks (xdotool).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "app-test-util.h"
#include "syn-board-view.h"
#include "syn-move-list.h"

/* PSC-R3: the knight on d5 is attacked by the knight on f6 and the queen on d8. */
#define PSC_FROZEN "3qk3/8/5n2/3N4/8/8/8/4K3 w - - 0 1"
/* Hutnik after 1. e4 c6 2. d4 Qa5+, white holding the token: only Ke2 answers the check. */
#define HUTNIK_AFTER_QA5                                                                           \
  "rnb1kbnr/pp1ppppp/2p5/q7/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3 0000000000000003"

static int
sq (const char *name)
{
  return SYN_SQUARE (name[0] - 'a', name[1] - '1');
}

static gboolean
is_active (gpointer data)
{
  return gtk_window_is_active (GTK_WINDOW (data));
}

static SynWindow *
start (SynApplication **app, const SynVariant *variant, const char *fen)
{
  SynNewGameOptions options = { variant, { 0, 0 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE };
  SynWindow *window = app_test_start (app, 1280, 800);
  SynFenError error;
  SynState state;

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    return window;
  g_assert_true (variant->read_state (fen, &state, &error));
  syn_window_start_game (window, &options, &state, FALSE);
  g_assert_true (app_test_iterate_until (is_active, window, 5000));
  app_test_settle (300);
  return window;
}

/* Clicks the middle of square with the real pointer. */
static void
click_square (SynWindow *window, const char *square)
{
#ifdef GDK_WINDOWING_X11
  SynBoardView *board = syn_window_get_board (window);
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (board));
  g_autofree char *xid = NULL, *x = NULL, *y = NULL;
  graphene_rect_t rect;
  graphene_point_t point;
  double dx, dy;
  int status = 0;

  g_assert_true (syn_board_view_get_square_rect (board, sq (square), &rect));
  graphene_rect_get_center (&rect, &point);
  g_assert_true (
      gtk_widget_compute_point (GTK_WIDGET (board), GTK_WIDGET (native), &point, &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native)));
  x = g_strdup_printf ("%d", (int) (point.x + dx));
  y = g_strdup_printf ("%d", (int) (point.y + dy));
  {
    const char *argv[] = { "xdotool", "mousemove", "--window", xid, x, y, "click", "1", NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                                 NULL, &status, NULL));
  }
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  app_test_settle (300);
#endif
}

/* With SYNCHESS_TEST_SHOTS set to a folder, the screen as it is, for a person to look at. */
static void
shoot (const char *name)
{
  const char *folder = g_getenv ("SYNCHESS_TEST_SHOTS");
  g_autofree char *path = NULL;

  if (folder == NULL)
    return;
  path = g_build_filename (folder, name, NULL);
  {
    const char *argv[] = { "import", "-window", "root", path, NULL };
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

static gboolean
refusal_shown (gpointer data)
{
  return syn_board_view_get_refusal (SYN_BOARD_VIEW (data)) != NULL;
}

static void
test_frozen_piece_says_why (void)
{
  SynApplication *app = NULL;
  SynWindow *window = start (&app, &syn_variant_psc, PSC_FROZEN);
  SynBoardView *board = syn_window_get_board (window);

  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  g_assert_null (syn_board_view_get_refusal (board));
  click_square (window, "d5");
  g_assert_true (app_test_iterate_until (refusal_shown, board, 3000));
  g_assert_cmpstr (syn_board_view_get_refusal (board), ==, "Frozen: attacked by Nf6 and Qd8");
  shoot ("psc-frozen.png");
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);

  /* The other side's piece says so too; a piece that can move is just picked up. */
  click_square (window, "d8");
  g_assert_cmpstr (syn_board_view_get_refusal (board), ==, "Not your piece");
  click_square (window, "e1");
  g_assert_null (syn_board_view_get_refusal (board));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("e1"));
  app_test_quit (app, window);
}

static void
test_hutnik_check_is_marked (void)
{
  SynApplication *app = NULL;
  SynWindow *window = start (&app, &syn_variant_hutnik, HUTNIK_AFTER_QA5);
  SynBoardView *board = syn_window_get_board (window);
  const SynBoardFacts *facts = syn_board_view_get_facts (board);

  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (app, window);
      return;
    }
  g_assert_cmphex (facts->check, ==, syn_bit (sq ("e1")));
  g_assert_nonnull (strstr (syn_board_view_get_square_label (board, sq ("e1")), "in check"));
  g_assert_null (strstr (syn_board_view_get_square_label (board, sq ("e8")), "in check"));

  click_square (window, "b1");
  g_assert_true (app_test_iterate_until (refusal_shown, board, 3000));
  g_assert_cmpstr (syn_board_view_get_refusal (board), ==, "In check: only Ke2 is allowed");
  shoot ("hutnik-check.png");
  app_test_quit (app, window);
}

/* SYN-E4 */
#define SYNCHRONE_COLLISION "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 3"

static void
play (SynGame *game, const char *white, const char *black)
{
  const SynVariant *variant = syn_game_get_variant (game);
  const SynState *state = syn_game_get_state (game);
  SynChoice w = syn_variant_choice_from_text (variant, state, SYN_WHITE, white);
  SynChoice b = syn_variant_choice_from_text (variant, state, SYN_BLACK, black);

  g_assert_true (syn_game_choose (game, SYN_WHITE, w, NULL));
  g_assert_true (syn_game_choose (game, SYN_BLACK, b, NULL));
  app_test_settle (200);
}

/* The label of side's move in the list's row of turn index (the start row is row 0). */
static GtkLabel *
move_label (GtkWidget *list_box, int index, SynColour side)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list_box), index + 1);
  GtkWidget *child;

  g_assert_nonnull (row);
  child = gtk_widget_get_first_child (gtk_list_box_row_get_child (row)); /* the number */
  child = gtk_widget_get_next_sibling (child);
  if (side == SYN_BLACK)
    child = gtk_widget_get_next_sibling (child);
  return GTK_LABEL (child);
}

/* The window at 1280x800 and 400x800 (run under ADW_DEBUG_COLOR_SCHEME=prefer-dark for the
 * dark look); only with SYNCHESS_TEST_SHOTS set. */
static void
shoot_sizes (SynWindow *window, const char *name)
{
  const char *folder = g_getenv ("SYNCHESS_TEST_SHOTS");
  const char *look = g_getenv ("ADW_DEBUG_COLOR_SCHEME") != NULL ? "dark" : "light";

  if (folder == NULL)
    return;
  for (int narrow = 0; narrow <= 1; narrow++)
    {
      g_autofree char *file = g_strdup_printf ("%s-%s-%s.png", name, narrow ? "400" : "1280", look);
      g_autofree char *path = g_build_filename (folder, file, NULL);
      g_assert_true (syn_window_render_png (window, path, narrow ? 400 : 1280, 800, NULL));
    }
}

/* Issue 14 point 6: a collision where both pieces died and a capture that took nothing are
 * marked, with words in the tooltip and for screen readers; a plain move is not. */
static void
test_move_list_says_what_happened (void)
{
  SynNewGameOptions options
      = { &syn_variant_synchrone, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  GtkWidget *list_box;
  SynFenError error;
  SynState state;
  SynGame *game;

  g_assert_nonnull (window);
  g_assert_true (syn_variant_synchrone.read_state (SYNCHRONE_COLLISION, &state, &error));
  syn_window_start_game (window, &options, &state, FALSE);
  game = syn_window_get_game (window);
  play (game, "f3d4", "c6d4"); /* both knights arrive on d4: both removed (SYN-R7c) */
  play (game, "d2d4", "d8g5");
  play (game, "c1g5", "g5g6"); /* the queen steps away: Bxg5 takes nothing (SYN-R6) */
  list_box = app_test_find_type (app_test_find_type (GTK_WIDGET (window), SYN_TYPE_MOVE_LIST),
                                 GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list_box);
  app_test_settle (500); /* the last turn's slide */
  shoot_sizes (window, "move-list");
  shoot ("move-list-screen.png");

  g_assert_cmpstr (gtk_label_get_text (move_label (list_box, 0, SYN_WHITE)), ==, "Nd4 ✕");
  g_assert_cmpstr (gtk_label_get_text (move_label (list_box, 0, SYN_BLACK)), ==, "Nd4 ✕");
  g_assert_nonnull (
      strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (move_label (list_box, 0, SYN_BLACK))),
              "both were removed"));
  g_assert_cmpstr (gtk_label_get_text (move_label (list_box, 1, SYN_WHITE)), ==, "d4");
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (move_label (list_box, 1, SYN_WHITE))));
  g_assert_cmpstr (gtk_label_get_text (move_label (list_box, 2, SYN_WHITE)), ==, "Bxg5 ∅");
  g_assert_cmpstr (gtk_label_get_text (move_label (list_box, 2, SYN_BLACK)), ==, "Qg6");
  app_test_quit (app, window);
}

/* HUT-E2 */
#define HUTNIK_SAME_SQUARE                                                                         \
  "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 0000000000000003"

/* HUT-R5: black's Nd5 may not take the knight that has just arrived there: it is struck through
 * and marked, not shown like a played move. */
static void
test_move_list_strikes_a_forfeit (void)
{
  SynNewGameOptions options = { &syn_variant_hutnik, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  GtkWidget *list_box;
  GtkLabel *black;
  SynFenError error;
  SynState state;

  g_assert_nonnull (window);
  g_assert_true (syn_variant_hutnik.read_state (HUTNIK_SAME_SQUARE, &state, &error));
  syn_window_start_game (window, &options, &state, FALSE);
  play (syn_window_get_game (window), "c3d5", "f6d5");
  list_box = app_test_find_type (app_test_find_type (GTK_WIDGET (window), SYN_TYPE_MOVE_LIST),
                                 GTK_TYPE_LIST_BOX);
  black = move_label (list_box, 0, SYN_BLACK);
  g_assert_cmpstr (gtk_label_get_text (move_label (list_box, 0, SYN_WHITE)), ==, "Nd5");
  g_assert_cmpstr (gtk_label_get_text (black), ==, "Nd5 ⊘");
  g_assert_cmpstr (gtk_label_get_label (black), ==, "<s>Nd5</s> ⊘");
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (GTK_WIDGET (black)), "forfeited"));
  app_test_quit (app, window);
}

int
main (int argc, char *argv[])
{
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  const char *language = g_getenv ("SYNCHESS_TEST_SHOTS_LANGUAGE");

  /* No accessibility bus under Xvfb. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* A person looking at the screenshots may ask for another language, with the folder of
   * its compiled catalogue; the tests' own texts are the English ones. */
  if (language != NULL && g_getenv ("SYNCHESS_TEST_LOCALEDIR") != NULL)
    {
      g_setenv ("LANGUAGE", language, TRUE);
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("SYNCHESS_TEST_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  else
    {
      g_setenv ("LANGUAGE", "C", TRUE);
      gtk_disable_setlocale ();
    }
  adw_init ();

  g_test_add_func ("/app/board/frozen-piece-says-why", test_frozen_piece_says_why);
  g_test_add_func ("/app/board/hutnik-check-is-marked", test_hutnik_check_is_marked);
  g_test_add_func ("/app/board/move-list-says-what-happened", test_move_list_says_what_happened);
  g_test_add_func ("/app/board/move-list-strikes-a-forfeit", test_move_list_strikes_a_forfeit);

  return g_test_run ();
}
