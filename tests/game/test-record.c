/* test-record.c: game records (docs/record-format.md): round trips, every kind of bad input
 * refused with its line, files, and the autosave folder.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "syn-computer-player.h"
#include "syn-game-private.h"
#include "syn-record-private.h"
#include "syn-record.h"
#include "transactional.h"

/* Lines 1 to 12, then the blank line 13: turns start on line 14. */
#define TAGS_WITH(result, fen, tc)                                                                 \
  "[Event \"?\"]\n"                                                                                \
  "[Site \"?\"]\n"                                                                                 \
  "[Date \"2026.11.21\"]\n"                                                                        \
  "[White \"?\"]\n"                                                                                \
  "[Black \"?\"]\n"                                                                                \
  "[Result \"" result "\"]\n"                                                                      \
  "[Variant \"psc\"]\n"                                                                            \
  "[FEN \"" fen "\"]\n"                                                                            \
  "[TimeControl \"" tc "\"]\n"                                                                     \
  "[Fog \"false\"]\n"                                                                              \
  "[WhiteType \"human\"]\n"                                                                        \
  "[BlackType \"human\"]\n"                                                                        \
  "\n"
#define TAGS TAGS_WITH ("*", SYN_FEN_START, "-")

/* White's Qd3-h3 freezes the black king on h8 (PSC-R3, R10). */
#define FEN_KING_FREEZE_IN_ONE "R6k/1p6/8/8/8/3Q4/8/4K3 w - - 0 1"
#define FEN_KING_FROZEN "R6k/1p6/8/8/8/7Q/8/4K3 w - - 0 1"

typedef struct
{
  gint64 now_us;
} FakeTime;

static gint64
fake_time (gpointer user_data)
{
  return ((FakeTime *) user_data)->now_us;
}

static SynChoice
move (SynGame *game, SynColour side, const char *uci)
{
  SynChoice choice = syn_variant_choice_from_text (syn_game_get_variant (game),
                                                   syn_game_get_state (game), side, uci);
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  return choice;
}

static void
play (SynGame *game, const char *white, const char *black)
{
  g_assert_true (syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, white), NULL));
  g_assert_true (syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, black), NULL));
}

/* Reads text, writes the game again and checks nothing changed. */
static SynGame *
assert_round_trip (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_read (text, &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (game);
  again = syn_record_write (game);
  g_assert_cmpstr (again, ==, text);
  return g_steal_pointer (&game);
}

/* A file in the temporary data folder that main() sets up. */
static char *
data_path (const char *name)
{
  return g_build_filename (g_get_user_data_dir (), name, NULL);
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static void
test_round_trip_start (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) read = NULL;
  g_autofree char *text = NULL;

  syn_game_set_tag (game, "Date", "2026.11.21");
  play (game, "e2e4", "e7e5");
  play (game, "g1f3", "b8c6");
  text = syn_record_write (game);
  g_assert_cmpstr (text, ==,
                   TAGS "1. e2e4 e7e5\n"
                        "2. g1f3 b8c6\n"
                        "*\n");
  read = assert_round_trip (text);
  g_assert_cmpuint (syn_game_get_n_turns (read), ==, 2);
  g_assert_true (memcmp (&syn_game_get_state (read)->board, &syn_game_get_state (game)->board,
                         sizeof (SynPosition))
                 == 0);
  g_assert_false (syn_game_is_over (read));
}

/* Names with quotes and backslashes, other tags, fog, players' kinds all come back. */
static void
test_round_trip_tags (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, TRUE);
  g_autoptr (SynGame) read = NULL;
  g_autofree char *text = NULL;

  syn_game_set_player (game, SYN_WHITE, SYN_PLAYER_REMOTE, "Ann \"the\" \\ Hammer");
  syn_game_set_player (game, SYN_BLACK, SYN_PLAYER_COMPUTER, "Synchess");
  syn_game_set_tag (game, "Event", "Café «night»");
  syn_game_set_tag (game, "Annotator", "B");
  text = syn_record_write (game);
  g_assert_nonnull (strstr (text, "[White \"Ann \\\"the\\\" \\\\ Hammer\"]\n"));
  g_assert_nonnull (strstr (text, "[Fog \"true\"]\n[WhiteType \"remote\"]\n"
                                  "[BlackType \"program\"]\n[Annotator \"B\"]\n\n"));

  read = assert_round_trip (text);
  g_assert_cmpstr (syn_game_get_player_name (read, SYN_WHITE), ==, "Ann \"the\" \\ Hammer");
  g_assert_cmpint (syn_game_get_player_kind (read, SYN_WHITE), ==, SYN_PLAYER_REMOTE);
  g_assert_cmpint (syn_game_get_player_kind (read, SYN_BLACK), ==, SYN_PLAYER_COMPUTER);
  g_assert_true (syn_game_get_fog (read));
  g_assert_cmpstr (syn_game_get_tag (read, "Event"), ==, "Café «night»");
  g_assert_cmpstr (syn_game_get_tag (read, "Annotator"), ==, "B");
}

/* Clock times after each turn are written in tenths and resume the clocks when read. */
static void
test_round_trip_clocks (void)
{
  SynTimeControl tc = SYN_TIME_CONTROL_DEFAULT;
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, &tc, FALSE);
  g_autoptr (SynGame) read = NULL;
  g_autofree char *text = NULL;
  FakeTime time = { 0 };
  SynClock *clock;

  syn_clock_set_time_source (syn_game_get_clock (game), fake_time, &time);
  syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "e2e4"), NULL);
  time.now_us += 12345 * 1000;
  syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, "e7e5"), NULL);
  syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, "d7d6"), NULL);
  time.now_us += 100 * 1000;
  syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "d2d4"), NULL);
  text = syn_record_write (game);
  g_assert_nonnull (strstr (text, "[TimeControl \"180+2\"]\n"));
  g_assert_nonnull (strstr (text, "\n1. e2e4 e7e5 {w 182.0 b 169.6}\n"
                                  "2. d2d4 d7d6 {w 183.9 b 171.6}\n*\n"));

  read = assert_round_trip (text);
  clock = syn_game_get_clock (read);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_WHITE), ==, 183900);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 171600);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
}

