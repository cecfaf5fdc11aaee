/* test-review.c: the review of a saved game, turn by turn, against `synchess-cli matrix`:
 * each turn's value is the CLI's value of its position, and each side's loss is what its
 * played move scores against the other side's equilibrium strategy, short of that value,
 * worked out here from the CLI's cells and strategies. The review on a thread reports its
 * progress and stops when cancelled.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "syn-analysis.h"
#include "syn-record.h"
#include "syn-review.h"

/* Each side mixes four moves at the first turn. */
#define MIXED_FEN "4k3/8/8/3q4/8/2N5/8/R3K3 w - - 0 1"
#define N_TURNS 5

/* A game of N_TURNS turns from fen, each side playing a move picked by the turn number,
 * written as a record and read back as a saved game is. */
static SynGame *
saved_game (const char *fen)
{
  SynState start;
  g_autoptr (SynGame) game = NULL;
  g_autofree char *record = NULL;
  g_autoptr (GError) error = NULL;
  SynGame *read;

  g_assert_true (syn_analysis_parse_fen (fen, &start, NULL));
  game = syn_game_new (&syn_variant_psc, &start, NULL, FALSE);
  for (int turn = 0; turn < N_TURNS && !syn_game_is_over (game); turn++)
    for (SynColour side = SYN_WHITE; side <= SYN_BLACK; side++)
      {
        SynChoice choices[SYN_MAX_CHOICES];
        int n = syn_analysis_choices (&syn_variant_psc, syn_game_get_state (game), side, choices);

        g_assert_cmpint (n, >, 0);
        g_assert_true (syn_game_choose (game, side, choices[(turn * 7 + side * 3) % n], &error));
        g_assert_no_error (error);
      }
  record = syn_record_write (game);
  read = syn_record_read (record, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_n_turns (read), ==, syn_game_get_n_turns (game));
  return read;
}

/* A number after key in the CLI's JSON line. */
static double
json_number (const char *json, const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": ", key);
  const char *found = strstr (json, pattern);

  g_assert_nonnull (found);
  return g_ascii_strtod (found + strlen (pattern), NULL);
}

/* The moves of a list ("white": [...]) in the CLI's order. */
static char **
json_moves (const char *json, const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\": [", key);
  const char *start = strstr (json, pattern), *end;
  g_autofree char *inside = NULL;
  char **moves;

  g_assert_nonnull (start);
  start += strlen (pattern);
  end = strchr (start, ']');
  inside = g_strndup (start, end - start);
  g_strdelimit (inside, "\" ", ' ');
  moves = g_strsplit_set (g_strstrip (inside), ", ", -1);
  /* Splitting on both characters leaves empty strings between them: drop them. */
  {
    GPtrArray *kept = g_ptr_array_new ();
    for (char **m = moves; *m != NULL; m++)
      if (**m != '\0')
        g_ptr_array_add (kept, g_strdup (*m));
    g_ptr_array_add (kept, NULL);
    g_strfreev (moves);
    return (char **) g_ptr_array_free (kept, FALSE);
  }
}

/* The cells, row by row, as numbers. */
static double *
json_cells (const char *json, int n)
{
  const char *p = strstr (json, "\"cells\": [");
  double *cells = g_new (double, n);

  g_assert_nonnull (p);
  p += strlen ("\"cells\": [");
  for (int i = 0; i < n; i++)
    {
      char *end;

      while (*p == '[' || *p == ',' || *p == ' ' || *p == ']')
        p++;
      cells[i] = g_ascii_strtod (p, &end);
      g_assert_true (end != p);
      p = end;
    }
  return cells;
}

static double
strategy_of (const char *json, const char *strategy, const char *move)
{
  g_autofree char *key = g_strdup_printf ("\"%s\": {", strategy);
  g_autofree char *entry = g_strdup_printf ("\"%s\": ", move);
  const char *start = strstr (json, key);
  const char *found;

  g_assert_nonnull (start);
  found = strstr (start, entry);
  g_assert_nonnull (found);
  return g_ascii_strtod (found + strlen (entry), NULL);
}

static int
index_in (char **moves, const char *move)
{
  for (int i = 0; moves[i] != NULL; i++)
    if (strcmp (moves[i], move) == 0)
      return i;
  return -1;
}

