/* test-app-reconnect.c: a network game outlives the app that played it. The app joins (or
 * hosts) a game with synchess-cli's network player, is killed with SIGKILL in the middle of
 * it, starts again with the same folders, is offered to reconnect (never to play the game at
 * this computer), reconnects, and finishes the same game; both programs' records agree. And
 * the offer with nobody there, with the port taken, and from the keyboard.
 *
 * The first run of a killed app is a child process of the test (the real application, in a
 * process of its own, so that it can really be killed); the second runs in the test process.
 * Each test runs in a process of its own (-p), as GTK must not start before the fork.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app-test-util.h"
#include "syn-application.h"
#include "syn-host-dialog.h"
#include "syn-join-dialog.h"
#include "syn-net-game.h"
#include "syn-record.h"
#include "syn-window.h"

/* The app is killed once this many turns are played, while the next one is under way. */
#define KILL_AFTER_TURNS 5
#define SEED 20261126

/* The application */

static gboolean
window_shown (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
network_game_running (gpointer data)
{
  SynWindow *window = data;
  SynPeer *peer = syn_window_get_peer (window);
  return peer && syn_peer_get_game (peer) == syn_window_get_game (window);
}

typedef struct
{
  SynWindow *window;
  GRand *rand;
  guint stop_at; /* turns; G_MAXUINT: to the end */
} Play;

/* Chooses a random legal move through the window's action whenever this side may; done when
 * the game is over, or when stop_at turns are played and the next has begun. */
static gboolean
played (gpointer data)
{
  Play *play = data;
  SynGame *game = syn_window_get_game (play->window);
  SynPeer *peer = syn_window_get_peer (play->window);
  SynBoardFacts facts;

  if (syn_game_is_over (game) || syn_game_get_n_turns (game) >= play->stop_at)
    return TRUE;
  if (!peer || !syn_peer_is_connected (peer) || syn_peer_has_chosen (peer))
    return FALSE;
  syn_game_get_facts (game, syn_game_get_n_turns (game), syn_peer_get_colour (peer), &facts);
  if (facts.n_moves > 0)
    {
      char text[SYN_MOVE_TEXT_SIZE];
      syn_move_to_text (facts.moves[g_rand_int_range (play->rand, 0, facts.n_moves)], text);
      gtk_widget_activate_action (GTK_WIDGET (play->window), "win.play-move", "s", text);
    }
  return FALSE;
}

/* The other program */

/* synchess-cli's network player, with folders of its own (identity, autosaves) that a
 * second run of it shares. */
typedef struct
{
  char *home;
  GPid pid;
  int out; /* its standard output: the result line */
  int status;
  gboolean running;
} Cli;

/* Runs synchess-cli with args (random moves, a fixed seed). */
static void
cli_start (Cli *cli, const char *const *args)
{
  g_autoptr (GStrvBuilder) argv = g_strv_builder_new ();
  g_auto (GStrv) argv_array = NULL;
  g_autoptr (GError) error = NULL;

  if (!cli->home)
    cli->home = g_dir_make_tmp ("synchess-cli-XXXXXX", &error);
  g_assert_no_error (error);
  g_strv_builder_add (argv, g_getenv ("SYNCHESS_CLI"));
  g_strv_builder_addv (argv, (const char **) args);
  g_strv_builder_add_many (argv, "--bot", "random", "--seed", "7", NULL);
  argv_array = g_strv_builder_end (argv);
  app_test_spawn_cli (cli->home, (const char *const *) argv_array, &cli->pid, &cli->out);
  cli->running = TRUE;
}

static gboolean
cli_exited (gpointer data)
{
  Cli *cli = data;

  if (cli->running && waitpid (cli->pid, &cli->status, WNOHANG) == cli->pid)
    cli->running = FALSE;
  return !cli->running;
}

/* Waits for the program to end, the main loop running meanwhile; its output, or NULL. */
static char *
cli_wait (Cli *cli, guint timeout_ms)
{
  GString *out = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  if (!app_test_iterate_until (cli_exited, cli, timeout_ms))
    return g_string_free (out, TRUE);
  while ((n = read (cli->out, buffer, sizeof buffer)) > 0)
    g_string_append_len (out, buffer, n);
  close (cli->out);
  cli->out = -1;
  return g_string_free (out, FALSE);
}

static void
cli_clear (Cli *cli)
{
  if (cli->running)
    {
      kill (cli->pid, SIGKILL);
      waitpid (cli->pid, NULL, 0);
    }
  if (cli->out >= 0)
    close (cli->out);
  app_test_remove_tree (cli->home);
  g_free (cli->home);
}

static char *
cli_games_dir (Cli *cli)
{
  return g_build_filename (cli->home, "data", "synchess", "games", NULL);
}

/* The records */

/* The names of the records in dir (the set-aside folder not counted). */
static GPtrArray *
list_records (const char *dir)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle && (name = g_dir_read_name (handle)))
    if (g_str_has_suffix (name, ".synchess"))
      g_ptr_array_add (names, g_strdup (name));
  return names;
}

