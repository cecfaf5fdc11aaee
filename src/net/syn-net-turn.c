/* syn-net-turn.c: the turn in progress of a network game, saved beside its record, so that
 * commitments bind across a broken connection (docs/protocol.md, "Resuming").
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-net-turn.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "syn-record.h"
#include "syn-text-file.h"

#define GROUP "Turn"
#define DRAW_GROUP "Draw"

void
syn_net_turn_init (SynNetTurn *turn, guint32 index)
{
  memset (turn, 0, sizeof *turn);
  turn->turn = index;
}

static void
set_hex_in (GKeyFile *file, const char *group, const char *key, const guint8 *bytes, gsize size)
{
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  g_assert (size <= SYN_PROTOCOL_DIGEST_SIZE);
  syn_protocol_hex (bytes, size, hex);
  g_key_file_set_string (file, group, key, hex);
}

static void
set_hex (GKeyFile *file, const char *key, const guint8 *bytes, gsize size)
{
  set_hex_in (file, GROUP, key, bytes, size);
}

char *
syn_net_turn_write (const SynNetTurn *turn)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();

  g_key_file_set_uint64 (file, GROUP, "Turn", turn->turn);
  if (turn->own)
    {
      g_key_file_set_string (file, GROUP, "Own", turn->own_text);
      set_hex (file, "OwnSalt", turn->own_salt, sizeof turn->own_salt);
      g_key_file_set_int64 (file, GROUP, "OwnUsedMs", turn->own_used_ms);
      if (turn->own_stall_ms > 0)
        g_key_file_set_int64 (file, GROUP, "OwnStallMs", turn->own_stall_ms);
      if (turn->own_sealed[0])
        g_key_file_set_string (file, GROUP, "OwnSealed", turn->own_sealed);
    }
  if (turn->theirs)
    {
      set_hex (file, "Theirs", turn->their_digest, sizeof turn->their_digest);
      g_key_file_set_int64 (file, GROUP, "TheirUsedMs", turn->their_used_ms);
      if (turn->their_raised_ms > 0)
        g_key_file_set_int64 (file, GROUP, "TheirRaisedMs", turn->their_raised_ms);
    }
  if (turn->last)
    {
      g_key_file_set_string (file, GROUP, "Last", turn->last_text);
      set_hex (file, "LastSalt", turn->last_salt, sizeof turn->last_salt);
      if (turn->last_raised_ms > 0)
        g_key_file_set_int64 (file, GROUP, "LastRaisedMs", turn->last_raised_ms);
      if (turn->last_sealed[0])
        g_key_file_set_string (file, GROUP, "LastSealed", turn->last_sealed);
    }
  return g_key_file_to_data (file, NULL, NULL);
}

static gboolean
get_hex_in (GKeyFile *file, const char *group, const char *key, guint8 *bytes, gsize size,
            GError **error)
{
  g_autofree char *hex = g_key_file_get_string (file, group, key, error);

  if (!hex)
    return FALSE;
  if (strlen (hex) != 2 * size)
    goto bad;
  for (gsize i = 0; i < size; i++)
    {
      int high = g_ascii_xdigit_value (hex[2 * i]), low = g_ascii_xdigit_value (hex[2 * i + 1]);
      if (high < 0 || low < 0)
        goto bad;
      bytes[i] = (guint8) (high * 16 + low);
    }
  return TRUE;
bad:
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               _ ("%s is not %u hex digits"), key, (guint) (2 * size));
  return FALSE;
}

static gboolean
get_hex (GKeyFile *file, const char *key, guint8 *bytes, gsize size, GError **error)
{
  return get_hex_in (file, GROUP, key, bytes, size, error);
}

static gboolean
get_text (GKeyFile *file, const char *key, char *out, gsize size, GError **error)
{
  g_autofree char *text = g_key_file_get_string (file, GROUP, key, error);

  if (!text)
    return FALSE;
  if (text[0] == '\0' || strlen (text) >= size)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE, _ ("%s is not a move"),
                   key);
      return FALSE;
    }
  g_strlcpy (out, text, size);
  return TRUE;
}

gboolean
syn_net_turn_read (const char *text, SynNetTurn *turn, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  guint64 index;
  GError *local = NULL;

  syn_net_turn_init (turn, 0);
  if (!g_key_file_load_from_data (file, text, (gsize) -1, G_KEY_FILE_NONE, error))
    return FALSE;
  index = g_key_file_get_uint64 (file, GROUP, "Turn", &local);
  if (local || index > SYN_PROTOCOL_MAX_TURNS)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GUINT64_FORMAT, index);
      if (!local)
        local = g_error_new (G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                             /* Translators: %s is a number */
                             _ ("Turn %s is out of range"), number);
      g_propagate_error (error, local);
      return FALSE;
    }
  turn->turn = (guint32) index;
  if (g_key_file_has_key (file, GROUP, "Own", NULL))
    {
      if (!get_text (file, "Own", turn->own_text, sizeof turn->own_text, error)
          || !get_hex (file, "OwnSalt", turn->own_salt, sizeof turn->own_salt, error))
        return FALSE;
      turn->own_used_ms
          = CLAMP (g_key_file_get_int64 (file, GROUP, "OwnUsedMs", NULL), 0, SYN_PROTOCOL_MAX_MS);
      turn->own_stall_ms
          = CLAMP (g_key_file_get_int64 (file, GROUP, "OwnStallMs", NULL), 0, SYN_PROTOCOL_MAX_MS);
      if (g_key_file_has_key (file, GROUP, "OwnSealed", NULL)
          && !get_text (file, "OwnSealed", turn->own_sealed, sizeof turn->own_sealed, error))
        return FALSE;
      turn->own = TRUE;
    }
  if (g_key_file_has_key (file, GROUP, "Theirs", NULL))
    {
      if (!get_hex (file, "Theirs", turn->their_digest, sizeof turn->their_digest, error))
        return FALSE;
      turn->their_used_ms
          = CLAMP (g_key_file_get_int64 (file, GROUP, "TheirUsedMs", NULL), 0, SYN_PROTOCOL_MAX_MS);
      turn->their_raised_ms = CLAMP (g_key_file_get_int64 (file, GROUP, "TheirRaisedMs", NULL), 0,
                                     SYN_PROTOCOL_MAX_MS);
      turn->theirs = TRUE;
    }
  if (g_key_file_has_key (file, GROUP, "Last", NULL))
    {
      if (!get_text (file, "Last", turn->last_text, sizeof turn->last_text, error)
          || !get_hex (file, "LastSalt", turn->last_salt, sizeof turn->last_salt, error))
        return FALSE;
      turn->last_raised_ms = CLAMP (g_key_file_get_int64 (file, GROUP, "LastRaisedMs", NULL), 0,
                                    SYN_PROTOCOL_MAX_MS);
      if (g_key_file_has_key (file, GROUP, "LastSealed", NULL)
          && !get_text (file, "LastSealed", turn->last_sealed, sizeof turn->last_sealed, error))
        return FALSE;
      turn->last = TRUE;
    }
  return TRUE;
}

