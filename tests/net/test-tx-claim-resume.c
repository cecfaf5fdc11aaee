/* test-tx-claim-resume.c: a Transactional game whose connection breaks in the turn its end
 * was claimed (TX-R15, R17). The claimant's result waits for the other side's audit, which
 * never came; the other side may not even have read the claim. When the two meet again
 * within the time allowed, the game is resumed from the turn before its end, the claim comes
 * again with the audits, and both records end alike (docs/protocol.md, "Resuming a
 * Transactional game"). Later than that, a host ends on the claimant's decline the game it
 * would otherwise propose for ever.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>

#include "net-test-util.h"
#include "syn-net-game.h"
#include "syn-record.h"

static char *test_dir;

/* Random games are long; one past this is resigned and another played. */
#define MAX_TURNS 400
#define MAX_GAMES 40

typedef struct
{
  SynPeer *claimant;
  gboolean dropped;
  char *id;
  guint turns; /* the claimant's, with the turn that ended the game */
} Break;

/* The claimant's game has just ended by the rules: its claim and audit are on their way, and
 * the connection breaks before they go further. */
static void
on_turn_completed_cb (SynPeer *peer, guint index, Break *brk)
{
  SynGame *game = syn_peer_get_game (peer);

  if (brk->dropped || !syn_game_is_over (game) || syn_game_get_end (game) != SYN_END_RULES)
    return;
  brk->dropped = TRUE;
  brk->id = g_strdup (syn_game_get_id (game));
  brk->turns = syn_game_get_n_turns (game);
  syn_peer_drop_connection (peer);
}

static void
wait_for (const guint *count, guint at_least, const char *what)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (*count < at_least)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      net_test_spin (5);
    }
}

/* Plays games until one ends by the claimant's claim, which the break cuts off. */
static void
play_until_claimed (NetPair *pair, Break *brk)
{
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };

  for (guint game = 1; game <= MAX_GAMES && !brk->dropped; game++)
    {
      g_autoptr (GError) error = NULL;
      guint over = pair->host_bot->games_over;

      while (pair->host_bot->games_over == over && !brk->dropped)
        {
          SynGame *current = syn_peer_get_game (pair->host);
          if (syn_game_get_n_turns (current) > MAX_TURNS && !syn_game_is_over (current))
            g_assert_true (syn_peer_resign (pair->host, NULL));
          net_test_spin (5);
        }
      if (brk->dropped)
        break;
      wait_for (&pair->guest_bot->games_over, over + 1, "the guest's end");
      net_test_spin (50); /* both audits */
      options.host_colour = game % 2 ? SYN_BLACK : SYN_WHITE;
      syn_peer_set_options (pair->host, &options);
      g_assert_true (syn_peer_propose_game (pair->host, &error));
      g_assert_no_error (error);
      pair->guest_bot->started = FALSE;
      net_test_wait (&pair->guest_bot->started, 20, "the next game");
    }
  g_assert_true (brk->dropped);
}