static SynGame *
load_record (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  SynGame *game = syn_record_load (file, &error);

  g_assert_no_error (error);
  return game;
}

/* The single record in dir; its name. */
static char *
only_record (const char *dir)
{
  g_autoptr (GPtrArray) records = list_records (dir);

  g_assert_cmpuint (records->len, ==, 1);
  return records->len == 1 ? g_strdup (g_ptr_array_index (records, 0)) : NULL;
}

/* The first run */

/* In a child process: the app plays KILL_AFTER_TURNS turns of the network game begun by
 * start, and writes "k" to ready once the next turn is under way; then it goes on running
 * until it is killed. Any trouble ends it at once, and the test sees no "k". */
G_NORETURN static void
run_first_app (gboolean (*start) (SynWindow *window, guint16 port, int ready), guint16 port,
               int ready)
{
  SynApplication *app = NULL;
  SynWindow *window;
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  Play play;

  adw_init ();
  window = app_test_start (&app, 0, 0);
  if (!window || !start (window, port, ready))
    _exit (2);
  if (!app_test_iterate_until (network_game_running, window, 30000))
    _exit (3);
  play = (Play){ window, rand, KILL_AFTER_TURNS };
  if (!app_test_iterate_until (played, &play, 60000)
      || syn_game_get_n_turns (syn_window_get_game (window)) != KILL_AFTER_TURNS
      || syn_game_is_over (syn_window_get_game (window)))
    _exit (4);
  if (write (ready, "k", 1) != 1)
    _exit (5);
  for (;;)
    g_main_context_iteration (NULL, TRUE);
}

/* Waits for byte on fd; FALSE when the other end closed or nothing came in time. */
static gboolean
read_byte (int fd, char byte)
{
  struct pollfd wait = { fd, POLLIN, 0 };
  char got = 0;

  return poll (&wait, 1, 120000) == 1 && read (fd, &got, 1) == 1 && got == byte;
}

/* Runs the app in a child process as run_first_app() says, calls started (if any) when it
 * writes "s", and kills it with SIGKILL in the middle of the game. Returns the name of the
 * record it left, after KILL_AFTER_TURNS turns. */
