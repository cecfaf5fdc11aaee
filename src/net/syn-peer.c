/* syn-peer.c: one player's end of a network game. The connection (TCP, then TLS with a
 * certificate of our own on both sides) carries one line per message; syn-protocol-state.c
 * says which message may come when, and this file does what each one means for the game:
 * commitments and reveals, clocks, draws, resignations, and resuming a broken game.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "syn-game-private.h"
#include "syn-net-game.h"
#include "syn-net-turn.h"
#include "syn-stall-meter.h"
#include "hutnik.h"
#include "syn-protocol-state.h"
#include "syn-record.h"
#include "syn-tx-audit-log.h"
#include "transactional.h"

/* Liveness: a ping every second; five seconds without a word and the peer is gone. */
#define PING_INTERVAL_MS 1000
#define SILENCE_TIMEOUT_US (5 * G_USEC_PER_SEC)
/* Time for a TLS handshake, and for the first byte that says whether it is TLS at all (an
 * honest client sends it at once). */
#define HANDSHAKE_TIMEOUT_MS 10000
#define FIRST_BYTE_TIMEOUT_MS 3000
/* Flooding: more than FLOOD_RATE messages a second, sustained beyond a burst of FLOOD_BURST. */
#define FLOOD_RATE 200.0
#define FLOOD_BURST 400.0
/* What we hold for a peer that does not read: beyond it the peer is dropped. */
#define MAX_QUEUED_BYTES (256 * 1024)
/* The slack allowed between the two sides' measures of time (PSC-R11 clock reports). */
#define CLOCK_TOLERANCE_MS 1000
/* PSC-R11: the most of a measured round trip that is taken off the time a commitment took to
 * arrive, when it bounds the sender's clock from below: more would let a peer that answers
 * pings late think for free. */
#define MAX_ROUND_TRIP_MS 500
/* How long past the opponent's time we wait for its commitment before claiming its flag: it
 * covers the network's delay, which the opponent's own clock does not count. */
#define FLAG_GRACE_MS 2000
/* A stall is seen when the program runs again, just before or after it reads what waited. */
#define STALL_MARGIN_US (200 * 1000)
/* Connections still in their handshake; beyond it the one that waited longest makes room, so
 * that a burst of connections cannot pile up. */
#define MAX_HANDSHAKES 16
/* Connections the system may hold for the host before it accepts them. */
#define LISTEN_BACKLOG 128
/* The first byte of a TLS handshake record: anything else is not TLS. */
#define TLS_HANDSHAKE_RECORD 0x16

G_DEFINE_QUARK (syn - peer - error - quark, syn_peer_error)

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

G_DEFINE_FINAL_TYPE (SynPeer, syn_peer, G_TYPE_OBJECT)

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

static guint signals[N_SIGNALS];

/* One connection. Asynchronous callbacks hold a reference; peer is cleared when the link is
 * closed, which tells them to stop. */
struct _Link
{
  gint ref_count;
  SynPeer *peer;
  GSocketConnection *base;
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

static void end_link (SynPeer *self, GError *error);
static void handle_line (SynPeer *self, const char *line, gsize length);
static void start_read (Link *link);
static void propose (SynPeer *self);

/* Link ------------------------------------------------------------------------------------- */

static Link *
link_ref (Link *link)
{
  g_atomic_int_inc (&link->ref_count);
  return link;
}

static void
link_unref (Link *link)
{
  if (!g_atomic_int_dec_and_test (&link->ref_count))
    return;
  g_queue_clear_full (&link->out, (GDestroyNotify) g_bytes_unref);
  g_clear_object (&link->stream);
  g_clear_object (&link->base);
  g_clear_object (&link->cancellable);
  g_free (link);
}

static Link *
link_new (SynPeer *self, GSocketConnection *base)
{
  Link *link = g_new0 (Link, 1);
  GSocket *socket = g_socket_connection_get_socket (base);

  link->ref_count = 1;
  link->peer = self;
  link->base = g_object_ref (base);
  link->cancellable = g_cancellable_new ();
  link->started_us = g_get_monotonic_time ();
  g_queue_init (&link->out);
  /* One small message per move: Nagle's algorithm would hold each for a delayed ACK. */
  if (g_socket_get_family (socket) != G_SOCKET_FAMILY_UNIX)
    g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  return link;
}

static void
on_close_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_io_stream_close_finish (G_IO_STREAM (source), result, NULL);
  link_unref (user_data);
}

/* Stops everything on the link and closes the connection (which holds a reference until it
 * is done). */
static void
link_close (Link *link)
{
  GIOStream *stream;

  if (link->closed)
    return;
  link->closed = TRUE;
  link->peer = NULL;
  g_cancellable_cancel (link->cancellable);
  g_clear_handle_id (&link->timeout_id, g_source_remove);
  if (link->peek_source)
    {
      g_source_destroy (link->peek_source);
      g_clear_pointer (&link->peek_source, g_source_unref);
    }
  g_queue_clear_full (&link->out, (GDestroyNotify) g_bytes_unref);
  link->out_bytes = 0;
  stream = link->stream ? link->stream : G_IO_STREAM (link->base);
  /* A fresh cancellable: the link's own is cancelled, and closing must still happen. */
  g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, on_close_done_cb, link_ref (link));
}

static void write_next (Link *link);

/* What broke a connection, in plain words for the player (GIO's own text, such as "Error
 * receiving data: Connection reset by peer", goes to the debug log). */
static const char *
plain_reason (const GError *error)
{
  g_debug ("network error: %s", error->message);
  if (error->domain == G_TLS_ERROR)
    return _ ("the other program could not set up an encrypted connection with this one");
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
    return _ ("the other program closed it, or its network was cut off");
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    return _ ("the network stopped answering");
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE))
    return _ ("the network cannot reach the other computer");
  return _ ("a network error");
}

static void
on_write_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Link *link = user_data;
  g_autoptr (GError) error = NULL;
  GBytes *bytes;

  link->writing = FALSE;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      if (link->peer && link->peer->link == link)
        end_link (link->peer, g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                           _ ("The connection broke: %s"), plain_reason (error)));
      link_unref (link);
      return;
    }
  if (!link->closed && (bytes = g_queue_pop_head (&link->out)))
    {
      link->out_bytes -= g_bytes_get_size (bytes);
      g_bytes_unref (bytes);
    }
  write_next (link);
  link_unref (link);
}

static void
write_next (Link *link)
{
  GBytes *bytes;

  if (link->writing || link->closed)
    return;
  bytes = g_queue_peek_head (&link->out);
  if (!bytes)
    {
      if (link->closing)
        link_close (link);
      return;
    }
  link->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (link->stream),
                                   g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                   G_PRIORITY_DEFAULT, link->cancellable, on_write_done_cb,
                                   link_ref (link));
}

static gboolean
on_close_timeout_cb (gpointer user_data)
{
  Link *link = user_data;

  link->timeout_id = 0;
  link_close (link);
  return G_SOURCE_REMOVE;
}

/* Writes what is queued (a last error message, a goodbye), then closes; a peer that reads
 * nothing gets a second. */
static void
link_close_after_flush (Link *link)
{
  if (link->closed || link->closing)
    return;
  link->closing = TRUE;
  link->peer = NULL;
  if (!link->stream || (!link->writing && g_queue_is_empty (&link->out)))
    {
      link_close (link);
      return;
    }
  g_clear_handle_id (&link->timeout_id, g_source_remove);
  link->timeout_id = g_timeout_add_full (G_PRIORITY_DEFAULT, 1000, on_close_timeout_cb,
                                         link_ref (link), (GDestroyNotify) link_unref);
}

/* Sending ----------------------------------------------------------------------------------- */

static void fail (SynPeer *self, const char *code, GError *error);

static void
link_write (SynPeer *self, const char *line, gsize length)
{
  Link *link = self->link;

  if (link->out_bytes + length > MAX_QUEUED_BYTES)
    {
      /* The other side sends but does not read: nothing bounds what we would hold for it.
       * Nothing more is queued, not even the error. */
      fail (self, NULL,
            g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_FLOOD,
                                 _ ("The other side does not read what is sent to it")));
      return;
    }
  g_queue_push_tail (&link->out, g_bytes_new (line, length));
  link->out_bytes += length;
  write_next (link);
}

/* Sends m if the protocol allows it now, and moves the session on. */
static gboolean
send_message (SynPeer *self, const SynMessage *m)
{
  SynProtocolState next;
  char line[SYN_PROTOCOL_MAX_LINE + 1];
  gsize length;

  if (!self->link || !self->link->stream || self->link->closing)
    return FALSE;
  if (!syn_protocol_state_send (&self->proto, m, &next))
    {
      g_debug ("not sending '%s' in phase %s", syn_message_type_to_word (m->type),
               syn_phase_to_text (self->proto.phase));
      return FALSE;
    }
  length = syn_message_format (m, line);
  if (length == 0)
    {
      g_warning ("cannot write a '%s' message", syn_message_type_to_word (m->type));
      return FALSE;
    }
  self->proto = next;
  link_write (self, line, length);
  return TRUE;
}

/* Text the protocol can carry: UTF-8 without control characters, at most max bytes, no
 * blanks at its ends. */
static char *
clean_text (const char *text, gsize max)
{
  g_autofree char *valid = g_utf8_make_valid (text ? text : "", -1);
  GString *out = g_string_new (NULL);

  for (const char *p = valid; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      char buf[6];
      int n;
      if (c < 0x20 || (c >= 0x7f && c < 0xa0))
        c = ' ';
      n = g_unichar_to_utf8 (c, buf);
      if (out->len + (gsize) n > max)
        break;
      g_string_append_len (out, buf, n);
    }
  return g_strstrip (g_string_free (out, FALSE));
}

static void
send_error (SynPeer *self, const char *code, const char *text)
{
  SynMessage m = { .type = SYN_MESSAGE_ERROR };
  g_autofree char *clean = clean_text (text, SYN_PROTOCOL_TEXT_MAX);

  g_strlcpy (m.code, code, sizeof m.code);
  g_strlcpy (m.text, clean, sizeof m.text);
  send_message (self, &m);
}

/* Timers ------------------------------------------------------------------------------------ */

static void
stop_timers (SynPeer *self)
{
  g_clear_handle_id (&self->ping_id, g_source_remove);
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  g_clear_handle_id (&self->audit_timer_id, g_source_remove);
}

static gboolean
on_ping_cb (gpointer user_data)
{
  SynPeer *self = user_data;
  SynMessage m = { .type = SYN_MESSAGE_PING };

  if (g_get_monotonic_time () - self->last_heard_us > SILENCE_TIMEOUT_US)
    {
      self->ping_id = 0;
      fail (self, "silent",
            g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_SILENT,
                         _ ("The other side has not answered for %d seconds"),
                         (int) (SILENCE_TIMEOUT_US / G_USEC_PER_SEC)));
      return G_SOURCE_REMOVE;
    }
  m.number = ++self->ping_number;
  if (send_message (self, &m))
    self->ping_sent_us = g_get_monotonic_time ();
  return G_SOURCE_CONTINUE;
}

/* The game --------------------------------------------------------------------------------- */

static void
autosave (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->autosave || !self->game)
    return;
  /* A Transactional game's record holds our turns and the other's sealed ones (TX-R15);
   * what the audit will need of them goes beside it, so that the game can be resumed. It
   * goes first: a log ahead of its record is cut back to it, one behind would not do. */
  if ((self->audit_log && !syn_game_is_over (self->game)
       && !syn_tx_audit_log_save (self->audit_log, syn_game_get_id (self->game), &error))
      || !syn_record_autosave (self->game, &error))
    g_signal_emit (self, signals[ERROR], 0, error);
}

/* A Transactional game's audit log alone, rewritten when a lock question or its answer is
 * kept, so that a turn broken off goes on bound by them (TX-R16). */
static void
save_audit_log (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->autosave || !self->game || !self->audit_log || syn_game_is_over (self->game))
    return;
  if (!syn_tx_audit_log_save (self->audit_log, syn_game_get_id (self->game), &error))
    g_signal_emit (self, signals[ERROR], 0, error);
}

/* The turn in progress goes to disk before what it holds is sent on: our choice and salt
 * before our commitment, the other's commitment before our reveal, a Transactional mover's
 * sealed text before it leaves. A turn broken off then goes on with the same commitments,
 * and a side a turn behind is brought forward by what the other sent (docs/protocol.md,
 * "Resuming"). */
static void
save_turn (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->autosave || !self->game)
    return;
  if (!syn_net_turn_save (&self->saved, syn_game_get_id (self->game), &error))
    g_signal_emit (self, signals[ERROR], 0, error);
}

/* What was saved of game's turn in progress: in memory for the game being played, else from
 * the autosave folder. A turn saved just before its record caught up is the last turn. */
static void
find_saved_turn (SynPeer *self, SynGame *game, SynNetTurn *turn)
{
  guint n = syn_game_get_n_turns (game);
  g_autoptr (GError) error = NULL;

  if (game == self->game)
    *turn = self->saved;
  else if (!self->autosave || !syn_net_turn_load (syn_game_get_id (game), turn, &error))
    {
      if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_debug ("the turn in progress of %s cannot be read: %s", syn_game_get_id (game),
                 error->message);
      syn_net_turn_init (turn, n);
      return;
    }
  if (turn->own && turn->turn + 1 == n)
    {
      turn->last = TRUE;
      memcpy (turn->last_text, turn->own_text, sizeof turn->last_text);
      memcpy (turn->last_salt, turn->own_salt, sizeof turn->last_salt);
      memcpy (turn->last_sealed, turn->own_sealed, sizeof turn->last_sealed);
      turn->last_raised_ms = turn->their_raised_ms;
      turn->own = turn->theirs = FALSE;
      turn->turn = n;
    }
  if (turn->turn != n)
    syn_net_turn_init (turn, n);
}

/* The other side has stopped playing long enough: the game may be claimed. */
static gboolean
on_abandon_cb (gpointer user_data)
{
  SynPeer *self = user_data;

  self->abandon_id = 0;
  if (self->game && !syn_game_is_over (self->game) && !self->abandon_claimable)
    {
      self->abandon_claimable = TRUE;
      g_signal_emit (self, signals[ABANDON_CLAIMABLE], 0, TRUE);
    }
  return G_SOURCE_REMOVE;
}

static void
start_abandon_timer (SynPeer *self)
{
  if (self->abandon_id || self->abandon_claimable)
    return;
  self->abandon_id = g_timeout_add (self->abandon_ms, on_abandon_cb, self);
}

static void
stop_abandon_timer (SynPeer *self)
{
  g_clear_handle_id (&self->abandon_id, g_source_remove);
  if (self->abandon_claimable)
    {
      self->abandon_claimable = FALSE;
      g_signal_emit (self, signals[ABANDON_CLAIMABLE], 0, FALSE);
    }
}

/* How long this program did not run in stalls that ended since since_us. */
static gint64
stalled_ms (SynPeer *self, gint64 since_us)
{
  return self->stall_meter ? syn_stall_meter_since (self->stall_meter, since_us) : 0;
}

/* This turn's stalls while our clock ran, from a little before the other's commitment was
 * read (the stall that kept it unread ends as it is read). */
static gint64
own_stall_ms (SynPeer *self)
{
  return self->remote_commit_us ? stalled_ms (self, self->remote_commit_us - STALL_MARGIN_US) : 0;
}

static void
reset_turn (SynPeer *self)
{
  stop_abandon_timer (self);
  self->local_choice = SYN_CHOICE_NONE;
  self->remote_choice = SYN_CHOICE_NONE;
  memset (self->salt, 0, sizeof self->salt);
  self->local_used_ms = 0;
  self->remote_used_ms = -1;
  self->local_commit_us = 0;
  self->remote_commit_us = 0;
  self->used_raised = FALSE;
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  self->asking = self->asking_all = FALSE;
  self->asked_choice = SYN_CHOICE_NONE;
  self->cleared_move = SYN_MOVE_NONE;
  self->answer_again = TRUE;
  /* PSC-R11 as the protocol counts it: a clock runs from the arrival of the other side's
   * commitment. The game layer runs the mover's clock as soon as a step asks nothing of the
   * other side, which would charge the mover with the time the waiting side takes to commit
   * (a slow or stopped program), more than the waiting side can accept. */
  if (self->game && syn_clock_is_timed (syn_game_get_clock (self->game)))
    syn_clock_set_chosen (syn_game_get_clock (self->game), FALSE, FALSE);
}

static void send_audit (SynPeer *self);
static gboolean on_audit_timeout_cb (gpointer user_data);

/* TX-R15, R17: a Transactional end by the rules was judged on the committed view, built from
 * the other side's sealed commits, which only its audit checks: the result stands only once
 * that audit has come and checked out. Until then it is not recorded; withheld past the
 * abandonment time, connected or not, the other side loses (audit-withheld). */
static gboolean
result_provisional (SynPeer *self)
{
  return self->sealed && self->game && syn_game_is_over (self->game)
         && syn_game_get_end (self->game) == SYN_END_RULES && !self->audit_done;
}

/* A game that ended by the rules when its last turn was played (not by a resignation, a flag
 * or a claim, which travel without a turn), and not a Transactional one, whose turns travel
 * sealed and are never brought forward (TX-R15). */
static gboolean
ends_by_last_turn (SynGame *game)
{
  return syn_game_is_over (game) && syn_game_get_end (game) == SYN_END_RULES
         && syn_game_get_n_turns (game) > 0 && !syn_game_get_variant (game)->view;
}

/* The other side holds game's end (or nothing can bring it there): the game is no longer
 * offered for resuming, and the reveal kept for that goes. */
static void
settle_end (SynPeer *self, SynGame *game)
{
  g_autoptr (GError) error = NULL;
  const char *pair = syn_game_get_tag (game, SYN_NET_PAIR_TAG);

  if (game == self->game)
    self->end_held = TRUE;
  if (!self->autosave)
    return;
  syn_net_turn_remove (syn_game_get_id (game));
  if (pair && !syn_record_index_remove (pair, syn_game_get_id (game), &error))
    g_debug ("the index of network games could not be saved: %s", error->message);
}

static void
announce_over (SynPeer *self)
{
  if (self->over_announced)
    return;
  self->over_announced = TRUE;
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  self->pending_resign = FALSE;
  self->pending_draw = -1;
  stop_abandon_timer (self);
  /* A provisional result is not saved: the record stays as it was before the turn that
   * ended the game, unfinished, until the audit decides. */
  if (!result_provisional (self))
    autosave (self);
  self->end_ping = self->ping_number;
  self->end_on_this_link = self->link != NULL;
  /* A game ended by the rules at its last turn is brought to its end on resuming, for the
   * other side may have missed our reveal of that turn: it is kept until the other side is
   * known to hold the end (docs/protocol.md, "Resuming"). Other ends do not come with a
   * reveal: what the turn held is of no more use. */
  if (self->autosave && self->game)
    {
      if (ends_by_last_turn (self->game) && self->saved.last
          && self->saved.turn == syn_game_get_n_turns (self->game))
        save_turn (self);
      else
        settle_end (self, self->game);
    }
  /* Before anyone hears of the end, who might close the connection. */
  if (self->sealed)
    send_audit (self);
  g_signal_emit (self, signals[GAME_OVER], 0);
}

