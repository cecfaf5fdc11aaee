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

/* Runs synchess-cli with its own configuration and data folders under name. */
static NetCli *
cli_spawn (const char *name, const char *const *args)
{
  g_autofree char *dir = g_build_filename (test_dir, name, NULL);

  return net_cli_spawn (dir, args);
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

static void
check_same_games (NetCli *host, GPtrArray *host_lines, NetCli *join, GPtrArray *join_lines,
                  guint games)
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
      host_record = net_cli_saved_record (host, line);
      join_record = net_cli_saved_record (join, line);
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
  g_autoptr (NetCli) host = NULL;
  g_autoptr (NetCli) join = NULL;
  g_autoptr (GPtrArray) join_lines = NULL;
  g_autoptr (GPtrArray) host_lines = NULL;

  if (g_str_equal (address, "::1") && !net_test_has_ipv6_loopback ())
    {
      g_test_skip ("this machine has no IPv6 loopback");
      return;
    }
  host = cli_spawn (host_name, host_args);
  port_text = g_strdup_printf ("%u", net_cli_read_port (host));
  {
    const char *join_args[]
        = { "join", address, port_text, "--bot", join_bot, "--seed", "12", join_fog, NULL };
    join = cli_spawn (join_name, join_args);
  }
  join_lines = net_cli_wait (join, 0);
  host_lines = net_cli_wait (host, 0);
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
saved_turns (NetCli *cli)
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
  g_autoptr (NetCli) host = cli_spawn ("resume-host", host_args);
  g_autofree char *port = g_strdup_printf ("%u", net_cli_read_port (host));
  const char *join_args[]
      = { "join", "127.0.0.1", port, "--seed", "4", "--move-delay", "15", NULL };
  g_autoptr (NetCli) first = cli_spawn ("resume-join", join_args);
  g_autoptr (NetCli) second = NULL;
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
  first_lines = net_cli_wait (first, NET_CLI_KILLED);
  g_assert_cmpuint (first_lines->len, ==, 0);

  /* The joiner starts again with the same folders: the host offers to resume, both check
   * they hold the same record, and the game goes on to its end. */
  second = cli_spawn ("resume-join", join_args);
  second_lines = net_cli_wait (second, 0);
  host_lines = net_cli_wait (host, 0);
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
  g_autoptr (NetCli) host = cli_spawn ("refusing-host", host_args);
  guint16 port = net_cli_read_port (host);
  g_autofree char *port_text = g_strdup_printf ("%u", port);
  const char *join_args[] = { "join", "127.0.0.1", port_text, NULL };
  g_autoptr (NetCli) join = NULL;
  g_autoptr (GPtrArray) join_lines = NULL;
  g_autoptr (GPtrArray) host_lines = NULL;

  net_test_run_thread (plain_client_thread, GUINT_TO_POINTER (port), 30);
  join = cli_spawn ("refused-join", join_args);
  join_lines = net_cli_wait (join, 0);
  host_lines = net_cli_wait (host, 0);
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
  g_autoptr (NetCli) cli = NULL;
  g_autoptr (GPtrArray) lines = NULL;

  g_assert_true (g_file_set_contents (blocker, "not a folder\n", -1, NULL));
  cli = cli_spawn ("unwritable-config", args);
  lines = net_cli_wait (cli, 1);
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
