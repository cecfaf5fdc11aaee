/* syn-peer-resume.c: a broken game found again and resumed, or abandoned.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-peer-private.h"

#include <glib/gi18n.h>
#include <string.h>

/* What was saved of game's turn in progress: in memory for the game being played, else from
 * the autosave folder. A turn saved just before its record caught up is the last turn. */
void
syn_peer_find_saved_turn (SynPeer *self, SynGame *game, SynNetTurn *turn)
{
  guint n = syn_game_get_n_turns (game);
  g_autoptr (GError) error = NULL;

  if (game == self->game)
    *turn = self->saved;
  else if (!self->autosave || !syn_net_turn_load (syn_game_get_id (game), turn, &error))
    {
      if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_debug ("the turn in progress of %s cannot be read: %s", syn_game_get_id (game),
                 error->message);
      syn_net_turn_init (turn, n);
      return;
    }
  if (turn->own && turn->turn + 1 == n)
    {
      turn->last = TRUE;
      memcpy (turn->last_text, turn->own_text, sizeof turn->last_text);
      memcpy (turn->last_salt, turn->own_salt, sizeof turn->last_salt);
      memcpy (turn->last_sealed, turn->own_sealed, sizeof turn->last_sealed);
      turn->last_raised_ms = turn->their_raised_ms;
      turn->own = turn->theirs = FALSE;
      turn->turn = n;
    }
  if (turn->turn != n)
    syn_net_turn_init (turn, n);
}

/* The other side has stopped playing long enough: the game may be claimed. */
static gboolean
on_abandon_cb (gpointer user_data)
{
  SynPeer *self = user_data;

  self->abandon_id = 0;
  if (self->game && !syn_game_is_over (self->game) && !self->abandon_claimable)
    {
      self->abandon_claimable = TRUE;
      g_signal_emit (self, syn_peer_signals[ABANDON_CLAIMABLE], 0, TRUE);
    }
  return G_SOURCE_REMOVE;
}

void
syn_peer_start_abandon_timer (SynPeer *self)
{
  if (self->abandon_id || self->abandon_claimable)
    return;
  self->abandon_id = g_timeout_add (self->abandon_ms, on_abandon_cb, self);
}

void
syn_peer_stop_abandon_timer (SynPeer *self)
{
  g_clear_handle_id (&self->abandon_id, g_source_remove);
  if (self->abandon_claimable)
    {
      self->abandon_claimable = FALSE;
      g_signal_emit (self, syn_peer_signals[ABANDON_CLAIMABLE], 0, FALSE);
    }
}

/* The side of a saved game that played at this end: the one that is not remote. */
gboolean
syn_peer_local_colour_of (SynGame *game, SynColour *colour)
{
  gboolean white_remote = syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE;
  gboolean black_remote = syn_game_get_player_kind (game, SYN_BLACK) == SYN_PLAYER_REMOTE;

  if (white_remote == black_remote)
    return FALSE;
  *colour = white_remote ? SYN_BLACK : SYN_WHITE;
  return TRUE;
}

/* A game played with this pair of certificates, finished or not. */
static gboolean
is_our_game (SynPeer *self, SynGame *game)
{
  const char *pair = game ? syn_game_get_tag (game, SYN_NET_PAIR_TAG) : NULL;
  SynColour colour;

  return pair && self->pair_digest && g_str_equal (pair, self->pair_digest)
         && syn_peer_local_colour_of (game, &colour);
}

static gboolean
is_our_unfinished_game (SynPeer *self, SynGame *game)
{
  return game && !syn_game_is_over (game) && is_our_game (self, game);
}

/* A finished game of ours that the other side may hold a turn short of its end: it ended at
 * its last turn, and we hold our reveal of that turn to bring the other side there. */
static gboolean
is_end_to_bring (SynPeer *self, SynGame *game)
{
  SynNetTurn turn;
  /* The game in memory, or its record read back from the autosave folder. */
  gboolean current
      = self->game && g_strcmp0 (syn_game_get_id (game), syn_game_get_id (self->game)) == 0;

  if (!is_our_game (self, game) || !syn_peer_ends_by_last_turn (game)
      || (current && (self->end_held || self->end_on_this_link)))
    return FALSE;
  syn_peer_find_saved_turn (self, game, &turn);
  return turn.last;
}

