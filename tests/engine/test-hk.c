/* test-hk.c: the Hansmann–Krasowsky rulings (HK-R1 to R15), their worked examples and the
 * table's promises (counts, FEN round trips), one behaviour per test, named by ruling.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "rule-set-test-util.h"
#include "variant.h"

static const SynVariant *const hk = &syn_variant_hk;

/* Helpers ------------------------------------------------------------------------------ */

static void
load (SynState *state, const char *fen)
{
  rule_set_test_load (hk, state, fen);
}

static void
assert_fen (const SynState *state, const char *expected)
{
  rule_set_test_assert_fen (hk, state, expected);
}

/* side's choice written text; "-" for a side that waits, which must then have none. */
static SynChoice
choice (const SynState *state, SynColour side, const char *text)
{
  SynChoice choices[SYN_MAX_CHOICES];
  SynChoice found;
  if (strcmp (text, "-") == 0)
    {
      g_assert_cmpint (hk->choices (state, side, choices), ==, 0);
      return SYN_CHOICE_NONE;
    }
  found = syn_variant_choice_from_text (hk, state, side, text);
  if (found == SYN_CHOICE_NONE)
    g_test_message ("%s is not a choice of %s", text, side == SYN_WHITE ? "white" : "black");
  g_assert_true (found != SYN_CHOICE_NONE);
  return found;
}

/* Takes one step from *state by the two choice texts and checks the FEN it leads to. */
static void
step (SynState *state, const char *white, const char *black, const char *expected)
{
  SynState next;
  SynChoice w = choice (state, SYN_WHITE, white);
  SynChoice b = choice (state, SYN_BLACK, black);
  g_assert_cmpint (hk->outcome (state).result, ==, SYN_RESULT_NONE);
  hk->apply (state, w, b, &next);
  assert_fen (&next, expected);
  *state = next;
}

static void
assert_outcome (const SynState *state, const char *result, const char *reason)
{
  SynOutcome outcome = hk->outcome (state);
  g_assert_cmpstr (syn_result_to_text (outcome.result), ==, result);
  g_assert_cmpstr (syn_reason_to_text (outcome.reason), ==, reason);
  if (outcome.result != SYN_RESULT_NONE)
    g_assert_cmpuint (hk->count_joint_choices (state), ==, 0);
}

/* side's choices as one sorted, space-separated text, compared with a list. */
static void
assert_choices (const SynState *state, SynColour side, const char *expected)
{
  g_autofree char *text = rule_set_test_choices_text (hk, state, side);
  /* A side that waits has no choices; the CLI writes it "-". */
  g_assert_cmpstr (text[0] ? text : "-", ==, expected);
}

static gboolean
has_choice (const SynState *state, SynColour side, const char *text)
{
  return syn_variant_choice_from_text (hk, state, side, text) != SYN_CHOICE_NONE;
}

static int
n_choices (const SynState *state, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];
  return hk->choices (state, side, choices);
}

/* HK-R14: refused, with the field named both in error.field and in the message. */
static void
assert_refused (const char *fen, int field)
{
  SynState state;
  SynFenError error = { 0, "" };
  g_autofree char *field_text = g_strdup_printf ("field %d", field);
  g_assert_false (hk->read_state (fen, &state, &error));
  g_test_message ("%s: %s", fen, error.message);
  g_assert_cmpint (error.field, ==, field);
  if (field > 0)
    g_assert_nonnull (strstr (error.message, field_text));
  g_assert_cmpuint (strlen (error.message), >, 0);
}

static void
assert_round_trip (const char *fen)
{
  rule_set_test_assert_round_trip (hk, fen);
}

static int
square (const char *name)
{
  int s = syn_square_from_text (name);
  g_assert_cmpint (s, !=, SYN_NO_SQUARE);
  return s;
}

/* Worked examples ------------------------------------------------------------------------ */

#define FEN_E1 "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
#define FEN_E3 "4r1k1/8/2n5/8/8/5N2/8/3R2K1 w - - 0 1"
#define FEN_E4 "3r2k1/8/5n2/8/8/2N5/8/3R2K1 w - - 0 1"

static void
test_e1_no_field (void)
{
  SynState state;
  load (&state, SYN_FEN_START);
  step (&state, "e2e4", "d7d5", FEN_E1);
  assert_outcome (&state, "*", NULL);
}

