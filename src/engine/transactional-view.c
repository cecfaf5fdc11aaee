/* transactional-view.c: what each side of Transactional Chess sees and is told: its
 * transactional view (TX-R2), its locks and transaction, the events of a step, the
 * announcement of a commit (TX-R8); and, between two programs (TX-R15), the public part of a
 * turn, how the other program follows it, and the player state it holds.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "transactional-private.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "movegen.h"

/* The table's views -------------------------------------------------------------------- */

SynBitboard
syn_tx_visible (const SynState *state, SynColour side)
{
  (void) state, (void) side;
  return ~(SynBitboard) 0;
}

void
syn_tx_choice_to_text (const SynState *state, SynChoice choice, char *buf)
{
  SynMove move = SYN_CHOICE_MOVE (choice);
  unsigned decision = decision_of (choice);
  (void) state;
  if (choice == SYN_CHOICE_NONE)
    {
      strcpy (buf, "-");
      return;
    }
  if (choice & SYN_CHOICE_SEALED)
    strcpy (buf, "?");
  else if (move == SYN_MOVE_NONE)
    strcpy (buf, "pass");
  else
    syn_move_to_text (move, buf);
  if (decision == DECIDE_COMMIT)
    strcat (buf, "/commit");
  else if (decision == DECIDE_ROLLBACK)
    strcat (buf, "/rollback");
}

/* TX-R2: side's transactional view; the en passant squares are public, so every view shows
 * one of them (a position holds one a side). */
void
syn_tx_view (const SynState *state, SynColour side, SynPosition *out)
{
  unsigned files = state->rules.tx.en_passant_files;
  SynColour committer = (SynColour) !state->board.side_to_move;
  syn_tx_build_view (state, side, out);
  out->side_to_move = state->board.side_to_move;
  if (files)
    out->en_passant[committer] = (int8_t) passed_square (committer, __builtin_ctz (files));
}

void
syn_tx_describe (const SynState *state, SynStepInfo *info)
{
  const SynTxState *tx = &state->rules.tx;
  info->kind = SYN_STEP_TX_MOVE;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      info->locked[c] = syn_tx_locks (state, (SynColour) c);
      info->transaction[c] = (tx->hidden & (1u << c)) ? 0 : tx->transaction[c];
      info->pending[c] = tx->n_pending[c];
    }
}

int
syn_tx_events (const SynState *before, SynChoice white, SynChoice black, const SynState *after,
               SynEvent *events)
{
  SynColour us = (SynColour) before->board.side_to_move;
  SynChoice choice = us == SYN_WHITE ? white : black;
  SynMove move = SYN_CHOICE_MOVE (choice);
  unsigned decision = decision_of (choice);
  SynBitboard locked;
  int n = 0;
  (void) after;

  /* A hidden side's turn tells only whether it committed (TX-R8, R15). */
  if (choice & SYN_CHOICE_SEALED)
    {
      if (decision == DECIDE_COMMIT)
        events[n++] = (SynEvent){ SYN_EVENT_COMMIT, (int8_t) us, SYN_NO_SQUARE };
      return n;
    }
  if (move != SYN_MOVE_NONE)
    {
      locked = syn_tx_refusal_squares (move) & syn_tx_locks (before, (SynColour) !us);
      if (locked)
        {
          /* The king's destination first when castling meets two locks. */
          int square
              = (locked & syn_bit (syn_move_to (move))) ? syn_move_to (move) : syn_lsb (locked);
          events[n++] = (SynEvent){ SYN_EVENT_LOCKED, (int8_t) us, (int8_t) square };
          return n;
        }
    }
  else
    events[n++] = (SynEvent){ SYN_EVENT_NO_MOVE, (int8_t) us, SYN_NO_SQUARE };
  if (decision == DECIDE_COMMIT)
    events[n++] = (SynEvent){ SYN_EVENT_COMMIT, (int8_t) us, SYN_NO_SQUARE };
  else if (decision == DECIDE_ROLLBACK)
    events[n++] = (SynEvent){ SYN_EVENT_ROLLBACK, (int8_t) us, SYN_NO_SQUARE };
  return n;
}

