/* test-psc-search.c: the search over simultaneous moves and the computer player: legal
 * moves, wins found, the double oracle against the full matrix, seeds, time, strength.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdatomic.h>
#include <string.h>

#include "fen.h"
#include "matrix-game.h"
#include "psc-eval.h"
#include "psc-matrix.h"
#include "psc-search-private.h"
#include "psc-search.h"
#include "psc.h"
#include "score.h"

#define FEN_SEED "rnbqkbnr/1pp2ppp/p7/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4"
#define FEN_MIDDLEGAME "r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12"
/* Ra8 freezes the black king on h8 (Nf7 is the first attacker, Ne7 keeps it from g8)
 * whatever Black plays; no other move does. The second is the same with colours swapped. */
#define FEN_WHITE_FREEZES "7k/4NNpp/8/8/3r4/8/8/R1K5 w - - 0 1"
#define FEN_BLACK_FREEZES "r1k5/8/8/3R4/8/8/4nnPP/7K w - - 0 1"
#define FEN_FINISHED "7k/8/8/8/8/8/8/r3K2r w - - 0 1"

static void
load (const char *fen, SynPosition *pos)
{
  SynFenError error = { 0, "" };
  gboolean ok = syn_fen_parse (fen, SYN_FEN_PSC, pos, &error);
  if (!ok)
    g_test_message ("refused %s: %s", fen, error.message);
  g_assert_true (ok);
}

static SynPscWorkspace *
workspace_new (void)
{
  return g_malloc0 (syn_psc_workspace_size ());
}

