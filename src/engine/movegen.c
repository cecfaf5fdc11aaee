/* movegen.c: orthodox legal move generation with check and pin masks, so no move is made
 * and taken back just to test it (en passant aside, which is rare).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "movegen.h"

#include "attacks.h"

SynBitboard
syn_orthodox_attackers (const SynPosition *pos, int square, SynColour by, SynBitboard occupied)
{
  SynBitboard diagonal = pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN];
  SynBitboard straight = pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN];
  SynBitboard attackers = (syn_knight_attacks (square) & pos->by_type[SYN_KNIGHT])
                          | (syn_king_attacks (square) & pos->by_type[SYN_KING])
                          | (syn_pawn_captures ((SynColour) !by, square) & pos->by_type[SYN_PAWN])
                          | (syn_bishop_attacks (square, occupied) & diagonal)
                          | (syn_rook_attacks (square, occupied) & straight);
  return attackers & pos->by_colour[by];
}

/* Every square the enemy attacks, seen through our king so it cannot step back along a ray. */
static SynBitboard
enemy_attacks (const SynPosition *pos, SynColour them, SynBitboard occupied)
{
  SynBitboard pawns = syn_position_pieces (pos, them, SYN_PAWN);
  SynBitboard forward = syn_shift_forward (pawns, them);
  SynBitboard result = syn_shift_east (forward) | syn_shift_west (forward);
  SynBitboard pieces;

  pieces = syn_position_pieces (pos, them, SYN_KNIGHT);
  while (pieces)
    result |= syn_knight_attacks (syn_pop_lsb (&pieces));
  pieces = (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN]) & pos->by_colour[them];
  while (pieces)
    result |= syn_bishop_attacks (syn_pop_lsb (&pieces), occupied);
  pieces = (pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN]) & pos->by_colour[them];
  while (pieces)
    result |= syn_rook_attacks (syn_pop_lsb (&pieces), occupied);
  return result | syn_king_attacks (syn_position_king (pos, them));
}

static SynMove *
add_targets (SynMove *list, int from, SynBitboard targets)
{
  while (targets)
    *list++ = syn_move_make (from, syn_pop_lsb (&targets), SYN_MOVE_PLAIN);
  return list;
}

bool
syn_orthodox_en_passant_is_legal (const SynPosition *pos, SynColour us, int from, int to,
                                  int victim, int king)
{
  SynBitboard occupied
      = (syn_position_occupied (pos) ^ syn_bit (from) ^ syn_bit (victim)) | syn_bit (to);
  SynBitboard attackers = syn_orthodox_attackers (pos, king, (SynColour) !us, occupied);
  return (attackers & ~syn_bit (victim)) == 0;
}

SynMove *
syn_orthodox_add_castlings (const SynPosition *pos, SynColour us, SynBitboard occupied,
                            SynBitboard danger, SynMove *list)
{
  int base = us == SYN_WHITE ? 0 : 56;
  uint8_t short_right = us == SYN_WHITE ? SYN_CASTLE_WHITE_SHORT : SYN_CASTLE_BLACK_SHORT;
  uint8_t long_right = us == SYN_WHITE ? SYN_CASTLE_WHITE_LONG : SYN_CASTLE_BLACK_LONG;

  if ((pos->castling & short_right) && !(occupied & syn_between (base + 4, base + 7))
      && !(danger & (syn_bit (base + 5) | syn_bit (base + 6))))
    *list++ = syn_move_make (base + 4, base + 6, SYN_MOVE_CASTLE);
  if ((pos->castling & long_right) && !(occupied & syn_between (base + 4, base))
      && !(danger & (syn_bit (base + 3) | syn_bit (base + 2))))
    *list++ = syn_move_make (base + 4, base + 2, SYN_MOVE_CASTLE);
  return list;
}

/* Knights, bishops, rooks and queens onto target_mask; a pinned knight can never move, a
 * pinned slider keeps to its pin line. */
static inline SynMove *
add_piece_moves (const SynPosition *pos, SynColour us, SynBitboard own, SynBitboard occupied,
                 int king, SynBitboard pinned, SynBitboard target_mask, SynMove *list)
{
  SynBitboard pieces;

  pieces = syn_position_pieces (pos, us, SYN_KNIGHT) & ~pinned;
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      list = add_targets (list, from, syn_knight_attacks (from) & target_mask);
    }
  pieces = (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN]) & own;
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard targets = syn_bishop_attacks (from, occupied) & target_mask;
      if (pinned & syn_bit (from))
        targets &= syn_line (king, from);
      list = add_targets (list, from, targets);
    }
  pieces = (pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN]) & own;
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard targets = syn_rook_attacks (from, occupied) & target_mask;
      if (pinned & syn_bit (from))
        targets &= syn_line (king, from);
      list = add_targets (list, from, targets);
    }
  return list;
}