static void
test_e2_just_moved_piece_strikes (void)
{
  SynState state;
  load (&state, FEN_E1);
  step (&state, "e4d5", "g8f6",
        "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-");
  step (&state, "-", "f6d5", "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/d5");
  assert_choices (&state, SYN_WHITE, "0000");
  step (&state, "0000", "-", "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  assert_outcome (&state, "*", NULL);
}

static void
test_e3_two_fields_at_once (void)
{
  SynState state;
  load (&state, FEN_E3);
  step (&state, "f3e5", "c6d4", "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 1 e5,d4/-");
  step (&state, "d1d4", "e8e5", "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 1 e5,d4/e5,d4");
  assert_choices (&state, SYN_WHITE, "0000");
  assert_choices (&state, SYN_BLACK, "0000");
  step (&state, "0000", "0000", "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 2");
  assert_outcome (&state, "*", NULL);
}

static void
test_e4_chain (void)
{
  SynState state;
  load (&state, FEN_E4);
  step (&state, "c3d5", "g8g7", "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 1 d5/-");
  step (&state, "-", "f6d5", "3r4/6k1/8/3n4/8/8/8/3R2K1 w - - 0 1 d5/d5");
  step (&state, "d1d5", "-", "3r4/6k1/8/3R4/8/8/8/6K1 w - - 0 1 d5/d5");
  step (&state, "-", "d8d5", "8/6k1/8/3r4/8/8/8/6K1 w - - 0 1 d5/d5");
  step (&state, "0000", "-", "8/6k1/8/3r4/8/8/8/6K1 w - - 0 2");
  assert_outcome (&state, "*", NULL);
}

static void
test_e4_third_blow_passed (void)
{
  SynState state;
  load (&state, FEN_E4);
  step (&state, "c3d5", "g8g7", "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 1 d5/-");
  step (&state, "-", "f6d5", "3r4/6k1/8/3n4/8/8/8/3R2K1 w - - 0 1 d5/d5");
  step (&state, "d1d5", "-", "3r4/6k1/8/3R4/8/8/8/6K1 w - - 0 1 d5/d5");
  step (&state, "-", "0000", "3r4/6k1/8/3R4/8/8/8/6K1 w - - 0 2");
}

static void
test_e5_king_collision (void)
{
  SynState state;
  load (&state, "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1");
  g_assert_true (has_choice (&state, SYN_WHITE, "d3e4"));
  step (&state, "d3e4", "e5e4", "4k3/8/8/8/8/8/8/8 w - - 0 2");
  assert_outcome (&state, "0-1", "king-captured");
}

static void
test_e6_rule_d_mate (void)
{
  SynState state;
  load (&state, "4r2k/8/8/8/8/1bN4b/3P1P2/4K3 w - - 0 1");
  g_assert_false (has_choice (&state, SYN_WHITE, "c3e2"));
  g_assert_false (has_choice (&state, SYN_WHITE, "c3e4"));
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 0);
  assert_outcome (&state, "0-1", "checkmate");
}

/* HK-R1: the steps of a turn ----------------------------------------------------------- */

static void
test_r1_phase_steps_are_blows (void)
{
  SynState state;
  SynStepInfo info;
  load (&state, FEN_E3);
  syn_variant_describe (hk, &state, &info);
  g_assert_cmpint (info.kind, ==, SYN_STEP_MOVES);
  g_assert_true (info.marked == 0);
  step (&state, "f3e5", "c6d4", "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 1 e5,d4/-");
  syn_variant_describe (hk, &state, &info);
  g_assert_cmpint (info.kind, ==, SYN_STEP_BLOWS);
  g_assert_true (info.marked == (syn_bit (square ("e5")) | syn_bit (square ("d4"))));
}

static void
test_r1_fields_opened_are_events (void)
{
  SynState before, after;
  SynEvent events[SYN_MAX_EVENTS];
  SynChoice w, b;
  int n;
  gboolean white_on_d4 = FALSE, black_on_e5 = FALSE;

  load (&before, FEN_E3);
  w = choice (&before, SYN_WHITE, "f3e5");
  b = choice (&before, SYN_BLACK, "c6d4");
  hk->apply (&before, w, b, &after);
  n = hk->events (&before, w, b, &after, events);
  g_assert_cmpint (n, ==, 2);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (events[i].kind, ==, SYN_EVENT_FIELD_OPENED);
      if (events[i].side == SYN_WHITE && events[i].square == square ("d4"))
        white_on_d4 = TRUE;
      if (events[i].side == SYN_BLACK && events[i].square == square ("e5"))
        black_on_e5 = TRUE;
    }
  g_assert_true (white_on_d4 && black_on_e5);

  /* A round opens nothing. */
  before = after;
  w = choice (&before, SYN_WHITE, "d1d4");
  b = choice (&before, SYN_BLACK, "e8e5");
  hk->apply (&before, w, b, &after);
  g_assert_cmpint (hk->events (&before, w, b, &after, events), ==, 0);
}

/* HK-R2: choices ------------------------------------------------------------------------ */

static void
test_r2_start_position_twenty_each (void)
{
  SynState state;
  load (&state, SYN_FEN_START);
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 20);
  g_assert_cmpint (n_choices (&state, SYN_BLACK), ==, 20);
  g_assert_cmpuint (hk->count_joint_choices (&state), ==, 400);
}

static void
test_r2_no_en_passant (void)
{
  SynState state;
  load (&state, "4k3/3p4/8/4P3/8/8/8/4K3 w - - 0 1");
  step (&state, "e1e2", "d7d5", "4k3/8/8/3pP3/8/8/4K3/8 w - - 0 2");
  g_assert_false (has_choice (&state, SYN_WHITE, "e5d6"));
  g_assert_true (has_choice (&state, SYN_WHITE, "e5e6"));
}

static void
test_r2_promotion_names_the_piece (void)
{
  SynState state;
  load (&state, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  g_assert_true (has_choice (&state, SYN_WHITE, "b7b8q"));
  g_assert_true (has_choice (&state, SYN_WHITE, "b7b8r"));
  g_assert_true (has_choice (&state, SYN_WHITE, "b7b8b"));
  g_assert_true (has_choice (&state, SYN_WHITE, "b7b8n"));
  g_assert_false (has_choice (&state, SYN_WHITE, "b7b8"));
  step (&state, "b7b8n", "e8e7", "1N6/4k3/8/8/8/8/8/4K3 w - - 0 2");
}

static void
test_r2_no_self_capture_and_no_pass (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  g_assert_false (has_choice (&state, SYN_WHITE, "e1a1"));
  g_assert_false (has_choice (&state, SYN_WHITE, "0000"));
  /* Rook: 7 up the file, 3 along the rank; king: 5. */
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 15);
}

static void
test_r2_king_never_moves_to_an_attacked_square (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/3r4/7K w - - 0 1");
  assert_choices (&state, SYN_WHITE, "h1g1");
}

