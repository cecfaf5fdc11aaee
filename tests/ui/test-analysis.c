/* test-analysis.c: the analysis windows: the position editor, the what-if resolver and the
 * pair matrix, driven through their public functions.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "fen.h"
#include "syn-analysis.h"
#include "syn-board-view.h"
#include "syn-host-dialog.h"
#include "syn-notation.h"
#include "syn-pair-matrix.h"
#include "syn-position-editor.h"
#include "syn-what-if.h"

static void
test_editor_builds_fen (void)
{
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);

  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.clear", NULL);
  g_assert_nonnull (syn_position_editor_get_error (editor));
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_WHITE, SYN_KING));
  syn_position_editor_activate_square (editor, SYN_SQUARE (4, 0), FALSE);
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_BLACK, SYN_KING));
  syn_position_editor_activate_square (editor, SYN_SQUARE (4, 7), FALSE);
  syn_position_editor_set_palette_piece (editor, SYN_PIECE (SYN_WHITE, SYN_QUEEN));
  syn_position_editor_activate_square (editor, SYN_SQUARE (3, 3), FALSE);
  syn_position_editor_activate_square (editor, SYN_SQUARE (0, 1), FALSE);
  /* Right-click erases. */
  syn_position_editor_activate_square (editor, SYN_SQUARE (0, 1), TRUE);

  g_assert_null (syn_position_editor_get_error (editor));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
count_cb (int *count)
{
  (*count)++;
}

static void
test_editor_refuses_invalid (void)
{
  const char *bad = "4k3/8/8/8/8/8/8/8 w - - 0 1";
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);
  SynPosition pos;
  SynFenError error;
  int played = 0;

  g_assert_false (syn_fen_parse (bad, SYN_FEN_PSC, &pos, &error));
  syn_position_editor_set_fen (editor, bad);
  g_assert_cmpstr (syn_position_editor_get_error (editor), ==, error.message);
  /* Play from Here does nothing for it. */
  g_signal_connect_swapped (editor, "play-from-here", G_CALLBACK (count_cb), &played);
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.play", NULL);
  g_assert_cmpint (played, ==, 0);

  /* A pasted valid FEN is taken as it is. */
  syn_position_editor_set_fen (editor, SYN_FEN_START);
  g_assert_null (syn_position_editor_get_error (editor));
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
test_editor_castling_only_where_allowed (void)
{
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);

  g_assert_cmpuint (syn_position_editor_get_castling_offered (editor), ==, SYN_CASTLE_ALL);
  syn_position_editor_set_fen (editor, "r3k3/8/8/8/8/8/8/4K2R w - - 0 1");
  g_assert_cmpuint (syn_position_editor_get_castling_offered (editor), ==,
                    SYN_CASTLE_WHITE_SHORT | SYN_CASTLE_BLACK_LONG);
  syn_position_editor_set_castling (editor, SYN_CASTLE_ALL);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");

  /* Moving the rook away takes the right with it. */
  syn_position_editor_activate_square (editor, SYN_SQUARE (7, 0), TRUE);
  g_assert_cmpuint (syn_position_editor_get_castling_offered (editor), ==, SYN_CASTLE_BLACK_LONG);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "r3k3/8/8/8/8/8/8/4K3 w q - 0 1");
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
test_editor_en_passant_only_where_valid (void)
{
  SynPosition pos;

  /* PSC-R9a: behind a pawn that could have double-stepped, its start square empty. */
  syn_position_set_start (&pos);
  g_assert_cmpuint (syn_analysis_en_passant_allowed (&pos, SYN_WHITE), ==, 0);
  syn_position_remove (&pos, SYN_SQUARE (4, 1));
  syn_position_put (&pos, SYN_SQUARE (4, 3), SYN_PIECE (SYN_WHITE, SYN_PAWN));
  g_assert_cmpuint (syn_analysis_en_passant_allowed (&pos, SYN_WHITE), ==,
                    syn_bit (SYN_SQUARE (4, 2)));
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

static GtkWidget *
find_widget (GtkWidget *widget, const char *name, GType type)
{
  if ((name != NULL && g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
      || (name == NULL && G_TYPE_CHECK_INSTANCE_TYPE (widget, type)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, name, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* With SYNCHESS_TEST_PNG_DIR set, draws window into a PNG of that name there, to look at. */
static void
maybe_save_png (GtkWidget *window, const char *png_name)
{
  const char *dir = g_getenv ("SYNCHESS_TEST_PNG_DIR");
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width, height;

  if (dir == NULL)
    return;
  wait_for (200 * G_TIME_SPAN_MILLISECOND);
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  paintable = gtk_widget_paintable_new (window);
  for (int attempt = 0; node == NULL && attempt < 50; attempt++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      if (attempt > 0)
        wait_for (20 * G_TIME_SPAN_MILLISECOND);
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_build_filename (dir, png_name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("drew %s", path);
}

/* The editor on screen, at its natural size, its board drawn. */
static SynPositionEditor *
show_editor (const char *fen)
{
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);
  GtkWidget *board = find_widget (GTK_WIDGET (editor), NULL, SYN_TYPE_BOARD_VIEW);
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  syn_position_editor_set_fen (editor, fen);
  gtk_window_present (GTK_WINDOW (editor));
  while (!gtk_widget_get_mapped (board) || gtk_widget_get_width (board) < 200)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  wait_for (200 * G_TIME_SPAN_MILLISECOND);
  return editor;
}

/* The centre of square, or of the widget named name, in the window's coordinates. */
static graphene_point_t
square_point (SynPositionEditor *editor, const char *square)
{
  GtkWidget *board = find_widget (GTK_WIDGET (editor), NULL, SYN_TYPE_BOARD_VIEW);
  graphene_rect_t rect;
  graphene_point_t centre, point;

  g_assert_true (syn_board_view_get_square_rect (
      SYN_BOARD_VIEW (board), SYN_SQUARE (square[0] - 'a', square[1] - '1'), &rect));
  graphene_rect_get_center (&rect, &centre);
  g_assert_true (gtk_widget_compute_point (board, GTK_WIDGET (editor), &centre, &point));
  return point;
}

static graphene_point_t
widget_point (SynPositionEditor *editor, const char *name)
{
  GtkWidget *widget = find_widget (GTK_WIDGET (editor), name, G_TYPE_INVALID);
  graphene_point_t centre, point;

  g_assert_nonnull (widget);
  centre = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.f,
                                gtk_widget_get_height (widget) / 2.f);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (editor), &centre, &point));
  return point;
}

static GtkGesture *
window_drag_gesture (SynPositionEditor *editor)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (editor));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (controller))
        return GTK_GESTURE (controller);
    }
  g_assert_not_reached ();
}

