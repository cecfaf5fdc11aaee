/* bitboard.h: 64-bit square sets, squares, colours and pieces shared by the whole engine.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Squares are numbered file + 8 * rank: a1 = 0, h1 = 7, a8 = 56, h8 = 63. */
typedef uint64_t SynBitboard;

#define SYN_NO_SQUARE (-1)
#define SYN_SQUARE(file, rank) ((rank) *8 + (file))
#define SYN_FILE_OF(sq) ((sq) &7)
#define SYN_RANK_OF(sq) ((sq) >> 3)

#define SYN_FILE_A 0x0101010101010101ULL
#define SYN_FILE_H 0x8080808080808080ULL
#define SYN_RANK_1 0x00000000000000FFULL
#define SYN_RANK_2 0x000000000000FF00ULL
#define SYN_RANK_3 0x0000000000FF0000ULL
#define SYN_RANK_4 0x00000000FF000000ULL
#define SYN_RANK_5 0x000000FF00000000ULL
#define SYN_RANK_6 0x0000FF0000000000ULL
#define SYN_RANK_7 0x00FF000000000000ULL
#define SYN_RANK_8 0xFF00000000000000ULL

typedef enum
{
  SYN_WHITE = 0,
  SYN_BLACK = 1,
} SynColour;

typedef enum
{
  SYN_PAWN = 0,
  SYN_KNIGHT,
  SYN_BISHOP,
  SYN_ROOK,
  SYN_QUEEN,
  SYN_KING,
  SYN_N_PIECE_TYPES
} SynPieceType;

/* A piece is colour * 8 + type, so both fit a mailbox byte. */
typedef uint8_t SynPiece;
#define SYN_NO_PIECE ((SynPiece) 0xFF)
#define SYN_PIECE(colour, type) ((SynPiece) ((colour) *8 + (type)))
#define SYN_PIECE_COLOUR(piece) ((SynColour) ((piece) >> 3))
#define SYN_PIECE_TYPE(piece) ((SynPieceType) ((piece) &7))

static inline SynBitboard
syn_bit (int square)
{
  return 1ULL << square;
}

static inline int
syn_popcount (SynBitboard b)
{
#if defined(__POPCNT__)
  return __builtin_popcountll (b);
#else
  /* Without the popcnt instruction, GCC calls a slow library routine; SWAR is faster. */
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (int) ((b * 0x0101010101010101ULL) >> 56);
#endif
}

/* The few hottest functions get copies for newer CPUs (x86-64-v3: BMI and popcnt; or popcnt
 * alone), picked when the program loads, so one generic x86-64 build is fast on today's CPUs
 * and still runs on the oldest. Inside them, count with syn_popcount_hot(). clang before 18
 * cannot call such a function from another file (its ifunc symbol is not emitted under the
 * plain name), so it gets the portable code. */
#if defined(__x86_64__) && !defined(__POPCNT__) && defined(__has_attribute)                        \
    && (!defined(__clang__) || __clang_major__ >= 18)
#if __has_attribute(target_clones)
#define SYN_HOT_CLONES __attribute__ ((target_clones ("arch=x86-64-v3", "popcnt", "default")))
#define syn_popcount_hot(b) __builtin_popcountll (b)
#endif
#endif
#ifndef SYN_HOT_CLONES
#define SYN_HOT_CLONES
#define syn_popcount_hot(b) syn_popcount (b)
#endif

static inline int
syn_lsb (SynBitboard b)
{
  return __builtin_ctzll (b);
}

/* Returns the lowest square of *b and removes it. */
static inline int
syn_pop_lsb (SynBitboard *b)
{
  int square = __builtin_ctzll (*b);
  *b &= *b - 1;
  return square;
}

static inline bool
syn_more_than_one (SynBitboard b)
{
  return (b & (b - 1)) != 0;
}

static inline SynBitboard
syn_shift_north (SynBitboard b)
{
  return b << 8;
}

static inline SynBitboard
syn_shift_south (SynBitboard b)
{
  return b >> 8;
}

/* One step towards the enemy for colour's pawns. */
static inline SynBitboard
syn_shift_forward (SynBitboard b, SynColour colour)
{
  return colour == SYN_WHITE ? b << 8 : b >> 8;
}

static inline SynBitboard
syn_shift_east (SynBitboard b)
{
  return (b & ~SYN_FILE_H) << 1;
}

static inline SynBitboard
syn_shift_west (SynBitboard b)
{
  return (b & ~SYN_FILE_A) >> 1;
}
