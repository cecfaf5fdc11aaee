/* variant-eval.h: how good a state of any rule set is for White, in centipawns, for the
 * search of variant-search.h: PSC's own evaluation for PSC, an orthodox one for the others.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "variant.h"

/* The static value of an unfinished state, White's point of view, a whole number of
 * centipawns kept inside +-(SYN_EVAL_DECIDED - 1) (psc-eval.h). */
int syn_variant_eval (const SynVariant *variant, const SynState *state);

/* A finished game's value: +-SYN_EVAL_WIN, or 0 for a draw. */
int syn_variant_eval_outcome (SynOutcome outcome);

/* Steps that make one turn of look-ahead: 2 where the sides take turns (Transactional,
 * TX-R1), else 1. The search counts depth in turns, so that a level means the same in every
 * rule set. */
int syn_variant_steps_per_turn (const SynVariant *variant);

/* The scale of the rule set's win/draw/loss model, in centipawns (score.h). */
double syn_variant_score_scale (const SynVariant *variant);

/* True when the next step is one the search cannot see: a side's move it knows nothing
 * of (Transactional, syn_tx_beyond_sight()). The search then takes *assumed, the outcome
 * the program can judge there, or else evaluates the state, instead of looking past it. */
bool syn_variant_beyond_sight (const SynVariant *variant, const SynState *state,
                               SynOutcome *assumed);

/* True when the state is in the middle of something a static evaluation would misjudge
 * and the search carries on through it without counting depth: HK's exchange of blows
 * (HK-R6 to R8), whose captures are forced choices, not a turn. */
bool syn_variant_unsettled (const SynVariant *variant, const SynState *state);

/* The evaluation the orthodox-capture rule sets share, of a board alone. */
int syn_orthodox_eval_position (const SynPosition *pos);

/* The same with each side's best threat counted in divisor[side]ths (0: not at all), for a
 * rule set where one side's threats are surer than the other's. */
int syn_orthodox_eval_threats (const SynPosition *pos, const int divisor[2]);

/* Keeps, of one side's n choices in an exchange of blows on pos, the likeliest: the pass and
 * the strike with its cheapest piece (the one that loses least to a recapture); returns how
 * many are left (n itself when two or fewer). */
int syn_variant_likeliest_blows (const SynPosition *pos, SynChoice *choices, int n);
