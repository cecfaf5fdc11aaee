/* cli-count.c: `perft`, `sperft` and `bench`: counting move trees, and timing the counts.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "movegen.h"
#include "perft.h"

/* Beyond these a count takes days; refusing is kinder than hanging. */
#define MAX_PERFT_DEPTH 10
#define MAX_SPERFT_DEPTH 6

int
cli_perft (int argc, char **argv)
{
  static const char usage[] = "synchess-cli perft FEN DEPTH";
  CliArgs args;
  SynPosition pos;
  SynFenError error;
  SynMove moves[SYN_MAX_MOVES];
  const char *fen;
  uint64_t total = 0;
  int status, depth, n_moves;

  if (!cli_parse_args (argc, argv, usage, 2, &args, &status))
    return status;
  if (args.variant != &syn_variant_psc)
    return cli_fail (CLI_USAGE, "perft counts orthodox chess and takes no --variant");
  fen = strcmp (args.positional[0], "startpos") == 0 ? SYN_FEN_START : args.positional[0];
  if (!syn_fen_parse (fen, SYN_FEN_ORTHODOX, &pos, &error))
    return cli_fail (CLI_BAD_INPUT, "bad FEN: %s", error.message);
  if (!cli_read_depth (args.positional[1], MAX_PERFT_DEPTH, &depth))
    return CLI_USAGE;

  if (depth == 0)
    {
      printf ("1\n");
      return CLI_OK;
    }
  /* One line per first move, as engines print it, then the total. */
  n_moves = syn_orthodox_moves (&pos, moves);
  for (int i = 0; i < n_moves; i++)
    {
      SynPosition child;
      char text[SYN_MOVE_TEXT_SIZE];
      uint64_t count;
      syn_orthodox_play (&pos, moves[i], &child);
      count = syn_perft (&child, depth - 1);
      syn_move_to_text (moves[i], text);
      printf ("%s: %" PRIu64 "\n", text, count);
      total += count;
    }
  printf ("\n%" PRIu64 "\n", total);
  return CLI_OK;
}

int
cli_sperft (int argc, char **argv)
{
  static const char usage[] = "synchess-cli sperft [--variant psc] FEN DEPTH";
  CliArgs args;
  SynState state;
  int status, depth;

  if (!cli_parse_args (argc, argv, usage, 2, &args, &status))
    return status;
  if (!cli_read_state (args.variant, args.positional[0], &state))
    return CLI_BAD_INPUT;
  if (!cli_read_depth (args.positional[1], MAX_SPERFT_DEPTH, &depth))
    return CLI_USAGE;
  printf ("%" PRIu64 "\n", syn_sperft (args.variant, &state, depth));
  return CLI_OK;
}

static double
now_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* sperft at depth from the rule set's start: the positions analysed per second (every node
 * above the leaves, as for PSC above), or 0 when the start cannot be read. */
static double
variant_sperft_rate (const SynVariant *variant, int depth)
{
  SynState state;
  SynFenError error;
  uint64_t analysed = 0;
  double start, seconds;

  if (!variant->read_state (variant->start_fen, &state, &error))
    return 0;
  start = now_seconds ();
  syn_sperft (variant, &state, depth);
  seconds = now_seconds () - start;
  for (int d = 0; d < depth; d++)
    analysed += syn_sperft (variant, &state, d);
  return seconds > 0 ? (double) analysed / seconds : 0;
}

/* Every rule set's sperft 3 beside PSC's: none may fall below a third of PSC's rate. */
static void
bench_rule_sets (int depth)
{
  const SynVariant *const *all = syn_variant_all ();
  double psc_rate = variant_sperft_rate (&syn_variant_psc, depth);

  printf ("rule-set-sperft-depth: %d\n", depth);
  for (int i = 0; all[i]; i++)
    {
      double rate = all[i] == &syn_variant_psc ? psc_rate : variant_sperft_rate (all[i], depth);
      printf ("rule-set-%s-positions-per-second: %.0f\n", all[i]->id, rate);
      printf ("rule-set-%s-ratio-to-psc: %.2f\n", all[i]->id, psc_rate > 0 ? rate / psc_rate : 0);
    }
}

/* Times orthodox perft and PSC sperft from the start position, one thread, and prints
 * "key: value" lines for people and for tests/bench. */
int
cli_bench (int argc, char **argv)
{
  static const char usage[] = "synchess-cli bench [--quick]";
  int perft_depth = 6, sperft_depth = 4;
  SynPosition pos;
  SynState state;
  uint64_t nodes, leaves, analysed = 0;
  double start, perft_seconds, sperft_seconds;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--quick") == 0)
        {
          perft_depth = 4;
          sperft_depth = 3;
        }
      else
        return cli_fail (CLI_USAGE, "unexpected argument '%.40s'; usage: %s", argv[i], usage);
    }

  syn_position_set_start (&pos);
  start = now_seconds ();
  nodes = syn_perft (&pos, perft_depth);
  perft_seconds = now_seconds () - start;
  printf ("perft-depth: %d\nperft-nodes: %" PRIu64 "\nperft-seconds: %.3f\n", perft_depth, nodes,
          perft_seconds);
  printf ("perft-nodes-per-second: %.0f\n", (double) nodes / perft_seconds);

  state.board = pos;
  state.step = 0;
  start = now_seconds ();
  leaves = syn_sperft (&syn_variant_psc, &state, sperft_depth);
  sperft_seconds = now_seconds () - start;
  /* Every node above the leaves is analysed: both sides' moves and the outcome. */
  for (int depth = 0; depth < sperft_depth; depth++)
    analysed += syn_sperft (&syn_variant_psc, &state, depth);
  printf ("sperft-depth: %d\nsperft-leaves: %" PRIu64 "\nsperft-positions: %" PRIu64 "\n",
          sperft_depth, leaves, analysed);
  printf ("sperft-seconds: %.3f\nsperft-positions-per-second: %.0f\n", sperft_seconds,
          (double) analysed / sperft_seconds);
  /* Appended, so the lines above keep their order for the scripts that read them. */
  cli_bench_analysis (perft_depth < 6, (double) nodes / perft_seconds);
  bench_rule_sets (sperft_depth < 4 ? 2 : 3);
  return CLI_OK;
}
