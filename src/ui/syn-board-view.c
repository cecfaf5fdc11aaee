/* syn-board-view.c: the chess board. It draws what a SynBoardFacts says (pieces, control,
 * frozen pieces, fog, the heatmap, the marks of this turn and the last) and turns clicks,
 * drags and keys into the viewer's move. It never asks the engine anything itself.
 *
 * This file holds its life, properties, size and public API; drawing is in -paint.c,
 * the pointer and keys in -input.c, the accessible cells in -a11y.c, slides in
 * -animation.c, and the instance struct they share in -private.h.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-view"

#include "config.h"

#include "syn-board-view-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-board-square.h"

G_DEFINE_FINAL_TYPE (SynBoardView, syn_board_view, GTK_TYPE_WIDGET)

G_DEFINE_ENUM_TYPE (SynHeatmapMode, syn_heatmap_mode, G_DEFINE_ENUM_VALUE (SYN_HEATMAP_OFF, "off"),
                    G_DEFINE_ENUM_VALUE (SYN_HEATMAP_MINE, "mine"),
                    G_DEFINE_ENUM_VALUE (SYN_HEATMAP_THEIRS, "theirs"))

enum
{
  PROP_0,
  PROP_FLIPPED,
  PROP_SHOW_COORDINATES,
  PROP_HEATMAP,
  PROP_INTERACTIVE,
  PROP_ANIMATE,
  N_PROPS
};

enum
{
  MOVE_CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
_syn_board_view_square_to_cell (SynBoardView *self, int square, int *column, int *row)
{
  int file = SYN_FILE_OF (square);
  int rank = SYN_RANK_OF (square);

  *column = self->flipped ? 7 - file : file;
  *row = self->flipped ? rank : 7 - rank;
}

int
_syn_board_view_cell_to_square (SynBoardView *self, int column, int row)
{
  if (column < 0 || column > 7 || row < 0 || row > 7)
    return SYN_NO_SQUARE;
  return self->flipped ? SYN_SQUARE (7 - column, row) : SYN_SQUARE (column, 7 - row);
}

void
_syn_board_view_square_rect (SynBoardView *self, int square, graphene_rect_t *rect)
{
  int column, row;

  _syn_board_view_square_to_cell (self, square, &column, &row);
  graphene_rect_init (rect, self->origin_x + column * self->square_size,
                      self->origin_y + row * self->square_size, self->square_size,
                      self->square_size);
}

int
_syn_board_view_square_at (SynBoardView *self, double x, double y)
{
  if (self->square_size == 0 || x < self->origin_x || y < self->origin_y)
    return SYN_NO_SQUARE;
  return _syn_board_view_cell_to_square (self, (int) ((x - self->origin_x) / self->square_size),
                                         (int) ((y - self->origin_y) / self->square_size));
}

/* Facts and the pick */
/* Size */

static GtkSizeRequestMode
syn_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
syn_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                        int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 8 * MIN_SQUARE_SIZE;
  *natural = 8 * NATURAL_SQUARE_SIZE;
}

static void
syn_board_view_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  int square_size = MIN (width, height) / 8;

  /* Whole pixels per square: no seams between squares, no blurred piece edges. */
  if (square_size != self->square_size)
    self->resized_at = g_get_monotonic_time ();
  self->square_size = square_size;
  self->origin_x = (width - 8 * square_size) / 2;
  self->origin_y = (height - 8 * square_size) / 2;

  for (int square = 0; square < 64; square++)
    {
      graphene_rect_t rect;
      int minimum;

      _syn_board_view_square_rect (self, square, &rect);
      gtk_widget_measure (self->squares[square], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL,
                          NULL, NULL);
      gtk_widget_size_allocate (
          self->squares[square],
          &(GtkAllocation){ (int) rect.origin.x, (int) rect.origin.y, square_size, square_size },
          -1);
    }
  gtk_popover_present (GTK_POPOVER (self->promotion_popover));
  gtk_popover_present (GTK_POPOVER (self->refusal_popover));
}

/* Focus and style */

static void
syn_board_view_state_flags_changed (GtkWidget *widget, GtkStateFlags previous)
{
  GTK_WIDGET_CLASS (syn_board_view_parent_class)->state_flags_changed (widget, previous);

  if ((gtk_widget_get_state_flags (widget) ^ previous) & GTK_STATE_FLAG_FOCUS_WITHIN)
    gtk_widget_queue_draw (widget);
}

