/* test-hostile.c: a host against peers that do not play by the rules: no TLS, another
 * version, garbage, a 10 MB line, a reveal that does not match, a reveal too early, an
 * illegal move, an impossible clock, a flood, silence. Each is refused as docs/protocol.md
 * says, nothing crashes, memory stays bounded, and the host goes on to play a real guest.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>
#include <sys/socket.h>

#include "net-test-util.h"
#include "syn-protocol.h"

static char *test_dir;

/* AddressSanitizer holds freed memory in quarantine: the process's size then says nothing. */
#if defined(__SANITIZE_ADDRESS__)
#define MEASURES_MEMORY 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEASURES_MEMORY 0
#endif
#endif
#ifndef MEASURES_MEMORY
#define MEASURES_MEMORY 1
#endif

typedef struct
{
  SynIdentity *identity;
  SynIdentity *hostile_identity;
  SynPeer *host;
  NetBot *bot;
  guint16 port;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  static guint counter;
  g_autofree char *host_name = g_strdup_printf ("hostile-host-%u", ++counter);
  g_autofree char *hostile_name = g_strdup_printf ("hostile-%u", counter);
  const SynTimeControl *tc = data;
  SynPeerOptions options = { NULL, tc ? *tc : SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (GError) error = NULL;

  f->identity = net_test_identity (host_name);
  f->hostile_identity = net_test_identity (hostile_name);
  f->host = syn_peer_new (f->identity, "Host");
  syn_peer_set_autosave (f->host, FALSE);
  syn_peer_set_options (f->host, &options);
  f->bot = net_bot_new (f->host, counter);
  g_assert_true (syn_peer_listen (f->host, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->port = syn_peer_get_port (f->host);
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_peer_connect_finish (SYN_PEER (source), result, &error));
  *(gboolean *) user_data = TRUE;
}

/* After whatever happened, a real guest still gets a game from the host. */
static void
check_host_still_plays (Fixture *f)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("honest-guest");
  g_autoptr (SynPeer) guest = syn_peer_new (identity, "Honest");
  g_autoptr (NetBot) bot = net_bot_new (guest, 5);
  gboolean connected = FALSE;

  syn_peer_set_autosave (guest, FALSE);
  f->bot->started = FALSE;
  syn_peer_connect_async (guest, "127.0.0.1", f->port, NULL, on_connected_cb, &connected);
  net_test_wait (&connected, 20, "an honest guest");
  net_test_wait (&bot->started, 20, "the honest guest's game");
  net_test_wait (&f->bot->started, 20, "the host's game");
  net_test_wait (&bot->over, 60, "the honest game's end");
  syn_peer_close (guest);
  net_test_spin (20);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  /* The hostile client has hung up; the host notices before the next guest comes. */
  while (syn_peer_is_connected (f->host))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  check_host_still_plays (f);
  net_test_close_host (&f->host, &f->bot);
  g_clear_object (&f->identity);
  g_clear_object (&f->hostile_identity);
}

/* The raw client's side of each case, run on its own thread. ----------------------------- */

typedef struct
{
  Fixture *f;
  gboolean tls;
  char *options; /* the host's options line, once read */
  char *host_commit;
  char *host_reveal;
} Raw;

static RawClient *
raw_connect (Raw *raw)
{
  g_autoptr (GError) error = NULL;
  RawClient *client = raw_client_connect ("127.0.0.1", raw->f->port,
                                          raw->tls ? raw->f->hostile_identity : NULL, &error);

  g_assert_no_error (error);
  return client;
}

/* What may come before the message a case expects: the host's raise of a time this client
 * reported (docs/protocol.md, Clocks). */
static const char *const raises[] = { "used ", NULL };

/* Reads to the end of the connection; TRUE when it ends (and not by a timeout). */
static gboolean
expect_end (RawClient *client)
{
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *line = raw_client_read_line (client, &error);
      if (!line)
        return !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
    }
}

/* hello both ways and the host's options, as the honest guest would see them. */
static RawClient *
raw_hello (Raw *raw)
{
  RawClient *client = raw_connect (raw);
  g_autofree char *hello = NULL;

  raw_client_sendf (client, "hello synchess 2 Mallory\n");
  hello = raw_client_expect (client, "hello synchess 2", raises);
  raw->options = raw_client_expect (client, "options ", raises);
  return client;
}

/* Accepts the host's options and waits for its first commitment: the host is white. */
static RawClient *
raw_in_game (Raw *raw)
{
  RawClient *client = raw_hello (raw);

  g_assert_cmpint (net_test_parse (raw->options).colour, ==, 0);
  raw_client_sendf (client, "accept fog=no\n");
  raw->host_commit = raw_client_expect (client, "commit 0 ", raises);
  return client;
}