static void
test_r2_pinned_piece_keeps_to_its_line (void)
{
  SynState state;
  load (&state, "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
  g_assert_false (has_choice (&state, SYN_WHITE, "e2c3"));
  assert_choices (&state, SYN_WHITE, "e1d1 e1d2 e1f1 e1f2");
}

static void
test_r2_castling_is_orthodox (void)
{
  SynState state;
  load (&state, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  g_assert_true (has_choice (&state, SYN_WHITE, "e1g1"));
  g_assert_true (has_choice (&state, SYN_WHITE, "e1c1"));
  step (&state, "e1g1", "e8c8", "2kr3r/8/8/8/8/8/8/R4RK1 w - - 1 2");
  /* Through an attacked square: refused. */
  load (&state, "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
  g_assert_false (has_choice (&state, SYN_WHITE, "e1g1"));
  g_assert_true (has_choice (&state, SYN_WHITE, "e1c1"));
}

static void
test_r2_king_capture_is_an_ordinary_capture_that_fails (void)
{
  SynState state;
  /* Rd1 gives check along the d-file: Black must step aside, so Rxd8 finds nothing. */
  load (&state, "3k4/8/8/8/8/8/8/3RK3 w - - 0 1");
  g_assert_true (has_choice (&state, SYN_WHITE, "d1d8"));
  step (&state, "d1d8", "d8e7", "3R4/4k3/8/8/8/8/8/4K3 w - - 1 2");
  g_assert_true (has_choice (&state, SYN_BLACK, "e7d8"));
}

/* HK-R3: check --------------------------------------------------------------------------- */

static void
test_r3_in_check_only_king_moves (void)
{
  SynState state;
  load (&state, "4r2k/8/8/8/8/2N5/8/4K3 w - - 0 1");
  assert_choices (&state, SYN_WHITE, "e1d1 e1d2 e1f1 e1f2");
}

static void
test_r3_king_may_capture_an_unprotected_checker (void)
{
  SynState state;
  load (&state, "7k/8/8/8/8/8/4r3/4K3 w - - 0 1");
  assert_choices (&state, SYN_WHITE, "e1d1 e1e2 e1f1");
  load (&state, "7k/8/8/8/8/5p2/4r3/4K3 w - - 0 1");
  assert_choices (&state, SYN_WHITE, "e1d1 e1f1");
}

static void
test_r3_no_castling_in_check (void)
{
  SynState state;
  load (&state, "4r2k/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  g_assert_false (has_choice (&state, SYN_WHITE, "e1g1"));
  g_assert_false (has_choice (&state, SYN_WHITE, "e1c1"));
  g_assert_false (has_choice (&state, SYN_WHITE, "a1e1"));
}

/* HK-R4/R5: execution and collision ------------------------------------------------------ */

static void
test_r4_capture_of_a_piece_that_stayed_removes_it (void)
{
  SynState state;
  load (&state, "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
  step (&state, "d1d5", "e8f8", "5k2/8/8/3R4/8/8/8/4K3 w - - 0 2");
}

static void
test_r4_pieces_capturing_each_other_swap (void)
{
  SynState state;
  load (&state, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  step (&state, "a1a8", "a8a1", "R3k3/8/8/8/8/8/8/r3K3 w - - 1 2");
  assert_outcome (&state, "*", NULL);
}

static void
test_r4_capture_of_a_piece_that_left_finds_nothing (void)
{
  SynState state;
  load (&state, "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1");
  step (&state, "d1d5", "d5b4", "4k3/8/8/3R4/1n6/8/8/4K3 w - - 1 2");
}

static void
test_r5_collision_removes_both (void)
{
  SynState state;
  load (&state, "4k3/8/5n2/8/8/2N5/8/4K3 w - - 3 7");
  step (&state, "c3d5", "f6d5", "4k3/8/8/8/8/8/8/4K3 w - - 0 8");
  assert_outcome (&state, "*", NULL);
}

static void
test_r5_king_collision_black_king (void)
{
  SynState state;
  load (&state, "8/8/3k4/8/4P3/8/8/4K3 w - - 0 1");
  step (&state, "e4e5", "d6e5", "8/8/8/8/8/8/8/4K3 w - - 0 2");
  assert_outcome (&state, "1-0", "king-captured");
}

/* HK-R6: fields ------------------------------------------------------------------------- */

static void
test_r6_protected_square_opens_a_field (void)
{
  SynState state;
  /* The d5 pawn is Black's own piece on d5: the queen behind it still protects the square. */
  load (&state, "3qk3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  step (&state, "e4d5", "e8f8", "3q1k2/8/8/3P4/8/8/8/4K3 w - - 0 1 d5/-");
  assert_choices (&state, SYN_BLACK, "0000 d8d5");
  assert_choices (&state, SYN_WHITE, "-");
}

static void
test_r6_pawn_attacks_diagonally_only (void)
{
  SynState state;
  load (&state, "4k3/8/3p4/8/8/3N4/8/4K3 w - - 0 1");
  /* e5 is attacked by the d6 pawn, d5 (in front of it) is not. */
  step (&state, "d3e5", "e8f8", "5k2/8/3p4/4N3/8/8/8/4K3 w - - 1 1 e5/-");
  load (&state, "4k3/8/3p4/8/2N5/8/8/4K3 w - - 0 1");
  step (&state, "c4e3", "e8f8", "5k2/8/3p4/8/8/4N3/8/4K3 w - - 1 2");
  load (&state, "4k3/8/3p4/8/8/2N5/8/4K3 w - - 0 1");
  step (&state, "c3d5", "e8f8", "5k2/8/3p4/3N4/8/8/8/4K3 w - - 1 2");
}

static void
test_r6_slider_attacks_up_to_the_first_piece (void)
{
  SynState state;
  /* The a8 rook sees down to the a6 knight, not past it to a5. */
  load (&state, "r3k3/8/n7/8/8/8/8/R3K3 w - - 0 1");
  step (&state, "a1a5", "e8f8", "r4k2/8/n7/R7/8/8/8/4K3 w - - 1 2");
}

static void
test_r6_moved_piece_not_standing_opens_nothing (void)
{
  SynState state;
  /* Both knights land on d5, which both sides attack: the collision leaves nothing there. */
  load (&state, "4k3/8/5n2/8/4P3/2N5/8/4K3 w - - 0 1");
  step (&state, "c3d5", "f6d5", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 2");
}

/* HK-R7: strikes ------------------------------------------------------------------------ */

static void
test_r7_king_strikes_only_an_unattacked_field (void)
{
  SynState state;
  load (&state, "4k3/p6r/2N5/8/8/B7/8/4K3 w - - 0 1");
  step (&state, "a3e7", "a7a6", "4k3/4B2r/p1N5/8/8/8/8/4K3 w - - 0 1 e7/-");
  assert_choices (&state, SYN_BLACK, "0000 h7e7");
  load (&state, "4k3/p6r/8/8/8/B7/8/4K3 w - - 0 1");
  step (&state, "a3e7", "a7a6", "4k3/4B2r/p7/8/8/8/8/4K3 w - - 0 1 e7/-");
  assert_choices (&state, SYN_BLACK, "0000 e8e7 h7e7");
}

static void
test_r7_pinned_piece_may_not_strike (void)
{
  SynState state;
  load (&state, "4k3/7p/4n3/8/8/8/1B6/4R1K1 w - - 0 1");
  step (&state, "b2d4", "h7h6", "4k3/8/4n2p/8/3B4/8/8/4R1K1 w - - 0 1 d4/-");
  assert_choices (&state, SYN_BLACK, "0000");
}

static void
test_r7_pawn_strike_promotes (void)
{
  SynState state;
  load (&state, "7r/1P6/8/8/8/8/8/k5K1 w - - 0 1");
  step (&state, "g1f2", "h8c8", "2r5/1P6/8/8/8/8/5K2/k7 w - - 1 1 c8/-");
  assert_choices (&state, SYN_WHITE, "0000 b7c8b b7c8n b7c8q b7c8r");
  assert_choices (&state, SYN_BLACK, "-");
  step (&state, "b7c8q", "-", "2Q5/8/8/8/8/8/5K2/k7 w - - 0 1 c8/c8");
  step (&state, "-", "0000", "2Q5/8/8/8/8/8/5K2/k7 w - - 0 2");
}

static void
test_r7_striker_may_always_pass (void)
{
  SynState state;
  load (&state, FEN_E4);
  step (&state, "c3d5", "g8g7", "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 1 d5/-");
  step (&state, "-", "0000", "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 2");
}

/* HK-R8: rounds ------------------------------------------------------------------------- */

#define FEN_KNIGHTS_FACING "4r1k1/8/8/2n5/8/5N2/8/3R2K1 w - - 0 1"
#define FEN_KNIGHTS_FIELDS "4r1k1/8/8/4N3/8/3n4/8/3R2K1 w - - 1 1 e5,d3/-"

static void
test_r8_target_that_left_is_not_removed (void)
{
  SynState state;
  load (&state, FEN_KNIGHTS_FACING);
  step (&state, "f3e5", "c5d3", FEN_KNIGHTS_FIELDS);
  assert_choices (&state, SYN_WHITE, "0000 d1d3 e5d3");
  assert_choices (&state, SYN_BLACK, "0000 d3e5 e8e5");
  /* Both field pieces strike the other field: they swap, nothing is removed. */
  step (&state, "e5d3", "d3e5", "4r1k1/8/8/4n3/8/3N4/8/3R2K1 w - - 1 1 e5,d3/e5,d3");
  step (&state, "0000", "0000", "4r1k1/8/8/4n3/8/3N4/8/3R2K1 w - - 1 2");
}

static void
test_r8_strike_lands_on_a_field_left_by_its_target (void)
{
  SynState state;
  load (&state, FEN_KNIGHTS_FIELDS);
  step (&state, "d1d3", "d3e5", "4r1k1/8/8/4n3/8/3R4/8/6K1 w - - 0 1 e5,d3/e5,d3");
}

static void
test_r8_passed_field_closes_the_other_goes_on (void)
{
  SynState state;
  load (&state, FEN_KNIGHTS_FIELDS);
  /* White passes on d3: it closes; Black's strike on e5 leaves e5 open for White. */
  step (&state, "0000", "e8e5", "6k1/8/8/4r3/8/3n4/8/3R2K1 w - - 0 1 e5/e5");
  assert_choices (&state, SYN_BLACK, "-");
  assert_choices (&state, SYN_WHITE, "0000");
  step (&state, "0000", "-", "6k1/8/8/4r3/8/3n4/8/3R2K1 w - - 0 2");
}

static void
test_r8_closed_field_never_reopens (void)
{
  SynState state;
  load (&state, FEN_KNIGHTS_FIELDS);
  step (&state, "0000", "e8e5", "6k1/8/8/4r3/8/3n4/8/3R2K1 w - - 0 1 e5/e5");
  /* d3 is still attacked by the rook, but it is no field any more. */
  g_assert_false (has_choice (&state, SYN_WHITE, "d1d3"));
}

/* HK-R9: each piece once ---------------------------------------------------------------- */

static void
test_r9_a_piece_strikes_once (void)
{
  SynState state;
  /* Black's knight has struck d5; the queen, then the rook behind it recapture, each once. */
  load (&state, "3r2k1/8/8/3n4/8/8/3Q4/3R2K1 w - - 0 1 d5/d5");
  assert_choices (&state, SYN_WHITE, "0000 d2d5");
  step (&state, "d2d5", "-", "3r2k1/8/8/3Q4/8/8/8/3R2K1 w - - 0 1 d5/d5");
  step (&state, "-", "d8d5", "6k1/8/8/3r4/8/8/8/3R2K1 w - - 0 1 d5/d5");
  assert_choices (&state, SYN_WHITE, "0000 d1d5");
  step (&state, "d1d5", "-", "6k1/8/8/3R4/8/8/8/6K1 w - - 0 1 d5/d5");
}

static void
test_r9_struck_piece_listed_stays_out (void)
{
  SynState state;
  /* The rook on d1 is listed as having struck, so White may only pass. */
  load (&state, "6k1/8/8/3n4/8/8/8/3R2K1 w - - 0 1 d5/d1");
  assert_choices (&state, SYN_WHITE, "0000");
}

/* HK-R10: lost king --------------------------------------------------------------------- */

static void
test_r10_king_lost_in_a_chain (void)
{
  SynState state;
  load (&state, "3r2k1/8/4N3/4N3/8/1B6/8/6K1 w - - 0 1");
  step (&state, "e5f7", "d8d4", "6k1/5N2/4N3/8/3r4/1B6/8/6K1 w - - 1 1 f7,d4/-");
  assert_choices (&state, SYN_BLACK, "0000 g8f7");
  assert_choices (&state, SYN_WHITE, "0000 e6d4");
  /* The knight leaving e6 opens the bishop's diagonal onto the king that struck f7. */
  step (&state, "e6d4", "g8f7", "8/5k2/8/8/3N4/1B6/8/6K1 w - - 0 1 f7,d4/f7,d4");
  assert_choices (&state, SYN_WHITE, "0000 b3f7");
  assert_choices (&state, SYN_BLACK, "0000");
  /* The game ends at once; f7, struck, stays open as HK-R8 leaves it. */
  step (&state, "b3f7", "0000", "8/5B2/8/8/3N4/8/8/6K1 w - - 0 1 f7/f7,d4");
  assert_outcome (&state, "1-0", "king-captured");
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 0);
  g_assert_cmpint (n_choices (&state, SYN_BLACK), ==, 0);
}

static void
test_r10_both_kings_gone_is_a_draw (void)
{
  SynState state;
  load (&state, "8/8/8/8/8/8/8/8 w - - 0 1");
  assert_outcome (&state, "1/2-1/2", "king-captured");
}

static void
test_r10_game_ends_at_once_during_a_phase (void)
{
  SynState state;
  load (&state, "4k3/8/8/3n4/8/8/8/3R4 w - - 0 1 d5/-");
  assert_outcome (&state, "0-1", "king-captured");
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 0);
  g_assert_cmpint (n_choices (&state, SYN_BLACK), ==, 0);
}

/* HK-R11: mate and stalemate ------------------------------------------------------------- */

static void
test_r11_both_mated_is_a_draw (void)
{
  SynState state;
  load (&state, "R6k/6pp/8/8/8/8/6PP/r6K w - - 0 1");
  assert_outcome (&state, "1/2-1/2", "both-lost");
}

static void
test_r11_black_mated_white_wins (void)
{
  SynState state;
  load (&state, "R6k/6pp/8/8/8/8/6PP/7K w - - 0 1");
  assert_outcome (&state, "1-0", "checkmate");
}

static void
test_r11_stalemate_is_a_draw (void)
{
  SynState state;
  load (&state, "7k/8/8/8/8/1q6/8/K7 w - - 0 1");
  assert_outcome (&state, "1/2-1/2", "stalemate");
}

static void
test_r11_check_with_a_king_move_goes_on (void)
{
  SynState state;
  load (&state, "4r2k/8/8/8/8/8/8/4K3 w - - 0 1");
  assert_outcome (&state, "*", NULL);
}

static void
test_r11_not_judged_during_a_phase (void)
{
  SynState state;
  /* Black's king on h8 has no square, but the phase goes on: mate is judged at the start of
   * a synchronous move only. */
  load (&state, "R6k/6pp/8/8/8/8/3n2PP/3R3K w - - 0 1 d2/-");
  assert_outcome (&state, "*", NULL);
  assert_choices (&state, SYN_WHITE, "0000 d1d2");
}

/* HK-R12: draws ------------------------------------------------------------------------- */

static void
test_r12_fifty_quiet_turns (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/R3K3 w - - 49 30");
  assert_outcome (&state, "*", NULL);
  step (&state, "e1d1", "e8d8", "3k4/8/8/8/8/8/8/R2K4 w - - 50 31");
  assert_outcome (&state, "1/2-1/2", "fifty-turns");
}

static void
test_r12_repeats_board_and_castling (void)
{
  SynState a, b;
  load (&a, "r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1");
  load (&b, "r3k3/8/8/8/8/8/8/R3K3 w Qq - 7 12");
  g_assert_true (hk->repeats (&a, &b));
  load (&b, "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  g_assert_false (hk->repeats (&a, &b));
  load (&b, "r3k3/8/8/8/8/8/8/R2K4 w - - 0 1");
  g_assert_false (hk->repeats (&a, &b));
}

static void
test_r12_outcome_never_says_repetition (void)
{
  SynState state;
  load (&state, SYN_FEN_START);
  /* The start position stands for the third time: the game, not the engine, calls it. */
  step (&state, "g1f3", "g8f6", "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2");
  step (&state, "f3g1", "f6g8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 3");
  step (&state, "g1f3", "g8f6", "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 3 4");
  step (&state, "f3g1", "f6g8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 5");
  assert_outcome (&state, "*", NULL);
}

/* HK-R13: counters and rights ------------------------------------------------------------- */

static void
test_r13_turn_number_grows_when_the_phase_ends (void)
{
  SynState state;
  load (&state, FEN_E3);
  step (&state, "f3e5", "c6d4", "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 1 e5,d4/-");
  step (&state, "0000", "0000", "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 2");
}

static void
test_r13_strike_from_a_home_square_clears_the_right (void)
{
  SynState state;
  load (&state, "r3k3/8/8/8/8/8/7P/R3K3 w Q - 0 1");
  step (&state, "h2h3", "a8a5", "4k3/8/8/r7/8/7P/8/R3K3 w Q - 0 1 a5/-");
  step (&state, "a1a5", "-", "4k3/8/8/R7/8/7P/8/4K3 w - - 0 1 a5/a5");
  step (&state, "-", "0000", "4k3/8/8/R7/8/7P/8/4K3 w - - 0 2");
}

static void
test_r13_capture_on_a_home_square_clears_the_right (void)
{
  SynState state;
  load (&state, "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1");
  step (&state, "h1h8", "e8d7", "7R/3k4/8/8/8/8/8/4K3 w - - 0 2");
}

static void
test_r13_removal_in_the_phase_resets_the_quiet_counter (void)
{
  SynState state;
  load (&state, "3r2k1/8/5n2/8/8/2N5/8/3R2K1 w - - 20 9");
  step (&state, "c3d5", "g8g7", "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 21 9 d5/-");
  step (&state, "-", "f6d5", "3r4/6k1/8/3n4/8/8/8/3R2K1 w - - 0 9 d5/d5");
}

/* HK-R14: FEN --------------------------------------------------------------------------- */

static void
test_r14_round_trips (void)
{
  assert_round_trip (SYN_FEN_START);
  assert_round_trip (FEN_E1);
  assert_round_trip ("rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-");
  assert_round_trip ("6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 1 e5,d4/e5,d4");
  assert_round_trip ("4k3/8/8/8/8/8/8/8 w - - 0 2");
  assert_round_trip ("8/8/8/8/8/8/8/8 w - - 0 2");
}

static void
test_r14_field_2_read_as_b_written_w (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/4K3 b - - 3 4");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 w - - 3 4");
}

static void
test_r14_field_7_dash_or_omitted_between_turns (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/4K3 w - - 3 4 -");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 w - - 3 4");
  g_assert_cmpuint (state.step, ==, SYN_HK_STEP_SYNC);
  load (&state, "4k3/8/8/8/8/8/8/4K3 w - -");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

static void
test_r14_squares_written_in_board_order (void)
{
  SynState state;
  load (&state, "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 1 d4,e5/d4,e5");
  assert_fen (&state, "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 1 e5,d4/e5,d4");
}

static void
test_r14_refuses (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", 1);
  assert_refused ("4k3/8/8/8/8/8/8/3kK3 w - - 0 1", 1);
  assert_refused ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1);
  assert_refused ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", 1);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", 3);
  assert_refused ("4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", 3);
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", 4);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", 2);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", 5);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", 6);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 e5/-", 7);
  assert_refused ("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1 e5/d4", 7);
  assert_refused ("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1 e5", 7);
  assert_refused ("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1 e5,/-", 7);
  assert_refused ("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1 e5,e5/-", 7);
  assert_refused ("4k3/8/8/4n3/3n4/8/8/4K3 w - - 0 1 e5,d4/-", 7);
  assert_refused ("4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1 e5,d4/x", 7);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - x", 0);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w -", 4);
  assert_refused ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", 1);
}

static void
test_r14_start_fen (void)
{
  SynState state;
  g_assert_cmpstr (hk->start_fen, ==, SYN_FEN_START);
  g_assert_cmpstr (hk->id, ==, "hk");
  g_assert_true (syn_variant_lookup ("hk") == hk);
  load (&state, hk->start_fen);
  g_assert_true (hk->visible (&state, SYN_WHITE) == ~(SynBitboard) 0);
}

/* HK-R15: who chooses in secret ------------------------------------------------------- */

static void
test_r15_two_field_round_both_choose_in_one_step (void)
{
  SynState state;
  load (&state, FEN_KNIGHTS_FIELDS);
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 3);
  g_assert_cmpint (n_choices (&state, SYN_BLACK), ==, 3);
  g_assert_cmpuint (hk->count_joint_choices (&state), ==, 9);
}

