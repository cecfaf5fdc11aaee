/* transactional-fen.c: Transactional Chess's FEN (TX-R14): the six fields of the committed
 * view, field 4 holding the passed squares of the last commit, then each side's transaction
 * ("T<n>:" and its pending moves); a player FEN gives the opponent's as '?'.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "transactional-private.h"

#include <stdio.h>
#include <string.h>

#include "fen-fields.h"

#define N_FIELDS 8

/* Field 4: the passed squares of the last commit, which was the side not to move's. */
static bool
read_en_passant (const char *text, size_t len, SynState *state, SynFenError *error)
{
  SynColour committer = (SynColour) !state->board.side_to_move;
  int rank = committer == SYN_WHITE ? 3 : 6;
  int forward = committer == SYN_WHITE ? 8 : -8;

  if (len == 1 && text[0] == '-')
    return true;
  if (len == 0 || len % 2 != 0 || len > 16)
    return syn_fen_fail (error, 4, "'%.*s' is not '-' or a list of squares (like e3 or a3c3)",
                         (int) len, text);
  for (size_t i = 0; i < len; i += 2)
    {
      char name[3] = { text[i], text[i + 1], '\0' };
      int square = syn_square_from_text (name);
      unsigned file_bit;
      if (square == SYN_NO_SQUARE)
        return syn_fen_fail (error, 4, "'%s' is not a square", name);
      if (SYN_RANK_OF (square) + 1 != rank)
        return syn_fen_fail (
            error, 4,
            "%s is not a valid en passant square: %s committed last, so it must be on "
            "rank %d",
            name, syn_tx_colour_names[committer], rank);
      if (state->board.board[square + forward] != SYN_PIECE (committer, SYN_PAWN))
        return syn_fen_fail (
            error, 4, "%s is not a valid en passant square: no %s pawn stands in front of it", name,
            committer == SYN_WHITE ? "white" : "black");
      file_bit = 1u << SYN_FILE_OF (square);
      if (state->rules.tx.en_passant_files & file_bit)
        return syn_fen_fail (error, 4, "%s is given twice", name);
      state->rules.tx.en_passant_files |= (uint8_t) file_bit;
    }
  return true;
}

/* The move of side's pending list given by text (UCI), or SYN_MOVE_NONE after failing: it
 * must take an own piece to a square empty in side's transactional view as built so far. */
static SynMove
read_pending_move (const char *text, size_t len, SynPosition *view, SynColour side, int field,
                   SynFenError *error)
{
  char name[6];
  int from, to;
  SynPiece piece;
  SynMoveKind kind = SYN_MOVE_PLAIN;

  if (len > 5)
    len = 5;
  memcpy (name, text, len);
  name[len] = '\0';
  if (!syn_move_text_is_well_formed (name))
    {
      syn_fen_fail (error, field, "'%s' is not a move in UCI notation (like g1f3)", name);
      return SYN_MOVE_NONE;
    }
  if (len == 5)
    {
      syn_fen_fail (error, field, "%s promotes, but a promotion is committed at once (TX-R7)",
                    name);
      return SYN_MOVE_NONE;
    }
  from = syn_square_from_text (name);
  to = syn_square_from_text (name + 2);
  piece = view->board[from];
  if (piece == SYN_NO_PIECE || SYN_PIECE_COLOUR (piece) != side)
    {
      syn_fen_fail (error, field, "%s moves no %s piece: %.2s holds none in its transactional view",
                    name, side == SYN_WHITE ? "white" : "black", name);
      return SYN_MOVE_NONE;
    }
  if (SYN_PIECE_TYPE (piece) == SYN_KING && from == (side == SYN_WHITE ? 4 : 60)
      && (to == from + 2 || to == from - 2))
    {
      uint8_t right = (uint8_t) ((to > from ? 1 : 2) << (side == SYN_WHITE ? 0 : 2));
      int rook_to = castling_rook_to (from, to);
      if (!(view->castling & right))
        {
          syn_fen_fail (error, field, "%s castles without the castling right (TX-R4)", name);
          return SYN_MOVE_NONE;
        }
      if (view->board[rook_to] != SYN_NO_PIECE)
        {
          syn_fen_fail (
              error, field, "%s castles, but %c%c is not empty in %s's transactional view", name,
              'a' + SYN_FILE_OF (rook_to), '1' + SYN_RANK_OF (rook_to), syn_tx_colour_names[side]);
          return SYN_MOVE_NONE;
        }
      kind = SYN_MOVE_CASTLE;
    }
  if (view->board[to] != SYN_NO_PIECE)
    {
      syn_fen_fail (error, field, "%s: %.2s is not empty in %s's transactional view", name,
                    name + 2, syn_tx_colour_names[side]);
      return SYN_MOVE_NONE;
    }
  if (SYN_PIECE_TYPE (piece) == SYN_PAWN && (syn_bit (to) & (SYN_RANK_1 | SYN_RANK_8)))
    {
      syn_fen_fail (error, field, "%s leaves a pawn on rank %c", name, name[3]);
      return SYN_MOVE_NONE;
    }
  return syn_move_make (from, to, kind);
}