static void
on_game_finished_cb (SynGame *game, SynPeer *self)
{
  if (game != self->game || self->applying)
    return;
  if (self->proto.phase == SYN_PHASE_PLAYING)
    {
      /* PSC-R11: our own flag fell, or we waited past the opponent's time: say so. */
      if (syn_game_get_end (game) == SYN_END_TIME)
        {
          SynMessage m = { .type = SYN_MESSAGE_FLAG };
          m.colour = syn_game_get_result (game) == SYN_RESULT_WHITE_WINS ? SYN_BLACK : SYN_WHITE;
          send_message (self, &m);
        }
      syn_protocol_state_end_game (&self->proto);
    }
  announce_over (self);
}

/* The game played from now on; log (taken) is its audit log when it is Transactional. */
static void
set_game (SynPeer *self, SynGame *game, SynColour colour, SynTxAuditLog *log)
{
  if (self->game != game && self->audit_timer_id && result_provisional (self))
    {
      /* Another game starts before the audit of this one came: it never will now (TX-R17). */
      g_clear_handle_id (&self->audit_timer_id, g_source_remove);
      on_audit_timeout_cb (self);
    }
  if (self->game != game)
    {
      if (self->game)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      g_signal_connect_object (game, "finished", G_CALLBACK (on_game_finished_cb), self, 0);
    }
  self->colour = colour;
  self->sealed = syn_game_get_variant (game)->view != NULL;
  g_clear_pointer (&self->audit_log, syn_tx_audit_log_free);
  g_clear_object (&self->referee_game);
  if (self->sealed)
    {
      g_assert (log != NULL);
      self->audit_log = log;
      /* A turn cut back or interrupted is played again from its start. */
      syn_tx_audit_log_cut (log, syn_game_get_n_turns (game));
      /* Our question out when the program stopped is asked again first (TX-R16). */
      if (log->asking)
        {
          self->question_lost = TRUE;
          self->lost = log->asking_question;
          self->lost_all = log->asking_all;
          g_strlcpy (self->lost_game, syn_game_get_id (game), sizeof self->lost_game);
        }
    }
  else
    syn_tx_audit_log_free (log);
  self->claimed = FALSE;
  self->audit_done = FALSE;
  self->audit_sent = FALSE;
  self->claim_pending = FALSE;
  g_clear_handle_id (&self->audit_timer_id, g_source_remove);
  self->over_announced = syn_game_is_over (game);
  self->end_held = FALSE;
  self->end_ping = self->ping_number;
  self->pending_resign = FALSE;
  self->pending_draw = -1;
  reset_turn (self);
  self->unraised_turn = G_MAXUINT32;
  g_clear_pointer (&self->stall_meter, syn_stall_meter_free);
  if (syn_clock_is_timed (syn_game_get_clock (game)))
    self->stall_meter = syn_stall_meter_new ();
  syn_net_turn_init (&self->saved, syn_game_get_n_turns (game));
  /* A turn interrupted by a broken connection goes on, its time not counted. */
  syn_net_game_reset_clocks (game);
}

/* A new game id in the form the game layer uses (time first, so names sort by date). */
static char *
make_one_game_id (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *time = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  guint8 bytes[3];
  int fd;
  gboolean ok = getrandom (bytes, sizeof bytes, 0) == (ssize_t) sizeof bytes;

  if (!ok && (fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC)) >= 0)
    {
      ok = read (fd, bytes, sizeof bytes) == (ssize_t) sizeof bytes;
      close (fd);
    }
  if (!ok)
    {
      guint32 r = g_random_int (); /* only an id: it need not be secret */
      memcpy (bytes, &r, sizeof bytes);
    }
  return g_strdup_printf ("%s-%02x%02x%02x", time, bytes[0], bytes[1], bytes[2]);
}

/* An id never names a game already saved here: a new game must not take an old one's
 * place (docs/protocol.md, "Order"). */
static char *
make_game_id (SynPeer *self)
{
  char *id = make_one_game_id ();

  while ((self->game && g_str_equal (id, syn_game_get_id (self->game)))
         || (self->autosave && syn_net_turn_id_is_saved (id)))
    {
      g_free (id);
      id = make_one_game_id ();
    }
  return id;
}

/* The salt of a commitment must be unpredictable, or the other side could try every move
 * against it: it comes from the kernel's random source, never from g_random. */
static gboolean
random_salt (guint8 *salt, gsize size, GError **error)
{
  gsize done = 0;
  int fd;

  while (done < size)
    {
      ssize_t n = getrandom (salt + done, size - done, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      done += (gsize) n;
    }
  if (done == size)
    return TRUE;
  /* Kernels before 3.17 have no getrandom(2). */
  fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      done = 0;
      while (done < size)
        {
          ssize_t n = read (fd, salt + done, size - done);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            break;
          done += (gsize) n;
        }
      close (fd);
      if (done == size)
        return TRUE;
    }
  g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE,
                       _ ("The system's random source cannot be read"));
  return FALSE;
}

/* A new game; seed, when not NULL, is the one both sides drew (HUT-R10). A Transactional
 * one comes with its audit log in log, else NULL. */
static SynGame *
make_game (SynPeer *self, const char *id, const SynPeerOptions *options, gboolean fog,
           const char *date, const guint64 *seed, SynTxAuditLog **log)
{
  SynState start;
  SynFenError fen_error;
  /* Checked when the options were set or proposed: a FEN here reads. */
  gboolean set_up = options->start_fen[0] != '\0'
                    && options->variant->read_state (options->start_fen, &start, &fen_error);
  gboolean seeded
      = !set_up && seed && options->variant->seed
        && options->variant->read_state (options->variant->start_fen, &start, &fen_error);
  SynGame *game;
  SynColour host_colour = options->host_colour;
  const char *peer_name = self->peer_name ? self->peer_name : "";
  const char *host_name = self->host ? self->name : peer_name;
  const char *guest_name = self->host ? peer_name : self->name;

  *log = NULL;
  if (seeded)
    options->variant->seed (&start, *seed);
  /* TX-R15: a program holds its own transaction, never the other's. */
  if (options->variant->view)
    {
      SynState referee = start;
      if (!set_up)
        options->variant->read_state (options->variant->start_fen, &referee, &fen_error);
      *log = syn_tx_audit_log_new (&referee);
      syn_tx_player_state (&referee, self->host ? host_colour : (SynColour) !host_colour, &start);
      set_up = TRUE;
    }
  game = syn_game_new (options->variant, set_up || seeded ? &start : NULL, &options->tc, fog);
  syn_game_set_id (game, id);
  syn_game_set_tag (game, "Event", "Synchess network game");
  syn_game_set_tag (game, "Date", date);
  syn_game_set_tag (game, SYN_NET_PAIR_TAG, self->pair_digest);
  syn_game_set_player (game, host_colour, self->host ? self->local_kind : SYN_PLAYER_REMOTE,
                       host_name[0] ? host_name : "?");
  syn_game_set_player (game, (SynColour) (1 - host_colour),
                       self->host ? SYN_PLAYER_REMOTE : self->local_kind,
                       guest_name[0] ? guest_name : "?");
  return game;
}

/* The side of a saved game that played at this end: the one that is not remote. */
static gboolean
local_colour_of (SynGame *game, SynColour *colour)
{
  gboolean white_remote = syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE;
  gboolean black_remote = syn_game_get_player_kind (game, SYN_BLACK) == SYN_PLAYER_REMOTE;

  if (white_remote == black_remote)
    return FALSE;
  *colour = white_remote ? SYN_BLACK : SYN_WHITE;
  return TRUE;
}

/* A game played with this pair of certificates, finished or not. */
static gboolean
is_our_game (SynPeer *self, SynGame *game)
{
  const char *pair = game ? syn_game_get_tag (game, SYN_NET_PAIR_TAG) : NULL;
  SynColour colour;

  return pair && self->pair_digest && g_str_equal (pair, self->pair_digest)
         && local_colour_of (game, &colour);
}

static gboolean
is_our_unfinished_game (SynPeer *self, SynGame *game)
{
  return game && !syn_game_is_over (game) && is_our_game (self, game);
}

/* A finished game of ours that the other side may hold a turn short of its end: it ended at
 * its last turn, and we hold our reveal of that turn to bring the other side there. */
static gboolean
is_end_to_bring (SynPeer *self, SynGame *game)
{
  SynNetTurn turn;
  /* The game in memory, or its record read back from the autosave folder. */
  gboolean current
      = self->game && g_strcmp0 (syn_game_get_id (game), syn_game_get_id (self->game)) == 0;

  if (!is_our_game (self, game) || !ends_by_last_turn (game)
      || (current && (self->end_held || self->end_on_this_link)))
    return FALSE;
  find_saved_turn (self, game, &turn);
  return turn.last;
}

/* A Transactional game goes on only with what its audit will need (TX-R17): the log in
 * memory when game is ours, else the one saved beside its autosave. TRUE with log NULL for
 * other games. */
static gboolean
find_audit_log (SynPeer *self, SynGame *game, SynTxAuditLog **log)
{
  g_autoptr (GError) error = NULL;

  *log = NULL;
  if (!syn_game_get_variant (game)->view)
    return TRUE;
  if (game == self->game && self->audit_log)
    *log = syn_tx_audit_log_copy (self->audit_log);
  else if (self->autosave)
    *log = syn_tx_audit_log_load (syn_game_get_id (game), &error);
  if (*log && !syn_tx_audit_log_covers (*log, game, &error))
    g_clear_pointer (log, syn_tx_audit_log_free);
  if (!*log && error)
    g_debug ("game %s cannot be resumed: %s", syn_game_get_id (game), error->message);
  return *log != NULL;
}

/* The time game's record was last saved, in microseconds (0 when unknown): when it was last
 * played, or when its connection broke. */
static guint64
saved_time_us (SynGame *game)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (syn_game_get_id (game), ".synchess", NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);
  g_autoptr (GFileInfo) info = g_file_query_info (
      file, G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  if (!info)
    return 0;
  return g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* The game to resume with this pair of certificates, newest first: the unfinished one in
 * memory, else one of the games the autosave folder's index lists for the pair (this program
 * may have been restarted): an unfinished game, or a finished one the other side may hold a
 * turn short of its end. The index spares reading every saved record at each connection;
 * what it lists is checked against the record itself, and an id that no longer fits is
 * taken off. log is the game's audit log when it is a Transactional one. */
static SynGame *
find_resumable (SynPeer *self, SynTxAuditLog **log)
{
  g_autoptr (GFile) dir = NULL;
  g_auto (GStrv) ids = NULL;
  SynGame *best = NULL;
  guint64 best_time = 0;

  *log = NULL;
  if (self->game && is_our_unfinished_game (self, self->game)
      && find_audit_log (self, self->game, log))
    return g_object_ref (self->game);
  if (!self->autosave || !self->pair_digest)
    return self->game && is_end_to_bring (self, self->game) ? g_object_ref (self->game) : NULL;

  dir = syn_record_autosave_dir ();
  ids = syn_record_index_lookup (self->pair_digest, NULL);
  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GFile) file = NULL;
      g_autoptr (SynGame) game = NULL;
      g_autoptr (SynTxAuditLog) game_log = NULL;
      g_autoptr (GError) error = NULL;
      guint64 time;

      if (!syn_protocol_id_is_valid (ids[i]))
        continue;
      name = g_strconcat (ids[i], ".synchess", NULL);
      file = g_file_get_child (dir, name);
      /* Only a regular file is read, without blocking (syn_text_file_load). */
      game = syn_record_load (file, &error);
      if (game && !syn_game_is_over (game) && !is_our_game (self, game))
        g_clear_object (&game);
      if (!game || (syn_game_is_over (game) && !is_end_to_bring (self, game)))
        {
          if (error)
            g_debug ("game %s is not resumed: %s", ids[i], error->message);
          g_clear_error (&error);
          if (!syn_record_index_remove (self->pair_digest, ids[i], &error))
            g_debug ("the index of network games could not be saved: %s", error->message);
          continue;
        }
      if (!syn_game_is_over (game) && !find_audit_log (self, game, &game_log))
        continue;
      time = saved_time_us (game);
      if (!best || time > best_time)
        {
          g_clear_object (&best);
          g_clear_pointer (log, syn_tx_audit_log_free);
          best = g_steal_pointer (&game);
          *log = g_steal_pointer (&game_log);
          best_time = time;
        }
    }
  return best;
}

static gint64
turn_start_ms (SynPeer *self, SynColour colour)
{
  return syn_net_game_turn_start_ms (self->game, colour);
}

static gboolean
game_is_timed (SynPeer *self)
{
  return syn_clock_is_timed (syn_game_get_clock (self->game));
}

/* Whether the rules ask nothing of side at this step (HK's blows struck by the other side,
 * Transactional's other player's turn): it counts as having chosen SYN_CHOICE_NONE. */
static gboolean
side_waits (SynPeer *self, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];

  return syn_game_get_variant (self->game)->choices (syn_game_get_state (self->game), side, choices)
         == 0;
}

static void
emit_opponent_state (SynPeer *self)
{
  g_signal_emit (self, signals[OPPONENT_STATE_CHANGED], 0,
                 (int) syn_peer_get_opponent_state (self));
}

static gboolean
on_deadline_cb (gpointer user_data)
{
  SynPeer *self = user_data;

  self->deadline_id = 0;
  /* PSC-R11: the opponent's time and the network's grace are gone: its flag fell. */
  if (self->game && !syn_game_is_over (self->game) && self->proto.phase == SYN_PHASE_PLAYING
      && (!self->proto.remote_committed
          || (self->proto.local_revealed && !self->proto.remote_revealed)))
    syn_game_end (self->game,
                  self->colour == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS,
                  SYN_END_TIME);
  return G_SOURCE_REMOVE;
}

static void flush_pending (SynPeer *self);
static void commit_wait (SynPeer *self);
static void ask_all_refused (SynPeer *self);
static gboolean ask (SynPeer *self, const SynBitboard *sets, guint n_sets, gboolean all,
                     GError **error);

/* TX-R15: an end only this program can see (its own mate, a hidden attack on the other's
 * king after its commit, the fifty-turn draw when that commit might have hidden one) is
 * claimed, and the audit checks the claim. */
static void
claim (SynPeer *self)
{
  SynMessage m = { .type = SYN_MESSAGE_CLAIM, .turn = self->proto.turn };
  const char *reason = syn_game_get_reason (self->game);

  if (!self->sealed || syn_game_get_end (self->game) != SYN_END_RULES
      || !syn_protocol_claim_is_known (reason))
    return;
  g_strlcpy (m.code, reason, sizeof m.code);
  send_message (self, &m);
}

/* Both moves are in, checked: play them with the clocks both sides reported. */
static void
complete_turn (SynPeer *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynPeer) hold = g_object_ref (self);
  SynChoice choice[2];
  gint64 after[2];
  SynTimeControl tc = syn_game_get_time_control (self->game);
  guint index;

  choice[self->colour] = self->local_choice;
  choice[1 - self->colour] = self->remote_choice;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      gint64 used = side == (int) self->colour ? self->local_used_ms : self->remote_used_ms;
      /* PSC-R11: each player's increment comes with the move's execution. */
      after[side] = turn_start_ms (self, (SynColour) side) - MAX (used, 0) + tc.increment_ms;
    }
  self->applying = TRUE;
  if (self->remote_choice & SYN_CHOICE_SEALED
          ? !syn_net_game_play_sealed_turn (self->game, (SynColour) (1 - self->colour),
                                            self->remote_choice, &self->sealed_after,
                                            after[SYN_WHITE], after[SYN_BLACK], &error)
          : !syn_net_game_play_turn (self->game, choice[SYN_WHITE], choice[SYN_BLACK],
                                     after[SYN_WHITE], after[SYN_BLACK], &error))
    {
      self->applying = FALSE;
      /* Both moves were checked: only a finished game (a flag that fell) gets here. */
      g_debug ("turn not played: %s", error->message);
      return;
    }
  self->applying = FALSE;
  reset_turn (self);
  index = syn_game_get_n_turns (self->game) - 1;
  /* Our reveal of this turn is kept: a side that missed it is brought forward with it. */
  {
    SynNetTurn next;
    syn_net_turn_init (&next, index + 1);
    next.last = self->saved.own;
    memcpy (next.last_text, self->saved.own_text, sizeof next.last_text);
    memcpy (next.last_salt, self->saved.own_salt, sizeof next.last_salt);
    memcpy (next.last_sealed, self->saved.own_sealed, sizeof next.last_sealed);
    next.last_raised_ms = self->saved.their_raised_ms;
    self->saved = next;
  }
  if (syn_game_is_over (self->game))
    {
      claim (self);
      syn_protocol_state_end_game (&self->proto);
    }
  else
    {
      autosave (self);
      save_turn (self);
      ask_all_refused (self);
    }
  /* Before anyone hears of the new step, so that a player asked nothing has chosen. */
  if (!syn_game_is_over (self->game))
    commit_wait (self);
  g_signal_emit (self, signals[TURN_COMPLETED], 0, index);
  if (self->game && syn_game_is_over (self->game))
    announce_over (self);
  else if (self->game)
    {
      emit_opponent_state (self);
      flush_pending (self);
    }
}

/* Both commitments are in and ours is revealed: the other's reveal is due at once. One
 * withheld runs its clock (PSC-R11: it loses on time like any flag); without a clock, it
 * lets us claim the game after the abandonment time (docs/protocol.md, "Abandonment"). */
static void
reveal_due (SynPeer *self)
{
  SynColour remote = (SynColour) (1 - self->colour);

  if (!self->game || syn_game_is_over (self->game) || !self->proto.local_revealed
      || self->proto.remote_revealed)
    return;
  if (game_is_timed (self))
    {
      gint64 wait = turn_start_ms (self, remote) - MAX (self->remote_used_ms, 0) + FLAG_GRACE_MS;
      g_clear_handle_id (&self->deadline_id, g_source_remove);
      self->deadline_id
          = g_timeout_add ((guint) CLAMP (wait, 0, (gint64) G_MAXUINT), on_deadline_cb, self);
    }
  else
    start_abandon_timer (self);
}

