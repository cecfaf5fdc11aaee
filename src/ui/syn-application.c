/* syn-application.c: the Synchess application: actions, windows, start-up, and the
 * --screenshot mode that renders the real window into a PNG and exits.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-application"

#include "config.h"

#include "syn-application.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "syn-help-window.h"
#include "syn-preferences-window.h"
#include "syn-window.h"

/* A window that has not drawn within this time will not. */
#define SCREENSHOT_TIMEOUT_MS 20000

struct _SynApplication
{
  AdwApplication parent_instance;

  /* owned: the --screenshot request */
  char *screenshot_path;
  SynState screenshot_start;
  const SynVariant *screenshot_variant;
  gboolean screenshot_has_start;
  int screenshot_width, screenshot_height;
  guint screenshot_timeout;

  int exit_status;
};

G_DEFINE_FINAL_TYPE (SynApplication, syn_application, ADW_TYPE_APPLICATION)

static SynWindow *
active_window (SynApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  return window && SYN_IS_WINDOW (window) ? SYN_WINDOW (window) : NULL;
}

static void
fail_screenshot (SynApplication *self, const char *message)
{
  fprintf (stderr, "synchess: %s\n", message);
  self->exit_status = 1;
  g_application_quit (G_APPLICATION (self));
}

static gboolean
on_screenshot_timeout_cb (gpointer user_data)
{
  SynApplication *self = user_data;
  self->screenshot_timeout = 0;
  fail_screenshot (self, _ ("the window was not drawn in time"));
  return G_SOURCE_REMOVE;
}

static gboolean
take_screenshot_cb (gpointer user_data)
{
  SynApplication *self = user_data;
  SynWindow *window = active_window (self);
  g_autoptr (GError) error = NULL;

  g_clear_handle_id (&self->screenshot_timeout, g_source_remove);
  if (!window
      || !syn_window_render_png (window, self->screenshot_path, self->screenshot_width,
                                 self->screenshot_height, &error))
    fail_screenshot (self, error ? error->message : _ ("no window"));
  else
    g_application_quit (G_APPLICATION (self));
  return G_SOURCE_REMOVE;
}

/* Waits for the first frame to be painted, then renders the window once more. */
static void
on_after_paint_cb (GdkFrameClock *clock, SynApplication *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_after_paint_cb, self);
  g_timeout_add (200, take_screenshot_cb, self);
}

static void
on_window_mapped_cb (GtkWidget *window, SynApplication *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), self);
  gtk_widget_queue_draw (window);
}

static void
start_screenshot (SynApplication *self, SynWindow *window)
{
  SynNewGameOptions options
      = { self->screenshot_variant, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };

  gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot_width,
                               self->screenshot_height);
  syn_window_start_game (window, &options,
                         self->screenshot_has_start ? &self->screenshot_start : NULL, FALSE);
  g_signal_connect_after (window, "map", G_CALLBACK (on_window_mapped_cb), self);
  self->screenshot_timeout = g_timeout_add (SCREENSHOT_TIMEOUT_MS, on_screenshot_timeout_cb, self);
}

static void
syn_application_activate (GApplication *app)
{
  SynApplication *self = SYN_APPLICATION (app);
  SynWindow *window = active_window (self);
  gboolean fresh = window == NULL;

  if (fresh)
    {
      window = syn_window_new (self);
      if (self->screenshot_path)
        start_screenshot (self, window);
      else
        syn_window_show_welcome (window);
    }
  gtk_window_present (GTK_WINDOW (window));
  if (fresh && !self->screenshot_path)
    syn_window_offer_resume (window);
}

static void
syn_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  SynApplication *self = SYN_APPLICATION (app);
  SynWindow *window = active_window (self);

  if (!window)
    {
      window = syn_window_new (self);
      syn_window_show_welcome (window);
    }
  gtk_window_present (GTK_WINDOW (window));
  if (n_files > 0 && g_file_has_uri_scheme (files[n_files - 1], "synchess"))
    {
      /* An invitation's link (docs/protocol.md, "Invitations across the Internet"). */
      g_autofree char *uri = g_file_get_uri (files[n_files - 1]);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.accept-invite", "s", uri);
    }
  else if (n_files > 0)
    syn_window_open_file (window, files[n_files - 1]);
}

