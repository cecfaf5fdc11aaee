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

#include "syn-pair-matrix-private.h"

#include <glib/gi18n.h>

#define PAGE_ROWS 10           /* how far Page Up and Page Down move the cursor */
#define MAX_VISIBLE_HEIGHT 720 /* the cells grow to this height, then scroll */

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
  CELL_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The matrix indices of the cell at x, y of the cells' drawing area; FALSE outside them. */
static gboolean
cell_at (SynPairMatrix *self, double x, double y, int *white, int *black)
{
  const SynAnalysisMatrix *m = self->matrix;
  int w, b;

  if (m == NULL || x < 0 || y < 0)
    return FALSE;
  w = (int) y / SYN_PAIR_MATRIX_ROW_HEIGHT;
  b = (int) x / syn_pair_matrix_cell_width (self);
  if (w >= m->n_white || b >= m->n_black)
    return FALSE;
  *white = self->row_order[w];
  *black = self->column_order[b];
  return TRUE;
}

static void
queue_draw_all (SynPairMatrix *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self->cells));
  gtk_widget_queue_draw (GTK_WIDGET (self->row_header));
  gtk_widget_queue_draw (GTK_WIDGET (self->column_header));
  gtk_widget_queue_draw (GTK_WIDGET (self->legend));
}

/* The line under the cells: the pair under the pointer, else the selected one. */
static void
update_preview (SynPairMatrix *self)
{
  g_autofree char *cell = NULL, *text = NULL;

  if (self->matrix != NULL && self->hover_white >= 0)
    {
      cell = syn_pair_matrix_describe_cell (self, self->hover_white, self->hover_black);
      /* Translators: the pair under the pointer, shown but not chosen */
      text = g_strdup_printf (_ ("Pointer: %s"), cell);
    }
  else if (self->matrix != NULL && self->cursor_white >= 0)
    {
      cell = syn_pair_matrix_describe_cell (self, self->cursor_white, self->cursor_black);
      /* Translators: the chosen pair of the pair matrix */
      text = g_strdup_printf (_ ("Chosen: %s"), cell);
    }
  else if (self->matrix != NULL)
    text = g_strdup (_ ("Click a cell, or use the arrow keys, to choose a pair."));
  gtk_label_set_text (self->preview, text != NULL ? text : "");
}

/* Scrolls the cells so that the cell at row, column is in view. */
static void
scroll_to_cell (SynPairMatrix *self, int row, int column)
{
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (self->scrolled);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (self->scrolled);
  int cell_width = syn_pair_matrix_cell_width (self), rh = SYN_PAIR_MATRIX_ROW_HEIGHT;

  gtk_adjustment_clamp_page (h, column * cell_width, (column + 1) * cell_width);
  gtk_adjustment_clamp_page (v, row * rh, (row + 1) * rh);
}

static void
set_cursor_cell (SynPairMatrix *self, int white, int black)
{
  const SynAnalysisMatrix *m = self->matrix;
  g_autofree char *description = NULL;

  scroll_to_cell (self, syn_pair_matrix_position_of (self->row_order, m->n_white, white),
                  syn_pair_matrix_position_of (self->column_order, m->n_black, black));
  if (white == self->cursor_white && black == self->cursor_black)
    return;
  self->cursor_white = white;
  self->cursor_black = black;
  queue_draw_all (self);
  update_preview (self);
  /* A screen reader reads the chosen pair with its value as the cells' description. */
  description = syn_pair_matrix_describe_cell (self, white, black);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->cells), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description, -1);
  g_signal_emit (self, signals[CELL_FOCUSED], 0, (guint) m->white[white], (guint) m->black[black]);
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

gboolean
syn_pair_matrix_get_cursor (SynPairMatrix *self, int *white, int *black)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), FALSE);
  if (white != NULL)
    *white = self->cursor_white;
  if (black != NULL)
    *black = self->cursor_black;
  return self->cursor_white >= 0;
}

static void
set_hover (SynPairMatrix *self, int white, int black)
{
  if (white == self->hover_white && black == self->hover_black)
    return;
  self->hover_white = white;
  self->hover_black = black;
  queue_draw_all (self);
  update_preview (self);
}

/* The pointer only previews: choosing a pair as the pointer passed over it made the result
 * board jump about and lost the pair being studied. */
static void
on_motion_cb (GtkEventControllerMotion *motion, double x, double y, SynPairMatrix *self)
{
  int white, black;

  if (cell_at (self, x, y, &white, &black))
    set_hover (self, white, black);
  else
    set_hover (self, -1, -1);
}

static void
on_leave_cb (GtkEventControllerMotion *motion, SynPairMatrix *self)
{
  set_hover (self, -1, -1);
}

