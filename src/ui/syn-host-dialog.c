/* syn-host-dialog.c: Host a Game: the options to propose, the port, the addresses others can
 * use, then waiting for a player, with the fingerprint to compare once one connects.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-host-dialog"

#include "config.h"

#include "syn-host-dialog.h"

#include <glib/gi18n.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include "syn-host-publishing.h"
#include "syn-notation.h"
#include "syn-time-presets.h"

struct _SynHostDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  GtkWidget *start_button;
  GtkStack *stack;
  AdwComboRow *variant_row;
  AdwComboRow *time_row;
  AdwComboRow *colour_row;
  GtkSwitch *fog_switch;
  GtkSpinButton *port_spin;
  GtkLabel *addresses_label;
  AdwStatusPage *waiting_page;
  GtkLabel *fingerprint_label;
  GtkLabel *waiting_addresses_label;
  GtkLabel *code_label;
  GtkLabel *published_label;

  /* owned */
  GSettings *settings;
  SynPeer *peer;
  SynTimeControl custom_tc;                 /* the stored clock when it is no preset */
  char start_fen[SYN_PROTOCOL_FEN_MAX + 1]; /* "" for the usual start */
  const SynVariant *offered[8];             /* the rule sets in the list, in order */
  guint n_offered;
  SynServicePublisher *publisher; /* while waiting for a guest */

  gboolean started;
  gboolean game_started;
};

G_DEFINE_FINAL_TYPE (SynHostDialog, syn_host_dialog, ADW_TYPE_WINDOW)

enum
{
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
syn_host_dialog_list_addresses (void)
{
  struct ifaddrs *list, *entry;
  GString *text = g_string_new (NULL);

  if (getifaddrs (&list) != 0)
    return g_string_free (text, TRUE);
  for (entry = list; entry; entry = entry->ifa_next)
    {
      g_autoptr (GInetAddress) address = NULL;
      g_autofree char *shown = NULL;
      if (!entry->ifa_addr || (entry->ifa_flags & IFF_LOOPBACK) || !(entry->ifa_flags & IFF_UP))
        continue;
      if (entry->ifa_addr->sa_family == AF_INET)
        address = g_inet_address_new_from_bytes (
            (const guint8 *) &((struct sockaddr_in *) entry->ifa_addr)->sin_addr,
            G_SOCKET_FAMILY_IPV4);
      else if (entry->ifa_addr->sa_family == AF_INET6)
        address = g_inet_address_new_from_bytes (
            (const guint8 *) &((struct sockaddr_in6 *) entry->ifa_addr)->sin6_addr,
            G_SOCKET_FAMILY_IPV6);
      /* Link-local IPv6 addresses need an interface name to be of use; leave them out. */
      if (!address || g_inet_address_get_is_link_local (address))
        continue;
      shown = g_inet_address_to_string (address);
      g_string_append_printf (text, "%s%s", text->len ? "\n" : "", shown);
    }
  freeifaddrs (list);
  if (text->len == 0)
    return g_string_free (text, TRUE);
  return g_string_free (text, FALSE);
}

static void
show_addresses (SynHostDialog *self)
{
  g_autofree char *addresses = syn_host_dialog_list_addresses ();
  g_autofree char *text = g_strdup_printf (_ ("%s\nor “localhost” from this computer"),
                                           addresses ? addresses : _ ("No network connection"));
  gtk_label_set_text (self->addresses_label, text);
  /* Still wanted while waiting: the other player may ask for the address only now. */
  gtk_label_set_text (self->waiting_addresses_label, text);
}

static SynTimeControl
chosen_time_control (SynHostDialog *self)
{
  guint preset = adw_combo_row_get_selected (self->time_row);
  return preset == syn_time_presets_custom () ? self->custom_tc : syn_time_presets_get (preset);
}

void
syn_host_dialog_set_start (SynHostDialog *self, const SynState *start)
{
  g_return_if_fail (SYN_IS_HOST_DIALOG (self));

  self->start_fen[0] = '\0';
  if (start != NULL)
    syn_variant_psc.write_state (start, self->start_fen, sizeof self->start_fen);
  gtk_widget_set_sensitive (GTK_WIDGET (self->variant_row), start == NULL);
  gtk_window_set_title (GTK_WINDOW (self),
                        start != NULL ? _ ("Host a Game from This Position") : _ ("Host a Game"));
}

gboolean
syn_host_dialog_start (SynHostDialog *self, GError **error)
{
  SynPeerOptions options = { 0 };
  guint colour = adw_combo_row_get_selected (self->colour_row);
  guint16 port = (guint16) gtk_spin_button_get_value_as_int (self->port_spin);
  g_autofree char *waiting = NULL;

  /* A set-up position comes from the PSC position editor. */
  options.variant = self->start_fen[0] != '\0'
                        ? &syn_variant_psc
                        : self->offered[adw_combo_row_get_selected (self->variant_row)];
  options.tc = chosen_time_control (self);
  /* PSC-R12: fog of war belongs to PSC's rules. */
  options.fog = gtk_switch_get_active (self->fog_switch) && options.variant->has_control;
  options.host_colour = colour == 2 ? (SynColour) g_random_int_range (0, 2) : (SynColour) colour;
  g_strlcpy (options.start_fen, self->start_fen, sizeof options.start_fen);
  syn_peer_set_options (self->peer, &options);
  if (!syn_peer_listen (self->peer, NULL, port, error))
    return FALSE;

  g_settings_set_int (self->settings, "host-port", port);
  self->started = TRUE;
  self->publisher = syn_host_publishing_start (self->settings, syn_peer_get_port (self->peer),
                                               &options, self->published_label);
  waiting = g_strdup_printf (_ ("Others join this computer on port %u, at one of these "
                                "addresses:"),
                             (guint) syn_peer_get_port (self->peer));
  adw_status_page_set_description (self->waiting_page, waiting);
  gtk_label_set_text (self->fingerprint_label, "");
  gtk_stack_set_visible_child_name (self->stack, "waiting");
  gtk_widget_set_visible (self->start_button, FALSE);
  return TRUE;
}

static void
on_start_clicked_cb (SynHostDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (!syn_host_dialog_start (self, &error))
    {
      GtkWidget *alert
          = adw_message_dialog_new (GTK_WINDOW (self), _ ("Cannot Host a Game"), error->message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), "close", _ ("_Close"));
      gtk_window_present (GTK_WINDOW (alert));
    }
}