static void
send_reveal (SynPeer *self)
{
  SynMessage m = { .type = SYN_MESSAGE_REVEAL };
  char text[SYN_CHOICE_TEXT_SIZE];
  guint32 turn = self->proto.turn;

  if (self->local_choice == SYN_CHOICE_NONE)
    g_strlcpy (text, SYN_PEER_WAIT_TEXT, sizeof text);
  else
    syn_game_get_variant (self->game)
        ->choice_to_text (syn_game_get_state (self->game), self->local_choice, text);
  m.turn = turn;
  g_strlcpy (m.move, text, sizeof m.move);
  memcpy (m.salt, self->salt, sizeof m.salt);
  if (self->sealed && self->local_choice != SYN_CHOICE_NONE)
    {
      /* TX-R8, R15: the other side learns only what a commit announces. */
      SynTxPublicStep step;
      SynColour colour = self->colour;
      syn_tx_public_step (syn_game_get_state (self->game), self->local_choice, &step);
      memset (&m, 0, sizeof m);
      m.type = SYN_MESSAGE_SEALED;
      m.turn = turn;
      syn_tx_public_step_to_text (&step, colour, m.text, sizeof m.text);
      /* Kept before it leaves: a side that misses it gets it again, alike, on resuming. */
      g_strlcpy (self->saved.own_sealed, m.text, sizeof self->saved.own_sealed);
      save_turn (self);
    }
  if (send_message (self, &m))
    {
      if (self->proto.turn != turn)
        complete_turn (self);
      else
        reveal_due (self);
    }
}

/* Resign and draw messages wait while our reveal is out and the other's is not in: sent
 * then, the other side could play the turn before reading them, and the two records would
 * end differently. */
static gboolean
between_reveals (SynPeer *self)
{
  return self->proto.local_revealed && !self->proto.remote_revealed;
}

static void
flush_pending (SynPeer *self)
{
  if (self->pending_resign)
    {
      self->pending_resign = FALSE;
      syn_peer_resign (self, NULL);
    }
  else if (self->pending_draw == SYN_DRAW_OFFER)
    {
      self->pending_draw = -1;
      syn_peer_offer_draw (self, NULL);
    }
  /* An answer to an offer made in the turn just played has nothing left to answer. */
  self->pending_draw = -1;
}

/* Connection state -------------------------------------------------------------------------- */

/* The connection is over: with error NULL after a goodbye. The game stays as it was after its
 * last complete turn, saved, to be resumed. */
static void
end_link (SynPeer *self, GError *error)
{
  g_autoptr (GError) owned = error;
  g_autoptr (SynPeer) hold = g_object_ref (self);
  Link *link = self->link;
  GTask *task;

  if (!link)
    return;
  self->link = NULL;
  /* Whether our last reveal got through is not known now: the next connection asks. */
  self->end_on_this_link = FALSE;
  stop_timers (self);
  self->round_trip_us = self->last_round_trip_us = -1;
  link_close_after_flush (link);
  link_unref (link);

  /* A provisional result waits for the audit, withheld or lost with the connection alike. */
  if (!result_provisional (self))
    g_clear_handle_id (&self->audit_timer_id, g_source_remove);
  else if (!self->audit_timer_id)
    self->audit_timer_id = g_timeout_add (self->audit_timeout_ms, on_audit_timeout_cb, self);
  if (self->game && !syn_game_is_over (self->game)
      && (self->proto.phase == SYN_PHASE_PLAYING || self->claim_pending))
    {
      /* TX-R16: its answer may be lost; the other side counted it, so it is asked again,
       * alike, before anything else (docs/protocol.md, "Resuming a Transactional game"). */
      self->question_lost = self->sealed && self->asking;
      if (self->question_lost)
        {
          self->lost = self->question;
          self->lost_all = self->asking_all;
          g_strlcpy (self->lost_game, syn_game_get_id (self->game), sizeof self->lost_game);
        }
      reset_turn (self);
      syn_net_game_reset_clocks (self->game);
      autosave (self);
      /* Gone for the abandonment time, the other side lets us claim the game; not when we
       * are the ones who left. */
      if (!self->leaving)
        start_abandon_timer (self);
    }
  g_clear_object (&self->resume_game);
  g_clear_pointer (&self->resume_log, syn_tx_audit_log_free);
  syn_protocol_state_init (&self->proto, self->host);

  if ((task = g_steal_pointer (&self->connect_task)))
    {
      if (owned)
        g_task_return_error (task, g_steal_pointer (&owned));
      else
        g_task_return_new_error (task, SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED, "%s",
                                 _ ("The host closed the connection"));
      g_object_unref (task);
      return;
    }
  emit_opponent_state (self);
  if (self->claim_pending)
    {
      /* TX-R17: a claim its audit never checked gives no result: the game stays unfinished,
       * to be resumed, where the claim comes again and is checked then. */
      g_autoptr (GError) unchecked = g_error_new_literal (
          SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
          _ ("The connection ended before the other side's claim was checked by its audit: the "
             "game is not over, and can be resumed (TX-R17)"));
      self->claim_pending = FALSE;
      g_signal_emit (self, signals[ERROR], 0, unchecked);
    }
  if (result_provisional (self))
    {
      g_autoptr (GError) unchecked = g_error_new_literal (
          SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
          _ ("The connection ended before the other side's audit: this end of the game is not "
             "recorded until its audit checks it, and should the audit not come in the time "
             "allowed, the other side loses (TX-R17)"));
      g_signal_emit (self, signals[ERROR], 0, unchecked);
    }
  /* TX-R17: the other side's turns never came, so nothing it said on trust was checked. A
   * broken connection cannot be told from a withheld audit: a result that did not rest on
   * them (time, a resignation, agreement) stands, unchecked, and the player is told. */
  else if (self->game && self->sealed && syn_game_is_over (self->game) && !self->audit_done)
    {
      g_autoptr (GError) unchecked = g_error_new_literal (
          SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
          _ ("The connection ended before the other side revealed its turns: this result was "
             "not checked by the audit (TX-R17)"));
      self->audit_done = TRUE;
      g_signal_emit (self, signals[ERROR], 0, unchecked);
    }
  g_signal_emit (self, signals[DISCONNECTED], 0, owned);
}

/* Something the other side did ends the connection: tell it why (code is the protocol's
 * error code), tell the application, and close. */
static void
fail (SynPeer *self, const char *code, GError *error)
{
  g_autoptr (SynPeer) hold = g_object_ref (self);

  if (!self->link)
    {
      g_error_free (error);
      return;
    }
  if (code)
    send_error (self, code, error->message);
  if (!self->connect_task)
    g_signal_emit (self, signals[ERROR], 0, error);
  end_link (self, error);
}

/* A message refused without consequence: the other side hears why. */
static void
reject (SynPeer *self, const char *code, const char *message)
{
  g_debug ("refused a message: %s", message);
  send_error (self, code, message);
}

/* Messages ---------------------------------------------------------------------------------- */

static void
handle_hello (SynPeer *self, const SynMessage *m)
{
  g_autoptr (GError) error = NULL;
  GTask *task;

  g_free (self->peer_name);
  self->peer_name = g_strdup (m->text);
  /* Seen before, or not: that is what the players are shown; from now on it is known. */
  self->peer_known = syn_identity_lookup (self->identity, self->peer_certificate, self->peer_name);
  if (!syn_identity_remember (self->identity, self->peer_certificate, self->peer_name, &error))
    g_debug ("could not remember the peer: %s", error->message);

  if ((task = g_steal_pointer (&self->connect_task)))
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
    }
  g_signal_emit (self, signals[CONNECTED], 0);
  if (self->host && self->link)
    propose (self);
}

static void
send_decline (SynPeer *self, const char *reason)
{
  SynMessage m = { .type = SYN_MESSAGE_DECLINE };

  g_strlcpy (m.text, reason, sizeof m.text);
  send_message (self, &m);
}

/* A start the protocol can carry: the usual one (fen empty), or a set-up position the rules
 * allow. A Transactional one has no pending moves: both programs would know them, and each
 * may hold its own transaction only (TX-R15). */
static gboolean
start_is_playable (const SynVariant *variant, const char *fen, GError **error)
{
  SynState start;
  SynFenError fen_error;

  if (fen[0] == '\0')
    return TRUE;
  if (!variant->read_state (fen, &start, &fen_error))
    {
      g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL, fen_error.message);
      return FALSE;
    }
  if (variant->view && (syn_tx_locks (&start, SYN_WHITE) | syn_tx_locks (&start, SYN_BLACK)))
    {
      g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                           _ ("a Transactional game over the network starts with no pending "
                              "moves, since each side may know only its own"));
      return FALSE;
    }
  return TRUE;
}

/* A new game that starts by drawing its seed (HUT-R10); a set-up position has its own. */
static gboolean
options_draw_lots (const SynMessage *m)
{
  return syn_protocol_variant_draws_lots (m->variant) && m->fen[0] == '\0';
}

static void
handle_options (SynPeer *self, const SynMessage *m)
{
  const SynVariant *variant = syn_variant_lookup (m->variant);

  self->proposed = (SynPeerOptions){
    .variant = variant,
    .tc = { m->initial_ms, m->increment_ms },
    .fog = m->fog,
    .host_colour = (SynColour) m->colour,
  };
  g_strlcpy (self->proposed.start_fen, m->fen, sizeof self->proposed.start_fen);
  g_strlcpy (self->proposed_date, m->date, sizeof self->proposed_date);
  /* HUT-R10: the game of a seed draw broken off goes on, with the coins committed to, as
   * agreed then; no other game of this pair draws lots before it. */
  self->has_draw = FALSE;
  if (self->autosave && self->pair_digest && variant && options_draw_lots (m))
    {
      SynNetDraw draw;
      if (syn_net_draw_find (self->pair_digest, m->id, &draw))
        {
          /* The same game, whichever program hosts it now: the host proposes the fog
           * agreed then, and its own colour. */
          if (g_str_equal (draw.variant, m->variant) && draw.initial_ms == (gint64) m->initial_ms
              && draw.increment_ms == (gint64) m->increment_ms && draw.fog == m->fog
              && draw.colour == 1 - m->colour && g_str_equal (draw.date, m->date))
            {
              self->draw = draw;
              self->has_draw = TRUE;
              syn_peer_accept_options (self, draw.fog, NULL);
              return;
            }
        }
      else if (syn_net_draw_find (self->pair_digest, NULL, &draw))
        {
          g_autoptr (GError) error = g_error_new_literal (
              SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
              _ ("The host proposed a new game that draws lots, while the draw of another was "
                 "broken off; it was refused"));
          self->proposed.variant = NULL;
          send_decline (self, "a seed draw with you is pending");
          g_signal_emit (self, signals[ERROR], 0, error);
          return;
        }
    }
  /* A new game never takes a saved game's place: its record would be overwritten. */
  if ((self->game && g_str_equal (syn_game_get_id (self->game), m->id))
      || (self->autosave && syn_net_turn_id_is_saved (m->id)))
    {
      g_autoptr (GError) error = g_error_new_literal (
          SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
          _ ("The host proposed a new game under the id of a game saved here; it was refused"));
      self->proposed.variant = NULL;
      send_decline (self, "the id names a saved game");
      g_signal_emit (self, signals[ERROR], 0, error);
      return;
    }
  if (!variant)
    {
      g_autoptr (GError) error
          = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                                 _ ("The host proposed a rule set this program does not know"));
      send_decline (self, "unknown variant");
      g_signal_emit (self, signals[ERROR], 0, error);
      return;
    }
  {
    g_autoptr (GError) error = NULL;
    if (!start_is_playable (variant, m->fen, &error))
      {
        g_prefix_error (&error, _ ("The host proposed a start position that cannot be played: "));
        self->proposed.variant = NULL;
        send_decline (self, "invalid start position");
        g_signal_emit (self, signals[ERROR], 0, error);
        return;
      }
  }
  g_signal_emit (self, signals[OPTIONS_PROPOSED], 0, &self->proposed);
}

/* After a resume, the side ahead sends again its reveal of the turn the other missed; the
 * other checks it against the commitment it saved and plays that turn. It is sent as it
 * went the first time, outside this turn's order. */
static void
send_catch_up (SynPeer *self, guint32 turn)
{
  SynMessage m = { .type = SYN_MESSAGE_REVEAL, .turn = turn };
  char line[SYN_PROTOCOL_MAX_LINE + 1];
  gsize length;

  g_strlcpy (m.move, self->saved.last_text, sizeof m.move);
  memcpy (m.salt, self->saved.last_salt, sizeof m.salt);
  if (self->saved.last_sealed[0])
    {
      /* A Transactional mover's turn went sealed (TX-R15): that is what is sent again. */
      memset (&m, 0, sizeof m);
      m.type = SYN_MESSAGE_SEALED;
      m.turn = turn;
      g_strlcpy (m.text, self->saved.last_sealed, sizeof m.text);
    }
  if (self->saved.last_raised_ms > 0 && game_is_timed (self) && self->link && !self->link->closing)
    {
      /* PSC-R11: we played that turn with the other's time raised; a side that missed the
       * reveal may have missed the raise before it, and must play the turn alike. */
      SynMessage raise
          = { .type = SYN_MESSAGE_USED, .turn = turn, .used_ms = self->saved.last_raised_ms };
      length = syn_message_format (&raise, line);
      if (length > 0)
        link_write (self, line, length);
    }
  length = syn_message_format (&m, line);
  if (length > 0 && self->link && !self->link->closing)
    link_write (self, line, length);
}

/* The choice our saved commitment names in the turn being played, or FALSE when it names
 * none (a record that changed under it). */
static gboolean
saved_choice (SynPeer *self, SynChoice *choice)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  g_autofree char *text = g_strdup (self->saved.own_text);

  if (g_str_equal (text, SYN_PEER_WAIT_TEXT))
    {
      *choice = SYN_CHOICE_NONE;
      return side_waits (self, self->colour);
    }
  /* TX-R17: a Transactional mover committed to its choice and its transaction list. */
  if (self->sealed && strchr (text, ' '))
    *strchr (text, ' ') = '\0';
  *choice
      = syn_variant_choice_from_text (variant, syn_game_get_state (self->game), self->colour, text);
  return *choice != SYN_CHOICE_NONE && !side_waits (self, self->colour);
}

/* A resumed turn goes on with the commitments made before the break: the other's, when we
 * hold it, is the one its reveal must match, and ours is sent again as it was, so that
 * neither side can choose again after seeing the other's move. The turn's thinking times
 * start again from 0 on both sides. */
static void
resume_commitments (SynPeer *self)
{
  SynNetTurn *saved = &self->saved;
  SynChoice choice;

  if (self->sealed || saved->turn != self->proto.turn || self->proto.local_committed
      || self->proto.remote_committed)
    return;
  if (saved->theirs)
    {
      self->proto.remote_committed = TRUE;
      memcpy (self->proto.remote_commitment, saved->their_digest,
              sizeof self->proto.remote_commitment);
      self->proto.remote_commitment_saved = TRUE;
      saved->their_used_ms = 0;
      self->remote_used_ms = 0;
      self->remote_commit_us = g_get_monotonic_time ();
    }
  if (saved->own && saved_choice (self, &choice))
    {
      SynMessage m = { .type = SYN_MESSAGE_COMMIT, .turn = self->proto.turn, .used_ms = 0 };

      syn_protocol_commitment (self->proto.id, m.turn, self->colour, saved->own_text,
                               saved->own_salt, m.digest);
      saved->own_used_ms = 0;
      save_turn (self);
      if (!send_message (self, &m))
        return;
      self->local_choice = choice;
      memcpy (self->salt, saved->own_salt, sizeof self->salt);
      self->local_used_ms = 0;
      self->local_commit_us = g_get_monotonic_time ();
      syn_clock_set_chosen (syn_game_get_clock (self->game), FALSE, FALSE);
      if (self->proto.remote_committed)
        send_reveal (self);
      else if (game_is_timed (self))
        {
          /* PSC-R11: as after any commitment, the other side's time runs to its flag. */
          gint64 wait = turn_start_ms (self, (SynColour) (1 - self->colour)) + FLAG_GRACE_MS;
          g_clear_handle_id (&self->deadline_id, g_source_remove);
          self->deadline_id
              = g_timeout_add ((guint) MIN (wait, (gint64) G_MAXUINT), on_deadline_cb, self);
        }
    }
  else
    {
      SynColour remote = (SynColour) (1 - self->colour);
      saved->own = FALSE;
      save_turn (self);
      /* PSC-R11: the other side has chosen and we have not: our clock runs. */
      if (self->proto.remote_committed)
        syn_clock_set_chosen (syn_game_get_clock (self->game), remote == SYN_WHITE,
                              remote == SYN_BLACK);
    }
}

/* A resumed game's turn goes on: saved commitments first, then a side the step asks nothing
 * of commits at once, and a Transactional mover asks again whether every move is refused
 * (TX-R6). */
static void
resume_turn (SynPeer *self)
{
  resume_commitments (self);
  if (self->proto.local_committed)
    return;
  if (self->question_lost && self->sealed && self->lost.turn == self->proto.turn
      && g_str_equal (self->lost_game, syn_game_get_id (self->game)))
    ask (self, self->lost.sets, self->lost.n_sets, self->lost_all, NULL);
  self->question_lost = FALSE;
  ask_all_refused (self);
  commit_wait (self);
}

/* After a resume, this side is the one a turn behind: it revealed its move and holds the
 * other's commitment, saved; the other's reveal, due at once, brings it forward. */
static gboolean
resume_behind (SynPeer *self)
{
  SynChoice choice;

  if (!self->saved.own || !self->saved.theirs || !saved_choice (self, &choice))
    return FALSE;
  syn_protocol_state_resume_behind (&self->proto, self->saved.their_digest);
  if (self->sealed)
    {
      /* The log was cut back to the record: what the audit needs of the turn comes back from
       * the turn saved before anything of it left (TX-R17). */
      if (choice != SYN_CHOICE_NONE)
        {
          syn_tx_audit_log_set_own (self->audit_log, self->proto.turn, self->saved.own_text);
          syn_tx_audit_log_set_own_salt (self->audit_log, self->proto.turn, self->saved.own_salt);
        }
      else
        {
          SynTxTheirTurn *theirs = syn_tx_audit_log_their_turn (self->audit_log, self->proto.turn);
          theirs->committed = TRUE;
          memcpy (theirs->commitment, self->saved.their_digest, sizeof theirs->commitment);
        }
    }
  self->local_choice = choice;
  memcpy (self->salt, self->saved.own_salt, sizeof self->salt);
  self->local_used_ms = self->saved.own_used_ms;
  self->remote_used_ms = self->saved.their_used_ms;
  self->local_commit_us = self->remote_commit_us = g_get_monotonic_time ();
  return TRUE;
}

/* Guest: the host proposes to resume a game that is over here. We hold the same end (the
 * same digest), or the host missed our reveal of the last turn (our record cut to its turns
 * gives its digest, and we hold that reveal): it is sent again, and the host plays the turn
 * that ends the game. Anything else is declined. */
