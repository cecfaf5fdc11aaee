/* synchrone.c: Synchrone, orthodox chess in which both sides choose a move from the same
 * position and both moves are carried out at once, with self-captures that anticipate an
 * enemy capture (rulings SYN-R1 to SYN-R14).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "movegen.h"
#include "fen-fields.h"
#include "variant.h"

/* King, other pieces, pinned pawns, then self-capturers: at most 1 + 15 + 8 + 15. */
#define MAX_ENTRIES 40

/* One side's choices as sets of destinations, so that they can be counted without being
 * listed, and listed in the same order every time. */
typedef struct
{
  SynBitboard push, double_push, east, west; /* destinations of the pawns free to move */
  SynBitboard to[MAX_ENTRIES];               /* destinations of one piece each */
  uint8_t from[MAX_ENTRIES];
  uint8_t n_entries;
  uint8_t n_special;
  SynMove special[4]; /* en passant captures and castling */
  SynBitboard pinned; /* own pieces pinned to the king */
  bool in_check;
} SideChoices;

/* Both sides' choices and what they decide about the end of the game. */
typedef struct
{
  SideChoices side[2];
  int count[2];
  SynOutcome outcome;
} Analysis;

static int
pawn_up (SynColour colour)
{
  return colour == SYN_WHITE ? 8 : -8;
}

static SynBitboard
last_rank (SynColour colour)
{
  return colour == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
}

static bool
has_king (const SynPosition *pos, SynColour colour)
{
  return syn_position_pieces (pos, colour, SYN_KING) != 0;
}

/* Where one side's pieces reach with the board's occupancy, computed once per position for
 * both its own moves and the other side's king safety. */
typedef struct
{
  SynBitboard pawns;     /* squares the pawns attack */
  SynBitboard all;       /* every square attacked, the king's included */
  SynBitboard reach[16]; /* per piece other than pawns and king */
  uint8_t from[16];
  uint8_t n;
} SideAttacks;

static void
compute_attacks (const SynPosition *pos, SynColour side, SideAttacks *a)
{
  SynBitboard occupied = syn_position_occupied (pos);
  SynBitboard own = pos->by_colour[side];
  SynBitboard forward = syn_shift_forward (pos->by_type[SYN_PAWN] & own, side);
  SynBitboard diagonal = pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN];
  SynBitboard straight = pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN];
  SynBitboard pieces = (pos->by_type[SYN_KNIGHT] | diagonal | straight) & own;
  SynBitboard kings = pos->by_type[SYN_KING] & own;
  int n = 0;

  a->pawns = syn_shift_east (forward) | syn_shift_west (forward);
  a->all = a->pawns | (kings ? syn_king_attacks (syn_lsb (kings)) : 0);
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard bit = syn_bit (from), reach = 0;
      if (pos->by_type[SYN_KNIGHT] & bit)
        reach = syn_knight_attacks (from);
      else
        {
          if (diagonal & bit)
            reach = syn_bishop_attacks (from, occupied);
          if (straight & bit)
            reach |= syn_rook_attacks (from, occupied);
        }
      a->from[n] = (uint8_t) from;
      a->reach[n++] = reach;
      a->all |= reach;
    }
  a->n = (uint8_t) n;
}

static void
add_entry (SideChoices *c, int from, SynBitboard to)
{
  if (!to)
    return;
  c->from[c->n_entries] = (uint8_t) from;
  c->to[c->n_entries] = to;
  c->n_entries++;
}

/* SYN-R2, SYN-R4: the orthodox legal moves of us as if it were its turn, from both sides'
 * attacks. Both kings must be on the board. */
