/* syn-pair-matrix-draw.c: how the pair matrix looks: the diverging colour scale centred on
 * the value of the matrix game and its legend, the headers with the equilibrium weights,
 * and the cells with the pointer's preview and the selected pair.
 *
 * The headers are drawing areas of their own outside the scrolled cells, drawn shifted by
 * the cells' scroll position: they stay in view while the cells scroll under them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-pair-matrix"

#include "config.h"

#include "syn-pair-matrix-private.h"

#include <glib/gi18n.h>
#include <math.h>

#define MIN_SPREAD 25.0 /* a quarter pawn: smaller differences never get a full colour */
#define PADDING 4
#define LEGEND_BAR_WIDTH 160

/* Blue for White, orange for Black: the two ends stay apart for readers who cannot tell red
 * from green. A won game is a darker shade of its side's colour. */
static const GdkRGBA white_end = { 0.11, 0.42, 0.80, 1.0 };
static const GdkRGBA black_end = { 0.90, 0.42, 0.08, 1.0 };
static const GdkRGBA white_wins = { 0.05, 0.22, 0.50, 1.0 };
static const GdkRGBA black_wins = { 0.55, 0.22, 0.02, 1.0 };

int
syn_pair_matrix_position_of (const int *order, int n, int index)
{
  for (int i = 0; i < n; i++)
    if (order[i] == index)
      return i;
  return -1;
}

int
syn_pair_matrix_cell_width (SynPairMatrix *self)
{
  return gtk_toggle_button_get_active (self->show_numbers) ? SYN_PAIR_MATRIX_NUMBER_WIDTH
                                                           : SYN_PAIR_MATRIX_CELL_WIDTH;
}

char *
syn_pair_matrix_format_weight (double weight)
{
  if (weight <= 0.0005)
    return NULL;
  /* A small weight keeps a decimal so that it never reads as 0%. */
  if (weight < 0.1)
    return g_strdup_printf ("%.1f%%", 100.0 * weight);
  return g_strdup_printf ("%.0f%%", 100.0 * weight);
}

