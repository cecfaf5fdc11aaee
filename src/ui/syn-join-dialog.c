/* syn-join-dialog.c: Join a Game: the host's address and port (the last ones are offered
 * again), a clear word when the connection fails, then the host's proposal.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-join-dialog"

#include "config.h"

#include "syn-join-dialog.h"

#include <glib/gi18n.h>

#include "syn-network-games.h"
#include "syn-notation.h"
#include "syn-proposal-text.h"

struct _SynJoinDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  GtkWidget *connect_button;
  GtkWidget *address_group;
  AdwEntryRow *address_row;
  GtkSpinButton *port_spin;
  GtkLabel *status_label;
  GtkWidget *proposal_group;
  AdwActionRow *proposal_row;
  GtkSwitch *fog_switch;
  GtkWidget *accept_button;
  GtkWidget *code_group;
  GtkLabel *code_label;
  GtkWidget *code_buttons;
  GtkWidget *network_games;

  /* owned */
  GSettings *settings;
  SynPeer *peer;
  GCancellable *connecting;
  char *published_as; /* the game chosen on the network, whose certificate is pinned */

  gboolean game_started;
  gboolean codes_match;   /* the player said the codes are the same */
  gboolean proposal_seen; /* the host's proposal is on screen */
  gboolean codes_differ;  /* the player said they do not: the connection was ended here */
};

G_DEFINE_FINAL_TYPE (SynJoinDialog, syn_join_dialog, ADW_TYPE_WINDOW)

enum
{
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
syn_join_dialog_describe_error (const GError *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED))
    return g_strdup (_ ("Connection refused: nobody is hosting a game at that address and port."));
  if (g_error_matches (error, G_RESOLVER_ERROR, G_RESOLVER_ERROR_NOT_FOUND)
      || g_error_matches (error, G_RESOLVER_ERROR, G_RESOLVER_ERROR_TEMPORARY_FAILURE))
    return g_strdup (_ ("No such host: check the name or address."));
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    return g_strdup (_ ("Timed out: the host did not answer. Is a firewall in the way?"));
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE)
      || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE))
    return g_strdup (_ ("The host cannot be reached from this network."));
  return g_strdup_printf (_ ("Could not connect: %s"), error->message);
}

static void
set_busy (SynJoinDialog *self, gboolean busy)
{
  gtk_widget_set_sensitive (self->connect_button, !busy);
  gtk_widget_set_sensitive (self->address_group, !busy);
}

/* The code in a label of its own, never cut inside a group of four: Pango breaks lines
 * only between words there, and each group is one. */
static void
show_code (SynJoinDialog *self)
{
  gtk_label_set_text (self->code_label, syn_peer_get_fingerprint (self->peer));
  gtk_widget_set_visible (self->code_buttons, TRUE);
  gtk_widget_set_visible (self->code_group, TRUE);
  gtk_widget_set_sensitive (self->accept_button, FALSE);
}

/* What the connection waits for now, in one line: the code to confirm, the proposal to
 * come, or the answer to the proposal shown. */
static void
update_status (SynJoinDialog *self)
{
  const char *name = syn_peer_get_peer_name (self->peer);
  g_autofree char *who
      = g_strdup_printf ("%s%s", name ? name : _ ("the host"),
                         syn_peer_get_peer_known (self->peer) ? _ (" (played before)") : "");
  g_autofree char *text = NULL;

  if (!self->codes_match)
    /* Translators: %s is the host's name. */
    text = g_strdup_printf (_ ("Connected to %s. Compare the code below before you play."), who);
  else if (syn_peer_get_peer_verified (self->peer))
    /* Translators: %s is the host's name */
    text = g_strdup_printf (_ ("Connected to %s, the host that published this game. %s"), who,
                            self->proposal_seen ? _ ("Accept or decline the proposal below.")
                                                : _ ("Waiting for the proposal…"));
  else if (!self->proposal_seen)
    text = g_strdup_printf (_ ("Connected to %s. Waiting for the proposal…"), who);
  else
    text = g_strdup_printf (_ ("Connected to %s. Accept or decline the proposal below."), who);
  /* The name was met before with another key: someone else may be using it. */
  if (syn_peer_get_peer_known_as (self->peer) == SYN_PEER_KNOWN_NAME_NEW_KEY)
    {
      g_autofree char *warned = g_strdup_printf (
          "%s\n%s", text,
          _ ("Warning: a player of this name was met before with another key. It may be "
             "someone else: compare the code aloud before you play."));
      gtk_label_set_text (self->status_label, warned);
      return;
    }
  gtk_label_set_text (self->status_label, text);
}

