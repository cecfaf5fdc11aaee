/* test-resume-end.c: which saved game a host proposes to resume, against peers that speak the
 * wire themselves: a game whose last turn the other side missed is brought to its end,
 * whichever side is behind, and is not proposed again once both hold it; a guest that
 * declines to resume cannot escape the game it was losing; a FIFO named like a record does
 * not hang the host; the index of network games is rebuilt when it is missing. Each test
 * checks what the honest side saved: its record in the autosave folder.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "net-test-util.h"
#include "syn-net-game.h"
#include "syn-protocol.h"
#include "syn-record.h"

static char *test_dir;

/* Two bare kings, one quiet turn short of the fifty-turn rule: any turn ends the game, drawn
 * (PSC-R10). */
#define LAST_TURN_FEN "4k3/8/8/8/8/8/8/4K3 w - - 49 60"
#define LAST_TURN_WIRE_FEN "4k3/8/8/8/8/8/8/4K3_w_-_-_49_60"

typedef struct
{
  SynIdentity *identity; /* the raw side's */
  SynPeer *honest;
  GSocketListener *listener; /* raw host */
  guint16 port;
  char id[SYN_PROTOCOL_ID_MAX + 1];
  SynColour colour;      /* the raw side's */
  gboolean decline_late; /* the decline comes after the abandonment time */
} Raw;

/* What may come before the message a case expects: chat, and the other side's raise of a
 * time this side reported (docs/protocol.md, Clocks). */
static const char *const passing[] = { "chat ", "used ", NULL };

static RawClient *
guest_connect (Raw *raw)
{
  g_autoptr (GError) error = NULL;
  RawClient *client = raw_client_connect ("127.0.0.1", raw->port, raw->identity, &error);

  g_assert_no_error (error);
  raw_client_sendf_if_open (client, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (client, "hello synchess 2", passing));
  return client;
}

static RawClient *
host_accept (Raw *raw)
{
  RawClient *client = raw_client_accept (raw->listener, raw->identity);

  raw_client_sendf_if_open (client, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (client, "hello synchess 2", passing));
  return client;
}

static void
wait_disconnected (SynPeer *peer)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (syn_peer_is_connected (peer))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  net_test_spin (50);
}

static SynPeer *
honest_host (SynIdentity *identity, const char *fen, NetBot **bot)
{
  SynPeer *peer = syn_peer_new (identity, "Honest host");
  SynPeerOptions options = { NULL, { 0, 0 }, FALSE, SYN_WHITE, "" };
  g_autoptr (GError) error = NULL;

  g_strlcpy (options.start_fen, fen, sizeof options.start_fen);
  syn_peer_set_options (peer, &options);
  *bot = net_bot_new (peer, 7);
  g_assert_true (syn_peer_listen (peer, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  return peer;
}

/* The host missed nothing, the guest missed its last reveal ------------------------------ */

static gpointer
guest_misses_the_end (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = guest_connect (raw);
  g_autofree char *options = raw_client_expect (client, "options ", passing);
  g_autofree char *commit = NULL, *reveal = NULL, *host_reveal = NULL, *again = NULL;
  g_autofree char *resume = NULL, *next = NULL;
  SynMessage m;

  g_strlcpy (raw->id, net_test_parse (options).id, sizeof raw->id);
  raw_client_sendf_if_open (client, "accept fog=no\n");
  net_test_commitment (raw->id, 0, raw->colour, "e8d8", &commit, &reveal);
  g_free (raw_client_expect (client, "commit 0 ", passing));
  raw_client_sendf_if_open (client, "%s", commit);
  host_reveal = raw_client_expect (client, "reveal 0 ", passing);
  /* Our reveal ends the game at the host; we leave before reading anything more, as if the
   * connection broke before the host's reveal arrived. */
  raw_client_sendf_if_open (client, "%s", reveal);
  g_usleep (200 * 1000);
  g_clear_pointer (&client, raw_client_free);

  client = guest_connect (raw);
  resume = raw_client_expect (client, "resume ", passing);
  m = net_test_parse (resume);
  g_assert_cmpstr (m.id, ==, raw->id);
  g_assert_cmpuint (m.turns, ==, 1);
  g_assert_true (m.has_previous);
  raw_client_sendf_if_open (client, "accept turns=0\n");
  /* The host's reveal of the last turn, exactly as the first time, then a new game. */
  again = raw_client_expect (client, "reveal 0 ", passing);
  g_assert_cmpstr (again, ==, host_reveal);
  next = raw_client_expect (client, "options ", passing);
  g_assert_cmpstr (net_test_parse (next).id, !=, raw->id);
  g_clear_pointer (&client, raw_client_free);

  /* The end is held by both: the game is not proposed again. */
  client = guest_connect (raw);
  g_free (raw_client_expect (client, "options ", passing));
  return NULL;
}

static void
test_host_ahead (void)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("end-host-1");
  g_autoptr (SynIdentity) raw_identity = net_test_identity ("end-raw-1");
  g_autoptr (NetBot) bot = NULL;
  g_autoptr (SynPeer) host = honest_host (identity, LAST_TURN_FEN, &bot);
  g_autoptr (SynGame) saved = NULL;
  Raw raw = { .identity = raw_identity, .colour = SYN_BLACK };

  raw.port = syn_peer_get_port (host);
  net_test_run_thread (guest_misses_the_end, &raw, 60);
  syn_peer_close (host);
  net_test_spin (50);

  saved = net_test_saved_game (raw.id);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
  g_assert_true (syn_game_is_over (saved));
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_DRAW);
}

