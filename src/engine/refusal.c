/* refusal.c: why a side's piece has no legal choice, and which pieces give check. The answers
 * come from the rule set's own choices and control, so the window never re-derives a rule.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "refusal.h"

#include <string.h>

#include "attacks.h"
#include "movegen.h"
#include "psc-control.h"

SynBitboard
syn_check_givers (const SynVariant *variant, const SynState *state, SynColour side)
{
  SynPosition view;
  SynBitboard kings;

  if (variant->check_free)
    return 0;
  /* TX-R4: legality, and so check, is judged on the mover's own (transactional) view. */
  syn_variant_view (variant, state, side, &view);
  kings = syn_position_pieces (&view, side, SYN_KING);
  if (kings == 0)
    return 0;
  return syn_orthodox_attackers (&view, syn_lsb (kings), (SynColour) !side,
                                 syn_position_occupied (&view));
}

/* PSC-R1: the squares a piece reaches by its geometry alone, whoever controls them. */
static SynBitboard
psc_reach (const SynPosition *pos, const SynPscControl *ctl, int square)
{
  SynPiece piece = pos->board[square];
  SynColour colour = SYN_PIECE_COLOUR (piece);
  int rank = SYN_RANK_OF (square);
  SynBitboard ahead, near;

  if (SYN_PIECE_TYPE (piece) != SYN_PAWN)
    return ctl->attacks[square] & ~pos->by_colour[colour];
  /* A pawn's pushes and captures lie on the two ranks ahead of it, next to its file; the
   * pawn sets hold every pawn's, so they are cut down to those. */
  ahead = colour == SYN_WHITE ? ~(SynBitboard) 0 << (8 * (rank + 1))
                              : ((SynBitboard) 1 << (8 * rank)) - 1;
  near = syn_king_attacks (square) | syn_bit (square);
  near |= colour == SYN_WHITE ? near << 8 : near >> 8;
  return near & ahead
         & (ctl->pawn_pushes[colour] | ctl->pawn_east[colour] | ctl->pawn_west[colour]);
}

/* PSC-R1: the enemy pieces whose attack set holds square (an occupied one, so an enemy pawn
 * attacks it only diagonally, or en passant, PSC-R7). */
static SynBitboard
psc_attackers (const SynPosition *view, const SynPscControl *ctl, SynColour enemy, int square)
{
  SynBitboard attackers = 0;

  for (SynBitboard rest = view->by_colour[enemy]; rest != 0;)
    {
      int from = syn_pop_lsb (&rest);
      SynBitboard reach = ctl->attacks[from];

      if (SYN_PIECE_TYPE (view->board[from]) == SYN_PAWN)
        {
          reach = syn_pawn_captures (enemy, from);
          if ((ctl->en_passant_capturers[enemy] & syn_bit (from))
              && syn_psc_en_passant_victim (view, enemy) == square)
            reach |= syn_bit (square);
        }
      if (reach & syn_bit (square))
        attackers |= syn_bit (from);
    }
  return attackers;
}

static void
explain_psc (const SynPosition *view, const SynPscControl *ctl, SynColour side, int square,
             SynRefusal *out)
{
  if (ctl->frozen & syn_bit (square))
    {
      out->kind = SYN_REFUSAL_FROZEN;
      out->squares = psc_attackers (view, ctl, (SynColour) !side, square);
      return;
    }
  out->kind = psc_reach (view, ctl, square) != 0 ? SYN_REFUSAL_NOT_CONTROLLED : SYN_REFUSAL_NO_MOVE;
}

void
syn_refusal_explain_all (const SynVariant *variant, const SynState *state, SynColour side,
                         SynRefusal out[64])
{
  SynChoice choices[SYN_MAX_CHOICES];
  SynBitboard movable = 0, refused;
  SynPscControl ctl;
  SynPosition view;
  SynBitboard givers;
  int n;

  memset (out, 0, 64 * sizeof *out);
  syn_variant_view (variant, state, side, &view);
  for (SynBitboard rest = view.by_colour[!side]; rest != 0;)
    out[syn_pop_lsb (&rest)].kind = SYN_REFUSAL_NOT_OWN;
  for (SynBitboard rest = ~syn_position_occupied (&view); rest != 0;)
    out[syn_pop_lsb (&rest)].kind = SYN_REFUSAL_EMPTY;

  /* The rule set's own choices say which pieces may move; the rest are explained. */
  n = variant->choices (state, side, choices);
  for (int i = 0; i < n; i++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[i]);
      if (move != SYN_MOVE_NONE)
        movable |= syn_bit (syn_move_from (move));
    }
  refused = view.by_colour[side] & ~movable;
  if (refused == 0)
    return;
  if (n == 0)
    {
      for (SynBitboard rest = refused; rest != 0;)
        out[syn_pop_lsb (&rest)].kind = SYN_REFUSAL_WAITING;
      return;
    }
  if (variant->has_control)
    {
      syn_psc_control (&view, &ctl);
      for (SynBitboard rest = refused; rest != 0;)
        {
          int square = syn_pop_lsb (&rest);
          explain_psc (&view, &ctl, side, square, &out[square]);
        }
      return;
    }
  givers = syn_check_givers (variant, state, side);
  for (SynBitboard rest = refused; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      out[square].kind = givers != 0 ? SYN_REFUSAL_IN_CHECK : SYN_REFUSAL_NO_MOVE;
      out[square].squares = givers;
    }
}

void
syn_refusal_explain (const SynVariant *variant, const SynState *state, SynColour side, int square,
                     SynRefusal *out)
{
  SynRefusal all[64];

  syn_refusal_explain_all (variant, state, side, all);
  *out = all[square];
}
