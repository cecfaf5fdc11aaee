/* transactional.c: Transactional Chess (rulings TX-R1 to R15): orthodox chess in turns
 * whose moves stay pending, and lock their squares against the opponent, until the player
 * commits or rolls them back.
 *
 * The state's board is the committed view (TX-R2: both sides' committed positions, the
 * committed castling rights, FEN fields 1 to 6); each side's pending moves are in
 * state->rules.tx, and its pending position is its committed one with them replayed.
 * One step is one player turn; the other side waits. A choice is a move (or TX-R6's pass)
 * with the decision that ends the turn; a move onto a square the opponent locks is refused
 * and leaves the state as it was, so the same player chooses again.
 *
 * Between two programs (TX-R15) each holds a player state, the opponent's transaction
 * hidden: it judges only its own turns, and follows the opponent's from their public part.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "transactional.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "fen-fields.h"
#include "movegen.h"

/* The decisions that may end a turn (TX-R7, R9), as a set. */
enum
{
  DECIDE_NEITHER = 1,
  DECIDE_COMMIT = 2,
  DECIDE_ROLLBACK = 4,
  DECIDE_ANY = 7,
};

#define MAX_TRANSACTION 65535

/* Everything a turn's choices and outcome are judged on, worked out once. */
typedef struct
{
  SynPosition view; /* the mover's transactional view (TX-R2), the mover to move */
  SynColour us, them;
  SynBitboard their_locks;      /* TX-R5 */
  bool checked;                 /* TX-R7d: our king is attacked in the committed view */
  bool fifth;                   /* TX-R7: our next move is the transaction's fifth */
  bool all_refused;             /* TX-R6 learned from the opponent's program */
  bool their_king_attacked;     /* in the view, before we move: TX-R10, R7c */
  SynMove moves[SYN_MAX_MOVES]; /* the legal moves in the view (TX-R4), locks not considered */
  int n_moves;
  /* For telling quiet moves that attack their king (TX-R7c) without playing them. */
  int their_king;
  SynBitboard forcing[SYN_N_PIECE_TYPES]; /* destinations that capture or attack their king */
  SynBitboard discoverers;
} Turn;

/* Moves and squares ----------------------------------------------------------------- */

static int
castling_rook_from (int from, int to)
{
  return to > from ? from + 3 : from - 4;
}

static int
castling_rook_to (int from, int to)
{
  return to > from ? from + 1 : from - 1;
}

/* Plays a pending move, a plain relocation of own pieces (TX-R3); castling rights spent by it
 * go, which gives the pending rights of TX-R4. */
static void
relocate (SynPosition *pos, SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynPiece piece = pos->board[from];
  syn_position_remove (pos, from);
  syn_position_put (pos, to, piece);
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    {
      int rook_from = castling_rook_from (from, to);
      syn_position_remove (pos, rook_from);
      syn_position_put (pos, castling_rook_to (from, to),
                        SYN_PIECE (SYN_PIECE_COLOUR (piece), SYN_ROOK));
    }
  pos->castling &= syn_castling_kept_by (from) & syn_castling_kept_by (to);
}

/* TX-R5: the squares a move locks. */
static SynBitboard
move_locks (SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynBitboard locks = syn_bit (from) | syn_bit (to);
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    locks |= syn_bit (castling_rook_from (from, to)) | syn_bit (castling_rook_to (from, to));
  return locks;
}

/* TX-R5: the squares that refuse a move when the opponent locks one of them: its
 * destination, both destinations of castling, the passed square of en passant (which is
 * the move's destination). */
static SynBitboard
refusal_squares (SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynBitboard squares = syn_bit (to);
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    squares |= syn_bit (castling_rook_to (from, to));
  return squares;
}

static SynBitboard
locks_of (const SynTxState *tx, SynColour side)
{
  SynBitboard locks = 0;
  for (int i = 0; i < tx->n_pending[side]; i++)
    locks |= move_locks (tx->pending[side][i]);
  return locks;
}

SynBitboard
syn_tx_locks (const SynState *state, SynColour side)
{
  return locks_of (&state->rules.tx, side);
}

SynBitboard
syn_tx_refusal_squares (SynMove move)
{
  return refusal_squares (move);
}

/* TX-R15: the side to move's transaction is unknown to the program holding state; what that
 * side does is learned from its public part, never judged here. */
static bool
mover_hidden (const SynState *state)
{
  return (state->rules.tx.hidden & (1u << state->board.side_to_move)) != 0;
}

/* TX-R13, the one end a program judges in a hidden side's turn. */
static bool
fifty_turns (const SynState *state)
{
  return state->board.quiet_turns >= 100;
}

/* TX-R13, R15 in a hidden side's turn: the draw is ours to judge unless we just committed,
 * for then its program may see our commit run into a hidden attack (TX-R10), which comes
 * first; it claims whichever end it finds. */
static bool
fifty_turns_seen (const SynState *state)
{
  SynColour us = (SynColour) !state->board.side_to_move;
  return fifty_turns (state) && !(state->rules.tx.just_committed & (1u << us));
}

/* TX-R2: side's pending position with the opponent's committed one. */
static void
build_view (const SynState *state, SynColour side, SynPosition *view)
{
  const SynTxState *tx = &state->rules.tx;
  *view = state->board;
  for (int i = 0; i < tx->n_pending[side]; i++)
    relocate (view, tx->pending[side][i]);
  view->side_to_move = (uint8_t) side;
}

/* The passed square on the given file of the pawns that side (the last committer) may have
 * double-stepped. */
static int
passed_square (SynColour committer, int file)
{
  return SYN_SQUARE (file, committer == SYN_WHITE ? 2 : 5);
}

/* The turn ----------------------------------------------------------------------------- */

/* TX-R11: captures of the pawns the opponent's last commit made eligible, with a pawn beside
 * them in our view and the passed square empty there. */
static int
add_en_passant (const SynState *state, Turn *turn)
{
  const SynPosition *view = &turn->view;
  SynBitboard occupied = syn_position_occupied (view);
  SynBitboard our_pawns = syn_position_pieces (view, turn->us, SYN_PAWN);
  unsigned files = state->rules.tx.en_passant_files;
  int king = syn_position_king (view, turn->us);
  int n = turn->n_moves;

  while (files)
    {
      int file = __builtin_ctz (files);
      int passed = passed_square (turn->them, file);
      int victim = turn->us == SYN_WHITE ? passed - 8 : passed + 8;
      SynBitboard capturers;
      files &= files - 1;
      if ((occupied & syn_bit (passed)) || view->board[victim] != SYN_PIECE (turn->them, SYN_PAWN))
        continue;
      capturers = syn_pawn_captures (turn->them, passed) & our_pawns;
      while (capturers)
        {
          int from = syn_pop_lsb (&capturers);
          SynBitboard after = (occupied ^ syn_bit (from) ^ syn_bit (victim)) | syn_bit (passed);
          SynBitboard attackers = syn_orthodox_attackers (view, king, turn->them, after);
          if ((attackers & ~syn_bit (victim)) == 0)
            turn->moves[n++] = syn_move_make (from, passed, SYN_MOVE_EN_PASSANT);
        }
    }
  return n;
}

