/* cli-peer.c: synchess-cli host and join: a headless network player with a bot, one line
 * per finished game on stdout, for testing the network layer against itself.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-cli"

#include "config.h"

#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-discovery.h"
#include "cli.h"
#include "cli-invite.h"
#include "syn-computer-player.h"
#include "syn-peer.h"
#include "syn-protocol.h"

/* How soon the bot tries again when its move cannot be taken yet. */
#define RETRY_MS 50

#define HOST_USAGE                                                                                 \
  "host [--port N] [--listen ADDRESS] [--variant ID] [--bot random|simple] [--games N] "           \
  "[--time-control TC] [--fog] [--seed N] [--move-delay MS] [--name NAME] [--no-publish]"
#define JOIN_USAGE                                                                                 \
  "join HOST PORT|--service NAME [--bot random|simple] [--fog] [--seed N] [--move-delay MS] "      \
  "[--name NAME]"

typedef enum
{
  BOT_RANDOM,
  BOT_SIMPLE,
} BotKind;

typedef struct
{
  SynPeer *peer;
  GMainLoop *loop;
  GRand *rand;
  BotKind bot;
  guint move_delay_ms;
  guint games_wanted; /* host */
  guint games_done;
  gboolean fog;
  SynColour first_colour;
  guint think_id;
  int status;
  gboolean host;
  gboolean one_connection; /* a host on a stream made elsewhere (an invite): no listening */
  GArray *refused;         /* SynMove: refused this step by the other side's locks (TX-R5) */
  SynChoice last_choice;
  const char *service; /* guest: the published game joined, by its name */
  const char *name;
} Player;

typedef struct
{
  const char *port;
  const char *listen;
  const char *bot;
  const char *games;
  const char *time_control;
  const char *variant;
  const char *seed;
  const char *move_delay;
  const char *name;
  gboolean fog;
  const char *service;
  gboolean no_publish;
  const char *positional[2];
  int n_positional;
} PeerArgs;

static gboolean
parse_peer_args (int argc, char **argv, gboolean host, const char *usage, int positionals,
                 PeerArgs *args)
{
  struct
  {
    const char *name;
    const char **value;
    gboolean host_only;
  } options[] = {
    { "--port", &args->port, TRUE },       { "--listen", &args->listen, TRUE },
    { "--games", &args->games, TRUE },     { "--time-control", &args->time_control, TRUE },
    { "--variant", &args->variant, TRUE }, { "--bot", &args->bot, FALSE },
    { "--seed", &args->seed, FALSE },      { "--move-delay", &args->move_delay, FALSE },
    { "--name", &args->name, FALSE },      { "--service", &args->service, FALSE },
  };

  memset (args, 0, sizeof *args);
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      gboolean known = FALSE;

      if (strcmp (arg, "--fog") == 0)
        {
          args->fog = TRUE;
          continue;
        }
      if (host && strcmp (arg, "--no-publish") == 0)
        {
          args->no_publish = TRUE;
          continue;
        }
      for (size_t k = 0; k < G_N_ELEMENTS (options) && !known; k++)
        {
          if (strcmp (arg, options[k].name) != 0 || (options[k].host_only && !host))
            continue;
          if (i + 1 >= argc)
            {
              cli_fail (CLI_USAGE, "%s needs a value; usage: %s", arg, usage);
              return false;
            }
          *options[k].value = argv[++i];
          known = TRUE;
        }
      if (known)
        continue;
      if (arg[0] == '-' && arg[1] == '-')
        {
          cli_fail (CLI_USAGE, "unknown option '%.40s'; usage: %s", arg, usage);
          return false;
        }
      if (args->n_positional == positionals)
        {
          cli_fail (CLI_USAGE, "unexpected argument '%.40s'; usage: %s", arg, usage);
          return false;
        }
      args->positional[args->n_positional++] = arg;
    }
  if (host && args->service)
    {
      cli_fail (CLI_USAGE, "unknown option '--service'; usage: %s", usage);
      return false;
    }
  /* A game found by its name needs no address. */
  if (args->n_positional != (args->service ? 0 : positionals))
    {
      cli_fail (CLI_USAGE, "usage: %s", usage);
      return false;
    }
  return true;
}

