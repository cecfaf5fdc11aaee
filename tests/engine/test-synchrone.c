/* test-synchrone.c: the Synchrone rulings (SYN-R1 to R14), their worked examples and the
 * seed's diagrams, one behaviour per test, through the rule-set table.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "fen.h"
#include "movegen.h"
#include "move.h"
#include "outcome.h"
#include "position.h"
#include "rule-set-test-util.h"
#include "variant.h"

#define V (&syn_variant_synchrone)

/* SYN-E1: after 1. e2e4 / d7d5. */
#define FEN_E1 "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2"
/* SYN-E2, the seed's second diagram: white is checkmated. */
#define FEN_E2 "7k/8/8/3QR3/3P4/4P3/r6P/q6K w - - 0 1"
/* SYN-E3, the seed's third diagram (left). */
#define FEN_E3 "r3r1bb/ppqRkppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 0 1"
#define FEN_E4 "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 3"
#define FEN_E5 "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"
#define FEN_E6 "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1"

/* Both kings smothered by a knight: both sides are lost. */
#define FEN_BOTH_MATED "6rk/5Npp/8/8/8/8/5nPP/6RK w - - 0 1"
/* Black has no orthodox move, only the self-capture g7xf6 (Nd5 threatens f6). */
#define FEN_ONLY_SELF_CAPTURE "k7/2Q3p1/1K3pP1/3N1P2/8/8/8/8 w - - 0 1"

/* Helpers ------------------------------------------------------------------------------ */

static void
load (SynState *state, const char *fen)
{
  rule_set_test_load (V, state, fen);
}

static void
write (const SynState *state, char *buf)
{
  V->write_state (state, buf, SYN_FEN_MAX_SIZE);
}

static SynChoice
find (const SynState *state, SynColour side, const char *text)
{
  return syn_variant_choice_from_text (V, state, side, text);
}

static gboolean
has (const char *fen, SynColour side, const char *text)
{
  SynState state;
  load (&state, fen);
  return find (&state, side, text) != SYN_CHOICE_NONE;
}

static int
n_choices (const char *fen, SynColour side)
{
  SynState state;
  SynChoice choices[SYN_MAX_CHOICES];
  load (&state, fen);
  return V->choices (&state, side, choices);
}

/* Plays one turn: both choices must be among the sides' choices (SYN-R2, R3). */
static void
play (const SynState *state, const char *white, const char *black, SynState *after)
{
  SynChoice w = find (state, SYN_WHITE, white), b = find (state, SYN_BLACK, black);
  if (w == SYN_CHOICE_NONE)
    g_test_message ("%s is not a white choice", white);
  if (b == SYN_CHOICE_NONE)
    g_test_message ("%s is not a black choice", black);
  g_assert_true (w != SYN_CHOICE_NONE && b != SYN_CHOICE_NONE);
  V->apply (state, w, b, after);
}

static void
assert_outcome (const SynState *state, const char *result, const char *reason)
{
  SynOutcome outcome = V->outcome (state);
  g_assert_cmpstr (syn_result_to_text (outcome.result), ==, result);
  g_assert_cmpstr (syn_reason_to_text (outcome.reason), ==, reason);
  if (outcome.result != SYN_RESULT_NONE)
    g_assert_cmpuint (V->count_joint_choices (state), ==, 0);
  else
    g_assert_cmpuint (V->count_joint_choices (state), >, 0);
}

/* One worked turn: FEN before, both choices, FEN after, result and reason after. */
static void
assert_turn (const char *fen, const char *white, const char *black, const char *expected,
             const char *result, const char *reason)
{
  SynState state, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, fen);
  play (&state, white, black, &after);
  write (&after, buf);
  g_assert_cmpstr (buf, ==, expected);
  assert_outcome (&after, result, reason);
}

static void
assert_fen_outcome (const char *fen, const char *result, const char *reason)
{
  SynState state;
  load (&state, fen);
  assert_outcome (&state, result, reason);
}

/* SYN-R14: refused, with the field named both in error.field and in the message. */
static void
assert_refused (const char *fen, int field, const char *words)
{
  rule_set_test_assert_refused (V, fen, field, words);
}

static void
assert_round_trip (const char *fen)
{
  rule_set_test_assert_round_trip (V, fen);
}

/* Worked examples and the seed's diagrams ----------------------------------------------- */

static void
test_e1_self_capture_is_not_undone (void)
{
  assert_turn (FEN_E1, "e4e5", "d8d5",
               "rnb1kbnr/ppp1pppp/8/3qP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "*", NULL);
}

static void
test_e1_predicted_capture_loses_the_capturer (void)
{
  assert_turn (FEN_E1, "e4d5", "d8d5", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
               "*", NULL);
}

/* The seed's first diagram from the start: 1. e4 d5 2. e5 Qxd5. */
static void
test_seed_first_diagram_from_the_start (void)
{
  SynState state, after, last;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, V->start_fen);
  play (&state, "e2e4", "d7d5", &after);
  write (&after, buf);
  g_assert_cmpstr (buf, ==, FEN_E1);
  play (&after, "e4e5", "d8d5", &last);
  write (&last, buf);
  g_assert_true (g_str_has_prefix (buf, "rnb1kbnr/ppp1pppp/8/3qP3/8/8/PPPP1PPP/RNBQKBNR "));
}

static void
test_e2_checkmate_before_any_turn (void)
{
  g_assert_cmpint (n_choices (FEN_E2, SYN_WHITE), ==, 0);
  g_assert_cmpint (n_choices (FEN_E2, SYN_BLACK), >, 0);
  assert_fen_outcome (FEN_E2, "0-1", "checkmate");
}

