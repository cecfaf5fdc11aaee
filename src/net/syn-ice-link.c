/* syn-ice-link.c: an ICE connection made with libnice in reliable mode (pseudo-TCP over the
 * UDP pair ICE selects), for players behind NATs who cannot host.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-ice-link.h"

#include "syn-ice-bridge.h"

#include <glib/gi18n.h>
#include <nice/agent.h>
#include <string.h>

/* ICE gives up on its own when every pair failed; this bounds a check that never ends. */
#define CONNECT_TIMEOUT_MS 30000
/* The invited side waits for the inviter to paste the answer, however long that takes (up to
 * this). Its checks fail meanwhile, and the inviter, once it starts, checks only the
 * candidates of the answer for a few seconds: so until a pair works, the invited side checks
 * again every REARM_PERIOD_MS on a fresh agent with the same credentials, whose checks the
 * inviter takes as coming from peer-reflexive candidates. */
#define ANSWER_WAIT_MS (15 * 60 * 1000)
#define REARM_PERIOD_MS 4000
#define COMPONENT 1

typedef struct
{
  char *host;
  guint16 port;
  char *user, *password; /* TURN only */
  char *address;         /* host resolved */
} Server;

struct _SynIceLink
{
  GObject parent_instance;

  NiceAgent *agent;
  guint stream_id;
  SynIceBridge *bridge;
  gboolean controlling;
  gboolean upnp;
  GPtrArray *local_addresses; /* char *, or empty: every interface */
  Server stun, turn;
  GTask *gather_task;
  GTask *connect_task;
  guint timeout_id;
  guint rearm_id;
  SynIceOffer remote;            /* the other side's, while connecting */
  char *local_ufrag, *local_pwd; /* ours as offered: kept by a fresh agent */
  char *warning;                 /* what gathering went without, for the player */
};

G_DEFINE_FINAL_TYPE (SynIceLink, syn_ice_link, G_TYPE_OBJECT)

static void
server_clear (Server *server)
{
  g_clear_pointer (&server->host, g_free);
  g_clear_pointer (&server->user, g_free);
  g_clear_pointer (&server->password, g_free);
  g_clear_pointer (&server->address, g_free);
}

static void
fail_task (GTask **task, GError *error)
{
  GTask *owned = g_steal_pointer (task);

  if (owned)
    {
      g_task_return_error (owned, error);
      g_object_unref (owned);
    }
  else
    g_error_free (error);
}

static void
drop_agent (SynIceLink *self)
{
  g_clear_pointer (&self->bridge, syn_ice_bridge_free);
  if (self->agent)
    {
      g_signal_handlers_disconnect_by_data (self->agent, self);
      nice_agent_close_async (self->agent, NULL, NULL);
      g_clear_object (&self->agent);
    }
}

static void
syn_ice_link_dispose (GObject *object)
{
  SynIceLink *self = SYN_ICE_LINK (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->rearm_id, g_source_remove);
  fail_task (&self->gather_task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                      _ ("The connection was abandoned")));
  fail_task (&self->connect_task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                       _ ("The connection was abandoned")));
  drop_agent (self);
  G_OBJECT_CLASS (syn_ice_link_parent_class)->dispose (object);
}

static void
syn_ice_link_finalize (GObject *object)
{
  SynIceLink *self = SYN_ICE_LINK (object);

  server_clear (&self->stun);
  server_clear (&self->turn);
  g_clear_pointer (&self->local_addresses, g_ptr_array_unref);
  g_clear_pointer (&self->local_ufrag, g_free);
  g_clear_pointer (&self->local_pwd, g_free);
  g_clear_pointer (&self->warning, g_free);
  G_OBJECT_CLASS (syn_ice_link_parent_class)->finalize (object);
}

static void
syn_ice_link_class_init (SynIceLinkClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = syn_ice_link_dispose;
  G_OBJECT_CLASS (klass)->finalize = syn_ice_link_finalize;
}

static void
syn_ice_link_init (SynIceLink *self)
{
  self->upnp = TRUE;
  self->local_addresses = g_ptr_array_new_with_free_func (g_free);
}

SynIceLink *
syn_ice_link_new (gboolean controlling)
{
  SynIceLink *self = g_object_new (SYN_TYPE_ICE_LINK, NULL);

  self->controlling = controlling;
  return self;
}

void
syn_ice_link_set_stun_server (SynIceLink *self, const char *host, guint16 port)
{
  server_clear (&self->stun);
  self->stun.host = g_strdup (host);
  self->stun.port = port;
}

