/* test-variant-search.c: the search of every rule set behind the variant table: its
 * equilibria against the full matrix of the turn, its choices, the exclusions it honours.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>

#include "matrix-game.h"
#include "psc-eval.h"
#include "score.h"
#include "variant-eval.h"
#include "variant-search.h"

#define MIDDLEGAME "r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12"

typedef struct
{
  const char *id;
  const char *fen;
} Case;

/* Every rule set at its start and in a middlegame; HK also inside an exchange of blows
 * (HK-R14: d5 open, White strikes) and just before a turn that opens fields. */
static const Case cases[] = {
  { "psc", MIDDLEGAME },
  { "synchrone", "startpos" },
  { "synchrone", MIDDLEGAME },
  { "hk", "startpos" },
  { "hk", MIDDLEGAME },
  { "hk", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1 d5/-" },
  { "hk", "4k3/2p5/8/8/8/8/3N4/3QK3 w - - 0 1" },
  { "hutnik", "startpos" },
  { "hutnik", MIDDLEGAME " 0000000000000000" },
  { "transactional", "startpos" },
  { "transactional", MIDDLEGAME },
};

static SynSearchWorkspace *
workspace_new (void)
{
  return g_malloc0 (syn_search_workspace_size ());
}

static const SynVariant *
read_case (const Case *c, SynState *state)
{
  const SynVariant *variant = syn_variant_lookup (c->id);
  SynFenError error;
  g_assert_nonnull (variant);
  g_assert_true (variant->read_state (
      strcmp (c->fen, "startpos") == 0 ? variant->start_fen : c->fen, state, &error));
  return variant;
}

/* A finished game k steps further scores k steps less (score.h). */
static double
shifted (double value, int k)
{
  if (value >= 1 - SYN_SCORE_MARGIN)
    return value - k * SYN_SCORE_PER_STEP;
  if (value <= SYN_SCORE_MARGIN)
    return value + k * SYN_SCORE_PER_STEP;
  return value;
}

static int
side_choices (const SynVariant *variant, const SynState *state, SynColour side, SynChoice *choices)
{
  int n = variant->choices (state, side, choices);
  if (n == 0)
    choices[n++] = SYN_CHOICE_NONE;
  return n;
}

/* The value of state one step deep, by the full pair matrix, each cell k steps away. */
static double
one_step_value (const SynVariant *variant, const SynState *state, int k, SynSearchWorkspace *work,
                SynMatrixGameWork *lp)
{
  static SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  static double cells[SYN_MAX_CHOICES * 4], x[SYN_MAX_CHOICES], y[SYN_MAX_CHOICES];
  SynMatrixGameSolution solution;
  int n_white = side_choices (variant, state, SYN_WHITE, white);
  int n_black = side_choices (variant, state, SYN_BLACK, black);
  double best;

  g_assert_cmpint (n_white * n_black, <=, G_N_ELEMENTS (cells));
  syn_search_pair_scores (variant, state, white, n_white, black, n_black, work, cells);
  for (int i = 0; i < n_white * n_black; i++)
    cells[i] = shifted (cells[i], k);
  if (n_white > 1 && n_black > 1)
    {
      syn_matrix_game_solve (cells, n_white, n_black, x, y, lp, &solution);
      return solution.value;
    }
  best = cells[0];
  for (int i = 1; i < n_white * n_black; i++)
    best = n_white > 1 ? MAX (best, cells[i]) : MIN (best, cells[i]);
  return best;
}

/* The search's root equilibrium at depth, certified against the full matrix of the turn:
 * every pair's value computed apart, one step per cell beyond the root at depth 1 (two in
 * Transactional, where a turn is both players' steps), the full one-step game of each
 * child at depth 2. The double oracle only ever searched a few of those cells. */
static void
check_exact (const Case *c, int depth)
{
  g_autofree SynSearchWorkspace *work = workspace_new ();
  g_autofree SynSearchResult *result = g_malloc (sizeof *result);
  g_autofree SynMatrixGameWork *lp = g_malloc (sizeof *lp);
  g_autofree double *cells = g_malloc (sizeof (double) * SYN_MAX_MOVES * SYN_MAX_MOVES);
  SynPscLimits limits = { depth, 0, 0, 1 };
  SynMatrixGameSolution solution;
  SynState state;
  const SynVariant *variant = read_case (c, &state);
  int steps = syn_variant_steps_per_turn (variant) * depth, m, n;

  g_assert_true (syn_search (variant, &state, &limits, NULL, NULL, work, result));
  g_assert_cmpint (result->depth, ==, depth);
  m = result->n_choices[SYN_WHITE];
  n = result->n_choices[SYN_BLACK];
  for (int w = 0; w < m; w++)
    for (int b = 0; b < n; b++)
      {
        SynState child;
        variant->apply (&state, result->choices[SYN_WHITE][w], result->choices[SYN_BLACK][b],
                        &child);
        if (steps == 1)
          {
            SynChoice white = result->choices[SYN_WHITE][w], black = result->choices[SYN_BLACK][b];
            syn_search_pair_scores (variant, &state, &white, 1, &black, 1, work, &cells[w * n + b]);
            cells[w * n + b] = shifted (cells[w * n + b], 1);
          }
        else if (variant->outcome (&child).result != SYN_RESULT_NONE)
          cells[w * n + b] = syn_score_of_outcome (variant->outcome (&child), 1);
        else
          cells[w * n + b] = one_step_value (variant, &child, steps, work, lp);
      }
  syn_matrix_game_certify (cells, m, n, result->strategy[SYN_WHITE], result->strategy[SYN_BLACK],
                           &solution);
  g_test_message ("%s %s depth %d: %dx%d, value %.3f, gap %.3g", c->id, c->fen, depth, m, n,
                  result->value, solution.gap);
  g_assert_cmpfloat (solution.gap, <=, 1e-6);
  g_assert_cmpfloat_with_epsilon (result->value, solution.value, 1e-6);
}

static void
test_depth_one_is_exact (gconstpointer data)
{
  check_exact (data, 1);
}

static void
test_depth_two_is_exact (gconstpointer data)
{
  check_exact (data, 2);
}

static gboolean
is_choice (const SynVariant *variant, const SynState *state, SynColour side, SynChoice choice)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, side, choices);
  if (n == 0)
    return choice == SYN_CHOICE_NONE;
  for (int i = 0; i < n; i++)
    if (choices[i] == choice)
      return TRUE;
  return FALSE;
}

