/* score.c: the win/draw/loss model of score.h.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "score.h"

#include <math.h>

#include "psc-eval.h"

double
syn_score_of_eval (double centipawns, double scale)
{
  return SYN_SCORE_MARGIN + (1 - 2 * SYN_SCORE_MARGIN) / (1 + exp (-centipawns / scale));
}

double
syn_score_of_outcome (SynOutcome outcome, int steps)
{
  switch (outcome.result)
    {
    case SYN_RESULT_WHITE_WINS:
      return 1 - steps * SYN_SCORE_PER_STEP;
    case SYN_RESULT_BLACK_WINS:
      return steps * SYN_SCORE_PER_STEP;
    default:
      return 0.5;
    }
}

double
syn_score_of_centipawns (double value, int steps, double scale)
{
  if (value >= SYN_EVAL_DECIDED)
    return 1 - steps * SYN_SCORE_PER_STEP;
  if (value <= -SYN_EVAL_DECIDED)
    return steps * SYN_SCORE_PER_STEP;
  return syn_score_of_eval (value, scale);
}

double
syn_score_to_centipawns (double score, double scale)
{
  double p;
  /* Finished games lie beyond the margin, unfinished ones within it. */
  if (score >= 1 - SYN_SCORE_MARGIN)
    return SYN_EVAL_WIN - round ((1 - score) / SYN_SCORE_PER_STEP);
  if (score <= SYN_SCORE_MARGIN)
    return -(SYN_EVAL_WIN - round (score / SYN_SCORE_PER_STEP));
  p = (score - SYN_SCORE_MARGIN) / (1 - 2 * SYN_SCORE_MARGIN);
  return scale * log (p / (1 - p));
}
