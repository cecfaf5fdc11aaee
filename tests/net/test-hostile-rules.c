/* test-hostile-rules.c: a host against a guest that speaks the wire itself and bends the
 * game's rules rather than the protocol's: a claim outside Transactional or out of turn, a
 * Transactional claim followed by leaving before the audit, a claim whose audit is withheld,
 * an impossible commit, lock questions about every square, lock questions asked again
 * after leaving and resuming, a false commit that mates followed by leaving before the
 * audit, a clock reported as unused. Each case asserts what the honest side saved.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "net-test-util.h"
#include "syn-net-game.h"
#include "syn-protocol.h"
#include "syn-record-private.h"
#include "syn-record.h"
#include "syn-tx-audit-log.h"
#include "transactional.h"

static char *test_dir;
static guint hostile_games;

typedef struct
{
  SynIdentity *identity;
  SynIdentity *hostile_identity;
  SynPeer *host;
  NetBot *bot;
  guint16 port;
} Fixture;

typedef struct
{
  const SynVariant *variant;
  SynTimeControl tc;
  const char *fen; /* the start, or NULL */
} Setup;

static const Setup psc_game = { &syn_variant_psc, { 0, 0 } };
static const Setup tx_game = { &syn_variant_transactional, { 0, 0 } };
static const Setup timed_game = { &syn_variant_psc, { 5000, 0 } };
static const Setup timed_tx_game = { &syn_variant_transactional, { 30000, 0 } };
/* Black moves first; its rook to a1 would mate white's king behind its pawns. */
static const Setup tx_back_rank
    = { &syn_variant_transactional, { 0, 0 }, "r3k3/8/8/8/8/8/6PP/7K b - - 0 1 T1:- T2:-" };

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  static guint counter;
  g_autofree char *host_name = g_strdup_printf ("rules-host-%u", ++counter);
  g_autofree char *hostile_name = g_strdup_printf ("rules-hostile-%u", counter);
  const Setup *setup = data;
  SynPeerOptions options = { setup->variant, setup->tc, FALSE, SYN_WHITE };
  g_autoptr (GError) error = NULL;

  if (setup->fen)
    g_strlcpy (options.start_fen, setup->fen, sizeof options.start_fen);

  f->identity = net_test_identity (host_name);
  f->hostile_identity = net_test_identity (hostile_name);
  f->host = syn_peer_new (f->identity, "Host");
  /* Saved, so that each case can read what the host recorded. */
  syn_peer_set_autosave (f->host, TRUE);
  syn_peer_set_options (f->host, &options);
  f->bot = net_bot_new (f->host, counter);
  g_assert_true (syn_peer_listen (f->host, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  f->port = syn_peer_get_port (f->host);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  net_test_close_host (&f->host, &f->bot);
  g_clear_object (&f->identity);
  g_clear_object (&f->hostile_identity);
}

/* The host's saved record of its game, read back from the autosave folder. */
static SynGame *
saved_game (Fixture *f)
{
  return net_test_saved_game (syn_game_get_id (syn_peer_get_game (f->host)));
}

static void
wait_hung_up (Fixture *f)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (syn_peer_is_connected (f->host))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  net_test_spin (20);
}

/* The raw client's side, on its own thread. ------------------------------------------------ */

typedef struct
{
  Fixture *f;
  char id[SYN_PROTOCOL_ID_MAX + 1];
  RawClient *client;
  guint answers_no, answers_yes, refusals; /* lock questions */
  gint64 used_ms;                          /* clock: what the guest reports */
  gint64 left_ms;                          /* clock: the guest's time left, as both count it */
  gboolean host_committed;                 /* the host's commitment to turn 0 is in */
} Raw;

/* A clock after a turn: rounded up to whole tenths of a second (docs/protocol.md, "Clocks"). */
static gint64
tenths_up (gint64 ms)
{
  return ms <= 0 ? 0 : (ms + 99) / 100 * 100;
}

static const guint8 salt[SYN_PROTOCOL_SALT_SIZE] = { 9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };

/* hello, the host's options (the host is white), accept. */
static void
raw_join (Raw *raw)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *hello = NULL;
  g_autofree char *options = NULL;

  raw->client = raw_client_connect ("127.0.0.1", raw->f->port, raw->f->hostile_identity, &error);
  g_assert_no_error (error);
  raw_client_sendf (raw->client, "hello synchess 2 Mallory\n");
  hello = raw_client_expect (raw->client, "hello synchess 2", NULL);
  options = raw_client_expect (raw->client, "options ", NULL);
  g_assert_cmpint (net_test_parse (options).colour, ==, SYN_WHITE);
  g_strlcpy (raw->id, net_test_parse (options).id, sizeof raw->id);
  raw_client_sendf (raw->client, "accept fog=no\n");
}

static void
send_commit (Raw *raw, guint turn, const char *move, gint64 used_ms)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  syn_protocol_commitment (raw->id, turn, SYN_BLACK, move, salt, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  raw_client_sendf (raw->client, "commit %u %s %" G_GINT64_FORMAT "\n", turn, hex, used_ms);
}

static void
send_reveal (Raw *raw, guint turn, const char *move)
{
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
  raw_client_sendf (raw->client, "reveal %u %s %s\n", turn, move, hex);
}

/* Transactional turn 0, the host's: black waits, answers its lock questions truthfully
 * (black holds no transaction yet, so nothing is locked), commits to "-" and reveals it.
 * Returns when the host's commitment to turn 1 (its wait) is in. */
static char *
expect_in_turn_zero (Raw *raw, const char *prefix)
{
  for (;;)
    {
      char *line = raw_client_expect (raw->client, "", NULL);
      if (g_str_has_prefix (line, prefix))
        return line;
      if (g_str_has_prefix (line, "lock 0 "))
        raw_client_sendf (raw->client, "locked 0 no\n");
      else if (g_str_has_prefix (line, "commit 0 "))
        raw->host_committed = TRUE;
      else
        g_error ("unexpected '%s' in turn 0", line);
      g_free (line);
    }
}

static void
tx_wait_turn_zero (Raw *raw)
{
  g_autofree char *sealed = NULL;
  g_autofree char *next = NULL;

  if (!raw->host_committed)
    g_free (expect_in_turn_zero (raw, "commit 0 "));
  send_commit (raw, 0, "-", 0);
  sealed = raw_client_expect (raw->client, "sealed 0 ", NULL);
  send_reveal (raw, 0, "-");
  next = raw_client_expect (raw->client, "commit 1 ", NULL);
}

