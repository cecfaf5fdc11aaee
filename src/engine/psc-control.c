/* psc-control.c: PSC attack counts as bit-sliced bitboards, so control and freezing of all
 * 64 squares come out of a few word operations instead of a loop over squares.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "psc-control.h"

#include "attacks.h"

/* A count for every square at once, one bit plane per binary digit. */
typedef struct
{
  SynBitboard bit[SYN_COUNT_BITS];
  SynBitboard overflow; /* squares whose count outgrew the planes in use */
} Counts;

/* Counts of 8 or more pieces of one colour on one square are rare, so three planes are
 * tried first and all five only when a count overflows them. */
#define FAST_PLANES 3

/* Copies the planes one word at a time: a block copy would read back as 16-byte loads what
 * was just spilled as 8-byte stores, and stall on store forwarding. */
static inline void
store_counts (SynBitboard *out, const Counts *counts)
{
  out[0] = counts->bit[0];
  out[1] = counts->bit[1];
  out[2] = counts->bit[2];
  out[3] = counts->bit[3];
  out[4] = counts->bit[4];
}

/* Adds one to the count of every square in set: half adders rippling the carry up the
 * first `planes` planes, without a branch, so the planes stay in registers. */
static inline void
add_set (Counts *counts, SynBitboard set, int planes)
{
  for (int i = 0; i < planes; i++)
    {
      SynBitboard carry = counts->bit[i] & set;
      counts->bit[i] ^= set;
      set = carry;
    }
  counts->overflow |= set;
}

int
syn_psc_en_passant_victim (const SynPosition *pos, SynColour colour)
{
  SynColour them = (SynColour) !colour;
  int passed = pos->en_passant[them];
  int victim;
  /* Bitboards only: the analysis must not read the mailbox (see syn_psc_count_after_turn). */
  if (passed == SYN_NO_SQUARE || (syn_position_occupied (pos) & syn_bit (passed)))
    return SYN_NO_SQUARE;
  victim = them == SYN_WHITE ? passed + 8 : passed - 8;
  if (!(syn_position_pieces (pos, them, SYN_PAWN) & syn_bit (victim)))
    return SYN_NO_SQUARE;
  return victim;
}

/* Keeps the attack set of the piece on square (PSC-R1, without its own square) and counts
 * it. */
/* Adds the sets two at a time: a full adder folds a pair into the ones plane, then a single
 * carry ripples up; branch-free, and about half the work of adding them one by one. */
static inline void
add_sets (Counts *counts, const SynBitboard *sets, int n, int planes)
{
  for (int i = 0; i < n; i += 2)
    {
      SynBitboard a = sets[i], b = i + 1 < n ? sets[i + 1] : 0;
      SynBitboard partial = counts->bit[0] ^ a;
      SynBitboard carry = (counts->bit[0] & a) | (partial & b);
      counts->bit[0] = partial ^ b;
      for (int p = 1; p < planes; p++)
        {
          SynBitboard next = counts->bit[p] & carry;
          counts->bit[p] ^= carry;
          carry = next;
        }
      counts->overflow |= carry;
    }
}

static inline void
add_piece (SynPscControl *ctl, SynBitboard *sets, int *n_sets, int square, SynBitboard reach)
{
  ctl->attacks[square] = reach;
  sets[(*n_sets)++] = reach;
}

/* Adds the attack sets of colour's pieces into ctl (PSC-R1), counting with `planes` bit
 * planes; returns false when a count did not fit them. */
