/* fen.c: FEN text in and out, with errors that name the field and the fault.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fen.h"
#include "fen-fields.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "move.h"

#define MAX_FIELDS 6

bool
syn_fen_fail (SynFenError *error, int field, const char *format, ...)
{
  va_list args;
  int used = 0;
  if (!error)
    return false;
  error->field = field;
  if (field > 0)
    used = snprintf (error->message, sizeof error->message, "field %d: ", field);
  va_start (args, format);
  vsnprintf (error->message + used, sizeof error->message - (size_t) used, format, args);
  va_end (args);
  return false;
}

bool
syn_fen_read_placement (const char *text, size_t len, SynPosition *pos, SynFenError *error)
{
  static const char letters[] = "pnbrqk";
  int rank = 7, file = 0;

  for (size_t i = 0; i < len; i++)
    {
      char c = text[i];
      const char *type;
      if (c == '/')
        {
          if (file != 8)
            return syn_fen_fail (error, 1, "rank %d has %d squares, 8 expected", rank + 1, file);
          if (rank == 0)
            return syn_fen_fail (error, 1, "more than 8 ranks");
          rank--;
          file = 0;
        }
      else if (c >= '1' && c <= '8')
        {
          file += c - '0';
          if (file > 8)
            return syn_fen_fail (error, 1, "rank %d has more than 8 squares", rank + 1);
        }
      else if (c != '\0' && (type = strchr (letters, c | 0x20)) != NULL)
        {
          SynColour colour = (c >= 'a') ? SYN_BLACK : SYN_WHITE;
          if (file >= 8)
            return syn_fen_fail (error, 1, "rank %d has more than 8 squares", rank + 1);
          syn_position_put (pos, SYN_SQUARE (file, rank),
                            SYN_PIECE (colour, (SynPieceType) (type - letters)));
          file++;
        }
      else
        return syn_fen_fail (error, 1, "'%c' is neither a piece letter nor a digit from 1 to 8", c);
    }
  if (rank != 0)
    return syn_fen_fail (error, 1, "%d ranks, 8 expected", 8 - rank);
  if (file != 8)
    return syn_fen_fail (error, 1, "rank 1 has %d squares, 8 expected", file);
  return true;
}

bool
syn_fen_read_castling (const char *text, size_t len, SynPosition *pos, SynFenError *error)
{
  static const char letters[] = "KQkq";
  if (len == 1 && text[0] == '-')
    return true;
  for (size_t i = 0; i < len; i++)
    {
      const char *found = text[i] ? strchr (letters, text[i]) : NULL;
      uint8_t right;
      if (!found)
        return syn_fen_fail (error, 3, "'%c' is not a castling right (K, Q, k, q or -)", text[i]);
      right = (uint8_t) (1u << (found - letters));
      if (pos->castling & right)
        return syn_fen_fail (error, 3, "castling right '%c' is given twice", text[i]);
      pos->castling |= right;
    }
  return true;
}

bool
syn_fen_read_en_passant (const char *text, size_t len, SynFenRules rules, SynPosition *pos,
                         SynFenError *error)
{
  size_t max_squares = rules == SYN_FEN_PSC ? 2 : 1;
  if (len == 1 && text[0] == '-')
    return true;
  if (len % 2 != 0 || len / 2 > max_squares)
    return syn_fen_fail (error, 4, "'%.*s' is not %s", (int) len, text,
                         rules == SYN_FEN_PSC ? "'-', one square or two squares"
                                              : "'-' or one square");
  for (size_t i = 0; i < len; i += 2)
    {
      char name[3] = { text[i], text[i + 1], '\0' };
      int square = syn_square_from_text (name);
      SynColour colour;
      if (square == SYN_NO_SQUARE)
        return syn_fen_fail (error, 4, "'%s' is not a square", name);
      if (SYN_RANK_OF (square) == 2)
        colour = SYN_WHITE;
      else if (SYN_RANK_OF (square) == 5)
        colour = SYN_BLACK;
      else
        return syn_fen_fail (
            error, 4, "%s is not a valid en passant square (it must be on rank 3 or 6)", name);
      if (pos->en_passant[colour] != SYN_NO_SQUARE)
        return syn_fen_fail (error, 4, "two en passant squares on rank %d",
                             colour == SYN_WHITE ? 3 : 6);
      pos->en_passant[colour] = (int8_t) square;
    }
  return true;
}

bool
syn_fen_read_counter (const char *text, size_t len, int field, unsigned minimum, uint16_t *value,
                      SynFenError *error)
{
  unsigned result = 0;
  if (len == 0 || len > 5)
    return syn_fen_fail (error, field, "'%.*s' is not a number from %u to %d", (int) len, text,
                         minimum, SYN_COUNTER_MAX);
  for (size_t i = 0; i < len; i++)
    {
      if (text[i] < '0' || text[i] > '9')
        return syn_fen_fail (error, field, "'%.*s' is not a number", (int) len, text);
      result = result * 10 + (unsigned) (text[i] - '0');
    }
  if (result > SYN_COUNTER_MAX || result < minimum)
    return syn_fen_fail (error, field, "%u is out of range (%u to %d)", result, minimum,
                         SYN_COUNTER_MAX);
  *value = (uint16_t) result;
  return true;
}

bool
syn_fen_check_pawns (const SynPosition *pos, SynFenError *error)
{
  SynBitboard stray = pos->by_type[SYN_PAWN] & (SYN_RANK_1 | SYN_RANK_8);
  char name[3];

  if (!stray)
    return true;
  syn_square_to_text (syn_lsb (stray), name);
  return syn_fen_fail (error, 1, "a pawn stands on %s, on rank %c", name, name[1]);
}

bool
syn_fen_check_castling (const SynPosition *pos, SynFenError *error)
{
  static const struct
  {
    uint8_t right;
    int king, rook;
    SynColour colour;
    char letter;
  } homes[4] = {
    { SYN_CASTLE_WHITE_SHORT, 4, 7, SYN_WHITE, 'K' },
    { SYN_CASTLE_WHITE_LONG, 4, 0, SYN_WHITE, 'Q' },
    { SYN_CASTLE_BLACK_SHORT, 60, 63, SYN_BLACK, 'k' },
    { SYN_CASTLE_BLACK_LONG, 60, 56, SYN_BLACK, 'q' },
  };

  for (int i = 0; i < 4; i++)
    if ((pos->castling & homes[i].right)
        && (pos->board[homes[i].king] != SYN_PIECE (homes[i].colour, SYN_KING)
            || pos->board[homes[i].rook] != SYN_PIECE (homes[i].colour, SYN_ROOK)))
      return syn_fen_fail (error, 3,
                           "castling right '%c' needs the king and rook on their home squares",
                           homes[i].letter);
  return true;
}

/* PSC-R9a, and for orthodox chess the usual extra conditions. */
static bool
check_validity (const SynPosition *pos, SynFenRules rules, SynFenError *error)
{
  SynBitboard occupied = syn_position_occupied (pos);

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int kings = syn_popcount (syn_position_pieces (pos, (SynColour) c, SYN_KING));
      if (kings != 1)
        return syn_fen_fail (error, 1, "%s has %d kings, exactly one is needed",
                             c == SYN_WHITE ? "White" : "Black", kings);
    }
  if (!syn_fen_check_pawns (pos, error) || !syn_fen_check_castling (pos, error))
    return false;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int square = pos->en_passant[c];
      int forward = c == SYN_WHITE ? 8 : -8;
      char name[3];
      if (square == SYN_NO_SQUARE)
        continue;
      syn_square_to_text (square, name);
      if (pos->board[square + forward] != SYN_PIECE (c, SYN_PAWN))
        return syn_fen_fail (
            error, 4, "%s is not a valid en passant square: no %s pawn stands in front of it", name,
            c == SYN_WHITE ? "white" : "black");
      if (occupied & syn_bit (square - forward))
        return syn_fen_fail (
            error, 4, "%s is not a valid en passant square: the pawn's start square is not empty",
            name);
      if (rules == SYN_FEN_ORTHODOX)
        {
          if (occupied & syn_bit (square))
            return syn_fen_fail (error, 4, "%s is not a valid en passant square: it is occupied",
                                 name);
          if (pos->side_to_move == c)
            return syn_fen_fail (error, 4, "%s is not a valid en passant square: %s is to move",
                                 name, c == SYN_WHITE ? "White" : "Black");
        }
    }
  if (rules == SYN_FEN_ORTHODOX)
    {
      /* The side that just moved may not have left its king attacked. */
      SynColour waiting = (SynColour) !pos->side_to_move;
      SynColour mover = (SynColour) pos->side_to_move;
      int king = syn_position_king (pos, waiting);
      SynBitboard enemy = pos->by_colour[mover];
      SynBitboard diagonal = pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN];
      SynBitboard straight = pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN];
      SynBitboard attackers = (syn_knight_attacks (king) & pos->by_type[SYN_KNIGHT])
                              | (syn_king_attacks (king) & pos->by_type[SYN_KING])
                              | (syn_pawn_captures (waiting, king) & pos->by_type[SYN_PAWN])
                              | (syn_bishop_attacks (king, occupied) & diagonal)
                              | (syn_rook_attacks (king, occupied) & straight);
      if (attackers & enemy)
        return syn_fen_fail (error, 2, "%s is in check but it is not its move",
                             waiting == SYN_WHITE ? "White" : "Black");
    }
  return true;
}