/* Every way a game ends is written and read back. */
static void
test_round_trip_endings (void)
{
  const char *const texts[] = {
    TAGS_WITH ("1-0", FEN_KING_FREEZE_IN_ONE, "-") "1. d3h3 b7b6\n1-0 {king-frozen}\n",
    TAGS_WITH ("1-0", FEN_KING_FROZEN, "-") "1-0 {king-frozen}\n",
    TAGS_WITH ("0-1", SYN_FEN_START, "60+0") "1. e2e4 e7e5 {w 60.0 b 58.5}\n0-1 {time}\n",
    TAGS_WITH ("1-0", SYN_FEN_START, "-") "1. e2e4 e7e5\n1-0 {resignation}\n",
    TAGS_WITH ("1/2-1/2", SYN_FEN_START, "-") "1/2-1/2 {agreement}\n",
  };
  const SynEnd ends[] = {
    SYN_END_RULES, SYN_END_RULES, SYN_END_TIME, SYN_END_RESIGNATION, SYN_END_AGREEMENT,
  };

  for (gsize i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (SynGame) game = assert_round_trip (texts[i]);
      g_assert_true (syn_game_is_over (game));
      g_assert_cmpint (syn_game_get_end (game), ==, ends[i]);
    }
}

/* Without a reason, a decisive result that the rules did not give is a resignation and a
 * draw is an agreement. */
static void
test_result_without_reason (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) won = syn_record_read (TAGS_WITH ("0-1", SYN_FEN_START, "-") "0-1\n", &error);
  g_autoptr (SynGame) drawn
      = syn_record_read (TAGS_WITH ("1/2-1/2", SYN_FEN_START, "-") "1/2-1/2\n", &error);
  g_autoptr (SynGame) frozen
      = syn_record_read (TAGS_WITH ("1-0", FEN_KING_FROZEN, "-") "1-0\n", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (syn_game_get_reason (won), ==, "resignation");
  g_assert_cmpint (syn_game_get_result (won), ==, SYN_RESULT_BLACK_WINS);
  g_assert_cmpstr (syn_game_get_reason (drawn), ==, "agreement");
  g_assert_cmpstr (syn_game_get_reason (frozen), ==, "king-frozen");
}

/* Readers are lenient about blanks, CR LF and missing tags; writers are not. */
static void
test_lenient_reading (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game
      = syn_record_read ("[White \"A\"]\r\n\r\n\r\n  1.  e2e4\te7e5  \r\n\r\n*\r\n\r\n", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  g_assert_cmpstr (syn_game_get_player_name (game, SYN_WHITE), ==, "A");
  g_assert_null (syn_game_get_player_name (game, SYN_BLACK));
  g_assert_cmpstr (syn_game_get_tag (game, "Date"), ==, "????.??.??");
}

static void
computer_game (SynGame *game, FakeTime *time, guint32 seed)
{
  for (guint turn = 0; turn < 3000 && !syn_game_is_over (game); turn++)
    for (int side = SYN_WHITE; side <= SYN_BLACK && !syn_game_is_over (game); side++)
      {
        SynChoice choice = syn_computer_player_choose (&syn_variant_psc, syn_game_get_state (game),
                                                       (SynColour) side, seed + turn * 2 + side);
        time->now_us += 1234567;
        g_assert_true (syn_game_choose (game, (SynColour) side, choice, NULL));
      }
}

/* A game played to its end by two computer players saves and reloads identically. */
static void
test_computer_game_saves_and_reloads (void)
{
  for (guint32 seed = 1; seed <= 3; seed++)
    {
      SynTimeControl tc = SYN_TIME_CONTROL_DEFAULT;
      g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, &tc, FALSE);
      g_autoptr (SynGame) loaded = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *path = data_path ("game.synchess");
      g_autoptr (GFile) file = g_file_new_for_path (path);
      g_autofree char *text = NULL, *again = NULL;
      FakeTime time = { 0 };

      syn_game_set_player (game, SYN_WHITE, SYN_PLAYER_COMPUTER, "Left");
      syn_game_set_player (game, SYN_BLACK, SYN_PLAYER_COMPUTER, "Right");
      syn_clock_set_time_source (syn_game_get_clock (game), fake_time, &time);
      computer_game (game, &time, seed * 7919);
      g_assert_true (syn_game_is_over (game));
      g_test_message ("seed %u: %s %s after %u turns", seed,
                      syn_result_to_text (syn_game_get_result (game)), syn_game_get_reason (game),
                      syn_game_get_n_turns (game));

      g_assert_true (syn_record_save (game, file, &error));
      g_assert_no_error (error);
      loaded = syn_record_load (file, &error);
      g_assert_no_error (error);
      text = syn_record_write (game);
      again = syn_record_write (loaded);
      g_assert_cmpstr (again, ==, text);
      g_assert_cmpint (syn_game_get_result (loaded), ==, syn_game_get_result (game));
      g_assert_cmpstr (syn_game_get_reason (loaded), ==, syn_game_get_reason (game));
      g_assert_true (memcmp (&syn_game_get_state (loaded)->board, &syn_game_get_state (game)->board,
                             sizeof (SynPosition))
                     == 0);
    }
}

typedef struct
{
  const char *name;
  const char *text;
  SynRecordError code;
  guint line;
  const char *says;
} Bad;

