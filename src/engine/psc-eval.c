/* psc-eval.c: the static evaluation of PSC positions. Every term is computed for each
 * side the same way, relative to that side's own direction, and White's minus Black's is
 * the result, so a position mirrored with its colours swapped scores exactly the negation.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-eval.h"

#include "attacks.h"
#include "psc.h"

const int syn_psc_piece_values[SYN_N_PIECE_TYPES] = { 100, 300, 320, 500, 900, 0 };

/* Control is what PSC is about: it decides where pieces may go and what freezes. Enemy
 * half: room to move forward into. One enemy attacker on the king means one more freezes
 * it and loses the game (PSC-R3, R10), a threat the opponent only has to find one move
 * for; attacks next to the king count two at most per square. A frozen piece (PSC-R3)
 * cannot run: if an enemy piece is free to take it, it is probably lost, else only stuck.
 *
 * The numbers are those tune-psc-eval found (docs/engine-tuning.md; 300 iterations at
 * depth 2, seed 2026), which its SPRT accepted against the hand-set ones: 60.5% over 318
 * games. Those were knight 300, bishop 320, rook 500, queen 900, control 3, 2 and 4,
 * frozen 500 and 125 per mille, king 120 and 8, the three percentages 100, mobility 2. */
const SynPscEvalWeights syn_psc_eval_default_weights = {
  .piece = { 100, 325, 350, 503, 949, 0 },
  .control_square = 7,
  .control_enemy_half = 1,
  .control_centre = 3,
  .frozen_capturable = 664,
  .frozen_stuck = 141,
  .king_attacked_once = 70,
  .king_zone_attack = 3,
  .king_escapes = 16,
  .king_attackers = 161,
  .pawn_advance = 215,
  .mobility_move = 1,
};

#define CENTRE 0x0000001818000000ULL /* d4, e4, d5, e5 */
#define WHITE_HALF 0x00000000FFFFFFFFULL

/* A king with few squares to go to cannot step out of a freeze. */
static const int escape_penalty[9] = { 60, 30, 12, 4, 0, 0, 0, 0, 0 };
/* Enemy pieces bearing on the king's neighbourhood: one alone is little danger; together
 * they can bring the second attacker. */
static const int attacker_penalty[8] = { 0, 0, 15, 40, 80, 130, 190, 260 };
/* By rank counted from the side's own first rank: the nearer promotion, the more. */
static const int pawn_rank_bonus[8] = { 0, 0, 3, 8, 15, 30, 55, 0 };

/* Squares where colour's unfrozen pieces could capture this turn: a piece is capturable
 * only when frozen (the enemy controls its square), and then by any unfrozen enemy piece
 * whose attack set holds it (PSC-R1, R4). */
static inline __attribute__ ((always_inline)) SynBitboard
capture_reach (const SynPosition *pos, const SynPscControl *ctl, SynColour us)
{
  SynBitboard pawns = syn_position_pieces (pos, us, SYN_PAWN) & ~ctl->frozen;
  SynBitboard pieces = pos->by_colour[us] & ~pos->by_type[SYN_PAWN] & ~ctl->frozen;
  SynBitboard forward = syn_shift_forward (pawns, us);
  SynBitboard reach = syn_shift_east (forward) | syn_shift_west (forward);

  /* With none of them frozen, their attack sets' union is where their counts are not zero. */
  if (!(pos->by_colour[us] & ~pos->by_type[SYN_PAWN] & ctl->frozen))
    {
      for (int i = 0; i < SYN_COUNT_BITS; i++)
        reach |= ctl->piece_counts[us][i];
      return reach;
    }
  while (pieces)
    reach |= ctl->attacks[syn_pop_lsb (&pieces)];
  return reach;
}

/* Inlined into syn_psc_eval_static() so that its copies for newer CPUs count with the
 * popcnt instruction (SYN_HOT_CLONES). */
