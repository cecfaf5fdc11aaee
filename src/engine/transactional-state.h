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
  /* Bit c set when side c's program learned from the opponent's program that every legal
   * move of c is refused this step (TX-R6 over the network, where c cannot see the locks):
   * c's choices are then the pass. Cleared by the next step. */
  uint8_t all_refused;
  /* Bit c set when side c committed in the step just played: the other side's program may
   * then see a hidden attack (TX-R10) that comes before the fifty-turn draw. */
  uint8_t just_committed;
  /* After a hidden side's commit followed by its public part (transactional.h): the pieces'
   * paths it told, committed square to final square, so that the announcement pairs them
   * as the committer did (TX-R8). */
  uint8_t n_told;
  int8_t told[16][2];
} SynTxState;
