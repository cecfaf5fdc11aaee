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
  SYN_REASON_KING_CAPTURED, /* Synchrone, HK, Hutnik */
  SYN_REASON_REPETITION,    /* Synchrone, HK, Hutnik: judged by the game, which has the history */
  SYN_REASON_HIDDEN_ATTACK, /* Transactional TX-R10 */
  SYN_REASON_LAST = SYN_REASON_HIDDEN_ATTACK,
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
