/* net-test-util.c: helpers shared by the network tests.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "net-test-util.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include <sys/socket.h>

#include "syn-net-game.h"
#include "syn-record-private.h"
#include "syn-record.h"

static char *test_dir;

char *
net_test_init_dirs (const char *name)
{
  g_autofree char *template = g_strdup_printf ("synchess-%s-XXXXXX", name);
  char *dir = g_dir_make_tmp (template, NULL);
  g_autofree char *config = NULL;
  g_autofree char *data = NULL;

  g_assert_nonnull (dir);
  config = g_build_filename (dir, "config", NULL);
  data = g_build_filename (dir, "data", NULL);
  /* Before GLib reads them: nothing may touch the real folders. */
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  test_dir = dir;
  return g_strdup (dir);
}

void
net_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir)
    while ((name = g_dir_read_name (dir)))
      {
        g_autofree char *child = g_build_filename (path, name, NULL);
        if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
          net_test_remove_tree (child);
        else
          g_unlink (child);
      }
  g_rmdir (path);
}

void
net_test_cleanup (const char *dir)
{
  net_test_remove_tree (dir);
  g_clear_pointer (&test_dir, g_free);
}

SynIdentity *
net_test_identity (const char *name)
{
  g_autofree char *dir = g_build_filename (test_dir, "identities", name, NULL);
  g_autoptr (GError) error = NULL;
  SynIdentity *identity = syn_identity_new_for_dir (dir, &error);

  g_assert_no_error (error);
  return identity;
}

void
net_test_wait (const gboolean *flag, int seconds, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!*flag)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, FALSE);
      if (!*flag)
        g_usleep (200);
    }
}

static gboolean
on_spin_done_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

void
net_test_spin (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, on_spin_done_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

gboolean
net_test_has_ipv6_loopback (void)
{
  g_autoptr (GSocket) socket
      = g_socket_new (G_SOCKET_FAMILY_IPV6, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV6);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);

  return socket && g_socket_bind (socket, address, TRUE, NULL);
}

gint64
net_test_rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line ? g_ascii_strtoll (line + 6, NULL, 10) : -1;
}

/* The bot ---------------------------------------------------------------------------------- */

static gboolean
on_bot_idle_cb (gpointer user_data)
{
  NetBot *bot = user_data;
  SynGame *game = syn_peer_get_game (bot->peer);
  const SynVariant *variant;
  SynChoice choices[SYN_MAX_CHOICES];
  g_autoptr (GError) error = NULL;
  int n;

  bot->idle_id = 0;
  if (bot->paused || !game || syn_game_is_over (game) || syn_peer_has_chosen (bot->peer)
      || !syn_peer_is_connected (bot->peer))
    return G_SOURCE_REMOVE;
  variant = syn_game_get_variant (game);
  n = variant->choices (syn_game_get_state (game), syn_peer_get_colour (bot->peer), choices);
  /* A side that waits has nothing to choose (the turn may have ended by a claim, whose
   * audit is awaited, while this idle waited). */
  if (n == 0)
    return G_SOURCE_REMOVE;
  if (!syn_peer_choose (bot->peer, choices[g_rand_int_range (bot->rand, 0, n)], &error))
    g_error ("the bot could not play: %s", error->message);
  return G_SOURCE_REMOVE;
}

void
net_bot_poke (NetBot *bot)
{
  if (!bot->idle_id)
    bot->idle_id = g_idle_add (on_bot_idle_cb, bot);
}

void
net_bot_resume (NetBot *bot)
{
  bot->paused = FALSE;
  net_bot_poke (bot);
}

static void
on_bot_connected_cb (SynPeer *peer, NetBot *bot)
{
  bot->connected = TRUE;
}

/* TX-R5: a refused move is chosen again. */
static void
on_bot_choice_refused_cb (SynGame *game, int side, NetBot *bot)
{
  bot->refusals++;
  net_bot_poke (bot);
}

static void
on_bot_game_started_cb (SynPeer *peer, gboolean resumed, NetBot *bot)
{
  g_signal_connect (syn_peer_get_game (peer), "choice-refused",
                    G_CALLBACK (on_bot_choice_refused_cb), bot);
  bot->started = TRUE;
  bot->over = FALSE;
  bot->games_started++;
  net_bot_poke (bot);
}

