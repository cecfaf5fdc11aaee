/* syn-board-view.c: the chess board. It draws what a SynBoardFacts says (pieces, control,
 * frozen pieces, fog, the heatmap, the marks of this turn and the last) and turns clicks,
 * drags and keys into the viewer's move. It never asks the engine anything itself.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-view"

#include "config.h"

#include "syn-board-view.h"

#include "syn-notation.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-board-square.h"
#include "syn-piece-renderer.h"

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

/* The colours of one style (light or dark). Tints are mixed into the square colours on the
 * CPU, so every square is a single colour node however many marks it carries. */
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
  GdkRGBA last_white; /* white's move of the last turn */
  GdkRGBA last_black; /* black's move of the last turn */
  GdkRGBA hint;       /* destination dots and rings */
  GdkRGBA shadow;
} Palette;

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
  PangoLayout *coordinate_layouts[16]; /* "a" to "h", then "1" to "8" */
  int coordinate_size;
  SynPieceRenderer *renderer;
  Mist mist;
  guint tick_id;
  guint settle_timeout_id;

  /* borrowed */
  GtkWidget *promotion_buttons[4]; /* queen, rook, bishop, knight */
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

static const SynPieceType promotion_types[4] = { SYN_QUEEN, SYN_ROOK, SYN_BISHOP, SYN_KNIGHT };
static const char *const promotion_names[4]
    = { "promote-queen", "promote-rook", "promote-bishop", "promote-knight" };

/* clang-format off */
#define RGBA(hex, a) { ((hex) >> 16 & 0xff) / 255.f, ((hex) >> 8 & 0xff) / 255.f, \
                       ((hex) & 0xff) / 255.f, (a) }
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
square_to_cell (SynBoardView *self, int square, int *column, int *row)
{
  int file = SYN_FILE_OF (square);
  int rank = SYN_RANK_OF (square);

  *column = self->flipped ? 7 - file : file;
  *row = self->flipped ? rank : 7 - rank;
}

static int
cell_to_square (SynBoardView *self, int column, int row)
{
  if (column < 0 || column > 7 || row < 0 || row > 7)
    return SYN_NO_SQUARE;
  return self->flipped ? SYN_SQUARE (7 - column, row) : SYN_SQUARE (column, 7 - row);
}

static void
square_rect (SynBoardView *self, int square, graphene_rect_t *rect)
{
  int column, row;

  square_to_cell (self, square, &column, &row);
  graphene_rect_init (rect, self->origin_x + column * self->square_size,
                      self->origin_y + row * self->square_size, self->square_size,
                      self->square_size);
}

static int
square_at (SynBoardView *self, double x, double y)
{
  if (self->square_size == 0 || x < self->origin_x || y < self->origin_y)
    return SYN_NO_SQUARE;
  return cell_to_square (self, (int) ((x - self->origin_x) / self->square_size),
                         (int) ((y - self->origin_y) / self->square_size));
}

/* Facts and the pick */

static gboolean
is_animating (SynBoardView *self)
{
  return self->tick_id != 0;
}

static SynBitboard
destinations (SynBoardView *self)
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

