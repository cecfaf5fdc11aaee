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

/* The viewer's choices: their moves once each (a Transactional move comes with up to three
 * decisions), the rest as they are. */
static void
add_choices (SynBoardFacts *facts, const SynVariant *variant, const SynState *state,
             SynColour viewer)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, viewer, choices);

  for (int i = 0; i < n; i++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[i]);
      gboolean seen = FALSE;

      if (move == SYN_MOVE_NONE)
        {
          if (facts->n_others < (int) G_N_ELEMENTS (facts->others))
            facts->others[facts->n_others++] = choices[i];
          continue;
        }
      for (int j = facts->n_moves - 1; j >= 0 && !seen; j--)
        seen = facts->moves[j] == move;
      if (!seen && facts->n_moves < SYN_MAX_MOVES)
        facts->moves[facts->n_moves++] = move;
    }
}

void
syn_board_facts_compute (SynBoardFacts *facts, const SynVariant *variant, const SynState *state,
                         SynColour viewer, gboolean fog)
{
  SynPscControl ctl;

  memset (facts, 0, sizeof *facts);
  syn_variant_view (variant, state, viewer, &facts->position);
  facts->viewer = viewer;
  facts->has_control = variant->has_control;
  syn_variant_describe (variant, state, &facts->info);
  syn_psc_control (&facts->position, &ctl);
  /* PSC-R12: without fog every square is in sight. */
  facts->visible = fog ? variant->visible (state, viewer) : ~(SynBitboard) 0;

  for (int square = 0; square < 64; square++)
    {
      if (!(facts->visible & syn_bit (square)))
        {
          if (facts->position.board[square] != SYN_NO_PIECE)
            syn_position_remove (&facts->position, square);
          continue;
        }
      /* PSC-R2's counts drive the heatmap, which means nothing in the other rule sets. */
      if (!facts->has_control)
        continue;
      facts->attacks[SYN_WHITE][square] = (guint8) syn_psc_attack_count (&ctl, SYN_WHITE, square);
      facts->attacks[SYN_BLACK][square] = (guint8) syn_psc_attack_count (&ctl, SYN_BLACK, square);
    }
  if (facts->has_control)
    {
      facts->control[SYN_WHITE] = ctl.control[SYN_WHITE] & facts->visible;
      facts->control[SYN_BLACK] = ctl.control[SYN_BLACK] & facts->visible;
      facts->frozen = ctl.frozen & facts->visible;
    }
  facts->outcome = variant->outcome (state);
  if (facts->outcome.result == SYN_RESULT_NONE)
    add_choices (facts, variant, state, viewer);
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
