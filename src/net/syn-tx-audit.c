/* syn-tx-audit.c: the audit of a Transactional Chess game between two programs (TX-R17).
 * Each program played on its own player state; at the end the other side's choices are
 * revealed, so this side can play the whole game again as the referee would and check
 * everything it was told on trust: the lock answers, the commitments, the announcements,
 * and that every choice was one the rules allowed (which covers the forced commits of
 * TX-R7, and a mate or hidden attack the other side should have claimed).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-tx-audit.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "syn-game-private.h"
#include "syn-net-game.h"
#include "syn-record.h"
#include "transactional.h"

/* The audit log's file beside the game's record in the autosave folder. */
#define LOG_SUFFIX ".synchess-audit"
#define LOG_GAME_GROUP "Game"
#define LOG_TURN_GROUP "Turn %u"
/* What we committed to at a turn: a choice and a transaction list (syn-peer.c). */
#define LOG_COMMITTED_MAX 128

void
syn_tx_audit_transaction_text (const SynState *state, SynColour side, char *buf, gsize size)
{
  const SynTxState *tx = &state->rules.tx;
  GString *text = g_string_new (NULL);

  g_string_printf (text, "T%u:", tx->transaction[side]);
  if (tx->n_pending[side] == 0)
    g_string_append_c (text, '-');
  for (int i = 0; i < tx->n_pending[side]; i++)
    {
      char move[SYN_MOVE_TEXT_SIZE];
      syn_move_to_text (tx->pending[side][i], move);
      g_string_append_printf (text, "%s%s", i ? "," : "", move);
    }
  g_strlcpy (buf, text->str, size);
  g_string_free (text, TRUE);
}

char *
syn_tx_audit_committed_text (const char *choice, const char *list)
{
  return g_strdup_printf ("%s %s", choice, list);
}

gboolean
syn_tx_audit_read_sets (const char *text, SynBitboard *sets, guint *n_sets)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);

  *n_sets = 0;
  for (guint i = 0; parts[i]; i++)
    {
      SynBitboard set = 0;
      g_auto (GStrv) squares = g_strsplit (parts[i], "+", -1);

      if (*n_sets == SYN_TX_AUDIT_MAX_SETS)
        return FALSE;
      for (guint j = 0; squares[j]; j++)
        {
          int square = syn_square_from_text (squares[j]);
          if (square < 0)
            return FALSE;
          set |= syn_bit (square);
        }
      if (set == 0)
        return FALSE;
      sets[(*n_sets)++] = set;
    }
  return *n_sets > 0;
}

gboolean
syn_tx_audit_all_locked (const SynBitboard *sets, guint n_sets, SynBitboard locks)
{
  for (guint i = 0; i < n_sets; i++)
    if ((sets[i] & locks) == 0)
      return FALSE;
  return TRUE;
}

char *
syn_tx_audit_write_sets (const SynBitboard *sets, guint n_sets)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < n_sets; i++)
    {
      SynBitboard set = sets[i];
      gboolean first = TRUE;

      if (i > 0)
        g_string_append_c (text, ',');
      while (set)
        {
          char square[3];
          syn_square_to_text (syn_pop_lsb (&set), square);
          g_string_append_printf (text, "%s%s", first ? "" : "+", square);
          first = FALSE;
        }
    }
  return g_string_free (text, FALSE);
}

static gboolean G_GNUC_PRINTF (2, 3) fault (char **why, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  *why = g_strdup_vprintf (format, args);
  va_end (args);
  return FALSE;
}

/* The move part of a choice's text, "g5f7" of "g5f7/commit", and whether the rest is a
 * decision the rule set writes. */
static gboolean
split_choice (const char *text, char *move, gsize size)
{
  const char *slash = strchr (text, '/');

  g_strlcpy (move, text, MIN (size, slash ? (gsize) (slash - text) + 1 : size));
  return !slash || g_str_equal (slash, "/commit") || g_str_equal (slash, "/rollback");
}

/* TX-R10, R12, R13: the game was over at the start of their turn (outcome); the end was
 * theirs to claim (TX-R15). */
