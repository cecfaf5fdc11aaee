/* test-board-view.c: the board widget drawn offscreen and checked pixel by pixel (frozen
 * pieces on red, the heatmap, flipping, fog), and its input and accessible labels.
 * The PNGs it draws stay in SYNCHESS_TEST_PNG_DIR when set, to be looked at.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "syn-board-view.h"
#include "syn-piece-renderer.h"
#include "variant.h"

#define FEN_FROZEN_KNIGHT "4k3/8/8/3n4/8/2N1N3/8/4K3 w - - 0 1"
#define FEN_PROMOTION "7k/4P3/8/8/8/8/8/K7 w - - 0 1"

static char *png_dir;

typedef struct
{
  int width;
  int height;
  gsize stride;
  guchar *data; /* B, G, R, A per pixel (GDK_MEMORY_DEFAULT on little-endian) */
} Image;

static void
image_free (Image *image)
{
  g_free (image->data);
  g_free (image);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Image, image_free)

static void
facts_from_fen (SynBoardFacts *facts, const char *fen, SynColour viewer, gboolean fog)
{
  SynState state;
  SynFenError error;

  g_assert_true (syn_variant_psc.read_state (fen, &state, &error));
  syn_board_facts_compute (facts, &syn_variant_psc, &state, viewer, fog);
}

static void
wait_for (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < end)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static void
flush (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* A window holding a board, size pixels square, with padding around it, on screen. */
static SynBoardView *
show_padded_board (int size, int padding, const SynBoardFacts *facts)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *board = syn_board_view_new ();
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  gtk_window_set_default_size (GTK_WINDOW (window), size + 2 * padding, size + 2 * padding);
  gtk_window_set_resizable (GTK_WINDOW (window), FALSE);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_widget_set_size_request (board, size, size);
  gtk_widget_set_margin_start (board, padding);
  gtk_widget_set_margin_end (board, padding);
  gtk_widget_set_margin_top (board, padding);
  gtk_widget_set_margin_bottom (board, padding);
  gtk_window_set_child (GTK_WINDOW (window), board);
  if (facts != NULL)
    syn_board_view_set_facts (SYN_BOARD_VIEW (board), facts);
  gtk_window_present (GTK_WINDOW (window));
  while (gtk_widget_get_width (board) != size || !gtk_widget_get_mapped (board))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  /* Let the board see that its size has settled, so pieces are drawn at their size. */
  wait_for (200 * G_TIME_SPAN_MILLISECOND);
  return SYN_BOARD_VIEW (board);
}

static SynBoardView *
show_board (int size, const SynBoardFacts *facts)
{
  return show_padded_board (size, 0, facts);
}

static void
close_board (SynBoardView *board)
{
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (board))));
  flush ();
}

static Image *
render_widget (GtkWidget *widget, const char *png_name)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot *snapshot;
  GskRenderer *renderer;
  Image *image;

  flush ();
  paintable = gtk_widget_paintable_new (widget);
  /* A window that has not drawn its first frame yet gives nothing; wait for the frame. */
  for (int attempt = 0; node == NULL && attempt < 50; attempt++)
    {
      if (attempt > 0)
        wait_for (20 * G_TIME_SPAN_MILLISECOND);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));

  if (png_name != NULL)
    {
      g_autofree char *path = g_build_filename (png_dir, png_name, NULL);
      g_assert_true (gdk_texture_save_to_png (texture, path));
      g_test_message ("drew %s", path);
    }

  image = g_new0 (Image, 1);
  image->width = gdk_texture_get_width (texture);
  image->height = gdk_texture_get_height (texture);
  image->stride = (gsize) image->width * 4;
  image->data = g_malloc (image->stride * image->height);
  gdk_texture_download (texture, image->data, image->stride);
  return image;
}

static Image *
render (SynBoardView *board, const char *png_name)
{
  return render_widget (GTK_WIDGET (board), png_name);
}

/* The whole window, to see the board in its surroundings. */
static void
render_window (SynBoardView *board, const char *png_name)
{
  image_free (render_widget (GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (board))), png_name));
}

