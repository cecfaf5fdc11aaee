/* syn-notation.c: SAN-like move text and its spoken form, worked out from the position before
 * the move and the side's legal moves there.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-notation"

#include "config.h"

#include "syn-notation.h"

#include <glib/gi18n.h>

void
syn_notation_append_piece_letter (GString *text, SynPieceType type)
{
  static const SynPieceType order[5] = { SYN_KING, SYN_QUEEN, SYN_ROOK, SYN_BISHOP, SYN_KNIGHT };
  /* Translators: the letters of the pieces in moves shown to the user, in the order king,
   * queen, rook, bishop, knight: five letters, one per piece (French: RDTFC). Game records
   * and the network keep the English ones. */
  const char *letters = _ ("KQRBN");

  /* A translation that is not five letters would garble every move: keep the English. */
  if (g_utf8_strlen (letters, -1) != 5 || !g_utf8_validate (letters, -1, NULL))
    letters = "KQRBN";
  for (int i = 0; i < 5; i++)
    if (type == order[i])
      g_string_append_unichar (text, g_utf8_get_char (g_utf8_offset_to_pointer (letters, i)));
}

/* How much of the origin square a move needs to be told apart from its twins. */
typedef enum
{
  ORIGIN_NONE = 0,
  ORIGIN_FILE = 1,
  ORIGIN_RANK = 2,
  ORIGIN_BOTH = ORIGIN_FILE | ORIGIN_RANK,
} Origin;

/* What the text forms share: the piece, the squares, and what kind of move it is. */
typedef struct
{
  SynMove move;
  SynPieceType type;
  int from;
  int to;
  gboolean capture;
  gboolean castle_short;
  Origin origin;
} MoveFacts;

static Origin
find_origin (const SynVariant *variant, const SynState *before, SynColour side, SynMove move,
             SynPieceType type)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int from = syn_move_from (move);
  int to = syn_move_to (move);
  gboolean twins = FALSE, same_file = FALSE, same_rank = FALSE;
  SynPosition view;
  int n;

  /* A pawn's origin file is written with every capture and a quiet pawn has no twin, so only
   * pieces need telling apart. */
  if (type == SYN_PAWN)
    return ORIGIN_NONE;

  /* As in SAN, only pieces that could legally go there count, and PSC's legality (control,
   * frozen pieces) is the rule set's to say. */
  syn_variant_view (variant, before, side, &view);
  n = variant->choices (before, side, choices);
  for (int i = 0; i < n; i++)
    {
      SynMove other = SYN_CHOICE_MOVE (choices[i]);
      int other_from = syn_move_from (other);
      SynPiece piece = view.board[other_from];

      if (other_from == from || syn_move_to (other) != to || piece == SYN_NO_PIECE
          || SYN_PIECE_TYPE (piece) != type)
        continue;
      twins = TRUE;
      same_file |= SYN_FILE_OF (other_from) == SYN_FILE_OF (from);
      same_rank |= SYN_RANK_OF (other_from) == SYN_RANK_OF (from);
    }

  if (!twins)
    return ORIGIN_NONE;
  if (!same_file)
    return ORIGIN_FILE;
  if (!same_rank)
    return ORIGIN_RANK;
  return ORIGIN_BOTH;
}

/* Returns FALSE when the choice is no move on this board (a side that waits, or a choice that
 * does not fit the position), so callers fall back to something plainer. */
static gboolean
get_move_facts (const SynVariant *variant, const SynState *before, SynColour side, SynChoice choice,
                MoveFacts *facts)
{
  SynPiece piece, target;
  SynPosition view;

  if (choice == SYN_CHOICE_NONE || choice > G_MAXUINT16)
    return FALSE;

  /* The board the mover sees: in Transactional its pending pieces stand where they went. */
  syn_variant_view (variant, before, side, &view);
  facts->move = (SynMove) choice;
  facts->from = syn_move_from (facts->move);
  facts->to = syn_move_to (facts->move);
  piece = view.board[facts->from];
  if (piece == SYN_NO_PIECE || SYN_PIECE_COLOUR (piece) != side)
    return FALSE;

  facts->type = SYN_PIECE_TYPE (piece);
  target = view.board[facts->to];
  facts->capture = syn_move_kind (facts->move) == SYN_MOVE_EN_PASSANT
                   || (target != SYN_NO_PIECE && SYN_PIECE_COLOUR (target) != side);
  facts->castle_short = SYN_FILE_OF (facts->to) > SYN_FILE_OF (facts->from);
  facts->origin = find_origin (variant, before, side, facts->move, facts->type);
  return TRUE;
}

