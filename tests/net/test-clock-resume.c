/* test-clock-resume.c: clocks counted alike on both sides, over a broken connection and a
 * program that did not run for a while: a game read back from its record goes on from the
 * clocks of the game held in memory, the turn a resume goes on with is not raised, a side
 * brought forward by the other's reveal gets the raise that came before it, and a program
 * stopped for a while takes the other's true raise or flag (docs/protocol.md, "Clocks" and
 * "Resuming").
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "syn-game-private.h"
#include "syn-net-game.h"
#include "syn-protocol.h"
#include "syn-record.h"
#include "syn-stall-meter.h"

#define INITIAL_MS 30000

static const SynTimeControl short_clock = { 4000, 0 };

static char *test_dir;

/* A game held in memory and the same game read back from its record ---------------------- */

static SynChoice
choice (SynGame *game, SynColour side, const char *text)
{
  return syn_variant_choice_from_text (syn_game_get_variant (game), syn_game_get_state (game), side,
                                       text);
}

static void
play (SynGame *game, const char *white, const char *black, gint64 white_used, gint64 black_used)
{
  guint n = syn_game_get_n_turns (game);
  gint64 white_left = n ? syn_game_get_turn (game, n - 1)->remaining_ms[SYN_WHITE] : INITIAL_MS;
  gint64 black_left = n ? syn_game_get_turn (game, n - 1)->remaining_ms[SYN_BLACK] : INITIAL_MS;
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_net_game_play_turn (game, choice (game, SYN_WHITE, white),
                                         choice (game, SYN_BLACK, black), white_left - white_used,
                                         black_left - black_used, &error));
  g_assert_no_error (error);
}

/* Found by the soak: a side that kept the game in memory went on from its clocks in
 * milliseconds, one that read it back from the record from tenths of a second, and the next
 * turn's clocks differed by a tenth. */
static void
test_record_holds_the_clocks (void)
{
  SynTimeControl tc = { INITIAL_MS, 0 };
  g_autoptr (SynGame) kept = syn_game_new (&syn_variant_psc, NULL, &tc, FALSE);
  g_autoptr (SynGame) read_back = NULL;
  g_autofree char *text = NULL;
  g_autofree char *kept_text = NULL;
  g_autofree char *read_text = NULL;
  g_autoptr (GError) error = NULL;

  syn_game_set_id (kept, "clock-test");
  play (kept, "e2e4", "e7e5", 1234, 77);
  text = syn_record_write (kept);
  read_back = syn_record_read (text, &error);
  g_assert_no_error (error);
  /* The side behind goes on from its record, the side ahead had played on in memory. */
  syn_net_game_reset_clocks (read_back);
  play (kept, "g1f3", "b8c6", 50, 1);
  play (read_back, "g1f3", "b8c6", 50, 1);
  kept_text = syn_net_game_record_text (kept);
  read_text = syn_net_game_record_text (read_back);
  g_assert_cmpstr (kept_text, ==, read_text);
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    g_assert_cmpint (syn_game_get_turn (kept, 1)->remaining_ms[side], ==,
                     syn_game_get_turn (read_back, 1)->remaining_ms[side]);
}

/* The meter the clock checks rely on: a stop of the main loop is seen, the one going on
 * before its late beat has run too, and only stops since the time asked about count. */
static void
test_stall_meter (void)
{
  g_autoptr (SynStallMeter) meter = syn_stall_meter_new ();
  gint64 start = g_get_monotonic_time ();
  gint64 after;

  net_test_spin (250);
  g_assert_cmpint (syn_stall_meter_since (meter, start), <, 100);
  g_usleep (600 * 1000);
  g_assert_cmpint (syn_stall_meter_since (meter, start), >=, 450);
  net_test_spin (250);
  g_assert_cmpint (syn_stall_meter_since (meter, start), >=, 450);
  g_assert_cmpint (syn_stall_meter_since (meter, start), <, 800);
  after = g_get_monotonic_time ();
  net_test_spin (250);
  g_assert_cmpint (syn_stall_meter_since (meter, after), <, 100);
}

/* A SynPeer host against a raw guest ------------------------------------------------------ */

