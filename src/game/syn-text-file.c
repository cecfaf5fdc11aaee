/* syn-text-file.c: whole text files read and written safely (see syn-text-file.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-file"

#include "config.h"

#include "syn-text-file.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

gboolean
syn_text_file_save (GFile *file, const char *text, GError **error)
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

static void
set_errno_error (GError **error, int saved_errno, const char *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), _ ("Could not read %s: %s"),
               path, g_strerror (saved_errno));
}

static void
set_not_regular_error (GError **error, const char *name)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _ ("%s is not a regular file"),
               name);
}

/* A local file: opened without blocking, so that opening a FIFO does not wait for a writer,
 * then checked on the open descriptor, so that nothing can swap the file in between. */
static char *
load_local (const char *path, gsize max_length, gsize *length, GError **error)
{
  g_autofree char *text = NULL;
  struct stat st;
  gsize done = 0;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_errno_error (error, errno, path);
      return NULL;
    }
  if (fstat (fd, &st) != 0)
    {
      set_errno_error (error, errno, path);
      close (fd);
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      set_not_regular_error (error, path);
      close (fd);
      return NULL;
    }
  text = g_malloc (max_length + 1);
  while (done < max_length)
    {
      gssize n = read (fd, text + done, max_length - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          set_errno_error (error, errno, path);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      done += (gsize) n;
    }
  close (fd);
  text[done] = '\0';
  *length = done;
  return g_steal_pointer (&text);
}

/* Any other GFile: its type asked first, then read through GIO. */
static char *
load_other (GFile *file, gsize max_length, gsize *length, GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autofree char *text = NULL;
  gsize done = 0;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE, NULL,
                            error);
  if (!info)
    return NULL;
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      set_not_regular_error (error, name);
      return NULL;
    }
  stream = g_file_read (file, NULL, error);
  if (!stream)
    return NULL;
  text = g_malloc (max_length + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), text, max_length, &done, NULL, error))
    return NULL;
  text[done] = '\0';
  *length = done;
  return g_steal_pointer (&text);
}

char *
syn_text_file_load (GFile *file, gsize max_length, gsize *length, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (length != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = g_file_get_path (file);
  if (path)
    return load_local (path, max_length, length, error);
  return load_other (file, max_length, length, error);
}
