/* app-test-util.c: what the tests of the real application share (see app-test-util.h).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "app-test-util.h"

#include "syn-move-list.h"

#include <libintl.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

void
app_test_init (int *argc, char ***argv)
{
  const char *language = g_getenv ("SYNCHESS_TEST_SHOTS_LANGUAGE");
  const char *localedir = g_getenv ("SYNCHESS_TEST_LOCALEDIR");

  g_setenv ("GDK_BACKEND", "x11", FALSE);
  /* No accessibility bus under Xvfb. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  /* Each test gets its own folders (autosaves, settings). */
  g_test_init (argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  if (app_test_shots_folder () != NULL && language != NULL && localedir != NULL)
    {
      g_setenv ("LANGUAGE", language, TRUE);
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  else
    {
      g_setenv ("LANGUAGE", "C", TRUE);
      gtk_disable_setlocale ();
    }
  adw_init ();
}

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

gboolean
app_test_is_active (gpointer window)
{
  return gtk_window_is_active (GTK_WINDOW (window));
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
  g_application_set_flags (G_APPLICATION (*app), g_application_get_flags (G_APPLICATION (*app))
                                                     | G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (*app), NULL, NULL))
    return NULL;
  g_application_activate (G_APPLICATION (*app));
  window = gtk_application_get_active_window (GTK_APPLICATION (*app));
  if (!window || !SYN_IS_WINDOW (window))
    return NULL;
  if (width > 0 && height > 0)
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
app_test_is_button_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

gboolean
app_test_has_label (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

gboolean
app_test_shows_text (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget)
         && strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

gboolean
app_test_text_shown (gpointer data)
{
  AppTestTextWait *wait = data;

  return app_test_find (wait->root, app_test_shows_text, wait->text) != NULL;
}

void
app_test_wait_for_text (GtkWidget *root, const char *text)
{
  AppTestTextWait wait = { root, text };

  g_test_message ("waiting for “%s”", text);
  g_assert_true (app_test_iterate_until (app_test_text_shown, &wait, 20000));
}

gboolean
app_test_network_game_begun (gpointer window)
{
  SynGame *game = syn_window_get_game (window);

  return game
         && (syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE
             || syn_game_get_player_kind (game, SYN_BLACK) == SYN_PLAYER_REMOTE);
}

GtkWindow *
app_test_first_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type))
        return toplevel;
    }
  return NULL;
}

GtkWindow *
app_test_newest_toplevel (GtkWindow *besides, GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) toplevel = g_list_model_get_item (toplevels, i);
      if (toplevel != besides && G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type)
          && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        found = toplevel;
    }
  return found;
}

void
app_test_collect_text (GtkWidget *widget, GString *text)
{
  if (GTK_IS_LABEL (widget))
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    app_test_collect_text (child, text);
}

char *
app_test_move_list_row (SynWindow *window, int index)
{
  GtkWidget *move_list = app_test_find_type (GTK_WIDGET (window), SYN_TYPE_MOVE_LIST);
  GtkWidget *list_box;
  GtkListBoxRow *row = NULL;
  GString *text = g_string_new (NULL);

  g_assert_nonnull (move_list);
  list_box = app_test_find_type (move_list, GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list_box);
  for (int i = 0; gtk_list_box_get_row_at_index (GTK_LIST_BOX (list_box), i) != NULL
                  && (index < 0 || i <= index);
       i++)
    row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list_box), i);
  g_assert_nonnull (row);
  app_test_collect_text (GTK_WIDGET (row), text);
  return g_string_free (text, FALSE);
}

gboolean
app_test_turn_done (gpointer data)
{
  AppTestTurnWait *wait = data;

  return syn_game_get_n_turns (wait->game) > wait->turns || syn_game_is_over (wait->game);
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

void
app_test_pointer (GtkWidget *widget, double x, double y, int button)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t point;
  double dx, dy;
  g_autofree char *window = NULL, *px = NULL, *py = NULL, *pressed = NULL;
  g_autoptr (GError) error = NULL;
  int status = 0;

  if (x < 0)
    x = gtk_widget_get_width (widget) / 2.0;
  if (y < 0)
    y = gtk_widget_get_height (widget) / 2.0;
  g_assert_true (
      gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &point));
  /* Client-side decorations may put the window's widget off the surface's corner. */
  gtk_native_get_surface_transform (native, &dx, &dy);
  window = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  px = g_strdup_printf ("%d", (int) (point.x + dx));
  py = g_strdup_printf ("%d", (int) (point.y + dy));
  pressed = g_strdup_printf ("%d", button);
  {
    const char *argv[] = { "xdotool", "mousemove", "--sync", "--window",
                           window,    px,          py,       button > 0 ? "click" : NULL,
                           pressed,   NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                                 NULL, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  app_test_settle (250);
#else
  g_assert_not_reached ();
#endif
}

void
app_test_click_square (GtkWidget *board, const char *square, int button)
{
  graphene_rect_t rect;
  graphene_point_t centre;

  g_assert_true (syn_board_view_get_square_rect (SYN_BOARD_VIEW (board),
                                                 syn_square_from_text (square), &rect));
  graphene_rect_get_center (&rect, &centre);
  app_test_pointer (board, centre.x, centre.y, button);
}

/* Screenshots */

const char *
app_test_shots_folder (void)
{
  return g_getenv ("SYNCHESS_TEST_SHOTS");
}

void
app_test_shoot_widget (GtkWidget *widget, const char *name, guint settle_ms)
{
  const char *folder = app_test_shots_folder ();
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;
  int width, height;

  if (folder == NULL)
    return;
  app_test_settle (settle_ms);
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (folder, name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

void
app_test_shoot_screen (const char *name, guint settle_ms)
{
  const char *folder = app_test_shots_folder ();
  g_autofree char *path = NULL;

  if (folder == NULL)
    return;
  app_test_settle (settle_ms);
  path = g_build_filename (folder, name, NULL);
  {
    const char *argv[] = { "import", "-window", "root", path, NULL };
    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                  NULL);
  }
}

/* synchess-cli */

guint16
app_test_free_port (void)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, NULL);

  g_socket_listener_close (listener);
  return port;
}

void
app_test_die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* Started with g_spawn, not a GSubprocess: a test may fork afterwards, and GIO's helper
 * threads would not follow. */
void
app_test_spawn_cli (const char *home, const char *const *argv, GPid *pid, int *stdout_fd)
{
  g_auto (GStrv) env = g_get_environ ();
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_autoptr (GError) error = NULL;
  GSpawnFlags flags = G_SPAWN_DO_NOT_REAP_CHILD;

  env = g_environ_setenv (env, "HOME", home, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", data, TRUE);
  if (stdout_fd == NULL)
    flags |= G_SPAWN_STDOUT_TO_DEV_NULL;
  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, env, flags,
                                           app_test_die_with_parent, NULL, pid, NULL, stdout_fd,
                                           NULL, &error));
  g_assert_no_error (error);
}

static void
remove_file_tree (GFile *file)
{
  g_autoptr (GFileEnumerator) children = g_file_enumerate_children (
      file, G_FILE_ATTRIBUTE_STANDARD_NAME, G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  for (;;)
    {
      GFile *child;
      if (!children || !g_file_enumerator_iterate (children, NULL, &child, NULL, NULL) || !child)
        break;
      remove_file_tree (child);
    }
  g_file_delete (file, NULL, NULL);
}

void
app_test_remove_tree (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  remove_file_tree (file);
}
