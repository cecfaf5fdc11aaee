/* app-test-util.c: what the tests of the real application share (see app-test-util.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "app-test-util.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

static gboolean
tick_cb (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
app_test_iterate_until (gboolean (*done) (gpointer data), gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  /* A tick, so that the loop wakes up to look at the clock when nothing else happens. */
  guint tick = g_timeout_add (10, tick_cb, NULL);

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  return done (data);
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

void
app_test_settle (guint ms)
{
  app_test_iterate_until (never, NULL, ms);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

SynWindow *
app_test_start (SynApplication **app, int width, int height)
{
  GtkWindow *window;
  g_autofree char *data_dirs = NULL;

  /* Isolated folders must still reach the system's data (the icons' MIME types). */
  data_dirs = g_strconcat (g_getenv ("XDG_DATA_DIRS"), ":/usr/local/share:/usr/share", NULL);
  g_setenv ("XDG_DATA_DIRS", data_dirs, TRUE);
  *app = syn_application_new ();
  g_application_set_flags (G_APPLICATION (*app),
                           g_application_get_flags (G_APPLICATION (*app))
                               | G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (*app), NULL, NULL))
    return NULL;
  g_application_activate (G_APPLICATION (*app));
  window = gtk_application_get_active_window (GTK_APPLICATION (*app));
  if (!window || !SYN_IS_WINDOW (window))
    return NULL;
  gtk_window_set_default_size (window, width, height);
  if (!app_test_iterate_until (is_mapped, window, 10000))
    return NULL;
  return SYN_WINDOW (window);
}

void
app_test_quit (SynApplication *app, SynWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* Dialogs too, or the next test's window would find one of them holding the focus. */
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, 0);
      gtk_window_destroy (toplevel);
    }
  app_test_settle (50);
  g_object_unref (app);
}

GtkWidget *
app_test_find (GtkWidget *root, gboolean (*match) (GtkWidget *widget, gconstpointer data),
               gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = app_test_find (child, match, data);
      if (found)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget *widget, gconstpointer data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data));
}

GtkWidget *
app_test_find_type (GtkWidget *root, GType type)
{
  return app_test_find (root, is_of_type, GSIZE_TO_POINTER (type));
}

gboolean
app_test_has_real_input (GtkWidget *widget)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");

#ifdef GDK_WINDOWING_X11
  return xdotool != NULL && GDK_IS_X11_DISPLAY (gtk_widget_get_display (widget));
#else
  return FALSE;
#endif
}

void
app_test_press (const char *key)
{
  const char *argv[] = { "xdotool", "key", "--clearmodifiers", key, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  app_test_settle (150);
}
