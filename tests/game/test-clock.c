/* test-clock.c: the clocks of a synchronous game (PSC-R11), driven by a fake time source.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "syn-clock.h"

typedef struct
{
  gint64 now_us;
  int flags[2]; /* "flag-fell" emissions per colour */
  int n_ticks;
} Fixture;

static gint64
fake_time (gpointer user_data)
{
  Fixture *fixture = user_data;
  return fixture->now_us;
}

static void
advance_ms (Fixture *fixture, gint64 ms)
{
  fixture->now_us += ms * 1000;
}

static void
on_flag_fell_cb (SynClock *clock, int colour, Fixture *fixture)
{
  fixture->flags[colour]++;
}

static void
on_tick_cb (SynClock *clock, Fixture *fixture)
{
  fixture->n_ticks++;
}

static SynClock *
make_clock (Fixture *fixture, gint64 initial_ms, gint64 increment_ms)
{
  SynTimeControl tc = { initial_ms, increment_ms };
  SynClock *clock = syn_clock_new (&tc);

  fixture->now_us = 1000 * G_USEC_PER_SEC; /* any start will do */
  syn_clock_set_time_source (clock, fake_time, fixture);
  g_signal_connect (clock, "flag-fell", G_CALLBACK (on_flag_fell_cb), fixture);
  g_signal_connect (clock, "tick", G_CALLBACK (on_tick_cb), fixture);
  return clock;
}

/* PSC-R11: only the clock of a player whose opponent has chosen, and who has not, runs. */
static void
test_runs_only_while_opponent_has_chosen (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 180000, 2000);

  g_assert_true (syn_clock_is_timed (clock));
  syn_clock_set_chosen (clock, FALSE, FALSE);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 10000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 180000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 180000);

  /* White has chosen: Black's clock runs. */
  syn_clock_set_chosen (clock, TRUE, FALSE);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_true (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 5000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 180000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 175000);

  /* Both have chosen: nobody's clock runs. */
  syn_clock_set_chosen (clock, TRUE, TRUE);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 5000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 175000);

  /* Only Black has chosen: White's clock runs. */
  syn_clock_set_chosen (clock, FALSE, TRUE);
  g_assert_true (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 1500);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 178500);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 175000);
}

/* PSC-R11: each player's increment is added when the turn is executed. */
static void
test_increment_when_turn_executed (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 180000, 2000);

  syn_clock_set_chosen (clock, TRUE, FALSE);
  advance_ms (&fixture, 7000);
  syn_clock_set_chosen (clock, TRUE, TRUE);
  syn_clock_turn_executed (clock);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 182000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 175000);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
}

/* PSC-R11: the flag falls when the running clock reaches 0, not a microsecond earlier. */
static void
test_flag_falls_exactly_at_zero (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 1000, 0);

  syn_clock_set_chosen (clock, FALSE, TRUE);
  advance_ms (&fixture, 999);
  fixture.now_us += 999;
  syn_clock_check (clock);
  g_assert_cmpint (fixture.flags[SYN_WHITE], ==, 0);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 1);
  g_assert_true (syn_clock_is_running (clock, SYN_WHITE));

  fixture.now_us += 1;
  syn_clock_check (clock);
  g_assert_cmpint (fixture.flags[SYN_WHITE], ==, 1);
  g_assert_cmpint (fixture.flags[SYN_BLACK], ==, 0);
  g_assert_true (syn_clock_has_flag_fallen (clock));
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 0);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
}

static void
test_flag_falls_once (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 1000, 0);

  syn_clock_set_chosen (clock, TRUE, FALSE);
  advance_ms (&fixture, 5000);
  syn_clock_check (clock);
  syn_clock_check (clock);
  advance_ms (&fixture, 5000);
  syn_clock_check (clock);
  g_assert_cmpint (fixture.flags[SYN_BLACK], ==, 1);

  /* A fallen flag stops the clocks for good. */
  syn_clock_set_chosen (clock, FALSE, TRUE);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  syn_clock_turn_executed (clock);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 0);
  g_assert_cmpint (fixture.flags[SYN_BLACK], ==, 1);
}

/* A flag that fell while nobody checked falls before the clocks change hands. */
static void
test_flag_checked_before_change (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 1000, 500);

  syn_clock_set_chosen (clock, TRUE, FALSE);
  advance_ms (&fixture, 1200);
  syn_clock_set_chosen (clock, TRUE, TRUE);
  g_assert_cmpint (fixture.flags[SYN_BLACK], ==, 1);
  syn_clock_turn_executed (clock);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 0);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 1000);
}

/* An initial time of 0 means no clock: it never runs and no flag falls. */
static void
test_untimed_never_runs (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 0, 0);
  g_autoptr (SynClock) without = syn_clock_new (NULL);

  g_assert_false (syn_clock_is_timed (clock));
  g_assert_false (syn_clock_is_timed (without));
  syn_clock_set_chosen (clock, TRUE, FALSE);
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 1000000);
  syn_clock_check (clock);
  syn_clock_turn_executed (clock);
  g_assert_cmpint (fixture.flags[SYN_WHITE] + fixture.flags[SYN_BLACK], ==, 0);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, -1);
  g_assert_cmpint (syn_clock_get_remaining_ms (without, SYN_BLACK), ==, -1);
}

