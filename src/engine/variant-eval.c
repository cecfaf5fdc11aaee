/* variant-eval.c: the evaluations of variant-eval.h. PSC keeps psc-eval.c; the four
 * orthodox-capture rule sets share one evaluation of material, attacked squares, threats
 * and king safety, with the few terms that differ between them in a table.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "variant-eval.h"

#include "attacks.h"
#include "psc-eval.h"
#include "score.h"
#include "tx-eval.h"

#define CENTRE 0x0000001818000000ULL /* d4, e4, d5, e5 */

#define ATTACKED_SQUARE 2 /* per square a side's pieces reach: room to move and to strike */
#define ATTACKED_CENTRE 4
#define KING_ZONE_ATTACK 10 /* per enemy-attacked square next to the king */
/* Both sides move at once, so a threat is not a capture: the other side may step away or
 * strike first. What the best threat would win counts a part. */
#define THREAT_DIVISOR 3
#define TOKEN_HOLDER 15 /* Hutnik: the holder's move goes first (HUT-R5) */

/* By rank counted from the side's own first rank: the nearer promotion, the more. */
static const int pawn_rank_bonus[8] = { 0, 0, 4, 10, 18, 32, 60, 0 };

typedef struct
{
  SynBitboard by_type[SYN_N_PIECE_TYPES]; /* squares each kind of piece of the side reaches */
  SynBitboard all;
} Reach;

/* The orthodox attacks of us's pieces (captures, not pawn pushes), by kind of attacker. */
static void
side_reach (const SynPosition *pos, SynColour us, Reach *reach)
{
  SynBitboard occupied = syn_position_occupied (pos);

  reach->all = 0;
  for (int type = SYN_PAWN; type <= SYN_KING; type++)
    {
      SynBitboard pieces = syn_position_pieces (pos, us, (SynPieceType) type), set = 0;
      while (pieces)
        {
          int square = syn_pop_lsb (&pieces);
          set |= syn_piece_attacks ((SynPieceType) type, us, square, occupied);
        }
      reach->by_type[type] = set;
      reach->all |= set;
    }
}

/* What us's best capture would win: a piece nobody defends, whole; a defended one, less
 * the cheapest attacker that would be lost for it. */
static int
best_threat (const SynPosition *pos, SynColour us, const Reach *mine, const Reach *theirs)
{
  SynBitboard targets = pos->by_colour[!us] & mine->all & ~pos->by_type[SYN_KING];
  int best = 0;

  while (targets)
    {
      int square = syn_pop_lsb (&targets);
      int gain = syn_psc_piece_values[SYN_PIECE_TYPE (pos->board[square])];
      if (theirs->all & syn_bit (square))
        {
          int attacker = SYN_PAWN;
          while (attacker < SYN_KING && !(mine->by_type[attacker] & syn_bit (square)))
            attacker++;
          gain -= attacker == SYN_KING ? gain : syn_psc_piece_values[attacker];
        }
      if (gain > best)
        best = gain;
    }
  return best;
}

static int
side_score (const SynPosition *pos, SynColour us, const Reach *mine, const Reach *theirs,
            int threat_divisor)
{
  SynBitboard own = pos->by_colour[us], pawns = syn_position_pieces (pos, us, SYN_PAWN);
  SynBitboard king = syn_position_pieces (pos, us, SYN_KING);
  int score = 0;

  for (int type = SYN_PAWN; type < SYN_KING; type++)
    score += syn_popcount (syn_position_pieces (pos, us, (SynPieceType) type))
             * syn_psc_piece_values[type];
  score += ATTACKED_SQUARE * syn_popcount (mine->all & ~own)
           + ATTACKED_CENTRE * syn_popcount (mine->all & CENTRE);
  while (pawns)
    {
      int rank = SYN_RANK_OF (syn_pop_lsb (&pawns));
      score += pawn_rank_bonus[us == SYN_WHITE ? rank : 7 - rank];
    }
  if (king)
    score -= KING_ZONE_ATTACK * syn_popcount (syn_king_attacks (syn_lsb (king)) & theirs->all);
  if (threat_divisor > 0)
    score += best_threat (pos, us, mine, theirs) / threat_divisor;
  return score;
}

int
syn_orthodox_eval_threats (const SynPosition *pos, const int divisor[2])
{
  Reach reach[2];

  side_reach (pos, SYN_WHITE, &reach[SYN_WHITE]);
  side_reach (pos, SYN_BLACK, &reach[SYN_BLACK]);
  return side_score (pos, SYN_WHITE, &reach[SYN_WHITE], &reach[SYN_BLACK], divisor[SYN_WHITE])
         - side_score (pos, SYN_BLACK, &reach[SYN_BLACK], &reach[SYN_WHITE], divisor[SYN_BLACK]);
}

static int
eval_board (const SynPosition *pos, int threat_divisor)
{
  const int divisor[2] = { threat_divisor, threat_divisor };
  return syn_orthodox_eval_threats (pos, divisor);
}

