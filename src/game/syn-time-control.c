/* syn-time-control.c: time controls as text: "180+2" or "-".
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-time-control"

#include "config.h"

#include "syn-time-control.h"

#include <math.h>

/* Reads seconds with up to three decimals, as milliseconds. */
static gboolean
parse_seconds (const char *text, const char *end, gint64 *ms)
{
  g_autofree char *copy = g_strndup (text, (gsize) (end - text));
  char *stop;
  double seconds;

  if (copy[0] == '\0' || !g_ascii_isdigit (copy[0]))
    return FALSE;
  seconds = g_ascii_strtod (copy, &stop);
  if (*stop != '\0' || !isfinite (seconds) || seconds < 0 || seconds > 86400.0 * 30)
    return FALSE;
  *ms = (gint64) llround (seconds * 1000.0);
  return TRUE;
}

gboolean
syn_time_control_parse (const char *text, SynTimeControl *out)
{
  const char *plus;
  SynTimeControl tc;

  if (g_strcmp0 (text, "-") == 0)
    {
      out->initial_ms = out->increment_ms = 0;
      return TRUE;
    }
  if (!text || !(plus = strchr (text, '+')))
    return FALSE;
  if (!parse_seconds (text, plus, &tc.initial_ms)
      || !parse_seconds (plus + 1, plus + strlen (plus), &tc.increment_ms) || tc.initial_ms == 0)
    return FALSE;
  *out = tc;
  return TRUE;
}

static char *
format_seconds (gint64 ms)
{
  if (ms % 1000 == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT, ms / 1000);
  return g_strdup_printf ("%" G_GINT64_FORMAT ".%03d", ms / 1000, (int) (ms % 1000));
}

char *
syn_time_control_to_string (const SynTimeControl *tc)
{
  g_autofree char *initial = NULL, *increment = NULL;
  if (tc->initial_ms == 0)
    return g_strdup ("-");
  initial = format_seconds (tc->initial_ms);
  increment = format_seconds (tc->increment_ms);
  return g_strdup_printf ("%s+%s", initial, increment);
}
