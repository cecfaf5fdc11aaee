/* syn-window-private.h: the main window's instance struct and the helpers its files share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "syn-window.h"

#include "syn-clock-view.h"
#include "syn-dialog-watch.h"
#include "syn-game-layout.h"
#include "syn-move-list.h"
#include "syn-position-editor.h"
#include "syn-session.h"

G_BEGIN_DECLS

struct _SynWindow
{
  AdwApplicationWindow parent_instance;

  /* template widgets */
  AdwWindowTitle *window_title;
  AdwWindowTitle *short_title;  /* the same, in a narrow window */
  AdwWindowTitle *narrow_title; /* and narrower still */
  AdwToastOverlay *toasts;
  SynGameLayout *layout;
  SynBoardView *board;
  SynClockView *clock_view;
  GtkLabel *status_label;
  GtkBox *choice_bar;
  SynMoveList *move_list;
  GtkWidget *end_buttons;
  GtkWidget *resign_button;
  GtkWidget *claim_button;
  AdwStatusPage *hand_over_page;
  GtkButton *hand_over_button;
  GtkWidget *game_area;
  AdwStatusPage *welcome_page;
  GtkButton *welcome_new_game_button;
  GtkWidget *recent_heading;
  GtkListBox *recent_list;
  GtkWidget *chat_box;
  GtkLabel *chat_log;
  GtkEntry *chat_entry;

  /* owned */
  GSettings *settings;
  SynDialogWatch *dialogs; /* whether a dialog covers the board: the clocks stop */
  SynGame *game;
  SynSession *session;        /* a game at this computer; NULL over the network */
  SynPeer *peer;              /* the other side of a network game, or NULL */
  SynNewGameOptions options;  /* of the game on the board, for a rematch */
  SynMove network_choice;     /* sent as a commitment this turn */
  SynMove pending_move;       /* picked on the board; its decision is still to choose */
  char *told_after_hand_over; /* what the next person at the computer is told (TX-R8) */
  GQueue live_toasts;         /* AdwToast, not owned: the one shown, then those queued */
  AdwToast *save_toast;       /* not owned: says the autosave failed, until dismissed */
  GFile *saved_file;       /* where Save writes the game: the file it was saved to or opened from */
  gboolean network_dialog; /* Host or Join is open: it answers the peer itself */

  SynColour viewer;   /* whose board is shown: the person choosing now */
  gboolean hand_over; /* the hand-over screen hides the board */
  gboolean welcome;   /* the welcome page stands instead of the game: none has begun */
  int shown_turns;    /* -1 follows the game; else the position after that many turns */
};

/* syn-window.c */
const char *_syn_window_colour_name (SynColour colour);
gboolean _syn_window_two_people (SynWindow *self);
gboolean _syn_window_following_game (SynWindow *self);
gboolean _syn_window_playing_network (SynWindow *self);
void _syn_window_follow_dialogs (SynWindow *self);

/* syn-window-status.c */
void _syn_window_toast (SynWindow *self, const char *text);
void _syn_window_show_error (SynWindow *self, const char *heading, const char *body);
void _syn_window_update_status (SynWindow *self);
void _syn_window_show_hand_over (SynWindow *self, gboolean show);
void _syn_window_update_pages (SynWindow *self);
void _syn_window_update_board (SynWindow *self);
SynMove _syn_window_known_move (SynWindow *self, const SynTurn *turn, SynColour side);
void _syn_window_update_board_marks (SynWindow *self);
gboolean _syn_window_board_flipped (SynWindow *self);

/* syn-window-turn.c */
void _syn_window_choose (SynWindow *self, SynChoice move);
void _syn_window_update_choice_bar (SynWindow *self);
void _syn_window_on_board_move_chosen_cb (SynWindow *self, guint move);
void _syn_window_adopt_game (SynWindow *self, SynGame *game, SynSession *session, SynColour viewer);
void _syn_window_set_session (SynWindow *self, SynSession *session, SynColour viewer);

/* syn-window-actions.c */
void _syn_window_watch_space (SynWindow *self);
void _syn_window_update_browse_actions (SynWindow *self);
void _syn_window_class_actions_init (GtkWidgetClass *widget_class);

/* syn-window-files.c */
void _syn_window_show_save_failure (SynWindow *self, const GError *error);
void _syn_window_on_autosave_failed_cb (SynSession *session, GError *error, SynWindow *self);
void _syn_window_open_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_save_as_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_save_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_save_to_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_open_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_on_recent_game_activated_cb (GtkListBox *list, GtkListBoxRow *row,
                                              SynWindow *self);
void _syn_window_fill_recent_games (SynWindow *self);

/* syn-window-network.c */
void _syn_window_leave_network (SynWindow *self);
void _syn_window_claim_abandoned_action (GtkWidget *widget, const char *name, GVariant *parameter);
void _syn_window_host_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_on_host_from_here_cb (SynPositionEditor *editor, const SynState *state,
                                       SynWindow *self);
void _syn_window_join_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
SynPeer *_syn_window_new_peer (SynWindow *self);
void _syn_window_present_network_dialog (SynWindow *self, GtkWindow *dialog);

/* syn-window-invite.c */
void _syn_window_invite_action (GtkWidget *widget, const char *action_name, GVariant *parameter);
void _syn_window_accept_invite_action (GtkWidget *widget, const char *action_name,
                                       GVariant *parameter);
void _syn_window_offer_draw_action (GtkWidget *widget, const char *action_name,
                                    GVariant *parameter);
void _syn_window_on_chat_activate_cb (SynWindow *self);
gboolean _syn_window_is_network_game (SynGame *game);
void _syn_window_offer_reconnect (SynWindow *self, SynGame *game);

G_END_DECLS
