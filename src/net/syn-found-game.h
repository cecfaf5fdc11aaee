/* syn-found-game.h: a game published on the local network, as a browser found and resolved
 * it: who waits, with which rules, where, and the certificate it will present.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define SYN_TYPE_FOUND_GAME (syn_found_game_get_type ())

G_DECLARE_FINAL_TYPE (SynFoundGame, syn_found_game, SYN, FOUND_GAME, GObject)

SynFoundGame *syn_found_game_new (const char *service_name, const char *player_name,
                                  const char *rules, gboolean fog, const char *address,
                                  guint16 port, const char *cert_digest);

/* The DNS-SD service name: unique on the network. */
const char *syn_found_game_get_service_name (SynFoundGame *self);
/* The name the player gave (TXT name); the service name when it gave none. */
const char *syn_found_game_get_player_name (SynFoundGame *self);
/* The rule set's id as published ("psc"); it may be one this program does not know. */
const char *syn_found_game_get_rules (SynFoundGame *self);
gboolean syn_found_game_get_fog (SynFoundGame *self);
/* A resolved address ("10.0.0.5", "fe80::1%eth0") and port to connect to. */
const char *syn_found_game_get_address (SynFoundGame *self);
guint16 syn_found_game_get_port (SynFoundGame *self);
/* The host certificate's SHA-256, 64 hex digits: syn_peer_set_expected_certificate(). */
const char *syn_found_game_get_cert_digest (SynFoundGame *self);

G_END_DECLS