static gboolean
not_claimed (SynOutcome outcome, guint turn, char **why)
{
  return fault (why,
                /* Translators: the first %s is an end such as "checkmate", the second the
                 * ruling, such as "TX-R12". */
                _ ("At turn %u the game was already over (%s), which the other side did not "
                   "claim (%s)"),
                turn + 1, syn_reason_to_text (outcome.reason),
                outcome.reason == SYN_REASON_HIDDEN_ATTACK ? "TX-R10"
                : outcome.reason == SYN_REASON_FIFTY_TURNS ? "TX-R13"
                                                           : "TX-R12");
}

/* TX-R5: the most squares a transaction can lock (five moves, one of them castling). A side
 * with more destinations than that cannot have every move refused (TX-R6). */
#define MAX_LOCKED_SQUARES 12

guint
syn_tx_audit_all_refused_question (const SynState *state, SynBitboard *sets)
{
  SynBitboard moves[SYN_MAX_MOVES], singles = 0;
  guint n_sets = 0;
  int n = syn_tx_refusal_sets (state, moves);

  for (int i = 0; i < n; i++)
    {
      gboolean seen = FALSE;
      if (!syn_more_than_one (moves[i]))
        singles |= moves[i];
      for (guint j = 0; j < n_sets && !seen; j++)
        seen = sets[j] == moves[i];
      if (!seen && n_sets < SYN_TX_AUDIT_MAX_SETS)
        sets[n_sets++] = moves[i];
    }
  if (n == 0 || syn_popcount (singles) > MAX_LOCKED_SQUARES || n_sets == SYN_TX_AUDIT_MAX_SETS)
    return 0;
  return n_sets;
}

SynOutcome
syn_tx_audit_claimed_outcome (const char *code, SynColour claimer)
{
  SynResult claimer_wins = claimer == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
  SynResult claimer_loses = claimer == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS;

  if (g_str_equal (code, "checkmate"))
    return (SynOutcome){ claimer_loses, SYN_REASON_CHECKMATE };
  if (g_str_equal (code, "hidden-attack"))
    return (SynOutcome){ claimer_wins, SYN_REASON_HIDDEN_ATTACK };
  if (g_str_equal (code, "fifty-turns"))
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS };
  return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE };
}

/* Why their choice at turn (text) was not one of theirs in the referee's state: the ruling
 * it broke. */
static gboolean
not_allowed (const SynVariant *variant, const SynState *referee, SynColour them, guint turn,
             const char *text, char **why)
{
  SynOutcome outcome = variant->outcome (referee);
  SynChoice choices[SYN_MAX_CHOICES];
  char move[SYN_CHOICE_TEXT_SIZE], other[SYN_CHOICE_TEXT_SIZE], other_move[SYN_CHOICE_TEXT_SIZE];
  gboolean well_formed = split_choice (text, move, sizeof move);
  gboolean known = FALSE, may_roll_back = FALSE;
  int n = well_formed ? variant->choices (referee, them, choices) : 0;

  if (outcome.result != SYN_RESULT_NONE)
    return not_claimed (outcome, turn, why);
  for (int i = 0; i < n; i++)
    {
      variant->choice_to_text (referee, choices[i], other);
      split_choice (other, other_move, sizeof other_move);
      if (g_str_equal (move, other_move))
        {
          known = TRUE;
          may_roll_back |= (choices[i] & SYN_CHOICE_ROLLBACK) != 0;
        }
    }
  /* The move was theirs to make, but not with the decision they took. */
  if (known && may_roll_back)
    return fault (why,
                  /* Translators: %s is a Transactional choice such as "b2b3". */
                  _ ("At turn %u the other side kept its transaction’s fifth move %s pending: it "
                     "had to commit or roll back (TX-R7)"),
                  turn + 1, text);
  if (known)
    return fault (why,
                  /* Translators: %s is a Transactional choice such as "g5f7". */
                  _ ("At turn %u the other side played %s without the commit the rules forced "
                     "(TX-R7)"),
                  turn + 1, text);
  if (well_formed && g_str_equal (move, "pass"))
    return fault (why,
                  _ ("At turn %u the other side passed while it had a move that was not "
                     "refused (TX-R6)"),
                  turn + 1);
  return fault (why,
                /* Translators: %s is a Transactional choice such as "g1g3". */
                _ ("The other side’s turn %u (%s) was not a legal move (TX-R4)"), turn + 1, text);
}