bool
syn_fen_split (const char *text, int max_fields, const char **starts, size_t *lengths,
               int *n_fields, SynFenError *error)
{
  const char *p = text;

  *n_fields = 0;
  if (!text)
    return syn_fen_fail (error, 0, "no FEN given");
  if (strlen (text) > SYN_FEN_MAX_INPUT)
    return syn_fen_fail (error, 0, "the FEN is longer than %d characters", SYN_FEN_MAX_INPUT);
  for (;;)
    {
      while (*p == ' ' || *p == '\t')
        p++;
      if (*p == '\0' || *p == '\n' || *p == '\r')
        break;
      if (*n_fields == max_fields)
        return syn_fen_fail (error, 0, "unexpected text after field %d: '%.20s'", max_fields, p);
      starts[*n_fields] = p;
      while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
        p++;
      lengths[*n_fields] = (size_t) (p - starts[*n_fields]);
      (*n_fields)++;
    }
  for (; *p; p++)
    if (*p != '\n' && *p != '\r' && *p != ' ' && *p != '\t')
      return syn_fen_fail (error, 0, "unexpected text after the FEN");
  return true;
}

bool
syn_fen_parse (const char *text, SynFenRules rules, SynPosition *pos, SynFenError *error)
{
  const char *starts[MAX_FIELDS];
  size_t lengths[MAX_FIELDS];
  int n_fields = 0;
  uint16_t quiet = 0, turn = 1;

  syn_position_clear (pos);
  if (!syn_fen_split (text, MAX_FIELDS, starts, lengths, &n_fields, error))
    return false;
  if (n_fields < 4)
    return syn_fen_fail (error, n_fields + 1, "missing (a FEN has at least 4 fields, found %d)",
                         n_fields);

  if (!syn_fen_read_placement (starts[0], lengths[0], pos, error))
    return false;
  if (lengths[1] != 1 || (starts[1][0] != 'w' && starts[1][0] != 'b'))
    return syn_fen_fail (error, 2, "'%.*s' is not a side to move (w or b)", (int) lengths[1],
                         starts[1]);
  pos->side_to_move = starts[1][0] == 'w' ? SYN_WHITE : SYN_BLACK;
  if (rules == SYN_FEN_PSC)
    pos->side_to_move = SYN_WHITE; /* PSC-R9: accepted as w or b, means nothing */
  if (!syn_fen_read_castling (starts[2], lengths[2], pos, error))
    return false;
  if (!syn_fen_read_en_passant (starts[3], lengths[3], rules, pos, error))
    return false;
  if (n_fields > 4 && !syn_fen_read_counter (starts[4], lengths[4], 5, 0, &quiet, error))
    return false;
  if (n_fields > 5 && !syn_fen_read_counter (starts[5], lengths[5], 6, 1, &turn, error))
    return false;
  pos->quiet_turns = quiet;
  pos->turn_number = turn;
  return check_validity (pos, rules, error);
}

