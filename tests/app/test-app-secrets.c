/* test-app-secrets.c: the real application keeps every secret from the person who may not
 * know it, judged by the pixels of the window: the hand-over page between two people at one
 * computer shows nothing of the choice just made, and a Transactional game against the
 * computer never shows the computer's pending moves, rollbacks or transaction (TX-R15).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <gtk/gtk.h>

#include "app-test-util.h"
#include "syn-application.h"
#include "syn-move-list.h"
#include "syn-notation.h"
#include "syn-window.h"

/* The computer answers within milliseconds; a turn that takes this long is a hang. */
#define TURN_TIMEOUT_MS 15000

typedef struct
{
  SynApplication *app;
  SynWindow *window;
  char *dir; /* where the screenshots go */
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;

  /* With SYNCHESS_TEST_SHOTS set the screenshots stay there, to be looked at. */
  if (app_test_shots_folder ())
    fixture->dir = g_strdup (app_test_shots_folder ());
  else
    fixture->dir = g_dir_make_tmp ("synchess-secrets-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->window = app_test_start (&fixture->app, 1280, 800);
  g_assert_nonnull (fixture->window);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer user_data)
{
  app_test_quit (fixture->app, fixture->window);
  if (!app_test_shots_folder ())
    app_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

static void
play_move (Fixture *fixture, const char *text)
{
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.play-move", "s", text));
}

static void
activate (Fixture *fixture, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), action, NULL));
}

/* Widgets */

/* Screenshots */

typedef struct
{
  int width, height;
  gsize stride;
  guchar *data;
} Picture;

static void
picture_free (Picture *picture)
{
  g_free (picture->data);
  g_free (picture);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Picture, picture_free)

/* Renders the window as the person in front of it sees it, through the same path as
 * `synchess --screenshot`, and reads the PNG back. Waits first for animations (a slide, a
 * toast coming in) to end. */
static Picture *
screenshot (Fixture *fixture, const char *name)
{
  g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  Picture *picture = g_new0 (Picture, 1);

  app_test_settle (600);
  /* On a loaded machine the first frame may come later still. */
  for (int tries = 0; !syn_window_save_png (fixture->window, path, &error) && tries < 50; tries++)
    {
      g_clear_error (&error);
      app_test_settle (100);
    }
  g_assert_no_error (error);
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  picture->width = gdk_texture_get_width (texture);
  picture->height = gdk_texture_get_height (texture);
  picture->stride = (gsize) picture->width * 4;
  picture->data = g_malloc (picture->stride * (gsize) picture->height);
  gdk_texture_download (texture, picture->data, picture->stride);
  return picture;
}

/* Two screenshots are the same, pixel for pixel: a person cannot tell them apart. Returns
 * FALSE, with the test marked failed, when they differ. */
static gboolean
assert_same_pictures (const Picture *a, const Picture *b, const char *what)
{
  gsize differ = 0;

  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  for (gsize i = 0; i < a->stride * (gsize) a->height; i += 4)
    differ += memcmp (a->data + i, b->data + i, 4) != 0;
  if (differ != 0)
    g_test_fail_printf ("%s: %" G_GSIZE_FORMAT " pixels differ", what, differ);
  return differ == 0;
}

static gboolean
is_toast (GtkWidget *widget, gconstpointer data)
{
  return gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_widget_get_css_name (widget), "toast") == 0;
}

/* The point in the window at the middle of a square's left edge: no piece, ring or
 * coordinate reaches there, only the square's own tints (last move, chosen move). FALSE when
 * a toast (public news, such as a commit's announcement, TX-R8) covers it. */
static gboolean
square_point (Fixture *fixture, int square, int *x, int *y)
{
  SynBoardView *board = syn_window_get_board (fixture->window);
  GtkWidget *toast = app_test_find (GTK_WIDGET (fixture->window), is_toast, NULL);
  graphene_rect_t rect, bounds;
  graphene_point_t point;

  g_assert_true (syn_board_view_get_square_rect (board, square, &rect));
  g_assert_true (gtk_widget_compute_point (
      GTK_WIDGET (board), GTK_WIDGET (fixture->window),
      &GRAPHENE_POINT_INIT (rect.origin.x + 1.5f, rect.origin.y + rect.size.height / 2), &point));
  *x = (int) point.x;
  *y = (int) point.y;
  return !(toast && gtk_widget_compute_bounds (toast, GTK_WIDGET (fixture->window), &bounds)
           && graphene_rect_contains_point (&bounds, &point));
}