/* Paths (TX-R8) ------------------------------------------------------------------------ */

typedef struct
{
  int from, to;
} Path;

/* Plays move on origin, which holds the committed square of side's piece on each square (-1
 * where none stands). */
static void
follow_move (int8_t origin[64], SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  origin[to] = origin[from];
  origin[from] = -1;
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    {
      int rook_from = castling_rook_from (from, to);
      origin[castling_rook_to (from, to)] = origin[rook_from];
      origin[rook_from] = -1;
    }
}

static void
start_paths (const SynPosition *committed, SynColour side, int8_t origin[64])
{
  memset (origin, -1, 64);
  for (SynBitboard own = committed->by_colour[side]; own;)
    {
      int square = syn_pop_lsb (&own);
      origin[square] = (int8_t) square;
    }
}

/* Where each of side's pieces came from, followed along its pending moves and then last (none
 * after a pass). */
static void
follow_paths (const SynPosition *committed, const SynTxState *tx, SynColour side, SynMove last,
              int8_t origin[64])
{
  start_paths (committed, side, origin);
  for (int i = 0; i < tx->n_pending[side]; i++)
    follow_move (origin, tx->pending[side][i]);
  if (last != SYN_MOVE_NONE)
    follow_move (origin, last);
}

/* The same for a hidden side, from the paths its public part told. */
static void
told_paths (const SynPosition *committed, const SynTxState *told, SynColour side, int8_t origin[64])
{
  int n = told->n_told < SYN_TX_MAX_CHANGED ? told->n_told : SYN_TX_MAX_CHANGED;
  start_paths (committed, side, origin);
  for (int i = 0; i < n; i++)
    if (told->told[i][0] >= 0 && told->told[i][0] < 64)
      origin[told->told[i][0]] = -1;
  for (int i = 0; i < n; i++)
    if (told->told[i][1] >= 0 && told->told[i][1] < 64)
      origin[told->told[i][1]] = told->told[i][0];
}

/* The last move of side's turn, read from its pending position and the committed one after:
 * the square it left and the one it reached (the king's when castling moved two pieces). */
static SynMove
last_move_between (const SynPosition *pending, const SynPosition *end, SynColour side)
{
  SynBitboard left = pending->by_colour[side] & ~end->by_colour[side];
  SynBitboard arrived = end->by_colour[side] & ~pending->by_colour[side];

  if (!left || !arrived)
    return SYN_MOVE_NONE;
  if (syn_more_than_one (left))
    {
      SynBitboard king_from = left & pending->by_type[SYN_KING];
      SynBitboard king_to = arrived & end->by_type[SYN_KING];
      if (!king_from || !king_to)
        return SYN_MOVE_NONE;
      return syn_move_make (syn_lsb (king_from), syn_lsb (king_to), SYN_MOVE_CASTLE);
    }
  return syn_move_make (syn_lsb (left), syn_lsb (arrived), SYN_MOVE_PLAIN);
}

/* The pieces whose square changed, by final square from h8 down to a1, so that the order of
 * the moves stays secret. */
static int
changed_paths (const int8_t origin[64], SynBitboard own_after, Path paths[SYN_TX_MAX_CHANGED])
{
  int n = 0;
  for (int square = 63; square >= 0 && n < SYN_TX_MAX_CHANGED; square--)
    if (origin[square] >= 0 && origin[square] != square && (own_after & syn_bit (square)))
      paths[n++] = (Path){ origin[square], square };
  return n;
}

size_t
syn_tx_append (char *buf, size_t size, size_t n, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  n += (size_t) vsnprintf (buf + (n < size ? n : size), n < size ? size - n : 0, format, args);
  va_end (args);
  return n;
}

size_t
syn_tx_append_passed_squares (char *buf, size_t size, size_t n, SynColour side, unsigned files,
                              const char *separator)
{
  for (bool first = true; files; first = false)
    {
      char square[3];
      int file = __builtin_ctz (files);
      files &= files - 1;
      syn_square_to_text (passed_square (side, file), square);
      n = syn_tx_append (buf, size, n, "%s%s", first ? "" : separator, square);
    }
  return n;
}

/* The announcement (TX-R8) ------------------------------------------------------------ */

