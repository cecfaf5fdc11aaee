/* syn-window-network.c: a network game on the window: host, join, peer, chat, reconnect.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-host-dialog.h"
#include "syn-join-dialog.h"
#include "syn-net-game.h"
#include "syn-preferences-window.h"
#include "syn-record.h"

/* A game at this computer replaces a network game: the peer says goodbye. */
void
_syn_window_leave_network (SynWindow *self)
{
  if (!self->peer)
    return;
  g_signal_handlers_disconnect_by_data (self->peer, self);
  syn_peer_close (self->peer);
  g_clear_object (&self->peer);
}

static void
append_chat (SynWindow *self, const char *who, const char *text)
{
  const char *log = gtk_label_get_text (self->chat_log);
  g_autofree char *line = g_strdup_printf ("%s: %s", who, text);
  g_autofree char *joined = *log ? g_strconcat (log, "\n", line, NULL) : g_strdup (line);
  gtk_label_set_text (self->chat_log, joined);
}

/* The record says how to meet the other side again, so that a game interrupted with this
 * program is reconnected after a restart (docs/record-format.md, NetReconnect). */
static void
remember_reconnect (SynWindow *self, SynPeer *peer, SynGame *game)
{
  g_autofree char *how = NULL;
  g_autoptr (GError) error = NULL;

  if (syn_peer_is_host (peer))
    how = g_strdup_printf ("host %u", (guint) syn_peer_get_port (peer));
  else
    {
      /* The join dialog keeps the address and port it connected to. */
      g_autofree char *address = g_settings_get_string (self->settings, "last-join-address");
      how = g_strdup_printf ("join %s %d", address,
                             g_settings_get_int (self->settings, "last-join-port"));
    }
  if (g_strcmp0 (how, syn_game_get_tag (game, SYN_NET_RECONNECT_TAG)) == 0)
    return;
  syn_game_set_tag (game, SYN_NET_RECONNECT_TAG, how);
  if (!syn_record_autosave (game, &error))
    _syn_window_toast (self, error->message);
}

static void
on_peer_game_started_cb (SynPeer *peer, gboolean resumed, SynWindow *self)
{
  SynGame *game = syn_peer_get_game (peer);

  self->network_dialog = FALSE;
  self->options.variant = syn_game_get_variant (game);
  self->options.time_control = syn_game_get_time_control (game);
  self->options.fog = syn_game_get_fog (game);
  self->options.opponent = SYN_PLAYER_REMOTE;
  self->options.play_as = syn_peer_get_colour (peer);
  gtk_label_set_text (self->chat_log, "");
  remember_reconnect (self, peer, game);
  _syn_window_adopt_game (self, game, NULL, syn_peer_get_colour (peer));
  _syn_window_toast (self,
                     resumed ? _ ("The game goes on where it stopped") : _ ("The game begins"));
}

static void
on_peer_state_cb (SynPeer *peer, int state, SynWindow *self)
{
  if (!_syn_window_playing_network (self))
    return;
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
}

static void
on_peer_turn_completed_cb (SynPeer *peer, guint index, SynWindow *self)
{
  self->network_choice = SYN_MOVE_NONE;
  if (_syn_window_playing_network (self))
    {
      _syn_window_update_board_marks (self);
      _syn_window_update_status (self);
    }
}

static void
on_draw_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  if (self->peer && !syn_peer_answer_draw (self->peer, g_strcmp0 (response, "accept") == 0, &error))
    _syn_window_toast (self, error->message);
}

/* TX-R17: the audit after a Transactional game. */
static void
on_peer_audit_completed_cb (SynPeer *peer, gboolean clean, const char *why, SynWindow *self)
{
  if (clean)
    _syn_window_toast (self, _ ("The audit found that both sides kept the rules."));
  else
    _syn_window_show_error (self, _ ("Your Opponent Broke the Rules"), why);
  _syn_window_update_status (self);
}

