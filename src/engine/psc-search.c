/* psc-search.c: a depth-limited search over simultaneous moves. Each node is the matrix
 * game of its two move lists, each cell the backed-up value of the position the pair of
 * moves resolves to; the node's value is that game's equilibrium value.
 *
 * How the work is kept down, and why the answer stays right:
 *
 * - Double oracle (McMahan, Gordon and Blum 2003; for game trees Bosansky et al. 2013).
 *   A node solves the game restricted to a few moves of each side, then asks, over every
 *   move of each side, for the best response to the other's restricted equilibrium. When
 *   neither side has a response better than the restricted value, that equilibrium is an
 *   equilibrium of the whole game: the best responses certify it, exactly as a duality gap
 *   does. Otherwise the best responses join the restricted sets and it goes round again.
 *   Only the cells the restricted strategies use are ever searched, typically a few rows
 *   and columns instead of all m x n. This pruning is exact.
 * - Ordering. A node with two or more turns to go first solves itself one turn deep (a
 *   double oracle over static evaluations, cheap), orders both move lists by their
 *   payoffs against that shallow equilibrium, and starts the deep double oracle from the
 *   shallow supports. At the root, iterative deepening does the same from the previous
 *   depth's results.
 * - Caps on moves below the root, the search's approximations. A node with two or more
 *   turns to go keeps only the best few moves of each side by that one-turn ordering (fewer
 *   the deeper it is). A node one turn from the horizon, two or more turns below the root,
 *   keeps its sharp moves (a capture, a promotion, a king's move, an attack on the enemy
 *   king, a second attacker that freezes a piece: whatever can win or lose outright in a
 *   turn) and the quiet moves its parent's ordering ranked best; the table keys its value
 *   by the moves kept, as another parent may keep others. A move that looks bad one turn
 *   deep and good two turns deep may be missed below the root. A search of three turns or
 *   fewer considers every move at the root, and one two turns deep is exact over all of
 *   them; from four turns on, the root keeps the best dozen of each side by the previous
 *   depth's payoffs, and from five the best six, as a move three turns short of its worth
 *   seldom makes it up in one.
 * - Bounds. A move's payoff against the other side's restricted strategy only has to tell
 *   whether it beats the restricted value; its likeliest cell is searched in a window at
 *   that threshold, and a node searched in a window stops as soon as its best responses
 *   put its value outside (White's best response bounds it from above, Black's from below).
 *   Cells keep an interval, searched again only when a tighter answer is needed; the
 *   restricted game is solved on exact cells only, so the answer stays exact.
 * - A transposition table (Zobrist keys, fixed size in the workspace) keeps each node's
 *   exact value by depth and ply, and its supports to seed the next iteration; the
 *   supports of the last one-turn game at each ply (killer moves) seed its siblings'. The
 *   table outlives the search: the next one, a turn later, finds the supports of the
 *   positions the pair played leads to, a ply nearer the root (their values, found at
 *   another ply, answer only the same ply). Over eight turns of a game searched four turns
 *   deep this saves little (0.2% of the positions); searching a position again saves most.
 * - A time budget, checked every 1024 positions, and the caller's stop flag, checked every
 *   256 (one relaxed atomic load, so that a cancelled search ends within a millisecond).
 *   An iteration cut short keeps what it certified: once a round of the root's double
 *   oracle has taken one side's best responses over all its moves, the other side's
 *   restricted strategy has a guaranteed value at the new depth, and the best such
 *   strategy of each side is kept. The first round starts from the previous depth's
 *   supports, so what it certifies is their equilibrium at the new depth. Under a budget
 *   of positions each iteration first answers the previous depth's strategies themselves,
 *   which are then replaced only by one that guarantees more there.
 *
 * - A leaf where a king is attacked once and has no square to step to that the enemy
 *   does not attack is searched a turn further, when the enemy has a piece that can become
 *   the second attacker. That attacker freezes the king and ends the game (PSC-R3, R10),
 *   which a static score can only guess at; a turn further the attacker is taken, the
 *   line blocked, or the king lost. The turn is searched over the sharp moves of each side
 *   and one quiet move; its own leaves are static. Depth 4 on the bench position hardly
 *   notices it (3.80 M positions without, 3.83 M with); where queens hunt the kings it can
 *   cost 3.6 times as many (7.6 M, 27.7 M), twelve times when kings with a free square
 *   beside them were extended too.
 *
 * Values are White's expected score (score.h): a finished game 1, 1/2 or 0, a leaf its
 * evaluation through the win/draw/loss model; equilibria are solved in that scale.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-search.h"

#include <math.h>
#include <string.h>

#include "attacks.h"
#include "matrix-game.h"
#include "psc-eval.h"
#include "psc.h"
#include "psc-search-private.h"
#include "psc-table.h"
#include "score.h"
#include "search-order.h"
#include "splitmix.h"

size_t
syn_psc_workspace_size (void)
{
  return sizeof (SynPscWorkspace);
}

size_t
syn_psc_workspace_size_for (int threads)
{
  return sizeof (SynPscWorkspace) * (size_t) (threads > 1 ? threads : 1);
}

/* A finished game at ply turns from the root: sooner wins count more, later losses less. */
static double
terminal_value (SynOutcome outcome, int ply)
{
  return syn_score_of_outcome (outcome, ply);
}

