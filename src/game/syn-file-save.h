/* syn-file-save.h: writing a whole text file so that a crash or a full disk leaves the old
 * file or the new one, never part of one, the first save included.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean syn_file_save_atomically (GFile *file, const char *text, GError **error);

G_END_DECLS
