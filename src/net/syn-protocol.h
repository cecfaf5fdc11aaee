/* syn-protocol.h: the Synchess network protocol's messages (docs/protocol.md): one line of
 * UTF-8 text each, read into a fixed-size struct and written back. Pure functions with no
 * I/O and no allocation, so that a fuzzer can feed them anything.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SYN_PROTOCOL_NAME "synchess"
#define SYN_PROTOCOL_VERSION 2
#define SYN_PROTOCOL_DEFAULT_PORT 46290

/* The longest line either side may send, its LF included. A longer one ends the connection
 * without being buffered whole. */
#define SYN_PROTOCOL_MAX_LINE 4096

#define SYN_PROTOCOL_TEXT_MAX 1024  /* chat, error and decline texts, in bytes */
#define SYN_PROTOCOL_NAME_MAX 64    /* a player's name, in bytes */
#define SYN_PROTOCOL_ID_MAX 64      /* a game id: letters, digits and '-' */
#define SYN_PROTOCOL_WORD_MAX 31    /* variant ids, error codes */
#define SYN_PROTOCOL_MOVE_MAX 15    /* a move's text: letters and digits */
#define SYN_PROTOCOL_FEN_MAX 160    /* a start position's FEN, in bytes */
#define SYN_PROTOCOL_DIGEST_SIZE 32 /* SHA-256 */
#define SYN_PROTOCOL_SALT_SIZE 16   /* 128 bits */
#define SYN_PROTOCOL_COIN_SIZE 8    /* HUT-R10: each side's random bytes for the seed */
#define SYN_PROTOCOL_MAX_TURNS 100000
#define SYN_PROTOCOL_PUBLIC_MAX 128                         /* sealed: a commit's public part */
#define SYN_PROTOCOL_MAX_MS G_GINT64_CONSTANT (86400000000) /* 1000 days, in ms */

typedef enum
{
  SYN_MESSAGE_NONE = 0,
  SYN_MESSAGE_HELLO,   /* hello synchess VERSION [NAME] */
  SYN_MESSAGE_OPTIONS, /* options id=ID variant=V tc=MS+MS|- fog=yes|no colour=C date=D
                        * [fen=FEN] */
  SYN_MESSAGE_RESUME,  /* resume id=ID colour=C turns=N digest=HEX [previous=HEX] */
  SYN_MESSAGE_ACCEPT,  /* accept fog=yes|no | accept turns=N */
  SYN_MESSAGE_DECLINE, /* decline [TEXT] */
  SYN_MESSAGE_COMMIT,  /* commit TURN HEX USED_MS */
  SYN_MESSAGE_REVEAL,  /* reveal TURN MOVE SALT */
  SYN_MESSAGE_DRAW,    /* draw offer|accept|decline */
  SYN_MESSAGE_RESIGN,  /* resign */
  SYN_MESSAGE_FLAG,    /* flag white|black */
  SYN_MESSAGE_CHAT,    /* chat TEXT */
  SYN_MESSAGE_PING,    /* ping N */
  SYN_MESSAGE_PONG,    /* pong N */
  SYN_MESSAGE_ERROR,   /* error CODE [TEXT] */
  SYN_MESSAGE_BYE,     /* bye [TEXT] */
  SYN_MESSAGE_SEED,    /* seed commit HEX | seed reveal COIN SALT (rule sets that draw lots) */
  /* Transactional Chess, where the players hold different boards (TX-R15 to R17): */
  SYN_MESSAGE_LOCK,   /* lock TURN SETS: is a square of every set locked? (TX-R5, R6, R16) */
  SYN_MESSAGE_LOCKED, /* locked TURN yes|no: the answer */
  SYN_MESSAGE_SEALED, /* sealed TURN - | sealed TURN commit PAIRS CASTLING EP: the mover's
                       * reveal, which shows only what a commit announces (TX-R8) */
  SYN_MESSAGE_CLAIM,  /* claim TURN REASON: the game ended by a rule only the sender can judge */
  SYN_MESSAGE_AUDIT,  /* audit TURN CHOICE LIST SALT | audit end (TX-R17) */
  SYN_MESSAGE_USED,   /* used TURN USED_MS: the receiver's raise of the sender's time (PSC-R11) */
  SYN_MESSAGE_N_TYPES
} SynMessageType;

typedef enum
{
  SYN_DRAW_OFFER,
  SYN_DRAW_ACCEPT,
  SYN_DRAW_DECLINE,
} SynDrawAction;

