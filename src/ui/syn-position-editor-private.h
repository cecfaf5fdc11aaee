/* syn-position-editor-private.h: the position editor's struct and the helpers its files share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-position-editor.h"

#include "syn-board-view.h"
#include "syn-setup-text.h"

G_BEGIN_DECLS

struct _SynPositionEditor
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwComboRow *variant_row;
  AdwComboRow *side_row; /* Transactional's side to move, Hutnik's initiative */
  GtkWidget *faults_box;
  GtkLabel *faults_label;
  GtkWidget *en_passant_group;
  GtkBox *content_box;
  GtkWidget *panel_box;
  SynBoardView *board;
  GtkGrid *palette;
  AdwActionRow *white_short_row;
  AdwActionRow *white_long_row;
  AdwActionRow *black_short_row;
  AdwActionRow *black_long_row;
  GtkCheckButton *white_short_check;
  GtkCheckButton *white_long_check;
  GtkCheckButton *black_short_check;
  GtkCheckButton *black_long_check;
  AdwComboRow *white_en_passant_row;
  AdwComboRow *black_en_passant_row;
  GtkSpinButton *quiet_spin;
  GtkSpinButton *turn_spin;
  AdwEntryRow *fen_row;
  GtkLabel *fen_error;
  GtkWidget *host_button;

  /* owned */
  const SynVariant *variant;
  SynPosition position;  /* what is being edited, valid or not */
  gboolean token_by_lot; /* Hutnik HUT-R9 */
  guint64 seed;          /* Hutnik HUT-R9 */
  SynPiece palette_piece;
  GtkToggleButton *palette_buttons[13]; /* by piece (colour * 6 + type), the eraser last */
  int en_passant_squares[2][9];         /* the squares each combo row offers after "None" */
  char *error;                          /* NULL when the position is valid */
  gboolean updating;
  gboolean narrow; /* the panel under the board */

  /* A drag in progress, from a palette button or from a square of the board. */
  gboolean drag_from_palette;
  SynPiece drag_piece; /* the palette's piece, or the dragged piece on the board */
  int drag_from;       /* the square dragged from, SYN_NO_SQUARE from the palette */
  gboolean dragging;   /* past the threshold: no longer a click */
  double drag_x, drag_y;
};

/* syn-position-editor.c */
void _syn_position_editor_current_setup (SynPositionEditor *self, SynSetup *setup);
void _syn_position_editor_show_board (SynPositionEditor *self);

/* syn-position-editor-panel.c */
void _syn_position_editor_position_changed (SynPositionEditor *self, gboolean write_fen);
void _syn_position_editor_update_rule_rows (SynPositionEditor *self);
void _syn_position_editor_panel_class_init (GtkWidgetClass *widget_class);

/* syn-position-editor-input.c */
void _syn_position_editor_build_palette (SynPositionEditor *self);
void _syn_position_editor_input_init (SynPositionEditor *self);

G_END_DECLS
