/* fuzz-fen.c: libFuzzer target for the FEN reader and writer, in both rule sets. Any text is
 * read without crashing; a refused FEN says which field is wrong; an accepted one is a sane
 * position that writes, reads back and writes again identically.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "fuzz-check.h"

/* A little over the reader's limit, so the "too long" path is reached too. */
#define MAX_TEXT (SYN_FEN_MAX_INPUT + 64)

static void
check_error (const SynFenError *error, const char *text)
{
  fuzz_require (error->field >= 0 && error->field <= 6, "error in field %d for '%.80s'",
                error->field, text);
  fuzz_require (memchr (error->message, '\0', sizeof error->message) != NULL
                    && error->message[0] != '\0',
                "empty or unterminated error message for '%.80s'", text);
}

/* Reads text with rules; returns whether it was accepted, with the checks done. */
static bool
read_and_check (const char *text, SynFenRules rules, SynPosition *pos)
{
  SynFenError error;

  memset (&error, 0, sizeof error);
  if (!syn_fen_parse (text, rules, pos, &error))
    {
      check_error (&error, text);
      return false;
    }
  fuzz_check_position (pos, rules);
  fuzz_check_fen_round_trip (pos, rules);
  return true;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text;
  SynPosition orthodox, psc;
  bool orthodox_ok, psc_ok;

  if (size > MAX_TEXT)
    return -1;
  text = malloc (size + 1);
  if (!text)
    return 0;
  memcpy (text, data, size);
  text[size] = '\0';

  orthodox_ok = read_and_check (text, SYN_FEN_ORTHODOX, &orthodox);
  psc_ok = read_and_check (text, SYN_FEN_PSC, &psc);

  /* PSC-R9a asks less than orthodox chess, so an orthodox FEN is a PSC one too, and the same
   * position but for the side to move, which PSC ignores. */
  if (orthodox_ok)
    {
      fuzz_require (psc_ok, "'%.80s' is an orthodox FEN but not a PSC one", text);
      orthodox.side_to_move = SYN_WHITE;
      fuzz_require (memcmp (&orthodox, &psc, sizeof psc) == 0, "'%.80s' is another position in PSC",
                    text);
    }
  /* A refusal must not crash when asked without an error to fill in. */
  if (!psc_ok)
    fuzz_require (!syn_fen_parse (text, SYN_FEN_PSC, &psc, NULL), "'%.80s' accepted without error",
                  text);

  free (text);
  return 0;
}
