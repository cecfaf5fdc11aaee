/* syn-board-view-animation.c: the board view's slides: both moves of a turn glide to
 * their squares at once, unless animations are off or fog would give a move away.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-view"

#include "config.h"

#include "syn-board-view-private.h"

gboolean
_syn_board_view_is_animating (SynBoardView *self)
{
  return self->tick_id != 0;
}

void
_syn_board_view_end_animation (SynBoardView *self)
{
  if (self->tick_id == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->n_slides = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
animations_enabled (SynBoardView *self)
{
  gboolean enabled = TRUE;

  if (!self->animate || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return FALSE;
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled,
                NULL);
  return enabled;
}

/* Drawing */

static gboolean
slide_tick_cb (GtkWidget *widget, GdkFrameClock *frame_clock, gpointer user_data)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (frame_clock);

  if (self->slide_start == 0)
    self->slide_start = now;
  self->slide_progress = (double) (now - self->slide_start) / SLIDE_USEC;
  if (self->slide_progress >= 1.0)
    {
      self->tick_id = 0;
      self->n_slides = 0;
      gtk_widget_queue_draw (widget);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static void
add_slide (SynBoardView *self, SynPiece piece, int from, int to)
{
  if (piece == SYN_NO_PIECE || self->n_slides == MAX_SLIDES)
    return;
  self->slides[self->n_slides++] = (Slide){ piece, from, to };
}

static void
add_move_slides (SynBoardView *self, SynMove move, const SynBoardFacts *after)
{
  int from, to;
  SynPiece piece;

  if (move == SYN_MOVE_NONE)
    return;
  from = syn_move_from (move);
  to = syn_move_to (move);
  /* PSC-R12: a slide would tell where a piece came from or went to; under fog, only moves
   * seen from start to end slide. The others just show their outcome at the end. */
  if (!(self->before.visible & syn_bit (from)) || !(after->visible & syn_bit (to)))
    return;
  piece = self->before.position.board[from];
  add_slide (self, piece, from, to);

  /* PSC-R5: the rook of a castling moves in the same turn, beside the king. */
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    {
      int rank = SYN_RANK_OF (from);
      gboolean kingside = SYN_FILE_OF (to) > SYN_FILE_OF (from);
      int rook_from = SYN_SQUARE (kingside ? 7 : 0, rank);
      int rook_to = SYN_SQUARE (kingside ? 5 : 3, rank);
      if ((self->before.visible & syn_bit (rook_from)) && (after->visible & syn_bit (rook_to)))
        add_slide (self, self->before.position.board[rook_from], rook_from, rook_to);
    }
}

void
syn_board_view_animate_turn (SynBoardView *self, const SynBoardFacts *before, SynMove white,
                             SynMove black, const SynBoardFacts *after)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));
  g_return_if_fail (before != NULL && after != NULL);

  syn_board_view_set_facts (self, after);
  self->chosen_move = SYN_MOVE_NONE;
  syn_board_view_set_last_turn (self, white, black);
  if (!animations_enabled (self))
    return;

  self->before = *before;
  self->n_slides = 0;
  add_move_slides (self, white, after);
  add_move_slides (self, black, after);
  if (self->n_slides == 0)
    return;
  self->slide_start = 0;
  self->slide_progress = 0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), slide_tick_cb, NULL, NULL);
}

void
_syn_board_view_animation_dispose (SynBoardView *self)
{
  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}
