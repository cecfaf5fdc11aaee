/* test-app-matrix.c: the pair matrix of the real application's What If window under Xvfb:
 * the pointer moved over the cells with xdotool previews them without choosing a pair, a
 * click or the keys choose one and Enter plays it, and the equilibrium weights written beside the
 * rows and columns are those of `synchess-cli matrix` for the same position.
 *
 * With SYNCHESS_TEST_SHOTS set to a folder, the window is also saved there as PNGs once
 * the matrix is shown (for looking at, not checked).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app-test-util.h"
#include "syn-analysis.h"
#include "syn-pair-matrix.h"
#include "syn-what-if.h"

/* 17 White moves against 25 Black ones, each side mixing two moves or more at equilibrium
 * (how many, and with what weights, follows the evaluation's weights). */
#define MIXED_FEN "4k3/8/8/3q4/8/2N5/8/R3K3 w - - 0 1"

typedef struct
{
  SynApplication *app;
  SynWindow *window;
  SynWhatIf *what_if;
  SynPairMatrix *matrix;
} Fixture;

static gboolean
matrix_ready (gpointer data)
{
  SynPairMatrix *matrix = data;
  GtkWidget *cells;
  graphene_rect_t area;

  return !syn_pair_matrix_get_computing (matrix) && syn_pair_matrix_get_matrix (matrix) != NULL
         && syn_pair_matrix_get_cell_area (matrix, 0, 0, &cells, &area)
         && gtk_widget_get_mapped (cells) && gtk_widget_get_width (cells) > 0;
}

/* The window saved as name-WxH.png where SYNCHESS_TEST_SHOTS says. */
static void
save_screenshot (GtkWidget *widget, const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s-%dx%d.png", name, gtk_widget_get_width (widget),
                                           gtk_widget_get_height (widget));

  app_test_shoot_widget (widget, file, 0);
}