static void
on_codes_match_clicked_cb (SynJoinDialog *self)
{
  self->codes_match = TRUE;
  gtk_widget_set_visible (self->code_buttons, FALSE);
  gtk_widget_set_sensitive (self->accept_button, TRUE);
  if (self->proposal_seen)
    gtk_widget_grab_focus (self->accept_button);
  update_status (self);
}

/* Another code means the two programs do not hold each other's certificates: a third
 * computer may be passing the moves on, and reading them. No game starts on that link. */
static void
on_codes_differ_clicked_cb (SynJoinDialog *self)
{
  self->codes_differ = TRUE;
  syn_peer_close (self->peer);
  gtk_widget_set_visible (self->code_group, FALSE);
  gtk_widget_set_visible (self->proposal_group, FALSE);
  set_busy (self, FALSE);
  gtk_label_set_text (self->status_label,
                      _ ("The codes differ, so the connection was closed: you may not be talking "
                         "to the host you meant. Check the address with the host and try again."));
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynJoinDialog) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!syn_peer_connect_finish (SYN_PEER (source), result, &error))
    {
      g_autofree char *text = NULL;
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      if (self->published_as && g_error_matches (error, SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER))
        /* Translators: %s is the name of a game found on the network */
        text = g_strdup_printf (_ ("The host of “%s” is not the one that published it: someone "
                                   "may be in between. The connection was closed."),
                                self->published_as);
      else
        text = syn_join_dialog_describe_error (error);
      gtk_label_set_text (self->status_label, text);
      set_busy (self, FALSE);
      return;
    }
  self->proposal_seen = FALSE;
  /* The host presented the certificate it published: nobody sits between, no code to read. */
  self->codes_match = syn_peer_get_peer_verified (self->peer);
  if (!self->codes_match)
    show_code (self);
  update_status (self);
}

static void
start_connecting (SynJoinDialog *self)
{
  g_autofree char *address
      = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->address_row))));
  guint16 port = (guint16) gtk_spin_button_get_value_as_int (self->port_spin);
  g_autofree char *text = NULL;

  if (*address == '\0')
    {
      gtk_label_set_text (self->status_label, _ ("Type the host’s name or address first."));
      return;
    }
  self->codes_differ = FALSE;
  g_settings_set_string (self->settings, "last-join-address", address);
  g_settings_set_int (self->settings, "last-join-port", port);
  text = g_strdup_printf (_ ("Connecting to %s, port %u…"), address, (guint) port);
  gtk_label_set_text (self->status_label, text);
  set_busy (self, TRUE);
  g_cancellable_cancel (self->connecting);
  g_clear_object (&self->connecting);
  self->connecting = g_cancellable_new ();
  syn_peer_connect_async (self->peer, address, port, self->connecting, on_connected_cb,
                          g_object_ref (self));
}

/* An address typed: any certificate, and the codes compared aloud. */
void
syn_join_dialog_connect (SynJoinDialog *self)
{
  g_clear_pointer (&self->published_as, g_free);
  syn_peer_set_expected_certificate (self->peer, NULL);
  start_connecting (self);
}

/* A game found on the network names its host's certificate: no other may answer. */
static void
on_network_game_activated_cb (SynJoinDialog *self, SynFoundGame *game)
{
  if (!gtk_widget_get_sensitive (self->connect_button))
    return;
  syn_join_dialog_set_address (self, syn_found_game_get_address (game),
                               syn_found_game_get_port (game));
  g_free (self->published_as);
  self->published_as = g_strdup (syn_found_game_get_service_name (game));
  syn_peer_set_expected_certificate (self->peer, syn_found_game_get_cert_digest (game));
  start_connecting (self);
}

void
syn_join_dialog_set_address (SynJoinDialog *self, const char *address, guint16 port)
{
  gtk_editable_set_text (GTK_EDITABLE (self->address_row), address);
  gtk_spin_button_set_value (self->port_spin, port);
}

