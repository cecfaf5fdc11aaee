/* psc-search.h: looking ahead in PSC, where both sides move at once: every node is a matrix
 * game whose cells are the values of the positions below, and values are backed up by
 * equilibria; and the computer player, which samples its move from the equilibrium.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "move.h"
#include "position.h"

/* Turns a search may look ahead. */
#define SYN_PSC_MAX_DEPTH 8

/* What the strongest level thinks for when the caller gives no time. */
#define SYN_PSC_DEFAULT_TIME_MS 2000

/* The memory a search works in: a few megabytes, allocated zeroed by the caller (with
 * syn_psc_workspace_size() bytes) and reused from move to move, keeping what one search
 * learnt for the next (its transposition table); the search itself never allocates. One
 * workspace serves one search at a time. */
typedef struct _SynPscWorkspace SynPscWorkspace;

size_t syn_psc_workspace_size (void);

/* Threads a search may use (SynPscLimits.threads). */
#define SYN_PSC_MAX_THREADS 8

/* The size of a workspace for a search with that many threads: one workspace per thread,
 * one after the other. syn_psc_workspace_size_for (1) is syn_psc_workspace_size (). */
size_t syn_psc_workspace_size_for (int threads);

typedef struct
{
  int depth;     /* turns to look ahead, 1 to SYN_PSC_MAX_DEPTH */
  int time_ms;   /* no deeper iteration is started, and a running one is dropped, once this
                  * has passed; 0 for no limit. The first turn is always searched in full. */
  int noise;     /* up to this many centipawns of noise on the first turn's cells */
  uint64_t seed; /* for the noise */
  bool no_table; /* searches without the transposition table (to check it changes nothing) */
  uint64_t max_positions; /* a budget like time_ms, in positions analysed (checked every few
                           * hundred), so that a cut-short search can be repeated; 0: none */
  bool plain;  /* every cell searched exactly, without windows, cut-offs or the table: the
                * reference the pruned search must agree with (tests only, much slower) */
  int threads; /* threads searching, the caller's own among them; 0 or 1 for the caller's
                * alone. The workspace must then be syn_psc_workspace_size_for (threads)
                * bytes. The value is the same as one thread's (within 1e-6; the equilibrium
                * may be another of the same game); max_positions counts the caller's
                * thread's positions only. */
  const struct _SynPscEvalWeights *weights; /* the evaluation's weights (psc-eval.h); NULL
                                             * for the engine's own */
} SynPscLimits;

typedef struct
{
  SynMove moves[2][SYN_MAX_MOVES];   /* every legal move of each side, as syn_psc_moves() */
  double strategy[2][SYN_MAX_MOVES]; /* the equilibrium of the deepest completed search */
  int n_moves[2];
  double value;        /* of the position: White's expected score (score.h) */
  int depth;           /* turns of the deepest completed search */
  uint64_t positions;  /* positions analysed, in all iterations */
  uint64_t table_hits; /* positions whose value the transposition table gave */
  double seconds;
  bool stopped; /* the caller's stop flag ended the search (syn_psc_search_stoppable()) */
  /* The iteration cut short by time, when it got as far as certifying a side's strategy
   * against every reply of the other at its depth: that side's strategy is taken from it
   * (partial[side]), deeper than result->depth, and guarantees partial_guarantee[side]
   * there (White's point of view: at least that for White, at most that for Black).
   * partial_depth is 0 when no strategy was taken. */
  int partial_depth;
  bool partial[2];
  double partial_guarantee[2];
} SynPscSearchResult;

/* Searches pos by iterative deepening up to limits->depth turns. Returns false, with only
 * n_moves set, when the game is over. */
bool syn_psc_search (const SynPosition *pos, const SynPscLimits *limits, SynPscWorkspace *work,
                     SynPscSearchResult *result);

/* syn_psc_search(), which another thread may stop by setting *stop to non-zero: the search
 * looks at the flag every few hundred positions and returns within a millisecond or so.
 * The deepest iteration completed before then stands; when not even the first one was,
 * result->depth is 0 and every move is equally likely. stop may be NULL. */
bool syn_psc_search_stoppable (const SynPosition *pos, const SynPscLimits *limits,
                               const atomic_int *stop, SynPscWorkspace *work,
                               SynPscSearchResult *result);

typedef enum
{
  SYN_PSC_LEVEL_BEGINNER = 0, /* one turn ahead, cells blurred by noise */
  SYN_PSC_LEVEL_EASY,         /* one turn ahead, exact: the lowest full-strength level */
  SYN_PSC_LEVEL_MEDIUM,       /* two turns */
  SYN_PSC_LEVEL_HARD,         /* three turns */
  SYN_PSC_LEVEL_FULL,         /* as deep as the time allows */
  SYN_PSC_N_LEVELS
} SynPscLevel;

/* The limits of a level; time_ms 0 means none (SYN_PSC_DEFAULT_TIME_MS for the full one). */
void syn_psc_level_limits (SynPscLevel level, int time_ms, uint64_t seed, SynPscLimits *limits);

/* An index drawn from the mixed strategy (n probabilities summing to one) by seed. */
int syn_psc_sample (const double *strategy, int n, uint64_t seed);

/* The seed side's draw is made with (syn_psc_sample) when the caller's seed is seed: each
 * side has a stream of its own. */
uint64_t syn_psc_draw_seed (uint64_t seed, SynColour side);

/* side's move under limits: searched, then drawn from side's equilibrium strategy with
 * seed, so that nobody can predict it who cannot guess the seed. SYN_MOVE_NONE when the
 * game is over. result, when not NULL, receives the search. */
SynMove syn_psc_choose (const SynPosition *pos, SynColour side, const SynPscLimits *limits,
                        SynPscWorkspace *work, SynPscSearchResult *result);

/* syn_psc_choose() with a stop flag, as syn_psc_search_stoppable(). A stopped search still
 * names a legal move; the caller who stopped it usually drops it. */
SynMove syn_psc_choose_stoppable (const SynPosition *pos, SynColour side,
                                  const SynPscLimits *limits, const atomic_int *stop,
                                  SynPscWorkspace *work, SynPscSearchResult *result);

/* The computer opponent: syn_psc_choose() at a level, thinking at most time_ms (0: the
 * level's own limit). The seed must be unpredictable to the opponent (a fresh random number
 * each move), or the move can be guessed. */
SynMove syn_psc_best (const SynPosition *pos, SynColour side, SynPscLevel level, int time_ms,
                      uint64_t seed, SynPscWorkspace *work, SynPscSearchResult *result);
