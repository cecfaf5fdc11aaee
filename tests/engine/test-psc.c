/* test-psc.c: the PSC rulings, one behaviour per test, named by ruling.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "fen.h"
#include "move.h"
#include "outcome.h"
#include "position.h"
#include "psc-control.h"
#include "psc.h"
#include "variant.h"

#define NOBODY (-1)

/* The seed's "position above": 1. e4/e5 2. Nf3/d5 3. Nc3/a6 played under PSC. */
#define FEN_SEED "rnbqkbnr/1pp2ppp/p7/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4"

/* Ra4 and rh4 face each other on rank 4; Nf2 adds a second white attacker on e4 and g4. */
#define FEN_FACING_ROOKS "4k3/8/8/8/R6r/8/5N2/4K3 w - - 0 1"

/* nd5 attacked by e4 and Nc3. */
#define FEN_FROZEN_KNIGHT "4k3/8/8/3n4/4P3/2N5/8/4K3 w - - 0 1"
/* nd5 attacked by e4 only. */
#define FEN_ATTACKED_ONCE "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1"
/* Nc3 and nd5 freeze each other, each with one helper (ba5, e4). */
#define FEN_FROZEN_PAIR "4k3/8/8/b2n4/4P3/2N5/8/4K3 w - - 0 1"

/* Rd4 between an own pawn on b4 and an enemy pawn on f4. */
#define FEN_ROOK_RAYS "4k3/8/8/8/1P1R1p2/8/8/4K3 w - - 0 1"

/* Everything White needs to castle either way. */
#define FEN_CASTLE "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"

/* d7-d5 was just played beside e5; Nc3 is the second attacker of d5. */
#define FEN_EN_PASSANT "4k3/8/8/3pP3/8/2N5/8/4K3 w - d6 0 2"

/* b2-b4 beside c4 and g7-g5 beside h5 in the same turn; nd5 and Ne4 freeze the victims. */
#define FEN_BOTH_EN_PASSANT "4k3/8/8/3n2pP/1Pp1N3/8/8/4K3 w - b3g6 0 2"

/* Helpers ------------------------------------------------------------------------------ */

typedef struct
{
  SynPosition pos;
  SynPscControl ctl;
} Board;

static void
load (Board *board, const char *fen)
{
  SynFenError error = { 0, "" };
  gboolean ok = syn_fen_parse (fen, SYN_FEN_PSC, &board->pos, &error);
  if (!ok)
    g_test_message ("refused %s: %s", fen, error.message);
  g_assert_true (ok);
  syn_psc_control (&board->pos, &board->ctl);
}

static int
square (const char *name)
{
  int s = syn_square_from_text (name);
  g_assert_cmpint (s, !=, SYN_NO_SQUARE);
  return s;
}

/* A(colour, square) of PSC-R2. */
static int
count (const Board *board, SynColour colour, const char *name)
{
  return syn_psc_attack_count (&board->ctl, colour, square (name));
}

static int
controller (const Board *board, const char *name)
{
  SynBitboard bit = syn_bit (square (name));
  if (board->ctl.control[SYN_WHITE] & bit)
    return SYN_WHITE;
  if (board->ctl.control[SYN_BLACK] & bit)
    return SYN_BLACK;
  return NOBODY;
}

static gboolean
frozen (const Board *board, const char *name)
{
  return (board->ctl.frozen & syn_bit (square (name))) != 0;
}

static gboolean
visible (const Board *board, SynColour colour, const char *name)
{
  return (syn_psc_visible (&board->ctl, colour) & syn_bit (square (name))) != 0;
}

static SynMove
find_move (const Board *board, SynColour colour, const char *text)
{
  SynMove moves[SYN_MAX_MOVES];
  int n = syn_psc_moves (&board->pos, &board->ctl, colour, moves);
  return syn_move_find (moves, n, text);
}

static gboolean
has_move (const Board *board, SynColour colour, const char *text)
{
  return find_move (board, colour, text) != SYN_MOVE_NONE;
}

/* True when any legal move of colour starts from square. */
static gboolean
has_move_from (const Board *board, SynColour colour, const char *name)
{
  SynMove moves[SYN_MAX_MOVES];
  int n = syn_psc_moves (&board->pos, &board->ctl, colour, moves);
  for (int i = 0; i < n; i++)
    if (syn_move_from (moves[i]) == square (name))
      return TRUE;
  return FALSE;
}

static int
n_moves (const Board *board, SynColour colour)
{
  SynMove moves[SYN_MAX_MOVES];
  return syn_psc_moves (&board->pos, &board->ctl, colour, moves);
}

static void
write_fen (const SynPosition *pos, char *buf)
{
  syn_fen_write (pos, SYN_FEN_PSC, buf, SYN_FEN_MAX_SIZE);
}

/* Plays one turn from board: both moves must be legal there (PSC-R8). */
static void
play (const Board *board, const char *white, const char *black, Board *after)
{
  SynMove white_move = find_move (board, SYN_WHITE, white);
  SynMove black_move = find_move (board, SYN_BLACK, black);
  if (white_move == SYN_MOVE_NONE)
    g_test_message ("%s is not a legal white move", white);
  if (black_move == SYN_MOVE_NONE)
    g_test_message ("%s is not a legal black move", black);
  g_assert_true (white_move != SYN_MOVE_NONE && black_move != SYN_MOVE_NONE);
  syn_psc_resolve (&board->pos, white_move, black_move, &after->pos);
  syn_psc_control (&after->pos, &after->ctl);
}

static void
assert_turn (const char *fen, const char *white, const char *black, const char *expected)
{
  Board board, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, fen);
  play (&board, white, black, &after);
  write_fen (&after.pos, buf);
  g_assert_cmpstr (buf, ==, expected);
}

static void
assert_outcome (const char *fen, const char *result, const char *reason)
{
  Board board;
  SynOutcome outcome;
  load (&board, fen);
  outcome = syn_psc_outcome (&board.pos, &board.ctl);
  g_assert_cmpstr (syn_result_to_text (outcome.result), ==, result);
  g_assert_cmpstr (syn_reason_to_text (outcome.reason), ==, reason);
}

/* PSC-R9a: refused, with the field named both in error.field and in the message. */
static void
assert_refused (const char *fen, int field)
{
  SynPosition pos;
  SynFenError error = { 0, "" };
  g_autofree char *field_text = g_strdup_printf ("field %d", field);
  g_assert_false (syn_fen_parse (fen, SYN_FEN_PSC, &pos, &error));
  g_test_message ("%s: %s", fen, error.message);
  g_assert_cmpint (error.field, ==, field);
  g_assert_nonnull (strstr (error.message, field_text));
}

/* Positions over which the tests below check invariants square by square. */
static const char *const invariant_fens[] = {
  SYN_FEN_START,
  FEN_SEED,
  FEN_FACING_ROOKS,
  FEN_FROZEN_KNIGHT,
  FEN_FROZEN_PAIR,
  FEN_ROOK_RAYS,
  FEN_CASTLE,
  FEN_EN_PASSANT,
  FEN_BOTH_EN_PASSANT,
  "r3k2r/p7/6N1/8/8/8/P7/R3K2R w KQkq - 0 1",
  "4k3/8/2n5/3pP3/6n1/2N5/8/4K3 w - d6 0 2",
  "4k3/8/3N1N2/8/8/3n1n2/8/4K3 w - - 0 1",
  "4k1r1/8/8/8/8/8/r7/7K w - - 0 1",
  "r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1",
};

/* PSC-R1: attack sets ----------------------------------------------------------------- */

static void
test_r1_piece_attacks_its_own_square (void)
{
  Board board;
  load (&board, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "d4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e1"), ==, 1);
  g_assert_cmpint (count (&board, SYN_BLACK, "e8"), ==, 1);
}

static void
test_r1_knight_attacks_empty_and_enemy_targets (void)
{
  Board board;
  load (&board, "4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "b3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "b5"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "c2"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "c6"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f5"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e6"), ==, 1); /* the enemy pawn */
  g_assert_cmpint (count (&board, SYN_WHITE, "e2"), ==, 2); /* knight and king */
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "d6"), ==, 0);
}

