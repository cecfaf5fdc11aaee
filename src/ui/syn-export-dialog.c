/* syn-export-dialog.c: the Export Board dialog, its preview and its file chooser.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-export-dialog"

#include "config.h"

#include "syn-export-dialog.h"

#include <glib/gi18n.h>

struct _SynExportDialog
{
  AdwWindow parent_instance;

  /* template widgets */
  GtkDrawingArea *preview;
  AdwComboRow *format_row;
  GtkSpinButton *size_button;
  AdwPreferencesGroup *marks_group;
  GtkSwitch *heatmap_switch;
  GtkSwitch *frozen_switch;
  GtkSwitch *coordinates_switch;

  /* owned */
  SynBoardFacts facts;
  gboolean flipped;
  GtkNativeDialog *chooser;
};

G_DEFINE_FINAL_TYPE (SynExportDialog, syn_export_dialog, ADW_TYPE_WINDOW)

void
syn_export_dialog_get_options (SynExportDialog *self, SynBoardExportOptions *options)
{
  g_return_if_fail (SYN_IS_EXPORT_DIALOG (self));

  syn_board_export_options_init (options);
  options->format = adw_combo_row_get_selected (self->format_row) == 1 ? SYN_BOARD_EXPORT_SVG
                                                                       : SYN_BOARD_EXPORT_PNG;
  options->size = gtk_spin_button_get_value_as_int (self->size_button);
  options->heatmap = gtk_switch_get_active (self->heatmap_switch);
  options->frozen = gtk_switch_get_active (self->frozen_switch);
  options->coordinates = gtk_switch_get_active (self->coordinates_switch);
  options->flipped = self->flipped;
}

void
syn_export_dialog_set_options (SynExportDialog *self, const SynBoardExportOptions *options)
{
  g_return_if_fail (SYN_IS_EXPORT_DIALOG (self));

  adw_combo_row_set_selected (self->format_row, options->format == SYN_BOARD_EXPORT_SVG);
  gtk_spin_button_set_value (self->size_button, options->size);
  gtk_switch_set_active (self->heatmap_switch, options->heatmap);
  gtk_switch_set_active (self->frozen_switch, options->frozen);
  gtk_switch_set_active (self->coordinates_switch, options->coordinates);
}

gboolean
syn_export_dialog_export_to (SynExportDialog *self, GFile *file, GError **error)
{
  SynBoardExportOptions options;

  g_return_val_if_fail (SYN_IS_EXPORT_DIALOG (self), FALSE);
  syn_export_dialog_get_options (self, &options);
  return syn_board_export_to_file (&self->facts, &options, file, error);
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  SynExportDialog *self = user_data;
  SynBoardExportOptions options;

  syn_export_dialog_get_options (self, &options);
  syn_board_export_draw (cr, MIN (width, height), &self->facts, &options);
}

static void
on_option_changed_cb (SynExportDialog *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));
}

static void
show_error (SynExportDialog *self, const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Could Not Export the Board"),
                                              error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_chooser_response_cb (GtkNativeDialog *chooser, int response, SynExportDialog *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  if (!syn_export_dialog_export_to (self, file, &error))
    {
      show_error (self, error);
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

/* GTK 4.8 has no GtkFileDialog; the native chooser is the portal's inside a Flatpak. */
static void
choose_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynExportDialog *self = SYN_EXPORT_DIALOG (widget);
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = NULL;
  SynBoardExportOptions options;

  if (self->chooser != NULL)
    return;
  syn_export_dialog_get_options (self, &options);
  if (options.format == SYN_BOARD_EXPORT_SVG)
    {
      gtk_file_filter_set_name (filter, _ ("SVG Drawings"));
      gtk_file_filter_add_mime_type (filter, "image/svg+xml");
    }
  else
    {
      gtk_file_filter_set_name (filter, _ ("PNG Images"));
      gtk_file_filter_add_mime_type (filter, "image/png");
    }
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (
      _ ("Export Board"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), NULL));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  /* Translators: the file name an exported board is offered under, before its extension */
  name = g_strdup_printf ("%s.%s", _ ("position"), syn_board_export_extension (options.format));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response_cb), self);
  gtk_native_dialog_show (self->chooser);
}

static void
syn_export_dialog_dispose (GObject *object)
{
  SynExportDialog *self = SYN_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  G_OBJECT_CLASS (syn_export_dialog_parent_class)->dispose (object);
}

static void
syn_export_dialog_class_init (SynExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_export_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, size_button);
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, marks_group);
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, heatmap_switch);
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, frozen_switch);
  gtk_widget_class_bind_template_child (widget_class, SynExportDialog, coordinates_switch);

  gtk_widget_class_install_action (widget_class, "export.choose-file", NULL, choose_file_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_export_dialog_init (SynExportDialog *self)
{
  GtkWidget *switches[3];

  gtk_widget_init_template (GTK_WIDGET (self));
  switches[0] = GTK_WIDGET (self->heatmap_switch);
  switches[1] = GTK_WIDGET (self->frozen_switch);
  switches[2] = GTK_WIDGET (self->coordinates_switch);
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
  g_signal_connect_swapped (self->format_row, "notify::selected", G_CALLBACK (on_option_changed_cb),
                            self);
  g_signal_connect_swapped (self->size_button, "value-changed", G_CALLBACK (on_option_changed_cb),
                            self);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_signal_connect_swapped (switches[i], "notify::active", G_CALLBACK (on_option_changed_cb),
                              self);
}

SynExportDialog *
syn_export_dialog_new (GtkWindow *parent, const SynBoardFacts *facts, gboolean flipped,
                       gboolean heatmap)
{
  SynExportDialog *self = g_object_new (SYN_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);

  g_return_val_if_fail (facts != NULL, NULL);
  self->facts = *facts;
  self->flipped = flipped;
  gtk_switch_set_active (self->heatmap_switch, heatmap && facts->has_control);
  /* Control and freezing (PSC-R2, R3) mean nothing in some rule sets: nothing to mark. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->heatmap_switch), facts->has_control);
  gtk_widget_set_sensitive (GTK_WIDGET (self->frozen_switch), facts->has_control);
  return self;
}
