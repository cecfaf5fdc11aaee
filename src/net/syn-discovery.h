/* syn-discovery.h: what publishing and finding games on the local network share: the DNS-SD
 * service type, the TXT keys (docs/protocol.md, "Finding games on the local network") and
 * the states of the Avahi daemon as a player sees them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SYN_DISCOVERY_SERVICE_TYPE "_synchess._tcp"

/* TXT keys. */
#define SYN_DISCOVERY_KEY_VERSION "v"   /* the protocol version, "2" */
#define SYN_DISCOVERY_KEY_NAME "name"   /* the player's name, as in hello */
#define SYN_DISCOVERY_KEY_RULES "rules" /* the rule set's id, "psc" */
#define SYN_DISCOVERY_KEY_FOG "fog"     /* "yes" or "no": the host wishes for fog */
#define SYN_DISCOVERY_KEY_CERT "cert"   /* the host certificate's SHA-256, 64 hex digits */

typedef enum
{
  SYN_DISCOVERY_STARTING = 0, /* talking to the daemon */
  SYN_DISCOVERY_RUNNING,      /* published, or browsing */
  SYN_DISCOVERY_NO_DAEMON,    /* no Avahi daemon (or no system bus); it is waited for */
  SYN_DISCOVERY_FAILED,       /* the daemon refused; see the error */
  SYN_DISCOVERY_STOPPED,
} SynDiscoveryState;

/* Whether text is a certificate digest as published: 64 lower-case hex digits. */
gboolean syn_discovery_is_digest (const char *text);

G_END_DECLS
