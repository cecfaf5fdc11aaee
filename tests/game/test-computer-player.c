/* test-computer-player.c: the simple computer player: legal, greedy in the documented order,
 * repeatable with a seed, and asynchronous without blocking or outliving a cancel.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "psc.h"
#include "syn-computer-player.h"
#include "syn-game.h"
#include "transactional.h"

/* White's Qd3-h3 or Qd3-d8 freezes the king on h8 with Ra8; Kxe2 and Qxe2 capture a knight. */
#define FEN_KING_FREEZE_OR_CAPTURE "R6k/1p6/8/8/8/3Q4/4n3/4K3 w - - 0 1"
/* White may capture the frozen queen on e5 (Qb2 or Re1) or the frozen pawn on h5 (Ng3 or
 * Rh1); no move freezes the king on a8. */
#define FEN_QUEEN_OR_PAWN "k7/8/8/4q2p/8/6N1/1Q6/K3R2R w - - 0 1"
/* Black's king is frozen already: the game is over (PSC-R10). */
#define FEN_FINISHED "R6k/1p6/8/8/8/7Q/8/4K3 w - - 0 1"

static SynState
state_from_fen (const char *fen)
{
  SynState state;
  SynFenError error;

  if (!syn_variant_psc.read_state (fen, &state, &error))
    g_error ("%s: %s", fen, error.message);
  return state;
}

static gboolean
is_choice (const SynState *state, SynColour side, SynChoice choice)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = syn_variant_psc.choices (state, side, choices);
  for (int i = 0; i < n; i++)
    if (choices[i] == choice)
      return TRUE;
  return FALSE;
}

static char *
choice_text (const SynState *state, SynChoice choice)
{
  char text[SYN_CHOICE_TEXT_SIZE];

  syn_variant_psc.choice_to_text (state, choice, text);
  return g_strdup (text);
}

/* Whole games between two computer players: every choice is accepted by the game. */
static void
test_always_legal (void)
{
  for (guint32 seed = 1; seed <= 8; seed++)
    {
      g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);

      for (guint turn = 0; turn < 400 && !syn_game_is_over (game); turn++)
        for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
          {
            g_autoptr (GError) error = NULL;
            SynChoice choice = syn_computer_player_choose (
                &syn_variant_psc, syn_game_get_state (game), (SynColour) side, seed * 1000 + turn);

            g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
            g_assert_true (syn_game_choose (game, (SynColour) side, choice, &error));
            g_assert_no_error (error);
          }
    }
}

/* First preference: a move after which the enemy king is frozen, over any capture. */
static void
test_prefers_king_freeze (void)
{
  SynState state = state_from_fen (FEN_KING_FREEZE_OR_CAPTURE);

  for (guint32 seed = 0; seed < 20; seed++)
    {
      SynChoice choice = syn_computer_player_choose (&syn_variant_psc, &state, SYN_WHITE, seed);
      g_autofree char *text = choice_text (&state, choice);
      SynState after;
      SynPscControl ctl;

      g_assert_true (g_str_equal (text, "d3h3") || g_str_equal (text, "d3d8"));
      /* The black king is frozen after the move, whatever Black does but move it (PSC-R3). */
      syn_variant_psc.apply (
          &state, choice,
          syn_variant_choice_from_text (&syn_variant_psc, &state, SYN_BLACK, "b7b6"), &after);
      syn_psc_control (&after.board, &ctl);
      g_assert_true (ctl.frozen & syn_position_pieces (&after.board, SYN_BLACK, SYN_KING));
    }
}

/* Second preference: the capture of the most valuable piece. */
static void
test_prefers_richest_capture (void)
{
  SynState state = state_from_fen (FEN_QUEEN_OR_PAWN);

  for (guint32 seed = 0; seed < 20; seed++)
    {
      SynChoice choice = syn_computer_player_choose (&syn_variant_psc, &state, SYN_WHITE, seed);
      g_autofree char *text = choice_text (&state, choice);

      g_assert_true (g_str_equal (text, "b2e5") || g_str_equal (text, "e1e5"));
    }
}

/* The same seed gives the same choice; other seeds pick among equals. */
static void
test_repeatable_with_seed (void)
{
  SynState state = state_from_fen (SYN_FEN_START);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint32 seed = 0; seed < 50; seed++)
    {
      SynChoice a = syn_computer_player_choose (&syn_variant_psc, &state, SYN_BLACK, seed);
      SynChoice b = syn_computer_player_choose (&syn_variant_psc, &state, SYN_BLACK, seed);

      g_assert_cmpuint (a, ==, b);
      g_hash_table_add (seen, GUINT_TO_POINTER (a));
    }
  g_assert_cmpuint (g_hash_table_size (seen), >, 1);
}

