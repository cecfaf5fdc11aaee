/* test-peer.c: two SynPeers in one process over 127.0.0.1 and ::1 play whole games by
 * commit and reveal, agree on fog only when both want it, keep their clocks honest, and
 * resume a game whose connection broke, with the same record on both sides.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "net-test-util.h"
#include "syn-net-game.h"
#include "syn-record.h"

static char *test_dir;

static void
set_guest_fog (NetPair *pair, gboolean fog)
{
  g_object_set_data (G_OBJECT (pair->guest), "fog", GINT_TO_POINTER (fog));
}

/* Waits for the game under way to end on both sides and checks they agree. */
static void
finish_game (NetPair *pair, guint games)
{
  SynGame *host_game, *guest_game;

  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (pair->host_bot->games_over < games || pair->guest_bot->games_over < games)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  g_assert_true (syn_game_is_over (host_game));
  g_assert_true (syn_game_is_over (guest_game));
  g_assert_cmpint (syn_game_get_result (host_game), ==, syn_game_get_result (guest_game));
  g_assert_cmpstr (syn_game_get_reason (host_game), ==, syn_game_get_reason (guest_game));
  net_assert_same_game (host_game, guest_game);
  g_assert_cmpint (syn_peer_get_colour (pair->host), !=, syn_peer_get_colour (pair->guest));
}

static gboolean
is_short_fingerprint (const char *text)
{
  if (!text || strlen (text) != 19)
    return FALSE;
  for (int i = 0; i < 19; i++)
    if (i % 5 == 4 ? text[i] != ' ' : !g_ascii_isxdigit (text[i]))
      return FALSE;
  return TRUE;
}

static void
play_games (const char *address)
{
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;

  if (g_str_equal (address, "::1") && !net_test_has_ipv6_loopback ())
    {
      g_test_skip ("this machine has no IPv6 loopback");
      return;
    }
  pair = net_pair_new (address, &options);
  net_pair_connect (pair);

  /* Both see the same short fingerprint of the pair, and have never met. */
  g_assert_true (is_short_fingerprint (syn_peer_get_fingerprint (pair->host)));
  g_assert_cmpstr (syn_peer_get_fingerprint (pair->host), ==,
                   syn_peer_get_fingerprint (pair->guest));
  g_assert_false (syn_peer_get_peer_known (pair->host));
  g_assert_false (syn_peer_get_peer_known (pair->guest));
  g_assert_cmpstr (syn_peer_get_peer_name (pair->host), ==, "Guest player");
  g_assert_cmpstr (syn_peer_get_peer_name (pair->guest), ==, "Host player");

  for (guint game = 1; game <= 3; game++)
    {
      g_autoptr (GError) error = NULL;

      finish_game (pair, game);
      g_assert_cmpint (syn_game_get_n_turns (syn_peer_get_game (pair->host)), >, 0);
      if (game == 3)
        break;
      options.host_colour = game % 2 ? SYN_BLACK : SYN_WHITE;
      syn_peer_set_options (pair->host, &options);
      g_assert_true (syn_peer_propose_game (pair->host, &error));
      g_assert_no_error (error);
      net_test_wait (&pair->guest_bot->started, 10, "the next game");
      pair->guest_bot->started = FALSE;
    }
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);

  /* A goodbye, then the same two meet again and know each other. */
  syn_peer_disconnect (pair->guest);
  net_test_wait (&pair->host_bot->disconnected, 10, "the goodbye");
  g_assert_null (pair->host_bot->disconnect_error);
  net_pair_connect (pair);
  g_assert_true (syn_peer_get_peer_known (pair->host));
  g_assert_true (syn_peer_get_peer_known (pair->guest));
}

/* A game from a set-up position (the position editor's Play from Here against a peer): the
 * host's options carry the FEN, both sides start from it and play the same game. */
#define SET_UP_FEN "r3k3/1p6/8/8/8/8/1P6/R3K3 w Qq - 0 12"

