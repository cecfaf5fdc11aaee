/* syn-invite-dialog.c: Invite over the Internet and Accept an Invitation: the texts the two
 * players exchange, then ICE, TLS with the certificates they name, and the game.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-invite-dialog"

#include "config.h"

#include "syn-invite-dialog.h"

#include <glib/gi18n.h>

#include "syn-ice-link.h"
#include "syn-invite.h"
#include "syn-proposal-text.h"
#include "syn-time-control.h"

struct _SynInviteDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  GtkWidget *go_button;
  GtkWidget *mine_group;
  GtkLabel *mine_label;
  AdwEntryRow *theirs_row;
  GtkLabel *status_label;
  GtkWidget *proposal_group;
  AdwActionRow *proposal_row;
  GtkSwitch *fog_switch;
  GtkWidget *accept_button;

  /* owned */
  GSettings *settings;
  SynPeer *peer;
  SynIceLink *link;
  GCancellable *cancellable;
  char *certificate; /* ours */
  SynInvite invite;  /* ours, or the one taken */

  gboolean inviter;
  gboolean busy; /* gathering or connecting: go_button waits */
  gboolean game_started;
};

G_DEFINE_FINAL_TYPE (SynInviteDialog, syn_invite_dialog, ADW_TYPE_WINDOW)

enum
{
  CANCELLED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_status (SynInviteDialog *self, const char *text, gboolean busy)
{
  gtk_label_set_text (self->status_label, text);
  self->busy = busy;
  /* Once the other's text is taken, there is nothing more to go with. */
  gtk_widget_set_sensitive (self->go_button,
                            !busy && gtk_editable_get_editable (GTK_EDITABLE (self->theirs_row))
                                && gtk_editable_get_text (GTK_EDITABLE (self->theirs_row))[0]);
}

static void
fail (SynInviteDialog *self, const char *what, const GError *error)
{
  g_autofree char *text = g_strdup_printf ("%s: %s", what, error->message);

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    set_status (self, text, FALSE);
}

static void
show_mine (SynInviteDialog *self, const char *text)
{
  gtk_label_set_text (self->mine_label, text);
  gtk_widget_set_visible (self->mine_group, TRUE);
}

/* The STUN and TURN servers of Preferences; one that cannot be read is left out, and said. */
static void
set_servers (SynInviteDialog *self)
{
  g_autofree char *stun = g_settings_get_string (self->settings, "stun-server");
  g_autofree char *turn = g_settings_get_string (self->settings, "turn-server");
  g_autofree char *host = NULL, *user = NULL, *password = NULL;
  g_autoptr (GError) error = NULL;
  guint16 port;

  if (*g_strstrip (stun) && syn_ice_parse_server (stun, FALSE, &host, &port, NULL, NULL, &error))
    syn_ice_link_set_stun_server (self->link, host, port);
  g_clear_pointer (&host, g_free);
  if (*g_strstrip (turn) && !error
      && syn_ice_parse_server (turn, TRUE, &host, &port, &user, &password, &error))
    syn_ice_link_set_turn_server (self->link, host, port, user, password);
  if (error)
    g_warning ("a server in Preferences is not usable: %s", error->message);
}

/* Both sides: ICE, then TLS and the protocol -------------------------------------------- */

static void
on_peer_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynInviteDialog) self = user_data;
  g_autoptr (GError) error = NULL;

  if (!syn_peer_connect_stream_finish (SYN_PEER (source), result, &error))
    fail (self, _ ("Could not connect"), error);
  else
    set_status (self,
                self->inviter ? _ ("Connected. Starting the game…")
                              : _ ("Connected. Waiting for the game…"),
                TRUE);
}

static void
on_ice_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynInviteDialog) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GIOStream) stream
      = syn_ice_link_connect_finish (SYN_ICE_LINK (source), result, &error);

  if (!stream)
    {
      fail (self, _ ("Could not connect"), error);
      return;
    }
  syn_peer_connect_stream_async (self->peer, stream, self->inviter, self->cancellable,
                                 on_peer_connected_cb, g_object_ref (self));
}

static void
connect_to (SynInviteDialog *self, const SynIceOffer *remote)
{
  set_status (self, _ ("Connecting…"), TRUE);
  syn_ice_link_connect_async (self->link, remote, self->cancellable, on_ice_connected_cb,
                              g_object_ref (self));
}

/* The candidates gathered for the invitation or the answer; FALSE, the dialog saying why
 * under what, when gathering failed. */
