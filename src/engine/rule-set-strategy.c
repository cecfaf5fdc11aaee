/* rule-set-strategy.c: the plain opponent of rule-set-strategy.h.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rule-set-strategy.h"

#include "psc-eval.h"

double
syn_rule_set_strategy_score (const SynVariant *variant, const SynState *state, SynColour side)
{
  SynOutcome outcome = variant->outcome (state);
  const SynPosition *pos = &state->board;
  double material = 0;

  if (outcome.result == SYN_RESULT_DRAW)
    return 0;
  if (outcome.result == SYN_RESULT_WHITE_WINS)
    return side == SYN_WHITE ? SYN_STRATEGY_WIN_SCORE : -SYN_STRATEGY_WIN_SCORE;
  if (outcome.result == SYN_RESULT_BLACK_WINS)
    return side == SYN_BLACK ? SYN_STRATEGY_WIN_SCORE : -SYN_STRATEGY_WIN_SCORE;
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

int
syn_rule_set_strategy_side_choices (const SynVariant *variant, const SynState *state,
                                    SynColour side, SynChoice *choices, int *n_all)
{
  int n = variant->choices (state, side, choices);

  if (n_all != NULL)
    *n_all = n;
  if (n == 0)
    choices[n++] = SYN_CHOICE_NONE; /* the side waits */
  /* Beyond the matrix's size only the first choices are weighed: a weaker move, never an
   * illegal one. */
  return n > SYN_STRATEGY_MAX ? SYN_STRATEGY_MAX : n;
}

void
syn_rule_set_strategy_fill (const SynVariant *variant, const SynState *state, SynColour side,
                            const SynChoice *mine, int n_rows, const SynChoice *theirs, int n_cols,
                            double *cells)
{
  for (int r = 0; r < n_rows; r++)
    for (int c = 0; c < n_cols; c++)
      {
        SynState next;
        SynChoice white = side == SYN_WHITE ? mine[r] : theirs[c];
        SynChoice black = side == SYN_WHITE ? theirs[c] : mine[r];
        variant->apply (state, white, black, &next);
        cells[r * n_cols + c] = syn_rule_set_strategy_score (variant, &next, side);
      }
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
  n_cols = syn_rule_set_strategy_side_choices (variant, state, enemy, work->theirs, NULL);
  /* The same cut as the enemy's. */
  if (n_rows > SYN_STRATEGY_MAX)
    n_rows = SYN_STRATEGY_MAX;
  syn_rule_set_strategy_fill (variant, state, side, work->mine, n_rows, work->theirs, n_cols,
                              work->cells);

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
