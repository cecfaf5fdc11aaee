/* psc-matrix.c: the pair matrix of a PSC turn, each cell a resolved and evaluated position.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-matrix.h"

#include "psc-eval.h"
#include "psc.h"

int
syn_psc_pair_value (const SynPosition *pos, SynMove white, SynMove black, SynPosition *child)
{
  SynPosition local;
  SynPscControl ctl;
  int n_moves[2];

  if (!child)
    child = &local;
  syn_psc_resolve (pos, white, black, child);
  syn_psc_control (child, &ctl);
  n_moves[SYN_WHITE] = syn_psc_count_moves (child, &ctl, SYN_WHITE);
  n_moves[SYN_BLACK] = syn_psc_count_moves (child, &ctl, SYN_BLACK);
  return syn_psc_eval (child, &ctl, n_moves);
}

void
syn_psc_pair_matrix (const SynPosition *pos, const SynMove *white, int n_white,
                     const SynMove *black, int n_black, double *cells)
{
  for (int w = 0; w < n_white; w++)
    for (int b = 0; b < n_black; b++)
      cells[w * n_black + b] = syn_psc_pair_value (pos, white[w], black[b], NULL);
}