/* The average colour (R, G, B) of the box of side 2 * half around x, y. */
static void
average (const Image *image, int x, int y, int half, double rgb[3])
{
  int n = 0;

  rgb[0] = rgb[1] = rgb[2] = 0;
  for (int j = y - half; j <= y + half; j++)
    for (int i = x - half; i <= x + half; i++)
      {
        const guchar *p = image->data + j * image->stride + i * 4;
        rgb[0] += p[2];
        rgb[1] += p[1];
        rgb[2] += p[0];
        n++;
      }
  for (int c = 0; c < 3; c++)
    rgb[c] /= n;
}

/* The square's colour, taken near its top left corner where no piece reaches. */
static void
square_colour (SynBoardView *board, const Image *image, int square, double rgb[3])
{
  graphene_rect_t rect;

  g_assert_true (syn_board_view_get_square_rect (board, square, &rect));
  average (image, (int) (rect.origin.x + rect.size.width * 0.15),
           (int) (rect.origin.y + rect.size.height * 0.3), 1, rgb);
}

/* How much the middle of the square varies: zero for a bare square, large under a piece. */
static int
square_spread (SynBoardView *board, const Image *image, int square)
{
  graphene_rect_t rect;
  int lowest = 255, highest = 0;

  g_assert_true (syn_board_view_get_square_rect (board, square, &rect));
  for (int y = rect.origin.y + rect.size.height / 4; y < rect.origin.y + rect.size.height * 3 / 4;
       y++)
    for (int x = rect.origin.x + rect.size.width / 4; x < rect.origin.x + rect.size.width * 3 / 4;
         x++)
      {
        int v = image->data[y * image->stride + x * 4 + 1];
        lowest = MIN (lowest, v);
        highest = MAX (highest, v);
      }
  return highest - lowest;
}

/* How many pixels in the middle of the square are as dark as a black piece's body. */
static int
dark_pixels (SynBoardView *board, const Image *image, int square)
{
  graphene_rect_t rect;
  int n = 0;

  g_assert_true (syn_board_view_get_square_rect (board, square, &rect));
  for (int y = rect.origin.y + rect.size.height / 4; y < rect.origin.y + rect.size.height * 3 / 4;
       y++)
    for (int x = rect.origin.x + rect.size.width / 4; x < rect.origin.x + rect.size.width * 3 / 4;
         x++)
      n += image->data[y * image->stride + x * 4 + 1] < 70;
  return n;
}

static gboolean
same_colour (const double a[3], const double b[3])
{
  return fabs (a[0] - b[0]) < 2 && fabs (a[1] - b[1]) < 2 && fabs (a[2] - b[2]) < 2;
}

static int
sq (const char *name)
{
  return syn_square_from_text (name);
}

/* Drawing */

static void
test_renderer_caches_sizes (void)
{
  g_autoptr (SynPieceRenderer) renderer = syn_piece_renderer_new ();
  SynPiece knight = SYN_PIECE (SYN_WHITE, SYN_KNIGHT);
  GdkTexture *first, *again;

  first = syn_piece_renderer_get_texture (renderer, knight, 64);
  g_assert_nonnull (first);
  g_assert_cmpint (gdk_texture_get_width (first), ==, 64);
  again = syn_piece_renderer_get_texture (renderer, knight, 64);
  g_assert_true (first == again);
  g_assert_true (syn_piece_renderer_has_size (renderer, 64));
  g_assert_false (syn_piece_renderer_has_size (renderer, 65));
  g_assert_cmpint (syn_piece_renderer_get_nearest_size (renderer, 70), ==, 64);
  g_assert_nonnull (syn_piece_renderer_get_surface (renderer, knight, 64));

  /* Only the last few sizes stay. */
  for (int i = 1; i <= SYN_PIECE_RENDERER_N_SIZES; i++)
    syn_piece_renderer_get_texture (renderer, knight, 64 + i);
  g_assert_false (syn_piece_renderer_has_size (renderer, 64));
  g_assert_true (syn_piece_renderer_has_size (renderer, 64 + SYN_PIECE_RENDERER_N_SIZES));
}