/* The seed: "1.Kxh2 by anticipation isn't allowed". */
static void
test_e2_no_self_capture_in_check (void)
{
  g_assert_false (has (FEN_E2, SYN_WHITE, "h1h2"));
}

static void
test_e3_king_captured (void)
{
  g_assert_true (has (FEN_E3, SYN_WHITE, "d7e7"));
  assert_turn (FEN_E3, "d7e7", "c7d7", "r3r1bb/pp1qRppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 0 2",
               "1-0", "king-captured");
}

static void
test_e3_king_taking_the_rook_survives (void)
{
  assert_turn (FEN_E3, "d7e7", "e7d7", "r3r1bb/ppqkRppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 1 2",
               "*", NULL);
}

static void
test_e4_collision_removes_both (void)
{
  assert_turn (FEN_E4, "f3d4", "c6d4",
               "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4", "*", NULL);
}

static void
test_e5_no_option_in_the_same_turn (void)
{
  SynState state, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, FEN_E5);
  g_assert_false (has (FEN_E5, SYN_BLACK, "d4e3"));
  play (&state, "e2e4", "e8d7", &after);
  write (&after, buf);
  g_assert_cmpstr (buf, ==, "8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2");
}

static void
test_e5_en_passant_next_turn (void)
{
  assert_turn ("8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2", "e1d2", "d4e3",
               "8/3k4/8/8/8/4p3/3K4/8 w - - 0 3", "*", NULL);
}

static void
test_e5_en_passant_on_a_pawn_that_moved (void)
{
  assert_turn ("8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2", "e4e5", "d4e3",
               "8/3k4/8/4P3/8/4p3/8/4K3 w - - 0 3", "*", NULL);
}

static void
test_e6_king_stays_in_a_collision (void)
{
  g_assert_true (has (FEN_E6, SYN_WHITE, "d3e4"));
  assert_turn (FEN_E6, "d3e4", "e5e4", "4k3/8/8/8/4K3/8/8/8 w - - 0 2", "*", NULL);
}

/* SYN-R1, R2: choices ------------------------------------------------------------------ */

static void
test_r1_no_pass (void)
{
  SynState state;
  SynChoice choices[SYN_MAX_CHOICES];
  load (&state, V->start_fen);
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      int n = V->choices (&state, (SynColour) side, choices);
      g_assert_cmpint (n, ==, 20);
      for (int i = 0; i < n; i++)
        g_assert_cmpuint (SYN_CHOICE_KIND (choices[i]), ==, 0);
    }
  g_assert_cmpuint (V->count_joint_choices (&state), ==, 400);
}

static void
test_r2_start_is_orthodox (void)
{
  assert_round_trip (V->start_fen);
  g_assert_cmpstr (V->start_fen, ==, SYN_FEN_START);
  g_assert_true (has (SYN_FEN_START, SYN_BLACK, "e7e5"));
  g_assert_true (has (SYN_FEN_START, SYN_BLACK, "g8f6"));
  g_assert_false (has (SYN_FEN_START, SYN_WHITE, "e7e5"));
}

static void
test_r2_castling (void)
{
  const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "e1g1"));
  g_assert_true (has (fen, SYN_WHITE, "e1c1"));
  g_assert_true (has (fen, SYN_BLACK, "e8g8"));
  g_assert_true (has (fen, SYN_BLACK, "e8c8"));
  /* f1 attacked, b1 merely attacked (allowed), d8 attacked. */
  fen = "r3k2r/8/8/8/8/8/1r3r2/R3K2R w KQkq - 0 1";
  g_assert_false (has (fen, SYN_WHITE, "e1g1"));
  g_assert_true (has (fen, SYN_WHITE, "e1c1"));
  fen = "r3k2r/8/8/8/8/8/8/R2QK2R w KQkq - 0 1";
  g_assert_false (has (fen, SYN_WHITE, "e1c1"));
  g_assert_false (has (fen, SYN_BLACK, "e8c8"));
  g_assert_true (has (fen, SYN_BLACK, "e8g8"));
}

static void
test_r2_castling_moves_king_and_rook (void)
{
  assert_turn ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e8c8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 1 2", "*", NULL);
}

static void
test_r2_promotion_names_the_piece (void)
{
  const char *fen = "8/4P2k/8/8/8/8/8/K7 w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "e7e8q"));
  g_assert_true (has (fen, SYN_WHITE, "e7e8r"));
  g_assert_true (has (fen, SYN_WHITE, "e7e8b"));
  g_assert_true (has (fen, SYN_WHITE, "e7e8n"));
  g_assert_false (has (fen, SYN_WHITE, "e7e8"));
  g_assert_cmpint (n_choices (fen, SYN_WHITE), ==, 3 + 4);
  assert_turn (fen, "e7e8n", "h7g6", "4N3/8/6k1/8/8/8/8/K7 w - - 0 2", "*", NULL);
}

static void
test_r2_pinned_piece_stays_on_its_line (void)
{
  const char *fen = "4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1";
  g_assert_false (has (fen, SYN_WHITE, "e2c3"));
  g_assert_true (has (fen, SYN_WHITE, "e1d1"));
}

