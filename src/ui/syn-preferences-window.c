/* syn-preferences-window.c: the Preferences window; every row is bound to a setting, so
 * changes apply at once and persist.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-preferences"

#include "config.h"

#include "syn-preferences-window.h"

struct _SynPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* template widgets */
  GtkSwitch *coordinates_switch;
  GtkSwitch *flip_switch;
  AdwComboRow *heatmap_row;
  GtkSwitch *animations_switch;
};

G_DEFINE_FINAL_TYPE (SynPreferencesWindow, syn_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The heatmap enum (off, mine, theirs) maps straight onto the row's positions. */
static gboolean
enum_to_selected (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);
  guint selected = g_str_equal (nick, "mine") ? 1 : g_str_equal (nick, "theirs") ? 2 : 0;
  g_value_set_uint (value, selected);
  return TRUE;
}

static GVariant *
selected_to_enum (const GValue *value, const GVariantType *type, gpointer user_data)
{
  static const char *const nicks[] = { "off", "mine", "theirs" };
  guint selected = g_value_get_uint (value);
  return g_variant_new_string (nicks[MIN (selected, 2u)]);
}

static void
syn_preferences_window_class_init (SynPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/synchess/Synchess/syn-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, flip_switch);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, heatmap_row);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, animations_switch);
}

static void
syn_preferences_window_init (SynPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

SynPreferencesWindow *
syn_preferences_window_new (GtkWindow *parent, GSettings *settings)
{
  SynPreferencesWindow *self
      = g_object_new (SYN_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);

  g_settings_bind (settings, "show-coordinates", self->coordinates_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "board-flipped", self->flip_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "animations", self->animations_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "heatmap-mode", self->heatmap_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, enum_to_selected, selected_to_enum, NULL,
                                NULL);
  return self;
}