static const Bad bad_records[] = {
  { "empty", "", SYN_RECORD_ERROR_SYNTAX, 1, "the result is missing" },
  { "missing-result", TAGS "1. e2e4 e7e5\n", SYN_RECORD_ERROR_SYNTAX, 14, "the result is missing" },
  { "text-after-result", TAGS "1. e2e4 e7e5\n*\n\nhello\n", SYN_RECORD_ERROR_SYNTAX, 17,
    "text after the result" },
  { "tag-syntax", "[Event ?]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1, "[Name \"value\"]" },
  { "tag-bad-escape", "[Event \"a\\n\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1, "backslash" },
  { "tag-unclosed", "[Event \"abc\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1, "closing quote" },
  { "tag-trailing-text", "[Event \"abc\"] x\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1, "end the line" },
  { "tag-c1-control", "[Event \"a\xc2\x85z\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1,
    "control character" },
  { "tag-twice", "[Event \"a\"]\n[Site \"b\"]\n[Event \"c\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 3,
    "Event appears twice" },
  { "tag-after-turns", TAGS "1. e2e4 e7e5\n[Event \"late\"]\n*\n", SYN_RECORD_ERROR_SYNTAX, 15,
    "tags must come before" },
  { "variant-unknown", "[Variant \"xiangqi\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1,
    "unknown variant \"xiangqi\"" },
  { "fen-invalid", TAGS_WITH ("*", "8/8/8/8/8/8/8/8 w - - 0 1", "-") "*\n", SYN_RECORD_ERROR_SYNTAX,
    8, "FEN" },
  { "time-control-invalid", TAGS_WITH ("*", SYN_FEN_START, "fast") "*\n", SYN_RECORD_ERROR_SYNTAX,
    9, "\"fast\" is not a time control" },
  { "fog-invalid", "[Fog \"maybe\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 1, "Fog must be" },
  { "result-tag-invalid", TAGS_WITH ("2-0", SYN_FEN_START, "-") "*\n", SYN_RECORD_ERROR_SYNTAX, 6,
    "\"2-0\" is not a result" },
  { "player-type-invalid", "[Event \"?\"]\n[BlackType \"robot\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX,
    2, "BlackType must be" },
  { "not-a-turn", TAGS "hello\n*\n", SYN_RECORD_ERROR_SYNTAX, 14, "expected a turn" },
  { "clock-gains-more-than-increment",
    TAGS_WITH ("*", SYN_FEN_START, "180+2") "1. e2e4 e7e5 {w 181.5 b 182.0}\n"
                                            "2. g1f3 b8c6 {w 183.5 b 184.1}\n*\n",
    SYN_RECORD_ERROR_ILLEGAL, 15, "Black's clock gains more than the increment" },
  { "turn-number-wrong", TAGS "1. e2e4 e7e5\n3. g1f3 b8c6\n*\n", SYN_RECORD_ERROR_SYNTAX, 15,
    "numbered 3 where 2 was expected" },
  { "turn-number-zero", TAGS "0. e2e4 e7e5\n*\n", SYN_RECORD_ERROR_SYNTAX, 14,
    "numbered 0 where 1" },
  { "turn-number-huge", TAGS "99999999999999999999. e2e4 e7e5\n*\n", SYN_RECORD_ERROR_SYNTAX, 14,
    "where 1 was expected" },
  { "turn-one-move", TAGS "1. e2e4\n*\n", SYN_RECORD_ERROR_SYNTAX, 14,
    "White's move and Black's move" },
  { "turn-three-moves", TAGS "1. e2e4 e7e5 d2d4\n*\n", SYN_RECORD_ERROR_SYNTAX, 14,
    "White's move and Black's move" },
  { "move-malformed", TAGS "1. e2 e7e5\n*\n", SYN_RECORD_ERROR_SYNTAX, 14, "\"e2\" is not a move" },
  { "illegal-for-white", TAGS "1. e2e5 e7e5\n*\n", SYN_RECORD_ERROR_ILLEGAL, 14,
    "e2e5 is not a legal move for White in turn 1" },
  { "illegal-for-black", TAGS "1. e2e4 e7e5\n2. g1f3 e8e6\n*\n", SYN_RECORD_ERROR_ILLEGAL, 15,
    "e8e6 is not a legal move for Black in turn 2" },
  { "pass-when-must-move", TAGS "1. - e7e5\n*\n", SYN_RECORD_ERROR_ILLEGAL, 14,
    "White must move in turn 1" },
  { "turn-after-end",
    TAGS_WITH ("1-0", FEN_KING_FREEZE_IN_ONE, "-") "1. d3h3 b7b6\n2. h3h4 h8g7\n1-0\n",
    SYN_RECORD_ERROR_ILLEGAL, 15, "after the end of the game" },
  { "clock-without-clock", TAGS "1. e2e4 e7e5 {w 1.0 b 1.0}\n*\n", SYN_RECORD_ERROR_SYNTAX, 14,
    "without a clock" },
  { "clock-malformed", TAGS_WITH ("*", SYN_FEN_START, "180+2") "1. e2e4 e7e5 {w abc b 1}\n*\n",
    SYN_RECORD_ERROR_SYNTAX, 14, "{w 171.2 b 176.0}" },
  { "clock-too-precise", TAGS_WITH ("*", SYN_FEN_START, "180+2") "1. e2e4 e7e5 {w 1.0001 b 1}\n*\n",
    SYN_RECORD_ERROR_SYNTAX, 14, "{w 171.2 b 176.0}" },
  { "comment-not-last", TAGS "1. e2e4 {x} e7e5\n*\n", SYN_RECORD_ERROR_SYNTAX, 14,
    "must end the line" },
  { "result-mismatches-tag", TAGS "1. e2e4 e7e5\n1-0\n", SYN_RECORD_ERROR_SYNTAX, 15,
    "does not match the Result tag" },
  { "result-contradicts-position", TAGS_WITH ("*", FEN_KING_FROZEN, "-") "*\n",
    SYN_RECORD_ERROR_ILLEGAL, 14, "the game ended 1-0 {king-frozen}" },
  { "rules-reason-without-rules", TAGS_WITH ("1-0", SYN_FEN_START, "-") "1-0 {checkmate}\n",
    SYN_RECORD_ERROR_ILLEGAL, 14, "does not fit the final position" },
  { "draw-by-time", TAGS_WITH ("1/2-1/2", SYN_FEN_START, "-") "1/2-1/2 {time}\n",
    SYN_RECORD_ERROR_ILLEGAL, 14, "does not fit" },
  { "reason-unknown", TAGS_WITH ("1-0", SYN_FEN_START, "-") "1-0 {bored}\n",
    SYN_RECORD_ERROR_SYNTAX, 14, "unknown reason \"bored\"" },
  { "reason-for-unfinished", TAGS "* {time}\n", SYN_RECORD_ERROR_SYNTAX, 14, "has no reason" },
  { "words-after-result", TAGS "* 1-0\n", SYN_RECORD_ERROR_SYNTAX, 14, "followed by a reason" },
  { "tags-only-bad-value", "[Fog \"x\"]\n", SYN_RECORD_ERROR_SYNTAX, 1, "Fog must be" },
  { "not-utf8", "[Event \"?\"]\n[Site \"\xff\"]\n\n*\n", SYN_RECORD_ERROR_SYNTAX, 2,
    "not valid UTF-8" },
};

static void
assert_refused (const GError *error, SynRecordError code, guint line, const char *says)
{
  g_autofree char *prefix = g_strdup_printf ("line %u: ", line);

  g_assert_error (error, SYN_RECORD_ERROR, (int) code);
  if (!g_str_has_prefix (error->message, prefix) || !strstr (error->message, says))
    g_error ("expected \"%s...%s\", got \"%s\"", prefix, says, error->message);
}

static void
test_bad_record (gconstpointer data)
{
  const Bad *bad = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_read (bad->text, &error);

  g_assert_null (game);
  assert_refused (error, bad->code, bad->line, bad->says);
}

/* Tags besides the twelve are bounded, so that reading a hostile record stays fast; up to
 * the bound they are read and written back readable, even without the twelve. */
static void
test_many_tags (void)
{
  const guint counts[] = { SYN_RECORD_MAX_OTHER_TAGS, SYN_RECORD_MAX_OTHER_TAGS + 1, 40000 };

  for (gsize i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      g_autoptr (SynGame) game = NULL;
      g_autoptr (SynGame) again = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *written = NULL;

      for (guint n = 0; n < counts[i]; n++)
        g_string_append_printf (text, "[Note%u \"%u\"]\n", n, n);
      g_string_append (text, "\n*\n");
      game = syn_record_read (text->str, &error);
      if (counts[i] > SYN_RECORD_MAX_OTHER_TAGS)
        {
          g_assert_null (game);
          assert_refused (error, SYN_RECORD_ERROR_SYNTAX, SYN_RECORD_MAX_OTHER_TAGS + 1,
                          "at most 256 tags");
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpstr (syn_game_get_tag (game, "Note255"), ==, "255");
      written = syn_record_write (game);
      again = syn_record_read (written, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (syn_game_get_tag (again, "Note0"), ==, "0");
    }
}

/* Tag values are bounded so that the largest record that reads is still within the size
 * limit once written again: every tag at its longest, all quotes (escaped, so twice as long). */
static void
test_longest_tag_values (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GString) quotes = g_string_new (NULL);
  g_autoptr (SynGame) game = NULL;
  g_autoptr (SynGame) again = NULL;
  g_autoptr (SynGame) cut = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GString) euros = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *too_long = NULL;
  g_autofree char *xs = g_strnfill (SYN_RECORD_MAX_TAG_VALUE + 1, 'x');
  const char *value;

  for (guint i = 0; i < SYN_RECORD_MAX_TAG_VALUE; i++)
    g_string_append (quotes, "\\\"");
  for (guint n = 0; n < SYN_RECORD_MAX_OTHER_TAGS; n++)
    g_string_append_printf (text, "[Note%u \"%s\"]\n", n, quotes->str);
  g_string_append (text, "\n*\n");
  game = syn_record_read (text->str, &error);
  g_assert_no_error (error);
  written = syn_record_write (game);
  g_assert_cmpuint (strlen (written), <=, SYN_RECORD_MAX_SIZE);
  again = syn_record_read (written, &error);
  g_assert_no_error (error);

  /* One byte more is refused on reading, and cut at a character's start on writing. */
  too_long = g_strdup_printf ("[Event \"%s\"]\n\n*\n", xs);
  g_clear_object (&game);
  game = syn_record_read (too_long, &error);
  g_assert_null (game);
  assert_refused (error, SYN_RECORD_ERROR_SYNTAX, 1, "longer than 1024 bytes");
  g_clear_error (&error);
  for (guint i = 0; i < 1000; i++)
    g_string_append (euros, "\xe2\x82\xac");
  syn_game_set_tag (cut, "Annotator", euros->str);
  g_clear_pointer (&written, g_free);
  written = syn_record_write (cut);
  g_clear_object (&again);
  again = syn_record_read (written, &error);
  g_assert_no_error (error);
  value = syn_game_get_tag (again, "Annotator");
  g_assert_cmpuint (strlen (value), ==, SYN_RECORD_MAX_TAG_VALUE / 3 * 3);
  g_assert_true (g_utf8_validate (value, -1, NULL));
}

/* A byte-order mark that an editor put first is no reason to refuse a record. */
static void
test_byte_order_mark (void)
{
  g_autofree char *text = g_strconcat ("\xef\xbb\xbf", TAGS "1. e2e4 e7e5\n*\n", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_read (text, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
}

/* The writer turns every control character into a space, C1 ones included, so what it writes
 * reads back. */
static void
test_control_characters_written_as_spaces (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  syn_game_set_tag (game, "Annotator", "a\tb\xc2\x85" "c\xc2\xa0" "d");
  text = syn_record_write (game);
  again = syn_record_read (text, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (syn_game_get_tag (again, "Annotator"), ==, "a b c\xc2\xa0" "d");
}

static void
test_too_large (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = g_string_new (TAGS);
  g_autoptr (SynGame) game = NULL;

  while (text->len <= 1024 * 1024)
    g_string_append (text, "                                                             \n");
  g_string_append (text, "*\n");
  game = syn_record_read (text->str, &error);
  g_assert_null (game);
  g_assert_error (error, SYN_RECORD_ERROR, SYN_RECORD_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line "));
  g_assert_nonnull (strstr (error->message, "larger than 1 MB"));
}

/* Files: a NUL byte or a file over 1 MB is refused without reading all of it. */
static void
test_load_refuses_bad_files (void)
{
  g_autofree char *path = data_path ("bad.synchess");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) missing = g_file_new_for_path ("/nonexistent/game.synchess");
  static const char with_nul[] = "[Event \"?\"]\n\n1. e2e4\0 e7e5\n*\n";
  g_autofree char *big = g_malloc0 (3 * 1024 * 1024);
  GError *error = NULL;

  g_assert_true (g_file_set_contents (path, with_nul, sizeof with_nul - 1, NULL));
  g_assert_null (syn_record_load (file, &error));
  assert_refused (error, SYN_RECORD_ERROR_SYNTAX, 3, "NUL byte");
  g_clear_error (&error);

  memset (big, '\n', 3 * 1024 * 1024);
  g_assert_true (g_file_set_contents (path, big, 3 * 1024 * 1024, NULL));
  g_assert_null (syn_record_load (file, &error));
  assert_refused (error, SYN_RECORD_ERROR_SYNTAX, 1024 * 1024 + 1, "larger than 1 MB");
  g_clear_error (&error);

  g_assert_null (syn_record_load (missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
}

static void
set_modified (GFile *dir, SynGame *game, guint64 seconds)
{
  g_autofree char *name = g_strconcat (syn_game_get_id (game), ".synchess", NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);
  g_autoptr (GError) error = NULL;

  g_file_set_attribute_uint64 (file, G_FILE_ATTRIBUTE_TIME_MODIFIED, seconds,
                               G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);
}

/* Autosaved games go to $XDG_DATA_HOME/synchess/games; the newest unfinished one comes back
 * with its id, so that saving it again replaces its file. */
static void
test_autosave_and_find_unfinished (void)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *expected_dir
      = g_build_filename (g_get_user_data_dir (), "synchess", "games", NULL);
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autoptr (SynGame) older = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) finished = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) newer = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) found = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *text = NULL, *found_text = NULL;

  g_assert_cmpstr (dir_path, ==, expected_dir);
  /* Nothing saved yet, not even the folder. */
  g_assert_null (syn_record_find_unfinished (&error));
  g_assert_no_error (error);

  play (older, "e2e4", "e7e5");
  play (newer, "d2d4", "d7d5");
  syn_game_resign (finished, SYN_WHITE);
  g_assert_true (syn_record_autosave (older, &error));
  g_assert_true (syn_record_autosave (finished, &error));
  g_assert_true (syn_record_autosave (newer, &error));
  g_assert_no_error (error);
  set_modified (dir, older, 1000000000);
  set_modified (dir, newer, 1000000100);
  set_modified (dir, finished, 1000000200);
  /* A damaged file, newest of all, does not hide the others. */
  broken = g_build_filename (dir_path, "broken.synchess", NULL);
  g_assert_true (g_file_set_contents (broken, "[Event \"?\"]\n\n1. e2e5 e7e5\n*\n", -1, NULL));

  found = syn_record_find_unfinished (&error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpstr (syn_game_get_id (found), ==, syn_game_get_id (newer));
  text = syn_record_write (newer);
  found_text = syn_record_write (found);
  g_assert_cmpstr (found_text, ==, text);

  /* The resumed game finishes and is saved under its own name: the older one is next. */
  syn_game_resign (found, SYN_BLACK);
  g_assert_true (syn_record_autosave (found, &error));
  g_clear_object (&found);
  found = syn_record_find_unfinished (&error);
  g_assert_no_error (error);
  g_assert_nonnull (found);
  g_assert_cmpstr (syn_game_get_id (found), ==, syn_game_get_id (older));

  syn_game_agree_draw (found);
  g_assert_true (syn_record_autosave (found, &error));
  g_clear_object (&found);
  g_assert_null (syn_record_find_unfinished (&error));
  g_assert_no_error (error);
}

/* The index of network games lists, by pair, the unfinished network games saved; one taken
 * off stays off; a missing or damaged index is rebuilt from the records' tags, without
 * opening a FIFO named like a record. */
static void
test_net_index (void)
{
  const char *pair = "00000000000000000000000000000000000000000000000000000000000000aa";
  const char *other = "00000000000000000000000000000000000000000000000000000000000000bb";
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *index = g_build_filename (dir_path, SYN_RECORD_NET_INDEX, NULL);
  g_autofree char *fifo = g_build_filename (dir_path, "a-fifo.synchess", NULL);
  g_autoptr (SynGame) open_game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) finished = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) local = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) ids = NULL;

  syn_game_set_tag (open_game, "NetPair", pair);
  syn_game_set_tag (finished, "NetPair", pair);
  syn_game_resign (finished, SYN_WHITE);
  play (open_game, "e2e4", "e7e5");
  play (local, "e2e4", "e7e5");
  g_assert_true (syn_record_autosave (open_game, &error));
  g_assert_true (syn_record_autosave (finished, &error));
  g_assert_true (syn_record_autosave (local, &error));
  g_assert_no_error (error);

  ids = syn_record_index_lookup (pair, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (ids), ==, 1);
  g_assert_cmpstr (ids[0], ==, syn_game_get_id (open_game));
  g_clear_pointer (&ids, g_strfreev);
  ids = syn_record_index_lookup (other, &error);
  g_assert_cmpuint (g_strv_length (ids), ==, 0);
  g_clear_pointer (&ids, g_strfreev);

  /* Missing, then damaged: made again from the records, the FIFO left unopened. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (g_unlink (index), ==, 0);
  ids = syn_record_index_lookup (pair, &error);
  g_assert_cmpuint (g_strv_length (ids), ==, 1);
  g_assert_cmpstr (ids[0], ==, syn_game_get_id (open_game));
  g_clear_pointer (&ids, g_strfreev);
  g_assert_true (g_file_set_contents (index, "[Index\nnot a key file", -1, NULL));
  ids = syn_record_index_lookup (pair, &error);
  g_assert_cmpuint (g_strv_length (ids), ==, 1);
  g_clear_pointer (&ids, g_strfreev);

  /* Taken off, and not listed again by another save of the game once it is over. */
  g_assert_true (syn_record_index_remove (pair, syn_game_get_id (open_game), &error));
  g_assert_no_error (error);
  syn_game_resign (open_game, SYN_BLACK);
  g_assert_true (syn_record_autosave (open_game, &error));
  ids = syn_record_index_lookup (pair, &error);
  g_assert_cmpuint (g_strv_length (ids), ==, 0);
  g_clear_pointer (&ids, g_strfreev);
  g_unlink (fifo);
  /* Later tests find no game of this one. */
  {
    SynGame *games[] = { open_game, finished, local };
    for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
      {
        g_autofree char *name = g_strconcat (syn_game_get_id (games[i]), ".synchess", NULL);
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_unlink (path);
      }
  }
}

/* A record loaded from elsewhere gets an id of its own. */
static void
test_load_elsewhere_gets_new_id (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) loaded = NULL;
  g_autofree char *path = data_path ("elsewhere.synchess");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_record_save (game, file, &error));
  loaded = syn_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (syn_game_get_id (loaded), !=, "elsewhere");
}

/* A disk that fills up while a record is written (the file-size limit stands in for it) leaves
 * no record at all where there was none, and the old one where there was: never part of one,
 * the first save included. */
static void
test_save_on_full_disk_is_atomic (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) longer = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autofree char *path = data_path ("full-disk.synchess");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  struct rlimit old_limit, limit;
  void (*old_handler) (int);
  gsize length;

  syn_game_set_tag (longer, "Event", "A long name for an event that does not fit in the room left");
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  limit = old_limit;
  limit.rlim_cur = 64;
  /* Writing past the limit then fails with EFBIG instead of killing the process. */
  old_handler = signal (SIGXFSZ, SIG_IGN);

  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (syn_record_save (game, file, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  g_assert_true (syn_record_save (game, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, &length, NULL));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (syn_record_save (longer, file, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &old_limit), ==, 0);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &after, &length, NULL));
  g_assert_cmpstr (after, ==, before);

  signal (SIGXFSZ, old_handler);
  g_assert_cmpint (g_remove (path), ==, 0);
}

/* Loads on a thread, so that a load that hangs fails the test instead of stopping it. */
typedef struct
{
  char *path;
  gboolean find_unfinished;
  gboolean done;
  GError *error;
} FifoLoad;

static gpointer
fifo_load_thread (gpointer data)
{
  FifoLoad *load = data;
  g_autoptr (GFile) file = g_file_new_for_path (load->path);
  g_autoptr (SynGame) game = NULL;

  if (load->find_unfinished)
    game = syn_record_find_unfinished (&load->error);
  else
    game = syn_record_load (file, &load->error);
  g_assert_null (game);
  g_atomic_int_set (&load->done, TRUE);
  return NULL;
}

/* A FIFO named like a record, in the autosave folder or opened by name, is refused at once:
 * nothing waits for a writer that never comes. */
static void
test_fifo_is_not_a_record (void)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *path = g_build_filename (dir_path, "fifo.synchess", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir_path, 0700), ==, 0);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  for (int find_unfinished = 0; find_unfinished <= 1; find_unfinished++)
    {
      FifoLoad load = { path, find_unfinished, FALSE, NULL };
      GThread *thread = g_thread_new ("fifo-load", fifo_load_thread, &load);
      gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

      while (!g_atomic_int_get (&load.done))
        {
          if (g_get_monotonic_time () > deadline)
            g_error ("reading %s hangs (%s)", path,
                     find_unfinished ? "looking for an unfinished game" : "loading it");
          g_usleep (1000);
        }
      g_thread_join (thread);
      if (find_unfinished)
        g_assert_no_error (load.error);
      else
        g_assert_error (load.error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
      g_clear_error (&load.error);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
}

/* An autosave folder that cannot be written (a file stands where it should be, which stops
 * root too) loses nothing: the game goes to the fallback folder, the error says where, the
 * next start finds it there, and once the folder is back the copy there goes. */
static void
test_autosave_falls_back (void)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *moved = g_strconcat (dir_path, ".moved", NULL);
  g_autoptr (GFile) fallback = syn_record_fallback_dir ();
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) found = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GFile) copy = NULL;
  gboolean had_dir = g_file_test (dir_path, G_FILE_TEST_IS_DIR);

  g_assert_true (syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "e2e4"), NULL));
  g_assert_true (syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, "e7e5"), NULL));
  if (had_dir)
    g_assert_cmpint (g_rename (dir_path, moved), ==, 0);
  g_assert_true (g_file_set_contents (dir_path, "not a folder\n", -1, NULL));

  g_assert_false (syn_record_autosave (game, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "unsaved-games"));
  name = g_strconcat (syn_game_get_id (game), ".synchess", NULL);
  copy = g_file_get_child (fallback, name);
  g_assert_true (g_file_query_exists (copy, NULL));
  found = syn_record_find_unfinished (NULL);
  g_assert_nonnull (found);
  g_assert_cmpstr (syn_game_get_id (found), ==, syn_game_get_id (game));
  g_assert_cmpuint (syn_game_get_n_turns (found), ==, 1);

  g_assert_cmpint (g_remove (dir_path), ==, 0);
  if (had_dir)
    g_assert_cmpint (g_rename (moved, dir_path), ==, 0);
  g_clear_error (&error);
  g_assert_true (syn_record_autosave (game, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_query_exists (copy, NULL));
  g_assert_true (syn_record_set_aside (game, &error));
}

