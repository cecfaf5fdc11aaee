/* syn-tx-audit.h: Transactional Chess between two programs (TX-R15 to R17): what a program
 * commits to each turn, and the audit after the game, where each side reveals its turns and
 * the other replays the whole game as a referee would, checking every answer, announcement
 * and duty it was given.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-game.h"
#include "syn-protocol.h"

G_BEGIN_DECLS

#define SYN_TX_AUDIT_MAX_SETS 64 /* the sets of one lock question */
#define SYN_TX_AUDIT_TEXT_SIZE 64

/* One answer the other program gave to our lock question (TX-R16). */
typedef struct
{
  guint32 turn;
  gboolean locked; /* its answer: every set holds a square it locks */
  guint n_sets;
  SynBitboard sets[SYN_TX_AUDIT_MAX_SETS];
} SynTxLockAnswer;

/* What we hold of one of the other side's turns. */
typedef struct
{
  gboolean committed;
  guint8 commitment[SYN_PROTOCOL_DIGEST_SIZE];
  char public_step[SYN_PROTOCOL_PUBLIC_MAX + 1]; /* what its `sealed` said */
  gboolean revealed;                             /* its audit line came */
  char choice[SYN_PROTOCOL_MOVE_MAX + 1];
  char list[SYN_TX_AUDIT_TEXT_SIZE];
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];
} SynTxTheirTurn;

/* side's transaction after a state as FEN field 7 or 8 writes it: "T3:g1f3,f3g5", "T4:-". */
void syn_tx_audit_transaction_text (const SynState *state, SynColour side, char *buf, gsize size);

/* What a turn's mover commits to (TX-R17): its choice and its transaction after the turn,
 * "g1f3 T1:g1f3"; the protocol's commitment hashes it with the salt. */
char *syn_tx_audit_committed_text (const char *choice, const char *list);

/* Reads lock's sets ("e5", "g1+f1,e4") into sets; FALSE when there are too many. */
gboolean syn_tx_audit_read_sets (const char *text, SynBitboard *sets, guint *n_sets);

/* The true answer to a lock question (TX-R5, R16): every set holds a square of locks. */
gboolean syn_tx_audit_all_locked (const SynBitboard *sets, guint n_sets, SynBitboard locks);

/* The end a claimer's `claim` reports (TX-R15): its own mate or stalemate, a hidden attack
 * on the other's king, or the fifty-turn draw; code is a word the protocol knows. */
SynOutcome syn_tx_audit_claimed_outcome (const char *code, SynColour claimer);

/* TX-R6 over the network: the question the mover's program asks at the start of its turn,
 * whether every move it has is refused: the distinct destination sets of its moves, into
 * sets (SYN_TX_AUDIT_MAX_SETS); 0 when there is nothing to ask, because it has no move or
 * more single destinations than a transaction can lock. */
guint syn_tx_audit_all_refused_question (const SynState *state, SynBitboard *sets);

/* Writes sets as lock's text. */
char *syn_tx_audit_write_sets (const SynBitboard *sets, guint n_sets);

/* Replays game (this program's, auditor's side known, the other's turns sealed) as the
 * referee from start, the game's start with both transactions: theirs (one per turn of game,
 * indexed by turn) holds the other side's commitments, sealed parts and audit reveals, answers the
 * lock answers it gave us, questions its lock questions to us with our answers (each must be a
 * legal attempt of its own view, and a "no" binds it to that move: TX-R16), and they_claimed says
 * the game ended on its claim. TRUE when the other side kept every rule; else FALSE with why, in
 * words for the player, naming the turn and the ruling. */
gboolean syn_tx_audit_check (SynGame *game, const SynState *start, SynColour auditor,
                             const SynTxTheirTurn *theirs, const SynTxLockAnswer *answers,
                             guint n_answers, const SynTxLockAnswer *questions, guint n_questions,
                             gboolean they_claimed, char **why);

/* The game as the referee saw it, once the audit passed: every choice known, so that its
 * record can be saved and read again; NULL when a turn does not replay. */
SynGame *syn_tx_audit_referee_game (SynGame *game, const SynState *start, SynColour auditor,
                                    const SynTxTheirTurn *theirs);

G_END_DECLS
