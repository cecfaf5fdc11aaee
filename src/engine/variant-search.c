/* variant-search.c: the search of variant-search.h. The same double oracle as
 * psc-search.c, over SynVariant's choices and apply(): a node solves the game restricted
 * to a few choices of each side, adds the best responses over all choices to the other
 * side's restricted equilibrium, and stops when none beats the restricted value, which is
 * then the value of the whole game (exact, as a duality gap). Below the root each side
 * keeps its best few choices by a one-step ordering, as in psc-search.c.
 *
 * What differs from PSC: a step where one side waits (Transactional's turns, HK's blows
 * with one striker) is a plain maximum or minimum, no matrix game; depth counts turns, a
 * Transactional turn being two steps; and an exchange of blows is searched to its end
 * before anything is evaluated (syn_variant_unsettled), without counting depth.
 *
 * An iteration cut short keeps what it certified, as in psc-search.c: the previous depth's
 * strategies answered at the new depth, replaced by a restricted strategy of the root that
 * guarantees more once every reply of the other side has been tried against it.
 *
 * Values are White's expected score (score.h), as in psc-search.c; only the pair matrix
 * of the CLI keeps centipawns.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "variant-search.h"

#include <math.h>
#include <string.h>

#include "matrix-game.h"
#include "psc-eval.h"
#include "score.h"
#include "search-limits.h"
#include "search-order.h"
#include "variant-eval.h"

/* Plies a search may reach: its depth in steps and the exchanges of blows below it. */
#define MAX_PLY 16
#define MAX_CELLS (SYN_MATRIX_GAME_MAX * SYN_MATRIX_GAME_MAX)
/* Probabilities below this are rounding noise of the simplex, not part of a strategy. */
#define SUPPORT_EPSILON 1e-9

/* Everything a node at one ply needs while its children are searched. */
typedef struct
{
  SynState state;
  SynChoice choices[2][SYN_MAX_CHOICES];
  int origin[2][SYN_MAX_CHOICES]; /* each choice's index in the order choices() gave */
  int n[2];
  double cells[MAX_CELLS];           /* NAN until searched, row by row of n[1] each */
  double payoff[2][SYN_MAX_CHOICES]; /* against the other side's restricted equilibrium */
  double strategy[2][SYN_MAX_CHOICES];
  int set[2][SYN_MAX_CHOICES]; /* the restricted game */
  int n_set[2];
  bool in_set[2][SYN_MAX_CHOICES];
} Frame;

struct _SynSearchWorkspace
{
  Frame frames[MAX_PLY];
  double restricted[MAX_CELLS];
  double restricted_strategy[2][SYN_MATRIX_GAME_MAX];
  SynMatrixGameWork lp;
  SynPscSearchResult psc_result;
  SynPscWorkspace *psc; /* points into the tail of the allocation */

  const SynVariant *variant;
  double score_scale;
  /* Values in centipawns, a finished game +-SYN_EVAL_WIN, rather than in expected score:
   * for the pair matrix, whose documented cells are centipawns. */
  bool centipawns;
  /* The root's best certified strategy of each side in the running iteration (root
   * order), and what it guarantees. */
  SynSearchCertificate cert;
  double certified_strategy[2][SYN_MAX_CHOICES];

  SynSearchLimits limits;
  int noise;
  uint64_t noise_seed;
};

size_t
syn_search_workspace_size (void)
{
  return syn_search_workspace_size_for (1);
}

size_t
syn_search_workspace_size_for (int threads)
{
  return sizeof (SynSearchWorkspace) + syn_psc_workspace_size_for (threads) + 64;
}

static SynPscWorkspace *
psc_workspace (SynSearchWorkspace *work)
{
  /* Aligned as malloc would align it. */
  uintptr_t tail = (uintptr_t) (work + 1);
  return (SynPscWorkspace *) ((tail + 63) & ~(uintptr_t) 63);
}

/* At the root: side's choices have all been answered against the other side's restricted
 * strategy, whose worst case at this depth is best's payoff. Keeps that strategy when it
 * guarantees more than the one kept so far. */
