/* test-app-game.c: the real application, driven in-process through its window's actions
 * only: a whole game against the computer, browsing it, saving and reopening it; two people
 * at one computer; a bad record.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "app-test-util.h"
#include "syn-application.h"
#include "syn-move-list.h"
#include "syn-record.h"
#include "syn-host-dialog.h"
#include "syn-join-dialog.h"
#include "syn-window.h"

/* Random play against the simple computer ends long before this. */
#define MAX_TURNS 400
/* The computer answers within milliseconds; a turn that takes this long is a hang. */
#define TURN_TIMEOUT_MS 15000
#define SEED 20260611

/* Per test: the application and its window. */
typedef struct
{
  SynApplication *app;
  SynWindow *window;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer user_data)
{
  /* The size the application chooses. */
  fixture->window = app_test_start (&fixture->app, 0, 0);
  g_assert_nonnull (fixture->window);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer user_data)
{
  app_test_quit (fixture->app, fixture->window);
}

static void
start_game (Fixture *fixture, SynPlayerKind opponent)
{
  SynNewGameOptions options = { &syn_variant_psc, { 0, 0 }, FALSE, opponent, SYN_WHITE };

  syn_window_start_game (fixture->window, &options, NULL, TRUE);
  g_assert_cmpuint (syn_game_get_n_turns (syn_window_get_game (fixture->window)), ==, 0);
}

static void
play_move (Fixture *fixture, const char *uci)
{
  g_assert_true (
      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.play-move", "s", uci));
}

static void
activate (Fixture *fixture, const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), action, NULL));
}

/* Widgets */

static gboolean
is_status_label (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title-4");
}

static gboolean
has_action (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), data) == 0;
}

/* The window's status line ("Your move: …", "White wins by checkmate", …). */
static const char *
status_text (Fixture *fixture)
{
  GtkWidget *label = app_test_find (GTK_WIDGET (fixture->window), is_status_label, NULL);
  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* Whether the window's action is enabled, read from the button that carries it (GTK
 * makes such a button insensitive while its action is disabled). */
static gboolean
action_enabled (Fixture *fixture, const char *action)
{
  GtkWidget *button = app_test_find (GTK_WIDGET (fixture->window), has_action, action);
  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

/* The text a person can see: the labels of the widgets shown. */
static void
collect_shown_text (GtkWidget *widget, GString *text)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shown_text (child, text);
}

/* A visible message dialog over the window, or NULL. */
static AdwMessageDialog *
find_message_dialog (Fixture *fixture)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* GTK's own */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) toplevel = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel))
          && gtk_window_get_transient_for (GTK_WINDOW (toplevel)) == GTK_WINDOW (fixture->window))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

/* Positions */

static void
fen_of_position (const SynPosition *position, char *fen)
{
  syn_fen_write (position, SYN_FEN_PSC, fen, SYN_FEN_MAX_SIZE);
}

static void
fen_of_state (const SynVariant *variant, const SynState *state, char *fen)
{
  variant->write_state (state, fen, SYN_FEN_MAX_SIZE);
}

/* The board shows the position after `turns` turns, as the game has it. */
static void
assert_board_shows (Fixture *fixture, guint turns)
{
  SynGame *game = syn_window_get_game (fixture->window);
  const SynBoardFacts *shown = syn_board_view_get_facts (syn_window_get_board (fixture->window));
  SynBoardFacts expected;
  char shown_fen[SYN_FEN_MAX_SIZE], expected_fen[SYN_FEN_MAX_SIZE];

  syn_game_get_facts (game, turns, SYN_WHITE, &expected);
  fen_of_position (&shown->position, shown_fen);
  fen_of_position (&expected.position, expected_fen);
  g_assert_cmpstr (shown_fen, ==, expected_fen);
  g_assert_cmpmem (shown->attacks, sizeof shown->attacks, expected.attacks,
                   sizeof expected.attacks);
  g_assert_cmpuint (shown->frozen, ==, expected.frozen);
}

/* Playing */

/* Plays one random legal move for White, picked from the moves the board offers, and waits
 * for the computer's reply to execute the turn. */
static void
play_random_turn (Fixture *fixture, GRand *rand)
{
  SynGame *game = syn_window_get_game (fixture->window);
  const SynBoardFacts *shown = syn_board_view_get_facts (syn_window_get_board (fixture->window));
  SynBoardFacts facts;
  AppTestTurnWait wait = { game, syn_game_get_n_turns (game) };
  char text[SYN_MOVE_TEXT_SIZE];
  SynMove move;

  syn_game_get_facts (game, wait.turns, SYN_WHITE, &facts);
  g_assert_cmpint (facts.n_moves, >, 0);
  /* The board offers exactly the moves the game allows. */
  g_assert_cmpint (shown->n_moves, ==, facts.n_moves);
  g_assert_cmpmem (shown->moves, shown->n_moves * sizeof (SynMove), facts.moves,
                   facts.n_moves * sizeof (SynMove));

  move = facts.moves[g_rand_int_range (rand, 0, facts.n_moves)];
  syn_move_to_text (move, text);
  play_move (fixture, text);
  g_assert_true (syn_game_has_chosen (game, SYN_WHITE) || wait.turns < syn_game_get_n_turns (game));
  if (!app_test_iterate_until (app_test_turn_done, &wait, TURN_TIMEOUT_MS))
    g_error ("turn %u: the computer did not answer %s within %d ms", wait.turns + 1, text,
             TURN_TIMEOUT_MS);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, wait.turns + 1);
  g_assert_cmpuint (syn_game_get_turn (game, wait.turns)->choice[SYN_WHITE], ==, move);
}