static char *
run_first_app_and_kill (gboolean (*start) (SynWindow *window, guint16 port, int ready),
                        guint16 port, void (*started) (gpointer data), gpointer data)
{
  g_autoptr (GFile) autosave_dir = syn_record_autosave_dir ();
  g_autofree char *app_dir = g_file_get_path (autosave_dir);
  g_autoptr (SynGame) saved = NULL;
  char *name;
  int ready[2];
  gboolean killed_at_the_point;
  pid_t child;
  int status;

  g_assert_cmpint (pipe (ready), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      app_test_die_with_parent (NULL);
      close (ready[0]);
      run_first_app (start, port, ready[1]);
    }
  close (ready[1]);
  if (started)
    {
      g_assert_true (read_byte (ready[0], 's'));
      started (data);
    }
  killed_at_the_point = read_byte (ready[0], 'k');
  close (ready[0]);
  g_assert_cmpint (kill (child, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (killed_at_the_point);
  g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);

  name = only_record (app_dir);
  saved = load_record (app_dir, name);
  g_assert_cmpuint (syn_game_get_n_turns (saved), ==, KILL_AFTER_TURNS);
  return name;
}

/* The second run */

/* Starts the app again and finds its offer: to reconnect, in the words of expected, and
 * nothing else; screenshot names the picture of it taken when SYNCHESS_TEST_SHOTS
 * names a folder. */
static AdwMessageDialog *
find_reconnect_offer (SynApplication **app, SynWindow **window, const char *expected,
                      const char *id, const char *screenshot)
{
  GtkWindow *offer;
  GString *all = g_string_new (NULL);
  g_autofree char *text = NULL;

  *window = app_test_start (app, 0, 0);
  g_assert_nonnull (*window);
  app_test_settle (300);
  offer = app_test_newest_toplevel (GTK_WINDOW (*window), ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (offer);
  g_assert_true (app_test_iterate_until (window_shown, offer, 10000));
  app_test_settle (300);
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (offer), "reconnect"));
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (offer), "resume"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (offer)), ==,
                   "reconnect");
  app_test_collect_text (GTK_WIDGET (offer), all);
  text = g_string_free (all, FALSE);
  g_assert_nonnull (strstr (text, expected));
  g_assert_nonnull (strstr (text, "interrupted after turn 5"));
  /* The dialog finds its width over a few frames. */
  app_test_shoot_widget (GTK_WIDGET (offer), screenshot, 1000);
  /* Nothing is played at this computer meanwhile. */
  g_assert_cmpstr (syn_game_get_id (syn_window_get_game (*window)), !=, id);
  return ADW_MESSAGE_DIALOG (offer);
}

/* The game on the window is the one saved as id, where it stopped. */
static SynGame *
assert_resumed (SynWindow *window, const char *id)
{
  SynGame *game;

  g_assert_true (app_test_iterate_until (network_game_running, window, 30000));
  game = syn_window_get_game (window);
  g_assert_cmpstr (syn_game_get_id (game), ==, id);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, KILL_AFTER_TURNS);
  return game;
}

static void
play_to_the_end (SynWindow *window, SynGame *game)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED + 1);
  Play play = { window, rand, G_MAXUINT };

  g_assert_true (app_test_iterate_until (played, &play, 120000));
  g_assert_true (syn_game_is_over (game));
  g_test_message ("the game ended %s (%s) after %u turns",
                  syn_result_to_text (syn_game_get_result (game)), syn_game_get_reason (game),
                  syn_game_get_n_turns (game));
}

/* The other program saw the same end of this one game, and both records, one game each, are
 * the same and complete. */
static void
assert_same_records (Cli *cli, SynGame *game, const char *name, const char *reconnect)
{
  g_autoptr (GFile) autosave_dir = syn_record_autosave_dir ();
  g_autofree char *app_dir = g_file_get_path (autosave_dir);
  g_autofree char *cli_dir = cli_games_dir (cli);
  g_autofree char *out = cli_wait (cli, 20000);
  g_autofree char *expected = NULL;
  g_autofree char *app_name = only_record (app_dir);
  g_autofree char *cli_name = only_record (cli_dir);
  g_autoptr (SynGame) mine = NULL;
  g_autoptr (SynGame) theirs = NULL;
  g_autofree char *mine_text = NULL;
  g_autofree char *theirs_text = NULL;

  expected = g_strdup_printf (
      "%s %s turns=%u fog=no id=%s\n", syn_result_to_text (syn_game_get_result (game)),
      syn_game_get_reason (game), syn_game_get_n_turns (game), syn_game_get_id (game));
  g_assert_cmpstr (out, ==, expected);
  g_assert_cmpstr (app_name, ==, name);
  g_assert_cmpstr (cli_name, ==, name);
  mine = load_record (app_dir, name);
  theirs = load_record (cli_dir, name);
  mine_text = syn_net_game_record_text (mine);
  theirs_text = syn_net_game_record_text (theirs);
  g_assert_true (syn_game_is_over (mine));
  g_assert_cmpuint (syn_game_get_n_turns (mine), ==, syn_game_get_n_turns (game));
  g_assert_cmpuint (syn_game_get_n_turns (theirs), ==, syn_game_get_n_turns (game));
  g_assert_cmpstr (mine_text, ==, theirs_text);
  g_assert_cmpstr (syn_game_get_tag (mine, SYN_NET_RECONNECT_TAG), ==, reconnect);
}