static void
certify_root (SynSearchWorkspace *work, const Frame *frame, int side, int best)
{
  syn_search_certify (&work->cert, side, frame->payoff[side][best], frame->strategy[!side],
                      frame->n[!side], work->certified_strategy[!side]);
}

/* A finished game at ply steps from the root: sooner wins count more, later losses less.
 * In expected score, or in centipawns for the pair matrix (see the workspace). */
static double
terminal_value (const SynSearchWorkspace *work, SynOutcome outcome, int ply)
{
  int value;
  if (!work->centipawns)
    return syn_score_of_outcome (outcome, ply);
  value = syn_variant_eval_outcome (outcome);
  return value > 0 ? value - ply : value < 0 ? value + ply : 0;
}

/* A leaf's evaluation, in the scale of terminal_value(). */
static double
leaf_value (const SynSearchWorkspace *work, const SynState *state)
{
  int value = syn_variant_eval (work->variant, state);
  return work->centipawns ? value : syn_score_of_eval (value, work->score_scale);
}

/* A guess at a choice's worth before any search: what it takes and what it promotes to. */
static int
static_score (const SynPosition *pos, SynChoice choice)
{
  SynMove move = SYN_CHOICE_MOVE (choice);
  int score = 0;
  if (choice == SYN_CHOICE_NONE || (choice & SYN_CHOICE_PASS))
    return 0;
  if (pos->board[syn_move_to (move)] != SYN_NO_PIECE)
    score += 10 * syn_psc_piece_values[SYN_PIECE_TYPE (pos->board[syn_move_to (move)])];
  if (syn_move_is_promotion (move))
    score += 10 * syn_psc_piece_values[syn_move_promotion_type (move)];
  return score;
}

static void
reset_cells (Frame *frame)
{
  int n = frame->n[0] * frame->n[1];
  for (int k = 0; k < n; k++)
    frame->cells[k] = NAN;
}

static void
add_to_set (Frame *frame, int side, int index)
{
  if (frame->in_set[side][index])
    return;
  frame->in_set[side][index] = true;
  frame->set[side][frame->n_set[side]++] = index;
}

static void
clear_sets (Frame *frame)
{
  for (int side = 0; side < 2; side++)
    {
      frame->n_set[side] = 0;
      for (int i = 0; i < frame->n[side]; i++)
        frame->in_set[side][i] = false;
    }
}

/* Starts the restricted game from each side's most promising choice by static score. */
static void
seed_sets_statically (Frame *frame)
{
  clear_sets (frame);
  for (int side = 0; side < 2; side++)
    {
      int best = 0, best_score = -1;
      for (int i = 0; i < frame->n[side]; i++)
        {
          int score = static_score (&frame->state.board, frame->choices[side][i]);
          if (score > best_score)
            {
              best = i;
              best_score = score;
            }
        }
      add_to_set (frame, side, best);
    }
}

/* Starts the restricted game from the supports of frame->strategy. */
static void
seed_sets_from_strategy (Frame *frame)
{
  clear_sets (frame);
  for (int side = 0; side < 2; side++)
    {
      for (int i = 0; i < frame->n[side]; i++)
        if (frame->strategy[side][i] > SUPPORT_EPSILON)
          add_to_set (frame, side, i);
      if (frame->n_set[side] == 0)
        add_to_set (frame, side, 0);
    }
}

static double search_node (SynSearchWorkspace *work, const SynState *state, int depth, int ply);

/* The cell (w, b): the value of the state the two choices lead to, searched child_depth
 * steps further. */