static void
append_square (GString *text, int square)
{
  char name[3];

  syn_square_to_text (square, name);
  g_string_append (text, name);
}

/* A choice that carries more than a move (HK's pass, a Transactional move with its
 * decision): the move's own words, then the rest. NULL for a plain move. */
static char *
describe_kinds (const SynVariant *variant, const SynState *before, SynColour side, SynChoice choice,
                gboolean spoken)
{
  SynChoice kind = SYN_CHOICE_KIND (choice);
  SynMove move = SYN_CHOICE_MOVE (choice);
  g_autofree char *base = NULL;

  if (kind == 0 || choice == SYN_CHOICE_NONE)
    return NULL;
  if (move != SYN_MOVE_NONE)
    base = spoken ? syn_notation_speak (variant, before, side, move)
                  : syn_notation_describe (variant, before, side, move);
  else
    /* Translators: a side that passes (HK's exchange of blows, or Transactional Chess when
     * every move is refused) */
    base = g_strdup (_ ("pass"));
  if (kind & SYN_CHOICE_COMMIT)
    /* Translators: a Transactional Chess move and its decision: "Nf3, commit" */
    return g_strdup_printf (_ ("%s, commit"), base);
  if (kind & SYN_CHOICE_ROLLBACK)
    /* Translators: a Transactional Chess move and its decision: "Nf3, roll back" */
    return g_strdup_printf (_ ("%s, roll back"), base);
  return g_steal_pointer (&base);
}

char *
syn_notation_describe (const SynVariant *variant, const SynState *before, SynColour side,
                       SynChoice choice)
{
  GString *text;
  MoveFacts facts;
  char *kinds;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (before != NULL, NULL);

  if (choice == SYN_CHOICE_NONE)
    return g_strdup ("-");
  if ((kinds = describe_kinds (variant, before, side, choice, FALSE)))
    return kinds;

  if (!get_move_facts (variant, before, side, choice, &facts))
    {
      char buf[SYN_CHOICE_TEXT_SIZE];

      variant->choice_to_text (before, choice, buf);
      return g_strdup (buf);
    }

  if (syn_move_kind (facts.move) == SYN_MOVE_CASTLE)
    return g_strdup (facts.castle_short ? "O-O" : "O-O-O");

  text = g_string_new (NULL);
  if (facts.type == SYN_PAWN)
    {
      if (facts.capture)
        g_string_append_c (text, (char) ('a' + SYN_FILE_OF (facts.from)));
    }
  else
    {
      syn_notation_append_piece_letter (text, facts.type);
      if (facts.origin & ORIGIN_FILE)
        g_string_append_c (text, (char) ('a' + SYN_FILE_OF (facts.from)));
      if (facts.origin & ORIGIN_RANK)
        g_string_append_c (text, (char) ('1' + SYN_RANK_OF (facts.from)));
    }
  if (facts.capture)
    g_string_append_c (text, 'x');
  append_square (text, facts.to);
  if (syn_move_is_promotion (facts.move))
    {
      g_string_append_c (text, '=');
      syn_notation_append_piece_letter (text, syn_move_promotion_type (facts.move));
    }
  return g_string_free (text, FALSE);
}

const char *
syn_notation_piece_name (SynPieceType type)
{
  static const char *const names[SYN_N_PIECE_TYPES] = {
    N_ ("pawn"), N_ ("knight"), N_ ("bishop"), N_ ("rook"), N_ ("queen"), N_ ("king"),
  };

  g_return_val_if_fail ((int) type >= 0 && type < SYN_N_PIECE_TYPES, "");
  return _ (names[type]);
}

