/* syn-position-editor.c: the position editor window.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-position-editor"

#include "config.h"

#include "syn-position-editor.h"

#include <glib/gi18n.h>

#include "syn-analysis.h"
#include "syn-board-view.h"
#include "syn-notation.h"
#include "syn-piece-renderer.h"
#include "syn-setup-text.h"
#include "syn-what-if.h"

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
  SynPosition position; /* what is being edited, valid or not */
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

G_DEFINE_FINAL_TYPE (SynPositionEditor, syn_position_editor, ADW_TYPE_WINDOW)

enum
{
  SIGNAL_PLAY_FROM_HERE,
  SIGNAL_HOST_FROM_HERE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

static void
current_setup (SynPositionEditor *self, SynSetup *setup)
{
  memset (setup, 0, sizeof *setup);
  setup->variant = self->variant;
  setup->board = self->position;
  setup->token_by_lot = self->token_by_lot;
  setup->seed = self->seed;
}

static void
show_board (SynPositionEditor *self)
{
  SynBoardFacts facts;
  SynSetup setup;
  SynFault faults[SYN_MAX_FAULTS];
  SynState state;
  int n_faults;

  current_setup (self, &setup);
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
static void
position_changed (SynPositionEditor *self, gboolean write_fen)
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

  current_setup (self, &setup);
  if (write_fen)
    {
      char fen[SYN_FEN_MAX_SIZE + 32];
      syn_setup_write_fen (&setup, fen, sizeof fen);
      gtk_editable_set_text (GTK_EDITABLE (self->fen_row), fen);
    }
  self->updating = FALSE;

  faults = syn_setup_faults_text (&setup);
  set_error (self, faults, FALSE);
  show_board (self);
}

static void update_rule_rows (SynPositionEditor *self);

static void
on_fen_changed_cb (SynPositionEditor *self)
{
  SynState state;
  SynSetup setup;
  g_autoptr (GError) error = NULL;

  if (self->updating)
    return;
  if (!syn_analysis_parse_variant_fen (self->variant,
                                       gtk_editable_get_text (GTK_EDITABLE (self->fen_row)), &state,
                                       &error))
    {
      set_error (self, error->message, TRUE);
      syn_board_view_set_marked_squares (self->board, 0);
      return;
    }
  syn_setup_from_state (self->variant, &state, &setup);
  self->position = setup.board;
  self->seed = setup.seed;
  self->token_by_lot = FALSE;
  update_rule_rows (self);
  position_changed (self, FALSE);
}

/* The rows of what the rule set adds: its side to move or its initiative token, and no
 * passed squares where it has none (HK-R2). */
static void
update_rule_rows (SynPositionEditor *self)
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
  adw_combo_row_set_selected (self->side_row, fields.token && self->token_by_lot
                                                  ? 2
                                                  : self->position.side_to_move);
  self->updating = was_updating;
}

static void
on_variant_selected_cb (SynPositionEditor *self)
{
  guint selected = adw_combo_row_get_selected (self->variant_row);

  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  self->variant = syn_variant_all ()[selected];
  update_rule_rows (self);
  position_changed (self, TRUE);
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
  position_changed (self, TRUE);
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
  position_changed (self, TRUE);
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
  position_changed (self, TRUE);
}

static void
on_counter_changed_cb (SynPositionEditor *self)
{
  if (self->updating)
    return;
  self->position.quiet_turns = (guint16) gtk_spin_button_get_value_as_int (self->quiet_spin);
  self->position.turn_number = (guint16) gtk_spin_button_get_value_as_int (self->turn_spin);
  position_changed (self, TRUE);
}

void
syn_position_editor_activate_square (SynPositionEditor *self, int square, gboolean erase)
{
  g_return_if_fail (SYN_IS_POSITION_EDITOR (self));
  g_return_if_fail (square >= 0 && square < 64);

  if (self->position.board[square] != SYN_NO_PIECE)
    syn_position_remove (&self->position, square);
  if (!erase && self->palette_piece != SYN_NO_PIECE)
    syn_position_put (&self->position, square, self->palette_piece);
  position_changed (self, TRUE);
}

void
syn_position_editor_move_piece (SynPositionEditor *self, int from, int to)
{
  SynPiece piece;

  g_return_if_fail (SYN_IS_POSITION_EDITOR (self));
  g_return_if_fail (from >= 0 && from < 64);
  g_return_if_fail (to == SYN_NO_SQUARE || (to >= 0 && to < 64));

  piece = self->position.board[from];
  if (piece == SYN_NO_PIECE || from == to)
    return;
  syn_position_remove (&self->position, from);
  if (to != SYN_NO_SQUARE)
    {
      if (self->position.board[to] != SYN_NO_PIECE)
        syn_position_remove (&self->position, to);
      syn_position_put (&self->position, to, piece);
    }
  position_changed (self, TRUE);
}

