/* splitmix.h: SplitMix64, one well-mixed 64-bit number from another, for the engine's
 * hashing, sampling and noise.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

static inline uint64_t
syn_splitmix (uint64_t x)
{
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/* A number in [0, 1) from x, with the 53 bits a double holds. */
static inline double
syn_splitmix_unit (uint64_t x)
{
  return (double) (syn_splitmix (x) >> 11) * (1.0 / 9007199254740992.0);
}
