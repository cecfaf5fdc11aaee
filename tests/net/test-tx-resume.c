/* test-tx-resume.c: a Transactional Chess game between two SynPeers over 127.0.0.1 is
 * interrupted and resumed like any other (docs/protocol.md, "Resuming"), though each program
 * holds only its player's view (TX-R15): the connection breaks on either side, a program
 * restarts from its autosave folder, or one of them missed the end of the last turn. The two
 * agree on the public record, play the game to its end, and the audit (TX-R17), which replays
 * the whole game from its start, finds both honest; both hold the same referee's record.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <string.h>

#include "net-test-util.h"
#include "syn-game-private.h"
#include "syn-net-game.h"
#include "syn-record.h"
#include "syn-tx-audit-log.h"
#include "transactional.h"

/* The turns played before the connection breaks, and the most played in all: past that the
 * host resigns, and the audit runs all the same. */
#define DROP_AT 8
#define MAX_STEPS 300

static char *test_dir;

typedef enum
{
  GUEST_DROPS,
  HOST_DROPS,
  GUEST_RESTARTS, /* a new program, the game from its autosave folder */
  HOST_RESTARTS,
  /* Restarts with the last turn missing and nothing saved of it (its files lost): it cannot
   * check the host's turn sent again, so it declines, and the host offers a new game. A turn
   * apart as a broken connection leaves it is brought forward: see test_turn_apart(). */
  GUEST_A_TURN_BEHIND,
  GUEST_LOG_BEHIND, /* restarts with an audit log that lacks the last turn: a new game */
} Interruption;

typedef struct
{
  const char *path;
  Interruption how;
  gboolean timed; /* 2 minutes and 1 second a move (PSC-R11): the clocks resume too */
} Case;

static const Case cases[] = {
  { "/net/tx-resume/r15-guest-drops", GUEST_DROPS, FALSE },
  { "/net/tx-resume/r15-host-drops", HOST_DROPS, FALSE },
  { "/net/tx-resume/r15-guest-restarts", GUEST_RESTARTS, FALSE },
  { "/net/tx-resume/r15-host-restarts", HOST_RESTARTS, FALSE },
  { "/net/tx-resume/r15-guest-a-turn-behind", GUEST_A_TURN_BEHIND, FALSE },
  { "/net/tx-resume/r15-guest-restarts-with-clock", GUEST_RESTARTS, TRUE },
  { "/net/tx-resume/r15-guest-a-turn-behind-with-clock", GUEST_A_TURN_BEHIND, TRUE },
  { "/net/tx-resume/r17-log-behind-starts-anew", GUEST_LOG_BEHIND, FALSE },
};

static gboolean
both_paused_at_turn (NetPair *pair)
{
  SynGame *host_game = syn_peer_get_game (pair->host);
  SynGame *guest_game = syn_peer_get_game (pair->guest);

  g_assert_false (syn_game_is_over (host_game));
  return pair->host_bot->paused && pair->guest_bot->paused
         && syn_game_get_n_turns (host_game) == pair->host_bot->stop_at_turn
         && syn_game_get_n_turns (guest_game) == pair->guest_bot->stop_at_turn;
}

/* Connects the pair and lets both play until they pause at their stop_at_turn; returns the
 * id of their game. */
static char *
play_to_the_break (NetPair *pair)
{
  net_pair_connect (pair);
  net_pair_wait (pair, both_paused_at_turn, "the turn of the break");
  return g_strdup (syn_game_get_id (syn_peer_get_game (pair->host)));
}

/* Both sides' commitments of the turn that waits are in: the mover's side holds the other's. */
static gboolean
mover_sees_waiter_commit (NetPair *pair)
{
  SynPeer *host = pair->host, *guest = pair->guest;
  const SynState *state = syn_game_get_state (syn_peer_get_game (host));
  SynPeer *mover = state->board.side_to_move == (int) syn_peer_get_colour (host) ? host : guest;

  return syn_peer_get_opponent_state (mover) == SYN_OPPONENT_CHOSEN;
}

static gboolean
both_disconnected (NetPair *pair)
{
  return pair->host_bot->disconnected && pair->guest_bot->disconnected;
}

/* Connects the pair again after the break, counting the audits to come; both bots wait, no
 * longer held to a turn, until they are let go. */
