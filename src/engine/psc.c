/* psc.c: the moves and turns of Parrow Synchronous Chess (PSC-R4 to R12).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc.h"

#include <assert.h>

#include "attacks.h"

typedef struct
{
  SynBitboard single, twice, east, west; /* destinations of the movable pawns */
  SynBitboard last_rank;
  int up;
} PawnMoves;

/* PSC-R4, R6: pawn pushes and captures of the unfrozen pawns onto controlled squares, as sets. */
static void
find_pawn_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour us, PawnMoves *out)
{
  SynBitboard pawns = syn_position_pieces (pos, us, SYN_PAWN) & ~ctl->frozen;
  SynBitboard empty = ~syn_position_occupied (pos);
  SynBitboard enemy = pos->by_colour[!us];
  SynBitboard mine = ctl->control[us];
  SynBitboard forward = syn_shift_forward (pawns, us);
  SynBitboard single = forward & empty;

  out->single = single & mine;
  out->twice
      = syn_shift_forward (single & (us == SYN_WHITE ? SYN_RANK_3 : SYN_RANK_6), us) & empty & mine;
  out->east = syn_shift_east (forward) & enemy & mine;
  out->west = syn_shift_west (forward) & enemy & mine;
  out->last_rank = us == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  out->up = us == SYN_WHITE ? 8 : -8;
}

/* PSC-R7: the unfrozen pawns that may take en passant this turn. */
static SynBitboard
en_passant_movers (const SynPosition *pos, const SynPscControl *ctl, SynColour us)
{
  SynBitboard capturers = ctl->en_passant_capturers[us] & ~ctl->frozen;
  int passed = pos->en_passant[!us];
  if (!capturers)
    return 0;
  /* The double-stepped pawn stands just beyond the passed square; it must be frozen. */
  if (!(ctl->frozen & syn_bit (us == SYN_WHITE ? passed - 8 : passed + 8))
      || !(ctl->control[us] & syn_bit (passed)))
    return 0;
  return capturers;
}

typedef struct
{
  uint8_t right;
  int king, rook, king_to, rook_to;
  SynBitboard between;
} CastlingSide;

/* PSC-R5: castling moves of colour as king moves "e1g1" and "e1c1". */
static inline int
castling_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour us, SynMove *moves)
{
  static const CastlingSide sides[2][2] = {
    { { SYN_CASTLE_WHITE_SHORT, 4, 7, 6, 5, 0x60ULL },
      { SYN_CASTLE_WHITE_LONG, 4, 0, 2, 3, 0x0EULL } },
    { { SYN_CASTLE_BLACK_SHORT, 60, 63, 62, 61, 0x60ULL << 56 },
      { SYN_CASTLE_BLACK_LONG, 60, 56, 58, 59, 0x0EULL << 56 } },
  };
  SynBitboard occupied = syn_position_occupied (pos);
  int n = 0;

  for (int i = 0; i < 2; i++)
    {
      const CastlingSide *side = &sides[us][i];
      if (!(pos->castling & side->right) || (occupied & side->between)
          || (ctl->frozen & (syn_bit (side->king) | syn_bit (side->rook)))
          || !(ctl->control[us] & syn_bit (side->king_to))
          || !(ctl->control[us] & syn_bit (side->rook_to)))
        continue;
      if (moves)
        moves[n] = syn_move_make (side->king, side->king_to, SYN_MOVE_CASTLE);
      n++;
    }
  return n;
}

/* Each target counts once, four times on the last rank (one move per promotion piece). */
static inline int
count_pawn_targets (SynBitboard targets, SynBitboard last_rank)
{
  int n = syn_popcount_hot (targets);
  if (targets & last_rank)
    n += 3 * syn_popcount_hot (targets & last_rank);
  return n;
}

