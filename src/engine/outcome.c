/* outcome.c: the text forms of results and reasons used by the CLI, records and network.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "outcome.h"

#include <stddef.h>

const char *
syn_result_to_text (SynResult result)
{
  switch (result)
    {
    case SYN_RESULT_WHITE_WINS:
      return "1-0";
    case SYN_RESULT_BLACK_WINS:
      return "0-1";
    case SYN_RESULT_DRAW:
      return "1/2-1/2";
    case SYN_RESULT_NONE:
    default:
      return "*";
    }
}

const char *
syn_reason_to_text (SynReason reason)
{
  switch (reason)
    {
    case SYN_REASON_KING_FROZEN:
      return "king-frozen";
    case SYN_REASON_CHECKMATE:
      return "checkmate";
    case SYN_REASON_BOTH_LOST:
      return "both-lost";
    case SYN_REASON_STALEMATE:
      return "stalemate";
    case SYN_REASON_FIFTY_TURNS:
      return "fifty-turns";
    case SYN_REASON_KING_CAPTURED:
      return "king-captured";
    case SYN_REASON_REPETITION:
      return "repetition";
    case SYN_REASON_HIDDEN_ATTACK:
      return "hidden-attack";
    case SYN_REASON_NONE:
    default:
      return NULL;
    }
}
