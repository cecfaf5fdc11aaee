/* syn-application.h: the Synchess application: actions, windows, start-up.
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

G_END_DECLS
