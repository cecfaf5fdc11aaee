/* syn-game.c: a game in progress: secret choices, executed turns, clocks and the result.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-game"

#include "config.h"

#include "syn-game.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-game-private.h"

struct _SynGame
{
  GObject parent_instance;

  /* borrowed */
  const SynVariant *variant;

  /* owned */
  SynState start;
  SynState state;
  gboolean fog;
  SynTimeControl tc;
  SynClock *clock;
  SynPlayerKind kind[2];
  char *name[2];
  GArray *turns; /* SynTurn */
  char *id;
  GPtrArray *tag_names;  /* NULL-terminated, so it doubles as the list callers get */
  GHashTable *tag_values; /* name (borrowed from tag_names) -> value, owned */

  /* the step being chosen */
  SynChoice choice[2];
  gboolean chosen[2];
  gboolean waits[2]; /* the side has no choice this step (SYN_CHOICE_NONE) */
  /* A sealed step's result, worked out by the network layer from its public part
   * (syn_game_play_sealed_step); the rule set cannot apply a sealed choice. */
  gboolean has_sealed_after;
  SynState sealed_after;

  /* the end */
  SynResult result;
  SynEnd end;
  SynOutcome outcome; /* the rules' verdict when end is SYN_END_RULES */
};

G_DEFINE_FINAL_TYPE (SynGame, syn_game, G_TYPE_OBJECT)

GQuark
syn_game_error_quark (void)
{
  return g_quark_from_static_string ("syn-game-error-quark");
}

enum
{
  CHOICE_CHANGED,
  CHOICE_REFUSED,
  TURN_EXECUTED,
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
side_name (SynColour side)
{
  return side == SYN_WHITE ? _ ("White") : _ ("Black");
}

/* Looks at the state about to be chosen in: a side without choices waits, which counts as
 * having chosen, and the clocks follow. */
static void
prepare_step (SynGame *self)
{
  SynChoice choices[SYN_MAX_CHOICES];

  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      self->waits[side] = self->variant->choices (&self->state, (SynColour) side, choices) == 0;
      self->chosen[side] = self->waits[side];
      self->choice[side] = SYN_CHOICE_NONE;
    }
  syn_clock_set_chosen (self->clock, self->chosen[SYN_WHITE], self->chosen[SYN_BLACK]);
}

static gboolean
starts_turn (SynGame *self, const SynState *state)
{
  SynStepInfo info;

  syn_variant_describe (self->variant, state, &info);
  return info.kind == SYN_STEP_MOVES;
}

/* SYN-R12, HK-R12, HUT-R11: the same position at the start of a turn for the third time,
 * counting from the game's start. Only the game has the history to judge it. */
static gboolean
repeated_three_times (SynGame *self)
{
  guint seen = 1;

  if (!self->variant->repeats || !starts_turn (self, &self->state))
    return FALSE;
  if (self->variant->repeats (&self->start, &self->state))
    seen++;
  for (guint i = 0; i + 1 < self->turns->len; i++)
    {
      const SynState *earlier = &g_array_index (self->turns, SynTurn, i).after;
      if (starts_turn (self, earlier) && self->variant->repeats (earlier, &self->state))
        seen++;
    }
  return seen >= 3;
}

/* PSC-R10: the game is over when the rules say so, before the first turn and after each. */
static gboolean
check_outcome (SynGame *self)
{
  SynOutcome outcome = self->variant->outcome (&self->state);

  if (outcome.result == SYN_RESULT_NONE && repeated_three_times (self))
    outcome = (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_REPETITION };
  if (outcome.result == SYN_RESULT_NONE)
    return FALSE;
  self->outcome = outcome;
  self->result = outcome.result;
  self->end = SYN_END_RULES;
  syn_clock_stop (self->clock);
  return TRUE;
}

/* TX-R5: a refused move has no effect and is not recorded; the side chooses again. */
static int
refused_side (SynGame *self, const SynTurn *turn)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n;

  if (!self->variant->events)
    return -1;
  n = self->variant->events (&turn->before, turn->choice[SYN_WHITE], turn->choice[SYN_BLACK],
                             &turn->after, events);
  for (int i = 0; i < n; i++)
    if (events[i].kind == SYN_EVENT_LOCKED)
      return events[i].side;
  return -1;
}

