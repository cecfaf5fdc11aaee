/* search-order.h: ordering one side's moves or choices by what they earned against the other
 * side's equilibrium, and putting a strategy back in the caller's order, shared by psc-search
 * (moves) and variant-search (choices).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "move.h"
#include "variant.h"

#define SYN_SEARCH_ORDER_MAX (SYN_MAX_CHOICES > SYN_MAX_MOVES ? SYN_MAX_CHOICES : SYN_MAX_MOVES)

/* Fills order with 0..n-1 sorted by payoff, best first for the side whose sign is given
 * (+1 White, -1 Black), ties to the larger strategy weight. Insertion sort: stable, and
 * lists are short next to the searching they save. */
static inline void
syn_search_order_by_payoff (const double *payoff, const double *strategy, int n, double sign,
                            int *order)
{
  for (int i = 0; i < n; i++)
    {
      const double key = sign * payoff[i], p = strategy[i];
      int j = i;

      while (j > 0
             && (sign * payoff[order[j - 1]] < key
                 || (sign * payoff[order[j - 1]] == key && strategy[order[j - 1]] < p)))
        {
          order[j] = order[j - 1];
          j--;
        }
      order[j] = i;
    }
}

/* Puts origin, payoff and strategy in order's order (the caller does the same for its moves
 * or choices). */
static inline void
syn_search_apply_order (const int *order, int n, int *origin, double *payoff, double *strategy)
{
  int old_origin[SYN_SEARCH_ORDER_MAX];
  double old_payoff[SYN_SEARCH_ORDER_MAX], old_strategy[SYN_SEARCH_ORDER_MAX];

  for (int i = 0; i < n; i++)
    {
      old_origin[i] = origin[i];
      old_payoff[i] = payoff[i];
      old_strategy[i] = strategy[i];
    }
  for (int i = 0; i < n; i++)
    {
      origin[i] = old_origin[order[i]];
      payoff[i] = old_payoff[order[i]];
      strategy[i] = old_strategy[order[i]];
    }
}

/* Puts a strategy held in the root's order (n entries, entry i being the caller's origin[i])
 * into out, in the caller's order; the first n_clear entries of out are zeroed first, which
 * leaves the root's left-out moves or choices at 0 (n_clear 0 keeps what out held). */
static inline void
syn_search_unorder_strategy (const double *strategy, const int *origin, int n, int n_clear,
                             double *out)
{
  for (int i = 0; i < n_clear; i++)
    out[i] = 0;
  for (int i = 0; i < n; i++)
    out[origin[i]] = strategy[i];
}
