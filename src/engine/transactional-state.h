/* transactional-state.h: what a Transactional Chess state carries beyond the board, which
 * is the committed view (TX-R2, FEN fields 1 to 6); see transactional.c.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#define SYN_TX_MAX_PENDING 5 /* TX-R3 */

typedef struct
{
  uint16_t pending[2][SYN_TX_MAX_PENDING]; /* each side's pending moves (SynMove), in order;
                                              unused slots are zero */
  uint16_t transaction[2];                 /* each side's open or next transaction number (TX-R3) */
  uint8_t n_pending[2];
  /* TX-R11: the files of the passed squares announced by the last commit, which was the
   * side not to move's (FEN field 4); they are valid in this turn only. */
  uint8_t en_passant_files;
  /* Bit c set when side c's transaction is unknown: read from a player FEN (TX-R14 '?'). Such
   * a side counts as having no pending moves. */
  uint8_t hidden;
} SynTxState;