/* The app joins */

/* Join a Game, with the address typed in, then Accept. */
static gboolean
join (SynWindow *window, guint16 port, int ready)
{
  GtkWindow *dialog;
  GtkWidget *accept = NULL;
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.join-game", NULL);
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_JOIN_DIALOG);
  if (!dialog)
    return FALSE;
  syn_join_dialog_set_address (SYN_JOIN_DIALOG (dialog), "127.0.0.1", port);
  /* The host may still be starting: the dialog tries again, as a person would. */
  while (!accept && g_get_monotonic_time () < deadline)
    {
      syn_join_dialog_connect (SYN_JOIN_DIALOG (dialog));
      app_test_settle (300);
      accept = app_test_find (GTK_WIDGET (dialog), app_test_is_button_labelled, "_Accept");
    }
  if (!accept)
    return FALSE;
  g_signal_emit_by_name (accept, "clicked");
  return TRUE;
}

static void
test_guest_killed_reconnects (void)
{
  guint16 port = app_test_free_port ();
  g_autofree char *port_text = g_strdup_printf ("%u", (guint) port);
  const char *host_args[] = { "host", "--port", port_text, "--games", "1", NULL };
  Cli host = { 0 };
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;
  g_autofree char *where = g_strdup_printf ("joins 127.0.0.1, port %u, again", (guint) port);
  g_autofree char *how = g_strdup_printf ("join 127.0.0.1 %u", (guint) port);
  SynApplication *app = NULL;
  SynWindow *window = NULL;
  AdwMessageDialog *offer;
  SynGame *game;

  cli_start (&host, host_args);
  name = run_first_app_and_kill (join, port, NULL, NULL);
  id = g_strndup (name, strlen (name) - strlen (".synchess"));

  adw_init ();
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-join.png");
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "_Reconnect"), "clicked");
  game = assert_resumed (window, id);
  play_to_the_end (window, game);
  assert_same_records (&host, game, name, how);

  app_test_quit (app, window);
  cli_clear (&host);
}

/* The app hosts */

static gboolean
is_spin_button (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_SPIN_BUTTON (widget);
}

/* Host a Game on port, then "s" on ready: the guest may come. */
static gboolean
host (SynWindow *window, guint16 port, int ready)
{
  GtkWindow *dialog;
  GtkWidget *spin;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-game", NULL);
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_HOST_DIALOG);
  if (!dialog || !(spin = app_test_find (GTK_WIDGET (dialog), is_spin_button, NULL)))
    return FALSE;
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), port);
  return syn_host_dialog_start (SYN_HOST_DIALOG (dialog), NULL) && write (ready, "s", 1) == 1;
}

typedef struct
{
  Cli *cli;
  const char *const *args;
} CliStart;

static void
start_guest_cb (gpointer data)
{
  CliStart *start = data;
  cli_start (start->cli, start->args);
}

