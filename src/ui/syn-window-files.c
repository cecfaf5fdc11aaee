/* syn-window-files.c: the window's files: open, save, autosave, resume, recent, screenshots.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include <glib/gi18n.h>

#include "syn-record.h"

/* How many recent games the welcome page lists. */
#define RECENT_GAMES 5

static void
on_save_toast_dismissed_cb (AdwToast *toast, SynWindow *self)
{
  if (self->save_toast == toast)
    self->save_toast = NULL;
}

/* A failed autosave stays on screen until the player has seen it, with the way to save the
 * game elsewhere at hand: playing on against a stale record is how games were lost. */
void
_syn_window_show_save_failure (SynWindow *self, const GError *error)
{
  AdwToast *toast;

  if (self->save_toast)
    {
      adw_toast_set_title (self->save_toast, error->message);
      return;
    }
  toast = adw_toast_new (error->message);
  adw_toast_set_button_label (toast, _ ("_Save As…"));
  adw_toast_set_action_name (toast, "win.save-as");
  adw_toast_set_timeout (toast, 0);
  self->save_toast = toast;
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_save_toast_dismissed_cb), self, 0);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

void
_syn_window_on_autosave_failed_cb (SynSession *session, GError *error, SynWindow *self)
{
  _syn_window_show_save_failure (self, error);
}

gboolean
syn_window_open_file (SynWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_load (file, &error);

  if (!game)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *heading = g_strdup_printf (_ ("Could Not Open “%s”"), name);
      _syn_window_show_error (self, heading, error->message);
      return FALSE;
    }
  syn_window_continue_game (self, game);
  /* Save writes back to the file it came from, as an editor does. */
  if (self->game == game)
    g_set_object (&self->saved_file, file);
  return TRUE;
}

static GtkFileFilter *
record_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, _ ("Synchess Games"));
  gtk_file_filter_add_pattern (filter, "*.synchess");
  return filter;
}

static void
on_open_response_cb (GtkNativeDialog *dialog, int response, SynWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      syn_window_open_file (self, file);
    }
  syn_dialog_watch_release (self->dialogs);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_syn_window_open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      syn_window_clocks_run_behind_dialogs (self) ? _ ("Open a Game (Your Clock Keeps Running)")
                                                  : _ ("Open a Game"),
      GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, _ ("_Open"), NULL);
  g_autoptr (GtkFileFilter) filter = record_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (on_open_response_cb), self);
  /* A portal's chooser is no window of ours that the watch could see. */
  syn_dialog_watch_hold (self->dialogs);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static gboolean
save_to (SynWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;

  if (!syn_record_save (self->game, file, &error))
    {
      _syn_window_show_error (self, _ ("Could Not Save the Game"), error->message);
      return FALSE;
    }
  g_set_object (&self->saved_file, file);
  _syn_window_toast (self, _ ("Game saved"));
  return TRUE;
}

static void
on_save_response_cb (GtkNativeDialog *dialog, int response, SynWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      save_to (self, file);
    }
  syn_dialog_watch_release (self->dialogs);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
_syn_window_save_as_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (
      syn_window_clocks_run_behind_dialogs (self) ? _ ("Save the Game (Your Clock Keeps Running)")
                                                  : _ ("Save the Game"),
      GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), NULL);
  g_autoptr (GtkFileFilter) filter = record_filter ();
  g_autofree char *name = g_strdup_printf ("%s.synchess", syn_game_get_id (self->game));

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect (dialog, "response", G_CALLBACK (on_save_response_cb), self);
  syn_dialog_watch_hold (self->dialogs);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Saves where the game was saved or opened before, else asks where. */
void
_syn_window_save_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (self->saved_file)
    save_to (self, self->saved_file);
  else
    _syn_window_save_as_action (widget, "win.save-as", NULL);
}

/* Saves to a path without asking, for scripts and tests. */
void
_syn_window_save_to_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  save_to (SYN_WINDOW (widget), file);
}

void
_syn_window_open_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  syn_window_open_file (SYN_WINDOW (widget), file);
}

static void
on_resume_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  SynGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "resume") == 0)
    syn_window_continue_game (self, game);
  else if (!syn_record_set_aside (game, &error))
    g_warning ("could not set the unfinished game aside: %s", error->message);
}

