/* syn-stall-meter.c: a timer that notices when it fires late, which is when the program did
 * not run.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-stall-meter.h"

/* Often enough that a stall is seen to within a tenth of a second; a late firing by less
 * than the jitter allowance is the main loop's ordinary delay, not a stall. */
#define BEAT_MS 100
#define JITTER_MS 30
#define N_STALLS 16

typedef struct
{
  gint64 end_us;
  gint64 length_us;
} Stall;

struct _SynStallMeter
{
  GSource *source;
  gint64 last_beat_us;
  Stall stalls[N_STALLS]; /* a ring of the latest ones */
  guint next;
};

static gint64
late_us (gint64 last_us, gint64 now_us)
{
  gint64 late = now_us - last_us - BEAT_MS * 1000;

  return late > JITTER_MS * 1000 ? late : 0;
}

static gboolean
on_beat_cb (gpointer user_data)
{
  SynStallMeter *meter = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 late = late_us (meter->last_beat_us, now);

  if (late > 0)
    {
      meter->stalls[meter->next] = (Stall){ now, late };
      meter->next = (meter->next + 1) % N_STALLS;
    }
  meter->last_beat_us = now;
  return G_SOURCE_CONTINUE;
}

SynStallMeter *
syn_stall_meter_new (void)
{
  SynStallMeter *meter = g_new0 (SynStallMeter, 1);

  meter->last_beat_us = g_get_monotonic_time ();
  meter->source = g_timeout_source_new (BEAT_MS);
  g_source_set_callback (meter->source, on_beat_cb, meter, NULL);
  g_source_set_static_name (meter->source, "syn-stall-meter");
  g_source_attach (meter->source, g_main_context_get_thread_default ());
  return meter;
}

void
syn_stall_meter_free (SynStallMeter *meter)
{
  if (!meter)
    return;
  g_source_destroy (meter->source);
  g_source_unref (meter->source);
  g_free (meter);
}

gint64
syn_stall_meter_since (SynStallMeter *meter, gint64 since_us)
{
  gint64 now = g_get_monotonic_time ();
  /* A stall that has just ended but whose late beat the main loop has not run yet. */
  gint64 total = late_us (meter->last_beat_us, now);

  for (guint i = 0; i < N_STALLS; i++)
    if (meter->stalls[i].length_us > 0 && meter->stalls[i].end_us >= since_us)
      total += meter->stalls[i].length_us;
  return total / 1000;
}
