/* test-cli-peer.c: synchess-cli host against synchess-cli join, as separate programs over
 * 127.0.0.1 and ::1: whole games to a result with both bots, fog agreed or not, a joiner
 * killed mid-game and started again to finish the same game, and a refused connection that
 * does not count as a game.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "net-test-util.h"

static char *test_dir;

typedef struct
{
  GSubprocess *process;
  GDataInputStream *out, *err;
  char *dir;
  GString *err_text;
  gboolean exited;
} Cli;

static void
cli_free (Cli *cli)
{
  if (cli->process && !cli->exited)
    g_subprocess_force_exit (cli->process);
  g_clear_object (&cli->out);
  g_clear_object (&cli->err);
  g_clear_object (&cli->process);
  if (cli->err_text)
    g_string_free (cli->err_text, TRUE);
  g_free (cli->dir);
  g_free (cli);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Cli, cli_free)

/* Runs synchess-cli with its own configuration and data folders under name. */
static Cli *
cli_spawn (const char *name, const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher
      = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *cli_path = g_getenv ("SYNCHESS_CLI");
  Cli *cli = g_new0 (Cli, 1);
  g_autofree char *config = NULL;
  g_autofree char *data = NULL;

  g_assert_nonnull (cli_path);
  cli->dir = g_build_filename (test_dir, name, NULL);
  config = g_build_filename (cli->dir, "config", NULL);
  data = g_build_filename (cli->dir, "data", NULL);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_unsetenv (launcher, "G_MESSAGES_DEBUG");
  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  cli->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  cli->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (cli->process));
  cli->err = g_data_input_stream_new (g_subprocess_get_stderr_pipe (cli->process));
  cli->err_text = g_string_new (NULL);
  return cli;
}

static char *
cli_read_err_line (Cli *cli)
{
  char *line = g_data_input_stream_read_line_utf8 (cli->err, NULL, NULL, NULL);

  if (line)
    g_string_append_printf (cli->err_text, "%s\n", line);
  return line;
}

/* A host's port, from its "listening on port N" line. */
static guint16
cli_read_port (Cli *cli)
{
  g_autofree char *line = cli_read_err_line (cli);
  const char *number;

  g_assert_nonnull (line);
  number = strstr (line, "listening on port ");
  g_assert_nonnull (number);
  return (guint16) g_ascii_strtoull (number + strlen ("listening on port "), NULL, 10);
}

static void
on_exited_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) user_data = TRUE;
}

/* Waits for the program to end; returns its stdout lines, its stderr goes to err_text. */
#define KILLED (-1)

static GPtrArray *
cli_wait (Cli *cli, int expected_status)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  char *line;
  gboolean exited = FALSE;
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  g_subprocess_wait_async (cli->process, NULL, on_exited_cb, &exited);
  while (!exited)
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("synchess-cli did not end in time");
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  cli->exited = TRUE;
  while ((line = g_data_input_stream_read_line_utf8 (cli->out, NULL, NULL, NULL)))
    g_ptr_array_add (lines, line);
  while ((line = cli_read_err_line (cli)))
    g_free (line);
  g_test_message ("%s stderr:\n%s", cli->dir, cli->err_text->str);
  if (expected_status == KILLED)
    g_assert_true (g_subprocess_get_if_signaled (cli->process));
  else
    {
      g_assert_true (g_subprocess_get_if_exited (cli->process));
      g_assert_cmpint (g_subprocess_get_exit_status (cli->process), ==, expected_status);
    }
  return lines;
}

static void
check_result_line (const char *line)
{
  g_assert_true (g_regex_match_simple (
      "^(1-0|0-1|1/2-1/2) (king-frozen|checkmate|both-lost|stalemate|fifty-turns|time|"
      "resignation|agreement|hidden-attack|king-captured|repetition) turns=[0-9]+ fog=(yes|no) "
      "id=[0-9A-Za-z-]+$",
      line, 0, 0));
}

/* The saved record of the game on a line, without the lines that say who sat where. */
static char *
saved_record (Cli *cli, const char *line)
{
  const char *id = strstr (line, "id=") + 3;
  g_autofree char *name = g_strconcat (id, ".synchess", NULL);
  g_autofree char *path = g_build_filename (cli->dir, "data", "synchess", "games", name, NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GString *out = g_string_new (NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "[WhiteType ") && !g_str_has_prefix (lines[i], "[BlackType "))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}

