/* syn-join-dialog.h: Join a Game: the host's address and port, then the host's proposal to
 * accept or decline.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-peer.h"

G_BEGIN_DECLS

#define SYN_TYPE_JOIN_DIALOG (syn_join_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SynJoinDialog, syn_join_dialog, SYN, JOIN_DIALOG, AdwWindow)

/* The dialog connects with peer; it closes when the game starts; closing it before gives
 * up (signal "cancelled"). */
SynJoinDialog *syn_join_dialog_new (GtkWindow *parent, GSettings *settings, SynPeer *peer);

/* Connects to the address and port shown (for tests and scripts). */
void syn_join_dialog_connect (SynJoinDialog *self);

/* Sets the address and port shown. */
void syn_join_dialog_set_address (SynJoinDialog *self, const char *address, guint16 port);

/* The one-line explanation shown for a failure to connect. */
char *syn_join_dialog_describe_error (const GError *error);

G_END_DECLS
