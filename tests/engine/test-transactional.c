/* test-transactional.c: the Transactional Chess rulings (TX-R1 to R14) and their worked
 * examples, one behaviour per test, named by ruling.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "transactional.h"
#include "variant.h"

#define TX (&syn_variant_transactional)

/* Helpers ------------------------------------------------------------------------------ */

static SynState
load (const char *fen)
{
  SynState state;
  SynFenError error = { 0, "" };
  gboolean ok = TX->read_state (fen, &state, &error);
  if (!ok)
    g_test_message ("refused %s: %s", fen, error.message);
  g_assert_true (ok);
  return state;
}

static void
assert_fen (const SynState *state, const char *expected)
{
  char fen[SYN_FEN_MAX_SIZE];
  TX->write_state (state, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, expected);
}

static SynColour
mover (const SynState *state)
{
  return (SynColour) state->board.side_to_move;
}

/* The mover's choice written text; fails the test when it is not among the choices. */
static SynChoice
choice (const SynState *state, const char *text)
{
  SynChoice found = syn_variant_choice_from_text (TX, state, mover (state), text);
  if (found == SYN_CHOICE_NONE)
    g_test_message ("%s is not a choice", text);
  g_assert_cmpuint (found, !=, SYN_CHOICE_NONE);
  return found;
}

static SynState
play (const SynState *state, const char *text)
{
  SynState next;
  SynChoice chosen = choice (state, text);
  if (mover (state) == SYN_WHITE)
    TX->apply (state, chosen, SYN_CHOICE_NONE, &next);
  else
    TX->apply (state, SYN_CHOICE_NONE, chosen, &next);
  return next;
}

static gboolean
is_choice (const SynState *state, SynColour side, const char *text)
{
  return syn_variant_choice_from_text (TX, state, side, text) != SYN_CHOICE_NONE;
}

/* The choices of the mover that start with prefix, as one text: "g1f3 g1f3/commit". */
static char *
choices_of (const SynState *state, const char *prefix)
{
  SynChoice choices[SYN_MAX_CHOICES];
  GString *text = g_string_new (NULL);
  int n = TX->choices (state, mover (state), choices);
  for (int i = 0; i < n; i++)
    {
      char buf[SYN_CHOICE_TEXT_SIZE];
      TX->choice_to_text (state, choices[i], buf);
      if (g_str_has_prefix (buf, prefix))
        g_string_append_printf (text, "%s%s", text->len ? " " : "", buf);
    }
  return g_string_free (text, FALSE);
}

static void
assert_choices (const SynState *state, const char *prefix, const char *expected)
{
  g_autofree char *found = choices_of (state, prefix);
  g_assert_cmpstr (found, ==, expected);
}

static void
assert_outcome (const SynState *state, SynResult result, SynReason reason)
{
  SynOutcome outcome = TX->outcome (state);
  g_assert_cmpint (outcome.result, ==, result);
  g_assert_cmpint (outcome.reason, ==, reason);
  if (result != SYN_RESULT_NONE)
    g_assert_cmpuint (TX->count_joint_choices (state), ==, 0);
}

static void
assert_announcement (const SynState *before, const SynState *after, const char *expected)
{
  char text[SYN_TX_ANNOUNCEMENT_SIZE];
  syn_tx_announcement (before, after, mover (before), text, sizeof text);
  g_assert_cmpstr (text, ==, expected);
}

static int
count_events (const SynState *before, const char *text, const SynState *after, SynEventKind kind,
              SynEvent *found)
{
  SynEvent events[SYN_MAX_EVENTS];
  SynChoice chosen = choice (before, text);
  int n, matches = 0;
  if (mover (before) == SYN_WHITE)
    n = TX->events (before, chosen, SYN_CHOICE_NONE, after, events);
  else
    n = TX->events (before, SYN_CHOICE_NONE, chosen, after, events);
  for (int i = 0; i < n; i++)
    if (events[i].kind == kind)
      {
        if (found)
          *found = events[i];
        matches++;
      }
  return matches;
}

/* Worked examples ---------------------------------------------------------------------- */

