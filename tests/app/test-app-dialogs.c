/* test-app-dialogs.c: the window names the rule set being played, the New Game dialog fits
 * its texts in a narrow width with its clock in sight, and the position editor plays each
 * rule set and lists every fault of a position, marked on its board.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>

#include "app-test-util.h"
#include "syn-board-view.h"
#include "syn-new-game-dialog.h"
#include "syn-notation.h"
#include "syn-position-editor.h"
#include "syn-what-if.h"

/* The toplevel of type, once it is mapped. */
static GtkWidget *
find_toplevel (GType type)
{
  GtkWindow *toplevel = app_test_newest_toplevel (NULL, type);

  return toplevel && gtk_widget_get_mapped (GTK_WIDGET (toplevel)) ? GTK_WIDGET (toplevel) : NULL;
}

static gboolean
toplevel_shown (gpointer data)
{
  return find_toplevel (GPOINTER_TO_SIZE (data)) != NULL;
}

static gboolean
is_row_titled (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

/* Every label shown under root whole: none ellipsized, none given less width than it needs
 * on one line unless it wraps. Fails naming the first cut one. */
static void
assert_no_label_cut (GtkWidget *root, const char *where)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root))
    {
      GtkLabel *label = GTK_LABEL (root);
      int natural = 0;

      gtk_widget_measure (root, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      /* A label that may ellipsize says whether it did; one that may not would be clipped
       * when given less than its natural width. */
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label))
          || (gtk_label_get_ellipsize (label) == PANGO_ELLIPSIZE_NONE && !gtk_label_get_wrap (label)
              && natural > gtk_widget_get_width (root) + 1))
        g_error ("%s: '%s' is cut: %d px of %d", where, gtk_label_get_text (label),
                 gtk_widget_get_width (root), natural);
    }
  /* A squeezer draws its visible child alone; the others stay mapped in libadwaita 1.2. */
  if (ADW_IS_SQUEEZER (root))
    {
      if (adw_squeezer_get_visible_child (ADW_SQUEEZER (root)))
        assert_no_label_cut (adw_squeezer_get_visible_child (ADW_SQUEEZER (root)), where);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    assert_no_label_cut (child, where);
}

/* widget lies wholly inside the part of its scrolled window that shows, unscrolled. */
static void
assert_in_sight (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_nonnull (scrolled);
  g_assert_cmpfloat (gtk_adjustment_get_value (
                         gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled))),
                     ==, 0);
  g_assert_true (gtk_widget_compute_bounds (widget, scrolled, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scrolled));
}

static SynNewGameDialog *
open_new_game (SynWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_true (
      app_test_iterate_until (toplevel_shown, GSIZE_TO_POINTER (SYN_TYPE_NEW_GAME_DIALOG), 5000));
  return SYN_NEW_GAME_DIALOG (find_toplevel (SYN_TYPE_NEW_GAME_DIALOG));
}

static void
test_new_game_fits_360 (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  SynNewGameDialog *dialog;
  AdwComboRow *variant_row, *opponent_row;
  int default_width, default_height;

  g_assert_nonnull (window);
  dialog = open_new_game (window);
  gtk_window_get_default_size (GTK_WINDOW (dialog), &default_width, &default_height);
  gtk_window_set_default_size (GTK_WINDOW (dialog), 360, default_height);
  app_test_settle (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dialog)), <=, 362);

  variant_row = ADW_COMBO_ROW (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Variant")));
  opponent_row
      = ADW_COMBO_ROW (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Opponent")));
  g_assert_nonnull (variant_row);
  g_assert_nonnull (opponent_row);
  /* Each rule set, against a person and against the computer (whose rows say more). */
  for (guint opponent = 0; opponent < 2; opponent++)
    for (guint v = 0; syn_variant_all ()[v]; v++)
      {
        const SynVariant *variant = syn_variant_all ()[v];
        g_autofree char *where = g_strdup_printf ("%s, opponent %u", variant->id, opponent);

        adw_combo_row_set_selected (opponent_row, opponent);
        adw_combo_row_set_selected (variant_row, v);
        app_test_settle (150);
        /* The row says which rule set it is and what it is. */
        g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (variant_row)),
                                  syn_notation_variant_name (variant)));
        if (v == 0)
          {
            g_autofree char *name = g_strdup_printf ("new-game-360-opponent-%u.png", opponent);
            app_test_shoot_widget (GTK_WIDGET (dialog), name, 0);
          }
        assert_no_label_cut (GTK_WIDGET (dialog), where);
        assert_in_sight (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Time Control")));
      }
  app_test_quit (app, window);
}

/* The rule set chosen is played, and offered first the next time. */
static void
test_new_game_keeps_rule_set (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  SynNewGameDialog *dialog;
  AdwComboRow *variant_row;

  g_assert_nonnull (window);
  dialog = open_new_game (window);
  variant_row = ADW_COMBO_ROW (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Variant")));
  g_assert_cmpuint (adw_combo_row_get_selected (variant_row), ==, 0);
  adw_combo_row_set_selected (variant_row, 3);
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (dialog), app_test_is_button_labelled, _ ("_Start")), "clicked");
  app_test_settle (200);
  g_assert_cmpstr (syn_game_get_variant (syn_window_get_game (window))->id, ==,
                   syn_variant_all ()[3]->id);

  dialog = open_new_game (window);
  variant_row = ADW_COMBO_ROW (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Variant")));
  g_assert_cmpuint (adw_combo_row_get_selected (variant_row), ==, 3);
  app_test_quit (app, window);
}

