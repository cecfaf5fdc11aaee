/* naive-hk.h: a deliberately simple Hansmann–Krasowsky synchronous chess, written from the
 * rulings alone (HK-R1 to R14), that the engine is compared with on positions reached by
 * random play.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Squares are numbered file + 8 * rank: a1 = 0, h1 = 7, a8 = 56, h8 = 63. */
enum
{
  NAIVE_HK_WHITE = 0,
  NAIVE_HK_BLACK = 1
};

#define NAIVE_HK_MAX_CHOICES 512
#define NAIVE_HK_TEXT_SIZE 8
#define NAIVE_HK_PASS "0000"

typedef struct
{
  char board[64];  /* '.' empty; "PNBRQK" white, "pnbrqk" black */
  bool castle[4];  /* rights: K, Q, k, q */
  int quiet_turns; /* FEN field 5 */
  int turn_number; /* FEN field 6 */
  int n_open;      /* HK-R6: open fields of the exchange of blows, 0 between turns */
  int open[2];     /* their squares, in FEN order (rank 8 first, then file a first) */
  bool struck[64]; /* HK-R9: squares of the pieces that struck in this phase */
} NaiveHkPosition;

/* What a step did, for the tests to count which rules were reached. */
typedef struct
{
  bool castling;
  bool promotion;      /* in the synchronous move or a strike */
  bool capture_missed; /* HK-R4b: a capture whose target had moved */
  bool collision;      /* HK-R5 */
  bool king_collision; /* HK-R5: a king removed in a collision */
  int fields_opened;   /* HK-R6: 0, 1 or 2 */
  bool strike;         /* HK-R7 */
  bool pass;           /* HK-R7: a pass although a strike was possible */
  bool recapture;      /* HK-R8: a strike onto a piece that had struck (a chain) */
  bool two_strikes;    /* HK-R8: both strikers struck in one round */
  bool strike_missed;  /* HK-R8: a strike whose target had left to strike the other field */
  bool phase_ended;    /* HK-R8: the last field closed */
} NaiveHkStepReport;

/* HK-R14: reads fen (six fields, or seven with the exchange of blows); on failure returns
 * false and writes a message into error. */
bool naive_hk_from_fen (const char *fen, NaiveHkPosition *pos, char *error, size_t size);

/* HK-R14: the canonical FEN; field 7 only during an exchange of blows. */
void naive_hk_to_fen (const NaiveHkPosition *pos, char *buf, size_t size);

/* HK-R2, R3, R7: colour's choices as texts sorted with strcmp (UCI moves and strikes,
 * NAIVE_HK_PASS); 0 when colour waits. */
int naive_hk_choices (const NaiveHkPosition *pos, int colour, char choices[][NAIVE_HK_TEXT_SIZE]);

/* HK-R4 to R9, R13: the state after both choices (NULL or "-" for a side that waits); false
 * (out untouched) when a text is not among its side's choices. report may be NULL. */
bool naive_hk_apply (const NaiveHkPosition *pos, const char *white, const char *black,
                     NaiveHkPosition *out, NaiveHkStepReport *report);

/* HK-R10 to R12 (without repetition, which needs the history): result "*", "1-0", "0-1" or
 * "1/2-1/2"; reason NULL or "king-captured", "checkmate", "both-lost", "stalemate",
 * "fifty-turns". */
void naive_hk_outcome (const NaiveHkPosition *pos, const char **result, const char **reason);

/* HK-R12: true when a and b, both at the start of a synchronous move, count as the same
 * position for the repetition draw. */
bool naive_hk_same_position (const NaiveHkPosition *a, const NaiveHkPosition *b);
