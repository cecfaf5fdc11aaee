/* syn-pair-matrix-text.c: the pair matrix in words: the choices' names, the summary line
 * and the equilibrium strategies.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-pair-matrix"

#include "config.h"

#include "syn-pair-matrix-private.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

#define MAX_LISTED 16 /* choices named in a strategy's line */

char *
syn_pair_matrix_describe_strategy (char **names, const double *strategy, int n)
{
  GString *text = g_string_new (NULL);
  int listed = 0, more = 0;

  /* A long mix (a Transactional side's many equal choices) is cut short to stay readable;
   * the sort by probability shows the rest. */
  for (int i = 0; i < n; i++)
    if (strategy[i] > 0.0005 && listed++ < MAX_LISTED)
      g_string_append_printf (text, "%s%s %.1f%%", text->len > 0 ? ", " : "", names[i],
                              100.0 * strategy[i]);
    else if (strategy[i] > 0.0005)
      more++;
  if (more > 0)
    /* Translators: after the first choices of an equilibrium strategy, how many others the
     * strategy plays */
    g_string_append_printf (
        text, g_dngettext (GETTEXT_PACKAGE, ", and %d more choice", ", and %d more choices", more),
        more);
  return g_string_free (text, FALSE);
}

char *
syn_pair_matrix_describe_choice (const SynVariant *variant, const SynState *state, SynColour side,
                                 SynChoice choice)
{
  SynStepInfo info;
  g_autofree char *move = NULL;

  if (choice == SYN_CHOICE_NONE)
    /* Translators: a side the rules ask nothing of at this step (HK's exchange of blows,
     * the side not to move in Transactional Chess) */
    return g_strdup (_ ("Waits this step"));
  move = syn_notation_describe (variant, state, side, choice);
  syn_variant_describe (variant, state, &info);
  /* A Transactional move that neither commits nor rolls back stays in the open transaction;
   * said so, it is not mistaken for the whole choice. */
  if (info.kind == SYN_STEP_TX_MOVE && SYN_CHOICE_KIND (choice) == 0)
    /* Translators: a Transactional Chess move without a decision: "Nf3, keep pending" */
    return g_strdup_printf (_ ("%s, keep pending"), move);
  return g_steal_pointer (&move);
}

char **
syn_pair_matrix_choice_names (const SynVariant *variant, const SynState *state, SynColour side,
                              const SynChoice *choices, int n)
{
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = syn_pair_matrix_describe_choice (variant, state, side, choices[i]);
  return names;
}

/* What the matrix is: its size, and what was cut or waits; the value for White. */
char *
syn_pair_matrix_describe_matrix (const SynAnalysisMatrix *m)
{
  GString *text = g_string_new (NULL);

  if (m->variant == &syn_variant_psc)
    {
      g_string_append_printf (text, _ ("Moves: White %d, Black %d. Value for White: %+.2f"),
                              m->n_white, m->n_black, m->value / 100.0);
      return g_string_free (text, FALSE);
    }
  /* Translators: the pair matrix of a rule set other than PSC; a side that waits has one
   * row or column */
  g_string_append_printf (text, _ ("Choices: White %d, Black %d. Value for White: %+.2f"),
                          m->n_white_all, m->n_black_all, m->value / 100.0);
  g_string_append (text, "\n");
  g_string_append (text, _ ("Each pair is valued by material and outcome one step ahead."));
  if (m->n_white_all == 0)
    g_string_append_printf (text, "\n%s", _ ("White waits this step: one row."));
  if (m->n_black_all == 0)
    g_string_append_printf (text, "\n%s", _ ("Black waits this step: one column."));
  if (m->n_white_all > m->n_white)
    g_string_append_printf (text, "\n%s",
                            /* Translators: the pair matrix keeps only so many choices */
                            _ ("Only White’s first choices are weighed; the rest were cut."));
  if (m->n_black_all > m->n_black)
    g_string_append_printf (text, "\n%s",
                            _ ("Only Black’s first choices are weighed; the rest were cut."));
  return g_string_free (text, FALSE);
}