/* Attack: `claim` in PSC, where no end is claimed, froze the game: every later message was
 * dropped and the record stayed unfinished. ------------------------------------------------ */

static gpointer
psc_claim_thread (gpointer data)
{
  Raw *raw = data;
  g_autofree char *commit = NULL;
  g_autofree char *refusal = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *next = NULL;

  raw_join (raw);
  commit = raw_client_expect (raw->client, "commit 0 ", NULL);
  raw_client_sendf (raw->client, "claim 0 checkmate\n");
  refusal = raw_client_expect (raw->client, "error bad-claim ", NULL);
  /* The game goes on: a move, then a resignation, both taken. */
  send_commit (raw, 0, "e7e5", 0);
  reveal = raw_client_expect (raw->client, "reveal 0 ", NULL);
  send_reveal (raw, 0, "e7e5");
  next = raw_client_expect (raw->client, "commit 1 ", NULL);
  raw_client_leave (raw->client);
  return NULL;
}

static void
test_psc_claim (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  net_test_run_thread (psc_claim_thread, &raw, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "resignation");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  saved = saved_game (f);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (saved), ==, "resignation");
}

/* Attack: in Transactional, the side that does not move claimed, which froze the game too. */
static gpointer
tx_claim_out_of_turn_thread (gpointer data)
{
  Raw *raw = data;
  g_autofree char *refusal = NULL;

  raw_join (raw);
  /* Turn 0 is white's: black may not claim. */
  raw_client_sendf (raw->client, "claim 0 stalemate\n");
  refusal = expect_in_turn_zero (raw, "error bad-claim ");
  tx_wait_turn_zero (raw);
  raw_client_leave (raw->client);
  return NULL;
}

static void
test_tx_claim_out_of_turn (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  net_test_run_thread (tx_claim_out_of_turn_thread, &raw, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "resignation");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  saved = saved_game (f);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
}

/* Attack: a false claim, then leaving before the audit: the host recorded the claimed result
 * "unchecked". Now it records nothing: the game stays unfinished, to be resumed. */
typedef struct
{
  Raw raw;
  const char *claim;
} ClaimCase;

static gpointer
tx_claim_and_leave_thread (gpointer data)
{
  ClaimCase *c = data;

  raw_join (&c->raw);
  tx_wait_turn_zero (&c->raw);
  raw_client_sendf (c->raw.client, "claim 1 %s\n", c->claim);
  g_usleep (200 * 1000);
  raw_client_free (c->raw.client);
  return NULL;
}

static void
claim_and_leave (Fixture *f, const char *claim)
{
  ClaimCase c = { { f }, claim };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  net_test_run_thread (tx_claim_and_leave_thread, &c, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_false (syn_game_is_over (game));
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  saved = saved_game (f);
  g_assert_false (syn_game_is_over (saved));
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_NONE);
}

static void
test_tx_stalemate_claim_and_leave (Fixture *f, gconstpointer data)
{
  claim_and_leave (f, "stalemate");
}

/* A hidden attack is refused at once when the host's turn 0 was no commit; else it waits for
 * the audit, like any claim. Either way nothing is recorded. */
static void
test_tx_hidden_attack_claim_and_leave (Fixture *f, gconstpointer data)
{
  claim_and_leave (f, "hidden-attack");
}

/* Attack: a claim whose audit never comes, the connection kept open: the claimant loses when
 * the time allowed has passed (reason audit-withheld). */
static gpointer
tx_claim_and_withhold_thread (gpointer data)
{
  Raw *raw = data;
  gint64 claimed_us;

  raw_join (raw);
  tx_wait_turn_zero (raw);
  raw_client_sendf (raw->client, "claim 1 stalemate\n");
  claimed_us = g_get_monotonic_time ();
  /* Sends nothing more. The host's audit, which would show its pending moves, comes only
   * once the game is decided: after the second it allows here. */
  for (;;)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *line = raw_client_read_message (raw->client, &error);
      if (!line)
        break;
      if (g_str_has_prefix (line, "audit "))
        {
          g_assert_cmpint (g_get_monotonic_time () - claimed_us, >=, 900 * 1000);
          break;
        }
    }
  raw_client_free (raw->client);
  return NULL;
}

static void
test_tx_claim_and_withhold (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  net_test_run_thread (tx_claim_and_withhold_thread, &raw, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "audit-withheld");
  saved = saved_game (f);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (saved), ==, "audit-withheld");
}

/* Attack: a commit that no turn of black's could have made (two pieces moved in its first
 * turn), the queen on f2 mating: the host recorded 0-1. Now it is refused at once. */
typedef struct
{
  Raw raw;
  const char *sealed;
} SealedCase;

static gpointer
tx_impossible_commit_thread (gpointer data)
{
  SealedCase *c = data;
  Raw *raw = &c->raw;
  g_autofree char *refusal = NULL;

  raw_join (raw);
  tx_wait_turn_zero (raw);
  send_commit (raw, 1, "f8c5/commit T4:-", 0);
  raw_client_sendf (raw->client, "sealed 1 %s\n", c->sealed);
  /* The host's reveal of its wait may come first. */
  refusal = raw_client_expect (raw->client, "", NULL);
  if (g_str_has_prefix (refusal, "reveal 1 "))
    {
      g_free (refusal);
      refusal = raw_client_expect (raw->client, "", NULL);
    }
  g_assert_true (g_str_has_prefix (refusal, "error illegal-move "));
  raw_client_free (raw->client);
  return NULL;
}