int
syn_psc_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour, SynMove *moves)
{
  SynBitboard pieces = pos->by_colour[colour] & ~pos->by_type[SYN_PAWN] & ~ctl->frozen;
  SynBitboard capturers;
  SynMove *list = moves;
  PawnMoves pawns;

  /* PSC-R4: the attack set, less the piece's own square, where the side has control. */
  while (pieces)
    {
      int from = syn_pop_lsb (&pieces);
      SynBitboard targets = ctl->attacks[from] & ctl->control[colour];
      while (targets)
        *list++ = syn_move_make (from, syn_pop_lsb (&targets), SYN_MOVE_PLAIN);
    }

  find_pawn_moves (pos, ctl, colour, &pawns);
  list = syn_move_add_pawn_moves (list, pawns.single, pawns.up, pawns.last_rank);
  list = syn_move_add_pawn_moves (list, pawns.twice, 2 * pawns.up, pawns.last_rank);
  list = syn_move_add_pawn_moves (list, pawns.east, pawns.up + 1, pawns.last_rank);
  list = syn_move_add_pawn_moves (list, pawns.west, pawns.up - 1, pawns.last_rank);

  capturers = en_passant_movers (pos, ctl, colour);
  while (capturers)
    *list++
        = syn_move_make (syn_pop_lsb (&capturers), pos->en_passant[!colour], SYN_MOVE_EN_PASSANT);

  list += castling_moves (pos, ctl, colour, list);
  return (int) (list - moves);
}

SYN_HOT_CLONES int
syn_psc_count_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour)
{
  SynBitboard mine = ctl->control[colour];
  SynBitboard frozen = pos->by_colour[colour] & ~pos->by_type[SYN_PAWN] & ctl->frozen;
  SynBitboard last_rank = colour == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  SynBitboard pushes_and_east, west;
  int n = 0;

  /* Every controlled square counts once per piece that reaches it; frozen pieces are few,
   * so they are taken off one by one. */
  n += syn_popcount_hot (ctl->piece_counts[colour][0] & mine);
  n += syn_popcount_hot (ctl->piece_counts[colour][1] & mine) << 1;
  n += syn_popcount_hot (ctl->piece_counts[colour][2] & mine) << 2;
  if (ctl->piece_counts[colour][3] | ctl->piece_counts[colour][4])
    {
      n += syn_popcount_hot (ctl->piece_counts[colour][3] & mine) << 3;
      n += syn_popcount_hot (ctl->piece_counts[colour][4] & mine) << 4;
    }
  while (frozen)
    n -= syn_popcount_hot (ctl->attacks[syn_pop_lsb (&frozen)] & mine);

  /* Pushes go to empty squares and captures to enemy ones, so only the two captures
   * overlap. The pawn sets of the control serve unless a pawn is frozen, which is rare. */
  if (!(syn_position_pieces (pos, colour, SYN_PAWN) & ctl->frozen))
    {
      pushes_and_east = (ctl->pawn_pushes[colour] | ctl->pawn_east[colour]) & mine;
      west = ctl->pawn_west[colour] & mine;
    }
  else
    {
      PawnMoves pawns;
      find_pawn_moves (pos, ctl, colour, &pawns);
      pushes_and_east = pawns.single | pawns.twice | pawns.east;
      west = pawns.west;
    }
  n += count_pawn_targets (pushes_and_east, last_rank);
  n += count_pawn_targets (west, last_rank);

  if (ctl->en_passant_capturers[colour])
    n += syn_popcount_hot (en_passant_movers (pos, ctl, colour));
  if (pos->castling
      & (colour == SYN_WHITE ? SYN_CASTLE_WHITE_SHORT | SYN_CASTLE_WHITE_LONG
                             : SYN_CASTLE_BLACK_SHORT | SYN_CASTLE_BLACK_LONG))
    n += castling_moves (pos, ctl, colour, NULL);
  return n;
}