static char *
commit_line (const char *id, const char *move, const guint8 *salt, gint64 used_ms)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  syn_protocol_commitment (id, 0, 1, move, salt, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  return g_strdup_printf ("commit 0 %s %" G_GINT64_FORMAT "\n", hex, used_ms);
}

static char *
reveal_line (const char *move, const guint8 *salt)
{
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
  return g_strdup_printf ("reveal 0 %s %s\n", move, hex);
}

static const guint8 salt[SYN_PROTOCOL_SALT_SIZE] = { 7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };

static gpointer
no_tls_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = NULL;
  g_autofree char *refusal = NULL;

  raw->tls = FALSE;
  client = raw_connect (raw);
  raw_client_sendf (client, "hello synchess 2 Plain\n");
  refusal = raw_client_expect (client, "error tls-required ", raises);
  g_assert_true (expect_end (client));
  return NULL;
}

static void
test_no_tls (Fixture *f, gconstpointer data)
{
  Raw raw = { f };

  net_test_run_thread (no_tls_thread, &raw, 30);
  while (f->bot->errors == 0)
    net_test_spin (5);
  g_assert_error (f->bot->last_error, SYN_PEER_ERROR, SYN_PEER_ERROR_TLS_REQUIRED);
}

static gpointer
version_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_connect (raw);
  g_autofree char *hello = NULL;
  g_autofree char *error = NULL;

  raw_client_sendf (client, "hello synchess 1 Past\n");
  hello = raw_client_expect (client, "hello synchess 2", raises);
  error = raw_client_expect (client, "error version ", raises);
  g_assert_true (strstr (error, "version 2") != NULL);
  g_assert_true (expect_end (client));
  return NULL;
}

static void
test_version (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };

  net_test_run_thread (version_thread, &raw, 30);
  g_assert_error (f->bot->last_error, SYN_PEER_ERROR, SYN_PEER_ERROR_VERSION);
}

static gpointer
garbage_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_hello (raw);
  static const char *const garbage[] = {
    "\xff\xfe\xfd\n",
    "blah blah\n",
    "\x01\x02\x03\n",
    "commit x y z\n",
    "options id=x\n",
    "reveal 0 e2e4 00\n",
    "accept fog=no fog=no\n",
    "hello synchess 2\n",
    "\n",
    "pong\n",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autofree char *error = NULL;
      raw_client_sendf (client, "%s", garbage[i]);
      error = raw_client_expect (client, "error ", raises);
    }
  /* Nothing changed: the proposal still stands and the connection lives. */
  raw_client_sendf (client, "accept fog=no\n");
  g_free (raw_client_expect (client, "commit 0 ", raises));
  return NULL;
}

static void
test_garbage (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };

  net_test_run_thread (garbage_thread, &raw, 30);
  g_assert_nonnull (syn_peer_get_game (f->host));
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (f->host)), ==, 0);
  g_free (raw.options);
}

static gpointer
long_line_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_hello (raw);
  g_autofree char *chunk = g_malloc (64 * 1024);

  memset (chunk, 'a', 64 * 1024);
  /* 10 MB without a line end; the host hangs up long before the end. */
  for (int i = 0; i < 160; i++)
    if (!g_output_stream_write_all (client->out, chunk, 64 * 1024, NULL, NULL, NULL))
      break;
  return NULL;
}

static void
test_long_line (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };
  gint64 before = net_test_rss_kb ();

  net_test_run_thread (long_line_thread, &raw, 60);
  net_test_wait (&f->bot->disconnected, 10, "the host to hang up");
  g_assert_error (f->bot->disconnect_error, SYN_PEER_ERROR, SYN_PEER_ERROR_TOO_LONG);
  /* The host kept at most one line's worth; what the client thread used is 64 KB. */
  if (MEASURES_MEMORY)
    g_assert_cmpint (net_test_rss_kb () - before, <, 4096);
  g_free (raw.options);
}

typedef struct
{
  Raw raw;
  const char *commit_move;
  const char *reveal_move;
  const char *expected_error;
} RevealCase;

static gpointer
bad_reveal_thread (gpointer data)
{
  RevealCase *c = data;
  g_autoptr (RawClient) client = raw_in_game (&c->raw);
  SynMessage options = net_test_parse (c->raw.options);
  g_autofree char *commit = commit_line (options.id, c->commit_move, salt, 0);
  g_autofree char *reveal = reveal_line (c->reveal_move, salt);
  g_autofree char *error = NULL;

  raw_client_sendf (client, "%s", commit);
  c->raw.host_reveal = raw_client_expect (client, "reveal 0 ", raises);
  raw_client_sendf (client, "%s", reveal);
  error = raw_client_expect (client, c->expected_error, raises);
  g_test_message ("the host said: %s", error);
  g_assert_true (expect_end (client));
  return NULL;
}