static void
test_r2_king_capture_only_when_in_check (void)
{
  /* The black king stands in check from Rd7 in SYN-E3. */
  g_assert_true (has (FEN_E3, SYN_WHITE, "d7e7"));
  g_assert_true (has ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", SYN_WHITE, "e1e8"));
}

static void
test_r2_in_check_only_evasions (void)
{
  /* In check from e8: Ra2-e2 blocks; other rook moves and Ke2 are refused. */
  const char *fen = "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "a2e2"));
  g_assert_false (has (fen, SYN_WHITE, "a2a3"));
  g_assert_false (has (fen, SYN_WHITE, "e1e2"));
}

/* SYN-R3: self-captures ----------------------------------------------------------------- */

static void
test_r3_none_at_the_start (void)
{
  g_assert_false (has (SYN_FEN_START, SYN_WHITE, "d1d2"));
  g_assert_cmpint (n_choices (SYN_FEN_START, SYN_WHITE), ==, 20);
}

static void
test_r3_needs_an_enemy_capture (void)
{
  /* The d5 pawn is attacked by e4 in SYN-E1; the c7 pawn is attacked by nobody. */
  g_assert_true (has (FEN_E1, SYN_BLACK, "d8d5"));
  g_assert_false (has (FEN_E1, SYN_BLACK, "d8c7"));
  g_assert_false (has (FEN_E1, SYN_BLACK, "f8e7"));
}

static void
test_r3_the_enemy_capture_must_be_legal (void)
{
  /* Be4 attacks d5 but is pinned on the e-file by re8. */
  const char *fen = "3qr2k/8/8/3p4/4B3/8/8/4K3 w - - 0 1";
  g_assert_false (has (fen, SYN_BLACK, "d8d5"));
  /* Unpinned, the bishop's capture makes the self-capture available. */
  g_assert_true (has ("3q3k/8/8/3p4/4B3/8/8/4K3 w - - 0 1", SYN_BLACK, "d8d5"));
}

static void
test_r3_en_passant_threat_does_not_count (void)
{
  /* The e4 pawn may be taken en passant by d4 only; Qe8 could not pre-empt it. */
  const char *fen = "7k/8/8/8/3pP3/8/8/4QK2 w - e3 0 2";
  g_assert_true (has (fen, SYN_BLACK, "d4e3"));
  g_assert_false (has (fen, SYN_WHITE, "e1e4"));
}

static void
test_r3_path_clears_for_any_capturer (void)
{
  /* Ba7 and Rd2 both take the knight on d4; Rd1 reaches d4 once d2 is off the path, though
   * the a8..h1 scan would find a7 first. */
  const char *fen = "7k/b7/8/8/3N4/8/3r4/3R3K w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "d1d4"));
  assert_turn (fen, "d1d4", "d2d4", "7k/b7/8/8/3R4/8/8/7K w - - 0 2", "*", NULL);
}

static void
test_r3_path_blocked_by_a_non_capturer (void)
{
  const char *fen = "7k/b7/8/8/3N4/3P4/8/3R3K w - - 0 1";
  g_assert_false (has (fen, SYN_WHITE, "d1d4"));
}

static void
test_r3_own_king_must_stay_safe (void)
{
  /* The rook on e2 is pinned by re8; taking its own knight on d2 would expose the king. */
  g_assert_false (has ("4r2k/8/8/6b1/8/8/3NR3/4K3 w - - 0 1", SYN_WHITE, "e2d2"));
  /* Unpinned, it may. */
  g_assert_true (has ("7k/8/8/6b1/8/8/3NR3/4K3 w - - 0 1", SYN_WHITE, "e2d2"));
}

static void
test_r3_own_king_safety_ignores_the_removed_capturer (void)
{
  /* Rd3 is pinned on the d-file by rd5, which also takes the knight on d7; with d5 off the
   * path Rd3 would reach d7, but the king is judged with the enemy unchanged. */
  const char *fen = "3N3k/3N4/8/3r4/8/3R4/8/3K4 w - - 0 1";
  g_assert_false (has (fen, SYN_WHITE, "d3d7"));
}

static void
test_r3_king_never_self_captures (void)
{
  /* Bg3 attacks the knight on e1, which the white king stands next to. */
  const char *fen = "7k/8/8/8/8/6b1/8/3KN3 w - - 0 1";
  g_assert_false (has (fen, SYN_WHITE, "d1e1"));
}

static void
test_r3_pawn_self_capture_promotes (void)
{
  /* ra8 takes Rd8; the e7 pawn may take it first, promoting. */
  const char *fen = "r2R4/4P2k/8/8/8/8/8/7K w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "e7d8q"));
  g_assert_true (has (fen, SYN_WHITE, "e7d8n"));
  g_assert_false (has (fen, SYN_WHITE, "e7d8"));
  assert_turn (fen, "e7d8r", "a8d8", "3R4/7k/8/8/8/8/8/7K w - - 0 2", "*", NULL);
}

static void
test_r3_pawn_self_captures_diagonally_forward_only (void)
{
  /* The knight on e3 is attacked by bc5: d2 may take it, e2 and f4 may not. */
  const char *fen = "7k/8/8/2b5/5P2/4N3/3PP3/7K w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "d2e3"));
  g_assert_false (has (fen, SYN_WHITE, "e2e3"));
  g_assert_false (has (fen, SYN_WHITE, "f4e3"));
}

/* SYN-R4: en passant --------------------------------------------------------------------- */

static void
test_r4_both_sides_in_one_turn (void)
{
  const char *fen = "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3d6 0 2";
  g_assert_true (has (fen, SYN_WHITE, "c5d6"));
  g_assert_true (has (fen, SYN_BLACK, "f4e3"));
  assert_turn (fen, "c5d6", "f4e3", "4k3/8/3P4/8/8/4p3/8/4K3 w - - 0 3", "*", NULL);
}

static void
test_r4_option_lasts_one_turn (void)
{
  SynState state, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, "8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2");
  play (&state, "e1f2", "d7c7", &after);
  write (&after, buf);
  g_assert_cmpstr (buf, ==, "8/2k5/8/8/3pP3/8/5K2/8 w - - 1 3");
  g_assert_true (find (&after, SYN_BLACK, "d4e3") == SYN_CHOICE_NONE);
}