void
syn_tx_announcement (const SynState *before, const SynState *after, SynColour side, char *buf,
                     size_t size)
{
  static const char letters[] = "PNBRQK";
  SynColour them = (SynColour) !side;
  const SynPosition *start = &before->board, *end = &after->board;
  int8_t origin[64]; /* the committed square of the own piece on each square, or -1 */
  SynBitboard lost, checkers = 0;
  int capture_square = SYN_NO_SQUARE, n_paths;
  bool en_passant = false, uncovered_check;
  Path paths[SYN_TX_MAX_CHANGED];
  size_t n = 0;
  unsigned files;

  /* A hidden committer is paired as its program told (TX-R15); otherwise its pieces are
   * followed along its pending moves and the last move, read from the boards. */
  if (before->rules.tx.hidden & (1u << side))
    told_paths (start, &after->rules.tx, side, origin);
  else
    {
      SynPosition pending;
      syn_tx_build_view (before, side, &pending);
      follow_paths (start, &before->rules.tx, side, last_move_between (&pending, end, side),
                    origin);
    }
  n_paths = changed_paths (origin, end->by_colour[side], paths);
  /* Only the last move captures: on the lost piece's square, or behind it en passant. */
  lost = start->by_colour[them] & ~end->by_colour[them];
  if (lost)
    {
      capture_square = syn_lsb (lost);
      if (!(end->by_colour[side] & syn_bit (capture_square)))
        {
          capture_square += side == SYN_WHITE ? 8 : -8;
          en_passant = true;
        }
    }

  if (end->by_type[SYN_KING] & end->by_colour[them])
    checkers = syn_orthodox_attackers (end, syn_position_king (end, them), side,
                                       syn_position_occupied (end));
  uncovered_check = checkers != 0;
  /* A check that no listed piece gives was uncovered by one: it goes with the last one. */
  for (int i = 0; i < n_paths; i++)
    if (checkers & syn_bit (paths[i].to))
      uncovered_check = false;

  if (size == 0)
    return;
  buf[0] = '\0';
  for (int i = 0; i < n_paths; i++)
    {
      char from[3], to[3];
      SynPieceType was = SYN_PIECE_TYPE (start->board[paths[i].from]);
      SynPieceType is = SYN_PIECE_TYPE (end->board[paths[i].to]);
      bool captured = paths[i].to == capture_square;
      syn_square_to_text (paths[i].from, from);
      syn_square_to_text (paths[i].to, to);
      n = syn_tx_append (buf, size, n, "%s%c%s%c%s", i ? ", " : "", letters[was], from,
                         captured ? 'x' : '-', to);
      if (was != is)
        n = syn_tx_append (buf, size, n, "=%c", letters[is]);
      if (captured && en_passant)
        n = syn_tx_append (buf, size, n, " e.p.");
      if ((checkers & syn_bit (paths[i].to)) || (uncovered_check && i == n_paths - 1))
        n = syn_tx_append (buf, size, n, "+");
    }
  files = after->rules.tx.en_passant_files;
  if (files && after->board.side_to_move == them)
    {
      n = syn_tx_append (buf, size, n, "%se.p. ", n_paths ? "; " : "");
      syn_tx_append_passed_squares (buf, size, n, side, files, ", ");
    }
}

/* The table's announce: what the opponent is told of side's step. A commit ends the
 * transaction (its number moves on) and changes side's committed pieces; a rollback ends it
 * too but changes nothing there, and is never told (TX-R9). A hidden side's number is not
 * known, so its commit is seen in the committed view changing in its turn. */
bool
syn_tx_announce (const SynState *before, const SynState *after, SynColour side, char *buf,
                 size_t size)
{
  bool hidden = (before->rules.tx.hidden & (1u << side)) != 0;
  if (after->board.by_colour[side] == before->board.by_colour[side]
      && after->board.by_colour[!side] == before->board.by_colour[!side]
      && memcmp (after->board.board, before->board.board, sizeof after->board.board) == 0)
    return false;
  if (hidden ? before->board.side_to_move != side
             : after->rules.tx.transaction[side] == before->rules.tx.transaction[side])
    return false;
  syn_tx_announcement (before, after, side, buf, size);
  return buf[0] != '\0';
}

