/* syn-window.c: the main window's template, settings, lifecycle and public API.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include <glib/gi18n.h>

#include "syn-preferences-window.h"

G_DEFINE_FINAL_TYPE (SynWindow, syn_window, ADW_TYPE_APPLICATION_WINDOW)

const char *
_syn_window_colour_name (SynColour colour)
{
  return colour == SYN_WHITE ? _ ("White") : _ ("Black");
}

gboolean
_syn_window_two_people (SynWindow *self)
{
  return syn_game_get_player_kind (self->game, SYN_WHITE) == SYN_PLAYER_HUMAN
         && syn_game_get_player_kind (self->game, SYN_BLACK) == SYN_PLAYER_HUMAN;
}

gboolean
_syn_window_following_game (SynWindow *self)
{
  return self->shown_turns < 0;
}

/* The game on the board is played with the peer. */
gboolean
_syn_window_playing_network (SynWindow *self)
{
  return self->peer && self->game && syn_peer_get_game (self->peer) == self->game;
}

static void
on_selected_turn_cb (SynWindow *self)
{
  int selected;

  if (!self->game)
    return;
  g_object_get (self->move_list, "selected-turn", &selected, NULL);
  self->shown_turns = selected;
  _syn_window_update_board (self);
  _syn_window_update_status (self);
}

/* Nobody can play while a dialog covers the board, so at this computer the clocks stop and
 * the computer waits until it closes. A network game goes on: the other player's program
 * cannot be told to wait, and letting one side stop the clocks alone would give it time. */
void
_syn_window_follow_dialogs (SynWindow *self)
{
  if (self->session && self->dialogs)
    syn_session_set_paused (self->session, syn_dialog_watch_is_covered (self->dialogs));
}

gboolean
syn_window_clocks_run_behind_dialogs (SynWindow *self)
{
  g_return_val_if_fail (SYN_IS_WINDOW (self), FALSE);

  return _syn_window_playing_network (self) && !syn_game_is_over (self->game)
         && syn_clock_is_timed (syn_game_get_clock (self->game));
}

void
syn_window_start_game (SynWindow *self, const SynNewGameOptions *options, const SynState *start,
                       gboolean autosave)
{
  g_autoptr (SynGame) game = NULL;
  g_autoptr (SynSession) session = NULL;
  SynColour viewer = SYN_WHITE;

  _syn_window_leave_network (self);
  self->options = *options;
  game = syn_game_new (options->variant, start,
                       options->time_control.initial_ms ? &options->time_control : NULL,
                       options->fog);
  if (options->opponent == SYN_PLAYER_COMPUTER)
    {
      g_autofree char *name = syn_preferences_player_name (self->settings);

      viewer = options->play_as;
      syn_game_set_player (game, viewer, SYN_PLAYER_HUMAN, name);
      syn_game_set_player (game, (SynColour) !viewer, SYN_PLAYER_COMPUTER, SYN_COMPUTER_NAME);
    }
  else
    {
      syn_game_set_player (game, SYN_WHITE, SYN_PLAYER_HUMAN, _ ("White"));
      syn_game_set_player (game, SYN_BLACK, SYN_PLAYER_HUMAN, _ ("Black"));
      /* The side that chooses first sits down first (Black in a position where White
       * waits: Black's transaction, Black's blow). */
      if (syn_game_has_chosen (game, SYN_WHITE) && !syn_game_is_over (game))
        viewer = SYN_BLACK;
    }
  session = syn_session_new (game, autosave);
  syn_session_set_computer_level (session, options->level);
  _syn_window_set_session (self, session, viewer);
}

void
syn_window_continue_game (SynWindow *self, SynGame *game)
{
  g_autoptr (SynSession) session = NULL;
  SynColour viewer = SYN_WHITE;

  /* The other side's moves come only from the other program: played here, one person would
   * move both sides, and its autosave would no longer be resumable with its peer. */
  if (_syn_window_is_network_game (game) && !syn_game_is_over (game))
    {
      _syn_window_offer_reconnect (self, game);
      return;
    }
  _syn_window_leave_network (self);
  /* Records name a computer player by SYN_COMPUTER_NAME; everyone else is a person here. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      const char *name = syn_game_get_player_name (game, (SynColour) side);
      gboolean computer = g_strcmp0 (name, SYN_COMPUTER_NAME) == 0;
      syn_game_set_player (game, (SynColour) side,
                           computer ? SYN_PLAYER_COMPUTER : SYN_PLAYER_HUMAN, name);
      if (computer)
        viewer = (SynColour) !side;
    }
  self->options.variant = syn_game_get_variant (game);
  self->options.time_control = syn_game_get_time_control (game);
  self->options.fog = syn_game_get_fog (game);
  self->options.opponent = syn_game_get_player_kind (game, (SynColour) !viewer);
  self->options.play_as = viewer;
  self->options.level = (SynComputerLevel) g_settings_get_enum (self->settings, "computer-level");
  session = syn_session_new (game, TRUE);
  syn_session_set_computer_level (session, self->options.level);
  _syn_window_set_session (self, session, viewer);
}

SynGame *
syn_window_get_game (SynWindow *self)
{
  return self->game;
}

SynBoardView *
syn_window_get_board (SynWindow *self)
{
  return self->board;
}

static gboolean
heatmap_from_setting (GValue *value, GVariant *variant, gpointer user_data)
{
  GEnumClass *enum_class = g_type_class_ref (G_VALUE_TYPE (value));
  GEnumValue *found = g_enum_get_value_by_nick (enum_class, g_variant_get_string (variant, NULL));
  if (found)
    g_value_set_enum (value, found->value);
  g_type_class_unref (enum_class);
  return found != NULL;
}

static void
on_flip_setting_cb (SynWindow *self)
{
  if (!self->game)
    return;
  _syn_window_update_board_marks (self);
  syn_clock_view_set_flipped (self->clock_view, _syn_window_board_flipped (self));
}

/* Below the board, the panel has room to spare in width, not in height. */
static gboolean
orient_clocks_cb (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  SynWindow *self = SYN_WINDOW (widget);

  syn_clock_view_set_orientation (self->clock_view, syn_game_layout_get_wide (self->layout)
                                                        ? GTK_ORIENTATION_VERTICAL
                                                        : GTK_ORIENTATION_HORIZONTAL);
  return G_SOURCE_REMOVE;
}

/* The layout decides while allocating; the clocks change after it, not in the middle, at
 * the start of the next frame: an idle could be held off by busier sources while the board
 * stood smaller, sized for clocks stacked the other way. */
static void
on_layout_wide_cb (SynWindow *self)
{
  gtk_widget_add_tick_callback (GTK_WIDGET (self), orient_clocks_cb, NULL, NULL);
}

static gboolean
on_close_request_cb (SynWindow *self)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
  if (self->session)
    syn_session_stop (self->session);
  return FALSE;
}