static void
update_labels (SynBoardView *self)
{
  SynBitboard targets = destinations (self);

  for (int square = 0; square < 64; square++)
    {
      g_autofree char *label = describe_square (self, square, targets);
      syn_board_square_set_label (SYN_BOARD_SQUARE (self->squares[square]), label);
      syn_board_square_set_selected (SYN_BOARD_SQUARE (self->squares[square]),
                                     square == self->selected);
    }
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
  update_labels (self);
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

static void
cancel_pick (SynBoardView *self)
{
  close_promotion (self);
  self->dragging = FALSE;
  self->hover = SYN_NO_SQUARE;
  set_selected (self, SYN_NO_SQUARE);
}

static void
emit_move (SynBoardView *self, SynMove move)
{
  cancel_pick (self);
  if (move != SYN_MOVE_NONE)
    g_signal_emit (self, signals[MOVE_CHOSEN], 0, (guint) move);
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
  square_to_cell (self, to, &column, &row);
  gtk_popover_set_position (GTK_POPOVER (self->promotion_popover),
                            row < 4 ? GTK_POS_BOTTOM : GTK_POS_TOP);
  square_rect (self, to, &rect);
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
end_animation (SynBoardView *self)
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
      int file_square = cell_to_square (self, i, 7);
      int rank_square = cell_to_square (self, 0, i);
      PangoLayout *file_layout = self->coordinate_layouts[SYN_FILE_OF (file_square)];
      PangoLayout *rank_layout = self->coordinate_layouts[8 + SYN_RANK_OF (rank_square)];
      graphene_rect_t rect;
      PangoRectangle ink, logical;

      square_rect (self, file_square, &rect);
      pango_layout_get_pixel_extents (file_layout, &ink, &logical);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (
          snapshot,
          &GRAPHENE_POINT_INIT (rect.origin.x + rect.size.width - pad - logical.width,
                                rect.origin.y + rect.size.height - pad * 0.5f - logical.height));
      gtk_snapshot_append_layout (snapshot, file_layout,
                                  coordinate_colour (self, palette, file_square));
      gtk_snapshot_restore (snapshot);

      square_rect (self, rank_square, &rect);
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

      square_to_cell (self, square, &column, &row);
      square_rect (self, square, &rect);
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

static void
syn_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  const SynBoardFacts *facts = is_animating (self) ? &self->before : &self->facts;
  const Palette *palette;
  GdkRGBA accent;
  SynColour viewer = self->facts.viewer;
  SynBitboard targets = is_animating (self) ? 0 : destinations (self);
  SynBitboard moving = 0;
  SynBitboard fog = 0;
  float size = self->square_size;
  float radius = MIN (8.f, size / 6.f);
  PieceFrame frame;
  graphene_rect_t board, rect;
  GskRoundedRect outline;

  if (self->square_size == 0)
    return;

  palette = palette_for (self, &accent);
  prepare_piece_frame (self, &frame);

  graphene_rect_init (&board, self->origin_x, self->origin_y, 8 * size, 8 * size);
  gsk_rounded_rect_init_from_rect (&outline, &board, radius);
  gtk_snapshot_append_outset_shadow (snapshot, &outline, &palette->shadow, 0, 1, 0, 4);

  /* Squares: one colour node each, every tint mixed in. */
  for (int square = 0; square < 64; square++)
    {
      SynBitboard bit = syn_bit (square);
      gboolean light = (SYN_FILE_OF (square) + SYN_RANK_OF (square)) % 2 == 1;
      GdkRGBA colour;
      int column, row;

      square_to_cell (self, square, &column, &row);
      square_rect (self, square, &rect);

      if (!(facts->visible & bit))
        {
          /* PSC-R12: fog hides the square, its piece and its markings alike. */
          colour = light ? palette->fog_light : palette->fog_dark;
          append_square_color (snapshot, &rect, &colour, corner_of_cell (column, row), radius);
          fog |= bit;
          continue;
        }

      colour = light ? palette->light : palette->dark;
      if (self->last_white != SYN_MOVE_NONE
          && (square == syn_move_from (self->last_white)
              || square == syn_move_to (self->last_white)))
        mix (&colour, &palette->last_white, 0.5f);
      if (self->last_black != SYN_MOVE_NONE
          && (square == syn_move_from (self->last_black)
              || square == syn_move_to (self->last_black)))
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
      if (facts->frozen & bit)
        mix (&colour, &palette->frozen, 0.62f);

      if (self->chosen_move != SYN_MOVE_NONE
          && (square == syn_move_from (self->chosen_move)
              || square == syn_move_to (self->chosen_move)))
        mix (&colour, &accent, 0.45f);
      if (square == self->selected)
        mix (&colour, &accent, 0.5f);

      append_square_color (snapshot, &rect, &colour, corner_of_cell (column, row), radius);
    }

  if (fog != 0)
    append_mist (self, snapshot, palette, &frame, fog);

  if (self->show_coordinates && self->square_size >= MIN_COORDINATES_SQUARE_SIZE)
    append_coordinates (self, snapshot, palette);

  /* Pieces */
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
      square_rect (self, square, &rect);
      append_piece (self, snapshot, &frame, piece, &rect, opacity);
    }

  /* The viewer's secret choice: a faint copy of the piece where it will land. */
  if (self->chosen_move != SYN_MOVE_NONE && !is_animating (self))
    {
      SynPiece piece = facts->position.board[syn_move_from (self->chosen_move)];
      if (piece != SYN_NO_PIECE)
        {
          if (syn_move_is_promotion (self->chosen_move))
            piece
                = SYN_PIECE (SYN_PIECE_COLOUR (piece), syn_move_promotion_type (self->chosen_move));
          square_rect (self, syn_move_to (self->chosen_move), &rect);
          append_piece (self, snapshot, &frame, piece, &rect, 0.5f);
        }
    }

  /* Destinations of the picked piece: dots on empty squares, rings around captures. */
  for (SynBitboard rest = targets; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      square_rect (self, square, &rect);
      if (self->dragging && square == self->hover)
        append_ring (snapshot, &rect, 0, MAX (2.f, size * 0.06f), 0, &palette->hint);
      else if (facts->position.board[square] != SYN_NO_PIECE)
        append_ring (snapshot, &rect, size * 0.04f, MAX (2.f, size * 0.08f), size * 0.46f,
                     &palette->hint);
      else
        append_circle (snapshot, rect.origin.x + size / 2, rect.origin.y + size / 2,
                       MAX (3.f, size * 0.16f), &palette->hint);
    }

  /* Marked squares: a thin ring inside the square, under the cursor's. */
  for (SynBitboard rest = self->marked & ~fog; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      square_rect (self, square, &rect);
      append_ring (snapshot, &rect, MAX (2.f, size * 0.1f), MAX (2.f, size * 0.04f),
                   MIN (4.f, size * 0.08f), &accent);
    }

  /* HK-R6: the open fields of an exchange of blows, ringed in the warning red. */
  for (SynBitboard rest = facts->info.marked & ~fog; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      square_rect (self, square, &rect);
      append_ring (snapshot, &rect, 0, MAX (3.f, size * 0.07f), 0, &palette->frozen);
    }
  /* TX-R5: the squares the viewer's own pending moves lock; the opponent's stay unseen. */
  for (SynBitboard rest = facts->info.locked[facts->viewer] & ~fog; rest != 0;)
    {
      int square = syn_pop_lsb (&rest);
      square_rect (self, square, &rect);
      append_ring (snapshot, &rect, MAX (2.f, size * 0.06f), MAX (2.f, size * 0.05f),
                   MIN (4.f, size * 0.08f), &palette->last_black);
    }

  if (cursor_visible (self))
    {
      square_rect (self, self->cursor, &rect);
      append_ring (snapshot, &rect, 1, MAX (2.f, size * 0.05f), MIN (6.f, size * 0.1f), &accent);
    }

  /* Sliding pieces, on top of everything that stands still. */
  if (self->n_slides > 0)
    {
      float t = ease_out (self->slide_progress);
      for (int i = 0; i < self->n_slides; i++)
        {
          graphene_rect_t from, to;
          square_rect (self, self->slides[i].from, &from);
          square_rect (self, self->slides[i].to, &to);
          graphene_rect_interpolate (&from, &to, t, &rect);
          append_piece (self, snapshot, &frame, self->slides[i].piece, &rect, 1.f);
        }
    }

  /* The dragged piece follows the pointer, a little larger, as if lifted. */
  if (self->dragging && self->selected != SYN_NO_SQUARE)
    {
      SynPiece piece = facts->position.board[self->selected];
      float lifted = size * 1.12f;
      if (piece != SYN_NO_PIECE)
        {
          graphene_rect_init (&rect, self->drag_x - lifted / 2, self->drag_y - lifted / 2, lifted,
                              lifted);
          append_piece (self, snapshot, &frame, piece, &rect, 1.f);
        }
    }
}

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

      square_rect (self, square, &rect);
      gtk_widget_measure (self->squares[square], GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL,
                          NULL, NULL);
      gtk_widget_size_allocate (
          self->squares[square],
          &(GtkAllocation){ (int) rect.origin.x, (int) rect.origin.y, square_size, square_size },
          -1);
    }
  gtk_popover_present (GTK_POPOVER (self->promotion_popover));
}

