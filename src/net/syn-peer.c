/* syn-peer.c: one player's end of a network game: its life, public API and signals.
 *
 * The connection (TCP, then TLS with a certificate of our own on both sides) carries one line
 * per message; syn-protocol-state.c says which message may come when, and the files
 * syn-peer-*.c do what each one means for the game.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <glib/gi18n.h>

/* Connections the system may hold for the host before it accepts them. */
#define LISTEN_BACKLOG 128

G_DEFINE_QUARK (syn - peer - error - quark, syn_peer_error)

G_DEFINE_FINAL_TYPE (SynPeer, syn_peer, G_TYPE_OBJECT)

guint syn_peer_signals[N_SIGNALS];

/* GObject ---------------------------------------------------------------------------------- */

static void
syn_peer_dispose (GObject *object)
{
  SynPeer *self = SYN_PEER (object);

  syn_peer_stop_timers (self);
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
      syn_peer_link_close_after_flush (link);
      syn_peer_link_unref (link);
    }
  while (self->handshakes && self->handshakes->len > 0)
    {
      Link *link = g_ptr_array_steal_index_fast (self->handshakes, 0);
      syn_peer_link_close (link);
      syn_peer_link_unref (link);
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
  g_free (self->expected_certificate);
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

  syn_peer_signals[CONNECTED]
      = g_signal_new ("connected", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  syn_peer_signals[OPTIONS_PROPOSED]
      = g_signal_new ("options-proposed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                      1, G_TYPE_POINTER);
  syn_peer_signals[OPTIONS_DECLINED]
      = g_signal_new ("options-declined", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                      1, G_TYPE_STRING);
  syn_peer_signals[GAME_STARTED] = g_signal_new ("game-started", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  syn_peer_signals[OPPONENT_STATE_CHANGED]
      = g_signal_new ("opponent-state-changed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_INT);
  syn_peer_signals[TURN_COMPLETED] = g_signal_new ("turn-completed", type, G_SIGNAL_RUN_LAST, 0,
                                                   NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  syn_peer_signals[DRAW_OFFERED]
      = g_signal_new ("draw-offered", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  syn_peer_signals[DRAW_DECLINED] = g_signal_new ("draw-declined", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                                  NULL, NULL, G_TYPE_NONE, 0);
  syn_peer_signals[CHAT_RECEIVED] = g_signal_new ("chat-received", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  syn_peer_signals[GAME_OVER]
      = g_signal_new ("game-over", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* TX-R17: the audit after a Transactional game: whether the other side kept the rules,
   * and if not, what it broke (it has lost then). */
  syn_peer_signals[AUDIT_COMPLETED]
      = g_signal_new ("audit-completed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                      2, G_TYPE_BOOLEAN, G_TYPE_STRING);
  /* docs/protocol.md, "Abandonment": the other side has been gone (or has withheld a due
   * reveal) for the abandonment time, and the game may be claimed: TRUE; FALSE when that
   * is no longer so (it came back, or the game ended). */
  syn_peer_signals[ABANDON_CLAIMABLE]
      = g_signal_new ("abandon-claimable", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                      G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  syn_peer_signals[ERROR] = g_signal_new ("error", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_ERROR);
  syn_peer_signals[DISCONNECTED] = g_signal_new ("disconnected", type, G_SIGNAL_RUN_LAST, 0, NULL,
                                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
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
  self->name = syn_peer_clean_text (name, SYN_PROTOCOL_NAME_MAX);
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
syn_peer_set_autosave (SynPeer *self, gboolean syn_peer_autosave)
{
  g_return_if_fail (SYN_IS_PEER (self));

  self->autosave = syn_peer_autosave;
}

gboolean
syn_peer_listen (SynPeer *self, const char *address, guint16 port, GError **error)
{
  g_autoptr (GSocketService) service = NULL;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);
  g_return_val_if_fail (self->service == NULL && self->connect_task == NULL, FALSE);

  if (!syn_peer_start_is_playable (self->options.variant, self->options.start_fen, error))
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
  g_signal_connect (service, "incoming", G_CALLBACK (syn_peer_on_incoming_cb), self);
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

gboolean
syn_peer_not_now (GError **error, const char *message)
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
    return syn_peer_not_now (error, _ ("A game cannot be proposed now"));
  if (!syn_peer_start_is_playable (self->options.variant, self->options.start_fen, error))
    return FALSE;
  syn_peer_propose (self);
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
  g_socket_client_connect_async (client, address, cancellable, syn_peer_on_connected_cb,
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
    return syn_peer_not_now (error, _ ("No game is proposed"));
  if (!syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("No game is proposed"));
  /* PSC-R12: fog only when both want it. */
  if (syn_peer_start_new_game (self, self->proposed.fog && fog))
    {
      syn_peer_emit_opponent_state (self);
      syn_peer_commit_wait (self);
    }
  return TRUE;
}

gboolean
syn_peer_decline_options (SynPeer *self, const char *reason, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_DECLINE };
  g_autofree char *clean = syn_peer_clean_text (reason, SYN_PROTOCOL_TEXT_MAX);

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  g_strlcpy (m.text, clean, sizeof m.text);
  if (self->host || self->proto.proposal != SYN_PROPOSAL_OPTIONS
      || !syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("No game is proposed"));
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
      syn_peer_send_message (self, &bye);
      self->leaving = TRUE;
      syn_peer_end_link (self, NULL);
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
  syn_peer_link_ref (link);
  syn_peer_end_link (self, g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                                _ ("The connection was dropped")));
  syn_peer_link_close (link);
  syn_peer_link_unref (link);
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

void
syn_peer_set_expected_certificate (SynPeer *self, const char *digest)
{
  g_return_if_fail (SYN_IS_PEER (self));
  g_free (self->expected_certificate);
  self->expected_certificate = digest ? g_ascii_strdown (digest, -1) : NULL;
}

gboolean
syn_peer_get_peer_verified (SynPeer *self)
{
  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);
  return self->peer_verified;
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
  bound = syn_peer_bound_set (self);
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

  if (!syn_peer_playing (self, error))
    return FALSE;
  if (syn_peer_between_reveals (self))
    {
      self->pending_draw = SYN_DRAW_OFFER;
      return TRUE;
    }
  if (!syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("A draw is already offered"));
  return TRUE;
}

gboolean
syn_peer_answer_draw (SynPeer *self, gboolean accept, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_DRAW, .draw = accept ? SYN_DRAW_ACCEPT : SYN_DRAW_DECLINE };

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!syn_peer_playing (self, error))
    return FALSE;
  if (!self->proto.remote_draw_offer)
    return syn_peer_not_now (error, _ ("No draw is offered"));
  if (syn_peer_between_reveals (self))
    {
      self->pending_draw = m.draw;
      return TRUE;
    }
  if (!syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("No draw is offered"));
  if (accept)
    syn_game_agree_draw (self->game);
  return TRUE;
}

gboolean
syn_peer_resign (SynPeer *self, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_RESIGN };

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!syn_peer_playing (self, error))
    return FALSE;
  if (syn_peer_between_reveals (self))
    {
      self->pending_resign = TRUE;
      return TRUE;
    }
  if (!syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("The game cannot be resigned now"));
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
  clean = syn_peer_clean_text (text, SYN_PROTOCOL_TEXT_MAX);
  if (!clean[0])
    return syn_peer_not_now (error, _ ("The message is empty"));
  g_strlcpy (m.text, clean, sizeof m.text);
  if (!self->link || !syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("Not connected"));
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
    return syn_peer_not_now (error, _ ("The other side has not stopped playing for long enough"));
  hold = g_object_ref (self);
  game = self->game;
  /* Still connected, the other side withholds its reveal: it hears why the game ended. */
  if (self->link && self->proto.phase == SYN_PHASE_PLAYING)
    syn_peer_send_error (self, "abandoned",
                         "the game is claimed: a due reveal was withheld too long");
  syn_game_end (game, self->colour == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS,
                SYN_END_ABANDONED);
  if (self->link)
    syn_peer_disconnect (self);
  return TRUE;
}