static void
on_bot_turn_completed_cb (SynPeer *peer, guint index, NetBot *bot)
{
  bot->turns++;
  if (bot->stop_at_turn && index + 1 >= bot->stop_at_turn)
    bot->paused = TRUE;
  net_bot_poke (bot);
}

static void
on_bot_game_over_cb (SynPeer *peer, NetBot *bot)
{
  bot->over = TRUE;
  bot->games_over++;
}

static void
on_bot_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, NetBot *bot)
{
  g_autoptr (GError) error = NULL;

  /* The guest's own wish for fog is in the bot's peer data, set by the test. */
  g_assert_true (syn_peer_accept_options (
      peer, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (peer), "fog")), &error));
  g_assert_no_error (error);
}

static void
on_bot_error_cb (SynPeer *peer, const GError *error, NetBot *bot)
{
  g_test_message ("%s error: %s", syn_peer_is_host (peer) ? "host" : "guest", error->message);
  bot->errors++;
  g_clear_error (&bot->last_error);
  bot->last_error = g_error_copy (error);
}

static void
on_bot_disconnected_cb (SynPeer *peer, const GError *error, NetBot *bot)
{
  bot->disconnected = TRUE;
  bot->connected = FALSE;
  bot->disconnects++;
  g_clear_error (&bot->disconnect_error);
  if (error)
    bot->disconnect_error = g_error_copy (error);
}

NetBot *
net_bot_new (SynPeer *peer, guint32 seed)
{
  NetBot *bot = g_new0 (NetBot, 1);

  bot->peer = g_object_ref (peer);
  bot->rand = g_rand_new_with_seed (seed);
  g_signal_connect (peer, "connected", G_CALLBACK (on_bot_connected_cb), bot);
  g_signal_connect (peer, "game-started", G_CALLBACK (on_bot_game_started_cb), bot);
  g_signal_connect (peer, "turn-completed", G_CALLBACK (on_bot_turn_completed_cb), bot);
  g_signal_connect (peer, "game-over", G_CALLBACK (on_bot_game_over_cb), bot);
  g_signal_connect (peer, "options-proposed", G_CALLBACK (on_bot_options_proposed_cb), bot);
  g_signal_connect (peer, "error", G_CALLBACK (on_bot_error_cb), bot);
  g_signal_connect (peer, "disconnected", G_CALLBACK (on_bot_disconnected_cb), bot);
  return bot;
}

void
net_bot_free (NetBot *bot)
{
  g_clear_handle_id (&bot->idle_id, g_source_remove);
  g_signal_handlers_disconnect_by_data (bot->peer, bot);
  g_clear_object (&bot->peer);
  g_rand_free (bot->rand);
  g_clear_error (&bot->last_error);
  g_clear_error (&bot->disconnect_error);
  g_free (bot);
}

/* Pairs ------------------------------------------------------------------------------------ */

