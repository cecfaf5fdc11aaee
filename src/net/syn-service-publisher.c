/* syn-service-publisher.c: one waiting host published with DNS-SD through Avahi, published
 * again when the daemon restarts, renamed when its name is taken.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include <avahi-client/publish.h>
#include <avahi-common/alternative.h>
#include <avahi-common/error.h>
#include <avahi-common/malloc.h>
#include <string.h>

#include "syn-avahi-client.h"
#include "syn-protocol.h"
#include "syn-service-publisher.h"

/* A DNS label: a service name is at most 63 bytes. */
#define SERVICE_NAME_MAX 63

struct _SynServicePublisher
{
  GObject parent_instance;

  char *player;
  char *name; /* what is published now: the player's name, or an alternative after a clash */
  guint16 port;
  char *rules;
  gboolean fog;
  char *cert_digest;

  SynAvahiClient *avahi;
  AvahiEntryGroup *group;
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
      syn_avahi_client_set_state (self->avahi, SYN_DISCOVERY_RUNNING, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVICE_NAME]);
      break;
    case AVAHI_ENTRY_GROUP_COLLISION:
      take_alternative_name (self);
      publish (self);
      break;
    case AVAHI_ENTRY_GROUP_FAILURE:
      syn_avahi_client_fail (self->avahi,
                             avahi_client_errno (avahi_entry_group_get_client (group)));
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
  AvahiClient *client = syn_avahi_client_get_client (self->avahi);
  AvahiStringList *txt;
  int error;

  if (!self->group)
    self->group = avahi_entry_group_new (client, on_group_cb, self);
  else
    avahi_entry_group_reset (self->group);
  if (!self->group)
    {
      syn_avahi_client_fail (self->avahi, avahi_client_errno (client));
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
    syn_avahi_client_fail (self->avahi, error);
}

static void
on_dropping_cb (gpointer user_data)
{
  SynServicePublisher *self = user_data;

  /* Freeing the client frees its groups. */
  self->group = NULL;
}

static void
on_server_state_cb (gpointer user_data, AvahiClient *client, AvahiClientState state)
{
  SynServicePublisher *self = user_data;

  if (state == AVAHI_CLIENT_S_RUNNING)
    {
      publish (self);
      return;
    }
  /* The host's own name is being settled: the service waits for it. */
  if (self->group)
    avahi_entry_group_reset (self->group);
  syn_avahi_client_set_state (self->avahi, SYN_DISCOVERY_STARTING, NULL);
}

static void
on_state_changed_cb (gpointer user_data)
{
  g_object_notify_by_pspec (G_OBJECT (user_data), properties[PROP_STATE]);
}

static const SynAvahiClientFuncs avahi_funcs = {
  .server_state = on_server_state_cb,
  .dropping = on_dropping_cb,
  .state_changed = on_state_changed_cb,
};

void
syn_service_publisher_stop (SynServicePublisher *self)
{
  g_return_if_fail (SYN_IS_SERVICE_PUBLISHER (self));

  syn_avahi_client_stop (self->avahi);
}

SynDiscoveryState
syn_service_publisher_get_state (SynServicePublisher *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_PUBLISHER (self), SYN_DISCOVERY_STOPPED);
  return syn_avahi_client_get_state (self->avahi);
}

const char *
syn_service_publisher_get_service_name (SynServicePublisher *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_PUBLISHER (self), NULL);
  return syn_avahi_client_get_state (self->avahi) == SYN_DISCOVERY_RUNNING ? self->name : NULL;
}

const char *
syn_service_publisher_get_error (SynServicePublisher *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_PUBLISHER (self), NULL);
  return syn_avahi_client_get_error (self->avahi);
}

static void
syn_service_publisher_finalize (GObject *object)
{
  SynServicePublisher *self = SYN_SERVICE_PUBLISHER (object);

  g_clear_pointer (&self->avahi, syn_avahi_client_free);
  g_free (self->player);
  g_free (self->name);
  g_free (self->rules);
  g_free (self->cert_digest);
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
      g_value_set_int (value, syn_avahi_client_get_state (self->avahi));
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
  self->avahi = syn_avahi_client_new (&avahi_funcs, self);
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
  syn_avahi_client_start (self->avahi);
  return self;
}
