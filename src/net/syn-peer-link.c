/* syn-peer-link.c: the connection: lines in and out, liveness, flooding, its end.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <glib/gi18n.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

/* What we hold for a peer that does not read: beyond it the peer is dropped. */
#define MAX_QUEUED_BYTES (256 * 1024)

/* Link ------------------------------------------------------------------------------------- */

Link *
syn_peer_link_ref (Link *link)
{
  g_atomic_int_inc (&link->ref_count);
  return link;
}

void
syn_peer_link_unref (Link *link)
{
  if (!g_atomic_int_dec_and_test (&link->ref_count))
    return;
  g_queue_clear_full (&link->out, (GDestroyNotify) g_bytes_unref);
  g_clear_object (&link->stream);
  g_clear_object (&link->base);
  g_clear_object (&link->cancellable);
  g_free (link);
}

Link *
syn_peer_link_new (SynPeer *self, GIOStream *base)
{
  Link *link = g_new0 (Link, 1);

  link->ref_count = 1;
  link->peer = self;
  link->base = g_object_ref (base);
  link->cancellable = g_cancellable_new ();
  link->started_us = g_get_monotonic_time ();
  g_queue_init (&link->out);
  /* One small message per move: Nagle's algorithm would hold each for a delayed ACK. */
  if (G_IS_SOCKET_CONNECTION (base))
    {
      GSocket *socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (base));
      if (g_socket_get_family (socket) != G_SOCKET_FAMILY_UNIX)
        g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
    }
  return link;
}

static void
on_close_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_io_stream_close_finish (G_IO_STREAM (source), result, NULL);
  syn_peer_link_unref (user_data);
}

/* Stops everything on the link and closes the connection (which holds a reference until it
 * is done). */
void
syn_peer_link_close (Link *link)
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
  stream = link->stream ? link->stream : link->base;
  /* A fresh cancellable: the link's own is cancelled, and closing must still happen. */
  g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, on_close_done_cb,
                           syn_peer_link_ref (link));
}

/* What broke a connection, in plain words for the player (GIO's own text, such as "Error
 * receiving data: Connection reset by peer", goes to the debug log). */
const char *
syn_peer_plain_reason (const GError *error)
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
        syn_peer_end_link (link->peer, g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                                    _ ("The connection broke: %s"),
                                                    syn_peer_plain_reason (error)));
      syn_peer_link_unref (link);
      return;
    }
  if (!link->closed && (bytes = g_queue_pop_head (&link->out)))
    {
      link->out_bytes -= g_bytes_get_size (bytes);
      g_bytes_unref (bytes);
    }
  syn_peer_write_next (link);
  syn_peer_link_unref (link);
}

void
syn_peer_write_next (Link *link)
{
  GBytes *bytes;

  if (link->writing || link->closed)
    return;
  bytes = g_queue_peek_head (&link->out);
  if (!bytes)
    {
      if (link->closing)
        syn_peer_link_close (link);
      return;
    }
  link->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (link->stream),
                                   g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                   G_PRIORITY_DEFAULT, link->cancellable, on_write_done_cb,
                                   syn_peer_link_ref (link));
}

static gboolean
on_close_timeout_cb (gpointer user_data)
{
  Link *link = user_data;

  link->timeout_id = 0;
  syn_peer_link_close (link);
  return G_SOURCE_REMOVE;
}

/* Writes what is queued (a last error message, a goodbye), then closes; a peer that reads
 * nothing gets a second. */
void
syn_peer_link_close_after_flush (Link *link)
{
  if (link->closed || link->closing)
    return;
  link->closing = TRUE;
  link->peer = NULL;
  if (!link->stream || (!link->writing && g_queue_is_empty (&link->out)))
    {
      syn_peer_link_close (link);
      return;
    }
  g_clear_handle_id (&link->timeout_id, g_source_remove);
  link->timeout_id
      = g_timeout_add_full (G_PRIORITY_DEFAULT, 1000, on_close_timeout_cb, syn_peer_link_ref (link),
                            (GDestroyNotify) syn_peer_link_unref);
}