NetPair *
net_pair_new (const char *address, const SynPeerOptions *options)
{
  NetPair *pair = g_new0 (NetPair, 1);
  g_autoptr (GError) error = NULL;
  static guint counter;
  g_autofree char *host_name = g_strdup_printf ("host-%u", ++counter);
  g_autofree char *guest_name = g_strdup_printf ("guest-%u", counter);

  pair->address = g_strdup (address);
  pair->host_identity = net_test_identity (host_name);
  pair->guest_identity = net_test_identity (guest_name);
  pair->host = syn_peer_new (pair->host_identity, "Host player");
  pair->guest = syn_peer_new (pair->guest_identity, "Guest player");
  /* Both ends live in this process and would share an autosave folder: the games stay in
   * memory, which is what a resume within one run uses. */
  syn_peer_set_autosave (pair->host, FALSE);
  syn_peer_set_autosave (pair->guest, FALSE);
  if (options)
    syn_peer_set_options (pair->host, options);
  pair->host_bot = net_bot_new (pair->host, 1000 + counter);
  pair->guest_bot = net_bot_new (pair->guest, 2000 + counter);
  g_assert_true (syn_peer_listen (pair->host, address, 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (syn_peer_get_port (pair->host), >, 0);
  return pair;
}

static void
on_pair_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_peer_connect_finish (SYN_PEER (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

void
net_pair_connect (NetPair *pair)
{
  gboolean done = FALSE;

  pair->host_bot->started = pair->guest_bot->started = FALSE;
  pair->host_bot->disconnected = pair->guest_bot->disconnected = FALSE;
  syn_peer_connect_async (pair->guest, pair->address, syn_peer_get_port (pair->host), NULL,
                          on_pair_connected_cb, &done);
  net_test_wait (&done, 20, "the connection");
  net_test_wait (&pair->guest_bot->started, 20, "the guest's game");
  net_test_wait (&pair->host_bot->started, 20, "the host's game");
}

void
net_pair_free (NetPair *pair)
{
  syn_peer_close (pair->guest);
  syn_peer_close (pair->host);
  net_test_spin (20);
  g_clear_pointer (&pair->host_bot, net_bot_free);
  g_clear_pointer (&pair->guest_bot, net_bot_free);
  g_clear_object (&pair->host);
  g_clear_object (&pair->guest);
  g_clear_object (&pair->host_identity);
  g_clear_object (&pair->guest_identity);
  g_free (pair->address);
  g_free (pair);
}

void
net_assert_same_game (SynGame *a, SynGame *b)
{
  g_autofree char *text_a = syn_net_game_record_text (a);
  g_autofree char *text_b = syn_net_game_record_text (b);

  g_assert_cmpstr (syn_game_get_id (a), ==, syn_game_get_id (b));
  g_assert_cmpstr (text_a, ==, text_b);
}

void
net_test_close_host (SynPeer **host, NetBot **bot)
{
  syn_peer_close (*host);
  /* Its goodbye goes out before it is freed. */
  net_test_spin (20);
  g_clear_pointer (bot, net_bot_free);
  g_clear_object (host);
}

void
net_pair_wait (NetPair *pair, gboolean (*done) (NetPair *pair), const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (!done (pair))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      net_test_spin (5);
    }
}

gboolean
net_pair_both_over (NetPair *pair)
{
  return pair->host_bot->games_over > 0 && pair->guest_bot->games_over > 0;
}

gboolean
net_pair_over_or_capped (NetPair *pair)
{
  return net_pair_both_over (pair) || (pair->host_bot->paused && pair->guest_bot->paused);
}

void
net_pair_play_out (NetPair *pair)
{
  g_autoptr (GError) error = NULL;

  net_pair_wait (pair, net_pair_over_or_capped, "the game or its cap");
  if (!net_pair_both_over (pair))
    {
      g_assert_true (syn_peer_resign (pair->host, &error));
      g_assert_no_error (error);
      net_pair_wait (pair, net_pair_both_over, "the resignation");
    }
}

static void
on_audit_completed_cb (SynPeer *peer, gboolean clean, const char *why, NetAuditCount *count)
{
  if (!clean)
    g_test_message ("%s's audit: %s", syn_peer_is_host (peer) ? "host" : "guest", why);
  count->audits++;
  count->clean += clean;
}

void
net_audit_count_connect (NetAuditCount *count, NetPair *pair)
{
  g_signal_connect (pair->host, "audit-completed", G_CALLBACK (on_audit_completed_cb), count);
  g_signal_connect (pair->guest, "audit-completed", G_CALLBACK (on_audit_completed_cb), count);
}

void
net_audit_count_wait (NetAuditCount *count, NetPair *pair)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (count->audits < 2 && g_get_monotonic_time () < deadline)
    net_test_spin (5);
  g_signal_handlers_disconnect_by_data (pair->host, count);
  g_signal_handlers_disconnect_by_data (pair->guest, count);
}

SynGame *
net_test_saved_game (const char *id)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (id, SYN_RECORD_SUFFIX, NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);
  g_autoptr (GError) error = NULL;
  SynGame *game = syn_record_load (file, &error);

  g_assert_no_error (error);
  return game;
}

void
net_test_saved_digest (const char *id, guint turns, char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1])
{
  g_autoptr (SynGame) game = net_test_saved_game (id);
  g_autoptr (SynGame) prefix = syn_net_game_prefix (game, turns, NULL);
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];

  g_assert_nonnull (prefix);
  syn_net_game_digest (prefix, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
}

