/* syn-proposal-text.h: a host's proposal as the guest reads it before accepting.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-peer.h"

G_BEGIN_DECLS

/* "Parrow Synchronous Chess, 3 min + 2 s, you play White", the guest's colour. */
char *syn_proposal_text (const SynPeerOptions *options);

G_END_DECLS