/* At the root: side's moves have all been answered against the other side's restricted
 * strategy, whose worst case at this depth is best's payoff. Keeps that strategy when it
 * guarantees more than the one kept so far. */
static void
certify_root (SynPscWorkspace *work, const Frame *frame, int side, int best)
{
  syn_search_certify (&work->cert, side, frame->payoff[side][best], frame->strategy[!side],
                      frame->n[!side], work->certified_strategy[!side]);
}

static double search_node (SynPscWorkspace *work, const SynPosition *pos, int depth, int ply,
                           double alpha, double beta);

static void
table_store (SynPscWorkspace *work, uint64_t key, uint64_t kept, int depth, int ply, double value,
             const Frame *frame)
{
  SynPscTableEntry *entry = syn_psc_table_slot (&work->table, key, depth);
  if (!entry)
    return;
  entry->key = key;
  entry->value = value;
  entry->depth = (int8_t) depth;
  entry->ply = (int8_t) ply;
  entry->kept = kept;
  entry->generation = work->table.generation;
  for (int side = 0; side < 2; side++)
    {
      int n = 0;
      for (int k = 0; k < frame->n_set[side] && n < SYN_PSC_TABLE_SUPPORT; k++)
        {
          int i = frame->set[side][k];
          if (frame->strategy[side][i] > SUPPORT_EPSILON)
            entry->support[side][n++] = frame->moves[side][i];
        }
      while (n < SYN_PSC_TABLE_SUPPORT)
        entry->support[side][n++] = SYN_MOVE_NONE;
    }
}

/* Searches the cell (w, b) of the node at ply, the position the two moves resolve to,
 * child_depth turns further, in the window (alpha, beta), and narrows its interval: a value
 * at or below alpha is an upper bound of the cell, one at or above beta a lower bound, one
 * between them its exact value. */
static void
search_cell (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int w, int b,
             double alpha, double beta)
{
  int k = w * frame->n[1] + b;
  double shift = 0, value;
  SynPosition child;

  if (ply == 0 && work->noise > 0)
    {
      /* The same pair always gets the same noise, whatever the search order. */
      uint64_t key = work->seed ^ ((uint64_t) frame->moves[SYN_WHITE][w] << 16)
                     ^ ((uint64_t) frame->moves[SYN_BLACK][b] << 32);
      /* Noise in centipawns, as a score where the model is steepest (1/2). */
      shift = (2 * syn_splitmix_unit (key) - 1) * work->noise / (4 * SYN_SCORE_SCALE_PSC);
    }
  syn_psc_resolve (&frame->pos, frame->moves[SYN_WHITE][w], frame->moves[SYN_BLACK][b], &child);
  value = search_node (work, &child, child_depth, ply + 1, alpha - shift, beta - shift) + shift;
  if (work->limits.stopped)
    return;
  /* A position evaluated statically has its exact value whatever the window. */
  if (child_depth == 0 || (value > alpha && value < beta))
    frame->lo[k] = frame->hi[k] = value;
  else if (value <= alpha)
    frame->hi[k] = value < frame->hi[k] ? value : frame->hi[k];
  else if (value >= beta)
    frame->lo[k] = value > frame->lo[k] ? value : frame->lo[k];
}