static void
execute_turn (SynGame *self)
{
  SynTurn turn = { 0 };
  guint index;
  gboolean finished;
  int refused;

  turn.choice[SYN_WHITE] = self->choice[SYN_WHITE];
  turn.choice[SYN_BLACK] = self->choice[SYN_BLACK];
  turn.before = self->state;
  if (self->has_sealed_after)
    {
      turn.after = self->sealed_after;
      self->has_sealed_after = FALSE;
    }
  else
    self->variant->apply (&self->state, turn.choice[SYN_WHITE], turn.choice[SYN_BLACK],
                          &turn.after);
  if ((refused = refused_side (self, &turn)) >= 0)
    {
      prepare_step (self);
      g_signal_emit (self, signals[CHOICE_REFUSED], 0, refused);
      return;
    }
  self->state = turn.after;

  /* PSC-R11: both moves are executed, so both players get their increment. */
  syn_clock_turn_executed (self->clock);
  turn.remaining_ms[SYN_WHITE] = syn_clock_get_remaining_ms (self->clock, SYN_WHITE);
  turn.remaining_ms[SYN_BLACK] = syn_clock_get_remaining_ms (self->clock, SYN_BLACK);
  g_array_append_val (self->turns, turn);
  index = self->turns->len - 1;

  /* The result is settled before anyone hears of the turn, so that a handler of
   * "turn-executed" cannot choose in a finished game. */
  finished = check_outcome (self);
  if (!finished)
    prepare_step (self);
  else
    self->chosen[SYN_WHITE] = self->chosen[SYN_BLACK] = FALSE;

  g_signal_emit (self, signals[TURN_EXECUTED], 0, index);
  if (finished)
    g_signal_emit (self, signals[FINISHED], 0);
}

static void
on_clock_flag_fell_cb (SynClock *clock, int colour, SynGame *self)
{
  /* PSC-R11: a flag fall loses. */
  if (self->result == SYN_RESULT_NONE)
    syn_game_end (self, colour == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS,
                  SYN_END_TIME);
}

static char *
make_id (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *time = g_date_time_format (now, "%Y-%m-%d-%H%M%S");

  /* The time first so that ids sort by when games began; the random part tells apart
   * games begun in the same second. */
  return g_strdup_printf ("%s-%06x", time, g_random_int () & 0xffffff);
}

static void
syn_game_dispose (GObject *object)
{
  SynGame *self = SYN_GAME (object);

  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  G_OBJECT_CLASS (syn_game_parent_class)->dispose (object);
}

static void
syn_game_finalize (GObject *object)
{
  SynGame *self = SYN_GAME (object);

  g_clear_pointer (&self->name[SYN_WHITE], g_free);
  g_clear_pointer (&self->name[SYN_BLACK], g_free);
  g_clear_pointer (&self->turns, g_array_unref);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->tag_values, g_hash_table_unref);
  g_clear_pointer (&self->tag_names, g_ptr_array_unref);
  G_OBJECT_CLASS (syn_game_parent_class)->finalize (object);
}

static void
syn_game_class_init (SynGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = syn_game_dispose;
  object_class->finalize = syn_game_finalize;

  signals[CHOICE_CHANGED]
      = g_signal_new ("choice-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[CHOICE_REFUSED]
      = g_signal_new ("choice-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[TURN_EXECUTED]
      = g_signal_new ("turn-executed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
syn_game_init (SynGame *self)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

  self->turns = g_array_new (FALSE, FALSE, sizeof (SynTurn));
  self->id = make_id ();
  self->tag_names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->tag_names, NULL);
  self->tag_values = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  syn_game_set_tag (self, "Event", "?");
  syn_game_set_tag (self, "Site", "?");
  syn_game_set_tag (self, "Date", date);
}

SynGame *
syn_game_new (const SynVariant *variant, const SynState *start, const SynTimeControl *tc,
              gboolean fog)
{
  SynGame *self;

  g_return_val_if_fail (variant != NULL, NULL);

  self = g_object_new (SYN_TYPE_GAME, NULL);
  self->variant = variant;
  if (start)
    self->start = *start;
  else
    {
      SynFenError error;
      gboolean ok = variant->read_state (variant->start_fen, &self->start, &error);
      g_assert (ok);
      /* HUT-R10: a local game draws its lots from a random source; the record keeps them. */
      if (variant->seed)
        variant->seed (&self->start, ((guint64) g_random_int () << 32) | g_random_int ());
    }
  self->state = self->start;
  self->fog = fog;
  if (tc && tc->initial_ms > 0)
    self->tc = *tc;
  self->clock = syn_clock_new (&self->tc);
  g_signal_connect_object (self->clock, "flag-fell", G_CALLBACK (on_clock_flag_fell_cb), self, 0);

  /* PSC-R10: a start position can already be finished. Nobody listens yet, so there is no
   * "finished" to emit. */
  if (!check_outcome (self))
    prepare_step (self);
  return self;
}

const SynVariant *
syn_game_get_variant (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  return self->variant;
}

const SynState *
syn_game_get_start (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  return &self->start;
}

const SynState *
syn_game_get_state (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  return &self->state;
}

gboolean
syn_game_get_fog (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), FALSE);

  return self->fog;
}