/* The guest holds the end, the host missed the guest's last reveal ----------------------- */

typedef struct
{
  Raw *raw;
  SynPeer *guest;
  gboolean again;
} Reconnect;

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  syn_peer_connect_finish (SYN_PEER (source), result, NULL);
}

static void
on_guest_disconnected_cb (SynPeer *peer, const GError *error, Reconnect *r)
{
  if (r->again)
    return;
  r->again = TRUE;
  syn_peer_connect_async (peer, "127.0.0.1", r->raw->port, NULL, on_connected_cb, NULL);
}

static gpointer
host_misses_the_end (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = host_accept (raw);
  g_autofree char *line = NULL, *commit = NULL, *reveal = NULL, *guest_reveal = NULL;
  g_autofree char *answer = NULL, *again = NULL;
  char digest[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  g_strlcpy (raw->id, "end-guest-ahead", sizeof raw->id);
  line = g_strdup_printf ("options id=%s variant=psc tc=- fog=no colour=white date=2026.01.01 "
                          "fen=%s\n",
                          raw->id, LAST_TURN_WIRE_FEN);
  raw_client_sendf_if_open (client, "%s", line);
  g_free (raw_client_expect (client, "accept fog=no", passing));
  net_test_commitment (raw->id, 0, raw->colour, "e1d1", &commit, &reveal);
  g_free (raw_client_expect (client, "commit 0 ", passing));
  raw_client_sendf_if_open (client, "%s", commit);
  guest_reveal = raw_client_expect (client, "reveal 0 ", passing);
  /* Our reveal ends the game at the guest; the connection breaks before we play the turn. */
  raw_client_sendf_if_open (client, "%s", reveal);
  g_usleep (300 * 1000);
  g_clear_pointer (&client, raw_client_free);

  client = host_accept (raw);
  net_test_saved_digest (raw->id, 0, digest);
  g_free (line);
  line = g_strdup_printf ("resume id=%s colour=white turns=0 digest=%s\n", raw->id, digest);
  raw_client_sendf_if_open (client, "%s", line);
  /* Before: "decline no such unfinished game here", the host's game left at "*". */
  answer = raw_client_expect (client, "accept ", passing);
  g_assert_cmpstr (answer, ==, "accept turns=1");
  again = raw_client_expect (client, "reveal 0 ", passing);
  g_assert_cmpstr (again, ==, guest_reveal);
  raw_client_sendf_if_open (client, "bye\n");
  g_usleep (100 * 1000);
  return NULL;
}

static void
test_guest_ahead (void)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("end-guest-2");
  g_autoptr (SynIdentity) raw_identity = net_test_identity ("end-raw-2");
  g_autoptr (SynPeer) guest = syn_peer_new (identity, "Honest guest");
  g_autoptr (NetBot) bot = net_bot_new (guest, 11);
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (SynGame) saved = NULL;
  Raw raw = { .identity = raw_identity, .colour = SYN_WHITE, .honest = guest };
  Reconnect r = { .raw = &raw, .guest = guest };

  raw.listener = g_socket_listener_new ();
  g_assert_true (g_socket_listener_add_address (raw.listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  g_assert_no_error (error);
  raw.port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect (guest, "disconnected", G_CALLBACK (on_guest_disconnected_cb), &r);
  syn_peer_connect_async (guest, "127.0.0.1", raw.port, NULL, on_connected_cb, NULL);
  net_test_run_thread (host_misses_the_end, &raw, 60);
  wait_disconnected (guest);
  g_signal_handlers_disconnect_by_data (guest, &r);
  syn_peer_close (guest);
  net_test_spin (50);
  g_socket_listener_close (raw.listener);
  g_object_unref (raw.listener);

  saved = net_test_saved_game (raw.id);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
  g_assert_true (syn_game_is_over (saved));
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_DRAW);
}

/* Two SynPeers: the connection breaks inside the last turn ------------------------------- */

/* The side that chose last has played the last turn: the other side's connection breaks
 * before it has read the reveal on its way, so it cannot play the turn. */
static void
on_turn_drop_cb (SynPeer *peer, guint index, SynPeer *behind)
{
  syn_peer_drop_connection (behind);
}

/* Whichever side is left behind (data: TRUE for the host ahead), both records end alike. */
static void
test_pair_last_turn (gconstpointer data)
{
  gboolean host_ahead = GPOINTER_TO_INT (data);
  SynPeerOptions options = { NULL, { 0, 0 }, FALSE, SYN_WHITE, LAST_TURN_FEN };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  SynPeer *ahead = host_ahead ? pair->host : pair->guest;
  SynPeer *behind = host_ahead ? pair->guest : pair->host;
  g_autoptr (SynGame) ahead_game = NULL;
  g_autoptr (SynGame) behind_game = NULL;
  g_autoptr (GError) error = NULL;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  SynColour colour = host_ahead ? SYN_WHITE : SYN_BLACK;
  SynChoice choice;

  (host_ahead ? pair->host_bot : pair->guest_bot)->paused = TRUE;
  net_pair_connect (pair);
  while (
      !(syn_peer_has_chosen (behind) && syn_peer_get_opponent_state (ahead) == SYN_OPPONENT_CHOSEN))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (2);
    }
  ahead_game = g_object_ref (syn_peer_get_game (ahead));
  behind_game = g_object_ref (syn_peer_get_game (behind));
  /* The side ahead commits and reveals at once (it holds the other's commitment), reads the
   * other's reveal, plays the last turn, and its connection breaks. */
  choice = syn_variant_choice_from_text (syn_game_get_variant (ahead_game),
                                         syn_game_get_state (ahead_game), colour,
                                         host_ahead ? "e1d1" : "e8d8");
  g_signal_connect (ahead, "turn-completed", G_CALLBACK (on_turn_drop_cb), behind);
  g_assert_true (syn_peer_choose (ahead, choice, &error));
  g_assert_no_error (error);
  net_test_wait (&pair->host_bot->disconnected, 10, "the host to notice");
  net_test_wait (&pair->guest_bot->disconnected, 10, "the guest to notice");
  g_signal_handlers_disconnect_by_func (ahead, on_turn_drop_cb, behind);
  g_assert_true (syn_game_is_over (ahead_game));
  g_assert_cmpuint (syn_game_get_n_turns (ahead_game), ==, 1);
  g_assert_false (syn_game_is_over (behind_game));
  g_assert_cmpuint (syn_game_get_n_turns (behind_game), ==, 0);

  /* Connected again, the side behind is brought to the end (before: the game was left at
   * "*" on that side for ever). */
  pair->host_bot->paused = pair->guest_bot->paused = FALSE;
  syn_peer_connect_async (pair->guest, pair->address, syn_peer_get_port (pair->host), NULL, NULL,
                          NULL);
  while (!syn_game_is_over (behind_game))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (2);
    }
  net_assert_same_game (ahead_game, behind_game);
  g_assert_cmpint (syn_game_get_result (behind_game), ==, SYN_RESULT_DRAW);
}

