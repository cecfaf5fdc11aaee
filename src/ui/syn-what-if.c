/* syn-what-if.c: the what-if resolver window.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-what-if"

#include "config.h"

#include "syn-what-if.h"

#include <glib/gi18n.h>

#include "syn-board-view.h"
#include "syn-notation.h"

struct _SynWhatIf
{
  AdwWindow parent_instance;

  /* template widgets */
  SynBoardView *before_board;
  SynBoardView *after_board;
  GtkDropDown *white_moves;
  GtkDropDown *black_moves;
  GtkLabel *summary;
  GtkExpander *matrix_expander;
  SynPairMatrix *pair_matrix;

  /* owned */
  SynState state;
  SynState result;
  SynMove white[SYN_MAX_MOVES];
  SynMove black[SYN_MAX_MOVES];
  int n_white;
  int n_black;
  GArray *history; /* of SynState: the positions Go Deeper left */
  gboolean filling;
};

G_DEFINE_FINAL_TYPE (SynWhatIf, syn_what_if, ADW_TYPE_WINDOW)

static SynMove
selected_move (GtkDropDown *drop_down, const SynMove *moves, int n_moves)
{
  guint index = gtk_drop_down_get_selected (drop_down);

  return index < (guint) n_moves ? moves[index] : SYN_MOVE_NONE;
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

static void
update_result (SynWhatIf *self)
{
  SynMove white = selected_move (self->white_moves, self->white, self->n_white);
  SynMove black = selected_move (self->black_moves, self->black, self->n_black);
  SynBoardFacts before, after;
  GString *summary = g_string_new (NULL);
  g_autofree char *outcome = NULL;
  g_autofree char *frozen = NULL;
  g_autofree char *unfrozen = NULL;
  GString *captured = g_string_new (NULL);
  SynBitboard still = 0;

  if (self->n_white == 0 && self->n_black == 0)
    self->result = self->state;
  else
    syn_analysis_resolve (&self->state, white, black, &self->result);
  syn_board_facts_compute (&before, &syn_variant_psc, &self->state, SYN_WHITE, FALSE);
  syn_board_facts_compute (&after, &syn_variant_psc, &self->result, SYN_WHITE, FALSE);
  syn_board_view_set_facts (self->before_board, &before);
  syn_board_view_set_chosen_move (self->before_board, SYN_MOVE_NONE);
  syn_board_view_set_last_turn (self->before_board, white, black);
  syn_board_view_set_facts (self->after_board, &after);
  syn_board_view_set_last_turn (self->after_board, white, black);

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

  /* A piece counts as the same one when it stands on the same square before and after. */
  for (int square = 0; square < 64; square++)
    if (self->state.board.board[square] != SYN_NO_PIECE
        && self->state.board.board[square] == self->result.board.board[square])
      still |= syn_bit (square);
  frozen = list_pieces (&self->result.board, after.frozen & ~(before.frozen & still));
  unfrozen = list_pieces (&self->state.board, before.frozen & still & ~after.frozen);
  if (frozen != NULL)
    g_string_append_printf (summary, "\n%s %s", _ ("Frozen now:"), frozen);
  if (unfrozen != NULL)
    g_string_append_printf (summary, "\n%s %s", _ ("No longer frozen:"), unfrozen);

  gtk_label_set_text (self->summary, summary->str);
  g_string_free (summary, TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "what-if.back", self->history->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "what-if.go-deeper",
                                 after.outcome.result == SYN_RESULT_NONE);
}

static GListModel *
move_model (const SynState *state, SynColour side, const SynMove *moves, int n_moves)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (int i = 0; i < n_moves; i++)
    {
      g_autofree char *name = syn_notation_describe (&syn_variant_psc, state, side, moves[i]);
      gtk_string_list_append (list, name);
    }
  if (n_moves == 0)
    gtk_string_list_append (list, _ ("No move"));
  return G_LIST_MODEL (list);
}

