/* syn-peer-messages.c: each line the other side sends, checked and dispatched.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <glib/gi18n.h>

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
  g_signal_emit (self, syn_peer_signals[CONNECTED], 0);
  if (self->host && self->link)
    syn_peer_propose (self);
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
      syn_peer_end_link (self, g_steal_pointer (&error));
      return;
    }
  g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
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

/* Flooding: a token bucket, FLOOD_RATE a second, FLOOD_BURST deep. Moves and answers that
 * move the game on are free: the game itself bounds them (one commitment and one reveal a
 * turn, and a turn needs our moves too), so fast computer players are not flooders. TRUE
 * when the other side flooded (and the connection is failed). */
static gboolean
flooded (SynPeer *self, SynVerdict verdict, const SynMessage *m, gint64 now)
{
  if (!(verdict == SYN_VERDICT_ACCEPT && moves_game_on (m->type)))
    {
      self->tokens
          = MIN (FLOOD_BURST,
                 self->tokens + (double) (now - self->tokens_us) * FLOOD_RATE / G_USEC_PER_SEC);
      self->tokens_us = now;
      self->tokens -= 1.0;
      if (self->tokens < 0)
        {
          syn_peer_fail (self, "flood",
                         g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_FLOOD,
                                      _ ("The other side sent more than %d messages a second"),
                                      (int) FLOOD_RATE));
          return TRUE;
        }
    }
  return FALSE;
}

/* What the protocol's verdict on a message does: TRUE when the message is to be acted on. */
static gboolean
verdict_lets_through (SynPeer *self, SynVerdict verdict, const SynProtocolResult *result,
                      const SynMessage *m)
{
  switch (verdict)
    {
    case SYN_VERDICT_IGNORE:
      g_debug ("ignored: %s", result->message);
      return FALSE;
    case SYN_VERDICT_REJECT:
      syn_peer_reject (self, result->code, result->message);
      return FALSE;
    case SYN_VERDICT_FATAL:
      if (g_str_equal (result->code, "bad-reveal") && m->type == SYN_MESSAGE_SEED)
        {
          syn_peer_fail (
              self, result->code,
              g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_BAD_REVEAL,
                                   _ ("The other side's coin for the game's seed does not "
                                      "match its commitment")));
          return FALSE;
        }
      if (g_str_equal (result->code, "bad-reveal"))
        {
          syn_peer_forfeit (
              self, result->code,
              g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_BAD_REVEAL,
                           /* Translators: %s is a move such as "e2e4". */
                           _ ("The other side's revealed move (%s) does not match the move it "
                              "committed to"),
                           m->move));
          return FALSE;
        }
      if (g_str_equal (result->code, "version"))
        syn_peer_fail (
            self, result->code,
            g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_VERSION,
                         /* Translators: the numbers are versions of the network protocol. */
                         _ ("The other program speaks version %u of the Synchess network "
                            "protocol, and this one only version %d: the older program must be "
                            "updated before the two can play"),
                         m->version, SYN_PROTOCOL_VERSION));
      else
        syn_peer_fail (self, result->code,
                       g_error_new (SYN_PEER_ERROR, error_for_code (result->code),
                                    _ ("The other side broke the protocol: %s"), result->message));
      return FALSE;
    case SYN_VERDICT_ACCEPT:
    default:
      return TRUE;
    }
}