static inline __attribute__ ((always_inline)) void
side_terms (const SynPosition *pos, const SynPscControl *ctl, SynColour us, int n_moves,
            SynBitboard enemy_reach, SynBitboard enemy_twice, const SynPscEvalWeights *w,
            SynPscEvalTerms *terms)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us];
  SynBitboard mine = ctl->control[us];
  SynBitboard ahead = us == SYN_WHITE ? ~WHITE_HALF : WHITE_HALF;
  SynBitboard frozen = own & ctl->frozen & ~pos->by_type[SYN_KING];
  SynBitboard pawns = syn_position_pieces (pos, us, SYN_PAWN);
  SynBitboard attackers = pos->by_colour[them] & ~pos->by_type[SYN_PAWN];
  int king = syn_position_king (pos, us);
  SynBitboard zone = syn_king_attacks (king), near = zone | syn_bit (king);
  int n_attackers = 0, escapes;

  terms->material = 0;
  for (int type = SYN_PAWN; type < SYN_KING; type++)
    terms->material
        += syn_popcount_hot (syn_position_pieces (pos, us, (SynPieceType) type)) * w->piece[type];

  terms->control = w->control_square * syn_popcount_hot (mine)
                   + w->control_enemy_half * syn_popcount_hot (mine & ahead)
                   + w->control_centre * syn_popcount_hot (mine & CENTRE);

  terms->frozen = 0;
  while (frozen)
    {
      int square = syn_pop_lsb (&frozen);
      int value = w->piece[SYN_PIECE_TYPE (pos->board[square])];
      terms->frozen -= value
                       * (enemy_reach & syn_bit (square) ? w->frozen_capturable : w->frozen_stuck)
                       / 1000;
    }

  /* The king's safety in PSC's terms: attacks on its square and around it, and the
   * squares it could step to (PSC-R10: a frozen king loses). */
  terms->king = 0;
  if (ctl->attacked[them] & syn_bit (king))
    terms->king -= w->king_attacked_once;
  terms->king
      -= w->king_zone_attack
         * (syn_popcount_hot (zone & ctl->attacked[them]) + syn_popcount_hot (zone & enemy_twice));
  escapes = syn_popcount_hot (ctl->attacks[king] & mine);
  terms->king -= escape_penalty[escapes] * w->king_escapes / 100;
  while (attackers)
    if (ctl->attacks[syn_pop_lsb (&attackers)] & near)
      n_attackers++;
  terms->king -= attacker_penalty[n_attackers < 7 ? n_attackers : 7] * w->king_attackers / 100;

  terms->pawns = 0;
  while (pawns)
    {
      int rank = SYN_RANK_OF (syn_pop_lsb (&pawns));
      terms->pawns += pawn_rank_bonus[us == SYN_WHITE ? rank : 7 - rank];
    }
  terms->pawns = terms->pawns * w->pawn_advance / 100;

  terms->mobility = w->mobility_move * n_moves;
}

int
syn_psc_eval_static (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2],
                     SynPscEvalTerms *terms)
{
  return syn_psc_eval_weighted (pos, ctl, n_moves, &syn_psc_eval_default_weights, terms);
}

SYN_HOT_CLONES int
syn_psc_eval_weighted (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2],
                       const SynPscEvalWeights *weights, SynPscEvalTerms *terms)
{
  SynPscEvalTerms side[2], local;
  SynBitboard reach[2], twice[2];
  int total;

  if (!terms)
    terms = &local;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      twice[c] = syn_psc_attacked_twice (ctl, (SynColour) c);
      reach[c] = capture_reach (pos, ctl, (SynColour) c);
    }
  side_terms (pos, ctl, SYN_WHITE, n_moves[SYN_WHITE], reach[SYN_BLACK], twice[SYN_BLACK], weights,
              &side[SYN_WHITE]);
  side_terms (pos, ctl, SYN_BLACK, n_moves[SYN_BLACK], reach[SYN_WHITE], twice[SYN_WHITE], weights,
              &side[SYN_BLACK]);

  terms->material = side[SYN_WHITE].material - side[SYN_BLACK].material;
  terms->control = side[SYN_WHITE].control - side[SYN_BLACK].control;
  terms->frozen = side[SYN_WHITE].frozen - side[SYN_BLACK].frozen;
  terms->king = side[SYN_WHITE].king - side[SYN_BLACK].king;
  terms->pawns = side[SYN_WHITE].pawns - side[SYN_BLACK].pawns;
  terms->mobility = side[SYN_WHITE].mobility - side[SYN_BLACK].mobility;
  total = terms->material + terms->control + terms->frozen + terms->king + terms->pawns
          + terms->mobility;
  return syn_eval_undecided (total);
}

int
syn_psc_eval_outcome (SynOutcome outcome)
{
  switch (outcome.result)
    {
    case SYN_RESULT_WHITE_WINS:
      return SYN_EVAL_WIN;
    case SYN_RESULT_BLACK_WINS:
      return -SYN_EVAL_WIN;
    case SYN_RESULT_DRAW:
    case SYN_RESULT_NONE:
    default:
      return 0;
    }
}

int
syn_psc_eval (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2])
{
  SynOutcome outcome = syn_psc_outcome_from_counts (pos, ctl, n_moves);
  if (outcome.result != SYN_RESULT_NONE)
    return syn_psc_eval_outcome (outcome);
  return syn_psc_eval_static (pos, ctl, n_moves, NULL);
}

int
syn_psc_eval_position (const SynPosition *pos)
{
  SynPscControl ctl;
  int n_moves[2];

  syn_psc_control (pos, &ctl);
  n_moves[SYN_WHITE] = syn_psc_count_moves (pos, &ctl, SYN_WHITE);
  n_moves[SYN_BLACK] = syn_psc_count_moves (pos, &ctl, SYN_BLACK);
  return syn_psc_eval (pos, &ctl, n_moves);
}