static void
analyse_turn (const SynState *state, Turn *turn)
{
  const SynTxState *tx = &state->rules.tx;
  const SynPosition *committed = &state->board;
  SynColour us = (SynColour) committed->side_to_move, them = (SynColour) !us;

  turn->us = us;
  turn->them = them;
  build_view (state, us, &turn->view);
  turn->their_locks = locks_of (tx, them);
  turn->checked = syn_orthodox_attackers (committed, syn_position_king (committed, us), them,
                                          syn_position_occupied (committed))
                  != 0;
  turn->fifth = tx->n_pending[us] >= SYN_TX_MAX_PENDING - 1;
  turn->all_refused = (tx->all_refused & (1u << us)) != 0;
  turn->their_king = syn_position_king (&turn->view, them);
  turn->their_king_attacked = syn_orthodox_attackers (&turn->view, turn->their_king, us,
                                                      syn_position_occupied (&turn->view))
                              != 0;
  turn->n_moves = syn_orthodox_moves (&turn->view, turn->moves);
  if (tx->en_passant_files)
    turn->n_moves = add_en_passant (state, turn);
}

/* Squares from which each of our piece types would attack their king, and our pieces whose
 * leaving their line uncovers an attack on it. */
static void
prepare_checks (Turn *turn)
{
  const SynPosition *view = &turn->view;
  SynBitboard occupied = syn_position_occupied (view);
  SynBitboard ours = view->by_colour[turn->us];
  int king = turn->their_king;
  SynBitboard theirs = view->by_colour[turn->them];
  SynBitboard diagonal = syn_bishop_attacks (king, occupied);
  SynBitboard straight = syn_rook_attacks (king, occupied);

  turn->forcing[SYN_PAWN] = syn_pawn_captures (turn->them, king) | theirs;
  turn->forcing[SYN_KNIGHT] = syn_knight_attacks (king) | theirs;
  turn->forcing[SYN_BISHOP] = diagonal | theirs;
  turn->forcing[SYN_ROOK] = straight | theirs;
  turn->forcing[SYN_QUEEN] = diagonal | straight | theirs;
  turn->forcing[SYN_KING] = theirs;

  turn->discoverers = syn_lone_blockers (view, king, turn->us, occupied) & ours;
}

static bool
attacks_their_king_after (const Turn *turn, SynMove move)
{
  SynPosition after;
  syn_orthodox_play (&turn->view, move, &after);
  return syn_orthodox_attackers (&after, turn->their_king, turn->us, syn_position_occupied (&after))
         != 0;
}

/* TX-R7a to c: does move capture, promote or leave their king attacked in our view? */
static inline bool
forces_commit (const Turn *turn, SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynMoveKind kind = syn_move_kind (move);

  /* Castling, and moves made while their king is attacked already (TX-R10's exception), are
   * rare enough to be played out. */
  if (turn->their_king_attacked || kind == SYN_MOVE_CASTLE)
    return turn->view.board[to] != SYN_NO_PIECE || kind == SYN_MOVE_EN_PASSANT
           || syn_move_is_promotion (move) || attacks_their_king_after (turn, move);
  if (kind != SYN_MOVE_PLAIN)
    return true; /* a promotion or en passant */
  if (turn->forcing[SYN_PIECE_TYPE (turn->view.board[from])] & syn_bit (to))
    return true;
  return (turn->discoverers & syn_bit (from))
         && !(syn_line (turn->their_king, from) & syn_bit (to));
}

/* TX-R7, R9: the decisions allowed after move; needs prepare_checks() unless checked. */
static unsigned
move_decisions (const Turn *turn, SynMove move)
{
  if (turn->checked || forces_commit (turn, move))
    return DECIDE_COMMIT;
  return turn->fifth ? DECIDE_COMMIT | DECIDE_ROLLBACK : DECIDE_ANY;
}

/* TX-R6, R7: the decisions after a pass; a pass is no move, so the five-move limit does not
 * come into it. */
static unsigned
pass_decisions (const Turn *turn)
{
  return turn->checked || turn->their_king_attacked ? DECIDE_COMMIT : DECIDE_ANY;
}

static bool
refused (const Turn *turn, SynMove move)
{
  return (refusal_squares (move) & turn->their_locks) != 0;
}

/* TX-R6: every legal move would be refused. */
static bool
no_move (const Turn *turn)
{
  if (turn->all_refused)
    return true;
  if (turn->their_locks == 0)
    return false;
  for (int i = 0; i < turn->n_moves; i++)
    if (!refused (turn, turn->moves[i]))
      return false;
  return true;
}

static int
count_decisions (unsigned decisions)
{
  return (decisions & 1) + ((decisions >> 1) & 1) + ((decisions >> 2) & 1);
}

/* TX-R10: right after they committed, does one of our pieces attack their king in our view?
 * They have lost then, unless our king is attacked too and no capture of their king leaves
 * ours unattacked. */
static bool
commit_into_hidden_attack (const Turn *turn)
{
  const SynPosition *view = &turn->view;
  SynBitboard occupied = syn_position_occupied (view);
  int their_king = turn->their_king, our_king = syn_position_king (view, turn->us);
  SynBitboard attackers;

  if (!turn->their_king_attacked)
    return false;
  if (syn_orthodox_attackers (view, our_king, turn->them, occupied) == 0)
    return true;
  attackers = syn_orthodox_attackers (view, their_king, turn->us, occupied);
  while (attackers)
    {
      int from = syn_pop_lsb (&attackers);
      int king = from == our_king ? their_king : our_king;
      SynBitboard after = occupied ^ syn_bit (from);
      if ((syn_orthodox_attackers (view, king, turn->them, after) & ~syn_bit (their_king)) == 0)
        return true;
    }
  return false;
}

static SynOutcome
outcome_of_turn (const SynState *state, const Turn *turn)
{
  SynResult we_win = turn->us == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
  SynResult they_win = turn->us == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS;

  if (commit_into_hidden_attack (turn))
    return (SynOutcome){ we_win, SYN_REASON_HIDDEN_ATTACK };
  /* TX-R13, R15: the draw comes when the counter reaches 100, at the end of the turn that
   * took it there, so before this turn's mate or stalemate, which the other program cannot
   * see; TX-R10's hidden attack came within that turn, right after its commit. */
  if (fifty_turns (state))
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS };
  /* TX-R12: judged on two views, the moves in ours, the check in the committed one. */
  if (turn->n_moves == 0)
    return turn->checked ? (SynOutcome){ they_win, SYN_REASON_CHECKMATE }
                         : (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE };
  return (SynOutcome){ SYN_RESULT_NONE, SYN_REASON_NONE };
}

/* How many choices the mover has; the turn must not be over. */
static uint64_t
count_of_turn (Turn *turn)
{
  int forced = 0, free;
  if (no_move (turn))
    return (uint64_t) count_decisions (pass_decisions (turn));
  if (turn->checked)
    return (uint64_t) turn->n_moves;
  prepare_checks (turn);
  for (int i = 0; i < turn->n_moves; i++)
    forced += forces_commit (turn, turn->moves[i]);
  /* A forced commit is one choice, any other move two or three. */
  free = turn->fifth ? 2 : 3;
  return (uint64_t) (turn->n_moves * free - forced * (free - 1));
}

/* The table's functions ------------------------------------------------------------- */

