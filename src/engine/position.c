/* position.c: placing and removing pieces while keeping bitboards and mailbox in step.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "position.h"

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
syn_position_set_start (SynPosition *pos)
{
  static const SynPieceType back_rank[8]
      = { SYN_ROOK, SYN_KNIGHT, SYN_BISHOP, SYN_QUEEN, SYN_KING, SYN_BISHOP, SYN_KNIGHT, SYN_ROOK };
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

#define ALL SYN_CASTLE_ALL
#define K_NOT_WS (SYN_CASTLE_ALL & ~SYN_CASTLE_WHITE_SHORT)
#define K_NOT_WL (SYN_CASTLE_ALL & ~SYN_CASTLE_WHITE_LONG)
#define K_NOT_W (SYN_CASTLE_ALL & ~(SYN_CASTLE_WHITE_SHORT | SYN_CASTLE_WHITE_LONG))
#define K_NOT_BS (SYN_CASTLE_ALL & ~SYN_CASTLE_BLACK_SHORT)
#define K_NOT_BL (SYN_CASTLE_ALL & ~SYN_CASTLE_BLACK_LONG)
#define K_NOT_B (SYN_CASTLE_ALL & ~(SYN_CASTLE_BLACK_SHORT | SYN_CASTLE_BLACK_LONG))

/* Rights kept when something leaves or enters a square: a king or rook leaving its home
 * square, or a rook taken there, loses its rights. Rank 1 first. */
const uint8_t syn_castling_kept_table[64] = {
  K_NOT_WL, ALL, ALL, ALL, K_NOT_W,  ALL, ALL, K_NOT_WS, ALL,     ALL, ALL, ALL,      ALL,
  ALL,      ALL, ALL, ALL, ALL,      ALL, ALL, ALL,      ALL,     ALL, ALL, ALL,      ALL,
  ALL,      ALL, ALL, ALL, ALL,      ALL, ALL, ALL,      ALL,     ALL, ALL, ALL,      ALL,
  ALL,      ALL, ALL, ALL, ALL,      ALL, ALL, ALL,      ALL,     ALL, ALL, ALL,      ALL,
  ALL,      ALL, ALL, ALL, K_NOT_BL, ALL, ALL, ALL,      K_NOT_B, ALL, ALL, K_NOT_BS,
};