/* Field 7 or 8: "T<n>:" and the pending moves, "T<n>:-", or "?" in a player FEN. */
static bool
read_transaction (const char *text, size_t len, SynColour side, SynState *state, SynFenError *error)
{
  SynTxState *tx = &state->rules.tx;
  int field = 7 + (int) side;
  unsigned number = 0;
  size_t i = 1;
  SynPosition view;

  if (len == 1 && text[0] == '?')
    {
      tx->hidden |= (uint8_t) (1u << side);
      return true;
    }
  if (len < 4 || text[0] != 'T')
    return syn_fen_fail (
        error, field,
        "'%.*s' is not a transaction (T and its number, ':', then '-' or the pending "
        "moves, or '?')",
        (int) (len > 20 ? 20 : len), text);
  for (; i < len && text[i] >= '0' && text[i] <= '9'; i++)
    {
      number = number * 10 + (unsigned) (text[i] - '0');
      if (number > MAX_TRANSACTION)
        return syn_fen_fail (error, field, "the transaction number is larger than %d",
                             MAX_TRANSACTION);
    }
  if (i == 1 || i >= len || text[i] != ':')
    return syn_fen_fail (error, field, "'%.*s' is not T, a number and ':' (like T1:)",
                         (int) (len > 8 ? 8 : len), text);
  if (number == 0 || number % 2 != (side == SYN_WHITE ? 1u : 0u))
    return syn_fen_fail (error, field, "T%u: %s's transactions have %s numbers (TX-R3)", number,
                         syn_tx_colour_names[side], side == SYN_WHITE ? "odd" : "even");
  tx->transaction[side] = (uint16_t) number;
  i++;
  if (len - i == 1 && text[i] == '-')
    return true;

  syn_tx_build_view (state, side, &view);
  while (i < len)
    {
      size_t end = i;
      SynMove move;
      while (end < len && text[end] != ',')
        end++;
      if (tx->n_pending[side] == SYN_TX_MAX_PENDING)
        return syn_fen_fail (error, field, "more than %d pending moves (TX-R3)",
                             SYN_TX_MAX_PENDING);
      move = read_pending_move (text + i, end - i, &view, side, field, error);
      if (move == SYN_MOVE_NONE)
        return false;
      syn_tx_relocate (&view, move);
      tx->pending[side][tx->n_pending[side]++] = move;
      if (end < len && end + 1 == len)
        return syn_fen_fail (error, field, "a ',' ends the list of moves");
      i = end + 1;
    }
  return true;
}