/* The title the window shows: the squeezer's visible one. */
static AdwWindowTitle *
shown_title (SynWindow *window)
{
  AdwSqueezer *squeezer
      = ADW_SQUEEZER (app_test_find_type (GTK_WIDGET (window), ADW_TYPE_SQUEEZER));

  g_assert_nonnull (squeezer);
  g_assert_true (ADW_IS_WINDOW_TITLE (adw_squeezer_get_visible_child (squeezer)));
  return ADW_WINDOW_TITLE (adw_squeezer_get_visible_child (squeezer));
}

/* The window's title names the rule set being played: whole, wide; in a narrow window a
 * shorter form of it, still whole. */
static void
test_title_names_rule_set (void)
{
  static const int widths[] = { 1280, 400 };

  for (gsize w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      SynApplication *app = NULL;
      SynWindow *window = app_test_start (&app, widths[w], 800);

      g_assert_nonnull (window);
      for (guint v = 0; syn_variant_all ()[v]; v++)
        {
          const SynVariant *variant = syn_variant_all ()[v];
          SynNewGameOptions options = { .variant = variant, .opponent = SYN_PLAYER_HUMAN };
          g_autofree char *name = g_strdup_printf ("title-%d-%s.png", widths[w], variant->id);
          const char *full = syn_notation_variant_name (variant);
          const char *title;

          syn_window_start_game (window, &options, NULL, FALSE);
          app_test_settle (200);
          app_test_shoot_widget (GTK_WIDGET (window), name, 0);
          title = adw_window_title_get_title (shown_title (window));
          /* The full name is always the squeezer's first title; a narrow window shows the
           * short one. */
          g_assert_cmpstr (adw_window_title_get_title (ADW_WINDOW_TITLE (
                               app_test_find_type (GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE))),
                           ==, full);
          if (widths[w] > 1000)
            g_assert_cmpstr (title, ==, full);
          else
            g_assert_cmpstr (title, !=, "Synchess");
          assert_no_label_cut (GTK_WIDGET (shown_title (window)), variant->id);
        }
      app_test_quit (app, window);
    }
}

static void
click_square (SynPositionEditor *editor, const char *name, int button)
{
  app_test_click_square (app_test_find_type (GTK_WIDGET (editor), SYN_TYPE_BOARD_VIEW), name,
                         button);
}

static gboolean
is_named (GtkWidget *widget, gconstpointer data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static SynPositionEditor *
open_editor (SynWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-position", NULL));
  g_assert_true (
      app_test_iterate_until (toplevel_shown, GSIZE_TO_POINTER (SYN_TYPE_POSITION_EDITOR), 5000));
  app_test_settle (300);
  return SYN_POSITION_EDITOR (find_toplevel (SYN_TYPE_POSITION_EDITOR));
}

/* A second white king and a pawn on the last rank, put with real clicks, and the black king
 * erased with a right click: each fault is listed in words in sight, its squares ringed. */
static void
test_editor_lists_faults (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  SynPositionEditor *editor;
  GtkWidget *faults, *faults_label;
  SynBoardView *board;
  const char *text;

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("no xdotool or no X11: no real clicks");
      app_test_quit (app, window);
      return;
    }
  editor = open_editor (window);
  gtk_window_set_default_size (GTK_WINDOW (editor), 1100, 720);
  app_test_settle (300);
  faults = app_test_find (GTK_WIDGET (editor), is_named, "fault-list");
  g_assert_nonnull (faults);
  g_assert_false (gtk_widget_get_visible (faults));
  board = SYN_BOARD_VIEW (app_test_find_type (GTK_WIDGET (editor), SYN_TYPE_BOARD_VIEW));
  g_assert_cmphex (syn_board_view_get_marked_squares (board), ==, 0);

  app_test_pointer (app_test_find (GTK_WIDGET (editor), is_named, "palette-K"), -1, -1, 1);
  click_square (editor, "a1", 1);
  app_test_pointer (app_test_find (GTK_WIDGET (editor), is_named, "palette-P"), -1, -1, 1);
  click_square (editor, "h8", 1);
  click_square (editor, "e8", 3);
  app_test_shoot_widget (GTK_WIDGET (editor), "editor-faults.png", 0);

  /* Every fault, in words, in sight without scrolling. */
  g_assert_true (gtk_widget_get_mapped (faults));
  g_assert_null (gtk_widget_get_ancestor (faults, GTK_TYPE_SCROLLED_WINDOW));
  faults_label = app_test_find_type (faults, GTK_TYPE_LABEL);
  while (faults_label && !gtk_widget_has_css_class (faults_label, "error"))
    faults_label = gtk_widget_get_next_sibling (faults_label);
  g_assert_nonnull (faults_label);
  text = gtk_label_get_text (GTK_LABEL (faults_label));
  g_assert_cmpstr (text, ==, "White has two kings\nBlack has no king\nA pawn on the last rank: h8");
  g_assert_cmpstr (syn_position_editor_get_error (editor), ==, text);
  assert_no_label_cut (faults, "fault list");
  /* The squares at fault are marked on the board. */
  g_assert_cmphex (syn_board_view_get_marked_squares (board), ==,
                   syn_bit (syn_square_from_text ("a1")) | syn_bit (syn_square_from_text ("e1"))
                       | syn_bit (syn_square_from_text ("h8")));
  /* Nothing to play from: Play from Here would close the editor. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL);
  app_test_settle (100);
  g_assert_true (find_toplevel (SYN_TYPE_POSITION_EDITOR) == GTK_WIDGET (editor));

  /* Mended, the list goes. */
  app_test_pointer (app_test_find (GTK_WIDGET (editor), is_named, "palette-k"), -1, -1, 1);
  click_square (editor, "e8", 1);
  click_square (editor, "a1", 3);
  click_square (editor, "h8", 3);
  g_assert_false (gtk_widget_get_visible (faults));
  g_assert_null (syn_position_editor_get_error (editor));
  g_assert_cmphex (syn_board_view_get_marked_squares (board), ==, 0);
  app_test_quit (app, window);
}

