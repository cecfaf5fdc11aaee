/* syn-board-view-paint.c: how the board view draws: squares and their tints (last moves,
 * heatmap, frozen pieces), fog and its mist, coordinates, pieces, hints and rings.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-view"

#include "config.h"

#include "syn-board-view-private.h"

#include <string.h>

typedef struct
{
  GdkRGBA light;
  GdkRGBA dark;
  GdkRGBA fog_light;
  GdkRGBA fog_dark;
  GdkRGBA coordinate_on_light;
  GdkRGBA coordinate_on_dark;
  float mist;         /* how strongly the drifting mist shows over fog */
  GdkRGBA mine;       /* heatmap: the viewer's control */
  GdkRGBA theirs;     /* heatmap: the opponent's control */
  GdkRGBA frozen;     /* PSC-R3 */
  GdkRGBA check;      /* a king in check: a glow under it */
  GdkRGBA lock;       /* TX-R5: the viewer's locked squares, apart from the last moves */
  GdkRGBA last_white; /* white's move of the last turn */
  GdkRGBA last_black; /* black's move of the last turn */
  GdkRGBA hint;       /* destination dots and rings */
  GdkRGBA shadow;
} Palette;

#define RGBA(hex, a)                                                                               \
  {                                                                                                \
    ((hex) >> 16 & 0xff) / 255.f, ((hex) >> 8 & 0xff) / 255.f, ((hex) &0xff) / 255.f, (a)          \
  }
#define RGB(hex) RGBA (hex, 1.f)
/* clang-format on */

/* Colours from the GNOME palette; the board keeps its daylight colours in the dark style,
 * only a little dimmer, so that both piece colours stand out on both square colours. The
 * squares are a cool grey so that the warm and green heatmap tints both show. */
static const Palette light_palette = {
  .light = RGB (0xe4e7eb),
  .dark = RGB (0xa4aebb),
  .fog_light = RGB (0x8f97a2),
  .fog_dark = RGB (0x89919c),
  .coordinate_on_light = RGB (0x7c8796),
  .coordinate_on_dark = RGB (0xeef0f3),
  .mine = RGB (0x2ec27e),
  .theirs = RGB (0xe66100),
  .frozen = RGB (0xe01b24),
  .check = RGBA (0xc01c28, 0.9f),
  .lock = RGB (0x865e3c),
  .last_white = RGB (0xf6d32d),
  .last_black = RGB (0x9141ac),
  .mist = 0.45f,
  .hint = RGBA (0x241f31, 0.28f),
  .shadow = RGBA (0x000006, 0.22f),
};

static const Palette dark_palette = {
  .light = RGB (0xc3c9d1),
  .dark = RGB (0x8a96a6),
  .fog_light = RGB (0x555b64),
  .fog_dark = RGB (0x51565f),
  .coordinate_on_light = RGB (0x67717f),
  .coordinate_on_dark = RGB (0xdde1e6),
  .mine = RGB (0x33d17a),
  .theirs = RGB (0xff7800),
  .frozen = RGB (0xe01b24),
  .check = RGBA (0xff3b30, 0.9f),
  .lock = RGB (0xb5835a),
  .last_white = RGB (0xf5c211),
  .last_black = RGB (0xa347ba),
  .mist = 0.25f,
  .hint = RGBA (0x000000, 0.32f),
  .shadow = RGBA (0x000000, 0.5f),
};

/* Mist: a cloud pattern over fogged squares, so that fog reads as fog rather than as a grey
 * board. It is drawn once per square size as a tile four squares wide, seamless at its
 * edges, and cut into one image per square of the tile: each fogged square is then a single
 * image drawn at its own size, however many squares are in fog. */

static float
lattice_value (int x, int y, int period)
{
  guint32 h = (guint32) ((x % period + period) % period) * 374761393u
              + (guint32) ((y % period + period) % period) * 668265263u + (guint32) period;

  h = (h ^ (h >> 13)) * 1274126177u;
  return (float) ((h ^ (h >> 16)) & 0xffff) / 65535.f;
}