/* A whole number from min to max, or a usage error naming the option. */
static gboolean
read_number (const char *text, const char *what, guint64 min, guint64 max, guint64 *out)
{
  g_autoptr (GError) error = NULL;

  if (!g_ascii_string_to_unsigned (text, 10, min, max, out, &error))
    {
      cli_fail (CLI_USAGE,
                "%s: '%.40s' is not a number from %" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT,
                what, text, min, max);
      return false;
    }
  return true;
}

/* Returns CLI_OK, or the status to exit with: bad words are bad usage, a configuration that
 * cannot be read or written is bad input. */
static int
setup_player (Player *player, const PeerArgs *args, gboolean host)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = NULL;
  guint64 value;
  const char *name;

  player->host = host;
  player->bot = BOT_RANDOM;
  if (args->bot)
    {
      if (strcmp (args->bot, "random") == 0)
        player->bot = BOT_RANDOM;
      else if (strcmp (args->bot, "simple") == 0)
        player->bot = BOT_SIMPLE;
      else
        return cli_fail (CLI_USAGE, "--bot: '%.40s' is not 'random' or 'simple'", args->bot);
    }
  if (args->seed)
    {
      if (!read_number (args->seed, "--seed", 0, G_MAXUINT32, &value))
        return CLI_USAGE;
      player->rand = g_rand_new_with_seed ((guint32) value);
    }
  else
    player->rand = g_rand_new ();
  if (args->move_delay)
    {
      if (!read_number (args->move_delay, "--move-delay", 0, 60000, &value))
        return CLI_USAGE;
      player->move_delay_ms = (guint) value;
    }
  player->fog = args->fog;

  identity = syn_identity_new_default (&error);
  if (!identity)
    return cli_fail (CLI_BAD_INPUT, "%s", error->message);
  name = args->name ? args->name : player->bot == BOT_SIMPLE ? "simple bot" : "random bot";
  player->name = name;
  player->peer = syn_peer_new (identity, name);
  syn_peer_set_local_kind (player->peer, SYN_PLAYER_COMPUTER);
  player->loop = g_main_loop_new (NULL, FALSE);
  player->refused = g_array_new (FALSE, FALSE, sizeof (SynMove));
  return CLI_OK;
}

static void
clear_player (Player *player)
{
  g_clear_handle_id (&player->think_id, g_source_remove);
  g_clear_object (&player->peer);
  g_clear_pointer (&player->loop, g_main_loop_unref);
  g_clear_pointer (&player->rand, g_rand_free);
  g_clear_pointer (&player->refused, g_array_unref);
}

static gboolean
was_refused (Player *player, SynChoice choice)
{
  for (guint i = 0; i < player->refused->len; i++)
    if (g_array_index (player->refused, SynMove, i) == SYN_CHOICE_MOVE (choice))
      return TRUE;
  return FALSE;
}

static SynChoice
choose_move (Player *player, SynGame *game, SynColour side)
{
  const SynVariant *variant = syn_game_get_variant (game);
  const SynState *state = syn_game_get_state (game);
  SynChoice choices[SYN_MAX_CHOICES];
  SynChoice choice;
  int n, kept = 0;

  if (player->bot == BOT_SIMPLE)
    {
      choice = syn_computer_player_choose (variant, state, side, g_rand_int (player->rand));
      if (!was_refused (player, choice) && syn_peer_may_choose (player->peer, choice))
        return choice;
    }
  /* A move refused once would be refused again: only the others are tried. A turn resumed
   * after the other side said its move was not locked is bound to that move (TX-R16). */
  n = variant->choices (state, side, choices);
  for (int i = 0; i < n; i++)
    if (!was_refused (player, choices[i]) && syn_peer_may_choose (player->peer, choices[i]))
      choices[kept++] = choices[i];
  return kept > 0 ? choices[g_rand_int_range (player->rand, 0, kept)] : SYN_CHOICE_NONE;
}

