/* test-variants.c: two SynPeers over 127.0.0.1 play whole games of the rule sets beyond PSC
 * (Synchrone, HK, Hutnik): a side the rules ask nothing of commits to "-" by itself, HK's
 * passes travel as "0000", Hutnik's seed is a coin flip of both sides (HUT-R10), and a
 * Transactional game is played on two player states with sealed turns, lock questions and
 * an audit at the end (TX-R15 to R17).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "net-test-util.h"
#include "hutnik.h"
#include "syn-net-game.h"

/* Random play may go on for long: past this many steps the host resigns. */
#define MAX_STEPS 300

static char *test_dir;

typedef struct
{
  guint steps;
  guint waits; /* steps where one side waited */
} StepCount;

static void
count_step (SynPeer *peer, StepCount *count)
{
  SynGame *game = syn_peer_get_game (peer);
  const SynVariant *variant = syn_game_get_variant (game);
  SynChoice choices[SYN_MAX_CHOICES];

  if (syn_game_is_over (game))
    return;
  count->steps++;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (variant->choices (syn_game_get_state (game), (SynColour) side, choices) == 0)
      count->waits++;
}

static void
on_turn_completed_cb (SynPeer *peer, guint index, StepCount *count)
{
  count_step (peer, count);
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, StepCount *count)
{
  count_step (peer, count);
}