static void
test_r1_king_attacks_adjacent_empty_and_enemy_squares (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/8/3P1n2/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "d1"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e2"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f1"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f2"), ==, 1); /* the enemy knight */
  g_assert_cmpint (count (&board, SYN_WHITE, "d2"), ==, 1); /* own pawn: itself only */
  g_assert_cmpint (count (&board, SYN_WHITE, "g1"), ==, 0);
}

static void
test_r1_slider_includes_first_enemy_piece_and_stops (void)
{
  Board board;
  load (&board, FEN_ROOK_RAYS);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "g4"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "h4"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "d8"), ==, 1); /* the open file to the edge */
}

static void
test_r1_slider_stops_before_own_piece (void)
{
  Board board;
  load (&board, FEN_ROOK_RAYS);
  g_assert_cmpint (count (&board, SYN_WHITE, "c4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "b4"), ==, 1); /* the pawn itself only */
  g_assert_cmpint (count (&board, SYN_WHITE, "a4"), ==, 0);
}

static void
test_r1_queen_diagonals_stop_at_first_piece (void)
{
  Board board;
  load (&board, "4k3/8/5p2/8/3Q4/2P5/8/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "e5"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f6"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "g7"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "c3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "b2"), ==, 0);
}

static void
test_r1_no_attack_on_own_pieces (void)
{
  static const char *const own[] = { "d3", "e3", "f3", "d4", "e4", "f4", "d5", "e5", "f5" };
  Board board;
  /* A queen walled in by its own pawns attacks nothing but its square. */
  load (&board, "4k3/8/8/3PPP2/3PQP2/3PPP2/8/4K3 w - - 0 1");
  for (gsize i = 0; i < G_N_ELEMENTS (own); i++)
    g_assert_cmpint (count (&board, SYN_WHITE, own[i]), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e6"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "g6"), ==, 0);
}

static void
test_r1_pawn_attacks_one_and_two_ahead_from_start (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "e3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e5"), ==, 0);
}

static void
test_r1_pawn_double_step_needs_both_squares_empty (void)
{
  Board board;
  load (&board, "4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "e3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 0);
  load (&board, "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "e3"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 0);
}

static void
test_r1_pawn_double_step_only_from_start_rank (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "e5"), ==, 0);
}

static void
test_r1_pawn_attacks_diagonal_only_with_enemy (void)
{
  Board board;
  load (&board, "4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "d4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f4"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 1);
}

static void
test_r1_black_pawn_attacks_towards_rank_1 (void)
{
  Board board;
  load (&board, "4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "d3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_BLACK, "e3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_BLACK, "c3"), ==, 0);
  g_assert_cmpint (count (&board, SYN_BLACK, "d5"), ==, 0);
  g_assert_cmpint (count (&board, SYN_BLACK, "e5"), ==, 0);
}

static void
test_r1_en_passant_opportunity_adds_victim_and_passed_square (void)
{
  Board board;
  load (&board, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "d6"), ==, 1);
  g_assert_cmpint (count (&board, SYN_WHITE, "f6"), ==, 0);
}

static void
test_r1_no_en_passant_attack_without_field_4 (void)
{
  Board board;
  load (&board, "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 0);
  g_assert_cmpint (count (&board, SYN_WHITE, "d6"), ==, 0);
}

static void
test_r1_castling_adds_no_attack (void)
{
  Board with, without;
  load (&with, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  load (&without, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
  for (int s = 0; s < 64; s++)
    for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
      g_assert_cmpint (syn_psc_attack_count (&with.ctl, (SynColour) c, s), ==,
                       syn_psc_attack_count (&without.ctl, (SynColour) c, s));
  g_assert_cmpint (count (&with, SYN_WHITE, "c1"), ==, 1); /* the rook only, not the king */
  g_assert_cmpint (count (&with, SYN_WHITE, "g1"), ==, 1);
}

static void
test_r1_attack_set_does_not_depend_on_control (void)
{
  Board board;
  /* e4 belongs to Black (two knights), yet the e3 pawn still attacks it. */
  load (&board, "4k3/8/3n1n2/8/8/4P3/8/4K3 w - - 0 1");
  g_assert_cmpint (controller (&board, "e4"), ==, SYN_BLACK);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 1);
}

/* PSC-R2: control --------------------------------------------------------------------- */

static void
test_r2_more_attackers_control (void)
{
  Board board;
  load (&board, FEN_FACING_ROOKS);
  g_assert_cmpint (count (&board, SYN_WHITE, "e4"), ==, 2);
  g_assert_cmpint (count (&board, SYN_BLACK, "e4"), ==, 1);
  g_assert_cmpint (controller (&board, "e4"), ==, SYN_WHITE);
}

static void
test_r2_equal_attackers_control_nobody (void)
{
  Board board;
  load (&board, FEN_FACING_ROOKS);
  g_assert_cmpint (count (&board, SYN_WHITE, "c4"), ==, 1);
  g_assert_cmpint (count (&board, SYN_BLACK, "c4"), ==, 1);
  g_assert_cmpint (controller (&board, "c4"), ==, NOBODY);
  /* An occupied square too: the rook on a4 is attacked once, by rh4. */
  g_assert_cmpint (controller (&board, "a4"), ==, NOBODY);
}

static void
test_r2_unattacked_square_controlled_by_nobody (void)
{
  Board board;
  load (&board, FEN_FACING_ROOKS);
  g_assert_cmpint (count (&board, SYN_WHITE, "c6"), ==, 0);
  g_assert_cmpint (count (&board, SYN_BLACK, "c6"), ==, 0);
  g_assert_cmpint (controller (&board, "c6"), ==, NOBODY);
}

static void
test_r2_owner_counts_exactly_once_on_occupied_square (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (invariant_fens); i++)
    {
      Board board;
      load (&board, invariant_fens[i]);
      for (int s = 0; s < 64; s++)
        {
          SynPiece piece = board.pos.board[s];
          if (piece == SYN_NO_PIECE)
            continue;
          g_assert_cmpint (syn_psc_attack_count (&board.ctl, SYN_PIECE_COLOUR (piece), s), ==, 1);
        }
    }
}

static void
test_r2_control_is_strictly_more_on_every_square (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (invariant_fens); i++)
    {
      Board board;
      load (&board, invariant_fens[i]);
      g_assert_true ((board.ctl.control[SYN_WHITE] & board.ctl.control[SYN_BLACK]) == 0);
      for (int s = 0; s < 64; s++)
        {
          int white = syn_psc_attack_count (&board.ctl, SYN_WHITE, s);
          int black = syn_psc_attack_count (&board.ctl, SYN_BLACK, s);
          g_assert_cmpint ((board.ctl.control[SYN_WHITE] >> s) & 1, ==, white > black);
          g_assert_cmpint ((board.ctl.control[SYN_BLACK] >> s) & 1, ==, black > white);
        }
    }
}

/* PSC-R3: frozen pieces --------------------------------------------------------------- */

static void
test_r3_frozen_by_two_attackers (void)
{
  Board board;
  load (&board, FEN_FROZEN_KNIGHT);
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 2);
  g_assert_true (frozen (&board, "d5"));
}

static void
test_r3_one_attacker_does_not_freeze (void)
{
  Board board;
  load (&board, FEN_ATTACKED_ONCE);
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 1);
  g_assert_false (frozen (&board, "d5"));
}

static void
test_r3_frozen_piece_still_attacks_and_counts (void)
{
  Board board;
  load (&board, FEN_FROZEN_PAIR);
  g_assert_true (frozen (&board, "c3"));
  /* The frozen knight on c3 is still one of the two attackers that freeze d5. */
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 2);
  g_assert_true (frozen (&board, "d5"));
  g_assert_cmpint (count (&board, SYN_WHITE, "b5"), ==, 1);
  g_assert_cmpint (controller (&board, "b5"), ==, SYN_WHITE);
}

static void
test_r3_frozen_piece_can_freeze_another (void)
{
  Board board;
  load (&board, FEN_FROZEN_PAIR);
  g_assert_true (frozen (&board, "d5"));
  /* c3 is attacked by ba5 and by the frozen nd5. */
  g_assert_cmpint (count (&board, SYN_BLACK, "c3"), ==, 2);
  g_assert_true (frozen (&board, "c3"));
}

