/* test-help.c: the How to Play window: it opens cleanly, has PSC's seven pages and the pages
 * of the four other rule sets, every diagram shows a position, the rule-set chooser switches
 * by pointer, action and keyboard, and PSC's last page opens the game window's keyboard
 * shortcuts.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "syn-board-view.h"
#include "syn-help-page.h"
#include "syn-help-window.h"
#include "syn-window.h"

#define N_PAGES 7

/* Every rule set in the chooser's order, with its number of pages. */
static const struct
{
  const char *id;
  guint n_pages;
} rule_sets[] = {
  { "psc", N_PAGES }, { "synchrone", 6 }, { "hk", 7 }, { "hutnik", 6 }, { "transactional", 7 },
};

/* The first widget of type under root, depth first, mapped ones only when asked. */
static GtkWidget *
find_widget (GtkWidget *root, GType type, gboolean mapped)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (!mapped || gtk_widget_get_mapped (root)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, mapped);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_carousel (GtkWidget *root)
{
  return find_widget (root, ADW_TYPE_CAROUSEL, FALSE);
}

/* The carousel of the rule set on show. */
static AdwCarousel *
visible_carousel (SynHelpWindow *window)
{
  AdwViewStack *stack
      = ADW_VIEW_STACK (find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK, FALSE));

  return ADW_CAROUSEL (adw_view_stack_get_visible_child (stack));
}

static int
carousel_index (AdwCarousel *carousel)
{
  return (int) (adw_carousel_get_position (carousel) + 0.5);
}

static void
collect_boards (GtkWidget *root, GPtrArray *boards)
{
  if (SYN_IS_BOARD_VIEW (root))
    g_ptr_array_add (boards, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_boards (child, boards);
}

/* The board on carousel page index. */
static SynBoardView *
page_board (AdwCarousel *carousel, guint index)
{
  g_autoptr (GPtrArray) boards = g_ptr_array_new ();

  collect_boards (adw_carousel_get_nth_page (carousel, index), boards);
  g_assert_cmpuint (boards->len, ==, 1);
  return SYN_BOARD_VIEW (g_ptr_array_index (boards, 0));
}

static void
wait_for_draw (GtkWidget *widget)
{
  while (!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0)
    g_main_context_iteration (NULL, TRUE);
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
on_after_paint_cb (GdkFrameClock *clock, gboolean *painted)
{
  *painted = TRUE;
}

/* Waits for the next frame of widget to be painted. */
static void
wait_for_paint (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong handler
      = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), &painted);

  gtk_widget_queue_draw (widget);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
}