static void
test_frozen_square_is_red (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  g_autoptr (Image) image = NULL;
  double d5[3], c3[3];

  /* PSC-R3: the knight on d5 is attacked by both white knights. */
  facts_from_fen (&facts, FEN_FROZEN_KNIGHT, SYN_WHITE, FALSE);
  g_assert_true (facts.frozen & syn_bit (sq ("d5")));
  board = show_board (600, &facts);
  image = render (board, "frozen-600.png");

  square_colour (board, image, sq ("d5"), d5);
  square_colour (board, image, sq ("c3"), c3);
  g_assert_cmpfloat (d5[0], >, d5[1] + 60);
  g_assert_cmpfloat (d5[0], >, d5[2] + 60);
  g_assert_cmpfloat (c3[0], <, c3[1] + 40);
  close_board (board);
}

static void
test_heatmap_mine_and_theirs (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  g_autoptr (Image) off = NULL;
  g_autoptr (Image) mine = NULL;
  g_autoptr (Image) theirs = NULL;
  double e3_off[3], e3_mine[3], e3_theirs[3], e6_off[3], e6_mine[3], e6_theirs[3];

  /* From the start white controls its third rank and black its sixth (PSC-R2). */
  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (600, &facts);
  off = render (board, "start-600.png");
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  mine = render (board, "heatmap-mine-600.png");
  syn_board_view_set_heatmap (board, SYN_HEATMAP_THEIRS);
  theirs = render (board, "heatmap-theirs-600.png");

  square_colour (board, off, sq ("e3"), e3_off);
  square_colour (board, mine, sq ("e3"), e3_mine);
  square_colour (board, theirs, sq ("e3"), e3_theirs);
  square_colour (board, off, sq ("e6"), e6_off);
  square_colour (board, mine, sq ("e6"), e6_mine);
  square_colour (board, theirs, sq ("e6"), e6_theirs);

  g_assert_false (same_colour (e3_off, e3_mine));
  g_assert_true (same_colour (e3_off, e3_theirs));
  g_assert_true (same_colour (e6_off, e6_mine));
  g_assert_false (same_colour (e6_off, e6_theirs));
  /* The two modes use different tints, not only different squares. */
  g_assert_false (same_colour (e3_mine, e6_theirs));
  close_board (board);
}

static void
test_flipped_puts_a1_top_right (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  g_autoptr (Image) normal = NULL;
  g_autoptr (Image) flipped = NULL;
  graphene_rect_t a1, a1_flipped;
  int differing = 0;

  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (600, &facts);
  normal = render (board, NULL);
  syn_board_view_get_square_rect (board, sq ("a1"), &a1);
  syn_board_view_set_flipped (board, TRUE);
  flipped = render (board, "flipped-600.png");
  syn_board_view_get_square_rect (board, sq ("a1"), &a1_flipped);

  g_assert_cmpfloat (a1.origin.x, <, 1);
  g_assert_cmpfloat (a1.origin.y, >, 500);
  g_assert_cmpfloat (a1_flipped.origin.x, >, 500);
  g_assert_cmpfloat (a1_flipped.origin.y, <, 1);

  /* The middle of the top right square now shows exactly what a1 showed: the white rook. */
  for (int y = a1.size.height / 4; y < a1.size.height * 3 / 4; y++)
    for (int x = a1.size.width / 4; x < a1.size.width * 3 / 4; x++)
      {
        const guchar *p = normal->data + (gsize) (a1.origin.y + y) * normal->stride
                          + (gsize) (a1.origin.x + x) * 4;
        const guchar *q = flipped->data + (gsize) (a1_flipped.origin.y + y) * flipped->stride
                          + (gsize) (a1_flipped.origin.x + x) * 4;
        differing += memcmp (p, q, 4) != 0;
      }
  g_assert_cmpint (differing, ==, 0);
  g_assert_cmpint (square_spread (board, flipped, sq ("a1")), >, 100);
  close_board (board);
}

