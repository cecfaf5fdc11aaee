/* test-hk-naive.c: the engine's Hansmann–Krasowsky rule set against the naive one of
 * naive-hk.c. Random games are played through both side by side, synchronous moves and
 * exchanges of blows alike; at every state the written FEN, each side's choices, the step
 * kind and open fields, the outcome and the repetition judgement must agree, and so must the
 * state after each step. SYNCHESS_SLOW=1 plays ten times as many games. The worked examples
 * of the rulings check the naive implementation on its own.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "naive-hk.h"
#include "rule-set-test-util.h"
#include "variant.h"

#define MAX_STEPS 300

/* Starting points: the start position, every worked example (and its states within the
 * exchange of blows), and positions close to the rare rules and to each ending. */
static const char *const starts[] = {
  SYN_FEN_START,
  /* HK-E1 to E6 */
  "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
  "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-",
  "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/d5",
  "4r1k1/8/2n5/8/8/5N2/8/3R2K1 w - - 0 1",
  "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 1 e5,d4/-",
  "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 1 e5,d4/e5,d4",
  "3r2k1/8/5n2/8/8/2N5/8/3R2K1 w - - 0 1",
  "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 1 d5/-",
  "4k3/8/8/4p3/8/3K4/8/8 w - - 0 1",
  "4r2k/8/8/8/8/1bN4b/3P1P2/4K3 w - - 0 1",
  /* HK-R8: two fields whose pieces can strike each other's field */
  "4k3/8/8/4B3/3b4/8/8/4K3 w - - 0 1 e5,d4/-",
  "4k3/8/8/3pB3/3b4/2P5/8/4K3 w - - 0 1 e5,d4/-",
  /* HK-R10: a king that struck stands on an open field, the queen may strike it */
  "3qk1n1/8/5ppr/7p/2p4P/4P3/PP4PR/3K2N1 w - - 0 43 c4,d1/c4,d1",
  /* many mutual attacks: fields, chains, castling */
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 4",
  "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
  /* promotions, in the synchronous move and in strikes */
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
  "r3k3/1P6/8/8/8/8/1p6/R3K3 w Qq - 0 1",
  /* HK-R11: both lost, stalemate, a mate close at hand */
  "7k/6Q1/8/4pN2/3P4/3n4/1q6/K7 w - - 0 1",
  "k7/8/1Q6/8/8/8/8/4K3 w - - 0 1",
  "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1",
  /* HK-R12: close to fifty quiet turns */
  "4k3/8/8/8/8/8/8/R3K2R w KQ - 45 60",
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 45 30",
};

typedef struct
{
  guint64 games;
  guint64 states;
  guint64 steps;
  guint64 endings[SYN_REASON_LAST + 1];
  guint64 castling;
  guint64 promotions;
  guint64 captures_missed;
  guint64 collisions;
  guint64 king_collisions;
  guint64 one_field;
  guint64 two_fields;
  guint64 strikes;
  guint64 passes;
  guint64 recaptures;
  guint64 two_strikes;
  guint64 strikes_missed;
  guint64 phases_ended;
  guint64 kings_struck;
  guint64 repeat_pairs;
} Tally;

static const SynVariant *
variant (void)
{
  const SynVariant *v = syn_variant_lookup ("hk");
  g_assert_nonnull (v);
  return v;
}

/* side's choice written text; "-" for a side that waits. */
static SynChoice
engine_choice_from_text (const SynState *state, SynColour side, const char *text)
{
  if (strcmp (text, "-") == 0)
    return SYN_CHOICE_NONE;
  return rule_set_test_choice (variant (), state, side, text);
}

/* The engine's position, outcome, choices and step kind against the naive ones. */
static SynReason
compare_state (const SynState *state, const NaiveHkPosition *naive, Tally *tally)
{
  char naive_fen[SYN_FEN_MAX_SIZE];
  const char *result, *reason;
  SynReason ending;
  SynStepInfo info;
  SynBitboard open = 0;
  guint64 joint = 1;

  naive_hk_to_fen (naive, naive_fen, sizeof naive_fen);
  naive_hk_outcome (naive, &result, &reason);
  ending = rule_set_test_compare_position (variant (), state, naive_fen, result, reason);
  tally->states++;
  if (ending != SYN_REASON_NONE)
    return ending;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      static char expected[NAIVE_HK_MAX_CHOICES][NAIVE_HK_TEXT_SIZE];
      int n_expected = naive_hk_choices (naive, c, expected);
      int n = rule_set_test_compare_choices (variant (), state, (SynColour) c, expected[0],
                                             sizeof expected[0], n_expected);
      joint *= (guint64) MAX (n, 1);
    }
  g_assert_cmpuint (variant ()->count_joint_choices (state), ==, joint);

  /* HK-R6: the window shows the open fields of an exchange of blows. */
  syn_variant_describe (variant (), state, &info);
  for (int i = 0; i < naive->n_open; i++)
    open |= (SynBitboard) 1 << naive->open[i];
  if (info.kind != (naive->n_open ? SYN_STEP_BLOWS : SYN_STEP_MOVES) || info.marked != open)
    g_error ("%s: engine describes step kind %d, fields %" G_GINT64_MODIFIER "x", naive_fen,
             info.kind, (guint64) info.marked);

  return SYN_REASON_NONE;
}