/* Between two programs (TX-R15) --------------------------------------------------------- */

bool
syn_tx_fail (char *error, size_t size, const char *format, ...)
{
  va_list args;
  if (!error || size == 0)
    return false;
  va_start (args, format);
  vsnprintf (error, size, format, args);
  va_end (args);
  return false;
}

void
syn_tx_public_step (const SynState *state, SynChoice choice, SynTxPublicStep *step)
{
  const SynTxState *tx = &state->rules.tx;
  SynColour us = (SynColour) state->board.side_to_move;
  SynMove move = SYN_CHOICE_MOVE (choice);
  SynPosition end = state->board;
  int8_t origin[64];
  Path paths[SYN_TX_MAX_CHANGED];
  uint8_t files;

  memset (step, 0, sizeof *step);
  if (decision_of (choice) != DECIDE_COMMIT)
    return;
  syn_tx_commit (&end, tx, us, move, &files);
  follow_paths (&state->board, tx, us, move, origin);
  step->commit = true;
  step->n_changed = (uint8_t) changed_paths (origin, end.by_colour[us], paths);
  for (int i = 0; i < step->n_changed; i++)
    {
      SynPieceType was = SYN_PIECE_TYPE (state->board.board[paths[i].from]);
      SynPieceType is = SYN_PIECE_TYPE (end.board[paths[i].to]);
      step->changed[i].from = (int8_t) paths[i].from;
      step->changed[i].to = (int8_t) paths[i].to;
      step->changed[i].promotion = (uint8_t) (was != is ? is : 0);
    }
  step->castling = end.castling;
  step->en_passant_files = files;
}
/* The castling rights that can stay after pieces left from and reached to. */
static bool
check_castling (const SynPosition *committed, SynColour them, uint8_t given, uint8_t may_keep,
                char *error, size_t size)
{
  static const char *const rook_homes[4] = { "h1", "a1", "h8", "a8" };
  if (given & ~SYN_CASTLE_ALL)
    return syn_tx_fail (error, size, "castling rights 0x%x are not a set of K, Q, k and q", given);
  for (int right = 0; right < 4; right++)
    {
      unsigned bit = 1u << right;
      bool theirs = (right >= 2) == (them == SYN_BLACK);
      if ((given & bit) && !(committed->castling & bit))
        return syn_tx_fail (error, size, "the castling right %c is gained",
                            syn_tx_castling_letters[right]);
      if ((given & bit) && !(may_keep & bit))
        return syn_tx_fail (error, size,
                            "the castling right %c stays, though its king or rook moved",
                            syn_tx_castling_letters[right]);
      if (theirs && !(given & bit) && (may_keep & bit))
        return syn_tx_fail (error, size, "the castling right %c is lost, though nothing reached %s",
                            syn_tx_castling_letters[right], rook_homes[right]);
    }
  return true;
}

/* TX-R11: each passed square given must be behind one of the committer's pawns that went
 * from its start square two squares on. */
static bool
check_passed_squares (const SynPosition *committed, const SynTxPublicStep *step, SynColour us,
                      char *error, size_t size)
{
  for (unsigned files = step->en_passant_files; files; files &= files - 1)
    {
      int file = __builtin_ctz (files);
      int start = SYN_SQUARE (file, us == SYN_WHITE ? 1 : 6);
      int end = SYN_SQUARE (file, us == SYN_WHITE ? 3 : 4);
      bool found = false;
      char passed[3], from[3], to[3];
      for (int i = 0; i < step->n_changed; i++)
        if (step->changed[i].from == start && step->changed[i].to == end
            && step->changed[i].promotion == 0
            && committed->board[start] == SYN_PIECE (us, SYN_PAWN))
          found = true;
      if (found)
        continue;
      syn_square_to_text (passed_square (us, file), passed);
      syn_square_to_text (start, from);
      syn_square_to_text (end, to);
      return syn_tx_fail (
          error, size, "the en passant square %s is not behind a %s pawn's double step (%s to %s)",
          passed, syn_tx_colour_words[us], from, to);
    }
  return true;
}

