/* syn-clock.h: the two clocks of a synchronous game (PSC-R11): a player's clock runs only
 * while the opponent has chosen a move and the player has not.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "bitboard.h"
#include "syn-time-control.h"

G_BEGIN_DECLS

#define SYN_TYPE_CLOCK (syn_clock_get_type ())

G_DECLARE_FINAL_TYPE (SynClock, syn_clock, SYN, CLOCK, GObject)

/* Returns the current time in microseconds (g_get_monotonic_time() by default); tests set
 * their own to move time by hand. */
typedef gint64 (*SynTimeSource) (gpointer user_data);

SynClock *syn_clock_new (const SynTimeControl *tc);
void syn_clock_set_time_source (SynClock *self, SynTimeSource source, gpointer user_data);

/* Tells the clock who has chosen; it starts and stops the clocks as PSC-R11 says. */
void syn_clock_set_chosen (SynClock *self, gboolean white_chosen, gboolean black_chosen);

/* The turn was executed: both clocks stop and each player gets the increment. */
void syn_clock_turn_executed (SynClock *self);

/* Stops both clocks for good (the game is over). */
void syn_clock_stop (SynClock *self);

/* Holds both clocks while paused (a dialog covers the board of a game at one computer);
 * unpaused, the clock that PSC-R11 says should run runs again. Time spent paused counts for
 * nobody. */
void syn_clock_set_paused (SynClock *self, gboolean paused);
gboolean syn_clock_is_paused (SynClock *self);

/* Time left, rounded up to the millisecond; -1 for a clock that is not timed. */
gint64 syn_clock_get_remaining_ms (SynClock *self, SynColour colour);
gboolean syn_clock_is_running (SynClock *self, SynColour colour);
gboolean syn_clock_is_timed (SynClock *self);

/* Sets colour's time left (a game resumed from its record); ignored without a clock. */
void syn_clock_set_remaining_ms (SynClock *self, SynColour colour, gint64 ms);

/* True once "flag-fell" has been emitted. */
gboolean syn_clock_has_flag_fallen (SynClock *self);

/* Checks for a flag fall now (also done by a timer while a clock runs). Emits
 * "flag-fell" once, with the colour whose flag fell. */
void syn_clock_check (SynClock *self);

/* Signals: "flag-fell" (SynColour as int), "notify::..." not used; "tick" about 10 times a
 * second while a clock runs, for displays. */

G_END_DECLS
