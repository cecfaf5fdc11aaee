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

#include <glib/gi18n.h>
#include <string.h>

#include "syn-game-private.h"
#include "syn-net-game.h"
#include "transactional.h"

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

static gboolean
set_in (SynBitboard set, const SynBitboard *sets, guint n_sets)
{
  for (guint i = 0; i < n_sets; i++)
    if (sets[i] == set)
      return TRUE;
  return FALSE;
}

/* TX-R16: each lock question they asked us in their turn was an attempt of a legal move of
 * their own view (the sets exactly one legal move's refusal squares), or the turn's first
 * question, the one about every move (TX-R6); and a move we answered "not locked" is the move
 * they then played. referee is the state at the start of their turn. */
static gboolean
check_questions (const SynState *referee, SynColour them, guint turn, SynChoice choice,
                 const SynTxLockAnswer *questions, guint n_questions, char **why)
{
  SynBitboard legal[SYN_MAX_MOVES], all[SYN_TX_AUDIT_MAX_SETS];
  SynState view;
  guint n_all, index = 0;
  int n_legal;

  syn_tx_player_state (referee, them, &view);
  n_legal = syn_tx_refusal_sets (&view, legal);
  n_all = syn_tx_audit_all_refused_question (&view, all);
  for (guint i = 0; i < n_questions; i++)
    {
      const SynTxLockAnswer *q = &questions[i];
      gboolean is_all = index == 0 && n_all > 0 && q->n_sets == n_all;
      gboolean single = q->n_sets == 1 && set_in (q->sets[0], legal, (guint) MAX (n_legal, 0));

      if (q->turn != turn)
        continue;
      for (guint k = 0; is_all && k < q->n_sets; k++)
        is_all = set_in (q->sets[k], all, n_all);
      index++;
      if (!is_all && !single)
        return fault (why,
                      _ ("At turn %u the other side asked whether squares were locked that no "
                         "legal move of its own needed (TX-R16)"),
                      turn + 1);
      if (!is_all && !q->locked
          && (SYN_CHOICE_KIND (choice) & SYN_CHOICE_PASS
              || syn_tx_refusal_squares (SYN_CHOICE_MOVE (choice)) != q->sets[0]))
        return fault (why,
                      _ ("At turn %u the other side did not play the move it was told was not "
                         "locked (TX-R16)"),
                      turn + 1);
    }
  return TRUE;
}

gboolean
syn_tx_audit_check (SynGame *game, const SynState *start, SynColour auditor,
                    const SynTxTheirTurn *theirs, const SynTxLockAnswer *answers, guint n_answers,
                    const SynTxLockAnswer *questions, guint n_questions, gboolean they_claimed,
                    char **why)
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
      if (mover == them
          && !check_questions (&referee, them, t, choice, questions, n_questions, why))
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