/* The real application with a What If window on fen, its matrix shown, at width x height. */
static gboolean
fixture_start (Fixture *f, const char *fen, int width, int height)
{
  SynState state;
  GtkWidget *expander;

  memset (f, 0, sizeof *f);
  f->window = app_test_start (&f->app, 1280, 800);
  g_assert_nonnull (f->window);
  if (!app_test_has_real_input (GTK_WIDGET (f->window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (f->app, f->window);
      return FALSE;
    }
  g_assert_true (syn_analysis_parse_fen (fen, &state, NULL));
  f->what_if = syn_what_if_new (GTK_WINDOW (f->window), NULL, &state);
  gtk_window_set_default_size (GTK_WINDOW (f->what_if), width, height);
  gtk_window_present (GTK_WINDOW (f->what_if));
  g_assert_true (app_test_iterate_until (app_test_is_active, f->what_if, 5000));
  expander = app_test_find_type (GTK_WIDGET (f->what_if), GTK_TYPE_EXPANDER);
  g_assert_nonnull (expander);
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  f->matrix = syn_what_if_get_pair_matrix (f->what_if);
  g_assert_true (app_test_iterate_until (matrix_ready, f->matrix, 20000));
  app_test_settle (300);
  save_screenshot (GTK_WIDGET (f->what_if), "matrix");
  return TRUE;
}

static void
fixture_stop (Fixture *f)
{
  app_test_quit (f->app, f->window);
}

/* Scrolls the window's pane around the matrix so that point of cells is in view, as a
 * person would before pointing at it in a small window. */
static void
scroll_into_view (Fixture *f, GtkWidget *cells, const graphene_point_t *point)
{
  GtkWidget *pane = gtk_widget_get_ancestor (GTK_WIDGET (f->matrix), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *content;
  GtkAdjustment *v;
  graphene_point_t in_content;

  g_assert_nonnull (pane);
  content = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (pane));
  g_assert_true (gtk_widget_compute_point (cells, content, point, &in_content));
  v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (pane));
  gtk_adjustment_clamp_page (v, in_content.y - 40, in_content.y + 40);
  app_test_settle (100);
}

/* Moves the real pointer over the middle of the cell shown at row, column (and clicks it). */
static void
point_at_cell (Fixture *f, int row, int column, gboolean click)
{
  GtkWidget *cells;
  graphene_rect_t area;
  graphene_point_t centre;

  g_assert_true (syn_pair_matrix_get_cell_area (f->matrix, row, column, &cells, &area));
  graphene_rect_get_center (&area, &centre);
  scroll_into_view (f, cells, &centre);
  app_test_pointer (cells, centre.x, centre.y, click ? 1 : 0);
}

static void
count_cb (SynPairMatrix *matrix, guint white, guint black, int *count)
{
  (*count)++;
}

/* The pointer going over cells shows them (the tooltip, the preview line) but leaves the
 * chosen pair and the result board as they were; a click chooses the cell under it. */
static void
test_hover_previews_click_chooses (void)
{
  Fixture f;
  GtkDropDown *white_list, *black_list;
  guint white_before, black_before;
  g_autofree char *result_before = NULL, *result_after = NULL;
  const SynAnalysisMatrix *m;
  int chosen = 0, white, black;
  static const int cells[][2] = { { 2, 3 }, { 5, 1 }, { 9, 7 }, { 0, 0 } };

  const char *size = g_getenv ("SYN_MATRIX_SIZE");
  int width = 1280, height = 800;

  /* Screenshots of other sizes: the checks hold at any size. */
  if (size != NULL)
    g_assert_cmpint (sscanf (size, "%dx%d", &width, &height), ==, 2);
  if (!fixture_start (&f, MIXED_FEN, width, height))
    return;
  m = syn_pair_matrix_get_matrix (f.matrix);
  g_signal_connect (f.matrix, "cell-focused", G_CALLBACK (count_cb), &chosen);
  white_list = syn_what_if_get_choice_list (f.what_if, SYN_WHITE);
  black_list = syn_what_if_get_choice_list (f.what_if, SYN_BLACK);
  white_before = gtk_drop_down_get_selected (white_list);
  black_before = gtk_drop_down_get_selected (black_list);
  result_before = syn_what_if_get_result_fen (f.what_if);

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      point_at_cell (&f, cells[i][0], cells[i][1], FALSE);
      g_assert_cmpint (chosen, ==, 0);
      g_assert_false (syn_pair_matrix_get_cursor (f.matrix, NULL, NULL));
      g_assert_cmpuint (gtk_drop_down_get_selected (white_list), ==, white_before);
      g_assert_cmpuint (gtk_drop_down_get_selected (black_list), ==, black_before);
      g_free (result_after);
      result_after = syn_what_if_get_result_fen (f.what_if);
      g_assert_cmpstr (result_after, ==, result_before);
    }

  /* The same pointer, clicking, does choose: the hover above did reach the cells. */
  point_at_cell (&f, 5, 1, TRUE);
  g_assert_cmpint (chosen, ==, 1);
  point_at_cell (&f, 9, 7, FALSE);
  save_screenshot (GTK_WIDGET (f.what_if), "hover");
  g_assert_true (syn_pair_matrix_get_cursor (f.matrix, &white, &black));
  g_assert_cmpint (white, ==, syn_pair_matrix_get_row (f.matrix, 5));
  g_assert_cmpint (black, ==, syn_pair_matrix_get_column (f.matrix, 1));
  g_free (result_after);
  result_after = syn_what_if_get_result_fen (f.what_if);
  {
    SynState start, expected;
    g_autofree char *expected_fen = NULL;

    g_assert_true (syn_analysis_parse_fen (MIXED_FEN, &start, NULL));
    syn_analysis_resolve (&start, m->white[white], m->black[black], &expected);
    expected_fen = syn_analysis_write_fen (&expected);
    g_assert_cmpstr (result_after, ==, expected_fen);
  }
  fixture_stop (&f);
}

/* The probability `synchess-cli matrix` gives move (UCI) in strategy ("white_strategy"),
 * read from its JSON line; -1 if the move is not there. */
static double
cli_probability (const char *json, const char *strategy, const char *move)
{
  g_autofree char *key = g_strdup_printf ("\"%s\": {", strategy);
  g_autofree char *entry = g_strdup_printf ("\"%s\": ", move);
  const char *start = strstr (json, key), *end, *found;

  g_assert_nonnull (start);
  end = strchr (start, '}');
  found = g_strstr_len (start, end - start, entry);
  if (found == NULL)
    return -1;
  return g_ascii_strtod (found + strlen (entry), NULL);
}

/* A mark is the CLI's probability in percent, as rounded for the eye. */
static void
check_mark (const char *mark, double probability, const char *move)
{
  double shown;

  g_test_message ("%s: shown %s, synchess-cli %.4f", move, mark ? mark : "(none)", probability);
  g_assert_cmpfloat (probability, >=, 0);
  if (probability <= 0.0005)
    {
      g_assert_null (mark);
      return;
    }
  g_assert_nonnull (mark);
  g_assert_true (g_str_has_suffix (mark, "%"));
  shown = g_ascii_strtod (mark, NULL);
  g_assert_cmpfloat (fabs (shown - 100.0 * probability), <=, strchr (mark, '.') ? 0.05 : 0.5);
}

