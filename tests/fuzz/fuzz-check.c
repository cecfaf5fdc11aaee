/* fuzz-check.c: invariants the fuzz targets check on what the engine hands back.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "psc.h"

void
fuzz_fail (const char *format, ...)
{
  va_list args;
  fputs ("fuzz invariant broken: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}

static bool
is_valid_piece (SynPiece piece)
{
  return (piece & ~8) < SYN_N_PIECE_TYPES;
}

static void
check_squares (const SynPosition *pos)
{
  SynBitboard occupied = 0;

  fuzz_require ((pos->by_colour[SYN_WHITE] & pos->by_colour[SYN_BLACK]) == 0,
                "a square is in both colours' bitboards");
  for (int type = 0; type < SYN_N_PIECE_TYPES; type++)
    {
      fuzz_require ((occupied & pos->by_type[type]) == 0,
                    "a square is in two piece types' bitboards");
      occupied |= pos->by_type[type];
    }
  fuzz_require (occupied == syn_position_occupied (pos),
                "the type bitboards and the colour bitboards cover different squares");

  for (int square = 0; square < 64; square++)
    {
      SynPiece piece = pos->board[square];
      SynBitboard bit = syn_bit (square);
      if (piece == SYN_NO_PIECE)
        {
          fuzz_require (!(occupied & bit), "square %d is empty in the mailbox only", square);
          continue;
        }
      fuzz_require (is_valid_piece (piece), "square %d holds piece byte %u", square, piece);
      fuzz_require ((pos->by_type[SYN_PIECE_TYPE (piece)] & bit)
                        && (pos->by_colour[SYN_PIECE_COLOUR (piece)] & bit),
                    "square %d: the bitboards disagree with the mailbox", square);
    }
}

void
fuzz_check_position (const SynPosition *pos, SynFenRules rules)
{
  static const struct
  {
    uint8_t right;
    int king, rook;
    SynColour colour;
  } homes[4] = {
    { SYN_CASTLE_WHITE_SHORT, 4, 7, SYN_WHITE },
    { SYN_CASTLE_WHITE_LONG, 4, 0, SYN_WHITE },
    { SYN_CASTLE_BLACK_SHORT, 60, 63, SYN_BLACK },
    { SYN_CASTLE_BLACK_LONG, 60, 56, SYN_BLACK },
  };

  check_squares (pos);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    fuzz_require (syn_popcount (syn_position_pieces (pos, (SynColour) c, SYN_KING)) == 1,
                  "colour %d has %d kings", c,
                  syn_popcount (syn_position_pieces (pos, (SynColour) c, SYN_KING)));
  fuzz_require (!(pos->by_type[SYN_PAWN] & (SYN_RANK_1 | SYN_RANK_8)),
                "a pawn stands on rank 1 or 8");

  fuzz_require (pos->castling <= SYN_CASTLE_ALL, "castling bits %#x", pos->castling);
  for (int i = 0; i < 4; i++)
    if (pos->castling & homes[i].right)
      fuzz_require (pos->board[homes[i].king] == SYN_PIECE (homes[i].colour, SYN_KING)
                        && pos->board[homes[i].rook] == SYN_PIECE (homes[i].colour, SYN_ROOK),
                    "castling right %#x without its king and rook at home", homes[i].right);

  /* PSC-R9a: the double-stepped pawn in front of the passed square, its start square empty. */
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int square = pos->en_passant[c];
      int forward = c == SYN_WHITE ? 8 : -8;
      if (square == SYN_NO_SQUARE)
        continue;
      fuzz_require (square >= 0 && square < 64 && SYN_RANK_OF (square) == (c == SYN_WHITE ? 2 : 5),
                    "colour %d has en passant square %d", c, square);
      fuzz_require (pos->board[square + forward] == SYN_PIECE (c, SYN_PAWN),
                    "no pawn in front of en passant square %d", square);
      fuzz_require (pos->board[square - forward] == SYN_NO_PIECE,
                    "the start square behind en passant square %d is not empty", square);
    }

  if (rules == SYN_FEN_PSC)
    fuzz_require (pos->side_to_move == SYN_WHITE, "a PSC position has side to move %d",
                  pos->side_to_move);
  else
    {
      fuzz_require (pos->side_to_move <= SYN_BLACK, "side to move %d", pos->side_to_move);
      fuzz_require (pos->en_passant[SYN_WHITE] == SYN_NO_SQUARE
                        || pos->en_passant[SYN_BLACK] == SYN_NO_SQUARE,
                    "an orthodox position has two en passant squares");
    }
  fuzz_require (pos->turn_number >= 1, "turn number %u", (unsigned) pos->turn_number);
}

void
fuzz_check_fen_round_trip (const SynPosition *pos, SynFenRules rules)
{
  /* Twice the promised size, so a FEN that does not fit is seen rather than cut short. */
  char fen[2 * SYN_FEN_MAX_SIZE], again[2 * SYN_FEN_MAX_SIZE];
  SynPosition read;
  SynFenError error = { 0, "" };

  syn_fen_write (pos, rules, fen, sizeof fen);
  fuzz_require (strlen (fen) < SYN_FEN_MAX_SIZE, "FEN of %zu bytes: %s", strlen (fen), fen);
  fuzz_require (syn_fen_parse (fen, rules, &read, &error), "the written FEN '%s' is refused: %s",
                fen, error.message);
  fuzz_require (memcmp (&read, pos, sizeof read) == 0, "'%s' reads back as another position", fen);
  syn_fen_write (&read, rules, again, sizeof again);
  fuzz_require (strcmp (fen, again) == 0, "'%s' is written again as '%s'", fen, again);
}