static void
assert_same_games (SynGame *a, SynGame *b)
{
  g_autofree char *text_a = syn_record_write (a);
  g_autofree char *text_b = syn_record_write (b);

  g_assert_cmpuint (syn_game_get_n_turns (a), ==, syn_game_get_n_turns (b));
  for (guint i = 0; i < syn_game_get_n_turns (a); i++)
    {
      const SynTurn *turn_a = syn_game_get_turn (a, i);
      const SynTurn *turn_b = syn_game_get_turn (b, i);
      char fen_a[SYN_FEN_MAX_SIZE], fen_b[SYN_FEN_MAX_SIZE];

      g_assert_cmpuint (turn_a->choice[SYN_WHITE], ==, turn_b->choice[SYN_WHITE]);
      g_assert_cmpuint (turn_a->choice[SYN_BLACK], ==, turn_b->choice[SYN_BLACK]);
      fen_of_state (syn_game_get_variant (a), &turn_a->after, fen_a);
      fen_of_state (syn_game_get_variant (b), &turn_b->after, fen_b);
      g_assert_cmpstr (fen_a, ==, fen_b);
    }
  g_assert_cmpint (syn_game_is_over (a), ==, syn_game_is_over (b));
  g_assert_cmpint (syn_game_get_result (a), ==, syn_game_get_result (b));
  g_assert_cmpstr (syn_game_get_reason (a), ==, syn_game_get_reason (b));
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      g_assert_cmpint (syn_game_get_player_kind (a, side), ==, syn_game_get_player_kind (b, side));
      g_assert_cmpstr (syn_game_get_player_name (a, side), ==, syn_game_get_player_name (b, side));
    }
  g_assert_cmpstr (text_a, ==, text_b);
}

static gboolean
has_autosaved_game (void)
{
  g_autoptr (GFile) folder = syn_record_autosave_dir ();
  g_autofree char *dir = g_file_get_path (folder);
  g_autoptr (GDir) games = g_dir_open (dir, 0, NULL);

  return games != NULL && g_dir_read_name (games) != NULL;
}

/* Tests */

static void
test_against_the_computer_to_the_end (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  g_autofree char *dir = g_dir_make_tmp ("synchess-app-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.synchess", NULL);
  g_autofree char *end_row = NULL;
  g_autofree char *end_words = NULL;
  g_autofree char *viewing = NULL;
  g_autoptr (GFile) autosave_dir = syn_record_autosave_dir ();
  g_autoptr (GFile) data_dir = g_file_new_for_path (g_get_user_data_dir ());
  SynGame *game, *reopened;
  guint n_turns, back;

  /* Autosaves go to the test's own data folder (G_TEST_OPTION_ISOLATE_DIRS). */
  g_assert_true (g_file_has_prefix (autosave_dir, data_dir));
  g_assert_nonnull (strstr (g_get_user_data_dir (), "/.dirs/"));
  start_game (fixture, SYN_PLAYER_COMPUTER);
  game = syn_window_get_game (fixture->window);
  g_assert_cmpint (syn_game_get_player_kind (game, SYN_BLACK), ==, SYN_PLAYER_COMPUTER);
  g_assert_cmpstr (status_text (fixture), ==, "Your move: choose a piece and a square");

  for (int turn = 0; turn < MAX_TURNS && !syn_game_is_over (game); turn++)
    {
      play_random_turn (fixture, rand);
      g_assert_true (syn_window_get_game (fixture->window) == game);
      if (!syn_game_is_over (game))
        assert_board_shows (fixture, syn_game_get_n_turns (game));
    }
  n_turns = syn_game_get_n_turns (game);
  g_test_message ("the game ended after %u turns: %s (%s)", n_turns,
                  syn_result_to_text (syn_game_get_result (game)), syn_game_get_reason (game));

  /* The game ended with a result and a reason, and the window says so. */
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), !=, SYN_RESULT_NONE);
  g_assert_nonnull (syn_game_get_reason (game));
  g_assert_true (g_str_has_prefix (status_text (fixture), "White wins")
                 || g_str_has_prefix (status_text (fixture), "Black wins")
                 || g_str_has_prefix (status_text (fixture), "Draw"));
  g_assert_false (action_enabled (fixture, "win.resign"));
  /* Nobody thinks or chooses any more. */
  {
    g_autoptr (GString) shown = g_string_new (NULL);
    collect_shown_text (GTK_WIDGET (fixture->window), shown);
    g_assert_null (strstr (shown->str, "Thinking"));
    g_assert_null (strstr (shown->str, "Chosen"));
  }
  end_words = syn_move_list_describe_end (game);
  end_row = app_test_move_list_row (fixture->window, -1);
  g_assert_nonnull (strstr (end_row, end_words));
  g_assert_true (has_autosaved_game ());
  assert_board_shows (fixture, n_turns);

  /* Browsing back shows each earlier position on the board, and forward follows again. */
  back = MIN (n_turns, 3);
  for (guint i = 1; i <= back; i++)
    {
      activate (fixture, "win.previous-turn");
      assert_board_shows (fixture, n_turns - i);
    }
  viewing = n_turns - back == 0
                ? g_strdup ("Viewing the start position")
                : g_strdup_printf ("Viewing the position after turn %u", n_turns - back);
  g_assert_cmpstr (status_text (fixture), ==, viewing);
  for (guint i = 1; i <= back; i++)
    {
      activate (fixture, "win.next-turn");
      assert_board_shows (fixture, n_turns - back + i);
    }
  g_assert_false (g_str_has_prefix (status_text (fixture), "Viewing"));

  /* Saved and opened again, the game is the same, turn by turn. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save-to", "s", path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_object_ref (game);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-file", "s", path);
  reopened = syn_window_get_game (fixture->window);
  g_assert_true (reopened != game);
  g_assert_null (find_message_dialog (fixture));
  assert_same_games (game, reopened);
  assert_board_shows (fixture, n_turns);
  g_assert_cmpint (syn_game_get_player_kind (reopened, SYN_BLACK), ==, SYN_PLAYER_COMPUTER);
  g_object_unref (game);

  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
is_hand_over_page (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_has_css_class (widget, "hand-over");
}

static void
test_two_people_hand_over (Fixture *fixture, gconstpointer user_data)
{
  SynGame *game;
  const SynTurn *turn;
  char text[SYN_MOVE_TEXT_SIZE];

  start_game (fixture, SYN_PLAYER_HUMAN);
  game = syn_window_get_game (fixture->window);
  g_assert_false (action_enabled (fixture, "win.hand-over-done"));
  g_assert_cmpstr (status_text (fixture), ==, "White to choose");

  play_move (fixture, "e2e4");
  g_assert_true (syn_game_has_chosen (game, SYN_WHITE));
  g_assert_true (action_enabled (fixture, "win.hand-over-done"));
  g_assert_cmpstr (status_text (fixture), ==, "White has chosen");
  g_assert_true (gtk_widget_get_visible (
      app_test_find (GTK_WIDGET (fixture->window), is_hand_over_page, NULL)));
  /* White's choice stays off the board while the hand-over page covers it. */
  g_assert_false (syn_board_view_get_interactive (syn_window_get_board (fixture->window)));

  /* Black cannot choose before taking over the computer. */
  play_move (fixture, "e7e5");
  app_test_settle (20);
  g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);

  activate (fixture, "win.hand-over-done");
  g_assert_false (action_enabled (fixture, "win.hand-over-done"));
  g_assert_cmpstr (status_text (fixture), ==, "Black to choose");
  g_assert_cmpint (syn_board_view_get_facts (syn_window_get_board (fixture->window))->viewer, ==,
                   SYN_BLACK);
  /* The board shows Black nothing of White's choice. */
  g_assert_cmpuint (syn_board_view_get_chosen_move (syn_window_get_board (fixture->window)), ==,
                    SYN_MOVE_NONE);

  play_move (fixture, "e7e5");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  turn = syn_game_get_turn (game, 0);
  syn_move_to_text ((SynMove) turn->choice[SYN_WHITE], text);
  g_assert_cmpstr (text, ==, "e2e4");
  syn_move_to_text ((SynMove) turn->choice[SYN_BLACK], text);
  g_assert_cmpstr (text, ==, "e7e5");

  /* The next turn starts with White again, with nothing to hand over yet. */
  g_assert_false (action_enabled (fixture, "win.hand-over-done"));
  g_assert_cmpstr (status_text (fixture), ==, "White to choose");
  g_assert_cmpint (syn_board_view_get_facts (syn_window_get_board (fixture->window))->viewer, ==,
                   SYN_WHITE);
  assert_board_shows (fixture, 1);
}

