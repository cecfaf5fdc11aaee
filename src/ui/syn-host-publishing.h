/* syn-host-publishing.h: a waiting host published on the local network, and a label that
 * says whether it is.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-peer.h"
#include "syn-service-publisher.h"

G_BEGIN_DECLS

/* Publishes the game options propose, with this player's name and certificate, for a host
 * listening on port; label says how it goes, in the player's words. NULL (and label says
 * why) when the certificate cannot be read. */
SynServicePublisher *syn_host_publishing_start (GSettings *settings, guint16 port,
                                                const SynPeerOptions *options, GtkLabel *label);

/* Withdraws the game and hides the label; publisher may be NULL. */
void syn_host_publishing_stop (SynServicePublisher **publisher, GtkLabel *label);

G_END_DECLS