/* The square at (x, y) in the board's coordinates, or SYN_NO_SQUARE. */
static int
board_square_at (SynPositionEditor *self, double x, double y)
{
  graphene_point_t point = GRAPHENE_POINT_INIT (x, y);

  for (int square = 0; square < 64; square++)
    {
      graphene_rect_t rect;

      if (syn_board_view_get_square_rect (self->board, square, &rect)
          && graphene_rect_contains_point (&rect, &point))
        return square;
    }
  return SYN_NO_SQUARE;
}

/* The square under (x, y) in the window's coordinates, or SYN_NO_SQUARE. */
static int
window_square_at (SynPositionEditor *self, double x, double y)
{
  graphene_point_t point = GRAPHENE_POINT_INIT (x, y), on_board;

  if (!gtk_widget_compute_point (GTK_WIDGET (self), GTK_WIDGET (self->board), &point, &on_board))
    return SYN_NO_SQUARE;
  return board_square_at (self, on_board.x, on_board.y);
}

/* A click acts on release, so that a press that turns into a drag places nothing. */
static void
on_board_released_cb (GtkGestureClick *gesture, int n_press, double x, double y,
                      SynPositionEditor *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int square = board_square_at (self, x, y);

  if (square != SYN_NO_SQUARE)
    syn_position_editor_activate_square (self, square, button == GDK_BUTTON_SECONDARY);
}

static gboolean
widget_within (GtkWidget *widget, GtkWidget *ancestor)
{
  return widget != NULL && (widget == ancestor || gtk_widget_is_ancestor (widget, ancestor));
}

/* Dragging: one gesture on the whole window, ahead of the buttons and the board, so that a
 * piece can travel from the palette to the board and from the board off it. It takes over
 * only once the pointer has moved past the drag threshold; until then clicks go on as
 * clicks. */
static void
end_drag (SynPositionEditor *self)
{
  self->dragging = FALSE;
  self->drag_piece = SYN_NO_PIECE;
  self->drag_from = SYN_NO_SQUARE;
  self->drag_from_palette = FALSE;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

static void
on_drag_begin_cb (GtkGestureDrag *gesture, double x, double y, SynPositionEditor *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);

  end_drag (self);
  self->drag_x = x;
  self->drag_y = y;
  for (int i = 0; i <= 12; i++)
    if (widget_within (picked, GTK_WIDGET (self->palette_buttons[i])))
      {
        self->drag_from_palette = TRUE;
        self->drag_piece = i < 12 ? SYN_PIECE (i / 6, i % 6) : SYN_NO_PIECE;
        return;
      }
  if (widget_within (picked, GTK_WIDGET (self->board)))
    {
      int square = window_square_at (self, x, y);
      if (square != SYN_NO_SQUARE && self->position.board[square] != SYN_NO_PIECE)
        {
          self->drag_from = square;
          self->drag_piece = self->position.board[square];
          return;
        }
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, SynPositionEditor *self)
{
  double x = self->drag_x, y = self->drag_y;

  if (self->dragging || (!self->drag_from_palette && self->drag_from == SYN_NO_SQUARE))
    return;
  if (!gtk_drag_check_threshold (GTK_WIDGET (self), (int) x, (int) y, (int) (x + dx),
                                 (int) (y + dy)))
    return;
  self->dragging = TRUE;
  /* The button or the board would take the release for a click. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  /* The piece rides on the pointer. */
  if (self->drag_piece != SYN_NO_PIECE)
    {
      const int size = 48;
      GdkTexture *texture = syn_piece_renderer_get_texture (syn_piece_renderer_get_default (),
                                                            self->drag_piece, size);
      g_autoptr (GdkCursor) fallback = gdk_cursor_new_from_name ("grabbing", NULL);
      g_autoptr (GdkCursor) cursor
          = gdk_cursor_new_from_texture (texture, size / 2, size / 2, fallback);
      gtk_widget_set_cursor (GTK_WIDGET (self), cursor);
    }
  else
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
on_drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, SynPositionEditor *self)
{
  gboolean from_palette = self->drag_from_palette;
  SynPiece piece = self->drag_piece;
  int from = self->drag_from, to;

  if (!self->dragging)
    {
      end_drag (self);
      return;
    }
  to = window_square_at (self, self->drag_x + dx, self->drag_y + dy);
  end_drag (self);
  if (from_palette)
    {
      /* As if the piece were picked in the palette, then the square clicked. */
      syn_position_editor_set_palette_piece (self, piece);
      if (to != SYN_NO_SQUARE)
        syn_position_editor_activate_square (self, to, FALSE);
    }
  else
    syn_position_editor_move_piece (self, from, to);
}

static void
on_drag_cancel_cb (GtkGesture *gesture, GdkEventSequence *sequence, SynPositionEditor *self)
{
  end_drag (self);
}

void
syn_position_editor_set_palette_piece (SynPositionEditor *self, SynPiece piece)
{
  int index = piece == SYN_NO_PIECE ? 12 : SYN_PIECE_COLOUR (piece) * 6 + SYN_PIECE_TYPE (piece);

  g_return_if_fail (SYN_IS_POSITION_EDITOR (self));

  self->palette_piece = piece;
  gtk_toggle_button_set_active (self->palette_buttons[index], TRUE);
}

static void
on_palette_toggled_cb (GtkToggleButton *button, SynPositionEditor *self)
{
  if (gtk_toggle_button_get_active (button))
    self->palette_piece
        = (SynPiece) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));
}

