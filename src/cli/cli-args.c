/* cli-args.c: argument handling shared by the synchess-cli commands, with one clear line
 * on stderr for anything wrong.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int
cli_fail (int status, const char *format, ...)
{
  va_list args;
  fputs ("synchess-cli: ", stderr);
  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  return status;
}

static const SynVariant *
find_variant (const char *id)
{
  const SynVariant *variant = syn_variant_lookup (id);
  if (!variant)
    {
      char known[256] = "";
      const SynVariant *const *all = syn_variant_all ();
      for (int i = 0; all[i]; i++)
        {
          if (i)
            strncat (known, ", ", sizeof known - strlen (known) - 1);
          strncat (known, all[i]->id, sizeof known - strlen (known) - 1);
        }
      cli_fail (CLI_USAGE, "unknown variant '%.40s' (known: %s)", id, known);
    }
  return variant;
}

bool
cli_parse_args (int argc, char **argv, const char *usage, int n_expected, CliArgs *args,
                int *status)
{
  args->variant = &syn_variant_psc;
  args->n_positional = 0;
  *status = CLI_USAGE;
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      if (strcmp (arg, "--variant") == 0)
        {
          if (i + 1 >= argc)
            {
              cli_fail (CLI_USAGE, "--variant needs a value; usage: %s", usage);
              return false;
            }
          if (!(args->variant = find_variant (argv[++i])))
            return false;
        }
      else if (strncmp (arg, "--variant=", 10) == 0)
        {
          if (!(args->variant = find_variant (arg + 10)))
            return false;
        }
      else if (arg[0] == '-' && arg[1] == '-')
        {
          cli_fail (CLI_USAGE, "unknown option '%.40s'; usage: %s", arg, usage);
          return false;
        }
      else
        {
          if (args->n_positional == n_expected)
            {
              cli_fail (CLI_USAGE, "unexpected argument '%.40s'; usage: %s", arg, usage);
              return false;
            }
          args->positional[args->n_positional++] = arg;
        }
    }
  if (args->n_positional < n_expected)
    {
      cli_fail (CLI_USAGE, "missing arguments; usage: %s", usage);
      return false;
    }
  *status = CLI_OK;
  return true;
}

bool
cli_read_state (const SynVariant *variant, const char *fen, SynState *state)
{
  SynFenError error;
  if (strcmp (fen, "startpos") == 0)
    fen = variant->start_fen;
  if (!variant->read_state (fen, state, &error))
    {
      cli_fail (CLI_BAD_INPUT, "bad FEN: %s", error.message);
      return false;
    }
  return true;
}

bool
cli_read_depth (const char *text, int max, int *depth)
{
  char *end;
  long value = strtol (text, &end, 10);
  if (end == text || *end != '\0')
    {
      cli_fail (CLI_USAGE, "depth '%.20s' is not a whole number", text);
      return false;
    }
  if (value < 0 || value > max)
    {
      cli_fail (CLI_USAGE, "depth %ld is out of range (0 to %d)", value, max);
      return false;
    }
  *depth = (int) value;
  return true;
}
