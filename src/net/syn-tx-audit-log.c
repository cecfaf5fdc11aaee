/* syn-tx-audit-log.c: the audit log of a Transactional Chess game between two programs
 * (TX-R17): what this program committed to and the salts, the other side's commitments and
 * sealed parts, the lock answers it was given, as a key file beside the game's autosave.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-tx-audit-log.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>

#include "syn-record.h"
#include "syn-text-file.h"

/* Far more than the longest game writes (a few hundred bytes a turn). */
#define MAX_LOG_SIZE (4 * 1024 * 1024)

/* The audit log's file beside the game's record in the autosave folder. */
#define LOG_SUFFIX ".synchess-audit"
#define LOG_GAME_GROUP "Game"
#define LOG_TURN_GROUP "Turn %u"
/* What we committed to at a turn: a choice and a transaction list (syn-peer.c). */
#define LOG_COMMITTED_MAX 128

SynTxAuditLog *
syn_tx_audit_log_new (const SynState *referee_start)
{
  SynTxAuditLog *log = g_new0 (SynTxAuditLog, 1);

  log->referee_start = *referee_start;
  log->their_turns = g_array_new (FALSE, TRUE, sizeof (SynTxTheirTurn));
  log->own_turns = g_ptr_array_new_with_free_func (g_free);
  log->own_salts = g_array_new (FALSE, TRUE, 1);
  log->answers = g_array_new (FALSE, TRUE, sizeof (SynTxLockAnswer));
  log->questions = g_array_new (FALSE, TRUE, sizeof (SynTxLockAnswer));
  return log;
}

SynTxAuditLog *
syn_tx_audit_log_copy (const SynTxAuditLog *log)
{
  SynTxAuditLog *copy = syn_tx_audit_log_new (&log->referee_start);

  g_array_append_vals (copy->their_turns, log->their_turns->data, log->their_turns->len);
  for (guint i = 0; i < log->own_turns->len; i++)
    g_ptr_array_add (copy->own_turns, g_strdup (g_ptr_array_index (log->own_turns, i)));
  g_array_append_vals (copy->own_salts, log->own_salts->data, log->own_salts->len);
  g_array_append_vals (copy->answers, log->answers->data, log->answers->len);
  g_array_append_vals (copy->questions, log->questions->data, log->questions->len);
  copy->asking = log->asking;
  copy->asking_all = log->asking_all;
  copy->asking_question = log->asking_question;
  return copy;
}

void
syn_tx_audit_log_free (SynTxAuditLog *log)
{
  if (!log)
    return;
  g_array_unref (log->their_turns);
  g_ptr_array_unref (log->own_turns);
  g_array_unref (log->own_salts);
  g_array_unref (log->answers);
  g_array_unref (log->questions);
  g_free (log);
}

SynTxTheirTurn *
syn_tx_audit_log_their_turn (SynTxAuditLog *log, guint turn)
{
  if (log->their_turns->len <= turn)
    g_array_set_size (log->their_turns, turn + 1);
  return &g_array_index (log->their_turns, SynTxTheirTurn, turn);
}

static void
make_own_turn (SynTxAuditLog *log, guint turn)
{
  if (log->own_turns->len <= turn)
    g_ptr_array_set_size (log->own_turns, turn + 1);
  if (log->own_salts->len < (turn + 1) * SYN_PROTOCOL_SALT_SIZE)
    g_array_set_size (log->own_salts, (turn + 1) * SYN_PROTOCOL_SALT_SIZE);
}

void
syn_tx_audit_log_set_own (SynTxAuditLog *log, guint turn, const char *committed)
{
  make_own_turn (log, turn);
  g_free (g_ptr_array_index (log->own_turns, turn));
  g_ptr_array_index (log->own_turns, turn) = g_strdup (committed);
}

void
syn_tx_audit_log_set_own_salt (SynTxAuditLog *log, guint turn, const guint8 *salt)
{
  make_own_turn (log, turn);
  memcpy (&g_array_index (log->own_salts, guint8, turn * SYN_PROTOCOL_SALT_SIZE), salt,
          SYN_PROTOCOL_SALT_SIZE);
}