static void
check_same_games (Cli *host, GPtrArray *host_lines, Cli *join, GPtrArray *join_lines, guint games)
{
  g_assert_cmpuint (host_lines->len, ==, games);
  g_assert_cmpuint (join_lines->len, ==, games);
  for (guint i = 0; i < games; i++)
    {
      const char *line = g_ptr_array_index (host_lines, i);
      g_autofree char *host_record = NULL;
      g_autofree char *join_record = NULL;

      check_result_line (line);
      g_assert_cmpstr (line, ==, g_ptr_array_index (join_lines, i));
      host_record = saved_record (host, line);
      join_record = saved_record (join, line);
      g_assert_cmpstr (host_record, ==, join_record);
    }
}

static void
play_variant (const char *variant, const char *address, const char *host_bot, const char *join_bot,
              guint games, const char *host_fog, const char *join_fog, const char *expected_fog)
{
  static guint counter;
  g_autofree char *host_name = g_strdup_printf ("host-%u", ++counter);
  g_autofree char *join_name = g_strdup_printf ("join-%u", counter);
  g_autofree char *games_text = g_strdup_printf ("%u", games);
  g_autofree char *port_text = NULL;
  const char *host_args[]
      = { "host",  "--listen", address,  "--port", "0",  "--games", games_text, "--variant",
          variant, "--bot",    host_bot, "--seed", "11", host_fog,  NULL };
  g_autoptr (Cli) host = NULL;
  g_autoptr (Cli) join = NULL;
  g_autoptr (GPtrArray) join_lines = NULL;
  g_autoptr (GPtrArray) host_lines = NULL;

  if (g_str_equal (address, "::1") && !net_test_has_ipv6_loopback ())
    {
      g_test_skip ("this machine has no IPv6 loopback");
      return;
    }
  host = cli_spawn (host_name, host_args);
  port_text = g_strdup_printf ("%u", cli_read_port (host));
  {
    const char *join_args[]
        = { "join", address, port_text, "--bot", join_bot, "--seed", "12", join_fog, NULL };
    join = cli_spawn (join_name, join_args);
  }
  join_lines = cli_wait (join, 0);
  host_lines = cli_wait (host, 0);
  check_same_games (host, host_lines, join, join_lines, games);
  if (expected_fog)
    for (guint i = 0; i < games; i++)
      g_assert_nonnull (strstr (g_ptr_array_index (host_lines, i), expected_fog));
}

static void
play (const char *address, const char *host_bot, const char *join_bot, guint games,
      const char *host_fog, const char *join_fog, const char *expected_fog)
{
  play_variant ("psc", address, host_bot, join_bot, games, host_fog, join_fog, expected_fog);
}

/* HK's exchanges of blows leave one side waiting: its peer commits "-" by itself. */
static void
test_hk (void)
{
  play_variant ("hk", "127.0.0.1", "random", "simple", 1, NULL, NULL, NULL);
}

/* TX-R15 to R17: each bot plays on its own player state; lock questions, sealed turns and
 * the audit go over the wire. */
static void
test_transactional (void)
{
  play_variant ("transactional", "127.0.0.1", "random", "simple", 1, NULL, NULL, NULL);
}

static void
test_ipv4 (void)
{
  play ("127.0.0.1", "random", "simple", 3, NULL, NULL, "fog=no");
}

static void
test_ipv6 (void)
{
  play ("::1", "simple", "random", 2, NULL, NULL, NULL);
}

static void
test_fog_agreed (void)
{
  play ("127.0.0.1", "random", "random", 1, "--fog", "--fog", "fog=yes");
}

static void
test_fog_refused (void)
{
  play ("127.0.0.1", "random", "random", 1, "--fog", NULL, "fog=no");
}

/* Turns in a saved record: its lines "N. ...". */
static guint
saved_turns (Cli *cli)
{
  g_autofree char *dir_path = g_build_filename (cli->dir, "data", "synchess", "games", NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint turns = 0;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *text = NULL;
      g_auto (GStrv) lines = NULL;
      if (!g_str_has_suffix (name, ".synchess") || !g_file_get_contents (path, &text, NULL, NULL))
        continue;
      lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        if (g_ascii_isdigit (lines[i][0]) && strstr (lines[i], ". "))
          turns = MAX (turns, (guint) g_ascii_strtoull (lines[i], NULL, 10));
    }
  return turns;
}

