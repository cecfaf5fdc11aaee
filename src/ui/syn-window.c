/* syn-window.c: the main window and the flow of a game on it: choose (the choice may change
 * until the opponent has chosen), wait, see both moves revealed together, next turn. With
 * two people at one computer a hand-over screen hides the first choice from the second
 * player.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window.h"

#include <glib/gi18n.h>

#include "syn-clock-view.h"
#include "syn-game-layout.h"
#include "syn-host-dialog.h"
#include "syn-dialog-watch.h"
#include "syn-join-dialog.h"
#include "syn-move-list.h"
#include "syn-net-game.h"
#include "syn-notation.h"
#include "syn-peer.h"
#include "syn-position-editor.h"
#include "syn-preferences-window.h"
#include "syn-record.h"
#include "syn-session.h"
#include "syn-export-dialog.h"
#include "syn-review-window.h"
#include "syn-what-if.h"

/* How many recent games the welcome page lists. */
#define RECENT_GAMES 5

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
  SynDialogWatch *dialogs;    /* whether a dialog covers the board: the clocks stop */
  SynGame *game;
  SynSession *session;        /* a game at this computer; NULL over the network */
  SynPeer *peer;              /* the other side of a network game, or NULL */
  SynNewGameOptions options;  /* of the game on the board, for a rematch */
  SynMove network_choice;     /* sent as a commitment this turn */
  SynMove pending_move;       /* picked on the board; its decision is still to choose */
  char *told_after_hand_over; /* what the next person at the computer is told (TX-R8) */
  GQueue live_toasts;         /* AdwToast, not owned: the one shown, then those queued */
  AdwToast *save_toast;       /* not owned: says the autosave failed, until dismissed */
  GFile *saved_file;          /* where Save writes the game: the file it was saved to or opened from */
  gboolean network_dialog;    /* Host or Join is open: it answers the peer itself */

  SynColour viewer;   /* whose board is shown: the person choosing now */
  gboolean hand_over; /* the hand-over screen hides the board */
  gboolean welcome;   /* the welcome page stands instead of the game: none has begun */
  int shown_turns;    /* -1 follows the game; else the position after that many turns */
};

G_DEFINE_FINAL_TYPE (SynWindow, syn_window, ADW_TYPE_APPLICATION_WINDOW)

static const char *
colour_name (SynColour colour)
{
  return colour == SYN_WHITE ? _ ("White") : _ ("Black");
}

static gboolean
two_people (SynWindow *self)
{
  return syn_game_get_player_kind (self->game, SYN_WHITE) == SYN_PLAYER_HUMAN
         && syn_game_get_player_kind (self->game, SYN_BLACK) == SYN_PLAYER_HUMAN;
}

static gboolean
following_game (SynWindow *self)
{
  return self->shown_turns < 0;
}

/* The game on the board is played with the peer. */
static gboolean
playing_network (SynWindow *self)
{
  return self->peer && self->game && syn_peer_get_game (self->peer) == self->game;
}

/* The sentence for a finished game: who won, and why (PSC-R10, R11). */
static char *
describe_result (SynGame *game)
{
  SynResult result = syn_game_get_result (game);
  const char *reason = syn_game_get_reason (game);
  const char *winner = result == SYN_RESULT_WHITE_WINS ? _ ("White") : _ ("Black");
  const char *loser_lower = result == SYN_RESULT_WHITE_WINS ? _ ("black") : _ ("white");

  if (g_strcmp0 (reason, "king-frozen") == 0)
    /* Translators: "White wins: the black king is frozen" */
    return g_strdup_printf (_ ("%s wins: the %s king is frozen"), winner, loser_lower);
  if (g_strcmp0 (reason, "checkmate") == 0)
    return g_strdup_printf (_ ("%s wins by checkmate"), winner);
  if (g_strcmp0 (reason, "time") == 0)
    return g_strdup_printf (_ ("%s wins on time"), winner);
  if (g_strcmp0 (reason, "resignation") == 0)
    return g_strdup_printf (_ ("%s wins: %s resigned"), winner,
                            result == SYN_RESULT_WHITE_WINS ? _ ("Black") : _ ("White"));
  if (g_strcmp0 (reason, "both-lost") == 0)
    return g_strdup (_ ("Draw: both kings were lost in the same turn"));
  if (g_strcmp0 (reason, "stalemate") == 0)
    return g_strdup (_ ("Draw: a player has no legal move"));
  if (g_strcmp0 (reason, "fifty-turns") == 0)
    return g_strdup (_ ("Draw: fifty turns without a capture or a pawn move"));
  if (g_strcmp0 (reason, "agreement") == 0)
    return g_strdup (_ ("Draw agreed"));
  if (g_strcmp0 (reason, "audit") == 0)
    /* Translators: %s is "White" or "Black"; TX-R17's audit after a network game. */
    return g_strdup_printf (_ ("%s wins: the audit found the opponent broke the rules"), winner);
  if (g_strcmp0 (reason, "audit-withheld") == 0)
    /* Translators: %s is "White" or "Black"; TX-R17's audit after a network game. */
    return g_strdup_printf (_ ("%s wins: the opponent withheld its audit"), winner);
  if (g_strcmp0 (reason, "abandoned") == 0)
    /* Translators: %s is "White" or "Black"; a network game claimed after the opponent left. */
    return g_strdup_printf (_ ("%s wins: the opponent abandoned the game"), winner);
  return g_strdup (_ ("The game is over"));
}

static void toast (SynWindow *self, const char *text);

/* The window's subtitle: the turn, and what the rule set adds to it at this step (HK's
 * open fields, Hutnik's token, the viewer's own transaction). */
static char *
describe_step (SynWindow *self)
{
  const SynState *state = syn_game_get_state (self->game);
  guint turn = state->board.turn_number;
  SynStepInfo info;

  /* The hand-over page is for the next person: the one who just chose must not tell it of
   * their transaction (TX-R15). */
  if (self->hand_over)
    return g_strdup_printf (_ ("Turn %u"), turn);
  syn_variant_describe (syn_game_get_variant (self->game), state, &info);
  if (info.kind == SYN_STEP_BLOWS)
    {
      g_autofree char *list = syn_notation_square_list (info.marked);
      /* Translators: the window's subtitle during Hansmann–Krasowsky's exchange of blows:
       * the turn number and the open squares, e.g. "Turn 3 · Exchange of blows on d5" */
      return g_strdup_printf (_ ("Turn %u · Exchange of blows on %s"), turn, list);
    }
  if (info.token >= 0)
    /* Translators: the window's subtitle in Hutnik's rules: "Turn 3 · White holds the
     * initiative" */
    return g_strdup_printf (_ ("Turn %u · %s holds the initiative"), turn,
                            colour_name ((SynColour) info.token));
  if (info.kind == SYN_STEP_TX_MOVE)
    /* Translators: the window's subtitle in Transactional Chess, for the player looking at
     * the board: "Turn 3 · Transaction T5 · 2 moves pending" */
    return g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "Turn %u · Transaction T%u · %u move pending",
                     "Turn %u · Transaction T%u · %u moves pending", info.pending[self->viewer]),
        turn, info.transaction[self->viewer], info.pending[self->viewer]);
  return g_strdup_printf (_ ("Turn %u"), turn);
}

