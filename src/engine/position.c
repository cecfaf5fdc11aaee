/* position.c: placing and removing pieces while keeping bitboards and mailbox in step.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "position.h"

#include <assert.h>
#include <string.h>

void
syn_position_clear (SynPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  memset (pos->board, SYN_NO_PIECE, sizeof pos->board);
  pos->en_passant[SYN_WHITE] = SYN_NO_SQUARE;
  pos->en_passant[SYN_BLACK] = SYN_NO_SQUARE;
  pos->turn_number = 1;
}

void
syn_position_put (SynPosition *pos, int square, SynPiece piece)
{
  SynBitboard bit = syn_bit (square);
  assert (pos->board[square] == SYN_NO_PIECE);
  pos->board[square] = piece;
  pos->by_type[SYN_PIECE_TYPE (piece)] |= bit;
  pos->by_colour[SYN_PIECE_COLOUR (piece)] |= bit;
}

void
syn_position_remove (SynPosition *pos, int square)
{
  SynPiece piece = pos->board[square];
  SynBitboard bit = syn_bit (square);
  assert (piece != SYN_NO_PIECE);
  pos->board[square] = SYN_NO_PIECE;
  pos->by_type[SYN_PIECE_TYPE (piece)] &= ~bit;
  pos->by_colour[SYN_PIECE_COLOUR (piece)] &= ~bit;
}

void
syn_position_set_start (SynPosition *pos)
{
  static const SynPieceType back_rank[8] = { SYN_ROOK, SYN_KNIGHT, SYN_BISHOP, SYN_QUEEN,
                                             SYN_KING, SYN_BISHOP, SYN_KNIGHT, SYN_ROOK };
  syn_position_clear (pos);
  for (int file = 0; file < 8; file++)
    {
      syn_position_put (pos, SYN_SQUARE (file, 0), SYN_PIECE (SYN_WHITE, back_rank[file]));
      syn_position_put (pos, SYN_SQUARE (file, 1), SYN_PIECE (SYN_WHITE, SYN_PAWN));
      syn_position_put (pos, SYN_SQUARE (file, 6), SYN_PIECE (SYN_BLACK, SYN_PAWN));
      syn_position_put (pos, SYN_SQUARE (file, 7), SYN_PIECE (SYN_BLACK, back_rank[file]));
    }
  pos->castling = SYN_CASTLE_ALL;
}

uint8_t
syn_castling_kept_by (int square)
{
  switch (square)
    {
    case SYN_SQUARE (4, 0):
      return SYN_CASTLE_ALL & ~(SYN_CASTLE_WHITE_SHORT | SYN_CASTLE_WHITE_LONG);
    case SYN_SQUARE (7, 0):
      return SYN_CASTLE_ALL & ~SYN_CASTLE_WHITE_SHORT;
    case SYN_SQUARE (0, 0):
      return SYN_CASTLE_ALL & ~SYN_CASTLE_WHITE_LONG;
    case SYN_SQUARE (4, 7):
      return SYN_CASTLE_ALL & ~(SYN_CASTLE_BLACK_SHORT | SYN_CASTLE_BLACK_LONG);
    case SYN_SQUARE (7, 7):
      return SYN_CASTLE_ALL & ~SYN_CASTLE_BLACK_SHORT;
    case SYN_SQUARE (0, 7):
      return SYN_CASTLE_ALL & ~SYN_CASTLE_BLACK_LONG;
    default:
      return SYN_CASTLE_ALL;
    }
}