/* A click chooses the pair; a double click plays it. */
static void
on_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, SynPairMatrix *self)
{
  int white, black;

  if (!cell_at (self, x, y, &white, &black))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self->cells));
  set_cursor_cell (self, white, black);
  if (n_press == 2)
    g_signal_emit (self, signals[CELL_ACTIVATED], 0, (guint) self->matrix->white[white],
                   (guint) self->matrix->black[black]);
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
      row = CLAMP (syn_pair_matrix_position_of (self->row_order, m->n_white, self->cursor_white)
                       + rows,
                   0, m->n_white - 1);
      column
          = CLAMP (syn_pair_matrix_position_of (self->column_order, m->n_black, self->cursor_black)
                       + columns,
                   0, m->n_black - 1);
    }
  syn_pair_matrix_set_cursor (self, row, column);
}

static void
activate_cell_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynPairMatrix *self = SYN_PAIR_MATRIX (widget);

  if (self->matrix == NULL || self->cursor_white < 0)
    return;
  g_signal_emit (self, signals[CELL_ACTIVATED], 0, (guint) self->matrix->white[self->cursor_white],
                 (guint) self->matrix->black[self->cursor_black]);
}

char *
syn_pair_matrix_dup_row_mark (SynPairMatrix *self, int position)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), NULL);
  g_return_val_if_fail (self->matrix != NULL && position >= 0 && position < self->matrix->n_white,
                        NULL);
  return syn_pair_matrix_format_weight (self->matrix->white_strategy[self->row_order[position]]);
}

char *
syn_pair_matrix_dup_column_mark (SynPairMatrix *self, int position)
{
  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), NULL);
  g_return_val_if_fail (self->matrix != NULL && position >= 0 && position < self->matrix->n_black,
                        NULL);
  return syn_pair_matrix_format_weight (self->matrix->black_strategy[self->column_order[position]]);
}