/* The exact value of the cell (w, b). */
double
psc_cell_value (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int w, int b)
{
  int k = w * frame->n[1] + b;
  if (frame->lo[k] != frame->hi[k])
    search_cell (work, frame, ply, child_depth, w, b, -INFINITY, INFINITY);
  return work->limits.stopped ? 0 : frame->hi[k];
}

/* An upper bound of the cell (w, b) for White, a lower one for Black, good enough to tell
 * whether it goes beyond threshold: the exact value when it does. */
static double
cell_bound (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int w, int b, int side,
            double threshold)
{
  int k = w * frame->n[1] + b;
  if (work->plain)
    return psc_cell_value (work, frame, ply, child_depth, w, b);
  if (side == SYN_WHITE)
    {
      if (frame->hi[k] > threshold && frame->lo[k] != frame->hi[k])
        search_cell (work, frame, ply, child_depth, w, b, threshold, INFINITY);
      return frame->hi[k];
    }
  if (frame->lo[k] < threshold && frame->lo[k] != frame->hi[k])
    search_cell (work, frame, ply, child_depth, w, b, -INFINITY, threshold);
  return frame->lo[k];
}

/* side's move i against the other side's restricted strategy: an upper bound of its payoff
 * for White (a lower one for Black) that is exact whenever it beats target. Every cell but
 * the likeliest is searched exactly; the likeliest only as far as it decides that, which is
 * where the bounds save work (Bosansky et al. 2016). */
double
psc_response_payoff (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int side, int i,
                     double target)
{
  const int other = !side, last = frame->likeliest[other];
  double sum = 0, p_last, threshold;

  for (int k = 0; k < frame->n_support[other]; k++)
    {
      int j = frame->support[other][k];
      sum += frame->strategy[other][j]
             * psc_cell_value (work, frame, ply, child_depth, side == SYN_WHITE ? i : j,
                               side == SYN_WHITE ? j : i);
    }
  if (last < 0 || work->limits.stopped)
    return sum;
  /* What the likeliest cell must beat for the move to beat value. */
  p_last = frame->strategy[other][last];
  threshold = (target - sum) / p_last;
  return sum
         + p_last
               * cell_bound (work, frame, ply, child_depth, side == SYN_WHITE ? i : last,
                             side == SYN_WHITE ? last : i, side, threshold);
}

/* side's best response at the node to the other side's restricted strategy: every move's
 * payoff into frame->payoff (as response_payoff(), exact above target); returns the best
 * one's index. */
static int
best_response (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, int side,
               double target)
{
  const double sign = side == SYN_WHITE ? 1.0 : -1.0;
  int best = 0;

  if (ply == 0 && child_depth > 0 && work->threads > 1)
    psc_parallel_responses (work, frame, child_depth, side, target);
  else
    for (int i = 0; i < frame->n[side]; i++)
      frame->payoff[side][i] = psc_response_payoff (work, frame, ply, child_depth, side, i, target);
  for (int i = 0; i < frame->n[side]; i++)
    if (sign * frame->payoff[side][i] > sign * frame->payoff[side][best])
      best = i;
  return best;
}

/* Adds side's best response beyond its restricted set that beats value, if any (payoffs
 * are exact above it). */
static void
add_second_response (Frame *frame, int side, double value, double tolerance)
{
  const double sign = side == SYN_WHITE ? 1.0 : -1.0;
  int best = -1;

  for (int i = 0; i < frame->n[side]; i++)
    if (!frame->in_set[side][i] && sign * frame->payoff[side][i] > sign * value + tolerance
        && (best < 0 || sign * frame->payoff[side][i] > sign * frame->payoff[side][best]))
      best = i;
  if (best >= 0)
    psc_frame_add (frame, side, best);
}

/* Solves the node's game by double oracle from the restricted sets already seeded; leaves
 * the equilibrium in frame->strategy and every move's payoff against it (a bound, for a
 * move that cannot beat the value) in frame->payoff. Returns the value, or, once the best
 * responses show it at or below alpha (at or above beta), that bound, with *exact false.
 * Meaningless once the search was stopped. */
