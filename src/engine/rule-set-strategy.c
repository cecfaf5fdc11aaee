/* rule-set-strategy.c: the plain opponent of rule-set-strategy.h.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rule-set-strategy.h"

#include "psc-eval.h"

#define WIN_SCORE 10000.0

/* The state's worth to side: a finished game's result, else the material balance. */
static double
score (const SynVariant *variant, const SynState *state, SynColour side)
{
  SynOutcome outcome = variant->outcome (state);
  const SynPosition *pos = &state->board;
  double material = 0;

  if (outcome.result == SYN_RESULT_DRAW)
    return 0;
  if (outcome.result == SYN_RESULT_WHITE_WINS)
    return side == SYN_WHITE ? WIN_SCORE : -WIN_SCORE;
  if (outcome.result == SYN_RESULT_BLACK_WINS)
    return side == SYN_BLACK ? WIN_SCORE : -WIN_SCORE;
  for (int type = 0; type < SYN_N_PIECE_TYPES; type++)
    {
      int own = syn_popcount (syn_position_pieces (pos, side, (SynPieceType) type));
      int enemy = syn_popcount (syn_position_pieces (pos, (SynColour) !side, (SynPieceType) type));
      material += (double) (syn_psc_piece_values[type] * (own - enemy));
    }
  return material;
}

static int
drop_excluded (SynChoice *choices, int n, const SynChoice *excluded, int n_excluded)
{
  int kept = 0;

  for (int i = 0; i < n; i++)
    {
      bool drop = false;
      for (int j = 0; j < n_excluded && !drop; j++)
        drop = choices[i] == excluded[j];
      if (!drop)
        choices[kept++] = choices[i];
    }
  return kept;
}

SynChoice
syn_rule_set_strategy_choose (const SynVariant *variant, const SynState *state, SynColour side,
                              double random, const SynChoice *excluded, int n_excluded,
                              SynStrategyWork *work)
{
  SynColour enemy = (SynColour) !side;
  SynMatrixGameSolution solution;
  int n_rows, n_cols;
  double sum = 0;

  n_rows = variant->choices (state, side, work->mine);
  n_rows = drop_excluded (work->mine, n_rows, excluded, n_excluded);
  if (n_rows == 0)
    return SYN_CHOICE_NONE;
  n_cols = variant->choices (state, enemy, work->theirs);
  if (n_cols == 0)
    work->theirs[n_cols++] = SYN_CHOICE_NONE; /* the enemy waits */
  /* Beyond the matrix's size only the first choices are weighed: a weaker move, never an
   * illegal one. */
  if (n_rows > SYN_STRATEGY_MAX)
    n_rows = SYN_STRATEGY_MAX;
  if (n_cols > SYN_STRATEGY_MAX)
    n_cols = SYN_STRATEGY_MAX;

  for (int r = 0; r < n_rows; r++)
    for (int c = 0; c < n_cols; c++)
      {
        SynState next;
        SynChoice white = side == SYN_WHITE ? work->mine[r] : work->theirs[c];
        SynChoice black = side == SYN_WHITE ? work->theirs[c] : work->mine[r];
        variant->apply (state, white, black, &next);
        work->cells[r * n_cols + c] = score (variant, &next, side);
      }

  if (!syn_matrix_game_solve (work->cells, n_rows, n_cols, work->row_strategy, work->col_strategy,
                              &work->matrix, &solution))
    return work->mine[(int) (random * n_rows) % n_rows];
  for (int r = 0; r < n_rows; r++)
    {
      sum += work->row_strategy[r];
      if (random < sum)
        return work->mine[r];
    }
  return work->mine[n_rows - 1];
}
