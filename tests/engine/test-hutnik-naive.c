/* test-hutnik-naive.c: the engine's Hutnik rule set against the naive one of naive-hutnik.c,
 * first the naive code alone on the worked examples, then both side by side on games of
 * random play: written FEN, token, choices, outcome, repetition, forfeits and the next FEN
 * must agree at every state. SYNCHESS_SLOW=1 plays ten times as many games.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "naive-hutnik.h"
#include "variant.h"

#define MAX_TURNS 150
#define ZERO_SEED "0000000000000000"
#define SEED_3 "0000000000000003"

static NaiveHutnik
naive_read (const char *fen)
{
  NaiveHutnik pos;
  char error[160];

  if (!naive_hutnik_from_fen (fen, &pos, error, sizeof error))
    g_error ("naive refuses %s: %s", fen, error);
  return pos;
}

static void
assert_naive_turn (const char *before, const char *white, const char *black, const char *after,
                   NaiveHutnikFate fate)
{
  NaiveHutnik pos = naive_read (before), next;
  char fen[256];

  g_assert_cmpint (naive_hutnik_apply (&pos, white, black, &next), ==, fate);
  naive_hutnik_to_fen (&next, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, after);
}

/* HUT-R9 test vectors. */
static void
test_naive_seed (void)
{
  g_assert_cmpint (naive_hutnik_holder_from_seed (0), ==, 1);
  g_assert_cmpint (naive_hutnik_holder_from_seed (3), ==, 0);
}

static void
test_naive_e1_no_conflict (void)
{
  assert_naive_turn ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 " SEED_3, "e2e4",
                     "e7e5",
                     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2 " SEED_3,
                     NAIVE_HUTNIK_PLAYED);
  assert_naive_turn ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 " ZERO_SEED, "e2e4",
                     "e7e5",
                     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e6 0 2 " ZERO_SEED,
                     NAIVE_HUTNIK_PLAYED);
}

static void
test_naive_e2_same_square (void)
{
  assert_naive_turn ("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 " SEED_3,
                     "c3d5", "f6d5",
                     "rnbqkb1r/pppp1ppp/5n2/3Np3/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 2 4 " SEED_3,
                     NAIVE_HUTNIK_FORFEIT_A);
}

static void
test_naive_e3_piece_captured (void)
{
  assert_naive_turn (
      "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2 " SEED_3, "e4d5", "d5e4",
      "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3 " SEED_3, NAIVE_HUTNIK_FORFEIT_D);
}

static void
test_naive_e4_target_moved (void)
{
  assert_naive_turn ("4k3/8/8/8/6b1/5N2/8/4K3 w - - 0 1 " SEED_3, "f3e5", "g4f3",
                     "4k3/8/8/4N3/8/5b2/8/4K3 w - - 1 2 " SEED_3, NAIVE_HUTNIK_PLAYED);
  /* A pawn's capture of the knight that left is forfeited (HUT-R5 B). */
  assert_naive_turn ("4k3/8/8/8/6p1/5N2/8/4K3 w - - 0 1 " SEED_3, "f3e5", "g4f3",
                     "4k3/8/8/4N3/6p1/8/8/4K3 b - - 1 2 " SEED_3, NAIVE_HUTNIK_FORFEIT_B);
}

static void
test_naive_e5_king_into_check (void)
{
  assert_naive_turn ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 " SEED_3, "a1a7", "e8d7",
                     "4k3/R7/8/8/8/8/8/4K3 b - - 1 2 " SEED_3, NAIVE_HUTNIK_FORFEIT_C);
}

/* HUT-R2: in check only king moves; HUT-R3: the king in check may be captured; HUT-R4: then
 * the second move is not played. */
