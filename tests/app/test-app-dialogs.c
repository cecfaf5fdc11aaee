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
#include <locale.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

#include "app-test-util.h"
#include "syn-board-view.h"
#include "syn-new-game-dialog.h"
#include "syn-notation.h"
#include "syn-position-editor.h"
#include "syn-what-if.h"

/* With APP_TEST_SHOTS set to a folder, each look checked is also written there as a PNG,
 * for a person to look at. */
static void
save_shot (GtkWidget *widget, const char *name)
{
  const char *folder = g_getenv ("APP_TEST_SHOTS");
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;

  if (folder == NULL)
    return;
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (folder, name, NULL);
  gdk_texture_save_to_png (texture, path);
}

static GtkWidget *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type) && gtk_widget_get_mapped (toplevel))
        return toplevel;
    }
  return NULL;
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
            save_shot (GTK_WIDGET (dialog), name);
          }
        assert_no_label_cut (GTK_WIDGET (dialog), where);
        assert_in_sight (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Time Control")));
      }
  app_test_quit (app, window);
}

static gboolean
is_button_labelled (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
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
  g_signal_emit_by_name (app_test_find (GTK_WIDGET (dialog), is_button_labelled, _ ("_Start")),
                         "clicked");
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
          save_shot (GTK_WIDGET (window), name);
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

/* A real click of button at (x, y) in widget (its middle for -1), sent through the X server
 * to widget's window. */
static void
real_click (GtkWidget *widget, double x, double y, int button)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t point;
  double dx, dy;
  g_autofree char *window = NULL, *px = NULL, *py = NULL, *pressed = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  if (x < 0)
    x = gtk_widget_get_width (widget) / 2.0;
  if (y < 0)
    y = gtk_widget_get_height (widget) / 2.0;
  g_assert_true (
      gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &point));
  /* Client-side decorations may put the window's widget off the surface's corner. */
  gtk_native_get_surface_transform (native, &dx, &dy);
  window = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  px = g_strdup_printf ("%d", (int) (point.x + dx));
  py = g_strdup_printf ("%d", (int) (point.y + dy));
  pressed = g_strdup_printf ("%d", button);
  {
    const char *argv[]
        = { "xdotool", "mousemove", "--sync", "--window", window, px, py, "click", pressed, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                                 NULL, &status, &error));
  }
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  app_test_settle (200);
#else
  g_assert_not_reached ();
#endif
}

static void
click_square (SynPositionEditor *editor, const char *name, int button)
{
  GtkWidget *board = app_test_find_type (GTK_WIDGET (editor), SYN_TYPE_BOARD_VIEW);
  graphene_rect_t rect;

  g_assert_true (
      syn_board_view_get_square_rect (SYN_BOARD_VIEW (board), syn_square_from_text (name), &rect));
  real_click (board, rect.origin.x + rect.size.width / 2, rect.origin.y + rect.size.height / 2,
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

  real_click (app_test_find (GTK_WIDGET (editor), is_named, "palette-K"), -1, -1, 1);
  click_square (editor, "a1", 1);
  real_click (app_test_find (GTK_WIDGET (editor), is_named, "palette-P"), -1, -1, 1);
  click_square (editor, "h8", 1);
  click_square (editor, "e8", 3);
  save_shot (GTK_WIDGET (editor), "editor-faults.png");

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
  real_click (app_test_find (GTK_WIDGET (editor), is_named, "palette-k"), -1, -1, 1);
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
  save_shot (GTK_WIDGET (editor), "editor-narrow.png");
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
      save_shot (GTK_WIDGET (editor), shot);

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
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  /* Looks for a person to check (APP_TEST_SHOTS) may be in another language; the test's
   * own strings are English. */
  if (g_getenv ("APP_TEST_SHOTS") && g_getenv ("APP_TEST_LOCALEDIR"))
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("APP_TEST_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }
  else
    g_setenv ("LANGUAGE", "C", TRUE);
  /* No accessibility bus under Xvfb. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  gtk_disable_setlocale ();
  adw_init ();

  g_test_add_func ("/app/new-game/fits-360-clock-in-sight", test_new_game_fits_360);
  g_test_add_func ("/app/new-game/keeps-rule-set", test_new_game_keeps_rule_set);
  g_test_add_func ("/app/window/title-names-rule-set", test_title_names_rule_set);
  g_test_add_func ("/app/editor/lists-every-fault", test_editor_lists_faults);
  g_test_add_func ("/app/editor/keeps-rule-set", test_editor_keeps_rule_set);
  g_test_add_func ("/app/editor/narrow", test_editor_narrow);
  return g_test_run ();
}