#define E1_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- T2:-"
#define E1_MIDDLE "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5"
#define E1_END "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 T1:g1f3,f3g5 T2:e7e5"

static void
test_e1_lock (void)
{
  SynState state = load (E1_START), tried, next;
  SynEvent event;
  char fen[SYN_FEN_MAX_SIZE];

  state = play (&state, "g1f3");
  state = play (&state, "e7e5");
  assert_fen (&state, E1_MIDDLE);
  /* e5 is empty in White's view, so f3e5 is a choice; the referee refuses it. */
  tried = play (&state, "f3e5");
  assert_fen (&tried, E1_MIDDLE);
  g_assert_cmpint (count_events (&state, "f3e5", &tried, SYN_EVENT_LOCKED, &event), ==, 1);
  g_assert_cmpint (event.side, ==, SYN_WHITE);
  g_assert_cmpint (event.square, ==, syn_square_from_text ("e5"));
  next = play (&tried, "f3g5");
  assert_fen (&next, E1_END);
  assert_outcome (&next, SYN_RESULT_NONE, SYN_REASON_NONE);
  TX->write_view_state (&next, SYN_BLACK, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 ? T2:e7e5");
}

#define E2_AFTER_BLACK                                                                             \
  "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3 T1:g1f3,f3g5 T4:-"
#define E2_END "rnb1kbnr/pppp1Npp/8/4p3/7q/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3 T3:- T4:-"

static void
test_e2_forced_commit (void)
{
  SynState state = load (E1_END), black, white;

  /* d8h4 passes over g5, which White locks. */
  black = play (&state, "d8h4/commit");
  assert_fen (&black, E2_AFTER_BLACK);
  assert_announcement (&state, &black, "Pe7-e5, Qd8-h4; e.p. e6");
  g_assert_cmpint (count_events (&state, "d8h4/commit", &black, SYN_EVENT_COMMIT, NULL), ==, 1);
  /* TX-R7a: a capture is committed at once. */
  assert_choices (&black, "g5f7", "g5f7/commit");
  white = play (&black, "g5f7/commit");
  assert_fen (&white, E2_END);
  assert_announcement (&black, &white, "Ng1xf7");
  assert_outcome (&white, SYN_RESULT_NONE, SYN_REASON_NONE);
}

static void
test_e3_hidden_attack (void)
{
  SynState state = load ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-");

  /* e8 is not attacked from a7: no forced commit. */
  assert_choices (&state, "a1a7", "a1a7 a1a7/commit a1a7/rollback");
  state = play (&state, "a1a7");
  assert_fen (&state, "4k3/8/8/8/8/8/8/R3K3 b Q - 1 1 T1:a1a7 T2:-");
  g_assert_true (is_choice (&state, SYN_BLACK, "e8d7/commit"));
  state = play (&state, "e8d7/commit");
  assert_fen (&state, "8/3k4/8/8/8/8/8/R3K3 w Q - 2 2 T1:a1a7 T4:-");
  assert_outcome (&state, SYN_RESULT_WHITE_WINS, SYN_REASON_HIDDEN_ATTACK);
}

static void
test_e4_en_passant_timing (void)
{
  SynState state = load ("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 T1:- T2:-"), before;

  state = play (&state, "a2a4");
  state = play (&state, "e8d7");
  state = play (&state, "e1d2");
  state = play (&state, "d7c7");
  assert_fen (&state, "4k3/8/8/8/1p6/8/P7/4K3 w - - 4 3 T1:a2a4,e1d2 T2:e8d7,d7c7");
  before = state;
  state = play (&state, "d2c2/commit");
  assert_fen (&state, "4k3/8/8/8/Pp6/8/2K5/8 b - a3 0 3 T3:- T2:e8d7,d7c7");
  assert_announcement (&before, &state, "Pa2-a4, Ke1-c2; e.p. a3");
  /* TX-R7a: en passant is a capture. */
  assert_choices (&state, "b4a3", "b4a3/commit");
  before = state;
  state = play (&state, "b4a3/commit");
  assert_fen (&state, "8/2k5/8/8/8/p7/2K5/8 w - - 0 4 T3:- T4:-");
  assert_announcement (&before, &state, "Ke8-c7, Pb4xa3 e.p.");
}

/* One turn later the double step can no longer be taken. */
static void
test_e4_en_passant_too_late (void)
{
  SynState state = load ("4k3/8/8/8/Pp6/8/2K5/8 b - a3 0 3 T3:- T2:e8d7,d7c7");
  state = play (&state, "c7b7");
  state = play (&state, "c2d3/commit");
  assert_choices (&state, "b4", "b4b3 b4b3/commit b4b3/rollback");
}

#define E5_START "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3 T3:- T4:-"

static void
test_e5_mate_on_two_views (void)
{
  SynState state = load (E5_START), before;

  state = play (&state, "e2e3");
  /* TX-R7c: d8h4 attacks White's committed king. */
  assert_choices (&state, "d8h4", "d8h4/commit");
  state = play (&state, "d8h4/commit");
  assert_fen (&state, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:e2e3 T6:-");
  assert_outcome (&state, SYN_RESULT_NONE, SYN_REASON_NONE);
  /* TX-R7d: in check in the committed view, so commit and nothing else. */
  assert_choices (&state, "e1", "e1e2/commit");
  before = state;
  state = play (&state, "e1e2/commit");
  assert_fen (&state, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/4PP2/PPPPK2P/RNBQ1BNR b kq - 0 4 T5:- T6:-");
  assert_announcement (&before, &state, "Pe2-e3, Ke1-e2");
}

static void
test_e5_fools_mate (void)
{
  SynState state = load ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:- T6:-");
  assert_outcome (&state, SYN_RESULT_BLACK_WINS, SYN_REASON_CHECKMATE);
  g_assert_cmpint (TX->choices (&state, SYN_WHITE, (SynChoice[SYN_MAX_CHOICES]){ 0 }), ==, 0);
}

/* Counting ------------------------------------------------------------------------------ */

static const char *const counted_fens[] = {
  E1_START,
  E1_MIDDLE,
  E1_END,
  E2_AFTER_BLACK,
  "4k3/8/8/8/1p6/8/P7/4K3 w - - 4 3 T1:a2a4,e1d2 T2:e8d7,d7c7",
  "4k3/8/8/8/Pp6/8/2K5/8 b - a3 0 3 T3:- T2:e8d7,d7c7",
  E5_START,
  "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:e2e3 T6:-",
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 T1:a1a4,a4a1 T2:h8h5",
};

/* count_joint_choices is the number of choices, and sperft's shortcut for its last two
 * levels agrees with playing every choice out. */
static void
test_count_agrees_with_choices (void)
{
  SynVariant slow = *TX;
  slow.count_after_step = NULL;
  for (size_t i = 0; i < G_N_ELEMENTS (counted_fens); i++)
    {
      SynState state = load (counted_fens[i]);
      SynChoice choices[SYN_MAX_CHOICES];
      int n = TX->choices (&state, mover (&state), choices);
      g_assert_cmpint (TX->choices (&state, (SynColour) !mover (&state), choices), ==, 0);
      g_assert_cmpuint (TX->count_joint_choices (&state), ==, (guint64) n);
      g_assert_cmpuint (syn_sperft (TX, &state, 3), ==, syn_sperft (&slow, &state, 3));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/transactional/e1/lock", test_e1_lock);
  g_test_add_func ("/transactional/e2/forced-commit", test_e2_forced_commit);
  g_test_add_func ("/transactional/e3/hidden-attack", test_e3_hidden_attack);
  g_test_add_func ("/transactional/e4/en-passant-timing", test_e4_en_passant_timing);
  g_test_add_func ("/transactional/e4/en-passant-too-late", test_e4_en_passant_too_late);
  g_test_add_func ("/transactional/e5/mate-on-two-views", test_e5_mate_on_two_views);
  g_test_add_func ("/transactional/e5/fools-mate", test_e5_fools_mate);

  g_test_add_func ("/transactional/sperft/count-agrees-with-choices",
                   test_count_agrees_with_choices);

  return g_test_run ();
}
