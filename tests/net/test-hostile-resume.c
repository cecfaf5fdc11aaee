/* test-hostile-resume.c: peers that break the connection to cheat. A hostile side, speaking
 * the wire itself, tries to take a move back through a resume, to abort a turn (or Hutnik's
 * seed draw, HUT-R10) after seeing the other's reveal (with a real commitment or a garbage
 * one), to stall a game by withholding its reveal, to walk away, and to overwrite a saved
 * game with a new one under its id; as guest against a SynPeer host and as host against a
 * SynPeer guest. Each test checks what the honest side saved: its record in the autosave
 * folder.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "hutnik.h"
#include "net-test-util.h"
#include "syn-net-game.h"
#include "syn-net-turn.h"
#include "syn-protocol.h"
#include "syn-record.h"

static char *test_dir;

/* The honest side plays white from these moves; the hostile side plays black. */
static const char *const white_moves[] = { "e2e3", "d2d3", "g1f3", "b1c3", "f1e2", NULL };
static const char *const black_moves[] = { "e7e6", "d7d6", "g8f6", "b8c6", "f8e7", NULL };

/* A SynPeer that plays a fixed list of moves, one a turn, and accepts any options. */
typedef struct
{
  SynPeer *peer;
  const char *const *moves;
  guint idle_id;
  gboolean started;
  gboolean over;
  gboolean claimable;
  gboolean disconnected;
  gboolean reconnect; /* guest: connect again when the connection ends */
  guint16 port;
  guint errors;
} Honest;

static gboolean
play_cb (gpointer user_data)
{
  Honest *h = user_data;
  SynGame *game = syn_peer_get_game (h->peer);
  const SynVariant *variant;
  SynChoice choice;
  guint n;

  h->idle_id = 0;
  if (!game || syn_game_is_over (game) || syn_peer_has_chosen (h->peer)
      || !syn_peer_is_connected (h->peer))
    return G_SOURCE_REMOVE;
  n = syn_game_get_n_turns (game);
  if (n >= g_strv_length ((char **) h->moves))
    return G_SOURCE_REMOVE;
  variant = syn_game_get_variant (game);
  choice = syn_variant_choice_from_text (variant, syn_game_get_state (game),
                                         syn_peer_get_colour (h->peer), h->moves[n]);
  /* A move the rules do not offer now (a Hutnik side that waits) is not played. */
  if (choice != SYN_CHOICE_NONE)
    syn_peer_choose (h->peer, choice, NULL);
  return G_SOURCE_REMOVE;
}

static void
poke (Honest *h)
{
  if (!h->idle_id)
    h->idle_id = g_idle_add (play_cb, h);
}

static void
on_started_cb (SynPeer *peer, gboolean resumed, Honest *h)
{
  h->started = TRUE;
  poke (h);
}

static void
on_turn_cb (SynPeer *peer, guint index, Honest *h)
{
  poke (h);
}

static void
on_over_cb (SynPeer *peer, Honest *h)
{
  h->over = TRUE;
}

static void
on_claimable_cb (SynPeer *peer, gboolean claimable, Honest *h)
{
  h->claimable = claimable;
}

static void
on_options_cb (SynPeer *peer, gpointer options, Honest *h)
{
  syn_peer_accept_options (peer, FALSE, NULL);
}

static void
on_error_cb (SynPeer *peer, const GError *error, Honest *h)
{
  g_debug ("honest side: %s", error->message);
  h->errors++;
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  syn_peer_connect_finish (SYN_PEER (source), result, NULL);
}

static gboolean
reconnect_cb (gpointer user_data)
{
  Honest *h = user_data;

  if (h->reconnect && !syn_peer_is_connected (h->peer))
    syn_peer_connect_async (h->peer, "127.0.0.1", h->port, NULL, on_connected_cb, h);
  return G_SOURCE_REMOVE;
}

static void
on_disconnected_cb (SynPeer *peer, const GError *error, Honest *h)
{
  h->disconnected = TRUE;
  if (h->reconnect)
    g_timeout_add (50, reconnect_cb, h);
}

static Honest *
honest_new (SynIdentity *identity, gboolean host, const SynTimeControl *tc)
{
  Honest *h = g_new0 (Honest, 1);
  SynPeerOptions options = { NULL, tc ? *tc : (SynTimeControl){ 0, 0 }, FALSE, SYN_WHITE };

  h->peer = syn_peer_new (identity, host ? "Honest host" : "Honest guest");
  h->moves = white_moves;
  syn_peer_set_options (h->peer, &options);
  g_signal_connect (h->peer, "game-started", G_CALLBACK (on_started_cb), h);
  g_signal_connect (h->peer, "turn-completed", G_CALLBACK (on_turn_cb), h);
  g_signal_connect (h->peer, "game-over", G_CALLBACK (on_over_cb), h);
  g_signal_connect (h->peer, "abandon-claimable", G_CALLBACK (on_claimable_cb), h);
  g_signal_connect (h->peer, "options-proposed", G_CALLBACK (on_options_cb), h);
  g_signal_connect (h->peer, "error", G_CALLBACK (on_error_cb), h);
  g_signal_connect (h->peer, "disconnected", G_CALLBACK (on_disconnected_cb), h);
  return h;
}

