/* syn-analysis.c: the engine's analysis tools for the analysis windows.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-analysis"

#include "config.h"

#include "syn-analysis.h"

#include "fen.h"
#include "matrix-game.h"
#include "psc-matrix.h"

G_DEFINE_QUARK (syn - analysis - error - quark, syn_analysis_error)

gboolean
syn_analysis_parse_fen (const char *fen, SynState *state, GError **error)
{
  SynFenError fen_error = { 0 };

  if (!syn_variant_psc.read_state (fen, state, &fen_error))
    {
      g_set_error_literal (error, SYN_ANALYSIS_ERROR, SYN_ANALYSIS_ERROR_INVALID_FEN,
                           fen_error.message);
      return FALSE;
    }
  return TRUE;
}

char *
syn_analysis_write_fen (const SynState *state)
{
  char buf[SYN_FEN_MAX_SIZE];

  syn_variant_psc.write_state (state, buf, sizeof buf);
  return g_strdup (buf);
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

guint8
syn_analysis_castling_allowed (const SynPosition *pos)
{
  static const struct
  {
    guint8 right;
    int king, rook;
    SynColour colour;
  } homes[4] = {
    { SYN_CASTLE_WHITE_SHORT, 4, 7, SYN_WHITE },
    { SYN_CASTLE_WHITE_LONG, 4, 0, SYN_WHITE },
    { SYN_CASTLE_BLACK_SHORT, 60, 63, SYN_BLACK },
    { SYN_CASTLE_BLACK_LONG, 60, 56, SYN_BLACK },
  };
  guint8 allowed = 0;

  for (int i = 0; i < 4; i++)
    if (pos->board[homes[i].king] == SYN_PIECE (homes[i].colour, SYN_KING)
        && pos->board[homes[i].rook] == SYN_PIECE (homes[i].colour, SYN_ROOK))
      allowed |= homes[i].right;
  return allowed;
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

SynAnalysisMatrix *
syn_analysis_matrix_compute (const SynState *state, GError **error)
{
  g_autoptr (SynAnalysisMatrix) matrix = g_new0 (SynAnalysisMatrix, 1);
  g_autofree SynMatrixGameWork *work = NULL;
  SynMatrixGameSolution solution;

  matrix->n_white = syn_analysis_moves (state, SYN_WHITE, matrix->white);
  matrix->n_black = syn_analysis_moves (state, SYN_BLACK, matrix->black);
  if (matrix->n_white == 0 || matrix->n_black == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           "The game is over: there is no turn to analyse");
      return NULL;
    }
  matrix->cells = g_new (double, matrix->n_white * matrix->n_black);
  syn_psc_pair_matrix (&state->board, matrix->white, matrix->n_white, matrix->black,
                       matrix->n_black, matrix->cells);
  work = g_new (SynMatrixGameWork, 1);
  syn_matrix_game_solve (matrix->cells, matrix->n_white, matrix->n_black, matrix->white_strategy,
                         matrix->black_strategy, work, &solution);
  matrix->value = solution.value;
  return g_steal_pointer (&matrix);
}

static void
compute_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;
  SynAnalysisMatrix *matrix = syn_analysis_matrix_compute (task_data, &error);

  if (matrix == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, matrix, (GDestroyNotify) syn_analysis_matrix_free);
}

void
syn_analysis_matrix_compute_async (const SynState *state, GCancellable *cancellable,
                                   GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, syn_analysis_matrix_compute_async);
  g_task_set_task_data (task, g_memdup2 (state, sizeof *state), g_free);
  g_task_run_in_thread (task, compute_thread);
}

SynAnalysisMatrix *
syn_analysis_matrix_compute_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