static void
generate_orthodox (const SynPosition *pos, SynColour us, const SideAttacks *mine,
                   const SideAttacks *theirs, SideChoices *c)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us], enemy = pos->by_colour[them];
  SynBitboard occupied = own | enemy, empty = ~occupied;
  int king = syn_position_king (pos, us);
  SynBitboard king_bit = syn_bit (king);
  SynBitboard checkers = syn_pawn_captures (us, king) & pos->by_type[SYN_PAWN] & enemy;
  SynBitboard danger = theirs->all, mask, pinned, pieces;
  int up = pawn_up (us);

  if (theirs->all & king_bit)
    {
      for (int i = 0; i < theirs->n; i++)
        if (theirs->reach[i] & king_bit)
          {
            int from = theirs->from[i];
            checkers |= syn_bit (from);
            /* The king may not step back along a slider's ray. */
            if (!(pos->by_type[SYN_KNIGHT] & syn_bit (from)))
              danger |= syn_line (from, king) & syn_king_attacks (king) & ~syn_between (from, king)
                        & ~syn_bit (from);
          }
      checkers |= syn_king_attacks (king) & pos->by_type[SYN_KING] & enemy;
    }

  c->push = c->double_push = c->east = c->west = 0;
  c->n_entries = 0;
  c->n_special = 0;
  c->in_check = checkers != 0;
  c->pinned = 0;
  add_entry (c, king, syn_king_attacks (king) & ~own & ~danger);
  if (syn_more_than_one (checkers))
    return;

  mask = (checkers ? syn_between (king, syn_lsb (checkers)) | checkers : ~(SynBitboard) 0) & ~own;
  pinned = syn_lone_blockers (pos, king, them, occupied) & own;

  c->pinned = pinned;
  /* A pinned piece stays on its pin line (a pinned knight never moves). */
  for (int i = 0; i < mine->n; i++)
    {
      int from = mine->from[i];
      SynBitboard to = mine->reach[i] & mask;
      if (pinned & syn_bit (from))
        to &= syn_line (king, from);
      add_entry (c, from, to);
    }

  {
    SynBitboard pawns = syn_position_pieces (pos, us, SYN_PAWN);
    SynBitboard forward = syn_shift_forward (pawns & ~pinned, us);
    SynBitboard single = forward & empty;
    SynBitboard double_rank = us == SYN_WHITE ? SYN_RANK_4 : SYN_RANK_5;
    int ep = pos->en_passant[them];

    c->push = single & mask;
    c->double_push = syn_shift_forward (single, us) & empty & double_rank & mask;
    c->east = syn_shift_east (forward) & enemy & mask;
    c->west = syn_shift_west (forward) & enemy & mask;

    pieces = pawns & pinned;
    while (pieces)
      {
        int from = syn_pop_lsb (&pieces);
        SynBitboard one = syn_shift_forward (syn_bit (from), us) & empty;
        SynBitboard two = syn_shift_forward (one, us) & empty & double_rank;
        SynBitboard takes = syn_pawn_captures (us, from) & enemy;
        add_entry (c, from, (one | two | takes) & mask & syn_line (king, from));
      }

    /* SYN-R4: only a double step of the last turn, onto an empty passed square. */
    if (ep != SYN_NO_SQUARE && !(occupied & syn_bit (ep))
        && pos->board[ep - up] == SYN_PIECE (them, SYN_PAWN))
      {
        SynBitboard capturers = syn_pawn_captures (them, ep) & pawns;
        while (capturers)
          {
            int from = syn_pop_lsb (&capturers);
            if (syn_orthodox_en_passant_is_legal (pos, us, from, ep, ep - up, king))
              c->special[c->n_special++] = syn_move_make (from, ep, SYN_MOVE_EN_PASSANT);
          }
      }
  }

  if (!checkers)
    c->n_special = (uint8_t) (syn_orthodox_add_castlings (pos, us, occupied, danger,
                                                          c->special + c->n_special)
                              - c->special);
}

/* The squares from which them's orthodox legal captures reach square (en passant aside). */
static SynBitboard
capturers_of (const SideChoices *c, SynColour them, int square)
{
  SynBitboard bit = syn_bit (square), result = 0;
  int up = pawn_up (them);
  for (int i = 0; i < c->n_entries; i++)
    if (c->to[i] & bit)
      result |= syn_bit (c->from[i]);
  if (c->east & bit)
    result |= syn_bit (square - up - 1);
  if (c->west & bit)
    result |= syn_bit (square - up + 1);
  return result;
}

