/* naive-board.c: the naive rule sets' shared mailbox board; see naive-board.h.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "naive-board.h"

#include <ctype.h>

const int naive_knight_steps[8][2]
    = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
const int naive_king_steps[8][2]
    = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
const int naive_rook_rays[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
const int naive_bishop_rays[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

int
naive_file_of (int square)
{
  return square % 8;
}

int
naive_rank_of (int square)
{
  return square / 8;
}

int
naive_square_at (int file, int rank)
{
  if (file < 0 || file > 7 || rank < 0 || rank > 7)
    return -1;
  return file + 8 * rank;
}

int
naive_colour_of (char piece)
{
  if (piece == '.')
    return -1;
  return isupper ((unsigned char) piece) ? 0 : 1;
}

char
naive_kind_of (char piece)
{
  return (char) toupper ((unsigned char) piece);
}

char
naive_piece_for (int colour, char kind)
{
  return colour == 0 ? (char) toupper ((unsigned char) kind)
                     : (char) tolower ((unsigned char) kind);
}

int
naive_forward (int colour)
{
  return colour == 0 ? 1 : -1;
}

bool
naive_attacked (const char board[64], int by, int square)
{
  int f = naive_file_of (square), r = naive_rank_of (square);

  for (int df = -1; df <= 1; df += 2)
    {
      int t = naive_square_at (f + df, r - naive_forward (by));
      if (t >= 0 && board[t] == naive_piece_for (by, 'P'))
        return true;
    }
  for (int i = 0; i < 8; i++)
    {
      int t = naive_square_at (f + naive_knight_steps[i][0], r + naive_knight_steps[i][1]);
      if (t >= 0 && board[t] == naive_piece_for (by, 'N'))
        return true;
      t = naive_square_at (f + naive_king_steps[i][0], r + naive_king_steps[i][1]);
      if (t >= 0 && board[t] == naive_piece_for (by, 'K'))
        return true;
    }
  for (int i = 0; i < 8; i++)
    {
      const int *ray = i < 4 ? naive_rook_rays[i] : naive_bishop_rays[i - 4];
      char slider = i < 4 ? 'R' : 'B';
      for (int k = 1;; k++)
        {
          int t = naive_square_at (f + k * ray[0], r + k * ray[1]);
          if (t < 0)
            break;
          if (board[t] == '.')
            continue;
          if (board[t] == naive_piece_for (by, slider) || board[t] == naive_piece_for (by, 'Q'))
            return true;
          break;
        }
    }
  return false;
}

int
naive_king_square (const char board[64], int colour)
{
  for (int s = 0; s < 64; s++)
    if (board[s] == naive_piece_for (colour, 'K'))
      return s;
  return -1;
}

bool
naive_in_check (const char board[64], int colour)
{
  int king = naive_king_square (board, colour);
  return king >= 0 && naive_attacked (board, 1 - colour, king);
}