/* A Transactional game goes on only with what its audit will need (TX-R17): the log in
 * memory when game is ours, else the one saved beside its autosave. TRUE with log NULL for
 * other games. */
static gboolean
find_audit_log (SynPeer *self, SynGame *game, SynTxAuditLog **log)
{
  g_autoptr (GError) error = NULL;

  *log = NULL;
  if (!syn_game_get_variant (game)->view)
    return TRUE;
  if (game == self->game && self->audit_log)
    *log = syn_tx_audit_log_copy (self->audit_log);
  else if (self->autosave)
    *log = syn_tx_audit_log_load (syn_game_get_id (game), &error);
  if (*log && !syn_tx_audit_log_covers (*log, game, &error))
    g_clear_pointer (log, syn_tx_audit_log_free);
  if (!*log && error)
    g_debug ("game %s cannot be resumed: %s", syn_game_get_id (game), error->message);
  return *log != NULL;
}

/* The time game's record was last saved, in microseconds (0 when unknown): when it was last
 * played, or when its connection broke. */
static guint64
saved_time_us (SynGame *game)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *name = g_strconcat (syn_game_get_id (game), ".synchess", NULL);
  g_autoptr (GFile) file = g_file_get_child (dir, name);
  g_autoptr (GFileInfo) info = g_file_query_info (
      file, G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);

  if (!info)
    return 0;
  return g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC
         + g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

/* The game to resume with this pair of certificates, newest first: the unfinished one in
 * memory, else one of the games the autosave folder's index lists for the pair (this program
 * may have been restarted): an unfinished game, or a finished one the other side may hold a
 * turn short of its end. The index spares reading every saved record at each connection;
 * what it lists is checked against the record itself, and an id that no longer fits is
 * taken off. log is the game's audit log when it is a Transactional one. */
SynGame *
syn_peer_find_resumable (SynPeer *self, SynTxAuditLog **log)
{
  g_autoptr (GFile) dir = NULL;
  g_auto (GStrv) ids = NULL;
  SynGame *best = NULL;
  guint64 best_time = 0;

  *log = NULL;
  if (self->game && is_our_unfinished_game (self, self->game)
      && find_audit_log (self, self->game, log))
    return g_object_ref (self->game);
  if (!self->autosave || !self->pair_digest)
    return self->game && is_end_to_bring (self, self->game) ? g_object_ref (self->game) : NULL;

  dir = syn_record_autosave_dir ();
  ids = syn_record_index_lookup (self->pair_digest, NULL);
  for (guint i = 0; ids[i]; i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GFile) file = NULL;
      g_autoptr (SynGame) game = NULL;
      g_autoptr (SynTxAuditLog) game_log = NULL;
      g_autoptr (GError) error = NULL;
      guint64 time;

      if (!syn_protocol_id_is_valid (ids[i]))
        continue;
      name = g_strconcat (ids[i], ".synchess", NULL);
      file = g_file_get_child (dir, name);
      /* Only a regular file is read, without blocking (syn_text_file_load). */
      game = syn_record_load (file, &error);
      if (game && !syn_game_is_over (game) && !is_our_game (self, game))
        g_clear_object (&game);
      if (!game || (syn_game_is_over (game) && !is_end_to_bring (self, game)))
        {
          if (error)
            g_debug ("game %s is not resumed: %s", ids[i], error->message);
          g_clear_error (&error);
          if (!syn_record_index_remove (self->pair_digest, ids[i], &error))
            g_debug ("the index of network games could not be saved: %s", error->message);
          continue;
        }
      if (!syn_game_is_over (game) && !find_audit_log (self, game, &game_log))
        continue;
      time = saved_time_us (game);
      if (!best || time > best_time)
        {
          g_clear_object (&best);
          g_clear_pointer (log, syn_tx_audit_log_free);
          best = g_steal_pointer (&game);
          *log = g_steal_pointer (&game_log);
          best_time = time;
        }
    }
  return best;
}

