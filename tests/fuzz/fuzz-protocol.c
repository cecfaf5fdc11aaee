/* fuzz-protocol.c: libFuzzer target for the network protocol's codec and session rules
 * (src/net/syn-protocol.c, syn-protocol-state.c). The input's first line says whose side
 * the session is on ("H" the host, anything else the guest); each further line is a message
 * received from the other side, or, after '>', one this side tries to send. "!c MOVE" and "!r MOVE"
 * stand for the other side's commitment to MOVE and its reveal, computed here, so the fuzzer
 * reaches the turns behind the SHA-256. Checks: every line that reads is written back and reads the
 * same; a refused message changes nothing; the session's invariants always hold; turns only move
 * one at a time.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-check.h"
#include "syn-protocol-state.h"
#include "syn-protocol.h"

#define MAX_FUZZ_INPUT 16384
#define MAX_LINES 64

static const guint8 fixed_salt[SYN_PROTOCOL_SALT_SIZE] = { 0x5a, 1, 2, 3, 4, 5, 6, 7 };

/* parse(format(m)) == m, and format is stable. */
static void
check_round_trip (const SynMessage *m)
{
  char buf[SYN_PROTOCOL_MAX_LINE + 1], again_buf[SYN_PROTOCOL_MAX_LINE + 1];
  SynMessage again;
  SynParseError error;
  gsize length = syn_message_format (m, buf);

  fuzz_invariant (length > 0 && length <= SYN_PROTOCOL_MAX_LINE,
                  "a message read cannot be written (%s)", syn_message_type_to_word (m->type));
  fuzz_invariant (buf[length - 1] == '\n' && strlen (buf) == length,
                  "a written line is not one line");
  fuzz_invariant (syn_message_parse (buf, length - 1, &again, &error),
                  "'%s' does not read back: %s", buf, error.message);
  fuzz_invariant (memcmp (m, &again, sizeof again) == 0, "'%s' reads back differently", buf);
  fuzz_invariant (syn_message_format (&again, again_buf) == length && strcmp (buf, again_buf) == 0,
                  "'%s' is written differently the second time", buf);
}

static void
check_transition (const SynProtocolState *before, const SynProtocolState *after, gboolean changed)
{
  fuzz_invariant (syn_protocol_state_is_valid (after),
                  "the session broke its invariants (phase %s)", syn_phase_to_text (after->phase));
  if (!changed)
    fuzz_invariant (memcmp (before, after, sizeof *before) == 0,
                    "a refused message changed the session");
  fuzz_invariant (after->host == before->host, "the session changed sides");
  if (before->phase == SYN_PHASE_PLAYING && after->phase == SYN_PHASE_PLAYING)
    fuzz_invariant (after->turn == before->turn || after->turn == before->turn + 1,
                    "the turn went from %u to %u", before->turn, after->turn);
  if (before->phase == SYN_PHASE_CLOSED)
    fuzz_invariant (after->phase == SYN_PHASE_CLOSED, "a closed session opened again");
}

static void
receive_line (SynProtocolState *state, const char *line, gsize length)
{
  SynMessage m;
  SynParseError error;
  SynProtocolResult result;
  SynProtocolState before = *state;
  gboolean ok = syn_message_parse (line, length, &m, &error);
  SynVerdict verdict;

  if (ok)
    check_round_trip (&m);
  else
    fuzz_invariant (error.status != SYN_PARSE_OK && error.message[0], "a refusal without a reason");
  verdict = syn_protocol_state_receive (&before, ok, &error, &m, state, &result);
  if (verdict != SYN_VERDICT_ACCEPT)
    fuzz_invariant (result.code[0] && result.message[0], "a refusal without a code or message");
  check_transition (&before, state, verdict == SYN_VERDICT_ACCEPT);
}

static void
send_line (SynProtocolState *state, const char *line, gsize length)
{
  SynMessage m;
  SynProtocolState before = *state;
  gboolean sent;

  if (!syn_message_parse (line, length, &m, NULL))
    return;
  sent = syn_protocol_state_send (&before, &m, state);
  check_transition (&before, state, sent);
}

/* The other side's commitment or reveal for move, made as an honest peer would. */
static void
receive_made (SynProtocolState *state, gboolean commit, const char *move, gsize length)
{
  char text[SYN_PROTOCOL_MOVE_MAX + 1];
  char line[SYN_PROTOCOL_MAX_LINE + 1];
  SynMessage m = { .type = commit ? SYN_MESSAGE_COMMIT : SYN_MESSAGE_REVEAL };
  gsize n;

  if (length == 0 || length > SYN_PROTOCOL_MOVE_MAX)
    return;
  memcpy (text, move, length);
  text[length] = '\0';
  m.turn = state->turn;
  if (commit)
    syn_protocol_commitment (state->id, state->turn, 1 - state->local_colour, text, fixed_salt,
                             m.digest);
  else
    {
      memcpy (m.move, text, length + 1);
      memcpy (m.salt, fixed_salt, sizeof m.salt);
    }
  n = syn_message_format (&m, line);
  if (n > 0)
    receive_line (state, line, n - 1);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  SynProtocolState state;
  const char *p, *end;
  int lines = 0;

  if (size < 1 || size > MAX_FUZZ_INPUT)
    return -1;
  end = (const char *) data + size;
  syn_protocol_state_init (&state, data[0] == 'H');
  p = memchr (data, '\n', size);
  p = p ? p + 1 : end;
  while (p < end && lines++ < MAX_LINES)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *line_end = nl ? nl : end;
      gsize length = (gsize) (line_end - p);
      /* A copy of exactly the line's size, so that an over-read shows under ASan. */
      char *line = malloc (length ? length : 1);

      if (!line)
        return 0;
      memcpy (line, p, length);
      if (length >= 3 && line[0] == '!' && (line[1] == 'c' || line[1] == 'r') && line[2] == ' ')
        receive_made (&state, line[1] == 'c', line + 3, length - 3);
      else if (length >= 1 && line[0] == '>')
        send_line (&state, line + 1, length - 1);
      else
        receive_line (&state, line, length);
      free (line);
      p = nl ? nl + 1 : end;
    }
  return 0;
}
