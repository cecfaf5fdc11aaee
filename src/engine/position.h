/* position.h: a chess position as bitboards plus a mailbox, shared by every rule set.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bitboard.h"

/* Castling rights, one bit each. */
enum
{
  SYN_CASTLE_WHITE_SHORT = 1,
  SYN_CASTLE_WHITE_LONG = 2,
  SYN_CASTLE_BLACK_SHORT = 4,
  SYN_CASTLE_BLACK_LONG = 8,
  SYN_CASTLE_ALL = 15,
};

typedef struct
{
  SynBitboard by_type[SYN_N_PIECE_TYPES]; /* both colours */
  SynBitboard by_colour[2];
  SynPiece board[64]; /* mailbox, SYN_NO_PIECE where empty */
  /* The passed square of the pawn of each colour that double-stepped in the last turn,
   * or SYN_NO_SQUARE. PSC may hold both (PSC-R9); orthodox chess holds at most one. */
  int8_t en_passant[2];
  uint8_t castling;
  uint8_t side_to_move; /* orthodox chess only; PSC ignores it (PSC-R9) */
  uint16_t quiet_turns; /* FEN field 5: PSC quiet turns, orthodox half-moves */
  uint16_t turn_number; /* FEN field 6 */
} SynPosition;

static inline SynBitboard
syn_position_occupied (const SynPosition *pos)
{
  return pos->by_colour[SYN_WHITE] | pos->by_colour[SYN_BLACK];
}

static inline SynBitboard
syn_position_pieces (const SynPosition *pos, SynColour colour, SynPieceType type)
{
  return pos->by_type[type] & pos->by_colour[colour];
}

static inline int
syn_position_king (const SynPosition *pos, SynColour colour)
{
  return syn_lsb (syn_position_pieces (pos, colour, SYN_KING));
}

void syn_position_clear (SynPosition *pos);

static inline void
syn_position_put (SynPosition *pos, int square, SynPiece piece)
{
  SynBitboard bit = syn_bit (square);
  pos->board[square] = piece;
  pos->by_type[SYN_PIECE_TYPE (piece)] |= bit;
  pos->by_colour[SYN_PIECE_COLOUR (piece)] |= bit;
}

static inline void
syn_position_remove (SynPosition *pos, int square)
{
  SynPiece piece = pos->board[square];
  SynBitboard bit = syn_bit (square);
  pos->board[square] = SYN_NO_PIECE;
  pos->by_type[SYN_PIECE_TYPE (piece)] &= ~bit;
  pos->by_colour[SYN_PIECE_COLOUR (piece)] &= ~bit;
}

/* The orthodox start position. */
void syn_position_set_start (SynPosition *pos);

#define SYN_COUNTER_MAX 65535

/* The next value of a FEN counter. Counters stop at their largest value rather than wrap to
 * one that FEN refuses; no real game comes near it. */
static inline uint16_t
syn_counter_next (uint16_t counter)
{
  return counter < SYN_COUNTER_MAX ? (uint16_t) (counter + 1) : counter;
}

extern const uint8_t syn_castling_kept_table[64];

/* Castling rights that stay after something leaves or enters square. */
static inline uint8_t
syn_castling_kept_by (int square)
{
  return syn_castling_kept_table[square];
}
