/* syn-record.c: what reading and writing records share: the format's tags and words, its errors.
 *
 * The format is docs/record-format.md. Writing is in syn-record-write.c; reading in
 * syn-record-read.c (the lines and the tags) and syn-record-read-turn.c (turns, result).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-record"

#include "config.h"

#include "syn-record.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-line-error.h"
#include "syn-record-private.h"

GQuark
syn_record_error_quark (void)
{
  return g_quark_from_static_string ("syn-record-error-quark");
}

/* The tags the game holds itself, in the order they are written after Event, Site, Date. */
static const char *const game_tags[] = {
  "White", "Black", "Result", "Variant", "FEN", "TimeControl", "Fog", "WhiteType", "BlackType",
};

static const char *const player_kinds[] = {
  [SYN_PLAYER_HUMAN] = "human",
  [SYN_PLAYER_COMPUTER] = "program", /* PGN's word */
  [SYN_PLAYER_REMOTE] = "remote",
};

gboolean
syn_record_is_game_tag (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (game_tags); i++)
    if (g_str_equal (game_tags[i], name))
      return TRUE;
  return FALSE;
}

/* The twelve tags every record is written with. */
gboolean
syn_record_is_format_tag (const char *name)
{
  return g_str_equal (name, "Event") || g_str_equal (name, "Site") || g_str_equal (name, "Date")
         || syn_record_is_game_tag (name);
}

/* The bytes of the control character that starts at C in valid UTF-8 (U+0000 to U+001F,
 * U+007F to U+009F, as the format counts them), or 0 where another character starts. */
gsize
syn_record_control_length (const char *c)
{
  if ((guchar) c[0] < 0x20 || c[0] == 0x7f)
    return 1;
  if ((guchar) c[0] == 0xc2 && (guchar) c[1] >= 0x80 && (guchar) c[1] <= 0x9f)
    return 2;
  return 0;
}

const char *
syn_record_player_kind_to_text (SynPlayerKind kind)
{
  return player_kinds[kind];
}

gboolean
syn_record_player_kind_from_text (const char *text, SynPlayerKind *kind)
{
  for (gsize i = 0; i < G_N_ELEMENTS (player_kinds); i++)
    if (g_str_equal (text, player_kinds[i]))
      {
        *kind = (SynPlayerKind) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
syn_record_fail (GError **error, SynRecordError code, guint line, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  syn_set_line_error_valist (error, SYN_RECORD_ERROR, code, line, format, args);
  va_end (args);
  return FALSE;
}

gboolean
syn_record_check_text (const char *text, gsize length, GError **error)
{
  const char *end;
  const char *nul;

  if (length > SYN_RECORD_MAX_SIZE)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX, syn_line_of (text, SYN_RECORD_MAX_SIZE),
                            _ ("the record is larger than 1 MB"));
  nul = memchr (text, '\0', length);
  if (nul)
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX,
                            syn_line_of (text, (gsize) (nul - text)),
                            _ ("the record holds a NUL byte"));
  if (!g_utf8_validate (text, (gssize) length, &end))
    return syn_record_fail (error, SYN_RECORD_ERROR_SYNTAX,
                            syn_line_of (text, (gsize) (end - text)),
                            _ ("the text is not valid UTF-8"));
  return TRUE;
}