static void
test_bad_record_changes_nothing (Fixture *fixture, gconstpointer user_data)
{
  static const char bad_record[] = "[Event \"Broken\"]\n"
                                   "[Variant \"psc\"]\n"
                                   "\n"
                                   "1. e2e4 e7e5\n"
                                   "2. e4e9 zz\n";
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  g_autofree char *dir = g_dir_make_tmp ("synchess-app-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "broken.synchess", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;
  SynGame *game;

  start_game (fixture, SYN_PLAYER_COMPUTER);
  game = syn_window_get_game (fixture->window);
  play_random_turn (fixture, rand);
  play_random_turn (fixture, rand);
  before = syn_record_write (game);

  g_assert_true (g_file_set_contents (path, bad_record, -1, NULL));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open-file", "s", path);
  app_test_settle (50);

  dialog = find_message_dialog (fixture);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Open “broken.synchess”");
  g_assert_nonnull (adw_message_dialog_get_body (dialog));
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), !=, "");
  g_test_message ("the error shown: %s", adw_message_dialog_get_body (dialog));

  g_assert_true (syn_window_get_game (fixture->window) == game);
  after = syn_record_write (game);
  g_assert_cmpstr (after, ==, before);
  assert_board_shows (fixture, 2);
  g_assert_cmpstr (status_text (fixture), ==, "Your move: choose a piece and a square");

  /* The game goes on. */
  adw_message_dialog_response (dialog, "close");
  gtk_window_destroy (GTK_WINDOW (dialog));
  play_random_turn (fixture, rand);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 3);

  g_unlink (path);
  g_rmdir (dir);
}

/* Dialogs */

static gboolean
is_start_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Start") == 0;
}

/* Each dialog of the menus opens (under G_DEBUG=fatal-warnings a bad .ui file or a warning
 * fails the test), and New Game's Start button starts a new game. */
static void
test_dialogs_open_without_warnings (Fixture *fixture, gconstpointer user_data)
{
  static const char *const app_actions[] = { "preferences", "about" };
  g_autofree char *old_id = NULL;
  GtkWindow *dialog;
  GtkWidget *start;

  start_game (fixture, SYN_PLAYER_HUMAN);
  old_id = g_strdup (syn_game_get_id (syn_window_get_game (fixture->window)));

  activate (fixture, "win.new-game");
  app_test_settle (300);
  dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
  g_assert_nonnull (dialog);
  g_assert_true (SYN_IS_NEW_GAME_DIALOG (dialog));
  start = app_test_find (GTK_WIDGET (dialog), is_start_button, NULL);
  g_assert_nonnull (start);
  g_signal_emit_by_name (start, "clicked");
  app_test_settle (300);
  g_assert_cmpstr (syn_game_get_id (syn_window_get_game (fixture->window)), !=, old_id);
  g_assert_null (app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW));

  for (guint i = 0; i < G_N_ELEMENTS (app_actions); i++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (fixture->app), app_actions[i], NULL);
      app_test_settle (300);
      dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
      g_assert_nonnull (dialog);
      gtk_window_destroy (dialog);
      app_test_settle (50);
    }

  activate (fixture, "win.show-help-overlay");
  app_test_settle (300);
  dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
  g_assert_nonnull (dialog);
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (dialog));
  gtk_window_close (dialog);
  app_test_settle (50);
}

