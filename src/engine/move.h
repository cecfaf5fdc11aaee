/* move.h: moves as small integers and their UCI text form ("e2e4", "e7e8q", "e1g1").
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "bitboard.h"

/* Bits 0-5 origin, 6-11 destination, 12-15 kind. Zero (a1a1) is never a move. */
typedef uint16_t SynMove;

#define SYN_MOVE_NONE ((SynMove) 0)
#define SYN_MAX_MOVES 256
#define SYN_MOVE_TEXT_SIZE 6

typedef enum
{
  SYN_MOVE_PLAIN = 0,
  SYN_MOVE_PROMOTE_KNIGHT = 1,
  SYN_MOVE_PROMOTE_BISHOP = 2,
  SYN_MOVE_PROMOTE_ROOK = 3,
  SYN_MOVE_PROMOTE_QUEEN = 4,
  SYN_MOVE_CASTLE = 5, /* the king's move; the rook follows */
  SYN_MOVE_EN_PASSANT = 6,
} SynMoveKind;

static inline SynMove
syn_move_make (int from, int to, SynMoveKind kind)
{
  return (SynMove) (from | (to << 6) | ((int) kind << 12));
}

static inline int
syn_move_from (SynMove move)
{
  return move & 63;
}

static inline int
syn_move_to (SynMove move)
{
  return (move >> 6) & 63;
}

static inline SynMoveKind
syn_move_kind (SynMove move)
{
  return (SynMoveKind) (move >> 12);
}

static inline bool
syn_move_is_promotion (SynMove move)
{
  SynMoveKind kind = syn_move_kind (move);
  return kind >= SYN_MOVE_PROMOTE_KNIGHT && kind <= SYN_MOVE_PROMOTE_QUEEN;
}

/* The piece type a promotion makes (knight for kind 1 up to queen for kind 4). */
static inline SynPieceType
syn_move_promotion_type (SynMove move)
{
  return (SynPieceType) syn_move_kind (move);
}

/* Appends the pawn moves to targets that all share one offset from origin to destination,
 * four moves (queen to knight) for each target on last_rank; returns the new end of list. */
static inline SynMove *
syn_move_add_pawn_moves (SynMove *list, SynBitboard targets, int offset, SynBitboard last_rank)
{
  SynBitboard promotions = targets & last_rank;
  targets &= ~last_rank;
  while (targets)
    {
      int to = syn_pop_lsb (&targets);
      *list++ = syn_move_make (to - offset, to, SYN_MOVE_PLAIN);
    }
  while (promotions)
    {
      int to = syn_pop_lsb (&promotions);
      for (int kind = SYN_MOVE_PROMOTE_QUEEN; kind >= SYN_MOVE_PROMOTE_KNIGHT; kind--)
        *list++ = syn_move_make (to - offset, to, (SynMoveKind) kind);
    }
  return list;
}

/* Writes "e2e4" or "e7e8q" with its terminating NUL; buf holds SYN_MOVE_TEXT_SIZE bytes. */
void syn_move_to_text (SynMove move, char *buf);

/* Writes the name of square ("e4") with its terminating NUL into buf[3]. */
void syn_square_to_text (int square, char *buf);

/* Reads a square name; SYN_NO_SQUARE when text does not start with one. */
int syn_square_from_text (const char *text);

/* Finds text among moves; SYN_MOVE_NONE when it is not there. The text must be exact UCI. */
SynMove syn_move_find (const SynMove *moves, int n_moves, const char *text);

/* True when text has the form of a UCI move (whether or not legal anywhere). */
bool syn_move_text_is_well_formed (const char *text);
