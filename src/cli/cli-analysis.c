/* cli-analysis.c: `matrix` and `best`, the PSC analysis on the command line (the pair
 * matrix of a turn with its equilibrium, and the computer player's choice), and the
 * analysis figures of `bench`.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "matrix-game.h"
#include "psc-eval.h"
#include "psc-matrix.h"
#include "psc-search.h"
#include "psc.h"
#include "score.h"
#include "variant-eval.h"
#include "variant-search.h"

/* A middlegame with 35 White and 34 Black moves: the size of turn the analysis is for. */
#define BENCH_MIDDLEGAME "r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12"

#define DEFAULT_BEST_DEPTH 2

static double
now_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

typedef struct
{
  SynChoice choice;
  char text[SYN_CHOICE_TEXT_SIZE];
} NamedChoice;

static int
compare_named (const void *a, const void *b)
{
  return strcmp (((const NamedChoice *) a)->text, ((const NamedChoice *) b)->text);
}

/* colour's choices, sorted by their text as `analyze` lists them; a side that waits has
 * the one choice "-" (as `resolve` takes it). */
static int
sorted_choices (const SynVariant *variant, const SynState *state, SynColour colour,
                NamedChoice *named)
{
  static SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, colour, choices);
  if (n == 0)
    choices[n++] = SYN_CHOICE_NONE;
  for (int i = 0; i < n; i++)
    {
      named[i].choice = choices[i];
      variant->choice_to_text (state, choices[i], named[i].text);
    }
  qsort (named, (size_t) n, sizeof named[0], compare_named);
  return n;
}

static void
print_choice_list (const NamedChoice *choices, int n)
{
  putchar ('[');
  for (int i = 0; i < n; i++)
    printf ("%s\"%s\"", i ? ", " : "", choices[i].text);
  putchar (']');
}

/* Every choice with its probability, zeros included, in full precision: a reader can check
 * the equilibrium against the cells. */
static void
print_strategy (const NamedChoice *choices, const double *p, int n)
{
  putchar ('{');
  for (int i = 0; i < n; i++)
    printf ("%s\"%s\": %.17g", i ? ", " : "", choices[i].text, p[i]);
  putchar ('}');
}

/* Refuses a finished game; prints why. */
static bool
check_playable (const CliArgs *args, const SynState *state, int *status)
{
  SynOutcome outcome = args->variant->outcome (state);
  if (outcome.result != SYN_RESULT_NONE)
    {
      *status = cli_fail (CLI_BAD_INPUT,
                          "the game is already over (%s, %s); there is no turn"
                          " to analyse",
                          syn_result_to_text (outcome.result), syn_reason_to_text (outcome.reason));
      return false;
    }
  return true;
}

/* The equilibrium of the cells; a step where one side waits is a plain maximum or minimum,
 * which may have more choices than the simplex takes (Transactional). */
static double
solve_cells (const double *cells, int n_white, int n_black, double *x, double *y,
             SynMatrixGameWork *work)
{
  SynMatrixGameSolution solution;
  if (n_white <= SYN_MATRIX_GAME_MAX && n_black <= SYN_MATRIX_GAME_MAX)
    {
      syn_matrix_game_solve (cells, n_white, n_black, x, y, work, &solution);
      return solution.value;
    }
  {
    bool white_chooses = n_white > 1 || n_black == 1;
    int n = white_chooses ? n_white : n_black, best = 0;
    double *p = white_chooses ? x : y;
    double sign = white_chooses ? 1 : -1;
    for (int i = 1; i < n; i++)
      if (sign * cells[i] > sign * cells[best])
        best = i;
    for (int i = 0; i < n; i++)
      p[i] = i == best ? 1 : 0;
    (white_chooses ? y : x)[0] = 1;
    return cells[best];
  }
}

/* The cells of every pair: PSC's own fast pair matrix (psc-matrix.h), or each child's
 * value through the variant table (variant-search.h), HK's blows played out first. */
static bool
fill_cells (const SynVariant *variant, const SynState *state, const NamedChoice *white, int n_white,
            const NamedChoice *black, int n_black, double *cells)
{
  static SynChoice white_choices[SYN_MAX_CHOICES], black_choices[SYN_MAX_CHOICES];
  SynSearchWorkspace *work;

  for (int i = 0; i < n_white; i++)
    white_choices[i] = white[i].choice;
  for (int i = 0; i < n_black; i++)
    black_choices[i] = black[i].choice;
  if (variant->has_deep_search)
    {
      static SynMove white_moves[SYN_MAX_MOVES], black_moves[SYN_MAX_MOVES];
      for (int i = 0; i < n_white; i++)
        white_moves[i] = (SynMove) white_choices[i];
      for (int i = 0; i < n_black; i++)
        black_moves[i] = (SynMove) black_choices[i];
      syn_psc_pair_matrix (&state->board, white_moves, n_white, black_moves, n_black, cells);
      return true;
    }
  work = calloc (1, syn_search_workspace_size ());
  if (!work)
    return false;
  syn_search_pair_matrix (variant, state, white_choices, n_white, black_choices, n_black, work,
                          cells);
  free (work);
  return true;
}

