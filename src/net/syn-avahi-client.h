/* syn-avahi-client.h: what the publisher and the browser share in talking to the Avahi
 * daemon: the client, made again when the daemon restarts and looked for again when there
 * is no system bus, and the SynDiscoveryState with its error that follows it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <avahi-client/client.h>
#include <glib.h>

#include "syn-discovery.h"

G_BEGIN_DECLS

typedef struct _SynAvahiClient SynAvahiClient;

typedef struct
{
  /* The daemon runs (AVAHI_CLIENT_S_RUNNING) or settles the host's name
   * (AVAHI_CLIENT_S_REGISTERING, AVAHI_CLIENT_S_COLLISION). Called from
   * syn_avahi_client_start() too. */
  void (*server_state) (gpointer owner, AvahiClient *client, AvahiClientState state);
  /* The client failed (the daemon went away, or refused): may be NULL. */
  void (*failed) (gpointer owner);
  /* The client is about to be freed, and with it all that was made from it. */
  void (*dropping) (gpointer owner);
  /* The state changed. */
  void (*state_changed) (gpointer owner);
} SynAvahiClientFuncs;

/* In the thread-default main context; syn_avahi_client_start() starts it. */
SynAvahiClient *syn_avahi_client_new (const SynAvahiClientFuncs *funcs, gpointer owner);
void syn_avahi_client_start (SynAvahiClient *self);
/* For good: the client is dropped and the state is SYN_DISCOVERY_STOPPED. */
void syn_avahi_client_stop (SynAvahiClient *self);
void syn_avahi_client_free (SynAvahiClient *self);

/* NULL while there is none. */
AvahiClient *syn_avahi_client_get_client (SynAvahiClient *self);
SynDiscoveryState syn_avahi_client_get_state (SynAvahiClient *self);
const char *syn_avahi_client_get_error (SynAvahiClient *self);

/* The error replaces the last one, even when the state stays. */
void syn_avahi_client_set_state (SynAvahiClient *self, SynDiscoveryState state, const char *error);
/* SYN_DISCOVERY_FAILED, with the text of an Avahi error. */
void syn_avahi_client_fail (SynAvahiClient *self, int error);

G_END_DECLS