bool
syn_tx_read_state (const char *fen, SynState *state, SynFenError *error)
{
  const char *starts[N_FIELDS];
  size_t lengths[N_FIELDS];
  char board_fen[SYN_FEN_MAX_INPUT + 8];
  int n_fields = 0;
  SynTxState *tx = &state->rules.tx;
  SynColour committer;
  SynBitboard shared_locks;

  memset (state, 0, sizeof *state);
  syn_position_clear (&state->board);
  if (!syn_fen_split (fen, N_FIELDS, starts, lengths, &n_fields, error))
    return false;
  if (n_fields < 4)
    return syn_fen_fail (error, n_fields + 1, "missing (a FEN has at least 4 fields, found %d)",
                         n_fields);
  if (n_fields == 7)
    return syn_fen_fail (error, 8, "missing (fields 7 and 8, the two transactions, come together)");

  /* Fields 1 to 6 as the board reader knows them, field 4 read below. */
  snprintf (board_fen, sizeof board_fen, "%.*s %.*s %.*s - %.*s %.*s", (int) lengths[0], starts[0],
            (int) lengths[1], starts[1], (int) lengths[2], starts[2],
            n_fields > 4 ? (int) lengths[4] : 0, n_fields > 4 ? starts[4] : "",
            n_fields > 5 ? (int) lengths[5] : 0, n_fields > 5 ? starts[5] : "");
  if (!syn_fen_parse (board_fen, SYN_FEN_PSC, &state->board, error))
    return false;
  state->board.side_to_move = starts[1][0] == 'w' ? SYN_WHITE : SYN_BLACK;
  if (!read_en_passant (starts[3], lengths[3], state, error))
    return false;

  if (n_fields == N_FIELDS)
    {
      if (!read_transaction (starts[6], lengths[6], SYN_WHITE, state, error)
          || !read_transaction (starts[7], lengths[7], SYN_BLACK, state, error))
        return false;
      if (tx->hidden == 3)
        return syn_fen_fail (error, 8, "both transactions are '?'; a player FEN hides only one");
    }
  else
    {
      /* As if every turn so far had ended in a commit. */
      unsigned turn = state->board.turn_number;
      unsigned white = 2 * turn + (state->board.side_to_move == SYN_WHITE ? 0u : 2u) - 1;
      tx->transaction[SYN_WHITE] = (uint16_t) (white > MAX_TRANSACTION ? MAX_TRANSACTION : white);
      tx->transaction[SYN_BLACK]
          = (uint16_t) (2 * turn > MAX_TRANSACTION - 1 ? MAX_TRANSACTION - 1 : 2 * turn);
    }

  shared_locks = syn_tx_locks (state, SYN_WHITE) & syn_tx_locks (state, SYN_BLACK);
  if (shared_locks)
    {
      char name[3];
      syn_square_to_text (syn_lsb (shared_locks), name);
      return syn_fen_fail (error, 8, "White and Black both lock %s (TX-R5)", name);
    }
  committer = (SynColour) !state->board.side_to_move;
  if (tx->en_passant_files && tx->n_pending[committer])
    return syn_fen_fail (
        error, 4,
        "en passant squares follow a commit, but %s, who committed last, has pending "
        "moves",
        syn_tx_colour_names[committer]);
  return true;
}

static size_t
write_transaction (const SynState *state, SynColour side, bool hide, char *buf, size_t size)
{
  const SynTxState *tx = &state->rules.tx;
  size_t n;
  if (hide || (tx->hidden & (1u << side)))
    return (size_t) snprintf (buf, size, " ?");
  n = (size_t) snprintf (buf, size, " T%u:", (unsigned) tx->transaction[side]);
  if (tx->n_pending[side] == 0)
    return n + (size_t) snprintf (buf + n, size > n ? size - n : 0, "-");
  for (int i = 0; i < tx->n_pending[side]; i++)
    {
      char text[SYN_MOVE_TEXT_SIZE];
      syn_move_to_text (tx->pending[side][i], text);
      n += (size_t) snprintf (buf + n, size > n ? size - n : 0, "%s%s", i ? "," : "", text);
    }
  return n;
}

/* Writes the FEN, with side's opponent's transaction hidden when hide_from is a colour. */
static void
write_fen (const SynState *state, int hide_from, char *buf, size_t size)
{
  char board[SYN_FEN_MAX_SIZE], en_passant[17];
  unsigned files = state->rules.tx.en_passant_files;
  SynColour committer = (SynColour) !state->board.side_to_move;
  const char *fields[6];
  size_t n = 0;
  char *p = board;

  syn_fen_write (&state->board, SYN_FEN_ORTHODOX, board, sizeof board);
  for (int i = 0; i < 6; i++)
    {
      fields[i] = p;
      while (*p && *p != ' ')
        p++;
      if (*p)
        *p++ = '\0';
    }
  while (files)
    {
      int file = __builtin_ctz (files);
      files &= files - 1;
      syn_square_to_text (passed_square (committer, file), en_passant + n);
      n += 2;
    }
  if (n == 0)
    en_passant[n++] = '-';
  en_passant[n] = '\0';
  n = (size_t) snprintf (buf, size, "%s %s %s %s %s %s", fields[0], fields[1], fields[2],
                         en_passant, fields[4], fields[5]);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    n += write_transaction (state, (SynColour) c, hide_from == !c, buf + (n < size ? n : size),
                            n < size ? size - n : 0);
}

void
syn_tx_write_state (const SynState *state, char *buf, size_t size)
{
  write_fen (state, -1, buf, size);
}

/* TX-R14: the player FEN, the opponent's transaction as '?'. */
void
syn_tx_write_view_state (const SynState *state, SynColour side, char *buf, size_t size)
{
  write_fen (state, (int) side, buf, size);
}
