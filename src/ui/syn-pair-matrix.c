/* syn-pair-matrix.c: the pair matrix of a turn, drawn cell by cell, with the equilibrium.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-pair-matrix"

#include "config.h"

#include "syn-pair-matrix.h"

#include <glib/gi18n.h>

#include "psc-eval.h"
#include "syn-notation.h"

#define CELL_SIZE 22
#define HEADER_SIZE 52

struct _SynPairMatrix
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkSpinner *spinner;
  GtkLabel *summary;
  GtkDrawingArea *cells;
  GtkLabel *white_strategy;
  GtkLabel *black_strategy;

  /* owned */
  GCancellable *cancellable;
  SynAnalysisMatrix *matrix;
  SynState state;
  char **white_names;
  char **black_names;
};

G_DEFINE_FINAL_TYPE (SynPairMatrix, syn_pair_matrix, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_COMPUTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* White's advantage as a colour: green for White, red for Black, grey for even; a pawn
 * (100) is a clear tint and three pawns a full one. */
static void
cell_colour (int value, GdkRGBA *rgba)
{
  double t = CLAMP (value / 300.0, -1.0, 1.0);

  if (value >= SYN_EVAL_DECIDED)
    *rgba = (GdkRGBA){ 0.15, 0.55, 0.25, 1.0 };
  else if (value <= -SYN_EVAL_DECIDED)
    *rgba = (GdkRGBA){ 0.75, 0.11, 0.16, 1.0 };
  else if (t >= 0)
    *rgba = (GdkRGBA){ 0.6 - 0.35 * t, 0.6 + 0.15 * t, 0.6 - 0.3 * t, 1.0 };
  else
    *rgba = (GdkRGBA){ 0.6 - 0.1 * t, 0.6 + 0.4 * t, 0.6 + 0.4 * t, 1.0 };
}

static void
draw_text (cairo_t *cr, GtkWidget *widget, const char *text, double x, double y, double width,
           double height)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int text_width, text_height;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  cairo_move_to (cr, x + (width - text_width) / 2, y + (height - text_height) / 2);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_cells (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  SynPairMatrix *self = user_data;
  const SynAnalysisMatrix *m = self->matrix;
  GdkRGBA fg;

  if (m == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  for (int w = 0; w < m->n_white; w++)
    for (int b = 0; b < m->n_black; b++)
      {
        int value = (int) m->cells[w * m->n_black + b];
        double x = HEADER_SIZE + b * CELL_SIZE, y = HEADER_SIZE + w * CELL_SIZE;
        GdkRGBA rgba;

        cell_colour (value, &rgba);
        gdk_cairo_set_source_rgba (cr, &rgba);
        cairo_rectangle (cr, x, y, CELL_SIZE - 1, CELL_SIZE - 1);
        cairo_fill (cr);
        if (value >= SYN_EVAL_DECIDED || value <= -SYN_EVAL_DECIDED)
          {
            cairo_set_source_rgb (cr, 1, 1, 1);
            draw_text (cr, GTK_WIDGET (area), value > 0 ? "W" : "B", x, y, CELL_SIZE - 1,
                       CELL_SIZE - 1);
          }
      }
  gdk_cairo_set_source_rgba (cr, &fg);
  for (int w = 0; w < m->n_white; w++)
    draw_text (cr, GTK_WIDGET (area), self->white_names[w], 0, HEADER_SIZE + w * CELL_SIZE,
               HEADER_SIZE - 4, CELL_SIZE);
  for (int b = 0; b < m->n_black; b++)
    {
      double x = HEADER_SIZE + b * CELL_SIZE;
      cairo_save (cr);
      cairo_translate (cr, x, HEADER_SIZE - 2);
      cairo_rotate (cr, -G_PI / 2);
      draw_text (cr, GTK_WIDGET (area), self->black_names[b], 0, 0, HEADER_SIZE - 4, CELL_SIZE);
      cairo_restore (cr);
    }
}

static gboolean
on_query_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                     SynPairMatrix *self)
{
  const SynAnalysisMatrix *m = self->matrix;
  int w = (y - HEADER_SIZE) / CELL_SIZE, b = (x - HEADER_SIZE) / CELL_SIZE;
  g_autofree char *text = NULL;
  int value;

  if (m == NULL || x < HEADER_SIZE || y < HEADER_SIZE || w >= m->n_white || b >= m->n_black)
    return FALSE;
  value = (int) m->cells[w * m->n_black + b];
  if (value >= SYN_EVAL_DECIDED)
    /* Translators: a White move, a Black move, and what they lead to */
    text = g_strdup_printf (_ ("%s against %s: White wins"), self->white_names[w],
                            self->black_names[b]);
  else if (value <= -SYN_EVAL_DECIDED)
    text = g_strdup_printf (_ ("%s against %s: Black wins"), self->white_names[w],
                            self->black_names[b]);
  else
    text = g_strdup_printf (_ ("%s against %s: %+.2f"), self->white_names[w], self->black_names[b],
                            value / 100.0);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static char *
describe_strategy (char **names, const double *strategy, int n)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    if (strategy[i] > 0.0005)
      g_string_append_printf (text, "%s%s %.1f%%", text->len > 0 ? ", " : "", names[i],
                              100.0 * strategy[i]);
  return g_string_free (text, FALSE);
}

static void
set_computing (SynPairMatrix *self, gboolean computing)
{
  gtk_spinner_set_spinning (self->spinner, computing);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), computing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

static char **
move_names (const SynState *state, SynColour side, const SynMove *moves, int n)
{
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = syn_notation_describe (&syn_variant_psc, state, side, moves[i]);
  return names;
}

static void
on_computed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynPairMatrix) self = user_data;
  g_autoptr (GError) error = NULL;
  SynAnalysisMatrix *matrix = syn_analysis_matrix_compute_finish (result, &error);
  g_autofree char *white = NULL, *black = NULL, *summary = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->cancellable);
  set_computing (self, FALSE);
  if (matrix == NULL)
    {
      gtk_label_set_text (self->summary, _ ("The game is over: there is no turn to analyse."));
      return;
    }
  self->matrix = matrix;
  self->white_names = move_names (&self->state, SYN_WHITE, matrix->white, matrix->n_white);
  self->black_names = move_names (&self->state, SYN_BLACK, matrix->black, matrix->n_black);
  summary = g_strdup_printf (_ ("Moves: White %d, Black %d. Value for White: %+.2f"),
                             matrix->n_white, matrix->n_black, matrix->value / 100.0);
  gtk_label_set_text (self->summary, summary);
  white = describe_strategy (self->white_names, matrix->white_strategy, matrix->n_white);
  black = describe_strategy (self->black_names, matrix->black_strategy, matrix->n_black);
  g_free (summary);
  summary = g_strdup_printf (_ ("White plays: %s"), white);
  gtk_label_set_text (self->white_strategy, summary);
  g_free (summary);
  summary = g_strdup_printf (_ ("Black plays: %s"), black);
  gtk_label_set_text (self->black_strategy, summary);
  gtk_drawing_area_set_content_width (self->cells, HEADER_SIZE + matrix->n_black * CELL_SIZE);
  gtk_drawing_area_set_content_height (self->cells, HEADER_SIZE + matrix->n_white * CELL_SIZE);
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
}