/* A guest declines to resume the game it was losing -------------------------------------- */

/* The guest joins and plays its first turn, e7e6, as far as the host's commitment to the
 * next; returns its connection. */
static RawClient *
guest_plays_first_turn (Raw *raw)
{
  RawClient *client = guest_connect (raw);
  g_autofree char *options = raw_client_expect (client, "options ", passing);
  g_autofree char *commit = NULL, *reveal = NULL;

  g_strlcpy (raw->id, net_test_parse (options).id, sizeof raw->id);
  raw_client_sendf_if_open (client, "accept fog=no\n");
  net_test_commitment (raw->id, 0, raw->colour, "e7e6", &commit, &reveal);
  g_free (raw_client_expect (client, "commit 0 ", passing));
  raw_client_sendf_if_open (client, "%s", commit);
  g_free (raw_client_expect (client, "reveal 0 ", passing));
  raw_client_sendf_if_open (client, "%s", reveal);
  g_free (raw_client_expect (client, "commit 1 ", passing));
  return client;
}

static gpointer
guest_declines (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = NULL;
  g_autofree char *resume = NULL, *next = NULL;

  /* Gone in the middle of the game, then back, saying it holds no such game. */
  raw_client_free (guest_plays_first_turn (raw));
  if (raw->decline_late)
    g_usleep (600 * 1000);

  client = guest_connect (raw);
  resume = raw_client_expect (client, "resume ", passing);
  g_assert_cmpstr (net_test_parse (resume).id, ==, raw->id);
  raw_client_sendf_if_open (client, "decline no such unfinished game here\n");
  next = raw_client_expect (client, "options ", passing);
  g_assert_cmpstr (net_test_parse (next).id, !=, raw->id);
  g_clear_pointer (&client, raw_client_free);
  return NULL;
}