static void
resume_finished (SynPeer *self, SynGame *game, SynColour local, const SynMessage *m)
{
  SynMessage answer = { .type = SYN_MESSAGE_ACCEPT, .has_turns = TRUE };
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  g_autoptr (SynGame) prefix = NULL;
  guint n = syn_game_get_n_turns (game);
  SynNetTurn saved;

  syn_net_game_digest (game, digest);
  find_saved_turn (self, game, &saved);
  if (n == m->turns && memcmp (digest, m->digest, sizeof digest) == 0)
    answer.turns = n;
  else if (n == m->turns + 1 && saved.last && ends_by_last_turn (game)
           && (prefix = syn_net_game_prefix (game, m->turns, NULL)))
    {
      syn_net_game_digest (prefix, digest);
      if (memcmp (digest, m->digest, sizeof digest) != 0)
        {
          send_decline (self, "the saved games differ");
          return;
        }
      answer.turns = n;
    }
  else
    {
      send_decline (self, "no such unfinished game here");
      return;
    }
  if (!send_message (self, &answer))
    return;
  syn_protocol_state_end_game (&self->proto);
  if (n == m->turns)
    {
      /* Both hold the end: nothing to play, and nothing to keep for it. */
      settle_end (self, game);
      return;
    }
  set_game (self, game, local, NULL);
  self->saved = saved;
  send_catch_up (self, m->turns);
  /* Held until the host answers a ping sent from now on, as after any end. */
  self->end_ping = self->ping_number;
}

/* Guest: a resume is accepted when we hold the same game, at the host's turn or one turn
 * either side of it, identical up to there. */
static void
handle_resume (SynPeer *self, const SynMessage *m)
{
  g_autoptr (SynGame) game = NULL;
  g_autoptr (SynGame) prefix = NULL;
  g_autoptr (SynTxAuditLog) log = NULL;
  SynMessage answer = { .type = SYN_MESSAGE_ACCEPT, .has_turns = TRUE };
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  SynNetTurn saved;
  gboolean behind = FALSE, ahead = FALSE;
  SynColour local;
  guint n;

  if (self->game && g_str_equal (syn_game_get_id (self->game), m->id))
    game = g_object_ref (self->game);
  else if (self->autosave)
    {
      g_autoptr (GFile) dir = syn_record_autosave_dir ();
      g_autofree char *name = g_strconcat (m->id, ".synchess", NULL);
      g_autoptr (GFile) file = g_file_get_child (dir, name); /* the id is a safe file name */
      game = syn_record_load (file, NULL);
    }
  /* A game over here may be one the host holds a turn short of its end: it is brought
   * there with our reveal of the last turn (docs/protocol.md, "Resuming"). */
  if (game && syn_game_is_over (game) && is_our_game (self, game) && local_colour_of (game, &local)
      && (int) local != m->colour)
    {
      resume_finished (self, game, local, m);
      return;
    }
  if (!game || !is_our_unfinished_game (self, game) || !local_colour_of (game, &local)
      || (int) local == m->colour || !find_audit_log (self, game, &log))
    {
      send_decline (self, "no such unfinished game here");
      return;
    }
  n = syn_game_get_n_turns (game);
  find_saved_turn (self, game, &saved);
  syn_net_game_digest (game, digest);
  /* A game is never cut back, or the side that saw the other's move could take its own
   * back: the side a turn behind is brought forward by the other's reveal, checked against
   * the commitment it saved. */
  if (n == m->turns && memcmp (digest, m->digest, sizeof digest) == 0)
    answer.turns = n;
  else if (n + 1 == m->turns && m->has_previous && memcmp (digest, m->previous, sizeof digest) == 0)
    {
      if (!saved.own || !saved.theirs)
        {
          send_decline (self, "the host's last turn cannot be checked here");
          return;
        }
      answer.turns = n;
      behind = TRUE;
    }
  else if (n == m->turns + 1 && (prefix = syn_net_game_prefix (game, m->turns, NULL)))
    {
      syn_net_game_digest (prefix, digest);
      if (memcmp (digest, m->digest, sizeof digest) != 0)
        {
          send_decline (self, "the saved games differ");
          return;
        }
      if (!saved.last)
        {
          send_decline (self, "the host cannot be brought forward from here");
          return;
        }
      answer.turns = n;
      ahead = TRUE;
    }
  else
    {
      send_decline (self, "the saved games differ");
      return;
    }
  if (!send_message (self, &answer))
    return;
  set_game (self, game, local, g_steal_pointer (&log));
  self->saved = saved;
  self->unraised_turn = MAX (n, m->turns);
  if (behind && !resume_behind (self))
    {
      fail (self, "internal",
            g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_STATE,
                                 _ ("The saved turn does not fit the saved game")));
      return;
    }
  autosave (self);
  g_signal_emit (self, signals[GAME_STARTED], 0, TRUE);
  emit_opponent_state (self);
  if (ahead)
    send_catch_up (self, m->turns);
  if (behind)
    reveal_due (self);
  else
    resume_turn (self);
}

/* The seed (HUT-R10) -------------------------------------------------------------------------- */

/* Both coins are known: the game starts from the seed they give. */
static void
finish_lots (SynPeer *self)
{
  guint64 seed = syn_hutnik_seed_from_coins (self->coin, self->remote_coin);
  SynTxAuditLog *log;
  g_autoptr (SynGame) game = make_game (self, self->proto.id, &self->proposed, self->lots_fog,
                                        self->proposed_date, &seed, &log);

  memset (self->coin, 0, sizeof self->coin);
  set_game (self, game, (SynColour) self->proto.local_colour, log);
  autosave (self);
  /* The game is saved with its seed: the draw is over. */
  if (self->has_draw)
    syn_net_draw_remove (self->draw.id);
  self->has_draw = FALSE;
  g_signal_emit (self, signals[GAME_STARTED], 0, FALSE);
  emit_opponent_state (self);
  commit_wait (self);
}

static void
send_seed_reveal (SynPeer *self)
{
  SynMessage m = { .type = SYN_MESSAGE_SEED, .seed_reveal = TRUE };

  memcpy (m.coin, self->coin, sizeof m.coin);
  memcpy (m.salt, self->coin_salt, sizeof m.salt);
  if (send_message (self, &m) && !self->proto.drawing_lots)
    finish_lots (self);
}

static void
save_draw (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (self->autosave && !syn_net_draw_save (&self->draw, &error))
    g_signal_emit (self, signals[ERROR], 0, error);
}

static void
handle_seed (SynPeer *self, const SynMessage *m)
{
  if (!m->seed_reveal)
    {
      /* Kept before our coin is revealed: theirs cannot change after a break. */
      if (self->has_draw)
        {
          self->draw.theirs = TRUE;
          memcpy (self->draw.their_digest, m->digest, sizeof self->draw.their_digest);
          save_draw (self);
        }
      if (self->proto.local_committed && !self->proto.local_revealed)
        send_seed_reveal (self);
      return;
    }
  memcpy (self->remote_coin, m->coin, sizeof self->remote_coin);
  if (!self->proto.drawing_lots)
    finish_lots (self);
}

/* The guest accepted options: the game starts now, or once its seed is drawn (HUT-R10: each
 * side commits to 8 random bytes, and reveals them once both commitments are in). */
static gboolean
start_new_game (SynPeer *self, gboolean fog)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = NULL;
  SynMessage m = { .type = SYN_MESSAGE_SEED };

  if (!self->proto.drawing_lots)
    {
      SynTxAuditLog *log;
      game
          = make_game (self, self->proto.id, &self->proposed, fog, self->proposed_date, NULL, &log);
      set_game (self, game, (SynColour) self->proto.local_colour, log);
      autosave (self);
      g_signal_emit (self, signals[GAME_STARTED], 0, FALSE);
      return TRUE;
    }
  self->lots_fog = fog;
  if (self->has_draw && g_str_equal (self->draw.id, self->proto.id))
    {
      /* A draw broken off goes on with the coins committed to (HUT-R10). */
      memcpy (self->coin, self->draw.coin, sizeof self->coin);
      memcpy (self->coin_salt, self->draw.salt, sizeof self->coin_salt);
    }
  else
    {
      if (!random_salt (self->coin, sizeof self->coin, &error)
          || !random_salt (self->coin_salt, sizeof self->coin_salt, &error))
        {
          fail (self, "internal", g_steal_pointer (&error));
          return FALSE;
        }
      self->draw = (SynNetDraw){
        .initial_ms = self->proposed.tc.initial_ms,
        .increment_ms = self->proposed.tc.increment_ms,
        .fog = fog,
        .colour = self->proto.local_colour,
      };
      g_strlcpy (self->draw.id, self->proto.id, sizeof self->draw.id);
      g_strlcpy (self->draw.pair, self->pair_digest ? self->pair_digest : "",
                 sizeof self->draw.pair);
      g_strlcpy (self->draw.variant, self->proposed.variant->id, sizeof self->draw.variant);
      g_strlcpy (self->draw.date, self->proposed_date, sizeof self->draw.date);
      memcpy (self->draw.coin, self->coin, sizeof self->coin);
      memcpy (self->draw.salt, self->coin_salt, sizeof self->coin_salt);
      self->has_draw = TRUE;
    }
  /* Saved before our commitment leaves: nothing committed to can be drawn again. */
  save_draw (self);
  syn_protocol_seed_commitment (self->proto.id, self->proto.local_colour, self->coin,
                                self->coin_salt, m.digest);
  if (!send_message (self, &m))
    return FALSE;
  if (self->draw.theirs && !self->proto.remote_committed)
    {
      self->proto.remote_committed = TRUE;
      memcpy (self->proto.remote_commitment, self->draw.their_digest,
              sizeof self->proto.remote_commitment);
      self->proto.remote_commitment_saved = TRUE;
    }
  if (self->proto.remote_committed)
    send_seed_reveal (self);
  return FALSE;
}

/* Host: the guest said yes to the resume of a game that is over here. A guest a turn behind
 * gets our reveal of the last turn, which ends its game too; one that holds the end already
 * says so. Either way the guest now holds the end, and a new game is proposed at once. */
static void
bring_to_end (SynPeer *self, SynGame *game, SynTxAuditLog *log, guint turns)
{
  guint n = syn_game_get_n_turns (game);

  syn_tx_audit_log_free (log);
  if (turns != n && !(turns + 1 == n && self->resume_saved.last))
    {
      fail (self, "wrong-turn",
            g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                         _ ("The other side holds %u turns of this game, and this side "
                            "cannot bring the two to the same turn"),
                         turns));
      return;
    }
  syn_protocol_state_end_game (&self->proto);
  if (turns + 1 == n)
    {
      self->saved = self->resume_saved;
      send_catch_up (self, turns);
    }
  /* What the guest reads next comes after our reveal: it holds the end once it answers. */
  settle_end (self, game);
  self->resume_declined = TRUE;
  if (self->link && !self->link->closing)
    propose (self);
}

/* Host: the guest declined to resume game. One over here is settled: the guest holds no
 * game to bring to its end. An unfinished one was abandoned by the guest, who came back and
 * would not go on: once the abandonment time has passed since it was last played (its record
 * was last saved then, or when its connection broke), this side wins it, reason abandoned
 * (docs/protocol.md, "Abandonment"), so that declining cannot escape a lost position, and a
 * guest that lost its records cannot keep the game hanging. Sooner, it stays unfinished and
 * is proposed again at the next connection. */
static void
give_up_declined (SynPeer *self, SynGame *game, SynColour local)
{
  g_autoptr (GError) error = NULL;
  guint64 saved_us;
  gint64 now_us = g_get_real_time ();

  if (syn_game_is_over (game))
    {
      settle_end (self, game);
      return;
    }
  /* A Transactional guest declines, honestly, a game it ended by a claim in the turn we
   * missed (its result waits for our audit, and such a game is not yet brought to its end):
   * it is not taken from the guest for that. */
  if (syn_game_get_variant (game) == &syn_variant_transactional)
    return;
  saved_us = self->autosave ? saved_time_us (game) : 0;
  if (saved_us == 0 || now_us < 0 || (guint64) now_us < saved_us
      || (guint64) now_us - saved_us < (guint64) self->abandon_ms * 1000)
    return;
  /* Not through announce_over(): no connection is playing it, and a Transactional one has
   * no audit to send (the guest holds none of it). */
  self->applying = game == self->game;
  syn_game_end (game, local == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS,
                SYN_END_ABANDONED);
  self->applying = FALSE;
  if (!syn_record_autosave (game, &error))
    g_signal_emit (self, signals[ERROR], 0, error);
  settle_end (self, game);
  if (game == self->game)
    {
      stop_abandon_timer (self);
      self->over_announced = TRUE;
      g_signal_emit (self, signals[GAME_OVER], 0);
    }
}

/* Host: the guest said yes. */
static void
handle_accept (SynPeer *self, const SynProtocolState *before, const SynMessage *m)
{
  if (before->proposal == SYN_PROPOSAL_OPTIONS)
    {
      /* PSC-R12: fog only when both want it. */
      if (!start_new_game (self, self->proposed.fog && m->fog))
        return;
    }
  else
    {
      g_autoptr (SynGame) game = g_steal_pointer (&self->resume_game);
      SynTxAuditLog *log = g_steal_pointer (&self->resume_log);
      SynColour local = (SynColour) before->proposal_colour;
      guint n;

      if (!game)
        {
          syn_tx_audit_log_free (log);
          return;
        }
      /* The game is never cut back (docs/protocol.md, "Resuming"): a guest behind gets our
       * reveal of the turn it missed; a guest ahead owes us its reveal of ours, checked
       * against the commitment we saved. */
      n = syn_game_get_n_turns (game);
      if (syn_game_is_over (game))
        {
          bring_to_end (self, game, log, m->turns);
          return;
        }
      set_game (self, game, local, log);
      self->saved = self->resume_saved;
      /* The turn under way starts afresh: its times are the reports, never raised (docs/
       * protocol.md, "Resuming"). */
      self->unraised_turn = MAX (n, m->turns);
      if (m->turns != n
          && ((m->turns + 1 == n && !self->saved.last)
              || (m->turns == n + 1 && !resume_behind (self))))
        {
          fail (self, "wrong-turn",
                g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                             _ ("The other side holds %u turns of this game, and this side "
                                "cannot bring the two to the same turn"),
                             m->turns));
          return;
        }
      autosave (self);
      g_signal_emit (self, signals[GAME_STARTED], 0, TRUE);
      emit_opponent_state (self);
      if (m->turns + 1 == n)
        send_catch_up (self, m->turns);
      if (m->turns == n + 1)
        reveal_due (self);
      else
        resume_turn (self);
      return;
    }
  emit_opponent_state (self);
  commit_wait (self);
}

/* What we hold of the other side's turn. */
static SynTxTheirTurn *
their_turn (SynPeer *self, guint turn)
{
  return syn_tx_audit_log_their_turn (self->audit_log, turn);
}

static void
handle_commit (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  gint64 now = g_get_monotonic_time ();
  SynColour remote = (SynColour) (1 - self->colour);
  gint64 elapsed_ms = self->local_commit_us ? (now - self->local_commit_us) / 1000 : 0;
  g_autofree char *why = NULL;

  /* PSC-R11: the opponent's clock runs only once it has our commitment, so it cannot have
   * thought longer than the time since ours left, nor longer than it had. */
  if (m->used_ms > elapsed_ms + CLOCK_TOLERANCE_MS)
    why = g_strdup_printf ("a thinking time of %" G_GINT64_FORMAT
                           " ms is impossible: %" G_GINT64_FORMAT " ms passed since our commitment",
                           m->used_ms, elapsed_ms);
  else if (game_is_timed (self) && m->used_ms >= turn_start_ms (self, remote))
    why = g_strdup_printf ("a thinking time of %" G_GINT64_FORMAT
                           " ms is more than the %" G_GINT64_FORMAT " ms left",
                           m->used_ms, turn_start_ms (self, remote));
  if (why)
    {
      g_autoptr (GError) error
          = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOCK,
                         _ ("The other side reported an impossible clock: %s"), why);
      reject (self, "clock", why);
      g_signal_emit (self, signals[ERROR], 0, error);
      return;
    }
  self->proto = *next;
  self->remote_used_ms = m->used_ms;
  self->remote_commit_us = now;
  /* A side that waits has no clock running (docs/protocol.md: its USED_MS is 0). */
  if (game_is_timed (self) && self->local_commit_us && !side_waits (self, remote)
      && m->turn != self->unraised_turn)
    {
      /* PSC-R11: its clock ran from our commitment's arrival to its own commitment's
       * departure: at least what we saw between ours leaving and its arriving, less a round
       * trip. A lower report is raised to that, and the other side told, before our reveal
       * plays the turn, so that both records agree. */
      gint64 round_trip_ms = self->round_trip_us < 0 ? 0 : self->round_trip_us / 1000;
      gint64 seen_ms
          = (now - self->local_commit_us) / 1000 - MIN (round_trip_ms, MAX_ROUND_TRIP_MS);
      /* Its commitment may have waited for us to read it while we did not run: not its time. */
      seen_ms -= stalled_ms (self, self->local_commit_us);
      /* A time it had not: its flag is ours to claim by the deadline, not by a raise. */
      seen_ms = MIN (seen_ms, turn_start_ms (self, remote) - 1);
      if (seen_ms > m->used_ms)
        {
          SynMessage raise = { .type = SYN_MESSAGE_USED, .turn = m->turn, .used_ms = seen_ms };
          self->remote_used_ms = seen_ms;
          self->saved.their_raised_ms = seen_ms;
          send_message (self, &raise);
        }
    }
  /* Kept before our reveal leaves: its reveal must match it, whatever breaks meanwhile. */
  self->saved.theirs = TRUE;
  memcpy (self->saved.their_digest, m->digest, sizeof self->saved.their_digest);
  self->saved.their_used_ms = self->remote_used_ms;
  save_turn (self);
  if (self->sealed)
    {
      SynTxTheirTurn *theirs = their_turn (self, m->turn);
      theirs->committed = TRUE;
      memcpy (theirs->commitment, m->digest, sizeof theirs->commitment);
    }
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  if (self->proto.local_committed)
    send_reveal (self);
  else if (self->game)
    /* PSC-R11: the opponent has chosen and we have not: our clock runs. */
    syn_clock_set_chosen (syn_game_get_clock (self->game), remote == SYN_WHITE,
                          remote == SYN_BLACK);
  if (self->game && !syn_game_is_over (self->game))
    emit_opponent_state (self);
}

/* PSC-R11: the other side raised the time we reported to what it saw on the wire. It takes
 * that value, so we must too, or the records differ: a raise below our report, or beyond it
 * by more than the network can explain, is a lie (it would steal our time), and ends the
 * connection (the turn is played again on resuming). */
static void
handle_used (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  g_autofree char *why = NULL;
  /* What the other side can have seen beyond our own count: the network's delay both ways,
   * which the latest round trip measures; with some jitter, and never more than a second. */
  gint64 slack_ms = self->last_round_trip_us < 0
                        ? CLOCK_TOLERANCE_MS
                        : MIN (CLOCK_TOLERANCE_MS, 2 * self->last_round_trip_us / 1000 + 200);

  /* And the time we did not run, with its commitment waiting to be read or ours to leave:
   * the other saw it pass on our clock (measured now, or saved before a break). */
  slack_ms += MAX (own_stall_ms (self), self->saved.own_stall_ms);

  if (!game_is_timed (self))
    why = g_strdup ("this game has no clock");
  else if (self->used_raised)
    why = g_strdup ("our time was raised already this turn");
  else if (side_waits (self, self->colour))
    why = g_strdup ("we wait this turn, and our clock does not run");
  else if (m->turn == self->unraised_turn)
    why = g_strdup ("no time is raised in the turn a resume goes on with");
  else if (m->used_ms < self->local_used_ms || m->used_ms > self->local_used_ms + slack_ms)
    why = g_strdup_printf ("a raise of our %" G_GINT64_FORMAT " ms to %" G_GINT64_FORMAT
                           " ms is impossible",
                           self->local_used_ms, m->used_ms);
  if (why)
    {
      fail (self, "clock",
            g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOCK,
                         _ ("The other side counted our clock impossibly: %s"), why));
      return;
    }
  self->proto = *next;
  self->used_raised = TRUE;
  self->local_used_ms = m->used_ms;
  /* What a resume a turn behind plays the turn with (docs/protocol.md, "Resuming"). */
  self->saved.own_used_ms = m->used_ms;
  save_turn (self);
}

