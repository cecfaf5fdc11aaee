/* syn-board-view-input.c: how the board view turns clicks, drags and keys into the
 * viewer's move: the pick, the promotion chooser, the pointer and the keyboard actions.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-view"

#include "config.h"

#include "syn-board-view-private.h"

#include <glib/gi18n.h>

#include "syn-board-square.h"

static const SynPieceType promotion_types[4] = { SYN_QUEEN, SYN_ROOK, SYN_BISHOP, SYN_KNIGHT };
static const char *const promotion_names[4]
    = { "promote-queen", "promote-rook", "promote-bishop", "promote-knight" };

SynBitboard
_syn_board_view_destinations (SynBoardView *self)
{
  if (self->selected == SYN_NO_SQUARE)
    return 0;
  return syn_board_facts_destinations (&self->facts, self->selected);
}

static gboolean
can_pick (SynBoardView *self, int square)
{
  SynPiece piece;

  if (!self->interactive || square == SYN_NO_SQUARE || self->facts.n_moves == 0)
    return FALSE;
  piece = self->facts.position.board[square];
  if (piece == SYN_NO_PIECE
      || (!self->pick_both_sides && SYN_PIECE_COLOUR (piece) != self->facts.viewer))
    return FALSE;
  return syn_board_facts_destinations (&self->facts, square) != 0;
}

static void
update_actions (SynBoardView *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "board.cancel",
                                 self->selected != SYN_NO_SQUARE);
}

static void
set_selected (SynBoardView *self, int square)
{
  if (self->selected == square)
    return;
  self->selected = square;
  _syn_board_view_update_labels (self);
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
close_promotion (SynBoardView *self)
{
  self->promotion_from = SYN_NO_SQUARE;
  self->promotion_to = SYN_NO_SQUARE;
  if (gtk_widget_get_visible (self->promotion_popover))
    gtk_popover_popdown (GTK_POPOVER (self->promotion_popover));
}

void
_syn_board_view_cancel_pick (SynBoardView *self)
{
  close_promotion (self);
  self->dragging = FALSE;
  self->hover = SYN_NO_SQUARE;
  set_selected (self, SYN_NO_SQUARE);
}

static void
emit_move (SynBoardView *self, SynMove move)
{
  _syn_board_view_cancel_pick (self);
  if (move != SYN_MOVE_NONE)
    g_signal_emit_by_name (self, "move-chosen", (guint) move);
}

static void
open_promotion (SynBoardView *self, int from, int to)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  SynColour colour = self->pick_both_sides && self->facts.position.board[from] != SYN_NO_PIECE
                         ? SYN_PIECE_COLOUR (self->facts.position.board[from])
                         : self->facts.viewer;
  graphene_rect_t rect;
  int column, row;

  self->promotion_from = from;
  self->promotion_to = to;
  for (int i = 0; i < 4; i++)
    {
      GtkWidget *image = gtk_button_get_child (GTK_BUTTON (self->promotion_buttons[i]));
      GdkTexture *texture = syn_piece_renderer_get_texture (
          self->renderer, SYN_PIECE (colour, promotion_types[i]), 48 * scale);
      gtk_image_set_from_paintable (GTK_IMAGE (image), GDK_PAINTABLE (texture));
    }

  /* Open towards the middle of the board, over the viewer's own side of the square. */
  _syn_board_view_square_to_cell (self, to, &column, &row);
  gtk_popover_set_position (GTK_POPOVER (self->promotion_popover),
                            row < 4 ? GTK_POS_BOTTOM : GTK_POS_TOP);
  _syn_board_view_square_rect (self, to, &rect);
  if (self->square_size > 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (self->promotion_popover),
                                 &(GdkRectangle){ (int) rect.origin.x, (int) rect.origin.y,
                                                  (int) rect.size.width, (int) rect.size.height });
  gtk_popover_popup (GTK_POPOVER (self->promotion_popover));
  gtk_widget_grab_focus (self->promotion_buttons[0]);
}

