/* syn-peer-turn.c: the turn: commitments, reveals, clocks and flags (PSC-R11).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

/* The slack allowed between the two sides' measures of time (PSC-R11 clock reports). */
#define CLOCK_TOLERANCE_MS 1000

/* PSC-R11: the most of a measured round trip that is taken off the time a commitment took to
 * arrive, when it bounds the sender's clock from below: more would let a peer that answers
 * pings late think for free. */
#define MAX_ROUND_TRIP_MS 500

/* A stall is seen when the program runs again, just before or after it reads what waited. */
#define STALL_MARGIN_US (200 * 1000)

/* The game --------------------------------------------------------------------------------- */

/* The turn in progress goes to disk before what it holds is sent on: our choice and salt
 * before our commitment, the other's commitment before our reveal, a Transactional mover's
 * sealed text before it leaves. A turn broken off then goes on with the same commitments,
 * and a side a turn behind is brought forward by what the other sent (docs/protocol.md,
 * "Resuming"). */
void
syn_peer_save_turn (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->autosave || !self->game)
    return;
  if (!syn_net_turn_save (&self->saved, syn_game_get_id (self->game), &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

/* How long this program did not run in stalls that ended since since_us. */
static gint64
stalled_ms (SynPeer *self, gint64 since_us)
{
  return self->stall_meter ? syn_stall_meter_since (self->stall_meter, since_us) : 0;
}

/* This turn's stalls while our clock ran, from a little before the other's commitment was
 * read (the stall that kept it unread ends as it is read). */
static gint64
own_stall_ms (SynPeer *self)
{
  return self->remote_commit_us ? stalled_ms (self, self->remote_commit_us - STALL_MARGIN_US) : 0;
}

void
syn_peer_reset_turn (SynPeer *self)
{
  syn_peer_stop_abandon_timer (self);
  self->local_choice = SYN_CHOICE_NONE;
  self->remote_choice = SYN_CHOICE_NONE;
  memset (self->salt, 0, sizeof self->salt);
  self->local_used_ms = 0;
  self->remote_used_ms = -1;
  self->local_commit_us = 0;
  self->remote_commit_us = 0;
  self->used_raised = FALSE;
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  self->asking = self->asking_all = FALSE;
  self->asked_choice = SYN_CHOICE_NONE;
  self->cleared_move = SYN_MOVE_NONE;
  self->answer_again = TRUE;
  /* PSC-R11 as the protocol counts it: a clock runs from the arrival of the other side's
   * commitment. The game layer runs the mover's clock as soon as a step asks nothing of the
   * other side, which would charge the mover with the time the waiting side takes to commit
   * (a slow or stopped program), more than the waiting side can accept. */
  if (self->game && syn_clock_is_timed (syn_game_get_clock (self->game)))
    syn_clock_set_chosen (syn_game_get_clock (self->game), FALSE, FALSE);
}

/* The salt of a commitment must be unpredictable, or the other side could try every move
 * against it: it comes from the kernel's random source, never from g_random. */
gboolean
syn_peer_random_salt (guint8 *salt, gsize size, GError **error)
{
  gsize done = 0;
  int fd;

  while (done < size)
    {
      ssize_t n = getrandom (salt + done, size - done, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      done += (gsize) n;
    }
  if (done == size)
    return TRUE;
  /* Kernels before 3.17 have no getrandom(2). */
  fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      done = 0;
      while (done < size)
        {
          ssize_t n = read (fd, salt + done, size - done);
          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            break;
          done += (gsize) n;
        }
      close (fd);
      if (done == size)
        return TRUE;
    }
  g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_STATE,
                       _ ("The system's random source cannot be read"));
  return FALSE;
}

gint64
syn_peer_turn_start_ms (SynPeer *self, SynColour colour)
{
  return syn_net_game_turn_start_ms (self->game, colour);
}

gboolean
syn_peer_game_is_timed (SynPeer *self)
{
  return syn_clock_is_timed (syn_game_get_clock (self->game));
}

/* Whether the rules ask nothing of side at this step (HK's blows struck by the other side,
 * Transactional's other player's turn): it counts as having chosen SYN_CHOICE_NONE. */
gboolean
syn_peer_side_waits (SynPeer *self, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];

  return syn_game_get_variant (self->game)->choices (syn_game_get_state (self->game), side, choices)
         == 0;
}

void
syn_peer_emit_opponent_state (SynPeer *self)
{
  g_signal_emit (self, syn_peer_signals[OPPONENT_STATE_CHANGED], 0,
                 (int) syn_peer_get_opponent_state (self));
}