static int
square_of (const char *text)
{
  return (text[0] - 'a') + 8 * (text[1] - '1');
}

/* True when a move of the synchronous step is likely to reach a rare rule: a capture, a
 * promotion, castling, or a step onto a square the other side can move to (which it mostly
 * attacks, so a field opens). */
static bool
is_special (const NaiveHkPosition *pos, const char *text, char other[][NAIVE_HK_TEXT_SIZE],
            int n_other)
{
  int from = square_of (text), to = square_of (text + 2);
  char piece = pos->board[from];

  if (pos->board[to] != '.' || text[4])
    return true;
  if ((piece == 'K' || piece == 'k') && abs (from - to) == 2)
    return true;
  for (int i = 0; i < n_other; i++)
    if (square_of (other[i] + 2) == to)
      return true;
  return false;
}

/* A random synchronous move: now and then the reverse of the side's last move (so positions
 * repeat), one onto the square the other side chose (so pieces collide) or a special one. */
static const char *
pick_move (GRand *rand, const NaiveHkPosition *pos, char texts[][NAIVE_HK_TEXT_SIZE], int n,
           char other[][NAIVE_HK_TEXT_SIZE], int n_other, const char *last, const char *chosen)
{
  int start = g_rand_int_range (rand, 0, n);
  int roll = g_rand_int_range (rand, 0, 24);

  if (roll < 1 && last)
    for (int i = 0; i < n; i++)
      if (strncmp (texts[i], last + 2, 2) == 0 && strncmp (texts[i] + 2, last, 2) == 0)
        return texts[i];
  if (roll < 6 && chosen)
    for (int i = 0; i < n; i++)
      if (strncmp (texts[(start + i) % n] + 2, chosen + 2, 2) == 0)
        return texts[(start + i) % n];
  if (roll < 16)
    for (int i = 0; i < n; i++)
      if (is_special (pos, texts[(start + i) % n], other, n_other))
        return texts[(start + i) % n];
  return texts[start];
}

/* A random decision in an exchange of blows: mostly a strike, so chains grow. */
static const char *
pick_blow (GRand *rand, char texts[][NAIVE_HK_TEXT_SIZE], int n)
{
  if (n == 0)
    return "-";
  if (n > 1 && g_rand_int_range (rand, 0, 6) != 0)
    return texts[g_rand_int_range (rand, 1, n)]; /* texts[0] is the pass, "0000" */
  return texts[g_rand_int_range (rand, 0, n)];
}

static void
count_step (const NaiveHkStepReport *report, Tally *tally)
{
  tally->steps++;
  tally->castling += report->castling;
  tally->promotions += report->promotion;
  tally->captures_missed += report->capture_missed && !report->strike;
  tally->collisions += report->collision;
  tally->king_collisions += report->king_collision;
  tally->one_field += report->fields_opened == 1;
  tally->two_fields += report->fields_opened == 2;
  tally->strikes += report->strike;
  tally->passes += report->pass;
  tally->recaptures += report->recapture;
  tally->two_strikes += report->two_strikes;
  tally->strikes_missed += report->strike_missed;
  tally->phases_ended += report->phase_ended;
}

static bool
king_missing (const NaiveHkPosition *pos)
{
  return !memchr (pos->board, 'K', 64) || !memchr (pos->board, 'k', 64);
}