static double
cell_value (SynSearchWorkspace *work, Frame *frame, int ply, int child_depth, int w, int b)
{
  double *slot = &frame->cells[w * frame->n[1] + b];
  SynState child;
  double value;

  if (!isnan (*slot))
    return *slot;
  work->variant->apply (&frame->state, frame->choices[SYN_WHITE][w], frame->choices[SYN_BLACK][b],
                        &child);
  value = search_node (work, &child, child_depth, ply + 1);
  if (work->limits.stopped)
    return 0;
  if (ply == 0 && work->noise > 0)
    {
      /* The same pair always gets the same noise, whatever the search order. */
      uint64_t key = work->noise_seed ^ ((uint64_t) frame->choices[SYN_WHITE][w] << 7)
                     ^ ((uint64_t) frame->choices[SYN_BLACK][b] << 35);
      /* Noise in centipawns, as a score where the model is steepest (1/2). */
      value += (2 * ((double) (syn_psc_draw_seed (key, SYN_WHITE) >> 11) / 9007199254740992.0) - 1)
               * work->noise / (4 * work->score_scale);
    }
  *slot = value;
  return value;
}

/* A step where only one side chooses: its best child, a pure strategy. */
static double
one_chooser (SynSearchWorkspace *work, Frame *frame, int ply, int child_depth)
{
  const int side = frame->n[SYN_WHITE] > 1 || frame->n[SYN_BLACK] == 1 ? SYN_WHITE : SYN_BLACK;
  const double sign = side == SYN_WHITE ? 1.0 : -1.0;
  int best = 0;

  for (int i = 0; i < frame->n[side]; i++)
    {
      double value = cell_value (work, frame, ply, child_depth, side == SYN_WHITE ? i : 0,
                                 side == SYN_WHITE ? 0 : i);
      if (work->limits.stopped)
        return 0;
      frame->payoff[side][i] = value;
      frame->strategy[side][i] = 0;
      if (sign * value > sign * frame->payoff[side][best])
        best = i;
      if (ply == 0 && work->cert.certifying)
        {
          /* The root's choices come in the previous iteration's order, its best first: once
           * that one is searched, the best so far is a deeper answer than it. */
          work->cert.certified[side] = true;
          work->cert.guarantee[side] = frame->payoff[side][best];
          for (int k = 0; k < frame->n[side]; k++)
            work->certified_strategy[side][k] = k == best;
        }
    }
  frame->strategy[side][best] = 1;
  frame->strategy[!side][0] = 1;
  frame->payoff[!side][0] = frame->payoff[side][best];
  return frame->payoff[side][best];
}

/* Every move's payoff against the other side's restricted strategy; the best of each side
 * into best[]. */
static void
best_responses (SynSearchWorkspace *work, Frame *frame, int ply, int child_depth, int best[2])
{
  for (int side = 0; side < 2; side++)
    {
      const int other = !side;
      const double sign = side == SYN_WHITE ? 1.0 : -1.0;
      best[side] = 0;
      for (int i = 0; i < frame->n[side]; i++)
        {
          double sum = 0;
          for (int k = 0; k < frame->n_set[other]; k++)
            {
              int j = frame->set[other][k];
              double p = frame->strategy[other][j];
              if (p > SUPPORT_EPSILON)
                sum += p
                       * cell_value (work, frame, ply, child_depth, side == SYN_WHITE ? i : j,
                                     side == SYN_WHITE ? j : i);
            }
          frame->payoff[side][i] = sum;
          if (sign * sum > sign * frame->payoff[side][best[side]])
            best[side] = i;
        }
      if (ply == 0 && !work->limits.stopped)
        certify_root (work, frame, side, best[side]);
    }
}

/* Solves the node's game by double oracle from the restricted sets already seeded; leaves
 * the equilibrium in frame->strategy and every choice's payoff against it in
 * frame->payoff. Returns the value (meaningless once the search was stopped). */
