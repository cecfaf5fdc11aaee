/* psc-frame.c: a PSC search node's restricted game (psc-search-private.h): cells reset,
 * moves added, the first moves chosen (by static score, by the previous equilibrium, by
 * the killer moves of the ply, by the transposition table), and the moves ordered.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-search-private.h"

#include <math.h>

#include "attacks.h"
#include "movegen.h"
#include "psc-eval.h"
#include "search-order.h"
#include "splitmix.h"

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
  int order[SYN_MAX_MOVES] = { 0 };
  SynMove old_moves[SYN_MAX_MOVES];

  syn_search_order_by_payoff (frame->payoff[side], frame->strategy[side], n,
                              side == SYN_WHITE ? 1.0 : -1.0, order);
  for (int i = 0; i < n; i++)
    old_moves[i] = frame->moves[side][i];
  for (int i = 0; i < n; i++)
    frame->moves[side][i] = old_moves[order[i]];
  syn_search_apply_order (order, n, frame->origin[side], frame->payoff[side],
                          frame->strategy[side]);
  frame->n_ordered[side] = n;
  for (int i = 0; i < n; i++)
    {
      frame->rank_of[side][frame->moves[side][i] & 0xFFF] = (uint8_t) i;
      frame->ranked_payoff[side][i] = frame->payoff[side][i];
    }
  if (keep < n)
    frame->n[side] = keep;
}

/* What makes one of side's moves sharp, worked out once for all of them. */
typedef struct
{
  SynBitboard targets;  /* the enemy king, and the enemy pieces side attacks just once */
  SynBitboard uncovers; /* side's pieces alone between its sliders and the enemy king */
  SynBitboard occupied;
} Sharpness;

static void
sharpness_of (const SynPosition *pos, const SynPscControl *ctl, SynColour side, bool kings_only,
              Sharpness *out)
{
  const SynColour them = (SynColour) !side;
  const SynBitboard king = syn_position_pieces (pos, them, SYN_KING);
  const SynBitboard twice = syn_psc_attacked_twice (ctl, side);

  out->occupied = pos->by_colour[SYN_WHITE] | pos->by_colour[SYN_BLACK];
  out->targets = king;
  if (!kings_only)
    out->targets |= ctl->attacked[side] & ~twice & pos->by_colour[them];
  out->uncovers
      = king ? syn_lone_blockers (pos, syn_lsb (king), side, out->occupied) & pos->by_colour[side]
             : 0;
}

/* Whether side's move can change the position sharply in one turn, so that the leaf it
 * leads to may be won or lost outright, which a ranking by quiet payoffs must not hide: it
 * takes, promotes, moves the king, attacks the enemy king or uncovers an attack on it, or
 * makes a second attacker of an enemy piece and freezes it (PSC-R3, R10). */
static inline bool
is_sharp (const SynPosition *pos, SynColour side, const Sharpness *sharp, SynMove move)
{
  const int from = syn_move_from (move), to = syn_move_to (move);
  const SynPieceType type = SYN_PIECE_TYPE (pos->board[from]);
  SynBitboard reached;

  if (pos->board[to] != SYN_NO_PIECE || syn_move_kind (move) == SYN_MOVE_EN_PASSANT
      || syn_move_is_promotion (move) || type == SYN_KING || (sharp->uncovers & syn_bit (from)))
    return true;
  /* Most moves attack no target at all: the squares attacked before are asked only then. */
  reached = syn_piece_attacks (type, side, to, sharp->occupied & ~syn_bit (from)) & sharp->targets;
  return reached && (reached & ~syn_piece_attacks (type, side, from, sharp->occupied)) != 0;
}

/* Where parent ranked move (its index in parent's ordered list), or past its end. */
static int
parent_rank (const Frame *parent, int side, SynMove move)
{
  int i = parent->rank_of[side][move & 0xFFF];
  return i < parent->n_ordered[side] && parent->moves[side][i] == move ? i : SYN_MAX_MOVES;
}

/* Marks in keep the quiet_kept quiet moves of side its parent ranked best: those it ranked
 * among its first 64 by a bit each (a rank names one move), then the rest in list order.
 * A move whose parent payoff ties with the last one kept is kept too: which of two equal
 * moves ranks first depends on the equilibrium the parent found, which may depend on the
 * order of the search; the moves kept must not. */
static void
keep_best_ranked (const Frame *frame, const Frame *parent, int side, int quiet_kept, bool *keep)
{
  int at_rank[64], rest[SYN_MAX_MOVES], n_rest = 0, last = -1;
  uint64_t ranked = 0;

  for (int i = 0; i < frame->n[side]; i++)
    if (!keep[i])
      {
        int rank = parent_rank (parent, side, frame->moves[side][i]);
        if (rank < 64)
          {
            ranked |= 1ULL << rank;
            at_rank[rank] = i;
          }
        else
          rest[n_rest++] = i;
      }
  while (ranked)
    {
      int rank = syn_lsb (ranked);
      if (quiet_kept == 0
          && (last < 0 || parent->ranked_payoff[side][rank] != parent->ranked_payoff[side][last]))
        break;
      ranked &= ranked - 1;
      keep[at_rank[rank]] = true;
      quiet_kept -= quiet_kept > 0;
      last = rank;
    }
  for (int k = 0; k < n_rest && quiet_kept > 0; k++, quiet_kept--)
    keep[rest[k]] = true;
}

/* Marks in keep the first quiet_kept quiet moves of side, in list order, that go where the
 * enemy attacks nothing: stand-ins for a move that changes nothing much. */
static void
keep_first_safe (const Frame *frame, const SynPscControl *ctl, int side, int quiet_kept, bool *keep)
{
  for (int i = 0; i < frame->n[side] && quiet_kept > 0; i++)
    if (!keep[i] && !(ctl->attacked[!side] & syn_bit (syn_move_to (frame->moves[side][i]))))
      {
        keep[i] = true;
        quiet_kept--;
      }
}

uint64_t
psc_frame_cap_horizon (Frame *frame, const Frame *parent, const SynPscControl *ctl, int quiet_kept,
                       bool kings_only)
{
  uint64_t hash = 0;

  for (int side = 0; side < 2; side++)
    {
      Sharpness sharp;
      bool keep[SYN_MAX_MOVES];
      int kept = 0;

      if (frame->n[side] <= quiet_kept || (parent && parent->n_ordered[side] == 0))
        continue;
      sharpness_of (&frame->pos, ctl, (SynColour) side, kings_only, &sharp);
      for (int i = 0; i < frame->n[side]; i++)
        keep[i] = is_sharp (&frame->pos, (SynColour) side, &sharp, frame->moves[side][i]);
      if (parent)
        keep_best_ranked (frame, parent, side, quiet_kept, keep);
      else
        keep_first_safe (frame, ctl, side, quiet_kept, keep);
      for (int i = 0; i < frame->n[side]; i++)
        if (keep[i])
          {
            frame->moves[side][kept] = frame->moves[side][i];
            frame->origin[side][kept] = frame->origin[side][i];
            hash ^= syn_splitmix ((uint64_t) frame->moves[side][i] << 1 | (uint64_t) side);
            kept++;
          }
      frame->n[side] = kept;
    }
  return hash;
}
