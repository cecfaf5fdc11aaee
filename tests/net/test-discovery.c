/* test-discovery.c: games on the local network, over a real network: two network
 * namespaces joined by a veth pair, each with its own D-Bus bus and avahi-daemon
 * (tests/netns/netns.sh). synchess-cli host publishes in one, browse finds it from the
 * other in under 3 seconds and join --service plays it to its end; a game published with
 * another certificate's digest is refused; without a daemon browse says so and fails.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "net-test-util.h"
#include "syn-identity.h"
#include "syn-service-browser.h"

/* How soon a guest must see a game just published (the host's probing included). */
#define FIND_WITHIN_US (3 * G_USEC_PER_SEC)

static char *test_dir;

typedef struct
{
  GSubprocess *process; /* netns.sh: everything is torn down when its stdin closes */
  GDataInputStream *out;
  char *ns[2];
  char *bus[2];
} Network;

static Network *network;

/* A test that fails aborts: whatever it started goes with it. */
static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* Runs command in namespace side (0 or 1, -1 for none) with that side's bus as the system
 * bus, or bus when given; synchess-cli gets folders of its own under name. */
static NetCli *
spawn_in (int side, const char *bus, const char *name, const char *const *command)
{
  g_autofree char *dir = g_build_filename (test_dir, name, NULL);
  g_autoptr (GSubprocessLauncher) launcher = net_cli_launcher (dir);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_subprocess_launcher_setenv (launcher, "DBUS_SYSTEM_BUS_ADDRESS", bus ? bus : network->bus[side],
                                TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  if (side >= 0)
    {
      g_ptr_array_add (argv, "ip");
      g_ptr_array_add (argv, "netns");
      g_ptr_array_add (argv, "exec");
      g_ptr_array_add (argv, network->ns[side]);
    }
  for (guint i = 0; command[i]; i++)
    g_ptr_array_add (argv, (gpointer) command[i]);
  g_ptr_array_add (argv, NULL);
  return net_cli_spawnv (launcher, dir, (const char *const *) argv->pdata);
}

/* synchess-cli with args, in namespace side. */
static NetCli *
cli_spawn (int side, const char *bus, const char *name, const char *const *args)
{
  g_autoptr (GPtrArray) command = net_cli_argv (args);

  return spawn_in (side, bus, name, (const char *const *) command->pdata);
}

/* Whether the two namespaces could be made; else the test is skipped with the reason. */
static gboolean
have_network (void)
{
  if (network)
    return TRUE;
  g_test_skip (geteuid () != 0 ? "network namespaces need root"
                               : "network namespaces cannot be made here (see the log)");
  return FALSE;
}

/* The host publishes in one namespace; the other finds it within 3 s, joins it by its name
 * and plays it to the end: both records are the same. */
static void
test_browse_and_join (void)
{
  const char *host_args[] = { "host", "--port",         "0", "--name", "Ann's game", "--seed",
                              "7",    "--time-control", "-", NULL };
  const char *browse_args[] = { "browse", "--seconds", "5", NULL };
  const char *join_args[] = { "join", "--service", "Ann's game", "--seed", "8", NULL };
  g_autoptr (NetCli) host = NULL;
  g_autoptr (NetCli) browse = NULL;
  g_autoptr (NetCli) join = NULL;
  g_autoptr (GPtrArray) browse_lines = NULL;
  g_autoptr (GPtrArray) join_lines = NULL;
  g_autoptr (GPtrArray) host_lines = NULL;
  g_autofree char *found = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *host_record = NULL;
  g_autofree char *join_record = NULL;
  gint64 start;
  guint16 port;

  if (!have_network ())
    return;
  host = cli_spawn (0, NULL, "host", host_args);
  port = net_cli_read_port (host);

  /* Timed from the moment the host listens: its publishing is part of the wait. */
  start = g_get_monotonic_time ();
  browse = cli_spawn (1, NULL, "browse", browse_args);
  found = g_data_input_stream_read_line_utf8 (browse->out, NULL, NULL, NULL);
  g_assert_nonnull (found);
  g_test_message ("found in %.2f s: %s", (g_get_monotonic_time () - start) / 1e6, found);
  g_assert_cmpint (g_get_monotonic_time () - start, <, FIND_WITHIN_US);
  /* Either family: both are published, the link-local IPv6 address with its interface. */
  expected = g_strdup_printf (" port=%u rules=psc fog=no cert=", port);
  g_assert_true (g_str_has_prefix (found, "address=10.77.0.1 ")
                 || g_regex_match_simple ("^address=fe80:[0-9a-f:]+%veth1 ", found, 0, 0));
  g_assert_nonnull (strstr (found, expected));
  g_assert_true (g_str_has_suffix (found, " service=Ann's game"));
  browse_lines = net_cli_wait (browse, 0);
  g_assert_cmpuint (browse_lines->len, ==, 0);

  join = cli_spawn (1, NULL, "join", join_args);
  join_lines = net_cli_wait (join, 0);
  host_lines = net_cli_wait (host, 0);
  g_assert_cmpuint (host_lines->len, ==, 1);
  g_assert_cmpuint (join_lines->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (host_lines, 0), ==, g_ptr_array_index (join_lines, 0));
  host_record = net_cli_saved_record (host, g_ptr_array_index (host_lines, 0));
  join_record = net_cli_saved_record (join, g_ptr_array_index (join_lines, 0));
  g_assert_cmpstr (host_record, ==, join_record);
  g_assert_nonnull (strstr (host->err_text->str, "published as \"Ann's game\""));
  g_assert_nonnull (strstr (join->err_text->str, "found \"Ann's game\" at "));
}

/* Someone publishes a real host's port under a certificate digest that is not the host's:
 * the guest refuses the host, saying why. */
static void
test_wrong_certificate (void)
{
  const char *host_args[] = { "host", "--port", "0", "--no-publish", NULL };
  const char *join_args[] = { "join", "--service", "Mallory", NULL };
  g_autoptr (NetCli) host = NULL;
  g_autoptr (NetCli) fake = NULL;
  g_autoptr (NetCli) join = NULL;
  g_autoptr (GPtrArray) join_lines = NULL;
  g_autofree char *port = NULL;
  g_autofree char *cert = NULL;

  if (!have_network ())
    return;
  host = cli_spawn (0, NULL, "real-host", host_args);
  port = g_strdup_printf ("%u", net_cli_read_port (host));
  cert = g_strdup_printf ("cert=%s", "0123456789abcdef0123456789abcdef"
                                     "0123456789abcdef0123456789abcdef");
  {
    const char *publish[] = { "avahi-publish-service", "Mallory",   "_synchess._tcp", port, "v=2",
                              "name=Mallory",          "rules=psc", "fog=no",         cert, NULL };
    fake = spawn_in (0, NULL, "fake", publish);
  }
  join = cli_spawn (1, NULL, "wrong-join", join_args);
  join_lines = net_cli_wait (join, 1);
  g_assert_cmpuint (join_lines->len, ==, 0);
  g_assert_nonnull (strstr (join->err_text->str, "found \"Mallory\" at "));
  g_assert_nonnull (strstr (join->err_text->str,
                            "cannot join: the host of \"Mallory\" presented another certificate "
                            "than the one it published: someone may be in between"));
  g_assert_null (strstr (host->err_text->str, "fingerprint"));
}

/* Kills side's avahi-daemon and starts it again (netns.sh does it when told). */
static void
restart_avahi (int side)
{
  GOutputStream *in = g_subprocess_get_stdin_pipe (network->process);
  g_autofree char *line = NULL;

  g_assert_true (g_output_stream_write_all (in, side == 0 ? "restart-a\n" : "restart-b\n", 10, NULL,
                                            NULL, NULL));
  g_assert_true (g_output_stream_flush (in, NULL, NULL));
  line = g_data_input_stream_read_line_utf8 (network->out, NULL, NULL, NULL);
  g_assert_cmpstr (line, ==, "restarted");
}

/* Runs the main loop until done (data) holds; FALSE after timeout_ms. */
static gboolean
iterate_until (gboolean (*done) (gpointer data), gpointer data, guint timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return TRUE;
}

typedef struct
{
  SynServiceBrowser *browser;
  const char *name;
} Listed;

static SynFoundGame *
listed_game (Listed *listed)
{
  GListModel *games = syn_service_browser_get_games (listed->browser);

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr (SynFoundGame) game = g_list_model_get_item (games, i);
      if (g_str_equal (syn_found_game_get_service_name (game), listed->name))
        return game;
    }
  return NULL;
}

