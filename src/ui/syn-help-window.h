/* syn-help-window.h: the How to Play window, a short illustrated guide to the rules.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SYN_TYPE_HELP_WINDOW (syn_help_window_get_type ())

G_DECLARE_FINAL_TYPE (SynHelpWindow, syn_help_window, SYN, HELP_WINDOW, AdwWindow)

/* A new guide, transient for parent (may be NULL); its last PSC page opens parent's
 * "win.show-help-overlay". */
SynHelpWindow *syn_help_window_new (GtkWindow *parent);

/* Shows the pages of a rule set by its id ("psc", "synchrone", "hk", "hutnik",
 * "transactional"); FALSE, changing nothing, for an id the guide does not know. A new guide
 * shows the rules of parent's game, or PSC's. */
gboolean syn_help_window_show_rule_set (SynHelpWindow *self, const char *rule_set);
const char *syn_help_window_get_rule_set (SynHelpWindow *self);

G_END_DECLS