/* Renders window into dir/name.png, as syn_window_save_png () does, to be looked at. */
static void
save_png (GtkWidget *window, const char *dir, const char *name)
{
  int width = gtk_widget_get_width (window), height = gtk_widget_get_height (window);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (window);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = g_strdup_printf ("%s/%s.png", dir, name);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static void
test_help_has_seven_pages_with_diagrams (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  AdwCarousel *carousel;

  gtk_window_present (GTK_WINDOW (window));
  wait_for_draw (GTK_WIDGET (window));
  carousel = ADW_CAROUSEL (find_carousel (GTK_WIDGET (window)));
  g_assert_nonnull (carousel);
  g_assert_cmpuint (adw_carousel_get_n_pages (carousel), ==, N_PAGES);

  for (guint i = 0; i < N_PAGES; i++)
    {
      SynBoardView *board = page_board (carousel, i);
      const SynBoardFacts *facts = syn_board_view_get_facts (board);

      g_assert_nonnull (facts);
      g_assert_cmpuint (facts->position.by_colour[SYN_WHITE], !=, 0);
      g_assert_false (syn_board_view_get_interactive (board));
    }

  /* The pages stay in SYNCHESS_TEST_PNG_DIR to be looked at. */
  if (g_getenv ("SYNCHESS_TEST_PNG_DIR") != NULL)
    for (guint i = 0; i < N_PAGES; i++)
      {
        g_autofree char *name = g_strdup_printf ("help-page-%u", i + 1);

        adw_carousel_scroll_to (carousel, adw_carousel_get_nth_page (carousel, i), FALSE);
        wait_for_paint (GTK_WIDGET (window));
        save_png (GTK_WIDGET (window), g_getenv ("SYNCHESS_TEST_PNG_DIR"), name);
      }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_help_control_page_shows_frozen_and_heatmap (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  AdwCarousel *carousel = ADW_CAROUSEL (find_carousel (GTK_WIDGET (window)));
  SynBoardView *control = page_board (carousel, 1);
  SynBoardView *frozen = page_board (carousel, 2);
  SynBoardView *resolve = page_board (carousel, 3);
  SynBoardView *win = page_board (carousel, 4);
  SynBoardView *fog = page_board (carousel, 5);
  const int d5 = SYN_SQUARE (3, 4), e4 = SYN_SQUARE (4, 3), e8 = SYN_SQUARE (4, 7);

  /* PSC-R3: d5 is attacked by e4 and Nc3. */
  g_assert_cmpuint (syn_board_view_get_facts (control)->frozen, ==, syn_bit (d5));
  g_assert_cmpint (syn_board_view_get_heatmap (control), ==, SYN_HEATMAP_MINE);
  g_assert_cmpuint (syn_board_view_get_facts (frozen)->frozen, ==, syn_bit (d5) | syn_bit (e4));
  g_assert_cmpuint (syn_board_view_get_facts (resolve)->frozen, ==, syn_bit (d5));
  /* PSC-R10: a frozen king loses. */
  g_assert_cmpuint (syn_board_view_get_facts (win)->frozen, ==, syn_bit (e8));
  g_assert_cmpuint (syn_board_view_get_facts (fog)->visible, !=, ~(SynBitboard) 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Every rule set's carousel has its pages, each page one still diagram with pieces on it,
 * a title and the words; the other rule sets' pages draw no PSC control or frozen pieces. */
static void
test_help_every_rule_set_has_pages (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  const char *png_dir = g_getenv ("SYNCHESS_TEST_PNG_DIR");

  gtk_window_present (GTK_WINDOW (window));
  wait_for_draw (GTK_WIDGET (window));
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "psc");

  for (guint r = 0; r < G_N_ELEMENTS (rule_sets); r++)
    {
      AdwCarousel *carousel;

      g_assert_true (syn_help_window_show_rule_set (window, rule_sets[r].id));
      g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, rule_sets[r].id);
      carousel = visible_carousel (window);
      g_assert_cmpuint (adw_carousel_get_n_pages (carousel), ==, rule_sets[r].n_pages);

      for (guint i = 0; i < rule_sets[r].n_pages; i++)
        {
          GtkWidget *page = adw_carousel_get_nth_page (carousel, i);
          SynBoardView *board = page_board (carousel, i);
          const SynBoardFacts *facts = syn_board_view_get_facts (board);

          g_assert_nonnull (facts);
          g_assert_cmpuint (
              facts->position.by_colour[SYN_WHITE] | facts->position.by_colour[SYN_BLACK], !=, 0);
          g_assert_false (syn_board_view_get_interactive (board));
          if (r == 0)
            continue;
          g_assert_true (SYN_IS_HELP_PAGE (page));
          g_assert_cmpuint (strlen (syn_help_page_get_title (SYN_HELP_PAGE (page))), >, 0);
          g_assert_cmpuint (facts->frozen, ==, 0);
          g_assert_cmpuint (facts->control[SYN_WHITE] | facts->control[SYN_BLACK], ==, 0);

          if (png_dir != NULL)
            {
              g_autofree char *name = g_strdup_printf ("help-%s-%u", rule_sets[r].id, i + 1);

              adw_carousel_scroll_to (carousel, page, FALSE);
              wait_for_paint (GTK_WIDGET (window));
              save_png (GTK_WIDGET (window), png_dir, name);
            }
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The rule sets' own examples are drawn as the rulings give them. */
static void
test_help_examples_show_their_moves (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  AdwCarousel *carousel;
  SynBoardView *board;
  const int d4 = SYN_SQUARE (3, 3), d5 = SYN_SQUARE (3, 4);

  /* SYN-E4 (SYN-R7c): both knights collided on d4 and are gone. */
  syn_help_window_show_rule_set (window, "synchrone");
  board = page_board (visible_carousel (window), 2);
  g_assert_cmpint (syn_board_view_get_facts (board)->position.board[d4], ==, SYN_NO_PIECE);

  /* HK-E2 (HK-R6): the open field d5 is tinted, and only it. */
  syn_help_window_show_rule_set (window, "hk");
  carousel = visible_carousel (window);
  board = page_board (carousel, 1);
  g_assert_cmpint (syn_board_view_get_heatmap (board), ==, SYN_HEATMAP_MINE);
  for (int square = 0; square < 64; square++)
    g_assert_cmpint (syn_board_view_get_facts (board)->attacks[SYN_WHITE][square] != 0, ==,
                     square == d5);

  /* TX-E1 (TX-R5): the refused Ne5 is drawn as a choice, not played. */
  syn_help_window_show_rule_set (window, "transactional");
  board = page_board (visible_carousel (window), 3);
  g_assert_cmpint (syn_move_from (syn_board_view_get_chosen_move (board)), ==, SYN_SQUARE (5, 2));
  g_assert_cmpint (syn_move_to (syn_board_view_get_chosen_move (board)), ==, SYN_SQUARE (4, 4));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
on_notify_rule_set_cb (GObject *object, GParamSpec *pspec, int *notified)
{
  (*notified)++;
}

/* The chooser: its buttons, the "help.rule-set" action and the function all switch, and the
 * previous and next buttons then page through the rule set on show. */
static void
test_help_chooser_switches (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  AdwCarousel *psc_carousel;
  GtkDropDown *chooser;
  int notified = 0;

  g_signal_connect (window, "notify::rule-set", G_CALLBACK (on_notify_rule_set_cb), &notified);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_draw (GTK_WIDGET (window));
  psc_carousel = visible_carousel (window);

  g_assert_true (syn_help_window_show_rule_set (window, "hk"));
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "hk");
  g_assert_true (visible_carousel (window) != psc_carousel);
  g_assert_cmpint (notified, ==, 1);

  /* An unknown id changes nothing. */
  g_assert_false (syn_help_window_show_rule_set (window, "kriegspiel"));
  g_assert_false (syn_help_window_show_rule_set (window, NULL));
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "hk");

  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (window), "help.rule-set", "s", "transactional"));
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "transactional");

  /* The chooser on screen lists every rule set, PSC first, and follows the window. */
  chooser = GTK_DROP_DOWN (find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, TRUE));
  g_assert_nonnull (chooser);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (chooser)), ==,
                    G_N_ELEMENTS (rule_sets));
  g_assert_cmpuint (gtk_drop_down_get_selected (chooser), ==, 4);
  for (guint r = 0; r < G_N_ELEMENTS (rule_sets); r++)
    {
      gtk_drop_down_set_selected (chooser, r);
      g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, rule_sets[r].id);
    }

  /* The navigation follows the rule set on show. */
  syn_help_window_show_rule_set (window, "hutnik");
  wait_for_draw (GTK_WIDGET (visible_carousel (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "help.next", NULL));
  while (adw_carousel_get_position (visible_carousel (window)) < 1.0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (carousel_index (visible_carousel (window)), ==, 1);
  g_assert_cmpint (carousel_index (psc_carousel), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The window's own shortcut for key, as the class installed it. */
static GtkShortcut *
find_shortcut (GtkWidget *widget, const char *trigger)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *text
              = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (text, trigger) == 0)
            return shortcut;
        }
    }
  return NULL;
}

