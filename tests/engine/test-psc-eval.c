/* test-psc-eval.c: the PSC evaluation and the pair matrix: symmetry, material, frozen
 * pieces, the king's safety, finished games.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "fen.h"
#include "psc-control.h"
#include "psc-eval.h"
#include "score.h"
#include "psc-matrix.h"
#include "psc.h"

#define FEN_SEED "rnbqkbnr/1pp2ppp/p7/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4"
#define FEN_MIDDLEGAME "r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12"
/* nd5 attacked by e4 and Nc3: frozen, and either can take it (PSC-R3). */
#define FEN_FROZEN_KNIGHT "4k3/8/8/3n4/4P3/2N5/8/4K3 w - - 0 1"
/* The same knight attacked by e4 only: not frozen. */
#define FEN_ATTACKED_ONCE "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"
/* ra8 attacks the white king once; the same without it bearing on e1's rank. */
#define FEN_KING_ATTACKED "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"
#define FEN_KING_QUIET "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"
/* PSC-R10: the black king on h8 is attacked by Ra8 and Rh1: frozen, White has won. */
#define FEN_BLACK_KING_FROZEN "R6k/8/8/8/8/8/8/4K2R w - - 0 1"
/* ra1 and rh1 both attack the white king: frozen, Black has won. */
#define FEN_WHITE_KING_FROZEN "4k3/8/8/8/8/8/8/r3K2r w - - 0 1"

static void
load (const char *fen, SynPosition *pos)
{
  SynFenError error = { 0, "" };
  gboolean ok = syn_fen_parse (fen, SYN_FEN_PSC, pos, &error);
  if (!ok)
    g_test_message ("refused %s: %s", fen, error.message);
  g_assert_true (ok);
}

/* The position seen from the other side of the board: ranks reversed, colours swapped,
 * castling rights and en passant squares swapped with them. */
static void
mirror (const SynPosition *pos, SynPosition *out)
{
  static const uint8_t castling_swap[4][2] = {
    { SYN_CASTLE_WHITE_SHORT, SYN_CASTLE_BLACK_SHORT },
    { SYN_CASTLE_WHITE_LONG, SYN_CASTLE_BLACK_LONG },
    { SYN_CASTLE_BLACK_SHORT, SYN_CASTLE_WHITE_SHORT },
    { SYN_CASTLE_BLACK_LONG, SYN_CASTLE_WHITE_LONG },
  };
  syn_position_clear (out);
  for (int square = 0; square < 64; square++)
    {
      SynPiece piece = pos->board[square];
      if (piece != SYN_NO_PIECE)
        syn_position_put (out, square ^ 56,
                          SYN_PIECE (!SYN_PIECE_COLOUR (piece), SYN_PIECE_TYPE (piece)));
    }
  for (int c = 0; c < 2; c++)
    out->en_passant[!c]
        = pos->en_passant[c] == SYN_NO_SQUARE ? SYN_NO_SQUARE : (int8_t) (pos->en_passant[c] ^ 56);
  out->castling = 0;
  for (int i = 0; i < 4; i++)
    if (pos->castling & castling_swap[i][0])
      out->castling |= castling_swap[i][1];
  out->quiet_turns = pos->quiet_turns;
  out->turn_number = pos->turn_number;
}

static int
evaluate (const SynPosition *pos, SynPscEvalTerms *terms)
{
  SynPscControl ctl;
  int n_moves[2];
  syn_psc_control (pos, &ctl);
  n_moves[SYN_WHITE] = syn_psc_count_moves (pos, &ctl, SYN_WHITE);
  n_moves[SYN_BLACK] = syn_psc_count_moves (pos, &ctl, SYN_BLACK);
  return syn_psc_eval_static (pos, &ctl, n_moves, terms);
}

static void
assert_mirror_negates (const SynPosition *pos)
{
  SynPosition flipped;
  SynPscEvalTerms terms, flipped_terms;
  int value, flipped_value;

  mirror (pos, &flipped);
  g_assert_cmpint (syn_psc_eval_position (&flipped), ==, -syn_psc_eval_position (pos));
  value = evaluate (pos, &terms);
  flipped_value = evaluate (&flipped, &flipped_terms);
  g_assert_cmpint (flipped_value, ==, -value);
  g_assert_cmpint (flipped_terms.material, ==, -terms.material);
  g_assert_cmpint (flipped_terms.control, ==, -terms.control);
  g_assert_cmpint (flipped_terms.frozen, ==, -terms.frozen);
  g_assert_cmpint (flipped_terms.king, ==, -terms.king);
  g_assert_cmpint (flipped_terms.pawns, ==, -terms.pawns);
  g_assert_cmpint (flipped_terms.mobility, ==, -terms.mobility);
}

