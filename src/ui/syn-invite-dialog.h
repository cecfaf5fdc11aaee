/* syn-invite-dialog.h: Invite over the Internet (the invite to send, the answer pasted back)
 * and Accept an Invitation (the invite pasted, the answer to send back): two players behind
 * routers meet through ICE, each sure of the other's certificate.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-peer.h"

G_BEGIN_DECLS

#define SYN_TYPE_INVITE_DIALOG (syn_invite_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SynInviteDialog, syn_invite_dialog, SYN, INVITE_DIALOG, AdwWindow)

/* inviter: makes an invite at once (the game's options from settings) and hosts on the
 * answer; otherwise takes an invite (invite, if not NULL, is filled in) and joins, accepting
 * the inviter's proposal. It closes when the game starts; closing it before gives up (signal
 * "cancelled"). STUN and TURN servers come from settings. */
SynInviteDialog *syn_invite_dialog_new (GtkWindow *parent, GSettings *settings, SynPeer *peer,
                                        gboolean inviter, const char *invite);

G_END_DECLS
