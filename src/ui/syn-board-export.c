/* syn-board-export.c: a board drawn with cairo for a PNG or an SVG file.
 *
 * The board is drawn here rather than taken from the board view: an SVG needs the drawing
 * itself, not pixels, and a file should look the same whatever the window's theme. The
 * colours are the board view's daylight ones.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-export"

#include "config.h"

#include "syn-board-export.h"

#include <cairo-svg.h>
#include <librsvg/rsvg.h>

#define PIECES_PATH "/io/github/synchess/Synchess/pieces/"

typedef struct
{
  double red, green, blue;
} Colour;

/* clang-format off */
#define HEX(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0 }
/* clang-format on */

static const Colour light_square = HEX (0xe4e7eb);
static const Colour dark_square = HEX (0xa4aebb);
static const Colour fog_square = HEX (0x8f97a2);
static const Colour on_light = HEX (0x7c8796);
static const Colour on_dark = HEX (0xeef0f3);
/* A file has no viewer: White's control is green, Black's orange, whoever looks. */
static const Colour white_control = HEX (0x2ec27e);
static const Colour black_control = HEX (0xe66100);
static const Colour frozen_colour = HEX (0xe01b24);

void
syn_board_export_options_init (SynBoardExportOptions *options)
{
  *options = (SynBoardExportOptions){
    .format = SYN_BOARD_EXPORT_PNG,
    .size = 800,
    .heatmap = FALSE,
    .frozen = TRUE,
    .coordinates = TRUE,
    .flipped = FALSE,
  };
}

const char *
syn_board_export_extension (SynBoardExportFormat format)
{
  return format == SYN_BOARD_EXPORT_SVG ? "svg" : "png";
}

static Colour
mix (Colour a, Colour b, double t)
{
  return (Colour){ a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                   a.blue + (b.blue - a.blue) * t };
}

/* PSC-R2: the margin of attackers decides control; a wider margin, a deeper tint. */
static double
heat_amount (int margin)
{
  return MIN (0.25 + 0.12 * (margin - 1), 0.6);
}

static Colour
square_colour (const SynBoardFacts *facts, const SynBoardExportOptions *options, int square,
               gboolean light)
{
  SynBitboard bit = (SynBitboard) 1 << square;
  Colour colour = light ? light_square : dark_square;

  /* PSC-R12: fog hides the square and its markings alike. */
  if (!(facts->visible & bit))
    return fog_square;
  if (options->heatmap && facts->has_control)
    {
      int margin
          = (int) facts->attacks[SYN_WHITE][square] - (int) facts->attacks[SYN_BLACK][square];

      if (margin > 0)
        colour = mix (colour, white_control, heat_amount (margin));
      else if (margin < 0)
        colour = mix (colour, black_control, heat_amount (-margin));
    }
  /* PSC-R3: a frozen piece stands on red, as on the board view. */
  if (options->frozen && facts->has_control && (facts->frozen & bit))
    colour = mix (colour, frozen_colour, 0.62);
  return colour;
}

static RsvgHandle *
load_piece (SynPiece piece)
{
  static const char type_letters[SYN_N_PIECE_TYPES] = { 'p', 'n', 'b', 'r', 'q', 'k' };
  g_autofree char *path
      = g_strdup_printf (PIECES_PATH "%c%c.svg", SYN_PIECE_COLOUR (piece) == SYN_WHITE ? 'w' : 'b',
                         type_letters[SYN_PIECE_TYPE (piece)]);
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  gsize length;
  const guint8 *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return rsvg_handle_new_from_data (data, length, NULL);
}

static void
draw_coordinate (cairo_t *cr, const char *text, double x, double y, double square, gboolean light,
                 gboolean at_bottom)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  const Colour *colour = light ? &on_light : &on_dark;
  int width, height;

  pango_font_description_set_absolute_size (font, square * 0.16 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_set_source_rgb (cr, colour->red, colour->green, colour->blue);
  /* Files at the bottom right of their squares, ranks at the top left, as on the board. */
  if (at_bottom)
    cairo_move_to (cr, x + square - width - square * 0.05, y + square - height - square * 0.02);
  else
    cairo_move_to (cr, x + square * 0.05, y + square * 0.02);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_piece (cairo_t *cr, RsvgHandle **handles, SynPiece piece, double x, double y, double square)
{
  int index = SYN_PIECE_COLOUR (piece) * SYN_N_PIECE_TYPES + SYN_PIECE_TYPE (piece);
  RsvgRectangle viewport = { x, y, square, square };

  if (handles[index] == NULL)
    handles[index] = load_piece (piece);
  if (handles[index] != NULL)
    rsvg_handle_render_document (handles[index], cr, &viewport, NULL);
}

void
syn_board_export_draw (cairo_t *cr, double size, const SynBoardFacts *facts,
                       const SynBoardExportOptions *options)
{
  RsvgHandle *handles[2 * SYN_N_PIECE_TYPES] = { NULL };
  double square = size / 8;

  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      {
        int file = options->flipped ? 7 - column : column;
        int rank = options->flipped ? row : 7 - row;
        int sq = SYN_SQUARE (file, rank);
        gboolean light = (file + rank) % 2 == 1;
        Colour colour = square_colour (facts, options, sq, light);
        SynPiece piece = facts->position.board[sq];
        double x = column * square, y = row * square;

        cairo_set_source_rgb (cr, colour.red, colour.green, colour.blue);
        cairo_rectangle (cr, x, y, square, square);
        cairo_fill (cr);
        if (options->coordinates && row == 7)
          draw_coordinate (cr, (char[]){ (char) ('a' + file), 0 }, x, y, square, light, TRUE);
        if (options->coordinates && column == 0)
          draw_coordinate (cr, (char[]){ (char) ('1' + rank), 0 }, x, y, square, light, FALSE);
        if (piece != SYN_NO_PIECE && (facts->visible & ((SynBitboard) 1 << sq)))
          draw_piece (cr, handles, piece, x, y, square);
      }
  for (guint i = 0; i < G_N_ELEMENTS (handles); i++)
    g_clear_object (&handles[i]);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

GBytes *
syn_board_export_to_bytes (const SynBoardFacts *facts, const SynBoardExportOptions *options,
                           GError **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  int size = CLAMP (options->size, SYN_BOARD_EXPORT_MIN_SIZE, SYN_BOARD_EXPORT_MAX_SIZE);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (options->format == SYN_BOARD_EXPORT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, size, size);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  syn_board_export_draw (cr, size, facts, options);
  cairo_destroy (cr);
  if (options->format == SYN_BOARD_EXPORT_PNG)
    cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
syn_board_export_to_file (const SynBoardFacts *facts, const SynBoardExportOptions *options,
                          GFile *file, GError **error)
{
  g_autoptr (GBytes) bytes = syn_board_export_to_bytes (facts, options, error);

  if (bytes == NULL)
    return FALSE;
  return g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION, NULL, NULL,
                                  error);
}