static double
double_oracle (SynSearchWorkspace *work, Frame *frame, int ply, int child_depth)
{
  const int n_black = frame->n[SYN_BLACK];
  double value = 0;

  for (int round = 0; round <= frame->n[0] + frame->n[1]; round++)
    {
      const int *rows = frame->set[SYN_WHITE], *cols = frame->set[SYN_BLACK];
      const int n_rows = frame->n_set[SYN_WHITE], n_cols = frame->n_set[SYN_BLACK];
      SynMatrixGameSolution solution;
      double tolerance;
      int best[2];
      bool grown = false;

      /* Every cell is searched before the restricted game is copied out, as the searches
       * below use the same shared buffers. */
      for (int r = 0; r < n_rows; r++)
        for (int c = 0; c < n_cols; c++)
          cell_value (work, frame, ply, child_depth, rows[r], cols[c]);
      if (work->limits.stopped)
        return 0;
      syn_matrix_game_restrict (frame->cells, n_black, rows, n_rows, cols, n_cols,
                                work->restricted);
      syn_matrix_game_solve (work->restricted, n_rows, n_cols, work->restricted_strategy[0],
                             work->restricted_strategy[1], &work->lp, &solution);
      value = solution.value;
      for (int side = 0; side < 2; side++)
        syn_search_unorder_strategy (work->restricted_strategy[side], frame->set[side],
                                     frame->n_set[side], frame->n[side], frame->strategy[side]);

      best_responses (work, frame, ply, child_depth, best);
      if (work->limits.stopped)
        return 0;
      /* Above the simplex's rounding, far below a centipawn. The restricted sets stay
       * within what the simplex takes. */
      tolerance = 1e-6 + 1e-12 * fabs (value);
      if (frame->payoff[SYN_WHITE][best[0]] > value + tolerance && !frame->in_set[0][best[0]]
          && frame->n_set[0] < SYN_MATRIX_GAME_MAX)
        {
          add_to_set (frame, SYN_WHITE, best[0]);
          grown = true;
        }
      if (frame->payoff[SYN_BLACK][best[1]] < value - tolerance && !frame->in_set[1][best[1]]
          && frame->n_set[1] < SYN_MATRIX_GAME_MAX)
        {
          add_to_set (frame, SYN_BLACK, best[1]);
          grown = true;
        }
      if (!grown)
        break;
    }
  return value;
}

static double
solve (SynSearchWorkspace *work, Frame *frame, int ply, int child_depth)
{
  if (frame->n[SYN_WHITE] == 1 || frame->n[SYN_BLACK] == 1)
    return one_chooser (work, frame, ply, child_depth);
  return double_oracle (work, frame, ply, child_depth);
}

/* Sorts side's choices by their payoff against the other side's equilibrium, best first for
 * that side, and keeps the first keep of them (with their strategy and origin). */
static void
order_choices (Frame *frame, int side, int keep)
{
  const int n = frame->n[side];
  int order[SYN_MAX_CHOICES];
  SynChoice old_choices[SYN_MAX_CHOICES];

  syn_search_order_by_payoff (frame->payoff[side], frame->strategy[side], n,
                              side == SYN_WHITE ? 1.0 : -1.0, order);
  for (int i = 0; i < n; i++)
    old_choices[i] = frame->choices[side][i];
  for (int i = 0; i < n; i++)
    frame->choices[side][i] = old_choices[order[i]];
  syn_search_apply_order (order, n, frame->origin[side], frame->payoff[side],
                          frame->strategy[side]);
  if (keep < n)
    frame->n[side] = keep;
}

/* Choices kept for each side at a node ply steps below the root with more to search than
 * one step: enough for the few sensible replies, fewer as the tree widens. */
static int
choices_kept (int ply)
{
  static const int kept[] = { SYN_MAX_CHOICES, 10, 7, 5, 5, 4 };
  return ply < (int) (sizeof kept / sizeof kept[0]) ? kept[ply] : 4;
}

static bool
is_excluded (const SynSearchExclusion *excluded, int side, SynChoice choice)
{
  if (!excluded || (int) excluded->side != side)
    return false;
  for (int i = 0; i < excluded->n; i++)
    if (excluded->choices[i] == choice)
      return true;
  return false;
}

/* Fills the frame's choice lists for state; a side that waits gets the one choice
 * SYN_CHOICE_NONE. Returns false when the excluded side has no choice left. */
