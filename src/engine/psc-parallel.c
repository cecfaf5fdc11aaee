/* psc-parallel.c: the PSC search on several threads. The root's cells are independent
 * subtrees, so the two things the root's double oracle spends its time on, making its
 * restricted cells exact and answering the other side's strategy with every move, are
 * shared out cell by cell and move by move. Each thread searches in a workspace of its own
 * (frames, table, killers) and writes only the root cells of its own items, so nothing is
 * locked; the root's double oracle itself stays on the caller's thread.
 *
 * A helper's table and killers differ from a lone search's, which may lead a node to
 * another equilibrium of the same game: the values agree within the double oracle's
 * tolerance, as with the table switched off (psc-search.c).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-search-private.h"

#include <string.h>
#include <threads.h>

typedef enum
{
  JOB_CELLS,
  JOB_RESPONSES
} JobKind;

/* One shared-out task: items taken in turn from next, so that a thread whose subtrees were
 * small takes more of them. */
typedef struct
{
  JobKind kind;
  Frame *root;
  int child_depth, side, n_items;
  double target;
  atomic_int next;
} Job;

typedef struct
{
  Job *job;
  SynPscWorkspace *work;
} Worker;

static SynPscWorkspace *
helper (SynPscWorkspace *work, int index)
{
  return work + index;
}

void
psc_parallel_start (SynPscWorkspace *work)
{
  atomic_store (&work->abort, 0);
  if (work->threads < 2)
    return;
  work->limits.abort = &work->abort;
  for (int t = 1; t < work->threads; t++)
    {
      SynPscWorkspace *h = helper (work, t);
      h->threads = 1;
      h->use_table = work->use_table;
      h->plain = work->plain;
      h->noise = work->noise;
      h->weights = work->weights;
      h->seed = work->seed;
      h->table_hits = 0;
      h->cert.certifying = false;
      memset (h->killers, 0, sizeof h->killers);
      /* The caller's budget of positions is counted on its own thread. */
      h->limits = work->limits;
      h->limits.max_positions = 0;
      h->limits.positions = 0;
    }
}

void
psc_parallel_clear_tables (SynPscWorkspace *work)
{
  for (int t = 1; t < work->threads; t++)
    syn_psc_table_clear (&helper (work, t)->table);
}

/* Takes items until none is left or the search stops; a thread that stops stops them all. */
static void
run_job (Job *job, SynPscWorkspace *work)
{
  Frame *root = job->root;
  const int n_cols = root->n_set[SYN_BLACK];

  while (!work->limits.stopped)
    {
      int i = atomic_fetch_add (&job->next, 1);
      if (i >= job->n_items)
        break;
      if (job->kind == JOB_CELLS)
        psc_cell_value (work, root, 0, job->child_depth, root->set[SYN_WHITE][i / n_cols],
                        root->set[SYN_BLACK][i % n_cols]);
      else
        root->payoff[job->side][i]
            = psc_response_payoff (work, root, 0, job->child_depth, job->side, i, job->target);
    }
  if (work->limits.stopped)
    atomic_store (work->limits.abort, 1);
}

static int
run_worker (void *data)
{
  Worker *worker = data;
  run_job (worker->job, worker->work);
  return 0;
}

/* Runs job on every thread, the caller's included; a helper that cannot be started leaves
 * its share to the others. */
static void
run_everywhere (SynPscWorkspace *work, Job *job)
{
  thrd_t threads[SYN_PSC_MAX_THREADS];
  Worker workers[SYN_PSC_MAX_THREADS];
  bool started[SYN_PSC_MAX_THREADS] = { false };

  atomic_init (&job->next, 0);
  for (int t = 1; t < work->threads; t++)
    {
      SynPscWorkspace *h = helper (work, t);
      /* The root may stop only once the caller's thread may (depth 1 never does). */
      h->limits.may_stop = work->limits.may_stop;
      h->limits.stopped = work->limits.stopped;
      /* Where the root's iteration has its leaves (psc-search.c's extension). */
      h->horizon = work->horizon;
      workers[t].job = job;
      workers[t].work = h;
      started[t] = thrd_create (&threads[t], run_worker, &workers[t]) == thrd_success;
    }
  run_job (job, work);
  for (int t = 1; t < work->threads; t++)
    if (started[t])
      thrd_join (threads[t], NULL);
  if (atomic_load (&work->abort))
    work->limits.stopped = true;
}

void
psc_parallel_cells (SynPscWorkspace *work, Frame *root, int child_depth)
{
  Job job = { .kind = JOB_CELLS, .root = root, .child_depth = child_depth };
  job.n_items = root->n_set[SYN_WHITE] * root->n_set[SYN_BLACK];
  run_everywhere (work, &job);
}

void
psc_parallel_responses (SynPscWorkspace *work, Frame *root, int child_depth, int side,
                        double target)
{
  Job job = { .kind = JOB_RESPONSES, .root = root, .child_depth = child_depth, .side = side };
  job.n_items = root->n[side];
  job.target = target;
  run_everywhere (work, &job);
}

void
psc_parallel_finish (SynPscWorkspace *work)
{
  for (int t = 1; t < work->threads; t++)
    {
      work->limits.positions += helper (work, t)->limits.positions;
      work->table_hits += helper (work, t)->table_hits;
    }
}