/* Their choice at turn, from its audit line, checked against its commitment. */
static gboolean
their_choice (SynGame *game, const SynState *referee, SynColour them, guint turn,
              const SynTxTheirTurn *theirs, SynChoice *choice, char **why)
{
  const SynVariant *variant = syn_game_get_variant (game);
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  g_autofree char *committed = NULL;

  if (!theirs->revealed)
    return fault (why, _ ("The other side did not reveal its turn %u (TX-R17)"), turn + 1);
  committed = syn_tx_audit_committed_text (theirs->choice, theirs->list);
  syn_protocol_commitment (syn_game_get_id (game), turn, them, committed, theirs->salt, digest);
  if (!theirs->committed || memcmp (digest, theirs->commitment, sizeof digest) != 0)
    return fault (why, _ ("The other side’s turn %u (%s) is not the one it committed to (TX-R17)"),
                  turn + 1, theirs->choice);
  *choice = syn_variant_choice_from_text (variant, referee, them, theirs->choice);
  if (*choice == SYN_CHOICE_NONE)
    return not_allowed (variant, referee, them, turn, theirs->choice, why);
  return TRUE;
}

/* What they did at turn matches what they told: the list committed to, and the commit's
 * public part (TX-R8). */
static gboolean
check_told (const SynState *referee, const SynState *after, SynColour them, guint turn,
            SynChoice choice, const SynTxTheirTurn *theirs, char **why)
{
  char list[SYN_TX_AUDIT_TEXT_SIZE];
  char told[SYN_TX_PUBLIC_STEP_SIZE];
  SynTxPublicStep step;

  syn_tx_audit_transaction_text (after, them, list, sizeof list);
  if (!g_str_equal (list, theirs->list))
    return fault (why,
                  _ ("The other side’s transaction after turn %u was %s, not the %s it committed "
                     "to (TX-R17)"),
                  turn + 1, list, theirs->list);
  syn_tx_public_step (referee, choice, &step);
  syn_tx_public_step_to_text (&step, them, told, sizeof told);
  if (!g_str_equal (told, theirs->public_step))
    return fault (why, _ ("At turn %u the other side announced “%s”; its moves give “%s” (TX-R8)"),
                  turn + 1, theirs->public_step, told);
  return TRUE;
}

/* TX-R16: every answer they gave us in turn, against their real locks then. */
static gboolean
check_answers (const SynTxLockAnswer *answers, guint n_answers, guint turn, SynBitboard locks,
               char **why)
{
  for (guint i = 0; i < n_answers; i++)
    if (answers[i].turn == turn
        && syn_tx_audit_all_locked (answers[i].sets, answers[i].n_sets, locks) != answers[i].locked)
      return fault (why,
                    answers[i].locked
                        ? _ ("At turn %u the other side answered “locked” to a move its "
                             "transaction did not lock (TX-R16)")
                        : _ ("At turn %u the other side answered “not locked” to a move its "
                             "transaction locked (TX-R16)"),
                    turn + 1);
  return TRUE;
}