/* Network */

static gboolean
network_game_running (gpointer data)
{
  Fixture *fixture = data;
  SynPeer *peer = syn_window_get_peer (fixture->window);
  return peer && syn_peer_get_game (peer) == syn_window_get_game (fixture->window);
}

typedef struct
{
  Fixture *fixture;
  GRand *rand;
} NetworkPlay;

/* Chooses a random legal move whenever this side may; done when the game is over. */
static gboolean
network_game_over (gpointer data)
{
  NetworkPlay *play = data;
  SynWindow *window = play->fixture->window;
  SynGame *game = syn_window_get_game (window);
  SynPeer *peer = syn_window_get_peer (window);
  SynBoardFacts facts;

  if (syn_game_is_over (game))
    return TRUE;
  if (!peer || !syn_peer_is_connected (peer) || syn_peer_has_chosen (peer))
    return FALSE;
  syn_game_get_facts (game, syn_game_get_n_turns (game), syn_peer_get_colour (peer), &facts);
  if (facts.n_moves > 0)
    {
      char text[SYN_MOVE_TEXT_SIZE];
      syn_move_to_text (facts.moves[g_rand_int_range (play->rand, 0, facts.n_moves)], text);
      play_move (play->fixture, text);
    }
  return FALSE;
}

static void
on_cli_done_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
cli_done (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

/* The CLI prints "RESULT REASON ..." for the game and exits after it; the app goes on
 * answering it meanwhile, so the loop runs while waiting. A guest stays until the host is
 * done: when the app hosts, it says goodbye first. */
static void
cli_saw_the_result (Fixture *fixture, GSubprocess *cli, SynGame *game)
{
  g_autofree char *out = NULL;
  g_autoptr (GError) error = NULL;
  GAsyncResult *done = NULL;

  if (syn_peer_is_host (syn_window_get_peer (fixture->window)))
    syn_peer_disconnect (syn_window_get_peer (fixture->window));
  g_subprocess_communicate_utf8_async (cli, NULL, NULL, on_cli_done_cb, &done);
  g_assert_true (app_test_iterate_until (cli_done, &done, 20000));
  g_assert_true (g_subprocess_communicate_utf8_finish (cli, done, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (cli));
  g_assert_true (g_str_has_prefix (out, syn_result_to_text (syn_game_get_result (game))));
  g_clear_object (&done);
}

/* Plays the network game on the window to its end and checks the CLI saw the same result. */
static void
play_against_cli (Fixture *fixture, GSubprocess *cli)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  NetworkPlay play = { fixture, rand };
  SynGame *game;

  g_assert_true (app_test_iterate_until (network_game_running, fixture, 20000));
  g_assert_true (app_test_iterate_until (network_game_over, &play, 120000));
  game = syn_window_get_game (fixture->window);
  g_assert_true (syn_game_is_over (game));
  g_test_message ("the game ended %s (%s) after %u turns",
                  syn_result_to_text (syn_game_get_result (game)), syn_game_get_reason (game),
                  syn_game_get_n_turns (game));

  cli_saw_the_result (fixture, cli, game);
}

/* The CLI peer runs with folders of its own (its identity, its autosaves). */
static GSubprocess *
spawn_cli (GError **error, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocessLauncher) launcher
      = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autofree char *home = g_dir_make_tmp ("synchess-cli-peer-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  const char *arg;
  va_list args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("SYNCHESS_CLI"));
  va_start (args, error);
  while ((arg = va_arg (args, const char *)))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (launcher, "HOME", home, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  return g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
}

static void
test_network_app_hosts_cli_joins (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) cli = NULL;
  g_autofree char *port_text = NULL;
  GtkWindow *dialog;
  guint16 port = app_test_free_port ();

  activate (fixture, "win.host-game");
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
  g_assert_true (SYN_IS_HOST_DIALOG (dialog));
  {
    GtkSpinButton *spin
        = GTK_SPIN_BUTTON (app_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON));
    gtk_spin_button_set_value (spin, port);
  }
  g_assert_true (syn_host_dialog_start (SYN_HOST_DIALOG (dialog), &error));
  g_assert_no_error (error);

  port_text = g_strdup_printf ("%u", (guint) port);
  cli = spawn_cli (&error, "join", "127.0.0.1", port_text, "--bot", "random", NULL);
  g_assert_no_error (error);
  play_against_cli (fixture, cli);
}

static gboolean
port_open (gpointer data)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection
      = g_socket_client_connect_to_host (client, "127.0.0.1", GPOINTER_TO_UINT (data), NULL, NULL);
  return connection != NULL;
}

static gboolean
accept_visible (gpointer data)
{
  return app_test_find (GTK_WIDGET (data), app_test_is_button_labelled, "_Accept") != NULL;
}

static void
test_network_app_joins_cli_hosts (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) cli = NULL;
  g_autofree char *port_text = NULL;
  GtkWindow *dialog;
  guint16 port = app_test_free_port ();

  port_text = g_strdup_printf ("%u", (guint) port);
  cli = spawn_cli (&error, "host", "--port", port_text, "--bot", "random", "--games", "1", NULL);
  g_assert_no_error (error);
  /* The host refuses nothing while starting; wait until it listens. A probe connection is
   * reported by the host and does not count as a game. */
  g_assert_true (app_test_iterate_until (port_open, GUINT_TO_POINTER (port), 10000));

  activate (fixture, "win.join-game");
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
  g_assert_true (SYN_IS_JOIN_DIALOG (dialog));
  syn_join_dialog_set_address (SYN_JOIN_DIALOG (dialog), "127.0.0.1", port);
  syn_join_dialog_connect (SYN_JOIN_DIALOG (dialog));
  g_assert_true (app_test_iterate_until (accept_visible, dialog, 20000));
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (dialog), app_test_is_button_labelled, "_Accept"), "clicked");
  play_against_cli (fixture, cli);
}

