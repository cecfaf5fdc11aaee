/* syn-computer-player.c: a simple computer opponent. Among its legal moves it prefers one
 * that freezes the enemy king, then the richest capture, then the move that freezes the most
 * enemy pieces, and picks at random among equals. Each move is judged applied alone, as if
 * the enemy stood still: the enemy's move is secret, so that is all it can know. Both
 * players think on what their side may know: in Transactional Chess the player state, never
 * the opponent's pending moves (TX-R14, R15).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-computer-player"

#include "config.h"

#include "syn-computer-player.h"

#include <glib/gi18n.h>
#include <stdatomic.h>

#include "psc-search.h"
#include "variant-search.h"

#include "psc.h"
#include "transactional.h"

/* How good a move looks; compared field by field, the first field first. */
typedef struct
{
  int king_frozen; /* 1 when the enemy king is frozen after the move (PSC-R3, R10) */
  int captured;    /* the captured piece's value, 0 for none */
  int frozen;      /* enemy pieces frozen after the move */
} Score;

typedef struct
{
  const SynVariant *variant;
  SynState state;
  SynColour side;
  guint32 seed;
} Request;

/* The state as side's own program would hold it. The game holds the referee's state; in
 * Transactional Chess that includes the opponent's pending moves, which side's program never
 * learns (TX-R15): it thinks on the player state of TX-R14 instead. The referee's one answer
 * a player's program is given, that every legal move is refused (TX-R6), carries over. */
static void
player_state (const SynVariant *variant, const SynState *state, SynColour side, SynState *out)
{
  SynChoice choices[SYN_MAX_CHOICES];
  gboolean no_move;
  int n;

  if (variant != &syn_variant_transactional)
    {
      *out = *state;
      return;
    }
  syn_tx_player_state (state, side, out);
  if (state->board.side_to_move != side)
    return;
  n = variant->choices (state, side, choices);
  no_move = n > 0;
  for (int i = 0; i < n && no_move; i++)
    no_move = SYN_CHOICE_MOVE (choices[i]) == SYN_MOVE_NONE;
  if (no_move)
    syn_tx_set_all_refused (out);
}

static const int piece_values[SYN_N_PIECE_TYPES] = {
  [SYN_PAWN] = 1, [SYN_KNIGHT] = 3, [SYN_BISHOP] = 3,
  [SYN_ROOK] = 5, [SYN_QUEEN] = 9,  [SYN_KING] = 100,
};

/* The position after move alone, the other side's pieces standing still: PSC-R8 with one
 * move instead of two. The counters are left alone; nothing here reads them. */
static void
apply_alone (const SynPosition *pos, SynMove move, SynPosition *out)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynPiece piece = pos->board[from];
  SynColour colour = SYN_PIECE_COLOUR (piece);

  *out = *pos;
  syn_position_remove (out, from);
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    {
      syn_position_remove (out, to > from ? from + 3 : from - 4);
      syn_position_put (out, to > from ? from + 1 : from - 1, SYN_PIECE (colour, SYN_ROOK));
    }
  if (syn_move_kind (move) == SYN_MOVE_EN_PASSANT)
    syn_position_remove (out, colour == SYN_WHITE ? to - 8 : to + 8);
  else if (out->board[to] != SYN_NO_PIECE)
    syn_position_remove (out, to);
  if (syn_move_is_promotion (move))
    piece = SYN_PIECE (colour, syn_move_promotion_type (move));
  syn_position_put (out, to, piece);
}

static Score
score_move (const SynPosition *pos, SynColour side, SynMove move)
{
  SynColour enemy = side == SYN_WHITE ? SYN_BLACK : SYN_WHITE;
  SynPosition after;
  SynPscControl ctl;
  Score score = { 0, 0, 0 };
  int to = syn_move_to (move);

  if (syn_move_kind (move) == SYN_MOVE_EN_PASSANT)
    score.captured = piece_values[SYN_PAWN];
  else if (pos->board[to] != SYN_NO_PIECE && SYN_PIECE_COLOUR (pos->board[to]) == enemy)
    score.captured = piece_values[SYN_PIECE_TYPE (pos->board[to])];

  apply_alone (pos, move, &after);
  syn_psc_control (&after, &ctl);
  score.king_frozen = (ctl.frozen & syn_position_pieces (&after, enemy, SYN_KING)) != 0;
  score.frozen = syn_popcount (ctl.frozen & after.by_colour[enemy]);
  return score;
}

