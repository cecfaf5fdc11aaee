/* syn-protocol-state.h: the protocol's session as a state machine (docs/protocol.md): which
 * message may come or go when, and what it changes. Pure functions over a plain struct, so
 * that SynPeer and the fuzzer drive the very same rules; the rules of the game itself (is a
 * move legal, is a clock time possible) are SynPeer's.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-protocol.h"

G_BEGIN_DECLS

typedef enum
{
  SYN_PHASE_HELLO = 0, /* waiting for the other side's hello (ours is sent first) */
  SYN_PHASE_SETUP,     /* no game agreed yet: the host proposes, the guest answers */
  SYN_PHASE_PLAYING,
  SYN_PHASE_OVER,   /* the game is finished; the host may propose another or say bye */
  SYN_PHASE_CLOSED, /* bye or a fatal error: nothing more is read */
} SynPhase;

typedef enum
{
  SYN_PROPOSAL_NONE = 0,
  SYN_PROPOSAL_OPTIONS,
  SYN_PROPOSAL_RESUME,
} SynProposal;

typedef struct
{
  gboolean host;
  SynPhase phase;

  /* A proposal the host has made and the guest not yet answered. */
  SynProposal proposal;
  guint32 proposal_turns;     /* resume: the host's number of turns */
  gboolean proposal_previous; /* resume: the host can go one turn back */
  int proposal_colour;        /* the host's colour in the proposed game */
  gboolean proposal_lots;     /* the proposed game starts by drawing its seed (HUT-R10) */
  char proposal_id[SYN_PROTOCOL_ID_MAX + 1];

  /* The game being played (or just finished). */
  char id[SYN_PROTOCOL_ID_MAX + 1];
  int local_colour; /* 0 white, 1 black */
  guint32 turn;     /* the index of the turn being chosen: turns completed so far */
  /* The game's seed is being drawn (HUT-R10): the commit and reveal flags below are the
   * coins' (seed messages), and no turn is played until both are revealed. */
  gboolean drawing_lots;
  gboolean local_committed, remote_committed;
  gboolean local_revealed, remote_revealed;
  guint8 remote_commitment[SYN_PROTOCOL_DIGEST_SIZE];
  /* The other's commitment came from the turn saved before a broken connection: the same
   * commitment sent again is dropped, any other refused (docs/protocol.md, "Resuming"). */
  gboolean remote_commitment_saved;
  gboolean local_draw_offer, remote_draw_offer;
} SynProtocolState;

typedef enum
{
  SYN_VERDICT_ACCEPT = 0, /* take the new state and act on the message */
  SYN_VERDICT_REJECT,     /* answer with an error; nothing changes */
  SYN_VERDICT_FATAL,      /* answer with an error and close the connection */
  SYN_VERDICT_IGNORE,     /* a move or ending that crossed the end of the game: dropped
                           * without an answer, nothing changes */
} SynVerdict;

typedef struct
{
  SynVerdict verdict;
  char code[SYN_PROTOCOL_WORD_MAX + 1]; /* the error code to answer with */
  char message[200];                    /* in English, for the error's text and logs */
} SynProtocolResult;

void syn_protocol_state_init (SynProtocolState *state, gboolean host);

/* A line from the other side, already read (parse_ok FALSE with parse_error when it could
 * not be). out is the state after it: a copy of in unless the verdict is ACCEPT. in and out
 * may be the same. */
SynVerdict syn_protocol_state_receive (const SynProtocolState *in, gboolean parse_ok,
                                       const SynParseError *parse_error, const SynMessage *message,
                                       SynProtocolState *out, SynProtocolResult *result);

/* Whether this side may send message now; out is the state after sending it (a copy of in
 * when it may not). Errors and bye may always be sent, ping and pong once past hello.
 *
 * When the second reveal of a turn passes (received or sent), both moves are known and the
 * state moves on to the next turn by itself: out->turn is then in->turn + 1. */
gboolean syn_protocol_state_send (const SynProtocolState *in, const SynMessage *message,
                                  SynProtocolState *out);

/* After a resume, the side that was a turn behind (accept turns=K, docs/protocol.md) is in
 * the middle of its last turn: both commitments are in (remote_commitment the one it saved)
 * and its own reveal is out; the other side's reveal brings it forward. */
void syn_protocol_state_resume_behind (SynProtocolState *state,
                                       const guint8 remote_commitment[SYN_PROTOCOL_DIGEST_SIZE]);

/* The game ended by the rules after a turn (the board, not a message, says so). */
void syn_protocol_state_end_game (SynProtocolState *state);

/* Checks the struct's own invariants (for the fuzzer and debug builds). */
gboolean syn_protocol_state_is_valid (const SynProtocolState *state);

const char *syn_phase_to_text (SynPhase phase);

G_END_DECLS
