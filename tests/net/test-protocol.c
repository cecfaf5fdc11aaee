/* test-protocol.c: the protocol's lines and session rules (docs/protocol.md): every message
 * reads back as written, every malformed line is refused with a reason, and the session
 * takes messages only in their order.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "syn-protocol-state.h"
#include "syn-protocol.h"

#define DIGEST "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
#define SALT "0123456789abcdef0123456789abcdef"

/* One line of each kind, in the form the writer gives. */
static const char *const good_lines[] = {
  "hello synchess 2",
  "hello synchess 2 Ann",
  "hello synchess 2 Ann Smith ♞",
  "options id=2026-11-21-221530-ab12cd variant=psc tc=180000+2000 fog=yes colour=white "
  "date=2026.11.21",
  "options id=g1 variant=psc tc=- fog=no colour=black date=????.??.??",
  "options id=g2 variant=psc tc=- fog=no colour=white date=2026.11.21 "
  "fen=4k3/8/8/3p4/4P3/8/8/4K3_w_-_e3d6_0_2",
  "resume id=g1 colour=black turns=0 digest=" DIGEST,
  "resume id=g1 colour=white turns=12 digest=" DIGEST " previous=" DIGEST,
  "accept fog=yes",
  "accept fog=no",
  "accept turns=7",
  "decline",
  "decline not now",
  "commit 0 " DIGEST " 0",
  "commit 41 " DIGEST " 17250",
  "reveal 0 e2e4 " SALT,
  "reveal 3 e7e8q " SALT,
  "reveal 4 0000 " SALT, /* HK-R7's pass */
  "reveal 5 - " SALT,    /* a side that waits */
  "seed commit " DIGEST,
  "seed reveal 0123456789abcdef " SALT,
  "lock 6 e5",          /* TX-R16: one move's square */
  "lock 7 g1+f1,e4,d5", /* TX-R6: every move, castling's two squares joined */
  "locked 6 yes",
  "locked 7 no",
  "sealed 8 -",                        /* TX-R15: a turn without a commit shows nothing */
  "sealed 9 commit e7e5,d8h4 KQkq e6", /* TX-E2's commit */
  "sealed 10 commit - - -",            /* a commit of an empty transaction */
  "claim 11 checkmate",
  "claim 12 hidden-attack",
  "claim 13 fifty-turns",
  "audit 3 g1f3/commit T1:g1f3 " SALT, /* TX-R17 */
  "audit 5 pass/rollback T3:- " SALT,
  "audit end",
  "used 4 1503",
  "draw offer",
  "draw accept",
  "draw decline",
  "resign",
  "flag white",
  "flag black",
  "chat hello there, good luck!",
  "ping 0",
  "ping 18446744073709551615",
  "pong 12",
  "error malformed",
  "error bad-reveal the move revealed does not match",
  "bye",
  "bye thanks for the game",
};

static void
test_round_trip (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (good_lines); i++)
    {
      const char *line = good_lines[i];
      SynMessage m, again;
      SynParseError error;
      char buf[SYN_PROTOCOL_MAX_LINE + 1];
      gsize length;

      if (!syn_message_parse (line, strlen (line), &m, &error))
        g_error ("'%s' refused: %s", line, error.message);
      length = syn_message_format (&m, buf);
      g_assert_cmpuint (length, ==, strlen (line) + 1);
      g_assert_cmpint (buf[length - 1], ==, '\n');
      buf[length - 1] = '\0';
      g_assert_cmpstr (buf, ==, line);
      g_assert_true (syn_message_parse (buf, length - 1, &again, NULL));
      g_assert_cmpmem (&m, sizeof m, &again, sizeof again);
    }
}

static void
test_every_type_is_covered (void)
{
  gboolean seen[SYN_MESSAGE_N_TYPES] = { FALSE };

  for (gsize i = 0; i < G_N_ELEMENTS (good_lines); i++)
    {
      SynMessage m;
      g_assert_true (syn_message_parse (good_lines[i], strlen (good_lines[i]), &m, NULL));
      seen[m.type] = TRUE;
    }
  for (int t = SYN_MESSAGE_NONE + 1; t < SYN_MESSAGE_N_TYPES; t++)
    g_assert_true (seen[t]);
}

