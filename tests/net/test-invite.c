/* test-invite.c: invites and answers as text and URI: round trips, every mangled form
 * refused with its reason, expiry, and an answer to another invite.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "syn-invite.h"

#define CERT_A "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
#define CERT_B "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210"

static void
make_offer (SynIceOffer *ice, const char *ufrag)
{
  static const SynIceCandidate candidates[] = {
    { SYN_ICE_HOST, "1", 2130706431, "10.1.0.2", 40001 },
    { SYN_ICE_SERVER_REFLEXIVE, "2", 1694498815, "203.0.113.7", 50002 },
    { SYN_ICE_RELAYED, "3", 16777215, "2001:db8::1", 49152 },
  };

  memset (ice, 0, sizeof *ice);
  g_strlcpy (ice->ufrag, ufrag, sizeof ice->ufrag);
  g_strlcpy (ice->pwd, "a+b/cdefghijklmnopqrstuv", sizeof ice->pwd);
  ice->n_candidates = G_N_ELEMENTS (candidates);
  memcpy (ice->candidates, candidates, sizeof candidates);
}

static void
make_invite (SynInvite *invite)
{
  SynIceOffer ice;

  make_offer (&ice, "AbCd");
  syn_invite_init (invite, CERT_A, &ice);
}

static void
assert_same_offer (const SynIceOffer *a, const SynIceOffer *b)
{
  g_assert_cmpstr (a->ufrag, ==, b->ufrag);
  g_assert_cmpstr (a->pwd, ==, b->pwd);
  g_assert_cmpuint (a->n_candidates, ==, b->n_candidates);
  for (guint i = 0; i < a->n_candidates; i++)
    {
      g_assert_cmpint (a->candidates[i].type, ==, b->candidates[i].type);
      g_assert_cmpstr (a->candidates[i].foundation, ==, b->candidates[i].foundation);
      g_assert_cmpuint (a->candidates[i].priority, ==, b->candidates[i].priority);
      g_assert_cmpstr (a->candidates[i].address, ==, b->candidates[i].address);
      g_assert_cmpuint (a->candidates[i].port, ==, b->candidates[i].port);
    }
}

static void
test_invite_round_trip (void)
{
  SynInvite invite, back;
  g_autofree char *uri = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  make_invite (&invite);
  g_assert_cmpuint (strlen (invite.nonce), ==, SYN_INVITE_NONCE_LENGTH);
  uri = syn_invite_to_uri (&invite);
  text = syn_invite_to_text (&invite);
  g_assert_true (g_str_has_prefix (uri, "synchess:invite?v=1&"));
  g_assert_null (strpbrk (text, "+/= \n"));
  for (guint form = 0; form < 2; form++)
    {
      g_autofree char *padded = g_strdup_printf ("  %s\n", form ? text : uri);
      memset (&back, 0, sizeof back);
      g_assert_true (syn_invite_parse (padded, &back, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (back.version, ==, SYN_INVITE_VERSION);
      g_assert_cmpstr (back.certificate, ==, CERT_A);
      g_assert_cmpint (back.created, ==, invite.created);
      g_assert_cmpstr (back.nonce, ==, invite.nonce);
      assert_same_offer (&back.ice, &invite.ice);
    }
  g_assert_true (syn_invite_check_time (&back, invite.created + 60, &error));
  g_assert_no_error (error);
}

static void
test_answer_round_trip (void)
{
  SynInvite invite;
  SynInviteAnswer answer, back;
  SynIceOffer ice;
  g_autofree char *uri = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  make_invite (&invite);
  make_offer (&ice, "WxYz");
  syn_invite_answer_init (&answer, &invite, CERT_B, &ice);
  uri = syn_invite_answer_to_uri (&answer);
  text = syn_invite_answer_to_text (&answer);
  g_assert_true (g_str_has_prefix (uri, "synchess:answer?v=1&"));
  for (guint form = 0; form < 2; form++)
    {
      memset (&back, 0, sizeof back);
      g_assert_true (syn_invite_answer_parse (form ? text : uri, &back, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (back.certificate, ==, CERT_B);
      g_assert_cmpstr (back.nonce, ==, invite.nonce);
      assert_same_offer (&back.ice, &ice);
      g_assert_true (syn_invite_answer_check (&back, &invite, &error));
      g_assert_no_error (error);
    }
  /* An answer is not an invite, nor the other way round. */
  g_assert_false (syn_invite_parse (uri, &invite, &error));
  g_assert_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED);
}

/* Each mangled form, its error code and a word its message must hold. */
static void
refuse (const char *text, SynInviteError code, const char *word)
{
  SynInvite invite;
  g_autoptr (GError) error = NULL;

  g_assert_false (syn_invite_parse (text, &invite, &error));
  g_assert_error (error, SYN_INVITE_ERROR, (int) code);
  g_test_message ("%s -> %s", text, error->message);
  g_assert_nonnull (strstr (error->message, word));
}

static char *
replace (const char *uri, const char *from, const char *to)
{
  g_auto (GStrv) parts = g_strsplit (uri, from, 2);

  g_assert_nonnull (parts[1]);
  return g_strconcat (parts[0], to, parts[1], NULL);
}

/* uri with from replaced by to is refused as refuse() says. */
static void
refuse_replaced (const char *uri, const char *from, const char *to, SynInviteError code,
                 const char *word)
{
  g_autofree char *bad = replace (uri, from, to);

  refuse (bad, code, word);
}

