/* naive-transactional.h: a deliberately simple Transactional Chess referee, written from the
 * rulings alone, that the engine is compared with on games of random play.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Colours are 0 for white, 1 for black. Squares are file + 8 * rank: a1 = 0, h8 = 63. */
#define NAIVE_TX_MAX_PENDING 5
#define NAIVE_TX_MAX_CHOICES 1024
#define NAIVE_TX_CHOICE_SIZE 16

typedef struct
{
  char board[64];     /* TX-R14 field 1, the committed view: '.' or "PNBRQKpnbrqk" */
  int to_move;        /* field 2 */
  bool castle[4];     /* field 3, committed rights K, Q, k, q */
  bool passed[64];    /* field 4: passed squares of the pawns eligible under TX-R11 */
  int quiet_turns;    /* field 5, TX-R13 */
  int fullmove;       /* field 6 */
  int transaction[2]; /* fields 7 and 8: T<n> */
  int n_pending[2];   /* pending moves */
  char pending[2][NAIVE_TX_MAX_PENDING][6]; /* in UCI, castling as the king's move */
} NaiveTx;

/* What a turn's choice did (TX-R5, R6). */
typedef enum
{
  NAIVE_TX_MOVED = 0,
  NAIVE_TX_REFUSED, /* destination locked: nothing changed */
  NAIVE_TX_PASSED,  /* TX-R6 no move */
} NaiveTxAction;

/* How a turn ended (TX-R7 to R9). */
typedef enum
{
  NAIVE_TX_NEITHER = 0,
  NAIVE_TX_COMMIT,
  NAIVE_TX_ROLLBACK,
} NaiveTxDecision;

/* TX-R14: reads a referee FEN (fields 7 and 8 may be omitted); on a fault returns false with
 * a message in error. */
bool naive_tx_from_fen (const char *fen, NaiveTx *tx, char *error, size_t error_size);

/* TX-R14: the referee FEN; with player 0 or 1 the player FEN of that side (the opponent's
 * transaction written `?`), with -1 the referee's. */
void naive_tx_to_fen (const NaiveTx *tx, int player, char *buf, size_t size);

/* TX-R2: side's transactional view (its pending position, the opponent's committed one). */
void naive_tx_view (const NaiveTx *tx, int side, char board[64]);

/* TX-R5: the squares side's pending moves lock. */
void naive_tx_locks (const NaiveTx *tx, int side, bool locked[64]);

/* TX-R4, R6, R7, R9: side's choices as text ("g1f3", "g1f3/commit", "g1f3/rollback", "pass",
 * ...), sorted with strcmp; 0 for the side that waits. */
int naive_tx_choices (const NaiveTx *tx, int side, char choices[][NAIVE_TX_CHOICE_SIZE]);

/* The state after the mover's choice (one of its choices); says what the move did and how
 * the turn ended. A refused move leaves the state as it was. */
NaiveTxAction naive_tx_apply (const NaiveTx *tx, const char *choice, NaiveTx *out,
                              NaiveTxDecision *decision);

/* TX-R10, R12, R13: result "*", "1-0", "0-1" or "1/2-1/2"; reason NULL or "checkmate",
 * "hidden-attack", "stalemate", "fifty-turns". */
void naive_tx_outcome (const NaiveTx *tx, const char **result, const char **reason);

/* TX-R10's exception: the last commit put the committer's king under attack in the mover's
 * view, but the mover's own king is attacked too and cannot take it: play goes on. */
bool naive_tx_hidden_attack_excused (const NaiveTx *tx);