static void
test_r15_one_field_round_is_one_sides_move (void)
{
  SynState state;
  load (&state, "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 1 d5/-");
  g_assert_cmpint (n_choices (&state, SYN_WHITE), ==, 0);
  assert_choices (&state, SYN_BLACK, "0000 d8d5 f6d5");
  g_assert_cmpuint (hk->count_joint_choices (&state), ==, 3);
}

static void
test_r12_phase_states_never_repeat (void)
{
  SynState a;
  load (&a, FEN_KNIGHTS_FIELDS);
  g_assert_false (hk->repeats (&a, &a));
}

/* The table's promises on random play ---------------------------------------------------- */

/* sperft the slow way: every joint choice applied, no count_after_step. */
static guint64
plain_sperft (const SynState *state, int depth)
{
  SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  int n_white, n_black;
  guint64 total = 0;
  if (depth == 0)
    return 1;
  if (hk->outcome (state).result != SYN_RESULT_NONE)
    return 0;
  n_white = hk->choices (state, SYN_WHITE, white);
  n_black = hk->choices (state, SYN_BLACK, black);
  if (n_white == 0)
    white[n_white++] = SYN_CHOICE_NONE;
  if (n_black == 0)
    black[n_black++] = SYN_CHOICE_NONE;
  for (int w = 0; w < n_white; w++)
    for (int b = 0; b < n_black; b++)
      {
        SynState child;
        hk->apply (state, white[w], black[b], &child);
        total += plain_sperft (&child, depth - 1);
      }
  return total;
}