static gboolean
on_think_cb (gpointer user_data)
{
  Player *player = user_data;
  SynGame *game = syn_peer_get_game (player->peer);
  g_autoptr (GError) error = NULL;
  SynChoice choice;

  player->think_id = 0;
  if (!game || syn_game_is_over (game) || syn_peer_has_chosen (player->peer)
      || !syn_peer_is_connected (player->peer))
    return G_SOURCE_REMOVE;
  choice = choose_move (player, game, syn_peer_get_colour (player->peer));
  player->last_choice = choice;
  if (syn_peer_choose (player->peer, choice, &error))
    return G_SOURCE_REMOVE;
  /* Not now (a lock question asked again after a resume waits for its answer, TX-R16): the
   * bot tries again a little later rather than leave the game stalled. */
  if (g_error_matches (error, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE))
    player->think_id = g_timeout_add (RETRY_MS, on_think_cb, player);
  else
    cli_fail (CLI_BAD_INPUT, "the bot could not play: %s", error->message);
  return G_SOURCE_REMOVE;
}

/* The bot moves at the start of every turn, after the delay asked for. */
static void
think (Player *player)
{
  g_clear_handle_id (&player->think_id, g_source_remove);
  if (player->move_delay_ms)
    player->think_id = g_timeout_add (player->move_delay_ms, on_think_cb, player);
  else
    player->think_id = g_idle_add (on_think_cb, player);
}

/* TX-R5: a move the other side's locks refused is chosen again. */
static void
on_choice_refused_cb (SynGame *game, int side, Player *player)
{
  SynMove move = SYN_CHOICE_MOVE (player->last_choice);
  g_array_append_val (player->refused, move);
  think (player);
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, Player *player)
{
  SynGame *game = syn_peer_get_game (peer);

  g_signal_connect (game, "choice-refused", G_CALLBACK (on_choice_refused_cb), player);
  if (resumed)
    fprintf (stderr, "synchess-cli: resuming game %s at turn %u\n", syn_game_get_id (game),
             syn_game_get_n_turns (game) + 1);
  think (player);
}

static void
on_turn_completed_cb (SynPeer *peer, guint index, Player *player)
{
  g_array_set_size (player->refused, 0);
  think (player);
}

static void
quit_soon (Player *player)
{
  /* Long enough for the goodbye to be written out. */
  g_timeout_add_once (300, (GSourceOnceFunc) g_main_loop_quit, player->loop);
}

/* The result line, then the next game or the end. */
static void
report_game (SynPeer *peer, Player *player)
{
  SynGame *game = syn_peer_get_game (peer);
  const char *reason = syn_game_get_reason (game);
  g_autoptr (GError) error = NULL;

  printf ("%s %s turns=%u fog=%s id=%s\n", syn_result_to_text (syn_game_get_result (game)),
          reason ? reason : "-", syn_game_get_n_turns (game),
          syn_game_get_fog (game) ? "yes" : "no", syn_game_get_id (game));
  fflush (stdout);
  player->games_done++;
  if (!player->host)
    return;
  if (player->games_done >= player->games_wanted)
    {
      syn_peer_close (peer);
      quit_soon (player);
      return;
    }
  /* Colours alternate from game to game. */
  {
    SynPeerOptions options = { 0 };
    options.variant = syn_game_get_variant (game);
    options.tc = syn_game_get_time_control (game);
    options.fog = player->fog;
    options.host_colour = (SynColour) ((player->first_colour + player->games_done) % 2);
    syn_peer_set_options (peer, &options);
  }
  if (!syn_peer_propose_game (peer, &error))
    fprintf (stderr, "synchess-cli: %s\n", error->message);
}

static void
on_game_over_cb (SynPeer *peer, Player *player)
{
  /* A Transactional game's result stands only after its audit (TX-R17). */
  if (!syn_game_get_variant (syn_peer_get_game (peer))->view)
    report_game (peer, player);
}

static void
on_audit_completed_cb (SynPeer *peer, gboolean clean, const char *why, Player *player)
{
  if (clean)
    fprintf (stderr, "synchess-cli: the audit found both sides kept the rules\n");
  else
    fprintf (stderr, "synchess-cli: the audit found the other side broke the rules: %s\n", why);
  report_game (peer, player);
}

static void
on_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, Player *player)
{
  g_autoptr (GError) error = NULL;

  if (!syn_peer_accept_options (peer, player->fog, &error))
    fprintf (stderr, "synchess-cli: %s\n", error->message);
}

