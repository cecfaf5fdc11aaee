/* syn-session.c: drives a game: the computer's moves and the autosave after every turn.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-session"

#include "config.h"

#include "syn-session.h"

#include "syn-computer-player.h"
#include "syn-record.h"

struct _SynSession
{
  GObject parent_instance;

  /* owned */
  SynGame *game;
  GCancellable *thinking;
  gboolean autosave;
  SynComputerLevel level;
  SynChoice last_choice[2]; /* the computer's, so a refusal can be remembered */
  GArray *refused;          /* SynChoice: refused this step (TX-R5), not to be tried again */
  gboolean paused;          /* a dialog covers the board: the computer does not think */
};

G_DEFINE_FINAL_TYPE (SynSession, syn_session, G_TYPE_OBJECT)

enum
{
  AUTOSAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  SynSession *session;
  SynColour side;
  guint turn;
} Thinking;

static void
on_computer_chose_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Thinking *thinking = user_data;
  g_autoptr (GError) error = NULL;
  SynChoice choice = syn_computer_player_search_finish (result, &error);
  SynSession *self = thinking->session;

  /* A cancelled or stale answer belongs to a turn that is gone. */
  if (!error && !syn_game_is_over (self->game)
      && syn_game_get_n_turns (self->game) == thinking->turn)
    {
      self->last_choice[thinking->side] = choice;
      if (!syn_game_choose (self->game, thinking->side, choice, &error))
        g_warning ("the computer chose badly: %s", error->message);
    }
  g_object_unref (thinking->session);
  g_free (thinking);
}

/* Each computer side chooses at the start of every turn: in a synchronous game it never
 * waits to see the other side's move. */
static void
start_thinking (SynSession *self)
{
  const SynVariant *variant = syn_game_get_variant (self->game);

  if (syn_game_is_over (self->game) || self->paused)
    return;
  g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
  self->thinking = g_cancellable_new ();
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      Thinking *thinking;
      if (syn_game_get_player_kind (self->game, (SynColour) side) != SYN_PLAYER_COMPUTER
          || syn_game_has_chosen (self->game, (SynColour) side))
        continue;
      thinking = g_new0 (Thinking, 1);
      thinking->session = g_object_ref (self);
      thinking->side = (SynColour) side;
      thinking->turn = syn_game_get_n_turns (self->game);
      syn_computer_player_search_excluding_async (
          variant, syn_game_get_state (self->game), (SynColour) side, self->level,
          syn_computer_player_time_budget (
              syn_clock_get_remaining_ms (syn_game_get_clock (self->game), (SynColour) side),
              syn_game_get_time_control (self->game).increment_ms),
          g_random_int (), (const SynChoice *) self->refused->data, (int) self->refused->len,
          self->thinking, on_computer_chose_cb, thinking);
    }
}

static void
save (SynSession *self)
{
  g_autoptr (GError) error = NULL;

  /* A game nobody has moved in has nothing to lose; saving it would also hide an older
   * unfinished game from the offer to resume. */
  if (syn_game_get_n_turns (self->game) == 0 && !syn_game_is_over (self->game))
    return;
  if (self->autosave && !syn_record_autosave (self->game, &error))
    g_signal_emit (self, signals[AUTOSAVE_FAILED], 0, error);
}

static void
on_turn_executed_cb (SynGame *game, guint index, SynSession *self)
{
  g_array_set_size (self->refused, 0);
  save (self);
  start_thinking (self);
}

/* TX-R5: the computer was told "locked"; it tries another move, as a person would. */
static void
on_choice_refused_cb (SynGame *game, int side, SynSession *self)
{
  if (syn_game_get_player_kind (game, (SynColour) side) != SYN_PLAYER_COMPUTER)
    return;
  g_array_append_val (self->refused, self->last_choice[side]);
  start_thinking (self);
}

static void
on_finished_cb (SynGame *game, SynSession *self)
{
  g_cancellable_cancel (self->thinking);
  save (self);
}

static void
syn_session_dispose (GObject *object)
{
  SynSession *self = SYN_SESSION (object);

  syn_session_stop (self);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->refused, g_array_unref);
  G_OBJECT_CLASS (syn_session_parent_class)->dispose (object);
}

static void
syn_session_class_init (SynSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = syn_session_dispose;

  signals[AUTOSAVE_FAILED]
      = g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                      NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
syn_session_init (SynSession *self)
{
  self->level = SYN_COMPUTER_MEDIUM;
  self->refused = g_array_new (FALSE, FALSE, sizeof (SynChoice));
}

void
syn_session_set_computer_level (SynSession *self, SynComputerLevel level)
{
  self->level = level;
}

SynSession *
syn_session_new (SynGame *game, gboolean autosave)
{
  SynSession *self = g_object_new (SYN_TYPE_SESSION, NULL);

  self->game = g_object_ref (game);
  self->autosave = autosave;
  g_signal_connect (game, "turn-executed", G_CALLBACK (on_turn_executed_cb), self);
  g_signal_connect (game, "finished", G_CALLBACK (on_finished_cb), self);
  g_signal_connect (game, "choice-refused", G_CALLBACK (on_choice_refused_cb), self);
  return self;
}

SynGame *
syn_session_get_game (SynSession *self)
{
  return self->game;
}

void
syn_session_start (SynSession *self)
{
  save (self);
  start_thinking (self);
}

void
syn_session_stop (SynSession *self)
{
  g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
}

void
syn_session_set_paused (SynSession *self, gboolean paused)
{
  g_return_if_fail (SYN_IS_SESSION (self));

  paused = !!paused;
  if (paused == self->paused)
    return;
  self->paused = paused;
  syn_clock_set_paused (syn_game_get_clock (self->game), paused);
  /* The computer's budget is wall time: it would think on while the person cannot, so its
   * search stops and starts afresh, with the clock as it stands, when play goes on. */
  if (paused)
    syn_session_stop (self);
  else
    start_thinking (self);
}

gboolean
syn_session_is_paused (SynSession *self)
{
  g_return_val_if_fail (SYN_IS_SESSION (self), FALSE);

  return self->paused;
}
