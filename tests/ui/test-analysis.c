/* test-analysis.c: the analysis windows: the position editor, the what-if resolver and the
 * pair matrix, driven through their public functions.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "fen.h"
#include "syn-analysis.h"
#include "syn-pair-matrix.h"
#include "syn-position-editor.h"
#include "syn-what-if.h"

static void
test_editor_builds_fen (void)
{
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);

  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.clear", NULL);
  g_assert_nonnull (syn_position_editor_get_error (editor));
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_WHITE, SYN_KING));
  syn_position_editor_activate_square (editor, SYN_SQUARE (4, 0), FALSE);
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_BLACK, SYN_KING));
  syn_position_editor_activate_square (editor, SYN_SQUARE (4, 7), FALSE);
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_WHITE, SYN_QUEEN));
  syn_position_editor_activate_square (editor, SYN_SQUARE (3, 3), FALSE);
  syn_position_editor_activate_square (editor, SYN_SQUARE (0, 1), FALSE);
  /* Right-click erases. */
  syn_position_editor_activate_square (editor, SYN_SQUARE (0, 1), TRUE);

  g_assert_null (syn_position_editor_get_error (editor));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
count_cb (int *count)
{
  (*count)++;
}

static void
test_editor_refuses_invalid (void)
{
  const char *bad = "4k3/8/8/8/8/8/8/8 w - - 0 1";
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);
  SynPosition pos;
  SynFenError error;
  int played = 0;

  g_assert_false (syn_fen_parse (bad, SYN_FEN_PSC, &pos, &error));
  syn_position_editor_set_fen (editor, bad);
  g_assert_cmpstr (syn_position_editor_get_error (editor), ==, error.message);
  /* Play from Here does nothing for it. */
  g_signal_connect_swapped (editor, "play-from-here", G_CALLBACK (count_cb), &played);
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL);
  g_assert_cmpint (played, ==, 0);

  /* A pasted valid FEN is taken as it is. */
  syn_position_editor_set_fen (editor, SYN_FEN_START);
  g_assert_null (syn_position_editor_get_error (editor));
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
test_editor_castling_only_where_allowed (void)
{
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);

  g_assert_cmpuint (syn_position_editor_get_castling_offered (editor), ==, SYN_CASTLE_ALL);
  syn_position_editor_set_fen (editor, "r3k3/8/8/8/8/8/8/4K2R w - - 0 1");
  g_assert_cmpuint (syn_position_editor_get_castling_offered (editor), ==,
                    SYN_CASTLE_WHITE_SHORT | SYN_CASTLE_BLACK_LONG);
  syn_position_editor_set_castling (editor, SYN_CASTLE_ALL);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");

  /* Moving the rook away takes the right with it. */
  syn_position_editor_activate_square (editor, SYN_SQUARE (7, 0), TRUE);
  g_assert_cmpuint (syn_position_editor_get_castling_offered (editor), ==, SYN_CASTLE_BLACK_LONG);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1");
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
test_editor_en_passant_only_where_valid (void)
{
  SynPosition pos;

  /* PSC-R9a: behind a pawn that could have double-stepped, its start square empty. */
  syn_position_set_start (&pos);
  g_assert_cmpuint (syn_analysis_en_passant_allowed (&pos, SYN_WHITE), ==, 0);
  syn_position_remove (&pos, SYN_SQUARE (4, 1));
  syn_position_put (&pos, SYN_SQUARE (4, 3), SYN_PIECE (SYN_WHITE, SYN_PAWN));
  g_assert_cmpuint (syn_analysis_en_passant_allowed (&pos, SYN_WHITE), ==,
                    syn_bit (SYN_SQUARE (4, 2)));
}

static void
test_what_if_resolves_e4_d5 (void)
{
  SynState start;
  SynWhatIf *what_if;
  g_autofree char *fen = NULL;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  what_if = syn_what_if_new (NULL, &start);
  g_assert_true (syn_what_if_select_moves (what_if, syn_move_make (12, 28, SYN_MOVE_PLAIN),
                                           syn_move_make (51, 35, SYN_MOVE_PLAIN)));
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");
  g_assert_nonnull (strstr (syn_what_if_get_summary (what_if), "Nothing was captured"));

  /* Go Deeper makes the result the position; Back returns. */
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  g_free (fen);
  fen = syn_what_if_get_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.back", NULL);
  g_free (fen);
  fen = syn_what_if_get_fen (what_if);
  g_assert_cmpstr (fen, ==, SYN_FEN_START);
  gtk_window_destroy (GTK_WINDOW (what_if));
}

static void
test_pair_matrix_start (void)
{
  GtkWidget *matrix = g_object_ref_sink (syn_pair_matrix_new ());
  const SynAnalysisMatrix *m;
  SynState start;
  double white = 0, black = 0;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  syn_pair_matrix_set_state (SYN_PAIR_MATRIX (matrix), &start);
  g_assert_true (syn_pair_matrix_get_computing (SYN_PAIR_MATRIX (matrix)));
  while (syn_pair_matrix_get_computing (SYN_PAIR_MATRIX (matrix)))
    g_main_context_iteration (NULL, TRUE);

  m = syn_pair_matrix_get_matrix (SYN_PAIR_MATRIX (matrix));
  g_assert_nonnull (m);
  g_assert_cmpint (m->n_white, ==, 20);
  g_assert_cmpint (m->n_black, ==, 20);
  for (int i = 0; i < m->n_white; i++)
    white += m->white_strategy[i];
  for (int i = 0; i < m->n_black; i++)
    black += m->black_strategy[i];
  g_assert_cmpfloat_with_epsilon (white, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (black, 1.0, 1e-9);
  g_object_unref (matrix);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("GTK_A11Y", "test", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/analysis/editor/builds-fen", test_editor_builds_fen);
  g_test_add_func ("/analysis/editor/refuses-invalid-fen", test_editor_refuses_invalid);
  g_test_add_func ("/analysis/editor/castling-only-where-allowed",
                   test_editor_castling_only_where_allowed);
  g_test_add_func ("/analysis/editor/en-passant-only-where-valid",
                   test_editor_en_passant_only_where_valid);
  g_test_add_func ("/analysis/what-if/e2e4-d7d5", test_what_if_resolves_e4_d5);
  g_test_add_func ("/analysis/pair-matrix/start-is-20-by-20", test_pair_matrix_start);
  return g_test_run ();
}