static void
on_options_declined_cb (SynPeer *peer, const char *reason, Player *player)
{
  fprintf (stderr, "synchess-cli: the guest declined the game: %s\n", reason);
  syn_peer_disconnect (peer);
}

static void
on_connected_cb (SynPeer *peer, Player *player)
{
  fprintf (stderr, "synchess-cli: connected to %s, fingerprint %s%s\n",
           syn_peer_get_peer_name (peer)[0] ? syn_peer_get_peer_name (peer) : "?",
           syn_peer_get_fingerprint (peer), syn_peer_get_peer_known (peer) ? " (met before)" : "");
}

static void
on_error_cb (SynPeer *peer, const GError *error, Player *player)
{
  fprintf (stderr, "synchess-cli: %s\n", error->message);
}

static void
on_disconnected_cb (SynPeer *peer, const GError *error, Player *player)
{
  g_clear_handle_id (&player->think_id, g_source_remove);
  if (player->host && !player->one_connection)
    {
      /* A host goes on listening: a broken game is resumed when its player comes back. */
      if (error)
        fprintf (stderr, "synchess-cli: connection ended: %s\n", error->message);
      return;
    }
  if (error)
    {
      fprintf (stderr, "synchess-cli: connection ended: %s\n", error->message);
      player->status = CLI_BAD_INPUT;
    }
  /* Over ICE the goodbye still has to leave through the bridge. */
  if (player->one_connection)
    quit_soon (player);
  else
    g_main_loop_quit (player->loop);
}

/* A bot claims at once a game the other side abandoned (docs/protocol.md, "Abandonment"). */
static void
on_abandon_claimable_cb (SynPeer *peer, gboolean claimable, Player *player)
{
  g_autoptr (GError) error = NULL;

  if (!claimable)
    return;
  fprintf (stderr, "synchess-cli: the other side abandoned the game: claiming it\n");
  if (!syn_peer_claim_abandoned (peer, &error))
    fprintf (stderr, "synchess-cli: %s\n", error->message);
}

static void
connect_signals (Player *player)
{
  g_signal_connect (player->peer, "connected", G_CALLBACK (on_connected_cb), player);
  g_signal_connect (player->peer, "game-started", G_CALLBACK (on_game_started_cb), player);
  g_signal_connect (player->peer, "turn-completed", G_CALLBACK (on_turn_completed_cb), player);
  g_signal_connect (player->peer, "game-over", G_CALLBACK (on_game_over_cb), player);
  g_signal_connect (player->peer, "audit-completed", G_CALLBACK (on_audit_completed_cb), player);
  g_signal_connect (player->peer, "options-proposed", G_CALLBACK (on_options_proposed_cb), player);
  g_signal_connect (player->peer, "options-declined", G_CALLBACK (on_options_declined_cb), player);
  g_signal_connect (player->peer, "error", G_CALLBACK (on_error_cb), player);
  g_signal_connect (player->peer, "disconnected", G_CALLBACK (on_disconnected_cb), player);
  g_signal_connect (player->peer, "abandon-claimable", G_CALLBACK (on_abandon_claimable_cb),
                    player);
}

/* A host's options, its player and the options of its first game (copied to first_game
 * when not NULL). */
