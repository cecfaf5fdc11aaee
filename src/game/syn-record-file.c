/* syn-record-file.c: records on disk: saving atomically, loading with a size limit, and the
 * autosave folder where every game lives so that none is ever lost.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-record"

#include "config.h"

#include "syn-record.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "syn-text-file.h"
#include "syn-game-private.h"
#include "syn-record-private.h"

gboolean
syn_record_save (SynGame *game, GFile *file, GError **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (SYN_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = syn_record_write (game);
  return syn_text_file_save (file, text, error);
}

/* A game loaded from the autosave folder keeps its id, so that autosaving it again replaces
 * its own file instead of leaving an unfinished copy behind. */
static void
keep_autosave_id (SynGame *game, GFile *file)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFile) fallback = syn_record_fallback_dir ();
  g_autoptr (GFile) parent = g_file_get_parent (file);
  g_autofree char *name = g_file_get_basename (file);
  gsize length;

  if (!parent || !name || !(g_file_equal (parent, dir) || g_file_equal (parent, fallback))
      || !g_str_has_suffix (name, SYN_RECORD_SUFFIX))
    return;
  length = strlen (name) - strlen (SYN_RECORD_SUFFIX);
  if (length == 0)
    return;
  name[length] = '\0';
  syn_game_set_id (game, name);
}

SynGame *
syn_record_load (GFile *file, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (SynGame) game = NULL;
  gsize length = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* One byte more than a record may hold tells a record from a bigger file without reading
   * all of it. */
  text = syn_text_file_load (file, SYN_RECORD_MAX_SIZE + 1, &length, error);
  if (!text || !syn_record_check_text (text, length, error))
    return NULL;
  game = syn_record_read (text, error);
  if (!game)
    return NULL;
  keep_autosave_id (game, file);
  return g_steal_pointer (&game);
}

/* The network games' index ------------------------------------------------------------------ */

#define INDEX_GROUP "Index"
#define INDEX_VERSION 1
#define INDEX_MAX_SIZE (16 * 1024 * 1024)
/* The tags stand at a record's top; a NetPair beyond this is not looked for on a rebuild. */
#define INDEX_HEAD_SIZE 4096

static gboolean
is_pair_text (const char *pair)
{
  gsize i;

  for (i = 0; pair[i]; i++)
    if (!g_ascii_isxdigit (pair[i]) || g_ascii_isupper (pair[i]))
      return FALSE;
  return i == 64;
}

/* The ids the protocol can carry (docs/protocol.md, "Lines"); no other goes in the index. */
static gboolean
is_id_text (const char *id, gsize length)
{
  if (length == 0 || length > 64)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (id[i]) && id[i] != '-')
      return FALSE;
  return TRUE;
}

static GFile *
index_file (void)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();

  return g_file_get_child (dir, SYN_RECORD_NET_INDEX);
}

static gboolean
save_index (GKeyFile *index, GError **error)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFile) file = index_file ();
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = NULL;

  if (g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), dir_path, g_strerror (saved_errno));
      return FALSE;
    }
  g_key_file_set_integer (index, INDEX_GROUP, "Version", INDEX_VERSION);
  text = g_key_file_to_data (index, NULL, NULL);
  /* Private, as the folder: it says whom a person played. */
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static void
index_add (GKeyFile *index, const char *pair, const char *id)
{
  gsize n = 0;
  g_auto (GStrv) ids = g_key_file_get_string_list (index, pair, "Games", &n, NULL);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) added = NULL;

  if (ids && g_strv_contains ((const char *const *) ids, id))
    return;
  if (ids)
    g_strv_builder_addv (builder, (const char **) ids);
  g_strv_builder_add (builder, id);
  added = g_strv_builder_end (builder);
  g_key_file_set_string_list (index, pair, "Games", (const char *const *) added,
                              g_strv_length (added));
}