/* A move, or SYN_MOVE_NONE for TX-R6's pass, with the decision that ends the turn; a move
 * that neither commits nor rolls back is a plain move. */
static SynChoice
with_decision (SynMove move, unsigned decision)
{
  SynChoice choice = move == SYN_MOVE_NONE ? SYN_CHOICE_PASS : (SynChoice) move;
  if (decision == DECIDE_COMMIT)
    return choice | SYN_CHOICE_COMMIT;
  if (decision == DECIDE_ROLLBACK)
    return choice | SYN_CHOICE_ROLLBACK;
  return choice;
}

static int
add_choices (SynChoice *choices, int n, SynMove move, unsigned decisions)
{
  for (unsigned d = DECIDE_NEITHER; d <= DECIDE_ROLLBACK; d <<= 1)
    if (decisions & d)
      choices[n++] = with_decision (move, d);
  return n;
}

static int
tx_choices (const SynState *state, SynColour side, SynChoice *choices)
{
  Turn turn;
  int n = 0;

  if (side != state->board.side_to_move)
    return 0;
  /* Its one choice is the one its own program makes (TX-R15). */
  if (mover_hidden (state))
    {
      if (fifty_turns_seen (state))
        return 0;
      choices[0] = SYN_CHOICE_SEALED;
      return 1;
    }
  analyse_turn (state, &turn);
  if (outcome_of_turn (state, &turn).result != SYN_RESULT_NONE)
    return 0;
  if (no_move (&turn))
    return add_choices (choices, 0, SYN_MOVE_NONE, pass_decisions (&turn));
  if (!turn.checked)
    prepare_checks (&turn);
  for (int i = 0; i < turn.n_moves; i++)
    n = add_choices (choices, n, turn.moves[i], move_decisions (&turn, turn.moves[i]));
  return n;
}

static uint64_t
tx_count_joint_choices (const SynState *state)
{
  Turn turn;
  if (mover_hidden (state))
    return fifty_turns_seen (state) ? 0 : 1;
  analyse_turn (state, &turn);
  if (outcome_of_turn (state, &turn).result != SYN_RESULT_NONE)
    return 0;
  return count_of_turn (&turn);
}

static unsigned
decision_of (SynChoice choice)
{
  if (choice & SYN_CHOICE_COMMIT)
    return DECIDE_COMMIT;
  if (choice & SYN_CHOICE_ROLLBACK)
    return DECIDE_ROLLBACK;
  return DECIDE_NEITHER;
}

static uint16_t
next_transaction (uint16_t number)
{
  return number <= MAX_TRANSACTION - 2 ? (uint16_t) (number + 2) : number;
}

/* TX-R8: side's pending moves and its last move (none after a pass) become its committed
 * position. Returns whether the transaction captured or moved a pawn (TX-R13), and sets the
 * files of the pawns it leaves eligible for en passant (TX-R11). */
static bool
commit (SynPosition *board, const SynTxState *tx, SynColour side, SynMove last,
        uint8_t *en_passant_files)
{
  SynBitboard double_stepped = 0;
  bool resets = false;
  int n = tx->n_pending[side];

  for (int i = 0; i <= n; i++)
    {
      SynMove move = i < n ? tx->pending[side][i] : last;
      int from, to;
      if (move == SYN_MOVE_NONE)
        break;
      from = syn_move_from (move);
      to = syn_move_to (move);
      /* A pawn that moves on after its double step is no longer eligible. */
      double_stepped &= ~syn_bit (from);
      if (SYN_PIECE_TYPE (board->board[from]) == SYN_PAWN)
        {
          resets = true;
          if ((from ^ to) == 16)
            double_stepped |= syn_bit (to);
        }
      if (i < n)
        relocate (board, move);
      else
        {
          SynPosition after;
          if (board->board[to] != SYN_NO_PIECE || syn_move_kind (move) == SYN_MOVE_EN_PASSANT)
            resets = true;
          board->side_to_move = (uint8_t) side;
          syn_orthodox_play (board, move, &after);
          *board = after;
          board->en_passant[SYN_WHITE] = SYN_NO_SQUARE;
          board->en_passant[SYN_BLACK] = SYN_NO_SQUARE;
        }
    }
  *en_passant_files = 0;
  while (double_stepped)
    *en_passant_files |= (uint8_t) (1u << SYN_FILE_OF (syn_pop_lsb (&double_stepped)));
  return resets;
}

/* TX-R13: the counters move on and the other side is to move; what the last step learned is
 * forgotten. */
static void
end_turn (const SynState *state, bool resets, SynState *next)
{
  SynColour us = (SynColour) state->board.side_to_move;
  next->step = 0;
  next->rules.tx.all_refused = 0;
  next->rules.tx.just_committed = 0;
  next->rules.tx.n_told = 0;
  memset (next->rules.tx.told, 0, sizeof next->rules.tx.told);
  next->board.quiet_turns = resets ? 0 : syn_counter_next (state->board.quiet_turns);
  if (us == SYN_BLACK)
    next->board.turn_number = syn_counter_next (state->board.turn_number);
  next->board.side_to_move = (uint8_t) !us;
}

static void
tx_apply (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  SynColour us = (SynColour) state->board.side_to_move, them = (SynColour) !us;
  SynChoice choice = us == SYN_WHITE ? white : black;
  SynMove move = SYN_CHOICE_MOVE (choice);
  unsigned decision = decision_of (choice);
  SynState next = *state;
  SynTxState *tx = &next.rules.tx;
  bool resets = false;

  /* TX-R5: a refused move has no effect; the player chooses again. */
  if (move != SYN_MOVE_NONE && (refusal_squares (move) & locks_of (&state->rules.tx, them)))
    {
      *out = next;
      return;
    }
  tx->en_passant_files = 0;
  if (decision == DECIDE_COMMIT)
    resets = commit (&next.board, &state->rules.tx, us, move, &tx->en_passant_files);
  else if (decision == DECIDE_NEITHER && move != SYN_MOVE_NONE)
    {
      if (tx->n_pending[us] < SYN_TX_MAX_PENDING)
        tx->pending[us][tx->n_pending[us]++] = move;
    }
  if (decision != DECIDE_NEITHER)
    {
      memset (tx->pending[us], 0, sizeof tx->pending[us]);
      tx->n_pending[us] = 0;
      if (!(tx->hidden & (1u << us)))
        tx->transaction[us] = next_transaction (tx->transaction[us]);
    }
  /* TX-R13: every turn counts; a commit with a capture or a pawn move starts again. */
  end_turn (state, resets, &next);
  if (decision == DECIDE_COMMIT)
    tx->just_committed = (uint8_t) (1u << us);
  *out = next;
}

/* The count of the states that follow a pass or a move of ours without a commit: the
 * opponent's view then holds only our committed position, so all of them count the same,
 * save when our new locks refuse every move of theirs (TX-R6). */
typedef struct
{
  Turn turn;
  bool over;
  uint64_t count, pass_count;
  SynBitboard targets; /* the refusal squares of their moves, castling aside */
  bool castling;
} Shared;

