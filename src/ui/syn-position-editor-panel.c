/* syn-position-editor-panel.c: the editor's panel: rule rows, castling, en passant, FEN, faults.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-position-editor"

#include "config.h"

#include "syn-position-editor-private.h"

#include <glib/gi18n.h>

#include "syn-analysis.h"
#include "syn-setup-text.h"

static const guint8 castling_bits[4] = {
  SYN_CASTLE_WHITE_SHORT,
  SYN_CASTLE_WHITE_LONG,
  SYN_CASTLE_BLACK_SHORT,
  SYN_CASTLE_BLACK_LONG,
};

static void
castling_widgets (SynPositionEditor *self, AdwActionRow *rows[4], GtkCheckButton *checks[4])
{
  rows[0] = self->white_short_row;
  rows[1] = self->white_long_row;
  rows[2] = self->black_short_row;
  rows[3] = self->black_long_row;
  checks[0] = self->white_short_check;
  checks[1] = self->white_long_check;
  checks[2] = self->black_short_check;
  checks[3] = self->black_long_check;
}

static void
update_en_passant_row (SynPositionEditor *self, SynColour colour)
{
  AdwComboRow *row = colour == SYN_WHITE ? self->white_en_passant_row : self->black_en_passant_row;
  SynBitboard allowed = syn_analysis_en_passant_allowed (&self->position, colour);
  g_autoptr (GtkStringList) list = gtk_string_list_new (NULL);
  guint selected = 0;
  int n = 0;

  /* PSC-R9a: only squares behind a pawn that could have just double-stepped. */
  if (!(allowed & syn_bit (self->position.en_passant[colour])))
    self->position.en_passant[colour] = SYN_NO_SQUARE;
  gtk_string_list_append (list, C_ ("en passant square", "None"));
  for (int square = 0; square < 64; square++)
    if (allowed & syn_bit (square))
      {
        char name[3];

        syn_square_to_text (square, name);
        gtk_string_list_append (list, name);
        self->en_passant_squares[colour][n++] = square;
        if (self->position.en_passant[colour] == square)
          selected = n;
      }
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (row, selected);
  gtk_widget_set_sensitive (GTK_WIDGET (row), n > 0);
}

/* message: every fault, a line each, or the FEN reader's error (in_fen); NULL for none. */
static void
set_error (SynPositionEditor *self, const char *message, gboolean in_fen)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->fen_error, in_fen ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->fen_error), in_fen && message != NULL);
  gtk_label_set_text (self->faults_label, message != NULL ? message : "");
  gtk_widget_set_visible (self->faults_box, message != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play", message == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.explore", message == NULL);
  /* The network game's rule set is chosen in the Host dialog, which offers PSC positions. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.host",
                                 message == NULL && self->variant == &syn_variant_psc);
  if (message == NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (self->fen_row), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->fen_row), "error");
}

/* Shows self->position everywhere; the FEN entry too unless the user is typing in it. */
void
_syn_position_editor_position_changed (SynPositionEditor *self, gboolean write_fen)
{
  AdwActionRow *rows[4];
  GtkCheckButton *checks[4];
  guint8 allowed = syn_analysis_castling_allowed (&self->position);
  SynSetup setup;
  g_autofree char *faults = NULL;

  self->updating = TRUE;
  self->position.castling &= allowed;
  castling_widgets (self, rows, checks);
  for (int i = 0; i < 4; i++)
    {
      gtk_widget_set_visible (GTK_WIDGET (rows[i]), (allowed & castling_bits[i]) != 0);
      gtk_check_button_set_active (checks[i], (self->position.castling & castling_bits[i]) != 0);
    }
  if (!syn_setup_fields (self->variant).en_passant)
    self->position.en_passant[SYN_WHITE] = self->position.en_passant[SYN_BLACK] = SYN_NO_SQUARE;
  update_en_passant_row (self, SYN_WHITE);
  update_en_passant_row (self, SYN_BLACK);
  gtk_spin_button_set_value (self->quiet_spin, self->position.quiet_turns);
  gtk_spin_button_set_value (self->turn_spin, MAX (1, self->position.turn_number));

  _syn_position_editor_current_setup (self, &setup);
  if (write_fen)
    {
      char fen[SYN_FEN_MAX_SIZE + 32];
      syn_setup_write_fen (&setup, fen, sizeof fen);
      gtk_editable_set_text (GTK_EDITABLE (self->fen_row), fen);
    }
  self->updating = FALSE;

  faults = syn_setup_faults_text (&setup);
  set_error (self, faults, FALSE);
  _syn_position_editor_show_board (self);
}

static void
on_fen_changed_cb (SynPositionEditor *self)
{
  SynState state;
  SynSetup setup;
  g_autoptr (GError) error = NULL;

  if (self->updating)
    return;
  if (!syn_analysis_parse_variant_fen (
          self->variant, gtk_editable_get_text (GTK_EDITABLE (self->fen_row)), &state, &error))
    {
      set_error (self, error->message, TRUE);
      syn_board_view_set_marked_squares (self->board, 0);
      return;
    }
  syn_setup_from_state (self->variant, &state, &setup);
  self->position = setup.board;
  self->seed = setup.seed;
  self->token_by_lot = FALSE;
  _syn_position_editor_update_rule_rows (self);
  _syn_position_editor_position_changed (self, FALSE);
}

