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

typedef struct
{
  SynChoice mine[SYN_MAX_CHOICES];
  SynChoice theirs[SYN_MAX_CHOICES];
  double cells[SYN_STRATEGY_MAX * SYN_STRATEGY_MAX];
  double row_strategy[SYN_STRATEGY_MAX];
  double col_strategy[SYN_STRATEGY_MAX];
  SynMatrixGameWork matrix;
} SynStrategyWork;

/* side's choice in state, sampled from its equilibrium with random in [0, 1); excluded
 * (n_excluded long) are choices side already knows to be refused this step. Returns
 * SYN_CHOICE_NONE when side has nothing to choose. work is large: allocate it. */
SynChoice syn_rule_set_strategy_choose (const SynVariant *variant, const SynState *state,
                                        SynColour side, double random, const SynChoice *excluded,
                                        int n_excluded, SynStrategyWork *work);