int
cli_matrix (int argc, char **argv)
{
  static const char usage[] = "synchess-cli matrix [--variant ID] FEN";
  static NamedChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];
  static double x[SYN_MAX_CHOICES], y[SYN_MAX_CHOICES];
  CliArgs args;
  SynState state;
  SynMatrixGameWork *work;
  double *cells, value;
  char fen[SYN_FEN_MAX_SIZE];
  int status, n_white, n_black;

  if (!cli_parse_args (argc, argv, usage, 1, &args, &status))
    return status;
  if (!cli_read_state (args.variant, args.positional[0], &state))
    return CLI_BAD_INPUT;
  if (!check_playable (&args, &state, &status))
    return status;

  n_white = sorted_choices (args.variant, &state, SYN_WHITE, white);
  n_black = sorted_choices (args.variant, &state, SYN_BLACK, black);
  if (n_white > 1 && n_black > 1
      && (n_white > SYN_MATRIX_GAME_MAX || n_black > SYN_MATRIX_GAME_MAX))
    return cli_fail (CLI_BAD_INPUT, "the turn has %d x %d choices, more than %d a side", n_white,
                     n_black, SYN_MATRIX_GAME_MAX);
  cells = malloc (sizeof (double) * (size_t) (n_white * n_black));
  work = malloc (sizeof *work);
  if (!cells || !work || !fill_cells (args.variant, &state, white, n_white, black, n_black, cells))
    {
      free (cells);
      free (work);
      return cli_fail (CLI_BAD_INPUT, "out of memory");
    }
  value = solve_cells (cells, n_white, n_black, x, y, work);

  args.variant->write_state (&state, fen, sizeof fen);
  printf ("{\"fen\": \"%s\", \"white\": ", fen);
  print_choice_list (white, n_white);
  printf (", \"black\": ");
  print_choice_list (black, n_black);
  printf (", \"cells\": [");
  for (int w = 0; w < n_white; w++)
    {
      printf ("%s[", w ? ", " : "");
      for (int b = 0; b < n_black; b++)
        printf ("%s%d", b ? ", " : "", (int) cells[w * n_black + b]);
      putchar (']');
    }
  printf ("], \"white_strategy\": ");
  print_strategy (white, x, n_white);
  printf (", \"black_strategy\": ");
  print_strategy (black, y, n_black);
  printf (", \"value\": %.17g}\n", value);

  free (cells);
  free (work);
  return CLI_OK;
}

/* Reads a whole number from min to max for option; prints the error and returns false. */
static bool
read_number (const char *option, const char *text, uint64_t min, uint64_t max, uint64_t *value)
{
  char *end;
  unsigned long long v;

  errno = 0;
  v = strtoull (text, &end, 10);
  if (end == text || *end != '\0' || text[0] == '-' || text[0] == '+' || errno == ERANGE)
    {
      cli_fail (CLI_USAGE, "%s '%.20s' is not a whole number", option, text);
      return false;
    }
  if (v < min || v > max)
    {
      cli_fail (CLI_USAGE, "%s %llu is out of range (%" PRIu64 " to %" PRIu64 ")", option, v, min,
                max);
      return false;
    }
  *value = v;
  return true;
}

/* A seed nobody can guess, for when the caller gives none. */
static uint64_t
fresh_seed (void)
{
  uint64_t seed = 0;
  FILE *random = fopen ("/dev/urandom", "rb");
  if (!random || fread (&seed, sizeof seed, 1, random) != 1)
    seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
  if (random)
    fclose (random);
  return seed;
}

/* best's third line: the equilibrium the choice was drawn from, each side's choices sorted
 * as `analyze` lists them, with their probabilities as `matrix` prints them. */