void
syn_psc_resolve (const SynPosition *pos, SynMove white, SynMove black, SynPosition *out)
{
  const SynMove moves[2] = { white, black };
  SynPiece arriving[2];
  bool resets = false;

  *out = *pos;
  out->en_passant[SYN_WHITE] = out->en_passant[SYN_BLACK] = SYN_NO_SQUARE;

  /* PSC-R8: both pieces leave, captured pieces go, then both arrive, all from one position. */
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int from = syn_move_from (moves[c]), to = syn_move_to (moves[c]);
      SynPiece piece = pos->board[from];
      assert (piece != SYN_NO_PIECE && SYN_PIECE_COLOUR (piece) == (SynColour) c);
      arriving[c] = syn_move_is_promotion (moves[c])
                        ? SYN_PIECE (c, syn_move_promotion_type (moves[c]))
                        : piece;
      syn_position_remove (out, from);
      if (syn_move_kind (moves[c]) == SYN_MOVE_CASTLE)
        syn_position_remove (out, to > from ? from + 3 : from - 4);
      if (SYN_PIECE_TYPE (piece) == SYN_PAWN)
        {
          resets = true;
          if ((from ^ to) == 16)
            out->en_passant[c] = (int8_t) ((from + to) / 2);
        }
      out->castling &= syn_castling_kept_by (from) & syn_castling_kept_by (to);
    }
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int to = syn_move_to (moves[c]);
      if (syn_move_kind (moves[c]) == SYN_MOVE_EN_PASSANT)
        {
          syn_position_remove (out, c == SYN_WHITE ? to - 8 : to + 8);
          resets = true;
        }
      else if (pos->board[to] != SYN_NO_PIECE)
        {
          /* A capturable piece is frozen, so it is still there (PSC-R8). */
          assert (SYN_PIECE_COLOUR (out->board[to]) != (SynColour) c);
          syn_position_remove (out, to);
          resets = true;
        }
    }
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int from = syn_move_from (moves[c]), to = syn_move_to (moves[c]);
      syn_position_put (out, to, arriving[c]);
      if (syn_move_kind (moves[c]) == SYN_MOVE_CASTLE)
        syn_position_put (out, to > from ? from + 1 : from - 1, SYN_PIECE (c, SYN_ROOK));
    }

  /* PSC-R9 */
  out->quiet_turns = resets ? 0 : syn_counter_next (pos->quiet_turns);
  out->turn_number = syn_counter_next (pos->turn_number);
}

SynOutcome
syn_psc_outcome_from_counts (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2])
{
  SynOutcome outcome = { SYN_RESULT_NONE, SYN_REASON_NONE };
  bool lost[2], king_frozen[2];

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      SynBitboard king = syn_position_pieces (pos, (SynColour) c, SYN_KING);
      king_frozen[c] = (ctl->frozen & king) != 0;
      /* PSC-R10: frozen king, or checkmate: no move while attacked at least once. */
      lost[c] = king_frozen[c] || (n_moves[c] == 0 && (ctl->attacked[!c] & king));
    }

  if (lost[SYN_WHITE] && lost[SYN_BLACK])
    {
      outcome.result = SYN_RESULT_DRAW;
      outcome.reason = SYN_REASON_BOTH_LOST;
    }
  else if (lost[SYN_WHITE] || lost[SYN_BLACK])
    {
      SynColour loser = lost[SYN_WHITE] ? SYN_WHITE : SYN_BLACK;
      outcome.result = loser == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS;
      /* A frozen king with no move is reported as the frozen king. */
      outcome.reason = king_frozen[loser] ? SYN_REASON_KING_FROZEN : SYN_REASON_CHECKMATE;
    }
  else if (n_moves[SYN_WHITE] == 0 || n_moves[SYN_BLACK] == 0)
    {
      outcome.result = SYN_RESULT_DRAW;
      outcome.reason = SYN_REASON_STALEMATE;
    }
  else if (pos->quiet_turns >= SYN_PSC_FIFTY_TURNS)
    {
      outcome.result = SYN_RESULT_DRAW;
      outcome.reason = SYN_REASON_FIFTY_TURNS;
    }
  return outcome;
}

SynOutcome
syn_psc_outcome (const SynPosition *pos, const SynPscControl *ctl)
{
  const int n_moves[2]
      = { syn_psc_count_moves (pos, ctl, SYN_WHITE), syn_psc_count_moves (pos, ctl, SYN_BLACK) };
  return syn_psc_outcome_from_counts (pos, ctl, n_moves);
}

/* Applies one side's move to the bitboards of board (its mailbox goes stale); `from` is the
 * position both moves start from, whose mailbox says what stands where. The two moves of a
 * turn never meet (PSC-R8), so applying them one after the other gives the turn. Returns
 * whether the move resets the quiet-turn counter. */
