/* search-limits.h: what psc-search.c and variant-search.c share about a search's limits
 * (positions, time, the caller's stop flag) and the root's certified strategies.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "position.h"

#define SYN_SEARCH_CHECK_TIME_EVERY 1024
#define SYN_SEARCH_CHECK_STOP_EVERY 256

/* How far a search has gone and when it must stop; embedded in each search's workspace. */
typedef struct
{
  uint64_t positions, max_positions;
  double start, deadline;
  bool may_stop, stopped;
  const atomic_int *stop; /* the caller's flag, or NULL */
  /* Set by whichever thread of a search stopped first, so that the others stop too; NULL
   * in a search of one thread. Not the caller's: cancelled still means stop alone. */
  atomic_int *abort;
} SynSearchLimits;

/* The root's best certified strategy of each side in the running iteration: whether there
 * is one and what it guarantees (the strategy itself, sized by each search, is beside it). */
typedef struct
{
  bool certifying; /* in a search that may be cut short, at depth 2 or more */
  bool certified[2];
  double guarantee[2];
} SynSearchCertificate;

static inline double
syn_search_now (void)
{
  struct timespec ts;
  timespec_get (&ts, TIME_UTC);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Starts counting at the root; the search may not stop until may_stop is set. */
static inline void
syn_search_limits_start (SynSearchLimits *limits, uint64_t max_positions, int time_ms,
                         const atomic_int *stop)
{
  limits->positions = 1;
  limits->max_positions = max_positions;
  limits->start = syn_search_now ();
  /* Without a time limit only the budget of positions can stop the search. */
  limits->deadline = time_ms > 0 ? limits->start + time_ms * 1e-3 : INFINITY;
  limits->may_stop = false;
  /* A flag set before the start is seen at once, not after the first few hundred positions. */
  limits->stopped = stop && atomic_load_explicit (stop, memory_order_relaxed) != 0;
  limits->stop = stop;
  limits->abort = NULL;
}

/* Called for every position: the stop flag every SYN_SEARCH_CHECK_STOP_EVERY of them, the
 * clock every SYN_SEARCH_CHECK_TIME_EVERY (reading the clock costs more than a flag). */
static inline void
syn_search_limits_count (SynSearchLimits *limits)
{
  uint64_t n = ++limits->positions;
  if ((n & (SYN_SEARCH_CHECK_STOP_EVERY - 1)) != 0)
    return;
  if ((limits->stop && atomic_load_explicit (limits->stop, memory_order_relaxed) != 0)
      || (limits->abort && atomic_load_explicit (limits->abort, memory_order_relaxed) != 0))
    limits->stopped = true;
  else if (limits->may_stop && limits->max_positions && n >= limits->max_positions)
    limits->stopped = true;
  else if ((n & (SYN_SEARCH_CHECK_TIME_EVERY - 1)) == 0 && limits->may_stop
           && syn_search_now () > limits->deadline)
    limits->stopped = true;
}

/* Whether the search stopped because the caller asked, not at its own limits. */
static inline bool
syn_search_limits_cancelled (const SynSearchLimits *limits)
{
  return limits->stopped && limits->stop
         && atomic_load_explicit (limits->stop, memory_order_relaxed) != 0;
}

/* At the root: side's choices have all been answered against the other side's restricted
 * strategy (n entries), whose worst case at this depth is guarantee. Keeps that strategy
 * in kept when it guarantees more than the one kept so far. */
static inline void
syn_search_certify (SynSearchCertificate *cert, int side, double guarantee, const double *strategy,
                    int n, double *kept)
{
  const int other = !side;
  const double sign = other == SYN_WHITE ? 1.0 : -1.0;

  if (!cert->certifying)
    return;
  if (cert->certified[other] && sign * guarantee <= sign * cert->guarantee[other])
    return;
  cert->certified[other] = true;
  cert->guarantee[other] = guarantee;
  for (int i = 0; i < n; i++)
    kept[i] = strategy[i];
}

/* After an iteration at depth was cut short: whether cert holds side's certified strategy; if
 * so, the result's partial fields (partial[2], partial_guarantee[2], partial_depth) say it was
 * taken, and the caller puts the strategy in. */
static inline bool
syn_search_take_certified (const SynSearchCertificate *cert, int side, int depth, bool *partial,
                           double *partial_guarantee, int *partial_depth)
{
  if (!cert->certified[side])
    return false;
  partial[side] = true;
  partial_guarantee[side] = cert->guarantee[side];
  *partial_depth = depth;
  return true;
}
