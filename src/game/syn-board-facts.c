/* syn-board-facts.c: what a board display shows of one position, as one side sees it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-facts"

#include "config.h"

#include "syn-board-facts.h"

#include <string.h>

#include "psc.h"

void
syn_board_facts_compute (SynBoardFacts *facts, const SynVariant *variant, const SynState *state,
                         SynColour viewer, gboolean fog)
{
  SynPscControl ctl;

  memset (facts, 0, sizeof *facts);
  facts->position = state->board;
  facts->viewer = viewer;
  syn_psc_control (&state->board, &ctl);
  /* PSC-R12: without fog every square is in sight. */
  facts->visible = fog ? syn_psc_visible (&ctl, viewer) : ~(SynBitboard) 0;

  for (int square = 0; square < 64; square++)
    {
      if (!(facts->visible & syn_bit (square)))
        {
          if (facts->position.board[square] != SYN_NO_PIECE)
            syn_position_remove (&facts->position, square);
          continue;
        }
      facts->attacks[SYN_WHITE][square] = (guint8) syn_psc_attack_count (&ctl, SYN_WHITE, square);
      facts->attacks[SYN_BLACK][square] = (guint8) syn_psc_attack_count (&ctl, SYN_BLACK, square);
    }
  facts->control[SYN_WHITE] = ctl.control[SYN_WHITE] & facts->visible;
  facts->control[SYN_BLACK] = ctl.control[SYN_BLACK] & facts->visible;
  facts->frozen = ctl.frozen & facts->visible;
  facts->outcome = variant->outcome (state);
  if (facts->outcome.result == SYN_RESULT_NONE)
    facts->n_moves = syn_psc_moves (&state->board, &ctl, viewer, facts->moves);
}

SynBitboard
syn_board_facts_destinations (const SynBoardFacts *facts, int from)
{
  SynBitboard destinations = 0;
  for (int i = 0; i < facts->n_moves; i++)
    if (syn_move_from (facts->moves[i]) == from)
      destinations |= syn_bit (syn_move_to (facts->moves[i]));
  return destinations;
}

SynMove
syn_board_facts_find_move (const SynBoardFacts *facts, int from, int to, SynPieceType promotion)
{
  for (int i = 0; i < facts->n_moves; i++)
    {
      SynMove move = facts->moves[i];
      if (syn_move_from (move) != from || syn_move_to (move) != to)
        continue;
      if (!syn_move_is_promotion (move) || syn_move_promotion_type (move) == promotion)
        return move;
    }
  return SYN_MOVE_NONE;
}

gboolean
syn_board_facts_is_promotion (const SynBoardFacts *facts, int from, int to)
{
  for (int i = 0; i < facts->n_moves; i++)
    if (syn_move_from (facts->moves[i]) == from && syn_move_to (facts->moves[i]) == to)
      return syn_move_is_promotion (facts->moves[i]);
  return FALSE;
}
