/* syn-peer-proposal.c: a new game proposed, answered and started, and its seed (HUT-R10).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <fcntl.h>
#include <glib/gi18n.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

void
syn_peer_autosave (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (!self->autosave || !self->game)
    return;
  /* A Transactional game's record holds our turns and the other's sealed ones (TX-R15);
   * what the audit will need of them goes beside it, so that the game can be resumed. It
   * goes first: a log ahead of its record is cut back to it, one behind would not do. */
  if ((self->audit_log && !syn_game_is_over (self->game)
       && !syn_tx_audit_log_save (self->audit_log, syn_game_get_id (self->game), &error))
      || !syn_record_autosave (self->game, &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

/* TX-R15, R17: a Transactional end by the rules was judged on the committed view, built from
 * the other side's sealed commits, which only its audit checks: the result stands only once
 * that audit has come and checked out. Until then it is not recorded; withheld past the
 * abandonment time, connected or not, the other side loses (audit-withheld). */
gboolean
syn_peer_result_provisional (SynPeer *self)
{
  return self->sealed && self->game && syn_game_is_over (self->game)
         && syn_game_get_end (self->game) == SYN_END_RULES && !self->audit_done;
}

/* A game that ended by the rules when its last turn was played (not by a resignation, a flag
 * or a claim, which travel without a turn), and not a Transactional one, whose turns travel
 * sealed and are never brought forward (TX-R15). */
gboolean
syn_peer_ends_by_last_turn (SynGame *game)
{
  return syn_game_is_over (game) && syn_game_get_end (game) == SYN_END_RULES
         && syn_game_get_n_turns (game) > 0 && !syn_game_get_variant (game)->view;
}

/* The other side holds game's end (or nothing can bring it there): the game is no longer
 * offered for resuming, and the reveal kept for that goes. */
void
syn_peer_settle_end (SynPeer *self, SynGame *game)
{
  g_autoptr (GError) error = NULL;
  const char *pair = syn_game_get_tag (game, SYN_NET_PAIR_TAG);

  if (game == self->game)
    self->end_held = TRUE;
  if (!self->autosave)
    return;
  syn_net_turn_remove (syn_game_get_id (game));
  if (pair && !syn_record_index_remove (pair, syn_game_get_id (game), &error))
    g_debug ("the index of network games could not be saved: %s", error->message);
}

void
syn_peer_announce_over (SynPeer *self)
{
  if (self->over_announced)
    return;
  self->over_announced = TRUE;
  g_clear_handle_id (&self->deadline_id, g_source_remove);
  self->pending_resign = FALSE;
  self->pending_draw = -1;
  syn_peer_stop_abandon_timer (self);
  /* A provisional result is not saved: the record stays as it was before the turn that
   * ended the game, unfinished, until the audit decides. */
  if (!syn_peer_result_provisional (self))
    syn_peer_autosave (self);
  self->end_ping = self->ping_number;
  self->end_on_this_link = self->link != NULL;
  /* A game ended by the rules at its last turn is brought to its end on resuming, for the
   * other side may have missed our reveal of that turn: it is kept until the other side is
   * known to hold the end (docs/protocol.md, "Resuming"). Other ends do not come with a
   * reveal: what the turn held is of no more use. */
  if (self->autosave && self->game)
    {
      if (syn_peer_ends_by_last_turn (self->game) && self->saved.last
          && self->saved.turn == syn_game_get_n_turns (self->game))
        syn_peer_save_turn (self);
      /* A Transactional end by the rules waits for the audit: until it comes, the turn that
       * ended the game stays saved as it was, to be played again should the connection
       * break before the audit (docs/protocol.md, "Resuming a Transactional game"). */
      else if (!syn_peer_result_provisional (self))
        syn_peer_settle_end (self, self->game);
    }
  /* Before anyone hears of the end, who might close the connection. */
  if (self->sealed)
    syn_peer_send_audit (self);
  g_signal_emit (self, syn_peer_signals[GAME_OVER], 0);
}

static void
on_game_finished_cb (SynGame *game, SynPeer *self)
{
  if (game != self->game || self->applying)
    return;
  if (self->proto.phase == SYN_PHASE_PLAYING)
    {
      /* PSC-R11: our own flag fell, or we waited past the opponent's time: say so. */
      if (syn_game_get_end (game) == SYN_END_TIME)
        {
          SynMessage m = { .type = SYN_MESSAGE_FLAG };
          m.colour = syn_game_get_result (game) == SYN_RESULT_WHITE_WINS ? SYN_BLACK : SYN_WHITE;
          syn_peer_send_message (self, &m);
        }
      syn_protocol_state_end_game (&self->proto);
    }
  syn_peer_announce_over (self);
}

/* The game played from now on; log (taken) is its audit log when it is Transactional. */
void
syn_peer_set_game (SynPeer *self, SynGame *game, SynColour colour, SynTxAuditLog *log)
{
  if (self->game != game && self->audit_timer_id && syn_peer_result_provisional (self))
    {
      g_clear_handle_id (&self->audit_timer_id, g_source_remove);
      /* Another game starts before the audit of this one came: it never will now (TX-R17).
       * The same game read back to play its last turn again is no other: its claim comes
       * again, and its audit is awaited then. */
      if (g_strcmp0 (syn_game_get_id (game), syn_game_get_id (self->game)) != 0)
        syn_peer_on_audit_timeout_cb (self);
    }
  if (self->game != game)
    {
      if (self->game)
        g_signal_handlers_disconnect_by_data (self->game, self);
      g_set_object (&self->game, game);
      g_signal_connect_object (game, "finished", G_CALLBACK (on_game_finished_cb), self, 0);
    }
  self->colour = colour;
  self->sealed = syn_game_get_variant (game)->view != NULL;
  g_clear_pointer (&self->audit_log, syn_tx_audit_log_free);
  g_clear_object (&self->referee_game);
  if (self->sealed)
    {
      g_assert (log != NULL);
      self->audit_log = log;
      /* A turn cut back or interrupted is played again from its start. */
      syn_tx_audit_log_cut (log, syn_game_get_n_turns (game));
      /* Our question out when the program stopped is asked again first (TX-R16). */
      if (log->asking)
        {
          self->question_lost = TRUE;
          self->lost = log->asking_question;
          self->lost_all = log->asking_all;
          g_strlcpy (self->lost_game, syn_game_get_id (game), sizeof self->lost_game);
        }
    }
  else
    syn_tx_audit_log_free (log);
  self->claimed = FALSE;
  self->audit_done = FALSE;
  self->audit_sent = FALSE;
  self->claim_pending = FALSE;
  g_clear_handle_id (&self->audit_timer_id, g_source_remove);
  self->over_announced = syn_game_is_over (game);
  self->end_held = FALSE;
  self->end_ping = self->ping_number;
  self->pending_resign = FALSE;
  self->pending_draw = -1;
  syn_peer_reset_turn (self);
  self->unraised_turn = G_MAXUINT32;
  g_clear_pointer (&self->stall_meter, syn_stall_meter_free);
  if (syn_clock_is_timed (syn_game_get_clock (game)))
    self->stall_meter = syn_stall_meter_new ();
  syn_net_turn_init (&self->saved, syn_game_get_n_turns (game));
  /* A turn interrupted by a broken connection goes on, its time not counted. */
  syn_net_game_reset_clocks (game);
}

/* A new game id in the form the game layer uses (time first, so names sort by date). */
static char *
make_one_game_id (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *time = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  guint8 bytes[3];
  int fd;
  gboolean ok = getrandom (bytes, sizeof bytes, 0) == (ssize_t) sizeof bytes;

  if (!ok && (fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC)) >= 0)
    {
      ok = read (fd, bytes, sizeof bytes) == (ssize_t) sizeof bytes;
      close (fd);
    }
  if (!ok)
    {
      guint32 r = g_random_int (); /* only an id: it need not be secret */
      memcpy (bytes, &r, sizeof bytes);
    }
  return g_strdup_printf ("%s-%02x%02x%02x", time, bytes[0], bytes[1], bytes[2]);
}

/* An id never names a game already saved here: a new game must not take an old one's
 * place (docs/protocol.md, "Order"). */
static char *
make_game_id (SynPeer *self)
{
  char *id = make_one_game_id ();

  while ((self->game && g_str_equal (id, syn_game_get_id (self->game)))
         || (self->autosave && syn_net_turn_id_is_saved (id)))
    {
      g_free (id);
      id = make_one_game_id ();
    }
  return id;
}

/* A new game; seed, when not NULL, is the one both sides drew (HUT-R10). A Transactional
 * one comes with its audit log in log, else NULL. */
static SynGame *
make_game (SynPeer *self, const char *id, const SynPeerOptions *options, gboolean fog,
           const char *date, const guint64 *seed, SynTxAuditLog **log)
{
  SynState start;
  SynFenError fen_error;
  /* Checked when the options were set or proposed: a FEN here reads. */
  gboolean set_up = options->start_fen[0] != '\0'
                    && options->variant->read_state (options->start_fen, &start, &fen_error);
  gboolean seeded
      = !set_up && seed && options->variant->seed
        && options->variant->read_state (options->variant->start_fen, &start, &fen_error);
  SynGame *game;
  SynColour host_colour = options->host_colour;
  const char *peer_name = self->peer_name ? self->peer_name : "";
  const char *host_name = self->host ? self->name : peer_name;
  const char *guest_name = self->host ? peer_name : self->name;

  *log = NULL;
  if (seeded)
    options->variant->seed (&start, *seed);
  /* TX-R15: a program holds its own transaction, never the other's. */
  if (options->variant->view)
    {
      SynState referee = start;
      if (!set_up)
        options->variant->read_state (options->variant->start_fen, &referee, &fen_error);
      *log = syn_tx_audit_log_new (&referee);
      syn_tx_player_state (&referee, self->host ? host_colour : (SynColour) !host_colour, &start);
      set_up = TRUE;
    }
  game = syn_game_new (options->variant, set_up || seeded ? &start : NULL, &options->tc, fog);
  syn_game_set_id (game, id);
  syn_game_set_tag (game, "Event", "Synchess network game");
  syn_game_set_tag (game, "Date", date);
  syn_game_set_tag (game, SYN_NET_PAIR_TAG, self->pair_digest);
  syn_game_set_player (game, host_colour, self->host ? self->local_kind : SYN_PLAYER_REMOTE,
                       host_name[0] ? host_name : "?");
  syn_game_set_player (game, (SynColour) (1 - host_colour),
                       self->host ? SYN_PLAYER_REMOTE : self->local_kind,
                       guest_name[0] ? guest_name : "?");
  return game;
}

void
syn_peer_send_decline (SynPeer *self, const char *reason)
{
  SynMessage m = { .type = SYN_MESSAGE_DECLINE };

  g_strlcpy (m.text, reason, sizeof m.text);
  syn_peer_send_message (self, &m);
}

/* A start the protocol can carry: the usual one (fen empty), or a set-up position the rules
 * allow. A Transactional one has no pending moves: both programs would know them, and each
 * may hold its own transaction only (TX-R15). */
gboolean
syn_peer_start_is_playable (const SynVariant *variant, const char *fen, GError **error)
{
  SynState start;
  SynFenError fen_error;

  if (fen[0] == '\0')
    return TRUE;
  if (!variant->read_state (fen, &start, &fen_error))
    {
      g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL, fen_error.message);
      return FALSE;
    }
  if (variant->view && (syn_tx_locks (&start, SYN_WHITE) | syn_tx_locks (&start, SYN_BLACK)))
    {
      g_set_error_literal (error, SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                           _ ("a Transactional game over the network starts with no pending "
                              "moves, since each side may know only its own"));
      return FALSE;
    }
  return TRUE;
}