static double
double_oracle (SynPscWorkspace *work, Frame *frame, int ply, int child_depth, double alpha,
               double beta, bool *exact)
{
  const int n_black = frame->n[SYN_BLACK];
  /* Only Black's responses can show a value at or above a finite beta when alpha is
   * unbounded. */
  const int first = alpha == -INFINITY && beta < INFINITY ? SYN_BLACK : SYN_WHITE;
  double value = 0;

  *exact = true;
  for (int round = 0; round <= frame->n[0] + n_black; round++)
    {
      const int *rows = frame->set[SYN_WHITE], *cols = frame->set[SYN_BLACK];
      const int n_rows = frame->n_set[SYN_WHITE], n_cols = frame->n_set[SYN_BLACK];
      SynMatrixGameSolution solution;
      double tolerance, upper, lower;
      int best[2] = { 0, 0 };
      bool grown = false;

      /* Every cell is searched before the restricted game is copied out, as the searches
       * below use the same shared buffers. */
      if (ply == 0 && child_depth > 0 && work->threads > 1)
        psc_parallel_cells (work, frame, child_depth);
      else
        for (int r = 0; r < n_rows; r++)
          for (int c = 0; c < n_cols; c++)
            psc_cell_value (work, frame, ply, child_depth, rows[r], cols[c]);
      if (work->limits.stopped)
        return 0;
      syn_matrix_game_restrict (frame->hi, n_black, rows, n_rows, cols, n_cols, work->restricted);
      syn_matrix_game_solve (work->restricted, n_rows, n_cols, work->restricted_strategy[SYN_WHITE],
                             work->restricted_strategy[SYN_BLACK], &work->lp, &solution);
      value = solution.value;
      /* Above the simplex's rounding, far below a centipawn's worth of score (about 5e-4
       * near 1/2). */
      tolerance = 1e-6 + 1e-12 * fabs (value);

      psc_frame_take_strategies (frame, work->restricted_strategy);

      /* Best responses over every move, against the other side's restricted strategy.
       * The side whose responses alone can settle a one-sided window goes first: when they
       * do, the other side's are never needed. */
      for (int turn = 0; turn < 2; turn++)
        {
          const int side = turn ^ first;
          /* A response matters when it beats the restricted value (the game grows) or the
           * edge of the window (no cut-off); one beating neither may stay a bound. */
          const double target = side == SYN_WHITE ? fmax (value + tolerance, alpha)
                                                  : fmin (value - tolerance, beta);
          best[side] = best_response (work, frame, ply, child_depth, side, target);
          if (work->limits.stopped)
            return 0;
          if (ply == 0)
            certify_root (work, frame, side, best[side]);
          /* White's best response bounds the value from above, Black's from below,
           * whatever the restricted game: enough for a parent that only asks which side of
           * its window the value lies. */
          if (side == SYN_WHITE && frame->payoff[side][best[side]] <= alpha)
            {
              *exact = false;
              return frame->payoff[side][best[side]];
            }
          if (side == SYN_BLACK && frame->payoff[side][best[side]] >= beta)
            {
              *exact = false;
              return frame->payoff[side][best[side]];
            }
        }
      upper = frame->payoff[SYN_WHITE][best[SYN_WHITE]];
      lower = frame->payoff[SYN_BLACK][best[SYN_BLACK]];

      if (upper > value + tolerance && !frame->in_set[SYN_WHITE][best[SYN_WHITE]])
        {
          psc_frame_add (frame, SYN_WHITE, best[SYN_WHITE]);
          grown = true;
        }
      if (lower < value - tolerance && !frame->in_set[SYN_BLACK][best[SYN_BLACK]])
        {
          psc_frame_add (frame, SYN_BLACK, best[SYN_BLACK]);
          grown = true;
        }
      /* At the root each cell is a whole subtree and rounds are few but dear: the second
       * best response that beats the value joins too, which saves rounds more than it
       * costs cells (depth 4 on the bench position: 39.9 M positions -> 29.5 M). */
      if (grown && ply == 0)
        for (int side = 0; side < 2; side++)
          add_second_response (frame, side, value, tolerance);
      if (!grown)
        break;
    }
  return value;
}