static void
honest_free (Honest *h)
{
  h->reconnect = FALSE;
  syn_peer_close (h->peer);
  net_test_spin (20);
  g_clear_handle_id (&h->idle_id, g_source_remove);
  g_object_unref (h->peer);
  g_free (h);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Honest, honest_free)

static char *
saved_move (SynGame *game, guint turn, SynColour colour)
{
  g_autoptr (SynGame) before = syn_net_game_prefix (game, turn, NULL);
  char text[SYN_CHOICE_TEXT_SIZE];

  syn_game_get_variant (game)->choice_to_text (
      syn_game_get_state (before), syn_game_get_turn (game, turn)->choice[colour], text);
  return g_strdup (text);
}

/* The hostile side, on its own thread ------------------------------------------------------ */

typedef enum
{
  /* accept a resume a turn behind: the host's last turn taken back (attack 4) */
  CASE_TAKEBACK,
  /* commit, see the reveal, drop, then reveal another move (attack 5) */
  CASE_ABORT_OTHER_MOVE,
  /* the same, claiming to be a turn ahead */
  CASE_ABORT_CLAIM_AHEAD,
  /* commit to garbage, see the reveal, drop, then commit and reveal a move (attack 5) */
  CASE_ABORT_GARBAGE,
  /* commit, see the reveal, drop, then reveal the move committed to: it is played */
  CASE_ABORT_HELD,
  /* commit, then withhold the reveal on an open connection (attack 6) */
  CASE_WITHHOLD,
  /* play a turn and never come back */
  CASE_WALK_AWAY,
  /* host: after a declined resume, options under the saved game's id (attack 11) */
  CASE_REUSE_ID,
  /* Hutnik: see the other's coin, break off the seed draw, draw again (attack 5) */
  CASE_SEED_OTHER_COIN,
  /* the same, then reveal the coin committed to: the game starts with it */
  CASE_SEED_HELD,
} Case;

typedef struct
{
  Case how;
  gboolean host; /* the hostile side is the host */
  SynIdentity *identity;
  Honest *honest;
  GSocketListener *listener;
  guint16 port;
  char id[SYN_PROTOCOL_ID_MAX + 1];
  SynColour colour;           /* the hostile side's */
  const char *const *moves;   /* its moves, one a turn */
  const char *other_move;     /* the move it would rather have played */
  char committed_reveal[256]; /* the reveal line of the aborted turn */
  gint stop;                  /* set by the main thread: stop sending pings */
  gboolean timed;             /* host: the game has a clock */
  /* the seed draw before and after the break (HUT-R10) */
  char first_id[SYN_PROTOCOL_ID_MAX + 1];
  char *first_commit, *second_commit; /* the honest side's seed commitments */
  char *first_reveal, *second_reveal; /* and its coins */
  char *new_game_answer;              /* host: the answer to another game that draws lots */
  guint8 coin[SYN_PROTOCOL_COIN_SIZE];
  char *tail; /* what came after the hostile side's last message */
} Raw;

/* Reads until the connection ends; the lines read, joined. */
/* What may come before the message a case expects: chat, errors and the other side's raise
 * of a time this side reported (docs/protocol.md, Clocks); anything else out of place fails
 * the test. */
static const char *const passing[] = { "error ", "chat ", "used ", NULL };

static char *
read_to_end (RawClient *client)
{
  GString *all = g_string_new (NULL);

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *line = raw_client_read_line (client, &error);
      if (!line)
        break;
      g_string_append_printf (all, "%s\n", line);
    }
  return g_string_free (all, FALSE);
}

/* One whole turn: the honest side commits first (its move is scripted at once). */
static void
raw_turn (Raw *raw, RawClient *client, guint turn)
{
  g_autofree char *prefix = g_strdup_printf ("commit %u ", turn);
  g_autofree char *reveal_prefix = g_strdup_printf ("reveal %u ", turn);
  g_autofree char *commit = NULL, *reveal = NULL, *theirs = NULL, *their_reveal = NULL;

  net_test_commitment (raw->id, turn, raw->colour, raw->moves[turn], &commit, &reveal);
  theirs = raw_client_expect (client, prefix, passing);
  raw_client_sendf_if_open (client, "%s", commit);
  their_reveal = raw_client_expect (client, reveal_prefix, passing);
  raw_client_sendf_if_open (client, "%s", reveal);
}

/* The turn aborted: the hostile side commits (to its move, or garbage), reads the honest
 * reveal, and hangs up without revealing. */
static void
raw_abort (Raw *raw, RawClient *client, guint turn, gboolean garbage)
{
  g_autofree char *prefix = g_strdup_printf ("commit %u ", turn);
  g_autofree char *reveal_prefix = g_strdup_printf ("reveal %u ", turn);
  g_autofree char *commit = NULL, *reveal = NULL, *theirs = NULL, *their_reveal = NULL;

  net_test_commitment (raw->id, turn, raw->colour, raw->moves[turn], &commit, &reveal);
  g_strlcpy (raw->committed_reveal, reveal, sizeof raw->committed_reveal);
  theirs = raw_client_expect (client, prefix, passing);
  if (garbage)
    raw_client_sendf_if_open (client, "commit %u %064x 0\n", turn, 0);
  else
    raw_client_sendf_if_open (client, "%s", commit);
  their_reveal = raw_client_expect (client, reveal_prefix, passing);
}

static RawClient *
server_accept (Raw *raw)
{
  return raw_client_accept (raw->listener, raw->identity);
}

