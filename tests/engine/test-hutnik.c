/* test-hutnik.c: the Hutnik rulings (HUT-R1 to HUT-R12), their worked examples and the
 * examples of the seed text, one behaviour per test, named by ruling.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hutnik.h"
#include "movegen.h"
#include "rule-set-test-util.h"
#include "variant.h"

#define V (&syn_variant_hutnik)

/* Helpers ------------------------------------------------------------------------------ */

static void
load (SynState *state, const char *fen)
{
  rule_set_test_load (V, state, fen);
}

static void
assert_fen (const SynState *state, const char *expected)
{
  rule_set_test_assert_fen (V, state, expected);
}

static SynChoice
choice (const SynState *state, SynColour side, const char *text)
{
  SynChoice found = syn_variant_choice_from_text (V, state, side, text);
  if (found == SYN_CHOICE_NONE)
    g_test_message ("%s is not a %s choice", text, side == SYN_WHITE ? "white" : "black");
  g_assert_true (found != SYN_CHOICE_NONE);
  return found;
}

static gboolean
has_choice (const char *fen, SynColour side, const char *text)
{
  SynState state;
  load (&state, fen);
  return syn_variant_choice_from_text (V, &state, side, text) != SYN_CHOICE_NONE;
}

static int
n_choices (const char *fen, SynColour side)
{
  SynState state;
  SynChoice choices[SYN_MAX_CHOICES];
  load (&state, fen);
  return V->choices (&state, side, choices);
}

/* Every choice of side as text, sorted and joined by spaces. */
static char *
choices_text (const char *fen, SynColour side)
{
  SynState state;
  load (&state, fen);
  return rule_set_test_choices_text (V, &state, side);
}

/* One turn from fen: white's and black's choices, then the FEN after. */
static void
turn (const char *fen, const char *white, const char *black, SynState *after)
{
  SynState before;
  load (&before, fen);
  V->apply (&before, choice (&before, SYN_WHITE, white), choice (&before, SYN_BLACK, black), after);
}

static void
assert_turn (const char *fen, const char *white, const char *black, const char *expected)
{
  SynState after;
  turn (fen, white, black, &after);
  assert_fen (&after, expected);
}

static void
assert_outcome (const char *fen, const char *result, const char *reason)
{
  SynState state;
  SynOutcome outcome;
  load (&state, fen);
  outcome = V->outcome (&state);
  g_assert_cmpstr (syn_result_to_text (outcome.result), ==, result);
  g_assert_cmpstr (syn_reason_to_text (outcome.reason), ==, reason);
  if (outcome.result != SYN_RESULT_NONE)
    g_assert_cmpuint (V->count_joint_choices (&state), ==, 0);
}

/* HUT-R12: refused, with the field named both in error.field and in the message. */
static void
assert_refused (const char *fen, int field, const char *fault)
{
  rule_set_test_assert_refused (V, fen, field, fault);
}

static void
assert_round_trip (const char *fen)
{
  rule_set_test_assert_round_trip (V, fen);
}

/* Worked examples ---------------------------------------------------------------------- */

static void
test_e1_seed_three_gives_white_the_token (void)
{
  assert_turn ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 0000000000000003", "e2e4",
               "e7e5",
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2 0000000000000003");
}

static void
test_e1_seed_zero_gives_black_the_token (void)
{
  assert_turn ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 0000000000000000", "e2e4",
               "e7e5",
               "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e6 0 2 0000000000000000");
}

static void
test_e2_same_square_forfeits (void)
{
  assert_turn ("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 0000000000000003",
               "c3d5", "f6d5",
               "rnbqkb1r/pppp1ppp/5n2/3Np3/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 2 4 0000000000000003");
}

static void
test_e3_mutual_pawn_captures (void)
{
  assert_turn ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2 0000000000000003",
               "e4d5", "d5e4",
               "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 0000000000000003");
}

static void
test_e4_target_moved_non_pawn (void)
{
  assert_turn ("4k3/8/8/8/6b1/5N2/8/4K3 w - - 0 1 0000000000000003", "f3e5", "g4f3",
               "4k3/8/8/4N3/8/5b2/8/4K3 w - - 1 2 0000000000000003");
}