/* Tells the players what a step did beyond the board: a forfeited move and the token
 * (HUT-R5, R6), an exchange of blows opening (HK-R6), the opponent's commit (TX-R8), the
 * viewer's own rollback or pass. What one side alone may know goes to that side only. */
static void
tell_events (SynWindow *self, const SynTurn *turn)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  SynEvent events[SYN_MAX_EVENTS];
  int n;

  if (!variant->events)
    return;
  n = variant->events (&turn->before, turn->choice[SYN_WHITE], turn->choice[SYN_BLACK],
                       &turn->after, events);
  for (int i = 0; i < n; i++)
    {
      SynColour side = (SynColour) events[i].side;
      g_autofree char *text = NULL;
      char square[3] = "";

      if (events[i].square != SYN_NO_SQUARE)
        syn_square_to_text (events[i].square, square);
      switch (events[i].kind)
        {
        case SYN_EVENT_FORFEIT:
          /* Translators: Hutnik's rules: "Black’s move was forfeited: it was no longer legal
           * after White’s" */
          text = g_strdup_printf (_ ("%s’s move was forfeited: it was no longer legal after %s’s"),
                                  colour_name (side), colour_name ((SynColour) !side));
          break;
        case SYN_EVENT_TOKEN:
          text = g_strdup_printf (_ ("%s takes the initiative"), colour_name (side));
          break;
        case SYN_EVENT_FIELD_OPENED:
          /* Translators: Hansmann–Krasowsky: "Exchange of blows on d5: Black may strike" */
          text = g_strdup_printf (_ ("Exchange of blows on %s: %s may strike"), square,
                                  colour_name (side));
          break;
        case SYN_EVENT_COMMIT:
          {
            char announcement[256];
            if (!variant->announce
                || !variant->announce (&turn->before, &turn->after, side, announcement,
                                       sizeof announcement))
              break;
            /* Translators: Transactional Chess: "White has committed: Ng1-f3, Pe2-e4" */
            text = g_strdup_printf (_ ("%s has committed: %s"), colour_name (side), announcement);
            /* The committer's own screen says nothing; with two people at one computer the
             * other hears it once the computer is handed over. */
            if (side == self->viewer)
              {
                if (two_people (self))
                  {
                    g_free (self->told_after_hand_over);
                    self->told_after_hand_over = g_steal_pointer (&text);
                  }
                g_clear_pointer (&text, g_free);
              }
            break;
          }
        case SYN_EVENT_ROLLBACK:
          if (side == self->viewer)
            text = g_strdup (_ ("Your transaction is rolled back"));
          break;
        case SYN_EVENT_NO_MOVE:
          if (side == self->viewer)
            text = g_strdup (_ ("Every move was refused: your turn is a pass"));
          break;
        case SYN_EVENT_LOCKED:
        default:
          break;
        }
      if (text)
        toast (self, text);
    }
}

/* The rules ask nothing of side in the step being played: Transactional's other side, the
 * side that does not strike in HK's blows. */
static gboolean
side_waits (SynWindow *self, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];

  return following_game (self) && !syn_game_is_over (self->game)
         && syn_game_get_variant (self->game)
                    ->choices (syn_game_get_state (self->game), side, choices)
                == 0;
}

/* A rule set's name short enough for a narrow window's header bar. */
static const char *
variant_short_name (const SynVariant *variant)
{
  static const struct
  {
    const char *id;
    const char *name;
  } names[] = {
    /* Translators: short names of the rule sets, for a narrow window's title */
    { "psc", N_ ("Parrow") },
    { "synchrone", N_ ("Synchrone") },
    { "hk", N_ ("HK Synchronous") },
    { "hutnik", N_ ("Hutnik") },
    { "transactional", N_ ("Transactional") },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (variant->id, names[i].id))
      return _ (names[i].name);
  return variant->name;
}

/* The rule set names the game, as the same board means different things in each; the
 * header bar shows its full name where it fits, else its short one, then the short one over
 * the brief subtitle (the turn alone). */
static void
set_titles (SynWindow *self, const char *subtitle, const char *brief)
{
  const SynVariant *variant = self->game != NULL ? syn_game_get_variant (self->game) : NULL;
  gboolean named = !self->welcome && variant != NULL;

  adw_window_title_set_title (self->window_title,
                              named ? syn_notation_variant_name (variant) : _ ("Synchess"));
  adw_window_title_set_title (self->short_title,
                              named ? variant_short_name (variant) : _ ("Synchess"));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  adw_window_title_set_subtitle (self->short_title, subtitle);
  adw_window_title_set_title (self->narrow_title,
                              named ? variant_short_name (variant) : _ ("Synchess"));
  adw_window_title_set_subtitle (self->narrow_title, brief);
}

static void update_browse_actions (SynWindow *self);