static void
test_fog_hides_pieces (void)
{
  SynBoardFacts clear, fog;
  SynBoardView *board;
  g_autoptr (Image) seen = NULL;
  g_autoptr (Image) hidden = NULL;
  double e8_seen[3], e8_hidden[3], e2_hidden[3];

  /* PSC-R12: from the start white sees nothing of black's back ranks. */
  facts_from_fen (&clear, SYN_FEN_START, SYN_WHITE, FALSE);
  facts_from_fen (&fog, SYN_FEN_START, SYN_WHITE, TRUE);
  g_assert_false (fog.visible & syn_bit (sq ("e8")));
  board = show_board (600, &clear);
  seen = render (board, NULL);
  syn_board_view_set_facts (board, &fog);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  hidden = render (board, "fog-600.png");

  g_assert_cmpint (dark_pixels (board, seen, sq ("e8")), >, 500);
  g_assert_cmpint (dark_pixels (board, hidden, sq ("e8")), ==, 0);
  g_assert_cmpint (dark_pixels (board, hidden, sq ("d7")), ==, 0);
  g_assert_cmpint (square_spread (board, hidden, sq ("e2")), >, 100);
  square_colour (board, seen, sq ("e8"), e8_seen);
  square_colour (board, hidden, sq ("e8"), e8_hidden);
  square_colour (board, hidden, sq ("e2"), e2_hidden);
  g_assert_false (same_colour (e8_seen, e8_hidden));
  close_board (board);
}

/* The pictures to look at: both styles, small and large, heatmap and marks. */
static void
test_looks (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  SynBoardFacts facts;
  SynBoardView *board;
  SynState state, after;
  SynFenError error;
  SynMove e4, c5, nf3;

  g_assert_true (syn_variant_psc.read_state (SYN_FEN_START, &state, &error));
  e4 = syn_move_make (sq ("e2"), sq ("e4"), SYN_MOVE_PLAIN);
  c5 = syn_move_make (sq ("c7"), sq ("c5"), SYN_MOVE_PLAIN);
  syn_variant_psc.apply (&state, e4, c5, &after);
  syn_board_facts_compute (&facts, &syn_variant_psc, &after, SYN_WHITE, FALSE);
  nf3 = syn_board_facts_find_move (&facts, sq ("g1"), sq ("f3"), SYN_QUEEN);
  g_assert_true (nf3 != SYN_MOVE_NONE);

  board = show_padded_board (1000, 24, &facts);
  syn_board_view_set_last_turn (board, e4, c5);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  syn_board_view_set_interactive (board, TRUE);
  syn_board_view_activate_square (board, sq ("d1"));
  render_window (board, "look-1000-mine.png");
  syn_board_view_activate_square (board, sq ("d1"));
  syn_board_view_set_chosen_move (board, nf3);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_THEIRS);
  render_window (board, "look-1000-theirs.png");
  close_board (board);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  board = show_padded_board (600, 24, &facts);
  syn_board_view_set_last_turn (board, e4, c5);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  syn_board_view_set_interactive (board, TRUE);
  syn_board_view_activate_square (board, sq ("f1"));
  render_window (board, "look-600-dark.png");
  close_board (board);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  board = show_padded_board (192, 12, &facts);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  render_window (board, "look-192.png");
  close_board (board);

  board = show_padded_board (256, 12, &facts);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_THEIRS);
  render_window (board, "look-256.png");
  close_board (board);
}

/* Input */

static void
on_move_chosen_cb (SynBoardView *board, guint move, SynMove *chosen)
{
  *chosen = (SynMove) move;
}

static void
test_click_click_chooses_e2e4 (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  SynMove chosen = SYN_MOVE_NONE;
  char text[SYN_MOVE_TEXT_SIZE];

  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (400, &facts);
  syn_board_view_set_interactive (board, TRUE);
  g_signal_connect (board, "move-chosen", G_CALLBACK (on_move_chosen_cb), &chosen);

  syn_board_view_activate_square (board, sq ("e2"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("e2"));
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("e4")), ==,
                   "e4, empty, controlled by white, possible move");
  syn_board_view_activate_square (board, sq ("e4"));
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "e2e4");
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  close_board (board);
}

