/* cli-invite.h: what synchess-cli invite and accept-invite share with host and join.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-peer.h"

/* Makes the connection of an invite for peer; on failure sets *status and quits loop. */
typedef void (*CliInvitedStart) (SynPeer *peer, GMainLoop *loop, int *status, gpointer data);

/* cli-peer.c: the player of host (host) or join, its options in argv, on the connection
 * start() makes. */
int cli_peer_run_invited (int argc, char **argv, gboolean host, const char *usage,
                          CliInvitedStart start, gpointer data);
