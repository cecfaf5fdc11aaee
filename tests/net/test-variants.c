/* test-variants.c: two SynPeers over 127.0.0.1 play whole games of the rule sets beyond PSC
 * (Synchrone, HK, Hutnik): a side the rules ask nothing of commits to "-" by itself, HK's
 * passes travel as "0000", Hutnik's seed is a coin flip of both sides (HUT-R10), and a
 * Transactional game is refused on both ends.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "net-test-util.h"
#include "hutnik.h"
#include "syn-net-game.h"

/* Random play may go on for long: past this many steps the host resigns. */
#define MAX_STEPS 300

static char *test_dir;

typedef struct
{
  guint steps;
  guint waits; /* steps where one side waited */
} StepCount;

static void
count_step (SynPeer *peer, StepCount *count)
{
  SynGame *game = syn_peer_get_game (peer);
  const SynVariant *variant = syn_game_get_variant (game);
  SynChoice choices[SYN_MAX_CHOICES];

  if (syn_game_is_over (game))
    return;
  count->steps++;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (variant->choices (syn_game_get_state (game), (SynColour) side, choices) == 0)
      count->waits++;
}

static void
on_turn_completed_cb (SynPeer *peer, guint index, StepCount *count)
{
  count_step (peer, count);
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, StepCount *count)
{
  count_step (peer, count);
}

static void
wait_for (gboolean (*done) (NetPair *), NetPair *pair, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!done (pair))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      net_test_spin (5);
    }
}

static gboolean
both_over (NetPair *pair)
{
  return pair->host_bot->games_over > 0 && pair->guest_bot->games_over > 0;
}

static gboolean
over_or_capped (NetPair *pair)
{
  return both_over (pair) || (pair->host_bot->paused && pair->guest_bot->paused);
}

