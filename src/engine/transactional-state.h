/* transactional-state.h: what a Transactional Chess state carries beyond the board, which
 * is the committed view (TX-R2, FEN field 1); see transactional.c.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#define SYN_TX_MAX_PENDING 5 /* TX-R3 */

typedef struct
{
  uint16_t pending[2][SYN_TX_MAX_PENDING]; /* each side's pending moves (SynMove), in order */
  uint8_t n_pending[2];
  uint16_t transaction[2]; /* each side's open or next transaction number (TX-R3) */
} SynTxState;