/* The CLI's view of one turn, and the review's against it. */
static void
check_turn (const SynTurn *turn, const SynReviewTurn *review)
{
  g_autofree char *fen = syn_analysis_write_variant_fen (&syn_variant_psc, &turn->before);
  const char *argv[] = { g_getenv ("SYNCHESS_CLI"), "matrix", fen, NULL };
  g_autofree char *json = NULL;
  g_auto (GStrv) white = NULL, black = NULL;
  g_autofree double *cells = NULL;
  char played[2][SYN_MOVE_TEXT_SIZE];
  int status = 0, n_white, n_black, w, b;
  double value, white_score = 0, black_score = 0;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &json, NULL,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  white = json_moves (json, "white");
  black = json_moves (json, "black");
  n_white = (int) g_strv_length (white);
  n_black = (int) g_strv_length (black);
  cells = json_cells (json, n_white * n_black);
  value = json_number (json, "value");

  syn_move_to_text ((SynMove) turn->choice[SYN_WHITE], played[SYN_WHITE]);
  syn_move_to_text ((SynMove) turn->choice[SYN_BLACK], played[SYN_BLACK]);
  w = index_in (white, played[SYN_WHITE]);
  b = index_in (black, played[SYN_BLACK]);
  g_assert_cmpint (w, >=, 0);
  g_assert_cmpint (b, >=, 0);
  for (int j = 0; j < n_black; j++)
    white_score += cells[w * n_black + j] * strategy_of (json, "black_strategy", black[j]);
  for (int i = 0; i < n_white; i++)
    black_score += cells[i * n_black + b] * strategy_of (json, "white_strategy", white[i]);

  g_test_message ("turn %u %s %s: value %.3f (cli %.3f), losses %.3f %.3f (cli %.3f %.3f)",
                  review->turn + 1, played[0], played[1], review->value, value,
                  review->loss[SYN_WHITE], review->loss[SYN_BLACK], MAX (0, value - white_score),
                  MAX (0, black_score - value));
  g_assert_true (review->has_value);
  g_assert_cmpfloat_with_epsilon (review->value, value, 1e-6);
  g_assert_cmpfloat_with_epsilon (review->loss[SYN_WHITE], MAX (0, value - white_score), 1e-6);
  g_assert_cmpfloat_with_epsilon (review->loss[SYN_BLACK], MAX (0, black_score - value), 1e-6);
}

static void
test_turns_match_cli (gconstpointer data)
{
  g_autoptr (SynGame) game = saved_game (data);
  gboolean some_loss = FALSE;

  for (guint i = 0; i < syn_game_get_n_turns (game); i++)
    {
      SynReviewTurn review;

      syn_review_turn (&syn_variant_psc, syn_game_get_turn (game, i), i, &review);
      g_assert_cmpuint (review.turn, ==, i);
      check_turn (syn_game_get_turn (game, i), &review);
      some_loss |= review.loss[SYN_WHITE] > 1 || review.loss[SYN_BLACK] > 1;
    }
  /* Moves picked without thought give something away somewhere: zeros alone would hide a
   * review that never weighs the played moves. */
  g_assert_true (some_loss);
}

typedef struct
{
  GArray *turns;
  GError *error;
  guint reports;
  guint last_done;
  gboolean done;
} AsyncResult;

static void
on_progress_cb (guint done, guint total, gpointer user_data)
{
  AsyncResult *result = user_data;

  g_assert_cmpuint (done, ==, result->last_done + 1);
  g_assert_cmpuint (total, ==, N_TURNS);
  result->last_done = done;
  result->reports++;
}

static void
on_reviewed_cb (GObject *source, GAsyncResult *res, gpointer user_data)
{
  AsyncResult *result = user_data;

  result->turns = syn_review_compute_finish (res, &result->error);
  result->done = TRUE;
}

static void
test_thread_reports_progress (void)
{
  g_autoptr (SynGame) game = saved_game (MIXED_FEN);
  AsyncResult result = { 0 };

  syn_review_compute_async (game, NULL, on_progress_cb, &result, on_reviewed_cb, &result);
  while (!result.done || result.reports < N_TURNS)
    g_main_context_iteration (NULL, TRUE);
  g_assert_no_error (result.error);
  g_assert_cmpuint (result.turns->len, ==, N_TURNS);
  g_assert_cmpuint (result.reports, ==, N_TURNS);
  for (guint i = 0; i < result.turns->len; i++)
    {
      SynReviewTurn alone;
      const SynReviewTurn *threaded = &g_array_index (result.turns, SynReviewTurn, i);

      syn_review_turn (&syn_variant_psc, syn_game_get_turn (game, i), i, &alone);
      g_assert_cmpfloat (threaded->value, ==, alone.value);
    }
  g_array_unref (result.turns);
}

static void
test_cancelled_stops (void)
{
  g_autoptr (SynGame) game = saved_game (MIXED_FEN);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AsyncResult result = { 0 };

  syn_review_compute_async (game, cancellable, on_progress_cb, &result, on_reviewed_cb, &result);
  g_cancellable_cancel (cancellable);
  while (!result.done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (result.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result.turns);
  /* Nothing is reported after the cancel: the reports left in the queue are dropped. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (result.reports, ==, 0);
  g_clear_error (&result.error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/review/turns-match-cli/start", SYN_FEN_START, test_turns_match_cli);
  g_test_add_data_func ("/review/turns-match-cli/mixed", MIXED_FEN, test_turns_match_cli);
  g_test_add_func ("/review/thread-reports-progress", test_thread_reports_progress);
  g_test_add_func ("/review/cancelled-stops", test_cancelled_stops);
  return g_test_run ();
}
