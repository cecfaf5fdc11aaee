/* gen-attack-tables.c: writes attack-tables.c at build time, so every table the engine
 * reads is static const data and nothing is initialised at run time.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t Bitboard;

#define ROOK_TABLE_SIZE 102400
#define BISHOP_TABLE_SIZE 5248

typedef struct
{
  Bitboard mask;
  Bitboard magic;
  unsigned offset;
  unsigned shift;
} Magic;

static const int rook_directions[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_directions[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static int
on_board (int file, int rank)
{
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

/* Squares a slider on square reaches, stopping at (and including) the first blocker. */
static Bitboard
slide (int square, Bitboard occupied, const int directions[4][2])
{
  Bitboard result = 0;
  for (int d = 0; d < 4; d++)
    {
      int file = square % 8 + directions[d][0];
      int rank = square / 8 + directions[d][1];
      while (on_board (file, rank))
        {
          int target = rank * 8 + file;
          result |= 1ULL << target;
          if (occupied & (1ULL << target))
            break;
          file += directions[d][0];
          rank += directions[d][1];
        }
    }
  return result;
}

/* The relevant occupancy: the rays without their last square, which never blocks anything. */
static Bitboard
relevant_mask (int square, const int directions[4][2])
{
  Bitboard result = 0;
  for (int d = 0; d < 4; d++)
    {
      int file = square % 8 + directions[d][0];
      int rank = square / 8 + directions[d][1];
      while (on_board (file + directions[d][0], rank + directions[d][1]))
        {
          result |= 1ULL << (rank * 8 + file);
          file += directions[d][0];
          rank += directions[d][1];
        }
    }
  return result;
}

static uint64_t random_state = 0x9E3779B97F4A7C15ULL;

static uint64_t
next_random (void)
{
  random_state ^= random_state >> 12;
  random_state ^= random_state << 25;
  random_state ^= random_state >> 27;
  return random_state * 0x2545F4914F6CDD1DULL;
}

static int
count_bits (Bitboard b)
{
  int n = 0;
  for (; b; b &= b - 1)
    n++;
  return n;
}

/* Finds a magic for one square by trial with sparse random numbers, the usual method. */
static void
find_magic (int square, const int directions[4][2], Magic *magic, Bitboard *table, unsigned offset)
{
  static Bitboard occupancies[4096], attacks[4096];
  static unsigned epoch[4096];
  static unsigned current_epoch;
  Bitboard mask = relevant_mask (square, directions);
  int bits = count_bits (mask);
  int size = 0;
  Bitboard subset = 0;

  /* Carry-rippler: every subset of the mask. */
  do
    {
      occupancies[size] = subset;
      attacks[size] = slide (square, subset, directions);
      size++;
      subset = (subset - mask) & mask;
    }
  while (subset);

  magic->mask = mask;
  magic->shift = 64 - bits;
  magic->offset = offset;
  for (;;)
    {
      Bitboard candidate = next_random () & next_random () & next_random ();
      int i;
      if (count_bits ((mask * candidate) >> 56) < 6)
        continue;
      current_epoch++;
      for (i = 0; i < size; i++)
        {
          unsigned index = (unsigned) ((occupancies[i] * candidate) >> magic->shift);
          if (epoch[index] < current_epoch)
            {
              epoch[index] = current_epoch;
              table[offset + index] = attacks[i];
            }
          else if (table[offset + index] != attacks[i])
            break;
        }
      if (i == size)
        {
          magic->magic = candidate;
          return;
        }
    }
}

static Bitboard
leaper (int square, const int steps[][2], int n_steps)
{
  Bitboard result = 0;
  for (int i = 0; i < n_steps; i++)
    {
      int file = square % 8 + steps[i][0];
      int rank = square / 8 + steps[i][1];
      if (on_board (file, rank))
        result |= 1ULL << (rank * 8 + file);
    }
  return result;
}