static void
update_status (SynWindow *self)
{
  g_autofree char *text = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *brief = NULL;
  gboolean over = syn_game_is_over (self->game);
  SynColour other = (SynColour) !self->viewer;

  if (!following_game (self))
    text = self->shown_turns == 0
               ? g_strdup (_ ("Viewing the start position"))
               : g_strdup_printf (_ ("Viewing the position after turn %d"), self->shown_turns);
  else if (over)
    text = describe_result (self->game);
  else if (self->hand_over)
    text = g_strdup_printf (_ ("%s has chosen"), colour_name (self->viewer));
  else if (playing_network (self))
    {
      /* A side the step asks nothing of commits to waiting by itself: that is no choice to
       * tell of. */
      gboolean opponent_chosen = !side_waits (self, other)
                                 && syn_peer_get_opponent_state (self->peer) == SYN_OPPONENT_CHOSEN;
      if (syn_peer_can_claim_abandoned (self->peer))
        text = g_strdup (_ ("Your opponent has stopped playing: you may claim the game"));
      else if (!syn_peer_is_connected (self->peer))
        text = g_strdup (_ ("Disconnected. The game is saved: host or join again to go on."));
      else if (syn_peer_has_chosen (self->peer))
        text
            = g_strdup (opponent_chosen ? _ ("Both have chosen") : _ ("Waiting for the opponent…"));
      else
        text = g_strdup (opponent_chosen ? _ ("Your opponent has chosen: your move")
                                         : _ ("Your move: choose a piece and a square"));
    }
  else if (two_people (self))
    text = g_strdup_printf (_ ("%s to choose"), colour_name (self->viewer));
  else if (syn_game_has_chosen (self->game, self->viewer))
    text = g_strdup (syn_game_has_chosen (self->game, other) ? _ ("Both have chosen")
                                                             : _ ("Waiting for the opponent…"));
  else
    text = g_strdup (_ ("Your move: choose a piece and a square"));
  gtk_label_set_text (self->status_label, text);

  subtitle = describe_step (self);
  brief = g_strdup_printf (_ ("Turn %u"), syn_game_get_state (self->game)->board.turn_number);
  set_titles (self, self->welcome ? "" : over ? _ ("Game over") : subtitle,
              self->welcome ? "" : over ? _ ("Game over") : brief);

  gtk_widget_set_visible (self->end_buttons, over);
  gtk_widget_set_visible (self->resign_button, !over);
  gtk_widget_set_visible (self->claim_button,
                          !over && playing_network (self)
                              && syn_peer_can_claim_abandoned (self->peer));
  gtk_widget_set_visible (self->chat_box, playing_network (self));
  if (playing_network (self))
    {
      /* Commitments stay with the peer until both reveal; the game learns them later. */
      gboolean mine = syn_peer_has_chosen (self->peer);
      gboolean theirs = syn_peer_get_opponent_state (self->peer) == SYN_OPPONENT_CHOSEN;
      syn_clock_view_set_chosen (self->clock_view, self->viewer == SYN_WHITE ? mine : theirs,
                                 self->viewer == SYN_BLACK ? mine : theirs);
    }
  else
    syn_clock_view_set_chosen (self->clock_view, syn_game_has_chosen (self->game, SYN_WHITE),
                               syn_game_has_chosen (self->game, SYN_BLACK));
  syn_clock_view_set_waiting (self->clock_view, side_waits (self, SYN_WHITE),
                              side_waits (self, SYN_BLACK));
  syn_clock_view_set_result (self->clock_view,
                             over ? syn_game_get_result (self->game) : SYN_RESULT_NONE);
  /* The quiet game behind the welcome page is nobody's to resign or save. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", !self->welcome);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", !self->welcome);
  gtk_widget_action_set_enabled (
      GTK_WIDGET (self), "win.resign",
      !over && !self->welcome && following_game (self)
          && syn_game_get_player_kind (self->game, self->viewer) == SYN_PLAYER_HUMAN
          && (!playing_network (self) || syn_peer_is_connected (self->peer)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.offer-draw",
                                 !over && playing_network (self)
                                     && syn_peer_is_connected (self->peer));
  update_browse_actions (self);
}

/* With two people at one computer the board keeps White at the bottom; against the
 * computer the person's own colour is at the bottom. The flip setting turns either. */
static gboolean
board_flipped (SynWindow *self)
{
  gboolean theirs = !two_people (self) && self->viewer == SYN_BLACK;
  return g_settings_get_boolean (self->settings, "board-flipped") != theirs;
}

static void update_choice_bar (SynWindow *self);

/* The move of side's choice in turn as the viewer may know it, to be marked or slid on the
 * board. Where each side sees a board of its own (Transactional), the other side's steps
 * are its secret, even once committed (the announcement keeps their order secret, TX-R8),
 * and so is a pending move rolled back (TX-R9, R15); SYN_MOVE_NONE then. */
static SynMove
known_move (SynWindow *self, const SynTurn *turn, SynColour side)
{
  SynChoice choice = turn->choice[side];

  if (choice == SYN_CHOICE_NONE || (choice & SYN_CHOICE_ROLLBACK))
    return SYN_MOVE_NONE;
  if (syn_game_get_variant (self->game)->view && side != self->viewer)
    return SYN_MOVE_NONE;
  return SYN_CHOICE_MOVE (choice);
}

/* Everything on the board but the pieces: marks, flip, whether it takes input. */
static void
update_board_marks (SynWindow *self)
{
  guint turns
      = following_game (self) ? syn_game_get_n_turns (self->game) : (guint) self->shown_turns;
  gboolean live = following_game (self) && !syn_game_is_over (self->game);

  syn_board_view_set_flipped (self->board, board_flipped (self));
  if (playing_network (self))
    {
      /* A commitment cannot be taken back. */
      syn_board_view_set_interactive (self->board, live && syn_peer_is_connected (self->peer)
                                                       && !syn_peer_has_chosen (self->peer));
      syn_board_view_set_chosen_move (self->board, live && syn_peer_has_chosen (self->peer)
                                                       ? self->network_choice
                                                       : SYN_MOVE_NONE);
    }
  else
    {
      syn_board_view_set_interactive (self->board,
                                      live && !self->hand_over
                                          && syn_game_get_player_kind (self->game, self->viewer)
                                                 == SYN_PLAYER_HUMAN);
      syn_board_view_set_chosen_move (
          self->board, live && !self->hand_over && syn_game_has_chosen (self->game, self->viewer)
                           ? (SynMove) syn_game_get_choice (self->game, self->viewer)
                           : SYN_MOVE_NONE);
    }
  if (turns > 0)
    {
      const SynTurn *turn = syn_game_get_turn (self->game, turns - 1);
      syn_board_view_set_last_turn (self->board, known_move (self, turn, SYN_WHITE),
                                    known_move (self, turn, SYN_BLACK));
    }
  else
    syn_board_view_set_last_turn (self->board, SYN_MOVE_NONE, SYN_MOVE_NONE);
  if (self->pending_move != SYN_MOVE_NONE && syn_game_has_chosen (self->game, self->viewer))
    self->pending_move = SYN_MOVE_NONE;
  if (self->pending_move != SYN_MOVE_NONE)
    syn_board_view_set_chosen_move (self->board, self->pending_move);
  update_choice_bar (self);
}

static void
update_board (SynWindow *self)
{
  SynBoardFacts facts;
  guint turns
      = following_game (self) ? syn_game_get_n_turns (self->game) : (guint) self->shown_turns;

  syn_game_get_facts (self->game, turns, self->viewer, &facts);
  syn_board_view_set_facts (self->board, &facts);
  syn_move_list_set_viewer (self->move_list, (int) self->viewer);
  update_board_marks (self);
}

/* The pages replace the game rather than covering it: the board, the panel and the toasts
 * are neither drawn nor read out while the next person may be looking, and nothing of a
 * game shows before one begins. */
static void
update_pages (SynWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->toasts), !self->hand_over);
  gtk_widget_set_visible (GTK_WIDGET (self->hand_over_page), self->hand_over);
  /* Within the toasts' overlay, so that news (a refused connection) shows over it too. */
  gtk_widget_set_visible (self->game_area, !self->welcome);
  gtk_widget_set_visible (GTK_WIDGET (self->welcome_page), self->welcome);
}