gboolean
syn_peer_on_deadline_cb (gpointer user_data)
{
  SynPeer *self = user_data;

  self->deadline_id = 0;
  /* PSC-R11: the opponent's time and the network's grace are gone: its flag fell. */
  if (self->game && !syn_game_is_over (self->game) && self->proto.phase == SYN_PHASE_PLAYING
      && (!self->proto.remote_committed
          || (self->proto.local_revealed && !self->proto.remote_revealed)))
    syn_game_end (self->game,
                  self->colour == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS,
                  SYN_END_TIME);
  return G_SOURCE_REMOVE;
}

static void flush_pending (SynPeer *self);

/* Both moves are in, checked: play them with the clocks both sides reported. */
void
syn_peer_complete_turn (SynPeer *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynPeer) hold = g_object_ref (self);
  SynChoice choice[2];
  gint64 after[2];
  SynTimeControl tc = syn_game_get_time_control (self->game);
  guint index;

  choice[self->colour] = self->local_choice;
  choice[1 - self->colour] = self->remote_choice;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      gint64 used = side == (int) self->colour ? self->local_used_ms : self->remote_used_ms;
      /* PSC-R11: each player's increment comes with the move's execution. */
      after[side]
          = syn_peer_turn_start_ms (self, (SynColour) side) - MAX (used, 0) + tc.increment_ms;
    }
  self->applying = TRUE;
  if (self->remote_choice & SYN_CHOICE_SEALED
          ? !syn_net_game_play_sealed_turn (self->game, (SynColour) (1 - self->colour),
                                            self->remote_choice, &self->sealed_after,
                                            after[SYN_WHITE], after[SYN_BLACK], &error)
          : !syn_net_game_play_turn (self->game, choice[SYN_WHITE], choice[SYN_BLACK],
                                     after[SYN_WHITE], after[SYN_BLACK], &error))
    {
      self->applying = FALSE;
      /* Both moves were checked: only a finished game (a flag that fell) gets here. */
      g_debug ("turn not played: %s", error->message);
      return;
    }
  self->applying = FALSE;
  syn_peer_reset_turn (self);
  index = syn_game_get_n_turns (self->game) - 1;
  /* Our reveal of this turn is kept: a side that missed it is brought forward with it. */
  {
    SynNetTurn next;
    syn_net_turn_init (&next, index + 1);
    next.last = self->saved.own;
    memcpy (next.last_text, self->saved.own_text, sizeof next.last_text);
    memcpy (next.last_salt, self->saved.own_salt, sizeof next.last_salt);
    memcpy (next.last_sealed, self->saved.own_sealed, sizeof next.last_sealed);
    next.last_raised_ms = self->saved.their_raised_ms;
    self->saved = next;
  }
  if (syn_game_is_over (self->game))
    {
      syn_peer_claim (self);
      syn_protocol_state_end_game (&self->proto);
    }
  else
    {
      syn_peer_autosave (self);
      syn_peer_save_turn (self);
      syn_peer_ask_all_refused (self);
    }
  /* Before anyone hears of the new step, so that a player asked nothing has chosen. */
  if (!syn_game_is_over (self->game))
    syn_peer_commit_wait (self);
  g_signal_emit (self, syn_peer_signals[TURN_COMPLETED], 0, index);
  if (self->game && syn_game_is_over (self->game))
    syn_peer_announce_over (self);
  else if (self->game)
    {
      syn_peer_emit_opponent_state (self);
      flush_pending (self);
    }
}

/* Both commitments are in and ours is revealed: the other's reveal is due at once. One
 * withheld runs its clock (PSC-R11: it loses on time like any flag); without a clock, it
 * lets us claim the game after the abandonment time (docs/protocol.md, "Abandonment"). */
void
syn_peer_reveal_due (SynPeer *self)
{
  SynColour remote = (SynColour) (1 - self->colour);

  if (!self->game || syn_game_is_over (self->game) || !self->proto.local_revealed
      || self->proto.remote_revealed)
    return;
  if (syn_peer_game_is_timed (self))
    {
      gint64 wait
          = syn_peer_turn_start_ms (self, remote) - MAX (self->remote_used_ms, 0) + FLAG_GRACE_MS;
      g_clear_handle_id (&self->deadline_id, g_source_remove);
      self->deadline_id = g_timeout_add ((guint) CLAMP (wait, 0, (gint64) G_MAXUINT),
                                         syn_peer_on_deadline_cb, self);
    }
  else
    syn_peer_start_abandon_timer (self);
}

