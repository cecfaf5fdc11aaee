/* variant.h: the one interface every rule set sits behind. A rule set is a game of
 * simultaneous choices: at each step each side has a set of choices (none means it waits),
 * the step is taken when every side with choices has chosen, and the result is a new state
 * plus what each side may see of it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "fen.h"
#include "move.h"
#include "outcome.h"
#include "position.h"

#include "hk-state.h"
#include "hutnik-state.h"
#include "transactional-state.h"

/* A choice: a move in its low 16 bits; rule sets with other kinds of choice use the bits
 * above, which combine: a pass (HK's, or Transactional's "no move") has no move, and a
 * Transactional move or pass carries the decision that ends the turn (none: neither commit
 * nor roll back, TX-R7). */
typedef uint32_t SynChoice;

#define SYN_CHOICE_NONE ((SynChoice) 0)            /* the side waits this step */
#define SYN_CHOICE_PASS ((SynChoice) 1u << 16)     /* HK-R7 pass, TX-R6 "no move" */
#define SYN_CHOICE_COMMIT ((SynChoice) 2u << 16)   /* TX-R8 */
#define SYN_CHOICE_ROLLBACK ((SynChoice) 4u << 16) /* TX-R9 */
/* Transactional over the network (TX-R15): the opponent's turn as this program knows it, its
 * move and decision secret; with SYN_CHOICE_COMMIT when it committed. The one choice of a
 * hidden side, never applied by the game: it plays the turn from its public part
 * (transactional.h). */
#define SYN_CHOICE_SEALED ((SynChoice) 8u << 16)
#define SYN_CHOICE_KIND(choice) ((choice) &0xffff0000u)
#define SYN_CHOICE_MOVE(choice) ((SynMove) ((choice) &0xffffu))
#define SYN_MAX_CHOICES 1024 /* Transactional: each move with its decision */
#define SYN_CHOICE_TEXT_SIZE 16

/* What a kind of step asks of the players, for the game, the record and the window. */
typedef enum
{
  SYN_STEP_MOVES = 0, /* a move each (PSC, Synchrone, HK's synchronous move, Hutnik) */
  SYN_STEP_BLOWS,     /* HK's exchange of blows: strikes or passes on the open fields */
  SYN_STEP_TX_MOVE,   /* Transactional: the side to move makes a move with its decision */
} SynStepKind;

/* What the window shows of a state beyond its board; rule sets without a describe function
 * leave it as syn_step_info_init() makes it. */
typedef struct
{
  SynStepKind kind;
  int8_t token;            /* Hutnik: the initiative holder's colour, else -1 */
  SynBitboard marked;      /* HK: the open fields */
  SynBitboard locked[2];   /* Transactional: each side's locked squares (the referee's view) */
  uint16_t transaction[2]; /* Transactional: each side's open or next transaction number */
  uint8_t pending[2];      /* Transactional: each side's pending moves */
} SynStepInfo;

/* Something a step did that the players are told of, beyond the board; the window and the
 * record put it in words. */
typedef enum
{
  SYN_EVENT_FORFEIT = 1,  /* Hutnik HUT-R5: side's move was not played (square = its from) */
  SYN_EVENT_TOKEN,        /* Hutnik HUT-R6: side took the initiative */
  SYN_EVENT_FIELD_OPENED, /* HK-R6: an exchange of blows opened on square, side strikes */
  SYN_EVENT_LOCKED,       /* TX-R5: side's move was refused: its destination is locked */
  SYN_EVENT_NO_MOVE,      /* TX-R6: every legal move of side was refused: a pass */
  SYN_EVENT_COMMIT,       /* TX-R8: side committed (the announcement is the board change) */
  SYN_EVENT_ROLLBACK,     /* TX-R9: side rolled back (told to side alone) */
} SynEventKind;

typedef struct
{
  SynEventKind kind;
  int8_t side;
  int8_t square; /* SYN_NO_SQUARE when the event has none */
} SynEvent;

#define SYN_MAX_EVENTS 8

/* Everything a game needs to go on. The board is the referee's view; step says which kind
 * of step comes next where a rule set has more than one (PSC has one kind only). */
typedef struct
{
  SynPosition board;
  uint32_t step;
  union /* what a rule set carries beyond the board; each file says what it means */
  {
    SynHkState hk;
    SynHutnikState hutnik;
    SynTxState tx;
  } rules;
} SynState;

typedef struct _SynVariant SynVariant;

