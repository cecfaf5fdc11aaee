/* variant-search.h: looking ahead in any rule set behind SynVariant, by the method of
 * psc-search.h (every node a matrix game of the two sides' choices, solved by double
 * oracle), with each rule set's evaluation (variant-eval.h); and the computer player of
 * every rule set, which samples its choice from the equilibrium.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "psc-search.h"
#include "variant.h"

/* The memory a search works in (about ten megabytes), allocated by the caller with
 * syn_search_workspace_size() bytes and reused; the search itself never allocates. It
 * holds a PSC workspace too, since PSC is searched by psc-search.c, the same method made
 * faster by sharing PSC's control counts. */
typedef struct _SynSearchWorkspace SynSearchWorkspace;

size_t syn_search_workspace_size (void);

/* The size for a search with limits->threads threads: PSC searches on that many (psc-search.h);
 * the other rule sets on one. */
size_t syn_search_workspace_size_for (int threads);

typedef struct
{
  /* Each side's choices at the root; a side that waits has the one choice
   * SYN_CHOICE_NONE. */
  SynChoice choices[2][SYN_MAX_CHOICES];
  double strategy[2][SYN_MAX_CHOICES]; /* the equilibrium of the deepest completed search */
  int n_choices[2];
  double value;       /* of the state: White's expected score (score.h) */
  int depth;          /* turns of the deepest completed search */
  uint64_t positions; /* states analysed, in all iterations */
  double seconds;
  bool stopped; /* the caller's stop flag ended the search */
  /* What an iteration cut short certified, as in SynPscSearchResult. */
  int partial_depth;
  bool partial[2];
  double partial_guarantee[2];
} SynSearchResult;

/* Choices side must not be given at the root: those it already knows are refused this
 * step (Transactional, TX-R5). */
typedef struct
{
  SynColour side;
  const SynChoice *choices;
  int n;
} SynSearchExclusion;

/* Searches state by iterative deepening up to limits->depth turns, as
 * syn_psc_search_stoppable() (limits, stop and the result mean the same). excluded may be
 * NULL. Returns false, with only n_choices set, when the game is over or the excluded
 * side is left with nothing to choose. */
bool syn_search (const SynVariant *variant, const SynState *state, const SynPscLimits *limits,
                 const SynSearchExclusion *excluded, const atomic_int *stop,
                 SynSearchWorkspace *work, SynSearchResult *result);

/* side's choice: searched, then drawn from side's equilibrium strategy with seed, each side
 * from a stream of its own. SYN_CHOICE_NONE when the game is over or side waits. */
SynChoice syn_search_choose (const SynVariant *variant, const SynState *state, SynColour side,
                             const SynPscLimits *limits, const SynSearchExclusion *excluded,
                             const atomic_int *stop, SynSearchWorkspace *work,
                             SynSearchResult *result);

/* The value of the state every pair of white[w] and black[b] leads to, into
 * cells[w * n_black + b]: its evaluation, or its outcome's, after the rest of an exchange
 * of blows it opens (syn_variant_unsettled) is searched out. */
void syn_search_pair_matrix (const SynVariant *variant, const SynState *state,
                             const SynChoice *white, int n_white, const SynChoice *black,
                             int n_black, SynSearchWorkspace *work, double *cells);

/* The same values as White's expected score (score.h), as the search weighs them. */
void syn_search_pair_scores (const SynVariant *variant, const SynState *state,
                             const SynChoice *white, int n_white, const SynChoice *black,
                             int n_black, SynSearchWorkspace *work, double *cells);