static bool
list_choices (SynSearchWorkspace *work, Frame *frame, const SynState *state,
              const SynSearchExclusion *excluded)
{
  frame->state = *state;
  for (int side = 0; side < 2; side++)
    {
      int n = work->variant->choices (state, (SynColour) side, frame->choices[side]), kept = 0;
      for (int i = 0; i < n; i++)
        if (!is_excluded (excluded, side, frame->choices[side][i]))
          frame->choices[side][kept++] = frame->choices[side][i];
      if (kept == 0 && n > 0)
        return false;
      if (kept == 0)
        frame->choices[side][kept++] = SYN_CHOICE_NONE;
      frame->n[side] = kept;
      for (int i = 0; i < kept; i++)
        frame->origin[side][i] = i;
    }
  /* A matrix game beyond the simplex's size weighs only the first choices of each side: a
   * weaker choice, never an illegal one. */
  if (frame->n[0] > 1 && frame->n[1] > 1)
    for (int side = 0; side < 2; side++)
      if (frame->n[side] > SYN_MATRIX_GAME_MAX)
        frame->n[side] = SYN_MATRIX_GAME_MAX;
  return true;
}

/* Below the root an exchange of blows is played out with each side's likeliest choices
 * only (syn_variant_likeliest_blows()): every strike with every piece would multiply the
 * nodes of every turn; the root still weighs every choice. */
static void
keep_likeliest_blows (Frame *frame)
{
  for (int side = 0; side < 2; side++)
    {
      frame->n[side]
          = syn_variant_likeliest_blows (&frame->state.board, frame->choices[side], frame->n[side]);
      for (int i = 0; i < frame->n[side]; i++)
        frame->origin[side][i] = i;
    }
}

static double
search_node (SynSearchWorkspace *work, const SynState *state, int depth, int ply)
{
  const SynVariant *variant = work->variant;
  SynOutcome outcome;
  Frame *frame;
  bool unsettled;
  int child_depth;

  syn_search_limits_count (&work->limits);
  if (work->limits.stopped)
    return 0;
  outcome = variant->outcome (state);
  if (outcome.result != SYN_RESULT_NONE)
    return terminal_value (work, outcome, ply);
  if (syn_variant_beyond_sight (variant, state, &outcome))
    return outcome.result != SYN_RESULT_NONE ? terminal_value (work, outcome, ply)
                                             : leaf_value (work, state);
  unsettled = syn_variant_unsettled (variant, state);
  if ((depth <= 0 && !unsettled) || ply >= MAX_PLY)
    return leaf_value (work, state);

  frame = &work->frames[ply];
  list_choices (work, frame, state, NULL);
  if (unsettled)
    keep_likeliest_blows (frame);
  /* An exchange of blows is part of the turn that opened it: it costs no depth. */
  child_depth = unsettled ? depth : depth - 1;
  if (child_depth >= 1 && !unsettled && frame->n[0] * frame->n[1] > 1)
    {
      /* One step deep first, to order and cap the choices for the deep search. */
      reset_cells (frame);
      seed_sets_statically (frame);
      solve (work, frame, ply, 0);
      if (work->limits.stopped)
        return 0;
      order_choices (frame, SYN_WHITE, choices_kept (ply));
      order_choices (frame, SYN_BLACK, choices_kept (ply));
      seed_sets_from_strategy (frame);
    }
  else
    seed_sets_statically (frame);
  reset_cells (frame);
  return solve (work, frame, ply, child_depth);
}

/* Copies the root frame's equilibrium into result, in result's order. */
static void
keep_root_result (const Frame *root, double value, int depth, SynSearchResult *result)
{
  for (int side = 0; side < 2; side++)
    syn_search_unorder_strategy (root->strategy[side], root->origin[side], root->n[side],
                                 result->n_choices[side], result->strategy[side]);
  result->value = value;
  result->depth = depth;
}

/* The start of an iteration below the first, as in psc-search.c: the previous depth's
 * strategies, still in root->strategy, are answered at the new depth and so certified
 * first; what the iteration certifies later replaces them only when it guarantees more. */
