/* psc-eval.h: how good a PSC position is for White, in centipawns, read from the attack
 * counts of psc-control.h: material, control, frozen pieces, the safety of the kings.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "outcome.h"
#include "position.h"
#include "psc-control.h"

/* A won game. Searches subtract the number of turns to the win, so a sooner win scores
 * higher; anything at or beyond SYN_EVAL_DECIDED in size is a finished game. */
#define SYN_EVAL_WIN 100000
#define SYN_EVAL_DECIDED 90000

/* An evaluation kept short of SYN_EVAL_DECIDED: only a finished game may reach it. */
static inline int
syn_eval_undecided (int total)
{
  if (total >= SYN_EVAL_DECIDED)
    return SYN_EVAL_DECIDED - 1;
  if (total <= -SYN_EVAL_DECIDED)
    return -(SYN_EVAL_DECIDED - 1);
  return total;
}

/* The terms of the static evaluation, each from White's point of view. */
typedef struct
{
  int material;
  int control;
  int frozen;
  int king;
  int pawns;
  int mobility;
} SynPscEvalTerms;

/* Pawn, knight, bishop, rook, queen; the king is never traded, so it counts nothing. */
extern const int syn_psc_piece_values[SYN_N_PIECE_TYPES];

/* The weights the evaluation's terms are made of, in centipawns or percent: what tuning by
 * self-play changes (tests/bench/tune-psc-eval.c, docs/engine-tuning.md). */
typedef struct _SynPscEvalWeights
{
  int piece[SYN_N_PIECE_TYPES]; /* material, the king's 0 */
  int control_square;           /* each square a side controls */
  int control_enemy_half;       /* more for one in the enemy's half */
  int control_centre;           /* more for one of d4, e4, d5, e5 */
  int frozen_capturable;        /* per mille of a frozen piece's value lost when it can be taken */
  int frozen_stuck;             /* per mille lost when it cannot */
  int king_attacked_once;       /* one enemy attacker on the king */
  int king_zone_attack;         /* each enemy attack next to the king */
  int king_escapes;             /* percent of the penalty for a king with few squares to go */
  int king_attackers;           /* percent of the penalty for enemy pieces near the king */
  int pawn_advance;             /* percent of the bonus for a pawn near promotion */
  int mobility_move;            /* each move a side has */
} SynPscEvalWeights;

/* The weights the engine plays with. */
extern const SynPscEvalWeights syn_psc_eval_default_weights;

/* The static evaluation of an unfinished position (the sum of its terms, kept inside
 * +-(SYN_EVAL_DECIDED - 1)); n_moves holds both sides' move counts. terms may be NULL. */
int syn_psc_eval_static (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2],
                         SynPscEvalTerms *terms);

/* The same with other weights. */
int syn_psc_eval_weighted (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2],
                           const SynPscEvalWeights *weights, SynPscEvalTerms *terms);

/* A finished game's value: +-SYN_EVAL_WIN, or 0 for a draw; 0 too for an unfinished one. */
int syn_psc_eval_outcome (SynOutcome outcome);

/* The value of pos: its outcome's when the game is over (PSC-R10), its static evaluation
 * otherwise. n_moves holds both sides' move counts (syn_psc_count_moves). */
int syn_psc_eval (const SynPosition *pos, const SynPscControl *ctl, const int n_moves[2]);

/* The same from the position alone. */
int syn_psc_eval_position (const SynPosition *pos);
