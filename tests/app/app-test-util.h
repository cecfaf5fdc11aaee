/* app-test-util.h: what the tests of the real application share: the main loop run until
 * something holds, the application started as `synchess` starts it, widgets found by
 * type, and real key presses and clicks sent through the X server with xdotool.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-application.h"
#include "syn-window.h"

G_BEGIN_DECLS

/* Runs the main loop until done (data) holds or timeout_ms pass; returns done (data). */
gboolean app_test_iterate_until (gboolean (*done) (gpointer data), gpointer data,
                                 guint timeout_ms);
/* Runs the main loop for ms milliseconds. */
void app_test_settle (guint ms);

/* Starts the application with its window shown at width x height; NULL if it could not. */
SynWindow *app_test_start (SynApplication **app, int width, int height);
void app_test_quit (SynApplication *app, SynWindow *window);

/* The first widget under root, in depth-first order, for which match (widget, data) holds;
 * and the first of a type. */
GtkWidget *app_test_find (GtkWidget *root, gboolean (*match) (GtkWidget *widget, gconstpointer data),
                          gconstpointer data);
GtkWidget *app_test_find_type (GtkWidget *root, GType type);

/* Whether real input can be sent: xdotool is there and the display is X11's. */
gboolean app_test_has_real_input (GtkWidget *widget);
/* Presses key (xdotool's name: "space", "ctrl+s") as a person would, to the window that has
 * the focus, and lets the application handle it. */
void app_test_press (const char *key);

G_END_DECLS