static float
smooth_noise (float x, float y, int period)
{
  int x0 = (int) x, y0 = (int) y;
  float fx = x - x0, fy = y - y0;
  float sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
  float top = lattice_value (x0, y0, period)
              + (lattice_value (x0 + 1, y0, period) - lattice_value (x0, y0, period)) * sx;
  float bottom
      = lattice_value (x0, y0 + 1, period)
        + (lattice_value (x0 + 1, y0 + 1, period) - lattice_value (x0, y0 + 1, period)) * sx;

  return top + (bottom - top) * sy;
}

static void
mist_clear (Mist *mist)
{
  for (int i = 0; i < N_MIST; i++)
    {
      g_clear_object (&mist->textures[i]);
      g_clear_pointer (&mist->surfaces[i], cairo_surface_destroy);
    }
  mist->size = 0;
}

static void
mist_draw (Mist *mist, int size, float strength)
{
  int tile = MIST_TILE * size;

  mist_clear (mist);
  mist->size = size;
  mist->strength = strength;
  for (int i = 0; i < N_MIST; i++)
    {
      int left = (i % MIST_TILE) * size, top = (i / MIST_TILE) * size;
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
      int stride = cairo_image_surface_get_stride (surface);
      guchar *pixels = cairo_image_surface_get_data (surface);
      g_autoptr (GBytes) bytes = NULL;

      for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
          {
            float value = 0, weight = 0.5f;
            guchar alpha;

            for (int octave = 0, cells = MIST_CELLS; octave < 2; octave++, cells *= 2, weight /= 2)
              value += weight
                       * smooth_noise ((float) (left + x) * cells / tile,
                                       (float) (top + y) * cells / tile, cells);
            value = CLAMP ((value / 0.75f - 0.3f) / 0.6f, 0.f, 1.f);
            alpha = (guchar) (value * value * strength * 255);
            /* White, premultiplied: every channel equals alpha. */
            memset (pixels + (gsize) y * stride + (gsize) x * 4, alpha, 4);
          }
      cairo_surface_mark_dirty (surface);
      bytes = g_bytes_new_with_free_func (pixels, (gsize) stride * size,
                                          (GDestroyNotify) cairo_surface_destroy,
                                          cairo_surface_reference (surface));
      mist->textures[i] = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes, stride);
      mist->surfaces[i] = surface;
    }
}

/* Geometry */

static void
mix (GdkRGBA *colour, const GdkRGBA *tint, float amount)
{
  colour->red += (tint->red - colour->red) * amount;
  colour->green += (tint->green - colour->green) * amount;
  colour->blue += (tint->blue - colour->blue) * amount;
}

static float
heat_amount (int margin)
{
  /* One attacker more is a light wash; four or more is as deep as the tint goes. */
  static const float amounts[] = { 0.f, 0.26f, 0.42f, 0.54f, 0.64f };

  return amounts[MIN (margin, 4)];
}

static const Palette *
palette_for (SynBoardView *self, GdkRGBA *accent)
{
  GtkStyleContext *context = gtk_widget_get_style_context (GTK_WIDGET (self));
  GdkRGBA foreground;
  gboolean dark;

  /* A light text colour means a dark style, whichever theme or library set it. */
  gtk_style_context_get_color (context, &foreground);
  dark = 0.299f * foreground.red + 0.587f * foreground.green + 0.114f * foreground.blue > 0.5f;
  if (!gtk_style_context_lookup_color (context, "accent_bg_color", accent)
      && !gtk_style_context_lookup_color (context, "theme_selected_bg_color", accent))
    *accent = (GdkRGBA) RGB (0x3584e4);
  accent->alpha = 1.f;
  return dark ? &dark_palette : &light_palette;
}

