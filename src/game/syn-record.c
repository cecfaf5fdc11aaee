/* syn-record.c: games as text in the record format of docs/record-format.md: tag pairs, one
 * line per turn with both moves, the result. Reading rebuilds the game by replaying it, so
 * a record the rules do not allow is refused, with the line at fault.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-record"

#include "config.h"

#include "syn-record.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-game-private.h"
#include "syn-line-error.h"
#include "syn-record-private.h"
#include "syn-text-file.h"
#include "transactional.h"

GQuark
syn_record_error_quark (void)
{
  return g_quark_from_static_string ("syn-record-error-quark");
}

/* The most time a record's clock may show: thirty days, the longest time control. */
#define MAX_CLOCK_SECONDS (86400 * 30)

/* The tags the game holds itself, in the order they are written after Event, Site, Date. */
static const char *const game_tags[] = {
  "White", "Black", "Result", "Variant", "FEN", "TimeControl", "Fog", "WhiteType", "BlackType",
};

static const char *const player_kinds[] = {
  [SYN_PLAYER_HUMAN] = "human",
  [SYN_PLAYER_COMPUTER] = "program", /* PGN's word */
  [SYN_PLAYER_REMOTE] = "remote",
};

static gboolean
is_game_tag (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (game_tags); i++)
    if (g_str_equal (game_tags[i], name))
      return TRUE;
  return FALSE;
}

/* The twelve tags every record is written with. */
static gboolean
is_format_tag (const char *name)
{
  return g_str_equal (name, "Event") || g_str_equal (name, "Site") || g_str_equal (name, "Date")
         || is_game_tag (name);
}

/* ---- Writing ---- */

/* The bytes of the control character that starts at C in valid UTF-8 (U+0000 to U+001F,
 * U+007F to U+009F, as the format counts them), or 0 where another character starts. */
static gsize
control_length (const char *c)
{
  if ((guchar) c[0] < 0x20 || c[0] == 0x7f)
    return 1;
  if ((guchar) c[0] == 0xc2 && (guchar) c[1] >= 0x80 && (guchar) c[1] <= 0x9f)
    return 2;
  return 0;
}

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
      gsize control = control_length (c);

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
  append_tag (out, "WhiteType", player_kinds[syn_game_get_player_kind (game, SYN_WHITE)]);
  append_tag (out, "BlackType", player_kinds[syn_game_get_player_kind (game, SYN_BLACK)]);
  for (const char *const *name = syn_game_get_tag_names (game); *name; name++)
    if (!is_format_tag (*name))
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

/* ---- Reading ---- */

typedef struct
{
  char *name;
  char *value;
  guint line;
} Tag;

static void
tag_free (Tag *tag)
{
  g_free (tag->name);
  g_free (tag->value);
  g_free (tag);
}

typedef enum
{
  PART_TAGS,
  PART_TURNS,
  PART_AFTER_RESULT,
} Part;

typedef struct
{
  GPtrArray *tags;       /* Tag, in the record's order */
  GHashTable *tag_index; /* name -> Tag, borrowed: finds a tag in constant time */
  SynGame *game;         /* owned, made when the tags are over */
  guint line;      /* the line being read, from 1 */
  guint n_other_tags;
  guint n_turns;
  gboolean timed;
} Reader;

G_GNUC_PRINTF (4, 5)
static gboolean
fail (GError **error, SynRecordError code, guint line, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  syn_set_line_error_valist (error, SYN_RECORD_ERROR, code, line, format, args);
  va_end (args);
  return FALSE;
}

gboolean
syn_record_check_text (const char *text, gsize length, GError **error)
{
  const char *end;
  const char *nul;

  if (length > SYN_RECORD_MAX_SIZE)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, syn_line_of (text, SYN_RECORD_MAX_SIZE),
                 _ ("the record is larger than 1 MB"));
  nul = memchr (text, '\0', length);
  if (nul)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, syn_line_of (text, (gsize) (nul - text)),
                 _ ("the record holds a NUL byte"));
  if (!g_utf8_validate (text, (gssize) length, &end))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, syn_line_of (text, (gsize) (end - text)),
                 _ ("the text is not valid UTF-8"));
  return TRUE;
}