/* The text of move for a message; only built when a check fails. */
static const char *
name_of (SynMove move)
{
  static char text[SYN_MOVE_TEXT_SIZE];
  syn_move_to_text (move, text);
  return text;
}

/* What the UCI text of move says: its squares and the promotion piece, if any. */
static int
text_key (SynMove move)
{
  return (move & 0xFFF) | (syn_move_is_promotion (move) ? (int) syn_move_kind (move) << 12 : 0);
}

void
fuzz_check_moves (const SynPosition *pos, SynColour colour, const SynMove *moves, int n)
{
  SynBitboard last_rank = colour == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;

  fuzz_require (n >= 0 && n <= SYN_MAX_MOVES, "%d moves", n);
  for (int i = 0; i < n; i++)
    {
      SynMove move = moves[i];
      int from = syn_move_from (move), to = syn_move_to (move);
      SynMoveKind kind = syn_move_kind (move);
      SynPiece piece = pos->board[from];

      fuzz_require (kind <= SYN_MOVE_EN_PASSANT && from != to, "move %#x (%s)", move,
                    name_of (move));
      fuzz_require (piece != SYN_NO_PIECE && SYN_PIECE_COLOUR (piece) == colour,
                    "%s does not start on a piece of colour %d", name_of (move), colour);
      fuzz_require (pos->board[to] == SYN_NO_PIECE || SYN_PIECE_COLOUR (pos->board[to]) != colour,
                    "%s takes a piece of its own colour", name_of (move));
      fuzz_require (syn_move_is_promotion (move)
                        == (SYN_PIECE_TYPE (piece) == SYN_PAWN && (syn_bit (to) & last_rank)),
                    "%s: a pawn reaches the last rank without promoting, or the reverse",
                    name_of (move));
      fuzz_require (kind != SYN_MOVE_CASTLE || SYN_PIECE_TYPE (piece) == SYN_KING,
                    "%s castles without a king", name_of (move));
      fuzz_require (kind != SYN_MOVE_EN_PASSANT
                        || (SYN_PIECE_TYPE (piece) == SYN_PAWN && pos->board[to] == SYN_NO_PIECE),
                    "%s takes en passant without a pawn or onto an occupied square",
                    name_of (move));

      /* The text holds the squares and the promotion only, so no two moves may share those. */
      for (int j = 0; j < i; j++)
        fuzz_require (text_key (moves[j]) != text_key (move), "%s is listed twice", name_of (move));
    }
}

void
fuzz_check_psc_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour,
                      const SynMove *moves, int n)
{
  fuzz_check_moves (pos, colour, moves, n);
  fuzz_require (n == syn_psc_count_moves (pos, ctl, colour),
                "colour %d has %d moves but syn_psc_count_moves() counts %d", colour, n,
                syn_psc_count_moves (pos, ctl, colour));
  for (int i = 0; i < n; i++)
    {
      /* PSC-R4 to R7: an unfrozen piece, to a square its side controls. */
      fuzz_require (!(ctl->frozen & syn_bit (syn_move_from (moves[i]))), "%s moves a frozen piece",
                    name_of (moves[i]));
      fuzz_require (ctl->control[colour] & syn_bit (syn_move_to (moves[i])),
                    "%s goes to a square colour %d does not control", name_of (moves[i]), colour);
    }
}

/* A(colour, square) read from the bit planes here, as syn_psc_attack_count() is slow under
 * coverage tracing and is held to this on occupied squares only. */
static int
count_at (const SynPscControl *ctl, SynColour colour, int square)
{
  int count = 0;
  for (int i = 0; i < SYN_COUNT_BITS; i++)
    count += (int) ((ctl->counts[colour][i] >> square) & 1) << i;
  return count;
}

void
fuzz_check_control (const SynPosition *pos, const SynPscControl *ctl)
{
  SynBitboard occupied = syn_position_occupied (pos);

  fuzz_require (!(ctl->control[SYN_WHITE] & ctl->control[SYN_BLACK]),
                "a square is controlled by both colours");
  for (int square = 0; square < 64; square++)
    {
      SynBitboard bit = syn_bit (square);
      int count[2] = { count_at (ctl, SYN_WHITE, square), count_at (ctl, SYN_BLACK, square) };
      for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
        {
          fuzz_require (!(ctl->control[c] & bit) == !(count[c] > count[!c]),
                        "square %d: control of colour %d disagrees with counts %d-%d", square, c,
                        count[SYN_WHITE], count[SYN_BLACK]);
          fuzz_require (!(ctl->attacked[c] & bit) == !(count[c] >= 1),
                        "square %d: attacked by %d disagrees with count %d", square, c, count[c]);
          /* PSC-R2: on an occupied square the owner's count is exactly 1. */
          if (pos->by_colour[c] & bit)
            {
              fuzz_require (count[c] == 1 && syn_psc_attack_count (ctl, c, square) == 1,
                            "square %d: its owner %d counts %d", square, c, count[c]);
              fuzz_require (ctl->attacked[c] & bit, "square %d: its owner %d does not see it",
                            square, c);
              /* PSC-R3 */
              fuzz_require (!(ctl->frozen & bit) == !(count[!c] >= 2),
                            "square %d: frozen disagrees with %d enemy attackers", square,
                            count[!c]);
            }
        }
      if (!(occupied & bit))
        fuzz_require (!(ctl->frozen & bit), "empty square %d is frozen", square);
    }
}