static void
test_counts_agree_with_choices (void)
{
  static const char *const fens[] = {
    SYN_FEN_START,
    FEN_E1,
    FEN_E3,
    FEN_E4,
    FEN_KNIGHTS_FIELDS,
    "4k3/8/8/4n3/3N4/8/8/4K3 w - - 0 1 e5,d4/-",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      SynState state;
      load (&state, fens[i]);
      for (int depth = 1; depth <= 2; depth++)
        g_assert_cmpuint (syn_sperft (hk, &state, depth), ==, plain_sperft (&state, depth));
      if (!g_test_slow ())
        continue;
      g_assert_cmpuint (syn_sperft (hk, &state, 3), ==, plain_sperft (&state, 3));
    }
}

static void
test_sperft_from_the_start (void)
{
  SynState state;
  load (&state, SYN_FEN_START);
  g_assert_cmpuint (syn_sperft (hk, &state, 1), ==, 400);
  g_assert_cmpuint (syn_sperft (hk, &state, 2), ==, 198163);
  g_assert_cmpuint (plain_sperft (&state, 2), ==, 198163);
}

static SynChoice
random_choice (const SynState *state, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = hk->choices (state, side, choices);
  return n ? choices[g_test_rand_int_range (0, n)] : SYN_CHOICE_NONE;
}

