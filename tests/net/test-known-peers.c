/* test-known-peers.c: the players met before (known-peers): a certificate met before is
 * known, a new one is new, and a new one giving a name kept with another certificate is
 * told apart, so that the player is warned that someone else may be using that name.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "net-test-util.h"

static char *test_dir;

static void
test_lookup (void)
{
  g_autoptr (SynIdentity) me = net_test_identity ("lookup-me");
  g_autoptr (SynIdentity) bob = net_test_identity ("lookup-bob");
  g_autoptr (SynIdentity) mallory = net_test_identity ("lookup-mallory");
  g_autoptr (SynIdentity) again = NULL;
  GTlsCertificate *bob_key = syn_identity_get_certificate (bob);
  GTlsCertificate *mallory_key = syn_identity_get_certificate (mallory);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (syn_identity_lookup (me, bob_key, "Bob"), ==, SYN_PEER_KNOWN_NEW);
  g_assert_true (syn_identity_remember (me, bob_key, "Bob", &error));
  g_assert_no_error (error);

  g_assert_cmpint (syn_identity_lookup (me, bob_key, "Bob"), ==, SYN_PEER_KNOWN_KEY);
  /* A known key is known whatever name it gives now. */
  g_assert_cmpint (syn_identity_lookup (me, bob_key, "Robert"), ==, SYN_PEER_KNOWN_KEY);
  /* Bob's name on another key: a warning. */
  g_assert_cmpint (syn_identity_lookup (me, mallory_key, "Bob"), ==, SYN_PEER_KNOWN_NAME_NEW_KEY);
  g_assert_cmpint (syn_identity_lookup (me, mallory_key, "Mallory"), ==, SYN_PEER_KNOWN_NEW);
  g_assert_cmpint (syn_identity_lookup (me, mallory_key, ""), ==, SYN_PEER_KNOWN_NEW);
  /* The name is compared as the file keeps it: a control character becomes a space. */
  g_assert_true (syn_identity_remember (me, bob_key, "Bob\tSmith", &error));
  g_assert_cmpint (syn_identity_lookup (me, mallory_key, "Bob Smith"), ==,
                   SYN_PEER_KNOWN_NAME_NEW_KEY);

  /* What is kept on disk says the same to the next program. */
  again = syn_identity_new_for_dir (syn_identity_get_dir (me), &error);
  g_assert_no_error (error);
  g_assert_cmpint (syn_identity_lookup (again, bob_key, "Bob Smith"), ==, SYN_PEER_KNOWN_KEY);
  g_assert_cmpint (syn_identity_lookup (again, mallory_key, "Bob Smith"), ==,
                   SYN_PEER_KNOWN_NAME_NEW_KEY);
}

typedef struct
{
  char *dir;
  gint done;
} Opening;

static gpointer
open_identity_thread (gpointer data)
{
  Opening *opening = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_for_dir (opening->dir, &error);

  g_assert_no_error (error);
  g_atomic_int_set (&opening->done, TRUE);
  return NULL;
}

/* A FIFO where the list of known peers should be is passed over at once: the program starts,
 * knowing nobody, instead of waiting for a writer that never comes. */
static void
test_fifo_known_peers (void)
{
  g_autoptr (SynIdentity) me = net_test_identity ("fifo-me");
  g_autofree char *dir = g_strdup (syn_identity_get_dir (me));
  g_autofree char *known = g_build_filename (dir, "known-peers", NULL);
  Opening opening = { dir, FALSE };
  GThread *thread;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_remove (known);
  g_assert_cmpint (mkfifo (known, 0600), ==, 0);
  thread = g_thread_new ("open-identity", open_identity_thread, &opening);
  while (!g_atomic_int_get (&opening.done))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("opening an identity whose known-peers is a FIFO hangs");
      g_usleep (1000);
    }
  g_thread_join (thread);
  g_remove (known);
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_peer_connect_finish (SYN_PEER (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) user_data = TRUE;
}

static void
on_host_connected_cb (SynPeer *peer, gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

/* A guest connects as Bob with its key, then another with a new key, also as Bob: the host
 * tells the second apart. */
static void
meet (SynPeer *host, const char *identity_name, const char *player_name)
{
  g_autoptr (SynIdentity) identity = net_test_identity (identity_name);
  g_autoptr (SynPeer) guest = syn_peer_new (identity, player_name);
  gboolean connected = FALSE, host_connected = FALSE;
  gulong handler
      = g_signal_connect (host, "connected", G_CALLBACK (on_host_connected_cb), &host_connected);

  syn_peer_set_autosave (guest, FALSE);
  syn_peer_connect_async (guest, "127.0.0.1", syn_peer_get_port (host), NULL, on_connected_cb,
                          &connected);
  net_test_wait (&connected, 20, "the guest's connection");
  net_test_wait (&host_connected, 20, "the host's hello");
  g_signal_handler_disconnect (host, handler);
  syn_peer_close (guest);
  while (syn_peer_is_connected (host))
    net_test_spin (5);
}

static void
test_peer_warns (void)
{
  g_autoptr (SynIdentity) identity = net_test_identity ("warn-host");
  g_autoptr (SynPeer) host = syn_peer_new (identity, "Host");
  g_autoptr (GError) error = NULL;

  syn_peer_set_autosave (host, FALSE);
  g_assert_true (syn_peer_listen (host, "127.0.0.1", 0, &error));
  g_assert_no_error (error);

  meet (host, "warn-bob", "Bob");
  g_assert_cmpint (syn_peer_get_peer_known_as (host), ==, SYN_PEER_KNOWN_NEW);
  g_assert_false (syn_peer_get_peer_known (host));
  meet (host, "warn-bob", "Bob");
  g_assert_cmpint (syn_peer_get_peer_known_as (host), ==, SYN_PEER_KNOWN_KEY);
  g_assert_true (syn_peer_get_peer_known (host));
  meet (host, "warn-mallory", "Bob");
  g_assert_cmpint (syn_peer_get_peer_known_as (host), ==, SYN_PEER_KNOWN_NAME_NEW_KEY);
  g_assert_false (syn_peer_get_peer_known (host));
  syn_peer_close (host);
  net_test_spin (20);
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("test-known-peers");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/known-peers/lookup", test_lookup);
  g_test_add_func ("/net/known-peers/fifo-passed-over", test_fifo_known_peers);
  g_test_add_func ("/net/known-peers/peer-warns-of-a-known-name-on-a-new-key", test_peer_warns);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