static void
test_network_join_refused (Fixture *fixture, gconstpointer user_data)
{
  GtkWindow *dialog;
  guint16 port = app_test_free_port ();
  GtkLabel *status;

  activate (fixture, "win.join-game");
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
  g_assert_true (SYN_IS_JOIN_DIALOG (dialog));
  syn_join_dialog_set_address (SYN_JOIN_DIALOG (dialog), "127.0.0.1", port);
  syn_join_dialog_connect (SYN_JOIN_DIALOG (dialog));
  app_test_settle (1500);
  status = GTK_LABEL (app_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_LABEL));
  g_assert_nonnull (status);
  {
    g_autofree char *text = NULL;
    GString *all = g_string_new (NULL);
    app_test_collect_text (GTK_WIDGET (dialog), all);
    text = g_string_free (all, FALSE);
    g_assert_nonnull (strstr (text, "Connection refused"));
  }
  gtk_window_destroy (dialog);
}

/* The other rule sets */

typedef struct
{
  SynGame *game;
  guint turns;
} StepWait;

/* White has to choose again (the step it chose in is done), or the game is over. */
static gboolean
white_to_choose (gpointer data)
{
  StepWait *wait = data;
  return syn_game_is_over (wait->game)
         || (!syn_game_has_chosen (wait->game, SYN_WHITE)
             && syn_game_get_n_turns (wait->game) >= wait->turns);
}

static guint
count_move_list_rows (Fixture *fixture)
{
  GtkWidget *move_list = app_test_find_type (GTK_WIDGET (fixture->window), SYN_TYPE_MOVE_LIST);
  GtkWidget *list_box = app_test_find_type (move_list, GTK_TYPE_LIST_BOX);
  guint n = 0;

  while (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list_box), (int) n) != NULL)
    n++;
  return n;
}

/* A few steps of each rule set against the computer, through the window's play-move action
 * with the choice texts of docs/cli.md (a pass, a move with its decision); the move list
 * keeps a row per step and the record reads back to the same game. */
static void
test_rule_set_against_the_computer (Fixture *fixture, gconstpointer data)
{
  const SynVariant *variant = syn_variant_lookup (data);
  SynNewGameOptions options = { variant, { 0, 0 }, FALSE, SYN_PLAYER_COMPUTER, SYN_WHITE };
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  g_autoptr (SynGame) reread = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *record = NULL;
  guint n_refused = 0;
  SynGame *game;

  g_assert_nonnull (variant);
  syn_window_start_game (fixture->window, &options, NULL, TRUE);
  game = syn_window_get_game (fixture->window);
  g_assert_true (syn_game_get_variant (game) == variant);

  for (int step = 0; step < 16 && !syn_game_is_over (game); step++)
    {
      StepWait wait = { game, syn_game_get_n_turns (game) + 1 };
      SynChoice choices[SYN_MAX_CHOICES];
      char text[SYN_CHOICE_TEXT_SIZE];
      const SynState *state = syn_game_get_state (game);
      int n;

      if (syn_game_has_chosen (game, SYN_WHITE))
        {
          /* White waits in this step (Black's transaction, Black's blow): the computer
           * plays it. */
          wait.turns = syn_game_get_n_turns (game) + 1;
          g_assert_true (app_test_iterate_until (white_to_choose, &wait, TURN_TIMEOUT_MS));
          continue;
        }
      n = variant->choices (state, SYN_WHITE, choices);
      g_assert_cmpint (n, >, 0);
      variant->choice_to_text (state, choices[g_rand_int_range (rand, 0, n)], text);
      play_move (fixture, text);
      if (!syn_game_has_chosen (game, SYN_WHITE) && syn_game_get_n_turns (game) < wait.turns)
        {
          n_refused++; /* locked (TX-R5): nothing happened, White chooses again */
          continue;
        }
      if (!app_test_iterate_until (white_to_choose, &wait, TURN_TIMEOUT_MS))
        g_error ("%s step %d: the computer did not answer %s", variant->id, step, text);
    }
  g_test_message ("%s: %u steps, %u refused tries, %s", variant->id, syn_game_get_n_turns (game),
                  n_refused, syn_result_to_text (syn_game_get_result (game)));
  /* A few steps, unless the rules ended the game first (the computer plays differently as
   * the machine's load gives it more or less time). */
  g_assert_true (syn_game_get_n_turns (game) >= 4 || syn_game_is_over (game));

  /* The start row, a row per step, the result row once over. */
  g_assert_cmpuint (count_move_list_rows (fixture), ==,
                    syn_game_get_n_turns (game) + 1 + (syn_game_is_over (game) ? 1 : 0));
  assert_board_shows (fixture, syn_game_get_n_turns (game));

  record = syn_record_write (game);
  g_assert_nonnull (strstr (record, variant->id));
  reread = syn_record_read (record, &error);
  g_assert_no_error (error);
  assert_same_games (game, reread);
}