/* Moves kept for each side at a node ply turns below the root with two or more turns to
 * go: enough for the few sensible replies a position has, fewer as the tree widens. Five
 * a turn below the root, not seven, and four below that, not five, took depth 4 in 29
 * positions of self-play games from 225 M positions to 128 M: at 1 s a move, from 13 of
 * them to 23 searched 4 turns deep. With the root capped (root_moves_kept()), eight a
 * turn below it cost less than that: at 1 s a move, depth 3 in 3 of the 29, 4 in 20, 5
 * in 6 (1, 18, 10 with five); and against the baseline at 1 s a move it scored 75.8%
 * over 200 games where five scored 66.2%: a misjudged cell next to the root costs more
 * than the sixth turn it buys. */
static int
moves_kept (int ply)
{
  static const int kept[SYN_PSC_MAX_DEPTH] = { SYN_MAX_MOVES, 8, 4, 4, 4, 4, 4, 4 };
  return kept[ply];
}

/* Moves kept for each side at the root of an iteration depth turns deep. Three turns deep
 * every move is still cheap to answer; from four on, answering all of them was most of the
 * work, and the best dozen by the previous depth's payoffs take depth 4 over 29 positions of
 * self-play games from 128 M positions to 50 M (at 1 s a move, 27 of them reach depth 4,
 * 17 to 22 before). Five turns deep the best six by depth 4's payoffs: with a dozen, 1 s
 * a move finished depth 5 in 2 of those positions, with six in 7. */
static int
root_moves_kept (int depth)
{
  return depth >= 5 ? 6 : depth >= 4 ? 12 : SYN_MAX_MOVES;
}

/* Quiet moves kept at a node one turn from the horizon and two or more below the root,
 * besides the sharp ones (psc_frame_cap_horizon()). Capping nodes two turns from the
 * horizon too costs more than it saves: their values, keyed by the moves kept, are then
 * found in the table far less often (depth 4 on the bench position: 8.0 M positions with 12
 * quiet moves kept there, 5.3 M without). */
#define HORIZON_QUIET_KEPT 6

/* Fills the frame's move lists for pos; returns false when the game is over there. */
static void
list_moves (Frame *frame, const SynPosition *pos, const SynPscControl *ctl)
{
  frame->pos = *pos;
  for (int side = 0; side < 2; side++)
    {
      frame->n[side] = syn_psc_moves (pos, ctl, (SynColour) side, frame->moves[side]);
      frame->n_ordered[side] = 0;
      for (int i = 0; i < frame->n[side]; i++)
        frame->origin[side][i] = i;
    }
}

/* Quiet moves kept a turn past the horizon: one stands in for all that change little. */
#define EXTENSION_QUIET_KEPT 1

/* Whether colour, whose king stands on king, can bring a second attacker onto it this turn
 * (a piece of its that does not attack the king yet reaches a square from which it would). */
static bool
threatens_freeze (const SynPosition *pos, const SynPscControl *ctl, SynColour colour, int king)
{
  const SynBitboard occupied = pos->by_colour[SYN_WHITE] | pos->by_colour[SYN_BLACK];
  const SynBitboard free = pos->by_colour[colour] & ~ctl->frozen;
  /* The squares from which a piece of each type attacks the king: those such a piece would
   * attack from the king's square, a pawn's looking the king's side's way. */
  SynBitboard from = syn_pawn_captures ((SynColour) !colour, king);
  const SynBitboard pawns = free & pos->by_type[SYN_PAWN] & ~from;

  /* A pawn by a step forward. */
  if (syn_shift_forward (pawns, colour) & ~occupied & from)
    return true;
  for (int type = SYN_KNIGHT; type <= SYN_KING; type++)
    {
      from = syn_piece_attacks ((SynPieceType) type, colour, king, occupied);
      for (SynBitboard pieces = free & pos->by_type[type] & ~from; pieces;)
        if (ctl->attacks[syn_pop_lsb (&pieces)] & from)
          return true;
    }
  return false;
}

/* Whether the leaf pos at ply is searched a turn further: it lies on the horizon of a search
 * three or more turns deep, a king stands attacked there with no free square beside it by
 * a side that can bring a second attacker, and a frame is left for it. */
