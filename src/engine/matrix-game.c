/* matrix-game.c: zero-sum matrix games solved as a linear program with a dense simplex.
 *
 * The cells are first mapped affinely onto [1, 2], which keeps the tableau well scaled
 * whatever the units (centipawns next to won-game values) and makes the value positive.
 * Then the column player's program, in standard form with the origin feasible,
 *
 *     maximise sum w   subject to   B w <= 1,  w >= 0,
 *
 * has optimum 1 / v; y = v w is an optimal column strategy, and the dual prices of the
 * rows, read off the slack columns of the final tableau, give x = v u for the row player.
 * Everything is certified afterwards by best responses on the original cells.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "matrix-game.h"

#include <assert.h>
#include <math.h>

/* Reduced costs above -COST_EPSILON count as optimal, and pivots smaller than
 * PIVOT_EPSILON are refused: with cells in [1, 2] entries stay of order one, so these
 * absolute thresholds sit far above rounding noise and far below real values. */
#define COST_EPSILON 1e-11
#define PIVOT_EPSILON 1e-9
/* Dantzig's rule is fast but may cycle on degenerate games, which chess gives plenty of
 * (rows of equal values); after this many pivots in a row that gain nothing, Bland's rule
 * takes over, which cannot cycle. */
#define STALL_LIMIT 32

void
syn_matrix_game_certify (const double *cells, int n_rows, int n_cols, const double *row_strategy,
                         const double *col_strategy, SynMatrixGameSolution *solution)
{
  double lower = INFINITY, upper = -INFINITY;

  for (int j = 0; j < n_cols; j++)
    {
      double sum = 0;
      for (int i = 0; i < n_rows; i++)
        sum += row_strategy[i] * cells[i * n_cols + j];
      lower = sum < lower ? sum : lower;
    }
  for (int i = 0; i < n_rows; i++)
    {
      const double *row = cells + i * n_cols;
      double sum = 0;
      for (int j = 0; j < n_cols; j++)
        sum += row[j] * col_strategy[j];
      upper = sum > upper ? sum : upper;
    }
  solution->lower = lower;
  solution->upper = upper;
  /* Rounding may make a perfect pair look a hair better than perfect. */
  solution->gap = upper > lower ? upper - lower : 0;
  solution->value = lower + solution->gap / 2;
}

/* Makes column `enter` basic in row `leave`. */
static void
pivot (double *tableau, int n_tableau_rows, int width, int leave, int enter)
{
  double *pivot_row = tableau + leave * width;
  double scale = 1.0 / pivot_row[enter];

  for (int c = 0; c < width; c++)
    pivot_row[c] *= scale;
  pivot_row[enter] = 1.0;
  for (int r = 0; r < n_tableau_rows; r++)
    {
      double *row = tableau + r * width;
      double factor = row[enter];
      if (r == leave || factor == 0)
        continue;
      for (int c = 0; c < width; c++)
        row[c] -= factor * pivot_row[c];
      row[enter] = 0; /* exactly, not within rounding */
    }
}

/* Normalises v (n long) into a probability vector. The unnormalised entries are of order
 * one, so anything below 1e-14 is rounding, negative or not, and is cleared: strategies
 * then name exactly the moves they play. */
static void
normalise (double *v, int n)
{
  double sum = 0;
  for (int i = 0; i < n; i++)
    {
      if (v[i] < 1e-14)
        v[i] = 0;
      sum += v[i];
    }
  for (int i = 0; i < n; i++)
    v[i] = sum > 0 ? v[i] / sum : 1.0 / n;
}

/* The least and the greatest cell, which set the map onto [1, 2]. */
static inline void
cell_range (const double *cells, int n_cells, double *low_out, double *high_out)
{
  double low, high;

  low = high = cells[0];
  for (int k = 1; k < n_cells; k++)
    {
      low = cells[k] < low ? cells[k] : low;
      high = cells[k] > high ? cells[k] : high;
    }
  *low_out = low;
  *high_out = high;
}

/* Rows 0..m-1 are the constraints B w + s = 1, row m the objective; columns 0..n-1 are w,
 * n..n+m-1 the slacks s, and the last one the right-hand side. The slacks start basic. */
static inline void
fill_tableau (const double *cells, int m, int n, double low, double scale, double *tableau,
              int *basis)
{
  const int width = n + m + 1, rhs = n + m;
  double *objective = tableau + m * width;

  for (int i = 0; i < m; i++)
    {
      double *row = tableau + i * width;
      for (int j = 0; j < n; j++)
        row[j] = (cells[i * n + j] - low) * scale + 1.0;
      for (int k = 0; k < m; k++)
        row[n + k] = 0;
      row[n + i] = 1;
      row[rhs] = 1;
      basis[i] = n + i;
    }
  for (int c = 0; c < width; c++)
    objective[c] = c < n ? -1.0 : 0.0;
}

