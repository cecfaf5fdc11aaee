/* transactional.h: what the app and the network need of Transactional Chess beyond the
 * rule-set table (syn_variant_transactional).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>

#include "variant.h"

#define SYN_TX_ANNOUNCEMENT_SIZE 160

/* The TX-R8 announcement of side's commit, without the "White has committed:" words, from
 * the states before and after the committing step: "Pe7-e5, Qd8-h4; e.p. e6". Each piece of
 * side whose square changed is given as its letter, committed square, `-` or `x` and final
 * square, then `=Q` for a promotion, ` e.p.` for an en passant capture and `+` when it
 * attacks the opponent's king; pieces are listed by final square from h8 down to a1, so the
 * order of the moves stays secret. The passed squares of TX-R11 follow after "; e.p.".
 * An empty string when no piece changed its square. buf holds SYN_TX_ANNOUNCEMENT_SIZE
 * bytes. */
void syn_tx_announcement (const SynState *before, const SynState *after, SynColour side, char *buf,
                          size_t size);

/* Side's locked squares (TX-R5): the start and destination squares of its pending moves. */
SynBitboard syn_tx_locks (const SynState *state, SynColour side);
