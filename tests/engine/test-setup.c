/* test-setup.c: the faults of a position set up by hand, one test per fault, and the FEN
 * that each rule set's reader takes back.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "fen-fields.h"
#include "hutnik.h"
#include "rule-set-test-util.h"
#include "setup.h"

static int
square (const char *name)
{
  return syn_square_from_text (name);
}

static SynBitboard
squares (const char *a, const char *b)
{
  return syn_bit (square (a)) | (b ? syn_bit (square (b)) : 0);
}

/* The faults of setup must be exactly kind (side, squares), and nothing else. */
static void
assert_one_fault (const SynSetup *setup, SynFaultKind kind, int side, SynBitboard at)
{
  SynFault faults[SYN_MAX_FAULTS];
  int n = syn_setup_faults (setup, faults);

  g_assert_cmpint (n, ==, 1);
  g_assert_cmpint (faults[0].kind, ==, kind);
  g_assert_cmpint (faults[0].side, ==, side);
  g_assert_cmphex (faults[0].squares, ==, at);
}

static void
assert_no_fault (const SynSetup *setup)
{
  SynFault faults[SYN_MAX_FAULTS];
  g_assert_cmpint (syn_setup_faults (setup, faults), ==, 0);
}

static void
test_start_position_each_rule_set (void)
{
  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    {
      SynSetup setup = { .variant = *v };
      SynState state;
      SynFenError error;

      syn_position_set_start (&setup.board);
      assert_no_fault (&setup);
      if (!syn_setup_to_state (&setup, &state, &error))
        g_error ("%s: %s", (*v)->id, error.message);
      g_assert_cmpmem (&state.board.board, sizeof state.board.board, &setup.board.board,
                       sizeof setup.board.board);
      g_assert_cmpint (state.board.castling, ==, SYN_CASTLE_ALL);
    }
}

static void
test_two_white_kings (void)
{
  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    {
      SynSetup setup = rule_set_test_setup_of (*v, "4k3/8/8/8/8/8/8/K3K3");
      assert_one_fault (&setup, SYN_FAULT_KINGS, SYN_WHITE, squares ("a1", "e1"));
    }
}

static void
test_no_black_king (void)
{
  /* Even where a finished game's FEN may lack a king (SYN-R10, HK-R14, HUT-R4), no game
   * starts without one. */
  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    {
      SynSetup setup = rule_set_test_setup_of (*v, "8/8/8/8/8/8/8/4K3");
      assert_one_fault (&setup, SYN_FAULT_NO_KING, SYN_BLACK, 0);
    }
}

static void
test_pawn_on_rank_1 (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/8/8/8/1P2K2p");
  assert_one_fault (&setup, SYN_FAULT_PAWN_ON_RANK_1, -1, squares ("b1", "h1"));
}

static void
test_pawn_on_rank_8 (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_hk, "P3k3/8/8/8/8/8/8/4K3");
  assert_one_fault (&setup, SYN_FAULT_PAWN_ON_RANK_8, -1, squares ("a8", NULL));
}

static void
test_every_fault_listed (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "8/8/8/8/8/8/8/K1P1K3");
  SynFault faults[SYN_MAX_FAULTS];
  int n = syn_setup_faults (&setup, faults);

  g_assert_cmpint (n, ==, 3);
  g_assert_cmpint (faults[0].kind, ==, SYN_FAULT_KINGS);
  g_assert_cmpint (faults[1].kind, ==, SYN_FAULT_NO_KING);
  g_assert_cmpint (faults[2].kind, ==, SYN_FAULT_PAWN_ON_RANK_1);
  g_assert_cmphex (syn_setup_fault_squares (faults, n), ==,
                   squares ("a1", "e1") | squares ("c1", NULL));
}

static void
test_castling_rook_gone (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_synchrone, "4k3/8/8/8/8/8/8/R3K3");
  setup.board.castling = SYN_CASTLE_WHITE_SHORT | SYN_CASTLE_WHITE_LONG;
  assert_one_fault (&setup, SYN_FAULT_CASTLING, SYN_WHITE, squares ("e1", "h1"));
}

static void
test_en_passant_no_pawn (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/8/8/8/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  assert_one_fault (&setup, SYN_FAULT_EN_PASSANT_NO_PAWN, SYN_WHITE, squares ("d3", "d4"));
}

static void
test_en_passant_start_square_taken (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/3P4/8/3N4/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  assert_one_fault (&setup, SYN_FAULT_EN_PASSANT_BEHIND, SYN_WHITE, squares ("d2", NULL));
}