/* The value of tag name in a record's head, or NULL. */
static char *
head_tag (const char *head, const char *name)
{
  g_autofree char *needle = g_strdup_printf ("\n[%s \"", name);
  const char *start = strstr (head, needle), *end;

  if (!start)
    return NULL;
  start += strlen (needle);
  end = strchr (start, '"');
  return end ? g_strndup (start, (gsize) (end - start)) : NULL;
}

/* The index made again from the records' tags: every unfinished game with a NetPair. Only
 * regular files are opened, without blocking (a FIFO named like a record hangs nothing), and
 * only their first bytes are read. */
static GKeyFile *
rebuild_index (void)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFileEnumerator) enumerator = NULL;
  g_autoptr (GError) error = NULL;
  GKeyFile *index = g_key_file_new ();

  enumerator = g_file_enumerate_children (
      dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  while (enumerator)
    {
      GFileInfo *info;
      GFile *child;
      const char *name;
      gsize length = 0, id_length;
      g_autofree char *head = NULL;
      g_autofree char *pair = NULL;
      g_autofree char *result = NULL;

      if (!g_file_enumerator_iterate (enumerator, &info, &child, NULL, NULL) || !info)
        break;
      name = g_file_info_get_name (info);
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
          || !g_str_has_suffix (name, SYN_RECORD_SUFFIX))
        continue;
      id_length = strlen (name) - strlen (SYN_RECORD_SUFFIX);
      if (!is_id_text (name, id_length))
        continue;
      head = syn_text_file_load (child, INDEX_HEAD_SIZE, &length, NULL);
      if (!head)
        continue;
      pair = head_tag (head, "NetPair");
      result = head_tag (head, "Result");
      if (pair && is_pair_text (pair) && result && g_str_equal (result, "*"))
        {
          g_autofree char *id = g_strndup (name, id_length);
          index_add (index, pair, id);
        }
    }
  if (!save_index (index, &error))
    g_debug ("the index of network games could not be saved: %s", error->message);
  return index;
}

/* The index as saved, or made again when it is missing, cannot be read, or is of another
 * version. */
static GKeyFile *
load_index (void)
{
  g_autoptr (GFile) file = index_file ();
  g_autoptr (GKeyFile) index = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize length = 0;

  text = syn_text_file_load (file, INDEX_MAX_SIZE + 1, &length, NULL);
  if (!text || length > INDEX_MAX_SIZE
      || !g_key_file_load_from_data (index, text, length, G_KEY_FILE_NONE, NULL)
      || g_key_file_get_integer (index, INDEX_GROUP, "Version", NULL) != INDEX_VERSION)
    return rebuild_index ();
  return g_steal_pointer (&index);
}

char **
syn_record_index_lookup (const char *pair, GError **error)
{
  g_autoptr (GKeyFile) index = NULL;
  char **ids;

  g_return_val_if_fail (pair != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!is_pair_text (pair))
    return g_new0 (char *, 1);
  index = load_index ();
  ids = g_key_file_get_string_list (index, pair, "Games", NULL, NULL);
  return ids ? ids : g_new0 (char *, 1);
}

gboolean
syn_record_index_remove (const char *pair, const char *id, GError **error)
{
  g_autoptr (GKeyFile) index = NULL;
  g_auto (GStrv) ids = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) kept = NULL;

  g_return_val_if_fail (pair != NULL && id != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!is_pair_text (pair))
    return TRUE;
  index = load_index ();
  ids = g_key_file_get_string_list (index, pair, "Games", NULL, NULL);
  if (!ids || !g_strv_contains ((const char *const *) ids, id))
    return TRUE;
  for (guint i = 0; ids[i]; i++)
    if (!g_str_equal (ids[i], id))
      g_strv_builder_add (builder, ids[i]);
  kept = g_strv_builder_end (builder);
  if (kept[0])
    g_key_file_set_string_list (index, pair, "Games", (const char *const *) kept,
                                g_strv_length (kept));
  else
    g_key_file_remove_group (index, pair, NULL);
  return save_index (index, error);
}

/* A network game's record saved: its id is listed under its pair, so that a host finds it
 * without reading every record. The index is only a help: a record saved without it is
 * still saved. */
