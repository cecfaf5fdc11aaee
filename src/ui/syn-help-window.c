/* syn-help-window.c: the How to Play window: for each rule set, one page per idea, each
 * with a small board drawn by the game's own board widget from a FEN. The PSC pages are
 * drawn with PSC's control and frozen pieces; the other rule sets' pages are SynHelpPages.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-help"

#include "config.h"

#include "syn-help-window.h"

#include "syn-board-view.h"
#include "syn-help-page.h"
#include "syn-window.h"

struct _SynHelpWindow
{
  AdwWindow parent_instance;

  /* template widgets */
  AdwViewStack *rule_sets;
  GtkDropDown *chooser;
  AdwCarouselIndicatorDots *dots;
  AdwCarousel *carousel; /* PSC's */
  SynBoardView *turn_board;
  SynBoardView *control_board;
  SynBoardView *frozen_board;
  SynBoardView *resolve_board;
  SynBoardView *win_board;
  SynBoardView *fog_board;
};

G_DEFINE_FINAL_TYPE (SynHelpWindow, syn_help_window, ADW_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_RULE_SET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

/* Each rule set's pages are one carousel, the child of its page in the stack. */
static AdwCarousel *
visible_carousel (SynHelpWindow *self)
{
  return ADW_CAROUSEL (adw_view_stack_get_visible_child (self->rule_sets));
}

static void
update_navigation (SynHelpWindow *self)
{
  AdwCarousel *carousel = visible_carousel (self);
  guint n_pages = adw_carousel_get_n_pages (carousel);
  double position = adw_carousel_get_position (carousel);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.previous", position > 0.5);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "help.next", position < n_pages - 1.5);
}

static void
on_carousel_page_changed_cb (SynHelpWindow *self, guint index)
{
  update_navigation (self);
}

/* The position of the rule set on show in the stack, which is the chooser's order. */
static guint
visible_rule_set_index (SynHelpWindow *self)
{
  g_autoptr (GtkSelectionModel) pages = adw_view_stack_get_pages (self->rule_sets);
  GtkWidget *visible = adw_view_stack_get_visible_child (self->rule_sets);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (pages));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i);

      if (adw_view_stack_page_get_child (page) == visible)
        return i;
    }
  return 0;
}

static void
show_rule_set_at (SynHelpWindow *self, guint index)
{
  g_autoptr (GtkSelectionModel) pages = adw_view_stack_get_pages (self->rule_sets);
  g_autoptr (AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), index);

  if (page != NULL)
    adw_view_stack_set_visible_child (self->rule_sets, adw_view_stack_page_get_child (page));
}

static void
on_chooser_selected_cb (SynHelpWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->chooser);

  if (selected != GTK_INVALID_LIST_POSITION && selected != visible_rule_set_index (self))
    show_rule_set_at (self, selected);
}

/* The chooser, the previous and next buttons and the dots follow the rule set on show. */
static void
on_rule_set_changed_cb (SynHelpWindow *self)
{
  if (self->chooser == NULL)
    return;
  gtk_drop_down_set_selected (self->chooser, visible_rule_set_index (self));
  adw_carousel_indicator_dots_set_carousel (self->dots, visible_carousel (self));
  update_navigation (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RULE_SET]);
}

static void
scroll_by (SynHelpWindow *self, int delta)
{
  AdwCarousel *carousel = visible_carousel (self);
  int n_pages = (int) adw_carousel_get_n_pages (carousel);
  int index = (int) (adw_carousel_get_position (carousel) + 0.5) + delta;

  if (index < 0 || index >= n_pages)
    return;
  adw_carousel_scroll_to (carousel, adw_carousel_get_nth_page (carousel, index), TRUE);
}

/* Moves to the rule set delta places along the chooser, wrapping round. */
static void
switch_rule_set_by (SynHelpWindow *self, int delta)
{
  g_autoptr (GtkSelectionModel) pages = adw_view_stack_get_pages (self->rule_sets);
  int n = (int) g_list_model_get_n_items (G_LIST_MODEL (pages));

  show_rule_set_at (self, (guint) (((int) visible_rule_set_index (self) + delta + n) % n));
}

static void
previous_rule_set_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  switch_rule_set_by (SYN_HELP_WINDOW (widget), -1);
}

static void
next_rule_set_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  switch_rule_set_by (SYN_HELP_WINDOW (widget), 1);
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

/* The chooser shows a rule set by its title, shortened at the end when the window is narrow,
 * so the longest name never makes the window wider than a phone. */
static void
on_chooser_item_setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
on_chooser_item_bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  AdwViewStackPage *page = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       adw_view_stack_page_get_title (page));
}

