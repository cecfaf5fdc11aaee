/* tx-eval.h: the evaluation of a Transactional Chess state for the search
 * (variant-eval.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "variant.h"

/* White's view in centipawns of an unfinished Transactional state. */
int syn_tx_eval (const SynVariant *variant, const SynState *state);