static void
test_r3_frozen_exactly_when_enemy_controls_square (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (invariant_fens); i++)
    {
      Board board;
      load (&board, invariant_fens[i]);
      for (int s = 0; s < 64; s++)
        {
          SynPiece piece = board.pos.board[s];
          SynColour enemy;
          if (piece == SYN_NO_PIECE)
            continue;
          enemy = (SynColour) !SYN_PIECE_COLOUR (piece);
          g_assert_cmpint ((board.ctl.frozen >> s) & 1, ==,
                           syn_psc_attack_count (&board.ctl, enemy, s) >= 2);
          g_assert_cmpint ((board.ctl.frozen >> s) & 1, ==, (board.ctl.control[enemy] >> s) & 1);
        }
    }
}

/* PSC-R4: legal moves ----------------------------------------------------------------- */

static void
test_r4_moves_only_to_controlled_squares (void)
{
  Board board;
  load (&board, FEN_FACING_ROOKS);
  g_assert_true (has_move (&board, SYN_WHITE, "a4e4"));
  g_assert_true (has_move (&board, SYN_WHITE, "a4g4"));
  g_assert_true (has_move (&board, SYN_WHITE, "a4a8"));
  g_assert_false (has_move (&board, SYN_WHITE, "a4b4"));
  g_assert_false (has_move (&board, SYN_WHITE, "a4c4"));
  g_assert_false (has_move (&board, SYN_WHITE, "a4f4"));
  g_assert_false (has_move (&board, SYN_WHITE, "a4h4"));
}

static void
test_r4_frozen_piece_cannot_move (void)
{
  Board board;
  load (&board, FEN_ATTACKED_ONCE);
  g_assert_true (has_move (&board, SYN_BLACK, "d5f6"));
  load (&board, FEN_FROZEN_KNIGHT);
  g_assert_cmpint (controller (&board, "f6"), ==, SYN_BLACK);
  g_assert_false (has_move_from (&board, SYN_BLACK, "d5"));
}

static void
test_r4_capture_needs_control_of_the_target (void)
{
  Board board;
  load (&board, FEN_ATTACKED_ONCE);
  g_assert_false (has_move (&board, SYN_WHITE, "e4d5"));
  load (&board, FEN_FROZEN_KNIGHT);
  g_assert_true (has_move (&board, SYN_WHITE, "e4d5"));
  g_assert_true (has_move (&board, SYN_WHITE, "c3d5"));
}

static void
test_r4_pawn_push_needs_control (void)
{
  Board board;
  load (&board, "4k3/8/3n1n2/8/8/4P3/8/4K3 w - - 0 1");
  g_assert_false (has_move (&board, SYN_WHITE, "e3e4"));
  g_assert_true (has_move (&board, SYN_BLACK, "d6e4"));
}