/* SYN-R3: us's self-captures, from both sides' orthodox choices. */
static void
add_self_captures (const SynPosition *pos, SynColour us, const SideAttacks *mine, SideChoices *c,
                   const SideChoices *enemy)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us];
  SynBitboard exposed = own & ~pos->by_type[SYN_KING];
  SynBitboard threatened = (enemy->east | enemy->west) & exposed;
  SynBitboard occupied = syn_position_occupied (pos);
  SynBitboard self_to[16];
  uint8_t self_from[16];
  int n_self = 0, king;

  if (c->in_check)
    return;
  for (int i = 0; i < enemy->n_entries; i++)
    threatened |= enemy->to[i] & exposed;
  if (!threatened)
    return;

  king = syn_position_king (pos, us);
  while (threatened)
    {
      int square = syn_pop_lsb (&threatened);
      SynBitboard capturers = capturers_of (enemy, them, square);
      SynBitboard reach = syn_pawn_captures (them, square) & pos->by_type[SYN_PAWN] & own;
      for (int i = 0; i < mine->n; i++)
        if (mine->reach[i] & syn_bit (square))
          reach |= syn_bit (mine->from[i]);
      /* (b): any one enemy capturer may be taken off the path; that opens only the ray from
       * square through it. */
      while (capturers)
        {
          int capturer = syn_pop_lsb (&capturers);
          SynBitboard through = occupied ^ syn_bit (capturer);
          if (!syn_line (square, capturer))
            continue;
          if (SYN_RANK_OF (square) == SYN_RANK_OF (capturer)
              || SYN_FILE_OF (square) == SYN_FILE_OF (capturer))
            reach |= syn_rook_attacks (square, through)
                     & (pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN]) & own;
          else
            reach |= syn_bishop_attacks (square, through)
                     & (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN]) & own;
        }
      while (reach)
        {
          int from = syn_pop_lsb (&reach), i;
          /* (c): the own king is not attacked once the piece has left its square (square
           * stays occupied, so only a pinned piece can expose it). */
          if ((c->pinned & syn_bit (from))
              && syn_orthodox_attackers (pos, king, them, occupied ^ syn_bit (from)))
            continue;
          for (i = 0; i < n_self && self_from[i] != from; i++)
            ;
          if (i == n_self)
            {
              self_from[n_self] = (uint8_t) from;
              self_to[n_self++] = 0;
            }
          self_to[i] |= syn_bit (square);
        }
    }
  for (int i = 0; i < n_self; i++)
    add_entry (c, self_from[i], self_to[i]);
}

SYN_HOT_CLONES static int
count_side (const SynPosition *pos, SynColour us, const SideChoices *c)
{
  SynBitboard last = last_rank (us);
  SynBitboard pawns = pos->by_type[SYN_PAWN];
  int n = syn_popcount_hot (c->push) + syn_popcount_hot (c->double_push)
          + syn_popcount_hot (c->east) + syn_popcount_hot (c->west) + c->n_special;
  /* Each promotion is four choices. */
  n += 3
       * (syn_popcount_hot (c->push & last) + syn_popcount_hot (c->east & last)
          + syn_popcount_hot (c->west & last));
  for (int i = 0; i < c->n_entries; i++)
    {
      n += syn_popcount_hot (c->to[i]);
      if (pawns & syn_bit (c->from[i]))
        n += 3 * syn_popcount_hot (c->to[i] & last);
    }
  return n;
}

/* SYN-R10 to SYN-R12 (repetition aside, which the game judges). */
static SynOutcome
outcome_from (const SynPosition *pos, const Analysis *a)
{
  bool lost[2];
  if (!has_king (pos, SYN_WHITE) || !has_king (pos, SYN_BLACK))
    {
      if (has_king (pos, SYN_WHITE))
        return (SynOutcome){ SYN_RESULT_WHITE_WINS, SYN_REASON_KING_CAPTURED };
      if (has_king (pos, SYN_BLACK))
        return (SynOutcome){ SYN_RESULT_BLACK_WINS, SYN_REASON_KING_CAPTURED };
      return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_KING_CAPTURED };
    }
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    lost[side] = a->side[side].in_check && a->count[side] == 0;
  if (lost[SYN_WHITE] && lost[SYN_BLACK])
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_BOTH_LOST };
  if (lost[SYN_WHITE])
    return (SynOutcome){ SYN_RESULT_BLACK_WINS, SYN_REASON_CHECKMATE };
  if (lost[SYN_BLACK])
    return (SynOutcome){ SYN_RESULT_WHITE_WINS, SYN_REASON_CHECKMATE };
  if (a->count[SYN_WHITE] == 0 || a->count[SYN_BLACK] == 0)
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE };
  if (pos->quiet_turns >= 50)
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS };
  return (SynOutcome){ SYN_RESULT_NONE, SYN_REASON_NONE };
}

