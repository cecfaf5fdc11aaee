/* syn-ice-link.h: a connection through NATs with ICE (libnice, reliable mode): gathers this
 * side's candidates for an invite or its answer, takes the other side's, and gives the
 * stream on which SynPeer runs TLS and the protocol (syn_peer_connect_stream_async()).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-invite.h"

G_BEGIN_DECLS

#define SYN_ICE_DEFAULT_STUN_PORT 3478

#define SYN_TYPE_ICE_LINK (syn_ice_link_get_type ())

G_DECLARE_FINAL_TYPE (SynIceLink, syn_ice_link, SYN, ICE_LINK, GObject)

/* The inviter is the controlling side. */
SynIceLink *syn_ice_link_new (gboolean controlling);

/* A STUN server finds this side's address as the Internet sees it (a name or an address). */
void syn_ice_link_set_stun_server (SynIceLink *self, const char *host, guint16 port);
/* A TURN server relays when no direct path exists (UDP, long-term credentials). */
void syn_ice_link_set_turn_server (SynIceLink *self, const char *host, guint16 port,
                                   const char *user, const char *password);
/* Whether the router is asked for a port by UPnP (default TRUE). */
void syn_ice_link_set_upnp (SynIceLink *self, gboolean upnp);
/* Gathers host candidates on this address only, not on every interface (tests: loopback).
 * May be called several times. */
void syn_ice_link_add_local_address (SynIceLink *self, const char *address);

/* "HOST[:PORT]" and "USER:PASSWORD@HOST[:PORT]" (an IPv6 address in brackets), port
 * SYN_ICE_DEFAULT_STUN_PORT when left out. */
gboolean syn_ice_parse_server (const char *text, gboolean with_user, char **host, guint16 *port,
                               char **user, char **password, GError **error);

/* Gathers this side's candidates (asking the STUN and TURN servers): its offer. */
void syn_ice_link_gather_async (SynIceLink *self, GCancellable *cancellable,
                                GAsyncReadyCallback callback, gpointer user_data);
gboolean syn_ice_link_gather_finish (SynIceLink *self, GAsyncResult *result, SynIceOffer *offer,
                                     GError **error);

/* After gathering: checks the pairs with the other side's offer until one works, and gives
 * a reliable stream over it, once pseudo-TCP is up (the stream keeps this link alive). */
void syn_ice_link_connect_async (SynIceLink *self, const SynIceOffer *remote,
                                 GCancellable *cancellable, GAsyncReadyCallback callback,
                                 gpointer user_data);
GIOStream *syn_ice_link_connect_finish (SynIceLink *self, GAsyncResult *result, GError **error);

/* After gathering: what the offer had to go without (a server that could not be found),
 * for the player, or NULL. */
const char *syn_ice_link_get_warning (SynIceLink *self);

/* The types of the pair in use once connected; FALSE before. */
gboolean syn_ice_link_get_selected_pair (SynIceLink *self, SynIceCandidateType *local,
                                         SynIceCandidateType *remote);

G_END_DECLS
