/* syn-time-presets.h: the time controls offered by the New Game and Host dialogs.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-time-control.h"

G_BEGIN_DECLS

/* The presets' labels (translated), then "Custom" last. */
GtkStringList *syn_time_presets_new_model (void);

/* The preset's position for tc, or the position of "Custom". */
guint syn_time_presets_find (const SynTimeControl *tc);

/* The position of "Custom". */
guint syn_time_presets_custom (void);

/* The time control of a preset (not "Custom"). */
SynTimeControl syn_time_presets_get (guint position);

G_END_DECLS
