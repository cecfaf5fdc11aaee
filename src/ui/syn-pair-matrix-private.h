/* syn-pair-matrix-private.h: what the pair matrix's widget and its drawing share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-pair-matrix.h"

G_BEGIN_DECLS

#define SYN_PAIR_MATRIX_ROW_HEIGHT 18
#define SYN_PAIR_MATRIX_CELL_WIDTH 18
#define SYN_PAIR_MATRIX_NUMBER_WIDTH 40 /* a cell that shows its value ("+0.35") */

struct _SynPairMatrix
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkSpinner *spinner;
  GtkLabel *summary;
  GtkDropDown *sort_by;
  GtkToggleButton *show_numbers;
  GtkDrawingArea *legend;
  GtkDrawingArea *corner;
  GtkDrawingArea *column_header;
  GtkDrawingArea *row_header;
  GtkDrawingArea *cells;
  GtkScrolledWindow *scrolled;
  GtkLabel *white_strategy;
  GtkLabel *black_strategy;
  GtkLabel *preview;

  /* owned */
  GCancellable *cancellable;
  SynAnalysisMatrix *matrix;
  SynState state;
  const SynVariant *variant;
  char **white_names;
  char **black_names;
  int row_header_width;     /* room for the longest White choice and its weight */
  int column_header_height; /* room for the longest Black choice and its weight, turned */
  double spread;            /* the distance from the value that gets the full colour */
  SynPairMatrixSort sort;
  int row_order[SYN_ANALYSIS_MATRIX_MAX];
  int column_order[SYN_ANALYSIS_MATRIX_MAX];
  double row_average[SYN_ANALYSIS_MATRIX_MAX];
  double column_average[SYN_ANALYSIS_MATRIX_MAX];
  int cursor_white; /* the selected pair, matrix indices, -1 for none */
  int cursor_black;
  int hover_white; /* the pair under the pointer, shown but not selected; -1 for none */
  int hover_black;
};

/* The shown position of matrix index in order, or -1. */
int syn_pair_matrix_position_of (const int *order, int n, int index);

/* The width of a column of cells, wider when the cells show their values. */
int syn_pair_matrix_cell_width (SynPairMatrix *self);

/* How an equilibrium weight is written beside its choice ("42%", "4.5%"); NULL when the
 * choice is never played. */
char *syn_pair_matrix_format_weight (double weight);

/* A cell's text with its value: "Nf3 against e5: +0.32" or "… White wins". */
char *syn_pair_matrix_describe_cell (SynPairMatrix *self, int white, int black);

/* The spread of the colour scale for the matrix: most cells fall inside it. */
double syn_pair_matrix_measure_spread (const SynAnalysisMatrix *m);

/* Room for the headers, measured with the widget's font. */
void syn_pair_matrix_measure_headers (SynPairMatrix *self);

/* Names of side's choices in state, a NULL-terminated array. */
char **syn_pair_matrix_choice_names (const SynVariant *variant, const SynState *state,
                                     SynColour side, const SynChoice *choices, int n);

/* An equilibrium strategy in words ("Nf3 42.0%, e4 58.0%"). */
char *syn_pair_matrix_describe_strategy (char **names, const double *strategy, int n);

/* The summary line above the cells: the matrix's size, what was cut or waits, the value. */
char *syn_pair_matrix_describe_matrix (const SynAnalysisMatrix *m);

/* Draw functions of the legend, the corner, the headers and the cells. */
void syn_pair_matrix_draw_legend (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                  gpointer user_data);
void syn_pair_matrix_draw_corner (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                  gpointer user_data);
void syn_pair_matrix_draw_column_header (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                         gpointer user_data);
void syn_pair_matrix_draw_row_header (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                      gpointer user_data);
void syn_pair_matrix_draw_cells (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                 gpointer user_data);

G_END_DECLS
