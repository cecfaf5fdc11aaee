/* syn-ice-bridge.c: bytes between a reliable libnice component and a local socket pair.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-ice-bridge.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <sys/socket.h>
#include <unistd.h>

#define CHUNK 4096

struct _SynIceBridge
{
  NiceAgent *agent;
  guint stream_id, component;
  gulong writable_id;
  GSocket *ours;                 /* our end of the pair */
  GSocketConnection *connection; /* the other end, until given out */
  GSource *in_source;            /* ours readable: bytes for the network */
  GSource *out_source;           /* ours writable again: bytes from the network wait */
  GByteArray *to_network;        /* read from ours, not yet taken by pseudo-TCP */
  GByteArray *to_local;          /* from the network, not yet written to ours */
  gboolean closed;
};

static void watch_local (SynIceBridge *bridge);

static void
shut_down (SynIceBridge *bridge)
{
  if (bridge->closed)
    return;
  bridge->closed = TRUE;
  g_socket_shutdown (bridge->ours, FALSE, TRUE, NULL);
}

/* Network to local ----------------------------------------------------------------------- */

static gboolean on_local_writable_cb (GSocket *socket, GIOCondition condition, gpointer user_data);

static void
flush_to_local (SynIceBridge *bridge)
{
  while (bridge->to_local->len > 0 && !bridge->closed)
    {
      g_autoptr (GError) error = NULL;
      gssize n = g_socket_send (bridge->ours, (const char *) bridge->to_local->data,
                                bridge->to_local->len, NULL, &error);
      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          if (!bridge->out_source)
            {
              bridge->out_source = g_socket_create_source (bridge->ours, G_IO_OUT, NULL);
              g_source_set_callback (bridge->out_source,
                                     (GSourceFunc) (void (*) (void)) on_local_writable_cb, bridge,
                                     NULL);
              g_source_attach (bridge->out_source, g_main_context_get_thread_default ());
            }
          return;
        }
      if (n < 0)
        {
          g_debug ("ICE bridge: the local end is gone: %s", error->message);
          bridge->closed = TRUE;
          return;
        }
      g_byte_array_remove_range (bridge->to_local, 0, (guint) n);
    }
}

static gboolean
on_local_writable_cb (GSocket *socket, GIOCondition condition, gpointer user_data)
{
  SynIceBridge *bridge = user_data;

  g_clear_pointer (&bridge->out_source, g_source_unref);
  flush_to_local (bridge);
  return G_SOURCE_REMOVE;
}

static void
on_network_data_cb (NiceAgent *agent, guint stream_id, guint component, guint length, gchar *data,
                    gpointer user_data)
{
  SynIceBridge *bridge = user_data;

  /* Pseudo-TCP's window bounds what can pile up here. */
  g_byte_array_append (bridge->to_local, (const guint8 *) data, length);
  flush_to_local (bridge);
}

/* Local to network ----------------------------------------------------------------------- */

/* What pseudo-TCP takes now; the rest waits for "reliable-transport-writable". */
static void
flush_to_network (SynIceBridge *bridge)
{
  while (bridge->to_network->len > 0)
    {
      gint sent
          = nice_agent_send (bridge->agent, bridge->stream_id, bridge->component,
                             bridge->to_network->len, (const gchar *) bridge->to_network->data);
      if (sent <= 0)
        return;
      g_byte_array_remove_range (bridge->to_network, 0, (guint) sent);
    }
  watch_local (bridge);
}

static gboolean
on_local_readable_cb (GSocket *socket, GIOCondition condition, gpointer user_data)
{
  SynIceBridge *bridge = user_data;
  guint8 buffer[CHUNK];
  g_autoptr (GError) error = NULL;
  gssize n = g_socket_receive (socket, (char *) buffer, sizeof buffer, NULL, &error);

  if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&bridge->in_source, g_source_unref);
  if (n <= 0)
    {
      /* SynPeer closed its end: nothing more goes out. */
      shut_down (bridge);
      return G_SOURCE_REMOVE;
    }
  g_byte_array_append (bridge->to_network, buffer, (guint) n);
  flush_to_network (bridge);
  return G_SOURCE_REMOVE;
}

/* Reads the local end again once what it gave went out. */
static void
watch_local (SynIceBridge *bridge)
{
  if (bridge->in_source || bridge->closed || bridge->to_network->len > 0)
    return;
  bridge->in_source = g_socket_create_source (bridge->ours, G_IO_IN | G_IO_HUP, NULL);
  g_source_set_callback (bridge->in_source, (GSourceFunc) (void (*) (void)) on_local_readable_cb,
                         bridge, NULL);
  g_source_attach (bridge->in_source, g_main_context_get_thread_default ());
}

static void
on_writable_cb (NiceAgent *agent, guint stream_id, guint component, SynIceBridge *bridge)
{
  if (stream_id == bridge->stream_id && component == bridge->component)
    flush_to_network (bridge);
}

/* The bridge ------------------------------------------------------------------------------ */

SynIceBridge *
syn_ice_bridge_new (NiceAgent *agent, guint stream_id, guint component, GError **error)
{
  int fds[2];
  g_autoptr (GSocket) theirs = NULL;
  SynIceBridge *bridge;

  if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _ ("Could not make a local connection: %s"), g_strerror (saved));
      return NULL;
    }
  bridge = g_new0 (SynIceBridge, 1);
  bridge->agent = g_object_ref (agent);
  bridge->stream_id = stream_id;
  bridge->component = component;
  bridge->to_network = g_byte_array_new ();
  bridge->to_local = g_byte_array_new ();
  bridge->ours = g_socket_new_from_fd (fds[0], NULL);
  theirs = g_socket_new_from_fd (fds[1], NULL);
  if (!bridge->ours || !theirs)
    {
      if (!bridge->ours)
        close (fds[0]);
      if (!theirs)
        close (fds[1]);
      syn_ice_bridge_free (bridge);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _ ("Could not make a local connection"));
      return NULL;
    }
  g_socket_set_blocking (bridge->ours, FALSE);
  bridge->connection = g_socket_connection_factory_create_connection (theirs);
  bridge->writable_id = g_signal_connect (agent, "reliable-transport-writable",
                                          G_CALLBACK (on_writable_cb), bridge);
  nice_agent_attach_recv (agent, stream_id, component, g_main_context_get_thread_default (),
                          on_network_data_cb, bridge);
  watch_local (bridge);
  return bridge;
}

GSocketConnection *
syn_ice_bridge_take_connection (SynIceBridge *bridge)
{
  return g_steal_pointer (&bridge->connection);
}

void
syn_ice_bridge_shut_down (SynIceBridge *bridge)
{
  shut_down (bridge);
}

void
syn_ice_bridge_free (SynIceBridge *bridge)
{
  if (bridge->in_source)
    g_source_destroy (bridge->in_source);
  g_clear_pointer (&bridge->in_source, g_source_unref);
  if (bridge->out_source)
    g_source_destroy (bridge->out_source);
  g_clear_pointer (&bridge->out_source, g_source_unref);
  if (bridge->writable_id)
    g_signal_handler_disconnect (bridge->agent, bridge->writable_id);
  nice_agent_attach_recv (bridge->agent, bridge->stream_id, bridge->component, NULL, NULL, NULL);
  g_clear_object (&bridge->connection);
  g_clear_object (&bridge->ours);
  g_clear_object (&bridge->agent);
  g_byte_array_unref (bridge->to_network);
  g_byte_array_unref (bridge->to_local);
  g_free (bridge);
}
