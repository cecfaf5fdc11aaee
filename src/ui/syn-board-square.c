/* syn-board-square.c: one square of the board for assistive technologies. GTK 4.8 cannot
 * make accessible objects that are not widgets, so each square is a small widget that the
 * board allocates over the square it stands for and never draws.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-square"

#include "config.h"

#include "syn-board-square.h"

struct _SynBoardSquare
{
  GtkWidget parent_instance;

  /* owned */
  char *label;
  char *description;
  int square;
  gboolean selected;
};

G_DEFINE_FINAL_TYPE (SynBoardSquare, syn_board_square, GTK_TYPE_WIDGET)

static void
syn_board_square_finalize (GObject *object)
{
  SynBoardSquare *self = SYN_BOARD_SQUARE (object);

  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (syn_board_square_parent_class)->finalize (object);
}

static void
syn_board_square_class_init (SynBoardSquareClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = syn_board_square_finalize;

  gtk_widget_class_set_css_name (widget_class, "square");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
syn_board_square_init (SynBoardSquare *self)
{
  /* The board takes every pointer event; the square only receives keyboard focus, so that a
   * screen reader follows the board's cursor from square to square. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, FALSE, -1);
}

GtkWidget *
syn_board_square_new (int square)
{
  SynBoardSquare *self = g_object_new (SYN_TYPE_BOARD_SQUARE, NULL);

  self->square = square;
  return GTK_WIDGET (self);
}

int
syn_board_square_get_square (SynBoardSquare *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_SQUARE (self), -1);

  return self->square;
}

const char *
syn_board_square_get_label (SynBoardSquare *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_SQUARE (self), NULL);

  return self->label;
}

void
syn_board_square_set_label (SynBoardSquare *self, const char *label)
{
  g_return_if_fail (SYN_IS_BOARD_SQUARE (self));

  /* Labels are rebuilt whenever the facts change; only real changes reach the bus. */
  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
syn_board_square_set_description (SynBoardSquare *self, const char *description)
{
  g_return_if_fail (SYN_IS_BOARD_SQUARE (self));

  if (g_strcmp0 (self->description, description) == 0)
    return;
  g_free (self->description);
  self->description = g_strdup (description);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    description, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

const char *
syn_board_square_get_description (SynBoardSquare *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_SQUARE (self), NULL);

  return self->description;
}

void
syn_board_square_set_selected (SynBoardSquare *self, gboolean selected)
{
  g_return_if_fail (SYN_IS_BOARD_SQUARE (self));

  selected = !!selected;
  if (self->selected == selected)
    return;
  self->selected = selected;
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}