static void
on_focus_visible_changed_cb (SynBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
syn_board_view_root (GtkWidget *widget)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (syn_board_view_parent_class)->root (widget);

  self->root = gtk_widget_get_root (widget);
  if (GTK_IS_WINDOW (self->root))
    g_signal_connect_object (self->root, "notify::focus-visible",
                             G_CALLBACK (on_focus_visible_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
syn_board_view_unroot (GtkWidget *widget)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);

  if (self->root != NULL)
    g_signal_handlers_disconnect_by_func (self->root, on_focus_visible_changed_cb, self);
  self->root = NULL;

  GTK_WIDGET_CLASS (syn_board_view_parent_class)->unroot (widget);
}

static void
syn_board_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (syn_board_view_parent_class)->css_changed (widget, change);

  /* The font or the style may have changed: lay the coordinates out again, redraw. */
  self->coordinate_size = 0;
  gtk_widget_queue_draw (widget);
}

/* GObject */

static void
syn_board_view_dispose (GObject *object)
{
  SynBoardView *self = SYN_BOARD_VIEW (object);

  _syn_board_view_animation_dispose (self);
  _syn_board_view_paint_dispose (self);
  _syn_board_view_input_dispose (self);
  g_clear_pointer (&self->promotion_popover, gtk_widget_unparent);
  for (int i = 0; i < 64; i++)
    g_clear_pointer (&self->squares[i], gtk_widget_unparent);

  G_OBJECT_CLASS (syn_board_view_parent_class)->dispose (object);
}

static void
syn_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynBoardView *self = SYN_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;
    case PROP_HEATMAP:
      g_value_set_enum (value, self->heatmap);
      break;
    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;
    case PROP_ANIMATE:
      g_value_set_boolean (value, self->animate);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SynBoardView *self = SYN_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      syn_board_view_set_flipped (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COORDINATES:
      syn_board_view_set_show_coordinates (self, g_value_get_boolean (value));
      break;
    case PROP_HEATMAP:
      syn_board_view_set_heatmap (self, g_value_get_enum (value));
      break;
    case PROP_INTERACTIVE:
      syn_board_view_set_interactive (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATE:
      syn_board_view_set_animate (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_board_view_class_init (SynBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_board_view_dispose;
  object_class->get_property = syn_board_view_get_property;
  object_class->set_property = syn_board_view_set_property;

  widget_class->snapshot = _syn_board_view_snapshot;
  widget_class->get_request_mode = syn_board_view_get_request_mode;
  widget_class->measure = syn_board_view_measure;
  widget_class->size_allocate = syn_board_view_size_allocate;
  widget_class->grab_focus = _syn_board_view_grab_focus;
  widget_class->focus = _syn_board_view_focus;
  widget_class->state_flags_changed = syn_board_view_state_flags_changed;
  widget_class->root = syn_board_view_root;
  widget_class->unroot = syn_board_view_unroot;
  widget_class->css_changed = syn_board_view_css_changed;

  properties[PROP_FLIPPED]
      = g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES]
      = g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEATMAP]
      = g_param_spec_enum ("heatmap", NULL, NULL, SYN_TYPE_HEATMAP_MODE, SYN_HEATMAP_OFF,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE]
      = g_param_spec_boolean ("interactive", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATE]
      = g_param_spec_boolean ("animate", NULL, NULL, TRUE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * SynBoardView::move-chosen:
   * @move: the SynMove the viewer chose, a legal move of the facts shown
   */
  signals[MOVE_CHOSEN] = g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  _syn_board_view_input_class_init (widget_class);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
syn_board_view_init (SynBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->show_coordinates = TRUE;
  self->animate = TRUE;
  self->selected = SYN_NO_SQUARE;
  self->cursor = SYN_SQUARE (4, 1); /* e2, where a game usually starts */
  self->promotion_from = SYN_NO_SQUARE;
  self->promotion_to = SYN_NO_SQUARE;
  self->press_square = SYN_NO_SQUARE;
  self->hover = SYN_NO_SQUARE;
  self->renderer = g_object_ref (syn_piece_renderer_get_default ());
  syn_position_clear (&self->facts.position);
  self->facts.visible = ~(SynBitboard) 0;

  gtk_widget_set_focusable (widget, TRUE);
  gtk_accessible_update_property (
      GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Board"),
      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
      _ ("Arrow keys move between squares, Enter picks a piece up and puts it down, Escape "
         "puts it back"),
      -1);

  _syn_board_view_a11y_init (self);
  _syn_board_view_input_init (self);

  _syn_board_view_update_labels (self);
}

/* Public API */

GtkWidget *
syn_board_view_new (void)
{
  return g_object_new (SYN_TYPE_BOARD_VIEW, NULL);
}

void
syn_board_view_set_facts (SynBoardView *self, const SynBoardFacts *facts)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));
  g_return_if_fail (facts != NULL);

  /* The same facts again (a redraw of the window, say) keep the pick in progress. */
  if (memcmp (&self->facts, facts, sizeof *facts) == 0 && !_syn_board_view_is_animating (self))
    return;
  _syn_board_view_end_animation (self);
  _syn_board_view_cancel_pick (self);
  _syn_board_view_hide_refusal (self);
  self->facts = *facts;
  _syn_board_view_update_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const SynBoardFacts *
syn_board_view_get_facts (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), NULL);

  return &self->facts;
}

