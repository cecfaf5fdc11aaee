/* test-synchrone-naive.c: the engine's Synchrone against the naive one of naive-synchrone.c.
 * Random games are played through both side by side; at every state the written FEN, each
 * side's choices, the outcome and the repetition judgement must agree, and so must the state
 * after each pair of choices. SYNCHESS_SLOW=1 plays ten times as many games. The worked
 * examples of the rulings check the naive implementation on its own.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "naive-synchrone.h"
#include "rule-set-test-util.h"
#include "variant.h"

#define MAX_TURNS 150

/* Starting points: the start position, every worked example, and positions close to the
 * rare rules and to each ending. */
static const char *const starts[] = {
  SYN_FEN_START,
  /* SYN-E1 to E6, and E5 after its first turn */
  "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2",
  "7k/8/8/3QR3/3P4/4P3/r6P/q6K w - - 0 1",
  "r3r1bb/ppqRkppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 0 1",
  "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 3",
  "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1",
  "8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2",
  "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1",
  /* SYN-R4: both sides hold an en passant option at once */
  "4k3/8/8/3pP3/1pP5/8/8/4K3 w - c3d6 0 1",
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
  /* SYN-R7: en passant into a plain move; a king capture into a self-capture */
  "4k3/4b3/8/3pP3/8/8/8/4K3 w - d6 0 1",
  "3r3k/8/8/8/3R4/8/3n4/4K3 w - - 0 1",
  /* castling, self-captures and collisions among many mutual attacks */
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 4",
  /* promotions, plain and onto own pieces */
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
  "r3k3/1P6/8/8/8/8/1p6/R3K3 w Qq - 0 1",
  /* SYN-R11: both lost, stalemate, and a stalemate only self-captures break */
  "7k/6Q1/8/4pN2/3P4/3n4/1q6/K7 w - - 0 1",
  "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1",
  "kb2N3/p1p5/P1P5/8/8/8/8/7K w - - 0 1",
  "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
  /* SYN-R12: close to fifty quiet turns */
  "4k3/8/8/8/8/8/8/R3K2R w KQ - 45 60",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 45 30",
};

typedef struct
{
  guint64 games;
  guint64 states;
  guint64 turns;
  guint64 endings[SYN_REASON_LAST + 1];
  guint64 self_captures;
  guint64 self_captures_through;
  guint64 en_passant_collisions;
  guint64 en_passant;
  guint64 castling;
  guint64 promotions;
  guint64 captures_missed;
  guint64 collisions_both;
  guint64 collisions_king;
  guint64 collisions_self;
  guint64 double_steps_dropped;
  guint64 repeat_pairs;
} Tally;

static const SynVariant *
variant (void)
{
  const SynVariant *v = syn_variant_lookup ("synchrone");
  g_assert_nonnull (v);
  return v;
}

/* The engine's position, outcome and choices against the naive ones. */
static SynReason
compare_state (const SynState *state, const NaiveSynPosition *naive, Tally *tally)
{
  char naive_fen[SYN_FEN_MAX_SIZE];
  const char *result, *reason;
  SynReason ending;
  guint64 joint = 1;

  naive_syn_to_fen (naive, naive_fen, sizeof naive_fen);
  naive_syn_outcome (naive, &result, &reason);
  ending = rule_set_test_compare_position (variant (), state, naive_fen, result, reason);
  tally->states++;
  if (ending != SYN_REASON_NONE)
    return ending;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      static char expected[NAIVE_SYN_MAX_CHOICES][NAIVE_SYN_TEXT_SIZE];
      int n_expected = naive_syn_choices (naive, c, expected);
      int n = rule_set_test_compare_choices (variant (), state, (SynColour) c, expected[0],
                                             sizeof expected[0], n_expected);
      joint *= (guint64) MAX (n, 1);
    }
  g_assert_cmpuint (variant ()->count_joint_choices (state), ==, joint);
  return SYN_REASON_NONE;
}