static void
test_resume_after_kill (void)
{
  const char *host_args[] = { "host", "--listen", "127.0.0.1", "--port",       "0",  "--games",
                              "1",    "--seed",   "3",         "--move-delay", "15", NULL };
  g_autoptr (Cli) host = cli_spawn ("resume-host", host_args);
  g_autofree char *port = g_strdup_printf ("%u", cli_read_port (host));
  const char *join_args[]
      = { "join", "127.0.0.1", port, "--seed", "4", "--move-delay", "15", NULL };
  g_autoptr (Cli) first = cli_spawn ("resume-join", join_args);
  g_autoptr (Cli) second = NULL;
  g_autoptr (GPtrArray) first_lines = NULL;
  g_autoptr (GPtrArray) second_lines = NULL;
  g_autoptr (GPtrArray) host_lines = NULL;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint turns_before;

  /* Mid-game: once the joiner has saved a few turns, it is killed. */
  while ((turns_before = saved_turns (first)) < 4)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (2000);
    }
  g_subprocess_force_exit (first->process);
  first_lines = cli_wait (first, KILLED);
  g_assert_cmpuint (first_lines->len, ==, 0);

  /* The joiner starts again with the same folders: the host offers to resume, both check
   * they hold the same record, and the game goes on to its end. */
  second = cli_spawn ("resume-join", join_args);
  second_lines = cli_wait (second, 0);
  host_lines = cli_wait (host, 0);
  check_same_games (host, host_lines, second, second_lines, 1);
  g_assert_nonnull (strstr (host->err_text->str, "connection ended"));
  g_assert_nonnull (strstr (second->err_text->str, "resuming game"));
  g_assert_cmpuint (
      g_ascii_strtoull (strstr (g_ptr_array_index (host_lines, 0), "turns=") + 6, NULL, 10), >,
      turns_before);
}

static gpointer
plain_client_thread (gpointer data)
{
  guint16 port = GPOINTER_TO_UINT (data);
  g_autoptr (GError) error = NULL;
  g_autoptr (RawClient) client = raw_client_connect ("127.0.0.1", port, NULL, &error);
  g_autofree char *line = NULL;

  g_assert_no_error (error);
  g_assert_true (raw_client_send (client, "hello synchess 2 plain\n", &error));
  line = raw_client_read_line (client, &error);
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, "error tls-required "));
  return NULL;
}

/* A connection without TLS is refused, reported, and not counted as a game. */
static void
test_refused_not_counted (void)
{
  const char *host_args[]
      = { "host", "--listen", "127.0.0.1", "--port", "0", "--games", "1", NULL };
  g_autoptr (Cli) host = cli_spawn ("refusing-host", host_args);
  guint16 port = cli_read_port (host);
  g_autofree char *port_text = g_strdup_printf ("%u", port);
  const char *join_args[] = { "join", "127.0.0.1", port_text, NULL };
  g_autoptr (Cli) join = NULL;
  g_autoptr (GPtrArray) join_lines = NULL;
  g_autoptr (GPtrArray) host_lines = NULL;

  net_test_run_thread (plain_client_thread, GUINT_TO_POINTER (port), 30);
  join = cli_spawn ("refused-join", join_args);
  join_lines = cli_wait (join, 0);
  host_lines = cli_wait (host, 0);
  check_same_games (host, host_lines, join, join_lines, 1);
  g_assert_nonnull (strstr (host->err_text->str, "without TLS"));
}

/* A configuration folder that cannot be made (its parent is a file, which stops root too) is
 * bad input, exit 1 with the reason, not bad usage. */
static void
test_unwritable_config (void)
{
  const char *args[] = { "host", "--listen", "127.0.0.1", "--port", "0", NULL };
  g_autofree char *blocker = g_build_filename (test_dir, "unwritable-config", NULL);
  g_autoptr (Cli) cli = NULL;
  g_autoptr (GPtrArray) lines = NULL;

  g_assert_true (g_file_set_contents (blocker, "not a folder\n", -1, NULL));
  cli = cli_spawn ("unwritable-config", args);
  lines = cli_wait (cli, 1);
  g_assert_cmpuint (lines->len, ==, 0);
  g_assert_nonnull (strstr (cli->err_text->str, "synchess-cli: "));
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("test-cli-peer");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/cli/ipv4/random-vs-simple", test_ipv4);
  g_test_add_func ("/net/cli/ipv6/simple-vs-random", test_ipv6);
  g_test_add_func ("/net/cli/hk/random-vs-simple", test_hk);
  g_test_add_func ("/net/cli/transactional/r15-game", test_transactional);
  g_test_add_func ("/net/cli/fog/agreed", test_fog_agreed);
  g_test_add_func ("/net/cli/fog/refused", test_fog_refused);
  g_test_add_func ("/net/cli/resume-after-kill", test_resume_after_kill);
  g_test_add_func ("/net/cli/refused-connection-not-counted", test_refused_not_counted);
  g_test_add_func ("/net/cli/unwritable-config-is-bad-input", test_unwritable_config);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