/* Sending ----------------------------------------------------------------------------------- */

void
syn_peer_link_write (SynPeer *self, const char *line, gsize length)
{
  Link *link = self->link;

  if (link->out_bytes + length > MAX_QUEUED_BYTES)
    {
      /* The other side sends but does not read: nothing bounds what we would hold for it.
       * Nothing more is queued, not even the error. */
      syn_peer_fail (self, NULL,
                     g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_FLOOD,
                                          _ ("The other side does not read what is sent to it")));
      return;
    }
  g_queue_push_tail (&link->out, g_bytes_new (line, length));
  link->out_bytes += length;
  syn_peer_write_next (link);
}

/* Sends m if the protocol allows it now, and moves the session on. */
gboolean
syn_peer_send_message (SynPeer *self, const SynMessage *m)
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
  syn_peer_link_write (self, line, length);
  return TRUE;
}

/* Text the protocol can carry: UTF-8 without control characters, at most max bytes, no
 * blanks at its ends. */
char *
syn_peer_clean_text (const char *text, gsize max)
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

void
syn_peer_send_error (SynPeer *self, const char *code, const char *text)
{
  SynMessage m = { .type = SYN_MESSAGE_ERROR };
  g_autofree char *clean = syn_peer_clean_text (text, SYN_PROTOCOL_TEXT_MAX);

  g_strlcpy (m.code, code, sizeof m.code);
  g_strlcpy (m.text, clean, sizeof m.text);
  syn_peer_send_message (self, &m);
}

/* Timers ------------------------------------------------------------------------------------ */

void
syn_peer_stop_timers (SynPeer *self)
{
  g_clear_handle_id (&self->ping_id, g_source_remove);
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  g_clear_handle_id (&self->audit_timer_id, g_source_remove);
}

gboolean
syn_peer_on_ping_cb (gpointer user_data)
{
  SynPeer *self = user_data;
  SynMessage m = { .type = SYN_MESSAGE_PING };

  if (g_get_monotonic_time () - self->last_heard_us > SILENCE_TIMEOUT_US)
    {
      self->ping_id = 0;
      syn_peer_fail (self, "silent",
                     g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_SILENT,
                                  _ ("The other side has not answered for %d seconds"),
                                  (int) (SILENCE_TIMEOUT_US / G_USEC_PER_SEC)));
      return G_SOURCE_REMOVE;
    }
  m.number = ++self->ping_number;
  if (syn_peer_send_message (self, &m))
    self->ping_sent_us = g_get_monotonic_time ();
  return G_SOURCE_CONTINUE;
}

/* Connection state -------------------------------------------------------------------------- */

/* Tells the application something the end of the connection left undone (message). */
static void
emit_closed_error (SynPeer *self, const char *message)
{
  g_autoptr (GError) error = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED, message);

  g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

/* The connection is over: with error NULL after a goodbye. The game stays as it was after its
 * last complete turn, saved, to be resumed. */