gboolean
syn_board_view_get_flipped (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), FALSE);

  return self->flipped;
}

void
syn_board_view_set_flipped (SynBoardView *self, gboolean flipped)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;

  /* Keep the accessible cells in reading order for the side now at the bottom. */
  for (int row = 7; row >= 0; row--)
    for (int column = 7; column >= 0; column--)
      gtk_widget_insert_after (self->squares[_syn_board_view_cell_to_square (self, column, row)],
                               GTK_WIDGET (self), NULL);

  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
syn_board_view_get_show_coordinates (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), FALSE);

  return self->show_coordinates;
}

void
syn_board_view_set_show_coordinates (SynBoardView *self, gboolean show_coordinates)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  show_coordinates = !!show_coordinates;
  if (self->show_coordinates == show_coordinates)
    return;
  self->show_coordinates = show_coordinates;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

SynHeatmapMode
syn_board_view_get_heatmap (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), SYN_HEATMAP_OFF);

  return self->heatmap;
}

void
syn_board_view_set_heatmap (SynBoardView *self, SynHeatmapMode heatmap)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));
  g_return_if_fail (heatmap <= SYN_HEATMAP_THEIRS);

  if (self->heatmap == heatmap)
    return;
  self->heatmap = heatmap;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEATMAP]);
}

gboolean
syn_board_view_get_interactive (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), FALSE);

  return self->interactive;
}

void
syn_board_view_set_interactive (SynBoardView *self, gboolean interactive)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    _syn_board_view_cancel_pick (self);
  /* The cells say why a piece cannot move only while the viewer may move. */
  _syn_board_view_update_labels (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
syn_board_view_get_animate (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), FALSE);

  return self->animate;
}

void
syn_board_view_set_animate (SynBoardView *self, gboolean animate)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  animate = !!animate;
  if (self->animate == animate)
    return;
  self->animate = animate;
  if (!animate)
    _syn_board_view_end_animation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATE]);
}

void
syn_board_view_set_marked_squares (SynBoardView *self, SynBitboard squares)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  self->marked = squares;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SynBitboard
syn_board_view_get_marked_squares (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), 0);
  return self->marked;
}

void
syn_board_view_set_pick_both_sides (SynBoardView *self, gboolean both)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  self->pick_both_sides = !!both;
  _syn_board_view_cancel_pick (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
syn_board_view_set_chosen_move (SynBoardView *self, SynMove move)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  if (self->chosen_move == move)
    return;
  self->chosen_move = move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

SynMove
syn_board_view_get_chosen_move (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), SYN_MOVE_NONE);

  return self->chosen_move;
}

void
syn_board_view_set_last_turn (SynBoardView *self, SynMove white, SynMove black)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));

  self->last_white = white;
  self->last_black = black;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
syn_board_view_get_selected_square (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), SYN_NO_SQUARE);

  return self->selected;
}

gboolean
syn_board_view_get_square_rect (SynBoardView *self, int square, graphene_rect_t *rect)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (square >= 0 && square < 64, FALSE);

  if (self->square_size == 0)
    return FALSE;
  _syn_board_view_square_rect (self, square, rect);
  return TRUE;
}

const char *
syn_board_view_get_square_label (SynBoardView *self, int square)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (square >= 0 && square < 64, NULL);

  return syn_board_square_get_label (SYN_BOARD_SQUARE (self->squares[square]));
}

const char *
syn_board_view_get_refusal (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), NULL);

  if (!gtk_widget_get_visible (self->refusal_popover))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->refusal_label));
}

GtkWidget *
syn_board_view_get_promotion_popover (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), NULL);

  if (self->promotion_from == SYN_NO_SQUARE)
    return NULL;
  return self->promotion_popover;
}
