/* test-notation.c: the SAN-like move text of the move list and its spoken form.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "syn-notation.h"

/* Reads fen, finds side's legal move uci there (failing the test when PSC does not allow it)
 * and returns its text. */
static char *
describe (const char *fen, SynColour side, const char *uci)
{
  const SynVariant *variant = &syn_variant_psc;
  SynState state;
  SynFenError error;
  SynChoice choice;

  g_assert_true (variant->read_state (fen, &state, &error));
  choice = syn_variant_choice_from_text (variant, &state, side, uci);
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  return syn_notation_describe (variant, &state, side, choice);
}

static char *
speak (const char *fen, SynColour side, const char *uci)
{
  const SynVariant *variant = &syn_variant_psc;
  SynState state;
  SynFenError error;
  SynChoice choice;

  g_assert_true (variant->read_state (fen, &state, &error));
  choice = syn_variant_choice_from_text (variant, &state, side, uci);
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  return syn_notation_speak (variant, &state, side, choice);
}

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static void
assert_text (const char *fen, SynColour side, const char *uci, const char *expected)
{
  g_autofree char *text = describe (fen, side, uci);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_pieces_and_pawns (void)
{
  assert_text (START_FEN, SYN_WHITE, "g1f3", "Nf3");
  assert_text (START_FEN, SYN_WHITE, "e2e4", "e4");
  assert_text (START_FEN, SYN_BLACK, "b8c6", "Nc6");
  assert_text (START_FEN, SYN_BLACK, "d7d5", "d5");
}

static void
test_disambiguation_by_file (void)
{
  /* Both knights reach d2; their files differ. */
  const char *fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";

  assert_text (fen, SYN_WHITE, "b1d2", "Nbd2");
  assert_text (fen, SYN_WHITE, "f3d2", "Nfd2");
  /* Only one knight reaches a3, so nothing is added. */
  assert_text (fen, SYN_WHITE, "b1a3", "Na3");
}

static void
test_disambiguation_by_rank (void)
{
  /* Both rooks on the a-file reach a3. */
  const char *fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";

  assert_text (fen, SYN_WHITE, "a1a3", "R1a3");
  assert_text (fen, SYN_WHITE, "a5a3", "R5a3");
}

static void
test_disambiguation_by_both (void)
{
  /* Three queens reach b2: a1 shares its file with a3 and its rank with c1. */
  const char *fen = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";

  assert_text (fen, SYN_WHITE, "a1b2", "Qa1b2");
  assert_text (fen, SYN_WHITE, "a3b2", "Q3b2");
  assert_text (fen, SYN_WHITE, "c1b2", "Qcb2");
}

static void
test_captures (void)
{
  /* PSC-R3: d5 is frozen by the e4 pawn and the queen, so both may take it. */
  const char *fen = "4k3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1";

  assert_text (fen, SYN_WHITE, "e4d5", "exd5");
  assert_text (fen, SYN_WHITE, "d1d5", "Qxd5");
}

static void
test_en_passant (void)
{
  /* PSC-R7: black has just played d7-d5; the queen behind it freezes the pawn. */
  const char *fen = "7k/8/8/3pP3/8/8/8/3QK3 w - d6 0 2";

  assert_text (fen, SYN_WHITE, "e5d6", "exd6");
}

static void
test_promotion (void)
{
  const char *fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";

  assert_text (fen, SYN_WHITE, "a7a8q", "a8=Q");
  assert_text (fen, SYN_WHITE, "a7a8n", "a8=N");
}

static void
test_promotion_capture (void)
{
  /* The rook on b8 is frozen by the pawn and the rook on b1. */
  const char *fen = "1r2k3/P7/8/8/8/8/8/1R2K3 w - - 0 1";

  assert_text (fen, SYN_WHITE, "a7b8r", "axb8=R");
}

static void
test_castling (void)
{
  const char *fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

  assert_text (fen, SYN_WHITE, "e1g1", "O-O");
  assert_text (fen, SYN_WHITE, "e1c1", "O-O-O");
  assert_text (fen, SYN_BLACK, "e8g8", "O-O");
  assert_text (fen, SYN_BLACK, "e8c8", "O-O-O");
}

static void
test_no_move (void)
{
  const SynVariant *variant = &syn_variant_psc;
  g_autofree char *text = NULL;
  SynState state;
  SynFenError error;

  g_assert_true (variant->read_state (START_FEN, &state, &error));
  text = syn_notation_describe (variant, &state, SYN_BLACK, SYN_CHOICE_NONE);
  g_assert_cmpstr (text, ==, "-");
}

/* TX-R2: a pending piece is named as its mover sees it, on the square it went to. */
static void
test_transactional_pending_piece (void)
{
  const SynVariant *variant = &syn_variant_transactional;
  g_autofree char *text = NULL;
  SynState state;
  SynFenError error;
  SynChoice choice;

  g_assert_true (variant->read_state (
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5", &state, &error));
  choice = syn_variant_choice_from_text (variant, &state, SYN_WHITE, "f3g5");
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  text = syn_notation_describe (variant, &state, SYN_WHITE, SYN_CHOICE_MOVE (choice));
  g_assert_cmpstr (text, ==, "Ng5");
}

static void
test_spoken (void)
{
  g_autofree char *knight = speak (START_FEN, SYN_WHITE, "g1f3");
  g_autofree char *capture = speak ("4k3/8/8/3p4/4P3/8/8/3QK3 w - - 0 1", SYN_WHITE, "e4d5");
  g_autofree char *twin = speak ("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", SYN_WHITE, "b1d2");
  g_autofree char *castle = speak ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", SYN_BLACK, "e8c8");
  g_autofree char *promotion = speak ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", SYN_WHITE, "a7a8q");

  g_assert_cmpstr (knight, ==, "knight f3");
  g_assert_cmpstr (capture, ==, "pawn takes d5");
  g_assert_cmpstr (twin, ==, "knight from b1 to d2");
  g_assert_cmpstr (castle, ==, "castles queenside");
  g_assert_cmpstr (promotion, ==, "pawn a8, promotes to queen");
}

/* HK-R6's open squares in a subtitle: board order, comma-separated. */
static void
test_square_list (void)
{
  g_autofree char *none = syn_notation_square_list (0);
  g_autofree char *two = syn_notation_square_list (syn_bit (syn_square_from_text ("e4"))
                                                   | syn_bit (syn_square_from_text ("d5")));

  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (two, ==, "e4, d5");
}

/* The fates of white's and black's moves in one turn, played from fen. */
static void
assert_fates (const SynVariant *variant, const char *fen, const char *white_uci,
              const char *black_uci, SynFate white_fate, SynFate black_fate)
{
  SynState before, after;
  SynFenError error;
  SynChoice white, black;

  g_assert_true (variant->read_state (fen, &before, &error));
  white = syn_variant_choice_from_text (variant, &before, SYN_WHITE, white_uci);
  black = syn_variant_choice_from_text (variant, &before, SYN_BLACK, black_uci);
  g_assert_cmpuint (white, !=, SYN_CHOICE_NONE);
  g_assert_cmpuint (black, !=, SYN_CHOICE_NONE);
  variant->apply (&before, white, black, &after);
  g_assert_cmpint (syn_notation_fate (variant, &before, white, black, &after, SYN_WHITE), ==,
                   white_fate);
  g_assert_cmpint (syn_notation_fate (variant, &before, white, black, &after, SYN_BLACK), ==,
                   black_fate);
}

/* HUT-E2: black's Nxd5 may not take the knight that has just arrived: forfeited. */
static void
test_fate_hutnik_forfeit (void)
{
  assert_fates (&syn_variant_hutnik,
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 0000000000000003",
                "c3d5", "f6d5", SYN_FATE_PLAYED, SYN_FATE_FORFEITED);
}

/* HUT-E3: white's exd5 took the pawn whose own capture was then forfeited. */
static void
test_fate_hutnik_capture_before_forfeit (void)
{
  assert_fates (&syn_variant_hutnik,
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2 0000000000000003",
                "e4d5", "d5e4", SYN_FATE_PLAYED, SYN_FATE_FORFEITED);
}

/* HK-R5 and SYN-R7(c), SYN-E4: both knights arrive on d4 and are removed. */
static void
test_fate_collision (void)
{
  const char *fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 3";

  assert_fates (&syn_variant_synchrone, fen, "f3d4", "c6d4", SYN_FATE_COLLIDED, SYN_FATE_COLLIDED);
  assert_fates (&syn_variant_hk, fen, "f3d4", "c6d4", SYN_FATE_COLLIDED, SYN_FATE_COLLIDED);
}

/* SYN-R6: dxe5 while the e5 pawn steps to e4: the capture takes nothing; the pawn's step is
 * an ordinary one. */
static void
test_fate_took_nothing (void)
{
  const char *fen = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2";

  assert_fates (&syn_variant_synchrone, fen, "d4e5", "e5e4", SYN_FATE_TOOK_NOTHING,
                SYN_FATE_PLAYED);
  assert_fates (&syn_variant_hk, fen, "d4e5", "e5e4", SYN_FATE_TOOK_NOTHING, SYN_FATE_PLAYED);
}

/* SYN-E5: en passant on e3 while the e4 pawn moves on takes nothing. */
static void
test_fate_en_passant_took_nothing (void)
{
  assert_fates (&syn_variant_synchrone, "8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2", "e4e5", "d4e3",
                SYN_FATE_PLAYED, SYN_FATE_TOOK_NOTHING);
}

/* SYN-R7(a): the king stays where it met a pawn; the pawn is removed. */
static void
test_fate_removed (void)
{
  assert_fates (&syn_variant_synchrone, "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1", "d3e4", "e5e4",
                SYN_FATE_PLAYED, SYN_FATE_REMOVED);
}

static void
test_fate_words (void)
{
  g_assert_cmpstr (syn_notation_fate_mark (SYN_FATE_PLAYED), ==, "");
  g_assert_cmpstr (syn_notation_fate_words (SYN_FATE_PLAYED), ==, "");
  for (SynFate fate = SYN_FATE_FORFEITED; fate <= SYN_FATE_TOOK_NOTHING; fate++)
    {
      g_assert_cmpstr (syn_notation_fate_mark (fate), !=, "");
      g_assert_cmpstr (syn_notation_fate_words (fate), !=, "");
    }
}

/* Writes a catalogue in which the piece letters are French, and uses it. */
static gboolean
use_french_letters (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-notation-XXXXXX", NULL);
  g_autofree char *folder = g_build_filename (dir, "fr", "LC_MESSAGES", NULL);
  g_autofree char *po = g_build_filename (dir, "fr.po", NULL);
  g_autofree char *mo = g_build_filename (folder, GETTEXT_PACKAGE ".mo", NULL);
  const char *argv[] = { "msgfmt", "-o", mo, po, NULL };
  int status = 0;

  g_assert_nonnull (dir);
  g_assert_true (
      g_file_set_contents (po,
                           "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
                           "msgid \"KQRBN\"\nmsgstr \"RDTFC\"\n",
                           -1, NULL));
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     &status, NULL)
      || !g_spawn_check_wait_status (status, NULL))
    return FALSE;
  g_unsetenv ("LANGUAGE");
  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    return FALSE;
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  return TRUE;
}

/* The letters shown are the user's (French: C for the knight, D for the queen); a record
 * never uses these texts, it keeps UCI. */
static void
test_translated_letters (void)
{
  if (g_test_subprocess ())
    {
      g_assert_true (use_french_letters ());
      assert_text (START_FEN, SYN_WHITE, "g1f3", "Cf3");
      assert_text (START_FEN, SYN_WHITE, "e2e4", "e4");
      assert_text ("8/4P3/8/8/8/8/8/k6K w - - 0 1", SYN_WHITE, "e7e8q", "e8=D");
      return;
    }
  {
    g_autofree char *msgfmt = g_find_program_in_path ("msgfmt");
    locale_t french = newlocale (LC_ALL_MASK, "fr_FR.UTF-8", (locale_t) 0);

    if (french == (locale_t) 0 || msgfmt == NULL)
      {
        g_test_skip ("needs the fr_FR.UTF-8 locale and msgfmt");
        return;
      }
    freelocale (french);
  }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int argc, char **argv)
{
  /* The spoken form is translated; the tests read the English. */
  g_setenv ("LC_ALL", "C", TRUE);
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/notation/piece-and-pawn", test_pieces_and_pawns);
  g_test_add_func ("/notation/square-list", test_square_list);
  g_test_add_func ("/notation/disambiguation/file", test_disambiguation_by_file);
  g_test_add_func ("/notation/disambiguation/rank", test_disambiguation_by_rank);
  g_test_add_func ("/notation/disambiguation/both", test_disambiguation_by_both);
  g_test_add_func ("/notation/capture", test_captures);
  g_test_add_func ("/notation/en-passant", test_en_passant);
  g_test_add_func ("/notation/transactional/r2-pending-piece", test_transactional_pending_piece);
  g_test_add_func ("/notation/promotion", test_promotion);
  g_test_add_func ("/notation/promotion-capture", test_promotion_capture);
  g_test_add_func ("/notation/castling", test_castling);
  g_test_add_func ("/notation/no-move", test_no_move);
  g_test_add_func ("/notation/spoken", test_spoken);
  g_test_add_func ("/notation/fate/hutnik-forfeit", test_fate_hutnik_forfeit);
  g_test_add_func ("/notation/fate/hutnik-capture-before-forfeit",
                   test_fate_hutnik_capture_before_forfeit);
  g_test_add_func ("/notation/fate/collision", test_fate_collision);
  g_test_add_func ("/notation/fate/took-nothing", test_fate_took_nothing);
  g_test_add_func ("/notation/fate/en-passant-took-nothing", test_fate_en_passant_took_nothing);
  g_test_add_func ("/notation/fate/removed", test_fate_removed);
  g_test_add_func ("/notation/fate/words", test_fate_words);
  g_test_add_func ("/notation/translated-letters", test_translated_letters);

  return g_test_run ();
}
