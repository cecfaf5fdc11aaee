/* test-transactional-naive.c: the engine's Transactional rule set against the naive referee
 * of naive-transactional.c, first the naive code alone on the worked examples, then both side
 * by side on games of random play: referee and player FENs, views, locks, transaction
 * numbers, choices, events, outcome and the next FEN must agree at every step.
 * SYNCHESS_SLOW=1 plays ten times as many games.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "naive-transactional.h"
#include "variant.h"

#define MAX_STEPS 400

static NaiveTx
naive_read (const char *fen)
{
  NaiveTx tx;
  char error[160];

  if (!naive_tx_from_fen (fen, &tx, error, sizeof error))
    g_error ("naive refuses %s: %s", fen, error);
  return tx;
}

static gboolean
naive_offers (const NaiveTx *tx, const char *choice)
{
  char choices[NAIVE_TX_MAX_CHOICES][NAIVE_TX_CHOICE_SIZE];
  int n = naive_tx_choices (tx, tx->to_move, choices);

  for (int i = 0; i < n; i++)
    if (strcmp (choices[i], choice) == 0)
      return TRUE;
  return FALSE;
}

/* Plays choice (which must be offered) and checks the referee FEN after it. */
static NaiveTx
naive_step (const NaiveTx *tx, const char *choice, NaiveTxAction action, const char *after)
{
  NaiveTx next;
  NaiveTxDecision decision;
  char fen[256];

  if (!naive_offers (tx, choice))
    {
      naive_tx_to_fen (tx, -1, fen, sizeof fen);
      g_error ("%s: %s is not offered", fen, choice);
    }
  g_assert_cmpint (naive_tx_apply (tx, choice, &next, &decision), ==, action);
  naive_tx_to_fen (&next, -1, fen, sizeof fen);
  if (after)
    g_assert_cmpstr (fen, ==, after);
  return next;
}

static void
assert_naive_outcome (const NaiveTx *tx, const char *result, const char *reason)
{
  const char *got_result, *got_reason;

  naive_tx_outcome (tx, &got_result, &got_reason);
  g_assert_cmpstr (got_result, ==, result);
  g_assert_cmpstr (got_reason, ==, reason);
}

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E1_AFTER "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 T1:g1f3,f3g5 T2:e7e5"

