/* transactional-step-text.c: the public part of a Transactional Chess turn (TX-R8, R15) as
 * text, as the network carries it in its sealed message (docs/protocol.md): written, and read
 * back strictly.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "transactional-private.h"

#include <stdio.h>
#include <string.h>

/* A promotion's letter by the SynPieceType it becomes. */
static const char promotion_letters[] = " nbrq";

void
syn_tx_public_step_to_text (const SynTxPublicStep *step, SynColour side, char *buf, size_t size)
{
  unsigned files = step->en_passant_files;
  int n_changed = step->n_changed < SYN_TX_MAX_CHANGED ? step->n_changed : SYN_TX_MAX_CHANGED;
  size_t n;

  if (size == 0)
    return;
  if (!step->commit)
    {
      snprintf (buf, size, "-");
      return;
    }
  n = syn_tx_append (buf, size, 0, "commit %s", n_changed ? "" : "-");
  for (int i = 0; i < n_changed; i++)
    {
      char from[3], to[3];
      unsigned promotion = step->changed[i].promotion;
      syn_square_to_text (step->changed[i].from, from);
      syn_square_to_text (step->changed[i].to, to);
      n = syn_tx_append (buf, size, n, "%s%s%s", i ? "," : "", from, to);
      if (promotion >= SYN_KNIGHT && promotion <= SYN_QUEEN)
        n = syn_tx_append (buf, size, n, "%c", promotion_letters[promotion]);
    }
  n = syn_tx_append (buf, size, n, " ");
  for (int right = 0; right < 4; right++)
    if (step->castling & (1u << right))
      n = syn_tx_append (buf, size, n, "%c", syn_tx_castling_letters[right]);
  n = syn_tx_append (buf, size, n, "%s ", (step->castling & SYN_CASTLE_ALL) ? "" : "-");
  if (!files)
    n = syn_tx_append (buf, size, n, "-");
  syn_tx_append_passed_squares (buf, size, n, side, files, ",");
}

/* The end of the word that starts at text: a space or the end of the text. */
static size_t
word_length (const char *text)
{
  size_t len = 0;
  while (text[len] && text[len] != ' ')
    len++;
  return len;
}

/* PAIRS: "-" or "e7e5,d8h4" ordered by final square from h8 down to a1, "b7a8q" a
 * promotion. */
static bool
read_pairs (const char **text, SynTxPublicStep *step, char *error, size_t size)
{
  const char *p = *text;
  SynBitboard froms = 0;

  if (p[0] == '-' && (p[1] == ' ' || p[1] == '\0'))
    {
      *text = p + 1;
      return true;
    }
  for (;;)
    {
      int from = syn_square_from_text (p), to;
      unsigned promotion = 0;
      char from_name[3], to_name[3];
      if (step->n_changed == SYN_TX_MAX_CHANGED)
        return syn_tx_fail (error, size, "more than %d pieces changed square", SYN_TX_MAX_CHANGED);
      to = from == SYN_NO_SQUARE ? SYN_NO_SQUARE : syn_square_from_text (p + 2);
      if (to == SYN_NO_SQUARE)
        return syn_tx_fail (error, size,
                            "'%.*s' is not '-' or a piece's path (two squares, like e7e5, and a "
                            "promotion's letter, like b7a8q)",
                            (int) (word_length (p) > 12 ? 12 : word_length (p)), p);
      p += 4;
      if (*p && *p != ',' && *p != ' ')
        {
          const char *letter = strchr (promotion_letters + 1, *p);
          if (!letter)
            return syn_tx_fail (
                error, size, "'%c' after %.4s is not a promotion letter (q, r, b or n, lower-case)",
                *p, p - 4);
          promotion = (unsigned) (letter - promotion_letters);
          p++;
        }
      syn_square_to_text (from, from_name);
      syn_square_to_text (to, to_name);
      if (from == to)
        return syn_tx_fail (error, size, "%s%s does not change square", from_name, to_name);
      if (froms & syn_bit (from))
        return syn_tx_fail (error, size, "two paths start on %s", from_name);
      if (step->n_changed > 0 && to == step->changed[step->n_changed - 1].to)
        return syn_tx_fail (error, size, "two paths end on %s", to_name);
      if (step->n_changed > 0 && to > step->changed[step->n_changed - 1].to)
        return syn_tx_fail (
            error, size,
            "the paths go by final square from h8 down to a1, but %s%s comes after a "
            "path to a lower square",
            from_name, to_name);
      froms |= syn_bit (from);
      step->changed[step->n_changed].from = (int8_t) from;
      step->changed[step->n_changed].to = (int8_t) to;
      step->changed[step->n_changed].promotion = (uint8_t) promotion;
      step->n_changed++;
      if (*p != ',')
        break;
      p++;
    }
  *text = p;
  return true;
}

