/* syn-found-game.c: a published game found on the local network, a plain value object for
 * list models.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-found-game.h"

struct _SynFoundGame
{
  GObject parent_instance;

  char *service_name;
  char *player_name;
  char *rules;
  gboolean fog;
  char *address;
  guint16 port;
  char *cert_digest;
};

G_DEFINE_FINAL_TYPE (SynFoundGame, syn_found_game, G_TYPE_OBJECT)

static void
syn_found_game_finalize (GObject *object)
{
  SynFoundGame *self = SYN_FOUND_GAME (object);

  g_free (self->service_name);
  g_free (self->player_name);
  g_free (self->rules);
  g_free (self->address);
  g_free (self->cert_digest);
  G_OBJECT_CLASS (syn_found_game_parent_class)->finalize (object);
}

static void
syn_found_game_class_init (SynFoundGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = syn_found_game_finalize;
}

static void
syn_found_game_init (SynFoundGame *self)
{
}

SynFoundGame *
syn_found_game_new (const char *service_name, const char *player_name, const char *rules,
                    gboolean fog, const char *address, guint16 port, const char *cert_digest)
{
  SynFoundGame *self = g_object_new (SYN_TYPE_FOUND_GAME, NULL);

  self->service_name = g_strdup (service_name);
  self->player_name = g_strdup (player_name && *player_name ? player_name : service_name);
  self->rules = g_strdup (rules ? rules : "psc");
  self->fog = fog;
  self->address = g_strdup (address);
  self->port = port;
  self->cert_digest = g_strdup (cert_digest);
  return self;
}

const char *
syn_found_game_get_service_name (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), NULL);
  return self->service_name;
}

const char *
syn_found_game_get_player_name (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), NULL);
  return self->player_name;
}

const char *
syn_found_game_get_rules (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), NULL);
  return self->rules;
}

gboolean
syn_found_game_get_fog (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), FALSE);
  return self->fog;
}

const char *
syn_found_game_get_address (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), NULL);
  return self->address;
}

guint16
syn_found_game_get_port (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), 0);
  return self->port;
}

const char *
syn_found_game_get_cert_digest (SynFoundGame *self)
{
  g_return_val_if_fail (SYN_IS_FOUND_GAME (self), NULL);
  return self->cert_digest;
}