/* After the break: the same turn again, with another move (or the one committed to). */
static void
raw_after_abort (Raw *raw, RawClient *client, guint turn)
{
  g_autofree char *commit = NULL, *reveal = NULL;

  if (raw->how == CASE_ABORT_HELD)
    {
      raw_client_sendf_if_open (client, "%s", raw->committed_reveal);
      return;
    }
  net_test_commitment (raw->id, turn, raw->colour, raw->other_move, &commit, &reveal);
  if (raw->how != CASE_ABORT_CLAIM_AHEAD)
    raw_client_sendf_if_open (client, "%s", commit);
  raw_client_sendf_if_open (client, "%s", reveal);
}

static void
keep_alive (Raw *raw, RawClient *client, int seconds)
{
  for (int i = 0; i < seconds * 10 && !g_atomic_int_get (&raw->stop); i++)
    {
      raw_client_sendf_if_open (client, "ping %d\n", i + 1);
      g_usleep (100 * 1000);
    }
}

/* The hostile guest against the honest host. */
static gpointer
hostile_guest (gpointer data)
{
  Raw *raw = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (RawClient) client = raw_client_connect ("127.0.0.1", raw->port, raw->identity, &error);
  g_autofree char *hello = NULL, *options = NULL, *rest = NULL;

  g_assert_no_error (error);
  raw_client_sendf_if_open (client, "hello synchess 2 Mallory\n");
  hello = raw_client_expect (client, "hello synchess 2", passing);
  options = raw_client_expect (client, "options ", passing);
  g_strlcpy (raw->id, net_test_parse (options).id, sizeof raw->id);
  raw_client_sendf_if_open (client, "accept fog=no\n");
  for (guint turn = 0; turn < 3; turn++)
    raw_turn (raw, client, turn);

  switch (raw->how)
    {
    case CASE_TAKEBACK:
      g_free (raw_client_expect (client, "commit 3 ", passing));
      for (int attempt = 0; attempt < 2; attempt++)
        {
          g_autoptr (RawClient) again = NULL;
          g_autofree char *resume = NULL;
          SynMessage m;

          g_clear_pointer (&client, raw_client_free);
          g_usleep (200 * 1000);
          again = raw_client_connect ("127.0.0.1", raw->port, raw->identity, &error);
          g_assert_no_error (error);
          raw_client_sendf_if_open (again, "hello synchess 2 Mallory\n");
          g_free (raw_client_expect (again, "hello synchess 2", passing));
          resume = raw_client_expect (again, "resume ", passing);
          m = net_test_parse (resume);
          /* "I missed the end of your last turn": the host's move taken back, for free. */
          raw_client_sendf_if_open (again, "accept turns=%u\n", m.turns - 1);
          g_usleep (200 * 1000);
        }
      return NULL;

    case CASE_ABORT_OTHER_MOVE:
    case CASE_ABORT_CLAIM_AHEAD:
    case CASE_ABORT_GARBAGE:
    case CASE_ABORT_HELD:
      {
        g_autoptr (RawClient) again = NULL;
        g_autofree char *resume = NULL;

        raw_abort (raw, client, 3, raw->how == CASE_ABORT_GARBAGE);
        g_clear_pointer (&client, raw_client_free);
        g_usleep (200 * 1000);
        again = raw_client_connect ("127.0.0.1", raw->port, raw->identity, &error);
        g_assert_no_error (error);
        raw_client_sendf_if_open (again, "hello synchess 2 Mallory\n");
        g_free (raw_client_expect (again, "hello synchess 2", passing));
        resume = raw_client_expect (again, "resume ", passing);
        g_assert_cmpuint (net_test_parse (resume).turns, ==, 3);
        /* Claiming to be ahead, the hostile side reveals at once (docs/protocol.md). */
        raw_client_sendf_if_open (
            again, "accept turns=%u\n",
            raw->how == CASE_ABORT_CLAIM_AHEAD || raw->how == CASE_ABORT_HELD ? 4 : 3);
        raw_after_abort (raw, again, 3);
        keep_alive (raw, again, 2);
        return NULL;
      }

    case CASE_WITHHOLD:
      {
        g_autofree char *commit = NULL, *reveal = NULL;
        g_free (raw_client_expect (client, "commit 3 ", passing));
        net_test_commitment (raw->id, 3, raw->colour, raw->moves[3], &commit, &reveal);
        raw_client_sendf_if_open (client, "%s", commit);
        g_free (raw_client_expect (client, "reveal 3 ", passing));
        /* Connected, answering nothing: the game would stand still for ever. */
        keep_alive (raw, client, 10);
        rest = read_to_end (client);
        return NULL;
      }

    case CASE_WALK_AWAY:
    default:
      g_free (raw_client_expect (client, "commit 3 ", passing));
      return NULL;
    }
}

