/* tx-eval.c: the evaluation of Transactional Chess states. The board of a state is the
 * committed view (TX-R2), where pending moves do not show; but they are where the pieces
 * will stand once committed, and a search that cannot see them finds no worth in a move
 * that is not committed at once. So the orthodox evaluation is taken on the potential view
 * (both sides' pending positions, TX-R2), which holds the same material, since pending moves
 * never capture (TX-R3, R7). In a player state the opponent's transaction is unknown and
 * counts as empty, as the program knows it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "tx-eval.h"

#include "variant-eval.h"

/* Moves side's piece from one square to another on pos, if it is there. */
static void
relocate (SynPosition *pos, SynColour side, int from, int to)
{
  SynPiece piece = pos->board[from];
  if (piece == SYN_NO_PIECE || SYN_PIECE_COLOUR (piece) != side || pos->board[to] != SYN_NO_PIECE)
    return;
  syn_position_remove (pos, from);
  syn_position_put (pos, to, piece);
}

/* The committed view with both sides' pending moves played: plain relocations (castling
 * moves its rook too). */
static void
potential_view (const SynState *state, SynPosition *out)
{
  const SynTxState *tx = &state->rules.tx;
  *out = state->board;
  for (int side = 0; side < 2; side++)
    for (int i = 0; i < tx->n_pending[side] && i < SYN_TX_MAX_PENDING; i++)
      {
        SynMove move = (SynMove) tx->pending[side][i];
        int from = syn_move_from (move), to = syn_move_to (move);
        if (syn_move_kind (move) == SYN_MOVE_CASTLE)
          relocate (out, (SynColour) side, to > from ? from + 3 : from - 4,
                    to > from ? from + 1 : from - 1);
        relocate (out, (SynColour) side, from, to);
      }
}

int
syn_tx_eval (const SynVariant *variant, const SynState *state)
{
  SynPosition potential;
  (void) variant;
  potential_view (state, &potential);
  return syn_orthodox_eval_position (&potential);
}