void
syn_ice_link_set_turn_server (SynIceLink *self, const char *host, guint16 port, const char *user,
                              const char *password)
{
  server_clear (&self->turn);
  self->turn.host = g_strdup (host);
  self->turn.port = port;
  self->turn.user = g_strdup (user);
  self->turn.password = g_strdup (password);
}

void
syn_ice_link_set_upnp (SynIceLink *self, gboolean upnp)
{
  self->upnp = upnp;
}

void
syn_ice_link_add_local_address (SynIceLink *self, const char *address)
{
  g_ptr_array_add (self->local_addresses, g_strdup (address));
}

/* Server texts ------------------------------------------------------------------------------ */

static gboolean
bad_server (GError **error, const char *text)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _ ("“%.80s” is not a server like HOST, HOST:PORT or [IPv6]:PORT"), text);
  return FALSE;
}

gboolean
syn_ice_parse_server (const char *text, gboolean with_user, char **host, guint16 *port, char **user,
                      char **password, GError **error)
{
  const char *at = with_user ? strrchr (text, '@') : NULL;
  const char *where = at ? at + 1 : text;
  const char *colon;
  g_autofree char *name = NULL;
  guint64 number = SYN_ICE_DEFAULT_STUN_PORT;

  if (with_user)
    {
      const char *split = at ? memchr (text, ':', (gsize) (at - text)) : NULL;
      if (!split)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _ ("“%.80s” is not a TURN server like USER:PASSWORD@HOST[:PORT]"), text);
          return FALSE;
        }
      *user = g_strndup (text, (gsize) (split - text));
      *password = g_strndup (split + 1, (gsize) (at - split - 1));
    }
  if (where[0] == '[')
    {
      const char *close = strchr (where, ']');
      if (!close)
        return bad_server (error, text);
      name = g_strndup (where + 1, (gsize) (close - where - 1));
      colon = close[1] == ':' ? close + 1 : NULL;
      if (close[1] != '\0' && !colon)
        return bad_server (error, text);
    }
  else
    {
      colon = strrchr (where, ':');
      if (colon && strchr (where, ':') != colon)
        colon = NULL; /* a bare IPv6 address */
      name = colon ? g_strndup (where, (gsize) (colon - where)) : g_strdup (where);
    }
  if (name[0] == '\0'
      || (colon && !g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &number, NULL)))
    return bad_server (error, text);
  *host = g_steal_pointer (&name);
  *port = (guint16) number;
  return TRUE;
}

/* Gathering --------------------------------------------------------------------------------- */

static SynIceCandidateType
type_from_nice (NiceCandidateType type)
{
  switch (type)
    {
    case NICE_CANDIDATE_TYPE_SERVER_REFLEXIVE:
      return SYN_ICE_SERVER_REFLEXIVE;
    case NICE_CANDIDATE_TYPE_PEER_REFLEXIVE:
      return SYN_ICE_PEER_REFLEXIVE;
    case NICE_CANDIDATE_TYPE_RELAYED:
      return SYN_ICE_RELAYED;
    case NICE_CANDIDATE_TYPE_HOST:
    default:
      return SYN_ICE_HOST;
    }
}

static NiceCandidateType
type_to_nice (SynIceCandidateType type)
{
  static const NiceCandidateType types[] = {
    [SYN_ICE_HOST] = NICE_CANDIDATE_TYPE_HOST,
    [SYN_ICE_SERVER_REFLEXIVE] = NICE_CANDIDATE_TYPE_SERVER_REFLEXIVE,
    [SYN_ICE_PEER_REFLEXIVE] = NICE_CANDIDATE_TYPE_PEER_REFLEXIVE,
    [SYN_ICE_RELAYED] = NICE_CANDIDATE_TYPE_RELAYED,
  };

  return types[type];
}

static gint
by_priority (gconstpointer a, gconstpointer b)
{
  guint32 pa = ((const NiceCandidate *) a)->priority, pb = ((const NiceCandidate *) b)->priority;

  return pa > pb ? -1 : pa < pb;
}

/* Our offer: the UDP candidates, the best first, as many as an invite carries. Link-local
 * IPv6 addresses lead nowhere beyond the link and are left out. */
