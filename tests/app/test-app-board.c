/* test-app-board.c: the board says why a piece cannot move, and marks a king in check, in the
 * real application under Xvfb, clicked as a person clicks (xdotool).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
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
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
  app_test_settle (300);
  return window;
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
  app_test_click_square (GTK_WIDGET (syn_window_get_board (window)), "d5", 1);
  g_assert_true (app_test_iterate_until (refusal_shown, board, 3000));
  g_assert_cmpstr (syn_board_view_get_refusal (board), ==, "Frozen: attacked by Nf6 and Qd8");
  app_test_shoot_screen ("psc-frozen.png", 0);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);

  /* The other side's piece says so too; a piece that can move is just picked up. */
  app_test_click_square (GTK_WIDGET (syn_window_get_board (window)), "d8", 1);
  g_assert_cmpstr (syn_board_view_get_refusal (board), ==, "Not your piece");
  app_test_click_square (GTK_WIDGET (syn_window_get_board (window)), "e1", 1);
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

  app_test_click_square (GTK_WIDGET (syn_window_get_board (window)), "b1", 1);
  g_assert_true (app_test_iterate_until (refusal_shown, board, 3000));
  g_assert_cmpstr (syn_board_view_get_refusal (board), ==, "In check: only Ke2 is allowed");
  app_test_shoot_screen ("hutnik-check.png", 0);
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
  const char *folder = app_test_shots_folder ();
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
  app_test_shoot_screen ("move-list-screen.png", 0);

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
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/board/frozen-piece-says-why", test_frozen_piece_says_why);
  g_test_add_func ("/app/board/hutnik-check-is-marked", test_hutnik_check_is_marked);
  g_test_add_func ("/app/board/move-list-says-what-happened", test_move_list_says_what_happened);
  g_test_add_func ("/app/board/move-list-strikes-a-forfeit", test_move_list_strikes_a_forfeit);

  return g_test_run ();
}
