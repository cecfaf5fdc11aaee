/* refusal.h: why a side's piece has no legal choice, in the rules' own terms, and which
 * pieces give check, for rule sets that have check.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "variant.h"

typedef enum
{
  SYN_REFUSAL_NONE = 0,       /* the piece has a legal move */
  SYN_REFUSAL_WAITING,        /* the side has no choice to make at this step */
  SYN_REFUSAL_EMPTY,          /* no piece there */
  SYN_REFUSAL_NOT_OWN,        /* the other side's piece */
  SYN_REFUSAL_FROZEN,         /* PSC-R3; squares: the enemy pieces attacking it */
  SYN_REFUSAL_NOT_CONTROLLED, /* PSC-R4: it could go somewhere, but not to a controlled square */
  SYN_REFUSAL_IN_CHECK,       /* HK-R3, HUT-R2, SYN-R2, TX-R4; squares: the checking pieces */
  SYN_REFUSAL_NO_MOVE,        /* blocked, pinned, or the like: no legal move */
} SynRefusalKind;

typedef struct
{
  SynRefusalKind kind;
  SynBitboard squares;
} SynRefusal;

/* The pieces attacking side's king on the board side sees, in rule sets with check; 0 when
 * the rules have none (PSC-R4) or side has no king. */
SynBitboard syn_check_givers (const SynVariant *variant, const SynState *state, SynColour side);

/* Why each square's piece, on the board side sees, is not among side's choices (NONE for
 * those that are): one pass over the choices for the whole board. */
void syn_refusal_explain_all (const SynVariant *variant, const SynState *state, SynColour side,
                              SynRefusal out[64]);

/* The same for one square. */
void syn_refusal_explain (const SynVariant *variant, const SynState *state, SynColour side,
                          int square, SynRefusal *out);