/* Messages ---------------------------------------------------------------------------------- */

/* After a resume, the side ahead sends again its reveal of the turn the other missed; the
 * other checks it against the commitment it saved and plays that turn. It is sent as it
 * went the first time, outside this turn's order. */
void
syn_peer_send_catch_up (SynPeer *self, guint32 turn)
{
  SynMessage m = { .type = SYN_MESSAGE_REVEAL, .turn = turn };
  char line[SYN_PROTOCOL_MAX_LINE + 1];
  gsize length;

  g_strlcpy (m.move, self->saved.last_text, sizeof m.move);
  memcpy (m.salt, self->saved.last_salt, sizeof m.salt);
  if (self->saved.last_sealed[0])
    {
      /* A Transactional mover's turn went sealed (TX-R15): that is what is sent again. */
      memset (&m, 0, sizeof m);
      m.type = SYN_MESSAGE_SEALED;
      m.turn = turn;
      g_strlcpy (m.text, self->saved.last_sealed, sizeof m.text);
    }
  if (self->saved.last_raised_ms > 0 && syn_peer_game_is_timed (self) && self->link
      && !self->link->closing)
    {
      /* PSC-R11: we played that turn with the other's time raised; a side that missed the
       * reveal may have missed the raise before it, and must play the turn alike. */
      SynMessage raise
          = { .type = SYN_MESSAGE_USED, .turn = turn, .used_ms = self->saved.last_raised_ms };
      length = syn_message_format (&raise, line);
      if (length > 0)
        syn_peer_link_write (self, line, length);
    }
  length = syn_message_format (&m, line);
  if (length > 0 && self->link && !self->link->closing)
    syn_peer_link_write (self, line, length);
}

/* The choice our saved commitment names in the turn being played, or FALSE when it names
 * none (a record that changed under it). */
static gboolean
saved_choice (SynPeer *self, SynChoice *choice)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  g_autofree char *text = g_strdup (self->saved.own_text);

  if (g_str_equal (text, SYN_PEER_WAIT_TEXT))
    {
      *choice = SYN_CHOICE_NONE;
      return syn_peer_side_waits (self, self->colour);
    }
  /* TX-R17: a Transactional mover committed to its choice and its transaction list. */
  if (self->sealed && strchr (text, ' '))
    *strchr (text, ' ') = '\0';
  *choice
      = syn_variant_choice_from_text (variant, syn_game_get_state (self->game), self->colour, text);
  return *choice != SYN_CHOICE_NONE && !syn_peer_side_waits (self, self->colour);
}

/* A resumed turn goes on with the commitments made before the break: the other's, when we
 * hold it, is the one its reveal must match, and ours is sent again as it was, so that
 * neither side can choose again after seeing the other's move. The turn's thinking times
 * start again from 0 on both sides. */
static void
resume_commitments (SynPeer *self)
{
  SynNetTurn *saved = &self->saved;
  SynChoice choice;

  if (self->sealed || saved->turn != self->proto.turn || self->proto.local_committed
      || self->proto.remote_committed)
    return;
  if (saved->theirs)
    {
      self->proto.remote_committed = TRUE;
      memcpy (self->proto.remote_commitment, saved->their_digest,
              sizeof self->proto.remote_commitment);
      self->proto.remote_commitment_saved = TRUE;
      saved->their_used_ms = 0;
      self->remote_used_ms = 0;
      self->remote_commit_us = g_get_monotonic_time ();
    }
  if (saved->own && saved_choice (self, &choice))
    {
      SynMessage m = { .type = SYN_MESSAGE_COMMIT, .turn = self->proto.turn, .used_ms = 0 };

      syn_protocol_commitment (self->proto.id, m.turn, self->colour, saved->own_text,
                               saved->own_salt, m.digest);
      saved->own_used_ms = 0;
      syn_peer_save_turn (self);
      if (!syn_peer_send_message (self, &m))
        return;
      self->local_choice = choice;
      memcpy (self->salt, saved->own_salt, sizeof self->salt);
      self->local_used_ms = 0;
      self->local_commit_us = g_get_monotonic_time ();
      syn_clock_set_chosen (syn_game_get_clock (self->game), FALSE, FALSE);
      if (self->proto.remote_committed)
        syn_peer_send_reveal (self);
      else if (syn_peer_game_is_timed (self))
        {
          /* PSC-R11: as after any commitment, the other side's time runs to its flag. */
          gint64 wait
              = syn_peer_turn_start_ms (self, (SynColour) (1 - self->colour)) + FLAG_GRACE_MS;
          g_clear_handle_id (&self->deadline_id, g_source_remove);
          self->deadline_id = g_timeout_add ((guint) MIN (wait, (gint64) G_MAXUINT),
                                             syn_peer_on_deadline_cb, self);
        }
    }
  else
    {
      SynColour remote = (SynColour) (1 - self->colour);
      saved->own = FALSE;
      syn_peer_save_turn (self);
      /* PSC-R11: the other side has chosen and we have not: our clock runs. */
      if (self->proto.remote_committed)
        syn_clock_set_chosen (syn_game_get_clock (self->game), remote == SYN_WHITE,
                              remote == SYN_BLACK);
    }
}