/* Transactional Chess between two programs (TX-R15) --------------------------------------- */

/* A player's game (TX-R14's player FEN): side's transaction known, the other's hidden. */
static SynGame *
player_game (const char *referee_fen, SynColour side)
{
  SynState referee, player;
  SynFenError error;

  g_assert_true (syn_variant_transactional.read_state (referee_fen, &referee, &error));
  syn_tx_player_state (&referee, side, &player);
  return syn_game_new (&syn_variant_transactional, &player, NULL, FALSE);
}

/* The hidden side to move's turn, followed from its public part as the network's "sealed"
 * gives it. */
static void
play_sealed (SynGame *game, const char *public_text)
{
  const SynState *state = syn_game_get_state (game);
  SynColour side = (SynColour) state->board.side_to_move;
  SynTxPublicStep step;
  SynState after;
  char why[160];

  g_assert_true (syn_tx_public_step_from_text (public_text, side, &step, why, sizeof why));
  g_assert_true (syn_tx_apply_public_step (state, &step, &after, why, sizeof why));
  g_assert_true (syn_game_play_sealed_step (
      game, side, SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0), &after, NULL));
}

static void
play_own (SynGame *game, const char *choice)
{
  SynColour side = (SynColour) syn_game_get_state (game)->board.side_to_move;

  g_assert_true (syn_game_choose (game, side, move (game, side, choice), NULL));
}

