/* syn-what-if.c: the what-if resolver window, for every rule set behind the variant table.
 *
 * Each side's choices at the step are listed in its drop-down (a side the rules ask nothing
 * of waits, SYN_CHOICE_NONE); the pair is resolved by the rule set's apply, and what the step
 * told the players (its events) joins the summary.
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
#include "syn-variation-tree.h"

struct _SynWhatIf
{
  AdwWindow parent_instance;

  /* template widgets */
  SynBoardView *before_board;
  SynBoardView *after_board;
  GtkLabel *step_label;
  GtkLabel *before_heading;
  GtkLabel *after_heading;
  GtkDropDown *white_moves;
  GtkDropDown *black_moves;
  GtkLabel *summary;
  GtkLabel *control_changes;
  GtkExpander *matrix_expander;
  SynPairMatrix *pair_matrix;
  GtkBox *panes;
  GtkScrolledWindow *matrix_pane;
  GtkScrolledWindow *boards_pane;

  /* borrowed */
  const SynVariant *variant;

  /* owned */
  SynState state;
  SynState result;
  SynChoice white[SYN_MAX_CHOICES]; /* one SYN_CHOICE_NONE for a side that waits */
  SynChoice black[SYN_MAX_CHOICES];
  int n_white;
  int n_black;
  SynColour viewer;            /* whose view the boards show where the rule set has views */
  SynVariationTree *tree;      /* every pair explored, from the first position */
  SynVariationNode *node;      /* in tree: the position the moves are chosen in */
  SynBitboard control_changed; /* squares whose control the pair changed */
  GtkNativeDialog *chooser;
  gboolean filling;
};

G_DEFINE_FINAL_TYPE (SynWhatIf, syn_what_if, ADW_TYPE_WINDOW)

static SynChoice
selected_choice (GtkDropDown *drop_down, const SynChoice *choices, int n_choices)
{
  guint index = gtk_drop_down_get_selected (drop_down);

  return index < (guint) n_choices ? choices[index] : SYN_CHOICE_NONE;
}

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

static void
update_result (SynWhatIf *self)
{
  SynChoice white = selected_choice (self->white_moves, self->white, self->n_white);
  SynChoice black = selected_choice (self->black_moves, self->black, self->n_black);
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

/* The choices' names; a finished game lists "No move", a side that waits says so. */
static GListModel *
choice_model (SynWhatIf *self, SynColour side, const SynChoice *choices, int n_choices,
              gboolean over)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  if (over)
    gtk_string_list_append (list, _ ("No move"));
  else
    for (int i = 0; i < n_choices; i++)
      {
        g_autofree char *name
            = syn_pair_matrix_describe_choice (self->variant, &self->state, side, choices[i]);
        gtk_string_list_append (list, name);
      }
  return G_LIST_MODEL (list);
}

static void
fill_choices (SynWhatIf *self, SynColour side, gboolean over)
{
  GtkDropDown *drop_down = side == SYN_WHITE ? self->white_moves : self->black_moves;
  SynChoice *choices = side == SYN_WHITE ? self->white : self->black;
  int n = over ? 0 : syn_analysis_choices (self->variant, &self->state, side, choices);
  gboolean waits = n == 0;

  if (waits)
    choices[n++] = SYN_CHOICE_NONE;
  if (side == SYN_WHITE)
    self->n_white = n;
  else
    self->n_black = n;
  gtk_drop_down_set_model (drop_down, choice_model (self, side, choices, n, over));
  g_object_unref (gtk_drop_down_get_model (drop_down));
  gtk_drop_down_set_selected (drop_down, 0);
  /* Nothing to pick for a side that waits (or a finished game). */
  gtk_widget_set_sensitive (GTK_WIDGET (drop_down), !waits);
}

/* The rule set, and what it adds at this step: HK's open fields, Hutnik's token, the
 * transaction of the side to move. */
static void
show_step (SynWhatIf *self)
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

static void
show_state (SynWhatIf *self, const SynState *state)
{
  gboolean over = self->variant->outcome (state).result != SYN_RESULT_NONE;

  self->state = *state;
  self->filling = TRUE;
  fill_choices (self, SYN_WHITE, over);
  fill_choices (self, SYN_BLACK, over);
  self->filling = FALSE;
  /* The side that chooses; White when both do. */
  self->viewer = self->white[0] == SYN_CHOICE_NONE && self->black[0] != SYN_CHOICE_NONE ? SYN_BLACK
                                                                                        : SYN_WHITE;
  show_step (self);
  update_result (self);
  if (gtk_expander_get_expanded (self->matrix_expander))
    syn_pair_matrix_set_state (self->pair_matrix, self->variant, state);
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
    syn_pair_matrix_set_state (self->pair_matrix, self->variant, &self->state);
}