gboolean
syn_tx_audit_check (SynGame *game, const SynState *start, SynColour auditor,
                    const SynTxTheirTurn *theirs, const SynTxLockAnswer *answers, guint n_answers,
                    gboolean they_claimed, char **why)
{
  const SynVariant *variant = syn_game_get_variant (game);
  SynColour them = (SynColour) !auditor;
  guint n_turns = syn_game_get_n_turns (game);
  SynOutcome outcome;
  SynState referee;

  g_return_val_if_fail (why != NULL, FALSE);
  *why = NULL;
  referee = *start;
  for (guint t = 0; t < n_turns; t++)
    {
      SynColour mover = (SynColour) referee.board.side_to_move;
      SynBitboard locks = syn_tx_locks (&referee, them);
      SynEvent events[SYN_MAX_EVENTS];
      SynChoice choice, joint[2] = { SYN_CHOICE_NONE, SYN_CHOICE_NONE };
      SynState after;
      int n_events;

      if (!check_answers (answers, n_answers, t, locks, why))
        return FALSE;

      if (mover == auditor)
        choice = syn_game_get_turn (game, t)->choice[auditor];
      else if (!their_choice (game, &referee, them, t, &theirs[t], &choice, why))
        return FALSE;
      joint[mover] = choice;
      variant->apply (&referee, joint[SYN_WHITE], joint[SYN_BLACK], &after);
      n_events = variant->events (&referee, joint[SYN_WHITE], joint[SYN_BLACK], &after, events);
      for (int e = 0; e < n_events; e++)
        if (events[e].kind == SYN_EVENT_LOCKED)
          return fault (why,
                        mover == them
                            ? _ ("At turn %u the other side moved onto a square our transaction "
                                 "locked (TX-R5)")
                            : _ ("At turn %u our move was let through onto a square the other "
                                 "side’s transaction locked (TX-R16)"),
                        t + 1);
      if (mover == them && !check_told (&referee, &after, them, t, choice, &theirs[t], why))
        return FALSE;
      referee = after;
    }

  /* The turn under way when the game ended (ours, kept refused until our time ran out, or
   * resigned) has no record, but the answers we were given in it were given on trust too. */
  if (!check_answers (answers, n_answers, n_turns, syn_tx_locks (&referee, them), why))
    return FALSE;

  /* TX-R15: a mate or hidden attack only they could see, which ended the game at the start
   * of their turn. */
  outcome = variant->outcome (&referee);
  if (they_claimed)
    {
      const char *claimed = syn_game_get_reason (game);
      if (outcome.result != syn_game_get_result (game)
          || g_strcmp0 (syn_reason_to_text (outcome.reason), claimed) != 0)
        return fault (why,
                      /* Translators: the first %s is an end such as "checkmate", the second
                       * the ruling, such as "TX-R12". */
                      _ ("At turn %u the other side claimed a %s the game does not show (%s)"),
                      n_turns + 1, claimed,
                      g_strcmp0 (claimed, "hidden-attack") == 0 ? "TX-R10"
                      : g_strcmp0 (claimed, "fifty-turns") == 0 ? "TX-R13"
                                                                : "TX-R12");
    }
  /* Nor may they keep such an end to themselves while the game ends otherwise: a mated side
   * that stays silent and is offered a draw, or outwaits our patience. An end by the rules
   * this program judged (fifty turns) came first here, so their claim was not taken. */
  else if (referee.board.side_to_move == them && outcome.result != SYN_RESULT_NONE
           && syn_game_get_end (game) != SYN_END_RULES
           && outcome.result != syn_game_get_result (game))
    return not_claimed (outcome, n_turns, why);
  return TRUE;
}

SynGame *
syn_tx_audit_referee_game (SynGame *game, const SynState *start, SynColour auditor,
                           const SynTxTheirTurn *theirs)
{
  const SynVariant *variant = syn_game_get_variant (game);
  guint n_turns = syn_game_get_n_turns (game);
  g_autoptr (SynGame) referee = syn_net_game_new_like (game, start);

  for (guint t = 0; t < n_turns; t++)
    {
      const SynTurn *turn = syn_game_get_turn (game, t);
      const SynState *state = syn_game_get_state (referee);
      SynColour mover = (SynColour) state->board.side_to_move;
      SynChoice joint[2] = { SYN_CHOICE_NONE, SYN_CHOICE_NONE };

      joint[mover] = mover == auditor
                         ? turn->choice[auditor]
                         : syn_variant_choice_from_text (variant, state, mover, theirs[t].choice);
      if (joint[mover] == SYN_CHOICE_NONE
          || !syn_net_game_play_turn (referee, joint[SYN_WHITE], joint[SYN_BLACK],
                                      turn->remaining_ms[SYN_WHITE], turn->remaining_ms[SYN_BLACK],
                                      NULL))
        return NULL;
    }
  if (!syn_game_is_over (referee))
    switch (syn_game_get_end (game))
      {
      case SYN_END_TIME:
      case SYN_END_RESIGNATION:
      case SYN_END_AGREEMENT:
        syn_game_end (referee, syn_game_get_result (game), syn_game_get_end (game));
        break;
      default:
        return NULL;
      }
  return g_steal_pointer (&referee);
}

/* The audit log ------------------------------------------------------------------------ */

SynTxAuditLog *
syn_tx_audit_log_new (const SynState *referee_start)
{
  SynTxAuditLog *log = g_new0 (SynTxAuditLog, 1);

  log->referee_start = *referee_start;
  log->their_turns = g_array_new (FALSE, TRUE, sizeof (SynTxTheirTurn));
  log->own_turns = g_ptr_array_new_with_free_func (g_free);
  log->own_salts = g_array_new (FALSE, TRUE, 1);
  log->answers = g_array_new (FALSE, TRUE, sizeof (SynTxLockAnswer));
  return log;
}

