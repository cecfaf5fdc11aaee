/* syn-board-view-private.h: the board view's instance struct and the helpers its files share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-board-view.h"

#include "syn-piece-renderer.h"

G_BEGIN_DECLS

#define MIN_SQUARE_SIZE 24
#define MIN_COORDINATES_SQUARE_SIZE 36 /* below this, coordinates would cover the pieces */
#define NATURAL_SQUARE_SIZE 64
#define SLIDE_USEC (250 * G_TIME_SPAN_MILLISECOND)
/* While the board is being resized, pieces are scaled from the nearest size already drawn
 * and drawn afresh once the size has stayed put this long. */
#define RESIZE_SETTLE_USEC (150 * G_TIME_SPAN_MILLISECOND)
#define MAX_SLIDES 4 /* both moves, and a rook for each castling */

#define MIST_TILE 4  /* squares across the tile */
#define MIST_CELLS 4 /* noise lattice cells across the tile at the coarsest octave */
#define N_MIST (MIST_TILE * MIST_TILE)

typedef struct
{
  int size;       /* device pixels per square, 0 before the first drawing */
  float strength; /* the palette's mist, baked into the alpha */
  GdkTexture *textures[N_MIST];
  cairo_surface_t *surfaces[N_MIST];
} Mist;

typedef struct
{
  SynPiece piece;
  int from;
  int to;
} Slide;

struct _SynBoardView
{
  GtkWidget parent_instance;

  /* owned */
  SynBoardFacts facts;
  SynBoardFacts before; /* what stands still while a turn slides */
  Slide slides[MAX_SLIDES];
  int n_slides;
  GtkWidget *squares[64]; /* SynBoardSquare children: the accessible cells */
  GtkWidget *promotion_popover;
  GtkWidget *refusal_popover; /* why a piece cannot move, for a few seconds */
  guint refusal_timeout_id;
  PangoLayout *coordinate_layouts[16]; /* "a" to "h", then "1" to "8" */
  int coordinate_size;
  SynPieceRenderer *renderer;
  Mist mist;
  guint tick_id;
  guint settle_timeout_id;

  /* borrowed */
  GtkWidget *promotion_buttons[4]; /* queen, rook, bishop, knight */
  GtkWidget *refusal_label;
  GtkRoot *root;

  /* properties */
  gboolean flipped;
  gboolean show_coordinates;
  gboolean interactive;
  gboolean animate;
  SynHeatmapMode heatmap;

  /* marks */
  SynMove chosen_move;
  SynMove last_white;
  SynMove last_black;
  SynBitboard marked; /* squares ringed for the viewer's attention */
  gboolean pick_both_sides;

  /* the viewer's pick */
  int selected;       /* square of the picked piece, or SYN_NO_SQUARE */
  int cursor;         /* keyboard cursor */
  int promotion_from; /* a promotion waiting for the chooser, or SYN_NO_SQUARE */
  int promotion_to;

  /* pointer */
  int press_square;
  gboolean press_picked; /* the press picked the piece up, so its release does nothing */
  gboolean dragging;
  double press_x;
  double press_y;
  double drag_x;
  double drag_y;
  int hover;
  const char *cursor_name;

  /* animation */
  gint64 slide_start; /* frame time of the first frame, 0 before it */
  double slide_progress;

  /* geometry */
  int square_size;
  int origin_x;
  int origin_y;
  gint64 resized_at;
};

/* syn-board-view.c: geometry */
void _syn_board_view_square_to_cell (SynBoardView *self, int square, int *column, int *row);
int _syn_board_view_cell_to_square (SynBoardView *self, int column, int row);
void _syn_board_view_square_rect (SynBoardView *self, int square, graphene_rect_t *rect);
int _syn_board_view_square_at (SynBoardView *self, double x, double y);

/* syn-board-view-paint.c */
void _syn_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot);
void _syn_board_view_paint_dispose (SynBoardView *self);

/* syn-board-view-input.c */
SynBitboard _syn_board_view_destinations (SynBoardView *self);
void _syn_board_view_cancel_pick (SynBoardView *self);
void _syn_board_view_input_class_init (GtkWidgetClass *widget_class);
void _syn_board_view_input_init (SynBoardView *self);
void _syn_board_view_input_dispose (SynBoardView *self);
void _syn_board_view_hide_refusal (SynBoardView *self);

/* syn-board-view-a11y.c */
void _syn_board_view_a11y_init (SynBoardView *self);
void _syn_board_view_update_labels (SynBoardView *self);
void _syn_board_view_move_focus_to_cursor (SynBoardView *self);
gboolean _syn_board_view_grab_focus (GtkWidget *widget);
gboolean _syn_board_view_focus (GtkWidget *widget, GtkDirectionType direction);

/* syn-board-view-animation.c */
gboolean _syn_board_view_is_animating (SynBoardView *self);
void _syn_board_view_end_animation (SynBoardView *self);
void _syn_board_view_animation_dispose (SynBoardView *self);

G_END_DECLS
