/* syn-help-window.c: the How to Play window: one page per idea of Parrow Synchronous Chess,
 * each with a small board drawn by the game's own board widget from a FEN.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-help"

#include "config.h"

#include "syn-help-window.h"

#include "syn-board-view.h"

struct _SynHelpWindow
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwCarousel *carousel;
  SynBoardView *turn_board;
  SynBoardView *control_board;
  SynBoardView *frozen_board;
  SynBoardView *resolve_board;
  SynBoardView *win_board;
  SynBoardView *fog_board;
};

G_DEFINE_FINAL_TYPE (SynHelpWindow, syn_help_window, ADW_TYPE_WINDOW)

/* The diagrams. The middle game is the rules' own example: 1. e4/e5 2. Nf3/d5 3. Nc3/a6. */
#define FEN_AFTER_E4_E5 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3e6 0 2"
#define FEN_EXAMPLE "rnbqkbnr/1pp2ppp/p7/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4"
#define FEN_BOTH_FROZEN "rnbqkb1r/1pp2ppp/p4n2/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 1 4"
#define FEN_AFTER_EXD5_NF6 "rnbqkb1r/1pp2ppp/p4n2/3Pp3/8/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 5"
#define FEN_KING_FROZEN "4k3/8/3N4/8/8/8/8/4R1K1 w - - 0 40"

static void
show_position (SynBoardView *board, const char *fen, SynHeatmapMode heatmap, gboolean fog)
{
  SynState state;
  SynFenError error;
  g_autofree SynBoardFacts *facts = g_new0 (SynBoardFacts, 1);

  if (!syn_variant_psc.read_state (fen, &state, &error))
    {
      g_critical ("Bad diagram FEN %s: %s", fen, error.message);
      return;
    }
  syn_board_facts_compute (facts, &syn_variant_psc, &state, SYN_WHITE, fog);
  syn_board_view_set_interactive (board, FALSE);
  syn_board_view_set_animate (board, FALSE);
  syn_board_view_set_heatmap (board, heatmap);
  syn_board_view_set_facts (board, facts);
}

static SynMove
plain_move (int from_file, int from_rank, int to_file, int to_rank)
{
  return syn_move_make (SYN_SQUARE (from_file, from_rank), SYN_SQUARE (to_file, to_rank),
                        SYN_MOVE_PLAIN);
}

static void
update_navigation (SynHelpWindow *self)
{
  guint n_pages = adw_carousel_get_n_pages (self->carousel);
  double position = adw_carousel_get_position (self->carousel);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.previous", position > 0.5);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.next", position < n_pages - 1.5);
}

static void
on_carousel_page_changed_cb (SynHelpWindow *self, guint index)
{
  update_navigation (self);
}

static void
scroll_by (SynHelpWindow *self, int delta)
{
  int n_pages = (int) adw_carousel_get_n_pages (self->carousel);
  int index = (int) (adw_carousel_get_position (self->carousel) + 0.5) + delta;

  if (index < 0 || index >= n_pages)
    return;
  adw_carousel_scroll_to (self->carousel, adw_carousel_get_nth_page (self->carousel, index), TRUE);
}

static void
previous_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  scroll_by (SYN_HELP_WINDOW (widget), -1);
}

static void
next_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  scroll_by (SYN_HELP_WINDOW (widget), 1);
}

/* The shortcuts window belongs to the game window, which owns the action. */
static void
shortcuts_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent != NULL)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.show-help-overlay", NULL);
}

static void
syn_help_window_class_init (SynHelpWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (SYN_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, carousel);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, turn_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, control_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, frozen_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, resolve_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, win_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, fog_board);
  gtk_widget_class_bind_template_callback (widget_class, on_carousel_page_changed_cb);

  gtk_widget_class_install_action (widget_class, "help.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "help.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "help.shortcuts", NULL, shortcuts_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "help.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "help.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "help.previous",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "help.next",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_help_window_init (SynHelpWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  show_position (self->turn_board, FEN_AFTER_E4_E5, SYN_HEATMAP_OFF, FALSE);
  syn_board_view_set_last_turn (self->turn_board, plain_move (4, 1, 4, 3), plain_move (4, 6, 4, 4));
  show_position (self->control_board, FEN_EXAMPLE, SYN_HEATMAP_MINE, FALSE);
  show_position (self->frozen_board, FEN_BOTH_FROZEN, SYN_HEATMAP_OFF, FALSE);
  show_position (self->resolve_board, FEN_AFTER_EXD5_NF6, SYN_HEATMAP_OFF, FALSE);
  syn_board_view_set_last_turn (self->resolve_board, plain_move (4, 3, 3, 4),
                                plain_move (6, 7, 5, 5));
  show_position (self->win_board, FEN_KING_FROZEN, SYN_HEATMAP_OFF, FALSE);
  show_position (self->fog_board, FEN_EXAMPLE, SYN_HEATMAP_OFF, TRUE);
  update_navigation (self);
}

SynHelpWindow *
syn_help_window_new (GtkWindow *parent)
{
  return g_object_new (SYN_TYPE_HELP_WINDOW, "transient-for", parent, NULL);
}
