/* fuzz-record.c: libFuzzer target for the text files Synchess reads back: game records
 * (docs/record-format.md), analysis trees and Transactional audit logs. The input's first
 * byte says which ('r', 't', 'a'; anything else: all three), the rest is the text. Any text
 * is read without crashing; a refusal has a message; an accepted text writes back text that
 * reads again and writes identically, and a record written stays within the size limit that
 * its reader enforces (what is read is never saved unreadable).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-check.h"
#include "syn-record-private.h"
#include "syn-tx-audit-log.h"
#include "syn-variation-tree.h"

/* A little over the readers' limit, so their size checks are reached too. */
#define MAX_FUZZ_INPUT (SYN_RECORD_MAX_SIZE + 64)

static void
check_refusal (const GError *error, const char *what)
{
  fuzz_require (error != NULL && error->message != NULL && error->message[0] != '\0',
                "%s refused without a message", what);
}

static void
check_record (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_read (text, &error);
  g_autoptr (SynGame) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (!game)
    {
      check_refusal (error, "a record");
      return;
    }
  written = syn_record_write (game);
  fuzz_require (strlen (written) <= SYN_RECORD_MAX_SIZE, "a record read writes %zu bytes",
                strlen (written));
  again = syn_record_read (written, &error);
  fuzz_require (again != NULL, "a record read does not read back: %s\n%.2000s",
                error ? error->message : "?", written);
  rewritten = syn_record_write (again);
  fuzz_require (strcmp (written, rewritten) == 0, "a record writes differently once read back");
}

static void
check_tree (const char *text)
{
  g_autoptr (GError) error = NULL;
  SynVariationTree *tree = syn_variation_tree_read (text, &error);
  SynVariationTree *again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (!tree)
    {
      check_refusal (error, "a tree");
      return;
    }
  written = syn_variation_tree_write (tree);
  syn_variation_tree_free (tree);
  again = syn_variation_tree_read (written, &error);
  fuzz_require (again != NULL, "a tree read does not read back: %s\n%.2000s",
                error ? error->message : "?", written);
  rewritten = syn_variation_tree_write (again);
  syn_variation_tree_free (again);
  fuzz_require (strcmp (written, rewritten) == 0, "a tree writes differently once read back");
}

static void
check_audit_log (const char *text)
{
  g_autoptr (GError) error = NULL;
  SynTxAuditLog *log = syn_tx_audit_log_read (text, &error);
  SynTxAuditLog *again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;

  if (!log)
    {
      check_refusal (error, "an audit log");
      return;
    }
  written = syn_tx_audit_log_write (log);
  syn_tx_audit_log_free (log);
  again = syn_tx_audit_log_read (written, &error);
  fuzz_require (again != NULL, "an audit log read does not read back: %s\n%.2000s",
                error ? error->message : "?", written);
  rewritten = syn_tx_audit_log_write (again);
  syn_tx_audit_log_free (again);
  fuzz_require (strcmp (written, rewritten) == 0,
                "an audit log writes differently once read back");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = NULL;
  gboolean all;

  if (size == 0 || size > MAX_FUZZ_INPUT)
    return -1;
  all = data[0] != 'r' && data[0] != 't' && data[0] != 'a';
  text = g_malloc (size);
  memcpy (text, data + 1, size - 1);
  text[size - 1] = '\0';
  /* A NUL inside stands for the end of the text, as it would for the readers' callers. */
  if (all || data[0] == 'r')
    check_record (text);
  if (all || data[0] == 't')
    check_tree (text);
  if (all || data[0] == 'a')
    check_audit_log (text);
  return 0;
}
