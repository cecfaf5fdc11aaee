/* syn-protocol-format.c: writing a SynMessage as a line of the Synchess network protocol.
 * A message made of argument kinds alone is written from its shape, the one the parser
 * reads (syn-protocol-parse.c); the others have a writer of their own (the table below).
 * Every line is read back before it is given out, so that nothing is sent that the other
 * side would refuse.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-protocol"

#include "config.h"

#include "syn-protocol-private.h"

#include <stdarg.h>
#include <string.h>

/* Writing ---------------------------------------------------------------------------- */

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

/* The bytes as lower-case hex, at most a digest's. */
static void
put_hex (Writer *w, const guint8 *bytes, gsize size)
{
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  g_assert (size <= SYN_PROTOCOL_DIGEST_SIZE);
  syn_protocol_hex (bytes, size, hex);
  put (w, " %s", hex);
}

static void
put_kind (Writer *w, SynArgKind kind, const SynMessage *m)
{
  switch (kind)
    {
    case SYN_ARG_TURN:
      put (w, " %u", m->turn);
      break;
    case SYN_ARG_DIGEST:
      put_hex (w, m->digest, SYN_PROTOCOL_DIGEST_SIZE);
      break;
    case SYN_ARG_USED_MS:
      put (w, " %" G_GINT64_FORMAT, m->used_ms);
      break;
    case SYN_ARG_SALT:
      put_hex (w, m->salt, SYN_PROTOCOL_SALT_SIZE);
      break;
    case SYN_ARG_COIN:
      put_hex (w, m->coin, SYN_PROTOCOL_COIN_SIZE);
      break;
    case SYN_ARG_MOVE:
    case SYN_ARG_CHOICE:
      put (w, " %s", m->move);
      break;
    case SYN_ARG_LIST:
    case SYN_ARG_SETS:
      put (w, " %s", m->text);
      break;
    case SYN_ARG_NUMBER:
      put (w, " %" G_GUINT64_FORMAT, m->number);
      break;
    case SYN_ARG_COLOUR:
      put (w, " %s", syn_protocol_colour_words[m->colour == 1]);
      break;
    case SYN_ARG_DRAW:
      put (w, " %s", syn_protocol_draw_words[CLAMP ((int) m->draw, 0, 2)]);
      break;
    case SYN_ARG_ANSWER:
      put (w, " %s", m->answer ? "yes" : "no");
      break;
    case SYN_ARG_CLAIM:
      put (w, " %s", m->code);
      break;
    case SYN_ARG_N_KINDS:
    default:
      g_return_if_reached ();
    }
}

static void
put_kinds (Writer *w, const SynArgKind *kinds, int n, const SynMessage *m)
{
  for (int i = 0; i < n; i++)
    put_kind (w, kinds[i], m);
}

/* Messages with a writer of their own ------------------------------------------------ */

/* Writes m's arguments; FALSE when m holds a value the message cannot carry. */
typedef gboolean (*WriteFunc) (Writer *w, const SynMessage *m);

static gboolean
write_hello (Writer *w, const SynMessage *m)
{
  put (w, " %s %u", SYN_PROTOCOL_NAME, m->version);
  put_text (w, m->text);
  return TRUE;
}

static gboolean
write_options (Writer *w, const SynMessage *m)
{
  char fen[SYN_PROTOCOL_FEN_MAX + 1];

  if (m->initial_ms > 0)
    put (w, " id=%s variant=%s tc=%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT, m->id, m->variant,
         m->initial_ms, m->increment_ms);
  else
    put (w, " id=%s variant=%s tc=-", m->id, m->variant);
  put (w, " fog=%s colour=%s date=%s", m->fog ? "yes" : "no",
       syn_protocol_colour_words[m->colour == 1], m->date);
  if (m->fen[0] == '\0')
    return TRUE;
  /* A FEN with '_' already, or any character a FEN has not, would not read back. */
  if (strlen (m->fen) > SYN_PROTOCOL_FEN_MAX || strchr (m->fen, '_')
      || !syn_protocol_text_is_word (m->fen, strlen (m->fen), SYN_PROTOCOL_FEN_MAX, "/ -,:"))
    return FALSE;
  g_strlcpy (fen, m->fen, sizeof fen);
  g_strdelimit (fen, " ", '_');
  put (w, " fen=%s", fen);
  return TRUE;
}