static void
test_fields (void)
{
  SynMessage m;
  const char *options = "options id=g-1 variant=psc tc=300000+0 fog=yes colour=black "
                        "date=2026.01.02";
  const char *commit = "commit 5 " DIGEST " 1234";

  g_assert_true (syn_message_parse (options, strlen (options), &m, NULL));
  g_assert_cmpint (m.type, ==, SYN_MESSAGE_OPTIONS);
  g_assert_cmpstr (m.id, ==, "g-1");
  g_assert_cmpstr (m.variant, ==, "psc");
  g_assert_cmpint (m.initial_ms, ==, 300000);
  g_assert_cmpint (m.increment_ms, ==, 0);
  g_assert_true (m.fog);
  g_assert_cmpint (m.colour, ==, 1);
  g_assert_cmpstr (m.date, ==, "2026.01.02");

  g_assert_true (syn_message_parse (commit, strlen (commit), &m, NULL));
  g_assert_cmpuint (m.turn, ==, 5);
  g_assert_cmpint (m.used_ms, ==, 1234);
  g_assert_cmpuint (m.digest[0], ==, 0x00);
  g_assert_cmpuint (m.digest[31], ==, 0xff);

  /* A game from a set-up position: the FEN's blanks travel as '_'; without fen= there is
   * none. */
  g_assert_cmpstr (m.fen, ==, "");
  options = "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 "
            "fen=4k3/8/8/8/8/8/4P3/4K3_w_-_-_0_1";
  g_assert_true (syn_message_parse (options, strlen (options), &m, NULL));
  g_assert_cmpstr (m.fen, ==, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  {
    char buf[SYN_PROTOCOL_MAX_LINE + 1];
    g_assert_cmpuint (syn_message_format (&m, buf), >, 0);
    g_assert_cmpstr (buf, ==,
                     "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 "
                     "fen=4k3/8/8/8/8/8/4P3/4K3_w_-_-_0_1\n");
    /* A Transactional FEN's transactions (TX-R14) travel too. */
    options = "options id=g variant=transactional tc=- fog=no colour=white date=2026.01.02 "
              "fen=4k3/8/8/8/8/8/8/R3K3_w_Q_-_0_1_T1:-_T2:-";
    g_assert_true (syn_message_parse (options, strlen (options), &m, NULL));
    g_assert_cmpstr (m.fen, ==, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-");
    g_assert_cmpuint (syn_message_format (&m, buf), >, 0);
    g_assert_true (g_str_has_prefix (buf, options) && g_str_equal (buf + strlen (options), "\n"));
    /* A FEN the wire cannot carry is not written. */
    g_strlcpy (m.fen, "4k3/8/8/8/8/8/4P3/4K3_w - - 0 1", sizeof m.fen);
    g_assert_cmpuint (syn_message_format (&m, buf), ==, 0);
  }

  /* Options may come in any order; the writer uses one. A CR before the LF is let through. */
  options = "options date=2026.01.02 colour=white fog=no tc=- variant=psc id=x\r";
  g_assert_true (syn_message_parse (options, strlen (options), &m, NULL));
  g_assert_cmpint (m.initial_ms, ==, 0);
}

typedef struct
{
  const char *line;
  SynParseStatus status;
} BadLine;

static const BadLine bad_lines[] = {
  { "", SYN_PARSE_UNKNOWN },
  { "hi", SYN_PARSE_UNKNOWN },
  { "HELLO synchess 2", SYN_PARSE_UNKNOWN },
  { " hello synchess 2", SYN_PARSE_UNKNOWN },
  { "hello", SYN_PARSE_MALFORMED },
  { "hello synchess", SYN_PARSE_MALFORMED },
  { "hello chess 1", SYN_PARSE_PROTOCOL },
  { "hello synchess 1", SYN_PARSE_VERSION },
  { "hello synchess 0", SYN_PARSE_VERSION },
  { "hello synchess 01", SYN_PARSE_MALFORMED },
  { "hello synchess one", SYN_PARSE_MALFORMED },
  { "hello synchess 2  Ann", SYN_PARSE_MALFORMED },
  { "hello synchess 2 Ann ", SYN_PARSE_MALFORMED },
  { "hello synchess 2 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    SYN_PARSE_MALFORMED },
  { "hello synchess 2 Ann\tSmith", SYN_PARSE_ENCODING },
  { "hello synchess 2 \xff", SYN_PARSE_ENCODING },
  { "hello synchess 2 \xc2\x85", SYN_PARSE_ENCODING },
  { "hello synchess 2 \x1b[31m", SYN_PARSE_ENCODING },
  { "options id=g variant=psc tc=- fog=no colour=white", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 id=h", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 x=1", SYN_PARSE_MALFORMED },
  { "options id=../etc variant=psc tc=- fog=no colour=white date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=0+0 fog=no colour=white date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=-5+0 fog=no colour=white date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=180 fog=no colour=white date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=maybe colour=white date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=red date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026-01-02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 ", SYN_PARSE_MALFORMED },
  { "options id=g variant=ps c tc=- fog=no colour=white date=2026.01.02", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 fen=", SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 fen=8/8_w;rm",
    SYN_PARSE_MALFORMED },
  { "options id=g variant=psc tc=- fog=no colour=white date=2026.01.02 fen=8/8 w",
    SYN_PARSE_MALFORMED },
  { "resume id=g colour=white turns=1", SYN_PARSE_MALFORMED },
  { "resume id=g colour=white turns=1 digest=" SALT, SYN_PARSE_MALFORMED },
  { "resume id=g colour=white turns=0 digest=" DIGEST " previous=" DIGEST, SYN_PARSE_MALFORMED },
  { "resume id=g colour=white turns=100001 digest=" DIGEST, SYN_PARSE_MALFORMED },
  { "resume id=g colour=white turns=1 digest="
    "00112233445566778899AABBCCDDEEFF00112233445566778899aabbccddeeff",
    SYN_PARSE_MALFORMED },
  { "accept", SYN_PARSE_MALFORMED },
  { "accept fog=yes turns=1", SYN_PARSE_MALFORMED },
  { "accept turns=-1", SYN_PARSE_MALFORMED },
  { "accept colour=white", SYN_PARSE_MALFORMED },
  { "commit", SYN_PARSE_MALFORMED },
  { "commit 0 " DIGEST, SYN_PARSE_MALFORMED },
  { "commit 0 " DIGEST " -1", SYN_PARSE_MALFORMED },
  { "commit 0 " DIGEST " 1 2", SYN_PARSE_MALFORMED },
  { "commit x " DIGEST " 1", SYN_PARSE_MALFORMED },
  { "commit 0 " DIGEST "0 1", SYN_PARSE_MALFORMED },
  { "commit 0 " DIGEST " 99999999999999999999999", SYN_PARSE_MALFORMED },
  { "commit 0 " DIGEST " 86400000001", SYN_PARSE_MALFORMED },
  { "commit 0  " DIGEST " 1", SYN_PARSE_MALFORMED },
  { "reveal 0 e2e4", SYN_PARSE_MALFORMED },
  { "reveal 0 e2-e4 " SALT, SYN_PARSE_MALFORMED },
  { "reveal 0 -- " SALT, SYN_PARSE_MALFORMED },
  { "seed commit", SYN_PARSE_MALFORMED },
  { "seed reveal 0123456789abcdef", SYN_PARSE_MALFORMED },
  { "seed reveal 0123456789ABCDEF " SALT, SYN_PARSE_MALFORMED },
  { "seed reveal 0123456789abcd " SALT, SYN_PARSE_MALFORMED },
  { "seed toss " DIGEST, SYN_PARSE_MALFORMED },
  { "reveal 0 e2e4e2e4e2e4e2e4e2 " SALT, SYN_PARSE_MALFORMED },
  { "reveal 0 e2e4 0123", SYN_PARSE_MALFORMED },
  { "draw", SYN_PARSE_MALFORMED },
  { "draw maybe", SYN_PARSE_MALFORMED },
  { "resign now", SYN_PARSE_MALFORMED },
  { "resign ", SYN_PARSE_MALFORMED },
  { "flag", SYN_PARSE_MALFORMED },
  { "flag green", SYN_PARSE_MALFORMED },
  { "chat", SYN_PARSE_MALFORMED },
  { "chat ", SYN_PARSE_MALFORMED },
  { "chat  hi", SYN_PARSE_MALFORMED },
  { "ping", SYN_PARSE_MALFORMED },
  { "ping 18446744073709551616", SYN_PARSE_MALFORMED },
  { "pong 1 2", SYN_PARSE_MALFORMED },
  { "error", SYN_PARSE_MALFORMED },
  { "error bad_code text", SYN_PARSE_MALFORMED },
  { "error code ", SYN_PARSE_MALFORMED },
  { "bye \x7f", SYN_PARSE_ENCODING },
  { "bye\r\r", SYN_PARSE_ENCODING },
};

static void
test_bad_lines (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (bad_lines); i++)
    {
      SynMessage m;
      SynParseError error;
      const char *line = bad_lines[i].line;

      if (syn_message_parse (line, strlen (line), &m, &error))
        g_error ("'%s' was accepted", line);
      if (error.status != bad_lines[i].status)
        g_error ("'%s' refused as %d (%s), not %d", line, error.status, error.message,
                 bad_lines[i].status);
      g_assert_cmpstr (error.message, !=, "");
    }
}

static void
test_nul_and_length (void)
{
  static const char with_nul[] = "chat a\0b";
  g_autofree char *long_line = g_malloc (SYN_PROTOCOL_MAX_LINE + 16);
  SynMessage m;
  SynParseError error;
  gsize length;

  g_assert_false (syn_message_parse (with_nul, sizeof with_nul - 1, &m, &error));
  g_assert_cmpint (error.status, ==, SYN_PARSE_ENCODING);

  /* The longest line (LF included) reads; one byte more does not. */
  memcpy (long_line, "chat ", 5);
  memset (long_line + 5, 'a', SYN_PROTOCOL_MAX_LINE + 10);
  g_assert_false (syn_message_parse (long_line, SYN_PROTOCOL_MAX_LINE, &m, &error));
  g_assert_cmpint (error.status, ==, SYN_PARSE_TOO_LONG);
  length = SYN_PROTOCOL_MAX_LINE - 1;
  g_assert_false (syn_message_parse (long_line, length, &m, &error));
  g_assert_cmpint (error.status, ==, SYN_PARSE_MALFORMED); /* chat text is at most 1024 */
  memcpy (long_line, "hello synchess 2 ", 17);
  g_assert_false (syn_message_parse (long_line, length, &m, &error));
  g_assert_cmpint (error.status, !=, SYN_PARSE_TOO_LONG);
}

static void
test_format_refuses_what_cannot_be_read (void)
{
  SynMessage m = { .type = SYN_MESSAGE_CHAT };
  char buf[SYN_PROTOCOL_MAX_LINE + 1];

  g_strlcpy (m.text, "two\nlines", sizeof m.text);
  g_assert_cmpuint (syn_message_format (&m, buf), ==, 0);
  m = (SynMessage){ .type = SYN_MESSAGE_COMMIT, .used_ms = -1 };
  g_assert_cmpuint (syn_message_format (&m, buf), ==, 0);
  m = (SynMessage){ .type = SYN_MESSAGE_OPTIONS };
  g_assert_cmpuint (syn_message_format (&m, buf), ==, 0); /* no id */
  m = (SynMessage){ .type = SYN_MESSAGE_NONE };
  g_assert_cmpuint (syn_message_format (&m, buf), ==, 0);
}

static void
test_commitment (void)
{
  guint8 salt[SYN_PROTOCOL_SALT_SIZE] = { 1, 2, 3 };
  guint8 a[SYN_PROTOCOL_DIGEST_SIZE], b[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  g_autofree char *expected = NULL;
  char salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];
  g_autofree char *text = NULL;

  /* docs/protocol.md gives the text that is hashed. */
  syn_protocol_commitment ("g1", 3, 1, "e7e5", salt, a);
  syn_protocol_hex (salt, sizeof salt, salt_hex);
  text = g_strdup_printf ("synchess-commit g1 3 black e7e5 %s", salt_hex);
  expected = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  syn_protocol_hex (a, sizeof a, hex);
  g_assert_cmpstr (hex, ==, expected);

  /* Anything else committed gives another digest. */
  syn_protocol_commitment ("g1", 3, 1, "e7e6", salt, b);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
  syn_protocol_commitment ("g1", 3, 0, "e7e5", salt, b);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
  syn_protocol_commitment ("g1", 4, 1, "e7e5", salt, b);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
  salt[15] = 1;
  syn_protocol_commitment ("g1", 3, 1, "e7e5", salt, b);
  g_assert_true (memcmp (a, b, sizeof a) != 0);
}

/* The session ------------------------------------------------------------------------------ */

static SynVerdict
receive (SynProtocolState *state, const char *line)
{
  SynMessage m;
  SynParseError parse_error;
  SynProtocolResult result;
  SynProtocolState before = *state;
  gboolean ok = syn_message_parse (line, strlen (line), &m, &parse_error);
  SynVerdict verdict = syn_protocol_state_receive (state, ok, &parse_error, &m, state, &result);

  g_assert_true (syn_protocol_state_is_valid (state));
  if (verdict != SYN_VERDICT_ACCEPT)
    {
      g_assert_cmpmem (&before, sizeof before, state, sizeof *state);
      g_assert_cmpstr (result.code, !=, "");
      g_assert_cmpstr (result.message, !=, "");
    }
  return verdict;
}

static gboolean
send (SynProtocolState *state, const char *line)
{
  SynMessage m;
  g_assert_true (syn_message_parse (line, strlen (line), &m, NULL));
  return syn_protocol_state_send (state, &m, state);
}

static char *
commit_line (guint turn, int colour, const char *move, const guint8 *salt)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  syn_protocol_commitment ("g1", turn, colour, move, salt, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  return g_strdup_printf ("commit %u %s 10", turn, hex);
}

static char *
reveal_line (guint turn, const char *move, const guint8 *salt)
{
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
  return g_strdup_printf ("reveal %u %s %s", turn, move, hex);
}

/* A host that has played the hello and had its options accepted: white, turn 0. */
static void
host_in_game (SynProtocolState *s)
{
  syn_protocol_state_init (s, TRUE);
  g_assert_true (send (s, "hello synchess 2 Host"));
  g_assert_cmpint (receive (s, "hello synchess 2 Guest"), ==, SYN_VERDICT_ACCEPT);
  g_assert_true (send (s, "options id=g1 variant=psc tc=- fog=no colour=white date=2026.01.01"));
  g_assert_cmpint (receive (s, "accept fog=no"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (s->phase, ==, SYN_PHASE_PLAYING);
  g_assert_cmpint (s->local_colour, ==, 0);
}

static void
test_state_hello_first (void)
{
  SynProtocolState s;

  syn_protocol_state_init (&s, TRUE);
  g_assert_cmpint (receive (&s, "ping 1"), ==, SYN_VERDICT_FATAL);
  g_assert_cmpint (receive (&s, "garbage"), ==, SYN_VERDICT_FATAL);
  g_assert_cmpint (receive (&s, "hello synchess 1"), ==, SYN_VERDICT_FATAL);
  g_assert_cmpint (receive (&s, "hello synchess 2"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (s.phase, ==, SYN_PHASE_SETUP);
  /* Later, garbage is refused but harmless; a second hello is a duplicate. */
  g_assert_cmpint (receive (&s, "garbage"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&s, "hello synchess 2"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&s, "hello synchess 3"), ==, SYN_VERDICT_FATAL);
}

static void
test_state_proposals (void)
{
  SynProtocolState guest;

  syn_protocol_state_init (&guest, FALSE);
  g_assert_true (send (&guest, "hello synchess 2"));
  g_assert_false (send (&guest, "options id=g1 variant=psc tc=- fog=no colour=white "
                                "date=2026.01.01"));
  g_assert_cmpint (receive (&guest, "hello synchess 2"), ==, SYN_VERDICT_ACCEPT);
  g_assert_false (send (&guest, "accept fog=no")); /* nothing proposed */
  g_assert_cmpint (receive (&guest, "accept fog=no"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&guest, "options id=g1 variant=psc tc=- fog=yes colour=black "
                                    "date=2026.01.01"),
                   ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (receive (&guest, "options id=g2 variant=psc tc=- fog=yes colour=black "
                                    "date=2026.01.01"),
                   ==, SYN_VERDICT_REJECT);
  g_assert_false (send (&guest, "accept turns=0")); /* options take fog= */
  g_assert_true (send (&guest, "accept fog=yes"));
  g_assert_cmpint (guest.phase, ==, SYN_PHASE_PLAYING);
  g_assert_cmpint (guest.local_colour, ==, 0); /* the host took black */
  g_assert_cmpstr (guest.id, ==, "g1");
  g_assert_cmpint (receive (&guest, "options id=g3 variant=psc tc=- fog=yes colour=black "
                                    "date=2026.01.01"),
                   ==, SYN_VERDICT_REJECT);
}

static void
test_state_resume_turns (void)
{
  SynProtocolState host;

  syn_protocol_state_init (&host, TRUE);
  g_assert_true (send (&host, "hello synchess 2"));
  g_assert_cmpint (receive (&host, "hello synchess 2"), ==, SYN_VERDICT_ACCEPT);
  g_assert_true (
      send (&host, "resume id=g1 colour=black turns=9 digest=" DIGEST " previous=" DIGEST));
  g_assert_cmpint (receive (&host, "accept fog=no"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&host, "accept turns=11"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&host, "accept turns=7"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&host, "accept turns=8"), ==, SYN_VERDICT_ACCEPT);
  /* The guest a turn behind is brought forward: the host's game is never cut back. */
  g_assert_cmpint (host.turn, ==, 9);
  g_assert_cmpint (host.local_colour, ==, 1);

  /* A guest a turn ahead brings the host forward. */
  syn_protocol_state_init (&host, TRUE);
  g_assert_true (send (&host, "hello synchess 2"));
  g_assert_cmpint (receive (&host, "hello synchess 2"), ==, SYN_VERDICT_ACCEPT);
  g_assert_true (send (&host, "resume id=g1 colour=black turns=9 digest=" DIGEST));
  g_assert_cmpint (receive (&host, "accept turns=8"), ==, SYN_VERDICT_REJECT); /* no previous */
  g_assert_cmpint (receive (&host, "accept turns=10"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (host.turn, ==, 9);
}

static void
test_state_commit_reveal (void)
{
  SynProtocolState s;
  guint8 salt[SYN_PROTOCOL_SALT_SIZE] = { 9, 9, 9 };
  g_autofree char *commit = commit_line (0, 1, "e7e5", salt);
  g_autofree char *commit_1 = commit_line (1, 1, "d7d5", salt);
  g_autofree char *reveal = reveal_line (0, "e7e5", salt);
  g_autofree char *wrong = reveal_line (0, "e7e6", salt);
  g_autofree char *early = reveal_line (1, "d7d5", salt);

  host_in_game (&s);
  /* A reveal before both commitments is out of order. */
  g_assert_cmpint (receive (&s, reveal), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&s, commit_1), ==, SYN_VERDICT_REJECT); /* wrong turn */
  g_assert_cmpint (receive (&s, commit), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (receive (&s, commit), ==, SYN_VERDICT_REJECT); /* duplicate */
  g_assert_cmpint (receive (&s, reveal), ==, SYN_VERDICT_REJECT); /* ours is not out */
  g_assert_false (send (&s, "reveal 0 e2e4 " SALT));              /* nor committed */
  g_assert_true (send (&s, "commit 0 " DIGEST " 5"));
  g_assert_false (send (&s, "commit 0 " DIGEST " 5"));
  g_assert_cmpint (receive (&s, wrong), ==, SYN_VERDICT_FATAL);
  g_assert_cmpint (receive (&s, early), ==, SYN_VERDICT_REJECT);
  g_assert_true (send (&s, "reveal 0 e2e4 " SALT));
  g_assert_cmpint (s.turn, ==, 0);
  g_assert_cmpint (receive (&s, reveal), ==, SYN_VERDICT_ACCEPT);
  /* Both moves known: the next turn begins. */
  g_assert_cmpint (s.turn, ==, 1);
  g_assert_false (s.local_committed || s.remote_committed);
  g_assert_cmpint (receive (&s, reveal), ==, SYN_VERDICT_REJECT);
}

/* HUT-R10: a new Hutnik game draws its seed before turn 0; a set-up one does not. */
static void
test_state_seed (void)
{
  SynProtocolState s;
  guint8 coin[SYN_PROTOCOL_COIN_SIZE] = { 1, 2, 3, 4, 5, 6, 7, 8 };
  guint8 salt[SYN_PROTOCOL_SALT_SIZE] = { 7 };
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char coin_hex[2 * SYN_PROTOCOL_COIN_SIZE + 1], salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];
  char digest_hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  g_autofree char *commit = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *wrong = NULL;

  syn_protocol_seed_commitment ("h1", 1, coin, salt, digest);
  syn_protocol_hex (coin, sizeof coin, coin_hex);
  syn_protocol_hex (salt, sizeof salt, salt_hex);
  syn_protocol_hex (digest, sizeof digest, digest_hex);
  commit = g_strdup_printf ("seed commit %s", digest_hex);
  reveal = g_strdup_printf ("seed reveal %s %s", coin_hex, salt_hex);
  wrong = g_strdup_printf ("seed reveal 0000000000000000 %s", salt_hex);

  syn_protocol_state_init (&s, TRUE);
  g_assert_true (send (&s, "hello synchess 2"));
  g_assert_cmpint (receive (&s, "hello synchess 2"), ==, SYN_VERDICT_ACCEPT);
  g_assert_true (
      send (&s, "options id=h1 variant=hutnik tc=- fog=no colour=white date=2026.11.22"));
  g_assert_cmpint (receive (&s, "accept fog=no"), ==, SYN_VERDICT_ACCEPT);
  g_assert_true (s.drawing_lots);
  /* No turn before the seed. */
  g_assert_false (send (&s, "commit 0 " DIGEST " 0"));
  g_assert_cmpint (receive (&s, "commit 0 " DIGEST " 0"), ==, SYN_VERDICT_REJECT);
  g_assert_cmpint (receive (&s, reveal), ==, SYN_VERDICT_REJECT); /* before commitments */
  g_assert_cmpint (receive (&s, commit), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (receive (&s, commit), ==, SYN_VERDICT_REJECT); /* duplicate */
  g_assert_true (send (&s, "seed commit " DIGEST));
  g_assert_cmpint (receive (&s, wrong), ==, SYN_VERDICT_FATAL);
  g_assert_true (send (&s, "seed reveal 0123456789abcdef " SALT));
  g_assert_cmpint (receive (&s, reveal), ==, SYN_VERDICT_ACCEPT);
  g_assert_false (s.drawing_lots);
  g_assert_cmpint (s.turn, ==, 0);
  g_assert_false (s.local_committed || s.remote_committed);
  g_assert_cmpint (receive (&s, commit), ==, SYN_VERDICT_REJECT); /* no second draw */
  g_assert_true (send (&s, "commit 0 " DIGEST " 0"));

  /* A PSC game and a set-up Hutnik position start at turn 0 at once. */
  syn_protocol_state_init (&s, TRUE);
  g_assert_true (send (&s, "hello synchess 2"));
  g_assert_cmpint (receive (&s, "hello synchess 2"), ==, SYN_VERDICT_ACCEPT);
  g_assert_true (send (&s, "options id=h2 variant=hutnik tc=- fog=no colour=white "
                           "date=2026.11.22 fen=4k3/8/8/8/8/8/8/4K3_w_-_-_0_1_0000000000000003"));
  g_assert_cmpint (receive (&s, "accept fog=no"), ==, SYN_VERDICT_ACCEPT);
  g_assert_false (s.drawing_lots);
  g_assert_cmpint (receive (&s, commit), ==, SYN_VERDICT_REJECT);
}

static void
test_state_endings (void)
{
  SynProtocolState s;

  host_in_game (&s);
  g_assert_cmpint (receive (&s, "draw accept"), ==, SYN_VERDICT_REJECT); /* nothing offered */
  g_assert_cmpint (receive (&s, "draw offer"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (receive (&s, "draw offer"), ==, SYN_VERDICT_REJECT);
  g_assert_true (send (&s, "draw decline"));
  g_assert_false (send (&s, "draw accept"));
  g_assert_true (send (&s, "draw offer"));
  g_assert_cmpint (receive (&s, "draw accept"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (s.phase, ==, SYN_PHASE_OVER);
  /* Moves and endings that crossed the end are dropped without an answer. */
  g_assert_cmpint (receive (&s, "resign"), ==, SYN_VERDICT_IGNORE);
  g_assert_cmpint (receive (&s, "commit 0 " DIGEST " 1"), ==, SYN_VERDICT_IGNORE);
  g_assert_false (send (&s, "resign"));
  /* A new game may be proposed; the guest's bye closes. */
  g_assert_true (send (&s, "options id=g2 variant=psc tc=- fog=no colour=black date=2026.01.01"));
  g_assert_cmpint (receive (&s, "bye"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (s.phase, ==, SYN_PHASE_CLOSED);
  g_assert_cmpint (receive (&s, "ping 1"), ==, SYN_VERDICT_FATAL);

  host_in_game (&s);
  g_assert_cmpint (receive (&s, "resign"), ==, SYN_VERDICT_ACCEPT);
  g_assert_cmpint (s.phase, ==, SYN_PHASE_OVER);
  host_in_game (&s);
  g_assert_true (send (&s, "flag black"));
  g_assert_cmpint (s.phase, ==, SYN_PHASE_OVER);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/protocol/round-trip", test_round_trip);
  g_test_add_func ("/net/protocol/every-type-is-covered", test_every_type_is_covered);
  g_test_add_func ("/net/protocol/fields", test_fields);
  g_test_add_func ("/net/protocol/refused-lines", test_bad_lines);
  g_test_add_func ("/net/protocol/nul-and-length", test_nul_and_length);
  g_test_add_func ("/net/protocol/format-refuses-unreadable",
                   test_format_refuses_what_cannot_be_read);
  g_test_add_func ("/net/protocol/commitment", test_commitment);
  g_test_add_func ("/net/session/hello-first", test_state_hello_first);
  g_test_add_func ("/net/session/proposals", test_state_proposals);
  g_test_add_func ("/net/session/resume-turns", test_state_resume_turns);
  g_test_add_func ("/net/session/commit-reveal", test_state_commit_reveal);
  g_test_add_func ("/net/session/seed", test_state_seed);
  g_test_add_func ("/net/session/endings", test_state_endings);
  return g_test_run ();
}
