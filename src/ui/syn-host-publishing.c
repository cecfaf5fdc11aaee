/* syn-host-publishing.c: the Host dialog's game published on the local network while it
 * waits for a guest.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-host-publishing"

#include "config.h"

#include "syn-host-publishing.h"

#include <glib/gi18n.h>

#include "syn-preferences-window.h"

static void
on_state_cb (SynServicePublisher *publisher, GParamSpec *pspec, GtkLabel *label)
{
  g_autofree char *text = NULL;

  switch (syn_service_publisher_get_state (publisher))
    {
    case SYN_DISCOVERY_RUNNING:
      /* Translators: %s is the name the game is listed under on other computers */
      text = g_strdup_printf (_ ("Players on your network see this game as “%s”. One who "
                                 "chooses it there compares no code: this computer’s "
                                 "certificate is listed with it."),
                              syn_service_publisher_get_service_name (publisher));
      break;
    case SYN_DISCOVERY_NO_DAEMON:
      text = g_strdup (_ ("This game is not listed on your network: the Avahi service is not "
                          "running. Others can still join at an address above."));
      break;
    case SYN_DISCOVERY_FAILED:
      text = g_strdup_printf (_ ("This game is not listed on your network: %s."),
                              syn_service_publisher_get_error (publisher));
      break;
    default:
      text = g_strdup (_ ("Listing this game on your network…"));
      break;
    }
  gtk_label_set_text (label, text);
}

SynServicePublisher *
syn_host_publishing_start (GSettings *settings, guint16 port, const SynPeerOptions *options,
                           GtkLabel *label)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_default (&error);
  g_autofree char *digest = NULL;
  g_autofree char *name = syn_preferences_player_name (settings);
  SynServicePublisher *publisher;
  SynServiceInfo info = { 0 };

  gtk_widget_set_visible (GTK_WIDGET (label), TRUE);
  if (identity)
    digest = syn_certificate_digest (syn_identity_get_certificate (identity));
  if (!digest)
    {
      g_autofree char *text
          = g_strdup_printf (_ ("This game is not listed on your network: %s."),
                             error ? error->message : _ ("the certificate cannot be read"));
      gtk_label_set_text (label, text);
      return NULL;
    }
  info.name = name;
  info.port = port;
  info.rules = options->variant ? options->variant->id : syn_variant_psc.id;
  info.fog = options->fog;
  info.cert_digest = digest;
  publisher = syn_service_publisher_new (&info);
  g_signal_connect_object (publisher, "notify::state", G_CALLBACK (on_state_cb), label, 0);
  on_state_cb (publisher, NULL, label);
  return publisher;
}

void
syn_host_publishing_stop (SynServicePublisher **publisher, GtkLabel *label)
{
  if (*publisher)
    {
      g_signal_handlers_disconnect_by_data (*publisher, label);
      syn_service_publisher_stop (*publisher);
    }
  g_clear_object (publisher);
  gtk_widget_set_visible (GTK_WIDGET (label), FALSE);
}