/* The hostile host against the honest guest. */
static gpointer
hostile_host (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = server_accept (raw);
  g_autoptr (RawClient) again = NULL;
  g_autofree char *hello = NULL, *answer = NULL;
  char digest[2 * SYN_PROTOCOL_DIGEST_SIZE + 1], previous[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  guint played = raw->how == CASE_REUSE_ID ? 1 : 3;

  raw_client_sendf_if_open (client, "hello synchess 2 Mallory\n");
  hello = raw_client_expect (client, "hello synchess 2", passing);
  raw_client_sendf_if_open (client,
                            "options id=%s variant=psc tc=%s fog=no colour=white date=2026.01.01\n",
                            raw->id, raw->timed ? "1500+0" : "-");
  g_free (raw_client_expect (client, "accept fog=no", passing));
  for (guint turn = 0; turn < played; turn++)
    raw_turn (raw, client, turn);

  if (raw->how == CASE_WITHHOLD)
    {
      g_autofree char *commit = NULL, *reveal = NULL;
      g_free (raw_client_expect (client, "commit 3 ", passing));
      net_test_commitment (raw->id, 3, raw->colour, raw->moves[3], &commit, &reveal);
      raw_client_sendf_if_open (client, "%s", commit);
      g_free (raw_client_expect (client, "reveal 3 ", passing));
      /* Connected, answering nothing: the game would stand still for ever. */
      keep_alive (raw, client, 10);
      raw->tail = read_to_end (client);
      return NULL;
    }
  if (raw->how == CASE_TAKEBACK || raw->how == CASE_REUSE_ID)
    {
      g_autofree char *prefix = g_strdup_printf ("commit %u ", played);
      g_free (raw_client_expect (client, prefix, passing));
    }
  else
    raw_abort (raw, client, 3, raw->how == CASE_ABORT_GARBAGE);
  g_clear_pointer (&client, raw_client_free);

  /* The honest guest comes back by itself. */
  again = server_accept (raw);
  raw_client_sendf_if_open (again, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (again, "hello synchess 2", passing));
  switch (raw->how)
    {
    case CASE_TAKEBACK:
      /* The right digests of the game cut back a turn: "I missed the end of the last". */
      net_test_saved_digest (raw->id, 2, digest);
      net_test_saved_digest (raw->id, 1, previous);
      raw_client_sendf_if_open (again, "resume id=%s colour=white turns=2 digest=%s previous=%s\n",
                                raw->id, digest, previous);
      answer = raw_client_expect (again, "accept ", passing);
      break;
    case CASE_REUSE_ID:
      raw_client_sendf_if_open (again, "resume id=%s colour=white turns=7 digest=%064x\n", raw->id,
                                0);
      answer = raw_client_expect (again, "decline", passing);
      g_free (answer);
      /* A new game under the saved one's id would write over its record. */
      raw_client_sendf_if_open (
          again, "options id=%s variant=psc tc=- fog=no colour=white date=2026.01.01\n", raw->id);
      answer = raw_client_read_message (again, NULL);
      break;
    default:
      net_test_saved_digest (raw->id, 3, digest);
      net_test_saved_digest (raw->id, 2, previous);
      raw_client_sendf_if_open (again, "resume id=%s colour=white turns=3 digest=%s previous=%s\n",
                                raw->id, digest, previous);
      answer = raw_client_expect (again, "accept ", passing);
      raw_after_abort (raw, again, 3);
      break;
    }
  keep_alive (raw, again, 1);
  return NULL;
}

/* The cases -------------------------------------------------------------------------------- */

typedef struct
{
  const char *path;
  Case how;
  gboolean host;
  gboolean timed;
} TestCase;

static gboolean
on_claim_cb (gpointer user_data)
{
  Honest *h = user_data;
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_peer_claim_abandoned (h->peer, &error));
  g_assert_no_error (error);
  return G_SOURCE_REMOVE;
}

static void
on_claimable_claim_cb (SynPeer *peer, gboolean claimable, Honest *h)
{
  if (claimable)
    g_idle_add (on_claim_cb, h);
}

static void
on_over_stop_cb (SynPeer *peer, Raw *raw)
{
  g_atomic_int_set (&raw->stop, 1);
}

static void
wait_idle (Honest *h)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (syn_peer_is_connected (h->peer))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  net_test_spin (50);
}

static void
test_guest_side (gconstpointer data)
{
  const TestCase *test_case = data;
  static guint counter;
  g_autofree char *name = g_strdup_printf ("resume-host-%u", ++counter);
  g_autofree char *hostile_name = g_strdup_printf ("resume-hostile-%u", counter);
  g_autoptr (SynIdentity) identity = net_test_identity (name);
  g_autoptr (SynIdentity) hostile = net_test_identity (hostile_name);
  /* A withheld reveal is to lose on time soon; other timed games have time to spare. */
  SynTimeControl tc = { !test_case->timed ? 0 : test_case->how == CASE_WITHHOLD ? 1500 : 60000, 0 };
  g_autoptr (Honest) h = honest_new (identity, TRUE, &tc);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) saved = NULL;
  Raw raw = { .how = test_case->how,
              .identity = hostile,
              .honest = h,
              .colour = SYN_BLACK,
              .moves = black_moves,
              .other_move = "a7a6" };

  g_assert_true (syn_peer_listen (h->peer, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  raw.port = syn_peer_get_port (h->peer);
  /* Only where the hostile side stops playing may the game be claimed; elsewhere it comes
   * back, and must find its game still there. */
  if (test_case->how == CASE_WITHHOLD || test_case->how == CASE_WALK_AWAY)
    {
      syn_peer_set_abandon_timeout (h->peer, 300);
      g_signal_connect (h->peer, "abandon-claimable", G_CALLBACK (on_claimable_claim_cb), h);
    }
  g_signal_connect (h->peer, "game-over", G_CALLBACK (on_over_stop_cb), &raw);
  net_test_run_thread (hostile_guest, &raw, 60);
  if (test_case->how == CASE_WALK_AWAY)
    net_test_wait (&h->over, 10, "the claim of the game the guest walked away from");
  wait_idle (h);

  saved = net_test_saved_game (raw.id);
  switch (test_case->how)
    {
    case CASE_TAKEBACK:
      /* Attack 4: no executed turn is ever taken back. */
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_false (syn_game_is_over (saved));
      break;
    case CASE_ABORT_HELD:
      {
        /* The aborter is held to its first move, which brought the host forward. */
        g_autofree char *move = saved_move (saved, 3, SYN_BLACK);
        g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 4);
        g_assert_cmpstr (move, ==, black_moves[3]);
        g_assert_false (syn_game_is_over (saved));
      }
      break;
    case CASE_ABORT_OTHER_MOVE:
    case CASE_ABORT_CLAIM_AHEAD:
    case CASE_ABORT_GARBAGE:
      /* Attack 5: another move than the one committed to before the break loses. */
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_true (syn_game_is_over (saved));
      g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
      break;
    case CASE_WITHHOLD:
      /* Attack 6: a withheld reveal runs the clock, or lets the game be claimed. */
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_true (syn_game_is_over (saved));
      g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
      g_assert_cmpstr (syn_game_get_reason (saved), ==, test_case->timed ? "time" : "abandoned");
      break;
    case CASE_WALK_AWAY:
    default:
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_true (syn_game_is_over (saved));
      g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
      g_assert_cmpstr (syn_game_get_reason (saved), ==, "abandoned");
      break;
    }
}

