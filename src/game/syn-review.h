/* syn-review.h: the review of a played game: for each turn, the value of its matrix game
 * (White's view) and how much each side's played move gave away against the equilibrium.
 * Computed turn by turn on a thread, with progress, cancellable.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-game.h"

G_BEGIN_DECLS

/* One turn of the review. The values are centipawns from White's side, as in the pair
 * matrix. A side's loss is what its move scores against the other side's equilibrium
 * strategy, short of the value: 0 for a move the equilibrium could play, more for a worse
 * one. NAN where the move is not in the matrix (cut) or the side waited. */
typedef struct
{
  guint turn;         /* its index in the game, from 0 */
  double value;       /* of the matrix game before the turn */
  double decided;     /* a value this large either way is a finished game */
  double loss[2];     /* White's, Black's */
  gboolean has_value; /* FALSE when the turn could not be weighed (no choices) */
} SynReviewTurn;

/* Called on the thread that started the review as each turn is done. */
typedef void (*SynReviewProgress) (guint done, guint total, gpointer user_data);

/* Reviews turn of game (its before state and its choices) at once. */
void syn_review_turn (const SynVariant *variant, const SynTurn *turn, guint index,
                      SynReviewTurn *out);

/* Reviews every turn of game on a thread; progress (may be NULL) reports each turn. The
 * result is a GArray of SynReviewTurn. */
void syn_review_compute_async (SynGame *game, GCancellable *cancellable, SynReviewProgress progress,
                               gpointer progress_data, GAsyncReadyCallback callback,
                               gpointer user_data);
GArray *syn_review_compute_finish (GAsyncResult *result, GError **error);

G_END_DECLS