static void
connect_again (NetPair *pair, NetAuditCount *audits)
{
  net_audit_count_connect (audits, pair);
  pair->host_bot->paused = pair->guest_bot->paused = TRUE;
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = MAX_STEPS;
  net_pair_connect (pair);
}

/* Lets both bots play on from where they wait to the end (or to their cap, where the host
 * resigns); both audits find the game clean, both sides agree on its end, and both referees
 * hold the same game, the host's of which is returned. */
static SynGame *
play_out_audited (NetPair *pair, NetAuditCount *audits)
{
  SynGame *host_game = syn_peer_get_game (pair->host);
  SynGame *guest_game = syn_peer_get_game (pair->guest);
  SynGame *host_referee, *guest_referee;

  net_bot_resume (pair->host_bot);
  net_bot_resume (pair->guest_bot);
  net_pair_play_out (pair);
  net_audit_count_wait (audits, pair);
  g_assert_cmpuint (audits->audits, ==, 2);
  g_assert_cmpuint (audits->clean, ==, 2);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);
  g_assert_cmpint (syn_game_get_result (host_game), ==, syn_game_get_result (guest_game));
  g_assert_cmpstr (syn_game_get_reason (host_game), ==, syn_game_get_reason (guest_game));
  host_referee = syn_peer_get_referee_game (pair->host);
  guest_referee = syn_peer_get_referee_game (pair->guest);
  g_assert_nonnull (host_referee);
  g_assert_nonnull (guest_referee);
  net_assert_same_game (host_referee, guest_referee);
  return host_referee;
}

static gboolean
restarts (Interruption how)
{
  return how != GUEST_DROPS && how != HOST_DROPS;
}

static gboolean
host_restarts (Interruption how)
{
  return how == HOST_RESTARTS;
}

static char *
autosave_path (const char *id, const char *suffix)
{
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (g_get_user_data_dir (), "synchess", "games", name, NULL);
}

/* TX-R15: what a program saves is its player's view: its own transaction, the other side's
 * turns sealed. */
static void
assert_player_record (const char *path, SynColour local)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint turns = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, local == SYN_WHITE ? " ?\"]\n" : " ? T"));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) words = NULL;
      const char *theirs;
      if (!g_ascii_isdigit (lines[i][0]))
        continue;
      words = g_strsplit (lines[i], " ", -1);
      theirs = words[local == SYN_WHITE ? 2 : 1];
      g_assert_true (g_str_equal (theirs, "-") || theirs[0] == '?');
      turns++;
    }
  g_assert_cmpuint (turns, >=, DROP_AT - 1);
}

/* The host's (host) or guest's program starts again on its own identity: a new peer with a
 * new bot, the host listening again. */
static void
start_again (NetPair *pair, gboolean host, const SynPeerOptions *options)
{
  g_autoptr (GError) error = NULL;

  if (host)
    {
      g_clear_pointer (&pair->host_bot, net_bot_free);
      g_clear_object (&pair->host);
      pair->host = syn_peer_new (pair->host_identity, "Host player");
      syn_peer_set_options (pair->host, options);
      g_assert_true (syn_peer_listen (pair->host, pair->address, 0, &error));
      g_assert_no_error (error);
      pair->host_bot = net_bot_new (pair->host, 3001);
    }
  else
    {
      g_clear_pointer (&pair->guest_bot, net_bot_free);
      g_clear_object (&pair->guest);
      pair->guest = syn_peer_new (pair->guest_identity, "Guest player");
      pair->guest_bot = net_bot_new (pair->guest, 3002);
    }
}

/* The interrupted program starts again: nothing in memory, its game in the autosave folder
 * (cut back a turn when it missed the end of the last one). */