static void
impossible_commit (Fixture *f, const char *sealed)
{
  SealedCase c = { { f }, sealed };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  net_test_run_thread (tx_impossible_commit_thread, &c, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  saved = saved_game (f);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
}

static void
test_tx_impossible_commit (Fixture *f, gconstpointer data)
{
  impossible_commit (f, "commit f8c5,d8f2 KQkq -");
}

/* One piece, but a queen needs two moves from d8 to e5, and black has had one turn (e5 is
 * a square white's first move cannot lock, so only the count of moves refuses it). */
static void
test_tx_unreachable_commit (Fixture *f, gconstpointer data)
{
  impossible_commit (f, "commit d8e5 KQkq -");
}

/* Attack: lock questions about every square, each turn: the answers showed the host's pending
 * moves. Now a turn has one question per attempted move, each set once, none after a "no". */
static gpointer
tx_lock_flood_thread (gpointer data)
{
  Raw *raw = data;

  raw_join (raw);
  tx_wait_turn_zero (raw);
  for (int square = 0; square < 64; square++)
    {
      char text[3];
      g_autofree char *line = NULL;

      syn_square_to_text (square, text);
      raw_client_sendf (raw->client, "lock 1 %s\n", text);
      line = raw_client_expect (raw->client, "", NULL);
      if (g_str_equal (line, "locked 1 yes"))
        raw->answers_yes++;
      else if (g_str_equal (line, "locked 1 no"))
        raw->answers_no++;
      else if (g_str_has_prefix (line, "error bad-lock "))
        raw->refusals++;
      else
        g_error ("unexpected '%s'", line);
    }
  raw_client_leave (raw->client);
  return NULL;
}

static void
test_tx_lock_flood (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  SynGame *game;

  net_test_run_thread (tx_lock_flood_thread, &raw, 30);
  wait_hung_up (f);
  g_test_message ("answers: %u yes, %u no; %u refused", raw.answers_yes, raw.answers_no,
                  raw.refusals);
  /* a1 is white's own square, so a "no" comes first; then only a1 again may be asked (the
   * first question may have been TX-R6's), and a2 is refused. White's first turn locks at
   * most its move's two squares. */
  g_assert_cmpuint (raw.answers_no, ==, 1);
  g_assert_cmpuint (raw.answers_yes, <=, 2);
  g_assert_cmpuint (raw.refusals, ==, 64 - raw.answers_no - raw.answers_yes);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
}

/* Attack: ask, leave, resume, ask again. A turn broken off started afresh, its questions
 * forgotten, so each connection taught one more of the host's locks, and a move told "no"
 * no longer bound the asker. Now the questions of the turn in progress survive the resume:
 * after e5 was told "no" as the turn's first question, only e5 may be asked again. */
static RawClient *
raw_resume (Raw *raw, guint turns)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *hello = NULL;
  g_autofree char *resume = NULL;
  RawClient *client
      = raw_client_connect ("127.0.0.1", raw->f->port, raw->f->hostile_identity, &error);

  g_assert_no_error (error);
  raw->client = client;
  raw_client_sendf (raw->client, "hello synchess 2 Mallory\n");
  hello = raw_client_expect (raw->client, "hello synchess 2", NULL);
  resume = raw_client_expect (raw->client, "resume ", NULL);
  g_assert_cmpstr (net_test_parse (resume).id, ==, raw->id);
  g_assert_cmpuint (net_test_parse (resume).turns, ==, turns);
  raw_client_sendf (raw->client, "accept turns=%u\n", turns);
  return client;
}

/* The answer to a lock question of turn 1, past the host's commitment to its wait. */
static char *
lock_answer (Raw *raw)
{
  for (;;)
    {
      char *line = raw_client_expect (raw->client, "", NULL);
      if (!g_str_has_prefix (line, "commit 1 "))
        return line;
      g_free (line);
    }
}

static gpointer
tx_ask_leave_ask_thread (gpointer data)
{
  Raw *raw = data;
  g_autofree char *first = NULL, *second = NULL, *again = NULL;

  raw_join (raw);
  tx_wait_turn_zero (raw);
  /* No first move of white's can lock e5 or d5: both are "no" when asked first. */
  raw_client_sendf (raw->client, "lock 1 e5\n");
  first = lock_answer (raw);
  g_assert_cmpstr (first, ==, "locked 1 no");
  raw_client_free (raw->client);
  g_usleep (200 * 1000);

  raw_resume (raw, 1);
  raw_client_sendf (raw->client, "lock 1 d5\n");
  second = lock_answer (raw);
  g_assert_true (g_str_has_prefix (second, "error bad-lock "));
  /* The question whose answer a broken connection may have lost is answered again, alike. */
  raw_client_sendf (raw->client, "lock 1 e5\n");
  again = lock_answer (raw);
  g_assert_cmpstr (again, ==, "locked 1 no");
  raw_client_free (raw->client);
  return NULL;
}

static void
test_tx_ask_leave_ask (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) saved = NULL;
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autoptr (GError) error = NULL;
  guint n_turn_questions = 0;
  SynGame *game;

  net_test_run_thread (tx_ask_leave_ask_thread, &raw, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_false (syn_game_is_over (game));
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  saved = saved_game (f);
  g_assert_false (syn_game_is_over (saved));
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
  /* What the host saved for the audit holds the one question it answered in turn 1. */
  log = syn_tx_audit_log_load (syn_game_get_id (game), &error);
  g_assert_no_error (error);
  for (guint i = 0; i < log->questions->len; i++)
    {
      const SynTxLockAnswer *q = &g_array_index (log->questions, SynTxLockAnswer, i);
      if (q->turn != 1)
        continue;
      n_turn_questions++;
      g_assert_cmpuint (q->n_sets, ==, 1);
      g_assert_cmpuint (q->sets[0], ==, syn_bit (SYN_SQUARE (4, 4)));
      g_assert_false (q->locked);
    }
  g_assert_cmpuint (n_turn_questions, ==, 1);
}

/* Attack: a turn apart, the hostile side ahead sends a different sealed turn than the one it
 * committed to. Black commits to the plain move e7e5 (its sealed would be "-"), reads the
 * host's reveal of its wait (it holds the turn played), and leaves before sending its sealed:
 * the host is a turn behind. Resumed, black says it holds one turn more and sends a sealed
 * commit of e7e5 instead, which the host, never having seen the first, takes as it would
 * have then; the audit (TX-R17) finds that it does not describe the committed turn, and black
 * loses, reason audit. Before, the host refused the resume (wrong-turn) and the game stayed
 * unfinished on both sides. */
