/* syn-peer-private.h: what the files of SynPeer share: the instance, the link, signals.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-peer.h"

#include "syn-game-private.h"
#include "syn-net-game.h"
#include "syn-net-turn.h"
#include "syn-stall-meter.h"
#include "hutnik.h"
#include "syn-protocol-state.h"
#include "syn-record.h"
#include "syn-tx-audit-log.h"
#include "transactional.h"

G_BEGIN_DECLS

/* Liveness: a ping every second; five seconds without a word and the peer is gone. */
#define PING_INTERVAL_MS 1000
#define SILENCE_TIMEOUT_US (5 * G_USEC_PER_SEC)

/* Flooding: more than FLOOD_RATE messages a second, sustained beyond a burst of FLOOD_BURST. */
#define FLOOD_RATE 200.0
#define FLOOD_BURST 400.0

/* How long past the opponent's time we wait for its commitment before claiming its flag: it
 * covers the network's delay, which the opponent's own clock does not count. */
#define FLAG_GRACE_MS 2000

typedef struct _Link Link;

struct _SynPeer
{
  GObject parent_instance;

  /* owned */
  SynIdentity *identity;
  char *name;
  SynPlayerKind local_kind;
  gboolean autosave;
  gboolean host;
  GSocketService *service;
  guint16 port;
  SynPeerOptions options;
  Link *link;            /* the connection whose hello we await or heard, or NULL */
  GPtrArray *handshakes; /* Link: connections not yet through TLS */
  GTask *connect_task;   /* guest: until the host's hello */
  SynProtocolState proto;
  guint ping_id;
  guint64 ping_number;
  gint64 ping_sent_us;       /* when ping ping_number left */
  gint64 round_trip_us;      /* the shortest ping to pong on this connection, or -1 */
  gint64 last_round_trip_us; /* the latest, or -1 */
  gint64 last_heard_us;
  double tokens;
  gint64 tokens_us;

  /* who is at the other end */
  char *expected_certificate; /* its digest when known in advance, or NULL */
  gboolean peer_verified;     /* it presented the expected certificate */
  char *fingerprint;
  char *pair_digest;
  char *peer_name;
  SynPeerKnown peer_known;
  GTlsCertificate *peer_certificate;

  /* the game */
  SynGame *game;
  SynColour colour;
  gboolean over_announced;
  /* The game's end: the other side is known to hold it (a pong to a ping sent after it, or
   * a resume it answered), so the game is no longer offered to bring it to its end. */
  gboolean end_held;
  guint64 end_ping;          /* the last ping sent before the end */
  /* The game ended on the connection still open: anything proposed on it comes after our
   * last reveal, so the other side reads the end before it (no resume of it is needed). */
  gboolean end_on_this_link;
  gboolean applying;         /* inside a turn's execution: "finished" is handled after */
  gboolean resume_declined;  /* host: offer a new game rather than the same resume again */
  SynGame *resume_game;      /* host: the game a resume proposal is about */
  SynTxAuditLog *resume_log; /* and its audit log, when it is a Transactional one */
  SynPeerOptions proposed;   /* what the pending proposal says (options, either side) */
  char proposed_date[11];
  gboolean lots_fog;                          /* the agreed fog while the seed is drawn */
  guint8 coin[SYN_PROTOCOL_COIN_SIZE];        /* HUT-R10: ours, secret until revealed */
  guint8 coin_salt[SYN_PROTOCOL_SALT_SIZE];   /* its commitment's salt */
  guint8 remote_coin[SYN_PROTOCOL_COIN_SIZE]; /* theirs, once revealed */