static void
restart (NetPair *pair, Interruption how, const SynPeerOptions *options)
{
  gboolean host = host_restarts (how);
  SynPeer *peer = host ? pair->host : pair->guest;
  SynGame *game = syn_peer_get_game (peer);
  g_autofree char *record = autosave_path (syn_game_get_id (game), ".synchess");
  g_autofree char *log = autosave_path (syn_game_get_id (game), ".synchess-audit");
  g_autoptr (GError) error = NULL;

  assert_player_record (record, syn_peer_get_colour (peer));
  g_assert_true (g_file_test (log, G_FILE_TEST_EXISTS));
  if (how == GUEST_A_TURN_BEHIND)
    {
      g_autoptr (SynGame) behind = syn_net_game_prefix (game, DROP_AT - 1, &error);
      g_assert_no_error (error);
      g_assert_true (syn_record_autosave (behind, &error));
      g_assert_no_error (error);
    }
  if (how == GUEST_LOG_BEHIND)
    {
      g_autoptr (SynTxAuditLog) behind = syn_tx_audit_log_load (syn_game_get_id (game), &error);
      g_assert_no_error (error);
      syn_tx_audit_log_cut (behind, DROP_AT - 1);
      g_assert_true (syn_tx_audit_log_save (behind, syn_game_get_id (game), &error));
      g_assert_no_error (error);
    }
  syn_peer_close (peer);
  net_test_spin (20);
  start_again (pair, host, options);
}

/* How many of the other side's turns this side saw commit. */
static guint
count_sealed_commits (SynGame *game, SynColour viewer)
{
  guint commits = 0;

  for (guint i = 0; i < syn_game_get_n_turns (game); i++)
    commits += (syn_game_get_turn (game, i)->choice[!viewer] & SYN_CHOICE_COMMIT) != 0;
  return commits;
}

static void
test_resume (gconstpointer data)
{
  const Case *test_case = data;
  Interruption how = test_case->how;
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = NULL;
  NetAuditCount audits = { 0 };
  g_autofree char *id = NULL;
  g_autoptr (GError) error = NULL;
  SynGame *host_game, *guest_game, *host_referee;
  /* A game a turn apart is never cut back (docs/protocol.md, "Resuming"), and a side that
   * holds nothing to check the missed turn with declines: the host offers a new game. */
  gboolean new_game = how == GUEST_LOG_BEHIND || how == GUEST_A_TURN_BEHIND;
  guint resumed_at = new_game ? 0 : DROP_AT;
  guint commits_before;

  if (test_case->timed)
    options.tc = (SynTimeControl){ 120000, 1000 };
  pair = net_pair_new ("127.0.0.1", &options);

  /* The program that will restart saves its games; the other keeps them in memory. */
  if (restarts (how))
    syn_peer_set_autosave (host_restarts (how) ? pair->host : pair->guest, TRUE);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = DROP_AT;
  id = play_to_the_break (pair);
  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  commits_before = count_sealed_commits (host_game, syn_peer_get_colour (pair->host))
                   + count_sealed_commits (guest_game, syn_peer_get_colour (pair->guest));
  /* Each holds its own moves, yet both hold the same public record (TX-R15). */
  net_assert_same_game (host_game, guest_game);

  syn_peer_drop_connection (how == HOST_DROPS ? pair->host : pair->guest);
  net_pair_wait (pair, both_disconnected, "both to notice the break");
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (pair->host)), ==, DROP_AT);
  g_assert_false (syn_peer_has_chosen (pair->host));
  g_assert_false (syn_peer_has_chosen (pair->guest));
  if (restarts (how))
    restart (pair, how, &options);

  connect_again (pair, &audits);
  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  if (new_game)
    {
      /* The guest cannot be held to the audit of that game: the host offers a new one. */
      g_assert_cmpstr (syn_game_get_id (host_game), !=, id);
      g_free (id);
      id = g_strdup (syn_game_get_id (host_game));
    }
  g_assert_cmpstr (syn_game_get_id (host_game), ==, id);
  g_assert_cmpstr (syn_game_get_id (guest_game), ==, id);
  g_assert_cmpuint (syn_game_get_n_turns (host_game), ==, resumed_at);
  g_assert_cmpuint (syn_game_get_n_turns (guest_game), ==, resumed_at);
  net_assert_same_game (host_game, guest_game);
  g_assert_cmpuint (syn_game_get_state (host_game)->rules.tx.hidden, ==,
                    1u << syn_peer_get_colour (pair->guest));
  g_assert_cmpuint (syn_game_get_state (guest_game)->rules.tx.hidden, ==,
                    1u << syn_peer_get_colour (pair->host));

  /* TX-R17: the audit replays the game from its start, the turns before the break too. */
  host_referee = play_out_audited (pair, &audits);
  g_assert_cmpuint (syn_game_get_n_turns (host_game), >, resumed_at);
  g_assert_cmpuint (syn_game_get_start (host_referee)->rules.tx.hidden, ==, 0);
  g_assert_cmpint (syn_game_get_result (host_referee), ==, syn_game_get_result (host_game));

  /* The program that saves its games saved the referee's record over its player's, which
   * reads back as the same game, and dropped its audit log. */
  if (restarts (how))
    {
      g_autofree char *record = autosave_path (id, ".synchess");
      g_autofree char *log = autosave_path (id, ".synchess-audit");
      g_autoptr (GFile) file = g_file_new_for_path (record);
      g_autoptr (SynGame) saved = syn_record_load (file, &error);

      g_assert_no_error (error);
      net_assert_same_game (saved, host_referee);
      g_assert_false (g_file_test (log, G_FILE_TEST_EXISTS));
    }
  g_test_message ("interrupted after %u turns (%u commits seen), resumed at %u, ended after %u: "
                  "%s {%s}; %u and %u moves refused",
                  DROP_AT, commits_before, resumed_at, syn_game_get_n_turns (host_game),
                  syn_result_to_text (syn_game_get_result (host_game)),
                  syn_game_get_reason (host_game), pair->host_bot->refusals,
                  pair->guest_bot->refusals);
}

