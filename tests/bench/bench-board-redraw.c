/* bench-board-redraw.c: how long the board takes to redraw at 1000 x 1000 pixels with the
 * heatmap on: its snapshot plus the GSK render of it to a texture, N times (the first
 * argument, 200 by default); prints the median and the 95th percentile in milliseconds, and
 * "board-redraw-ms: X" (the median). For scale it also prints the snapshot alone, the same
 * board under fog, and the renderer's floor: one colour node of the same size. GSK_RENDERER
 * picks the renderer (gl, cairo) as for any GTK program.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <gtk/gtk.h>
#include <stdlib.h>

#include "syn-board-view.h"
#include "variant.h"

#define SIZE 1000
#define FEN_MIDDLE_GAME "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
percentile (double *values, int n, double p)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return values[MIN (n - 1, (int) (p * (n - 1) + 0.5))];
}

/* n frames: the widget class's own snapshot (GTK would otherwise reuse a cached render
 * node), then the renderer's render of it to a texture. */
static void
measure (GtkWidget *widget, GskRenderer *renderer, int n, double *frames, double *snapshots)
{
  for (int i = -10; i < n; i++) /* ten frames to warm caches up */
    {
      gint64 start, snapped, end;
      GtkSnapshot *snapshot;
      GskRenderNode *node;
      GdkTexture *texture;

      start = g_get_monotonic_time ();
      snapshot = gtk_snapshot_new ();
      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      node = gtk_snapshot_free_to_node (snapshot);
      snapped = g_get_monotonic_time ();
      texture
          = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, SIZE, SIZE));
      end = g_get_monotonic_time ();
      g_object_unref (texture);
      gsk_render_node_unref (node);
      if (i >= 0)
        {
          snapshots[i] = (snapped - start) / 1000.0;
          frames[i] = (end - start) / 1000.0;
        }
    }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 200;
  GtkWidget *window, *widget;
  SynBoardView *board;
  SynBoardFacts facts;
  SynState state;
  SynFenError error;
  GskRenderer *renderer;
  double *frames, *snapshots, *baseline;
  double fog_median;
  gint64 deadline;

  if (n < 1)
    n = 200;
  /* Under Xvfb there is no accessibility bus to talk to; nothing measured needs one. */
  g_setenv ("GTK_A11Y", "none", FALSE);
  gtk_init ();
  adw_init ();

  g_assert (syn_variant_psc.read_state (FEN_MIDDLE_GAME, &state, &error));
  syn_board_facts_compute (&facts, &syn_variant_psc, &state, SYN_WHITE, FALSE);

  window = gtk_window_new ();
  widget = syn_board_view_new ();
  board = SYN_BOARD_VIEW (widget);
  gtk_widget_set_size_request (widget, SIZE, SIZE);
  gtk_window_set_child (GTK_WINDOW (window), widget);
  syn_board_view_set_facts (board, &facts);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  syn_board_view_set_interactive (board, TRUE);
  syn_board_view_set_last_turn (board, syn_move_make (SYN_SQUARE (6, 0), SYN_SQUARE (5, 2), 0),
                                syn_move_make (SYN_SQUARE (6, 7), SYN_SQUARE (5, 5), 0));
  gtk_window_present (GTK_WINDOW (window));

  deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((gtk_widget_get_width (widget) != SIZE || !gtk_widget_get_mapped (widget))
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* Past the board's resize grace, so the pieces are drawn at their exact size. */
  g_usleep (200 * G_TIME_SPAN_MILLISECOND);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  frames = g_new (double, n);
  snapshots = g_new (double, n);
  baseline = g_new (double, n);

  /* With fog too (PSC-R12), whose mist is the costliest thing the board draws. */
  syn_board_facts_compute (&facts, &syn_variant_psc, &state, SYN_WHITE, TRUE);
  syn_board_view_set_facts (board, &facts);
  measure (widget, renderer, n, frames, snapshots);
  fog_median = percentile (frames, n, 0.5);

  syn_board_facts_compute (&facts, &syn_variant_psc, &state, SYN_WHITE, FALSE);
  syn_board_view_set_facts (board, &facts);
  syn_board_view_activate_square (board, SYN_SQUARE (2, 3)); /* the bishop on c4, picked up */
  measure (widget, renderer, n, frames, snapshots);

  /* The renderer's floor: one colour node over the same area, rendered to a texture. */
  for (int i = -10; i < n; i++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      GskRenderNode *node;
      GdkTexture *texture;
      gint64 start;

      gtk_snapshot_append_color (snapshot, &(GdkRGBA){ 0.5f, 0.5f, 0.5f, 1.f },
                                 &GRAPHENE_RECT_INIT (0, 0, SIZE, SIZE));
      node = gtk_snapshot_free_to_node (snapshot);
      start = g_get_monotonic_time ();
      texture
          = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, SIZE, SIZE));
      if (i >= 0)
        baseline[i] = (g_get_monotonic_time () - start) / 1000.0;
      g_object_unref (texture);
      gsk_render_node_unref (node);
    }

  g_print ("renderer: %s, %d frames of %dx%d, heatmap on\n", G_OBJECT_TYPE_NAME (renderer), n, SIZE,
           SIZE);
  g_print ("snapshot only: median %.3f ms\n", percentile (snapshots, n, 0.5));
  g_print ("renderer floor (one colour node to a texture): median %.3f ms\n",
           percentile (baseline, n, 0.5));
  g_print ("frame (snapshot + render): median %.3f ms, p95 %.3f ms\n", percentile (frames, n, 0.5),
           percentile (frames, n, 0.95));
  g_print ("with fog as well: median %.3f ms\n", fog_median);
  g_print ("board-redraw-ms: %.3f\n", percentile (frames, n, 0.5));

  g_free (frames);
  g_free (snapshots);
  g_free (baseline);
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
