/* syn-application.h: the Synchess application: actions, windows, start-up, and the
 * --screenshot mode that renders the window into a PNG.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define SYN_TYPE_APPLICATION (syn_application_get_type ())

G_DECLARE_FINAL_TYPE (SynApplication, syn_application, SYN, APPLICATION, AdwApplication)

SynApplication *syn_application_new (void);

/* The status to exit with: g_application_run()'s, or a failure of --screenshot. */
int syn_application_get_exit_status (SynApplication *self);

G_END_DECLS
