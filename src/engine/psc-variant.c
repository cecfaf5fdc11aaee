/* psc-variant.c: PSC as an entry of the rule-set table (variant.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc.h"
#include "variant.h"

static bool
psc_read_state (const char *fen, SynState *state, SynFenError *error)
{
  state->step = 0;
  return syn_fen_parse (fen, SYN_FEN_PSC, &state->board, error);
}

static void
psc_write_state (const SynState *state, char *buf, size_t size)
{
  syn_fen_write (&state->board, SYN_FEN_PSC, buf, size);
}

static int
psc_choices (const SynState *state, SynColour side, SynChoice *choices)
{
  SynPscControl ctl;
  SynMove moves[SYN_MAX_MOVES];
  int n;
  syn_psc_control (&state->board, &ctl);
  n = syn_psc_moves (&state->board, &ctl, side, moves);
  for (int i = 0; i < n; i++)
    choices[i] = moves[i];
  return n;
}

static uint64_t
psc_count_joint_choices (const SynState *state)
{
  SynPscControl ctl;
  int n_moves[2];
  syn_psc_control (&state->board, &ctl);
  n_moves[SYN_WHITE] = syn_psc_count_moves (&state->board, &ctl, SYN_WHITE);
  n_moves[SYN_BLACK] = syn_psc_count_moves (&state->board, &ctl, SYN_BLACK);
  if (syn_psc_outcome_from_counts (&state->board, &ctl, n_moves).result != SYN_RESULT_NONE)
    return 0;
  return (uint64_t) n_moves[SYN_WHITE] * (uint64_t) n_moves[SYN_BLACK];
}

static uint64_t
psc_count_after_step (const SynState *state)
{
  return syn_psc_count_after_turn (&state->board);
}

static void
psc_apply (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  syn_psc_resolve (&state->board, (SynMove) white, (SynMove) black, &out->board);
  out->step = 0;
}

static SynOutcome
psc_outcome (const SynState *state)
{
  SynPscControl ctl;
  syn_psc_control (&state->board, &ctl);
  return syn_psc_outcome (&state->board, &ctl);
}

static SynBitboard
psc_visible (const SynState *state, SynColour side)
{
  SynPscControl ctl;
  syn_psc_control (&state->board, &ctl);
  return syn_psc_visible (&ctl, side);
}

static void
psc_choice_to_text (const SynState *state, SynChoice choice, char *buf)
{
  if (choice == SYN_CHOICE_NONE)
    {
      buf[0] = '-';
      buf[1] = '\0';
      return;
    }
  syn_move_to_text ((SynMove) choice, buf);
}

const SynVariant syn_variant_psc = {
  .id = "psc",
  .name = "Parrow Synchronous Chess",
  .start_fen = SYN_FEN_START,
  .has_control = true,
  .has_deep_search = true,
  .check_free = true,
  .read_state = psc_read_state,
  .write_state = psc_write_state,
  .choices = psc_choices,
  .count_joint_choices = psc_count_joint_choices,
  .count_after_step = psc_count_after_step,
  .apply = psc_apply,
  .outcome = psc_outcome,
  .visible = psc_visible,
  .choice_to_text = psc_choice_to_text,
};
