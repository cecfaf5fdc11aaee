/* syn-record-read.c: a record read back into a game: its lines in order, its tags, the game.
 *
 * Reading rebuilds the game by replaying it, so a record the rules do not allow is refused,
 * with the line at fault. The turn lines and the result are read in syn-record-read-turn.c.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-record"

#include "config.h"

#include "syn-record.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-game-private.h"
#include "syn-record-private.h"
#include "syn-record-read-private.h"
#include "syn-text-file.h"

static void
tag_free (Tag *tag)
{
  g_free (tag->name);
  g_free (tag->value);
  g_free (tag);
}

typedef enum
{
  PART_TAGS,
  PART_TURNS,
  PART_AFTER_RESULT,
} Part;

/* [Name "value"], the value with \" and \\ escapes. */
static gboolean
read_tag (Reader *reader, const char *line, GError **error)
{
  const char *c = line + 1;
  const char *name_start = c;
  g_autofree char *name = NULL;
  g_autoptr (GString) value = g_string_new (NULL);
  Tag *tag;

  while (g_ascii_isalnum (*c) || *c == '_')
    c++;
  if (c == name_start || !g_ascii_isalpha (*name_start) || (*c != ' ' && *c != '\t'))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("a tag must look like [Name \"value\"]"));
  if (c - name_start > SYN_GAME_TAG_NAME_MAX)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("the tag name is longer than %d characters"), SYN_GAME_TAG_NAME_MAX);
  name = g_strndup (name_start, (gsize) (c - name_start));
  while (*c == ' ' || *c == '\t')
    c++;
  if (*c++ != '"')
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("a tag must look like [Name \"value\"]"));
  for (; *c != '"'; c++)
    {
      if (*c == '\0')
        return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                                _ ("the value of the tag %s has no closing quote"), name);
      if (syn_record_control_length (c))
        return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                                _ ("the value of the tag %s holds a control character"), name);
      if (*c == '\\')
        {
          c++;
          if (*c != '"' && *c != '\\')
            return syn_record_fail (
                error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                _ ("in the value of the tag %s, a backslash must be followed by \" "
                   "or \\"),
                name);
        }
      g_string_append_c (value, *c);
    }
  if (value->len > SYN_RECORD_MAX_TAG_VALUE)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("the value of the tag %s is longer than %d bytes"), name,
                            SYN_RECORD_MAX_TAG_VALUE);
  if (g_strcmp0 (c, "\"]") != 0)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("a tag must look like [Name \"value\"] and end the line"));

  if (g_hash_table_contains (reader->tag_index, name))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("the tag %s appears twice"), name);
  /* Counted apart from the twelve, which a writer adds when they are missing, so that a
   * record read is written back readable. */
  if (!syn_record_is_format_tag (name) && ++reader->n_other_tags > SYN_RECORD_MAX_OTHER_TAGS)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("a record holds at most %d tags besides the twelve of its format"),
                            SYN_RECORD_MAX_OTHER_TAGS);

  tag = g_new0 (Tag, 1);
  tag->name = g_steal_pointer (&name);
  tag->value = g_string_free (g_steal_pointer (&value), FALSE);
  tag->line = reader->line;
  g_ptr_array_add (reader->tags, tag);
  g_hash_table_insert (reader->tag_index, tag->name, tag);
  return TRUE;
}

const Tag *
syn_record_find_tag (Reader *reader, const char *name)
{
  return g_hash_table_lookup (reader->tag_index, name);
}

static gboolean
read_player_kind (const Tag *tag, SynPlayerKind *kind, GError **error)
{
  *kind = SYN_PLAYER_HUMAN;
  if (!tag || syn_record_player_kind_from_text (tag->value, kind))
    return TRUE;
  return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                          _ ("%s must be \"human\", \"program\" or \"remote\", not \"%s\""),
                          tag->name, tag->value);
}

gboolean
syn_record_read_result (const char *text, SynResult *result)
{
  for (SynResult r = SYN_RESULT_NONE; r <= SYN_RESULT_DRAW; r++)
    if (g_str_equal (text, syn_result_to_text (r)))
      {
        *result = r;
        return TRUE;
      }
  return FALSE;
}

static const char *
player_name (const Tag *tag)
{
  /* PGN writes "?" for a name nobody knows. */
  return tag && !g_str_equal (tag->value, "?") ? tag->value : NULL;
}