static void
test_game (gconstpointer data)
{
  const SynVariant *variant = syn_variant_lookup (data);
  SynPeerOptions options = { variant, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;
  StepCount count = { 0 };
  SynGame *host_game, *guest_game;

  g_assert_nonnull (variant);
  pair = net_pair_new ("127.0.0.1", &options);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = MAX_STEPS;
  g_signal_connect (pair->host, "game-started", G_CALLBACK (on_game_started_cb), &count);
  g_signal_connect (pair->host, "turn-completed", G_CALLBACK (on_turn_completed_cb), &count);
  net_pair_connect (pair);
  net_pair_play_out (pair);
  g_signal_handlers_disconnect_by_data (pair->host, &count);

  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  g_assert_true (syn_game_get_variant (host_game) == variant);
  g_assert_true (syn_game_get_variant (guest_game) == variant);
  g_assert_true (syn_game_is_over (host_game));
  g_assert_cmpint (syn_game_get_result (host_game), ==, syn_game_get_result (guest_game));
  net_assert_same_game (host_game, guest_game);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
  g_test_message ("%s: %u steps, %u of them with a side waiting, %s", variant->id,
                  syn_game_get_n_turns (host_game), count.waits, syn_game_get_reason (host_game));
  g_assert_cmpuint (syn_game_get_n_turns (host_game), >, 0);
}

/* HUT-R10: the seed is drawn afresh for each game, the same on both sides (the records
 * compared in test_game carry it in their FEN); two games almost surely differ. */
static void
test_hutnik_seeds_differ (void)
{
  SynPeerOptions options = { &syn_variant_hutnik, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  g_autoptr (GError) error = NULL;
  guint64 seeds[2];

  pair->host_bot->paused = pair->guest_bot->paused = TRUE;
  for (int game = 0; game < 2; game++)
    {
      SynGame *host_game, *guest_game;

      if (game == 0)
        net_pair_connect (pair);
      else
        {
          pair->host_bot->started = pair->guest_bot->started = FALSE;
          g_assert_true (syn_peer_propose_game (pair->host, &error));
          g_assert_no_error (error);
          net_test_wait (&pair->guest_bot->started, 20, "the guest's game");
          net_test_wait (&pair->host_bot->started, 20, "the host's game");
        }
      host_game = syn_peer_get_game (pair->host);
      guest_game = syn_peer_get_game (pair->guest);
      seeds[game] = syn_game_get_start (host_game)->rules.hutnik.seed;
      g_assert_cmphex (seeds[game], ==, syn_game_get_start (guest_game)->rules.hutnik.seed);
      /* HUT-R9: the first holder of the token follows from the seed. */
      g_assert_cmpint (syn_game_get_start (host_game)->board.side_to_move, ==,
                       syn_hutnik_first_holder (seeds[game]));
      net_assert_same_game (host_game, guest_game);
      g_assert_true (syn_peer_resign (pair->host, &error));
      g_assert_no_error (error);
      net_pair_wait (pair, net_pair_both_over, "the resignation");
      pair->host_bot->games_over = pair->guest_bot->games_over = 0;
    }
  g_assert_cmphex (seeds[0], !=, seeds[1]);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
}

/* The protocol names the rule sets that draw lots itself: it must name those with a seed. */
static void
test_draws_lots_matches_table (void)
{
  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    g_assert_cmpint (syn_protocol_variant_draws_lots ((*v)->id), ==, (*v)->seed != NULL);
}

/* Transactional (TX-R15 to R17) ---------------------------------------------------------- */

/* How many of the other side's turns this side saw commit, and that it saw none otherwise. */
static guint
count_sealed_commits (SynGame *game, SynColour viewer)
{
  guint commits = 0;

  for (guint i = 0; i < syn_game_get_n_turns (game); i++)
    {
      SynChoice theirs = syn_game_get_turn (game, i)->choice[!viewer];
      if (theirs == SYN_CHOICE_NONE)
        continue;
      g_assert_cmphex (theirs & ~SYN_CHOICE_COMMIT, ==, SYN_CHOICE_SEALED);
      commits += (theirs & SYN_CHOICE_COMMIT) != 0;
    }
  return commits;
}

/* TX-E1's start after two pending moves, and TX-E3's start, none pending. */
#define TX_E1_AFTER "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5"
#define TX_E3_START "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-"

/* TX-R15 to R17: two programs play a whole game, each on its own player state: the lock
 * questions go to the other program, the mover's turn travels sealed, and the audit at the
 * end finds both honest. */
static void
test_transactional_game (gconstpointer start_fen)
{
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;
  NetAuditCount audits = { 0 };
  SynGame *host_game, *guest_game;
  SynColour host_colour, guest_colour;

  if (start_fen)
    g_strlcpy (options.start_fen, start_fen, sizeof options.start_fen);
  pair = net_pair_new ("127.0.0.1", &options);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = MAX_STEPS;
  net_audit_count_connect (&audits, pair);
  net_pair_connect (pair);
  net_pair_play_out (pair);
  net_audit_count_wait (&audits, pair);

  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  host_colour = syn_peer_get_colour (pair->host);
  guest_colour = syn_peer_get_colour (pair->guest);
  g_assert_cmpuint (audits.audits, ==, 2);
  g_assert_cmpuint (audits.clean, ==, 2);
  g_assert_cmpint (syn_game_get_result (host_game), ==, syn_game_get_result (guest_game));
  g_assert_cmpstr (syn_game_get_reason (host_game), ==, syn_game_get_reason (guest_game));
  g_assert_cmpuint (syn_game_get_n_turns (host_game), ==, syn_game_get_n_turns (guest_game));
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
  /* Neither program ever held the other's transaction (TX-R15). */
  g_assert_cmpuint (syn_game_get_state (host_game)->rules.tx.hidden, ==, 1u << guest_colour);
  g_assert_cmpuint (syn_game_get_state (guest_game)->rules.tx.hidden, ==, 1u << host_colour);
  /* The committed views agree. */
  g_assert_cmpmem (syn_game_get_state (host_game)->board.board, 64,
                   syn_game_get_state (guest_game)->board.board, 64);
  g_test_message ("transactional: %u turns, %s {%s}; the host saw %u commits of the guest's, "
                  "the guest %u of the host's; %u and %u moves refused",
                  syn_game_get_n_turns (host_game),
                  syn_result_to_text (syn_game_get_result (host_game)),
                  syn_game_get_reason (host_game), count_sealed_commits (host_game, host_colour),
                  count_sealed_commits (guest_game, guest_colour), pair->host_bot->refusals,
                  pair->guest_bot->refusals);
  g_assert_cmpuint (count_sealed_commits (host_game, host_colour)
                        + count_sealed_commits (guest_game, guest_colour),
                    >, 0);
}

static void
on_game_over_hang_up_cb (SynPeer *peer, gpointer data)
{
  syn_peer_disconnect (peer);
}

static gboolean
host_disconnected (NetPair *pair)
{
  return pair->host_bot->disconnected;
}

/* TX-R17: a connection that ends before the other side's audit came leaves the result
 * unchecked, and the player is told so rather than told nothing. */
static void
test_transactional_audit_cut_off (void)
{
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  g_autoptr (GError) error = NULL;

  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = 6;
  net_pair_connect (pair);
  net_pair_wait (pair, net_pair_over_or_capped, "six turns");
  /* The host hangs up as soon as its game is over, before the guest's audit is read. */
  g_signal_connect (pair->host, "game-over", G_CALLBACK (on_game_over_hang_up_cb), NULL);
  g_assert_true (syn_peer_resign (pair->host, &error));
  g_assert_no_error (error);
  net_pair_wait (pair, host_disconnected, "the host's hang-up");
  g_assert_true (syn_game_is_over (syn_peer_get_game (pair->host)));
  g_assert_cmpstr (syn_game_get_reason (syn_peer_get_game (pair->host)), ==, "resignation");
  g_assert_nonnull (pair->host_bot->last_error);
  g_assert_nonnull (strstr (pair->host_bot->last_error->message, "not checked by the audit"));
}

/* TX-R15: a set-up position travels with fen= like any other, but one with pending moves
 * cannot: both programs would know the transactions each may hold alone. */
static void
test_transactional_set_up_with_pending_moves (void)
{
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE, TX_E1_AFTER };
  g_autoptr (SynIdentity) identity = net_test_identity ("tx-set-up");
  g_autoptr (SynPeer) host = syn_peer_new (identity, "Host");
  g_autoptr (GError) error = NULL;

  syn_peer_set_autosave (host, FALSE);
  syn_peer_set_options (host, &options);
  g_assert_false (syn_peer_listen (host, "127.0.0.1", 0, &error));
  g_assert_error (error, SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (error->message, "pending"));
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-variants");
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/net/variants/synchrone/game", "synchrone", test_game);
  g_test_add_data_func ("/net/variants/hk/game", "hk", test_game);
  g_test_add_data_func ("/net/variants/hutnik/game", "hutnik", test_game);
  g_test_add_func ("/net/variants/hutnik/seeds-differ", test_hutnik_seeds_differ);
  g_test_add_func ("/net/variants/hutnik/draws-lots-as-the-table-says",
                   test_draws_lots_matches_table);
  g_test_add_data_func ("/net/variants/transactional/r15-game-with-audit", NULL,
                        test_transactional_game);
  g_test_add_data_func ("/net/variants/transactional/r15-set-up-game-with-audit", TX_E3_START,
                        test_transactional_game);
  g_test_add_func ("/net/variants/transactional/r17-audit-cut-off-is-told",
                   test_transactional_audit_cut_off);
  g_test_add_func ("/net/variants/transactional/r15-set-up-with-pending-moves-refused",
                   test_transactional_set_up_with_pending_moves);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