static void
test_en_passant_psc_square_may_be_taken (void)
{
  /* PSC-R9a: a piece may have arrived on the passed square in the same turn. */
  SynSetup setup = rule_set_test_setup_of (&syn_variant_psc, "4k3/8/8/8/3P4/3n4/8/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  assert_no_fault (&setup);
}

static void
test_en_passant_synchrone_square_taken (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_synchrone, "4k3/8/8/8/3P4/3n4/8/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  assert_one_fault (&setup, SYN_FAULT_EN_PASSANT_ON, SYN_WHITE, squares ("d3", NULL));
}

static void
test_en_passant_hutnik_own_piece (void)
{
  /* HUT-R8: an enemy piece on the passed square is fine, an own one is not. */
  SynSetup setup = rule_set_test_setup_of (&syn_variant_hutnik, "4k3/8/3N4/3p4/8/8/8/4K3");
  setup.board.en_passant[SYN_BLACK] = (int8_t) square ("d6");
  assert_no_fault (&setup);
  setup = rule_set_test_setup_of (&syn_variant_hutnik, "4k3/8/3b4/3p4/8/8/8/4K3");
  setup.board.en_passant[SYN_BLACK] = (int8_t) square ("d6");
  assert_one_fault (&setup, SYN_FAULT_EN_PASSANT_ON, SYN_BLACK, squares ("d6", NULL));
}

static void
test_en_passant_none_in_hk (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_hk, "4k3/8/8/8/3P4/8/8/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  assert_one_fault (&setup, SYN_FAULT_NO_EN_PASSANT, SYN_WHITE, squares ("d3", NULL));
  g_assert_false (syn_setup_fields (&syn_variant_hk).en_passant);
}

static void
test_en_passant_transactional_side_to_move (void)
{
  /* TX-R11: White's passed square follows White's commit, so Black is to move. */
  SynSetup setup = rule_set_test_setup_of (&syn_variant_transactional, "4k3/8/8/8/3P4/8/8/4K3");
  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  setup.board.side_to_move = SYN_WHITE;
  assert_one_fault (&setup, SYN_FAULT_EN_PASSANT_TO_MOVE, SYN_WHITE, squares ("d3", NULL));
  setup.board.side_to_move = SYN_BLACK;
  assert_no_fault (&setup);
}

static void
test_transactional_round_trip (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_transactional, "4k3/8/8/8/3P4/8/8/4K3"), back;
  SynState state;
  SynFenError error;

  setup.board.en_passant[SYN_WHITE] = (int8_t) square ("d3");
  setup.board.side_to_move = SYN_BLACK;
  if (!syn_setup_to_state (&setup, &state, &error))
    g_error ("%s", error.message);
  g_assert_cmpuint (state.rules.tx.en_passant_files, ==, 1u << 3);
  syn_setup_from_state (&syn_variant_transactional, &state, &back);
  g_assert_cmpint (back.board.en_passant[SYN_WHITE], ==, square ("d3"));
  g_assert_cmpint (back.board.side_to_move, ==, SYN_BLACK);
}

static void
test_hutnik_token (void)
{
  SynSetup setup = rule_set_test_setup_of (&syn_variant_hutnik, "4k3/8/8/8/8/8/8/4K3");
  SynState state;
  SynFenError error;

  g_assert_true (syn_setup_fields (&syn_variant_hutnik).token);
  setup.seed = 0x0123456789abcdefu;
  setup.board.side_to_move = SYN_BLACK;
  g_assert_true (syn_setup_to_state (&setup, &state, &error));
  g_assert_cmpint (state.board.side_to_move, ==, SYN_BLACK);
  g_assert_cmphex (state.rules.hutnik.seed, ==, setup.seed);
  /* HUT-R9: drawn by lot, the seed names the holder. */
  setup.token_by_lot = true;
  for (uint64_t seed = 1; seed < 6; seed++)
    {
      setup.seed = seed * 0x9e3779b97f4a7c15u;
      g_assert_true (syn_setup_to_state (&setup, &state, &error));
      g_assert_cmpint (state.board.side_to_move, ==, syn_hutnik_first_holder (setup.seed));
    }
}