static void
forfeit (SynPeer *self, const char *code, GError *error)
{
  g_autoptr (SynPeer) hold = g_object_ref (self);

  /* The game ends as if the offender had resigned; the error says exactly what it did. */
  if (self->game && !syn_game_is_over (self->game))
    {
      send_error (self, code, error->message);
      syn_game_resign (self->game, (SynColour) (1 - self->colour));
      fail (self, NULL, error);
    }
  else
    fail (self, code, error);
}

static void
handle_reveal (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);
  const SynVariant *variant = syn_game_get_variant (self->game);
  const SynState *state = syn_game_get_state (self->game);
  SynChoice choice = syn_variant_choice_from_text (variant, state, remote, m->move);
  /* A side the rules ask nothing of this step reveals "-", and only such a side may. */
  gboolean legal = side_waits (self, remote) ? g_str_equal (m->move, SYN_PEER_WAIT_TEXT)
                                             : choice != SYN_CHOICE_NONE && !self->sealed;
  if (!legal)
    {
      forfeit (self, "illegal-move",
               g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_ILLEGAL_MOVE,
                            /* Translators: %s is a move such as "e2e5". */
                            _ ("The other side played an illegal move: %s is not a legal move "
                               "for %s in this turn"),
                            m->move, remote == SYN_WHITE ? _ ("White") : _ ("Black")));
      return;
    }
  self->proto = *next;
  self->remote_choice = choice;
  if (self->proto.turn != m->turn)
    complete_turn (self);
}

/* Transactional Chess between two programs (TX-R15 to R17) ----------------------------- */

static SynColour
mover (SynPeer *self)
{
  return (SynColour) syn_game_get_state (self->game)->board.side_to_move;
}

#define NEVER 99 /* more moves than any transaction holds */

/* The fewest knight moves from one square to another on an empty board. */
static int
knight_distance (int from, int to)
{
  static const int jumps[8][2]
      = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
  int distance[64], queue[64], head = 0, tail = 0;

  for (int i = 0; i < 64; i++)
    distance[i] = -1;
  distance[from] = 0;
  queue[tail++] = from;
  while (head < tail)
    {
      int square = queue[head++];
      for (int j = 0; j < 8; j++)
        {
          int file = SYN_FILE_OF (square) + jumps[j][0], rank = SYN_RANK_OF (square) + jumps[j][1];
          int next = rank * 8 + file;
          if (file < 0 || file > 7 || rank < 0 || rank > 7 || distance[next] >= 0)
            continue;
          distance[next] = distance[square] + 1;
          queue[tail++] = next;
        }
    }
  return distance[to];
}

/* The fewest moves a piece of type needs from one square to another on an empty board, a
 * lower bound of what it took in the sender's view (NEVER when no number of moves does).
 * castles: the sender's king went two files from its home square, which is one move for it
 * and its rook together. */
static int
fewest_moves (SynPieceType type, SynColour side, int from, int to, gboolean castles)
{
  int df = ABS (SYN_FILE_OF (to) - SYN_FILE_OF (from));
  int dr = ABS (SYN_RANK_OF (to) - SYN_RANK_OF (from));
  int home_rank = side == SYN_WHITE ? 0 : 7;
  int forward = (SYN_RANK_OF (to) - SYN_RANK_OF (from)) * (side == SYN_WHITE ? 1 : -1);

  switch (type)
    {
    case SYN_PAWN:
      /* Forward only; a file changes only by a capture, which ends the transaction. */
      if (forward <= 0 || df > 1)
        return NEVER;
      return SYN_RANK_OF (from) == (side == SYN_WHITE ? 1 : 6) && forward >= 2 ? forward - 1
                                                                               : forward;
    case SYN_KNIGHT:
      return knight_distance (from, to);
    case SYN_BISHOP:
      if ((SYN_FILE_OF (from) + SYN_RANK_OF (from)) % 2
          != (SYN_FILE_OF (to) + SYN_RANK_OF (to)) % 2)
        return NEVER;
      return df == dr ? 1 : 2;
    case SYN_ROOK:
      /* Castling's rook moves with its king. */
      if (castles && SYN_RANK_OF (from) == home_rank && SYN_RANK_OF (to) == home_rank)
        return 0;
      return df == 0 || dr == 0 ? 1 : 2;
    case SYN_QUEEN:
      return df == 0 || dr == 0 || df == dr ? 1 : 2;
    case SYN_KING:
    default:
      if (castles && SYN_RANK_OF (from) == home_rank && dr == 0 && df == 2)
        return 1;
      return MAX (df, dr);
    }
}

/* TX-R3, R8: a commit is the sender's pending moves, at most one a turn of its own since its
 * last commit and five in all; each piece that changed square needs at least the moves an
 * empty board asks of it. More than the turns allow cannot be true. */
static gboolean
commit_fits_turns (SynPeer *self, const SynTxPublicStep *step, char *why, gsize size)
{
  SynColour remote = (SynColour) (1 - self->colour);
  const SynPosition *board = &syn_game_get_state (self->game)->board;
  int home = remote == SYN_WHITE ? 4 : 60; /* e1, e8 */
  guint moves = 1;                         /* this turn's */
  int needed = 0;
  gboolean castles = FALSE;

  if (!step->commit)
    return TRUE;
  for (guint t = syn_game_get_n_turns (self->game); t-- > 0;)
    {
      SynChoice theirs = syn_game_get_turn (self->game, t)->choice[remote];
      if (theirs & SYN_CHOICE_COMMIT)
        break;
      if (theirs != SYN_CHOICE_NONE)
        moves++;
    }
  moves = MIN (moves, 5);
  for (guint i = 0; i < step->n_changed; i++)
    castles
        |= step->changed[i].from == home && ABS (step->changed[i].to - step->changed[i].from) == 2;
  for (guint i = 0; i < step->n_changed && needed <= (int) moves; i++)
    {
      int from = step->changed[i].from, to = step->changed[i].to;
      SynPiece piece;
      if (from < 0 || from > 63 || to < 0 || to > 63)
        return TRUE; /* not a square: syn_tx_apply_public_step() says what is wrong */
      piece = board->board[from];
      if (piece == SYN_NO_PIECE)
        return TRUE;
      needed += fewest_moves (SYN_PIECE_TYPE (piece), remote, from, to, castles);
    }
  if (needed <= (int) moves)
    return TRUE;
  g_snprintf (why, size,
              "its pieces need at least %d moves to reach those squares, and its transaction "
              "holds at most %u",
              MIN (needed, NEVER), moves);
  return FALSE;
}

/* The other side's sealed turn: follow the committed view by its public part. */
static void
handle_sealed (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);
  SynTxPublicStep step;
  char why[160] = "";

  if (!self->sealed || mover (self) != remote)
    {
      reject (self, "out-of-order", "a sealed turn from a side that does not move");
      return;
    }
  if (!syn_tx_public_step_from_text (m->text, remote, &step, why, sizeof why)
      || !commit_fits_turns (self, &step, why, sizeof why)
      || !syn_tx_apply_public_step (syn_game_get_state (self->game), &step, &self->sealed_after,
                                    why, sizeof why))
    {
      forfeit (self, "illegal-move",
               g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_ILLEGAL_MOVE,
                            _ ("The other side announced an impossible commit: %s"), why));
      return;
    }
  g_strlcpy (their_turn (self, m->turn)->public_step, m->text,
             sizeof their_turn (self, m->turn)->public_step);
  self->proto = *next;
  self->remote_choice = SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0);
  if (self->proto.turn != m->turn)
    complete_turn (self);
}

/* What the other side's lock questions of a turn leave it (TX-R16), counted from those we
 * answered, kept in the audit log: a turn resumed after a broken connection goes on with
 * them, so that asking, leaving and asking again teaches nothing more than one turn may. */
typedef struct
{
  guint n;                /* questions answered */
  gboolean closed;        /* a move was told "no", or every move that it is refused */
  SynBitboard first_free; /* the set of a first question of one set answered "no", or 0 */
  SynTxLockAnswer last;   /* the last one, with our answer */
} Asked;

static gboolean
same_question (const SynTxLockAnswer *a, const SynTxLockAnswer *b)
{
  return a->n_sets == b->n_sets && memcmp (a->sets, b->sets, a->n_sets * sizeof *a->sets) == 0;
}

static void
count_questions (SynPeer *self, guint turn, Asked *asked)
{
  GArray *questions = self->audit_log->questions;

  *asked = (Asked){ 0 };
  for (guint i = 0; i < questions->len; i++)
    {
      const SynTxLockAnswer *q = &g_array_index (questions, SynTxLockAnswer, i);
      if (q->turn != turn)
        continue;
      /* A "no" to a move binds it; a "yes" to every move leaves only the pass (TX-R6). */
      asked->closed = q->n_sets == 1 ? !q->locked && asked->n > 0 : q->locked;
      if (q->n_sets == 1 && !q->locked && asked->n == 0)
        asked->first_free = q->sets[0];
      asked->last = *q;
      asked->n++;
    }
}

/* Whether the other side asked about set already this turn. The turn's first question, when
 * answered "no", may have been the TX-R6 one about every move (all of whose moves share that
 * set), so its set may be asked once more, about the move. */
static gboolean
asked_before (SynPeer *self, guint turn, SynBitboard set)
{
  GArray *questions = self->audit_log->questions;
  gboolean first = TRUE;

  for (guint i = 0; i < questions->len; i++)
    {
      const SynTxLockAnswer *q = &g_array_index (questions, SynTxLockAnswer, i);
      if (q->turn != turn)
        continue;
      if (q->n_sets == 1 && q->sets[0] == set && !(first && !q->locked))
        return TRUE;
      first = FALSE;
    }
  return FALSE;
}

/* TX-R16: the other side asks whether its move's squares are locked; our player is never
 * shown the question. Each question is one attempted move: the turn's first may ask about
 * every move at once (TX-R6), every other about one move's refusal squares (one square, or
 * two for castling), each set once a turn, since locks do not change while the other side
 * moves. The first's set may be asked once more when it was answered "no": it may have been
 * the TX-R6 question, all of whose moves then share that set, so nothing else may follow it.
 * After a "no" to a later question (the move stands and binds it) or a "yes" to several sets
 * (every move refused), none. So a turn has one "no" that binds, and a "yes" for each
 * distinct set our locks refuse. The audit checks that each was a legal attempt of the
 * asker's own view (TX-R17). */
static void
handle_lock (SynPeer *self, const SynMessage *m)
{
  SynMessage answer = { .type = SYN_MESSAGE_LOCKED, .turn = m->turn };
  SynTxLockAnswer kept = { .turn = m->turn };
  SynBitboard locks;
  const char *why = NULL;
  Asked asked;

  if (!self->sealed || mover (self) == self->colour)
    {
      reject (self, "out-of-order", "a lock question from a side that does not move");
      return;
    }
  if (!syn_tx_audit_read_sets (m->text, kept.sets, &kept.n_sets))
    {
      reject (self, "malformed", "lock: too many sets");
      return;
    }
  count_questions (self, m->turn, &asked);
  if (self->answer_again && asked.n > 0 && same_question (&asked.last, &kept))
    {
      /* Its answer may have been lost with the connection: the same answer again teaches
       * nothing new, and counts for nothing. */
      self->answer_again = FALSE;
      answer.answer = asked.last.locked;
      send_message (self, &answer);
      return;
    }
  if (asked.closed)
    why = "no more lock questions this turn: a move was let through, or every move refused";
  else if (asked.n > 0 && kept.n_sets > 1)
    why = "only the turn's first lock question may ask about several moves";
  else if (kept.n_sets == 1 && syn_popcount (kept.sets[0]) > 2)
    why = "a move's refusal squares are one square, or two when castling";
  else if (asked.first_free && (kept.n_sets != 1 || kept.sets[0] != asked.first_free))
    why = "after a first question answered 'no', only its move may be asked about again";
  else if (kept.n_sets == 1 && asked_before (self, m->turn, kept.sets[0]))
    why = "that move's squares were asked about already this turn";
  if (why)
    {
      reject (self, "bad-lock", why);
      return;
    }
  locks = syn_tx_locks (syn_game_get_state (self->game), self->colour);
  answer.answer = syn_tx_audit_all_locked (kept.sets, kept.n_sets, locks);
  kept.locked = answer.answer;
  /* Kept for the audit, which checks that the question was a legal attempt (TX-R17), and
   * saved before the answer leaves: a turn resumed after a broken connection goes on with
   * what it asked (TX-R16). */
  g_array_append_val (self->audit_log->questions, kept);
  self->answer_again = FALSE;
  save_audit_log (self);
  send_message (self, &answer);
}

static gboolean not_now (GError **error, const char *message);
static gboolean commit_own_choice (SynPeer *self, SynChoice choice, GError **error);

/* The answer to our question. */
static void
handle_locked (SynPeer *self, const SynMessage *m)
{
  g_autoptr (GError) error = NULL;
  SynChoice choice = self->asked_choice;
  gboolean all = self->asking_all;

  if (!self->asking)
    {
      reject (self, "out-of-order", "no lock question is out");
      return;
    }
  self->question.locked = m->answer;
  g_array_append_val (self->audit_log->answers, self->question);
  self->audit_log->asking = FALSE;
  save_audit_log (self);
  self->asking = self->asking_all = FALSE;
  self->asked_choice = SYN_CHOICE_NONE;

  if (all && m->answer)
    {
      /* TX-R6: every move is refused; the player passes. */
      SynState state = *syn_game_get_state (self->game);
      syn_tx_set_all_refused (&state);
      syn_game_replace_state (self->game, &state);
      if (choice != SYN_CHOICE_NONE)
        syn_game_refuse (self->game, self->colour);
      return;
    }
  if (choice == SYN_CHOICE_NONE)
    return;
  if (all)
    {
      /* A move chosen while the first question was out: now it is asked about. */
      if (!syn_peer_choose (self, choice, &error))
        g_signal_emit (self, signals[ERROR], 0, error);
      return;
    }
  if (m->answer)
    {
      /* TX-R5: refused; the player chooses another move. */
      syn_game_refuse (self->game, self->colour);
      return;
    }
  self->cleared_move = SYN_CHOICE_MOVE (choice);
  if (!commit_own_choice (self, choice, &error))
    g_signal_emit (self, signals[ERROR], 0, error);
}

/* The other side's first answer to us this turn, or NULL. */
static const SynTxLockAnswer *
first_answer (SynPeer *self)
{
  GArray *answers = self->audit_log->answers;

  for (guint i = 0; i < answers->len; i++)
    if (g_array_index (answers, SynTxLockAnswer, i).turn == self->proto.turn)
      return &g_array_index (answers, SynTxLockAnswer, i);
  return NULL;
}

/* TX-R16: the refusal squares of the move a "not locked" answer this turn bound us to, or 0.
 * Kept across a broken connection, so that a resumed turn cannot play another. */
static SynBitboard
bound_set (SynPeer *self)
{
  GArray *answers = self->audit_log->answers;

  for (guint i = 0; i < answers->len; i++)
    {
      const SynTxLockAnswer *a = &g_array_index (answers, SynTxLockAnswer, i);
      if (a->turn == self->proto.turn && a->n_sets == 1 && !a->locked)
        return a->sets[0];
    }
  return 0;
}

/* TX-R6 over the network: when every move we have might be refused, ask once, at the start
 * of our turn, whether every one is. */
static void
ask_all_refused (SynPeer *self)
{
  SynBitboard sets[SYN_TX_AUDIT_MAX_SETS];
  const SynTxLockAnswer *first;
  guint n_sets;

  if (!self->sealed || !self->game || syn_game_is_over (self->game) || mover (self) != self->colour
      || self->asking)
    return;
  /* A turn resumed after a broken connection asked already: the answers it holds still
   * stand, and a second first question would be refused (TX-R16). */
  if ((first = first_answer (self)))
    {
      if (first->n_sets > 1 && first->locked)
        {
          SynState state = *syn_game_get_state (self->game);
          syn_tx_set_all_refused (&state);
          syn_game_replace_state (self->game, &state);
        }
      return;
    }
  n_sets = syn_tx_audit_all_refused_question (syn_game_get_state (self->game), sets);
  if (n_sets > 0)
    ask (self, sets, n_sets, TRUE, NULL);
}

static gboolean
ask (SynPeer *self, const SynBitboard *sets, guint n_sets, gboolean all, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_LOCK, .turn = self->proto.turn };
  g_autofree char *text = syn_tx_audit_write_sets (sets, n_sets);

  g_strlcpy (m.text, text, sizeof m.text);
  /* Kept before it leaves: a program restarted after a break asks it again, alike, first
   * (TX-R16), since the other side may have counted it. */
  self->audit_log->asking = TRUE;
  self->audit_log->asking_all = all;
  self->audit_log->asking_question
      = (SynTxLockAnswer){ .turn = self->proto.turn, .n_sets = n_sets };
  memcpy (self->audit_log->asking_question.sets, sets, n_sets * sizeof *sets);
  save_audit_log (self);
  if (!send_message (self, &m))
    return not_now (error, _ ("The move cannot be sent now"));
  self->asking = TRUE;
  self->asking_all = all;
  self->question = self->audit_log->asking_question;
  return TRUE;
}

/* Whether our last turn was a commit: a hidden attack on our king (TX-R10) and the fifty-turn
 * draw that waits for a claim (TX-R15) both come only right after one. */
static gboolean
our_last_turn_committed (SynPeer *self)
{
  guint n = syn_game_get_n_turns (self->game);

  return n > 0 && (syn_game_get_turn (self->game, n - 1)->choice[self->colour] & SYN_CHOICE_COMMIT);
}