/* [Name "value"], the value with \" and \\ escapes. */
static gboolean
read_tag (Reader *reader, const char *line, GError **error)
{
  const char *c = line + 1;
  const char *name_start = c;
  g_autofree char *name = NULL;
  g_autoptr (GString) value = g_string_new (NULL);
  Tag *tag;

  while (g_ascii_isalnum (*c) || *c == '_')
    c++;
  if (c == name_start || !g_ascii_isalpha (*name_start) || (*c != ' ' && *c != '\t'))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("a tag must look like [Name \"value\"]"));
  if (c - name_start > SYN_GAME_TAG_NAME_MAX)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("the tag name is longer than %d characters"), SYN_GAME_TAG_NAME_MAX);
  name = g_strndup (name_start, (gsize) (c - name_start));
  while (*c == ' ' || *c == '\t')
    c++;
  if (*c++ != '"')
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("a tag must look like [Name \"value\"]"));
  for (; *c != '"'; c++)
    {
      if (*c == '\0')
        return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                     _ ("the value of the tag %s has no closing quote"), name);
      if (control_length (c))
        return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                     _ ("the value of the tag %s holds a control character"), name);
      if (*c == '\\')
        {
          c++;
          if (*c != '"' && *c != '\\')
            return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                         _ ("in the value of the tag %s, a backslash must be followed by \" "
                            "or \\"),
                         name);
        }
      g_string_append_c (value, *c);
    }
  if (value->len > SYN_RECORD_MAX_TAG_VALUE)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("the value of the tag %s is longer than %d bytes"), name,
                 SYN_RECORD_MAX_TAG_VALUE);
  if (g_strcmp0 (c, "\"]") != 0)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("a tag must look like [Name \"value\"] and end the line"));

  if (g_hash_table_contains (reader->tag_index, name))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line, _ ("the tag %s appears twice"),
                 name);
  /* Counted apart from the twelve, which a writer adds when they are missing, so that a
   * record read is written back readable. */
  if (!is_format_tag (name) && ++reader->n_other_tags > SYN_RECORD_MAX_OTHER_TAGS)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("a record holds at most %d tags besides the twelve of its format"),
                 SYN_RECORD_MAX_OTHER_TAGS);

  tag = g_new0 (Tag, 1);
  tag->name = g_steal_pointer (&name);
  tag->value = g_string_free (g_steal_pointer (&value), FALSE);
  tag->line = reader->line;
  g_ptr_array_add (reader->tags, tag);
  g_hash_table_insert (reader->tag_index, tag->name, tag);
  return TRUE;
}

static const Tag *
find_tag (Reader *reader, const char *name)
{
  return g_hash_table_lookup (reader->tag_index, name);
}

static gboolean
read_player_kind (const Tag *tag, SynPlayerKind *kind, GError **error)
{
  *kind = SYN_PLAYER_HUMAN;
  if (!tag)
    return TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (player_kinds); i++)
    if (g_str_equal (tag->value, player_kinds[i]))
      {
        *kind = (SynPlayerKind) i;
        return TRUE;
      }
  return fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
               _ ("%s must be \"human\", \"program\" or \"remote\", not \"%s\""), tag->name,
               tag->value);
}

static gboolean
read_result (const char *text, SynResult *result)
{
  for (SynResult r = SYN_RESULT_NONE; r <= SYN_RESULT_DRAW; r++)
    if (g_str_equal (text, syn_result_to_text (r)))
      {
        *result = r;
        return TRUE;
      }
  return FALSE;
}

static const char *
player_name (const Tag *tag)
{
  /* PGN writes "?" for a name nobody knows. */
  return tag && !g_str_equal (tag->value, "?") ? tag->value : NULL;
}