void
syn_fen_write (const SynPosition *pos, SynFenRules rules, char *buf, size_t size)
{
  static const char letters[] = "PNBRQK  pnbrqk";
  char placement[72], castling[5], en_passant[5];
  size_t n = 0;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 8; file++)
        {
          SynPiece piece = pos->board[SYN_SQUARE (file, rank)];
          if (piece == SYN_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            placement[n++] = (char) ('0' + empty);
          empty = 0;
          placement[n++] = letters[piece];
        }
      if (empty)
        placement[n++] = (char) ('0' + empty);
      if (rank)
        placement[n++] = '/';
    }
  placement[n] = '\0';

  n = 0;
  for (int i = 0; i < 4; i++)
    if (pos->castling & (1 << i))
      castling[n++] = "KQkq"[i];
  if (n == 0)
    castling[n++] = '-';
  castling[n] = '\0';

  /* PSC-R9: every passed square, the rank-3 one first. */
  n = 0;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    if (pos->en_passant[c] != SYN_NO_SQUARE)
      {
        syn_square_to_text (pos->en_passant[c], en_passant + n);
        n += 2;
      }
  if (n == 0)
    en_passant[n++] = '-';
  en_passant[n] = '\0';

  snprintf (buf, size, "%s %c %s %s %u %u", placement,
            rules == SYN_FEN_PSC || pos->side_to_move == SYN_WHITE ? 'w' : 'b', castling,
            en_passant, (unsigned) pos->quiet_turns, (unsigned) pos->turn_number);
}