/* A new game that starts by drawing its seed (HUT-R10); a set-up position has its own. */
static gboolean
options_draw_lots (const SynMessage *m)
{
  return syn_protocol_variant_draws_lots (m->variant) && m->fen[0] == '\0';
}

void
syn_peer_handle_options (SynPeer *self, const SynMessage *m)
{
  const SynVariant *variant = syn_variant_lookup (m->variant);

  self->proposed = (SynPeerOptions){
    .variant = variant,
    .tc = { m->initial_ms, m->increment_ms },
    .fog = m->fog,
    .host_colour = (SynColour) m->colour,
  };
  g_strlcpy (self->proposed.start_fen, m->fen, sizeof self->proposed.start_fen);
  g_strlcpy (self->proposed_date, m->date, sizeof self->proposed_date);
  /* HUT-R10: the game of a seed draw broken off goes on, with the coins committed to, as
   * agreed then; no other game of this pair draws lots before it. */
  self->has_draw = FALSE;
  if (self->autosave && self->pair_digest && variant && options_draw_lots (m))
    {
      SynNetDraw draw;
      if (syn_net_draw_find (self->pair_digest, m->id, &draw))
        {
          /* The same game, whichever program hosts it now: the host proposes the fog
           * agreed then, and its own colour. */
          if (g_str_equal (draw.variant, m->variant) && draw.initial_ms == (gint64) m->initial_ms
              && draw.increment_ms == (gint64) m->increment_ms && draw.fog == m->fog
              && draw.colour == 1 - m->colour && g_str_equal (draw.date, m->date))
            {
              self->draw = draw;
              self->has_draw = TRUE;
              syn_peer_accept_options (self, draw.fog, NULL);
              return;
            }
        }
      else if (syn_net_draw_find (self->pair_digest, NULL, &draw))
        {
          g_autoptr (GError) error = g_error_new_literal (
              SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
              _ ("The host proposed a new game that draws lots, while the draw of another was "
                 "broken off; it was refused"));
          self->proposed.variant = NULL;
          syn_peer_send_decline (self, "a seed draw with you is pending");
          g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
          return;
        }
    }
  /* A new game never takes a saved game's place: its record would be overwritten. */
  if ((self->game && g_str_equal (syn_game_get_id (self->game), m->id))
      || (self->autosave && syn_net_turn_id_is_saved (m->id)))
    {
      g_autoptr (GError) error = g_error_new_literal (
          SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
          _ ("The host proposed a new game under the id of a game saved here; it was refused"));
      self->proposed.variant = NULL;
      syn_peer_send_decline (self, "the id names a saved game");
      g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
      return;
    }
  if (!variant)
    {
      g_autoptr (GError) error
          = g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                                 _ ("The host proposed a rule set this program does not know"));
      syn_peer_send_decline (self, "unknown variant");
      g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
      return;
    }
  {
    g_autoptr (GError) error = NULL;
    if (!syn_peer_start_is_playable (variant, m->fen, &error))
      {
        g_prefix_error (&error, _ ("The host proposed a start position that cannot be played: "));
        self->proposed.variant = NULL;
        syn_peer_send_decline (self, "invalid start position");
        g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
        return;
      }
  }
  g_signal_emit (self, syn_peer_signals[OPTIONS_PROPOSED], 0, &self->proposed);
}

