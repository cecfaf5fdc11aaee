/* syn-peer-transactional.c: Transactional Chess between two programs (TX-R15 to R17).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* A Transactional game's audit log alone, rewritten when a lock question or its answer is
 * kept, so that a turn broken off goes on bound by them (TX-R16). */
static void
save_audit_log (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->autosave || !self->game || !self->audit_log || syn_game_is_over (self->game))
    return;
  if (!syn_tx_audit_log_save (self->audit_log, syn_game_get_id (self->game), &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

/* TX-R15: an end only this program can see (its own mate, a hidden attack on the other's
 * king after its commit, the fifty-turn draw when that commit might have hidden one) is
 * claimed, and the audit checks the claim. */
void
syn_peer_claim (SynPeer *self)
{
  SynMessage m = { .type = SYN_MESSAGE_CLAIM, .turn = self->proto.turn };
  const char *reason = syn_game_get_reason (self->game);

  if (!self->sealed || syn_game_get_end (self->game) != SYN_END_RULES
      || !syn_protocol_claim_is_known (reason))
    return;
  g_strlcpy (m.code, reason, sizeof m.code);
  syn_peer_send_message (self, &m);
}

/* What we hold of the other side's turn. */
SynTxTheirTurn *
syn_peer_their_turn (SynPeer *self, guint turn)
{
  return syn_tx_audit_log_their_turn (self->audit_log, turn);
}

/* Transactional Chess between two programs (TX-R15 to R17) ----------------------------- */

static SynColour
mover (SynPeer *self)
{
  return (SynColour) syn_game_get_state (self->game)->board.side_to_move;
}

#define NEVER 99 /* more moves than any transaction holds */

/* The fewest knight moves from one square to another on an empty board. */
static int
knight_distance (int from, int to)
{
  static const int jumps[8][2]
      = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
  int distance[64], queue[64], head = 0, tail = 0;

  for (int i = 0; i < 64; i++)
    distance[i] = -1;
  distance[from] = 0;
  queue[tail++] = from;
  while (head < tail)
    {
      int square = queue[head++];
      for (int j = 0; j < 8; j++)
        {
          int file = SYN_FILE_OF (square) + jumps[j][0], rank = SYN_RANK_OF (square) + jumps[j][1];
          int next = rank * 8 + file;
          if (file < 0 || file > 7 || rank < 0 || rank > 7 || distance[next] >= 0)
            continue;
          distance[next] = distance[square] + 1;
          queue[tail++] = next;
        }
    }
  return distance[to];
}

/* The fewest moves a piece of type needs from one square to another on an empty board, a
 * lower bound of what it took in the sender's view (NEVER when no number of moves does).
 * castles: the sender's king went two files from its home square, which is one move for it
 * and its rook together. */
static int
fewest_moves (SynPieceType type, SynColour side, int from, int to, gboolean castles)
{
  int df = ABS (SYN_FILE_OF (to) - SYN_FILE_OF (from));
  int dr = ABS (SYN_RANK_OF (to) - SYN_RANK_OF (from));
  int home_rank = side == SYN_WHITE ? 0 : 7;
  int forward = (SYN_RANK_OF (to) - SYN_RANK_OF (from)) * (side == SYN_WHITE ? 1 : -1);

  switch (type)
    {
    case SYN_PAWN:
      /* Forward only; a file changes only by a capture, which ends the transaction. */
      if (forward <= 0 || df > 1)
        return NEVER;
      return SYN_RANK_OF (from) == (side == SYN_WHITE ? 1 : 6) && forward >= 2 ? forward - 1
                                                                               : forward;
    case SYN_KNIGHT:
      return knight_distance (from, to);
    case SYN_BISHOP:
      if ((SYN_FILE_OF (from) + SYN_RANK_OF (from)) % 2
          != (SYN_FILE_OF (to) + SYN_RANK_OF (to)) % 2)
        return NEVER;
      return df == dr ? 1 : 2;
    case SYN_ROOK:
      /* Castling's rook moves with its king. */
      if (castles && SYN_RANK_OF (from) == home_rank && SYN_RANK_OF (to) == home_rank)
        return 0;
      return df == 0 || dr == 0 ? 1 : 2;
    case SYN_QUEEN:
      return df == 0 || dr == 0 || df == dr ? 1 : 2;
    case SYN_KING:
    default:
      if (castles && SYN_RANK_OF (from) == home_rank && dr == 0 && df == 2)
        return 1;
      return MAX (df, dr);
    }
}

/* TX-R3, R8: a commit is the sender's pending moves, at most one a turn of its own since its
 * last commit and five in all; each piece that changed square needs at least the moves an
 * empty board asks of it. More than the turns allow cannot be true. */
static gboolean
commit_fits_turns (SynPeer *self, const SynTxPublicStep *step, char *why, gsize size)
{
  SynColour remote = (SynColour) (1 - self->colour);
  const SynPosition *board = &syn_game_get_state (self->game)->board;
  int home = remote == SYN_WHITE ? 4 : 60; /* e1, e8 */
  guint moves = 1;                         /* this turn's */
  int needed = 0;
  gboolean castles = FALSE;

  if (!step->commit)
    return TRUE;
  for (guint t = syn_game_get_n_turns (self->game); t-- > 0;)
    {
      SynChoice theirs = syn_game_get_turn (self->game, t)->choice[remote];
      if (theirs & SYN_CHOICE_COMMIT)
        break;
      if (theirs != SYN_CHOICE_NONE)
        moves++;
    }
  moves = MIN (moves, 5);
  for (guint i = 0; i < step->n_changed; i++)
    castles
        |= step->changed[i].from == home && ABS (step->changed[i].to - step->changed[i].from) == 2;
  for (guint i = 0; i < step->n_changed && needed <= (int) moves; i++)
    {
      int from = step->changed[i].from, to = step->changed[i].to;
      SynPiece piece;
      if (from < 0 || from > 63 || to < 0 || to > 63)
        return TRUE; /* not a square: syn_tx_apply_public_step() says what is wrong */
      piece = board->board[from];
      if (piece == SYN_NO_PIECE)
        return TRUE;
      needed += fewest_moves (SYN_PIECE_TYPE (piece), remote, from, to, castles);
    }
  if (needed <= (int) moves)
    return TRUE;
  g_snprintf (why, size,
              "its pieces need at least %d moves to reach those squares, and its transaction "
              "holds at most %u",
              MIN (needed, NEVER), moves);
  return FALSE;
}

/* The other side's sealed turn: follow the committed view by its public part. */
void
syn_peer_handle_sealed (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);
  SynTxPublicStep step;
  char why[160] = "";

  if (!self->sealed || mover (self) != remote)
    {
      syn_peer_reject (self, "out-of-order", "a sealed turn from a side that does not move");
      return;
    }
  if (!syn_tx_public_step_from_text (m->text, remote, &step, why, sizeof why)
      || !commit_fits_turns (self, &step, why, sizeof why)
      || !syn_tx_apply_public_step (syn_game_get_state (self->game), &step, &self->sealed_after,
                                    why, sizeof why))
    {
      syn_peer_forfeit (self, "illegal-move",
                        g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_ILLEGAL_MOVE,
                                     _ ("The other side announced an impossible commit: %s"), why));
      return;
    }
  g_strlcpy (syn_peer_their_turn (self, m->turn)->public_step, m->text,
             sizeof syn_peer_their_turn (self, m->turn)->public_step);
  self->proto = *next;
  self->remote_choice = SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0);
  if (self->proto.turn != m->turn)
    syn_peer_complete_turn (self);
}