/* Focus: the board hands keyboard focus to the square under its cursor, so that a screen
 * reader reads each square as the cursor reaches it; Tab leaves the board in one step. */

static void
move_focus_to_cursor (SynBoardView *self)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));

  if (focus != NULL && SYN_IS_BOARD_SQUARE (focus))
    gtk_widget_grab_focus (self->squares[self->cursor]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
syn_board_view_grab_focus (GtkWidget *widget)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);

  return gtk_widget_grab_focus (self->squares[self->cursor]);
}

static gboolean
syn_board_view_focus (GtkWidget *widget, GtkDirectionType direction)
{
  SynBoardView *self = SYN_BOARD_VIEW (widget);
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  if (focus == self->promotion_popover)
    return gtk_widget_child_focus (focus, direction);
  if (focus != NULL)
    return FALSE;
  return gtk_widget_grab_focus (self->squares[self->cursor]);
}

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

/* Keyboard actions */

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
  square_to_cell (self, self->cursor, &column, &row);
  column = CLAMP (column + dx, 0, 7);
  row = CLAMP (row + dy, 0, 7);
  self->cursor = cell_to_square (self, column, row);
  move_focus_to_cursor (self);
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
  cancel_pick (SYN_BOARD_VIEW (widget));
}

/* Pointer */