/* Reads --screenshot, --fen and --size; a bad value ends the program with a message. */
static int
syn_application_handle_local_options (GApplication *app, GVariantDict *options)
{
  SynApplication *self = SYN_APPLICATION (app);
  const char *path = NULL, *fen = NULL, *size = NULL, *variant_id = NULL;

  g_variant_dict_lookup (options, "screenshot", "^&ay", &path);
  g_variant_dict_lookup (options, "fen", "&s", &fen);
  g_variant_dict_lookup (options, "variant", "&s", &variant_id);
  g_variant_dict_lookup (options, "size", "&s", &size);
  if (!path)
    {
      if (fen || size || variant_id)
        {
          fprintf (stderr, "synchess: %s\n",
                   _ ("--fen, --variant and --size go with --screenshot"));
          return 1;
        }
      return -1;
    }

  self->screenshot_path = g_strdup (path);
  self->screenshot_width = 1280;
  self->screenshot_height = 800;
  if (size)
    {
      char *end;
      long width = strtol (size, &end, 10), height = 0;
      if (*end == 'x')
        height = strtol (end + 1, &end, 10);
      if (*end != '\0' || width < 200 || height < 200 || width > 8192 || height > 8192)
        {
          fprintf (stderr, "synchess: %s\n",
                   _ ("--size wants WIDTHxHEIGHT, each from 200 to 8192, like 1280x800"));
          return 1;
        }
      self->screenshot_width = (int) width;
      self->screenshot_height = (int) height;
    }
  self->screenshot_variant = &syn_variant_psc;
  if (variant_id && !(self->screenshot_variant = syn_variant_lookup (variant_id)))
    {
      fprintf (stderr, "synchess: %s\n",
               _ ("--variant wants psc, synchrone, hk, hutnik or transactional"));
      return 1;
    }
  if (fen)
    {
      SynFenError error;
      const SynVariant *variant = self->screenshot_variant;
      if (!variant->read_state (g_str_equal (fen, "startpos") ? variant->start_fen : fen,
                                &self->screenshot_start, &error))
        {
          fprintf (stderr, "synchess: %s: %s\n", _ ("bad FEN"), error.message);
          return 1;
        }
      self->screenshot_has_start = TRUE;
    }
  /* A screenshot is its own program run: it never joins a running instance. */
  g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
  return -1;
}

static void
on_preferences_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  SynPreferencesWindow *window
      = syn_preferences_window_new (gtk_application_get_active_window (app), settings);

  gtk_window_present (GTK_WINDOW (window));
}

static void
on_help_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  SynHelpWindow *window = syn_help_window_new (gtk_application_get_active_window (app));

  gtk_window_present (GTK_WINDOW (window));
}

static void
on_about_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Synchess Authors", NULL };

  adw_show_about_window (gtk_application_get_active_window (app), "application-name",
                         _ ("Synchess"), "application-icon", APPLICATION_ID, "version",
                         PACKAGE_VERSION, "comments", _ ("Chess where both players move at once"),
                         "developers", developers, "license-type", GTK_LICENSE_GPL_3_0, NULL);
}

static void
on_quit_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (app);

  /* Closing through the window keeps its size and stops the game cleanly. */
  if (window && !gtk_window_get_hide_on_close (window))
    gtk_window_close (window);
  g_application_quit (G_APPLICATION (app));
}

/* The desktop file's actions (New Game, Host a Game, Join a Game) land here, over D-Bus or
 * through `gapplication action`, possibly in a service that has no window yet; each opens
 * the window's action of the same name. No offer to resume a game: the user asked for
 * something else. */
