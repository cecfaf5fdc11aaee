/* test-app-share.c: sharing a position from the real application under Xvfb: Ctrl+Shift+C,
 * pressed for real, puts the shown position's FEN on the clipboard, read back; Export
 * Board writes PNGs that decode at the size asked, whose heatmap and frozen marks change
 * the squares they should, and SVGs that librsvg reads, drawn as paths rather than images.
 * With SYN_SHARE_KEEP set, the exported files are kept (their folder is in the log).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <librsvg/rsvg.h>
#include <string.h>

#include "app-test-util.h"
#include "syn-analysis.h"
#include "syn-export-dialog.h"
#include "syn-new-game-dialog.h"

/* Black's knight on d5 is frozen (the pawn on e4 and the knight on c3 attack it, PSC-R3);
 * White controls a2, Black e3, nobody h8. */
#define SHARE_FEN "4k3/8/8/3n4/4P3/2N5/8/4K3 w - - 0 1"
#define EXPORT_SIZE 480

static const SynNewGameOptions two_people
    = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };

/* The application showing a game from SHARE_FEN, its window active; NULL without real
 * input (the test is skipped). */
static SynWindow *
start_with_position (SynApplication **app, SynState *state)
{
  SynWindow *window = app_test_start (app, 1280, 800);

  g_assert_nonnull (window);
  if (!app_test_has_real_input (GTK_WIDGET (window)))
    {
      g_test_skip ("needs xdotool and an X11 display");
      app_test_quit (*app, window);
      return NULL;
    }
  g_assert_true (syn_analysis_parse_fen (SHARE_FEN, state, NULL));
  syn_window_start_game (window, &two_people, state, FALSE);
  g_assert_true (app_test_iterate_until (app_test_is_active, window, 5000));
  gtk_widget_grab_focus (GTK_WIDGET (syn_window_get_board (window)));
  app_test_settle (100);
  return window;
}

typedef struct
{
  char *text;
  gboolean done;
} ClipboardRead;

static void
on_text_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ClipboardRead *read = user_data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

static gboolean
read_done (gpointer data)
{
  return ((ClipboardRead *) data)->done;
}

static void
test_copy_fen_reads_back (void)
{
  SynApplication *app = NULL;
  SynState state;
  SynWindow *window = start_with_position (&app, &state);
  GdkClipboard *clipboard;
  ClipboardRead read = { NULL, FALSE };
  g_autofree char *expected = NULL;

  if (window == NULL)
    return;
  clipboard = gdk_display_get_clipboard (gtk_widget_get_display (GTK_WIDGET (window)));
  gdk_clipboard_set_text (clipboard, "nothing yet");
  app_test_press ("ctrl+shift+c");
  gdk_clipboard_read_text_async (clipboard, NULL, on_text_read_cb, &read);
  g_assert_true (app_test_iterate_until (read_done, &read, 5000));
  expected = syn_analysis_write_variant_fen (&syn_variant_psc, &state);
  g_assert_cmpstr (read.text, ==, expected);
  g_free (read.text);
  app_test_quit (app, window);
}

static gboolean
has_export_dialog (gpointer data)
{
  return app_test_newest_toplevel (NULL, SYN_TYPE_EXPORT_DIALOG) != NULL;
}

/* Exports with options changed from the defaults, and loads the PNG back. */
static GdkPixbuf *
export_png (SynExportDialog *dialog, const char *folder, const char *name, gboolean heatmap,
            gboolean frozen)
{
  SynBoardExportOptions options;
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  GdkPixbuf *pixbuf;

  syn_export_dialog_get_options (dialog, &options);
  options.format = SYN_BOARD_EXPORT_PNG;
  options.size = EXPORT_SIZE;
  options.heatmap = heatmap;
  options.frozen = frozen;
  syn_export_dialog_set_options (dialog, &options);
  g_assert_true (syn_export_dialog_export_to (dialog, file, &error));
  g_assert_no_error (error);
  pixbuf = gdk_pixbuf_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, EXPORT_SIZE);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, EXPORT_SIZE);
  return pixbuf;
}

/* The pixel near the bottom left corner of square (White at the bottom), where neither a
 * piece nor a coordinate is drawn. */