/* What a choice text does on pos, for biasing the random choices toward the rare rules. */
static bool
is_special (const NaiveSynPosition *pos, const char *text)
{
  int from = (text[0] - 'a') + 8 * (text[1] - '1');
  int to = (text[2] - 'a') + 8 * (text[3] - '1');
  char piece = pos->board[from];

  if (pos->board[to] != '.' || text[4])
    return true; /* a capture, a self-capture or a promotion */
  if ((piece == 'K' || piece == 'k') && abs (from - to) == 2)
    return true; /* castling */
  if ((piece == 'P' || piece == 'p') && (from - to) % 8 != 0)
    return true; /* en passant */
  return (piece == 'P' || piece == 'p') && abs (from - to) == 16;
}

static int
destination (const char *text)
{
  return (text[2] - 'a') + 8 * (text[3] - '1');
}

/* A random choice: now and then the reverse of the side's last move (so positions repeat),
 * one onto the square the other side chose (so pieces collide) or a special one. */
static const char *
pick (GRand *rand, const NaiveSynPosition *pos, char texts[][NAIVE_SYN_TEXT_SIZE], int n,
      const char *last, const char *other)
{
  int start = g_rand_int_range (rand, 0, n);
  int roll = g_rand_int_range (rand, 0, 24);

  if (roll < 1 && last)
    for (int i = 0; i < n; i++)
      if (strncmp (texts[i], last + 2, 2) == 0 && strncmp (texts[i] + 2, last, 2) == 0)
        return texts[i];
  if (roll < 7 && other)
    for (int i = 0; i < n; i++)
      if (destination (texts[(start + i) % n]) == destination (other))
        return texts[(start + i) % n];
  if (roll < 16)
    for (int i = 0; i < n; i++)
      if (is_special (pos, texts[(start + i) % n]))
        return texts[(start + i) % n];
  return texts[start];
}

static void
count_turn (const NaiveSynTurnReport *report, Tally *tally)
{
  tally->turns++;
  tally->self_captures += report->self_capture;
  tally->self_captures_through += report->self_capture_path;
  tally->en_passant_collisions += report->collision_en_passant;
  tally->en_passant += report->en_passant;
  tally->castling += report->castling;
  tally->promotions += report->promotion;
  tally->captures_missed += report->capture_missed;
  tally->collisions_both += report->collision_both;
  tally->collisions_king += report->collision_king;
  tally->collisions_self += report->collision_self;
  tally->double_steps_dropped += report->double_step_dropped;
}

static void
play_game (GRand *rand, const char *start, Tally *tally)
{
  const SynVariant *v = variant ();
  SynState *history = g_new (SynState, MAX_TURNS + 1);
  NaiveSynPosition *naive_history = g_new (NaiveSynPosition, MAX_TURNS + 1);
  SynState state;
  NaiveSynPosition naive;
  char message[160];
  char last[2][NAIVE_SYN_TEXT_SIZE] = { "", "" };

  rule_set_test_load (v, &state, start);
  if (!naive_syn_from_fen (start, &naive, message, sizeof message))
    g_error ("naive refuses %s: %s", start, message);
  tally->games++;

  for (int turn = 0;; turn++)
    {
      static char texts[2][NAIVE_SYN_MAX_CHOICES][NAIVE_SYN_TEXT_SIZE];
      char naive_fen[SYN_FEN_MAX_SIZE];
      const char *chosen[2];
      SynState next;
      NaiveSynPosition naive_next;
      NaiveSynTurnReport report;
      SynReason reason = compare_state (&state, &naive, tally);
      int seen = 1;

      /* SYN-R12: the game holds the history; the engine says which states repeat. */
      for (int i = 0; i < turn; i++)
        {
          bool same = naive_syn_same_position (&naive_history[i], &naive);
          if (v->repeats (&history[i], &state) != same)
            g_error ("repeats differs at turn %d against turn %d", turn, i);
          seen += same;
          tally->repeat_pairs++;
        }
      if (reason != SYN_REASON_NONE)
        {
          tally->endings[reason]++;
          break;
        }
      if (seen >= 3)
        {
          tally->endings[SYN_REASON_REPETITION]++;
          break;
        }
      if (turn == MAX_TURNS)
        break;
      history[turn] = state;
      naive_history[turn] = naive;

      int n_white = naive_syn_choices (&naive, SYN_WHITE, texts[0]);
      int n_black = naive_syn_choices (&naive, SYN_BLACK, texts[1]);
      chosen[0] = pick (rand, &naive, texts[0], n_white, last[0][0] ? last[0] : NULL, NULL);
      chosen[1] = pick (rand, &naive, texts[1], n_black, last[1][0] ? last[1] : NULL, chosen[0]);

      v->apply (&state, rule_set_test_choice (v, &state, SYN_WHITE, chosen[0]),
                rule_set_test_choice (v, &state, SYN_BLACK, chosen[1]), &next);
      g_assert_true (naive_syn_apply (&naive, chosen[0], chosen[1], &naive_next, &report));
      count_turn (&report, tally);
      naive_syn_to_fen (&naive_next, naive_fen, sizeof naive_fen);
      rule_set_test_compare_step (v, &state, chosen[0], chosen[1], &next, naive_fen);
      g_strlcpy (last[0], chosen[0], sizeof last[0]);
      g_strlcpy (last[1], chosen[1], sizeof last[1]);
      state = next;
      naive = naive_next;
    }
  g_free (history);
  g_free (naive_history);
}