/* The seed (HUT-R10) -------------------------------------------------------------------------- */

/* Both coins are known: the game starts from the seed they give. */
static void
finish_lots (SynPeer *self)
{
  guint64 seed = syn_hutnik_seed_from_coins (self->coin, self->remote_coin);
  SynTxAuditLog *log;
  g_autoptr (SynGame) game = make_game (self, self->proto.id, &self->proposed, self->lots_fog,
                                        self->proposed_date, &seed, &log);

  memset (self->coin, 0, sizeof self->coin);
  syn_peer_set_game (self, game, (SynColour) self->proto.local_colour, log);
  syn_peer_autosave (self);
  /* The game is saved with its seed: the draw is over. */
  if (self->has_draw)
    syn_net_draw_remove (self->draw.id);
  self->has_draw = FALSE;
  g_signal_emit (self, syn_peer_signals[GAME_STARTED], 0, FALSE);
  syn_peer_emit_opponent_state (self);
  syn_peer_commit_wait (self);
}

static void
send_seed_reveal (SynPeer *self)
{
  SynMessage m = { .type = SYN_MESSAGE_SEED, .seed_reveal = TRUE };

  memcpy (m.coin, self->coin, sizeof m.coin);
  memcpy (m.salt, self->coin_salt, sizeof m.salt);
  if (syn_peer_send_message (self, &m) && !self->proto.drawing_lots)
    finish_lots (self);
}

