/* syn-analysis.c: the engine's analysis tools for the analysis windows.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-analysis"

#include "config.h"

#include "syn-analysis.h"

#include <string.h>

#include "fen.h"
#include "matrix-game.h"
#include "psc-eval.h"
#include "psc-matrix.h"
#include "rule-set-strategy.h"
#include "setup.h"

G_STATIC_ASSERT (SYN_ANALYSIS_MATRIX_MAX == SYN_STRATEGY_MAX);
G_STATIC_ASSERT (SYN_ANALYSIS_MATRIX_MAX == SYN_MATRIX_GAME_MAX);

G_DEFINE_QUARK (syn - analysis - error - quark, syn_analysis_error)

gboolean
syn_analysis_parse_variant_fen (const SynVariant *variant, const char *fen, SynState *state,
                                GError **error)
{
  SynFenError fen_error = { 0 };

  if (!variant->read_state (fen, state, &fen_error))
    {
      g_set_error_literal (error, SYN_ANALYSIS_ERROR, SYN_ANALYSIS_ERROR_INVALID_FEN,
                           fen_error.message);
      return FALSE;
    }
  return TRUE;
}

char *
syn_analysis_write_variant_fen (const SynVariant *variant, const SynState *state)
{
  char buf[SYN_FEN_MAX_SIZE];

  variant->write_state (state, buf, sizeof buf);
  return g_strdup (buf);
}

gboolean
syn_analysis_parse_fen (const char *fen, SynState *state, GError **error)
{
  return syn_analysis_parse_variant_fen (&syn_variant_psc, fen, state, error);
}

char *
syn_analysis_write_fen (const SynState *state)
{
  return syn_analysis_write_variant_fen (&syn_variant_psc, state);
}

gboolean
syn_analysis_check_position (const SynPosition *pos, GError **error)
{
  SynState state = { .board = *pos };
  SynState parsed;
  g_autofree char *fen = syn_analysis_write_fen (&state);

  return syn_analysis_parse_fen (fen, &parsed, error);
}

int
syn_analysis_moves (const SynState *state, SynColour side, SynMove *moves)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = syn_variant_psc.choices (state, side, choices);

  n = MIN (n, SYN_MAX_MOVES);
  for (int i = 0; i < n; i++)
    moves[i] = (SynMove) (choices[i] & 0xFFFF);
  return n;
}

void
syn_analysis_resolve (const SynState *state, SynMove white, SynMove black, SynState *out)
{
  syn_variant_psc.apply (state, white, black, out);
}

int
syn_analysis_choices (const SynVariant *variant, const SynState *state, SynColour side,
                      SynChoice *choices)
{
  return variant->choices (state, side, choices);
}

void
syn_analysis_resolve_choices (const SynVariant *variant, const SynState *state, SynChoice white,
                              SynChoice black, SynState *out)
{
  variant->apply (state, white, black, out);
}

guint8
syn_analysis_castling_allowed (const SynPosition *pos)
{
  return syn_setup_castling_possible (pos);
}

SynBitboard
syn_analysis_en_passant_allowed (const SynPosition *pos, SynColour colour)
{
  SynBitboard allowed = 0;
  SynBitboard occupied = syn_position_occupied (pos);
  int forward = colour == SYN_WHITE ? 8 : -8;
  int rank = colour == SYN_WHITE ? 2 : 5;

  /* PSC-R9a: a pawn of that colour stands just beyond the square and its start square is
   * empty; in PSC the passed square itself may be occupied. */
  for (int file = 0; file < 8; file++)
    {
      int square = SYN_SQUARE (file, rank);
      if (pos->board[square + forward] == SYN_PIECE (colour, SYN_PAWN)
          && !(occupied & syn_bit (square - forward)))
        allowed |= syn_bit (square);
    }
  return allowed;
}

void
syn_analysis_matrix_free (SynAnalysisMatrix *matrix)
{
  if (matrix == NULL)
    return;
  g_free (matrix->cells);
  g_free (matrix);
}

