/* syn-net-game.c: records compared across the network, games cut back, turns played with
 * agreed clocks.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-net-game.h"

#include <string.h>

#include "syn-game-private.h"
#include "syn-record.h"

/* A Transactional game as one program holds it (TX-R15): the other side's transaction hidden
 * from the start. */
static gboolean
is_player_game (SynGame *game)
{
  return syn_game_get_variant (game) == &syn_variant_transactional
         && syn_game_get_start (game)->rules.tx.hidden != 0;
}

/* The public record's FEN tag: the start with both transactions hidden. */
static void
append_public_fen (GString *out, SynGame *game)
{
  SynState start = *syn_game_get_start (game);
  char fen[SYN_FEN_MAX_SIZE];

  start.rules.tx.hidden = (1u << SYN_WHITE) | (1u << SYN_BLACK);
  syn_game_get_variant (game)->write_state (&start, fen, sizeof fen);
  g_string_append_printf (out, "[FEN \"%s\"]\n", fen);
}

/* The public record's turn line: the mover's turn sealed, whichever side's it was, and the
 * clocks of the record's line (line, length long). */
static void
append_public_turn (GString *out, SynGame *game, guint index, const char *line, gsize length)
{
  const SynTurn *turn = syn_game_get_turn (game, index);
  const char *clocks = memchr (line, '{', length);
  char white[SYN_RECORD_SEALED_SIZE], black[SYN_RECORD_SEALED_SIZE];

  syn_record_sealed_text (turn, SYN_WHITE, white, sizeof white);
  syn_record_sealed_text (turn, SYN_BLACK, black, sizeof black);
  g_string_append_printf (out, "%u. %s %s", index + 1, white, black);
  if (clocks)
    {
      g_string_append_c (out, ' ');
      g_string_append_len (out, clocks, (gssize) (line + length - clocks));
    }
  else
    g_string_append_c (out, '\n');
}

char *
syn_net_game_record_text (SynGame *game)
{
  g_autofree char *text = syn_record_write (game);
  GString *out = g_string_sized_new (strlen (text));
  const char *line = text;
  gboolean public = is_player_game (game);
  gboolean in_turns = FALSE;
  guint index = 0;

  while (*line)
    {
      const char *end = strchr (line, '\n');
      gsize length = end ? (gsize) (end - line + 1) : strlen (line);
      gboolean seat = g_str_has_prefix (line, "[WhiteType ")
                      || g_str_has_prefix (line, "[BlackType ")
                      || g_str_has_prefix (line, "[" SYN_NET_RECONNECT_TAG " ");

      if (public && g_str_has_prefix (line, "[FEN "))
        append_public_fen (out, game);
      else if (public && in_turns && index < syn_game_get_n_turns (game))
        append_public_turn (out, game, index++, line, length);
      else if (!seat)
        g_string_append_len (out, line, (gssize) length);
      in_turns |= line[0] == '\n';
      line += length;
    }
  return g_string_free (out, FALSE);
}

void
syn_net_game_digest (SynGame *game, guint8 digest[32])
{
  g_autofree char *text = syn_net_game_record_text (game);
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = 32;

  g_checksum_update (checksum, (const guchar *) text, (gssize) strlen (text));
  g_checksum_get_digest (checksum, digest, &size);
}

static gint64
frozen_time_cb (gpointer user_data)
{
  return *(const gint64 *) user_data;
}

/* The record keeps tenths of a second, so each clock is held in whole tenths after every
 * turn (rounded up: a quick move costs nothing, and a clock with time left never reaches 0 by
 * rounding). A program that read its game back from the record then holds exactly the
 * clocks of one that kept it in memory, and both play the next turn from the same values
 * (docs/protocol.md, "Clocks"). */
static gint64
whole_tenths (gint64 ms)
{
  return ms <= 0 ? 0 : (ms + 99) / 100 * 100;
}

gboolean
syn_net_game_play_turn (SynGame *game, SynChoice white, SynChoice black, gint64 white_ms,
                        gint64 black_ms, GError **error)
{
  SynClock *clock = syn_game_get_clock (game);
  gint64 now = g_get_monotonic_time ();
  gboolean ok;

  /* Each side accounted its own time: the local clocks must not run, or fall, while the two
   * choices go in one after the other. */
  syn_clock_set_time_source (clock, frozen_time_cb, &now);
  /* A side that waits (SYN_CHOICE_NONE) has nothing to choose: the game counts it as chosen. */
  ok = (white == SYN_CHOICE_NONE || syn_game_choose (game, SYN_WHITE, white, error))
       && (black == SYN_CHOICE_NONE || syn_game_choose (game, SYN_BLACK, black, error));
  syn_clock_set_time_source (clock, NULL, NULL);
  if (ok && syn_clock_is_timed (clock))
    syn_game_restore_clocks (game, whole_tenths (white_ms), whole_tenths (black_ms));
  return ok;
}

