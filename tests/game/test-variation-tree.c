/* test-variation-tree.c: analysis trees: building, writing, reading back, and refusing
 * malformed or illegal text with the line at fault.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

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

/* The format refuses a repeated tag: two [Variant] tags would leave which one counts to the
 * reader. */
static void
test_refuses_variant_twice (void)
{
  assert_refused ("[Variant \"psc\"]\n[Variant \"hk\"]\n\n1. e2e4 d7d5\n",
                  SYN_VARIATION_TREE_ERROR_SYNTAX, "line 2: the tag Variant is unknown or given twice");
}

/* A byte-order mark that an editor put first is no reason to refuse a tree. */
static void
test_reads_byte_order_mark (void)
{
  g_autoptr (GError) error = NULL;
  SynVariationTree *tree = syn_variation_tree_read ("\xef\xbb\xbf[Variant \"psc\"]\n\n1. e2e4 d7d5\n",
                                                    &error);

  g_assert_no_error (error);
  g_assert_nonnull (tree);
  syn_variation_tree_free (tree);
}

/* The pair that carries a long line on without ending the game: the queen's knights go out
 * and back, and every 25th turn a pawn steps, so the fifty-turn rule never comes. */
static void
progression_pair (const SynState *state, guint number, SynMove *white, SynMove *black)
{
  static const char *const white_pushes[]
      = { "h2h3", "h3h4", "a2a3", "a3a4", "e2e3", "d2d3", "b2b3", "g2g3" };
  static const char *const black_pushes[]
      = { "h7h6", "h6h5", "a7a6", "a6a5", "e7e6", "d7d6", "b7b6", "g7g6" };
  SynMove moves[SYN_MAX_MOVES];
  int n;

  if (number % 25 == 0)
    {
      g_assert_cmpuint (number / 25 - 1, <, G_N_ELEMENTS (white_pushes));
      *white = find (state, SYN_WHITE, white_pushes[number / 25 - 1]);
      *black = find (state, SYN_BLACK, black_pushes[number / 25 - 1]);
      return;
    }
  n = syn_analysis_moves (state, SYN_WHITE, moves);
  *white = syn_move_find (moves, n, "b1c3");
  if (*white == SYN_MOVE_NONE)
    *white = find (state, SYN_WHITE, "c3b1");
  n = syn_analysis_moves (state, SYN_BLACK, moves);
  *black = syn_move_find (moves, n, "b8c6");
  if (*black == SYN_MOVE_NONE)
    *black = find (state, SYN_BLACK, "c6b8");
}

/* How deep the variations of text nest. */
static guint
nesting_of (const char *text)
{
  guint depth = 0, deepest = 0;

  for (const char *c = text; *c; c++)
    if (*c == '(')
      {
        depth++;
        deepest = MAX (deepest, depth);
      }
    else if (*c == ')')
      depth--;
  return deepest;
}

/* A tree whose written form nests 200 deep (beyond the 64 the first reader allowed): at
 * every turn a quiet first choice, and a second that the line carries on from. It saves,
 * reopens the same, and its text stays small as indentation stops growing. */
static void
test_write_read_200_levels (void)
{
  SynState start;
  g_autoptr (SynVariationTree) tree = NULL;
  g_autoptr (SynVariationTree) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;
  SynVariationNode *node;
  guint levels = 0;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  tree = syn_variation_tree_new (&start);
  node = syn_variation_tree_get_root (tree);
  for (guint number = 1; number <= 200; number++)
    {
      SynMove white, black;

      g_assert_cmpint (syn_variant_psc.outcome (syn_variation_node_get_state (node)).result, ==,
                       SYN_RESULT_NONE);
      play (node, "g1f3", "g8f6");
      progression_pair (syn_variation_node_get_state (node), number, &white, &black);
      node = syn_variation_node_add_child (node, white, black);
    }
  text = syn_variation_tree_write (tree);
  g_assert_cmpuint (nesting_of (text), ==, 200);
  g_test_message ("200 levels written in %zu bytes", strlen (text));
  g_assert_cmpuint (strlen (text), <, 100 * 1024);

  again = syn_variation_tree_read (text, &error);
  g_assert_no_error (error);
  for (node = syn_variation_tree_get_root (again); syn_variation_node_get_n_children (node) == 2;
       node = syn_variation_node_get_child (node, 1))
    levels++;
  g_assert_cmpuint (levels, ==, 200);
  text_again = syn_variation_tree_write (again);
  g_assert_cmpstr (text_again, ==, text);
}

