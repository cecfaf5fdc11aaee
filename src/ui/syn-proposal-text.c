/* syn-proposal-text.c: a host's proposal as the guest reads it, in the Join and the Accept an
 * Invitation dialogs alike.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "syn-proposal-text.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

char *
syn_proposal_text (const SynPeerOptions *options)
{
  g_autofree char *tc = NULL;
  const char *colour = options->host_colour == SYN_WHITE ? _ ("Black") : _ ("White");

  if (options->tc.initial_ms == 0)
    tc = g_strdup (_ ("no clock"));
  else
    tc = g_strdup_printf (_ ("%g min + %g s"), (double) options->tc.initial_ms / 60000.0,
                          (double) options->tc.increment_ms / 1000.0);
  /* Translators: "Parrow Synchronous Chess, 3 min + 2 s, you play White" */
  return g_strdup_printf (
      _ ("%s, %s, you play %s"),
      syn_notation_variant_name (options->variant ? options->variant : &syn_variant_psc), tc,
      colour);
}
