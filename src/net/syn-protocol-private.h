/* syn-protocol-private.h: what the files of the protocol's codec share: the shape of each
 * message (syn-protocol-parse.c), which the writer (syn-protocol-format.c) follows too, and
 * the words the messages use (syn-protocol.c).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-protocol.h"

G_BEGIN_DECLS

/* The most words a message has after its first; a line with more is refused. */
#define SYN_MESSAGE_MAX_WORDS 8

/* The kinds of argument that messages share: each is read from one word into its field of
 * SynMessage and written back from it the same way, so that a message made only of them
 * needs no code of its own. */
typedef enum
{
  SYN_ARG_TURN = 1, /* turn: 0 to SYN_PROTOCOL_MAX_TURNS */
  SYN_ARG_DIGEST,   /* digest: 64 lower-case hex digits */
  SYN_ARG_USED_MS,  /* used_ms: milliseconds, up to SYN_PROTOCOL_MAX_MS */
  SYN_ARG_SALT,     /* salt: 32 lower-case hex digits */
  SYN_ARG_COIN,     /* coin: 16 lower-case hex digits */
  SYN_ARG_MOVE,     /* move: letters and digits, or "-" for a step the sender waits */
  SYN_ARG_CHOICE,   /* move: a Transactional choice, letters, digits and '/' */
  SYN_ARG_LIST,     /* text: a transaction as its FEN writes it */
  SYN_ARG_NUMBER,   /* number: any 64-bit number */
  SYN_ARG_COLOUR,   /* colour: white or black */
  SYN_ARG_DRAW,     /* draw: offer, accept or decline */
  SYN_ARG_SETS,     /* text: lock's sets of squares */
  SYN_ARG_ANSWER,   /* answer: yes or no */
  SYN_ARG_CLAIM,    /* code: a known claim */
  SYN_ARG_N_KINDS
} SynArgKind;

#define SYN_MESSAGE_MAX_KINDS 4

/* A piece of the line: not NUL-terminated, since the line is not ours to write into. */
typedef struct
{
  const char *start;
  gsize length;
} SynSpan;

typedef struct _SynMessageShape SynMessageShape;

/* Reads the arguments of a message with code of its own: its words (at most
 * SYN_MESSAGE_MAX_WORDS) and, when it ends in free text, the rest of the line. */
typedef gboolean (*SynMessageParseFunc) (const SynMessageShape *shape, const SynSpan *args,
                                         int n_args, SynSpan rest, SynMessage *m,
                                         SynParseError *error);

/* The shape of one message, after its word: how its arguments are read, and written back. */
struct _SynMessageShape
{
  const char *word;
  /* When the message ends in free text (a name, a chat line): how many words come before
   * it; the text is the rest of the line. */
  gboolean ends_in_text;
  int words_before_text;
  /* A message of kinds alone: exactly these arguments, in order, or the usage in the
   * error ("commit TURN DIGEST USED_MS"). */
  const char *usage;
  SynArgKind kinds[SYN_MESSAGE_MAX_KINDS];
  /* A message with code of its own (keys, alternatives, free text); NULL for kinds alone. */
  SynMessageParseFunc parse;
};

/* The shape of type, which must be a message's. */
const SynMessageShape *syn_message_shape (SynMessageType type);

/* The number of kinds in shape. */
int syn_message_shape_n_kinds (const SynMessageShape *shape);

/* Whether text (length bytes) is 1 to max letters, digits and characters of extra. */
gboolean syn_protocol_text_is_word (const char *text, gsize length, gsize max, const char *extra);

extern const char *const syn_protocol_colour_words[2];
extern const char *const syn_protocol_draw_words[3];
extern const char *const syn_protocol_claim_words[4];

G_END_DECLS
