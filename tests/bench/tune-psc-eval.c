/* tune-psc-eval.c: tunes the weights of the PSC evaluation (psc-eval.h) by self-play, then
 * tests what it found against the engine's own weights. Not a test: a tool run by hand,
 * `tune-psc-eval [--iterations N] [--depth D] [--sprt-games N] [--seed S]`; how to read it
 * and when to take its weights is in docs/engine-tuning.md.
 *
 * Tuning is SPSA (Spall 1992): every iteration moves all the weights at once by a random
 * sign each, plays a pair of games (each colour once, from the same opening) between the
 * weights pushed one way and the weights pushed the other, and steps every weight towards
 * the side that scored, in proportion to that score. The steps shrink as it goes, so the
 * weights settle where no small change wins more games.
 *
 * The result is then played against the engine's weights, pair after pair, until a
 * sequential probability ratio test decides between "no stronger" (Elo 0) and "stronger"
 * (Elo ELO1, 15 unless told) with 5% errors each way, or --sprt-games games are played.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "psc-eval.h"
#include "psc-search.h"
#include "psc.h"
#include "splitmix.h"

#define OPENING_TURNS 4 /* played at random, so that the games differ */
#define MAX_TURNS 150   /* a game still going after these is drawn */

/* One weight the tuning moves: where it is in SynPscEvalWeights, its range, and how far a
 * perturbation pushes it at first (about a tenth of its size). */
typedef struct
{
  const char *name;
  size_t offset;
  int lowest, highest;
  double push;
} Weight;

#define WEIGHT(field, lo, hi, push)                                                                \
  {                                                                                                \
#field, offsetof(SynPscEvalWeights, field), lo, hi, push                                       \
  }

static const Weight weights[] = {
  WEIGHT (piece[SYN_KNIGHT], 150, 450, 20), WEIGHT (piece[SYN_BISHOP], 150, 450, 20),
  WEIGHT (piece[SYN_ROOK], 300, 700, 30),   WEIGHT (piece[SYN_QUEEN], 600, 1200, 50),
  WEIGHT (control_square, 0, 12, 1),        WEIGHT (control_enemy_half, 0, 10, 1),
  WEIGHT (control_centre, 0, 16, 1.5),      WEIGHT (frozen_capturable, 100, 900, 60),
  WEIGHT (frozen_stuck, 0, 500, 25),        WEIGHT (king_attacked_once, 0, 400, 20),
  WEIGHT (king_zone_attack, 0, 30, 2),      WEIGHT (king_escapes, 0, 300, 15),
  WEIGHT (king_attackers, 0, 300, 15),      WEIGHT (pawn_advance, 0, 300, 15),
  WEIGHT (mobility_move, 0, 10, 1),
};
#define N_WEIGHTS ((int) (sizeof weights / sizeof weights[0]))

typedef struct
{
  int iterations, depth, sprt_games;
  double elo1;
  uint64_t seed;
} Options;

static int *
field (SynPscEvalWeights *w, int k)
{
  return (int *) ((char *) w + weights[k].offset);
}

static int
value_of (const SynPscEvalWeights *w, int k)
{
  return *(const int *) ((const char *) w + weights[k].offset);
}

/* The engine's weights with theta in place of the tuned ones, rounded and kept in range. */
static void
weights_of (const double *theta, SynPscEvalWeights *out)
{
  *out = syn_psc_eval_default_weights;
  for (int k = 0; k < N_WEIGHTS; k++)
    {
      double v = round (theta[k]);
      v = fmin (fmax (v, weights[k].lowest), weights[k].highest);
      *field (out, k) = (int) v;
    }
}

/* One game from the start, the first turns at random from opening_seed; returns White's
 * score. players[side] are each side's weights. */
static double
play (const SynPscEvalWeights *players[2], int depth, uint64_t opening_seed, uint64_t seed,
      SynPscWorkspace *work)
{
  SynPosition pos;
  SynFenError error;

  syn_fen_parse (SYN_FEN_START, SYN_FEN_PSC, &pos, &error);
  for (int turn = 0; turn < MAX_TURNS; turn++)
    {
      SynPscControl ctl;
      SynMove chosen[2], moves[SYN_MAX_MOVES];
      SynOutcome outcome;
      SynPosition next;

      syn_psc_control (&pos, &ctl);
      outcome = syn_psc_outcome (&pos, &ctl);
      if (outcome.result != SYN_RESULT_NONE)
        return outcome.result == SYN_RESULT_WHITE_WINS   ? 1.0
               : outcome.result == SYN_RESULT_BLACK_WINS ? 0.0
                                                         : 0.5;
      for (int side = 0; side < 2; side++)
        {
          SynPscLimits limits = { depth, 0, 0, syn_splitmix (seed + (uint64_t) turn) };
          limits.weights = players[side];
          if (turn < OPENING_TURNS)
            {
              int n = syn_psc_moves (&pos, &ctl, (SynColour) side, moves);
              uint64_t r = syn_splitmix (opening_seed + (uint64_t) (2 * turn + side));
              chosen[side] = moves[r % (uint64_t) n];
            }
          else
            chosen[side] = syn_psc_choose (&pos, (SynColour) side, &limits, work, NULL);
        }
      syn_psc_resolve (&pos, chosen[SYN_WHITE], chosen[SYN_BLACK], &next);
      pos = next;
    }
  return 0.5;
}

/* A pair of games between a and b from one opening, each side once; returns a's score
 * over both, from 0 to 2. */
