/* syn-review-window.c: the Game Review window, its chart and its way into What If.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-review-window"

#include "config.h"

#include "syn-review-window.h"

#include <glib/gi18n.h>
#include <math.h>

#include "syn-pair-matrix.h"
#include "syn-what-if.h"

#define LEFT 56 /* room for the value axis's labels */
#define RIGHT 12
#define TOP 10
#define BOTTOM 22        /* room for the turn numbers */
#define VALUE_SHARE 0.6  /* the value line's part of the height; the bars have the rest */
#define MAX_RANGE 1000.0 /* ten pawns: beyond, a value is drawn at the edge */

/* The colours of the last moves on the board: White's yellow, Black's purple. */
static const GdkRGBA white_colour = { 0.96, 0.83, 0.18, 1.0 };
static const GdkRGBA black_colour = { 0.57, 0.25, 0.67, 1.0 };

struct _SynReviewWindow
{
  AdwWindow parent_instance;

  /* template widgets */
  GtkBox *progress_box;
  GtkProgressBar *progress;
  GtkDrawingArea *chart;
  GtkLabel *details;

  /* owned */
  SynGame *game;
  GCancellable *cancellable; /* kept after the review: cancelling it drops late reports */
  gboolean computing;
  GArray *turns;
  int hover;    /* the turn under the pointer, -1 for none */
  int selected; /* the turn chosen with the keys, -1 for none */
};

G_DEFINE_FINAL_TYPE (SynReviewWindow, syn_review_window, ADW_TYPE_WINDOW)

typedef struct
{
  double left, top, width, value_height, bars_top, bars_height, step;
  double range, loss_range;
} Geometry;

static void
measure (SynReviewWindow *self, int width, int height, Geometry *g)
{
  guint n = self->turns != NULL ? self->turns->len : 1;

  g->left = LEFT;
  g->top = TOP;
  g->width = MAX (1, width - LEFT - RIGHT);
  g->value_height = (height - TOP - BOTTOM) * VALUE_SHARE;
  g->bars_top = TOP + g->value_height + 8;
  g->bars_height = MAX (1, height - BOTTOM - g->bars_top);
  g->step = g->width / MAX (n, 1);
  g->range = 100;
  g->loss_range = 50;
  for (guint i = 0; self->turns != NULL && i < self->turns->len; i++)
    {
      const SynReviewTurn *t = &g_array_index (self->turns, SynReviewTurn, i);

      if (t->has_value && fabs (t->value) < t->decided)
        g->range = MAX (g->range, MIN (fabs (t->value), MAX_RANGE));
      for (int side = 0; side < 2; side++)
        if (!isnan (t->loss[side]))
          g->loss_range = MAX (g->loss_range, MIN (t->loss[side], MAX_RANGE));
    }
}

static double
value_y (const Geometry *g, double value)
{
  double t = CLAMP (value / g->range, -1.0, 1.0);

  return g->top + g->value_height / 2 * (1 - t);
}

static double
turn_x (const Geometry *g, guint turn)
{
  return g->left + (turn + 0.5) * g->step;
}

static void
draw_label (cairo_t *cr, GtkWidget *widget, const char *text, double x, double y, double xalign)
{
  g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w * xalign, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_axes (SynReviewWindow *self, cairo_t *cr, const Geometry *g, const GdkRGBA *fg)
{
  GtkWidget *widget = GTK_WIDGET (self->chart);
  g_autofree char *high = g_strdup_printf ("%+.1f", g->range / 100);
  g_autofree char *low = g_strdup_printf ("%+.1f", -g->range / 100);

  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, g->left, value_y (g, 0) + 0.5);
  cairo_line_to (cr, g->left + g->width, value_y (g, 0) + 0.5);
  cairo_move_to (cr, g->left, g->bars_top + g->bars_height / 2 + 0.5);
  cairo_line_to (cr, g->left + g->width, g->bars_top + g->bars_height / 2 + 0.5);
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, fg->red, fg->green, fg->blue, 0.7);
  draw_label (cr, widget, high, g->left - 6, value_y (g, g->range), 1.0);
  draw_label (cr, widget, "0", g->left - 6, value_y (g, 0), 1.0);
  draw_label (cr, widget, low, g->left - 6, value_y (g, -g->range), 1.0);
  /* Translators: the review chart's bars: what a side's move lost against the equilibrium */
  draw_label (cr, widget, _ ("lost"), g->left - 6, g->bars_top + g->bars_height / 2, 1.0);
}

