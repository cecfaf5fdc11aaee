/* syn-protocol.c: reading and writing the lines of the Synchess network protocol. Every
 * line comes from someone we do not trust: nothing here reads past the given length,
 * allocates, or accepts a value it could not write back exactly.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-protocol"

#include "config.h"

#include "syn-protocol.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_WORDS 8

static const char *const words[SYN_MESSAGE_N_TYPES] = {
  [SYN_MESSAGE_HELLO] = "hello",     [SYN_MESSAGE_OPTIONS] = "options",
  [SYN_MESSAGE_RESUME] = "resume",   [SYN_MESSAGE_ACCEPT] = "accept",
  [SYN_MESSAGE_DECLINE] = "decline", [SYN_MESSAGE_COMMIT] = "commit",
  [SYN_MESSAGE_REVEAL] = "reveal",   [SYN_MESSAGE_DRAW] = "draw",
  [SYN_MESSAGE_RESIGN] = "resign",   [SYN_MESSAGE_FLAG] = "flag",
  [SYN_MESSAGE_CHAT] = "chat",       [SYN_MESSAGE_PING] = "ping",
  [SYN_MESSAGE_PONG] = "pong",       [SYN_MESSAGE_ERROR] = "error",
  [SYN_MESSAGE_BYE] = "bye",         [SYN_MESSAGE_SEED] = "seed",
  [SYN_MESSAGE_LOCK] = "lock",       [SYN_MESSAGE_LOCKED] = "locked",
  [SYN_MESSAGE_SEALED] = "sealed",   [SYN_MESSAGE_CLAIM] = "claim",
  [SYN_MESSAGE_AUDIT] = "audit",     [SYN_MESSAGE_USED] = "used",
};

static const char *const claim_words[]
    = { "checkmate", "stalemate", "hidden-attack", "fifty-turns" };

static const char *const draw_words[] = { "offer", "accept", "decline" };
static const char *const colour_words[] = { "white", "black" };

const char *
syn_message_type_to_word (SynMessageType type)
{
  if (type <= SYN_MESSAGE_NONE || type >= SYN_MESSAGE_N_TYPES)
    return NULL;
  return words[type];
}

/* A piece of the line: not NUL-terminated, since the line is not ours to write into. */
typedef struct
{
  const char *start;
  gsize length;
} Span;

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
span_is (Span span, const char *word)
{
  gsize length = strlen (word);
  return span.length == length && memcmp (span.start, word, length) == 0;
}

static gboolean
copy_span (Span span, char *out, gsize max)
{
  if (span.length > max)
    return FALSE;
  memcpy (out, span.start, span.length);
  out[span.length] = '\0';
  return TRUE;
}

/* Letters, digits and the characters in extra; nothing else. */
static gboolean
span_is_word (Span span, gsize max, const char *extra)
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

/* A decimal number without sign or leading zeros, at most max. */
static gboolean
read_number (Span span, guint64 max, guint64 *out)
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

/* Lower-case hex only, so that a message has one spelling and reads back identically. */
static gboolean
read_hex (Span span, guint8 *out, gsize size)
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
read_choice (Span span, const char *const *choices, int n)
{
  for (int i = 0; i < n; i++)
    if (span_is (span, choices[i]))
      return i;
  return -1;
}

static gboolean
read_yes_no (Span span, gboolean *out)
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
read_time_control (Span span, gint64 *initial_ms, gint64 *increment_ms)
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
  if (!read_number ((Span){ span.start, (gsize) (plus - span.start) }, SYN_PROTOCOL_MAX_MS,
                    &initial)
      || initial == 0
      || !read_number ((Span){ plus + 1, span.length - (gsize) (plus + 1 - span.start) },
                       SYN_PROTOCOL_MAX_MS, &increment))
    return FALSE;
  *initial_ms = (gint64) initial;
  *increment_ms = (gint64) increment;
  return TRUE;
}

