/* test-app-discovery.c: the Join dialog's games on the network, in the real application
 * (under Xvfb): without an Avahi daemon it says so; with one (tests/netns/netns.sh: two
 * network namespaces, each with its own bus and avahi-daemon, the app in one and
 * synchess-cli host in the other) the game appears, Enter on its row joins it with the
 * certificate pinned, and no code has to be compared.
 *
 * Each test runs in a process of its own (tests/app/meson.build): the system bus's address
 * is read once per process, and the app joins the namespace before any thread starts.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtk/gtk.h>

#include "app-test-util.h"
#include "syn-host-dialog.h"
#include "syn-join-dialog.h"
#include "syn-network-games.h"

/* The namespaces: the app's (B) and the host's (A), or none. */
static char *ns_a, *ns_b, *bus_a, *bus_b;
static char *work_dir;

static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* Reads netns.sh's lines up to "ready" with plain read(): no thread may start before this
 * process enters namespace B. */
static gboolean
read_network (int fd)
{
  GString *text = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  char c;

  while (read (fd, &c, 1) == 1)
    {
      g_string_append_c (text, c);
      if (g_str_has_suffix (text->str, "ready\n"))
        break;
    }
  lines = g_strsplit (g_string_free (text, FALSE), "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "NS_A="))
        ns_a = g_strdup (lines[i] + 5);
      else if (g_str_has_prefix (lines[i], "NS_B="))
        ns_b = g_strdup (lines[i] + 5);
      else if (g_str_has_prefix (lines[i], "BUS_A="))
        bus_a = g_strdup (lines[i] + 6);
      else if (g_str_has_prefix (lines[i], "BUS_B="))
        bus_b = g_strdup (lines[i] + 6);
      else if (g_str_equal (lines[i], "ready"))
        return ns_a && ns_b && bus_a && bus_b;
    }
  return FALSE;
}

/* Makes the network and moves this process into namespace B, with B's bus as the system
 * bus; FALSE when that cannot be done here. Its stdin pipe stays open for the process's
 * life: netns.sh tears everything down when it closes. */
static gboolean
enter_network (void)
{
  g_autofree char *dir = g_build_filename (work_dir, "netns", NULL);
  g_autofree char *ip = g_find_program_in_path ("ip");
  g_autofree char *path = NULL;
  const char *argv[] = { g_getenv ("SYNCHESS_NETNS"), dir, NULL };
  int in_fd, out_fd, ns_fd;
  GPid pid;

  if (geteuid () != 0 || !ip || !argv[0] || g_mkdir_with_parents (dir, 0700) != 0)
    return FALSE;
  if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                 &pid, &in_fd, &out_fd, NULL, NULL)
      || !read_network (out_fd))
    return FALSE;
  path = g_strdup_printf ("/run/netns/%s", ns_b);
  ns_fd = open (path, O_RDONLY | O_CLOEXEC);
  if (ns_fd < 0 || setns (ns_fd, CLONE_NEWNET) != 0)
    return FALSE;
  close (ns_fd);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", bus_b, TRUE);
  return TRUE;
}

