/* syn-what-if-tree.c: what-if's tree of explored pairs: deeper, back, and saving and opening it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-what-if"

#include "config.h"

#include "syn-what-if-private.h"

#include <glib/gi18n.h>

void
_syn_what_if_go_deeper_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynChoice white = _syn_what_if_selected_choice (self->white_moves, self->white, self->n_white);
  SynChoice black = _syn_what_if_selected_choice (self->black_moves, self->black, self->n_black);

  /* A pair not yet explored here becomes a new branch; a known one is followed. */
  self->node = syn_variation_node_add_child (self->node, white, black);
  _syn_what_if_show_state (self, syn_variation_node_get_state (self->node));
}

void
_syn_what_if_back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynVariationNode *left = self->node;
  SynChoice white, black;

  if (syn_variation_node_get_parent (left) == NULL)
    return;
  self->node = syn_variation_node_get_parent (left);
  _syn_what_if_show_state (self, syn_variation_node_get_state (self->node));
  /* The pair that led where we were stays chosen, so Play This Pair returns there. */
  syn_variation_node_get_pair (left, &white, &black);
  syn_what_if_select_choices (self, white, black);
}

static void
show_error (SynWhatIf *self, const char *heading, const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_chooser_response_cb (GtkNativeDialog *chooser, int response, SynWhatIf *self)
{
  gboolean saving
      = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  if (saving && !syn_what_if_save_tree (self, file, &error))
    show_error (self, _ ("The Analysis Could Not Be Saved"), error);
  else if (!saving && !syn_what_if_open_tree (self, file, &error))
    show_error (self, _ ("The Analysis Could Not Be Opened"), error);
}

static void
choose_file (SynWhatIf *self, GtkFileChooserAction action)
{
  gboolean saving = action == GTK_FILE_CHOOSER_ACTION_SAVE;
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (saving ? _ ("Save Analysis") : _ ("Open Analysis"),
                                         GTK_WINDOW (self), action,
                                         saving ? _ ("_Save") : _ ("_Open"), _ ("_Cancel"));
  gtk_file_filter_set_name (filter, _ ("Synchess analysis trees"));
  gtk_file_filter_add_suffix (filter, SYN_VARIATION_TREE_SUFFIX + 1);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (saving)
    /* Translators: the suggested file name; keep the .synchess-tree extension. */
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _ ("analysis.synchess-tree"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response_cb), self, 0);
  gtk_native_dialog_show (self->chooser);
}

void
_syn_what_if_save_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_file (SYN_WHAT_IF (widget), GTK_FILE_CHOOSER_ACTION_SAVE);
}

void
_syn_what_if_open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_file (SYN_WHAT_IF (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

gboolean
syn_what_if_save_tree (SynWhatIf *self, GFile *file, GError **error)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  return syn_variation_tree_save (self->tree, file, error);
}

gboolean
syn_what_if_open_tree (SynWhatIf *self, GFile *file, GError **error)
{
  SynVariationTree *tree;

  g_return_val_if_fail (SYN_IS_WHAT_IF (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  tree = syn_variation_tree_load (file, error);
  if (tree == NULL)
    return FALSE;
  g_clear_pointer (&self->tree, syn_variation_tree_free);
  self->tree = tree;
  self->variant = syn_variation_tree_get_variant (tree);
  self->node = syn_variation_tree_get_root (tree);
  _syn_what_if_show_state (self, syn_variation_node_get_state (self->node));
  return TRUE;
}

SynVariationTree *
syn_what_if_get_tree (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return self->tree;
}