void
syn_host_dialog_host_again (SynHostDialog *self, SynGame *game, guint16 port)
{
  SynTimeControl tc = syn_game_get_time_control (game);
  SynColour local
      = syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE ? SYN_BLACK : SYN_WHITE;

  g_return_if_fail (SYN_IS_HOST_DIALOG (self));

  /* Proposed only when the guest no longer holds the game: a new one, alike. */
  for (guint i = 0; i < self->n_offered; i++)
    if (self->offered[i] == syn_game_get_variant (game))
      adw_combo_row_set_selected (self->variant_row, i);
  self->custom_tc = tc;
  adw_combo_row_set_selected (self->time_row, syn_time_presets_find (&tc));
  gtk_switch_set_active (self->fog_switch, syn_game_get_fog (game));
  adw_combo_row_set_selected (self->colour_row, local == SYN_WHITE ? 0 : 1);
  gtk_spin_button_set_value (self->port_spin, port);
  gtk_window_set_title (GTK_WINDOW (self), _ ("Host the Game Again"));
  on_start_clicked_cb (self);
}

static void
on_connected_cb (SynPeer *peer, SynHostDialog *self)
{
  g_autofree char *text = g_strdup_printf (
      _ ("%s connected%s. Compare this code with theirs: they play only once they have said "
         "it matches."),
      syn_peer_get_peer_name (peer) ? syn_peer_get_peer_name (peer) : _ ("A player"),
      syn_peer_get_peer_known (peer) ? _ (" (played here before)") : "");

  /* A label of its own, so that a line never breaks inside a group of the code. */
  gtk_label_set_text (self->code_label, syn_peer_get_fingerprint (peer));
  gtk_widget_set_visible (GTK_WIDGET (self->code_label), TRUE);
  /* The name was met before with another key: someone else may be using it. */
  if (syn_peer_get_peer_known_as (peer) == SYN_PEER_KNOWN_NAME_NEW_KEY)
    {
      g_autofree char *warned = g_strdup_printf (
          "%s\n%s", text,
          _ ("Warning: a player of this name was met before with another key. It may be "
             "someone else: compare the code aloud before you play."));
      gtk_label_set_text (self->fingerprint_label, warned);
    }
  else
    gtk_label_set_text (self->fingerprint_label, text);
  adw_status_page_set_title (self->waiting_page, _ ("Waiting for the Player to Accept"));
}