static gpointer
tx_apart_false_sealed_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *answer = NULL, *reveal = NULL, *hello = NULL, *resume = NULL;
  g_autofree char *sets = NULL;
  SynBitboard set = syn_tx_refusal_squares (
      syn_move_make (SYN_SQUARE (4, 6), SYN_SQUARE (4, 4), SYN_MOVE_PLAIN));
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  raw_join (raw);
  tx_wait_turn_zero (raw);
  /* A move's refusal squares are asked before its commitment (TX-R16). */
  sets = syn_tx_audit_write_sets (&set, 1);
  raw_client_sendf (raw->client, "lock 1 %s\n", sets);
  answer = lock_answer (raw);
  g_assert_cmpstr (answer, ==, "locked 1 no");
  send_commit (raw, 1, "e7e5 T2:e7e5", 0);
  reveal = raw_client_expect (raw->client, "reveal 1 - ", NULL);
  raw_client_free (raw->client);
  g_usleep (300 * 1000);

  raw->client = raw_client_connect ("127.0.0.1", raw->f->port, raw->f->hostile_identity, &error);
  g_assert_no_error (error);
  raw_client_sendf (raw->client, "hello synchess 2 Mallory\n");
  hello = raw_client_expect (raw->client, "hello synchess 2", NULL);
  resume = raw_client_expect (raw->client, "resume ", NULL);
  g_assert_cmpstr (net_test_parse (resume).id, ==, raw->id);
  g_assert_cmpuint (net_test_parse (resume).turns, ==, 1);
  raw_client_sendf (raw->client, "accept turns=2\n");
  raw_client_sendf (raw->client, "sealed 1 commit e7e5 KQkq -\n");
  raw_client_sendf (raw->client, "resign\n");
  /* The host's audit, then ours, which reveals the turn committed to. */
  for (;;)
    {
      g_autofree char *line = raw_client_expect (raw->client, "", NULL);
      if (g_str_equal (line, "audit end"))
        break;
      g_assert_true (g_str_has_prefix (line, "audit ") || g_str_has_prefix (line, "lock 2 ")
                     || g_str_has_prefix (line, "commit 2 "));
    }
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
  raw_client_sendf (raw->client, "audit 1 e7e5 T2:e7e5 %s\n", hex);
  raw_client_sendf (raw->client, "audit end\n");
  g_usleep (300 * 1000);
  raw_client_free (raw->client);
  return NULL;
}

static void
on_audit_cb (SynPeer *peer, gboolean clean, const char *why, int *result)
{
  *result = clean ? 1 : 0;
  g_test_message ("audit: %s", why ? why : "clean");
}

static void
test_tx_apart_false_sealed (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) saved = NULL;
  int audit = -1;
  SynGame *game;
  gint64 deadline;

  g_signal_connect (f->host, "audit-completed", G_CALLBACK (on_audit_cb), &audit);
  net_test_run_thread (tx_apart_false_sealed_thread, &raw, 30);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (audit < 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  g_signal_handlers_disconnect_by_func (f->host, on_audit_cb, &audit);
  g_assert_cmpint (audit, ==, 0);
  game = syn_peer_get_game (f->host);
  g_assert_cmpstr (syn_game_get_id (game), ==, raw.id);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "audit");
  saved = saved_game (f);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (saved), ==, "audit");
}

/* Attack: a false commit that mates, then leaving before the audit. Black's sealed commit
 * says its rook went a8-a1, which mates white (TX-R12), while black committed to another
 * move; the host claims its own mate and sends its audit, and black leaves without its own.
 * The host recorded 0-1 "unchecked". Now a result judged from the other side's sealed
 * commits waits for its audit: nothing is recorded at first, and once the time allowed has
 * passed without it, black loses (audit-withheld). */
static gpointer
tx_false_mate_and_leave_thread (gpointer data)
{
  Raw *raw = data;
  g_autofree char *commit = NULL, *reveal = NULL, *claim = NULL;

  raw_join (raw);
  commit = raw_client_expect (raw->client, "commit 0 ", NULL);
  send_commit (raw, 0, "e8d8/commit T2:-", 0);
  reveal = raw_client_expect (raw->client, "reveal 0 ", NULL);
  raw_client_sendf (raw->client, "sealed 0 commit a8a1 - -\n");
  claim = raw_client_expect (raw->client, "claim 1 ", NULL);
  g_assert_cmpstr (claim, ==, "claim 1 checkmate");
  for (;;)
    {
      g_autofree char *line = raw_client_expect (raw->client, "audit ", NULL);
      if (g_str_equal (line, "audit end"))
        break;
    }
  raw_client_free (raw->client);
  return NULL;
}

/* The host's saved record, or NULL when none was saved yet. */
static SynGame *
saved_game_if_any (Fixture *f)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name
      = g_strconcat (syn_game_get_id (syn_peer_get_game (f->host)), SYN_RECORD_SUFFIX, NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);

  if (!g_file_query_exists (file, NULL))
    return NULL;
  return saved_game (f);
}

static void
test_tx_false_mate_and_leave (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) before = NULL;
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  net_test_run_thread (tx_false_mate_and_leave_thread, &raw, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpstr (syn_game_get_reason (game), ==, "checkmate");
  /* The connection is gone and the audit has not come: the mate is not recorded. */
  before = saved_game_if_any (f);
  if (before)
    {
      g_assert_false (syn_game_is_over (before));
      g_assert_cmpint (syn_game_get_result (before), ==, SYN_RESULT_NONE);
    }
  /* Past the time allowed (a second here), the withheld audit loses. */
  net_test_spin (1500);
  game = syn_peer_get_game (f->host);
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "audit-withheld");
  saved = saved_game (f);
  g_assert_true (syn_game_is_over (saved));
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (saved), ==, "audit-withheld");
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
}

/* Attack: USED_MS 0 every turn while thinking 1.5 s a turn kept a 5 s clock full. Now the
 * host raises it to what it saw (its commitment out, the guest's in) and says so with `used`
 * before its reveal; both records carry the raised time. */
static gpointer
clock_lie_thread (gpointer data)
{
  Raw *raw = data;
  static const char *const moves[] = { "e7e5", "d7d6" };

  raw_join (raw);
  raw->left_ms = 5000;
  for (guint turn = 0; turn < G_N_ELEMENTS (moves); turn++)
    {
      g_autofree char *prefix = g_strdup_printf ("commit %u ", turn);
      g_autofree char *used_prefix = g_strdup_printf ("used %u ", turn);
      g_autofree char *reveal_prefix = g_strdup_printf ("reveal %u ", turn);
      g_autofree char *commit = raw_client_expect (raw->client, prefix, NULL);
      g_autofree char *used = NULL;
      g_autofree char *reveal = NULL;

      g_usleep (1500 * 1000);
      send_commit (raw, turn, moves[turn], 0);
      used = raw_client_expect (raw->client, used_prefix, NULL);
      g_test_message ("the host says: %s", used);
      g_assert_cmpint (net_test_parse (used).used_ms, >=, 1400);
      raw->used_ms += net_test_parse (used).used_ms;
      raw->left_ms = tenths_up (raw->left_ms - net_test_parse (used).used_ms);
      reveal = raw_client_expect (raw->client, reveal_prefix, NULL);
      send_reveal (raw, turn, moves[turn]);
    }
  g_free (raw_client_expect (raw->client, "commit 2 ", NULL));
  raw_client_leave (raw->client);
  return NULL;
}