static void
test_host_side (gconstpointer data)
{
  const TestCase *test_case = data;
  static guint counter;
  g_autofree char *name = g_strdup_printf ("resume-guest-%u", ++counter);
  g_autofree char *hostile_name = g_strdup_printf ("resume-hostile-host-%u", counter);
  g_autoptr (SynIdentity) identity = net_test_identity (name);
  g_autoptr (SynIdentity) hostile = net_test_identity (hostile_name);
  g_autoptr (Honest) h = honest_new (identity, FALSE, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) saved = NULL;
  Raw raw = { .how = test_case->how,
              .host = TRUE,
              .identity = hostile,
              .honest = h,
              .colour = SYN_WHITE,
              .moves = white_moves,
              .other_move = "a2a3",
              .listener = listener };

  g_snprintf (raw.id, sizeof raw.id, "hostile-host-game-%u", counter);
  g_assert_true (g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  g_assert_no_error (error);
  raw.port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  raw.timed = test_case->timed;
  h->moves = black_moves;
  h->port = raw.port;
  /* The honest guest comes back after a break, except where the hostile host stays. */
  h->reconnect = test_case->how != CASE_WITHHOLD;
  if (test_case->how == CASE_WITHHOLD)
    {
      syn_peer_set_abandon_timeout (h->peer, 300);
      g_signal_connect (h->peer, "abandon-claimable", G_CALLBACK (on_claimable_claim_cb), h);
      g_signal_connect (h->peer, "game-over", G_CALLBACK (on_over_stop_cb), &raw);
    }
  syn_peer_connect_async (h->peer, "127.0.0.1", raw.port, NULL, on_connected_cb, h);
  net_test_run_thread (hostile_host, &raw, 60);
  h->reconnect = FALSE;
  wait_idle (h);
  g_socket_listener_close (listener);

  saved = net_test_saved_game (raw.id);
  switch (test_case->how)
    {
    case CASE_TAKEBACK:
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_false (syn_game_is_over (saved));
      break;
    case CASE_WITHHOLD:
      /* Attack 6: a withheld reveal runs the clock, or lets the game be claimed. */
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_true (syn_game_is_over (saved));
      g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_BLACK_WINS);
      g_assert_cmpstr (syn_game_get_reason (saved), ==, test_case->timed ? "time" : "abandoned");
      break;
    case CASE_REUSE_ID:
      /* Attack 11: the saved game is still there, whole. */
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
      g_assert_false (syn_game_is_over (saved));
      break;
    default:
      g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 3);
      g_assert_true (syn_game_is_over (saved));
      g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_BLACK_WINS);
      break;
    }
  g_free (raw.tail);
}

/* The seed draw (HUT-R10) ------------------------------------------------------------------ */