  /* the turn being played */
  SynChoice local_choice;
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];
  gint64 local_used_ms;
  gint64 remote_used_ms;
  gint64 local_commit_us;  /* when ours left, 0 before */
  gint64 remote_commit_us; /* when theirs came, 0 before */
  gboolean used_raised;    /* the other side raised our USED_MS this turn */
  guint32 unraised_turn;   /* the turn a resume went on with: no time raised in it */

  /* While a game with a clock is played: how long this program did not run. */
  SynStallMeter *stall_meter;
  SynChoice remote_choice;
  guint deadline_id;
  gboolean pending_resign;
  int pending_draw; /* SynDrawAction waiting for the turn to end, or -1 */

  /* Transactional Chess (TX-R15 to R17): each program plays on its own player state; the
   * mover's turn travels sealed, its lock questions go to the other program, and the game
   * ends with an audit. */
  gboolean sealed;
  SynTxAuditLog *audit_log;  /* what the audit needs, saved beside the record */
  gboolean asking;           /* a lock question of ours is out */
  gboolean asking_all;       /* it asks whether every move is refused (TX-R6) */
  SynTxLockAnswer question;  /* its sets */
  SynChoice asked_choice;    /* the choice that waits for the answer, or SYN_CHOICE_NONE */
  SynMove cleared_move;      /* the move the answer let through this turn */
  gboolean answer_again;     /* no lock question since the turn (re)started */
  gboolean question_lost;    /* our question was out when the connection broke: */
  SynTxLockAnswer lost;      /* it, asked again first when the turn goes on */
  gboolean lost_all;
  char lost_game[SYN_PROTOCOL_ID_MAX + 1];
  SynState sealed_after;     /* their turn's result, from its public part */
  SynGame *referee_game;     /* the game as the referee saw it, after a clean audit */
  gboolean claimed;          /* the game ended on the other side's claim */
  gboolean audit_done;
  gboolean audit_sent;      /* ours is out (it goes once a game) */
  gboolean claim_pending;   /* the other side claimed; its audit has not yet checked out */
  SynOutcome claim_outcome; /* what it claimed */
  guint audit_timer_id;     /* the other side's audit is due before it fires */
  guint audit_timeout_ms;

  /* Fair play across a broken connection (docs/protocol.md, "Resuming", "Abandonment"). */
  SynNetTurn saved;           /* the turn in progress as saved beside the record */
  SynNetTurn resume_saved;    /* host: the one of the game a resume proposal is about */
  guint abandon_ms;           /* how long the other side may be gone */
  guint abandon_id;           /* runs while it is gone, or withholds a due reveal */
  gboolean abandon_claimable; /* it has been gone that long: the game may be claimed */
  gboolean leaving;           /* this side ends the connection: it has nothing to claim */
  SynNetDraw draw;            /* HUT-R10: the seed being drawn, as saved */
  gboolean has_draw;          /* draw is the one of the game proposed or being drawn */
};

enum
{
  CONNECTED,
  OPTIONS_PROPOSED,
  OPTIONS_DECLINED,
  GAME_STARTED,
  OPPONENT_STATE_CHANGED,
  TURN_COMPLETED,
  DRAW_OFFERED,
  DRAW_DECLINED,
  CHAT_RECEIVED,
  GAME_OVER,
  AUDIT_COMPLETED,
  ABANDON_CLAIMABLE,
  ERROR,
  DISCONNECTED,
  N_SIGNALS
};

/* One connection. Asynchronous callbacks hold a reference; peer is cleared when the link is
 * closed, which tells them to stop. */
struct _Link
{
  gint ref_count;
  SynPeer *peer;
  GIOStream *base;   /* a TCP connection, or an ICE stream (syn-ice-link.h) */
  GIOStream *stream; /* the TLS connection */
  GCancellable *cancellable;
  GSource *peek_source; /* host: waiting for the first byte */
  gint64 started_us;     /* when the connection came */
  guint timeout_id;
  char in[SYN_PROTOCOL_MAX_LINE];
  gsize in_length;
  GQueue out; /* GBytes */
  gsize out_bytes;
  gboolean writing;
  gboolean closing; /* close once the queue is written */
  gboolean closed;
};

extern guint syn_peer_signals[N_SIGNALS];

/* syn-peer.c */
gboolean syn_peer_not_now (GError **error, const char *message);

/* syn-peer-link.c */
Link *syn_peer_link_ref (Link *link);
void syn_peer_link_unref (Link *link);
Link *syn_peer_link_new (SynPeer *self, GIOStream *base);
void syn_peer_link_close (Link *link);
const char *syn_peer_plain_reason (const GError *error);
void syn_peer_write_next (Link *link);
void syn_peer_link_close_after_flush (Link *link);
void syn_peer_link_write (SynPeer *self, const char *line, gsize length);
gboolean syn_peer_send_message (SynPeer *self, const SynMessage *m);
char *syn_peer_clean_text (const char *text, gsize max);
void syn_peer_send_error (SynPeer *self, const char *code, const char *text);
void syn_peer_stop_timers (SynPeer *self);
gboolean syn_peer_on_ping_cb (gpointer user_data);
void syn_peer_end_link (SynPeer *self, GError *error);
void syn_peer_fail (SynPeer *self, const char *code, GError *error);
void syn_peer_reject (SynPeer *self, const char *code, const char *message);
void syn_peer_start_read (Link *link);

/* syn-peer-handshake.c */
gboolean syn_peer_on_incoming_cb (GSocketService *service, GSocketConnection *connection,
                                  GObject *source, SynPeer *self);
void syn_peer_on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data);

/* syn-peer-messages.c */
void syn_peer_handle_line (SynPeer *self, const char *line, gsize length);