/* Makes the game the tags describe, before its first turn. */
static gboolean
start_game (Reader *reader, GError **error)
{
  const SynVariant *variant = &syn_variant_psc;
  SynState start;
  SynTimeControl tc = { 0, 0 };
  gboolean fog = FALSE;
  SynPlayerKind kind[2];
  SynResult result;
  const Tag *tag;

  if ((tag = find_tag (reader, "Variant")) && !(variant = syn_variant_lookup (tag->value)))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line, _ ("unknown variant \"%s\""),
                 tag->value);
  if ((tag = find_tag (reader, "FEN")))
    {
      SynFenError fen_error;
      if (strlen (tag->value) > SYN_FEN_MAX_INPUT
          || !variant->read_state (tag->value, &start, &fen_error))
        return fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line, _ ("the FEN is not valid: %s"),
                     strlen (tag->value) > SYN_FEN_MAX_INPUT ? _ ("too long") : fen_error.message);
    }
  else
    {
      SynFenError fen_error;
      gboolean ok = variant->read_state (variant->start_fen, &start, &fen_error);
      g_assert (ok);
    }
  if ((tag = find_tag (reader, "TimeControl")) && !syn_time_control_parse (tag->value, &tc))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                 _ ("\"%s\" is not a time control such as \"180+2\" or \"-\""), tag->value);
  if ((tag = find_tag (reader, "Fog")))
    {
      if (!g_str_equal (tag->value, "true") && !g_str_equal (tag->value, "false"))
        return fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                     _ ("Fog must be \"true\" or \"false\", not \"%s\""), tag->value);
      fog = g_str_equal (tag->value, "true");
    }
  if ((tag = find_tag (reader, "Result")) && !read_result (tag->value, &result))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, tag->line,
                 _ ("\"%s\" is not a result (*, 1-0, 0-1 or 1/2-1/2)"), tag->value);
  if (!read_player_kind (find_tag (reader, "WhiteType"), &kind[SYN_WHITE], error)
      || !read_player_kind (find_tag (reader, "BlackType"), &kind[SYN_BLACK], error))
    return FALSE;

  reader->game = syn_game_new (variant, &start, &tc, fog);
  reader->timed = tc.initial_ms > 0;
  syn_game_set_player (reader->game, SYN_WHITE, kind[SYN_WHITE],
                       player_name (find_tag (reader, "White")));
  syn_game_set_player (reader->game, SYN_BLACK, kind[SYN_BLACK],
                       player_name (find_tag (reader, "Black")));
  /* A record without a date does not say the game was played today. */
  syn_game_set_tag (reader->game, "Date", "????.??.??");
  for (guint i = 0; i < reader->tags->len; i++)
    {
      const Tag *t = g_ptr_array_index (reader->tags, i);
      if (!is_game_tag (t->name))
        syn_game_set_tag (reader->game, t->name, t->value);
    }
  return TRUE;
}

/* Seconds with up to three decimals, as milliseconds. */
static gboolean
read_seconds (const char *text, gint64 *ms)
{
  const char *c = text;
  gint64 whole = 0, fraction = 0;
  int n_decimals = 0;

  if (!g_ascii_isdigit (*c))
    return FALSE;
  for (; g_ascii_isdigit (*c); c++)
    {
      whole = whole * 10 + (*c - '0');
      if (whole > MAX_CLOCK_SECONDS)
        return FALSE;
    }
  if (*c == '.')
    for (c++; g_ascii_isdigit (*c); c++)
      {
        if (++n_decimals > 3)
          return FALSE;
        fraction = fraction * 10 + (*c - '0');
      }
  if (*c != '\0' || (text[strlen (text) - 1] == '.'))
    return FALSE;
  for (; n_decimals < 3; n_decimals++)
    fraction *= 10;
  *ms = whole * 1000 + fraction;
  return TRUE;
}

/* {w 171.2 b 176.0} */
static gboolean
read_clocks (Reader *reader, const char *comment, gint64 ms[2], GError **error)
{
  g_autofree char *inside = g_strndup (comment + 1, strlen (comment) - 2);
  g_auto (GStrv) words = g_strsplit_set (g_strstrip (inside), " \t", -1);
  const char *parts[4];
  guint n = 0;

  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      {
        if (n == 4)
          goto bad;
        parts[n++] = words[i];
      }
  if (n != 4 || !g_str_equal (parts[0], "w") || !g_str_equal (parts[2], "b")
      || !read_seconds (parts[1], &ms[SYN_WHITE]) || !read_seconds (parts[3], &ms[SYN_BLACK]))
    goto bad;
  return TRUE;

bad:
  return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
               _ ("clock times must look like {w 171.2 b 176.0}"));
}