static char *
seed_commit_line (Raw *raw, const char *id, guint8 coin[SYN_PROTOCOL_COIN_SIZE], char **reveal_line)
{
  guint8 salt[SYN_PROTOCOL_SALT_SIZE], digest[SYN_PROTOCOL_DIGEST_SIZE];
  char salt_text[2 * SYN_PROTOCOL_SALT_SIZE + 1], coin_text[2 * SYN_PROTOCOL_COIN_SIZE + 1];
  char digest_text[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  net_test_random_salt (salt, salt_text);
  syn_protocol_hex (coin, SYN_PROTOCOL_COIN_SIZE, coin_text);
  syn_protocol_seed_commitment (id, raw->colour, coin, salt, digest);
  syn_protocol_hex (digest, sizeof digest, digest_text);
  *reveal_line = g_strdup_printf ("seed reveal %s %s\n", coin_text, salt_text);
  return g_strdup_printf ("seed commit %s\n", digest_text);
}

/* Commits to a coin, reads the honest side's coin, and breaks the connection. */
static void
seed_abort (Raw *raw, RawClient *client, const char *id, char **kept_reveal)
{
  g_autofree char *commit = NULL;

  for (gsize i = 0; i < sizeof raw->coin; i++)
    raw->coin[i] = (guint8) g_random_int ();
  commit = seed_commit_line (raw, id, raw->coin, kept_reveal);
  raw->first_commit = raw_client_expect (client, "seed commit ", passing);
  raw_client_sendf_if_open (client, "%s", commit);
  raw->first_reveal = raw_client_expect (client, "seed reveal ", passing);
}

/* After the break: another coin, or the one committed to. */
static void
seed_after_abort (Raw *raw, RawClient *client, const char *id, const char *kept_reveal)
{
  if (raw->how == CASE_SEED_HELD)
    raw_client_sendf_if_open (client, "%s", kept_reveal);
  else
    {
      guint8 other[SYN_PROTOCOL_COIN_SIZE];
      g_autofree char *commit = NULL, *reveal = NULL;
      for (gsize i = 0; i < sizeof other; i++)
        other[i] = (guint8) (raw->coin[i] ^ 0x5a);
      commit = seed_commit_line (raw, id, other, &reveal);
      raw_client_sendf_if_open (client, "%s", commit);
      raw_client_sendf_if_open (client, "%s", reveal);
    }
}

static gpointer
hostile_seed_guest (gpointer data)
{
  Raw *raw = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (RawClient) client = raw_client_connect ("127.0.0.1", raw->port, raw->identity, &error);
  g_autoptr (RawClient) again = NULL;
  g_autofree char *options = NULL, *kept_reveal = NULL;

  g_assert_no_error (error);
  raw_client_sendf_if_open (client, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (client, "hello synchess 2", passing));
  options = raw_client_expect (client, "options ", passing);
  g_strlcpy (raw->first_id, net_test_parse (options).id, sizeof raw->first_id);
  raw_client_sendf_if_open (client, "accept fog=no\n");
  seed_abort (raw, client, raw->first_id, &kept_reveal);
  g_clear_pointer (&client, raw_client_free);
  g_usleep (200 * 1000);

  again = raw_client_connect ("127.0.0.1", raw->port, raw->identity, &error);
  g_assert_no_error (error);
  raw_client_sendf_if_open (again, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (again, "hello synchess 2", passing));
  g_free (options);
  options = raw_client_expect (again, "options ", passing);
  g_strlcpy (raw->id, net_test_parse (options).id, sizeof raw->id);
  raw_client_sendf_if_open (again, "accept fog=no\n");
  raw->second_commit = raw_client_expect (again, "seed commit ", passing);
  if (g_str_equal (raw->id, raw->first_id))
    {
      /* The honest host, holding our commitment, reveals its coin again at once. */
      raw->second_reveal = raw_client_expect (again, "seed reveal ", passing);
      seed_after_abort (raw, again, raw->id, kept_reveal);
    }
  keep_alive (raw, again, 1);
  return NULL;
}

static gpointer
hostile_seed_host (gpointer data)
{
  Raw *raw = data;
  g_autoptr (RawClient) client = server_accept (raw);
  g_autoptr (RawClient) again = NULL;
  g_autofree char *kept_reveal = NULL;

  raw_client_sendf_if_open (client, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (client, "hello synchess 2", passing));
  raw_client_sendf_if_open (
      client, "options id=%s variant=hutnik tc=- fog=no colour=white date=2026.01.01\n", raw->id);
  g_free (raw_client_expect (client, "accept fog=no", passing));
  seed_abort (raw, client, raw->id, &kept_reveal);
  g_clear_pointer (&client, raw_client_free);

  again = server_accept (raw);
  raw_client_sendf_if_open (again, "hello synchess 2 Mallory\n");
  g_free (raw_client_expect (again, "hello synchess 2", passing));
  /* Another game that draws lots: another chance at the coin. */
  raw_client_sendf_if_open (again,
                            "options id=%s-again variant=hutnik tc=- fog=no colour=white "
                            "date=2026.01.01\n",
                            raw->id);
  raw->new_game_answer = raw_client_read_message (again, NULL);
  if (raw->new_game_answer && g_str_has_prefix (raw->new_game_answer, "decline"))
    {
      raw_client_sendf_if_open (
          again, "options id=%s variant=hutnik tc=- fog=no colour=white date=2026.01.01\n",
          raw->id);
      g_free (raw_client_expect (again, "accept fog=no", passing));
      raw->second_commit = raw_client_expect (again, "seed commit ", passing);
      raw->second_reveal = raw_client_expect (again, "seed reveal ", passing);
      seed_after_abort (raw, again, raw->id, kept_reveal);
    }
  keep_alive (raw, again, 1);
  return NULL;
}

static void
raw_clear (Raw *raw)
{
  g_free (raw->first_commit);
  g_free (raw->second_commit);
  g_free (raw->first_reveal);
  g_free (raw->second_reveal);
  g_free (raw->new_game_answer);
  g_free (raw->tail);
}

static gboolean
saved_exists (const char *id)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (id, ".synchess", NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);

  return g_file_query_exists (file, NULL);
}