static void
play_game (GRand *rand, const char *start, Tally *tally)
{
  const SynVariant *v = variant ();
  SynState *history = g_new (SynState, MAX_STEPS + 1);
  NaiveHkPosition *naive_history = g_new (NaiveHkPosition, MAX_STEPS + 1);
  int n_history = 0;
  SynState state;
  NaiveHkPosition naive;
  char message[160];
  char last[2][NAIVE_HK_TEXT_SIZE] = { "", "" };

  rule_set_test_load (v, &state, start);
  if (!naive_hk_from_fen (start, &naive, message, sizeof message))
    g_error ("naive refuses %s: %s", start, message);
  tally->games++;

  for (int step = 0;; step++)
    {
      static char texts[2][NAIVE_HK_MAX_CHOICES][NAIVE_HK_TEXT_SIZE];
      char naive_fen[SYN_FEN_MAX_SIZE];
      const char *chosen[2];
      SynState next;
      NaiveHkPosition naive_next;
      NaiveHkStepReport report;
      SynReason reason = compare_state (&state, &naive, tally);
      int seen = 1;

      /* HK-R12: the game holds the history of turn starts; the engine says which repeat. */
      if (naive.n_open == 0)
        {
          for (int i = 0; i < n_history; i++)
            {
              bool same = naive_hk_same_position (&naive_history[i], &naive);
              if (v->repeats (&history[i], &state) != same)
                g_error ("repeats differs at step %d against turn start %d", step, i);
              seen += same;
              tally->repeat_pairs++;
            }
          history[n_history] = state;
          naive_history[n_history++] = naive;
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
      if (step == MAX_STEPS)
        break;

      int n_white = naive_hk_choices (&naive, SYN_WHITE, texts[0]);
      int n_black = naive_hk_choices (&naive, SYN_BLACK, texts[1]);
      if (naive.n_open == 0)
        {
          chosen[0] = pick_move (rand, &naive, texts[0], n_white, texts[1], n_black,
                                 last[0][0] ? last[0] : NULL, NULL);
          chosen[1] = pick_move (rand, &naive, texts[1], n_black, texts[0], n_white,
                                 last[1][0] ? last[1] : NULL, chosen[0]);
          g_strlcpy (last[0], chosen[0], sizeof last[0]);
          g_strlcpy (last[1], chosen[1], sizeof last[1]);
        }
      else
        {
          chosen[0] = pick_blow (rand, texts[0], n_white);
          chosen[1] = pick_blow (rand, texts[1], n_black);
        }

      v->apply (&state, engine_choice_from_text (&state, SYN_WHITE, chosen[0]),
                engine_choice_from_text (&state, SYN_BLACK, chosen[1]), &next);
      g_assert_true (naive_hk_apply (&naive, chosen[0], chosen[1], &naive_next, &report));
      count_step (&report, tally);
      tally->kings_struck += naive.n_open > 0 && king_missing (&naive_next);
      naive_hk_to_fen (&naive_next, naive_fen, sizeof naive_fen);
      rule_set_test_compare_step (v, &state, chosen[0], chosen[1], &next, naive_fen);
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
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261206);
  Tally tally = { 0 };

  for (int game = 0; game < games; game++)
    play_game (rand, starts[game % G_N_ELEMENTS (starts)], &tally);

  g_test_message ("%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " states, %" G_GUINT64_FORMAT
                  " steps, %" G_GUINT64_FORMAT " repetition pairs compared",
                  tally.games, tally.states, tally.steps, tally.repeat_pairs);
  g_test_message ("synchronous move: castling %" G_GUINT64_FORMAT ", promotion %" G_GUINT64_FORMAT
                  ", capture missed %" G_GUINT64_FORMAT ", collision %" G_GUINT64_FORMAT
                  ", king in a collision %" G_GUINT64_FORMAT ", one field %" G_GUINT64_FORMAT
                  ", two fields %" G_GUINT64_FORMAT,
                  tally.castling, tally.promotions, tally.captures_missed, tally.collisions,
                  tally.king_collisions, tally.one_field, tally.two_fields);
  g_test_message ("exchange of blows: strike %" G_GUINT64_FORMAT ", pass %" G_GUINT64_FORMAT
                  ", recapture %" G_GUINT64_FORMAT ", two strikes at once %" G_GUINT64_FORMAT
                  ", strike on a piece gone to strike %" G_GUINT64_FORMAT
                  ", phase ended %" G_GUINT64_FORMAT ", king struck in a round %" G_GUINT64_FORMAT,
                  tally.strikes, tally.passes, tally.recaptures, tally.two_strikes,
                  tally.strikes_missed, tally.phases_ended, tally.kings_struck);
  rule_set_test_report_endings (tally.endings);

  /* The comparison means little unless every rule was exercised (every ending: above). */
  g_assert_cmpuint (tally.states, >, (guint64) games * 10);
  g_assert_cmpuint (tally.castling, >, 0);
  g_assert_cmpuint (tally.promotions, >, 0);
  g_assert_cmpuint (tally.captures_missed, >, 0);
  g_assert_cmpuint (tally.collisions, >, 0);
  g_assert_cmpuint (tally.king_collisions, >, 0);
  g_assert_cmpuint (tally.one_field, >, 0);
  g_assert_cmpuint (tally.two_fields, >, 0);
  g_assert_cmpuint (tally.strikes, >, 0);
  g_assert_cmpuint (tally.passes, >, 0);
  g_assert_cmpuint (tally.recaptures, >, 0);
  g_assert_cmpuint (tally.two_strikes, >, 0);
  g_assert_cmpuint (tally.strikes_missed, >, 0);
  g_assert_cmpuint (tally.phases_ended, >, 0);
  g_assert_cmpuint (tally.kings_struck, >, 0);
}

/* HK-R14: both refuse what the ruling refuses, and accept the rest. */
static void
test_fen_agrees (void)
{
  static const char *const refused[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d4/-",
    "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/d4",
  };
  static const char *const accepted[] = {
    SYN_FEN_START,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -",
    "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-",
    "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 1 d4,e5/-",
    "4k3/8/8/8/8/8/8/8 w - - 0 2",
    /* HK-R10: both kings gone, a draw (a two-field round can strike both). */
    "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
  };
  const SynVariant *v = variant ();
  char message[160];

  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      NaiveHkPosition naive;
      g_assert_false (naive_hk_from_fen (refused[i], &naive, message, sizeof message));
      rule_set_test_assert_engine_refuses (v, refused[i], message);
    }
  for (size_t i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      NaiveHkPosition naive;
      SynState state;
      Tally tally = { 0 };
      if (!naive_hk_from_fen (accepted[i], &naive, message, sizeof message))
        g_error ("naive refuses %s: %s", accepted[i], message);
      rule_set_test_load (v, &state, accepted[i]);
      compare_state (&state, &naive, &tally);
    }
}

