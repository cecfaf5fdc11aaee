/* psc-control.h: PSC attack counts, control and frozen pieces (PSC-R1 to R3), computed once
 * per position and shared by legality, outcome, fog of war, heatmap and evaluation.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "position.h"

#define SYN_COUNT_BITS 5 /* at most 16 pieces of a colour attack one square */

typedef struct
{
  /* PSC-R1 attack set of each piece other than a pawn, without its own square. */
  SynBitboard attacks[64];
  /* A(c, t) for every square at once: bit i of each count lives in counts[c][i]. */
  SynBitboard counts[2][SYN_COUNT_BITS];
  /* The same counts for the attack sets of pieces other than pawns only: how many such
   * pieces reach each square, which makes counting moves a few popcounts. */
  SynBitboard piece_counts[2][SYN_COUNT_BITS];
  SynBitboard attacked[2]; /* A(c, t) >= 1: also what c sees in fog (PSC-R12), since every
                            * piece attacks its own square */
  SynBitboard control[2];  /* PSC-R2: A(c, t) > A(other, t) */
  SynBitboard frozen;      /* PSC-R3: pieces of either colour attacked twice by the enemy */
  /* Destinations of each colour's pawns, frozen ones included: pushes, and captures to the
   * east and to the west (PSC-R1). */
  SynBitboard pawn_pushes[2], pawn_east[2], pawn_west[2];
  /* PSC-R7: for each colour, its pawns holding an en passant opportunity. */
  SynBitboard en_passant_capturers[2];
} SynPscControl;

void syn_psc_control (const SynPosition *pos, SynPscControl *ctl);

/* The squares colour attacks twice or more: A(colour, t) >= 2, where a piece of the other
 * colour freezes (PSC-R3). */
static inline SynBitboard
syn_psc_attacked_twice (const SynPscControl *ctl, SynColour colour)
{
  SynBitboard high = 0;
  for (int i = 1; i < SYN_COUNT_BITS; i++)
    high |= ctl->counts[colour][i];
  return high;
}

/* A(colour, square), read back from the bit-sliced counts. */
int syn_psc_attack_count (const SynPscControl *ctl, SynColour colour, int square);

/* PSC-R7: the square of the double-stepped pawn that colour's pawns may take en passant,
 * or SYN_NO_SQUARE when there is no opportunity. */
int syn_psc_en_passant_victim (const SynPosition *pos, SynColour colour);