static void
test_start_is_even (void)
{
  SynPosition pos;
  SynPscEvalTerms terms;
  syn_position_set_start (&pos);
  g_assert_cmpint (evaluate (&pos, &terms), ==, 0);
  g_assert_cmpint (terms.material, ==, 0);
  g_assert_cmpint (syn_psc_eval_position (&pos), ==, 0);
}

static void
test_mirror_negates (void)
{
  const char *fens[] = { FEN_SEED,
                         FEN_MIDDLEGAME,
                         FEN_FROZEN_KNIGHT,
                         FEN_KING_ATTACKED,
                         "4k3/8/8/3pP3/8/2N5/8/4K3 w - d6 0 2",
                         "4k3/8/8/3n2pP/1Pp1N3/8/8/4K3 w - b3g6 0 2",
                         "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 3 9" };
  for (size_t i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      SynPosition pos;
      load (fens[i], &pos);
      assert_mirror_negates (&pos);
    }
}

/* Positions reached by random play, won and lost ones included. */
static void
test_mirror_negates_in_play (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (31);
  for (int game = 0; game < 40; game++)
    {
      SynPosition pos;
      syn_position_set_start (&pos);
      for (int turn = 0; turn < 80; turn++)
        {
          SynPscControl ctl;
          SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
          SynPosition next;
          int n_white, n_black;

          assert_mirror_negates (&pos);
          syn_psc_control (&pos, &ctl);
          if (syn_psc_outcome (&pos, &ctl).result != SYN_RESULT_NONE)
            break;
          n_white = syn_psc_moves (&pos, &ctl, SYN_WHITE, white);
          n_black = syn_psc_moves (&pos, &ctl, SYN_BLACK, black);
          syn_psc_resolve (&pos, white[g_rand_int_range (rand, 0, n_white)],
                           black[g_rand_int_range (rand, 0, n_black)], &next);
          pos = next;
        }
    }
}

static void
test_material_counts (void)
{
  SynPosition pos;
  SynPscEvalTerms terms;

  /* Without the knight on b1, then without the black queen as well. */
  load ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", &pos);
  evaluate (&pos, &terms);
  g_assert_cmpint (terms.material, ==, -syn_psc_eval_default_weights.piece[SYN_KNIGHT]);
  load ("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", &pos);
  evaluate (&pos, &terms);
  g_assert_cmpint (terms.material, ==,
                   syn_psc_eval_default_weights.piece[SYN_QUEEN]
                       - syn_psc_eval_default_weights.piece[SYN_KNIGHT]);
  g_assert_cmpint (syn_psc_eval_position (&pos), >, 300);

  /* Kings alone: nothing. */
  load ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &pos);
  evaluate (&pos, &terms);
  g_assert_cmpint (terms.material, ==, 0);
  g_assert_cmpint (syn_psc_eval_default_weights.piece[SYN_PAWN], ==, 100);
}

/* PSC-R3: the frozen knight cannot run and can be taken; the one attacked once is free. */
static void
test_frozen_enemy_piece_is_good (void)
{
  SynPosition frozen, free;
  SynPscEvalTerms frozen_terms, free_terms;

  load (FEN_FROZEN_KNIGHT, &frozen);
  load (FEN_ATTACKED_ONCE, &free);
  evaluate (&frozen, &frozen_terms);
  evaluate (&free, &free_terms);
  g_assert_cmpint (free_terms.frozen, ==, 0);
  /* Takeable by an unfrozen piece: half its value at least. */
  g_assert_cmpint (frozen_terms.frozen, >=, syn_psc_eval_default_weights.piece[SYN_KNIGHT] / 2);
}

/* One enemy attacker on the king is one short of losing the game (PSC-R10). */
static void
test_king_attacked_once_is_bad (void)
{
  SynPosition attacked, quiet;
  SynPscEvalTerms attacked_terms, quiet_terms;

  load (FEN_KING_ATTACKED, &attacked);
  load (FEN_KING_QUIET, &quiet);
  evaluate (&attacked, &attacked_terms);
  evaluate (&quiet, &quiet_terms);
  g_assert_cmpint (attacked_terms.king, <, quiet_terms.king);
  g_assert_cmpint (attacked_terms.king, <, 0);
}