static GFile *
saved_file (const char *id, const char *suffix)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_file_get_child (dir, name);
}

static GFile *
turn_file (const char *id)
{
  return saved_file (id, ".synchess-turn");
}

/* Salts not yet revealed: for our eyes only. */
static gboolean
save_private (GFile *file, const char *text, GError **error)
{
  g_autoptr (GFile) dir = g_file_get_parent (file);
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *path = g_file_get_path (file);

  if (g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), dir_path, g_strerror (saved_errno));
      return FALSE;
    }
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

gboolean
syn_net_turn_save (const SynNetTurn *turn, const char *id, GError **error)
{
  g_autoptr (GFile) file = turn_file (id);
  g_autofree char *text = syn_net_turn_write (turn);

  return save_private (file, text, error);
}

gboolean
syn_net_turn_load (const char *id, SynNetTurn *turn, GError **error)
{
  g_autoptr (GFile) file = turn_file (id);
  g_autofree char *text = NULL;
  gsize length = 0;

  syn_net_turn_init (turn, 0);
  /* Only a regular file, without blocking: a FIFO in its place must not hang the host. A
   * turn file is a few hundred bytes; 64 KiB is far more than one can hold. */
  text = syn_text_file_load (file, 64 * 1024, &length, error);
  if (!text)
    return FALSE;
  return syn_net_turn_read (text, turn, error);
}

void
syn_net_turn_remove (const char *id)
{
  g_autoptr (GFile) file = turn_file (id);

  g_file_delete (file, NULL, NULL);
}

gboolean
syn_net_turn_id_is_saved (const char *id)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (id, ".synchess", NULL);
  g_autoptr (GFile) record = g_file_get_child (dir, name);
  g_autoptr (GFile) turn = turn_file (id);
  g_autoptr (GFile) draw = saved_file (id, ".synchess-draw");

  return g_file_query_exists (record, NULL) || g_file_query_exists (turn, NULL)
         || g_file_query_exists (draw, NULL);
}