/* syn-peer-proposal.c */
void syn_peer_autosave (SynPeer *self);
gboolean syn_peer_result_provisional (SynPeer *self);
gboolean syn_peer_ends_by_last_turn (SynGame *game);
void syn_peer_settle_end (SynPeer *self, SynGame *game);
void syn_peer_announce_over (SynPeer *self);
void syn_peer_set_game (SynPeer *self, SynGame *game, SynColour colour, SynTxAuditLog *log);
void syn_peer_send_decline (SynPeer *self, const char *reason);
gboolean syn_peer_start_is_playable (const SynVariant *variant, const char *fen, GError **error);
void syn_peer_handle_options (SynPeer *self, const SynMessage *m);
void syn_peer_handle_seed (SynPeer *self, const SynMessage *m);
gboolean syn_peer_start_new_game (SynPeer *self, gboolean fog);
void syn_peer_handle_accept (SynPeer *self, const SynProtocolState *before, const SynMessage *m);
void syn_peer_propose (SynPeer *self);

/* syn-peer-turn.c */
void syn_peer_save_turn (SynPeer *self);
void syn_peer_reset_turn (SynPeer *self);
gboolean syn_peer_random_salt (guint8 *salt, gsize size, GError **error);
gint64 syn_peer_turn_start_ms (SynPeer *self, SynColour colour);
gboolean syn_peer_game_is_timed (SynPeer *self);
gboolean syn_peer_side_waits (SynPeer *self, SynColour side);
void syn_peer_emit_opponent_state (SynPeer *self);
gboolean syn_peer_on_deadline_cb (gpointer user_data);
void syn_peer_complete_turn (SynPeer *self);
void syn_peer_reveal_due (SynPeer *self);
void syn_peer_send_reveal (SynPeer *self);
gboolean syn_peer_between_reveals (SynPeer *self);
void syn_peer_handle_commit (SynPeer *self, const SynProtocolState *next, const SynMessage *m);
void syn_peer_handle_used (SynPeer *self, const SynProtocolState *next, const SynMessage *m);
void syn_peer_forfeit (SynPeer *self, const char *code, GError *error);
void syn_peer_handle_reveal (SynPeer *self, const SynProtocolState *next, const SynMessage *m);
void syn_peer_handle_flag (SynPeer *self, const SynProtocolState *next, const SynMessage *m);
gboolean syn_peer_commit_choice (SynPeer *self, SynChoice choice, const char *text, GError **error);
void syn_peer_commit_wait (SynPeer *self);
gboolean syn_peer_playing (SynPeer *self, GError **error);

/* syn-peer-resume.c */
void syn_peer_find_saved_turn (SynPeer *self, SynGame *game, SynNetTurn *turn);
void syn_peer_start_abandon_timer (SynPeer *self);
void syn_peer_stop_abandon_timer (SynPeer *self);
gboolean syn_peer_local_colour_of (SynGame *game, SynColour *colour);
SynGame *syn_peer_find_resumable (SynPeer *self, SynTxAuditLog **log);
void syn_peer_send_catch_up (SynPeer *self, guint32 turn);
void syn_peer_resume_turn (SynPeer *self);
gboolean syn_peer_resume_behind (SynPeer *self);
void syn_peer_handle_resume (SynPeer *self, const SynMessage *m);
void syn_peer_bring_to_end (SynPeer *self, SynGame *game, SynTxAuditLog *log, guint turns);
void syn_peer_give_up_declined (SynPeer *self, SynGame *game, SynColour local);

/* syn-peer-transactional.c */
void syn_peer_claim (SynPeer *self);
SynTxTheirTurn *syn_peer_their_turn (SynPeer *self, guint turn);
void syn_peer_handle_sealed (SynPeer *self, const SynProtocolState *next, const SynMessage *m);
void syn_peer_handle_lock (SynPeer *self, const SynMessage *m);
void syn_peer_handle_locked (SynPeer *self, const SynMessage *m);
SynBitboard syn_peer_bound_set (SynPeer *self);
void syn_peer_ask_all_refused (SynPeer *self);
gboolean syn_peer_ask (SynPeer *self, const SynBitboard *sets, guint n_sets, gboolean all,
                       GError **error);
gboolean syn_peer_on_audit_timeout_cb (gpointer user_data);
void syn_peer_handle_claim (SynPeer *self, const SynProtocolState *next, const SynMessage *m);
void syn_peer_send_audit (SynPeer *self);
void syn_peer_handle_audit (SynPeer *self, const SynMessage *m);
gboolean syn_peer_was_refused (SynPeer *self, SynBitboard set);
gboolean syn_peer_on_refused_again_cb (gpointer user_data);
gboolean syn_peer_commit_own_choice (SynPeer *self, SynChoice choice, GError **error);

G_END_DECLS