static int
prepare_host (const PeerArgs *args, Player *player, SynPeerOptions *first_game)
{
  SynPeerOptions options = { &syn_variant_psc, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  guint64 games = 1;
  int status;

  if (args->games && !read_number (args->games, "--games", 1, G_MAXUINT32, &games))
    return CLI_USAGE;
  if (args->time_control && !syn_time_control_parse (args->time_control, &options.tc))
    return cli_fail (CLI_USAGE, "--time-control: '%.40s' is not like '180+2' or '-'",
                     args->time_control);
  if (args->variant && !(options.variant = syn_variant_lookup (args->variant)))
    return cli_fail (CLI_USAGE, "--variant: '%.40s' is not a rule set", args->variant);
  status = setup_player (player, args, TRUE);
  if (status != CLI_OK)
    return status;
  player->games_wanted = (guint) games;
  options.fog = player->fog;
  player->first_colour = SYN_WHITE;
  syn_peer_set_options (player->peer, &options);
  connect_signals (player);
  if (first_game)
    *first_game = options;
  return CLI_OK;
}

int
cli_host (int argc, char **argv)
{
  PeerArgs args;
  Player player = { 0 };
  g_autoptr (GError) error = NULL;
  SynServicePublisher *publisher = NULL;
  SynPeerOptions options;
  guint64 port = SYN_PROTOCOL_DEFAULT_PORT;
  int status;

  if (!parse_peer_args (argc, argv, TRUE, HOST_USAGE, 0, &args))
    return CLI_USAGE;
  if (args.port && !read_number (args.port, "--port", 0, 65535, &port))
    return CLI_USAGE;
  status = prepare_host (&args, &player, &options);
  if (status != CLI_OK)
    {
      clear_player (&player);
      return status;
    }
  if (!syn_peer_listen (player.peer, args.listen, (guint16) port, &error))
    {
      clear_player (&player);
      return cli_fail (CLI_BAD_INPUT, "cannot listen: %s", error->message);
    }
  fprintf (stderr, "synchess-cli: listening on port %u\n", syn_peer_get_port (player.peer));
  if (!args.no_publish)
    publisher = cli_publish (player.name, syn_peer_get_port (player.peer), &options);
  g_main_loop_run (player.loop);
  g_clear_object (&publisher);
  clear_player (&player);
  return player.status;
}

static void
on_join_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Player *player = user_data;
  g_autoptr (GError) error = NULL;

  if (!syn_peer_connect_finish (SYN_PEER (source), result, &error))
    {
      /* The peer's own words speak of invitations. */
      if (player->service && g_error_matches (error, SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER))
        {
          g_clear_error (&error);
          g_set_error (&error, SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER,
                       "the host of \"%s\" presented another certificate than the one it "
                       "published: someone may be in between",
                       player->service);
        }
      cli_fail (CLI_BAD_INPUT, "cannot join: %s", error->message);
      player->status = CLI_BAD_INPUT;
      g_main_loop_quit (player->loop);
    }
}

int
cli_join (int argc, char **argv)
{
  PeerArgs args;
  Player player = { 0 };
  g_autoptr (SynFoundGame) game = NULL;
  const char *address = NULL;
  guint64 port = 0;
  int status;

  if (!parse_peer_args (argc, argv, FALSE, JOIN_USAGE, 2, &args))
    return CLI_USAGE;
  if (!args.service && !read_number (args.positional[1], "PORT", 1, 65535, &port))
    return CLI_USAGE;
  status = setup_player (&player, &args, FALSE);
  if (status == CLI_OK && args.service)
    game = cli_find_game (args.service, &status);
  if (status != CLI_OK)
    {
      clear_player (&player);
      return status;
    }
  address = args.positional[0];
  if (game)
    {
      /* A published game names its host's certificate: no other may answer. */
      player.service = args.service;
      address = syn_found_game_get_address (game);
      port = syn_found_game_get_port (game);
      syn_peer_set_expected_certificate (player.peer, syn_found_game_get_cert_digest (game));
    }
  connect_signals (&player);
  syn_peer_connect_async (player.peer, address, (guint16) port, NULL, on_join_done_cb, &player);
  g_main_loop_run (player.loop);
  clear_player (&player);
  return player.status;
}

/* Invites (cli-invite.c) ------------------------------------------------------------------- */

/* The host's or the guest's options and bot, as host and join take them (without --port and
 * --listen); start() makes the connection, and the games are played on it. */
int
cli_peer_run_invited (int argc, char **argv, gboolean host, const char *usage,
                      CliInvitedStart start, gpointer data)
{
  PeerArgs args;
  Player player = { 0 };
  int status;

  if (!parse_peer_args (argc, argv, host, usage, 0, &args))
    return CLI_USAGE;
  if (args.port || args.listen)
    return cli_fail (CLI_USAGE, "--port and --listen are for host; usage: %s", usage);
  status = host ? prepare_host (&args, &player, NULL) : setup_player (&player, &args, FALSE);
  if (status == CLI_OK && !host)
    connect_signals (&player);
  if (status != CLI_OK)
    {
      clear_player (&player);
      return status;
    }
  player.one_connection = TRUE;
  start (player.peer, player.loop, &player.status, data);
  g_main_loop_run (player.loop);
  clear_player (&player);
  return player.status;
}