/* Whatever the seed, each side gets one of its choices, none when it waits. */
static void
test_chooses_a_choice (void)
{
  g_autofree SynSearchWorkspace *work = workspace_new ();
  g_autofree SynSearchResult *result = g_malloc (sizeof *result);

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SynState state;
      const SynVariant *variant = read_case (&cases[i], &state);
      for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
        for (uint64_t seed = 0; seed < 4; seed++)
          {
            SynPscLimits limits = { 1, 0, 0, seed };
            SynChoice choice
                = syn_search_choose (variant, &state, side, &limits, NULL, NULL, work, result);
            g_assert_true (is_choice (variant, &state, side, choice));
          }
    }
}

/* A choice the side knows to be refused (TX-R5) is never chosen again. */
static void
test_honours_exclusions (void)
{
  g_autofree SynSearchWorkspace *work = workspace_new ();
  g_autofree SynSearchResult *result = g_malloc (sizeof *result);
  SynChoice excluded[SYN_MAX_CHOICES];
  const Case start = { "transactional", "startpos" };
  SynState state;
  const SynVariant *variant = read_case (&start, &state);
  int n = variant->choices (&state, SYN_WHITE, excluded);
  SynPscLimits limits = { 1, 0, 0, 3 };
  SynSearchExclusion exclusion = { SYN_WHITE, excluded, n - 1 };

  /* All but the last are refused: the last is the one choice left. */
  g_assert_cmpuint (
      syn_search_choose (variant, &state, SYN_WHITE, &limits, &exclusion, NULL, work, result), ==,
      excluded[n - 1]);
  exclusion.n = n;
  g_assert_cmpuint (
      syn_search_choose (variant, &state, SYN_WHITE, &limits, &exclusion, NULL, work, result), ==,
      SYN_CHOICE_NONE);
}

/* A search cut short in its second iteration by a budget of positions keeps, for a side
 * whose strategy that iteration certified, a strategy guaranteeing what it says two turns
 * deep: never more than the whole second iteration's value for White (the value is the
 * most any White strategy guarantees), never less for Black. Budgets spread between the
 * two iterations' ends; some of them leave something certified. */