static void
test_host_killed_reconnects (void)
{
  guint16 port = app_test_free_port ();
  g_autofree char *port_text = g_strdup_printf ("%u", (guint) port);
  const char *guest_args[] = { "join", "127.0.0.1", port_text, NULL };
  Cli guest = { 0 };
  CliStart start = { &guest, guest_args };
  g_autofree char *name = NULL;
  g_autofree char *id = NULL;
  g_autofree char *where = g_strdup_printf ("hosts it again on port %u", (guint) port);
  g_autofree char *how = g_strdup_printf ("host %u", (guint) port);
  g_autofree char *out = NULL;
  SynApplication *app = NULL;
  SynWindow *window = NULL;
  AdwMessageDialog *offer;
  SynGame *game;

  name = run_first_app_and_kill (host, port, start_guest_cb, &start);
  id = g_strndup (name, strlen (name) - strlen (".synchess"));
  /* The guest gives up when its host is gone. */
  out = cli_wait (&guest, 20000);
  g_assert_nonnull (out);
  g_assert_cmpstr (out, ==, "");

  adw_init ();
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-host.png");
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "_Reconnect"), "clicked");
  /* The app listens on its port again (at once: the dialog waits for the guest); the guest
   * comes back, as it was. */
  app_test_settle (200);
  g_assert_nonnull (app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_HOST_DIALOG));
  cli_start (&guest, guest_args);
  game = assert_resumed (window, id);
  play_to_the_end (window, game);
  /* A guest stays until its host says goodbye. */
  syn_peer_disconnect (syn_window_get_peer (window));
  assert_same_records (&guest, game, name, how);

  app_test_quit (app, window);
  cli_clear (&guest);
}

/* Nobody there; set aside */

/* A network game this app joined, interrupted after five turns, as its autosave holds it. */
static char *
save_interrupted_game_as (const char *how)
{
  g_autofree char *text = g_strdup_printf (
      "[Event \"Synchess network game\"]\n[Site \"?\"]\n[Date \"2026.11.26\"]\n"
      "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[Variant \"psc\"]\n"
      "[TimeControl \"-\"]\n[Fog \"false\"]\n[WhiteType \"remote\"]\n[BlackType \"human\"]\n"
      "[" SYN_NET_PAIR_TAG " \"%s\"]\n[" SYN_NET_RECONNECT_TAG " \"%s\"]\n\n"
      "1. e2e4 e7e5\n2. g1f3 b8c6\n3. f1c4 g8f6\n4. d2d3 d7d6\n5. b1c3 f8e7\n*\n",
      "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", how);
  g_autoptr (GError) error = NULL;
  g_autoptr (SynGame) game = syn_record_read (text, &error);

  g_assert_no_error (error);
  g_assert_true (syn_record_autosave (game, &error));
  g_assert_no_error (error);
  return g_strdup (syn_game_get_id (game));
}

static char *
save_interrupted_game (guint16 port)
{
  g_autofree char *how = g_strdup_printf ("join 127.0.0.1 %u", (guint) port);
  return save_interrupted_game_as (how);
}

static gboolean
says_refused (gpointer data)
{
  GString *all = g_string_new (NULL);
  g_autofree char *text = NULL;

  app_test_collect_text (GTK_WIDGET (data), all);
  text = g_string_free (all, FALSE);
  return strstr (text, "Connection refused") != NULL;
}

static gboolean
is_entry_row (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_ENTRY_ROW (widget);
}

