/* syn-dialog-watch.h: tells whether a dialog covers a window, so that its clocks can stop.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SYN_TYPE_DIALOG_WATCH (syn_dialog_watch_get_type ())

G_DECLARE_FINAL_TYPE (SynDialogWatch, syn_dialog_watch, SYN, DIALOG_WATCH, GObject)

/* Watches every toplevel: window counts as covered while a visible window is transient for
 * it (a dialog, a message, a file chooser drawn by GTK), or while a hold is taken. */
SynDialogWatch *syn_dialog_watch_new (GtkWindow *window);

/* For what the watch cannot see, as a file chooser drawn by a portal: one hold, one release. */
void syn_dialog_watch_hold (SynDialogWatch *self);
void syn_dialog_watch_release (SynDialogWatch *self);

gboolean syn_dialog_watch_is_covered (SynDialogWatch *self);

/* Property "covered" (gboolean), notified when it changes. */

G_END_DECLS