static void
show_hand_over (SynWindow *self, gboolean show)
{
  self->hand_over = show;
  update_pages (self);
  if (show)
    {
      SynColour next = (SynColour) !self->viewer;
      g_autofree char *title = g_strdup_printf (_ ("Hand Over to %s"), colour_name (next));
      g_autofree char *description = g_strdup_printf (
          _ ("%s has chosen. Pass the computer to %s; %s should look away."),
          colour_name (self->viewer), colour_name (next), colour_name (self->viewer));
      g_autofree char *label = g_strdup_printf (_ ("_Show %s’s Board"), colour_name (next));
      /* News for the one who chose (a refusal, TX-R5; a rollback) is theirs alone; unmapped,
       * the toasts end without their animations. */
      while (!g_queue_is_empty (&self->live_toasts))
        adw_toast_dismiss (g_queue_pop_tail (&self->live_toasts));
      adw_status_page_set_title (self->hand_over_page, title);
      adw_status_page_set_description (self->hand_over_page, description);
      gtk_button_set_label (self->hand_over_button, label);
      gtk_widget_grab_focus (GTK_WIDGET (self->hand_over_button));
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hand-over-done", show);
}

static void show_error (SynWindow *self, const char *heading, const char *body);

static void
on_toast_dismissed_cb (AdwToast *toast, SynWindow *self)
{
  g_queue_remove (&self->live_toasts, toast);
}

/* News never waits behind older news: the toasts still queued are dropped, and the one on
 * screen (the oldest) finishes its time. Only queued ones are dismissed: libadwaita 1.2
 * does not survive dismissing the shown toast while it slides in. */
static void
toast (SynWindow *self, const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  while (g_queue_get_length (&self->live_toasts) > 1)
    adw_toast_dismiss (g_queue_peek_tail (&self->live_toasts));
  g_queue_push_tail (&self->live_toasts, toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed_cb), self, 0);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
choose (SynWindow *self, SynChoice move)
{
  g_autoptr (GError) error = NULL;

  if (playing_network (self))
    {
      if (!syn_peer_choose (self->peer, (SynChoice) move, &error))
        toast (self, error->message);
      else
        self->network_choice = (SynMove) move;
      update_board_marks (self);
      update_status (self);
      return;
    }
  if (!syn_game_choose (self->game, self->viewer, (SynChoice) move, &error))
    {
      toast (self, error->message);
      return;
    }
  /* The first of two people at one computer hides the choice before the second picks. */
  if (two_people (self) && !syn_game_is_over (self->game)
      && syn_game_has_chosen (self->game, self->viewer)
      && !syn_game_has_chosen (self->game, (SynColour) !self->viewer))
    show_hand_over (self, TRUE);
  update_board_marks (self);
  update_status (self);
}

static void update_choice_bar (SynWindow *self);

/* The words of a choice that is no move on the board, or the decision a move carries. */
static const char *
choice_label (SynChoice choice)
{
  SynChoice kind = SYN_CHOICE_KIND (choice);
  gboolean pass = (kind & SYN_CHOICE_PASS) != 0;

  if (kind & SYN_CHOICE_COMMIT)
    return pass ? _ ("Pass and _Commit") : _ ("_Commit");
  if (kind & SYN_CHOICE_ROLLBACK)
    return pass ? _ ("Pass and _Roll Back") : _ ("_Roll Back");
  if (pass)
    return _ ("_Pass");
  return _ ("_Keep Pending");
}

static void
on_choice_button_clicked_cb (GtkButton *button, SynWindow *self)
{
  SynChoice choice = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "choice"));

  self->pending_move = SYN_MOVE_NONE;
  choose (self, choice);
  update_choice_bar (self);
}

static void
on_choice_cancel_clicked_cb (GtkButton *button, SynWindow *self)
{
  self->pending_move = SYN_MOVE_NONE;
  update_choice_bar (self);
  syn_board_view_set_chosen_move (self->board, SYN_MOVE_NONE);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
add_choice_button (SynWindow *self, SynChoice choice, gboolean suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (choice_label (choice));

  g_object_set_data (G_OBJECT (button), "choice", GUINT_TO_POINTER (choice));
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_choice_button_clicked_cb), self, 0);
  gtk_box_append (self->choice_bar, button);
}

/* The viewer is to choose now: a person on this computer, or this side of a network game. */
static gboolean
viewer_may_choose (SynWindow *self)
{
  if (!following_game (self) || syn_game_is_over (self->game) || self->hand_over)
    return FALSE;
  if (playing_network (self))
    return syn_peer_is_connected (self->peer) && !syn_peer_has_chosen (self->peer);
  return syn_game_get_player_kind (self->game, self->viewer) == SYN_PLAYER_HUMAN
         && !syn_game_has_chosen (self->game, self->viewer);
}

/* The viewer's choices beyond a plain move: HK's pass; a Transactional move's decision
 * (commit, roll back, keep pending) once the move is picked, or its pass (TX-R6). */
static void
update_choice_bar (SynWindow *self)
{
  SynChoice choices[SYN_MAX_CHOICES];
  const SynVariant *variant = syn_game_get_variant (self->game);
  GtkWidget *child;
  int n = viewer_may_choose (self)
              ? variant->choices (syn_game_get_state (self->game), self->viewer, choices)
              : 0;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->choice_bar))))
    gtk_box_remove (self->choice_bar, child);
  for (int i = 0; i < n; i++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[i]);
      if (self->pending_move != SYN_MOVE_NONE ? move == self->pending_move : move == SYN_MOVE_NONE)
        {
          add_choice_button (self, choices[i], !any);
          any = TRUE;
        }
    }
  if (any && self->pending_move != SYN_MOVE_NONE)
    {
      GtkWidget *cancel = gtk_button_new_with_mnemonic (_ ("Ch_oose Another Move"));
      g_signal_connect_object (cancel, "clicked", G_CALLBACK (on_choice_cancel_clicked_cb), self,
                               0);
      gtk_box_append (self->choice_bar, cancel);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->choice_bar), any);
}

/* A move picked on the board: one choice, or a move whose decision the player picks next
 * from the choice bar. A move onto a square the opponent's transaction locks is refused and
 * told to the player alone (TX-R5). */
static void
on_board_move_chosen_cb (SynWindow *self, guint move)
{
  SynChoice choices[SYN_MAX_CHOICES], found = SYN_CHOICE_NONE;
  const SynVariant *variant = syn_game_get_variant (self->game);
  int n = variant->choices (syn_game_get_state (self->game), self->viewer, choices);
  int n_found = 0;

  for (int i = 0; i < n; i++)
    if (SYN_CHOICE_MOVE (choices[i]) == move)
      {
        found = choices[i];
        n_found++;
      }
  if (n_found <= 1)
    {
      choose (self, n_found == 1 ? found : (SynChoice) move);
      return;
    }
  /* The lock is asked once the decision is picked, locally as over the network (TX-R16):
   * a referee's "no" makes the move, so a player who heard it could not choose again. */
  self->pending_move = (SynMove) move;
  syn_board_view_set_chosen_move (self->board, (SynMove) move);
  update_choice_bar (self);
  gtk_widget_child_focus (GTK_WIDGET (self->choice_bar), GTK_DIR_TAB_FORWARD);
}

static void
on_choice_changed_cb (SynGame *game, int side, SynWindow *self)
{
  update_board_marks (self);
  update_status (self);
}

static void
on_turn_executed_cb (SynGame *game, guint index, SynWindow *self)
{
  const SynTurn *turn = syn_game_get_turn (game, index);
  SynBoardFacts before, after;

  self->pending_move = SYN_MOVE_NONE;
  tell_events (self, turn);
  /* With two people at one computer the next step is shown to the side that chooses in it,
   * White when both do. Where each side sees a board of its own (Transactional, or any
   * rule set in the fog, PSC-R12), the computer is handed over first. */
  if (two_people (self) && !syn_game_is_over (game))
    {
      SynColour next = syn_game_has_chosen (game, SYN_WHITE) ? SYN_BLACK : SYN_WHITE;
      if (next != self->viewer && (syn_game_get_variant (game)->view || syn_game_get_fog (game)))
        show_hand_over (self, TRUE);
      else
        self->viewer = next;
    }
  if (following_game (self))
    {
      syn_game_get_facts (game, index, self->viewer, &before);
      syn_game_get_facts (game, index + 1, self->viewer, &after);
      syn_board_view_animate_turn (self->board, &before, known_move (self, turn, SYN_WHITE),
                                   known_move (self, turn, SYN_BLACK), &after);
    }
  update_board_marks (self);
  update_status (self);
}

