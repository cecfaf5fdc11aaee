/* syn-line-error.c: errors that name the line of a text at fault ("line 15: ...").
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-line-error"

#include "config.h"

#include "syn-line-error.h"

#include <glib/gi18n.h>

void
syn_set_line_error_valist (GError **error, GQuark domain, int code, guint line, const char *format,
                           va_list args)
{
  g_autofree char *what = g_strdup_vprintf (format, args);

  /* Translators: %u is a line number, %s what is wrong there ("line 15: e8e6 is not a legal
   * move for Black in turn 2"). */
  g_set_error (error, domain, code, _ ("line %u: %s"), line, what);
}

guint
syn_line_of (const char *text, gsize offset)
{
  guint line = 1;

  for (gsize i = 0; i < offset; i++)
    if (text[i] == '\n')
      line++;
  return line;
}