static void
test_stop_is_for_good (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 60000, 1000);

  syn_clock_set_chosen (clock, TRUE, FALSE);
  advance_ms (&fixture, 2000);
  syn_clock_stop (clock);
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 100000);
  syn_clock_set_chosen (clock, FALSE, TRUE);
  syn_clock_turn_executed (clock);
  syn_clock_check (clock);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 60000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 58000);
  g_assert_cmpint (fixture.flags[SYN_WHITE] + fixture.flags[SYN_BLACK], ==, 0);
}

static void
test_set_remaining (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 60000, 0);

  syn_clock_set_remaining_ms (clock, SYN_WHITE, 1234);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 1234);
  syn_clock_set_chosen (clock, FALSE, TRUE);
  advance_ms (&fixture, 234);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 1000);
  syn_clock_set_remaining_ms (clock, SYN_WHITE, 500);
  advance_ms (&fixture, 499);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 1);
  advance_ms (&fixture, 1);
  syn_clock_check (clock);
  g_assert_cmpint (fixture.flags[SYN_WHITE], ==, 1);
}

static gboolean
quit_loop_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_flag_fell_quit_cb (SynClock *clock, int colour, GMainLoop *loop)
{
  g_main_loop_quit (loop);
}

/* With the real time source, a timer makes the flag fall without anyone checking. */
static void
test_flag_timer_fires (void)
{
  Fixture fixture = { 0 };
  SynTimeControl tc = { 50, 0 };
  g_autoptr (SynClock) clock = syn_clock_new (&tc);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  guint safety = g_timeout_add_seconds (10, quit_loop_cb, loop);
  gint64 started = g_get_monotonic_time ();

  g_signal_connect (clock, "flag-fell", G_CALLBACK (on_flag_fell_cb), &fixture);
  g_signal_connect (clock, "flag-fell", G_CALLBACK (on_flag_fell_quit_cb), loop);
  syn_clock_set_chosen (clock, TRUE, FALSE);
  g_main_loop_run (loop);
  g_source_remove (safety);

  g_assert_cmpint (fixture.flags[SYN_BLACK], ==, 1);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, 50000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 0);
}

/* "tick" comes about ten times a second while a clock runs, and never while none does. */
static void
test_ticks_while_running (void)
{
  Fixture fixture = { 0 };
  SynTimeControl tc = { 60000, 0 };
  g_autoptr (SynClock) clock = syn_clock_new (&tc);
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_signal_connect (clock, "tick", G_CALLBACK (on_tick_cb), &fixture);
  g_timeout_add (350, quit_loop_cb, loop);
  g_main_loop_run (loop);
  g_assert_cmpint (fixture.n_ticks, ==, 0);

  syn_clock_set_chosen (clock, FALSE, TRUE);
  g_timeout_add (350, quit_loop_cb, loop);
  g_main_loop_run (loop);
  g_assert_cmpint (fixture.n_ticks, >=, 2);

  syn_clock_set_chosen (clock, TRUE, TRUE);
  fixture.n_ticks = 0;
  g_timeout_add (250, quit_loop_cb, loop);
  g_main_loop_run (loop);
  g_assert_cmpint (fixture.n_ticks, ==, 0);
}

/* Paused, no clock runs, whoever has chosen meanwhile; unpaused, the one PSC-R11 names
 * runs again, and the time paused counts for nobody. */
static void
test_pause_holds_both (void)
{
  Fixture fixture = { 0 };
  g_autoptr (SynClock) clock = make_clock (&fixture, 180000, 2000);

  syn_clock_set_chosen (clock, FALSE, TRUE);
  advance_ms (&fixture, 1000);
  syn_clock_set_paused (clock, TRUE);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  advance_ms (&fixture, 5000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 179000);
  /* A choice made behind the dialog (the computer's) starts nothing yet. */
  syn_clock_set_chosen (clock, TRUE, FALSE);
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 5000);
  syn_clock_set_paused (clock, FALSE);
  g_assert_true (syn_clock_is_running (clock, SYN_BLACK));
  advance_ms (&fixture, 500);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 179500);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 179000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/clock/runs-only-while-opponent-has-chosen",
                   test_runs_only_while_opponent_has_chosen);
  g_test_add_func ("/game/clock/increment-when-turn-executed", test_increment_when_turn_executed);
  g_test_add_func ("/game/clock/flag-falls-exactly-at-zero", test_flag_falls_exactly_at_zero);
  g_test_add_func ("/game/clock/flag-falls-once", test_flag_falls_once);
  g_test_add_func ("/game/clock/flag-checked-before-change", test_flag_checked_before_change);
  g_test_add_func ("/game/clock/untimed-never-runs", test_untimed_never_runs);
  g_test_add_func ("/game/clock/stop-is-for-good", test_stop_is_for_good);
  g_test_add_func ("/game/clock/set-remaining", test_set_remaining);
  g_test_add_func ("/game/clock/flag-timer-fires", test_flag_timer_fires);
  g_test_add_func ("/game/clock/ticks-while-running", test_ticks_while_running);
  g_test_add_func ("/game/clock/pause-holds-both", test_pause_holds_both);
  return g_test_run ();
}
