/* syn-peer.h: one player's end of a network game: listens or connects over TCP and TLS (or
 * takes a stream made elsewhere, an ICE one), speaks the protocol (docs/protocol.md), plays
 * each move by commit and reveal, keeps the other side honest about its moves and clock,
 * notices a silent peer, and resumes an interrupted game when the two meet again.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-game.h"
#include "syn-identity.h"
#include "syn-protocol.h"

G_BEGIN_DECLS

#define SYN_PEER_ERROR (syn_peer_error_quark ())

typedef enum
{
  SYN_PEER_ERROR_TLS_REQUIRED, /* the other side does not speak TLS */
  SYN_PEER_ERROR_TLS,          /* the TLS handshake failed */
  SYN_PEER_ERROR_VERSION,      /* the other side speaks another version of the protocol */
  SYN_PEER_ERROR_PROTOCOL,     /* a message out of place or unreadable */
  SYN_PEER_ERROR_BAD_REVEAL,   /* a revealed move does not match its commitment */
  SYN_PEER_ERROR_ILLEGAL_MOVE, /* a revealed move the rules do not allow */
  SYN_PEER_ERROR_CLOCK,        /* an impossible clock time or flag claim */
  SYN_PEER_ERROR_TOO_LONG,     /* a line over SYN_PROTOCOL_MAX_LINE */
  SYN_PEER_ERROR_FLOOD,        /* too many messages too fast */
  SYN_PEER_ERROR_SILENT,       /* nothing heard for too long */
  SYN_PEER_ERROR_CLOSED,       /* the connection broke */
  SYN_PEER_ERROR_BUSY,         /* the host is already playing someone */
  SYN_PEER_ERROR_REMOTE,       /* the other side reported an error */
  SYN_PEER_ERROR_STATE,        /* not possible now (no game, already chosen, ...) */
  SYN_PEER_ERROR_WRONG_PEER,   /* its certificate is not the one expected (an invite's) */
} SynPeerError;

GQuark syn_peer_error_quark (void);

typedef enum
{
  SYN_OPPONENT_ABSENT = 0, /* not connected, or no game */
  SYN_OPPONENT_THINKING,
  SYN_OPPONENT_CHOSEN, /* its commitment has arrived */
} SynOpponentState;

/* What a side reveals at a step where the rules ask nothing of it (it waits); its peer
 * commits to it by itself (docs/protocol.md, "Waiting"). */
#define SYN_PEER_WAIT_TEXT "-"

/* How long a side may be gone (connection broken, or a due reveal withheld in a game
 * without a clock) before the other side may claim the game (docs/protocol.md, reason
 * abandoned). */
#define SYN_PEER_ABANDON_SECONDS 60

/* What the host proposes and the guest is asked about. */
typedef struct
{
  const SynVariant *variant; /* NULL: PSC */
  SynTimeControl tc;         /* initial_ms 0: no clock */
  gboolean fog;              /* PSC-R12: played only when both sides want it */
  SynColour host_colour;
  /* The position the game starts from, as the rule set's FEN; "" for its own start. The
   * host sends it with the proposal (docs/protocol.md, options fen=). */
  char start_fen[SYN_PROTOCOL_FEN_MAX + 1];
} SynPeerOptions;

#define SYN_TYPE_PEER (syn_peer_get_type ())

G_DECLARE_FINAL_TYPE (SynPeer, syn_peer, SYN, PEER, GObject)

/* name is shown to the other side and written into the record (cut to fit the protocol). */
SynPeer *syn_peer_new (SynIdentity *identity, const char *name);

/* Who sits at this end: SYN_PLAYER_HUMAN (the default) or SYN_PLAYER_COMPUTER. */
void syn_peer_set_local_kind (SynPeer *self, SynPlayerKind kind);

/* Whether every turn is saved in the autosave folder (default TRUE). A game that is not
 * saved cannot be resumed after this program ends. */
void syn_peer_set_autosave (SynPeer *self, gboolean autosave);

/* Host: accepts connections on port (0 picks a free one) of address (NULL: every address,
 * IPv4 and IPv6). One player at a time; the host keeps listening when a connection ends. */
gboolean syn_peer_listen (SynPeer *self, const char *address, guint16 port, GError **error);
guint16 syn_peer_get_port (SynPeer *self);

/* Host: the options of the next game proposed (on connection, or by propose_game). */
void syn_peer_set_options (SynPeer *self, const SynPeerOptions *options);

/* Host: proposes a new game after one finished (or was declined). A resume the guest
 * declines is followed by the options at once. */
gboolean syn_peer_propose_game (SynPeer *self, GError **error);

/* Guest: connects to host (a name, "127.0.0.1" or "::1") and port. */
void syn_peer_connect_async (SynPeer *self, const char *host, guint16 port,
                             GCancellable *cancellable, GAsyncReadyCallback callback,
                             gpointer user_data);
gboolean syn_peer_connect_finish (SynPeer *self, GAsyncResult *result, GError **error);

/* Either side, on a stream made elsewhere (an ICE connection, syn-ice-link.h): as_host, this
 * side is the TLS server and proposes the game (its options set before), as a host does;
 * otherwise it is the guest. Done at the other side's hello, as syn_peer_connect_async().
 * The connection is not made again when it breaks: a new stream resumes the game. */
void syn_peer_connect_stream_async (SynPeer *self, GIOStream *stream, gboolean as_host,
                                    GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data);
