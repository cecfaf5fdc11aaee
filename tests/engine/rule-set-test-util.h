/* rule-set-test-util.h: what the tests of the rule sets beside PSC share, each through its
 * rule set's table: reading, writing and refusing FEN, a position set up by hand, a side's
 * choices as text, and the engine's half of a comparison with a naive second implementation
 * on random play.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "setup.h"
#include "variant.h"

/* The ruling tests ------------------------------------------------------------------------ */

/* Reads fen into *state; the test fails, naming the fault, when the rule set refuses it. */
void rule_set_test_load (const SynVariant *variant, SynState *state, const char *fen);

void rule_set_test_assert_fen (const SynVariant *variant, const SynState *state,
                               const char *expected);

/* fen is read and written back unchanged. */
void rule_set_test_assert_round_trip (const SynVariant *variant, const char *fen);

/* fen is refused, with the field named both in error.field and at the start of the message
 * ("field 3: "), and words in the message. */
void rule_set_test_assert_refused (const SynVariant *variant, const char *fen, int field,
                                   const char *words);

/* A setup of variant with placement (FEN field 1) and nothing else, as the position editor
 * starts one; the test fails when placement does not read. */
SynSetup rule_set_test_setup_of (const SynVariant *variant, const char *placement);

/* side's choices as one sorted, space-separated text; g_free it. */
char *rule_set_test_choices_text (const SynVariant *variant, const SynState *state, SynColour side);

/* The engine against a naive implementation -------------------------------------------- */

/* The engine's choice written text, which it must offer. */
SynChoice rule_set_test_choice (const SynVariant *variant, const SynState *state, SynColour side,
                                const char *text);

/* A FEN the naive implementation refused (saying naive_message) must be refused too. */
void rule_set_test_assert_engine_refuses (const SynVariant *variant, const char *fen,
                                          const char *naive_message);

/* The engine writes state as naive_fen and judges it as the naive implementation does (its
 * result and reason as text, NULL for none); a finished game has no steps. Returns the
 * reason. */
SynReason rule_set_test_compare_position (const SynVariant *variant, const SynState *state,
                                          const char *naive_fen, const char *naive_result,
                                          const char *naive_reason);

/* side's choices in the engine, sorted as text, are the naive ones: n_naive texts in a
 * sorted array of text_size bytes each. Returns their number. */
int rule_set_test_compare_choices (const SynVariant *variant, const SynState *state, SynColour side,
                                   const char *naive_texts, size_t text_size, int n_naive);

/* The engine's step from before by the white and black choice texts led to after, which
 * must be written as naive_after_fen; before is the position both agreed on. */
void rule_set_test_compare_step (const SynVariant *variant, const SynState *before,
                                 const char *white, const char *black, const SynState *after,
                                 const char *naive_after_fen);

/* Tells how random games ended and fails unless every ending of the synchronous rule sets
 * (king captured, checkmate, both lost, stalemate, fifty turns, repetition) came up. */
void rule_set_test_report_endings (const guint64 endings[SYN_REASON_LAST + 1]);
