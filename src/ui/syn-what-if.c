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
#include "syn-variation-tree.h"

struct _SynWhatIf
{
  AdwWindow parent_instance;

  /* template widgets */
  SynBoardView *before_board;
  SynBoardView *after_board;
  GtkDropDown *white_moves;
  GtkDropDown *black_moves;
  GtkLabel *summary;
  GtkLabel *control_changes;
  GtkExpander *matrix_expander;
  SynPairMatrix *pair_matrix;

  /* owned */
  SynState state;
  SynState result;
  SynMove white[SYN_MAX_MOVES];
  SynMove black[SYN_MAX_MOVES];
  int n_white;
  int n_black;
  SynVariationTree *tree;      /* every pair explored, from the first position */
  SynVariationNode *node;      /* in tree: the position the moves are chosen in */
  SynBitboard control_changed; /* squares whose control the pair changed */
  GtkNativeDialog *chooser;
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
 * board (facts.moves holds the viewer's alone). */
static void
add_black_moves (SynWhatIf *self, SynBoardFacts *facts)
{
  for (int i = 0; i < self->n_black && facts->n_moves < SYN_MAX_MOVES; i++)
    facts->moves[facts->n_moves++] = self->black[i];
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
  add_black_moves (self, &before);
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
  show_control_changes (self, &before, &after);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "what-if.back",
                                 syn_variation_node_get_parent (self->node) != NULL);
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

/* A move picked on the position's board, by pointer or keyboard: the colour of the piece
 * says whose move it is; the other side's choice stays. */
static void
on_board_move_chosen_cb (SynWhatIf *self, guint move)
{
  SynPiece piece = self->state.board.board[syn_move_from ((SynMove) move)];
  SynMove white = selected_move (self->white_moves, self->white, self->n_white);
  SynMove black = selected_move (self->black_moves, self->black, self->n_black);

  if (piece == SYN_NO_PIECE)
    return;
  if (SYN_PIECE_COLOUR (piece) == SYN_WHITE)
    white = (SynMove) move;
  else
    black = (SynMove) move;
  syn_what_if_select_moves (self, white, black);
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
  SynMove white = selected_move (self->white_moves, self->white, self->n_white);
  SynMove black = selected_move (self->black_moves, self->black, self->n_black);

  /* A pair not yet explored here becomes a new branch; a known one is followed. */
  self->node = syn_variation_node_add_child (self->node, white, black);
  show_state (self, syn_variation_node_get_state (self->node));
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWhatIf *self = SYN_WHAT_IF (widget);
  SynVariationNode *left = self->node;
  SynMove white, black;

  if (syn_variation_node_get_parent (left) == NULL)
    return;
  self->node = syn_variation_node_get_parent (left);
  show_state (self, syn_variation_node_get_state (self->node));
  /* The pair that led where we were stays chosen, so Go Deeper returns there. */
  syn_variation_node_get_pair (left, &white, &black);
  syn_what_if_select_moves (self, white, black);
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
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, white_moves);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, black_moves);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, summary);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, control_changes);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, matrix_expander);
  gtk_widget_class_bind_template_child (widget_class, SynWhatIf, pair_matrix);
  gtk_widget_class_bind_template_callback (widget_class, on_matrix_expanded_cb);

  gtk_widget_class_install_action (widget_class, "what-if.go-deeper", NULL, go_deeper_action);
  gtk_widget_class_install_action (widget_class, "what-if.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "what-if.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "what-if.open", NULL, open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
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
  syn_board_view_set_pick_both_sides (self->before_board, TRUE);
  g_signal_connect_swapped (self->before_board, "move-chosen", G_CALLBACK (on_board_move_chosen_cb),
                            self);
}

SynWhatIf *
syn_what_if_new (GtkWindow *parent, const SynState *state)
{
  SynWhatIf *self = g_object_new (SYN_TYPE_WHAT_IF, "transient-for", parent, NULL);

  self->tree = syn_variation_tree_new (state);
  self->node = syn_variation_tree_get_root (self->tree);
  show_state (self, state);
  return self;
}
