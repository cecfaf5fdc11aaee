/* syn-protocol-parse.c: reading a line of the Synchess network protocol into a SynMessage.
 * Each message has a shape (the table below): the kinds of its arguments, read alike for
 * every message, or code of its own where it has keys, alternatives or free text. Every
 * line comes from someone we do not trust: nothing here reads past the given length,
 * allocates, or accepts a value it could not write back exactly.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-protocol"

#include "config.h"

#include "syn-protocol-private.h"

#include <stdarg.h>
#include <string.h>

/* Fields ------------------------------------------------------------------------------ */

static gboolean G_GNUC_PRINTF (3, 4)
    fail (SynParseError *error, SynParseStatus status, const char *format, ...)
{
  va_list args;

  if (error)
    {
      error->status = status;
      va_start (args, format);
      g_vsnprintf (error->message, sizeof error->message, format, args);
      va_end (args);
    }
  return FALSE;
}

static gboolean
span_is (SynSpan span, const char *word)
{
  gsize length = strlen (word);
  return span.length == length && memcmp (span.start, word, length) == 0;
}

static gboolean
copy_span (SynSpan span, char *out, gsize max)
{
  if (span.length > max)
    return FALSE;
  memcpy (out, span.start, span.length);
  out[span.length] = '\0';
  return TRUE;
}

/* Letters, digits and the characters in extra; nothing else. */
static gboolean
span_is_word (SynSpan span, gsize max, const char *extra)
{
  if (span.length == 0 || span.length > max)
    return FALSE;
  for (gsize i = 0; i < span.length; i++)
    {
      char c = span.start[i];
      if (!g_ascii_isalnum (c) && !(extra && c != '\0' && strchr (extra, c)))
        return FALSE;
    }
  return TRUE;
}

gboolean
syn_protocol_text_is_word (const char *text, gsize length, gsize max, const char *extra)
{
  return span_is_word ((SynSpan){ text, length }, max, extra);
}

/* A decimal number without sign or leading zeros, at most max. */
static gboolean
read_number (SynSpan span, guint64 max, guint64 *out)
{
  guint64 value = 0;

  if (span.length == 0 || span.length > 20 || (span.length > 1 && span.start[0] == '0'))
    return FALSE;
  for (gsize i = 0; i < span.length; i++)
    {
      char c = span.start[i];
      if (c < '0' || c > '9')
        return FALSE;
      if (value > (max - (guint64) (c - '0')) / 10)
        return FALSE;
      value = value * 10 + (guint64) (c - '0');
    }
  *out = value;
  return TRUE;
}

/* A turn's index, from 0 to SYN_PROTOCOL_MAX_TURNS. */
static gboolean
read_turn (SynSpan span, guint32 *out)
{
  guint64 number;

  if (!read_number (span, SYN_PROTOCOL_MAX_TURNS, &number))
    return FALSE;
  *out = (guint32) number;
  return TRUE;
}

/* Lower-case hex only, so that a message has one spelling and reads back identically. */
static gboolean
read_hex (SynSpan span, guint8 *out, gsize size)
{
  if (span.length != 2 * size)
    return FALSE;
  for (gsize i = 0; i < span.length; i++)
    {
      char c = span.start[i];
      int nibble;
      if (c >= '0' && c <= '9')
        nibble = c - '0';
      else if (c >= 'a' && c <= 'f')
        nibble = c - 'a' + 10;
      else
        return FALSE;
      if (i % 2 == 0)
        out[i / 2] = (guint8) (nibble << 4);
      else
        out[i / 2] |= (guint8) nibble;
    }
  return TRUE;
}

static int
read_choice (SynSpan span, const char *const *choices, int n)
{
  for (int i = 0; i < n; i++)
    if (span_is (span, choices[i]))
      return i;
  return -1;
}