static guint32
square_pixel (const Picture *picture, int x, int y)
{
  g_assert_true (x >= 0 && x < picture->width && y >= 0 && y < picture->height);
  return *(const guint32 *) (picture->data + (gsize) y * picture->stride + (gsize) x * 4);
}

/* Two people at one computer */

static void
start_two_people (Fixture *fixture, const SynVariant *variant)
{
  SynNewGameOptions options = { variant, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };

  syn_window_start_game (fixture->window, &options, NULL, TRUE);
}

/* White chooses first; whichever move it was, the hand-over page and then Black's board
 * look the same: Black cannot tell e2e4 from d2d4 from g1f3 by anything on the screen. */
static void
test_hand_over_shows_nothing_of_the_choice (Fixture *fixture, gconstpointer data)
{
  const char *moves[] = { "e2e4", "d2d4", "g1f3" };
  g_autoptr (Picture) first_hand_over = NULL;
  g_autoptr (Picture) first_board = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *name = g_strdup_printf ("hand-over-after-%s.png", moves[i]);
      g_autofree char *board_name = g_strdup_printf ("black-board-after-%s.png", moves[i]);
      g_autoptr (Picture) hand_over = NULL;
      g_autoptr (Picture) board = NULL;

      start_two_people (fixture, &syn_variant_psc);
      play_move (fixture, moves[i]);
      g_assert_true (syn_game_has_chosen (syn_window_get_game (fixture->window), SYN_WHITE));
      hand_over = screenshot (fixture, name);
      activate (fixture, "win.hand-over-done");
      board = screenshot (fixture, board_name);
      if (i == 0)
        {
          first_hand_over = g_steal_pointer (&hand_over);
          first_board = g_steal_pointer (&board);
          continue;
        }
      if (!assert_same_pictures (first_hand_over, hand_over, name)
          || !assert_same_pictures (first_board, board, board_name))
        return;
    }
}

/* Real input: xdotool sends the X server a click, which GTK handles as a person's. */

#ifdef GDK_WINDOWING_X11
static gboolean
is_hand_over_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                       "win.hand-over-done")
                == 0;
}

/* Two people at one computer, played with the mouse: White picks its move on the board with
 * two clicks; the hand-over page, a click where the board was, and Black's board after the
 * click on "Show Black's Board" look the same whichever move White picked. */