/* argv run in namespace A with its bus, in folders of its own under name. */
static GPid
spawn_in_a (const char *name, const char *const *argv)
{
  g_autofree char *home = g_build_filename (work_dir, name, NULL);
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  g_auto (GStrv) env = g_get_environ ();
  g_autoptr (GError) error = NULL;
  GPid pid;

  env = g_environ_setenv (env, "DBUS_SYSTEM_BUS_ADDRESS", bus_a, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  env = g_environ_setenv (env, "XDG_DATA_HOME", data, TRUE);
  g_assert_true (
      g_spawn_async (NULL, (char **) argv, env,
                     G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     die_with_parent, NULL, &pid, &error));
  g_assert_no_error (error);
  return pid;
}

static void
stop (GPid pid)
{
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
}

/* What synchess-cli browse prints in namespace A. */
static char *
browse_from_a (void)
{
  g_auto (GStrv) env = g_get_environ ();
  const char *argv[] = { "ip",     "netns",     "exec", ns_a, g_getenv ("SYNCHESS_CLI"),
                         "browse", "--seconds", "3",    NULL };
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status;

  env = g_environ_setenv (env, "DBUS_SYSTEM_BUS_ADDRESS", bus_a, TRUE);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* synchess-cli host in namespace A, published as name, in folders of its own. */
static GPid
host_start (const char *name)
{
  const char *argv[]
      = { "ip", "netns",  "exec", ns_a, g_getenv ("SYNCHESS_CLI"), "host", "--port", "0", "--name",
          name, "--seed", "7",    NULL };

  return spawn_in_a ("host", argv);
}

/* Activates action in window: the dialog of type that it opens. */
static GtkWindow *
open_dialog (SynWindow *window, const char *action, GType type)
{
  GtkWindow *found;

  gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  found = app_test_first_toplevel (type);
  g_assert_nonnull (found);
  return found;
}

static gboolean
is_list_row (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_is_drawable (widget);
}

static gboolean
row_shown (gpointer data)
{
  return app_test_find (data, is_list_row, NULL) != NULL;
}

static gboolean
is_sensitive_and_drawable (gpointer data)
{
  return gtk_widget_is_drawable (data) && gtk_widget_is_sensitive (data);
}

/* With SYN_TEST_SHOTS set to a folder, the screen is kept there as name.png, to be looked at. */
static void
shoot (const char *name)
{
  const char *dir = g_getenv ("SYN_TEST_SHOTS");
  g_autofree char *command = NULL;

  if (!dir)
    return;
  app_test_settle (1500);
  command = g_strdup_printf ("import -window root '%s/%s.png'", dir, name);
  g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
}

/* No daemon (no system bus even): the list says why it is empty, and the address can
 * still be typed. */
static void
test_no_daemon (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  SynJoinDialog *dialog;
  GtkWidget *games;

  g_assert_nonnull (window);
  dialog = SYN_JOIN_DIALOG (open_dialog (window, "win.join-game", SYN_TYPE_JOIN_DIALOG));
  games = app_test_find_type (GTK_WIDGET (dialog), SYN_TYPE_NETWORK_GAMES);
  g_assert_nonnull (games);
  app_test_wait_for_text (games, "Games on your network cannot be found: the Avahi service is not "
                                 "running");
  g_assert_nonnull (app_test_find (GTK_WIDGET (dialog), app_test_has_label, "C_onnect"));
  g_assert_true (gtk_widget_is_sensitive (
      app_test_find (GTK_WIDGET (dialog), app_test_has_label, "C_onnect")));
  shoot ("join-no-daemon");
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_quit (app, window);
}

static gboolean
skip_without_network (void)
{
  if (ns_b)
    return FALSE;
  g_test_skip (geteuid () != 0 ? "network namespaces need root"
                               : "network namespaces cannot be made here");
  return TRUE;
}

/* A game hosted in the other namespace appears in the list; Enter on its row joins it, and
 * since the host presented the certificate it published, no code is asked for. */
static void
test_join_found_game (void)
{
  SynApplication *app = NULL;
  SynWindow *window;
  SynJoinDialog *dialog;
  GtkWidget *games, *row, *accept;
  GPid host;

  if (skip_without_network ())
    return;
  host = host_start ("Ann Found");
  window = app_test_start (&app, 1280, 800);
  g_assert_nonnull (window);
  dialog = SYN_JOIN_DIALOG (open_dialog (window, "win.join-game", SYN_TYPE_JOIN_DIALOG));
  games = app_test_find_type (GTK_WIDGET (dialog), SYN_TYPE_NETWORK_GAMES);
  g_assert_true (app_test_iterate_until (row_shown, games, 15000));
  app_test_wait_for_text (games, "Ann Found");
  app_test_wait_for_text (games, "Parrow Synchronous Chess");
  shoot ("join-found-game");

  row = app_test_find (games, is_list_row, NULL);
  if (app_test_has_real_input (row))
    {
      gtk_widget_grab_focus (row);
      app_test_press ("Return");
    }
  else
    gtk_widget_activate (row);
  accept = app_test_find (GTK_WIDGET (dialog), app_test_has_label, "_Accept");
  g_assert_true (app_test_iterate_until (is_sensitive_and_drawable, accept, 20000));
  /* Verified: the code to compare never shows. */
  g_assert_false (gtk_widget_is_drawable (
      app_test_find (GTK_WIDGET (dialog), app_test_has_label, "Yes, They _Match")));
  app_test_wait_for_text (GTK_WIDGET (dialog),
                          "Connected to Ann Found, the host that published this game");
  shoot ("join-found-game-verified");
  g_signal_emit_by_name (accept, "clicked");
  g_assert_true (app_test_iterate_until (app_test_network_game_begun, window, 20000));

  stop (host);
  app_test_quit (app, window);
}

/* A game published with a certificate that is not its host's: joining it from the list is
 * refused, and the dialog says why. */
static void
test_wrong_host_refused (void)
{
  const char *host_argv[] = { "ip",   "netns",  "exec",  ns_a,           g_getenv ("SYNCHESS_CLI"),
                              "host", "--port", "46291", "--no-publish", NULL };
  const char *fake_argv[]
      = { "ip",
          "netns",
          "exec",
          ns_a,
          "avahi-publish-service",
          "Mallory",
          "_synchess._tcp",
          "46291",
          "v=2",
          "name=Mallory",
          "rules=psc",
          "fog=no",
          "cert=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
          NULL };
  SynApplication *app = NULL;
  SynWindow *window;
  SynJoinDialog *dialog;
  GtkWidget *games;
  GPid host, fake;

  if (skip_without_network ())
    return;
  host = spawn_in_a ("real-host", host_argv);
  fake = spawn_in_a ("fake", fake_argv);
  window = app_test_start (&app, 1280, 800);
  g_assert_nonnull (window);
  dialog = SYN_JOIN_DIALOG (open_dialog (window, "win.join-game", SYN_TYPE_JOIN_DIALOG));
  games = app_test_find_type (GTK_WIDGET (dialog), SYN_TYPE_NETWORK_GAMES);
  app_test_wait_for_text (games, "Mallory");
  gtk_widget_activate (app_test_find (games, is_list_row, NULL));
  app_test_wait_for_text (GTK_WIDGET (dialog),
                          "The host of “Mallory” is not the one that published it: "
                          "someone may be in between");
  g_assert_false (gtk_widget_is_drawable (
      app_test_find (GTK_WIDGET (dialog), app_test_has_label, "Yes, They _Match")));
  shoot ("join-wrong-host");
  stop (fake);
  stop (host);
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_quit (app, window);
}

/* The app as player name, its Host dialog started. */
static SynHostDialog *
start_hosting (SynApplication **app, SynWindow **window, GSettings *settings, const char *name)
{
  g_autoptr (GError) error = NULL;
  SynHostDialog *dialog;

  g_settings_set_string (settings, "player-name", name);
  *window = app_test_start (app, 1280, 800);
  g_assert_nonnull (*window);
  dialog = SYN_HOST_DIALOG (open_dialog (*window, "win.host-game", SYN_TYPE_HOST_DIALOG));
  g_assert_true (syn_host_dialog_start (dialog, &error));
  g_assert_no_error (error);
  return dialog;
}

/* The Host dialog publishes while it waits, under the player's name, and says so; the
 * other side of the network finds it, and no longer once the dialog is closed. */
static void
test_host_publishes_while_waiting (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  SynApplication *app = NULL;
  SynWindow *window;
  SynHostDialog *dialog;
  g_autofree char *found = NULL;
  g_autofree char *after = NULL;

  if (skip_without_network ())
    return;
  dialog = start_hosting (&app, &window, settings, "Host Ann");
  app_test_wait_for_text (GTK_WIDGET (dialog),
                          "Players on your network see this game as “Host Ann”.");
  shoot ("host-published");
  found = browse_from_a ();
  g_test_message ("browse: %s", found);
  g_assert_nonnull (strstr (found, " port=46290 rules=psc fog=no cert="));
  g_assert_nonnull (strstr (found, " service=Host Ann\n"));

  /* A withdrawn service lingers a second in the other daemon's cache (its goodbye's TTL). */
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_settle (2500);
  after = browse_from_a ();
  g_assert_null (strstr (after, "service=Host Ann"));
  app_test_quit (app, window);
  g_settings_reset (settings, "player-name");
}

/* synchess-cli in namespace A joins the app's game by its published name: the game starts,
 * and the game is no longer listed. */
static void
test_host_withdraws_when_game_starts (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  const char *join_argv[]
      = { "ip",       "netns",        "exec", ns_a, g_getenv ("SYNCHESS_CLI"), "join", "--service",
          "Host Bea", "--move-delay", "500",  NULL };
  SynApplication *app = NULL;
  SynWindow *window;
  SynHostDialog *dialog;
  g_autofree char *after = NULL;
  GPid join;

  if (skip_without_network ())
    return;
  dialog = start_hosting (&app, &window, settings, "Host Bea");
  app_test_wait_for_text (GTK_WIDGET (dialog),
                          "Players on your network see this game as “Host Bea”");
  join = spawn_in_a ("guest", join_argv);
  g_assert_true (app_test_iterate_until (app_test_network_game_begun, window, 20000));
  app_test_settle (2500);
  after = browse_from_a ();
  g_assert_null (strstr (after, "service=Host Bea"));
  stop (join);
  app_test_quit (app, window);
  g_settings_reset (settings, "player-name");
}

int
main (int argc, char **argv)
{
  int status;

  work_dir = g_dir_make_tmp ("synchess-app-discovery-XXXXXX", NULL);
  g_assert_nonnull (work_dir);
  /* Only a test that needs it makes the network, before GTK starts any thread. */
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "/app/discovery/") && !strstr (argv[i], "no-daemon")
        && !enter_network ())
      g_printerr ("# the network namespaces could not be made\n");
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/discovery/no-daemon-says-so", test_no_daemon);
  g_test_add_func ("/app/discovery/join-found-game", test_join_found_game);
  g_test_add_func ("/app/discovery/wrong-host-refused", test_wrong_host_refused);
  g_test_add_func ("/app/discovery/host-publishes-while-waiting",
                   test_host_publishes_while_waiting);
  g_test_add_func ("/app/discovery/host-withdraws-when-game-starts",
                   test_host_withdraws_when_game_starts);
  status = g_test_run ();
  return status;
}
