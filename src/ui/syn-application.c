/* syn-application.c: the Synchess application: actions, windows, start-up.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-application"

#include "config.h"

#include "syn-application.h"

#include <glib/gi18n.h>

#include "syn-window.h"

struct _SynApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (SynApplication, syn_application, ADW_TYPE_APPLICATION)

static void
syn_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (!window)
    window = GTK_WINDOW (syn_window_new (SYN_APPLICATION (app)));
  gtk_window_present (window);
}

static void
on_about_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *developers[] = { "The Synchess Authors", NULL };

  adw_show_about_window (gtk_application_get_active_window (app),
                         "application-name", _("Synchess"),
                         "application-icon", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Chess where both players move at once"),
                         "developers", developers,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         NULL);
}

static void
on_quit_action_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
}

static const GActionEntry app_actions[] = {
  { "about", on_about_action_cb, NULL, NULL, NULL },
  { "quit", on_quit_action_cb, NULL, NULL, NULL },
};

static void
syn_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (syn_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
}

static void
syn_application_class_init (SynApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = syn_application_activate;
  app_class->startup = syn_application_startup;
}

static void
syn_application_init (SynApplication *self)
{
}

SynApplication *
syn_application_new (void)
{
  return g_object_new (SYN_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", "/io/github/synchess/Synchess",
                       NULL);
}
