/* movegen.h: orthodox chess legal moves, used for perft and by rule sets that follow
 * orthodox legality.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "attacks.h"
#include "move.h"
#include "position.h"

/* Writes the legal moves of the side to move into moves (SYN_MAX_MOVES long); returns how
 * many. */
int syn_orthodox_moves (const SynPosition *pos, SynMove *moves);

/* The position after a legal move of the side to move. */
void syn_orthodox_play (const SynPosition *pos, SynMove move, SynPosition *out);

/* Pieces of colour `by` that attack square, with occupied as the blockers. */
SynBitboard syn_orthodox_attackers (const SynPosition *pos, int square, SynColour by,
                                    SynBitboard occupied);

/* Pieces, of either colour, that stand alone between square and a slider of colour `by`
 * aimed at it: with our king's square and the enemy's sliders, our own among them are
 * pinned; with the enemy king's square and our sliders, ours among them uncover a check
 * when they move. */
static inline SynBitboard
syn_lone_blockers (const SynPosition *pos, int square, SynColour by, SynBitboard occupied)
{
  SynBitboard snipers
      = ((syn_rook_attacks (square, 0) & (pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN]))
         | (syn_bishop_attacks (square, 0) & (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN])))
        & pos->by_colour[by];
  SynBitboard result = 0;

  while (snipers)
    {
      SynBitboard blockers = syn_between (square, syn_pop_lsb (&snipers)) & occupied;
      if (blockers && !syn_more_than_one (blockers))
        result |= blockers;
    }
  return result;
}

/* Whether us's pawn on from may take en passant on to, capturing the pawn on victim, without
 * leaving its king (on king) attacked: two pawns leave the king's rank at once. */
bool syn_orthodox_en_passant_is_legal (const SynPosition *pos, SynColour us, int from, int to,
                                       int victim, int king);

/* Adds to list the castlings us may make by the orthodox conditions (its rights, nothing in
 * between, danger holding the squares the enemy attacks; its king not in check); returns the
 * end of the list. */
SynMove *syn_orthodox_add_castlings (const SynPosition *pos, SynColour us, SynBitboard occupied,
                                     SynBitboard danger, SynMove *list);

/* How many legal moves us has with its knights, bishops, rooks, queens and pawns, when its
 * king (on king) is not in check and pinned holds its pinned pieces: neither king moves,
 * castling nor en passant, which each rule set judges itself. A promotion counts once per
 * piece it may make. */
int syn_orthodox_count_piece_moves (const SynPosition *pos, SynColour us, int king,
                                    SynBitboard pinned);
