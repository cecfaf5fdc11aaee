/* fuzz-resolve.c: libFuzzer target for PSC turns. The first byte picks a start: one of a few
 * positions with something unusual in them, or the start position after some turns of
 * random play seeded by the next bytes. Then each pair of bytes picks a white and a black
 * legal move, played with syn_psc_resolve() while the game goes on, and every position on
 * the way is checked (PSC-R1 to R10).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "fen.h"
#include "fuzz-check.h"
#include "psc.h"

#define MAX_TURNS 64
#define RANDOM_PLAY_FLAG 0x80

static const char *const start_fens[] = {
  SYN_FEN_START,
  /* PSC-R7: both sides may take en passant at once. */
  "4k3/b7/8/3pP3/3Pp3/2N5/8/4K3 w - d3d6 0 10",
  /* PSC-R7: Black may take the pawn that just double-stepped. */
  "4k3/4r3/8/8/3pP3/8/8/4K3 w - e3 0 5",
  /* PSC-R5: every castling right, the paths clear. */
  "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
  /* PSC-R6: promotions by push and by capture on both sides. */
  "1r2k3/P6P/8/8/8/8/p6p/1R2K3 w - - 0 20",
  /* A crowded position where many squares are contested and pieces freeze. */
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 4 4",
  /* PSC-R10: two quiet turns from the fifty-turn draw. */
  "4k3/8/8/8/8/8/8/R3K2R w KQ - 48 100",
  /* PSC-R9: the turn number near the top of its field. */
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 65530",
  /* Kings face to face with the square between them contested. */
  "8/8/8/3k4/8/3K4/8/8 w - - 0 1",
  /* Queens against lone kings: frozen kings come quickly (PSC-R3, R10). */
  "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1",
  /* Both sides with double steps and captures to make. */
  "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
};

#define N_START_FENS ((int) (sizeof start_fens / sizeof start_fens[0]))

typedef struct
{
  const uint8_t *data;
  size_t size, used;
} Bytes;

static bool
take_byte (Bytes *bytes, uint8_t *byte)
{
  if (bytes->used == bytes->size)
    return false;
  *byte = bytes->data[bytes->used++];
  return true;
}

/* xorshift64: random play needs no quality, only that a few bytes lead far. */
static uint64_t
next_random (uint64_t *state)
{
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* Checks pos and its control, lists both sides' moves and returns the outcome. */
static SynOutcome
check_turn (const SynPosition *pos, SynPscControl *ctl, SynMove moves[2][SYN_MAX_MOVES],
            int n_moves[2])
{
  SynOutcome outcome;

  fuzz_check_position (pos, SYN_FEN_PSC);
  fuzz_check_fen_round_trip (pos, SYN_FEN_PSC);
  syn_psc_control (pos, ctl);
  fuzz_check_control (pos, ctl);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      n_moves[c] = syn_psc_moves (pos, ctl, (SynColour) c, moves[c]);
      fuzz_check_psc_moves (pos, ctl, (SynColour) c, moves[c], n_moves[c]);
    }
  outcome = syn_psc_outcome (pos, ctl);
  if (outcome.result == SYN_RESULT_NONE)
    {
      /* PSC-R10: a game that goes on has two unfrozen kings and moves on both sides, so no
       * move can take a king (PSC-R3: only frozen pieces can be taken). */
      fuzz_require (n_moves[SYN_WHITE] > 0 && n_moves[SYN_BLACK] > 0,
                    "the game goes on with %d and %d moves", n_moves[SYN_WHITE],
                    n_moves[SYN_BLACK]);
      for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
        for (int i = 0; i < n_moves[c]; i++)
          fuzz_require (!(pos->by_type[SYN_KING] & syn_bit (syn_move_to (moves[c][i]))),
                        "a move of colour %d takes a king", c);
    }
  return outcome;
}

