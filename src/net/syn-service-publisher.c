/* syn-service-publisher.c: one waiting host published with DNS-SD through Avahi, published
 * again when the daemon restarts, renamed when its name is taken.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include <avahi-client/client.h>
#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <avahi-glib/glib-watch.h>
#include <string.h>

#include "syn-protocol.h"
#include "syn-service-publisher.h"

/* A DNS label: a service name is at most 63 bytes. */
#define SERVICE_NAME_MAX 63
/* How often a program without a system bus looks for one again. */
#define RETRY_SECONDS 5

struct _SynServicePublisher
{
  GObject parent_instance;

  char *player;
  char *name; /* what is published now: the player's name, or an alternative after a clash */
  guint16 port;
  char *rules;
  gboolean fog;
  char *cert_digest;

  AvahiGLibPoll *poll;
  AvahiClient *client;
  AvahiEntryGroup *group;
  guint retry_id;
  SynDiscoveryState state;
  char *error;
  gboolean stopped;
};

enum
{
  PROP_0,
  PROP_STATE,
  PROP_SERVICE_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (SynServicePublisher, syn_service_publisher, G_TYPE_OBJECT)

static void start_client (SynServicePublisher *self);

static void
set_state (SynServicePublisher *self, SynDiscoveryState state, const char *error)
{
  g_free (self->error);
  self->error = g_strdup (error);
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* text cut to max bytes at a character's end; fallback for no text. */
static char *
cut_name (const char *text, gsize max, const char *fallback)
{
  const char *end;

  if (!text || !*text || !g_utf8_validate (text, -1, NULL))
    return g_strdup (fallback);
  if (strlen (text) <= max)
    return g_strdup (text);
  end = g_utf8_find_prev_char (text, text + max + 1);
  return g_strndup (text, end - text);
}

static AvahiStringList *
make_txt (SynServicePublisher *self)
{
  g_autofree char *version = g_strdup_printf ("%d", SYN_PROTOCOL_VERSION);
  AvahiStringList *txt = NULL;

  txt = avahi_string_list_add_pair (txt, SYN_DISCOVERY_KEY_CERT, self->cert_digest);
  txt = avahi_string_list_add_pair (txt, SYN_DISCOVERY_KEY_FOG, self->fog ? "yes" : "no");
  txt = avahi_string_list_add_pair (txt, SYN_DISCOVERY_KEY_RULES, self->rules);
  txt = avahi_string_list_add_pair (txt, SYN_DISCOVERY_KEY_NAME, self->player);
  return avahi_string_list_add_pair (txt, SYN_DISCOVERY_KEY_VERSION, version);
}

static void
fail (SynServicePublisher *self, int error)
{
  set_state (self, SYN_DISCOVERY_FAILED, avahi_strerror (error));
}

/* Another service on the network has the name: the next of "Ann", "Ann #2", "Ann #3"... */
static void
take_alternative_name (SynServicePublisher *self)
{
  char *alternative = avahi_alternative_service_name (self->name);

  g_free (self->name);
  self->name = g_strdup (alternative);
  avahi_free (alternative);
}

static void publish (SynServicePublisher *self);

static void
on_group_cb (AvahiEntryGroup *group, AvahiEntryGroupState state, void *user_data)
{
  SynServicePublisher *self = user_data;

  switch (state)
    {
    case AVAHI_ENTRY_GROUP_ESTABLISHED:
      set_state (self, SYN_DISCOVERY_RUNNING, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVICE_NAME]);
      break;
    case AVAHI_ENTRY_GROUP_COLLISION:
      take_alternative_name (self);
      publish (self);
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      fail (self, avahi_client_errno (avahi_entry_group_get_client (group)));
      break;
    case AVAHI_ENTRY_GROUP_UNCOMMITED:
    case AVAHI_ENTRY_GROUP_REGISTERING:
    default:
      break;
    }
}

static void
publish (SynServicePublisher *self)
{
  AvahiStringList *txt;
  int error;

  if (!self->group)
    self->group = avahi_entry_group_new (self->client, on_group_cb, self);
  else
    avahi_entry_group_reset (self->group);
  if (!self->group)
    {
      fail (self, avahi_client_errno (self->client));
      return;
    }
  txt = make_txt (self);
  for (;;)
    {
      error = avahi_entry_group_add_service_strlst (
          self->group, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0, self->name,
          SYN_DISCOVERY_SERVICE_TYPE, NULL, NULL, self->port, txt);
      if (error != AVAHI_ERR_COLLISION)
        break;
      take_alternative_name (self);
    }
  avahi_string_list_free (txt);
  if (error == AVAHI_OK)
    error = avahi_entry_group_commit (self->group);
  if (error != AVAHI_OK)
    fail (self, error);
}

static gboolean
on_retry_cb (gpointer user_data)
{
  SynServicePublisher *self = user_data;

  self->retry_id = 0;
  start_client (self);
  return G_SOURCE_REMOVE;
}

static void
drop_client (SynServicePublisher *self)
{
  /* Freeing the client frees its groups. */
  self->group = NULL;
  g_clear_pointer (&self->client, avahi_client_free);
}

static void
on_client_cb (AvahiClient *client, AvahiClientState state, void *user_data)
{
  SynServicePublisher *self = user_data;

  /* Called from avahi_client_new() too, before self->client is set. */
  self->client = client;
  switch (state)
    {
    case AVAHI_CLIENT_S_RUNNING:
      publish (self);
      break;
    case AVAHI_CLIENT_S_COLLISION:
    case AVAHI_CLIENT_S_REGISTERING:
      /* The host's own name is being settled: the service waits for it. */
      if (self->group)
        avahi_entry_group_reset (self->group);
      set_state (self, SYN_DISCOVERY_STARTING, NULL);
      break;
    case AVAHI_CLIENT_CONNECTING:
      set_state (self, SYN_DISCOVERY_NO_DAEMON, NULL);
      break;
    case AVAHI_CLIENT_FAILURE:
      if (avahi_client_errno (client) == AVAHI_ERR_DISCONNECTED)
        {
          /* The daemon went away: a new client waits for it to come back. */
          drop_client (self);
          set_state (self, SYN_DISCOVERY_NO_DAEMON, NULL);
          self->retry_id = g_idle_add (on_retry_cb, self);
        }
      else
        fail (self, avahi_client_errno (client));
      break;
    default:
      break;
    }
}

static void
start_client (SynServicePublisher *self)
{
  int error = AVAHI_OK;

  if (self->stopped)
    return;
  self->client = avahi_client_new (avahi_glib_poll_get (self->poll), AVAHI_CLIENT_NO_FAIL,
                                   on_client_cb, self, &error);
  if (self->client)
    return;
  /* No system bus at all: looked for again now and then, quietly. */
  set_state (self, SYN_DISCOVERY_NO_DAEMON, NULL);
  self->retry_id = g_timeout_add_seconds (RETRY_SECONDS, on_retry_cb, self);
}

void
syn_service_publisher_stop (SynServicePublisher *self)
{
  g_return_if_fail (SYN_IS_SERVICE_PUBLISHER (self));

  self->stopped = TRUE;
  g_clear_handle_id (&self->retry_id, g_source_remove);
  drop_client (self);
  set_state (self, SYN_DISCOVERY_STOPPED, NULL);
}

SynDiscoveryState
syn_service_publisher_get_state (SynServicePublisher *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_PUBLISHER (self), SYN_DISCOVERY_STOPPED);
  return self->state;
}

