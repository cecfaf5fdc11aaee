/* syn-host-dialog.h: Host a Game: the options to propose, the port, the addresses others can
 * use, then waiting for a player.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-peer.h"

G_BEGIN_DECLS

#define SYN_TYPE_HOST_DIALOG (syn_host_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SynHostDialog, syn_host_dialog, SYN, HOST_DIALOG, AdwWindow)

/* The dialog listens with peer; it closes when the game starts, and closing it before
 * stops listening (signal "cancelled"). */
SynHostDialog *syn_host_dialog_new (GtkWindow *parent, GSettings *settings, SynPeer *peer);

/* The game proposed starts from start (the position editor's Host from Here) instead of
 * the usual position; NULL for the usual one. */
void syn_host_dialog_set_start (SynHostDialog *self, const SynState *start);

/* Starts hosting with the options shown (for tests and scripts); FALSE with error when the
 * port cannot be used. */
gboolean syn_host_dialog_start (SynHostDialog *self, GError **error);

/* Hosts an interrupted network game again: its options, this side's colour and port, and
 * starts waiting at once; the guest that comes back resumes it. A failure is shown. */
void syn_host_dialog_host_again (SynHostDialog *self, SynGame *game, guint16 port);

/* The addresses of this computer others can use, one per line, or NULL. */
char *syn_host_dialog_list_addresses (void);

G_END_DECLS
