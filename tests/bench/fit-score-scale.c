/* fit-score-scale.c: fits the scale of the win/draw/loss model that turns an evaluation in
 * centipawns into an expected score (score.h), from self-play. Not a test: a tool run by
 * hand, `fit-score-scale [--games N] [--depth D] [--steps N] [--variant ID] [--seed S]`.
 *
 * How: for each rule set, N games of the engine against itself at depth D (each side
 * drawing from its own stream, and the first SPREAD steps played at random so that the
 * games differ and reach unbalanced positions). Every position reached is paired with the
 * game's result for White (1, 1/2 or 0; a game still going after --steps steps, 300 when
 * left out, counts as drawn). The scale s of the model 1 / (1 + exp(-e / s)) is the one that
 * maximises the likelihood of those results (the cross-entropy of result and model, minimised by
 * golden section over s in [20, 2000] centipawns; the cross-entropy is unimodal in s for such
 * data). Positions whose evaluation is decided (a won or lost game in sight) are left out.
 * It prints the scale per rule set and over all of them with the number of positions.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "psc-eval.h"
#include "self-play.h"
#include "variant-eval.h"
#include "variant-search.h"

#define SPREAD 6
#define MAX_SAMPLES 400000

typedef struct
{
  float eval;   /* White's view, centipawns */
  float result; /* White's score */
} Sample;

static SynChoice
random_choice (const SynVariant *variant, const SynState *state, SynColour side, uint64_t *rng)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, side, choices);
  return n ? choices[self_play_random (rng) % (uint64_t) n] : SYN_CHOICE_NONE;
}

/* One self-play game; appends its positions to samples. Each side searches what its
 * program knows, and a move refused (TX-R5) is not chosen again that step. */
static void
play (const SynVariant *variant, int depth, int max_steps, uint64_t *rng, SynSearchWorkspace *work,
      SynSearchResult *result, Sample *samples, int *n_samples)
{
  SynState state;
  SynFenError error;
  SynOutcome outcome = { SYN_RESULT_NONE, SYN_REASON_NONE };
  static SynChoice excluded[2][SYN_MAX_CHOICES];
  int first = *n_samples, n_excluded[2] = { 0, 0 };
  double score;

  variant->read_state (variant->start_fen, &state, &error);
  if (variant->seed)
    variant->seed (&state, self_play_random (rng));
  for (int step = 0; step < max_steps; step++)
    {
      SynChoice chosen[2];
      int eval;
      outcome = variant->outcome (&state);
      if (outcome.result != SYN_RESULT_NONE)
        break;
      eval = syn_variant_eval (variant, &state);
      /* A position is counted once, not again after each refused move. */
      if (step >= SPREAD && eval > -SYN_EVAL_DECIDED + 1 && eval < SYN_EVAL_DECIDED - 1
          && n_excluded[0] + n_excluded[1] == 0 && *n_samples < MAX_SAMPLES)
        samples[(*n_samples)++].eval = (float) eval;
      for (int side = 0; side < 2; side++)
        {
          SynPscLimits limits = { depth, 0, 0, self_play_random (rng) };
          SynSearchExclusion exclusion = { side, excluded[side], n_excluded[side] };
          SynState known;
          self_play_known_state (variant, &state, side, &known);
          chosen[side] = step < SPREAD ? random_choice (variant, &state, side, rng)
                                       : syn_search_choose (variant, &known, side, &limits,
                                                            &exclusion, NULL, work, result);
        }
      self_play_step (variant, &state, chosen, excluded, n_excluded);
    }
  score = outcome.result == SYN_RESULT_WHITE_WINS   ? 1
          : outcome.result == SYN_RESULT_BLACK_WINS ? 0
                                                    : 0.5;
  for (int i = first; i < *n_samples; i++)
    samples[i].result = (float) score;
}

/* The mean cross-entropy of the results under the model with scale s. */
static double
cross_entropy (const Sample *samples, int n, double s)
{
  double total = 0;
  for (int i = 0; i < n; i++)
    {
      double p = 1 / (1 + exp (-samples[i].eval / s));
      p = p < 1e-12 ? 1e-12 : p > 1 - 1e-12 ? 1 - 1e-12 : p;
      total -= samples[i].result * log (p) + (1 - samples[i].result) * log (1 - p);
    }
  return total / n;
}

static double
fit (const Sample *samples, int n)
{
  const double golden = 0.6180339887498949;
  double a = 20, b = 2000;
  double c = b - golden * (b - a), d = a + golden * (b - a);
  double fc = cross_entropy (samples, n, c), fd = cross_entropy (samples, n, d);

  while (b - a > 0.5)
    {
      if (fc < fd)
        {
          b = d;
          d = c;
          fd = fc;
          c = b - golden * (b - a);
          fc = cross_entropy (samples, n, c);
        }
      else
        {
          a = c;
          c = d;
          fc = fd;
          d = a + golden * (b - a);
          fd = cross_entropy (samples, n, d);
        }
    }
  return (a + b) / 2;
}

int
main (int argc, char **argv)
{
  int games = 40, depth = 1, max_steps = 300, n_all = 0;
  const char *only = NULL;
  uint64_t seed = 2026;
  const SynVariant *const *all = syn_variant_all ();
  Sample *samples = malloc (sizeof (Sample) * MAX_SAMPLES);
  SynSearchWorkspace *work = calloc (1, syn_search_workspace_size ());
  SynSearchResult *result = malloc (sizeof *result);

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--games") == 0)
        games = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--depth") == 0)
        depth = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--steps") == 0)
        max_steps = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--variant") == 0)
        only = argv[i + 1];
      else if (strcmp (argv[i], "--seed") == 0)
        seed = strtoull (argv[i + 1], NULL, 10);
    }
  if (!samples || !work || !result || games < 1)
    return 1;
  for (int v = 0; all[v]; v++)
    {
      int first = n_all;
      uint64_t rng = seed;
      if (only && strcmp (only, all[v]->id) != 0)
        continue;
      for (const char *c = all[v]->id; *c; c++)
        rng = rng * 31 + (uint64_t) *c;
      for (int game = 0; game < games; game++)
        play (all[v], depth, max_steps, &rng, work, result, samples, &n_all);
      if (n_all > first)
        printf ("%-14s %d games, %d positions: scale %.0f cp\n", all[v]->id, games, n_all - first,
                fit (samples + first, n_all - first));
      fflush (stdout);
    }
  if (n_all > 0)
    printf ("all            %d positions: scale %.0f cp\n", n_all, fit (samples, n_all));
  free (samples);
  free (work);
  free (result);
  return 0;
}
