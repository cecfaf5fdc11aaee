/* hutnik.h: what Hutnik Simultaneous Chess offers beyond its entry in the rule-set table
 * (hutnik.c): the game's seed and the initiative token's first holder drawn from it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#include "bitboard.h"

/* HUT-R9: SplitMix64's output for seed, whose top bit names the first holder. */
uint64_t syn_hutnik_mix (uint64_t seed);

/* HUT-R10: the seed of a network game, from the 8 random bytes each program revealed: the XOR
 * of the two read as big-endian numbers, so neither side alone decides it. */
uint64_t syn_hutnik_seed_from_coins (const uint8_t ours[8], const uint8_t theirs[8]);

/* HUT-R9: the side that holds the initiative token when a game with seed starts. */
SynColour syn_hutnik_first_holder (uint64_t seed);