/* What the other side's lock questions of a turn leave it (TX-R16), counted from those we
 * answered, kept in the audit log: a turn resumed after a broken connection goes on with
 * them, so that asking, leaving and asking again teaches nothing more than one turn may. */
typedef struct
{
  guint n;                /* questions answered */
  gboolean closed;        /* a move was told "no", or every move that it is refused */
  SynBitboard first_free; /* the set of a first question of one set answered "no", or 0 */
  SynTxLockAnswer last;   /* the last one, with our answer */
} Asked;

static gboolean
same_question (const SynTxLockAnswer *a, const SynTxLockAnswer *b)
{
  return a->n_sets == b->n_sets && memcmp (a->sets, b->sets, a->n_sets * sizeof *a->sets) == 0;
}

static void
count_questions (SynPeer *self, guint turn, Asked *asked)
{
  GArray *questions = self->audit_log->questions;

  *asked = (Asked){ 0 };
  for (guint i = 0; i < questions->len; i++)
    {
      const SynTxLockAnswer *q = &g_array_index (questions, SynTxLockAnswer, i);
      if (q->turn != turn)
        continue;
      /* A "no" to a move binds it; a "yes" to every move leaves only the pass (TX-R6). */
      asked->closed = q->n_sets == 1 ? !q->locked && asked->n > 0 : q->locked;
      if (q->n_sets == 1 && !q->locked && asked->n == 0)
        asked->first_free = q->sets[0];
      asked->last = *q;
      asked->n++;
    }
}

