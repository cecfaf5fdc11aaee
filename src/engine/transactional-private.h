/* transactional-private.h: what the files of Transactional Chess share: the rules
 * (transactional.c), what each side sees and is told (transactional-view.c), the FEN
 * (transactional-fen.c) and the text of a turn's public part (transactional-step-text.c).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "transactional.h"

/* The decisions that may end a turn (TX-R7, R9), as a set. */
enum
{
  DECIDE_NEITHER = 1,
  DECIDE_COMMIT = 2,
  DECIDE_ROLLBACK = 4,
  DECIDE_ANY = 7,
};

#define MAX_TRANSACTION 65535

/* Names as the messages and the FEN's errors give them. */
extern const char *const syn_tx_colour_names[2]; /* "White", "Black" */
extern const char *const syn_tx_colour_words[2]; /* "white", "black" */
extern const char syn_tx_castling_letters[];     /* "KQkq", FEN field 3's order */

/* Small helpers of moves and squares. */

static inline int
castling_rook_from (int from, int to)
{
  return to > from ? from + 3 : from - 4;
}

static inline int
castling_rook_to (int from, int to)
{
  return to > from ? from + 1 : from - 1;
}

/* TX-R15: the side to move's transaction is unknown to the program holding state; what that
 * side does is learned from its public part, never judged here. */
static inline bool
mover_hidden (const SynState *state)
{
  return (state->rules.tx.hidden & (1u << state->board.side_to_move)) != 0;
}

/* The passed square on the given file of the pawns that side (the last committer) may have
 * double-stepped. */
static inline int
passed_square (SynColour committer, int file)
{
  return SYN_SQUARE (file, committer == SYN_WHITE ? 2 : 5);
}

static inline unsigned
decision_of (SynChoice choice)
{
  if (choice & SYN_CHOICE_COMMIT)
    return DECIDE_COMMIT;
  if (choice & SYN_CHOICE_ROLLBACK)
    return DECIDE_ROLLBACK;
  return DECIDE_NEITHER;
}

/* The rules (transactional.c) ------------------------------------------------------------ */

/* TX-R8: side's pending moves and its last move (none after a pass) become its committed
 * position. Returns whether the transaction captured or moved a pawn (TX-R13), and sets the
 * files of the pawns it leaves eligible for en passant (TX-R11). */
bool syn_tx_commit (SynPosition *board, const SynTxState *tx, SynColour side, SynMove last,
                    uint8_t *en_passant_files);

/* TX-R13: the counters move on and the other side is to move; what the last step learned is
 * forgotten. */
void syn_tx_end_turn (const SynState *state, bool resets, SynState *next);

/* Plays a pending move, a plain relocation of own pieces (TX-R3); castling rights spent by it
 * go, which gives the pending rights of TX-R4. */
void syn_tx_relocate (SynPosition *pos, SynMove move);

/* TX-R2: side's pending position with the opponent's committed one. */
void syn_tx_build_view (const SynState *state, SynColour side, SynPosition *view);

/* The FEN (transactional-fen.c): the table's read_state, write_state and write_view_state. */
bool syn_tx_read_state (const char *fen, SynState *state, SynFenError *error);
void syn_tx_write_state (const SynState *state, char *buf, size_t size);
void syn_tx_write_view_state (const SynState *state, SynColour side, char *buf, size_t size);

/* What each side sees and is told (transactional-view.c): the table's visible,
 * choice_to_text, view, describe, events and announce. */
SynBitboard syn_tx_visible (const SynState *state, SynColour side);
void syn_tx_choice_to_text (const SynState *state, SynChoice choice, char *buf);
void syn_tx_view (const SynState *state, SynColour side, SynPosition *out);
void syn_tx_describe (const SynState *state, SynStepInfo *info);
int syn_tx_events (const SynState *before, SynChoice white, SynChoice black, const SynState *after,
                   SynEvent *events);
bool syn_tx_announce (const SynState *before, const SynState *after, SynColour side, char *buf,
                      size_t size);

/* Writing messages (transactional-view.c), for the view's and the step text's --------- */

/* Appends to buf, which holds size bytes of which n are written; returns the new n. */
size_t syn_tx_append (char *buf, size_t size, size_t n, const char *format, ...)
    __attribute__ ((format (printf, 4, 5)));

/* Appends the passed squares of files (bit per file) behind side's double steps, from the
 * a-file on, joined by separator (TX-R8's announcement, TX-R15's public step). */
size_t syn_tx_append_passed_squares (char *buf, size_t size, size_t n, SynColour side,
                                     unsigned files, const char *separator);

/* Writes the message into error (size bytes; error may be NULL) and returns false, so that a
 * reader can `return syn_tx_fail (...)`. */
bool syn_tx_fail (char *error, size_t size, const char *format, ...)
    __attribute__ ((format (printf, 3, 4)));
