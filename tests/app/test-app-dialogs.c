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

#include "app-test-util.h"
#include "syn-board-view.h"
#include "syn-new-game-dialog.h"
#include "syn-notation.h"
#include "syn-position-editor.h"

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
  g_assert_true (app_test_iterate_until (toplevel_shown,
                                         GSIZE_TO_POINTER (SYN_TYPE_NEW_GAME_DIALOG), 5000));
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
  opponent_row = ADW_COMBO_ROW (app_test_find (GTK_WIDGET (dialog), is_row_titled, _ ("_Opponent")));
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
          g_assert_cmpstr (adw_window_title_get_title (ADW_WINDOW_TITLE (app_test_find_type (
                               GTK_WIDGET (window), ADW_TYPE_WINDOW_TITLE))),
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
  g_test_add_func ("/app/window/title-names-rule-set", test_title_names_rule_set);
  return g_test_run ();
}