/* A text whose variations nest opens deep, each "(" on a line of its own (the line of the
 * last one in *last_open_line): at each position of a line played on by progression_pair(),
 * variations open inside one another, each replacing the turn before it by another pair. */
static char *
deeply_nested_text (guint opens, guint *last_open_line)
{
  GString *text = g_string_new ("[Variant \"psc\"]\n\n");
  SynState state;
  guint depth = 0, line = 2;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &state, NULL));
  for (guint number = 1; depth < opens; number++)
    {
      SynMove whites[SYN_MAX_MOVES], blacks[SYN_MAX_MOVES], next_white, next_black;
      int n_white = syn_analysis_moves (&state, SYN_WHITE, whites);
      int n_black = syn_analysis_moves (&state, SYN_BLACK, blacks);
      gboolean first = TRUE;
      SynState next;

      g_assert_cmpint (syn_variant_psc.outcome (&state).result, ==, SYN_RESULT_NONE);
      progression_pair (&state, number, &next_white, &next_black);
      for (int w = 0; w < n_white && depth < opens; w++)
        for (int b = 0; b < n_black && depth < opens; b++)
          {
            char white[SYN_MOVE_TEXT_SIZE], black[SYN_MOVE_TEXT_SIZE];

            if (whites[w] == next_white && blacks[b] == next_black)
              continue;
            syn_move_to_text (whites[w], white);
            syn_move_to_text (blacks[b], black);
            /* The first pair is the turn the variations replace. */
            g_string_append_printf (text, "%s%u. %s %s\n", first ? "" : "( ", number, white, black);
            line++;
            if (!first)
              {
                depth++;
                *last_open_line = line;
              }
            first = FALSE;
          }
      if (depth == opens)
        break;
      /* The last variation at this position carries the line on. */
      {
        char white[SYN_MOVE_TEXT_SIZE], black[SYN_MOVE_TEXT_SIZE];

        syn_move_to_text (next_white, white);
        syn_move_to_text (next_black, black);
        g_string_append_printf (text, "( %u. %s %s\n", number, white, black);
        line++;
        depth++;
        *last_open_line = line;
        syn_analysis_resolve (&state, next_white, next_black, &next);
        state = next;
      }
    }
  for (guint i = 0; i < depth; i++)
    g_string_append (text, ")\n");
  return g_string_free (text, FALSE);
}

/* Nesting up to the bound reads; one level more is refused at the line of its "(". */
static void
test_deepest_nesting (void)
{
  guint last_open_line = 0;
  g_autofree char *deepest = deeply_nested_text (SYN_VARIATION_TREE_MAX_DEPTH, &last_open_line);
  g_autofree char *too_deep = NULL;
  g_autofree char *message = NULL;
  g_autoptr (SynVariationTree) tree = NULL;
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpuint (nesting_of (deepest), ==, SYN_VARIATION_TREE_MAX_DEPTH);
  tree = syn_variation_tree_read (deepest, &error);
  g_assert_no_error (error);
  g_test_message ("%d levels (%zu bytes) read in %.1f ms", SYN_VARIATION_TREE_MAX_DEPTH,
                  strlen (deepest), (g_get_monotonic_time () - start) / 1e3);

  too_deep = deeply_nested_text (SYN_VARIATION_TREE_MAX_DEPTH + 1, &last_open_line);
  message = g_strdup_printf ("line %u: variations are nested more than %d deep", last_open_line,
                             SYN_VARIATION_TREE_MAX_DEPTH);
  assert_refused (too_deep, SYN_VARIATION_TREE_ERROR_SYNTAX, message);
}