static gboolean
gathered (SynInviteDialog *self, GObject *source, GAsyncResult *result, SynIceOffer *offer,
          const char *what)
{
  g_autoptr (GError) error = NULL;

  if (syn_ice_link_gather_finish (SYN_ICE_LINK (source), result, offer, &error))
    return TRUE;
  fail (self, what, error);
  return FALSE;
}

/* The inviter ------------------------------------------------------------------------------ */

/* What to do next, and before it what the offer went without (a server not found). */
static char *
with_warning (SynInviteDialog *self, const char *next)
{
  const char *warning = syn_ice_link_get_warning (self->link);

  return warning ? g_strdup_printf ("%s\n\n%s", warning, next) : g_strdup (next);
}

static void
on_invite_gathered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynInviteDialog) self = user_data;
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;
  SynIceOffer offer;

  if (!gathered (self, source, result, &offer, _ ("Could not make an invitation")))
    return;
  syn_invite_init (&self->invite, self->certificate, &offer);
  text = syn_invite_to_text (&self->invite);
  show_mine (self, text);
  status = with_warning (self, _ ("Send this invitation to the other player, then paste their "
                                  "answer here. It is good for an hour."));
  set_status (self, status, FALSE);
}

static void
take_answer (SynInviteDialog *self, const char *text)
{
  SynInviteAnswer answer;
  g_autoptr (GError) error = NULL;

  if (!syn_invite_answer_parse (text, &answer, &error)
      || !syn_invite_answer_check (&answer, &self->invite, &error)
      || !syn_invite_check_time (&self->invite, g_get_real_time () / G_USEC_PER_SEC, &error))
    {
      fail (self, _ ("This answer cannot be used"), error);
      return;
    }
  gtk_editable_set_editable (GTK_EDITABLE (self->theirs_row), FALSE);
  syn_peer_set_expected_certificate (self->peer, answer.certificate);
  connect_to (self, &answer.ice);
}

/* The invited ------------------------------------------------------------------------------ */

static void
on_answer_gathered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynInviteDialog) self = user_data;
  g_autofree char *text = NULL;
  g_autofree char *status = NULL;
  SynInviteAnswer answer;
  SynIceOffer offer;

  if (!gathered (self, source, result, &offer, _ ("Could not answer")))
    return;
  syn_invite_answer_init (&answer, &self->invite, self->certificate, &offer);
  text = syn_invite_answer_to_text (&answer);
  show_mine (self, text);
  connect_to (self, &self->invite.ice);
  status = with_warning (self, _ ("Send this answer back to the player who invited you. The "
                                  "game starts when it arrives."));
  gtk_label_set_text (self->status_label, status);
}

static void
take_invite (SynInviteDialog *self, const char *text)
{
  g_autoptr (GError) error = NULL;

  if (!syn_invite_parse (text, &self->invite, &error)
      || !syn_invite_check_time (&self->invite, g_get_real_time () / G_USEC_PER_SEC, &error))
    {
      fail (self, _ ("This invitation cannot be used"), error);
      return;
    }
  gtk_editable_set_editable (GTK_EDITABLE (self->theirs_row), FALSE);
  syn_peer_set_expected_certificate (self->peer, self->invite.certificate);
  set_status (self, _ ("Finding this computer’s addresses…"), TRUE);
  syn_ice_link_gather_async (self->link, self->cancellable, on_answer_gathered_cb,
                             g_object_ref (self));
}

/* The inviter proposed the game: the player reads it, and chooses fog, before accepting, as
 * when joining a host. */
static void
on_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, SynInviteDialog *self)
{
  g_autofree char *text = syn_proposal_text (options);

  adw_action_row_set_subtitle (self->proposal_row, text);
  gtk_switch_set_active (self->fog_switch, options->fog);
  gtk_widget_set_visible (self->proposal_group, TRUE);
  gtk_widget_grab_focus (self->accept_button);
  set_status (self, _ ("Connected. Accept or decline the proposal."), FALSE);
}

static void
on_accept_clicked_cb (SynInviteDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (!syn_peer_accept_options (self->peer, gtk_switch_get_active (self->fog_switch), &error))
    fail (self, _ ("Could not start the game"), error);
}

static void
on_decline_clicked_cb (SynInviteDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (!syn_peer_decline_options (self->peer, _ ("declined the options"), &error))
    fail (self, _ ("Could not decline"), error);
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* The dialog ------------------------------------------------------------------------------- */

static void
on_go_clicked_cb (SynInviteDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->theirs_row));

  if (self->busy || !gtk_editable_get_editable (GTK_EDITABLE (self->theirs_row)) || !text[0])
    return;
  if (self->inviter)
    take_answer (self, text);
  else
    take_invite (self, text);
}

