/* rule-set-strategy.h: a plain computer opponent for any rule set behind the variant table,
 * for those without a deep search of their own: one step deep, every pair of choices
 * scored by material and outcome, the matrix game solved exactly, the move sampled from the
 * equilibrium so that it cannot be guessed.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "matrix-game.h"
#include "variant.h"

#define SYN_STRATEGY_MAX SYN_MATRIX_GAME_MAX /* choices a side weighs; more are cut */
#define SYN_STRATEGY_WIN_SCORE 10000.0       /* a won game; material is in centipawns */

typedef struct
{
  SynChoice mine[SYN_MAX_CHOICES];
  SynChoice theirs[SYN_MAX_CHOICES];
  double cells[SYN_STRATEGY_MAX * SYN_STRATEGY_MAX];
  double row_strategy[SYN_STRATEGY_MAX];
  double col_strategy[SYN_STRATEGY_MAX];
  SynMatrixGameWork matrix;
} SynStrategyWork;

/* The state's worth to side: +-SYN_STRATEGY_WIN_SCORE for a finished game (0 for a draw),
 * else the material balance in centipawns. */
double syn_rule_set_strategy_score (const SynVariant *variant, const SynState *state,
                                    SynColour side);

/* side's choices in state into choices (SYN_MAX_CHOICES long), at most SYN_STRATEGY_MAX of
 * them (the first ones): a side that waits has the one choice SYN_CHOICE_NONE. *n_all, when
 * not NULL, is how many the side had before the cut (0 when it waits). */
int syn_rule_set_strategy_side_choices (const SynVariant *variant, const SynState *state,
                                        SynColour side, SynChoice *choices, int *n_all);

/* The one-step matrix of state from side's view: cells[r * n_cols + c] is the score to side
 * (syn_rule_set_strategy_score) after side's mine[r] against the enemy's theirs[c]. */
void syn_rule_set_strategy_fill (const SynVariant *variant, const SynState *state, SynColour side,
                                 const SynChoice *mine, int n_rows, const SynChoice *theirs,
                                 int n_cols, double *cells);

/* side's choice in state, sampled from its equilibrium with random in [0, 1); excluded
 * (n_excluded long) are choices side already knows to be refused this step. Returns
 * SYN_CHOICE_NONE when side has nothing to choose. work is large: allocate it. */
SynChoice syn_rule_set_strategy_choose (const SynVariant *variant, const SynState *state,
                                        SynColour side, double random, const SynChoice *excluded,
                                        int n_excluded, SynStrategyWork *work);