/* Whether side's turn is known here only by its public part (TX-R15): its one choice is the
 * sealed one, as in a Transactional player's record for the other side. */
static gboolean
is_sealed_turn (SynGame *game, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];

  return syn_game_get_variant (game)->choices (syn_game_get_state (game), side, choices) == 1
         && choices[0] == SYN_CHOICE_SEALED;
}

/* TX-R6 between two programs: a side's pass in its own program's record, where the other
 * side's locks are hidden, was possible only because the other program answered that every
 * move was refused; the game learns it again before the pass. */
static void
learn_all_refused (SynGame *game, SynColour side, const char *text)
{
  const SynVariant *variant = syn_game_get_variant (game);
  SynState state = *syn_game_get_state (game);

  if (variant != &syn_variant_transactional || !g_str_has_prefix (text, "pass")
      || !(state.rules.tx.hidden & (1u << !side)) || state.board.side_to_move != side)
    return;
  syn_tx_set_all_refused (&state);
  if (syn_variant_choice_from_text (variant, &state, side, text) != SYN_CHOICE_NONE)
    syn_game_replace_state (game, &state);
}

/* TX-R15: the other side's turn in a player's record, known by its public part: "?" or
 * "?/commit:e7e5,d8h4:KQkq:e6"; after is the state it leads to. */
static gboolean
read_sealed (Reader *reader, SynColour side, const char *text, SynChoice *choice, SynState *after,
             GError **error)
{
  SynTxPublicStep step;
  char public[SYN_TX_PUBLIC_STEP_SIZE];
  char why[160] = "";
  const char *prefix = "?/commit:";

  if (!is_sealed_turn (reader->game, side))
    return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                 _ ("%s is a sealed turn, which only the hidden side of a Transactional "
                    "player's record has"),
                 text);
  if (g_str_equal (text, "?"))
    g_strlcpy (public, "-", sizeof public);
  else if (g_str_has_prefix (text, prefix) && strlen (text) - strlen (prefix) + 7 < sizeof public)
    {
      g_snprintf (public, sizeof public, "commit %s", text + strlen (prefix));
      g_strdelimit (public, ":", ' ');
    }
  else
  public[0] = '\0';
  if (!public[0] || !syn_tx_public_step_from_text (public, side, &step, why, sizeof why))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("\"%s\" is not a sealed turn such as ? or ?/commit:e7e5,d8h4:KQkq:e6"), text);
  if (!syn_tx_apply_public_step (syn_game_get_state (reader->game), &step, after, why, sizeof why))
    return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                 _ ("the sealed turn %s cannot be played in turn %u: %s"), text,
                 reader->n_turns + 1, why);
  *choice = SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0);
  return TRUE;
}

static gboolean
read_choice (Reader *reader, SynColour side, const char *text, SynChoice *choice, GError **error)
{
  SynGame *game = reader->game;
  const SynVariant *variant = syn_game_get_variant (game);
  const SynState *state = syn_game_get_state (game);
  /* At the start of a step only a side that waits has "chosen". */
  gboolean waits = syn_game_has_chosen (game, side);
  guint turn = reader->n_turns + 1;

  *choice = SYN_CHOICE_NONE;
  if (g_str_equal (text, "-"))
    {
      if (!waits)
        return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                     side == SYN_WHITE ? _ ("White must move in turn %u")
                                       : _ ("Black must move in turn %u"),
                     turn);
      return TRUE;
    }
  if (!waits && syn_variant_choice_from_text (variant, state, side, text) == SYN_CHOICE_NONE)
    learn_all_refused (game, side, text);
  /* Beyond UCI moves, a rule set's other choices (HK's pass 0000, a Transactional
   * g1f3/commit) are read by the rule set's own texts. */
  if (!syn_move_text_is_well_formed (text)
      && (waits || syn_variant_choice_from_text (variant, state, side, text) == SYN_CHOICE_NONE))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("\"%s\" is not a move in UCI form such as e2e4, e7e8q or -"), text);
  if (waits)
    return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                 side == SYN_WHITE ? _ ("White has no move to make in turn %u, yet %s is given")
                                   : _ ("Black has no move to make in turn %u, yet %s is given"),
                 turn, text);
  *choice = syn_variant_choice_from_text (variant, state, side, text);
  if (*choice == SYN_CHOICE_NONE)
    return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                 side == SYN_WHITE ? _ ("%s is not a legal move for White in turn %u")
                                   : _ ("%s is not a legal move for Black in turn %u"),
                 text, turn);
  return TRUE;
}

