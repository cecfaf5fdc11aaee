/* hutnik.h: what Hutnik Simultaneous Chess offers beyond its entry in the rule-set table
 * (hutnik.c): the draw of the initiative token's first holder from a game's seed.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#include "bitboard.h"

/* HUT-R9: SplitMix64's output for seed, whose top bit names the first holder. */
uint64_t syn_hutnik_mix (uint64_t seed);

/* HUT-R9: the side that holds the initiative token when a game with seed starts. */
SynColour syn_hutnik_first_holder (uint64_t seed);