static void
test_set_up_position (void)
{
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE, SET_UP_FEN };
  g_autoptr (NetPair) pair = NULL;
  char host_fen[256], guest_fen[256];
  g_autoptr (GError) error = NULL;

  pair = net_pair_new ("127.0.0.1", &options);
  net_pair_connect (pair);
  finish_game (pair, 1);
  syn_variant_psc.write_state (syn_game_get_start (syn_peer_get_game (pair->host)), host_fen,
                               sizeof host_fen);
  syn_variant_psc.write_state (syn_game_get_start (syn_peer_get_game (pair->guest)), guest_fen,
                               sizeof guest_fen);
  g_assert_cmpstr (host_fen, ==, SET_UP_FEN);
  g_assert_cmpstr (guest_fen, ==, SET_UP_FEN);
  g_assert_cmpint (syn_game_get_n_turns (syn_peer_get_game (pair->host)), >, 0);

  /* The next game from the usual start goes without fen=, as before. */
  options.start_fen[0] = '\0';
  syn_peer_set_options (pair->host, &options);
  g_assert_true (syn_peer_propose_game (pair->host, &error));
  g_assert_no_error (error);
  finish_game (pair, 2);
  syn_variant_psc.write_state (syn_game_get_start (syn_peer_get_game (pair->guest)), guest_fen,
                               sizeof guest_fen);
  g_assert_cmpstr (guest_fen, ==, SYN_FEN_START);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
}

static void
test_ipv4 (void)
{
  play_games ("127.0.0.1");
}

static void
test_ipv6 (void)
{
  play_games ("::1");
}

typedef struct
{
  gboolean host_fog, guest_fog, expected;
} FogCase;

static void
test_fog (gconstpointer data)
{
  const FogCase *fog = data;
  SynPeerOptions options = { NULL, { 0, 0 }, fog->host_fog, SYN_BLACK };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);

  set_guest_fog (pair, fog->guest_fog);
  net_pair_connect (pair);
  /* PSC-R12: fog only when both players agree to it. */
  g_assert_cmpint (syn_game_get_fog (syn_peer_get_game (pair->host)), ==, fog->expected);
  g_assert_cmpint (syn_game_get_fog (syn_peer_get_game (pair->guest)), ==, fog->expected);
  g_assert_cmpint (syn_peer_get_colour (pair->host), ==, SYN_BLACK);
  finish_game (pair, 1);
}

static void
wait_paused_at (NetPair *pair, guint turns)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (!(syn_game_get_n_turns (syn_peer_get_game (pair->guest)) == turns
           && syn_game_get_n_turns (syn_peer_get_game (pair->host)) == turns
           && syn_peer_has_chosen (pair->host)
           && syn_peer_get_opponent_state (pair->guest) == SYN_OPPONENT_CHOSEN))
    {
      g_assert_false (syn_game_is_over (syn_peer_get_game (pair->host)));
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (2);
    }
}

/* The guest's bot stops after a few turns, the host has committed to its next move, and the
 * connection breaks: the turn is played again from the start after reconnecting. */
static void
test_resume_after_drop (gconstpointer data)
{
  gboolean drop_host = GPOINTER_TO_INT (data);
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  g_autofree char *id = NULL;

  pair->guest_bot->stop_at_turn = 4;
  net_pair_connect (pair);
  wait_paused_at (pair, 4);
  id = g_strdup (syn_game_get_id (syn_peer_get_game (pair->host)));

  syn_peer_drop_connection (drop_host ? pair->host : pair->guest);
  net_test_wait (&pair->host_bot->disconnected, 10, "the host to notice");
  net_test_wait (&pair->guest_bot->disconnected, 10, "the guest to notice");
  g_assert_nonnull (pair->host_bot->disconnect_error);
  g_assert_nonnull (pair->guest_bot->disconnect_error);
  g_assert_false (syn_peer_has_chosen (pair->host)); /* the turn starts afresh */
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (pair->host)), ==, 4);
  net_assert_same_game (syn_peer_get_game (pair->host), syn_peer_get_game (pair->guest));

  pair->guest_bot->paused = FALSE;
  pair->guest_bot->stop_at_turn = 0;
  net_pair_connect (pair);
  g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->host)), ==, id);
  g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->guest)), ==, id);
  finish_game (pair, 1);
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (pair->host)), >, 4);
}

/* Copy of game with one more turn: each side's first legal move. */
static SynGame *
one_turn_more (SynGame *game)
{
  g_autoptr (SynGame) copy = syn_net_game_prefix (game, syn_game_get_n_turns (game), NULL);
  const SynVariant *variant = syn_game_get_variant (copy);
  SynChoice white[SYN_MAX_CHOICES], black[SYN_MAX_CHOICES];

  g_assert_cmpint (variant->choices (syn_game_get_state (copy), SYN_WHITE, white), >, 0);
  g_assert_cmpint (variant->choices (syn_game_get_state (copy), SYN_BLACK, black), >, 0);
  g_assert_true (syn_net_game_play_turn (copy, white[0], black[0], 170000, 170000, NULL));
  return g_steal_pointer (&copy);
}