static bool
extends (const SynPscWorkspace *work, const SynPosition *pos, const SynPscControl *ctl, int ply)
{
  /* The extension's own leaves lie past the horizon, so they are never extended. */
  if (ply != work->horizon || ply < 3 || ply > SYN_PSC_MAX_DEPTH)
    return false;
  for (int side = 0; side < 2; side++)
    {
      const SynBitboard king = syn_position_pieces (pos, (SynColour) side, SYN_KING);
      SynBitboard refuges;
      if (!(king & ctl->attacked[!side]))
        continue;
      /* A king with a square next to it that the enemy does not attack steps away from the
       * threat, as the static score expects; only one without is in real danger. */
      refuges = syn_king_attacks (syn_lsb (king)) & ~pos->by_colour[side] & ~ctl->attacked[!side];
      if (!refuges && threatens_freeze (pos, ctl, (SynColour) !side, syn_lsb (king)))
        return true;
    }
  return false;
}

/* The leaf pos at ply searched one turn further, over the moves of each side that take,
 * promote, move the king or attack the enemy king, and one quiet move that stands in for
 * the others; with static leaves and a full window, so that its value depends on pos alone
 * and is exact like a static one's. Not kept in the table: a node at this ply with a turn
 * to go is searched otherwise. */
static double
search_extension (SynPscWorkspace *work, const SynPosition *pos, const SynPscControl *ctl, int ply)
{
  Frame *frame = &work->frames[ply];
  bool exact;

  list_moves (frame, pos, ctl);
  psc_frame_cap_horizon (frame, NULL, ctl, EXTENSION_QUIET_KEPT, true);
  psc_frame_reset_cells (frame);
  psc_frame_seed_with_killers (work, frame, ply);
  return double_oracle (work, frame, ply, 0, -INFINITY, INFINITY, &exact);
}

static double
search_node (SynPscWorkspace *work, const SynPosition *pos, int depth, int ply, double alpha,
             double beta)
{
  SynPscControl ctl;
  SynOutcome outcome;
  const SynPscTableEntry *hit;
  SynPscTableEntry previous;
  bool exact, capped;
  Frame *frame;
  uint64_t key, kept;
  double value;
  int n_moves[2];

  syn_search_limits_count (&work->limits);
  if (work->limits.stopped)
    return 0;

  syn_psc_control (pos, &ctl);
  n_moves[SYN_WHITE] = syn_psc_count_moves (pos, &ctl, SYN_WHITE);
  n_moves[SYN_BLACK] = syn_psc_count_moves (pos, &ctl, SYN_BLACK);
  outcome = syn_psc_outcome_from_counts (pos, &ctl, n_moves);
  if (outcome.result != SYN_RESULT_NONE)
    return terminal_value (outcome, ply);
  if (depth == 0 && extends (work, pos, &ctl, ply))
    return search_extension (work, pos, &ctl, ply);
  if (depth == 0)
    return syn_score_of_psc_eval (syn_psc_eval_weighted (pos, &ctl, n_moves, work->weights, NULL));

  frame = &work->frames[ply];
  /* A node one turn from the horizon keeps the moves its parent ranked best: its value is
   * that of the moves kept, and a value in the table answers only for the same, so its
   * moves are listed before the table is asked; any other node's only when it is not. */
  capped = depth == 1 && ply >= 2;
  kept = 0;
  if (capped)
    {
      list_moves (frame, pos, &ctl);
      kept = psc_frame_cap_horizon (frame, &work->frames[ply - 1], &ctl, HORIZON_QUIET_KEPT, false);
    }
  key = work->use_table ? syn_psc_table_key (pos) : 0;
  hit = work->use_table ? syn_psc_table_probe (&work->table, key) : NULL;
  if (hit && hit->ply == ply && hit->depth == depth && hit->kept == kept)
    {
      work->table_hits++;
      return hit->value;
    }
  /* A copy: the searches below may take over the slot. */
  if (hit)
    {
      previous = *hit;
      hit = &previous;
    }
  if (!capped)
    list_moves (frame, pos, &ctl);
  if (depth >= 2)
    {
      /* One turn deep first, to order and cap the moves for the deep search. */
      psc_frame_reset_cells (frame);
      psc_frame_seed_with_killers (work, frame, ply);
      double_oracle (work, frame, ply, 0, -INFINITY, INFINITY, &exact);
      if (work->limits.stopped)
        return 0;
      psc_frame_keep_killers (work, frame, ply);
      psc_frame_order_moves (frame, SYN_WHITE, moves_kept (ply));
      psc_frame_order_moves (frame, SYN_BLACK, moves_kept (ply));
      psc_frame_seed_from_strategy (frame);
      if (hit)
        psc_frame_seed_from_table (frame, hit);
    }
  else
    psc_frame_seed_with_killers (work, frame, ply);
  psc_frame_reset_cells (frame);
  value = double_oracle (work, frame, ply, depth - 1, alpha, beta, &exact);
  if (depth == 1 && !work->limits.stopped)
    psc_frame_keep_killers (work, frame, ply);
  /* Only exact values are kept: a bound answers one window only. */
  if (!work->limits.stopped && work->use_table && exact)
    table_store (work, key, kept, depth, ply, value, frame);
  return value;
}

