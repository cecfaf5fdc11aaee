/* test-psc-naive.c: the engine against the naive PSC of naive-psc.c on positions reached by
 * random play: attack counts, control, frozen pieces, legal moves, fog, resolved positions
 * and outcomes must agree exactly. SYNCHESS_SLOW=1 plays ten times as many games.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "naive-psc.h"
#include "psc.h"
#include "variant.h"

#define MAX_TURNS 120

/* Starting points with castling, promotion and en passant chances close at hand. */
static const char *const starts[] = {
  SYN_FEN_START,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 45 30",
  /* PSC-R7: both sides may take en passant at once (c4 and d5 are frozen). */
  "4k3/8/b7/3pP3/1pP5/8/8/3RK3 w - c3d6 0 1",
  "r3k3/ppp2ppp/8/3pP3/8/8/PPP2PPP/3RK2R w K d6 0 1",
};

typedef struct
{
  guint64 positions;
  guint64 en_passant_moves;
  guint64 castling_moves;
  guint64 promotions;
  guint64 finished[6];
} Tally;

static int
compare_text (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

static void
compare_position (const SynPosition *pos, const char *fen, Tally *tally)
{
  NaivePosition naive;
  SynPscControl ctl;
  SynOutcome outcome;
  const char *result, *reason;

  g_assert_true (naive_from_fen (fen, &naive));
  syn_psc_control (pos, &ctl);
  tally->positions++;

  for (int square = 0; square < 64; square++)
    {
      int controller = naive_controller (&naive, square);
      for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
        {
          int expected = naive_attack_count (&naive, c, square);
          int got = syn_psc_attack_count (&ctl, (SynColour) c, square);
          if (expected != got)
            g_error ("%s: A(%d, %d) is %d, naive says %d", fen, c, square, got, expected);
          if (naive_is_visible (&naive, c, square)
              != ((syn_psc_visible (&ctl, (SynColour) c) >> square) & 1))
            g_error ("%s: visibility of square %d for colour %d differs", fen, square, c);
        }
      g_assert_cmpint ((ctl.control[SYN_WHITE] >> square) & 1, ==, controller == NAIVE_WHITE);
      g_assert_cmpint ((ctl.control[SYN_BLACK] >> square) & 1, ==, controller == NAIVE_BLACK);
      if (naive.board[square] != '.')
        g_assert_cmpint ((ctl.frozen >> square) & 1, ==, naive_is_frozen (&naive, square));
    }

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      SynMove moves[SYN_MAX_MOVES];
      char texts[SYN_MAX_MOVES][SYN_MOVE_TEXT_SIZE];
      char expected[NAIVE_MAX_MOVES][6];
      int n = syn_psc_moves (pos, &ctl, (SynColour) c, moves);
      int n_expected = naive_legal_moves (&naive, c, expected);

      g_assert_cmpint (syn_psc_count_moves (pos, &ctl, (SynColour) c), ==, n);
      for (int i = 0; i < n; i++)
        syn_move_to_text (moves[i], texts[i]);
      qsort (texts, (size_t) n, sizeof texts[0], compare_text);
      if (n != n_expected)
        g_error ("%s: %s has %d moves, naive says %d", fen, c ? "Black" : "White", n, n_expected);
      for (int i = 0; i < n; i++)
        if (strcmp (texts[i], expected[i]) != 0)
          g_error ("%s: move %d is %s, naive says %s", fen, i, texts[i], expected[i]);
    }

  outcome = syn_psc_outcome (pos, &ctl);
  naive_outcome (&naive, &result, &reason);
  g_assert_cmpstr (syn_result_to_text (outcome.result), ==, result);
  g_assert_cmpstr (syn_reason_to_text (outcome.reason), ==, reason);
  tally->finished[outcome.reason]++;
}

/* Picks a move, favouring pawn moves now and then so double steps, en passant and
 * promotion come up often enough to be tested. */
static SynMove
pick_move (GRand *rand, const SynPosition *pos, const SynMove *moves, int n)
{
  if (g_rand_int_range (rand, 0, 3) == 0)
    {
      int start = g_rand_int_range (rand, 0, n);
      for (int i = 0; i < n; i++)
        {
          SynMove move = moves[(start + i) % n];
          if (SYN_PIECE_TYPE (pos->board[syn_move_from (move)]) == SYN_PAWN
              || syn_move_kind (move) != SYN_MOVE_PLAIN)
            return move;
        }
    }
  return moves[g_rand_int_range (rand, 0, n)];
}

