/* syn-board-view-a11y.c: the board view's accessible cells: one SynBoardSquare per
 * square, each labelled with what a sighted player sees there, and keyboard focus on them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-view"

#include "config.h"

#include "syn-board-view-private.h"

#include <glib/gi18n.h>

#include "syn-board-square.h"
#include "syn-notation.h"

static const char *
piece_name (SynPiece piece)
{
  return syn_notation_coloured_piece_name (piece);
}

static char *
describe_square (SynBoardView *self, int square, SynBitboard targets)
{
  const SynBoardFacts *facts = &self->facts;
  SynBitboard bit = syn_bit (square);
  SynPiece piece = facts->position.board[square];
  GString *label = g_string_new (NULL);
  char name[3];

  syn_square_to_text (square, name);
  g_string_append (label, name);

  /* Each part is its own phrase, so a translation never needs to count anything. */
  if (!(facts->visible & bit))
    {
      g_string_append_printf (label, ", %s", _ ("hidden"));
      return g_string_free (label, FALSE);
    }
  g_string_append_printf (label, ", %s", piece != SYN_NO_PIECE ? piece_name (piece) : _ ("empty"));
  if (facts->frozen & bit)
    g_string_append_printf (label, ", %s", _ ("frozen"));
  if (facts->check & bit)
    g_string_append_printf (label, ", %s", _ ("in check"));
  if (facts->control[SYN_WHITE] & bit)
    g_string_append_printf (label, ", %s", _ ("controlled by white"));
  else if (facts->control[SYN_BLACK] & bit)
    g_string_append_printf (label, ", %s", _ ("controlled by black"));
  if (square == self->selected)
    g_string_append_printf (label, ", %s", _ ("picked up"));
  else if (targets & bit)
    g_string_append_printf (label, ", %s", _ ("possible move"));
  return g_string_free (label, FALSE);
}

/* Why the viewer's piece there cannot move, said by the rules (syn-board-facts.h); nothing
 * on other squares, where it would only repeat "not your piece" 16 times. */
static char *
describe_refusal (SynBoardView *self, int square)
{
  SynPiece piece = self->facts.position.board[square];

  if (!self->interactive || self->pick_both_sides || piece == SYN_NO_PIECE
      || SYN_PIECE_COLOUR (piece) != self->facts.viewer)
    return NULL;
  return syn_board_facts_explain_refusal (&self->facts, square);
}

void
_syn_board_view_update_labels (SynBoardView *self)
{
  SynBitboard targets = _syn_board_view_destinations (self);

  for (int square = 0; square < 64; square++)
    {
      g_autofree char *label = describe_square (self, square, targets);
      g_autofree char *why = describe_refusal (self, square);

      syn_board_square_set_label (SYN_BOARD_SQUARE (self->squares[square]), label);
      syn_board_square_set_description (SYN_BOARD_SQUARE (self->squares[square]), why);
      syn_board_square_set_selected (SYN_BOARD_SQUARE (self->squares[square]),
                                     square == self->selected);
    }
}

/* Focus: the board hands keyboard focus to the square under its cursor, so that a screen
 * reader reads each square as the cursor reaches it; Tab leaves the board in one step. */

void
_syn_board_view_move_focus_to_cursor (SynBoardView *self)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));

  if (focus != NULL && SYN_IS_BOARD_SQUARE (focus))
    gtk_widget_grab_focus (self->squares[self->cursor]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
_syn_board_view_grab_focus (GtkWidget *widget)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);

  return gtk_widget_grab_focus (self->squares[self->cursor]);
}

gboolean
_syn_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  if (focus == self->promotion_popover)
    return gtk_widget_child_focus (focus, direction);
  if (focus != NULL)
    return FALSE;
  return gtk_widget_grab_focus (self->squares[self->cursor]);
}

void
_syn_board_view_a11y_init (SynBoardView *self)
{
  /* In reading order for the side at the bottom: a8 ... h8, a7 ... h1. */
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      {
        int square = SYN_SQUARE (column, 7 - row);
        self->squares[square] = syn_board_square_new (square);
        gtk_widget_set_parent (self->squares[square], GTK_WIDGET (self));
      }
}
