/* syn-game-private.h: what the record reader needs to rebuild a game exactly as it was
 * saved, and the network layer to set the clocks both sides agreed on and to end a game by
 * time; not for the UI.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-game.h"

G_BEGIN_DECLS

/* Gives the game the id it had when it was saved, so autosaving it again replaces its file. */
void syn_game_set_id (SynGame *self, const char *id);

/* Both clocks stand at these times after the last executed turn (the one the record line
 * describes); that turn's remaining_ms says so too. */
void syn_game_restore_clocks (SynGame *self, gint64 white_ms, gint64 black_ms);

/* Ends the game for a reason outside the rules of the board (end is SYN_END_TIME,
 * SYN_END_RESIGNATION or SYN_END_AGREEMENT); emits "finished". */
void syn_game_end (SynGame *self, SynResult result, SynEnd end);

/* Transactional Chess between two programs (TX-R15): side's turn, which this program knows
 * only by its public part: sealed is SYN_CHOICE_SEALED, with SYN_CHOICE_COMMIT for a commit,
 * and after the state the network layer worked out from that part. Plays it as
 * syn_game_choose() would. */
gboolean syn_game_play_sealed_step (SynGame *self, SynColour side, SynChoice sealed,
                                    const SynState *after, GError **error);

/* Ends the game by a rule that only the other program could judge, on its claim (TX-R15:
 * its own mate, a hidden attack on our king); emits "finished". */
void syn_game_end_by_rules (SynGame *self, SynOutcome outcome);

/* The audit after a finished game (TX-R17) found the side that broke the rules: it loses,
 * whatever the game's end was. Emits nothing; the game stays over. */
void syn_game_overturn (SynGame *self, SynResult result);
/* The same when the loser withheld its audit past the time allowed (reason audit-withheld). */
void syn_game_overturn_withheld (SynGame *self, SynResult result);

/* The current state changed by what the network layer learned of it (TX-R6 over the
 * network: every legal move of the side to move is refused); the history stays. */
void syn_game_replace_state (SynGame *self, const SynState *state);

/* side's move was refused by the other program's answer (TX-R5, R16): emits
 * "choice-refused" as a refusal judged here does. */
void syn_game_refuse (SynGame *self, SynColour side);

G_END_DECLS
