/* test-variation-tree.c: analysis trees: building, writing, reading back, and refusing
 * malformed or illegal text with the line at fault.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>

#include "fen.h"
#include "syn-analysis.h"
#include "syn-variation-tree.h"

static SynMove
find (const SynState *state, SynColour side, const char *text)
{
  SynMove moves[SYN_MAX_MOVES];
  int n = syn_analysis_moves (state, side, moves);
  SynMove move = syn_move_find (moves, n, text);

  g_assert_true (move != SYN_MOVE_NONE);
  return move;
}

static SynVariationNode *
play (SynVariationNode *node, const char *white, const char *black)
{
  const SynState *state = syn_variation_node_get_state (node);

  return syn_variation_node_add_child (node, find (state, SYN_WHITE, white),
                                       find (state, SYN_BLACK, black));
}

static const char two_branches[] = "[Variant \"psc\"]\n"
                                   "\n"
                                   "1. e2e4 d7d5\n"
                                   "( 1. d2d4 d7d5\n"
                                   "  2. c2c4 e7e6 )\n"
                                   "2. g1f3 g8f6\n";

static void
test_write_read_two_branches (void)
{
  SynState start;
  g_autoptr (SynVariationTree) tree = NULL;
  g_autoptr (SynVariationTree) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  SynVariationNode *root;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  tree = syn_variation_tree_new (&start);
  root = syn_variation_tree_get_root (tree);
  play (play (root, "e2e4", "d7d5"), "g1f3", "g8f6");
  play (play (root, "d2d4", "d7d5"), "c2c4", "e7e6");
  text = syn_variation_tree_write (tree);
  g_assert_cmpstr (text, ==, two_branches);

  again = syn_variation_tree_read (text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (syn_variation_node_get_n_children (syn_variation_tree_get_root (again)), ==, 2);
  text_again = syn_variation_tree_write (again);
  g_assert_cmpstr (text_again, ==, text);
}

static void
test_write_read_fen (void)
{
  const char *text = "[Variant \"psc\"]\n"
                     "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
                     "\n"
                     "1. e2e3 e8d8\n"
                     "( 1. e2e4 e8f8\n"
                     "  2. e4e5 f8g8\n"
                     "  ( 2. e1d1 f8g7 ) )\n"
                     "( 1. e1d1 e8e7 )\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SynVariationTree) tree = syn_variation_tree_read (text, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  written = syn_variation_tree_write (tree);
  g_assert_cmpstr (written, ==, text);
}

static void
assert_refused (const char *text, int code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynVariationTree) tree = syn_variation_tree_read (text, &error);

  g_assert_null (tree);
  g_assert_error (error, SYN_VARIATION_TREE_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_refuses_unbalanced_parentheses (void)
{
  assert_refused ("[Variant \"psc\"]\n\n1. e2e4 d7d5\n( 1. d2d4 d7d5\n2. g1f3 g8f6\n",
                  SYN_VARIATION_TREE_ERROR_SYNTAX, "line 4: this \"(\" is never closed");
  assert_refused ("[Variant \"psc\"]\n\n1. e2e4 d7d5\n2. g1f3 g8f6 )\n",
                  SYN_VARIATION_TREE_ERROR_SYNTAX, "line 4: \")\" has no matching \"(\"");
}

static void
test_refuses_illegal_pair (void)
{
  assert_refused ("[Variant \"psc\"]\n\n1. e2e4 d7d5\n2. e4e6 g8f6\n",
                  SYN_VARIATION_TREE_ERROR_ILLEGAL,
                  "line 4: e4e6 is not a legal move for White in turn 2");
}

static void
test_refuses_bad_turn_number (void)
{
  assert_refused ("[Variant \"psc\"]\n\n1. e2e4 d7d5\n( 2. d2d4 d7d5 )\n",
                  SYN_VARIATION_TREE_ERROR_SYNTAX,
                  "line 4: the turn is numbered 2 where 1 was expected");
}

static void
test_refuses_too_deep (void)
{
  static const char *const white[]
      = { "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4" };
  static const char *const black[]
      = { "a7a6", "a7a5", "b7b6", "b7b5", "c7c6", "c7c5", "d7d6", "d7d5", "e7e6", "e7e5" };
  g_autoptr (GString) text = g_string_new ("[Variant \"psc\"]\n\n1. h2h3 h7h6\n");
  g_autofree char *message = NULL;

  /* Line 3 holds the main line; line 3 + k opens the k-th nested variation. */
  for (int k = 1; k <= SYN_VARIATION_TREE_MAX_DEPTH + 1; k++)
    g_string_append_printf (text, "( 1. %s %s\n", white[k % 10], black[k / 10]);
  message = g_strdup_printf ("line %d: variations are nested more than %d deep",
                             3 + SYN_VARIATION_TREE_MAX_DEPTH + 1, SYN_VARIATION_TREE_MAX_DEPTH);
  assert_refused (text->str, SYN_VARIATION_TREE_ERROR_SYNTAX, message);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/variation-tree/write-read/two-branches", test_write_read_two_branches);
  g_test_add_func ("/variation-tree/write-read/fen-and-nesting", test_write_read_fen);
  g_test_add_func ("/variation-tree/refuses/unbalanced-parentheses",
                   test_refuses_unbalanced_parentheses);
  g_test_add_func ("/variation-tree/refuses/illegal-pair", test_refuses_illegal_pair);
  g_test_add_func ("/variation-tree/refuses/bad-turn-number", test_refuses_bad_turn_number);
  g_test_add_func ("/variation-tree/refuses/too-deep", test_refuses_too_deep);
  return g_test_run ();
}