static void
test_nobody_there_set_aside (void)
{
  guint16 port = app_test_free_port ();
  g_autoptr (GFile) autosave_dir = syn_record_autosave_dir ();
  g_autofree char *app_dir = g_file_get_path (autosave_dir);
  g_autofree char *where = g_strdup_printf ("joins 127.0.0.1, port %u, again", (guint) port);
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;
  SynApplication *app = NULL;
  SynWindow *window = NULL;
  AdwMessageDialog *offer;
  GtkWindow *dialog;
  GtkWidget *connect;

  adw_init ();
  id = save_interrupted_game (port);
  name = g_strconcat (id, ".synchess", NULL);
  path = g_build_filename (app_dir, name, NULL);

  /* Later keeps the game where it was; opened as a record, it is offered again, and is not
   * played at this computer. */
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-later.png");
  g_signal_emit_by_name (app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "_Later"),
                         "clicked");
  app_test_settle (200);
  kept = only_record (app_dir);
  g_assert_cmpstr (kept, ==, name);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-file", "s", path);
  app_test_settle (300);
  g_assert_cmpstr (syn_game_get_id (syn_window_get_game (window)), !=, id);
  offer = ADW_MESSAGE_DIALOG (
      app_test_newest_toplevel (GTK_WINDOW (window), ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (offer);
  g_assert_true (adw_message_dialog_has_response (offer, "reconnect"));
  g_signal_emit_by_name (app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "_Later"),
                         "clicked");
  app_test_settle (200);
  app_test_quit (app, window);

  /* The next start offers it again; nobody is there: the dialog says so, and can try again. */
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-again.png");
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "_Reconnect"), "clicked");
  app_test_settle (200);
  dialog = app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_JOIN_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (app_test_iterate_until (says_refused, dialog, 10000));
  {
    GString *all = g_string_new (NULL);
    g_autofree char *text = NULL;
    GtkWidget *address = app_test_find (GTK_WIDGET (dialog), is_entry_row, NULL);
    app_test_collect_text (GTK_WIDGET (dialog), all);
    text = g_string_free (all, FALSE);
    g_assert_nonnull (strstr (text, "nobody is hosting a game at that address and port"));
    g_assert_nonnull (address);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (address)), ==, "127.0.0.1");
  }
  /* The address row's title moves aside for the text in an animation. */
  app_test_shoot_widget (GTK_WIDGET (dialog), "reconnect-refused.png", 1000);
  connect = app_test_find (GTK_WIDGET (dialog), app_test_is_button_labelled, "C_onnect");
  g_assert_nonnull (connect);
  g_assert_true (gtk_widget_is_sensitive (connect));
  g_signal_emit_by_name (connect, "clicked");
  app_test_settle (500);
  g_assert_true (app_test_iterate_until (says_refused, dialog, 10000));
  g_assert_true (gtk_widget_is_sensitive (connect));
  gtk_window_close (dialog);
  app_test_settle (200);
  g_assert_null (syn_window_get_peer (window));
  g_assert_cmpstr (syn_game_get_id (syn_window_get_game (window)), !=, id);
  g_free (kept);
  kept = only_record (app_dir);
  g_assert_cmpstr (kept, ==, name);
  app_test_quit (app, window);

  /* Set Aside, asked for, keeps it in the set-aside folder, no longer offered. */
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-set-aside.png");
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "Set _Aside"), "clicked");
  app_test_settle (200);
  {
    g_autofree char *aside_dir = g_build_filename (app_dir, "set-aside", NULL);
    g_autoptr (GPtrArray) records = list_records (app_dir);
    g_autofree char *aside = only_record (aside_dir);
    g_assert_cmpuint (records->len, ==, 0);
    g_assert_cmpstr (aside, ==, name);
  }
  app_test_quit (app, window);
  window = app_test_start (&app, 0, 0);
  g_assert_nonnull (window);
  app_test_settle (300);
  g_assert_null (app_test_newest_toplevel (GTK_WINDOW (window), ADW_TYPE_MESSAGE_DIALOG));
  app_test_quit (app, window);
}

/* The port taken */

static gboolean
is_label_with (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && strstr (gtk_label_get_text (GTK_LABEL (widget)), data);
}

/* A label holding text (data) is shown in some window. */
static gboolean
label_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      if (app_test_find (toplevel, is_label_with, data))
        return TRUE;
    }
  return FALSE;
}