/* Whether the other side asked about set already this turn. The turn's first question, when
 * answered "no", may have been the TX-R6 one about every move (all of whose moves share that
 * set), so its set may be asked once more, about the move. */
static gboolean
asked_before (SynPeer *self, guint turn, SynBitboard set)
{
  GArray *questions = self->audit_log->questions;
  gboolean first = TRUE;

  for (guint i = 0; i < questions->len; i++)
    {
      const SynTxLockAnswer *q = &g_array_index (questions, SynTxLockAnswer, i);
      if (q->turn != turn)
        continue;
      if (q->n_sets == 1 && q->sets[0] == set && !(first && !q->locked))
        return TRUE;
      first = FALSE;
    }
  return FALSE;
}

/* TX-R16: the other side asks whether its move's squares are locked; our player is never
 * shown the question. Each question is one attempted move: the turn's first may ask about
 * every move at once (TX-R6), every other about one move's refusal squares (one square, or
 * two for castling), each set once a turn, since locks do not change while the other side
 * moves. The first's set may be asked once more when it was answered "no": it may have been
 * the TX-R6 question, all of whose moves then share that set, so nothing else may follow it.
 * After a "no" to a later question (the move stands and binds it) or a "yes" to several sets
 * (every move refused), none. So a turn has one "no" that binds, and a "yes" for each
 * distinct set our locks refuse. The audit checks that each was a legal attempt of the
 * asker's own view (TX-R17). */
void
syn_peer_handle_lock (SynPeer *self, const SynMessage *m)
{
  SynMessage answer = { .type = SYN_MESSAGE_LOCKED, .turn = m->turn };
  SynTxLockAnswer kept = { .turn = m->turn };
  SynBitboard locks;
  const char *why = NULL;
  Asked asked;

  if (!self->sealed || mover (self) == self->colour)
    {
      syn_peer_reject (self, "out-of-order", "a lock question from a side that does not move");
      return;
    }
  if (!syn_tx_audit_read_sets (m->text, kept.sets, &kept.n_sets))
    {
      syn_peer_reject (self, "malformed", "lock: too many sets");
      return;
    }
  count_questions (self, m->turn, &asked);
  if (self->answer_again && asked.n > 0 && same_question (&asked.last, &kept))
    {
      /* Its answer may have been lost with the connection: the same answer again teaches
       * nothing new, and counts for nothing. */
      self->answer_again = FALSE;
      answer.answer = asked.last.locked;
      syn_peer_send_message (self, &answer);
      return;
    }
  if (asked.closed)
    why = "no more lock questions this turn: a move was let through, or every move refused";
  else if (asked.n > 0 && kept.n_sets > 1)
    why = "only the turn's first lock question may ask about several moves";
  else if (kept.n_sets == 1 && syn_popcount (kept.sets[0]) > 2)
    why = "a move's refusal squares are one square, or two when castling";
  else if (asked.first_free && (kept.n_sets != 1 || kept.sets[0] != asked.first_free))
    why = "after a first question answered 'no', only its move may be asked about again";
  else if (kept.n_sets == 1 && asked_before (self, m->turn, kept.sets[0]))
    why = "that move's squares were asked about already this turn";
  if (why)
    {
      syn_peer_reject (self, "bad-lock", why);
      return;
    }
  locks = syn_tx_locks (syn_game_get_state (self->game), self->colour);
  answer.answer = syn_tx_audit_all_locked (kept.sets, kept.n_sets, locks);
  kept.locked = answer.answer;
  /* Kept for the audit, which checks that the question was a legal attempt (TX-R17), and
   * saved before the answer leaves: a turn resumed after a broken connection goes on with
   * what it asked (TX-R16). */
  g_array_append_val (self->audit_log->questions, kept);
  self->answer_again = FALSE;
  save_audit_log (self);
  syn_peer_send_message (self, &answer);
}