static void
test_r4_en_passant_must_be_legal (void)
{
  /* Capturing e4 en passant would open the fourth rank onto the black king. */
  const char *fen = "8/8/8/8/R2pP2k/8/8/4K3 w - e3 0 2";
  g_assert_false (has (fen, SYN_BLACK, "d4e3"));
}

/* SYN-R5, R6: departures and captures ---------------------------------------------------- */

static void
test_r6_pieces_capturing_each_other_swap (void)
{
  assert_turn ("3rk3/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d8", "d8d1", "3Rk3/8/8/8/8/8/8/3rK3 w - - 1 2",
               "*", NULL);
}

static void
test_r6_pawn_capture_of_a_moved_piece_ends_diagonally (void)
{
  assert_turn ("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", "d5f6",
               "4k3/8/5n2/3P4/8/8/8/4K3 w - - 0 2", "*", NULL);
}

static void
test_r6_paths_are_not_rechecked (void)
{
  /* The rook passes through the square the knight enters. */
  assert_turn ("k7/8/8/5n2/8/8/8/3RK3 w - - 0 1", "d1d8", "f5d4",
               "k2R4/8/8/8/3n4/8/8/4K3 w - - 1 2", "*", NULL);
}

/* SYN-R7: arrivals and collisions ------------------------------------------------------------ */

static void
test_r7_king_capturing_into_a_self_capture_stays (void)
{
  /* Kd4 and Re3 take the knight on e5; re1 takes it first, its path clear once Re3 is
   * off it. */
  const char *fen = "7k/8/8/4n3/3K4/4R3/8/4r3 w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "d4e5"));
  g_assert_true (has (fen, SYN_BLACK, "e1e5"));
  assert_turn (fen, "d4e5", "e1e5", "7k/8/8/4K3/8/4R3/8/8 w - - 0 2", "*", NULL);
}

static void
test_r7_en_passant_colliding_with_a_plain_move (void)
{
  assert_turn ("3qk3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "d8d6",
               "4k3/8/8/8/8/8/8/4K3 w - - 0 3", "*", NULL);
}

static void
test_r7_self_capturer_stays_against_a_plain_arrival (void)
{
  /* White self-captures on d4, which the bishop and the knight threaten; the knight takes
   * as predicted and is removed. */
  const char *fen = "7k/b7/4n3/8/3N4/2P5/8/7K w - - 0 1";
  g_assert_true (has (fen, SYN_WHITE, "c3d4"));
  assert_turn (fen, "c3d4", "e6d4", "7k/b7/8/8/3P4/8/8/7K w - - 0 2", "*", NULL);
}

/* SYN-R8: castling rights ----------------------------------------------------------------- */

static void
test_r8_rights_lost_by_leaving_and_by_removal (void)
{
  assert_turn ("r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1", "a1b1", "g2h1",
               "r3k2r/8/8/8/8/8/8/1R2K2b w kq - 0 2", "*", NULL);
}

static void
test_r8_right_lost_when_the_home_square_is_entered (void)
{
  /* The rook on h8 leaves, the white rook enters h8 (capturing nothing): both lose the
   * short right; Black's long right stays. */
  assert_turn ("r3k2r/8/8/8/8/8/8/4K2R w Kkq - 0 1", "h1h8", "h8h5",
               "r3k2R/8/8/7r/8/8/8/4K3 w q - 1 2", "*", NULL);
}

/* SYN-R9: counters and field 4 -------------------------------------------------------------- */

static void
test_r9_quiet_turns_count_and_reset (void)
{
  assert_turn ("4k3/8/8/8/8/8/4P3/4K3 w - - 7 9", "e1d1", "e8d8",
               "3k4/8/8/8/8/8/4P3/3K4 w - - 8 10", "*", NULL);
  assert_turn ("4k3/8/8/8/8/8/4P3/4K3 w - - 7 9", "e2e3", "e8d8",
               "3k4/8/8/8/8/4P3/8/4K3 w - - 0 10", "*", NULL);
}

static void
test_r9_pawn_move_resets_even_when_removed (void)
{
  /* The pawn and the knight collide on e4. */
  assert_turn ("4k3/8/8/8/8/4P1n1/8/4K3 w - - 9 9", "e3e4", "g3e4",
               "4k3/8/8/8/8/8/8/4K3 w - - 0 10", "*", NULL);
}

static void
test_r9_two_passed_squares_rank_3_first (void)
{
  assert_turn (SYN_FEN_START, "e2e4", "d7d5", FEN_E1, "*", NULL);
}

static void
test_r9_passed_square_not_kept_without_its_pawn (void)
{
  /* The double-stepped pawn collides with the knight on e4: no option is left (SYN-R14
   * refuses a field-4 square without its pawn). */
  assert_turn ("4k3/8/8/8/8/6n1/4P3/4K3 w - - 0 1", "e2e4", "g3e4", "4k3/8/8/8/8/8/8/4K3 w - - 0 2",
               "*", NULL);
}

static void
test_r9_passed_square_not_kept_when_entered (void)
{
  /* The black knight lands on e2, the square the pawn left (SYN-R14 refuses a field-4
   * square with a piece behind it); elsewhere the option stays. */
  assert_turn ("4k3/8/8/8/8/8/4P3/4K1n1 w - - 0 1", "e2e4", "g1e2",
               "4k3/8/8/8/4P3/8/4n3/4K3 w - - 0 2", "*", NULL);
  assert_turn ("4k3/8/8/8/8/8/4P3/4K1n1 w - - 0 1", "e2e4", "g1f3",
               "4k3/8/8/8/4P3/5n2/8/4K3 w - e3 0 2", "*", NULL);
}

/* SYN-R10, R11: end of the game ------------------------------------------------------------- */