/* The other side's audit has not come in the time allowed (TX-R17): withheld, it loses. */
static gboolean
on_audit_timeout_cb (gpointer user_data)
{
  SynPeer *self = user_data;
  SynResult we_win = self->colour == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
  g_autoptr (GError) error = NULL;

  self->audit_timer_id = 0;
  if (!self->game || self->audit_done)
    return G_SOURCE_REMOVE;
  self->audit_done = TRUE;
  self->claim_pending = FALSE;
  if (!syn_game_is_over (self->game))
    {
      /* Its claim was never checked: ended here, so that the record says why. */
      self->applying = TRUE;
      syn_game_resign (self->game, (SynColour) (1 - self->colour));
      self->applying = FALSE;
    }
  syn_game_overturn_withheld (self->game, we_win);
  error = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                               _ ("The other side withheld its audit past the time allowed: it "
                                  "loses (TX-R17)"));
  g_signal_emit (self, signals[ERROR], 0, error);
  if (self->autosave)
    {
      g_autoptr (GError) save_error = NULL;
      if (!syn_record_autosave (self->game, &save_error))
        g_signal_emit (self, signals[ERROR], 0, save_error);
      syn_tx_audit_log_remove (syn_game_get_id (self->game));
    }
  if (!self->over_announced)
    announce_over (self);
  g_signal_emit (self, signals[AUDIT_COMPLETED], 0, FALSE, error->message);
  return G_SOURCE_REMOVE;
}

/* TX-R17: the other side's audit is due; withheld past the time allowed, it loses. */
static void
await_audit (SynPeer *self)
{
  if (!self->sealed || self->audit_done || self->audit_timer_id || !self->link)
    return;
  self->audit_timer_id = g_timeout_add (self->audit_timeout_ms, on_audit_timeout_cb, self);
}

/* A claim of an end only the other side could see (TX-R15). Only the rule set that has
 * claims, only from the side whose turn begins, and only an end that can be true from what
 * we know; else it is refused and the game goes on. A claim taken ends the play, but its
 * result is recorded only once the claimant's audit has checked it (TX-R17). */
static void
handle_claim (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);
  gboolean after_commit_only
      = g_str_equal (m->code, "hidden-attack") || g_str_equal (m->code, "fifty-turns");
  const char *why = NULL;

  if (!self->sealed)
    why = "this rule set has no claims";
  else if (syn_game_is_over (self->game))
    why = "the game is over";
  else if (mover (self) != remote)
    why = "a claim from the side whose turn does not begin";
  else if (after_commit_only && !our_last_turn_committed (self))
    why = "that end comes only right after a commit of ours, and our last turn was none";
  else if (g_str_equal (m->code, "fifty-turns")
           && syn_game_get_state (self->game)->board.quiet_turns < 100)
    why = "the fifty-turn counter has not reached 100";
  if (why)
    {
      g_autoptr (GError) error
          = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                         _ ("The other side claimed an end the game cannot have: %s"), why);
      reject (self, "bad-claim", why);
      g_signal_emit (self, signals[ERROR], 0, error);
      return;
    }
  self->proto = *next;
  self->claimed = TRUE;
  self->claim_pending = TRUE;
  self->claim_outcome = syn_tx_audit_claimed_outcome (m->code, remote);
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  syn_clock_stop (syn_game_get_clock (self->game));
  /* Ours waits for its audit: were the claim false and the connection then broken, the game
   * goes on, and our pending moves must still be secret (TX-R15). */
  await_audit (self);
}

/* TX-R17: when the game ends, each side reveals every turn it moved in. */
static void
send_audit (SynPeer *self)
{
  SynMessage end = { .type = SYN_MESSAGE_AUDIT, .audit_end = TRUE };
  guint n_turns = syn_game_get_n_turns (self->game);
  GPtrArray *own_turns = self->audit_log->own_turns;

  if (self->audit_sent)
    return;
  self->audit_sent = TRUE;
  await_audit (self);
  for (guint t = 0; t < n_turns && t < own_turns->len; t++)
    {
      const char *text = g_ptr_array_index (own_turns, t);
      SynMessage m = { .type = SYN_MESSAGE_AUDIT, .turn = t };
      g_auto (GStrv) parts = NULL;

      if (!text)
        continue;
      parts = g_strsplit (text, " ", 2);
      g_strlcpy (m.move, parts[0], sizeof m.move);
      g_strlcpy (m.text, parts[1] ? parts[1] : "", sizeof m.text);
      memcpy (m.salt,
              &g_array_index (self->audit_log->own_salts, guint8, t * SYN_PROTOCOL_SALT_SIZE),
              sizeof m.salt);
      send_message (self, &m);
    }
  send_message (self, &end);
}

static void
handle_audit (SynPeer *self, const SynMessage *m)
{
  g_autofree char *why = NULL;
  SynTxAuditLog *log;
  SynColour local = self->colour;
  gboolean clean;

  if (!self->game || !self->sealed || !(syn_game_is_over (self->game) || self->claim_pending)
      || self->audit_done)
    {
      reject (self, "out-of-order", "no audit is awaited");
      return;
    }
  if (!m->audit_end)
    {
      SynTxTheirTurn *theirs;
      if (m->turn >= syn_game_get_n_turns (self->game))
        return; /* a turn under way when the game ended */
      theirs = their_turn (self, m->turn);
      theirs->revealed = TRUE;
      g_strlcpy (theirs->choice, m->move, sizeof theirs->choice);
      g_strlcpy (theirs->list, m->text, sizeof theirs->list);
      memcpy (theirs->salt, m->salt, sizeof theirs->salt);
      return;
    }
  self->audit_done = TRUE;
  g_clear_handle_id (&self->audit_timer_id, g_source_remove);
  if (self->claim_pending)
    {
      /* Their claim, now to be checked: the game ends as claimed, and is overturned below
       * if the audit finds otherwise. */
      self->claim_pending = FALSE;
      self->applying = TRUE;
      syn_game_end_by_rules (self->game, self->claim_outcome);
      self->applying = FALSE;
    }
  their_turn (self, syn_game_get_n_turns (self->game));
  log = self->audit_log;
  clean = syn_tx_audit_check (self->game, &log->referee_start, local,
                              (const SynTxTheirTurn *) (gpointer) log->their_turns->data,
                              (const SynTxLockAnswer *) (gpointer) log->answers->data,
                              log->answers->len,
                              (const SynTxLockAnswer *) (gpointer) log->questions->data,
                              log->questions->len, self->claimed, &why);
  if (!clean)
    /* TX-R17: the side at fault loses. */
    syn_game_overturn (self->game,
                       local == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS);
  else
    self->referee_game
        = syn_tx_audit_referee_game (self->game, &log->referee_start, local,
                                     (const SynTxTheirTurn *) (gpointer) log->their_turns->data);
  if (self->autosave)
    {
      g_autoptr (GError) error = NULL;
      /* The referee's record, which both programs hold alike, replaces the player's; after
       * a fault the player's record keeps the overturned result. */
      if (!syn_record_autosave (self->referee_game ? self->referee_game : self->game, &error))
        g_signal_emit (self, signals[ERROR], 0, error);
      syn_tx_audit_log_remove (syn_game_get_id (self->game));
    }
  /* Ours, when a claim made it wait, and the end heard now. */
  if (!self->over_announced)
    {
      self->over_announced = TRUE;
      send_audit (self);
      g_signal_emit (self, signals[GAME_OVER], 0);
    }
  g_signal_emit (self, signals[AUDIT_COMPLETED], 0, clean, why);
}

static void
handle_flag (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);

  if (!game_is_timed (self))
    {
      reject (self, "clock", "this game has no clock");
      return;
    }
  if (m->colour != (int) remote)
    {
      /* A claim that our own flag fell: true only if our clock has run out by our own
       * measure, which starts when the opponent's commitment arrived. */
      gint64 used_ms
          = self->remote_commit_us ? (g_get_monotonic_time () - self->remote_commit_us) / 1000 : -1;
      /* Its commitment may have waited unread while we did not run: our clock ran then too,
       * by the other's measure, or the two records would end with opposite results. */
      if (used_ms >= 0)
        used_ms += own_stall_ms (self);
      if (used_ms < 0 || used_ms + CLOCK_TOLERANCE_MS < turn_start_ms (self, self->colour))
        {
          g_autoptr (GError) error
              = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOCK,
                                     _ ("The other side claimed our time ran out, and it has not"));
          reject (self, "clock", "our time has not run out");
          g_signal_emit (self, signals[ERROR], 0, error);
          return;
        }
    }
  self->proto = *next;
  if (!syn_game_is_over (self->game))
    syn_game_end (self->game,
                  m->colour == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS,
                  SYN_END_TIME);
}

static void
handle_error_message (SynPeer *self, const SynMessage *m)
{
  g_autoptr (GError) error = NULL;
  SynPeerError code = SYN_PEER_ERROR_REMOTE;

  if (g_str_equal (m->code, "version"))
    code = SYN_PEER_ERROR_VERSION;
  else if (g_str_equal (m->code, "busy"))
    code = SYN_PEER_ERROR_BUSY;
  else if (g_str_equal (m->code, "tls-required"))
    code = SYN_PEER_ERROR_TLS_REQUIRED;
  if (code == SYN_PEER_ERROR_VERSION)
    error = g_error_new (SYN_PEER_ERROR, code,
                         /* Translators: %d is a version of the network protocol. */
                         _ ("The other program does not speak version %d of the Synchess network "
                            "protocol, the only one this program speaks: the older program must "
                            "be updated before the two can play (%s)"),
                         SYN_PROTOCOL_VERSION, m->text[0] ? m->text : m->code);
  else
    error = g_error_new (SYN_PEER_ERROR, code, _ ("The other side reports an error: %s (%s)"),
                         m->text[0] ? m->text : m->code, m->code);
  if (self->proto.phase == SYN_PHASE_CLOSED)
    {
      /* Refused before the hello: that ends this connection. */
      end_link (self, g_steal_pointer (&error));
      return;
    }
  g_signal_emit (self, signals[ERROR], 0, error);
}

static SynPeerError
error_for_code (const char *code)
{
  if (g_str_equal (code, "version"))
    return SYN_PEER_ERROR_VERSION;
  if (g_str_equal (code, "bad-reveal"))
    return SYN_PEER_ERROR_BAD_REVEAL;
  if (g_str_equal (code, "too-long"))
    return SYN_PEER_ERROR_TOO_LONG;
  return SYN_PEER_ERROR_PROTOCOL;
}

static gboolean
moves_game_on (SynMessageType type)
{
  switch (type)
    {
    case SYN_MESSAGE_HELLO:
    case SYN_MESSAGE_OPTIONS:
    case SYN_MESSAGE_RESUME:
    case SYN_MESSAGE_ACCEPT:
    case SYN_MESSAGE_DECLINE:
    case SYN_MESSAGE_COMMIT:
    case SYN_MESSAGE_REVEAL:
    case SYN_MESSAGE_SEED:
    case SYN_MESSAGE_RESIGN:
    case SYN_MESSAGE_FLAG:
    case SYN_MESSAGE_SEALED:
    case SYN_MESSAGE_LOCKED:
    case SYN_MESSAGE_CLAIM:
    case SYN_MESSAGE_AUDIT:
    case SYN_MESSAGE_USED:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
handle_line (SynPeer *self, const char *line, gsize length)
{
  SynMessage m;
  SynParseError parse_error;
  SynProtocolState before = self->proto, next;
  SynProtocolResult result;
  SynVerdict verdict;
  gboolean parsed;
  gint64 now = g_get_monotonic_time ();

  self->last_heard_us = now;
  parsed = syn_message_parse (line, length, &m, &parse_error);
  verdict = syn_protocol_state_receive (&before, parsed, &parse_error, &m, &next, &result);

  /* Flooding: a token bucket, FLOOD_RATE a second, FLOOD_BURST deep. Moves and answers that
   * move the game on are free: the game itself bounds them (one commitment and one reveal
   * a turn, and a turn needs our moves too), so fast computer players are not flooders. */
  if (!(verdict == SYN_VERDICT_ACCEPT && moves_game_on (m.type)))
    {
      self->tokens
          = MIN (FLOOD_BURST,
                 self->tokens + (double) (now - self->tokens_us) * FLOOD_RATE / G_USEC_PER_SEC);
      self->tokens_us = now;
      self->tokens -= 1.0;
      if (self->tokens < 0)
        {
          fail (self, "flood",
                g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_FLOOD,
                             _ ("The other side sent more than %d messages a second"),
                             (int) FLOOD_RATE));
          return;
        }
    }

  switch (verdict)
    {
    case SYN_VERDICT_IGNORE:
      g_debug ("ignored: %s", result.message);
      return;
    case SYN_VERDICT_REJECT:
      reject (self, result.code, result.message);
      return;
    case SYN_VERDICT_FATAL:
      if (g_str_equal (result.code, "bad-reveal") && m.type == SYN_MESSAGE_SEED)
        {
          fail (self, result.code,
                g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_BAD_REVEAL,
                                     _ ("The other side's coin for the game's seed does not "
                                        "match its commitment")));
          return;
        }
      if (g_str_equal (result.code, "bad-reveal"))
        {
          forfeit (self, result.code,
                   g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_BAD_REVEAL,
                                /* Translators: %s is a move such as "e2e4". */
                                _ ("The other side's revealed move (%s) does not match the move it "
                                   "committed to"),
                                m.move));
          return;
        }
      if (g_str_equal (result.code, "version"))
        fail (self, result.code,
              g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_VERSION,
                           /* Translators: the numbers are versions of the network protocol. */
                           _ ("The other program speaks version %u of the Synchess network "
                              "protocol, and this one only version %d: the older program must be "
                              "updated before the two can play"),
                           m.version, SYN_PROTOCOL_VERSION));
      else
        fail (self, result.code,
              g_error_new (SYN_PEER_ERROR, error_for_code (result.code),
                           _ ("The other side broke the protocol: %s"), result.message));
      return;
    case SYN_VERDICT_ACCEPT:
    default:
      break;
    }

  /* Messages whose effect the game decides take the new state themselves. */
  switch (m.type)
    {
    case SYN_MESSAGE_COMMIT:
      handle_commit (self, &next, &m);
      return;
    case SYN_MESSAGE_REVEAL:
      handle_reveal (self, &next, &m);
      return;
    case SYN_MESSAGE_FLAG:
      handle_flag (self, &next, &m);
      return;
    case SYN_MESSAGE_SEALED:
      handle_sealed (self, &next, &m);
      return;
    case SYN_MESSAGE_CLAIM:
      handle_claim (self, &next, &m);
      return;
    case SYN_MESSAGE_USED:
      handle_used (self, &next, &m);
      return;
    default:
      break;
    }

  self->proto = next;
  switch (m.type)
    {
    case SYN_MESSAGE_HELLO:
      handle_hello (self, &m);
      break;
    case SYN_MESSAGE_OPTIONS:
      handle_options (self, &m);
      break;
    case SYN_MESSAGE_RESUME:
      handle_resume (self, &m);
      break;
    case SYN_MESSAGE_ACCEPT:
      handle_accept (self, &before, &m);
      break;
    case SYN_MESSAGE_DECLINE:
      if (before.proposal == SYN_PROPOSAL_RESUME)
        {
          /* The guest does not hold that game: the game on offer is a new one. */
          g_autoptr (SynGame) declined = g_steal_pointer (&self->resume_game);
          self->resume_declined = TRUE;
          g_clear_pointer (&self->resume_log, syn_tx_audit_log_free);
          g_debug ("resume declined: %s", m.text);
          if (declined)
            give_up_declined (self, declined, (SynColour) before.proposal_colour);
          if (self->link && !self->link->closing)
            propose (self);
        }
      else
        g_signal_emit (self, signals[OPTIONS_DECLINED], 0, m.text);
      break;
    case SYN_MESSAGE_DRAW:
      if (m.draw == SYN_DRAW_OFFER)
        g_signal_emit (self, signals[DRAW_OFFERED], 0);
      else if (m.draw == SYN_DRAW_DECLINE)
        g_signal_emit (self, signals[DRAW_DECLINED], 0);
      else if (!syn_game_is_over (self->game))
        syn_game_agree_draw (self->game);
      break;
    case SYN_MESSAGE_RESIGN:
      if (!syn_game_is_over (self->game))
        syn_game_resign (self->game, (SynColour) (1 - self->colour));
      break;
    case SYN_MESSAGE_CHAT:
      g_signal_emit (self, signals[CHAT_RECEIVED], 0, m.text);
      break;
    case SYN_MESSAGE_SEED:
      handle_seed (self, &m);
      break;
    case SYN_MESSAGE_LOCK:
      handle_lock (self, &m);
      break;
    case SYN_MESSAGE_LOCKED:
      handle_locked (self, &m);
      break;
    case SYN_MESSAGE_AUDIT:
      handle_audit (self, &m);
      break;
    case SYN_MESSAGE_PING:
      {
        SynMessage pong = { .type = SYN_MESSAGE_PONG, .number = m.number };
        send_message (self, &pong);
      }
      break;
    case SYN_MESSAGE_PONG:
      /* A pong to a ping sent after the game's end: the other side has read everything sent
       * before it, our last reveal too, and holds the end. */
      if (self->game && syn_game_is_over (self->game) && !self->end_held
          && m.number > self->end_ping && m.number <= self->ping_number)
        settle_end (self, self->game);
      /* PSC-R11: the network's delay, which the other side's clock does not count. */
      if (m.number == self->ping_number && self->ping_sent_us)
        {
          gint64 round_trip = now - self->ping_sent_us;
          self->last_round_trip_us = round_trip;
          if (self->round_trip_us < 0 || round_trip < self->round_trip_us)
            self->round_trip_us = round_trip;
        }
      break;
    case SYN_MESSAGE_ERROR:
      handle_error_message (self, &m);
      break;
    case SYN_MESSAGE_BYE:
      end_link (self, NULL);
      break;
    default:
      break;
    }
}

/* Reading ---------------------------------------------------------------------------------- */

static void
on_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Link *link = user_data;
  SynPeer *self = link->peer;
  g_autoptr (GError) error = NULL;
  g_autoptr (SynPeer) hold = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  gsize start = 0;

  if (!self || self->link != link)
    {
      link_unref (link);
      return;
    }
  hold = g_object_ref (self);
  if (n < 0)
    {
      end_link (self, g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                   _ ("The connection broke: %s"), plain_reason (error)));
      link_unref (link);
      return;
    }
  if (n == 0)
    {
      end_link (self, g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                           _ ("The other side closed the connection")));
      link_unref (link);
      return;
    }

  link->in_length += (gsize) n;
  /* Every whole line in the buffer; the link may close under any of them. */
  while (self->link == link)
    {
      char *end = memchr (link->in + start, '\n', link->in_length - start);
      if (!end)
        break;
      handle_line (self, link->in + start, (gsize) (end - (link->in + start)));
      start = (gsize) (end - link->in) + 1;
    }
  if (self->link != link)
    {
      link_unref (link);
      return;
    }
  memmove (link->in, link->in + start, link->in_length - start);
  link->in_length -= start;
  if (link->in_length == sizeof link->in)
    {
      /* No line end within the limit: the rest is neither read nor kept. */
      fail (self, "too-long",
            g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_TOO_LONG,
                         _ ("The other side sent a line longer than %d bytes"),
                         SYN_PROTOCOL_MAX_LINE));
      link_unref (link);
      return;
    }
  start_read (link);
  link_unref (link);
}

static void
start_read (Link *link)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (link->stream),
                             link->in + link->in_length, sizeof link->in - link->in_length,
                             G_PRIORITY_DEFAULT, link->cancellable, on_read_cb, link_ref (link));
}

