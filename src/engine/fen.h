/* fen.h: reading and writing positions as FEN, for orthodox chess and for PSC (PSC-R9).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "position.h"

typedef enum
{
  SYN_FEN_ORTHODOX, /* side to move matters, one en passant square */
  SYN_FEN_PSC,      /* PSC-R9: field 2 means nothing, field 4 may list two squares */
} SynFenRules;

#define SYN_FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define SYN_FEN_MAX_SIZE 256
#define SYN_FEN_MAX_INPUT 4096

typedef struct
{
  int field;         /* 1 to 6, or 0 for the text as a whole */
  char message[160]; /* "field 4: e5 is not a valid en passant square" */
} SynFenError;

/* Reads text into pos. On failure returns false, leaves pos unspecified and says why. */
bool syn_fen_parse (const char *text, SynFenRules rules, SynPosition *pos, SynFenError *error);

/* Writes pos into buf (SYN_FEN_MAX_SIZE bytes are always enough). */
void syn_fen_write (const SynPosition *pos, SynFenRules rules, char *buf, size_t size);
