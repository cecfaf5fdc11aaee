/* syn-window-status.c: what the window tells: status, titles, board marks, pages, toasts.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

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
                            _syn_window_colour_name ((SynColour) info.token));
  if (info.kind == SYN_STEP_TX_MOVE)
    /* Translators: the window's subtitle in Transactional Chess, for the player looking at
     * the board: "Turn 3 · Transaction T5 · 2 moves pending" */
    return g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "Turn %u · Transaction T%u · %u move pending",
                     "Turn %u · Transaction T%u · %u moves pending", info.pending[self->viewer]),
        turn, info.transaction[self->viewer], info.pending[self->viewer]);
  return g_strdup_printf (_ ("Turn %u"), turn);
}

/* The rules ask nothing of side in the step being played: Transactional's other side, the
 * side that does not strike in HK's blows. */
static gboolean
side_waits (SynWindow *self, SynColour side)
{
  SynChoice choices[SYN_MAX_CHOICES];

  return _syn_window_following_game (self) && !syn_game_is_over (self->game)
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

void
_syn_window_update_status (SynWindow *self)
{
  g_autofree char *text = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *brief = NULL;
  gboolean over = syn_game_is_over (self->game);
  SynColour other = (SynColour) !self->viewer;

  if (!_syn_window_following_game (self))
    text = self->shown_turns == 0
               ? g_strdup (_ ("Viewing the start position"))
               : g_strdup_printf (_ ("Viewing the position after turn %d"), self->shown_turns);
  else if (over)
    text = describe_result (self->game);
  else if (self->hand_over)
    text = g_strdup_printf (_ ("%s has chosen"), _syn_window_colour_name (self->viewer));
  else if (_syn_window_playing_network (self))
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
  else if (_syn_window_two_people (self))
    text = g_strdup_printf (_ ("%s to choose"), _syn_window_colour_name (self->viewer));
  else if (syn_game_has_chosen (self->game, self->viewer))
    text = g_strdup (syn_game_has_chosen (self->game, other) ? _ ("Both have chosen")
                                                             : _ ("Waiting for the opponent…"));
  else
    text = g_strdup (_ ("Your move: choose a piece and a square"));
  gtk_label_set_text (self->status_label, text);

  subtitle = describe_step (self);
  brief = g_strdup_printf (_ ("Turn %u"), syn_game_get_state (self->game)->board.turn_number);
  set_titles (self,
              self->welcome ? ""
              : over        ? _ ("Game over")
                            : subtitle,
              self->welcome ? ""
              : over        ? _ ("Game over")
                            : brief);

  gtk_widget_set_visible (self->end_buttons, over);
  gtk_widget_set_visible (self->resign_button, !over);
  gtk_widget_set_visible (self->claim_button, !over && _syn_window_playing_network (self)
                                                  && syn_peer_can_claim_abandoned (self->peer));
  gtk_widget_set_visible (self->chat_box, _syn_window_playing_network (self));
  if (_syn_window_playing_network (self))
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
      !over && !self->welcome && _syn_window_following_game (self)
          && syn_game_get_player_kind (self->game, self->viewer) == SYN_PLAYER_HUMAN
          && (!_syn_window_playing_network (self) || syn_peer_is_connected (self->peer)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.offer-draw",
                                 !over && _syn_window_playing_network (self)
                                     && syn_peer_is_connected (self->peer));
  _syn_window_update_browse_actions (self);
}

/* With two people at one computer the board keeps White at the bottom; against the
 * computer the person's own colour is at the bottom. The flip setting turns either. */
gboolean
_syn_window_board_flipped (SynWindow *self)
{
  gboolean theirs = !_syn_window_two_people (self) && self->viewer == SYN_BLACK;
  return g_settings_get_boolean (self->settings, "board-flipped") != theirs;
}

/* The move of side's choice in turn as the viewer may know it, to be marked or slid on the
 * board. Where each side sees a board of its own (Transactional), the other side's steps
 * are its secret, even once committed (the announcement keeps their order secret, TX-R8),
 * and so is a pending move rolled back (TX-R9, R15); SYN_MOVE_NONE then. */
SynMove
_syn_window_known_move (SynWindow *self, const SynTurn *turn, SynColour side)
{
  SynChoice choice = turn->choice[side];

  if (choice == SYN_CHOICE_NONE || (choice & SYN_CHOICE_ROLLBACK))
    return SYN_MOVE_NONE;
  if (syn_game_get_variant (self->game)->view && side != self->viewer)
    return SYN_MOVE_NONE;
  return SYN_CHOICE_MOVE (choice);
}

/* Everything on the board but the pieces: marks, flip, whether it takes input. */
void
_syn_window_update_board_marks (SynWindow *self)
{
  guint turns = _syn_window_following_game (self) ? syn_game_get_n_turns (self->game)
                                                  : (guint) self->shown_turns;
  gboolean live = _syn_window_following_game (self) && !syn_game_is_over (self->game);

  syn_board_view_set_flipped (self->board, _syn_window_board_flipped (self));
  if (_syn_window_playing_network (self))
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
      syn_board_view_set_last_turn (self->board, _syn_window_known_move (self, turn, SYN_WHITE),
                                    _syn_window_known_move (self, turn, SYN_BLACK));
    }
  else
    syn_board_view_set_last_turn (self->board, SYN_MOVE_NONE, SYN_MOVE_NONE);
  if (self->pending_move != SYN_MOVE_NONE && syn_game_has_chosen (self->game, self->viewer))
    self->pending_move = SYN_MOVE_NONE;
  if (self->pending_move != SYN_MOVE_NONE)
    syn_board_view_set_chosen_move (self->board, self->pending_move);
  _syn_window_update_choice_bar (self);
}

