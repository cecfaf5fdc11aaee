/* syn-record-write.c: a game written as a record: its tags, a line per turn, the result.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-record"

#include "config.h"

#include "syn-record.h"

#include <string.h>

#include "syn-game-private.h"
#include "syn-record-private.h"
#include "transactional.h"

static void
append_tag (GString *out, const char *name, const char *value)
{
  g_autofree char *valid = g_utf8_make_valid (value, -1);

  /* Cut at a character's start, so that what is written reads back. */
  if (strlen (valid) > SYN_RECORD_MAX_TAG_VALUE)
    *g_utf8_find_prev_char (valid, valid + SYN_RECORD_MAX_TAG_VALUE + 1) = '\0';
  g_string_append_printf (out, "[%s \"", name);
  for (const char *c = valid; *c; c++)
    {
      gsize control = syn_record_control_length (c);

      /* A line holds one tag: control characters (a newline) would break it. */
      if (control)
        {
          g_string_append_c (out, ' ');
          c += control - 1;
          continue;
        }
      if (*c == '"' || *c == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *c);
    }
  g_string_append (out, "\"]\n");
}

/* Tenths of a second, rounded down, so that a game resumed from its record never gives a
 * player time they did not have. */
static void
append_seconds (GString *out, gint64 ms)
{
  ms = MAX (ms, 0);
  g_string_append_printf (out, "%" G_GINT64_FORMAT ".%d", ms / 1000, (int) (ms % 1000 / 100));
}

char *
syn_record_write (SynGame *game)
{
  const SynVariant *variant;
  SynTimeControl tc;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *time_control = NULL;
  char fen[SYN_FEN_MAX_SIZE];
  const char *reason;

  g_return_val_if_fail (SYN_IS_GAME (game), NULL);

  variant = syn_game_get_variant (game);
  tc = syn_game_get_time_control (game);
  time_control = syn_time_control_to_string (&tc);
  variant->write_state (syn_game_get_start (game), fen, sizeof fen);

  /* PGN's order: the seven tags of its roster first. */
  append_tag (out, "Event", syn_game_get_tag (game, "Event") ?: "?");
  append_tag (out, "Site", syn_game_get_tag (game, "Site") ?: "?");
  append_tag (out, "Date", syn_game_get_tag (game, "Date") ?: "????.??.??");
  append_tag (out, "White", syn_game_get_player_name (game, SYN_WHITE) ?: "?");
  append_tag (out, "Black", syn_game_get_player_name (game, SYN_BLACK) ?: "?");
  append_tag (out, "Result", syn_result_to_text (syn_game_get_result (game)));
  append_tag (out, "Variant", variant->id);
  append_tag (out, "FEN", fen);
  append_tag (out, "TimeControl", time_control);
  append_tag (out, "Fog", syn_game_get_fog (game) ? "true" : "false");
  append_tag (out, "WhiteType",
              syn_record_player_kind_to_text (syn_game_get_player_kind (game, SYN_WHITE)));
  append_tag (out, "BlackType",
              syn_record_player_kind_to_text (syn_game_get_player_kind (game, SYN_BLACK)));
  for (const char *const *name = syn_game_get_tag_names (game); *name; name++)
    if (!syn_record_is_format_tag (*name))
      append_tag (out, *name, syn_game_get_tag (game, *name));
  g_string_append_c (out, '\n');

  for (guint i = 0; i < syn_game_get_n_turns (game); i++)
    {
      const SynTurn *turn = syn_game_get_turn (game, i);
      char text[2][SYN_RECORD_SEALED_SIZE];

      for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
        if (turn->choice[side] & SYN_CHOICE_SEALED)
          syn_record_sealed_text (turn, (SynColour) side, text[side], sizeof text[side]);
        else
          variant->choice_to_text (&turn->before, turn->choice[side], text[side]);
      g_string_append_printf (out, "%u. %s %s", i + 1, text[SYN_WHITE], text[SYN_BLACK]);
      if (tc.initial_ms > 0)
        {
          g_string_append (out, " {w ");
          append_seconds (out, turn->remaining_ms[SYN_WHITE]);
          g_string_append (out, " b ");
          append_seconds (out, turn->remaining_ms[SYN_BLACK]);
          g_string_append_c (out, '}');
        }
      g_string_append_c (out, '\n');
    }

  g_string_append (out, syn_result_to_text (syn_game_get_result (game)));
  reason = syn_game_get_reason (game);
  if (reason)
    g_string_append_printf (out, " {%s}", reason);
  g_string_append_c (out, '\n');
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The public part of a turn this program followed from it (TX-R15): the pieces' paths the
 * state after it keeps as told, what each became, the castling rights and passed squares. */
static void
public_step_of_sealed_turn (const SynTurn *turn, SynColour side, SynTxPublicStep *step)
{
  const SynTxState *told = &turn->after.rules.tx;

  memset (step, 0, sizeof *step);
  step->commit = (turn->choice[side] & SYN_CHOICE_COMMIT) != 0;
  if (!step->commit)
    return;
  step->n_changed = MIN (told->n_told, SYN_TX_MAX_CHANGED);
  for (int i = 0; i < step->n_changed; i++)
    {
      int from = told->told[i][0], to = told->told[i][1];
      SynPieceType was = SYN_PIECE_TYPE (turn->before.board.board[from]);
      SynPieceType is = SYN_PIECE_TYPE (turn->after.board.board[to]);

      step->changed[i].from = (int8_t) from;
      step->changed[i].to = (int8_t) to;
      step->changed[i].promotion = was == SYN_PAWN && is != SYN_PAWN ? (uint8_t) is : 0;
    }
  step->castling = turn->after.board.castling;
  step->en_passant_files = told->en_passant_files;
}

void
syn_record_sealed_text (const SynTurn *turn, SynColour side, char *buf, gsize size)
{
  SynChoice choice = turn->choice[side];
  SynTxPublicStep step;
  char text[SYN_TX_PUBLIC_STEP_SIZE];

  if (choice == SYN_CHOICE_NONE)
    {
      g_strlcpy (buf, "-", size);
      return;
    }
  if (choice & SYN_CHOICE_SEALED)
    public_step_of_sealed_turn (turn, side, &step);
  else
    syn_tx_public_step (&turn->before, choice, &step);
  if (!step.commit)
    {
      g_strlcpy (buf, "?", size);
      return;
    }
  /* "commit e7e5,d8h4 KQkq e6" is one word in a turn line: "?/commit:e7e5,d8h4:KQkq:e6". */
  syn_tx_public_step_to_text (&step, side, text, sizeof text);
  g_strdelimit (text, " ", ':');
  g_snprintf (buf, size, "?/%s", text);
}
