/* fen-fields.h: the readers of single FEN fields behind syn_fen_parse(), for the rule sets
 * whose FEN adds fields or allows what PSC's refuses (a finished game without a king), so
 * that every rule set reads the common fields with the same words.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fen.h"

/* Fills error ("field N: " and the message; field 0 for the text as a whole) and returns
 * false, so a reader can `return syn_fen_fail (...)`. error may be NULL. */
bool syn_fen_fail (SynFenError *error, int field, const char *format, ...)
    __attribute__ ((format (printf, 3, 4)));

/* Splits text, a FEN of at most max_fields fields, at its blanks: each field's start and
 * length, and their number in *n_fields. FALSE with error when there is no text, it is too
 * long, or more than max_fields fields come (a line end may close it). */
bool syn_fen_split (const char *text, int max_fields, const char **starts, size_t *lengths,
                    int *n_fields, SynFenError *error);

/* Field 4: '-' or the passed squares, one for orthodox chess, one per colour for PSC's
 * rules (PSC-R9a), each on rank 3 or 6, put onto pos. */
bool syn_fen_read_en_passant (const char *text, size_t len, SynFenRules rules, SynPosition *pos,
                              SynFenError *error);

/* No pawn stands on rank 1 or 8 (field 1's error). */
bool syn_fen_check_pawns (const SynPosition *pos, SynFenError *error);

/* Every castling right has its king and rook on their home squares (field 3's error). */
bool syn_fen_check_castling (const SynPosition *pos, SynFenError *error);

/* Field 1, the placement (len characters of text), put onto pos. */
bool syn_fen_read_placement (const char *text, size_t len, SynPosition *pos, SynFenError *error);

/* Field 3, the castling rights ("KQkq" or "-"), into pos->castling: letters only, no check of
 * where the king and rooks stand. */
bool syn_fen_read_castling (const char *text, size_t len, SynPosition *pos, SynFenError *error);

/* A counter field (5 or 6) from minimum to SYN_COUNTER_MAX. */
bool syn_fen_read_counter (const char *text, size_t len, int field, unsigned minimum,
                           uint16_t *value, SynFenError *error);
