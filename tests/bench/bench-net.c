/* bench-net.c: the network layer's cost. Two SynPeers in this process over 127.0.0.1 with
 * TLS: the median time of a full turn (both commit, both reveal, both check and play), and
 * the memory of 1000 computer games played on one connection (VmRSS after game 100 and
 * after game 1000). Targets: a turn within 2 ms, memory growth within 5 %.
 *
 * Usage: bench-net [GAMES] [TURNS]   (defaults 1000 and 2000)
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "net-test-util.h"

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

static SynChoice
random_choice (SynPeer *peer, GRand *rand)
{
  SynGame *game = syn_peer_get_game (peer);
  SynChoice choices[SYN_MAX_CHOICES];
  int n = syn_game_get_variant (game)->choices (syn_game_get_state (game),
                                                syn_peer_get_colour (peer), choices);
  return choices[g_rand_int_range (rand, 0, n)];
}

static void
new_game (NetPair *pair)
{
  g_autoptr (GError) error = NULL;

  pair->host_bot->started = pair->guest_bot->started = FALSE;
  if (!syn_peer_propose_game (pair->host, &error))
    g_error ("%s", error->message);
  net_test_wait (&pair->host_bot->started, 10, "a new game");
  net_test_wait (&pair->guest_bot->started, 10, "a new game");
}

/* Times turns one by one: both sides choose at the same moment, and the turn is done when
 * both have played it. The bots of the pair are paused; this drives the moves itself. */
static void
time_turns (NetPair *pair, guint n_turns, gboolean autosave, GArray *times)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);

  syn_peer_set_autosave (pair->host, autosave);
  syn_peer_set_autosave (pair->guest, autosave);
  pair->host_bot->paused = pair->guest_bot->paused = TRUE;
  /* The bots may be half-way through a turn: let what is on the wire arrive, then finish
   * the turn by hand so that timing starts at a turn's beginning. */
  net_test_spin (50);
  if (!syn_game_is_over (syn_peer_get_game (pair->host)))
    {
      SynGame *game = syn_peer_get_game (pair->host);
      guint index = syn_game_get_n_turns (game);
      if (syn_peer_has_chosen (pair->host) != syn_peer_has_chosen (pair->guest))
        {
          SynPeer *late = syn_peer_has_chosen (pair->host) ? pair->guest : pair->host;
          g_assert_true (syn_peer_choose (late, random_choice (late, rand), NULL));
          while (syn_game_get_n_turns (game) == index
                 || syn_game_get_n_turns (syn_peer_get_game (pair->guest)) == index)
            g_main_context_iteration (NULL, TRUE);
        }
    }
  while (times->len < n_turns)
    {
      SynGame *host_game = syn_peer_get_game (pair->host);
      SynGame *guest_game = syn_peer_get_game (pair->guest);
      guint index = syn_game_get_n_turns (host_game);
      gint64 start, elapsed;

      if (syn_game_is_over (host_game) || syn_game_is_over (guest_game))
        {
          while (!syn_game_is_over (host_game) || !syn_game_is_over (guest_game))
            g_main_context_iteration (NULL, TRUE);
          new_game (pair);
          continue;
        }
      start = g_get_monotonic_time ();
      g_assert_true (syn_peer_choose (pair->host, random_choice (pair->host, rand), NULL));
      g_assert_true (syn_peer_choose (pair->guest, random_choice (pair->guest, rand), NULL));
      while (syn_game_get_n_turns (host_game) == index
             || syn_game_get_n_turns (guest_game) == index)
        g_main_context_iteration (NULL, TRUE);
      elapsed = g_get_monotonic_time () - start;
      g_array_append_val (times, elapsed);
    }
  pair->host_bot->paused = pair->guest_bot->paused = FALSE;
  net_bot_poke (pair->host_bot);
  net_bot_poke (pair->guest_bot);
  syn_peer_set_autosave (pair->host, FALSE);
  syn_peer_set_autosave (pair->guest, FALSE);
}

static void
report_turns (const char *what, GArray *times)
{
  g_array_sort (times, compare_gint64);
  printf ("full turn over loopback (%s): median %.3f ms, p90 %.3f ms, p99 %.3f ms "
          "(%u turns)\n",
          what, g_array_index (times, gint64, times->len / 2) / 1000.0,
          g_array_index (times, gint64, times->len * 9 / 10) / 1000.0,
          g_array_index (times, gint64, times->len * 99 / 100) / 1000.0, times->len);
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  guint turns = argc > 2 ? (guint) atoi (argv[2]) : 2000;
  g_autofree char *dir = net_test_init_dirs ("bench-net");
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GArray) saved_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 rss_100 = 0, rss_end = 0, start;
  double median_ms;

  g_set_prgname ("bench-net");
  pair = net_pair_new ("127.0.0.1", &options);
  net_pair_connect (pair);

  time_turns (pair, turns, FALSE, times);
  time_turns (pair, MAX (turns / 10, 50), TRUE, saved_times);
  report_turns ("no autosave", times);
  report_turns ("autosave every turn", saved_times);
  median_ms = g_array_index (times, gint64, times->len / 2) / 1000.0;

  /* Games: the bots play from the start of every turn, on one connection. */
  while (!pair->host_bot->over || !pair->guest_bot->over)
    g_main_context_iteration (NULL, TRUE);
  pair->host_bot->games_over = pair->guest_bot->games_over = 0;
  start = g_get_monotonic_time ();
  for (guint game = 1; game <= games; game++)
    {
      new_game (pair);
      while (pair->host_bot->games_over < game || pair->guest_bot->games_over < game)
        g_main_context_iteration (NULL, TRUE);
      if (game == MIN (100u, games))
        rss_100 = net_test_rss_kb ();
      if (game % 100 == 0)
        fprintf (stderr, "%u games, VmRSS %" G_GINT64_FORMAT " kB\n", game, net_test_rss_kb ());
    }
  rss_end = net_test_rss_kb ();
  printf ("%u computer games over one connection in %.1f s (%u turns)\n", games,
          (g_get_monotonic_time () - start) / 1e6, pair->host_bot->turns);
  printf ("VmRSS after game %u: %" G_GINT64_FORMAT " kB, after game %u: %" G_GINT64_FORMAT
          " kB, growth %.2f %%\n",
          MIN (100u, games), rss_100, games, rss_end, 100.0 * (rss_end - rss_100) / rss_100);
  printf ("targets: turn median <= 2 ms: %s; growth <= 5 %%: %s\n",
          median_ms <= 2.0 ? "met" : "MISSED",
          (rss_end - rss_100) * 100 <= 5 * rss_100 ? "met" : "MISSED");

  g_clear_pointer (&pair, net_pair_free);
  net_test_cleanup (dir);
  return 0;
}