static void
on_options_declined_cb (SynPeer *peer, const char *reason, SynHostDialog *self)
{
  g_autofree char *text = g_strdup_printf (_ ("The player declined: %s. Still waiting."),
                                           reason && *reason ? reason : _ ("no reason given"));
  gtk_label_set_text (self->fingerprint_label, text);
  adw_status_page_set_title (self->waiting_page, _ ("Waiting for a Player"));
}

/* The guest went away before the game started (a reset, a crash, a refusal of the codes):
 * the peer listens on, so the dialog goes back to waiting and says what happened in the
 * peer's own words. */
static void
on_disconnected_cb (SynPeer *peer, GError *error, SynHostDialog *self)
{
  g_autofree char *text = NULL;

  if (self->game_started)
    return;
  /* Translators: the second line is why, in the network's words */
  text = g_strdup_printf (_ ("The player left before the game began.\n%s.\nStill waiting."),
                          error ? error->message : _ ("They said goodbye"));
  gtk_widget_set_visible (GTK_WIDGET (self->code_label), FALSE);
  gtk_label_set_text (self->fingerprint_label, text);
  adw_status_page_set_title (self->waiting_page, _ ("Waiting for a Player"));
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, SynHostDialog *self)
{
  self->game_started = TRUE;
  syn_host_publishing_stop (&self->publisher, self->published_label);
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
on_close_request_cb (SynHostDialog *self)
{
  syn_host_publishing_stop (&self->publisher, self->published_label);
  if (!self->game_started)
    g_signal_emit (self, signals[CANCELLED], 0);
  return FALSE;
}

static void
syn_host_dialog_dispose (GObject *object)
{
  SynHostDialog *self = SYN_HOST_DIALOG (object);

  if (self->peer)
    g_signal_handlers_disconnect_by_data (self->peer, self);
  g_clear_object (&self->peer);
  g_clear_object (&self->settings);
  g_clear_object (&self->publisher);
  G_OBJECT_CLASS (syn_host_dialog_parent_class)->dispose (object);
}

static void
syn_host_dialog_class_init (SynHostDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_host_dialog_dispose;
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-host-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, time_row);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, colour_row);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, fog_switch);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, addresses_label);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, waiting_page);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, fingerprint_label);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, waiting_addresses_label);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, code_label);
  gtk_widget_class_bind_template_child (widget_class, SynHostDialog, published_label);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_host_dialog_init (SynHostDialog *self)
{
  g_autoptr (GtkStringList) times = syn_time_presets_new_model ();

  g_autoptr (GtkStringList) rule_sets = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  adw_combo_row_set_model (self->time_row, G_LIST_MODEL (times));
  for (const SynVariant *const *v = syn_variant_all ();
       *v && self->n_offered < G_N_ELEMENTS (self->offered); v++)
    {
      self->offered[self->n_offered++] = *v;
      gtk_string_list_append (rule_sets, syn_notation_variant_name (*v));
    }
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (rule_sets));
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request_cb), NULL);
}

SynHostDialog *
syn_host_dialog_new (GtkWindow *parent, GSettings *settings, SynPeer *peer)
{
  SynHostDialog *self = g_object_new (SYN_TYPE_HOST_DIALOG, "transient-for", parent, NULL);
  g_autofree char *tc_text = g_settings_get_string (settings, "time-control");
  SynTimeControl tc = SYN_TIME_CONTROL_DEFAULT;

  self->settings = g_object_ref (settings);
  self->peer = g_object_ref (peer);
  syn_time_control_parse (tc_text, &tc);
  self->custom_tc = tc;
  adw_combo_row_set_selected (self->time_row, syn_time_presets_find (&tc));
  gtk_switch_set_active (self->fog_switch, g_settings_get_boolean (settings, "fog"));
  adw_combo_row_set_selected (self->colour_row, (guint) g_settings_get_enum (settings, "play-as"));
  gtk_spin_button_set_value (self->port_spin, g_settings_get_int (settings, "host-port"));
  show_addresses (self);

  g_signal_connect_object (peer, "connected", G_CALLBACK (on_connected_cb), self, 0);
  g_signal_connect_object (peer, "options-declined", G_CALLBACK (on_options_declined_cb), self, 0);
  g_signal_connect_object (peer, "game-started", G_CALLBACK (on_game_started_cb), self, 0);
  g_signal_connect_object (peer, "disconnected", G_CALLBACK (on_disconnected_cb), self, 0);
  return self;
}