static void
index_saved_game (SynGame *game)
{
  const char *pair = syn_game_get_tag (game, "NetPair");
  const char *id = syn_game_get_id (game);
  g_autoptr (GKeyFile) index = NULL;
  g_autoptr (GError) error = NULL;
  gsize n = 0;
  g_auto (GStrv) ids = NULL;

  if (!pair || !is_pair_text (pair) || !id || !is_id_text (id, strlen (id))
      || syn_game_is_over (game))
    return;
  index = load_index ();
  ids = g_key_file_get_string_list (index, pair, "Games", &n, NULL);
  if (ids && g_strv_contains ((const char *const *) ids, id))
    return;
  index_add (index, pair, id);
  if (!save_index (index, &error))
    g_debug ("the index of network games could not be saved: %s", error->message);
}

GFile *
syn_record_autosave_dir (void)
{
  return g_file_new_build_filename (g_get_user_data_dir (), "synchess", "games", NULL);
}

GFile *
syn_record_fallback_dir (void)
{
  return g_file_new_build_filename (g_get_user_cache_dir (), "synchess", "unsaved-games", NULL);
}

static gboolean
save_in (GFile *dir, SynGame *game, GError **error)
{
  g_autofree char *path = g_file_get_path (dir);
  g_autofree char *name = g_strconcat (syn_game_get_id (game), SYN_RECORD_SUFFIX, NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);

  /* Private: the folder says whom a person played and when. */
  if (g_mkdir_with_parents (path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), path, g_strerror (saved_errno));
      return FALSE;
    }
  return syn_record_save (game, file, error);
}

gboolean
syn_record_autosave (SynGame *game, GError **error)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFile) fallback = syn_record_fallback_dir ();
  g_autofree char *fallback_path = g_file_get_path (fallback);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GError) fallback_error = NULL;

  g_return_val_if_fail (SYN_IS_GAME (game), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (save_in (dir, game, &local_error))
    {
      index_saved_game (game);
      g_autofree char *name = g_strconcat (syn_game_get_id (game), SYN_RECORD_SUFFIX, NULL);
      g_autoptr (GFile) stale = g_file_get_child (fallback, name);

      /* The autosave folder holds the newest record again: a copy that a failure left in
       * the fallback folder would be offered as well. */
      g_file_delete (stale, NULL, NULL);
      return TRUE;
    }
  /* A folder that cannot be written (read-only, full) must not lose the game: it goes where
   * it can, and the player is told where. */
  if (save_in (fallback, game, &fallback_error))
    g_set_error (error, local_error->domain, local_error->code,
                 _ ("The game could not be saved in its usual folder (%s), so it was saved in %s"),
                 local_error->message, fallback_path);
  else
    g_set_error (error, local_error->domain, local_error->code,
                 _ ("The game could not be saved (%s), nor in %s (%s)"), local_error->message,
                 fallback_path, fallback_error->message);
  return FALSE;
}

gboolean
syn_record_set_aside (SynGame *game, GError **error)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFile) aside = g_file_get_child (dir, "set-aside");
  g_autofree char *name = g_strconcat (syn_game_get_id (game), SYN_RECORD_SUFFIX, NULL);
  g_autoptr (GFile) from = g_file_get_child (dir, name);
  g_autoptr (GFile) to = g_file_get_child (aside, name);
  g_autofree char *aside_path = g_file_get_path (aside);

  if (g_mkdir_with_parents (aside_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), aside_path, g_strerror (saved_errno));
      return FALSE;
    }
  return g_file_move (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, error);
}

typedef struct
{
  GFile *file;
  char *name;
  guint64 modified_us;
} Candidate;

static void
candidate_free (Candidate *candidate)
{
  g_object_unref (candidate->file);
  g_free (candidate->name);
  g_free (candidate);
}

/* Newest first: by the time the file was last written, then by name (ids sort by time). */
static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = *(const Candidate *const *) a;
  const Candidate *y = *(const Candidate *const *) b;

  if (x->modified_us != y->modified_us)
    return x->modified_us < y->modified_us ? 1 : -1;
  return -strcmp (x->name, y->name);
}