static void
on_desktop_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  SynApplication *self = SYN_APPLICATION (user_data);
  SynWindow *window = active_window (self);
  g_autofree char *window_action
      = g_strconcat ("win.", g_action_get_name (G_ACTION (action)), NULL);

  if (!window)
    {
      window = syn_window_new (self);
      syn_window_show_welcome (window);
    }
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), window_action, NULL);
}

static const GActionEntry app_actions[] = {
  { "new-game", on_desktop_action_cb, NULL, NULL, NULL },
  { "host-game", on_desktop_action_cb, NULL, NULL, NULL },
  { "join-game", on_desktop_action_cb, NULL, NULL, NULL },
  { "preferences", on_preferences_action_cb, NULL, NULL, NULL },
  { "help", on_help_action_cb, NULL, NULL, NULL },
  { "about", on_about_action_cb, NULL, NULL, NULL },
  { "quit", on_quit_action_cb, NULL, NULL, NULL },
};

/* Every action's keys, GNOME's usual ones where there are: set on the application, so that
 * the Keyboard Shortcuts window shows them. */
static const struct
{
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "app.help", { "F1", NULL } },
  { "win.new-game", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  /* It asks first, so a slip of the fingers loses nothing. */
  { "win.resign", { "<Control><Shift>r", NULL } },
  { "win.flip", { "<Control>f", NULL } },
  { "win.take-back", { "<Control>z", NULL } },
  { "win.previous-turn", { "<Alt>Left", NULL } },
  { "win.next-turn", { "<Alt>Right", NULL } },
  { "win.first-turn", { "<Alt>Home", NULL } },
  { "win.last-turn", { "<Alt>End", NULL } },
  { "win.edit-position", { "<Control>e", NULL } },
  { "win.explore", { "<Control><Shift>e", NULL } },
  { "win.copy-fen", { "<Control><Shift>c", NULL } },
  { "win.export-board", { "<Control><Shift>x", NULL } },
  { "win.review-game", { "<Control><Shift>g", NULL } },
};

static void
syn_application_startup (GApplication *app)
{
  g_autoptr (GtkCssProvider) panels = gtk_css_provider_new ();

  G_APPLICATION_CLASS (syn_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
  /* style.css loads by itself (AdwApplication); the panels bring their own sheet. */
  gtk_css_provider_load_from_resource (panels, "/io/github/synchess/Synchess/panels.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (panels),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void
syn_application_finalize (GObject *object)
{
  SynApplication *self = SYN_APPLICATION (object);

  g_clear_handle_id (&self->screenshot_timeout, g_source_remove);
  g_free (self->screenshot_path);
  G_OBJECT_CLASS (syn_application_parent_class)->finalize (object);
}

static void
syn_application_class_init (SynApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = syn_application_finalize;
  app_class->activate = syn_application_activate;
  app_class->open = syn_application_open;
  app_class->startup = syn_application_startup;
  app_class->handle_local_options = syn_application_handle_local_options;
}

static void
syn_application_init (SynApplication *self)
{
  static const GOptionEntry entries[]
      = { { "screenshot", 0, 0, G_OPTION_ARG_FILENAME, NULL,
            N_ ("Render the main window into a PNG file and exit"), N_ ("FILE") },
          { "fen", 0, 0, G_OPTION_ARG_STRING, NULL, N_ ("The position to show (with --screenshot)"),
            N_ ("FEN") },
          { "variant", 0, 0, G_OPTION_ARG_STRING, NULL,
            N_ ("The rule set of the position (with --screenshot): psc, synchrone, hk, hutnik or "
                "transactional"),
            N_ ("ID") },
          { "size", 0, 0, G_OPTION_ARG_STRING, NULL,
            N_ ("The window size (with --screenshot), like 1280x800"), N_ ("WxH") },
          { NULL } };
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
}

SynApplication *
syn_application_new (void)
{
  return g_object_new (SYN_TYPE_APPLICATION, "application-id", APPLICATION_ID, "flags",
                       G_APPLICATION_HANDLES_OPEN, "resource-base-path",
                       "/io/github/synchess/Synchess", NULL);
}

int
syn_application_get_exit_status (SynApplication *self)
{
  return self->exit_status;
}