struct _SynVariant
{
  const char *id;        /* "psc" */
  const char *name;      /* "Parrow Synchronous Chess" */
  const char *start_fen; /* what `startpos` means for this rule set */
  /* Control, freezing and fog of war (PSC-R2, R3, R12) are part of the rules, so the window
   * shows them (the heatmap, frozen marks) and offers fog. */
  bool has_control;
  /* The engine has a deep search for this rule set (psc-search.h); the others are played
   * by the plain one-step strategy (rule-set-strategy.h). */
  bool has_deep_search;
  /* The rules have no check (PSC-R4): a king may stand attacked, so none is marked. */
  bool check_free;

  bool (*read_state) (const char *fen, SynState *state, SynFenError *error);
  void (*write_state) (const SynState *state, char *buf, size_t size);

  /* side's choices at this step into choices (SYN_MAX_CHOICES long); 0 when it waits. */
  int (*choices) (const SynState *state, SynColour side, SynChoice *choices);

  /* How many joint choices the step offers, 0 when the game is over: the number of children
   * a node has in sperft. */
  uint64_t (*count_joint_choices) (const SynState *state);

  /* Optional: sperft's last two levels at once (the sum of count_joint_choices over every
   * joint choice of an unfinished state), for rule sets that can do it faster. */
  uint64_t (*count_after_step) (const SynState *state);

  /* The state after both choices (SYN_CHOICE_NONE for a side that waits). Both must be among
   * the sides' choices. */
  void (*apply) (const SynState *state, SynChoice white, SynChoice black, SynState *out);

  SynOutcome (*outcome) (const SynState *state);

  /* Squares whose contents side may see when hidden information is played. */
  SynBitboard (*visible) (const SynState *state, SynColour side);

  void (*choice_to_text) (const SynState *state, SynChoice choice, char *buf);

  /* The rest is optional (NULL): what most rule sets need not say. */

  /* The board side sees, where it is not state->board (Transactional: its transactional
   * view, TX-R2). */
  void (*view) (const SynState *state, SynColour side, SynPosition *out);

  /* The FEN side's program may store (Transactional TX-R14: the player FEN); NULL when it
   * is write_state's. */
  void (*write_view_state) (const SynState *state, SynColour side, char *buf, size_t size);

  /* For rule sets with a repetition draw, judged by the game that holds the history: true
   * when a and b count as the same position (SYN-R12, HK-R12, HUT-R11). Only states at the
   * start of a turn are compared. */
  bool (*repeats) (const SynState *a, const SynState *b);

  void (*describe) (const SynState *state, SynStepInfo *info);

  /* For rule sets that draw lots at the start (Hutnik's token, HUT-R9/R10): makes state,
   * a game's start, the one that seed draws. */
  void (*seed) (SynState *state, uint64_t seed);

  /* What the step from before to after (by the two choices) tells the players; returns how
   * many events it wrote (at most SYN_MAX_EVENTS). */
  int (*events) (const SynState *before, SynChoice white, SynChoice black, const SynState *after,
                 SynEvent *events);

  /* What side's opponent is told of side's step beyond the board it sees (Transactional:
   * a commit's announcement, TX-R8, e.g. "Pe7-e5, Qd8-h4; e.p. e6"); false when nothing. */
  bool (*announce) (const SynState *before, const SynState *after, SynColour side, char *buf,
                    size_t size);
};

/* The plain info of a step of both sides' moves. */
void syn_step_info_init (SynStepInfo *info);

/* variant's describe, or syn_step_info_init() when it has none. */
void syn_variant_describe (const SynVariant *variant, const SynState *state, SynStepInfo *info);

/* The board side sees: variant's view, or the state's board. */
void syn_variant_view (const SynVariant *variant, const SynState *state, SynColour side,
                       SynPosition *out);

extern const SynVariant syn_variant_psc;
extern const SynVariant syn_variant_synchrone;
extern const SynVariant syn_variant_hk;
extern const SynVariant syn_variant_hutnik;
extern const SynVariant syn_variant_transactional;

/* The rule set with that id, or NULL. */
const SynVariant *syn_variant_lookup (const char *id);

/* Every rule set, NULL-terminated. */
const SynVariant *const *syn_variant_all (void);

/* Finds text among side's choices; SYN_CHOICE_NONE when it is not one of them. */
SynChoice syn_variant_choice_from_text (const SynVariant *variant, const SynState *state,
                                        SynColour side, const char *text);

/* Simultaneous perft: the leaves at exactly depth joint steps, finished games not expanded. */
uint64_t syn_sperft (const SynVariant *variant, const SynState *state, int depth);