static gboolean
is_button_labelled (GtkWidget *widget, gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static GtkWidget *
find_button (Fixture *fixture, const char *label)
{
  return app_test_find (GTK_WIDGET (fixture->window), is_button_labelled, label);
}

/* Picks the viewer's move uci on the board, as a click or a drag ends. */
/* With SYNCHESS_TEST_SHOTS set, renders the window there, to be looked at. */
static void
maybe_save_png (Fixture *fixture, const char *name)
{
  const char *dir = app_test_shots_folder ();
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  app_test_settle (100);
  path = g_build_filename (dir, name, NULL);
  g_assert_true (syn_window_save_png (fixture->window, path, &error));
  g_assert_no_error (error);
}

/* A click: GTK's keyboard activation would wait out its press animation first. */
static void
click (GtkWidget *button)
{
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
}

static void
pick_on_board (Fixture *fixture, const char *uci)
{
  const SynBoardFacts *shown = syn_board_view_get_facts (syn_window_get_board (fixture->window));
  SynMove move = syn_move_find (shown->moves, shown->n_moves, uci);
  g_assert_cmpuint (move, !=, SYN_MOVE_NONE);
  g_signal_emit_by_name (syn_window_get_board (fixture->window), "move-chosen", (guint) move);
}

/* Transactional Chess by two people: a move picked on the board asks for its decision
 * (TX-R7) before it counts; the computer is handed over between the sides, and each sees
 * its own pending moves only (TX-R2). */
static void
test_transactional_two_people (Fixture *fixture, gconstpointer data)
{
  SynNewGameOptions options
      = { &syn_variant_transactional, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };
  const SynBoardFacts *shown;
  SynGame *game;

  syn_window_start_game (fixture->window, &options, NULL, TRUE);
  game = syn_window_get_game (fixture->window);
  g_assert_cmpstr (status_text (fixture), ==, "White to choose");
  /* Black is asked nothing in White's turn (TX-R1), and its clock panel says so. */
  {
    GString *all = g_string_new (NULL);
    g_autofree char *text = NULL;
    app_test_collect_text (GTK_WIDGET (fixture->window), all);
    text = g_string_free (all, FALSE);
    g_assert_nonnull (strstr (text, "Waits this step"));
    g_assert_null (strstr (text, "Chosen"));
  }

  pick_on_board (fixture, "g1f3");
  app_test_settle (20);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0); /* the decision is still to come */
  g_assert_nonnull (find_button (fixture, "_Commit"));
  g_assert_nonnull (find_button (fixture, "_Roll Back"));
  g_assert_nonnull (find_button (fixture, "_Keep Pending"));
  maybe_save_png (fixture, "transactional-decision.png");
  click (find_button (fixture, "_Keep Pending"));
  app_test_settle (20);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  g_assert_null (find_button (fixture, "_Commit"));

  /* Black's turn, behind the hand-over page. */
  g_assert_true (action_enabled (fixture, "win.hand-over-done"));
  activate (fixture, "win.hand-over-done");
  g_assert_cmpstr (status_text (fixture), ==, "Black to choose");
  shown = syn_board_view_get_facts (syn_window_get_board (fixture->window));
  g_assert_cmpint (shown->viewer, ==, SYN_BLACK);
  /* White's knight is pending: Black still sees it on g1. */
  g_assert_cmpint (shown->position.board[syn_square_from_text ("g1")], ==,
                   SYN_PIECE (SYN_WHITE, SYN_KNIGHT));
  g_assert_cmpint (shown->position.board[syn_square_from_text ("f3")], ==, SYN_NO_PIECE);
  /* Nor does the move list tell Black of White's pending move, nor White's transaction
   * number, which would tell of its rollbacks (TX-R15): the row has the turn's. */
  {
    g_autofree char *row = app_test_move_list_row (fixture->window, -1);
    g_assert_true (g_str_has_prefix (row, "1."));
    g_assert_null (strstr (row, "Nf3"));
    g_assert_nonnull (strstr (row, "(hidden)"));
  }

  /* Black moves e7e5 and commits; White then sees it. */
  pick_on_board (fixture, "e7e5");
  app_test_settle (20);
  click (find_button (fixture, "_Commit"));
  app_test_settle (20);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
  activate (fixture, "win.hand-over-done");
  app_test_settle (100);
  /* TX-R8: White, now at the computer, is told Black's commit. */
  {
    GString *all = g_string_new (NULL);
    g_autofree char *text = NULL;
    app_test_collect_text (GTK_WIDGET (fixture->window), all);
    text = g_string_free (all, FALSE);
    g_assert_nonnull (strstr (text, "Black has committed: Pe7-e5"));
  }
  shown = syn_board_view_get_facts (syn_window_get_board (fixture->window));
  g_assert_cmpint (shown->viewer, ==, SYN_WHITE);
  g_assert_cmpint (shown->position.board[syn_square_from_text ("e5")], ==,
                   SYN_PIECE (SYN_BLACK, SYN_PAWN));
  g_assert_cmpint (shown->position.board[syn_square_from_text ("f3")], ==,
                   SYN_PIECE (SYN_WHITE, SYN_KNIGHT));
  /* The move list numbers White's own steps by transaction, and shows White of Black's
   * step only what its commit announced (TX-R3, R8, R15). */
  {
    g_autofree char *own = app_test_move_list_row (fixture->window, 1);
    g_autofree char *row = app_test_move_list_row (fixture->window, -1);
    g_assert_true (g_str_has_prefix (own, "T1"));
    g_assert_nonnull (strstr (own, "Nf3"));
    g_assert_true (g_str_has_prefix (row, "1."));
    g_assert_nonnull (strstr (row, "Pe7-e5"));
  }
}

/* HK's exchange of blows: the striker may pass with a button (HK-R7), and the open field is
 * marked on the board. */
static void
test_hk_pass_button (Fixture *fixture, gconstpointer data)
{
  SynNewGameOptions options = { &syn_variant_hk, { 0, 0 }, FALSE, SYN_PLAYER_HUMAN, SYN_WHITE };
  SynState start;
  SynFenError error;
  const SynBoardFacts *shown;
  SynGame *game;

  /* HK-E2 after the synchronous move: d5 is open, Black strikes. */
  g_assert_true (syn_variant_hk.read_state (
      "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 d5/-", &start, &error));
  syn_window_start_game (fixture->window, &options, &start, TRUE);
  game = syn_window_get_game (fixture->window);
  g_assert_cmpstr (status_text (fixture), ==, "Black to choose");
  shown = syn_board_view_get_facts (syn_window_get_board (fixture->window));
  g_assert_cmpuint (shown->info.marked, ==, syn_bit (syn_square_from_text ("d5")));
  g_assert_nonnull (find_button (fixture, "_Pass"));
  click (find_button (fixture, "_Pass"));
  app_test_settle (20);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  g_assert_cmpuint (syn_game_get_turn (game, 0)->choice[SYN_BLACK], ==, SYN_CHOICE_PASS);
  /* The field closed: the next synchronous move, White first. */
  g_assert_cmpstr (status_text (fixture), ==, "White to choose");
  g_assert_null (find_button (fixture, "_Pass"));
}

