/* syn-pair-matrix.c: the pair matrix of a turn, drawn cell by cell, with the equilibrium.
 *
 * Rows and columns are drawn in a sort order (row_order, column_order map a shown position to
 * a matrix index); the cursor is kept as matrix indices so that it stays on its pair when
 * the order changes.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-pair-matrix"

#include "config.h"

#include "syn-pair-matrix.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

#define CELL_SIZE 22
#define MIN_HEADER_SIZE 52
#define MAX_HEADER_SIZE 200
#define MAX_LISTED 16 /* choices named in a strategy's line */

struct _SynPairMatrix
{
  GtkWidget parent_instance;

  /* children */
  GtkWidget *box;
  GtkSpinner *spinner;
  GtkLabel *summary;
  GtkDropDown *sort_by;
  GtkDrawingArea *cells;
  GtkLabel *white_strategy;
  GtkLabel *black_strategy;

  /* owned */
  GCancellable *cancellable;
  SynAnalysisMatrix *matrix;
  SynState state;
  const SynVariant *variant;
  char **white_names;
  char **black_names;
  int header_size; /* room for the longest choice's name */
  SynPairMatrixSort sort;
  int row_order[SYN_ANALYSIS_MATRIX_MAX];
  int column_order[SYN_ANALYSIS_MATRIX_MAX];
  double row_average[SYN_ANALYSIS_MATRIX_MAX];
  double column_average[SYN_ANALYSIS_MATRIX_MAX];
  int cursor_white; /* matrix indices, -1 for no cursor */
  int cursor_black;
};

G_DEFINE_FINAL_TYPE (SynPairMatrix, syn_pair_matrix, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_COMPUTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CELL_FOCUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The shown position of matrix index in order, or -1. */
static int
position_of (const int *order, int n, int index)
{
  for (int i = 0; i < n; i++)
    if (order[i] == index)
      return i;
  return -1;
}

/* White's advantage as a colour: green for White, red for Black, grey for even; a pawn
 * (100) is a clear tint and three pawns a full one. */
static void
cell_colour (int value, int decided, GdkRGBA *rgba)
{
  double t = CLAMP (value / 300.0, -1.0, 1.0);

  if (value >= decided)
    *rgba = (GdkRGBA){ 0.15, 0.55, 0.25, 1.0 };
  else if (value <= -decided)
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
  int header = self->header_size;
  GdkRGBA fg;

  if (m == NULL)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  for (int w = 0; w < m->n_white; w++)
    for (int b = 0; b < m->n_black; b++)
      {
        int value = (int) m->cells[self->row_order[w] * m->n_black + self->column_order[b]];
        double x = header + b * CELL_SIZE, y = header + w * CELL_SIZE;
        GdkRGBA rgba;

        cell_colour (value, (int) m->decided, &rgba);
        gdk_cairo_set_source_rgba (cr, &rgba);
        cairo_rectangle (cr, x, y, CELL_SIZE - 1, CELL_SIZE - 1);
        cairo_fill (cr);
        if (value >= m->decided || value <= -m->decided)
          {
            cairo_set_source_rgb (cr, 1, 1, 1);
            draw_text (cr, GTK_WIDGET (area), value > 0 ? "W" : "B", x, y, CELL_SIZE - 1,
                       CELL_SIZE - 1);
          }
      }
  gdk_cairo_set_source_rgba (cr, &fg);
  for (int w = 0; w < m->n_white; w++)
    draw_text (cr, GTK_WIDGET (area), self->white_names[self->row_order[w]], 0,
               header + w * CELL_SIZE, header - 4, CELL_SIZE);
  for (int b = 0; b < m->n_black; b++)
    {
      double x = header + b * CELL_SIZE;
      cairo_save (cr);
      cairo_translate (cr, x, header - 2);
      cairo_rotate (cr, -G_PI / 2);
      draw_text (cr, GTK_WIDGET (area), self->black_names[self->column_order[b]], 0, 0, header - 4,
                 CELL_SIZE);
      cairo_restore (cr);
    }
  if (self->cursor_white >= 0)
    {
      int w = position_of (self->row_order, m->n_white, self->cursor_white);
      int b = position_of (self->column_order, m->n_black, self->cursor_black);

      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, header + b * CELL_SIZE + 1, header + w * CELL_SIZE + 1, CELL_SIZE - 3,
                       CELL_SIZE - 3);
      cairo_stroke (cr);
    }
}