static void
drop_on (SynBoardView *self, int from, int to)
{
  if (syn_board_facts_is_promotion (&self->facts, from, to))
    open_promotion (self, from, to);
  else
    emit_move (self, syn_board_facts_find_move (&self->facts, from, to, SYN_QUEEN));
}

static void
move_cursor_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  int dx, dy, column, row;

  /* dx, dy are on screen (right, down), so the arrows follow a flipped board too. */
  g_variant_get (parameter, "(ii)", &dx, &dy);
  if (self->promotion_from != SYN_NO_SQUARE)
    {
      /* The chooser is open: the arrows walk its buttons. */
      gtk_widget_child_focus (self->promotion_popover, dx < 0   ? GTK_DIR_LEFT
                                                       : dx > 0 ? GTK_DIR_RIGHT
                                                       : dy < 0 ? GTK_DIR_UP
                                                                : GTK_DIR_DOWN);
      return;
    }
  _syn_board_view_square_to_cell (self, self->cursor, &column, &row);
  column = CLAMP (column + dx, 0, 7);
  row = CLAMP (row + dy, 0, 7);
  self->cursor = _syn_board_view_cell_to_square (self, column, row);
  _syn_board_view_move_focus_to_cursor (self);
}

static void
activate_cursor_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);

  syn_board_view_activate_square (self, self->cursor);
}

static void
cancel_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  _syn_board_view_cancel_pick (SYN_BOARD_VIEW (widget));
}

/* Pointer */

static void
update_pointer_cursor (SynBoardView *self, double x, double y)
{
  const char *name = NULL;
  int square = _syn_board_view_square_at (self, x, y);

  if (self->dragging)
    name = "grabbing";
  else if (square != SYN_NO_SQUARE && !_syn_board_view_is_animating (self)
           && (can_pick (self, square) || (_syn_board_view_destinations (self) & syn_bit (square))))
    name = "pointer";
  if (g_strcmp0 (name, self->cursor_name) == 0)
    return;
  self->cursor_name = name;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), name);
}

static void
on_motion_cb (GtkEventControllerMotion *controller, double x, double y, SynBoardView *self)
{
  update_pointer_cursor (self, x, y);
}