/* Network play with the choice bar */

static gboolean
is_rules_row (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_COMBO_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), "_Rules") == 0;
}

/* The choice-bar buttons a step may show: a decision, or a pass (HK-R7, TX-R6). */
static const char *const choice_labels[] = {
  "_Commit", "_Roll Back", "_Keep Pending", "Pass and _Commit", "Pass and _Roll Back", "_Pass",
};

static guint
visible_choice_buttons (Fixture *fixture, GtkWidget **buttons)
{
  guint n = 0;

  for (guint i = 0; i < G_N_ELEMENTS (choice_labels); i++)
    {
      GtkWidget *button = find_button (fixture, choice_labels[i]);
      if (button && gtk_widget_get_mapped (button))
        buttons[n++] = button;
    }
  return n;
}

typedef struct
{
  Fixture *fixture;
  GRand *rand;
  guint own_steps; /* steps this side chose in */
  guint decisions; /* of them, by a choice-bar button */
  guint refusals;  /* moves the other program's lock answer refused (TX-R5, R16) */
  guint audits, clean_audits;
} ButtonPlay;

static void
on_refused_count_cb (SynGame *game, int side, ButtonPlay *play)
{
  play->refusals++;
}

static void
on_audit_count_cb (SynPeer *peer, gboolean clean, const char *why, ButtonPlay *play)
{
  if (!clean)
    g_test_message ("audit: %s", why);
  play->audits++;
  play->clean_audits += clean;
}

/* As a person would: a move picked on the board, then its decision (or a pass) from the
 * choice bar when one shows. Done after enough steps or at the game's end. */
static gboolean
button_play_done (gpointer data)
{
  ButtonPlay *play = data;
  SynWindow *window = play->fixture->window;
  SynGame *game = syn_window_get_game (window);
  SynPeer *peer = syn_window_get_peer (window);
  const SynBoardFacts *shown = syn_board_view_get_facts (syn_window_get_board (window));
  SynChoice choices[SYN_MAX_CHOICES];
  GtkWidget *buttons[G_N_ELEMENTS (choice_labels)];
  guint n_buttons;

  if (syn_game_is_over (game) || play->own_steps >= 40)
    return TRUE;
  if (!syn_peer_is_connected (peer) || syn_peer_has_chosen (peer)
      || syn_game_get_variant (game)->choices (syn_game_get_state (game),
                                               syn_peer_get_colour (peer), choices)
             == 0)
    return FALSE;
  n_buttons = visible_choice_buttons (play->fixture, buttons);
  if (shown->n_moves > 0 && (n_buttons == 0 || g_rand_boolean (play->rand)))
    {
      SynMove move = shown->moves[g_rand_int_range (play->rand, 0, shown->n_moves)];
      guint turns = syn_game_get_n_turns (game);
      g_signal_emit_by_name (syn_window_get_board (window), "move-chosen", (guint) move);
      app_test_settle (10);
      /* Chosen, or already played with the other side's reveal. */
      if (syn_peer_has_chosen (peer) || syn_game_get_n_turns (game) != turns)
        {
          play->own_steps++;
          return FALSE;
        }
      n_buttons = visible_choice_buttons (play->fixture, buttons);
    }
  if (n_buttons > 0)
    {
      click (buttons[g_rand_int_range (play->rand, 0, (gint32) n_buttons)]);
      play->own_steps++;
      play->decisions++;
    }
  return FALSE;
}

static gboolean
game_over (gpointer data)
{
  return syn_game_is_over (data);
}

static gboolean
is_toast (GtkWidget *widget, gconstpointer data)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget");
}

/* A shown toast's close button, or NULL. */
static GtkWidget *
find_toast_dismiss (GtkWidget *window)
{
  GtkWidget *toast = app_test_find (window, is_toast, NULL);
  return toast ? app_test_find_type (toast, GTK_TYPE_BUTTON) : NULL;
}

/* The audit's toast shows once the one before it goes: under Xvfb the window is never
 * active, which holds a toast's time, so the test dismisses it as a person may. */
static gboolean
audit_told (gpointer data)
{
  GtkWidget *window = GTK_WIDGET (((Fixture *) data)->window);
  GString *all = g_string_new (NULL);
  g_autofree char *text = NULL;
  GtkWidget *dismiss;

  app_test_collect_text (window, all);
  text = g_string_free (all, FALSE);
  if (strstr (text, "both sides kept the rules") != NULL)
    return TRUE;
  if ((dismiss = find_toast_dismiss (window)))
    {
      app_test_settle (400); /* past its slide-in */
      click (dismiss);
    }
  return FALSE;
}

static gboolean
audits_done (gpointer data)
{
  ButtonPlay *play = data;
  return play->audits > 0;
}

/* A rule set's network game from the window against the CLI: the app's side picks its
 * moves on the board and its decisions and passes with the choice bar, as in a game at one
 * computer. Transactional's lock questions go to the CLI's program, and the audit at the
 * end finds both sides honest (TX-R15 to R17). */
