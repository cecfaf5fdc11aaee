/* test-ice-netns.c: two synchess-cli meet through an invite across a small Internet built in
 * network namespaces (tests/netns/ice-netns.sh): behind one NAT, on a LAN, through a STUN
 * server across two kinds of NAT, through a TURN relay between two symmetric NATs; and a
 * mangled invite, a man in the middle and a replayed answer refused. Needs root and ip(8),
 * nft(8) and coturn's turnserver; skipped without them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <unistd.h>

static char *script;

/* Why the namespaces cannot be made here, or NULL. */
static const char *
missing (void)
{
  static const char *const programs[] = { "ip", "nft", "turnserver", "ss" };

  if (geteuid () != 0)
    return "network namespaces need root";
  for (guint i = 0; i < G_N_ELEMENTS (programs); i++)
    {
      g_autofree char *path = g_find_program_in_path (programs[i]);
      if (!path)
        return "ip, nft, ss or turnserver is missing";
    }
  return NULL;
}

static void
run_scenario (gconstpointer data)
{
  const char *scenario = data;
  const char *why = missing ();
  const char *argv[] = { "sh", script, scenario, NULL };
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;

  if (why)
    {
      g_test_skip (why);
      return;
    }
  process = g_subprocess_newv (
      argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("%s", out);
  if (!g_subprocess_get_if_exited (process) || g_subprocess_get_exit_status (process) != 0)
    g_test_fail_printf ("scenario %s failed:\n%s", scenario, out);
}

int
main (int argc, char **argv)
{
  static const char *const scenarios[] = { "same-nat",  "lan",     "stun", "turn",    "late-lan",
                                           "late-turn", "mangled", "mitm", "replayed" };

  g_test_init (&argc, &argv, NULL);
  script = g_test_build_filename (G_TEST_DIST, "..", "netns", "ice-netns.sh", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (scenarios); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ice-netns/%s", scenarios[i]);
      g_test_add_data_func (path, scenarios[i], run_scenario);
    }
  return g_test_run ();
}
