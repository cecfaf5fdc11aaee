/* match-variants.c: the engine's strength in every rule set, by a match against a random
 * player, the plain one-step player (rule-set-strategy.h) or the simple player, the CLI's
 * `--bot simple` (syn_computer_player_choose()): games with colours alternating, a score per
 * rule set with its 95% interval. Not a test: a benchmark run by hand, `match-variants
 * [--games N] [--depth D] [--time MS] [--opponent random|plain|simple] [--variant ID]
 * [--seed S]`.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rule-set-strategy.h"
#include "self-play.h"
#include "syn-computer-player.h"
#include "variant-search.h"

#define MAX_STEPS 400 /* a game still going after this many steps is scored a draw */

typedef struct
{
  int games, depth, time_ms;
  const char *opponent;
  const char *variant;
  uint64_t seed;
} Options;

typedef struct
{
  SynSearchWorkspace *search;
  SynSearchResult *result;
  SynStrategyWork *plain;
  uint64_t rng;
} Players;

static SynChoice
engine_choice (const SynVariant *variant, const SynState *state, SynColour side,
               const Options *options, const SynChoice *excluded, int n_excluded, Players *players)
{
  SynPscLimits limits = { options->depth, options->time_ms, 0, self_play_random (&players->rng) };
  SynSearchExclusion exclusion = { side, excluded, n_excluded };
  SynState known;
  self_play_known_state (variant, state, side, &known);
  return syn_search_choose (variant, &known, side, &limits, &exclusion, NULL, players->search,
                            players->result);
}

/* Whether the lock refused choice this step (TX-R5). */
typedef bool (*Refused) (SynChoice choice, const SynChoice *excluded, int n_excluded);

/* The random player's own memory of refusals: the very choices refused. */
static bool
choice_refused (SynChoice choice, const SynChoice *excluded, int n_excluded)
{
  for (int i = 0; i < n_excluded; i++)
    if (choice == excluded[i])
      return true;
  return false;
}

/* The lock refuses a move whatever decision comes with it, so the CLI's bot, once refused,
 * tries none of the move's choices again (cli-peer.c's was_refused()). */
static bool
move_refused (SynChoice choice, const SynChoice *excluded, int n_excluded)
{
  for (int i = 0; i < n_excluded; i++)
    if (SYN_CHOICE_MOVE (choice) == SYN_CHOICE_MOVE (excluded[i]))
      return true;
  return false;
}

/* A choice drawn evenly from those not refused. */
static SynChoice
random_choice (const SynVariant *variant, const SynState *state, SynColour side,
               const SynChoice *excluded, int n_excluded, Refused refused, Players *players)
{
  static SynChoice choices[SYN_MAX_CHOICES];
  int n = 0, all = variant->choices (state, side, choices);

  for (int i = 0; i < all; i++)
    if (!refused (choices[i], excluded, n_excluded))
      choices[n++] = choices[i];
  return n ? choices[self_play_random (&players->rng) % (uint64_t) n] : SYN_CHOICE_NONE;
}

static SynChoice
plain_choice (const SynVariant *variant, const SynState *state, SynColour side,
              const SynChoice *excluded, int n_excluded, Players *players)
{
  SynState known;
  double random = (double) (self_play_random (&players->rng) >> 11) / 9007199254740992.0;

  self_play_known_state (variant, state, side, &known);
  return syn_rule_set_strategy_choose (variant, &known, side, random, excluded, n_excluded,
                                       players->plain);
}

/* What the CLI's simple bot plays (cli-peer.c's choose_move()): it is given the whole state
 * and keeps to its side's own view itself. It does not know of refused moves, so one the
 * lock refused is replaced by a random one, as the bot does, rather than refused forever. */
static SynChoice
simple_choice (const SynVariant *variant, const SynState *state, SynColour side,
               const SynChoice *excluded, int n_excluded, Players *players)
{
  SynChoice choice = syn_computer_player_choose (variant, state, side,
                                                 (guint32) self_play_random (&players->rng));

  if (!move_refused (choice, excluded, n_excluded))
    return choice;
  return random_choice (variant, state, side, excluded, n_excluded, move_refused, players);
}

static SynChoice
opponent_choice (const SynVariant *variant, const SynState *state, SynColour side,
                 const Options *options, const SynChoice *excluded, int n_excluded,
                 Players *players)
{
  if (strcmp (options->opponent, "plain") == 0)
    return plain_choice (variant, state, side, excluded, n_excluded, players);
  if (strcmp (options->opponent, "simple") == 0)
    return simple_choice (variant, state, side, excluded, n_excluded, players);
  return random_choice (variant, state, side, excluded, n_excluded, choice_refused, players);
}