static void
test_hand_over_real_clicks (Fixture *fixture, gconstpointer data)
{
  const char *moves[][2] = { { "e2", "e4" }, { "d2", "d4" } };
  g_autoptr (Picture) first_hand_over = NULL;
  g_autoptr (Picture) first_board = NULL;

  if (!app_test_has_real_input (GTK_WIDGET (fixture->window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *name
          = g_strdup_printf ("clicked-hand-over-%s%s.png", moves[i][0], moves[i][1]);
      g_autofree char *board_name
          = g_strdup_printf ("clicked-black-board-%s%s.png", moves[i][0], moves[i][1]);
      g_autoptr (Picture) hand_over = NULL;
      g_autoptr (Picture) board = NULL;
      SynGame *game;
      graphene_rect_t rect;
      graphene_point_t spot;

      start_two_people (fixture, &syn_variant_psc);
      game = syn_window_get_game (fixture->window);
      app_test_settle (300);
      g_assert_true (syn_board_view_get_square_rect (syn_window_get_board (fixture->window),
                                                     syn_square_from_text (moves[i][1]), &rect));
      g_assert_true (gtk_widget_compute_point (
          GTK_WIDGET (syn_window_get_board (fixture->window)), GTK_WIDGET (fixture->window),
          &GRAPHENE_POINT_INIT (rect.origin.x + rect.size.width / 2,
                                rect.origin.y + rect.size.height / 2),
          &spot));
      app_test_click_square (GTK_WIDGET (syn_window_get_board (fixture->window)), moves[i][0], 1);
      app_test_click_square (GTK_WIDGET (syn_window_get_board (fixture->window)), moves[i][1], 1);
      g_assert_true (syn_game_has_chosen (game, SYN_WHITE));
      /* Black clicks where the destination square was: nothing is there to pick. */
      app_test_pointer (GTK_WIDGET (fixture->window), spot.x, spot.y, 1);
      g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
      hand_over = screenshot (fixture, name);
      app_test_pointer (app_test_find (GTK_WIDGET (fixture->window), is_hand_over_button, NULL), -1,
                        -1, 1);
      g_assert_false (app_test_find (GTK_WIDGET (fixture->window), is_hand_over_button, NULL));
      board = screenshot (fixture, board_name);
      if (i == 0)
        {
          first_hand_over = g_steal_pointer (&hand_over);
          first_board = g_steal_pointer (&board);
          continue;
        }
      if (!assert_same_pictures (first_hand_over, hand_over, name)
          || !assert_same_pictures (first_board, board, board_name))
        return;
    }
}
#endif

/* Transactional Chess by two people: White's turn (a pending move, kept secret by TX-R15)
 * executes at once, and the computer is handed over. Neither the hand-over page nor Black's
 * board may tell which move White made, nor that White first tried a square Black's
 * transaction locks (the opponent is never told of a refusal, TX-R5). */
static void
play_transactional_opening (Fixture *fixture, const char *white_first, gboolean try_locked)
{
  SynGame *game;

  start_two_people (fixture, &syn_variant_transactional);
  game = syn_window_get_game (fixture->window);
  play_move (fixture, "g1f3");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  activate (fixture, "win.hand-over-done");
  play_move (fixture, "e7e5");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
  activate (fixture, "win.hand-over-done");
  /* TX-E1: e5 is locked by Black's pending e7e5. */
  if (try_locked)
    {
      play_move (fixture, "f3e5");
      g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
      app_test_settle (100);
    }
  play_move (fixture, white_first);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 3);
}

static void
test_transactional_hand_over_shows_nothing (Fixture *fixture, gconstpointer data)
{
  struct
  {
    const char *move;
    gboolean try_locked;
  } plays[] = { { "f3g5", FALSE }, { "f3g5", TRUE }, { "b1c3", FALSE }, { "f3d4", TRUE } };
  g_autoptr (Picture) first_hand_over = NULL;
  g_autoptr (Picture) first_board = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (plays); i++)
    {
      g_autofree char *name = g_strdup_printf ("transactional-hand-over-%s%s.png", plays[i].move,
                                               plays[i].try_locked ? "-after-a-lock" : "");
      g_autofree char *board_name
          = g_strdup_printf ("transactional-black-board-%s%s.png", plays[i].move,
                             plays[i].try_locked ? "-after-a-lock" : "");
      g_autoptr (Picture) hand_over = NULL;
      g_autoptr (Picture) board = NULL;

      play_transactional_opening (fixture, plays[i].move, plays[i].try_locked);
      hand_over = screenshot (fixture, name);
      activate (fixture, "win.hand-over-done");
      board = screenshot (fixture, board_name);
      if (i == 0)
        {
          first_hand_over = g_steal_pointer (&hand_over);
          first_board = g_steal_pointer (&board);
          continue;
        }
      if (!assert_same_pictures (first_hand_over, hand_over, name)
          || !assert_same_pictures (first_board, board, board_name))
        return;
    }
}

/* Transactional Chess against the computer */

/* White's turn: a move that commits, so that White holds no locks and leaves no tint of its
 * own; one refused by a lock is followed by another. */
static void
play_white_commit (Fixture *fixture, GRand *rand)
{
  SynGame *game = syn_window_get_game (fixture->window);
  const SynVariant *variant = syn_game_get_variant (game);
  SynChoice choices[SYN_MAX_CHOICES];
  guint turns = syn_game_get_n_turns (game);
  int n = variant->choices (syn_game_get_state (game), SYN_WHITE, choices);
  int start = n > 0 ? g_rand_int_range (rand, 0, n) : 0;

  for (int k = 0; k < n && syn_game_get_n_turns (game) == turns; k++)
    {
      SynChoice choice = choices[(start + k) % n];
      char text[SYN_CHOICE_TEXT_SIZE];

      if (!(choice & SYN_CHOICE_COMMIT))
        continue;
      variant->choice_to_text (syn_game_get_state (game), choice, text);
      play_move (fixture, text);
    }
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, turns + 1);
}

/* Several turns against the computer, the person White: after each of the computer's turns
 * the board shows no tint of it (its pending moves, rollbacks and the last move of a
 * commit are its secrets, TX-R15; a commit shows on the board as the committed view), and
 * the move list tells only "(hidden)" or what a commit announced. */