static void
update_pointer_cursor (SynBoardView *self, double x, double y)
{
  const char *name = NULL;
  int square = square_at (self, x, y);

  if (self->dragging)
    name = "grabbing";
  else if (square != SYN_NO_SQUARE && !is_animating (self)
           && (can_pick (self, square) || (destinations (self) & syn_bit (square))))
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

  end_animation (self);
  square = square_at (self, x, y);
  self->press_x = x;
  self->press_y = y;
  self->press_square = square;
  self->press_picked = FALSE;
  self->dragging = FALSE;
  if (square == SYN_NO_SQUARE || !self->interactive)
    {
      cancel_pick (self);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  self->cursor = square;
  gtk_widget_grab_focus (self->squares[square]);

  /* A press picks a piece up at once, so that the same press can drag it. */
  if (square != self->selected && !(destinations (self) & syn_bit (square))
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
  self->hover = square_at (self, self->drag_x, self->drag_y);
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

      to = square_at (self, x + dx, y + dy);
      self->dragging = FALSE;
      self->hover = SYN_NO_SQUARE;
      update_pointer_cursor (self, x + dx, y + dy);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      if (to != SYN_NO_SQUARE && (destinations (self) & syn_bit (to)))
        drop_on (self, from, to);
      else if (to != from)
        cancel_pick (self);
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
    cancel_pick (self);
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

/* GObject */

static void
syn_board_view_dispose (GObject *object)
{
  SynBoardView *self = SYN_BOARD_VIEW (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  g_clear_handle_id (&self->settle_timeout_id, g_source_remove);
  g_clear_pointer (&self->promotion_popover, gtk_widget_unparent);
  for (int i = 0; i < 64; i++)
    g_clear_pointer (&self->squares[i], gtk_widget_unparent);
  for (int i = 0; i < 16; i++)
    g_clear_object (&self->coordinate_layouts[i]);
  g_clear_object (&self->renderer);
  mist_clear (&self->mist);

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
add_arrow_bindings (GtkWidgetClass *widget_class, guint key, guint keypad_key, int dx, int dy)
{
  gtk_widget_class_add_binding_action (widget_class, key, 0, "board.move-cursor", "(ii)", dx, dy);
  gtk_widget_class_add_binding_action (widget_class, keypad_key, 0, "board.move-cursor", "(ii)", dx,
                                       dy);
}

static void
syn_board_view_class_init (SynBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_board_view_dispose;
  object_class->get_property = syn_board_view_get_property;
  object_class->set_property = syn_board_view_set_property;

  widget_class->snapshot = syn_board_view_snapshot;
  widget_class->get_request_mode = syn_board_view_get_request_mode;
  widget_class->measure = syn_board_view_measure;
  widget_class->size_allocate = syn_board_view_size_allocate;
  widget_class->grab_focus = syn_board_view_grab_focus;
  widget_class->focus = syn_board_view_focus;
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

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
syn_board_view_init (SynBoardView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkGesture *drag;
  GtkEventController *motion;

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

  /* In reading order for the side at the bottom: a8 ... h8, a7 ... h1. */
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      {
        int square = SYN_SQUARE (column, 7 - row);
        self->squares[square] = syn_board_square_new (square);
        gtk_widget_set_parent (self->squares[square], widget);
      }
  self->promotion_popover = create_promotion_popover (self);

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

  update_labels (self);
  update_actions (self);
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
  if (memcmp (&self->facts, facts, sizeof *facts) == 0 && !is_animating (self))
    return;
  end_animation (self);
  cancel_pick (self);
  self->facts = *facts;
  update_labels (self);
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
      gtk_widget_insert_after (self->squares[cell_to_square (self, column, row)], GTK_WIDGET (self),
                               NULL);

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
    cancel_pick (self);
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
    end_animation (self);
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
  cancel_pick (self);
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
syn_board_view_activate_square (SynBoardView *self, int square)
{
  g_return_if_fail (SYN_IS_BOARD_VIEW (self));
  g_return_if_fail (square >= 0 && square < 64);

  end_animation (self);
  if (self->cursor != square)
    {
      self->cursor = square;
      move_focus_to_cursor (self);
    }
  if (!self->interactive)
    return;
  if (self->promotion_from != SYN_NO_SQUARE)
    close_promotion (self);

  if (self->selected != SYN_NO_SQUARE && (destinations (self) & syn_bit (square)))
    drop_on (self, self->selected, square);
  else if (square != self->selected && can_pick (self, square))
    set_selected (self, square);
  else
    cancel_pick (self);
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
  square_rect (self, square, rect);
  return TRUE;
}

const char *
syn_board_view_get_square_label (SynBoardView *self, int square)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (square >= 0 && square < 64, NULL);

  return syn_board_square_get_label (SYN_BOARD_SQUARE (self->squares[square]));
}

GtkWidget *
syn_board_view_get_promotion_popover (SynBoardView *self)
{
  g_return_val_if_fail (SYN_IS_BOARD_VIEW (self), NULL);

  if (self->promotion_from == SYN_NO_SQUARE)
    return NULL;
  return self->promotion_popover;
}