static gboolean
is_listed (gpointer data)
{
  return listed_game (data) != NULL;
}

/* How many items bear the name (a game left by an earlier test may linger a second). */
static guint
count_listed (Listed *listed)
{
  GListModel *games = syn_service_browser_get_games (listed->browser);
  guint count = 0;

  for (guint i = 0; i < g_list_model_get_n_items (games); i++)
    {
      g_autoptr (SynFoundGame) game = g_list_model_get_item (games, i);
      count += g_str_equal (syn_found_game_get_service_name (game), listed->name);
    }
  return count;
}

/* Seen over both families, a game is listed once, at its IPv4 address. */
static gboolean
is_listed_over_ipv4 (gpointer data)
{
  SynFoundGame *game = listed_game (data);

  return game && g_str_equal (syn_found_game_get_address (game), "10.77.0.1");
}

static gboolean
is_gone (gpointer data)
{
  return listed_game (data) == NULL;
}

typedef struct
{
  char *line;
  gboolean done;
} LineRead;

static void
on_line_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LineRead *read = user_data;

  read->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                          NULL, NULL);
  read->done = TRUE;
}

static gboolean
line_read (gpointer data)
{
  return ((LineRead *) data)->done;
}

/* Reads the program's stderr up to a line holding text, for 15 s at most. */
static void
cli_wait_err (NetCli *cli, const char *text)
{
  gint64 deadline = g_get_monotonic_time () + 15 * G_USEC_PER_SEC;

  for (;;)
    {
      LineRead read = { NULL, FALSE };
      g_autofree char *line = NULL;
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;

      g_data_input_stream_read_line_async (cli->err, G_PRIORITY_DEFAULT, NULL, on_line_cb, &read);
      if (left <= 0 || !iterate_until (line_read, &read, (guint) left))
        g_error ("no line with “%s” came; stderr so far:\n%s", text, cli->err_text->str);
      line = read.line;
      g_assert_nonnull (line);
      g_string_append_printf (cli->err_text, "%s\n", line);
      if (strstr (line, text))
        return;
    }
}