static void
test_claim_then_break (gconstpointer data)
{
  gboolean host_claims = GPOINTER_TO_INT (data);
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  Break brk = { .claimant = host_claims ? pair->host : pair->guest };
  SynPeer *other = host_claims ? pair->guest : pair->host;
  SynGame *claimant_game, *other_game;
  NetAuditCount audits = { 0 };
  g_autoptr (SynGame) saved = NULL;

  /* Only the claimant saves its games (both live in this process, one autosave folder). */
  syn_peer_set_autosave (brk.claimant, TRUE);
  g_signal_connect (brk.claimant, "turn-completed", G_CALLBACK (on_turn_completed_cb), &brk);
  net_pair_connect (pair);
  play_until_claimed (pair, &brk);
  net_test_wait (&pair->host_bot->disconnected, 20, "the host to see the break");
  net_test_wait (&pair->guest_bot->disconnected, 20, "the guest to see the break");

  /* Unchecked, the claim is not recorded: the saved game stops before the turn that ended
   * it. */
  saved = net_test_saved_game (brk.id);
  g_assert_false (syn_game_is_over (saved));
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, brk.turns - 1);
  g_clear_object (&saved);

  /* They meet again: the same game goes on from there and ends on both sides. */
  net_audit_count_connect (&audits, pair);
  net_pair_connect (pair);
  g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->host)), ==, brk.id);
  g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->guest)), ==, brk.id);
  while (!syn_game_is_over (syn_peer_get_game (other)))
    {
      SynGame *current = syn_peer_get_game (pair->host);
      if (syn_game_get_n_turns (current) > brk.turns + MAX_TURNS && !syn_game_is_over (current))
        g_assert_true (syn_peer_resign (pair->host, NULL));
      net_test_spin (5);
    }
  net_audit_count_wait (&audits, pair);
  g_assert_cmpuint (audits.audits, ==, 2);

  claimant_game = syn_peer_get_referee_game (brk.claimant);
  other_game = syn_peer_get_referee_game (other);
  g_assert_nonnull (claimant_game);
  g_assert_nonnull (other_game);
  g_assert_cmpstr (syn_game_get_id (other_game), ==, brk.id);
  net_assert_same_game (claimant_game, other_game);
  g_assert_cmpint (syn_game_get_result (claimant_game), ==, syn_game_get_result (other_game));

  /* What the claimant saved is that end, and nothing is left to resume. */
  saved = net_test_saved_game (brk.id);
  g_assert_true (syn_game_is_over (saved));
  net_assert_same_game (saved, other_game);
  g_test_message ("claimed at turn %u; after the resume the game ended at %u: %s {%s}", brk.turns,
                  syn_game_get_n_turns (other_game),
                  syn_result_to_text (syn_game_get_result (other_game)),
                  syn_game_get_reason (other_game));
  g_free (brk.id);
}

/* The other side comes back only after the time allowed for the audit: the claimant (a
 * guest) holds the game ended audit-withheld and declines it; the host, past the same time,
 * ends it abandoned, and proposes it no more (docs/protocol.md, "A declined resume"). */
static void
test_claim_then_late_return (void)
{
  SynPeerOptions options = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  Break brk = { .claimant = pair->guest };
  g_autoptr (SynGame) saved = NULL;
  g_auto (GStrv) listed = NULL;
  SynGame *claimed;

  /* Only the host saves its games (both live in this process, one autosave folder). */
  syn_peer_set_autosave (pair->host, TRUE);
  syn_peer_set_audit_timeout (pair->guest, 300);
  syn_peer_set_abandon_timeout (pair->host, 300);
  g_signal_connect (brk.claimant, "turn-completed", G_CALLBACK (on_turn_completed_cb), &brk);
  net_pair_connect (pair);
  play_until_claimed (pair, &brk);
  net_test_wait (&pair->host_bot->disconnected, 20, "the host to see the break");
  net_test_wait (&pair->guest_bot->disconnected, 20, "the guest to see the break");
  claimed = g_object_ref (syn_peer_get_game (pair->guest));
  while (g_strcmp0 (syn_game_get_reason (claimed), "audit-withheld") != 0)
    net_test_spin (20);
  net_test_spin (400);

  net_pair_connect (pair);
  g_assert_cmpstr (syn_game_get_id (syn_peer_get_game (pair->host)), !=, brk.id);
  saved = net_test_saved_game (brk.id);
  g_assert_true (syn_game_is_over (saved));
  g_assert_cmpstr (syn_game_get_reason (saved), ==, "abandoned");
  g_assert_cmpint (syn_game_get_result (saved), ==,
                   syn_peer_get_colour (pair->host) == SYN_WHITE ? SYN_RESULT_WHITE_WINS
                                                                 : SYN_RESULT_BLACK_WINS);
  listed = syn_record_index_lookup (syn_game_get_tag (saved, SYN_NET_PAIR_TAG), NULL);
  g_assert_false (g_strv_contains ((const char *const *) listed, brk.id));
  g_object_unref (claimed);
  g_free (brk.id);
}

int
main (int argc, char *argv[])
{
  int status;

  test_dir = net_test_init_dirs ("test-tx-claim-resume");
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/net/tx-claim-resume/host-claims", GINT_TO_POINTER (TRUE),
                        test_claim_then_break);
  g_test_add_data_func ("/net/tx-claim-resume/guest-claims", GINT_TO_POINTER (FALSE),
                        test_claim_then_break);
  g_test_add_func ("/net/tx-claim-resume/guest-claims-host-returns-late",
                   test_claim_then_late_return);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