static void
analyse (const SynPosition *pos, Analysis *a)
{
  SideAttacks attacks[2];
  if (!has_king (pos, SYN_WHITE) || !has_king (pos, SYN_BLACK))
    {
      a->side[SYN_WHITE].n_entries = a->side[SYN_BLACK].n_entries = 0;
      a->count[SYN_WHITE] = a->count[SYN_BLACK] = 0;
      a->outcome = outcome_from (pos, a);
      return;
    }
  compute_attacks (pos, SYN_WHITE, &attacks[SYN_WHITE]);
  compute_attacks (pos, SYN_BLACK, &attacks[SYN_BLACK]);
  generate_orthodox (pos, SYN_WHITE, &attacks[SYN_WHITE], &attacks[SYN_BLACK], &a->side[SYN_WHITE]);
  generate_orthodox (pos, SYN_BLACK, &attacks[SYN_BLACK], &attacks[SYN_WHITE], &a->side[SYN_BLACK]);
  add_self_captures (pos, SYN_WHITE, &attacks[SYN_WHITE], &a->side[SYN_WHITE], &a->side[SYN_BLACK]);
  add_self_captures (pos, SYN_BLACK, &attacks[SYN_BLACK], &a->side[SYN_BLACK], &a->side[SYN_WHITE]);
  a->count[SYN_WHITE] = count_side (pos, SYN_WHITE, &a->side[SYN_WHITE]);
  a->count[SYN_BLACK] = count_side (pos, SYN_BLACK, &a->side[SYN_BLACK]);
  a->outcome = outcome_from (pos, a);
}

static SynChoice *
list_pawn_set (SynChoice *list, SynBitboard to, int offset, SynBitboard last)
{
  SynMove moves[SYN_MAX_MOVES];
  int n = (int) (syn_move_add_pawn_moves (moves, to, offset, last) - moves);
  for (int i = 0; i < n; i++)
    *list++ = moves[i];
  return list;
}

static int
list_side (const SynPosition *pos, SynColour us, const SideChoices *c, SynChoice *choices)
{
  SynBitboard last = last_rank (us);
  int up = pawn_up (us);
  SynChoice *list = choices;

  for (int i = 0; i < c->n_entries; i++)
    {
      int from = c->from[i];
      SynBitboard to = c->to[i];
      if (pos->by_type[SYN_PAWN] & syn_bit (from))
        {
          while (to)
            {
              int square = syn_pop_lsb (&to);
              if (syn_bit (square) & last)
                for (int kind = SYN_MOVE_PROMOTE_QUEEN; kind >= SYN_MOVE_PROMOTE_KNIGHT; kind--)
                  *list++ = syn_move_make (from, square, (SynMoveKind) kind);
              else
                *list++ = syn_move_make (from, square, SYN_MOVE_PLAIN);
            }
        }
      else
        while (to)
          *list++ = syn_move_make (from, syn_pop_lsb (&to), SYN_MOVE_PLAIN);
    }
  list = list_pawn_set (list, c->push, up, last);
  list = list_pawn_set (list, c->double_push, 2 * up, last);
  list = list_pawn_set (list, c->east, up + 1, last);
  list = list_pawn_set (list, c->west, up - 1, last);
  for (int i = 0; i < c->n_special; i++)
    *list++ = c->special[i];
  return (int) (list - choices);
}

/* Resolution of a turn ------------------------------------------------------------------ */

typedef struct
{
  int from, to;
  SynPiece piece; /* as it arrives: promoted if the move promotes */
} Mover;