void
syn_window_offer_resume (SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_find_unfinished (&error);
  GtkWidget *dialog;

  if (!game)
    {
      if (error)
        g_warning ("could not look for an unfinished game: %s", error->message);
      return;
    }
  /* A game nobody has moved in yet is not worth asking about. */
  if (syn_game_get_n_turns (game) == 0
      || g_strcmp0 (syn_game_get_id (game), syn_game_get_id (self->game)) == 0)
    return;
  if (_syn_window_is_network_game (game))
    {
      _syn_window_offer_reconnect (self, game);
      return;
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Resume the Unfinished Game?"), NULL);
  adw_message_dialog_format_body (
      ADW_MESSAGE_DIALOG (dialog),
      _ ("A game was interrupted after turn %u. It is saved, and you can go on with it. "
         "A new game keeps it in the “set-aside” folder of your saved games."),
      syn_game_get_n_turns (game));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "new", _ ("_New Game"), "resume",
                                    _ ("_Resume"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resume",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "resume");
  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (game), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_resume_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Renders node, width x height, into the PNG at path. */
static gboolean
write_png (SynWindow *self, GskRenderNode *node, int width, int height, const char *path,
           GError **error)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (self));
  g_autoptr (GdkTexture) texture = NULL;

  if (!node || !renderer)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("The window has not been drawn yet"));
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _ ("Could not write %s"), path);
      return FALSE;
    }
  return TRUE;
}

gboolean
syn_window_save_png (SynWindow *self, const char *path, GError **error)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (self));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  return write_png (self, node, width, height, path, error);
}

gboolean
syn_window_render_png (SynWindow *self, const char *path, int width, int height, GError **error)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (self));
  GtkSnapshot *snapshot;
  g_autoptr (GskRenderNode) node = NULL;
  int minimum, natural;
  GdkRGBA background = { 1, 1, 1, 1 };

  /* GTK 4.10 deprecates looking up a named colour, and offers nothing in its place before
   * 4.16's CSS variables; it still works. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                  "window_bg_color", &background);
  G_GNUC_END_IGNORE_DEPRECATIONS

  /* The window's content is laid out at the size asked for, whatever room the screen gives
   * the window (it is no larger than the screen, less its frame's margins); the next frame
   * lays it out as the window is again. */
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  width = MAX (width, minimum);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  height = MAX (height, minimum);
  gtk_widget_allocate (content, width, height, -1, NULL);
  snapshot = gtk_snapshot_new ();
  /* The window draws the background its content lies on: without it, dark style's light
   * text would stand on a transparent (to most viewers, white) picture. */
  gtk_snapshot_append_color (snapshot, &background, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_widget_snapshot_child (gtk_widget_get_parent (content), content, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return write_png (self, node, width, height, path, error);
}

/* "White – Black", and the result, the rule set and the date, for the list of recent games. */
static GtkWidget *
recent_game_row (GFile *file)
{
  g_autoptr (SynGame) game = syn_record_load (file, NULL);
  GtkWidget *row;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  const char *result;

  if (!game)
    return NULL;
  title = g_strdup_printf ("%s – %s", syn_game_get_player_name (game, SYN_WHITE) ?: _ ("White"),
                           syn_game_get_player_name (game, SYN_BLACK) ?: _ ("Black"));
  result = syn_game_is_over (game) ? syn_result_to_text (syn_game_get_result (game))
                                   : _ ("unfinished");
  /* Translators: a recent game: its result (1-0, "unfinished"), its rule set, its date */
  subtitle = g_strdup_printf (_ ("%s · %s · %s"), result, syn_game_get_variant (game)->name,
                              syn_game_get_tag (game, "Date") ?: "?");
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "file", g_object_ref (file), g_object_unref);
  return row;
}

void
_syn_window_on_recent_game_activated_cb (GtkListBox *list, GtkListBoxRow *row, SynWindow *self)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "file");

  if (file)
    syn_window_open_file (self, file);
}

void
_syn_window_fill_recent_games (SynWindow *self)
{
  g_autoptr (GPtrArray) files = syn_record_list_recent (RECENT_GAMES);
  GtkWidget *child;
  guint shown = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))))
    gtk_list_box_remove (self->recent_list, child);
  for (guint i = 0; i < files->len; i++)
    {
      GtkWidget *row = recent_game_row (g_ptr_array_index (files, i));
      if (row)
        {
          gtk_list_box_append (self->recent_list, row);
          shown++;
        }
    }
  gtk_widget_set_visible (self->recent_heading, shown > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
}