static void
append_square_color (GtkSnapshot *snapshot, const graphene_rect_t *rect, const GdkRGBA *colour,
                     int corner, float radius)
{
  GskRoundedRect outline;
  graphene_size_t round = GRAPHENE_SIZE_INIT (radius, radius);
  graphene_size_t sharp = GRAPHENE_SIZE_INIT (0, 0);

  if (corner < 0)
    {
      gtk_snapshot_append_color (snapshot, colour, rect);
      return;
    }
  /* corner: 0 top left, 1 top right, 2 bottom right, 3 bottom left */
  gsk_rounded_rect_init (&outline, rect, corner == 0 ? &round : &sharp,
                         corner == 1 ? &round : &sharp, corner == 2 ? &round : &sharp,
                         corner == 3 ? &round : &sharp);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, colour, rect);
  gtk_snapshot_pop (snapshot);
}

static int
corner_of_cell (int column, int row)
{
  if (row == 0 && column == 0)
    return 0;
  if (row == 0 && column == 7)
    return 1;
  if (row == 7 && column == 7)
    return 2;
  if (row == 7 && column == 0)
    return 3;
  return -1;
}

static void
append_circle (GtkSnapshot *snapshot, float cx, float cy, float radius, const GdkRGBA *colour)
{
  GskRoundedRect circle;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (cx - radius, cy - radius, 2 * radius, 2 * radius);

  gsk_rounded_rect_init_from_rect (&circle, &bounds, radius);
  gtk_snapshot_push_rounded_clip (snapshot, &circle);
  gtk_snapshot_append_color (snapshot, colour, &bounds);
  gtk_snapshot_pop (snapshot);
}

static void
append_ring (GtkSnapshot *snapshot, const graphene_rect_t *rect, float inset, float width,
             float radius, const GdkRGBA *colour)
{
  GskRoundedRect outline;
  graphene_rect_t bounds;
  float widths[4] = { width, width, width, width };
  GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  graphene_rect_inset_r (rect, inset, inset, &bounds);
  gsk_rounded_rect_init_from_rect (&outline, &bounds, radius);
  gtk_snapshot_append_border (snapshot, &outline, widths, colours);
}

static gboolean
settle_timeout_cb (gpointer user_data)
{
  SynBoardView *self = SYN_BOARD_VIEW (user_data);

  self->settle_timeout_id = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

/* How this frame draws pieces. */
typedef struct
{
  int size; /* device pixels of the images used, maybe not yet the square's */
  gboolean use_cairo;
} PieceFrame;

/* The pieces of this frame are drawn at the square's size, unless the board is in the middle
 * of a resize: then the nearest size already drawn is scaled, rather than drawing all the
 * SVGs again for every frame of the resize. */
static void
prepare_piece_frame (SynBoardView *self, PieceFrame *frame)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkNative *native = gtk_widget_get_native (widget);
  int pixels = self->square_size * gtk_widget_get_scale_factor (widget);

  frame->size = pixels;
  if (!syn_piece_renderer_has_size (self->renderer, pixels)
      && g_get_monotonic_time () - self->resized_at < RESIZE_SETTLE_USEC)
    {
      int nearest = syn_piece_renderer_get_nearest_size (self->renderer, pixels);
      if (nearest != 0)
        frame->size = nearest;
      if (self->settle_timeout_id == 0)
        self->settle_timeout_id
            = g_timeout_add (RESIZE_SETTLE_USEC / 1000 + 10, settle_timeout_cb, self);
    }

  /* GTK 4.8's cairo renderer converts a texture pixel by pixel each time it draws one (about
   * 0.1 ms a piece); there, a cairo node painting the cached surface is far cheaper. The GL
   * renderer keeps textures on the GPU, so it gets textures. */
  frame->use_cairo = native != NULL && GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (native));
}

static void
append_piece (SynBoardView *self, GtkSnapshot *snapshot, const PieceFrame *frame, SynPiece piece,
              const graphene_rect_t *rect, float opacity)
{
  if (frame->use_cairo)
    {
      cairo_surface_t *surface
          = syn_piece_renderer_get_surface (self->renderer, piece, frame->size);
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, rect);

      cairo_translate (cr, rect->origin.x, rect->origin.y);
      cairo_scale (cr, rect->size.width / frame->size, rect->size.height / frame->size);
      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_paint_with_alpha (cr, opacity);
      cairo_destroy (cr);
      return;
    }

  if (opacity < 1.f)
    gtk_snapshot_push_opacity (snapshot, opacity);
  gtk_snapshot_append_texture (
      snapshot, syn_piece_renderer_get_texture (self->renderer, piece, frame->size), rect);
  if (opacity < 1.f)
    gtk_snapshot_pop (snapshot);
}

