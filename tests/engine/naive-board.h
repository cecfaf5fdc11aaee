/* naive-board.h: the mailbox board the naive rule sets share (tests only): 64 characters,
 * a1 first, FEN letters for pieces and '.' for an empty square; colour 0 is White, 1 Black.
 * Orthodox geometry only; each naive rule set builds its own rules on it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

extern const int naive_knight_steps[8][2];
extern const int naive_king_steps[8][2];
extern const int naive_rook_rays[4][2];
extern const int naive_bishop_rays[4][2];

int naive_file_of (int square);
int naive_rank_of (int square);
/* The square at (file, rank), or -1 off the board. */
int naive_square_at (int file, int rank);
/* 0 (White), 1 (Black), or -1 for an empty square. */
int naive_colour_of (char piece);
/* The piece's upper-case letter. */
char naive_kind_of (char piece);
char naive_piece_for (int colour, char kind);
/* The rank step of colour's pawns: 1 for White, -1 for Black. */
int naive_forward (int colour);

/* True when a piece of colour by attacks square in the orthodox way, whatever stands on it. */
bool naive_attacked (const char board[64], int by, int square);
/* colour's king's square, or -1 when it has none. */
int naive_king_square (const char board[64], int colour);
bool naive_in_check (const char board[64], int colour);
