/* syn-peer-handshake.c: connections made and accepted, and their TLS handshakes.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* Time for a TLS handshake, and for the first byte that says whether it is TLS at all (an
 * honest client sends it at once). */
#define HANDSHAKE_TIMEOUT_MS 10000
#define FIRST_BYTE_TIMEOUT_MS 3000

/* Connections still in their handshake; beyond it the one that waited longest makes room, so
 * that a burst of connections cannot pile up. */
#define MAX_HANDSHAKES 16

/* The first byte of a TLS handshake record: anything else is not TLS. */
#define TLS_HANDSHAKE_RECORD 0x16

/* Handshakes ------------------------------------------------------------------------------- */

static void
forget_handshake (SynPeer *self, Link *link)
{
  if (self && g_ptr_array_remove_fast (self->handshakes, link))
    syn_peer_link_unref (link);
}

/* Closes a connection that never became the peer's. */
static void
drop_handshake (SynPeer *self, Link *link)
{
  syn_peer_link_ref (link);
  forget_handshake (self, link);
  syn_peer_link_close (link);
  syn_peer_link_unref (link);
}

static void
refuse (SynPeer *self, Link *link, GError *error)
{
  g_autoptr (GError) owned = error;

  g_debug ("refused a connection: %s", owned->message);
  drop_handshake (self, link);
  if (self)
    g_signal_emit (self, syn_peer_signals[ERROR], 0, owned);
}

static gboolean
on_accept_certificate_cb (GTlsConnection *connection, GTlsCertificate *certificate,
                          GTlsCertificateFlags errors, gpointer user_data)
{
  /* Every certificate is self-signed: no authority can vouch for it. The players compare
   * the pair's fingerprint instead, and a peer met before is recognised. */
  return TRUE;
}

/* The handshake on link failed for why (taken): this peer's own connect call fails with it
 * (connecting), or else the other side is refused. */
static void
fail_handshake (SynPeer *self, Link *link, GError *why, gboolean connecting)
{
  GTask *task;

  if (!connecting)
    {
      refuse (self, link, why);
      return;
    }
  task = g_steal_pointer (&self->connect_task);
  drop_handshake (self, link);
  g_task_return_error (task, why);
  g_object_unref (task);
}

static gboolean
presents_expected (SynPeer *self, GTlsCertificate *peer)
{
  g_autofree char *digest = syn_certificate_digest (peer);

  return digest && g_str_equal (digest, self->expected_certificate);
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
  if (self->expected_certificate && !presents_expected (self, peer))
    {
      fail_handshake (
          self, link,
          g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER,
                               _ ("The other side presented another certificate than the one "
                                  "expected: someone may be in between")),
          self->connect_task && !self->link);
      return;
    }
  if (self->link)
    {
      /* The same player coming back (its network changed) replaces its dead connection;
       * anyone else waits for the game to end. */
      if (self->pair_digest && g_str_equal (digest, self->pair_digest))
        syn_peer_end_link (self, g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                                      _ ("The other side connected again")));
      else
        {
          static const char busy[] = "error busy This host is already playing a game\n";
          g_queue_push_tail (&link->out, g_bytes_new_static (busy, sizeof busy - 1));
          link->out_bytes += sizeof busy - 1;
          syn_peer_write_next (link);
          syn_peer_link_close_after_flush (link);
          g_autoptr (GError) error = g_error_new_literal (
              SYN_PEER_ERROR, SYN_PEER_ERROR_BUSY, _ ("Refused a second player during a game"));
          g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
          return;
        }
    }

  syn_peer_link_ref (link);
  self->link = link;
  syn_protocol_state_init (&self->proto, self->host);
  g_set_object (&self->peer_certificate, peer);
  g_free (self->pair_digest);
  self->pair_digest = g_steal_pointer (&digest);
  g_free (self->fingerprint);
  self->fingerprint = syn_identity_pair_fingerprint (self->identity, peer);
  self->peer_verified = self->expected_certificate != NULL;
  self->resume_declined = FALSE;
  self->last_heard_us = self->tokens_us = g_get_monotonic_time ();
  self->tokens = FLOOD_BURST;
  self->ping_number = 0;

  g_strlcpy (hello.text, self->name, sizeof hello.text);
  syn_peer_send_message (self, &hello);
  self->ping_id = g_timeout_add (PING_INTERVAL_MS, syn_peer_on_ping_cb, self);
  syn_peer_start_read (link);
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
      syn_peer_link_unref (link);
      return;
    }
  g_clear_handle_id (&link->timeout_id, g_source_remove);
  if (!ok)
    {
      GError *why = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_TLS,
                                 _ ("A connection ended before it was set up: %s"),
                                 syn_peer_plain_reason (error));
      fail_handshake (self, link, why, self->connect_task && !self->link);
      syn_peer_link_unref (link);
      return;
    }
  adopt (self, link);
  syn_peer_link_unref (link);
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
      tls = g_tls_server_connection_new (link->base, syn_identity_get_certificate (self->identity),
                                         &error);
      if (tls)
        g_object_set (tls, "authentication-mode", G_TLS_AUTHENTICATION_REQUIRED, NULL);
    }
  else
    {
      tls = g_tls_client_connection_new (link->base, NULL, &error);
      if (tls)
        g_tls_connection_set_certificate (G_TLS_CONNECTION (tls),
                                          syn_identity_get_certificate (self->identity));
    }
  if (!tls)
    {
      GError *why = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_TLS,
                                 _ ("TLS is not available (is glib-networking installed?): %s"),
                                 error->message);
      fail_handshake (self, link, why, self->connect_task != NULL);
      return;
    }
  link->stream = tls;
  /* A peer that vanishes is noticed by the pings; a missing close_notify is no attack on a
   * protocol whose every message is a whole line. */
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (tls), FALSE);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (on_accept_certificate_cb), NULL);
  link->timeout_id
      = g_timeout_add_full (G_PRIORITY_DEFAULT, HANDSHAKE_TIMEOUT_MS, on_handshake_timeout_cb,
                            syn_peer_link_ref (link), (GDestroyNotify) syn_peer_link_unref);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, link->cancellable,
                                    on_handshake_cb, syn_peer_link_ref (link));
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

