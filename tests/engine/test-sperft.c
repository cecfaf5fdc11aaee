/* test-sperft.c: simultaneous perft: known counts from the start, and the fast two-level
 * count of PSC against resolving every pair in full, on positions reached by random play.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "psc.h"
#include "variant.h"

static void
start_state (SynState *state)
{
  SynFenError error;
  g_assert_true (syn_variant_psc.read_state (SYN_FEN_START, state, &error));
}

static void
test_sperft_start_counts (void)
{
  static const guint64 expected[] = { 1, 400, 162005, 70392878 };
  SynState state;

  start_state (&state);
  for (int depth = 0; depth < (int) G_N_ELEMENTS (expected); depth++)
    g_assert_cmpuint (syn_sperft (&syn_variant_psc, &state, depth), ==, expected[depth]);
}

static void
test_sperft_start_depth_4 (void)
{
  SynState state;

  if (g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") != 0)
    {
      g_test_skip ("slow: set SYNCHESS_SLOW=1");
      return;
    }
  start_state (&state);
  g_assert_cmpuint (syn_sperft (&syn_variant_psc, &state, 4), ==, 33298241759ULL);
}

/* Every pair resolved in full, through the variant table without its shortcut. */
static guint64
count_after_step_slowly (const SynState *state)
{
  SynVariant plain = syn_variant_psc;
  plain.count_after_step = NULL;
  return syn_sperft (&plain, state, 2);
}

static void
test_sperft_fast_count_agrees (void)
{
  static const char *const starts[] = {
    SYN_FEN_START,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "4k3/8/b7/3pP3/1pP5/8/8/3RK3 w - c3d6 0 1",
    "r3k3/ppp2ppp/8/3pP3/8/8/PPP2PPP/3RK2R w K d6 0 1",
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  int compared = 0;

  for (int game = 0; game < 40; game++)
    {
      SynState state;
      SynFenError error;

      g_assert_true (
          syn_variant_psc.read_state (starts[game % G_N_ELEMENTS (starts)], &state, &error));
      for (int turn = 0; turn < 30; turn++)
        {
          SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
          SynState next;
          int n_white, n_black;

          if (syn_variant_psc.outcome (&state).result != SYN_RESULT_NONE)
            break;
          if (turn % 3 == 0)
            {
              g_assert_cmpuint (syn_variant_psc.count_after_step (&state), ==,
                                count_after_step_slowly (&state));
              compared++;
            }
          n_white = syn_variant_psc.choices (&state, SYN_WHITE, white);
          n_black = syn_variant_psc.choices (&state, SYN_BLACK, black);
          syn_variant_psc.apply (&state, white[g_rand_int_range (rand, 0, n_white)],
                                 black[g_rand_int_range (rand, 0, n_black)], &next);
          state = next;
        }
    }
  g_assert_cmpint (compared, >, 200);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sperft/start-counts", test_sperft_start_counts);
  g_test_add_func ("/sperft/start-depth-4", test_sperft_start_depth_4);
  g_test_add_func ("/sperft/fast-count-agrees-with-full-resolution", test_sperft_fast_count_agrees);
  return g_test_run ();
}
