/* test-panels.c: the move list and the clock view beside the board, driven by a real game
 * and a clock on a hand-moved time source.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>

#include "syn-clock-view.h"
#include "syn-move-list.h"

/* Depth-first: the first widget under root (root included) with both CSS classes. */
static GtkWidget *
find_widget (GtkWidget *root, const char *css_class, const char *other_class)
{
  if (gtk_widget_has_css_class (root, css_class)
      && (other_class == NULL || gtk_widget_has_css_class (root, other_class)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, css_class, other_class);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkListBox *
find_list_box (GtkWidget *root)
{
  if (GTK_IS_LIST_BOX (root))
    return GTK_LIST_BOX (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkListBox *found = find_list_box (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static int
count_rows (GtkListBox *list_box)
{
  int n = 0;
  while (gtk_list_box_get_row_at_index (list_box, n) != NULL)
    n++;
  return n;
}

static void
collect_text (GtkWidget *widget, GString *text)
{
  if (GTK_IS_LABEL (widget))
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

/* The visible text of row index, labels joined by spaces. */
static char *
row_text (GtkListBox *list_box, int index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (list_box, index);
  GString *text = g_string_new (NULL);

  g_assert_nonnull (row);
  collect_text (GTK_WIDGET (row), text);
  return g_string_free (text, FALSE);
}

static void
play (SynGame *game, const char *white, const char *black)
{
  const SynVariant *variant = syn_game_get_variant (game);
  g_autoptr (GError) error = NULL;
  SynChoice choice;

  choice = syn_variant_choice_from_text (variant, syn_game_get_state (game), SYN_WHITE, white);
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  g_assert_true (syn_game_choose (game, SYN_WHITE, choice, &error));
  g_assert_no_error (error);
  choice = syn_variant_choice_from_text (variant, syn_game_get_state (game), SYN_BLACK, black);
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  g_assert_true (syn_game_choose (game, SYN_BLACK, choice, &error));
  g_assert_no_error (error);
}

static SynGame *
new_game (void)
{
  return syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
}

/* A long row (a Transactional commit's announcement lists up to six moves) must wrap inside
 * the panel's width instead of widening it, which pushed the board aside mid-game: every
 * label of a row wraps, at most 24 characters wide. */
static void
assert_labels_wrap (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      g_assert_true (gtk_label_get_wrap (GTK_LABEL (widget)));
      g_assert_cmpint (gtk_label_get_max_width_chars (GTK_LABEL (widget)), >, 0);
      g_assert_cmpint (gtk_label_get_max_width_chars (GTK_LABEL (widget)), <=, 24);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    assert_labels_wrap (child);
}

static void
test_move_list_long_row_wraps (void)
{
  g_autoptr (SynGame) game = new_game ();
  GtkWidget *list = g_object_ref_sink (syn_move_list_new ());
  GtkListBox *list_box = find_list_box (list);

  syn_move_list_set_game (SYN_MOVE_LIST (list), game);
  play (game, "e2e4", "e7e5");
  assert_labels_wrap (GTK_WIDGET (gtk_list_box_get_row_at_index (list_box, 1)));
  g_object_unref (list);
}

static void
test_move_list_rows (void)
{
  g_autoptr (SynGame) game = new_game ();
  GtkWidget *list = g_object_ref_sink (syn_move_list_new ());
  GtkListBox *list_box = find_list_box (list);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *start = NULL;

  syn_move_list_set_game (SYN_MOVE_LIST (list), game);
  g_assert_cmpint (count_rows (list_box), ==, 1); /* "Start" */

  play (game, "e2e4", "e7e5");
  play (game, "g1f3", "b8c6");
  g_assert_cmpint (count_rows (list_box), ==, 3);

  start = row_text (list_box, 0);
  first = row_text (list_box, 1);
  second = row_text (list_box, 2);
  g_assert_cmpstr (start, ==, "Start");
  g_assert_cmpstr (first, ==, "1. e4 e5");
  g_assert_cmpstr (second, ==, "2. Nf3 Nc6");
  gtk_test_accessible_assert_property (gtk_list_box_get_row_at_index (list_box, 2),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Turn 2: White knight f3, Black knight c6");

  /* Following the game, the newest turn is the selected row. */
  g_assert_cmpint (syn_move_list_get_selected_turn (SYN_MOVE_LIST (list)), ==, -1);
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list_box)), ==, 2);

  g_object_unref (list);
}

static void
test_move_list_result (void)
{
  g_autoptr (SynGame) game = new_game ();
  GtkWidget *list = g_object_ref_sink (syn_move_list_new ());
  GtkListBox *list_box = find_list_box (list);
  g_autofree char *result = NULL;

  syn_move_list_set_game (SYN_MOVE_LIST (list), game);
  play (game, "e2e4", "e7e5");
  syn_game_resign (game, SYN_BLACK);

  g_assert_cmpint (count_rows (list_box), ==, 3);
  result = row_text (list_box, 2);
  g_assert_cmpstr (result, ==, "1-0 · Black resigned");
  /* The result is not a position: it cannot be selected. */
  g_assert_false (gtk_list_box_row_get_selectable (gtk_list_box_get_row_at_index (list_box, 2)));

  g_object_unref (list);
}

static void
on_notify_cb (GObject *object, GParamSpec *pspec, int *count)
{
  (*count)++;
}

static void
test_move_list_navigation (void)
{
  g_autoptr (SynGame) game = new_game ();
  GtkWidget *list = g_object_ref_sink (syn_move_list_new ());
  SynMoveList *self = SYN_MOVE_LIST (list);
  GtkListBox *list_box = find_list_box (list);
  int notified = 0;

  syn_move_list_set_game (self, game);
  play (game, "e2e4", "e7e5");
  play (game, "g1f3", "b8c6");
  g_signal_connect (list, "notify::selected-turn", G_CALLBACK (on_notify_cb), &notified);

  /* Back from the live game: the position after turn 1, then the start. */
  syn_move_list_select_previous (self);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, 1);
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list_box)), ==, 1);
  syn_move_list_select_previous (self);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, 0);
  syn_move_list_select_previous (self);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, 0);
  g_assert_cmpint (notified, ==, 2);

  /* A turn played meanwhile adds a row but leaves the position shown alone. */
  play (game, "f1c4", "g8f6");
  g_assert_cmpint (count_rows (list_box), ==, 4);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, 0);
  g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (list_box)), ==, 0);

  /* Forward to the newest turn follows the game again. */
  syn_move_list_select_next (self);
  syn_move_list_select_next (self);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, 2);
  syn_move_list_select_next (self);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, -1);
  syn_move_list_select_next (self);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, -1);
  g_assert_cmpint (notified, ==, 5);

  /* Picking a row is selecting its turn; the newest row is the live game. */
  gtk_list_box_select_row (list_box, gtk_list_box_get_row_at_index (list_box, 1));
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, 1);
  g_object_set (list, "selected-turn", 3, NULL);
  g_assert_cmpint (syn_move_list_get_selected_turn (self), ==, -1);

  g_object_unref (list);
}