void
syn_tx_audit_log_cut (SynTxAuditLog *log, guint turns)
{
  guint kept = 0;

  if (log->their_turns->len > turns)
    g_array_set_size (log->their_turns, turns);
  if (log->own_turns->len > turns)
    g_ptr_array_set_size (log->own_turns, turns);
  if (log->own_salts->len > turns * SYN_PROTOCOL_SALT_SIZE)
    g_array_set_size (log->own_salts, turns * SYN_PROTOCOL_SALT_SIZE);
  /* The lock questions of the turn in progress stay: asked again after a broken connection,
   * they would show the other side's pending moves bit by bit (TX-R15, R16). */
  for (guint i = 0; i < log->answers->len; i++)
    if (g_array_index (log->answers, SynTxLockAnswer, i).turn <= turns)
      g_array_index (log->answers, SynTxLockAnswer, kept++)
          = g_array_index (log->answers, SynTxLockAnswer, i);
  g_array_set_size (log->answers, kept);
  kept = 0;
  for (guint i = 0; i < log->questions->len; i++)
    if (g_array_index (log->questions, SynTxLockAnswer, i).turn <= turns)
      g_array_index (log->questions, SynTxLockAnswer, kept++)
          = g_array_index (log->questions, SynTxLockAnswer, i);
  g_array_set_size (log->questions, kept);
  if (log->asking_question.turn != turns)
    log->asking = FALSE;
}

/* A list of answers of turn as the log's key writes them: "e5 yes", "g1+f1 no". */
static void
set_answers (GKeyFile *file, const char *group, const char *key, GArray *array, guint turn)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < array->len; i++)
    {
      const SynTxLockAnswer *answer = &g_array_index (array, SynTxLockAnswer, i);
      g_autofree char *sets = NULL;
      if (answer->turn != turn)
        continue;
      sets = syn_tx_audit_write_sets (answer->sets, answer->n_sets);
      g_ptr_array_add (lines, g_strdup_printf ("%s %s", sets, answer->locked ? "yes" : "no"));
    }
  if (lines->len > 0)
    g_key_file_set_string_list (file, group, key, (const char *const *) lines->pdata, lines->len);
}

gboolean
syn_tx_audit_log_covers (const SynTxAuditLog *log, SynGame *game, GError **error)
{
  for (guint t = 0; t < syn_game_get_n_turns (game); t++)
    {
      const SynTurn *turn = syn_game_get_turn (game, t);
      SynColour mover = (SynColour) turn->before.board.side_to_move;
      gboolean theirs = (turn->choice[mover] & SYN_CHOICE_SEALED) != 0;
      const SynTxTheirTurn *their_turn
          = t < log->their_turns->len ? &g_array_index (log->their_turns, SynTxTheirTurn, t) : NULL;
      gboolean held = theirs ? their_turn && their_turn->committed && their_turn->public_step[0]
                             : t < log->own_turns->len && g_ptr_array_index (log->own_turns, t);

      if (!held)
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                       /* Translators: the audit log of a Transactional game (TX-R17). */
                       _ ("The audit data lacks turn %u of the game"), t + 1);
          return FALSE;
        }
    }
  return TRUE;
}

static void
set_hex (GKeyFile *file, const char *group, const char *key, const guint8 *bytes, gsize size)
{
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  g_assert (size <= SYN_PROTOCOL_DIGEST_SIZE);
  syn_protocol_hex (bytes, size, hex);
  g_key_file_set_string (file, group, key, hex);
}