static gboolean
accept_any_cb (GTlsConnection *connection, GTlsCertificate *certificate,
               GTlsCertificateFlags errors, gpointer user_data)
{
  return TRUE;
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_peer_connect_finish (SYN_PEER (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
test_game (gconstpointer data)
{
  const SynVariant *variant = syn_variant_lookup (data);
  SynPeerOptions options = { variant, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;
  StepCount count = { 0 };
  SynGame *host_game, *guest_game;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (variant);
  pair = net_pair_new ("127.0.0.1", &options);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = MAX_STEPS;
  g_signal_connect (pair->host, "game-started", G_CALLBACK (on_game_started_cb), &count);
  g_signal_connect (pair->host, "turn-completed", G_CALLBACK (on_turn_completed_cb), &count);
  net_pair_connect (pair);
  wait_for (over_or_capped, pair, "the game or its cap");
  if (!both_over (pair))
    {
      g_assert_true (syn_peer_resign (pair->host, &error));
      g_assert_no_error (error);
      wait_for (both_over, pair, "the resignation");
    }
  g_signal_handlers_disconnect_by_data (pair->host, &count);

  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  g_assert_true (syn_game_get_variant (host_game) == variant);
  g_assert_true (syn_game_get_variant (guest_game) == variant);
  g_assert_true (syn_game_is_over (host_game));
  g_assert_cmpint (syn_game_get_result (host_game), ==, syn_game_get_result (guest_game));
  net_assert_same_game (host_game, guest_game);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
  g_test_message ("%s: %u steps, %u of them with a side waiting, %s", variant->id,
                  syn_game_get_n_turns (host_game), count.waits, syn_game_get_reason (host_game));
  g_assert_cmpuint (syn_game_get_n_turns (host_game), >, 0);
}

/* HUT-R10: the seed is drawn afresh for each game, the same on both sides (the records
 * compared in test_game carry it in their FEN); two games almost surely differ. */
static void
test_hutnik_seeds_differ (void)
{
  SynPeerOptions options = { &syn_variant_hutnik, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  g_autoptr (GError) error = NULL;
  guint64 seeds[2];

  pair->host_bot->paused = pair->guest_bot->paused = TRUE;
  for (int game = 0; game < 2; game++)
    {
      SynGame *host_game, *guest_game;

      if (game == 0)
        net_pair_connect (pair);
      else
        {
          pair->host_bot->started = pair->guest_bot->started = FALSE;
          g_assert_true (syn_peer_propose_game (pair->host, &error));
          g_assert_no_error (error);
          net_test_wait (&pair->guest_bot->started, 20, "the guest's game");
          net_test_wait (&pair->host_bot->started, 20, "the host's game");
        }
      host_game = syn_peer_get_game (pair->host);
      guest_game = syn_peer_get_game (pair->guest);
      seeds[game] = syn_game_get_start (host_game)->rules.hutnik.seed;
      g_assert_cmphex (seeds[game], ==, syn_game_get_start (guest_game)->rules.hutnik.seed);
      /* HUT-R9: the first holder of the token follows from the seed. */
      g_assert_cmpint (syn_game_get_start (host_game)->board.side_to_move, ==,
                       syn_hutnik_first_holder (seeds[game]));
      net_assert_same_game (host_game, guest_game);
      g_assert_true (syn_peer_resign (pair->host, &error));
      g_assert_no_error (error);
      wait_for (both_over, pair, "the resignation");
      pair->host_bot->games_over = pair->guest_bot->games_over = 0;
    }
  g_assert_cmphex (seeds[0], !=, seeds[1]);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
}

/* The protocol names the rule sets that draw lots itself: it must name those with a seed. */
static void
test_draws_lots_matches_table (void)
{
  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    g_assert_cmpint (syn_protocol_variant_draws_lots ((*v)->id), ==, (*v)->seed != NULL);
}

/* Transactional (TX-R15 to R17 need messages the protocol lacks) -------------------------- */

static void
test_transactional_host_refuses (void)
{
  SynPeerOptions psc = { NULL, { 0, 0 }, FALSE, SYN_WHITE };
  SynPeerOptions tx = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (SynIdentity) identity = net_test_identity ("tx-host");
  g_autoptr (SynPeer) peer = syn_peer_new (identity, "Host player");
  g_autoptr (NetPair) pair = NULL;
  g_autoptr (GError) error = NULL;
  gboolean done = FALSE;

  /* A host set up for Transactional does not even listen. */
  syn_peer_set_autosave (peer, FALSE);
  syn_peer_set_options (peer, &tx);
  g_assert_false (syn_peer_listen (peer, "127.0.0.1", 0, &error));
  g_assert_error (error, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE);
  g_assert_cmpstr (error->message, ==, "Transactional Chess cannot be played over the network yet");
  g_clear_error (&error);

  /* One switched to Transactional after listening proposes nothing, says why and hangs up. */
  pair = net_pair_new ("127.0.0.1", &psc);
  syn_peer_set_options (pair->host, &tx);
  syn_peer_connect_async (pair->guest, "127.0.0.1", syn_peer_get_port (pair->host), NULL,
                          on_connected_cb, &done);
  net_test_wait (&done, 20, "the connection");
  net_test_wait (&pair->guest_bot->disconnected, 20, "the host's goodbye");
  g_assert_false (pair->guest_bot->started);
  g_assert_false (pair->host_bot->started);
  g_assert_nonnull (pair->host_bot->last_error);
  g_assert_cmpstr (pair->host_bot->last_error->message, ==,
                   "Transactional Chess cannot be played over the network yet");

  /* Nor can another game be proposed as Transactional. */
  g_assert_false (syn_peer_propose_game (pair->host, &error));
  g_assert_nonnull (error);
}

/* A host of our own that proposes Transactional, as a program without the refusal would. */
typedef struct
{
  GSocketListener *listener;
  SynIdentity *identity;
  char *answer; /* the guest's answer to the options */
} RawHost;

static gpointer
raw_host_main (gpointer user_data)
{
  RawHost *host = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection
      = g_socket_listener_accept (host->listener, NULL, NULL, &error);
  g_autoptr (GIOStream) tls = NULL;
  g_autoptr (GDataInputStream) in = NULL;
  GOutputStream *out;
  const char *lines = "hello synchess 1 Raw host\n"
                      "options id=tx-1 variant=transactional tc=- fog=no colour=white "
                      "date=2026.11.22\n";

  g_assert_no_error (error);
  g_socket_set_timeout (g_socket_connection_get_socket (connection), 15);
  tls = g_tls_server_connection_new (G_IO_STREAM (connection),
                                     syn_identity_get_certificate (host->identity), &error);
  g_assert_no_error (error);
  g_object_set (tls, "authentication-mode", G_TLS_AUTHENTICATION_REQUESTED, NULL);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_any_cb), NULL);
  g_assert_true (g_tls_connection_handshake (G_TLS_CONNECTION (tls), NULL, &error));
  g_assert_no_error (error);
  in = g_data_input_stream_new (g_io_stream_get_input_stream (tls));
  g_data_input_stream_set_newline_type (in, G_DATA_STREAM_NEWLINE_TYPE_LF);
  out = g_io_stream_get_output_stream (tls);
  g_assert_true (g_output_stream_write_all (out, lines, strlen (lines), NULL, NULL, &error));
  for (;;)
    {
      char *line = g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error);
      if (!line)
        break;
      if (g_str_has_prefix (line, "decline") || g_str_has_prefix (line, "accept"))
        {
          host->answer = line;
          break;
        }
      g_free (line);
    }
  g_io_stream_close (tls, NULL, NULL);
  return NULL;
}

static void
test_transactional_guest_declines (void)
{
  g_autoptr (SynIdentity) host_identity = net_test_identity ("tx-raw-host");
  g_autoptr (SynIdentity) guest_identity = net_test_identity ("tx-guest");
  g_autoptr (SynPeer) guest = syn_peer_new (guest_identity, "Guest player");
  g_autoptr (NetBot) bot = NULL;
  g_autoptr (GError) error = NULL;
  RawHost host = { g_socket_listener_new (), host_identity, NULL };
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;
  gboolean done = FALSE;

  syn_peer_set_autosave (guest, FALSE);
  bot = net_bot_new (guest, 7);
  g_assert_true (g_socket_listener_add_address (host.listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &bound, &error));
  g_assert_no_error (error);
  syn_peer_connect_async (guest, "127.0.0.1",
                          g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)), NULL,
                          on_connected_cb, &done);
  net_test_run_thread (raw_host_main, &host, 30);
  g_assert_true (done);
  g_assert_cmpstr (host.answer, ==,
                   "decline Transactional Chess cannot be played over the network yet");
  g_assert_false (bot->started);
  g_assert_nonnull (bot->last_error);
  g_assert_cmpstr (bot->last_error->message, ==,
                   "Transactional Chess cannot be played over the network yet");
  syn_peer_close (guest);
  g_free (host.answer);
  g_object_unref (host.listener);
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-variants");
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/net/variants/synchrone/game", "synchrone", test_game);
  g_test_add_data_func ("/net/variants/hk/game", "hk", test_game);
  g_test_add_data_func ("/net/variants/hutnik/game", "hutnik", test_game);
  g_test_add_func ("/net/variants/hutnik/seeds-differ", test_hutnik_seeds_differ);
  g_test_add_func ("/net/variants/hutnik/draws-lots-as-the-table-says",
                   test_draws_lots_matches_table);
  g_test_add_func ("/net/variants/transactional/host-refuses", test_transactional_host_refuses);
  g_test_add_func ("/net/variants/transactional/guest-declines", test_transactional_guest_declines);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