static void
test_random_play (void)
{
  gboolean slow = g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") == 0;
  int games = slow ? 3000 : 300;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261205);
  Tally tally = { 0 };

  for (int game = 0; game < games; game++)
    play_game (rand, starts[game % G_N_ELEMENTS (starts)], &tally);

  g_test_message ("%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " states, %" G_GUINT64_FORMAT
                  " turns, %" G_GUINT64_FORMAT " repetition pairs compared",
                  tally.games, tally.states, tally.turns, tally.repeat_pairs);
  g_test_message (
      "rules: self-capture %" G_GUINT64_FORMAT ", en passant %" G_GUINT64_FORMAT
      ", castling %" G_GUINT64_FORMAT ", promotion %" G_GUINT64_FORMAT
      ", capture missed %" G_GUINT64_FORMAT ", collision both removed %" G_GUINT64_FORMAT
      ", king stays %" G_GUINT64_FORMAT ", self-capturer stays %" G_GUINT64_FORMAT
      ", double step not listed %" G_GUINT64_FORMAT
      ", self-capture through an enemy capturer %" G_GUINT64_FORMAT
      ", en passant collision %" G_GUINT64_FORMAT,
      tally.self_captures, tally.en_passant, tally.castling, tally.promotions,
      tally.captures_missed, tally.collisions_both, tally.collisions_king, tally.collisions_self,
      tally.double_steps_dropped, tally.self_captures_through, tally.en_passant_collisions);
  rule_set_test_report_endings (tally.endings);

  /* The comparison means little unless every rule was exercised (every ending: above). */
  g_assert_cmpuint (tally.states, >, (guint64) games * 10);
  g_assert_cmpuint (tally.self_captures, >, 0);
  g_assert_cmpuint (tally.en_passant, >, 0);
  g_assert_cmpuint (tally.castling, >, 0);
  g_assert_cmpuint (tally.promotions, >, 0);
  g_assert_cmpuint (tally.captures_missed, >, 0);
  g_assert_cmpuint (tally.collisions_both, >, 0);
  g_assert_cmpuint (tally.collisions_king, >, 0);
  g_assert_cmpuint (tally.collisions_self, >, 0);
  g_assert_cmpuint (tally.double_steps_dropped, >, 0);
  g_assert_cmpuint (tally.self_captures_through, >, 0);
  g_assert_cmpuint (tally.en_passant_collisions, >, 0);
}

