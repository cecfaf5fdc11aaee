/* psc-player.c: the PSC computer player on top of psc-search.c: the limits of each level,
 * and the move drawn from the searched equilibrium, each side from a stream of its own.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-search.h"

#include "splitmix.h"

/* Probabilities below this are rounding noise of the simplex, not part of a strategy. */
#define SUPPORT_EPSILON 1e-9

uint64_t
syn_psc_draw_seed (uint64_t seed, SynColour side)
{
  /* A stream of its own, so that the noise says nothing about the draw; and one per side,
   * so that two players given one seed (`best` for each side, a computer against itself)
   * draw independently instead of in lockstep. White's is the stream it always had. */
  static const uint64_t streams[2]
      = { 0x73616D706C65ULL /* "sample" */, 0x626C61636B73ULL /* "blacks" */ };
  return syn_splitmix (seed ^ streams[side]);
}

int
syn_psc_sample (const double *strategy, int n, uint64_t seed)
{
  double total = 0, r, sum = 0;
  int last = 0;

  for (int i = 0; i < n; i++)
    if (strategy[i] > SUPPORT_EPSILON)
      total += strategy[i];
  r = syn_splitmix_unit (seed) * total;
  for (int i = 0; i < n; i++)
    {
      if (strategy[i] <= SUPPORT_EPSILON)
        continue;
      last = i;
      sum += strategy[i];
      if (r < sum)
        return i;
    }
  return last;
}

void
syn_psc_level_limits (SynPscLevel level, int time_ms, uint64_t seed, SynPscLimits *limits)
{
  /* Noise of a minor piece's worth: the beginner sees captures of big pieces, and little
   * else. */
  static const int depths[SYN_PSC_N_LEVELS] = { 1, 1, 2, 3, SYN_PSC_MAX_DEPTH };
  if ((int) level < 0 || level >= SYN_PSC_N_LEVELS)
    level = SYN_PSC_LEVEL_FULL;
  limits->depth = depths[level];
  limits->time_ms = time_ms;
  if (level == SYN_PSC_LEVEL_FULL && time_ms <= 0)
    limits->time_ms = SYN_PSC_DEFAULT_TIME_MS;
  limits->noise = level == SYN_PSC_LEVEL_BEGINNER ? 300 : 0;
  limits->seed = seed;
}

SynMove
syn_psc_choose (const SynPosition *pos, SynColour side, const SynPscLimits *limits,
                SynPscWorkspace *work, SynPscSearchResult *result)
{
  return syn_psc_choose_stoppable (pos, side, limits, NULL, work, result);
}

SynMove
syn_psc_choose_stoppable (const SynPosition *pos, SynColour side, const SynPscLimits *limits,
                          const atomic_int *stop, SynPscWorkspace *work, SynPscSearchResult *result)
{
  SynPscSearchResult local;
  int index;

  if (!result)
    result = &local;
  if (!syn_psc_search_stoppable (pos, limits, stop, work, result))
    return SYN_MOVE_NONE;
  index = syn_psc_sample (result->strategy[side], result->n_moves[side],
                          syn_psc_draw_seed (limits->seed, side));
  return result->moves[side][index];
}

SynMove
syn_psc_best (const SynPosition *pos, SynColour side, SynPscLevel level, int time_ms, uint64_t seed,
              SynPscWorkspace *work, SynPscSearchResult *result)
{
  SynPscLimits limits = { 0 };
  syn_psc_level_limits (level, time_ms, seed, &limits);
  return syn_psc_choose (pos, side, &limits, work, result);
}
