/* test-session.c: a session drives a game: the computer moves at every turn, every turn is
 * autosaved, and a game set aside is no longer offered for resuming.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>

#include "syn-record.h"
#include "syn-session.h"

static SynGame *
new_game (SynPlayerKind white, SynPlayerKind black)
{
  SynGame *game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  syn_game_set_player (game, SYN_WHITE, white, "White");
  syn_game_set_player (game, SYN_BLACK, black, "Black");
  return game;
}

static GFile *
autosave_file (SynGame *game)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (syn_game_get_id (game), ".synchess", NULL);
  return g_file_get_child (dir, name);
}

/* side chooses the move given as UCI text; it must be legal. */
static void
choose (SynGame *game, SynColour side, const char *text)
{
  g_autoptr (GError) error = NULL;
  SynChoice choice
      = syn_variant_choice_from_text (&syn_variant_psc, syn_game_get_state (game), side, text);

  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  g_assert_true (syn_game_choose (game, side, choice, &error));
  g_assert_no_error (error);
}

static void
wait_for (SynGame *game, guint turns)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (syn_game_get_n_turns (game) < turns && !syn_game_is_over (game))
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }
}

static void
test_no_autosave_before_the_first_turn (void)
{
  g_autoptr (SynGame) game = new_game (SYN_PLAYER_HUMAN, SYN_PLAYER_HUMAN);
  g_autoptr (SynSession) session = syn_session_new (game, TRUE);
  g_autoptr (GFile) file = autosave_file (game);

  syn_session_start (session);
  g_assert_false (g_file_query_exists (file, NULL));
}

static void
test_autosaves_every_turn (void)
{
  g_autoptr (SynGame) game = new_game (SYN_PLAYER_HUMAN, SYN_PLAYER_HUMAN);
  g_autoptr (SynSession) session = syn_session_new (game, TRUE);
  g_autoptr (GFile) file = autosave_file (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) saved = NULL;

  syn_session_start (session);
  choose (game, SYN_WHITE, "e2e4");
  choose (game, SYN_BLACK, "d7d5");
  saved = syn_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
}

static void
test_computer_plays_both_sides_to_the_end (void)
{
  g_autoptr (SynGame) game = new_game (SYN_PLAYER_COMPUTER, SYN_PLAYER_COMPUTER);
  g_autoptr (SynSession) session = syn_session_new (game, TRUE);
  g_autoptr (GFile) file = autosave_file (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) saved = NULL;

  syn_session_start (session);
  wait_for (game, G_MAXUINT);
  g_assert_true (syn_game_is_over (game));
  g_assert_nonnull (syn_game_get_reason (game));
  /* The finished game is on disk as it ended. */
  saved = syn_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_true (syn_game_is_over (saved));
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, syn_game_get_n_turns (game));
}

static void
test_set_aside_is_not_offered_again (void)
{
  g_autoptr (SynGame) game = new_game (SYN_PLAYER_HUMAN, SYN_PLAYER_COMPUTER);
  g_autoptr (SynSession) session = syn_session_new (game, TRUE);
  g_autoptr (GFile) file = autosave_file (game);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) found = NULL;
  g_autoptr (SynGame) after = NULL;

  syn_session_start (session);
  choose (game, SYN_WHITE, "e2e4");
  wait_for (game, 1);
  syn_session_stop (session);
  found = syn_record_find_unfinished (&error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpstr (syn_game_get_id (found), ==, syn_game_get_id (game));

  g_assert_true (syn_record_set_aside (found, &error));
  g_assert_false (g_file_query_exists (file, NULL));
  after = syn_record_find_unfinished (&error);
  g_assert_no_error (error);
  g_assert_true (after == NULL || g_strcmp0 (syn_game_get_id (after), syn_game_get_id (game)) != 0);
}

/* Against a person the computer thinks while they do (PSC-R11: no clock runs while
 * neither side has chosen) and never chooses first: after three seconds, twice its budget
 * (1.5 s without a clock), it has still not chosen; once the person has, it plays within
 * that budget. */
static void
test_computer_chooses_after_the_person (void)
{
  g_autoptr (SynGame) game = new_game (SYN_PLAYER_HUMAN, SYN_PLAYER_COMPUTER);
  g_autoptr (SynSession) session = syn_session_new (game, FALSE);
  gint64 start = g_get_monotonic_time (), chosen_at;

  syn_session_set_computer_level (session, SYN_COMPUTER_FULL);
  syn_session_start (session);
  while (g_get_monotonic_time () - start < 3 * G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
    }
  choose (game, SYN_WHITE, "e2e4");
  chosen_at = g_get_monotonic_time ();
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);
  wait_for (game, 1);
  g_test_message ("the computer chose %.3f s after the person",
                  (g_get_monotonic_time () - chosen_at) / 1e6);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  /* Generous for a loaded machine: the budget is 1.5 s. */
  g_assert_cmpint (g_get_monotonic_time () - chosen_at, <, 10 * G_USEC_PER_SEC);
  /* The next turn the same. */
  g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
}