char *
syn_pair_matrix_describe_cell (SynPairMatrix *self, int white, int black)
{
  const SynAnalysisMatrix *m = self->matrix;
  int value = (int) m->cells[white * m->n_black + black];

  if (value >= m->decided)
    /* Translators: a White move, a Black move, and what they lead to */
    return g_strdup_printf (_ ("%s against %s: White wins"), self->white_names[white],
                            self->black_names[black]);
  if (value <= -m->decided)
    return g_strdup_printf (_ ("%s against %s: Black wins"), self->white_names[white],
                            self->black_names[black]);
  return g_strdup_printf (_ ("%s against %s: %+.2f"), self->white_names[white],
                          self->black_names[black], value / 100.0);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

double
syn_pair_matrix_measure_spread (const SynAnalysisMatrix *m)
{
  g_autofree double *distances = g_new (double, (gsize) m->n_white * m->n_black + 1);
  int n = 0;

  /* The ninth decile of the distances from the value, won games left out: one cell far off
   * (a hanging queen) no longer paints every other cell the same pale shade. */
  for (int i = 0; i < m->n_white * m->n_black; i++)
    if (fabs (m->cells[i]) < m->decided)
      distances[n++] = fabs (m->cells[i] - m->value);
  if (n == 0)
    return MIN_SPREAD;
  qsort (distances, (size_t) n, sizeof (double), compare_doubles);
  return MAX (MIN_SPREAD, distances[(n - 1) * 9 / 10]);
}

/* The widget's text colour, which every part of the matrix draws its marks in. */
static GdkRGBA
foreground (GtkWidget *widget)
{
  GdkRGBA fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  return fg;
}

/* How light a colour looks: green counts most to the eye, blue least. */
static double
lightness (const GdkRGBA *rgba)
{
  return 0.3 * rgba->red + 0.6 * rgba->green + 0.1 * rgba->blue;
}

static gboolean
is_dark (GtkWidget *widget)
{
  GdkRGBA fg = foreground (widget);

  return lightness (&fg) > 0.5;
}

/* The middle of the scale: a grey that stands out a little from the window's background. */
static GdkRGBA
neutral_colour (GtkWidget *widget)
{
  if (is_dark (widget))
    return (GdkRGBA){ 0.33, 0.33, 0.35, 1.0 };
  return (GdkRGBA){ 0.86, 0.86, 0.87, 1.0 };
}

static GdkRGBA
mix (const GdkRGBA *a, const GdkRGBA *b, double t)
{
  return (GdkRGBA){ a->red + (b->red - a->red) * t, a->green + (b->green - a->green) * t,
                    a->blue + (b->blue - a->blue) * t, 1.0 };
}

/* t from -1 (as good for Black as the scale shows) through 0 (the value) to 1. */
static GdkRGBA
scale_colour (GtkWidget *widget, double t)
{
  GdkRGBA neutral = neutral_colour (widget);

  t = CLAMP (t, -1.0, 1.0);
  return t >= 0 ? mix (&neutral, &white_end, t) : mix (&neutral, &black_end, -t);
}

static GdkRGBA
cell_colour (SynPairMatrix *self, GtkWidget *widget, double value)
{
  const SynAnalysisMatrix *m = self->matrix;

  if (value >= m->decided)
    return white_wins;
  if (value <= -m->decided)
    return black_wins;
  return scale_colour (widget, (value - m->value) / self->spread);
}

/* Black or white text, whichever reads on background. */
static void
set_text_colour_on (cairo_t *cr, const GdkRGBA *background)
{
  if (lightness (background) > 0.55)
    cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

static PangoLayout *
text_layout (GtkWidget *widget, const char *text, gboolean bold, double scale)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attributes = pango_attr_list_new ();

  if (bold)
    pango_attr_list_insert (attributes, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  if (scale != 1.0)
    pango_attr_list_insert (attributes, pango_attr_scale_new (scale));
  pango_layout_set_attributes (layout, attributes);
  pango_attr_list_unref (attributes);
  return layout;
}

static int
text_width (GtkWidget *widget, const char *text, gboolean bold, double scale)
{
  g_autoptr (PangoLayout) layout = text_layout (widget, text, bold, scale);
  int width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  return width;
}

/* Draws text in the box at x, y of width, height: xalign 0 at its start, 0.5 centred, 1 at
 * its end; vertically centred. */
static void
draw_text (cairo_t *cr, GtkWidget *widget, const char *text, gboolean bold, double scale,
           double xalign, double x, double y, double width, double height)
{
  g_autoptr (PangoLayout) layout = text_layout (widget, text, bold, scale);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x + (width - w) * xalign, y + (height - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
}

void
syn_pair_matrix_measure_headers (SynPairMatrix *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const SynAnalysisMatrix *m = self->matrix;
  int widest_white = 0, widest_black = 0;
  int weight = text_width (widget, "100%", TRUE, 1.0);

  for (int i = 0; i < m->n_white; i++)
    widest_white = MAX (widest_white, text_width (widget, self->white_names[i], FALSE, 1.0));
  for (int i = 0; i < m->n_black; i++)
    widest_black = MAX (widest_black, text_width (widget, self->black_names[i], FALSE, 1.0));
  /* Long Transactional names are cut with an ellipsis rather than taking the whole width. */
  self->row_header_width = MIN (widest_white, 180) + weight + 4 * PADDING;
  self->column_header_height = MIN (widest_black, 150) + weight + 4 * PADDING;
  /* The legend's words differ in length from one language to another. */
  gtk_drawing_area_set_content_width (self->legend,
                                      text_width (widget, _ ("Better for Black"), FALSE, 0.85)
                                          + text_width (widget, _ ("Better for White"), FALSE, 0.85)
                                          + LEGEND_BAR_WIDTH + 5 * PADDING);
}

void
syn_pair_matrix_draw_legend (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                             gpointer user_data)
{
  SynPairMatrix *self = user_data;
  GtkWidget *widget = GTK_WIDGET (area);
  const SynAnalysisMatrix *m = self->matrix;
  const char *left = _ ("Better for Black");
  const char *right = _ ("Better for White");
  int left_width = text_width (widget, left, FALSE, 0.85);
  int bar = LEGEND_BAR_WIDTH, x0 = left_width + 2 * PADDING, half = height / 2;
  g_autofree char *low = NULL, *high = NULL, *middle = NULL;
  GdkRGBA fg;

  if (m == NULL)
    return;
  fg = foreground (widget);
  for (int x = 0; x < bar; x++)
    {
      GdkRGBA rgba = scale_colour (widget, 2.0 * x / (bar - 1) - 1.0);

      gdk_cairo_set_source_rgba (cr, &rgba);
      cairo_rectangle (cr, x0 + x, 2, 1, half - 4);
      cairo_fill (cr);
    }
  gdk_cairo_set_source_rgba (cr, &fg);
  draw_text (cr, widget, left, FALSE, 0.85, 1.0, 0, 0, left_width, half);
  draw_text (cr, widget, right, FALSE, 0.85, 0.0, x0 + bar + PADDING * 2, 0, width, half);
  low = g_strdup_printf ("%+.2f", (m->value - self->spread) / 100.0);
  high = g_strdup_printf ("%+.2f", (m->value + self->spread) / 100.0);
  /* Translators: the middle of the pair matrix's colour scale, the value of the matrix game */
  middle = g_strdup_printf (_ ("value %+.2f"), m->value / 100.0);
  draw_text (cr, widget, low, FALSE, 0.8, 0.0, x0, half, bar, height - half);
  draw_text (cr, widget, middle, TRUE, 0.8, 0.5, x0, half, bar, height - half);
  draw_text (cr, widget, high, FALSE, 0.8, 1.0, x0, half, bar, height - half);
}

void
syn_pair_matrix_draw_corner (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                             gpointer user_data)
{
  SynPairMatrix *self = user_data;
  GtkWidget *widget = GTK_WIDGET (area);
  GdkRGBA fg;

  if (self->matrix == NULL)
    return;
  fg = foreground (widget);
  fg.alpha = 0.6;
  gdk_cairo_set_source_rgba (cr, &fg);
  /* Translators: the corner of the pair matrix: Black's choices run across, White's down */
  draw_text (cr, widget, _ ("Black →"), FALSE, 0.85, 1.0, 0,
             height - 2 * SYN_PAIR_MATRIX_ROW_HEIGHT, width - PADDING, SYN_PAIR_MATRIX_ROW_HEIGHT);
  draw_text (cr, widget, _ ("White ↓"), FALSE, 0.85, 0.0, PADDING,
             height - SYN_PAIR_MATRIX_ROW_HEIGHT, width, SYN_PAIR_MATRIX_ROW_HEIGHT);
}

/* The pointer's row or column gets a light band; the selected one's name is bold. */
static void
draw_band (cairo_t *cr, const GdkRGBA *fg, double alpha, double x, double y, double width,
           double height)
{
  GdkRGBA band = *fg;

  band.alpha = alpha;
  gdk_cairo_set_source_rgba (cr, &band);
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill (cr);
}

/* One header line: the name at its start, the equilibrium weight at its end and a bar as
 * long as the weight along it; drawn in a frame where the line runs along x. */
static void
draw_header_line (cairo_t *cr, GtkWidget *widget, const GdkRGBA *fg, const char *name,
                  double weight, gboolean selected, double length, double thickness)
{
  g_autofree char *mark = syn_pair_matrix_format_weight (weight);
  g_autoptr (PangoLayout) layout = text_layout (widget, name, selected, 1.0);
  int weight_width = text_width (widget, "100%", TRUE, 1.0);
  int w, h;

  gdk_cairo_set_source_rgba (cr, fg);
  pango_layout_set_width (layout, (int) (length - weight_width - 3 * PADDING) * PANGO_SCALE);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, PADDING, (thickness - h) / 2.0);
  pango_cairo_show_layout (cr, layout);
  if (mark == NULL)
    return;
  /* The weight as a bar behind the line, ending at the cells: the mix reads at a glance. */
  draw_band (cr, fg, 0.18, length * (1 - weight), 1, length * weight, thickness - 2);
  gdk_cairo_set_source_rgba (cr, fg);
  draw_text (cr, widget, mark, TRUE, 1.0, 1.0, 0, 0, length - PADDING, thickness);
}

/* The names of side's moves beside the cells, with their weights: White's down the rows,
 * Black's along the columns. */
static void
draw_header (SynPairMatrix *self, GtkWidget *widget, cairo_t *cr, int width, int height,
             SynColour side)
{
  const SynAnalysisMatrix *m = self->matrix;
  gboolean rows = side == SYN_WHITE;
  GtkAdjustment *adjustment = rows ? gtk_scrolled_window_get_vadjustment (self->scrolled)
                                   : gtk_scrolled_window_get_hadjustment (self->scrolled);
  double offset = gtk_adjustment_get_value (adjustment);
  int step = rows ? SYN_PAIR_MATRIX_ROW_HEIGHT : syn_pair_matrix_cell_width (self);
  int n, hover, cursor;
  const int *order;
  char **names;
  const double *strategy;
  GdkRGBA fg;

  if (m == NULL)
    return;
  n = rows ? m->n_white : m->n_black;
  order = rows ? self->row_order : self->column_order;
  hover = rows ? self->hover_white : self->hover_black;
  cursor = rows ? self->cursor_white : self->cursor_black;
  names = rows ? self->white_names : self->black_names;
  strategy = rows ? m->white_strategy : m->black_strategy;
  fg = foreground (widget);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  for (int k = 0; k < n; k++)
    {
      int index = order[k];
      double at = k * step - offset;

      if (at + step < 0 || at > (rows ? height : width))
        continue;
      cairo_save (cr);
      if (rows)
        {
          if (index == hover)
            draw_band (cr, &fg, 0.1, 0, at, width, step);
          cairo_translate (cr, 0, at);
        }
      else
        {
          if (index == hover)
            draw_band (cr, &fg, 0.1, at, 0, step, height);
          /* Turned a quarter, the names read upwards from the cells. */
          cairo_translate (cr, at + (step - SYN_PAIR_MATRIX_ROW_HEIGHT) / 2.0, height);
          cairo_rotate (cr, -G_PI / 2);
        }
      draw_header_line (cr, widget, &fg, names[index], strategy[index], index == cursor,
                        rows ? width : height, SYN_PAIR_MATRIX_ROW_HEIGHT);
      cairo_restore (cr);
    }
}

void
syn_pair_matrix_draw_row_header (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                 gpointer user_data)
{
  draw_header (user_data, GTK_WIDGET (area), cr, width, height, SYN_WHITE);
}

void
syn_pair_matrix_draw_column_header (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                                    gpointer user_data)
{
  draw_header (user_data, GTK_WIDGET (area), cr, width, height, SYN_BLACK);
}

static void
draw_cell (SynPairMatrix *self, cairo_t *cr, GtkWidget *widget, int w, int b, double x, double y,
           double width)
{
  const SynAnalysisMatrix *m = self->matrix;
  int white = self->row_order[w], black = self->column_order[b];
  double value = m->cells[white * m->n_black + black];
  GdkRGBA rgba = cell_colour (self, widget, value);
  const char *mark = value >= m->decided ? "W" : value <= -m->decided ? "B" : NULL;
  g_autofree char *number = NULL;

  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_rectangle (cr, x, y, width - 1, SYN_PAIR_MATRIX_ROW_HEIGHT - 1);
  cairo_fill (cr);
  if (mark == NULL && gtk_toggle_button_get_active (self->show_numbers))
    mark = number = g_strdup_printf ("%+.2f", value / 100.0);
  if (mark != NULL)
    {
      set_text_colour_on (cr, &rgba);
      draw_text (cr, widget, mark, number == NULL, 0.75, 0.5, x, y, width - 1,
                 SYN_PAIR_MATRIX_ROW_HEIGHT - 1);
    }
  /* The pairs both equilibrium strategies play are outlined: where the game is decided. */
  if (m->white_strategy[white] > 0.0005 && m->black_strategy[black] > 0.0005)
    {
      set_text_colour_on (cr, &rgba);
      cairo_set_line_width (cr, 1);
      cairo_rectangle (cr, x + 1.5, y + 1.5, width - 4, SYN_PAIR_MATRIX_ROW_HEIGHT - 4);
      cairo_stroke (cr);
    }
}

/* Where the pair of a White and a Black choice stands: its row and its column on screen. */
static void
position_of_pair (SynPairMatrix *self, int white, int black, int *w, int *b)
{
  const SynAnalysisMatrix *m = self->matrix;

  *w = syn_pair_matrix_position_of (self->row_order, m->n_white, white);
  *b = syn_pair_matrix_position_of (self->column_order, m->n_black, black);
}

void
syn_pair_matrix_draw_cells (GtkDrawingArea *area, cairo_t *cr, int width, int height,
                            gpointer user_data)
{
  SynPairMatrix *self = user_data;
  GtkWidget *widget = GTK_WIDGET (area);
  const SynAnalysisMatrix *m = self->matrix;
  int cell_width = syn_pair_matrix_cell_width (self), rh = SYN_PAIR_MATRIX_ROW_HEIGHT;
  double x1, y1, x2, y2;
  GdkRGBA fg;

  if (m == NULL)
    return;
  fg = foreground (widget);
  /* Only the cells in view: a Transactional matrix holds tens of thousands. */
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  for (int w = MAX (0, (int) y1 / rh); w < m->n_white && w * rh < y2; w++)
    for (int b = MAX (0, (int) x1 / cell_width); b < m->n_black && b * cell_width < x2; b++)
      draw_cell (self, cr, widget, w, b, b * cell_width, w * rh, cell_width);
  if (self->hover_white >= 0)
    {
      int w, b;

      position_of_pair (self, self->hover_white, self->hover_black, &w, &b);
      draw_band (cr, &fg, 0.12, 0, w * rh, m->n_black * cell_width, rh - 1);
      draw_band (cr, &fg, 0.12, b * cell_width, 0, cell_width - 1, m->n_white * rh);
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, (double[]){ 2, 2 }, 2, 0);
      cairo_rectangle (cr, b * cell_width + 0.5, w * rh + 0.5, cell_width - 2, rh - 2);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  if (self->cursor_white >= 0)
    {
      int w, b;

      position_of_pair (self, self->cursor_white, self->cursor_black, &w, &b);
      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, b * cell_width + 1, w * rh + 1, cell_width - 3, rh - 3);
      cairo_stroke (cr);
    }
}