static gboolean
read_date (Span span, char *out)
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

gboolean
syn_protocol_id_is_valid (const char *id)
{
  return id && span_is_word ((Span){ id, strlen (id) }, SYN_PROTOCOL_ID_MAX, "-");
}

/* Text that ends a line: UTF-8 (checked for the whole line already), bounded, and not
 * starting or ending with a space, so that it reads back the same. */
static gboolean
read_text (Span span, gsize max, char *out)
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
  Span value;
  gboolean seen;
} KeyValue;

/* Reads KEY=VALUE words, each key of keys at most once, no other key. */
static gboolean
read_key_values (const Span *args, int n_args, KeyValue *keys, int n_keys, SynParseError *error,
                 const char *what)
{
  for (int i = 0; i < n_args; i++)
    {
      const char *equals = memchr (args[i].start, '=', args[i].length);
      Span key;
      int k;

      if (!equals)
        return fail (error, SYN_PARSE_MALFORMED, "%s: argument %d is not KEY=VALUE", what, i + 1);
      key = (Span){ args[i].start, (gsize) (equals - args[i].start) };
      for (k = 0; k < n_keys; k++)
        if (span_is (key, keys[k].key))
          break;
      if (k == n_keys)
        return fail (error, SYN_PARSE_MALFORMED, "%s: unknown key '%.*s'", what,
                     (int) MIN (key.length, 32), key.start);
      if (keys[k].seen)
        return fail (error, SYN_PARSE_MALFORMED, "%s: key '%s' given twice", what, keys[k].key);
      keys[k].seen = TRUE;
      keys[k].value = (Span){ equals + 1, args[i].length - key.length - 1 };
    }
  return TRUE;
}

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

#define MALFORMED(...) fail (error, SYN_PARSE_MALFORMED, __VA_ARGS__)

static gboolean
parse_hello (const Span *args, int n_args, Span rest, SynMessage *m, SynParseError *error)
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

static gboolean
parse_options (const Span *args, int n_args, SynMessage *m, SynParseError *error)
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
  if ((m->colour = read_choice (keys[4].value, colour_words, 2)) < 0)
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
parse_resume (const Span *args, int n_args, SynMessage *m, SynParseError *error)
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
  if ((m->colour = read_choice (keys[1].value, colour_words, 2)) < 0)
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
parse_accept (const Span *args, int n_args, SynMessage *m, SynParseError *error)
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

/* lock's sets: squares joined by '+' (one, or two for castling), the sets by ','. */
static gboolean
read_square_sets (Span span, char *out)
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
read_public_step (const Span *args, int n_args, char *out)
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