static void
on_peer_draw_offered_cb (SynPeer *peer, SynWindow *self)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Draw Offered"),
                                              _ ("Your opponent offers a draw."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "decline", _ ("_Play On"),
                                    "accept", _ ("_Accept the Draw"), NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "decline");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_draw_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_peer_draw_declined_cb (SynPeer *peer, SynWindow *self)
{
  _syn_window_toast (self, _ ("Your opponent plays on"));
}

static void
on_peer_chat_cb (SynPeer *peer, const char *text, SynWindow *self)
{
  const char *name = syn_peer_get_peer_name (peer);
  append_chat (self, name && *name ? name : _ ("Opponent"), text);
}

static void
on_proposal_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!self->peer)
    return;
  if (g_strcmp0 (response, "accept") == 0)
    ok = syn_peer_accept_options (self->peer, g_settings_get_boolean (self->settings, "fog"),
                                  &error);
  else
    ok = syn_peer_decline_options (self->peer, _ ("not now"), &error);
  if (!ok)
    _syn_window_toast (self, error->message);
}

/* A proposal after the first game (a rematch); the Join dialog answers the first one. */
static void
on_peer_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, SynWindow *self)
{
  GtkWidget *dialog;

  if (self->network_dialog)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Play Again?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _ ("Your opponent proposes a new game; you play %s."),
                                  options->host_colour == SYN_WHITE ? _ ("Black") : _ ("White"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "decline", _ ("_Decline"),
                                    "accept", _ ("_Play"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "accept",
                                              ADW_RESPONSE_SUGGESTED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_proposal_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_peer_error_cb (SynPeer *peer, GError *error, SynWindow *self)
{
  /* The peer's own errors are of the network; a file's are of its autosave. */
  if (error->domain == G_IO_ERROR || error->domain == G_FILE_ERROR)
    _syn_window_show_save_failure (self, error);
  else
    _syn_window_toast (self, error->message);
}

/* The opponent's connection stayed broken, or it withheld a due reveal, for the abandonment
 * time (docs/protocol.md): the panel offers the claim, until the opponent comes back. A
 * button of the panel rather than a toast: it stays until used, and libadwaita 1.2's toasts
 * did not survive being closed from their own button while the game ended. */
static void
on_peer_abandon_claimable_cb (SynPeer *peer, gboolean claimable, SynWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.claim-abandoned", claimable);
  _syn_window_update_status (self);
}

void
_syn_window_claim_abandoned_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!self->peer || !syn_peer_claim_abandoned (self->peer, &error))
    _syn_window_toast (self, error ? error->message : _ ("There is no game to claim"));
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
}

static void
on_peer_disconnected_cb (SynPeer *peer, GError *error, SynWindow *self)
{
  if (!_syn_window_playing_network (self))
    return;
  if (!syn_game_is_over (self->game))
    _syn_window_toast (self, error ? error->message : _ ("Your opponent left"));
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
}

/* The peer of the next network game; a game at this computer goes on until one starts. */
SynPeer *
_syn_window_new_peer (SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_default (&error);
  g_autofree char *name = NULL;

  if (!identity)
    {
      _syn_window_show_error (self, _ ("Cannot Play over the Network"), error->message);
      return NULL;
    }
  _syn_window_leave_network (self);
  name = syn_preferences_player_name (self->settings);
  self->peer = syn_peer_new (identity, name);
  g_signal_connect_object (self->peer, "game-started", G_CALLBACK (on_peer_game_started_cb), self,
                           0);
  g_signal_connect_object (self->peer, "opponent-state-changed", G_CALLBACK (on_peer_state_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "turn-completed", G_CALLBACK (on_peer_turn_completed_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "audit-completed", G_CALLBACK (on_peer_audit_completed_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "draw-offered", G_CALLBACK (on_peer_draw_offered_cb), self,
                           0);
  g_signal_connect_object (self->peer, "draw-declined", G_CALLBACK (on_peer_draw_declined_cb), self,
                           0);
  g_signal_connect_object (self->peer, "chat-received", G_CALLBACK (on_peer_chat_cb), self, 0);
  g_signal_connect_object (self->peer, "options-proposed", G_CALLBACK (on_peer_options_proposed_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "error", G_CALLBACK (on_peer_error_cb), self, 0);
  g_signal_connect_object (self->peer, "abandon-claimable",
                           G_CALLBACK (on_peer_abandon_claimable_cb), self, 0);
  g_signal_connect_object (self->peer, "disconnected", G_CALLBACK (on_peer_disconnected_cb), self,
                           0);
  return self->peer;
}

/* The dialog closed before a game started: the peer stops. */
static void
on_network_dialog_cancelled_cb (GtkWidget *dialog, SynWindow *self)
{
  self->network_dialog = FALSE;
  if (self->peer && !_syn_window_playing_network (self))
    _syn_window_leave_network (self);
}

/* Shows the Host or Join dialog; the window is in a network game's set-up until it ends. */
void
_syn_window_present_network_dialog (SynWindow *self, GtkWindow *dialog)
{
  self->network_dialog = TRUE;
  g_signal_connect_object (dialog, "cancelled", G_CALLBACK (on_network_dialog_cancelled_cb), self,
                           0);
  gtk_window_present (dialog);
}

/* Opens the Host dialog; with start, the hosted game begins from that set-up position. */
static SynHostDialog *
host_game (SynWindow *self, const SynState *start)
{
  SynPeer *peer = _syn_window_new_peer (self);
  SynHostDialog *dialog;

  if (!peer)
    return NULL;
  dialog = syn_host_dialog_new (GTK_WINDOW (self), self->settings, peer);
  if (start)
    syn_host_dialog_set_start (dialog, start);
  _syn_window_present_network_dialog (self, GTK_WINDOW (dialog));
  return dialog;
}

void
_syn_window_host_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  host_game (SYN_WINDOW (widget), NULL);
}

void
_syn_window_on_host_from_here_cb (SynPositionEditor *editor, const SynState *state, SynWindow *self)
{
  host_game (self, state);
}

static SynJoinDialog *
join_game (SynWindow *self)
{
  SynPeer *peer = _syn_window_new_peer (self);
  SynJoinDialog *dialog;

  if (!peer)
    return NULL;
  dialog = syn_join_dialog_new (GTK_WINDOW (self), self->settings, peer);
  _syn_window_present_network_dialog (self, GTK_WINDOW (dialog));
  return dialog;
}

void
_syn_window_join_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  join_game (SYN_WINDOW (widget));
}

void
_syn_window_offer_draw_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!_syn_window_playing_network (self))
    return;
  if (!syn_peer_offer_draw (self->peer, &error))
    _syn_window_toast (self, error->message);
  else
    _syn_window_toast (self, _ ("Draw offered"));
}

void
_syn_window_on_chat_activate_cb (SynWindow *self)
{
  g_autofree char *text
      = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->chat_entry))));
  g_autoptr (GError) error = NULL;

  if (!_syn_window_playing_network (self) || *text == '\0')
    return;
  if (!syn_peer_send_chat (self->peer, text, &error))
    {
      _syn_window_toast (self, error->message);
      return;
    }
  append_chat (self, _ ("You"), text);
  gtk_editable_set_text (GTK_EDITABLE (self->chat_entry), "");
}

