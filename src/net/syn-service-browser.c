/* syn-service-browser.c: the games on the local network, browsed and resolved through
 * Avahi, kept in a GListStore of SynFoundGame. A service is seen once per interface and
 * address family; the list shows each name once, preferring an IPv4 sighting.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include <avahi-client/lookup.h>
#include <avahi-common/malloc.h>
#include <net/if.h>
#include <stdlib.h>
#include <string.h>

#include "syn-avahi-client.h"
#include "syn-protocol.h"
#include "syn-service-browser.h"

struct _SynServiceBrowser
{
  GObject parent_instance;

  SynAvahiClient *avahi;
  AvahiServiceBrowser *browser;
  GSList *resolvers;     /* AvahiServiceResolver, each freed when it answers */
  GHashTable *sightings; /* "IFACE/PROTO/NAME" -> SynFoundGame */
  GListStore *games;
};

enum
{
  PROP_0,
  PROP_STATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (SynServiceBrowser, syn_service_browser, G_TYPE_OBJECT)

static char *
sighting_key (AvahiIfIndex interface, AvahiProtocol protocol, const char *name)
{
  return g_strdup_printf ("%d/%d/%s", interface, protocol, name);
}

static gboolean
find_listed (SynServiceBrowser *self, const char *service_name, guint *position)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->games));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (SynFoundGame) game = g_list_model_get_item (G_LIST_MODEL (self->games), i);
      if (g_str_equal (syn_found_game_get_service_name (game), service_name))
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
is_ipv6 (SynFoundGame *game)
{
  return strchr (syn_found_game_get_address (game), ':') != NULL;
}

/* The list shows the best sighting of the game's name, or none when none is left. */
static void
relist (SynServiceBrowser *self, const char *service_name)
{
  GHashTableIter iter;
  SynFoundGame *game, *best = NULL;
  guint position;

  g_hash_table_iter_init (&iter, self->sightings);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &game))
    if (g_str_equal (syn_found_game_get_service_name (game), service_name)
        && (!best || (is_ipv6 (best) && !is_ipv6 (game))))
      best = game;
  if (find_listed (self, service_name, &position))
    {
      g_autoptr (SynFoundGame) listed
          = g_list_model_get_item (G_LIST_MODEL (self->games), position);
      if (listed == best)
        return;
      if (best)
        g_list_store_splice (self->games, position, 1, (gpointer *) &best, 1);
      else
        g_list_store_remove (self->games, position);
    }
  else if (best)
    g_list_store_append (self->games, best);
}

/* The value of key in txt, or NULL. */
static char *
txt_value (AvahiStringList *txt, const char *key)
{
  AvahiStringList *item = avahi_string_list_find (txt, key);
  char *avahi_key = NULL, *avahi_value = NULL;
  char *value;

  if (!item || avahi_string_list_get_pair (item, &avahi_key, &avahi_value, NULL) < 0)
    return NULL;
  value = g_strdup (avahi_value);
  avahi_free (avahi_key);
  avahi_free (avahi_value);
  return value;
}

static char *
address_text (const AvahiAddress *address, AvahiIfIndex interface)
{
  char text[AVAHI_ADDRESS_STR_MAX];
  char interface_name[IF_NAMESIZE];

  avahi_address_snprint (text, sizeof text, address);
  /* A link-local IPv6 address is reachable only through the interface it was seen on. */
  if (address->proto == AVAHI_PROTO_INET6 && g_str_has_prefix (text, "fe80:")
      && if_indextoname ((unsigned) interface, interface_name))
    return g_strdup_printf ("%s%%%s", text, interface_name);
  return g_strdup (text);
}

/* A game of another protocol version, or without a digest to check its host by, is left
 * out: it could not be joined safely. */
static SynFoundGame *
game_from_txt (const char *name, const char *address, guint16 port, AvahiStringList *txt)
{
  g_autofree char *version = txt_value (txt, SYN_DISCOVERY_KEY_VERSION);
  g_autofree char *cert = txt_value (txt, SYN_DISCOVERY_KEY_CERT);
  g_autofree char *player = txt_value (txt, SYN_DISCOVERY_KEY_NAME);
  g_autofree char *rules = txt_value (txt, SYN_DISCOVERY_KEY_RULES);
  g_autofree char *fog = txt_value (txt, SYN_DISCOVERY_KEY_FOG);

  if (!version || atoi (version) != SYN_PROTOCOL_VERSION || !syn_discovery_is_digest (cert))
    return NULL;
  if (player && !g_utf8_validate (player, -1, NULL))
    g_clear_pointer (&player, g_free);
  return syn_found_game_new (name, player, rules, g_strcmp0 (fog, "yes") == 0, address, port, cert);
}

