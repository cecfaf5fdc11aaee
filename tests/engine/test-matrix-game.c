/* test-matrix-game.c: the matrix-game solver on games with known solutions, and on random
 * games whose solutions are checked by best responses.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>

#include "matrix-game.h"

#define GAP_LIMIT 1e-6

typedef struct
{
  double x[SYN_MATRIX_GAME_MAX], y[SYN_MATRIX_GAME_MAX];
  SynMatrixGameSolution solution;
} Solved;

static SynMatrixGameWork *
work_new (void)
{
  return g_new (SynMatrixGameWork, 1);
}

/* The certificate computed here, apart from the solver's own: no row earns more than
 * upper against y, no column concedes less than lower against x. */
static double
independent_gap (const double *cells, int m, int n, const double *x, const double *y)
{
  double lower = INFINITY, upper = -INFINITY;
  for (int j = 0; j < n; j++)
    {
      double sum = 0;
      for (int i = 0; i < m; i++)
        sum += x[i] * cells[i * n + j];
      lower = MIN (lower, sum);
    }
  for (int i = 0; i < m; i++)
    {
      double sum = 0;
      for (int j = 0; j < n; j++)
        sum += cells[i * n + j] * y[j];
      upper = MAX (upper, sum);
    }
  return upper - lower;
}

static void
assert_strategy (const double *p, int n)
{
  double sum = 0;
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpfloat (p[i], >=, 0);
      sum += p[i];
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
}

static void
solve (const double *cells, int m, int n, Solved *out)
{
  g_autofree SynMatrixGameWork *work = work_new ();
  gboolean ok = syn_matrix_game_solve (cells, m, n, out->x, out->y, work, &out->solution);
  g_assert_true (ok);
  assert_strategy (out->x, m);
  assert_strategy (out->y, n);
  g_assert_cmpfloat (out->solution.gap, <, GAP_LIMIT);
  g_assert_cmpfloat (independent_gap (cells, m, n, out->x, out->y), <, GAP_LIMIT);
}

static void
test_matching_pennies (void)
{
  const double cells[] = { 1, -1, -1, 1 };
  Solved s;
  solve (cells, 2, 2, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 0, 1e-9);
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpfloat_with_epsilon (s.x[i], 0.5, 1e-9);
      g_assert_cmpfloat_with_epsilon (s.y[i], 0.5, 1e-9);
    }
}

static void
test_rock_paper_scissors (void)
{
  /* Rows and columns: rock, paper, scissors. */
  const double cells[] = { 0, -1, 1, 1, 0, -1, -1, 1, 0 };
  Solved s;
  solve (cells, 3, 3, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 0, 1e-9);
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpfloat_with_epsilon (s.x[i], 1.0 / 3, 1e-9);
      g_assert_cmpfloat_with_epsilon (s.y[i], 1.0 / 3, 1e-9);
    }
}

/* The third row is beaten by mixing the first two; the third column costs the column player
 * more than either other column, whatever the row. What is left is matching pennies around
 * 2, which the solver must find without being told. */
static void
test_dominated_strategies (void)
{
  const double cells[] = {
    4, 0, 5, /* */
    0, 4, 5, /* */
    1, 1, 6,
  };
  Solved s;
  solve (cells, 3, 3, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.x[0], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.x[1], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.x[2], 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.y[0], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.y[1], 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.y[2], 0, 1e-9);
}

/* Row 0 guarantees 4 and column 0 concedes 4: a saddle point, and the only equilibrium. */
static void
test_saddle_point (void)
{
  const double cells[] = {
    4, 5, 6, /* */
    3, 7, 2, /* */
    1, 8, 0,
  };
  Solved s;
  solve (cells, 3, 3, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 4, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.x[0], 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.y[0], 1, 1e-9);
}

/* [[2, -1], [-1, 1]]: both play the first strategy with 2/5, value 1/5. */
static void
test_unequal_mix (void)
{
  const double cells[] = { 2, -1, -1, 1 };
  Solved s;
  solve (cells, 2, 2, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.x[0], 0.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.y[0], 0.4, 1e-9);
}