/* ---- the naive implementation alone on the worked examples ---- */

static NaiveHkPosition
naive_read (const char *fen)
{
  NaiveHkPosition pos;
  char message[160];
  if (!naive_hk_from_fen (fen, &pos, message, sizeof message))
    g_error ("%s: %s", fen, message);
  return pos;
}

static void
assert_step (const char *before, const char *white, const char *black, const char *after)
{
  NaiveHkPosition pos = naive_read (before), next;
  char fen[256];
  g_assert_true (naive_hk_apply (&pos, white, black, &next, NULL));
  naive_hk_to_fen (&next, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, after);
}

static void
assert_outcome (const char *fen, const char *expected_result, const char *expected_reason)
{
  NaiveHkPosition pos = naive_read (fen);
  const char *result, *reason;
  naive_hk_outcome (&pos, &result, &reason);
  g_assert_cmpstr (result, ==, expected_result);
  g_assert_cmpstr (reason, ==, expected_reason);
}

/* colour's choices joined with spaces. */
static char *
choices_text (const char *fen, int colour)
{
  NaiveHkPosition pos = naive_read (fen);
  static char choices[NAIVE_HK_MAX_CHOICES][NAIVE_HK_TEXT_SIZE];
  int n = naive_hk_choices (&pos, colour, choices);
  GString *text = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i ? " " : "", choices[i]);
  return g_string_free (text, FALSE);
}