static void
test_previous (SynSearchWorkspace *work, Frame *root, int child_depth)
{
  int best[2];
  if (root->n[SYN_WHITE] > 1 && root->n[SYN_BLACK] > 1)
    best_responses (work, root, 0, child_depth, best);
}

/* After an iteration at depth was cut short: each side's certified strategy, if any,
 * replaces the previous depth's in result. */
static void
keep_certified (const SynSearchWorkspace *work, const Frame *root, int depth,
                SynSearchResult *result)
{
  for (int side = 0; side < 2; side++)
    if (syn_search_take_certified (&work->cert, side, depth, result->partial,
                                   result->partial_guarantee, &result->partial_depth))
      syn_search_unorder_strategy (work->certified_strategy[side], root->origin[side],
                                   root->n[side], 0, result->strategy[side]);
}

/* PSC goes to psc-search.c; its result is copied into the common form. */
static bool
search_psc (const SynState *state, const SynPscLimits *limits, const atomic_int *stop,
            SynSearchWorkspace *work, SynSearchResult *result)
{
  SynPscSearchResult *psc = &work->psc_result;
  bool found = syn_psc_search_stoppable (&state->board, limits, stop, psc_workspace (work), psc);

  for (int side = 0; side < 2; side++)
    {
      result->n_choices[side] = psc->n_moves[side];
      for (int i = 0; i < psc->n_moves[side]; i++)
        {
          result->choices[side][i] = (SynChoice) psc->moves[side][i];
          result->strategy[side][i] = psc->strategy[side][i];
        }
    }
  result->value = psc->value;
  result->depth = psc->depth;
  result->partial_depth = psc->partial_depth;
  for (int side = 0; side < 2; side++)
    {
      result->partial[side] = psc->partial[side];
      result->partial_guarantee[side] = psc->partial_guarantee[side];
    }
  result->positions = psc->positions;
  result->seconds = psc->seconds;
  result->stopped = psc->stopped;
  return found;
}

static void
start_search (SynSearchWorkspace *work, const SynVariant *variant, const SynPscLimits *limits,
              const atomic_int *stop)
{
  work->variant = variant;
  work->score_scale = syn_variant_score_scale (variant);
  work->centipawns = false;
  work->cert.certifying = false;
  syn_search_limits_start (&work->limits, limits->max_positions, limits->time_ms, stop);
  work->noise = limits->noise;
  work->noise_seed = syn_psc_draw_seed (limits->seed, SYN_BLACK) ^ 0x6E6F697365ULL;
}

/* Depth 1 in full, then deeper while the time allows; each iteration starts from the
 * previous one's order and supports. */
static void
deepen (SynSearchWorkspace *work, const SynPscLimits *limits, bool unsettled,
        SynSearchResult *result)
{
  Frame *root = &work->frames[0];
  const int steps = syn_variant_steps_per_turn (work->variant);
  int max_depth = limits->depth < 1 ? 1 : limits->depth;

  if (max_depth > SYN_PSC_MAX_DEPTH)
    max_depth = SYN_PSC_MAX_DEPTH;
  for (int depth = 1; depth <= max_depth && !work->limits.stopped; depth++)
    {
      int child_depth = unsettled ? depth * steps : depth * steps - 1;
      double value;
      /* Each depth costs many times the one before; one that cannot finish in the time
       * left is not worth starting. */
      if (depth > 1 && limits->time_ms > 0
          && syn_search_now () - work->limits.start > 0.4 * limits->time_ms * 1e-3)
        break;
      if (depth > 1)
        {
          order_choices (root, SYN_WHITE, SYN_MAX_CHOICES);
          order_choices (root, SYN_BLACK, SYN_MAX_CHOICES);
          seed_sets_from_strategy (root);
        }
      else
        seed_sets_statically (root);
      reset_cells (root);
      work->cert.certified[SYN_WHITE] = work->cert.certified[SYN_BLACK] = false;
      /* Answering the previous strategies costs about a round of the double oracle: only
       * worth it where the iteration may be cut short. */
      work->cert.certifying = depth > 1 && work->limits.may_stop;
      if (work->cert.certifying)
        test_previous (work, root, child_depth);
      value = solve (work, root, 0, child_depth);
      if (work->limits.stopped)
        {
          if (depth > 1)
            keep_certified (work, root, depth, result);
          break;
        }
      keep_root_result (root, value, depth, result);
      /* Depth 1 runs to the end unless the caller stops it: a move must come out. */
      work->limits.may_stop = limits->time_ms > 0 || limits->max_positions > 0;
    }
}

