/* syn-window-actions.c: the window's actions: the table of all, the game's and the board's.
 *
 * The handlers of files and of the network live with them, in their own files.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include <glib/gi18n.h>

#include "syn-export-dialog.h"
#include "syn-review-window.h"
#include "syn-what-if.h"

static void
on_new_game_start_cb (SynNewGameDialog *dialog, SynNewGameOptions *options, SynWindow *self)
{
  syn_window_start_game (self, options, NULL, TRUE);
}

static void
new_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  SynNewGameDialog *dialog = syn_new_game_dialog_new (GTK_WINDOW (self), self->settings);

  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
rematch_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  SynNewGameOptions options = self->options;

  if (_syn_window_playing_network (self))
    {
      g_autoptr (GError) error = NULL;
      /* The host proposes; the guest is asked. */
      if (!syn_peer_is_host (self->peer))
        _syn_window_toast (self, _ ("The host proposes the next game; waiting for it"));
      else if (!syn_peer_propose_game (self->peer, &error))
        _syn_window_toast (self, error->message);
      else
        _syn_window_toast (self, _ ("A new game was proposed to your opponent"));
      return;
    }
  /* Against the computer the colours change sides. */
  if (options.opponent == SYN_PLAYER_COMPUTER)
    options.play_as = (SynColour) !options.play_as;
  syn_window_start_game (self, &options, syn_game_get_start (self->game), TRUE);
}

static void
on_resign_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "resign") != 0 || syn_game_is_over (self->game))
    return;
  if (!_syn_window_playing_network (self))
    syn_game_resign (self->game, self->viewer);
  else if (!syn_peer_resign (self->peer, &error))
    _syn_window_toast (self, error->message);
}

static void
resign_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Resign the Game?"), NULL);

  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog), _ ("%s will lose the game."),
                                  _syn_window_colour_name (self->viewer));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _ ("_Cancel"), "resign",
                                    _ ("_Resign"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resign",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_resign_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
hand_over_done_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (!self->hand_over)
    return;
  self->viewer = (SynColour) !self->viewer;
  _syn_window_show_hand_over (self, FALSE);
  _syn_window_update_board (self);
  _syn_window_update_status (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  if (self->told_after_hand_over)
    {
      _syn_window_toast (self, self->told_after_hand_over);
      g_clear_pointer (&self->told_after_hand_over, g_free);
    }
}

/* Plays a move given as UCI text for the side whose board is shown: for people who prefer
 * typing, and for scripts and tests that drive the app. */
static void
play_move_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  const char *text = g_variant_get_string (parameter, NULL);
  SynChoice choice;

  if (self->hand_over || syn_game_is_over (self->game) || !_syn_window_following_game (self))
    {
      _syn_window_toast (self, _ ("No move can be made now"));
      return;
    }
  choice = syn_variant_choice_from_text (syn_game_get_variant (self->game),
                                         syn_game_get_state (self->game), self->viewer, text);
  if (choice == SYN_CHOICE_NONE)
    {
      g_autofree char *message = g_strdup_printf (_ ("“%s” is not a legal move for %s"), text,
                                                  _syn_window_colour_name (self->viewer));
      _syn_window_toast (self, message);
      return;
    }
  _syn_window_choose (self, choice);
}

static void
flip_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  gboolean flipped = g_settings_get_boolean (self->settings, "board-flipped");
  g_settings_set_boolean (self->settings, "board-flipped", !flipped);
}

/* Space: my control, the opponent's, none, as in the original program (plus "none"). */
static void
cycle_heatmap_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  int mode = g_settings_get_enum (self->settings, "heatmap-mode");
  static const int next[] = { 1, 2, 0 }; /* off -> mine -> theirs -> off */
  g_settings_set_enum (self->settings, "heatmap-mode", next[CLAMP (mode, 0, 2)]);
}

/* Whether Space belongs to the focused widget itself: a button presses, a text field types.
 * Anywhere else (the board, the move list, the panel) it switches the heatmap. */
static gboolean
space_is_its_own (GtkWidget *focus)
{
  return focus
         && (GTK_IS_EDITABLE (focus) || GTK_IS_BUTTON (focus) || GTK_IS_CHECK_BUTTON (focus)
             || GTK_IS_SWITCH (focus) || GTK_IS_DROP_DOWN (focus) || GTK_IS_SCALE (focus));
}