static void
test_naive_check_and_king_capture (void)
{
  NaiveHutnik pos = naive_read ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1 " SEED_3);
  char choices[NAIVE_HUTNIK_MAX_MOVES][6];
  const char *result, *reason;
  int n = naive_hutnik_choices (&pos, 1, choices);

  g_assert_cmpint (n, ==, 4);
  g_assert_cmpstr (choices[0], ==, "e8d7");
  g_assert_cmpstr (choices[3], ==, "e8f8");
  n = naive_hutnik_choices (&pos, 0, choices);
  g_assert_true (bsearch ("e1e8", choices, (size_t) n, sizeof choices[0],
                          (int (*) (const void *, const void *)) strcmp)
                 != NULL);
  assert_naive_turn ("4k3/8/8/8/8/8/8/4RK2 w - - 0 1 " SEED_3, "e1e8", "e8d7",
                     "4R3/8/8/8/8/8/8/5K2 w - - 0 2 " SEED_3, NAIVE_HUTNIK_NOT_PLAYED);
  pos = naive_read ("4R3/8/8/8/8/8/8/5K2 w - - 0 2 " SEED_3);
  naive_hutnik_outcome (&pos, &result, &reason);
  g_assert_cmpstr (result, ==, "1-0");
  g_assert_cmpstr (reason, ==, "king-captured");
}

static void
assert_naive_outcome (const char *fen, const char *result, const char *reason)
{
  NaiveHutnik pos = naive_read (fen);
  const char *got_result, *got_reason;

  naive_hutnik_outcome (&pos, &got_result, &got_reason);
  g_assert_cmpstr (got_result, ==, result);
  g_assert_cmpstr (got_reason, ==, reason);
}

/* HUT-R11. */
static void
test_naive_endings (void)
{
  assert_naive_outcome ("R6k/6pp/8/8/8/8/PP6/K6r w - - 0 1 " SEED_3, "1/2-1/2", "both-lost");
  assert_naive_outcome ("R6k/6pp/8/8/8/8/PP6/K7 b - - 0 1 " SEED_3, "1-0", "checkmate");
  /* Blocking is not allowed (step 5): mate although the knight could block on g8. */
  assert_naive_outcome ("R6k/4n1pp/8/8/8/8/PP6/K7 b - - 0 1 " SEED_3, "1-0", "checkmate");
  assert_naive_outcome ("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 " SEED_3, "1/2-1/2", "stalemate");
  assert_naive_outcome ("4k3/8/8/8/8/8/8/R3K3 w Q - 50 40 " SEED_3, "1/2-1/2", "fifty-turns");
  assert_naive_outcome ("4k3/8/8/8/8/8/8/R3K3 w Q - 49 40 " SEED_3, "*", NULL);
}

/* Bad FENs of HUT-R12, which the engine and the naive code both refuse. */
static const char *const bad_fens[] = {
  "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 " SEED_3, "4k3/8/8/8/8/8/8/4K2P w - - 0 1 " SEED_3,
  "4k3/8/8/8/8/8/8/4K3 w K - 0 1 " SEED_3,  "4k3/8/8/8/8/8/8/4K3 w - e3 0 1 " SEED_3,
  "4k3/8/8/8/8/8/8/4K3 w - - 0 1 123",      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 000000000000000g",
  "4k3/8/8/8/8/8/8/4K3 x - - 0 1 " SEED_3,
};

static void
test_fen_refusals (void)
{
  const SynVariant *variant = syn_variant_lookup ("hutnik");
  SynState state;
  SynFenError error;
  NaiveHutnik pos;
  char message[160];

  for (size_t i = 0; i < G_N_ELEMENTS (bad_fens); i++)
    {
      g_assert_false (naive_hutnik_from_fen (bad_fens[i], &pos, message, sizeof message));
      if (variant->read_state (bad_fens[i], &state, &error))
        g_error ("engine accepts %s", bad_fens[i]);
    }
}

/* Starting points: the start position, every worked example, and positions made to reach
 * castling, promotion, en passant, king capture and each ending. `?` FENs get a random seed
 * in each game. */
static const char *const starts[] = {
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 " ZERO_SEED,
  "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 " SEED_3,
  "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2 " SEED_3,
  "4k3/8/8/8/6b1/5N2/8/4K3 w - - 0 1 " SEED_3,
  "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 " SEED_3,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R ? KQkq - 0 1 " ZERO_SEED,
  "r3k2r/8/8/8/8/8/8/R3K2R ? KQkq - 0 1 " ZERO_SEED,
  "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N ? - - 0 1 " ZERO_SEED,
  "4k3/8/8/3pP3/1pP5/8/8/4K3 w - c3d6 0 1 " SEED_3,
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 ? - - 0 1 " ZERO_SEED,
  /* HUT-R7: the side without the token in check, so the king can be captured. */
  "4k3/8/8/8/8/8/8/4RK2 w - - 0 1 " SEED_3,
  "4k3/4q3/8/8/8/8/8/3QK3 b - - 0 1 " SEED_3,
  "R6k/6pp/8/8/8/8/PP6/K6r w - - 0 1 " SEED_3,
  "6k1/5ppp/8/8/8/8/5PPP/R5K1 ? - - 0 1 " ZERO_SEED,
  "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 " SEED_3,
  "7k/8/5QK1/8/8/8/8/8 ? - - 0 1 " ZERO_SEED,
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 45 30 " ZERO_SEED,
  "4k3/8/8/8/8/8/8/4K3 ? - - 0 1 " ZERO_SEED,
  "4k3/8/8/8/8/8/8/3RK3 ? - - 30 1 " ZERO_SEED,
};