gboolean
syn_net_draw_save (const SynNetDraw *draw, GError **error)
{
  g_autoptr (GKeyFile) key_file = g_key_file_new ();
  g_autoptr (GFile) file = saved_file (draw->id, ".synchess-draw");
  g_autofree char *text = NULL;

  g_key_file_set_string (key_file, DRAW_GROUP, "Id", draw->id);
  g_key_file_set_string (key_file, DRAW_GROUP, "Pair", draw->pair);
  g_key_file_set_string (key_file, DRAW_GROUP, "Variant", draw->variant);
  g_key_file_set_int64 (key_file, DRAW_GROUP, "InitialMs", draw->initial_ms);
  g_key_file_set_int64 (key_file, DRAW_GROUP, "IncrementMs", draw->increment_ms);
  g_key_file_set_boolean (key_file, DRAW_GROUP, "Fog", draw->fog);
  g_key_file_set_string (key_file, DRAW_GROUP, "Colour", draw->colour ? "black" : "white");
  g_key_file_set_string (key_file, DRAW_GROUP, "Date", draw->date);
  set_hex_in (key_file, DRAW_GROUP, "Coin", draw->coin, sizeof draw->coin);
  set_hex_in (key_file, DRAW_GROUP, "Salt", draw->salt, sizeof draw->salt);
  if (draw->theirs)
    set_hex_in (key_file, DRAW_GROUP, "Theirs", draw->their_digest, sizeof draw->their_digest);
  text = g_key_file_to_data (key_file, NULL, NULL);
  return save_private (file, text, error);
}

static gboolean
read_string (GKeyFile *file, const char *key, char *out, gsize size)
{
  g_autofree char *text = g_key_file_get_string (file, DRAW_GROUP, key, NULL);

  if (!text || strlen (text) >= size)
    return FALSE;
  g_strlcpy (out, text, size);
  return TRUE;
}

static gboolean
draw_read (GFile *file, SynNetDraw *draw)
{
  g_autoptr (GKeyFile) key_file = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize length = 0;
  GError *error = NULL;

  memset (draw, 0, sizeof *draw);
  /* Only a regular file, opened without blocking: a FIFO in the folder hangs nothing. */
  text = syn_text_file_load (file, 64 * 1024, &length, NULL);
  if (!text || !g_key_file_load_from_data (key_file, text, length, G_KEY_FILE_NONE, NULL)
      || !read_string (key_file, "Id", draw->id, sizeof draw->id)
      || !syn_protocol_id_is_valid (draw->id)
      || !read_string (key_file, "Pair", draw->pair, sizeof draw->pair)
      || !read_string (key_file, "Variant", draw->variant, sizeof draw->variant)
      || !read_string (key_file, "Date", draw->date, sizeof draw->date)
      || !get_hex_in (key_file, DRAW_GROUP, "Coin", draw->coin, sizeof draw->coin, NULL)
      || !get_hex_in (key_file, DRAW_GROUP, "Salt", draw->salt, sizeof draw->salt, NULL))
    return FALSE;
  draw->initial_ms = CLAMP (g_key_file_get_int64 (key_file, DRAW_GROUP, "InitialMs", &error), 0,
                            SYN_PROTOCOL_MAX_MS);
  g_clear_error (&error);
  draw->increment_ms = CLAMP (g_key_file_get_int64 (key_file, DRAW_GROUP, "IncrementMs", &error), 0,
                              SYN_PROTOCOL_MAX_MS);
  g_clear_error (&error);
  draw->fog = g_key_file_get_boolean (key_file, DRAW_GROUP, "Fog", NULL);
  {
    g_autofree char *colour = g_key_file_get_string (key_file, DRAW_GROUP, "Colour", NULL);
    if (!colour || (!g_str_equal (colour, "white") && !g_str_equal (colour, "black")))
      return FALSE;
    draw->colour = g_str_equal (colour, "black");
  }
  draw->theirs = get_hex_in (key_file, DRAW_GROUP, "Theirs", draw->their_digest,
                             sizeof draw->their_digest, NULL);
  return TRUE;
}

gboolean
syn_net_draw_find (const char *pair, const char *id, SynNetDraw *draw)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autoptr (GFileEnumerator) enumerator = NULL;
  guint64 best_time = 0;
  gboolean found = FALSE;

  if (!pair)
    return FALSE;
  if (id)
    {
      g_autoptr (GFile) file = saved_file (id, ".synchess-draw");
      return draw_read (file, draw) && g_str_equal (draw->pair, pair) && g_str_equal (draw->id, id);
    }
  enumerator = g_file_enumerate_children (
      dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_TIME_MODIFIED,
      G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (!enumerator)
    return FALSE;
  for (;;)
    {
      GFileInfo *info;
      GFile *child;
      SynNetDraw candidate;
      guint64 time;

      if (!g_file_enumerator_iterate (enumerator, &info, &child, NULL, NULL) || !info)
        break;
      if (!g_str_has_suffix (g_file_info_get_name (info), ".synchess-draw"))
        continue;
      time = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED);
      if (draw_read (child, &candidate) && g_str_equal (candidate.pair, pair)
          && (!found || time > best_time))
        {
          *draw = candidate;
          best_time = time;
          found = TRUE;
        }
    }
  return found;
}

void
syn_net_draw_remove (const char *id)
{
  g_autoptr (GFile) file = saved_file (id, ".synchess-draw");

  g_file_delete (file, NULL, NULL);
}