/* 400 px wide, the panel goes under the board: the faults are in sight, nothing cut. */
static void
test_editor_narrow (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 400, 800);
  SynPositionEditor *editor;
  GtkWidget *faults;
  graphene_rect_t bounds;

  g_assert_nonnull (window);
  editor = open_editor (window);
  gtk_window_set_default_size (GTK_WINDOW (editor), 400, 800);
  app_test_settle (300);
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_WHITE, SYN_KING));
  syn_position_editor_activate_square (editor, syn_square_from_text ("a1"), FALSE);
  app_test_settle (300);
  app_test_shoot_widget (GTK_WIDGET (editor), "editor-narrow.png", 0);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (editor)), <=, 400);
  faults = app_test_find (GTK_WIDGET (editor), is_named, "fault-list");
  g_assert_true (gtk_widget_get_mapped (faults));
  g_assert_true (gtk_widget_compute_bounds (faults, GTK_WIDGET (editor), &bounds));
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, 400);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_widget_get_height (GTK_WIDGET (editor)));
  assert_no_label_cut (GTK_WIDGET (editor), "narrow editor");
  app_test_quit (app, window);
}

/* From a game of another rule set, the editor, Explore and Play from Here keep its rules. */
static void
test_editor_keeps_rule_set (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);

  g_assert_nonnull (window);
  for (guint v = 0; syn_variant_all ()[v]; v++)
    {
      const SynVariant *variant = syn_variant_all ()[v];
      SynNewGameOptions options = { .variant = variant, .opponent = SYN_PLAYER_HUMAN };
      SynPositionEditor *editor;
      AdwComboRow *variant_row;
      g_autofree char *shot = g_strdup_printf ("editor-%s.png", variant->id);

      syn_window_start_game (window, &options, NULL, FALSE);
      /* Over, so that nothing it hides (pending moves, TX-R14) would be shown. */
      syn_game_resign (syn_window_get_game (window), SYN_BLACK);
      app_test_settle (100);
      editor = open_editor (window);
      g_assert_true (syn_position_editor_get_variant (editor) == variant);
      variant_row
          = ADW_COMBO_ROW (app_test_find (GTK_WIDGET (editor), is_row_titled, _ ("_Variant")));
      g_assert_nonnull (variant_row);
      g_assert_cmpuint (adw_combo_row_get_selected (variant_row), ==, v);
      g_assert_null (syn_position_editor_get_error (editor));
      app_test_shoot_widget (GTK_WIDGET (editor), shot, 0);

      /* Explore opens the what-if in these rules. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.explore", NULL));
      g_assert_true (
          app_test_iterate_until (toplevel_shown, GSIZE_TO_POINTER (SYN_TYPE_WHAT_IF), 5000));
      gtk_window_destroy (GTK_WINDOW (find_toplevel (SYN_TYPE_WHAT_IF)));

      /* Play from Here starts a game of these rules. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL));
      app_test_settle (200);
      g_assert_true (syn_game_get_variant (syn_window_get_game (window)) == variant);
      g_assert_false (syn_game_is_over (syn_window_get_game (window)));
    }
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/new-game/fits-360-clock-in-sight", test_new_game_fits_360);
  g_test_add_func ("/app/new-game/keeps-rule-set", test_new_game_keeps_rule_set);
  g_test_add_func ("/app/window/title-names-rule-set", test_title_names_rule_set);
  g_test_add_func ("/app/editor/lists-every-fault", test_editor_lists_faults);
  g_test_add_func ("/app/editor/keeps-rule-set", test_editor_keeps_rule_set);
  g_test_add_func ("/app/editor/narrow", test_editor_narrow);
  return g_test_run ();
}