static void
test_decline (gconstpointer data)
{
  gboolean late = GPOINTER_TO_INT (data);
  static guint counter;
  g_autofree char *name = g_strdup_printf ("decline-host-%u", ++counter);
  g_autofree char *raw_name = g_strdup_printf ("decline-raw-%u", counter);
  g_autoptr (SynIdentity) identity = net_test_identity (name);
  g_autoptr (SynIdentity) raw_identity = net_test_identity (raw_name);
  g_autoptr (NetBot) bot = NULL;
  g_autoptr (SynPeer) host = honest_host (identity, "", &bot);
  g_autoptr (SynGame) saved = NULL;
  Raw raw = { .identity = raw_identity, .colour = SYN_BLACK, .decline_late = late };

  /* The abandonment time, shortened: the late decline comes after it, the early one before. */
  syn_peer_set_abandon_timeout (host, late ? 300 : 60000);
  raw.port = syn_peer_get_port (host);
  net_test_run_thread (guest_declines, &raw, 60);
  syn_peer_close (host);
  net_test_spin (50);

  saved = net_test_saved_game (raw.id);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
  if (late)
    {
      /* Declining did not escape the game: the host won it, abandoned. */
      g_assert_true (syn_game_is_over (saved));
      g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
      g_assert_cmpstr (syn_game_get_reason (saved), ==, "abandoned");
    }
  else
    g_assert_false (syn_game_is_over (saved));
}