/* The pinned pawns one by one, along their pin line. */
static inline SynMove *
add_pinned_pawn_moves (SynColour us, SynBitboard pinned_pawns, SynBitboard enemy, SynBitboard empty,
                       int king, SynBitboard target_mask, SynMove *list)
{
  SynBitboard last_rank = us == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  SynBitboard double_rank = us == SYN_WHITE ? SYN_RANK_4 : SYN_RANK_5;

  while (pinned_pawns)
    {
      int from = syn_pop_lsb (&pinned_pawns);
      SynBitboard bit = syn_bit (from);
      SynBitboard pin_line = syn_line (king, from);
      SynBitboard one = syn_shift_forward (bit, us) & empty;
      SynBitboard two = syn_shift_forward (one, us) & empty & double_rank;
      SynBitboard takes = syn_pawn_captures (us, from) & enemy;
      SynBitboard targets = (one | two | takes) & target_mask & pin_line;
      while (targets)
        {
          int to = syn_pop_lsb (&targets);
          if (syn_bit (to) & last_rank)
            for (int kind = SYN_MOVE_PROMOTE_QUEEN; kind >= SYN_MOVE_PROMOTE_KNIGHT; kind--)
              *list++ = syn_move_make (from, to, (SynMoveKind) kind);
          else
            *list++ = syn_move_make (from, to, SYN_MOVE_PLAIN);
        }
    }
  return list;
}

/* Captures en passant of the pawn that has just passed, each tried for a discovered check. */
static inline SynMove *
add_en_passant_moves (const SynPosition *pos, SynColour us, SynBitboard pawns, int king,
                      SynMove *list)
{
  SynColour them = (SynColour) !us;
  int up = us == SYN_WHITE ? 8 : -8;
  int ep = pos->en_passant[them];

  if (ep != SYN_NO_SQUARE)
    {
      int victim = ep - up;
      SynBitboard capturers = syn_pawn_captures (them, ep) & pawns;
      while (capturers)
        {
          int from = syn_pop_lsb (&capturers);
          if (syn_orthodox_en_passant_is_legal (pos, us, from, ep, victim, king))
            *list++ = syn_move_make (from, ep, SYN_MOVE_EN_PASSANT);
        }
    }
  return list;
}

/* Pawns: the unpinned ones as sets, the pinned ones one by one along their pin line. */
static inline SynMove *
add_pawn_moves (const SynPosition *pos, SynColour us, SynBitboard enemy, SynBitboard occupied,
                int king, SynBitboard pinned, SynBitboard target_mask, SynMove *list)
{
  SynBitboard pawns = syn_position_pieces (pos, us, SYN_PAWN);
  SynBitboard free_pawns = pawns & ~pinned;
  SynBitboard empty = ~occupied;
  SynBitboard last_rank = us == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  SynBitboard double_rank = us == SYN_WHITE ? SYN_RANK_4 : SYN_RANK_5;
  int up = us == SYN_WHITE ? 8 : -8;
  SynBitboard single = syn_shift_forward (free_pawns, us) & empty;
  SynBitboard twice = syn_shift_forward (single, us) & empty & double_rank;
  SynBitboard forward = syn_shift_forward (free_pawns, us);
  SynBitboard east = syn_shift_east (forward) & enemy;
  SynBitboard west = syn_shift_west (forward) & enemy;

  list = syn_move_add_pawn_moves (list, single & target_mask, up, last_rank);
  list = syn_move_add_pawn_moves (list, twice & target_mask, 2 * up, last_rank);
  list = syn_move_add_pawn_moves (list, east & target_mask, up + 1, last_rank);
  list = syn_move_add_pawn_moves (list, west & target_mask, up - 1, last_rank);
  list = add_pinned_pawn_moves (us, pawns & pinned, enemy, empty, king, target_mask, list);
  return add_en_passant_moves (pos, us, pawns, king, list);
}

int
syn_orthodox_moves (const SynPosition *pos, SynMove *moves)
{
  SynColour us = (SynColour) pos->side_to_move, them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us], enemy = pos->by_colour[them];
  SynBitboard occupied = own | enemy;
  int king = syn_position_king (pos, us);
  SynBitboard checkers = syn_orthodox_attackers (pos, king, them, occupied);
  SynBitboard danger = enemy_attacks (pos, them, occupied ^ syn_bit (king));
  SynBitboard pinned, target_mask;
  SynMove *list = moves;

  list = add_targets (list, king, syn_king_attacks (king) & ~own & ~danger);
  if (syn_more_than_one (checkers))
    return (int) (list - moves);

  target_mask = checkers ? syn_between (king, syn_lsb (checkers)) | checkers : ~own;

  pinned = syn_lone_blockers (pos, king, them, occupied) & own;

  list = add_piece_moves (pos, us, own, occupied, king, pinned, target_mask, list);
  list = add_pawn_moves (pos, us, enemy, occupied, king, pinned, target_mask, list);
  if (!checkers)
    list = syn_orthodox_add_castlings (pos, us, occupied, danger, list);
  return (int) (list - moves);
}