static void
update_coordinate_layouts (SynBoardView *self)
{
  PangoFontDescription *font;

  if (self->coordinate_size == self->square_size && self->coordinate_layouts[0] != NULL)
    return;

  font = pango_font_description_new ();
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (8, self->square_size * 0.17) * PANGO_SCALE);
  for (int i = 0; i < 16; i++)
    {
      char text[2] = { i < 8 ? (char) ('a' + i) : (char) ('1' + i - 8), '\0' };
      g_clear_object (&self->coordinate_layouts[i]);
      self->coordinate_layouts[i] = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
      pango_layout_set_font_description (self->coordinate_layouts[i], font);
    }
  pango_font_description_free (font);
  self->coordinate_size = self->square_size;
}

/* Each coordinate is drawn in a colour close to the other kind of square, so that it reads on
 * its own without shouting; on fog, in the light one. */
static const GdkRGBA *
coordinate_colour (SynBoardView *self, const Palette *palette, int square)
{
  gboolean light = (SYN_FILE_OF (square) + SYN_RANK_OF (square)) % 2 == 1;

  if (!(self->facts.visible & syn_bit (square)))
    return &palette->coordinate_on_dark;
  return light ? &palette->coordinate_on_light : &palette->coordinate_on_dark;
}

static void
append_coordinates (SynBoardView *self, GtkSnapshot *snapshot, const Palette *palette)
{
  float pad = MAX (2.f, self->square_size * 0.06f);

  update_coordinate_layouts (self);
  for (int i = 0; i < 8; i++)
    {
      /* Files along the bottom edge, ranks along the left one. */
      int file_square = _syn_board_view_cell_to_square (self, i, 7);
      int rank_square = _syn_board_view_cell_to_square (self, 0, i);
      PangoLayout *file_layout = self->coordinate_layouts[SYN_FILE_OF (file_square)];
      PangoLayout *rank_layout = self->coordinate_layouts[8 + SYN_RANK_OF (rank_square)];
      graphene_rect_t rect;
      PangoRectangle ink, logical;

      _syn_board_view_square_rect (self, file_square, &rect);
      pango_layout_get_pixel_extents (file_layout, &ink, &logical);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (
          snapshot,
          &GRAPHENE_POINT_INIT (rect.origin.x + rect.size.width - pad - logical.width,
                                rect.origin.y + rect.size.height - pad * 0.5f - logical.height));
      gtk_snapshot_append_layout (snapshot, file_layout,
                                  coordinate_colour (self, palette, file_square));
      gtk_snapshot_restore (snapshot);

      _syn_board_view_square_rect (self, rank_square, &rect);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (
          snapshot, &GRAPHENE_POINT_INIT (rect.origin.x + pad, rect.origin.y + pad * 0.5f));
      gtk_snapshot_append_layout (snapshot, rank_layout,
                                  coordinate_colour (self, palette, rank_square));
      gtk_snapshot_restore (snapshot);
    }
}

static gboolean
cursor_visible (SynBoardView *self)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));

  return focus == self->squares[self->cursor] && GTK_IS_WINDOW (self->root)
         && gtk_window_get_focus_visible (GTK_WINDOW (self->root));
}

static float
ease_out (double t)
{
  double u = 1.0 - t;
  return (float) (1.0 - u * u * u);
}

