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

#include "movegen.h"
#include "variant-eval.h"

#define OTHER_THREAT_DIVISOR 3

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

/* The side whose threats are surest: the opponent of a player state's program, whose hidden
 * turns the search sees as passes (TX-R14) although each of them is a real move that may
 * take what hangs; else the side to move. Its threats count whole, the other side's a
 * third (the piece threatened may step away, or be locked, TX-R5). */
static int
surest_threat_side (const SynState *state)
{
  const SynTxState *tx = &state->rules.tx;
  if (tx->hidden & (1u << SYN_WHITE))
    return SYN_WHITE;
  if (tx->hidden & (1u << SYN_BLACK))
    return SYN_BLACK;
  return state->board.side_to_move;
}

int
syn_tx_eval (const SynVariant *variant, const SynState *state)
{
  SynPosition potential;
  int divisor[2] = { OTHER_THREAT_DIVISOR, OTHER_THREAT_DIVISOR };

  (void) variant;
  potential_view (state, &potential);
  divisor[surest_threat_side (state)] = 1;
  return syn_orthodox_eval_threats (&potential, divisor);
}

bool
syn_tx_beyond_sight (const SynState *state, SynOutcome *assumed)
{
  const SynColour side = state->board.side_to_move;
  SynBitboard king = syn_position_pieces (&state->board, side, SYN_KING);
  SynMove moves[SYN_MAX_MOVES];
  bool attacked;

  assumed->result = SYN_RESULT_NONE;
  assumed->reason = SYN_REASON_NONE;
  if (!(state->rules.tx.hidden & (1u << side)) || !king)
    return false;
  attacked = syn_orthodox_attackers (&state->board, syn_lsb (king), (SynColour) !side,
                                     syn_position_occupied (&state->board))
             != 0;
  /* TX-R12 as the program sees it, the hidden transaction counted empty (TX-R14). */
  if (syn_orthodox_moves (&state->board, moves) == 0)
    {
      if (attacked)
        *assumed = (SynOutcome){ side == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS,
                                 SYN_REASON_CHECKMATE };
      else
        *assumed = (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE };
      return true;
    }
  return attacked;
}
