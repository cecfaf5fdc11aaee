/* syn-record-read-private.h: what the two files that read records share: the reader's state.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-record.h"

G_BEGIN_DECLS

typedef struct
{
  char *name;
  char *value;
  guint line;
} Tag;

typedef struct
{
  GPtrArray *tags;       /* Tag, in the record's order */
  GHashTable *tag_index; /* name -> Tag, borrowed: finds a tag in constant time */
  SynGame *game;         /* owned, made when the tags are over */
  guint line;            /* the line being read, from 1 */
  guint n_other_tags;
  guint n_turns;
  gboolean timed;
} Reader;

/* The tag of that name the record holds, or NULL. */
const Tag *syn_record_find_tag (Reader *reader, const char *name);

/* Whether text is a result (*, 1-0, 0-1, 1/2-1/2); if so, result is set to it. */
gboolean syn_record_read_result (const char *text, SynResult *result);

/* A turn line, its words and its "{w S b S}" comment (or NULL), played on reader->game. */
gboolean syn_record_read_turn (Reader *reader, char **words, const char *comment, GError **error);

/* The result line, its words and its "{reason}" comment (or NULL): the game ends as it says,
 * where the final position allows it. */
gboolean syn_record_read_result_line (Reader *reader, char **words, const char *comment,
                                      GError **error);

G_END_DECLS
