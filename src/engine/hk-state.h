/* hk-state.h: what a Hansmann–Krasowsky state carries beyond the board (hk.c).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bitboard.h"

typedef struct
{
  int8_t open[2];     /* the open fields (HK-R6), SYN_NO_SQUARE where none */
  SynBitboard struck; /* the pieces that have struck in this phase (HK-R9), by square */
} SynHkState;
