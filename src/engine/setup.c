/* setup.c: the faults of a position set up by hand, found for every rule set at once, and
 * its FEN; what differs between rule sets is the table below, not scattered tests.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "setup.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* What a passed square demands beyond a pawn of its colour in front of it. */
typedef enum
{
  PASSED_NONE,       /* HK-R2: there are none */
  PASSED_START_FREE, /* PSC-R9a: the start square behind is empty; the square may be taken */
  PASSED_BOTH_FREE,  /* SYN-R14: the passed square and the start square are empty */
  PASSED_NO_OWN,     /* HUT-R8: no piece of the pawn's side on either (an enemy may be) */
  PASSED_COMMITTER,  /* TX-R11: only the side that committed last, the one not to move */
} PassedRule;

typedef struct
{
  const SynVariant *variant;
  PassedRule passed;
  bool side_to_move;
  bool token;
} Rules;

static const Rules rules_table[] = {
  { &syn_variant_psc, PASSED_START_FREE, false, false },
  { &syn_variant_synchrone, PASSED_BOTH_FREE, false, false },
  { &syn_variant_hk, PASSED_NONE, false, false },
  { &syn_variant_hutnik, PASSED_NO_OWN, false, true },
  { &syn_variant_transactional, PASSED_COMMITTER, true, false },
};

static const Rules *
rules_of (const SynVariant *variant)
{
  for (size_t i = 0; i < sizeof rules_table / sizeof rules_table[0]; i++)
    if (rules_table[i].variant == variant)
      return &rules_table[i];
  return &rules_table[0];
}

SynSetupFields
syn_setup_fields (const SynVariant *variant)
{
  const Rules *rules = rules_of (variant);
  return (SynSetupFields){ rules->passed != PASSED_NONE, rules->side_to_move, rules->token };
}

static void
add (SynFault *faults, int *n, SynFaultKind kind, int side, SynBitboard squares)
{
  if (*n < SYN_MAX_FAULTS)
    faults[(*n)++] = (SynFault){ kind, (int8_t) side, squares };
}

static void
check_kings (const SynPosition *pos, SynFault *faults, int *n)
{
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      SynBitboard kings = syn_position_pieces (pos, (SynColour) c, SYN_KING);
      if (!kings)
        add (faults, n, SYN_FAULT_NO_KING, c, 0);
      else if (syn_more_than_one (kings))
        add (faults, n, SYN_FAULT_KINGS, c, kings);
    }
}

static void
check_pawns (const SynPosition *pos, SynFault *faults, int *n)
{
  if (pos->by_type[SYN_PAWN] & SYN_RANK_1)
    add (faults, n, SYN_FAULT_PAWN_ON_RANK_1, -1, pos->by_type[SYN_PAWN] & SYN_RANK_1);
  if (pos->by_type[SYN_PAWN] & SYN_RANK_8)
    add (faults, n, SYN_FAULT_PAWN_ON_RANK_8, -1, pos->by_type[SYN_PAWN] & SYN_RANK_8);
}

/* Each castling right with the squares its king and rook must stand on. */
static const struct
{
  uint8_t right;
  int king, rook;
  SynColour colour;
} castling_homes[4] = {
  { SYN_CASTLE_WHITE_SHORT, 4, 7, SYN_WHITE },
  { SYN_CASTLE_WHITE_LONG, 4, 0, SYN_WHITE },
  { SYN_CASTLE_BLACK_SHORT, 60, 63, SYN_BLACK },
  { SYN_CASTLE_BLACK_LONG, 60, 56, SYN_BLACK },
};

static bool
castling_home (const SynPosition *pos, int i)
{
  return pos->board[castling_homes[i].king] == SYN_PIECE (castling_homes[i].colour, SYN_KING)
         && pos->board[castling_homes[i].rook] == SYN_PIECE (castling_homes[i].colour, SYN_ROOK);
}

uint8_t
syn_setup_castling_possible (const SynPosition *pos)
{
  uint8_t possible = 0;

  for (int i = 0; i < 4; i++)
    if (castling_home (pos, i))
      possible |= castling_homes[i].right;
  return possible;
}

/* Every rule set's FEN reader refuses a right whose king or rook has left home. */
static void
check_castling (const SynPosition *pos, SynFault *faults, int *n)
{
  for (int i = 0; i < 4; i++)
    if ((pos->castling & castling_homes[i].right) && !castling_home (pos, i))
      add (faults, n, SYN_FAULT_CASTLING, castling_homes[i].colour,
           syn_bit (castling_homes[i].king) | syn_bit (castling_homes[i].rook));
}