static void
play_game (GRand *rand, const char *start, Tally *tally)
{
  SynPosition pos;
  SynFenError error;
  char fen[SYN_FEN_MAX_SIZE];

  g_assert_true (syn_fen_parse (start, SYN_FEN_PSC, &pos, &error));
  for (int turn = 0; turn < MAX_TURNS; turn++)
    {
      SynPscControl ctl;
      SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES], chosen[2];
      SynPosition next;
      NaivePosition naive, naive_next;
      char naive_fen[SYN_FEN_MAX_SIZE], chosen_text[2][SYN_MOVE_TEXT_SIZE];
      int n_white, n_black;

      syn_fen_write (&pos, SYN_FEN_PSC, fen, sizeof fen);
      compare_position (&pos, fen, tally);
      syn_psc_control (&pos, &ctl);
      if (syn_psc_outcome (&pos, &ctl).result != SYN_RESULT_NONE)
        return;
      n_white = syn_psc_moves (&pos, &ctl, SYN_WHITE, white);
      n_black = syn_psc_moves (&pos, &ctl, SYN_BLACK, black);
      chosen[0] = pick_move (rand, &pos, white, n_white);
      chosen[1] = pick_move (rand, &pos, black, n_black);
      for (int c = 0; c < 2; c++)
        {
          SynMoveKind kind = syn_move_kind (chosen[c]);
          tally->en_passant_moves += kind == SYN_MOVE_EN_PASSANT;
          tally->castling_moves += kind == SYN_MOVE_CASTLE;
          tally->promotions += syn_move_is_promotion (chosen[c]);
          syn_move_to_text (chosen[c], chosen_text[c]);
        }

      syn_psc_resolve (&pos, chosen[0], chosen[1], &next);
      g_assert_true (naive_from_fen (fen, &naive));
      naive_resolve (&naive, chosen_text[0], chosen_text[1], &naive_next);
      naive_to_fen (&naive_next, naive_fen, sizeof naive_fen);
      syn_fen_write (&next, SYN_FEN_PSC, fen, sizeof fen);
      if (strcmp (fen, naive_fen) != 0)
        g_error ("%s %s: engine gives %s, naive gives %s", chosen_text[0], chosen_text[1], fen,
                 naive_fen);
      pos = next;
    }
}

static void
test_random_play (void)
{
  gboolean slow = g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") == 0;
  int games = slow ? 3000 : 180;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261121);
  Tally tally = { 0 };

  for (int game = 0; game < games; game++)
    play_game (rand, starts[game % G_N_ELEMENTS (starts)], &tally);

  g_test_message ("%" G_GUINT64_FORMAT " positions compared; %" G_GUINT64_FORMAT
                  " en passant, %" G_GUINT64_FORMAT " castling, %" G_GUINT64_FORMAT
                  " promotion moves played; endings: king-frozen %" G_GUINT64_FORMAT
                  ", checkmate %" G_GUINT64_FORMAT ", both-lost %" G_GUINT64_FORMAT
                  ", stalemate %" G_GUINT64_FORMAT ", fifty-turns %" G_GUINT64_FORMAT,
                  tally.positions, tally.en_passant_moves, tally.castling_moves, tally.promotions,
                  tally.finished[SYN_REASON_KING_FROZEN], tally.finished[SYN_REASON_CHECKMATE],
                  tally.finished[SYN_REASON_BOTH_LOST], tally.finished[SYN_REASON_STALEMATE],
                  tally.finished[SYN_REASON_FIFTY_TURNS]);
  /* The comparison means little unless the rare rules were exercised. */
  g_assert_cmpuint (tally.positions, >, (guint64) games * 10);
  g_assert_cmpuint (tally.en_passant_moves, >, 0);
  g_assert_cmpuint (tally.castling_moves, >, 0);
  g_assert_cmpuint (tally.promotions, >, 0);
  g_assert_cmpuint (tally.finished[SYN_REASON_KING_FROZEN], >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/psc/naive/random-play-agrees", test_random_play);
  return g_test_run ();
}