static void
check_side (SynPairMatrix *matrix, const char *json, SynColour side)
{
  const SynAnalysisMatrix *m = syn_pair_matrix_get_matrix (matrix);
  int n = side == SYN_WHITE ? m->n_white : m->n_black;
  int marked = 0, mixed = 0;

  for (int position = 0; position < n; position++)
    {
      int index = side == SYN_WHITE ? syn_pair_matrix_get_row (matrix, position)
                                    : syn_pair_matrix_get_column (matrix, position);
      SynChoice choice = side == SYN_WHITE ? m->white[index] : m->black[index];
      g_autofree char *mark = side == SYN_WHITE
                                  ? syn_pair_matrix_dup_row_mark (matrix, position)
                                  : syn_pair_matrix_dup_column_mark (matrix, position);
      char move[SYN_MOVE_TEXT_SIZE];
      double probability;

      syn_move_to_text ((SynMove) choice, move);
      probability
          = cli_probability (json, side == SYN_WHITE ? "white_strategy" : "black_strategy", move);
      check_mark (mark, probability, move);
      marked += mark != NULL;
      mixed += probability > 0.0005;
    }
  /* The position mixes moves on each side: a matrix that marks nothing fails here too. */
  g_assert_cmpint (mixed, >=, 2);
  g_assert_cmpint (marked, ==, mixed);
}

static void
test_equilibrium_marks_match_cli (void)
{
  Fixture f;
  const char *cli = g_getenv ("SYNCHESS_CLI");
  const char *argv[] = { cli, "matrix", MIXED_FEN, NULL };
  g_autofree char *json = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &json, NULL,
                               &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  if (!fixture_start (&f, MIXED_FEN, 1600, 1000))
    return;
  check_side (f.matrix, json, SYN_WHITE);
  check_side (f.matrix, json, SYN_BLACK);
  /* Sorted otherwise, the marks follow their moves. */
  syn_pair_matrix_set_sort (f.matrix, SYN_PAIR_MATRIX_SORT_PROBABILITY);
  check_side (f.matrix, json, SYN_WHITE);
  check_side (f.matrix, json, SYN_BLACK);
  fixture_stop (&f);
}

static gboolean
has_focus (gpointer data)
{
  GtkWidget *widget = data;

  return gtk_root_get_focus (gtk_widget_get_root (widget)) == widget;
}

/* Real key presses on the focused cells: the first arrow shows the cursor on the top left
 * cell, the arrows, End and Page Down move it (scrolling the cell into view), and Enter plays
 * the chosen pair: the position becomes that pair's result. */
static void
test_keys_choose_and_play (void)
{
  Fixture f;
  const SynAnalysisMatrix *m;
  GtkWidget *cells;
  graphene_rect_t area;
  g_autofree char *result = NULL, *position = NULL;
  int white, black;

  if (!fixture_start (&f, MIXED_FEN, 1280, 800))
    return;
  m = syn_pair_matrix_get_matrix (f.matrix);
  g_assert_true (syn_pair_matrix_get_cell_area (f.matrix, 0, 0, &cells, &area));
  g_assert_true (gtk_widget_grab_focus (cells));
  g_assert_true (app_test_iterate_until (has_focus, cells, 5000));

  app_test_press ("Right");
  g_assert_true (syn_pair_matrix_get_cursor (f.matrix, &white, &black));
  g_assert_cmpint (white, ==, syn_pair_matrix_get_row (f.matrix, 0));
  g_assert_cmpint (black, ==, syn_pair_matrix_get_column (f.matrix, 0));
  app_test_press ("Down");
  app_test_press ("Right");
  app_test_press ("Right");
  g_assert_true (syn_pair_matrix_get_cursor (f.matrix, &white, &black));
  g_assert_cmpint (white, ==, syn_pair_matrix_get_row (f.matrix, 1));
  g_assert_cmpint (black, ==, syn_pair_matrix_get_column (f.matrix, 2));
  app_test_press ("End");
  app_test_press ("Next");
  g_assert_true (syn_pair_matrix_get_cursor (f.matrix, &white, &black));
  g_assert_cmpint (white, ==, syn_pair_matrix_get_row (f.matrix, 11));
  g_assert_cmpint (black, ==, syn_pair_matrix_get_column (f.matrix, m->n_black - 1));

  result = syn_what_if_get_result_fen (f.what_if);
  app_test_press ("Return");
  position = syn_what_if_get_fen (f.what_if);
  g_assert_cmpstr (position, ==, result);
  fixture_stop (&f);
}

int
main (int argc, char *argv[])
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/matrix/hover-previews-click-chooses", test_hover_previews_click_chooses);
  g_test_add_func ("/app/matrix/equilibrium-marks-match-cli", test_equilibrium_marks_match_cli);
  g_test_add_func ("/app/matrix/keys-choose-and-play", test_keys_choose_and_play);
  return g_test_run ();
}