/* Messages whose effect the game decides take the new state themselves: TRUE for those. */
static gboolean
takes_next_state (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  switch (m->type)
    {
    case SYN_MESSAGE_COMMIT:
      syn_peer_handle_commit (self, next, m);
      return TRUE;
    case SYN_MESSAGE_REVEAL:
      syn_peer_handle_reveal (self, next, m);
      return TRUE;
    case SYN_MESSAGE_FLAG:
      syn_peer_handle_flag (self, next, m);
      return TRUE;
    case SYN_MESSAGE_SEALED:
      syn_peer_handle_sealed (self, next, m);
      return TRUE;
    case SYN_MESSAGE_CLAIM:
      syn_peer_handle_claim (self, next, m);
      return TRUE;
    case SYN_MESSAGE_USED:
      syn_peer_handle_used (self, next, m);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The other messages, once the new state is taken. */
static void
dispatch (SynPeer *self, const SynProtocolState *before, const SynMessage *m, gint64 now)
{
  switch (m->type)
    {
    case SYN_MESSAGE_HELLO:
      handle_hello (self, m);
      break;
    case SYN_MESSAGE_OPTIONS:
      syn_peer_handle_options (self, m);
      break;
    case SYN_MESSAGE_RESUME:
      syn_peer_handle_resume (self, m);
      break;
    case SYN_MESSAGE_ACCEPT:
      syn_peer_handle_accept (self, before, m);
      break;
    case SYN_MESSAGE_DECLINE:
      if (before->proposal == SYN_PROPOSAL_RESUME)
        {
          /* The guest does not hold that game: the game on offer is a new one. */
          g_autoptr (SynGame) declined = g_steal_pointer (&self->resume_game);
          self->resume_declined = TRUE;
          g_clear_pointer (&self->resume_log, syn_tx_audit_log_free);
          g_debug ("resume declined: %s", m->text);
          if (declined)
            syn_peer_give_up_declined (self, declined, (SynColour) before->proposal_colour);
          if (self->link && !self->link->closing)
            syn_peer_propose (self);
        }
      else
        g_signal_emit (self, syn_peer_signals[OPTIONS_DECLINED], 0, m->text);
      break;
    case SYN_MESSAGE_DRAW:
      if (m->draw == SYN_DRAW_OFFER)
        g_signal_emit (self, syn_peer_signals[DRAW_OFFERED], 0);
      else if (m->draw == SYN_DRAW_DECLINE)
        g_signal_emit (self, syn_peer_signals[DRAW_DECLINED], 0);
      else if (!syn_game_is_over (self->game))
        syn_game_agree_draw (self->game);
      break;
    case SYN_MESSAGE_RESIGN:
      if (!syn_game_is_over (self->game))
        syn_game_resign (self->game, (SynColour) (1 - self->colour));
      break;
    case SYN_MESSAGE_CHAT:
      g_signal_emit (self, syn_peer_signals[CHAT_RECEIVED], 0, m->text);
      break;
    case SYN_MESSAGE_SEED:
      syn_peer_handle_seed (self, m);
      break;
    case SYN_MESSAGE_LOCK:
      syn_peer_handle_lock (self, m);
      break;
    case SYN_MESSAGE_LOCKED:
      syn_peer_handle_locked (self, m);
      break;
    case SYN_MESSAGE_AUDIT:
      syn_peer_handle_audit (self, m);
      break;
    case SYN_MESSAGE_PING:
      {
        SynMessage pong = { .type = SYN_MESSAGE_PONG, .number = m->number };
        syn_peer_send_message (self, &pong);
      }
      break;
    case SYN_MESSAGE_PONG:
      /* A pong to a ping sent after the game's end: the other side has read everything sent
       * before it, our last reveal too, and holds the end. */
      if (self->game && syn_game_is_over (self->game) && !self->end_held
          && m->number > self->end_ping && m->number <= self->ping_number)
        syn_peer_settle_end (self, self->game);
      /* PSC-R11: the network's delay, which the other side's clock does not count. */
      if (m->number == self->ping_number && self->ping_sent_us)
        {
          gint64 round_trip = now - self->ping_sent_us;
          self->last_round_trip_us = round_trip;
          if (self->round_trip_us < 0 || round_trip < self->round_trip_us)
            self->round_trip_us = round_trip;
        }
      break;
    case SYN_MESSAGE_ERROR:
      handle_error_message (self, m);
      break;
    case SYN_MESSAGE_BYE:
      syn_peer_end_link (self, NULL);
      break;
    default:
      break;
    }
}

void
syn_peer_handle_line (SynPeer *self, const char *line, gsize length)
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

  if (flooded (self, verdict, &m, now) || !verdict_lets_through (self, verdict, &result, &m)
      || takes_next_state (self, &next, &m))
    return;
  self->proto = next;
  dispatch (self, &before, &m, now);
}
