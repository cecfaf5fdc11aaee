/* psc-table.c: the transposition table of psc-table.h. The Zobrist keys are mixed from
 * their index (piece and square) rather than kept in a table: no state to build.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-table.h"

#include <string.h>

#include "splitmix.h"

void
syn_psc_table_clear (SynPscTable *table)
{
  memset (table, 0, sizeof *table);
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
syn_psc_table_probe (const SynPscTable *table, uint64_t key, int ply)
{
  const SynPscTableEntry *entry = &table->entries[key & (SYN_PSC_TABLE_SIZE - 1)];
  if (entry->key == key && entry->ply == ply)
    return entry;
  return NULL;
}

SynPscTableEntry *
syn_psc_table_slot (SynPscTable *table, uint64_t key, int depth)
{
  SynPscTableEntry *entry = &table->entries[key & (SYN_PSC_TABLE_SIZE - 1)];
  if (entry->key != 0 && entry->key != key && entry->depth > depth)
    return NULL;
  return entry;
}