static int
compare_scores (const Score *a, const Score *b)
{
  if (a->king_frozen != b->king_frozen)
    return a->king_frozen - b->king_frozen;
  if (a->captured != b->captured)
    return a->captured - b->captured;
  return a->frozen - b->frozen;
}

static SynChoice
choose (const SynVariant *variant, const SynState *state, SynColour side, guint32 seed,
        GCancellable *cancellable)
{
  SynChoice choices[SYN_MAX_CHOICES];
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  SynChoice best = SYN_CHOICE_NONE;
  Score best_score = { -1, -1, -1 };
  SynPosition view;
  int n_best = 0;
  int n;

  if (variant->outcome (state).result != SYN_RESULT_NONE)
    return SYN_CHOICE_NONE;
  /* The board the side sees: in Transactional its pending pieces stand where they went. */
  syn_variant_view (variant, state, side, &view);
  n = variant->choices (state, side, choices);
  for (int i = 0; i < n; i++)
    {
      /* Choices that are not moves (rule sets other than PSC) are judged equal to a quiet
       * move that freezes nothing. */
      Score score = { 0, 0, 0 };
      int order;

      if (g_cancellable_is_cancelled (cancellable))
        return SYN_CHOICE_NONE;
      if (choices[i] <= 0xffff && view.board[syn_move_from ((SynMove) choices[i])] != SYN_NO_PIECE)
        score = score_move (&view, side, (SynMove) choices[i]);
      order = compare_scores (&score, &best_score);
      if (order > 0)
        {
          best = choices[i];
          best_score = score;
          n_best = 1;
        }
      /* Reservoir sampling: each of the equally good choices ends up chosen with the same
       * chance, from one pass and the seeded generator, so tests can repeat it. */
      else if (order == 0 && g_rand_int_range (rand, 0, ++n_best) == 0)
        best = choices[i];
    }
  return best;
}

SynChoice
syn_computer_player_choose (const SynVariant *variant, const SynState *state, SynColour side,
                            guint32 seed)
{
  SynState known;

  g_return_val_if_fail (variant != NULL, SYN_CHOICE_NONE);
  g_return_val_if_fail (state != NULL, SYN_CHOICE_NONE);

  player_state (variant, state, side, &known);
  return choose (variant, &known, side, seed, NULL);
}

static void
think_cb (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  Request *request = task_data;
  SynChoice choice
      = choose (request->variant, &request->state, request->side, request->seed, cancellable);

  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_int (task, (gssize) choice);
}