/* N. WHITE BLACK [{w S b S}] */
static gboolean
read_turn (Reader *reader, char **words, const char *comment, GError **error)
{
  SynChoice choice[2];
  g_autoptr (GError) local_error = NULL;
  const char *number = words[0];
  gsize length = strlen (number);
  guint expected = reader->n_turns + 1;
  gint64 clocks[2];
  SynState sealed_after;

  if (length < 2 || number[length - 1] != '.')
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("expected a turn such as \"1. e2e4 e7e5\" or a result, not \"%s\""), number);
  for (gsize i = 0; i + 1 < length; i++)
    if (!g_ascii_isdigit (number[i]))
      return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                   _ ("expected a turn such as \"1. e2e4 e7e5\" or a result, not \"%s\""), number);
  if (length > 10 || g_ascii_strtoull (number, NULL, 10) != expected)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("the turn is numbered %.*s where %u was expected"), (int) (length - 1), number,
                 expected);
  if (g_strv_length (words) != 3)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("a turn is its number followed by White's move and Black's move"));
  if (comment && !reader->timed)
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("clock times are given in a game without a clock"));
  if (comment && !read_clocks (reader, comment, clocks, error))
    return FALSE;
  if (syn_game_is_over (reader->game))
    return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                 _ ("turn %u comes after the end of the game (%s)"), expected,
                 syn_game_get_reason (reader->game));

  /* Both moves are checked against the position they were chosen in, before either is
   * played. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (words[1 + side][0] == '?'
            ? !read_sealed (reader, (SynColour) side, words[1 + side], &choice[side], &sealed_after,
                            error)
            : !read_choice (reader, (SynColour) side, words[1 + side], &choice[side], error))
      return FALSE;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (choice[side] != SYN_CHOICE_NONE
        && !((choice[side] & SYN_CHOICE_SEALED)
                 ? syn_game_play_sealed_step (reader->game, (SynColour) side, choice[side],
                                              &sealed_after, &local_error)
                 : syn_game_choose (reader->game, (SynColour) side, choice[side], &local_error)))
      return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line, "%s", local_error->message);
  if (syn_game_get_n_turns (reader->game) != expected)
    return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line, _ ("turn %u could not be played"),
                 expected);
  reader->n_turns = expected;
  if (!comment)
    return TRUE;
  /* PSC-R11: a turn adds the increment and no more. The time read stops while a record is
   * replayed, so the clock now shows the most a player can have; a writer's rounding to
   * tenths is allowed for. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      gint64 most = syn_clock_get_remaining_ms (syn_game_get_clock (reader->game), (SynColour) side);
      if (clocks[side] >= most + 100)
        return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                     side == SYN_WHITE
                         ? _ ("White's clock gains more than the increment: %.1f s left where "
                              "%.1f s at most could be")
                         : _ ("Black's clock gains more than the increment: %.1f s left where "
                              "%.1f s at most could be"),
                     clocks[side] / 1000.0, most / 1000.0);
    }
  syn_game_restore_clocks (reader->game, clocks[SYN_WHITE], clocks[SYN_BLACK]);
  return TRUE;
}

static gboolean
is_known_reason (const char *reason)
{
  static const char *const others[]
      = { "time", "resignation", "agreement", "audit", "audit-withheld", "abandoned" };

  for (SynReason r = SYN_REASON_KING_FROZEN; r <= SYN_REASON_LAST; r++)
    if (g_str_equal (reason, syn_reason_to_text (r)))
      return TRUE;
  for (gsize i = 0; i < G_N_ELEMENTS (others); i++)
    if (g_str_equal (reason, others[i]))
      return TRUE;
  return FALSE;
}

/* TX-R15: in a Transactional player's record, the other side's mate or stalemate, a hidden
 * attack after our commit, or the fifty-turn draw that commit reached, ended the game on the
 * claim of the other program, the only one that could judge it (the audit at the end checks
 * the claim). */