/* The matrix indices of the cell at x, y of the drawing area; FALSE outside the cells. */
static gboolean
cell_at (SynPairMatrix *self, double x, double y, int *white, int *black)
{
  const SynAnalysisMatrix *m = self->matrix;
  int w, b;

  if (m == NULL || x < self->header_size || y < self->header_size)
    return FALSE;
  w = (int) (y - self->header_size) / CELL_SIZE;
  b = (int) (x - self->header_size) / CELL_SIZE;
  if (w >= m->n_white || b >= m->n_black)
    return FALSE;
  *white = self->row_order[w];
  *black = self->column_order[b];
  return TRUE;
}

static void
set_cursor_cell (SynPairMatrix *self, int white, int black)
{
  if (white == self->cursor_white && black == self->cursor_black)
    return;
  self->cursor_white = white;
  self->cursor_black = black;
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
  g_signal_emit (self, signals[CELL_FOCUSED], 0, (guint) self->matrix->white[white],
                 (guint) self->matrix->black[black]);
}

void
syn_pair_matrix_set_cursor (SynPairMatrix *self, int row, int column)
{
  g_return_if_fail (SYN_IS_PAIR_MATRIX (self));
  g_return_if_fail (self->matrix != NULL);
  g_return_if_fail (row >= 0 && row < self->matrix->n_white);
  g_return_if_fail (column >= 0 && column < self->matrix->n_black);

  set_cursor_cell (self, self->row_order[row], self->column_order[column]);
}

static void
on_motion_cb (GtkEventControllerMotion *motion, double x, double y, SynPairMatrix *self)
{
  int white, black;

  if (cell_at (self, x, y, &white, &black))
    set_cursor_cell (self, white, black);
}

static void
move_cursor_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPairMatrix *self = SYN_PAIR_MATRIX (widget);
  const SynAnalysisMatrix *m = self->matrix;
  int rows, columns, row = 0, column = 0;

  if (m == NULL || m->n_white == 0 || m->n_black == 0)
    return;
  g_variant_get (parameter, "(ii)", &rows, &columns);
  /* The first key press only shows where the cursor is. */
  if (self->cursor_white >= 0)
    {
      row = CLAMP (position_of (self->row_order, m->n_white, self->cursor_white) + rows, 0,
                   m->n_white - 1);
      column = CLAMP (position_of (self->column_order, m->n_black, self->cursor_black) + columns, 0,
                      m->n_black - 1);
    }
  syn_pair_matrix_set_cursor (self, row, column);
}

typedef struct
{
  SynPairMatrix *self;
  gboolean white;
} SortContext;

/* Orders two choices of one side, the better for that side first, then by generation order. */
static int
compare_moves (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const SortContext *context = user_data;
  SynPairMatrix *self = context->self;
  int i = *(const int *) a, j = *(const int *) b;
  char **names = context->white ? self->white_names : self->black_names;
  const double *strategy
      = context->white ? self->matrix->white_strategy : self->matrix->black_strategy;
  const double *average = context->white ? self->row_average : self->column_average;
  double difference = 0;

  switch (self->sort)
    {
    case SYN_PAIR_MATRIX_SORT_NAME:
      {
        int order = g_utf8_collate (names[i], names[j]);
        if (order != 0)
          return order;
        break;
      }
    case SYN_PAIR_MATRIX_SORT_PROBABILITY:
      difference = strategy[j] - strategy[i];
      break;
    case SYN_PAIR_MATRIX_SORT_AVERAGE:
    default:
      /* Values are White's view: White wants them high, Black low. */
      difference = context->white ? average[j] - average[i] : average[i] - average[j];
      break;
    }
  if (difference != 0)
    return difference > 0 ? 1 : -1;
  return i - j;
}

static void
sort_choices (SynPairMatrix *self)
{
  const SynAnalysisMatrix *m = self->matrix;
  SortContext context = { self, TRUE };

  if (m == NULL)
    return;
  for (int i = 0; i < m->n_white; i++)
    self->row_order[i] = i;
  for (int i = 0; i < m->n_black; i++)
    self->column_order[i] = i;
  g_qsort_with_data (self->row_order, m->n_white, sizeof (int), compare_moves, &context);
  context.white = FALSE;
  g_qsort_with_data (self->column_order, m->n_black, sizeof (int), compare_moves, &context);
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
}

