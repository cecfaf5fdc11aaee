/* syn-record-read-turn.c: a record's turn lines and its result line, played on the game read.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-record"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-game-private.h"
#include "syn-record-private.h"
#include "syn-record-read-private.h"
#include "transactional.h"

/* The most time a record's clock may show: thirty days, the longest time control. */
#define MAX_CLOCK_SECONDS (86400 * 30)

/* Seconds with up to three decimals, as milliseconds. */
static gboolean
read_seconds (const char *text, gint64 *ms)
{
  const char *c = text;
  gint64 whole = 0, fraction = 0;
  int n_decimals = 0;

  if (!g_ascii_isdigit (*c))
    return FALSE;
  for (; g_ascii_isdigit (*c); c++)
    {
      whole = whole * 10 + (*c - '0');
      if (whole > MAX_CLOCK_SECONDS)
        return FALSE;
    }
  if (*c == '.')
    for (c++; g_ascii_isdigit (*c); c++)
      {
        if (++n_decimals > 3)
          return FALSE;
        fraction = fraction * 10 + (*c - '0');
      }
  if (*c != '\0' || (text[strlen (text) - 1] == '.'))
    return FALSE;
  for (; n_decimals < 3; n_decimals++)
    fraction *= 10;
  *ms = whole * 1000 + fraction;
  return TRUE;
}

/* {w 171.2 b 176.0} */
static gboolean
read_clocks (Reader *reader, const char *comment, gint64 ms[2], GError **error)
{
  g_autofree char *inside = g_strndup (comment + 1, strlen (comment) - 2);
  g_auto (GStrv) words = g_strsplit_set (g_strstrip (inside), " \t", -1);
  const char *parts[4];
  guint n = 0;

  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      {
        if (n == 4)
          goto bad;
        parts[n++] = words[i];
      }
  if (n != 4 || !g_str_equal (parts[0], "w") || !g_str_equal (parts[2], "b")
      || !read_seconds (parts[1], &ms[SYN_WHITE]) || !read_seconds (parts[3], &ms[SYN_BLACK]))
    goto bad;
  return TRUE;

bad:
  return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                          _ ("clock times must look like {w 171.2 b 176.0}"));
}

/* Whether side's turn is known here only by its public part (TX-R15): its one choice is the
 * sealed one, as in a Transactional player's record for the other side. */
static gboolean
is_sealed_turn (SynGame *game, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];

  return syn_game_get_variant (game)->choices (syn_game_get_state (game), side, choices) == 1
         && choices[0] == SYN_CHOICE_SEALED;
}

/* TX-R6 between two programs: a side's pass in its own program's record, where the other
 * side's locks are hidden, was possible only because the other program answered that every
 * move was refused; the game learns it again before the pass. */
static void
learn_all_refused (SynGame *game, SynColour side, const char *text)
{
  const SynVariant *variant = syn_game_get_variant (game);
  SynState state = *syn_game_get_state (game);

  if (variant != &syn_variant_transactional || !g_str_has_prefix (text, "pass")
      || !(state.rules.tx.hidden & (1u << !side)) || state.board.side_to_move != side)
    return;
  syn_tx_set_all_refused (&state);
  if (syn_variant_choice_from_text (variant, &state, side, text) != SYN_CHOICE_NONE)
    syn_game_replace_state (game, &state);
}

/* TX-R15: the other side's turn in a player's record, known by its public part: "?" or
 * "?/commit:e7e5,d8h4:KQkq:e6"; after is the state it leads to. */
static gboolean
read_sealed (Reader *reader, SynColour side, const char *text, SynChoice *choice, SynState *after,
             GError **error)
{
  SynTxPublicStep step;
  char public[SYN_TX_PUBLIC_STEP_SIZE];
  char why[160] = "";
  const char *prefix = "?/commit:";

  if (!is_sealed_turn (reader->game, side))
    return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                            _ ("%s is a sealed turn, which only the hidden side of a Transactional "
                               "player's record has"),
                            text);
  if (g_str_equal (text, "?"))
    g_strlcpy (public, "-", sizeof public);
  else if (g_str_has_prefix (text, prefix) && strlen (text) - strlen (prefix) + 7 < sizeof public)
    {
      g_snprintf (public, sizeof public, "commit %s", text + strlen (prefix));
      g_strdelimit (public, ":", ' ');
    }
  else
  public[0] = '\0';
  if (!public[0] || !syn_tx_public_step_from_text (public, side, &step, why, sizeof why))
    return syn_record_fail (
        error, SYN_RECORD_ERROR_SYNTAX, reader->line,
        _ ("\"%s\" is not a sealed turn such as ? or ?/commit:e7e5,d8h4:KQkq:e6"), text);
  if (!syn_tx_apply_public_step (syn_game_get_state (reader->game), &step, after, why, sizeof why))
    return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                            _ ("the sealed turn %s cannot be played in turn %u: %s"), text,
                            reader->n_turns + 1, why);
  *choice = SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0);
  return TRUE;
}