static void
test_click_elsewhere_cancels (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  SynMove chosen = SYN_MOVE_NONE;

  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (400, &facts);
  syn_board_view_set_interactive (board, TRUE);
  g_signal_connect (board, "move-chosen", G_CALLBACK (on_move_chosen_cb), &chosen);

  /* Black's pieces, empty squares out of reach and pieces without moves pick nothing. */
  syn_board_view_activate_square (board, sq ("e7"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  syn_board_view_activate_square (board, sq ("a1"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);

  syn_board_view_activate_square (board, sq ("g1"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("g1"));
  syn_board_view_activate_square (board, sq ("d5"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  g_assert_true (chosen == SYN_MOVE_NONE);

  /* Another piece of one's own takes over the pick; the same piece again drops it. */
  syn_board_view_activate_square (board, sq ("g1"));
  syn_board_view_activate_square (board, sq ("b1"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("b1"));
  syn_board_view_activate_square (board, sq ("b1"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);

  /* Not interactive: nothing is picked. */
  syn_board_view_set_interactive (board, FALSE);
  syn_board_view_activate_square (board, sq ("e2"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  close_board (board);
}

static void
test_keyboard_chooses_move (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  SynMove chosen = SYN_MOVE_NONE;
  char text[SYN_MOVE_TEXT_SIZE];

  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (400, &facts);
  syn_board_view_set_interactive (board, TRUE);
  g_signal_connect (board, "move-chosen", G_CALLBACK (on_move_chosen_cb), &chosen);
  gtk_widget_grab_focus (GTK_WIDGET (board));

  /* The cursor starts on e2; right once, Enter, up twice, Enter: f2f4. */
  gtk_widget_activate_action (GTK_WIDGET (board), "board.move-cursor", "(ii)", 1, 0);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.activate-cursor", NULL);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("f2"));
  gtk_widget_activate_action (GTK_WIDGET (board), "board.move-cursor", "(ii)", 0, -1);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.move-cursor", "(ii)", 0, -1);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.activate-cursor", NULL);
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "f2f4");

  /* Flipped, up goes towards white's side; Escape drops the pick. */
  syn_board_view_set_flipped (board, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.move-cursor", "(ii)", 0, -1);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.move-cursor", "(ii)", 0, -1);
  gtk_widget_activate_action (GTK_WIDGET (board), "board.activate-cursor", NULL);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("f2"));
  gtk_widget_activate_action (GTK_WIDGET (board), "board.cancel", NULL);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  close_board (board);
}

static GtkGesture *
find_drag_gesture (SynBoardView *board)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (board));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (controller))
        return GTK_GESTURE (controller);
    }
  return NULL;
}

static void
square_centre (SynBoardView *board, int square, double *x, double *y)
{
  graphene_rect_t rect;

  g_assert_true (syn_board_view_get_square_rect (board, square, &rect));
  *x = rect.origin.x + rect.size.width / 2;
  *y = rect.origin.y + rect.size.height / 2;
}

/* GTK 4.8 cannot make pointer events, so the drag gesture's signals stand in for them. */
static void
test_drag_and_drop_chooses_move (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  SynMove chosen = SYN_MOVE_NONE;
  GtkGesture *drag;
  double x, y, to_x, to_y;
  char text[SYN_MOVE_TEXT_SIZE];
  g_autoptr (Image) image = NULL;

  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (600, &facts);
  syn_board_view_set_interactive (board, TRUE);
  syn_board_view_set_heatmap (board, SYN_HEATMAP_MINE);
  g_signal_connect (board, "move-chosen", G_CALLBACK (on_move_chosen_cb), &chosen);
  drag = find_drag_gesture (board);
  g_assert_nonnull (drag);

  /* Halfway from g1 to f3, the knight hangs under the pointer and has left g1 faint. */
  square_centre (board, sq ("g1"), &x, &y);
  square_centre (board, sq ("f3"), &to_x, &to_y);
  g_signal_emit_by_name (drag, "drag-begin", x, y);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("g1"));
  g_signal_emit_by_name (drag, "drag-update", (to_x - x) / 2, (to_y - y) / 2);
  image = render (board, "drag-600.png");
  g_assert_cmpint (square_spread (board, image, sq ("g1")), <, 100);
  g_signal_emit_by_name (drag, "drag-end", to_x - x, to_y - y);
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "g1f3");

  /* Dropped where the piece cannot go: nothing is chosen, the pick is off. */
  chosen = SYN_MOVE_NONE;
  square_centre (board, sq ("e2"), &x, &y);
  square_centre (board, sq ("e5"), &to_x, &to_y);
  g_signal_emit_by_name (drag, "drag-begin", x, y);
  g_signal_emit_by_name (drag, "drag-update", to_x - x, to_y - y);
  g_signal_emit_by_name (drag, "drag-end", to_x - x, to_y - y);
  g_assert_true (chosen == SYN_MOVE_NONE);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);

  /* A press and release without moving is a click: pick, then click the destination. */
  g_signal_emit_by_name (drag, "drag-begin", x, y);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("e2"));
  square_centre (board, sq ("e3"), &to_x, &to_y);
  g_signal_emit_by_name (drag, "drag-begin", to_x, to_y);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "e2e3");
  close_board (board);
}