static char *
fen_of (SynGame *game)
{
  char fen[SYN_FEN_MAX_SIZE];

  syn_variant_transactional.write_state (syn_game_get_state (game), fen, sizeof fen);
  return g_strdup (fen);
}

/* Reads a player's record back, writes it again unchanged, and checks the state it reaches. */
static SynGame *
assert_player_round_trip (SynGame *game)
{
  g_autofree char *text = syn_record_write (game);
  g_autoptr (SynGame) read = assert_round_trip (text);
  g_autofree char *fen = fen_of (game);
  g_autofree char *read_fen = fen_of (read);

  g_assert_cmpstr (read_fen, ==, fen);
  g_assert_cmpuint (syn_game_get_n_turns (read), ==, syn_game_get_n_turns (game));
  for (guint i = 0; i < syn_game_get_n_turns (game); i++)
    for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
      g_assert_cmphex (syn_game_get_turn (read, i)->choice[side], ==,
                       syn_game_get_turn (game, i)->choice[side]);
  return g_steal_pointer (&read);
}

/* TX-E1, E2 as White's program holds them: Black's turns sealed, its commit by its public
 * part, which the record keeps so that the game replays (TX-R8, R14, R15). */
static void
test_transactional_player_record (void)
{
  g_autoptr (SynGame) game = player_game (
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- T2:-", SYN_WHITE);
  g_autoptr (SynGame) read = NULL;
  g_autofree char *text = NULL;

  play_own (game, "g1f3");
  play_sealed (game, "-");
  play_own (game, "f3g5");
  play_sealed (game, "commit e7e5,d8h4 KQkq e6");
  play_own (game, "g5f7/commit");
  play_sealed (game, "-");
  text = syn_record_write (game);
  g_assert_nonnull (strstr (text, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 "
                                  "T1:- ?\"]\n"));
  g_assert_nonnull (strstr (text, "\n1. g1f3 -\n"
                                  "2. - ?\n"
                                  "3. f3g5 -\n"
                                  "4. - ?/commit:e7e5,d8h4:KQkq:e6\n"
                                  "5. g5f7/commit -\n"
                                  "6. - ?\n"
                                  "*\n"));
  read = assert_player_round_trip (game);
}

/* TX-R6 between programs: White's every move is refused by Black's hidden knight move, which
 * White's program learns from Black's; its record's pass replays. */
static void
test_transactional_player_record_pass (void)
{
  g_autoptr (SynGame) game = player_game ("7k/8/8/8/8/8/7r/Kn6 b - - 0 1 T1:- T2:-", SYN_WHITE);
  g_autoptr (SynGame) read = NULL;
  SynState state;

  play_sealed (game, "-");
  state = *syn_game_get_state (game);
  syn_tx_set_all_refused (&state);
  syn_game_replace_state (game, &state);
  play_own (game, "pass");
  play_sealed (game, "commit b1c3 - -");
  read = assert_player_round_trip (game);
}

/* TX-R15: a game that ended on the other program's claim (its stalemate) reads back with it. */
static void
test_transactional_player_record_claim (void)
{
  g_autoptr (SynGame) game = player_game (
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- T2:-", SYN_WHITE);
  g_autoptr (SynGame) read = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  play_own (game, "e2e4/commit");
  syn_game_end_by_rules (game, (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE });
  text = syn_record_write (game);
  read = assert_round_trip (text);
  g_assert_cmpint (syn_game_get_end (read), ==, SYN_END_RULES);
  g_assert_cmpstr (syn_game_get_reason (read), ==, "stalemate");

  /* A claim that the claimer (Black, to move) mated is not one. */
  g_clear_object (&read);
  {
    g_autoptr (GString) wrong = g_string_new (text);
    g_string_replace (wrong, "1/2-1/2", "0-1", 0);
    g_string_replace (wrong, "{stalemate}", "{checkmate}", 0);
    read = syn_record_read (wrong->str, &error);
    g_assert_error (error, SYN_RECORD_ERROR, SYN_RECORD_ERROR_ILLEGAL);
    g_assert_null (read);
  }
}

/* TX-R17: a result the audit overturned reads back as it was saved; elsewhere {audit} is not
 * an end. */
static void
test_transactional_player_record_audit (void)
{
  g_autoptr (SynGame) game = player_game (
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- T2:-", SYN_WHITE);
  g_autoptr (SynGame) read = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  play_own (game, "e2e4/commit");
  syn_game_end (game, SYN_RESULT_BLACK_WINS, SYN_END_RESIGNATION);
  syn_game_overturn (game, SYN_RESULT_WHITE_WINS);
  text = syn_record_write (game);
  g_assert_nonnull (strstr (text, "\n1-0 {audit}\n"));
  read = assert_round_trip (text);
  g_assert_cmpint (syn_game_get_end (read), ==, SYN_END_AUDIT);
  g_assert_cmpint (syn_game_get_result (read), ==, SYN_RESULT_WHITE_WINS);

  /* Not a draw, and not in a rule set without hidden information. */
  g_clear_object (&read);
  {
    g_autoptr (GString) wrong = g_string_new (text);
    g_string_replace (wrong, "1-0", "1/2-1/2", 0);
    read = syn_record_read (wrong->str, &error);
    g_assert_error (error, SYN_RECORD_ERROR, SYN_RECORD_ERROR_ILLEGAL);
    g_assert_null (read);
    g_clear_error (&error);
  }
  read = syn_record_read ("[Result \"1-0\"]\n\n1-0 {audit}\n", &error);
  g_assert_error (error, SYN_RECORD_ERROR, SYN_RECORD_ERROR_ILLEGAL);
  g_assert_null (read);
}

/* Sealed turns only where the rules say a side is hidden, and only in their written form. */
static void
test_transactional_sealed_refused (void)
{
  static const char *const bad[][2] = {
    /* White's own transaction is known: its turn cannot be sealed. */
    { "1. ? -\n*\n", "line 14: ? is a sealed turn" },
    { "1. g1f3 -\n2. - ?/commit\n*\n", "line 15: \"?/commit\" is not a sealed turn" },
    { "1. g1f3 -\n2. - ?/commit:e7e5:kq\n*\n", "line 15: \"?/commit:e7e5:kq\" is not" },
    /* Black cannot keep castling rights it does not have, nor move White's pieces. */
    { "1. g1f3 -\n2. - ?/commit:e2e4:KQkq:-\n*\n", "line 15: the sealed turn" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strconcat (
          "[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
          "[Result \"*\"]\n[Variant \"transactional\"]\n"
          "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- ?\"]\n"
          "[TimeControl \"-\"]\n[Fog \"false\"]\n[WhiteType \"human\"]\n"
          "[BlackType \"remote\"]\n\n",
          bad[i][0], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SynGame) game = syn_record_read (text, &error);

      g_assert_null (game);
      g_assert_nonnull (error);
      if (!g_str_has_prefix (error->message, bad[i][1]))
        g_error ("%s: %s", bad[i][0], error->message);
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("synchess-test-record-XXXXXX", NULL);
  g_autofree char *cache_home = NULL;
  int status;

  /* Before anything reads it: autosaves must not touch the real data folder.
   * (G_TEST_OPTION_ISOLATE_DIRS would do too, but GLib 2.74 leaks its strings, which fails
   * the sanitizer build.) */
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  cache_home = g_build_filename (data_home, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpstr (g_get_user_data_dir (), ==, data_home);

  g_test_add_func ("/game/record/round-trip/start", test_round_trip_start);
  g_test_add_func ("/game/record/transactional/r17-audit-result",
                   test_transactional_player_record_audit);
  g_test_add_func ("/game/record/round-trip/tags", test_round_trip_tags);
  g_test_add_func ("/game/record/round-trip/clocks", test_round_trip_clocks);
  g_test_add_func ("/game/record/round-trip/endings", test_round_trip_endings);
  g_test_add_func ("/game/record/result-without-reason", test_result_without_reason);
  g_test_add_func ("/game/record/lenient-reading", test_lenient_reading);
  g_test_add_func ("/game/record/computer-game-saves-and-reloads",
                   test_computer_game_saves_and_reloads);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_records); i++)
    {
      g_autofree char *path = g_strdup_printf ("/game/record/refused/%s", bad_records[i].name);
      g_test_add_data_func (path, &bad_records[i], test_bad_record);
    }
  g_test_add_func ("/game/record/refused/too-large", test_too_large);
  g_test_add_func ("/game/record/many-tags", test_many_tags);
  g_test_add_func ("/game/record/longest-tag-values", test_longest_tag_values);
  g_test_add_func ("/game/record/byte-order-mark", test_byte_order_mark);
  g_test_add_func ("/game/record/control-characters-written-as-spaces",
                   test_control_characters_written_as_spaces);
  g_test_add_func ("/game/record/load-refuses-bad-files", test_load_refuses_bad_files);
  g_test_add_func ("/game/record/autosave-and-find-unfinished", test_autosave_and_find_unfinished);
  g_test_add_func ("/game/record/load-elsewhere-gets-new-id", test_load_elsewhere_gets_new_id);
  g_test_add_func ("/game/record/save-on-full-disk-is-atomic", test_save_on_full_disk_is_atomic);
  g_test_add_func ("/game/record/fifo-is-not-a-record", test_fifo_is_not_a_record);
  g_test_add_func ("/game/record/autosave-falls-back", test_autosave_falls_back);
  g_test_add_func ("/game/record/transactional/r15-player-record",
                   test_transactional_player_record);
  g_test_add_func ("/game/record/transactional/r6-r15-pass-learned",
                   test_transactional_player_record_pass);
  g_test_add_func ("/game/record/transactional/r15-claimed-end",
                   test_transactional_player_record_claim);
  g_test_add_func ("/game/record/transactional/r15-sealed-refused",
                   test_transactional_sealed_refused);
  g_test_add_func ("/game/record/net-index", test_net_index);
  status = g_test_run ();
  remove_tree (data_home);
  return status;
}