typedef enum
{
  GUEST_BEHIND,
  GUEST_AHEAD,
  GUEST_DIFFERENT,
} Apart;

/* The guest restarts (a new SynPeer, its game from the autosave folder) holding a turn less,
 * a turn more, or another game, its record changed behind its back (no saved turn in
 * progress matches it). A game is never cut back, and a turn without the commitments saved
 * for it cannot be brought forward (docs/protocol.md, "Resuming"): the host starts a new
 * game. Resuming a turn apart for real is tested in test-hostile-resume.c. */
static void
test_resume_apart (gconstpointer data)
{
  Apart apart = GPOINTER_TO_INT (data);
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  g_autoptr (SynGame) saved = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  guint expected_turns;

  pair->guest_bot->stop_at_turn = 5;
  net_pair_connect (pair);
  wait_paused_at (pair, 5);
  id = g_strdup (syn_game_get_id (syn_peer_get_game (pair->host)));
  syn_peer_drop_connection (pair->guest);
  net_test_wait (&pair->host_bot->disconnected, 10, "the host to notice");

  switch (apart)
    {
    case GUEST_BEHIND:
      saved = syn_net_game_prefix (syn_peer_get_game (pair->guest), 4, &error);
      expected_turns = 0;
      break;
    case GUEST_AHEAD:
      saved = one_turn_more (syn_peer_get_game (pair->guest));
      expected_turns = 0;
      break;
    case GUEST_DIFFERENT:
    default:
      {
        g_autoptr (SynGame) prefix
            = syn_net_game_prefix (syn_peer_get_game (pair->guest), 4, &error);
        saved = one_turn_more (prefix);
        expected_turns = 0;
      }
      break;
    }
  g_assert_no_error (error);
  g_assert_true (syn_record_autosave (saved, &error));
  g_assert_no_error (error);

  /* The guest program starts again: nothing in memory, the game on disk. */
  g_clear_pointer (&pair->guest_bot, net_bot_free);
  g_clear_object (&pair->guest);
  pair->guest = syn_peer_new (pair->guest_identity, "Guest player");
  pair->guest_bot = net_bot_new (pair->guest, 77);
  net_pair_connect (pair);

  if (expected_turns > 0)
    {
      g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->guest)), ==, id);
      g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (pair->guest)), <=,
                        expected_turns + 1);
      finish_game (pair, 1);
      g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->host)), ==, id);
    }
  else
    {
      /* Another game on each side: the host offers a new one instead. */
      g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->guest)), !=, id);
      finish_game (pair, 1);
    }
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (pair->host)), >=, expected_turns);
  syn_peer_close (pair->guest);
}

static void
pause_both (NetPair *pair)
{
  pair->host_bot->paused = pair->guest_bot->paused = TRUE;
}

static void
on_draw_offered_cb (SynPeer *peer, gboolean *offered)
{
  *offered = TRUE;
}

static void
on_chat_cb (SynPeer *peer, const char *text, char **out)
{
  g_free (*out);
  *out = g_strdup (text);
}

static void
test_draw_resign_chat (void)
{
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  g_autoptr (GError) error = NULL;
  g_autofree char *chat = NULL;
  gboolean offered = FALSE;

  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = 2;
  net_pair_connect (pair);
  g_signal_connect (pair->host, "draw-offered", G_CALLBACK (on_draw_offered_cb), &offered);
  g_signal_connect (pair->host, "chat-received", G_CALLBACK (on_chat_cb), &chat);
  while (syn_game_get_n_turns (syn_peer_get_game (pair->host)) < 2
         || syn_game_get_n_turns (syn_peer_get_game (pair->guest)) < 2)
    net_test_spin (2);
  pause_both (pair);

  g_assert_true (syn_peer_send_chat (pair->guest, "good luck,\nhave fun", &error));
  g_assert_true (syn_peer_offer_draw (pair->guest, &error));
  g_assert_no_error (error);
  net_test_wait (&offered, 10, "the draw offer");
  g_assert_cmpstr (chat, ==, "good luck, have fun");
  g_assert_true (syn_peer_answer_draw (pair->host, TRUE, &error));
  finish_game (pair, 1);
  g_assert_cmpint (syn_game_get_result (syn_peer_get_game (pair->guest)), ==, SYN_RESULT_DRAW);
  g_assert_cmpstr (syn_game_get_reason (syn_peer_get_game (pair->guest)), ==, "agreement");

  /* The next game: the host resigns at once. */
  pair->host_bot->paused = pair->guest_bot->paused = FALSE;
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = 0;
  pair->guest_bot->started = pair->host_bot->started = FALSE;
  g_assert_true (syn_peer_propose_game (pair->host, &error));
  net_test_wait (&pair->guest_bot->started, 10, "the second game");
  net_test_wait (&pair->host_bot->started, 10, "the second game");
  pause_both (pair);
  g_assert_true (syn_peer_resign (pair->host, &error));
  g_assert_no_error (error);
  finish_game (pair, 2);
  g_assert_cmpstr (syn_game_get_reason (syn_peer_get_game (pair->guest)), ==, "resignation");
  g_assert_cmpint (syn_game_get_result (syn_peer_get_game (pair->guest)), ==,
                   syn_peer_get_colour (pair->host) == SYN_WHITE ? SYN_RESULT_BLACK_WINS
                                                                 : SYN_RESULT_WHITE_WINS);
  g_assert_false (syn_peer_resign (pair->guest, &error)); /* over */
}