gboolean syn_peer_connect_stream_finish (SynPeer *self, GAsyncResult *result, GError **error);

/* Guest: answers "options-proposed". fog is this side's wish (PSC-R12). */
gboolean syn_peer_accept_options (SynPeer *self, gboolean fog, GError **error);
gboolean syn_peer_decline_options (SynPeer *self, const char *reason, GError **error);

/* Says goodbye and closes the connection; a host goes on listening. */
void syn_peer_disconnect (SynPeer *self);

/* The same, and a host stops listening. */
void syn_peer_close (SynPeer *self);

/* For tests: how long the other side's audit may be withheld after a Transactional game
 * ends (default SYN_PEER_ABANDON_SECONDS) before it loses, reason audit-withheld. */
void syn_peer_set_audit_timeout (SynPeer *self, guint ms);

/* Drops the connection without a goodbye, as a broken network would (for tests). */
void syn_peer_drop_connection (SynPeer *self);

gboolean syn_peer_is_connected (SynPeer *self);
gboolean syn_peer_is_host (SynPeer *self);

/* The short fingerprint of both certificates ("1a2b 3c4d 5e6f 7a8b"), the same on both
 * sides: players compare it aloud. NULL before the handshake. */
const char *syn_peer_get_fingerprint (SynPeer *self);

/* The other side must present the certificate whose SHA-256 (syn_certificate_digest(), 64
 * hex digits) is digest, as an invite or a published game gives it; any other is refused
 * with SYN_PEER_ERROR_WRONG_PEER before a message is sent. NULL: any certificate. */
void syn_peer_set_expected_certificate (SynPeer *self, const char *digest);
/* Whether the connection's certificate was the expected one: the players need not compare
 * the code aloud. */
gboolean syn_peer_get_peer_verified (SynPeer *self);
/* Whether this peer's certificate was seen before (it is remembered from now on). */
gboolean syn_peer_get_peer_known (SynPeer *self);
/* The same, and whether the name it gives was met before with another key: the player is
 * warned that someone else may be using it. */
SynPeerKnown syn_peer_get_peer_known_as (SynPeer *self);
const char *syn_peer_get_peer_name (SynPeer *self);

/* The game being played or last played, or NULL. */
SynGame *syn_peer_get_game (SynPeer *self);
/* A Transactional game after a clean audit (TX-R17): the game as the referee saw it, both
 * sides' moves known, as both programs hold it alike; NULL before, or for other games. */
SynGame *syn_peer_get_referee_game (SynPeer *self);
SynColour syn_peer_get_colour (SynPeer *self);

/* Plays this side's move for the turn: it leaves as a commitment, and is revealed once the
 * other side's commitment is in. Cannot be changed afterwards. */
gboolean syn_peer_choose (SynPeer *self, SynChoice choice, GError **error);
gboolean syn_peer_has_chosen (SynPeer *self);
/* Whether syn_peer_choose() may take choice as far as the turn's lock answers go: FALSE for
 * any other move once the other side said the turn's move was not locked (TX-R16), which
 * binds the turn across a broken connection too. */
gboolean syn_peer_may_choose (SynPeer *self, SynChoice choice);

SynOpponentState syn_peer_get_opponent_state (SynPeer *self);
/* The thinking time the opponent reported with its commitment this turn, or -1. */
gint64 syn_peer_get_opponent_used_ms (SynPeer *self);

/* The abandonment time in milliseconds (default SYN_PEER_ABANDON_SECONDS; tests shorten it). */
void syn_peer_set_abandon_timeout (SynPeer *self, guint ms);
/* Whether the other side has been gone, or has withheld a due reveal in a game without a
 * clock, for the abandonment time: the game may then be claimed ("abandon-claimable"). */
gboolean syn_peer_can_claim_abandoned (SynPeer *self);
/* Claims the game: this side wins, reason "abandoned", saved in the record. A connection
 * still open (a reveal withheld) hears "error abandoned" and is closed. */
gboolean syn_peer_claim_abandoned (SynPeer *self, GError **error);

gboolean syn_peer_offer_draw (SynPeer *self, GError **error);
gboolean syn_peer_answer_draw (SynPeer *self, gboolean accept, GError **error);
gboolean syn_peer_resign (SynPeer *self, GError **error);
gboolean syn_peer_send_chat (SynPeer *self, const char *text, GError **error);

/* Signals:
 *   "connected"               the handshake is done: fingerprint and peer name are known
 *   "options-proposed"        (gpointer const SynPeerOptions *) guest: answer with
 *                             syn_peer_accept_options() or syn_peer_decline_options()
 *   "options-declined"        (const char *reason) host: the guest said no
 *   "game-started"            (gboolean resumed) both sides agreed; the game is ready
 *   "opponent-state-changed"  (int SynOpponentState)
 *   "turn-completed"          (guint index) both moves revealed, checked and played
 *   "draw-offered"            the opponent offers a draw
 *   "draw-declined"           the opponent declined ours
 *   "chat-received"           (const char *text)
 *   "game-over"               the game has a result (see the SynGame)
 *   "abandon-claimable"       (gboolean) the other side stopped playing for the abandonment
 *                             time: syn_peer_claim_abandoned() may end the game (TRUE), or
 *                             no longer (FALSE: it came back, or the game ended)
 *   "error"                   (GError *) something went wrong; see "disconnected" for
 *                             whether the connection survived
 *   "disconnected"            (GError *error or NULL after a goodbye) */

G_END_DECLS
