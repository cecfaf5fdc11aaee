/* psc-frame.c: a PSC search node's restricted game (psc-search-private.h): cells reset,
 * moves added, the first moves chosen (by static score, by the previous equilibrium, by
 * the killer moves of the ply, by the transposition table), and the moves ordered.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-search-private.h"

#include <math.h>

#include "psc-eval.h"
#include "search-order.h"

/* A guess at a move's worth before any search, to pick the first move of a restricted
 * game: what it takes, and what it promotes to. */
static int
static_score (const SynPosition *pos, SynMove move)
{
  SynPiece victim = pos->board[syn_move_to (move)];
  int score = 0;
  if (victim != SYN_NO_PIECE)
    score += 10 * syn_psc_piece_values[SYN_PIECE_TYPE (victim)];
  if (syn_move_is_promotion (move))
    score += 10 * syn_psc_piece_values[syn_move_promotion_type (move)];
  return score;
}

void
psc_frame_reset_cells (Frame *frame)
{
  int n = frame->n[0] * frame->n[1];
  for (int k = 0; k < n; k++)
    {
      frame->lo[k] = -INFINITY;
      frame->hi[k] = INFINITY;
    }
}

void
psc_frame_take_strategies (Frame *frame, double (*restricted)[SYN_MAX_MOVES])
{
  for (int side = 0; side < 2; side++)
    syn_search_unorder_strategy (restricted[side], frame->set[side], frame->n_set[side],
                                 frame->n[side], frame->strategy[side]);
  psc_frame_note_supports (frame);
}

void
psc_frame_note_supports (Frame *frame)
{
  for (int side = 0; side < 2; side++)
    {
      const double *p = frame->strategy[side];
      int last = -1;

      for (int k = 0; k < frame->n_set[side]; k++)
        {
          int j = frame->set[side][k];
          if (p[j] > SUPPORT_EPSILON && (last < 0 || p[j] > p[last]))
            last = j;
        }
      frame->likeliest[side] = last;
      frame->n_support[side] = 0;
      for (int k = 0; k < frame->n_set[side]; k++)
        {
          int j = frame->set[side][k];
          if (p[j] > SUPPORT_EPSILON && j != last)
            frame->support[side][frame->n_support[side]++] = j;
        }
    }
}

void
psc_frame_clear_sets (Frame *frame)
{
  for (int side = 0; side < 2; side++)
    {
      frame->n_set[side] = 0;
      for (int i = 0; i < frame->n[side]; i++)
        frame->in_set[side][i] = false;
    }
}

void
psc_frame_add (Frame *frame, int side, int index)
{
  if (frame->in_set[side][index])
    return;
  frame->in_set[side][index] = true;
  frame->set[side][frame->n_set[side]++] = index;
}

/* Starts the restricted game from each side's most promising move by static score. */
void
psc_frame_seed_statically (Frame *frame)
{
  psc_frame_clear_sets (frame);
  for (int side = 0; side < 2; side++)
    {
      int best = 0, best_score = -1;
      for (int i = 0; i < frame->n[side]; i++)
        {
          int score = static_score (&frame->pos, frame->moves[side][i]);
          if (score > best_score)
            {
              best = i;
              best_score = score;
            }
        }
      psc_frame_add (frame, side, best);
    }
}

/* Starts the restricted game from the supports of frame->strategy. */
void
psc_frame_seed_from_strategy (Frame *frame)
{
  psc_frame_clear_sets (frame);
  for (int side = 0; side < 2; side++)
    {
      for (int i = 0; i < frame->n[side]; i++)
        if (frame->strategy[side][i] > SUPPORT_EPSILON)
          psc_frame_add (frame, side, i);
      if (frame->n_set[side] == 0)
        psc_frame_add (frame, side, 0);
    }
}

/* Starts a one-turn game at ply from the static guess and the killer moves of the ply. */
void
psc_frame_seed_with_killers (SynPscWorkspace *work, Frame *frame, int ply)
{
  psc_frame_seed_statically (frame);
  for (int side = 0; side < 2; side++)
    for (int k = 0; k < KILLERS && work->killers[ply][side][k] != SYN_MOVE_NONE; k++)
      for (int i = 0; i < frame->n[side]; i++)
        if (frame->moves[side][i] == work->killers[ply][side][k])
          psc_frame_add (frame, side, i);
}

/* Keeps the likeliest moves of a one-turn game just solved at ply as its killers. */
void
psc_frame_keep_killers (SynPscWorkspace *work, const Frame *frame, int ply)
{
  for (int side = 0; side < 2; side++)
    {
      SynMove *killers = work->killers[ply][side];
      double p[KILLERS] = { 0 };
      for (int k = 0; k < KILLERS; k++)
        killers[k] = SYN_MOVE_NONE;
      for (int i = 0; i < frame->n[side]; i++)
        {
          double q = frame->strategy[side][i];
          int k = KILLERS;
          while (k > 0 && q > p[k - 1])
            k--;
          if (k == KILLERS || q <= SUPPORT_EPSILON)
            continue;
          for (int j = KILLERS - 1; j > k; j--)
            {
              p[j] = p[j - 1];
              killers[j] = killers[j - 1];
            }
          p[k] = q;
          killers[k] = frame->moves[side][i];
        }
    }
}

/* Adds the supports a shallower search of this node found to its restricted sets. */
void
psc_frame_seed_from_table (Frame *frame, const SynPscTableEntry *entry)
{
  for (int side = 0; side < 2; side++)
    for (int k = 0; k < SYN_PSC_TABLE_SUPPORT && entry->support[side][k] != SYN_MOVE_NONE; k++)
      for (int i = 0; i < frame->n[side]; i++)
        if (frame->moves[side][i] == entry->support[side][k])
          psc_frame_add (frame, side, i);
}

/* Sorts side's moves by their payoff against the other side's equilibrium, best first for
 * that side, and keeps the first keep of them (with their strategy and origin). */
void
psc_frame_order_moves (Frame *frame, int side, int keep)
{
  const int n = frame->n[side];
  int order[SYN_MAX_MOVES];
  SynMove old_moves[SYN_MAX_MOVES];

  syn_search_order_by_payoff (frame->payoff[side], frame->strategy[side], n,
                              side == SYN_WHITE ? 1.0 : -1.0, order);
  for (int i = 0; i < n; i++)
    old_moves[i] = frame->moves[side][i];
  for (int i = 0; i < n; i++)
    frame->moves[side][i] = old_moves[order[i]];
  syn_search_apply_order (order, n, frame->origin[side], frame->payoff[side],
                          frame->strategy[side]);
  if (keep < n)
    frame->n[side] = keep;
}