static gboolean
write_resume (Writer *w, const SynMessage *m)
{
  char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];

  syn_protocol_hex (m->digest, SYN_PROTOCOL_DIGEST_SIZE, hex);
  put (w, " id=%s colour=%s turns=%u digest=%s", m->id, syn_protocol_colour_words[m->colour == 1],
       m->turns, hex);
  if (m->has_previous)
    {
      syn_protocol_hex (m->previous, SYN_PROTOCOL_DIGEST_SIZE, hex);
      put (w, " previous=%s", hex);
    }
  return TRUE;
}

static gboolean
write_accept (Writer *w, const SynMessage *m)
{
  if (m->has_turns)
    put (w, " turns=%u", m->turns);
  else
    put (w, " fog=%s", m->fog ? "yes" : "no");
  return TRUE;
}

/* decline, chat, bye */
static gboolean
write_text (Writer *w, const SynMessage *m)
{
  put_text (w, m->text);
  return TRUE;
}

static gboolean
write_error (Writer *w, const SynMessage *m)
{
  put (w, " %s", m->code);
  put_text (w, m->text);
  return TRUE;
}

static gboolean
write_seed (Writer *w, const SynMessage *m)
{
  static const SynArgKind commit[] = { SYN_ARG_DIGEST };
  static const SynArgKind reveal[] = { SYN_ARG_COIN, SYN_ARG_SALT };

  if (m->seed_reveal)
    {
      put (w, " reveal");
      put_kinds (w, reveal, G_N_ELEMENTS (reveal), m);
    }
  else
    {
      put (w, " commit");
      put_kinds (w, commit, G_N_ELEMENTS (commit), m);
    }
  return TRUE;
}

/* The turn, then the public part as the parser bounded it. */
static gboolean
write_sealed (Writer *w, const SynMessage *m)
{
  put (w, " %u %s", m->turn, m->text);
  return TRUE;
}

static gboolean
write_audit (Writer *w, const SynMessage *m)
{
  const SynMessageShape *shape = syn_message_shape (SYN_MESSAGE_AUDIT);

  if (m->audit_end)
    put (w, " end");
  else
    put_kinds (w, shape->kinds, syn_message_shape_n_kinds (shape), m);
  return TRUE;
}

static const WriteFunc writers[SYN_MESSAGE_N_TYPES] = {
  [SYN_MESSAGE_HELLO] = write_hello,   [SYN_MESSAGE_OPTIONS] = write_options,
  [SYN_MESSAGE_RESUME] = write_resume, [SYN_MESSAGE_ACCEPT] = write_accept,
  [SYN_MESSAGE_DECLINE] = write_text,  [SYN_MESSAGE_CHAT] = write_text,
  [SYN_MESSAGE_BYE] = write_text,      [SYN_MESSAGE_ERROR] = write_error,
  [SYN_MESSAGE_SEED] = write_seed,     [SYN_MESSAGE_SEALED] = write_sealed,
  [SYN_MESSAGE_AUDIT] = write_audit,
};

/* The line --------------------------------------------------------------------------- */

gsize
syn_message_format (const SynMessage *m, char *buf)
{
  Writer w = { buf, 0, FALSE };
  const char *word = syn_message_type_to_word (m->type);
  const SynMessageShape *shape;
  gboolean carried = TRUE;
  SynMessage check;

  buf[0] = '\0';
  if (!word)
    return 0;
  shape = syn_message_shape (m->type);
  put (&w, "%s", word);
  if (writers[m->type])
    carried = writers[m->type](&w, m);
  else
    put_kinds (&w, shape->kinds, syn_message_shape_n_kinds (shape), m);
  put (&w, "\n");
  /* What we send must be what the other side reads: a value out of range (a name with a
   * line break, a negative time) is caught here rather than on the other side. */
  if (!carried || w.overflow || !syn_message_parse (buf, w.length - 1, &check, NULL))
    {
      buf[0] = '\0';
      return 0;
    }
  return w.length;
}