/* A random position: kings, pawns anywhere, a rook or two, rights and passed squares. */
static void
random_setup (GRand *rand, const SynVariant *variant, SynSetup *setup)
{
  static const SynPiece pieces[] = {
    SYN_PIECE (SYN_WHITE, SYN_KING), SYN_PIECE (SYN_BLACK, SYN_KING),
    SYN_PIECE (SYN_WHITE, SYN_PAWN), SYN_PIECE (SYN_BLACK, SYN_PAWN),
    SYN_PIECE (SYN_WHITE, SYN_ROOK), SYN_PIECE (SYN_BLACK, SYN_KNIGHT),
  };
  int n = g_rand_int_range (rand, 0, 7);

  memset (setup, 0, sizeof *setup);
  setup->variant = variant;
  syn_position_clear (&setup->board);
  setup->board.turn_number = 1;
  setup->board.side_to_move = (uint8_t) g_rand_int_range (rand, 0, 2);
  setup->seed = g_rand_int (rand);
  setup->token_by_lot = g_rand_boolean (rand);
  for (int i = 0; i < n; i++)
    {
      int at = g_rand_int_range (rand, 0, 64);
      if (setup->board.board[at] == SYN_NO_PIECE)
        syn_position_put (&setup->board, at, pieces[g_rand_int_range (rand, 0, 6)]);
    }
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      for (int home = 4; home <= 60; home += 56)
        {
          if (setup->board.board[home] != SYN_NO_PIECE)
            syn_position_remove (&setup->board, home);
          syn_position_put (&setup->board, home,
                            SYN_PIECE (home == 4 ? SYN_WHITE : SYN_BLACK, SYN_KING));
        }
    }
  setup->board.castling = (uint8_t) g_rand_int_range (rand, 0, 16);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    if (g_rand_boolean (rand))
      setup->board.en_passant[c] = (int8_t) SYN_SQUARE (g_rand_int_range (rand, 0, 8), c ? 5 : 2);
}

/* The faults agree with the rule sets' own FEN readers: a setup without faults is read back
 * as it is, and one they refuse has faults. */
static void
test_agrees_with_readers (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (14);

  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    for (int i = 0; i < 20000; i++)
      {
        SynSetup setup;
        SynFault faults[SYN_MAX_FAULTS];
        SynState state;
        SynFenError error;
        char fen[SYN_FEN_MAX_SIZE + 32];
        int n;
        gboolean read;

        random_setup (rand, *v, &setup);
        /* With its castling toggles the editor never offers a right without king and rook
         * at home; the readers refuse that anyway. */
        n = syn_setup_faults (&setup, faults);
        read = syn_setup_to_state (&setup, &state, &error);
        syn_setup_write_fen (&setup, fen, sizeof fen);
        if (n == 0 && !read)
          g_error ("%s: '%s' has no fault but is refused: %s", (*v)->id, fen, error.message);
        if (n > 0 && read)
          for (int f = 0; f < n; f++)
            if (faults[f].kind != SYN_FAULT_NO_KING)
              g_error ("%s: '%s' is read, yet has fault %d", (*v)->id, fen, faults[f].kind);
      }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/setup/start-position/each-rule-set", test_start_position_each_rule_set);
  g_test_add_func ("/setup/kings/two-white-kings", test_two_white_kings);
  g_test_add_func ("/setup/kings/no-black-king", test_no_black_king);
  g_test_add_func ("/setup/pawns/rank-1", test_pawn_on_rank_1);
  g_test_add_func ("/setup/pawns/rank-8", test_pawn_on_rank_8);
  g_test_add_func ("/setup/every-fault-listed", test_every_fault_listed);
  g_test_add_func ("/setup/castling/rook-gone", test_castling_rook_gone);
  g_test_add_func ("/setup/en-passant/no-pawn", test_en_passant_no_pawn);
  g_test_add_func ("/setup/en-passant/start-square-taken", test_en_passant_start_square_taken);
  g_test_add_func ("/setup/en-passant/psc-square-may-be-taken",
                   test_en_passant_psc_square_may_be_taken);
  g_test_add_func ("/setup/en-passant/synchrone-square-taken",
                   test_en_passant_synchrone_square_taken);
  g_test_add_func ("/setup/en-passant/hutnik-own-piece", test_en_passant_hutnik_own_piece);
  g_test_add_func ("/setup/en-passant/none-in-hk", test_en_passant_none_in_hk);
  g_test_add_func ("/setup/en-passant/transactional-side-to-move",
                   test_en_passant_transactional_side_to_move);
  g_test_add_func ("/setup/transactional/round-trip", test_transactional_round_trip);
  g_test_add_func ("/setup/hutnik/token", test_hutnik_token);
  g_test_add_func ("/setup/agrees-with-readers", test_agrees_with_readers);
  return g_test_run ();
}