static void
clear_matrix (SynPairMatrix *self)
{
  g_clear_pointer (&self->matrix, syn_analysis_matrix_free);
  g_clear_pointer (&self->white_names, g_strfreev);
  g_clear_pointer (&self->black_names, g_strfreev);
}

void
syn_pair_matrix_set_state (SynPairMatrix *self, const SynState *state)
{
  g_return_if_fail (SYN_IS_PAIR_MATRIX (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_matrix (self);
  self->state = *state;
  self->cancellable = g_cancellable_new ();
  gtk_label_set_text (self->summary, _ ("Computing the pair matrix…"));
  gtk_label_set_text (self->white_strategy, "");
  gtk_label_set_text (self->black_strategy, "");
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
  set_computing (self, TRUE);
  syn_analysis_matrix_compute_async (state, self->cancellable, on_computed_cb, g_object_ref (self));
}

gboolean
syn_pair_matrix_get_computing (SynPairMatrix *self)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), FALSE);
  return self->cancellable != NULL;
}

const SynAnalysisMatrix *
syn_pair_matrix_get_matrix (SynPairMatrix *self)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), NULL);
  return self->matrix;
}

static void
syn_pair_matrix_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynPairMatrix *self = SYN_PAIR_MATRIX (object);

  switch (prop_id)
    {
    case PROP_COMPUTING:
      g_value_set_boolean (value, syn_pair_matrix_get_computing (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_pair_matrix_dispose (GObject *object)
{
  SynPairMatrix *self = SYN_PAIR_MATRIX (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_matrix (self);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (syn_pair_matrix_parent_class)->dispose (object);
}

static void
syn_pair_matrix_class_init (SynPairMatrixClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = syn_pair_matrix_get_property;
  object_class->dispose = syn_pair_matrix_dispose;

  properties[PROP_COMPUTING] = g_param_spec_boolean ("computing", NULL, NULL, FALSE,
                                                     G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "pairmatrix");
}

static GtkLabel *
wrapping_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  return GTK_LABEL (label);
}

static void
syn_pair_matrix_init (SynPairMatrix *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  self->summary = wrapping_label ();
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->summary));
  gtk_box_append (GTK_BOX (self->box), header);

  self->white_strategy = wrapping_label ();
  self->black_strategy = wrapping_label ();
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->white_strategy));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->black_strategy));

  self->cells = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_drawing_area_set_draw_func (self->cells, draw_cells, self, NULL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->cells), TRUE);
  g_signal_connect (self->cells, "query-tooltip", G_CALLBACK (on_query_tooltip_cb), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->cells));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_size_request (scrolled, -1, 240);
  gtk_box_append (GTK_BOX (self->box), scrolled);
}

GtkWidget *
syn_pair_matrix_new (void)
{
  return g_object_new (SYN_TYPE_PAIR_MATRIX, NULL);
}