/* The answer to our question. */
void
syn_peer_handle_locked (SynPeer *self, const SynMessage *m)
{
  g_autoptr (GError) error = NULL;
  SynChoice choice = self->asked_choice;
  gboolean all = self->asking_all;

  if (!self->asking)
    {
      syn_peer_reject (self, "out-of-order", "no lock question is out");
      return;
    }
  self->question.locked = m->answer;
  g_array_append_val (self->audit_log->answers, self->question);
  self->audit_log->asking = FALSE;
  save_audit_log (self);
  self->asking = self->asking_all = FALSE;
  self->asked_choice = SYN_CHOICE_NONE;

  if (all && m->answer)
    {
      /* TX-R6: every move is refused; the player passes. */
      SynState state = *syn_game_get_state (self->game);
      syn_tx_set_all_refused (&state);
      syn_game_replace_state (self->game, &state);
      if (choice != SYN_CHOICE_NONE)
        syn_game_refuse (self->game, self->colour);
      return;
    }
  if (choice == SYN_CHOICE_NONE)
    return;
  if (all)
    {
      /* A move chosen while the first question was out: now it is asked about. */
      if (!syn_peer_choose (self, choice, &error))
        g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
      return;
    }
  if (m->answer)
    {
      /* TX-R5: refused; the player chooses another move. */
      syn_game_refuse (self->game, self->colour);
      return;
    }
  self->cleared_move = SYN_CHOICE_MOVE (choice);
  if (!syn_peer_commit_own_choice (self, choice, &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

/* The other side's first answer to us this turn, or NULL. */
static const SynTxLockAnswer *
first_answer (SynPeer *self)
{
  GArray *answers = self->audit_log->answers;

  for (guint i = 0; i < answers->len; i++)
    if (g_array_index (answers, SynTxLockAnswer, i).turn == self->proto.turn)
      return &g_array_index (answers, SynTxLockAnswer, i);
  return NULL;
}

/* TX-R16: the refusal squares of the move a "not locked" answer this turn bound us to, or 0.
 * Kept across a broken connection, so that a resumed turn cannot play another. */
SynBitboard
syn_peer_bound_set (SynPeer *self)
{
  GArray *answers = self->audit_log->answers;

  for (guint i = 0; i < answers->len; i++)
    {
      const SynTxLockAnswer *a = &g_array_index (answers, SynTxLockAnswer, i);
      if (a->turn == self->proto.turn && a->n_sets == 1 && !a->locked)
        return a->sets[0];
    }
  return 0;
}

/* TX-R6 over the network: when every move we have might be refused, ask once, at the start
 * of our turn, whether every one is. */
void
syn_peer_ask_all_refused (SynPeer *self)
{
  SynBitboard sets[SYN_TX_AUDIT_MAX_SETS];
  const SynTxLockAnswer *first;
  guint n_sets;

  if (!self->sealed || !self->game || syn_game_is_over (self->game) || mover (self) != self->colour
      || self->asking)
    return;
  /* A turn resumed after a broken connection asked already: the answers it holds still
   * stand, and a second first question would be refused (TX-R16). */
  if ((first = first_answer (self)))
    {
      if (first->n_sets > 1 && first->locked)
        {
          SynState state = *syn_game_get_state (self->game);
          syn_tx_set_all_refused (&state);
          syn_game_replace_state (self->game, &state);
        }
      return;
    }
  n_sets = syn_tx_audit_all_refused_question (syn_game_get_state (self->game), sets);
  if (n_sets > 0)
    syn_peer_ask (self, sets, n_sets, TRUE, NULL);
}

gboolean
syn_peer_ask (SynPeer *self, const SynBitboard *sets, guint n_sets, gboolean all, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_LOCK, .turn = self->proto.turn };
  g_autofree char *text = syn_tx_audit_write_sets (sets, n_sets);

  g_strlcpy (m.text, text, sizeof m.text);
  /* Kept before it leaves: a program restarted after a break asks it again, alike, first
   * (TX-R16), since the other side may have counted it. */
  self->audit_log->asking = TRUE;
  self->audit_log->asking_all = all;
  self->audit_log->asking_question
      = (SynTxLockAnswer){ .turn = self->proto.turn, .n_sets = n_sets };
  memcpy (self->audit_log->asking_question.sets, sets, n_sets * sizeof *sets);
  save_audit_log (self);
  if (!syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("The move cannot be sent now"));
  self->asking = TRUE;
  self->asking_all = all;
  self->question = self->audit_log->asking_question;
  return TRUE;
}

/* Whether our last turn was a commit: a hidden attack on our king (TX-R10) and the fifty-turn
 * draw that waits for a claim (TX-R15) both come only right after one. */
static gboolean
our_last_turn_committed (SynPeer *self)
{
  guint n = syn_game_get_n_turns (self->game);

  return n > 0 && (syn_game_get_turn (self->game, n - 1)->choice[self->colour] & SYN_CHOICE_COMMIT);
}

/* The other side's audit has not come in the time allowed (TX-R17): withheld, it loses. */
gboolean
syn_peer_on_audit_timeout_cb (gpointer user_data)
{
  SynPeer *self = user_data;
  SynResult we_win = self->colour == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
  g_autoptr (GError) error = NULL;

  self->audit_timer_id = 0;
  if (!self->game || self->audit_done)
    return G_SOURCE_REMOVE;
  self->audit_done = TRUE;
  self->claim_pending = FALSE;
  if (!syn_game_is_over (self->game))
    {
      /* Its claim was never checked: ended here, so that the record says why. */
      self->applying = TRUE;
      syn_game_resign (self->game, (SynColour) (1 - self->colour));
      self->applying = FALSE;
    }
  syn_game_overturn_withheld (self->game, we_win);
  error = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                               _ ("The other side withheld its audit past the time allowed: it "
                                  "loses (TX-R17)"));
  g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
  if (self->autosave)
    {
      g_autoptr (GError) save_error = NULL;
      if (!syn_record_autosave (self->game, &save_error))
        g_signal_emit (self, syn_peer_signals[ERROR], 0, save_error);
      syn_tx_audit_log_remove (syn_game_get_id (self->game));
      syn_peer_settle_end (self, self->game);
    }
  if (!self->over_announced)
    syn_peer_announce_over (self);
  g_signal_emit (self, syn_peer_signals[AUDIT_COMPLETED], 0, FALSE, error->message);
  return G_SOURCE_REMOVE;
}

/* TX-R17: the other side's audit is due; withheld past the time allowed, it loses. */
static void
await_audit (SynPeer *self)
{
  if (!self->sealed || self->audit_done || self->audit_timer_id || !self->link)
    return;
  self->audit_timer_id = g_timeout_add (self->audit_timeout_ms, syn_peer_on_audit_timeout_cb, self);
}

/* A claim of an end only the other side could see (TX-R15). Only the rule set that has
 * claims, only from the side whose turn begins, and only an end that can be true from what
 * we know; else it is refused and the game goes on. A claim taken ends the play, but its
 * result is recorded only once the claimant's audit has checked it (TX-R17). */
void
syn_peer_handle_claim (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);
  gboolean after_commit_only
      = g_str_equal (m->code, "hidden-attack") || g_str_equal (m->code, "fifty-turns");
  const char *why = NULL;

  if (!self->sealed)
    why = "this rule set has no claims";
  else if (syn_game_is_over (self->game))
    why = "the game is over";
  else if (mover (self) != remote)
    why = "a claim from the side whose turn does not begin";
  else if (after_commit_only && !our_last_turn_committed (self))
    why = "that end comes only right after a commit of ours, and our last turn was none";
  else if (g_str_equal (m->code, "fifty-turns")
           && syn_game_get_state (self->game)->board.quiet_turns < 100)
    why = "the fifty-turn counter has not reached 100";
  if (why)
    {
      g_autoptr (GError) error
          = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                         _ ("The other side claimed an end the game cannot have: %s"), why);
      syn_peer_reject (self, "bad-claim", why);
      g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
      return;
    }
  self->proto = *next;
  self->claimed = TRUE;
  self->claim_pending = TRUE;
  self->claim_outcome = syn_tx_audit_claimed_outcome (m->code, remote);
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  syn_clock_stop (syn_game_get_clock (self->game));
  /* Ours waits for its audit: were the claim false and the connection then broken, the game
   * goes on, and our pending moves must still be secret (TX-R15). */
  await_audit (self);
}