void
syn_pair_matrix_set_sort (SynPairMatrix *self, SynPairMatrixSort sort)
{
  g_return_if_fail (SYN_IS_PAIR_MATRIX (self));
  g_return_if_fail (sort <= SYN_PAIR_MATRIX_SORT_AVERAGE);

  self->sort = sort;
  if (gtk_drop_down_get_selected (self->sort_by) != (guint) sort)
    gtk_drop_down_set_selected (self->sort_by, sort);
  sort_choices (self);
}

SynPairMatrixSort
syn_pair_matrix_get_sort (SynPairMatrix *self)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), SYN_PAIR_MATRIX_SORT_NAME);
  return self->sort;
}

int
syn_pair_matrix_get_row (SynPairMatrix *self, int position)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), -1);
  g_return_val_if_fail (self->matrix != NULL && position >= 0 && position < self->matrix->n_white,
                        -1);
  return self->row_order[position];
}

int
syn_pair_matrix_get_column (SynPairMatrix *self, int position)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), -1);
  g_return_val_if_fail (self->matrix != NULL && position >= 0 && position < self->matrix->n_black,
                        -1);
  return self->column_order[position];
}

static void
on_sort_selected_cb (SynPairMatrix *self)
{
  guint selected = gtk_drop_down_get_selected (self->sort_by);

  if (selected <= SYN_PAIR_MATRIX_SORT_AVERAGE && selected != (guint) self->sort)
    syn_pair_matrix_set_sort (self, (SynPairMatrixSort) selected);
}

static gboolean
on_query_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip,
                     SynPairMatrix *self)
{
  const SynAnalysisMatrix *m = self->matrix;
  g_autofree char *text = NULL;
  int value, w, b;

  if (!cell_at (self, x, y, &w, &b))
    return FALSE;
  value = (int) m->cells[w * m->n_black + b];
  if (value >= m->decided)
    /* Translators: a White move, a Black move, and what they lead to */
    text = g_strdup_printf (_ ("%s against %s: White wins"), self->white_names[w],
                            self->black_names[b]);
  else if (value <= -m->decided)
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
  int listed = 0, more = 0;

  /* A long mix (a Transactional side's many equal choices) is cut short to stay readable;
   * the sort by probability shows the rest. */
  for (int i = 0; i < n; i++)
    if (strategy[i] > 0.0005 && listed++ < MAX_LISTED)
      g_string_append_printf (text, "%s%s %.1f%%", text->len > 0 ? ", " : "", names[i],
                              100.0 * strategy[i]);
    else if (strategy[i] > 0.0005)
      more++;
  if (more > 0)
    /* Translators: after the first choices of an equilibrium strategy, how many others the
     * strategy plays */
    g_string_append_printf (
        text, g_dngettext (GETTEXT_PACKAGE, ", and %d more choice", ", and %d more choices", more),
        more);
  return g_string_free (text, FALSE);
}

static void
set_computing (SynPairMatrix *self, gboolean computing)
{
  gtk_spinner_set_spinning (self->spinner, computing);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), computing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

char *
syn_pair_matrix_describe_choice (const SynVariant *variant, const SynState *state, SynColour side,
                                 SynChoice choice)
{
  SynStepInfo info;
  g_autofree char *move = NULL;

  if (choice == SYN_CHOICE_NONE)
    /* Translators: a side the rules ask nothing of at this step (HK's exchange of blows,
     * the side not to move in Transactional Chess) */
    return g_strdup (_ ("Waits this step"));
  move = syn_notation_describe (variant, state, side, choice);
  syn_variant_describe (variant, state, &info);
  /* A Transactional move that neither commits nor rolls back stays in the open transaction;
   * said so, it is not mistaken for the whole choice. */
  if (info.kind == SYN_STEP_TX_MOVE && SYN_CHOICE_KIND (choice) == 0)
    /* Translators: a Transactional Chess move without a decision: "Nf3, keep pending" */
    return g_strdup_printf (_ ("%s, keep pending"), move);
  return g_steal_pointer (&move);
}

