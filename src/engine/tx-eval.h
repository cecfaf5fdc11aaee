/* tx-eval.h: the evaluation of a Transactional Chess state for the search
 * (variant-eval.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "variant.h"

/* White's view in centipawns of an unfinished Transactional state. */
int syn_tx_eval (const SynVariant *variant, const SynState *state);

/* True when the search cannot look past a player state (TX-R14) whose hidden side is to
 * move. With its transaction counted empty, as the program knows it: when that side has no
 * legal move, *assumed is the checkmate or stalemate of TX-R12, which outcome() leaves to
 * the hidden side's own program. When its king is attacked in the committed view, it must
 * answer the check (TX-R4, R7d) with a move the program cannot see; its one choice there,
 * the hidden turn, leaves the board as it was, and a search that played it would find the
 * king still attacked and count the unanswered check as a win (TX-R10): such a state is
 * evaluated instead, *assumed left without a result. */
bool syn_tx_beyond_sight (const SynState *state, SynOutcome *assumed);
