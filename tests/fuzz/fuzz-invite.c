/* fuzz-invite.c: libFuzzer target for invites and answers (src/net/syn-invite.c), which
 * come from anyone. The input is read as an invite and as an answer. Checks: every text that
 * reads is written back, as URI and as short text, and both read to the same; a refusal
 * always says why; an answer made to a read invite matches it, and the time checks hold.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-check.h"
#include "syn-invite.h"

#define MAX_FUZZ_INPUT (2 * SYN_INVITE_MAX_TEXT)

static void
check_same_offer (const SynIceOffer *a, const SynIceOffer *b)
{
  fuzz_invariant (g_str_equal (a->ufrag, b->ufrag) && g_str_equal (a->pwd, b->pwd),
                  "credentials differ");
  fuzz_invariant (a->n_candidates == b->n_candidates, "candidate count differs");
  for (guint i = 0; i < a->n_candidates; i++)
    fuzz_invariant (memcmp (&a->candidates[i], &b->candidates[i], sizeof a->candidates[i]) == 0,
                    "candidate %u differs", i);
}

static void
check_invite (const char *text)
{
  SynInvite invite, again;
  SynInviteAnswer answer;
  GError *error = NULL;
  char *forms[2];

  memset (&invite, 0, sizeof invite);
  if (!syn_invite_parse (text, &invite, &error))
    {
      fuzz_invariant (error && error->message[0], "a refused invite without a reason");
      g_error_free (error);
      return;
    }
  forms[0] = syn_invite_to_uri (&invite);
  forms[1] = syn_invite_to_text (&invite);
  for (int f = 0; f < 2; f++)
    {
      memset (&again, 0, sizeof again);
      fuzz_invariant (syn_invite_parse (forms[f], &again, NULL), "a written invite does not read");
      fuzz_invariant (g_str_equal (again.certificate, invite.certificate)
                          && g_str_equal (again.nonce, invite.nonce)
                          && again.created == invite.created,
                      "an invite reads back otherwise");
      check_same_offer (&again.ice, &invite.ice);
      g_free (forms[f]);
    }
  syn_invite_answer_init (&answer, &invite,
                          "ffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                          "ffffffff",
                          &invite.ice);
  fuzz_invariant (syn_invite_answer_check (&answer, &invite, NULL)
                      || g_str_equal (invite.certificate, answer.certificate),
                  "an answer to the invite does not match it");
  fuzz_invariant (syn_invite_check_time (&invite, invite.created, NULL),
                  "an invite expired at birth");
}

static void
check_answer (const char *text)
{
  SynInviteAnswer answer, again;
  GError *error = NULL;
  char *uri;

  memset (&answer, 0, sizeof answer);
  if (!syn_invite_answer_parse (text, &answer, &error))
    {
      fuzz_invariant (error && error->message[0], "a refused answer without a reason");
      g_error_free (error);
      return;
    }
  uri = syn_invite_answer_to_uri (&answer);
  memset (&again, 0, sizeof again);
  fuzz_invariant (syn_invite_answer_parse (uri, &again, NULL), "a written answer does not read");
  fuzz_invariant (g_str_equal (again.nonce, answer.nonce), "an answer reads back otherwise");
  check_same_offer (&again.ice, &answer.ice);
  g_free (uri);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text;

  if (size > MAX_FUZZ_INPUT)
    return -1;
  text = g_strndup ((const char *) data, size);
  check_invite (text);
  check_answer (text);
  g_free (text);
  return 0;
}