static void
draw_bars (SynReviewWindow *self, cairo_t *cr, const Geometry *g)
{
  double middle = g->bars_top + g->bars_height / 2, half = g->bars_height / 2 - 2;
  double bar = MAX (1, MIN (g->step * 0.6, 24));

  for (guint i = 0; i < self->turns->len; i++)
    {
      const SynReviewTurn *t = &g_array_index (self->turns, SynReviewTurn, i);
      double x = turn_x (g, i) - bar / 2;

      if (!isnan (t->loss[SYN_WHITE]))
        {
          double h = MIN (t->loss[SYN_WHITE] / g->loss_range, 1.0) * half;
          gdk_cairo_set_source_rgba (cr, &white_colour);
          cairo_rectangle (cr, x, middle - h, bar, h);
          cairo_fill (cr);
        }
      if (!isnan (t->loss[SYN_BLACK]))
        {
          double h = MIN (t->loss[SYN_BLACK] / g->loss_range, 1.0) * half;
          gdk_cairo_set_source_rgba (cr, &black_colour);
          cairo_rectangle (cr, x, middle, bar, h);
          cairo_fill (cr);
        }
    }
}

static void
draw_line (SynReviewWindow *self, cairo_t *cr, const Geometry *g, const GdkRGBA *fg)
{
  gboolean started = FALSE;

  gdk_cairo_set_source_rgba (cr, fg);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < self->turns->len; i++)
    {
      const SynReviewTurn *t = &g_array_index (self->turns, SynReviewTurn, i);

      if (!t->has_value)
        continue;
      if (started)
        cairo_line_to (cr, turn_x (g, i), value_y (g, t->value));
      else
        cairo_move_to (cr, turn_x (g, i), value_y (g, t->value));
      started = TRUE;
    }
  cairo_stroke (cr);
  for (guint i = 0; i < self->turns->len; i++)
    {
      const SynReviewTurn *t = &g_array_index (self->turns, SynReviewTurn, i);
      double radius = (int) i == self->hover || (int) i == self->selected ? 6 : 3.5;

      if (!t->has_value)
        continue;
      cairo_arc (cr, turn_x (g, i), value_y (g, t->value), radius, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_chart (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  SynReviewWindow *self = user_data;
  GtkWidget *widget = GTK_WIDGET (area);
  Geometry g;
  GdkRGBA fg;

  if (self->turns == NULL || self->turns->len == 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  measure (self, width, height, &g);
  for (int mark = 0; mark < 2; mark++)
    {
      int turn = mark == 0 ? self->hover : self->selected;

      if (turn < 0)
        continue;
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.08);
      cairo_rectangle (cr, g.left + turn * g.step, TOP, g.step, height - TOP - BOTTOM);
      cairo_fill (cr);
    }
  draw_axes (self, cr, &g, &fg);
  draw_bars (self, cr, &g);
  draw_line (self, cr, &g, &fg);
  /* Turn numbers, as many as fit. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
  for (guint i = 0, every = MAX (1, (guint) (40 / g.step)); i < self->turns->len; i += every)
    {
      g_autofree char *number = g_strdup_printf ("%u", i + 1);
      draw_label (cr, widget, number, turn_x (&g, i), height - BOTTOM / 2.0, 0.5);
    }
}

static char *
describe_turn (SynReviewWindow *self, guint index)
{
  const SynReviewTurn *t = &g_array_index (self->turns, SynReviewTurn, index);
  const SynTurn *turn = syn_game_get_turn (self->game, index);
  const SynVariant *variant = syn_game_get_variant (self->game);
  g_autofree char *white = syn_pair_matrix_describe_choice (variant, &turn->before, SYN_WHITE,
                                                            turn->choice[SYN_WHITE]);
  g_autofree char *black = syn_pair_matrix_describe_choice (variant, &turn->before, SYN_BLACK,
                                                            turn->choice[SYN_BLACK]);
  GString *text = g_string_new (NULL);

  /* Translators: a turn of the review: its number, White's move, Black's move */
  g_string_append_printf (text, _ ("Turn %u: %s and %s."), index + 1, white, black);
  if (t->has_value)
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _ ("Value for White %+.2f."), t->value / 100);
    }
  if (!isnan (t->loss[SYN_WHITE]))
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _ ("White’s move gave away %.2f."), t->loss[SYN_WHITE] / 100);
    }
  if (!isnan (t->loss[SYN_BLACK]))
    {
      g_string_append_c (text, ' ');
      g_string_append_printf (text, _ ("Black’s move gave away %.2f."), t->loss[SYN_BLACK] / 100);
    }
  return g_string_free (text, FALSE);
}