/* TX-E1, E2 (TX-R5, R8, R9): each step one side moves and the other waits ("-"); a move
 * carries its decision ("/commit", "/rollback"). */
static const char transactional_tree[] = "[Variant \"transactional\"]\n"
                                         "\n"
                                         "1. g1f3 -\n"
                                         "2. - e7e5\n"
                                         "3. f3g5 -\n"
                                         "4. - d8h4/commit\n"
                                         "( 4. - d8h4/rollback )\n"
                                         "5. g5f7/commit -\n";

static void
test_transactional_write_read (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynVariationTree) tree = syn_variation_tree_read (transactional_tree, &error);
  g_autofree char *written = NULL;
  g_autofree char *fen = NULL;
  SynVariationNode *node;

  g_assert_no_error (error);
  g_assert_true (syn_variation_tree_get_variant (tree) == &syn_variant_transactional);
  node = syn_variation_tree_get_root (tree);
  for (int i = 0; i < 4; i++)
    node = syn_variation_node_get_child (node, 0);
  g_assert_cmpuint (syn_variation_node_get_n_children (syn_variation_node_get_parent (node)), ==,
                    2);
  fen = syn_analysis_write_variant_fen (&syn_variant_transactional,
                                        syn_variation_node_get_state (node));
  g_assert_cmpstr (
      fen, ==, "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3 T1:g1f3,f3g5 T4:-");
  written = syn_variation_tree_write (tree);
  g_assert_cmpstr (written, ==, transactional_tree);
}

/* HK-E2 (HK-R6, R7): the exchange of blows' steps, White waiting; 0000 is a pass. */
static void
test_hk_blows_write_read (void)
{
  const char *text = "[Variant \"hk\"]\n"
                     "[FEN \"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n"
                     "\n"
                     "1. e4d5 g8f6\n"
                     "2. - f6d5\n"
                     "( 2. - 0000 )\n"
                     "3. - -\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (SynVariationTree) tree = NULL;

  /* Turn 3 is a round in which nobody can strike: the field closed, so the line ends. */
  tree = syn_variation_tree_read (text, &error);
  g_assert_error (error, SYN_VARIATION_TREE_ERROR, SYN_VARIATION_TREE_ERROR_ILLEGAL);
  g_clear_error (&error);
  text = "[Variant \"hk\"]\n"
         "[FEN \"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"]\n"
         "\n"
         "1. e4d5 g8f6\n"
         "2. - f6d5\n"
         "( 2. - 0000 )\n";
  tree = syn_variation_tree_read (text, &error);
  g_assert_no_error (error);
  {
    g_autofree char *written = syn_variation_tree_write (tree);
    g_assert_cmpstr (written, ==, text);
  }
  assert_refused ("[Variant \"hk\"]\n\n1. e2e4 -\n", SYN_VARIATION_TREE_ERROR_ILLEGAL,
                  "line 3: - is not a legal move for Black in turn 1");
  assert_refused ("[Variant \"chess960\"]\n\n1. e2e4 e7e5\n", SYN_VARIATION_TREE_ERROR_SYNTAX,
                  "line 1: \"chess960\" is not a known variant");
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
  g_test_add_func ("/variation-tree/refuses/variant-twice", test_refuses_variant_twice);
  g_test_add_func ("/variation-tree/read/byte-order-mark", test_reads_byte_order_mark);
  g_test_add_func ("/variation-tree/write-read/200-levels", test_write_read_200_levels);
  g_test_add_func ("/variation-tree/read/deepest-nesting-and-beyond", test_deepest_nesting);
  g_test_add_func ("/variation-tree/transactional/r8-write-read", test_transactional_write_read);
  g_test_add_func ("/variation-tree/hk/r7-blows-write-read", test_hk_blows_write_read);
  return g_test_run ();
}