SynPeer *
syn_window_get_peer (SynWindow *self)
{
  return self->peer;
}

/* A game played with a program over the network: tied to the pair of certificates, the
 * other side remote. */
gboolean
_syn_window_is_network_game (SynGame *game)
{
  return syn_game_get_tag (game, SYN_NET_PAIR_TAG)
         && (syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE
             || syn_game_get_player_kind (game, SYN_BLACK) == SYN_PLAYER_REMOTE);
}

/* Reads the NetReconnect tag: "host PORT", or "join ADDRESS PORT" (address is NULL for the
 * host). FALSE without a tag, or with one this program cannot read. */
static gboolean
read_reconnect (SynGame *game, gboolean *host, char **address, guint16 *port)
{
  const char *how = syn_game_get_tag (game, SYN_NET_RECONNECT_TAG);
  const char *last_space = how ? strrchr (how, ' ') : NULL;
  guint64 number;

  *address = NULL;
  if (!last_space
      || !g_ascii_string_to_unsigned (last_space + 1, 10, 1, G_MAXUINT16, &number, NULL))
    return FALSE;
  *port = (guint16) number;
  *host = g_str_has_prefix (how, "host ") && last_space == how + 4;
  if (*host)
    return TRUE;
  if (!g_str_has_prefix (how, "join ") || last_space <= how + 5)
    return FALSE;
  *address = g_strndup (how + 5, (gsize) (last_space - how - 5));
  return TRUE;
}

