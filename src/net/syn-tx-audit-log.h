/* syn-tx-audit-log.h: what a program keeps of a Transactional Chess game between two
 * programs for the audit at its end (TX-R17), saved beside the game's autosave so that the
 * game can be resumed.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-tx-audit.h"

G_BEGIN_DECLS

/* What a program keeps of a Transactional game for the audit at its end (TX-R17), beside its
 * player's record: the referee's start (both transactions, none pending), what it committed
 * to at each of its own turns and the salts, the other side's commitments and sealed parts,
 * and the lock answers it was given and gave. Never the other side's pending moves, which it does
 * not know (TX-R15). Saved beside the game's autosave, so that the game can be resumed. */
typedef struct
{
  SynState referee_start;
  GArray *their_turns;  /* SynTxTheirTurn, by turn */
  GPtrArray *own_turns; /* char *: what we committed to at each of our turns, or NULL */
  GArray *own_salts;    /* SYN_PROTOCOL_SALT_SIZE bytes by turn */
  GArray *answers;      /* SynTxLockAnswer: the other program's answers to us */
  GArray *questions;    /* SynTxLockAnswer: its questions to us, with our answers (TX-R16) */
  /* Our lock question out and not yet answered (asking), kept before it leaves: a program
   * restarted after a break asks it again, alike, before anything else (TX-R16). */
  gboolean asking;
  gboolean asking_all; /* it was the TX-R6 question about every move */
  SynTxLockAnswer asking_question;
} SynTxAuditLog;

SynTxAuditLog *syn_tx_audit_log_new (const SynState *referee_start);
SynTxAuditLog *syn_tx_audit_log_copy (const SynTxAuditLog *log);
void syn_tx_audit_log_free (SynTxAuditLog *log);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SynTxAuditLog, syn_tx_audit_log_free)

/* What we hold of the other side's turn, made on first use. */
SynTxTheirTurn *syn_tx_audit_log_their_turn (SynTxAuditLog *log, guint turn);

/* Our own turn: what we committed to ("g1f3 T1:g1f3"), and its salt. */
void syn_tx_audit_log_set_own (SynTxAuditLog *log, guint turn, const char *committed);
void syn_tx_audit_log_set_own_salt (SynTxAuditLog *log, guint turn, const guint8 *salt);

/* Forgets what turns from turns on said: the game goes on after turns turns, and a turn cut
 * back or interrupted is played again from its start; but the lock questions and answers of
 * turn turns, the one in progress, are kept, and still count (TX-R16). */
void syn_tx_audit_log_cut (SynTxAuditLog *log, guint turns);

/* Whether log holds what the audit needs of every turn of game, the player's game it goes
 * with: our commitment and salt at each of our turns, the other side's commitment and sealed
 * part at each of its turns; FALSE with error when it does not (it is not that game's, or
 * was not saved with it). */
gboolean syn_tx_audit_log_covers (const SynTxAuditLog *log, SynGame *game, GError **error);

/* The log as text (a GKeyFile: docs/protocol.md, "Resuming"), and back; NULL with error when
 * the text is not one. */
char *syn_tx_audit_log_write (const SynTxAuditLog *log);
SynTxAuditLog *syn_tx_audit_log_read (const char *text, GError **error);

/* The log of the game with id, saved beside its autosave (ID.synchess-audit, atomically and
 * readable by its owner only), loaded, or removed once the audit is done. */
gboolean syn_tx_audit_log_save (const SynTxAuditLog *log, const char *id, GError **error);
SynTxAuditLog *syn_tx_audit_log_load (const char *id, GError **error);
void syn_tx_audit_log_remove (const char *id);

G_END_DECLS