/* SYN-R14: both refuse what the ruling refuses, and accept the rest. */
static void
test_fen_agrees (void)
{
  static const char *const refused[] = {
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e4 0 2",
    "rnbqkbnr/pppp1ppp/4p3/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/4N3/PPPP1PPP/R1BQKBNR w KQkq e3 0 2",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 2",
  };
  static const char *const accepted[] = {
    SYN_FEN_START,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2",
    "4k3/8/8/8/8/8/8/8 w - - 0 2",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 3 40",
  };
  const SynVariant *v = variant ();
  char message[160];

  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      NaiveSynPosition naive;
      g_assert_false (naive_syn_from_fen (refused[i], &naive, message, sizeof message));
      rule_set_test_assert_engine_refuses (v, refused[i], message);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      NaiveSynPosition naive;
      SynState state;
      Tally tally = { 0 };
      if (!naive_syn_from_fen (accepted[i], &naive, message, sizeof message))
        g_error ("naive refuses %s: %s", accepted[i], message);
      rule_set_test_load (v, &state, accepted[i]);
      compare_state (&state, &naive, &tally);
    }
}

/* ---- the naive implementation alone on the worked examples ---- */

static NaiveSynPosition
naive_read (const char *fen)
{
  NaiveSynPosition pos;
  char message[160];
  if (!naive_syn_from_fen (fen, &pos, message, sizeof message))
    g_error ("%s: %s", fen, message);
  return pos;
}

static void
assert_turn (const char *before, const char *white, const char *black, const char *after)
{
  NaiveSynPosition pos = naive_read (before), next;
  char fen[256];
  g_assert_true (naive_syn_apply (&pos, white, black, &next, NULL));
  naive_syn_to_fen (&next, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, after);
}

static void
assert_outcome (const char *fen, const char *expected_result, const char *expected_reason)
{
  NaiveSynPosition pos = naive_read (fen);
  const char *result, *reason;
  naive_syn_outcome (&pos, &result, &reason);
  g_assert_cmpstr (result, ==, expected_result);
  g_assert_cmpstr (reason, ==, expected_reason);
}

static bool
has_choice (const char *fen, int colour, const char *text)
{
  NaiveSynPosition pos = naive_read (fen);
  static char choices[NAIVE_SYN_MAX_CHOICES][NAIVE_SYN_TEXT_SIZE];
  int n = naive_syn_choices (&pos, colour, choices);
  for (int i = 0; i < n; i++)
    if (strcmp (choices[i], text) == 0)
      return true;
  return false;
}