/* The public record (docs/protocol.md, "Resuming"): TX-E1 and E2 played by two programs,
 * each on its player state; each record holds its own moves, the public records agree. */
static void
play_turn (SynGame *games[2], const char *choice_text)
{
  const SynState *before = syn_game_get_state (games[SYN_WHITE]);
  SynColour mover = (SynColour) before->board.side_to_move;
  SynGame *own = games[mover], *other = games[!mover];
  SynChoice choice = syn_variant_choice_from_text (&syn_variant_transactional,
                                                   syn_game_get_state (own), mover, choice_text);
  SynTxPublicStep step;
  SynState after;
  char public[SYN_TX_PUBLIC_STEP_SIZE], why[160];

  g_assert_cmphex (choice, !=, SYN_CHOICE_NONE);
  syn_tx_public_step (syn_game_get_state (own), choice, &step);
  syn_tx_public_step_to_text (&step, mover, public, sizeof public);
  g_assert_true (syn_game_choose (own, mover, choice, NULL));
  /* The other program follows it by the sealed text, as handle_sealed does. */
  g_assert_true (syn_tx_public_step_from_text (public, mover, &step, why, sizeof why));
  g_assert_true (
      syn_tx_apply_public_step (syn_game_get_state (other), &step, &after, why, sizeof why));
  g_assert_true (syn_game_play_sealed_step (
      other, mover, SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0), &after, NULL));
}