static void
check_invariants (const SynState *state)
{
  char fen[SYN_FEN_MAX_SIZE], again[SYN_FEN_MAX_SIZE];
  SynState copy;
  SynChoice choices[SYN_MAX_CHOICES];
  guint64 joint = 1;

  hk->write_state (state, fen, sizeof fen);
  load (&copy, fen);
  hk->write_state (&copy, again, sizeof again);
  g_assert_cmpstr (fen, ==, again);
  g_assert_true (
      memcmp (&copy.board.by_colour, &state->board.by_colour, sizeof state->board.by_colour) == 0);
  g_assert_cmpuint (copy.step, ==, state->step);
  g_assert_true (copy.rules.hk.open == state->rules.hk.open);
  g_assert_true (copy.rules.hk.struck == state->rules.hk.struck);

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int n = hk->choices (state, (SynColour) c, choices);
      GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (int i = 0; i < n; i++)
        {
          char text[SYN_CHOICE_TEXT_SIZE];
          hk->choice_to_text (state, choices[i], text);
          g_assert_false (g_hash_table_contains (seen, text));
          g_hash_table_add (seen, g_strdup (text));
        }
      g_hash_table_unref (seen);
      joint *= n ? (guint64) n : 1;
    }
  if (hk->outcome (state).result != SYN_RESULT_NONE)
    joint = 0;
  g_assert_cmpuint (hk->count_joint_choices (state), ==, joint);
}