static void
build_palette (SynPositionEditor *self)
{
  /* The board's own piece set, drawn at twice the shown size so that it stays sharp on
   * HiDPI screens; the images take their own reference to the textures. */
  SynPieceRenderer *renderer = syn_piece_renderer_get_default ();
  const int size = 32;

  for (int i = 0; i <= 12; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      SynPiece piece = i < 12 ? SYN_PIECE (i / 6, i % 6) : SYN_NO_PIECE;
      g_autofree char *tooltip = NULL;

      if (i < 12)
        {
          GtkWidget *image = gtk_image_new_from_paintable (
              GDK_PAINTABLE (syn_piece_renderer_get_texture (renderer, piece, 2 * size)));
          gtk_image_set_pixel_size (GTK_IMAGE (image), size);
          gtk_button_set_child (GTK_BUTTON (button), image);
          tooltip = g_strdup (syn_notation_coloured_piece_name (piece));
        }
      else
        {
          gtk_button_set_icon_name (GTK_BUTTON (button), "edit-clear-symbolic");
          tooltip = g_strdup (_ ("Eraser"));
        }
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      tooltip, -1);
      g_object_set_data (G_OBJECT (button), "piece", GINT_TO_POINTER ((int) piece));
      /* "palette-N" for the white knight, "palette-n" for the black one: tests find them. */
      {
        g_autofree char *name = i < 12 ? g_strdup_printf ("palette-%c", "PNBRQKpnbrqk"[i])
                                       : g_strdup ("palette-eraser");
        gtk_widget_set_name (button, name);
      }
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), self->palette_buttons[0]);
      g_signal_connect (button, "toggled", G_CALLBACK (on_palette_toggled_cb), self);
      gtk_grid_attach (self->palette, button, i < 12 ? i % 6 : 6, i < 12 ? i / 6 : 0, 1, 1);
      self->palette_buttons[i] = GTK_TOGGLE_BUTTON (button);
    }
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

static gboolean
valid_state (SynPositionEditor *self, SynState *state)
{
  SynSetup setup;

  if (self->error != NULL)
    return FALSE;
  current_setup (self, &setup);
  return syn_setup_to_state (&setup, state, NULL);
}

static void
clear_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);
  guint16 turn = self->position.turn_number;

  syn_position_clear (&self->position);
  self->position.turn_number = MAX (1, turn);
  position_changed (self, TRUE);
}

static void
start_position_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPositionEditor *self = SYN_POSITION_EDITOR (widget);

  syn_position_set_start (&self->position);
  position_changed (self, TRUE);
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
  if (narrow == (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->content_box))
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
  gtk_widget_set_visible (self->host_button,
                          !self->narrow
                              && g_signal_has_handler_pending (self, signals[SIGNAL_HOST_FROM_HERE],
                                                               0, TRUE));
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
  gtk_widget_class_bind_template_callback (widget_class, on_fen_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_side_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_castling_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_en_passant_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_counter_changed_cb);

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
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);

  self->variant = &syn_variant_psc;
  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  for (int i = 0; syn_variant_all ()[i]; i++)
    gtk_string_list_append (variants, syn_notation_variant_name (syn_variant_all ()[i]));
  adw_combo_row_set_model (self->variant_row, G_LIST_MODEL (variants));
  self->updating = FALSE;

  build_palette (self);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_default_width_cb), NULL);
  syn_position_editor_set_palette_piece (self, SYN_PIECE (SYN_WHITE, SYN_PAWN));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "released", G_CALLBACK (on_board_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), GTK_EVENT_CONTROLLER (click));

  end_drag (self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
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
  update_rule_rows (self);
  position_changed (self, TRUE);
  return self;
}

const SynVariant *
syn_position_editor_get_variant (SynPositionEditor *self)
{
  g_return_val_if_fail (SYN_IS_POSITION_EDITOR (self), NULL);
  return self->variant;
}
