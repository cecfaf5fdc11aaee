/* variant.c: the table of rule sets and what works the same for all of them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "variant.h"

#include <string.h>

static const SynVariant *const variants[] = {
  &syn_variant_psc,
  &syn_variant_synchrone,
  &syn_variant_hk,
  &syn_variant_hutnik,
  &syn_variant_transactional,
  NULL,
};

const SynVariant *const *
syn_variant_all (void)
{
  return variants;
}

const SynVariant *
syn_variant_lookup (const char *id)
{
  for (int i = 0; variants[i]; i++)
    if (strcmp (variants[i]->id, id) == 0)
      return variants[i];
  return NULL;
}

void
syn_step_info_init (SynStepInfo *info)
{
  memset (info, 0, sizeof *info);
  info->kind = SYN_STEP_MOVES;
  info->token = -1;
}

void
syn_variant_describe (const SynVariant *variant, const SynState *state, SynStepInfo *info)
{
  syn_step_info_init (info);
  if (variant->describe)
    variant->describe (state, info);
}

void
syn_variant_view (const SynVariant *variant, const SynState *state, SynColour side,
                  SynPosition *out)
{
  if (variant->view)
    variant->view (state, side, out);
  else
    *out = state->board;
}

SynChoice
syn_variant_choice_from_text (const SynVariant *variant, const SynState *state, SynColour side,
                              const char *text)
{
  SynChoice choices[SYN_MAX_CHOICES];
  char buf[SYN_CHOICE_TEXT_SIZE];
  int n = variant->choices (state, side, choices);
  for (int i = 0; i < n; i++)
    {
      variant->choice_to_text (state, choices[i], buf);
      if (strcmp (buf, text) == 0)
        return choices[i];
    }
  return SYN_CHOICE_NONE;
}

uint64_t
syn_sperft (const SynVariant *variant, const SynState *state, int depth)
{
  SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  int n_white, n_black;
  uint64_t total = 0;

  if (depth <= 0)
    return 1;
  if (depth == 1)
    return variant->count_joint_choices (state);
  if (variant->outcome (state).result != SYN_RESULT_NONE)
    return 0;
  if (depth == 2 && variant->count_after_step)
    return variant->count_after_step (state);

  n_white = variant->choices (state, SYN_WHITE, white);
  n_black = variant->choices (state, SYN_BLACK, black);
  /* A side with nothing to choose waits: one "choice" that is no choice. */
  if (n_white == 0)
    white[n_white++] = SYN_CHOICE_NONE;
  if (n_black == 0)
    black[n_black++] = SYN_CHOICE_NONE;
  for (int w = 0; w < n_white; w++)
    for (int b = 0; b < n_black; b++)
      {
        SynState child;
        variant->apply (state, white[w], black[b], &child);
        total += syn_sperft (variant, &child, depth - 1);
      }
  return total;
}
