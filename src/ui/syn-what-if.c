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

#include "syn-what-if-private.h"

#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (SynWhatIf, syn_what_if, ADW_TYPE_WINDOW)

SynChoice
_syn_what_if_selected_choice (GtkDropDown *drop_down, const SynChoice *choices, int n_choices)
{
  guint index = gtk_drop_down_get_selected (drop_down);

  return index < (guint) n_choices ? choices[index] : SYN_CHOICE_NONE;
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

void
_syn_what_if_show_state (SynWhatIf *self, const SynState *state)
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
  _syn_what_if_show_step (self);
  _syn_what_if_update_result (self);
  if (gtk_expander_get_expanded (self->matrix_expander))
    syn_pair_matrix_set_state (self->pair_matrix, self->variant, state);
}

static void
on_move_selected_cb (SynWhatIf *self)
{
  if (!self->filling)
    _syn_what_if_update_result (self);
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
  SynChoice white = _syn_what_if_selected_choice (self->white_moves, self->white, self->n_white);
  SynChoice black = _syn_what_if_selected_choice (self->black_moves, self->black, self->n_black);
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
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->panes),
                                  wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL);
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
  _syn_what_if_update_result (self);
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

  gtk_widget_class_install_action (widget_class, "what-if.go-deeper", NULL,
                                   _syn_what_if_go_deeper_action);
  gtk_widget_class_install_action (widget_class, "what-if.back", NULL, _syn_what_if_back_action);
  gtk_widget_class_install_action (widget_class, "what-if.save", NULL, _syn_what_if_save_action);
  gtk_widget_class_install_action (widget_class, "what-if.open", NULL, _syn_what_if_open_action);
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
  g_signal_connect_swapped (self->pair_matrix, "cell-activated", G_CALLBACK (on_cell_activated_cb),
                            self);
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
  _syn_what_if_show_state (self, state);
  return self;
}
