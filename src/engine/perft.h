/* perft.h: counting the leaves of the orthodox move tree, to check move generation.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "position.h"

uint64_t syn_perft (const SynPosition *pos, int depth);
