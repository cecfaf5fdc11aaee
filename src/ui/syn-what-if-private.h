/* syn-what-if-private.h: the what-if window's struct and the helpers its files share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-what-if.h"

#include "syn-board-view.h"
#include "syn-variation-tree.h"

G_BEGIN_DECLS

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

/* syn-what-if.c */
SynChoice _syn_what_if_selected_choice (GtkDropDown *drop_down, const SynChoice *choices,
                                        int n_choices);
void _syn_what_if_show_state (SynWhatIf *self, const SynState *state);

/* syn-what-if-summary.c */
void _syn_what_if_update_result (SynWhatIf *self);
void _syn_what_if_show_step (SynWhatIf *self);

/* syn-what-if-tree.c */
void _syn_what_if_go_deeper_action (GtkWidget *widget, const char *action_name,
                                    GVariant *parameter);
void _syn_what_if_back_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_what_if_save_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_what_if_open_action (GtkWidget *widget, const char *action_name, GVariant *parameter);

G_END_DECLS