static void
save_draw (SynPeer *self)
{
  g_autoptr (GError) error = NULL;

  if (self->autosave && !syn_net_draw_save (&self->draw, &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
}

void
syn_peer_handle_seed (SynPeer *self, const SynMessage *m)
{
  if (!m->seed_reveal)
    {
      /* Kept before our coin is revealed: theirs cannot change after a break. */
      if (self->has_draw)
        {
          self->draw.theirs = TRUE;
          memcpy (self->draw.their_digest, m->digest, sizeof self->draw.their_digest);
          save_draw (self);
        }
      if (self->proto.local_committed && !self->proto.local_revealed)
        send_seed_reveal (self);
      return;
    }
  memcpy (self->remote_coin, m->coin, sizeof self->remote_coin);
  if (!self->proto.drawing_lots)
    finish_lots (self);
}

/* The guest accepted options: the game starts now, or once its seed is drawn (HUT-R10: each
 * side commits to 8 random bytes, and reveals them once both commitments are in). */
gboolean
syn_peer_start_new_game (SynPeer *self, gboolean fog)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = NULL;
  SynMessage m = { .type = SYN_MESSAGE_SEED };

  if (!self->proto.drawing_lots)
    {
      SynTxAuditLog *log;
      game
          = make_game (self, self->proto.id, &self->proposed, fog, self->proposed_date, NULL, &log);
      syn_peer_set_game (self, game, (SynColour) self->proto.local_colour, log);
      syn_peer_autosave (self);
      g_signal_emit (self, syn_peer_signals[GAME_STARTED], 0, FALSE);
      return TRUE;
    }
  self->lots_fog = fog;
  if (self->has_draw && g_str_equal (self->draw.id, self->proto.id))
    {
      /* A draw broken off goes on with the coins committed to (HUT-R10). */
      memcpy (self->coin, self->draw.coin, sizeof self->coin);
      memcpy (self->coin_salt, self->draw.salt, sizeof self->coin_salt);
    }
  else
    {
      if (!syn_peer_random_salt (self->coin, sizeof self->coin, &error)
          || !syn_peer_random_salt (self->coin_salt, sizeof self->coin_salt, &error))
        {
          syn_peer_fail (self, "internal", g_steal_pointer (&error));
          return FALSE;
        }
      self->draw = (SynNetDraw){
        .initial_ms = self->proposed.tc.initial_ms,
        .increment_ms = self->proposed.tc.increment_ms,
        .fog = fog,
        .colour = self->proto.local_colour,
      };
      g_strlcpy (self->draw.id, self->proto.id, sizeof self->draw.id);
      g_strlcpy (self->draw.pair, self->pair_digest ? self->pair_digest : "",
                 sizeof self->draw.pair);
      g_strlcpy (self->draw.variant, self->proposed.variant->id, sizeof self->draw.variant);
      g_strlcpy (self->draw.date, self->proposed_date, sizeof self->draw.date);
      memcpy (self->draw.coin, self->coin, sizeof self->coin);
      memcpy (self->draw.salt, self->coin_salt, sizeof self->coin_salt);
      self->has_draw = TRUE;
    }
  /* Saved before our commitment leaves: nothing committed to can be drawn again. */
  save_draw (self);
  syn_protocol_seed_commitment (self->proto.id, self->proto.local_colour, self->coin,
                                self->coin_salt, m.digest);
  if (!syn_peer_send_message (self, &m))
    return FALSE;
  if (self->draw.theirs && !self->proto.remote_committed)
    {
      self->proto.remote_committed = TRUE;
      memcpy (self->proto.remote_commitment, self->draw.their_digest,
              sizeof self->proto.remote_commitment);
      self->proto.remote_commitment_saved = TRUE;
    }
  if (self->proto.remote_committed)
    send_seed_reveal (self);
  return FALSE;
}

/* Host: the guest said yes. */
void
syn_peer_handle_accept (SynPeer *self, const SynProtocolState *before, const SynMessage *m)
{
  if (before->proposal == SYN_PROPOSAL_OPTIONS)
    {
      /* PSC-R12: fog only when both want it. */
      if (!syn_peer_start_new_game (self, self->proposed.fog && m->fog))
        return;
    }
  else
    {
      g_autoptr (SynGame) game = g_steal_pointer (&self->resume_game);
      SynTxAuditLog *log = g_steal_pointer (&self->resume_log);
      SynColour local = (SynColour) before->proposal_colour;
      guint n;

      if (!game)
        {
          syn_tx_audit_log_free (log);
          return;
        }
      /* The game is never cut back (docs/protocol.md, "Resuming"): a guest behind gets our
       * reveal of the turn it missed; a guest ahead owes us its reveal of ours, checked
       * against the commitment we saved. */
      n = syn_game_get_n_turns (game);
      if (syn_game_is_over (game))
        {
          syn_peer_bring_to_end (self, game, log, m->turns);
          return;
        }
      syn_peer_set_game (self, game, local, log);
      self->saved = self->resume_saved;
      /* The turn under way starts afresh: its times are the reports, never raised (docs/
       * protocol.md, "Resuming"). */
      self->unraised_turn = MAX (n, m->turns);
      if (m->turns != n
          && ((m->turns + 1 == n && !self->saved.last)
              || (m->turns == n + 1 && !syn_peer_resume_behind (self))))
        {
          syn_peer_fail (
              self, "wrong-turn",
              g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                           _ ("The other side holds %u turns of this game, and this side "
                              "cannot bring the two to the same turn"),
                           m->turns));
          return;
        }
      syn_peer_autosave (self);
      g_signal_emit (self, syn_peer_signals[GAME_STARTED], 0, TRUE);
      syn_peer_emit_opponent_state (self);
      if (m->turns + 1 == n)
        syn_peer_send_catch_up (self, m->turns);
      if (m->turns == n + 1)
        syn_peer_reveal_due (self);
      else
        syn_peer_resume_turn (self);
      return;
    }
  syn_peer_emit_opponent_state (self);
  syn_peer_commit_wait (self);
}