static gboolean
is_legal (const SynPosition *pos, SynColour side, SynMove move)
{
  SynPscControl ctl;
  SynMove moves[SYN_MAX_MOVES];
  int n;
  syn_psc_control (pos, &ctl);
  n = syn_psc_moves (pos, &ctl, side, moves);
  for (int i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

static void
test_legal_moves (void)
{
  const char *fens[] = { SYN_FEN_START, FEN_SEED, FEN_MIDDLEGAME, FEN_WHITE_FREEZES,
                         "4k3/8/8/3n2pP/1Pp1N3/8/8/4K3 w - b3g6 0 2" };
  g_autofree SynPscWorkspace *work = workspace_new ();

  for (size_t f = 0; f < G_N_ELEMENTS (fens); f++)
    for (int level = SYN_PSC_LEVEL_BEGINNER; level < SYN_PSC_N_LEVELS; level++)
      for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
        {
          SynPosition pos;
          SynPscSearchResult result;
          SynMove move;
          double total = 0;

          load (fens[f], &pos);
          move = syn_psc_best (&pos, (SynColour) side, (SynPscLevel) level, 100, 1000 + f, work,
                               &result);
          g_assert_true (is_legal (&pos, (SynColour) side, move));
          g_assert_cmpint (result.depth, >=, 1);
          g_assert_cmpuint (result.positions, >, 0);
          for (int i = 0; i < result.n_moves[side]; i++)
            {
              g_assert_cmpfloat (result.strategy[side][i], >=, 0);
              total += result.strategy[side][i];
            }
          g_assert_cmpfloat_with_epsilon (total, 1, 1e-9);
        }
}

/* A one-turn freeze of the enemy king (PSC-R3, R10) is played with certainty at every
 * depth, by either colour, whatever the seed. */
static void
test_finds_one_turn_freeze (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  const SynMove white_wins = syn_move_make (0, 56, SYN_MOVE_PLAIN); /* a1a8 */
  const SynMove black_wins = syn_move_make (56, 0, SYN_MOVE_PLAIN); /* a8a1 */
  SynPosition white_pos, black_pos;

  load (FEN_WHITE_FREEZES, &white_pos);
  load (FEN_BLACK_FREEZES, &black_pos);
  for (int level = SYN_PSC_LEVEL_EASY; level <= SYN_PSC_LEVEL_HARD; level++)
    for (uint64_t seed = 0; seed < 8; seed++)
      {
        SynPscSearchResult result;
        g_assert_cmpuint (
            syn_psc_best (&white_pos, SYN_WHITE, (SynPscLevel) level, 0, seed, work, &result), ==,
            white_wins);
        g_assert_cmpfloat (result.value, ==, 1 - SYN_SCORE_PER_STEP);
        g_assert_cmpuint (
            syn_psc_best (&black_pos, SYN_BLACK, (SynPscLevel) level, 0, seed, work, &result), ==,
            black_wins);
        g_assert_cmpfloat (result.value, ==, SYN_SCORE_PER_STEP);
      }
}

/* result's strategies and value are an equilibrium of the game cells (its moves each way,
 * row by row), within tolerance. */
static void
assert_equilibrium_of (const SynPscSearchResult *result, const double *cells, double tolerance,
                       const char *fen)
{
  const int m = result->n_moves[SYN_WHITE], n = result->n_moves[SYN_BLACK];
  SynMatrixGameSolution solution;

  syn_matrix_game_certify (cells, m, n, result->strategy[SYN_WHITE], result->strategy[SYN_BLACK],
                           &solution);
  g_test_message ("%s: %dx%d, value %.6f, gap %.3g", fen, m, n, result->value, solution.gap);
  g_assert_cmpfloat (solution.gap, <=, tolerance);
  g_assert_cmpfloat_with_epsilon (result->value, solution.value, tolerance);
}

/* The double oracle solves only part of a turn's matrix; its answer must be an equilibrium
 * of the whole matrix all the same. */
static void
test_double_oracle_is_exact (void)
{
  const char *fens[] = { SYN_FEN_START,
                         FEN_SEED,
                         FEN_MIDDLEGAME,
                         FEN_WHITE_FREEZES,
                         "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                         "4k3/8/8/3n2pP/1Pp1N3/8/8/4K3 w - b3g6 0 2" };
  g_autofree SynPscWorkspace *work = workspace_new ();
  g_autofree double *cells = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);

  for (size_t f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      SynPscLimits limits = { 1, 0, 0, 0 };
      SynPscSearchResult result;
      SynPosition pos;
      int m, n;

      load (fens[f], &pos);
      g_assert_true (syn_psc_search (&pos, &limits, work, &result));
      m = result.n_moves[SYN_WHITE];
      n = result.n_moves[SYN_BLACK];
      syn_psc_pair_matrix (&pos, result.moves[SYN_WHITE], m, result.moves[SYN_BLACK], n, cells);
      /* In expected score, a win one turn away counting one turn less than a win now. */
      for (int k = 0; k < m * n; k++)
        cells[k] = syn_score_of_centipawns (cells[k], 1, SYN_SCORE_SCALE_PSC);
      assert_equilibrium_of (&result, cells, 1e-5, fens[f]);
    }
}

/* The value of pos one turn deep by its whole pair matrix, a win k turns away counting k
 * less. */
static double
full_one_turn_value (const SynPosition *pos, int k, SynMatrixGameWork *lp, double *cells)
{
  static double x[SYN_MAX_MOVES], y[SYN_MAX_MOVES];
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
  SynPscControl ctl;
  SynMatrixGameSolution solution;
  int m, n;

  syn_psc_control (pos, &ctl);
  m = syn_psc_moves (pos, &ctl, SYN_WHITE, white);
  n = syn_psc_moves (pos, &ctl, SYN_BLACK, black);
  syn_psc_pair_matrix (pos, white, m, black, n, cells);
  for (int i = 0; i < m * n; i++)
    cells[i] = syn_score_of_centipawns (cells[i], k, SYN_SCORE_SCALE_PSC);
  syn_matrix_game_solve (cells, m, n, x, y, lp, &solution);
  return solution.value;
}

/* The root matrix two turns deep, every cell the full one-turn game of its position, in
 * the order of result's moves. */
static void
exact_depth_two_matrix (const SynPosition *pos, const SynPscSearchResult *result,
                        SynMatrixGameWork *lp, double *cells, double *root)
{
  const int m = result->n_moves[SYN_WHITE], n = result->n_moves[SYN_BLACK];

  for (int w = 0; w < m; w++)
    for (int b = 0; b < n; b++)
      {
        SynPosition child;
        SynPscControl ctl;
        int counts[2];
        SynOutcome outcome;
        syn_psc_resolve (pos, result->moves[SYN_WHITE][w], result->moves[SYN_BLACK][b], &child);
        syn_psc_control (&child, &ctl);
        counts[SYN_WHITE] = syn_psc_count_moves (&child, &ctl, SYN_WHITE);
        counts[SYN_BLACK] = syn_psc_count_moves (&child, &ctl, SYN_BLACK);
        outcome = syn_psc_outcome_from_counts (&child, &ctl, counts);
        if (outcome.result != SYN_RESULT_NONE)
          root[w * n + b] = syn_score_of_outcome (outcome, 1);
        else
          root[w * n + b] = full_one_turn_value (&child, 2, lp, cells);
      }
}

/* Two turns deep no move is cut below the root, so the search's answer must be the
 * equilibrium of the root matrix whose every cell is the full one-turn game of its
 * position: computed here cell by cell, where the search, with its double oracle, bounds
 * and windows, looked at a fraction of them. */
static void
test_depth_two_is_exact (void)
{
  const char *fens[]
      = { FEN_WHITE_FREEZES, FEN_MIDDLEGAME, "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 40",
          "4k3/8/8/3n2pP/1Pp1N3/8/8/4K3 w - b3g6 0 2", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" };
  g_autofree SynPscWorkspace *work = workspace_new ();
  g_autofree SynMatrixGameWork *lp = g_malloc (sizeof *lp);
  g_autofree double *root = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);
  g_autofree double *cells = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);

  for (size_t f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      SynPscLimits limits = { 2, 0, 0, 0 };
      SynPscSearchResult result;
      SynPosition pos;

      load (fens[f], &pos);
      g_assert_true (syn_psc_search (&pos, &limits, work, &result));
      g_assert_cmpint (result.depth, ==, 2);
      exact_depth_two_matrix (&pos, &result, lp, cells, root);
      assert_equilibrium_of (&result, root, 1e-6, fens[f]);
    }
}

/* A search whose second iteration is cut short by a budget of positions still plays
 * what that iteration certified: a side's strategy taken from it guarantees, against
 * every reply in the exact two-turn root matrix, what the result says it does. Budgets
 * spread between the end of the first iteration and the end of the second. */
static void
test_cut_short_keeps_certified (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  g_autofree SynMatrixGameWork *lp = g_malloc (sizeof *lp);
  g_autofree double *root = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);
  g_autofree double *cells = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);
  SynPscLimits limits = { 1, 0, 0, 0 };
  SynPscSearchResult one, two, cut;
  SynMatrixGameSolution previous;
  SynPosition pos;
  int kept = 0, m, n;

  /* Each search from an empty table, so that the budgets in positions mean the same to
   * each (the table outlives a search). */
  load (FEN_MIDDLEGAME, &pos);
  memset (work, 0, syn_psc_workspace_size ());
  g_assert_true (syn_psc_search (&pos, &limits, work, &one));
  limits.depth = 2;
  memset (work, 0, syn_psc_workspace_size ());
  g_assert_true (syn_psc_search (&pos, &limits, work, &two));
  m = two.n_moves[SYN_WHITE];
  n = two.n_moves[SYN_BLACK];
  exact_depth_two_matrix (&pos, &two, lp, cells, root);
  syn_matrix_game_certify (root, m, n, one.strategy[SYN_WHITE], one.strategy[SYN_BLACK], &previous);
  g_test_message ("depth 1's strategies two turns deep: white %.3f, black %.3f, value %.3f",
                  previous.lower, previous.upper, two.value);
  for (int k = 1; k < 8; k++)
    {
      SynMatrixGameSolution solution;
      limits.max_positions = one.positions + (two.positions - one.positions) * (uint64_t) k / 8;
      memset (work, 0, syn_psc_workspace_size ());
      g_assert_true (syn_psc_search (&pos, &limits, work, &cut));
      g_assert_cmpint (cut.depth, ==, 1);
      g_test_message ("budget %" G_GUINT64_FORMAT
                      ": partial depth %d, white %d %.3f, black %d %.3f",
                      limits.max_positions, cut.partial_depth, cut.partial[SYN_WHITE],
                      cut.partial_guarantee[SYN_WHITE], cut.partial[SYN_BLACK],
                      cut.partial_guarantee[SYN_BLACK]);
      if (cut.partial_depth == 0)
        continue;
      g_assert_cmpint (cut.partial_depth, ==, 2);
      kept++;
      syn_matrix_game_certify (root, m, n, cut.strategy[SYN_WHITE], cut.strategy[SYN_BLACK],
                               &solution);
      /* lower: what White's strategy guarantees; upper: what Black's concedes at most. */
      /* Each kept strategy guarantees what it says, and no less than the first iteration's
       * strategy does two turns deep (the search only needs that guarantee exactly when
       * it falls below the first iteration's value). */
      if (cut.partial[SYN_WHITE])
        {
          g_assert_cmpfloat (solution.lower, >=, cut.partial_guarantee[SYN_WHITE] - 1e-6);
          g_assert_cmpfloat (cut.partial_guarantee[SYN_WHITE], >=,
                             MIN (previous.lower, one.value) - 1e-6);
        }
      if (cut.partial[SYN_BLACK])
        {
          g_assert_cmpfloat (solution.upper, <=, cut.partial_guarantee[SYN_BLACK] + 1e-6);
          g_assert_cmpfloat (cut.partial_guarantee[SYN_BLACK], <=,
                             MAX (previous.upper, one.value) + 1e-6);
        }
    }
  /* Most budgets end the second iteration after its first round of best responses. */
  g_assert_cmpint (kept, >=, 4);
}

