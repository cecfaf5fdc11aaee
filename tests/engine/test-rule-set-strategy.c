/* test-rule-set-strategy.c: the plain one-step opponent used by the rule sets without a deep
 * search.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "rule-set-strategy.h"

static SynStrategyWork *
new_work (void)
{
  return g_malloc (sizeof (SynStrategyWork));
}

static void
read_state (const SynVariant *variant, const char *fen, SynState *state)
{
  SynFenError error;
  g_assert_true (variant->read_state (fen, state, &error));
}

static gboolean
is_choice (const SynVariant *variant, const SynState *state, SynColour side, SynChoice choice)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, side, choices);
  for (int i = 0; i < n; i++)
    if (choices[i] == choice)
      return TRUE;
  return FALSE;
}

/* Whatever the random draw, the answer is one of the side's choices, for every rule set. */
static void
test_always_a_choice (void)
{
  g_autofree SynStrategyWork *work = new_work ();
  const SynVariant *const *all = syn_variant_all ();

  for (int v = 0; all[v]; v++)
    {
      SynState state;
      SynFenError error;
      if (!all[v]->read_state (all[v]->start_fen, &state, &error))
        continue; /* a rule set not written yet */
      for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
        for (double random = 0; random < 1; random += 0.125)
          {
            SynChoice choice = syn_rule_set_strategy_choose (all[v], &state, (SynColour) side,
                                                             random, NULL, 0, work);
            SynChoice choices[SYN_MAX_CHOICES];
            if (all[v]->choices (&state, (SynColour) side, choices) == 0)
              g_assert_cmpuint (choice, ==, SYN_CHOICE_NONE);
            else
              g_assert_true (is_choice (all[v], &state, (SynColour) side, choice));
          }
    }
}

/* A choice the rules refused is never tried again (TX-R5): excluding all but one leaves it. */
static void
test_excluded_never_chosen (void)
{
  g_autofree SynStrategyWork *work = new_work ();
  SynChoice choices[SYN_MAX_CHOICES];
  SynState state;
  int n;

  read_state (&syn_variant_psc, SYN_FEN_START, &state);
  n = syn_variant_psc.choices (&state, SYN_WHITE, choices);
  g_assert_cmpint (n, >, 2);
  for (double random = 0; random < 1; random += 0.1)
    g_assert_cmpuint (syn_rule_set_strategy_choose (&syn_variant_psc, &state, SYN_WHITE, random,
                                                    choices + 1, n - 1, work),
                      ==, choices[0]);
  g_assert_cmpuint (
      syn_rule_set_strategy_choose (&syn_variant_psc, &state, SYN_WHITE, 0.5, choices, n, work), ==,
      SYN_CHOICE_NONE);
}

/* A free queen is taken: it is frozen (attacked twice, PSC-R3), so Black can only move its
 * king, and capturing the queen beats anything else whatever Black does. */
static void
test_takes_a_free_queen (void)
{
  g_autofree SynStrategyWork *work = new_work ();
  SynState state;
  char text[SYN_CHOICE_TEXT_SIZE];

  read_state (&syn_variant_psc, "k7/8/8/3q4/8/1B6/8/3RK3 w - - 0 1", &state);
  for (double random = 0.05; random < 1; random += 0.3)
    {
      SynChoice choice = syn_rule_set_strategy_choose (&syn_variant_psc, &state, SYN_WHITE, random,
                                                       NULL, 0, work);
      syn_variant_psc.choice_to_text (&state, choice, text);
      g_assert_true (g_str_equal (text, "d1d5") || g_str_equal (text, "b3d5"));
    }
}

#define TX_MANY_CHOICES "4k3/pppppppp/8/Q7/2Q2Q2/8/2Q2Q2/R3K2R w KQ - 0 1 T1:- T2:-"

/* A side the rules ask nothing of is one choice, SYN_CHOICE_NONE (TX-R1: Black waits while
 * White moves); a side with too many choices keeps the first SYN_STRATEGY_MAX. */
static void
test_side_choices_waiting_and_cut (void)
{
  SynChoice choices[SYN_MAX_CHOICES];
  SynState state;
  int n_all = -1;
  int n;

  read_state (&syn_variant_transactional, SYN_FEN_START, &state);
  n = syn_rule_set_strategy_side_choices (&syn_variant_transactional, &state, SYN_BLACK, choices,
                                          &n_all);
  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (n_all, ==, 0);
  g_assert_cmpuint (choices[0], ==, SYN_CHOICE_NONE);
  n = syn_rule_set_strategy_side_choices (&syn_variant_transactional, &state, SYN_WHITE, choices,
                                          &n_all);
  g_assert_cmpint (n, ==, 60); /* twenty moves, each kept pending, committed or rolled back */
  g_assert_cmpint (n_all, ==, 60);

  /* Five queens' moves with their decisions are more than the matrix holds. */
  read_state (&syn_variant_transactional, TX_MANY_CHOICES, &state);
  n = syn_rule_set_strategy_side_choices (&syn_variant_transactional, &state, SYN_WHITE, choices,
                                          &n_all);
  g_assert_cmpint (n_all, ==, 288);
  g_assert_cmpint (n, ==, SYN_STRATEGY_MAX);
}

/* Each cell is the score after that pair (HK-E5, HK-R5: king and pawn collide on e4 and both
 * are removed, Black wins), from the given side's view. */
static void
test_fill_scores_each_pair (void)
{
  SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  SynState state;
  double cells[4];
  SynChoice ke4, pe4;

  read_state (&syn_variant_hk, "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1", &state);
  ke4 = syn_variant_choice_from_text (&syn_variant_hk, &state, SYN_WHITE, "d3e4");
  pe4 = syn_variant_choice_from_text (&syn_variant_hk, &state, SYN_BLACK, "e5e4");
  white[0] = ke4;
  white[1] = syn_variant_choice_from_text (&syn_variant_hk, &state, SYN_WHITE, "d3c3");
  black[0] = pe4;
  black[1] = syn_variant_choice_from_text (&syn_variant_hk, &state, SYN_BLACK, "e8d8");
  g_assert_cmpuint (white[1], !=, SYN_CHOICE_NONE);
  g_assert_cmpuint (black[1], !=, SYN_CHOICE_NONE);

  syn_rule_set_strategy_fill (&syn_variant_hk, &state, SYN_WHITE, white, 2, black, 2, cells);
  g_assert_cmpfloat (cells[0], ==, -SYN_STRATEGY_WIN_SCORE);
  g_assert_cmpfloat (cells[1], ==, -100); /* a pawn down */
  g_assert_cmpfloat (cells[2], ==, -100);
  g_assert_cmpfloat (cells[3], ==, -100);
  /* From Black's view, rows are Black's choices. */
  syn_rule_set_strategy_fill (&syn_variant_hk, &state, SYN_BLACK, black, 2, white, 2, cells);
  g_assert_cmpfloat (cells[0], ==, SYN_STRATEGY_WIN_SCORE);
  g_assert_cmpfloat (cells[1], ==, 100);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rule-set-strategy/always-a-choice", test_always_a_choice);
  g_test_add_func ("/rule-set-strategy/excluded-never-chosen", test_excluded_never_chosen);
  g_test_add_func ("/rule-set-strategy/takes-a-free-queen", test_takes_a_free_queen);
  g_test_add_func ("/rule-set-strategy/side-choices/tx-r1-waiting-and-cut",
                   test_side_choices_waiting_and_cut);
  g_test_add_func ("/rule-set-strategy/fill/hk-r5-each-pair", test_fill_scores_each_pair);
  return g_test_run ();
}