void
syn_peer_send_reveal (SynPeer *self)
{
  SynMessage m = { .type = SYN_MESSAGE_REVEAL };
  char text[SYN_CHOICE_TEXT_SIZE];
  guint32 turn = self->proto.turn;

  if (self->local_choice == SYN_CHOICE_NONE)
    g_strlcpy (text, SYN_PEER_WAIT_TEXT, sizeof text);
  else
    syn_game_get_variant (self->game)
        ->choice_to_text (syn_game_get_state (self->game), self->local_choice, text);
  m.turn = turn;
  g_strlcpy (m.move, text, sizeof m.move);
  memcpy (m.salt, self->salt, sizeof m.salt);
  if (self->sealed && self->local_choice != SYN_CHOICE_NONE)
    {
      /* TX-R8, R15: the other side learns only what a commit announces. */
      SynTxPublicStep step;
      SynColour colour = self->colour;
      syn_tx_public_step (syn_game_get_state (self->game), self->local_choice, &step);
      memset (&m, 0, sizeof m);
      m.type = SYN_MESSAGE_SEALED;
      m.turn = turn;
      syn_tx_public_step_to_text (&step, colour, m.text, sizeof m.text);
      /* Kept before it leaves: a side that misses it gets it again, alike, on resuming. */
      g_strlcpy (self->saved.own_sealed, m.text, sizeof self->saved.own_sealed);
      syn_peer_save_turn (self);
    }
  if (syn_peer_send_message (self, &m))
    {
      if (self->proto.turn != turn)
        syn_peer_complete_turn (self);
      else
        syn_peer_reveal_due (self);
    }
}

/* Resign and draw messages wait while our reveal is out and the other's is not in: sent
 * then, the other side could play the turn before reading them, and the two records would
 * end differently. */
gboolean
syn_peer_between_reveals (SynPeer *self)
{
  return self->proto.local_revealed && !self->proto.remote_revealed;
}

static void
flush_pending (SynPeer *self)
{
  if (self->pending_resign)
    {
      self->pending_resign = FALSE;
      syn_peer_resign (self, NULL);
    }
  else if (self->pending_draw == SYN_DRAW_OFFER)
    {
      self->pending_draw = -1;
      syn_peer_offer_draw (self, NULL);
    }
  /* An answer to an offer made in the turn just played has nothing left to answer. */
  self->pending_draw = -1;
}

