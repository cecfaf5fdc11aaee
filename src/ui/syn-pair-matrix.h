/* syn-pair-matrix.h: every White move against every Black move of one turn, each cell
 * coloured by the evaluation of the position they resolve to, with both sides' equilibrium
 * strategies and the value of the turn. Computed on a thread.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-analysis.h"

G_BEGIN_DECLS

#define SYN_TYPE_PAIR_MATRIX (syn_pair_matrix_get_type ())

G_DECLARE_FINAL_TYPE (SynPairMatrix, syn_pair_matrix, SYN, PAIR_MATRIX, GtkWidget)

GtkWidget *syn_pair_matrix_new (void);

/* Starts computing the matrix of state (cancelling one under way). Property "computing"
 * is TRUE until it is done. */
void syn_pair_matrix_set_state (SynPairMatrix *self, const SynState *state);

gboolean syn_pair_matrix_get_computing (SynPairMatrix *self);

/* The matrix shown, or NULL while computing or for a finished game. */
const SynAnalysisMatrix *syn_pair_matrix_get_matrix (SynPairMatrix *self);

G_END_DECLS