gboolean
syn_message_parse (const char *line, gsize length, SynMessage *m, SynParseError *error)
{
  Span args[MAX_WORDS];
  int n_args = 0;
  Span word, rest = { NULL, 0 };
  const char *end, *p, *space;
  SynMessageType type = SYN_MESSAGE_NONE;
  guint64 number;
  int max_args;

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
  word = (Span){ line, (gsize) ((space ? space : end) - line) };
  for (int t = SYN_MESSAGE_NONE + 1; t < SYN_MESSAGE_N_TYPES; t++)
    if (span_is (word, words[t]))
      type = (SynMessageType) t;
  if (type == SYN_MESSAGE_NONE)
    return fail (error, SYN_PARSE_UNKNOWN, "unknown message '%.*s'", (int) MIN (word.length, 32),
                 word.start);
  m->type = type;

  /* How many single-space separated words come before a free text, if the message ends in
   * one; the text is the rest of the line. */
  switch (type)
    {
    case SYN_MESSAGE_HELLO:
      max_args = 2;
      break;
    case SYN_MESSAGE_ERROR:
      max_args = 1;
      break;
    case SYN_MESSAGE_DECLINE:
    case SYN_MESSAGE_CHAT:
    case SYN_MESSAGE_BYE:
      max_args = 0;
      break;
    default:
      max_args = MAX_WORDS;
      break;
    }

  p = space ? space + 1 : end;
  if (space && p == end && max_args == MAX_WORDS)
    return MALFORMED ("%s: a blank at the end of the line", words[type]);
  while (p < end && n_args < max_args)
    {
      const char *next = memchr (p, ' ', (gsize) (end - p));
      const char *word_end = next ? next : end;
      if (word_end == p)
        return MALFORMED ("%s: two blanks in a row", words[type]);
      args[n_args++] = (Span){ p, (gsize) (word_end - p) };
      p = next ? next + 1 : end;
      if (next && p == end)
        return MALFORMED ("%s: a blank at the end of the line", words[type]);
    }
  if (max_args == MAX_WORDS && p < end)
    return MALFORMED ("%s: more than %d arguments", words[type], MAX_WORDS);
  if (max_args != MAX_WORDS)
    rest = (Span){ p, (gsize) (end - p) };
  else
    rest = (Span){ end, 0 };

#define EXPECT_ARGS(n, usage)                                                                      \
  if (n_args != (n))                                                                               \
    return MALFORMED ("%s: expected '%s'", words[type], usage);

  switch (type)
    {
    case SYN_MESSAGE_HELLO:
      return parse_hello (args, n_args, rest, m, error);

    case SYN_MESSAGE_OPTIONS:
      return parse_options (args, n_args, m, error);

    case SYN_MESSAGE_RESUME:
      return parse_resume (args, n_args, m, error);

    case SYN_MESSAGE_ACCEPT:
      return parse_accept (args, n_args, m, error);

    case SYN_MESSAGE_DECLINE:
    case SYN_MESSAGE_BYE:
      if (!read_text (rest, SYN_PROTOCOL_TEXT_MAX, m->text))
        return MALFORMED ("%s: the text is longer than %d bytes or has blanks at its ends",
                          words[type], SYN_PROTOCOL_TEXT_MAX);
      return TRUE;

    case SYN_MESSAGE_CHAT:
      if (rest.length == 0 || !read_text (rest, SYN_PROTOCOL_TEXT_MAX, m->text))
        return MALFORMED ("chat: expected 1 to %d bytes of text without blanks at its ends",
                          SYN_PROTOCOL_TEXT_MAX);
      return TRUE;

    case SYN_MESSAGE_ERROR:
      if (n_args != 1 || !span_is_word (args[0], SYN_PROTOCOL_WORD_MAX, "-")
          || !copy_span (args[0], m->code, SYN_PROTOCOL_WORD_MAX))
        return MALFORMED ("error: expected 'error CODE [TEXT]', CODE a word of up to %d letters "
                          "or '-'",
                          SYN_PROTOCOL_WORD_MAX);
      if (!read_text (rest, SYN_PROTOCOL_TEXT_MAX, m->text))
        return MALFORMED ("error: the text is longer than %d bytes or has blanks at its ends",
                          SYN_PROTOCOL_TEXT_MAX);
      return TRUE;

    case SYN_MESSAGE_COMMIT:
      EXPECT_ARGS (3, "commit TURN DIGEST USED_MS");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("commit: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      if (!read_hex (args[1], m->digest, SYN_PROTOCOL_DIGEST_SIZE))
        return MALFORMED ("commit: the digest must be 64 lower-case hex digits");
      if (!read_number (args[2], SYN_PROTOCOL_MAX_MS, &number))
        return MALFORMED ("commit: the time used must be a number of milliseconds");
      m->used_ms = (gint64) number;
      return TRUE;

    case SYN_MESSAGE_USED:
      EXPECT_ARGS (2, "used TURN USED_MS");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("used: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      if (!read_number (args[1], SYN_PROTOCOL_MAX_MS, &number))
        return MALFORMED ("used: the time used must be a number of milliseconds");
      m->used_ms = (gint64) number;
      return TRUE;

    case SYN_MESSAGE_REVEAL:
      EXPECT_ARGS (3, "reveal TURN MOVE SALT");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("reveal: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      /* "-": the sender waits this step (a rule set's step where only the other chooses). */
      if (!(span_is_word (args[1], SYN_PROTOCOL_MOVE_MAX, NULL) || span_is (args[1], "-"))
          || !copy_span (args[1], m->move, SYN_PROTOCOL_MOVE_MAX))
        return MALFORMED ("reveal: the move must be 1 to %d letters or digits, or -",
                          SYN_PROTOCOL_MOVE_MAX);
      if (!read_hex (args[2], m->salt, SYN_PROTOCOL_SALT_SIZE))
        return MALFORMED ("reveal: the salt must be 32 lower-case hex digits");
      return TRUE;

    case SYN_MESSAGE_SEED:
      if (n_args == 2 && span_is (args[0], "commit"))
        {
          if (!read_hex (args[1], m->digest, SYN_PROTOCOL_DIGEST_SIZE))
            return MALFORMED ("seed commit: the digest must be 64 lower-case hex digits");
          return TRUE;
        }
      if (n_args == 3 && span_is (args[0], "reveal"))
        {
          m->seed_reveal = TRUE;
          if (!read_hex (args[1], m->coin, SYN_PROTOCOL_COIN_SIZE))
            return MALFORMED ("seed reveal: the coin must be 16 lower-case hex digits");
          if (!read_hex (args[2], m->salt, SYN_PROTOCOL_SALT_SIZE))
            return MALFORMED ("seed reveal: the salt must be 32 lower-case hex digits");
          return TRUE;
        }
      return MALFORMED ("expected 'seed commit DIGEST' or 'seed reveal COIN SALT'");

    case SYN_MESSAGE_DRAW:
      EXPECT_ARGS (1, "draw offer|accept|decline");
      {
        int action = read_choice (args[0], draw_words, G_N_ELEMENTS (draw_words));
        if (action < 0)
          return MALFORMED ("draw: expected 'offer', 'accept' or 'decline'");
        m->draw = (SynDrawAction) action;
      }
      return TRUE;

    case SYN_MESSAGE_RESIGN:
      EXPECT_ARGS (0, "resign");
      return TRUE;

    case SYN_MESSAGE_FLAG:
      EXPECT_ARGS (1, "flag white|black");
      if ((m->colour = read_choice (args[0], colour_words, 2)) < 0)
        return MALFORMED ("flag: expected 'white' or 'black'");
      return TRUE;

    case SYN_MESSAGE_PING:
    case SYN_MESSAGE_PONG:
      EXPECT_ARGS (1, type == SYN_MESSAGE_PING ? "ping N" : "pong N");
      if (!read_number (args[0], G_MAXUINT64, &m->number))
        return MALFORMED ("%s: expected a number", words[type]);
      return TRUE;

    case SYN_MESSAGE_LOCK:
      EXPECT_ARGS (2, "lock TURN SETS");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("lock: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      if (!read_square_sets (args[1], m->text))
        return MALFORMED ("lock: the sets must be squares joined by '+' (one or two), the sets "
                          "by ','");
      return TRUE;

    case SYN_MESSAGE_LOCKED:
      EXPECT_ARGS (2, "locked TURN yes|no");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("locked: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      if (!read_yes_no (args[1], &m->answer))
        return MALFORMED ("locked: the answer must be 'yes' or 'no'");
      return TRUE;

    case SYN_MESSAGE_SEALED:
      if (n_args < 2 || !read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("sealed: expected 'sealed TURN -' or 'sealed TURN commit PAIRS CASTLING "
                          "EP'");
      m->turn = (guint32) number;
      if (!read_public_step (args + 1, n_args - 1, m->text))
        return MALFORMED ("sealed: expected '-' or 'commit PAIRS CASTLING EP' of at most %d "
                          "bytes",
                          SYN_PROTOCOL_PUBLIC_MAX);
      return TRUE;

    case SYN_MESSAGE_CLAIM:
      EXPECT_ARGS (2, "claim TURN checkmate|stalemate|hidden-attack|fifty-turns");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("claim: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      if (read_choice (args[1], claim_words, G_N_ELEMENTS (claim_words)) < 0)
        return MALFORMED ("claim: the reason must be 'checkmate', 'stalemate', "
                          "'hidden-attack' or 'fifty-turns'");
      copy_span (args[1], m->code, SYN_PROTOCOL_WORD_MAX);
      return TRUE;

    case SYN_MESSAGE_AUDIT:
      if (n_args == 1 && span_is (args[0], "end"))
        {
          m->audit_end = TRUE;
          return TRUE;
        }
      EXPECT_ARGS (4, "audit TURN CHOICE LIST SALT");
      if (!read_number (args[0], SYN_PROTOCOL_MAX_TURNS, &number))
        return MALFORMED ("audit: the turn must be a number up to %d", SYN_PROTOCOL_MAX_TURNS);
      m->turn = (guint32) number;
      if (!span_is_word (args[1], SYN_PROTOCOL_MOVE_MAX, "/")
          || !copy_span (args[1], m->move, SYN_PROTOCOL_MOVE_MAX))
        return MALFORMED ("audit: the choice must be 1 to %d letters, digits or '/'",
                          SYN_PROTOCOL_MOVE_MAX);
      if (!span_is_word (args[2], SYN_PROTOCOL_WORD_MAX + 16, ":,-")
          || !copy_span (args[2], m->text, SYN_PROTOCOL_TEXT_MAX))
        return MALFORMED ("audit: the list must be a transaction as FEN writes it (T3:g1f3)");
      if (!read_hex (args[3], m->salt, SYN_PROTOCOL_SALT_SIZE))
        return MALFORMED ("audit: the salt must be 32 lower-case hex digits");
      return TRUE;

    case SYN_MESSAGE_NONE:
    case SYN_MESSAGE_N_TYPES:
    default:
      break;
    }
#undef EXPECT_ARGS
  g_assert_not_reached ();
  return FALSE;
}

void
syn_protocol_hex (const guint8 *bytes, gsize size, char *out)
{
  static const char digits[] = "0123456789abcdef";

  for (gsize i = 0; i < size; i++)
    {
      out[2 * i] = digits[bytes[i] >> 4];
      out[2 * i + 1] = digits[bytes[i] & 0xf];
    }
  out[2 * size] = '\0';
}

/* Appends to buf within SYN_PROTOCOL_MAX_LINE; FALSE once it no longer fits. */
typedef struct
{
  char *buf;
  gsize length;
  gboolean overflow;
} Writer;

static void G_GNUC_PRINTF (2, 3) put (Writer *w, const char *format, ...)
{
  va_list args;
  int n;

  if (w->overflow)
    return;
  va_start (args, format);
  n = g_vsnprintf (w->buf + w->length, SYN_PROTOCOL_MAX_LINE + 1 - w->length, format, args);
  va_end (args);
  if (n < 0 || (gsize) n >= SYN_PROTOCOL_MAX_LINE + 1 - w->length)
    w->overflow = TRUE;
  else
    w->length += (gsize) n;
}

static void
put_text (Writer *w, const char *text)
{
  if (text[0])
    put (w, " %s", text);
}

gsize
syn_message_format (const SynMessage *m, char *buf)
{
  Writer w = { buf, 0, FALSE };
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  char hex2[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  const char *word = syn_message_type_to_word (m->type);
  SynMessage check;

  buf[0] = '\0';
  if (!word)
    return 0;
  put (&w, "%s", word);
  switch (m->type)
    {
    case SYN_MESSAGE_HELLO:
      put (&w, " %s %u", SYN_PROTOCOL_NAME, m->version);
      put_text (&w, m->text);
      break;
    case SYN_MESSAGE_OPTIONS:
      if (m->initial_ms > 0)
        put (&w, " id=%s variant=%s tc=%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT, m->id, m->variant,
             m->initial_ms, m->increment_ms);
      else
        put (&w, " id=%s variant=%s tc=-", m->id, m->variant);
      put (&w, " fog=%s colour=%s date=%s", m->fog ? "yes" : "no", colour_words[m->colour == 1],
           m->date);
      if (m->fen[0] != '\0')
        {
          char fen[SYN_PROTOCOL_FEN_MAX + 1];

          /* A FEN with '_' already, or any character a FEN has not, would not read back. */
          if (strlen (m->fen) > SYN_PROTOCOL_FEN_MAX || strchr (m->fen, '_')
              || !span_is_word ((Span){ m->fen, strlen (m->fen) }, SYN_PROTOCOL_FEN_MAX, "/ -,:"))
            {
              buf[0] = '\0';
              return 0;
            }
          g_strlcpy (fen, m->fen, sizeof fen);
          g_strdelimit (fen, " ", '_');
          put (&w, " fen=%s", fen);
        }
      break;
    case SYN_MESSAGE_RESUME:
      syn_protocol_hex (m->digest, SYN_PROTOCOL_DIGEST_SIZE, hex);
      put (&w, " id=%s colour=%s turns=%u digest=%s", m->id, colour_words[m->colour == 1], m->turns,
           hex);
      if (m->has_previous)
        {
          syn_protocol_hex (m->previous, SYN_PROTOCOL_DIGEST_SIZE, hex2);
          put (&w, " previous=%s", hex2);
        }
      break;
    case SYN_MESSAGE_ACCEPT:
      if (m->has_turns)
        put (&w, " turns=%u", m->turns);
      else
        put (&w, " fog=%s", m->fog ? "yes" : "no");
      break;
    case SYN_MESSAGE_DECLINE:
    case SYN_MESSAGE_CHAT:
    case SYN_MESSAGE_BYE:
      put_text (&w, m->text);
      break;
    case SYN_MESSAGE_ERROR:
      put (&w, " %s", m->code);
      put_text (&w, m->text);
      break;
    case SYN_MESSAGE_COMMIT:
      syn_protocol_hex (m->digest, SYN_PROTOCOL_DIGEST_SIZE, hex);
      put (&w, " %u %s %" G_GINT64_FORMAT, m->turn, hex, m->used_ms);
      break;
    case SYN_MESSAGE_REVEAL:
      syn_protocol_hex (m->salt, SYN_PROTOCOL_SALT_SIZE, hex);
      put (&w, " %u %s %s", m->turn, m->move, hex);
      break;
    case SYN_MESSAGE_USED:
      put (&w, " %u %" G_GINT64_FORMAT, m->turn, m->used_ms);
      break;
    case SYN_MESSAGE_DRAW:
      put (&w, " %s", draw_words[CLAMP ((int) m->draw, 0, 2)]);
      break;
    case SYN_MESSAGE_SEED:
      if (m->seed_reveal)
        {
          syn_protocol_hex (m->coin, SYN_PROTOCOL_COIN_SIZE, hex);
          syn_protocol_hex (m->salt, SYN_PROTOCOL_SALT_SIZE, hex2);
          put (&w, " reveal %s %s", hex, hex2);
        }
      else
        {
          syn_protocol_hex (m->digest, SYN_PROTOCOL_DIGEST_SIZE, hex);
          put (&w, " commit %s", hex);
        }
      break;
    case SYN_MESSAGE_FLAG:
      put (&w, " %s", colour_words[m->colour == 1]);
      break;
    case SYN_MESSAGE_PING:
    case SYN_MESSAGE_PONG:
      put (&w, " %" G_GUINT64_FORMAT, m->number);
      break;
    case SYN_MESSAGE_LOCK:
    case SYN_MESSAGE_SEALED:
      put (&w, " %u %s", m->turn, m->text);
      break;
    case SYN_MESSAGE_LOCKED:
      put (&w, " %u %s", m->turn, m->answer ? "yes" : "no");
      break;
    case SYN_MESSAGE_CLAIM:
      put (&w, " %u %s", m->turn, m->code);
      break;
    case SYN_MESSAGE_AUDIT:
      syn_protocol_hex (m->salt, SYN_PROTOCOL_SALT_SIZE, hex);
      if (m->audit_end)
        put (&w, " end");
      else
        put (&w, " %u %s %s %s", m->turn, m->move, m->text, hex);
      break;
    case SYN_MESSAGE_RESIGN:
    case SYN_MESSAGE_NONE:
    case SYN_MESSAGE_N_TYPES:
    default:
      break;
    }
  put (&w, "\n");
  if (w.overflow)
    {
      buf[0] = '\0';
      return 0;
    }
  /* What we send must be what the other side reads: a value out of range (a name with a
   * line break, a negative time) is caught here rather than on the other side. */
  if (!syn_message_parse (buf, w.length - 1, &check, NULL))
    {
      buf[0] = '\0';
      return 0;
    }
  return w.length;
}

void
syn_protocol_commitment (const char *id, guint32 turn, int colour, const char *move,
                         const guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                         guint8 digest[SYN_PROTOCOL_DIGEST_SIZE])
{
  char salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];
  /* Room for a Transactional turn's choice with its transaction (TX-R17). */
  char text[SYN_PROTOCOL_ID_MAX + 2 * SYN_PROTOCOL_SALT_SIZE + 256];
  GChecksum *checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = SYN_PROTOCOL_DIGEST_SIZE;
  int n;

  /* The id, turn and colour are part of what is committed, so that a commitment cannot be
   * replayed in another game or turn, or copied from the opponent's. */
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, salt_hex);
  n = g_snprintf (text, sizeof text, "synchess-commit %s %u %s %s %s", id, turn,
                  colour_words[colour == 1], move, salt_hex);
  g_checksum_update (checksum, (const guchar *) text, MIN ((gsize) n, sizeof text - 1));
  g_checksum_get_digest (checksum, digest, &size);
  g_checksum_free (checksum);
}

void
syn_protocol_seed_commitment (const char *id, int colour, const guint8 coin[SYN_PROTOCOL_COIN_SIZE],
                              const guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                              guint8 digest[SYN_PROTOCOL_DIGEST_SIZE])
{
  char coin_hex[2 * SYN_PROTOCOL_COIN_SIZE + 1];
  char salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];
  char text[SYN_PROTOCOL_ID_MAX + 2 * SYN_PROTOCOL_COIN_SIZE + 2 * SYN_PROTOCOL_SALT_SIZE + 64];
  GChecksum *checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = SYN_PROTOCOL_DIGEST_SIZE;
  int n;

  /* A prefix of its own, so that a coin's commitment is never a move's. */
  syn_protocol_hex (coin, SYN_PROTOCOL_COIN_SIZE, coin_hex);
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, salt_hex);
  n = g_snprintf (text, sizeof text, "synchess-seed %s %s %s %s", id, colour_words[colour == 1],
                  coin_hex, salt_hex);
  g_checksum_update (checksum, (const guchar *) text, MIN ((gsize) n, sizeof text - 1));
  g_checksum_get_digest (checksum, digest, &size);
  g_checksum_free (checksum);
}

gboolean
syn_protocol_claim_is_known (const char *reason)
{
  for (guint i = 0; i < G_N_ELEMENTS (claim_words); i++)
    if (reason && g_str_equal (reason, claim_words[i]))
      return TRUE;
  return FALSE;
}

gboolean
syn_protocol_variant_draws_lots (const char *variant)
{
  return variant && g_str_equal (variant, "hutnik");
}
