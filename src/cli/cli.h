/* cli.h: the commands of synchess-cli and the argument handling they share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "variant.h"

/* Exit statuses: bad usage and bad input are told apart for scripts. */
enum
{
  CLI_OK = 0,
  CLI_BAD_INPUT = 1,
  CLI_USAGE = 2,
};

/* What every command may be given: an optional --variant and its positional words. */
typedef struct
{
  const SynVariant *variant;
  const char *positional[8];
  int n_positional;
} CliArgs;

/* Prints "synchess-cli: message" on stderr; returns status, so callers can return it. */
int cli_fail (int status, const char *format, ...) __attribute__ ((format (printf, 2, 3)));

/* Splits argv into --variant and positional words; expects exactly n_expected of them. */
bool cli_parse_args (int argc, char **argv, const char *usage, int n_expected, CliArgs *args,
                     int *status);

/* Reads FEN (or the word "startpos") for the variant; prints the error and returns false. */
bool cli_read_state (const SynVariant *variant, const char *fen, SynState *state);

/* Reads a depth between 0 and max; prints the error and returns false. */
bool cli_read_depth (const char *text, int max, int *depth);

int cli_perft (int argc, char **argv);
int cli_sperft (int argc, char **argv);
int cli_analyze (int argc, char **argv);
int cli_resolve (int argc, char **argv);
int cli_bench (int argc, char **argv);
int cli_matrix (int argc, char **argv);
int cli_best (int argc, char **argv);

/* The analysis lines of `bench`: the pair matrix, an equilibrium, a search. */
void cli_bench_analysis (bool quick, double perft_nodes_per_second);
int cli_host (int argc, char **argv);
int cli_join (int argc, char **argv);
int cli_invite (int argc, char **argv);
int cli_accept_invite (int argc, char **argv);
