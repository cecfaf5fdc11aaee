/* test-host-flood.c: a host under a flood of connections that never speak keeps serving an
 * honest guest: the idle connections make room for it instead of shutting it out.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>

#include "net-test-util.h"

static char *test_dir;

#define FLOOD_CONNECTIONS 300
#define FLOOD_PAUSE_US (10 * 1000)

typedef struct
{
  guint16 port;
  gint opened;  /* connections made so far */
  gint refused; /* connections the host would not even accept */
  gint stop;
  gint done;
} Flood;

/* Plain TCP connections, never a byte sent, all held open until the end, as a loop of idle
 * connects would. */
static gpointer
flood_thread (gpointer data)
{
  Flood *flood = data;
  g_autoptr (GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GSocketClient) client = g_socket_client_new ();

  g_socket_client_set_timeout (client, 5);
  for (int i = 0; i < FLOOD_CONNECTIONS && !g_atomic_int_get (&flood->stop); i++)
    {
      g_autoptr (GError) error = NULL;
      GSocketConnection *connection
          = g_socket_client_connect_to_host (client, "127.0.0.1", flood->port, NULL, &error);

      if (connection)
        g_ptr_array_add (held, connection);
      else
        g_atomic_int_inc (&flood->refused);
      g_atomic_int_inc (&flood->opened);
      g_usleep (FLOOD_PAUSE_US);
    }
  while (!g_atomic_int_get (&flood->stop))
    g_usleep (FLOOD_PAUSE_US);
  g_atomic_int_set (&flood->done, TRUE);
  return NULL;
}

/* 300 idle connects in a loop, 16 and more at any time, and an honest game is played to its
 * end meanwhile. */
static void
test_idle_flood (void)
{
  SynPeerOptions options = { NULL, SYN_TIME_CONTROL_DEFAULT, FALSE, SYN_WHITE };
  g_autoptr (NetPair) pair = net_pair_new ("127.0.0.1", &options);
  Flood flood = { syn_peer_get_port (pair->host), 0, 0, FALSE, FALSE };
  GThread *thread = g_thread_new ("flood", flood_thread, &flood);
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  int opened_at_start;

  /* Far more than the host's places for handshakes are taken before the guest comes. */
  while (g_atomic_int_get (&flood.opened) < 50)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      net_test_spin (5);
    }
  net_pair_connect (pair);
  /* The guest came in while the flood went on. */
  opened_at_start = g_atomic_int_get (&flood.opened);
  g_assert_cmpint (opened_at_start, <, FLOOD_CONNECTIONS);
  net_test_wait (&pair->guest_bot->over, 120, "the honest game's end");
  net_test_wait (&pair->host_bot->over, 20, "the host's end of the game");
  g_test_message ("the game started after %d idle connections and took %u turns; %d connections "
                  "came in all, %d could not even connect",
                  opened_at_start, pair->guest_bot->turns, g_atomic_int_get (&flood.opened),
                  g_atomic_int_get (&flood.refused));
  net_assert_same_game (syn_peer_get_game (pair->host), syn_peer_get_game (pair->guest));

  g_atomic_int_set (&flood.stop, TRUE);
  while (!g_atomic_int_get (&flood.done))
    net_test_spin (5);
  g_thread_join (thread);
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("test-host-flood");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/host/idle-flood-keeps-honest-guest", test_idle_flood);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  return status;
}