static gboolean
take_claim (SynGame *game, SynResult result, const char *reason)
{
  SynColour mover = (SynColour) syn_game_get_state (game)->board.side_to_move;
  SynResult mover_wins = mover == SYN_WHITE ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
  SynResult mover_loses = mover == SYN_WHITE ? SYN_RESULT_BLACK_WINS : SYN_RESULT_WHITE_WINS;
  SynOutcome outcome;

  if (!is_sealed_turn (game, mover))
    return FALSE;
  if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_CHECKMATE)) && result == mover_loses)
    outcome = (SynOutcome){ result, SYN_REASON_CHECKMATE };
  else if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_STALEMATE))
           && result == SYN_RESULT_DRAW)
    outcome = (SynOutcome){ result, SYN_REASON_STALEMATE };
  else if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_HIDDEN_ATTACK))
           && result == mover_wins)
    outcome = (SynOutcome){ result, SYN_REASON_HIDDEN_ATTACK };
  else if (g_str_equal (reason, syn_reason_to_text (SYN_REASON_FIFTY_TURNS))
           && result == SYN_RESULT_DRAW)
    outcome = (SynOutcome){ result, SYN_REASON_FIFTY_TURNS };
  else
    return FALSE;
  syn_game_end_by_rules (game, outcome);
  return TRUE;
}

/* RESULT [{reason}] */
static gboolean
read_result_line (Reader *reader, char **words, const char *comment, GError **error)
{
  SynGame *game = reader->game;
  g_autofree char *reason = NULL;
  const Tag *tag = find_tag (reader, "Result");
  SynResult result = SYN_RESULT_NONE;

  read_result (words[0], &result);
  if (words[1])
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("the result may only be followed by a reason such as {time}"));
  if (comment)
    {
      reason = g_strstrip (g_strndup (comment + 1, strlen (comment) - 2));
      if (!is_known_reason (reason))
        return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line, _ ("unknown reason \"%s\""),
                     reason);
    }
  if (tag && !g_str_equal (tag->value, words[0]))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("the result %s does not match the Result tag \"%s\""), words[0], tag->value);

  /* TX-R17: the audit after a Transactional network game overturned the result; only the
   * two programs could check it, so the record is taken at its word, as for a resignation. */
  if (reason && (g_str_equal (reason, "audit") || g_str_equal (reason, "audit-withheld")))
    {
      if (!syn_game_get_variant (game)->view || result == SYN_RESULT_NONE
          || result == SYN_RESULT_DRAW)
        return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                     _ ("%s {%s} does not fit the final position"), words[0], reason);
      if (!syn_game_is_over (game))
        syn_game_end (game, result, SYN_END_RESIGNATION);
      if (g_str_equal (reason, "audit"))
        syn_game_overturn (game, result);
      else
        syn_game_overturn_withheld (game, result);
      return TRUE;
    }
  if (syn_game_is_over (game))
    {
      /* PSC-R10: the final position decides; the record must agree with it. */
      const char *expected = syn_result_to_text (syn_game_get_result (game));
      if (result != syn_game_get_result (game)
          || (reason && !g_str_equal (reason, syn_game_get_reason (game))))
        return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
                     _ ("the game ended %s {%s} after turn %u, not %s%s%s%s"), expected,
                     syn_game_get_reason (game), reader->n_turns, words[0], reason ? " {" : "",
                     reason ? reason : "", reason ? "}" : "");
      return TRUE;
    }
  if (reason && take_claim (game, result, reason))
    return TRUE;

  switch (result)
    {
    case SYN_RESULT_NONE:
      if (reason)
        return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                     _ ("a game that goes on (*) has no reason"));
      return TRUE;
    case SYN_RESULT_WHITE_WINS:
    case SYN_RESULT_BLACK_WINS:
      if (!reason || g_str_equal (reason, "resignation"))
        syn_game_end (game, result, SYN_END_RESIGNATION);
      else if (g_str_equal (reason, "time"))
        syn_game_end (game, result, SYN_END_TIME);
      else if (g_str_equal (reason, "abandoned"))
        syn_game_end (game, result, SYN_END_ABANDONED);
      else
        break;
      return TRUE;
    case SYN_RESULT_DRAW:
    default:
      if (!reason || g_str_equal (reason, "agreement"))
        {
          syn_game_end (game, result, SYN_END_AGREEMENT);
          return TRUE;
        }
      break;
    }
  return fail (error, SYN_RECORD_ERROR_ILLEGAL, reader->line,
               _ ("%s {%s} does not fit the final position"), words[0], reason);
}