static void
test_port_taken (void)
{
  g_autoptr (GSocketListener) squatter = g_socket_listener_new ();
  g_autoptr (GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (squatter, NULL, &error);
  g_autofree char *how = g_strdup_printf ("host %u", (guint) port);
  g_autofree char *where = g_strdup_printf ("hosts it again on port %u", (guint) port);
  g_autofree char *waiting = g_strdup_printf ("Others join this computer on port %u", (guint) port);
  g_autofree char *id = NULL;
  SynApplication *app = NULL;
  SynWindow *window = NULL;
  AdwMessageDialog *offer;
  GtkWindow *dialog;
  AdwMessageDialog *alert;

  g_assert_no_error (error);
  adw_init ();
  id = save_interrupted_game_as (how);

  /* Another program holds the port: hosting again says so, and can try again. */
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-port.png");
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (offer), app_test_is_button_labelled, "_Reconnect"), "clicked");
  app_test_settle (300);
  dialog = app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_HOST_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (app_test_iterate_until (label_shown, (gpointer) "Cannot Host a Game", 5000));
  alert = ADW_MESSAGE_DIALOG (app_test_newest_toplevel (dialog, ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (alert);
  g_assert_true (adw_message_dialog_has_response (alert, "close"));
  adw_message_dialog_response (alert, "close");
  app_test_settle (200);
  g_socket_listener_close (squatter);
  g_signal_emit_by_name (app_test_find (GTK_WIDGET (dialog), app_test_is_button_labelled, "_Host"),
                         "clicked");
  g_assert_true (app_test_iterate_until (label_shown, waiting, 5000));
  g_assert_nonnull (syn_window_get_peer (window));
  g_assert_cmpuint (syn_peer_get_port (syn_window_get_peer (window)), ==, port);
  gtk_window_close (dialog);
  app_test_settle (200);
  app_test_quit (app, window);
}

/* The keyboard */

/* Presses key as a person would: through the X server, to the window that has the focus. */
static void
press (const char *key)
{
  const char *argv[] = { "xdotool", "key", key, NULL };
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static gboolean
is_hidden (gpointer data)
{
  return !gtk_widget_get_visible (GTK_WIDGET (data));
}

typedef struct
{
  GtkWindow *window;
  GType type;
} Toplevel;

static gboolean
toplevel_shown (gpointer data)
{
  Toplevel *toplevel = data;
  GtkWindow *found = app_test_newest_toplevel (toplevel->window, toplevel->type);
  return found && gtk_widget_get_mapped (GTK_WIDGET (found));
}

static void
test_keyboard (void)
{
  guint16 port = app_test_free_port ();
  g_autoptr (GFile) autosave_dir = syn_record_autosave_dir ();
  g_autofree char *app_dir = g_file_get_path (autosave_dir);
  g_autofree char *where = g_strdup_printf ("joins 127.0.0.1, port %u, again", (guint) port);
  g_autofree char *id = NULL;
  g_autofree char *kept = NULL;
  SynApplication *app = NULL;
  SynWindow *window = NULL;
  AdwMessageDialog *offer;
  Toplevel join_dialog;

  if (!g_find_program_in_path ("xdotool"))
    {
      g_test_skip ("xdotool is needed to press keys");
      return;
    }
  adw_init ();
  id = save_interrupted_game (port);

  /* Escape: later; the game stays. */
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-keyboard.png");
  g_assert_true (app_test_iterate_until (app_test_is_active, offer, 5000));
  /* The dialog destroys itself once answered. */
  g_object_ref (offer);
  press ("Escape");
  g_assert_true (app_test_iterate_until (is_hidden, offer, 5000));
  g_object_unref (offer);
  kept = only_record (app_dir);
  g_assert_nonnull (kept);
  g_assert_null (syn_window_get_peer (window));
  app_test_quit (app, window);

  /* Enter: reconnect; Escape closes Join a Game. */
  offer = find_reconnect_offer (&app, &window, where, id, "reconnect-offer-keyboard.png");
  g_assert_true (app_test_iterate_until (app_test_is_active, offer, 5000));
  press ("Return");
  join_dialog = (Toplevel){ GTK_WINDOW (window), SYN_TYPE_JOIN_DIALOG };
  g_assert_true (app_test_iterate_until (toplevel_shown, &join_dialog, 5000));
  g_assert_true (app_test_iterate_until (
      says_refused, app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_JOIN_DIALOG), 10000));
  g_assert_true (app_test_iterate_until (
      app_test_is_active, app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_JOIN_DIALOG),
      5000));
  press ("Escape");
  app_test_settle (300);
  g_assert_null (app_test_newest_toplevel (GTK_WINDOW (window), SYN_TYPE_JOIN_DIALOG));
  g_assert_null (syn_window_get_peer (window));
  app_test_quit (app, window);
}

/* The other side gone for good */

typedef struct
{
  SynWindow *window;
  const char *label;
} Wanted;

static gboolean
button_shown (gpointer data)
{
  const Wanted *wanted = data;
  return app_test_find (GTK_WIDGET (wanted->window), app_test_is_button_labelled, wanted->label)
         != NULL;
}