static void
test_random_play_keeps_promises (void)
{
  int games = g_test_slow () ? 400 : 60;
  for (int game = 0; game < games; game++)
    {
      SynState state;
      load (&state, SYN_FEN_START);
      for (int i = 0; i < 300; i++)
        {
          SynState next;
          check_invariants (&state);
          if (hk->outcome (&state).result != SYN_RESULT_NONE)
            break;
          hk->apply (&state, random_choice (&state, SYN_WHITE), random_choice (&state, SYN_BLACK),
                     &next);
          state = next;
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hk/e1/no-field", test_e1_no_field);
  g_test_add_func ("/hk/e2/just-moved-piece-strikes", test_e2_just_moved_piece_strikes);
  g_test_add_func ("/hk/e3/two-fields-at-once", test_e3_two_fields_at_once);
  g_test_add_func ("/hk/e4/chain", test_e4_chain);
  g_test_add_func ("/hk/e4/third-blow-passed", test_e4_third_blow_passed);
  g_test_add_func ("/hk/e5/king-collision", test_e5_king_collision);
  g_test_add_func ("/hk/e6/rule-d-mate", test_e6_rule_d_mate);

  g_test_add_func ("/hk/r1/phase-steps-are-blows", test_r1_phase_steps_are_blows);
  g_test_add_func ("/hk/r1/fields-opened-are-events", test_r1_fields_opened_are_events);

  g_test_add_func ("/hk/r2/start-position-twenty-each", test_r2_start_position_twenty_each);
  g_test_add_func ("/hk/r2/no-en-passant", test_r2_no_en_passant);
  g_test_add_func ("/hk/r2/promotion-names-the-piece", test_r2_promotion_names_the_piece);
  g_test_add_func ("/hk/r2/no-self-capture-and-no-pass", test_r2_no_self_capture_and_no_pass);
  g_test_add_func ("/hk/r2/king-never-moves-to-an-attacked-square",
                   test_r2_king_never_moves_to_an_attacked_square);
  g_test_add_func ("/hk/r2/pinned-piece-keeps-to-its-line", test_r2_pinned_piece_keeps_to_its_line);
  g_test_add_func ("/hk/r2/castling-is-orthodox", test_r2_castling_is_orthodox);
  g_test_add_func ("/hk/r2/king-capture-is-an-ordinary-capture-that-fails",
                   test_r2_king_capture_is_an_ordinary_capture_that_fails);

  g_test_add_func ("/hk/r3/in-check-only-king-moves", test_r3_in_check_only_king_moves);
  g_test_add_func ("/hk/r3/king-may-capture-an-unprotected-checker",
                   test_r3_king_may_capture_an_unprotected_checker);
  g_test_add_func ("/hk/r3/no-castling-in-check", test_r3_no_castling_in_check);

  g_test_add_func ("/hk/r4/capture-of-a-piece-that-stayed-removes-it",
                   test_r4_capture_of_a_piece_that_stayed_removes_it);
  g_test_add_func ("/hk/r4/pieces-capturing-each-other-swap",
                   test_r4_pieces_capturing_each_other_swap);
  g_test_add_func ("/hk/r4/capture-of-a-piece-that-left-finds-nothing",
                   test_r4_capture_of_a_piece_that_left_finds_nothing);
  g_test_add_func ("/hk/r5/collision-removes-both", test_r5_collision_removes_both);
  g_test_add_func ("/hk/r5/king-collision-black-king", test_r5_king_collision_black_king);

  g_test_add_func ("/hk/r6/protected-square-opens-a-field", test_r6_protected_square_opens_a_field);
  g_test_add_func ("/hk/r6/pawn-attacks-diagonally-only", test_r6_pawn_attacks_diagonally_only);
  g_test_add_func ("/hk/r6/slider-attacks-up-to-the-first-piece",
                   test_r6_slider_attacks_up_to_the_first_piece);
  g_test_add_func ("/hk/r6/moved-piece-not-standing-opens-nothing",
                   test_r6_moved_piece_not_standing_opens_nothing);

  g_test_add_func ("/hk/r7/king-strikes-only-an-unattacked-field",
                   test_r7_king_strikes_only_an_unattacked_field);
  g_test_add_func ("/hk/r7/pinned-piece-may-not-strike", test_r7_pinned_piece_may_not_strike);
  g_test_add_func ("/hk/r7/pawn-strike-promotes", test_r7_pawn_strike_promotes);
  g_test_add_func ("/hk/r7/striker-may-always-pass", test_r7_striker_may_always_pass);

  g_test_add_func ("/hk/r8/target-that-left-is-not-removed",
                   test_r8_target_that_left_is_not_removed);
  g_test_add_func ("/hk/r8/strike-lands-on-a-field-left-by-its-target",
                   test_r8_strike_lands_on_a_field_left_by_its_target);
  g_test_add_func ("/hk/r8/passed-field-closes-the-other-goes-on",
                   test_r8_passed_field_closes_the_other_goes_on);
  g_test_add_func ("/hk/r8/closed-field-never-reopens", test_r8_closed_field_never_reopens);

  g_test_add_func ("/hk/r9/a-piece-strikes-once", test_r9_a_piece_strikes_once);
  g_test_add_func ("/hk/r9/struck-piece-listed-stays-out", test_r9_struck_piece_listed_stays_out);

  g_test_add_func ("/hk/r10/king-lost-in-a-chain", test_r10_king_lost_in_a_chain);
  g_test_add_func ("/hk/r10/both-kings-gone-is-a-draw", test_r10_both_kings_gone_is_a_draw);
  g_test_add_func ("/hk/r10/game-ends-at-once-during-a-phase",
                   test_r10_game_ends_at_once_during_a_phase);

  g_test_add_func ("/hk/r11/both-mated-is-a-draw", test_r11_both_mated_is_a_draw);
  g_test_add_func ("/hk/r11/black-mated-white-wins", test_r11_black_mated_white_wins);
  g_test_add_func ("/hk/r11/stalemate-is-a-draw", test_r11_stalemate_is_a_draw);
  g_test_add_func ("/hk/r11/check-with-a-king-move-goes-on",
                   test_r11_check_with_a_king_move_goes_on);
  g_test_add_func ("/hk/r11/not-judged-during-a-phase", test_r11_not_judged_during_a_phase);

  g_test_add_func ("/hk/r12/fifty-quiet-turns", test_r12_fifty_quiet_turns);
  g_test_add_func ("/hk/r12/repeats-board-and-castling", test_r12_repeats_board_and_castling);
  g_test_add_func ("/hk/r12/phase-states-never-repeat", test_r12_phase_states_never_repeat);
  g_test_add_func ("/hk/r12/outcome-never-says-repetition", test_r12_outcome_never_says_repetition);

  g_test_add_func ("/hk/r13/turn-number-grows-when-the-phase-ends",
                   test_r13_turn_number_grows_when_the_phase_ends);
  g_test_add_func ("/hk/r13/strike-from-a-home-square-clears-the-right",
                   test_r13_strike_from_a_home_square_clears_the_right);
  g_test_add_func ("/hk/r13/capture-on-a-home-square-clears-the-right",
                   test_r13_capture_on_a_home_square_clears_the_right);
  g_test_add_func ("/hk/r13/removal-in-the-phase-resets-the-quiet-counter",
                   test_r13_removal_in_the_phase_resets_the_quiet_counter);

  g_test_add_func ("/hk/r14/round-trips", test_r14_round_trips);
  g_test_add_func ("/hk/r14/field-2-read-as-b-written-w", test_r14_field_2_read_as_b_written_w);
  g_test_add_func ("/hk/r14/field-7-dash-or-omitted-between-turns",
                   test_r14_field_7_dash_or_omitted_between_turns);
  g_test_add_func ("/hk/r14/squares-written-in-board-order",
                   test_r14_squares_written_in_board_order);
  g_test_add_func ("/hk/r14/refuses", test_r14_refuses);
  g_test_add_func ("/hk/r14/start-fen", test_r14_start_fen);

  g_test_add_func ("/hk/r15/two-field-round-both-choose-in-one-step",
                   test_r15_two_field_round_both_choose_in_one_step);
  g_test_add_func ("/hk/r15/one-field-round-is-one-sides-move",
                   test_r15_one_field_round_is_one_sides_move);

  g_test_add_func ("/hk/table/sperft-from-the-start", test_sperft_from_the_start);
  g_test_add_func ("/hk/table/counts-agree-with-choices", test_counts_agree_with_choices);
  g_test_add_func ("/hk/table/random-play-keeps-promises", test_random_play_keeps_promises);

  return g_test_run ();
}
