/* syn-what-if-summary.c: the step and the result of a pair, in words and on the boards.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-what-if"

#include "config.h"

#include "syn-what-if-private.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

static const char *
colour_name (SynColour colour)
{
  return colour == SYN_WHITE ? _ ("White") : _ ("Black");
}

static int
count_pieces (const SynPosition *pos, SynColour colour, SynPieceType type)
{
  return syn_popcount (syn_position_pieces (pos, colour, type));
}

/* "white knight, black pawn" for the pieces of set in pos, or NULL for none. */
static char *
list_pieces (const SynPosition *pos, SynBitboard set)
{
  GString *text = g_string_new (NULL);

  for (int square = 0; square < 64; square++)
    if (set & syn_bit (square))
      {
        SynPiece piece = pos->board[square];
        char name[3];

        syn_square_to_text (square, name);
        if (text->len > 0)
          g_string_append (text, ", ");
        /* Translators: a piece with its colour and a square: "white knight on f3" */
        g_string_append_printf (text, _ ("%s on %s"), syn_notation_coloured_piece_name (piece),
                                name);
      }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static char *
describe_outcome (SynOutcome outcome)
{
  switch (outcome.result)
    {
    case SYN_RESULT_WHITE_WINS:
      return g_strdup (_ ("White wins."));
    case SYN_RESULT_BLACK_WINS:
      return g_strdup (_ ("Black wins."));
    case SYN_RESULT_DRAW:
      return g_strdup (_ ("The game is drawn."));
    case SYN_RESULT_NONE:
    default:
      return g_strdup (_ ("The game goes on."));
    }
}

/* Who holds a square by PSC-R2: the side with more attackers; nobody when neither
 * attacks it; contested when both attack it equally. */
typedef enum
{
  HOLDER_NOBODY,
  HOLDER_WHITE,
  HOLDER_BLACK,
  HOLDER_CONTESTED,
} Holder;

static Holder
holder_of (const SynBoardFacts *facts, int square)
{
  int white = facts->attacks[SYN_WHITE][square], black = facts->attacks[SYN_BLACK][square];

  if (white > black)
    return HOLDER_WHITE;
  if (black > white)
    return HOLDER_BLACK;
  return white > 0 ? HOLDER_CONTESTED : HOLDER_NOBODY;
}

static const char *
holder_name (Holder holder)
{
  switch (holder)
    {
    case HOLDER_WHITE:
      return _ ("White");
    case HOLDER_BLACK:
      return _ ("Black");
    case HOLDER_CONTESTED:
      /* Translators: a square both sides attack equally, so neither controls it. */
      return C_ ("control", "contested");
    case HOLDER_NOBODY:
    default:
      /* Translators: a square neither side attacks. */
      return C_ ("control", "nobody");
    }
}

/* Lists every square whose holder the pair changed ("d5: White → contested"), marks them on
 * the result board, and keeps them in self->control_changed. */
static void
show_control_changes (SynWhatIf *self, const SynBoardFacts *before, const SynBoardFacts *after)
{
  GString *text = g_string_new (NULL);

  self->control_changed = 0;
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++)
      {
        int square = SYN_SQUARE (file, rank);
        Holder was = holder_of (before, square), now = holder_of (after, square);
        char name[3];

        if (was == now)
          continue;
        self->control_changed |= syn_bit (square);
        syn_square_to_text (square, name);
        g_string_append (text, text->len > 0 ? "\n" : "");
        /* Translators: a square whose control changed, who held it before and after:
         * "d5: White → contested" */
        g_string_append_printf (text, _ ("%s: %s → %s"), name, holder_name (was),
                                holder_name (now));
      }
  if (text->len == 0)
    g_string_append (text, _ ("Control did not change."));
  else
    g_string_prepend (text, _ ("Control changed (ringed on the result):\n"));
  gtk_label_set_text (self->control_changes, text->str);
  g_string_free (text, TRUE);
  syn_board_view_set_marked_squares (self->after_board, self->control_changed);
}

/* The position's facts with both sides' moves, so that either colour can be picked on the
 * board (facts.moves holds the viewer's alone): each move once, whatever decisions it
 * comes with. */
static void
add_both_sides_moves (SynWhatIf *self, SynBoardFacts *facts)
{
  facts->n_moves = 0;
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      const SynChoice *choices = side == SYN_WHITE ? self->white : self->black;
      int n = side == SYN_WHITE ? self->n_white : self->n_black;

      for (int i = 0; i < n && facts->n_moves < SYN_MAX_MOVES; i++)
        {
          SynMove move = SYN_CHOICE_MOVE (choices[i]);
          gboolean seen = move == SYN_MOVE_NONE;

          for (int j = facts->n_moves - 1; j >= 0 && !seen; j--)
            seen = facts->moves[j] == move;
          if (!seen)
            facts->moves[facts->n_moves++] = move;
        }
    }
}