static void
syn_window_dispose (GObject *object)
{
  SynWindow *self = SYN_WINDOW (object);

  if (self->session)
    syn_session_stop (self->session);
  g_clear_object (&self->session);
  g_clear_object (&self->dialogs);
  _syn_window_leave_network (self);
  g_clear_object (&self->game);
  g_clear_object (&self->saved_file);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->told_after_hand_over, g_free);
  g_queue_clear (&self->live_toasts);
  G_OBJECT_CLASS (syn_window_parent_class)->dispose (object);
}

static void
syn_window_class_init (SynWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_window_dispose;

  g_type_ensure (SYN_TYPE_BOARD_VIEW);
  g_type_ensure (SYN_TYPE_CLOCK_VIEW);
  g_type_ensure (SYN_TYPE_GAME_LAYOUT);
  g_type_ensure (SYN_TYPE_MOVE_LIST);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SynWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, short_title);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, narrow_title);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, toasts);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, layout);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, board);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, clock_view);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, choice_bar);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, end_buttons);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, resign_button);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, claim_button);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, hand_over_page);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, game_area);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, welcome_new_game_button);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, recent_heading);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, hand_over_button);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, chat_box);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, chat_log);
  gtk_widget_class_bind_template_child (widget_class, SynWindow, chat_entry);
  /* The template names its callbacks; they live with their concern. */
  gtk_widget_class_bind_template_callback_full (widget_class, "on_board_move_chosen_cb",
                                                G_CALLBACK (_syn_window_on_board_move_chosen_cb));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_chat_activate_cb",
                                                G_CALLBACK (_syn_window_on_chat_activate_cb));

  _syn_window_class_actions_init (widget_class);
}

static void
syn_window_init (SynWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  _syn_window_watch_space (self);
  g_signal_connect_object (self->recent_list, "row-activated",
                           G_CALLBACK (_syn_window_on_recent_game_activated_cb), self, 0);

  self->settings = g_settings_new (APPLICATION_ID);
  self->shown_turns = -1;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (self->settings, "show-coordinates", self->board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animations", self->board, "animate", G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (self->settings, "heatmap-mode", self->board, "heatmap",
                                G_SETTINGS_BIND_GET, heatmap_from_setting, NULL, NULL, NULL);
  g_signal_connect_object (self->settings, "changed::board-flipped",
                           G_CALLBACK (on_flip_setting_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->move_list, "notify::selected-turn",
                           G_CALLBACK (on_selected_turn_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "close-request", G_CALLBACK (on_close_request_cb), NULL);
  g_signal_connect_object (self->layout, "notify::wide", G_CALLBACK (on_layout_wide_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hand-over-done", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.claim-abandoned", FALSE);
  self->dialogs = syn_dialog_watch_new (GTK_WINDOW (self));
  g_signal_connect_object (self->dialogs, "notify::covered",
                           G_CALLBACK (_syn_window_follow_dialogs), self, G_CONNECT_SWAPPED);
}

SynWindow *
syn_window_new (SynApplication *app)
{
  return g_object_new (SYN_TYPE_WINDOW, "application", app, NULL);
}

void
syn_window_show_welcome (SynWindow *self)
{
  /* A quiet game stands behind the page (two people, no clock, nothing saved), so that no
   * clock runs and nothing is kept until the player picks a game. */
  SynNewGameOptions options = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };

  g_return_if_fail (SYN_IS_WINDOW (self));

  syn_window_start_game (self, &options, NULL, FALSE);
  self->welcome = TRUE;
  _syn_window_fill_recent_games (self);
  _syn_window_update_pages (self);
  _syn_window_update_status (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->welcome_new_game_button));
}

gboolean
syn_window_is_welcome (SynWindow *self)
{
  g_return_val_if_fail (SYN_IS_WINDOW (self), FALSE);

  return self->welcome;
}

void
syn_window_start_default_game (SynWindow *self)
{
  SynNewGameOptions options;

  syn_new_game_options_from_settings (self->settings, &options);
  syn_window_start_game (self, &options, NULL, TRUE);
}
