/* syn-notation.h: moves as people read them: SAN-like text ("Nbd2", "exd6", "a8=Q", "O-O")
 * for move lists, and a spoken form ("knight takes d5") for screen readers.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "variant.h"

G_BEGIN_DECLS

/* side's choice in the position before it was executed, in SAN-like notation for the user
 * (never for records: the letters are translated): piece letter (none for pawns), file, rank or both when another piece of that type could also reach the
 * square, "x" for captures (en passant too), "=Q" for promotions, "O-O" and "O-O-O" for
 * castling, "-" for SYN_CHOICE_NONE. PSC has no check, so there are no "+" or "#". */
char *syn_notation_describe (const SynVariant *variant, const SynState *before, SynColour side,
                             SynChoice choice);

/* The same move in words for screen readers, translated: "knight f3", "pawn takes d5",
 * "castles kingside", "no move". It does not name the side. */
char *syn_notation_speak (const SynVariant *variant, const SynState *before, SynColour side,
                          SynChoice choice);

/* What became of a side's move once both were resolved, beyond what its text says. */
typedef enum
{
  SYN_FATE_PLAYED = 0,   /* as written */
  SYN_FATE_FORFEITED,    /* HUT-R5: not played at all */
  SYN_FATE_COLLIDED,     /* HK-R5, SYN-R7: both pieces arrived on one square; both removed */
  SYN_FATE_REMOVED,      /* SYN-R7: it arrived where the other side's piece stayed */
  SYN_FATE_TOOK_NOTHING, /* HK-R4, SYN-R6, HUT-R5: its target moved away in the same turn */
} SynFate;

/* The fate of side's move in the turn from before (by the two choices) to after, told by the
 * rule set's own events and the boards; only for steps of both sides' moves. */
SynFate syn_notation_fate (const SynVariant *variant, const SynState *before, SynChoice white,
                           SynChoice black, const SynState *after, SynColour side);

/* A short mark for the move list ("" for SYN_FATE_PLAYED), and a sentence saying what
 * happened, translated: its tooltip and what a screen reader reads. */
const char *syn_notation_fate_mark (SynFate fate);
const char *syn_notation_fate_words (SynFate fate);

/* Appends the letter of a piece type as the user reads it ("N", in French "C"); nothing for
 * a pawn. syn_notation_describe() writes its moves with these letters. */
void syn_notation_append_piece_letter (GString *text, SynPieceType type);

/* The name of a piece type in words, translated ("knight"). */
const char *syn_notation_piece_name (SynPieceType type);

/* The translated name of a piece with its colour: "white knight". */
const char *syn_notation_coloured_piece_name (SynPiece piece);

/* The squares of a set, in board order: "d5, e4". */
char *syn_notation_square_list (SynBitboard squares);

/* The translated name of a rule set, for people (the engine's table is in English). */
const char *syn_notation_variant_name (const SynVariant *variant);

G_END_DECLS