static gboolean
read_choice (Reader *reader, SynColour side, const char *text, SynChoice *choice, GError **error)
{
  SynGame *game = reader->game;
  const SynVariant *variant = syn_game_get_variant (game);
  const SynState *state = syn_game_get_state (game);
  /* At the start of a step only a side that waits has "chosen". */
  gboolean waits = syn_game_has_chosen (game, side);
  guint turn = reader->n_turns + 1;

  *choice = SYN_CHOICE_NONE;
  if (g_str_equal (text, "-"))
    {
      if (!waits)
        return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                                side == SYN_WHITE ? _ ("White must move in turn %u")
                                                  : _ ("Black must move in turn %u"),
                                turn);
      return TRUE;
    }
  if (!waits && syn_variant_choice_from_text (variant, state, side, text) == SYN_CHOICE_NONE)
    learn_all_refused (game, side, text);
  /* Beyond UCI moves, a rule set's other choices (HK's pass 0000, a Transactional
   * g1f3/commit) are read by the rule set's own texts. */
  if (!syn_move_text_is_well_formed (text)
      && (waits || syn_variant_choice_from_text (variant, state, side, text) == SYN_CHOICE_NONE))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("\"%s\" is not a move in UCI form such as e2e4, e7e8q or -"), text);
  if (waits)
    return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                            side == SYN_WHITE
                                ? _ ("White has no move to make in turn %u, yet %s is given")
                                : _ ("Black has no move to make in turn %u, yet %s is given"),
                            turn, text);
  *choice = syn_variant_choice_from_text (variant, state, side, text);
  if (*choice == SYN_CHOICE_NONE)
    return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                            side == SYN_WHITE ? _ ("%s is not a legal move for White in turn %u")
                                              : _ ("%s is not a legal move for Black in turn %u"),
                            text, turn);
  return TRUE;
}

/* N. WHITE BLACK [{w S b S}] */
gboolean
syn_record_read_turn (Reader *reader, char **words, const char *comment, GError **error)
{
  SynChoice choice[2];
  g_autoptr (GError) local_error = NULL;
  const char *number = words[0];
  gsize length = strlen (number);
  guint expected = reader->n_turns + 1;
  gint64 clocks[2];
  SynState sealed_after;

  if (length < 2 || number[length - 1] != '.')
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("expected a turn such as \"1. e2e4 e7e5\" or a result, not \"%s\""),
                            number);
  for (gsize i = 0; i + 1 < length; i++)
    if (!g_ascii_isdigit (number[i]))
      return syn_record_fail (
          error, SYN_RECORD_ERROR_SYNTAX, reader->line,
          _ ("expected a turn such as \"1. e2e4 e7e5\" or a result, not \"%s\""), number);
  if (length > 10 || g_ascii_strtoull (number, NULL, 10) != expected)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("the turn is numbered %.*s where %u was expected"),
                            (int) (length - 1), number, expected);
  if (g_strv_length (words) != 3)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("a turn is its number followed by White's move and Black's move"));
  if (comment && !reader->timed)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("clock times are given in a game without a clock"));
  if (comment && !read_clocks (reader, comment, clocks, error))
    return FALSE;
  if (syn_game_is_over (reader->game))
    return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                            _ ("turn %u comes after the end of the game (%s)"), expected,
                            syn_game_get_reason (reader->game));

  /* Both moves are checked against the position they were chosen in, before either is
   * played. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (words[1 + side][0] == '?'
            ? !read_sealed (reader, (SynColour) side, words[1 + side], &choice[side], &sealed_after,
                            error)
            : !read_choice (reader, (SynColour) side, words[1 + side], &choice[side], error))
      return FALSE;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (choice[side] != SYN_CHOICE_NONE
        && !((choice[side] & SYN_CHOICE_SEALED)
                 ? syn_game_play_sealed_step (reader->game, (SynColour) side, choice[side],
                                              &sealed_after, &local_error)
                 : syn_game_choose (reader->game, (SynColour) side, choice[side], &local_error)))
      return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line, "%s",
                              local_error->message);
  if (syn_game_get_n_turns (reader->game) != expected)
    return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                            _ ("turn %u could not be played"), expected);
  reader->n_turns = expected;
  if (!comment)
    return TRUE;
  /* PSC-R11: a turn adds the increment and no more. The time read stops while a record is
   * replayed, so the clock now shows the most a player can have; a writer's rounding to
   * tenths is allowed for. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      gint64 most
          = syn_clock_get_remaining_ms (syn_game_get_clock (reader->game), (SynColour) side);
      if (clocks[side] >= most + 100)
        return syn_record_fail (
            error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
            side == SYN_WHITE ? _ ("White's clock gains more than the increment: %.1f s left where "
                                   "%.1f s at most could be")
                              : _ ("Black's clock gains more than the increment: %.1f s left where "
                                   "%.1f s at most could be"),
            clocks[side] / 1000.0, most / 1000.0);
    }
  syn_game_restore_clocks (reader->game, clocks[SYN_WHITE], clocks[SYN_BLACK]);
  return TRUE;
}

static gboolean
is_known_reason (const char *reason)
{
  static const char *const others[]
      = { "time", "resignation", "agreement", "audit", "audit-withheld", "abandoned" };

  for (SynReason r = SYN_REASON_KING_FROZEN; r <= SYN_REASON_LAST; r++)
    if (g_str_equal (reason, syn_reason_to_text (r)))
      return TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (others); i++)
    if (g_str_equal (reason, others[i]))
      return TRUE;
  return FALSE;
}

/* TX-R15: in a Transactional player's record, the other side's mate or stalemate, a hidden
 * attack after our commit, or the fifty-turn draw that commit reached, ended the game on the
 * claim of the other program, the only one that could judge it (the audit at the end checks
 * the claim). */