SynTxAuditLog *
syn_tx_audit_log_copy (const SynTxAuditLog *log)
{
  SynTxAuditLog *copy = syn_tx_audit_log_new (&log->referee_start);

  g_array_append_vals (copy->their_turns, log->their_turns->data, log->their_turns->len);
  for (guint i = 0; i < log->own_turns->len; i++)
    g_ptr_array_add (copy->own_turns, g_strdup (g_ptr_array_index (log->own_turns, i)));
  g_array_append_vals (copy->own_salts, log->own_salts->data, log->own_salts->len);
  g_array_append_vals (copy->answers, log->answers->data, log->answers->len);
  return copy;
}

void
syn_tx_audit_log_free (SynTxAuditLog *log)
{
  if (!log)
    return;
  g_array_unref (log->their_turns);
  g_ptr_array_unref (log->own_turns);
  g_array_unref (log->own_salts);
  g_array_unref (log->answers);
  g_free (log);
}

SynTxTheirTurn *
syn_tx_audit_log_their_turn (SynTxAuditLog *log, guint turn)
{
  if (log->their_turns->len <= turn)
    g_array_set_size (log->their_turns, turn + 1);
  return &g_array_index (log->their_turns, SynTxTheirTurn, turn);
}

static void
make_own_turn (SynTxAuditLog *log, guint turn)
{
  if (log->own_turns->len <= turn)
    g_ptr_array_set_size (log->own_turns, turn + 1);
  if (log->own_salts->len < (turn + 1) * SYN_PROTOCOL_SALT_SIZE)
    g_array_set_size (log->own_salts, (turn + 1) * SYN_PROTOCOL_SALT_SIZE);
}

void
syn_tx_audit_log_set_own (SynTxAuditLog *log, guint turn, const char *committed)
{
  make_own_turn (log, turn);
  g_free (g_ptr_array_index (log->own_turns, turn));
  g_ptr_array_index (log->own_turns, turn) = g_strdup (committed);
}

void
syn_tx_audit_log_set_own_salt (SynTxAuditLog *log, guint turn, const guint8 *salt)
{
  make_own_turn (log, turn);
  memcpy (&g_array_index (log->own_salts, guint8, turn * SYN_PROTOCOL_SALT_SIZE), salt,
          SYN_PROTOCOL_SALT_SIZE);
}

void
syn_tx_audit_log_cut (SynTxAuditLog *log, guint turns)
{
  guint kept = 0;

  if (log->their_turns->len > turns)
    g_array_set_size (log->their_turns, turns);
  if (log->own_turns->len > turns)
    g_ptr_array_set_size (log->own_turns, turns);
  if (log->own_salts->len > turns * SYN_PROTOCOL_SALT_SIZE)
    g_array_set_size (log->own_salts, turns * SYN_PROTOCOL_SALT_SIZE);
  for (guint i = 0; i < log->answers->len; i++)
    if (g_array_index (log->answers, SynTxLockAnswer, i).turn < turns)
      g_array_index (log->answers, SynTxLockAnswer, kept++)
          = g_array_index (log->answers, SynTxLockAnswer, i);
  g_array_set_size (log->answers, kept);
}

gboolean
syn_tx_audit_log_covers (const SynTxAuditLog *log, SynGame *game, GError **error)
{
  for (guint t = 0; t < syn_game_get_n_turns (game); t++)
    {
      const SynTurn *turn = syn_game_get_turn (game, t);
      SynColour mover = (SynColour) turn->before.board.side_to_move;
      gboolean theirs = (turn->choice[mover] & SYN_CHOICE_SEALED) != 0;
      const SynTxTheirTurn *their_turn
          = t < log->their_turns->len ? &g_array_index (log->their_turns, SynTxTheirTurn, t) : NULL;
      gboolean held = theirs ? their_turn && their_turn->committed && their_turn->public_step[0]
                             : t < log->own_turns->len && g_ptr_array_index (log->own_turns, t);

      if (!held)
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                       /* Translators: the audit log of a Transactional game (TX-R17). */
                       _ ("The audit data lacks turn %u of the game"), t + 1);
          return FALSE;
        }
    }
  return TRUE;
}