static char **
choice_names (const SynVariant *variant, const SynState *state, SynColour side,
              const SynChoice *choices, int n)
{
  char **names = g_new0 (char *, n + 1);

  for (int i = 0; i < n; i++)
    names[i] = syn_pair_matrix_describe_choice (variant, state, side, choices[i]);
  return names;
}

/* Room for the longest name beside the rows and above the (turned) columns. */
static int
measure_header (SynPairMatrix *self)
{
  int widest = 0;

  for (int pass = 0; pass < 2; pass++)
    for (char **name = pass == 0 ? self->white_names : self->black_names; *name != NULL; name++)
      {
        g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), *name);
        int width, height;

        pango_layout_get_pixel_size (layout, &width, &height);
        widest = MAX (widest, width);
      }
  return CLAMP (widest + 8, MIN_HEADER_SIZE, MAX_HEADER_SIZE);
}

/* What the matrix is: its size, and what was cut or waits; the value for White. */
static char *
describe_matrix (const SynAnalysisMatrix *m)
{
  GString *text = g_string_new (NULL);

  if (m->variant == &syn_variant_psc)
    {
      g_string_append_printf (text, _ ("Moves: White %d, Black %d. Value for White: %+.2f"),
                              m->n_white, m->n_black, m->value / 100.0);
      return g_string_free (text, FALSE);
    }
  /* Translators: the pair matrix of a rule set other than PSC; a side that waits has one
   * row or column */
  g_string_append_printf (text, _ ("Choices: White %d, Black %d. Value for White: %+.2f"),
                          m->n_white_all, m->n_black_all, m->value / 100.0);
  g_string_append (text, "\n");
  g_string_append (text, _ ("Each pair is valued by material and outcome one step ahead."));
  if (m->n_white_all == 0)
    g_string_append_printf (text, "\n%s", _ ("White waits this step: one row."));
  if (m->n_black_all == 0)
    g_string_append_printf (text, "\n%s", _ ("Black waits this step: one column."));
  if (m->n_white_all > m->n_white)
    g_string_append_printf (text, "\n%s",
                            /* Translators: the pair matrix keeps only so many choices */
                            _ ("Only White’s first choices are weighed; the rest were cut."));
  if (m->n_black_all > m->n_black)
    g_string_append_printf (text, "\n%s",
                            _ ("Only Black’s first choices are weighed; the rest were cut."));
  return g_string_free (text, FALSE);
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
  self->white_names
      = choice_names (matrix->variant, &self->state, SYN_WHITE, matrix->white, matrix->n_white);
  self->black_names
      = choice_names (matrix->variant, &self->state, SYN_BLACK, matrix->black, matrix->n_black);
  self->header_size = measure_header (self);
  for (int w = 0; w < matrix->n_white; w++)
    {
      double sum = 0;
      for (int b = 0; b < matrix->n_black; b++)
        sum += matrix->cells[w * matrix->n_black + b];
      self->row_average[w] = matrix->n_black > 0 ? sum / matrix->n_black : 0;
    }
  for (int b = 0; b < matrix->n_black; b++)
    {
      double sum = 0;
      for (int w = 0; w < matrix->n_white; w++)
        sum += matrix->cells[w * matrix->n_black + b];
      self->column_average[b] = matrix->n_white > 0 ? sum / matrix->n_white : 0;
    }
  sort_choices (self);
  summary = describe_matrix (matrix);
  gtk_label_set_text (self->summary, summary);
  white = describe_strategy (self->white_names, matrix->white_strategy, matrix->n_white);
  black = describe_strategy (self->black_names, matrix->black_strategy, matrix->n_black);
  g_free (summary);
  summary = matrix->n_white_all == 0 ? g_strdup (_ ("White waits this step."))
                                     : g_strdup_printf (_ ("White plays: %s"), white);
  gtk_label_set_text (self->white_strategy, summary);
  g_free (summary);
  summary = matrix->n_black_all == 0 ? g_strdup (_ ("Black waits this step."))
                                     : g_strdup_printf (_ ("Black plays: %s"), black);
  gtk_label_set_text (self->black_strategy, summary);
  gtk_drawing_area_set_content_width (self->cells, self->header_size + matrix->n_black * CELL_SIZE);
  gtk_drawing_area_set_content_height (self->cells,
                                       self->header_size + matrix->n_white * CELL_SIZE);
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
}