static void
test_clock_lie (Fixture *f, gconstpointer data)
{
  Raw raw = { f };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;
  gint64 left;

  net_test_run_thread (clock_lie_thread, &raw, 30);
  wait_hung_up (f);
  game = syn_peer_get_game (f->host);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
  left = syn_game_get_turn (game, 1)->remaining_ms[SYN_BLACK];
  g_test_message ("black's clock after two turns: %" G_GINT64_FORMAT " ms", left);
  /* Exactly what the host told the guest it took, the clock in whole tenths after each turn. */
  g_assert_cmpint (left, ==, raw.left_ms);
  g_assert_cmpint (left, <=, 5000 - 2 * 1400);
  saved = saved_game (f);
  /* The record keeps tenths of seconds. */
  g_assert_cmpint (syn_game_get_turn (saved, 1)->remaining_ms[SYN_BLACK], <=, left);
  g_assert_cmpint (syn_game_get_turn (saved, 1)->remaining_ms[SYN_BLACK], >, left - 100);
}

/* Found by the soak: in a step where one side waits, the mover's clock ran from the start of
 * the step, not from the arrival of the waiting side's commitment; a waiting side that was
 * slow to commit (a program stopped, a loaded machine) made the mover report more than had
 * passed since that commitment left, which the waiting side refused (`error clock`), and the
 * game stalled. ------------------------------------------------------------------------------ */

static gboolean
poke_bot_cb (gpointer data)
{
  net_bot_resume (data);
  return G_SOURCE_REMOVE;
}

static gpointer
late_wait_thread (gpointer data)
{
  Raw *raw = data;
  g_autofree char *reveal = NULL;
  g_autofree char *sealed = NULL;
  char *line;

  raw_join (raw);
  tx_wait_turn_zero (raw);
  send_commit (raw, 1, "a7a6 T2:a7a6", 0);
  raw_client_sendf (raw->client, "sealed 1 -\n");
  /* The host may raise black's time by the few milliseconds it saw. */
  reveal = raw_client_expect (raw->client, "", NULL);
  if (g_str_has_prefix (reveal, "used 1 "))
    {
      g_free (reveal);
      reveal = raw_client_expect (raw->client, "reveal 1 ", NULL);
    }
  /* Turn 2 is white's: black waits, and commits to it late. */
  g_usleep (1500 * 1000);
  send_commit (raw, 2, "-", 0);
  g_usleep (100 * 1000);
  g_idle_add (poke_bot_cb, raw->f->bot);
  while (g_str_has_prefix ((line = raw_client_expect (raw->client, "", NULL)), "lock 2 "))
    {
      raw_client_sendf (raw->client, "locked 2 no\n");
      g_free (line);
    }
  g_assert_true (g_str_has_prefix (line, "commit 2 "));
  raw->used_ms = net_test_parse (line).used_ms;
  g_free (line);
  sealed = raw_client_expect (raw->client, "sealed 2 ", NULL);
  send_reveal (raw, 2, "-");
  g_free (raw_client_expect (raw->client, "commit 3 ", NULL));
  raw_client_leave (raw->client);
  return NULL;
}

static void
test_clock_waits_for_commitment (Fixture *f, gconstpointer data)
{
  Raw raw = { f };

  f->bot->stop_at_turn = 2;
  net_test_run_thread (late_wait_thread, &raw, 30);
  wait_hung_up (f);
  g_test_message ("the mover reported %" G_GINT64_FORMAT " ms", raw.used_ms);
  /* PSC-R11: 100 ms passed between the waiting side's commitment and the mover's, not the
   * 1.6 s since the step began. */
  g_assert_cmpint (raw.used_ms, <, 1000);
  g_assert_cmpint (syn_game_get_n_turns (syn_peer_get_game (f->host)), ==, 3);
}

/* The same from a hostile host against a SynPeer guest. ------------------------------------ */

typedef struct
{
  SynIdentity *guest_identity;
  SynIdentity *hostile_identity;
  SynPeer *guest;
  NetBot *bot;
  GSocketListener *listener;
  guint16 port;
} GuestFixture;

static void
guest_set_up (GuestFixture *g, gconstpointer data)
{
  static guint counter;
  g_autofree char *guest_name = g_strdup_printf ("rules-guest-%u", ++counter);
  g_autofree char *hostile_name = g_strdup_printf ("rules-hostile-host-%u", counter);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;
  g_autoptr (GError) error = NULL;

  g->guest_identity = net_test_identity (guest_name);
  g->hostile_identity = net_test_identity (hostile_name);
  g->guest = syn_peer_new (g->guest_identity, "Guest");
  syn_peer_set_autosave (g->guest, TRUE);
  g->bot = net_bot_new (g->guest, 100 + counter);
  g->listener = g_socket_listener_new ();
  g_assert_true (g_socket_listener_add_address (g->listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &bound, &error));
  g_assert_no_error (error);
  g->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static void
guest_tear_down (GuestFixture *g, gconstpointer data)
{
  syn_peer_close (g->guest);
  net_test_spin (20);
  g_socket_listener_close (g->listener);
  g_clear_object (&g->listener);
  g_clear_pointer (&g->bot, net_bot_free);
  g_clear_object (&g->guest);
  g_clear_object (&g->guest_identity);
  g_clear_object (&g->hostile_identity);
}

static void
on_guest_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  syn_peer_connect_finish (SYN_PEER (source), result, &error);
}

typedef struct
{
  GuestFixture *g;
  Raw raw;          /* its client is the host's end of the connection */
  SynColour colour; /* the host's */
  gboolean restart; /* the guest's program starts again after the break */
} RawHost;

/* Accepts the guest, speaks TLS as a host would, and hello both ways. */
static void
raw_host_accept (RawHost *h)
{
  g_autofree char *hello = NULL;

  h->raw.client = raw_client_accept (h->g->listener, h->g->hostile_identity);
  hello = raw_client_expect (h->raw.client, "hello synchess 2", NULL);
  raw_client_sendf (h->raw.client, "hello synchess 2 Mallory\n");
}

/* raw_host_accept(), then a new game in which the host is white. */
static void
raw_host_start (RawHost *h, const char *variant, const char *tc)
{
  g_autofree char *accept = NULL;

  raw_host_accept (h);
  /* A new id for each game: a guest refuses one that names a game it has saved. */
  g_snprintf (h->raw.id, sizeof h->raw.id, "2026-11-26-000000-hostile-%u", ++hostile_games);
  raw_client_sendf (h->raw.client,
                    "options id=%s variant=%s tc=%s fog=no colour=%s date=2026.11.26\n", h->raw.id,
                    variant, tc, h->colour == SYN_WHITE ? "white" : "black");
  accept = raw_client_expect (h->raw.client, "accept ", NULL);
}