/* The certificate digest of the identity a synchess-cli made in its folders. */
static char *
cli_cert_digest (NetCli *cli)
{
  g_autofree char *dir = g_build_filename (cli->dir, "config", "synchess", NULL);
  g_autoptr (SynIdentity) identity = syn_identity_new_for_dir (dir, NULL);

  g_assert_nonnull (identity);
  return syn_certificate_digest (syn_identity_get_certificate (identity));
}

/* A SynServiceBrowser in this process (through namespace B's daemon) lists the game with
 * everything published, resolved; it goes from the list when its host ends. */
static void
test_browser_live (void)
{
  const char *host_args[]
      = { "host", "--port", "0", "--name", "Live", "--variant", "synchrone", "--fog", NULL };
  g_autoptr (SynServiceBrowser) browser = NULL;
  g_autoptr (NetCli) host = NULL;
  g_autofree char *digest = NULL;
  Listed listed = { NULL, "Live" };
  SynFoundGame *game;
  guint16 port;
  gint64 start;

  if (!have_network ())
    return;
  browser = syn_service_browser_new ();
  listed.browser = browser;
  host = cli_spawn (0, NULL, "live-host", host_args);
  port = net_cli_read_port (host);
  start = g_get_monotonic_time ();
  g_assert_true (iterate_until (is_listed, &listed, 3000));
  g_test_message ("listed in %.2f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpint (syn_service_browser_get_state (browser), ==, SYN_DISCOVERY_RUNNING);
  g_assert_true (iterate_until (is_listed_over_ipv4, &listed, 3000));
  g_assert_cmpuint (count_listed (&listed), ==, 1);
  game = listed_game (&listed);
  digest = cli_cert_digest (host);
  g_assert_cmpstr (syn_found_game_get_player_name (game), ==, "Live");
  g_assert_cmpstr (syn_found_game_get_rules (game), ==, "synchrone");
  g_assert_true (syn_found_game_get_fog (game));
  g_assert_cmpstr (syn_found_game_get_address (game), ==, "10.77.0.1");
  g_assert_cmpuint (syn_found_game_get_port (game), ==, port);
  g_assert_cmpstr (syn_found_game_get_cert_digest (game), ==, digest);

  g_subprocess_send_signal (host->process, SIGTERM);
  start = g_get_monotonic_time ();
  g_assert_true (iterate_until (is_gone, &listed, 5000));
  g_test_message ("gone in %.2f s", (g_get_monotonic_time () - start) / 1e6);
}

/* Games another version publishes, or without a digest to check the host by, are left out. */
static void
test_unjoinable_not_listed (void)
{
  const char *digest = "cert=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  const char *good[] = { "avahi-publish-service",
                         "Good",
                         "_synchess._tcp",
                         "46292",
                         "v=2",
                         "rules=psc",
                         "fog=no",
                         digest,
                         NULL };
  const char *old[] = { "avahi-publish-service",
                        "Old",
                        "_synchess._tcp",
                        "46293",
                        "v=1",
                        "rules=psc",
                        "fog=no",
                        digest,
                        NULL };
  const char *short_cert[]
      = { "avahi-publish-service", "Short", "_synchess._tcp", "46294", "v=2", "rules=psc", "fog=no",
          "cert=0123abcd",         NULL };
  const char *no_cert[]
      = { "avahi-publish-service", "Bare", "_synchess._tcp", "46295", "v=2", NULL };
  g_autoptr (SynServiceBrowser) browser = NULL;
  g_autoptr (NetCli) publish_old = NULL;
  g_autoptr (NetCli) publish_short = NULL;
  g_autoptr (NetCli) publish_bare = NULL;
  g_autoptr (NetCli) publish_good = NULL;
  Listed listed = { NULL, "Good" };

  if (!have_network ())
    return;
  publish_old = spawn_in (0, NULL, "old", old);
  publish_short = spawn_in (0, NULL, "short", short_cert);
  publish_bare = spawn_in (0, NULL, "bare", no_cert);
  cli_wait_err (publish_bare, "Established under name 'Bare'");
  publish_good = spawn_in (0, NULL, "good", good);
  browser = syn_service_browser_new ();
  listed.browser = browser;
  g_assert_true (iterate_until (is_listed, &listed, 5000));
  /* Resolving the others had as long as the last one published. */
  net_test_spin (500);
  for (guint i = 0; i < 3; i++)
    {
      Listed left_out = { browser, (const char *[]){ "Old", "Short", "Bare" }[i] };
      g_assert_cmpuint (count_listed (&left_out), ==, 0);
    }
  /* Without a name in TXT, a game goes by its service's name. */
  g_assert_cmpstr (syn_found_game_get_player_name (listed_game (&listed)), ==, "Good");
}

