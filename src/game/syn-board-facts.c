/* syn-board-facts.c: what a board display shows of one position, as one side sees it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-board-facts"

#include "config.h"

#include "syn-board-facts.h"

#include <glib/gi18n.h>
#include <string.h>

#include "psc.h"
#include "syn-notation.h"

/* The viewer's choices: their moves once each (a Transactional move comes with up to three
 * decisions), the rest as they are. */
static void
add_choices (SynBoardFacts *facts, const SynVariant *variant, const SynState *state,
             SynColour viewer)
{
  SynChoice choices[SYN_MAX_CHOICES];
  int n = variant->choices (state, viewer, choices);

  for (int i = 0; i < n; i++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[i]);
      gboolean seen = FALSE;

      if (move == SYN_MOVE_NONE)
        {
          if (facts->n_others < (int) G_N_ELEMENTS (facts->others))
            facts->others[facts->n_others++] = choices[i];
          continue;
        }
      for (int j = facts->n_moves - 1; j >= 0 && !seen; j--)
        seen = facts->moves[j] == move;
      if (!seen && facts->n_moves < SYN_MAX_MOVES)
        facts->moves[facts->n_moves++] = move;
    }
}

static void
add_checks_and_refusals (SynBoardFacts *facts, const SynVariant *variant, const SynState *state)
{
  SynBitboard pieces = syn_position_occupied (&facts->position) & facts->visible;

  for (int colour = SYN_WHITE; colour <= SYN_BLACK; colour++)
    {
      SynBitboard givers = syn_check_givers (variant, state, (SynColour) colour);
      SynBitboard king = syn_position_pieces (&facts->position, colour, SYN_KING);

      /* A check that fog hides stays hidden, and so do its givers (PSC-R12). */
      if (givers == 0 || !(king & facts->visible))
        continue;
      facts->check |= king;
      facts->check_givers[colour] = givers & facts->visible;
    }
  if (facts->outcome.result != SYN_RESULT_NONE)
    return;
  syn_refusal_explain_all (variant, state, facts->viewer, facts->refusals);
  for (int square = 0; square < 64; square++)
    {
      /* Fog hides a piece's reasons with the piece (PSC-R12). */
      if (!(pieces & syn_bit (square)))
        facts->refusals[square] = (SynRefusal){ 0 };
      facts->refusals[square].squares &= facts->visible;
    }
}

void
syn_board_facts_compute (SynBoardFacts *facts, const SynVariant *variant, const SynState *state,
                         SynColour viewer, gboolean fog)
{
  SynPscControl ctl;

  memset (facts, 0, sizeof *facts);
  syn_variant_view (variant, state, viewer, &facts->position);
  facts->viewer = viewer;
  facts->has_control = variant->has_control;
  syn_variant_describe (variant, state, &facts->info);
  syn_psc_control (&facts->position, &ctl);
  /* PSC-R12: without fog every square is in sight. */
  facts->visible = fog ? variant->visible (state, viewer) : ~(SynBitboard) 0;

  for (int square = 0; square < 64; square++)
    {
      if (!(facts->visible & syn_bit (square)))
        {
          if (facts->position.board[square] != SYN_NO_PIECE)
            syn_position_remove (&facts->position, square);
          continue;
        }
      /* PSC-R2's counts drive the heatmap, which means nothing in the other rule sets. */
      if (!facts->has_control)
        continue;
      facts->attacks[SYN_WHITE][square] = (guint8) syn_psc_attack_count (&ctl, SYN_WHITE, square);
      facts->attacks[SYN_BLACK][square] = (guint8) syn_psc_attack_count (&ctl, SYN_BLACK, square);
    }
  if (facts->has_control)
    {
      facts->control[SYN_WHITE] = ctl.control[SYN_WHITE] & facts->visible;
      facts->control[SYN_BLACK] = ctl.control[SYN_BLACK] & facts->visible;
      facts->frozen = ctl.frozen & facts->visible;
    }
  facts->outcome = variant->outcome (state);
  if (facts->outcome.result == SYN_RESULT_NONE)
    add_choices (facts, variant, state, viewer);
  add_checks_and_refusals (facts, variant, state);
}

SynBitboard
syn_board_facts_destinations (const SynBoardFacts *facts, int from)
{
  SynBitboard destinations = 0;
  for (int i = 0; i < facts->n_moves; i++)
    if (syn_move_from (facts->moves[i]) == from)
      destinations |= syn_bit (syn_move_to (facts->moves[i]));
  return destinations;
}