static void
test_public_record (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3g5", "d8h4/commit", "g5f7/commit" };
  SynState referee;
  SynFenError fen_error;
  SynGame *games[2];
  g_autofree char *white_public = NULL, *black_public = NULL;
  g_autofree char *white_record = NULL, *black_record = NULL;

  g_assert_true (syn_variant_transactional.read_state (
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- T2:-", &referee, &fen_error));
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      SynState player;
      syn_tx_player_state (&referee, (SynColour) side, &player);
      games[side] = syn_game_new (&syn_variant_transactional, &player, NULL, FALSE);
      syn_game_set_id (games[side], "2026-01-01-120000-abcdef");
      syn_game_set_tag (games[side], "Date", "2026.01.01");
      syn_game_set_player (games[side], (SynColour) side, SYN_PLAYER_HUMAN, "Ann");
      syn_game_set_player (games[side], (SynColour) !side, SYN_PLAYER_REMOTE, "Bob");
    }
  syn_game_set_player (games[SYN_BLACK], SYN_WHITE, SYN_PLAYER_REMOTE, "Ann");
  syn_game_set_player (games[SYN_BLACK], SYN_BLACK, SYN_PLAYER_HUMAN, "Bob");
  for (gsize i = 0; i < G_N_ELEMENTS (turns); i++)
    play_turn (games, turns[i]);

  white_record = syn_record_write (games[SYN_WHITE]);
  black_record = syn_record_write (games[SYN_BLACK]);
  g_assert_nonnull (strstr (white_record, "\n3. f3g5 -\n4. - ?/commit:e7e5,d8h4:KQkq:e6\n"));
  g_assert_nonnull (
      strstr (black_record, "\n3. ? -\n4. - d8h4/commit\n5. ?/commit:g1f7:KQkq:- -\n"));
  white_public = syn_net_game_record_text (games[SYN_WHITE]);
  black_public = syn_net_game_record_text (games[SYN_BLACK]);
  g_assert_cmpstr (white_public, ==, black_public);
  g_assert_cmpstr (white_public, ==,
                   "[Event \"?\"]\n"
                   "[Site \"?\"]\n"
                   "[Date \"2026.01.01\"]\n"
                   "[White \"Ann\"]\n"
                   "[Black \"Bob\"]\n"
                   "[Result \"*\"]\n"
                   "[Variant \"transactional\"]\n"
                   "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ? ?\"]\n"
                   "[TimeControl \"-\"]\n"
                   "[Fog \"false\"]\n"
                   "\n"
                   "1. ? -\n"
                   "2. - ?\n"
                   "3. ? -\n"
                   "4. - ?/commit:e7e5,d8h4:KQkq:e6\n"
                   "5. ?/commit:g1f7:KQkq:- -\n"
                   "*\n");
  g_object_unref (games[SYN_WHITE]);
  g_object_unref (games[SYN_BLACK]);
}

/* The audit log (docs/protocol.md, "Resuming") reads back as written; a cut forgets the turns
 * from the cut on, but the lock answers of the turn in progress stay; a damaged one is
 * refused. */
static void
test_audit_log_text (void)
{
  SynState start;
  SynFenError fen_error;
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autoptr (SynTxAuditLog) read = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL, *again = NULL, *cut = NULL;
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];
  SynTxLockAnswer answer = { .turn = 2, .locked = TRUE, .n_sets = 2 };
  SynTxTheirTurn *theirs;
  static const char *const bad[] = {
    "[Game]\n",
    "[Game]\nRefereeStart=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- ?\n",
    "[Game]\nRefereeStart=" SYN_FEN_START " T1:- T2:-\n[Turn 0]\nCommitted=g1f3 T1:g1f3\n"
    "Salt=00\n",
    "[Game]\nRefereeStart=" SYN_FEN_START " T1:- T2:-\n[Turn 1]\nCommitment=zz\n",
    "[Game]\nRefereeStart=" SYN_FEN_START " T1:- T2:-\n[Turn 2]\nAnswers=e5 maybe;\n",
    "[Game]\nRefereeStart=" SYN_FEN_START " T1:- T2:-\n[Moves]\n",
  };

  g_assert_true (
      syn_variant_transactional.read_state (SYN_FEN_START " T1:- T2:-", &start, &fen_error));
  log = syn_tx_audit_log_new (&start);
  for (guint i = 0; i < sizeof salt; i++)
    salt[i] = (guint8) (i * 17);
  syn_tx_audit_log_set_own (log, 0, "g1f3 T1:g1f3");
  syn_tx_audit_log_set_own_salt (log, 0, salt);
  theirs = syn_tx_audit_log_their_turn (log, 1);
  theirs->committed = TRUE;
  memset (theirs->commitment, 0xab, sizeof theirs->commitment);
  g_strlcpy (theirs->public_step, "-", sizeof theirs->public_step);
  syn_tx_audit_log_set_own (log, 2, "f3g5 T1:g1f3,f3g5");
  syn_tx_audit_log_set_own_salt (log, 2, salt);
  answer.sets[0] = syn_bit (SYN_SQUARE (4, 4));
  answer.sets[1] = syn_bit (SYN_SQUARE (6, 0)) | syn_bit (SYN_SQUARE (5, 0));
  g_array_append_val (log->answers, answer);
  answer.locked = FALSE;
  answer.n_sets = 1;
  answer.sets[0] = syn_bit (SYN_SQUARE (6, 4));
  g_array_append_val (log->answers, answer);

  text = syn_tx_audit_log_write (log);
  g_assert_nonnull (strstr (text, "[Turn 2]\nCommitted=f3g5 T1:g1f3,f3g5\n"));
  g_assert_nonnull (strstr (text, "Answers=e5,f1+g1 yes;g5 no;\n"));
  read = syn_tx_audit_log_read (text, &error);
  g_assert_no_error (error);
  again = syn_tx_audit_log_write (read);
  g_assert_cmpstr (again, ==, text);

  /* Cut back to turn 2, in progress: its commitment goes, its lock answers stay (TX-R16). */
  syn_tx_audit_log_cut (read, 2);
  cut = syn_tx_audit_log_write (read);
  g_assert_null (strstr (cut, "Committed=f3g5"));
  g_assert_nonnull (strstr (cut, "[Turn 2]\nAnswers=e5,f1+g1 yes;g5 no;\n"));
  g_assert_nonnull (strstr (cut, "[Turn 1]\nCommitment=abab"));
  g_assert_cmpuint (read->answers->len, ==, 2);
  g_clear_pointer (&cut, g_free);
  syn_tx_audit_log_cut (read, 1);
  cut = syn_tx_audit_log_write (read);
  g_assert_null (strstr (cut, "[Turn 2]"));
  g_assert_cmpuint (read->answers->len, ==, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) bad_error = NULL;
      g_autoptr (SynTxAuditLog) refused = syn_tx_audit_log_read (bad[i], &bad_error);
      g_assert_null (refused);
      g_assert_nonnull (bad_error);
    }
}

