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

/* The seed's notation example: white's knight tour to c7 and the replies. */
static void
test_seed_notation_example (void)
{
  static const struct
  {
    const char *choice;
    int transaction; /* the number the seed writes before the move */
  } turns[] = {
    { "b1c3", 1 },        { "a7a5", 2 }, { "g1f3", 1 },        { "a5a4", 2 },
    { "c3b5", 1 },        { "a4a3", 2 }, { "b5c7/commit", 1 }, { "d8c7/commit", 2 },
    { "b2a3/commit", 3 }, { "b8c6", 4 }, { "f3e5", 5 },        { "c6b4/rollback", 4 },
    { "e5c6", 5 },        { "e8d8", 6 },
  };
  SynState state = load (SYN_FEN_START), next;

  for (size_t i = 0; i < G_N_ELEMENTS (turns); i++)
    {
      SynStepInfo info;
      syn_variant_describe (TX, &state, &info);
      g_assert_cmpint (info.kind, ==, SYN_STEP_TX_MOVE);
      g_assert_cmpint (info.transaction[mover (&state)], ==, turns[i].transaction);
      next = play (&state, turns[i].choice);
      if (i == 6)
        assert_announcement (&state, &next, "Nb1xc7+, Ng1-f3");
      if (i == 7)
        assert_announcement (&state, &next, "Qd8xc7, Pa7-a3");
      state = next;
    }
  assert_fen (&state, "rnb1kbnr/1pqppppp/8/8/8/P4N2/P1PPPPPP/R1BQKB1R w KQkq - 5 8 "
                      "T5:f3e5,e5c6 T6:e8d8");
}

/* The seed's example game, to black's first commit. */
static void
test_seed_example_game (void)
{
  static const char *const moves[]
      = { "e2e4", "e7e5", "d2d4", "f8b4", "g1f3", "g8f6", "b1c3", "e8g8", "c1g5/commit" };
  SynState state = load (SYN_FEN_START), next;

  for (size_t i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      next = play (&state, moves[i]);
      if (i + 1 == G_N_ELEMENTS (moves))
        assert_announcement (&state, &next, "Bc1-g5, Pe2-e4, Pd2-d4, Ng1-f3, Nb1-c3; e.p. d3, e3");
      state = next;
    }
  assert_fen (&state, "rnbqkbnr/pppppppp/8/6B1/3PP3/2N2N2/PPP2PPP/R2QKB1R b KQkq d3e3 0 5 T3:- "
                      "T2:e7e5,f8b4,g8f6,e8g8");
  /* TX-R7a: e5xd4 captures. */
  assert_choices (&state, "e5", "e5d4/commit");
  next = play (&state, "e5d4/commit");
  assert_announcement (&state, &next, "Ke8-g8, Rh8-f8, Ng8-f6, Pe7xd4, Bf8-b4");
  assert_fen (&next, "rnbq1rk1/pppp1ppp/5n2/6B1/1b1pP3/2N2N2/PPP2PPP/R2QKB1R w KQ - 0 6 T3:- T4:-");
}

/* TX-R1 ---------------------------------------------------------------------------------- */

static void
test_r1_turns_alternate (void)
{
  SynState state = load (SYN_FEN_START);
  SynChoice choices[SYN_MAX_CHOICES];

  g_assert_cmpint (TX->choices (&state, SYN_BLACK, choices), ==, 0);
  g_assert_cmpint (TX->choices (&state, SYN_WHITE, choices), ==, 60);
  state = play (&state, "e2e4/commit");
  g_assert_cmpint (TX->choices (&state, SYN_WHITE, choices), ==, 0);
  g_assert_cmpint (TX->choices (&state, SYN_BLACK, choices), ==, 60);
  g_assert_cmpint (state.board.turn_number, ==, 1);
  state = play (&state, "e7e5");
  g_assert_cmpint (state.board.turn_number, ==, 2);
  g_assert_cmpint (mover (&state), ==, SYN_WHITE);
}

/* TX-R2 ---------------------------------------------------------------------------------- */

