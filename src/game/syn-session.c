/* syn-session.c: drives a game: the computer's moves and the autosave after every turn.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-session"

#include "config.h"

#include "syn-session.h"

#include <glib/gi18n.h>

#include "syn-computer-player.h"
#include "syn-game-private.h"
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
  /* A computer side thinking while the person does (start_thinking()): hurry ends its
   * search, hurry_source is the timer that will, ready holds a choice found before the
   * person chose. */
  GCancellable *hurry[2];
  guint hurry_source[2];
  gboolean ready[2];
  SynChoice ready_choice[2];
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
  gboolean pondering;
} Thinking;

static void
play (SynSession *self, SynColour side, SynChoice choice)
{
  g_autoptr (GError) error = NULL;

  self->last_choice[side] = choice;
  if (!syn_game_choose (self->game, side, choice, &error))
    g_warning ("the computer chose badly: %s", error->message);
}

static void
on_computer_chose_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Thinking *thinking = user_data;
  g_autoptr (GError) error = NULL;
  SynChoice choice = syn_computer_player_search_finish (result, &error);
  SynSession *self = thinking->session;
  SynColour side = thinking->side;

  /* A cancelled or stale answer belongs to a turn that is gone. */
  if (!error && !syn_game_is_over (self->game)
      && syn_game_get_n_turns (self->game) == thinking->turn)
    {
      /* Thinking while the person does, it never chooses first: it waits for them. */
      if (thinking->pondering && !syn_game_has_chosen (self->game, (SynColour) !side))
        {
          self->ready[side] = TRUE;
          self->ready_choice[side] = choice;
        }
      else
        play (self, side, choice);
    }
  g_object_unref (thinking->session);
  g_free (thinking);
}

/* Forgets every computer side's thinking while the person does. */
static void
stop_pondering (SynSession *self)
{
  for (int side = 0; side < 2; side++)
    {
      g_clear_handle_id (&self->hurry_source[side], g_source_remove);
      g_clear_object (&self->hurry[side]);
      self->ready[side] = FALSE;
    }
}

typedef struct
{
  SynSession *session;
  SynColour side;
} Hurry;

/* The person has chosen and the computer's own budget is spent: it plays what it has. */
static gboolean
on_hurry_cb (gpointer user_data)
{
  Hurry *hurry = user_data;
  SynSession *self = hurry->session;
  SynColour side = hurry->side;

  self->hurry_source[side] = 0;
  if (self->ready[side])
    {
      self->ready[side] = FALSE;
      play (self, side, self->ready_choice[side]);
    }
  else
    g_cancellable_cancel (self->hurry[side]);
  return G_SOURCE_REMOVE;
}

/* A person's choice starts the budget of a computer side thinking while they did
 * (PSC-R11: its clock runs from now on). */
static void
on_choice_changed_cb (SynGame *game, int side, SynSession *self)
{
  SynColour computer = (SynColour) !side;
  Hurry *hurry;
  gint budget;

  if (!self->hurry[computer] || self->hurry_source[computer]
      || syn_game_get_player_kind (game, (SynColour) side) == SYN_PLAYER_COMPUTER
      || !syn_game_has_chosen (game, (SynColour) side))
    return;
  budget = syn_computer_player_time_budget (
      syn_clock_get_remaining_ms (syn_game_get_clock (game), computer),
      syn_game_get_time_control (game).increment_ms);
  hurry = g_new0 (Hurry, 1);
  hurry->session = self;
  hurry->side = computer;
  /* From the main loop, not from within the person's syn_game_choose(). */
  self->hurry_source[computer] = g_timeout_add_full (
      G_PRIORITY_DEFAULT, self->ready[computer] ? 0 : (guint) budget, on_hurry_cb, hurry, g_free);
}

/* Each computer side starts thinking at the start of every turn: in a synchronous game it
 * never waits to see the other side's move. At the full level, which deepens as far as time
 * allows, against a person who has still to choose, no clock runs (PSC-R11), so it thinks
 * on and chooses only after them, within its own budget from then. The other levels, whose
 * depth is done in a moment, and a computer against a computer choose within the budget. */