static void
test_transactional_computer_moves_unseen (Fixture *fixture, gconstpointer data)
{
  SynNewGameOptions options
      = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261126);
  g_autoptr (Picture) start = NULL;
  guint32 plain[64];
  SynGame *game;
  int secret_steps = 0;

  syn_window_start_game (fixture->window, &options, NULL, TRUE);
  game = syn_window_get_game (fixture->window);
  start = screenshot (fixture, "transactional-computer-start.png");
  for (int square = 0; square < 64; square++)
    {
      int x, y;
      g_assert_true (square_point (fixture, square, &x, &y));
      plain[square] = square_pixel (start, x, y);
    }

  /* Eight turns, and more until the computer has kept a move secret: what it plays depends
   * on how long it may think, so on the machine's load. */
  for (int round = 0; round < 24 && !syn_game_is_over (game) && (round < 8 || secret_steps == 0);
       round++)
    {
      g_autofree char *name = g_strdup_printf ("transactional-computer-%d.png", round + 1);
      g_autoptr (Picture) picture = NULL;
      AppTestTurnWait wait;
      const SynTurn *turn;
      SynChoice theirs;

      play_white_commit (fixture, rand);
      wait = (AppTestTurnWait){ game, syn_game_get_n_turns (game) };
      if (!app_test_iterate_until (app_test_turn_done, &wait, TURN_TIMEOUT_MS))
        g_error ("the computer did not move within %d ms", TURN_TIMEOUT_MS);
      if (syn_game_is_over (game))
        break;
      turn = syn_game_get_turn (game, syn_game_get_n_turns (game) - 1);
      theirs = turn->choice[SYN_BLACK];
      g_assert_cmpuint (theirs, !=, SYN_CHOICE_NONE);
      if (!(theirs & SYN_CHOICE_COMMIT))
        secret_steps++;

      picture = screenshot (fixture, name);
      for (int square = 0; square < 64; square++)
        {
          int x, y;
          if (square_point (fixture, square, &x, &y)
              && square_pixel (picture, x, y) != plain[square])
            {
              char text[SYN_CHOICE_TEXT_SIZE], where[3];
              syn_variant_transactional.choice_to_text (&turn->before, theirs, text);
              syn_square_to_text (square, where);
              g_test_fail_printf ("%s: after the computer's %s the square %s is tinted", name, text,
                                  where);
              return;
            }
        }

      /* The move list's row of the computer's turn: "(hidden)", or what a commit
       * announced, never its move. */
      {
        g_autofree char *row = app_test_move_list_row (fixture->window, -1);
        char announcement[256];
        /* A commit of an empty transaction announces nothing (TX-R8), and reads as hidden. */
        if ((theirs & SYN_CHOICE_COMMIT)
            && syn_variant_transactional.announce (&turn->before, &turn->after, SYN_BLACK,
                                                   announcement, sizeof announcement))
          g_assert_nonnull (strstr (row, announcement));
        else
          g_assert_nonnull (strstr (row, "(hidden)"));
        /* A transaction number (T2, T4, …) would tell of its rollbacks. */
        g_assert_false (row[0] == 'T');
      }
    }
  /* Exploring the position or setting it up from here would open the referee's state, with
   * the computer's transaction in it (TX-R14): not before the end. */
  if (!syn_game_is_over (game))
    {
      guint windows = g_list_model_get_n_items (gtk_window_get_toplevels ());
      activate (fixture, "win.explore");
      activate (fixture, "win.edit-position");
      app_test_settle (200);
      g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, windows);
    }
  g_test_message ("%d of the computer's turns kept its move secret", secret_steps);
  /* Else the test could not have seen a secret shown. */
  g_assert_cmpint (secret_steps, >, 0);
}

/* Fog of war by two people (PSC-R12): each sees a board of its own, so once Black's choice
 * ends the turn the computer is handed over to White before White's board shows; Black,
 * still at the computer, sees nothing of White's view, whatever Black chose. */
static void
test_fog_hand_over_after_the_turn (Fixture *fixture, gconstpointer data)
{
  const char *moves[] = { "e7e5", "d7d5" };
  g_autoptr (Picture) first = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      SynNewGameOptions options = { &syn_variant_psc, { 0, 0 }, TRUE, SYN_PLAYER_HUMAN, SYN_WHITE };
      g_autofree char *name = g_strdup_printf ("fog-after-black-%s.png", moves[i]);
      g_autoptr (Picture) picture = NULL;

      syn_window_start_game (fixture->window, &options, NULL, TRUE);
      play_move (fixture, "e2e4");
      activate (fixture, "win.hand-over-done");
      play_move (fixture, moves[i]);
      g_assert_cmpuint (syn_game_get_n_turns (syn_window_get_game (fixture->window)), ==, 1);
      picture = screenshot (fixture, name);
      if (i == 0)
        {
          first = g_steal_pointer (&picture);
          continue;
        }
      if (!assert_same_pictures (first, picture, name))
        return;
    }
}