static void
read_offer (SynIceLink *self, SynIceOffer *offer)
{
  g_autofree char *ufrag = NULL;
  g_autofree char *pwd = NULL;
  GSList *candidates = nice_agent_get_local_candidates (self->agent, self->stream_id, COMPONENT);

  memset (offer, 0, sizeof *offer);
  nice_agent_get_local_credentials (self->agent, self->stream_id, &ufrag, &pwd);
  g_strlcpy (offer->ufrag, ufrag, sizeof offer->ufrag);
  g_strlcpy (offer->pwd, pwd, sizeof offer->pwd);
  g_free (self->local_ufrag);
  self->local_ufrag = g_strdup (ufrag);
  g_free (self->local_pwd);
  self->local_pwd = g_strdup (pwd);
  candidates = g_slist_sort (candidates, by_priority);
  for (GSList *l = candidates; l && offer->n_candidates < SYN_INVITE_MAX_CANDIDATES; l = l->next)
    {
      NiceCandidate *nc = l->data;
      SynIceCandidate *c = &offer->candidates[offer->n_candidates];
      char address[NICE_ADDRESS_STRING_LEN];
      g_autoptr (GInetAddress) inet = NULL;

      nice_address_to_string (&nc->addr, address);
      inet = g_inet_address_new_from_string (address);
      if (nc->transport != NICE_CANDIDATE_TRANSPORT_UDP || !inet
          || g_inet_address_get_is_link_local (inet))
        continue;
      c->type = type_from_nice (nc->type);
      g_strlcpy (c->foundation, nc->foundation, sizeof c->foundation);
      c->priority = nc->priority;
      g_strlcpy (c->address, address, sizeof c->address);
      c->port = (guint16) nice_address_get_port (&nc->addr);
      offer->n_candidates++;
    }
  g_slist_free_full (candidates, (GDestroyNotify) nice_candidate_free);
}

static gboolean start_checks (SynIceLink *self, GError **error);

static void
on_gathering_done_cb (NiceAgent *agent, guint stream_id, SynIceLink *self)
{
  GTask *task = g_steal_pointer (&self->gather_task);
  SynIceOffer *offer;
  g_autoptr (GError) error = NULL;

  if (!task)
    {
      /* A fresh agent while connecting: its checks start. */
      if (self->connect_task && !start_checks (self, &error))
        fail_task (&self->connect_task, g_steal_pointer (&error));
      return;
    }
  offer = g_new0 (SynIceOffer, 1);
  read_offer (self, offer);
  if (offer->n_candidates == 0)
    {
      g_free (offer);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE, "%s",
                               _ ("This computer has no network address to play from"));
    }
  else
    g_task_return_pointer (task, offer, g_free);
  g_object_unref (task);
}

static void on_state_changed_cb (NiceAgent *agent, guint stream_id, guint component, guint state,
                                 SynIceLink *self);
static void on_writable_cb (NiceAgent *agent, guint stream_id, guint component, SynIceLink *self);

static gboolean
make_agent (SynIceLink *self, GError **error)
{
  self->agent = nice_agent_new_full (g_main_context_get_thread_default (),
                                     NICE_COMPATIBILITY_RFC5245, NICE_AGENT_OPTION_RELIABLE);
  /* Candidates go in an invite as UDP only: no ICE-TCP. */
  g_object_set (self->agent, "controlling-mode", self->controlling, "upnp", self->upnp, "ice-tcp",
                FALSE, NULL);
  if (self->stun.address)
    g_object_set (self->agent, "stun-server", self->stun.address, "stun-server-port",
                  (guint) self->stun.port, NULL);
  for (guint i = 0; i < self->local_addresses->len; i++)
    {
      NiceAddress address;
      if (nice_address_set_from_string (&address, g_ptr_array_index (self->local_addresses, i)))
        nice_agent_add_local_address (self->agent, &address);
    }
  g_signal_connect (self->agent, "candidate-gathering-done", G_CALLBACK (on_gathering_done_cb),
                    self);
  g_signal_connect (self->agent, "component-state-changed", G_CALLBACK (on_state_changed_cb), self);
  g_signal_connect (self->agent, "reliable-transport-writable", G_CALLBACK (on_writable_cb), self);
  self->stream_id = nice_agent_add_stream (self->agent, 1);
  if (self->stream_id != 0 && self->local_ufrag)
    nice_agent_set_local_credentials (self->agent, self->stream_id, self->local_ufrag,
                                      self->local_pwd);
  if (self->stream_id != 0
      && !(self->bridge = syn_ice_bridge_new (self->agent, self->stream_id, COMPONENT, error)))
    return FALSE;
  if (self->turn.address)
    nice_agent_set_relay_info (self->agent, self->stream_id, COMPONENT, self->turn.address,
                               self->turn.port, self->turn.user, self->turn.password,
                               NICE_RELAY_TYPE_TURN_UDP);
  if (self->stream_id == 0 || !nice_agent_gather_candidates (self->agent, self->stream_id))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _ ("Could not look for this computer's network addresses"));
      return FALSE;
    }
  return TRUE;
}