/* Runs xdotool with args (one string, split at spaces), then lets GTK take the events in. */
static void
xdotool (const char *args)
{
  g_autofree char *command = g_strconcat ("xdotool ", args, NULL);
  g_autoptr (GError) error = NULL;
  int status;

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  wait_for (60 * G_TIME_SPAN_MILLISECOND);
}

/* Real X11 events, sent by xdotool through XTEST, end to end: the pointer drags a piece,
 * arrows, Enter and Escape drive the cursor. Only on a display of its own (meson runs the
 * test in Xvfb and says so), never on someone's desktop; skipped without xdotool. */
static void
test_real_events (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");
  SynBoardFacts facts;
  SynBoardView *board;
  SynMove chosen = SYN_MOVE_NONE;
  double x, y, to_x, to_y;
  char text[SYN_MOVE_TEXT_SIZE];
  g_autofree char *drag = NULL;

  if (g_getenv ("SYNCHESS_TEST_UNDER_XVFB") == NULL)
    {
      g_test_skip ("not on a display of its own (SYNCHESS_TEST_UNDER_XVFB)");
      return;
    }
  if (path == NULL)
    {
      g_test_skip ("xdotool is not installed");
      return;
    }

  facts_from_fen (&facts, SYN_FEN_START, SYN_WHITE, FALSE);
  board = show_board (400, &facts);
  syn_board_view_set_interactive (board, TRUE);
  g_signal_connect (board, "move-chosen", G_CALLBACK (on_move_chosen_cb), &chosen);

  /* Without a window manager the window sits at the top left corner of the screen. */
  square_centre (board, sq ("b1"), &x, &y);
  square_centre (board, sq ("c3"), &to_x, &to_y);
  drag = g_strdup_printf ("mousemove %d %d mousedown 1 mousemove %d %d mousemove %d %d "
                          "mouseup 1",
                          (int) x, (int) y, (int) (x + to_x) / 2, (int) (y + to_y) / 2, (int) to_x,
                          (int) to_y);
  xdotool (drag);
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "b1c3");

  /* The keyboard: the cursor is on b1 now; up, Enter on b2, up twice, Enter: b2b4. */
  chosen = SYN_MOVE_NONE;
  xdotool ("key Up");
  xdotool ("key Return");
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, sq ("b2"));
  xdotool ("key Escape");
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  xdotool ("key KP_Enter Up Up Return");
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "b2b4");
  close_board (board);
}