static void
test_nothing_to_choose_when_over (void)
{
  SynState state = state_from_fen (FEN_FINISHED);

  g_assert_cmpuint (syn_computer_player_choose (&syn_variant_psc, &state, SYN_WHITE, 1), ==,
                    SYN_CHOICE_NONE);
}

typedef struct
{
  GMainLoop *loop;
  SynChoice choice;
  GError *error;
  gboolean done;
} Wait;

static void
on_chosen_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Wait *wait = user_data;

  wait->choice = syn_computer_player_choose_finish (result, &wait->error);
  wait->done = TRUE;
  g_main_loop_quit (wait->loop);
}

static gboolean
on_timeout_cb (gpointer user_data)
{
  g_error ("the computer player did not answer");
  return G_SOURCE_REMOVE;
}

static void
wait_for_answer (Wait *wait)
{
  guint timeout = g_timeout_add_seconds (30, on_timeout_cb, NULL);

  if (!wait->done)
    g_main_loop_run (wait->loop);
  g_source_remove (timeout);
}

/* The thread's answer is the one the calling thread would compute, and comes back through
 * the main loop, never at once. */
static void
test_async_completes (void)
{
  SynState state = state_from_fen (FEN_QUEEN_OR_PAWN);
  Wait wait = { g_main_loop_new (NULL, FALSE), SYN_CHOICE_NONE, NULL, FALSE };

  syn_computer_player_choose_async (&syn_variant_psc, &state, SYN_WHITE, 7, NULL, on_chosen_cb,
                                    &wait);
  g_assert_false (wait.done);
  /* The player works on a copy: the caller may change its state at once. */
  state = state_from_fen (SYN_FEN_START);
  wait_for_answer (&wait);
  g_assert_no_error (wait.error);
  state = state_from_fen (FEN_QUEEN_OR_PAWN);
  g_assert_cmpuint (wait.choice, ==,
                    syn_computer_player_choose (&syn_variant_psc, &state, SYN_WHITE, 7));
  g_main_loop_unref (wait.loop);
}

static void
test_async_cancellable (void)
{
  SynState state = state_from_fen (SYN_FEN_START);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Wait wait = { g_main_loop_new (NULL, FALSE), SYN_CHOICE_NONE, NULL, FALSE };

  syn_computer_player_choose_async (&syn_variant_psc, &state, SYN_WHITE, 7, cancellable,
                                    on_chosen_cb, &wait);
  g_cancellable_cancel (cancellable);
  wait_for_answer (&wait);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (wait.choice, ==, SYN_CHOICE_NONE);
  g_clear_error (&wait.error);
  g_main_loop_unref (wait.loop);
}

typedef struct
{
  GMainLoop *loop;
  SynChoice choice;
  GError *error;
  gboolean done;
  gint64 answered_at;
} Search;

static void
on_searched_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Search *search = user_data;

  search->choice = syn_computer_player_search_finish (result, &search->error);
  search->answered_at = g_get_monotonic_time ();
  search->done = TRUE;
  g_main_loop_quit (search->loop);
}

static gboolean
on_quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/* The strong player with a minute to think, cancelled after a tenth of a second: the search
 * on the worker thread stops within milliseconds (the task only answers once its thread has
 * returned), not at the end of its minute. */