static void
show_state (SynWhatIf *self, const SynState *state)
{
  self->state = *state;
  self->n_white = syn_analysis_moves (state, SYN_WHITE, self->white);
  self->n_black = syn_analysis_moves (state, SYN_BLACK, self->black);
  self->filling = TRUE;
  gtk_drop_down_set_model (self->white_moves,
                           move_model (state, SYN_WHITE, self->white, self->n_white));
  gtk_drop_down_set_model (self->black_moves,
                           move_model (state, SYN_BLACK, self->black, self->n_black));
  g_object_unref (gtk_drop_down_get_model (self->white_moves));
  g_object_unref (gtk_drop_down_get_model (self->black_moves));
  gtk_drop_down_set_selected (self->white_moves, 0);
  gtk_drop_down_set_selected (self->black_moves, 0);
  self->filling = FALSE;
  update_result (self);
  if (gtk_expander_get_expanded (self->matrix_expander))
    syn_pair_matrix_set_state (self->pair_matrix, state);
}

static void
on_move_selected_cb (SynWhatIf *self)
{
  if (!self->filling)
    update_result (self);
}

static void
on_matrix_expanded_cb (SynWhatIf *self)
{
  if (gtk_expander_get_expanded (self->matrix_expander))
    syn_pair_matrix_set_state (self->pair_matrix, &self->state);
}

/* Hovering or moving the cursor over a matrix cell shows its position on the result board. */
static void
on_cell_focused_cb (SynWhatIf *self, guint white, guint black)
{
  syn_what_if_select_moves (self, (SynMove) white, (SynMove) black);
}

static void
go_deeper_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynState next = self->result;

  g_array_append_val (self->history, self->state);
  show_state (self, &next);
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynState previous;

  if (self->history->len == 0)
    return;
  previous = g_array_index (self->history, SynState, self->history->len - 1);
  g_array_set_size (self->history, self->history->len - 1);
  show_state (self, &previous);
}

gboolean
syn_what_if_select_moves (SynWhatIf *self, SynMove white, SynMove black)
{
  int w = -1, b = -1;

  g_return_val_if_fail (SYN_IS_WHAT_IF (self), FALSE);

  for (int i = 0; i < self->n_white; i++)
    if (self->white[i] == white)
      w = i;
  for (int i = 0; i < self->n_black; i++)
    if (self->black[i] == black)
      b = i;
  if (w < 0 || b < 0)
    return FALSE;
  gtk_drop_down_set_selected (self->white_moves, w);
  gtk_drop_down_set_selected (self->black_moves, b);
  update_result (self);
  return TRUE;
}

char *
syn_what_if_get_result_fen (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return syn_analysis_write_fen (&self->result);
}

char *
syn_what_if_get_fen (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return syn_analysis_write_fen (&self->state);
}

const char *
syn_what_if_get_summary (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return gtk_label_get_text (self->summary);
}

SynPairMatrix *
syn_what_if_get_pair_matrix (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return self->pair_matrix;
}

static void
syn_what_if_finalize (GObject *object)
{
  SynWhatIf *self = SYN_WHAT_IF (object);

  g_clear_pointer (&self->history, g_array_unref);
  G_OBJECT_CLASS (syn_what_if_parent_class)->finalize (object);
}

static void
syn_what_if_class_init (SynWhatIfClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = syn_what_if_finalize;

  g_type_ensure (SYN_TYPE_BOARD_VIEW);
  g_type_ensure (SYN_TYPE_PAIR_MATRIX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-what-if.ui");
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, before_board);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, after_board);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, white_moves);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, black_moves);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, summary);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, matrix_expander);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, pair_matrix);
  gtk_widget_class_bind_template_callback (widget_class, on_matrix_expanded_cb);

  gtk_widget_class_install_action (widget_class, "what-if.go-deeper", NULL, go_deeper_action);
  gtk_widget_class_install_action (widget_class, "what-if.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_what_if_init (SynWhatIf *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->history = g_array_new (FALSE, FALSE, sizeof (SynState));
  g_signal_connect_swapped (self->white_moves, "notify::selected", G_CALLBACK (on_move_selected_cb),
                            self);
  g_signal_connect_swapped (self->black_moves, "notify::selected", G_CALLBACK (on_move_selected_cb),
                            self);
  g_signal_connect_swapped (self->pair_matrix, "cell-focused", G_CALLBACK (on_cell_focused_cb),
                            self);
}

SynWhatIf *
syn_what_if_new (GtkWindow *parent, const SynState *state)
{
  SynWhatIf *self = g_object_new (SYN_TYPE_WHAT_IF, "transient-for", parent, NULL);

  show_state (self, state);
  return self;
}
