/* syn-computer-player.h: the computer opponent. For now a simple one: a legal move,
 * preferring captures and freezes. It thinks on a worker thread and can be cancelled.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "variant.h"

G_BEGIN_DECLS

/* Chooses for side in state on a worker thread. seed makes the choice repeatable. */
void syn_computer_player_choose_async (const SynVariant *variant, const SynState *state,
                                       SynColour side, guint32 seed, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
SynChoice syn_computer_player_choose_finish (GAsyncResult *result, GError **error);

/* The same choice, computed on the calling thread (for tests and the CLI). */
SynChoice syn_computer_player_choose (const SynVariant *variant, const SynState *state,
                                      SynColour side, guint32 seed);

G_END_DECLS
