/* psc-matrix.h: the pair matrix of a PSC turn: every White move against every Black move,
 * each cell the value of the position the two moves resolve to.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "move.h"
#include "position.h"

/* The evaluation (psc-eval.h, White's view) of the position after white and black, both
 * legal in pos, are executed together (PSC-R8); a finished game scores +-SYN_EVAL_WIN or 0.
 * child, when not NULL, receives that position. */
int syn_psc_pair_value (const SynPosition *pos, SynMove white, SynMove black, SynPosition *child);

/* Fills cells[w * n_black + b] with syn_psc_pair_value (pos, white[w], black[b]) for every
 * pair of the two lists. */
void syn_psc_pair_matrix (const SynPosition *pos, const SynMove *white, int n_white,
                          const SynMove *black, int n_black, double *cells);
