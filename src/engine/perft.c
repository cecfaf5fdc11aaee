/* perft.c: orthodox perft, counting the last level in bulk as everyone does.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "perft.h"

#include "movegen.h"

uint64_t
syn_perft (const SynPosition *pos, int depth)
{
  SynMove moves[SYN_MAX_MOVES];
  int n_moves;
  uint64_t total = 0;

  if (depth <= 0)
    return 1;
  n_moves = syn_orthodox_moves (pos, moves);
  if (depth == 1)
    return (uint64_t) n_moves;
  for (int i = 0; i < n_moves; i++)
    {
      SynPosition child;
      syn_orthodox_play (pos, moves[i], &child);
      total += syn_perft (&child, depth - 1);
    }
  return total;
}