char *
syn_notation_speak (const SynVariant *variant, const SynState *before, SynColour side,
                    SynChoice choice)
{
  g_autofree char *move = NULL;
  MoveFacts facts;
  char to[3], from[3];
  const char *piece;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (before != NULL, NULL);

  if (choice == SYN_CHOICE_NONE)
    /* Translators: read aloud for a side that made no move in a turn */
    return g_strdup (_ ("no move"));
  if ((move = describe_kinds (variant, before, side, choice, TRUE)))
    return g_steal_pointer (&move);

  if (!get_move_facts (variant, before, side, choice, &facts))
    return syn_notation_describe (variant, before, side, choice);

  if (syn_move_kind (facts.move) == SYN_MOVE_CASTLE)
    return g_strdup (facts.castle_short ? _ ("castles kingside") : _ ("castles queenside"));

  piece = syn_notation_piece_name (facts.type);
  syn_square_to_text (facts.to, to);
  syn_square_to_text (facts.from, from);

  /* Speech names the whole origin square rather than SAN's lone file or rank letter, which
   * is hard to follow when heard. */
  if (facts.origin != ORIGIN_NONE && facts.capture)
    /* Translators: a capture read aloud: piece, its square, the captured square;
     * "knight from b1 takes d2" */
    move = g_strdup_printf (_ ("%s from %s takes %s"), piece, from, to);
  else if (facts.origin != ORIGIN_NONE)
    /* Translators: a move read aloud: piece, its square, the square it goes to;
     * "knight from b1 to d2" */
    move = g_strdup_printf (_ ("%s from %s to %s"), piece, from, to);
  else if (facts.capture)
    /* Translators: a capture read aloud: piece and the captured square; "pawn takes d5" */
    move = g_strdup_printf (_ ("%s takes %s"), piece, to);
  else
    /* Translators: a move read aloud: piece and the square it goes to; "knight f3" */
    move = g_strdup_printf (_ ("%s %s"), piece, to);

  if (syn_move_kind (facts.move) == SYN_MOVE_EN_PASSANT)
    /* Translators: a capture read aloud, then "en passant"; "pawn takes d6 en passant" */
    return g_strdup_printf (_ ("%s en passant"), move);
  if (syn_move_is_promotion (facts.move))
    /* Translators: a pawn move read aloud, then the piece it becomes;
     * "pawn a8, promotes to queen" */
    return g_strdup_printf (_ ("%s, promotes to %s"), move,
                            syn_notation_piece_name (syn_move_promotion_type (facts.move)));
  return g_steal_pointer (&move);
}

const char *
syn_notation_coloured_piece_name (SynPiece piece)
{
  static const char *const names[2][SYN_N_PIECE_TYPES] = {
    { N_ ("white pawn"), N_ ("white knight"), N_ ("white bishop"), N_ ("white rook"),
      N_ ("white queen"), N_ ("white king") },
    { N_ ("black pawn"), N_ ("black knight"), N_ ("black bishop"), N_ ("black rook"),
      N_ ("black queen"), N_ ("black king") },
  };

  return _ (names[SYN_PIECE_COLOUR (piece)][SYN_PIECE_TYPE (piece)]);
}

char *
syn_notation_square_list (SynBitboard squares)
{
  GString *list = g_string_new (NULL);

  while (squares)
    {
      char name[3];
      syn_square_to_text (syn_pop_lsb (&squares), name);
      g_string_append_printf (list, "%s%s", list->len ? ", " : "", name);
    }
  return g_string_free (list, FALSE);
}