/* The raw client ---------------------------------------------------------------------------- */

gboolean
net_test_accept_any_cb (GTlsConnection *connection, GTlsCertificate *certificate,
                        GTlsCertificateFlags errors, gpointer user_data)
{
  return TRUE;
}

RawClient *
raw_client_connect (const char *address, guint16 port, SynIdentity *tls_identity, GError **error)
{
  g_autoptr (GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr (GSocketConnectable) target = g_network_address_new (address, port);
  g_autoptr (RawClient) client = g_new0 (RawClient, 1);

  client->connection = g_socket_client_connect (socket_client, target, NULL, error);
  if (!client->connection)
    return NULL;
  /* Blocking reads give up after a while rather than hang the test. */
  g_socket_set_timeout (g_socket_connection_get_socket (client->connection), 15);
  if (tls_identity)
    {
      client->stream = g_tls_client_connection_new (G_IO_STREAM (client->connection), NULL, error);
      if (!client->stream)
        return NULL;
      g_tls_connection_set_certificate (G_TLS_CONNECTION (client->stream),
                                        syn_identity_get_certificate (tls_identity));
      g_signal_connect (client->stream, "accept-certificate", G_CALLBACK (net_test_accept_any_cb),
                        NULL);
      if (!g_tls_connection_handshake (G_TLS_CONNECTION (client->stream), NULL, error))
        return NULL;
    }
  else
    client->stream = G_IO_STREAM (g_object_ref (client->connection));
  client->in = g_data_input_stream_new (g_io_stream_get_input_stream (client->stream));
  g_data_input_stream_set_newline_type (client->in, G_DATA_STREAM_NEWLINE_TYPE_LF);
  client->out = g_object_ref (g_io_stream_get_output_stream (client->stream));
  return g_steal_pointer (&client);
}

gboolean
raw_client_send (RawClient *client, const char *line, GError **error)
{
  return g_output_stream_write_all (client->out, line, strlen (line), NULL, NULL, error);
}

char *
raw_client_read_line (RawClient *client, GError **error)
{
  return g_data_input_stream_read_line_utf8 (client->in, NULL, NULL, error);
}

char *
raw_client_read_message (RawClient *client, GError **error)
{
  for (;;)
    {
      char *line = raw_client_read_line (client, error);
      if (!line || (!g_str_has_prefix (line, "ping ") && !g_str_has_prefix (line, "pong ")))
        return line;
      g_free (line);
    }
}

RawClient *
raw_client_accept (GSocketListener *listener, SynIdentity *identity)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection
      = g_socket_listener_accept (listener, NULL, NULL, &error);
  RawClient *client = g_new0 (RawClient, 1);

  g_assert_no_error (error);
  /* Blocking reads give up after a while rather than hang the test. */
  g_socket_set_timeout (g_socket_connection_get_socket (connection), 15);
  client->connection = g_object_ref (connection);
  client->stream = g_tls_server_connection_new (G_IO_STREAM (connection),
                                                syn_identity_get_certificate (identity), &error);
  g_assert_no_error (error);
  g_object_set (client->stream, "authentication-mode", G_TLS_AUTHENTICATION_REQUIRED, NULL);
  g_signal_connect (client->stream, "accept-certificate", G_CALLBACK (net_test_accept_any_cb),
                    NULL);
  g_assert_true (g_tls_connection_handshake (G_TLS_CONNECTION (client->stream), NULL, &error));
  g_assert_no_error (error);
  client->in = g_data_input_stream_new (g_io_stream_get_input_stream (client->stream));
  g_data_input_stream_set_newline_type (client->in, G_DATA_STREAM_NEWLINE_TYPE_LF);
  client->out = g_object_ref (g_io_stream_get_output_stream (client->stream));
  return client;
}

static gboolean raw_client_vsendf (RawClient *client, GError **error, const char *format,
                                   va_list args) G_GNUC_PRINTF (3, 0);