SynTimeControl
syn_game_get_time_control (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), ((SynTimeControl){ 0, 0 }));

  return self->tc;
}

SynClock *
syn_game_get_clock (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  return self->clock;
}

void
syn_game_set_player (SynGame *self, SynColour side, SynPlayerKind kind, const char *name)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (side == SYN_WHITE || side == SYN_BLACK);

  self->kind[side] = kind;
  /* Copied before the old one goes: callers may pass the current name back. */
  {
    char *copy = g_strdup (name);
    g_free (self->name[side]);
    self->name[side] = copy;
  }
}

SynPlayerKind
syn_game_get_player_kind (SynGame *self, SynColour side)
{
  g_return_val_if_fail (SYN_IS_GAME (self), SYN_PLAYER_HUMAN);
  g_return_val_if_fail (side == SYN_WHITE || side == SYN_BLACK, SYN_PLAYER_HUMAN);

  return self->kind[side];
}

const char *
syn_game_get_player_name (SynGame *self, SynColour side)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);
  g_return_val_if_fail (side == SYN_WHITE || side == SYN_BLACK, NULL);

  return self->name[side];
}

guint
syn_game_get_n_turns (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), 0);

  return self->turns->len;
}

const SynTurn *
syn_game_get_turn (SynGame *self, guint index)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);
  g_return_val_if_fail (index < self->turns->len, NULL);

  return &g_array_index (self->turns, SynTurn, index);
}

static gboolean
is_choice (SynGame *self, SynColour side, SynChoice choice)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = self->variant->choices (&self->state, side, choices);

  for (int i = 0; i < n; i++)
    if (choices[i] == choice
        /* A sealed side's choice is known only by its public part: commit or not. */
        || (self->has_sealed_after && choices[i] == SYN_CHOICE_SEALED
            && (choice & ~SYN_CHOICE_COMMIT) == SYN_CHOICE_SEALED))
      return TRUE;
  return FALSE;
}

gboolean
syn_game_choose (SynGame *self, SynColour side, SynChoice choice, GError **error)
{
  g_autoptr (SynGame) hold = NULL;

  g_return_val_if_fail (SYN_IS_GAME (self), FALSE);
  g_return_val_if_fail (side == SYN_WHITE || side == SYN_BLACK, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Handlers may drop the last other reference while we still work. */
  hold = g_object_ref (self);

  /* PSC-R11: a move chosen after the flag fell comes too late. */
  syn_clock_check (self->clock);
  if (self->result != SYN_RESULT_NONE)
    {
      g_set_error_literal (error, SYN_GAME_ERROR, SYN_GAME_ERROR_OVER, _ ("The game is over"));
      return FALSE;
    }
  /* Only while "choice-changed" for the second choice is being emitted. */
  if (self->chosen[SYN_WHITE] && self->chosen[SYN_BLACK] && !self->waits[side])
    {
      g_set_error_literal (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ALREADY_SET,
                           _ ("Both sides have chosen; the choice can no longer change"));
      return FALSE;
    }
  if (self->waits[side])
    {
      g_set_error_literal (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL,
                           side == SYN_WHITE ? _ ("White has nothing to choose in this turn")
                                             : _ ("Black has nothing to choose in this turn"));
      return FALSE;
    }
  if (choice == SYN_CHOICE_NONE || !is_choice (self, side, choice))
    {
      char text[SYN_CHOICE_TEXT_SIZE];

      self->variant->choice_to_text (&self->state, choice, text);
      /* Translators: the first %s is a move such as "e2e5", the second "White" or "Black". */
      g_set_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL,
                   _ ("%s is not a legal move for %s"), text, side_name (side));
      return FALSE;
    }

  self->choice[side] = choice;
  self->chosen[side] = TRUE;
  syn_clock_set_chosen (self->clock, self->chosen[SYN_WHITE], self->chosen[SYN_BLACK]);
  g_signal_emit (self, signals[CHOICE_CHANGED], 0, (int) side);

  /* A handler may have ended the game (a resignation) or already executed the turn. */
  if (self->result == SYN_RESULT_NONE && self->chosen[SYN_WHITE] && self->chosen[SYN_BLACK])
    execute_turn (self);
  return TRUE;
}