/* What the paths of a hidden side's commit add up to, gathered path by path. */
typedef struct
{
  SynBitboard froms, tos, captured;
  SynPiece pieces[SYN_TX_MAX_CHANGED]; /* what each path leaves on its final square */
  uint8_t may_keep;                    /* the castling rights that no path spent */
  int promotions;
  bool resets; /* a pawn moved (TX-R13) */
} FollowedCommit;

/* Checks path i of the hidden side to move's commit against the committed view and the paths
 * before it, and adds it to followed. */
static bool
follow_path (const SynState *state, const SynTxPublicStep *step, int i, FollowedCommit *followed,
             char *error, size_t size)
{
  const SynPosition *committed = &state->board;
  SynColour us = (SynColour) committed->side_to_move, them = (SynColour) !us;
  SynBitboard their_locks = syn_tx_locks (state, them);
  SynBitboard last_rank = us == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  int from = step->changed[i].from, to = step->changed[i].to;
  unsigned promotion = step->changed[i].promotion;
  SynPiece piece, target;
  char a[3], b[3];

  if (from < 0 || from > 63 || to < 0 || to > 63)
    return syn_tx_fail (error, size, "a path leaves the board");
  syn_square_to_text (from, a);
  syn_square_to_text (to, b);
  piece = committed->board[from];
  target = committed->board[to];
  if (piece == SYN_NO_PIECE || SYN_PIECE_COLOUR (piece) != us)
    return syn_tx_fail (error, size, "%s holds no %s piece", a, syn_tx_colour_words[us]);
  if (followed->froms & syn_bit (from))
    return syn_tx_fail (error, size, "two paths start on %s", a);
  if (from == to)
    return syn_tx_fail (error, size, "%s%s does not change square", a, b);
  if (followed->tos & syn_bit (to))
    return syn_tx_fail (error, size, "two %s pieces end on %s", syn_tx_colour_words[us], b);
  /* TX-R5: the move onto it would have been refused. */
  if (their_locks & syn_bit (to))
    return syn_tx_fail (error, size, "%s is locked by %s's pending moves", b,
                        syn_tx_colour_words[them]);
  if (target != SYN_NO_PIECE && SYN_PIECE_COLOUR (target) == them)
    {
      if (SYN_PIECE_TYPE (target) == SYN_KING)
        return syn_tx_fail (error, size, "%s%s would capture the %s king", a, b,
                            syn_tx_colour_words[them]);
      followed->captured |= syn_bit (to);
    }
  if (promotion)
    {
      if (promotion < SYN_KNIGHT || promotion > SYN_QUEEN)
        return syn_tx_fail (error, size,
                            "%s%s promotes to neither a knight, bishop, rook nor queen", a, b);
      if (SYN_PIECE_TYPE (piece) != SYN_PAWN)
        return syn_tx_fail (error, size, "%s%s promotes, but %s holds no pawn", a, b, a);
      if (!(last_rank & syn_bit (to)))
        return syn_tx_fail (error, size, "%s%s promotes, but %s is not on %s's last rank", a, b, b,
                            syn_tx_colour_words[us]);
      followed->promotions++;
      piece = SYN_PIECE (us, promotion);
    }
  else if (SYN_PIECE_TYPE (piece) == SYN_PAWN && (last_rank & syn_bit (to)))
    return syn_tx_fail (error, size, "%s%s leaves a pawn on %s without promoting it", a, b, b);
  /* TX-R11: a pawn reaching the passed square we announced took our pawn behind it. */
  if (SYN_PIECE_TYPE (committed->board[from]) == SYN_PAWN && target == SYN_NO_PIECE
      && (state->rules.tx.en_passant_files & (1u << SYN_FILE_OF (to)))
      && to == passed_square (them, SYN_FILE_OF (to)))
    {
      int victim = to + (them == SYN_WHITE ? 8 : -8);
      if (committed->board[victim] == SYN_PIECE (them, SYN_PAWN))
        followed->captured |= syn_bit (victim);
    }
  if (SYN_PIECE_TYPE (committed->board[from]) == SYN_PAWN)
    followed->resets = true;
  followed->pieces[i] = piece;
  followed->froms |= syn_bit (from);
  followed->tos |= syn_bit (to);
  followed->may_keep &= syn_castling_kept_by (from) & syn_castling_kept_by (to);
  return true;
}