gboolean
syn_peer_on_incoming_cb (GSocketService *service, GSocketConnection *connection, GObject *source,
                         SynPeer *self)
{
  Link *link;
  GSocket *socket = g_socket_connection_get_socket (connection);

  if (self->handshakes->len >= MAX_HANDSHAKES)
    make_room_for_handshake (self);
  link = syn_peer_link_new (self, G_IO_STREAM (connection));
  g_ptr_array_add (self->handshakes, link);
  link->peek_source = g_socket_create_source (socket, G_IO_IN, link->cancellable);
  g_source_set_callback (link->peek_source, (GSourceFunc) (void (*) (void)) on_peek_cb,
                         syn_peer_link_ref (link), (GDestroyNotify) syn_peer_link_unref);
  g_source_attach (link->peek_source, NULL);
  link->timeout_id
      = g_timeout_add_full (G_PRIORITY_DEFAULT, FIRST_BYTE_TIMEOUT_MS, on_peek_timeout_cb,
                            syn_peer_link_ref (link), (GDestroyNotify) syn_peer_link_unref);
  return TRUE;
}

void
syn_peer_on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
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
  link = syn_peer_link_new (self, G_IO_STREAM (connection));
  g_ptr_array_add (self->handshakes, link);
  start_handshake (self, link);
}

/* A stream made elsewhere (an ICE connection): TLS and the protocol run on it as on TCP. */
void
syn_peer_connect_stream_async (SynPeer *self, GIOStream *stream, gboolean as_host,
                               GCancellable *cancellable, GAsyncReadyCallback callback,
                               gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GError) error = NULL;
  Link *link;

  g_return_if_fail (SYN_IS_PEER (self));
  g_return_if_fail (G_IS_IO_STREAM (stream));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, syn_peer_connect_stream_async);
  if (self->service || self->link || self->connect_task)
    {
      g_task_return_new_error (task, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE, "%s",
                               _ ("Already connected"));
      return;
    }
  if (as_host
      && !syn_peer_start_is_playable (self->options.variant, self->options.start_fen, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  self->host = as_host;
  self->connect_task = g_steal_pointer (&task);
  syn_protocol_state_init (&self->proto, as_host);
  link = syn_peer_link_new (self, stream);
  g_ptr_array_add (self->handshakes, link);
  start_handshake (self, link);
}

gboolean
syn_peer_connect_stream_finish (SynPeer *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