gint64
syn_net_game_turn_start_ms (SynGame *game, SynColour colour)
{
  guint n = syn_game_get_n_turns (game);
  SynTimeControl tc = syn_game_get_time_control (game);

  if (tc.initial_ms == 0)
    return 0;
  if (n == 0)
    return tc.initial_ms;
  return syn_game_get_turn (game, n - 1)->remaining_ms[colour];
}

void
syn_net_game_reset_clocks (SynGame *game)
{
  SynClock *clock = syn_game_get_clock (game);
  guint n = syn_game_get_n_turns (game);

  syn_clock_set_chosen (clock, FALSE, FALSE);
  if (!syn_clock_is_timed (clock) || syn_game_is_over (game))
    return;
  if (n > 0)
    {
      /* The record keeps tenths of seconds, rounded down: a side that reloaded its game from
       * disk has only those, so both sides go on from them. */
      const SynTurn *last = syn_game_get_turn (game, n - 1);
      syn_game_restore_clocks (game, last->remaining_ms[SYN_WHITE] / 100 * 100,
                               last->remaining_ms[SYN_BLACK] / 100 * 100);
    }
  syn_clock_set_remaining_ms (clock, SYN_WHITE, syn_net_game_turn_start_ms (game, SYN_WHITE));
  syn_clock_set_remaining_ms (clock, SYN_BLACK, syn_net_game_turn_start_ms (game, SYN_BLACK));
}

SynGame *
syn_net_game_new_like (SynGame *game, const SynState *start)
{
  SynTimeControl tc = syn_game_get_time_control (game);
  const char *const *names = syn_game_get_tag_names (game);
  SynGame *copy = syn_game_new (syn_game_get_variant (game), start, &tc, syn_game_get_fog (game));

  syn_game_set_id (copy, syn_game_get_id (game));
  for (guint i = 0; names[i]; i++)
    syn_game_set_tag (copy, names[i], syn_game_get_tag (game, names[i]));
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    syn_game_set_player (copy, (SynColour) side, syn_game_get_player_kind (game, (SynColour) side),
                         syn_game_get_player_name (game, (SynColour) side));
  return copy;
}

/* A turn of another game played again in copy. In a player's game (TX-R15) the other side's
 * sealed turn leads where it led, and a pass its program was told every move was refused
 * (TX-R6) is played from the state that learned it. */
static gboolean
replay_turn (SynGame *copy, const SynTurn *turn, GError **error)
{
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (turn->choice[side] & SYN_CHOICE_SEALED)
      return syn_net_game_play_sealed_turn (copy, (SynColour) side, turn->choice[side],
                                            &turn->after, turn->remaining_ms[SYN_WHITE],
                                            turn->remaining_ms[SYN_BLACK], error);
  if (syn_game_get_variant (copy) == &syn_variant_transactional
      && turn->before.rules.tx.all_refused)
    syn_game_replace_state (copy, &turn->before);
  return syn_net_game_play_turn (copy, turn->choice[SYN_WHITE], turn->choice[SYN_BLACK],
                                 turn->remaining_ms[SYN_WHITE], turn->remaining_ms[SYN_BLACK],
                                 error);
}

SynGame *
syn_net_game_prefix (SynGame *game, guint turns, GError **error)
{
  g_autoptr (SynGame) copy = NULL;

  g_return_val_if_fail (turns <= syn_game_get_n_turns (game), NULL);

  copy = syn_net_game_new_like (game, syn_game_get_start (game));
  for (guint i = 0; i < turns; i++)
    if (!replay_turn (copy, syn_game_get_turn (game, i), error))
      return NULL;
  return g_steal_pointer (&copy);
}

gboolean
syn_net_game_play_sealed_turn (SynGame *game, SynColour side, SynChoice sealed,
                               const SynState *after, gint64 white_ms, gint64 black_ms,
                               GError **error)
{
  SynClock *clock = syn_game_get_clock (game);
  gint64 now = g_get_monotonic_time ();
  gboolean ok;

  syn_clock_set_time_source (clock, frozen_time_cb, &now);
  ok = syn_game_play_sealed_step (game, side, sealed, after, error);
  syn_clock_set_time_source (clock, NULL, NULL);
  if (ok && syn_clock_is_timed (clock))
    syn_game_restore_clocks (game, whole_tenths (white_ms), whole_tenths (black_ms));
  return ok;
}
