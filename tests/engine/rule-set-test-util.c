/* rule-set-test-util.c: what the tests of the rule sets beside PSC share (see the header).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "rule-set-test-util.h"

#include <stdlib.h>
#include <string.h>

#include "fen-fields.h"

/* The ruling tests ------------------------------------------------------------------------ */

void
rule_set_test_load (const SynVariant *variant, SynState *state, const char *fen)
{
  SynFenError error = { 0, "" };
  gboolean ok = variant->read_state (fen, state, &error);
  if (!ok)
    g_test_message ("refused %s: %s", fen, error.message);
  g_assert_true (ok);
}

void
rule_set_test_assert_fen (const SynVariant *variant, const SynState *state, const char *expected)
{
  char buf[SYN_FEN_MAX_SIZE];
  variant->write_state (state, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, expected);
}

void
rule_set_test_assert_round_trip (const SynVariant *variant, const char *fen)
{
  SynState state;
  rule_set_test_load (variant, &state, fen);
  rule_set_test_assert_fen (variant, &state, fen);
}

void
rule_set_test_assert_refused (const SynVariant *variant, const char *fen, int field,
                              const char *words)
{
  SynState state;
  SynFenError error = { -1, "" };
  g_assert_false (variant->read_state (fen, &state, &error));
  g_test_message ("%s: %s", fen, error.message);
  g_assert_cmpint (error.field, ==, field);
  if (field > 0)
    {
      g_autofree char *prefix = g_strdup_printf ("field %d: ", field);
      g_assert_true (g_str_has_prefix (error.message, prefix));
    }
  g_assert_nonnull (strstr (error.message, words));
}

static int
compare_text_pointers (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

SynSetup
rule_set_test_setup_of (const SynVariant *variant, const char *placement)
{
  SynSetup setup = { .variant = variant };
  SynFenError error;

  syn_position_clear (&setup.board);
  setup.board.turn_number = 1;
  if (!syn_fen_read_placement (placement, strlen (placement), &setup.board, &error))
    g_error ("%s: %s", placement, error.message);
  return setup;
}

char *
rule_set_test_choices_text (const SynVariant *variant, const SynState *state, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];
  char buf[SYN_CHOICE_TEXT_SIZE];
  int n = variant->choices (state, side, choices);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < n; i++)
    {
      variant->choice_to_text (state, choices[i], buf);
      g_ptr_array_add (texts, g_strdup (buf));
    }
  g_ptr_array_sort (texts, compare_text_pointers);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

/* The engine against a naive implementation -------------------------------------------- */

SynChoice
rule_set_test_choice (const SynVariant *variant, const SynState *state, SynColour side,
                      const char *text)
{
  SynChoice choice = syn_variant_choice_from_text (variant, state, side, text);
  if (choice == SYN_CHOICE_NONE)
    g_error ("the engine does not offer %s", text);
  return choice;
}

void
rule_set_test_assert_engine_refuses (const SynVariant *variant, const char *fen,
                                     const char *naive_message)
{
  SynState state;
  SynFenError error;
  if (variant->read_state (fen, &state, &error))
    {
      g_test_message ("engine accepts %s (naive: %s)", fen, naive_message);
      g_test_fail ();
    }
}

SynReason
rule_set_test_compare_position (const SynVariant *variant, const SynState *state,
                                const char *naive_fen, const char *naive_result,
                                const char *naive_reason)
{
  char fen[SYN_FEN_MAX_SIZE];
  SynOutcome outcome;

  variant->write_state (state, fen, sizeof fen);
  if (strcmp (fen, naive_fen) != 0)
    g_error ("engine writes %s, naive %s", fen, naive_fen);
  outcome = variant->outcome (state);
  if (g_strcmp0 (syn_result_to_text (outcome.result), naive_result) != 0
      || g_strcmp0 (syn_reason_to_text (outcome.reason), naive_reason) != 0)
    g_error ("%s: engine says %s (%s), naive %s (%s)", fen, syn_result_to_text (outcome.result),
             syn_reason_to_text (outcome.reason), naive_result, naive_reason);
  /* The rulings say nothing of a finished game's choices: only that there are no steps. */
  if (outcome.result != SYN_RESULT_NONE)
    g_assert_cmpuint (variant->count_joint_choices (state), ==, 0);
  return outcome.reason;
}