/* TX-R17: when the game ends, each side reveals every turn it moved in. */
void
syn_peer_send_audit (SynPeer *self)
{
  SynMessage end = { .type = SYN_MESSAGE_AUDIT, .audit_end = TRUE };
  guint n_turns = syn_game_get_n_turns (self->game);
  GPtrArray *own_turns = self->audit_log->own_turns;

  if (self->audit_sent)
    return;
  self->audit_sent = TRUE;
  await_audit (self);
  for (guint t = 0; t < n_turns && t < own_turns->len; t++)
    {
      const char *text = g_ptr_array_index (own_turns, t);
      SynMessage m = { .type = SYN_MESSAGE_AUDIT, .turn = t };
      g_auto (GStrv) parts = NULL;

      if (!text)
        continue;
      parts = g_strsplit (text, " ", 2);
      g_strlcpy (m.move, parts[0], sizeof m.move);
      g_strlcpy (m.text, parts[1] ? parts[1] : "", sizeof m.text);
      memcpy (m.salt,
              &g_array_index (self->audit_log->own_salts, guint8, t * SYN_PROTOCOL_SALT_SIZE),
              sizeof m.salt);
      syn_peer_send_message (self, &m);
    }
  syn_peer_send_message (self, &end);
}

void
syn_peer_handle_audit (SynPeer *self, const SynMessage *m)
{
  g_autofree char *why = NULL;
  SynTxAuditLog *log;
  SynColour local = self->colour;
  gboolean clean;

  if (!self->game || !self->sealed || !(syn_game_is_over (self->game) || self->claim_pending)
      || self->audit_done)
    {
      syn_peer_reject (self, "out-of-order", "no audit is awaited");
      return;
    }
  if (!m->audit_end)
    {
      SynTxTheirTurn *theirs;
      if (m->turn >= syn_game_get_n_turns (self->game))
        return; /* a turn under way when the game ended */
      theirs = syn_peer_their_turn (self, m->turn);
      theirs->revealed = TRUE;
      g_strlcpy (theirs->choice, m->move, sizeof theirs->choice);
      g_strlcpy (theirs->list, m->text, sizeof theirs->list);
      memcpy (theirs->salt, m->salt, sizeof theirs->salt);
      return;
    }
  self->audit_done = TRUE;
  g_clear_handle_id (&self->audit_timer_id, g_source_remove);
  if (self->claim_pending)
    {
      /* Their claim, now to be checked: the game ends as claimed, and is overturned below
       * if the audit finds otherwise. */
      self->claim_pending = FALSE;
      self->applying = TRUE;
      syn_game_end_by_rules (self->game, self->claim_outcome);
      self->applying = FALSE;
    }
  syn_peer_their_turn (self, syn_game_get_n_turns (self->game));
  log = self->audit_log;
  clean = syn_tx_audit_check (self->game, &log->referee_start, local,
                              (const SynTxTheirTurn *) (gpointer) log->their_turns->data,
                              (const SynTxLockAnswer *) (gpointer) log->answers->data,
                              log->answers->len,
                              (const SynTxLockAnswer *) (gpointer) log->questions->data,
                              log->questions->len, self->claimed, &why);
  if (!clean)
    /* TX-R17: the side at fault loses. */
    syn_game_overturn (self->game,
                       local == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS);
  else
    self->referee_game
        = syn_tx_audit_referee_game (self->game, &log->referee_start, local,
                                     (const SynTxTheirTurn *) (gpointer) log->their_turns->data);
  if (self->autosave)
    {
      g_autoptr (GError) error = NULL;
      /* The referee's record, which both programs hold alike, replaces the player's; after
       * a fault the player's record keeps the overturned result. */
      if (!syn_record_autosave (self->referee_game ? self->referee_game : self->game, &error))
        g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
      syn_tx_audit_log_remove (syn_game_get_id (self->game));
      syn_peer_settle_end (self, self->game);
    }
  /* Ours, when a claim made it wait, and the end heard now. */
  if (!self->over_announced)
    {
      self->over_announced = TRUE;
      syn_peer_send_audit (self);
      g_signal_emit (self, syn_peer_signals[GAME_OVER], 0);
    }
  g_signal_emit (self, syn_peer_signals[AUDIT_COMPLETED], 0, clean, why);
}