static guint32
square_pixel (GdkPixbuf *pixbuf, const char *square)
{
  int size = EXPORT_SIZE / 8;
  int x = (square[0] - 'a') * size + 4, y = ('8' - square[1]) * size + size - 4;
  const guint8 *p = gdk_pixbuf_read_pixels (pixbuf) + y * gdk_pixbuf_get_rowstride (pixbuf)
                    + x * gdk_pixbuf_get_n_channels (pixbuf);

  return (guint32) p[0] << 16 | (guint32) p[1] << 8 | p[2];
}

static void
check_svg (SynExportDialog *dialog, const char *folder)
{
  SynBoardExportOptions options;
  g_autofree char *path = g_build_filename (folder, "board.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  RsvgHandle *handle;
  double width = 0, height = 0;

  syn_export_dialog_get_options (dialog, &options);
  options.format = SYN_BOARD_EXPORT_SVG;
  syn_export_dialog_set_options (dialog, &options);
  g_assert_true (syn_export_dialog_export_to (dialog, file, &error));
  g_assert_no_error (error);
  handle = rsvg_handle_new_from_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &width, &height));
  g_assert_cmpfloat (width, ==, EXPORT_SIZE);
  g_assert_cmpfloat (height, ==, EXPORT_SIZE);
  g_object_unref (handle);
  /* Vector: the pieces are paths, never a picture of pixels. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<path"));
  g_assert_null (strstr (contents, "<image"));
}

static void
test_export_png_and_svg (void)
{
  SynApplication *app = NULL;
  SynState state;
  SynWindow *window = start_with_position (&app, &state);
  g_autofree char *folder = NULL;
  g_autoptr (GdkPixbuf) plain = NULL, heat = NULL, frozen = NULL;
  SynExportDialog *dialog;

  if (window == NULL)
    return;
  /* With SYNCHESS_TEST_SHOTS set, the files are exported there and kept, to be looked at. */
  if (app_test_shots_folder () != NULL)
    folder = g_strdup (app_test_shots_folder ());
  else
    folder = g_dir_make_tmp ("synchess-export-XXXXXX", NULL);
  g_assert_nonnull (folder);
  app_test_press ("ctrl+shift+x");
  g_assert_true (app_test_iterate_until (has_export_dialog, NULL, 5000));
  dialog = SYN_EXPORT_DIALOG (app_test_newest_toplevel (NULL, SYN_TYPE_EXPORT_DIALOG));
  app_test_shoot_screen ("export-dialog.png", 500);

  plain = export_png (dialog, folder, "plain.png", FALSE, FALSE);
  heat = export_png (dialog, folder, "heat.png", TRUE, FALSE);
  frozen = export_png (dialog, folder, "frozen.png", FALSE, TRUE);
  /* The heatmap tints White's a2 and Black's e3, and leaves h8 alone. */
  g_assert_cmpuint (square_pixel (plain, "a2"), !=, square_pixel (heat, "a2"));
  g_assert_cmpuint (square_pixel (plain, "e3"), !=, square_pixel (heat, "e3"));
  g_assert_cmpuint (square_pixel (heat, "a2"), !=, square_pixel (heat, "e3"));
  g_assert_cmpuint (square_pixel (plain, "h8"), ==, square_pixel (heat, "h8"));
  /* The frozen mark reddens d5 only. */
  g_assert_cmpuint (square_pixel (plain, "d5"), !=, square_pixel (frozen, "d5"));
  g_assert_cmpuint (square_pixel (plain, "a2"), ==, square_pixel (frozen, "a2"));
  check_svg (dialog, folder);

  if (app_test_shots_folder () != NULL)
    {
      g_test_message ("exported to %s", folder);
      app_test_quit (app, window);
      return;
    }
  for (const char *const *name
       = (const char *const[]){ "plain.png", "heat.png", "frozen.png", "board.svg", NULL };
       *name != NULL; name++)
    {
      g_autofree char *path = g_build_filename (folder, *name, NULL);
      g_remove (path);
    }
  g_rmdir (folder);
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/share/copy-fen-reads-back", test_copy_fen_reads_back);
  g_test_add_func ("/app/share/export-png-and-svg", test_export_png_and_svg);
  return g_test_run ();
}