static void
test_r4_move_may_leave_king_attacked (void)
{
  Board board;
  load (&board, "k3r3/8/8/8/8/8/P7/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "e1"), ==, 1);
  g_assert_true (has_move (&board, SYN_WHITE, "a2a3"));
  g_assert_true (has_move (&board, SYN_WHITE, "a2a4"));
}

static void
test_r4_king_may_move_onto_attacked_square (void)
{
  Board board;
  load (&board, "k3r3/8/8/8/8/8/8/2N1K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "e2"), ==, 1);
  g_assert_true (has_move (&board, SYN_WHITE, "e1e2"));
}

static void
test_r4_move_may_expose_own_king (void)
{
  Board board, after;
  load (&board, "k3r3/8/8/8/8/8/4R3/4K3 w - - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "e1"), ==, 0);
  play (&board, "e2a2", "a8b8", &after);
  g_assert_cmpint (count (&after, SYN_BLACK, "e1"), ==, 1);
}

static void
test_r4_counting_moves_agrees_with_listing (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (invariant_fens); i++)
    {
      Board board;
      load (&board, invariant_fens[i]);
      for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
        g_assert_cmpint (syn_psc_count_moves (&board.pos, &board.ctl, (SynColour) c), ==,
                         n_moves (&board, (SynColour) c));
    }
}

/* PSC-R5: castling -------------------------------------------------------------------- */

static void
test_r5_castling_both_ways_when_every_condition_holds (void)
{
  Board board;
  load (&board, FEN_CASTLE);
  g_assert_cmpint (syn_move_kind (find_move (&board, SYN_WHITE, "e1g1")), ==, SYN_MOVE_CASTLE);
  g_assert_cmpint (syn_move_kind (find_move (&board, SYN_WHITE, "e1c1")), ==, SYN_MOVE_CASTLE);
}

static void
test_r5_castling_needs_the_right (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
  g_assert_cmpint (controller (&board, "g1"), ==, SYN_WHITE);
  g_assert_cmpint (controller (&board, "f1"), ==, SYN_WHITE);
  g_assert_false (has_move (&board, SYN_WHITE, "e1g1"));
  g_assert_true (has_move (&board, SYN_WHITE, "e1c1"));
}

static void
test_r5_castling_needs_every_square_between_empty (void)
{
  Board board;
  /* b1 is not crossed by the king, but it lies between king and rook. */
  load (&board, "4k3/8/8/8/8/B7/8/RN2K2R w KQ - 0 1");
  g_assert_cmpint (controller (&board, "c1"), ==, SYN_WHITE);
  g_assert_cmpint (controller (&board, "d1"), ==, SYN_WHITE);
  g_assert_false (has_move (&board, SYN_WHITE, "e1c1"));
  g_assert_true (has_move (&board, SYN_WHITE, "e1g1"));
}

static void
test_r5_castling_needs_king_not_frozen (void)
{
  Board board;
  load (&board, "4k3/8/8/8/1b6/3n4/8/4K2R w K - 0 1");
  g_assert_true (frozen (&board, "e1"));
  g_assert_false (frozen (&board, "h1"));
  g_assert_cmpint (controller (&board, "g1"), ==, SYN_WHITE);
  g_assert_cmpint (controller (&board, "f1"), ==, SYN_WHITE);
  g_assert_false (has_move (&board, SYN_WHITE, "e1g1"));
}

static void
test_r5_castling_needs_rook_not_frozen (void)
{
  Board board;
  load (&board, "4k2r/8/8/8/8/8/5n2/4K2R w K - 0 1");
  g_assert_false (frozen (&board, "e1"));
  g_assert_true (frozen (&board, "h1"));
  g_assert_cmpint (controller (&board, "g1"), ==, SYN_WHITE);
  g_assert_cmpint (controller (&board, "f1"), ==, SYN_WHITE);
  g_assert_false (has_move (&board, SYN_WHITE, "e1g1"));
}

static void
test_r5_castling_needs_king_destination_controlled (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/7n/8/4K2R w K - 0 1");
  g_assert_cmpint (controller (&board, "g1"), ==, NOBODY);
  g_assert_cmpint (controller (&board, "f1"), ==, SYN_WHITE);
  g_assert_false (frozen (&board, "e1"));
  g_assert_false (frozen (&board, "h1"));
  g_assert_false (has_move (&board, SYN_WHITE, "e1g1"));
}

static void
test_r5_castling_needs_rook_destination_controlled (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/4n3/3n4/4K2R w K - 0 1");
  g_assert_cmpint (count (&board, SYN_WHITE, "f1"), ==, 2);
  g_assert_cmpint (count (&board, SYN_BLACK, "f1"), ==, 2);
  g_assert_cmpint (controller (&board, "f1"), ==, NOBODY);
  g_assert_cmpint (controller (&board, "g1"), ==, SYN_WHITE);
  g_assert_false (frozen (&board, "e1"));
  g_assert_false (has_move (&board, SYN_WHITE, "e1g1"));
}

static void
test_r5_castling_allowed_with_king_and_crossed_square_attacked (void)
{
  Board board;
  /* Nothing else is required: re8 attacks the king, rf8 the square it crosses. */
  load (&board, "4rrk1/8/8/8/8/8/8/4K2R w K - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "e1"), ==, 1);
  g_assert_cmpint (count (&board, SYN_BLACK, "f1"), ==, 1);
  g_assert_true (has_move (&board, SYN_WHITE, "e1g1"));
}

static void
test_r5_black_castles_both_ways (void)
{
  Board board;
  load (&board, "r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1");
  g_assert_cmpint (syn_move_kind (find_move (&board, SYN_BLACK, "e8g8")), ==, SYN_MOVE_CASTLE);
  g_assert_cmpint (syn_move_kind (find_move (&board, SYN_BLACK, "e8c8")), ==, SYN_MOVE_CASTLE);
}

static void
test_r5_castling_moves_king_and_rook (void)
{
  assert_turn ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e8c8",
               "2kr3r/8/8/8/8/8/8/R4RK1 w - - 1 2");
}

/* PSC-R6: promotion ------------------------------------------------------------------- */

static void
test_r6_promotion_offers_four_pieces (void)
{
  Board board;
  load (&board, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  g_assert_true (has_move (&board, SYN_WHITE, "b7b8q"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7b8r"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7b8b"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7b8n"));
  g_assert_false (has_move (&board, SYN_WHITE, "b7b8"));
}

static void
test_r6_promotion_needs_controlled_square (void)
{
  Board board;
  load (&board, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  g_assert_cmpint (controller (&board, "b8"), ==, NOBODY);
  g_assert_false (has_move_from (&board, SYN_WHITE, "b7"));
}

static void
test_r6_capture_promotion (void)
{
  Board board;
  load (&board, "r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1");
  g_assert_true (frozen (&board, "a8"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7a8q"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7a8r"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7a8b"));
  g_assert_true (has_move (&board, SYN_WHITE, "b7a8n"));
  g_assert_false (has_move (&board, SYN_WHITE, "b7b8q"));
}

static void
test_r6_promotion_places_the_chosen_piece (void)
{
  assert_turn ("r3k3/1P6/8/8/8/8/8/R3K3 w - - 0 1", "b7a8n", "e8d7",
               "N7/3k4/8/8/8/8/8/R3K3 w - - 0 2");
}

static void
test_r6_black_promotes_on_rank_1 (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/8/1p6/4K3 w - - 0 1");
  g_assert_true (has_move (&board, SYN_BLACK, "b2b1q"));
  g_assert_true (has_move (&board, SYN_BLACK, "b2b1n"));
  g_assert_false (has_move (&board, SYN_BLACK, "b2b1"));
}

/* PSC-R7: en passant ------------------------------------------------------------------ */

static void
test_r7_capture_when_pawn_frozen_and_passed_square_controlled (void)
{
  Board board;
  load (&board, FEN_EN_PASSANT);
  g_assert_true (frozen (&board, "d5"));
  g_assert_cmpint (controller (&board, "d6"), ==, SYN_WHITE);
  g_assert_cmpint (syn_move_kind (find_move (&board, SYN_WHITE, "e5d6")), ==, SYN_MOVE_EN_PASSANT);
}

static void
test_r7_no_capture_when_double_stepped_pawn_not_frozen (void)
{
  Board board;
  load (&board, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  g_assert_false (frozen (&board, "d5"));
  g_assert_cmpint (controller (&board, "d6"), ==, SYN_WHITE);
  g_assert_false (has_move (&board, SYN_WHITE, "e5d6"));
}

static void
test_r7_no_capture_when_passed_square_not_controlled (void)
{
  Board board;
  load (&board, "4k3/1n6/8/3pP3/8/2N5/8/4K3 w - d6 0 2");
  g_assert_true (frozen (&board, "d5"));
  g_assert_cmpint (controller (&board, "d6"), ==, NOBODY);
  g_assert_false (has_move (&board, SYN_WHITE, "e5d6"));
}

static void
test_r7_frozen_pawn_cannot_take_en_passant (void)
{
  Board board;
  load (&board, "4k3/8/2n5/3pP3/6n1/2N5/8/4K3 w - d6 0 2");
  g_assert_true (frozen (&board, "e5"));
  g_assert_true (frozen (&board, "d5"));
  g_assert_cmpint (controller (&board, "d6"), ==, SYN_WHITE);
  g_assert_false (has_move (&board, SYN_WHITE, "e5d6"));
}

static void
test_r7_opportunity_lasts_one_turn (void)
{
  Board board, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, FEN_EN_PASSANT);
  play (&board, "e1d1", "e8f8", &after);
  write_fen (&after.pos, buf);
  g_assert_cmpstr (buf, ==, "5k2/8/8/3pP3/8/2N5/8/3K4 w - - 1 3");
  g_assert_false (has_move (&after, SYN_WHITE, "e5d6"));
}

static void
test_r7_pawn_arriving_beside_in_same_turn_may_take (void)
{
  Board board, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, "4k3/3p4/5n2/8/4P3/2N5/8/4K3 w - - 0 1");
  play (&board, "e4e5", "d7d5", &after);
  write_fen (&after.pos, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/5n2/3pP3/8/2N5/8/4K3 w - d6 0 2");
  g_assert_true (frozen (&after, "d5"));
  g_assert_true (has_move (&after, SYN_WHITE, "e5d6"));
}

static void
test_r7_both_sides_en_passant_same_turn (void)
{
  Board board, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, FEN_BOTH_EN_PASSANT);
  g_assert_true (frozen (&board, "b4"));
  g_assert_true (frozen (&board, "g5"));
  play (&board, "h5g6", "c4b3", &after);
  write_fen (&after.pos, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/6P1/3n4/4N3/1p6/8/4K3 w - - 0 3");
}

static void
test_r7_no_opportunity_when_passed_square_occupied (void)
{
  Board board;
  load (&board, "4k3/8/8/8/1Pp5/1n6/8/4K3 w - b3 0 2");
  g_assert_cmpint (syn_psc_en_passant_victim (&board.pos, SYN_BLACK), ==, SYN_NO_SQUARE);
  g_assert_cmpint (count (&board, SYN_BLACK, "b4"), ==, 0);
  g_assert_false (has_move (&board, SYN_BLACK, "c4b3"));
}

/* PSC-R8: execution ------------------------------------------------------------------- */

static void
test_r8_both_moves_executed_from_the_same_position (void)
{
  assert_turn (SYN_FEN_START, "g1f3", "g8f6",
               "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2");
}

static void
test_r8_slider_not_blocked_by_simultaneous_move (void)
{
  /* nb3-a5 lands on the path of Ra1-a8 in the same turn. */
  assert_turn ("3bk3/8/8/8/8/1n6/8/R3K3 w - - 0 1", "a1a8", "b3a5",
               "R2bk3/8/8/n7/8/8/8/4K3 w - - 1 2");
}

static void
test_r8_capture_removes_the_frozen_piece (void)
{
  assert_turn (FEN_FROZEN_KNIGHT, "c3d5", "e8d7", "8/3k4/8/3N4/4P3/8/8/4K3 w - - 0 2");
}

/* PSC-R9: counters -------------------------------------------------------------------- */

static void
test_r9_king_move_loses_both_castling_rights (void)
{
  assert_turn ("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1", "e1e2", "a7a6",
               "r3k2r/8/p7/8/8/8/P3K3/R6R w kq - 0 2");
}

static void
test_r9_rook_move_loses_its_castling_right (void)
{
  assert_turn ("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1", "h1g1", "a7a6",
               "r3k2r/8/p7/8/8/8/P7/R3K1R1 w Qkq - 0 2");
}

static void
test_r9_rook_captured_at_home_loses_its_castling_right (void)
{
  assert_turn ("r3k2r/p7/6N1/8/8/8/P7/R3K2R w KQkq - 0 1", "g6h8", "a7a6",
               "r3k2N/8/p7/8/8/8/P7/R3K2R w KQq - 0 2");
}

static void
test_r9_quiet_turn_counter_grows_by_one (void)
{
  assert_turn ("4k3/8/8/8/8/8/8/4K3 w - - 7 20", "e1d1", "e8d8", "3k4/8/8/8/8/8/8/3K4 w - - 8 21");
}

static void
test_r9_white_pawn_move_resets_quiet_turn_counter (void)
{
  assert_turn ("4k3/8/8/8/8/8/P7/4K3 w - - 7 20", "a2a3", "e8d8",
               "3k4/8/8/8/8/P7/8/4K3 w - - 0 21");
}

static void
test_r9_black_pawn_move_resets_quiet_turn_counter (void)
{
  assert_turn ("4k3/p7/8/8/8/8/8/4K3 w - - 7 20", "e1d1", "a7a6",
               "4k3/8/p7/8/8/8/8/3K4 w - - 0 21");
}

static void
test_r9_white_capture_resets_quiet_turn_counter (void)
{
  assert_turn ("4k3/8/8/3n4/4P3/2N5/8/4K3 w - - 7 20", "c3d5", "e8d8",
               "3k4/8/8/3N4/4P3/8/8/4K3 w - - 0 21");
}

static void
test_r9_black_capture_resets_quiet_turn_counter (void)
{
  assert_turn ("4k3/8/2n5/4p3/3N4/8/8/4K3 w - - 7 20", "e1d1", "c6d4",
               "4k3/8/8/4p3/3n4/8/8/3K4 w - - 0 21");
}

/* Found by fuzzing: the counters stop at their largest value instead of wrapping to a FEN
 * that cannot be read back. */
static void
test_r9_counters_stop_at_their_largest (void)
{
  SynPosition pos, next;
  SynFenError error;
  SynPscControl ctl;
  SynMove white, black;
  char fen[SYN_FEN_MAX_SIZE];

  g_assert_true (
      syn_fen_parse ("4k3/8/8/8/8/8/8/R3K3 w - - 65535 65535", SYN_FEN_PSC, &pos, &error));
  syn_psc_control (&pos, &ctl);
  white = syn_move_make (SYN_SQUARE (0, 0), SYN_SQUARE (0, 1), SYN_MOVE_PLAIN);
  black = syn_move_make (SYN_SQUARE (4, 7), SYN_SQUARE (3, 7), SYN_MOVE_PLAIN);
  syn_psc_resolve (&pos, white, black, &next);
  g_assert_cmpuint (next.turn_number, ==, 65535);
  g_assert_cmpuint (next.quiet_turns, ==, 65535);
  syn_fen_write (&next, SYN_FEN_PSC, fen, sizeof fen);
  g_assert_true (syn_fen_parse (fen, SYN_FEN_PSC, &pos, &error));
}

static void
test_r9_turn_number_grows_by_one (void)
{
  Board board, after;
  load (&board, SYN_FEN_START);
  g_assert_cmpint (board.pos.turn_number, ==, 1);
  play (&board, "b1c3", "b8c6", &after);
  g_assert_cmpint (after.pos.turn_number, ==, 2);
}

static void
test_r9_field_4_lists_every_passed_square_rank_3_first (void)
{
  assert_turn (SYN_FEN_START, "e2e4", "d7d5",
               "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");
}

static void
test_r9_field_4_written_rank_3_first_whatever_the_order_read (void)
{
  Board board;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6e3 0 2");
  write_fen (&board.pos, buf);
  g_assert_cmpstr (buf, ==, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");
}

static void
test_r9_field_2_written_as_w_whatever_was_read (void)
{
  Board board;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, "4k3/8/8/8/8/8/8/4K3 b - - 3 9");
  write_fen (&board.pos, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/8/8/8/8/8/4K3 w - - 3 9");
}

/* PSC-R9a: FEN validity --------------------------------------------------------------- */

static void
test_r9a_refuses_a_side_without_king (void)
{
  assert_refused ("8/8/8/8/8/8/8/4K3 w - - 0 1", 1);
}

static void
test_r9a_refuses_two_kings_of_one_side (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", 1);
}

static void
test_r9a_refuses_pawn_on_rank_8 (void)
{
  assert_refused ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", 1);
}

static void
test_r9a_refuses_pawn_on_rank_1 (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", 1);
}

static void
test_r9a_refuses_castling_right_without_rook_at_home (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", 3);
  assert_refused ("r3k3/8/8/8/8/8/8/4K3 w k - 0 1", 3);
}

static void
test_r9a_refuses_castling_right_without_king_at_home (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", 3);
}

static void
test_r9a_refuses_en_passant_square_without_pawn_in_front (void)
{
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", 4);
  assert_refused ("4k3/8/8/8/8/8/8/4K3 w - d6 0 1", 4);
}

static void
test_r9a_refuses_en_passant_square_with_start_square_occupied (void)
{
  assert_refused ("4k3/8/8/8/4P3/8/4P3/4K3 w - e3 0 1", 4);
}

static void
test_r9a_refuses_en_passant_square_off_ranks_3_and_6 (void)
{
  assert_refused ("4k3/8/8/8/4P3/8/8/4K3 w - e4 0 1", 4);
}

/* PSC-R10: end of the game ------------------------------------------------------------ */

static void
test_r10_frozen_black_king_white_wins (void)
{
  Board board;
  load (&board, "4k3/7p/3N1N2/8/8/8/8/4K3 w - - 0 1");
  g_assert_cmpint (n_moves (&board, SYN_BLACK), >, 0);
  assert_outcome ("4k3/7p/3N1N2/8/8/8/8/4K3 w - - 0 1", "1-0", "king-frozen");
}

static void
test_r10_frozen_white_king_black_wins (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/3n1n2/7P/4K3 w - - 0 1");
  g_assert_cmpint (n_moves (&board, SYN_WHITE), >, 0);
  assert_outcome ("4k3/8/8/8/8/3n1n2/7P/4K3 w - - 0 1", "0-1", "king-frozen");
}

static void
test_r10_checkmate_wins (void)
{
  Board board;
  load (&board, "4k3/8/8/8/8/8/1r6/r6K w - - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "h1"), ==, 1);
  g_assert_false (frozen (&board, "h1"));
  g_assert_cmpint (n_moves (&board, SYN_WHITE), ==, 0);
  assert_outcome ("4k3/8/8/8/8/8/1r6/r6K w - - 0 1", "0-1", "checkmate");
}

static void
test_r10_both_lost_is_a_draw (void)
{
  assert_outcome ("4k3/8/3N1N2/8/8/3n1n2/8/4K3 w - - 0 1", "1/2-1/2", "both-lost");
}

static void
test_r10_stalemate_is_a_draw (void)
{
  Board board;
  load (&board, "4k1r1/8/8/8/8/8/r7/7K w - - 0 1");
  g_assert_cmpint (count (&board, SYN_BLACK, "h1"), ==, 0);
  g_assert_cmpint (n_moves (&board, SYN_WHITE), ==, 0);
  g_assert_cmpint (n_moves (&board, SYN_BLACK), >, 0);
  assert_outcome ("4k1r1/8/8/8/8/8/r7/7K w - - 0 1", "1/2-1/2", "stalemate");
}

static void
test_r10_fifty_quiet_turns_is_a_draw (void)
{
  assert_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 50 80", "1/2-1/2", "fifty-turns");
}

static void
test_r10_forty_nine_quiet_turns_is_not_a_draw (void)
{
  assert_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 49 80", "*", NULL);
}

static void
test_r10_frozen_king_with_no_move_reported_as_king_frozen (void)
{
  Board board;
  load (&board, "4k3/8/3N1N2/8/8/8/8/4K3 w - - 0 1");
  g_assert_cmpint (n_moves (&board, SYN_BLACK), ==, 0);
  assert_outcome ("4k3/8/3N1N2/8/8/8/8/4K3 w - - 0 1", "1-0", "king-frozen");
}

static void
test_r10_game_over_checked_before_the_first_turn (void)
{
  SynState state;
  SynFenError error = { 0, "" };
  SynOutcome outcome;
  g_assert_true (syn_variant_psc.read_state ("4k3/7p/3N1N2/8/8/8/8/4K3 w - - 0 1", &state, &error));
  g_assert_cmpint (state.board.turn_number, ==, 1);
  outcome = syn_variant_psc.outcome (&state);
  g_assert_cmpint (outcome.result, ==, SYN_RESULT_WHITE_WINS);
  /* A finished game takes no more moves. */
  g_assert_cmpuint (syn_variant_psc.count_joint_choices (&state), ==, 0);
}

static void
test_r10_attacked_king_with_a_move_is_not_lost (void)
{
  assert_outcome ("k3r3/8/8/8/8/8/P7/4K3 w - - 0 1", "*", NULL);
}

static void
test_r10_no_insufficient_material_rule (void)
{
  assert_outcome ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "*", NULL);
}

/* PSC-R12: fog of war ----------------------------------------------------------------- */

static void
test_r12_start_position_each_side_sees_its_half (void)
{
  Board board;
  load (&board, SYN_FEN_START);
  g_assert_true (syn_psc_visible (&board.ctl, SYN_WHITE)
                 == (SYN_RANK_1 | SYN_RANK_2 | SYN_RANK_3 | SYN_RANK_4));
  g_assert_true (syn_psc_visible (&board.ctl, SYN_BLACK)
                 == (SYN_RANK_5 | SYN_RANK_6 | SYN_RANK_7 | SYN_RANK_8));
}

static void
test_r12_sees_own_pieces (void)
{
  Board board;
  load (&board, FEN_SEED);
  g_assert_true ((board.pos.by_colour[SYN_WHITE] & ~syn_psc_visible (&board.ctl, SYN_WHITE)) == 0);
  g_assert_true ((board.pos.by_colour[SYN_BLACK] & ~syn_psc_visible (&board.ctl, SYN_BLACK)) == 0);
}

static void
test_r12_sees_first_enemy_piece_on_a_ray_not_beyond (void)
{
  Board board;
  load (&board, FEN_ROOK_RAYS);
  g_assert_true (visible (&board, SYN_WHITE, "e4"));
  g_assert_true (visible (&board, SYN_WHITE, "f4"));
  g_assert_false (visible (&board, SYN_WHITE, "g4"));
  g_assert_false (visible (&board, SYN_WHITE, "h4"));
}

static void
test_r12_does_not_see_past_own_piece (void)
{
  Board board;
  load (&board, FEN_ROOK_RAYS);
  g_assert_true (visible (&board, SYN_WHITE, "b4"));
  g_assert_false (visible (&board, SYN_WHITE, "a4"));
}

static void
test_r12_enemy_piece_outside_attack_sets_is_hidden (void)
{
  Board board;
  load (&board, FEN_ROOK_RAYS);
  g_assert_true (visible (&board, SYN_WHITE, "d8"));
  g_assert_false (visible (&board, SYN_WHITE, "e8"));
}

static void
test_r12_pawn_diagonal_seen_only_with_enemy_there (void)
{
  Board board;
  load (&board, "4k3/8/8/8/3p4/4P3/8/4K3 w - - 0 1");
  g_assert_true (visible (&board, SYN_WHITE, "d4"));
  g_assert_false (visible (&board, SYN_WHITE, "f4"));
}

/* The seed text and its worked example ------------------------------------------------ */

static void
test_seed_example_position_reached_by_legal_turns (void)
{
  Board board, after;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, SYN_FEN_START);
  play (&board, "e2e4", "e7e5", &after);
  play (&after, "g1f3", "d7d5", &board);
  play (&board, "b1c3", "a7a6", &after);
  write_fen (&after.pos, buf);
  g_assert_cmpstr (buf, ==, FEN_SEED);
}

/* "h4 is attacked twice by white (by h2 and Nf3) and once by black (by Qd8) and thus
 * controlled by white." */
static void
test_seed_h4_controlled_by_white (void)
{
  Board board;
  load (&board, FEN_SEED);
  g_assert_cmpint (count (&board, SYN_WHITE, "h4"), ==, 2);
  g_assert_cmpint (count (&board, SYN_BLACK, "h4"), ==, 1);
  g_assert_cmpint (controller (&board, "h4"), ==, SYN_WHITE);
}

/* "h3 is attacked by h2 and Bc8 and thus controlled by neither player." */
static void
test_seed_h3_controlled_by_nobody (void)
{
  Board board;
  load (&board, FEN_SEED);
  g_assert_cmpint (count (&board, SYN_WHITE, "h3"), ==, 1);
  g_assert_cmpint (count (&board, SYN_BLACK, "h3"), ==, 1);
  g_assert_cmpint (controller (&board, "h3"), ==, NOBODY);
}

/* "d5 is frozen since it is attacked by e4 and Nc3." */
static void
test_seed_d5_frozen (void)
{
  Board board;
  load (&board, FEN_SEED);
  g_assert_cmpint (count (&board, SYN_WHITE, "d5"), ==, 2);
  g_assert_true (frozen (&board, "d5"));
}

/* "Here white can choose to capture d5 with pawn or knight." */
static void
test_seed_white_may_capture_d5_with_pawn_or_knight (void)
{
  Board board;
  load (&board, FEN_SEED);
  g_assert_true (has_move (&board, SYN_WHITE, "e4d5"));
  g_assert_true (has_move (&board, SYN_WHITE, "c3d5"));
}

/* "If black chooses Ng8-f6, then any capturing white piece on d5 will be frozen, attacked by
 * Nf6 and Qd8." */
static void
test_seed_after_nf6_a_capturer_on_d5_is_frozen (void)
{
  static const char *const captures[] = { "e4d5", "c3d5" };
  Board board, after;
  load (&board, FEN_SEED);
  for (gsize i = 0; i < G_N_ELEMENTS (captures); i++)
    {
      play (&board, captures[i], "g8f6", &after);
      g_assert_cmpint (SYN_PIECE_COLOUR (after.pos.board[square ("d5")]), ==, SYN_WHITE);
      g_assert_cmpint (count (&after, SYN_BLACK, "d5"), ==, 2);
      g_assert_true (frozen (&after, "d5"));
    }
}

/* "there is no difference between black and white (apart from the colour of the pieces)" */
static void
test_seed_start_position_same_for_both_colours (void)
{
  Board board;
  load (&board, SYN_FEN_START);
  for (int s = 0; s < 64; s++)
    g_assert_cmpint (syn_psc_attack_count (&board.ctl, SYN_WHITE, s), ==,
                     syn_psc_attack_count (&board.ctl, SYN_BLACK, s ^ 56));
  g_assert_cmpint (n_moves (&board, SYN_WHITE), ==, 20);
  g_assert_cmpint (n_moves (&board, SYN_BLACK), ==, 20);
}

static void
test_seed_start_position_each_side_controls_its_half (void)
{
  Board board;
  load (&board, SYN_FEN_START);
  g_assert_true (board.ctl.control[SYN_WHITE]
                 == (SYN_RANK_1 | SYN_RANK_2 | SYN_RANK_3 | SYN_RANK_4));
  g_assert_true (board.ctl.control[SYN_BLACK]
                 == (SYN_RANK_5 | SYN_RANK_6 | SYN_RANK_7 | SYN_RANK_8));
  g_assert_true (board.ctl.frozen == 0);
  assert_outcome (SYN_FEN_START, "*", NULL);
}

/* "A player wins the game by freezing the opponent king, i.e., attacking it with two
 * pieces." */
static void
test_seed_freezing_the_king_with_a_move_wins (void)
{
  Board board, after;
  SynOutcome outcome;
  load (&board, "4k3/p7/3N4/8/6N1/8/8/4K3 w - - 0 1");
  assert_outcome ("4k3/p7/3N4/8/6N1/8/8/4K3 w - - 0 1", "*", NULL);
  play (&board, "g4f6", "a7a6", &after);
  outcome = syn_psc_outcome (&after.pos, &after.ctl);
  g_assert_cmpint (outcome.result, ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpint (outcome.reason, ==, SYN_REASON_KING_FROZEN);
}

/* "The game is drawn if both kings are simultaneously frozen or checkmated" */
static void
test_seed_both_kings_frozen_in_one_turn_is_a_draw (void)
{
  Board board, after;
  SynOutcome outcome;
  char buf[SYN_FEN_MAX_SIZE];
  load (&board, "4k3/8/3N4/6n1/6N1/3n4/8/4K3 w - - 0 1");
  assert_outcome ("4k3/8/3N4/6n1/6N1/3n4/8/4K3 w - - 0 1", "*", NULL);
  play (&board, "g4f6", "g5f3", &after);
  write_fen (&after.pos, buf);
  g_assert_cmpstr (buf, ==, "4k3/8/3N1N2/8/8/3n1n2/8/4K3 w - - 1 2");
  outcome = syn_psc_outcome (&after.pos, &after.ctl);
  g_assert_cmpint (outcome.result, ==, SYN_RESULT_DRAW);
  g_assert_cmpint (outcome.reason, ==, SYN_REASON_BOTH_LOST);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/psc/r1/piece-attacks-its-own-square", test_r1_piece_attacks_its_own_square);
  g_test_add_func ("/psc/r1/knight-attacks-empty-and-enemy-targets",
                   test_r1_knight_attacks_empty_and_enemy_targets);
  g_test_add_func ("/psc/r1/king-attacks-adjacent-empty-and-enemy-squares",
                   test_r1_king_attacks_adjacent_empty_and_enemy_squares);
  g_test_add_func ("/psc/r1/slider-includes-first-enemy-piece-and-stops",
                   test_r1_slider_includes_first_enemy_piece_and_stops);
  g_test_add_func ("/psc/r1/slider-stops-before-own-piece", test_r1_slider_stops_before_own_piece);
  g_test_add_func ("/psc/r1/queen-diagonals-stop-at-first-piece",
                   test_r1_queen_diagonals_stop_at_first_piece);
  g_test_add_func ("/psc/r1/no-attack-on-own-pieces", test_r1_no_attack_on_own_pieces);
  g_test_add_func ("/psc/r1/pawn-attacks-one-and-two-ahead-from-start",
                   test_r1_pawn_attacks_one_and_two_ahead_from_start);
  g_test_add_func ("/psc/r1/pawn-double-step-needs-both-squares-empty",
                   test_r1_pawn_double_step_needs_both_squares_empty);
  g_test_add_func ("/psc/r1/pawn-double-step-only-from-start-rank",
                   test_r1_pawn_double_step_only_from_start_rank);
  g_test_add_func ("/psc/r1/pawn-attacks-diagonal-only-with-enemy",
                   test_r1_pawn_attacks_diagonal_only_with_enemy);
  g_test_add_func ("/psc/r1/black-pawn-attacks-towards-rank-1",
                   test_r1_black_pawn_attacks_towards_rank_1);
  g_test_add_func ("/psc/r1/en-passant-opportunity-adds-victim-and-passed-square",
                   test_r1_en_passant_opportunity_adds_victim_and_passed_square);
  g_test_add_func ("/psc/r1/no-en-passant-attack-without-field-4",
                   test_r1_no_en_passant_attack_without_field_4);
  g_test_add_func ("/psc/r1/castling-adds-no-attack", test_r1_castling_adds_no_attack);
  g_test_add_func ("/psc/r1/attack-set-does-not-depend-on-control",
                   test_r1_attack_set_does_not_depend_on_control);

  g_test_add_func ("/psc/r2/more-attackers-control", test_r2_more_attackers_control);
  g_test_add_func ("/psc/r2/equal-attackers-control-nobody",
                   test_r2_equal_attackers_control_nobody);
  g_test_add_func ("/psc/r2/unattacked-square-controlled-by-nobody",
                   test_r2_unattacked_square_controlled_by_nobody);
  g_test_add_func ("/psc/r2/owner-counts-exactly-once-on-occupied-square",
                   test_r2_owner_counts_exactly_once_on_occupied_square);
  g_test_add_func ("/psc/r2/control-is-strictly-more-on-every-square",
                   test_r2_control_is_strictly_more_on_every_square);

  g_test_add_func ("/psc/r3/frozen-by-two-attackers", test_r3_frozen_by_two_attackers);
  g_test_add_func ("/psc/r3/one-attacker-does-not-freeze", test_r3_one_attacker_does_not_freeze);
  g_test_add_func ("/psc/r3/frozen-piece-still-attacks-and-counts",
                   test_r3_frozen_piece_still_attacks_and_counts);
  g_test_add_func ("/psc/r3/frozen-piece-can-freeze-another",
                   test_r3_frozen_piece_can_freeze_another);
  g_test_add_func ("/psc/r3/frozen-exactly-when-enemy-controls-square",
                   test_r3_frozen_exactly_when_enemy_controls_square);

  g_test_add_func ("/psc/r4/moves-only-to-controlled-squares",
                   test_r4_moves_only_to_controlled_squares);
  g_test_add_func ("/psc/r4/frozen-piece-cannot-move", test_r4_frozen_piece_cannot_move);
  g_test_add_func ("/psc/r4/capture-needs-control-of-the-target",
                   test_r4_capture_needs_control_of_the_target);
  g_test_add_func ("/psc/r4/pawn-push-needs-control", test_r4_pawn_push_needs_control);
  g_test_add_func ("/psc/r4/move-may-leave-king-attacked", test_r4_move_may_leave_king_attacked);
  g_test_add_func ("/psc/r4/king-may-move-onto-attacked-square",
                   test_r4_king_may_move_onto_attacked_square);
  g_test_add_func ("/psc/r4/move-may-expose-own-king", test_r4_move_may_expose_own_king);
  g_test_add_func ("/psc/r4/counting-moves-agrees-with-listing",
                   test_r4_counting_moves_agrees_with_listing);

  g_test_add_func ("/psc/r5/castling-both-ways-when-every-condition-holds",
                   test_r5_castling_both_ways_when_every_condition_holds);
  g_test_add_func ("/psc/r5/castling-needs-the-right", test_r5_castling_needs_the_right);
  g_test_add_func ("/psc/r5/castling-needs-every-square-between-empty",
                   test_r5_castling_needs_every_square_between_empty);
  g_test_add_func ("/psc/r5/castling-needs-king-not-frozen",
                   test_r5_castling_needs_king_not_frozen);
  g_test_add_func ("/psc/r5/castling-needs-rook-not-frozen",
                   test_r5_castling_needs_rook_not_frozen);
  g_test_add_func ("/psc/r5/castling-needs-king-destination-controlled",
                   test_r5_castling_needs_king_destination_controlled);
  g_test_add_func ("/psc/r5/castling-needs-rook-destination-controlled",
                   test_r5_castling_needs_rook_destination_controlled);
  g_test_add_func ("/psc/r5/castling-allowed-with-king-and-crossed-square-attacked",
                   test_r5_castling_allowed_with_king_and_crossed_square_attacked);
  g_test_add_func ("/psc/r5/black-castles-both-ways", test_r5_black_castles_both_ways);
  g_test_add_func ("/psc/r5/castling-moves-king-and-rook", test_r5_castling_moves_king_and_rook);

  g_test_add_func ("/psc/r6/promotion-offers-four-pieces", test_r6_promotion_offers_four_pieces);
  g_test_add_func ("/psc/r6/promotion-needs-controlled-square",
                   test_r6_promotion_needs_controlled_square);
  g_test_add_func ("/psc/r6/capture-promotion", test_r6_capture_promotion);
  g_test_add_func ("/psc/r6/promotion-places-the-chosen-piece",
                   test_r6_promotion_places_the_chosen_piece);
  g_test_add_func ("/psc/r6/black-promotes-on-rank-1", test_r6_black_promotes_on_rank_1);

  g_test_add_func ("/psc/r7/capture-when-pawn-frozen-and-passed-square-controlled",
                   test_r7_capture_when_pawn_frozen_and_passed_square_controlled);
  g_test_add_func ("/psc/r7/no-capture-when-double-stepped-pawn-not-frozen",
                   test_r7_no_capture_when_double_stepped_pawn_not_frozen);
  g_test_add_func ("/psc/r7/no-capture-when-passed-square-not-controlled",
                   test_r7_no_capture_when_passed_square_not_controlled);
  g_test_add_func ("/psc/r7/frozen-pawn-cannot-take-en-passant",
                   test_r7_frozen_pawn_cannot_take_en_passant);
  g_test_add_func ("/psc/r7/opportunity-lasts-one-turn", test_r7_opportunity_lasts_one_turn);
  g_test_add_func ("/psc/r7/pawn-arriving-beside-in-same-turn-may-take",
                   test_r7_pawn_arriving_beside_in_same_turn_may_take);
  g_test_add_func ("/psc/r7/both-sides-en-passant-same-turn",
                   test_r7_both_sides_en_passant_same_turn);
  g_test_add_func ("/psc/r7/no-opportunity-when-passed-square-occupied",
                   test_r7_no_opportunity_when_passed_square_occupied);

  g_test_add_func ("/psc/r8/both-moves-executed-from-the-same-position",
                   test_r8_both_moves_executed_from_the_same_position);
  g_test_add_func ("/psc/r8/slider-not-blocked-by-simultaneous-move",
                   test_r8_slider_not_blocked_by_simultaneous_move);
  g_test_add_func ("/psc/r8/capture-removes-the-frozen-piece",
                   test_r8_capture_removes_the_frozen_piece);

  g_test_add_func ("/psc/r9/counters-stop-at-their-largest",
                   test_r9_counters_stop_at_their_largest);
  g_test_add_func ("/psc/r9/king-move-loses-both-castling-rights",
                   test_r9_king_move_loses_both_castling_rights);
  g_test_add_func ("/psc/r9/rook-move-loses-its-castling-right",
                   test_r9_rook_move_loses_its_castling_right);
  g_test_add_func ("/psc/r9/rook-captured-at-home-loses-its-castling-right",
                   test_r9_rook_captured_at_home_loses_its_castling_right);
  g_test_add_func ("/psc/r9/quiet-turn-counter-grows-by-one",
                   test_r9_quiet_turn_counter_grows_by_one);
  g_test_add_func ("/psc/r9/white-pawn-move-resets-quiet-turn-counter",
                   test_r9_white_pawn_move_resets_quiet_turn_counter);
  g_test_add_func ("/psc/r9/black-pawn-move-resets-quiet-turn-counter",
                   test_r9_black_pawn_move_resets_quiet_turn_counter);
  g_test_add_func ("/psc/r9/white-capture-resets-quiet-turn-counter",
                   test_r9_white_capture_resets_quiet_turn_counter);
  g_test_add_func ("/psc/r9/black-capture-resets-quiet-turn-counter",
                   test_r9_black_capture_resets_quiet_turn_counter);
  g_test_add_func ("/psc/r9/turn-number-grows-by-one", test_r9_turn_number_grows_by_one);
  g_test_add_func ("/psc/r9/field-4-lists-every-passed-square-rank-3-first",
                   test_r9_field_4_lists_every_passed_square_rank_3_first);
  g_test_add_func ("/psc/r9/field-4-written-rank-3-first-whatever-the-order-read",
                   test_r9_field_4_written_rank_3_first_whatever_the_order_read);
  g_test_add_func ("/psc/r9/field-2-written-as-w-whatever-was-read",
                   test_r9_field_2_written_as_w_whatever_was_read);

  g_test_add_func ("/psc/r9a/refuses-a-side-without-king", test_r9a_refuses_a_side_without_king);
  g_test_add_func ("/psc/r9a/refuses-two-kings-of-one-side",
                   test_r9a_refuses_two_kings_of_one_side);
  g_test_add_func ("/psc/r9a/refuses-pawn-on-rank-8", test_r9a_refuses_pawn_on_rank_8);
  g_test_add_func ("/psc/r9a/refuses-pawn-on-rank-1", test_r9a_refuses_pawn_on_rank_1);
  g_test_add_func ("/psc/r9a/refuses-castling-right-without-rook-at-home",
                   test_r9a_refuses_castling_right_without_rook_at_home);
  g_test_add_func ("/psc/r9a/refuses-castling-right-without-king-at-home",
                   test_r9a_refuses_castling_right_without_king_at_home);
  g_test_add_func ("/psc/r9a/refuses-en-passant-square-without-pawn-in-front",
                   test_r9a_refuses_en_passant_square_without_pawn_in_front);
  g_test_add_func ("/psc/r9a/refuses-en-passant-square-with-start-square-occupied",
                   test_r9a_refuses_en_passant_square_with_start_square_occupied);
  g_test_add_func ("/psc/r9a/refuses-en-passant-square-off-ranks-3-and-6",
                   test_r9a_refuses_en_passant_square_off_ranks_3_and_6);

  g_test_add_func ("/psc/r10/frozen-black-king-white-wins", test_r10_frozen_black_king_white_wins);
  g_test_add_func ("/psc/r10/frozen-white-king-black-wins", test_r10_frozen_white_king_black_wins);
  g_test_add_func ("/psc/r10/checkmate-wins", test_r10_checkmate_wins);
  g_test_add_func ("/psc/r10/both-lost-is-a-draw", test_r10_both_lost_is_a_draw);
  g_test_add_func ("/psc/r10/stalemate-is-a-draw", test_r10_stalemate_is_a_draw);
  g_test_add_func ("/psc/r10/fifty-quiet-turns-is-a-draw", test_r10_fifty_quiet_turns_is_a_draw);
  g_test_add_func ("/psc/r10/forty-nine-quiet-turns-is-not-a-draw",
                   test_r10_forty_nine_quiet_turns_is_not_a_draw);
  g_test_add_func ("/psc/r10/frozen-king-with-no-move-reported-as-king-frozen",
                   test_r10_frozen_king_with_no_move_reported_as_king_frozen);
  g_test_add_func ("/psc/r10/game-over-checked-before-the-first-turn",
                   test_r10_game_over_checked_before_the_first_turn);
  g_test_add_func ("/psc/r10/attacked-king-with-a-move-is-not-lost",
                   test_r10_attacked_king_with_a_move_is_not_lost);
  g_test_add_func ("/psc/r10/no-insufficient-material-rule",
                   test_r10_no_insufficient_material_rule);

  g_test_add_func ("/psc/r12/start-position-each-side-sees-its-half",
                   test_r12_start_position_each_side_sees_its_half);
  g_test_add_func ("/psc/r12/sees-own-pieces", test_r12_sees_own_pieces);
  g_test_add_func ("/psc/r12/sees-first-enemy-piece-on-a-ray-not-beyond",
                   test_r12_sees_first_enemy_piece_on_a_ray_not_beyond);
  g_test_add_func ("/psc/r12/does-not-see-past-own-piece", test_r12_does_not_see_past_own_piece);
  g_test_add_func ("/psc/r12/enemy-piece-outside-attack-sets-is-hidden",
                   test_r12_enemy_piece_outside_attack_sets_is_hidden);
  g_test_add_func ("/psc/r12/pawn-diagonal-seen-only-with-enemy-there",
                   test_r12_pawn_diagonal_seen_only_with_enemy_there);

  g_test_add_func ("/psc/seed/example-position-reached-by-legal-turns",
                   test_seed_example_position_reached_by_legal_turns);
  g_test_add_func ("/psc/seed/h4-controlled-by-white", test_seed_h4_controlled_by_white);
  g_test_add_func ("/psc/seed/h3-controlled-by-nobody", test_seed_h3_controlled_by_nobody);
  g_test_add_func ("/psc/seed/d5-frozen", test_seed_d5_frozen);
  g_test_add_func ("/psc/seed/white-may-capture-d5-with-pawn-or-knight",
                   test_seed_white_may_capture_d5_with_pawn_or_knight);
  g_test_add_func ("/psc/seed/after-nf6-a-capturer-on-d5-is-frozen",
                   test_seed_after_nf6_a_capturer_on_d5_is_frozen);
  g_test_add_func ("/psc/seed/start-position-same-for-both-colours",
                   test_seed_start_position_same_for_both_colours);
  g_test_add_func ("/psc/seed/start-position-each-side-controls-its-half",
                   test_seed_start_position_each_side_controls_its_half);
  g_test_add_func ("/psc/seed/freezing-the-king-with-a-move-wins",
                   test_seed_freezing_the_king_with_a_move_wins);
  g_test_add_func ("/psc/seed/both-kings-frozen-in-one-turn-is-a-draw",
                   test_seed_both_kings_frozen_in_one_turn_is_a_draw);

  return g_test_run ();
}