static void
test_finished_games (void)
{
  SynPosition pos;
  SynOutcome draw = { SYN_RESULT_DRAW, SYN_REASON_STALEMATE };

  load (FEN_BLACK_KING_FROZEN, &pos);
  g_assert_cmpint (syn_psc_eval_position (&pos), ==, SYN_EVAL_WIN);
  load (FEN_WHITE_KING_FROZEN, &pos);
  g_assert_cmpint (syn_psc_eval_position (&pos), ==, -SYN_EVAL_WIN);
  g_assert_cmpint (syn_psc_eval_outcome (draw), ==, 0);
}

/* Each cell is the evaluation of the position the two moves resolve to (PSC-R8). */
static void
test_pair_matrix_cells (void)
{
  const char *fens[] = { FEN_SEED, FEN_MIDDLEGAME, "7k/4NNpp/8/8/3r4/8/8/R1K5 w - - 0 1" };
  for (size_t f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      SynPosition pos;
      SynPscControl ctl;
      SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
      g_autofree double *cells = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);
      int n_white, n_black;

      load (fens[f], &pos);
      syn_psc_control (&pos, &ctl);
      n_white = syn_psc_moves (&pos, &ctl, SYN_WHITE, white);
      n_black = syn_psc_moves (&pos, &ctl, SYN_BLACK, black);
      syn_psc_pair_matrix (&pos, white, n_white, black, n_black, cells);
      for (int w = 0; w < n_white; w++)
        for (int b = 0; b < n_black; b++)
          {
            SynPosition child;
            syn_psc_resolve (&pos, white[w], black[b], &child);
            g_assert_cmpfloat (cells[w * n_black + b], ==, syn_psc_eval_position (&child));
          }
    }
}

/* Rook a1 to a8 freezes the black king whatever Black does: a whole row of wins. */
static void
test_pair_matrix_terminal_row (void)
{
  SynPosition pos;
  SynPscControl ctl;
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
  g_autofree double *cells = g_new (double, SYN_MAX_MOVES *SYN_MAX_MOVES);
  SynMove winner = syn_move_make (0, 56, SYN_MOVE_PLAIN);
  int n_white, n_black, n_winning = 0;

  load ("7k/4NNpp/8/8/3r4/8/8/R1K5 w - - 0 1", &pos);
  syn_psc_control (&pos, &ctl);
  n_white = syn_psc_moves (&pos, &ctl, SYN_WHITE, white);
  n_black = syn_psc_moves (&pos, &ctl, SYN_BLACK, black);
  syn_psc_pair_matrix (&pos, white, n_white, black, n_black, cells);
  for (int w = 0; w < n_white; w++)
    {
      gboolean all_won = TRUE;
      for (int b = 0; b < n_black; b++)
        all_won = all_won && cells[w * n_black + b] == SYN_EVAL_WIN;
      if (all_won)
        {
          g_assert_cmpuint (white[w], ==, winner);
          n_winning++;
        }
    }
  g_assert_cmpint (n_winning, ==, 1);
}

/* The model's table, built at build time, gives to the last bit what the model computes, on
 * both sides of its ends. */
static void
test_score_table_is_the_model (void)
{
  for (int e = -SYN_SCORE_TABLE_HALF - 50; e < SYN_SCORE_TABLE_HALF + 50; e++)
    if (syn_score_of_psc_eval (e) != syn_score_of_eval (e, SYN_SCORE_SCALE_PSC))
      g_error ("evaluation %d: table %a, model %a", e, syn_score_of_psc_eval (e),
               syn_score_of_eval (e, SYN_SCORE_SCALE_PSC));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/psc-eval/start-is-even", test_start_is_even);
  g_test_add_func ("/psc-eval/score-table-is-the-model", test_score_table_is_the_model);
  g_test_add_func ("/psc-eval/symmetry/mirror-negates", test_mirror_negates);
  g_test_add_func ("/psc-eval/symmetry/mirror-negates-in-play", test_mirror_negates_in_play);
  g_test_add_func ("/psc-eval/material/counts", test_material_counts);
  g_test_add_func ("/psc-eval/frozen/enemy-frozen-is-good", test_frozen_enemy_piece_is_good);
  g_test_add_func ("/psc-eval/king/attacked-once-is-bad", test_king_attacked_once_is_bad);
  g_test_add_func ("/psc-eval/outcome/finished-games", test_finished_games);
  g_test_add_func ("/psc-matrix/cells-are-resolved-evaluations", test_pair_matrix_cells);
  g_test_add_func ("/psc-matrix/terminal-row", test_pair_matrix_terminal_row);
  return g_test_run ();
}
