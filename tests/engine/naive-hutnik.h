/* naive-hutnik.h: a deliberately simple Hutnik implementation (initiative token), written
 * from the rulings alone, that the engine is compared with on games of random play.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Colours are 0 for white, 1 for black. Squares are file + 8 * rank: a1 = 0, h8 = 63. */
typedef struct
{
  char board[64];  /* '.' empty; "PNBRQK" white, "pnbrqk" black */
  int holder;      /* HUT-R6: the colour holding the initiative token */
  bool castle[4];  /* rights K, Q, k, q */
  int ep[2];       /* HUT-R8: passed square of white's (rank 3) and black's (rank 6) double
                    * step in the last turn, or -1 */
  int quiet_turns; /* FEN field 5 */
  int turn_number; /* FEN field 6 */
  uint64_t seed;   /* HUT-R9, FEN field 7 */
} NaiveHutnik;

/* What became of the second move (HUT-R4, R5). */
typedef enum
{
  NAIVE_HUTNIK_PLAYED = 0,
  NAIVE_HUTNIK_NOT_PLAYED, /* HUT-R4: m1 captured the king */
  NAIVE_HUTNIK_FORFEIT_A,  /* arrival square shared with m1 */
  NAIVE_HUTNIK_FORFEIT_D,  /* a piece it moves was captured by m1 */
  NAIVE_HUTNIK_FORFEIT_B,  /* not an orthodox move on S' (a pawn's target left, path
                            * blocked, castling squares no longer empty) */
  NAIVE_HUTNIK_FORFEIT_C,  /* own king attacked after it on S' */
  NAIVE_HUTNIK_N_FATES,
} NaiveHutnikFate;

#define NAIVE_HUTNIK_MAX_MOVES 256

/* HUT-R9: the first holder the seed draws (SplitMix64, bit 63). */
int naive_hutnik_holder_from_seed (uint64_t seed);

/* HUT-R12: reads a seven-field FEN, `?` in field 2 meaning the seed's holder; on a fault
 * returns false with a message in error. */
bool naive_hutnik_from_fen (const char *fen, NaiveHutnik *pos, char *error, size_t error_size);

/* HUT-R12: field 2 the holder, field 4 the rank-3 square first, field 7 in lowercase hex. */
void naive_hutnik_to_fen (const NaiveHutnik *pos, char *buf, size_t size);

/* HUT-R1 to R3: colour's choices in UCI text, sorted with strcmp; returns how many. */
int naive_hutnik_choices (const NaiveHutnik *pos, int colour, char choices[][6]);

/* HUT-R4 to R8: the state after white and black chose those moves (both among their
 * choices); says what became of the second move. */
NaiveHutnikFate naive_hutnik_apply (const NaiveHutnik *pos, const char *white, const char *black,
                                    NaiveHutnik *out);

/* HUT-R11 without repetition (the game holds the history): result "*", "1-0", "0-1" or
 * "1/2-1/2"; reason NULL or "king-captured", "checkmate", "both-lost", "stalemate",
 * "fifty-turns". */
void naive_hutnik_outcome (const NaiveHutnik *pos, const char **result, const char **reason);

/* HUT-R11: true when a and b count as the same position for the repetition draw. */
bool naive_hutnik_same_position (const NaiveHutnik *a, const NaiveHutnik *b);
