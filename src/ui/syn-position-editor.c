/* syn-position-editor.c: the position editor window: its template, actions, lifecycle, API.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-position-editor"

#include "config.h"

#include "syn-position-editor-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-notation.h"
#include "syn-setup-text.h"
#include "syn-what-if.h"

G_DEFINE_FINAL_TYPE (SynPositionEditor, syn_position_editor, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_PLAY_FROM_HERE,
  SIGNAL_HOST_FROM_HERE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
_syn_position_editor_current_setup (SynPositionEditor *self, SynSetup *setup)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = self->variant;
  setup->board = self->position;
  setup->token_by_lot = self->token_by_lot;
  setup->seed = self->seed;
}

void
_syn_position_editor_show_board (SynPositionEditor *self)
{
  SynBoardFacts facts;
  SynSetup setup;
  SynFault faults[SYN_MAX_FAULTS];
  SynState state;
  int n_faults;

  _syn_position_editor_current_setup (self, &setup);
  n_faults = syn_setup_faults (&setup, faults);
  /* The squares at fault are ringed; a missing king has none. */
  syn_board_view_set_marked_squares (self->board, syn_setup_fault_squares (faults, n_faults));
  if (self->error == NULL && syn_setup_to_state (&setup, &state, NULL))
    syn_board_facts_compute (&facts, self->variant, &state, SYN_WHITE, FALSE);
  else
    {
      /* The engine needs a valid position to count attacks: show the pieces alone. */
      memset (&facts, 0, sizeof facts);
      facts.position = self->position;
      facts.visible = ~(SynBitboard) 0;
      facts.viewer = SYN_WHITE;
    }
  syn_board_view_set_facts (self->board, &facts);
}

const char *
syn_position_editor_get_fen (SynPositionEditor *self)
{
  g_return_val_if_fail (SYN_IS_POSITION_EDITOR (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->fen_row));
}

void
syn_position_editor_set_fen (SynPositionEditor *self, const char *fen)
{
  g_return_if_fail (SYN_IS_POSITION_EDITOR (self));
  gtk_editable_set_text (GTK_EDITABLE (self->fen_row), fen);
}

const char *
syn_position_editor_get_error (SynPositionEditor *self)
{
  g_return_val_if_fail (SYN_IS_POSITION_EDITOR (self), NULL);
  return self->error;
}

static gboolean
valid_state (SynPositionEditor *self, SynState *state)
{
  SynSetup setup;

  if (self->error != NULL)
    return FALSE;
  _syn_position_editor_current_setup (self, &setup);
  return syn_setup_to_state (&setup, state, NULL);
}

static void
clear_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);
  guint16 turn = self->position.turn_number;

  syn_position_clear (&self->position);
  self->position.turn_number = MAX (1, turn);
  _syn_position_editor_position_changed (self, TRUE);
}

static void
start_position_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);

  syn_position_set_start (&self->position);
  _syn_position_editor_position_changed (self, TRUE);
}

static void
play_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);
  SynState state;

  if (!valid_state (self, &state))
    return;
  g_signal_emit (self, signals[SIGNAL_PLAY_FROM_HERE], 0, &state);
  gtk_window_close (GTK_WINDOW (self));
}

static void
host_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);
  SynState state;

  if (!valid_state (self, &state)
      || !g_signal_has_handler_pending (self, signals[SIGNAL_HOST_FROM_HERE], 0, TRUE))
    return;
  g_signal_emit (self, signals[SIGNAL_HOST_FROM_HERE], 0, &state);
  gtk_window_close (GTK_WINDOW (self));
}

static void
explore_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);
  SynState state;

  if (!valid_state (self, &state))
    return;
  gtk_window_present (GTK_WINDOW (syn_what_if_new (GTK_WINDOW (self), self->variant, &state)));
}

static void
copy_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget),
                          gtk_editable_get_text (GTK_EDITABLE (self->fen_row)));
}

static void
on_paste_ready_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynPositionEditor) self = user_data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);

  if (text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->fen_row), g_strstrip (text));
}

static void
paste_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, on_paste_ready_cb,
                                 g_object_ref (widget));
}

/* Below this width the panel goes under the board, so that the editor fits a phone. */
#define NARROW_WIDTH 760
static void update_host_button (SynPositionEditor *self);
static void
on_default_width_cb (SynPositionEditor *self)
{
  int width = 0, height = 0;
  gboolean narrow;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  narrow = width > 0 && width < NARROW_WIDTH;
  if (narrow
      == (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->content_box))
          == GTK_ORIENTATION_VERTICAL))
    return;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->content_box),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_size_request (self->panel_box, narrow ? -1 : 380, -1);
  /* The panel keeps its own margin at the end; the board needs one once alone in its row. */
  gtk_widget_set_margin_end (GTK_WIDGET (self->board), narrow ? 12 : 0);
  /* The palette's seven buttons a row are the panel's widest part. */
  gtk_grid_set_column_spacing (self->palette, narrow ? 2 : 6);
  self->narrow = narrow;
  update_host_button (self);
}

