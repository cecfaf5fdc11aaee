/* transactional.c: Transactional Chess (rulings TX-R1 to R15): orthodox chess in turns
 * whose moves stay pending, and lock their squares against the opponent, until the player
 * commits or rolls them back. This file holds the rules (choices, steps, outcome, sperft's
 * counts) and the rule-set table; transactional-view.c what each side sees and is told,
 * transactional-fen.c the FEN (TX-R14), transactional-step-text.c a turn's public part as
 * text.
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

#include <string.h>

#include "attacks.h"
#include "movegen.h"
#include "transactional-private.h"

const char *const syn_tx_colour_names[2] = { "White", "Black" };
const char *const syn_tx_colour_words[2] = { "white", "black" };
const char syn_tx_castling_letters[] = "KQkq";

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

void
syn_tx_relocate (SynPosition *pos, SynMove move)
{
  relocate (pos, move);
}

void
syn_tx_build_view (const SynState *state, SynColour side, SynPosition *view)
{
  build_view (state, side, view);
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

static uint16_t
next_transaction (uint16_t number)
{
  return number <= MAX_TRANSACTION - 2 ? (uint16_t) (number + 2) : number;
}

/* syn_tx_commit(); static, so that the compiler may inline it into tx_apply(), which sperft
 * calls with a commit for every move. */
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

/* syn_tx_end_turn(), static for the same reason. */
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

bool
syn_tx_commit (SynPosition *board, const SynTxState *tx, SynColour side, SynMove last,
               uint8_t *en_passant_files)
{
  return commit (board, tx, side, last, en_passant_files);
}

void
syn_tx_end_turn (const SynState *state, bool resets, SynState *next)
{
  end_turn (state, resets, next);
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

/* Refusals asked between two programs (TX-R6, R16) ---------------------------------- */

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

/* The rule-set table (variant.h); what it shows and writes lives in transactional-view.c and
 * transactional-fen.c. */
const SynVariant syn_variant_transactional = {
  .id = "transactional",
  .name = "Transactional Chess",
  .start_fen = SYN_FEN_START,
  .read_state = syn_tx_read_state,
  .write_state = syn_tx_write_state,
  .choices = tx_choices,
  .count_joint_choices = tx_count_joint_choices,
  .count_after_step = tx_count_after_step,
  .apply = tx_apply,
  .outcome = tx_outcome,
  .visible = syn_tx_visible,
  .choice_to_text = syn_tx_choice_to_text,
  .view = syn_tx_view,
  .write_view_state = syn_tx_write_view_state,
  .describe = syn_tx_describe,
  .events = syn_tx_events,
  .announce = syn_tx_announce,
};