/* Handshakes ------------------------------------------------------------------------------- */

static void
forget_handshake (SynPeer *self, Link *link)
{
  if (self && g_ptr_array_remove_fast (self->handshakes, link))
    link_unref (link);
}

/* Closes a connection that never became the peer's. */
static void
drop_handshake (SynPeer *self, Link *link)
{
  link_ref (link);
  forget_handshake (self, link);
  link_close (link);
  link_unref (link);
}

static void
refuse (SynPeer *self, Link *link, GError *error)
{
  g_autoptr (GError) owned = error;

  g_debug ("refused a connection: %s", owned->message);
  drop_handshake (self, link);
  if (self)
    g_signal_emit (self, signals[ERROR], 0, owned);
}

static gboolean
on_accept_certificate_cb (GTlsConnection *connection, GTlsCertificate *certificate,
                          GTlsCertificateFlags errors, gpointer user_data)
{
  /* Every certificate is self-signed: no authority can vouch for it. The players compare
   * the pair's fingerprint instead, and a peer met before is recognised. */
  return TRUE;
}

/* The connection is through TLS: it becomes the peer's, or is refused if one is already. */
static void
adopt (SynPeer *self, Link *link)
{
  SynMessage hello = { .type = SYN_MESSAGE_HELLO, .version = SYN_PROTOCOL_VERSION };
  GTlsCertificate *peer = g_tls_connection_get_peer_certificate (G_TLS_CONNECTION (link->stream));
  g_autofree char *digest = syn_identity_pair_digest (self->identity, peer);

  forget_handshake (self, link);
  if (!peer || !digest)
    {
      refuse (self, link,
              g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_TLS,
                                   _ ("The other side presented no certificate")));
      return;
    }
  if (self->link)
    {
      /* The same player coming back (its network changed) replaces its dead connection;
       * anyone else waits for the game to end. */
      if (self->pair_digest && g_str_equal (digest, self->pair_digest))
        end_link (self, g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                             _ ("The other side connected again")));
      else
        {
          static const char busy[] = "error busy This host is already playing a game\n";
          g_queue_push_tail (&link->out, g_bytes_new_static (busy, sizeof busy - 1));
          link->out_bytes += sizeof busy - 1;
          write_next (link);
          link_close_after_flush (link);
          g_autoptr (GError) error = g_error_new_literal (
              SYN_PEER_ERROR, SYN_PEER_ERROR_BUSY, _ ("Refused a second player during a game"));
          g_signal_emit (self, signals[ERROR], 0, error);
          return;
        }
    }

  link_ref (link);
  self->link = link;
  syn_protocol_state_init (&self->proto, self->host);
  g_set_object (&self->peer_certificate, peer);
  g_free (self->pair_digest);
  self->pair_digest = g_steal_pointer (&digest);
  g_free (self->fingerprint);
  self->fingerprint = syn_identity_pair_fingerprint (self->identity, peer);
  self->resume_declined = FALSE;
  self->last_heard_us = self->tokens_us = g_get_monotonic_time ();
  self->tokens = FLOOD_BURST;
  self->ping_number = 0;

  g_strlcpy (hello.text, self->name, sizeof hello.text);
  send_message (self, &hello);
  self->ping_id = g_timeout_add (PING_INTERVAL_MS, on_ping_cb, self);
  start_read (link);
}

static void
on_handshake_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Link *link = user_data;
  SynPeer *self = link->peer;
  g_autoptr (GError) error = NULL;
  gboolean ok = g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error);

  if (!self)
    {
      link_unref (link);
      return;
    }
  g_clear_handle_id (&link->timeout_id, g_source_remove);
  if (!ok)
    {
      GError *why
          = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_TLS,
                         _ ("A connection ended before it was set up: %s"), plain_reason (error));
      if (self->connect_task && !self->link)
        {
          GTask *task = g_steal_pointer (&self->connect_task);
          drop_handshake (self, link);
          g_task_return_error (task, why);
          g_object_unref (task);
        }
      else
        refuse (self, link, why);
      link_unref (link);
      return;
    }
  adopt (self, link);
  link_unref (link);
}

static gboolean
on_handshake_timeout_cb (gpointer user_data)
{
  Link *link = user_data;

  link->timeout_id = 0;
  /* The handshake's own callback sees the cancellation and reports it. */
  g_cancellable_cancel (link->cancellable);
  return G_SOURCE_REMOVE;
}

static void
start_handshake (SynPeer *self, Link *link)
{
  g_autoptr (GError) error = NULL;
  GIOStream *tls;

  if (self->host)
    {
      tls = g_tls_server_connection_new (G_IO_STREAM (link->base),
                                         syn_identity_get_certificate (self->identity), &error);
      if (tls)
        g_object_set (tls, "authentication-mode", G_TLS_AUTHENTICATION_REQUIRED, NULL);
    }
  else
    {
      tls = g_tls_client_connection_new (G_IO_STREAM (link->base), NULL, &error);
      if (tls)
        g_tls_connection_set_certificate (G_TLS_CONNECTION (tls),
                                          syn_identity_get_certificate (self->identity));
    }
  if (!tls)
    {
      GError *why = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_TLS,
                                 _ ("TLS is not available (is glib-networking installed?): %s"),
                                 error->message);
      if (self->connect_task)
        {
          GTask *task = g_steal_pointer (&self->connect_task);
          drop_handshake (self, link);
          g_task_return_error (task, why);
          g_object_unref (task);
        }
      else
        refuse (self, link, why);
      return;
    }
  link->stream = tls;
  /* A peer that vanishes is noticed by the pings; a missing close_notify is no attack on a
   * protocol whose every message is a whole line. */
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (tls), FALSE);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (on_accept_certificate_cb), NULL);
  link->timeout_id
      = g_timeout_add_full (G_PRIORITY_DEFAULT, HANDSHAKE_TIMEOUT_MS, on_handshake_timeout_cb,
                            link_ref (link), (GDestroyNotify) link_unref);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, link->cancellable,
                                    on_handshake_cb, link_ref (link));
}

/* Host: the first byte says whether the guest speaks TLS; one that does not is told so in
 * plain text, which it can read. */
static gboolean
on_peek_cb (GSocket *socket, GIOCondition condition, gpointer user_data)
{
  Link *link = user_data;
  SynPeer *self = link->peer;
  guint8 byte = 0;
  GInputVector vector = { &byte, 1 };
  int flags = G_SOCKET_MSG_PEEK;
  gssize n;

  g_clear_pointer (&link->peek_source, g_source_unref);
  if (!self)
    return G_SOURCE_REMOVE;
  n = g_socket_receive_message (socket, NULL, &vector, 1, NULL, NULL, &flags, NULL, NULL);
  if (n <= 0)
    {
      drop_handshake (self, link);
      return G_SOURCE_REMOVE;
    }
  if (byte != TLS_HANDSHAKE_RECORD)
    {
      static const char refusal[]
          = "error tls-required This Synchess host only speaks TLS: connect with TLS\n";
      g_socket_send_with_blocking (socket, refusal, sizeof refusal - 1, FALSE, NULL, NULL);
      g_clear_handle_id (&link->timeout_id, g_source_remove);
      refuse (self, link,
              g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_TLS_REQUIRED,
                                   _ ("Refused a connection without TLS")));
      return G_SOURCE_REMOVE;
    }
  g_clear_handle_id (&link->timeout_id, g_source_remove);
  start_handshake (self, link);
  return G_SOURCE_REMOVE;
}

static gboolean
on_peek_timeout_cb (gpointer user_data)
{
  Link *link = user_data;
  SynPeer *self = link->peer;

  link->timeout_id = 0;
  if (self)
    refuse (self, link,
            g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_SILENT,
                                 _ ("Refused a connection that said nothing")));
  return G_SOURCE_REMOVE;
}

/* Host, every place for a handshake taken: the connection that has said nothing for longest
 * goes, else the oldest one. An honest guest speaks at once, so a flood of idle connections
 * only ever pushes out its own. */
static void
make_room_for_handshake (SynPeer *self)
{
  Link *victim = NULL;

  for (guint i = 0; i < self->handshakes->len; i++)
    {
      Link *link = g_ptr_array_index (self->handshakes, i);
      gboolean silent = link->peek_source != NULL;
      gboolean victim_silent = victim && victim->peek_source != NULL;

      if (!victim || (silent && !victim_silent)
          || (silent == victim_silent && link->started_us < victim->started_us))
        victim = link;
    }
  g_debug ("too many connections at once: the one waiting longest makes room");
  drop_handshake (self, victim);
}

static gboolean
on_incoming_cb (GSocketService *service, GSocketConnection *connection, GObject *source,
                SynPeer *self)
{
  Link *link;
  GSocket *socket = g_socket_connection_get_socket (connection);

  if (self->handshakes->len >= MAX_HANDSHAKES)
    make_room_for_handshake (self);
  link = link_new (self, connection);
  g_ptr_array_add (self->handshakes, link);
  link->peek_source = g_socket_create_source (socket, G_IO_IN, link->cancellable);
  g_source_set_callback (link->peek_source, (GSourceFunc) (void (*) (void)) on_peek_cb,
                         link_ref (link), (GDestroyNotify) link_unref);
  g_source_attach (link->peek_source, NULL);
  link->timeout_id
      = g_timeout_add_full (G_PRIORITY_DEFAULT, FIRST_BYTE_TIMEOUT_MS, on_peek_timeout_cb,
                            link_ref (link), (GDestroyNotify) link_unref);
  return TRUE;
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  SynPeer *self = g_task_get_source_object (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection
      = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  Link *link;

  if (self->connect_task != task)
    return;
  if (!connection)
    {
      g_clear_object (&self->connect_task);
      /* GIO's error as it is: its code tells "nobody there" from "no such host". */
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  link = link_new (self, connection);
  g_ptr_array_add (self->handshakes, link);
  start_handshake (self, link);
}

/* Proposals -------------------------------------------------------------------------------- */

static void
propose (SynPeer *self)
{
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autoptr (SynGame) game = self->resume_declined ? NULL : find_resumable (self, &log);

  if (game)
    {
      SynMessage m = { .type = SYN_MESSAGE_RESUME };
      SynColour local = SYN_WHITE;
      guint n = syn_game_get_n_turns (game);

      local_colour_of (game, &local);
      g_strlcpy (m.id, syn_game_get_id (game), sizeof m.id);
      m.colour = local;
      m.turns = n;
      syn_net_game_digest (game, m.digest);
      find_saved_turn (self, game, &self->resume_saved);
      /* The guest may have missed the end of the last turn: we can bring it forward with
       * our reveal of that turn (or a Transactional mover's sealed text), kept for that. */
      if (n > 0 && self->resume_saved.last)
        {
          g_autoptr (SynGame) prefix = syn_net_game_prefix (game, n - 1, NULL);
          if (prefix)
            {
              syn_net_game_digest (prefix, m.previous);
              m.has_previous = TRUE;
            }
        }
      if (syn_protocol_id_is_valid (m.id) && send_message (self, &m))
        {
          g_set_object (&self->resume_game, game);
          g_clear_pointer (&self->resume_log, syn_tx_audit_log_free);
          self->resume_log = g_steal_pointer (&log);
          return;
        }
    }

  {
    SynMessage m = { .type = SYN_MESSAGE_OPTIONS };
    g_autofree char *id = NULL;
    g_autoptr (GError) error = NULL;

    if (!start_is_playable (self->options.variant, self->options.start_fen, &error))
      {
        /* Options set after listening: the guest is told why, not left waiting. */
        SynMessage bye = { .type = SYN_MESSAGE_BYE };
        g_strlcpy (bye.text, "invalid start position", sizeof bye.text);
        g_signal_emit (self, signals[ERROR], 0, error);
        send_message (self, &bye);
        end_link (self, NULL);
        return;
      }
    id = make_game_id (self);
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

    self->proposed = self->options;
    g_strlcpy (self->proposed_date, date, sizeof self->proposed_date);
    self->has_draw = FALSE;
    /* HUT-R10: a seed draw broken off with this pair goes on before any other game that
     * draws lots, with the same id, options and coins: breaking the connection after seeing
     * the other's coin draws nothing again. */
    if (self->options.variant->seed && !self->options.start_fen[0] && self->autosave
        && syn_net_draw_find (self->pair_digest, NULL, &self->draw)
        && syn_variant_lookup (self->draw.variant))
      {
        self->has_draw = TRUE;
        g_free (id);
        id = g_strdup (self->draw.id);
        self->proposed = (SynPeerOptions){
          .variant = syn_variant_lookup (self->draw.variant),
          .tc = { self->draw.initial_ms, self->draw.increment_ms },
          .fog = self->draw.fog,
          .host_colour = (SynColour) self->draw.colour,
        };
        g_strlcpy (self->proposed_date, self->draw.date, sizeof self->proposed_date);
      }
    g_strlcpy (m.id, id, sizeof m.id);
    g_strlcpy (m.variant, self->proposed.variant->id, sizeof m.variant);
    m.initial_ms = self->proposed.tc.initial_ms;
    m.increment_ms = m.initial_ms > 0 ? self->proposed.tc.increment_ms : 0;
    m.fog = self->proposed.fog;
    m.colour = self->proposed.host_colour;
    g_strlcpy (m.date, self->proposed_date, sizeof m.date);
    g_strlcpy (m.fen, self->proposed.start_fen, sizeof m.fen);
    send_message (self, &m);
  }
}

/* GObject ---------------------------------------------------------------------------------- */

static void
syn_peer_dispose (GObject *object)
{
  SynPeer *self = SYN_PEER (object);

  stop_timers (self);
  g_clear_handle_id (&self->abandon_id, g_source_remove);
  g_clear_pointer (&self->stall_meter, syn_stall_meter_free);
  if (self->service)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_clear_object (&self->service);
    }
  if (self->link)
    {
      Link *link = g_steal_pointer (&self->link);
      link_close_after_flush (link);
      link_unref (link);
    }
  while (self->handshakes && self->handshakes->len > 0)
    {
      Link *link = g_ptr_array_steal_index_fast (self->handshakes, 0);
      link_close (link);
      link_unref (link);
    }
  if (self->connect_task)
    {
      GTask *task = g_steal_pointer (&self->connect_task);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _ ("The connection was abandoned"));
      g_object_unref (task);
    }
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->resume_game);
  g_clear_object (&self->referee_game);
  g_clear_object (&self->identity);
  g_clear_object (&self->peer_certificate);
  G_OBJECT_CLASS (syn_peer_parent_class)->dispose (object);
}

static void
syn_peer_finalize (GObject *object)
{
  SynPeer *self = SYN_PEER (object);

  g_clear_pointer (&self->handshakes, g_ptr_array_unref);
  g_clear_pointer (&self->audit_log, syn_tx_audit_log_free);
  g_clear_pointer (&self->resume_log, syn_tx_audit_log_free);
  g_free (self->name);
  g_free (self->fingerprint);
  g_free (self->pair_digest);
  g_free (self->peer_name);
  G_OBJECT_CLASS (syn_peer_parent_class)->finalize (object);
}

static void
syn_peer_class_init (SynPeerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GType type = G_TYPE_FROM_CLASS (klass);

  object_class->dispose = syn_peer_dispose;
  object_class->finalize = syn_peer_finalize;

  signals[CONNECTED]
      = g_signal_new ("connected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[OPTIONS_PROPOSED] = g_signal_new ("options-proposed", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[OPTIONS_DECLINED] = g_signal_new ("options-declined", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                            NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[GAME_STARTED] = g_signal_new ("game-started", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[OPPONENT_STATE_CHANGED] = g_signal_new ("opponent-state-changed", type, G_SIGNAL_RUN_LAST,
                                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[TURN_COMPLETED] = g_signal_new ("turn-completed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[DRAW_OFFERED]
      = g_signal_new ("draw-offered", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[DRAW_DECLINED] = g_signal_new ("draw-declined", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 0);
  signals[CHAT_RECEIVED] = g_signal_new ("chat-received", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[GAME_OVER]
      = g_signal_new ("game-over", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* TX-R17: the audit after a Transactional game: whether the other side kept the rules,
   * and if not, what it broke (it has lost then). */
  signals[AUDIT_COMPLETED]
      = g_signal_new ("audit-completed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                      2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  /* docs/protocol.md, "Abandonment": the other side has been gone (or has withheld a due
   * reveal) for the abandonment time, and the game may be claimed: TRUE; FALSE when that
   * is no longer so (it came back, or the game ended). */
  signals[ABANDON_CLAIMABLE] = g_signal_new ("abandon-claimable", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                             NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  signals[ERROR] = g_signal_new ("error", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                 1, G_TYPE_ERROR);
  signals[DISCONNECTED] = g_signal_new ("disconnected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                        NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
syn_peer_init (SynPeer *self)
{
  self->autosave = TRUE;
  self->local_kind = SYN_PLAYER_HUMAN;
  self->handshakes = g_ptr_array_new ();
  self->options = (SynPeerOptions){ &syn_variant_psc, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  self->pending_draw = -1;
  self->remote_used_ms = -1;
  self->audit_timeout_ms = SYN_PEER_ABANDON_SECONDS * 1000;
  self->round_trip_us = self->last_round_trip_us = -1;
  /* For tests of a withheld audit run as separate programs (docs/protocol.md keeps the
   * real time). */
  if (g_getenv ("SYNCHESS_TEST_AUDIT_TIMEOUT_MS"))
    self->audit_timeout_ms
        = (guint) g_ascii_strtoull (g_getenv ("SYNCHESS_TEST_AUDIT_TIMEOUT_MS"), NULL, 10);
  self->abandon_ms = SYN_PEER_ABANDON_SECONDS * 1000;
  /* For the app's tests, which cannot reach its peer (docs/protocol.md keeps the real time). */
  if (g_getenv ("SYNCHESS_TEST_ABANDON_MS"))
    self->abandon_ms = (guint) g_ascii_strtoull (g_getenv ("SYNCHESS_TEST_ABANDON_MS"), NULL, 10);
  syn_protocol_state_init (&self->proto, FALSE);
}

SynPeer *
syn_peer_new (SynIdentity *identity, const char *name)
{
  SynPeer *self;

  g_return_val_if_fail (SYN_IS_IDENTITY (identity), NULL);

  self = g_object_new (SYN_TYPE_PEER, NULL);
  self->identity = g_object_ref (identity);
  self->name = clean_text (name, SYN_PROTOCOL_NAME_MAX);
  return self;
}

void
syn_peer_set_local_kind (SynPeer *self, SynPlayerKind kind)
{
  g_return_if_fail (SYN_IS_PEER (self));
  g_return_if_fail (kind != SYN_PLAYER_REMOTE);

  self->local_kind = kind;
}

void
syn_peer_set_autosave (SynPeer *self, gboolean autosave)
{
  g_return_if_fail (SYN_IS_PEER (self));

  self->autosave = autosave;
}

gboolean
syn_peer_listen (SynPeer *self, const char *address, guint16 port, GError **error)
{
  g_autoptr (GSocketService) service = NULL;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);
  g_return_val_if_fail (self->service == NULL && self->connect_task == NULL, FALSE);

  if (!start_is_playable (self->options.variant, self->options.start_fen, error))
    return FALSE;
  service = g_socket_service_new ();
  g_socket_listener_set_backlog (G_SOCKET_LISTENER (service), LISTEN_BACKLOG);
  if (address)
    {
      g_autoptr (GInetAddress) inet = g_inet_address_new_from_string (address);
      g_autoptr (GSocketAddress) socket_address = NULL;
      g_autoptr (GSocketAddress) effective = NULL;

      if (!inet)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _ ("“%s” is not an IP address"), address);
          return FALSE;
        }
      socket_address = g_inet_socket_address_new (inet, port);
      if (!g_socket_listener_add_address (G_SOCKET_LISTENER (service), socket_address,
                                          G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                          &effective, error))
        return FALSE;
      self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
    }
  else if (port == 0)
    {
      self->port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (service), NULL, error);
      if (self->port == 0)
        return FALSE;
    }
  else
    {
      if (!g_socket_listener_add_inet_port (G_SOCKET_LISTENER (service), port, NULL, error))
        return FALSE;
      self->port = port;
    }
  self->host = TRUE;
  syn_protocol_state_init (&self->proto, TRUE);
  g_signal_connect (service, "incoming", G_CALLBACK (on_incoming_cb), self);
  g_socket_service_start (service);
  self->service = g_steal_pointer (&service);
  return TRUE;
}

guint16
syn_peer_get_port (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), 0);

  return self->port;
}

void
syn_peer_set_options (SynPeer *self, const SynPeerOptions *options)
{
  g_return_if_fail (SYN_IS_PEER (self));
  g_return_if_fail (options != NULL);

  self->options = *options;
  if (!self->options.variant)
    self->options.variant = &syn_variant_psc;
  self->options.host_colour = options->host_colour == SYN_BLACK ? SYN_BLACK : SYN_WHITE;
  self->options.start_fen[sizeof self->options.start_fen - 1] = '\0';
  if (self->options.start_fen[0] != '\0')
    {
      SynState start;
      SynFenError error;

      if (!self->options.variant->read_state (self->options.start_fen, &start, &error))
        {
          g_warning ("not a start position, starting from the usual one: %s", error.message);
          self->options.start_fen[0] = '\0';
        }
      /* The usual start goes without fen=, so that programs without it can play. */
      else if (self->options.variant->start_fen
               && g_str_equal (self->options.start_fen, self->options.variant->start_fen))
        self->options.start_fen[0] = '\0';
    }
}

static gboolean
not_now (GError **error, const char *message)
{
  g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE, message);
  return FALSE;
}

gboolean
syn_peer_propose_game (SynPeer *self, GError **error)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!self->host || !self->link || self->proto.phase == SYN_PHASE_HELLO
      || self->proto.phase == SYN_PHASE_PLAYING || self->proto.proposal != SYN_PROPOSAL_NONE)
    return not_now (error, _ ("A game cannot be proposed now"));
  if (!start_is_playable (self->options.variant, self->options.start_fen, error))
    return FALSE;
  propose (self);
  return TRUE;
}

