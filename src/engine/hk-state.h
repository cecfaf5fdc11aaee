/* hk-state.h: what a Hansmann–Krasowsky state carries beyond the board (hk.c).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bitboard.h"

/* SynState.step of an HK state: a synchronous move, or a round of an exchange of blows. */
enum
{
  SYN_HK_STEP_SYNC = 0,
  SYN_HK_STEP_BLOWS = 1,
};

typedef struct
{
  /* The open fields (HK-R6), none between turns. A field's striker is the colour not
   * standing on it, so the set alone says who strikes where. */
  SynBitboard open;
  SynBitboard struck; /* the pieces that have struck in this phase (HK-R9), by square */
} SynHkState;