/* Sends the line made from format and args; FALSE, with error set, when it could not. */
static gboolean
raw_client_vsendf (RawClient *client, GError **error, const char *format, va_list args)
{
  g_autofree char *line = g_strdup_vprintf (format, args);

  return raw_client_send (client, line, error);
}

void
raw_client_sendf (RawClient *client, const char *format, ...)
{
  g_autoptr (GError) error = NULL;
  va_list args;

  va_start (args, format);
  g_assert_true (raw_client_vsendf (client, &error, format, args));
  va_end (args);
  g_assert_no_error (error);
}

void
raw_client_sendf_if_open (RawClient *client, const char *format, ...)
{
  g_autoptr (GError) error = NULL;
  gboolean sent;
  va_list args;

  va_start (args, format);
  sent = raw_client_vsendf (client, &error, format, args);
  va_end (args);
  if (!sent)
    g_debug ("not sent: %s", error->message);
}

void
raw_client_leave (RawClient *client)
{
  raw_client_sendf (client, "resign\n");
  g_usleep (200 * 1000);
  raw_client_sendf (client, "bye\n");
  raw_client_free (client);
}

static gboolean
has_any_prefix (const char *line, const char *const *prefixes)
{
  for (; prefixes && *prefixes; prefixes++)
    if (g_str_has_prefix (line, *prefixes))
      return TRUE;
  return FALSE;
}

char *
raw_client_expect (RawClient *client, const char *prefix, const char *const *passing)
{
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      char *line = raw_client_read_message (client, &error);

      if (!line)
        g_error ("expected '%s...', got the end (%s)", prefix, error ? error->message : "no error");
      if (g_str_has_prefix (line, prefix))
        return line;
      if (!has_any_prefix (line, passing))
        g_error ("expected '%s...', got '%s'", prefix, line);
      g_free (line);
    }
}

SynMessage
net_test_parse (const char *line)
{
  SynMessage m;
  SynParseError error;

  if (!syn_message_parse (line, strlen (line), &m, &error))
    g_error ("'%s' does not read: %s", line, error.message);
  return m;
}

void
net_test_random_salt (guint8 salt[SYN_PROTOCOL_SALT_SIZE], char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1])
{
  for (gsize i = 0; i < SYN_PROTOCOL_SALT_SIZE; i++)
    salt[i] = (guint8) g_random_int ();
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
}

void
net_test_commitment (const char *id, guint turn, SynColour colour, const char *move, char **commit,
                     char **reveal)
{
  guint8 salt[SYN_PROTOCOL_SALT_SIZE], digest[SYN_PROTOCOL_DIGEST_SIZE];
  char salt_text[2 * SYN_PROTOCOL_SALT_SIZE + 1], digest_text[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  net_test_random_salt (salt, salt_text);
  syn_protocol_commitment (id, turn, colour, move, salt, digest);
  syn_protocol_hex (digest, sizeof digest, digest_text);
  *commit = g_strdup_printf ("commit %u %s 0\n", turn, digest_text);
  *reveal = g_strdup_printf ("reveal %u %s %s\n", turn, move, salt_text);
}

void
net_test_reset_socket (GSocket *socket)
{
  struct linger linger = { 1, 0 };

  /* Closing with a zero linger time sends a reset, as a crashed or cut-off peer does. */
  setsockopt (g_socket_get_fd (socket), SOL_SOCKET, SO_LINGER, &linger, sizeof linger);
  g_socket_close (socket, NULL);
}

void
raw_client_free (RawClient *client)
{
  if (client->stream)
    g_io_stream_close (client->stream, NULL, NULL);
  g_clear_object (&client->in);
  g_clear_object (&client->out);
  g_clear_object (&client->stream);
  g_clear_object (&client->connection);
  g_free (client);
}

typedef struct
{
  GThreadFunc func;
  gpointer data;
  gpointer result;
  gboolean done;
} ThreadRun;

static gpointer
thread_main (gpointer user_data)
{
  ThreadRun *run = user_data;

  run->result = run->func (run->data);
  g_atomic_int_set (&run->done, TRUE);
  g_main_context_wakeup (NULL);
  return NULL;
}

gpointer
net_test_run_thread (GThreadFunc func, gpointer data, int seconds)
{
  ThreadRun run = { func, data, NULL, FALSE };
  GThread *thread = g_thread_new ("raw-client", thread_main, &run);
  gint64 deadline = g_get_monotonic_time () + (gint64) seconds * G_USEC_PER_SEC;

  while (!g_atomic_int_get (&run.done))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("the raw client did not finish in %d s", seconds);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (100);
    }
  g_thread_join (thread);
  return run.result;
}

