/* syn-service-browser.h: the games published on the local network (DNS-SD over mDNS,
 * through the Avahi daemon), as a live list: a game appears once its address is resolved
 * and disappears when its host withdraws it or leaves.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-discovery.h"
#include "syn-found-game.h"

G_BEGIN_DECLS

#define SYN_TYPE_SERVICE_BROWSER (syn_service_browser_get_type ())

G_DECLARE_FINAL_TYPE (SynServiceBrowser, syn_service_browser, SYN, SERVICE_BROWSER, GObject)

/* Browses at once (in the thread-default main context) until finalized; when the daemon
 * is absent or restarts it waits for it, the list empty meanwhile. Only games of this
 * protocol version with a certificate digest are listed, one per service name. */
SynServiceBrowser *syn_service_browser_new (void);

/* SynFoundGame items. */
GListModel *syn_service_browser_get_games (SynServiceBrowser *self);

/* The property "state" (SynDiscoveryState) changes with the daemon's. */
SynDiscoveryState syn_service_browser_get_state (SynServiceBrowser *self);
const char *syn_service_browser_get_error (SynServiceBrowser *self);

G_END_DECLS
