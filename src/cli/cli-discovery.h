/* cli-discovery.h: synchess-cli and games on the local network (publishing, browsing,
 * finding one by name).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cli.h"
#include "syn-found-game.h"
#include "syn-peer.h"
#include "syn-service-publisher.h"

/* Publishes a host listening on port; its progress goes to standard error, one line per
 * change. NULL when this installation's certificate cannot be read (said on stderr). */
SynServicePublisher *cli_publish (const char *name, guint16 port, const SynPeerOptions *options);

/* The game published under service_name, waiting for it a while; NULL (said on stderr,
 * status set) when it is not found or the daemon is absent. */
SynFoundGame *cli_find_game (const char *service_name, int *status);

int cli_browse (int argc, char **argv);