static void
prepare_shared (const SynState *state, SynColour us, Shared *shared)
{
  SynState rolled_back;
  Turn *turn = &shared->turn;
  SynChoice pass = SYN_CHOICE_PASS | SYN_CHOICE_ROLLBACK;

  tx_apply (state, pass, pass, &rolled_back);
  analyse_turn (&rolled_back, turn);
  shared->over = outcome_of_turn (&rolled_back, turn).result != SYN_RESULT_NONE;
  shared->targets = 0;
  shared->castling = false;
  if (shared->over)
    return;
  shared->count = count_of_turn (turn);
  shared->pass_count = (uint64_t) count_decisions (pass_decisions (turn));
  for (int i = 0; i < turn->n_moves; i++)
    if (syn_move_kind (turn->moves[i]) == SYN_MOVE_CASTLE)
      shared->castling = true;
    else
      shared->targets |= syn_bit (syn_move_to (turn->moves[i]));
}

static uint64_t
shared_count (const Shared *shared, SynBitboard our_locks)
{
  if (shared->over)
    return 0;
  if (shared->targets & ~our_locks)
    return shared->count;
  for (int i = 0; i < shared->turn.n_moves; i++)
    if (!(refusal_squares (shared->turn.moves[i]) & our_locks))
      return shared->count;
  return shared->pass_count;
}

/* A player state (TX-R15) counted the plain way, child by child: the shortcut below would
 * judge the hidden side's turn as if its program were this one. */
static uint64_t
count_after_step_by_playing (const SynState *state)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = tx_choices (state, (SynColour) state->board.side_to_move, choices);
  uint64_t total = 0;
  for (int i = 0; i < n; i++)
    {
      SynState child;
      tx_apply (state, choices[i], choices[i], &child);
      total += tx_count_joint_choices (&child);
    }
  return total;
}

/* sperft's last two levels: one count for every child that does not commit (above), one for
 * the refused moves (their child is the state itself), and one per commit. */
static uint64_t
tx_count_after_step (const SynState *state)
{
  SynColour us = (SynColour) state->board.side_to_move;
  SynBitboard our_locks = locks_of (&state->rules.tx, us);
  Turn turn;
  Shared shared;
  SynState child;
  uint64_t own = 0, total = 0;

  if (state->rules.tx.hidden || state->rules.tx.all_refused)
    return count_after_step_by_playing (state);
  analyse_turn (state, &turn);
  if (outcome_of_turn (state, &turn).result != SYN_RESULT_NONE)
    return 0;
  prepare_shared (state, us, &shared);

  if (no_move (&turn))
    {
      unsigned decisions = pass_decisions (&turn);
      SynChoice pass = SYN_CHOICE_PASS | SYN_CHOICE_COMMIT;
      if (decisions & DECIDE_NEITHER)
        total += shared_count (&shared, our_locks);
      if (decisions & DECIDE_ROLLBACK)
        total += shared_count (&shared, 0);
      tx_apply (state, pass, pass, &child);
      return total + tx_count_joint_choices (&child);
    }

  if (!turn.checked)
    prepare_checks (&turn);
  for (int i = 0; i < turn.n_moves; i++)
    {
      SynMove move = turn.moves[i];
      unsigned decisions = move_decisions (&turn, move);
      if (refused (&turn, move))
        {
          if (own == 0)
            own = count_of_turn (&turn);
          total += (uint64_t) count_decisions (decisions) * own;
          continue;
        }
      if (decisions & DECIDE_NEITHER)
        total += shared_count (&shared, our_locks | move_locks (move));
      if (decisions & DECIDE_ROLLBACK)
        total += shared_count (&shared, 0);
      tx_apply (state, SYN_CHOICE_COMMIT | move, SYN_CHOICE_COMMIT | move, &child);
      total += tx_count_joint_choices (&child);
    }
  return total;
}

static SynOutcome
tx_outcome (const SynState *state)
{
  Turn turn;
  /* TX-R15: the hidden side's mate or stalemate, and its hidden attack after our commit, are
   * judged by its own program. */
  if (mover_hidden (state))
    return fifty_turns_seen (state) ? (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS }
                                    : (SynOutcome){ SYN_RESULT_NONE, SYN_REASON_NONE };
  analyse_turn (state, &turn);
  return outcome_of_turn (state, &turn);
}

/* FEN (TX-R14) ----------------------------------------------------------------------- */

#define N_FIELDS 8

static const char *const colour_names[2] = { "White", "Black" };

/* Field 4: the passed squares of the last commit, which was the side not to move's. */
static bool
read_en_passant (const char *text, size_t len, SynState *state, SynFenError *error)
{
  SynColour committer = (SynColour) !state->board.side_to_move;
  int rank = committer == SYN_WHITE ? 3 : 6;
  int forward = committer == SYN_WHITE ? 8 : -8;

  if (len == 1 && text[0] == '-')
    return true;
  if (len == 0 || len % 2 != 0 || len > 16)
    return syn_fen_fail (error, 4, "'%.*s' is not '-' or a list of squares (like e3 or a3c3)",
                         (int) len, text);
  for (size_t i = 0; i < len; i += 2)
    {
      char name[3] = { text[i], text[i + 1], '\0' };
      int square = syn_square_from_text (name);
      unsigned file_bit;
      if (square == SYN_NO_SQUARE)
        return syn_fen_fail (error, 4, "'%s' is not a square", name);
      if (SYN_RANK_OF (square) + 1 != rank)
        return syn_fen_fail (
            error, 4,
            "%s is not a valid en passant square: %s committed last, so it must be on "
            "rank %d",
            name, colour_names[committer], rank);
      if (state->board.board[square + forward] != SYN_PIECE (committer, SYN_PAWN))
        return syn_fen_fail (
            error, 4, "%s is not a valid en passant square: no %s pawn stands in front of it", name,
            committer == SYN_WHITE ? "white" : "black");
      file_bit = 1u << SYN_FILE_OF (square);
      if (state->rules.tx.en_passant_files & file_bit)
        return syn_fen_fail (error, 4, "%s is given twice", name);
      state->rules.tx.en_passant_files |= (uint8_t) file_bit;
    }
  return true;
}

/* The move of side's pending list given by text (UCI), or SYN_MOVE_NONE after failing: it
 * must take an own piece to a square empty in side's transactional view as built so far. */