/* PSC's matrix: every pair scored by the evaluation (psc-matrix.h). */
static gboolean
fill_psc (SynAnalysisMatrix *matrix, const SynState *state)
{
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];

  matrix->n_white = matrix->n_white_all = syn_analysis_moves (state, SYN_WHITE, white);
  matrix->n_black = matrix->n_black_all = syn_analysis_moves (state, SYN_BLACK, black);
  if (matrix->n_white == 0 || matrix->n_black == 0)
    return FALSE;
  for (int i = 0; i < matrix->n_white; i++)
    matrix->white[i] = white[i];
  for (int i = 0; i < matrix->n_black; i++)
    matrix->black[i] = black[i];
  matrix->decided = SYN_EVAL_DECIDED;
  matrix->cells = g_new (double, matrix->n_white * matrix->n_black);
  syn_psc_pair_matrix (&state->board, white, matrix->n_white, black, matrix->n_black,
                       matrix->cells);
  return TRUE;
}

/* The other rule sets': each pair scored one step deep as the plain opponent does. */
static gboolean
fill_rule_set (SynAnalysisMatrix *matrix, const SynVariant *variant, const SynState *state)
{
  g_autofree SynChoice *white = g_new (SynChoice, SYN_MAX_CHOICES);
  g_autofree SynChoice *black = g_new (SynChoice, SYN_MAX_CHOICES);

  if (variant->outcome (state).result != SYN_RESULT_NONE)
    return FALSE;
  matrix->n_white
      = syn_rule_set_strategy_side_choices (variant, state, SYN_WHITE, white, &matrix->n_white_all);
  matrix->n_black
      = syn_rule_set_strategy_side_choices (variant, state, SYN_BLACK, black, &matrix->n_black_all);
  if (matrix->n_white_all == 0 && matrix->n_black_all == 0)
    return FALSE;
  memcpy (matrix->white, white, matrix->n_white * sizeof *white);
  memcpy (matrix->black, black, matrix->n_black * sizeof *black);
  matrix->decided = SYN_STRATEGY_WIN_SCORE;
  matrix->cells = g_new (double, matrix->n_white * matrix->n_black);
  syn_rule_set_strategy_fill (variant, state, SYN_WHITE, matrix->white, matrix->n_white,
                              matrix->black, matrix->n_black, matrix->cells);
  return TRUE;
}

SynAnalysisMatrix *
syn_analysis_matrix_compute (const SynVariant *variant, const SynState *state, GError **error)
{
  g_autoptr (SynAnalysisMatrix) matrix = g_new0 (SynAnalysisMatrix, 1);
  g_autofree SynMatrixGameWork *work = NULL;
  SynMatrixGameSolution solution;
  gboolean filled;

  if (variant == NULL)
    variant = &syn_variant_psc;
  matrix->variant = variant;
  filled = variant == &syn_variant_psc ? fill_psc (matrix, state)
                                       : fill_rule_set (matrix, variant, state);
  if (!filled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "The game is over: there is no turn to analyse");
      return NULL;
    }
  work = g_new (SynMatrixGameWork, 1);
  syn_matrix_game_solve (matrix->cells, matrix->n_white, matrix->n_black, matrix->white_strategy,
                         matrix->black_strategy, work, &solution);
  matrix->value = solution.value;
  return g_steal_pointer (&matrix);
}

typedef struct
{
  const SynVariant *variant;
  SynState state;
} ComputeData;

static void
compute_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  ComputeData *data = task_data;
  GError *error = NULL;
  SynAnalysisMatrix *matrix = syn_analysis_matrix_compute (data->variant, &data->state, &error);

  if (matrix == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, matrix, (GDestroyNotify) syn_analysis_matrix_free);
}

void
syn_analysis_matrix_compute_async (const SynVariant *variant, const SynState *state,
                                   GCancellable *cancellable, GAsyncReadyCallback callback,
                                   gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ComputeData *data = g_new (ComputeData, 1);

  data->variant = variant;
  data->state = *state;
  g_task_set_source_tag (task, syn_analysis_matrix_compute_async);
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, compute_thread);
}

SynAnalysisMatrix *
syn_analysis_matrix_compute_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