static void
test_move_list_new_game (void)
{
  g_autoptr (SynGame) game = new_game ();
  g_autoptr (SynGame) other = new_game ();
  GtkWidget *list = g_object_ref_sink (syn_move_list_new ());
  GtkListBox *list_box = find_list_box (list);

  syn_move_list_set_game (SYN_MOVE_LIST (list), game);
  play (game, "e2e4", "e7e5");
  syn_move_list_select_previous (SYN_MOVE_LIST (list));

  syn_move_list_set_game (SYN_MOVE_LIST (list), other);
  g_assert_cmpint (count_rows (list_box), ==, 1);
  g_assert_cmpint (syn_move_list_get_selected_turn (SYN_MOVE_LIST (list)), ==, -1);
  /* The old game no longer reaches the list. */
  play (game, "g1f3", "b8c6");
  g_assert_cmpint (count_rows (list_box), ==, 1);

  g_object_unref (list);
}

static GtkAdjustment *
find_vadjustment (GtkWidget *root)
{
  if (GTK_IS_SCROLLED_WINDOW (root))
    return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (root));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkAdjustment *found = find_vadjustment (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
at_end (GtkAdjustment *adjustment)
{
  double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  return end > 0 && gtk_adjustment_get_value (adjustment) >= end - 0.5;
}

/* At the end, or everything fits. */
static gboolean
at_end_or_short (GtkAdjustment *adjustment)
{
  double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  return gtk_adjustment_get_value (adjustment) >= end - 0.5;
}

static gboolean
at_start (GtkAdjustment *adjustment)
{
  return gtk_adjustment_get_value (adjustment) < 0.5;
}

/* Runs the main loop until check holds or some seconds have gone by. */
static gboolean
wait_for (gboolean (*check) (GtkAdjustment *), GtkAdjustment *adjustment)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!check (adjustment) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  return check (adjustment);
}