/* The start of a Hutnik game whose seed the two coins gave. */
static char *
seeded_start (const char *reveal_line, const guint8 coin[SYN_PROTOCOL_COIN_SIZE])
{
  SynMessage m = net_test_parse (reveal_line);
  const SynVariant *variant = &syn_variant_hutnik;
  SynState start;
  SynFenError error;
  char fen[SYN_FEN_MAX_SIZE];

  g_assert_true (variant->read_state (variant->start_fen, &start, &error));
  variant->seed (&start, syn_hutnik_seed_from_coins (m.coin, coin));
  variant->write_state (&start, fen, sizeof fen);
  return g_strdup (fen);
}

static void
test_seed (gconstpointer data)
{
  const TestCase *test_case = data;
  static guint counter;
  g_autofree char *name = g_strdup_printf ("seed-honest-%u", ++counter);
  g_autofree char *hostile_name = g_strdup_printf ("seed-hostile-%u", counter);
  g_autoptr (SynIdentity) identity = net_test_identity (name);
  g_autoptr (SynIdentity) hostile = net_test_identity (hostile_name);
  g_autoptr (Honest) h = honest_new (identity, !test_case->host, NULL);
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  SynPeerOptions options = { &syn_variant_hutnik, { 0, 0 }, FALSE, SYN_WHITE };
  Raw raw = { .how = test_case->how,
              .host = test_case->host,
              .identity = hostile,
              .honest = h,
              .colour = test_case->host ? SYN_WHITE : SYN_BLACK,
              .listener = listener };

  h->moves = black_moves; /* no move is played: the draw is what counts */
  if (test_case->host)
    {
      g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
      g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
      g_autoptr (GSocketAddress) effective = NULL;

      g_snprintf (raw.id, sizeof raw.id, "hostile-seed-game-%u", counter);
      g_assert_true (g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM,
                                                    G_SOCKET_PROTOCOL_TCP, NULL, &effective,
                                                    &error));
      g_assert_no_error (error);
      raw.port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
      h->port = raw.port;
      h->reconnect = TRUE;
      syn_peer_connect_async (h->peer, "127.0.0.1", raw.port, NULL, on_connected_cb, h);
      net_test_run_thread (hostile_seed_host, &raw, 60);
      h->reconnect = FALSE;
    }
  else
    {
      syn_peer_set_options (h->peer, &options);
      g_assert_true (syn_peer_listen (h->peer, "127.0.0.1", 0, &error));
      g_assert_no_error (error);
      raw.port = syn_peer_get_port (h->peer);
      net_test_run_thread (hostile_seed_guest, &raw, 60);
    }
  wait_idle (h);
  g_socket_listener_close (listener);

  if (test_case->host)
    {
      /* The honest guest plays no other game that draws lots before this draw is done, */
      g_autofree char *other_id = g_strdup_printf ("%s-again", raw.id);
      g_assert_nonnull (raw.new_game_answer);
      g_assert_true (g_str_has_prefix (raw.new_game_answer, "decline"));
      g_assert_false (saved_exists (other_id));
    }
  else
    /* The honest host draws the same game again, */
    g_assert_cmpstr (raw.id, ==, raw.first_id);
  /* with the same coin, committed to and revealed again as the first time. */
  g_assert_cmpstr (raw.second_commit, ==, raw.first_commit);
  g_assert_cmpstr (raw.second_reveal, ==, raw.first_reveal);
  if (test_case->how == CASE_SEED_HELD)
    {
      /* The hostile side's first coin, and no other, gave the seed of the saved game. */
      g_autoptr (SynGame) saved = net_test_saved_game (raw.id);
      g_autofree char *expected = seeded_start (raw.first_reveal, raw.coin);
      char fen[SYN_FEN_MAX_SIZE];
      syn_variant_hutnik.write_state (syn_game_get_start (saved), fen, sizeof fen);
      g_assert_cmpstr (fen, ==, expected);
    }
  else
    /* Another coin was a bad reveal: no game started from it. */
    g_assert_false (saved_exists (raw.id));
  raw_clear (&raw);
}

static const TestCase cases[] = {
  { "/net/hostile-resume/guest/takeback-by-accept", CASE_TAKEBACK, FALSE, FALSE },
  { "/net/hostile-resume/guest/abort-then-other-move", CASE_ABORT_OTHER_MOVE, FALSE, FALSE },
  { "/net/hostile-resume/guest/abort-then-claim-ahead", CASE_ABORT_CLAIM_AHEAD, FALSE, FALSE },
  { "/net/hostile-resume/guest/abort-garbage-digest", CASE_ABORT_GARBAGE, FALSE, FALSE },
  { "/net/hostile-resume/guest/abort-held-to-first-move", CASE_ABORT_HELD, FALSE, FALSE },
  { "/net/hostile-resume/guest/abort-held-timed", CASE_ABORT_HELD, FALSE, TRUE },
  { "/net/hostile-resume/guest/abort-then-other-move-timed", CASE_ABORT_OTHER_MOVE, FALSE, TRUE },
  { "/net/hostile-resume/guest/withheld-reveal-untimed", CASE_WITHHOLD, FALSE, FALSE },
  { "/net/hostile-resume/guest/withheld-reveal-timed", CASE_WITHHOLD, FALSE, TRUE },
  { "/net/hostile-resume/guest/walks-away", CASE_WALK_AWAY, FALSE, FALSE },
  { "/net/hostile-resume/host/takeback-by-resume", CASE_TAKEBACK, TRUE, FALSE },
  { "/net/hostile-resume/host/abort-then-other-move", CASE_ABORT_OTHER_MOVE, TRUE, FALSE },
  { "/net/hostile-resume/host/abort-garbage-digest", CASE_ABORT_GARBAGE, TRUE, FALSE },
  { "/net/hostile-resume/host/withheld-reveal-untimed", CASE_WITHHOLD, TRUE, FALSE },
  { "/net/hostile-resume/host/withheld-reveal-timed", CASE_WITHHOLD, TRUE, TRUE },
  { "/net/hostile-resume/host/options-reuse-saved-id", CASE_REUSE_ID, TRUE, FALSE },
};

