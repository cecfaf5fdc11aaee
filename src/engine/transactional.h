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

/* Transactional Chess between two programs (TX-R15 to R17) ------------------------------ */

/* A program holds a player state (read from a player FEN, or a state with the opponent's
 * transaction hidden, SynTxState.hidden): its own pending moves, the committed view, never
 * the opponent's pending moves. On such a state the table's functions judge only what that
 * program may know: the outcome of a turn of a hidden side (its mate or stalemate, TX-R12;
 * the hidden attack after the other side's commit, TX-R10) is left to that side's program,
 * and only the fifty-turn draw (TX-R13) is judged. */

/* The public part of one turn (TX-R8, R15): whether it committed and, for a commit, the
 * committer's pieces that changed square (each from its committed square to its final one,
 * paired by the piece's path as in the announcement; promotion as the piece it became), the
 * castling rights of the whole board after it, and the en passant files it makes eligible
 * (TX-R11). Everything the other program needs to follow the committed view, and no more. */
#define SYN_TX_MAX_CHANGED 16
typedef struct
{
  bool commit;
  uint8_t n_changed;
  struct
  {
    int8_t from, to;
    uint8_t promotion; /* SynPieceType it became, or 0 when none (no piece becomes a pawn) */
  } changed[SYN_TX_MAX_CHANGED]; /* ordered by final square from h8 down to a1 */
  uint8_t castling;              /* FEN field 3 after the turn */
  uint8_t en_passant_files;      /* files of the passed squares, bit per file */
} SynTxPublicStep;

/* The public part of side's turn choice in state (state holds side's own transaction; choice
 * is one of side's choices). */
void syn_tx_public_step (const SynState *state, SynChoice choice, SynTxPublicStep *step);

/* Its text, for the network (docs/protocol.md): "-" without a commit; else "commit PAIRS
 * CASTLING EP", PAIRS the changed pieces as "e7e5,d8h4" (a promotion adds its letter,
 * "b7a8q"), or "-" when none, CASTLING as FEN field 3, EP the passed squares, "e6,a3", or
 * "-". buf holds SYN_TX_PUBLIC_STEP_SIZE bytes. */
#define SYN_TX_PUBLIC_STEP_SIZE 128
void syn_tx_public_step_to_text (const SynTxPublicStep *step, SynColour side, char *buf,
                                 size_t size);
/* Reads that text (side is the committer); false with a message in error when it is not
 * well-formed: only the text syn_tx_public_step_to_text() writes is read (pairs by final
 * square from h8 down, passed squares from the a-file on, at most SYN_TX_PUBLIC_STEP_SIZE - 1
 * characters). Does not judge it against a position. */
bool syn_tx_public_step_from_text (const char *text, SynColour side, SynTxPublicStep *step,
                                   char *error, size_t error_size);

/* The state after the hidden side to move's turn with that public part, as the other
 * program follows it: the counters move on (TX-R13), a commit changes the committed view
 * (pieces relocated, the receiver's pieces on their destinations captured, en passant
 * captures behind a passed square this receiver announced, castling rights and en passant
 * files as given). Returns false, with a message in error, when the step cannot be true from
 * what this program knows: a square that holds no piece of the committer, two pieces on one
 * square, a destination the receiver locks (the move would have been refused), a
 * promotion that is not a pawn reaching the last rank or a pawn left there, more than one
 * capture or promotion, a castling right gained, kept by a king or rook that moved or lost
 * by the receiver without a capture on its rook's square, a king lost, a passed square that
 * is not behind a double step. The side to move must be hidden in state. */
bool syn_tx_apply_public_step (const SynState *state, const SynTxPublicStep *step, SynState *out,
                               char *error, size_t error_size);

/* The squares whose lock by the opponent refuses move (TX-R5): its destination, and the
 * rook's too when castling. */
SynBitboard syn_tx_refusal_squares (SynMove move);

/* A hidden side at the start of its turn: the other side's program asks nothing about it.
 * The side to move's own program: how many of its legal moves (locks not considered) there
 * are, with the refusal squares of each in sets (SYN_MAX_MOVES long), for asking the
 * opponent's program whether every one is refused (TX-R6). */
int syn_tx_refusal_sets (const SynState *state, SynBitboard *sets);

/* Sets in state that its side to move's every legal move is refused (TX-R6, learned from the
 * opponent's program): its choices become the pass. */
void syn_tx_set_all_refused (SynState *state);

/* The state as side's program holds it: the opponent's transaction hidden (TX-R14's player
 * FEN), its moves and its number (0) unknown, as reading the player FEN gives them. */
void syn_tx_player_state (const SynState *state, SynColour side, SynState *out);