/* The choice a move picked on the board stands for: the move itself (no decision), else
 * the one choice that carries it (a forced commit); SYN_CHOICE_NONE when the move comes
 * with several decisions and none is plain, so the list must say which. */
static SynChoice
choice_of_move (const SynChoice *choices, int n, SynMove move)
{
  SynChoice found = SYN_CHOICE_NONE;
  int n_found = 0;

  for (int i = 0; i < n; i++)
    {
      if (choices[i] == (SynChoice) move)
        return choices[i];
      if (SYN_CHOICE_MOVE (choices[i]) == move)
        {
          found = choices[i];
          n_found++;
        }
    }
  return n_found == 1 ? found : SYN_CHOICE_NONE;
}

/* A move picked on the position's board, by pointer or keyboard: the colour of the piece
 * says whose move it is; the other side's choice stays. */
static void
on_board_move_chosen_cb (SynWhatIf *self, guint move)
{
  const SynBoardFacts *facts = syn_board_view_get_facts (self->before_board);
  SynPiece piece = facts->position.board[syn_move_from ((SynMove) move)];
  SynChoice white = selected_choice (self->white_moves, self->white, self->n_white);
  SynChoice black = selected_choice (self->black_moves, self->black, self->n_black);
  SynChoice choice;

  if (piece == SYN_NO_PIECE)
    return;
  if (SYN_PIECE_COLOUR (piece) == SYN_WHITE)
    choice = white = choice_of_move (self->white, self->n_white, (SynMove) move);
  else
    choice = black = choice_of_move (self->black, self->n_black, (SynMove) move);
  if (choice != SYN_CHOICE_NONE)
    syn_what_if_select_choices (self, white, black);
}

/* A matrix cell chosen by a click or the keyboard shows its position on the result board;
 * the pointer passing over a cell only previews it in the matrix. */
static void
on_cell_focused_cb (SynWhatIf *self, guint white, guint black)
{
  syn_what_if_select_choices (self, (SynChoice) white, (SynChoice) black);
}

static void
go_deeper_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynChoice white = selected_choice (self->white_moves, self->white, self->n_white);
  SynChoice black = selected_choice (self->black_moves, self->black, self->n_black);

  /* A pair not yet explored here becomes a new branch; a known one is followed. */
  self->node = syn_variation_node_add_child (self->node, white, black);
  show_state (self, syn_variation_node_get_state (self->node));
}

/* A wide window puts the matrix beside the boards, where it has the window's height for its
 * rows; a narrow one puts it below them. */
#define SIDE_BY_SIDE_WIDTH 1100

static void
on_default_width_cb (SynWhatIf *self)
{
  int width, height;
  gboolean wide;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  wide = width >= SIDE_BY_SIDE_WIDTH;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->panes), wide ? GTK_ORIENTATION_HORIZONTAL
                                                                     : GTK_ORIENTATION_VERTICAL);
  /* Collapsed, the matrix needs only its title's height below the boards. */
  gtk_scrolled_window_set_propagate_natural_height (self->matrix_pane, !wide);
  gtk_scrolled_window_set_propagate_natural_width (self->matrix_pane, wide);
  /* Below the boards, the matrix leaves them room to be seen. */
  gtk_scrolled_window_set_min_content_height (self->boards_pane, wide ? -1 : 300);
}

/* A double click or Enter on a matrix cell plays that pair. */
static void
on_cell_activated_cb (SynWhatIf *self, guint white, guint black)
{
  syn_what_if_select_choices (self, (SynChoice) white, (SynChoice) black);
  gtk_widget_activate_action (GTK_WIDGET (self), "what-if.go-deeper", NULL);
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynVariationNode *left = self->node;
  SynChoice white, black;

  if (syn_variation_node_get_parent (left) == NULL)
    return;
  self->node = syn_variation_node_get_parent (left);
  show_state (self, syn_variation_node_get_state (self->node));
  /* The pair that led where we were stays chosen, so Play This Pair returns there. */
  syn_variation_node_get_pair (left, &white, &black);
  syn_what_if_select_choices (self, white, black);
}

static void
show_error (SynWhatIf *self, const char *heading, const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_chooser_response_cb (GtkNativeDialog *chooser, int response, SynWhatIf *self)
{
  gboolean saving
      = gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)) == GTK_FILE_CHOOSER_ACTION_SAVE;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  if (saving && !syn_what_if_save_tree (self, file, &error))
    show_error (self, _ ("The Analysis Could Not Be Saved"), error);
  else if (!saving && !syn_what_if_open_tree (self, file, &error))
    show_error (self, _ ("The Analysis Could Not Be Opened"), error);
}

