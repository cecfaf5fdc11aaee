/* syn-new-game-dialog.c: the New Game dialog: rule set, clock, fog of war, opponent. It
 * offers the last choices first and stores the new ones.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-new-game-dialog"

#include "config.h"

#include "syn-new-game-dialog.h"

#include <glib/gi18n.h>

#include "syn-notation.h"
#include "syn-time-presets.h"

#define CUSTOM_PRESET (syn_time_presets_custom ())

struct _SynNewGameDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwComboRow *variant_row;
  GtkSwitch *fog_switch;
  AdwComboRow *opponent_row;
  AdwComboRow *play_as_row;
  AdwComboRow *level_row;
  AdwComboRow *time_row;
  GtkWidget *minutes_row;
  GtkWidget *increment_row;
  GtkSpinButton *minutes_spin;
  GtkSpinButton *increment_spin;

  /* owned */
  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (SynNewGameDialog, syn_new_game_dialog, ADW_TYPE_WINDOW)

enum
{
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
syn_new_game_options_from_settings (GSettings *settings, SynNewGameOptions *options)
{
  g_autofree char *tc = g_settings_get_string (settings, "time-control");
  g_autofree char *variant = g_settings_get_string (settings, "variant");
  int play_as = g_settings_get_enum (settings, "play-as");

  options->variant = syn_variant_lookup (variant);
  if (options->variant == NULL)
    options->variant = &syn_variant_psc;
  if (!syn_time_control_parse (tc, &options->time_control))
    options->time_control = SYN_TIME_CONTROL_DEFAULT;
  options->fog = g_settings_get_boolean (settings, "fog");
  options->opponent = g_settings_get_enum (settings, "opponent-kind") == 1 ? SYN_PLAYER_COMPUTER
                                                                           : SYN_PLAYER_HUMAN;
  options->play_as = play_as == 2 ? (SynColour) g_random_int_range (0, 2) : (SynColour) play_as;
  options->level = (SynComputerLevel) g_settings_get_enum (settings, "computer-level");
}

static void
update_sensitivity (SynNewGameDialog *self)
{
  gboolean custom = adw_combo_row_get_selected (self->time_row) == CUSTOM_PRESET;

  gtk_widget_set_visible (self->minutes_row, custom);
  gtk_widget_set_visible (self->increment_row, custom);
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_as_row),
                            adw_combo_row_get_selected (self->opponent_row) == 1);
  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row),
                            adw_combo_row_get_selected (self->opponent_row) == 1);
}

static void
on_row_selected_cb (SynNewGameDialog *self)
{
  update_sensitivity (self);
}

/* What each rule set is, in a line, so that a newcomer can choose one; by id. */
static const char *
variant_description (const SynVariant *variant)
{
  static const struct
  {
    const char *id;
    const char *text;
  } lines[] = {
    { "psc", N_ ("Both move at once; a piece attacked by two enemies is frozen") },
    { "synchrone", N_ ("Both move at once; pieces that meet on a square both die") },
    { "hk", N_ ("Both move at once, then blows are exchanged where a piece lands attacked") },
    { "hutnik", N_ ("Both move at once; the initiative holder's move comes first") },
    { "transactional", N_ ("Turns alternate; hidden moves are committed or rolled back") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
    if (g_str_equal (variant->id, lines[i].id))
      return _ (lines[i].text);
  return "";
}

/* The row shows the chosen rule set under its title, the name and its line wrapping as
 * needed, rather than the name alone beside the title, cut short in a narrow dialog. */
static void
on_variant_selected_cb (SynNewGameDialog *self)
{
  guint selected = adw_combo_row_get_selected (self->variant_row);
  const SynVariant *variant;
  g_autofree char *name = NULL;
  g_autofree char *line = NULL;
  g_autofree char *subtitle = NULL;

  if (selected == GTK_INVALID_LIST_POSITION)
    return;
  variant = syn_variant_all ()[selected];
  name = g_markup_escape_text (syn_notation_variant_name (variant), -1);
  line = g_markup_escape_text (variant_description (variant), -1);
  subtitle = g_strdup_printf ("%s\n%s", name, line);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->variant_row), subtitle);
}

/* The popover's items: each rule set's name with its line under it. */
static void
setup_variant_item_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *line = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_xalign (GTK_LABEL (line), 0);
  gtk_label_set_wrap (GTK_LABEL (line), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (line), 36);
  gtk_widget_add_css_class (line, "dim-label");
  gtk_widget_add_css_class (line, "caption");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), line);
  gtk_list_item_set_child (item, box);
}

static void
bind_variant_item_cb (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  const SynVariant *variant = syn_variant_all ()[gtk_list_item_get_position (item)];

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      syn_notation_variant_name (variant));
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_last_child (box)),
                      variant_description (variant));
}