/* The window's drag gesture, told of a press at from that moves halfway, then to to. */
static void
drag (SynPositionEditor *editor, graphene_point_t from, graphene_point_t to)
{
  GtkGesture *gesture = window_drag_gesture (editor);
  double dx = to.x - from.x, dy = to.y - from.y;

  g_signal_emit_by_name (gesture, "drag-begin", (double) from.x, (double) from.y);
  g_signal_emit_by_name (gesture, "drag-update", dx / 2, dy / 2);
  g_signal_emit_by_name (gesture, "drag-update", dx, dy);
  g_signal_emit_by_name (gesture, "drag-end", dx, dy);
}

/* Dragging: a palette piece onto a square, a piece from square to square, a piece off the
 * board; a press that does not move is no drag. */
static void
test_editor_drags_pieces (void)
{
  SynPositionEditor *editor = show_editor ("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  GtkGesture *gesture = window_drag_gesture (editor);
  graphene_point_t e4 = square_point (editor, "e4");

  drag (editor, widget_point (editor, "palette-N"), e4);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
  drag (editor, widget_point (editor, "palette-q"), square_point (editor, "a8"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "q3k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
  /* Square to square, taking what stands there. */
  drag (editor, e4, square_point (editor, "d6"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "q3k3/8/3N4/8/8/8/8/4K3 w - - 0 1");
  drag (editor, square_point (editor, "a8"), square_point (editor, "d6"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/3q4/8/8/8/8/4K3 w - - 0 1");
  /* Off the board (onto the palette): gone. */
  drag (editor, square_point (editor, "d6"), widget_point (editor, "palette-eraser"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  /* The eraser dragged onto a piece erases it (the position is then invalid). */
  drag (editor, widget_point (editor, "palette-eraser"), square_point (editor, "e8"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "8/8/8/8/8/8/8/4K3 w - - 0 1");
  g_assert_nonnull (syn_position_editor_get_error (editor));

  /* A press and release in place, and a drag from an empty square, change nothing. */
  g_signal_emit_by_name (gesture, "drag-begin", (double) e4.x, (double) e4.y);
  g_signal_emit_by_name (gesture, "drag-end", 0.0, 0.0);
  drag (editor, e4, square_point (editor, "e5"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "8/8/8/8/8/8/8/4K3 w - - 0 1");

  /* The same through the public function. */
  syn_position_editor_move_piece (editor, SYN_SQUARE (4, 0), SYN_SQUARE (3, 0));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "8/8/8/8/8/8/8/3K4 w - - 0 1");
  syn_position_editor_move_piece (editor, SYN_SQUARE (3, 0), SYN_NO_SQUARE);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "8/8/8/8/8/8/8/8 w - - 0 1");
  gtk_window_destroy (GTK_WINDOW (editor));
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
  wait_for (100 * G_TIME_SPAN_MILLISECOND);
}

static void
xdotool_drag (graphene_point_t from, graphene_point_t to)
{
  g_autofree char *args = g_strdup_printf (
      "mousemove %d %d mousedown 1 mousemove %d %d mousemove %d %d mouseup 1", (int) from.x,
      (int) from.y, (int) (from.x + to.x) / 2, (int) (from.y + to.y) / 2, (int) to.x, (int) to.y);
  xdotool (args);
}

/* Real pointer events (xdotool through XTEST, on a display of the test's own): drags from
 * the palette, across the board and off it, and clicks still acting as clicks. Without a
 * window manager the window sits at the top left corner of the screen. */
static void
test_editor_drags_with_real_events (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");
  SynPositionEditor *editor;
  g_autofree char *click = NULL;
  graphene_point_t point;

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
  editor = show_editor ("4k3/8/8/8/8/8/8/4K3 w - - 0 1");

  xdotool_drag (widget_point (editor, "palette-R"), square_point (editor, "c3"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/8/2R5/8/4K3 w - - 0 1");
  xdotool_drag (square_point (editor, "c3"), square_point (editor, "c7"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/2R5/8/8/8/8/8/4K3 w - - 0 1");
  xdotool_drag (square_point (editor, "c7"), widget_point (editor, "palette-eraser"));
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");

  /* A click places the palette piece (the rook, picked by the first drag); a right click
   * erases it. */
  point = square_point (editor, "h1");
  click = g_strdup_printf ("mousemove %d %d click 1", (int) point.x, (int) point.y);
  xdotool (click);
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
  xdotool ("click 3");
  g_assert_cmpstr (syn_position_editor_get_fen (editor), ==, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
record_state_cb (SynPositionEditor *editor, const SynState *state, SynState *out)
{
  *out = *state;
}

static void
on_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, char **fen)
{
  g_autoptr (GError) error = NULL;

  *fen = g_strdup (options->start_fen);
  g_assert_true (syn_peer_accept_options (peer, FALSE, &error));
  g_assert_no_error (error);
}

/* Host from Here: the editor hands its position on, and the Host dialog proposes a game
 * from it; a guest peer on 127.0.0.1 hears the FEN and starts from it. */
static void
test_editor_hosts_from_here (void)
{
  const char *fen = "r3k3/1p6/8/8/8/8/1P6/R3K3 w Qq - 0 12";
  g_autofree char *dir = g_dir_make_tmp ("synchess-host-XXXXXX", NULL);
  g_autofree char *host_dir = g_build_filename (dir, "host", NULL);
  g_autofree char *guest_dir = g_build_filename (dir, "guest", NULL);
  g_autoptr (GSettings) settings = g_settings_new ("io.github.synchess.Synchess");
  g_autoptr (SynIdentity) host_identity = NULL;
  g_autoptr (SynIdentity) guest_identity = NULL;
  g_autoptr (SynPeer) host = NULL;
  g_autoptr (SynPeer) guest = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *proposed = NULL;
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);
  SynHostDialog *dialog;
  SynState state = { 0 };
  char guest_fen[256];
  gint64 deadline;

  syn_position_editor_set_fen (editor, fen);
  g_signal_connect (editor, "host-from-here", G_CALLBACK (record_state_cb), &state);
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.host", NULL);

  host_identity = syn_identity_new_for_dir (host_dir, &error);
  g_assert_no_error (error);
  guest_identity = syn_identity_new_for_dir (guest_dir, &error);
  g_assert_no_error (error);
  host = syn_peer_new (host_identity, "Host");
  guest = syn_peer_new (guest_identity, "Guest");
  syn_peer_set_autosave (host, FALSE);
  syn_peer_set_autosave (guest, FALSE);
  dialog = syn_host_dialog_new (NULL, settings, host);
  /* It closes itself once the game starts. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  syn_host_dialog_set_start (dialog, &state);
  gtk_spin_button_set_value (
      GTK_SPIN_BUTTON (find_widget (GTK_WIDGET (dialog), NULL, GTK_TYPE_SPIN_BUTTON)), 0);
  g_assert_true (syn_host_dialog_start (dialog, &error));
  g_assert_no_error (error);

  g_signal_connect (guest, "options-proposed", G_CALLBACK (on_options_proposed_cb), &proposed);
  syn_peer_connect_async (guest, "127.0.0.1", syn_peer_get_port (host), NULL, NULL, NULL);
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (syn_peer_get_game (guest) == NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpstr (proposed, ==, fen);
  syn_variant_psc.write_state (syn_game_get_start (syn_peer_get_game (guest)), guest_fen,
                               sizeof guest_fen);
  g_assert_cmpstr (guest_fen, ==, fen);
  syn_peer_close (guest);
  syn_peer_close (host);
  if (dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_what_if_resolves_e4_d5 (void)
{
  SynState start;
  SynWhatIf *what_if;
  g_autofree char *fen = NULL;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  what_if = syn_what_if_new (NULL, NULL, &start);
  g_assert_true (syn_what_if_select_choices (what_if, syn_move_make (12, 28, SYN_MOVE_PLAIN),
                                             syn_move_make (51, 35, SYN_MOVE_PLAIN)));
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");
  g_assert_nonnull (strstr (syn_what_if_get_summary (what_if), "Nothing was captured"));

  /* Go Deeper makes the result the position; Back returns. */
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  g_free (fen);
  fen = syn_what_if_get_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.back", NULL);
  g_free (fen);
  fen = syn_what_if_get_fen (what_if);
  g_assert_cmpstr (fen, ==, SYN_FEN_START);
  gtk_window_destroy (GTK_WINDOW (what_if));
}

static int
square_of (const char *name)
{
  return SYN_SQUARE (name[0] - 'a', name[1] - '1');
}

/* Moves of both colours are picked on the position's board, as a click or Enter does on a
 * square: the piece's colour says whose move it is, and each is drawn in its own colour. */
static void
test_what_if_picks_moves_on_the_board (void)
{
  SynState start;
  SynWhatIf *what_if;
  SynBoardView *board;
  g_autofree char *fen = NULL;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  what_if = syn_what_if_new (NULL, NULL, &start);
  board = syn_what_if_get_position_board (what_if);
  g_assert_true (syn_board_view_get_interactive (board));

  /* Black first: the first pair of clicks chooses for the side of the piece clicked. */
  syn_board_view_activate_square (board, square_of ("d7"));
  g_assert_cmpint (syn_board_view_get_selected_square (board), ==, square_of ("d7"));
  syn_board_view_activate_square (board, square_of ("d5"));
  syn_board_view_activate_square (board, square_of ("e2"));
  syn_board_view_activate_square (board, square_of ("e4"));
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2");

  /* Choosing White's move again keeps Black's. */
  syn_board_view_activate_square (board, square_of ("g1"));
  syn_board_view_activate_square (board, square_of ("f3"));
  g_free (fen);
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq d6 0 2");
  if (g_getenv ("SYNCHESS_TEST_PNG_DIR") != NULL)
    {
      gtk_window_present (GTK_WINDOW (what_if));
      syn_board_view_activate_square (board, square_of ("e2"));
      maybe_save_png (GTK_WIDGET (what_if), "what-if-board-picking.png");
    }
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* How control changed (PSC-R2: every piece counts on its own square, pawns on where they
 * push): after e2e4 against d7d5 the two pawns contest d5 and e4, the white pawn has left
 * e3 to nobody, and the queen on d1 now reaches h5. */
static void
test_what_if_shows_control_changes (void)
{
  SynState start;
  SynWhatIf *what_if;
  const char *text;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  what_if = syn_what_if_new (NULL, NULL, &start);
  g_assert_true (syn_what_if_select_choices (what_if, syn_move_make (12, 28, SYN_MOVE_PLAIN),
                                             syn_move_make (51, 35, SYN_MOVE_PLAIN)));
  text = syn_what_if_get_control_changes (what_if);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Control changed"));
  g_assert_nonnull (strstr (text, "\nd5: Black → contested\n"));
  g_assert_nonnull (strstr (text, "\ne4: White → contested\n"));
  g_assert_nonnull (strstr (text, "\nh5: Black → contested\n"));
  g_assert_nonnull (strstr (text, "\ne3: White → nobody"));
  g_assert_true (syn_what_if_get_control_changed (what_if) & syn_bit (square_of ("d5")));
  g_assert_false (syn_what_if_get_control_changed (what_if) & syn_bit (square_of ("a1")));
  /* The same squares are ringed on the result board. */
  {
    SynBitboard marked = 0;
    GtkWidget *board = NULL;
    GtkWidget *position = GTK_WIDGET (syn_what_if_get_position_board (what_if));
    GPtrArray *pending = g_ptr_array_new ();

    g_ptr_array_add (pending, what_if);
    while (pending->len > 0)
      {
        GtkWidget *widget = g_ptr_array_steal_index (pending, pending->len - 1);
        for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
             child = gtk_widget_get_next_sibling (child))
          g_ptr_array_add (pending, child);
        if (SYN_IS_BOARD_VIEW (widget) && widget != position)
          board = widget;
      }
    g_ptr_array_unref (pending);
    g_assert_nonnull (board);
    marked = syn_board_view_get_marked_squares (SYN_BOARD_VIEW (board));
    g_assert_cmpuint (marked, ==, syn_what_if_get_control_changed (what_if));
  }

  gtk_window_destroy (GTK_WINDOW (what_if));
}

static void
test_pair_matrix_start (void)
{
  GtkWidget *matrix = g_object_ref_sink (syn_pair_matrix_new ());
  const SynAnalysisMatrix *m;
  SynState start;
  double white = 0, black = 0;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  syn_pair_matrix_set_state (SYN_PAIR_MATRIX (matrix), NULL, &start);
  g_assert_true (syn_pair_matrix_get_computing (SYN_PAIR_MATRIX (matrix)));
  while (syn_pair_matrix_get_computing (SYN_PAIR_MATRIX (matrix)))
    g_main_context_iteration (NULL, TRUE);

  m = syn_pair_matrix_get_matrix (SYN_PAIR_MATRIX (matrix));
  g_assert_nonnull (m);
  g_assert_cmpint (m->n_white, ==, 20);
  g_assert_cmpint (m->n_black, ==, 20);
  for (int i = 0; i < m->n_white; i++)
    white += m->white_strategy[i];
  for (int i = 0; i < m->n_black; i++)
    black += m->black_strategy[i];
  g_assert_cmpfloat_with_epsilon (white, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (black, 1.0, 1e-9);
  g_object_unref (matrix);
}

static void
compute_matrix (SynPairMatrix *matrix, const char *fen)
{
  SynState state;

  g_assert_true (syn_analysis_parse_fen (fen, &state, NULL));
  syn_pair_matrix_set_state (matrix, NULL, &state);
  while (syn_pair_matrix_get_computing (matrix))
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (syn_pair_matrix_get_matrix (matrix));
}

static double
row_average (const SynAnalysisMatrix *m, int w)
{
  double sum = 0;

  for (int b = 0; b < m->n_black; b++)
    sum += m->cells[w * m->n_black + b];
  return sum / m->n_black;
}

static double
column_average (const SynAnalysisMatrix *m, int b)
{
  double sum = 0;

  for (int w = 0; w < m->n_white; w++)
    sum += m->cells[w * m->n_black + b];
  return sum / m->n_white;
}

static void
test_pair_matrix_sorts (void)
{
  GtkWidget *widget = g_object_ref_sink (syn_pair_matrix_new ());
  SynPairMatrix *matrix = SYN_PAIR_MATRIX (widget);
  const SynAnalysisMatrix *m;

  compute_matrix (matrix, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  m = syn_pair_matrix_get_matrix (matrix);

  syn_pair_matrix_set_sort (matrix, SYN_PAIR_MATRIX_SORT_PROBABILITY);
  for (int i = 1; i < m->n_white; i++)
    g_assert_cmpfloat (m->white_strategy[syn_pair_matrix_get_row (matrix, i - 1)], >=,
                       m->white_strategy[syn_pair_matrix_get_row (matrix, i)]);
  for (int i = 1; i < m->n_black; i++)
    g_assert_cmpfloat (m->black_strategy[syn_pair_matrix_get_column (matrix, i - 1)], >=,
                       m->black_strategy[syn_pair_matrix_get_column (matrix, i)]);

  /* Best for each side first: White wants high values, Black low ones. */
  syn_pair_matrix_set_sort (matrix, SYN_PAIR_MATRIX_SORT_AVERAGE);
  for (int i = 1; i < m->n_white; i++)
    g_assert_cmpfloat (row_average (m, syn_pair_matrix_get_row (matrix, i - 1)), >=,
                       row_average (m, syn_pair_matrix_get_row (matrix, i)));
  for (int i = 1; i < m->n_black; i++)
    g_assert_cmpfloat (column_average (m, syn_pair_matrix_get_column (matrix, i - 1)), <=,
                       column_average (m, syn_pair_matrix_get_column (matrix, i)));

  /* Each order is a permutation. */
  syn_pair_matrix_set_sort (matrix, SYN_PAIR_MATRIX_SORT_NAME);
  g_assert_cmpint (syn_pair_matrix_get_sort (matrix), ==, SYN_PAIR_MATRIX_SORT_NAME);
  {
    guint64 seen = 0;
    for (int i = 0; i < m->n_white; i++)
      seen |= G_GUINT64_CONSTANT (1) << syn_pair_matrix_get_row (matrix, i);
    g_assert_cmpuint (seen, ==, (G_GUINT64_CONSTANT (1) << m->n_white) - 1);
  }
  g_object_unref (widget);
}

static void
record_cell_cb (SynPairMatrix *matrix, guint white, guint black, guint *cell)
{
  cell[0] = white;
  cell[1] = black;
}

static void
test_pair_matrix_cursor_previews_in_what_if (void)
{
  SynState start;
  SynWhatIf *what_if;
  SynPairMatrix *matrix;
  const SynAnalysisMatrix *m;
  guint cell[2] = { 0, 0 };
  g_autofree char *fen = NULL;
  SynState expected;
  g_autofree char *expected_fen = NULL;
  int row, column;

  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  what_if = syn_what_if_new (NULL, NULL, &start);
  matrix = syn_what_if_get_pair_matrix (what_if);
  compute_matrix (matrix, SYN_FEN_START);
  m = syn_pair_matrix_get_matrix (matrix);
  g_signal_connect (matrix, "cell-focused", G_CALLBACK (record_cell_cb), cell);

  /* The first arrow key shows the cursor on the top left cell; then it moves. */
  gtk_widget_activate_action (GTK_WIDGET (matrix), "matrix.move-cursor", "(ii)", 1, 0);
  g_assert_cmpuint (cell[0], ==, m->white[syn_pair_matrix_get_row (matrix, 0)]);
  g_assert_cmpuint (cell[1], ==, m->black[syn_pair_matrix_get_column (matrix, 0)]);
  gtk_widget_activate_action (GTK_WIDGET (matrix), "matrix.move-cursor", "(ii)", 1, 0);
  gtk_widget_activate_action (GTK_WIDGET (matrix), "matrix.move-cursor", "(ii)", 0, 1);
  gtk_widget_activate_action (GTK_WIDGET (matrix), "matrix.move-cursor", "(ii)", 0, 1);
  row = syn_pair_matrix_get_row (matrix, 1);
  column = syn_pair_matrix_get_column (matrix, 2);
  g_assert_cmpuint (cell[0], ==, m->white[row]);
  g_assert_cmpuint (cell[1], ==, m->black[column]);

  /* The what-if window shows that pair's result. */
  syn_analysis_resolve (&start, m->white[row], m->black[column], &expected);
  expected_fen = syn_analysis_write_fen (&expected);
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, expected_fen);

  /* The cursor stops at the edge. */
  gtk_widget_activate_action (GTK_WIDGET (matrix), "matrix.move-cursor", "(ii)", -5, -5);
  g_assert_cmpuint (cell[0], ==, m->white[syn_pair_matrix_get_row (matrix, 0)]);
  g_assert_cmpuint (cell[1], ==, m->black[syn_pair_matrix_get_column (matrix, 0)]);
  gtk_window_destroy (GTK_WINDOW (what_if));
}

static void
test_editor_palette_shows_piece_images (void)
{
  SynPositionEditor *editor = syn_position_editor_new (NULL, NULL);
  GPtrArray *pending = g_ptr_array_new ();
  int images = 0;

  /* Every piece button shows an image (the SVG set), named for screen readers. */
  g_ptr_array_add (pending, editor);
  while (pending->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (pending, pending->len - 1);

      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (pending, child);
      /* The eraser's image is an icon. */
      if (GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget)))
          && gtk_image_get_storage_type (GTK_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))))
                 == GTK_IMAGE_PAINTABLE)
        {
          SynPiece piece
              = (SynPiece) GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "piece"));
          GtkImage *image = GTK_IMAGE (gtk_button_get_child (GTK_BUTTON (widget)));

          g_assert_nonnull (gtk_image_get_paintable (image));
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (widget),
                                               GTK_ACCESSIBLE_PROPERTY_LABEL,
                                               syn_notation_coloured_piece_name (piece));
          images++;
        }
    }
  g_ptr_array_unref (pending);
  g_assert_cmpint (images, ==, 12);
  g_assert_cmpstr (syn_notation_coloured_piece_name (SYN_PIECE (SYN_WHITE, SYN_KNIGHT)), ==,
                   "white knight");
  gtk_window_destroy (GTK_WINDOW (editor));
}

static void
test_what_if_saves_and_opens_branches (void)
{
  SynState start;
  SynWhatIf *what_if;
  SynWhatIf *reopened;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileIOStream) stream = NULL;
  g_autoptr (GFile) file = g_file_new_tmp ("test-XXXXXX.synchess-tree", &stream, &error);
  SynMove e4 = syn_move_make (12, 28, SYN_MOVE_PLAIN), d5 = syn_move_make (51, 35, SYN_MOVE_PLAIN);
  SynMove nf3 = syn_move_make (6, 21, SYN_MOVE_PLAIN), nf6 = syn_move_make (62, 45, SYN_MOVE_PLAIN);
  SynMove nc3 = syn_move_make (1, 18, SYN_MOVE_PLAIN), nc6 = syn_move_make (57, 42, SYN_MOVE_PLAIN);
  SynVariationNode *after_e4;

  g_assert_no_error (error);
  g_assert_true (syn_analysis_parse_fen (SYN_FEN_START, &start, NULL));
  what_if = syn_what_if_new (NULL, NULL, &start);
  /* Deeper twice, back once, then another pair there makes a second branch. */
  g_assert_true (syn_what_if_select_choices (what_if, e4, d5));
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  g_assert_true (syn_what_if_select_choices (what_if, nf3, nf6));
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.back", NULL);
  g_assert_true (syn_what_if_select_choices (what_if, nc3, nc6));
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  g_assert_true (syn_what_if_save_tree (what_if, file, &error));
  g_assert_no_error (error);

  reopened = syn_what_if_new (NULL, NULL, &start);
  g_assert_true (syn_what_if_open_tree (reopened, file, &error));
  g_assert_no_error (error);
  after_e4 = syn_variation_node_find_child (
      syn_variation_tree_get_root (syn_what_if_get_tree (reopened)), e4, d5);
  g_assert_nonnull (after_e4);
  g_assert_cmpuint (syn_variation_node_get_n_children (after_e4), ==, 2);
  g_assert_nonnull (syn_variation_node_find_child (after_e4, nf3, nf6));
  g_assert_nonnull (syn_variation_node_find_child (after_e4, nc3, nc6));

  g_file_delete (file, NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (what_if));
  gtk_window_destroy (GTK_WINDOW (reopened));
}

/* The other rule sets ------------------------------------------------------------------ */

static SynState
read_variant_state (const SynVariant *variant, const char *fen)
{
  SynState state;
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_analysis_parse_variant_fen (variant, fen, &state, &error));
  g_assert_no_error (error);
  return state;
}

/* The choice of side written text (UCI with the rule set's additions) in the window's
 * position. */
static SynChoice
choice_in (SynWhatIf *what_if, SynColour side, const char *text)
{
  const SynVariant *variant = syn_what_if_get_variant (what_if);
  g_autofree char *fen = syn_what_if_get_fen (what_if);
  SynState state = read_variant_state (variant, fen);
  SynChoice choice = syn_variant_choice_from_text (variant, &state, side, text);

  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  return choice;
}

static const char *
shown_choice (SynWhatIf *what_if, SynColour side)
{
  GtkDropDown *list = syn_what_if_get_choice_list (what_if, side);

  return gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_drop_down_get_selected_item (list)));
}

