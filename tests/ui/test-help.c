/* test-help.c: the How to Play window: it opens cleanly, has its six pages, every diagram
 * shows a position, and its last page opens the game window's keyboard shortcuts.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "syn-board-view.h"
#include "syn-help-window.h"

#define N_PAGES 6

static GtkWidget *
find_carousel (GtkWidget *root)
{
  if (ADW_IS_CAROUSEL (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_carousel (child);
      if (found != NULL)
        return found;
    }
  return NULL;
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
test_help_has_six_pages_with_diagrams (void)
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

  g_test_add_func ("/help/pages/six-with-diagrams", test_help_has_six_pages_with_diagrams);
  g_test_add_func ("/help/pages/control-shows-frozen",
                   test_help_control_page_shows_frozen_and_heatmap);
  g_test_add_func ("/help/shortcuts/opens-parent-overlay", test_help_opens_shortcuts_of_parent);
  return g_test_run ();
}