static void
test_seed_decides_the_draw (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  SynPosition pos;
  GHashTable *seen = g_hash_table_new (NULL, NULL);

  load (FEN_SEED, &pos);
  for (uint64_t seed = 0; seed < 64; seed++)
    {
      SynMove a = syn_psc_best (&pos, SYN_WHITE, SYN_PSC_LEVEL_EASY, 0, seed, work, NULL);
      SynMove b = syn_psc_best (&pos, SYN_WHITE, SYN_PSC_LEVEL_EASY, 0, seed, work, NULL);
      g_assert_cmpuint (a, ==, b);
      g_hash_table_add (seen, GUINT_TO_POINTER (a));
    }
  /* The equilibrium of this turn is mixed, so the moves vary with the seed. */
  g_assert_cmpuint (g_hash_table_size (seen), >=, 2);
  g_hash_table_unref (seen);
}

/* One seed drives both sides' draws in `best` and in a game between two computers, so each
 * side draws from a stream of its own: the pair drawn is as often as the product of the two
 * strategies says, not locked together (a chi-square test on the joint counts). */
static void
test_sides_draw_independently (void)
{
  enum
  {
    N_SEEDS = 2000
  };
  g_autofree SynPscWorkspace *work = workspace_new ();
  SynPscSearchResult result;
  SynPosition pos;
  static int counts[SYN_MAX_MOVES][SYN_MAX_MOVES];
  double chi_square = 0;
  int df = 0, n_white = 0, n_black = 0;

  load (FEN_SEED, &pos);
  memset (counts, 0, sizeof counts);
  for (uint64_t seed = 0; seed < N_SEEDS; seed++)
    {
      SynMove white = syn_psc_best (&pos, SYN_WHITE, SYN_PSC_LEVEL_EASY, 0, seed, work, &result);
      SynMove black = syn_psc_best (&pos, SYN_BLACK, SYN_PSC_LEVEL_EASY, 0, seed, work, &result);
      int w = 0, b = 0;
      while (result.moves[SYN_WHITE][w] != white)
        w++;
      while (result.moves[SYN_BLACK][b] != black)
        b++;
      counts[w][b]++;
    }
  for (int w = 0; w < result.n_moves[SYN_WHITE]; w++)
    n_white += result.strategy[SYN_WHITE][w] > 1e-9;
  for (int b = 0; b < result.n_moves[SYN_BLACK]; b++)
    n_black += result.strategy[SYN_BLACK][b] > 1e-9;
  /* The test means something only when both sides mix. */
  g_assert_cmpint (n_white, >=, 2);
  g_assert_cmpint (n_black, >=, 2);
  for (int w = 0; w < result.n_moves[SYN_WHITE]; w++)
    for (int b = 0; b < result.n_moves[SYN_BLACK]; b++)
      {
        double expected = N_SEEDS * result.strategy[SYN_WHITE][w] * result.strategy[SYN_BLACK][b];
        if (expected < 5)
          continue; /* too rare for the chi-square approximation */
        chi_square += (counts[w][b] - expected) * (counts[w][b] - expected) / expected;
        df++;
      }
  g_assert_cmpint (df, >=, 4);
  /* Far in the tail for so few degrees of freedom; draws in lockstep give hundreds. */
  g_assert_cmpfloat (chi_square, <, 4.0 * df + 20);
}