static void
print_search_strategies (const SynVariant *variant, const SynState *state,
                         const SynSearchResult *result)
{
  static NamedChoice named[SYN_MAX_CHOICES];
  static double p[SYN_MAX_CHOICES];

  for (int side = 0; side < 2; side++)
    {
      int n = result->n_choices[side];
      for (int i = 0; i < n; i++)
        {
          named[i].choice = result->choices[side][i];
          variant->choice_to_text (state, named[i].choice, named[i].text);
        }
      qsort (named, (size_t) n, sizeof named[0], compare_named);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          if (result->choices[side][j] == named[i].choice)
            p[i] = result->strategy[side][j];
      printf (side == SYN_WHITE ? "{\"white_strategy\": " : ", \"black_strategy\": ");
      print_strategy (named, p, n);
    }
  printf ("}\n");
}

/* best's own options. */
typedef struct
{
  uint64_t depth, time_ms, seed, threads;
  bool have_seed;
  SynColour side;
} BestOptions;

/* Reads best's own options into options and leaves the rest (argv[0] first) in rest for
 * the shared parser; returns false, with *status set, on bad usage. */
static bool
read_best_options (int argc, char **argv, const char *usage, char **rest, int max_rest, int *n_rest,
                   BestOptions *options, int *status)
{
  *status = CLI_USAGE;
  *n_rest = 0;
  rest[(*n_rest)++] = argv[0];
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      bool takes_value = strcmp (arg, "--depth") == 0 || strcmp (arg, "--time") == 0
                         || strcmp (arg, "--seed") == 0 || strcmp (arg, "--side") == 0
                         || strcmp (arg, "--threads") == 0;
      if (!takes_value)
        {
          if (*n_rest == max_rest)
            {
              cli_fail (CLI_USAGE, "too many arguments; usage: %s", usage);
              return false;
            }
          rest[(*n_rest)++] = argv[i];
          continue;
        }
      if (i + 1 >= argc)
        {
          cli_fail (CLI_USAGE, "%s needs a value; usage: %s", arg, usage);
          return false;
        }
      i++;
      if (strcmp (arg, "--depth") == 0)
        {
          if (!read_number ("depth", argv[i], 1, SYN_PSC_MAX_DEPTH, &options->depth))
            return false;
        }
      else if (strcmp (arg, "--time") == 0)
        {
          if (!read_number ("time", argv[i], 1, 3600 * 1000, &options->time_ms))
            return false;
        }
      else if (strcmp (arg, "--threads") == 0)
        {
          if (!read_number ("threads", argv[i], 1, SYN_PSC_MAX_THREADS, &options->threads))
            return false;
        }
      else if (strcmp (arg, "--seed") == 0)
        {
          if (!read_number ("seed", argv[i], 0, UINT64_MAX, &options->seed))
            return false;
          options->have_seed = true;
        }
      else if (strcmp (argv[i], "white") == 0 || strcmp (argv[i], "w") == 0)
        options->side = SYN_WHITE;
      else if (strcmp (argv[i], "black") == 0 || strcmp (argv[i], "b") == 0)
        options->side = SYN_BLACK;
      else
        {
          cli_fail (CLI_USAGE, "--side is white or black, not '%.20s'", argv[i]);
          return false;
        }
    }
  return true;
}

int
cli_best (int argc, char **argv)
{
  static const char usage[]
      = "synchess-cli best [--variant ID] FEN [--depth N | --time MS] [--seed S]"
        " [--side white|black] [--threads N]";
  char *rest[16];
  int n_rest, status;
  BestOptions options = { 0, 0, 0, 1, false, SYN_WHITE };
  SynColour side;
  CliArgs args;
  SynState state;
  SynPscLimits limits = { 0 };
  SynSearchResult *result;
  double value;
  SynSearchWorkspace *work;
  SynChoice choice;
  char text[SYN_CHOICE_TEXT_SIZE];

  /* This command's own options first; the rest goes to the shared parser. */
  if (!read_best_options (argc, argv, usage, rest, (int) (sizeof rest / sizeof rest[0]), &n_rest,
                          &options, &status))
    return status;
  side = options.side;
  if (!cli_parse_args (n_rest, rest, usage, 1, &args, &status))
    return status;
  if (!cli_read_state (args.variant, args.positional[0], &state))
    return CLI_BAD_INPUT;
  if (!check_playable (&args, &state, &status))
    return status;

  /* --time alone deepens as far as the time allows; --depth bounds it. */
  limits.depth = options.depth     ? (int) options.depth
                 : options.time_ms ? SYN_PSC_MAX_DEPTH
                                   : DEFAULT_BEST_DEPTH;
  limits.time_ms = (int) options.time_ms;
  limits.noise = 0;
  limits.seed = options.have_seed ? options.seed : fresh_seed ();
  limits.threads = (int) options.threads;

  work = calloc (1, syn_search_workspace_size_for (limits.threads));
  result = malloc (sizeof *result);
  if (!work || !result)
    {
      free (work);
      free (result);
      return cli_fail (CLI_BAD_INPUT, "out of memory");
    }
  choice = syn_search_choose (args.variant, &state, side, &limits, NULL, NULL, work, result);
  /* The search works in expected score; the value is shown in centipawns as before, through
   * the rule set's model, with the score itself beside it. */
  value = syn_score_to_centipawns (result->value, syn_variant_score_scale (args.variant));
  if (value > -0.0005 && value < 0.0005)
    value = 0; /* not "-0.000" */
  args.variant->choice_to_text (&state, choice, text);
  printf ("%s\n", text);
  printf ("{\"move\": \"%s\", \"side\": \"%s\", \"value\": %.3f, \"score\": %.6f, "
          "\"depth\": %d, \"partial_depth\": %d, \"positions\": %" PRIu64
          ", \"positions_per_second\": %.0f, \"seconds\": %.3f}\n",
          text, side == SYN_WHITE ? "white" : "black", value, result->value, result->depth,
          result->partial[side] ? result->partial_depth : 0, result->positions,
          result->seconds > 0 ? (double) result->positions / result->seconds : 0.0,
          result->seconds);
  print_search_strategies (args.variant, &state, result);
  free (work);
  free (result);
  return CLI_OK;
}

