/* cli-discovery.c: synchess-cli and games on the local network: a host publishes itself,
 * `browse` lists the games found, and `join --service` finds one game by its name.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-discovery.h"
#include "syn-service-browser.h"

#define BROWSE_USAGE "browse [--seconds N]"
/* How long browse looks, and join --service waits for its game, when not told. */
#define BROWSE_SECONDS 3
#define FIND_SECONDS 10

static const char no_daemon[]
    = "games on the network cannot be found: the Avahi service is not running";

static void
on_publisher_state_cb (SynServicePublisher *publisher, GParamSpec *pspec, gpointer user_data)
{
  switch (syn_service_publisher_get_state (publisher))
    {
    case SYN_DISCOVERY_RUNNING:
      fprintf (stderr, "synchess-cli: published as \"%s\" on the local network\n",
               syn_service_publisher_get_service_name (publisher));
      break;
    case SYN_DISCOVERY_NO_DAEMON:
      fprintf (stderr, "synchess-cli: not published: the Avahi service is not running\n");
      break;
    case SYN_DISCOVERY_FAILED:
      fprintf (stderr, "synchess-cli: not published: %s\n",
               syn_service_publisher_get_error (publisher));
      break;
    default:
      break;
    }
}

SynServicePublisher *
cli_publish (const char *name, guint16 port, const SynPeerOptions *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_default (&error);
  g_autofree char *digest = NULL;
  SynServicePublisher *publisher;
  SynServiceInfo info = { 0 };

  if (!identity || !(digest = syn_certificate_digest (syn_identity_get_certificate (identity))))
    {
      fprintf (stderr, "synchess-cli: not published: %s\n",
               error ? error->message : "the certificate cannot be read");
      return NULL;
    }
  info.name = name;
  info.port = port;
  info.rules = options->variant ? options->variant->id : "psc";
  info.fog = options->fog;
  info.cert_digest = digest;
  publisher = syn_service_publisher_new (&info);
  g_signal_connect (publisher, "notify::state", G_CALLBACK (on_publisher_state_cb), NULL);
  on_publisher_state_cb (publisher, NULL, NULL);
  return publisher;
}

static void
print_game (SynFoundGame *game)
{
  printf ("address=%s port=%u rules=%s fog=%s cert=%s service=%s\n",
          syn_found_game_get_address (game), syn_found_game_get_port (game),
          syn_found_game_get_rules (game), syn_found_game_get_fog (game) ? "yes" : "no",
          syn_found_game_get_cert_digest (game), syn_found_game_get_service_name (game));
  fflush (stdout);
}

/* A game's line comes once, when first found: a better address found later for it (IPv4
 * after IPv6) replaces the list's item, not the line. */
static void
on_games_changed_cb (GListModel *games, guint position, guint removed, guint added,
                     GHashTable *printed)
{
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (SynFoundGame) game = g_list_model_get_item (games, i);
      if (g_hash_table_add (printed, g_strdup (syn_found_game_get_service_name (game))))
        print_game (game);
    }
}

/* Whether the browser can go on: a missing or failing daemon is said once. */
static gboolean
browser_usable (SynServiceBrowser *browser)
{
  switch (syn_service_browser_get_state (browser))
    {
    case SYN_DISCOVERY_NO_DAEMON:
      cli_fail (CLI_BAD_INPUT, "%s", no_daemon);
      return FALSE;
    case SYN_DISCOVERY_FAILED:
      cli_fail (CLI_BAD_INPUT, "games on the network cannot be found: %s",
                syn_service_browser_get_error (browser));
      return FALSE;
    default:
      return TRUE;
    }
}

int
cli_browse (int argc, char **argv)
{
  g_autoptr (SynServiceBrowser) browser = NULL;
  g_autoptr (GHashTable) printed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 seconds = BROWSE_SECONDS;
  gint64 deadline;

  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;

      if (strcmp (argv[i], "--seconds") != 0 || i + 1 >= argc)
        return cli_fail (CLI_USAGE, "usage: %s", BROWSE_USAGE);
      if (!g_ascii_string_to_unsigned (argv[++i], 10, 1, 3600, &seconds, &error))
        return cli_fail (CLI_USAGE, "--seconds: '%.40s' is not a number from 1 to 3600", argv[i]);
    }
  browser = syn_service_browser_new ();
  g_signal_connect (syn_service_browser_get_games (browser), "items-changed",
                    G_CALLBACK (on_games_changed_cb), printed);
  deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < deadline)
    {
      if (!browser_usable (browser))
        return CLI_BAD_INPUT;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  return CLI_OK;
}

static SynFoundGame *
find_listed (GListModel *games, const char *service_name)
{
  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr (SynFoundGame) game = g_list_model_get_item (games, i);
      if (g_str_equal (syn_found_game_get_service_name (game), service_name))
        return g_steal_pointer (&game);
    }
  return NULL;
}

SynFoundGame *
cli_find_game (const char *service_name, int *status)
{
  g_autoptr (SynServiceBrowser) browser = syn_service_browser_new ();
  gint64 deadline = g_get_monotonic_time () + FIND_SECONDS * G_USEC_PER_SEC;
  SynFoundGame *game;

  while (!(game = find_listed (syn_service_browser_get_games (browser), service_name)))
    {
      if (!browser_usable (browser))
        {
          *status = CLI_BAD_INPUT;
          return NULL;
        }
      if (g_get_monotonic_time () > deadline)
        {
          *status = cli_fail (CLI_BAD_INPUT, "no game named \"%.64s\" was found on the network",
                              service_name);
          return NULL;
        }
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  fprintf (stderr, "synchess-cli: found \"%s\" at %s port %u\n", service_name,
           syn_found_game_get_address (game), syn_found_game_get_port (game));
  return game;
}