static gboolean
read_yes_no (SynSpan span, gboolean *out)
{
  if (span_is (span, "yes"))
    *out = TRUE;
  else if (span_is (span, "no"))
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* "-" for no clock, or INITIAL_MS+INCREMENT_MS. */
static gboolean
read_time_control (SynSpan span, gint64 *initial_ms, gint64 *increment_ms)
{
  const char *plus = memchr (span.start, '+', span.length);
  guint64 initial, increment;

  if (span_is (span, "-"))
    {
      *initial_ms = *increment_ms = 0;
      return TRUE;
    }
  if (!plus)
    return FALSE;
  if (!read_number ((SynSpan){ span.start, (gsize) (plus - span.start) }, SYN_PROTOCOL_MAX_MS,
                    &initial)
      || initial == 0
      || !read_number ((SynSpan){ plus + 1, span.length - (gsize) (plus + 1 - span.start) },
                       SYN_PROTOCOL_MAX_MS, &increment))
    return FALSE;
  *initial_ms = (gint64) initial;
  *increment_ms = (gint64) increment;
  return TRUE;
}

static gboolean
read_date (SynSpan span, char *out)
{
  /* YYYY.MM.DD as in the record's Date tag, '?' standing for unknown digits. */
  if (span.length != 10)
    return FALSE;
  for (gsize i = 0; i < 10; i++)
    {
      char c = span.start[i];
      if (i == 4 || i == 7 ? c != '.' : !(g_ascii_isdigit (c) || c == '?'))
        return FALSE;
    }
  return copy_span (span, out, 10);
}

/* Text that ends a line: UTF-8 (checked for the whole line already), bounded, and not
 * starting or ending with a space, so that it reads back the same. */
static gboolean
read_text (SynSpan span, gsize max, char *out)
{
  if (span.length > max)
    return FALSE;
  if (span.length > 0 && (span.start[0] == ' ' || span.start[span.length - 1] == ' '))
    return FALSE;
  return copy_span (span, out, max);
}

typedef struct
{
  const char *key;
  SynSpan value;
  gboolean seen;
} KeyValue;

/* Reads KEY=VALUE words, each key of keys at most once, no other key. */
static gboolean
read_key_values (const SynSpan *args, int n_args, KeyValue *keys, int n_keys, SynParseError *error,
                 const char *what)
{
  for (int i = 0; i < n_args; i++)
    {
      const char *equals = memchr (args[i].start, '=', args[i].length);
      SynSpan key;
      int k;

      if (!equals)
        return fail (error, SYN_PARSE_MALFORMED, "%s: argument %d is not KEY=VALUE", what, i + 1);
      key = (SynSpan){ args[i].start, (gsize) (equals - args[i].start) };
      for (k = 0; k < n_keys; k++)
        if (span_is (key, keys[k].key))
          break;
      if (k == n_keys)
        return fail (error, SYN_PARSE_MALFORMED, "%s: unknown key '%.*s'", what,
                     (int) MIN (key.length, 32), key.start);
      if (keys[k].seen)
        return fail (error, SYN_PARSE_MALFORMED, "%s: key '%s' given twice", what, keys[k].key);
      keys[k].seen = TRUE;
      keys[k].value = (SynSpan){ equals + 1, args[i].length - key.length - 1 };
    }
  return TRUE;
}

/* lock's sets: squares joined by '+' (one, or two for castling), the sets by ','. */
static gboolean
read_square_sets (SynSpan span, char *out)
{
  gsize i = 0;

  if (span.length == 0 || span.length > SYN_PROTOCOL_TEXT_MAX)
    return FALSE;
  while (i < span.length)
    {
      for (int in_set = 0;; in_set++)
        {
          if (in_set == 2 || i + 2 > span.length || span.start[i] < 'a' || span.start[i] > 'h'
              || span.start[i + 1] < '1' || span.start[i + 1] > '8')
            return FALSE;
          i += 2;
          if (i == span.length || span.start[i] == ',')
            break;
          if (span.start[i] != '+')
            return FALSE;
          i++;
        }
      if (i < span.length && ++i == span.length)
        return FALSE; /* a ',' at the end */
    }
  return copy_span (span, out, SYN_PROTOCOL_TEXT_MAX);
}

/* sealed's public part, the words after the turn, joined by blanks into out; the engine
 * reads them (transactional.h), this only bounds them. */
static gboolean
read_public_step (const SynSpan *args, int n_args, char *out)
{
  gsize length = 0;

  if (n_args == 1)
    return span_is (args[0], "-") && copy_span (args[0], out, SYN_PROTOCOL_PUBLIC_MAX);
  if (n_args != 4 || !span_is (args[0], "commit"))
    return FALSE;
  for (int i = 0; i < n_args; i++)
    {
      if (!span_is_word (args[i], SYN_PROTOCOL_PUBLIC_MAX, ",-")
          || length + args[i].length + 1 > SYN_PROTOCOL_PUBLIC_MAX)
        return FALSE;
      if (i > 0)
        out[length++] = ' ';
      memcpy (out + length, args[i].start, args[i].length);
      length += args[i].length;
    }
  out[length] = '\0';
  return TRUE;
}

#define MALFORMED(...) fail (error, SYN_PARSE_MALFORMED, __VA_ARGS__)

/* Arguments of a kind ----------------------------------------------------------------- */

/* What an argument of each kind must be, after "WORD: " in the error. */
static const char *const kind_problems[SYN_ARG_N_KINDS] = {
  [SYN_ARG_TURN] = "the turn must be a number up to " G_STRINGIFY (SYN_PROTOCOL_MAX_TURNS),
  [SYN_ARG_DIGEST] = "the digest must be 64 lower-case hex digits",
  [SYN_ARG_USED_MS] = "the time used must be a number of milliseconds",
  [SYN_ARG_SALT] = "the salt must be 32 lower-case hex digits",
  [SYN_ARG_COIN] = "the coin must be 16 lower-case hex digits",
  [SYN_ARG_MOVE]
  = "the move must be 1 to " G_STRINGIFY (SYN_PROTOCOL_MOVE_MAX) " letters or digits, or -",
  [SYN_ARG_CHOICE]
  = "the choice must be 1 to " G_STRINGIFY (SYN_PROTOCOL_MOVE_MAX) " letters, digits or '/'",
  [SYN_ARG_LIST] = "the list must be a transaction as FEN writes it (T3:g1f3)",
  [SYN_ARG_NUMBER] = "expected a number",
  [SYN_ARG_COLOUR] = "expected 'white' or 'black'",
  [SYN_ARG_DRAW] = "expected 'offer', 'accept' or 'decline'",
  [SYN_ARG_SETS] = "the sets must be squares joined by '+' (one or two), the sets by ','",
  [SYN_ARG_ANSWER] = "the answer must be 'yes' or 'no'",
  [SYN_ARG_CLAIM] = "the reason must be 'checkmate', 'stalemate', 'hidden-attack' or "
                    "'fifty-turns'",
};

static gboolean
read_kind (SynArgKind kind, SynSpan span, SynMessage *m)
{
  guint64 number;

  switch (kind)
    {
    case SYN_ARG_TURN:
      return read_turn (span, &m->turn);
    case SYN_ARG_DIGEST:
      return read_hex (span, m->digest, SYN_PROTOCOL_DIGEST_SIZE);
    case SYN_ARG_USED_MS:
      if (!read_number (span, SYN_PROTOCOL_MAX_MS, &number))
        return FALSE;
      m->used_ms = (gint64) number;
      return TRUE;
    case SYN_ARG_SALT:
      return read_hex (span, m->salt, SYN_PROTOCOL_SALT_SIZE);
    case SYN_ARG_COIN:
      return read_hex (span, m->coin, SYN_PROTOCOL_COIN_SIZE);
    case SYN_ARG_MOVE:
      /* "-": the sender waits this step (a rule set's step where only the other chooses). */
      return (span_is_word (span, SYN_PROTOCOL_MOVE_MAX, NULL) || span_is (span, "-"))
             && copy_span (span, m->move, SYN_PROTOCOL_MOVE_MAX);
    case SYN_ARG_CHOICE:
      return span_is_word (span, SYN_PROTOCOL_MOVE_MAX, "/")
             && copy_span (span, m->move, SYN_PROTOCOL_MOVE_MAX);
    case SYN_ARG_LIST:
      return span_is_word (span, SYN_PROTOCOL_WORD_MAX + 16, ":,-")
             && copy_span (span, m->text, SYN_PROTOCOL_TEXT_MAX);
    case SYN_ARG_NUMBER:
      return read_number (span, G_MAXUINT64, &m->number);
    case SYN_ARG_COLOUR:
      return (m->colour = read_choice (span, syn_protocol_colour_words, 2)) >= 0;
    case SYN_ARG_DRAW:
      {
        int action = read_choice (span, syn_protocol_draw_words, 3);
        if (action >= 0)
          m->draw = (SynDrawAction) action;
        return action >= 0;
      }
    case SYN_ARG_SETS:
      return read_square_sets (span, m->text);
    case SYN_ARG_ANSWER:
      return read_yes_no (span, &m->answer);
    case SYN_ARG_CLAIM:
      return read_choice (span, syn_protocol_claim_words, 4) >= 0
             && copy_span (span, m->code, SYN_PROTOCOL_WORD_MAX);
    case SYN_ARG_N_KINDS:
    default:
      break;
    }
  g_return_val_if_reached (FALSE);
}

/* Reads args, one of each of the n kinds in order; what names the message in an error. */
static gboolean
read_kinds (const char *what, const SynArgKind *kinds, const SynSpan *args, int n, SynMessage *m,
            SynParseError *error)
{
  for (int i = 0; i < n; i++)
    if (!read_kind (kinds[i], args[i], m))
      return MALFORMED ("%s: %s", what, kind_problems[kinds[i]]);
  return TRUE;
}

/* A message of kinds alone. */
static gboolean
read_shape (const SynMessageShape *shape, const SynSpan *args, int n_args, SynMessage *m,
            SynParseError *error)
{
  int n = syn_message_shape_n_kinds (shape);

  if (n_args != n)
    return MALFORMED ("%s: expected '%s'", shape->word, shape->usage);
  return read_kinds (shape->word, shape->kinds, args, n, m, error);
}

/* Messages with code of their own ---------------------------------------------------- */

static gboolean
parse_options (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
               SynMessage *m, SynParseError *error)
{
  KeyValue keys[] = {
    { "id" }, { "variant" }, { "tc" }, { "fog" }, { "colour" }, { "date" }, { "fen" },
  };

  if (!read_key_values (args, n_args, keys, G_N_ELEMENTS (keys), error, "options"))
    return FALSE;
  /* All but fen, which only a game from a set-up position carries. */
  for (guint k = 0; k + 1 < G_N_ELEMENTS (keys); k++)
    if (!keys[k].seen)
      return MALFORMED ("options: '%s' is missing", keys[k].key);
  if (!span_is_word (keys[0].value, SYN_PROTOCOL_ID_MAX, "-")
      || !copy_span (keys[0].value, m->id, SYN_PROTOCOL_ID_MAX))
    return MALFORMED ("options: the id must be 1 to %d letters, digits or '-'",
                      SYN_PROTOCOL_ID_MAX);
  if (!span_is_word (keys[1].value, SYN_PROTOCOL_WORD_MAX, "-_")
      || !copy_span (keys[1].value, m->variant, SYN_PROTOCOL_WORD_MAX))
    return MALFORMED ("options: the variant must be a word of letters, digits, '-' or '_'");
  if (!read_time_control (keys[2].value, &m->initial_ms, &m->increment_ms))
    return MALFORMED ("options: the time control must be '-' or INITIAL_MS+INCREMENT_MS");
  if (!read_yes_no (keys[3].value, &m->fog))
    return MALFORMED ("options: fog must be 'yes' or 'no'");
  if ((m->colour = read_choice (keys[4].value, syn_protocol_colour_words, 2)) < 0)
    return MALFORMED ("options: colour must be 'white' or 'black'");
  if (!read_date (keys[5].value, m->date))
    return MALFORMED ("options: the date must be YYYY.MM.DD");
  /* The FEN's blanks travel as '_': the rules check the position itself, this only that
   * it is made of a FEN's characters. */
  if (keys[6].seen)
    {
      if (!span_is_word (keys[6].value, SYN_PROTOCOL_FEN_MAX, "/_-,:")
          || !copy_span (keys[6].value, m->fen, SYN_PROTOCOL_FEN_MAX))
        return MALFORMED ("options: fen must be a FEN of at most %d bytes with '_' for blanks",
                          SYN_PROTOCOL_FEN_MAX);
      g_strdelimit (m->fen, "_", ' ');
    }
  return TRUE;
}

static gboolean
parse_resume (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
              SynMessage *m, SynParseError *error)
{
  KeyValue keys[] = { { "id" }, { "colour" }, { "turns" }, { "digest" }, { "previous" } };
  guint64 turns;

  if (!read_key_values (args, n_args, keys, G_N_ELEMENTS (keys), error, "resume"))
    return FALSE;
  if (!keys[0].seen || !keys[1].seen || !keys[2].seen || !keys[3].seen)
    return MALFORMED ("resume: expected id=, colour=, turns= and digest=");
  if (!span_is_word (keys[0].value, SYN_PROTOCOL_ID_MAX, "-")
      || !copy_span (keys[0].value, m->id, SYN_PROTOCOL_ID_MAX))
    return MALFORMED ("resume: the id must be 1 to %d letters, digits or '-'", SYN_PROTOCOL_ID_MAX);
  if ((m->colour = read_choice (keys[1].value, syn_protocol_colour_words, 2)) < 0)
    return MALFORMED ("resume: colour must be 'white' or 'black'");
  if (!read_number (keys[2].value, SYN_PROTOCOL_MAX_TURNS, &turns))
    return MALFORMED ("resume: turns must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
  m->turns = (guint32) turns;
  if (!read_hex (keys[3].value, m->digest, SYN_PROTOCOL_DIGEST_SIZE))
    return MALFORMED ("resume: the digest must be 64 lower-case hex digits");
  m->has_previous = keys[4].seen;
  if (m->has_previous
      && (turns == 0 || !read_hex (keys[4].value, m->previous, SYN_PROTOCOL_DIGEST_SIZE)))
    return MALFORMED ("resume: previous must be 64 lower-case hex digits, after a turn");
  return TRUE;
}

static gboolean
parse_accept (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
              SynMessage *m, SynParseError *error)
{
  KeyValue keys[] = { { "fog" }, { "turns" } };
  guint64 turns;

  if (n_args != 1)
    return MALFORMED ("accept: expected 'accept fog=yes|no' or 'accept turns=N'");
  if (!read_key_values (args, n_args, keys, G_N_ELEMENTS (keys), error, "accept"))
    return FALSE;
  if (keys[0].seen)
    {
      m->has_fog = TRUE;
      if (!read_yes_no (keys[0].value, &m->fog))
        return MALFORMED ("accept: fog must be 'yes' or 'no'");
    }
  else
    {
      m->has_turns = TRUE;
      if (!read_number (keys[1].value, SYN_PROTOCOL_MAX_TURNS, &turns))
        return MALFORMED ("accept: turns must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turns = (guint32) turns;
    }
  return TRUE;
}

static gboolean
parse_text (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
            SynMessage *m, SynParseError *error)
{
  if (!read_text (rest, SYN_PROTOCOL_TEXT_MAX, m->text))
    return MALFORMED ("%s: the text is longer than %d bytes or has blanks at its ends", shape->word,
                      SYN_PROTOCOL_TEXT_MAX);
  return TRUE;
}

static gboolean
parse_chat (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
            SynMessage *m, SynParseError *error)
{
  if (rest.length == 0 || !read_text (rest, SYN_PROTOCOL_TEXT_MAX, m->text))
    return MALFORMED ("chat: expected 1 to %d bytes of text without blanks at its ends",
                      SYN_PROTOCOL_TEXT_MAX);
  return TRUE;
}

static gboolean
parse_error (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
             SynMessage *m, SynParseError *error)
{
  if (n_args != 1 || !span_is_word (args[0], SYN_PROTOCOL_WORD_MAX, "-")
      || !copy_span (args[0], m->code, SYN_PROTOCOL_WORD_MAX))
    return MALFORMED ("error: expected 'error CODE [TEXT]', CODE a word of up to %d letters "
                      "or '-'",
                      SYN_PROTOCOL_WORD_MAX);
  return parse_text (shape, args, n_args, rest, m, error);
}

static gboolean
parse_seed (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
            SynMessage *m, SynParseError *error)
{
  static const SynArgKind commit[] = { SYN_ARG_DIGEST };
  static const SynArgKind reveal[] = { SYN_ARG_COIN, SYN_ARG_SALT };

  if (n_args == 2 && span_is (args[0], "commit"))
    return read_kinds ("seed commit", commit, args + 1, 1, m, error);
  if (n_args == 3 && span_is (args[0], "reveal"))
    {
      m->seed_reveal = TRUE;
      return read_kinds ("seed reveal", reveal, args + 1, 2, m, error);
    }
  return MALFORMED ("expected 'seed commit DIGEST' or 'seed reveal COIN SALT'");
}

static gboolean
parse_sealed (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
              SynMessage *m, SynParseError *error)
{
  if (n_args < 2 || !read_turn (args[0], &m->turn))
    return MALFORMED ("sealed: expected 'sealed TURN -' or 'sealed TURN commit PAIRS CASTLING "
                      "EP'");
  if (!read_public_step (args + 1, n_args - 1, m->text))
    return MALFORMED ("sealed: expected '-' or 'commit PAIRS CASTLING EP' of at most %d "
                      "bytes",
                      SYN_PROTOCOL_PUBLIC_MAX);
  return TRUE;
}

static gboolean
parse_audit (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
             SynMessage *m, SynParseError *error)
{
  if (n_args == 1 && span_is (args[0], "end"))
    {
      m->audit_end = TRUE;
      return TRUE;
    }
  return read_shape (shape, args, n_args, m, error);
}

static gboolean
parse_hello (const SynMessageShape *shape, const SynSpan *args, int n_args, SynSpan rest,
             SynMessage *m, SynParseError *error)
{
  guint64 version;

  if (n_args < 2)
    return MALFORMED ("hello: expected 'hello %s %d [NAME]'", SYN_PROTOCOL_NAME,
                      SYN_PROTOCOL_VERSION);
  if (!span_is (args[0], SYN_PROTOCOL_NAME))
    return fail (error, SYN_PARSE_PROTOCOL, "hello: protocol '%.*s' is not '%s'",
                 (int) MIN (args[0].length, 32), args[0].start, SYN_PROTOCOL_NAME);
  if (!read_number (args[1], G_MAXUINT, &version))
    return MALFORMED ("hello: '%.*s' is not a version number", (int) MIN (args[1].length, 32),
                      args[1].start);
  m->version = (guint) version;
  if (version != SYN_PROTOCOL_VERSION)
    return fail (error, SYN_PARSE_VERSION,
                 "hello: version %u is not spoken here, only version %d: the older program must "
                 "be updated",
                 m->version, SYN_PROTOCOL_VERSION);
  if (!read_text (rest, SYN_PROTOCOL_NAME_MAX, m->text))
    return MALFORMED ("hello: the name is longer than %d bytes or has blanks at its ends",
                      SYN_PROTOCOL_NAME_MAX);
  return TRUE;
}

/* The messages (docs/protocol.md) ------------------------------------------------------- */

static const SynMessageShape shapes[SYN_MESSAGE_N_TYPES] = {
  [SYN_MESSAGE_HELLO] = { "hello", TRUE, 2, .parse = parse_hello },
  [SYN_MESSAGE_OPTIONS] = { "options", .parse = parse_options },
  [SYN_MESSAGE_RESUME] = { "resume", .parse = parse_resume },
  [SYN_MESSAGE_ACCEPT] = { "accept", .parse = parse_accept },
  [SYN_MESSAGE_DECLINE] = { "decline", TRUE, 0, .parse = parse_text },
  [SYN_MESSAGE_COMMIT] = { "commit", .usage = "commit TURN DIGEST USED_MS",
                           .kinds = { SYN_ARG_TURN, SYN_ARG_DIGEST, SYN_ARG_USED_MS } },
  [SYN_MESSAGE_REVEAL] = { "reveal", .usage = "reveal TURN MOVE SALT",
                           .kinds = { SYN_ARG_TURN, SYN_ARG_MOVE, SYN_ARG_SALT } },
  [SYN_MESSAGE_DRAW] = { "draw", .usage = "draw offer|accept|decline", .kinds = { SYN_ARG_DRAW } },
  [SYN_MESSAGE_RESIGN] = { "resign", .usage = "resign" },
  [SYN_MESSAGE_FLAG] = { "flag", .usage = "flag white|black", .kinds = { SYN_ARG_COLOUR } },
  [SYN_MESSAGE_CHAT] = { "chat", TRUE, 0, .parse = parse_chat },
  [SYN_MESSAGE_PING] = { "ping", .usage = "ping N", .kinds = { SYN_ARG_NUMBER } },
  [SYN_MESSAGE_PONG] = { "pong", .usage = "pong N", .kinds = { SYN_ARG_NUMBER } },
  [SYN_MESSAGE_ERROR] = { "error", TRUE, 1, .parse = parse_error },
  [SYN_MESSAGE_BYE] = { "bye", TRUE, 0, .parse = parse_text },
  [SYN_MESSAGE_SEED] = { "seed", .parse = parse_seed },
  [SYN_MESSAGE_LOCK]
  = { "lock", .usage = "lock TURN SETS", .kinds = { SYN_ARG_TURN, SYN_ARG_SETS } },
  [SYN_MESSAGE_LOCKED]
  = { "locked", .usage = "locked TURN yes|no", .kinds = { SYN_ARG_TURN, SYN_ARG_ANSWER } },
  [SYN_MESSAGE_SEALED] = { "sealed", .parse = parse_sealed },
  [SYN_MESSAGE_CLAIM]
  = { "claim", .usage = "claim TURN checkmate|stalemate|hidden-attack|fifty-turns",
      .kinds = { SYN_ARG_TURN, SYN_ARG_CLAIM } },
  [SYN_MESSAGE_AUDIT]
  = { "audit", .usage = "audit TURN CHOICE LIST SALT",
      .kinds = { SYN_ARG_TURN, SYN_ARG_CHOICE, SYN_ARG_LIST, SYN_ARG_SALT }, .parse = parse_audit },
  [SYN_MESSAGE_USED]
  = { "used", .usage = "used TURN USED_MS", .kinds = { SYN_ARG_TURN, SYN_ARG_USED_MS } },
};

const SynMessageShape *
syn_message_shape (SynMessageType type)
{
  g_return_val_if_fail (type > SYN_MESSAGE_NONE && type < SYN_MESSAGE_N_TYPES, NULL);
  return &shapes[type];
}

int
syn_message_shape_n_kinds (const SynMessageShape *shape)
{
  int n = 0;
  while (n < SYN_MESSAGE_MAX_KINDS && shape->kinds[n] != 0)
    n++;
  return n;
}

const char *
syn_message_type_to_word (SynMessageType type)
{
  if (type <= SYN_MESSAGE_NONE || type >= SYN_MESSAGE_N_TYPES)
    return NULL;
  return shapes[type].word;
}

/* The line --------------------------------------------------------------------------- */

/* The line is valid UTF-8 without control characters (C0, DEL or C1): a peer cannot smuggle
 * a line break or a terminal escape into a name or a chat line. */
static gboolean
check_encoding (const char *line, gsize length, SynParseError *error)
{
  const char *end;

  for (gsize i = 0; i < length; i++)
    {
      guchar c = (guchar) line[i];
      if (c < 0x20 || c == 0x7f)
        return fail (error, SYN_PARSE_ENCODING, "control character 0x%02x at byte %" G_GSIZE_FORMAT,
                     c, i + 1);
    }
  if (!g_utf8_validate_len (line, length, &end))
    return fail (error, SYN_PARSE_ENCODING, "not UTF-8 at byte %" G_GSIZE_FORMAT,
                 (gsize) (end - line) + 1);
  for (const char *p = line; p < line + length; p = g_utf8_next_char (p))
    {
      gunichar u = g_utf8_get_char (p);
      if (u >= 0x80 && u < 0xa0)
        return fail (error, SYN_PARSE_ENCODING, "control character U+%04X at byte %" G_GSIZE_FORMAT,
                     u, (gsize) (p - line) + 1);
    }
  return TRUE;
}

/* Splits the words after the message's word (from p to end) into args; for a message that
 * ends in free text, its first words only, the text being the rest. */
static gboolean
split_words (const SynMessageShape *shape, const char *p, const char *end, SynSpan *args,
             int *n_args, SynSpan *rest, SynParseError *error)
{
  int max_args = shape->ends_in_text ? shape->words_before_text : SYN_MESSAGE_MAX_WORDS;

  *n_args = 0;
  while (p < end && *n_args < max_args)
    {
      const char *next = memchr (p, ' ', (gsize) (end - p));
      const char *word_end = next ? next : end;
      if (word_end == p)
        return MALFORMED ("%s: two blanks in a row", shape->word);
      args[(*n_args)++] = (SynSpan){ p, (gsize) (word_end - p) };
      p = next ? next + 1 : end;
      if (next && p == end)
        return MALFORMED ("%s: a blank at the end of the line", shape->word);
    }
  if (!shape->ends_in_text && p < end)
    return MALFORMED ("%s: more than %d arguments", shape->word, SYN_MESSAGE_MAX_WORDS);
  *rest = shape->ends_in_text ? (SynSpan){ p, (gsize) (end - p) } : (SynSpan){ end, 0 };
  return TRUE;
}

gboolean
syn_message_parse (const char *line, gsize length, SynMessage *m, SynParseError *error)
{
  SynSpan args[SYN_MESSAGE_MAX_WORDS];
  int n_args = 0;
  SynSpan word, rest;
  const char *end, *space;
  const SynMessageShape *shape = NULL;

  memset (m, 0, sizeof *m);
  if (error)
    {
      error->status = SYN_PARSE_OK;
      error->message[0] = '\0';
    }

  if (length > SYN_PROTOCOL_MAX_LINE - 1)
    return fail (error, SYN_PARSE_TOO_LONG, "the line is longer than %d bytes",
                 SYN_PROTOCOL_MAX_LINE);
  if (length > 0 && line[length - 1] == '\r')
    length--;
  if (!check_encoding (line, length, error))
    return FALSE;
  end = line + length;

  /* The first word names the message. */
  space = memchr (line, ' ', length);
  word = (SynSpan){ line, (gsize) ((space ? space : end) - line) };
  for (int t = SYN_MESSAGE_NONE + 1; t < SYN_MESSAGE_N_TYPES; t++)
    if (span_is (word, shapes[t].word))
      {
        m->type = (SynMessageType) t;
        shape = &shapes[t];
      }
  if (!shape)
    return fail (error, SYN_PARSE_UNKNOWN, "unknown message '%.*s'", (int) MIN (word.length, 32),
                 word.start);

  if (space && space + 1 == end && !shape->ends_in_text)
    return MALFORMED ("%s: a blank at the end of the line", shape->word);
  if (!split_words (shape, space ? space + 1 : end, end, args, &n_args, &rest, error))
    return FALSE;
  if (shape->parse)
    return shape->parse (shape, args, n_args, rest, m, error);
  return read_shape (shape, args, n_args, m, error);
}
