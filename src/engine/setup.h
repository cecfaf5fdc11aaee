/* setup.h: a position set up by hand for one rule set (the position editor's): every fault
 * that keeps it from starting a game, each with the squares at fault, and its FEN in that
 * rule set's words.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "variant.h"

/* What a set-up position may be missing or have too much of. The UI puts each in words. */
typedef enum
{
  SYN_FAULT_NO_KING = 1,        /* side has no king (squares: none) */
  SYN_FAULT_KINGS,              /* side has more than one king (squares: its kings) */
  SYN_FAULT_PAWN_ON_RANK_1,     /* pawns on rank 1 (squares: those pawns) */
  SYN_FAULT_PAWN_ON_RANK_8,     /* pawns on rank 8 */
  SYN_FAULT_CASTLING,           /* side may castle without king and rook at home (squares: both
                                   home squares of that right) */
  SYN_FAULT_NO_EN_PASSANT,      /* HK-R2: these rules have no en passant (squares: the passed
                                   square) */
  SYN_FAULT_EN_PASSANT_NO_PAWN, /* side's passed square has no pawn of side in front of it */
  SYN_FAULT_EN_PASSANT_BEHIND,  /* side's pawn's start square, behind the passed square, is
                                   not empty (Hutnik: holds a piece of side) */
  SYN_FAULT_EN_PASSANT_ON,      /* the passed square itself holds a piece (Synchrone) or a
                                   piece of side (Hutnik) */
  SYN_FAULT_EN_PASSANT_TO_MOVE, /* TX-R11: side is to move, yet only the side that committed
                                   last has passed squares */
} SynFaultKind;

typedef struct
{
  SynFaultKind kind;
  int8_t side;         /* the colour at fault, or -1 */
  SynBitboard squares; /* the squares at fault, to mark on a board */
} SynFault;

#define SYN_MAX_FAULTS 16

/* A position set up by hand. board.side_to_move is Transactional's side to move (TX-R1) and
 * Hutnik's initiative holder (HUT-R12); board.en_passant holds at most one passed square a
 * colour. */
typedef struct
{
  const SynVariant *variant;
  SynPosition board;
  bool token_by_lot; /* Hutnik HUT-R9: the seed draws the first holder */
  uint64_t seed;     /* Hutnik HUT-R9 */
} SynSetup;

/* What a rule set lets the editor set beyond pieces, castling and counters. */
typedef struct
{
  bool en_passant;   /* passed squares exist (not HK, HK-R2) */
  bool side_to_move; /* Transactional: who moves next */
  bool token;        /* Hutnik: who holds the initiative, or drawn by lot */
} SynSetupFields;

SynSetupFields syn_setup_fields (const SynVariant *variant);

/* Writes every fault of setup into faults (SYN_MAX_FAULTS long), in a fixed order (kings,
 * pawns, castling, passed squares, White before Black); returns how many; 0 when a game can
 * start from it. Rule sets that read a finished game's FEN without a king still need both
 * here: a game cannot start without them. */
int syn_setup_faults (const SynSetup *setup, SynFault *faults);

/* The squares of every fault, as one set. */
SynBitboard syn_setup_fault_squares (const SynFault *faults, int n_faults);

/* The castling rights whose king and rook stand at home in pos. */
uint8_t syn_setup_castling_possible (const SynPosition *pos);

/* setup's FEN in its rule set's words (SYN_FEN_MAX_SIZE is enough); Transactional's without
 * transactions, as if every turn so far had ended in a commit. */
void syn_setup_write_fen (const SynSetup *setup, char *buf, size_t size);

/* The setup of state in variant: its board, with Transactional's passed squares of the last
 * commit (the first one of them) and Hutnik's token and seed. */
void syn_setup_from_state (const SynVariant *variant, const SynState *state, SynSetup *setup);

/* The state setup starts a game from, read back through the rule set's FEN reader; false
 * with error when setup has faults the reader refuses. */
bool syn_setup_to_state (const SynSetup *setup, SynState *state, SynFenError *error);