/* A resumed game's turn goes on: saved commitments first, then a side the step asks nothing
 * of commits at once, and a Transactional mover asks again whether every move is refused
 * (TX-R6). */
void
syn_peer_resume_turn (SynPeer *self)
{
  resume_commitments (self);
  if (self->proto.local_committed)
    return;
  if (self->question_lost && self->sealed && self->lost.turn == self->proto.turn
      && g_str_equal (self->lost_game, syn_game_get_id (self->game)))
    syn_peer_ask (self, self->lost.sets, self->lost.n_sets, self->lost_all, NULL);
  self->question_lost = FALSE;
  syn_peer_ask_all_refused (self);
  syn_peer_commit_wait (self);
}

/* After a resume, this side is the one a turn behind: it revealed its move and holds the
 * other's commitment, saved; the other's reveal, due at once, brings it forward. */
gboolean
syn_peer_resume_behind (SynPeer *self)
{
  SynChoice choice;

  if (!self->saved.own || !self->saved.theirs || !saved_choice (self, &choice))
    return FALSE;
  syn_protocol_state_resume_behind (&self->proto, self->saved.their_digest);
  if (self->sealed)
    {
      /* The log was cut back to the record: what the audit needs of the turn comes back from
       * the turn saved before anything of it left (TX-R17). */
      if (choice != SYN_CHOICE_NONE)
        {
          syn_tx_audit_log_set_own (self->audit_log, self->proto.turn, self->saved.own_text);
          syn_tx_audit_log_set_own_salt (self->audit_log, self->proto.turn, self->saved.own_salt);
        }
      else
        {
          SynTxTheirTurn *theirs = syn_tx_audit_log_their_turn (self->audit_log, self->proto.turn);
          theirs->committed = TRUE;
          memcpy (theirs->commitment, self->saved.their_digest, sizeof theirs->commitment);
        }
    }
  self->local_choice = choice;
  memcpy (self->salt, self->saved.own_salt, sizeof self->salt);
  self->local_used_ms = self->saved.own_used_ms;
  self->remote_used_ms = self->saved.their_used_ms;
  self->local_commit_us = self->remote_commit_us = g_get_monotonic_time ();
  return TRUE;
}

/* Guest: the host proposes to resume a game that is over here. We hold the same end (the
 * same digest), or the host missed our reveal of the last turn (our record cut to its turns
 * gives its digest, and we hold that reveal): it is sent again, and the host plays the turn
 * that ends the game. Anything else is declined. */