void
syn_peer_end_link (SynPeer *self, GError *error)
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
  syn_peer_stop_timers (self);
  self->round_trip_us = self->last_round_trip_us = -1;
  syn_peer_link_close_after_flush (link);
  syn_peer_link_unref (link);

  /* A provisional result waits for the audit, withheld or lost with the connection alike. */
  if (!syn_peer_result_provisional (self))
    g_clear_handle_id (&self->audit_timer_id, g_source_remove);
  else if (!self->audit_timer_id)
    self->audit_timer_id
        = g_timeout_add (self->audit_timeout_ms, syn_peer_on_audit_timeout_cb, self);
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
      syn_peer_reset_turn (self);
      syn_net_game_reset_clocks (self->game);
      syn_peer_autosave (self);
      /* Gone for the abandonment time, the other side lets us claim the game; not when we
       * are the ones who left. */
      if (!self->leaving)
        syn_peer_start_abandon_timer (self);
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
  syn_peer_emit_opponent_state (self);
  if (self->claim_pending)
    {
      /* TX-R17: a claim its audit never checked gives no result: the game stays unfinished,
       * to be resumed, where the claim comes again and is checked then. */
      self->claim_pending = FALSE;
      emit_closed_error (
          self, _ ("The connection ended before the other side's claim was checked by its audit: "
                   "the game is not over, and can be resumed (TX-R17)"));
    }
  if (syn_peer_result_provisional (self))
    {
      emit_closed_error (
          self, _ ("The connection ended before the other side's audit: this end of the game is "
                   "not recorded until its audit checks it, and should the audit not come in the "
                   "time allowed, the other side loses (TX-R17)"));
    }
  /* TX-R17: the other side's turns never came, so nothing it said on trust was checked. A
   * broken connection cannot be told from a withheld audit: a result that did not rest on
   * them (time, a resignation, agreement) stands, unchecked, and the player is told. */
  else if (self->game && self->sealed && syn_game_is_over (self->game) && !self->audit_done)
    {
      self->audit_done = TRUE;
      emit_closed_error (self, _ ("The connection ended before the other side revealed its turns: "
                                  "this result was not checked by the audit (TX-R17)"));
    }
  g_signal_emit (self, syn_peer_signals[DISCONNECTED], 0, owned);
}

/* Something the other side did ends the connection: tell it why (code is the protocol's
 * error code), tell the application, and close. */
void
syn_peer_fail (SynPeer *self, const char *code, GError *error)
{
  g_autoptr (SynPeer) hold = g_object_ref (self);

  if (!self->link)
    {
      g_error_free (error);
      return;
    }
  if (code)
    syn_peer_send_error (self, code, error->message);
  if (!self->connect_task)
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
  syn_peer_end_link (self, error);
}

/* A message refused without consequence: the other side hears why. */
void
syn_peer_reject (SynPeer *self, const char *code, const char *message)
{
  g_debug ("refused a message: %s", message);
  syn_peer_send_error (self, code, message);
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
      syn_peer_link_unref (link);
      return;
    }
  hold = g_object_ref (self);
  if (n < 0)
    {
      syn_peer_end_link (self, g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                            _ ("The connection broke: %s"),
                                            syn_peer_plain_reason (error)));
      syn_peer_link_unref (link);
      return;
    }
  if (n == 0)
    {
      syn_peer_end_link (self, g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOSED,
                                                    _ ("The other side closed the connection")));
      syn_peer_link_unref (link);
      return;
    }

  link->in_length += (gsize) n;
  /* Every whole line in the buffer; the link may close under any of them. */
  while (self->link == link)
    {
      char *end = memchr (link->in + start, '\n', link->in_length - start);
      if (!end)
        break;
      syn_peer_handle_line (self, link->in + start, (gsize) (end - (link->in + start)));
      start = (gsize) (end - link->in) + 1;
    }
  if (self->link != link)
    {
      syn_peer_link_unref (link);
      return;
    }
  memmove (link->in, link->in + start, link->in_length - start);
  link->in_length -= start;
  if (link->in_length == sizeof link->in)
    {
      /* No line end within the limit: the rest is neither read nor kept. */
      syn_peer_fail (self, "too-long",
                     g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_TOO_LONG,
                                  _ ("The other side sent a line longer than %d bytes"),
                                  SYN_PROTOCOL_MAX_LINE));
      syn_peer_link_unref (link);
      return;
    }
  syn_peer_start_read (link);
  syn_peer_link_unref (link);
}

void
syn_peer_start_read (Link *link)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (link->stream),
                             link->in + link->in_length, sizeof link->in - link->in_length,
                             G_PRIORITY_DEFAULT, link->cancellable, on_read_cb,
                             syn_peer_link_ref (link));
}