static void
check_forfeit (Fixture *f, int code)
{
  SynGame *game = syn_peer_get_game (f->host);

  net_test_wait (&f->bot->disconnected, 10, "the host to hang up");
  g_assert_error (f->bot->disconnect_error, SYN_PEER_ERROR, code);
  /* The game ends: the offender loses, as if it had resigned. */
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "resignation");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);
}

static void
test_wrong_reveal (Fixture *f, gconstpointer data)
{
  RevealCase c = { { f, TRUE }, "e7e5", "e7e6", "error bad-reveal " };

  net_test_run_thread (bad_reveal_thread, &c, 30);
  check_forfeit (f, SYN_PEER_ERROR_BAD_REVEAL);
  g_assert_nonnull (
      strstr (f->bot->disconnect_error->message, "does not match the move it committed to"));
  g_free (c.raw.options);
  g_free (c.raw.host_commit);
  g_free (c.raw.host_reveal);
}

static void
test_illegal_move (Fixture *f, gconstpointer data)
{
  RevealCase c = { { f, TRUE }, "e7e4", "e7e4", "error illegal-move " };

  net_test_run_thread (bad_reveal_thread, &c, 30);
  check_forfeit (f, SYN_PEER_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (f->bot->disconnect_error->message, "e7e4 is not a legal move"));
  g_free (c.raw.options);
  g_free (c.raw.host_commit);
  g_free (c.raw.host_reveal);
}

static gpointer
early_reveal_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_in_game (raw);
  SynMessage options = net_test_parse (raw->options);
  g_autofree char *reveal = reveal_line ("e7e5", salt);
  g_autofree char *commit = commit_line (options.id, "e7e5", salt, 0);
  g_autofree char *impossible = commit_line (options.id, "e7e5", salt, 999999);
  g_autofree char *error = NULL;
  g_autofree char *error2 = NULL;
  g_autofree char *error3 = NULL;
  g_autofree char *error4 = NULL;

  /* A reveal before both commitments is out of order and changes nothing. */
  raw_client_sendf (client, "%s", reveal);
  error = raw_client_expect (client, "error out-of-order ", raises);
  /* A thinking time longer than the time since the host's commitment is impossible. */
  raw_client_sendf (client, "%s", impossible);
  error2 = raw_client_expect (client, "error clock ", raises);
  /* The honest commitment is taken, and only once. */
  raw_client_sendf (client, "%s", commit);
  raw->host_reveal = raw_client_expect (client, "reveal 0 ", raises);
  raw_client_sendf (client, "%s", commit);
  error3 = raw_client_expect (client, "error duplicate ", raises);
  raw_client_sendf (client, "accept fog=no\n");
  error4 = raw_client_expect (client, "error out-of-order ", raises);
  raw_client_sendf (client, "%s", reveal);
  raw->host_commit = (g_free (raw->host_commit), raw_client_expect (client, "commit 1 ", raises));
  return NULL;
}

static void
test_early_reveal (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };

  net_test_run_thread (early_reveal_thread, &raw, 30);
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (f->host)), ==, 1);
  g_assert_false (syn_game_is_over (syn_peer_get_game (f->host)));
  g_free (raw.options);
  g_free (raw.host_commit);
  g_free (raw.host_reveal);
}

static gpointer
flood_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_hello (raw);
  GString *lines = g_string_new (NULL);

  for (int i = 0; i < 2000; i++)
    g_string_append_printf (lines, "chat spam %d\n", i);
  g_output_stream_write_all (client->out, lines->str, lines->len, NULL, NULL, NULL);
  g_string_free (lines, TRUE);
  g_assert_true (expect_end (client));
  return NULL;
}

static void
test_flood (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };

  net_test_run_thread (flood_thread, &raw, 30);
  net_test_wait (&f->bot->disconnected, 10, "the host to hang up");
  g_assert_error (f->bot->disconnect_error, SYN_PEER_ERROR, SYN_PEER_ERROR_FLOOD);
  g_free (raw.options);
}

static gpointer
silence_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_hello (raw);
  gint64 start = g_get_monotonic_time ();
  g_autofree char *error = NULL;

  /* Say nothing, answer no ping: the host gives up within a few seconds. */
  error = raw_client_expect (client, "error silent ", raises);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 8 * G_USEC_PER_SEC);
  g_assert_true (expect_end (client));
  return NULL;
}