static void
check_passed_square (const SynPosition *pos, PassedRule rule, SynColour c, SynFault *faults, int *n)
{
  int square = pos->en_passant[c];
  int forward = c == SYN_WHITE ? 8 : -8;
  SynBitboard occupied = syn_position_occupied (pos);
  SynBitboard blockers = rule == PASSED_NO_OWN ? pos->by_colour[c] : occupied;

  if (square == SYN_NO_SQUARE)
    return;
  if (rule == PASSED_NONE)
    {
      add (faults, n, SYN_FAULT_NO_EN_PASSANT, c, syn_bit (square));
      return;
    }
  /* TX-R11: the passed squares are announced by a commit, and the side to move did not
   * commit last. */
  if (rule == PASSED_COMMITTER && pos->side_to_move == c)
    add (faults, n, SYN_FAULT_EN_PASSANT_TO_MOVE, c, syn_bit (square));
  if (pos->board[square + forward] != SYN_PIECE (c, SYN_PAWN))
    add (faults, n, SYN_FAULT_EN_PASSANT_NO_PAWN, c, syn_bit (square) | syn_bit (square + forward));
  if (rule != PASSED_COMMITTER && (blockers & syn_bit (square - forward)))
    add (faults, n, SYN_FAULT_EN_PASSANT_BEHIND, c, syn_bit (square - forward));
  if ((rule == PASSED_BOTH_FREE || rule == PASSED_NO_OWN) && (blockers & syn_bit (square)))
    add (faults, n, SYN_FAULT_EN_PASSANT_ON, c, syn_bit (square));
}

int
syn_setup_faults (const SynSetup *setup, SynFault *faults)
{
  const Rules *rules = rules_of (setup->variant);
  const SynPosition *pos = &setup->board;
  int n = 0;

  check_kings (pos, faults, &n);
  check_pawns (pos, faults, &n);
  check_castling (pos, faults, &n);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    check_passed_square (pos, rules->passed, (SynColour) c, faults, &n);
  return n;
}

SynBitboard
syn_setup_fault_squares (const SynFault *faults, int n_faults)
{
  SynBitboard squares = 0;
  for (int i = 0; i < n_faults; i++)
    squares |= faults[i].squares;
  return squares;
}

void
syn_setup_write_fen (const SynSetup *setup, char *buf, size_t size)
{
  const Rules *rules = rules_of (setup->variant);
  size_t used;

  if (!rules->side_to_move && !rules->token)
    {
      syn_fen_write (&setup->board, SYN_FEN_PSC, buf, size);
      return;
    }
  /* The orthodox writer names the side to move (Hutnik's holder) and lists each passed
   * square. */
  syn_fen_write (&setup->board, SYN_FEN_ORTHODOX, buf, size);
  if (!rules->token)
    return;
  /* HUT-R9: '?' in field 2 leaves the first holder to the seed. */
  if (setup->token_by_lot)
    {
      char *blank = strchr (buf, ' ');
      if (blank)
        blank[1] = '?';
    }
  used = strlen (buf);
  if (used < size)
    snprintf (buf + used, size - used, " %016" PRIx64, setup->seed);
}

void
syn_setup_from_state (const SynVariant *variant, const SynState *state, SynSetup *setup)
{
  const Rules *rules = rules_of (variant);

  memset (setup, 0, sizeof *setup);
  setup->variant = variant;
  setup->board = state->board;
  if (rules->token)
    setup->seed = state->rules.hutnik.seed;
  if (rules->passed == PASSED_COMMITTER)
    {
      /* TX-R11: the files of the last commit's passed squares; the editor keeps one. */
      SynColour committer = (SynColour) !state->board.side_to_move;
      unsigned files = state->rules.tx.en_passant_files;
      setup->board.en_passant[SYN_WHITE] = SYN_NO_SQUARE;
      setup->board.en_passant[SYN_BLACK] = SYN_NO_SQUARE;
      if (files)
        setup->board.en_passant[committer]
            = (int8_t) SYN_SQUARE (syn_lsb (files), committer == SYN_WHITE ? 2 : 5);
    }
  else if (rules->passed == PASSED_NONE)
    {
      setup->board.en_passant[SYN_WHITE] = SYN_NO_SQUARE;
      setup->board.en_passant[SYN_BLACK] = SYN_NO_SQUARE;
    }
}

bool
syn_setup_to_state (const SynSetup *setup, SynState *state, SynFenError *error)
{
  char fen[SYN_FEN_MAX_SIZE + 32];

  syn_setup_write_fen (setup, fen, sizeof fen);
  return setup->variant->read_state (fen, state, error);
}