static void
resume_finished (SynPeer *self, SynGame *game, SynColour local, const SynMessage *m)
{
  SynMessage answer = { .type = SYN_MESSAGE_ACCEPT, .has_turns = TRUE };
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  g_autoptr (SynGame) prefix = NULL;
  guint n = syn_game_get_n_turns (game);
  SynNetTurn saved;

  syn_net_game_digest (game, digest);
  syn_peer_find_saved_turn (self, game, &saved);
  if (n == m->turns && memcmp (digest, m->digest, sizeof digest) == 0)
    answer.turns = n;
  else if (n == m->turns + 1 && saved.last && syn_peer_ends_by_last_turn (game)
           && (prefix = syn_net_game_prefix (game, m->turns, NULL)))
    {
      syn_net_game_digest (prefix, digest);
      if (memcmp (digest, m->digest, sizeof digest) != 0)
        {
          syn_peer_send_decline (self, "the saved games differ");
          return;
        }
      answer.turns = n;
    }
  else
    {
      syn_peer_send_decline (self, "no such unfinished game here");
      return;
    }
  if (!syn_peer_send_message (self, &answer))
    return;
  syn_protocol_state_end_game (&self->proto);
  if (n == m->turns)
    {
      /* Both hold the end: nothing to play, and nothing to keep for it. */
      syn_peer_settle_end (self, game);
      return;
    }
  syn_peer_set_game (self, game, local, NULL);
  self->saved = saved;
  syn_peer_send_catch_up (self, m->turns);
  /* Held until the host answers a ping sent from now on, as after any end. */
  self->end_ping = self->ping_number;
}

/* Guest: a resume is accepted when we hold the same game, at the host's turn or one turn
 * either side of it, identical up to there. */
void
syn_peer_handle_resume (SynPeer *self, const SynMessage *m)
{
  g_autoptr (SynGame) game = NULL;
  g_autoptr (SynGame) prefix = NULL;
  g_autoptr (SynTxAuditLog) log = NULL;
  SynMessage answer = { .type = SYN_MESSAGE_ACCEPT, .has_turns = TRUE };
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];
  SynNetTurn saved;
  gboolean behind = FALSE, ahead = FALSE;
  SynColour local;
  guint n;

  /* A game our claim ended waits for the audit: what counts is the record saved before the
   * turn that ended it, whose last turn is played again. */
  if (self->game && g_str_equal (syn_game_get_id (self->game), m->id)
      && !syn_peer_result_provisional (self))
    game = g_object_ref (self->game);
  else if (self->autosave)
    {
      g_autoptr (GFile) dir = syn_record_autosave_dir ();
      g_autofree char *name = g_strconcat (m->id, ".synchess", NULL);
      g_autoptr (GFile) file = g_file_get_child (dir, name); /* the id is a safe file name */
      game = syn_record_load (file, NULL);
    }
  /* A game over here may be one the host holds a turn short of its end: it is brought
   * there with our reveal of the last turn (docs/protocol.md, "Resuming"). */
  if (game && syn_game_is_over (game) && is_our_game (self, game)
      && syn_peer_local_colour_of (game, &local) && (int) local != m->colour)
    {
      resume_finished (self, game, local, m);
      return;
    }
  if (!game || !is_our_unfinished_game (self, game) || !syn_peer_local_colour_of (game, &local)
      || (int) local == m->colour || !find_audit_log (self, game, &log))
    {
      syn_peer_send_decline (self, "no such unfinished game here");
      return;
    }
  n = syn_game_get_n_turns (game);
  syn_peer_find_saved_turn (self, game, &saved);
  syn_net_game_digest (game, digest);
  /* A game is never cut back, or the side that saw the other's move could take its own
   * back: the side a turn behind is brought forward by the other's reveal, checked against
   * the commitment it saved. */
  if (n == m->turns && memcmp (digest, m->digest, sizeof digest) == 0)
    answer.turns = n;
  else if (n + 1 == m->turns && m->has_previous && memcmp (digest, m->previous, sizeof digest) == 0)
    {
      if (!saved.own || !saved.theirs)
        {
          syn_peer_send_decline (self, "the host's last turn cannot be checked here");
          return;
        }
      answer.turns = n;
      behind = TRUE;
    }
  else if (n == m->turns + 1 && (prefix = syn_net_game_prefix (game, m->turns, NULL)))
    {
      syn_net_game_digest (prefix, digest);
      if (memcmp (digest, m->digest, sizeof digest) != 0)
        {
          syn_peer_send_decline (self, "the saved games differ");
          return;
        }
      if (!saved.last)
        {
          syn_peer_send_decline (self, "the host cannot be brought forward from here");
          return;
        }
      answer.turns = n;
      ahead = TRUE;
    }
  else
    {
      syn_peer_send_decline (self, "the saved games differ");
      return;
    }
  if (!syn_peer_send_message (self, &answer))
    return;
  syn_peer_set_game (self, game, local, g_steal_pointer (&log));
  self->saved = saved;
  self->unraised_turn = MAX (n, m->turns);
  if (behind && !syn_peer_resume_behind (self))
    {
      syn_peer_fail (self, "internal",
                     g_error_new_literal (SYN_PEER_ERROR, SYN_PEER_ERROR_STATE,
                                          _ ("The saved turn does not fit the saved game")));
      return;
    }
  syn_peer_autosave (self);
  g_signal_emit (self, syn_peer_signals[GAME_STARTED], 0, TRUE);
  syn_peer_emit_opponent_state (self);
  if (ahead)
    syn_peer_send_catch_up (self, m->turns);
  if (behind)
    syn_peer_reveal_due (self);
  else
    syn_peer_resume_turn (self);
}

