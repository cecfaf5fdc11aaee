/* syn-window-turn.c: the flow of a game on the window: its choices, turns and signals.
 *
 * Choose (the choice may change until the opponent has chosen), wait, see both moves
 * revealed together, next turn. With two people at one computer a hand-over screen hides
 * the first choice from the second player.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-window"

#include "config.h"

#include "syn-window-private.h"

#include <glib/gi18n.h>

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
                                  _syn_window_colour_name (side),
                                  _syn_window_colour_name ((SynColour) !side));
          break;
        case SYN_EVENT_TOKEN:
          text = g_strdup_printf (_ ("%s takes the initiative"), _syn_window_colour_name (side));
          break;
        case SYN_EVENT_FIELD_OPENED:
          /* Translators: Hansmann–Krasowsky: "Exchange of blows on d5: Black may strike" */
          text = g_strdup_printf (_ ("Exchange of blows on %s: %s may strike"), square,
                                  _syn_window_colour_name (side));
          break;
        case SYN_EVENT_COMMIT:
          {
            char announcement[256];
            if (!variant->announce
                || !variant->announce (&turn->before, &turn->after, side, announcement,
                                       sizeof announcement))
              break;
            /* Translators: Transactional Chess: "White has committed: Ng1-f3, Pe2-e4" */
            text = g_strdup_printf (_ ("%s has committed: %s"), _syn_window_colour_name (side),
                                    announcement);
            /* The committer's own screen says nothing; with two people at one computer the
             * other hears it once the computer is handed over. */
            if (side == self->viewer)
              {
                if (_syn_window_two_people (self))
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
        _syn_window_toast (self, text);
    }
}

void
_syn_window_choose (SynWindow *self, SynChoice move)
{
  g_autoptr (GError) error = NULL;

  if (_syn_window_playing_network (self))
    {
      if (!syn_peer_choose (self->peer, (SynChoice) move, &error))
        _syn_window_toast (self, error->message);
      else
        self->network_choice = (SynMove) move;
      _syn_window_update_board_marks (self);
      _syn_window_update_status (self);
      return;
    }
  if (!syn_game_choose (self->game, self->viewer, (SynChoice) move, &error))
    {
      _syn_window_toast (self, error->message);
      return;
    }
  /* The first of two people at one computer hides the choice before the second picks. */
  if (_syn_window_two_people (self) && !syn_game_is_over (self->game)
      && syn_game_has_chosen (self->game, self->viewer)
      && !syn_game_has_chosen (self->game, (SynColour) !self->viewer))
    _syn_window_show_hand_over (self, TRUE);
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
}

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
  _syn_window_choose (self, choice);
  _syn_window_update_choice_bar (self);
}

static void
on_choice_cancel_clicked_cb (GtkButton *button, SynWindow *self)
{
  self->pending_move = SYN_MOVE_NONE;
  _syn_window_update_choice_bar (self);
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
  if (!_syn_window_following_game (self) || syn_game_is_over (self->game) || self->hand_over)
    return FALSE;
  if (_syn_window_playing_network (self))
    return syn_peer_is_connected (self->peer) && !syn_peer_has_chosen (self->peer);
  return syn_game_get_player_kind (self->game, self->viewer) == SYN_PLAYER_HUMAN
         && !syn_game_has_chosen (self->game, self->viewer);
}

/* The viewer's choices beyond a plain move: HK's pass; a Transactional move's decision
 * (commit, roll back, keep pending) once the move is picked, or its pass (TX-R6). */
void
_syn_window_update_choice_bar (SynWindow *self)
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
void
_syn_window_on_board_move_chosen_cb (SynWindow *self, guint move)
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
      _syn_window_choose (self, n_found == 1 ? found : (SynChoice) move);
      return;
    }
  /* The lock is asked once the decision is picked, locally as over the network (TX-R16):
   * a referee's "no" makes the move, so a player who heard it could not choose again. */
  self->pending_move = (SynMove) move;
  syn_board_view_set_chosen_move (self->board, (SynMove) move);
  _syn_window_update_choice_bar (self);
  gtk_widget_child_focus (GTK_WIDGET (self->choice_bar), GTK_DIR_TAB_FORWARD);
}

static void
on_choice_changed_cb (SynGame *game, int side, SynWindow *self)
{
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
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
  if (_syn_window_two_people (self) && !syn_game_is_over (game))
    {
      SynColour next = syn_game_has_chosen (game, SYN_WHITE) ? SYN_BLACK : SYN_WHITE;
      if (next != self->viewer && (syn_game_get_variant (game)->view || syn_game_get_fog (game)))
        _syn_window_show_hand_over (self, TRUE);
      else
        self->viewer = next;
    }
  if (_syn_window_following_game (self))
    {
      syn_game_get_facts (game, index, self->viewer, &before);
      syn_game_get_facts (game, index + 1, self->viewer, &after);
      syn_board_view_animate_turn (self->board, &before,
                                   _syn_window_known_move (self, turn, SYN_WHITE),
                                   _syn_window_known_move (self, turn, SYN_BLACK), &after);
    }
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
}

static void
on_choice_refused_cb (SynGame *game, int side, SynWindow *self)
{
  if ((SynColour) side == self->viewer)
    _syn_window_toast (self,
                       _ ("Locked: your opponent’s transaction holds that square. Choose another "
                          "move."));
  self->pending_move = SYN_MOVE_NONE;
  self->network_choice = SYN_MOVE_NONE;
  _syn_window_update_board (self);
  _syn_window_update_status (self);
}

static void
on_finished_cb (SynGame *game, SynWindow *self)
{
  _syn_window_show_hand_over (self, FALSE);
  _syn_window_update_board_marks (self);
  _syn_window_update_status (self);
}

/* Replaces the game on the board; the window shows it from viewer's side. session drives a
 * game at this computer; over the network there is none (the peer saves the game). */
void
_syn_window_adopt_game (SynWindow *self, SynGame *game, SynSession *session, SynColour viewer)
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
  _syn_window_show_hand_over (self, FALSE);

  g_signal_connect_object (self->game, "choice-changed", G_CALLBACK (on_choice_changed_cb), self,
                           0);
  g_signal_connect_object (self->game, "turn-executed", G_CALLBACK (on_turn_executed_cb), self, 0);
  g_signal_connect_object (self->game, "choice-refused", G_CALLBACK (on_choice_refused_cb), self,
                           0);
  g_signal_connect_object (self->game, "finished", G_CALLBACK (on_finished_cb), self, 0);
  if (self->session)
    g_signal_connect_object (self->session, "autosave-failed",
                             G_CALLBACK (_syn_window_on_autosave_failed_cb), self, 0);

  syn_move_list_set_game (self->move_list, self->game);
  syn_clock_view_set_clock (self->clock_view, syn_game_get_clock (self->game));
  syn_clock_view_set_flipped (self->clock_view, _syn_window_board_flipped (self));
  _syn_window_update_board (self);
  _syn_window_update_status (self);
  /* Paused first, so that a computer does not begin to think behind a dialog. */
  _syn_window_follow_dialogs (self);
  if (self->session)
    syn_session_start (self->session);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

void
_syn_window_set_session (SynWindow *self, SynSession *session, SynColour viewer)
{
  _syn_window_adopt_game (self, syn_session_get_game (session), session, viewer);
}