static void
append_mist (SynBoardView *self, GtkSnapshot *snapshot, const Palette *palette,
             const PieceFrame *frame, SynBitboard fog)
{
  int pixels = self->square_size * gtk_widget_get_scale_factor (GTK_WIDGET (self));
  Mist *mist = &self->mist;

  /* Like the pieces, the mist is only drawn afresh once a resize has settled. */
  if (mist->size == 0 || mist->strength != palette->mist
      || (mist->size != pixels && frame->size == pixels))
    mist_draw (mist, pixels, palette->mist);

  for (SynBitboard rest = fog; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      int column, row, index;
      graphene_rect_t rect;

      _syn_board_view_square_to_cell (self, square, &column, &row);
      _syn_board_view_square_rect (self, square, &rect);
      index = (column % MIST_TILE) + MIST_TILE * (row % MIST_TILE);
      if (frame->use_cairo)
        {
          cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &rect);
          cairo_translate (cr, rect.origin.x, rect.origin.y);
          cairo_scale (cr, rect.size.width / mist->size, rect.size.height / mist->size);
          cairo_set_source_surface (cr, mist->surfaces[index], 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
        }
      else
        gtk_snapshot_append_texture (snapshot, mist->textures[index], &rect);
    }
}

/* Everything one frame needs to know, worked out once. */
typedef struct
{
  const SynBoardFacts *facts; /* before the turn while it slides, else the facts */
  const Palette *palette;
  GdkRGBA accent;
  PieceFrame pieces;
  SynBitboard fog;
  float size;
  float radius;
} Frame;

static gboolean
is_move_square (SynMove move, int square)
{
  return move != SYN_MOVE_NONE && (square == syn_move_from (move) || square == syn_move_to (move));
}

/* The colour of a square in sight, every tint mixed in. */
static GdkRGBA
visible_square_colour (SynBoardView *self, const Frame *frame, int square)
{
  const SynBoardFacts *facts = frame->facts;
  const Palette *palette = frame->palette;
  SynColour viewer = self->facts.viewer;
  gboolean light = (SYN_FILE_OF (square) + SYN_RANK_OF (square)) % 2 == 1;
  GdkRGBA colour = light ? palette->light : palette->dark;

  if (is_move_square (self->last_white, square))
    mix (&colour, &palette->last_white, 0.5f);
  if (is_move_square (self->last_black, square))
    mix (&colour, &palette->last_black, 0.4f);

  if (self->heatmap != SYN_HEATMAP_OFF)
    {
      /* PSC-R2: the margin of attackers decides control, and how firm it is. */
      int margin = (int) facts->attacks[viewer][square] - (int) facts->attacks[!viewer][square];
      if (self->heatmap == SYN_HEATMAP_MINE && margin > 0)
        mix (&colour, &palette->mine, heat_amount (margin));
      else if (self->heatmap == SYN_HEATMAP_THEIRS && margin < 0)
        mix (&colour, &palette->theirs, heat_amount (-margin));
    }

  /* PSC-R3: a frozen piece stands on red. */
  if (facts->frozen & syn_bit (square))
    mix (&colour, &palette->frozen, 0.62f);

  if (is_move_square (self->chosen_move, square))
    mix (&colour, &frame->accent, 0.45f);
  if (square == self->selected)
    mix (&colour, &frame->accent, 0.5f);
  return colour;
}

/* Squares: one colour node each. Returns the squares in fog. */
static SynBitboard
append_squares (SynBoardView *self, GtkSnapshot *snapshot, const Frame *frame)
{
  SynBitboard fog = 0;

  for (int square = 0; square < 64; square++)
    {
      SynBitboard bit = syn_bit (square);
      gboolean light = (SYN_FILE_OF (square) + SYN_RANK_OF (square)) % 2 == 1;
      GdkRGBA colour;
      graphene_rect_t rect;
      int column, row;

      _syn_board_view_square_to_cell (self, square, &column, &row);
      _syn_board_view_square_rect (self, square, &rect);

      if (!(frame->facts->visible & bit))
        {
          /* PSC-R12: fog hides the square, its piece and its markings alike. */
          colour = light ? frame->palette->fog_light : frame->palette->fog_dark;
          fog |= bit;
        }
      else
        colour = visible_square_colour (self, frame, square);
      append_square_color (snapshot, &rect, &colour, corner_of_cell (column, row), frame->radius);
    }
  return fog;
}

/* HK-R3, HUT-R2, SYN-R2, TX-R4: a king in check glows red from under its feet, unlike the
 * flat tint of PSC's frozen pieces. */