/* Host: the guest said yes to the resume of a game that is over here. A guest a turn behind
 * gets our reveal of the last turn, which ends its game too; one that holds the end already
 * says so. Either way the guest now holds the end, and a new game is proposed at once. */
void
syn_peer_bring_to_end (SynPeer *self, SynGame *game, SynTxAuditLog *log, guint turns)
{
  guint n = syn_game_get_n_turns (game);

  syn_tx_audit_log_free (log);
  if (turns != n && !(turns + 1 == n && self->resume_saved.last))
    {
      syn_peer_fail (self, "wrong-turn",
                     g_error_new (SYN_PEER_ERROR, SYN_PEER_ERROR_PROTOCOL,
                                  _ ("The other side holds %u turns of this game, and this side "
                                     "cannot bring the two to the same turn"),
                                  turns));
      return;
    }
  syn_protocol_state_end_game (&self->proto);
  if (turns + 1 == n)
    {
      self->saved = self->resume_saved;
      syn_peer_send_catch_up (self, turns);
    }
  /* What the guest reads next comes after our reveal: it holds the end once it answers. */
  syn_peer_settle_end (self, game);
  self->resume_declined = TRUE;
  if (self->link && !self->link->closing)
    syn_peer_propose (self);
}

/* Host: the guest declined to resume game. One over here is settled: the guest holds no
 * game to bring to its end. An unfinished one was abandoned by the guest, who came back and
 * would not go on: once the abandonment time has passed since it was last played (its record
 * was last saved then, or when its connection broke), this side wins it, reason abandoned
 * (docs/protocol.md, "Abandonment"), so that declining cannot escape a lost position, and a
 * guest that lost its records cannot keep the game hanging. Sooner, it stays unfinished and
 * is proposed again at the next connection. */
void
syn_peer_give_up_declined (SynPeer *self, SynGame *game, SynColour local)
{
  g_autoptr (GError) error = NULL;
  guint64 saved_us;
  gint64 now_us = g_get_real_time ();

  if (syn_game_is_over (game))
    {
      syn_peer_settle_end (self, game);
      return;
    }
  saved_us = self->autosave ? saved_time_us (game) : 0;
  if (saved_us == 0 || now_us < 0 || (guint64) now_us < saved_us
      || (guint64) now_us - saved_us < (guint64) self->abandon_ms * 1000)
    return;
  /* Not through announce_over(): no connection is playing it, and a Transactional one has
   * no audit to send (the guest holds none of it). */
  self->applying = game == self->game;
  syn_game_end (game, local == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS,
                SYN_END_ABANDONED);
  self->applying = FALSE;
  if (!syn_record_autosave (game, &error))
    g_signal_emit (self, syn_peer_signals[ERROR], 0, error);
  if (syn_game_get_variant (game)->view)
    syn_tx_audit_log_remove (syn_game_get_id (game));
  syn_peer_settle_end (self, game);
  if (game == self->game)
    {
      syn_peer_stop_abandon_timer (self);
      self->over_announced = TRUE;
      g_signal_emit (self, syn_peer_signals[GAME_OVER], 0);
    }
}
