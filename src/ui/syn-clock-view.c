/* syn-clock-view.c: both players' clocks (PSC-R11) and whether each has chosen a move.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-clock-view"

#include "config.h"

#include "syn-clock-view.h"

#include <glib/gi18n.h>

/* The clock's "tick" drives the display; these timers only catch what it does not announce
 * (an increment after a turn, a flag checked elsewhere), so they can be slow. */
#define FALLBACK_RUNNING_MS 250
#define FALLBACK_IDLE_MS 1000

struct _SynClockView
{
  GtkWidget parent_instance;

  /* template widgets */
  GtkWidget *boxes[2];
  GtkLabel *times[2];
  GtkLabel *chosen_labels[2];
  GtkWidget *no_clock_label;

  /* owned */
  SynClock *clock;
  guint fallback_id;

  guint fallback_interval;
  gboolean chosen[2];
  gboolean waiting[2];
  gboolean over; /* nobody thinks any more */
  int result;    /* SynResult once the game is over: each side reads its own */
  gboolean flipped;
};

G_DEFINE_FINAL_TYPE (SynClockView, syn_clock_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CLOCK,
  PROP_FLIPPED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (SynClockView *self);

char *
syn_clock_view_format_time (gint64 remaining_ms)
{
  gint64 seconds;

  remaining_ms = MAX (remaining_ms, 0);
  /* Clocks round down, so "0:00" means the flag has really fallen. Tenths matter only in
   * the last seconds, where they would otherwise make the display flicker for nothing. */
  if (remaining_ms < 10000)
    return g_strdup_printf ("0:%02d.%d", (int) (remaining_ms / 1000),
                            (int) (remaining_ms % 1000 / 100));

  seconds = remaining_ms / 1000;
  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (seconds / 3600), (int) (seconds / 60 % 60),
                            (int) (seconds % 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}

static void
set_css_class (GtkWidget *widget, const char *css_class, gboolean set)
{
  if (set)
    gtk_widget_add_css_class (widget, css_class);
  else
    gtk_widget_remove_css_class (widget, css_class);
}

static void
set_label (GtkLabel *label, const char *text)
{
  /* Most refreshes change nothing; skipping them spares a relayout. */
  if (g_strcmp0 (gtk_label_get_label (label), text) != 0)
    gtk_label_set_label (label, text);
}

static gboolean
on_fallback_timeout_cb (gpointer user_data)
{
  refresh (SYN_CLOCK_VIEW (user_data));
  return G_SOURCE_CONTINUE;
}

static void
update_fallback (SynClockView *self, gboolean timed, gboolean running)
{
  guint interval = 0;

  if (timed && gtk_widget_get_mapped (GTK_WIDGET (self)))
    interval = running ? FALLBACK_RUNNING_MS : FALLBACK_IDLE_MS;
  if (interval == self->fallback_interval)
    return;

  g_clear_handle_id (&self->fallback_id, g_source_remove);
  self->fallback_interval = interval;
  if (interval != 0)
    self->fallback_id = g_timeout_add (interval, on_fallback_timeout_cb, self);
}

/* After the game each clock tells its side's result, where "Thinking…" stood. */
static const char *
result_text (int result, SynColour side)
{
  switch (result)
    {
    case SYN_RESULT_WHITE_WINS:
      return side == SYN_WHITE ? _ ("Won") : _ ("Lost");
    case SYN_RESULT_BLACK_WINS:
      return side == SYN_BLACK ? _ ("Won") : _ ("Lost");
    case SYN_RESULT_DRAW:
      return _ ("Drawn");
    default:
      return "";
    }
}

static void
refresh (SynClockView *self)
{
  gboolean timed = self->clock != NULL && syn_clock_is_timed (self->clock);
  gboolean any_running = FALSE;

  gtk_widget_set_visible (self->no_clock_label, !timed);
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      gboolean running = timed && syn_clock_is_running (self->clock, (SynColour) side);
      gboolean low = FALSE;

      gtk_widget_set_visible (GTK_WIDGET (self->times[side]), timed);
      if (timed)
        {
          gint64 remaining = syn_clock_get_remaining_ms (self->clock, (SynColour) side);
          g_autofree char *text = syn_clock_view_format_time (remaining);

          set_label (self->times[side], text);
          low = remaining < SYN_CLOCK_VIEW_LOW_TIME_MS;
        }
      set_css_class (self->boxes[side], "running", running);
      set_css_class (self->boxes[side], "low-time", low);
      gtk_widget_set_visible (GTK_WIDGET (self->chosen_labels[side]),
                              !self->over || self->result != SYN_RESULT_NONE);
      if (self->over)
        set_label (self->chosen_labels[side], result_text (self->result, (SynColour) side));
      else
        set_label (self->chosen_labels[side], self->waiting[side]  ? _ ("Waits this step")
                                              : self->chosen[side] ? _ ("Chosen")
                                                                   : _ ("Thinking…"));
      any_running |= running;
    }
  update_fallback (self, timed, any_running);
}

static void
on_clock_changed_cb (SynClockView *self)
{
  refresh (self);
}

static void
place_clocks (SynClockView *self)
{
  /* The clock of the side at the bottom of the board goes at the bottom, next to it. */
  SynColour bottom = self->flipped ? SYN_BLACK : SYN_WHITE;

  gtk_widget_insert_before (self->boxes[!bottom], GTK_WIDGET (self), self->no_clock_label);
  gtk_widget_insert_after (self->boxes[bottom], GTK_WIDGET (self), self->no_clock_label);
}

static void
syn_clock_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (syn_clock_view_parent_class)->map (widget);
  refresh (SYN_CLOCK_VIEW (widget));
}