void
syn_orthodox_play (const SynPosition *pos, SynMove move, SynPosition *out)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynPiece piece = pos->board[from];
  SynColour us = SYN_PIECE_COLOUR (piece);
  SynMoveKind kind = syn_move_kind (move);
  bool resets = SYN_PIECE_TYPE (piece) == SYN_PAWN || pos->board[to] != SYN_NO_PIECE;

  *out = *pos;
  out->en_passant[SYN_WHITE] = SYN_NO_SQUARE;
  out->en_passant[SYN_BLACK] = SYN_NO_SQUARE;
  if (out->board[to] != SYN_NO_PIECE)
    syn_position_remove (out, to);
  syn_position_remove (out, from);
  if (kind == SYN_MOVE_EN_PASSANT)
    syn_position_remove (out, us == SYN_WHITE ? to - 8 : to + 8);
  if (syn_move_is_promotion (move))
    piece = SYN_PIECE (us, syn_move_promotion_type (move));
  syn_position_put (out, to, piece);
  if (kind == SYN_MOVE_CASTLE)
    {
      int rook_from = to > from ? from + 3 : from - 4;
      int rook_to = to > from ? from + 1 : from - 1;
      syn_position_remove (out, rook_from);
      syn_position_put (out, rook_to, SYN_PIECE (us, SYN_ROOK));
    }
  if (SYN_PIECE_TYPE (piece) == SYN_PAWN && (to ^ from) == 16)
    out->en_passant[us] = (int8_t) ((from + to) / 2);
  out->castling &= syn_castling_kept_by (from) & syn_castling_kept_by (to);
  out->quiet_turns = resets ? 0 : syn_counter_next (pos->quiet_turns);
  if (us == SYN_BLACK)
    out->turn_number = syn_counter_next (out->turn_number);
  out->side_to_move = (uint8_t) !us;
}

SYN_HOT_CLONES int
syn_orthodox_count_piece_moves (const SynPosition *pos, SynColour us, int king, SynBitboard pinned)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us], enemy = pos->by_colour[them];
  SynBitboard occupied = own | enemy, empty = ~occupied;
  SynBitboard last_rank = us == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  SynBitboard double_rank = us == SYN_WHITE ? SYN_RANK_4 : SYN_RANK_5;
  SynBitboard pawns = syn_position_pieces (pos, us, SYN_PAWN);
  SynBitboard forward = syn_shift_forward (pawns & ~pinned, us);
  SynBitboard single = forward & empty;
  SynBitboard twice = syn_shift_forward (single, us) & empty & double_rank;
  SynBitboard east = syn_shift_east (forward) & enemy;
  SynBitboard west = syn_shift_west (forward) & enemy;
  SynBitboard pieces;
  int n;

  /* A pinned knight never moves; a pinned piece keeps to its pin line. */
  n = syn_popcount_hot (single) + syn_popcount_hot (twice) + syn_popcount_hot (east)
      + syn_popcount_hot (west) + 3 * syn_popcount_hot (single & last_rank)
      + 3 * syn_popcount_hot (east & last_rank) + 3 * syn_popcount_hot (west & last_rank);
  pieces = syn_position_pieces (pos, us, SYN_KNIGHT) & ~pinned;
  while (pieces)
    n += syn_popcount_hot (syn_knight_attacks (syn_pop_lsb (&pieces)) & ~own);
  pieces = (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN]) & own;
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard targets = syn_bishop_attacks (from, occupied) & ~own;
      if (pinned & syn_bit (from))
        targets &= syn_line (king, from);
      n += syn_popcount_hot (targets);
    }
  pieces = (pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN]) & own;
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard targets = syn_rook_attacks (from, occupied) & ~own;
      if (pinned & syn_bit (from))
        targets &= syn_line (king, from);
      n += syn_popcount_hot (targets);
    }
  pieces = pawns & pinned;
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard one = syn_shift_forward (syn_bit (from), us) & empty;
      SynBitboard two = syn_shift_forward (one, us) & empty & double_rank;
      SynBitboard takes = syn_pawn_captures (us, from) & enemy;
      SynBitboard targets = (one | two | takes) & syn_line (king, from);
      n += syn_popcount_hot (targets) + 3 * syn_popcount_hot (targets & last_rank);
    }
  return n;
}