static const TestCase seed_cases[] = {
  { "/net/hostile-resume/guest/seed-abort-other-coin", CASE_SEED_OTHER_COIN, FALSE, FALSE },
  { "/net/hostile-resume/guest/seed-abort-held", CASE_SEED_HELD, FALSE, FALSE },
  { "/net/hostile-resume/host/seed-abort-other-coin", CASE_SEED_OTHER_COIN, TRUE, FALSE },
};

/* A version-1 program is told, on the wire and to the player, which versions the two speak
 * and that the older must be updated. */
typedef struct
{
  guint16 port;
  SynIdentity *identity;
  char *answer;
} VersionRun;

static gpointer
old_version_thread (gpointer data)
{
  VersionRun *run = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (RawClient) client = raw_client_connect ("127.0.0.1", run->port, run->identity, &error);

  g_assert_no_error (error);
  raw_client_sendf_if_open (client, "hello synchess 1 Old\n");
  g_free (raw_client_expect (client, "hello synchess 2", passing));
  run->answer = raw_client_expect (client, "error version ", passing);
  return NULL;
}

static void
on_version_error_cb (SynPeer *peer, const GError *error, char **message)
{
  if (g_error_matches (error, SYN_PEER_ERROR, SYN_PEER_ERROR_VERSION))
    {
      g_free (*message);
      *message = g_strdup (error->message);
    }
}

static void
test_old_version (void)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("version-host");
  g_autoptr (SynIdentity) old = net_test_identity ("version-old");
  g_autoptr (Honest) h = honest_new (identity, TRUE, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  VersionRun run = { 0, old, NULL };

  g_signal_connect (h->peer, "error", G_CALLBACK (on_version_error_cb), &message);
  g_assert_true (syn_peer_listen (h->peer, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  run.port = syn_peer_get_port (h->peer);
  net_test_run_thread (old_version_thread, &run, 30);
  wait_idle (h);
  g_assert_nonnull (strstr (run.answer, "version 1"));
  g_assert_nonnull (strstr (run.answer, "only version 2"));
  g_assert_nonnull (strstr (run.answer, "updated"));
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "version 1"));
  g_assert_nonnull (strstr (message, "version 2"));
  g_assert_nonnull (strstr (message, "updated"));
  g_free (run.answer);
}

/* The saved turn in progress reads back as written, and a damaged one is refused. */
static void
test_turn_file (void)
{
  static const char *const bad[] = {
    "",
    "[Turn]\n",
    "[Turn]\nTurn=100001\n",
    "[Turn]\nTurn=3\nOwn=e2e4\n",
    "[Turn]\nTurn=3\nOwn=e2e4\nOwnSalt=00\n",
    "[Turn]\nTurn=3\nOwn=\nOwnSalt=00000000000000000000000000000000\n",
    "[Turn]\nTurn=3\nTheirs=zz\n",
    /* Longer than any commitment's text, a Transactional one's too (TX-R17). */
    "[Turn]\nTurn=3\nLast="
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz\n"
    "LastSalt=00000000000000000000000000000000\n",
  };
  SynNetTurn turn, read;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  syn_net_turn_init (&turn, 12);
  turn.own = turn.theirs = turn.last = TRUE;
  g_strlcpy (turn.own_text, "e2e4", sizeof turn.own_text);
  g_strlcpy (turn.last_text, "-", sizeof turn.last_text);
  /* A Transactional mover's sealed text, kept to be sent again (TX-R15). */
  g_strlcpy (turn.own_sealed, "commit e7e5,d8h4 KQkq e6", sizeof turn.own_sealed);
  g_strlcpy (turn.last_sealed, "-", sizeof turn.last_sealed);
  for (gsize i = 0; i < sizeof turn.own_salt; i++)
    turn.own_salt[i] = turn.last_salt[i] = (guint8) (i * 17);
  memset (turn.their_digest, 0xab, sizeof turn.their_digest);
  turn.own_used_ms = 5300;
  turn.their_used_ms = 4100;
  text = syn_net_turn_write (&turn);
  g_assert_true (syn_net_turn_read (text, &read, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&read, sizeof read, &turn, sizeof turn);
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) bad_error = NULL;
      g_assert_false (syn_net_turn_read (bad[i], &read, &bad_error));
      g_assert_nonnull (bad_error);
    }
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-hostile-resume");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/hostile-resume/turn-file/round-trip-and-refusals", test_turn_file);
  g_test_add_func ("/net/hostile-resume/version-1-told-to-update", test_old_version);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].path, &cases[i],
                          cases[i].host ? test_host_side : test_guest_side);
  for (gsize i = 0; i < G_N_ELEMENTS (seed_cases); i++)
    g_test_add_data_func (seed_cases[i].path, &seed_cases[i], test_seed);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
