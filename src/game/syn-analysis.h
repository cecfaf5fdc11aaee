/* syn-analysis.h: the engine's analysis tools for the analysis windows: FEN with GError,
 * resolving a chosen pair of moves, where castling and en passant may be set up, and the
 * pair matrix of a turn with both sides' equilibrium strategies, solved on a thread.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "variant.h"

G_BEGIN_DECLS

#define SYN_ANALYSIS_ERROR (syn_analysis_error_quark ())
GQuark syn_analysis_error_quark (void);

typedef enum
{
  SYN_ANALYSIS_ERROR_INVALID_FEN,
} SynAnalysisError;

/* Reads a PSC FEN (PSC-R9) into state; the error message is the engine's. */
gboolean syn_analysis_parse_fen (const char *fen, SynState *state, GError **error);

/* The PSC FEN of state. */
char *syn_analysis_write_fen (const SynState *state);

/* The same check for a bare position (the editor's). */
gboolean syn_analysis_check_position (const SynPosition *pos, GError **error);

/* side's legal moves in state into moves (SYN_MAX_MOVES long); returns how many. */
int syn_analysis_moves (const SynState *state, SynColour side, SynMove *moves);

/* The state after white and black (both legal, or SYN_MOVE_NONE for a side without moves). */
void syn_analysis_resolve (const SynState *state, SynMove white, SynMove black, SynState *out);

/* The castling rights pos may hold: those whose king and rook stand on their home squares. */
guint8 syn_analysis_castling_allowed (const SynPosition *pos);

/* The squares that may be colour's en passant square in pos (PSC-R9a), as a set. */
SynBitboard syn_analysis_en_passant_allowed (const SynPosition *pos, SynColour colour);

/* The pair matrix of a turn: cells[w * n_black + b] is the evaluation (White's view) after
 * white[w] and black[b]; the strategies are an equilibrium of the matrix game. */
typedef struct
{
  int n_white;
  int n_black;
  SynMove white[SYN_MAX_MOVES];
  SynMove black[SYN_MAX_MOVES];
  double *cells;
  double white_strategy[SYN_MAX_MOVES];
  double black_strategy[SYN_MAX_MOVES];
  double value;
} SynAnalysisMatrix;

void syn_analysis_matrix_free (SynAnalysisMatrix *matrix);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SynAnalysisMatrix, syn_analysis_matrix_free)

/* Computes and solves the matrix of state at once; NULL (with error) for a finished game. */
SynAnalysisMatrix *syn_analysis_matrix_compute (const SynState *state, GError **error);

/* The same on a GTask thread. */
void syn_analysis_matrix_compute_async (const SynState *state, GCancellable *cancellable,
                                        GAsyncReadyCallback callback, gpointer user_data);
SynAnalysisMatrix *syn_analysis_matrix_compute_finish (GAsyncResult *result, GError **error);

G_END_DECLS