static GtkWidget *
find_named (GtkWidget *widget, const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_promotion_asks (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  SynMove chosen = SYN_MOVE_NONE;
  GtkWidget *popover, *queen;
  char text[SYN_MOVE_TEXT_SIZE];

  /* PSC-R6: e8 is controlled by the pawn alone, so it may promote. */
  facts_from_fen (&facts, FEN_PROMOTION, SYN_WHITE, FALSE);
  board = show_board (600, &facts);
  syn_board_view_set_interactive (board, TRUE);
  g_signal_connect (board, "move-chosen", G_CALLBACK (on_move_chosen_cb), &chosen);

  syn_board_view_activate_square (board, sq ("e7"));
  syn_board_view_activate_square (board, sq ("e8"));
  g_assert_true (chosen == SYN_MOVE_NONE);
  popover = syn_board_view_get_promotion_popover (board);
  g_assert_nonnull (popover);
  flush ();
  g_assert_true (gtk_widget_get_visible (popover));
  g_assert_true (gtk_widget_get_mapped (popover));

  image_free (render_widget (popover, "promotion-popover.png"));
  render_window (board, "promotion-600.png");

  queen = find_named (popover, "promote-queen");
  g_assert_nonnull (queen);
  g_assert_true (gtk_widget_has_focus (queen));
  /* A button activated from the keyboard clicks after showing itself pressed. */
  gtk_widget_activate (queen);
  wait_for (400 * G_TIME_SPAN_MILLISECOND);
  syn_move_to_text (chosen, text);
  g_assert_cmpstr (text, ==, "e7e8q");
  g_assert_null (syn_board_view_get_promotion_popover (board));
  flush ();
  g_assert_false (gtk_widget_get_visible (popover));

  /* Asked again and turned down: nothing is chosen and the pick is off. */
  chosen = SYN_MOVE_NONE;
  syn_board_view_activate_square (board, sq ("e7"));
  syn_board_view_activate_square (board, sq ("e8"));
  g_assert_nonnull (syn_board_view_get_promotion_popover (board));
  gtk_popover_popdown (GTK_POPOVER (popover));
  g_assert_true (chosen == SYN_MOVE_NONE);
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, SYN_NO_SQUARE);
  close_board (board);
}

/* Animation */

static void
test_animate_turn_slides (void)
{
  SynBoardFacts before, after;
  SynBoardView *board;
  SynState state, next;
  SynFenError error;
  SynMove e4, e5;
  g_autoptr (Image) start = NULL;
  g_autoptr (Image) end = NULL;

  g_assert_true (syn_variant_psc.read_state (SYN_FEN_START, &state, &error));
  e4 = syn_move_make (sq ("e2"), sq ("e4"), SYN_MOVE_PLAIN);
  e5 = syn_move_make (sq ("e7"), sq ("e5"), SYN_MOVE_PLAIN);
  syn_variant_psc.apply (&state, e4, e5, &next);
  syn_board_facts_compute (&before, &syn_variant_psc, &state, SYN_WHITE, FALSE);
  syn_board_facts_compute (&after, &syn_variant_psc, &next, SYN_WHITE, FALSE);

  board = show_board (400, &before);
  syn_board_view_animate_turn (board, &before, e4, e5, &after);
  /* The labels tell the new position at once; the picture catches up. */
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("e4")), ==,
                   "e4, white pawn, controlled by white");
  start = render (board, NULL);
  g_assert_cmpint (square_spread (board, start, sq ("e2")), >, 100);
  wait_for (100 * G_TIME_SPAN_MILLISECOND);
  image_free (render (board, "sliding-400.png"));
  wait_for (300 * G_TIME_SPAN_MILLISECOND);
  end = render (board, "after-e4-e5-400.png");
  g_assert_cmpint (square_spread (board, end, sq ("e2")), <, 3);
  g_assert_cmpint (square_spread (board, end, sq ("e4")), >, 100);
  g_assert_cmpint (square_spread (board, end, sq ("e5")), >, 100);

  /* Without animations the turn shows at once. */
  syn_board_view_set_animate (board, FALSE);
  syn_board_view_animate_turn (board, &after, SYN_MOVE_NONE, SYN_MOVE_NONE, &before);
  g_clear_pointer (&start, image_free);
  start = render (board, NULL);
  g_assert_cmpint (square_spread (board, start, sq ("e2")), >, 100);
  close_board (board);
}

