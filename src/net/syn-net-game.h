/* syn-net-game.h: what the network layer does to games beyond playing them: the record
 * text both sides compare before resuming, a game cut back to an earlier turn, and a turn
 * played with clocks both sides agreed on.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-game.h"

G_BEGIN_DECLS

/* The tag that ties a saved game to the pair of certificates it was played between. */
#define SYN_NET_PAIR_TAG "NetPair"

/* The tag that says how this side meets the other again: "join HOST PORT" for the side that
 * joined, "host PORT" for the side that hosted (docs/record-format.md). */
#define SYN_NET_RECONNECT_TAG "NetReconnect"

/* The game's record (docs/record-format.md) without its WhiteType, BlackType and
 * NetReconnect tags, which say who sat at which end and so differ between the two sides; the
 * rest is the same. A
 * Transactional player's game (TX-R15), whose record holds its own moves, gives the *public
 * record* both programs hold alike: the start's FEN with both transactions `?`, and every
 * turn sealed, `?` or `?/commit:e7e5,d8h4:KQkq:e6`, its own turns as the other side saw them
 * (docs/protocol.md, "Resuming"). */
char *syn_net_game_record_text (SynGame *game);

/* SHA-256 of that text. */
void syn_net_game_digest (SynGame *game, guint8 digest[32]);

/* A new game from start, with game's rule set, clocks, fog, id, tags and players, and no
 * turns yet. */
SynGame *syn_net_game_new_like (SynGame *game, const SynState *start);

/* A new game holding the first turns turns of game (turns <= its number of turns), with its
 * id, tags, players and the clocks after each turn; a Transactional player's game keeps the
 * other side's turns sealed (TX-R15). */
SynGame *syn_net_game_prefix (SynGame *game, guint turns, GError **error);

/* Plays both choices as one turn (SYN_CHOICE_NONE for a side that waits) with the clocks
 * standing still, then sets the clocks to what both sides agreed (ignored without a clock):
 * white_ms and black_ms are each player's time left after the turn, the increment included,
 * each rounded up to whole tenths of a second as the record keeps them. */
gboolean syn_net_game_play_turn (SynGame *game, SynChoice white, SynChoice black, gint64 white_ms,
                                 gint64 black_ms, GError **error);

/* The same for a turn of side's that this program knows only by its public part (TX-R15):
 * sealed is SYN_CHOICE_SEALED (with SYN_CHOICE_COMMIT for a commit), after the state that
 * part leads to; the other side waits. */
gboolean syn_net_game_play_sealed_turn (SynGame *game, SynColour side, SynChoice sealed,
                                        const SynState *after, gint64 white_ms, gint64 black_ms,
                                        GError **error);

/* Both clocks stand at the time left after the last turn (or the start), in tenths of a
 * second as the record keeps them, and stopped: an interrupted turn starts afresh. */
void syn_net_game_reset_clocks (SynGame *game);

/* The time left to colour at the start of the current turn, or 0 without a clock. */
gint64 syn_net_game_turn_start_ms (SynGame *game, SynColour colour);

G_END_DECLS