gboolean
syn_pair_matrix_get_cell_area (SynPairMatrix *self, int row, int column, GtkWidget **widget,
                               graphene_rect_t *area)
{
  int cell_width;

  g_return_val_if_fail (SYN_IS_PAIR_MATRIX (self), FALSE);
  if (self->matrix == NULL || row < 0 || row >= self->matrix->n_white || column < 0
      || column >= self->matrix->n_black)
    return FALSE;
  cell_width = syn_pair_matrix_cell_width (self);
  *widget = GTK_WIDGET (self->cells);
  graphene_rect_init (area, column * cell_width, row * SYN_PAIR_MATRIX_ROW_HEIGHT, cell_width,
                      SYN_PAIR_MATRIX_ROW_HEIGHT);
  return TRUE;
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
  queue_draw_all (self);
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
  g_autofree char *text = NULL;
  int w, b;

  if (keyboard && self->cursor_white >= 0)
    {
      w = self->cursor_white;
      b = self->cursor_black;
    }
  else if (!cell_at (self, x, y, &w, &b))
    return FALSE;
  text = syn_pair_matrix_describe_cell (self, w, b);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
set_computing (SynPairMatrix *self, gboolean computing)
{
  gtk_spinner_set_spinning (self->spinner, computing);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), computing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

/* The drawing areas' sizes for the matrix: the cells in full, the headers as wide or high
 * as the names. */
static void
set_content_size (SynPairMatrix *self)
{
  const SynAnalysisMatrix *m = self->matrix;
  int cell_width = syn_pair_matrix_cell_width (self);

  if (m == NULL)
    return;
  gtk_drawing_area_set_content_width (self->cells, m->n_black * cell_width);
  gtk_drawing_area_set_content_height (self->cells, m->n_white * SYN_PAIR_MATRIX_ROW_HEIGHT);
  gtk_drawing_area_set_content_width (self->row_header, self->row_header_width);
  gtk_drawing_area_set_content_height (self->column_header, self->column_header_height);
  gtk_drawing_area_set_content_width (self->corner, self->row_header_width);
  gtk_drawing_area_set_content_height (self->corner, self->column_header_height);
}

static void
on_show_numbers_toggled_cb (SynPairMatrix *self)
{
  set_content_size (self);
  queue_draw_all (self);
  if (self->matrix != NULL && self->cursor_white >= 0)
    scroll_to_cell (
        self,
        syn_pair_matrix_position_of (self->row_order, self->matrix->n_white, self->cursor_white),
        syn_pair_matrix_position_of (self->column_order, self->matrix->n_black,
                                     self->cursor_black));
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
  self->white_names = syn_pair_matrix_choice_names (matrix->variant, &self->state, SYN_WHITE,
                                                    matrix->white, matrix->n_white);
  self->black_names = syn_pair_matrix_choice_names (matrix->variant, &self->state, SYN_BLACK,
                                                    matrix->black, matrix->n_black);
  syn_pair_matrix_measure_headers (self);
  self->spread = syn_pair_matrix_measure_spread (matrix);
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
  summary = syn_pair_matrix_describe_matrix (matrix);
  gtk_label_set_text (self->summary, summary);
  white = syn_pair_matrix_describe_strategy (self->white_names, matrix->white_strategy,
                                             matrix->n_white);
  black = syn_pair_matrix_describe_strategy (self->black_names, matrix->black_strategy,
                                             matrix->n_black);
  g_free (summary);
  summary = matrix->n_white_all == 0 ? g_strdup (_ ("White waits this step."))
                                     : g_strdup_printf (_ ("White plays: %s"), white);
  gtk_label_set_text (self->white_strategy, summary);
  g_free (summary);
  summary = matrix->n_black_all == 0 ? g_strdup (_ ("Black waits this step."))
                                     : g_strdup_printf (_ ("Black plays: %s"), black);
  gtk_label_set_text (self->black_strategy, summary);
  set_content_size (self);
  update_preview (self);
  queue_draw_all (self);
}

static void
clear_matrix (SynPairMatrix *self)
{
  g_clear_pointer (&self->matrix, syn_analysis_matrix_free);
  g_clear_pointer (&self->white_names, g_strfreev);
  g_clear_pointer (&self->black_names, g_strfreev);
  self->cursor_white = self->cursor_black = -1;
  self->hover_white = self->hover_black = -1;
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
  update_preview (self);
  queue_draw_all (self);
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

  /* A pair chosen by a click or the keyboard (never by the pointer passing over it). */
  signals[CELL_FOCUSED]
      = g_signal_new ("cell-focused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /* A pair to play: a double click, or Enter on the chosen cell. */
  signals[CELL_ACTIVATED]
      = g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "matrix.move-cursor", "(ii)", move_cursor_action);
  gtk_widget_class_install_action (widget_class, "matrix.activate-cell", NULL,
                                   activate_cell_action);
  /* The box of children fills the widget; without a layout it would never be allocated, so
   * never drawn. */
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
add_keys (GtkDrawingArea *cells)
{
  /* Home and End go to the first and last column, Page Up and Down a page of rows; a big
   * step stops at the edge. */
  static const struct
  {
    guint key;
    int rows, columns;
  } moves[] = {
    { GDK_KEY_Up, -1, 0 },
    { GDK_KEY_Down, 1, 0 },
    { GDK_KEY_Left, 0, -1 },
    { GDK_KEY_Right, 0, 1 },
    { GDK_KEY_Home, 0, -SYN_ANALYSIS_MATRIX_MAX },
    { GDK_KEY_End, 0, SYN_ANALYSIS_MATRIX_MAX },
    { GDK_KEY_Page_Up, -PAGE_ROWS, 0 },
    { GDK_KEY_Page_Down, PAGE_ROWS, 0 },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *shortcuts = GTK_SHORTCUT_CONTROLLER (controller);

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (moves[i].key, 0),
                                                gtk_named_action_new ("matrix.move-cursor"));
      gtk_shortcut_set_arguments (shortcut,
                                  g_variant_new ("(ii)", moves[i].rows, moves[i].columns));
      gtk_shortcut_controller_add_shortcut (shortcuts, shortcut);
    }
  gtk_shortcut_controller_add_shortcut (
      shortcuts,
      gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, 0),
                                                     gtk_keyval_trigger_new (GDK_KEY_KP_Enter, 0)),
                        gtk_named_action_new ("matrix.activate-cell")));
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

static GtkDrawingArea *
drawing_area (GtkDrawingAreaDrawFunc draw, SynPairMatrix *self)
{
  GtkDrawingArea *area = GTK_DRAWING_AREA (gtk_drawing_area_new ());

  gtk_drawing_area_set_draw_func (area, draw, self, NULL);
  return area;
}