static void
test_move_list_scrolls (void)
{
  const char *files = "abcdefgh";
  g_autoptr (SynGame) game = new_game ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = syn_move_list_new ();
  GtkAdjustment *adjustment = find_vadjustment (list);

  gtk_window_set_default_size (GTK_WINDOW (window), 200, 120);
  gtk_window_set_child (GTK_WINDOW (window), list);
  syn_move_list_set_game (SYN_MOVE_LIST (list), game);
  gtk_window_present (GTK_WINDOW (window));

  /* Following the game, each new turn scrolls into sight. */
  for (int i = 0; files[i] != '\0'; i++)
    {
      g_autofree char *white = g_strdup_printf ("%c2%c3", files[i], files[i]);
      g_autofree char *black = g_strdup_printf ("%c7%c6", files[i], files[i]);

      play (game, white, black);
      g_assert_true (wait_for (at_end_or_short, adjustment));
    }
  /* Nine rows do not fit in the window: the list has scrolled. */
  g_assert_true (wait_for (at_end, adjustment));

  /* Going back to the start scrolls to it. */
  for (int i = 0; i < 8; i++)
    syn_move_list_select_previous (SYN_MOVE_LIST (list));
  g_assert_cmpint (syn_move_list_get_selected_turn (SYN_MOVE_LIST (list)), ==, 0);
  g_assert_true (wait_for (at_start, adjustment));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_clock_format (void)
{
  const struct
  {
    gint64 ms;
    const char *text;
  } cases[] = {
    { 180000, "3:00" }, { 179999, "2:59" }, { 10000, "0:10" }, { 9999, "0:09.9" },
    { 9500, "0:09.5" }, { 0, "0:00.0" },    { -5, "0:00.0" },  { 3723000, "1:02:03" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = syn_clock_view_format_time (cases[i].ms);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static gint64
fake_time_cb (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static const char *
time_text (GtkWidget *view, const char *side)
{
  GtkWidget *box = find_widget (view, "clock", side);

  return gtk_label_get_text (GTK_LABEL (find_widget (box, "time", NULL)));
}

/* Runs the main loop until side's clock reads expected (the clock's "tick" redraws it). */
static void
wait_for_time (GtkWidget *view, const char *side, const char *expected)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (g_strcmp0 (time_text (view, side), expected) != 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpstr (time_text (view, side), ==, expected);
}

static void
test_clock_view_running (void)
{
  SynTimeControl tc = SYN_TIME_CONTROL_DEFAULT;
  gint64 now = 0;
  g_autoptr (SynClock) clock = syn_clock_new (&tc);
  GtkWidget *view = g_object_ref_sink (syn_clock_view_new ());
  GtkWidget *white, *black;

  syn_clock_set_time_source (clock, fake_time_cb, &now);
  syn_clock_view_set_clock (SYN_CLOCK_VIEW (view), clock);
  white = find_widget (view, "clock", "white");
  black = find_widget (view, "clock", "black");
  g_assert_cmpstr (time_text (view, "white"), ==, "3:00");
  g_assert_false (gtk_widget_get_visible (find_widget (view, "no-clock", NULL)));

  /* PSC-R11: White has chosen, so Black's clock runs. */
  syn_clock_set_chosen (clock, TRUE, FALSE);
  syn_clock_view_set_chosen (SYN_CLOCK_VIEW (view), TRUE, FALSE);
  g_assert_true (gtk_widget_has_css_class (black, "running"));
  g_assert_false (gtk_widget_has_css_class (white, "running"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_widget (white, "chosen", NULL))), ==,
                   "Chosen");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (find_widget (black, "chosen", NULL))), ==,
                   "Thinking…");

  now += 1 * G_USEC_PER_SEC;
  wait_for_time (view, "black", "2:59");
  g_assert_false (gtk_widget_has_css_class (black, "low-time"));

  now += 169500 * 1000;
  wait_for_time (view, "black", "0:09.5");
  g_assert_true (gtk_widget_has_css_class (black, "low-time"));
  g_assert_false (gtk_widget_has_css_class (white, "low-time"));
  g_assert_cmpstr (time_text (view, "white"), ==, "3:00");

  syn_clock_view_set_clock (SYN_CLOCK_VIEW (view), NULL);
  g_object_unref (view);
}

static void
test_clock_view_untimed (void)
{
  g_autoptr (SynClock) clock = syn_clock_new (NULL);
  GtkWidget *view = g_object_ref_sink (syn_clock_view_new ());

  g_assert_true (gtk_widget_get_visible (find_widget (view, "no-clock", NULL)));
  syn_clock_view_set_clock (SYN_CLOCK_VIEW (view), clock);
  g_assert_true (gtk_widget_get_visible (find_widget (view, "no-clock", NULL)));
  g_assert_false (gtk_widget_get_visible (find_widget (view, "time", NULL)));

  g_object_unref (view);
}

static void
test_clock_view_flipped (void)
{
  GtkWidget *view = g_object_ref_sink (syn_clock_view_new ());

  /* The clock of the side at the bottom of the board is at the bottom. */
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_last_child (view), "white"));
  syn_clock_view_set_flipped (SYN_CLOCK_VIEW (view), TRUE);
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_last_child (view), "black"));
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_first_child (view), "white"));
  syn_clock_view_set_flipped (SYN_CLOCK_VIEW (view), FALSE);
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_last_child (view), "white"));

  g_object_unref (view);
}