/* What the step told the players beyond the board, a line each: a forfeited move and the
 * token (HUT-R5, R6), an exchange of blows opening (HK-R6), a refused move, a pass, a commit
 * with its announcement or a rollback (TX-R5, R6, R8, R9). */
static void
append_events (SynWhatIf *self, SynChoice white, SynChoice black, GString *summary)
{
  SynEvent events[SYN_MAX_EVENTS];
  int n;

  if (self->variant->events == NULL)
    return;
  n = self->variant->events (&self->state, white, black, &self->result, events);
  for (int i = 0; i < n; i++)
    {
      SynColour side = (SynColour) events[i].side;
      char square[3] = "";
      char announcement[256];

      if (events[i].square != SYN_NO_SQUARE)
        syn_square_to_text (events[i].square, square);
      g_string_append_c (summary, '\n');
      switch (events[i].kind)
        {
        case SYN_EVENT_FORFEIT:
          g_string_append_printf (summary,
                                  _ ("%s’s move was forfeited: it was no longer legal after %s’s"),
                                  colour_name (side), colour_name ((SynColour) !side));
          break;
        case SYN_EVENT_TOKEN:
          g_string_append_printf (summary, _ ("%s takes the initiative"), colour_name (side));
          break;
        case SYN_EVENT_FIELD_OPENED:
          g_string_append_printf (summary, _ ("Exchange of blows on %s: %s may strike"), square,
                                  colour_name (side));
          break;
        case SYN_EVENT_LOCKED:
          /* Translators: Transactional Chess (TX-R5): "White’s move is refused: e5 is locked
           * by the opponent’s transaction" */
          g_string_append_printf (
              summary, _ ("%s’s move is refused: %s is locked by the opponent’s transaction"),
              colour_name (side), square);
          break;
        case SYN_EVENT_NO_MOVE:
          /* Translators: Transactional Chess (TX-R6) */
          g_string_append_printf (summary, _ ("Every move of %s was refused: the turn is a pass"),
                                  colour_name (side));
          break;
        case SYN_EVENT_COMMIT:
          if (self->variant->announce
              && self->variant->announce (&self->state, &self->result, side, announcement,
                                          sizeof announcement))
            g_string_append_printf (summary, _ ("%s has committed: %s"), colour_name (side),
                                    announcement);
          else
            /* Translators: Transactional Chess, a commit with nothing to announce */
            g_string_append_printf (summary, _ ("%s has committed"), colour_name (side));
          break;
        case SYN_EVENT_ROLLBACK:
          /* Translators: Transactional Chess (TX-R9); the opponent is not told */
          g_string_append_printf (summary, _ ("%s rolls back its transaction"), colour_name (side));
          break;
        default:
          g_string_truncate (summary, summary->len - 1);
          break;
        }
    }
}

