/* syn-clock-view.h: both players' clocks and whether each has chosen a move, for the side
 * panel beside the board.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "outcome.h"
#include "syn-clock.h"

G_BEGIN_DECLS

/* Below this a clock shows the "low-time" style. */
#define SYN_CLOCK_VIEW_LOW_TIME_MS 20000

#define SYN_TYPE_CLOCK_VIEW (syn_clock_view_get_type ())

G_DECLARE_FINAL_TYPE (SynClockView, syn_clock_view, SYN, CLOCK_VIEW, GtkWidget)

GtkWidget *syn_clock_view_new (void);

/* Vertical (one clock above the other, the default) or horizontal (side by side, for a
 * panel below the board). */
void syn_clock_view_set_orientation (SynClockView *self, GtkOrientation orientation);

/* clock may be NULL, or untimed: the view then says "No clock". */
void syn_clock_view_set_clock (SynClockView *self, SynClock *clock);
SynClock *syn_clock_view_get_clock (SynClockView *self);

/* Puts Black's clock at the bottom (for a board seen from Black's side) instead of White's. */
void syn_clock_view_set_flipped (SynClockView *self, gboolean flipped);
gboolean syn_clock_view_get_flipped (SynClockView *self);

/* Shows which sides have chosen their move this turn ("Chosen" or "Thinking…"). */
void syn_clock_view_set_chosen (SynClockView *self, gboolean white, gboolean black);

/* Shows which sides the rules ask nothing of this step ("Waits this step": HK's blows,
 * Transactional's other side); it stands over "Chosen". */
void syn_clock_view_set_waiting (SynClockView *self, gboolean white, gboolean black);

/* Once the game is over neither side thinks or chooses: the labels that said so go. */
void syn_clock_view_set_over (SynClockView *self, gboolean over);
/* The game's result (SYN_RESULT_NONE while it goes on): once over, each side reads "Won",
 * "Lost" or "Drawn" instead of "Thinking…". */
void syn_clock_view_set_result (SynClockView *self, SynResult result);

/* "2:59", "1:02:03", and tenths under ten seconds: "0:09.5". Never negative. */
char *syn_clock_view_format_time (gint64 remaining_ms);

G_END_DECLS
