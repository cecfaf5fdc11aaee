/* psc-table.c: the transposition table of psc-table.h. The Zobrist keys are mixed from
 * their index (piece and square) rather than kept in a table: no state to build.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-table.h"

#include <string.h>

#include "splitmix.h"

/* Marks a table cleared at least once: a workspace comes uninitialised from its caller. */
#define TABLE_READY 0x5359545441424C45ULL /* "SYTTABLE" */

void
syn_psc_table_clear (SynPscTable *table)
{
  memset (table, 0, sizeof *table);
  table->ready = TABLE_READY;
}

void
syn_psc_table_begin (SynPscTable *table, const SynPscEvalWeights *weights)
{
  if (table->ready != TABLE_READY || memcmp (&table->weights, weights, sizeof *weights) != 0)
    syn_psc_table_clear (table);
  table->weights = *weights;
  table->generation++;
}

uint64_t
syn_psc_table_key (const SynPosition *pos)
{
  SynBitboard occupied = syn_position_occupied (pos);
  uint64_t key = syn_splitmix (0x5A0B1157ULL ^ ((uint64_t) pos->castling << 8)
                               ^ ((uint64_t) (uint8_t) pos->en_passant[0] << 16)
                               ^ ((uint64_t) (uint8_t) pos->en_passant[1] << 24)
                               ^ ((uint64_t) pos->quiet_turns << 32));
  while (occupied)
    {
      int square = syn_pop_lsb (&occupied);
      key ^= syn_splitmix (((uint64_t) pos->board[square] << 6 | (uint64_t) square) + 0x9E37ULL);
    }
  return key ? key : 1;
}

const SynPscTableEntry *
syn_psc_table_probe (const SynPscTable *table, uint64_t key)
{
  const SynPscTableEntry *entry = &table->entries[key & (SYN_PSC_TABLE_SIZE - 1)];
  return entry->key == key ? entry : NULL;
}

SynPscTableEntry *
syn_psc_table_slot (SynPscTable *table, uint64_t key, int depth)
{
  SynPscTableEntry *entry = &table->entries[key & (SYN_PSC_TABLE_SIZE - 1)];
  /* A deeper entry stays: within a search when another node's, across searches also
   * when the same node's, as what an earlier search learnt deeper outlasts this one's
   * shallower iterations. */
  if (entry->key != 0 && entry->depth > depth
      && (entry->generation == table->generation) == (entry->key != key))
    return NULL;
  return entry;
}