/* Copies the root frame's equilibrium into result, in result's move order. */
static void
keep_root_result (const Frame *root, double value, int depth, SynPscSearchResult *result)
{
  for (int side = 0; side < 2; side++)
    syn_search_unorder_strategy (root->strategy[side], root->origin[side], root->n[side],
                                 result->n_moves[side], result->strategy[side]);
  result->value = value;
  result->depth = depth;
}

/* The start of an iteration below the first: the previous depth's strategies, still in
 * root->strategy, answered by every move of the other side at the new depth, which
 * certifies them there first. What the iteration certifies later replaces them only when
 * it guarantees more: a cut-short iteration never plays worse, at its depth, than the
 * previous one would have. */
static void
test_previous (SynPscWorkspace *work, Frame *root, int child_depth, double value)
{
  const double tolerance = 1e-6 + 1e-12 * fabs (value);

  psc_frame_note_supports (root);
  for (int side = 0; side < 2; side++)
    {
      const double sign = side == SYN_WHITE ? 1.0 : -1.0;
      int best = best_response (work, root, 0, child_depth, side, value + sign * tolerance);
      if (work->limits.stopped)
        return;
      certify_root (work, root, side, best);
    }
}

/* After an iteration at depth was cut short: each side's certified strategy, if any,
 * replaces the previous depth's in result. */
static void
keep_certified (const SynPscWorkspace *work, const Frame *root, int depth,
                SynPscSearchResult *result)
{
  for (int side = 0; side < 2; side++)
    if (syn_search_take_certified (&work->cert, side, depth, result->partial,
                                   result->partial_guarantee, &result->partial_depth))
      syn_search_unorder_strategy (work->certified_strategy[side], root->origin[side],
                                   root->n[side], 0, result->strategy[side]);
}

/* Readies work for a search within limits. */
static void
start_workspace (SynPscWorkspace *work, const SynPscLimits *limits, const atomic_int *stop)
{
  work->cert.certifying = false;
  work->table_hits = 0;
  memset (work->killers, 0, sizeof work->killers);
  work->plain = limits->plain;
  work->use_table = !limits->no_table && !limits->plain;
  syn_search_limits_start (&work->limits, limits->max_positions, limits->time_ms, stop);
  work->noise = limits->noise;
  work->weights = limits->weights ? limits->weights : &syn_psc_eval_default_weights;
  work->seed = syn_splitmix (limits->seed ^ 0x6E6F697365ULL); /* "noise": apart from the sampling */
  work->threads = limits->threads < 1 ? 1 : limits->threads;
  if (work->threads > SYN_PSC_MAX_THREADS)
    work->threads = SYN_PSC_MAX_THREADS;
  psc_parallel_start (work);
}

/* Whether the iteration about to start first answers the previous depth's strategies:
 * under a budget of positions, whose cut falls where it falls. Under a budget of time the
 * iteration certifies only what its own rounds certify, the first of which already answers
 * the previous depth's supports: answering them apart cost the next depth three times its
 * positions in real positions (a game's sixth move: depth 4 in 1.8 M positions without,
 * not done in 5.2 M with), so that at 1 s most ended at depth 3. */