/* Whether the record's tags, at its top, give the result "*" (the game goes on). A file
 * that cannot be read that far counts as unfinished, so the full reading decides. */
static gboolean
says_unfinished (GFile *file)
{
  gsize length;
  g_autofree char *head = syn_text_file_load (file, 4096, &length, NULL);

  if (!head || length == 0)
    return TRUE;
  if (!strstr (head, "[Result \""))
    return TRUE;
  return strstr (head, "[Result \"*\"]") != NULL;
}

/* Adds the records of dir to candidates; error when the folder cannot be read (one that
 * does not exist holds no game). */
static void
add_candidates (GFile *dir, GPtrArray *candidates, GError **error)
{
  g_autoptr (GFileEnumerator) enumerator = NULL;
  g_autoptr (GError) local_error = NULL;

  enumerator = g_file_enumerate_children (dir,
                                          G_FILE_ATTRIBUTE_STANDARD_NAME
                                          "," G_FILE_ATTRIBUTE_STANDARD_TYPE
                                          "," G_FILE_ATTRIBUTE_TIME_MODIFIED
                                          "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                          G_FILE_QUERY_INFO_NONE, NULL, &local_error);
  if (!enumerator)
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_propagate_error (error, g_steal_pointer (&local_error));
      return;
    }
  for (;;)
    {
      GFileInfo *info;
      GFile *child;
      Candidate *candidate;

      if (!g_file_enumerator_iterate (enumerator, &info, &child, NULL, error) || !info)
        return;
      if (g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR
          || !g_str_has_suffix (g_file_info_get_name (info), SYN_RECORD_SUFFIX))
        continue;
      candidate = g_new0 (Candidate, 1);
      candidate->file = g_object_ref (child);
      candidate->name = g_strdup (g_file_info_get_name (info));
      candidate->modified_us
          = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
            + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
      g_ptr_array_add (candidates, candidate);
    }
}

SynGame *
syn_record_find_unfinished (GError **error)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFile) fallback = syn_record_fallback_dir ();
  g_autoptr (GPtrArray) candidates = NULL;
  g_autoptr (GError) dir_error = NULL;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) candidate_free);
  /* The fallback folder holds the games the usual one could not take, unreadable or not. */
  add_candidates (dir, candidates, &dir_error);
  add_candidates (fallback, candidates, NULL);
  g_ptr_array_sort (candidates, compare_candidates);

  for (guint i = 0; i < candidates->len; i++)
    {
      const Candidate *candidate = g_ptr_array_index (candidates, i);
      g_autoptr (SynGame) game = NULL;
      g_autoptr (GError) load_error = NULL;

      /* Finished games pile up here; their Result tag says so without replaying them. */
      if (!says_unfinished (candidate->file))
        continue;
      game = syn_record_load (candidate->file, &load_error);
      /* A damaged file must not keep the player from the games that are fine. */
      if (!game)
        {
          g_debug ("Skipping %s: %s", candidate->name, load_error->message);
          continue;
        }
      if (!syn_game_is_over (game))
        return g_steal_pointer (&game);
    }
  if (dir_error)
    g_propagate_error (error, g_steal_pointer (&dir_error));
  return NULL;
}

GPtrArray *
syn_record_list_recent (guint max)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFile) fallback = syn_record_fallback_dir ();
  g_autoptr (GPtrArray) candidates
      = g_ptr_array_new_with_free_func ((GDestroyNotify) candidate_free);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);

  add_candidates (dir, candidates, NULL);
  add_candidates (fallback, candidates, NULL);
  g_ptr_array_sort (candidates, compare_candidates);
  for (guint i = 0; i < candidates->len && files->len < max; i++)
    {
      const Candidate *candidate = g_ptr_array_index (candidates, i);
      g_ptr_array_add (files, g_object_ref (candidate->file));
    }
  return files;
}