/* Meets the other side again the way the game was played: hosts on the same port, or joins
 * the same address; the peer then finds the saved game and resumes it. A failure (nobody
 * there, the port taken) is told in the dialog, which can try again. */
static void
reconnect (SynWindow *self, SynGame *game)
{
  gboolean host = FALSE;
  g_autofree char *address = NULL;
  guint16 port = 0;
  gboolean known = read_reconnect (game, &host, &address, &port);

  if (known && host)
    {
      SynHostDialog *dialog = host_game (self, NULL);
      if (dialog)
        syn_host_dialog_host_again (dialog, game, port);
    }
  else
    {
      SynJoinDialog *dialog = join_game (self);
      if (dialog && known)
        {
          syn_join_dialog_set_address (dialog, address, port);
          syn_join_dialog_connect (dialog);
        }
    }
}

static void
on_reconnect_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  SynGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  g_autoptr (GError) error = NULL;

  /* Later leaves the game in the autosave folder: it is offered again next time. Set Aside
   * is for a peer that will not come back: the person asked for it, and the game is kept. */
  if (g_strcmp0 (response, "reconnect") == 0)
    reconnect (self, game);
  else if (g_strcmp0 (response, "set-aside") == 0 && !syn_record_set_aside (game, &error))
    _syn_window_show_error (self, _ ("Could Not Set the Game Aside"), error->message);
}

/* A network game goes on only with its peer, never at this computer. */
void
_syn_window_offer_reconnect (SynWindow *self, SynGame *game)
{
  gboolean host = FALSE;
  g_autofree char *address = NULL;
  guint16 port = 0;
  gboolean known = read_reconnect (game, &host, &address, &port);
  SynColour local
      = syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE ? SYN_BLACK : SYN_WHITE;
  const char *opponent = syn_game_get_player_name (game, (SynColour) !local);
  g_autofree char *how = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!opponent || !*opponent || g_str_equal (opponent, "?"))
    opponent = _ ("your opponent");
  if (known && host)
    /* Translators: how a network game goes on; %u is a port number */
    how = g_strdup_printf (_ ("Reconnect hosts it again on port %u and waits for them."),
                           (guint) port);
  else if (known)
    /* Translators: how a network game goes on: "joins 192.0.2.7, port 46290, again" */
    how = g_strdup_printf (_ ("Reconnect joins %s, port %u, again."), address, (guint) port);
  else
    how = g_strdup (_ ("Reconnect opens Join a Game to find them again."));
  body = g_strdup_printf (
      /* Translators: "Your network game with Ann, in which you play Black, ..." */
      _ ("Your network game with %s, in which you play %s, was interrupted after turn %u. It "
         "goes on only over the network, with the same opponent. %s Later keeps it for another "
         "time. Set Aside moves it to the “set-aside” folder of your saved games, where it is "
         "kept but no longer offered."),
      opponent, _syn_window_colour_name (local), syn_game_get_n_turns (game), how);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Reconnect to the Network Game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "set-aside", _ ("Set _Aside"),
                                    "later", _ ("_Later"), "reconnect", _ ("_Reconnect"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reconnect",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "reconnect");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (game), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_reconnect_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