static gboolean
on_key_pressed_cb (GtkEventControllerKey *controller, guint keyval, guint keycode,
                   GdkModifierType state, SynWindow *self)
{
  if ((keyval != GDK_KEY_space && keyval != GDK_KEY_KP_Space)
      || (state & gtk_accelerator_get_default_mod_mask ()) != 0
      || space_is_its_own (gtk_root_get_focus (GTK_ROOT (self))))
    return GDK_EVENT_PROPAGATE;
  return gtk_widget_activate_action (GTK_WIDGET (self), "win.cycle-heatmap", NULL)
             ? GDK_EVENT_STOP
             : GDK_EVENT_PROPAGATE;
}

/* The window sees Space before the focused widget: GtkWindow's own Space, which activates the
 * focused widget, would take it from the board and the move list. */
void
_syn_window_watch_space (SynWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_key_pressed_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

static void
previous_turn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  syn_move_list_select_previous (SYN_WINDOW (widget)->move_list);
}

static void
next_turn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  syn_move_list_select_next (SYN_WINDOW (widget)->move_list);
}

/* Takes back the person's last whole turn against the computer. Nowhere else: between two
 * people at one computer a takeback would undo a move the other has already answered, and
 * in a network game the other program keeps its own record of every committed move. Never
 * while the person's own move for this turn is chosen: a chosen move stays secret and fixed
 * until the turn is played (the session refuses it). */
static void
take_back_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynSession) session = NULL;
  g_autoptr (GFile) saved_file = NULL;

  if (!self->session || _syn_window_playing_network (self) || self->welcome || self->hand_over)
    return;
  session = syn_session_take_back (self->session, &error);
  if (!session)
    {
      _syn_window_toast (self, error->message);
      return;
    }
  /* Save still writes where this game was saved: it is the same game, a turn shorter. */
  g_set_object (&saved_file, self->saved_file);
  _syn_window_set_session (self, session, self->viewer);
  g_set_object (&self->saved_file, saved_file);
  _syn_window_toast (self, _ ("Your last turn was taken back"));
}

static void
first_turn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  syn_move_list_set_selected_turn (SYN_WINDOW (widget)->move_list, 0);
}

/* The last turn is the game as it stands: the board follows it again. */
static void
last_turn_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  syn_move_list_set_selected_turn (SYN_WINDOW (widget)->move_list, -1);
}

/* The browse buttons go grey where there is nowhere to go, so their state tells where the
 * board stands in the game. */
void
_syn_window_update_browse_actions (SynWindow *self)
{
  int turns = self->game && !self->welcome ? (int) syn_game_get_n_turns (self->game) : 0;
  int shown = self->shown_turns < 0 ? turns : self->shown_turns;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.first-turn", shown > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-turn", shown > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-turn", shown < turns);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.last-turn", shown < turns);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.take-back",
                                 self->session && !self->welcome && !self->hand_over
                                     && !_syn_window_playing_network (self)
                                     && syn_session_can_take_back (self->session, NULL));
}

/* The position the board shows: the current one, or an earlier one while browsing. */
static const SynState *
shown_state (SynWindow *self)
{
  guint turns = _syn_window_following_game (self) ? syn_game_get_n_turns (self->game)
                                                  : (guint) self->shown_turns;

  if (turns == 0)
    return syn_game_get_start (self->game);
  return &syn_game_get_turn (self->game, turns - 1)->after;
}

static void
on_play_from_here_cb (SynPositionEditor *editor, const SynState *state, SynWindow *self)
{
  SynNewGameOptions options;

  syn_new_game_options_from_settings (self->settings, &options);
  options.variant = syn_position_editor_get_variant (editor);
  syn_window_start_game (self, &options, state, TRUE);
}

/* The game's state holds what fog hides (PSC-R12) and, in a game at this computer, every
 * side's pending moves (TX-R14), which no person may see before the end; over the network a
 * Transactional game holds this player's state alone (TX-R15). Tells so and returns TRUE
 * when a window showing the state would give a secret away. */
static gboolean
refuse_to_show_secrets (SynWindow *self)
{
  if (!self->game || syn_game_is_over (self->game))
    return FALSE;
  if (!syn_game_get_fog (self->game)
      && (_syn_window_playing_network (self) || !syn_game_get_variant (self->game)->view))
    return FALSE;
  _syn_window_toast (self,
                     _ ("This would show what the game keeps hidden: it is available once the game "
                        "is over"));
  return TRUE;
}

static void
edit_position_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  SynPositionEditor *editor;

  if (refuse_to_show_secrets (self))
    return;
  /* In the game's own rules: a position means something else in another rule set. */
  editor = self->game != NULL ? syn_position_editor_new_for_variant (
               GTK_WINDOW (self), syn_game_get_variant (self->game), shown_state (self))
                              : syn_position_editor_new (GTK_WINDOW (self), NULL);

  g_signal_connect_object (editor, "play-from-here", G_CALLBACK (on_play_from_here_cb), self, 0);
  g_signal_connect_object (editor, "host-from-here", G_CALLBACK (_syn_window_on_host_from_here_cb),
                           self, 0);
  gtk_window_present (GTK_WINDOW (editor));
}