static void
host_commit (RawHost *h, guint turn, const char *move, gint64 used_ms)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  syn_protocol_commitment (h->raw.id, turn, h->colour, move, salt, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  raw_client_sendf (h->raw.client, "commit %u %s %" G_GINT64_FORMAT "\n", turn, hex, used_ms);
}

static void
run_against_guest (GuestFixture *g, GThreadFunc func, RawHost *h)
{
  h->g = g;
  h->raw.client = NULL;
  syn_peer_connect_async (g->guest, "127.0.0.1", g->port, NULL, on_guest_connected_cb, NULL);
  net_test_run_thread (func, h, 40);
  /* The guest notices the end of the connection. */
  for (gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       syn_peer_is_connected (g->guest);)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  net_test_spin (20);
}

static SynGame *
guest_saved_game (GuestFixture *g)
{
  return net_test_saved_game (syn_game_get_id (syn_peer_get_game (g->guest)));
}

/* A PSC host claims: refused, and the game goes on to the host's resignation. */
static gpointer
host_psc_claim_thread (gpointer data)
{
  RawHost *h = data;
  g_autofree char *refusal = NULL;
  g_autofree char *commit = NULL;
  g_autofree char *reveal = NULL;

  raw_host_start (h, "psc", "-");
  raw_client_sendf (h->raw.client, "claim 0 checkmate\n");
  refusal = raw_client_expect (h->raw.client, "error bad-claim ", NULL);
  commit = raw_client_expect (h->raw.client, "commit 0 ", NULL);
  host_commit (h, 0, "e2e4", 0);
  reveal = raw_client_expect (h->raw.client, "reveal 0 ", NULL);
  raw_client_leave (h->raw.client);
  return NULL;
}

static void
test_host_psc_claim (GuestFixture *g, gconstpointer data)
{
  RawHost h = { 0 };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  run_against_guest (g, host_psc_claim_thread, &h);
  game = syn_peer_get_game (g->guest);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_BLACK_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "resignation");
  saved = guest_saved_game (g);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_BLACK_WINS);
}

/* A Transactional host claims stalemate at the start of its first turn and leaves: the guest
 * records nothing. */
static gpointer
host_tx_claim_thread (gpointer data)
{
  RawHost *h = data;
  g_autofree char *commit = NULL;

  raw_host_start (h, "transactional", "-");
  /* The guest waits: it commits to its wait at once. */
  commit = raw_client_expect (h->raw.client, "commit 0 ", NULL);
  raw_client_sendf (h->raw.client, "claim 0 stalemate\n");
  g_usleep (200 * 1000);
  raw_client_free (h->raw.client);
  return NULL;
}

static void
test_host_tx_claim_and_leave (GuestFixture *g, gconstpointer data)
{
  RawHost h = { 0 };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  run_against_guest (g, host_tx_claim_thread, &h);
  game = syn_peer_get_game (g->guest);
  g_assert_false (syn_game_is_over (game));
  saved = guest_saved_game (g);
  g_assert_false (syn_game_is_over (saved));
}

/* A Transactional host, black, announces a commit no turn of its could have made: the queen
 * from d8 to e5 in its first turn (a square white's first move cannot lock). The guest
 * refuses it at once: the host loses. */
static gpointer
host_impossible_commit_thread (gpointer data)
{
  RawHost *h = data;
  g_autofree char *sealed = NULL;
  g_autofree char *commit = NULL;
  g_autofree char *refusal = NULL;
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  h->colour = SYN_BLACK;
  raw_host_start (h, "transactional", "-");
  /* Turn 0 is the guest's: answer its questions (nothing is locked), commit to the wait. */
  for (;;)
    {
      g_autofree char *line = raw_client_expect (h->raw.client, "", NULL);
      if (g_str_has_prefix (line, "lock 0 "))
        raw_client_sendf (h->raw.client, "locked 0 no\n");
      else if (g_str_has_prefix (line, "commit 0 "))
        break;
      else
        g_error ("unexpected '%s' in turn 0", line);
    }
  host_commit (h, 0, "-", 0);
  sealed = raw_client_expect (h->raw.client, "sealed 0 ", NULL);
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
  raw_client_sendf (h->raw.client, "reveal 0 - %s\n", hex);
  commit = raw_client_expect (h->raw.client, "commit 1 ", NULL);
  host_commit (h, 1, "d8e5/commit T4:-", 0);
  raw_client_sendf (h->raw.client, "sealed 1 commit d8e5 KQkq -\n");
  refusal = raw_client_expect (h->raw.client, "", NULL);
  if (g_str_has_prefix (refusal, "reveal 1 "))
    {
      g_free (refusal);
      refusal = raw_client_expect (h->raw.client, "", NULL);
    }
  g_assert_true (g_str_has_prefix (refusal, "error illegal-move "));
  raw_client_free (h->raw.client);
  return NULL;
}

static void
test_host_impossible_commit (GuestFixture *g, gconstpointer data)
{
  RawHost h = { 0 };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;

  run_against_guest (g, host_impossible_commit_thread, &h);
  game = syn_peer_get_game (g->guest);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  saved = guest_saved_game (g);
  g_assert_cmpint (syn_game_get_result (saved), ==, SYN_RESULT_WHITE_WINS);
}

/* A host that reports 0 while thinking 1.5 s: the guest raises it. */
static gpointer
host_clock_lie_thread (gpointer data)
{
  RawHost *h = data;
  g_autofree char *commit = NULL;
  g_autofree char *used = NULL;
  g_autofree char *reveal = NULL;
  g_autofree char *next = NULL;
  char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];

  raw_host_start (h, "psc", "5000+0");
  commit = raw_client_expect (h->raw.client, "commit 0 ", NULL);
  g_usleep (1500 * 1000);
  host_commit (h, 0, "e2e4", 0);
  used = raw_client_expect (h->raw.client, "used 0 ", NULL);
  h->raw.used_ms = net_test_parse (used).used_ms;
  reveal = raw_client_expect (h->raw.client, "reveal 0 ", NULL);
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, hex);
  raw_client_sendf (h->raw.client, "reveal 0 e2e4 %s\n", hex);
  next = raw_client_expect (h->raw.client, "commit 1 ", NULL);
  raw_client_leave (h->raw.client);
  return NULL;
}

static void
test_host_clock_lie (GuestFixture *g, gconstpointer data)
{
  RawHost h = { 0 };
  g_autoptr (SynGame) saved = NULL;
  SynGame *game;
  gint64 left;

  run_against_guest (g, host_clock_lie_thread, &h);
  game = syn_peer_get_game (g->guest);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  left = syn_game_get_turn (game, 0)->remaining_ms[SYN_WHITE];
  g_test_message ("white's clock after a turn: %" G_GINT64_FORMAT " ms", left);
  g_assert_cmpint (h.raw.used_ms, >=, 1400);
  g_assert_cmpint (left, ==, tenths_up (5000 - h.raw.used_ms));
  saved = guest_saved_game (g);
  g_assert_cmpint (syn_game_get_turn (saved, 0)->remaining_ms[SYN_WHITE], <=, left);
}