/* PSC-R11: each side reports its own thinking time; both agree on the clocks after the turn. */
static void
test_clock_reports (void)
{
  SynPeerOptions options = { NULL, { 60000, 1000 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  SynGame *host_game, *guest_game;
  const SynTurn *turn;

  pair->guest_bot->paused = TRUE;
  net_pair_connect (pair);
  while (syn_peer_get_opponent_state (pair->guest) != SYN_OPPONENT_CHOSEN)
    net_test_spin (2);
  /* The guest's clock runs once the host has chosen. */
  g_assert_true (
      syn_clock_is_running (syn_game_get_clock (syn_peer_get_game (pair->guest)), SYN_BLACK));
  net_test_spin (300);
  pair->guest_bot->paused = FALSE;
  pair->guest_bot->stop_at_turn = pair->host_bot->stop_at_turn = 1;
  net_bot_poke (pair->guest_bot);
  while (syn_game_get_n_turns (syn_peer_get_game (pair->host)) < 1
         || syn_game_get_n_turns (syn_peer_get_game (pair->guest)) < 1)
    net_test_spin (2);

  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  turn = syn_game_get_turn (host_game, 0);
  g_assert_cmpint (turn->remaining_ms[SYN_WHITE], ==, 61000);
  g_assert_cmpint (turn->remaining_ms[SYN_BLACK], <=, 61000 - 250);
  g_assert_cmpint (turn->remaining_ms[SYN_BLACK], >=, 61000 - 2000);
  g_assert_cmpint (turn->remaining_ms[SYN_BLACK], ==,
                   syn_game_get_turn (guest_game, 0)->remaining_ms[SYN_BLACK]);
  g_assert_cmpint (syn_clock_get_remaining_ms (syn_game_get_clock (host_game), SYN_BLACK), ==,
                   turn->remaining_ms[SYN_BLACK]);
  net_assert_same_game (host_game, guest_game);
}

/* PSC-R11: a flag fall loses, on both sides. */
static void
test_flag (void)
{
  SynPeerOptions options = { NULL, { 500, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);

  pair->guest_bot->paused = TRUE;
  net_pair_connect (pair);
  finish_game (pair, 1);
  g_assert_cmpstr (syn_game_get_reason (syn_peer_get_game (pair->host)), ==, "time");
  g_assert_cmpint (syn_game_get_result (syn_peer_get_game (pair->host)), ==, SYN_RESULT_WHITE_WINS);
}

/* Each installation makes its own key (private to its user) and certificate once, and
 * keeps them; the pair fingerprint is the same seen from either side. */
typedef struct
{
  gboolean done;
  GError *error;
} ConnectResult;

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ConnectResult *outcome = user_data;

  syn_peer_connect_finish (SYN_PEER (source), result, &outcome->error);
  outcome->done = TRUE;
}

/* An invite or a published game names the host's certificate: the guest refuses any other
 * host (a man in the middle) before a message is sent, and knows when it got the right one. */
static void
test_expected_certificate (void)
{
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", NULL);
  g_autofree char *host_digest
      = syn_certificate_digest (syn_identity_get_certificate (pair->host_identity));
  g_autofree char *other_digest
      = syn_certificate_digest (syn_identity_get_certificate (pair->guest_identity));
  ConnectResult outcome = { 0 };

  syn_peer_set_expected_certificate (pair->guest, other_digest);
  syn_peer_connect_async (pair->guest, "127.0.0.1", syn_peer_get_port (pair->host), NULL,
                          on_connected_cb, &outcome);
  net_test_wait (&outcome.done, 20, "the refusal");
  g_assert_error (outcome.error, SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER);
  g_clear_error (&outcome.error);
  g_assert_false (syn_peer_is_connected (pair->guest));
  g_assert_false (pair->host_bot->started);

  /* The digest as the invite spells it: case does not matter. */
  g_autofree char *upper = g_ascii_strup (host_digest, -1);
  syn_peer_set_expected_certificate (pair->guest, upper);
  net_pair_connect (pair);
  g_assert_true (syn_peer_get_peer_verified (pair->guest));
  g_assert_false (syn_peer_get_peer_verified (pair->host));
}

static void
test_identity (void)
{
  g_autofree char *dir_a = g_build_filename (test_dir, "identity-a", NULL);
  g_autofree char *dir_b = g_build_filename (test_dir, "identity-b", NULL);
  g_autofree char *key = g_build_filename (dir_a, "identity-key.pem", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) a = syn_identity_new_for_dir (dir_a, &error);
  g_autoptr (SynIdentity) a_again = NULL;
  g_autoptr (SynIdentity) b = syn_identity_new_for_dir (dir_b, &error);
  g_autofree char *digest_a = NULL;
  g_autofree char *digest_a_again = NULL;
  g_autofree char *ab = NULL;
  g_autofree char *ba = NULL;
  GStatBuf st;

  g_assert_no_error (error);
  g_assert_cmpint (g_stat (key, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_cmpint (g_stat (dir_a, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);

  a_again = syn_identity_new_for_dir (dir_a, &error);
  g_assert_no_error (error);
  digest_a = syn_certificate_digest (syn_identity_get_certificate (a));
  digest_a_again = syn_certificate_digest (syn_identity_get_certificate (a_again));
  g_assert_cmpstr (digest_a, ==, digest_a_again);

  ab = syn_identity_pair_digest (a, syn_identity_get_certificate (b));
  ba = syn_identity_pair_digest (b, syn_identity_get_certificate (a));
  g_assert_cmpuint (strlen (ab), ==, 64);
  g_assert_cmpstr (ab, ==, ba);
  g_assert_false (syn_identity_knows (a, syn_identity_get_certificate (b)));
  g_assert_true (
      syn_identity_remember (a, syn_identity_get_certificate (b), "B\nwith a break", &error));
  g_assert_no_error (error);
  g_clear_object (&a_again);
  a_again = syn_identity_new_for_dir (dir_a, &error);
  g_assert_true (syn_identity_knows (a_again, syn_identity_get_certificate (b)));
}

int
main (int argc, char **argv)
{
  static const FogCase fog_cases[] = {
    { TRUE, TRUE, TRUE },
    { TRUE, FALSE, FALSE },
    { FALSE, TRUE, FALSE },
  };
  int status;

  test_dir = net_test_init_dirs ("test-peer");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/identity/files-and-fingerprints", test_identity);
  g_test_add_func ("/net/peer/ipv4/games", test_ipv4);
  g_test_add_func ("/net/peer/expected-certificate", test_expected_certificate);
  g_test_add_func ("/net/peer/ipv4/set-up-position", test_set_up_position);
  g_test_add_func ("/net/peer/ipv6/games", test_ipv6);
  g_test_add_data_func ("/net/peer/fog/agreed", &fog_cases[0], test_fog);
  g_test_add_data_func ("/net/peer/fog/refused-by-guest", &fog_cases[1], test_fog);
  g_test_add_data_func ("/net/peer/fog/not-proposed", &fog_cases[2], test_fog);
  g_test_add_data_func ("/net/peer/resume/guest-drops", GINT_TO_POINTER (FALSE),
                        test_resume_after_drop);
  g_test_add_data_func ("/net/peer/resume/host-drops", GINT_TO_POINTER (TRUE),
                        test_resume_after_drop);
  g_test_add_data_func ("/net/peer/resume/guest-a-turn-behind", GINT_TO_POINTER (GUEST_BEHIND),
                        test_resume_apart);
  g_test_add_data_func ("/net/peer/resume/guest-a-turn-ahead", GINT_TO_POINTER (GUEST_AHEAD),
                        test_resume_apart);
  g_test_add_data_func ("/net/peer/resume/different-game-starts-anew",
                        GINT_TO_POINTER (GUEST_DIFFERENT), test_resume_apart);
  g_test_add_func ("/net/peer/draw-resign-chat", test_draw_resign_chat);
  g_test_add_func ("/net/peer/clock/reports", test_clock_reports);
  g_test_add_func ("/net/peer/clock/flag", test_flag);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