/* PSC-R8, R9 the plain way, on the mailbox, to hold syn_psc_resolve() to. */
static void
check_resolved (const SynPosition *before, const SynMove pair[2], const SynPosition *after)
{
  SynPiece board[64];
  bool resets = false;

  memcpy (board, before->board, sizeof board);
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int from = syn_move_from (pair[c]), to = syn_move_to (pair[c]);
      bool pawn = SYN_PIECE_TYPE (before->board[from]) == SYN_PAWN;
      if (pawn || before->board[to] != SYN_NO_PIECE)
        resets = true;
      /* PSC-R9: the passed square of a double step, and only of one made this turn. */
      fuzz_require (after->en_passant[c]
                        == (pawn && (from ^ to) == 16 ? (from + to) / 2 : SYN_NO_SQUARE),
                    "colour %d has en passant square %d after moving %d to %d", c,
                    after->en_passant[c], from, to);
      board[from] = SYN_NO_PIECE;
      if (syn_move_kind (pair[c]) == SYN_MOVE_CASTLE)
        board[to > from ? from + 3 : from - 4] = SYN_NO_PIECE;
      if (syn_move_kind (pair[c]) == SYN_MOVE_EN_PASSANT)
        board[c == SYN_WHITE ? to - 8 : to + 8] = SYN_NO_PIECE;
    }
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int from = syn_move_from (pair[c]), to = syn_move_to (pair[c]);
      board[to] = syn_move_is_promotion (pair[c]) ? SYN_PIECE (c, syn_move_promotion_type (pair[c]))
                                                  : before->board[from];
      if (syn_move_kind (pair[c]) == SYN_MOVE_CASTLE)
        board[to > from ? from + 1 : from - 1] = SYN_PIECE (c, SYN_ROOK);
    }

  fuzz_require (memcmp (board, after->board, sizeof board) == 0,
                "the board after the turn is not the one PSC-R8 gives");
  fuzz_require ((after->castling & ~before->castling) == 0, "a castling right came back");
  /* What follows the largest turn number FEN can hold is left to the FEN checks. */
  fuzz_require (before->turn_number == UINT16_MAX || after->turn_number == before->turn_number + 1,
                "turn %u follows turn %u", after->turn_number, before->turn_number);
  fuzz_require (after->quiet_turns == (resets ? 0 : before->quiet_turns + 1),
                "quiet turns %u follow %u", after->quiet_turns, before->quiet_turns);
}

/* Plays turns from pos while the game goes on: moves picked by the PRNG when random is
 * non-NULL, else by the bytes; at most max_turns. Returns false when the game ended. */
static bool
play (SynPosition *pos, Bytes *bytes, uint64_t *random, int max_turns)
{
  SynMove moves[2][SYN_MAX_MOVES];
  SynPscControl ctl;
  int n_moves[2];

  for (int turn = 0; turn < max_turns; turn++)
    {
      SynMove pair[2];
      SynPosition next;

      if (check_turn (pos, &ctl, moves, n_moves).result != SYN_RESULT_NONE)
        return false;
      for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
        {
          uint8_t byte;
          if (random)
            pair[c] = moves[c][next_random (random) % (uint64_t) n_moves[c]];
          else if (take_byte (bytes, &byte))
            pair[c] = moves[c][byte % n_moves[c]];
          else
            return true;
        }
      syn_psc_resolve (pos, pair[SYN_WHITE], pair[SYN_BLACK], &next);
      check_resolved (pos, pair, &next);
      *pos = next;
    }
  /* The last position is checked too. */
  return check_turn (pos, &ctl, moves, n_moves).result == SYN_RESULT_NONE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  Bytes bytes = { data, size, 0 };
  SynPosition pos;
  SynFenError error;
  uint8_t first;

  if (!take_byte (&bytes, &first))
    return 0;
  if (first & RANDOM_PLAY_FLAG)
    {
      uint64_t random = 0x9E3779B97F4A7C15ULL;
      uint8_t byte;
      /* Seeded by up to four bytes; xorshift must not start from zero. */
      for (int i = 0; i < 4 && take_byte (&bytes, &byte); i++)
        random = (random << 8) ^ byte ^ (random >> 56);
      syn_position_set_start (&pos);
      if (!play (&pos, &bytes, &random, first & (RANDOM_PLAY_FLAG - 1)))
        return 0;
    }
  else
    fuzz_require (syn_fen_parse (start_fens[first % N_START_FENS], SYN_FEN_PSC, &pos, &error),
                  "built-in FEN '%s' is refused: %s", start_fens[first % N_START_FENS],
                  error.message);

  play (&pos, &bytes, NULL, MAX_TURNS);
  return 0;
}