/* One game; returns the engine's score, 1, 0.5 or 0. */
static double
play (const SynVariant *variant, SynColour engine, const Options *options, Players *players)
{
  static SynChoice excluded[2][SYN_MAX_CHOICES];
  SynState state;
  SynFenError error;
  SynOutcome outcome = { SYN_RESULT_NONE, SYN_REASON_NONE };
  int n_excluded[2] = { 0, 0 };

  variant->read_state (variant->start_fen, &state, &error);
  if (variant->seed)
    variant->seed (&state, self_play_random (&players->rng));
  for (int step = 0; step < MAX_STEPS; step++)
    {
      SynChoice chosen[2];
      outcome = variant->outcome (&state);
      if (outcome.result != SYN_RESULT_NONE)
        break;
      for (int side = 0; side < 2; side++)
        chosen[side] = side == (int) engine
                           ? engine_choice (variant, &state, side, options, excluded[side],
                                            n_excluded[side], players)
                           : opponent_choice (variant, &state, side, options, excluded[side],
                                              n_excluded[side], players);
      if (getenv ("MATCH_TRACE"))
        {
          char text[2][SYN_CHOICE_TEXT_SIZE], fen[256];
          for (int side = 0; side < 2; side++)
            variant->choice_to_text (&state, chosen[side], text[side]);
          variant->write_state (&state, fen, sizeof fen);
          fprintf (stderr, "  %s | %s %s\n", fen, text[0], text[1]);
        }
      self_play_step (variant, &state, chosen, excluded, n_excluded);
    }
  if (getenv ("MATCH_VERBOSE"))
    {
      /* The last state too, to see what a drawn game came to. */
      char fen[256];
      variant->write_state (&state, fen, sizeof fen);
      fprintf (stderr, "%s engine %s: %s %s: %s\n", variant->id,
               engine == SYN_WHITE ? "white" : "black", syn_result_to_text (outcome.result),
               syn_reason_to_text (outcome.reason) ? syn_reason_to_text (outcome.reason)
                                                   : "step limit",
               fen);
    }
  if (outcome.result == SYN_RESULT_DRAW || outcome.result == SYN_RESULT_NONE)
    return 0.5;
  return (outcome.result == SYN_RESULT_WHITE_WINS) == (engine == SYN_WHITE) ? 1 : 0;
}

static void
match (const SynVariant *variant, const Options *options, Players *players)
{
  int wins = 0, draws = 0, losses = 0;
  double mean, sum_sq = 0, sd;

  /* Each rule set's games from a stream of their own: a change in one rule set leaves the
   * others' games as they were. */
  players->rng = options->seed;
  for (const char *c = variant->id; *c; c++)
    players->rng = players->rng * 31 + (uint64_t) *c;

  for (int game = 0; game < options->games; game++)
    {
      double score = play (variant, game % 2 ? SYN_BLACK : SYN_WHITE, options, players);
      wins += score == 1;
      draws += score == 0.5;
      losses += score == 0;
    }
  mean = (wins + 0.5 * draws) / options->games;
  sum_sq
      = wins * (1 - mean) * (1 - mean) + draws * (0.5 - mean) * (0.5 - mean) + losses * mean * mean;
  sd = sqrt (sum_sq / options->games / options->games);
  printf ("%-14s vs %-6s depth %d time %d ms: %d games, +%d =%d -%d, score %.1f%% +- %.1f%%\n",
          variant->id, options->opponent, options->depth, options->time_ms, options->games, wins,
          draws, losses, 100 * mean, 196 * sd);
  fflush (stdout);
}

int
main (int argc, char **argv)
{
  Options options = { 20, 1, 0, "random", NULL, 2026 };
  Players players;
  const SynVariant *const *all = syn_variant_all ();

  for (int i = 1; i + 1 < argc; i += 2)
    {
      if (strcmp (argv[i], "--games") == 0)
        options.games = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--depth") == 0)
        options.depth = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--time") == 0)
        options.time_ms = atoi (argv[i + 1]);
      else if (strcmp (argv[i], "--opponent") == 0)
        options.opponent = argv[i + 1];
      else if (strcmp (argv[i], "--variant") == 0)
        options.variant = argv[i + 1];
      else if (strcmp (argv[i], "--seed") == 0)
        options.seed = strtoull (argv[i + 1], NULL, 10);
    }
  players.search = calloc (1, syn_search_workspace_size ());
  players.result = malloc (sizeof *players.result);
  players.plain = malloc (sizeof *players.plain);
  if (!players.search || !players.result || !players.plain || options.games < 1)
    return 1;
  for (int v = 0; all[v]; v++)
    if (!options.variant || strcmp (options.variant, all[v]->id) == 0)
      match (all[v], &options, &players);
  free (players.search);
  free (players.result);
  free (players.plain);
  return 0;
}