/* Saved files that must hang nothing, and an index that must come back ------------------ */

static gpointer
guest_plays_a_turn_and_goes (gpointer data)
{
  raw_client_free (guest_plays_first_turn (data));
  return NULL;
}

static gpointer
guest_expects_resume (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = guest_connect (raw);
  g_autofree char *resume = raw_client_expect (client, "resume ", passing);

  g_assert_cmpstr (net_test_parse (resume).id, ==, raw->id);
  raw_client_sendf_if_open (client, "bye\n");
  return NULL;
}

static gpointer
guest_expects_options (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = guest_connect (raw);

  g_free (raw_client_expect (client, "options ", passing));
  raw_client_sendf_if_open (client, "bye\n");
  return NULL;
}

static char *
autosave_path (const char *name)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *path = g_file_get_path (dir);

  g_assert_cmpint (g_mkdir_with_parents (path, 0700), ==, 0);
  return g_build_filename (path, name, NULL);
}

static void
test_fifo (void)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("fifo-host");
  g_autoptr (SynIdentity) raw_identity = net_test_identity ("fifo-raw");
  g_autoptr (NetBot) bot = NULL;
  g_autoptr (SynPeer) host = honest_host (identity, "", &bot);
  g_autofree char *fifo = autosave_path ("a-fifo.synchess");
  g_autofree char *index = autosave_path (SYN_RECORD_NET_INDEX);
  Raw raw = { .identity = raw_identity, .colour = SYN_BLACK };

  /* No index: the host looks through the folder, where a FIFO waits for a writer that never
   * comes. It must not be opened for reading. */
  g_unlink (index);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  raw.port = syn_peer_get_port (host);
  net_test_run_thread (guest_expects_options, &raw, 30);
  syn_peer_close (host);
  net_test_spin (50);
  g_unlink (fifo);
}

static void
test_index_rebuilt (void)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("index-host");
  g_autoptr (SynIdentity) raw_identity = net_test_identity ("index-raw");
  g_autoptr (NetBot) bot = NULL;
  g_autoptr (SynPeer) host = honest_host (identity, "", &bot);
  g_autofree char *index = autosave_path (SYN_RECORD_NET_INDEX);
  Raw raw = { .identity = raw_identity, .colour = SYN_BLACK };

  raw.port = syn_peer_get_port (host);
  net_test_run_thread (guest_plays_a_turn_and_goes, &raw, 30);
  wait_disconnected (host);
  /* The game is in memory too: a host started again holds only what is saved. */
  syn_peer_close (host);
  g_clear_pointer (&bot, net_bot_free);
  g_clear_object (&host);
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_unlink (index), ==, 0);

  host = honest_host (identity, "", &bot);
  raw.port = syn_peer_get_port (host);
  net_test_run_thread (guest_expects_resume, &raw, 30);
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
  syn_peer_close (host);
  net_test_spin (50);
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-resume-end");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/resume-end/host-ahead-brings-guest-to-end", test_host_ahead);
  g_test_add_func ("/net/resume-end/guest-ahead-brings-host-to-end", test_guest_ahead);
  g_test_add_data_func ("/net/resume-end/two-peers/host-ahead", GINT_TO_POINTER (TRUE),
                        test_pair_last_turn);
  g_test_add_data_func ("/net/resume-end/two-peers/guest-ahead", GINT_TO_POINTER (FALSE),
                        test_pair_last_turn);
  g_test_add_data_func ("/net/resume-end/decline-after-abandon-time-loses", GINT_TO_POINTER (TRUE),
                        test_decline);
  g_test_add_data_func ("/net/resume-end/decline-before-abandon-time-keeps-game",
                        GINT_TO_POINTER (FALSE), test_decline);
  g_test_add_func ("/net/resume-end/fifo-in-autosave-folder", test_fifo);
  g_test_add_func ("/net/resume-end/index-rebuilt-when-missing", test_index_rebuilt);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
