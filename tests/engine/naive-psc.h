/* naive-psc.h: a deliberately simple PSC implementation, written from the rulings alone,
 * that the engine is compared with on positions reached by random play.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Squares are numbered file + 8 * rank: a1 = 0, h1 = 7, a8 = 56, h8 = 63. */
enum
{
  NAIVE_WHITE = 0,
  NAIVE_BLACK = 1
};

typedef struct
{
  char board[64];  /* '.' empty; "PNBRQK" white, "pnbrqk" black */
  bool castle[4];  /* rights: K, Q, k, q */
  int ep[2];       /* passed square of White's (rank 3) and Black's (rank 6) double step, or -1 */
  int quiet_turns; /* FEN field 5 */
  int turn_number; /* FEN field 6 */
} NaivePosition;

#define NAIVE_MAX_MOVES 256

/* Reads a FEN that the engine accepted (so it is valid per PSC-R9a); false when it cannot. */
bool naive_from_fen (const char *fen, NaivePosition *pos);

/* Writes the canonical PSC FEN (PSC-R9): field 2 always "w", field 4 the rank-3 square first. */
void naive_to_fen (const NaivePosition *pos, char *buf, size_t len);

/* PSC-R1, R2: number of pieces of colour that attack square. */
int naive_attack_count (const NaivePosition *pos, int colour, int square);

/* PSC-R2: NAIVE_WHITE, NAIVE_BLACK or -1 for nobody. */
int naive_controller (const NaivePosition *pos, int square);

/* PSC-R3: true when the piece on square (there must be one) is frozen. */
bool naive_is_frozen (const NaivePosition *pos, int square);

/* PSC-R4 to R7: the legal moves of colour as UCI text ("e2e4", "e7e8q", castling "e1g1"),
 * sorted with strcmp; returns how many. Moves of a finished game are still listed. */
int naive_legal_moves (const NaivePosition *pos, int colour, char moves[][6]);

/* PSC-R8, R9: the position after White plays white_move and Black plays black_move, both
 * legal in pos. */
void naive_resolve (const NaivePosition *pos, const char *white_move, const char *black_move,
                    NaivePosition *out);

/* PSC-R10: result is "*", "1-0", "0-1" or "1/2-1/2"; reason is NULL or one of
 * "king-frozen", "checkmate", "both-lost", "stalemate", "fifty-turns". */
void naive_outcome (const NaivePosition *pos, const char **result, const char **reason);

/* PSC-R12: true when colour sees square in fog of war. */
bool naive_is_visible (const NaivePosition *pos, int colour, int square);