char *
syn_tx_audit_log_write (const SynTxAuditLog *log)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  char fen[SYN_FEN_MAX_SIZE];
  guint n_turns = MAX (log->their_turns->len, log->own_turns->len);

  for (guint i = 0; i < log->answers->len; i++)
    n_turns = MAX (n_turns, g_array_index (log->answers, SynTxLockAnswer, i).turn + 1);
  for (guint i = 0; i < log->questions->len; i++)
    n_turns = MAX (n_turns, g_array_index (log->questions, SynTxLockAnswer, i).turn + 1);
  if (log->asking)
    n_turns = MAX (n_turns, log->asking_question.turn + 1);
  syn_variant_transactional.write_state (&log->referee_start, fen, sizeof fen);
  g_key_file_set_string (file, LOG_GAME_GROUP, "RefereeStart", fen);
  for (guint t = 0; t < n_turns; t++)
    {
      g_autofree char *group = g_strdup_printf (LOG_TURN_GROUP, t);
      const char *own = t < log->own_turns->len ? g_ptr_array_index (log->own_turns, t) : NULL;
      const SynTxTheirTurn *theirs
          = t < log->their_turns->len ? &g_array_index (log->their_turns, SynTxTheirTurn, t) : NULL;

      if (own)
        {
          g_key_file_set_string (file, group, "Committed", own);
          set_hex (file, group, "Salt",
                   &g_array_index (log->own_salts, guint8, t * SYN_PROTOCOL_SALT_SIZE),
                   SYN_PROTOCOL_SALT_SIZE);
        }
      if (theirs && theirs->committed)
        set_hex (file, group, "Commitment", theirs->commitment, sizeof theirs->commitment);
      if (theirs && theirs->public_step[0])
        g_key_file_set_string (file, group, "Sealed", theirs->public_step);
      set_answers (file, group, "Answers", log->answers, t);
      set_answers (file, group, "Questions", log->questions, t);
      if (log->asking && log->asking_question.turn == t)
        {
          g_autofree char *sets
              = syn_tx_audit_write_sets (log->asking_question.sets, log->asking_question.n_sets);
          g_key_file_set_string (file, group, "Asking", sets);
          if (log->asking_all)
            g_key_file_set_boolean (file, group, "AskingAll", TRUE);
        }
    }
  return g_key_file_to_data (file, NULL, NULL);
}

static gboolean
read_hex (const char *text, guint8 *bytes, gsize size)
{
  if (!text || strlen (text) != 2 * size)
    return FALSE;
  for (gsize i = 0; i < size; i++)
    {
      int high = g_ascii_xdigit_value (text[2 * i]), low = g_ascii_xdigit_value (text[2 * i + 1]);
      if (high < 0 || low < 0 || g_ascii_isupper (text[2 * i]) || g_ascii_isupper (text[2 * i + 1]))
        return FALSE;
      bytes[i] = (guint8) (high << 4 | low);
    }
  return TRUE;
}

/* One answer as the log writes it: "e5,g1+f1 yes". */
static gboolean
read_answer (const char *text, guint turn, SynTxLockAnswer *answer)
{
  const char *space = strrchr (text, ' ');
  g_autofree char *sets = space ? g_strndup (text, (gsize) (space - text)) : NULL;

  *answer = (SynTxLockAnswer){ .turn = turn };
  if (!sets || !(g_str_equal (space + 1, "yes") || g_str_equal (space + 1, "no")))
    return FALSE;
  answer->locked = g_str_equal (space + 1, "yes");
  return syn_tx_audit_read_sets (sets, answer->sets, &answer->n_sets);
}

static gboolean
bad_value (GError **error, const char *group, const char *key)
{
  g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
               /* Translators: the audit log of a Transactional game (TX-R17) on disk; the %s
                * are its group and key names, such as "Turn 3" and "Salt". */
               _ ("The audit data holds no valid %s in [%s]"), key, group);
  return FALSE;
}

/* A [Turn N] group into log. */
static gboolean
read_turn (GKeyFile *file, const char *group, guint turn, SynTxAuditLog *log, GError **error)
{
  g_autofree char *committed = g_key_file_get_string (file, group, "Committed", NULL);
  g_autofree char *salt = g_key_file_get_string (file, group, "Salt", NULL);
  g_autofree char *commitment = g_key_file_get_string (file, group, "Commitment", NULL);
  g_autofree char *sealed = g_key_file_get_string (file, group, "Sealed", NULL);
  g_auto (GStrv) answers = g_key_file_get_string_list (file, group, "Answers", NULL, NULL);
  g_auto (GStrv) questions = g_key_file_get_string_list (file, group, "Questions", NULL, NULL);
  g_autofree char *asking = g_key_file_get_string (file, group, "Asking", NULL);

  if (asking)
    {
      log->asking_question = (SynTxLockAnswer){ .turn = turn };
      if (!syn_tx_audit_read_sets (asking, log->asking_question.sets, &log->asking_question.n_sets))
        return bad_value (error, group, "Asking");
      log->asking = TRUE;
      log->asking_all = g_key_file_get_boolean (file, group, "AskingAll", NULL);
    }
  if (committed)
    {
      guint8 bytes[SYN_PROTOCOL_SALT_SIZE];
      if (strlen (committed) > LOG_COMMITTED_MAX || !strchr (committed, ' '))
        return bad_value (error, group, "Committed");
      if (!read_hex (salt, bytes, sizeof bytes))
        return bad_value (error, group, "Salt");
      syn_tx_audit_log_set_own (log, turn, committed);
      syn_tx_audit_log_set_own_salt (log, turn, bytes);
    }
  if (commitment)
    {
      SynTxTheirTurn *theirs = syn_tx_audit_log_their_turn (log, turn);
      if (!read_hex (commitment, theirs->commitment, sizeof theirs->commitment))
        return bad_value (error, group, "Commitment");
      theirs->committed = TRUE;
    }
  if (sealed)
    {
      SynTxTheirTurn *theirs = syn_tx_audit_log_their_turn (log, turn);
      if (strlen (sealed) >= sizeof theirs->public_step)
        return bad_value (error, group, "Sealed");
      g_strlcpy (theirs->public_step, sealed, sizeof theirs->public_step);
    }
  for (guint i = 0; answers && answers[i]; i++)
    {
      SynTxLockAnswer answer;
      if (!read_answer (answers[i], turn, &answer))
        return bad_value (error, group, "Answers");
      g_array_append_val (log->answers, answer);
    }
  for (guint i = 0; questions && questions[i]; i++)
    {
      SynTxLockAnswer question;
      if (!read_answer (questions[i], turn, &question))
        return bad_value (error, group, "Questions");
      g_array_append_val (log->questions, question);
    }
  return TRUE;
}