/* CASTLING: FEN field 3, "-" or some of KQkq in that order. */
static bool
read_castling (const char **text, SynTxPublicStep *step, char *error, size_t size)
{
  const char *p = *text;
  size_t len = word_length (p);
  int last = -1;

  *text = p + len;
  if (len == 1 && p[0] == '-')
    return true;
  for (size_t i = 0; i < len; i++)
    {
      const char *letter = strchr (syn_tx_castling_letters, p[i]);
      int right = letter && p[i] ? (int) (letter - syn_tx_castling_letters) : -1;
      if (right <= last)
        return syn_tx_fail (
            error, size, "castling rights '%.*s' are not '-' or some of K, Q, k, q in that order",
            (int) (len > 8 ? 8 : len), p);
      step->castling |= (uint8_t) (1u << right);
      last = right;
    }
  if (len == 0)
    return syn_tx_fail (error, size, "the castling rights are missing");
  return true;
}

/* EP: "-" or the passed squares, on the committer's passed rank, from the a-file to the
 * h-file: "a3,e3". */
static bool
read_passed_squares (const char **text, SynColour side, SynTxPublicStep *step, char *error,
                     size_t size)
{
  const char *p = *text;
  int rank = side == SYN_WHITE ? 3 : 6, last = -1;

  if (p[0] == '-' && p[1] != ',' && p[1] != '-')
    {
      *text = p + 1;
      return true;
    }
  for (;;)
    {
      int square = syn_square_from_text (p), file;
      char name[3];
      if (square == SYN_NO_SQUARE)
        return syn_tx_fail (error, size,
                            "'%.8s' is not '-' or a list of en passant squares (like e3)", p);
      syn_square_to_text (square, name);
      file = SYN_FILE_OF (square);
      if (SYN_RANK_OF (square) + 1 != rank)
        return syn_tx_fail (
            error, size, "the en passant square %s is not on rank %d, which %s's double steps pass",
            name, rank, syn_tx_colour_words[side]);
      if (file == last)
        return syn_tx_fail (error, size, "the en passant square %s is given twice", name);
      if (file < last)
        return syn_tx_fail (error, size,
                            "the en passant squares go from the a-file to the h-file, but %s comes "
                            "after a square on a later file",
                            name);
      step->en_passant_files |= (uint8_t) (1u << file);
      last = file;
      p += 2;
      if (*p != ',')
        break;
      p++;
    }
  *text = p;
  return true;
}

static bool
read_space_before (const char **text, const char *what, char *error, size_t size)
{
  if (**text == '\0')
    return syn_tx_fail (error, size, "the %s are missing", what);
  if (**text != ' ')
    return syn_tx_fail (error, size, "'%c' where a space comes before the %s", **text, what);
  ++*text;
  return true;
}

static bool
read_public_step (const char *text, SynColour side, SynTxPublicStep *step, char *error, size_t size)
{
  const char *p;

  if (!text)
    return syn_tx_fail (error, size, "no public step given");
  if (strlen (text) >= SYN_TX_PUBLIC_STEP_SIZE)
    return syn_tx_fail (error, size, "the public step is longer than %d characters",
                        SYN_TX_PUBLIC_STEP_SIZE - 1);
  if (strcmp (text, "-") == 0)
    return true;
  if (strncmp (text, "commit ", 7) != 0)
    return syn_tx_fail (error, size,
                        "'%.12s' is not '-' or 'commit' with the pieces that changed square, the "
                        "castling rights and the en passant squares",
                        text);
  step->commit = true;
  p = text + 7;
  if (!read_pairs (&p, step, error, size) || !read_space_before (&p, "castling rights", error, size)
      || !read_castling (&p, step, error, size)
      || !read_space_before (&p, "en passant squares", error, size)
      || !read_passed_squares (&p, side, step, error, size))
    return false;
  if (*p)
    return syn_tx_fail (error, size, "unexpected text after the en passant squares: '%.12s'", p);
  return true;
}

bool
syn_tx_public_step_from_text (const char *text, SynColour side, SynTxPublicStep *step, char *error,
                              size_t error_size)
{
  memset (step, 0, sizeof *step);
  if (read_public_step (text, side, step, error, error_size))
    return true;
  memset (step, 0, sizeof *step);
  return false;
}
