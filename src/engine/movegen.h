/* movegen.h: orthodox chess legal moves, used for perft and by rule sets that follow
 * orthodox legality.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "move.h"
#include "position.h"

/* Writes the legal moves of the side to move into moves (SYN_MAX_MOVES long); returns how
 * many. */
int syn_orthodox_moves (const SynPosition *pos, SynMove *moves);

/* The position after a legal move of the side to move. */
void syn_orthodox_play (const SynPosition *pos, SynMove move, SynPosition *out);

/* Pieces of colour `by` that attack square, with occupied as the blockers. */
SynBitboard syn_orthodox_attackers (const SynPosition *pos, int square, SynColour by,
                                    SynBitboard occupied);