static int
compare_texts (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

int
rule_set_test_compare_choices (const SynVariant *variant, const SynState *state, SynColour side,
                               const char *naive_texts, size_t text_size, int n_naive)
{
  static char texts[SYN_MAX_CHOICES][SYN_CHOICE_TEXT_SIZE];
  SynChoice choices[SYN_MAX_CHOICES];
  char fen[SYN_FEN_MAX_SIZE];
  const char *colour = side == SYN_WHITE ? "White" : "Black";
  int n = variant->choices (state, side, choices);

  for (int i = 0; i < n; i++)
    variant->choice_to_text (state, choices[i], texts[i]);
  qsort (texts, (size_t) n, SYN_CHOICE_TEXT_SIZE, compare_texts);
  for (int i = 0; i < MIN (n, n_naive); i++)
    if (strcmp (texts[i], naive_texts + (size_t) i * text_size) != 0)
      {
        variant->write_state (state, fen, sizeof fen);
        g_error ("%s: %s's choice %d is %s, naive says %s", fen, colour, i, texts[i],
                 naive_texts + (size_t) i * text_size);
      }
  if (n != n_naive)
    {
      variant->write_state (state, fen, sizeof fen);
      g_error ("%s: %s has %d choices, naive says %d (first extra: %s)", fen, colour, n, n_naive,
               n > n_naive ? texts[n_naive] : naive_texts + (size_t) n * text_size);
    }
  return n;
}

void
rule_set_test_compare_step (const SynVariant *variant, const SynState *before, const char *white,
                            const char *black, const SynState *after, const char *naive_after_fen)
{
  char fen[SYN_FEN_MAX_SIZE], before_fen[SYN_FEN_MAX_SIZE];

  variant->write_state (after, fen, sizeof fen);
  if (strcmp (fen, naive_after_fen) != 0)
    {
      variant->write_state (before, before_fen, sizeof before_fen);
      g_error ("%s with %s / %s: engine gives %s, naive %s", before_fen, white, black, fen,
               naive_after_fen);
    }
}

void
rule_set_test_report_endings (const guint64 endings[SYN_REASON_LAST + 1])
{
  static const SynReason all[] = {
    SYN_REASON_KING_CAPTURED, SYN_REASON_CHECKMATE,   SYN_REASON_BOTH_LOST,
    SYN_REASON_STALEMATE,     SYN_REASON_FIFTY_TURNS, SYN_REASON_REPETITION,
  };

  g_test_message ("endings: king-captured %" G_GUINT64_FORMAT ", checkmate %" G_GUINT64_FORMAT
                  ", both-lost %" G_GUINT64_FORMAT ", stalemate %" G_GUINT64_FORMAT
                  ", fifty-turns %" G_GUINT64_FORMAT ", repetition %" G_GUINT64_FORMAT,
                  endings[SYN_REASON_KING_CAPTURED], endings[SYN_REASON_CHECKMATE],
                  endings[SYN_REASON_BOTH_LOST], endings[SYN_REASON_STALEMATE],
                  endings[SYN_REASON_FIFTY_TURNS], endings[SYN_REASON_REPETITION]);
  /* The comparison means little unless every ending was reached. */
  for (size_t i = 0; i < G_N_ELEMENTS (all); i++)
    {
      if (endings[all[i]] == 0)
        g_test_message ("no game ended by %s", syn_reason_to_text (all[i]));
      g_assert_cmpuint (endings[all[i]], >, 0);
    }
}