static void
test_mangled (void)
{
  SynInvite invite;
  g_autofree char *uri = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cert = NULL;
  g_autofree char *fields = NULL;

  make_invite (&invite);
  uri = syn_invite_to_uri (&invite);
  text = syn_invite_to_text (&invite);
  cert = g_strdup_printf ("cert=%s", CERT_A);
  fields = g_strdup_printf ("t=%" G_GINT64_FORMAT, invite.created);

  refuse ("", SYN_INVITE_ERROR_MALFORMED, "empty");
  refuse ("hello", SYN_INVITE_ERROR_MALFORMED, "not a Synchess invitation");
  {
    g_autofree char *cut = g_strndup (uri, strlen (uri) - 30);
    refuse (cut, SYN_INVITE_ERROR_MALFORMED, "");
  }
  {
    g_autofree char *cut = g_strndup (uri, strstr (uri, "&c=") - uri);
    refuse (cut, SYN_INVITE_ERROR_MALFORMED, "no candidate");
  }
  {
    g_autofree char *cut = g_strndup (text, strlen (text) / 2);
    refuse (cut, SYN_INVITE_ERROR_MALFORMED, "");
  }
  {
    g_autofree char *bad = g_strdup (text);
    bad[3] = '*';
    refuse (bad, SYN_INVITE_ERROR_MALFORMED, "not a Synchess invitation");
  }
  refuse_replaced (uri, "v=1", "v=2", SYN_INVITE_ERROR_VERSION, "version 2");
  refuse_replaced (uri, cert, "cert=0123", SYN_INVITE_ERROR_MALFORMED, "certificate");
  refuse_replaced (uri, "cert=0", "cert=X", SYN_INVITE_ERROR_MALFORMED, "certificate");
  refuse_replaced (uri, "10.1.0.2", "10.1.0.999", SYN_INVITE_ERROR_MALFORMED, "candidate");
  refuse_replaced (uri, "40001", "70000", SYN_INVITE_ERROR_MALFORMED, "candidate");
  refuse_replaced (uri, "c=host~", "c=tcp~", SYN_INVITE_ERROR_MALFORMED, "candidate");
  refuse_replaced (uri, "ufrag=AbCd", "ufrag=A%00bCd", SYN_INVITE_ERROR_MALFORMED, "ufrag");
  refuse_replaced (uri, "&nonce=", "&nonce=zz", SYN_INVITE_ERROR_MALFORMED, "nonce");
  refuse_replaced (uri, fields, "t=soon", SYN_INVITE_ERROR_MALFORMED, "time");
  refuse_replaced (uri, "&ufrag=", "&v=1&ufrag=", SYN_INVITE_ERROR_MALFORMED, "twice");
  refuse_replaced (uri, "&ufrag=", "&colour=white&ufrag=", SYN_INVITE_ERROR_MALFORMED, "colour");
  {
    GString *many = g_string_new (uri);
    for (guint i = 0; i < SYN_INVITE_MAX_CANDIDATES; i++)
      g_string_append (many, "&c=host~9~1~10.0.0.1~1");
    refuse (many->str, SYN_INVITE_ERROR_TOO_LONG, "candidates");
    g_string_free (many, TRUE);
  }
  {
    GString *longer = g_string_new (uri);
    while (longer->len <= SYN_INVITE_MAX_TEXT)
      g_string_append_c (longer, 'a');
    refuse (longer->str, SYN_INVITE_ERROR_TOO_LONG, "long");
    g_string_free (longer, TRUE);
  }
}

static void
test_expired (void)
{
  SynInvite invite;
  g_autoptr (GError) error = NULL;

  make_invite (&invite);
  g_assert_true (syn_invite_check_time (&invite, invite.created + SYN_INVITE_LIFETIME_S, &error));
  g_assert_false (
      syn_invite_check_time (&invite, invite.created + SYN_INVITE_LIFETIME_S + 1, &error));
  g_assert_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_EXPIRED);
  g_assert_nonnull (strstr (error->message, "expired"));
  g_clear_error (&error);
  g_assert_false (
      syn_invite_check_time (&invite, invite.created - SYN_INVITE_CLOCK_SKEW_S - 1, &error));
  g_assert_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_EXPIRED);
}

/* An answer replayed from another invite, or one made with the inviter's own certificate
 * (reflected back), is refused. */
static void
test_answer_mismatch (void)
{
  SynInvite first, second;
  SynInviteAnswer answer;
  SynIceOffer ice;
  g_autoptr (GError) error = NULL;

  make_invite (&first);
  make_invite (&second);
  g_assert_cmpstr (first.nonce, !=, second.nonce);
  make_offer (&ice, "WxYz");
  syn_invite_answer_init (&answer, &first, CERT_B, &ice);
  g_assert_false (syn_invite_answer_check (&answer, &second, &error));
  g_assert_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "another invitation"));
  g_clear_error (&error);
  syn_invite_answer_init (&answer, &first, CERT_A, &ice);
  g_assert_false (syn_invite_answer_check (&answer, &first, &error));
  g_assert_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MISMATCH);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/invite/round-trip", test_invite_round_trip);
  g_test_add_func ("/invite/answer-round-trip", test_answer_round_trip);
  g_test_add_func ("/invite/mangled", test_mangled);
  g_test_add_func ("/invite/expired", test_expired);
  g_test_add_func ("/invite/answer-mismatch", test_answer_mismatch);
  return g_test_run ();
}