static bool
apply_to_bitboards (SynPosition *board, const SynPosition *from, SynMove move, SynColour side)
{
  int origin = syn_move_from (move), target = syn_move_to (move);
  SynPieceType type = SYN_PIECE_TYPE (from->board[origin]);
  SynPieceType arriving = syn_move_is_promotion (move) ? syn_move_promotion_type (move) : type;
  SynBitboard origin_bit = syn_bit (origin), target_bit = syn_bit (target);
  bool resets = type == SYN_PAWN;

  if (from->board[target] != SYN_NO_PIECE)
    {
      /* A capture: the frozen enemy piece is still there (PSC-R8); it goes first, as it may
       * be of the mover's type. */
      board->by_type[SYN_PIECE_TYPE (from->board[target])] ^= target_bit;
      board->by_colour[!side] ^= target_bit;
      resets = true;
    }
  board->by_type[type] ^= origin_bit;
  board->by_colour[side] ^= origin_bit | target_bit;
  board->by_type[arriving] |= target_bit;
  switch (syn_move_kind (move))
    {
    case SYN_MOVE_EN_PASSANT:
      {
        SynBitboard victim = syn_bit (side == SYN_WHITE ? target - 8 : target + 8);
        board->by_type[SYN_PAWN] ^= victim;
        board->by_colour[!side] ^= victim;
        break;
      }
    case SYN_MOVE_CASTLE:
      {
        SynBitboard rook = syn_bit (target > origin ? origin + 3 : origin - 4)
                           | syn_bit (target > origin ? origin + 1 : origin - 1);
        board->by_type[SYN_ROOK] ^= rook;
        board->by_colour[side] ^= rook;
        break;
      }
    default:
      break;
    }
  if (type == SYN_PAWN && (origin ^ target) == 16)
    board->en_passant[side] = (int8_t) ((origin + target) / 2);
  board->castling &= syn_castling_kept_by (origin) & syn_castling_kept_by (target);
  return resets;
}

/* Copies what the analysis reads, field by field: a block copy of a struct just written in
 * narrow pieces stalls on store forwarding, and the mailbox is not needed. */
static inline void
copy_bitboards (SynPosition *to, const SynPosition *from)
{
  for (int type = 0; type < SYN_N_PIECE_TYPES; type++)
    to->by_type[type] = from->by_type[type];
  to->by_colour[SYN_WHITE] = from->by_colour[SYN_WHITE];
  to->by_colour[SYN_BLACK] = from->by_colour[SYN_BLACK];
  to->en_passant[SYN_WHITE] = from->en_passant[SYN_WHITE];
  to->en_passant[SYN_BLACK] = from->en_passant[SYN_BLACK];
  to->castling = from->castling;
}

SYN_HOT_CLONES uint64_t
syn_psc_count_after_turn (const SynPosition *pos)
{
  SynPscControl ctl;
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
  SynPosition child; /* its mailbox stays unused: the analysis reads bitboards only */
  int n_white, n_black;
  uint64_t total = 0;

  syn_psc_control (pos, &ctl);
  n_white = syn_psc_moves (pos, &ctl, SYN_WHITE, white);
  n_black = syn_psc_moves (pos, &ctl, SYN_BLACK, black);
  for (int w = 0; w < n_white; w++)
    {
      SynPosition after_white = *pos;
      bool white_resets;

      /* The turn number is left as it was: nothing here reads it. */
      after_white.en_passant[SYN_WHITE] = after_white.en_passant[SYN_BLACK] = SYN_NO_SQUARE;
      white_resets = apply_to_bitboards (&after_white, pos, white[w], SYN_WHITE);
      for (int b = 0; b < n_black; b++)
        {
          int n_moves[2];
          bool resets;

          copy_bitboards (&child, &after_white);
          resets = apply_to_bitboards (&child, pos, black[b], SYN_BLACK);
          syn_psc_control (&child, &ctl);
          n_moves[SYN_WHITE] = syn_psc_count_moves (&child, &ctl, SYN_WHITE);
          n_moves[SYN_BLACK] = syn_psc_count_moves (&child, &ctl, SYN_BLACK);
          /* Stored only now: a narrow store that a wide load reads back soon after stalls
           * the CPU. */
          child.quiet_turns = resets || white_resets ? 0 : syn_counter_next (pos->quiet_turns);
          if (syn_psc_outcome_from_counts (&child, &ctl, n_moves).result == SYN_RESULT_NONE)
            total += (uint64_t) n_moves[SYN_WHITE] * (uint64_t) n_moves[SYN_BLACK];
        }
    }
  return total;
}