static void
on_choice_refused_cb (SynGame *game, int side, SynWindow *self)
{
  if ((SynColour) side == self->viewer)
    toast (self, _ ("Locked: your opponent’s transaction holds that square. Choose another "
                    "move."));
  self->pending_move = SYN_MOVE_NONE;
  self->network_choice = SYN_MOVE_NONE;
  update_board (self);
  update_status (self);
}

static void
on_finished_cb (SynGame *game, SynWindow *self)
{
  show_hand_over (self, FALSE);
  update_board_marks (self);
  update_status (self);
}

static void
on_save_toast_dismissed_cb (AdwToast *toast, SynWindow *self)
{
  if (self->save_toast == toast)
    self->save_toast = NULL;
}

/* A failed autosave stays on screen until the player has seen it, with the way to save the
 * game elsewhere at hand: playing on against a stale record is how games were lost. */
static void
show_save_failure (SynWindow *self, const GError *error)
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

static void
on_autosave_failed_cb (SynSession *session, GError *error, SynWindow *self)
{
  show_save_failure (self, error);
}

static void
on_selected_turn_cb (SynWindow *self)
{
  int selected;

  if (!self->game)
    return;
  g_object_get (self->move_list, "selected-turn", &selected, NULL);
  self->shown_turns = selected;
  update_board (self);
  update_status (self);
}

/* Nobody can play while a dialog covers the board, so at this computer the clocks stop and
 * the computer waits until it closes. A network game goes on: the other player's program
 * cannot be told to wait, and letting one side stop the clocks alone would give it time. */
static void
follow_dialogs (SynWindow *self)
{
  if (self->session && self->dialogs)
    syn_session_set_paused (self->session, syn_dialog_watch_is_covered (self->dialogs));
}

gboolean
syn_window_clocks_run_behind_dialogs (SynWindow *self)
{
  g_return_val_if_fail (SYN_IS_WINDOW (self), FALSE);

  return playing_network (self) && !syn_game_is_over (self->game)
         && syn_clock_is_timed (syn_game_get_clock (self->game));
}

/* Replaces the game on the board; the window shows it from viewer's side. session drives a
 * game at this computer; over the network there is none (the peer saves the game). */
static void
adopt_game (SynWindow *self, SynGame *game, SynSession *session, SynColour viewer)
{
  if (self->session)
    {
      syn_session_stop (self->session);
      g_signal_handlers_disconnect_by_data (self->session, self);
    }
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (game != self->game)
    g_clear_object (&self->saved_file);
  g_set_object (&self->session, session);
  g_set_object (&self->game, game);
  self->viewer = viewer;
  self->welcome = FALSE;
  self->network_choice = SYN_MOVE_NONE;
  self->shown_turns = -1;
  show_hand_over (self, FALSE);

  g_signal_connect_object (self->game, "choice-changed", G_CALLBACK (on_choice_changed_cb), self,
                           0);
  g_signal_connect_object (self->game, "turn-executed", G_CALLBACK (on_turn_executed_cb), self, 0);
  g_signal_connect_object (self->game, "choice-refused", G_CALLBACK (on_choice_refused_cb), self,
                           0);
  g_signal_connect_object (self->game, "finished", G_CALLBACK (on_finished_cb), self, 0);
  if (self->session)
    g_signal_connect_object (self->session, "autosave-failed", G_CALLBACK (on_autosave_failed_cb),
                             self, 0);

  syn_move_list_set_game (self->move_list, self->game);
  syn_clock_view_set_clock (self->clock_view, syn_game_get_clock (self->game));
  syn_clock_view_set_flipped (self->clock_view, board_flipped (self));
  update_board (self);
  update_status (self);
  /* Paused first, so that a computer does not begin to think behind a dialog. */
  follow_dialogs (self);
  if (self->session)
    syn_session_start (self->session);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
set_session (SynWindow *self, SynSession *session, SynColour viewer)
{
  adopt_game (self, syn_session_get_game (session), session, viewer);
}

/* A game at this computer replaces a network game: the peer says goodbye. */
static void
leave_network (SynWindow *self)
{
  if (!self->peer)
    return;
  g_signal_handlers_disconnect_by_data (self->peer, self);
  syn_peer_close (self->peer);
  g_clear_object (&self->peer);
}

void
syn_window_start_game (SynWindow *self, const SynNewGameOptions *options, const SynState *start,
                       gboolean autosave)
{
  g_autoptr (SynGame) game = NULL;
  g_autoptr (SynSession) session = NULL;
  SynColour viewer = SYN_WHITE;

  leave_network (self);
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
  set_session (self, session, viewer);
}

static gboolean is_network_game (SynGame *game);
static void offer_reconnect (SynWindow *self, SynGame *game);

void
syn_window_continue_game (SynWindow *self, SynGame *game)
{
  g_autoptr (SynSession) session = NULL;
  SynColour viewer = SYN_WHITE;

  /* The other side's moves come only from the other program: played here, one person would
   * move both sides, and its autosave would no longer be resumable with its peer. */
  if (is_network_game (game) && !syn_game_is_over (game))
    {
      offer_reconnect (self, game);
      return;
    }
  leave_network (self);
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
  set_session (self, session, viewer);
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

/* Actions */

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

  if (playing_network (self))
    {
      g_autoptr (GError) error = NULL;
      /* The host proposes; the guest is asked. */
      if (!syn_peer_is_host (self->peer))
        toast (self, _ ("The host proposes the next game; waiting for it"));
      else if (!syn_peer_propose_game (self->peer, &error))
        toast (self, error->message);
      else
        toast (self, _ ("A new game was proposed to your opponent"));
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
  if (!playing_network (self))
    syn_game_resign (self->game, self->viewer);
  else if (!syn_peer_resign (self->peer, &error))
    toast (self, error->message);
}

static void
resign_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Resign the Game?"), NULL);

  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog), _ ("%s will lose the game."),
                                  colour_name (self->viewer));
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
  show_hand_over (self, FALSE);
  update_board (self);
  update_status (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  if (self->told_after_hand_over)
    {
      toast (self, self->told_after_hand_over);
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

  if (self->hand_over || syn_game_is_over (self->game) || !following_game (self))
    {
      toast (self, _ ("No move can be made now"));
      return;
    }
  choice = syn_variant_choice_from_text (syn_game_get_variant (self->game),
                                         syn_game_get_state (self->game), self->viewer, text);
  if (choice == SYN_CHOICE_NONE)
    {
      g_autofree char *message = g_strdup_printf (_ ("“%s” is not a legal move for %s"), text,
                                                  colour_name (self->viewer));
      toast (self, message);
      return;
    }
  choose (self, choice);
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
static void
watch_space (SynWindow *self)
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

  if (!self->session || playing_network (self) || self->welcome || self->hand_over)
    return;
  session = syn_session_take_back (self->session, &error);
  if (!session)
    {
      toast (self, error->message);
      return;
    }
  /* Save still writes where this game was saved: it is the same game, a turn shorter. */
  g_set_object (&saved_file, self->saved_file);
  set_session (self, session, self->viewer);
  g_set_object (&self->saved_file, saved_file);
  toast (self, _ ("Your last turn was taken back"));
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
static void
update_browse_actions (SynWindow *self)
{
  int turns = self->game && !self->welcome ? (int) syn_game_get_n_turns (self->game) : 0;
  int shown = self->shown_turns < 0 ? turns : self->shown_turns;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.first-turn", shown > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-turn", shown > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-turn", shown < turns);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.last-turn", shown < turns);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.take-back",
                                 self->session && !self->welcome && !self->hand_over
                                     && !playing_network (self)
                                     && syn_session_can_take_back (self->session, NULL));
}

