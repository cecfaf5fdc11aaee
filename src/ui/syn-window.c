/* syn-window.c: the main window. For now it greets; the board, clocks and move list join
 * it with the app's own issue.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window.h"

struct _SynWindow
{
  AdwApplicationWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (SynWindow, syn_window, ADW_TYPE_APPLICATION_WINDOW)

static void
syn_window_class_init (SynWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-window.ui");
}

static void
syn_window_init (SynWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

SynWindow *
syn_window_new (SynApplication *app)
{
  return g_object_new (SYN_TYPE_WINDOW, "application", app, NULL);
}