static void resolve_next (SynIceLink *self);

static void
on_resolved_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynIceLink) self = user_data;
  g_autoptr (GError) error = NULL;
  GList *addresses = g_resolver_lookup_by_name_finish (G_RESOLVER (source), result, &error);
  Server *server = self->stun.host && !self->stun.address ? &self->stun : &self->turn;

  if (!self->gather_task)
    {
      g_resolver_free_addresses (addresses);
      return;
    }
  if (!addresses && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      fail_task (&self->gather_task, g_steal_pointer (&error));
      return;
    }
  if (!addresses)
    {
      /* A server that cannot be found (no DNS, a typo, offline) is gone without: this
       * computer's own addresses still reach a player on the same network, or one whose
       * router lets them through. */
      g_autofree char *warning = g_strdup_printf (_ ("The server “%s” could not be found (%s): "
                                                     "the invitation goes without it"),
                                                  server->host, error->message);
      /* Both servers may be missing: the player hears of each. */
      char *both = self->warning ? g_strjoin ("\n", self->warning, warning, NULL) : NULL;

      g_free (self->warning);
      self->warning = both ? both : g_steal_pointer (&warning);
      g_clear_pointer (&server->host, g_free);
      resolve_next (self);
      return;
    }
  server->address = g_inet_address_to_string (addresses->data);
  g_resolver_free_addresses (addresses);
  resolve_next (self);
}

/* libnice takes servers by address: names are looked up first, one after the other. */
static void
resolve_next (SynIceLink *self)
{
  Server *servers[] = { &self->stun, &self->turn };
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (servers); i++)
    {
      Server *server = servers[i];
      if (!server->host || server->address)
        continue;
      if (g_hostname_is_ip_address (server->host))
        {
          server->address = g_strdup (server->host);
          continue;
        }
      g_resolver_lookup_by_name_with_flags_async (
          g_resolver_get_default (), server->host, G_RESOLVER_NAME_LOOKUP_FLAGS_IPV4_ONLY,
          g_task_get_cancellable (self->gather_task), on_resolved_cb, g_object_ref (self));
      return;
    }
  if (!make_agent (self, &error))
    fail_task (&self->gather_task, g_steal_pointer (&error));
}

void
syn_ice_link_gather_async (SynIceLink *self, GCancellable *cancellable,
                           GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, syn_ice_link_gather_async);
  if (self->agent || self->gather_task)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, "%s",
                               _ ("The addresses are already being gathered"));
      return;
    }
  self->gather_task = g_steal_pointer (&task);
  resolve_next (self);
}

gboolean
syn_ice_link_gather_finish (SynIceLink *self, GAsyncResult *result, SynIceOffer *offer,
                            GError **error)
{
  g_autofree SynIceOffer *gathered = g_task_propagate_pointer (G_TASK (result), error);

  if (!gathered)
    return FALSE;
  *offer = *gathered;
  return TRUE;
}

/* Connecting -------------------------------------------------------------------------------- */

/* Pseudo-TCP is up on the first pair chosen (it stays if ICE later chooses another). */
static void
on_writable_cb (NiceAgent *agent, guint stream_id, guint component, SynIceLink *self)
{
  GTask *task;
  GSocketConnection *connection;

  if (stream_id != self->stream_id || !self->connect_task)
    return;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->rearm_id, g_source_remove);
  task = g_steal_pointer (&self->connect_task);
  connection = syn_ice_bridge_take_connection (self->bridge);
  /* The connection leads somewhere only while the agent lives: it holds the link. */
  g_object_set_data_full (G_OBJECT (connection), "syn-ice-link", g_object_ref (self),
                          g_object_unref);
  g_task_return_pointer (task, connection, g_object_unref);
  g_object_unref (task);
}