/* Accessibility */

static void
test_square_labels (void)
{
  SynBoardFacts facts;
  SynBoardView *board;
  SynState state, next;
  SynFenError error;

  g_assert_true (syn_variant_psc.read_state (SYN_FEN_START, &state, &error));
  syn_variant_psc.apply (&state, syn_move_make (sq ("e2"), sq ("e4"), SYN_MOVE_PLAIN),
                         syn_move_make (sq ("e7"), sq ("e5"), SYN_MOVE_PLAIN), &next);
  syn_board_facts_compute (&facts, &syn_variant_psc, &next, SYN_WHITE, FALSE);

  board = SYN_BOARD_VIEW (syn_board_view_new ());
  g_object_ref_sink (board);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (board)), ==,
                   GTK_ACCESSIBLE_ROLE_GRID);
  syn_board_view_set_facts (board, &facts);
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("e4")), ==,
                   "e4, white pawn, controlled by white");
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("f3")), ==,
                   "f3, empty, controlled by white");
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("d5")), ==,
                   "d5, empty, controlled by black");
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("e3")), ==, "e3, empty");

  facts_from_fen (&facts, FEN_FROZEN_KNIGHT, SYN_WHITE, TRUE);
  syn_board_view_set_facts (board, &facts);
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("d5")), ==,
                   "d5, black knight, frozen, controlled by white");
  g_assert_cmpstr (syn_board_view_get_square_label (board, sq ("e8")), ==, "e8, hidden");
  g_object_unref (board);
}

static void
remove_pngs (const char *dir_path)
{
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".png"))
      {
        g_autofree char *path = g_build_filename (dir_path, name, NULL);
        g_unlink (path);
      }
  g_rmdir (dir_path);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  gboolean keep_pngs;
  int status;

  /* The pixel tests read X11 offscreen renders under Xvfb. */
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  g_setenv ("LANGUAGE", "C", TRUE);
  /* No accessibility bus under Xvfb; the test AT context keeps the accessible tree real. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* The PNGs stay in SYNCHESS_TEST_PNG_DIR to be looked at; else they are only a check. */
  png_dir = g_strdup (g_getenv ("SYNCHESS_TEST_PNG_DIR"));
  keep_pngs = png_dir != NULL;
  if (png_dir == NULL)
    png_dir = g_dir_make_tmp ("synchess-board-XXXXXX", &error);
  g_assert_no_error (error);
  g_mkdir_with_parents (png_dir, 0755);

  g_test_add_func ("/board/renderer/caches-sizes", test_renderer_caches_sizes);
  g_test_add_func ("/board/draw/frozen-square-is-red", test_frozen_square_is_red);
  g_test_add_func ("/board/draw/heatmap-mine-and-theirs", test_heatmap_mine_and_theirs);
  g_test_add_func ("/board/draw/flipped-puts-a1-top-right", test_flipped_puts_a1_top_right);
  g_test_add_func ("/board/draw/fog-hides-pieces", test_fog_hides_pieces);
  g_test_add_func ("/board/draw/looks", test_looks);
  g_test_add_func ("/board/input/click-click-chooses-e2e4", test_click_click_chooses_e2e4);
  g_test_add_func ("/board/input/click-elsewhere-cancels", test_click_elsewhere_cancels);
  g_test_add_func ("/board/input/keyboard-chooses-move", test_keyboard_chooses_move);
  g_test_add_func ("/board/input/drag-and-drop-chooses-move", test_drag_and_drop_chooses_move);
  g_test_add_func ("/board/input/promotion-asks", test_promotion_asks);
  g_test_add_func ("/board/input/real-events", test_real_events);
  g_test_add_func ("/board/animate/turn-slides", test_animate_turn_slides);
  g_test_add_func ("/board/a11y/square-labels", test_square_labels);

  status = g_test_run ();
  if (keep_pngs)
    g_test_message ("pictures in %s", png_dir);
  else
    remove_pngs (png_dir);
  g_free (png_dir);
  return status;
}