static void
press (GtkWidget *widget, const char *trigger)
{
  GtkShortcut *shortcut = find_shortcut (widget, trigger);

  g_assert_nonnull (shortcut);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                               gtk_shortcut_get_arguments (shortcut)));
}

/* Keyboard: Ctrl+Page Down and Up go round the rule sets, Page Down and Up through the
 * pages, and Tab reaches the chooser and the page buttons. */
static void
test_help_keyboard_navigation (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  gboolean reached_chooser = FALSE, reached_next = FALSE;

  gtk_window_present (GTK_WINDOW (window));
  wait_for_draw (GTK_WIDGET (window));

  for (guint r = 1; r <= G_N_ELEMENTS (rule_sets); r++)
    {
      press (GTK_WIDGET (window), "<Control>Page_Down");
      g_assert_cmpstr (syn_help_window_get_rule_set (window), ==,
                       rule_sets[r % G_N_ELEMENTS (rule_sets)].id);
    }
  press (GTK_WIDGET (window), "<Control>Page_Up");
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "transactional");

  wait_for_draw (GTK_WIDGET (visible_carousel (window)));
  press (GTK_WIDGET (window), "Page_Down");
  while (adw_carousel_get_position (visible_carousel (window)) < 1.0)
    g_main_context_iteration (NULL, TRUE);
  press (GTK_WIDGET (window), "Page_Up");
  while (adw_carousel_get_position (visible_carousel (window)) > 0.0)
    g_main_context_iteration (NULL, TRUE);

  for (int i = 0; i < 40; i++)
    {
      GtkWidget *focus;

      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD)
                     || gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      if (gtk_widget_get_ancestor (focus, GTK_TYPE_DROP_DOWN) != NULL)
        reached_chooser = TRUE;
      if (GTK_IS_BUTTON (focus)
          && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)), "help.next") == 0)
        reached_next = TRUE;
    }
  g_assert_true (reached_chooser);
  g_assert_true (reached_next);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The narrow window keeps the chooser and the page buttons on screen. */