/* SYN-R5: a move's moving pieces (castling: king, then rook); returns how many. */
static int
moving_pieces (const SynPosition *pos, SynMove move, Mover movers[2])
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynPiece piece = pos->board[from];
  SynColour colour = SYN_PIECE_COLOUR (piece);

  if (syn_move_is_promotion (move))
    piece = SYN_PIECE (colour, syn_move_promotion_type (move));
  movers[0] = (Mover){ from, to, piece };
  if (syn_move_kind (move) != SYN_MOVE_CASTLE)
    return 1;
  movers[1] = to > from ? (Mover){ from + 3, from + 1, SYN_PIECE (colour, SYN_ROOK) }
                        : (Mover){ from - 4, from - 1, SYN_PIECE (colour, SYN_ROOK) };
  return 2;
}

/* SYN-R5: the square of the piece a move captures, or SYN_NO_SQUARE. */
static int
target_of (const SynPosition *pos, SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  switch (syn_move_kind (move))
    {
    case SYN_MOVE_EN_PASSANT:
      return to - pawn_up (SYN_PIECE_COLOUR (pos->board[from]));
    case SYN_MOVE_CASTLE:
      return SYN_NO_SQUARE;
    default:
      return pos->board[to] != SYN_NO_PIECE ? to : SYN_NO_SQUARE;
    }
}

/* SYN-R7: which of two pieces arriving on one square stays; SYN_NO_PIECE when neither. */
static SynPiece
collision_survivor (SynPiece white, SynPiece black, const bool self_capture[2])
{
  bool white_king = SYN_PIECE_TYPE (white) == SYN_KING;
  bool black_king = SYN_PIECE_TYPE (black) == SYN_KING;
  if (white_king != black_king)
    return white_king ? white : black;
  if (!white_king && self_capture[SYN_WHITE] != self_capture[SYN_BLACK])
    return self_capture[SYN_WHITE] ? white : black;
  return SYN_NO_PIECE;
}

/* SYN-R6 to SYN-R9: the position after both moves, each legal on pos. */
static void
resolve (const SynPosition *pos, SynMove white, SynMove black, SynPosition *out)
{
  SynMove moves[2] = { white, black };
  Mover movers[2][2];
  int n_movers[2], target[2];
  bool self_capture[2], resets = false;
  SynBitboard departed[2] = { 0, 0 };
  uint8_t castling = pos->castling;

  *out = *pos;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      n_movers[side] = moving_pieces (pos, moves[side], movers[side]);
      target[side] = target_of (pos, moves[side]);
      self_capture[side] = target[side] != SYN_NO_SQUARE
                           && SYN_PIECE_COLOUR (pos->board[target[side]]) == (SynColour) side;
      /* SYN-R9: a pawn's move resets the count even if the pawn is then removed. */
      if (SYN_PIECE_TYPE (pos->board[syn_move_from (moves[side])]) == SYN_PAWN)
        resets = true;
      /* SYN-R8: every square a move leaves, enters or empties is one of its from and to. */
      castling &= syn_castling_kept_by (syn_move_from (moves[side]))
                  & syn_castling_kept_by (syn_move_to (moves[side]));
      for (int i = 0; i < n_movers[side]; i++)
        {
          syn_position_remove (out, movers[side][i].from);
          departed[side] |= syn_bit (movers[side][i].from);
        }
    }

  /* SYN-R6: a target that moved away is not captured. Both moves may aim at one piece (a
   * self-capture and the capture it predicted), which goes once. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      int t = target[side];
      if (t != SYN_NO_SQUARE && !(departed[!side] & syn_bit (t)) && out->board[t] != SYN_NO_PIECE)
        {
          syn_position_remove (out, t);
          resets = true;
        }
    }

  /* SYN-R7: arrivals, white's against black's. */
  for (int w = 0; w < n_movers[SYN_WHITE]; w++)
    {
      const Mover *a = &movers[SYN_WHITE][w];
      SynPiece stays = a->piece;
      for (int b = 0; b < n_movers[SYN_BLACK]; b++)
        if (movers[SYN_BLACK][b].to == a->to)
          {
            stays = collision_survivor (a->piece, movers[SYN_BLACK][b].piece, self_capture);
            resets = true;
          }
      if (stays != SYN_NO_PIECE)
        syn_position_put (out, a->to, stays);
    }
  for (int b = 0; b < n_movers[SYN_BLACK]; b++)
    {
      const Mover *a = &movers[SYN_BLACK][b];
      bool collided = false;
      for (int w = 0; w < n_movers[SYN_WHITE]; w++)
        collided |= movers[SYN_WHITE][w].to == a->to;
      if (!collided)
        syn_position_put (out, a->to, a->piece);
    }

  /* SYN-R9 field 4, kept only where SYN-R14 accepts it: the pawn still stands, its passed
   * square and its start square are empty. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      int from = syn_move_from (moves[side]), to = syn_move_to (moves[side]);
      int passed = (from + to) / 2;
      out->en_passant[side] = SYN_NO_SQUARE;
      if (SYN_PIECE_TYPE (pos->board[from]) == SYN_PAWN && (from ^ to) == 16
          && out->board[to] == SYN_PIECE (side, SYN_PAWN) && out->board[passed] == SYN_NO_PIECE
          && out->board[from] == SYN_NO_PIECE)
        out->en_passant[side] = (int8_t) passed;
    }
  out->castling = castling;
  out->side_to_move = SYN_WHITE;
  out->quiet_turns = resets ? 0 : syn_counter_next (pos->quiet_turns);
  out->turn_number = syn_counter_next (pos->turn_number);
}

/* FEN (SYN-R14) ----------------------------------------------------------------------- */