/* One move against many, and a game where nothing matters. */
static void
test_degenerate_shapes (void)
{
  const double row[] = { 3, -2, 7, -2 };
  const double column[] = { 3, -2, 7, -2 };
  const double constant[] = { 5, 5, 5, 5, 5, 5 };
  Solved s;

  solve (row, 1, 4, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, -2, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.y[0] + s.y[2], 0, 1e-9);

  solve (column, 4, 1, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 7, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.x[2], 1, 1e-9);

  solve (constant, 2, 3, &s);
  g_assert_cmpfloat_with_epsilon (s.solution.value, 5, 1e-9);
  g_assert_cmpfloat_with_epsilon (s.solution.gap, 0, 1e-12);
}

static void
test_size_out_of_range (void)
{
  g_autofree SynMatrixGameWork *work = work_new ();
  double cells[1] = { 0 }, x[1], y[1];
  SynMatrixGameSolution solution;
  g_assert_false (syn_matrix_game_solve (cells, 0, 1, x, y, work, &solution));
  g_assert_false (syn_matrix_game_solve (cells, 1, SYN_MATRIX_GAME_MAX + 1, x, y, work, &solution));
}

typedef enum
{
  CONTINUOUS, /* uniform in [-1, 1] */
  FEW_VALUES, /* whole numbers -2 to 2: many ties, degenerate bases */
  CENTIPAWNS, /* evaluations with won and lost games among them, as searches give */
} Kind;

static double
random_cell (GRand *rand, Kind kind)
{
  switch (kind)
    {
    case CONTINUOUS:
      return g_rand_double_range (rand, -1, 1);
    case FEW_VALUES:
      return g_rand_int_range (rand, -2, 3);
    case CENTIPAWNS:
    default:
      {
        int r = g_rand_int_range (rand, 0, 20);
        if (r == 0)
          return 100000 - g_rand_int_range (rand, 1, 4);
        if (r == 1)
          return -100000 + g_rand_int_range (rand, 1, 4);
        return g_rand_int_range (rand, -900, 901);
      }
    }
}

static void
check_random_games (Kind kind, int n_games, int max_size)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260 + kind);
  g_autofree double *cells = g_new (double, SYN_MATRIX_GAME_MAX *SYN_MATRIX_GAME_MAX);

  for (int game = 0; game < n_games; game++)
    {
      int m = g_rand_int_range (rand, 1, max_size + 1);
      int n = g_rand_int_range (rand, 1, max_size + 1);
      Solved s;
      for (int k = 0; k < m * n; k++)
        cells[k] = random_cell (rand, kind);
      /* Copies of a row or a column are common in chess (moves that change nothing
       * relevant); they make the program degenerate. */
      if (m > 2 && game % 3 == 0)
        for (int j = 0; j < n; j++)
          cells[(m - 1) * n + j] = cells[j];
      solve (cells, m, n, &s);
      g_assert_cmpfloat (s.solution.lower - 1e-9, <=, s.solution.value);
      g_assert_cmpfloat (s.solution.value, <=, s.solution.upper + 1e-9);
    }
}

static void
test_random_continuous (void)
{
  check_random_games (CONTINUOUS, 300, 40);
}

static void
test_random_few_values (void)
{
  check_random_games (FEW_VALUES, 300, 40);
}

static void
test_random_centipawns (void)
{
  check_random_games (CENTIPAWNS, 300, 40);
}

/* The largest game a PSC turn can give. */
static void
test_largest (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  const int size = SYN_MATRIX_GAME_MAX;
  g_autofree double *cells = g_new (double, size *size);
  Solved s;
  for (int k = 0; k < size * size; k++)
    cells[k] = random_cell (rand, CENTIPAWNS);
  solve (cells, size, size, &s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/matrix-game/known/matching-pennies", test_matching_pennies);
  g_test_add_func ("/matrix-game/known/rock-paper-scissors", test_rock_paper_scissors);
  g_test_add_func ("/matrix-game/known/dominated-strategies", test_dominated_strategies);
  g_test_add_func ("/matrix-game/known/saddle-point", test_saddle_point);
  g_test_add_func ("/matrix-game/known/unequal-mix", test_unequal_mix);
  g_test_add_func ("/matrix-game/known/degenerate-shapes", test_degenerate_shapes);
  g_test_add_func ("/matrix-game/size-out-of-range", test_size_out_of_range);
  g_test_add_func ("/matrix-game/random/continuous", test_random_continuous);
  g_test_add_func ("/matrix-game/random/few-values", test_random_few_values);
  g_test_add_func ("/matrix-game/random/centipawns", test_random_centipawns);
  g_test_add_func ("/matrix-game/random/largest", test_largest);
  return g_test_run ();
}
