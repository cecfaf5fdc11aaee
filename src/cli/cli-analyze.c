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
print_sorted (char *items, size_t size, int n)
{
  qsort (items, (size_t) n, size, compare_text);
  putchar ('[');
  for (int i = 0; i < n; i++)
    printf ("%s\"%s\"", i ? ", " : "", items + (size_t) i * size);
  putchar (']');
}

#define print_text_list(items, n) print_sorted ((char *) (items), sizeof (items)[0], (n))
#define print_texts(items, n) print_sorted ((char *) (items), sizeof (items)[0], (n))

static void
print_choices (const SynVariant *variant, const SynState *state, SynColour colour)
{
  SynChoice choices[SYN_MAX_CHOICES];
  char texts[SYN_MAX_CHOICES]
            [SYN_MOVE_TEXT_SIZE > SYN_CHOICE_TEXT_SIZE ? SYN_MOVE_TEXT_SIZE : SYN_CHOICE_TEXT_SIZE];
  int n = variant->choices (state, colour, choices);
  for (int i = 0; i < n; i++)
    variant->choice_to_text (state, choices[i], texts[i]);
  print_texts (texts, n);
}

static const char *
step_name (SynStepKind kind)
{
  switch (kind)
    {
    case SYN_STEP_BLOWS:
      return "blows";
    case SYN_STEP_TX_MOVE:
      return "transaction";
    case SYN_STEP_MOVES:
    default:
      return "moves";
    }
}

/* Beyond PSC's contract: the kind of step and the rule set's marks, so scripts can follow
 * the steps of the other rule sets (docs/cli.md). */
static void
print_step (const SynVariant *variant, const SynState *state)
{
  SynStepInfo info;
  syn_variant_describe (variant, state, &info);
  printf (", \"step\": \"%s\"", step_name (info.kind));
  if (info.token >= 0)
    printf (", \"token\": \"%c\"", info.token == SYN_WHITE ? 'w' : 'b');
  if (info.kind == SYN_STEP_BLOWS)
    {
      char names[64][SYN_MOVE_TEXT_SIZE];
      int n = 0;
      for (SynBitboard b = info.marked; b;)
        syn_square_to_text (syn_pop_lsb (&b), names[n++]);
      printf (", \"open\": ");
      print_text_list (names, n);
    }
}

static const char *
event_name (SynEventKind kind)
{
  switch (kind)
    {
    case SYN_EVENT_FORFEIT:
      return "forfeit";
    case SYN_EVENT_TOKEN:
      return "token";
    case SYN_EVENT_FIELD_OPENED:
      return "field-opened";
    case SYN_EVENT_LOCKED:
      return "locked";
    case SYN_EVENT_NO_MOVE:
      return "no-move";
    case SYN_EVENT_COMMIT:
      return "commit";
    case SYN_EVENT_ROLLBACK:
      return "rollback";
    default:
      return "event";
    }
}

/* "events": ["forfeit b e7", "token b", ...]: what the step told the players. */
static void
print_events (const SynVariant *variant, const SynState *before, SynChoice white, SynChoice black,
              const SynState *after)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n = variant->events ? variant->events (before, white, black, after, events) : 0;

  printf (", \"events\": [");
  for (int i = 0; i < n; i++)
    {
      printf ("%s\"%s %c", i ? ", " : "", event_name (events[i].kind),
              events[i].side == SYN_WHITE ? 'w' : 'b');
      if (events[i].square != SYN_NO_SQUARE)
        {
          char name[3];
          syn_square_to_text (events[i].square, name);
          printf (" %s", name);
        }
      putchar ('"');
    }
  putchar (']');
}

int
cli_analyze (int argc, char **argv)
{
  static const char usage[] = "synchess-cli analyze [--variant ID] FEN";
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
  if (!args.variant->has_control)
    ctl.control[SYN_WHITE] = ctl.control[SYN_BLACK] = ctl.frozen = 0;
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
  print_choices (args.variant, &state, SYN_WHITE);
  printf (", \"black\": ");
  print_choices (args.variant, &state, SYN_BLACK);
  printf ("}, \"outcome\": {");
  print_outcome_fields (args.variant->outcome (&state));
  putchar ('}');
  if (!args.variant->has_control)
    print_step (args.variant, &state);
  printf ("}\n");
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
  *choice = syn_variant_choice_from_text (variant, state, side, text);
  if (*choice == SYN_CHOICE_NONE && !syn_move_text_is_well_formed (text))
    {
      cli_fail (CLI_BAD_INPUT, "'%.20s' is not a move in UCI notation (like e2e4 or e7e8q)", text);
      return false;
    }
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
  static const char usage[] = "synchess-cli resolve [--variant ID] FEN WHITE BLACK";
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
  if (!args.variant->has_control)
    {
      print_events (args.variant, &state, white, black, &next);
      print_step (args.variant, &next);
    }
  printf ("}\n");
  return CLI_OK;
}