bool
syn_search (const SynVariant *variant, const SynState *state, const SynPscLimits *limits,
            const SynSearchExclusion *excluded, const atomic_int *stop, SynSearchWorkspace *work,
            SynSearchResult *result)
{
  Frame *root = &work->frames[0];

  if (variant->has_deep_search && (!excluded || excluded->n == 0))
    return search_psc (state, limits, stop, work, result);
  start_search (work, variant, limits, stop);
  result->n_choices[SYN_WHITE] = result->n_choices[SYN_BLACK] = 0;
  result->positions = 1;
  result->depth = 0;
  result->seconds = 0;
  result->stopped = false;
  result->value = 0;
  result->partial_depth = 0;
  result->partial[SYN_WHITE] = result->partial[SYN_BLACK] = false;
  if (variant->outcome (state).result != SYN_RESULT_NONE
      || !list_choices (work, root, state, excluded))
    return false;
  for (int side = 0; side < 2; side++)
    {
      result->n_choices[side] = root->n[side];
      memcpy (result->choices[side], root->choices[side], sizeof (SynChoice) * root->n[side]);
      /* What stands when the caller stops the search before depth 1 is done. */
      for (int i = 0; i < root->n[side]; i++)
        result->strategy[side][i] = 1.0 / root->n[side];
    }

  deepen (work, limits, syn_variant_unsettled (variant, state), result);
  result->positions = work->limits.positions;
  result->seconds = syn_search_now () - work->limits.start;
  result->stopped = syn_search_limits_cancelled (&work->limits);
  return true;
}

SynChoice
syn_search_choose (const SynVariant *variant, const SynState *state, SynColour side,
                   const SynPscLimits *limits, const SynSearchExclusion *excluded,
                   const atomic_int *stop, SynSearchWorkspace *work, SynSearchResult *result)
{
  int index;

  if (!syn_search (variant, state, limits, excluded, stop, work, result))
    return SYN_CHOICE_NONE;
  index = syn_psc_sample (result->strategy[side], result->n_choices[side],
                          syn_psc_draw_seed (limits->seed, side));
  return result->choices[side][index];
}

static void
pair_values (const SynVariant *variant, const SynState *state, const SynChoice *white, int n_white,
             const SynChoice *black, int n_black, bool centipawns, SynSearchWorkspace *work,
             double *cells)
{
  const SynPscLimits none = { 0, 0, 0, 0 };

  start_search (work, variant, &none, NULL);
  work->centipawns = centipawns;
  for (int w = 0; w < n_white; w++)
    for (int b = 0; b < n_black; b++)
      {
        SynState child;
        variant->apply (state, white[w], black[b], &child);
        /* Ply 0: a finished game counts in full, as PSC's pair matrix counts it. */
        cells[w * n_black + b] = search_node (work, &child, 0, 0);
      }
}

void
syn_search_pair_matrix (const SynVariant *variant, const SynState *state, const SynChoice *white,
                        int n_white, const SynChoice *black, int n_black, SynSearchWorkspace *work,
                        double *cells)
{
  pair_values (variant, state, white, n_white, black, n_black, true, work, cells);
}

void
syn_search_pair_scores (const SynVariant *variant, const SynState *state, const SynChoice *white,
                        int n_white, const SynChoice *black, int n_black, SynSearchWorkspace *work,
                        double *cells)
{
  pair_values (variant, state, white, n_white, black, n_black, false, work, cells);
}
