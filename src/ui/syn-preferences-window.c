/* syn-preferences-window.c: the Preferences window; every row is bound to a setting, so
 * changes apply at once and persist.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-preferences"

#include "config.h"

#include "syn-preferences-window.h"

#include "syn-window.h"

struct _SynPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  /* template widgets */
  GtkSwitch *coordinates_switch;
  GtkSwitch *flip_switch;
  AdwComboRow *heatmap_row;
  GtkSwitch *animations_switch;
  AdwEntryRow *name_row;
  AdwEntryRow *stun_row;
  AdwEntryRow *turn_row;
  GtkWidget *clock_note;

  /* owned */
  GSettings *settings;
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

char *
syn_preferences_player_name (GSettings *settings)
{
  g_autofree char *chosen = g_strstrip (g_settings_get_string (settings, "player-name"));
  const char *real = g_get_real_name ();

  if (*chosen != '\0')
    return g_steal_pointer (&chosen);
  /* GLib says "Unknown" when the system knows no full name. */
  if (real && *real && g_strcmp0 (real, "Unknown") != 0)
    return g_strdup (real);
  return g_strdup (g_get_user_name ());
}

/* The row shows the name others see, the system's when none was chosen; typing the
 * system's name again leaves the setting empty, so the name follows the system. */
static void
on_name_changed_cb (SynPreferencesWindow *self)
{
  g_autofree char *typed
      = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  g_autofree char *current = NULL;

  g_settings_set_string (self->settings, "player-name", "");
  current = syn_preferences_player_name (self->settings);
  if (*typed != '\0' && g_strcmp0 (typed, current) != 0)
    g_settings_set_string (self->settings, "player-name", typed);
}

static void
syn_preferences_window_dispose (GObject *object)
{
  SynPreferencesWindow *self = SYN_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (syn_preferences_window_parent_class)->dispose (object);
}

static void
syn_preferences_window_class_init (SynPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = syn_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/synchess/Synchess/syn-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, flip_switch);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, heatmap_row);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, name_row);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, stun_row);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, turn_row);
  gtk_widget_class_bind_template_child (widget_class, SynPreferencesWindow, clock_note);
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
  /* Invitations across the Internet read the servers when they start. */
  g_settings_bind (settings, "stun-server", self->stun_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "turn-server", self->turn_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "heatmap-mode", self->heatmap_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, enum_to_selected, selected_to_enum, NULL,
                                NULL);
  {
    g_autofree char *name = syn_preferences_player_name (settings);
    self->settings = g_object_ref (settings);
    gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
    g_signal_connect_object (self->name_row, "changed", G_CALLBACK (on_name_changed_cb), self,
                             G_CONNECT_SWAPPED);
  }
  gtk_widget_set_visible (self->clock_note,
                          SYN_IS_WINDOW (parent)
                              && syn_window_clocks_run_behind_dialogs (SYN_WINDOW (parent)));
  return self;
}