static void
on_drag_begin_cb (GtkGestureDrag *gesture, double x, double y, SynBoardView *self)
{
  int square;

  _syn_board_view_end_animation (self);
  square = _syn_board_view_square_at (self, x, y);
  self->press_x = x;
  self->press_y = y;
  self->press_square = square;
  self->press_picked = FALSE;
  self->dragging = FALSE;
  if (square == SYN_NO_SQUARE || !self->interactive)
    {
      _syn_board_view_cancel_pick (self);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  self->cursor = square;
  gtk_widget_grab_focus (self->squares[square]);
  _syn_board_view_hide_refusal (self);

  /* A press picks a piece up at once, so that the same press can drag it. */
  if (square != self->selected && !(_syn_board_view_destinations (self) & syn_bit (square))
      && can_pick (self, square))
    {
      close_promotion (self);
      set_selected (self, square);
      self->press_picked = TRUE;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_drag_update_cb (GtkGestureDrag *gesture, double dx, double dy, SynBoardView *self)
{
  double x = self->press_x, y = self->press_y;

  if (self->press_square == SYN_NO_SQUARE || self->press_square != self->selected)
    return;
  if (!self->dragging
      && !gtk_drag_check_threshold (GTK_WIDGET (self), (int) x, (int) y, (int) (x + dx),
                                    (int) (y + dy)))
    return;
  self->dragging = TRUE;
  self->drag_x = x + dx;
  self->drag_y = y + dy;
  self->hover = _syn_board_view_square_at (self, self->drag_x, self->drag_y);
  update_pointer_cursor (self, self->drag_x, self->drag_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end_cb (GtkGestureDrag *gesture, double dx, double dy, SynBoardView *self)
{
  int pressed = self->press_square;
  double x = self->press_x, y = self->press_y;

  self->press_square = SYN_NO_SQUARE;
  if (pressed == SYN_NO_SQUARE)
    return;

  if (self->dragging)
    {
      int from = self->selected;
      int to;

      to = _syn_board_view_square_at (self, x + dx, y + dy);
      self->dragging = FALSE;
      self->hover = SYN_NO_SQUARE;
      update_pointer_cursor (self, x + dx, y + dy);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      if (to != SYN_NO_SQUARE && (_syn_board_view_destinations (self) & syn_bit (to)))
        drop_on (self, from, to);
      else if (to != from)
        _syn_board_view_cancel_pick (self);
      return;
    }

  /* A click: the press already picked the piece up, or this is the second click. */
  if (!self->press_picked)
    syn_board_view_activate_square (self, pressed);
}

static void
on_drag_cancel_cb (GtkGesture *gesture, GdkEventSequence *sequence, SynBoardView *self)
{
  self->press_square = SYN_NO_SQUARE;
  if (self->dragging)
    {
      self->dragging = FALSE;
      self->hover = SYN_NO_SQUARE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* Promotion chooser */

static void
on_promotion_clicked_cb (GtkButton *button, SynBoardView *self)
{
  int from = self->promotion_from;
  int to = self->promotion_to;

  if (from == SYN_NO_SQUARE)
    return;
  for (int i = 0; i < 4; i++)
    if (GTK_WIDGET (button) == self->promotion_buttons[i])
      emit_move (self, syn_board_facts_find_move (&self->facts, from, to, promotion_types[i]));
}

static void
on_promotion_closed_cb (GtkPopover *popover, SynBoardView *self)
{
  /* Closed without a choice (Escape, a click elsewhere): the pick is off too. */
  if (self->promotion_from != SYN_NO_SQUARE)
    _syn_board_view_cancel_pick (self);
}

static GtkWidget *
create_promotion_popover (SynBoardView *self)
{
  static const char *const labels[4] = { N_ ("Queen"), N_ ("Rook"), N_ ("Bishop"), N_ ("Knight") };
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_add_css_class (popover, "promotion");
  for (int i = 0; i < 4; i++)
    {
      GtkWidget *button = gtk_button_new ();
      GtkWidget *image = gtk_image_new ();

      gtk_image_set_pixel_size (GTK_IMAGE (image), 48);
      gtk_button_set_child (GTK_BUTTON (button), image);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_name (button, promotion_names[i]);
      gtk_widget_set_tooltip_text (button, _ (labels[i]));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _ (labels[i]), -1);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_promotion_clicked_cb), self, 0);
      gtk_box_append (GTK_BOX (box), button);
      self->promotion_buttons[i] = button;
    }
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (popover), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Promote to"), -1);
  g_signal_connect_object (popover, "closed", G_CALLBACK (on_promotion_closed_cb), self, 0);
  gtk_widget_set_parent (popover, GTK_WIDGET (self));
  return popover;
}

static void
add_arrow_bindings (GtkWidgetClass *widget_class, guint key, guint keypad_key, int dx, int dy)
{
  gtk_widget_class_add_binding_action (widget_class, key, 0, "board.move-cursor", "(ii)", dx, dy);
  gtk_widget_class_add_binding_action (widget_class, keypad_key, 0, "board.move-cursor", "(ii)", dx,
                                       dy);
}

/* Refusals: a click on a piece that cannot move says why, near the piece, for a while. */

#define REFUSAL_SHOWN_MSEC 4000

static gboolean
refusal_timeout_cb (gpointer user_data)
{
  SynBoardView *self = SYN_BOARD_VIEW (user_data);

  self->refusal_timeout_id = 0;
  _syn_board_view_hide_refusal (self);
  return G_SOURCE_REMOVE;
}

void
_syn_board_view_hide_refusal (SynBoardView *self)
{
  g_clear_handle_id (&self->refusal_timeout_id, g_source_remove);
  if (self->refusal_popover != NULL && gtk_widget_get_visible (self->refusal_popover))
    gtk_popover_popdown (GTK_POPOVER (self->refusal_popover));
}

static void
show_refusal (SynBoardView *self, int square)
{
  g_autofree char *text = NULL;
  graphene_rect_t rect;
  int column, row;

  if (self->pick_both_sides || self->facts.position.board[square] == SYN_NO_PIECE)
    return;
  text = syn_board_facts_explain_refusal (&self->facts, square);
  if (text == NULL)
    return;

  gtk_label_set_text (GTK_LABEL (self->refusal_label), text);
  _syn_board_view_square_to_cell (self, square, &column, &row);
  gtk_popover_set_position (GTK_POPOVER (self->refusal_popover),
                            row < 2 ? GTK_POS_BOTTOM : GTK_POS_TOP);
  _syn_board_view_square_rect (self, square, &rect);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->refusal_popover),
                               &(GdkRectangle){ (int) rect.origin.x, (int) rect.origin.y,
                                                (int) rect.size.width, (int) rect.size.height });
  gtk_popover_popup (GTK_POPOVER (self->refusal_popover));
  g_clear_handle_id (&self->refusal_timeout_id, g_source_remove);
  self->refusal_timeout_id = g_timeout_add (REFUSAL_SHOWN_MSEC, refusal_timeout_cb, self);
}

static GtkWidget *
create_refusal_popover (SynBoardView *self)
{
  GtkWidget *popover = gtk_popover_new ();

  /* It must not take the focus or a click away from the board: the player goes on. */
  gtk_popover_set_autohide (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_can_target (popover, FALSE);
  gtk_widget_add_css_class (popover, "refusal");
  self->refusal_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->refusal_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->refusal_label), 32);
  gtk_popover_set_child (GTK_POPOVER (popover), self->refusal_label);
  gtk_widget_set_parent (popover, GTK_WIDGET (self));
  return popover;
}

void
_syn_board_view_input_dispose (SynBoardView *self)
{
  g_clear_handle_id (&self->refusal_timeout_id, g_source_remove);
  g_clear_pointer (&self->refusal_popover, gtk_widget_unparent);
}

void
_syn_board_view_input_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "board.move-cursor", "(ii)", move_cursor_action);
  gtk_widget_class_install_action (widget_class, "board.activate-cursor", NULL,
                                   activate_cursor_action);
  gtk_widget_class_install_action (widget_class, "board.cancel", NULL, cancel_action);

  add_arrow_bindings (widget_class, GDK_KEY_Left, GDK_KEY_KP_Left, -1, 0);
  add_arrow_bindings (widget_class, GDK_KEY_Right, GDK_KEY_KP_Right, 1, 0);
  add_arrow_bindings (widget_class, GDK_KEY_Up, GDK_KEY_KP_Up, 0, -1);
  add_arrow_bindings (widget_class, GDK_KEY_Down, GDK_KEY_KP_Down, 0, 1);
  /* Not Space: the window keeps it for the heatmap. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "board.activate-cursor",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "board.activate-cursor",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Enter, 0, "board.activate-cursor",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "board.cancel", NULL);
}

void
_syn_board_view_input_init (SynBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *drag;
  GtkEventController *motion;

  self->promotion_popover = create_promotion_popover (self);
  self->refusal_popover = create_refusal_popover (self);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end_cb), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancel_cb), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (drag));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion_cb), self);
  gtk_widget_add_controller (widget, motion);

  update_actions (self);
}

void
syn_board_view_activate_square (SynBoardView *self, int square)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));
  g_return_if_fail (square >= 0 && square < 64);

  _syn_board_view_end_animation (self);
  if (self->cursor != square)
    {
      self->cursor = square;
      _syn_board_view_move_focus_to_cursor (self);
    }
  if (!self->interactive)
    return;
  if (self->promotion_from != SYN_NO_SQUARE)
    close_promotion (self);

  _syn_board_view_hide_refusal (self);
  if (self->selected != SYN_NO_SQUARE && (_syn_board_view_destinations (self) & syn_bit (square)))
    drop_on (self, self->selected, square);
  else if (square != self->selected && can_pick (self, square))
    set_selected (self, square);
  else
    {
      /* A second click on the picked piece puts it back: nothing to explain. */
      gboolean put_back = square == self->selected;

      _syn_board_view_cancel_pick (self);
      if (!put_back)
        show_refusal (self, square);
    }
}