static void
test_search_cancel_stops_the_worker (void)
{
  SynState state
      = state_from_fen ("r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12");
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Search search = { g_main_loop_new (NULL, FALSE), SYN_CHOICE_NONE, NULL, FALSE, 0 };
  gint64 cancelled_at;
  guint timeout;

  syn_computer_player_search_async (&syn_variant_psc, &state, SYN_WHITE, SYN_COMPUTER_FULL, 60000,
                                    7, cancellable, on_searched_cb, &search);
  g_timeout_add (100, on_quit_cb, search.loop);
  g_main_loop_run (search.loop);
  g_assert_false (search.done);

  cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  timeout = g_timeout_add_seconds (30, on_timeout_cb, NULL);
  g_main_loop_run (search.loop);
  g_source_remove (timeout);
  g_test_message ("the worker answered %.3f ms after the cancel",
                  (search.answered_at - cancelled_at) / 1e3);
  g_assert_error (search.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* Generous, so that a loaded machine cannot fail it: it takes well under a millisecond. */
  g_assert_cmpint (search.answered_at - cancelled_at, <, 200 * 1000);
  g_clear_error (&search.error);
  g_main_loop_unref (search.loop);
}

/* Cancelled before the thread starts: it answers at once too. */
static void
test_search_cancelled_before_start (void)
{
  SynState state = state_from_fen (SYN_FEN_START);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Search search = { g_main_loop_new (NULL, FALSE), SYN_CHOICE_NONE, NULL, FALSE, 0 };
  gint64 cancelled_at = g_get_monotonic_time ();
  guint timeout;

  g_cancellable_cancel (cancellable);
  syn_computer_player_search_async (&syn_variant_psc, &state, SYN_BLACK, SYN_COMPUTER_FULL, 60000,
                                    7, cancellable, on_searched_cb, &search);
  timeout = g_timeout_add_seconds (30, on_timeout_cb, NULL);
  g_main_loop_run (search.loop);
  g_source_remove (timeout);
  g_assert_error (search.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (search.answered_at - cancelled_at, <, 200 * 1000);
  g_clear_error (&search.error);
  g_main_loop_unref (search.loop);
}

typedef struct
{
  GMainLoop *loop;
  SynChoice choice;
  int depth;
  gint64 answered_at;
} Pondered;

static void
on_pondered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Pondered *pondered = user_data;
  g_autoptr (GError) error = NULL;

  pondered->choice = syn_computer_player_ponder_finish (result, &pondered->depth, &error);
  g_assert_no_error (error);
  pondered->answered_at = g_get_monotonic_time ();
  g_main_loop_quit (pondered->loop);
}

static gboolean
on_hurry_cb (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

/* Thinking while the opponent does, hurried after hurry_ms (at once when 0): the depth it
 * reached. */
static int
ponder_depth (const SynState *state, guint hurry_ms)
{
  g_autoptr (GCancellable) hurry = g_cancellable_new ();
  Pondered pondered = { g_main_loop_new (NULL, FALSE), SYN_CHOICE_NONE, 0, 0 };
  gint64 start = g_get_monotonic_time ();
  guint timeout = g_timeout_add_seconds (60, on_timeout_cb, NULL);

  if (hurry_ms == 0)
    g_cancellable_cancel (hurry);
  syn_computer_player_ponder_async (&syn_variant_psc, state, SYN_WHITE, SYN_COMPUTER_FULL, 7, NULL,
                                    0, hurry, NULL, on_pondered_cb, &pondered);
  if (hurry_ms > 0)
    g_timeout_add (hurry_ms, on_hurry_cb, hurry);
  g_main_loop_run (pondered.loop);
  g_source_remove (timeout);
  g_test_message ("hurried after %u ms: depth %d, answered after %.3f s", hurry_ms, pondered.depth,
                  (pondered.answered_at - start) / 1e6);
  /* It thinks until hurried: the full level's depth is far off. */
  g_assert_cmpint (pondered.answered_at - start, >=, (gint64) hurry_ms * 1000);
  g_assert_true (is_choice (state, SYN_WHITE, pondered.choice));
  g_main_loop_unref (pondered.loop);
  return pondered.depth;
}

/* An opponent who thinks two seconds before choosing gives the computer a search at least
 * as deep as one who chooses at once (the computer then has its budget, here 0.3 s). */
static void
test_ponder_deepens_while_the_opponent_thinks (void)
{
  SynState state
      = state_from_fen ("r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12");
  int at_once = ponder_depth (&state, 300), later = ponder_depth (&state, 2300);

  g_assert_cmpint (at_once, >=, 1);
  g_assert_cmpint (later, >=, at_once);
  /* Hurried before it started, it still searches one turn rather than draw blindly. */
  g_assert_cmpint (ponder_depth (&state, 0), ==, 1);
}

/* The strong player never thinks longer than a small share of its clock. */
static void
test_time_budget_respects_the_clock (void)
{
  g_assert_cmpint (syn_computer_player_time_budget (-1, 0), ==, 1500);
  g_assert_cmpint (syn_computer_player_time_budget (10000, 0), ==, 500);
  g_assert_cmpint (syn_computer_player_time_budget (1000, 0), ==, 100);
  g_assert_cmpint (syn_computer_player_time_budget (180000, 2000), ==, 1500);
  g_assert_cmpint (syn_computer_player_time_budget (20000, 4000), ==, 1500);
  g_assert_cmpint (syn_computer_player_time_budget (20000, 400), ==, 1300);
}

/* TX-E3's position, black (the computer) to move: white's rook stands on a1 in the committed
 * view, but white's pending a1a7 would make every black commit onto the seventh rank a
 * commit into a hidden attack (TX-R10). Black's program may not know of a1a7 (TX-R15), so
 * the same public state, with or without it, must give the same choice for every seed. */
#define FEN_TX_PENDING_ROOK "4k3/8/8/8/8/8/8/R3K3 b Q - 1 1 T1:a1a7 T2:-"
#define FEN_TX_NO_PENDING "4k3/8/8/8/8/8/8/R3K3 b Q - 1 1 T1:- T2:-"

static SynChoice
search_choice (const SynVariant *variant, const SynState *state, SynColour side, guint32 seed)
{
  Search search = { g_main_loop_new (NULL, FALSE), SYN_CHOICE_NONE, NULL, FALSE, 0 };
  guint timeout = g_timeout_add_seconds (30, on_timeout_cb, NULL);

  syn_computer_player_search_async (variant, state, side, SYN_COMPUTER_MEDIUM, 100, seed, NULL,
                                    on_searched_cb, &search);
  g_main_loop_run (search.loop);
  g_source_remove (timeout);
  g_assert_no_error (search.error);
  g_main_loop_unref (search.loop);
  return search.choice;
}

/* One search after another, the strong player works in one workspace: tens of megabytes
 * are not allocated again for every move. */
static void
test_search_reuses_its_workspace (void)
{
  SynState state;
  SynFenError error;
  guint before;

  g_assert_true (syn_variant_psc.read_state (syn_variant_psc.start_fen, &state, &error));
  search_choice (&syn_variant_psc, &state, SYN_WHITE, 1);
  before = syn_computer_player_n_workspaces ();
  g_assert_cmpuint (before, >=, 1);
  for (guint32 seed = 2; seed < 6; seed++)
    search_choice (&syn_variant_psc, &state, SYN_WHITE, seed);
  g_assert_cmpuint (syn_computer_player_n_workspaces (), ==, before);
}

static void
test_tx_plays_on_its_own_view (void)
{
  SynState pending, plain;
  SynFenError error;

  if (!syn_variant_transactional.read_state (FEN_TX_PENDING_ROOK, &pending, &error))
    g_error ("%s: %s", FEN_TX_PENDING_ROOK, error.message);
  if (!syn_variant_transactional.read_state (FEN_TX_NO_PENDING, &plain, &error))
    g_error ("%s: %s", FEN_TX_NO_PENDING, error.message);

  for (guint32 seed = 1; seed <= 64; seed++)
    {
      SynChoice seen = search_choice (&syn_variant_transactional, &pending, SYN_BLACK, seed);
      SynChoice unseen = search_choice (&syn_variant_transactional, &plain, SYN_BLACK, seed);
      g_assert_cmpuint (seen, ==, unseen);
      g_assert_cmpuint (
          syn_computer_player_choose (&syn_variant_transactional, &pending, SYN_BLACK, seed), ==,
          syn_computer_player_choose (&syn_variant_transactional, &plain, SYN_BLACK, seed));
    }
}

/* TX-R6 at one computer: every legal move of the computer's side is refused, which only the
 * referee knows; its program is told "no move" and passes. Black's king may take any of the
 * three knights beside it, but each has left its square in white's open transaction, which
 * locks it (TX-R5). */
#define FEN_TX_ALL_REFUSED "kN6/NN6/8/8/8/8/8/4K3 b - - 3 2 T1:a7c8,b7d6,b8c6 T2:-"

static void
test_tx_passes_when_every_move_is_refused (void)
{
  SynState state;
  SynFenError error;
  SynChoice choice;

  if (!syn_variant_transactional.read_state (FEN_TX_ALL_REFUSED, &state, &error))
    g_error ("%s: %s", FEN_TX_ALL_REFUSED, error.message);
  choice = search_choice (&syn_variant_transactional, &state, SYN_BLACK, 3);
  g_assert_cmpuint (SYN_CHOICE_MOVE (choice), ==, SYN_MOVE_NONE);
  g_assert_true ((choice & SYN_CHOICE_PASS) != 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/computer-player/always-legal", test_always_legal);
  g_test_add_func ("/game/computer-player/search-reuses-its-workspace",
                   test_search_reuses_its_workspace);
  g_test_add_func ("/game/computer-player/transactional/plays-on-its-own-view",
                   test_tx_plays_on_its_own_view);
  g_test_add_func ("/game/computer-player/transactional/passes-when-every-move-is-refused",
                   test_tx_passes_when_every_move_is_refused);
  g_test_add_func ("/game/computer-player/prefers-king-freeze", test_prefers_king_freeze);
  g_test_add_func ("/game/computer-player/prefers-richest-capture", test_prefers_richest_capture);
  g_test_add_func ("/game/computer-player/repeatable-with-seed", test_repeatable_with_seed);
  g_test_add_func ("/game/computer-player/nothing-to-choose-when-over",
                   test_nothing_to_choose_when_over);
  g_test_add_func ("/game/computer-player/async-completes", test_async_completes);
  g_test_add_func ("/game/computer-player/async-cancellable", test_async_cancellable);
  g_test_add_func ("/game/computer-player/search-cancel-stops-the-worker",
                   test_search_cancel_stops_the_worker);
  g_test_add_func ("/game/computer-player/search-cancelled-before-start",
                   test_search_cancelled_before_start);
  g_test_add_func ("/game/computer-player/ponder-deepens-while-the-opponent-thinks",
                   test_ponder_deepens_while_the_opponent_thinks);
  g_test_add_func ("/game/computer-player/time-budget-respects-the-clock",
                   test_time_budget_respects_the_clock);
  return g_test_run ();
}