static void
append_checks (SynBoardView *self, GtkSnapshot *snapshot, const Frame *frame)
{
  GdkRGBA clear = frame->palette->check;
  graphene_rect_t rect;

  clear.alpha = 0.f;
  for (SynBitboard rest = frame->facts->check & ~frame->fog; rest != 0;)
    {
      GskColorStop stops[3]
          = { { 0.f, frame->palette->check }, { 0.55f, frame->palette->check }, { 1.f, clear } };
      graphene_point_t centre;

      stops[1].color.alpha *= 0.55f;
      _syn_board_view_square_rect (self, syn_pop_lsb (&rest), &rect);
      graphene_rect_get_center (&rect, &centre);
      gtk_snapshot_append_radial_gradient (snapshot, &rect, &centre, rect.size.width * 0.5f,
                                           rect.size.height * 0.5f, 0.f, 1.f, stops, 3);
    }
}

static void
append_standing_pieces (SynBoardView *self, GtkSnapshot *snapshot, const Frame *frame)
{
  const SynBoardFacts *facts = frame->facts;
  SynBitboard moving = 0;
  graphene_rect_t rect;

  for (int i = 0; i < self->n_slides; i++)
    moving |= syn_bit (self->slides[i].from);
  for (int square = 0; square < 64; square++)
    {
      SynPiece piece = facts->position.board[square];
      float opacity = 1.f;

      if (piece == SYN_NO_PIECE || (moving & syn_bit (square)))
        continue;
      if (square == self->selected && self->dragging)
        opacity = 0.3f;
      _syn_board_view_square_rect (self, square, &rect);
      append_piece (self, snapshot, &frame->pieces, piece, &rect, opacity);
    }

  /* The viewer's secret choice: a faint copy of the piece where it will land. */
  if (self->chosen_move != SYN_MOVE_NONE && !_syn_board_view_is_animating (self))
    {
      SynPiece piece = facts->position.board[syn_move_from (self->chosen_move)];
      if (piece != SYN_NO_PIECE)
        {
          if (syn_move_is_promotion (self->chosen_move))
            piece
                = SYN_PIECE (SYN_PIECE_COLOUR (piece), syn_move_promotion_type (self->chosen_move));
          _syn_board_view_square_rect (self, syn_move_to (self->chosen_move), &rect);
          append_piece (self, snapshot, &frame->pieces, piece, &rect, 0.5f);
        }
    }
}

/* Destinations of the picked piece: dots on empty squares, rings around captures. */
static void
append_destinations (SynBoardView *self, GtkSnapshot *snapshot, const Frame *frame,
                     SynBitboard targets)
{
  const GdkRGBA *hint = &frame->palette->hint;
  float size = frame->size;
  graphene_rect_t rect;

  for (SynBitboard rest = targets; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      _syn_board_view_square_rect (self, square, &rect);
      if (self->dragging && square == self->hover)
        append_ring (snapshot, &rect, 0, MAX (2.f, size * 0.06f), 0, hint);
      else if (frame->facts->position.board[square] != SYN_NO_PIECE)
        append_ring (snapshot, &rect, size * 0.04f, MAX (2.f, size * 0.08f), size * 0.46f, hint);
      else
        append_circle (snapshot, rect.origin.x + size / 2, rect.origin.y + size / 2,
                       MAX (3.f, size * 0.16f), hint);
    }
}