/* Against the computer the person's last whole turn goes back, with the clocks as they
 * stood; never while the person's own move for this turn is chosen and secret, and never
 * between two people. The session is not started: the test plays the computer's side. */
static void
test_take_back (void)
{
  SynTimeControl tc = { 180000, 2000 };
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, &tc, FALSE);
  g_autoptr (SynGame) people = new_game (SYN_PLAYER_HUMAN, SYN_PLAYER_HUMAN);
  g_autoptr (SynSession) session = NULL;
  g_autoptr (SynSession) between_people = syn_session_new (people, FALSE);
  g_autoptr (SynSession) back = NULL;
  g_autoptr (GError) error = NULL;
  SynGame *shorter;
  char fen_now[128], fen_then[128];

  syn_game_set_player (game, SYN_WHITE, SYN_PLAYER_HUMAN, "Person");
  syn_game_set_player (game, SYN_BLACK, SYN_PLAYER_COMPUTER, "Computer");
  session = syn_session_new (game, FALSE);
  g_assert_false (syn_session_can_take_back (session, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  choose (game, SYN_WHITE, "e2e4");
  choose (game, SYN_BLACK, "e7e5");
  choose (game, SYN_BLACK, "d7d5");
  choose (game, SYN_WHITE, "d2d4");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
  choose (game, SYN_WHITE, "g1f3");
  /* White's third move is chosen, Black's is not: it stays as it is. */
  g_assert_false (syn_session_can_take_back (session, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_BUSY);
  g_clear_error (&error);
  g_assert_null (syn_session_take_back (session, NULL));
  choose (game, SYN_BLACK, "g8f6");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 3);

  back = syn_session_take_back (session, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  shorter = syn_session_get_game (back);
  g_assert_cmpuint (syn_game_get_n_turns (shorter), ==, 2);
  g_assert_cmpstr (syn_game_get_id (shorter), ==, syn_game_get_id (game));
  syn_variant_psc.write_state (syn_game_get_state (shorter), fen_now, sizeof fen_now);
  syn_variant_psc.write_state (&syn_game_get_turn (game, 1)->after, fen_then, sizeof fen_then);
  g_assert_cmpstr (fen_now, ==, fen_then);
  g_assert_cmpint (syn_clock_get_remaining_ms (syn_game_get_clock (shorter), SYN_WHITE), ==,
                   syn_game_get_turn (game, 1)->remaining_ms[SYN_WHITE]);
  g_assert_false (syn_game_has_chosen (shorter, SYN_WHITE));

  choose (people, SYN_WHITE, "e2e4");
  choose (people, SYN_BLACK, "e7e5");
  g_assert_false (syn_session_can_take_back (between_people, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

/* Taken back to its start, the game leaves no autosave that would offer the lost turn. */
static void
test_take_back_to_start_leaves_no_autosave (void)
{
  g_autoptr (SynGame) game = new_game (SYN_PLAYER_HUMAN, SYN_PLAYER_COMPUTER);
  g_autoptr (SynSession) session = syn_session_new (game, TRUE);
  g_autoptr (SynSession) back = NULL;
  g_autoptr (GFile) file = autosave_file (game);

  choose (game, SYN_WHITE, "e2e4");
  choose (game, SYN_BLACK, "e7e5");
  g_assert_true (g_file_query_exists (file, NULL));
  back = syn_session_take_back (session, NULL);
  g_assert_nonnull (back);
  g_assert_cmpuint (syn_game_get_n_turns (syn_session_get_game (back)), ==, 0);
  g_assert_false (g_file_query_exists (file, NULL));
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("synchess-test-session-XXXXXX", NULL);

  /* Before anything reads it: autosaves must not touch the real data folder. */
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/session/no-autosave-before-the-first-turn",
                   test_no_autosave_before_the_first_turn);
  g_test_add_func ("/game/session/autosaves-every-turn", test_autosaves_every_turn);
  g_test_add_func ("/game/session/take-back", test_take_back);
  g_test_add_func ("/game/session/computer-chooses-after-the-person",
                   test_computer_chooses_after_the_person);
  g_test_add_func ("/game/session/take-back-to-start-leaves-no-autosave",
                   test_take_back_to_start_leaves_no_autosave);
  g_test_add_func ("/game/session/computer-plays-both-sides-to-the-end",
                   test_computer_plays_both_sides_to_the_end);
  g_test_add_func ("/game/session/set-aside-is-not-offered-again",
                   test_set_aside_is_not_offered_again);
  return g_test_run ();
}
