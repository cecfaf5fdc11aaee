/* syn-avahi-client.c: the Avahi client of the publisher and the browser, made again when
 * the daemon restarts (AVAHI_CLIENT_NO_FAIL) and looked for again without a system bus.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include <avahi-common/error.h>
#include <avahi-glib/glib-watch.h>

#include "syn-avahi-client.h"

/* How often a program without a system bus looks for one again. */
#define RETRY_SECONDS 5

struct _SynAvahiClient
{
  const SynAvahiClientFuncs *funcs;
  gpointer owner;

  AvahiGLibPoll *poll;
  AvahiClient *client;
  guint retry_id;
  SynDiscoveryState state;
  char *error;
  gboolean stopped;
};

void
syn_avahi_client_set_state (SynAvahiClient *self, SynDiscoveryState state, const char *error)
{
  g_free (self->error);
  self->error = g_strdup (error);
  if (self->state == state)
    return;
  self->state = state;
  self->funcs->state_changed (self->owner);
}

void
syn_avahi_client_fail (SynAvahiClient *self, int error)
{
  syn_avahi_client_set_state (self, SYN_DISCOVERY_FAILED, avahi_strerror (error));
}

static void
drop_client (SynAvahiClient *self)
{
  self->funcs->dropping (self->owner);
  g_clear_pointer (&self->client, avahi_client_free);
}

static gboolean
on_retry_cb (gpointer user_data)
{
  SynAvahiClient *self = user_data;

  self->retry_id = 0;
  syn_avahi_client_start (self);
  return G_SOURCE_REMOVE;
}

static void
on_client_cb (AvahiClient *client, AvahiClientState state, void *user_data)
{
  SynAvahiClient *self = user_data;

  /* Called from avahi_client_new() too, before self->client is set. */
  self->client = client;
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
    case AVAHI_CLIENT_S_REGISTERING:
    case AVAHI_CLIENT_S_COLLISION:
      self->funcs->server_state (self->owner, client, state);
      break;
    case AVAHI_CLIENT_CONNECTING:
      syn_avahi_client_set_state (self, SYN_DISCOVERY_NO_DAEMON, NULL);
      break;
    case AVAHI_CLIENT_FAILURE:
      if (self->funcs->failed)
        self->funcs->failed (self->owner);
      if (avahi_client_errno (client) == AVAHI_ERR_DISCONNECTED)
        {
          /* The daemon went away: a new client waits for it to come back. */
          drop_client (self);
          syn_avahi_client_set_state (self, SYN_DISCOVERY_NO_DAEMON, NULL);
          self->retry_id = g_idle_add (on_retry_cb, self);
        }
      else
        syn_avahi_client_fail (self, avahi_client_errno (client));
      break;
    default:
      break;
    }
}

void
syn_avahi_client_start (SynAvahiClient *self)
{
  int error = AVAHI_OK;

  if (self->stopped)
    return;
  self->client = avahi_client_new (avahi_glib_poll_get (self->poll), AVAHI_CLIENT_NO_FAIL,
                                   on_client_cb, self, &error);
  if (self->client)
    return;
  /* No system bus at all: looked for again now and then, quietly. */
  syn_avahi_client_set_state (self, SYN_DISCOVERY_NO_DAEMON, NULL);
  self->retry_id = g_timeout_add_seconds (RETRY_SECONDS, on_retry_cb, self);
}

void
syn_avahi_client_stop (SynAvahiClient *self)
{
  self->stopped = TRUE;
  g_clear_handle_id (&self->retry_id, g_source_remove);
  drop_client (self);
  syn_avahi_client_set_state (self, SYN_DISCOVERY_STOPPED, NULL);
}

AvahiClient *
syn_avahi_client_get_client (SynAvahiClient *self)
{
  return self->client;
}

SynDiscoveryState
syn_avahi_client_get_state (SynAvahiClient *self)
{
  return self->state;
}

const char *
syn_avahi_client_get_error (SynAvahiClient *self)
{
  return self->error;
}

SynAvahiClient *
syn_avahi_client_new (const SynAvahiClientFuncs *funcs, gpointer owner)
{
  SynAvahiClient *self = g_new0 (SynAvahiClient, 1);

  self->funcs = funcs;
  self->owner = owner;
  self->state = SYN_DISCOVERY_STARTING;
  self->poll = avahi_glib_poll_new (g_main_context_get_thread_default (), G_PRIORITY_DEFAULT);
  return self;
}

void
syn_avahi_client_free (SynAvahiClient *self)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  drop_client (self);
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
  g_free (self->error);
  g_free (self);
}