static void
test_r10_king_captured_loses (void)
{
  assert_fen_outcome ("8/8/8/8/8/8/8/4K3 w - - 0 5", "1-0", "king-captured");
  assert_fen_outcome ("4k3/8/8/8/8/8/8/8 w - - 0 5", "0-1", "king-captured");
  g_assert_cmpint (n_choices ("4k3/8/8/8/8/8/8/8 w - - 0 5", SYN_BLACK), ==, 0);
}

static void
test_r10_king_capture_beats_mate (void)
{
  /* White has no king; black would be mated: white has lost all the same. */
  assert_fen_outcome ("7k/5Q2/6N1/8/8/8/8/8 w - - 0 5", "0-1", "king-captured");
}

static void
test_r10_both_kings_gone_is_a_draw (void)
{
  SynState state;
  load (&state, "4k3/8/8/8/8/8/8/4K3 w - - 0 5");
  syn_position_remove (&state.board, syn_square_from_text ("e1"));
  syn_position_remove (&state.board, syn_square_from_text ("e8"));
  assert_outcome (&state, "1/2-1/2", "king-captured");
}

static void
test_r11_both_lost_is_a_draw (void)
{
  assert_fen_outcome (FEN_BOTH_MATED, "1/2-1/2", "both-lost");
}

static void
test_r11_mate_beats_stalemate (void)
{
  /* White is in double check from nb3 and be5 with nowhere to go; both checkers are pinned
   * (by Ba2 and Re1) and the black king has no square: black is stalemated, yet wins. */
  const char *fen = "3Q4/8/4k2N/4b3/8/1n6/B7/KN2R3 w - - 0 1";
  g_assert_cmpint (n_choices (fen, SYN_WHITE), ==, 0);
  g_assert_cmpint (n_choices (fen, SYN_BLACK), ==, 0);
  assert_fen_outcome (fen, "0-1", "checkmate");
}

static void
test_r11_stalemate (void)
{
  assert_fen_outcome ("k7/2Q5/1K6/8/8/8/8/8 w - - 0 1", "1/2-1/2", "stalemate");
}

static void
test_r11_self_captures_count_against_stalemate (void)
{
  g_assert_cmpint (n_choices (FEN_ONLY_SELF_CAPTURE, SYN_BLACK), ==, 1);
  g_assert_true (has (FEN_ONLY_SELF_CAPTURE, SYN_BLACK, "g7f6"));
  assert_fen_outcome (FEN_ONLY_SELF_CAPTURE, "*", NULL);
}

/* SYN-R12: draws ---------------------------------------------------------------------------- */

static void
test_r12_fifty_quiet_turns (void)
{
  assert_fen_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 49 80", "*", NULL);
  assert_fen_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 50 80", "1/2-1/2", "fifty-turns");
  assert_turn ("4k3/8/8/8/8/8/8/4K3 w - - 49 80", "e1d1", "e8d8", "3k4/8/8/8/8/8/8/3K4 w - - 50 81",
               "1/2-1/2", "fifty-turns");
}

static void
test_r12_mate_comes_before_fifty_turns (void)
{
  assert_fen_outcome ("7k/8/8/8/8/8/r6P/q6K w - - 50 80", "0-1", "checkmate");
}

static void
test_r12_repeats_board_castling_and_field_4 (void)
{
  SynState a, b;
  g_assert_nonnull (V->repeats);
  load (&a, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  load (&b, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 12 30");
  g_assert_true (V->repeats (&a, &b));
  load (&b, "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1");
  g_assert_false (V->repeats (&a, &b));
  load (&b, "r3k2r/8/8/8/8/8/8/R3K1R1 w kq - 0 1");
  g_assert_false (V->repeats (&a, &b));
  load (&a, "8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2");
  load (&b, "8/3k4/8/8/3pP3/8/8/4K3 w - - 0 2");
  g_assert_false (V->repeats (&a, &b));
}

static void
test_r12_outcome_never_says_repetition (void)
{
  SynState state, after, back;
  load (&state, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  play (&state, "e1d1", "e8d8", &after);
  play (&after, "d1e1", "d8e8", &back);
  g_assert_true (V->repeats (&state, &back));
  assert_outcome (&back, "*", NULL);
}

/* SYN-R13, R14: FEN ----------------------------------------------------------------------- */

static void
test_r13_written_state_holds_no_move (void)
{
  SynState state, after;
  char buf[SYN_FEN_MAX_SIZE];
  gchar **fields;
  load (&state, V->start_fen);
  play (&state, "g1f3", "b8c6", &after);
  write (&after, buf);
  fields = g_strsplit (buf, " ", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 6);
  g_strfreev (fields);
  g_assert_cmpuint (after.step, ==, 0);
}

static void
test_r14_field_2_means_nothing (void)
{
  SynState state;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, "4k3/8/8/8/8/8/8/4K3 b - - 3 7");
  write (&state, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/8/8/8/8/8/4K3 w - - 3 7");
  g_assert_cmpint (n_choices ("4k3/8/8/8/8/8/8/4K3 b - - 3 7", SYN_WHITE), ==, 5);
}

static void
test_r14_round_trips (void)
{
  static const char *const fens[] = {
    SYN_FEN_START,
    FEN_E1,
    FEN_E2,
    FEN_E3,
    FEN_E4,
    FEN_E5,
    FEN_E6,
    "r3r1bb/pp1qRppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 0 2", /* a king is gone */
    "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3d6 0 2",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 65535 65535",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    assert_round_trip (fens[i]);
}

static void
test_r14_short_fen_is_accepted (void)
{
  SynState state;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, "4k3/8/8/8/8/8/8/4K3 w - -");
  write (&state, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  load (&state, "4k3/8/8/8/8/8/8/4K3 w - - 4");
  write (&state, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/8/8/8/8/8/4K3 w - - 4 1");
}

static void
test_r14_field_4_any_order (void)
{
  SynState state;
  char buf[SYN_FEN_MAX_SIZE];
  load (&state, "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - d6e3 0 2");
  write (&state, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3d6 0 2");
}

static void
test_r14_refused_positions (void)
{
  assert_refused ("8/8/8/8/8/8/8/8 w - - 0 1", 1, "neither side has a king");
  assert_refused ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", 1, "White has 2 kings");
  assert_refused ("4k2k/8/8/8/8/8/8/4K3 w - - 0 1", 1, "Black has 2 kings");
  assert_refused ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", 1, "a pawn stands on h1");
  assert_refused ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1, "a pawn stands on a8");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", 3, "castling right 'K'");
  assert_refused ("r3k3/8/8/8/8/8/8/4K3 w kq - 0 1", 3, "castling right 'k'");
  assert_refused ("4k3/8/8/8/4P3/4N3/8/4K3 w - e3 0 2", 4, "occupied");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e3 0 2", 4, "no white pawn");
  assert_refused ("4k3/8/8/3p4/8/8/8/4K3 w - d6e3 0 2", 4, "no white pawn");
  assert_refused ("4k3/3n4/8/3p4/8/8/8/4K3 w - d6 0 2", 4, "start square");
}

static void
test_r14_refused_syntax (void)
{
  assert_refused (NULL, 0, "no FEN");
  assert_refused ("", 1, "missing");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w -", 4, "missing");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 e2e4", 0, "after field 6");
  assert_refused ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", 1, "rank 1 has 7 squares");
  assert_refused ("4k3/8/8/8/8/8/4K3 w - - 0 1", 1, "7 ranks");
  assert_refused ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", 1, "'X'");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", 2, "side to move");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w KK - 0 1", 3, "twice");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w A - 0 1", 3, "not a castling right");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e4 0 1", 4, "rank 3 or 6");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e3f3 0 1", 4, "two en passant squares");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e3d6c6 0 1", 4, "two squares");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", 4, "not a square");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - x 1", 5, "not a number");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", 6, "out of range");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 65536", 6, "out of range");
}