/* The invited side, no pair working yet: a fresh agent checks again (see REARM_PERIOD_MS). */
static gboolean
on_rearm_cb (gpointer user_data)
{
  SynIceLink *self = user_data;
  g_autoptr (GError) error = NULL;
  NiceComponentState state;

  if (!self->connect_task)
    {
      self->rearm_id = 0;
      return G_SOURCE_REMOVE;
    }
  state = self->agent && !self->gather_task
              ? nice_agent_get_component_state (self->agent, self->stream_id, COMPONENT)
              : NICE_COMPONENT_STATE_GATHERING;
  if (state == NICE_COMPONENT_STATE_CONNECTED || state == NICE_COMPONENT_STATE_READY
      || state == NICE_COMPONENT_STATE_GATHERING)
    return G_SOURCE_CONTINUE;
  g_debug ("no ICE pair works yet: checking again on a fresh agent");
  drop_agent (self);
  if (!make_agent (self, &error))
    {
      self->rearm_id = 0;
      fail_task (&self->connect_task, g_steal_pointer (&error));
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_state_changed_cb (NiceAgent *agent, guint stream_id, guint component, guint state,
                     SynIceLink *self)
{
  if (stream_id != self->stream_id || state != NICE_COMPONENT_STATE_FAILED)
    return;
  if (self->connect_task && !self->controlling)
    return; /* on_rearm_cb checks again */
  /* A connection in use ends: SynPeer reads its end. */
  if (!self->connect_task)
    {
      syn_ice_bridge_shut_down (self->bridge);
      return;
    }
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  fail_task (&self->connect_task,
             g_error_new_literal (G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE,
                                  _ ("No way through the networks between the two players was "
                                     "found (a TURN server may help)")));
}

static gboolean
on_connect_timeout_cb (gpointer user_data)
{
  SynIceLink *self = user_data;

  self->timeout_id = 0;
  g_clear_handle_id (&self->rearm_id, g_source_remove);
  fail_task (&self->connect_task,
             g_error_new_literal (G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                                  _ ("The other player could not be reached in time")));
  return G_SOURCE_REMOVE;
}

static GSList *
remote_candidates (SynIceLink *self, const SynIceOffer *remote)
{
  GSList *list = NULL;

  for (guint i = 0; i < remote->n_candidates && i < SYN_INVITE_MAX_CANDIDATES; i++)
    {
      const SynIceCandidate *c = &remote->candidates[i];
      NiceCandidate *nc = nice_candidate_new (type_to_nice (c->type));

      nc->transport = NICE_CANDIDATE_TRANSPORT_UDP;
      nc->stream_id = self->stream_id;
      nc->component_id = COMPONENT;
      nc->priority = c->priority;
      g_strlcpy (nc->foundation, c->foundation, sizeof nc->foundation);
      if (!nice_address_set_from_string (&nc->addr, c->address))
        {
          nice_candidate_free (nc);
          continue;
        }
      nice_address_set_port (&nc->addr, c->port);
      list = g_slist_prepend (list, nc);
    }
  return g_slist_reverse (list);
}

/* The other side's credentials and candidates: the checks start. */
static gboolean
start_checks (SynIceLink *self, GError **error)
{
  GSList *candidates;
  int added;

  if (!nice_agent_set_remote_credentials (self->agent, self->stream_id, self->remote.ufrag,
                                          self->remote.pwd))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _ ("The other player's ICE credentials are not usable"));
      return FALSE;
    }
  candidates = remote_candidates (self, &self->remote);
  added = nice_agent_set_remote_candidates (self->agent, self->stream_id, COMPONENT, candidates);
  g_slist_free_full (candidates, (GDestroyNotify) nice_candidate_free);
  if (added <= 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _ ("None of the other player's addresses is usable"));
      return FALSE;
    }
  return TRUE;
}

void
syn_ice_link_connect_async (SynIceLink *self, const SynIceOffer *remote, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr (GError) error = NULL;

  g_task_set_source_tag (task, syn_ice_link_connect_async);
  if (!self->agent || self->gather_task || self->connect_task)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, "%s",
                               _ ("Not ready to connect"));
      return;
    }
  self->remote = *remote;
  if (!start_checks (self, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  self->connect_task = g_steal_pointer (&task);
  self->timeout_id = g_timeout_add (self->controlling ? CONNECT_TIMEOUT_MS : ANSWER_WAIT_MS,
                                    on_connect_timeout_cb, self);
  if (!self->controlling)
    self->rearm_id = g_timeout_add (REARM_PERIOD_MS, on_rearm_cb, self);
}

GIOStream *
syn_ice_link_connect_finish (SynIceLink *self, GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

const char *
syn_ice_link_get_warning (SynIceLink *self)
{
  g_return_val_if_fail (SYN_IS_ICE_LINK (self), NULL);
  return self->warning;
}

gboolean
syn_ice_link_get_selected_pair (SynIceLink *self, SynIceCandidateType *local,
                                SynIceCandidateType *remote)
{
  NiceCandidate *local_candidate = NULL, *remote_candidate = NULL;

  if (!self->agent
      || !nice_agent_get_selected_pair (self->agent, self->stream_id, COMPONENT, &local_candidate,
                                        &remote_candidate))
    return FALSE;
  *local = type_from_nice (local_candidate->type);
  *remote = type_from_nice (remote_candidate->type);
  return TRUE;
}
