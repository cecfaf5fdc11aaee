/* syn-service-publisher.h: a waiting host made known on the local network with DNS-SD over
 * mDNS, through the Avahi daemon: its port, its player's name, the rule set, fog and its
 * certificate's digest, so that a guest finds it and knows whom it will meet.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-discovery.h"

G_BEGIN_DECLS

typedef struct
{
  const char *name;        /* the player's name: the service's name and TXT name */
  guint16 port;            /* where the host listens */
  const char *rules;       /* the rule set's id */
  gboolean fog;            /* the host's wish for fog of war */
  const char *cert_digest; /* syn_certificate_digest() of the host's certificate */
} SynServiceInfo;

#define SYN_TYPE_SERVICE_PUBLISHER (syn_service_publisher_get_type ())

G_DECLARE_FINAL_TYPE (SynServicePublisher, syn_service_publisher, SYN, SERVICE_PUBLISHER, GObject)

/* Publishes at once (in the thread-default main context), and again whenever the daemon
 * comes back; the info is copied. A name taken on the network is replaced by another
 * ("Ann #2"). The properties "state" (SynDiscoveryState) and "service-name" say how it goes. */
SynServicePublisher *syn_service_publisher_new (const SynServiceInfo *info);

/* Withdraws the service; it is withdrawn too when the object is finalized. */
void syn_service_publisher_stop (SynServicePublisher *self);

SynDiscoveryState syn_service_publisher_get_state (SynServicePublisher *self);
/* The name published, after any collision; NULL before. */
const char *syn_service_publisher_get_service_name (SynServicePublisher *self);
/* Why the state is SYN_DISCOVERY_FAILED, or NULL. */
const char *syn_service_publisher_get_error (SynServicePublisher *self);

G_END_DECLS