typedef struct
{
  gint done;
  GError *error;
} LogLoad;

static gpointer
load_log_thread (gpointer data)
{
  LogLoad *load = data;

  g_assert_null (syn_tx_audit_log_load ("2026-11-26-000000-fifo", &load->error));
  g_atomic_int_set (&load->done, TRUE);
  return NULL;
}

/* A FIFO named like an audit log is refused at once instead of waiting for a writer. */
static void
test_audit_log_fifo (void)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autofree char *path
      = g_build_filename (dir_path, "2026-11-26-000000-fifo.synchess-audit", NULL);
  LogLoad load = { FALSE, NULL };
  GThread *thread;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_assert_cmpint (g_mkdir_with_parents (dir_path, 0700), ==, 0);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  thread = g_thread_new ("load-log", load_log_thread, &load);
  while (!g_atomic_int_get (&load.done))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("loading an audit log that is a FIFO hangs");
      g_usleep (1000);
    }
  g_thread_join (thread);
  g_assert_error (load.error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_error (&load.error);
  g_assert_cmpint (g_unlink (path), ==, 0);
}

/* A turn apart: the connection breaks inside a turn's last exchange ------------------------
 *
 * One side recorded the turn, the other did not. Resumed, the side ahead sends again what the
 * other missed (the mover's `sealed`, or the waiting side's reveal of "-"), exactly as it
 * first went, the side behind checks it as it would have then and plays the turn, and both
 * go on from the same turn to the same end (docs/protocol.md, "Resuming a Transactional
 * game"). Before, the guest declined and the game stayed unfinished on both sides, its
 * records different for ever. */

typedef struct
{
  const char *path;
  gboolean host_moves;  /* the host is the mover of the turn the connection breaks in */
  gboolean mover_ahead; /* the mover recorded the turn; else the side that waits did */
  gboolean restarts;    /* the side behind is a new program, its game from its folder */
  gboolean timed;
} ApartCase;

/* A mover behind is one whose program stopped right after its `sealed` left: it starts again
 * from what it had saved by then (the same process could read the other's reveal first). */
static const ApartCase apart_cases[] = {
  { "/net/tx-resume/apart/host-moves-host-behind", TRUE, FALSE, TRUE, FALSE },
  { "/net/tx-resume/apart/guest-moves-guest-behind", FALSE, FALSE, TRUE, FALSE },
  { "/net/tx-resume/apart/host-moves-guest-behind", TRUE, TRUE, FALSE, FALSE },
  { "/net/tx-resume/apart/guest-moves-host-behind", FALSE, TRUE, FALSE, FALSE },
  { "/net/tx-resume/apart/guest-moves-guest-behind-with-clock", FALSE, FALSE, TRUE, TRUE },
  { "/net/tx-resume/apart/guest-moves-host-behind-restarts-with-clock", FALSE, TRUE, TRUE, TRUE },
};

