/* psc-table.h: the transposition table of the PSC search (psc-search.c): the exact value of
 * each node searched, by Zobrist key, depth and ply, with its equilibrium supports.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdint.h>

#include "move.h"
#include "position.h"
#include "psc-eval.h"

#define SYN_PSC_TABLE_SUPPORT 4
/* 2^17 entries, 5 MB: cleared in about a millisecond, once for a workspace (and when the
 * evaluation's weights change), which a one-turn search never pays. */
#define SYN_PSC_TABLE_SIZE (1u << 17)

typedef struct
{
  uint64_t key; /* 0: empty */
  double value;
  /* For a node one turn from the horizon that kept some of its moves only, a hash of those
   * (psc_frame_cap_horizon()), else 0: its value answers a search that keeps the same. */
  uint64_t kept;
  int8_t depth, ply;
  uint8_t generation; /* the search that stored it (SynPscTable.generation) */
  /* The node's equilibrium supports, most likely first: where the next iteration's double
   * oracle starts, one turn deeper. SYN_MOVE_NONE after the last. */
  SynMove support[2][SYN_PSC_TABLE_SUPPORT];
} SynPscTableEntry;

typedef struct
{
  SynPscTableEntry entries[SYN_PSC_TABLE_SIZE];
  /* The table outlives a search, so that the next search finds what this one learnt of the
   * positions ahead (the pair played leads into them): ready says it was cleared once,
   * generation counts the searches (wrapping: a slot is then kept a little longer), weights
   * are those its values were found with, compared by value as callers reuse their memory. */
  uint64_t ready;
  uint8_t generation;
  SynPscEvalWeights weights;
} SynPscTable;

void syn_psc_table_clear (SynPscTable *table);

/* Readies table for a search with the evaluation's weights: clears a table never used, or
 * used with other weights, and starts a generation, whose entries push out older ones. */
void syn_psc_table_begin (SynPscTable *table, const SynPscEvalWeights *weights);

/* Zobrist's hash of pos: every piece on its square, castling rights, en passant squares
 * and the quiet-turn count (the outcome depends on it, PSC-R10). Never 0. */
uint64_t syn_psc_table_key (const SynPosition *pos);

/* The entry of the position with that key, found at any ply and depth (its value answers
 * only a node at the same ply and depth; its supports seed any), or NULL. */
const SynPscTableEntry *syn_psc_table_probe (const SynPscTable *table, uint64_t key);

/* The slot for the node with that key searched depth turns deep, or NULL when a deeper
 * search of another node, in this search, keeps it (it cost more to redo). The caller
 * fills it. */
SynPscTableEntry *syn_psc_table_slot (SynPscTable *table, uint64_t key, int depth);