/* A Transactional host asks about every square in its first turn: the guest answers once. */
static gpointer
host_lock_flood_thread (gpointer data)
{
  RawHost *h = data;

  raw_host_start (h, "transactional", "-");
  for (int square = 0; square < 64; square++)
    {
      char text[3];
      g_autofree char *line = NULL;

      syn_square_to_text (square, text);
      raw_client_sendf (h->raw.client, "lock 0 %s\n", text);
      line = raw_client_expect (h->raw.client, "", NULL);
      if (g_str_has_prefix (line, "commit 0 "))
        {
          /* The guest's wait; the answer follows. */
          g_free (line);
          line = raw_client_expect (h->raw.client, "", NULL);
        }
      if (g_str_equal (line, "locked 0 yes"))
        h->raw.answers_yes++;
      else if (g_str_equal (line, "locked 0 no"))
        h->raw.answers_no++;
      else if (g_str_has_prefix (line, "error bad-lock "))
        h->raw.refusals++;
      else
        g_error ("unexpected '%s'", line);
    }
  raw_client_leave (h->raw.client);
  return NULL;
}

static void
test_host_lock_flood (GuestFixture *g, gconstpointer data)
{
  RawHost h = { 0 };
  SynGame *game;

  run_against_guest (g, host_lock_flood_thread, &h);
  g_test_message ("answers: %u yes, %u no; %u refused", h.raw.answers_yes, h.raw.answers_no,
                  h.raw.refusals);
  /* Black holds no transaction in turn 0: one "no", then only a1 again, then nothing. */
  g_assert_cmpuint (h.raw.answers_yes, ==, 0);
  g_assert_cmpuint (h.raw.answers_no, ==, 1);
  g_assert_cmpuint (h.raw.refusals, ==, 63);
  game = syn_peer_get_game (g->guest);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_BLACK_WINS);
}

/* A lock question of the honest guest's whose answer a broken connection took: the host
 * had counted it, so after the resume the guest asks it again, alike, before anything else
 * (docs/protocol.md, "Resuming a Transactional game"); its player, paused here, is not asked
 * to choose first. */
static gboolean
reconnect_paused_cb (gpointer data)
{
  GuestFixture *g = data;

  g->bot->paused = TRUE;
  syn_peer_connect_async (g->guest, "127.0.0.1", g->port, NULL, on_guest_connected_cb, NULL);
  return G_SOURCE_REMOVE;
}

/* The same after the guest's program stopped and started again: it holds only what it saved
 * (found by the soak: a restarted mover asked about another move, which the host refused,
 * and the game stalled). */
static gboolean
restart_paused_cb (gpointer data)
{
  GuestFixture *g = data;

  syn_peer_close (g->guest);
  g_clear_pointer (&g->bot, net_bot_free);
  g_clear_object (&g->guest);
  g->guest = syn_peer_new (g->guest_identity, "Guest");
  syn_peer_set_autosave (g->guest, TRUE);
  g->bot = net_bot_new (g->guest, 7);
  return reconnect_paused_cb (g);
}

static char *
guest_line (RawHost *h, const char *prefix)
{
  for (;;)
    {
      char *line = raw_client_expect (h->raw.client, "", NULL);
      if (g_str_has_prefix (line, prefix))
        return line;
      g_free (line);
    }
}

static gpointer
host_lost_answer_thread (gpointer data)
{
  RawHost *h = data;
  g_autofree char *first = NULL, *again = NULL, *accept = NULL;
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (SynGame) saved = NULL;
  g_autoptr (GError) error = NULL;
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  raw_host_start (h, "transactional", "-");
  g_free (guest_line (h, "commit 0 "));
  host_commit (h, 0, "g1f3/commit T3:-", 0);
  g_free (guest_line (h, "reveal 0 "));
  raw_client_sendf (h->raw.client, "sealed 0 commit g1f3 KQkq -\n");
  host_commit (h, 1, "-", 0);
  first = guest_line (h, "lock 1 ");
  /* Not answered: the connection breaks. */
  raw_client_free (h->raw.client);
  h->raw.client = NULL;
  g_usleep (300 * 1000);

  g_idle_add (h->restart ? restart_paused_cb : reconnect_paused_cb, h->g);
  raw_host_accept (h);
  name = g_strconcat (h->raw.id, SYN_RECORD_SUFFIX, NULL);
  file = g_file_get_child (dir, name);
  saved = syn_record_load (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, 1);
  syn_net_game_digest (saved, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  raw_client_sendf (h->raw.client, "resume id=%s colour=white turns=1 digest=%s\n", h->raw.id, hex);
  accept = raw_client_expect (h->raw.client, "accept ", NULL);
  g_assert_cmpstr (accept, ==, "accept turns=1");
  host_commit (h, 1, "-", 0);
  again = guest_line (h, "lock 1 ");
  g_assert_cmpstr (again, ==, first);
  raw_client_sendf (h->raw.client, "locked 1 yes\n");
  g_usleep (200 * 1000);
  raw_client_free (h->raw.client);
  return NULL;
}

static void
test_host_lost_answer (GuestFixture *g, gconstpointer data)
{
  RawHost h = { .restart = data != NULL };
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autoptr (GError) error = NULL;
  guint n_answers = 0;

  run_against_guest (g, host_lost_answer_thread, &h);
  /* The answer that came after the resume is kept, saved for the audit. */
  log = syn_tx_audit_log_load (h.raw.id, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < log->answers->len; i++)
    {
      const SynTxLockAnswer *a = &g_array_index (log->answers, SynTxLockAnswer, i);
      if (a->turn != 1)
        continue;
      n_answers++;
      g_assert_true (a->locked);
    }
  g_assert_cmpuint (n_answers, ==, 1);
}

/* A move the honest guest was told is not locked binds its turn across a broken connection:
 * after the resume its player may play that move, and no other (TX-R16). */
typedef struct
{
  RawHost h;
  SynBitboard told_no;    /* the refusal squares of the move let through */
  gint tried;             /* the choices below were tried */
  gboolean other_refused; /* another move was refused by the guest's own program */
  gboolean bound_taken;   /* the move let through was taken */
} BoundCase;

static gboolean
choose_after_resume_cb (gpointer data)
{
  BoundCase *c = data;
  SynPeer *guest = c->h.g->guest;
  const SynVariant *variant = syn_game_get_variant (syn_peer_get_game (guest));
  const SynState *state = syn_game_get_state (syn_peer_get_game (guest));
  SynChoice choices[SYN_MAX_CHOICES], other = SYN_CHOICE_NONE, bound = SYN_CHOICE_NONE;
  int n = variant->choices (state, SYN_BLACK, choices);

  for (int i = 0; i < n; i++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[i]);
      if (move == SYN_MOVE_NONE)
        continue;
      if (syn_tx_refusal_squares (move) == c->told_no)
        bound = choices[i];
      else
        other = choices[i];
    }
  g_assert_true (other != SYN_CHOICE_NONE && bound != SYN_CHOICE_NONE);
  {
    g_autoptr (GError) error = NULL;
    c->other_refused = !syn_peer_choose (guest, other, &error);
  }
  {
    g_autoptr (GError) error = NULL;
    c->bound_taken = syn_peer_choose (guest, bound, &error);
  }
  g_atomic_int_set (&c->tried, 1);
  return G_SOURCE_REMOVE;
}