gboolean
syn_game_has_chosen (SynGame *self, SynColour side)
{
  g_return_val_if_fail (SYN_IS_GAME (self), FALSE);
  g_return_val_if_fail (side == SYN_WHITE || side == SYN_BLACK, FALSE);

  return self->chosen[side];
}

SynChoice
syn_game_get_choice (SynGame *self, SynColour side)
{
  g_return_val_if_fail (SYN_IS_GAME (self), SYN_CHOICE_NONE);
  g_return_val_if_fail (side == SYN_WHITE || side == SYN_BLACK, SYN_CHOICE_NONE);

  return self->chosen[side] ? self->choice[side] : SYN_CHOICE_NONE;
}

void
syn_game_end (SynGame *self, SynResult result, SynEnd end)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (result != SYN_RESULT_NONE);
  g_return_if_fail (end == SYN_END_TIME || end == SYN_END_RESIGNATION || end == SYN_END_AGREEMENT
                    || end == SYN_END_ABANDONED);

  if (self->result != SYN_RESULT_NONE)
    return;
  self->result = result;
  self->end = end;
  self->chosen[SYN_WHITE] = self->chosen[SYN_BLACK] = FALSE;
  syn_clock_stop (self->clock);
  g_signal_emit (self, signals[FINISHED], 0);
}

gboolean
syn_game_play_sealed_step (SynGame *self, SynColour side, SynChoice sealed, const SynState *after,
                           GError **error)
{
  gboolean ok;

  g_return_val_if_fail (SYN_IS_GAME (self), FALSE);
  g_return_val_if_fail ((sealed & ~SYN_CHOICE_COMMIT) == SYN_CHOICE_SEALED, FALSE);

  self->sealed_after = *after;
  self->has_sealed_after = TRUE;
  ok = syn_game_choose (self, side, sealed, error);
  self->has_sealed_after = FALSE;
  return ok;
}

void
syn_game_end_by_rules (SynGame *self, SynOutcome outcome)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (outcome.result != SYN_RESULT_NONE);

  if (self->result != SYN_RESULT_NONE)
    return;
  self->outcome = outcome;
  self->result = outcome.result;
  self->end = SYN_END_RULES;
  self->chosen[SYN_WHITE] = self->chosen[SYN_BLACK] = FALSE;
  syn_clock_stop (self->clock);
  g_signal_emit (self, signals[FINISHED], 0);
}

void
syn_game_overturn (SynGame *self, SynResult result)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (result != SYN_RESULT_NONE);

  self->result = result;
  self->end = SYN_END_AUDIT;
}

void
syn_game_overturn_withheld (SynGame *self, SynResult result)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (result != SYN_RESULT_NONE);

  self->result = result;
  self->end = SYN_END_AUDIT_WITHHELD;
}

void
syn_game_replace_state (SynGame *self, const SynState *state)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (self->result == SYN_RESULT_NONE);

  self->state = *state;
  prepare_step (self);
  g_signal_emit (self, signals[CHOICE_CHANGED], 0, (int) state->board.side_to_move);
}

void
syn_game_refuse (SynGame *self, SynColour side)
{
  g_return_if_fail (SYN_IS_GAME (self));

  g_signal_emit (self, signals[CHOICE_REFUSED], 0, (int) side);
}

void
syn_game_resign (SynGame *self, SynColour side)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (side == SYN_WHITE || side == SYN_BLACK);

  syn_game_end (self, side == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS,
                SYN_END_RESIGNATION);
}

void
syn_game_agree_draw (SynGame *self)
{
  g_return_if_fail (SYN_IS_GAME (self));

  syn_game_end (self, SYN_RESULT_DRAW, SYN_END_AGREEMENT);
}