const char *
syn_service_publisher_get_service_name (SynServicePublisher *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_PUBLISHER (self), NULL);
  return self->state == SYN_DISCOVERY_RUNNING ? self->name : NULL;
}

const char *
syn_service_publisher_get_error (SynServicePublisher *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_PUBLISHER (self), NULL);
  return self->error;
}

static void
syn_service_publisher_finalize (GObject *object)
{
  SynServicePublisher *self = SYN_SERVICE_PUBLISHER (object);

  g_clear_handle_id (&self->retry_id, g_source_remove);
  drop_client (self);
  g_clear_pointer (&self->poll, avahi_glib_poll_free);
  g_free (self->player);
  g_free (self->name);
  g_free (self->rules);
  g_free (self->cert_digest);
  g_free (self->error);
  G_OBJECT_CLASS (syn_service_publisher_parent_class)->finalize (object);
}

static void
syn_service_publisher_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  SynServicePublisher *self = SYN_SERVICE_PUBLISHER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_SERVICE_NAME:
      g_value_set_string (value, syn_service_publisher_get_service_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_service_publisher_class_init (SynServicePublisherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = syn_service_publisher_finalize;
  object_class->get_property = syn_service_publisher_get_property;
  properties[PROP_STATE]
      = g_param_spec_int ("state", NULL, NULL, SYN_DISCOVERY_STARTING, SYN_DISCOVERY_STOPPED,
                          SYN_DISCOVERY_STARTING, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SERVICE_NAME] = g_param_spec_string ("service-name", NULL, NULL, NULL,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
syn_service_publisher_init (SynServicePublisher *self)
{
}

SynServicePublisher *
syn_service_publisher_new (const SynServiceInfo *info)
{
  SynServicePublisher *self = g_object_new (SYN_TYPE_SERVICE_PUBLISHER, NULL);

  g_return_val_if_fail (info != NULL && syn_discovery_is_digest (info->cert_digest), self);
  /* The TXT name is the one hello sends; the service's name must be a DNS label. */
  self->player = cut_name (info->name, SYN_PROTOCOL_NAME_MAX, "");
  self->name = cut_name (info->name, SERVICE_NAME_MAX, "Synchess");
  self->port = info->port;
  self->rules = g_strdup (info->rules ? info->rules : "psc");
  self->fog = info->fog;
  self->cert_digest = g_strdup (info->cert_digest);
  self->poll = avahi_glib_poll_new (g_main_context_get_thread_default (), G_PRIORITY_DEFAULT);
  start_client (self);
  return self;
}