/* Two hosts of one name: the second takes another (Avahi's "NAME #2"), and both are listed. */
static void
test_name_collision (void)
{
  const char *first_args[] = { "host", "--port", "0", "--name", "Twin", NULL };
  const char *second_args[] = { "host", "--port", "0", "--name", "Twin", NULL };
  g_autoptr (SynServiceBrowser) browser = NULL;
  g_autoptr (NetCli) first = NULL;
  g_autoptr (NetCli) second = NULL;
  Listed twin = { NULL, "Twin" }, other = { NULL, "Twin #2" };

  if (!have_network ())
    return;
  browser = syn_service_browser_new ();
  twin.browser = other.browser = browser;
  first = cli_spawn (0, NULL, "twin-1", first_args);
  cli_wait_err (first, "published as \"Twin\"");
  /* From the other side of the network: its daemon finds the name taken while probing. */
  second = cli_spawn (1, NULL, "twin-2", second_args);
  cli_wait_err (second, "published as \"Twin #2\"");
  g_assert_true (iterate_until (is_listed, &twin, 3000));
  g_assert_true (iterate_until (is_listed, &other, 3000));
}

/* The daemons restart: the host publishes again by itself, and a browser finds it again,
 * whichever side's daemon went away. */
static void
test_daemon_restart (void)
{
  const char *host_args[] = { "host", "--port", "0", "--name", "Phoenix", NULL };
  g_autoptr (SynServiceBrowser) browser = NULL;
  g_autoptr (NetCli) host = NULL;
  Listed listed = { NULL, "Phoenix" };

  if (!have_network ())
    return;
  browser = syn_service_browser_new ();
  listed.browser = browser;
  host = cli_spawn (0, NULL, "phoenix", host_args);
  cli_wait_err (host, "published as \"Phoenix\"");
  g_assert_true (iterate_until (is_listed, &listed, 3000));

  restart_avahi (0);
  cli_wait_err (host, "published as \"Phoenix\"");
  g_assert_true (iterate_until (is_listed, &listed, 5000));

  restart_avahi (1);
  g_assert_true (iterate_until (is_gone, &listed, 5000));
  g_assert_true (iterate_until (is_listed, &listed, 10000));
  g_assert_cmpint (syn_service_browser_get_state (browser), ==, SYN_DISCOVERY_RUNNING);
  g_assert_nonnull (strstr (host->err_text->str, "not published: the Avahi service is not "
                                                 "running"));
}