static void
on_resolved_cb (AvahiServiceResolver *resolver, AvahiIfIndex interface, AvahiProtocol protocol,
                AvahiResolverEvent event, const char *name, const char *type, const char *domain,
                const char *host_name, const AvahiAddress *address, uint16_t port,
                AvahiStringList *txt, AvahiLookupResultFlags flags, void *user_data)
{
  SynServiceBrowser *self = user_data;

  if (event == AVAHI_RESOLVER_FOUND && g_utf8_validate (name, -1, NULL))
    {
      g_autofree char *text = address_text (address, interface);
      SynFoundGame *game = game_from_txt (name, text, port, txt);

      if (game)
        {
          g_hash_table_replace (self->sightings, sighting_key (interface, protocol, name), game);
          relist (self, name);
        }
    }
  self->resolvers = g_slist_remove (self->resolvers, resolver);
  avahi_service_resolver_free (resolver);
}

static void
on_browse_cb (AvahiServiceBrowser *browser, AvahiIfIndex interface, AvahiProtocol protocol,
              AvahiBrowserEvent event, const char *name, const char *type, const char *domain,
              AvahiLookupResultFlags flags, void *user_data)
{
  SynServiceBrowser *self = user_data;
  AvahiServiceResolver *resolver;
  g_autofree char *key = NULL;

  switch (event)
    {
    case AVAHI_BROWSER_NEW:
      resolver = avahi_service_resolver_new (syn_avahi_client_get_client (self->avahi), interface,
                                             protocol, name, type, domain, AVAHI_PROTO_UNSPEC, 0,
                                             on_resolved_cb, self);
      if (resolver)
        self->resolvers = g_slist_prepend (self->resolvers, resolver);
      break;
    case AVAHI_BROWSER_REMOVE:
      key = sighting_key (interface, protocol, name);
      if (g_hash_table_remove (self->sightings, key))
        relist (self, name);
      break;
    case AVAHI_BROWSER_FAILURE:
      syn_avahi_client_fail (self->avahi,
                             avahi_client_errno (avahi_service_browser_get_client (browser)));
      break;
    default:
      break;
    }
}

static void
on_failed_cb (gpointer user_data)
{
  SynServiceBrowser *self = user_data;

  g_hash_table_remove_all (self->sightings);
  g_list_store_remove_all (self->games);
}

static void
on_dropping_cb (gpointer user_data)
{
  SynServiceBrowser *self = user_data;

  /* Freeing the client frees its browser and resolvers. */
  self->browser = NULL;
  g_clear_pointer (&self->resolvers, g_slist_free);
}

/* Whatever the host's name is doing, the games of others can be looked for. */
static void
on_server_state_cb (gpointer user_data, AvahiClient *client, AvahiClientState state)
{
  SynServiceBrowser *self = user_data;

  if (self->browser)
    return;
  self->browser
      = avahi_service_browser_new (client, AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                   SYN_DISCOVERY_SERVICE_TYPE, NULL, 0, on_browse_cb, self);
  if (self->browser)
    syn_avahi_client_set_state (self->avahi, SYN_DISCOVERY_RUNNING, NULL);
  else
    syn_avahi_client_fail (self->avahi, avahi_client_errno (client));
}

static void
on_state_changed_cb (gpointer user_data)
{
  g_object_notify_by_pspec (G_OBJECT (user_data), properties[PROP_STATE]);
}

static const SynAvahiClientFuncs avahi_funcs = {
  .server_state = on_server_state_cb,
  .failed = on_failed_cb,
  .dropping = on_dropping_cb,
  .state_changed = on_state_changed_cb,
};

GListModel *
syn_service_browser_get_games (SynServiceBrowser *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_BROWSER (self), NULL);
  return G_LIST_MODEL (self->games);
}

SynDiscoveryState
syn_service_browser_get_state (SynServiceBrowser *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_BROWSER (self), SYN_DISCOVERY_STOPPED);
  return syn_avahi_client_get_state (self->avahi);
}

const char *
syn_service_browser_get_error (SynServiceBrowser *self)
{
  g_return_val_if_fail (SYN_IS_SERVICE_BROWSER (self), NULL);
  return syn_avahi_client_get_error (self->avahi);
}

static void
syn_service_browser_finalize (GObject *object)
{
  SynServiceBrowser *self = SYN_SERVICE_BROWSER (object);

  g_clear_pointer (&self->avahi, syn_avahi_client_free);
  g_clear_pointer (&self->sightings, g_hash_table_unref);
  g_clear_object (&self->games);
  G_OBJECT_CLASS (syn_service_browser_parent_class)->finalize (object);
}

static void
syn_service_browser_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynServiceBrowser *self = SYN_SERVICE_BROWSER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, syn_avahi_client_get_state (self->avahi));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_service_browser_class_init (SynServiceBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = syn_service_browser_finalize;
  object_class->get_property = syn_service_browser_get_property;
  properties[PROP_STATE]
      = g_param_spec_int ("state", NULL, NULL, SYN_DISCOVERY_STARTING, SYN_DISCOVERY_STOPPED,
                          SYN_DISCOVERY_STARTING, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
syn_service_browser_init (SynServiceBrowser *self)
{
  self->sightings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->games = g_list_store_new (SYN_TYPE_FOUND_GAME);
  self->avahi = syn_avahi_client_new (&avahi_funcs, self);
}

SynServiceBrowser *
syn_service_browser_new (void)
{
  SynServiceBrowser *self = g_object_new (SYN_TYPE_SERVICE_BROWSER, NULL);

  syn_avahi_client_start (self->avahi);
  return self;
}