/* Proposals -------------------------------------------------------------------------------- */

void
syn_peer_propose (SynPeer *self)
{
  g_autoptr (SynTxAuditLog) log = NULL;
  g_autoptr (SynGame) game = self->resume_declined ? NULL : syn_peer_find_resumable (self, &log);

  if (game)
    {
      SynMessage m = { .type = SYN_MESSAGE_RESUME };
      SynColour local = SYN_WHITE;
      guint n = syn_game_get_n_turns (game);

      syn_peer_local_colour_of (game, &local);
      g_strlcpy (m.id, syn_game_get_id (game), sizeof m.id);
      m.colour = local;
      m.turns = n;
      syn_net_game_digest (game, m.digest);
      syn_peer_find_saved_turn (self, game, &self->resume_saved);
      /* The guest may have missed the end of the last turn: we can bring it forward with
       * our reveal of that turn (or a Transactional mover's sealed text), kept for that. */
      if (n > 0 && self->resume_saved.last)
        {
          g_autoptr (SynGame) prefix = syn_net_game_prefix (game, n - 1, NULL);
          if (prefix)
            {
              syn_net_game_digest (prefix, m.previous);
              m.has_previous = TRUE;
            }
        }
      if (syn_protocol_id_is_valid (m.id) && syn_peer_send_message (self, &m))
        {
          g_set_object (&self->resume_game, game);
          g_clear_pointer (&self->resume_log, syn_tx_audit_log_free);
          self->resume_log = g_steal_pointer (&log);
          return;
        }
    }

  {
    SynMessage m = { .type = SYN_MESSAGE_OPTIONS };
    g_autofree char *id = NULL;
    g_autoptr (GError) error = NULL;

    if (!syn_peer_start_is_playable (self->options.variant, self->options.start_fen, &error))
      {
        /* Options set after listening: the guest is told why, not left waiting. */
        SynMessage bye = { .type = SYN_MESSAGE_BYE };
        g_strlcpy (bye.text, "invalid start position", sizeof bye.text);
        g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
        syn_peer_send_message (self, &bye);
        syn_peer_end_link (self, NULL);
        return;
      }
    id = make_game_id (self);
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

    self->proposed = self->options;
    g_strlcpy (self->proposed_date, date, sizeof self->proposed_date);
    self->has_draw = FALSE;
    /* HUT-R10: a seed draw broken off with this pair goes on before any other game that
     * draws lots, with the same id, options and coins: breaking the connection after seeing
     * the other's coin draws nothing again. */
    if (self->options.variant->seed && !self->options.start_fen[0] && self->autosave
        && syn_net_draw_find (self->pair_digest, NULL, &self->draw)
        && syn_variant_lookup (self->draw.variant))
      {
        self->has_draw = TRUE;
        g_free (id);
        id = g_strdup (self->draw.id);
        self->proposed = (SynPeerOptions){
          .variant = syn_variant_lookup (self->draw.variant),
          .tc = { self->draw.initial_ms, self->draw.increment_ms },
          .fog = self->draw.fog,
          .host_colour = (SynColour) self->draw.colour,
        };
        g_strlcpy (self->proposed_date, self->draw.date, sizeof self->proposed_date);
      }
    g_strlcpy (m.id, id, sizeof m.id);
    g_strlcpy (m.variant, self->proposed.variant->id, sizeof m.variant);
    m.initial_ms = self->proposed.tc.initial_ms;
    m.increment_ms = m.initial_ms > 0 ? self->proposed.tc.increment_ms : 0;
    m.fog = self->proposed.fog;
    m.colour = self->proposed.host_colour;
    g_strlcpy (m.date, self->proposed_date, sizeof m.date);
    g_strlcpy (m.fen, self->proposed.start_fen, sizeof m.fen);
    syn_peer_send_message (self, &m);
  }
}