void
syn_peer_connect_async (SynPeer *self, const char *host, guint16 port, GCancellable *cancellable,
                        GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GSocketClient) client = NULL;
  g_autoptr (GSocketConnectable) address = NULL;

  g_return_if_fail (SYN_IS_PEER (self));
  g_return_if_fail (host != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, syn_peer_connect_async);
  if (self->host || self->link || self->connect_task)
    {
      g_task_return_new_error (task, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE, "%s",
                               _ ("Already connected"));
      return;
    }
  self->connect_task = g_object_ref (task);
  syn_protocol_state_init (&self->proto, FALSE);
  client = g_socket_client_new ();
  address = g_network_address_new (host, port);
  g_socket_client_connect_async (client, address, cancellable, on_connected_cb,
                                 g_steal_pointer (&task));
}

gboolean
syn_peer_connect_finish (SynPeer *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
syn_peer_accept_options (SynPeer *self, gboolean fog, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_ACCEPT, .has_fog = TRUE, .fog = fog };
  SynProtocolState before = self->proto;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (self->host || before.proposal != SYN_PROPOSAL_OPTIONS || !self->proposed.variant)
    return not_now (error, _ ("No game is proposed"));
  if (!send_message (self, &m))
    return not_now (error, _ ("No game is proposed"));
  /* PSC-R12: fog only when both want it. */
  if (start_new_game (self, self->proposed.fog && fog))
    {
      emit_opponent_state (self);
      commit_wait (self);
    }
  return TRUE;
}

gboolean
syn_peer_decline_options (SynPeer *self, const char *reason, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_DECLINE };
  g_autofree char *clean = clean_text (reason, SYN_PROTOCOL_TEXT_MAX);

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  g_strlcpy (m.text, clean, sizeof m.text);
  if (self->host || self->proto.proposal != SYN_PROPOSAL_OPTIONS || !send_message (self, &m))
    return not_now (error, _ ("No game is proposed"));
  return TRUE;
}

void
syn_peer_disconnect (SynPeer *self)
{
  SynMessage bye = { .type = SYN_MESSAGE_BYE };
  g_autoptr (SynPeer) hold = NULL;

  g_return_if_fail (SYN_IS_PEER (self));

  hold = g_object_ref (self);
  if (self->link)
    {
      send_message (self, &bye);
      self->leaving = TRUE;
      end_link (self, NULL);
      self->leaving = FALSE;
    }
}

void
syn_peer_close (SynPeer *self)
{
  g_return_if_fail (SYN_IS_PEER (self));

  if (self->service)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
      g_signal_handlers_disconnect_by_data (self->service, self);
      g_clear_object (&self->service);
    }
  syn_peer_disconnect (self);
}

void
syn_peer_set_audit_timeout (SynPeer *self, guint ms)
{
  g_return_if_fail (SYN_IS_PEER (self));

  self->audit_timeout_ms = ms;
}

void
syn_peer_drop_connection (SynPeer *self)
{
  Link *link;

  g_return_if_fail (SYN_IS_PEER (self));

  if (!(link = self->link))
    return;
  /* Nothing more is written: the other side sees the connection end mid-stream. */
  g_queue_clear_full (&link->out, (GDestroyNotify) g_bytes_unref);
  link->out_bytes = 0;
  link_ref (link);
  end_link (self, g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                       _ ("The connection was dropped")));
  link_close (link);
  link_unref (link);
}

gboolean
syn_peer_is_connected (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  return self->link != NULL && self->proto.phase != SYN_PHASE_HELLO;
}

gboolean
syn_peer_is_host (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  return self->host;
}

const char *
syn_peer_get_fingerprint (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), NULL);

  return self->fingerprint;
}

gboolean
syn_peer_get_peer_known (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  return self->peer_known == SYN_PEER_KNOWN_KEY;
}

SynPeerKnown
syn_peer_get_peer_known_as (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), SYN_PEER_KNOWN_NEW);

  return self->peer_known;
}

const char *
syn_peer_get_peer_name (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), NULL);

  return self->peer_name;
}

SynGame *
syn_peer_get_game (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), NULL);

  return self->game;
}

SynGame *
syn_peer_get_referee_game (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), NULL);

  return self->referee_game;
}

SynColour
syn_peer_get_colour (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), SYN_WHITE);

  return self->colour;
}

/* Sends the commitment to choice (text as revealed) and reveals at once when the other's
 * commitment is in. */
static gboolean
commit_choice (SynPeer *self, SynChoice choice, const char *text, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_COMMIT };
  gint64 now = g_get_monotonic_time ();

  if (!random_salt (self->salt, sizeof self->salt, error))
    return FALSE;

  /* PSC-R11: our clock ran from the opponent's commitment to ours. */
  if (game_is_timed (self))
    {
      gint64 start = turn_start_ms (self, self->colour);
      gint64 left = syn_clock_get_remaining_ms (syn_game_get_clock (self->game), self->colour);
      self->local_used_ms = CLAMP (start - left, 0, MAX (start - 1, 0));
    }
  else
    self->local_used_ms = self->remote_commit_us ? (now - self->remote_commit_us) / 1000 : 0;

  m.turn = self->proto.turn;
  m.used_ms = self->local_used_ms;
  syn_protocol_commitment (self->proto.id, m.turn, self->colour, text, self->salt, m.digest);
  if (self->sealed && choice != SYN_CHOICE_NONE)
    syn_tx_audit_log_set_own_salt (self->audit_log, m.turn, self->salt);
  /* Saved before it leaves: nothing we committed to can be lost, nor chosen again. */
  self->saved.own = TRUE;
  g_strlcpy (self->saved.own_text, text, sizeof self->saved.own_text);
  memcpy (self->saved.own_salt, self->salt, sizeof self->saved.own_salt);
  self->saved.own_used_ms = m.used_ms;
  self->saved.own_stall_ms = own_stall_ms (self);
  save_turn (self);
  if (!send_message (self, &m))
    return not_now (error, _ ("The move cannot be sent now"));
  self->local_choice = choice;
  self->local_commit_us = now;
  syn_clock_set_chosen (syn_game_get_clock (self->game), FALSE, FALSE);

  if (self->proto.remote_committed)
    send_reveal (self);
  else if (game_is_timed (self))
    {
      gint64 wait = turn_start_ms (self, (SynColour) (1 - self->colour)) + FLAG_GRACE_MS;
      self->deadline_id
          = g_timeout_add ((guint) MIN (wait, (gint64) G_MAXUINT), on_deadline_cb, self);
    }
  return TRUE;
}

/* A side the rules ask nothing of this step commits to "-" by itself at once, so every step
 * has two commitments and two reveals, as a PSC turn has (docs/protocol.md, "Waiting"). */
static void
commit_wait (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->game || syn_game_is_over (self->game) || self->proto.phase != SYN_PHASE_PLAYING
      || self->proto.local_committed || !side_waits (self, self->colour))
    return;
  if (!commit_choice (self, SYN_CHOICE_NONE, SYN_PEER_WAIT_TEXT, &error))
    g_signal_emit (self, signals[ERROR], 0, error);
}

static gboolean
playing (SynPeer *self, GError **error)
{
  if (!self->link || self->proto.phase != SYN_PHASE_PLAYING || !self->game
      || syn_game_is_over (self->game))
    return not_now (error, _ ("No game is in progress"));
  return TRUE;
}

/* Whether the other side answered "locked" to set this turn. */
static gboolean
was_refused (SynPeer *self, SynBitboard set)
{
  GArray *answers = self->audit_log->answers;

  for (guint i = 0; i < answers->len; i++)
    {
      const SynTxLockAnswer *a = &g_array_index (answers, SynTxLockAnswer, i);
      if (a->turn == self->proto.turn && a->n_sets == 1 && a->sets[0] == set && a->locked)
        return TRUE;
    }
  return FALSE;
}

static gboolean
on_refused_again_cb (gpointer user_data)
{
  SynPeer *self = user_data;

  if (self->game && !syn_game_is_over (self->game) && self->proto.phase == SYN_PHASE_PLAYING
      && !self->proto.local_committed)
    syn_game_refuse (self->game, self->colour);
  return G_SOURCE_REMOVE;
}

gboolean
syn_peer_choose (SynPeer *self, SynChoice choice, GError **error)
{
  const SynVariant *variant;
  const SynState *state;
  SynChoice choices[SYN_MAX_CHOICES];
  char text[SYN_CHOICE_TEXT_SIZE];
  gboolean legal = FALSE;
  int n;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!playing (self, error))
    return FALSE;
  if (self->proto.local_committed)
    return not_now (error, _ ("The move of this turn is already chosen"));
  variant = syn_game_get_variant (self->game);
  state = syn_game_get_state (self->game);
  n = variant->choices (state, self->colour, choices);
  for (int i = 0; i < n && !legal; i++)
    legal = choices[i] == choice;
  if (!legal || choice == SYN_CHOICE_NONE)
    {
      variant->choice_to_text (state, choice, text);
      g_set_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL, _ ("%s is not a legal move"),
                   text);
      return FALSE;
    }
  if (self->sealed)
    {
      SynMove move = SYN_CHOICE_MOVE (choice);
      SynBitboard bound;
      /* The turn's first question (TX-R6) is out: the move is asked about after it. */
      if (self->asking_all && self->asked_choice == SYN_CHOICE_NONE)
        {
          self->asked_choice = choice;
          return TRUE;
        }
      if (self->asking)
        return not_now (error, _ ("Waiting for the answer to the last move"));
      /* TX-R16: told "not locked", the move binds the turn, a broken connection or not. */
      bound = bound_set (self);
      if (bound && (move == SYN_MOVE_NONE || syn_tx_refusal_squares (move) != bound))
        {
          variant->choice_to_text (state, choice, text);
          g_set_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL,
                       _ ("%s cannot be played: this turn is bound to the move the other side "
                          "was told was not locked (TX-R16)"),
                       text);
          return FALSE;
        }
      if (bound)
        self->cleared_move = move;
      /* TX-R5, R16: the other program says whether the move is locked; until it has, the
       * move is neither played nor refused. */
      if (move != SYN_MOVE_NONE && move != self->cleared_move)
        {
          SynBitboard set = syn_tx_refusal_squares (move);
          /* Locks do not change while we move, and a set is asked about once a turn. */
          if (was_refused (self, set))
            {
              /* Told after this call returns, as an answer from the network would be. */
              g_idle_add_full (G_PRIORITY_DEFAULT, on_refused_again_cb, g_object_ref (self),
                               g_object_unref);
              return TRUE;
            }
          if (!ask (self, &set, 1, FALSE, error))
            return FALSE;
          self->asked_choice = choice;
          return TRUE;
        }
      return commit_own_choice (self, choice, error);
    }
  variant->choice_to_text (state, choice, text);
  return commit_choice (self, choice, text, error);
}

/* TX-R17: a Transactional mover commits to its choice and the transaction it leaves. */
static gboolean
commit_own_choice (SynPeer *self, SynChoice choice, GError **error)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  const SynState *state = syn_game_get_state (self->game);
  SynChoice joint[2] = { SYN_CHOICE_NONE, SYN_CHOICE_NONE };
  char text[SYN_CHOICE_TEXT_SIZE], list[SYN_TX_AUDIT_TEXT_SIZE];
  g_autofree char *committed = NULL;
  guint turn = self->proto.turn;
  SynState after;

  joint[self->colour] = choice;
  variant->apply (state, joint[SYN_WHITE], joint[SYN_BLACK], &after);
  variant->choice_to_text (state, choice, text);
  syn_tx_audit_transaction_text (&after, self->colour, list, sizeof list);
  committed = syn_tx_audit_committed_text (text, list);
  /* Kept before it goes: the turn may end, and the game with it, inside commit_choice(). */
  syn_tx_audit_log_set_own (self->audit_log, turn, committed);
  return commit_choice (self, choice, committed, error);
}

gboolean
syn_peer_has_chosen (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  /* A Transactional move waiting for its lock answer is chosen too (TX-R16). */
  return self->proto.phase == SYN_PHASE_PLAYING
         && (self->proto.local_committed || self->asked_choice != SYN_CHOICE_NONE);
}

gboolean
syn_peer_may_choose (SynPeer *self, SynChoice choice)
{
  SynMove move = SYN_CHOICE_MOVE (choice);
  SynBitboard bound;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!self->sealed || !self->game || !self->audit_log)
    return TRUE;
  bound = bound_set (self);
  return !bound || (move != SYN_MOVE_NONE && syn_tx_refusal_squares (move) == bound);
}

SynOpponentState
syn_peer_get_opponent_state (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), SYN_OPPONENT_ABSENT);

  if (!self->link || self->proto.phase != SYN_PHASE_PLAYING)
    return SYN_OPPONENT_ABSENT;
  return self->proto.remote_committed ? SYN_OPPONENT_CHOSEN : SYN_OPPONENT_THINKING;
}

gint64
syn_peer_get_opponent_used_ms (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), -1);

  return self->proto.remote_committed ? self->remote_used_ms : -1;
}

gboolean
syn_peer_offer_draw (SynPeer *self, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_DRAW, .draw = SYN_DRAW_OFFER };

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!playing (self, error))
    return FALSE;
  if (between_reveals (self))
    {
      self->pending_draw = SYN_DRAW_OFFER;
      return TRUE;
    }
  if (!send_message (self, &m))
    return not_now (error, _ ("A draw is already offered"));
  return TRUE;
}

gboolean
syn_peer_answer_draw (SynPeer *self, gboolean accept, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_DRAW, .draw = accept ? SYN_DRAW_ACCEPT : SYN_DRAW_DECLINE };

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!playing (self, error))
    return FALSE;
  if (!self->proto.remote_draw_offer)
    return not_now (error, _ ("No draw is offered"));
  if (between_reveals (self))
    {
      self->pending_draw = m.draw;
      return TRUE;
    }
  if (!send_message (self, &m))
    return not_now (error, _ ("No draw is offered"));
  if (accept)
    syn_game_agree_draw (self->game);
  return TRUE;
}

gboolean
syn_peer_resign (SynPeer *self, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_RESIGN };

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!playing (self, error))
    return FALSE;
  if (between_reveals (self))
    {
      self->pending_resign = TRUE;
      return TRUE;
    }
  if (!send_message (self, &m))
    return not_now (error, _ ("The game cannot be resigned now"));
  syn_game_resign (self->game, self->colour);
  return TRUE;
}

gboolean
syn_peer_send_chat (SynPeer *self, const char *text, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_CHAT };
  g_autofree char *clean = NULL;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  /* One line of text: line breaks and other control characters become spaces. */
  clean = clean_text (text, SYN_PROTOCOL_TEXT_MAX);
  if (!clean[0])
    return not_now (error, _ ("The message is empty"));
  g_strlcpy (m.text, clean, sizeof m.text);
  if (!self->link || !send_message (self, &m))
    return not_now (error, _ ("Not connected"));
  return TRUE;
}

void
syn_peer_set_abandon_timeout (SynPeer *self, guint ms)
{
  g_return_if_fail (SYN_IS_PEER (self));

  self->abandon_ms = ms;
}

gboolean
syn_peer_can_claim_abandoned (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  return self->abandon_claimable && self->game && !syn_game_is_over (self->game);
}

gboolean
syn_peer_claim_abandoned (SynPeer *self, GError **error)
{
  g_autoptr (SynPeer) hold = NULL;
  SynGame *game;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!syn_peer_can_claim_abandoned (self))
    return not_now (error, _ ("The other side has not stopped playing for long enough"));
  hold = g_object_ref (self);
  game = self->game;
  /* Still connected, the other side withholds its reveal: it hears why the game ended. */
  if (self->link && self->proto.phase == SYN_PHASE_PLAYING)
    send_error (self, "abandoned", "the game is claimed: a due reveal was withheld too long");
  syn_game_end (game, self->colour == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS,
                SYN_END_ABANDONED);
  if (self->link)
    syn_peer_disconnect (self);
  return TRUE;
}