void
syn_peer_handle_commit (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  gint64 now = g_get_monotonic_time ();
  SynColour remote = (SynColour) (1 - self->colour);
  gint64 elapsed_ms = self->local_commit_us ? (now - self->local_commit_us) / 1000 : 0;
  g_autofree char *why = NULL;

  /* PSC-R11: the opponent's clock runs only once it has our commitment, so it cannot have
   * thought longer than the time since ours left, nor longer than it had. */
  if (m->used_ms > elapsed_ms + CLOCK_TOLERANCE_MS)
    why = g_strdup_printf ("a thinking time of %" G_GINT64_FORMAT
                           " ms is impossible: %" G_GINT64_FORMAT " ms passed since our commitment",
                           m->used_ms, elapsed_ms);
  else if (syn_peer_game_is_timed (self) && m->used_ms >= syn_peer_turn_start_ms (self, remote))
    why = g_strdup_printf ("a thinking time of %" G_GINT64_FORMAT
                           " ms is more than the %" G_GINT64_FORMAT " ms left",
                           m->used_ms, syn_peer_turn_start_ms (self, remote));
  if (why)
    {
      g_autoptr (GError) error
          = g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOCK,
                         _ ("The other side reported an impossible clock: %s"), why);
      syn_peer_reject (self, "clock", why);
      g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
      return;
    }
  self->proto = *next;
  self->remote_used_ms = m->used_ms;
  self->remote_commit_us = now;
  /* A side that waits has no clock running (docs/protocol.md: its USED_MS is 0). */
  if (syn_peer_game_is_timed (self) && self->local_commit_us && !syn_peer_side_waits (self, remote)
      && m->turn != self->unraised_turn)
    {
      /* PSC-R11: its clock ran from our commitment's arrival to its own commitment's
       * departure: at least what we saw between ours leaving and its arriving, less a round
       * trip. A lower report is raised to that, and the other side told, before our reveal
       * plays the turn, so that both records agree. */
      gint64 round_trip_ms = self->round_trip_us < 0 ? 0 : self->round_trip_us / 1000;
      gint64 seen_ms
          = (now - self->local_commit_us) / 1000 - MIN (round_trip_ms, MAX_ROUND_TRIP_MS);
      /* Its commitment may have waited for us to read it while we did not run: not its time. */
      seen_ms -= stalled_ms (self, self->local_commit_us);
      /* A time it had not: its flag is ours to claim by the deadline, not by a raise. */
      seen_ms = MIN (seen_ms, syn_peer_turn_start_ms (self, remote) - 1);
      if (seen_ms > m->used_ms)
        {
          SynMessage raise = { .type = SYN_MESSAGE_USED, .turn = m->turn, .used_ms = seen_ms };
          self->remote_used_ms = seen_ms;
          self->saved.their_raised_ms = seen_ms;
          syn_peer_send_message (self, &raise);
        }
    }
  /* Kept before our reveal leaves: its reveal must match it, whatever breaks meanwhile. */
  self->saved.theirs = TRUE;
  memcpy (self->saved.their_digest, m->digest, sizeof self->saved.their_digest);
  self->saved.their_used_ms = self->remote_used_ms;
  syn_peer_save_turn (self);
  if (self->sealed)
    {
      SynTxTheirTurn *theirs = syn_peer_their_turn (self, m->turn);
      theirs->committed = TRUE;
      memcpy (theirs->commitment, m->digest, sizeof theirs->commitment);
    }
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  if (self->proto.local_committed)
    syn_peer_send_reveal (self);
  else if (self->game)
    /* PSC-R11: the opponent has chosen and we have not: our clock runs. */
    syn_clock_set_chosen (syn_game_get_clock (self->game), remote == SYN_WHITE,
                          remote == SYN_BLACK);
  if (self->game && !syn_game_is_over (self->game))
    syn_peer_emit_opponent_state (self);
}

/* PSC-R11: the other side raised the time we reported to what it saw on the wire. It takes
 * that value, so we must too, or the records differ: a raise below our report, or beyond it
 * by more than the network can explain, is a lie (it would steal our time), and ends the
 * connection (the turn is played again on resuming). */
void
syn_peer_handle_used (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  g_autofree char *why = NULL;
  /* What the other side can have seen beyond our own count: the network's delay both ways,
   * which the latest round trip measures; with some jitter, and never more than a second. */
  gint64 slack_ms = self->last_round_trip_us < 0
                        ? CLOCK_TOLERANCE_MS
                        : MIN (CLOCK_TOLERANCE_MS, 2 * self->last_round_trip_us / 1000 + 200);

  /* And the time we did not run, with its commitment waiting to be read or ours to leave:
   * the other saw it pass on our clock (measured now, or saved before a break). */
  slack_ms += MAX (own_stall_ms (self), self->saved.own_stall_ms);

  if (!syn_peer_game_is_timed (self))
    why = g_strdup ("this game has no clock");
  else if (self->used_raised)
    why = g_strdup ("our time was raised already this turn");
  else if (syn_peer_side_waits (self, self->colour))
    why = g_strdup ("we wait this turn, and our clock does not run");
  else if (m->turn == self->unraised_turn)
    why = g_strdup ("no time is raised in the turn a resume goes on with");
  else if (m->used_ms < self->local_used_ms || m->used_ms > self->local_used_ms + slack_ms)
    why = g_strdup_printf ("a raise of our %" G_GINT64_FORMAT " ms to %" G_GINT64_FORMAT
                           " ms is impossible",
                           self->local_used_ms, m->used_ms);
  if (why)
    {
      syn_peer_fail (self, "clock",
                     g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOCK,
                                  _ ("The other side counted our clock impossibly: %s"), why));
      return;
    }
  self->proto = *next;
  self->used_raised = TRUE;
  self->local_used_ms = m->used_ms;
  /* What a resume a turn behind plays the turn with (docs/protocol.md, "Resuming"). */
  self->saved.own_used_ms = m->used_ms;
  syn_peer_save_turn (self);
}

void
syn_peer_forfeit (SynPeer *self, const char *code, GError *error)
{
  g_autoptr (SynPeer) hold = g_object_ref (self);

  /* The game ends as if the offender had resigned; the error says exactly what it did. */
  if (self->game && !syn_game_is_over (self->game))
    {
      syn_peer_send_error (self, code, error->message);
      syn_game_resign (self->game, (SynColour) (1 - self->colour));
      syn_peer_fail (self, NULL, error);
    }
  else
    syn_peer_fail (self, code, error);
}

