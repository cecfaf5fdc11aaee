/* syn-record-private.h: what the record files share with the record text format.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-record.h"

G_BEGIN_DECLS

/* No real game comes near it; a bigger file is not a record. */
#define SYN_RECORD_MAX_SIZE (1024 * 1024)

/* The most tags a record may hold besides the twelve every record is written with: far more
 * than any game carries, and few enough that a hostile file cannot make reading it slow. */
#define SYN_RECORD_MAX_OTHER_TAGS 256

/* The longest tag value, in bytes. With the bound on tags it keeps a record that was read
 * within SYN_RECORD_MAX_SIZE when written again, escapes included. */
#define SYN_RECORD_MAX_TAG_VALUE 1024

/* The file name extension of records. */
#define SYN_RECORD_SUFFIX ".synchess"

/* Refuses text that cannot be a record whatever its lines say: over SYN_RECORD_MAX_SIZE,
 * holding a NUL byte, or not UTF-8. The error names the line at fault. */
gboolean syn_record_check_text (const char *text, gsize length, GError **error);

/* Sets error to code and the message, naming the record's line at fault; returns FALSE
 * so that a reader can return it. */
gboolean syn_record_fail (GError **error, SynRecordError code, guint line, const char *format, ...)
    G_GNUC_PRINTF (4, 5);

/* Whether name is one of the tags the game holds itself (White, Result, FEN...). */
gboolean syn_record_is_game_tag (const char *name);

/* Whether name is one of the twelve tags every record is written with. */
gboolean syn_record_is_format_tag (const char *name);

/* The bytes of the control character that starts at c in valid UTF-8, or 0. */
gsize syn_record_control_length (const char *c);

/* A player's kind as the WhiteType and BlackType tags write it, and back. */
const char *syn_record_player_kind_to_text (SynPlayerKind kind);
gboolean syn_record_player_kind_from_text (const char *text, SynPlayerKind *kind);

G_END_DECLS