static void
test_network_choice_bar (Fixture *fixture, gconstpointer data)
{
  const SynVariant *variant = syn_variant_lookup (data);
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  ButtonPlay play = { fixture, rand };
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) cli = NULL;
  g_autofree char *port_text = NULL;
  GtkWindow *dialog;
  SynGame *game;
  guint16 port = app_test_free_port ();
  guint index = 0;

  for (const SynVariant *const *v = syn_variant_all (); *v != variant; v++)
    index++;
  activate (fixture, "win.host-game");
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (fixture->window), GTK_TYPE_WINDOW);
  g_assert_true (SYN_IS_HOST_DIALOG (dialog));
  adw_combo_row_set_selected (
      ADW_COMBO_ROW (app_test_find (GTK_WIDGET (dialog), is_rules_row, NULL)), index);
  gtk_spin_button_set_value (
      GTK_SPIN_BUTTON (app_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_SPIN_BUTTON)), port);
  g_assert_true (syn_host_dialog_start (SYN_HOST_DIALOG (dialog), &error));
  g_assert_no_error (error);
  port_text = g_strdup_printf ("%u", (guint) port);
  cli = spawn_cli (&error, "join", "127.0.0.1", port_text, "--bot", "random", NULL);
  g_assert_no_error (error);

  g_assert_true (app_test_iterate_until (network_game_running, fixture, 20000));
  game = syn_window_get_game (fixture->window);
  g_assert_true (syn_game_get_variant (game) == variant);
  g_signal_connect (game, "choice-refused", G_CALLBACK (on_refused_count_cb), &play);
  g_signal_connect (syn_window_get_peer (fixture->window), "audit-completed",
                    G_CALLBACK (on_audit_count_cb), &play);
  g_assert_true (app_test_iterate_until (button_play_done, &play, 120000));
  if (variant == &syn_variant_transactional)
    maybe_save_png (fixture, "network-transactional.png");
  if (!syn_game_is_over (game))
    {
      g_assert_true (syn_peer_resign (syn_window_get_peer (fixture->window), &error));
      g_assert_no_error (error);
      /* Between two reveals the resignation waits for the step to end. */
      g_assert_true (app_test_iterate_until (game_over, game, 20000));
    }
  g_test_message ("%s: %u own steps, %u by a choice-bar button, %u refused; %s (%s) after %u "
                  "turns",
                  variant->id, play.own_steps, play.decisions, play.refusals,
                  syn_result_to_text (syn_game_get_result (game)), syn_game_get_reason (game),
                  syn_game_get_n_turns (game));
  g_assert_cmpuint (play.own_steps, >, 0);
  if (variant == &syn_variant_transactional)
    {
      g_assert_cmpuint (play.decisions, >, 0);
      g_assert_true (app_test_iterate_until (audits_done, &play, 20000));
      g_assert_cmpuint (play.clean_audits, ==, 1);
      /* Its toast waits for the one on screen to finish. */
      g_assert_true (app_test_iterate_until (audit_told, fixture, 10000));
      {
        GString *all = g_string_new (NULL);
        g_autofree char *text = NULL;
        app_test_collect_text (GTK_WIDGET (fixture->window), all);
        text = g_string_free (all, FALSE);
        /* The other program's transaction numbers are its secret (TX-R15). */
        g_assert_null (strstr (text, "T0 "));
      }
    }
  g_signal_handlers_disconnect_by_data (game, &play);
  g_signal_handlers_disconnect_by_data (syn_window_get_peer (fixture->window), &play);

  cli_saw_the_result (fixture, cli, game);
}

int
main (int argc, char **argv)
{
  /* Loopback needs no proxy, and GNOME's resolver wants system schemas the isolated
   * folders hide. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  app_test_init (&argc, &argv);
  /* A failed check marks its test and lets the others run: each checks the app apart. */
  g_test_set_nonfatal_assertions ();

  g_test_add ("/app/game/against-the-computer-to-the-end", Fixture, NULL, fixture_set_up,
              test_against_the_computer_to_the_end, fixture_tear_down);
  g_test_add ("/app/game/two-people-hand-over", Fixture, NULL, fixture_set_up,
              test_two_people_hand_over, fixture_tear_down);
  g_test_add ("/app/game/bad-record-changes-nothing", Fixture, NULL, fixture_set_up,
              test_bad_record_changes_nothing, fixture_tear_down);
  g_test_add ("/app/network/app-hosts-cli-joins", Fixture, NULL, fixture_set_up,
              test_network_app_hosts_cli_joins, fixture_tear_down);
  g_test_add ("/app/network/app-joins-cli-hosts", Fixture, NULL, fixture_set_up,
              test_network_app_joins_cli_hosts, fixture_tear_down);
  g_test_add ("/app/network/join-refused-says-so", Fixture, NULL, fixture_set_up,
              test_network_join_refused, fixture_tear_down);
  g_test_add ("/app/dialogs/open-without-warnings", Fixture, NULL, fixture_set_up,
              test_dialogs_open_without_warnings, fixture_tear_down);
  g_test_add ("/app/rule-set/transactional/two-people", Fixture, NULL, fixture_set_up,
              test_transactional_two_people, fixture_tear_down);
  g_test_add ("/app/rule-set/hk/pass-button", Fixture, NULL, fixture_set_up, test_hk_pass_button,
              fixture_tear_down);
  for (const SynVariant *const *v = syn_variant_all (); *v; v++)
    if (!(*v)->has_deep_search)
      {
        g_autofree char *path = g_strdup_printf ("/app/rule-set/%s/against-the-computer", (*v)->id);
        g_autofree char *network
            = g_strdup_printf ("/app/rule-set/%s/network-choice-bar", (*v)->id);
        g_test_add (path, Fixture, (*v)->id, fixture_set_up, test_rule_set_against_the_computer,
                    fixture_tear_down);
        g_test_add (network, Fixture, (*v)->id, fixture_set_up, test_network_choice_bar,
                    fixture_tear_down);
      }
  return g_test_run ();
}