void
syn_peer_handle_reveal (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);
  const SynVariant *variant = syn_game_get_variant (self->game);
  const SynState *state = syn_game_get_state (self->game);
  SynChoice choice = syn_variant_choice_from_text (variant, state, remote, m->move);
  /* A side the rules ask nothing of this step reveals "-", and only such a side may. */
  gboolean legal = syn_peer_side_waits (self, remote) ? g_str_equal (m->move, SYN_PEER_WAIT_TEXT)
                                             : choice != SYN_CHOICE_NONE && !self->sealed;
  if (!legal)
    {
      syn_peer_forfeit (
          self, "illegal-move",
          g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_ILLEGAL_MOVE,
                       /* Translators: %s is a move such as "e2e5". */
                       _ ("The other side played an illegal move: %s is not a legal move "
                          "for %s in this turn"),
                       m->move, remote == SYN_WHITE ? _ ("White") : _ ("Black")));
      return;
    }
  self->proto = *next;
  self->remote_choice = choice;
  if (self->proto.turn != m->turn)
    syn_peer_complete_turn (self);
}

void
syn_peer_handle_flag (SynPeer *self, const SynProtocolState *next, const SynMessage *m)
{
  SynColour remote = (SynColour) (1 - self->colour);

  if (!syn_peer_game_is_timed (self))
    {
      syn_peer_reject (self, "clock", "this game has no clock");
      return;
    }
  if (m->colour != (int) remote)
    {
      /* A claim that our own flag fell: true only if our clock has run out by our own
       * measure, which starts when the opponent's commitment arrived. */
      gint64 used_ms
          = self->remote_commit_us ? (g_get_monotonic_time () - self->remote_commit_us) / 1000 : -1;
      /* Its commitment may have waited unread while we did not run: our clock ran then too,
       * by the other's measure, or the two records would end with opposite results. */
      if (used_ms >= 0)
        used_ms += own_stall_ms (self);
      if (used_ms < 0 || used_ms + CLOCK_TOLERANCE_MS < syn_peer_turn_start_ms (self, self->colour))
        {
          g_autoptr (GError) error
              = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_CLOCK,
                                     _ ("The other side claimed our time ran out, and it has not"));
          syn_peer_reject (self, "clock", "our time has not run out");
          g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
          return;
        }
    }
  self->proto = *next;
  if (!syn_game_is_over (self->game))
    syn_game_end (self->game,
                  m->colour == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS,
                  SYN_END_TIME);
}

/* Sends the commitment to choice (text as revealed) and reveals at once when the other's
 * commitment is in. */
gboolean
syn_peer_commit_choice (SynPeer *self, SynChoice choice, const char *text, GError **error)
{
  SynMessage m = { .type = SYN_MESSAGE_COMMIT };
  gint64 now = g_get_monotonic_time ();

  if (!syn_peer_random_salt (self->salt, sizeof self->salt, error))
    return FALSE;

  /* PSC-R11: our clock ran from the opponent's commitment to ours. */
  if (syn_peer_game_is_timed (self))
    {
      gint64 start = syn_peer_turn_start_ms (self, self->colour);
      gint64 left = syn_clock_get_remaining_ms (syn_game_get_clock (self->game), self->colour);
      self->local_used_ms = CLAMP (start - left, 0, MAX (start - 1, 0));
    }
  else
    self->local_used_ms = self->remote_commit_us ? (now - self->remote_commit_us) / 1000 : 0;

  m.turn = self->proto.turn;
  m.used_ms = self->local_used_ms;
  syn_protocol_commitment (self->proto.id, m.turn, self->colour, text, self->salt, m.digest);
  if (self->sealed && choice != SYN_CHOICE_NONE)
    syn_tx_audit_log_set_own_salt (self->audit_log, m.turn, self->salt);
  /* Saved before it leaves: nothing we committed to can be lost, nor chosen again. */
  self->saved.own = TRUE;
  g_strlcpy (self->saved.own_text, text, sizeof self->saved.own_text);
  memcpy (self->saved.own_salt, self->salt, sizeof self->saved.own_salt);
  self->saved.own_used_ms = m.used_ms;
  self->saved.own_stall_ms = own_stall_ms (self);
  syn_peer_save_turn (self);
  if (!syn_peer_send_message (self, &m))
    return syn_peer_not_now (error, _ ("The move cannot be sent now"));
  self->local_choice = choice;
  self->local_commit_us = now;
  syn_clock_set_chosen (syn_game_get_clock (self->game), FALSE, FALSE);

  if (self->proto.remote_committed)
    syn_peer_send_reveal (self);
  else if (syn_peer_game_is_timed (self))
    {
      gint64 wait = syn_peer_turn_start_ms (self, (SynColour) (1 - self->colour)) + FLAG_GRACE_MS;
      self->deadline_id
          = g_timeout_add ((guint) MIN (wait, (gint64) G_MAXUINT), syn_peer_on_deadline_cb, self);
    }
  return TRUE;
}