static void
syn_help_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynHelpWindow *self = SYN_HELP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_RULE_SET:
      g_value_set_string (value, syn_help_window_get_rule_set (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_help_window_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  SynHelpWindow *self = SYN_HELP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_RULE_SET:
      syn_help_window_show_rule_set (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_help_window_class_init (SynHelpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = syn_help_window_get_property;
  object_class->set_property = syn_help_window_set_property;

  /* The id of the rule set on show ("psc", "hk", ...). */
  properties[PROP_RULE_SET]
      = g_param_spec_string ("rule-set", NULL, NULL, "psc",
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (SYN_TYPE_BOARD_VIEW);
  g_type_ensure (SYN_TYPE_HELP_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-help-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, rule_sets);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, chooser);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, dots);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, carousel);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, turn_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, control_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, frozen_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, resolve_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, win_board);
  gtk_widget_class_bind_template_child (widget_class, SynHelpWindow, fog_board);
  gtk_widget_class_bind_template_callback (widget_class, on_carousel_page_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_rule_set_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_chooser_selected_cb);

  gtk_widget_class_install_action (widget_class, "help.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "help.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "help.shortcuts", NULL, shortcuts_action);
  gtk_widget_class_install_action (widget_class, "help.previous-rule-set", NULL,
                                   previous_rule_set_action);
  gtk_widget_class_install_action (widget_class, "help.next-rule-set", NULL, next_rule_set_action);
  gtk_widget_class_install_property_action (widget_class, "help.rule-set", "rule-set");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "help.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "help.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "help.previous",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "help.next",
                                       NULL);
  /* As between tabs elsewhere. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, GDK_CONTROL_MASK,
                                       "help.previous-rule-set", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, GDK_CONTROL_MASK,
                                       "help.next-rule-set", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
syn_help_window_init (SynHelpWindow *self)
{
  g_autoptr (GtkSelectionModel) pages = NULL;
  g_autoptr (GtkExpression) title
      = gtk_property_expression_new (ADW_TYPE_VIEW_STACK_PAGE, NULL, "title");
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The chooser lists the stack's pages by their titles. */
  pages = adw_view_stack_get_pages (self->rule_sets);
  gtk_drop_down_set_expression (self->chooser, title);
  g_signal_connect (factory, "setup", G_CALLBACK (on_chooser_item_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_chooser_item_bind_cb), NULL);
  gtk_drop_down_set_factory (self->chooser, factory);
  gtk_drop_down_set_model (self->chooser, G_LIST_MODEL (pages));

  show_position (self->turn_board, FEN_AFTER_E4_E5, SYN_HEATMAP_OFF, FALSE);
  syn_board_view_set_last_turn (self->turn_board, plain_move (4, 1, 4, 3), plain_move (4, 6, 4, 4));
  show_position (self->control_board, FEN_EXAMPLE, SYN_HEATMAP_MINE, FALSE);
  show_position (self->frozen_board, FEN_BOTH_FROZEN, SYN_HEATMAP_OFF, FALSE);
  show_position (self->resolve_board, FEN_AFTER_EXD5_NF6, SYN_HEATMAP_OFF, FALSE);
  syn_board_view_set_last_turn (self->resolve_board, plain_move (4, 3, 3, 4),
                                plain_move (6, 7, 5, 5));
  show_position (self->win_board, FEN_KING_FROZEN, SYN_HEATMAP_OFF, FALSE);
  show_position (self->fog_board, FEN_EXAMPLE, SYN_HEATMAP_OFF, TRUE);
  on_rule_set_changed_cb (self);
}

SynHelpWindow *
syn_help_window_new (GtkWindow *parent)
{
  SynHelpWindow *self = g_object_new (SYN_TYPE_HELP_WINDOW, "transient-for", parent, NULL);

  /* Opened from a game, the guide starts with that game's rules. */
  if (SYN_IS_WINDOW (parent) && syn_window_get_game (SYN_WINDOW (parent)) != NULL)
    syn_help_window_show_rule_set (
        self, syn_game_get_variant (syn_window_get_game (SYN_WINDOW (parent)))->id);
  return self;
}

gboolean
syn_help_window_show_rule_set (SynHelpWindow *self, const char *rule_set)
{
  g_return_val_if_fail (SYN_IS_HELP_WINDOW (self), FALSE);

  if (rule_set == NULL || adw_view_stack_get_child_by_name (self->rule_sets, rule_set) == NULL)
    return FALSE;
  adw_view_stack_set_visible_child_name (self->rule_sets, rule_set);
  return TRUE;
}

const char *
syn_help_window_get_rule_set (SynHelpWindow *self)
{
  g_return_val_if_fail (SYN_IS_HELP_WINDOW (self), NULL);
  return adw_view_stack_get_visible_child_name (self->rule_sets);
}