/* Whether the other side answered "locked" to set this turn. */
gboolean
syn_peer_was_refused (SynPeer *self, SynBitboard set)
{
  GArray *answers = self->audit_log->answers;

  for (guint i = 0; i < answers->len; i++)
    {
      const SynTxLockAnswer *a = &g_array_index (answers, SynTxLockAnswer, i);
      if (a->turn == self->proto.turn && a->n_sets == 1 && a->sets[0] == set && a->locked)
        return TRUE;
    }
  return FALSE;
}

gboolean
syn_peer_on_refused_again_cb (gpointer user_data)
{
  SynPeer *self = user_data;

  if (self->game && !syn_game_is_over (self->game) && self->proto.phase == SYN_PHASE_PLAYING
      && !self->proto.local_committed)
    syn_game_refuse (self->game, self->colour);
  return G_SOURCE_REMOVE;
}

/* TX-R17: a Transactional mover commits to its choice and the transaction it leaves. */
gboolean
syn_peer_commit_own_choice (SynPeer *self, SynChoice choice, GError **error)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  const SynState *state = syn_game_get_state (self->game);
  SynChoice joint[2] = { SYN_CHOICE_NONE, SYN_CHOICE_NONE };
  char text[SYN_CHOICE_TEXT_SIZE], list[SYN_TX_AUDIT_TEXT_SIZE];
  g_autofree char *committed = NULL;
  guint turn = self->proto.turn;
  SynState after;

  joint[self->colour] = choice;
  variant->apply (state, joint[SYN_WHITE], joint[SYN_BLACK], &after);
  variant->choice_to_text (state, choice, text);
  syn_tx_audit_transaction_text (&after, self->colour, list, sizeof list);
  committed = syn_tx_audit_committed_text (text, list);
  /* Kept before it goes: the turn may end, and the game with it, inside commit_choice(). */
  syn_tx_audit_log_set_own (self->audit_log, turn, committed);
  return syn_peer_commit_choice (self, choice, committed, error);
}