GSubprocessLauncher *
net_cli_launcher (const char *dir)
{
  GSubprocessLauncher *launcher
      = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autofree char *config = g_build_filename (dir, "config", NULL);
  g_autofree char *data = g_build_filename (dir, "data", NULL);

  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_unsetenv (launcher, "G_MESSAGES_DEBUG");
  return launcher;
}

NetCli *
net_cli_spawnv (GSubprocessLauncher *launcher, const char *dir, const char *const *argv)
{
  g_autoptr (GError) error = NULL;
  NetCli *cli = g_new0 (NetCli, 1);

  cli->dir = g_strdup (dir);
  cli->process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  cli->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (cli->process));
  cli->err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (cli->process));
  cli->err_text = g_string_new (NULL);
  return cli;
}

GPtrArray *
net_cli_argv (const char *const *args)
{
  const char *cli_path = g_getenv ("SYNCHESS_CLI");
  GPtrArray *argv = g_ptr_array_new ();

  g_assert_nonnull (cli_path);
  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  return argv;
}

NetCli *
net_cli_spawn (const char *dir, const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher = net_cli_launcher (dir);
  g_autoptr (GPtrArray) argv = net_cli_argv (args);

  return net_cli_spawnv (launcher, dir, (const char *const *) argv->pdata);
}

void
net_cli_free (NetCli *cli)
{
  if (cli->process && !cli->exited)
    {
      g_subprocess_force_exit (cli->process);
      g_subprocess_wait (cli->process, NULL, NULL);
    }
  g_clear_object (&cli->out);
  g_clear_object (&cli->err);
  g_clear_object (&cli->process);
  if (cli->err_text)
    g_string_free (cli->err_text, TRUE);
  g_free (cli->dir);
  g_free (cli);
}

char *
net_cli_read_err_line (NetCli *cli)
{
  char *line = g_data_input_stream_read_line_utf8 (cli->err, NULL, NULL, NULL);

  if (line)
    g_string_append_printf (cli->err_text, "%s\n", line);
  return line;
}

guint16
net_cli_read_port (NetCli *cli)
{
  g_autofree char *line = net_cli_read_err_line (cli);
  const char *number;

  g_assert_nonnull (line);
  number = strstr (line, "listening on port ");
  g_assert_nonnull (number);
  return (guint16) g_ascii_strtoull (number + strlen ("listening on port "), NULL, 10);
}

static void
on_cli_exited_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) user_data = TRUE;
}

GPtrArray *
net_cli_wait (NetCli *cli, int expected_status)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  gboolean exited = FALSE;
  char *line;

  g_subprocess_wait_async (cli->process, NULL, on_cli_exited_cb, &exited);
  while (!exited)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("synchess-cli did not end in time");
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  cli->exited = TRUE;
  while ((line = g_data_input_stream_read_line_utf8 (cli->out, NULL, NULL, NULL)))
    g_ptr_array_add (lines, line);
  while ((line = net_cli_read_err_line (cli)))
    g_free (line);
  g_test_message ("%s stderr:\n%s", cli->dir, cli->err_text->str);
  if (expected_status == NET_CLI_KILLED)
    g_assert_true (g_subprocess_get_if_signaled (cli->process));
  else
    {
      g_assert_true (g_subprocess_get_if_exited (cli->process));
      g_assert_cmpint (g_subprocess_get_exit_status (cli->process), ==, expected_status);
    }
  return lines;
}

char *
net_cli_saved_record (NetCli *cli, const char *line)
{
  const char *id = strstr (line, "id=") + 3;
  g_autofree char *name = g_strconcat (id, ".synchess", NULL);
  g_autofree char *path = g_build_filename (cli->dir, "data", "synchess", "games", name, NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GString *out = g_string_new (NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "[WhiteType ") && !g_str_has_prefix (lines[i], "[BlackType "))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}