/* Turns that reach rare cases for sure before random play goes on. */
static const struct
{
  const char *start, *moves;
} scripts[] = {
  /* HUT-R8: the passed square of a double step may be occupied by the second move. */
  { "4k3/8/8/8/6n1/8/4P3/4K3 w - - 0 1 " SEED_3, "e2e4 g4e3" },
  { "4k3/8/8/8/6n1/8/4P3/4K3 b - - 0 1 " SEED_3, "e2e4 g4e3" },
  /* HUT-R3: both sides take en passant in one turn. */
  { "4k3/8/8/3pP3/1pP5/8/8/4K3 w - c3d6 0 1 " SEED_3, "e5d6 b4c3" },
  { "4k3/8/8/3pP3/1pP5/8/8/4K3 b - c3d6 0 1 " SEED_3, "e5d6 b4c3" },
  /* HUT-R5 with castling as the second move: rook taken (D), square attacked again on S'
   * (C), square between filled (B); both sides castling in one turn. */
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 " SEED_3, "a1a8 e8c8" },
  { "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 " SEED_3, "a1d1 e8c8" },
  { "r3k2r/8/N7/8/8/8/8/R3K2R w KQkq - 0 1 " SEED_3, "a6b8 e8c8" },
  { "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 " SEED_3, "a1d1 e8c8" },
  { "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 " SEED_3, "e1g1 e8g8" },
  /* HUT-R5 B: the en passant victim moved away. */
  { "4k3/8/8/3pP3/8/8/8/4K3 b - d6 0 1 " SEED_3, "e5d6 d5d4" },
};

enum
{
  SPECIAL_CASTLING,
  SPECIAL_EN_PASSANT,
  SPECIAL_PROMOTION,
  SPECIAL_TARGET_MOVED, /* HUT-R5 B: a non-pawn's capture became a plain move (HUT-E4) */
  SPECIAL_SEED_HOOK,
  N_SPECIALS
};

static const char *const special_names[N_SPECIALS] = {
  "castling", "en passant", "promotion", "capture of a moved target", "seed hook",
};

static const char *const fate_names[NAIVE_HUTNIK_N_FATES] = {
  "played", "not played after king capture", "forfeit A", "forfeit D", "forfeit B", "forfeit C",
};

