/* syn-computer-player.h: the computer opponent. For now a simple one: a legal move,
 * preferring captures and freezes. It thinks on a worker thread and can be cancelled.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "variant.h"

G_BEGIN_DECLS

/* Chooses for side in state on a worker thread. seed makes the choice repeatable. */
void syn_computer_player_choose_async (const SynVariant *variant, const SynState *state,
                                       SynColour side, guint32 seed, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
SynChoice syn_computer_player_choose_finish (GAsyncResult *result, GError **error);

/* The same choice, computed on the calling thread (for tests and the CLI). */
SynChoice syn_computer_player_choose (const SynVariant *variant, const SynState *state,
                                      SynColour side, guint32 seed);

/* The strong player: it searches the turn as a tree of matrix games and draws its move
 * from the equilibrium, so guessing its move does not help (see psc-search.c). */
typedef enum
{
  SYN_COMPUTER_BEGINNER = 0,
  SYN_COMPUTER_EASY,
  SYN_COMPUTER_MEDIUM,
  SYN_COMPUTER_HARD,
  SYN_COMPUTER_FULL,
} SynComputerLevel;

/* How long the computer may think with remaining_ms on its clock (-1: no clock) and
 * increment_ms added per move: never more than a small share of what is left. */
gint syn_computer_player_time_budget (gint64 remaining_ms, gint64 increment_ms);

/* Searches for side's move at level on a worker thread, within time_ms (at every level and
 * in every rule set; 0 or less: the default budget of a game without a clock, 1.5 s), the
 * level's depth being what it reaches at most. The window never
 * waits for it. Cancelling stops the search itself within a millisecond or so (a new game,
 * an undo or a closed window frees the core at once); the callback then gets
 * G_IO_ERROR_CANCELLED. */
void syn_computer_player_search_async (const SynVariant *variant, const SynState *state,
                                       SynColour side, SynComputerLevel level, gint time_ms,
                                       guint32 seed, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
/* The same, never choosing one of excluded (n_excluded long): choices the rules refused
 * this step (TX-R5), which the player knows of as a person would. */
void syn_computer_player_search_excluding_async (const SynVariant *variant, const SynState *state,
                                                 SynColour side, SynComputerLevel level,
                                                 gint time_ms, guint32 seed,
                                                 const SynChoice *excluded, int n_excluded,
                                                 GCancellable *cancellable,
                                                 GAsyncReadyCallback callback, gpointer user_data);

SynChoice syn_computer_player_search_finish (GAsyncResult *result, GError **error);

/* Thinking while the opponent thinks (PSC-R11 runs no clock while neither side has chosen):
 * the search deepens, up to the level's depth, until hurry is cancelled, then answers with
 * the deepest search completed (or at once, when it has reached the level's depth). The
 * caller cancels hurry once the opponent has chosen and the player's own time budget
 * (syn_computer_player_time_budget()) has passed. Cancelling cancellable drops the search as
 * in syn_computer_player_search_async(). */
void syn_computer_player_ponder_async (const SynVariant *variant, const SynState *state,
                                       SynColour side, SynComputerLevel level, guint32 seed,
                                       const SynChoice *excluded, int n_excluded,
                                       GCancellable *hurry, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);

/* The choice of either kind of search; depth, when not NULL, receives the turns of the
 * deepest search completed. */
SynChoice syn_computer_player_ponder_finish (GAsyncResult *result, int *depth, GError **error);

/* Search workspaces allocated by the strong player and not yet freed: they are reused from
 * move to move, so this stays at the number of searches ever run at once (for tests). */
guint syn_computer_player_n_workspaces (void);

G_END_DECLS