/* The position the board shows: the current one, or an earlier one while browsing. */
static const SynState *
shown_state (SynWindow *self)
{
  guint turns
      = following_game (self) ? syn_game_get_n_turns (self->game) : (guint) self->shown_turns;

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

static void on_host_from_here_cb (SynPositionEditor *editor, const SynState *state,
                                  SynWindow *self);

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
      && (playing_network (self) || !syn_game_get_variant (self->game)->view))
    return FALSE;
  toast (self, _ ("This would show what the game keeps hidden: it is available once the game "
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
                                    GTK_WINDOW (self), syn_game_get_variant (self->game),
                                    shown_state (self))
                              : syn_position_editor_new (GTK_WINDOW (self), NULL);

  g_signal_connect_object (editor, "play-from-here", G_CALLBACK (on_play_from_here_cb), self, 0);
  g_signal_connect_object (editor, "host-from-here", G_CALLBACK (on_host_from_here_cb), self, 0);
  gtk_window_present (GTK_WINDOW (editor));
}

static void
explore_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (self->game == NULL)
    return;
  /* The referee's board would show what fog hides from the opponent over the network. */
  if (playing_network (self) && !syn_game_is_over (self->game))
    {
      toast (self, _ ("Exploring is not available during a network game"));
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
  toast (self, _ ("Position copied as FEN"));
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
      toast (self, _ ("There is no turn to review yet"));
      return;
    }
  if (playing_network (self) && !syn_game_is_over (self->game))
    {
      toast (self, _ ("Reviewing is available once the network game is over"));
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
  gtk_window_present (GTK_WINDOW (syn_export_dialog_new (
      GTK_WINDOW (self), syn_board_view_get_facts (self->board),
      syn_board_view_get_flipped (self->board),
      syn_board_view_get_heatmap (self->board) != SYN_HEATMAP_OFF)));
}

static void
show_error (SynWindow *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
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
      show_error (self, heading, error->message);
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

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
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
      show_error (self, _ ("Could Not Save the Game"), error->message);
      return FALSE;
    }
  g_set_object (&self->saved_file, file);
  toast (self, _ ("Game saved"));
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

static void
save_as_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
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
static void
save_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);

  if (self->saved_file)
    save_to (self, self->saved_file);
  else
    save_as_action (widget, "win.save-as", NULL);
}

/* Saves to a path without asking, for scripts and tests. */
static void
save_to_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  save_to (SYN_WINDOW (widget), file);
}

static void
open_file_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));
  syn_window_open_file (SYN_WINDOW (widget), file);
}

/* Network */

static void
append_chat (SynWindow *self, const char *who, const char *text)
{
  const char *log = gtk_label_get_text (self->chat_log);
  g_autofree char *line = g_strdup_printf ("%s: %s", who, text);
  g_autofree char *joined = *log ? g_strconcat (log, "\n", line, NULL) : g_strdup (line);
  gtk_label_set_text (self->chat_log, joined);
}

/* The record says how to meet the other side again, so that a game interrupted with this
 * program is reconnected after a restart (docs/record-format.md, NetReconnect). */
static void
remember_reconnect (SynWindow *self, SynPeer *peer, SynGame *game)
{
  g_autofree char *how = NULL;
  g_autoptr (GError) error = NULL;

  if (syn_peer_is_host (peer))
    how = g_strdup_printf ("host %u", (guint) syn_peer_get_port (peer));
  else
    {
      /* The join dialog keeps the address and port it connected to. */
      g_autofree char *address = g_settings_get_string (self->settings, "last-join-address");
      how = g_strdup_printf ("join %s %d", address,
                             g_settings_get_int (self->settings, "last-join-port"));
    }
  if (g_strcmp0 (how, syn_game_get_tag (game, SYN_NET_RECONNECT_TAG)) == 0)
    return;
  syn_game_set_tag (game, SYN_NET_RECONNECT_TAG, how);
  if (!syn_record_autosave (game, &error))
    toast (self, error->message);
}

static void
on_peer_game_started_cb (SynPeer *peer, gboolean resumed, SynWindow *self)
{
  SynGame *game = syn_peer_get_game (peer);

  self->network_dialog = FALSE;
  self->options.variant = syn_game_get_variant (game);
  self->options.time_control = syn_game_get_time_control (game);
  self->options.fog = syn_game_get_fog (game);
  self->options.opponent = SYN_PLAYER_REMOTE;
  self->options.play_as = syn_peer_get_colour (peer);
  gtk_label_set_text (self->chat_log, "");
  remember_reconnect (self, peer, game);
  adopt_game (self, game, NULL, syn_peer_get_colour (peer));
  toast (self, resumed ? _ ("The game goes on where it stopped") : _ ("The game begins"));
}

static void
on_peer_state_cb (SynPeer *peer, int state, SynWindow *self)
{
  if (!playing_network (self))
    return;
  update_board_marks (self);
  update_status (self);
}

static void
on_peer_turn_completed_cb (SynPeer *peer, guint index, SynWindow *self)
{
  self->network_choice = SYN_MOVE_NONE;
  if (playing_network (self))
    {
      update_board_marks (self);
      update_status (self);
    }
}

static void
on_draw_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  if (self->peer && !syn_peer_answer_draw (self->peer, g_strcmp0 (response, "accept") == 0, &error))
    toast (self, error->message);
}

/* TX-R17: the audit after a Transactional game. */
static void
on_peer_audit_completed_cb (SynPeer *peer, gboolean clean, const char *why, SynWindow *self)
{
  if (clean)
    toast (self, _ ("The audit found that both sides kept the rules."));
  else
    show_error (self, _ ("Your Opponent Broke the Rules"), why);
  update_status (self);
}

static void
on_peer_draw_offered_cb (SynPeer *peer, SynWindow *self)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Draw Offered"),
                                              _ ("Your opponent offers a draw."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "decline", _ ("_Play On"),
                                    "accept", _ ("_Accept the Draw"), NULL);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "decline");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_draw_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_peer_draw_declined_cb (SynPeer *peer, SynWindow *self)
{
  toast (self, _ ("Your opponent plays on"));
}

static void
on_peer_chat_cb (SynPeer *peer, const char *text, SynWindow *self)
{
  const char *name = syn_peer_get_peer_name (peer);
  append_chat (self, name && *name ? name : _ ("Opponent"), text);
}

