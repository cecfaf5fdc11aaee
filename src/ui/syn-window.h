/* syn-window.h: the main window.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-application.h"

G_BEGIN_DECLS

#define SYN_TYPE_WINDOW (syn_window_get_type ())

G_DECLARE_FINAL_TYPE (SynWindow, syn_window, SYN, WINDOW, AdwApplicationWindow)

SynWindow *syn_window_new (SynApplication *app);

G_END_DECLS
