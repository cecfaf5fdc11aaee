/* syn-file-save.c: writing a whole text file atomically (see syn-file-save.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-file"

#include "config.h"

#include "syn-file-save.h"

#include <string.h>

gboolean
syn_file_save_atomically (GFile *file, const char *text, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* g_file_replace_contents() writes a file that does not exist yet in place, so a full disk
   * left a first save empty or cut; g_file_set_contents_full() always writes a temporary
   * file and renames it over the target. */
  path = g_file_get_path (file);
  if (path)
    return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0666, error);
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                  NULL, error);
}