/* The transposition table saves work and changes no answer: three turns deep, with and
 * without it, the same value, in fewer positions. (The strategies may be another
 * equilibrium of the same game: the killer moves, and so the restricted games solved, depend
 * on which nodes the table spared.) */
static void
test_table_changes_nothing (void)
{
  static const char *const fens[] = {
    "r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12",
    "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 40",
  };
  g_autofree SynPscWorkspace *work = workspace_new ();
  g_autofree SynPscSearchResult *with = g_malloc (sizeof *with);
  g_autofree SynPscSearchResult *without = g_malloc (sizeof *without);

  for (size_t f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      SynPscLimits limits = { 3, 0, 0, 1, false };
      SynPosition pos;
      load (fens[f], &pos);
      g_assert_true (syn_psc_search (&pos, &limits, work, with));
      limits.no_table = true;
      g_assert_true (syn_psc_search (&pos, &limits, work, without));
      g_test_message ("%s: %" G_GUINT64_FORMAT " positions with the table (%" G_GUINT64_FORMAT
                      " hits), %" G_GUINT64_FORMAT " without",
                      fens[f], with->positions, with->table_hits, without->positions);
      g_assert_cmpfloat_with_epsilon (with->value, without->value, 1e-6);
      g_assert_cmpuint (with->table_hits, >, 0);
      g_assert_cmpuint (without->table_hits, ==, 0);
      g_assert_cmpuint (with->positions, <, without->positions);
    }
}

