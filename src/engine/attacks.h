/* attacks.h: where each kind of piece reaches from a square, from tables generated at
 * build time (magic bitboards for the sliders).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "bitboard.h"

typedef struct
{
  SynBitboard mask;
  SynBitboard magic;
  uint32_t offset;
  uint32_t shift;
} SynMagic;

extern const SynMagic syn_rook_magics[64];
extern const SynMagic syn_bishop_magics[64];
extern const SynBitboard syn_slider_table[];
extern const SynBitboard syn_knight_table[64];
extern const SynBitboard syn_king_table[64];
extern const SynBitboard syn_pawn_capture_table[2 * 64];
extern const SynBitboard syn_between_table[64 * 64];
extern const SynBitboard syn_line_table[64 * 64];

/* Squares a rook on square reaches, the first blocker of each ray included. */
static inline SynBitboard
syn_rook_attacks (int square, SynBitboard occupied)
{
  const SynMagic *m = &syn_rook_magics[square];
  return syn_slider_table[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];
}

static inline SynBitboard
syn_bishop_attacks (int square, SynBitboard occupied)
{
  const SynMagic *m = &syn_bishop_magics[square];
  return syn_slider_table[m->offset + (((occupied & m->mask) * m->magic) >> m->shift)];
}

static inline SynBitboard
syn_queen_attacks (int square, SynBitboard occupied)
{
  return syn_rook_attacks (square, occupied) | syn_bishop_attacks (square, occupied);
}

static inline SynBitboard
syn_knight_attacks (int square)
{
  return syn_knight_table[square];
}

static inline SynBitboard
syn_king_attacks (int square)
{
  return syn_king_table[square];
}

/* The two diagonal-forward squares of a pawn of colour on square. */
static inline SynBitboard
syn_pawn_captures (SynColour colour, int square)
{
  return syn_pawn_capture_table[colour * 64 + square];
}

/* Squares a piece of type, of colour, attacks from square over occupied. */
static inline SynBitboard
syn_piece_attacks (SynPieceType type, SynColour colour, int square, SynBitboard occupied)
{
  switch (type)
    {
    case SYN_PAWN:
      return syn_pawn_captures (colour, square);
    case SYN_KNIGHT:
      return syn_knight_attacks (square);
    case SYN_BISHOP:
      return syn_bishop_attacks (square, occupied);
    case SYN_ROOK:
      return syn_rook_attacks (square, occupied);
    case SYN_QUEEN:
      return syn_queen_attacks (square, occupied);
    default:
      return syn_king_attacks (square);
    }
}

/* Squares strictly between a and b when they share a line, otherwise none. */
static inline SynBitboard
syn_between (int a, int b)
{
  return syn_between_table[a * 64 + b];
}

/* The whole line through a and b, edge to edge, when they share one, otherwise none. */
static inline SynBitboard
syn_line (int a, int b)
{
  return syn_line_table[a * 64 + b];
}