static void
choose_file (SynWhatIf *self, GtkFileChooserAction action)
{
  gboolean saving = action == GTK_FILE_CHOOSER_ACTION_SAVE;
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->chooser != NULL)
    return;
  chooser = gtk_file_chooser_native_new (saving ? _ ("Save Analysis") : _ ("Open Analysis"),
                                         GTK_WINDOW (self), action,
                                         saving ? _ ("_Save") : _ ("_Open"), _ ("_Cancel"));
  gtk_file_filter_set_name (filter, _ ("Synchess analysis trees"));
  gtk_file_filter_add_suffix (filter, SYN_VARIATION_TREE_SUFFIX + 1);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (saving)
    /* Translators: the suggested file name; keep the .synchess-tree extension. */
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _ ("analysis.synchess-tree"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response_cb), self, 0);
  gtk_native_dialog_show (self->chooser);
}

static void
save_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_file (SYN_WHAT_IF (widget), GTK_FILE_CHOOSER_ACTION_SAVE);
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  choose_file (SYN_WHAT_IF (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

gboolean
syn_what_if_save_tree (SynWhatIf *self, GFile *file, GError **error)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  return syn_variation_tree_save (self->tree, file, error);
}

gboolean
syn_what_if_open_tree (SynWhatIf *self, GFile *file, GError **error)
{
  SynVariationTree *tree;

  g_return_val_if_fail (SYN_IS_WHAT_IF (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  tree = syn_variation_tree_load (file, error);
  if (tree == NULL)
    return FALSE;
  g_clear_pointer (&self->tree, syn_variation_tree_free);
  self->tree = tree;
  self->variant = syn_variation_tree_get_variant (tree);
  self->node = syn_variation_tree_get_root (tree);
  show_state (self, syn_variation_node_get_state (self->node));
  return TRUE;
}

SynVariationTree *
syn_what_if_get_tree (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return self->tree;
}

const SynVariant *
syn_what_if_get_variant (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return self->variant;
}

gboolean
syn_what_if_select_choices (SynWhatIf *self, SynChoice white, SynChoice black)
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
  return syn_analysis_write_variant_fen (self->variant, &self->result);
}

char *
syn_what_if_get_fen (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return syn_analysis_write_variant_fen (self->variant, &self->state);
}

const char *
syn_what_if_get_summary (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return gtk_label_get_text (self->summary);
}

const char *
syn_what_if_get_control_changes (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return gtk_label_get_text (self->control_changes);
}

SynBitboard
syn_what_if_get_control_changed (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), 0);
  return self->control_changed;
}

GtkDropDown *
syn_what_if_get_choice_list (SynWhatIf *self, SynColour side)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return side == SYN_WHITE ? self->white_moves : self->black_moves;
}

SynBoardView *
syn_what_if_get_position_board (SynWhatIf *self)
{
  g_return_val_if_fail (SYN_IS_WHAT_IF (self), NULL);
  return self->before_board;
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

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->tree, syn_variation_tree_free);
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
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, step_label);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, before_heading);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, after_heading);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, white_moves);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, black_moves);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, summary);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, control_changes);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, matrix_expander);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, pair_matrix);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, panes);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, matrix_pane);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, boards_pane);
  gtk_widget_class_bind_template_callback (widget_class, on_matrix_expanded_cb);

  gtk_widget_class_install_action (widget_class, "what-if.go-deeper", NULL, go_deeper_action);
  gtk_widget_class_install_action (widget_class, "what-if.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "what-if.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "what-if.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  /* Open and Save are icons, to leave a narrow window room for Play This Pair: their keys
   * are GNOME's usual ones. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "what-if.open",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "what-if.save",
                                       NULL);
}

static void
syn_what_if_init (SynWhatIf *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->white_moves, "notify::selected", G_CALLBACK (on_move_selected_cb),
                            self);
  g_signal_connect_swapped (self->black_moves, "notify::selected", G_CALLBACK (on_move_selected_cb),
                            self);
  g_signal_connect_swapped (self->pair_matrix, "cell-focused", G_CALLBACK (on_cell_focused_cb),
                            self);
  g_signal_connect_swapped (self->pair_matrix, "cell-activated",
                            G_CALLBACK (on_cell_activated_cb), self);
  g_signal_connect_swapped (self, "notify::default-width", G_CALLBACK (on_default_width_cb), self);
  on_default_width_cb (self);
  syn_board_view_set_pick_both_sides (self->before_board, TRUE);
  g_signal_connect_swapped (self->before_board, "move-chosen", G_CALLBACK (on_board_move_chosen_cb),
                            self);
}

SynWhatIf *
syn_what_if_new (GtkWindow *parent, const SynVariant *variant, const SynState *state)
{
  SynWhatIf *self = g_object_new (SYN_TYPE_WHAT_IF, "transient-for", parent, NULL);

  self->variant = variant != NULL ? variant : &syn_variant_psc;
  self->tree = syn_variation_tree_new_for_variant (self->variant, state);
  self->node = syn_variation_tree_get_root (self->tree);
  show_state (self, state);
  return self;
}