static void
test_silence (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };

  net_test_run_thread (silence_thread, &raw, 30);
  net_test_wait (&f->bot->disconnected, 10, "the host to hang up");
  g_assert_error (f->bot->disconnect_error, SYN_PEER_ERROR, SYN_PEER_ERROR_SILENT);
  g_free (raw.options);
}

static gpointer
stalling_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = raw_in_game (raw);

  /* Never move, but answer every ping: only the clock can end this. */
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *line = raw_client_read_line (client, &error);
      g_assert_nonnull (line);
      if (g_str_has_prefix (line, "ping "))
        {
          g_autofree char *pong = g_strdup_printf ("pong %s\n", line + 5);
          raw_client_sendf (client, "%s", pong);
        }
      else if (g_str_has_prefix (line, "flag "))
        {
          g_assert_cmpstr (line, ==, "flag black");
          break;
        }
    }
  return NULL;
}

/* PSC-R11: a guest that never commits loses on time once its time and the network's grace
 * have passed, though its own program never says so. */
static void
test_stalling (Fixture *f, gconstpointer data)
{
  Raw raw = { f, TRUE };
  SynGame *game;

  net_test_run_thread (stalling_thread, &raw, 30);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpstr (syn_game_get_reason (game), ==, "time");
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_free (raw.options);
  g_free (raw.host_commit);
}

/* Issue 14: a guest whose connection reset in the handshake left the host showing GIO's
 * "Error receiving data: Connection reset by peer". The host tells what happened in plain
 * words and keeps listening: the fixture's honest guest still gets its game. ------------- */

static gpointer
reset_thread (gpointer data)
{
  Raw *raw = data;
  static const guint8 partial_hello[] = { 0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00 };
  g_autoptr (GError) error = NULL;
  RawClient *client;

  /* In the TLS handshake: its first bytes, then a reset. */
  client = raw_connect (raw);
  g_assert_true (g_output_stream_write_all (client->out, partial_hello, sizeof partial_hello, NULL,
                                            NULL, &error));
  g_assert_no_error (error);
  g_usleep (200 * 1000);
  net_test_reset_socket (g_socket_connection_get_socket (client->connection));
  raw_client_free (client);
  /* Through TLS, then a reset before a word was said. */
  raw->tls = TRUE;
  client = raw_connect (raw);
  g_usleep (300 * 1000);
  net_test_reset_socket (g_socket_connection_get_socket (client->connection));
  raw_client_free (client);
  g_usleep (500 * 1000);
  return NULL;
}

static void
on_host_error_cb (SynPeer *peer, const GError *error, GPtrArray *messages)
{
  if (error)
    g_ptr_array_add (messages, g_strdup (error->message));
}

static void
test_reset (Fixture *f, gconstpointer data)
{
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  Raw raw = { f };
  gulong error_id = g_signal_connect (f->host, "error", G_CALLBACK (on_host_error_cb), messages);
  gulong disconnected_id
      = g_signal_connect (f->host, "disconnected", G_CALLBACK (on_host_error_cb), messages);

  net_test_run_thread (reset_thread, &raw, 30);
  net_test_spin (300);
  g_signal_handler_disconnect (f->host, error_id);
  g_signal_handler_disconnect (f->host, disconnected_id);
  g_assert_cmpuint (messages->len, >=, 1);
  for (guint i = 0; i < messages->len; i++)
    {
      const char *message = g_ptr_array_index (messages, i);

      g_test_message ("the host says: %s", message);
      g_assert_null (strstr (message, "Error receiving data"));
      g_assert_null (strstr (message, "reset by peer"));
    }
}

int
main (int argc, char **argv)
{
  static const SynTimeControl short_clock = { 1000, 0 };
  int status;

  test_dir = net_test_init_dirs ("test-hostile");
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func, data)                                                                      \
  g_test_add ("/net/hostile/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("no-tls", test_no_tls, NULL);
  ADD ("other-version", test_version, NULL);
  ADD ("garbage", test_garbage, NULL);
  ADD ("ten-megabyte-line", test_long_line, NULL);
  ADD ("wrong-reveal", test_wrong_reveal, NULL);
  ADD ("illegal-move", test_illegal_move, NULL);
  ADD ("early-reveal-duplicates-and-clock", test_early_reveal, NULL);
  ADD ("flood", test_flood, NULL);
  ADD ("silence", test_silence, NULL);
  ADD ("stalling-loses-on-time", test_stalling, &short_clock);
  ADD ("reset-in-handshake-host-listens-on", test_reset, NULL);
#undef ADD
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