/* Counting agrees with listing -------------------------------------------------------------- */

static uint64_t
count_by_listing (const SynState *state)
{
  SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  if (V->outcome (state).result != SYN_RESULT_NONE)
    return 0;
  return (uint64_t) V->choices (state, SYN_WHITE, white)
         * (uint64_t) V->choices (state, SYN_BLACK, black);
}

static void
test_counting_agrees_with_listing (void)
{
  static const char *const fens[] = {
    SYN_FEN_START,
    FEN_E1,
    FEN_E3,
    FEN_E4,
    FEN_ONLY_SELF_CAPTURE,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/2Pp4/4Pp2/8/8/4K3 w - e3d6 0 2",
    "r2R4/4P2k/8/8/8/8/8/7K w - - 0 1",
    "7k/b7/8/8/3N4/8/3r4/3R3K w - - 0 1",
  };
  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      SynState state;
      SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
      int n_white, n_black;
      uint64_t after = 0;
      load (&state, fens[i]);
      g_assert_cmpuint (V->count_joint_choices (&state), ==, count_by_listing (&state));
      n_white = V->choices (&state, SYN_WHITE, white);
      n_black = V->choices (&state, SYN_BLACK, black);
      for (int w = 0; w < n_white; w++)
        for (int b = 0; b < n_black; b++)
          {
            SynState child;
            V->apply (&state, white[w], black[b], &child);
            after += count_by_listing (&child);
          }
      g_assert_cmpuint (V->count_after_step (&state), ==, after);
    }
}

static void
test_choice_texts_are_unique (void)
{
  SynState state;
  SynChoice choices[SYN_MAX_CHOICES];
  char a[SYN_CHOICE_TEXT_SIZE], b[SYN_CHOICE_TEXT_SIZE];
  load (&state, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      int n = V->choices (&state, (SynColour) side, choices);
      for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
          {
            V->choice_to_text (&state, choices[i], a);
            V->choice_to_text (&state, choices[j], b);
            g_assert_cmpstr (a, !=, b);
          }
    }
  V->choice_to_text (&state, SYN_CHOICE_NONE, a);
  g_assert_cmpstr (a, ==, "-");
}

static void
test_sperft_from_the_start (void)
{
  SynState state;
  load (&state, V->start_fen);
  g_assert_cmpuint (syn_sperft (V, &state, 1), ==, 400);
  g_assert_cmpuint (syn_sperft (V, &state, 2), ==, 199443);
}

/* SYN-R2, R3 on random play: the choices are the orthodox legal moves plus self-captures
 * onto own non-king pieces, and every state reached reads back as written. */
static void
check_choices_against_orthodox (const SynState *state, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];
  SynMove moves[SYN_MAX_MOVES];
  SynPosition turn = state->board;
  int n = V->choices (state, side, choices), n_moves, n_self = 0;
  gboolean in_check;

  turn.side_to_move = (uint8_t) side;
  n_moves = syn_orthodox_moves (&turn, moves);
  in_check = syn_orthodox_attackers (&turn, syn_position_king (&turn, side), (SynColour) !side,
                                     syn_position_occupied (&turn))
             != 0;
  for (int i = 0; i < n_moves; i++)
    {
      gboolean found = FALSE;
      for (int j = 0; j < n && !found; j++)
        found = choices[j] == moves[i];
      g_assert_true (found);
    }
  for (int j = 0; j < n; j++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[j]);
      SynPiece target = state->board.board[syn_move_to (move)];
      if (target == SYN_NO_PIECE || SYN_PIECE_COLOUR (target) != side)
        continue;
      n_self++;
      g_assert_false (in_check);
      g_assert_cmpint (SYN_PIECE_TYPE (target), !=, SYN_KING);
      g_assert_cmpint (SYN_PIECE_TYPE (state->board.board[syn_move_from (move)]), !=, SYN_KING);
    }
  g_assert_cmpint (n, ==, n_moves + n_self);
}