/* Positions for comparing searches: a few made ones, and those of random games from the
 * start every few turns. Returns how many. */
static int
comparison_positions (SynPosition *positions, int max)
{
  static const char *const fens[] = {
    FEN_MIDDLEGAME,
    FEN_SEED,
    FEN_WHITE_FREEZES,
    FEN_BLACK_FREEZES,
    "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 40",
    "4k3/8/8/3n2pP/1Pp1N3/8/8/4K3 w - b3g6 0 2",
  };
  uint64_t seed = 16;
  int n = 0;

  for (size_t f = 0; f < G_N_ELEMENTS (fens) && n < max; f++)
    load (fens[f], &positions[n++]);
  for (int game = 0; n < max; game++)
    {
      SynPosition pos;
      load (SYN_FEN_START, &pos);
      for (int turn = 1; turn <= 24 && n < max; turn++)
        {
          SynPscControl ctl;
          SynMove moves[2][SYN_MAX_MOVES];
          int counts[2];
          SynPosition next;

          syn_psc_control (&pos, &ctl);
          for (int side = 0; side < 2; side++)
            counts[side] = syn_psc_moves (&pos, &ctl, (SynColour) side, moves[side]);
          if (syn_psc_outcome_from_counts (&pos, &ctl, counts).result != SYN_RESULT_NONE)
            break;
          if (turn % 6 == 0)
            positions[n++] = pos;
          seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
          syn_psc_resolve (&pos, moves[SYN_WHITE][(seed >> 33) % (uint64_t) counts[SYN_WHITE]],
                           moves[SYN_BLACK][(seed >> 45) % (uint64_t) counts[SYN_BLACK]], &next);
          pos = next;
        }
    }
  return n;
}

/* Every pruning is exact: the search with its windows, cut-offs and table gives the value
 * the plain search (every cell exact) gives, on a few dozen positions, two and three turns
 * deep. */
static void
test_pruning_changes_nothing (void)
{
  SynPosition positions[30];
  g_autofree SynPscWorkspace *work = workspace_new ();
  g_autofree SynPscSearchResult *pruned = g_malloc (sizeof *pruned);
  g_autofree SynPscSearchResult *plain = g_malloc (sizeof *plain);
  int n = comparison_positions (positions, G_N_ELEMENTS (positions));
  uint64_t pruned_total = 0, plain_total = 0;

  for (int i = 0; i < n; i++)
    for (int depth = 2; depth <= 3; depth++)
      {
        SynPscLimits limits = { depth, 0, 0, 1, false };
        if (depth == 3 && i % 3 != 0)
          continue;
        g_assert_true (syn_psc_search (&positions[i], &limits, work, pruned));
        limits.plain = true;
        g_assert_true (syn_psc_search (&positions[i], &limits, work, plain));
        g_test_message ("position %d depth %d: %.9f in %" G_GUINT64_FORMAT
                        " positions, plain %.9f in %" G_GUINT64_FORMAT,
                        i, depth, pruned->value, pruned->positions, plain->value, plain->positions);
        g_assert_cmpfloat_with_epsilon (pruned->value, plain->value, 1e-6);
        pruned_total += pruned->positions;
        plain_total += plain->positions;
      }
  g_assert_cmpuint (pruned_total, <, plain_total);
}

/* Two threads find the value one finds (the equilibrium may be another of the same game),
 * and a search of two threads still stops when told. */
static void
test_threads_change_nothing (void)
{
  SynPosition positions[12];
  g_autofree SynPscWorkspace *work = g_malloc0 (syn_psc_workspace_size_for (2));
  g_autofree SynPscSearchResult *one = g_malloc (sizeof *one);
  g_autofree SynPscSearchResult *two = g_malloc (sizeof *two);
  int n = comparison_positions (positions, G_N_ELEMENTS (positions));
  atomic_int stop = 1;

  for (int i = 0; i < n; i++)
    {
      SynPscLimits limits = { 3, 0, 0, 1, false };
      g_assert_true (syn_psc_search (&positions[i], &limits, work, one));
      limits.threads = 2;
      g_assert_true (syn_psc_search (&positions[i], &limits, work, two));
      g_test_message ("position %d: %.9f in %" G_GUINT64_FORMAT
                      " positions, two threads %.9f in %" G_GUINT64_FORMAT,
                      i, one->value, one->positions, two->value, two->positions);
      g_assert_cmpint (two->depth, ==, 3);
      g_assert_cmpfloat_with_epsilon (one->value, two->value, 1e-6);
    }

  {
    SynPscLimits limits = { 4, 0, 0, 1, false };
    limits.threads = 2;
    g_assert_true (syn_psc_search_stoppable (&positions[0], &limits, &stop, work, two));
    g_assert_true (two->stopped);
    g_assert_cmpint (two->depth, ==, 0);
  }
}