static void
on_parsing_error_cb (GtkCssProvider *provider, GtkCssSection *section, const GError *error,
                     gpointer user_data)
{
  g_autofree char *where = gtk_css_section_to_string (section);

  g_test_message ("panels.css: %s: %s", where, error->message);
  g_test_fail ();
}

static void
test_css (void)
{
  g_autoptr (GtkCssProvider) provider = gtk_css_provider_new ();

  g_signal_connect (provider, "parsing-error", G_CALLBACK (on_parsing_error_cb), NULL);
  gtk_css_provider_load_from_resource (provider, "/io/github/synchess/Synchess/panels.css");
}

int
main (int argc, char **argv)
{
  /* The rows and labels are translated; the tests read the English. */
  g_setenv ("LC_ALL", "C", TRUE);
  /* GTK's test accessibility backend keeps the accessible properties for the checks here,
   * and needs no session bus (whose absence warns, and warnings are fatal in tests). */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/move-list/rows", test_move_list_rows);
  g_test_add_func ("/move-list/long-row-wraps", test_move_list_long_row_wraps);
  g_test_add_func ("/move-list/result", test_move_list_result);
  g_test_add_func ("/move-list/navigation", test_move_list_navigation);
  g_test_add_func ("/move-list/new-game", test_move_list_new_game);
  g_test_add_func ("/move-list/scrolls", test_move_list_scrolls);
  g_test_add_func ("/clock-view/format", test_clock_format);
  g_test_add_func ("/clock-view/running", test_clock_view_running);
  g_test_add_func ("/clock-view/untimed", test_clock_view_untimed);
  g_test_add_func ("/clock-view/flipped", test_clock_view_flipped);
  g_test_add_func ("/panels/css", test_css);

  return g_test_run ();
}
