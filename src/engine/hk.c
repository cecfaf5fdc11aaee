/* hk.c: not written yet; a placeholder so the table of rule sets stays whole.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "variant.h"

static bool
placeholder_read_state (const char *fen, SynState *state, SynFenError *error)
{
  (void) fen;
  memset (state, 0, sizeof *state);
  error->field = 0;
  snprintf (error->message, sizeof error->message, "this rule set is not available yet");
  return false;
}

static void
placeholder_write_state (const SynState *state, char *buf, size_t size)
{
  (void) state;
  snprintf (buf, size, "-");
}

static int
placeholder_choices (const SynState *state, SynColour side, SynChoice *choices)
{
  (void) state, (void) side, (void) choices;
  return 0;
}

static uint64_t
placeholder_count (const SynState *state)
{
  (void) state;
  return 0;
}

static void
placeholder_apply (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  (void) white, (void) black;
  *out = *state;
}

static SynOutcome
placeholder_outcome (const SynState *state)
{
  (void) state;
  return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_NONE };
}

static SynBitboard
placeholder_visible (const SynState *state, SynColour side)
{
  (void) state, (void) side;
  return ~(SynBitboard) 0;
}

static void
placeholder_choice_to_text (const SynState *state, SynChoice choice, char *buf)
{
  (void) state, (void) choice;
  strcpy (buf, "-");
}

const SynVariant syn_variant_hk = {
  .id = "hk",
  .name = "hk",
  .start_fen = SYN_FEN_START,
  .read_state = placeholder_read_state,
  .write_state = placeholder_write_state,
  .choices = placeholder_choices,
  .count_joint_choices = placeholder_count,
  .apply = placeholder_apply,
  .outcome = placeholder_outcome,
  .visible = placeholder_visible,
  .choice_to_text = placeholder_choice_to_text,
};
