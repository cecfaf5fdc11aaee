/* psc.h: Parrow Synchronous Chess: legal moves, resolving a pair of moves, the outcome and
 * fog of war (PSC-R4 to R12), on top of the control of psc-control.h.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "move.h"
#include "outcome.h"
#include "position.h"
#include "psc-control.h"

#define SYN_PSC_FIFTY_TURNS 50

/* PSC-R4 to R7: colour's legal moves into moves (SYN_MAX_MOVES long); returns how many. */
int syn_psc_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour,
                   SynMove *moves);

/* How many moves syn_psc_moves() would list, without listing them. */
int syn_psc_count_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour);

/* PSC-R8, R9: the position after both legal moves are executed together. */
void syn_psc_resolve (const SynPosition *pos, SynMove white, SynMove black, SynPosition *out);

/* sperft's last two levels at once: the sum, over every pair of legal moves in pos, of the
 * number of joint moves in the resulting position (0 for a finished one). pos must not be
 * finished. Faster than resolving each pair in full: White's move is applied once for all
 * of Black's, and only bitboards are kept. */
uint64_t syn_psc_count_after_turn (const SynPosition *pos);

/* PSC-R10 */
SynOutcome syn_psc_outcome (const SynPosition *pos, const SynPscControl *ctl);

/* PSC-R10 for callers that have counted both sides' moves already. */
SynOutcome syn_psc_outcome_from_counts (const SynPosition *pos, const SynPscControl *ctl,
                                        const int n_moves[2]);

/* PSC-R12: the squares colour sees in fog of war. */
static inline SynBitboard
syn_psc_visible (const SynPscControl *ctl, SynColour colour)
{
  return ctl->attacked[colour];
}