/* The time source of a game being replayed: a record says how much time was left, and
 * replaying takes none. */
static gint64
frozen_time (gpointer user_data)
{
  return 0;
}

/* A turn or the result: the words before a "{...}" comment, which must end the line. */
static gboolean
read_move_line (Reader *reader, char *line, gboolean *was_result, GError **error)
{
  char *comment = strchr (line, '{');
  g_autofree char *words_text = NULL;
  g_auto (GStrv) words = NULL;
  SynResult result;
  guint n = 0;

  if (comment && (strchr (comment + 1, '{') || strchr (comment, '}') != line + strlen (line) - 1))
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("a comment in braces must end the line"));
  words_text = comment ? g_strndup (line, (gsize) (comment - line)) : g_strdup (line);
  words = g_strsplit_set (words_text, " \t", -1);
  /* Runs of blanks leave empty words; drop them. */
  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      words[n++] = words[i];
    else
      g_free (words[i]);
  words[n] = NULL;

  if (!words[0])
    return fail (error, SYN_RECORD_ERROR_SYNTAX, reader->line,
                 _ ("expected a turn such as \"1. e2e4 e7e5\" or a result"));
  *was_result = read_result (words[0], &result);
  if (*was_result)
    return read_result_line (reader, words, comment, error);
  return read_turn (reader, words, comment, error);
}

SynGame *
syn_record_read (const char *text, GError **error)
{
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func ((GDestroyNotify) tag_free);
  g_autoptr (GHashTable) tag_index = g_hash_table_new (g_str_hash, g_str_equal);
  Reader reader = { .tags = tags, .tag_index = tag_index };
  Part part = PART_TAGS;
  guint last_line = 1;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!syn_record_check_text (text, strlen (text), error))
    return NULL;
  text = syn_text_skip_byte_order_mark (text);

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *line = g_strstrip (lines[i]); /* also the \r of CR LF */
      gboolean was_result = FALSE;

      reader.line = i + 1;
      if (*line == '\0')
        continue;
      last_line = reader.line;
      if (part == PART_AFTER_RESULT)
        {
          fail (error, SYN_RECORD_ERROR_SYNTAX, reader.line, _ ("text after the result"));
          goto failed;
        }
      if (*line == '[')
        {
          if (part != PART_TAGS)
            {
              fail (error, SYN_RECORD_ERROR_SYNTAX, reader.line,
                    _ ("tags must come before the turns"));
              goto failed;
            }
          if (!read_tag (&reader, line, error))
            goto failed;
          continue;
        }
      if (part == PART_TAGS)
        {
          if (!start_game (&reader, error))
            goto failed;
          syn_clock_set_time_source (syn_game_get_clock (reader.game), frozen_time, NULL);
          part = PART_TURNS;
        }
      if (!read_move_line (&reader, line, &was_result, error))
        goto failed;
      if (was_result)
        part = PART_AFTER_RESULT;
    }
  /* Faults in the tags come before the missing result. */
  if (part == PART_TAGS && !start_game (&reader, error))
    goto failed;
  if (part != PART_AFTER_RESULT)
    {
      fail (error, SYN_RECORD_ERROR_SYNTAX, last_line, _ ("the result is missing"));
      goto failed;
    }

  /* From here on the clocks measure real time again. */
  syn_clock_set_time_source (syn_game_get_clock (reader.game), NULL, NULL);
  return g_steal_pointer (&reader.game);

failed:
  g_clear_object (&reader.game);
  return NULL;
}