static inline __attribute__ ((always_inline)) bool
count_colour_in (const SynPosition *pos, SynColour us, SynPscControl *ctl, int planes)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us], enemy = pos->by_colour[them];
  SynBitboard occupied = own | enemy, empty = ~occupied;
  Counts counts = { { 0 }, 0 };
  SynBitboard not_own = ~own, pieces;
  SynBitboard sets[16];
  int n_sets = 0;
  SynBitboard pawns = own & pos->by_type[SYN_PAWN];
  SynBitboard start_step = us == SYN_WHITE ? SYN_RANK_3 : SYN_RANK_6;
  SynBitboard single = syn_shift_forward (pawns, us) & empty;
  SynBitboard twice = syn_shift_forward (single & start_step, us) & empty;
  SynBitboard forward = syn_shift_forward (pawns, us);
  SynBitboard east = syn_shift_east (forward) & enemy;
  SynBitboard west = syn_shift_west (forward) & enemy;
  int victim;

  /* Pieces first, so their counts can be kept apart for counting moves. */
  for (pieces = own & pos->by_type[SYN_KNIGHT]; pieces;)
    {
      int square = syn_pop_lsb (&pieces);
      add_piece (ctl, sets, &n_sets, square, syn_knight_attacks (square) & not_own);
    }
  for (pieces = own & (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN]); pieces;)
    {
      int square = syn_pop_lsb (&pieces);
      SynBitboard reach = syn_bishop_attacks (square, occupied);
      if (pos->by_type[SYN_QUEEN] & syn_bit (square))
        reach |= syn_rook_attacks (square, occupied);
      add_piece (ctl, sets, &n_sets, square, reach & not_own);
    }
  for (pieces = own & pos->by_type[SYN_ROOK]; pieces;)
    {
      int square = syn_pop_lsb (&pieces);
      add_piece (ctl, sets, &n_sets, square, syn_rook_attacks (square, occupied) & not_own);
    }
  /* A loop, not syn_lsb() of the king: HK and Synchrone games end with a king captured,
   * and the lowest bit of an empty set would name a square that holds no king. */
  for (pieces = own & pos->by_type[SYN_KING]; pieces;)
    {
      int square = syn_pop_lsb (&pieces);
      add_piece (ctl, sets, &n_sets, square, syn_king_attacks (square) & not_own);
    }
  add_sets (&counts, sets, n_sets, planes);
  store_counts (ctl->piece_counts[us], &counts);

  /* Every piece attacks its own square; pawn pushes of different pawns never meet. */
  sets[0] = own;
  sets[1] = single | twice;
  sets[2] = east;
  sets[3] = west;
  add_sets (&counts, sets, 4, planes);

  ctl->pawn_pushes[us] = single | twice;
  ctl->pawn_east[us] = east;
  ctl->pawn_west[us] = west;
  ctl->en_passant_capturers[us] = 0;
  victim = pos->en_passant[them] == SYN_NO_SQUARE ? SYN_NO_SQUARE
                                                  : syn_psc_en_passant_victim (pos, us);
  if (victim != SYN_NO_SQUARE)
    {
      SynBitboard capturers
          = (syn_shift_east (syn_bit (victim)) | syn_shift_west (syn_bit (victim))) & pawns;
      SynBitboard reach = syn_bit (victim) | syn_bit (pos->en_passant[them]);
      ctl->en_passant_capturers[us] = capturers;
      for (; capturers; capturers &= capturers - 1)
        add_set (&counts, reach, planes);
    }
  store_counts (ctl->counts[us], &counts);
  return counts.overflow == 0;
}

static inline __attribute__ ((always_inline)) void
count_colour (const SynPosition *pos, SynColour us, SynPscControl *ctl)
{
  if (!count_colour_in (pos, us, ctl, FAST_PLANES))
    count_colour_in (pos, us, ctl, SYN_COUNT_BITS);
}

SYN_HOT_CLONES void
syn_psc_control (const SynPosition *pos, SynPscControl *ctl)
{
  const SynBitboard *white = ctl->counts[SYN_WHITE], *black = ctl->counts[SYN_BLACK];
  SynBitboard greater = 0, equal = ~0ULL, twice[2];

  count_colour (pos, SYN_WHITE, ctl);
  count_colour (pos, SYN_BLACK, ctl);

  /* Compare the two counts bit plane by bit plane, from the highest. */
  for (int i = SYN_COUNT_BITS - 1; i >= 0; i--)
    {
      greater |= equal & white[i] & ~black[i];
      equal &= ~(white[i] ^ black[i]);
    }
  ctl->control[SYN_WHITE] = greater;
  ctl->control[SYN_BLACK] = ~greater & ~equal;

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      twice[c] = syn_psc_attacked_twice (ctl, (SynColour) c);
      ctl->attacked[c] = twice[c] | ctl->counts[c][0];
    }
  /* PSC-R3 */
  ctl->frozen = (pos->by_colour[SYN_WHITE] & twice[SYN_BLACK])
                | (pos->by_colour[SYN_BLACK] & twice[SYN_WHITE]);
}

int
syn_psc_attack_count (const SynPscControl *ctl, SynColour colour, int square)
{
  int count = 0;
  for (int i = 0; i < SYN_COUNT_BITS; i++)
    count |= (int) ((ctl->counts[colour][i] >> square) & 1) << i;
  return count;
}