static double
play_pair (const SynPscEvalWeights *a, const SynPscEvalWeights *b, int depth, uint64_t seed,
           SynPscWorkspace *work)
{
  const SynPscEvalWeights *a_white[2] = { a, b }, *a_black[2] = { b, a };
  return play (a_white, depth, seed, seed ^ 0xA, work)
         + (1.0 - play (a_black, depth, seed, seed ^ 0xB, work));
}

static void
print_weights (const char *title, const double *theta)
{
  printf ("%s", title);
  for (int k = 0; k < N_WEIGHTS; k++)
    printf (" %s=%.1f", weights[k].name, theta[k]);
  printf ("\n");
  fflush (stdout);
}

/* SPSA: theta moves towards whichever of theta + c and theta - c wins its pair. */
static void
tune (const Options *options, double *theta, SynPscWorkspace *work)
{
  uint64_t rng = options->seed;

  for (int k = 0; k < N_WEIGHTS; k++)
    theta[k] = value_of (&syn_psc_eval_default_weights, k);
  print_weights ("start:", theta);
  for (int i = 0; i < options->iterations; i++)
    {
      /* Spall's decay exponents: steps shrink faster than pushes. */
      const double push_scale = 1.0 / pow (1.0 + i, 0.101);
      const double step_scale = 1.0 / pow (1.0 + i / 50.0, 0.602);
      double plus[N_WEIGHTS], minus[N_WEIGHTS], sign[N_WEIGHTS], result;
      SynPscEvalWeights w_plus, w_minus;

      for (int k = 0; k < N_WEIGHTS; k++)
        {
          sign[k] = (syn_splitmix (rng++) & 1) ? 1.0 : -1.0;
          plus[k] = theta[k] + sign[k] * weights[k].push * push_scale;
          minus[k] = theta[k] - sign[k] * weights[k].push * push_scale;
        }
      weights_of (plus, &w_plus);
      weights_of (minus, &w_minus);
      /* From -1 (minus won both) to 1 (plus won both). */
      result = play_pair (&w_plus, &w_minus, options->depth, syn_splitmix (rng++), work) - 1.0;
      for (int k = 0; k < N_WEIGHTS; k++)
        {
          theta[k] += step_scale * weights[k].push * push_scale * result * sign[k];
          theta[k] = fmin (fmax (theta[k], weights[k].lowest), weights[k].highest);
        }
      if ((i + 1) % 25 == 0)
        {
          char title[64];
          snprintf (title, sizeof title, "iteration %d:", i + 1);
          print_weights (title, theta);
        }
    }
}

/* The log-likelihood ratio of "Elo elo1" against "Elo 0" from the pair scores so far
 * (each 0 to 1), by the normal approximation of their mean. */
static double
sprt_llr (const double *pairs, int n, double elo1)
{
  double mean = 0, var = 0, s1 = 1.0 / (1.0 + pow (10.0, -elo1 / 400.0)), s0 = 0.5;
  for (int i = 0; i < n; i++)
    mean += pairs[i] / n;
  for (int i = 0; i < n; i++)
    var += (pairs[i] - mean) * (pairs[i] - mean) / n;
  if (var <= 0)
    return 0;
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

/* Plays theta's weights against the engine's until the SPRT decides; returns whether it
 * accepted them as stronger. */
static bool
sprt (const Options *options, const double *theta, SynPscWorkspace *work)
{
  const double bound = log (0.95 / 0.05);
  double *pairs = calloc ((size_t) options->sprt_games / 2 + 1, sizeof *pairs);
  double llr = 0, total = 0;
  SynPscEvalWeights tuned;
  int n = 0;
  bool accepted = false;

  weights_of (theta, &tuned);
  while (2 * (n + 1) <= options->sprt_games)
    {
      uint64_t seed = syn_splitmix (options->seed ^ 0x5350525400ULL ^ (uint64_t) n);
      pairs[n]
          = play_pair (&tuned, &syn_psc_eval_default_weights, options->depth, seed, work) / 2.0;
      total += pairs[n];
      n++;
      llr = sprt_llr (pairs, n, options->elo1);
      if (fabs (llr) >= bound)
        break;
    }
  accepted = llr >= bound;
  printf ("sprt: %d games, tuned scored %.1f%%, llr %.2f (bounds +-%.2f): %s\n", 2 * n,
          100.0 * total / n, llr, bound,
          accepted        ? "accepted, stronger"
          : llr <= -bound ? "rejected, not stronger"
                          : "undecided");
  free (pairs);
  return accepted;
}

int
main (int argc, char **argv)
{
  Options options = { 200, 2, 400, 15.0, 1 };
  double theta[N_WEIGHTS];
  SynPscWorkspace *work;

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--iterations") == 0)
        options.iterations = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--depth") == 0)
        options.depth = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--sprt-games") == 0)
        options.sprt_games = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--elo1") == 0)
        options.elo1 = atof (argv[i + 1]);
      else if (strcmp (argv[i], "--seed") == 0)
        options.seed = strtoull (argv[i + 1], NULL, 10);
      else
        {
          fprintf (stderr, "usage: tune-psc-eval [--iterations N] [--depth D] "
                           "[--sprt-games N] [--elo1 E] [--seed S]\n");
          return 2;
        }
    }
  work = calloc (1, syn_psc_workspace_size ());
  if (!work)
    return 1;
  tune (&options, theta, work);
  print_weights ("tuned:", theta);
  sprt (&options, theta, work);
  free (work);
  return 0;
}
