/* move.c: the UCI text form of moves and squares.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "move.h"

#include <string.h>

void
syn_square_to_text (int square, char *buf)
{
  buf[0] = (char) ('a' + SYN_FILE_OF (square));
  buf[1] = (char) ('1' + SYN_RANK_OF (square));
  buf[2] = '\0';
}

int
syn_square_from_text (const char *text)
{
  if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return SYN_NO_SQUARE;
  return SYN_SQUARE (text[0] - 'a', text[1] - '1');
}

void
syn_move_to_text (SynMove move, char *buf)
{
  static const char promotion_letters[] = " nbrq";
  syn_square_to_text (syn_move_from (move), buf);
  syn_square_to_text (syn_move_to (move), buf + 2);
  if (syn_move_is_promotion (move))
    {
      buf[4] = promotion_letters[syn_move_kind (move)];
      buf[5] = '\0';
    }
}

bool
syn_move_text_is_well_formed (const char *text)
{
  size_t len = strlen (text);
  if (len != 4 && len != 5)
    return false;
  if (syn_square_from_text (text) == SYN_NO_SQUARE
      || syn_square_from_text (text + 2) == SYN_NO_SQUARE)
    return false;
  return len == 4 || strchr ("nbrq", text[4]) != NULL;
}

SynMove
syn_move_find (const SynMove *moves, int n_moves, const char *text)
{
  char buf[SYN_MOVE_TEXT_SIZE];
  if (!syn_move_text_is_well_formed (text))
    return SYN_MOVE_NONE;
  for (int i = 0; i < n_moves; i++)
    {
      syn_move_to_text (moves[i], buf);
      if (strcmp (buf, text) == 0)
        return moves[i];
    }
  return SYN_MOVE_NONE;
}