static void
on_start_clicked_cb (SynNewGameDialog *self)
{
  SynNewGameOptions options = { 0 };
  guint preset = adw_combo_row_get_selected (self->time_row);
  guint play_as = adw_combo_row_get_selected (self->play_as_row);
  g_autofree char *tc_text = NULL;

  options.variant = syn_variant_all ()[adw_combo_row_get_selected (self->variant_row)];
  if (preset == CUSTOM_PRESET)
    {
      options.time_control.initial_ms
          = (gint64) (gtk_spin_button_get_value (self->minutes_spin) * 60000.0);
      options.time_control.increment_ms
          = (gint64) (gtk_spin_button_get_value (self->increment_spin) * 1000.0);
    }
  else
    options.time_control = syn_time_presets_get (preset);
  options.fog = gtk_switch_get_active (self->fog_switch);
  options.opponent = adw_combo_row_get_selected (self->opponent_row) == 1 ? SYN_PLAYER_COMPUTER
                                                                          : SYN_PLAYER_HUMAN;
  options.play_as = play_as == 2 ? (SynColour) g_random_int_range (0, 2) : (SynColour) play_as;
  options.level = (SynComputerLevel) adw_combo_row_get_selected (self->level_row);

  tc_text = syn_time_control_to_string (&options.time_control);
  g_settings_set_string (self->settings, "variant", options.variant->id);
  g_settings_set_string (self->settings, "time-control", tc_text);
  g_settings_set_boolean (self->settings, "fog", options.fog);
  g_settings_set_enum (self->settings, "opponent-kind",
                       options.opponent == SYN_PLAYER_COMPUTER ? 1 : 0);
  g_settings_set_enum (self->settings, "play-as", (int) play_as);
  g_settings_set_enum (self->settings, "computer-level", (int) options.level);

  g_signal_emit (self, signals[START], 0, &options);
  gtk_window_close (GTK_WINDOW (self));
}

/* Shows the stored options, picking the preset that matches the stored clock. */
static void
load_settings (SynNewGameDialog *self)
{
  g_autofree char *tc_text = g_settings_get_string (self->settings, "time-control");
  SynTimeControl tc = SYN_TIME_CONTROL_DEFAULT;
  guint preset;

  syn_time_control_parse (tc_text, &tc);
  preset = syn_time_presets_find (&tc);
  {
    g_autofree char *id = g_settings_get_string (self->settings, "variant");
    for (guint i = 0; syn_variant_all ()[i]; i++)
      if (g_str_equal (syn_variant_all ()[i]->id, id))
        adw_combo_row_set_selected (self->variant_row, i);
  }
  adw_combo_row_set_selected (self->time_row, preset);
  if (preset == CUSTOM_PRESET)
    {
      gtk_spin_button_set_value (self->minutes_spin, (double) tc.initial_ms / 60000.0);
      gtk_spin_button_set_value (self->increment_spin, (double) tc.increment_ms / 1000.0);
    }
  gtk_switch_set_active (self->fog_switch, g_settings_get_boolean (self->settings, "fog"));
  adw_combo_row_set_selected (self->opponent_row,
                              (guint) g_settings_get_enum (self->settings, "opponent-kind"));
  adw_combo_row_set_selected (self->play_as_row,
                              (guint) g_settings_get_enum (self->settings, "play-as"));
  adw_combo_row_set_selected (self->level_row,
                              (guint) g_settings_get_enum (self->settings, "computer-level"));
  update_sensitivity (self);
}

static void
syn_new_game_dialog_dispose (GObject *object)
{
  SynNewGameDialog *self = SYN_NEW_GAME_DIALOG (object);

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (syn_new_game_dialog_parent_class)->dispose (object);
}

static void
syn_new_game_dialog_class_init (SynNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_new_game_dialog_dispose;

  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                 NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/synchess/Synchess/syn-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, variant_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, fog_switch);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, play_as_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, level_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, time_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, minutes_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, increment_row);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, SynNewGameDialog, increment_spin);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_new_game_dialog_init (SynNewGameDialog *self)
{
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) times = syn_time_presets_new_model ();
  const SynVariant *const *all = syn_variant_all ();
  g_autoptr (GtkListItemFactory) shown = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkListItemFactory) listed = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  for (int i = 0; all[i]; i++)
    gtk_string_list_append (variants, syn_notation_variant_name (all[i]));
  /* The chosen one is in the subtitle (on_variant_selected_cb): the factory of the value
   * beside the title makes nothing. */
  adw_combo_row_set_factory (self->variant_row, shown);
  g_signal_connect (listed, "setup", G_CALLBACK (setup_variant_item_cb), NULL);
  g_signal_connect (listed, "bind", G_CALLBACK (bind_variant_item_cb), NULL);
  adw_combo_row_set_list_factory (self->variant_row, listed);
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variants));
  g_signal_connect_swapped (self->variant_row, "notify::selected",
                            G_CALLBACK (on_variant_selected_cb), self);
  on_variant_selected_cb (self);
  adw_combo_row_set_model (self->time_row, G_LIST_MODEL (times));

  g_signal_connect_swapped (self->time_row, "notify::selected", G_CALLBACK (on_row_selected_cb),
                            self);
  g_signal_connect_swapped (self->opponent_row, "notify::selected", G_CALLBACK (on_row_selected_cb),
                            self);
}

SynNewGameDialog *
syn_new_game_dialog_new (GtkWindow *parent, GSettings *settings)
{
  SynNewGameDialog *self = g_object_new (SYN_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);

  self->settings = g_object_ref (settings);
  load_settings (self);
  return self;
}