/* The rows of what the rule set adds: its side to move or its initiative token, and no
 * passed squares where it has none (HK-R2). */
void
_syn_position_editor_update_rule_rows (SynPositionEditor *self)
{
  SynSetupFields fields = syn_setup_fields (self->variant);
  g_autoptr (GtkStringList) sides = gtk_string_list_new (NULL);
  gboolean was_updating = self->updating;

  self->updating = TRUE;
  gtk_widget_set_visible (self->en_passant_group, fields.en_passant);
  gtk_widget_set_visible (GTK_WIDGET (self->side_row), fields.side_to_move || fields.token);
  gtk_string_list_append (sides, _ ("White"));
  gtk_string_list_append (sides, _ ("Black"));
  if (fields.token)
    {
      /* Translators: who holds Hutnik's initiative token at the start (HUT-R9) */
      gtk_string_list_append (sides, _ ("Drawn by Lot"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->side_row), _ ("Initiative"));
    }
  else
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->side_row), _ ("Side to Move"));
  adw_combo_row_set_model (self->side_row, G_LIST_MODEL (sides));
  /* A network game from a set-up position is PSC's (syn_host_dialog_set_start()). */
  gtk_widget_set_tooltip_text (self->host_button,
                               self->variant == &syn_variant_psc
                                   ? _ ("Host a network game that starts from this position")
                                   : _ ("Network games from a set-up position play Parrow "
                                        "Synchronous Chess only"));
  adw_combo_row_set_selected (self->side_row,
                              fields.token && self->token_by_lot ? 2 : self->position.side_to_move);
  self->updating = was_updating;
}

static void
on_variant_selected_cb (SynPositionEditor *self)
{
  guint selected = adw_combo_row_get_selected (self->variant_row);

  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  self->variant = syn_variant_all ()[selected];
  _syn_position_editor_update_rule_rows (self);
  _syn_position_editor_position_changed (self, TRUE);
}

static void
on_side_selected_cb (SynPositionEditor *self)
{
  guint selected = adw_combo_row_get_selected (self->side_row);

  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  self->token_by_lot = selected == 2;
  if (selected < 2)
    self->position.side_to_move = (guint8) selected;
  _syn_position_editor_position_changed (self, TRUE);
}

static void
on_castling_toggled_cb (SynPositionEditor *self)
{
  AdwActionRow *rows[4];
  GtkCheckButton *checks[4];

  if (self->updating)
    return;
  castling_widgets (self, rows, checks);
  self->position.castling = 0;
  for (int i = 0; i < 4; i++)
    if (gtk_check_button_get_active (checks[i]))
      self->position.castling |= castling_bits[i];
  _syn_position_editor_position_changed (self, TRUE);
}

static void
on_en_passant_selected_cb (SynPositionEditor *self)
{
  if (self->updating)
    return;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      AdwComboRow *row = c == SYN_WHITE ? self->white_en_passant_row : self->black_en_passant_row;
      guint selected = adw_combo_row_get_selected (row);

      self->position.en_passant[c] = selected == 0 || selected == GTK_INVALID_LIST_POSITION
                                         ? SYN_NO_SQUARE
                                         : self->en_passant_squares[c][selected - 1];
    }
  _syn_position_editor_position_changed (self, TRUE);
}

static void
on_counter_changed_cb (SynPositionEditor *self)
{
  if (self->updating)
    return;
  self->position.quiet_turns = (guint16) gtk_spin_button_get_value_as_int (self->quiet_spin);
  self->position.turn_number = (guint16) gtk_spin_button_get_value_as_int (self->turn_spin);
  _syn_position_editor_position_changed (self, TRUE);
}

guint8
syn_position_editor_get_castling_offered (SynPositionEditor *self)
{
  AdwActionRow *rows[4];
  GtkCheckButton *checks[4];
  guint8 offered = 0;

  g_return_val_if_fail (SYN_IS_POSITION_EDITOR (self), 0);
  castling_widgets (self, rows, checks);
  for (int i = 0; i < 4; i++)
    if (gtk_widget_get_visible (GTK_WIDGET (rows[i])))
      offered |= castling_bits[i];
  return offered;
}

void
syn_position_editor_set_castling (SynPositionEditor *self, guint8 rights)
{
  AdwActionRow *rows[4];
  GtkCheckButton *checks[4];

  g_return_if_fail (SYN_IS_POSITION_EDITOR (self));
  castling_widgets (self, rows, checks);
  for (int i = 0; i < 4; i++)
    if (gtk_widget_get_visible (GTK_WIDGET (rows[i])))
      gtk_check_button_set_active (checks[i], (rights & castling_bits[i]) != 0);
}

/* The panel's rows call back from the template. */
void
_syn_position_editor_panel_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_fen_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_side_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_castling_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_en_passant_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_counter_changed_cb);
}