SynMove
syn_board_facts_find_move (const SynBoardFacts *facts, int from, int to, SynPieceType promotion)
{
  for (int i = 0; i < facts->n_moves; i++)
    {
      SynMove move = facts->moves[i];
      if (syn_move_from (move) != from || syn_move_to (move) != to)
        continue;
      if (!syn_move_is_promotion (move) || syn_move_promotion_type (move) == promotion)
        return move;
    }
  return SYN_MOVE_NONE;
}

gboolean
syn_board_facts_is_promotion (const SynBoardFacts *facts, int from, int to)
{
  for (int i = 0; i < facts->n_moves; i++)
    if (syn_move_from (facts->moves[i]) == from && syn_move_to (facts->moves[i]) == to)
      return syn_move_is_promotion (facts->moves[i]);
  return FALSE;
}

static void
append_square (GString *text, int square)
{
  char name[3];

  syn_square_to_text (square, name);
  g_string_append (text, name);
}

char *
syn_board_facts_name_piece (const SynBoardFacts *facts, int square)
{
  SynPiece piece = facts->position.board[square];
  GString *text = g_string_new (NULL);

  if (piece != SYN_NO_PIECE)
    syn_notation_append_piece_letter (text, SYN_PIECE_TYPE (piece));
  append_square (text, square);
  return g_string_free (text, FALSE);
}

/* A move of the viewer, short: "Ke2", "Kxe2". */
static char *
name_move (const SynBoardFacts *facts, SynMove move)
{
  SynPiece piece = facts->position.board[syn_move_from (move)];
  GString *text = g_string_new (NULL);

  if (piece != SYN_NO_PIECE)
    syn_notation_append_piece_letter (text, SYN_PIECE_TYPE (piece));
  if (facts->position.board[syn_move_to (move)] != SYN_NO_PIECE)
    g_string_append_c (text, 'x');
  append_square (text, syn_move_to (move));
  return g_string_free (text, FALSE);
}

/* "Nf6", "Nf6 and Qd8", "Nf6, Bb4 and Qd8". */
static char *
join_names (GPtrArray *names)
{
  g_autoptr (GString) head = g_string_new (NULL);

  if (names->len == 0)
    return g_strdup ("");
  for (guint i = 0; i + 1 < names->len; i++)
    {
      if (i > 0)
        g_string_append (head, ", ");
      g_string_append (head, names->pdata[i]);
    }
  if (names->len == 1)
    return g_strdup (names->pdata[0]);
  /* Translators: the last two of a list of pieces or moves: "Nf6, Bb4 and Qd8". */
  return g_strdup_printf (_ ("%s and %s"), head->str, (char *) names->pdata[names->len - 1]);
}

static char *
explain_check (const SynBoardFacts *facts)
{
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *list = NULL;

  for (int i = 0; i < facts->n_moves; i++)
    g_ptr_array_add (moves, name_move (facts, facts->moves[i]));
  if (moves->len == 0 || moves->len > 3)
    return g_strdup (_ ("In check: this piece cannot answer it"));
  list = join_names (moves);
  return g_strdup_printf (
      /* Translators: %s is one move or a list of them: "Ke2", "Ke2 and Kf1". */
      g_dngettext (GETTEXT_PACKAGE, "In check: only %s is allowed", "In check: only %s are allowed",
                   moves->len),
      list);
}

char *
syn_board_facts_explain_refusal (const SynBoardFacts *facts, int square)
{
  const SynRefusal *refusal = &facts->refusals[square];
  g_autoptr (GPtrArray) names = NULL;
  g_autofree char *list = NULL;

  switch (refusal->kind)
    {
    case SYN_REFUSAL_WAITING:
      return g_strdup (_ ("Nothing to choose now: the other side is moving"));
    case SYN_REFUSAL_NOT_OWN:
      return g_strdup (_ ("Not your piece"));
    case SYN_REFUSAL_FROZEN:
      names = g_ptr_array_new_with_free_func (g_free);
      for (SynBitboard rest = refusal->squares; rest != 0;)
        g_ptr_array_add (names, syn_board_facts_name_piece (facts, syn_pop_lsb (&rest)));
      if (names->len == 0)
        return g_strdup (_ ("Frozen: attacked by two enemy pieces"));
      list = join_names (names);
      /* Translators: %s names the attackers: "Nf6 and Qd8" (PSC's frozen piece). */
      return g_strdup_printf (_ ("Frozen: attacked by %s"), list);
    case SYN_REFUSAL_NOT_CONTROLLED:
      return g_strdup (_ ("Not controlled: this piece reaches no square you control"));
    case SYN_REFUSAL_IN_CHECK:
      return explain_check (facts);
    case SYN_REFUSAL_NO_MOVE:
      return g_strdup (_ ("This piece has no legal move"));
    case SYN_REFUSAL_NONE:
    case SYN_REFUSAL_EMPTY:
    default:
      return NULL;
    }
}
