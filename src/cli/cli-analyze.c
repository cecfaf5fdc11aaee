/* cli-analyze.c: `analyze` and `resolve`, which print one JSON object (contract in
 * design.md).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "psc.h"

static void
print_outcome_fields (SynOutcome outcome)
{
  const char *reason = syn_reason_to_text (outcome.reason);
  printf ("\"result\": \"%s\", \"reason\": ", syn_result_to_text (outcome.result));
  if (reason)
    printf ("\"%s\"", reason);
  else
    printf ("null");
}

static int
compare_text (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

static void
print_text_list (char (*items)[SYN_MOVE_TEXT_SIZE], int n)
{
  qsort (items, (size_t) n, sizeof items[0], compare_text);
  putchar ('[');
  for (int i = 0; i < n; i++)
    printf ("%s\"%s\"", i ? ", " : "", items[i]);
  putchar (']');
}

static void
print_moves (const SynPosition *pos, const SynPscControl *ctl, SynColour colour)
{
  SynMove moves[SYN_MAX_MOVES];
  char texts[SYN_MAX_MOVES][SYN_MOVE_TEXT_SIZE];
  int n = syn_psc_moves (pos, ctl, colour, moves);
  for (int i = 0; i < n; i++)
    syn_move_to_text (moves[i], texts[i]);
  print_text_list (texts, n);
}

int
cli_analyze (int argc, char **argv)
{
  static const char usage[] = "synchess-cli analyze [--variant psc] FEN";
  CliArgs args;
  SynState state;
  SynPscControl ctl;
  char fen[SYN_FEN_MAX_SIZE], frozen[64][SYN_MOVE_TEXT_SIZE];
  int status, n_frozen = 0;
  const char *separator = "";

  if (!cli_parse_args (argc, argv, usage, 1, &args, &status))
    return status;
  if (!cli_read_state (args.variant, args.positional[0], &state))
    return CLI_BAD_INPUT;

  syn_psc_control (&state.board, &ctl);
  args.variant->write_state (&state, fen, sizeof fen);
  printf ("{\"fen\": \"%s\", \"attacks\": {", fen);
  for (int square = 0; square < 64; square++)
    {
      char name[3];
      syn_square_to_text (square, name);
      printf ("%s\"%s\": [%d, %d]", square ? ", " : "", name,
              syn_psc_attack_count (&ctl, SYN_WHITE, square),
              syn_psc_attack_count (&ctl, SYN_BLACK, square));
    }
  printf ("}, \"control\": {");
  for (int square = 0; square < 64; square++)
    {
      char name[3];
      syn_square_to_text (square, name);
      if (ctl.control[SYN_WHITE] & syn_bit (square))
        printf ("%s\"%s\": \"w\"", separator, name);
      else if (ctl.control[SYN_BLACK] & syn_bit (square))
        printf ("%s\"%s\": \"b\"", separator, name);
      else
        continue;
      separator = ", ";
    }
  printf ("}, \"frozen\": ");
  for (SynBitboard b = ctl.frozen; b;)
    syn_square_to_text (syn_pop_lsb (&b), frozen[n_frozen++]);
  print_text_list (frozen, n_frozen);
  printf (", \"moves\": {\"white\": ");
  print_moves (&state.board, &ctl, SYN_WHITE);
  printf (", \"black\": ");
  print_moves (&state.board, &ctl, SYN_BLACK);
  printf ("}, \"outcome\": {");
  print_outcome_fields (syn_psc_outcome (&state.board, &ctl));
  printf ("}}\n");
  return CLI_OK;
}

/* Finds the choice text among side's choices, or explains why it is not one. */
static bool
read_choice (const SynVariant *variant, const SynState *state, SynColour side, const char *text,
             SynChoice *choice)
{
  const char *name = side == SYN_WHITE ? "White" : "Black";
  SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, side, choices);

  if (n == 0)
    {
      if (strcmp (text, "-") == 0)
        {
          *choice = SYN_CHOICE_NONE;
          return true;
        }
      cli_fail (CLI_BAD_INPUT, "%s has nothing to choose this step; give '-'", name);
      return false;
    }
  if (!syn_move_text_is_well_formed (text))
    {
      cli_fail (CLI_BAD_INPUT, "'%.20s' is not a move in UCI notation (like e2e4 or e7e8q)", text);
      return false;
    }
  *choice = syn_variant_choice_from_text (variant, state, side, text);
  if (*choice == SYN_CHOICE_NONE)
    {
      cli_fail (CLI_BAD_INPUT, "%s is not a legal move for %s in this position", text, name);
      return false;
    }
  return true;
}

int
cli_resolve (int argc, char **argv)
{
  static const char usage[] = "synchess-cli resolve [--variant psc] FEN WHITE BLACK";
  CliArgs args;
  SynState state, next;
  SynOutcome outcome;
  SynChoice white, black;
  char fen[SYN_FEN_MAX_SIZE];
  int status;

  if (!cli_parse_args (argc, argv, usage, 3, &args, &status))
    return status;
  if (!cli_read_state (args.variant, args.positional[0], &state))
    return CLI_BAD_INPUT;
  outcome = args.variant->outcome (&state);
  if (outcome.result != SYN_RESULT_NONE)
    return cli_fail (CLI_BAD_INPUT, "the game is already over (%s, %s); it takes no more moves",
                     syn_result_to_text (outcome.result), syn_reason_to_text (outcome.reason));
  if (!read_choice (args.variant, &state, SYN_WHITE, args.positional[1], &white)
      || !read_choice (args.variant, &state, SYN_BLACK, args.positional[2], &black))
    return CLI_BAD_INPUT;

  args.variant->apply (&state, white, black, &next);
  args.variant->write_state (&next, fen, sizeof fen);
  printf ("{\"fen\": \"%s\", ", fen);
  print_outcome_fields (args.variant->outcome (&next));
  printf ("}\n");
  return CLI_OK;
}