static SynMove
read_pending_move (const char *text, size_t len, SynPosition *view, SynColour side, int field,
                   SynFenError *error)
{
  char name[6];
  int from, to;
  SynPiece piece;
  SynMoveKind kind = SYN_MOVE_PLAIN;

  if (len > 5)
    len = 5;
  memcpy (name, text, len);
  name[len] = '\0';
  if (!syn_move_text_is_well_formed (name))
    {
      syn_fen_fail (error, field, "'%s' is not a move in UCI notation (like g1f3)", name);
      return SYN_MOVE_NONE;
    }
  if (len == 5)
    {
      syn_fen_fail (error, field, "%s promotes, but a promotion is committed at once (TX-R7)",
                    name);
      return SYN_MOVE_NONE;
    }
  from = syn_square_from_text (name);
  to = syn_square_from_text (name + 2);
  piece = view->board[from];
  if (piece == SYN_NO_PIECE || SYN_PIECE_COLOUR (piece) != side)
    {
      syn_fen_fail (error, field, "%s moves no %s piece: %.2s holds none in its transactional view",
                    name, side == SYN_WHITE ? "white" : "black", name);
      return SYN_MOVE_NONE;
    }
  if (SYN_PIECE_TYPE (piece) == SYN_KING && from == (side == SYN_WHITE ? 4 : 60)
      && (to == from + 2 || to == from - 2))
    {
      uint8_t right = (uint8_t) ((to > from ? 1 : 2) << (side == SYN_WHITE ? 0 : 2));
      int rook_to = castling_rook_to (from, to);
      if (!(view->castling & right))
        {
          syn_fen_fail (error, field, "%s castles without the castling right (TX-R4)", name);
          return SYN_MOVE_NONE;
        }
      if (view->board[rook_to] != SYN_NO_PIECE)
        {
          syn_fen_fail (
              error, field, "%s castles, but %c%c is not empty in %s's transactional view", name,
              'a' + SYN_FILE_OF (rook_to), '1' + SYN_RANK_OF (rook_to), colour_names[side]);
          return SYN_MOVE_NONE;
        }
      kind = SYN_MOVE_CASTLE;
    }
  if (view->board[to] != SYN_NO_PIECE)
    {
      syn_fen_fail (error, field, "%s: %.2s is not empty in %s's transactional view", name,
                    name + 2, colour_names[side]);
      return SYN_MOVE_NONE;
    }
  if (SYN_PIECE_TYPE (piece) == SYN_PAWN && (syn_bit (to) & (SYN_RANK_1 | SYN_RANK_8)))
    {
      syn_fen_fail (error, field, "%s leaves a pawn on rank %c", name, name[3]);
      return SYN_MOVE_NONE;
    }
  return syn_move_make (from, to, kind);
}

/* Field 7 or 8: "T<n>:" and the pending moves, "T<n>:-", or "?" in a player FEN. */
static bool
read_transaction (const char *text, size_t len, SynColour side, SynState *state, SynFenError *error)
{
  SynTxState *tx = &state->rules.tx;
  int field = 7 + (int) side;
  unsigned number = 0;
  size_t i = 1;
  SynPosition view;

  if (len == 1 && text[0] == '?')
    {
      tx->hidden |= (uint8_t) (1u << side);
      return true;
    }
  if (len < 4 || text[0] != 'T')
    return syn_fen_fail (
        error, field,
        "'%.*s' is not a transaction (T and its number, ':', then '-' or the pending "
        "moves, or '?')",
        (int) (len > 20 ? 20 : len), text);
  for (; i < len && text[i] >= '0' && text[i] <= '9'; i++)
    {
      number = number * 10 + (unsigned) (text[i] - '0');
      if (number > MAX_TRANSACTION)
        return syn_fen_fail (error, field, "the transaction number is larger than %d",
                             MAX_TRANSACTION);
    }
  if (i == 1 || i >= len || text[i] != ':')
    return syn_fen_fail (error, field, "'%.*s' is not T, a number and ':' (like T1:)",
                         (int) (len > 8 ? 8 : len), text);
  if (number == 0 || number % 2 != (side == SYN_WHITE ? 1u : 0u))
    return syn_fen_fail (error, field, "T%u: %s's transactions have %s numbers (TX-R3)", number,
                         colour_names[side], side == SYN_WHITE ? "odd" : "even");
  tx->transaction[side] = (uint16_t) number;
  i++;
  if (len - i == 1 && text[i] == '-')
    return true;

  build_view (state, side, &view);
  while (i < len)
    {
      size_t end = i;
      SynMove move;
      while (end < len && text[end] != ',')
        end++;
      if (tx->n_pending[side] == SYN_TX_MAX_PENDING)
        return syn_fen_fail (error, field, "more than %d pending moves (TX-R3)",
                             SYN_TX_MAX_PENDING);
      move = read_pending_move (text + i, end - i, &view, side, field, error);
      if (move == SYN_MOVE_NONE)
        return false;
      relocate (&view, move);
      tx->pending[side][tx->n_pending[side]++] = move;
      if (end < len && end + 1 == len)
        return syn_fen_fail (error, field, "a ',' ends the list of moves");
      i = end + 1;
    }
  return true;
}

static bool
tx_read_state (const char *fen, SynState *state, SynFenError *error)
{
  const char *starts[N_FIELDS];
  size_t lengths[N_FIELDS];
  char board_fen[SYN_FEN_MAX_INPUT + 8];
  int n_fields = 0;
  SynTxState *tx = &state->rules.tx;
  SynColour committer;
  SynBitboard shared_locks;

  memset (state, 0, sizeof *state);
  syn_position_clear (&state->board);
  if (!syn_fen_split (fen, N_FIELDS, starts, lengths, &n_fields, error))
    return false;
  if (n_fields < 4)
    return syn_fen_fail (error, n_fields + 1, "missing (a FEN has at least 4 fields, found %d)",
                         n_fields);
  if (n_fields == 7)
    return syn_fen_fail (error, 8, "missing (fields 7 and 8, the two transactions, come together)");

  /* Fields 1 to 6 as the board reader knows them, field 4 read below. */
  snprintf (board_fen, sizeof board_fen, "%.*s %.*s %.*s - %.*s %.*s", (int) lengths[0], starts[0],
            (int) lengths[1], starts[1], (int) lengths[2], starts[2],
            n_fields > 4 ? (int) lengths[4] : 0, n_fields > 4 ? starts[4] : "",
            n_fields > 5 ? (int) lengths[5] : 0, n_fields > 5 ? starts[5] : "");
  if (!syn_fen_parse (board_fen, SYN_FEN_PSC, &state->board, error))
    return false;
  state->board.side_to_move = starts[1][0] == 'w' ? SYN_WHITE : SYN_BLACK;
  if (!read_en_passant (starts[3], lengths[3], state, error))
    return false;

  if (n_fields == N_FIELDS)
    {
      if (!read_transaction (starts[6], lengths[6], SYN_WHITE, state, error)
          || !read_transaction (starts[7], lengths[7], SYN_BLACK, state, error))
        return false;
      if (tx->hidden == 3)
        return syn_fen_fail (error, 8, "both transactions are '?'; a player FEN hides only one");
    }
  else
    {
      /* As if every turn so far had ended in a commit. */
      unsigned turn = state->board.turn_number;
      unsigned white = 2 * turn + (state->board.side_to_move == SYN_WHITE ? 0u : 2u) - 1;
      tx->transaction[SYN_WHITE] = (uint16_t) (white > MAX_TRANSACTION ? MAX_TRANSACTION : white);
      tx->transaction[SYN_BLACK]
          = (uint16_t) (2 * turn > MAX_TRANSACTION - 1 ? MAX_TRANSACTION - 1 : 2 * turn);
    }

  shared_locks = locks_of (tx, SYN_WHITE) & locks_of (tx, SYN_BLACK);
  if (shared_locks)
    {
      char name[3];
      syn_square_to_text (syn_lsb (shared_locks), name);
      return syn_fen_fail (error, 8, "White and Black both lock %s (TX-R5)", name);
    }
  committer = (SynColour) !state->board.side_to_move;
  if (tx->en_passant_files && tx->n_pending[committer])
    return syn_fen_fail (
        error, 4,
        "en passant squares follow a commit, but %s, who committed last, has pending "
        "moves",
        colour_names[committer]);
  return true;
}