static void
on_theirs_changed_cb (SynInviteDialog *self)
{
  set_status (self, gtk_label_get_text (self->status_label), self->busy);
}

static void
on_copy_clicked_cb (SynInviteDialog *self)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)),
                          gtk_label_get_text (self->mine_label));
  gtk_label_set_text (self->status_label, _ ("Copied."));
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, SynInviteDialog *self)
{
  self->game_started = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_error_cb (SynPeer *peer, GError *error, SynInviteDialog *self)
{
  fail (self, _ ("Could not connect"), error);
}

static gboolean
on_close_request_cb (SynInviteDialog *self)
{
  g_cancellable_cancel (self->cancellable);
  if (!self->game_started)
    g_signal_emit (self, signals[CANCELLED], 0);
  return FALSE;
}

static void
syn_invite_dialog_dispose (GObject *object)
{
  SynInviteDialog *self = SYN_INVITE_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->peer)
    g_signal_handlers_disconnect_by_data (self->peer, self);
  g_clear_object (&self->peer);
  g_clear_object (&self->link);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->certificate, g_free);
  G_OBJECT_CLASS (syn_invite_dialog_parent_class)->dispose (object);
}

static void
syn_invite_dialog_class_init (SynInviteDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_invite_dialog_dispose;
  signals[CANCELLED] = g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-invite-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, go_button);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, mine_group);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, mine_label);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, theirs_row);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, proposal_group);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, proposal_row);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, fog_switch);
  gtk_widget_class_bind_template_child (widget_class, SynInviteDialog, accept_button);
  gtk_widget_class_bind_template_callback (widget_class, on_go_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_theirs_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_copy_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_accept_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_decline_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_invite_dialog_init (SynInviteDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request_cb), NULL);
}

/* The inviter's game: the options of New Game in settings, the inviter playing White. */
static void
set_options_from_settings (SynInviteDialog *self)
{
  g_autofree char *variant = g_settings_get_string (self->settings, "variant");
  g_autofree char *tc = g_settings_get_string (self->settings, "time-control");
  SynPeerOptions options
      = { syn_variant_lookup (variant), SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };

  syn_time_control_parse (tc, &options.tc);
  options.fog = g_settings_get_boolean (self->settings, "fog");
  syn_peer_set_options (self->peer, &options);
}

SynInviteDialog *
syn_invite_dialog_new (GtkWindow *parent, GSettings *settings, SynPeer *peer, gboolean inviter,
                       const char *invite)
{
  SynInviteDialog *self = g_object_new (SYN_TYPE_INVITE_DIALOG, "transient-for", parent, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_default (&error);

  self->settings = g_object_ref (settings);
  self->peer = g_object_ref (peer);
  self->inviter = inviter;
  self->link = syn_ice_link_new (inviter);
  set_servers (self);
  gtk_window_set_title (GTK_WINDOW (self),
                        inviter ? _ ("Invite over the Internet") : _ ("Accept an Invitation"));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->mine_group),
                                   inviter ? _ ("Your Invitation") : _ ("Your Answer"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->theirs_row),
                                 inviter ? _ ("Their _Answer") : _ ("The _Invitation"));
  gtk_button_set_label (GTK_BUTTON (self->go_button), inviter ? _ ("C_onnect") : _ ("_Answer"));
  g_signal_connect_object (peer, "game-started", G_CALLBACK (on_game_started_cb), self, 0);
  g_signal_connect_object (peer, "error", G_CALLBACK (on_error_cb), self, 0);
  if (!inviter)
    g_signal_connect_object (peer, "options-proposed", G_CALLBACK (on_options_proposed_cb), self,
                             0);
  if (invite)
    gtk_editable_set_text (GTK_EDITABLE (self->theirs_row), invite);
  if (!identity)
    {
      fail (self, _ ("Cannot play over the network"), error);
      return self;
    }
  self->certificate = syn_certificate_digest (syn_identity_get_certificate (identity));
  if (inviter)
    {
      set_options_from_settings (self);
      set_status (self, _ ("Finding this computer’s addresses…"), TRUE);
      syn_ice_link_gather_async (self->link, self->cancellable, on_invite_gathered_cb,
                                 g_object_ref (self));
    }
  else
    set_status (self, _ ("Paste the invitation you were sent."), FALSE);
  return self;
}