static void
test_sample_follows_strategy (void)
{
  const double strategy[] = { 0.25, 0, 0.75, 1e-12 };
  int counts[4] = { 0 };
  for (uint64_t seed = 0; seed < 8000; seed++)
    counts[syn_psc_sample (strategy, 4, seed)]++;
  g_assert_cmpint (counts[1], ==, 0);
  g_assert_cmpint (counts[3], ==, 0);
  g_assert_cmpint (counts[0], >, 1800);
  g_assert_cmpint (counts[0], <, 2200);
}

static void
test_time_budget (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  SynPscSearchResult result;
  SynPosition pos;
  gint64 start;

  load (FEN_MIDDLEGAME, &pos);
  start = g_get_monotonic_time ();
  syn_psc_best (&pos, SYN_WHITE, SYN_PSC_LEVEL_FULL, 150, 5, work, &result);
  /* The budget plus the last time check's lag; generous for slow builds. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 1500 * 1000);
  g_assert_cmpint (result.depth, >=, 1);
  g_assert_cmpint (result.depth, <, SYN_PSC_MAX_DEPTH);
  g_assert_cmpfloat (result.seconds, >, 0);
}

/* A stop flag already set: the search does not even finish depth 1, and still names a legal
 * move, every move equally likely. */
static void
test_stopped_before_start (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  SynPscSearchResult result;
  SynPosition pos;
  SynPscLimits limits = { SYN_PSC_MAX_DEPTH, 0, 0, 3 };
  atomic_int stop = 1;
  SynMove move;

  load (FEN_MIDDLEGAME, &pos);
  move = syn_psc_choose_stoppable (&pos, SYN_BLACK, &limits, &stop, work, &result);
  g_assert_true (is_legal (&pos, SYN_BLACK, move));
  g_assert_true (result.stopped);
  g_assert_cmpint (result.depth, ==, 0);
  g_assert_cmpuint (result.positions, <=, 256);
  g_assert_cmpfloat_with_epsilon (result.strategy[SYN_WHITE][0], 1.0 / result.n_moves[SYN_WHITE],
                                  1e-12);
}

typedef struct
{
  SynPosition pos;
  SynPscLimits limits;
  atomic_int stop;
  SynPscWorkspace *work;
  SynPscSearchResult result;
} StoppedSearch;

static gpointer
stopped_search_thread (gpointer data)
{
  StoppedSearch *search = data;
  syn_psc_search_stoppable (&search->pos, &search->limits, &search->stop, search->work,
                            &search->result);
  return NULL;
}

/* A search without a time limit, eight turns deep (minutes of work), stopped from another
 * thread after a tenth of a second: it returns within milliseconds, with the deepest
 * iteration it finished. */
static void
test_stop_flag_ends_search (void)
{
  StoppedSearch search = { .limits = { SYN_PSC_MAX_DEPTH, 0, 0, 9 } };
  GThread *thread;
  gint64 stopped_at, returned_at;

  load (FEN_MIDDLEGAME, &search.pos);
  search.work = workspace_new ();
  atomic_init (&search.stop, 0);
  thread = g_thread_new ("search", stopped_search_thread, &search);
  g_usleep (100 * 1000);
  stopped_at = g_get_monotonic_time ();
  atomic_store (&search.stop, 1);
  g_thread_join (thread);
  returned_at = g_get_monotonic_time ();
  g_test_message (
      "stopped after %.1f ms of search: returned %.3f ms later, depth %d, %" G_GUINT64_FORMAT
      " positions",
      search.result.seconds * 1e3 - (returned_at - stopped_at) / 1e3,
      (returned_at - stopped_at) / 1e3, search.result.depth, search.result.positions);
  g_assert_true (search.result.stopped);
  /* Generous: it is well under a millisecond on an idle machine. */
  g_assert_cmpint (returned_at - stopped_at, <, 200 * 1000);
  g_assert_cmpint (search.result.depth, >=, 1);
  g_assert_cmpint (search.result.depth, <, SYN_PSC_MAX_DEPTH);
  g_assert_true (
      is_legal (&search.pos, SYN_WHITE,
                search.result.moves[SYN_WHITE][syn_psc_sample (
                    search.result.strategy[SYN_WHITE], search.result.n_moves[SYN_WHITE], 1)]));
  g_free (search.work);
}

static void
test_finished_game_has_no_move (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  SynPscSearchResult result;
  SynPosition pos;
  SynPscLimits limits = { 2, 0, 0, 0 };

  load (FEN_FINISHED, &pos);
  g_assert_false (syn_psc_search (&pos, &limits, work, &result));
  g_assert_cmpuint (syn_psc_best (&pos, SYN_BLACK, SYN_PSC_LEVEL_MEDIUM, 0, 1, work, NULL), ==,
                    SYN_MOVE_NONE);
}

/* The lowest level without noise against a player choosing uniformly among its legal moves:
 * at least 95 wins in 100 games, colours alternating. A game still going after MAX_TURNS
 * counts as not won. */
#define MAX_TURNS 200

static void
test_beats_random_player (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autofree SynPscWorkspace *work = workspace_new ();
  int wins = 0;

  if (g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") != 0)
    {
      g_test_skip ("plays 100 games; set SYNCHESS_SLOW=1 (the slow suite)");
      return;
    }
  for (int game = 0; game < 100; game++)
    {
      SynColour computer = game % 2 ? SYN_BLACK : SYN_WHITE;
      SynOutcome outcome = { SYN_RESULT_NONE, SYN_REASON_NONE };
      SynPosition pos;

      syn_position_set_start (&pos);
      for (int turn = 0; turn < MAX_TURNS; turn++)
        {
          SynPscControl ctl;
          SynMove moves[SYN_MAX_MOVES], chosen[2];
          SynPosition next;
          int n;

          syn_psc_control (&pos, &ctl);
          outcome = syn_psc_outcome (&pos, &ctl);
          if (outcome.result != SYN_RESULT_NONE)
            break;
          n = syn_psc_moves (&pos, &ctl, (SynColour) !computer, moves);
          chosen[!computer] = moves[g_rand_int_range (rand, 0, n)];
          chosen[computer]
              = syn_psc_best (&pos, computer, SYN_PSC_LEVEL_EASY, 0,
                              ((uint64_t) g_rand_int (rand) << 32) | g_rand_int (rand), work, NULL);
          g_assert_true (is_legal (&pos, computer, chosen[computer]));
          syn_psc_resolve (&pos, chosen[SYN_WHITE], chosen[SYN_BLACK], &next);
          pos = next;
        }
      if (outcome.result == (computer == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS))
        wins++;
      else
        g_test_message ("game %d not won: %s (%s)", game, syn_result_to_text (outcome.result),
                        syn_reason_to_text (outcome.reason) ? syn_reason_to_text (outcome.reason)
                                                            : "turn limit");
    }
  g_test_message ("%d wins in 100 games", wins);
  g_assert_cmpint (wins, >=, 95);
}

/* Whether move, as text, is among the first n of moves. */
static gboolean
holds_move (const SynMove *moves, int n, const char *text)
{
  for (int i = 0; i < n; i++)
    {
      char buf[8];
      syn_move_to_text (moves[i], buf);
      if (strcmp (buf, text) == 0)
        return TRUE;
    }
  return FALSE;
}

/* One turn from the horizon a node drops quiet moves, never one that can win outright in
 * that turn. White's rook attacks the black king once and the knight on d4 stands alone
 * between the bishop and it: any knight move uncovers the second attacker and freezes the
 * king (PSC-R3, R10). With no quiet move kept, every knight move, every king move and
 * every capture stays, and a quiet pawn move goes. */
static void
test_horizon_keeps_sharp_moves (void)
{
  g_autofree Frame *frame = g_malloc0 (sizeof *frame);
  const char *kept[]
      = { "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5", "g1f1", "g1f2", "g1g2" };
  SynPscControl ctl;

  load ("7k/p7/8/8/3N4/8/PB6/6KR w - - 0 1", &frame->pos);
  syn_psc_control (&frame->pos, &ctl);
  for (int side = 0; side < 2; side++)
    {
      frame->n[side] = syn_psc_moves (&frame->pos, &ctl, (SynColour) side, frame->moves[side]);
      for (int i = 0; i < frame->n[side]; i++)
        frame->origin[side][i] = i;
    }
  g_assert_true (holds_move (frame->moves[SYN_WHITE], frame->n[SYN_WHITE], "a2a3"));
  psc_frame_cap_horizon (frame, NULL, &ctl, 0, FALSE);
  for (size_t k = 0; k < G_N_ELEMENTS (kept); k++)
    {
      g_test_message ("%s kept", kept[k]);
      g_assert_true (holds_move (frame->moves[SYN_WHITE], frame->n[SYN_WHITE], kept[k]));
    }
  g_assert_false (holds_move (frame->moves[SYN_WHITE], frame->n[SYN_WHITE], "a2a3"));
  g_assert_true (holds_move (frame->moves[SYN_BLACK], frame->n[SYN_BLACK], "h8g8"));
  g_assert_false (holds_move (frame->moves[SYN_BLACK], frame->n[SYN_BLACK], "a7a6"));
}

/* The table outlives a search: searching the same position again finds the values the
 * first search stored (fewer positions, the same value), and a search with other weights
 * finds none of them, giving what a fresh workspace gives, even when the other weights lie
 * where the last ones did. */
static void
test_table_outlives_the_search (void)
{
  g_autofree SynPscWorkspace *work = workspace_new ();
  g_autofree SynPscWorkspace *fresh = workspace_new ();
  g_autofree SynPscSearchResult *first = g_malloc (sizeof *first);
  g_autofree SynPscSearchResult *again = g_malloc (sizeof *again);
  g_autofree SynPscSearchResult *other = g_malloc (sizeof *other);
  SynPscEvalWeights weights = syn_psc_eval_default_weights;
  SynPscLimits limits = { 3, 0, 0, 1 };
  SynPosition pos;

  load (FEN_MIDDLEGAME, &pos);
  g_assert_true (syn_psc_search (&pos, &limits, work, first));
  g_assert_true (syn_psc_search (&pos, &limits, work, again));
  g_test_message ("%" G_GUINT64_FORMAT " positions, then %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT
                  " table hits)",
                  first->positions, again->positions, again->table_hits);
  g_assert_cmpfloat_with_epsilon (again->value, first->value, 1e-6);
  g_assert_cmpuint (again->positions, <, first->positions / 2);

  /* Other weights twice, the second time in the same memory, as a tuner reuses it. */
  limits.weights = &weights;
  for (int k = 1; k <= 2; k++)
    {
      weights.control_square = syn_psc_eval_default_weights.control_square + 5 * k;
      memset (fresh, 0, syn_psc_workspace_size ());
      g_assert_true (syn_psc_search (&pos, &limits, work, other));
      g_assert_true (syn_psc_search (&pos, &limits, fresh, again));
      g_assert_cmpfloat_with_epsilon (other->value, again->value, 1e-9);
      g_assert_cmpuint (other->positions, ==, again->positions);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/psc-search/legal-moves", test_legal_moves);
  g_test_add_func ("/psc-search/finds-one-turn-freeze", test_finds_one_turn_freeze);
  g_test_add_func ("/psc-search/horizon-keeps-sharp-moves", test_horizon_keeps_sharp_moves);
  g_test_add_func ("/psc-search/table-outlives-the-search", test_table_outlives_the_search);
  g_test_add_func ("/psc-search/double-oracle-is-exact", test_double_oracle_is_exact);
  g_test_add_func ("/psc-search/depth-two-is-exact", test_depth_two_is_exact);
  g_test_add_func ("/psc-search/cut-short-keeps-certified", test_cut_short_keeps_certified);
  g_test_add_func ("/psc-search/seed-decides-the-draw", test_seed_decides_the_draw);
  g_test_add_func ("/psc-search/sample-follows-strategy", test_sample_follows_strategy);
  g_test_add_func ("/psc-search/sides-draw-independently", test_sides_draw_independently);
  g_test_add_func ("/psc-search/table-changes-nothing", test_table_changes_nothing);
  g_test_add_func ("/psc-search/pruning-changes-nothing", test_pruning_changes_nothing);
  g_test_add_func ("/psc-search/threads-change-nothing", test_threads_change_nothing);
  g_test_add_func ("/psc-search/time-budget", test_time_budget);
  g_test_add_func ("/psc-search/stopped-before-start", test_stopped_before_start);
  g_test_add_func ("/psc-search/stop-flag-ends-search", test_stop_flag_ends_search);
  g_test_add_func ("/psc-search/finished-game-has-no-move", test_finished_game_has_no_move);
  g_test_add_func ("/psc-search/beats-random-player", test_beats_random_player);
  return g_test_run ();
}