static size_t
write_transaction (const SynState *state, SynColour side, bool hide, char *buf, size_t size)
{
  const SynTxState *tx = &state->rules.tx;
  size_t n;
  if (hide || (tx->hidden & (1u << side)))
    return (size_t) snprintf (buf, size, " ?");
  n = (size_t) snprintf (buf, size, " T%u:", (unsigned) tx->transaction[side]);
  if (tx->n_pending[side] == 0)
    return n + (size_t) snprintf (buf + n, size > n ? size - n : 0, "-");
  for (int i = 0; i < tx->n_pending[side]; i++)
    {
      char text[SYN_MOVE_TEXT_SIZE];
      syn_move_to_text (tx->pending[side][i], text);
      n += (size_t) snprintf (buf + n, size > n ? size - n : 0, "%s%s", i ? "," : "", text);
    }
  return n;
}

/* Writes the FEN, with side's opponent's transaction hidden when hide_from is a colour. */
static void
write_fen (const SynState *state, int hide_from, char *buf, size_t size)
{
  char board[SYN_FEN_MAX_SIZE], en_passant[17];
  unsigned files = state->rules.tx.en_passant_files;
  SynColour committer = (SynColour) !state->board.side_to_move;
  const char *fields[6];
  size_t n = 0;
  char *p = board;

  syn_fen_write (&state->board, SYN_FEN_ORTHODOX, board, sizeof board);
  for (int i = 0; i < 6; i++)
    {
      fields[i] = p;
      while (*p && *p != ' ')
        p++;
      if (*p)
        *p++ = '\0';
    }
  while (files)
    {
      int file = __builtin_ctz (files);
      files &= files - 1;
      syn_square_to_text (passed_square (committer, file), en_passant + n);
      n += 2;
    }
  if (n == 0)
    en_passant[n++] = '-';
  en_passant[n] = '\0';
  n = (size_t) snprintf (buf, size, "%s %s %s %s %s %s", fields[0], fields[1], fields[2],
                         en_passant, fields[4], fields[5]);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    n += write_transaction (state, (SynColour) c, hide_from == !c, buf + (n < size ? n : size),
                            n < size ? size - n : 0);
}

static void
tx_write_state (const SynState *state, char *buf, size_t size)
{
  write_fen (state, -1, buf, size);
}

/* TX-R14: the player FEN, the opponent's transaction as '?'. */
static void
tx_write_view_state (const SynState *state, SynColour side, char *buf, size_t size)
{
  write_fen (state, (int) side, buf, size);
}

/* The rest of the table ---------------------------------------------------------------- */

static SynBitboard
tx_visible (const SynState *state, SynColour side)
{
  (void) state, (void) side;
  return ~(SynBitboard) 0;
}

static void
tx_choice_to_text (const SynState *state, SynChoice choice, char *buf)
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
static void
tx_view (const SynState *state, SynColour side, SynPosition *out)
{
  unsigned files = state->rules.tx.en_passant_files;
  SynColour committer = (SynColour) !state->board.side_to_move;
  build_view (state, side, out);
  out->side_to_move = state->board.side_to_move;
  if (files)
    out->en_passant[committer] = (int8_t) passed_square (committer, __builtin_ctz (files));
}

static void
tx_describe (const SynState *state, SynStepInfo *info)
{
  const SynTxState *tx = &state->rules.tx;
  info->kind = SYN_STEP_TX_MOVE;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      info->locked[c] = locks_of (tx, (SynColour) c);
      info->transaction[c] = (tx->hidden & (1u << c)) ? 0 : tx->transaction[c];
      info->pending[c] = tx->n_pending[c];
    }
}

static int
tx_events (const SynState *before, SynChoice white, SynChoice black, const SynState *after,
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
      locked = refusal_squares (move) & locks_of (&before->rules.tx, (SynColour) !us);
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

/* Appends to buf, which holds size bytes of which n are written; returns the new n. */
__attribute__ ((format (printf, 4, 5))) static size_t
append (char *buf, size_t size, size_t n, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  n += (size_t) vsnprintf (buf + (n < size ? n : size), n < size ? size - n : 0, format, args);
  va_end (args);
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
      build_view (before, side, &pending);
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
      n = append (buf, size, n, "%s%c%s%c%s", i ? ", " : "", letters[was], from,
                  captured ? 'x' : '-', to);
      if (was != is)
        n = append (buf, size, n, "=%c", letters[is]);
      if (captured && en_passant)
        n = append (buf, size, n, " e.p.");
      if ((checkers & syn_bit (paths[i].to)) || (uncovered_check && i == n_paths - 1))
        n = append (buf, size, n, "+");
    }
  files = after->rules.tx.en_passant_files;
  if (files && after->board.side_to_move == them)
    {
      n = append (buf, size, n, "%se.p. ", n_paths ? "; " : "");
      for (bool first = true; files; first = false)
        {
          char square[3];
          int file = __builtin_ctz (files);
          files &= files - 1;
          syn_square_to_text (passed_square (side, file), square);
          n = append (buf, size, n, "%s%s", first ? "" : ", ", square);
        }
    }
}

/* The table's announce: what the opponent is told of side's step. A commit ends the
 * transaction (its number moves on) and changes side's committed pieces; a rollback ends it
 * too but changes nothing there, and is never told (TX-R9). A hidden side's number is not
 * known, so its commit is seen in the committed view changing in its turn. */
static bool
tx_announce (const SynState *before, const SynState *after, SynColour side, char *buf, size_t size)
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

static const char *const colour_words[2] = { "white", "black" };
static const char castling_letters[] = "KQkq";
static const char promotion_letters[] = " nbrq";

__attribute__ ((format (printf, 3, 4))) static bool
fail (char *error, size_t size, const char *format, ...)
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
  commit (&end, tx, us, move, &files);
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

void
syn_tx_public_step_to_text (const SynTxPublicStep *step, SynColour side, char *buf, size_t size)
{
  unsigned files = step->en_passant_files;
  int n_changed = step->n_changed < SYN_TX_MAX_CHANGED ? step->n_changed : SYN_TX_MAX_CHANGED;
  size_t n;

  if (size == 0)
    return;
  if (!step->commit)
    {
      snprintf (buf, size, "-");
      return;
    }
  n = append (buf, size, 0, "commit %s", n_changed ? "" : "-");
  for (int i = 0; i < n_changed; i++)
    {
      char from[3], to[3];
      unsigned promotion = step->changed[i].promotion;
      syn_square_to_text (step->changed[i].from, from);
      syn_square_to_text (step->changed[i].to, to);
      n = append (buf, size, n, "%s%s%s", i ? "," : "", from, to);
      if (promotion >= SYN_KNIGHT && promotion <= SYN_QUEEN)
        n = append (buf, size, n, "%c", promotion_letters[promotion]);
    }
  n = append (buf, size, n, " ");
  for (int right = 0; right < 4; right++)
    if (step->castling & (1u << right))
      n = append (buf, size, n, "%c", castling_letters[right]);
  n = append (buf, size, n, "%s ", (step->castling & SYN_CASTLE_ALL) ? "" : "-");
  if (!files)
    n = append (buf, size, n, "-");
  for (bool first = true; files; first = false)
    {
      char square[3];
      int file = __builtin_ctz (files);
      files &= files - 1;
      syn_square_to_text (passed_square (side, file), square);
      n = append (buf, size, n, "%s%s", first ? "" : ",", square);
    }
}