/* One message. Only the fields of its type mean anything; the others are zero. */
typedef struct
{
  SynMessageType type;

  guint version;                             /* hello */
  guint32 turn;                              /* commit, reveal: the turn's index from 0 */
  guint32 turns;                             /* resume, accept (of a resume) */
  gboolean has_turns;                        /* accept */
  gboolean has_fog;                          /* accept (of options) */
  gboolean fog;                              /* options, accept */
  int colour;                                /* options, resume: the host's; flag: whose */
  gint64 initial_ms, increment_ms;           /* options; initial_ms 0: no clock */
  gint64 used_ms;                            /* commit, used: the sender's time this turn */
  guint64 number;                            /* ping, pong */
  SynDrawAction draw;                        /* draw */
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];   /* commit, resume */
  gboolean has_previous;                     /* resume */
  guint8 previous[SYN_PROTOCOL_DIGEST_SIZE]; /* resume: the digest one turn earlier */
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];       /* reveal, seed reveal */
  gboolean seed_reveal;                      /* seed: reveal (else commit, with digest) */
  guint8 coin[SYN_PROTOCOL_COIN_SIZE];       /* seed reveal */
  char move[SYN_PROTOCOL_MOVE_MAX + 1];      /* reveal; audit: the choice */
  char id[SYN_PROTOCOL_ID_MAX + 1];          /* options, resume */
  char variant[SYN_PROTOCOL_WORD_MAX + 1];   /* options */
  char date[11];                             /* options: YYYY.MM.DD, '?' for unknown digits */
  char fen[SYN_PROTOCOL_FEN_MAX + 1];        /* options: the start position, "" for the
                                              * rule set's own; spaces here, '_' on the wire */
  gboolean answer;                           /* locked: yes */
  gboolean audit_end;                        /* audit end */
  char code[SYN_PROTOCOL_WORD_MAX + 1];      /* error; claim: the reason */
  char text[SYN_PROTOCOL_TEXT_MAX + 1];      /* hello (name), decline, chat, error, bye; lock:
                                              * the sets; sealed: the public part (after the
                                              * turn); audit: the list */
} SynMessage;

/* Why a line was refused. */
typedef enum
{
  SYN_PARSE_OK = 0,
  SYN_PARSE_TOO_LONG,  /* over SYN_PROTOCOL_MAX_LINE */
  SYN_PARSE_ENCODING,  /* not UTF-8, or a control character */
  SYN_PARSE_UNKNOWN,   /* an unknown message word */
  SYN_PARSE_MALFORMED, /* a known message whose arguments are wrong */
  SYN_PARSE_PROTOCOL,  /* a hello naming another protocol */
  SYN_PARSE_VERSION,   /* a hello naming another version of this one */
} SynParseStatus;

typedef struct
{
  SynParseStatus status;
  char message[160]; /* in English, names what is wrong; for logs and error replies */
} SynParseError;

/* Reads one line, without its LF (a CR before the LF may be left on: it is ignored). length
 * is the line's length in bytes; the line need not end in NUL and may hold any bytes. */
gboolean syn_message_parse (const char *line, gsize length, SynMessage *message,
                            SynParseError *error);

/* Writes message as a line, its LF included, into buf (SYN_PROTOCOL_MAX_LINE + 1 bytes),
 * NUL-terminated. Returns the length without the NUL, or 0 when message holds a value it
 * cannot carry (the message would not read back). */
gsize syn_message_format (const SynMessage *message, char *buf);

/* The message's first word ("hello", ...); NULL for an unknown type. */
const char *syn_message_type_to_word (SynMessageType type);

/* A game id is 1 to SYN_PROTOCOL_ID_MAX letters, digits and '-', so it is safe as a file
 * name. */
gboolean syn_protocol_id_is_valid (const char *id);

/* The commitment to a move (docs/protocol.md, "Commit and reveal"): SHA-256 over the game
 * id, the turn, the mover's colour, the move and the salt. */
void syn_protocol_commitment (const char *id, guint32 turn, int colour, const char *move,
                              const guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                              guint8 digest[SYN_PROTOCOL_DIGEST_SIZE]);

/* The claims a side may make that the other cannot judge (TX-R15): "checkmate" and
 * "stalemate" of the claimer at its turn's start, "hidden-attack" after the other's commit. */
gboolean syn_protocol_claim_is_known (const char *reason);

/* The commitment to a side's coin for a game's seed (HUT-R10): SHA-256 over the game id,
 * the side's colour, the coin and the salt. */
void syn_protocol_seed_commitment (const char *id, int colour,
                                   const guint8 coin[SYN_PROTOCOL_COIN_SIZE],
                                   const guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                                   guint8 digest[SYN_PROTOCOL_DIGEST_SIZE]);

/* Whether a new game of the rule set with that id starts by drawing its seed (HUT-R10): the
 * rule sets with a seed hook (variant.h), named here so that the protocol's code stands
 * without the engine (the fuzzer links it alone); tests/net/test-variants.c checks the two
 * agree. */
gboolean syn_protocol_variant_draws_lots (const char *variant);

/* Lower-case hex of size bytes into out (2 * size + 1 bytes). */
void syn_protocol_hex (const guint8 *bytes, gsize size, char *out);

G_END_DECLS