static void
test_naive_e1_self_capture (void)
{
  const char *fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2";
  g_assert_true (has_choice (fen, NAIVE_SYN_BLACK, "d8d5"));
  assert_turn (fen, "e4e5", "d8d5", "rnb1kbnr/ppp1pppp/8/3qP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  /* SYN-R7b: the self-capturer stays. */
  assert_turn (fen, "e4d5", "d8d5", "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  assert_outcome (fen, "*", NULL);
}

static void
test_naive_e2_no_self_capture_in_check (void)
{
  const char *fen = "7k/8/8/3QR3/3P4/4P3/r6P/q6K w - - 0 1";
  NaiveSynPosition pos = naive_read (fen);
  static char choices[NAIVE_SYN_MAX_CHOICES][NAIVE_SYN_TEXT_SIZE];
  g_assert_cmpint (naive_syn_choices (&pos, NAIVE_SYN_WHITE, choices), ==, 0);
  assert_outcome (fen, "0-1", "checkmate");
}

static void
test_naive_e3_king_captured (void)
{
  const char *fen = "r3r1bb/ppqRkppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 0 1";
  const char *after = "r3r1bb/pp1qRppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 0 2";
  g_assert_true (has_choice (fen, NAIVE_SYN_WHITE, "d7e7"));
  assert_turn (fen, "d7e7", "c7d7", after);
  assert_outcome (after, "1-0", "king-captured");
  /* The king taking the rook survives: the rook has left d7 (the two swap squares). */
  assert_turn (fen, "d7e7", "e7d7", "r3r1bb/ppqkRppp/8/2p1n3/7n/8/PPPPP1P1/RNBQNBK1 w - - 1 2");
}

static void
test_naive_e4_collision (void)
{
  assert_turn ("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 3", "f3d4", "c6d4",
               "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4");
}

static void
test_naive_e5_en_passant (void)
{
  const char *fen = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
  const char *second = "8/3k4/8/8/3pP3/8/8/4K3 w - e3 0 2";
  assert_turn (fen, "e2e4", "e8d7", second);
  /* SYN-R4: no option in the turn of the double step itself. */
  g_assert_false (has_choice (fen, NAIVE_SYN_BLACK, "d4e3"));
  g_assert_true (has_choice (second, NAIVE_SYN_BLACK, "d4e3"));
  assert_turn (second, "e1d2", "d4e3", "8/3k4/8/8/8/4p3/3K4/8 w - - 0 3");
  assert_turn (second, "e4e5", "d4e3", "8/3k4/8/4P3/8/4p3/8/4K3 w - - 0 3");
}

static void
test_naive_e6_king_stays (void)
{
  const char *fen = "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1";
  const char *after = "4k3/8/8/8/4K3/8/8/8 w - - 0 2";
  assert_turn (fen, "d3e4", "e5e4", after);
  assert_outcome (after, "*", NULL);
}

static void
test_naive_r7_rulings (void)
{
  /* SYN-R7: the double-stepped pawn is removed, and both pieces arriving on d6. */
  assert_turn ("4k3/4b3/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "e7d6",
               "4k3/8/8/8/8/8/8/4K3 w - - 0 2");
  /* SYN-R3b: the rook's path runs through d4, the square of a white capturer; SYN-R7a: the
   * king capturing into the self-capture stays. */
  g_assert_true (has_choice ("3r3k/8/8/8/3R4/8/3n4/4K3 w - - 0 1", NAIVE_SYN_BLACK, "d8d2"));
  assert_turn ("3r3k/8/8/8/3R4/8/3n4/4K3 w - - 0 1", "e1d2", "d8d2",
               "7k/8/8/8/3R4/8/3K4/8 w - - 0 2");
}

static void
test_naive_endings (void)
{
  assert_outcome ("7k/6Q1/8/4pN2/3P4/3n4/1q6/K7 w - - 0 1", "1/2-1/2", "both-lost");
  assert_outcome ("k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "1/2-1/2", "stalemate");
  /* SYN-R11: a self-capture is a legal choice, so this is no stalemate. */
  {
    const char *fen = "kb2N3/p1p5/P1P5/8/8/8/8/7K w - - 0 1";
    NaiveSynPosition pos = naive_read (fen);
    static char choices[NAIVE_SYN_MAX_CHOICES][NAIVE_SYN_TEXT_SIZE];
    g_assert_cmpint (naive_syn_choices (&pos, NAIVE_SYN_BLACK, choices), ==, 1);
    g_assert_cmpstr (choices[0], ==, "b8c7");
    assert_outcome (fen, "*", NULL);
  }
  assert_outcome ("4k3/8/8/8/8/8/8/R3K2R w KQ - 50 60", "1/2-1/2", "fifty-turns");
  assert_outcome ("4k3/8/8/8/8/8/8/R3K2R w KQ - 49 60", "*", NULL);
  assert_outcome ("8/8/8/8/8/8/8/R3K2R w KQ - 49 60", "1-0", "king-captured");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/synchrone/naive/e1-self-capture", test_naive_e1_self_capture);
  g_test_add_func ("/synchrone/naive/e2-no-self-capture-in-check",
                   test_naive_e2_no_self_capture_in_check);
  g_test_add_func ("/synchrone/naive/e3-king-captured", test_naive_e3_king_captured);
  g_test_add_func ("/synchrone/naive/e4-collision", test_naive_e4_collision);
  g_test_add_func ("/synchrone/naive/e5-en-passant", test_naive_e5_en_passant);
  g_test_add_func ("/synchrone/naive/e6-king-stays", test_naive_e6_king_stays);
  g_test_add_func ("/synchrone/naive/r7-rulings", test_naive_r7_rulings);
  g_test_add_func ("/synchrone/naive/endings", test_naive_endings);
  g_test_add_func ("/synchrone/naive/fen-agrees", test_fen_agrees);
  g_test_add_func ("/synchrone/naive/random-play-agrees", test_random_play);
  return g_test_run ();
}
