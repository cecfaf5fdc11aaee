/* syn-clock.c: the two clocks of a synchronous game, run as PSC-R11 says.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-clock"

#include "config.h"

#include "syn-clock.h"

#define TICK_INTERVAL_MS 100
#define NOBODY (-1)

struct _SynClock
{
  GObject parent_instance;

  SynTimeControl tc;
  SynTimeSource source;
  gpointer source_data;

  /* Time left in microseconds, as it stood when the running clock (if any) last started. */
  gint64 remaining_us[2];
  int running;       /* SYN_WHITE, SYN_BLACK or NOBODY */
  gint64 started_at; /* time source reading when the running clock started */
  gboolean stopped;  /* for good: the game is over or a flag fell */
  int wanted;        /* who runs by PSC-R11 when not paused: SYN_WHITE, SYN_BLACK or NOBODY */
  gboolean paused;   /* a dialog covers the board: nobody's clock runs */
  gboolean flag_fell;

  guint flag_timeout_id;
  guint tick_timeout_id;
};

G_DEFINE_FINAL_TYPE (SynClock, syn_clock, G_TYPE_OBJECT)

enum
{
  FLAG_FELL,
  TICK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gint64
now (SynClock *self)
{
  if (self->source)
    return self->source (self->source_data);
  return g_get_monotonic_time ();
}

/* The running clock's time left right now, which may be negative once its flag has fallen. */
static gint64
running_remaining_us (SynClock *self)
{
  g_assert (self->running != NOBODY);
  return self->remaining_us[self->running] - (now (self) - self->started_at);
}

static gboolean on_flag_timeout_cb (gpointer user_data);
static gboolean on_tick_timeout_cb (gpointer user_data);

static void
schedule_flag_timeout (SynClock *self)
{
  gint64 left_us = MAX (running_remaining_us (self), 0);
  /* Round up: a timeout that fires early finds no flag fall and has to be scheduled again. */
  guint64 left_ms = (guint64) (left_us + 999) / 1000;

  g_clear_handle_id (&self->flag_timeout_id, g_source_remove);
  self->flag_timeout_id
      = g_timeout_add ((guint) MIN (left_ms, (guint64) G_MAXUINT), on_flag_timeout_cb, self);
}

/* Stops the running clock, keeping what it has used. */
static void
settle (SynClock *self)
{
  if (self->running == NOBODY)
    return;
  self->remaining_us[self->running] = MAX (running_remaining_us (self), 0);
  self->running = NOBODY;
  g_clear_handle_id (&self->flag_timeout_id, g_source_remove);
  g_clear_handle_id (&self->tick_timeout_id, g_source_remove);
}

static void
run (SynClock *self, SynColour colour)
{
  g_assert (self->running == NOBODY);
  self->running = colour;
  self->started_at = now (self);
  schedule_flag_timeout (self);
  self->tick_timeout_id = g_timeout_add (TICK_INTERVAL_MS, on_tick_timeout_cb, self);
}

static gboolean
on_flag_timeout_cb (gpointer user_data)
{
  SynClock *self = user_data;
  g_autoptr (SynClock) hold = g_object_ref (self); /* a "flag-fell" handler may drop it */

  self->flag_timeout_id = 0;
  syn_clock_check (self);
  /* The timer fired a little before the clock reached 0 (or the time source is not the
   * monotonic clock): wait for the rest. */
  if (self->running != NOBODY && self->flag_timeout_id == 0)
    schedule_flag_timeout (self);
  return G_SOURCE_REMOVE;
}

static gboolean
on_tick_timeout_cb (gpointer user_data)
{
  SynClock *self = user_data;
  g_autoptr (SynClock) hold = g_object_ref (self);

  syn_clock_check (self);
  if (self->running == NOBODY)
    return G_SOURCE_REMOVE; /* settle() has cleared the id */
  g_signal_emit (self, signals[TICK], 0);
  return G_SOURCE_CONTINUE;
}

static void
syn_clock_dispose (GObject *object)
{
  SynClock *self = SYN_CLOCK (object);

  g_clear_handle_id (&self->flag_timeout_id, g_source_remove);
  g_clear_handle_id (&self->tick_timeout_id, g_source_remove);
  G_OBJECT_CLASS (syn_clock_parent_class)->dispose (object);
}

static void
syn_clock_class_init (SynClockClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = syn_clock_dispose;

  signals[FLAG_FELL] = g_signal_new ("flag-fell", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[TICK] = g_signal_new ("tick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                NULL, G_TYPE_NONE, 0);
}

static void
syn_clock_init (SynClock *self)
{
  self->running = NOBODY;
  self->wanted = NOBODY;
}

SynClock *
syn_clock_new (const SynTimeControl *tc)
{
  SynClock *self = g_object_new (SYN_TYPE_CLOCK, NULL);

  if (tc && tc->initial_ms > 0)
    self->tc = *tc;
  self->remaining_us[SYN_WHITE] = self->remaining_us[SYN_BLACK] = self->tc.initial_ms * 1000;
  return self;
}

void
syn_clock_set_time_source (SynClock *self, SynTimeSource source, gpointer user_data)
{
  int was_running;

  g_return_if_fail (SYN_IS_CLOCK (self));

  /* Time used so far is measured with the old source, the rest with the new one. */
  was_running = self->running;
  settle (self);
  self->source = source;
  self->source_data = user_data;
  if (was_running != NOBODY)
    run (self, (SynColour) was_running);
}

void
syn_clock_set_chosen (SynClock *self, gboolean white_chosen, gboolean black_chosen)
{
  int should_run = NOBODY;

  g_return_if_fail (SYN_IS_CLOCK (self));

  /* A flag that fell while nobody looked falls before anything else happens. */
  syn_clock_check (self);
  if (self->stopped || self->tc.initial_ms == 0)
    return;

  /* PSC-R11: a player's clock runs only while the opponent has chosen and the player has
   * not. */
  if (white_chosen && !black_chosen)
    should_run = SYN_BLACK;
  else if (black_chosen && !white_chosen)
    should_run = SYN_WHITE;
  self->wanted = should_run;
  if (self->paused)
    should_run = NOBODY;
  if (should_run == self->running)
    return;
  settle (self);
  if (should_run != NOBODY)
    run (self, (SynColour) should_run);
}

void
syn_clock_turn_executed (SynClock *self)
{
  g_return_if_fail (SYN_IS_CLOCK (self));

  syn_clock_check (self);
  if (self->stopped || self->tc.initial_ms == 0)
    return;
  settle (self);
  self->wanted = NOBODY;
  /* PSC-R11: each player's increment comes when their move is executed. */
  self->remaining_us[SYN_WHITE] += self->tc.increment_ms * 1000;
  self->remaining_us[SYN_BLACK] += self->tc.increment_ms * 1000;
}

void
syn_clock_stop (SynClock *self)
{
  g_return_if_fail (SYN_IS_CLOCK (self));

  settle (self);
  self->stopped = TRUE;
}

void
syn_clock_set_remaining_ms (SynClock *self, SynColour colour, gint64 ms)
{
  g_return_if_fail (SYN_IS_CLOCK (self));
  g_return_if_fail (colour == SYN_WHITE || colour == SYN_BLACK);
  g_return_if_fail (ms >= 0);

  if (self->tc.initial_ms == 0)
    return;
  if (self->running == (int) colour)
    {
      settle (self);
      self->remaining_us[colour] = ms * 1000;
      run (self, colour);
    }
  else
    self->remaining_us[colour] = ms * 1000;
}

void
syn_clock_set_paused (SynClock *self, gboolean paused)
{
  g_return_if_fail (SYN_IS_CLOCK (self));

  paused = !!paused;
  if (paused == self->paused)
    return;
  /* A flag that fell before the dialog opened falls now, not after it closes. */
  syn_clock_check (self);
  self->paused = paused;
  if (self->stopped)
    return;
  if (paused)
    settle (self);
  else if (self->wanted != NOBODY && self->running == NOBODY)
    run (self, (SynColour) self->wanted);
}

gboolean
syn_clock_is_paused (SynClock *self)
{
  g_return_val_if_fail (SYN_IS_CLOCK (self), FALSE);

  return self->paused;
}

gint64
syn_clock_get_remaining_ms (SynClock *self, SynColour colour)
{
  gint64 us;

  g_return_val_if_fail (SYN_IS_CLOCK (self), -1);
  g_return_val_if_fail (colour == SYN_WHITE || colour == SYN_BLACK, -1);

  if (self->tc.initial_ms == 0)
    return -1;
  us = self->running == (int) colour ? running_remaining_us (self) : self->remaining_us[colour];
  /* Rounded up, so a clock shows 0 only once its flag has fallen. */
  return (MAX (us, 0) + 999) / 1000;
}

gboolean
syn_clock_is_running (SynClock *self, SynColour colour)
{
  g_return_val_if_fail (SYN_IS_CLOCK (self), FALSE);

  return self->running == (int) colour;
}

gboolean
syn_clock_is_timed (SynClock *self)
{
  g_return_val_if_fail (SYN_IS_CLOCK (self), FALSE);

  return self->tc.initial_ms > 0;
}

gboolean
syn_clock_has_flag_fallen (SynClock *self)
{
  g_return_val_if_fail (SYN_IS_CLOCK (self), FALSE);

  return self->flag_fell;
}

void
syn_clock_check (SynClock *self)
{
  SynColour colour;

  g_return_if_fail (SYN_IS_CLOCK (self));

  if (self->running == NOBODY || running_remaining_us (self) > 0)
    return;
  /* PSC-R11: a flag fall loses. Only one clock runs at a time, so only one flag falls. */
  colour = (SynColour) self->running;
  settle (self);
  self->remaining_us[colour] = 0;
  self->stopped = TRUE;
  self->flag_fell = TRUE;
  g_signal_emit (self, signals[FLAG_FELL], 0, (int) colour);
}