/* Checks the hidden side to move's commit against what this program knows and plays it on
 * board (the committed view). */
static bool
follow_commit (const SynState *state, const SynTxPublicStep *step, SynPosition *board, bool *resets,
               char *error, size_t size)
{
  const SynPosition *committed = &state->board;
  SynColour us = (SynColour) committed->side_to_move, them = (SynColour) !us;
  FollowedCommit followed = { .may_keep = committed->castling };
  SynBitboard stayed;

  if (step->n_changed > SYN_TX_MAX_CHANGED)
    return syn_tx_fail (error, size, "%u pieces changed square, more than %d", step->n_changed,
                        SYN_TX_MAX_CHANGED);
  for (int i = 0; i < step->n_changed; i++)
    if (!follow_path (state, step, i, &followed, error, size))
      return false;
  stayed = committed->by_colour[us] & ~followed.froms & followed.tos;
  if (stayed)
    {
      char name[3];
      syn_square_to_text (syn_lsb (stayed), name);
      return syn_tx_fail (error, size, "two %s pieces end on %s: the one there did not move",
                          syn_tx_colour_words[us], name);
    }
  if (syn_more_than_one (followed.captured))
    {
      char a[3], b[3];
      syn_square_to_text (syn_lsb (followed.captured), a);
      syn_square_to_text (63 - __builtin_clzll (followed.captured), b);
      return syn_tx_fail (error, size,
                          "%s's pieces on %s and %s are captured, but a commit captures once "
                          "(TX-R7a)",
                          syn_tx_colour_words[them], a, b);
    }
  if (followed.promotions > 1)
    return syn_tx_fail (error, size, "%d pawns promote, but a commit promotes once (TX-R7b)",
                        followed.promotions);
  if (!check_castling (committed, them, step->castling, followed.may_keep, error, size)
      || !check_passed_squares (committed, step, us, error, size))
    return false;

  for (int i = 0; i < step->n_changed; i++)
    syn_position_remove (board, step->changed[i].from);
  for (SynBitboard victims = followed.captured; victims;)
    syn_position_remove (board, syn_pop_lsb (&victims));
  for (int i = 0; i < step->n_changed; i++)
    syn_position_put (board, step->changed[i].to, followed.pieces[i]);
  board->castling = step->castling;
  if (followed.resets || followed.captured)
    *resets = true;
  return true;
}

bool
syn_tx_apply_public_step (const SynState *state, const SynTxPublicStep *step, SynState *out,
                          char *error, size_t error_size)
{
  SynColour us = (SynColour) state->board.side_to_move;
  SynState next = *state;
  SynTxState *tx = &next.rules.tx;
  bool resets = false;

  if (!mover_hidden (state))
    return syn_tx_fail (error, error_size,
                        "%s's transaction is known here: its turn is played, not followed from its "
                        "public part",
                        syn_tx_colour_names[us]);
  if (step->commit && !follow_commit (state, step, &next.board, &resets, error, error_size))
    return false;
  syn_tx_end_turn (state, resets, &next);
  /* The committer's transaction number is not known, so it stays (TX-R14's '?'). */
  tx->en_passant_files = step->commit ? step->en_passant_files : 0;
  if (step->commit)
    {
      tx->just_committed = (uint8_t) (1u << us);
      tx->n_told = step->n_changed;
      for (int i = 0; i < step->n_changed; i++)
        {
          tx->told[i][0] = step->changed[i].from;
          tx->told[i][1] = step->changed[i].to;
        }
    }
  *out = next;
  return true;
}
void
syn_tx_player_state (const SynState *state, SynColour side, SynState *out)
{
  SynColour them = (SynColour) !side;
  SynTxState *tx;

  *out = *state;
  tx = &out->rules.tx;
  memset (tx->pending[them], 0, sizeof tx->pending[them]);
  tx->n_pending[them] = 0;
  /* As a player FEN reads it: the number is no more known than the moves. */
  tx->transaction[them] = 0;
  tx->hidden |= (uint8_t) (1u << them);
}
