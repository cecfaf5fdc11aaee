/* syn-review.c: the review of a played game, turn by turn, on a thread.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-review"

#include "config.h"

#include "syn-review.h"

#include <math.h>

#include "syn-analysis.h"

/* The index of choice among n choices, or -1. A side that waits has the one choice
 * SYN_CHOICE_NONE, which matches itself. */
static int
index_of (const SynChoice *choices, int n, SynChoice choice)
{
  for (int i = 0; i < n; i++)
    if (choices[i] == choice)
      return i;
  return -1;
}

void
syn_review_turn (const SynVariant *variant, const SynTurn *turn, guint index, SynReviewTurn *out)
{
  g_autoptr (SynAnalysisMatrix) m = syn_analysis_matrix_compute (variant, &turn->before, NULL);
  int w, b;

  *out = (SynReviewTurn){ .turn = index, .value = NAN, .loss = { NAN, NAN } };
  if (m == NULL)
    return;
  out->has_value = TRUE;
  out->value = m->value;
  out->decided = m->decided;
  w = index_of (m->white, m->n_white, turn->choice[SYN_WHITE]);
  b = index_of (m->black, m->n_black, turn->choice[SYN_BLACK]);
  /* White's move against Black's mix scores at most the value: the shortfall is what it
   * gave away. Black's likewise, the other way round. */
  if (w >= 0 && m->n_white_all > 0)
    {
      double score = 0;
      for (int j = 0; j < m->n_black; j++)
        score += m->cells[w * m->n_black + j] * m->black_strategy[j];
      out->loss[SYN_WHITE] = MAX (0.0, m->value - score);
    }
  if (b >= 0 && m->n_black_all > 0)
    {
      double score = 0;
      for (int i = 0; i < m->n_white; i++)
        score += m->cells[i * m->n_black + b] * m->white_strategy[i];
      out->loss[SYN_BLACK] = MAX (0.0, score - m->value);
    }
}

typedef struct
{
  const SynVariant *variant;
  SynTurn *turns;
  guint n_turns;
  GMainContext *context;
  SynReviewProgress progress;
  gpointer progress_data;
} ReviewData;

typedef struct
{
  ReviewData *data;
  guint done;
  GTask *task; /* kept alive until the report is delivered */
} Progress;

static void
review_data_free (ReviewData *data)
{
  g_free (data->turns);
  g_main_context_unref (data->context);
  g_free (data);
}

static gboolean
report_progress_cb (gpointer user_data)
{
  Progress *progress = user_data;
  ReviewData *data = progress->data;

  if (!g_cancellable_is_cancelled (g_task_get_cancellable (progress->task)))
    data->progress (progress->done, data->n_turns, data->progress_data);
  return G_SOURCE_REMOVE;
}

static void
progress_free (gpointer user_data)
{
  Progress *progress = user_data;

  g_object_unref (progress->task);
  g_free (progress);
}

static void
review_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ReviewData *data = task_data;
  GArray *turns = g_array_sized_new (FALSE, TRUE, sizeof (SynReviewTurn), data->n_turns);

  for (guint i = 0; i < data->n_turns; i++)
    {
      SynReviewTurn turn;

      /* A turn takes a fraction of a second: checking between turns is soon enough. */
      if (g_task_return_error_if_cancelled (task))
        {
          g_array_unref (turns);
          return;
        }
      syn_review_turn (data->variant, &data->turns[i], i, &turn);
      g_array_append_val (turns, turn);
      if (data->progress != NULL)
        {
          Progress *progress = g_new (Progress, 1);

          progress->data = data;
          progress->done = i + 1;
          progress->task = g_object_ref (task);
          /* An idle source, never g_main_context_invoke(): that would call back on this
           * thread whenever the caller's context happened to be free. */
          GSource *source = g_idle_source_new ();

          /* Before the result, which comes at this priority too. */
          g_source_set_priority (source, G_PRIORITY_DEFAULT);
          g_source_set_callback (source, report_progress_cb, progress, progress_free);
          g_source_attach (source, data->context);
          g_source_unref (source);
        }
    }
  g_task_return_pointer (task, turns, (GDestroyNotify) g_array_unref);
}

void
syn_review_compute_async (SynGame *game, GCancellable *cancellable, SynReviewProgress progress,
                          gpointer progress_data, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ReviewData *data = g_new0 (ReviewData, 1);

  g_return_if_fail (SYN_IS_GAME (game));

  data->variant = syn_game_get_variant (game);
  data->n_turns = syn_game_get_n_turns (game);
  data->turns = g_new (SynTurn, data->n_turns + 1);
  for (guint i = 0; i < data->n_turns; i++)
    data->turns[i] = *syn_game_get_turn (game, i);
  data->context = g_main_context_ref_thread_default ();
  data->progress = progress;
  data->progress_data = progress_data;
  g_task_set_source_tag (task, syn_review_compute_async);
  g_task_set_task_data (task, data, (GDestroyNotify) review_data_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, review_thread);
}

GArray *
syn_review_compute_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
