/* score.h: payoffs in expected score. A finished game is worth 1, 1/2 or 0 to White; an
 * unfinished one what a win/draw/loss model expects from its evaluation in centipawns. The
 * searches back up and mix in this scale, so how much they risk follows the chances of
 * winning, not the size of a constant for a won game.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "outcome.h"

/* The model's scale in centipawns per rule set: an evaluation e expects
 * 1 / (1 + exp(-e / scale)). Fitted on self-play of the engine searching in this scale by
 * tests/bench/fit-score-scale.c (100 games per rule set at depth 1, the first six steps at
 * random; 3900 to 8000 positions each), which prints them. */
#define SYN_SCORE_SCALE_PSC 395.0
#define SYN_SCORE_SCALE_SYNCHRONE 1481.0
#define SYN_SCORE_SCALE_HK 429.0
#define SYN_SCORE_SCALE_HUTNIK 1187.0
#define SYN_SCORE_SCALE_TRANSACTIONAL 790.0

/* An unfinished game is never quite won or lost: the model's score is squeezed into
 * [SYN_SCORE_MARGIN, 1 - SYN_SCORE_MARGIN], leaving the ends to finished games. */
#define SYN_SCORE_MARGIN 0.02

/* What a finished game loses per step further away: a sooner win counts more, a later loss
 * less. Searches look at most a few dozen steps ahead, far from the margin. */
#define SYN_SCORE_PER_STEP 1e-4

/* The expected score of an unfinished game evaluated at centipawns. */
double syn_score_of_eval (double centipawns, double scale);

/* syn_score_of_eval (centipawns, SYN_SCORE_SCALE_PSC) for every whole evaluation from
 * -SYN_SCORE_TABLE_HALF to SYN_SCORE_TABLE_HALF - 1, computed at build time
 * (gen-score-table.c): the same numbers, read instead of computed. */
#define SYN_SCORE_TABLE_HALF 4096
extern const double syn_score_psc_table[2 * SYN_SCORE_TABLE_HALF];

/* The expected score of an unfinished PSC position evaluated at centipawns (a whole number),
 * exactly as syn_score_of_eval() gives it. */
static inline double
syn_score_of_psc_eval (int centipawns)
{
  if (centipawns >= -SYN_SCORE_TABLE_HALF && centipawns < SYN_SCORE_TABLE_HALF)
    return syn_score_psc_table[centipawns + SYN_SCORE_TABLE_HALF];
  return syn_score_of_eval (centipawns, SYN_SCORE_SCALE_PSC);
}

/* White's score of a finished game steps away (1, 1/2 or 0, less steps * SYN_SCORE_PER_STEP
 * towards 1/2). */
double syn_score_of_outcome (SynOutcome outcome, int steps);

/* A value in centipawns where a finished game is +-SYN_EVAL_WIN (psc-eval.h; as the pair
 * matrix gives them) as a score, a finished game counting steps away. */
double syn_score_of_centipawns (double value, int steps, double scale);

/* The inverse of syn_score_of_centipawns() for a score a search returned: centipawns, or
 * +-(SYN_EVAL_WIN - steps) for a finished game, rounded to a step. */
double syn_score_to_centipawns (double score, double scale);
