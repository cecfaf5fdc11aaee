/* syn-analysis.h: the engine's analysis tools for the analysis windows: FEN with GError,
 * resolving a chosen pair of choices in any rule set, where castling and en passant may be
 * set up (the PSC editor), and the pair matrix of a step with both sides' equilibrium
 * strategies, solved on a thread.
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

/* The same in variant's own FEN (its read_state and write_state). */
gboolean syn_analysis_parse_variant_fen (const SynVariant *variant, const char *fen,
                                         SynState *state, GError **error);
char *syn_analysis_write_variant_fen (const SynVariant *variant, const SynState *state);

/* The same check for a bare position (the editor's). */
gboolean syn_analysis_check_position (const SynPosition *pos, GError **error);

/* side's legal PSC moves in state into moves (SYN_MAX_MOVES long); returns how many. */
int syn_analysis_moves (const SynState *state, SynColour side, SynMove *moves);

/* The PSC state after white and black (both legal, or SYN_MOVE_NONE for a side without
 * moves). */
void syn_analysis_resolve (const SynState *state, SynMove white, SynMove black, SynState *out);

/* side's choices at this step of variant (SYN_MAX_CHOICES long); 0 when the side waits. */
int syn_analysis_choices (const SynVariant *variant, const SynState *state, SynColour side,
                          SynChoice *choices);

/* The state after white and black, each among its side's choices or SYN_CHOICE_NONE for a
 * side that waits. */
void syn_analysis_resolve_choices (const SynVariant *variant, const SynState *state,
                                   SynChoice white, SynChoice black, SynState *out);

/* The castling rights pos may hold: those whose king and rook stand on their home squares. */
guint8 syn_analysis_castling_allowed (const SynPosition *pos);

/* The squares that may be colour's en passant square in pos (PSC-R9a), as a set. */
SynBitboard syn_analysis_en_passant_allowed (const SynPosition *pos, SynColour colour);

/* The most choices a side has in a pair matrix; more are cut (the first ones are kept). */
#define SYN_ANALYSIS_MATRIX_MAX 256

/* The pair matrix of a step: cells[w * n_black + b] is the value (White's view, centipawns)
 * after white[w] and black[b]; the strategies are an equilibrium of the matrix game. In PSC
 * the value is the evaluation (psc-eval.h); in the other rule sets it is the one-step score
 * of rule-set-strategy.h (material and outcome). A side that waits has the one choice
 * SYN_CHOICE_NONE. */
typedef struct
{
  const SynVariant *variant;
  int n_white;
  int n_black;
  int n_white_all; /* the side's choices before the cut; 0 when it waits */
  int n_black_all;
  SynChoice white[SYN_ANALYSIS_MATRIX_MAX];
  SynChoice black[SYN_ANALYSIS_MATRIX_MAX];
  double *cells;
  double white_strategy[SYN_ANALYSIS_MATRIX_MAX];
  double black_strategy[SYN_ANALYSIS_MATRIX_MAX];
  double value;
  double decided; /* a value this large either way is a finished game */
} SynAnalysisMatrix;

void syn_analysis_matrix_free (SynAnalysisMatrix *matrix);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SynAnalysisMatrix, syn_analysis_matrix_free)

/* Computes and solves the matrix of state in variant (NULL: PSC) at once; NULL (with error)
 * for a finished game. */
SynAnalysisMatrix *syn_analysis_matrix_compute (const SynVariant *variant, const SynState *state,
                                                GError **error);

/* The same on a GTask thread. */
void syn_analysis_matrix_compute_async (const SynVariant *variant, const SynState *state,
                                        GCancellable *cancellable, GAsyncReadyCallback callback,
                                        gpointer user_data);
SynAnalysisMatrix *syn_analysis_matrix_compute_finish (GAsyncResult *result, GError **error);

G_END_DECLS