/* The end of the word that starts at text: a space or the end of the text. */
static size_t
word_length (const char *text)
{
  size_t len = 0;
  while (text[len] && text[len] != ' ')
    len++;
  return len;
}

/* PAIRS: "-" or "e7e5,d8h4" ordered by final square from h8 down to a1, "b7a8q" a
 * promotion. */
static bool
read_pairs (const char **text, SynTxPublicStep *step, char *error, size_t size)
{
  const char *p = *text;
  SynBitboard froms = 0;

  if (p[0] == '-' && (p[1] == ' ' || p[1] == '\0'))
    {
      *text = p + 1;
      return true;
    }
  for (;;)
    {
      int from = syn_square_from_text (p), to;
      unsigned promotion = 0;
      char from_name[3], to_name[3];
      if (step->n_changed == SYN_TX_MAX_CHANGED)
        return fail (error, size, "more than %d pieces changed square", SYN_TX_MAX_CHANGED);
      to = from == SYN_NO_SQUARE ? SYN_NO_SQUARE : syn_square_from_text (p + 2);
      if (to == SYN_NO_SQUARE)
        return fail (error, size,
                     "'%.*s' is not '-' or a piece's path (two squares, like e7e5, and a "
                     "promotion's letter, like b7a8q)",
                     (int) (word_length (p) > 12 ? 12 : word_length (p)), p);
      p += 4;
      if (*p && *p != ',' && *p != ' ')
        {
          const char *letter = strchr (promotion_letters + 1, *p);
          if (!letter)
            return fail (error, size,
                         "'%c' after %.4s is not a promotion letter (q, r, b or n, lower-case)", *p,
                         p - 4);
          promotion = (unsigned) (letter - promotion_letters);
          p++;
        }
      syn_square_to_text (from, from_name);
      syn_square_to_text (to, to_name);
      if (from == to)
        return fail (error, size, "%s%s does not change square", from_name, to_name);
      if (froms & syn_bit (from))
        return fail (error, size, "two paths start on %s", from_name);
      if (step->n_changed > 0 && to == step->changed[step->n_changed - 1].to)
        return fail (error, size, "two paths end on %s", to_name);
      if (step->n_changed > 0 && to > step->changed[step->n_changed - 1].to)
        return fail (error, size,
                     "the paths go by final square from h8 down to a1, but %s%s comes after a "
                     "path to a lower square",
                     from_name, to_name);
      froms |= syn_bit (from);
      step->changed[step->n_changed].from = (int8_t) from;
      step->changed[step->n_changed].to = (int8_t) to;
      step->changed[step->n_changed].promotion = (uint8_t) promotion;
      step->n_changed++;
      if (*p != ',')
        break;
      p++;
    }
  *text = p;
  return true;
}

/* CASTLING: FEN field 3, "-" or some of KQkq in that order. */
static bool
read_castling (const char **text, SynTxPublicStep *step, char *error, size_t size)
{
  const char *p = *text;
  size_t len = word_length (p);
  int last = -1;

  *text = p + len;
  if (len == 1 && p[0] == '-')
    return true;
  for (size_t i = 0; i < len; i++)
    {
      const char *letter = strchr (castling_letters, p[i]);
      int right = letter && p[i] ? (int) (letter - castling_letters) : -1;
      if (right <= last)
        return fail (error, size,
                     "castling rights '%.*s' are not '-' or some of K, Q, k, q in that order",
                     (int) (len > 8 ? 8 : len), p);
      step->castling |= (uint8_t) (1u << right);
      last = right;
    }
  if (len == 0)
    return fail (error, size, "the castling rights are missing");
  return true;
}

/* EP: "-" or the passed squares, on the committer's passed rank, from the a-file to the
 * h-file: "a3,e3". */
static bool
read_passed_squares (const char **text, SynColour side, SynTxPublicStep *step, char *error,
                     size_t size)
{
  const char *p = *text;
  int rank = side == SYN_WHITE ? 3 : 6, last = -1;

  if (p[0] == '-' && p[1] != ',' && p[1] != '-')
    {
      *text = p + 1;
      return true;
    }
  for (;;)
    {
      int square = syn_square_from_text (p), file;
      char name[3];
      if (square == SYN_NO_SQUARE)
        return fail (error, size, "'%.8s' is not '-' or a list of en passant squares (like e3)", p);
      syn_square_to_text (square, name);
      file = SYN_FILE_OF (square);
      if (SYN_RANK_OF (square) + 1 != rank)
        return fail (error, size,
                     "the en passant square %s is not on rank %d, which %s's double steps pass",
                     name, rank, colour_words[side]);
      if (file == last)
        return fail (error, size, "the en passant square %s is given twice", name);
      if (file < last)
        return fail (error, size,
                     "the en passant squares go from the a-file to the h-file, but %s comes "
                     "after a square on a later file",
                     name);
      step->en_passant_files |= (uint8_t) (1u << file);
      last = file;
      p += 2;
      if (*p != ',')
        break;
      p++;
    }
  *text = p;
  return true;
}

static bool
read_space_before (const char **text, const char *what, char *error, size_t size)
{
  if (**text == '\0')
    return fail (error, size, "the %s are missing", what);
  if (**text != ' ')
    return fail (error, size, "'%c' where a space comes before the %s", **text, what);
  ++*text;
  return true;
}

static bool
read_public_step (const char *text, SynColour side, SynTxPublicStep *step, char *error, size_t size)
{
  const char *p;

  if (!text)
    return fail (error, size, "no public step given");
  if (strlen (text) >= SYN_TX_PUBLIC_STEP_SIZE)
    return fail (error, size, "the public step is longer than %d characters",
                 SYN_TX_PUBLIC_STEP_SIZE - 1);
  if (strcmp (text, "-") == 0)
    return true;
  if (strncmp (text, "commit ", 7) != 0)
    return fail (error, size,
                 "'%.12s' is not '-' or 'commit' with the pieces that changed square, the "
                 "castling rights and the en passant squares",
                 text);
  step->commit = true;
  p = text + 7;
  if (!read_pairs (&p, step, error, size) || !read_space_before (&p, "castling rights", error, size)
      || !read_castling (&p, step, error, size)
      || !read_space_before (&p, "en passant squares", error, size)
      || !read_passed_squares (&p, side, step, error, size))
    return false;
  if (*p)
    return fail (error, size, "unexpected text after the en passant squares: '%.12s'", p);
  return true;
}

bool
syn_tx_public_step_from_text (const char *text, SynColour side, SynTxPublicStep *step, char *error,
                              size_t error_size)
{
  memset (step, 0, sizeof *step);
  if (read_public_step (text, side, step, error, error_size))
    return true;
  memset (step, 0, sizeof *step);
  return false;
}