static void
update_details (SynReviewWindow *self)
{
  int turn = self->hover >= 0 ? self->hover : self->selected;
  g_autofree char *text = NULL;

  if (self->turns == NULL)
    return;
  if (turn >= 0)
    text = describe_turn (self, (guint) turn);
  gtk_label_set_text (self->details,
                      text != NULL ? text : _ ("Point at a turn to see its numbers."));
  /* A screen reader reads the turn chosen with the keys with its numbers. */
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart));
}

/* The turn whose column holds x, or -1. */
static int
turn_at (SynReviewWindow *self, double x)
{
  Geometry g;
  int turn;

  if (self->turns == NULL || self->turns->len == 0)
    return -1;
  measure (self, gtk_widget_get_width (GTK_WIDGET (self->chart)),
           gtk_widget_get_height (GTK_WIDGET (self->chart)), &g);
  turn = (int) floor ((x - g.left) / g.step);
  return turn >= 0 && turn < (int) self->turns->len ? turn : -1;
}

static void
on_motion_cb (GtkEventControllerMotion *motion, double x, double y, SynReviewWindow *self)
{
  int turn = turn_at (self, x);

  if (turn != self->hover)
    {
      self->hover = turn;
      update_details (self);
    }
}

static void
on_leave_cb (GtkEventControllerMotion *motion, SynReviewWindow *self)
{
  self->hover = -1;
  update_details (self);
}

static void
on_pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, SynReviewWindow *self)
{
  int turn = turn_at (self, x);

  if (turn < 0)
    return;
  self->selected = turn;
  gtk_widget_grab_focus (GTK_WIDGET (self->chart));
  update_details (self);
  syn_review_window_open_turn (self, (guint) turn);
}

static gboolean
on_key_pressed_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
                   SynReviewWindow *self)
{
  int last = self->turns != NULL ? (int) self->turns->len - 1 : -1;

  if (last < 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
      self->selected = MAX (0, self->selected - 1);
      break;
    case GDK_KEY_Right:
      self->selected = MIN (last, self->selected + 1);
      break;
    case GDK_KEY_Home:
      self->selected = 0;
      break;
    case GDK_KEY_End:
      self->selected = last;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
      if (self->selected >= 0)
        syn_review_window_open_turn (self, (guint) self->selected);
      return TRUE;
    default:
      return FALSE;
    }
  update_details (self);
  return TRUE;
}

