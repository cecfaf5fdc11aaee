/* test-setup-text.c: each fault of a position set up by hand, put in words that name the
 * side and the squares.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "rule-set-test-util.h"
#include "syn-setup-text.h"

static void
assert_text (const SynSetup *setup, const char *expected)
{
  g_autofree char *text = syn_setup_faults_text (setup);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_kings (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/8/8/8/K3K3");
  assert_text (&setup, "White has two kings");
  setup = rule_set_test_setup_of (&syn_variant_psc, "8/8/8/8/8/8/8/4K3");
  assert_text (&setup, "Black has no king");
  setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/8/8/8/K1K1K3");
  assert_text (&setup, "White has 3 kings");
}

static void
test_pawns (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/8/8/8/1P2K2p");
  assert_text (&setup, "Pawns on the first rank: b1, h1");
  setup = rule_set_test_setup_of (&syn_variant_psc, "P3k3/8/8/8/8/8/8/4K3");
  assert_text (&setup, "A pawn on the last rank: a8");
}

static void
test_castling (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "r3k3/8/8/8/8/8/8/4K3");
  setup.board.castling = SYN_CASTLE_BLACK_SHORT;
  assert_text (&setup, "Black may castle kingside, but its king or rook is not at home");
}

static void
test_every_fault_a_line (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "8/8/8/8/8/8/8/K1P1K3");
  assert_text (&setup, "White has two kings\nBlack has no king\nA pawn on the first rank: c1");
  setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/8/8/8/4K3");
  assert_text (&setup, NULL);
}

static void
test_passed_squares (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_hk, "4k3/8/8/8/3P4/8/8/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) syn_square_from_text ("d3");
  assert_text (&setup, "These rules have no en passant: d3 cannot be a passed square");
  setup.variant = &syn_variant_synchrone;
  setup.board.en_passant[SYN_WHITE] = (int8_t) syn_square_from_text ("e3");
  assert_text (&setup, "No white pawn stands in front of the passed square e3");
  setup = rule_set_test_setup_of (&syn_variant_synchrone, "4k3/8/8/8/3P4/3n4/3N4/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) syn_square_from_text ("d3");
  assert_text (&setup, "d2, behind the passed square d3, is not empty\n"
                       "The passed square d3 is not empty");
  setup = rule_set_test_setup_of (&syn_variant_transactional, "4k3/8/8/3p4/8/8/8/4K3");
  setup.board.en_passant[SYN_BLACK] = (int8_t) syn_square_from_text ("d6");
  setup.board.side_to_move = SYN_BLACK;
  assert_text (&setup, "Black is to move, so cannot have just passed d6: only the side that "
                       "committed last can");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/setup-text/kings", test_kings);
  g_test_add_func ("/setup-text/pawns", test_pawns);
  g_test_add_func ("/setup-text/castling", test_castling);
  g_test_add_func ("/setup-text/every-fault-a-line", test_every_fault_a_line);
  g_test_add_func ("/setup-text/passed-squares", test_passed_squares);
  return g_test_run ();
}