static void
clear_matrix (SynPairMatrix *self)
{
  g_clear_pointer (&self->matrix, syn_analysis_matrix_free);
  g_clear_pointer (&self->white_names, g_strfreev);
  g_clear_pointer (&self->black_names, g_strfreev);
  self->cursor_white = self->cursor_black = -1;
}

void
syn_pair_matrix_set_state (SynPairMatrix *self, const SynVariant *variant, const SynState *state)
{
  g_return_if_fail (SYN_IS_PAIR_MATRIX (self));
  g_return_if_fail (state != NULL);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  clear_matrix (self);
  self->variant = variant != NULL ? variant : &syn_variant_psc;
  self->state = *state;
  self->cancellable = g_cancellable_new ();
  gtk_label_set_text (self->summary, _ ("Computing the pair matrix…"));
  gtk_label_set_text (self->white_strategy, "");
  gtk_label_set_text (self->black_strategy, "");
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
  set_computing (self, TRUE);
  syn_analysis_matrix_compute_async (self->variant, state, self->cancellable, on_computed_cb,
                                     g_object_ref (self));
}

gboolean
syn_pair_matrix_get_computing (SynPairMatrix *self)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), FALSE);
  return self->cancellable != NULL;
}

const char *
syn_pair_matrix_get_summary (SynPairMatrix *self)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), NULL);
  return gtk_label_get_text (self->summary);
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

  signals[CELL_FOCUSED]
      = g_signal_new ("cell-focused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "matrix.move-cursor", "(ii)", move_cursor_action);
  /* The box of children fills the widget; without a layout it would never be allocated, so
   * never drawn. */
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
add_arrow_keys (GtkDrawingArea *cells)
{
  static const struct
  {
    guint key;
    int rows, columns;
  } arrows[] = {
    { GDK_KEY_Up, -1, 0 },
    { GDK_KEY_Down, 1, 0 },
    { GDK_KEY_Left, 0, -1 },
    { GDK_KEY_Right, 0, 1 },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (arrows[i].key, 0),
                                                gtk_named_action_new ("matrix.move-cursor"));
      gtk_shortcut_set_arguments (shortcut,
                                  g_variant_new ("(ii)", arrows[i].rows, arrows[i].columns));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (GTK_WIDGET (cells), controller);
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
  GtkWidget *sort_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *sort_label = gtk_label_new (_ ("Sort by"));
  GtkEventController *motion = gtk_event_controller_motion_new ();
  const char *sorts[]
      = { _ ("Move name"), _ ("Equilibrium probability"), _ ("Average value"), NULL };

  self->cursor_white = self->cursor_black = -1;
  self->header_size = MIN_HEADER_SIZE;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  self->summary = wrapping_label ();
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->summary));
  gtk_box_append (GTK_BOX (self->box), header);

  self->sort_by = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (sorts));
  gtk_label_set_mnemonic_widget (GTK_LABEL (sort_label), GTK_WIDGET (self->sort_by));
  g_signal_connect_swapped (self->sort_by, "notify::selected", G_CALLBACK (on_sort_selected_cb),
                            self);
  gtk_box_append (GTK_BOX (sort_box), sort_label);
  gtk_box_append (GTK_BOX (sort_box), GTK_WIDGET (self->sort_by));
  gtk_box_append (GTK_BOX (self->box), sort_box);

  self->white_strategy = wrapping_label ();
  self->black_strategy = wrapping_label ();
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->white_strategy));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->black_strategy));

  self->cells = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_drawing_area_set_draw_func (self->cells, draw_cells, self, NULL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->cells), TRUE);
  g_signal_connect (self->cells, "query-tooltip", G_CALLBACK (on_query_tooltip_cb), self);
  /* The arrow keys move the cursor while the cells, not the sort drop-down, have the focus. */
  add_arrow_keys (self->cells);
  gtk_widget_set_focusable (GTK_WIDGET (self->cells), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self->cells), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->cells), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Pair matrix"), -1);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->cells), motion);
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
