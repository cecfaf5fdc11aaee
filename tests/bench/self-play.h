/* self-play.h: what the engine tools run by hand (fit-score-scale, match-variants) share to
 * play games of a rule set: a stream of random numbers, what a side's program knows, and a
 * step that a lock may refuse.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#include "variant.h"

/* The next number of the SplitMix64 stream at *state. */
uint64_t self_play_random (uint64_t *state);

/* What side's program knows: in Transactional its player state (TX-R14), never the
 * opponent's pending moves. */
void self_play_known_state (const SynVariant *variant, const SynState *state, SynColour side,
                            SynState *out);

/* Plays chosen (White's, Black's) from *state. A step refused by a lock (TX-R5) leaves
 * *state as it was and adds the mover's choice to its excluded ones, not to be chosen again
 * in that step; otherwise *state moves on and both sides' exclusions are cleared. */
void self_play_step (const SynVariant *variant, SynState *state, const SynChoice chosen[2],
                     SynChoice excluded[2][SYN_MAX_CHOICES], int n_excluded[2]);