static void
syn_clock_view_unmap (GtkWidget *widget)
{
  SynClockView *self = SYN_CLOCK_VIEW (widget);

  /* Nobody sees the clocks: no reason to wake up for them. */
  g_clear_handle_id (&self->fallback_id, g_source_remove);
  self->fallback_interval = 0;
  GTK_WIDGET_CLASS (syn_clock_view_parent_class)->unmap (widget);
}

static void
syn_clock_view_dispose (GObject *object)
{
  SynClockView *self = SYN_CLOCK_VIEW (object);

  g_clear_handle_id (&self->fallback_id, g_source_remove);
  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  gtk_widget_dispose_template (GTK_WIDGET (self), SYN_TYPE_CLOCK_VIEW);

  G_OBJECT_CLASS (syn_clock_view_parent_class)->dispose (object);
}

static void
syn_clock_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynClockView *self = SYN_CLOCK_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_clock_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SynClockView *self = SYN_CLOCK_VIEW (object);

  switch (prop_id)
    {
    case PROP_CLOCK:
      syn_clock_view_set_clock (self, g_value_get_object (value));
      break;
    case PROP_FLIPPED:
      syn_clock_view_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_clock_view_class_init (SynClockViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_clock_view_dispose;
  object_class->get_property = syn_clock_view_get_property;
  object_class->set_property = syn_clock_view_set_property;
  widget_class->map = syn_clock_view_map;
  widget_class->unmap = syn_clock_view_unmap;

  properties[PROP_CLOCK]
      = g_param_spec_object ("clock", NULL, NULL, SYN_TYPE_CLOCK,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FLIPPED]
      = g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-clock-view.ui");
  gtk_widget_class_bind_template_child_full (widget_class, "white_box", FALSE,
                                             G_STRUCT_OFFSET (SynClockView, boxes[SYN_WHITE]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_box", FALSE,
                                             G_STRUCT_OFFSET (SynClockView, boxes[SYN_BLACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "white_time", FALSE,
                                             G_STRUCT_OFFSET (SynClockView, times[SYN_WHITE]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_time", FALSE,
                                             G_STRUCT_OFFSET (SynClockView, times[SYN_BLACK]));
  gtk_widget_class_bind_template_child_full (
      widget_class, "white_chosen", FALSE,
      G_STRUCT_OFFSET (SynClockView, chosen_labels[SYN_WHITE]));
  gtk_widget_class_bind_template_child_full (
      widget_class, "black_chosen", FALSE,
      G_STRUCT_OFFSET (SynClockView, chosen_labels[SYN_BLACK]));
  gtk_widget_class_bind_template_child (widget_class, SynClockView, no_clock_label);

  gtk_widget_class_set_css_name (widget_class, "clockview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
syn_clock_view_init (SynClockView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  refresh (self);
}

GtkWidget *
syn_clock_view_new (void)
{
  return g_object_new (SYN_TYPE_CLOCK_VIEW, NULL);
}

void
syn_clock_view_set_clock (SynClockView *self, SynClock *clock)
{
  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));
  g_return_if_fail (clock == NULL || SYN_IS_CLOCK (clock));

  if (self->clock == clock)
    return;

  if (self->clock != NULL)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_set_object (&self->clock, clock);
  if (clock != NULL)
    {
      g_signal_connect_object (clock, "tick", G_CALLBACK (on_clock_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (clock, "flag-fell", G_CALLBACK (on_clock_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

SynClock *
syn_clock_view_get_clock (SynClockView *self)
{
  g_return_val_if_fail (SYN_IS_CLOCK_VIEW (self), NULL);
  return self->clock;
}

void
syn_clock_view_set_flipped (SynClockView *self, gboolean flipped)
{
  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  place_clocks (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
syn_clock_view_get_flipped (SynClockView *self)
{
  g_return_val_if_fail (SYN_IS_CLOCK_VIEW (self), FALSE);
  return self->flipped;
}

void
syn_clock_view_set_chosen (SynClockView *self, gboolean white, gboolean black)
{
  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));

  self->chosen[SYN_WHITE] = !!white;
  self->chosen[SYN_BLACK] = !!black;
  /* A choice is when clocks start and stop (PSC-R11), so the times are redrawn too. */
  refresh (self);
}

void
syn_clock_view_set_waiting (SynClockView *self, gboolean white, gboolean black)
{
  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));

  self->waiting[SYN_WHITE] = !!white;
  self->waiting[SYN_BLACK] = !!black;
  refresh (self);
}

void
syn_clock_view_set_over (SynClockView *self, gboolean over)
{
  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));

  self->over = !!over;
  refresh (self);
}

void
syn_clock_view_set_result (SynClockView *self, SynResult result)
{
  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));

  self->result = (int) result;
  self->over = result != SYN_RESULT_NONE;
  refresh (self);
}

void
syn_clock_view_set_orientation (SynClockView *self, GtkOrientation orientation)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  g_return_if_fail (SYN_IS_CLOCK_VIEW (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), orientation);
}