static void
test_e4_target_moved_pawn_forfeits (void)
{
  /* "A pawn capture of the knight would have been forfeited." */
  assert_turn ("4k3/8/8/8/6p1/5N2/8/4K3 w - - 0 1 0000000000000003", "f3e5", "g4f3",
               "4k3/8/8/4N3/6p1/8/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_e5_king_into_check (void)
{
  assert_turn ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 0000000000000003", "a1a7", "e8d7",
               "4k3/R7/8/8/8/8/8/4K3 b - - 1 2 0000000000000003");
}

/* The seed's examples (step 4 A to D, step 5) ------------------------------------------ */

static void
test_seed_a_capture_onto_the_square_just_reached (void)
{
  assert_turn ("4k3/8/8/8/8/2N2b2/8/4K3 w - - 0 1 0000000000000003", "c3d5", "f3d5",
               "4k3/8/8/3N4/8/5b2/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_seed_b_pawn_takes_piece_that_moved (void)
{
  assert_turn ("4k3/8/8/8/6p1/5B2/8/4K3 w - - 0 1 0000000000000003", "f3e4", "g4f3",
               "4k3/8/8/8/4B1p1/8/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_seed_b_other_pieces_capture_as_moves (void)
{
  /* "Besides the pawn all other pieces moving are considered capture moves." */
  assert_turn ("4kr2/8/8/8/8/5B2/8/4K3 w - - 0 1 0000000000000003", "f3e4", "f8f3",
               "4k3/8/8/8/4B3/5r2/8/4K3 w - - 1 2 0000000000000003");
}

static void
test_seed_c_king_into_check (void)
{
  assert_turn ("4k3/3N4/8/8/8/8/8/R3K3 w Q - 0 1 0000000000000003", "a1d1", "e8d7",
               "4k3/3N4/8/8/8/8/8/3RK3 b - - 1 2 0000000000000003");
}

static void
test_seed_d_piece_just_captured (void)
{
  assert_turn ("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 0000000000000003", "d1d5", "d5f4",
               "4k3/8/8/3R4/8/8/8/4K3 b - - 0 2 0000000000000003");
}

static void
test_seed_step5_king_in_check_must_move (void)
{
  g_autofree char *text
      = choices_text ("k7/8/8/8/4r3/2N5/3P4/R3K2R w KQ - 0 1 0000000000000003", SYN_WHITE);
  g_assert_cmpstr (text, ==, "e1d1 e1f1 e1f2");
}

/* HUT-R1 ------------------------------------------------------------------------------- */

static void
test_r1_start_choices (void)
{
  const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0000000000000003";
  SynState state;
  g_assert_cmpint (n_choices (fen, SYN_WHITE), ==, 20);
  g_assert_cmpint (n_choices (fen, SYN_BLACK), ==, 20);
  load (&state, fen);
  g_assert_cmpuint (V->count_joint_choices (&state), ==, 400);
}

static void
test_r1_both_sides_choose_as_if_to_move (void)
{
  /* The token holder is black, yet white's choices are those of white to move. */
  g_assert_cmpint (
      n_choices ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 0000000000000000",
                 SYN_WHITE),
      ==, 20);
}

static void
test_r1_king_never_steps_into_attack (void)
{
  g_autofree char *text
      = choices_text ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 0000000000000003", SYN_WHITE);
  g_assert_cmpstr (text, ==, "e1d2 e1f1");
}

static void
test_r1_pinned_piece_keeps_to_its_line (void)
{
  g_autofree char *text
      = choices_text ("4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1 0000000000000003", SYN_WHITE);
  g_assert_cmpstr (text, ==, "e1d1 e1d2 e1f1 e1f2 e2e3 e2e4 e2e5 e2e6 e2e7 e2e8");
}

static void
test_r1_illegal_choice_refused (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1 0000000000000003");
  g_assert_true (syn_variant_choice_from_text (V, &state, SYN_WHITE, "e1e2") == SYN_CHOICE_NONE);
  g_assert_true (syn_variant_choice_from_text (V, &state, SYN_WHITE, "e1d1") == SYN_CHOICE_NONE);
}

static void
test_r1_no_pass (void)
{
  SynState state;
  SynChoice choices[SYN_MAX_CHOICES];
  int n;
  load (&state, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0000000000000003");
  g_assert_true (syn_variant_choice_from_text (V, &state, SYN_WHITE, "0000") == SYN_CHOICE_NONE);
  g_assert_true (syn_variant_choice_from_text (V, &state, SYN_BLACK, "-") == SYN_CHOICE_NONE);
  n = V->choices (&state, SYN_BLACK, choices);
  for (int i = 0; i < n; i++)
    g_assert_cmpuint (SYN_CHOICE_KIND (choices[i]), ==, 0);
}

/* HUT-R2 ------------------------------------------------------------------------------- */

static void
test_r2_in_check_no_block_no_capture_no_castling (void)
{
  const char *fen = "k7/8/8/8/4r3/2N5/3P4/R3K2R w KQ - 0 1 0000000000000003";
  g_assert_false (has_choice (fen, SYN_WHITE, "c3e2"));
  g_assert_false (has_choice (fen, SYN_WHITE, "c3e4"));
  g_assert_false (has_choice (fen, SYN_WHITE, "e1g1"));
  g_assert_false (has_choice (fen, SYN_WHITE, "e1c1"));
  g_assert_true (has_choice (fen, SYN_WHITE, "e1f1"));
}

static void
test_r2_king_may_capture (void)
{
  g_autofree char *text
      = choices_text ("4k3/8/8/8/8/8/4r2R/4K3 w - - 0 1 0000000000000003", SYN_WHITE);
  g_assert_cmpstr (text, ==, "e1d1 e1e2 e1f1");
}

/* HUT-R3 ------------------------------------------------------------------------------- */

static void
test_r3_both_castle (void)
{
  assert_turn ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 0000000000000003", "e1g1", "e8c8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 1 2 0000000000000003");
}

static void
test_r3_castling_is_orthodox_on_s (void)
{
  /* f1 attacked on S: no short castling; the long way is free. */
  const char *fen = "4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1 0000000000000003";
  g_assert_false (has_choice (fen, SYN_WHITE, "e1g1"));
  g_assert_true (has_choice (fen, SYN_WHITE, "e1c1"));
}

static void
test_r3_promotion_names_piece (void)
{
  const char *fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 0000000000000003";
  g_autofree char *text = choices_text (fen, SYN_WHITE);
  g_assert_cmpstr (text, ==, "b7b8b b7b8n b7b8q b7b8r e1d1 e1d2 e1e2 e1f1 e1f2");
  assert_turn (fen, "b7b8n", "e8e7", "1N6/4k3/8/8/8/8/8/4K3 w - - 0 2 0000000000000003");
}

static void
test_r3_en_passant_next_turn (void)
{
  SynState after, later;
  turn ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 0000000000000003", "e2e4", "e8d8", &after);
  assert_fen (&after, "3k4/8/8/8/3pP3/8/8/4K3 w - e3 0 2 0000000000000003");
  V->apply (&after, choice (&after, SYN_WHITE, "e1f1"), choice (&after, SYN_BLACK, "d4e3"), &later);
  assert_fen (&later, "3k4/8/8/8/8/4p3/8/5K2 w - - 0 3 0000000000000003");
}

static void
test_r3_en_passant_only_in_the_next_turn (void)
{
  SynState after, later;
  turn ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1 0000000000000003", "e2e4", "e8d8", &after);
  V->apply (&after, choice (&after, SYN_WHITE, "e1f1"), choice (&after, SYN_BLACK, "d8c8"), &later);
  assert_fen (&later, "2k5/8/8/8/3pP3/8/8/5K2 w - - 1 3 0000000000000003");
  g_assert_true (syn_variant_choice_from_text (V, &later, SYN_BLACK, "d4e3") == SYN_CHOICE_NONE);
}

static void
test_r3_en_passant_needs_empty_passed_square (void)
{
  /* A black bishop arrived on e3 in the turn White double-stepped. */
  const char *fen = "4k3/8/8/8/3pP3/4b3/8/4K3 w - e3 0 2 0000000000000003";
  g_assert_false (has_choice (fen, SYN_BLACK, "d4e3"));
  g_assert_true (
      has_choice ("4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 2 0000000000000003", SYN_BLACK, "d4e3"));
}

static void
test_r3_king_capture_is_a_choice (void)
{
  g_assert_true (
      has_choice ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 0000000000000003", SYN_WHITE, "e1e8"));
}

static void
test_r3_king_capture_by_second_move_becomes_plain_move (void)
{
  /* White must move its king (HUT-R2); black's rook takes the square it left. */
  assert_turn ("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000003", "e1d1", "e8e1",
               "6k1/8/8/8/8/8/8/3Kr3 w - - 1 2 0000000000000003");
}

/* HUT-R4 ------------------------------------------------------------------------------- */

static void
test_r4_first_move_takes_king (void)
{
  SynState after;
  SynOutcome outcome;
  SynChoice choices[SYN_MAX_CHOICES];
  turn ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 0000000000000003", "e1e8", "e8d7", &after);
  assert_fen (&after, "4R3/8/8/8/8/8/8/6K1 w - - 0 2 0000000000000003");
  outcome = V->outcome (&after);
  g_assert_cmpint (outcome.result, ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpint (outcome.reason, ==, SYN_REASON_KING_CAPTURED);
  g_assert_cmpuint (V->count_joint_choices (&after), ==, 0);
  g_assert_cmpint (V->choices (&after, SYN_WHITE, choices), ==, 0);
  g_assert_cmpint (V->choices (&after, SYN_BLACK, choices), ==, 0);
}

static void
test_r4_first_move_always_executed (void)
{
  /* m1 is legal on S whatever m2 is: both knights go to d3, black's stands and checks. */
  assert_turn ("4k3/8/8/8/5n2/8/8/2N1K3 b - - 0 1 0000000000000003", "c1d3", "f4d3",
               "4k3/8/8/8/8/3n4/8/2N1K3 w - - 1 2 0000000000000003");
}

/* HUT-R5 ------------------------------------------------------------------------------- */

static void
test_r5a_en_passant_onto_square_just_reached (void)
{
  /* The passed square d6 is m1's arrival square. */
  assert_turn ("8/1n2k3/8/3pP3/8/8/8/4K3 b - d6 0 2 0000000000000003", "e5d6", "b7d6",
               "8/4k3/3n4/3pP3/8/8/8/4K3 w - - 1 3 0000000000000003");
}

static void
test_r5b_en_passant_victim_moved (void)
{
  assert_turn ("8/1n2k3/8/3pP3/8/8/8/4K3 b - d6 0 2 0000000000000003", "e5d6", "d5d4",
               "8/1n2k3/8/4P3/3p4/8/8/4K3 w - - 0 3 0000000000000003");
}

static void
test_r5b_en_passant_executed (void)
{
  assert_turn ("8/1n2k3/8/3pP3/8/8/8/4K3 b - d6 0 2 0000000000000003", "e5d6", "b7c5",
               "8/4k3/3P4/2n5/8/8/8/4K3 b - - 0 3 0000000000000003");
}

static void
test_r5b_slider_path_blocked (void)
{
  assert_turn ("r3k3/8/8/8/8/8/8/1N2K3 w - - 0 1 0000000000000003", "b1a3", "a8a1",
               "r3k3/8/8/8/8/N7/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_r5b_double_step_blocked (void)
{
  assert_turn ("4k3/4p3/8/8/2B5/8/8/4K3 w - - 0 1 0000000000000003", "c4e6", "e7e5",
               "4k3/4p3/4B3/8/8/8/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_r5b_pawn_push_onto_square_just_reached (void)
{
  assert_turn ("4k3/4p3/8/8/2B5/8/8/4K3 w - - 0 1 0000000000000003", "c4e6", "e7e6",
               "4k3/4p3/4B3/8/8/8/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_r5d_castling_rook_taken (void)
{
  /* The rook castling would move is gone; its right goes with it (HUT-R8). */
  assert_turn ("4k2r/8/8/8/8/8/1B6/4K3 w k - 0 1 0000000000000003", "b2h8", "e8g8",
               "4k2B/8/8/8/8/8/8/4K3 b - - 0 2 0000000000000003");
}

static void
test_r5c_check_left_unanswered (void)
{
  assert_turn ("4k3/7p/8/8/8/8/8/R3K3 w Q - 0 1 0000000000000003", "a1a8", "h7h6",
               "R3k3/7p/8/8/8/8/8/4K3 b - - 1 2 0000000000000003");
}

static void
test_r5c_check_blocked_by_chance (void)
{
  /* Orthodox legality on S' allows the block that the knight happens to make. */
  assert_turn ("4k3/7p/4n3/8/8/8/8/R3K3 w Q - 0 1 0000000000000003", "a1a8", "e6d8",
               "R2nk3/7p/8/8/8/8/8/4K3 w - - 1 2 0000000000000003");
}

static void
test_r5c_line_opened_by_first_move (void)
{
  assert_turn ("4k3/4n3/8/8/8/8/8/R5K1 w - - 0 1 0000000000000003", "a1e1", "e7c6",
               "4k3/4n3/8/8/8/8/8/4R1K1 b - - 1 2 0000000000000003");
}

static void
test_r5c_castling_through_new_attack (void)
{
  /* Black's bishop now hits f1; White's castling is forfeited and keeps its right. */
  assert_turn ("4k3/8/8/3b4/8/8/8/4K2R b K - 0 1 0000000000000003", "e1g1", "d5c4",
               "4k3/8/8/8/2b5/8/8/4K2R w K - 1 2 0000000000000003");
}

static void
test_r5c_castling_still_free (void)
{
  assert_turn ("4k3/8/8/3b4/8/8/8/4K2R b K - 0 1 0000000000000003", "e1g1", "d5e6",
               "4k3/8/4b3/8/8/8/8/5RK1 b - - 1 2 0000000000000003");
}

static void
test_r5_both_moves_executed (void)
{
  /* No conflict: the token stays with its holder (HUT-R6). */
  SynState after;
  turn ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0000000000000003", "g1f3", "b8c6",
        &after);
  assert_fen (&after,
              "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 0000000000000003");
}

/* HUT-R6 ------------------------------------------------------------------------------- */

static void
test_r6_token_passes_only_on_forfeit (void)
{
  SynState after;
  turn ("4k3/8/8/8/6b1/5N2/8/4K3 b - - 0 1 0000000000000003", "f3e5", "g4f3", &after);
  /* Black holds the token and moves first: it takes the knight, white's move is forfeited. */
  assert_fen (&after, "4k3/8/8/8/8/5b2/8/4K3 w - - 0 2 0000000000000003");
}

/* HUT-R7 ------------------------------------------------------------------------------- */

static gboolean
in_check (const SynState *state, SynColour side)
{
  const SynPosition *pos = &state->board;
  SynBitboard king = syn_position_pieces (pos, side, SYN_KING);
  return king
         && syn_orthodox_attackers (pos, syn_lsb (king), (SynColour) !side,
                                    syn_position_occupied (pos))
                != 0;
}

static SynChoice
random_choice (GRand *rand, const SynState *state, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = V->choices (state, side, choices);
  g_assert_cmpint (n, >, 0);
  return choices[g_rand_int_range (rand, 0, n)];
}

static void
test_r7_only_holder_in_check_in_random_games (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  for (int game = 0; game < 200; game++)
    {
      SynState state;
      load (&state, V->start_fen);
      V->seed (&state, (guint64) game);
      for (int step = 0; step < 300 && V->outcome (&state).result == SYN_RESULT_NONE; step++)
        {
          SynState next;
          g_assert_false (in_check (&state, (SynColour) !state.board.side_to_move));
          V->apply (&state, random_choice (rand, &state, SYN_WHITE),
                    random_choice (rand, &state, SYN_BLACK), &next);
          state = next;
        }
      g_assert_cmpint (V->outcome (&state).reason, !=, SYN_REASON_KING_CAPTURED);
    }
}

/* HUT-R8 ------------------------------------------------------------------------------- */

static void
test_r8_rights_lost_by_executed_moves_only (void)
{
  /* Black's king step is forfeited: its rights stay. */
  assert_turn ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 0000000000000003", "a1a7", "e8d7",
               "r3k2r/R7/8/8/8/8/8/4K2R b Kkq - 1 2 0000000000000003");
}

static void
test_r8_rook_taken_at_home_loses_right (void)
{
  /* The rook on a8 is taken; black's king step stays in the rook's line and is forfeited. */
  assert_turn ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 0000000000000003", "a1a8", "e8f8",
               "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 2 0000000000000003");
}

static void
test_r8_counters (void)
{
  SynState after;
  /* A forfeited pawn move does not reset the quiet-turn counter. */
  turn ("4k3/4p3/8/8/2B5/8/8/4K3 w - - 7 9 0000000000000003", "c4e6", "e7e5", &after);
  assert_fen (&after, "4k3/4p3/4B3/8/8/8/8/4K3 b - - 8 10 0000000000000003");
  turn ("4k3/4p3/8/8/2B5/8/8/4K3 w - - 7 9 0000000000000003", "c4d3", "e7e5", &after);
  assert_fen (&after, "4k3/8/8/4p3/8/3B4/8/4K3 w - e6 0 10 0000000000000003");
}

static void
test_r8_passed_square_with_piece_behind (void)
{
  /* White's e2-e4 is m1; black's knight then takes the empty e2 as a plain move. */
  const char *after = "4k3/8/8/8/4P3/8/4n3/4K3 w - e3 0 2 0000000000000003";
  assert_turn ("4k3/8/8/8/8/2n5/4P3/4K3 w - - 0 1 0000000000000003", "e2e4", "c3e2", after);
  assert_round_trip (after);
}

/* HUT-R9 ------------------------------------------------------------------------------- */

static void
test_r9_test_vectors (void)
{
  g_assert_cmphex (syn_hutnik_mix (0), ==, 0xe220a8397b1dcdafULL);
  g_assert_cmpint (syn_hutnik_first_holder (0), ==, SYN_BLACK);
  g_assert_cmphex (syn_hutnik_mix (3), ==, 0x1d0b14e4db018fedULL);
  g_assert_cmpint (syn_hutnik_first_holder (3), ==, SYN_WHITE);
}

static void
test_r10_seed_from_coins (void)
{
  static const guint8 ours[8] = { 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef };
  static const guint8 theirs[8] = { 0xff, 0x00, 0xff, 0x00, 0x00, 0x00, 0x00, 0x03 };
  g_assert_cmphex (syn_hutnik_seed_from_coins (ours, theirs), ==, 0xfe23ba6789abcdecULL);
  g_assert_cmphex (syn_hutnik_seed_from_coins (theirs, ours), ==, 0xfe23ba6789abcdecULL);
  g_assert_cmphex (syn_hutnik_seed_from_coins (ours, ours), ==, 0);
}

static void
test_r9_start_fen_draws_holder (void)
{
  SynState state;
  SynFenError error;
  g_assert_true (V->read_state (V->start_fen, &state, &error));
  assert_fen (&state, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 0000000000000000");
  V->seed (&state, 3);
  assert_fen (&state, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0000000000000003");
  V->seed (&state, 0xfedcba9876543210ULL);
  assert_fen (&state,
              syn_hutnik_first_holder (0xfedcba9876543210ULL) == SYN_WHITE
                  ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 fedcba9876543210"
                  : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 fedcba9876543210");
}

static void
test_r9_seed_kept_through_turns (void)
{
  SynState after;
  turn ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 00000000000000ff", "g1f3", "g8f6",
        &after);
  g_assert_cmphex (after.rules.hutnik.seed, ==, 0xff);
}

/* HUT-R11 ------------------------------------------------------------------------------ */

static void
test_r11_lost_although_a_block_exists (void)
{
  /* Orthodox chess lets the knight block on b1 or d1; step 5 does not. */
  assert_outcome ("6k1/8/8/8/8/2N5/6PP/r6K w - - 0 1 0000000000000003", "0-1", "checkmate");
  assert_outcome ("6k1/8/8/8/8/2N5/6PP/r6K b - - 0 1 0000000000000003", "0-1", "checkmate");
}

static void
test_r11_both_lost (void)
{
  assert_outcome ("R6k/6pp/8/8/8/8/6PP/r6K w - - 0 1 0000000000000003", "1/2-1/2", "both-lost");
}

static void
test_r11_stalemate (void)
{
  assert_outcome ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 0000000000000003", "1/2-1/2", "stalemate");
}

static void
test_r11_king_captured (void)
{
  assert_outcome ("4R3/8/8/8/8/8/8/6K1 w - - 0 2 0000000000000003", "1-0", "king-captured");
  assert_outcome ("4k3/8/8/8/8/8/8/8 b - - 0 2 0000000000000003", "0-1", "king-captured");
}

static void
test_r11_fifty_turns (void)
{
  assert_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 49 80 0000000000000003", "*", NULL);
  assert_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 50 80 0000000000000003", "1/2-1/2", "fifty-turns");
}

static void
test_r11_check_is_not_lost_with_a_king_move (void)
{
  assert_outcome ("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000003", "*", NULL);
}

static void
test_r11_no_insufficient_material (void)
{
  assert_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000003", "*", NULL);
}

static void
test_r11_repeats_compares_board_rights_passed_squares_holder (void)
{
  SynState a, b;
  load (&a, "r3k2r/8/8/8/3pP3/8/8/R3K2R w KQkq e3 0 5 0000000000000003");
  load (&b, "r3k2r/8/8/8/3pP3/8/8/R3K2R w KQkq e3 0 9 00000000000000aa");
  g_assert_true (V->repeats (&a, &b));
  load (&b, "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 0 5 0000000000000003");
  g_assert_false (V->repeats (&a, &b));
  load (&b, "r3k2r/8/8/8/3pP3/8/8/R3K2R w KQkq - 0 5 0000000000000003");
  g_assert_false (V->repeats (&a, &b));
  load (&b, "r3k2r/8/8/8/3pP3/8/8/R3K2R w Kkq e3 0 5 0000000000000003");
  g_assert_false (V->repeats (&a, &b));
  load (&b, "r3k2r/8/8/8/3pP3/8/8/R3K1R1 w kq e3 0 5 0000000000000003");
  g_assert_false (V->repeats (&a, &b));
}

/* HUT-R12 ------------------------------------------------------------------------------ */

static void
test_r12_round_trips (void)
{
  static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0000000000000003",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e6 0 2 0123456789abcdef",
    "4k3/8/8/8/3pP3/4b3/8/4K3 w - e3 0 2 ffffffffffffffff",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 200 8000000000000000",
    "4R3/8/8/8/8/8/8/6K1 w - - 0 2 0000000000000003",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    assert_round_trip (fens[i]);
}

static void
test_r12_question_mark_replaced (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/4K3 ? - - 0 1 0000000000000003");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000003");
  load (&state, "4k3/8/8/8/8/8/8/4K3 ? - - 0 1 0000000000000000");
  assert_fen (&state, "4k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000000");
}

static void
test_r12_refused_kings (void)
{
  assert_refused ("8/8/8/8/8/8/8/8 w - - 0 1 0000000000000000", 1, "neither side has a king");
  assert_refused ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1 0000000000000000", 1, "White has 2 kings");
  assert_refused ("kk6/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000", 1, "Black has 2 kings");
}

static void
test_r12_refused_pawn_on_last_rank (void)
{
  assert_refused ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000", 1, "pawn stands on h8");
  assert_refused ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1 0000000000000000", 1, "pawn stands on a1");
}

static void
test_r12_refused_castling_without_pieces (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w K - 0 1 0000000000000000", 3, "'K' needs the king");
  assert_refused ("1r2k3/8/8/8/8/8/8/4K3 w q - 0 1 0000000000000000", 3, "'q' needs the king");
  assert_refused ("r3k3/8/8/8/8/8/8/4K3 w qq - 0 1 0000000000000000", 3, "given twice");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w X - 0 1 0000000000000000", 3, "not a castling right");
}

static void
test_r12_refused_passed_square (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1 0000000000000000", 4, "no white pawn");
  assert_refused ("4k3/8/8/8/4P3/8/4B3/4K3 w - e3 0 1 0000000000000000", 4, "white piece");
  assert_refused ("4k3/8/8/8/4P3/4N3/8/4K3 w - e3 0 1 0000000000000000", 4, "white piece");
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - e4 0 1 0000000000000000", 4, "rank 3 or 6");
  assert_refused ("4k3/8/8/8/3PP3/8/8/4K3 w - e3d3 0 1 0000000000000000", 4, "two passed");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1 0000000000000000", 4, "not a square");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e3e6d 0 1 0000000000000000", 4, "two squares");
}

static void
test_r12_refused_seed (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 000000000000000", 7, "16 lowercase");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 00000000000000000", 7, "16 lowercase");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 000000000000000g", 7, "'g'");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 000000000000000A", 7, "'A'");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", 7, "missing");
}

static void
test_r12_refused_other_fields (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 x - - 0 1 0000000000000000", 2, "token holder");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 ww - - 0 1 0000000000000000", 2, "token holder");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - x 1 0000000000000000", 5, "not a number");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 0 0000000000000000", 6, "out of range");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0000000000000000 x", 0, "after field 7");
  assert_refused ("4k3/8/8/8/8/8/8/4K4 w - - 0 1 0000000000000000", 1, "more than 8");
  assert_refused ("4k3/8/8/8/8/8/8 w - - 0 1 0000000000000000", 1, "7 ranks");
  assert_refused ("4k3/8/8/8/8/8/8/4X3 w - - 0 1 0000000000000000", 1, "'X'");
  assert_refused ("", 1, "missing");
  assert_refused (NULL, 0, "no FEN");
}

static void
test_r12_side_without_token_may_be_in_check (void)
{
  /* HUT-R7 keeps such FENs, for which HUT-R4's king capture exists. */
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 0000000000000003");
  g_assert_cmpuint (V->count_joint_choices (&state), >, 0);
}

/* Hooks -------------------------------------------------------------------------------- */

static void
test_describe_names_token_holder (void)
{
  SynState state;
  SynStepInfo info;
  load (&state, "4k3/8/8/8/8/8/8/4K3 b - - 0 1 0000000000000003");
  syn_variant_describe (V, &state, &info);
  g_assert_cmpint (info.kind, ==, SYN_STEP_MOVES);
  g_assert_cmpint (info.token, ==, SYN_BLACK);
}

static void
test_events_forfeit_and_token (void)
{
  const char *fen
      = "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 0000000000000003";
  SynState before, after;
  SynEvent events[SYN_MAX_EVENTS];
  SynChoice white, black;
  load (&before, fen);
  white = choice (&before, SYN_WHITE, "c3d5");
  black = choice (&before, SYN_BLACK, "f6d5");
  V->apply (&before, white, black, &after);
  g_assert_cmpint (V->events (&before, white, black, &after, events), ==, 2);
  g_assert_cmpint (events[0].kind, ==, SYN_EVENT_FORFEIT);
  g_assert_cmpint (events[0].side, ==, SYN_BLACK);
  g_assert_cmpint (events[0].square, ==, syn_square_from_text ("f6"));
  g_assert_cmpint (events[1].kind, ==, SYN_EVENT_TOKEN);
  g_assert_cmpint (events[1].side, ==, SYN_BLACK);

  black = choice (&before, SYN_BLACK, "f6g4");
  V->apply (&before, white, black, &after);
  g_assert_cmpint (V->events (&before, white, black, &after, events), ==, 0);
}

static void
test_visible_everything (void)
{
  SynState state;
  load (&state, V->start_fen);
  g_assert_cmphex (V->visible (&state, SYN_WHITE), ==, ~(SynBitboard) 0);
  g_assert_cmphex (V->visible (&state, SYN_BLACK), ==, ~(SynBitboard) 0);
}

static void
test_apply_sets_whole_state (void)
{
  SynState before, after;
  load (&before, V->start_fen);
  memset (&after, 0xa5, sizeof after);
  V->apply (&before, choice (&before, SYN_WHITE, "e2e4"), choice (&before, SYN_BLACK, "e7e5"),
            &after);
  g_assert_cmpuint (after.step, ==, 0);
  g_assert_cmphex (after.rules.hutnik.seed, ==, 0);
  for (gsize i = sizeof after.rules.hutnik; i < sizeof after.rules; i++)
    g_assert_cmpuint (((const guint8 *) &after.rules)[i], ==, 0);
}

/* Counting ----------------------------------------------------------------------------- */

/* The count without texts must agree with the choices, on positions of random play. */
static void
test_count_agrees_with_choices (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  static const char *const starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 0000000000000000",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 0000000000000003",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1 0000000000000003",
    "4k3/8/b7/3pP3/1pP5/8/8/3RK3 w - c3d6 0 1 0000000000000003",
  };
  for (int game = 0; game < 400; game++)
    {
      SynState state;
      load (&state, starts[game % G_N_ELEMENTS (starts)]);
      for (int step = 0; step < 200; step++)
        {
          SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
          int n_white = V->choices (&state, SYN_WHITE, white);
          int n_black = V->choices (&state, SYN_BLACK, black);
          char fen[SYN_FEN_MAX_SIZE];
          SynState next, again;
          gboolean over = V->outcome (&state).result != SYN_RESULT_NONE;
          g_assert_cmpuint (V->count_joint_choices (&state), ==,
                            over ? 0 : (guint64) n_white * (guint64) n_black);
          V->write_state (&state, fen, sizeof fen);
          load (&again, fen);
          assert_fen (&again, fen);
          if (over)
            break;
          V->apply (&state, white[g_rand_int_range (rand, 0, n_white)],
                    black[g_rand_int_range (rand, 0, n_black)], &next);
          state = next;
        }
    }
}

/* Every pair resolved in full, through the table without its shortcut. */
static guint64
count_after_step_slowly (const SynState *state)
{
  SynVariant plain = *V;
  plain.count_after_step = NULL;
  return syn_sperft (&plain, state, 2);
}

static void
test_count_after_step_agrees (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  static const char *const starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 0000000000000003",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1 0000000000000003",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1 0000000000000003",
    "4k3/8/b7/3pP3/1pP5/8/8/3RK3 w - c3d6 45 1 0000000000000003",
    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 0000000000000003",
  };
  for (int game = 0; game < 40; game++)
    {
      SynState state;
      load (&state, starts[game % G_N_ELEMENTS (starts)]);
      for (int step = 0; step < 60 && V->outcome (&state).result == SYN_RESULT_NONE; step++)
        {
          SynState next;
          g_assert_cmpuint (V->count_after_step (&state), ==, count_after_step_slowly (&state));
          V->apply (&state, random_choice (rand, &state, SYN_WHITE),
                    random_choice (rand, &state, SYN_BLACK), &next);
          state = next;
        }
    }
}

static void
test_sperft_start (void)
{
  SynState state;
  load (&state, V->start_fen);
  g_assert_cmpuint (syn_sperft (V, &state, 0), ==, 1);
  g_assert_cmpuint (syn_sperft (V, &state, 1), ==, 400);
  g_assert_cmpuint (syn_sperft (V, &state, 2), ==, 198163);
  g_assert_cmpuint (syn_sperft (V, &state, 3), ==, 120576581);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hutnik/e1/seed-three-gives-white-the-token",
                   test_e1_seed_three_gives_white_the_token);
  g_test_add_func ("/hutnik/e1/seed-zero-gives-black-the-token",
                   test_e1_seed_zero_gives_black_the_token);
  g_test_add_func ("/hutnik/e2/same-square-forfeits", test_e2_same_square_forfeits);
  g_test_add_func ("/hutnik/e3/mutual-pawn-captures", test_e3_mutual_pawn_captures);
  g_test_add_func ("/hutnik/e4/target-moved-non-pawn", test_e4_target_moved_non_pawn);
  g_test_add_func ("/hutnik/e4/target-moved-pawn-forfeits", test_e4_target_moved_pawn_forfeits);
  g_test_add_func ("/hutnik/e5/king-into-check", test_e5_king_into_check);

  g_test_add_func ("/hutnik/seed/4a-capture-onto-square-just-reached",
                   test_seed_a_capture_onto_the_square_just_reached);
  g_test_add_func ("/hutnik/seed/4b-pawn-takes-piece-that-moved",
                   test_seed_b_pawn_takes_piece_that_moved);
  g_test_add_func ("/hutnik/seed/4b-other-pieces-capture-as-moves",
                   test_seed_b_other_pieces_capture_as_moves);
  g_test_add_func ("/hutnik/seed/4c-king-into-check", test_seed_c_king_into_check);
  g_test_add_func ("/hutnik/seed/4d-piece-just-captured", test_seed_d_piece_just_captured);
  g_test_add_func ("/hutnik/seed/5-king-in-check-must-move",
                   test_seed_step5_king_in_check_must_move);

  g_test_add_func ("/hutnik/r1/start-choices", test_r1_start_choices);
  g_test_add_func ("/hutnik/r1/both-sides-choose-as-if-to-move",
                   test_r1_both_sides_choose_as_if_to_move);
  g_test_add_func ("/hutnik/r1/king-never-steps-into-attack", test_r1_king_never_steps_into_attack);
  g_test_add_func ("/hutnik/r1/pinned-piece-keeps-to-its-line",
                   test_r1_pinned_piece_keeps_to_its_line);
  g_test_add_func ("/hutnik/r1/illegal-choice-refused", test_r1_illegal_choice_refused);
  g_test_add_func ("/hutnik/r1/no-pass", test_r1_no_pass);
  g_test_add_func ("/hutnik/r2/in-check-no-block-no-capture-no-castling",
                   test_r2_in_check_no_block_no_capture_no_castling);
  g_test_add_func ("/hutnik/r2/king-may-capture", test_r2_king_may_capture);
  g_test_add_func ("/hutnik/r3/both-castle", test_r3_both_castle);
  g_test_add_func ("/hutnik/r3/castling-is-orthodox-on-s", test_r3_castling_is_orthodox_on_s);
  g_test_add_func ("/hutnik/r3/promotion-names-piece", test_r3_promotion_names_piece);
  g_test_add_func ("/hutnik/r3/en-passant-next-turn", test_r3_en_passant_next_turn);
  g_test_add_func ("/hutnik/r3/en-passant-only-in-the-next-turn",
                   test_r3_en_passant_only_in_the_next_turn);
  g_test_add_func ("/hutnik/r3/en-passant-needs-empty-passed-square",
                   test_r3_en_passant_needs_empty_passed_square);
  g_test_add_func ("/hutnik/r3/king-capture-is-a-choice", test_r3_king_capture_is_a_choice);
  g_test_add_func ("/hutnik/r3/king-capture-by-second-move-becomes-plain-move",
                   test_r3_king_capture_by_second_move_becomes_plain_move);
  g_test_add_func ("/hutnik/r4/first-move-takes-king", test_r4_first_move_takes_king);
  g_test_add_func ("/hutnik/r4/first-move-always-executed", test_r4_first_move_always_executed);
  g_test_add_func ("/hutnik/r5/a-en-passant-onto-square-just-reached",
                   test_r5a_en_passant_onto_square_just_reached);
  g_test_add_func ("/hutnik/r5/b-en-passant-victim-moved", test_r5b_en_passant_victim_moved);
  g_test_add_func ("/hutnik/r5/b-en-passant-executed", test_r5b_en_passant_executed);
  g_test_add_func ("/hutnik/r5/b-slider-path-blocked", test_r5b_slider_path_blocked);
  g_test_add_func ("/hutnik/r5/b-double-step-blocked", test_r5b_double_step_blocked);
  g_test_add_func ("/hutnik/r5/b-pawn-push-onto-square-just-reached",
                   test_r5b_pawn_push_onto_square_just_reached);
  g_test_add_func ("/hutnik/r5/d-castling-rook-taken", test_r5d_castling_rook_taken);
  g_test_add_func ("/hutnik/r5/c-check-left-unanswered", test_r5c_check_left_unanswered);
  g_test_add_func ("/hutnik/r5/c-check-blocked-by-chance", test_r5c_check_blocked_by_chance);
  g_test_add_func ("/hutnik/r5/c-line-opened-by-first-move", test_r5c_line_opened_by_first_move);
  g_test_add_func ("/hutnik/r5/c-castling-through-new-attack",
                   test_r5c_castling_through_new_attack);
  g_test_add_func ("/hutnik/r5/c-castling-still-free", test_r5c_castling_still_free);
  g_test_add_func ("/hutnik/r5/both-moves-executed", test_r5_both_moves_executed);
  g_test_add_func ("/hutnik/r6/token-passes-only-on-forfeit", test_r6_token_passes_only_on_forfeit);
  g_test_add_func ("/hutnik/r7/only-holder-in-check-in-random-games",
                   test_r7_only_holder_in_check_in_random_games);
  g_test_add_func ("/hutnik/r8/rights-lost-by-executed-moves-only",
                   test_r8_rights_lost_by_executed_moves_only);
  g_test_add_func ("/hutnik/r8/rook-taken-at-home-loses-right",
                   test_r8_rook_taken_at_home_loses_right);
  g_test_add_func ("/hutnik/r8/counters", test_r8_counters);
  g_test_add_func ("/hutnik/r8/passed-square-with-piece-behind",
                   test_r8_passed_square_with_piece_behind);
  g_test_add_func ("/hutnik/r9/test-vectors", test_r9_test_vectors);
  g_test_add_func ("/hutnik/r9/start-fen-draws-holder", test_r9_start_fen_draws_holder);
  g_test_add_func ("/hutnik/r9/seed-kept-through-turns", test_r9_seed_kept_through_turns);
  g_test_add_func ("/hutnik/r10/seed-from-coins", test_r10_seed_from_coins);
  g_test_add_func ("/hutnik/r11/lost-although-a-block-exists",
                   test_r11_lost_although_a_block_exists);
  g_test_add_func ("/hutnik/r11/both-lost", test_r11_both_lost);
  g_test_add_func ("/hutnik/r11/stalemate", test_r11_stalemate);
  g_test_add_func ("/hutnik/r11/king-captured", test_r11_king_captured);
  g_test_add_func ("/hutnik/r11/fifty-turns", test_r11_fifty_turns);
  g_test_add_func ("/hutnik/r11/check-is-not-lost-with-a-king-move",
                   test_r11_check_is_not_lost_with_a_king_move);
  g_test_add_func ("/hutnik/r11/no-insufficient-material", test_r11_no_insufficient_material);
  g_test_add_func ("/hutnik/r11/repeats-compares-board-rights-passed-squares-holder",
                   test_r11_repeats_compares_board_rights_passed_squares_holder);
  g_test_add_func ("/hutnik/r12/round-trips", test_r12_round_trips);
  g_test_add_func ("/hutnik/r12/question-mark-replaced", test_r12_question_mark_replaced);
  g_test_add_func ("/hutnik/r12/refused-kings", test_r12_refused_kings);
  g_test_add_func ("/hutnik/r12/refused-pawn-on-last-rank", test_r12_refused_pawn_on_last_rank);
  g_test_add_func ("/hutnik/r12/refused-castling-without-pieces",
                   test_r12_refused_castling_without_pieces);
  g_test_add_func ("/hutnik/r12/refused-passed-square", test_r12_refused_passed_square);
  g_test_add_func ("/hutnik/r12/refused-seed", test_r12_refused_seed);
  g_test_add_func ("/hutnik/r12/refused-other-fields", test_r12_refused_other_fields);
  g_test_add_func ("/hutnik/r12/side-without-token-may-be-in-check",
                   test_r12_side_without_token_may_be_in_check);
  g_test_add_func ("/hutnik/describe/names-token-holder", test_describe_names_token_holder);
  g_test_add_func ("/hutnik/events/forfeit-and-token", test_events_forfeit_and_token);
  g_test_add_func ("/hutnik/visible/everything", test_visible_everything);
  g_test_add_func ("/hutnik/apply/sets-whole-state", test_apply_sets_whole_state);
  g_test_add_func ("/hutnik/count/agrees-with-choices-on-random-play",
                   test_count_agrees_with_choices);
  g_test_add_func ("/hutnik/count/after-step-agrees-with-every-pair", test_count_after_step_agrees);
  g_test_add_func ("/hutnik/sperft/start", test_sperft_start);

  return g_test_run ();
}
