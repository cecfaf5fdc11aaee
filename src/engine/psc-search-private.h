/* psc-search-private.h: what psc-search.c and psc-frame.c share: a node's frame, the
 * workspace, and the frame's helpers that seed, grow and order its restricted game.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "matrix-game.h"
#include "psc-control.h"
#include "psc-eval.h"
#include "psc-search.h"
#include "psc-table.h"
#include "search-limits.h"

/* Probabilities below this are rounding noise of the simplex, not part of a strategy. */
#define SUPPORT_EPSILON 1e-9
#define KILLERS 3

/* Everything a node at one ply needs while its children are searched. */
typedef struct
{
  SynPosition pos;
  SynMove moves[2][SYN_MAX_MOVES];
  int origin[2][SYN_MAX_MOVES]; /* each move's index in the order syn_psc_moves() gave */
  int n[2];
  /* How many of moves are in order of their one-turn payoff, best first (0: none): more
   * than n when the deep search keeps only the first n. */
  int n_ordered[2];
  /* By a move's from and to squares, its index in that order; meaningful only where the
   * move found there is the same (never cleared). */
  uint8_t rank_of[2][64 * 64];
  /* The payoffs that order came from, in that order: payoff is rewritten by the deeper
   * search that follows, while the children read the ranking. */
  double ranked_payoff[2][SYN_MAX_MOVES];
  /* Searched cell values, NAN until searched, row by row of n[1] each. */
  double lo[SYN_MAX_MOVES * SYN_MAX_MOVES];
  double hi[SYN_MAX_MOVES * SYN_MAX_MOVES];
  /* Each move's payoff against the other side's restricted equilibrium (White's view). */
  double payoff[2][SYN_MAX_MOVES];
  double strategy[2][SYN_MAX_MOVES];
  /* The restricted game: which moves of each side it holds. */
  int set[2][SYN_MAX_MOVES];
  int n_set[2];
  bool in_set[2][SYN_MAX_MOVES];
  /* The restricted strategies' supports, in the order of set, but for each side's likeliest
   * move (-1 when none), which best responses search last, in a window. */
  int support[2][SYN_MAX_MOVES];
  int n_support[2];
  int likeliest[2];
} Frame;

/* The transposition table holds the exact value of a node searched depth turns deep at
 * ply turns from the root. The search of a node depends on nothing else (below the root
 * there is no noise, and the caps depend on the ply), so a hit is the value the search
 * would compute again: the table saves work without changing any answer. */

struct _SynPscWorkspace
{
  SynPscTable table;
  uint64_t table_hits;
  /* Per ply, the supports of the last one-turn game solved there: its siblings differ by a
   * pair of moves, and their equilibria mostly use the same moves ("killer moves"). */
  SynMove killers[SYN_PSC_MAX_DEPTH + 1][2][KILLERS];
  bool use_table;
  bool plain; /* SynPscLimits.plain */
  /* One more than the deepest search: a leaf there may be searched a turn further. */
  Frame frames[SYN_PSC_MAX_DEPTH + 1];
  /* The plies of the iteration running: its leaves lie there. */
  int horizon;
  /* The restricted game being solved; solved only after all its cells are searched, so
   * every ply can share it. */
  double restricted[SYN_MAX_MOVES * SYN_MAX_MOVES];
  double restricted_strategy[2][SYN_MAX_MOVES];
  SynMatrixGameWork lp;

  /* The root's best certified strategy of each side in the running iteration, in the root
   * frame's order, and what it guarantees (see the top of psc-search.c). */
  SynSearchCertificate cert;
  double certified_strategy[2][SYN_MAX_MOVES];

  SynSearchLimits limits;
  const SynPscEvalWeights *weights;
  int noise;
  uint64_t seed;

  /* Threads searching the root's cells: this workspace's and threads - 1 helpers, the
   * workspaces that follow it in the caller's allocation (psc-parallel.c). abort is set by
   * the first of them to stop. */
  int threads;
  atomic_int abort;
};

/* What psc-parallel.c shares out (psc-search.c): the exact value of the cell (w, b) of
 * the node at ply, and side's move i's payoff against the other side's restricted strategy
 * (exact when it beats target, else a bound). */
double psc_cell_value (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int w, int b);
double psc_response_payoff (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int side,
                            int i, double target);

/* Readies the helpers of a search with limits->threads threads (psc-parallel.c): the same
 * limits, noise and table use as work, stopping with it. */
void psc_parallel_start (SynPscWorkspace *work);

/* Empties the helpers' transposition tables, as work's is emptied. */
void psc_parallel_clear_tables (SynPscWorkspace *work);

/* The root's restricted cells made exact, shared among the threads. */
void psc_parallel_cells (SynPscWorkspace *work, Frame *root, int child_depth);

/* Every move's payoff of side at the root into root->payoff[side], shared among the
 * threads, as psc_response_payoff() with target. */
void psc_parallel_responses (SynPscWorkspace *work, Frame *root, int child_depth, int side,
                             double target);

/* The positions and table hits of the helpers, added into work's. */
void psc_parallel_finish (SynPscWorkspace *work);

void psc_frame_reset_cells (Frame *frame);

/* Fills support, n_support and likeliest from strategy and the restricted sets. */
void psc_frame_note_supports (Frame *frame);

/* Takes the restricted game's equilibrium (in the order of the sets) as the node's
 * strategies, and notes their supports. */
void psc_frame_take_strategies (Frame *frame, double (*restricted)[SYN_MAX_MOVES]);
void psc_frame_clear_sets (Frame *frame);
void psc_frame_add (Frame *frame, int side, int index);

/* Starts the restricted game from each side's most promising move by static score. */
void psc_frame_seed_statically (Frame *frame);

/* Starts the restricted game from the supports of frame->strategy. */
void psc_frame_seed_from_strategy (Frame *frame);

/* Starts a one-turn game at ply from the static guess and the killer moves of the ply. */
void psc_frame_seed_with_killers (SynPscWorkspace *work, Frame *frame, int ply);

/* Keeps the likeliest moves of a one-turn game just solved at ply as its killers. */
void psc_frame_keep_killers (SynPscWorkspace *work, const Frame *frame, int ply);

/* Adds the supports a shallower search of this node found to its restricted sets. */
void psc_frame_seed_from_table (Frame *frame, const SynPscTableEntry *entry);

/* At a node one turn from the horizon: keeps of each side's moves every one that can change
 * the position sharply (a capture, a promotion, a king's move, one that attacks the enemy
 * king or uncovers an attack on it, one that freezes a piece as its second attacker) and
 * the first quiet_kept of the others in the order their parent ranked them, the best
 * first; without a parent, the first quiet_kept that go where the enemy attacks nothing.
 * kings_only: a move that attacks a piece but the king is quiet. Returns a hash of the
 * moves kept, 0 when it kept them all. */
uint64_t psc_frame_cap_horizon (Frame *frame, const Frame *parent, const SynPscControl *ctl,
                                int quiet_kept, bool kings_only);

/* Sorts side's moves by their payoff against the other side's equilibrium, best first for
 * that side, and keeps the first keep of them (with their strategy and origin). */
void psc_frame_order_moves (Frame *frame, int side, int keep);