static void
write_bitboards (FILE *out, const char *name, const Bitboard *values, int n)
{
  fprintf (out, "const SynBitboard %s[%d] = {\n", name, n);
  for (int i = 0; i < n; i++)
    fprintf (out, "0x%016" PRIx64 "ULL,%s", values[i], i % 4 == 3 ? "\n" : " ");
  fprintf (out, "};\n\n");
}

static void
write_magics (FILE *out, const char *name, const Magic *magics)
{
  fprintf (out, "const SynMagic %s[64] = {\n", name);
  for (int i = 0; i < 64; i++)
    fprintf (out, "{ 0x%016" PRIx64 "ULL, 0x%016" PRIx64 "ULL, %u, %u },\n", magics[i].mask,
             magics[i].magic, magics[i].offset, magics[i].shift);
  fprintf (out, "};\n\n");
}

int
main (int argc, char **argv)
{
  static const int knight_steps[8][2]
      = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
  static const int king_steps[8][2]
      = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
  static const int white_pawn_steps[2][2] = { { -1, 1 }, { 1, 1 } };
  static const int black_pawn_steps[2][2] = { { -1, -1 }, { 1, -1 } };
  static Bitboard slider_table[ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];
  static Bitboard knight[64], king[64], pawn[2 * 64], between[64 * 64], line[64 * 64];
  Magic rook_magics[64], bishop_magics[64];
  unsigned offset = 0;
  FILE *out;

  if (argc != 2)
    {
      fprintf (stderr, "usage: %s OUTPUT.c\n", argv[0]);
      return 2;
    }

  for (int sq = 0; sq < 64; sq++)
    {
      find_magic (sq, rook_directions, &rook_magics[sq], slider_table, offset);
      offset += 1u << (64 - rook_magics[sq].shift);
    }
  for (int sq = 0; sq < 64; sq++)
    {
      find_magic (sq, bishop_directions, &bishop_magics[sq], slider_table, offset);
      offset += 1u << (64 - bishop_magics[sq].shift);
    }

  for (int sq = 0; sq < 64; sq++)
    {
      knight[sq] = leaper (sq, knight_steps, 8);
      king[sq] = leaper (sq, king_steps, 8);
      pawn[sq] = leaper (sq, white_pawn_steps, 2);
      pawn[64 + sq] = leaper (sq, black_pawn_steps, 2);
    }

  for (int a = 0; a < 64; a++)
    for (int b = 0; b < 64; b++)
      {
        Bitboard target = 1ULL << b;
        const int (*directions)[2] = NULL;
        if (a == b)
          continue;
        if (slide (a, 0, rook_directions) & target)
          directions = rook_directions;
        else if (slide (a, 0, bishop_directions) & target)
          directions = bishop_directions;
        if (!directions)
          continue;
        between[a * 64 + b] = slide (a, target, directions) & slide (b, 1ULL << a, directions);
        line[a * 64 + b]
            = (slide (a, 0, directions) & slide (b, 0, directions)) | (1ULL << a) | target;
      }

  out = fopen (argv[1], "w");
  if (!out)
    {
      perror (argv[1]);
      return 1;
    }
  fprintf (out, "/* attack-tables.c: generated by gen-attack-tables.c; do not edit. */\n");
  fprintf (out, "#include \"attacks.h\"\n\n");
  write_magics (out, "syn_rook_magics", rook_magics);
  write_magics (out, "syn_bishop_magics", bishop_magics);
  write_bitboards (out, "syn_slider_table", slider_table, ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE);
  write_bitboards (out, "syn_knight_table", knight, 64);
  write_bitboards (out, "syn_king_table", king, 64);
  write_bitboards (out, "syn_pawn_capture_table", pawn, 128);
  write_bitboards (out, "syn_between_table", between, 64 * 64);
  write_bitboards (out, "syn_line_table", line, 64 * 64);
  if (fclose (out) != 0)
    {
      perror (argv[1]);
      return 1;
    }
  return 0;
}