/* The column that enters the basis: the most negative reduced cost (Dantzig), or the first
 * negative one (Bland); -1 when none is below -COST_EPSILON, that is at the optimum. */
static inline int
entering_column (const double *objective, int rhs, bool bland)
{
  int enter = -1;
  double best = -COST_EPSILON;

  for (int c = 0; c < rhs; c++)
    if (objective[c] < best)
      {
        enter = c;
        if (bland)
          break;
        best = objective[c];
      }
  return enter;
}

/* The ratio test: the row that leaves when column enter comes in, or -1 when no entry of
 * the column is above PIVOT_EPSILON; its ratio goes to ratio_out. */
static inline int
leaving_row (const double *tableau, const int *basis, int m, int width, int enter, bool bland,
             double *ratio_out)
{
  const int rhs = width - 1;
  int leave = -1;
  double ratio = INFINITY;

  for (int r = 0; r < m; r++)
    {
      const double *row = tableau + r * width;
      double a = row[enter], q;
      if (a <= PIVOT_EPSILON)
        continue;
      q = (row[rhs] > 0 ? row[rhs] : 0) / a;
      if (leave < 0 || q < ratio - 1e-12)
        {
          leave = r;
          ratio = q;
        }
      else if (q <= ratio + 1e-12)
        {
          /* A tie: Bland's rule needs the lowest basic variable to leave; otherwise
           * the larger pivot is the more stable. */
          bool better = bland ? basis[r] < basis[leave] : a > tableau[leave * width + enter];
          if (better)
            {
              leave = r;
              ratio = q < ratio ? q : ratio;
            }
        }
    }
  *ratio_out = ratio;
  return leave;
}

/* w from the basic rows, u from the slack columns' reduced costs; both scale to
 * strategies by the same positive factor, which normalising takes care of. */
static inline void
read_strategies (const double *tableau, const int *basis, int m, int n, double *row_strategy,
                 double *col_strategy)
{
  const int width = n + m + 1, rhs = n + m;
  const double *objective = tableau + m * width;

  for (int j = 0; j < n; j++)
    col_strategy[j] = 0;
  for (int r = 0; r < m; r++)
    if (basis[r] < n)
      col_strategy[basis[r]] = tableau[r * width + rhs];
  for (int i = 0; i < m; i++)
    row_strategy[i] = objective[n + i];
  normalise (col_strategy, n);
  normalise (row_strategy, m);
}

bool
syn_matrix_game_solve (const double *cells, int n_rows, int n_cols, double *row_strategy,
                       double *col_strategy, SynMatrixGameWork *work,
                       SynMatrixGameSolution *solution)
{
  const int m = n_rows, n = n_cols, width = n + m + 1, rhs = n + m;
  double *tableau = work->tableau, *objective;
  int *basis = work->basis;
  double low, high, scale;
  int pivots = 0, stalled = 0, limit;
  bool bland = false, finished = false;

  if (m < 1 || n < 1 || m > SYN_MATRIX_GAME_MAX || n > SYN_MATRIX_GAME_MAX)
    return false;

  cell_range (cells, m * n, &low, &high);
  /* A game whose cells are all equal: every strategy is optimal; the uniform ones give away
   * the least about which move will come. */
  if (!(high - low > 1e-12 * (fabs (high) + fabs (low))))
    {
      for (int i = 0; i < m; i++)
        row_strategy[i] = 1.0 / m;
      for (int j = 0; j < n; j++)
        col_strategy[j] = 1.0 / n;
      syn_matrix_game_certify (cells, m, n, row_strategy, col_strategy, solution);
      solution->pivots = 0;
      return true;
    }
  scale = 1.0 / (high - low);
  fill_tableau (cells, m, n, low, scale, tableau, basis);
  objective = tableau + m * width;

  /* Bland's rule alone is bounded by the number of bases, which is astronomically loose;
   * in practice a few times m + n pivots suffice, and the certificate reports any shortfall. */
  limit = 50 * (m + n) + 1000;
  while (pivots < limit)
    {
      int enter = entering_column (objective, rhs, bland), leave;
      double ratio;

      if (enter < 0)
        {
          finished = true;
          break;
        }
      leave = leaving_row (tableau, basis, m, width, enter, bland, &ratio);
      /* The program is bounded (B > 0), so a column with a negative cost always has a
       * positive entry; none above the threshold means it was rounding noise. */
      if (leave < 0)
        {
          objective[enter] = 0;
          continue;
        }

      stalled = ratio <= 1e-12 ? stalled + 1 : 0;
      if (stalled > STALL_LIMIT)
        bland = true;
      pivot (tableau, m + 1, width, leave, enter);
      basis[leave] = enter;
      pivots++;
    }

  read_strategies (tableau, basis, m, n, row_strategy, col_strategy);
  syn_matrix_game_certify (cells, m, n, row_strategy, col_strategy, solution);
  solution->pivots = pivots;
  return finished;
}