gboolean
syn_game_is_over (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), FALSE);

  return self->result != SYN_RESULT_NONE;
}

SynResult
syn_game_get_result (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), SYN_RESULT_NONE);

  return self->result;
}

SynEnd
syn_game_get_end (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), SYN_END_NONE);

  return self->end;
}

const char *
syn_game_get_reason (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  switch (self->end)
    {
    case SYN_END_RULES:
      return syn_reason_to_text (self->outcome.reason);
    case SYN_END_TIME:
      return "time";
    case SYN_END_RESIGNATION:
      return "resignation";
    case SYN_END_AGREEMENT:
      return "agreement";
    case SYN_END_AUDIT:
      return "audit";
    case SYN_END_AUDIT_WITHHELD:
      return "audit-withheld";
    case SYN_END_ABANDONED:
      return "abandoned";
    case SYN_END_NONE:
    default:
      return NULL;
    }
}

void
syn_game_get_facts (SynGame *self, guint turns, SynColour viewer, SynBoardFacts *facts)
{
  const SynState *state;

  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (turns <= self->turns->len);
  g_return_if_fail (facts != NULL);

  if (turns == self->turns->len)
    state = &self->state;
  else
    state = &g_array_index (self->turns, SynTurn, turns).before;
  /* PSC-R12: the game's fog setting decides what the viewer sees. */
  syn_board_facts_compute (facts, self->variant, state, viewer, self->fog);
  /* Moves belong to the position still to be played, and only while the game goes on. */
  if (turns < self->turns->len || self->result != SYN_RESULT_NONE)
    facts->n_moves = 0;
}

const char *
syn_game_get_id (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  return self->id;
}

void
syn_game_set_id (SynGame *self, const char *id)
{
  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (id != NULL && *id != '\0');

  g_free (self->id);
  self->id = g_strdup (id);
}

void
syn_game_restore_clocks (SynGame *self, gint64 white_ms, gint64 black_ms)
{
  g_return_if_fail (SYN_IS_GAME (self));

  if (!syn_clock_is_timed (self->clock))
    return;
  syn_clock_set_remaining_ms (self->clock, SYN_WHITE, white_ms);
  syn_clock_set_remaining_ms (self->clock, SYN_BLACK, black_ms);
  if (self->turns->len > 0)
    {
      SynTurn *last = &g_array_index (self->turns, SynTurn, self->turns->len - 1);
      last->remaining_ms[SYN_WHITE] = white_ms;
      last->remaining_ms[SYN_BLACK] = black_ms;
    }
}

/* A letter, then letters, digits and underscores, as in PGN; records can hold no other. */
static gboolean
is_tag_name (const char *name)
{
  if (!name || !g_ascii_isalpha (name[0]) || strlen (name) > SYN_GAME_TAG_NAME_MAX)
    return FALSE;
  for (const char *c = name; *c; c++)
    if (!g_ascii_isalnum (*c) && *c != '_')
      return FALSE;
  return TRUE;
}

/* Tags are looked up by name in a hash table, so that setting n tags takes linear time (a
 * record's reader sets them one by one); the list keeps their order. */
void
syn_game_set_tag (SynGame *self, const char *name, const char *value)
{
  char *key;

  g_return_if_fail (SYN_IS_GAME (self));
  g_return_if_fail (is_tag_name (name));

  if (g_hash_table_lookup_extended (self->tag_values, name, (gpointer *) &key, NULL))
    {
      if (value)
        {
          g_hash_table_insert (self->tag_values, key, g_strdup (value));
          return;
        }
      g_hash_table_remove (self->tag_values, key);
      g_ptr_array_remove (self->tag_names, key);
    }
  else if (value)
    {
      key = g_strdup (name);
      /* Before the NULL that ends the list. */
      g_ptr_array_insert (self->tag_names, (int) self->tag_names->len - 1, key);
      g_hash_table_insert (self->tag_values, key, g_strdup (value));
    }
}

const char *
syn_game_get_tag (SynGame *self, const char *name)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return g_hash_table_lookup (self->tag_values, name);
}

const char *const *
syn_game_get_tag_names (SynGame *self)
{
  g_return_val_if_fail (SYN_IS_GAME (self), NULL);

  return (const char *const *) self->tag_names->pdata;
}