static gboolean
take_claim (SynGame *game, SynResult result, const char *reason)
{
  SynColour mover = (SynColour) syn_game_get_state (game)->board.side_to_move;
  SynResult mover_wins = mover == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
  SynResult mover_loses = mover == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS;
  SynOutcome outcome;

  if (!is_sealed_turn (game, mover))
    return FALSE;
  if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_CHECKMATE)) && result == mover_loses)
    outcome = (SynOutcome){ result, SYN_REASON_CHECKMATE };
  else if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_STALEMATE))
           && result == SYN_RESULT_DRAW)
    outcome = (SynOutcome){ result, SYN_REASON_STALEMATE };
  else if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_HIDDEN_ATTACK))
           && result == mover_wins)
    outcome = (SynOutcome){ result, SYN_REASON_HIDDEN_ATTACK };
  else if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_FIFTY_TURNS))
           && result == SYN_RESULT_DRAW)
    outcome = (SynOutcome){ result, SYN_REASON_FIFTY_TURNS };
  else
    return FALSE;
  syn_game_end_by_rules (game, outcome);
  return TRUE;
}

/* RESULT [{reason}] */
gboolean
syn_record_read_result_line (Reader *reader, char **words, const char *comment, GError **error)
{
  SynGame *game = reader->game;
  g_autofree char *reason = NULL;
  const Tag *tag = syn_record_find_tag (reader, "Result");
  SynResult result = SYN_RESULT_NONE;

  syn_record_read_result (words[0], &result);
  if (words[1])
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("the result may only be followed by a reason such as {time}"));
  if (comment)
    {
      reason = g_strstrip (g_strndup (comment + 1, strlen (comment) - 2));
      if (!is_known_reason (reason))
        return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                                _ ("unknown reason \"%s\""), reason);
    }
  if (tag && !g_str_equal (tag->value, words[0]))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("the result %s does not match the Result tag \"%s\""), words[0],
                            tag->value);

  /* TX-R17: the audit after a Transactional network game overturned the result; only the
   * two programs could check it, so the record is taken at its word, as for a resignation. */
  if (reason && (g_str_equal (reason, "audit") || g_str_equal (reason, "audit-withheld")))
    {
      if (!syn_game_get_variant (game)->view || result == SYN_RESULT_NONE
          || result == SYN_RESULT_DRAW)
        return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                                _ ("%s {%s} does not fit the final position"), words[0], reason);
      if (!syn_game_is_over (game))
        syn_game_end (game, result, SYN_END_RESIGNATION);
      if (g_str_equal (reason, "audit"))
        syn_game_overturn (game, result);
      else
        syn_game_overturn_withheld (game, result);
      return TRUE;
    }
  if (syn_game_is_over (game))
    {
      /* PSC-R10: the final position decides; the record must agree with it. */
      const char *expected = syn_result_to_text (syn_game_get_result (game));
      if (result != syn_game_get_result (game)
          || (reason && !g_str_equal (reason, syn_game_get_reason (game))))
        return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                                _ ("the game ended %s {%s} after turn %u, not %s%s%s%s"), expected,
                                syn_game_get_reason (game), reader->n_turns, words[0],
                                reason ? " {" : "", reason ? reason : "", reason ? "}" : "");
      return TRUE;
    }
  if (reason && take_claim (game, result, reason))
    return TRUE;

  switch (result)
    {
    case SYN_RESULT_NONE:
      if (reason)
        return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                                _ ("a game that goes on (*) has no reason"));
      return TRUE;
    case SYN_RESULT_WHITE_WINS:
    case SYN_RESULT_BLACK_WINS:
      if (!reason || g_str_equal (reason, "resignation"))
        syn_game_end (game, result, SYN_END_RESIGNATION);
      else if (g_str_equal (reason, "time"))
        syn_game_end (game, result, SYN_END_TIME);
      else if (g_str_equal (reason, "abandoned"))
        syn_game_end (game, result, SYN_END_ABANDONED);
      else
        break;
      return TRUE;
    case SYN_RESULT_DRAW:
    default:
      if (!reason || g_str_equal (reason, "agreement"))
        {
          syn_game_end (game, result, SYN_END_AGREEMENT);
          return TRUE;
        }
      break;
    }
  return syn_record_fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                          _ ("%s {%s} does not fit the final position"), words[0], reason);
}