void
_syn_what_if_update_result (SynWhatIf *self)
{
  SynChoice white = _syn_what_if_selected_choice (self->white_moves, self->white, self->n_white);
  SynChoice black = _syn_what_if_selected_choice (self->black_moves, self->black, self->n_black);
  gboolean has_control = self->variant->has_control;
  SynBoardFacts before, after;
  GString *summary = g_string_new (NULL);
  g_autofree char *outcome = NULL;
  g_autofree char *frozen = NULL;
  g_autofree char *unfrozen = NULL;
  GString *captured = g_string_new (NULL);
  SynBitboard still = 0;

  if (white == SYN_CHOICE_NONE && black == SYN_CHOICE_NONE)
    self->result = self->state; /* the game is over */
  else
    syn_analysis_resolve_choices (self->variant, &self->state, white, black, &self->result);
  syn_board_facts_compute (&before, self->variant, &self->state, self->viewer, FALSE);
  syn_board_facts_compute (&after, self->variant, &self->result, self->viewer, FALSE);
  add_both_sides_moves (self, &before);
  syn_board_view_set_facts (self->before_board, &before);
  syn_board_view_set_chosen_move (self->before_board, SYN_MOVE_NONE);
  syn_board_view_set_last_turn (self->before_board, SYN_CHOICE_MOVE (white),
                                SYN_CHOICE_MOVE (black));
  syn_board_view_set_facts (self->after_board, &after);
  syn_board_view_set_last_turn (self->after_board, SYN_CHOICE_MOVE (white),
                                SYN_CHOICE_MOVE (black));

  outcome = describe_outcome (after.outcome);
  g_string_append (summary, outcome);

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int promoted = 0;

      /* A promotion turns a pawn into another piece: that pawn was not captured. */
      for (int type = SYN_KNIGHT; type < SYN_KING; type++)
        promoted += MAX (0, count_pieces (&self->result.board, c, type)
                                - count_pieces (&self->state.board, c, type));
      for (int type = SYN_PAWN; type < SYN_KING; type++)
        {
          int lost = count_pieces (&self->state.board, c, type)
                     - count_pieces (&self->result.board, c, type);
          if (type == SYN_PAWN)
            lost -= promoted;
          for (int i = 0; i < lost; i++)
            g_string_append_printf (
                captured, "%s%s", captured->len > 0 ? ", " : "",
                syn_notation_coloured_piece_name (SYN_PIECE ((SynColour) c, (SynPieceType) type)));
        }
    }
  if (captured->len > 0)
    g_string_append_printf (summary, "\n%s %s", _ ("Captured:"), captured->str);
  else
    g_string_append_printf (summary, "\n%s", _ ("Nothing was captured."));
  g_string_free (captured, TRUE);

  /* PSC-R3: a piece counts as the same one when it stands on the same square before and
   * after. */
  for (int square = 0; square < 64 && has_control; square++)
    if (self->state.board.board[square] != SYN_NO_PIECE
        && self->state.board.board[square] == self->result.board.board[square])
      still |= syn_bit (square);
  if (has_control)
    {
      frozen = list_pieces (&self->result.board, after.frozen & ~(before.frozen & still));
      unfrozen = list_pieces (&self->state.board, before.frozen & still & ~after.frozen);
    }
  if (frozen != NULL)
    g_string_append_printf (summary, "\n%s %s", _ ("Frozen now:"), frozen);
  if (unfrozen != NULL)
    g_string_append_printf (summary, "\n%s %s", _ ("No longer frozen:"), unfrozen);
  append_events (self, white, black, summary);

  gtk_label_set_text (self->summary, summary->str);
  g_string_free (summary, TRUE);
  /* Control (PSC-R2) means nothing in the other rule sets. */
  gtk_widget_set_visible (GTK_WIDGET (self->control_changes), has_control);
  if (has_control)
    show_control_changes (self, &before, &after);
  else
    {
      self->control_changed = 0;
      syn_board_view_set_marked_squares (self->after_board, 0);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "what-if.back",
                                 syn_variation_node_get_parent (self->node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "what-if.go-deeper",
                                 after.outcome.result == SYN_RESULT_NONE);
}

/* The rule set, and what it adds at this step: HK's open fields, Hutnik's token, the
 * transaction of the side to move. */
void
_syn_what_if_show_step (SynWhatIf *self)
{
  guint turn = self->state.board.turn_number;
  g_autofree char *step = NULL;
  g_autofree char *heading = NULL;
  SynStepInfo info;

  syn_variant_describe (self->variant, &self->state, &info);
  if (info.kind == SYN_STEP_BLOWS)
    {
      g_autofree char *list = syn_notation_square_list (info.marked);
      step = g_strdup_printf (_ ("Turn %u · Exchange of blows on %s"), turn, list);
    }
  else if (info.token >= 0)
    step = g_strdup_printf (_ ("Turn %u · %s holds the initiative"), turn,
                            colour_name ((SynColour) info.token));
  else if (info.kind == SYN_STEP_TX_MOVE)
    step = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "Turn %u · Transaction T%u · %u move pending",
                     "Turn %u · Transaction T%u · %u moves pending", info.pending[self->viewer]),
        turn, info.transaction[self->viewer], info.pending[self->viewer]);
  else
    step = g_strdup_printf (_ ("Turn %u"), turn);
  heading = g_strdup_printf ("%s · %s", syn_notation_variant_name (self->variant), step);
  gtk_label_set_text (self->step_label, heading);

  /* Where the rule set gives each side a view of its own (TX-R2), the boards show the view
   * of the side that chooses. */
  if (self->variant->view != NULL)
    {
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;

      /* Translators: the what-if window's board heading where each side sees its own board */
      before = g_strdup_printf (_ ("Position (%s’s view)"), colour_name (self->viewer));
      /* Translators: the what-if window's board heading where each side sees its own board */
      after = g_strdup_printf (_ ("Result (%s’s view)"), colour_name (self->viewer));
      gtk_label_set_text (self->before_heading, before);
      gtk_label_set_text (self->after_heading, after);
    }
  else
    {
      gtk_label_set_text (self->before_heading, _ ("Position"));
      gtk_label_set_text (self->after_heading, _ ("Result"));
    }
}
