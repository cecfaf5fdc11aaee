/* syn-net-turn.h: the turn in progress of a network game, saved beside its record
 * (ID.synchess-turn in the autosave folder) so that what a side committed to, and what it
 * holds of the other's commitment, outlives a broken connection or a restarted program
 * (docs/protocol.md, "Resuming").
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-protocol.h"

G_BEGIN_DECLS

/* What a side committed to: a move as revealed, or a Transactional mover's choice and
 * transaction list ("g1f3/commit T1:g1f3", TX-R17). */
#define SYN_NET_TURN_TEXT_MAX 127

typedef struct
{
  guint32 turn; /* the protocol's TURN this is about: the record's number of turns */

  /* Our commitment: the choice as revealed, its salt and the thinking time reported. */
  gboolean own;
  char own_text[SYN_NET_TURN_TEXT_MAX + 1];
  guint8 own_salt[SYN_PROTOCOL_SALT_SIZE];
  gint64 own_used_ms;
  /* How long this program did not run while its clock ran (docs/protocol.md, "Clocks"): what
   * a raise of the turn, sent again after a break, may add to the report. */
  gint64 own_stall_ms;
  /* A Transactional mover's `sealed` text of the turn (TX-R15), kept before it leaves: "" until
   * then, and for a side that waits. */
  char own_sealed[SYN_PROTOCOL_PUBLIC_MAX + 1];

  /* The other side's commitment and thinking time: kept before our reveal leaves. */
  gboolean theirs;
  guint8 their_digest[SYN_PROTOCOL_DIGEST_SIZE];
  gint64 their_used_ms;
  /* The time we raised theirs to with `used` (0: not raised), to say it again to a side that
   * missed it (docs/protocol.md, "Clocks"). */
  gint64 their_raised_ms;

  /* Our reveal of the turn before (turn - 1), to bring a side that missed it forward. */
  gboolean last;
  char last_text[SYN_NET_TURN_TEXT_MAX + 1];
  guint8 last_salt[SYN_PROTOCOL_SALT_SIZE];
  /* A Transactional mover's `sealed` text of that turn: what it sends again instead of a
   * reveal ("" for a reveal). */
  char last_sealed[SYN_PROTOCOL_PUBLIC_MAX + 1];
  /* Our raise of the other's time in that turn (0: none), sent again before that reveal. */
  gint64 last_raised_ms;
} SynNetTurn;

/* A turn with nothing in it yet. */
void syn_net_turn_init (SynNetTurn *turn, guint32 index);

/* The turn's text (a GKeyFile), and back; NULL with error when it cannot be read. */
char *syn_net_turn_write (const SynNetTurn *turn);
gboolean syn_net_turn_read (const char *text, SynNetTurn *turn, GError **error);

/* Saved as id.synchess-turn in the autosave folder, readable by its owner only: it holds
 * salts not yet revealed. */
gboolean syn_net_turn_save (const SynNetTurn *turn, const char *id, GError **error);
gboolean syn_net_turn_load (const char *id, SynNetTurn *turn, GError **error);
void syn_net_turn_remove (const char *id);

/* Whether a game id names a game saved in the autosave folder (record, turn or draw). */
gboolean syn_net_turn_id_is_saved (const char *id);

/* A seed being drawn for a new game (HUT-R10), saved as ID.synchess-draw before this side's
 * coin commitment leaves: the game it is for, this side's coin and salt, and the other's
 * commitment once it came. A draw broken off goes on with the same coins: the next game of
 * the pair that draws lots is this one (docs/protocol.md, "Drawing the seed"). */
typedef struct
{
  char id[SYN_PROTOCOL_ID_MAX + 1];
  char pair[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  char variant[SYN_PROTOCOL_WORD_MAX + 1];
  gint64 initial_ms, increment_ms;
  gboolean fog; /* the fog agreed */
  int colour;   /* this side's, whichever of the two programs hosts */
  char date[11];
  guint8 coin[SYN_PROTOCOL_COIN_SIZE];
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];
  gboolean theirs;
  guint8 their_digest[SYN_PROTOCOL_DIGEST_SIZE];
} SynNetDraw;

gboolean syn_net_draw_save (const SynNetDraw *draw, GError **error);
/* The draw saved with pair, for the game id (NULL: any game, the newest); FALSE if none. */
gboolean syn_net_draw_find (const char *pair, const char *id, SynNetDraw *draw);
void syn_net_draw_remove (const char *id);

G_END_DECLS
