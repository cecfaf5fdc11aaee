/* syn-text-file.h: whole text files read and written safely: a save leaves the old file or
 * the new one, never part of one, and a load reads only a regular file and only as much as
 * its caller accepts, so a full disk, a FIFO or a huge file costs nothing and hangs nothing.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean syn_text_file_save (GFile *file, const char *text, GError **error);

/* Reads at most max_length bytes of a regular file; *length tells how many were read, so a
 * caller that asks for one byte more than it accepts learns that the file is too large. The
 * text ends with an added NUL. Anything but a regular file (a FIFO, a device, a folder) is
 * refused without being opened for reading, with G_IO_ERROR_NOT_REGULAR_FILE. */
char *syn_text_file_load (GFile *file, gsize max_length, gsize *length, GError **error);

/* Text editors may start a UTF-8 file with a byte-order mark; it says nothing to a reader. */
static inline const char *
syn_text_skip_byte_order_mark (const char *text)
{
  return g_str_has_prefix (text, "\xef\xbb\xbf") ? text + 3 : text;
}

G_END_DECLS