int
syn_orthodox_eval_position (const SynPosition *pos)
{
  return eval_board (pos, THREAT_DIVISOR);
}

/* Synchrone: no threat term. A capture whose target moved captures nothing (SYN-R6), so the
 * threatened piece simply steps away; counting threats lost to the material-only one-step
 * player (55% over 100 games at depth 1, 80% without the term). */
static int
synchrone_eval (const SynVariant *variant, const SynState *state)
{
  (void) variant;
  return eval_board (&state->board, 0);
}

static int
orthodox_eval (const SynVariant *variant, const SynState *state)
{
  (void) variant;
  return syn_orthodox_eval_position (&state->board);
}

/* Hutnik: the orthodox terms and the initiative token. */
static int
hutnik_eval (const SynVariant *variant, const SynState *state)
{
  SynStepInfo info;
  int total = orthodox_eval (variant, state);
  syn_variant_describe (variant, state, &info);
  if (info.token >= 0)
    total += info.token == SYN_WHITE ? TOKEN_HOLDER : -TOKEN_HOLDER;
  return total;
}

static int
psc_eval (const SynVariant *variant, const SynState *state)
{
  (void) variant;
  return syn_psc_eval_position (&state->board);
}

typedef struct
{
  const SynVariant *variant;
  int (*eval) (const SynVariant *variant, const SynState *state);
  int steps_per_turn;
  double score_scale; /* score.h */
  /* NULL: the search sees every step */
  bool (*beyond_sight) (const SynState *state, SynOutcome *assumed);
} Evaluation;

static const Evaluation *
evaluation_of (const SynVariant *variant)
{
  static const Evaluation table[] = {
    { &syn_variant_psc, psc_eval, 1, SYN_SCORE_SCALE_PSC, NULL },
    { &syn_variant_synchrone, synchrone_eval, 1, SYN_SCORE_SCALE_SYNCHRONE, NULL },
    { &syn_variant_hk, orthodox_eval, 1, SYN_SCORE_SCALE_HK, NULL },
    { &syn_variant_hutnik, hutnik_eval, 1, SYN_SCORE_SCALE_HUTNIK, NULL },
    { &syn_variant_transactional, syn_tx_eval, 2, SYN_SCORE_SCALE_TRANSACTIONAL,
      syn_tx_beyond_sight },
  };
  static const Evaluation fallback = { NULL, orthodox_eval, 1, SYN_SCORE_SCALE_PSC, NULL };
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (table[i].variant == variant)
      return &table[i];
  return &fallback;
}

int
syn_variant_eval (const SynVariant *variant, const SynState *state)
{
  return syn_eval_undecided (evaluation_of (variant)->eval (variant, state));
}

int
syn_variant_eval_outcome (SynOutcome outcome)
{
  return syn_psc_eval_outcome (outcome);
}

double
syn_variant_score_scale (const SynVariant *variant)
{
  return evaluation_of (variant)->score_scale;
}

int
syn_variant_steps_per_turn (const SynVariant *variant)
{
  return evaluation_of (variant)->steps_per_turn;
}

bool
syn_variant_beyond_sight (const SynVariant *variant, const SynState *state, SynOutcome *assumed)
{
  const Evaluation *evaluation = evaluation_of (variant);
  assumed->result = SYN_RESULT_NONE;
  assumed->reason = SYN_REASON_NONE;
  return evaluation->beyond_sight && evaluation->beyond_sight (state, assumed);
}

bool
syn_variant_unsettled (const SynVariant *variant, const SynState *state)
{
  SynStepInfo info;
  if (!variant->describe)
    return false;
  syn_variant_describe (variant, state, &info);
  return info.kind == SYN_STEP_BLOWS;
}

int
syn_variant_likeliest_blows (const SynPosition *pos, SynChoice *choices, int n)
{
  int pass = -1, cheapest = -1, cheapest_value = 1 << 20, kept = 0;
  SynChoice keep[2];

  if (n <= 2)
    return n;
  for (int i = 0; i < n; i++)
    {
      SynChoice choice = choices[i];
      if (choice == SYN_CHOICE_NONE || (choice & SYN_CHOICE_PASS))
        pass = pass < 0 ? i : pass;
      else
        {
          SynPiece piece = pos->board[syn_move_from (SYN_CHOICE_MOVE (choice))];
          int value = piece == SYN_NO_PIECE ? 0 : syn_psc_piece_values[SYN_PIECE_TYPE (piece)];
          if (SYN_PIECE_TYPE (piece) == SYN_KING)
            value = 10000;
          if (value < cheapest_value)
            {
              cheapest = i;
              cheapest_value = value;
            }
        }
    }
  if (pass >= 0)
    keep[kept++] = choices[pass];
  if (cheapest >= 0)
    keep[kept++] = choices[cheapest];
  for (int i = 0; i < kept; i++)
    choices[i] = keep[i];
  return kept;
}