static void
test_random_play_keeps_the_invariants (void)
{
  GRand *rand = g_rand_new_with_seed (20260101);
  int self_captures = 0, finished = 0;
  for (int game = 0; game < 300; game++)
    {
      SynState state;
      load (&state, V->start_fen);
      for (int turn = 0; turn < 80; turn++)
        {
          SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
          char buf[SYN_FEN_MAX_SIZE], again[SYN_FEN_MAX_SIZE];
          SynState read, next;
          int n_white, n_black;
          SynChoice w, b;

          write (&state, buf);
          load (&read, buf);
          write (&read, again);
          g_assert_cmpstr (buf, ==, again);
          g_assert_true (V->repeats (&state, &read));
          if (V->outcome (&state).result != SYN_RESULT_NONE)
            {
              g_assert_cmpuint (V->count_joint_choices (&state), ==, 0);
              finished++;
              break;
            }
          check_choices_against_orthodox (&state, SYN_WHITE);
          check_choices_against_orthodox (&state, SYN_BLACK);
          n_white = V->choices (&state, SYN_WHITE, white);
          n_black = V->choices (&state, SYN_BLACK, black);
          g_assert_cmpuint (V->count_joint_choices (&state), ==, (uint64_t) n_white * n_black);
          w = white[g_rand_int_range (rand, 0, n_white)];
          b = black[g_rand_int_range (rand, 0, n_black)];
          if (state.board.board[syn_move_to (SYN_CHOICE_MOVE (w))] != SYN_NO_PIECE
              && SYN_PIECE_COLOUR (state.board.board[syn_move_to (SYN_CHOICE_MOVE (w))])
                     == SYN_WHITE)
            self_captures++;
          V->apply (&state, w, b, &next);
          state = next;
        }
    }
  g_test_message ("%d games finished, %d white self-captures played", finished, self_captures);
  g_assert_cmpint (self_captures, >, 0);
  g_assert_cmpint (finished, >, 0);
  g_rand_free (rand);
}