const char *
syn_notation_variant_name (const SynVariant *variant)
{
  /* The rule sets' names in the user's language; the engine's own are English. */
  static const struct
  {
    const char *id;
    const char *name;
  } names[] = {
    { "psc", N_ ("Parrow Synchronous Chess") },
    { "synchrone", N_ ("Synchrone") },
    { "hk", N_ ("Hansmann–Krasowsky") },
    { "hutnik", N_ ("Hutnik Simultaneous Chess") },
    { "transactional", N_ ("Transactional Chess") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (variant->id, names[i].id))
      return _ (names[i].name);
  return variant->name;
}

static gboolean
forfeited (const SynVariant *variant, const SynState *before, SynChoice white, SynChoice black,
           const SynState *after, SynColour side)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n;

  if (variant->events == NULL)
    return FALSE;
  n = variant->events (before, white, black, after, events);
  for (int i = 0; i < n; i++)
    if (events[i].kind == SYN_EVENT_FORFEIT && events[i].side == (int8_t) side)
      return TRUE;
  return FALSE;
}

/* The square of the piece a move takes, or SYN_NO_SQUARE for a move that takes nothing. */
static int
target_square (const SynPosition *board, SynColour side, SynMove move)
{
  int to = syn_move_to (move);
  SynPiece target = board->board[to];

  if (syn_move_kind (move) == SYN_MOVE_EN_PASSANT)
    return side == SYN_WHITE ? to - 8 : to + 8;
  if (syn_move_kind (move) == SYN_MOVE_CASTLE || target == SYN_NO_PIECE
      || SYN_PIECE_COLOUR (target) == side)
    return SYN_NO_SQUARE;
  return to;
}

SynFate
syn_notation_fate (const SynVariant *variant, const SynState *before, SynChoice white,
                   SynChoice black, const SynState *after, SynColour side)
{
  SynChoice choices[2] = { white, black };
  SynMove mine = SYN_CHOICE_MOVE (choices[side]);
  SynMove theirs = SYN_CHOICE_MOVE (choices[!side]);
  SynPiece arrived;
  int to;

  g_return_val_if_fail (variant != NULL && before != NULL && after != NULL, SYN_FATE_PLAYED);

  if (mine == SYN_MOVE_NONE)
    return SYN_FATE_PLAYED;
  if (forfeited (variant, before, white, black, after, side))
    return SYN_FATE_FORFEITED;
  /* The other move counts only when it was played (HUT-R5: a forfeited one never was). */
  if (theirs == SYN_MOVE_NONE
      || forfeited (variant, before, white, black, after, (SynColour) !side))
    return SYN_FATE_PLAYED;

  to = syn_move_to (mine);
  if (syn_move_kind (mine) != SYN_MOVE_CASTLE && to == syn_move_to (theirs))
    {
      arrived = after->board.board[to];
      if (arrived == SYN_NO_PIECE)
        return SYN_FATE_COLLIDED;
      if (SYN_PIECE_COLOUR (arrived) != side)
        return SYN_FATE_REMOVED;
      return SYN_FATE_PLAYED;
    }
  if (target_square (&before->board, side, mine) != SYN_NO_SQUARE
      && target_square (&before->board, side, mine) == syn_move_from (theirs))
    return SYN_FATE_TOOK_NOTHING;
  return SYN_FATE_PLAYED;
}

const char *
syn_notation_fate_mark (SynFate fate)
{
  switch (fate)
    {
    case SYN_FATE_FORFEITED:
      return "⊘";
    case SYN_FATE_COLLIDED:
      return "✕";
    case SYN_FATE_REMOVED:
      return "†";
    case SYN_FATE_TOOK_NOTHING:
      return "∅";
    case SYN_FATE_PLAYED:
    default:
      return "";
    }
}

const char *
syn_notation_fate_words (SynFate fate)
{
  switch (fate)
    {
    case SYN_FATE_FORFEITED:
      return _ ("Not played: the move was forfeited, and the initiative changed hands");
    case SYN_FATE_COLLIDED:
      return _ ("Collision: both pieces arrived on the same square and both were removed");
    case SYN_FATE_REMOVED:
      return _ ("Removed: the piece arrived where the other side's piece stayed");
    case SYN_FATE_TOOK_NOTHING:
      return _ ("Took nothing: the piece it aimed at moved away in the same turn");
    case SYN_FATE_PLAYED:
    default:
      return "";
    }
}