static void
test_naive_e1_no_field (void)
{
  assert_step (SYN_FEN_START, "e2e4", "d7d5",
               "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

static void
test_naive_e2_one_field (void)
{
  const char *open = "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-";
  const char *struck = "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/d5";
  g_autofree char *white_waits = choices_text (open, NAIVE_HK_WHITE);
  g_autofree char *black_strikes = choices_text (open, NAIVE_HK_BLACK);
  g_autofree char *white_passes = choices_text (struck, NAIVE_HK_WHITE);

  assert_step ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "e4d5", "g8f6",
               open);
  g_assert_cmpstr (white_waits, ==, "");
  g_assert_cmpstr (black_strikes, ==, "0000 d8d5 f6d5");
  assert_step (open, "-", "f6d5", struck);
  assert_outcome (struck, "*", NULL);
  g_assert_cmpstr (white_passes, ==, "0000");
  assert_step (struck, "0000", "-", "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
}

static void
test_naive_e3_two_fields (void)
{
  const char *open = "4r1k1/8/8/4N3/3n4/8/8/3R2K1 w - - 1 1 e5,d4/-";
  const char *struck = "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 1 e5,d4/e5,d4";
  assert_step ("4r1k1/8/2n5/8/8/5N2/8/3R2K1 w - - 0 1", "f3e5", "c6d4", open);
  assert_step (open, "d1d4", "e8e5", struck);
  assert_step (struck, "0000", "0000", "6k1/8/8/4r3/3R4/8/8/6K1 w - - 0 2");
}

static void
test_naive_e4_chain (void)
{
  const char *open = "3r4/6k1/5n2/3N4/8/8/8/3R2K1 w - - 1 1 d5/-";
  const char *first = "3r4/6k1/8/3n4/8/8/8/3R2K1 w - - 0 1 d5/d5";
  const char *second = "3r4/6k1/8/3R4/8/8/8/6K1 w - - 0 1 d5/d5";
  const char *third = "8/6k1/8/3r4/8/8/8/6K1 w - - 0 1 d5/d5";
  g_autofree char *white_done = choices_text (third, NAIVE_HK_WHITE);

  assert_step ("3r2k1/8/5n2/8/8/2N5/8/3R2K1 w - - 0 1", "c3d5", "g8g7", open);
  assert_step (open, "-", "f6d5", first);
  assert_step (first, "d1d5", "-", second);
  assert_step (second, "-", "d8d5", third);
  /* HK-R9: the knight that struck is gone; the rook that struck may not strike again. */
  g_assert_cmpstr (white_done, ==, "0000");
  assert_step (third, "0000", "-", "8/6k1/8/3r4/8/8/8/6K1 w - - 0 2");
  assert_step (second, "-", "0000", "3r4/6k1/8/3R4/8/8/8/6K1 w - - 0 2");
}

static void
test_naive_e5_king_collision (void)
{
  const char *after = "4k3/8/8/8/8/8/8/8 w - - 0 2";
  assert_step ("4k3/8/8/4p3/8/3K4/8/8 w - - 0 1", "d3e4", "e5e4", after);
  assert_outcome (after, "0-1", "king-captured");
}

static void
test_naive_e6_rule_d_mate (void)
{
  const char *fen = "4r2k/8/8/8/8/1bN4b/3P1P2/4K3 w - - 0 1";
  g_autofree char *white = choices_text (fen, NAIVE_HK_WHITE);
  g_assert_cmpstr (white, ==, "");
  assert_outcome (fen, "0-1", "checkmate");
}

static void
test_naive_strike_swap (void)
{
  /* HK-R8: each strikes the other's field; neither target is there to be removed. */
  assert_step ("4k3/8/8/4B3/3b4/8/8/4K3 w - - 0 1 e5,d4/-", "e5d4", "d4e5",
               "4k3/8/8/4b3/3B4/8/8/4K3 w - - 0 1 e5,d4/e5,d4");
}

static void
test_naive_king_struck (void)
{
  /* HK-R10 ends the game at once, but HK-R8 still keeps the struck field open and HK-R13
   * counts no turn (hk-discrepancies.md HK-D1). */
  const char *after = "4k1n1/8/5ppr/7p/2p4P/4P3/PP4PR/3q2N1 w - - 0 43 d1/c4,d1";
  assert_step ("3qk1n1/8/5ppr/7p/2p4P/4P3/PP4PR/3K2N1 w - - 0 43 c4,d1/c4,d1", "0000", "d8d1",
               after);
  assert_outcome (after, "0-1", "king-captured");
}

static void
test_naive_endings (void)
{
  assert_outcome ("7k/6Q1/8/4pN2/3P4/3n4/1q6/K7 w - - 0 1", "1/2-1/2", "both-lost");
  assert_outcome ("k7/8/1Q6/8/8/8/8/4K3 w - - 0 1", "1/2-1/2", "stalemate");
  assert_outcome ("4k3/8/8/8/8/8/8/R3K2R w KQ - 50 60", "1/2-1/2", "fifty-turns");
  assert_outcome ("4k3/8/8/8/8/8/8/R3K2R w KQ - 49 60", "*", NULL);
  assert_outcome ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1", "1/2-1/2",
                  "king-captured");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hk/naive/e1-no-field", test_naive_e1_no_field);
  g_test_add_func ("/hk/naive/e2-one-field", test_naive_e2_one_field);
  g_test_add_func ("/hk/naive/e3-two-fields", test_naive_e3_two_fields);
  g_test_add_func ("/hk/naive/e4-chain", test_naive_e4_chain);
  g_test_add_func ("/hk/naive/e5-king-collision", test_naive_e5_king_collision);
  g_test_add_func ("/hk/naive/e6-rule-d-mate", test_naive_e6_rule_d_mate);
  g_test_add_func ("/hk/naive/r8-strike-swap", test_naive_strike_swap);
  g_test_add_func ("/hk/naive/r10-king-struck", test_naive_king_struck);
  g_test_add_func ("/hk/naive/endings", test_naive_endings);
  g_test_add_func ("/hk/naive/fen-agrees", test_fen_agrees);
  g_test_add_func ("/hk/naive/random-play-agrees", test_random_play);
  return g_test_run ();
}