static void
test_everything_is_visible (void)
{
  SynState state;
  load (&state, V->start_fen);
  g_assert_cmpuint (V->visible (&state, SYN_WHITE), ==, ~(SynBitboard) 0);
  g_assert_cmpuint (V->visible (&state, SYN_BLACK), ==, ~(SynBitboard) 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/synchrone/e1/self-capture-is-not-undone", test_e1_self_capture_is_not_undone);
  g_test_add_func ("/synchrone/e1/predicted-capture-loses-the-capturer",
                   test_e1_predicted_capture_loses_the_capturer);
  g_test_add_func ("/synchrone/seed/first-diagram-from-the-start",
                   test_seed_first_diagram_from_the_start);
  g_test_add_func ("/synchrone/e2/checkmate-before-any-turn", test_e2_checkmate_before_any_turn);
  g_test_add_func ("/synchrone/e2/no-self-capture-in-check", test_e2_no_self_capture_in_check);
  g_test_add_func ("/synchrone/e3/king-captured", test_e3_king_captured);
  g_test_add_func ("/synchrone/e3/king-taking-the-rook-survives",
                   test_e3_king_taking_the_rook_survives);
  g_test_add_func ("/synchrone/e4/collision-removes-both", test_e4_collision_removes_both);
  g_test_add_func ("/synchrone/e5/no-option-in-the-same-turn", test_e5_no_option_in_the_same_turn);
  g_test_add_func ("/synchrone/e5/en-passant-next-turn", test_e5_en_passant_next_turn);
  g_test_add_func ("/synchrone/e5/en-passant-on-a-pawn-that-moved",
                   test_e5_en_passant_on_a_pawn_that_moved);
  g_test_add_func ("/synchrone/e6/king-stays-in-a-collision", test_e6_king_stays_in_a_collision);

  g_test_add_func ("/synchrone/r1/no-pass", test_r1_no_pass);
  g_test_add_func ("/synchrone/r2/start-is-orthodox", test_r2_start_is_orthodox);
  g_test_add_func ("/synchrone/r2/castling", test_r2_castling);
  g_test_add_func ("/synchrone/r2/castling-moves-king-and-rook",
                   test_r2_castling_moves_king_and_rook);
  g_test_add_func ("/synchrone/r2/promotion-names-the-piece", test_r2_promotion_names_the_piece);
  g_test_add_func ("/synchrone/r2/pinned-piece-stays-on-its-line",
                   test_r2_pinned_piece_stays_on_its_line);
  g_test_add_func ("/synchrone/r2/king-capture-only-when-in-check",
                   test_r2_king_capture_only_when_in_check);
  g_test_add_func ("/synchrone/r2/in-check-only-evasions", test_r2_in_check_only_evasions);
  g_test_add_func ("/synchrone/r3/none-at-the-start", test_r3_none_at_the_start);
  g_test_add_func ("/synchrone/r3/needs-an-enemy-capture", test_r3_needs_an_enemy_capture);
  g_test_add_func ("/synchrone/r3/the-enemy-capture-must-be-legal",
                   test_r3_the_enemy_capture_must_be_legal);
  g_test_add_func ("/synchrone/r3/en-passant-threat-does-not-count",
                   test_r3_en_passant_threat_does_not_count);
  g_test_add_func ("/synchrone/r3/path-clears-for-any-capturer",
                   test_r3_path_clears_for_any_capturer);
  g_test_add_func ("/synchrone/r3/path-blocked-by-a-non-capturer",
                   test_r3_path_blocked_by_a_non_capturer);
  g_test_add_func ("/synchrone/r3/own-king-must-stay-safe", test_r3_own_king_must_stay_safe);
  g_test_add_func ("/synchrone/r3/own-king-safety-ignores-the-removed-capturer",
                   test_r3_own_king_safety_ignores_the_removed_capturer);
  g_test_add_func ("/synchrone/r3/king-never-self-captures", test_r3_king_never_self_captures);
  g_test_add_func ("/synchrone/r3/pawn-self-capture-promotes", test_r3_pawn_self_capture_promotes);
  g_test_add_func ("/synchrone/r3/pawn-self-captures-diagonally-forward-only",
                   test_r3_pawn_self_captures_diagonally_forward_only);
  g_test_add_func ("/synchrone/r4/both-sides-in-one-turn", test_r4_both_sides_in_one_turn);
  g_test_add_func ("/synchrone/r4/option-lasts-one-turn", test_r4_option_lasts_one_turn);
  g_test_add_func ("/synchrone/r4/en-passant-must-be-legal", test_r4_en_passant_must_be_legal);
  g_test_add_func ("/synchrone/r6/pieces-capturing-each-other-swap",
                   test_r6_pieces_capturing_each_other_swap);
  g_test_add_func ("/synchrone/r6/pawn-capture-of-a-moved-piece-ends-diagonally",
                   test_r6_pawn_capture_of_a_moved_piece_ends_diagonally);
  g_test_add_func ("/synchrone/r6/paths-are-not-rechecked", test_r6_paths_are_not_rechecked);
  g_test_add_func ("/synchrone/r7/king-capturing-into-a-self-capture-stays",
                   test_r7_king_capturing_into_a_self_capture_stays);
  g_test_add_func ("/synchrone/r7/en-passant-colliding-with-a-plain-move",
                   test_r7_en_passant_colliding_with_a_plain_move);
  g_test_add_func ("/synchrone/r7/self-capturer-stays-against-a-plain-arrival",
                   test_r7_self_capturer_stays_against_a_plain_arrival);
  g_test_add_func ("/synchrone/r8/rights-lost-by-leaving-and-by-removal",
                   test_r8_rights_lost_by_leaving_and_by_removal);
  g_test_add_func ("/synchrone/r8/right-lost-when-the-home-square-is-entered",
                   test_r8_right_lost_when_the_home_square_is_entered);
  g_test_add_func ("/synchrone/r9/quiet-turns-count-and-reset",
                   test_r9_quiet_turns_count_and_reset);
  g_test_add_func ("/synchrone/r9/pawn-move-resets-even-when-removed",
                   test_r9_pawn_move_resets_even_when_removed);
  g_test_add_func ("/synchrone/r9/two-passed-squares-rank-3-first",
                   test_r9_two_passed_squares_rank_3_first);
  g_test_add_func ("/synchrone/r9/passed-square-not-kept-without-its-pawn",
                   test_r9_passed_square_not_kept_without_its_pawn);
  g_test_add_func ("/synchrone/r9/passed-square-not-kept-when-entered",
                   test_r9_passed_square_not_kept_when_entered);
  g_test_add_func ("/synchrone/r10/king-captured-loses", test_r10_king_captured_loses);
  g_test_add_func ("/synchrone/r10/king-capture-beats-mate", test_r10_king_capture_beats_mate);
  g_test_add_func ("/synchrone/r10/both-kings-gone-is-a-draw", test_r10_both_kings_gone_is_a_draw);
  g_test_add_func ("/synchrone/r11/both-lost-is-a-draw", test_r11_both_lost_is_a_draw);
  g_test_add_func ("/synchrone/r11/mate-beats-stalemate", test_r11_mate_beats_stalemate);
  g_test_add_func ("/synchrone/r11/stalemate", test_r11_stalemate);
  g_test_add_func ("/synchrone/r11/self-captures-count-against-stalemate",
                   test_r11_self_captures_count_against_stalemate);
  g_test_add_func ("/synchrone/r12/fifty-quiet-turns", test_r12_fifty_quiet_turns);
  g_test_add_func ("/synchrone/r12/mate-comes-before-fifty-turns",
                   test_r12_mate_comes_before_fifty_turns);
  g_test_add_func ("/synchrone/r12/repeats-board-castling-and-field-4",
                   test_r12_repeats_board_castling_and_field_4);
  g_test_add_func ("/synchrone/r12/outcome-never-says-repetition",
                   test_r12_outcome_never_says_repetition);
  g_test_add_func ("/synchrone/r13/written-state-holds-no-move",
                   test_r13_written_state_holds_no_move);
  g_test_add_func ("/synchrone/r14/field-2-means-nothing", test_r14_field_2_means_nothing);
  g_test_add_func ("/synchrone/r14/round-trips", test_r14_round_trips);
  g_test_add_func ("/synchrone/r14/short-fen-is-accepted", test_r14_short_fen_is_accepted);
  g_test_add_func ("/synchrone/r14/field-4-any-order", test_r14_field_4_any_order);
  g_test_add_func ("/synchrone/r14/refused-positions", test_r14_refused_positions);
  g_test_add_func ("/synchrone/r14/refused-syntax", test_r14_refused_syntax);
  g_test_add_func ("/synchrone/count/agrees-with-listing", test_counting_agrees_with_listing);
  g_test_add_func ("/synchrone/count/choice-texts-are-unique", test_choice_texts_are_unique);
  g_test_add_func ("/synchrone/count/sperft-from-the-start", test_sperft_from_the_start);
  g_test_add_func ("/synchrone/random/play-keeps-the-invariants",
                   test_random_play_keeps_the_invariants);
  g_test_add_func ("/synchrone/visible/everything", test_everything_is_visible);

  return g_test_run ();
}
