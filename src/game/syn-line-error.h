/* syn-line-error.h: errors that name the line of a text at fault ("line 15: ..."), shared by
 * the readers of game records and analysis trees.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Sets error to "line LINE: " followed by the formatted text. */
G_GNUC_PRINTF (5, 0)
void syn_set_line_error_valist (GError **error, GQuark domain, int code, guint line,
                                const char *format, va_list args);

/* The line that holds byte offset of text, from 1. */
guint syn_line_of (const char *text, gsize offset);

G_END_DECLS
