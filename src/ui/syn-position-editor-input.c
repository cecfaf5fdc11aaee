/* syn-position-editor-input.c: the editor's palette, and placing pieces by click and drag.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-position-editor"

#include "config.h"

#include "syn-position-editor-private.h"

#include <glib/gi18n.h>

#include "syn-notation.h"
#include "syn-piece-renderer.h"

void
syn_position_editor_activate_square (SynPositionEditor *self, int square, gboolean erase)
{
  g_return_if_fail (SYN_IS_POSITION_EDITOR (self));
  g_return_if_fail (square >= 0 && square < 64);

  if (self->position.board[square] != SYN_NO_PIECE)
    syn_position_remove (&self->position, square);
  if (!erase && self->palette_piece != SYN_NO_PIECE)
    syn_position_put (&self->position, square, self->palette_piece);
  _syn_position_editor_position_changed (self, TRUE);
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
  _syn_position_editor_position_changed (self, TRUE);
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

void
_syn_position_editor_build_palette (SynPositionEditor *self)
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

/* Clicks on the board, and drags across the whole window (see end_drag()). */
void
_syn_position_editor_input_init (SynPositionEditor *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

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