static void
test_cut_short_keeps_certified (gconstpointer data)
{
  g_autofree SynSearchWorkspace *work = workspace_new ();
  g_autofree SynSearchResult *one = g_malloc (sizeof *one);
  g_autofree SynSearchResult *two = g_malloc (sizeof *two);
  g_autofree SynSearchResult *cut = g_malloc (sizeof *cut);
  SynState state;
  const SynVariant *variant = read_case (data, &state);
  SynPscLimits limits = { 1, 0, 0, 0 };
  int kept = 0;

  g_assert_true (syn_search (variant, &state, &limits, NULL, NULL, work, one));
  limits.depth = 2;
  g_assert_true (syn_search (variant, &state, &limits, NULL, NULL, work, two));
  g_assert_cmpint (two->depth, ==, 2);
  for (int k = 1; k < 8; k++)
    {
      /* Up to half as much again: a search that may be cut short does more work. */
      limits.max_positions
          = one->positions + (two->positions - one->positions) * (uint64_t) k * 3 / 16;
      g_assert_true (syn_search (variant, &state, &limits, NULL, NULL, work, cut));
      g_test_message ("budget %" G_GUINT64_FORMAT ": depth %d, partial %d (%d %.3f, %d %.3f); "
                      "value %.3f",
                      limits.max_positions, cut->depth, cut->partial_depth, cut->partial[0],
                      cut->partial_guarantee[0], cut->partial[1], cut->partial_guarantee[1],
                      two->value);
      if (cut->depth == 2)
        continue;
      g_assert_cmpint (cut->depth, ==, 1);
      if (cut->partial_depth == 0)
        continue;
      g_assert_cmpint (cut->partial_depth, ==, 2);
      kept++;
      for (int side = 0; side < 2; side++)
        {
          double total = 0;
          for (int i = 0; i < cut->n_choices[side]; i++)
            total += cut->strategy[side][i];
          g_assert_cmpfloat_with_epsilon (total, 1, 1e-9);
        }
      if (cut->partial[SYN_WHITE])
        g_assert_cmpfloat (cut->partial_guarantee[SYN_WHITE], <=, two->value + 1e-6);
      if (cut->partial[SYN_BLACK])
        g_assert_cmpfloat (cut->partial_guarantee[SYN_BLACK], >=, two->value - 1e-6);
    }
  g_assert_cmpint (kept, >=, 2);
}

/* In a player state (TX-R14) the opponent's turn is hidden. A check it must answer
 * (TX-R7d) with a move nobody sees is no win, though the hidden turn leaves the board as it
 * was (before, the search valued Qa2+ below at 99998, a won game, and gave check after
 * check until the fifty-turn draw); a real mate, the hidden transaction counted empty, is
 * one, and a stalemate is a draw (TX-R12). */
static void
test_tx_hidden_side_answers_checks (void)
{
  g_autofree SynSearchWorkspace *work = workspace_new ();
  g_autofree SynSearchResult *result = g_malloc (sizeof *result);
  const Case check = { "transactional", "k7/8/8/8/5P2/4K3/7P/1Q4NR w - - 90 130 T225:- ?" };
  /* Qf8 mates; Qf7 stalemates. */
  const Case mate = { "transactional", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1 T1:- ?" };
  SynPscLimits limits = { 1, 0, 0, 5 };
  SynState state;
  const SynVariant *variant = read_case (&check, &state);
  char text[SYN_CHOICE_TEXT_SIZE];
  SynChoice choice;

  g_assert_true (syn_search (variant, &state, &limits, NULL, NULL, work, result));
  g_assert_cmpfloat (result->value, <, 1 - SYN_SCORE_MARGIN);
  g_assert_cmpfloat (syn_score_to_centipawns (result->value, syn_variant_score_scale (variant)), >,
                     1000);

  variant = read_case (&mate, &state);
  for (uint64_t seed = 0; seed < 8; seed++)
    {
      limits.seed = seed;
      choice = syn_search_choose (variant, &state, SYN_WHITE, &limits, NULL, NULL, work, result);
      variant->choice_to_text (&state, choice, text);
      g_assert_cmpstr (text, ==, "f1f8/commit");
      g_assert_cmpfloat (result->value, >=, 1 - SYN_SCORE_MARGIN);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *one
          = g_strdup_printf ("/variant-search/depth-one-is-exact/%s/%zu", cases[i].id, i);
      /* In an exchange of blows depth 1 goes on to the next turn: no one-step matrix. */
      if (strstr (cases[i].fen, "d5/-") == NULL)
        g_test_add_data_func (one, &cases[i], test_depth_one_is_exact);
      if (strcmp (cases[i].fen, "startpos") == 0 && strcmp (cases[i].id, "transactional") != 0)
        {
          g_autofree char *two
              = g_strdup_printf ("/variant-search/depth-two-is-exact/%s/%zu", cases[i].id, i);
          g_test_add_data_func (two, &cases[i], test_depth_two_is_exact);
        }
    }
  g_test_add_data_func ("/variant-search/cut-short-keeps-certified/synchrone", &cases[2],
                        test_cut_short_keeps_certified);
  g_test_add_data_func ("/variant-search/cut-short-keeps-certified/transactional", &cases[10],
                        test_cut_short_keeps_certified);
  g_test_add_func ("/variant-search/transactional/hidden-side-answers-checks",
                   test_tx_hidden_side_answers_checks);
  g_test_add_func ("/variant-search/chooses-a-choice", test_chooses_a_choice);
  g_test_add_func ("/variant-search/honours-exclusions", test_honours_exclusions);
  return g_test_run ();
}