/* Browses through bus and expects the word that no daemon runs, at once. */
static void
check_browse_without_daemon (const char *bus, const char *name)
{
  const char *args[] = { "browse", "--seconds", "10", NULL };
  g_autoptr (NetCli) browse = cli_spawn (-1, bus, name, args);
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GPtrArray) lines = net_cli_wait (browse, 1);

  g_assert_cmpuint (lines->len, ==, 0);
  g_assert_cmpstr (browse->err_text->str, ==,
                   "synchess-cli: games on the network cannot be found: the Avahi service is "
                   "not running\n");
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
}

/* No daemon (no bus even): browse says the service is not running and fails, at once. */
static void
test_no_daemon (void)
{
  g_autofree char *bus = g_strdup_printf ("unix:path=%s/no-bus", test_dir);

  check_browse_without_daemon (bus, "no-bus");
}

/* A system bus without Avahi on it: the same word from browse; a host plays on unpublished,
 * saying why once. */
static void
test_bus_without_daemon (void)
{
  g_autofree char *socket = g_build_filename (test_dir, "lone-bus", NULL);
  g_autofree char *config_path = g_build_filename (test_dir, "lone-bus.conf", NULL);
  g_autofree char *config = g_strdup_printf (
      "<busconfig><type>system</type><listen>unix:path=%s</listen><auth>EXTERNAL</auth>"
      "<policy context=\"default\"><allow user=\"*\"/><allow own=\"*\"/>"
      "<allow send_destination=\"*\"/><allow receive_sender=\"*\"/></policy></busconfig>",
      socket);
  g_autofree char *bus = g_strdup_printf ("unix:path=%s", socket);
  g_autofree char *config_arg = g_strdup_printf ("--config-file=%s", config_path);
  const char *daemon[] = { "dbus-daemon", config_arg, "--nofork", "--nopidfile", NULL };
  const char *host_args[] = { "host", "--listen", "127.0.0.1", "--port", "0", NULL };
  g_autofree char *dbus_daemon = g_find_program_in_path ("dbus-daemon");
  g_autoptr (NetCli) bus_process = NULL;
  g_autoptr (NetCli) host = NULL;

  if (!dbus_daemon)
    {
      g_test_skip ("no dbus-daemon");
      return;
    }
  g_assert_true (g_file_set_contents (config_path, config, -1, NULL));
  bus_process = spawn_in (-1, bus, "lone-bus", daemon);
  for (int i = 0; i < 100 && !g_file_test (socket, G_FILE_TEST_EXISTS); i++)
    g_usleep (50000);
  g_assert_true (g_file_test (socket, G_FILE_TEST_EXISTS));

  check_browse_without_daemon (bus, "lone-bus-browse");
  host = cli_spawn (-1, bus, "lone-bus-host", host_args);
  net_cli_read_port (host);
  cli_wait_err (host, "synchess-cli: not published: the Avahi service is not running");
}

