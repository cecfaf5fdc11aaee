/* outcome.h: how a game stands (going on, won, drawn) and why, for every rule set.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

typedef enum
{
  SYN_RESULT_NONE = 0, /* the game goes on: "*" */
  SYN_RESULT_WHITE_WINS,
  SYN_RESULT_BLACK_WINS,
  SYN_RESULT_DRAW,
} SynResult;

typedef enum
{
  SYN_REASON_NONE = 0,
  SYN_REASON_KING_FROZEN,
  SYN_REASON_CHECKMATE,
  SYN_REASON_BOTH_LOST,
  SYN_REASON_STALEMATE,
  SYN_REASON_FIFTY_TURNS,
} SynReason;

typedef struct
{
  SynResult result;
  SynReason reason;
} SynOutcome;

/* "*", "1-0", "0-1" or "1/2-1/2". */
const char *syn_result_to_text (SynResult result);

/* "king-frozen", "checkmate", ...; NULL for SYN_REASON_NONE. */
const char *syn_reason_to_text (SynReason reason);