static void
set_hex (GKeyFile *file, const char *group, const char *key, const guint8 *bytes, gsize size)
{
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  g_assert (size <= SYN_PROTOCOL_DIGEST_SIZE);
  syn_protocol_hex (bytes, size, hex);
  g_key_file_set_string (file, group, key, hex);
}

char *
syn_tx_audit_log_write (const SynTxAuditLog *log)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  char fen[SYN_FEN_MAX_SIZE];
  guint n_turns = MAX (log->their_turns->len, log->own_turns->len);

  for (guint i = 0; i < log->answers->len; i++)
    n_turns = MAX (n_turns, g_array_index (log->answers, SynTxLockAnswer, i).turn + 1);
  syn_variant_transactional.write_state (&log->referee_start, fen, sizeof fen);
  g_key_file_set_string (file, LOG_GAME_GROUP, "RefereeStart", fen);
  for (guint t = 0; t < n_turns; t++)
    {
      g_autofree char *group = g_strdup_printf (LOG_TURN_GROUP, t);
      g_autoptr (GPtrArray) answers = g_ptr_array_new_with_free_func (g_free);
      const char *own = t < log->own_turns->len ? g_ptr_array_index (log->own_turns, t) : NULL;
      const SynTxTheirTurn *theirs
          = t < log->their_turns->len ? &g_array_index (log->their_turns, SynTxTheirTurn, t) : NULL;

      if (own)
        {
          g_key_file_set_string (file, group, "Committed", own);
          set_hex (file, group, "Salt",
                   &g_array_index (log->own_salts, guint8, t * SYN_PROTOCOL_SALT_SIZE),
                   SYN_PROTOCOL_SALT_SIZE);
        }
      if (theirs && theirs->committed)
        set_hex (file, group, "Commitment", theirs->commitment, sizeof theirs->commitment);
      if (theirs && theirs->public_step[0])
        g_key_file_set_string (file, group, "Sealed", theirs->public_step);
      for (guint i = 0; i < log->answers->len; i++)
        {
          const SynTxLockAnswer *answer = &g_array_index (log->answers, SynTxLockAnswer, i);
          g_autofree char *sets = NULL;
          if (answer->turn != t)
            continue;
          sets = syn_tx_audit_write_sets (answer->sets, answer->n_sets);
          g_ptr_array_add (answers, g_strdup_printf ("%s %s", sets, answer->locked ? "yes" : "no"));
        }
      if (answers->len > 0)
        g_key_file_set_string_list (file, group, "Answers", (const char *const *) answers->pdata,
                                    answers->len);
    }
  return g_key_file_to_data (file, NULL, NULL);
}

static gboolean
read_hex (const char *text, guint8 *bytes, gsize size)
{
  if (!text || strlen (text) != 2 * size)
    return FALSE;
  for (gsize i = 0; i < size; i++)
    {
      int high = g_ascii_xdigit_value (text[2 * i]), low = g_ascii_xdigit_value (text[2 * i + 1]);
      if (high < 0 || low < 0 || g_ascii_isupper (text[2 * i]) || g_ascii_isupper (text[2 * i + 1]))
        return FALSE;
      bytes[i] = (guint8) (high << 4 | low);
    }
  return TRUE;
}

/* One answer as the log writes it: "e5,g1+f1 yes". */
static gboolean
read_answer (const char *text, guint turn, SynTxLockAnswer *answer)
{
  const char *space = strrchr (text, ' ');
  g_autofree char *sets = space ? g_strndup (text, (gsize) (space - text)) : NULL;

  *answer = (SynTxLockAnswer){ .turn = turn };
  if (!sets || !(g_str_equal (space + 1, "yes") || g_str_equal (space + 1, "no")))
    return FALSE;
  answer->locked = g_str_equal (space + 1, "yes");
  return syn_tx_audit_read_sets (sets, answer->sets, &answer->n_sets);
}

static gboolean
bad_value (GError **error, const char *group, const char *key)
{
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               /* Translators: the audit log of a Transactional game (TX-R17) on disk; the %s
                * are its group and key names, such as "Turn 3" and "Salt". */
               _ ("The audit data holds no valid %s in [%s]"), key, group);
  return FALSE;
}