typedef struct
{
  SynIdentity *identity, *raw_identity;
  SynPeer *host;
  NetBot *bot;
  guint16 port;
  char id[SYN_PROTOCOL_ID_MAX + 1];
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];
  char *after_commit;  /* what the host sent after the guest's commitment */
  gint64 raised_ms;    /* the raise the host sent again */
  gboolean raise_seen; /* before its reveal sent again */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  static guint counter;
  g_autofree char *host_name = g_strdup_printf ("clock-host-%u", ++counter);
  g_autofree char *raw_name = g_strdup_printf ("clock-raw-%u", counter);
  SynPeerOptions options = { &syn_variant_psc, { INITIAL_MS, 0 }, FALSE, SYN_WHITE };
  g_autoptr (GError) error = NULL;

  f->identity = net_test_identity (host_name);
  f->raw_identity = net_test_identity (raw_name);
  if (data)
    options.tc = *(const SynTimeControl *) data;
  f->host = syn_peer_new (f->identity, "Host");
  syn_peer_set_autosave (f->host, TRUE);
  syn_peer_set_options (f->host, &options);
  f->bot = net_bot_new (f->host, counter);
  g_assert_true (syn_peer_listen (f->host, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->port = syn_peer_get_port (f->host);
  memset (f->salt, 7, sizeof f->salt);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  net_test_close_host (&f->host, &f->bot);
  g_clear_object (&f->identity);
  g_clear_object (&f->raw_identity);
  g_free (f->after_commit);
}

/* Connects, says hello and reads the host's hello and proposal. */
static RawClient *
raw_connect (Fixture *f, char **proposal)
{
  g_autoptr (GError) error = NULL;
  RawClient *client = raw_client_connect ("127.0.0.1", f->port, f->raw_identity, &error);

  g_assert_no_error (error);
  raw_client_sendf (client, "hello synchess 2 Raw\n");
  g_free (raw_client_expect (client, "hello synchess 2", NULL));
  *proposal = raw_client_read_message (client, &error);
  g_assert_nonnull (*proposal);
  return client;
}

static void
send_commit (Fixture *f, RawClient *client, guint turn, const char *move)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  syn_protocol_commitment (f->id, turn, SYN_BLACK, move, f->salt, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  raw_client_sendf (client, "commit %u %s 0\n", turn, hex);
}

static void
send_reveal (Fixture *f, RawClient *client, guint turn, const char *move)
{
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  syn_protocol_hex (f->salt, sizeof f->salt, hex);
  raw_client_sendf (client, "reveal %u %s %s\n", turn, move, hex);
}

/* The host commits to turn 0 and the connection breaks before the guest's commitment. On
 * resuming, the host sends its commitment again; the guest's comes 1.5 s later. */
static gpointer
resumed_turn_thread (gpointer data)
{
  Fixture *f = data;
  g_autofree char *proposal = NULL;
  g_autofree char *again = NULL;
  RawClient *client = raw_connect (f, &proposal);

  g_strlcpy (f->id, net_test_parse (proposal).id, sizeof f->id);
  raw_client_sendf (client, "accept fog=no\n");
  g_free (raw_client_expect (client, "commit 0 ", NULL));
  raw_client_free (client);

  g_usleep (300 * 1000);
  g_free (proposal);
  client = raw_connect (f, &proposal);
  g_assert_true (g_str_has_prefix (proposal, "resume "));
  g_assert_cmpuint (net_test_parse (proposal).turns, ==, 0);
  raw_client_sendf (client, "accept turns=0\n");
  again = raw_client_expect (client, "commit 0 ", NULL);
  g_assert_cmpint (net_test_parse (again).used_ms, ==, 0);
  g_usleep (1500 * 1000);
  send_commit (f, client, 0, "e7e5");
  f->after_commit = raw_client_expect (client, "", NULL);
  send_reveal (f, client, 0, "e7e5");
  g_free (raw_client_expect (client, "commit 1 ", NULL));
  raw_client_leave (client);
  return NULL;
}

/* Found by the soak: the turn a resume went on with started afresh, both sides reporting 0 for
 * a commitment sent again, but the side that had sent its own again raised the other's to the
 * time between the two, which the other could not accept ("a raise of our 0 ms to 2249 ms is
 * impossible"): the connection ended, and every resume ended alike. */
static void
test_resumed_turn_not_raised (Fixture *f, gconstpointer data)
{
  SynGame *game;

  net_test_run_thread (resumed_turn_thread, f, 30);
  g_test_message ("after the guest's commitment: %s", f->after_commit);
  g_assert_true (g_str_has_prefix (f->after_commit, "reveal 0 "));
  game = syn_peer_get_game (f->host);
  g_assert_cmpuint (syn_game_get_n_turns (game), >=, 1);
  g_assert_cmpint (syn_game_get_turn (game, 0)->remaining_ms[SYN_BLACK], ==, INITIAL_MS);
}

/* The host commits at once; the guest commits 1.5 s later and reveals, and reads nothing
 * more: the host's raise of its time and the host's reveal are lost with the connection,
 * while the host played the turn. On resuming, the host sends both again. */
static gpointer
raise_again_thread (gpointer data)
{
  Fixture *f = data;
  g_autofree char *proposal = NULL;
  g_autofree char *line = NULL;
  RawClient *client = raw_connect (f, &proposal);

  g_strlcpy (f->id, net_test_parse (proposal).id, sizeof f->id);
  raw_client_sendf (client, "accept fog=no\n");
  g_free (raw_client_expect (client, "commit 0 ", NULL));
  g_usleep (1500 * 1000);
  send_commit (f, client, 0, "e7e5");
  send_reveal (f, client, 0, "e7e5");
  g_usleep (300 * 1000);
  raw_client_free (client);

  g_free (proposal);
  client = raw_connect (f, &proposal);
  g_assert_true (g_str_has_prefix (proposal, "resume "));
  g_assert_cmpuint (net_test_parse (proposal).turns, ==, 1);
  raw_client_sendf (client, "accept turns=0\n");
  line = raw_client_expect (client, "", NULL);
  if (g_str_has_prefix (line, "used 0 "))
    {
      f->raise_seen = TRUE;
      f->raised_ms = net_test_parse (line).used_ms;
      g_free (line);
      line = raw_client_expect (client, "reveal 0 ", NULL);
    }
  g_assert_true (g_str_has_prefix (line, "reveal 0 "));
  g_free (raw_client_expect (client, "commit 1 ", NULL));
  raw_client_leave (client);
  return NULL;
}

/* Found by the soak: the records of a clocked game differed by the raise a side behind had
 * missed. */
static void
test_raise_sent_again (Fixture *f, gconstpointer data)
{
  SynGame *game;
  gint64 left;

  net_test_run_thread (raise_again_thread, f, 30);
  g_assert_true (f->raise_seen);
  g_test_message ("the raise sent again: %" G_GINT64_FORMAT " ms", f->raised_ms);
  g_assert_cmpint (f->raised_ms, >=, 1400);
  game = syn_peer_get_game (f->host);
  left = syn_game_get_turn (game, 0)->remaining_ms[SYN_BLACK];
  /* The turn as the host played it: the raised time, in whole tenths. */
  g_assert_cmpint (left, ==, (INITIAL_MS - f->raised_ms + 99) / 100 * 100);
}

/* Connects and accepts; then, while block keeps the host's main loop from running (as a
 * program stopped for a while), sends the guest's commitment to turn 0 at the time sent. */
static RawClient *
commit_while_blocked (Fixture *f, GSourceFunc block, gint64 *sent)
{
  g_autofree char *proposal = NULL;
  RawClient *client = raw_connect (f, &proposal);

  g_strlcpy (f->id, net_test_parse (proposal).id, sizeof f->id);
  raw_client_sendf (client, "accept fog=no\n");
  g_usleep (200 * 1000);
  g_idle_add (block, f);
  g_usleep (100 * 1000);
  if (sent)
    *sent = g_get_monotonic_time ();
  send_commit (f, client, 0, "e7e5");
  return client;
}

/* The host did not run for 1.5 s (here its main loop blocked; in the soak, SIGSTOP) while the
 * guest's commitment waited to be read; it then committed at once. The guest saw 1.5 s pass
 * between the two and raised the host's time: true, though the host's own count said 0. */
static gboolean
block_host_cb (gpointer data)
{
  Fixture *f = data;

  g_usleep (1500 * 1000);
  net_bot_resume (f->bot);
  return G_SOURCE_REMOVE;
}

static gpointer
stalled_host_thread (gpointer data)
{
  Fixture *f = data;
  g_autofree char *commit = NULL;
  g_autofree char *line = NULL;
  gint64 sent;
  RawClient *client = commit_while_blocked (f, block_host_cb, &sent);

  commit = raw_client_expect (client, "commit 0 ", NULL);
  f->raised_ms = (g_get_monotonic_time () - sent) / 1000;
  g_assert_cmpint (f->raised_ms, >, net_test_parse (commit).used_ms + 1000);
  raw_client_sendf (client, "used 0 %" G_GINT64_FORMAT "\n", f->raised_ms);
  send_reveal (f, client, 0, "e7e5");
  line = raw_client_expect (client, "", NULL);
  f->after_commit = g_strdup (line);
  if (g_str_has_prefix (line, "reveal 0 "))
    g_free (raw_client_expect (client, "commit 1 ", NULL));
  raw_client_leave (client);
  return NULL;
}

/* Found by the soak: a program stopped for a while refused the other's true raise ("a raise
 * of our 0 ms to 2249 ms is impossible") and ended the connection, although the other had
 * played the turn with it. */
static void
test_raise_over_own_stall (Fixture *f, gconstpointer data)
{
  SynGame *game;

  f->bot->paused = TRUE;
  net_test_run_thread (stalled_host_thread, f, 30);
  g_test_message ("raised to %" G_GINT64_FORMAT " ms; then: %s", f->raised_ms, f->after_commit);
  g_assert_true (g_str_has_prefix (f->after_commit, "reveal 0 "));
  game = syn_peer_get_game (f->host);
  g_assert_cmpuint (syn_game_get_n_turns (game), >=, 1);
  g_assert_cmpint (syn_game_get_turn (game, 0)->remaining_ms[SYN_WHITE], ==,
                   (INITIAL_MS - f->raised_ms + 99) / 100 * 100);
}

/* The host does not run for 3.5 s while the guest's commitment waits unread, then never
 * commits: the guest claims the host's flag when the host's 4 s and 2 s of grace have passed
 * since its commitment left. */
static gboolean
block_only_cb (gpointer data)
{
  g_usleep (3500 * 1000);
  return G_SOURCE_REMOVE;
}

static gpointer
stalled_flag_thread (gpointer data)
{
  Fixture *f = data;
  RawClient *client = commit_while_blocked (f, block_only_cb, NULL);

  /* Something within the silence limit, or the host would hang up first. */
  g_usleep (3000 * 1000);
  raw_client_sendf (client, "chat still there?\n");
  g_usleep (3100 * 1000);
  raw_client_sendf (client, "flag white\n");
  g_usleep (300 * 1000);
  f->after_commit = raw_client_read_message (client, NULL);
  raw_client_free (client);
  return NULL;
}

/* Found by the soak: games over on both sides with opposite results ("1-0 time" against "0-1
 * audit"): a side that had been stopped refused the other's true claim of its flag, its own
 * count starting when it read the commitment. */
static void
test_flag_over_own_stall (Fixture *f, gconstpointer data)
{
  SynGame *game;

  f->bot->paused = TRUE;
  net_test_run_thread (stalled_flag_thread, f, 30);
  net_test_spin (200);
  g_test_message ("after the flag: %s", f->after_commit ? f->after_commit : "(end)");
  g_assert_false (f->after_commit && g_str_has_prefix (f->after_commit, "error clock"));
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_BLACK_WINS);
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-clock-resume");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/clock-resume/record-holds-the-clocks", test_record_holds_the_clocks);
  g_test_add_func ("/net/clock-resume/stall-meter-sees-a-stop", test_stall_meter);
  g_test_add ("/net/clock-resume/resumed-turn-not-raised", Fixture, NULL, fixture_set_up,
              test_resumed_turn_not_raised, fixture_tear_down);
  g_test_add ("/net/clock-resume/raise-sent-again-to-side-behind", Fixture, NULL, fixture_set_up,
              test_raise_sent_again, fixture_tear_down);
  g_test_add ("/net/clock-resume/raise-over-own-stall-accepted", Fixture, NULL, fixture_set_up,
              test_raise_over_own_stall, fixture_tear_down);
  g_test_add ("/net/clock-resume/flag-over-own-stall-taken", Fixture, &short_clock, fixture_set_up,
              test_flag_over_own_stall, fixture_tear_down);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