static void
explore_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (self->game == NULL)
    return;
  /* The referee's board would show what fog hides from the opponent over the network. */
  if (_syn_window_playing_network (self) && !syn_game_is_over (self->game))
    {
      _syn_window_toast (self, _ ("Exploring is not available during a network game"));
      return;
    }
  if (refuse_to_show_secrets (self))
    return;
  gtk_window_present (GTK_WINDOW (
      syn_what_if_new (GTK_WINDOW (self), syn_game_get_variant (self->game), shown_state (self))));
}

/* The shown position as FEN on the clipboard, for notes or another program; a position that
 * holds secrets is refused as Explore refuses it. */
static void
copy_fen_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  g_autofree char *fen = NULL;

  if (self->game == NULL || refuse_to_show_secrets (self))
    return;
  fen = syn_analysis_write_variant_fen (syn_game_get_variant (self->game), shown_state (self));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
  _syn_window_toast (self, _ ("Position copied as FEN"));
}

/* Every turn weighed against its matrix game, as Explore shows a position: not while a
 * network game or a game with secrets goes on. */
static void
review_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (self->game == NULL)
    return;
  if (syn_game_get_n_turns (self->game) == 0)
    {
      _syn_window_toast (self, _ ("There is no turn to review yet"));
      return;
    }
  if (_syn_window_playing_network (self) && !syn_game_is_over (self->game))
    {
      _syn_window_toast (self, _ ("Reviewing is available once the network game is over"));
      return;
    }
  if (refuse_to_show_secrets (self))
    return;
  gtk_window_present (GTK_WINDOW (syn_review_window_new (GTK_WINDOW (self), self->game)));
}

/* The board as shown (its side, its fog) to a PNG or SVG file. */
static void
export_board_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (self->game == NULL)
    return;
  gtk_window_present (GTK_WINDOW (
      syn_export_dialog_new (GTK_WINDOW (self), syn_board_view_get_facts (self->board),
                             syn_board_view_get_flipped (self->board),
                             syn_board_view_get_heatmap (self->board) != SYN_HEATMAP_OFF)));
}

/* Every window action, in one table, whichever file handles it. */
void
_syn_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.rematch", NULL, rematch_action);
  gtk_widget_class_install_action (widget_class, "win.resign", NULL, resign_action);
  gtk_widget_class_install_action (widget_class, "win.hand-over-done", NULL, hand_over_done_action);
  gtk_widget_class_install_action (widget_class, "win.play-move", "s", play_move_action);
  gtk_widget_class_install_action (widget_class, "win.flip", NULL, flip_action);
  gtk_widget_class_install_action (widget_class, "win.cycle-heatmap", NULL, cycle_heatmap_action);
  gtk_widget_class_install_action (widget_class, "win.previous-turn", NULL, previous_turn_action);
  gtk_widget_class_install_action (widget_class, "win.next-turn", NULL, next_turn_action);
  gtk_widget_class_install_action (widget_class, "win.first-turn", NULL, first_turn_action);
  gtk_widget_class_install_action (widget_class, "win.take-back", NULL, take_back_action);
  gtk_widget_class_install_action (widget_class, "win.last-turn", NULL, last_turn_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, _syn_window_open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, _syn_window_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, _syn_window_save_as_action);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", _syn_window_save_to_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s",
                                   _syn_window_open_file_action);
  gtk_widget_class_install_action (widget_class, "win.host-game", NULL,
                                   _syn_window_host_game_action);
  gtk_widget_class_install_action (widget_class, "win.join-game", NULL,
                                   _syn_window_join_game_action);
  gtk_widget_class_install_action (widget_class, "win.invite-game", NULL,
                                   _syn_window_invite_action);
  gtk_widget_class_install_action (widget_class, "win.accept-invite", "s",
                                   _syn_window_accept_invite_action);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL,
                                   _syn_window_offer_draw_action);
  gtk_widget_class_install_action (widget_class, "win.edit-position", NULL, edit_position_action);
  gtk_widget_class_install_action (widget_class, "win.explore", NULL, explore_action);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_action);
  gtk_widget_class_install_action (widget_class, "win.export-board", NULL, export_board_action);
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_action);
  gtk_widget_class_install_action (widget_class, "win.claim-abandoned", NULL,
                                   _syn_window_claim_abandoned_action);
}
