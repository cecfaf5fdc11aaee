/* syn-window-invite.c: a network game by invitation across the Internet (ICE): Invite over
 * the Internet, Accept an Invitation, and synchess: links opened with the app.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include "syn-invite-dialog.h"

static void
invite (SynWindow *self, gboolean inviter, const char *text)
{
  SynPeer *peer = _syn_window_new_peer (self);
  SynInviteDialog *dialog;

  if (!peer)
    return;
  dialog = syn_invite_dialog_new (GTK_WINDOW (self), self->settings, peer, inviter, text);
  _syn_window_present_network_dialog (self, GTK_WINDOW (dialog));
}

void
_syn_window_invite_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  invite (SYN_WINDOW (widget), TRUE, NULL);
}

/* parameter: the invitation, as a synchess: link or its short text, or "" to paste one. */
void
_syn_window_accept_invite_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  const char *text = g_variant_get_string (parameter, NULL);

  invite (SYN_WINDOW (widget), FALSE, text[0] ? text : NULL);
}
