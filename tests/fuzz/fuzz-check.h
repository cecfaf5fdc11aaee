/* fuzz-check.h: invariants the fuzz targets check on what the engine hands back; a broken
 * one prints what went wrong and aborts, so libFuzzer (or the regression driver) reports it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fen.h"
#include "move.h"
#include "position.h"
#include "psc-control.h"

/* libFuzzer's entry point, which every target defines and fuzz-driver.c calls. */
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Prints the message and aborts. */
void fuzz_fail (const char *format, ...) __attribute__ ((format (printf, 1, 2), noreturn));

/* Aborts with the message when ok is false; the message is only built then. */
#define fuzz_require(ok, ...) ((ok) ? (void) 0 : fuzz_fail (__VA_ARGS__))

/* The same for the targets without fuzz-check.c (GLib only, no engine): prints
 * "invariant: " and the message, and aborts. */
#define fuzz_invariant(ok, ...)                                                                    \
  do                                                                                               \
    {                                                                                              \
      if (!(ok))                                                                                   \
        {                                                                                          \
          fprintf (stderr, "invariant: " __VA_ARGS__);                                             \
          fputc ('\n', stderr);                                                                    \
          abort ();                                                                                \
        }                                                                                          \
    }                                                                                              \
  while (0)

/* Mailbox and bitboards agree, one king per side, and the rest of PSC-R9a. */
void fuzz_check_position (const SynPosition *pos, SynFenRules rules);

/* The FEN of pos is within SYN_FEN_MAX_SIZE, reads back to pos and writes identically. */
void fuzz_check_fen_round_trip (const SynPosition *pos, SynFenRules rules);

/* moves are n legal moves of colour's in PSC or in orthodox chess: each starts on a piece of
 * colour, its kind fits the piece, and no two share a text (squares and promotion). */
void fuzz_check_moves (const SynPosition *pos, SynColour colour, const SynMove *moves, int n);

/* The same for PSC moves, which also go from unfrozen pieces to controlled squares and are
 * as many as syn_psc_count_moves() says. */
void fuzz_check_psc_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour,
                           const SynMove *moves, int n);

/* PSC-R2, R3: the control agrees with the attack counts, the owner of an occupied square
 * counts exactly 1 there, and frozen pieces are those the enemy controls. */
void fuzz_check_control (const SynPosition *pos, const SynPscControl *ctl);
