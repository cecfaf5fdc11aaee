/* fuzz-move.c: libFuzzer target for the UCI move text. The input is a FEN line and then one
 * move text per line; each text is checked against an independent reading of the UCI form
 * and looked up among the PSC moves of both colours and the orthodox moves, and every
 * generated move must go to text and back to itself.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "fuzz-check.h"
#include "move.h"
#include "movegen.h"
#include "psc.h"

#define MAX_INPUT 1024
#define MAX_TEXTS 8
#define N_LISTS 3 /* white PSC, black PSC, orthodox */

typedef struct
{
  const SynMove *moves;
  int n;
  const char *name;
} MoveList;

static bool
is_square_text (const char *text)
{
  return text[0] != '\0' && strchr ("abcdefgh", text[0]) != NULL && text[1] != '\0'
         && strchr ("12345678", text[1]) != NULL;
}

/* The UCI form read the slow way, to hold syn_move_text_is_well_formed() to. */
static bool
is_uci_text (const char *text)
{
  size_t len = strlen (text);
  if (len != 4 && len != 5)
    return false;
  return is_square_text (text) && is_square_text (text + 2)
         && (len == 4 || strchr ("nbrq", text[4]) != NULL);
}

static void
check_text (const char *text, const MoveList *lists)
{
  bool well_formed = syn_move_text_is_well_formed (text);
  int square = syn_square_from_text (text);

  fuzz_require (well_formed == is_uci_text (text), "'%s' is%s well formed", text,
                well_formed ? "" : " not");
  if (is_square_text (text))
    {
      char name[3];
      fuzz_require (square >= 0 && square < 64, "'%s' reads as square %d", text, square);
      syn_square_to_text (square, name);
      fuzz_require (strncmp (name, text, 2) == 0, "'%s' reads as square %s", text, name);
    }
  else
    fuzz_require (square == SYN_NO_SQUARE, "'%s' reads as square %d", text, square);

  for (int l = 0; l < N_LISTS; l++)
    {
      SynMove found = syn_move_find (lists[l].moves, lists[l].n, text);
      SynMove expected = SYN_MOVE_NONE;
      for (int i = 0; i < lists[l].n && expected == SYN_MOVE_NONE; i++)
        {
          char buf[SYN_MOVE_TEXT_SIZE];
          syn_move_to_text (lists[l].moves[i], buf);
          if (strcmp (buf, text) == 0)
            expected = lists[l].moves[i];
        }
      fuzz_require (found == expected, "'%s' finds %#x among the %s moves, %#x expected", text,
                    found, lists[l].name, expected);
      fuzz_require (found == SYN_MOVE_NONE || well_formed, "'%s' is found but not well formed",
                    text);
    }
}

/* Every generated move goes to well-formed text and, looked up by that text, back to
 * itself. */
static void
check_round_trip (const MoveList *list)
{
  for (int i = 0; i < list->n; i++)
    {
      SynMove move = list->moves[i];
      char text[SYN_MOVE_TEXT_SIZE];
      syn_move_to_text (move, text);
      fuzz_require (strlen (text) == (syn_move_is_promotion (move) ? 5u : 4u)
                        && syn_move_text_is_well_formed (text) && is_uci_text (text),
                    "%s is not well formed", text);
      fuzz_require (syn_square_from_text (text) == syn_move_from (move)
                        && syn_square_from_text (text + 2) == syn_move_to (move),
                    "%s does not read back as its squares", text);
      fuzz_require (syn_move_find (list->moves, list->n, text) == move,
                    "%s finds another %s move than %#x", text, list->name, move);
    }
}

/* Every orthodox move leads to a sane position whose FEN reads back, which also says the
 * mover's king is not left attacked. */
static void
check_orthodox_play (const SynPosition *pos, const SynMove *moves, int n)
{
  for (int i = 0; i < n; i++)
    {
      SynPosition after;
      syn_orthodox_play (pos, moves[i], &after);
      fuzz_check_position (&after, SYN_FEN_ORTHODOX);
      fuzz_check_fen_round_trip (&after, SYN_FEN_ORTHODOX);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const uint8_t *end = data + size, *line_end;
  SynPosition psc, orthodox;
  SynPscControl ctl;
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES], orthodox_moves[SYN_MAX_MOVES];
  MoveList lists[N_LISTS];
  int n_texts = 0;
  bool orthodox_ok;
  char *fen;

  if (size > MAX_INPUT)
    return -1;

  /* The FEN line; the start position stands in for one that is refused. */
  line_end = memchr (data, '\n', size);
  if (!line_end)
    line_end = end;
  fen = malloc ((size_t) (line_end - data) + 1);
  if (!fen)
    return 0;
  memcpy (fen, data, (size_t) (line_end - data));
  fen[line_end - data] = '\0';
  if (!syn_fen_parse (fen, SYN_FEN_PSC, &psc, NULL))
    syn_fen_parse (SYN_FEN_START, SYN_FEN_PSC, &psc, NULL);
  orthodox_ok = syn_fen_parse (fen, SYN_FEN_ORTHODOX, &orthodox, NULL);
  if (!orthodox_ok)
    orthodox_ok = syn_fen_parse (SYN_FEN_START, SYN_FEN_ORTHODOX, &orthodox, NULL);
  fuzz_require (orthodox_ok, "the start position is refused");
  free (fen);

  syn_psc_control (&psc, &ctl);
  lists[0] = (MoveList){ white, syn_psc_moves (&psc, &ctl, SYN_WHITE, white), "white PSC" };
  lists[1] = (MoveList){ black, syn_psc_moves (&psc, &ctl, SYN_BLACK, black), "black PSC" };
  fuzz_check_psc_moves (&psc, &ctl, SYN_WHITE, white, lists[0].n);
  fuzz_check_psc_moves (&psc, &ctl, SYN_BLACK, black, lists[1].n);

  lists[2]
      = (MoveList){ orthodox_moves, syn_orthodox_moves (&orthodox, orthodox_moves), "orthodox" };
  fuzz_check_moves (&orthodox, (SynColour) orthodox.side_to_move, orthodox_moves, lists[2].n);
  check_orthodox_play (&orthodox, orthodox_moves, lists[2].n);
  for (int l = 0; l < N_LISTS; l++)
    check_round_trip (&lists[l]);

  /* Each further line is a move text, in a buffer of its own size so over-reads show. */
  for (const uint8_t *p = line_end; p < end && n_texts < MAX_TEXTS; n_texts++)
    {
      const uint8_t *start = p + 1;
      char *text;
      line_end = start < end ? memchr (start, '\n', (size_t) (end - start)) : NULL;
      if (!line_end)
        line_end = end;
      text = malloc ((size_t) (line_end - start) + 1);
      if (!text)
        break;
      memcpy (text, start, (size_t) (line_end - start));
      text[line_end - start] = '\0';
      check_text (text, lists);
      free (text);
      p = line_end;
    }
  return 0;
}