/* SYN-R14: what a position must satisfy beyond its syntax. */
static bool
check_position (const SynPosition *pos, SynFenError *error)
{
  SynBitboard occupied = syn_position_occupied (pos);

  /* A finished game's last position may lack one king (SYN-R10), never both. */
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    if (syn_more_than_one (syn_position_pieces (pos, (SynColour) c, SYN_KING)))
      return syn_fen_fail (error, 1, "%s has %d kings, one is allowed",
                           c == SYN_WHITE ? "White" : "Black",
                           syn_popcount (syn_position_pieces (pos, (SynColour) c, SYN_KING)));
  if (!pos->by_type[SYN_KING])
    return syn_fen_fail (error, 1, "neither side has a king");
  if (!syn_fen_check_pawns (pos, error) || !syn_fen_check_castling (pos, error))
    return false;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int square = pos->en_passant[c];
      int up = pawn_up ((SynColour) c);
      char name[3];
      if (square == SYN_NO_SQUARE)
        continue;
      syn_square_to_text (square, name);
      if (occupied & syn_bit (square))
        return syn_fen_fail (error, 4, "%s is not a valid en passant square: it is occupied", name);
      if (pos->board[square + up] != SYN_PIECE (c, SYN_PAWN))
        return syn_fen_fail (
            error, 4, "%s is not a valid en passant square: no %s pawn stands in front of it", name,
            c == SYN_WHITE ? "white" : "black");
      if (occupied & syn_bit (square - up))
        return syn_fen_fail (error, 4,
                             "%s is not a valid en passant square: the pawn's start square is not "
                             "empty",
                             name);
    }
  return true;
}

static bool
read_position (const char *text, SynPosition *pos, SynFenError *error)
{
  const char *starts[6];
  size_t lengths[6];
  int n_fields = 0;

  syn_position_clear (pos);
  if (!syn_fen_split (text, 6, starts, lengths, &n_fields, error))
    return false;
  if (n_fields < 4)
    return syn_fen_fail (error, n_fields + 1, "missing (a FEN has at least 4 fields, found %d)",
                         n_fields);

  if (!syn_fen_read_placement (starts[0], lengths[0], pos, error))
    return false;
  /* SYN-R14: both sides move every turn, so field 2 means nothing. */
  if (lengths[1] != 1 || (starts[1][0] != 'w' && starts[1][0] != 'b'))
    return syn_fen_fail (error, 2, "'%.*s' is not a side to move (w or b)", (int) lengths[1],
                         starts[1]);
  if (!syn_fen_read_castling (starts[2], lengths[2], pos, error)
      /* SYN-R9: '-' or the passed squares, at most one per colour, as PSC's. */
      || !syn_fen_read_en_passant (starts[3], lengths[3], SYN_FEN_PSC, pos, error))
    return false;
  if (n_fields > 4 && !syn_fen_read_counter (starts[4], lengths[4], 5, 0, &pos->quiet_turns, error))
    return false;
  if (n_fields > 5 && !syn_fen_read_counter (starts[5], lengths[5], 6, 1, &pos->turn_number, error))
    return false;
  return check_position (pos, error);
}