static void
on_proposal_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!self->peer)
    return;
  if (g_strcmp0 (response, "accept") == 0)
    ok = syn_peer_accept_options (self->peer, g_settings_get_boolean (self->settings, "fog"),
                                  &error);
  else
    ok = syn_peer_decline_options (self->peer, _ ("not now"), &error);
  if (!ok)
    toast (self, error->message);
}

/* A proposal after the first game (a rematch); the Join dialog answers the first one. */
static void
on_peer_options_proposed_cb (SynPeer *peer, const SynPeerOptions *options, SynWindow *self)
{
  GtkWidget *dialog;

  if (self->network_dialog)
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Play Again?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _ ("Your opponent proposes a new game; you play %s."),
                                  options->host_colour == SYN_WHITE ? _ ("Black") : _ ("White"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "decline", _ ("_Decline"),
                                    "accept", _ ("_Play"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "accept",
                                              ADW_RESPONSE_SUGGESTED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_proposal_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_peer_error_cb (SynPeer *peer, GError *error, SynWindow *self)
{
  /* The peer's own errors are of the network; a file's are of its autosave. */
  if (error->domain == G_IO_ERROR || error->domain == G_FILE_ERROR)
    show_save_failure (self, error);
  else
    toast (self, error->message);
}

/* The opponent's connection stayed broken, or it withheld a due reveal, for the abandonment
 * time (docs/protocol.md): the panel offers the claim, until the opponent comes back. A
 * button of the panel rather than a toast: it stays until used, and libadwaita 1.2's toasts
 * did not survive being closed from their own button while the game ended. */
static void
on_peer_abandon_claimable_cb (SynPeer *peer, gboolean claimable, SynWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.claim-abandoned", claimable);
  update_status (self);
}

static void
claim_abandoned_action (GtkWidget *widget, const char *name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!self->peer || !syn_peer_claim_abandoned (self->peer, &error))
    toast (self, error ? error->message : _ ("There is no game to claim"));
  update_board_marks (self);
  update_status (self);
}

static void
on_peer_disconnected_cb (SynPeer *peer, GError *error, SynWindow *self)
{
  if (!playing_network (self))
    return;
  if (!syn_game_is_over (self->game))
    toast (self, error ? error->message : _ ("Your opponent left"));
  update_board_marks (self);
  update_status (self);
}

/* The peer of the next network game; a game at this computer goes on until one starts. */
static SynPeer *
new_peer (SynWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_default (&error);
  g_autofree char *name = NULL;

  if (!identity)
    {
      show_error (self, _ ("Cannot Play over the Network"), error->message);
      return NULL;
    }
  leave_network (self);
  name = syn_preferences_player_name (self->settings);
  self->peer = syn_peer_new (identity, name);
  g_signal_connect_object (self->peer, "game-started", G_CALLBACK (on_peer_game_started_cb), self,
                           0);
  g_signal_connect_object (self->peer, "opponent-state-changed", G_CALLBACK (on_peer_state_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "turn-completed", G_CALLBACK (on_peer_turn_completed_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "audit-completed", G_CALLBACK (on_peer_audit_completed_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "draw-offered", G_CALLBACK (on_peer_draw_offered_cb), self,
                           0);
  g_signal_connect_object (self->peer, "draw-declined", G_CALLBACK (on_peer_draw_declined_cb), self,
                           0);
  g_signal_connect_object (self->peer, "chat-received", G_CALLBACK (on_peer_chat_cb), self, 0);
  g_signal_connect_object (self->peer, "options-proposed", G_CALLBACK (on_peer_options_proposed_cb),
                           self, 0);
  g_signal_connect_object (self->peer, "error", G_CALLBACK (on_peer_error_cb), self, 0);
  g_signal_connect_object (self->peer, "abandon-claimable",
                           G_CALLBACK (on_peer_abandon_claimable_cb), self, 0);
  g_signal_connect_object (self->peer, "disconnected", G_CALLBACK (on_peer_disconnected_cb), self,
                           0);
  return self->peer;
}

/* The dialog closed before a game started: the peer stops. */
static void
on_network_dialog_cancelled_cb (GtkWidget *dialog, SynWindow *self)
{
  self->network_dialog = FALSE;
  if (self->peer && !playing_network (self))
    leave_network (self);
}

/* Opens the Host dialog; with start, the hosted game begins from that set-up position. */
static SynHostDialog *
host_game (SynWindow *self, const SynState *start)
{
  SynPeer *peer = new_peer (self);
  SynHostDialog *dialog;

  if (!peer)
    return NULL;
  dialog = syn_host_dialog_new (GTK_WINDOW (self), self->settings, peer);
  if (start)
    syn_host_dialog_set_start (dialog, start);
  self->network_dialog = TRUE;
  g_signal_connect_object (dialog, "cancelled", G_CALLBACK (on_network_dialog_cancelled_cb), self,
                           0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
host_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  host_game (SYN_WINDOW (widget), NULL);
}

static void
on_host_from_here_cb (SynPositionEditor *editor, const SynState *state, SynWindow *self)
{
  host_game (self, state);
}

static SynJoinDialog *
join_game (SynWindow *self)
{
  SynPeer *peer = new_peer (self);
  SynJoinDialog *dialog;

  if (!peer)
    return NULL;
  dialog = syn_join_dialog_new (GTK_WINDOW (self), self->settings, peer);
  self->network_dialog = TRUE;
  g_signal_connect_object (dialog, "cancelled", G_CALLBACK (on_network_dialog_cancelled_cb), self,
                           0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
join_game_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  join_game (SYN_WINDOW (widget));
}

static void
offer_draw_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  SynWindow *self = SYN_WINDOW (widget);
  g_autoptr (GError) error = NULL;

  if (!playing_network (self))
    return;
  if (!syn_peer_offer_draw (self->peer, &error))
    toast (self, error->message);
  else
    toast (self, _ ("Draw offered"));
}

static void
on_chat_activate_cb (SynWindow *self)
{
  g_autofree char *text
      = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->chat_entry))));
  g_autoptr (GError) error = NULL;

  if (!playing_network (self) || *text == '\0')
    return;
  if (!syn_peer_send_chat (self->peer, text, &error))
    {
      toast (self, error->message);
      return;
    }
  append_chat (self, _ ("You"), text);
  gtk_editable_set_text (GTK_EDITABLE (self->chat_entry), "");
}

SynPeer *
syn_window_get_peer (SynWindow *self)
{
  return self->peer;
}

/* Reconnect */

/* A game played with a program over the network: tied to the pair of certificates, the
 * other side remote. */
static gboolean
is_network_game (SynGame *game)
{
  return syn_game_get_tag (game, SYN_NET_PAIR_TAG)
         && (syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE
             || syn_game_get_player_kind (game, SYN_BLACK) == SYN_PLAYER_REMOTE);
}

/* Reads the NetReconnect tag: "host PORT", or "join ADDRESS PORT" (address is NULL for the
 * host). FALSE without a tag, or with one this program cannot read. */
static gboolean
read_reconnect (SynGame *game, gboolean *host, char **address, guint16 *port)
{
  const char *how = syn_game_get_tag (game, SYN_NET_RECONNECT_TAG);
  const char *last_space = how ? strrchr (how, ' ') : NULL;
  guint64 number;

  *address = NULL;
  if (!last_space
      || !g_ascii_string_to_unsigned (last_space + 1, 10, 1, G_MAXUINT16, &number, NULL))
    return FALSE;
  *port = (guint16) number;
  *host = g_str_has_prefix (how, "host ") && last_space == how + 4;
  if (*host)
    return TRUE;
  if (!g_str_has_prefix (how, "join ") || last_space <= how + 5)
    return FALSE;
  *address = g_strndup (how + 5, (gsize) (last_space - how - 5));
  return TRUE;
}

/* Meets the other side again the way the game was played: hosts on the same port, or joins
 * the same address; the peer then finds the saved game and resumes it. A failure (nobody
 * there, the port taken) is told in the dialog, which can try again. */
static void
reconnect (SynWindow *self, SynGame *game)
{
  gboolean host = FALSE;
  g_autofree char *address = NULL;
  guint16 port = 0;
  gboolean known = read_reconnect (game, &host, &address, &port);

  if (known && host)
    {
      SynHostDialog *dialog = host_game (self, NULL);
      if (dialog)
        syn_host_dialog_host_again (dialog, game, port);
    }
  else
    {
      SynJoinDialog *dialog = join_game (self);
      if (dialog && known)
        {
          syn_join_dialog_set_address (dialog, address, port);
          syn_join_dialog_connect (dialog);
        }
    }
}

static void
on_reconnect_response_cb (AdwMessageDialog *dialog, const char *response, SynWindow *self)
{
  SynGame *game = g_object_get_data (G_OBJECT (dialog), "game");
  g_autoptr (GError) error = NULL;

  /* Later leaves the game in the autosave folder: it is offered again next time. Set Aside
   * is for a peer that will not come back: the person asked for it, and the game is kept. */
  if (g_strcmp0 (response, "reconnect") == 0)
    reconnect (self, game);
  else if (g_strcmp0 (response, "set-aside") == 0 && !syn_record_set_aside (game, &error))
    show_error (self, _ ("Could Not Set the Game Aside"), error->message);
}

/* A network game goes on only with its peer, never at this computer. */
static void
offer_reconnect (SynWindow *self, SynGame *game)
{
  gboolean host = FALSE;
  g_autofree char *address = NULL;
  guint16 port = 0;
  gboolean known = read_reconnect (game, &host, &address, &port);
  SynColour local
      = syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE ? SYN_BLACK : SYN_WHITE;
  const char *opponent = syn_game_get_player_name (game, (SynColour) !local);
  g_autofree char *how = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!opponent || !*opponent || g_str_equal (opponent, "?"))
    opponent = _ ("your opponent");
  if (known && host)
    /* Translators: how a network game goes on; %u is a port number */
    how = g_strdup_printf (_ ("Reconnect hosts it again on port %u and waits for them."),
                           (guint) port);
  else if (known)
    /* Translators: how a network game goes on: "joins 192.0.2.7, port 46290, again" */
    how = g_strdup_printf (_ ("Reconnect joins %s, port %u, again."), address, (guint) port);
  else
    how = g_strdup (_ ("Reconnect opens Join a Game to find them again."));
  body = g_strdup_printf (
      /* Translators: "Your network game with Ann, in which you play Black, ..." */
      _ ("Your network game with %s, in which you play %s, was interrupted after turn %u. It "
         "goes on only over the network, with the same opponent. %s Later keeps it for another "
         "time. Set Aside moves it to the “set-aside” folder of your saved games, where it is "
         "kept but no longer offered."),
      opponent, colour_name (local), syn_game_get_n_turns (game), how);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _ ("Reconnect to the Network Game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "set-aside", _ ("Set _Aside"),
                                    "later", _ ("_Later"), "reconnect", _ ("_Reconnect"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reconnect",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "reconnect");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_object_set_data_full (G_OBJECT (dialog), "game", g_object_ref (game), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_reconnect_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Resume */

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
  if (is_network_game (game))
    {
      offer_reconnect (self, game);
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

/* Screenshots */

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

  /* The window's content is laid out at the size asked for, whatever room the screen gives
   * the window (it is no larger than the screen, less its frame's margins); the next frame
   * lays it out as the window is again. */
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  width = MAX (width, minimum);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  height = MAX (height, minimum);
  gtk_widget_allocate (content, width, height, -1, NULL);
  snapshot = gtk_snapshot_new ();
  gtk_widget_snapshot_child (gtk_widget_get_parent (content), content, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return write_png (self, node, width, height, path, error);
}

/* Settings */

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
  update_board_marks (self);
  syn_clock_view_set_flipped (self->clock_view, board_flipped (self));
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
  leave_network (self);
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
  gtk_widget_class_bind_template_callback (widget_class, on_board_move_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_chat_activate_cb);

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
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.save-to", "s", save_to_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);
  gtk_widget_class_install_action (widget_class, "win.host-game", NULL, host_game_action);
  gtk_widget_class_install_action (widget_class, "win.join-game", NULL, join_game_action);
  gtk_widget_class_install_action (widget_class, "win.offer-draw", NULL, offer_draw_action);
  gtk_widget_class_install_action (widget_class, "win.edit-position", NULL, edit_position_action);
  gtk_widget_class_install_action (widget_class, "win.explore", NULL, explore_action);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_action);
  gtk_widget_class_install_action (widget_class, "win.export-board", NULL, export_board_action);
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_action);
  gtk_widget_class_install_action (widget_class, "win.claim-abandoned", NULL,
                                   claim_abandoned_action);

}

static void on_recent_game_activated_cb (GtkListBox *list, GtkListBoxRow *row, SynWindow *self);

static void
syn_window_init (SynWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  watch_space (self);
  g_signal_connect_object (self->recent_list, "row-activated",
                           G_CALLBACK (on_recent_game_activated_cb), self, 0);

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
  g_signal_connect_object (self->dialogs, "notify::covered", G_CALLBACK (follow_dialogs), self,
                           G_CONNECT_SWAPPED);
}

SynWindow *
syn_window_new (SynApplication *app)
{
  return g_object_new (SYN_TYPE_WINDOW, "application", app, NULL);
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
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  g_object_set_data_full (G_OBJECT (row), "file", g_object_ref (file), g_object_unref);
  return row;
}

static void
on_recent_game_activated_cb (GtkListBox *list, GtkListBoxRow *row, SynWindow *self)
{
  GFile *file = g_object_get_data (G_OBJECT (row), "file");

  if (file)
    syn_window_open_file (self, file);
}

static void
fill_recent_games (SynWindow *self)
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

void
syn_window_show_welcome (SynWindow *self)
{
  /* A quiet game stands behind the page (two people, no clock, nothing saved), so that no
   * clock runs and nothing is kept until the player picks a game. */
  SynNewGameOptions options = { &syn_variant_psc, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };

  g_return_if_fail (SYN_IS_WINDOW (self));

  syn_window_start_game (self, &options, NULL, FALSE);
  self->welcome = TRUE;
  fill_recent_games (self);
  update_pages (self);
  update_status (self);
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