/* A [Turn N] group into log. */
static gboolean
read_turn (GKeyFile *file, const char *group, guint turn, SynTxAuditLog *log, GError **error)
{
  g_autofree char *committed = g_key_file_get_string (file, group, "Committed", NULL);
  g_autofree char *salt = g_key_file_get_string (file, group, "Salt", NULL);
  g_autofree char *commitment = g_key_file_get_string (file, group, "Commitment", NULL);
  g_autofree char *sealed = g_key_file_get_string (file, group, "Sealed", NULL);
  g_auto (GStrv) answers = g_key_file_get_string_list (file, group, "Answers", NULL, NULL);

  if (committed)
    {
      guint8 bytes[SYN_PROTOCOL_SALT_SIZE];
      if (strlen (committed) > LOG_COMMITTED_MAX || !strchr (committed, ' '))
        return bad_value (error, group, "Committed");
      if (!read_hex (salt, bytes, sizeof bytes))
        return bad_value (error, group, "Salt");
      syn_tx_audit_log_set_own (log, turn, committed);
      syn_tx_audit_log_set_own_salt (log, turn, bytes);
    }
  if (commitment)
    {
      SynTxTheirTurn *theirs = syn_tx_audit_log_their_turn (log, turn);
      if (!read_hex (commitment, theirs->commitment, sizeof theirs->commitment))
        return bad_value (error, group, "Commitment");
      theirs->committed = TRUE;
    }
  if (sealed)
    {
      SynTxTheirTurn *theirs = syn_tx_audit_log_their_turn (log, turn);
      if (strlen (sealed) >= sizeof theirs->public_step)
        return bad_value (error, group, "Sealed");
      g_strlcpy (theirs->public_step, sealed, sizeof theirs->public_step);
    }
  for (guint i = 0; answers && answers[i]; i++)
    {
      SynTxLockAnswer answer;
      if (!read_answer (answers[i], turn, &answer))
        return bad_value (error, group, "Answers");
      g_array_append_val (log->answers, answer);
    }
  return TRUE;
}

SynTxAuditLog *
syn_tx_audit_log_read (const char *text, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autofree char *fen = NULL;
  g_auto (GStrv) groups = NULL;
  SynState start;
  SynFenError fen_error;

  if (!g_key_file_load_from_data (file, text, (gsize) -1, G_KEY_FILE_NONE, error))
    return NULL;
  fen = g_key_file_get_string (file, LOG_GAME_GROUP, "RefereeStart", NULL);
  if (!fen || !syn_variant_transactional.read_state (fen, &start, &fen_error)
      || start.rules.tx.hidden)
    {
      bad_value (error, LOG_GAME_GROUP, "RefereeStart");
      return NULL;
    }
  log = syn_tx_audit_log_new (&start);
  groups = g_key_file_get_groups (file, NULL);
  for (guint i = 0; groups[i]; i++)
    {
      guint64 turn;
      if (g_str_equal (groups[i], LOG_GAME_GROUP))
        continue;
      if (!g_str_has_prefix (groups[i], "Turn ")
          || !g_ascii_string_to_unsigned (groups[i] + 5, 10, 0, SYN_PROTOCOL_MAX_TURNS, &turn,
                                          NULL))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                       _ ("The audit data holds an unknown group [%s]"), groups[i]);
          return NULL;
        }
      if (!read_turn (file, groups[i], (guint) turn, log, error))
        return NULL;
    }
  return g_steal_pointer (&log);
}

static GFile *
log_file (const char *id)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (id, LOG_SUFFIX, NULL);

  return g_file_get_child (dir, name); /* the id is a safe file name */
}

gboolean
syn_tx_audit_log_save (const SynTxAuditLog *log, const char *id, GError **error)
{
  g_autoptr (GFile) file = log_file (id);
  g_autoptr (GFile) dir = g_file_get_parent (file);
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = syn_tx_audit_log_write (log);

  if (g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), dir_path, g_strerror (saved_errno));
      return FALSE;
    }
  /* Our own salts and moves: for our eyes until the audit reveals them. */
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

SynTxAuditLog *
syn_tx_audit_log_load (const char *id, GError **error)
{
  g_autoptr (GFile) file = log_file (id);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;
  gsize length;

  if (!g_file_get_contents (path, &text, &length, error))
    return NULL;
  return syn_tx_audit_log_read (text, error);
}

void
syn_tx_audit_log_remove (const char *id)
{
  g_autoptr (GFile) file = log_file (id);

  g_file_delete (file, NULL, NULL);
}