/* The castling rights that can stay after pieces left from and reached to. */
static bool
check_castling (const SynPosition *committed, SynColour them, uint8_t given, uint8_t may_keep,
                char *error, size_t size)
{
  static const char *const rook_homes[4] = { "h1", "a1", "h8", "a8" };
  if (given & ~SYN_CASTLE_ALL)
    return fail (error, size, "castling rights 0x%x are not a set of K, Q, k and q", given);
  for (int right = 0; right < 4; right++)
    {
      unsigned bit = 1u << right;
      bool theirs = (right >= 2) == (them == SYN_BLACK);
      if ((given & bit) && !(committed->castling & bit))
        return fail (error, size, "the castling right %c is gained", castling_letters[right]);
      if ((given & bit) && !(may_keep & bit))
        return fail (error, size, "the castling right %c stays, though its king or rook moved",
                     castling_letters[right]);
      if (theirs && !(given & bit) && (may_keep & bit))
        return fail (error, size, "the castling right %c is lost, though nothing reached %s",
                     castling_letters[right], rook_homes[right]);
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
      return fail (error, size,
                   "the en passant square %s is not behind a %s pawn's double step (%s to %s)",
                   passed, colour_words[us], from, to);
    }
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
  SynBitboard their_locks = locks_of (&state->rules.tx, them);
  SynBitboard last_rank = us == SYN_WHITE ? SYN_RANK_8 : SYN_RANK_1;
  SynBitboard froms = 0, tos = 0, captured = 0, stayed;
  SynPiece pieces[SYN_TX_MAX_CHANGED];
  uint8_t may_keep = committed->castling;
  int promotions = 0;

  if (step->n_changed > SYN_TX_MAX_CHANGED)
    return fail (error, size, "%u pieces changed square, more than %d", step->n_changed,
                 SYN_TX_MAX_CHANGED);
  for (int i = 0; i < step->n_changed; i++)
    {
      int from = step->changed[i].from, to = step->changed[i].to;
      unsigned promotion = step->changed[i].promotion;
      SynPiece piece, target;
      char a[3], b[3];

      if (from < 0 || from > 63 || to < 0 || to > 63)
        return fail (error, size, "a path leaves the board");
      syn_square_to_text (from, a);
      syn_square_to_text (to, b);
      piece = committed->board[from];
      target = committed->board[to];
      if (piece == SYN_NO_PIECE || SYN_PIECE_COLOUR (piece) != us)
        return fail (error, size, "%s holds no %s piece", a, colour_words[us]);
      if (froms & syn_bit (from))
        return fail (error, size, "two paths start on %s", a);
      if (from == to)
        return fail (error, size, "%s%s does not change square", a, b);
      if (tos & syn_bit (to))
        return fail (error, size, "two %s pieces end on %s", colour_words[us], b);
      /* TX-R5: the move onto it would have been refused. */
      if (their_locks & syn_bit (to))
        return fail (error, size, "%s is locked by %s's pending moves", b, colour_words[them]);
      if (target != SYN_NO_PIECE && SYN_PIECE_COLOUR (target) == them)
        {
          if (SYN_PIECE_TYPE (target) == SYN_KING)
            return fail (error, size, "%s%s would capture the %s king", a, b, colour_words[them]);
          captured |= syn_bit (to);
        }
      if (promotion)
        {
          if (promotion < SYN_KNIGHT || promotion > SYN_QUEEN)
            return fail (error, size, "%s%s promotes to neither a knight, bishop, rook nor queen",
                         a, b);
          if (SYN_PIECE_TYPE (piece) != SYN_PAWN)
            return fail (error, size, "%s%s promotes, but %s holds no pawn", a, b, a);
          if (!(last_rank & syn_bit (to)))
            return fail (error, size, "%s%s promotes, but %s is not on %s's last rank", a, b, b,
                         colour_words[us]);
          promotions++;
          piece = SYN_PIECE (us, promotion);
        }
      else if (SYN_PIECE_TYPE (piece) == SYN_PAWN && (last_rank & syn_bit (to)))
        return fail (error, size, "%s%s leaves a pawn on %s without promoting it", a, b, b);
      /* TX-R11: a pawn reaching the passed square we announced took our pawn behind it. */
      if (SYN_PIECE_TYPE (committed->board[from]) == SYN_PAWN && target == SYN_NO_PIECE
          && (state->rules.tx.en_passant_files & (1u << SYN_FILE_OF (to)))
          && to == passed_square (them, SYN_FILE_OF (to)))
        {
          int victim = to + (them == SYN_WHITE ? 8 : -8);
          if (committed->board[victim] == SYN_PIECE (them, SYN_PAWN))
            captured |= syn_bit (victim);
        }
      if (SYN_PIECE_TYPE (committed->board[from]) == SYN_PAWN)
        *resets = true;
      pieces[i] = piece;
      froms |= syn_bit (from);
      tos |= syn_bit (to);
      may_keep &= syn_castling_kept_by (from) & syn_castling_kept_by (to);
    }
  stayed = committed->by_colour[us] & ~froms & tos;
  if (stayed)
    {
      char name[3];
      syn_square_to_text (syn_lsb (stayed), name);
      return fail (error, size, "two %s pieces end on %s: the one there did not move",
                   colour_words[us], name);
    }
  if (syn_more_than_one (captured))
    {
      char a[3], b[3];
      syn_square_to_text (syn_lsb (captured), a);
      syn_square_to_text (63 - __builtin_clzll (captured), b);
      return fail (error, size,
                   "%s's pieces on %s and %s are captured, but a commit captures once "
                   "(TX-R7a)",
                   colour_words[them], a, b);
    }
  if (promotions > 1)
    return fail (error, size, "%d pawns promote, but a commit promotes once (TX-R7b)", promotions);
  if (!check_castling (committed, them, step->castling, may_keep, error, size)
      || !check_passed_squares (committed, step, us, error, size))
    return false;

  for (int i = 0; i < step->n_changed; i++)
    syn_position_remove (board, step->changed[i].from);
  for (SynBitboard victims = captured; victims;)
    syn_position_remove (board, syn_pop_lsb (&victims));
  for (int i = 0; i < step->n_changed; i++)
    syn_position_put (board, step->changed[i].to, pieces[i]);
  board->castling = step->castling;
  if (captured)
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
    return fail (error, error_size,
                 "%s's transaction is known here: its turn is played, not followed from its "
                 "public part",
                 colour_names[us]);
  if (step->commit && !follow_commit (state, step, &next.board, &resets, error, error_size))
    return false;
  end_turn (state, resets, &next);
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

int
syn_tx_refusal_sets (const SynState *state, SynBitboard *sets)
{
  Turn turn;
  if (mover_hidden (state))
    return 0;
  analyse_turn (state, &turn);
  for (int i = 0; i < turn.n_moves; i++)
    sets[i] = refusal_squares (turn.moves[i]);
  return turn.n_moves;
}

void
syn_tx_set_all_refused (SynState *state)
{
  state->rules.tx.all_refused |= (uint8_t) (1u << state->board.side_to_move);
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

const SynVariant syn_variant_transactional = {
  .id = "transactional",
  .name = "Transactional Chess",
  .start_fen = SYN_FEN_START,
  .read_state = tx_read_state,
  .write_state = tx_write_state,
  .choices = tx_choices,
  .count_joint_choices = tx_count_joint_choices,
  .count_after_step = tx_count_after_step,
  .apply = tx_apply,
  .outcome = tx_outcome,
  .visible = tx_visible,
  .choice_to_text = tx_choice_to_text,
  .view = tx_view,
  .write_view_state = tx_write_view_state,
  .describe = tx_describe,
  .events = tx_events,
  .announce = tx_announce,
};