/* A side the rules ask nothing of this step commits to "-" by itself at once, so every step
 * has two commitments and two reveals, as a PSC turn has (docs/protocol.md, "Waiting"). */
void
syn_peer_commit_wait (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->game || syn_game_is_over (self->game) || self->proto.phase != SYN_PHASE_PLAYING
      || self->proto.local_committed || !syn_peer_side_waits (self, self->colour))
    return;
  if (!syn_peer_commit_choice (self, SYN_CHOICE_NONE, SYN_PEER_WAIT_TEXT, &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

gboolean
syn_peer_playing (SynPeer *self, GError **error)
{
  if (!self->link || self->proto.phase != SYN_PHASE_PLAYING || !self->game
      || syn_game_is_over (self->game))
    return syn_peer_not_now (error, _ ("No game is in progress"));
  return TRUE;
}

gboolean
syn_peer_choose (SynPeer *self, SynChoice choice, GError **error)
{
  const SynVariant *variant;
  const SynState *state;
  SynChoice choices[SYN_MAX_CHOICES];
  char text[SYN_CHOICE_TEXT_SIZE];
  gboolean legal = FALSE;
  int n;

  g_return_val_if_fail (SYN_IS_PEER (self), FALSE);

  if (!syn_peer_playing (self, error))
    return FALSE;
  if (self->proto.local_committed)
    return syn_peer_not_now (error, _ ("The move of this turn is already chosen"));
  variant = syn_game_get_variant (self->game);
  state = syn_game_get_state (self->game);
  n = variant->choices (state, self->colour, choices);
  for (int i = 0; i < n && !legal; i++)
    legal = choices[i] == choice;
  if (!legal || choice == SYN_CHOICE_NONE)
    {
      variant->choice_to_text (state, choice, text);
      g_set_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL, _ ("%s is not a legal move"),
                   text);
      return FALSE;
    }
  if (self->sealed)
    {
      SynMove move = SYN_CHOICE_MOVE (choice);
      SynBitboard bound;
      /* The turn's first question (TX-R6) is out: the move is asked about after it. */
      if (self->asking_all && self->asked_choice == SYN_CHOICE_NONE)
        {
          self->asked_choice = choice;
          return TRUE;
        }
      if (self->asking)
        return syn_peer_not_now (error, _ ("Waiting for the answer to the last move"));
      /* TX-R16: told "not locked", the move binds the turn, a broken connection or not. */
      bound = syn_peer_bound_set (self);
      if (bound && (move == SYN_MOVE_NONE || syn_tx_refusal_squares (move) != bound))
        {
          variant->choice_to_text (state, choice, text);
          g_set_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL,
                       _ ("%s cannot be played: this turn is bound to the move the other side "
                          "was told was not locked (TX-R16)"),
                       text);
          return FALSE;
        }
      if (bound)
        self->cleared_move = move;
      /* TX-R5, R16: the other program says whether the move is locked; until it has, the
       * move is neither played nor refused. */
      if (move != SYN_MOVE_NONE && move != self->cleared_move)
        {
          SynBitboard set = syn_tx_refusal_squares (move);
          /* Locks do not change while we move, and a set is asked about once a turn. */
          if (syn_peer_was_refused (self, set))
            {
              /* Told after this call returns, as an answer from the network would be. */
              g_idle_add_full (G_PRIORITY_DEFAULT, syn_peer_on_refused_again_cb,
                               g_object_ref (self), g_object_unref);
              return TRUE;
            }
          if (!syn_peer_ask (self, &set, 1, FALSE, error))
            return FALSE;
          self->asked_choice = choice;
          return TRUE;
        }
      return syn_peer_commit_own_choice (self, choice, error);
    }
  variant->choice_to_text (state, choice, text);
  return syn_peer_commit_choice (self, choice, text, error);
}