static gboolean
button_gone (gpointer data)
{
  return !button_shown (data);
}

/* The host dies mid-game and never comes back: once the abandonment time has passed, the
 * window offers the game, and claiming it ends it for this side, saved with its reason. */
static void
test_host_gone_claim_abandoned (void)
{
  guint16 port = app_test_free_port ();
  g_autofree char *port_text = g_strdup_printf ("%u", (guint) port);
  const char *host_args[] = { "host", "--port", port_text, "--games", "1", NULL };
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  g_autoptr (GFile) autosave_dir = syn_record_autosave_dir ();
  g_autofree char *app_dir = g_file_get_path (autosave_dir);
  g_autofree char *name = NULL;
  g_autoptr (SynGame) saved = NULL;
  Cli host = { 0 };
  SynApplication *app = NULL;
  SynWindow *window;
  SynGame *game;
  SynPeer *peer;
  Play play;
  Wanted claim;

  /* The real time is a minute; a test cannot wait that long. */
  g_setenv ("SYNCHESS_TEST_ABANDON_MS", "1500", TRUE);
  cli_start (&host, host_args);
  adw_init ();
  window = app_test_start (&app, 0, 0);
  g_assert_nonnull (window);
  g_assert_true (join (window, port, -1));
  g_assert_true (app_test_iterate_until (network_game_running, window, 30000));
  play = (Play){ window, rand, 3 };
  g_assert_true (app_test_iterate_until (played, &play, 60000));
  game = syn_window_get_game (window);
  peer = syn_window_get_peer (window);
  g_assert_false (syn_game_is_over (game));

  kill (host.pid, SIGKILL);
  claim = (Wanted){ window, "_Claim the Game" };
  g_assert_true (app_test_iterate_until (button_shown, &claim, 30000));
  app_test_shoot_widget (GTK_WIDGET (window), "claim-abandoned-offer.png", 1000);
  g_signal_emit_by_name (
      app_test_find (GTK_WIDGET (window), app_test_is_button_labelled, claim.label), "clicked");
  app_test_settle (300);

  g_assert_true (syn_game_is_over (game));
  g_assert_cmpstr (syn_game_get_reason (game), ==, "abandoned");
  g_assert_cmpint (syn_game_get_result (game), ==,
                   syn_peer_get_colour (peer) == SYN_WHITE ? SYN_RESULT_WHITE_WINS
                                                           : SYN_RESULT_BLACK_WINS);
  name = only_record (app_dir);
  saved = load_record (app_dir, name);
  g_assert_true (syn_game_is_over (saved));
  g_assert_cmpstr (syn_game_get_reason (saved), ==, "abandoned");
  g_assert_true (app_test_iterate_until (button_gone, &claim, 5000));

  app_test_quit (app, window);
  cli_clear (&host);
}

int
main (int argc, char **argv)
{
  g_setenv ("GDK_BACKEND", "x11", FALSE);
  /* Loopback needs no proxy, and GNOME's resolver wants system schemas the isolated
   * folders hide. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  g_setenv ("LANGUAGE", "C", TRUE);
  /* No accessibility bus under Xvfb. */
  g_setenv ("GTK_A11Y", "test", FALSE);
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  gtk_disable_setlocale ();

  /* GTK starts in each run of the app, after the fork, never before it: a process runs one
   * of these (-p). */
  g_test_add_func ("/app/reconnect/guest-killed-mid-game-reconnects-same-game",
                   test_guest_killed_reconnects);
  g_test_add_func ("/app/reconnect/host-killed-mid-game-hosts-same-game-again",
                   test_host_killed_reconnects);
  g_test_add_func ("/app/reconnect/keyboard-escape-later-enter-reconnects", test_keyboard);
  g_test_add_func ("/app/reconnect/port-taken-says-so-and-hosts-again", test_port_taken);
  g_test_add_func ("/app/reconnect/nobody-there-says-so-keeps-the-game-until-set-aside",
                   test_nobody_there_set_aside);
  g_test_add_func ("/app/reconnect/host-gone-claim-abandoned", test_host_gone_claim_abandoned);
  return g_test_run ();
}
