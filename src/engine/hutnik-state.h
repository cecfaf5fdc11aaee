/* hutnik-state.h: what a Hutnik state carries beyond the board (hutnik.c). The token holder
 * is the board's side to move (HUT-R12, field 2).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

typedef struct
{
  uint64_t seed; /* HUT-R9, FEN field 7 */
} SynHutnikState;
