/* matrix-game.h: exact solutions of two-player zero-sum matrix games, the game each
 * synchronous turn is: both mixed strategies and the value, with a certified duality gap.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "move.h"

/* No side of a PSC turn has more choices than a move list holds. */
#define SYN_MATRIX_GAME_MAX SYN_MAX_MOVES

/* A solution and its certificate. The row player receives cells[i * n_cols + j] and
 * maximises; the column player pays it and minimises. */
typedef struct
{
  double value; /* the midpoint of lower and upper */
  double lower; /* min over columns j of x^T A e_j: what the row strategy guarantees */
  double upper; /* max over rows i of e_i^T A y: the most the column strategy concedes */
  double gap;   /* upper - lower >= 0; the true value lies in [lower, upper] */
  int pivots;   /* simplex pivots taken, for benchmarks */
} SynMatrixGameSolution;

/* Scratch memory for the simplex; about a megabyte, so callers allocate it once (on the
 * heap) and reuse it. Only the part a game's size needs is touched. */
typedef struct
{
  double tableau[(SYN_MATRIX_GAME_MAX + 1) * (2 * SYN_MATRIX_GAME_MAX + 1)];
  int basis[SYN_MATRIX_GAME_MAX];
} SynMatrixGameWork;

/* Solves the n_rows x n_cols game whose cells are given row by row (1 to
 * SYN_MATRIX_GAME_MAX each way) by linear programming: a dense tableau simplex, Dantzig's
 * rule with a switch to Bland's rule when pivots stall, so it always ends. Writes optimal
 * mixed strategies into row_strategy (n_rows) and col_strategy (n_cols) and certifies them
 * by best responses into solution. Returns false only for a size out of range or when the
 * simplex hit its pivot limit (then the strategies are still valid, the gap says how good). */
bool syn_matrix_game_solve (const double *cells, int n_rows, int n_cols, double *row_strategy,
                            double *col_strategy, SynMatrixGameWork *work,
                            SynMatrixGameSolution *solution);

/* The certificate of any pair of mixed strategies: lower, upper, gap and value of solution
 * (pivots is left alone). */
void syn_matrix_game_certify (const double *cells, int n_rows, int n_cols,
                              const double *row_strategy, const double *col_strategy,
                              SynMatrixGameSolution *solution);

/* The game restricted to rows x cols of a larger one (cells row by row, n_all_cols wide),
 * written row by row into restricted, as syn_matrix_game_solve() takes it. */
static inline void
syn_matrix_game_restrict (const double *cells, int n_all_cols, const int *rows, int n_rows,
                          const int *cols, int n_cols, double *restricted)
{
  for (int r = 0; r < n_rows; r++)
    for (int c = 0; c < n_cols; c++)
      restricted[r * n_cols + c] = cells[rows[r] * n_all_cols + cols[c]];
}