/* Host… is offered only where someone takes the position on to a network game, and not in
 * a narrow window, where the header bar has room for two buttons. */
static void
update_host_button (SynPositionEditor *self)
{
  gtk_widget_set_visible (
      self->host_button,
      !self->narrow
          && g_signal_has_handler_pending (self, signals[SIGNAL_HOST_FROM_HERE], 0, TRUE));
}

static void
syn_position_editor_map (GtkWidget *widget)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);

  update_host_button (self);
  GTK_WIDGET_CLASS (syn_position_editor_parent_class)->map (widget);
}

static void
syn_position_editor_finalize (GObject *object)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (object);

  g_clear_pointer (&self->error, g_free);
  G_OBJECT_CLASS (syn_position_editor_parent_class)->finalize (object);
}

static void
syn_position_editor_class_init (SynPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = syn_position_editor_finalize;
  widget_class->map = syn_position_editor_map;

  signals[SIGNAL_PLAY_FROM_HERE]
      = g_signal_new ("play-from-here", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_HOST_FROM_HERE]
      = g_signal_new ("host-from-here", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  g_type_ensure (SYN_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/synchess/Synchess/syn-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, variant_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, side_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, faults_box);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, faults_label);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, en_passant_group);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, content_box);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, panel_box);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, board);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, palette);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, white_short_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, white_long_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, black_short_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, black_long_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, white_short_check);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, white_long_check);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, black_short_check);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, black_long_check);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, white_en_passant_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, black_en_passant_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, quiet_spin);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, turn_spin);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, fen_row);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, fen_error);
  gtk_widget_class_bind_template_child (widget_class, SynPositionEditor, host_button);
  _syn_position_editor_panel_class_init (widget_class);

  gtk_widget_class_install_action (widget_class, "editor.clear", NULL, clear_action);
  gtk_widget_class_install_action (widget_class, "editor.start-position", NULL,
                                   start_position_action);
  gtk_widget_class_install_action (widget_class, "editor.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "editor.explore", NULL, explore_action);
  gtk_widget_class_install_action (widget_class, "editor.host", NULL, host_action);
  gtk_widget_class_install_action (widget_class, "editor.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "editor.paste", NULL, paste_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_position_editor_init (SynPositionEditor *self)
{
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);

  self->variant = &syn_variant_psc;
  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  for (int i = 0; syn_variant_all ()[i]; i++)
    gtk_string_list_append (variants, syn_notation_variant_name (syn_variant_all ()[i]));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variants));
  self->updating = FALSE;

  _syn_position_editor_build_palette (self);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_default_width_cb), NULL);
  syn_position_editor_set_palette_piece (self, SYN_PIECE (SYN_WHITE, SYN_PAWN));
  _syn_position_editor_input_init (self);
}

SynPositionEditor *
syn_position_editor_new (GtkWindow *parent, const SynState *start)
{
  return syn_position_editor_new_for_variant (parent, &syn_variant_psc, start);
}

SynPositionEditor *
syn_position_editor_new_for_variant (GtkWindow *parent, const SynVariant *variant,
                                     const SynState *start)
{
  SynPositionEditor *self = g_object_new (SYN_TYPE_POSITION_EDITOR, "transient-for", parent, NULL);
  const SynVariant *const *all = syn_variant_all ();

  g_return_val_if_fail (variant != NULL, self);

  self->variant = variant;
  /* HUT-R10: lots are drawn from a random source, kept in the FEN. */
  self->seed = ((guint64) g_random_int () << 32) | g_random_int ();
  if (start != NULL)
    {
      SynSetup setup;
      syn_setup_from_state (variant, start, &setup);
      self->position = setup.board;
      if (syn_setup_fields (variant).token)
        self->seed = setup.seed;
    }
  else
    syn_position_set_start (&self->position);
  self->updating = TRUE;
  for (guint i = 0; all[i]; i++)
    if (all[i] == variant)
      adw_combo_row_set_selected (self->variant_row, i);
  self->updating = FALSE;
  _syn_position_editor_update_rule_rows (self);
  _syn_position_editor_position_changed (self, TRUE);
  return self;
}

const SynVariant *
syn_position_editor_get_variant (SynPositionEditor *self)
{
  g_return_val_if_fail (SYN_IS_POSITION_EDITOR (self), NULL);
  return self->variant;
}