typedef struct
{
  SynPeer *ahead, *behind;
  guint turns; /* the turn the connection breaks in */
  gboolean dropped;
  char *id;
  GPtrArray *copies; /* the mover's saved files when its sealed had left: path, copy, ... */
} Apart;

static const char *const saved_suffixes[] = { ".synchess", ".synchess-audit", ".synchess-turn" };

/* The side that waits read the mover's commitment, so the mover's `sealed` has left (it goes
 * with the commitment, the other's being in): what the mover saved then is kept, to start it
 * again from there once the turn is over on both sides. */
static void
on_mover_sealed_cb (SynPeer *peer, int state, Apart *apart)
{
  if (apart->copies->len > 0 || state != SYN_OPPONENT_CHOSEN
      || syn_game_get_n_turns (syn_peer_get_game (peer)) != apart->turns)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (saved_suffixes); i++)
    {
      char *path = autosave_path (apart->id, saved_suffixes[i]);
      g_autofree char *text = NULL;
      gsize length = 0;

      if (!g_file_get_contents (path, &text, &length, NULL))
        {
          g_free (path);
          continue;
        }
      g_ptr_array_add (apart->copies, path);
      g_ptr_array_add (apart->copies, g_bytes_new_take (g_steal_pointer (&text), length));
    }
  g_assert_cmpuint (apart->copies->len, ==, 2 * G_N_ELEMENTS (saved_suffixes));
}

static void
restore_copies (Apart *apart)
{
  for (guint i = 0; i < apart->copies->len; i += 2)
    {
      const char *path = g_ptr_array_index (apart->copies, i);
      GBytes *bytes = g_ptr_array_index (apart->copies, i + 1);
      g_autoptr (GError) error = NULL;

      g_file_set_contents (path, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                           &error);
      g_assert_no_error (error);
      g_chmod (path, 0600);
      g_bytes_unref (bytes);
      g_free (g_ptr_array_index (apart->copies, i));
    }
  g_ptr_array_set_size (apart->copies, 0);
}

/* The side that waits read the mover's commitment and sent its reveal: the mover reads it and
 * records the turn, and the waiting side's connection breaks before it reads the `sealed`
 * that came with the commitment. */
static void
on_waiter_state_cb (SynPeer *peer, int state, Apart *apart)
{
  SynGame *mover_game = syn_peer_get_game (apart->ahead);
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  if (apart->dropped || state != SYN_OPPONENT_CHOSEN
      || syn_game_get_n_turns (syn_peer_get_game (peer)) != apart->turns)
    return;
  apart->dropped = TRUE;
  /* This side's reading stops while the handler runs: the mover's does not. */
  while (syn_game_get_n_turns (mover_game) == apart->turns)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
    }
  syn_peer_drop_connection (peer);
}

static void
new_program (NetPair *pair, gboolean host, const SynPeerOptions *options, Apart *apart)
{
  syn_peer_close (host ? pair->host : pair->guest);
  net_test_spin (20);
  /* The mover stopped as its sealed left: what it had saved by then is all it holds. */
  restore_copies (apart);
  start_again (pair, host, options);
}

