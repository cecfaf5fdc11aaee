/* syn-pair-matrix.h: every White choice against every Black choice of one step, in any rule
 * set, each cell coloured by the value of the state they resolve to (PSC: the evaluation;
 * the others: material and outcome one step ahead), with both sides' equilibrium strategies
 * and the value of the step. A side that waits is one row or column. Computed on a thread.
 * Rows and columns can be sorted; the pointer previews a cell without choosing it. A pair
 * chosen by a click or the keyboard is announced by "cell-focused", a pair to play (double
 * click, Enter) by "cell-activated" (White's choice, Black's choice, as guint).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-analysis.h"

G_BEGIN_DECLS

#define SYN_TYPE_PAIR_MATRIX (syn_pair_matrix_get_type ())

/* How rows (White's choices) and columns (Black's choices) are ordered; each puts the moves
 * best for their side first. */
typedef enum
{
  SYN_PAIR_MATRIX_SORT_NAME,
  SYN_PAIR_MATRIX_SORT_PROBABILITY,
  SYN_PAIR_MATRIX_SORT_AVERAGE,
} SynPairMatrixSort;

G_DECLARE_FINAL_TYPE (SynPairMatrix, syn_pair_matrix, SYN, PAIR_MATRIX, GtkWidget)

GtkWidget *syn_pair_matrix_new (void);

/* Starts computing the matrix of state in variant (NULL: PSC), cancelling one under way.
 * Property "computing" is TRUE until it is done. */
void syn_pair_matrix_set_state (SynPairMatrix *self, const SynVariant *variant,
                                const SynState *state);

gboolean syn_pair_matrix_get_computing (SynPairMatrix *self);

/* The matrix shown, or NULL while computing or for a finished game. */
const SynAnalysisMatrix *syn_pair_matrix_get_matrix (SynPairMatrix *self);

void syn_pair_matrix_set_sort (SynPairMatrix *self, SynPairMatrixSort sort);
SynPairMatrixSort syn_pair_matrix_get_sort (SynPairMatrix *self);

/* What the window and the matrix call side's choice in state: the notation's words, a
 * Transactional move without a decision said to keep pending, and a side that waits. */
char *syn_pair_matrix_describe_choice (const SynVariant *variant, const SynState *state,
                                       SynColour side, SynChoice choice);

/* The summary line above the cells ("Moves: White 20, Black 20. …"). */
const char *syn_pair_matrix_get_summary (SynPairMatrix *self);

/* The index into the matrix's white (black) choices of the row (column) shown at position. */
int syn_pair_matrix_get_row (SynPairMatrix *self, int position);
int syn_pair_matrix_get_column (SynPairMatrix *self, int position);

/* Puts the cursor on the cell shown at row, column and emits "cell-focused" for it. */
void syn_pair_matrix_set_cursor (SynPairMatrix *self, int row, int column);

/* The chosen pair as matrix indices; FALSE (and -1) when none is. */
gboolean syn_pair_matrix_get_cursor (SynPairMatrix *self, int *white, int *black);

/* The equilibrium weight written beside the row (column) shown at position ("42%"), or NULL
 * for a choice the equilibrium never plays. */
char *syn_pair_matrix_dup_row_mark (SynPairMatrix *self, int position);
char *syn_pair_matrix_dup_column_mark (SynPairMatrix *self, int position);

/* Where the cell shown at row, column is drawn: the widget and the area within it. */
gboolean syn_pair_matrix_get_cell_area (SynPairMatrix *self, int row, int column,
                                        GtkWidget **widget, graphene_rect_t *area);

G_END_DECLS