static void
on_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, SynJoinDialog *self)
{
  g_autofree char *text = syn_proposal_text (options);

  adw_action_row_set_subtitle (self->proposal_row, text);
  gtk_switch_set_active (self->fog_switch, options->fog);
  gtk_widget_set_visible (self->proposal_group, TRUE);
  self->proposal_seen = TRUE;
  /* Accepting starts the game: not before the player has said the codes match. */
  gtk_widget_set_sensitive (self->accept_button, self->codes_match);
  if (self->codes_match)
    gtk_widget_grab_focus (self->accept_button);
  update_status (self);
}

static void
on_accept_clicked_cb (SynJoinDialog *self)
{
  g_autoptr (GError) error = NULL;
  if (!syn_peer_accept_options (self->peer, gtk_switch_get_active (self->fog_switch), &error))
    gtk_label_set_text (self->status_label, error->message);
}

static void
on_decline_clicked_cb (SynJoinDialog *self)
{
  g_autoptr (GError) error = NULL;
  if (!syn_peer_decline_options (self->peer, _ ("declined the options"), &error))
    gtk_label_set_text (self->status_label, error->message);
  gtk_widget_set_visible (self->proposal_group, FALSE);
  self->proposal_seen = FALSE;
  gtk_label_set_text (self->status_label, _ ("Declined. The host may propose other options."));
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, SynJoinDialog *self)
{
  self->game_started = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_disconnected_cb (SynPeer *peer, GError *error, SynJoinDialog *self)
{
  /* The player closed it: the reason stands. */
  if (self->codes_differ)
    return;
  g_autofree char *text = g_strdup_printf (_ ("The connection ended: %s"),
                                           error ? error->message : _ ("the host left"));
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_visible (self->proposal_group, FALSE);
  gtk_widget_set_visible (self->code_group, FALSE);
  set_busy (self, FALSE);
}

static gboolean
on_close_request_cb (SynJoinDialog *self)
{
  g_cancellable_cancel (self->connecting);
  if (!self->game_started)
    g_signal_emit (self, signals[CANCELLED], 0);
  return FALSE;
}

static void
syn_join_dialog_dispose (GObject *object)
{
  SynJoinDialog *self = SYN_JOIN_DIALOG (object);

  g_cancellable_cancel (self->connecting);
  g_clear_object (&self->connecting);
  if (self->peer)
    g_signal_handlers_disconnect_by_data (self->peer, self);
  g_clear_object (&self->peer);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->published_as, g_free);
  G_OBJECT_CLASS (syn_join_dialog_parent_class)->dispose (object);
}

static void
syn_join_dialog_class_init (SynJoinDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_join_dialog_dispose;
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (SYN_TYPE_NETWORK_GAMES);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-join-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, connect_button);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, address_group);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, address_row);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, proposal_group);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, proposal_row);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, fog_switch);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, accept_button);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, code_group);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, code_label);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, code_buttons);
  gtk_widget_class_bind_template_child (widget_class, SynJoinDialog, network_games);
  gtk_widget_class_bind_template_callback (widget_class, on_network_game_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, syn_join_dialog_connect);
  gtk_widget_class_bind_template_callback (widget_class, on_accept_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_decline_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_codes_match_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_codes_differ_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_join_dialog_init (SynJoinDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request_cb), NULL);
}

SynJoinDialog *
syn_join_dialog_new (GtkWindow *parent, GSettings *settings, SynPeer *peer)
{
  SynJoinDialog *self = g_object_new (SYN_TYPE_JOIN_DIALOG, "transient-for", parent, NULL);
  g_autofree char *address = g_settings_get_string (settings, "last-join-address");

  self->settings = g_object_ref (settings);
  self->peer = g_object_ref (peer);
  syn_join_dialog_set_address (self, address,
                               (guint16) g_settings_get_int (settings, "last-join-port"));
  g_signal_connect_object (peer, "options-proposed", G_CALLBACK (on_options_proposed_cb), self, 0);
  g_signal_connect_object (peer, "game-started", G_CALLBACK (on_game_started_cb), self, 0);
  g_signal_connect_object (peer, "disconnected", G_CALLBACK (on_disconnected_cb), self, 0);
  return self;
}