void
syn_computer_player_choose_async (const SynVariant *variant, const SynState *state, SynColour side,
                                  guint32 seed, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  Request *request;

  g_return_if_fail (variant != NULL);
  g_return_if_fail (state != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  /* The thread works on its own copy: the caller's state may change before it is done. */
  request = g_new0 (Request, 1);
  request->variant = variant;
  player_state (variant, state, side, &request->state);
  request->side = side;
  request->seed = seed;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, syn_computer_player_choose_async);
  g_task_set_name (task, "syn-computer-player");
  g_task_set_task_data (task, request, g_free);
  /* A cancelled caller hears of it at once, without waiting for the thread. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, think_cb);
}

SynChoice
syn_computer_player_choose_finish (GAsyncResult *result, GError **error)
{
  gssize choice;

  g_return_val_if_fail (g_task_is_valid (result, NULL), SYN_CHOICE_NONE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == syn_computer_player_choose_async,
                        SYN_CHOICE_NONE);

  choice = g_task_propagate_int (G_TASK (result), error);
  return choice < 0 ? SYN_CHOICE_NONE : (SynChoice) choice;
}

/* The strong player */

#define DEFAULT_THINKING_MS 1500

/* How long a computer thinking while its opponent does may go on unhurried: the level's
 * depth usually ends it first. */
#define PONDER_MS (60 * 60 * 1000)

#define MAX_EXCLUDED 32

typedef struct
{
  const SynVariant *variant;
  SynState state;
  SynColour side;
  SynComputerLevel level;
  gint time_ms;
  guint32 seed;
  SynChoice excluded[MAX_EXCLUDED]; /* refused this step (TX-R5): not chosen again */
  int n_excluded;
  GCancellable *hurry; /* owned; pondering: ends the search, which still answers */
} Search;

/* What a search answers. */
typedef struct
{
  SynChoice choice;
  int depth;
} Thought;

static void
search_free (gpointer data)
{
  Search *search = data;
  g_clear_object (&search->hurry);
  g_free (search);
}

gint
syn_computer_player_time_budget (gint64 remaining_ms, gint64 increment_ms)
{
  gint64 budget;

  if (remaining_ms < 0)
    return DEFAULT_THINKING_MS;
  /* A twentieth of what is left plus most of the increment, so the flag never falls for
   * thinking; and never under a tenth of a second, when a move is all that matters. */
  budget = remaining_ms / 20 + increment_ms * 3 / 4;
  return (gint) CLAMP (budget, 100, DEFAULT_THINKING_MS);
}

/* A search workspace is tens of megabytes. Workspaces are kept for the life of the program
 * and lent to one search at a time, so that a move allocates nothing (nor faults in the
 * pages of a fresh mapping). Two computer sides may think at once, and a cancelled search
 * may still be ending as the next one starts: hence a few kept, not one. */
#define KEPT_WORKSPACES 2

static GMutex workspaces_lock;
static GSList *free_workspaces; /* SynSearchWorkspace, at most KEPT_WORKSPACES */
static guint n_workspaces;      /* allocated, lent or free */

static SynSearchWorkspace *
borrow_workspace (void)
{
  SynSearchWorkspace *work = NULL;

  g_mutex_lock (&workspaces_lock);
  if (free_workspaces)
    {
      work = free_workspaces->data;
      free_workspaces = g_slist_delete_link (free_workspaces, free_workspaces);
    }
  else
    n_workspaces++;
  g_mutex_unlock (&workspaces_lock);
  return work ? work : g_malloc0 (syn_search_workspace_size ());
}

static void
give_back_workspace (SynSearchWorkspace *work)
{
  g_mutex_lock (&workspaces_lock);
  if (g_slist_length (free_workspaces) < KEPT_WORKSPACES)
    {
      free_workspaces = g_slist_prepend (free_workspaces, work);
      work = NULL;
    }
  else
    n_workspaces--;
  g_mutex_unlock (&workspaces_lock);
  g_free (work);
}

guint
syn_computer_player_n_workspaces (void)
{
  guint n;
  g_mutex_lock (&workspaces_lock);
  n = n_workspaces;
  g_mutex_unlock (&workspaces_lock);
  return n;
}

/* Runs on the cancelling thread: tells the search, which reads the flag every few hundred
 * positions, to stop. */
static void
on_search_cancelled_cb (GCancellable *cancellable, gpointer user_data)
{
  atomic_store ((atomic_int *) user_data, 1);
}

/* Every rule set is searched by the same machinery through the variant table
 * (variant-search.h), each with its own evaluation. */
static void
search_cb (GTask *task, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  Search *search = task_data;
  SynSearchWorkspace *work = borrow_workspace ();
  g_autofree SynSearchResult *result = g_malloc (sizeof *result);
  SynSearchExclusion exclusion = { search->side, search->excluded, search->n_excluded };
  SynPscLimits limits = { 0 };
  atomic_int stop = 0;
  gulong handler = 0, hurry_handler = 0;
  Thought *thought;

  /* Called at once when the cancellable is cancelled already. Hurrying stops the search
   * the same way; only cancelling drops its answer. */
  if (cancellable)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_search_cancelled_cb), &stop, NULL);
  if (search->hurry)
    hurry_handler
        = g_cancellable_connect (search->hurry, G_CALLBACK (on_search_cancelled_cb), &stop, NULL);
  /* Every level thinks within a time, in every rule set: a fixed depth that PSC searches in
   * a fifth of a second can take seconds elsewhere (HK two turns deep in a middlegame,
   * Transactional three), and the deepest results completed by then stand. */
  syn_psc_level_limits ((SynPscLevel) search->level,
                        search->time_ms > 0 ? search->time_ms : DEFAULT_THINKING_MS, search->seed,
                        &limits);
  thought = g_new0 (Thought, 1);
  thought->choice = syn_search_choose (search->variant, &search->state, search->side, &limits,
                                       &exclusion, &stop, work, result);
  thought->depth = result->depth;
  /* Hurried before even one turn was searched (the person chose at once): one turn, which
   * takes a moment, rather than a move drawn blindly. */
  if (search->hurry && result->depth == 0 && !g_cancellable_is_cancelled (cancellable))
    {
      limits.depth = 1;
      limits.time_ms = 0;
      thought->choice = syn_search_choose (search->variant, &search->state, search->side, &limits,
                                           &exclusion, NULL, work, result);
      thought->depth = result->depth;
    }
  give_back_workspace (work);
  /* Waits for a running handler, so that stop outlives every use. */
  g_cancellable_disconnect (cancellable, handler);
  if (search->hurry)
    g_cancellable_disconnect (search->hurry, hurry_handler);
  if (g_task_return_error_if_cancelled (task) || thought->choice == SYN_CHOICE_NONE)
    {
      if (!g_task_had_error (task))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("No move to choose"));
      g_free (thought);
      return;
    }
  g_task_return_pointer (task, thought, g_free);
}

