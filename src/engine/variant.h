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

/* A choice: a move in its low 16 bits; rule sets with other kinds of choice (a pass in an
 * exchange of blows, a commit or rollback) use the bits above. */
typedef uint32_t SynChoice;

#define SYN_CHOICE_NONE ((SynChoice) 0) /* the side waits this step */
#define SYN_MAX_CHOICES 320
#define SYN_CHOICE_TEXT_SIZE 16

/* Everything a game needs to go on. The board is the referee's view; step says which kind
 * of step comes next where a rule set has more than one (PSC has one kind only). */
typedef struct
{
  SynPosition board;
  uint32_t step;
} SynState;

typedef struct _SynVariant SynVariant;

struct _SynVariant
{
  const char *id;   /* "psc" */
  const char *name; /* "Parrow Synchronous Chess" */

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
};

extern const SynVariant syn_variant_psc;

/* The rule set with that id, or NULL. */
const SynVariant *syn_variant_lookup (const char *id);

/* Every rule set, NULL-terminated. */
const SynVariant *const *syn_variant_all (void);

/* Finds text among side's choices; SYN_CHOICE_NONE when it is not one of them. */
SynChoice syn_variant_choice_from_text (const SynVariant *variant, const SynState *state,
                                        SynColour side, const char *text);

/* Simultaneous perft: the leaves at exactly depth joint steps, finished games not expanded. */
uint64_t syn_sperft (const SynVariant *variant, const SynState *state, int depth);