void
_syn_window_update_board (SynWindow *self)
{
  SynBoardFacts facts;
  guint turns = _syn_window_following_game (self) ? syn_game_get_n_turns (self->game)
                                                  : (guint) self->shown_turns;

  syn_game_get_facts (self->game, turns, self->viewer, &facts);
  syn_board_view_set_facts (self->board, &facts);
  syn_move_list_set_viewer (self->move_list, (int) self->viewer);
  _syn_window_update_board_marks (self);
}

/* The pages replace the game rather than covering it: the board, the panel and the toasts
 * are neither drawn nor read out while the next person may be looking, and nothing of a
 * game shows before one begins. */
void
_syn_window_update_pages (SynWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->toasts), !self->hand_over);
  gtk_widget_set_visible (GTK_WIDGET (self->hand_over_page), self->hand_over);
  /* Within the toasts' overlay, so that news (a refused connection) shows over it too. */
  gtk_widget_set_visible (self->game_area, !self->welcome);
  gtk_widget_set_visible (GTK_WIDGET (self->welcome_page), self->welcome);
}

void
_syn_window_show_hand_over (SynWindow *self, gboolean show)
{
  self->hand_over = show;
  _syn_window_update_pages (self);
  if (show)
    {
      SynColour next = (SynColour) !self->viewer;
      g_autofree char *title
          = g_strdup_printf (_ ("Hand Over to %s"), _syn_window_colour_name (next));
      g_autofree char *description
          = g_strdup_printf (_ ("%s has chosen. Pass the computer to %s; %s should look away."),
                             _syn_window_colour_name (self->viewer), _syn_window_colour_name (next),
                             _syn_window_colour_name (self->viewer));
      g_autofree char *label
          = g_strdup_printf (_ ("_Show %s’s Board"), _syn_window_colour_name (next));
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

static void
on_toast_dismissed_cb (AdwToast *toast, SynWindow *self)
{
  g_queue_remove (&self->live_toasts, toast);
}

/* News never waits behind older news: the toasts still queued are dropped, and the one on
 * screen (the oldest) finishes its time. Only queued ones are dismissed: libadwaita 1.2
 * does not survive dismissing the shown toast while it slides in. */
void
_syn_window_toast (SynWindow *self, const char *text)
{
  AdwToast *toast = adw_toast_new (text);

  while (g_queue_get_length (&self->live_toasts) > 1)
    adw_toast_dismiss (g_queue_peek_tail (&self->live_toasts));
  g_queue_push_tail (&self->live_toasts, toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed_cb), self, 0);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

void
_syn_window_show_error (SynWindow *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _ ("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}