/* Starts search on a worker thread, for the caller's task. */
static void
run_search (Search *search, const SynVariant *variant, const SynState *state,
            const SynChoice *excluded, int n_excluded, GTask *task)
{
  search->n_excluded = MIN (n_excluded, MAX_EXCLUDED);
  for (int i = 0; i < search->n_excluded; i++)
    search->excluded[i] = excluded[i];
  search->variant = variant;
  player_state (variant, state, search->side, &search->state);
  g_task_set_source_tag (task, syn_computer_player_search_async);
  g_task_set_task_data (task, search, search_free);
  g_task_run_in_thread (task, search_cb);
}

void
syn_computer_player_search_async (const SynVariant *variant, const SynState *state, SynColour side,
                                  SynComputerLevel level, gint time_ms, guint32 seed,
                                  GCancellable *cancellable, GAsyncReadyCallback callback,
                                  gpointer user_data)
{
  syn_computer_player_search_excluding_async (variant, state, side, level, time_ms, seed, NULL, 0,
                                              cancellable, callback, user_data);
}

void
syn_computer_player_search_excluding_async (const SynVariant *variant, const SynState *state,
                                            SynColour side, SynComputerLevel level, gint time_ms,
                                            guint32 seed, const SynChoice *excluded, int n_excluded,
                                            GCancellable *cancellable, GAsyncReadyCallback callback,
                                            gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Search *search = g_new0 (Search, 1);

  search->side = side;
  search->level = level;
  search->time_ms = time_ms;
  search->seed = seed;
  run_search (search, variant, state, excluded, n_excluded, task);
}

void
syn_computer_player_ponder_async (const SynVariant *variant, const SynState *state, SynColour side,
                                  SynComputerLevel level, guint32 seed, const SynChoice *excluded,
                                  int n_excluded, GCancellable *hurry, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Search *search = g_new0 (Search, 1);

  g_return_if_fail (G_IS_CANCELLABLE (hurry));

  search->side = side;
  search->level = level;
  search->time_ms = PONDER_MS;
  search->seed = seed;
  search->hurry = g_object_ref (hurry);
  run_search (search, variant, state, excluded, n_excluded, task);
}

SynChoice
syn_computer_player_search_finish (GAsyncResult *result, GError **error)
{
  return syn_computer_player_ponder_finish (result, NULL, error);
}

SynChoice
syn_computer_player_ponder_finish (GAsyncResult *result, int *depth, GError **error)
{
  g_autofree Thought *thought = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), SYN_CHOICE_NONE);
  thought = g_task_propagate_pointer (G_TASK (result), error);
  if (depth)
    *depth = thought ? thought->depth : 0;
  return thought ? thought->choice : SYN_CHOICE_NONE;
}
