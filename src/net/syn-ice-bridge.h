/* syn-ice-bridge.h: carries the bytes of a reliable libnice component to and from a local
 * socket pair, whose other end is an ordinary GSocketConnection for SynPeer's TLS.
 *
 * libnice's own GIOStream reads the network only while someone reads it, so a TLS handshake
 * whose first write waits for pseudo-TCP would wait forever; the bridge reads all the time,
 * from before the connection is up, so nothing sent early is lost either.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <nice/agent.h>

G_BEGIN_DECLS

typedef struct _SynIceBridge SynIceBridge;

/* Starts reading the component at once (it replaces any receive callback). */
SynIceBridge *syn_ice_bridge_new (NiceAgent *agent, guint stream_id, guint component,
                                  GError **error);
/* The local end, for TLS: a stream socket of its own (given once). */
GSocketConnection *syn_ice_bridge_take_connection (SynIceBridge *bridge);
/* The network failed: the local end reads the end of the stream. */
void syn_ice_bridge_shut_down (SynIceBridge *bridge);
void syn_ice_bridge_free (SynIceBridge *bridge);

G_END_DECLS