static bool
answers_previous_first (const SynPscLimits *limits)
{
  return limits->max_positions > 0;
}

bool
syn_psc_search (const SynPosition *pos, const SynPscLimits *limits, SynPscWorkspace *work,
                SynPscSearchResult *result)
{
  return syn_psc_search_stoppable (pos, limits, NULL, work, result);
}

bool
syn_psc_search_stoppable (const SynPosition *pos, const SynPscLimits *limits,
                          const atomic_int *stop, SynPscWorkspace *work, SynPscSearchResult *result)
{
  Frame *root = &work->frames[0];
  SynPscControl ctl;
  int n_moves[2], max_depth = limits->depth;

  start_workspace (work, limits, stop);
  if (max_depth < 1)
    max_depth = 1;
  if (max_depth > SYN_PSC_MAX_DEPTH)
    max_depth = SYN_PSC_MAX_DEPTH;

  syn_psc_control (pos, &ctl);
  n_moves[SYN_WHITE] = syn_psc_count_moves (pos, &ctl, SYN_WHITE);
  n_moves[SYN_BLACK] = syn_psc_count_moves (pos, &ctl, SYN_BLACK);
  result->n_moves[SYN_WHITE] = result->n_moves[SYN_BLACK] = 0;
  result->positions = 1;
  result->table_hits = 0;
  result->depth = 0;
  result->seconds = 0;
  result->stopped = false;
  result->partial_depth = 0;
  result->partial[SYN_WHITE] = result->partial[SYN_BLACK] = false;
  if (syn_psc_outcome_from_counts (pos, &ctl, n_moves).result != SYN_RESULT_NONE)
    return false;

  list_moves (root, pos, &ctl);
  for (int side = 0; side < 2; side++)
    {
      result->n_moves[side] = root->n[side];
      memcpy (result->moves[side], root->moves[side], sizeof (SynMove) * root->n[side]);
      /* What stands when the caller stops the search before depth 1 is done. */
      for (int i = 0; i < root->n[side]; i++)
        result->strategy[side][i] = 1.0 / root->n[side];
    }
  result->value = 0;

  /* Depth 1 runs to the end unless the caller stops it: a move must come out. */
  psc_frame_reset_cells (root);
  psc_frame_seed_statically (root);
  work->horizon = 1;
  {
    bool exact;
    double value = double_oracle (work, root, 0, 0, -INFINITY, INFINITY, &exact);
    if (!work->limits.stopped)
      keep_root_result (root, value, 1, result);
  }

  work->limits.may_stop = limits->time_ms > 0 || limits->max_positions > 0;
  for (int depth = 2; depth <= max_depth && !work->limits.stopped; depth++)
    {
      double value;
      bool exact;
      /* Each depth costs many times the one before; one that cannot finish in the time
       * left is not worth starting. */
      if (limits->time_ms > 0
          && syn_search_now () - work->limits.start > 0.4 * limits->time_ms * 1e-3)
        break;
      /* The caller's table is kept from search to search (psc-table.h); the helpers'
       * serve one search each. */
      if (depth == 2 && work->use_table)
        {
          syn_psc_table_begin (&work->table, work->weights);
          psc_parallel_clear_tables (work);
        }
      psc_frame_order_moves (root, SYN_WHITE, root_moves_kept (depth));
      psc_frame_order_moves (root, SYN_BLACK, root_moves_kept (depth));
      psc_frame_seed_from_strategy (root);
      psc_frame_reset_cells (root);
      work->horizon = depth;
      work->cert.certified[SYN_WHITE] = work->cert.certified[SYN_BLACK] = false;
      work->cert.certifying = work->limits.may_stop;
      if (answers_previous_first (limits))
        test_previous (work, root, depth - 1, result->value);
      value = double_oracle (work, root, 0, depth - 1, -INFINITY, INFINITY, &exact);
      if (work->limits.stopped)
        {
          keep_certified (work, root, depth, result);
          break;
        }
      keep_root_result (root, value, depth, result);
    }

  psc_parallel_finish (work);
  result->positions = work->limits.positions;
  result->table_hits = work->table_hits;
  result->seconds = syn_search_now () - work->limits.start;
  result->stopped = syn_search_limits_cancelled (&work->limits);
  return true;
}