static void
test_turn_apart (gconstpointer data)
{
  const ApartCase *c = data;
  /* The host is white, and white moves at even turns. */
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  guint turns = c->host_moves ? DROP_AT : DROP_AT + 1;
  g_autoptr (NetPair) pair = NULL;
  Apart apart = { .turns = turns, .copies = g_ptr_array_new () };
  NetAuditCount audits = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  SynPeer *mover, *waiter;
  NetBot *mover_bot;
  gboolean host_behind;
  SynGame *host_game, *guest_game, *host_referee;

  if (c->timed)
    options.tc = (SynTimeControl){ 120000, 1000 };
  pair = net_pair_new ("127.0.0.1", &options);
  host_behind = c->host_moves != c->mover_ahead;
  if (c->restarts)
    syn_peer_set_autosave (host_behind ? pair->host : pair->guest, TRUE);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = turns;
  id = play_to_the_break (pair);
  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  apart.id = id;
  g_assert_cmpuint (syn_game_get_n_turns (host_game), ==, turns);
  g_assert_cmpuint (syn_game_get_n_turns (guest_game), ==, turns);
  mover = c->host_moves ? pair->host : pair->guest;
  waiter = c->host_moves ? pair->guest : pair->host;
  mover_bot = c->host_moves ? pair->host_bot : pair->guest_bot;
  g_assert_cmpint (syn_game_get_state (syn_peer_get_game (mover))->board.side_to_move, ==,
                   syn_peer_get_colour (mover));
  /* The side that waits committed to "-" at once. */
  net_pair_wait (pair, mover_sees_waiter_commit, "the waiting side's commitment");

  apart.ahead = c->mover_ahead ? mover : waiter;
  apart.behind = c->mover_ahead ? waiter : mover;
  if (c->mover_ahead)
    g_signal_connect (waiter, "opponent-state-changed", G_CALLBACK (on_waiter_state_cb), &apart);
  else
    g_signal_connect (waiter, "opponent-state-changed", G_CALLBACK (on_mover_sealed_cb), &apart);
  pair->host_bot->stop_at_turn = pair->guest_bot->stop_at_turn = turns + 1;
  net_bot_resume (mover_bot);
  if (!c->mover_ahead)
    {
      /* The turn ends on both sides; then the connection breaks, and the mover starts again
       * from what it had saved when its sealed left: the waiting side's reveal never read. */
      net_pair_wait (pair, both_paused_at_turn, "the turn to end");
      syn_peer_drop_connection (waiter);
    }
  net_pair_wait (pair, both_disconnected, "both to notice the break");
  g_signal_handlers_disconnect_by_data (waiter, &apart);
  g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (apart.ahead)), ==, turns + 1);
  if (c->mover_ahead)
    {
      g_assert_true (apart.dropped);
      g_assert_cmpuint (syn_game_get_n_turns (syn_peer_get_game (apart.behind)), ==, turns);
    }
  if (c->restarts)
    {
      g_autofree char *turn_file = autosave_path (id, ".synchess-turn");
      /* What the side behind holds of the turn was saved before anything of it left. */
      g_assert_true (g_file_test (turn_file, G_FILE_TEST_EXISTS));
      new_program (pair, host_behind, &options, &apart);
      g_assert_cmpuint (
          syn_game_get_n_turns (syn_peer_get_game (host_behind ? pair->guest : pair->host)), ==,
          turns + 1);
    }
  g_ptr_array_unref (apart.copies);

  /* Connected again, the side behind is brought forward. */
  connect_again (pair, &audits);
  host_game = syn_peer_get_game (pair->host);
  guest_game = syn_peer_get_game (pair->guest);
  g_assert_cmpstr (syn_game_get_id (host_game), ==, id);
  g_assert_cmpstr (syn_game_get_id (guest_game), ==, id);
  {
    gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
    while (syn_game_get_n_turns (host_game) != turns + 1
           || syn_game_get_n_turns (guest_game) != turns + 1)
      {
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        net_test_spin (5);
      }
  }
  net_assert_same_game (host_game, guest_game);
  g_assert_cmpuint (pair->host_bot->errors, ==, 0);
  g_assert_cmpuint (pair->guest_bot->errors, ==, 0);

  /* TX-R17: the audit replays the whole game, the turn brought forward too. */
  host_referee = play_out_audited (pair, &audits);
  if (c->restarts)
    {
      g_autofree char *record = autosave_path (id, ".synchess");
      g_autoptr (GFile) file = g_file_new_for_path (record);
      g_autoptr (SynGame) saved = syn_record_load (file, &error);

      g_assert_no_error (error);
      net_assert_same_game (saved, host_referee);
    }
  g_test_message ("broken in turn %u (%s behind), ended after %u: %s {%s}", turns,
                  host_behind ? "host" : "guest", syn_game_get_n_turns (host_game),
                  syn_result_to_text (syn_game_get_result (host_game)),
                  syn_game_get_reason (host_game));
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-tx-resume");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/tx-resume/r15-public-record", test_public_record);
  g_test_add_func ("/net/tx-resume/r17-audit-log-text", test_audit_log_text);
  g_test_add_func ("/net/tx-resume/audit-log-fifo-refused", test_audit_log_fifo);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_test_add_data_func (cases[i].path, &cases[i], test_resume);
  for (gsize i = 0; i < G_N_ELEMENTS (apart_cases); i++)
    g_test_add_data_func (apart_cases[i].path, &apart_cases[i], test_turn_apart);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