typedef struct
{
  guint64 games, states;
  guint64 endings[SYN_REASON_LAST + 1];
  guint64 fates[NAIVE_HUTNIK_N_FATES];
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

static bool
is_capture (const NaiveHutnik *pos, const char *text)
{
  int from = square_of (text), to = square_of (text + 2);
  bool pawn_diagonal = g_ascii_toupper (pos->board[from]) == 'P' && (from - to) % 8 != 0;
  return pos->board[to] != '.' || pawn_diagonal;
}

static bool
is_special (const NaiveHutnik *pos, const char *text)
{
  int from = square_of (text), to = square_of (text + 2);
  char kind = g_ascii_toupper (pos->board[from]);
  return is_capture (pos, text) || text[4] != '\0' || (kind == 'K' && abs (to - from) == 2)
         || (kind == 'P' && abs (to - from) == 16);
}

/* The engine's choices of side as sorted texts, compared with the naive ones. */
static int
compare_choices (const SynVariant *variant, const SynState *state, const NaiveHutnik *naive,
                 int side, const char *fen, Choice *choices)
{
  SynChoice raw[SYN_MAX_CHOICES];
  char expected[NAIVE_HUTNIK_MAX_MOVES][6];
  int n = variant->choices (state, (SynColour) side, raw);
  int n_expected = naive_hutnik_choices (naive, side, expected);

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

/* Picks among the choices, now and then among the special ones (captures, castling,
 * promotion, double steps) or, for the second mover, among those that meet the first
 * move (same square, moved piece, moved target) so that every HUT-R5 case comes up. */
static const Choice *
pick (GRand *rand, const NaiveHutnik *pos, const Choice *choices, int n, const char *first)
{
  int start = g_rand_int_range (rand, 0, n);
  int roll = g_rand_int_range (rand, 0, 6);

  if (first && roll < 3)
    for (int i = 0; i < n; i++)
      {
        const char *text = choices[(start + i) % n].text;
        if (strncmp (text + 2, first + 2, 2) == 0 || strncmp (text, first + 2, 2) == 0
            || strncmp (text + 2, first, 2) == 0)
          return &choices[(start + i) % n];
      }
  if (roll < 4)
    for (int i = 0; i < n; i++)
      if (is_special (pos, choices[(start + i) % n].text))
        return &choices[(start + i) % n];
  return &choices[start];
}

/* The start FEN of a game: `?` gets a random seed. */
static void
game_start (GRand *rand, const char *start, char *fen, guint64 *seed)
{
  size_t len = strlen (start);

  g_strlcpy (fen, start, SYN_FEN_MAX_SIZE);
  *seed = 0;
  if (strstr (start, " ? ") == NULL)
    return;
  *seed = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  g_snprintf (fen + len - 16, 17, "%016" G_GINT64_MODIFIER "x", *seed);
}

static void
check_state (const SynVariant *variant, const SynState *state, const char *fen,
             const NaiveHutnik *naive)
{
  char naive_fen[SYN_FEN_MAX_SIZE], again[SYN_FEN_MAX_SIZE];
  SynState reread;
  SynFenError error;
  SynStepInfo info;
  NaiveHutnik naive_reread;
  char message[160];

  naive_hutnik_to_fen (naive, naive_fen, sizeof naive_fen);
  if (strcmp (fen, naive_fen) != 0)
    g_error ("engine writes %s, naive %s", fen, naive_fen);
  /* Both read back what they wrote. */
  if (!variant->read_state (fen, &reread, &error))
    g_error ("engine refuses its own %s: %s", fen, error.message);
  variant->write_state (&reread, again, sizeof again);
  g_assert_cmpstr (again, ==, fen);
  if (!naive_hutnik_from_fen (fen, &naive_reread, message, sizeof message))
    g_error ("naive refuses %s: %s", fen, message);
  naive_hutnik_to_fen (&naive_reread, again, sizeof again);
  g_assert_cmpstr (again, ==, fen);

  syn_variant_describe (variant, state, &info);
  g_assert_cmpint (info.kind, ==, SYN_STEP_MOVES);
  g_assert_cmpint (info.token, ==, naive->holder);
}

static void
check_events (const SynVariant *variant, const SynState *before, SynChoice white, SynChoice black,
              const SynState *after, int second, NaiveHutnikFate fate, const char *what)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n = variant->events ? variant->events (before, white, black, after, events) : 0;
  bool forfeit = false, token = false;
  bool expected = fate >= NAIVE_HUTNIK_FORFEIT_A;

  for (int i = 0; i < n; i++)
    {
      forfeit |= events[i].kind == SYN_EVENT_FORFEIT && events[i].side == second;
      token |= events[i].kind == SYN_EVENT_TOKEN && events[i].side == second;
    }
  if (forfeit != expected || token != expected)
    g_error ("%s: engine events say forfeit %d token %d, naive says %s", what, forfeit, token,
             fate_names[fate]);
}

static const Choice *
find_choice (const Choice *choices, int n, const char *text, const char *fen)
{
  for (int i = 0; i < n; i++)
    if (strcmp (choices[i].text, text) == 0)
      return &choices[i];
  g_error ("%s: %s is not a choice", fen, text);
}

/* Plays a game from start, comparing at every state; the moves come from script ("white
 * black" pairs, comma-separated) while it lasts, then from rand. */
static void
play_game (GRand *rand, const char *start, const char *script, Tally *tally)
{
  g_auto (GStrv) pairs = script ? g_strsplit (script, ",", -1) : g_new0 (char *, 1);
  int n_pairs = (int) g_strv_length (pairs);
  const SynVariant *variant = syn_variant_lookup ("hutnik");
  static SynState history[MAX_TURNS + 1];
  static NaiveHutnik naive_history[MAX_TURNS + 1];
  char fen[SYN_FEN_MAX_SIZE];
  SynState state;
  SynFenError error;
  NaiveHutnik naive;
  guint64 seed;

  game_start (rand, start, fen, &seed);
  if (!variant->read_state (fen, &state, &error))
    g_error ("engine refuses %s: %s", fen, error.message);
  naive = naive_read (fen);
  tally->games++;

  /* HUT-R9: the seed hook on the game's start draws the same holder as the FEN's `?`. */
  if (strstr (start, " ? ") != NULL)
    {
      SynState seeded;
      char seeded_fen[SYN_FEN_MAX_SIZE], text[SYN_FEN_MAX_SIZE];

      g_assert_true (variant->read_state (start, &seeded, &error));
      variant->seed (&seeded, seed);
      variant->write_state (&seeded, seeded_fen, sizeof seeded_fen);
      variant->write_state (&state, text, sizeof text);
      g_assert_cmpstr (seeded_fen, ==, text);
      tally->specials[SPECIAL_SEED_HOOK]++;
    }

  for (int turn = 0;; turn++)
    {
      Choice choices[2][SYN_MAX_CHOICES];
      const Choice *chosen[2];
      const char *result, *reason;
      SynOutcome outcome;
      SynState next;
      NaiveHutnik naive_next;
      NaiveHutnikFate fate;
      int n[2], repeats = 0, naive_repeats = 0, first = naive.holder, second = 1 - first;
      char what[2 * SYN_FEN_MAX_SIZE];

      variant->write_state (&state, fen, sizeof fen);
      check_state (variant, &state, fen, &naive);
      tally->states++;

      /* HUT-R11: repetition counts from the game's start FEN. */
      history[turn] = state;
      naive_history[turn] = naive;
      for (int i = 0; i <= turn; i++)
        {
          repeats += variant->repeats (&history[i], &state);
          naive_repeats += naive_hutnik_same_position (&naive_history[i], &naive);
        }
      if (repeats != naive_repeats)
        g_error ("%s: engine counts %d repetitions, naive %d", fen, repeats, naive_repeats);

      outcome = variant->outcome (&state);
      naive_hutnik_outcome (&naive, &result, &reason);
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
      if (repeats >= 3)
        {
          tally->endings[SYN_REASON_REPETITION]++;
          return;
        }
      if (turn == MAX_TURNS)
        return;

      for (int side = 0; side < 2; side++)
        n[side] = compare_choices (variant, &state, &naive, side, fen, choices[side]);
      g_assert_cmpuint (variant->count_joint_choices (&state), ==, (guint64) n[0] * n[1]);

      if (turn < n_pairs)
        {
          g_auto (GStrv) texts = g_strsplit (g_strstrip (pairs[turn]), " ", 2);
          for (int side = 0; side < 2; side++)
            chosen[side] = find_choice (choices[side], n[side], texts[side], fen);
        }
      else
        {
          chosen[first] = pick (rand, &naive, choices[first], n[first], NULL);
          chosen[second] = pick (rand, &naive, choices[second], n[second], chosen[first]->text);
        }
      variant->apply (&state, chosen[0]->choice, chosen[1]->choice, &next);
      fate = naive_hutnik_apply (&naive, chosen[0]->text, chosen[1]->text, &naive_next);
      tally->fates[fate]++;
      g_snprintf (what, sizeof what, "%s with %s %s", fen, chosen[0]->text, chosen[1]->text);
      check_events (variant, &state, chosen[0]->choice, chosen[1]->choice, &next, second, fate,
                    what);

      /* What the executed moves were, for the tally. */
      for (int side = 0; side < 2; side++)
        {
          const char *text = chosen[side]->text;
          int from = square_of (text), to = square_of (text + 2);
          char kind = g_ascii_toupper (naive.board[from]);
          bool executed = side == first || fate == NAIVE_HUTNIK_PLAYED;

          if (!executed)
            continue;
          if (kind == 'K' && abs (to - from) == 2)
            tally->specials[SPECIAL_CASTLING]++;
          if (kind == 'P' && (from - to) % 8 != 0 && naive.board[to] == '.')
            tally->specials[SPECIAL_EN_PASSANT]++;
          if (text[4] != '\0')
            tally->specials[SPECIAL_PROMOTION]++;
          if (side == second && kind != 'P' && naive.board[to] != '.'
              && naive_next.board[to] == naive.board[from])
            {
              const char *m1 = chosen[first]->text;
              if (square_of (m1) == to)
                tally->specials[SPECIAL_TARGET_MOVED]++;
            }
        }

      {
        char engine_next[SYN_FEN_MAX_SIZE], naive_fen[SYN_FEN_MAX_SIZE];
        variant->write_state (&next, engine_next, sizeof engine_next);
        naive_hutnik_to_fen (&naive_next, naive_fen, sizeof naive_fen);
        if (strcmp (engine_next, naive_fen) != 0)
          g_error ("%s: engine gives %s, naive %s", what, engine_next, naive_fen);
      }
      state = next;
      naive = naive_next;
    }
}

static void
test_random_play (void)
{
  gboolean slow = g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") == 0;
  int games = (int) G_N_ELEMENTS (starts) * (slow ? 400 : 40);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20260417);
  Tally tally = { 0 };
  GString *summary = g_string_new (NULL);

  for (int game = 0; game < games; game++)
    play_game (rand, starts[game % G_N_ELEMENTS (starts)], NULL, &tally);
  for (int game = 0; game < games / 20; game++)
    for (size_t i = 0; i < G_N_ELEMENTS (scripts); i++)
      play_game (rand, scripts[i].start, scripts[i].moves, &tally);

  g_string_printf (summary, "%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " states;",
                   tally.games, tally.states);
  for (int reason = 1; reason <= SYN_REASON_LAST; reason++)
    if (tally.endings[reason])
      g_string_append_printf (summary, " %s %" G_GUINT64_FORMAT ",", syn_reason_to_text (reason),
                              tally.endings[reason]);
  for (int i = 0; i < NAIVE_HUTNIK_N_FATES; i++)
    g_string_append_printf (summary, " %s %" G_GUINT64_FORMAT ",", fate_names[i], tally.fates[i]);
  for (int i = 0; i < N_SPECIALS; i++)
    g_string_append_printf (summary, " %s %" G_GUINT64_FORMAT ",", special_names[i],
                            tally.specials[i]);
  g_test_message ("%s", summary->str);
  g_string_free (summary, TRUE);

  /* The comparison means little unless every ending and rare rule was reached. */
  g_assert_cmpuint (tally.states, >, (guint64) games * 5);
  g_assert_cmpuint (tally.endings[SYN_REASON_KING_CAPTURED], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_CHECKMATE], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_BOTH_LOST], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_STALEMATE], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_REPETITION], >, 0);
  g_assert_cmpuint (tally.endings[SYN_REASON_FIFTY_TURNS], >, 0);
  for (int i = 0; i < NAIVE_HUTNIK_N_FATES; i++)
    g_assert_cmpuint (tally.fates[i], >, 0);
  for (int i = 0; i < N_SPECIALS; i++)
    g_assert_cmpuint (tally.specials[i], >, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hutnik/naive/r9-seed-vectors", test_naive_seed);
  g_test_add_func ("/hutnik/naive/e1-no-conflict", test_naive_e1_no_conflict);
  g_test_add_func ("/hutnik/naive/e2-r5a-same-square", test_naive_e2_same_square);
  g_test_add_func ("/hutnik/naive/e3-r5d-piece-captured", test_naive_e3_piece_captured);
  g_test_add_func ("/hutnik/naive/e4-r5b-target-moved", test_naive_e4_target_moved);
  g_test_add_func ("/hutnik/naive/e5-r5c-king-into-check", test_naive_e5_king_into_check);
  g_test_add_func ("/hutnik/naive/r2-r4-check-and-king-capture", test_naive_check_and_king_capture);
  g_test_add_func ("/hutnik/naive/r11-endings", test_naive_endings);
  g_test_add_func ("/hutnik/engine/r12-fen-refusals", test_fen_refusals);
  g_test_add_func ("/hutnik/naive/random-play-agrees", test_random_play);
  return g_test_run ();
}