static void
start_thinking (SynSession *self)
{
  const SynVariant *variant = syn_game_get_variant (self->game);

  if (syn_game_is_over (self->game) || self->paused)
    return;
  g_cancellable_cancel (self->thinking);
  g_clear_object (&self->thinking);
  stop_pondering (self);
  self->thinking = g_cancellable_new ();
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      SynColour other = (SynColour) !side;
      Thinking *thinking;
      if (syn_game_get_player_kind (self->game, (SynColour) side) != SYN_PLAYER_COMPUTER
          || syn_game_has_chosen (self->game, (SynColour) side))
        continue;
      thinking = g_new0 (Thinking, 1);
      thinking->session = g_object_ref (self);
      thinking->side = (SynColour) side;
      thinking->turn = syn_game_get_n_turns (self->game);
      thinking->pondering = self->level == SYN_COMPUTER_FULL
                            && syn_game_get_player_kind (self->game, other) == SYN_PLAYER_HUMAN
                            && !syn_game_has_chosen (self->game, other);
      if (thinking->pondering)
        {
          self->hurry[side] = g_cancellable_new ();
          syn_computer_player_ponder_async (
              variant, syn_game_get_state (self->game), (SynColour) side, self->level,
              g_random_int (), (const SynChoice *) self->refused->data, (int) self->refused->len,
              self->hurry[side], self->thinking, on_computer_chose_cb, thinking);
          continue;
        }
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
  stop_pondering (self);
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
  g_signal_connect (game, "choice-changed", G_CALLBACK (on_choice_changed_cb), self);
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
  stop_pondering (self);
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

/* The person's side in a game against the computer, or -1 in any other game. */
static int
human_side (SynGame *game)
{
  SynPlayerKind white = syn_game_get_player_kind (game, SYN_WHITE);
  SynPlayerKind black = syn_game_get_player_kind (game, SYN_BLACK);

  if (white == SYN_PLAYER_HUMAN && black == SYN_PLAYER_COMPUTER)
    return SYN_WHITE;
  if (black == SYN_PLAYER_HUMAN && white == SYN_PLAYER_COMPUTER)
    return SYN_BLACK;
  return -1;
}

/* How many turns stay after taking back the person's last whole turn: the turns before the
 * last one in which the person moved. HK's blows belong to the move that began their
 * exchange (HK-R7), so the whole exchange goes with it. -1 when there is nothing to take
 * back. */
static int
turns_kept (SynGame *game, SynColour human)
{
  const SynVariant *variant = syn_game_get_variant (game);

  for (int i = (int) syn_game_get_n_turns (game) - 1; i >= 0; i--)
    {
      const SynTurn *turn = syn_game_get_turn (game, (guint) i);
      SynStepInfo info;

      syn_variant_describe (variant, &turn->before, &info);
      if (turn->choice[human] != SYN_CHOICE_NONE && info.kind != SYN_STEP_BLOWS)
        return i;
    }
  return -1;
}

gboolean
syn_session_can_take_back (SynSession *self, GError **error)
{
  SynGame *game;
  int human;
  SynEnd end;

  g_return_val_if_fail (SYN_IS_SESSION (self), FALSE);

  game = self->game;
  human = human_side (game);
  end = syn_game_get_end (game);
  /* Only the computer can be asked to forget a turn: between two people one of them would
   * take back a move the other has answered, and over the network (where there is no
   * session) the other program holds its own record of every move. */
  if (human < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _ ("Moves can be taken back only in a game against the computer"));
      return FALSE;
    }
  /* A move once chosen stays secret and fixed until the turn is played: taking it back
   * would be changing it. The computer's secret choice for this turn is dropped unseen. */
  if (!syn_game_is_over (game) && syn_game_has_chosen (game, (SynColour) human)
      && syn_game_get_choice (game, (SynColour) human) != SYN_CHOICE_NONE)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                           _ ("Your move for this turn is chosen: it cannot be taken back"));
      return FALSE;
    }
  /* A game lost on time or by resigning was not lost on the board. */
  if (end != SYN_END_NONE && end != SYN_END_RULES)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _ ("This game did not end on the board: nothing to take back"));
      return FALSE;
    }
  if (turns_kept (game, (SynColour) human) < 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("No move to take back"));
      return FALSE;
    }
  return TRUE;
}

/* A new game like self's, with its first kept turns played again and the clocks as they
 * stood after them. It keeps the id, so its autosave replaces the old game's. */
static SynGame *
replay (SynGame *old, int kept)
{
  SynTimeControl tc = syn_game_get_time_control (old);
  SynGame *game = syn_game_new (syn_game_get_variant (old), syn_game_get_start (old),
                                tc.initial_ms > 0 ? &tc : NULL, syn_game_get_fog (old));
  const char *const *tags = syn_game_get_tag_names (old);

  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    syn_game_set_player (game, (SynColour) side, syn_game_get_player_kind (old, (SynColour) side),
                         syn_game_get_player_name (old, (SynColour) side));
  for (gsize i = 0; tags && tags[i]; i++)
    syn_game_set_tag (game, tags[i], syn_game_get_tag (old, tags[i]));
  syn_game_set_id (game, syn_game_get_id (old));
  for (int i = 0; i < kept; i++)
    {
      const SynTurn *turn = syn_game_get_turn (old, (guint) i);
      g_autoptr (GError) error = NULL;

      for (int side = SYN_WHITE; side <= SYN_BLACK && !error; side++)
        if (!syn_game_has_chosen (game, (SynColour) side))
          syn_game_choose (game, (SynColour) side, turn->choice[side], &error);
      /* The old game played these very choices from the same start. */
      g_assert_no_error (error);
      g_assert (syn_game_get_n_turns (game) == (guint) i + 1);
      if (turn->remaining_ms[SYN_WHITE] >= 0)
        syn_game_restore_clocks (game, turn->remaining_ms[SYN_WHITE],
                                 turn->remaining_ms[SYN_BLACK]);
    }
  return game;
}

SynSession *
syn_session_take_back (SynSession *self, GError **error)
{
  g_autoptr (SynGame) game = NULL;
  SynSession *session;
  int kept;

  g_return_val_if_fail (SYN_IS_SESSION (self), NULL);

  if (!syn_session_can_take_back (self, error))
    return NULL;
  syn_session_stop (self);
  kept = turns_kept (self->game, (SynColour) human_side (self->game));
  game = replay (self->game, kept);
  /* Back at the start there is nothing to save (see save()), and the old autosave would
   * offer to resume turns that are gone. */
  if (kept == 0 && self->autosave)
    {
      g_autoptr (GFile) dir = syn_record_autosave_dir ();
      g_autofree char *name = g_strconcat (syn_game_get_id (game), ".synchess", NULL);
      g_autoptr (GFile) file = g_file_get_child (dir, name);
      g_file_delete (file, NULL, NULL);
    }
  session = syn_session_new (game, self->autosave);
  syn_session_set_computer_level (session, self->level);
  return session;
}