/* The table's functions ------------------------------------------------------------------ */

static bool
synchrone_read_state (const char *fen, SynState *state, SynFenError *error)
{
  memset (state, 0, sizeof *state);
  return read_position (fen, &state->board, error);
}

static void
synchrone_write_state (const SynState *state, char *buf, size_t size)
{
  syn_fen_write (&state->board, SYN_FEN_PSC, buf, size);
}

static int
synchrone_choices (const SynState *state, SynColour side, SynChoice *choices)
{
  Analysis a;
  if (!has_king (&state->board, SYN_WHITE) || !has_king (&state->board, SYN_BLACK))
    return 0;
  analyse (&state->board, &a);
  return list_side (&state->board, side, &a.side[side], choices);
}

static uint64_t
synchrone_count_joint_choices (const SynState *state)
{
  Analysis a;
  analyse (&state->board, &a);
  if (a.outcome.result != SYN_RESULT_NONE)
    return 0;
  return (uint64_t) a.count[SYN_WHITE] * (uint64_t) a.count[SYN_BLACK];
}

static uint64_t
synchrone_count_after_step (const SynState *state)
{
  SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  Analysis a;
  int n_white, n_black;
  uint64_t total = 0;

  analyse (&state->board, &a);
  if (a.outcome.result != SYN_RESULT_NONE)
    return 0;
  n_white = list_side (&state->board, SYN_WHITE, &a.side[SYN_WHITE], white);
  n_black = list_side (&state->board, SYN_BLACK, &a.side[SYN_BLACK], black);
  for (int w = 0; w < n_white; w++)
    for (int b = 0; b < n_black; b++)
      {
        SynPosition child;
        resolve (&state->board, (SynMove) white[w], (SynMove) black[b], &child);
        analyse (&child, &a);
        if (a.outcome.result == SYN_RESULT_NONE)
          total += (uint64_t) a.count[SYN_WHITE] * (uint64_t) a.count[SYN_BLACK];
      }
  return total;
}

static void
synchrone_apply (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  SynPosition board;
  resolve (&state->board, SYN_CHOICE_MOVE (white), SYN_CHOICE_MOVE (black), &board);
  memset (out, 0, sizeof *out);
  out->board = board;
  out->step = 0;
}

static SynOutcome
synchrone_outcome (const SynState *state)
{
  Analysis a;
  analyse (&state->board, &a);
  return a.outcome;
}

static SynBitboard
synchrone_visible (const SynState *state, SynColour side)
{
  (void) state, (void) side;
  return ~(SynBitboard) 0;
}

static void
synchrone_choice_to_text (const SynState *state, SynChoice choice, char *buf)
{
  (void) state;
  if (choice == SYN_CHOICE_NONE)
    {
      buf[0] = '-';
      buf[1] = '\0';
      return;
    }
  syn_move_to_text (SYN_CHOICE_MOVE (choice), buf);
}

/* SYN-R12: board, castling rights and field 4. */
static bool
synchrone_repeats (const SynState *a, const SynState *b)
{
  return memcmp (a->board.board, b->board.board, sizeof a->board.board) == 0
         && a->board.castling == b->board.castling
         && a->board.en_passant[SYN_WHITE] == b->board.en_passant[SYN_WHITE]
         && a->board.en_passant[SYN_BLACK] == b->board.en_passant[SYN_BLACK];
}

const SynVariant syn_variant_synchrone = {
  .id = "synchrone",
  .name = "Synchrone",
  .start_fen = SYN_FEN_START,
  .read_state = synchrone_read_state,
  .write_state = synchrone_write_state,
  .choices = synchrone_choices,
  .count_joint_choices = synchrone_count_joint_choices,
  .count_after_step = synchrone_count_after_step,
  .apply = synchrone_apply,
  .outcome = synchrone_outcome,
  .visible = synchrone_visible,
  .choice_to_text = synchrone_choice_to_text,
  .repeats = synchrone_repeats,
};