static void
test_naive_e1_lock (void)
{
  NaiveTx tx = naive_read (START_FEN " T1:- T2:-"), same;
  char fen[256];

  g_assert_true (naive_offers (&tx, "g1f3/rollback"));
  tx = naive_step (&tx, "g1f3", NAIVE_TX_MOVED, NULL);
  tx = naive_step (&tx, "e7e5", NAIVE_TX_MOVED,
                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5");
  /* TX-R5: e5 is empty in white's view but locked. */
  same = naive_step (&tx, "f3e5", NAIVE_TX_REFUSED,
                     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5");
  tx = naive_step (&same, "f3g5", NAIVE_TX_MOVED, E1_AFTER);
  naive_tx_to_fen (&tx, 1, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 ? T2:e7e5");
}

static void
test_naive_e2_forced_commit (void)
{
  NaiveTx tx = naive_read (E1_AFTER);

  /* TX-R4: the queen passes over g5, locked by white. */
  tx = naive_step (&tx, "d8h4/commit", NAIVE_TX_MOVED,
                   "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3 "
                   "T1:g1f3,f3g5 T4:-");
  /* TX-R7 (a): a capture is committed. */
  g_assert_false (naive_offers (&tx, "g5f7"));
  g_assert_false (naive_offers (&tx, "g5f7/rollback"));
  tx = naive_step (&tx, "g5f7/commit", NAIVE_TX_MOVED,
                   "rnb1kbnr/pppp1Npp/8/4p3/7q/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3 T3:- T4:-");
  assert_naive_outcome (&tx, "*", NULL);
}

static void
test_naive_e3_hidden_attack (void)
{
  NaiveTx tx = naive_read ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-");

  tx = naive_step (&tx, "a1a7", NAIVE_TX_MOVED, "4k3/8/8/8/8/8/8/R3K3 b Q - 1 1 T1:a1a7 T2:-");
  tx = naive_step (&tx, "e8d7/commit", NAIVE_TX_MOVED,
                   "8/3k4/8/8/8/8/8/R3K3 w Q - 2 2 T1:a1a7 T4:-");
  assert_naive_outcome (&tx, "1-0", "hidden-attack");
}

static void
test_naive_e4_en_passant_timing (void)
{
  NaiveTx tx = naive_read ("4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 T1:- T2:-");

  tx = naive_step (&tx, "a2a4", NAIVE_TX_MOVED, NULL);
  tx = naive_step (&tx, "e8d7", NAIVE_TX_MOVED, NULL);
  tx = naive_step (&tx, "e1d2", NAIVE_TX_MOVED, NULL);
  tx = naive_step (&tx, "d7c7", NAIVE_TX_MOVED,
                   "4k3/8/8/8/1p6/8/P7/4K3 w - - 4 3 T1:a2a4,e1d2 T2:e8d7,d7c7");
  tx = naive_step (&tx, "d2c2/commit", NAIVE_TX_MOVED,
                   "4k3/8/8/8/Pp6/8/2K5/8 b - a3 0 3 T3:- T2:e8d7,d7c7");
  g_assert_false (naive_offers (&tx, "b4a3"));
  tx = naive_step (&tx, "b4a3/commit", NAIVE_TX_MOVED, "8/2k5/8/8/8/p7/2K5/8 w - - 0 4 T3:- T4:-");
}

static void
test_naive_e5_two_views (void)
{
  NaiveTx tx
      = naive_read ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3 T3:- T4:-");
  NaiveTx mated;

  tx = naive_step (&tx, "e2e3", NAIVE_TX_MOVED, NULL);
  /* TX-R7 (c): check on white's committed king. */
  g_assert_false (naive_offers (&tx, "d8h4"));
  tx = naive_step (&tx, "d8h4/commit", NAIVE_TX_MOVED,
                   "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:e2e3 T6:-");
  assert_naive_outcome (&tx, "*", NULL);
  /* TX-R7 (d): white started its turn in check. */
  g_assert_false (naive_offers (&tx, "e1e2"));
  g_assert_false (naive_offers (&tx, "e1e2/rollback"));
  mated = naive_read ("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 2 4 T3:- T6:-");
  tx = naive_step (&tx, "e1e2/commit", NAIVE_TX_MOVED,
                   "rnb1kbnr/pppp1ppp/8/4p3/6Pq/4PP2/PPPPK2P/RNBQ1BNR b kq - 0 4 T5:- T6:-");
  assert_naive_outcome (&mated, "0-1", "checkmate");
}

/* TX-R6: every legal move refused; TX-R10's exception; TX-R12 stalemate; TX-R13. */
static void
test_naive_pass_and_endings (void)
{
  NaiveTx tx = naive_read ("7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 T1:- T2:a2c3,b1d2,b2d3");
  char choices[NAIVE_TX_MAX_CHOICES][NAIVE_TX_CHOICE_SIZE];

  g_assert_cmpint (naive_tx_choices (&tx, 0, choices), ==, 3);
  g_assert_cmpstr (choices[0], ==, "pass");
  g_assert_cmpstr (choices[2], ==, "pass/rollback");
  g_assert_cmpint (naive_tx_choices (&tx, 1, choices), ==, 0);
  tx = naive_step (&tx, "pass/commit", NAIVE_TX_PASSED,
                   "7k/8/8/8/8/8/nn6/Kn6 b - - 1 1 T3:- T2:a2c3,b1d2,b2d3");

  tx = naive_read ("4r3/8/4k3/8/8/8/8/R3K3 b Q - 0 1 T1:a1a7 T2:-");
  g_assert_false (naive_offers (&tx, "e6d7"));
  tx = naive_step (&tx, "e6d7/commit", NAIVE_TX_MOVED, NULL);
  g_assert_true (naive_tx_hidden_attack_excused (&tx));
  assert_naive_outcome (&tx, "*", NULL);
  g_assert_false (naive_offers (&tx, "a7d7/commit"));
  g_assert_true (naive_offers (&tx, "e1f1/commit"));

  tx = naive_read ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1 T1:- T2:-");
  assert_naive_outcome (&tx, "1/2-1/2", "stalemate");
  tx = naive_read ("4k3/8/8/8/8/8/8/R3K3 w Q - 100 60 T1:- T2:-");
  assert_naive_outcome (&tx, "1/2-1/2", "fifty-turns");
  tx = naive_read ("4k3/8/8/8/8/8/8/R3K3 w Q - 99 60");
  assert_naive_outcome (&tx, "*", NULL);
  g_assert_cmpint (tx.transaction[0], ==, 119);
  g_assert_cmpint (tx.transaction[1], ==, 120);
  /* TX-R13, R15: the draw at 100 comes before the mover's mate or stalemate. */
  tx = naive_read ("4k3/8/8/8/8/8/5PPP/r5K1 w - - 100 60");
  assert_naive_outcome (&tx, "1/2-1/2", "fifty-turns");
  tx = naive_read ("4k3/8/8/8/8/8/5PPP/r5K1 w - - 99 60");
  assert_naive_outcome (&tx, "0-1", "checkmate");
  tx = naive_read ("7k/5Q2/6K1/8/8/8/8/8 b - - 100 60");
  assert_naive_outcome (&tx, "1/2-1/2", "fifty-turns");
}

/* Bad referee FENs of TX-R14 that the engine and the naive code both refuse. */
static const char *const bad_fens[] = {
  "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 T1:- T2:-",
  "4k3/8/8/8/8/8/8/4K2P w - - 0 1 T1:- T2:-",
  "4k3/8/8/8/8/8/8/4K3 w K - 0 1 T1:- T2:-",
  "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:a1a2,a2a3,a3a4,a4a5,a5a6,a6a7 T2:-",
  "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:a1a9 T2:-",
  "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:b1b2 T2:-",
  "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:a1a4 T2:a8a4",
  "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:a1a8 T2:-",
};

static void
test_fen_refusals (void)
{
  const SynVariant *variant = syn_variant_lookup ("transactional");
  SynState state;
  SynFenError error;
  NaiveTx tx;
  char message[160];

  for (size_t i = 0; i < G_N_ELEMENTS (bad_fens); i++)
    {
      g_assert_false (naive_tx_from_fen (bad_fens[i], &tx, message, sizeof message));
      if (variant->read_state (bad_fens[i], &state, &error))
        g_error ("engine accepts %s", bad_fens[i]);
    }
}

/* Starting points: the start position, every worked example, and positions made to reach
 * castling, promotion, en passant, locks, passes and each ending. */
static const char *const starts[] = {
  START_FEN " T1:- T2:-",
  E1_AFTER,
  "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-",
  "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 T1:- T2:-",
  "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3 T3:- T4:-",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 T1:- T2:-",
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 T1:- T2:-",
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1 T1:- T2:-",
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1 T1:- T2:-",
  "7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 T1:- T2:a2c3,b1d2,b2d3",
  "4r3/8/4k3/8/8/8/8/R3K3 b Q - 0 1 T1:a1a7 T2:-",
  "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 T1:- T2:-",
  "7k/8/5QK1/8/8/8/8/8 w - - 0 1 T1:- T2:-",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 90 30 T59:- T60:-",
  "4k3/8/8/8/8/8/8/3RK3 w - - 0 1",
  "4k3/8/8/8/8/8/8/R3K3 b Q - 90 60",
};

/* Turns that reach rare cases for sure before random play goes on. */
static const struct
{
  const char *start, *choices;
} scripts[] = {
  { START_FEN " T1:- T2:-", "g1f3,e7e5,f3e5,f3g5,d8h4/commit,g5f7/commit" },
  { "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-", "a1a7,e8d7/commit" },
  { "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1 T1:- T2:-", "a2a4,e8d7,e1d2,d7c7,d2c2/commit,b4a3/commit" },
  { "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3 T3:- T4:-",
    "e2e3,d8h4/commit,e1e2/commit" },
  { "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3 T3:- T4:-",
    "e2e3/rollback,d8h4/commit" },
  { "7k/8/8/8/8/8/nn6/Kn6 w - - 0 1 T1:- T2:a2c3,b1d2,b2d3", "pass" },
  { "4r3/8/4k3/8/8/8/8/R3K3 b Q - 0 1 T1:a1a7 T2:-", "e6d7/commit,e1f1/commit" },
  /* TX-R11: three eligible pawns, one passed square occupied; a double step moved again. */
  { "4k3/8/8/8/1p1p4/8/P1P1P3/1N2K3 w - - 0 1 T1:- T2:-",
    "a2a4,e8d8,c2c4,d8e8,e2e4,e8d8,b1a3/commit,d4c3/commit" },
  { "4k3/8/8/8/1p1p4/8/P1P1P3/1N2K3 w - - 0 1 T1:- T2:-",
    "a2a4,e8d8,c2c4,d8e8,c4c5/commit,b4a3/commit" },
  /* TX-R5: castling refused because the rook's destination is locked; both sides castle. */
  { "4k3/8/8/8/4n3/8/P7/4K2R b K - 0 1 T1:- T2:-", "e4g3,a2a3,g3f1,e1g1,a3a4" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 T1:- T2:-", "e1g1,e8c8/commit,g1g2/commit" },
};

enum
{
  SPECIAL_REFUSED,
  SPECIAL_PASS,
  SPECIAL_COMMIT,
  SPECIAL_ROLLBACK,
  SPECIAL_ONLY_COMMIT, /* TX-R7: a move after which commit is the only decision */
  SPECIAL_FIFTH_MOVE,
  SPECIAL_CASTLING,
  SPECIAL_EN_PASSANT,
  SPECIAL_PROMOTION,
  SPECIAL_EXCUSED, /* TX-R10: play went on after a commit into an attack */
  N_SPECIALS
};

static const char *const special_names[N_SPECIALS] = {
  "refused",    "pass",     "commit",     "rollback",  "forced commit",
  "fifth move", "castling", "en passant", "promotion", "excused hidden attack",
};

typedef struct
{
  guint64 games, steps;
  guint64 endings[SYN_REASON_LAST + 1];
  guint64 specials[N_SPECIALS];
} Tally;

typedef struct
{
  char text[SYN_CHOICE_TEXT_SIZE];
  SynChoice choice;
} Choice;

static int
compare_choice (const void *a, const void *b)
{
  return strcmp (((const Choice *) a)->text, ((const Choice *) b)->text);
}

static int
square_of (const char *text)
{
  return (text[0] - 'a') + 8 * (text[1] - '1');
}

/* The engine's choices of side as sorted texts, compared with the naive ones. */
static int
compare_choices (const SynVariant *variant, const SynState *state, const NaiveTx *tx, int side,
                 const char *fen, Choice *choices)
{
  static SynChoice raw[SYN_MAX_CHOICES];
  static char expected[NAIVE_TX_MAX_CHOICES][NAIVE_TX_CHOICE_SIZE];
  int n = variant->choices (state, (SynColour) side, raw);
  int n_expected = naive_tx_choices (tx, side, expected);

  for (int i = 0; i < n; i++)
    {
      variant->choice_to_text (state, raw[i], choices[i].text);
      choices[i].choice = raw[i];
    }
  qsort (choices, (size_t) n, sizeof choices[0], compare_choice);
  for (int i = 0; i < MAX (n, n_expected); i++)
    if (i >= n || i >= n_expected || strcmp (choices[i].text, expected[i]) != 0)
      g_error ("%s: %s choice %d is %s, naive says %s (%d and %d choices)", fen,
               side ? "black" : "white", i, i < n ? choices[i].text : "none",
               i < n_expected ? expected[i] : "none", n, n_expected);
  return n;
}

static void
placement_of (const char board[64], char *out)
{
  int n = 0;
  for (int r = 7; r >= 0; r--)
    {
      int empty = 0;
      for (int f = 0; f < 8; f++)
        {
          char piece = board[f + 8 * r];
          if (piece == '.')
            {
              empty++;
              continue;
            }
          if (empty)
            out[n++] = (char) ('0' + empty);
          empty = 0;
          out[n++] = piece;
        }
      if (empty)
        out[n++] = (char) ('0' + empty);
      if (r > 0)
        out[n++] = '/';
    }
  out[n] = '\0';
}

/* Everything a state shows beside its choices: FENs, views, locks, numbers. */
static void
check_state (const SynVariant *variant, const SynState *state, const char *fen, const NaiveTx *tx)
{
  char expected[SYN_FEN_MAX_SIZE], got[SYN_FEN_MAX_SIZE], message[160];
  SynState reread;
  SynFenError error;
  SynStepInfo info;
  NaiveTx naive_reread;

  naive_tx_to_fen (tx, -1, expected, sizeof expected);
  if (strcmp (fen, expected) != 0)
    g_error ("engine writes %s, naive %s", fen, expected);
  if (!variant->read_state (fen, &reread, &error))
    g_error ("engine refuses its own %s: %s", fen, error.message);
  variant->write_state (&reread, got, sizeof got);
  g_assert_cmpstr (got, ==, fen);
  if (!naive_tx_from_fen (fen, &naive_reread, message, sizeof message))
    g_error ("naive refuses %s: %s", fen, message);

  syn_variant_describe (variant, state, &info);
  g_assert_cmpint (info.kind, ==, SYN_STEP_TX_MOVE);
  for (int side = 0; side < 2; side++)
    {
      SynPosition view;
      char board[64], view_fen[SYN_FEN_MAX_SIZE];
      bool locked[64];
      SynBitboard expected_locks = 0;

      /* TX-R14: the player FEN. */
      naive_tx_to_fen (tx, side, expected, sizeof expected);
      variant->write_view_state (state, (SynColour) side, got, sizeof got);
      if (strcmp (got, expected) != 0)
        g_error ("%s: engine's player FEN for %d is %s, naive %s", fen, side, got, expected);

      /* TX-R2: the transactional view. */
      naive_tx_view (tx, side, board);
      placement_of (board, expected);
      syn_variant_view (variant, state, (SynColour) side, &view);
      syn_fen_write (&view, SYN_FEN_ORTHODOX, view_fen, sizeof view_fen);
      view_fen[strcspn (view_fen, " ")] = '\0';
      if (strcmp (view_fen, expected) != 0)
        g_error ("%s: engine's view for %d is %s, naive %s", fen, side, view_fen, expected);

      /* TX-R5 locks, TX-R3 numbers. */
      naive_tx_locks (tx, side, locked);
      for (int s = 0; s < 64; s++)
        if (locked[s])
          expected_locks |= (SynBitboard) 1 << s;
      if (info.locked[side] != expected_locks)
        g_error ("%s: engine's locks for %d differ", fen, side);
      g_assert_cmpint (info.transaction[side], ==, tx->transaction[side]);
      g_assert_cmpint (info.pending[side], ==, tx->n_pending[side]);
    }
}

static void
check_events (const SynVariant *variant, const SynState *before, SynChoice white, SynChoice black,
              const SynState *after, int mover, NaiveTxAction action, NaiveTxDecision decision,
              const char *what)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n = variant->events ? variant->events (before, white, black, after, events) : 0;
  bool seen[SYN_EVENT_ROLLBACK + 1] = { false };
  bool expected[SYN_EVENT_ROLLBACK + 1] = { false };

  for (int i = 0; i < n; i++)
    if (events[i].side == mover && events[i].kind <= SYN_EVENT_ROLLBACK)
      seen[events[i].kind] = true;
  expected[SYN_EVENT_LOCKED] = action == NAIVE_TX_REFUSED;
  expected[SYN_EVENT_NO_MOVE] = action == NAIVE_TX_PASSED;
  expected[SYN_EVENT_COMMIT] = decision == NAIVE_TX_COMMIT;
  expected[SYN_EVENT_ROLLBACK] = decision == NAIVE_TX_ROLLBACK;
  for (int kind = SYN_EVENT_LOCKED; kind <= SYN_EVENT_ROLLBACK; kind++)
    if (seen[kind] != expected[kind])
      g_error ("%s: engine event %d is %s, naive disagrees", what, kind,
               seen[kind] ? "there" : "missing");
}

static bool
is_special (const NaiveTx *tx, const char *text)
{
  char view[64];
  int from, to;
  char kind;

  if (strncmp (text, "pass", 4) == 0)
    return false;
  naive_tx_view (tx, tx->to_move, view);
  from = square_of (text);
  to = square_of (text + 2);
  kind = g_ascii_toupper (view[from]);
  return view[to] != '.' || text[4] == 'q' || text[4] == 'n'
         || (kind == 'K' && abs (to - from) == 2)
         || (kind == 'P' && (abs (to - from) == 16 || (from - to) % 8 != 0));
}

/* Picks a move, now and then among the special ones (captures, castling, promotion, pawn
 * double steps), then a decision for it, going on more often than not so that transactions
 * grow to their limit. */
static const Choice *
pick (GRand *rand, const NaiveTx *tx, const Choice *choices, int n)
{
  int chosen = g_rand_int_range (rand, 0, n), roll = g_rand_int_range (rand, 0, 20), n_group = 0;
  const Choice *group[3];
  const char *wanted = roll < 11 ? "" : roll < 17 ? "/commit" : "/rollback";
  char what[SYN_CHOICE_TEXT_SIZE];

  if (g_rand_int_range (rand, 0, 3) == 0)
    for (int i = 0; i < n; i++)
      if (is_special (tx, choices[(chosen + i) % n].text))
        {
          chosen = (chosen + i) % n;
          break;
        }
  g_strlcpy (what, choices[chosen].text, sizeof what);
  what[strcspn (what, "/")] = '\0';
  for (int i = 0; i < n && n_group < 3; i++)
    if (strncmp (choices[i].text, what, strlen (what)) == 0
        && (choices[i].text[strlen (what)] == '/' || choices[i].text[strlen (what)] == '\0'))
      group[n_group++] = &choices[i];
  for (int i = 0; i < n_group; i++)
    if (strcmp (group[i]->text + strlen (what), wanted) == 0)
      return group[i];
  return group[g_rand_int_range (rand, 0, n_group)];
}

static const Choice *
find_choice (const Choice *choices, int n, const char *text, const char *fen)
{
  for (int i = 0; i < n; i++)
    if (strcmp (choices[i].text, text) == 0)
      return &choices[i];
  g_error ("%s: %s is not a choice", fen, text);
}

/* Plays a game from start, comparing at every step; the choices come from script
 * (comma-separated) while it lasts, then from rand. */
static void
play_game (GRand *rand, const char *start, const char *script, Tally *tally)
{
  const SynVariant *variant = syn_variant_lookup ("transactional");
  g_auto (GStrv) steps = script ? g_strsplit (script, ",", -1) : g_new0 (char *, 1);
  int n_steps = (int) g_strv_length (steps);
  static Choice choices[2][SYN_MAX_CHOICES];
  char fen[SYN_FEN_MAX_SIZE];
  SynState state;
  SynFenError error;
  NaiveTx tx;

  if (!variant->read_state (start, &state, &error))
    g_error ("engine refuses %s: %s", start, error.message);
  tx = naive_read (start);
  tally->games++;

  for (int step = 0;; step++)
    {
      const Choice *chosen;
      const char *result, *reason;
      SynOutcome outcome;
      SynState next;
      NaiveTx naive_next;
      NaiveTxAction action;
      NaiveTxDecision decision;
      SynChoice pair[2] = { SYN_CHOICE_NONE, SYN_CHOICE_NONE };
      char what[2 * SYN_FEN_MAX_SIZE], next_fen[SYN_FEN_MAX_SIZE], naive_fen[SYN_FEN_MAX_SIZE];
      int n[2], mover = tx.to_move;

      variant->write_state (&state, fen, sizeof fen);
      check_state (variant, &state, fen, &tx);
      tally->steps++;
      tally->specials[SPECIAL_EXCUSED] += naive_tx_hidden_attack_excused (&tx);

      outcome = variant->outcome (&state);
      naive_tx_outcome (&tx, &result, &reason);
      if (g_strcmp0 (syn_result_to_text (outcome.result), result) != 0
          || g_strcmp0 (syn_reason_to_text (outcome.reason), reason) != 0)
        g_error ("%s: engine outcome %s %s, naive %s %s", fen, syn_result_to_text (outcome.result),
                 syn_reason_to_text (outcome.reason), result, reason);
      if (outcome.result != SYN_RESULT_NONE)
        {
          g_assert_cmpuint (variant->count_joint_choices (&state), ==, 0);
          tally->endings[outcome.reason]++;
          return;
        }
      if (step == MAX_STEPS)
        return;

      for (int side = 0; side < 2; side++)
        n[side] = compare_choices (variant, &state, &tx, side, fen, choices[side]);
      g_assert_cmpint (n[1 - mover], ==, 0);
      g_assert_cmpuint (variant->count_joint_choices (&state), ==, (guint64) n[mover]);

      if (step < n_steps)
        chosen = find_choice (choices[mover], n[mover], steps[step], fen);
      else
        chosen = pick (rand, &tx, choices[mover], n[mover]);
      pair[mover] = chosen->choice;
      variant->apply (&state, pair[0], pair[1], &next);
      action = naive_tx_apply (&tx, chosen->text, &naive_next, &decision);
      g_snprintf (what, sizeof what, "%s with %s", fen, chosen->text);
      check_events (variant, &state, pair[0], pair[1], &next, mover, action, decision, what);

      variant->write_state (&next, next_fen, sizeof next_fen);
      naive_tx_to_fen (&naive_next, -1, naive_fen, sizeof naive_fen);
      if (strcmp (next_fen, naive_fen) != 0)
        g_error ("%s: engine gives %s, naive %s", what, next_fen, naive_fen);
      if (action == NAIVE_TX_REFUSED)
        g_assert_cmpstr (next_fen, ==, fen);

      /* What the step did, for the tally. */
      tally->specials[SPECIAL_REFUSED] += action == NAIVE_TX_REFUSED;
      tally->specials[SPECIAL_PASS] += action == NAIVE_TX_PASSED;
      tally->specials[SPECIAL_COMMIT] += decision == NAIVE_TX_COMMIT;
      tally->specials[SPECIAL_ROLLBACK] += decision == NAIVE_TX_ROLLBACK;
      tally->specials[SPECIAL_FIFTH_MOVE]
          += action == NAIVE_TX_MOVED && tx.n_pending[mover] == NAIVE_TX_MAX_PENDING - 1;
      if (action == NAIVE_TX_MOVED)
        {
          char view[64];
          const char *text = chosen->text;
          int from = square_of (text), to = square_of (text + 2);
          char kind;
          gboolean only_commit = TRUE;
          size_t len = strcspn (text, "/");

          naive_tx_view (&tx, mover, view);
          kind = g_ascii_toupper (view[from]);
          tally->specials[SPECIAL_CASTLING] += kind == 'K' && abs (to - from) == 2;
          tally->specials[SPECIAL_EN_PASSANT]
              += kind == 'P' && (from - to) % 8 != 0 && view[to] == '.';
          tally->specials[SPECIAL_PROMOTION] += text[4] != '\0' && text[4] != '/';
          for (int i = 0; i < n[mover]; i++)
            if (strncmp (choices[mover][i].text, text, len) == 0
                && strcmp (choices[mover][i].text + len, "/commit") != 0
                && (choices[mover][i].text[len] == '\0' || choices[mover][i].text[len] == '/'))
              only_commit = FALSE;
          tally->specials[SPECIAL_ONLY_COMMIT] += only_commit;
        }
      state = next;
      tx = naive_next;
    }
}

static void
test_random_play (void)
{
  gboolean slow = g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") == 0;
  int rounds = slow ? 200 : 20;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260418);
  Tally tally = { 0 };
  GString *summary = g_string_new (NULL);

  for (int round = 0; round < rounds; round++)
    {
      for (size_t i = 0; i < G_N_ELEMENTS (starts); i++)
        play_game (rand, starts[i], NULL, &tally);
      for (size_t i = 0; i < G_N_ELEMENTS (scripts); i++)
        play_game (rand, scripts[i].start, scripts[i].choices, &tally);
    }

  g_string_printf (summary, "%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " steps;",
                   tally.games, tally.steps);
  for (int reason = 1; reason <= SYN_REASON_LAST; reason++)
    if (tally.endings[reason])
      g_string_append_printf (summary, " %s %" G_GUINT64_FORMAT ",", syn_reason_to_text (reason),
                              tally.endings[reason]);
  for (int i = 0; i < N_SPECIALS; i++)
    g_string_append_printf (summary, " %s %" G_GUINT64_FORMAT ",", special_names[i],
                            tally.specials[i]);
  g_test_message ("%s", summary->str);
  g_string_free (summary, TRUE);

  /* The comparison means little unless every ending and rare rule was reached. */
  g_assert_cmpuint (tally.endings[SYN_REASON_CHECKMATE], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_HIDDEN_ATTACK], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_STALEMATE], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_FIFTY_TURNS], >, 0);
  for (int i = 0; i < N_SPECIALS; i++)
    g_assert_cmpuint (tally.specials[i], >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/transactional/naive/e1-r5-lock", test_naive_e1_lock);
  g_test_add_func ("/transactional/naive/e2-r7-forced-commit", test_naive_e2_forced_commit);
  g_test_add_func ("/transactional/naive/e3-r10-hidden-attack", test_naive_e3_hidden_attack);
  g_test_add_func ("/transactional/naive/e4-r11-en-passant-timing",
                   test_naive_e4_en_passant_timing);
  g_test_add_func ("/transactional/naive/e5-r12-two-views", test_naive_e5_two_views);
  g_test_add_func ("/transactional/naive/r6-r10-r12-r13-pass-and-endings",
                   test_naive_pass_and_endings);
  g_test_add_func ("/transactional/engine/r14-fen-refusals", test_fen_refusals);
  g_test_add_func ("/transactional/naive/random-play-agrees", test_random_play);
  return g_test_run ();
}