SynTxAuditLog *
syn_tx_audit_log_read (const char *text, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autofree char *fen = NULL;
  g_auto (GStrv) groups = NULL;
  SynState start;
  SynFenError fen_error;

  if (!g_key_file_load_from_data (file, text, (gsize) -1, G_KEY_FILE_NONE, error))
    return NULL;
  fen = g_key_file_get_string (file, LOG_GAME_GROUP, "RefereeStart", NULL);
  if (!fen || !syn_variant_transactional.read_state (fen, &start, &fen_error)
      || start.rules.tx.hidden)
    {
      bad_value (error, LOG_GAME_GROUP, "RefereeStart");
      return NULL;
    }
  log = syn_tx_audit_log_new (&start);
  groups = g_key_file_get_groups (file, NULL);
  for (guint i = 0; groups[i]; i++)
    {
      guint64 turn;
      if (g_str_equal (groups[i], LOG_GAME_GROUP))
        continue;
      if (!g_str_has_prefix (groups[i], "Turn ")
          || !g_ascii_string_to_unsigned (groups[i] + 5, 10, 0, SYN_PROTOCOL_MAX_TURNS, &turn,
                                          NULL))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                       _ ("The audit data holds an unknown group [%s]"), groups[i]);
          return NULL;
        }
      if (!read_turn (file, groups[i], (guint) turn, log, error))
        return NULL;
    }
  return g_steal_pointer (&log);
}

static GFile *
log_file (const char *id)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (id, LOG_SUFFIX, NULL);

  return g_file_get_child (dir, name); /* the id is a safe file name */
}

gboolean
syn_tx_audit_log_save (const SynTxAuditLog *log, const char *id, GError **error)
{
  g_autoptr (GFile) file = log_file (id);
  g_autoptr (GFile) dir = g_file_get_parent (file);
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *text = syn_tx_audit_log_write (log);

  if (g_mkdir_with_parents (dir_path, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), dir_path, g_strerror (saved_errno));
      return FALSE;
    }
  /* Our own salts and moves: for our eyes until the audit reveals them. */
  return g_file_set_contents_full (path, text, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

SynTxAuditLog *
syn_tx_audit_log_load (const char *id, GError **error)
{
  g_autoptr (GFile) file = log_file (id);
  g_autofree char *text = NULL;
  gsize length;

  /* Only a regular file, no further than a log can be: a FIFO in its place must not hang
   * the program, nor a huge file swamp it. */
  text = syn_text_file_load (file, MAX_LOG_SIZE + 1, &length, error);
  if (!text)
    return NULL;
  if (length > MAX_LOG_SIZE || memchr (text, '\0', length))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE,
                   _ ("The audit log of game %s is not one this program wrote"), id);
      return NULL;
    }
  return syn_tx_audit_log_read (text, error);
}

void
syn_tx_audit_log_remove (const char *id)
{
  g_autoptr (GFile) file = log_file (id);

  g_file_delete (file, NULL, NULL);
}
