/* syn-record.h: games as text, in the documented record format (docs/record-format.md),
 * and the autosave folder where every game in progress lives.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-game.h"

G_BEGIN_DECLS

#define SYN_RECORD_ERROR (syn_record_error_quark ())

typedef enum
{
  SYN_RECORD_ERROR_SYNTAX,  /* the message says which line and what is wrong */
  SYN_RECORD_ERROR_ILLEGAL, /* a move that the rules do not allow */
} SynRecordError;

GQuark syn_record_error_quark (void);

char *syn_record_write (SynGame *game);

/* Reads a record; the game is rebuilt by replaying every turn, so a record that does not
 * follow the rules is refused with the line at fault. Clocks resume from the record. */
SynGame *syn_record_read (const char *text, GError **error);

/* Transactional Chess between two programs (TX-R15): how a record writes side's turn as the
 * other program knows it, by its public part: "?", or "?/commit:e7e5,d8h4:KQkq:e6" for a
 * commit (docs/record-format.md); "-" for a side that waits. The turn may be one this program
 * knows whole (its own) or only by that part. buf holds SYN_RECORD_SEALED_SIZE bytes. */
#define SYN_RECORD_SEALED_SIZE 132
void syn_record_sealed_text (const SynTurn *turn, SynColour side, char *buf, gsize size);

gboolean syn_record_save (SynGame *game, GFile *file, GError **error);
SynGame *syn_record_load (GFile *file, GError **error);

/* The folder of autosaved games: $XDG_DATA_HOME/synchess/games. */
GFile *syn_record_autosave_dir (void);

/* Where a game goes when the autosave folder cannot take it (read-only, full):
 * $XDG_CACHE_HOME/synchess/unsaved-games. syn_record_find_unfinished() looks there too. */
GFile *syn_record_fallback_dir (void);

/* Saves game into the autosave folder under its id (atomically). When that fails it is saved
 * in the fallback folder, and the error says so (FALSE either way: the player must know). */
gboolean syn_record_autosave (SynGame *game, GError **error);

/* Moves game's autosave into the "set-aside" folder beside it: kept, but no longer offered
 * for resuming (the person chose not to). */
gboolean syn_record_set_aside (SynGame *game, GError **error);

/* The index of network games in the autosave folder (SYN_RECORD_NET_INDEX): for each pair of
 * certificates (a record's NetPair tag), the ids of its games that a host may still propose
 * to resume. Saving a record with a NetPair tag lists its id; the network layer takes an id
 * off once the other side is known to hold the game as it is here. A host reads this small
 * file instead of every record at each connection. A missing or unreadable index is rebuilt
 * from the records' tags: every unfinished network game is listed again. */
#define SYN_RECORD_NET_INDEX "network-games.index"

/* The ids listed for pair (a NULL-terminated array, maybe empty), rebuilding the index when
 * it is missing or cannot be read. */
char **syn_record_index_lookup (const char *pair, GError **error);
/* Takes id off pair's list; TRUE when it is not listed (any more). */
gboolean syn_record_index_remove (const char *pair, const char *id, GError **error);

/* The most recent autosaved game that is not finished, or NULL. */
SynGame *syn_record_find_unfinished (GError **error);

/* The files of the max most recently saved games, finished or not, newest first (GFile). */
GPtrArray *syn_record_list_recent (guint max);

G_END_DECLS