GtkWindow *
syn_review_window_open_turn (SynReviewWindow *self, guint turn)
{
  const SynTurn *played;
  SynWhatIf *what_if;

  g_return_val_if_fail (SYN_IS_REVIEW_WINDOW (self), NULL);
  g_return_val_if_fail (turn < syn_game_get_n_turns (self->game), NULL);

  played = syn_game_get_turn (self->game, turn);
  what_if = syn_what_if_new (GTK_WINDOW (self), syn_game_get_variant (self->game), &played->before);
  syn_what_if_select_choices (what_if, played->choice[SYN_WHITE], played->choice[SYN_BLACK]);
  gtk_window_present (GTK_WINDOW (what_if));
  return GTK_WINDOW (what_if);
}

static void
on_progress_cb (guint done, guint total, gpointer user_data)
{
  SynReviewWindow *self = user_data;
  g_autofree char *text = g_strdup_printf (_ ("Turn %u of %u"), done, total);

  gtk_progress_bar_set_fraction (self->progress, (double) done / MAX (total, 1));
  gtk_progress_bar_set_text (self->progress, text);
}

static void
on_reviewed_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (SynReviewWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  GArray *turns = syn_review_compute_finish (result, &error);

  self->computing = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->progress_box), FALSE);
  if (turns == NULL)
    {
      gtk_label_set_text (self->details, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                                             ? _ ("The review was stopped.")
                                             : error->message);
      return;
    }
  self->turns = turns;
  update_details (self);
}

static void
stop_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_cancellable_cancel (SYN_REVIEW_WINDOW (widget)->cancellable);
}

gboolean
syn_review_window_get_computing (SynReviewWindow *self)
{
  g_return_val_if_fail (SYN_IS_REVIEW_WINDOW (self), FALSE);
  return self->computing;
}

GArray *
syn_review_window_get_turns (SynReviewWindow *self)
{
  g_return_val_if_fail (SYN_IS_REVIEW_WINDOW (self), NULL);
  return self->turns;
}

gboolean
syn_review_window_get_point (SynReviewWindow *self, guint turn, GtkWidget **chart,
                             graphene_point_t *point)
{
  const SynReviewTurn *t;
  Geometry g;

  g_return_val_if_fail (SYN_IS_REVIEW_WINDOW (self), FALSE);
  if (self->turns == NULL || turn >= self->turns->len)
    return FALSE;
  t = &g_array_index (self->turns, SynReviewTurn, turn);
  measure (self, gtk_widget_get_width (GTK_WIDGET (self->chart)),
           gtk_widget_get_height (GTK_WIDGET (self->chart)), &g);
  *chart = GTK_WIDGET (self->chart);
  graphene_point_init (point, turn_x (&g, turn), value_y (&g, t->has_value ? t->value : 0));
  return TRUE;
}

static void
syn_review_window_dispose (GObject *object)
{
  SynReviewWindow *self = SYN_REVIEW_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->turns, g_array_unref);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (syn_review_window_parent_class)->dispose (object);
}

static void
syn_review_window_class_init (SynReviewWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_review_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-review-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SynReviewWindow, progress_box);
  gtk_widget_class_bind_template_child (widget_class, SynReviewWindow, progress);
  gtk_widget_class_bind_template_child (widget_class, SynReviewWindow, chart);
  gtk_widget_class_bind_template_child (widget_class, SynReviewWindow, details);

  gtk_widget_class_install_action (widget_class, "review.stop", NULL, stop_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_review_window_init (SynReviewWindow *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->hover = self->selected = -1;
  gtk_drawing_area_set_draw_func (self->chart, draw_chart, self, NULL);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->chart), motion);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->chart), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->chart), key);
}

SynReviewWindow *
syn_review_window_new (GtkWindow *parent, SynGame *game)
{
  SynReviewWindow *self = g_object_new (SYN_TYPE_REVIEW_WINDOW, "transient-for", parent, NULL);

  self->game = g_object_ref (game);
  self->cancellable = g_cancellable_new ();
  self->computing = TRUE;
  gtk_progress_bar_set_text (self->progress, _ ("Reviewing the game…"));
  syn_review_compute_async (game, self->cancellable, on_progress_cb, self, on_reviewed_cb,
                            g_object_ref (self));
  return self;
}
