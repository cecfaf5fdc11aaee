/* syn-game.h: a game in progress: the rule set, the history of turns, both sides' pending
 * choices, the clocks and the result. The UI and the network talk to this object.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-board-facts.h"
#include "syn-clock.h"
#include "syn-time-control.h"
#include "variant.h"

G_BEGIN_DECLS

#define SYN_GAME_ERROR (syn_game_error_quark ())

typedef enum
{
  SYN_GAME_ERROR_OVER,        /* the game is finished */
  SYN_GAME_ERROR_ILLEGAL,     /* not a legal choice for that side now */
  SYN_GAME_ERROR_ALREADY_SET, /* the choice can no longer change (both have chosen) */
} SynGameError;

GQuark syn_game_error_quark (void);

/* Why a game ended: the rule set's reasons (outcome.h) plus the game's own. */
typedef enum
{
  SYN_END_NONE = 0,
  SYN_END_RULES, /* see the outcome: king-frozen, checkmate, ... */
  SYN_END_TIME,  /* a flag fell (PSC-R11) */
  SYN_END_RESIGNATION,
  SYN_END_AGREEMENT, /* a draw offered and accepted */
  SYN_END_AUDIT,     /* the audit after the game found the loser broke the rules (TX-R17) */
  /* the loser withheld its audit past the time allowed (TX-R17) */
  SYN_END_AUDIT_WITHHELD,
  SYN_END_ABANDONED, /* the loser stopped playing: gone, or a due reveal withheld (network) */
} SynEnd;

typedef enum
{
  SYN_PLAYER_HUMAN = 0, /* a person at this computer */
  SYN_PLAYER_COMPUTER,
  SYN_PLAYER_REMOTE, /* a person on another computer */
} SynPlayerKind;

/* One executed turn. */
typedef struct
{
  SynChoice choice[2]; /* White's and Black's */
  SynState before;
  SynState after;
  gint64 remaining_ms[2]; /* each clock after the turn, or -1 without a clock */
} SynTurn;

#define SYN_TYPE_GAME (syn_game_get_type ())

G_DECLARE_FINAL_TYPE (SynGame, syn_game, SYN, GAME, GObject)

/* start may be NULL for the start position; tc NULL for no clock. */
SynGame *syn_game_new (const SynVariant *variant, const SynState *start, const SynTimeControl *tc,
                       gboolean fog);

const SynVariant *syn_game_get_variant (SynGame *self);
const SynState *syn_game_get_start (SynGame *self);
const SynState *syn_game_get_state (SynGame *self); /* the current position */
gboolean syn_game_get_fog (SynGame *self);
SynTimeControl syn_game_get_time_control (SynGame *self);
SynClock *syn_game_get_clock (SynGame *self);

void syn_game_set_player (SynGame *self, SynColour side, SynPlayerKind kind, const char *name);
SynPlayerKind syn_game_get_player_kind (SynGame *self, SynColour side);
const char *syn_game_get_player_name (SynGame *self, SynColour side);

guint syn_game_get_n_turns (SynGame *self);
const SynTurn *syn_game_get_turn (SynGame *self, guint index);

/* Sets or replaces side's secret choice. When both sides have chosen, the turn is executed
 * at once ("turn-executed"), and a finished game emits "finished". */
gboolean syn_game_choose (SynGame *self, SynColour side, SynChoice choice, GError **error);
gboolean syn_game_has_chosen (SynGame *self, SynColour side);
SynChoice syn_game_get_choice (SynGame *self, SynColour side); /* SYN_CHOICE_NONE if none */

void syn_game_resign (SynGame *self, SynColour side);
void syn_game_agree_draw (SynGame *self);

gboolean syn_game_is_over (SynGame *self);
SynResult syn_game_get_result (SynGame *self);
SynEnd syn_game_get_end (SynGame *self);
/* "king-frozen", "checkmate", "both-lost", "stalemate", "fifty-turns", "time",
 * "resignation", "agreement", "audit", or NULL while the game goes on. */
const char *syn_game_get_reason (SynGame *self);

/* The facts of the position after `turns` turns (syn_game_get_n_turns() for the current
 * one) as viewer sees it. Legal moves are filled only for the current position. */
void syn_game_get_facts (SynGame *self, guint turns, SynColour viewer, SynBoardFacts *facts);

/* A name that identifies this game among saved ones (also the autosave file name). */
const char *syn_game_get_id (SynGame *self);

/* More about the game, written into its record as tags: "Event", "Site", "Date" (set to
 * "?", "?" and today as "YYYY.MM.DD" when the game is made) and any other tag a record
 * carried that the game does not read. Not for the tags the game holds itself (White,
 * Black, Result, Variant, FEN, TimeControl, Fog, WhiteType, BlackType). value NULL removes
 * the tag. */
#define SYN_GAME_TAG_NAME_MAX 64 /* a letter, then letters, digits and '_' */
void syn_game_set_tag (SynGame *self, const char *name, const char *value);
const char *syn_game_get_tag (SynGame *self, const char *name); /* NULL when not set */
/* The names of the tags set, in the order they were first set; NULL-terminated. */
const char *const *syn_game_get_tag_names (SynGame *self);

/* Signals:
 *   "choice-changed" (int side)  a side chose or changed its choice
 *   "choice-refused" (int side)  the rules refused side's choice without effect (a locked
 *                                square, TX-R5); side chooses again
 *   "turn-executed"  (guint index of the new turn)
 *   "finished"       the game is over (result and reason are set) */

G_END_DECLS