/* The sort order, the numbers switch and the legend of the colours, on two lines. */
static GtkWidget *
build_controls (SynPairMatrix *self)
{
  GtkWidget *controls = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *legend_line = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *sort_label = gtk_label_new_with_mnemonic (_ ("S_ort by"));
  GtkWidget *wins = gtk_label_new (_ ("W, B: won by White, by Black"));
  const char *sorts[]
      = { _ ("Move name"), _ ("Equilibrium probability"), _ ("Average value"), NULL };

  self->sort_by = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (sorts));
  gtk_label_set_mnemonic_widget (GTK_LABEL (sort_label), GTK_WIDGET (self->sort_by));
  g_signal_connect_swapped (self->sort_by, "notify::selected", G_CALLBACK (on_sort_selected_cb),
                            self);
  self->show_numbers
      = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_mnemonic (_ ("Show _Numbers")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->show_numbers),
                               _ ("Write each pair’s value, in pawns for White, in its cell"));
  g_signal_connect_swapped (self->show_numbers, "toggled", G_CALLBACK (on_show_numbers_toggled_cb),
                            self);
  gtk_box_append (GTK_BOX (line), sort_label);
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->sort_by));
  gtk_box_append (GTK_BOX (line), GTK_WIDGET (self->show_numbers));
  gtk_box_append (GTK_BOX (controls), line);

  self->legend = drawing_area (syn_pair_matrix_draw_legend, self);
  gtk_drawing_area_set_content_height (self->legend, 34);
  gtk_accessible_update_property (
      GTK_ACCESSIBLE (self->legend), GTK_ACCESSIBLE_PROPERTY_LABEL,
      _ ("Colour scale: orange is better for Black, blue better for White, grey the value"), -1);
  gtk_widget_add_css_class (wins, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (wins), TRUE);
  gtk_label_set_xalign (GTK_LABEL (wins), 0);
  gtk_widget_set_halign (GTK_WIDGET (self->legend), GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (legend_line), GTK_WIDGET (self->legend));
  gtk_box_append (GTK_BOX (legend_line), wins);
  gtk_box_append (GTK_BOX (controls), legend_line);
  return controls;
}

/* The cells scroll; the headers beside and above them are drawn at the cells' scroll
 * position, so they stay in place and still name the rows and columns in view. */
static GtkWidget *
build_grid (SynPairMatrix *self)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->corner = drawing_area (syn_pair_matrix_draw_corner, self);
  self->column_header = drawing_area (syn_pair_matrix_draw_column_header, self);
  self->row_header = drawing_area (syn_pair_matrix_draw_row_header, self);
  self->cells = drawing_area (syn_pair_matrix_draw_cells, self);
  self->scrolled = GTK_SCROLLED_WINDOW (gtk_scrolled_window_new ());
  gtk_scrolled_window_set_child (self->scrolled, GTK_WIDGET (self->cells));
  gtk_scrolled_window_set_propagate_natural_width (self->scrolled, TRUE);
  gtk_scrolled_window_set_propagate_natural_height (self->scrolled, TRUE);
  gtk_scrolled_window_set_max_content_height (self->scrolled, MAX_VISIBLE_HEIGHT);
  gtk_scrolled_window_set_min_content_height (self->scrolled, 8 * SYN_PAIR_MATRIX_ROW_HEIGHT);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scrolled), TRUE);
  gtk_widget_set_halign (grid, GTK_ALIGN_START);
  g_signal_connect_swapped (gtk_scrolled_window_get_hadjustment (self->scrolled), "value-changed",
                            G_CALLBACK (gtk_widget_queue_draw), self->column_header);
  g_signal_connect_swapped (gtk_scrolled_window_get_vadjustment (self->scrolled), "value-changed",
                            G_CALLBACK (gtk_widget_queue_draw), self->row_header);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self->cells), TRUE);
  g_signal_connect (self->cells, "query-tooltip", G_CALLBACK (on_query_tooltip_cb), self);
  /* The keys move the cursor while the cells, not the sort drop-down, have the focus. */
  add_keys (self->cells);
  gtk_widget_set_focusable (GTK_WIDGET (self->cells), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self->cells), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->cells), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Pair matrix"), -1);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->cells), motion);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->cells), GTK_EVENT_CONTROLLER (click));

  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->corner), 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->column_header), 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->row_header), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), GTK_WIDGET (self->scrolled), 1, 1, 1, 1);
  return grid;
}

static void
syn_pair_matrix_init (SynPairMatrix *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->cursor_white = self->cursor_black = -1;
  self->hover_white = self->hover_black = -1;
  self->spread = 100;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  self->summary = wrapping_label ();
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->summary));
  gtk_box_append (GTK_BOX (self->box), header);
  gtk_box_append (GTK_BOX (self->box), build_controls (self));

  self->white_strategy = wrapping_label ();
  self->black_strategy = wrapping_label ();
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->white_strategy));
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->black_strategy));
  gtk_box_append (GTK_BOX (self->box), build_grid (self));
  self->preview = wrapping_label ();
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->preview));
}

GtkWidget *
syn_pair_matrix_new (void)
{
  return g_object_new (SYN_TYPE_PAIR_MATRIX, NULL);
}
