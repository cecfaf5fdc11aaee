/* self-play.c: playing games of a rule set for the engine tools run by hand (see the header).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "self-play.h"

#include <stdbool.h>

#include "splitmix.h"
#include "transactional.h"

uint64_t
self_play_random (uint64_t *state)
{
  uint64_t x = syn_splitmix (*state);

  *state += 0x9E3779B97F4A7C15ULL;
  return x;
}

void
self_play_known_state (const SynVariant *variant, const SynState *state, SynColour side,
                       SynState *out)
{
  if (variant == &syn_variant_transactional)
    syn_tx_player_state (state, side, out);
  else
    *out = *state;
}

/* True when the step was refused (TX-R5): the same side chooses again. */
static bool
refused (const SynVariant *variant, const SynState *before, SynChoice white, SynChoice black,
         const SynState *after)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n = variant->events ? variant->events (before, white, black, after, events) : 0;
  for (int i = 0; i < n; i++)
    if (events[i].kind == SYN_EVENT_LOCKED)
      return true;
  return false;
}

void
self_play_step (const SynVariant *variant, SynState *state, const SynChoice chosen[2],
                SynChoice excluded[2][SYN_MAX_CHOICES], int n_excluded[2])
{
  SynState next;

  variant->apply (state, chosen[SYN_WHITE], chosen[SYN_BLACK], &next);
  if (refused (variant, state, chosen[SYN_WHITE], chosen[SYN_BLACK], &next))
    {
      int side = state->board.side_to_move;
      if (n_excluded[side] < SYN_MAX_CHOICES)
        excluded[side][n_excluded[side]++] = chosen[side];
      return;
    }
  n_excluded[0] = n_excluded[1] = 0;
  *state = next;
}
