/* syn-board-facts.h: everything a board display needs to know about one position, as one
 * side sees it: pieces, attack counts, control, frozen pieces, fog, legal moves, outcome.
 * The UI reads these and never calls the engine itself.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "move.h"
#include "outcome.h"
#include "position.h"
#include "refusal.h"
#include "variant.h"

G_BEGIN_DECLS

typedef struct
{
  SynPosition position;   /* where fog hides a square, it is shown empty here */
  guint8 attacks[2][64];  /* A(colour, square), PSC-R2; 0 where hidden */
  SynBitboard control[2]; /* PSC-R2, only visible squares */
  SynBitboard frozen;     /* PSC-R3, only visible squares */
  SynBitboard visible;    /* every square without fog; PSC-R12 with it */
  SynColour viewer;
  SynMove moves[SYN_MAX_MOVES]; /* the moves among the viewer's choices, each once */
  int n_moves;
  /* The viewer's choices that are no move on the board (HK's pass, Transactional's pass
   * with its decision); the window offers them as buttons. */
  SynChoice others[8];
  int n_others;
  SynStepInfo info;     /* the kind of step, Hutnik's token, HK's open fields, locks */
  gboolean has_control; /* attacks, control and frozen mean something in these rules */
  SynOutcome outcome;
  /* Kings attacked, in rule sets with check (HK-R3, HUT-R2, SYN-R2, TX-R4), and the pieces
   * giving each side's check; only visible squares. */
  SynBitboard check;
  SynBitboard check_givers[2];
  /* Why each of the pieces shown cannot be picked up by the viewer (NONE where it can). */
  SynRefusal refusals[64];
} SynBoardFacts;

/* Computes the facts of state for viewer: the board the viewer sees (Transactional: its own
 * view, TX-R2); with fog, hides what PSC-R12 hides. */
void syn_board_facts_compute (SynBoardFacts *facts, const SynVariant *variant,
                              const SynState *state, SynColour viewer, gboolean fog);

/* The legal moves of the viewer from square (destinations), as a set. */
SynBitboard syn_board_facts_destinations (const SynBoardFacts *facts, int from);

/* Finds the viewer's legal move from -> to (promotion: the piece type, else ignored);
 * SYN_MOVE_NONE when there is none. */
SynMove syn_board_facts_find_move (const SynBoardFacts *facts, int from, int to,
                                   SynPieceType promotion);

/* True when from -> to is a promotion for the viewer (so the UI asks which piece). */
gboolean syn_board_facts_is_promotion (const SynBoardFacts *facts, int from, int to);

/* Why the viewer cannot move the piece on square, in words for a person ("Frozen: attacked
 * by Nf6 and Qd8"), translated; NULL when it can, or nothing is to be said. */
char *syn_board_facts_explain_refusal (const SynBoardFacts *facts, int square);

/* "Nf6": a piece with its square, in the letters shown to the user (none for a pawn). */
char *syn_board_facts_name_piece (const SynBoardFacts *facts, int square);

G_END_DECLS