static void
test_r2_views (void)
{
  SynState state = load (E1_END);
  SynPosition view;
  char fen[SYN_FEN_MAX_SIZE];

  /* White's view: its knight on g5, Black's pawn still on e7. */
  syn_variant_view (TX, &state, SYN_WHITE, &view);
  g_assert_cmpint (view.board[syn_square_from_text ("g5")], ==, SYN_PIECE (SYN_WHITE, SYN_KNIGHT));
  g_assert_cmpint (view.board[syn_square_from_text ("g1")], ==, SYN_NO_PIECE);
  g_assert_cmpint (view.board[syn_square_from_text ("e7")], ==, SYN_PIECE (SYN_BLACK, SYN_PAWN));
  /* Black's view: its pawn on e5, White's knight at home. */
  syn_variant_view (TX, &state, SYN_BLACK, &view);
  g_assert_cmpint (view.board[syn_square_from_text ("g1")], ==, SYN_PIECE (SYN_WHITE, SYN_KNIGHT));
  g_assert_cmpint (view.board[syn_square_from_text ("e5")], ==, SYN_PIECE (SYN_BLACK, SYN_PAWN));
  g_assert_cmpint (view.board[syn_square_from_text ("e7")], ==, SYN_NO_PIECE);
  /* TX-R14: each player FEN hides the other's transaction. */
  TX->write_view_state (&state, SYN_WHITE, fen, sizeof fen);
  g_assert_cmpstr (fen, ==,
                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 T1:g1f3,f3g5 ?");
}

/* TX-R3 ---------------------------------------------------------------------------------- */

static void
test_r3_transaction_numbers (void)
{
  SynState state = load (SYN_FEN_START);
  SynStepInfo info;

  state = play (&state, "g1f3");
  state = play (&state, "e7e5/rollback");
  state = play (&state, "f3g5/commit");
  state = play (&state, "d7d5");
  syn_variant_describe (TX, &state, &info);
  g_assert_cmpint (info.transaction[SYN_WHITE], ==, 3);
  g_assert_cmpint (info.transaction[SYN_BLACK], ==, 4);
  g_assert_cmpint (info.pending[SYN_WHITE], ==, 0);
  g_assert_cmpint (info.pending[SYN_BLACK], ==, 1);
  g_assert_true (
      info.locked[SYN_BLACK]
      == (syn_bit (syn_square_from_text ("d7")) | syn_bit (syn_square_from_text ("d5"))));
  g_assert_true (info.locked[SYN_WHITE] == 0);
  /* The rolled-back e7e5 left nothing behind. */
  assert_fen (&state, "rnbqkbnr/pppppppp/8/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 4 3 T3:- T4:d7d5");
}

/* TX-R4 ---------------------------------------------------------------------------------- */

static void
test_r4_castling_right_spent_by_pending_move (void)
{
  SynState state = load ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 T1:a1a4,a4a1 T2:h8h5");
  assert_choices (&state, "e1g1", "e1g1 e1g1/commit e1g1/rollback");
  assert_choices (&state, "e1c1", "");
  /* Rolling back gives the right back. */
  state = play (&state, "e1f1/rollback");
  state = play (&state, "a8b8");
  assert_choices (&state, "e1c1", "e1c1 e1c1/commit e1c1/rollback");
}

/* The own king may not stand attacked in the mover's view, whatever the potential view. */
static void
test_r4_king_safe_in_own_view (void)
{
  /* Black's rook left e8 in its open transaction: White still sees it and the king may not
   * step onto the e-file. */
  SynState state = load ("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1 T1:- T2:e8a8");
  assert_choices (&state, "d1e", "");
  assert_choices (&state, "d1c2", "d1c2 d1c2/commit d1c2/rollback");
}

/* TX-R5 ---------------------------------------------------------------------------------- */

/* The start square of a pending move is locked: the piece seen there cannot be taken. */
static void
test_r5_capture_of_moved_piece_refused (void)
{
  SynState state = load ("4k3/4p3/8/8/8/8/8/4R1K1 w - - 0 1 T1:- T2:e7e5"), next;
  SynEvent event;

  assert_choices (&state, "e1e7", "e1e7/commit");
  next = play (&state, "e1e7/commit");
  assert_fen (&next, "4k3/4p3/8/8/8/8/8/4R1K1 w - - 0 1 T1:- T2:e7e5");
  g_assert_cmpint (count_events (&state, "e1e7/commit", &next, SYN_EVENT_LOCKED, &event), ==, 1);
  g_assert_cmpint (event.square, ==, syn_square_from_text ("e7"));
  g_assert_cmpint (count_events (&state, "e1e7/commit", &next, SYN_EVENT_COMMIT, NULL), ==, 0);
  /* Passing over the locked e5 is allowed. */
  next = play (&state, "e1e6");
  assert_fen (&next, "4k3/4p3/8/8/8/8/8/4R1K1 b - - 1 1 T1:e1e6 T2:e7e5");
}

static void
test_r5_castling_refused_on_rook_square (void)
{
  SynState state = load ("4k3/8/8/8/8/8/5n2/4K2R w K - 0 1 T1:- T2:f2f1"), next;
  SynEvent event;

  next = play (&state, "e1g1");
  assert_fen (&next, "4k3/8/8/8/8/8/5n2/4K2R w K - 0 1 T1:- T2:f2f1");
  g_assert_cmpint (count_events (&state, "e1g1", &next, SYN_EVENT_LOCKED, &event), ==, 1);
  g_assert_cmpint (event.square, ==, syn_square_from_text ("f1"));
}

static void
test_r5_own_locks_never_matter (void)
{
  SynState state = load ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 T1:g1f3 T2:-");
  state = play (&state, "f3g1");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K1N1 b - - 1 1 T1:g1f3,f3g1 T2:-");
}

/* TX-R6 ---------------------------------------------------------------------------------- */

#define FEN_NO_MOVE "7k/8/8/8/2b5/1r6/8/K7 w - - 0 1 T1:- T2:b3b2,c4a2"

static void
test_r6_no_move_is_a_pass (void)
{
  SynState state = load (FEN_NO_MOVE), next;

  /* a1a2 is White's one legal move, and Black locks a2. */
  assert_choices (&state, "", "pass pass/commit pass/rollback");
  next = play (&state, "pass");
  assert_fen (&next, "7k/8/8/8/2b5/1r6/8/K7 b - - 1 1 T1:- T2:b3b2,c4a2");
  g_assert_cmpint (count_events (&state, "pass", &next, SYN_EVENT_NO_MOVE, NULL), ==, 1);
  next = play (&state, "pass/commit");
  assert_fen (&next, "7k/8/8/8/2b5/1r6/8/K7 b - - 1 1 T3:- T2:b3b2,c4a2");
  g_assert_cmpint (count_events (&state, "pass/commit", &next, SYN_EVENT_COMMIT, NULL), ==, 1);
}

/* TX-R7 ---------------------------------------------------------------------------------- */

static void
test_r7_fifth_move_ends_transaction (void)
{
  SynState state = load ("4k3/8/8/8/8/8/8/RN2K3 w - - 4 3 T1:b1c3,c3e4,a1a2,a2a3 T2:e8d8,d8c8");
  assert_choices (&state, "e4c5", "e4c5/commit e4c5/rollback");
  state = play (&state, "e4c5/rollback");
  assert_fen (&state, "4k3/8/8/8/8/8/8/RN2K3 b - - 5 3 T3:- T2:e8d8,d8c8");
}

static void
test_r7_promotion_forces_commit (void)
{
  SynState state = load ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  assert_choices (&state, "e7e8", "e7e8q/commit e7e8r/commit e7e8b/commit e7e8n/commit");
  state = play (&state, "e7e8q/commit");
  assert_fen (&state, "k3Q3/8/8/8/8/8/8/4K3 b - - 0 1 T3:- T2:-");
}

/* TX-R7c: the check is judged on the opponent's committed king, in the mover's view. */
static void
test_r7_check_on_committed_king (void)
{
  /* Black's king went to d8 in its open transaction; White still sees it on e8. */
  SynState state = load ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 T1:- T2:e8d8");
  assert_choices (&state, "a1a8", "a1a8/commit");
  assert_choices (&state, "a1d1", "a1d1 a1d1/commit a1d1/rollback");
  /* A discovered attack counts too. */
  state = load ("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1");
  assert_choices (&state, "e4c3", "e4c3/commit");
}

/* TX-R8 ---------------------------------------------------------------------------------- */

static void
test_r8_castling_announcement (void)
{
  SynState state = load ("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), next;
  next = play (&state, "e1g1/commit");
  assert_announcement (&state, &next, "Ke1-g1, Rh1-f1");
  assert_fen (&next, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1 T3:- T2:-");
}

static void
test_r8_promotion_and_check_announcement (void)
{
  SynState state = load ("k7/4P3/8/8/8/8/8/4K3 w - - 0 1 T1:e1d1 T2:-"), next;
  next = play (&state, "e7e8q/commit");
  assert_announcement (&state, &next, "Pe7-e8=Q+, Ke1-d1");
}

/* TX-R9 ---------------------------------------------------------------------------------- */

static void
test_r9_rollback_keeps_captures (void)
{
  /* White moved its king and knight; Black takes the unmoved rook on h1. */
  SynState state = load ("4k3/8/8/8/8/8/6b1/R3K1NR b KQ - 0 1 T1:g1f3,e1e2 T2:-");
  state = play (&state, "g2h1/commit");
  assert_fen (&state, "4k3/8/8/8/8/8/8/R3K1Nb w Q - 0 2 T1:g1f3,e1e2 T4:-");
  state = play (&state, "a1a2/rollback");
  assert_fen (&state, "4k3/8/8/8/8/8/8/R3K1Nb b Q - 1 2 T3:- T4:-");
}

static void
test_r9_no_rollback_in_apparent_check (void)
{
  /* White's king left e1 in its transaction; Black's committed rook now attacks e1. */
  SynState state = load ("4k3/8/8/8/8/8/8/r3K3 w - - 0 1 T1:e1f2 T2:-");
  assert_choices (&state, "f2", "f2e2/commit f2g2/commit f2e3/commit f2f3/commit f2g3/commit");
}

/* TX-R10 --------------------------------------------------------------------------------- */

/* Black's king steps off the e-file into White's hidden rook, uncovering its own rook's
 * attack on White's king: both kings are attacked in White's view, and taking Black's king
 * would leave White's attacked, so play goes on and White answers its check. */
static void
test_r10_both_attacked_play_goes_on (void)
{
  SynState state = load ("4r3/8/4k3/8/8/8/R7/4K3 b - - 0 1 T1:a2f2 T2:-");

  assert_choices (&state, "e6f6", "e6f6/commit");
  state = play (&state, "e6f6/commit");
  assert_fen (&state, "4r3/8/5k2/8/8/8/R7/4K3 w - - 1 2 T1:a2f2 T4:-");
  assert_outcome (&state, SYN_RESULT_NONE, SYN_REASON_NONE);
  /* In check in the committed view: every choice commits (TX-R7d); no capture of the king. */
  assert_choices (&state, "f2", "f2e2/commit");
  g_assert_false (is_choice (&state, SYN_WHITE, "f2f6/commit"));
}

/* The same with nothing attacking White's king: Black has lost. */
static void
test_r10_hidden_attack_loses (void)
{
  SynState state = load ("8/8/4k3/8/8/8/R7/4K3 b - - 0 1 T1:a2f2 T2:-");
  state = play (&state, "e6f6/commit");
  assert_outcome (&state, SYN_RESULT_WHITE_WINS, SYN_REASON_HIDDEN_ATTACK);
  /* Without the commit nothing is judged. */
  state = load ("8/8/4k3/8/8/8/R7/4K3 b - - 0 1 T1:a2f2 T2:-");
  state = play (&state, "e6f6");
  assert_outcome (&state, SYN_RESULT_NONE, SYN_REASON_NONE);
}

/* TX-R11 --------------------------------------------------------------------------------- */

static void
test_r11_double_step_then_more_is_not_eligible (void)
{
  SynState state = load ("4k3/8/8/1p6/8/8/P7/4K3 w - - 0 1 T1:a2a4 T2:-");
  state = play (&state, "a4a5/commit");
  assert_fen (&state, "4k3/8/8/Pp6/8/8/8/4K3 b - - 0 1 T3:- T2:-");
  state = load ("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 T1:a2a3 T2:-");
  state = play (&state, "a3a4/commit");
  assert_fen (&state, "4k3/8/8/8/Pp6/8/8/4K3 b - - 0 1 T3:- T2:-");
}

/* TX-R12 --------------------------------------------------------------------------------- */

/* White's own pending moves leave it no legal move, and its committed king is not attacked:
 * stalemate, taken literally. */
static void
test_r12_stalemate_by_own_pending_moves (void)
{
  /* White's king went to a1 in its transaction; Black's committed queen b3 shuts it in. */
  SynState state = load ("4k3/8/8/8/8/1q6/8/2K5 w - - 0 1 T1:c1b1,b1a1 T2:-");
  assert_outcome (&state, SYN_RESULT_DRAW, SYN_REASON_STALEMATE);
}

static void
test_r12_checkmate (void)
{
  SynState state = load ("4k3/8/8/8/8/8/5PPP/r5K1 w - - 0 1");
  assert_outcome (&state, SYN_RESULT_BLACK_WINS, SYN_REASON_CHECKMATE);
}

/* TX-R13 --------------------------------------------------------------------------------- */

static void
test_r13_fifty_turns (void)
{
  SynState state = load ("4k3/4p3/8/8/8/8/8/4K3 b - - 98 60 T119:e1d1 T120:-");
  /* A pending pawn move does not count until it is committed. */
  state = play (&state, "e7e5");
  assert_outcome (&state, SYN_RESULT_NONE, SYN_REASON_NONE);
  g_assert_cmpint (state.board.quiet_turns, ==, 99);
  state = play (&state, "d1d2");
  assert_outcome (&state, SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS);
  /* Committing the pawn move starts the count again. */
  state = load ("4k3/4p3/8/8/8/8/8/4K3 w - - 99 61 T119:e1d1 T120:e7e5");
  state = play (&state, "d1d2");
  assert_outcome (&state, SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS);
  state = load ("4k3/4p3/8/8/8/8/8/4K3 b - - 99 61 T119:e1d1 T120:e7e5");
  state = play (&state, "e5e4/commit");
  g_assert_cmpint (state.board.quiet_turns, ==, 0);
}

/* TX-R14 --------------------------------------------------------------------------------- */

static void
test_r14_round_trip (void)
{
  static const char *const fens[] = {
    E1_START,
    E1_END,
    E2_AFTER_BLACK,
    "4k3/8/8/8/Pp6/8/2K5/8 b - a3 0 3 T3:- T2:e8d7,d7c7",
    "rnbqkbnr/pppppppp/8/6B1/3PP3/2N2N2/PPP2PPP/R2QKB1R b KQkq d3e3 0 5 T3:- "
    "T2:e7e5,f8b4,g8f6,e8g8",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 T1:a1a4,a4a1 T2:h8h5",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 ? T2:e7e5",
    "4k3/8/8/8/8/8/8/RN2K3 w - - 4 3 T65535:b1c3,c3e4,a1a2,a2a3,e4c5 T65534:-",
  };
  for (size_t i = 0; i < G_N_ELEMENTS (fens); i++)
    assert_fen ((SynState[]){ load (fens[i]) }, fens[i]);
}

static void
test_r14_omitted_transactions (void)
{
  SynState state = load ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert_fen (&state, E1_START);
  state = load ("4k3/8/8/8/8/8/8/4K3 b - - 7 5");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 b - - 7 5 T11:- T10:-");
  state = load ("4k3/8/8/8/8/8/8/4K3 w - -");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:- T2:-");
}

static void
test_r14_player_fen_is_read (void)
{
  SynState state = load ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:e1d1 ?");
  SynStepInfo info;
  syn_variant_describe (TX, &state, &info);
  g_assert_cmpint (info.transaction[SYN_WHITE], ==, 1);
  g_assert_cmpint (info.transaction[SYN_BLACK], ==, 0);
  g_assert_cmpint (info.pending[SYN_BLACK], ==, 0);
}

static void
test_r14_errors (void)
{
  static const struct
  {
    const char *fen;
    int field;
    const char *message;
  } cases[] = {
    { "", 1, "missing" },
    { "8/8/8/8/8/8/8/4K3 w - - 0 1 T1:- T2:-", 1, "Black has 0 kings" },
    { "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 T1:- T2:-", 1, "White has 2 kings" },
    { "4k2P/8/8/8/8/8/8/4K3 w - - 0 1 T1:- T2:-", 1, "pawn stands on h8" },
    { "4k3/8/8/8/8/8/8/4K3 x - - 0 1 T1:- T2:-", 2, "not a side to move" },
    { "4k3/8/8/8/8/8/8/4K3 w K - 0 1 T1:- T2:-", 3, "castling right 'K'" },
    { "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 T1:- T2:-", 4, "must be on rank 6" },
    { "4k3/8/8/8/8/8/8/4K3 b - e3 0 1 T1:- T2:-", 4, "no white pawn" },
    { "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 T1:e1d1 T2:-", 4, "has pending moves" },
    { "4k3/8/8/8/4P3/8/8/4K3 b - e3e3 0 1 T1:- T2:-", 4, "given twice" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:-", 8, "come together" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:- T2:- x", 0, "after field 8" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T2:- T2:-", 7, "odd numbers" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:- T3:-", 8, "even numbers" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 X1:- T2:-", 7, "not a transaction" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T13- T2:-", 7, "not T, a number and ':'" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T70001:- T2:-", 7, "larger than 65535" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:e1d1,d1c1,c1b1,b1a1,a1a2,a2a3 T2:-", 7,
      "more than 5 pending moves" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:e1e9 T2:-", 7, "not a move in UCI" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:e2e3 T2:-", 7, "moves no white piece" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:- T2:e1d1", 8, "moves no black piece" },
    { "4k3/8/8/8/8/8/8/3nK3 w - - 0 1 T1:e1d1 T2:-", 7, "d1 is not empty" },
    { "4k3/8/8/8/8/8/8/4K2R w - - 0 1 T1:e1g1 T2:-", 7, "without the castling right" },
    { "4k3/4P3/8/8/8/8/8/4K3 w - - 0 1 T1:e7e8q T2:-", 7, "promotes" },
    { "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 T1:e7e8 T2:-", 7, "leaves a pawn on rank 8" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:e1d1, T2:-", 7, "ends the list" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 T1:e1d2 T2:e8d8,d8d2", 8, "both lock d2" },
    { "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ? ?", 8, "both transactions" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SynState state;
      SynFenError error = { -1, "" };
      g_test_message ("%s", cases[i].fen);
      g_assert_false (TX->read_state (cases[i].fen, &state, &error));
      g_assert_cmpint (error.field, ==, cases[i].field);
      if (!strstr (error.message, cases[i].message))
        g_test_message ("message: %s", error.message);
      g_assert_nonnull (strstr (error.message, cases[i].message));
    }
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

/* Random play: at every state the FEN reads back the same, the count is the number of
 * choices, each choice's text finds it again, the locks of the two sides never meet, and
 * now and then sperft's shortcut agrees with playing out. */
static void
test_random_play_invariants (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20010504);
  SynVariant slow = *TX;
  int games = g_getenv ("SYNCHESS_SLOW") ? 200 : 20, states = 0, refusals = 0, passes = 0;
  int endings[SYN_REASON_LAST + 1] = { 0 };

  slow.count_after_step = NULL;
  for (int game = 0; game < games; game++)
    {
      SynState state = load (game % 2 ? SYN_FEN_START : E5_START);
      for (int step = 0; step < 300; step++, states++)
        {
          SynChoice choices[SYN_MAX_CHOICES];
          char fen[SYN_FEN_MAX_SIZE], text[SYN_CHOICE_TEXT_SIZE];
          SynOutcome outcome = TX->outcome (&state);
          SynStepInfo info;
          SynState next;
          int n;

          TX->write_state (&state, fen, sizeof fen);
          assert_fen ((SynState[]){ load (fen) }, fen);
          syn_variant_describe (TX, &state, &info);
          g_assert_true ((info.locked[SYN_WHITE] & info.locked[SYN_BLACK]) == 0);
          n = TX->choices (&state, mover (&state), choices);
          g_assert_cmpuint (TX->count_joint_choices (&state), ==, (guint64) n);
          g_assert_cmpint (TX->choices (&state, (SynColour) !mover (&state), choices + n), ==, 0);
          if (outcome.result != SYN_RESULT_NONE)
            {
              g_assert_cmpint (n, ==, 0);
              endings[outcome.reason]++;
              break;
            }
          g_assert_cmpint (n, >, 0);
          if (states % 25 == 0)
            g_assert_cmpuint (syn_sperft (TX, &state, 2), ==, syn_sperft (&slow, &state, 2));
          for (int i = 0; i < n; i++)
            {
              TX->choice_to_text (&state, choices[i], text);
              g_assert_cmpuint (syn_variant_choice_from_text (TX, &state, mover (&state), text), ==,
                                choices[i]);
            }
          TX->choice_to_text (&state, choices[0], text);
          if (g_str_has_prefix (text, "pass"))
            passes++;
          TX->choice_to_text (&state, choices[g_rand_int_range (rand, 0, n)], text);
          next = play (&state, text);
          if (memcmp (&next, &state, sizeof next) == 0)
            refusals++;
          state = next;
        }
    }
  g_test_message ("%d games, %d states, %d refused moves, %d no-move turns; checkmate %d, "
                  "hidden attack %d, stalemate %d, fifty turns %d",
                  games, states, refusals, passes, endings[SYN_REASON_CHECKMATE],
                  endings[SYN_REASON_HIDDEN_ATTACK], endings[SYN_REASON_STALEMATE],
                  endings[SYN_REASON_FIFTY_TURNS]);
  g_assert_cmpint (refusals, >, 0);
}

/* TX-R8, TX-E2: the table's announce tells the opponent of a commit, and of nothing else: not
 * a move kept pending, not a rollback (TX-R9). */
static void
test_r8_announce_hook (void)
{
  SynState before = load ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 "
                          "T1:g1f3,f3g5 T2:e7e5");
  SynState committed = play (&before, "d8h4/commit");
  SynState pending = play (&before, "d8h4");
  SynState rolled_back = play (&before, "d8h4/rollback");
  char text[256];

  g_assert_true (TX->announce (&before, &committed, SYN_BLACK, text, sizeof text));
  g_assert_cmpstr (text, ==, "Pe7-e5, Qd8-h4; e.p. e6");
  g_assert_false (TX->announce (&before, &pending, SYN_BLACK, text, sizeof text));
  g_assert_false (TX->announce (&before, &rolled_back, SYN_BLACK, text, sizeof text));
  g_assert_false (TX->announce (&before, &committed, SYN_WHITE, text, sizeof text));
}

/* TX-R15: two programs ------------------------------------------------------------------ */

static SynState
player (const SynState *state, SynColour side)
{
  SynState out;
  syn_tx_player_state (state, side, &out);
  return out;
}

static void
assert_player_fen (const SynState *state, SynColour side, const char *expected)
{
  char fen[SYN_FEN_MAX_SIZE];
  TX->write_view_state (state, side, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, expected);
}

/* The public part of the mover's choice text in its own state, as text. */
static void
public_text (const SynState *own, const char *text, char *buf)
{
  SynTxPublicStep step;
  syn_tx_public_step (own, choice (own, text), &step);
  syn_tx_public_step_to_text (&step, mover (own), buf, SYN_TX_PUBLIC_STEP_SIZE);
}

/* The receiver's state after the hidden mover's turn with that public text. */
static SynState
follow (const SynState *receiver, const char *text)
{
  SynTxPublicStep step;
  SynState next;
  char error[128] = "";
  g_assert_true (syn_tx_public_step_from_text (text, mover (receiver), &step, error, sizeof error));
  if (!syn_tx_apply_public_step (receiver, &step, &next, error, sizeof error))
    g_test_message ("%s refused: %s", text, error);
  g_assert_cmpstr (error, ==, "");
  return next;
}

static void
assert_announced (const SynState *before, const SynState *after, SynColour side,
                  const char *expected)
{
  char text[SYN_TX_ANNOUNCEMENT_SIZE] = "";
  g_assert_true (TX->announce (before, after, side, text, sizeof text));
  g_assert_cmpstr (text, ==, expected);
}

/* TX-R14: the player state is what the player FEN reads, and writes that FEN. */
static void
test_r15_player_state_is_player_fen (void)
{
  SynState referee = load (E1_END);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      SynState own = player (&referee, (SynColour) c), read;
      char fen[SYN_FEN_MAX_SIZE], player_fen[SYN_FEN_MAX_SIZE];
      TX->write_view_state (&referee, (SynColour) c, fen, sizeof fen);
      TX->write_view_state (&own, (SynColour) c, player_fen, sizeof player_fen);
      g_assert_cmpstr (player_fen, ==, fen);
      assert_fen (&own, fen);
      read = load (fen);
      g_assert_true (memcmp (&read.board, &own.board, sizeof read.board) == 0);
      g_assert_true (memcmp (&read.rules.tx, &own.rules.tx, sizeof read.rules.tx) == 0);
    }
}

/* A hidden side to move: one sealed choice, nothing judged but the fifty turns, and only its
 * commit told as an event. */
static void
test_r15_hidden_side_is_sealed (void)
{
  SynState white = player ((SynState[]){ load (E1_END) }, SYN_WHITE);
  SynChoice choices[SYN_MAX_CHOICES];
  SynEvent events[SYN_MAX_EVENTS];
  char text[SYN_CHOICE_TEXT_SIZE];
  SynBitboard sets[SYN_MAX_MOVES];

  g_assert_cmpint (TX->choices (&white, SYN_BLACK, choices), ==, 1);
  g_assert_cmpuint (choices[0], ==, SYN_CHOICE_SEALED);
  g_assert_cmpint (TX->choices (&white, SYN_WHITE, choices), ==, 0);
  g_assert_cmpuint (TX->count_joint_choices (&white), ==, 1);
  TX->choice_to_text (&white, SYN_CHOICE_SEALED, text);
  g_assert_cmpstr (text, ==, "?");
  TX->choice_to_text (&white, SYN_CHOICE_SEALED | SYN_CHOICE_COMMIT, text);
  g_assert_cmpstr (text, ==, "?/commit");
  g_assert_cmpuint (syn_variant_choice_from_text (TX, &white, SYN_BLACK, "?"), ==,
                    SYN_CHOICE_SEALED);
  g_assert_cmpint (TX->events (&white, SYN_CHOICE_NONE, SYN_CHOICE_SEALED, &white, events), ==, 0);
  g_assert_cmpint (
      TX->events (&white, SYN_CHOICE_NONE, SYN_CHOICE_SEALED | SYN_CHOICE_COMMIT, &white, events),
      ==, 1);
  g_assert_cmpint (events[0].kind, ==, SYN_EVENT_COMMIT);
  g_assert_cmpint (events[0].side, ==, SYN_BLACK);
  g_assert_cmpint (syn_tx_refusal_sets (&white, sets), ==, 0);
  assert_outcome (&white, SYN_RESULT_NONE, SYN_REASON_NONE);
  white.board.quiet_turns = 100;
  assert_outcome (&white, SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS);
  g_assert_cmpint (TX->choices (&white, SYN_BLACK, choices), ==, 0);
}

/* TX-E2 between two programs: each commit's public part, and the other side's view after. */
static void
test_r15_e2_between_programs (void)
{
  SynState referee = load (E1_END);
  SynState white = player (&referee, SYN_WHITE), black = player (&referee, SYN_BLACK), next;
  char text[SYN_TX_PUBLIC_STEP_SIZE];

  public_text (&black, "d8h4/commit", text);
  g_assert_cmpstr (text, ==, "commit e7e5,d8h4 KQkq e6");
  next = follow (&white, text);
  assert_player_fen (&next, SYN_WHITE,
                     "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3 T1:g1f3,f3g5 ?");
  assert_announced (&white, &next, SYN_BLACK, "Pe7-e5, Qd8-h4; e.p. e6");
  white = next;
  black = play (&black, "d8h4/commit");
  assert_player_fen (&black, SYN_BLACK,
                     "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3 ? T4:-");

  public_text (&white, "g5f7/commit", text);
  g_assert_cmpstr (text, ==, "commit g1f7 KQkq -");
  next = follow (&black, text);
  assert_player_fen (&next, SYN_BLACK,
                     "rnb1kbnr/pppp1Npp/8/4p3/7q/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3 ? T4:-");
  assert_announced (&black, &next, SYN_WHITE, "Ng1xf7");
  /* A turn without a commit tells nothing. */
  public_text (&next, "h4h5", text);
  g_assert_cmpstr (text, ==, "-");
}

/* TX-E3: the hidden attack is judged by the program of the side it helps (TX-R15). */
static void
test_r15_e3_hidden_attack_judged_by_receiver (void)
{
  SynState referee = load ("4k3/8/8/8/8/8/8/R3K3 b Q - 1 1 T1:a1a7 T2:-");
  SynState white = player (&referee, SYN_WHITE), black = player (&referee, SYN_BLACK);
  char text[SYN_TX_PUBLIC_STEP_SIZE];

  public_text (&black, "e8d7/commit", text);
  g_assert_cmpstr (text, ==, "commit e8d7 Q -");
  white = follow (&white, text);
  assert_player_fen (&white, SYN_WHITE, "8/3k4/8/8/8/8/8/R3K3 w Q - 2 2 T1:a1a7 ?");
  assert_outcome (&white, SYN_RESULT_WHITE_WINS, SYN_REASON_HIDDEN_ATTACK);
  black = play (&black, "e8d7/commit");
  assert_outcome (&black, SYN_RESULT_NONE, SYN_REASON_NONE);
}

/* TX-R13, R15: the fifty-turn draw comes when the counter reaches 100, at the end of the
 * turn that took it there, so before the next turn's mate or stalemate (TX-R12). The
 * program whose turn begins and the other one, which sees only the counter, end alike. */
static void
test_r13_fifty_turns_before_mate (void)
{
  static const struct
  {
    const char *fen;
    SynResult result;
    SynReason reason;
  } cases[] = {
    /* Checkmated on the back rank. */
    { "4k3/8/8/8/8/8/5PPP/r5K1 w - - 100 60", SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS },
    { "4k3/8/8/8/8/8/5PPP/r5K1 w - - 99 60", SYN_RESULT_BLACK_WINS, SYN_REASON_CHECKMATE },
    /* Stalemated in the corner. */
    { "4k3/8/8/8/8/1q6/8/K7 w - - 100 60", SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS },
    { "4k3/8/8/8/8/1q6/8/K7 w - - 99 60", SYN_RESULT_DRAW, SYN_REASON_STALEMATE },
    /* Stalemated by its own pending moves, which the other program cannot see. */
    { "4k3/8/8/8/8/1q6/8/2K5 w - - 100 60 T119:c1b1,b1a1 T120:-", SYN_RESULT_DRAW,
      SYN_REASON_FIFTY_TURNS },
    { "4k3/8/8/8/8/1q6/8/2K5 w - - 99 60 T119:c1b1,b1a1 T120:-", SYN_RESULT_DRAW,
      SYN_REASON_STALEMATE },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SynState referee = load (cases[i].fen);
      SynState white = player (&referee, SYN_WHITE), black = player (&referee, SYN_BLACK);
      g_test_message ("%s", cases[i].fen);
      assert_outcome (&referee, cases[i].result, cases[i].reason);
      assert_outcome (&white, cases[i].result, cases[i].reason);
      if (referee.board.quiet_turns >= 100)
        assert_outcome (&black, cases[i].result, cases[i].reason);
      else
        assert_outcome (&black, SYN_RESULT_NONE, SYN_REASON_NONE);
    }
}

/* TX-R10, R13: a hidden attack comes right after the commit, within the turn whose end
 * brings the counter to 100, so before the fifty-turn draw. Only the side that did not
 * commit can see it (TX-R15): the committer's program waits for that side's claim. */
static void
test_r13_hidden_attack_before_fifty_turns (void)
{
  SynState referee = load ("8/8/4k3/8/8/8/R7/4K3 b - - 99 50 T99:a2f2 T98:-");
  SynState black = player (&referee, SYN_BLACK);
  SynState quiet = load ("8/8/4k3/8/8/8/R7/4K3 b - - 99 50 T99:a2a3 T98:-");
  SynChoice choices[SYN_MAX_CHOICES];

  referee = play (&referee, "e6f6/commit");
  g_assert_cmpint (referee.board.quiet_turns, ==, 100);
  assert_outcome (&referee, SYN_RESULT_WHITE_WINS, SYN_REASON_HIDDEN_ATTACK);
  assert_outcome ((SynState[]){ player (&referee, SYN_WHITE) }, SYN_RESULT_WHITE_WINS,
                  SYN_REASON_HIDDEN_ATTACK);
  /* The committer's program cannot tell: it waits for the other program's claim. */
  black = play (&black, "e6f6/commit");
  assert_outcome (&black, SYN_RESULT_NONE, SYN_REASON_NONE);
  g_assert_cmpint (TX->choices (&black, SYN_WHITE, choices), ==, 1);
  g_assert_cmphex (choices[0], ==, SYN_CHOICE_SEALED);

  /* Without a hidden attack the other program finds the draw, and claims it too. */
  quiet = play (&quiet, "e6f6/commit");
  assert_outcome (&quiet, SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS);
  assert_outcome ((SynState[]){ player (&quiet, SYN_WHITE) }, SYN_RESULT_DRAW,
                  SYN_REASON_FIFTY_TURNS);
  assert_outcome ((SynState[]){ player (&quiet, SYN_BLACK) }, SYN_RESULT_NONE, SYN_REASON_NONE);

  /* A turn without a commit can hide no attack: the committer's program judges the draw. */
  quiet = load ("8/8/4k3/8/8/8/R7/4K3 b - - 99 50 T99:a2f2 T98:-");
  black = player (&quiet, SYN_BLACK);
  black = play (&black, "e6e7");
  assert_outcome (&black, SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS);
}

/* TX-E4 between two programs: the double step's passed square, then its capture. */
static void
test_r15_e4_between_programs (void)
{
  SynState referee = load ("4k3/8/8/8/1p6/8/P7/4K3 w - - 4 3 T1:a2a4,e1d2 T2:e8d7,d7c7");
  SynState white = player (&referee, SYN_WHITE), black = player (&referee, SYN_BLACK), next;
  char text[SYN_TX_PUBLIC_STEP_SIZE];

  public_text (&white, "d2c2/commit", text);
  g_assert_cmpstr (text, ==, "commit a2a4,e1c2 - a3");
  next = follow (&black, text);
  assert_player_fen (&next, SYN_BLACK, "4k3/8/8/8/Pp6/8/2K5/8 b - a3 0 3 ? T2:e8d7,d7c7");
  assert_announced (&black, &next, SYN_WHITE, "Pa2-a4, Ke1-c2; e.p. a3");
  black = next;
  white = play (&white, "d2c2/commit");

  public_text (&black, "b4a3/commit", text);
  g_assert_cmpstr (text, ==, "commit e8c7,b4a3 - -");
  next = follow (&white, text);
  assert_player_fen (&next, SYN_WHITE, "8/2k5/8/8/8/p7/2K5/8 w - - 0 4 T3:- ?");
  assert_announced (&white, &next, SYN_BLACK, "Ke8-c7, Pb4xa3 e.p.");
}

/* TX-E5: the forced commit's public part; the fool's mate is judged by White's program only. */
static void
test_r15_e5_between_programs (void)
{
  SynState referee
      = load ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:e2e3 T6:-");
  SynState white = player (&referee, SYN_WHITE), black = player (&referee, SYN_BLACK);
  char text[SYN_TX_PUBLIC_STEP_SIZE];

  public_text (&white, "e1e2/commit", text);
  g_assert_cmpstr (text, ==, "commit e2e3,e1e2 kq -");
  black = follow (&black, text);
  assert_player_fen (&black, SYN_BLACK,
                     "rnb1kbnr/pppp1ppp/8/4p3/6Pq/4PP2/PPPPK2P/RNBQ1BNR b kq - 0 4 ? T6:-");

  referee = load ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:- T6:-");
  assert_outcome ((SynState[]){ player (&referee, SYN_WHITE) }, SYN_RESULT_BLACK_WINS,
                  SYN_REASON_CHECKMATE);
  assert_outcome ((SynState[]){ player (&referee, SYN_BLACK) }, SYN_RESULT_NONE, SYN_REASON_NONE);
}

/* TX-R6 over the network: the opponent's program says every legal move is refused. */
static void
test_r6_all_refused_between_programs (void)
{
  SynState referee = load (FEN_NO_MOVE), white = player (&referee, SYN_WHITE), next;
  SynBitboard sets[SYN_MAX_MOVES];
  char fen[SYN_FEN_MAX_SIZE];

  /* White's program cannot see Black's locks: it offers a1a2, and asks about a2. */
  assert_choices (&white, "", "a1a2 a1a2/commit a1a2/rollback");
  g_assert_cmpint (syn_tx_refusal_sets (&white, sets), ==, 1);
  g_assert_true (sets[0] == syn_bit (syn_square_from_text ("a2")));
  g_assert_true ((sets[0] & syn_tx_locks (&referee, SYN_BLACK)) != 0);
  syn_tx_set_all_refused (&white);
  assert_choices (&white, "", "pass pass/commit pass/rollback");
  g_assert_cmpuint (TX->count_joint_choices (&white), ==, 3);
  next = play (&white, "pass/commit");
  g_assert_cmpint (next.rules.tx.all_refused, ==, 0);
  TX->write_view_state ((SynState[]){ play (&referee, "pass/commit") }, SYN_WHITE, fen, sizeof fen);
  assert_player_fen (&next, SYN_WHITE, fen);
}

/* The castling squares both refuse castling. */
static void
test_r5_refusal_squares (void)
{
  SynMove castle
      = syn_move_make (syn_square_from_text ("e1"), syn_square_from_text ("c1"), SYN_MOVE_CASTLE);
  SynMove plain
      = syn_move_make (syn_square_from_text ("g1"), syn_square_from_text ("f3"), SYN_MOVE_PLAIN);
  g_assert_true (
      syn_tx_refusal_squares (castle)
      == (syn_bit (syn_square_from_text ("c1")) | syn_bit (syn_square_from_text ("d1"))));
  g_assert_true (syn_tx_refusal_squares (plain) == syn_bit (syn_square_from_text ("f3")));
}

/* The text of a public step reads back exactly. */
static void
test_r15_public_step_text_round_trip (void)
{
  static const struct
  {
    SynColour side;
    const char *text;
  } cases[] = {
    { SYN_WHITE, "-" },
    { SYN_BLACK, "commit - - -" },
    { SYN_BLACK, "commit e7e5,d8h4 KQkq e6" },
    { SYN_WHITE, "commit b7a8q,g1f3,a1d1,e1c1 Kq -" },
    { SYN_WHITE, "commit h2h4,c2c4,a2a4 K a3,c3,h3" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SynTxPublicStep step;
      char error[128] = "", text[SYN_TX_PUBLIC_STEP_SIZE];
      g_test_message ("%s", cases[i].text);
      g_assert_true (
          syn_tx_public_step_from_text (cases[i].text, cases[i].side, &step, error, sizeof error));
      syn_tx_public_step_to_text (&step, cases[i].side, text, sizeof text);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_r15_public_step_text_errors (void)
{
  static const struct
  {
    SynColour side;
    const char *text, *message;
  } cases[] = {
    { SYN_BLACK, "", "is not '-' or 'commit'" },
    { SYN_BLACK, "commit", "is not '-' or 'commit'" },
    { SYN_BLACK, "commit e7e9 KQkq -", "'e7e9' is not '-' or a piece's path" },
    { SYN_BLACK, "commit e2e1Q KQkq -", "'Q' after e2e1 is not a promotion letter" },
    { SYN_BLACK, "commit e7e7 KQkq -", "e7e7 does not change square" },
    { SYN_BLACK, "commit e7e6,e7e5 KQkq -", "two paths start on e7" },
    { SYN_BLACK, "commit e7e5,d6e5 KQkq -", "two paths end on e5" },
    { SYN_BLACK, "commit d8h4,e7e5 KQkq -", "from h8 down to a1, but e7e5 comes after" },
    { SYN_BLACK, "commit e7e5", "the castling rights are missing" },
    { SYN_BLACK, "commit e7e5,", "'' is not '-' or a piece's path" },
    { SYN_BLACK, "commit e7e5;KQkq -", "';' after e7e5 is not a promotion letter" },
    { SYN_BLACK, "commit e7e5 QK -", "castling rights 'QK' are not '-' or some of K, Q, k, q" },
    { SYN_BLACK, "commit e7e5 KK -", "castling rights 'KK' are not" },
    { SYN_BLACK, "commit e7e5 KQkq", "the en passant squares are missing" },
    { SYN_BLACK, "commit e2e1qx KQkq -", "'x' where a space comes before the castling rights" },
    { SYN_BLACK, "commit e7e5 KQkq e3", "e3 is not on rank 6, which black's double steps pass" },
    { SYN_WHITE, "commit e2e4 KQkq e6", "e6 is not on rank 3, which white's double steps pass" },
    { SYN_BLACK, "commit e7e5 KQkq x6", "'x6' is not '-' or a list of en passant squares" },
    { SYN_BLACK, "commit e7e5,d7d5 - e6,e6", "the en passant square e6 is given twice" },
    { SYN_BLACK, "commit e7e5,d7d5 - e6,d6", "from the a-file to the h-file, but d6 comes after" },
    { SYN_BLACK, "commit e7e5 - e6 ", "unexpected text after the en passant squares" },
    { SYN_BLACK, NULL, "no public step given" },
  };
  GString *long_text = g_string_new ("commit ");
  GString *many = g_string_new ("commit ");
  SynTxPublicStep step;
  char error[256];

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text ? cases[i].text : "(null)");
      strcpy (error, "");
      g_assert_false (
          syn_tx_public_step_from_text (cases[i].text, cases[i].side, &step, error, sizeof error));
      if (!strstr (error, cases[i].message))
        g_test_message ("message: %s", error);
      g_assert_nonnull (strstr (error, cases[i].message));
      g_assert_false (step.commit);
    }
  /* More than SYN_TX_MAX_CHANGED pairs, each well-formed and in order. */
  for (int i = 0; i <= SYN_TX_MAX_CHANGED; i++)
    {
      char from[3], to[3];
      syn_square_to_text (i, from);
      syn_square_to_text (63 - i, to);
      g_string_append_printf (many, "%s%s%s", i ? "," : "", from, to);
    }
  g_string_append (many, " - -");
  g_assert_false (syn_tx_public_step_from_text (many->str, SYN_WHITE, &step, error, sizeof error));
  g_assert_nonnull (strstr (error, "more than 16 pieces changed square"));
  while (long_text->len < SYN_TX_PUBLIC_STEP_SIZE)
    g_string_append (long_text, "-");
  g_assert_false (
      syn_tx_public_step_from_text (long_text->str, SYN_WHITE, &step, error, sizeof error));
  g_assert_nonnull (strstr (error, "longer than 127 characters"));
  g_string_free (many, TRUE);
  g_string_free (long_text, TRUE);
}

/* White's program follows Black's commits: every step that cannot be true from what White
 * knows is refused with a message. White's d2d4 is pending, so d2 and d4 are locked. */
#define FOLLOWED "r3k2r/p3pppp/8/8/8/8/1p1PPPpP/R3K2R b KQk - 0 1 T1:d2d4 ?"

typedef struct
{
  int8_t from, to;
  uint8_t promotion;
} Pair;

static void
assert_refused_step (const SynState *state, const SynTxPublicStep *step, const char *message)
{
  SynState next;
  char error[256] = "";
  g_assert_false (syn_tx_apply_public_step (state, step, &next, error, sizeof error));
  if (!strstr (error, message))
    g_test_message ("message: %s", error);
  g_assert_nonnull (strstr (error, message));
}

static void
test_r15_public_step_refused (void)
{
  static const struct
  {
    const char *text, *message;
  } cases[] = {
    { "commit d8d7 KQk -", "d8 holds no black piece" },
    { "commit a8d4 KQk -", "d4 is locked by white's pending moves" },
    { "commit a8e1 KQk -", "a8e1 would capture the white king" },
    { "commit a8a1q KQk -", "a8a1 promotes, but a8 holds no pawn" },
    { "commit a7a5q KQk -", "a7a5 promotes, but a5 is not on black's last rank" },
    { "commit b2b1 KQk -", "b2b1 leaves a pawn on b1 without promoting it" },
    { "commit a8h8 KQk -", "two black pieces end on h8: the one there did not move" },
    { "commit h8h2,a8a1 KQk -",
      "white's pieces on a1 and h2 are captured, but a commit captures once" },
    { "commit g2g1q,b2b1q KQk -", "2 pawns promote, but a commit promotes once" },
    { "commit a7a6 KQkq -", "the castling right q is gained" },
    { "commit e8d8 KQk -", "the castling right k stays, though its king or rook moved" },
    { "commit a7a6 Qk -", "the castling right K is lost, though nothing reached h1" },
    { "commit a7a6 KQk a6",
      "the en passant square a6 is not behind a black pawn's double step (a7 to a5)" },
  };
  static const struct
  {
    Pair pairs[2];
    int n;
    const char *message;
  } built[] = {
    { { { 48, 40, 0 }, { 48, 32, 0 } }, 2, "two paths start on a7" },
    { { { 48, 48, 0 } }, 1, "a7a7 does not change square" },
    { { { 48, 40, 0 }, { 52, 40, 0 } }, 2, "two black pieces end on a6" },
    { { { 64, 40, 0 } }, 1, "a path leaves the board" },
    { { { 9, 1, SYN_KING } }, 1, "b2b1 promotes to neither a knight, bishop, rook nor queen" },
  };
  SynState state = load (FOLLOWED), referee;
  SynTxPublicStep step;
  char error[128];

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].text);
      g_assert_true (
          syn_tx_public_step_from_text (cases[i].text, SYN_BLACK, &step, error, sizeof error));
      assert_refused_step (&state, &step, cases[i].message);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (built); i++)
    {
      memset (&step, 0, sizeof step);
      step.commit = true;
      step.castling = state.board.castling;
      step.n_changed = (uint8_t) built[i].n;
      for (int j = 0; j < built[i].n; j++)
        {
          step.changed[j].from = built[i].pairs[j].from;
          step.changed[j].to = built[i].pairs[j].to;
          step.changed[j].promotion = built[i].pairs[j].promotion;
        }
      assert_refused_step (&state, &step, built[i].message);
    }
  memset (&step, 0, sizeof step);
  step.commit = true;
  step.n_changed = SYN_TX_MAX_CHANGED + 1;
  assert_refused_step (&state, &step, "17 pieces changed square, more than 16");
  memset (&step, 0, sizeof step);
  step.commit = true;
  step.castling = 0x14;
  assert_refused_step (&state, &step, "castling rights 0x14 are not a set of K, Q, k and q");
  /* Only a hidden side's turn is followed. */
  referee = load ("r3k2r/p3pppp/8/8/8/8/1p1PPPpP/R3K2R b KQk - 0 1 T1:d2d4 T2:-");
  memset (&step, 0, sizeof step);
  assert_refused_step (&referee, &step, "Black's transaction is known here");
  /* And the right ones are taken: a capture on h1 costs White its right there. */
  g_assert_true (
      syn_tx_public_step_from_text ("commit g2h1q Qk -", SYN_BLACK, &step, error, sizeof error));
  g_assert_true (syn_tx_apply_public_step (&state, &step, &referee, error, sizeof error));
  assert_player_fen (&referee, SYN_WHITE,
                     "r3k2r/p3pppp/8/8/8/8/1p1PPP1P/R3K2q w Qk - 0 2 T1:d2d4 ?");
}

/* TX-R15 on random play: at every step the mover's program computes the public part of its
 * choice from its own state, sends it as text, and the receiver's program follows it to the
 * referee's state as the receiver may know it; the mover's program steps its own state to
 * the referee's as the mover knows it; both tell the same announcement as the referee; the
 * mover's program judges its own turn as the referee does, the receiver's only the fifty
 * turns, and there it agrees with the referee save for a hidden attack, which the mover's
 * program claims. */
static void
test_r15_public_step_follows_referee (void)
{
  static const char *const starts[] = {
    SYN_FEN_START,
    E5_START,
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    "r3k3/1PP5/8/8/8/8/1pp5/R3K3 w Qq - 0 1",
    FEN_NO_MOVE,
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260515);
  SynVariant slow = *TX;
  int games = g_getenv ("SYNCHESS_SLOW") ? 2000 : 200, steps = 0, commits = 0, told = 0,
      all_refused = 0, fifty_before_mate = 0, hidden_attack_at_fifty = 0;
  int endings[SYN_REASON_LAST + 1] = { 0 };

  slow.count_after_step = NULL;
  for (int game = 0; game < games; game++)
    {
      SynState referee = load (starts[game % G_N_ELEMENTS (starts)]);
      for (int step = 0; step < 300; step++)
        {
          SynColour us = mover (&referee), them = (SynColour) !us;
          SynState own = player (&referee, us), other = player (&referee, them);
          SynState next, own_next, other_next, expected;
          SynOutcome outcome = TX->outcome (&referee), seen;
          SynChoice choices[SYN_MAX_CHOICES], own_choices[SYN_MAX_CHOICES];
          SynBitboard sets[SYN_MAX_MOVES], their_locks = syn_tx_locks (&referee, them);
          SynTxPublicStep sent, received;
          char text[SYN_TX_PUBLIC_STEP_SIZE], again[SYN_TX_PUBLIC_STEP_SIZE], error[256] = "";
          char said[SYN_TX_ANNOUNCEMENT_SIZE], heard[SYN_TX_ANNOUNCEMENT_SIZE];
          char fen[SYN_FEN_MAX_SIZE], expected_fen[SYN_FEN_MAX_SIZE];
          SynEvent events[SYN_MAX_EVENTS];
          SynChoice chosen, sealed;
          SynMove move;
          bool refused_all = true, said_any;
          int n, n_sets, n_events;

          /* Who judges what. */
          seen = TX->outcome (&own);
          g_assert_cmpint (seen.result, ==, outcome.result);
          g_assert_cmpint (seen.reason, ==, outcome.reason);
          /* The receiver's program sees the counter only: below 100 it judges nothing, at 100
           * it ends the game as the referee does, the draw coming before this turn's mate or
           * stalemate (TX-R13, R15). When the receiver has just committed, a hidden attack may
           * have come before, within the turn that took the counter to 100: only the mover's
           * program sees it, so the receiver waits for the mover's claim of either end. */
          seen = TX->outcome (&other);
          if (referee.board.quiet_turns < 100
              || (referee.board.quiet_turns >= 100
                  && (other.rules.tx.just_committed & (1u << them))))
            {
              g_assert_cmpint (seen.result, ==, SYN_RESULT_NONE);
              g_assert_cmpint (seen.reason, ==, SYN_REASON_NONE);
              g_assert_cmpint (TX->choices (&other, us, choices), ==, 1);
              if (referee.board.quiet_turns >= 100)
                hidden_attack_at_fifty += outcome.reason == SYN_REASON_HIDDEN_ATTACK;
            }
          else
            {
              SynState uncounted = referee;
              g_assert_cmpint (seen.result, ==, outcome.result);
              g_assert_cmpint (seen.reason, ==, outcome.reason);
              uncounted.board.quiet_turns = 0;
              if (TX->outcome (&uncounted).result != SYN_RESULT_NONE)
                fifty_before_mate++;
            }
          if (outcome.result != SYN_RESULT_NONE)
            {
              endings[outcome.reason]++;
              break;
            }
          g_assert_cmpint (TX->choices (&other, us, choices), ==, 1);
          g_assert_cmpuint (choices[0], ==, SYN_CHOICE_SEALED);
          g_assert_cmpuint (TX->count_joint_choices (&other), ==, 1);

          /* TX-R6: the referee's "no move" is what the opponent's locks answer. */
          n = TX->choices (&referee, us, choices);
          n_sets = syn_tx_refusal_sets (&own, sets);
          g_assert_cmpint (n_sets, >, 0);
          for (int i = 0; i < n_sets; i++)
            if (!(sets[i] & their_locks))
              refused_all = false;
          g_assert_true (refused_all == (SYN_CHOICE_MOVE (choices[0]) == SYN_MOVE_NONE));
          if (refused_all)
            {
              syn_tx_set_all_refused (&own);
              all_refused++;
            }
          g_assert_cmpint (TX->choices (&own, us, own_choices), ==, n);
          g_assert_true (memcmp (choices, own_choices, (size_t) n * sizeof *choices) == 0);
          g_assert_cmpuint (TX->count_joint_choices (&own), ==, (guint64) n);
          if (steps % 50 == 0)
            {
              g_assert_cmpuint (syn_sperft (TX, &own, 2), ==, syn_sperft (&slow, &own, 2));
              g_assert_cmpuint (syn_sperft (TX, &other, 2), ==, syn_sperft (&slow, &other, 2));
            }

          chosen = choices[g_rand_int_range (rand, 0, n)];
          move = SYN_CHOICE_MOVE (chosen);
          if (move != SYN_MOVE_NONE && (syn_tx_refusal_squares (move) & their_locks))
            continue; /* refused: the opponent's program is asked, nothing else happens */
          steps++;
          TX->apply (&referee, us == SYN_WHITE ? chosen : SYN_CHOICE_NONE,
                     us == SYN_BLACK ? chosen : SYN_CHOICE_NONE, &next);

          /* The mover's program plays its own choice. */
          TX->apply (&own, us == SYN_WHITE ? chosen : SYN_CHOICE_NONE,
                     us == SYN_BLACK ? chosen : SYN_CHOICE_NONE, &own_next);
          expected = player (&next, us);
          g_assert_true (memcmp (&own_next.board, &expected.board, sizeof expected.board) == 0);
          g_assert_true (memcmp (&own_next.rules.tx, &expected.rules.tx, sizeof expected.rules.tx)
                         == 0);

          /* Its public part goes to the other program as text. */
          syn_tx_public_step (&own, chosen, &sent);
          g_assert_true (sent.commit == ((chosen & SYN_CHOICE_COMMIT) != 0));
          syn_tx_public_step_to_text (&sent, us, text, sizeof text);
          if (!syn_tx_public_step_from_text (text, us, &received, error, sizeof error))
            g_test_message ("%s: %s", text, error);
          g_assert_cmpstr (error, ==, "");
          g_assert_true (memcmp (&sent, &received, sizeof sent) == 0);
          syn_tx_public_step_to_text (&received, us, again, sizeof again);
          g_assert_cmpstr (again, ==, text);
          if (!syn_tx_apply_public_step (&other, &received, &other_next, error, sizeof error))
            g_test_message ("%s refused: %s", text, error);
          g_assert_cmpstr (error, ==, "");
          TX->write_view_state (&other_next, them, fen, sizeof fen);
          TX->write_view_state (&next, them, expected_fen, sizeof expected_fen);
          g_assert_cmpstr (fen, ==, expected_fen);
          expected = player (&next, them);
          g_assert_true (memcmp (&other_next.board, &expected.board, sizeof expected.board) == 0);
          commits += sent.commit;

          /* The same announcement in all three programs. */
          said_any = TX->announce (&referee, &next, us, said, sizeof said);
          g_assert_true (said_any == TX->announce (&other, &other_next, us, heard, sizeof heard));
          if (said_any)
            {
              g_assert_cmpstr (heard, ==, said);
              told++;
            }
          g_assert_true (said_any == TX->announce (&own, &own_next, us, heard, sizeof heard));
          if (said_any)
            g_assert_cmpstr (heard, ==, said);
          g_assert_false (TX->announce (&other, &other_next, them, heard, sizeof heard));

          /* The other program's record of the sealed turn. */
          sealed = SYN_CHOICE_SEALED | (sent.commit ? SYN_CHOICE_COMMIT : 0);
          n_events = TX->events (&other, us == SYN_WHITE ? sealed : SYN_CHOICE_NONE,
                                 us == SYN_BLACK ? sealed : SYN_CHOICE_NONE, &other_next, events);
          g_assert_cmpint (n_events, ==, sent.commit ? 1 : 0);
          referee = next;
        }
    }
  g_test_message ("%d games, %d steps, %d commits, %d announced, %d turns with every move "
                  "refused; checkmate %d, hidden attack %d, stalemate %d, fifty turns %d; "
                  "%d of those with a mate or stalemate after them; %d hidden attacks as the "
                  "counter reached 100, seen by the mover's program only",
                  games, steps, commits, told, all_refused, endings[SYN_REASON_CHECKMATE],
                  endings[SYN_REASON_HIDDEN_ATTACK], endings[SYN_REASON_STALEMATE],
                  endings[SYN_REASON_FIFTY_TURNS], fifty_before_mate, hidden_attack_at_fifty);
  g_assert_cmpint (commits, >, 0);
  g_assert_cmpint (told, >, 0);
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

  g_test_add_func ("/transactional/seed/notation-example", test_seed_notation_example);
  g_test_add_func ("/transactional/seed/example-game", test_seed_example_game);
  g_test_add_func ("/transactional/r1/turns-alternate", test_r1_turns_alternate);
  g_test_add_func ("/transactional/r2/views", test_r2_views);
  g_test_add_func ("/transactional/r3/transaction-numbers", test_r3_transaction_numbers);
  g_test_add_func ("/transactional/r4/castling-right-spent-by-pending-move",
                   test_r4_castling_right_spent_by_pending_move);
  g_test_add_func ("/transactional/r4/king-safe-in-own-view", test_r4_king_safe_in_own_view);
  g_test_add_func ("/transactional/r5/capture-of-moved-piece-refused",
                   test_r5_capture_of_moved_piece_refused);
  g_test_add_func ("/transactional/r5/castling-refused-on-rook-square",
                   test_r5_castling_refused_on_rook_square);
  g_test_add_func ("/transactional/r5/own-locks-never-matter", test_r5_own_locks_never_matter);
  g_test_add_func ("/transactional/r6/no-move-is-a-pass", test_r6_no_move_is_a_pass);
  g_test_add_func ("/transactional/r7/fifth-move-ends-transaction",
                   test_r7_fifth_move_ends_transaction);
  g_test_add_func ("/transactional/r7/promotion-forces-commit", test_r7_promotion_forces_commit);
  g_test_add_func ("/transactional/r7/check-on-committed-king", test_r7_check_on_committed_king);
  g_test_add_func ("/transactional/r8/castling-announcement", test_r8_castling_announcement);
  g_test_add_func ("/transactional/r8/promotion-and-check-announcement",
                   test_r8_promotion_and_check_announcement);
  g_test_add_func ("/transactional/r9/rollback-keeps-captures", test_r9_rollback_keeps_captures);
  g_test_add_func ("/transactional/r9/no-rollback-in-apparent-check",
                   test_r9_no_rollback_in_apparent_check);
  g_test_add_func ("/transactional/r10/both-attacked-play-goes-on",
                   test_r10_both_attacked_play_goes_on);
  g_test_add_func ("/transactional/r10/hidden-attack-loses", test_r10_hidden_attack_loses);
  g_test_add_func ("/transactional/r11/double-step-then-more-is-not-eligible",
                   test_r11_double_step_then_more_is_not_eligible);
  g_test_add_func ("/transactional/r12/stalemate-by-own-pending-moves",
                   test_r12_stalemate_by_own_pending_moves);
  g_test_add_func ("/transactional/r12/checkmate", test_r12_checkmate);
  g_test_add_func ("/transactional/r13/fifty-turns", test_r13_fifty_turns);
  g_test_add_func ("/transactional/r13/fifty-turns-before-mate", test_r13_fifty_turns_before_mate);
  g_test_add_func ("/transactional/r13/hidden-attack-before-fifty-turns",
                   test_r13_hidden_attack_before_fifty_turns);
  g_test_add_func ("/transactional/r14/round-trip", test_r14_round_trip);
  g_test_add_func ("/transactional/r14/omitted-transactions", test_r14_omitted_transactions);
  g_test_add_func ("/transactional/r14/player-fen-is-read", test_r14_player_fen_is_read);
  g_test_add_func ("/transactional/r14/errors", test_r14_errors);
  g_test_add_func ("/transactional/r8/announce-hook", test_r8_announce_hook);
  g_test_add_func ("/transactional/sperft/count-agrees-with-choices",
                   test_count_agrees_with_choices);

  g_test_add_func ("/transactional/r15/player-state-is-player-fen",
                   test_r15_player_state_is_player_fen);
  g_test_add_func ("/transactional/r15/hidden-side-is-sealed", test_r15_hidden_side_is_sealed);
  g_test_add_func ("/transactional/r15/e2-between-programs", test_r15_e2_between_programs);
  g_test_add_func ("/transactional/r15/e3-hidden-attack-judged-by-receiver",
                   test_r15_e3_hidden_attack_judged_by_receiver);
  g_test_add_func ("/transactional/r15/e4-between-programs", test_r15_e4_between_programs);
  g_test_add_func ("/transactional/r15/e5-between-programs", test_r15_e5_between_programs);
  g_test_add_func ("/transactional/r6/all-refused-between-programs",
                   test_r6_all_refused_between_programs);
  g_test_add_func ("/transactional/r5/refusal-squares", test_r5_refusal_squares);
  g_test_add_func ("/transactional/r15/public-step-text-round-trip",
                   test_r15_public_step_text_round_trip);
  g_test_add_func ("/transactional/r15/public-step-text-errors", test_r15_public_step_text_errors);
  g_test_add_func ("/transactional/r15/public-step-refused", test_r15_public_step_refused);

  g_test_add_func ("/transactional/random-play/invariants", test_random_play_invariants);
  g_test_add_func ("/transactional/r15/public-step-follows-referee",
                   test_r15_public_step_follows_referee);

  return g_test_run ();
}