/* Starts tests/netns/netns.sh; NULL with a message when namespaces cannot be made. */
static Network *
network_start (void)
{
  const char *script = g_getenv ("SYNCHESS_NETNS");
  g_autofree char *dir = g_build_filename (test_dir, "netns", NULL);
  g_autofree char *ip = g_find_program_in_path ("ip");
  g_autoptr (GError) error = NULL;
  Network *net;
  char *line;

  if (geteuid () != 0 || !ip)
    return NULL;
  g_assert_nonnull (script);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  net = g_new0 (Network, 1);
  net->process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                   &error, script, dir, NULL);
  g_assert_no_error (error);
  net->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (net->process));
  while ((line = g_data_input_stream_read_line_utf8 (net->out, NULL, NULL, NULL)))
    {
      g_autofree char *owned = line;
      if (g_str_equal (line, "ready"))
        return net;
      if (g_str_has_prefix (line, "NS_A="))
        net->ns[0] = g_strdup (line + 5);
      else if (g_str_has_prefix (line, "NS_B="))
        net->ns[1] = g_strdup (line + 5);
      else if (g_str_has_prefix (line, "BUS_A="))
        net->bus[0] = g_strdup (line + 6);
      else if (g_str_has_prefix (line, "BUS_B="))
        net->bus[1] = g_strdup (line + 6);
    }
  g_printerr ("# netns.sh could not make the network: see its messages above\n");
  g_subprocess_wait (net->process, NULL, NULL);
  g_object_unref (net->out);
  g_object_unref (net->process);
  g_free (net);
  return NULL;
}

static void
network_stop (Network *net)
{
  if (!net)
    return;
  /* Its stdin closing is the signal to tear everything down. */
  g_output_stream_close (g_subprocess_get_stdin_pipe (net->process), NULL, NULL);
  g_subprocess_wait (net->process, NULL, NULL);
  g_object_unref (net->out);
  g_object_unref (net->process);
  for (int i = 0; i < 2; i++)
    {
      g_free (net->ns[i]);
      g_free (net->bus[i]);
    }
  g_free (net);
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("test-discovery");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/discovery/browse-find-join-play", test_browse_and_join);
  g_test_add_func ("/net/discovery/wrong-certificate-refused", test_wrong_certificate);
  g_test_add_func ("/net/discovery/no-daemon", test_no_daemon);
  g_test_add_func ("/net/discovery/bus-without-daemon", test_bus_without_daemon);
  g_test_add_func ("/net/discovery/browser-live", test_browser_live);
  g_test_add_func ("/net/discovery/name-collision", test_name_collision);
  g_test_add_func ("/net/discovery/unjoinable-not-listed", test_unjoinable_not_listed);
  g_test_add_func ("/net/discovery/daemon-restart", test_daemon_restart);
  network = network_start ();
  /* This process's own browsers go through namespace B's daemon. */
  if (network)
    g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", network->bus[1], TRUE);
  status = g_test_run ();
  network_stop (network);
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
