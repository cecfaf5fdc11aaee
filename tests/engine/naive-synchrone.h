/* naive-synchrone.h: a deliberately simple Synchrone implementation, written from the rulings
 * alone (SYN-R1 to R14), that the engine is compared with on positions reached by random play.
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
  NAIVE_SYN_WHITE = 0,
  NAIVE_SYN_BLACK = 1
};

#define NAIVE_SYN_MAX_CHOICES 512
#define NAIVE_SYN_TEXT_SIZE 8

typedef struct
{
  char board[64];  /* '.' empty; "PNBRQK" white, "pnbrqk" black */
  bool castle[4];  /* rights: K, Q, k, q */
  int ep[2];       /* passed square of White's (rank 3) and Black's (rank 6) double step, or -1 */
  int quiet_turns; /* FEN field 5 */
  int turn_number; /* FEN field 6 */
} NaiveSynPosition;

/* What a turn did, for the tests to count which rules were reached. */
typedef struct
{
  bool self_capture;      /* SYN-R3: a side took its own piece */
  bool self_capture_path; /* SYN-R3b: ... through the square of an enemy capturer */
  bool en_passant;        /* SYN-R4 */
  bool castling;
  bool promotion;
  bool capture_missed;       /* SYN-R6: a capture whose target had moved */
  bool collision_both;       /* SYN-R7c */
  bool collision_en_passant; /* SYN-R7: an en passant capture colliding on the passed square */
  bool collision_king;       /* SYN-R7a */
  bool collision_self;       /* SYN-R7b */
  bool double_step_dropped;  /* SYN-R9: a double step that field 4 cannot list */
} NaiveSynTurnReport;

/* SYN-R14: reads fen; on failure returns false and writes a message into error. */
bool naive_syn_from_fen (const char *fen, NaiveSynPosition *pos, char *error, size_t size);

/* SYN-R14: the canonical FEN (field 2 "w", field 4 rank-3 square first). */
void naive_syn_to_fen (const NaiveSynPosition *pos, char *buf, size_t size);

/* SYN-R2 to R4: colour's choices as UCI texts sorted with strcmp; returns how many. */
int naive_syn_choices (const NaiveSynPosition *pos, int colour,
                       char choices[][NAIVE_SYN_TEXT_SIZE]);

/* SYN-R5 to R9: the position after both choices; false (out untouched) when either text is
 * not among its side's choices. report may be NULL. */
bool naive_syn_apply (const NaiveSynPosition *pos, const char *white, const char *black,
                      NaiveSynPosition *out, NaiveSynTurnReport *report);

/* SYN-R10 to R12 (without repetition, which needs the history): result "*", "1-0", "0-1" or
 * "1/2-1/2"; reason NULL or "king-captured", "checkmate", "both-lost", "stalemate",
 * "fifty-turns". */
void naive_syn_outcome (const NaiveSynPosition *pos, const char **result, const char **reason);

/* SYN-R12: true when a and b count as the same position for the repetition draw. */
bool naive_syn_same_position (const NaiveSynPosition *a, const NaiveSynPosition *b);