/* Whether the drop-down of side lists an item named name. */
static gboolean
lists_choice (SynWhatIf *what_if, SynColour side, const char *name)
{
  GListModel *model = gtk_drop_down_get_model (syn_what_if_get_choice_list (what_if, side));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);
      if (g_str_equal (gtk_string_object_get_string (item), name))
        return TRUE;
    }
  return FALSE;
}

static GtkLabel *
find_label (GtkWidget *root, const char *prefix)
{
  g_autoptr (GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, root);
  while (pending->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (pending, pending->len - 1);
      for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (pending, child);
      if (GTK_IS_LABEL (widget)
          && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
        return GTK_LABEL (widget);
    }
  return NULL;
}

static void
assert_summary_has (SynWhatIf *what_if, const char *text)
{
  const char *summary = syn_what_if_get_summary (what_if);

  if (strstr (summary, text) == NULL)
    g_error ("summary \"%s\" lacks \"%s\"", summary, text);
}

/* With SYNCHESS_TEST_PNG_DIR set, the window on screen with its pair matrix, drawn. */
static void
maybe_show_and_save (SynWhatIf *what_if, const char *png_name)
{
  SynPairMatrix *matrix = syn_what_if_get_pair_matrix (what_if);
  GtkWidget *expander;

  if (g_getenv ("SYNCHESS_TEST_PNG_DIR") == NULL)
    return;
  /* A collapsed expander holds no child, so it is found from the window. */
  expander = find_widget (GTK_WIDGET (what_if), NULL, GTK_TYPE_EXPANDER);
  gtk_window_set_default_size (GTK_WINDOW (what_if), 900, 1000);
  gtk_window_present (GTK_WINDOW (what_if));
  gtk_expander_set_expanded (GTK_EXPANDER (expander), TRUE);
  while (syn_pair_matrix_get_computing (matrix) || !gtk_widget_get_mapped (GTK_WIDGET (matrix)))
    g_main_context_iteration (NULL, TRUE);
  wait_for (300 * G_TIME_SPAN_MILLISECOND);
  maybe_save_png (GTK_WIDGET (what_if), png_name);
}

/* SYN-E4 (R7c): both knights arrive on d4 and are removed; the moves are picked on the board
 * as in PSC, and control, which Synchrone does not have, is not shown. */
static void
test_what_if_synchrone_collision (void)
{
  SynState state = read_variant_state (
      &syn_variant_synchrone, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1 3");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_synchrone, &state);
  SynBoardView *board = syn_what_if_get_position_board (what_if);
  g_autofree char *fen = NULL;
  GtkLabel *step;

  syn_board_view_activate_square (board, square_of ("f3"));
  syn_board_view_activate_square (board, square_of ("d4"));
  syn_board_view_activate_square (board, square_of ("c6"));
  syn_board_view_activate_square (board, square_of ("d4"));
  g_assert_cmpstr (shown_choice (what_if, SYN_WHITE), ==, "Nd4");
  g_assert_cmpstr (shown_choice (what_if, SYN_BLACK), ==, "Nd4");
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "r1bqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 4");
  assert_summary_has (what_if, "The game goes on.");
  assert_summary_has (what_if, "Captured: white knight, black knight");
  g_assert_cmpuint (syn_what_if_get_control_changed (what_if), ==, 0);
  step = find_label (GTK_WIDGET (what_if), "Synchrone");
  g_assert_nonnull (step);
  g_assert_cmpstr (gtk_label_get_text (step), ==, "Synchrone · Turn 3");
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* HK-E2 (HK-R6, R7): e4xd5 against Ng8-f6 opens an exchange of blows on d5 for Black; in the
 * blows step White waits (its list says so and cannot be used) and Black strikes or passes
 * (0000). */
static void
test_what_if_hk_blows (void)
{
  SynState state = read_variant_state (
      &syn_variant_hk, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_hk, &state);
  g_autofree char *fen = NULL;

  g_assert_true (syn_what_if_select_choices (what_if, choice_in (what_if, SYN_WHITE, "e4d5"),
                                             choice_in (what_if, SYN_BLACK, "g8f6")));
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-");
  assert_summary_has (what_if, "Captured: black pawn");
  assert_summary_has (what_if, "Exchange of blows on d5: Black may strike");

  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  g_assert_nonnull (find_label (GTK_WIDGET (what_if), "Hansmann–Krasowsky · Turn 2 · Exchange "
                                                      "of blows on d5"));
  g_assert_false (
      gtk_widget_get_sensitive (GTK_WIDGET (syn_what_if_get_choice_list (what_if, SYN_WHITE))));
  g_assert_cmpstr (shown_choice (what_if, SYN_WHITE), ==, "Waits this step");
  g_assert_true (
      gtk_widget_get_sensitive (GTK_WIDGET (syn_what_if_get_choice_list (what_if, SYN_BLACK))));
  g_assert_true (lists_choice (what_if, SYN_BLACK, "Nxd5"));
  g_assert_true (lists_choice (what_if, SYN_BLACK, "Qxd5"));
  g_assert_true (lists_choice (what_if, SYN_BLACK, "pass"));

  /* The knight that just moved strikes (rule A). */
  g_assert_true (syn_what_if_select_choices (what_if, SYN_CHOICE_NONE,
                                             choice_in (what_if, SYN_BLACK, "f6d5")));
  g_free (fen);
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkb1r/ppp1pppp/8/3n4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/d5");
  assert_summary_has (what_if, "Captured: white pawn");
  maybe_show_and_save (what_if, "what-if-hk-blows.png");
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.back", NULL);
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* HK-R7, R8: a pass closes the field, and the next turn begins. */
static void
test_what_if_hk_pass (void)
{
  SynState state = read_variant_state (
      &syn_variant_hk, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_hk, &state);
  g_autofree char *fen = NULL;

  g_assert_true (syn_what_if_select_choices (what_if, SYN_CHOICE_NONE,
                                             choice_in (what_if, SYN_BLACK, "0000")));
  g_assert_cmpstr (shown_choice (what_if, SYN_BLACK), ==, "pass");
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (fen, ==, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
  assert_summary_has (what_if, "Nothing was captured.");
  /* A choice of the side that waits is no choice. */
  g_assert_false (syn_what_if_select_choices (what_if, choice_in (what_if, SYN_BLACK, "0000"),
                                              choice_in (what_if, SYN_BLACK, "0000")));
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* HUT-E2 (HUT-R5 A, R6): Black's knight may not take the white knight that has just arrived
 * on d5: its move is forfeited and it takes the initiative. */
static void
test_what_if_hutnik_forfeit (void)
{
  SynState state = read_variant_state (
      &syn_variant_hutnik,
      "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 1 3 0000000000000003");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_hutnik, &state);
  g_autofree char *fen = NULL;

  g_assert_nonnull (find_label (GTK_WIDGET (what_if),
                                "Hutnik Simultaneous Chess · Turn 3 · White holds the initiative"));
  g_assert_true (syn_what_if_select_choices (what_if, choice_in (what_if, SYN_WHITE, "c3d5"),
                                             choice_in (what_if, SYN_BLACK, "f6d5")));
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (
      fen, ==, "rnbqkb1r/pppp1ppp/5n2/3Np3/4P3/8/PPPP1PPP/R1BQKBNR b KQkq - 2 4 0000000000000003");
  assert_summary_has (what_if, "Black’s move was forfeited: it was no longer legal after White’s");
  assert_summary_has (what_if, "Black takes the initiative");
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* TX-E2 (TX-R8): Black commits Qd8-h4 on top of its pending e7-e5; the summary gives the
 * announcement White hears. White, not to move, waits. */
static void
test_what_if_transactional_commit (void)
{
  SynState state = read_variant_state (
      &syn_variant_transactional,
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 T1:g1f3,f3g5 T2:e7e5");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_transactional, &state);
  g_autofree char *fen = NULL;

  g_assert_false (
      gtk_widget_get_sensitive (GTK_WIDGET (syn_what_if_get_choice_list (what_if, SYN_WHITE))));
  g_assert_cmpstr (shown_choice (what_if, SYN_WHITE), ==, "Waits this step");
  g_assert_true (lists_choice (what_if, SYN_BLACK, "Qh4, commit"));
  g_assert_true (lists_choice (what_if, SYN_BLACK, "Qh4, roll back"));
  g_assert_true (lists_choice (what_if, SYN_BLACK, "Qh4, keep pending"));
  g_assert_nonnull (find_label (GTK_WIDGET (what_if), "Position (Black’s view)"));
  g_assert_nonnull (find_label (GTK_WIDGET (what_if), "Transactional Chess · Turn 2 · "
                                                      "Transaction T2 · 1 move pending"));

  g_assert_true (syn_what_if_select_choices (what_if, SYN_CHOICE_NONE,
                                             choice_in (what_if, SYN_BLACK, "d8h4/commit")));
  fen = syn_what_if_get_result_fen (what_if);
  g_assert_cmpstr (
      fen, ==, "rnb1kbnr/pppp1ppp/8/4p3/7q/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 3 T1:g1f3,f3g5 T4:-");
  assert_summary_has (what_if, "Black has committed: Pe7-e5, Qd8-h4; e.p. e6");
  maybe_show_and_save (what_if, "what-if-transactional-commit.png");

  /* Rolling back is not told to White, but the window says what happened. */
  g_assert_true (syn_what_if_select_choices (what_if, SYN_CHOICE_NONE,
                                             choice_in (what_if, SYN_BLACK, "d8h4/rollback")));
  assert_summary_has (what_if, "Black rolls back its transaction");
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* TX-E1 (TX-R5): White's knight, pending on f3, is picked on White's view of the board and
 * sent to e5, which Black's pending e7-e5 locks: the move is refused. */
static void
test_what_if_transactional_locked (void)
{
  SynState state = read_variant_state (
      &syn_variant_transactional,
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_transactional, &state);
  SynBoardView *board = syn_what_if_get_position_board (what_if);
  g_autofree char *fen = NULL;

  g_assert_cmpstr (shown_choice (what_if, SYN_BLACK), ==, "Waits this step");
  syn_board_view_activate_square (board, square_of ("f3"));
  syn_board_view_activate_square (board, square_of ("e5"));
  /* The board's move stands for the choice without a decision. */
  g_assert_true (g_str_has_suffix (shown_choice (what_if, SYN_WHITE), ", keep pending"));
  assert_summary_has (what_if, "White’s move is refused: e5 is locked by the opponent’s "
                               "transaction");
  fen = syn_what_if_get_result_fen (what_if);
  g_test_message ("after the refusal: %s", fen);
  gtk_window_destroy (GTK_WINDOW (what_if));
}

/* The pair matrix of an HK blows step: White waits, so it is one row; Black's strikes and
 * its pass are the columns (HK-R7). */
static void
test_pair_matrix_hk_waiting_side (void)
{
  GtkWidget *widget = g_object_ref_sink (syn_pair_matrix_new ());
  SynPairMatrix *matrix = SYN_PAIR_MATRIX (widget);
  SynState state = read_variant_state (
      &syn_variant_hk, "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-");
  SynChoice choices[SYN_MAX_CHOICES];
  int n_black = syn_variant_hk.choices (&state, SYN_BLACK, choices);
  const SynAnalysisMatrix *m;
  double sum = 0;

  syn_pair_matrix_set_state (matrix, &syn_variant_hk, &state);
  while (syn_pair_matrix_get_computing (matrix))
    g_main_context_iteration (NULL, TRUE);
  m = syn_pair_matrix_get_matrix (matrix);
  g_assert_nonnull (m);
  g_assert_true (m->variant == &syn_variant_hk);
  g_assert_cmpint (m->n_white, ==, 1);
  g_assert_cmpint (m->n_white_all, ==, 0);
  g_assert_cmpuint (m->white[0], ==, SYN_CHOICE_NONE);
  g_assert_cmpint (n_black, ==, 3); /* Nxd5, Qxd5, pass */
  g_assert_cmpint (m->n_black, ==, n_black);
  for (int b = 0; b < m->n_black; b++)
    sum += m->black_strategy[b];
  g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-9);
  /* White is a pawn up; Black takes it back rather than pass. */
  for (int b = 0; b < m->n_black; b++)
    g_assert_cmpfloat (m->cells[b], ==, m->black[b] == (SYN_CHOICE_PASS) ? 100 : 0);
  g_assert_cmpfloat_with_epsilon (m->value, 0.0, 1e-9);
  g_assert_nonnull (strstr (syn_pair_matrix_get_summary (matrix), "White waits this step"));
  g_object_unref (widget);
}

/* Transactional's start: White's twenty moves, each with its three decisions, against a
 * Black that waits; Synchrone's: twenty by twenty. */
static void
test_pair_matrix_other_rule_sets (void)
{
  GtkWidget *widget = g_object_ref_sink (syn_pair_matrix_new ());
  SynPairMatrix *matrix = SYN_PAIR_MATRIX (widget);
  SynState state = read_variant_state (&syn_variant_transactional, SYN_FEN_START);
  SynChoice choices[SYN_MAX_CHOICES];
  const SynAnalysisMatrix *m;

  syn_pair_matrix_set_state (matrix, &syn_variant_transactional, &state);
  while (syn_pair_matrix_get_computing (matrix))
    g_main_context_iteration (NULL, TRUE);
  m = syn_pair_matrix_get_matrix (matrix);
  g_assert_nonnull (m);
  g_assert_cmpint (m->n_white, ==, syn_variant_transactional.choices (&state, SYN_WHITE, choices));
  g_assert_cmpint (m->n_white, ==, 60);
  g_assert_cmpint (m->n_black, ==, 1);
  g_assert_cmpint (m->n_black_all, ==, 0);

  /* Five queens' moves with their decisions are more than the matrix holds: cut, and said. */
  state = read_variant_state (&syn_variant_transactional,
                              "4k3/pppppppp/8/Q7/2Q2Q2/8/2Q2Q2/R3K2R w KQ - 0 1 T1:- T2:-");
  syn_pair_matrix_set_state (matrix, &syn_variant_transactional, &state);
  while (syn_pair_matrix_get_computing (matrix))
    g_main_context_iteration (NULL, TRUE);
  m = syn_pair_matrix_get_matrix (matrix);
  g_assert_cmpint (m->n_white, ==, SYN_ANALYSIS_MATRIX_MAX);
  g_assert_cmpint (m->n_white_all, ==, 288);
  g_assert_nonnull (strstr (syn_pair_matrix_get_summary (matrix), "Choices: White 288, Black 0."));
  g_assert_nonnull (strstr (syn_pair_matrix_get_summary (matrix),
                            "Only White’s first choices are weighed; the rest were cut."));

  state = read_variant_state (&syn_variant_synchrone, SYN_FEN_START);
  syn_pair_matrix_set_state (matrix, &syn_variant_synchrone, &state);
  while (syn_pair_matrix_get_computing (matrix))
    g_main_context_iteration (NULL, TRUE);
  m = syn_pair_matrix_get_matrix (matrix);
  g_assert_cmpint (m->n_white, ==, 20);
  g_assert_cmpint (m->n_black, ==, 20);
  g_assert_cmpfloat_with_epsilon (m->value, 0.0, 1e-9);
  g_object_unref (widget);
}

/* An HK tree with a blows step (White waits, "-") is saved with its rule set and opened
 * again as HK. */
static void
test_what_if_hk_saves_tree (void)
{
  SynState state = read_variant_state (
      &syn_variant_hk, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  SynWhatIf *what_if = syn_what_if_new (NULL, &syn_variant_hk, &state);
  SynWhatIf *reopened;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFileIOStream) stream = NULL;
  g_autoptr (GFile) file = g_file_new_tmp ("test-XXXXXX.synchess-tree", &stream, &error);
  g_autofree char *text = NULL;
  SynChoice exd5, nf6, pass;
  SynVariationNode *node;

  g_assert_no_error (error);
  exd5 = choice_in (what_if, SYN_WHITE, "e4d5");
  nf6 = choice_in (what_if, SYN_BLACK, "g8f6");
  g_assert_true (syn_what_if_select_choices (what_if, exd5, nf6));
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  pass = choice_in (what_if, SYN_BLACK, "0000");
  g_assert_true (syn_what_if_select_choices (what_if, SYN_CHOICE_NONE, pass));
  gtk_widget_activate_action (GTK_WIDGET (what_if), "what-if.go-deeper", NULL);
  g_assert_true (syn_what_if_save_tree (what_if, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_load_contents (file, NULL, &text, NULL, NULL, NULL));
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "[Variant \"hk\"]\n"));
  g_assert_nonnull (strstr (text, "2. - 0000"));

  reopened = syn_what_if_new (NULL, NULL, &state);
  g_assert_true (syn_what_if_open_tree (reopened, file, &error));
  g_assert_no_error (error);
  g_assert_true (syn_what_if_get_variant (reopened) == &syn_variant_hk);
  node = syn_variation_node_find_child (
      syn_variation_tree_get_root (syn_what_if_get_tree (reopened)), exd5, nf6);
  g_assert_nonnull (node);
  g_assert_nonnull (syn_variation_node_find_child (node, SYN_CHOICE_NONE, pass));
  g_file_delete (file, NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (what_if));
  gtk_window_destroy (GTK_WINDOW (reopened));
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_setenv ("GTK_A11Y", "test", FALSE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/analysis/editor/builds-fen", test_editor_builds_fen);
  g_test_add_func ("/analysis/editor/refuses-invalid-fen", test_editor_refuses_invalid);
  g_test_add_func ("/analysis/editor/castling-only-where-allowed",
                   test_editor_castling_only_where_allowed);
  g_test_add_func ("/analysis/editor/en-passant-only-where-valid",
                   test_editor_en_passant_only_where_valid);
  g_test_add_func ("/analysis/editor/palette-shows-piece-images",
                   test_editor_palette_shows_piece_images);
  g_test_add_func ("/analysis/editor/drags-pieces", test_editor_drags_pieces);
  g_test_add_func ("/analysis/editor/drags-with-real-events", test_editor_drags_with_real_events);
  g_test_add_func ("/analysis/editor/hosts-from-here", test_editor_hosts_from_here);
  g_test_add_func ("/analysis/what-if/e2e4-d7d5", test_what_if_resolves_e4_d5);
  g_test_add_func ("/analysis/what-if/picks-moves-on-the-board",
                   test_what_if_picks_moves_on_the_board);
  g_test_add_func ("/analysis/what-if/shows-control-changes", test_what_if_shows_control_changes);
  g_test_add_func ("/analysis/pair-matrix/start-is-20-by-20", test_pair_matrix_start);
  g_test_add_func ("/analysis/pair-matrix/sorts-rows-and-columns", test_pair_matrix_sorts);
  g_test_add_func ("/analysis/pair-matrix/cursor-previews-in-what-if",
                   test_pair_matrix_cursor_previews_in_what_if);
  g_test_add_func ("/analysis/what-if/saves-and-opens-branches",
                   test_what_if_saves_and_opens_branches);
  g_test_add_func ("/analysis/what-if/synchrone/e4-collision", test_what_if_synchrone_collision);
  g_test_add_func ("/analysis/what-if/hk/r6-blows", test_what_if_hk_blows);
  g_test_add_func ("/analysis/what-if/hk/r7-pass", test_what_if_hk_pass);
  g_test_add_func ("/analysis/what-if/hk/saves-tree", test_what_if_hk_saves_tree);
  g_test_add_func ("/analysis/what-if/hutnik/r5-forfeit", test_what_if_hutnik_forfeit);
  g_test_add_func ("/analysis/what-if/transactional/r8-commit-announced",
                   test_what_if_transactional_commit);
  g_test_add_func ("/analysis/what-if/transactional/r5-locked", test_what_if_transactional_locked);
  g_test_add_func ("/analysis/pair-matrix/hk/r7-waiting-side", test_pair_matrix_hk_waiting_side);
  g_test_add_func ("/analysis/pair-matrix/transactional-and-synchrone",
                   test_pair_matrix_other_rule_sets);
  return g_test_run ();
}