static gpointer
host_bound_move_thread (gpointer data)
{
  BoundCase *c = data;
  RawHost *h = &c->h;
  g_autofree char *question = NULL, *accept = NULL, *next = NULL;
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (SynGame) saved = NULL;
  g_autoptr (GError) error = NULL;
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  guint n_sets;

  raw_host_start (h, "transactional", "-");
  g_free (guest_line (h, "commit 0 "));
  host_commit (h, 0, "g1f3/commit T3:-", 0);
  g_free (guest_line (h, "reveal 0 "));
  raw_client_sendf (h->raw.client, "sealed 0 commit g1f3 KQkq -\n");
  host_commit (h, 1, "-", 0);
  question = guest_line (h, "lock 1 ");
  g_assert_true (syn_tx_audit_read_sets (question + strlen ("lock 1 "), &c->told_no, &n_sets));
  g_assert_cmpuint (n_sets, ==, 1);
  raw_client_sendf (h->raw.client, "locked 1 no\n");
  /* The guest commits to the move; the connection breaks before the turn is played. */
  g_free (guest_line (h, "commit 1 "));
  raw_client_free (h->raw.client);
  h->raw.client = NULL;
  g_usleep (300 * 1000);

  g_idle_add (reconnect_paused_cb, h->g);
  raw_host_accept (h);
  name = g_strconcat (h->raw.id, SYN_RECORD_SUFFIX, NULL);
  file = g_file_get_child (dir, name);
  saved = syn_record_load (file, &error);
  g_assert_no_error (error);
  syn_net_game_digest (saved, digest);
  syn_protocol_hex (digest, sizeof digest, hex);
  raw_client_sendf (h->raw.client, "resume id=%s colour=white turns=1 digest=%s\n", h->raw.id, hex);
  accept = raw_client_expect (h->raw.client, "accept ", NULL);
  host_commit (h, 1, "-", 0);
  g_usleep (300 * 1000);
  g_idle_add (choose_after_resume_cb, c);
  while (!g_atomic_int_get (&c->tried))
    g_usleep (20 * 1000);
  /* The move comes without a question: its answer stands. */
  next = raw_client_expect (h->raw.client, "", NULL);
  g_assert_true (g_str_has_prefix (next, "commit 1 "));
  raw_client_free (h->raw.client);
  return NULL;
}

static void
test_host_bound_move (GuestFixture *g, gconstpointer data)
{
  BoundCase c = { { 0 } };

  run_against_guest (g, host_bound_move_thread, &c.h);
  g_assert_true (c.other_refused);
  g_assert_true (c.bound_taken);
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("test-hostile-rules");
  /* A withheld audit loses after a second here, not a minute. */
  g_setenv ("SYNCHESS_TEST_AUDIT_TIMEOUT_MS", "1000", TRUE);
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func, data)                                                                      \
  g_test_add ("/net/hostile-rules/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)
  ADD ("psc/claim-refused-game-goes-on", test_psc_claim, &psc_game);
  ADD ("tx/claim-out-of-turn-refused", test_tx_claim_out_of_turn, &tx_game);
  ADD ("tx/false-stalemate-claim-then-leave", test_tx_stalemate_claim_and_leave, &tx_game);
  ADD ("tx/false-hidden-attack-claim-then-leave", test_tx_hidden_attack_claim_and_leave, &tx_game);
  ADD ("tx/claim-then-withheld-audit-loses", test_tx_claim_and_withhold, &tx_game);
  ADD ("tx/impossible-commit-refused", test_tx_impossible_commit, &tx_game);
  ADD ("tx/unreachable-commit-refused", test_tx_unreachable_commit, &tx_game);
  ADD ("tx/lock-questions-about-every-square", test_tx_lock_flood, &tx_game);
  ADD ("tx/lock-questions-survive-a-resume", test_tx_ask_leave_ask, &tx_game);
  ADD ("tx/turn-apart-false-sealed-loses", test_tx_apart_false_sealed, &tx_game);
  ADD ("tx/false-mate-then-leave-before-audit", test_tx_false_mate_and_leave, &tx_back_rank);
  ADD ("clock/unused-time-reported-is-raised", test_clock_lie, &timed_game);
  ADD ("clock/tx-mover-clock-runs-from-commitment", test_clock_waits_for_commitment,
       &timed_tx_game);
#define ADD_HOST(path, func)                                                                       \
  g_test_add ("/net/hostile-rules/hostile-host/" path, GuestFixture, NULL, guest_set_up, func,     \
              guest_tear_down)
  ADD_HOST ("psc/claim-refused-game-goes-on", test_host_psc_claim);
  ADD_HOST ("tx/false-stalemate-claim-then-leave", test_host_tx_claim_and_leave);
  ADD_HOST ("clock/unused-time-reported-is-raised", test_host_clock_lie);
  ADD_HOST ("tx/lock-questions-about-every-square", test_host_lock_flood);
  ADD_HOST ("tx/unreachable-commit-refused", test_host_impossible_commit);
  ADD_HOST ("tx/lock-question-asked-again-after-a-break", test_host_lost_answer);
  g_test_add ("/net/hostile-rules/hostile-host/tx/lock-question-asked-again-after-a-restart",
              GuestFixture, "restart", guest_set_up, test_host_lost_answer, guest_tear_down);
  ADD_HOST ("tx/move-told-not-locked-binds-after-a-break", test_host_bound_move);
#undef ADD_HOST
#undef ADD
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
