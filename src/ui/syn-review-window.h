/* syn-review-window.h: the Game Review window: a chart of each turn's matrix value from
 * White's side and of what each side's move gave away against the equilibrium, computed on
 * a thread with progress (which can be stopped); a turn clicked or chosen with the keys
 * opens in What If.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-game.h"
#include "syn-review.h"

G_BEGIN_DECLS

#define SYN_TYPE_REVIEW_WINDOW (syn_review_window_get_type ())

G_DECLARE_FINAL_TYPE (SynReviewWindow, syn_review_window, SYN, REVIEW_WINDOW, AdwWindow)

/* A review of game's turns, started at once. */
SynReviewWindow *syn_review_window_new (GtkWindow *parent, SynGame *game);

/* TRUE until the review is done or stopped. */
gboolean syn_review_window_get_computing (SynReviewWindow *self);

/* The reviewed turns (SynReviewTurn), or NULL while computing or when stopped. */
GArray *syn_review_window_get_turns (SynReviewWindow *self);

/* Where turn's point is drawn: the chart widget and the point within it. */
gboolean syn_review_window_get_point (SynReviewWindow *self, guint turn, GtkWidget **chart,
                                      graphene_point_t *point);

/* Opens turn in a What If window, its played pair chosen; returns that window. */
GtkWindow *syn_review_window_open_turn (SynReviewWindow *self, guint turn);

G_END_DECLS