/* A deterministic stand-in for a 40 x 40 turn: centipawn cells, a few of them decided. */
static void
fill_bench_game (double *cells, int size, uint64_t *state)
{
  for (int k = 0; k < size * size; k++)
    {
      uint64_t r;
      *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
      r = *state >> 33;
      cells[k] = r % 25 == 0 ? (r & 1 ? SYN_EVAL_WIN - 1 : -SYN_EVAL_WIN + 1)
                             : (double) (int) (r % 1801) - 900;
    }
}

void
cli_bench_analysis (bool quick, double perft_nodes_per_second)
{
  const int matrix_rounds = quick ? 20 : 200, game_rounds = quick ? 20 : 200;
  const int search_depth = quick ? 2 : 3;
  SynPosition pos;
  SynFenError error;
  SynPscControl ctl;
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
  static double cells[SYN_MAX_MOVES * SYN_MAX_MOVES], x[SYN_MAX_MOVES], y[SYN_MAX_MOVES];
  SynMatrixGameSolution solution;
  SynMatrixGameWork *game_work = malloc (sizeof *game_work);
  SynPscWorkspace *work = calloc (1, syn_psc_workspace_size ());
  SynPscSearchResult *result = malloc (sizeof *result);
  SynPscLimits limits = { search_depth, 0, 0, 1 };
  uint64_t state = 2026;
  double start, seconds, rate;
  int n_white, n_black;

  if (!game_work || !work || !result
      || !syn_fen_parse (BENCH_MIDDLEGAME, SYN_FEN_PSC, &pos, &error))
    {
      free (game_work);
      free (work);
      free (result);
      return;
    }
  syn_psc_control (&pos, &ctl);
  n_white = syn_psc_moves (&pos, &ctl, SYN_WHITE, white);
  n_black = syn_psc_moves (&pos, &ctl, SYN_BLACK, black);

  /* Every cell resolved and evaluated, as the `matrix` command does. */
  start = now_seconds ();
  for (int round = 0; round < matrix_rounds; round++)
    syn_psc_pair_matrix (&pos, white, n_white, black, n_black, cells);
  seconds = (now_seconds () - start) / matrix_rounds;
  printf ("matrix-moves: %dx%d\nmatrix-ms: %.3f\n", n_white, n_black, seconds * 1e3);

  seconds = 0;
  for (int round = 0; round < game_rounds; round++)
    {
      fill_bench_game (cells, 40, &state);
      start = now_seconds ();
      syn_matrix_game_solve (cells, 40, 40, x, y, game_work, &solution);
      seconds += now_seconds () - start;
    }
  seconds /= game_rounds;
  printf ("equilibrium-40x40-ms: %.3f\n", seconds * 1e3);

  syn_psc_search (&pos, &limits, work, result);
  rate = result->seconds > 0 ? (double) result->positions / result->seconds : 0;
  printf ("search-depth: %d\nsearch-positions: %" PRIu64 "\nsearch-seconds: %.3f\n", result->depth,
          result->positions, result->seconds);
  printf ("search-positions-per-second: %.0f\n", rate);
  /* How a searched position compares with a perft node, the engine's cheapest unit. */
  printf ("search-speed-vs-perft: %.3f\n",
          perft_nodes_per_second > 0 ? rate / perft_nodes_per_second : 0.0);

  free (game_work);
  free (work);
  free (result);
}