static void
test_help_narrow_window (void)
{
  SynHelpWindow *window = syn_help_window_new (NULL);
  const char *png_dir = g_getenv ("SYNCHESS_TEST_PNG_DIR");

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 560);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_draw (GTK_WIDGET (window));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), GTK_TYPE_DROP_DOWN, TRUE));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), ADW_TYPE_CAROUSEL_INDICATOR_DOTS, TRUE));
  /* No rule set's name makes the window wider than it was asked to be. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);

  if (png_dir != NULL)
    for (guint r = 0; r < G_N_ELEMENTS (rule_sets); r++)
      {
        AdwCarousel *carousel;

        syn_help_window_show_rule_set (window, rule_sets[r].id);
        carousel = visible_carousel (window);
        for (guint i = 0; i < rule_sets[r].n_pages; i++)
          {
            g_autofree char *name = g_strdup_printf ("help-narrow-%s-%u", rule_sets[r].id, i + 1);

            adw_carousel_scroll_to (carousel, adw_carousel_get_nth_page (carousel, i), FALSE);
            wait_for_paint (GTK_WIDGET (window));
            save_png (GTK_WIDGET (window), png_dir, name);
          }
      }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Opened from a game window, the guide shows that game's rule set first. */
static void
test_help_opens_on_game_rule_set (void)
{
  SynWindow *parent = syn_window_new (NULL);
  SynNewGameOptions options = { &syn_variant_hutnik, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };
  SynHelpWindow *window = syn_help_window_new (GTK_WINDOW (parent));

  /* No game yet: PSC. */
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "psc");
  gtk_window_destroy (GTK_WINDOW (window));

  syn_window_start_game (parent, &options, NULL, FALSE);
  window = syn_help_window_new (GTK_WINDOW (parent));
  g_assert_cmpstr (syn_help_window_get_rule_set (window), ==, "hutnik");
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (parent));
}

static void
on_show_help_overlay_cb (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  gboolean *activated = user_data;
  *activated = TRUE;
}

static void
test_help_opens_shortcuts_of_parent (void)
{
  GtkWidget *parent = gtk_window_new ();
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GSimpleAction) action = g_simple_action_new ("show-help-overlay", NULL);
  gboolean activated = FALSE;
  SynHelpWindow *window;

  g_signal_connect (action, "activate", G_CALLBACK (on_show_help_overlay_cb), &activated);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  gtk_widget_insert_action_group (parent, "win", G_ACTION_GROUP (group));
  window = syn_help_window_new (GTK_WINDOW (parent));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (window)) == GTK_WINDOW (parent));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "help.shortcuts", NULL));
  g_assert_true (activated);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (parent));
}

int
main (int argc, char **argv)
{
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("GTK_A11Y", "test", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/help/pages/seven-with-diagrams", test_help_has_seven_pages_with_diagrams);
  g_test_add_func ("/help/pages/control-shows-frozen",
                   test_help_control_page_shows_frozen_and_heatmap);
  g_test_add_func ("/help/shortcuts/opens-parent-overlay", test_help_opens_shortcuts_of_parent);
  g_test_add_func ("/help/rule-sets/every-one-has-pages", test_help_every_rule_set_has_pages);
  g_test_add_func ("/help/rule-sets/examples-show-their-moves",
                   test_help_examples_show_their_moves);
  g_test_add_func ("/help/chooser/switches", test_help_chooser_switches);
  g_test_add_func ("/help/chooser/opens-on-game-rule-set", test_help_opens_on_game_rule_set);
  g_test_add_func ("/help/keyboard/rule-sets-pages-and-focus", test_help_keyboard_navigation);
  g_test_add_func ("/help/narrow/chooser-and-buttons", test_help_narrow_window);
  return g_test_run ();
}
