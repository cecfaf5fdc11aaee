/* synchess-cli.c: the Synchess engine on the command line. Its output is a contract that
 * tests outside the project rely on (design.md); change it only with them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli-discovery.h"
#include "cli.h"

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "perft", cli_perft, "perft FEN DEPTH                     count orthodox move paths" },
  { "sperft", cli_sperft, "sperft [--variant ID] FEN DEPTH     count joint move paths" },
  { "analyze", cli_analyze, "analyze [--variant ID] FEN          attacks, control, moves (JSON)" },
  { "resolve", cli_resolve, "resolve [--variant ID] FEN WHITE BLACK  play both moves (JSON)" },
  { "bench", cli_bench, "bench [--quick]                     time perft and sperft" },
  { "matrix", cli_matrix,
    "matrix [--variant ID] FEN           pair matrix and equilibrium (JSON)" },
  { "best", cli_best,
    "best [--variant ID] FEN [--depth N | --time MS] [--seed S] [--side white|black]\n"
    "                                      the computer's mixed strategy and move" },
  { "host", cli_host,
    "host [--listen ADDRESS] [--port N] [--variant ID] [--games N] [--time-control TC] ...\n"
    "                                      play games as network host (docs/cli.md)" },
  { "join", cli_join,
    "join HOST PORT [--bot B] [--fog] ...  play a network host's games (docs/cli.md)\n"
    "  join --service NAME ...             the same, with a game found on the network" },
  { "browse", cli_browse,
    "browse [--seconds N]                the games published on the local network" },
  { "invite", cli_invite,
    "invite [--stun HOST[:PORT]] [--turn USER:PASS@HOST[:PORT]] [host's options] ...\n"
    "                                      print an invite, read the answer, host (ICE)" },
  { "accept-invite", cli_accept_invite,
    "accept-invite INVITE [--stun ...] [--turn ...] [--bot B] ...\n"
    "                                      print the answer, play the inviter's games (ICE)" },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: synchess-cli COMMAND ...\n\nCommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf (out, "  %s\n", commands[i].summary);
  fprintf (out, "\nFEN may be the word 'startpos'. Variants (ID): psc (the default), synchrone, "
                "hk, hutnik, transactional.\n");
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      print_usage (stderr);
      return CLI_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_usage (stdout);
      return CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("synchess-cli %s\n", PACKAGE_VERSION);
      return CLI_OK;
    }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);
  return cli_fail (CLI_USAGE, "unknown command '%.40s' (try synchess-cli --help)", argv[1]);
}