static void
append_rings (SynBoardView *self, GtkSnapshot *snapshot, const Frame *frame)
{
  const SynBoardFacts *facts = frame->facts;
  float size = frame->size;
  graphene_rect_t rect;

  /* Marked squares: a thin ring inside the square, under the cursor's. */
  for (SynBitboard rest = self->marked & ~frame->fog; rest != 0;)
    {
      _syn_board_view_square_rect (self, syn_pop_lsb (&rest), &rect);
      append_ring (snapshot, &rect, MAX (2.f, size * 0.1f), MAX (2.f, size * 0.04f),
                   MIN (4.f, size * 0.08f), &frame->accent);
    }

  /* HK-R6: the open fields of an exchange of blows, ringed in the warning red. */
  for (SynBitboard rest = facts->info.marked & ~frame->fog; rest != 0;)
    {
      _syn_board_view_square_rect (self, syn_pop_lsb (&rest), &rect);
      append_ring (snapshot, &rect, 0, MAX (3.f, size * 0.07f), 0, &frame->palette->frozen);
    }
  /* TX-R5: the squares the viewer's own pending moves lock; the opponent's stay unseen. */
  for (SynBitboard rest = facts->info.locked[facts->viewer] & ~frame->fog; rest != 0;)
    {
      _syn_board_view_square_rect (self, syn_pop_lsb (&rest), &rect);
      append_ring (snapshot, &rect, MAX (2.f, size * 0.06f), MAX (2.f, size * 0.05f),
                   MIN (4.f, size * 0.08f), &frame->palette->lock);
    }

  if (cursor_visible (self))
    {
      _syn_board_view_square_rect (self, self->cursor, &rect);
      append_ring (snapshot, &rect, 1, MAX (2.f, size * 0.05f), MIN (6.f, size * 0.1f),
                   &frame->accent);
    }
}

/* Pieces in motion, on top of everything that stands still: the slides of a turn, and the
 * dragged piece following the pointer, a little larger, as if lifted. */
static void
append_moving_pieces (SynBoardView *self, GtkSnapshot *snapshot, const Frame *frame)
{
  graphene_rect_t rect;

  if (self->n_slides > 0)
    {
      float t = ease_out (self->slide_progress);
      for (int i = 0; i < self->n_slides; i++)
        {
          graphene_rect_t from, to;
          _syn_board_view_square_rect (self, self->slides[i].from, &from);
          _syn_board_view_square_rect (self, self->slides[i].to, &to);
          graphene_rect_interpolate (&from, &to, t, &rect);
          append_piece (self, snapshot, &frame->pieces, self->slides[i].piece, &rect, 1.f);
        }
    }

  if (self->dragging && self->selected != SYN_NO_SQUARE)
    {
      SynPiece piece = frame->facts->position.board[self->selected];
      float lifted = frame->size * 1.12f;
      if (piece != SYN_NO_PIECE)
        {
          graphene_rect_init (&rect, self->drag_x - lifted / 2, self->drag_y - lifted / 2, lifted,
                              lifted);
          append_piece (self, snapshot, &frame->pieces, piece, &rect, 1.f);
        }
    }
}

void
_syn_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  gboolean animating = _syn_board_view_is_animating (self);
  Frame frame;
  graphene_rect_t board;
  GskRoundedRect outline;

  if (self->square_size == 0)
    return;

  frame.facts = animating ? &self->before : &self->facts;
  frame.size = self->square_size;
  frame.radius = MIN (8.f, frame.size / 6.f);
  frame.palette = palette_for (self, &frame.accent);
  prepare_piece_frame (self, &frame.pieces);

  graphene_rect_init (&board, self->origin_x, self->origin_y, 8 * frame.size, 8 * frame.size);
  gsk_rounded_rect_init_from_rect (&outline, &board, frame.radius);
  gtk_snapshot_append_outset_shadow (snapshot, &outline, &frame.palette->shadow, 0, 1, 0, 4);

  frame.fog = append_squares (self, snapshot, &frame);
  if (frame.fog != 0)
    append_mist (self, snapshot, frame.palette, &frame.pieces, frame.fog);
  if (self->show_coordinates && self->square_size >= MIN_COORDINATES_SQUARE_SIZE)
    append_coordinates (self, snapshot, frame.palette);

  append_checks (self, snapshot, &frame);
  append_standing_pieces (self, snapshot, &frame);
  append_destinations (self, snapshot, &frame, animating ? 0 : _syn_board_view_destinations (self));
  append_rings (self, snapshot, &frame);
  append_moving_pieces (self, snapshot, &frame);
}

void
_syn_board_view_paint_dispose (SynBoardView *self)
{
  g_clear_handle_id (&self->settle_timeout_id, g_source_remove);
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->coordinate_layouts[i]);
  mist_clear (&self->mist);
}