/* Fog of war against the computer (PSC-R12): the move list tells the person of the
 * computer's move only when its piece was seen leaving and arriving; else "(hidden)". */
static void
test_fog_computer_moves_unseen (Fixture *fixture, gconstpointer data)
{
  SynNewGameOptions options = { &syn_variant_psc, { 0, 0 }, TRUE, SYN_PLAYER_COMPUTER, SYN_WHITE };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261127);
  g_autoptr (Picture) last = NULL;
  SynGame *game;
  int unseen = 0;

  syn_window_start_game (fixture->window, &options, NULL, TRUE);
  game = syn_window_get_game (fixture->window);
  for (int round = 0; round < 12 && !syn_game_is_over (game); round++)
    {
      SynBoardFacts facts;
      AppTestTurnWait wait = { game, syn_game_get_n_turns (game) };
      char text[SYN_MOVE_TEXT_SIZE];
      const SynTurn *turn;
      SynMove theirs;
      g_autofree char *row = NULL;
      g_autofree char *notation = NULL;
      gboolean seen;

      syn_game_get_facts (game, wait.turns, SYN_WHITE, &facts);
      g_assert_cmpint (facts.n_moves, >, 0);
      syn_move_to_text (facts.moves[g_rand_int_range (rand, 0, facts.n_moves)], text);
      play_move (fixture, text);
      if (!app_test_iterate_until (app_test_turn_done, &wait, TURN_TIMEOUT_MS))
        g_error ("the computer did not move within %d ms", TURN_TIMEOUT_MS);
      if (syn_game_get_n_turns (game) == wait.turns)
        break;
      turn = syn_game_get_turn (game, wait.turns);
      theirs = SYN_CHOICE_MOVE (turn->choice[SYN_BLACK]);
      seen
          = (syn_variant_psc.visible (&turn->before, SYN_WHITE) & syn_bit (syn_move_from (theirs)))
            && (syn_variant_psc.visible (&turn->after, SYN_WHITE) & syn_bit (syn_move_to (theirs)));
      notation = syn_notation_describe (&syn_variant_psc, &turn->before, SYN_BLACK,
                                        turn->choice[SYN_BLACK]);
      app_test_settle (50);
      row = app_test_move_list_row (fixture->window, -1);
      if (seen)
        continue;
      unseen++;
      g_assert_nonnull (strstr (row, "(hidden)"));
      /* The row is the turn number, White's move and Black's. */
      {
        g_auto (GStrv) words = g_strsplit (row, " ", -1);
        for (int i = 1; words[i]; i++)
          g_assert_cmpstr (words[i], !=, notation);
      }
    }
  /* The game's state holds the whole board: neither window may open on it (PSC-R12). */
  if (!syn_game_is_over (game))
    {
      guint windows = g_list_model_get_n_items (gtk_window_get_toplevels ());
      activate (fixture, "win.explore");
      activate (fixture, "win.edit-position");
      app_test_settle (200);
      g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, windows);
    }
  g_clear_pointer (&last, picture_free);
  last = screenshot (fixture, "fog-computer.png");
  g_test_message ("%d of the computer's moves were hidden in the fog", unseen);
  g_assert_cmpint (unseen, >, 0);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add ("/app/secrets/hand-over/shows-nothing-of-the-choice", Fixture, NULL, fixture_set_up,
              test_hand_over_shows_nothing_of_the_choice, fixture_tear_down);
  g_test_add ("/app/secrets/hand-over/transactional-shows-nothing", Fixture, NULL, fixture_set_up,
              test_transactional_hand_over_shows_nothing, fixture_tear_down);
  g_test_add ("/app/secrets/transactional/computer-moves-unseen", Fixture, NULL, fixture_set_up,
              test_transactional_computer_moves_unseen, fixture_tear_down);
  g_test_add ("/app/secrets/fog/computer-moves-unseen", Fixture, NULL, fixture_set_up,
              test_fog_computer_moves_unseen, fixture_tear_down);
  g_test_add ("/app/secrets/fog/hand-over-after-the-turn", Fixture, NULL, fixture_set_up,
              test_fog_hand_over_after_the_turn, fixture_tear_down);
#ifdef GDK_WINDOWING_X11
  g_test_add ("/app/secrets/hand-over/real-clicks", Fixture, NULL, fixture_set_up,
              test_hand_over_real_clicks, fixture_tear_down);
#endif
  return g_test_run ();
}
