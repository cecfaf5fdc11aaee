/* test-fen.c: reading and writing FEN, and errors that name the field and the fault.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "fen.h"

static void
assert_round_trip (const char *fen, SynFenRules rules, const char *expected)
{
  SynPosition pos;
  SynFenError error;
  char written[SYN_FEN_MAX_SIZE];

  if (!syn_fen_parse (fen, rules, &pos, &error))
    g_error ("'%s' refused: %s", fen, error.message);
  syn_fen_write (&pos, rules, written, sizeof written);
  g_assert_cmpstr (written, ==, expected);
}

static void
assert_refused (const char *fen, SynFenRules rules, int field, const char *fragment)
{
  SynPosition pos;
  SynFenError error;

  g_assert_false (syn_fen_parse (fen, rules, &pos, &error));
  g_assert_cmpint (error.field, ==, field);
  if (!strstr (error.message, fragment))
    g_error ("message '%s' lacks '%s'", error.message, fragment);
  if (field > 0)
    {
      g_autofree char *prefix = g_strdup_printf ("field %d: ", field);
      g_assert_true (g_str_has_prefix (error.message, prefix));
    }
}

static void
test_fen_start_round_trip (void)
{
  assert_round_trip (SYN_FEN_START, SYN_FEN_ORTHODOX, SYN_FEN_START);
  assert_round_trip (SYN_FEN_START, SYN_FEN_PSC, SYN_FEN_START);
}

static void
test_fen_counters_optional (void)
{
  assert_round_trip ("4k3/8/8/8/8/8/8/4K3 w - -", SYN_FEN_ORTHODOX,
                     "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  assert_round_trip ("4k3/8/8/8/8/8/8/4K3 b - - 7", SYN_FEN_ORTHODOX,
                     "4k3/8/8/8/8/8/8/4K3 b - - 7 1");
}

static void
test_fen_extra_white_space (void)
{
  assert_round_trip ("  4k3/8/8/8/8/8/8/4K3   w  -  -  3  9 \n", SYN_FEN_PSC,
                     "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
}

static void
test_fen_orthodox_keeps_side_to_move (void)
{
  assert_round_trip ("4k3/8/8/8/8/8/8/4K3 b - - 0 5", SYN_FEN_ORTHODOX,
                     "4k3/8/8/8/8/8/8/4K3 b - - 0 5");
}

static void
test_fen_castling_any_order (void)
{
  assert_round_trip ("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", SYN_FEN_PSC,
                     "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

static void
test_fen_refuses_missing_fields (void)
{
  assert_refused ("", SYN_FEN_PSC, 1, "missing");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w -", SYN_FEN_PSC, 4, "missing");
}

static void
test_fen_refuses_extra_text (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", SYN_FEN_PSC, 0, "after field 6");
}

static void
test_fen_refuses_bad_placement (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", SYN_FEN_PSC, 1, "rank 1 has 7 squares");
  assert_refused ("4k3/9/8/8/8/8/8/4K3 w - - 0 1", SYN_FEN_PSC, 1, "neither a piece letter");
  assert_refused ("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", SYN_FEN_PSC, 1, "more than 8 ranks");
  assert_refused ("4k3/8/8/8/8/8/4K3 w - - 0 1", SYN_FEN_PSC, 1, "7 ranks");
  assert_refused ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", SYN_FEN_PSC, 1, "'X'");
  assert_refused ("4k3/8/8/8/8/8/8/4K3p w - - 0 1", SYN_FEN_PSC, 1, "more than 8 squares");
}

static void
test_fen_refuses_bad_side (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", SYN_FEN_PSC, 2, "'x'");
}

static void
test_fen_refuses_bad_castling (void)
{
  assert_refused ("r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", SYN_FEN_PSC, 3, "twice");
  assert_refused ("r3k2r/8/8/8/8/8/8/R3K2R w A - 0 1", SYN_FEN_PSC, 3, "'A'");
}

static void
test_fen_refuses_bad_en_passant (void)
{
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - e5 0 1", SYN_FEN_PSC, 4,
                  "e5 is not a valid en passant square");
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - z3 0 1", SYN_FEN_PSC, 4, "'z3' is not a square");
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - e3e3 0 1", SYN_FEN_PSC, 4, "two en passant");
  /* Orthodox chess has one en passant square, for the side to move. */
  assert_refused ("4k3/3p4/8/8/4P3/8/8/4K3 b - e3d6 0 1", SYN_FEN_ORTHODOX, 4, "one square");
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", SYN_FEN_ORTHODOX, 4, "White is to move");
}

static void
test_fen_refuses_bad_counters (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - x 1", SYN_FEN_PSC, 5, "not a number");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", SYN_FEN_PSC, 6, "out of range");
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - - 99999 1", SYN_FEN_PSC, 5, "out of range");
}

static void
test_fen_orthodox_refuses_waiting_side_in_check (void)
{
  /* Black's king stands in check from the rook while White is to move. */
  assert_refused ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", SYN_FEN_ORTHODOX, 2, "in check");
  assert_round_trip ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", SYN_FEN_PSC,
                     "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
}

static void
test_fen_refuses_overlong_input (void)
{
  g_autofree char *long_fen = g_strnfill (SYN_FEN_MAX_INPUT + 10, '8');
  assert_refused (long_fen, SYN_FEN_PSC, 0, "longer than");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fen/start-round-trip", test_fen_start_round_trip);
  g_test_add_func ("/fen/counters-optional", test_fen_counters_optional);
  g_test_add_func ("/fen/extra-white-space", test_fen_extra_white_space);
  g_test_add_func ("/fen/orthodox-keeps-side-to-move", test_fen_orthodox_keeps_side_to_move);
  g_test_add_func ("/fen/castling-any-order", test_fen_castling_any_order);
  g_test_add_func ("/fen/refuses/missing-fields", test_fen_refuses_missing_fields);
  g_test_add_func ("/fen/refuses/extra-text", test_fen_refuses_extra_text);
  g_test_add_func ("/fen/refuses/bad-placement", test_fen_refuses_bad_placement);
  g_test_add_func ("/fen/refuses/bad-side", test_fen_refuses_bad_side);
  g_test_add_func ("/fen/refuses/bad-castling", test_fen_refuses_bad_castling);
  g_test_add_func ("/fen/refuses/bad-en-passant", test_fen_refuses_bad_en_passant);
  g_test_add_func ("/fen/refuses/bad-counters", test_fen_refuses_bad_counters);
  g_test_add_func ("/fen/orthodox/refuses-waiting-side-in-check",
                   test_fen_orthodox_refuses_waiting_side_in_check);
  g_test_add_func ("/fen/refuses/overlong-input", test_fen_refuses_overlong_input);
  return g_test_run ();
}