/* Makes the game the tags describe, before its first turn. */
static gboolean
start_game (Reader *reader, GError **error)
{
  const SynVariant *variant = &syn_variant_psc;
  SynState start;
  SynTimeControl tc = { 0, 0 };
  gboolean fog = FALSE;
  SynPlayerKind kind[2];
  SynResult result;
  const Tag *tag;

  if ((tag = syn_record_find_tag (reader, "Variant"))
      && !(variant = syn_variant_lookup (tag->value)))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line, _ ("unknown variant \"%s\""),
                            tag->value);
  if ((tag = syn_record_find_tag (reader, "FEN")))
    {
      SynFenError fen_error;
      if (strlen (tag->value) > SYN_FEN_MAX_INPUT
          || !variant->read_state (tag->value, &start, &fen_error))
        return syn_record_fail (
            error, SYN_RECORD_ERROR_SYNTAX, tag->line, _ ("the FEN is not valid: %s"),
            strlen (tag->value) > SYN_FEN_MAX_INPUT ? _ ("too long") : fen_error.message);
    }
  else
    {
      SynFenError fen_error;
      gboolean ok = variant->read_state (variant->start_fen, &start, &fen_error);
      g_assert (ok);
    }
  if ((tag = syn_record_find_tag (reader, "TimeControl"))
      && !syn_time_control_parse (tag->value, &tc))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                            _ ("\"%s\" is not a time control such as \"180+2\" or \"-\""),
                            tag->value);
  if ((tag = syn_record_find_tag (reader, "Fog")))
    {
      if (!g_str_equal (tag->value, "true") && !g_str_equal (tag->value, "false"))
        return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                                _ ("Fog must be \"true\" or \"false\", not \"%s\""), tag->value);
      fog = g_str_equal (tag->value, "true");
    }
  if ((tag = syn_record_find_tag (reader, "Result"))
      && !syn_record_read_result (tag->value, &result))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                            _ ("\"%s\" is not a result (*, 1-0, 0-1 or 1/2-1/2)"), tag->value);
  if (!read_player_kind (syn_record_find_tag (reader, "WhiteType"), &kind[SYN_WHITE], error)
      || !read_player_kind (syn_record_find_tag (reader, "BlackType"), &kind[SYN_BLACK], error))
    return FALSE;

  reader->game = syn_game_new (variant, &start, &tc, fog);
  reader->timed = tc.initial_ms > 0;
  syn_game_set_player (reader->game, SYN_WHITE, kind[SYN_WHITE],
                       player_name (syn_record_find_tag (reader, "White")));
  syn_game_set_player (reader->game, SYN_BLACK, kind[SYN_BLACK],
                       player_name (syn_record_find_tag (reader, "Black")));
  /* A record without a date does not say the game was played today. */
  syn_game_set_tag (reader->game, "Date", "????.??.??");
  for (guint i = 0; i < reader->tags->len; i++)
    {
      const Tag *t = g_ptr_array_index (reader->tags, i);
      if (!syn_record_is_game_tag (t->name))
        syn_game_set_tag (reader->game, t->name, t->value);
    }
  return TRUE;
}

/* The time source of a game being replayed: a record says how much time was left, and
 * replaying takes none. */
static gint64
frozen_time (gpointer user_data)
{
  return 0;
}

/* A turn or the result: the words before a "{...}" comment, which must end the line. */
static gboolean
read_move_line (Reader *reader, char *line, gboolean *was_result, GError **error)
{
  char *comment = strchr (line, '{');
  g_autofree char *words_text = NULL;
  g_auto (GStrv) words = NULL;
  SynResult result;
  guint n = 0;

  if (comment && (strchr (comment + 1, '{') || strchr (comment, '}') != line + strlen (line) - 1))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("a comment in braces must end the line"));
  words_text = comment ? g_strndup (line, (gsize) (comment - line)) : g_strdup (line);
  words = g_strsplit_set (words_text, " \t", -1);
  /* Runs of blanks leave empty words; drop them. */
  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      words[n++] = words[i];
    else
      g_free (words[i]);
  words[n] = NULL;

  if (!words[0])
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                            _ ("expected a turn such as \"1. e2e4 e7e5\" or a result"));
  *was_result = syn_record_read_result (words[0], &result);
  if (*was_result)
    return syn_record_read_result_line (reader, words, comment, error);
  return syn_record_read_turn (reader, words, comment, error);
}

SynGame *
syn_record_read (const char *text, GError **error)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func ((GDestroyNotify) tag_free);
  g_autoptr (GHashTable) tag_index = g_hash_table_new (g_str_hash, g_str_equal);
  Reader reader = { .tags = tags, .tag_index = tag_index };
  Part part = PART_TAGS;
  guint last_line = 1;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!syn_record_check_text (text, strlen (text), error))
    return NULL;
  text = syn_text_skip_byte_order_mark (text);

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *line = g_strstrip (lines[i]); /* also the \r of CR LF */
      gboolean was_result = FALSE;

      reader.line = i + 1;
      if (*line == '\0')
        continue;
      last_line = reader.line;
      if (part == PART_AFTER_RESULT)
        {
          syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader.line,
                           _ ("text after the result"));
          goto failed;
        }
      if (*line == '[')
        {
          if (part != PART_TAGS)
            {
              syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, reader.line,
                               _ ("tags must come before the turns"));
              goto failed;
            }
          if (!read_tag (&reader, line, error))
            goto failed;
          continue;
        }
      if (part == PART_TAGS)
        {
          if (!start_game (&reader, error))
            goto failed;
          syn_clock_set_time_source (syn_game_get_clock (reader.game), frozen_time, NULL);
          part = PART_TURNS;
        }
      if (!read_move_line (&reader, line, &was_result, error))
        goto failed;
      if (was_result)
        part = PART_AFTER_RESULT;
    }
  /* Faults in the tags come before the missing result. */
  if (part == PART_TAGS && !start_game (&reader, error))
    goto failed;
  if (part != PART_AFTER_RESULT)
    {
      syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, last_line, _ ("the result is missing"));
      goto failed;
    }

  /* From here on the clocks measure real time again. */
  syn_clock_set_time_source (syn_game_get_clock (reader.game), NULL, NULL);
  return g_steal_pointer (&reader.game);

failed:
  g_clear_object (&reader.game);
  return NULL;
}
