/* bench-resume-find.c: how long a host takes to find the game to resume among many saved
 * records. A SynPeer host on 127.0.0.1 plays one turn with a raw guest, which leaves; then
 * RECORDS other records (finished games, with other pairs, about 2 KB each) are written
 * into the autosave folder, and the guest connects again COUNT times: the time from its
 * hello leaving to the host's resume arriving (TLS handshake excluded), median and worst.
 * Then the index of network games is removed once and the time of that connection (the
 * rebuild) is shown.
 *
 * Usage: bench-resume-find [RECORDS] [COUNT]   (defaults 20000 and 5)
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net-test-util.h"
#include "syn-protocol.h"
#include "syn-record.h"

typedef struct
{
  SynIdentity *identity;
  guint16 port;
  char id[SYN_PROTOCOL_ID_MAX + 1];
  gint64 elapsed_us;
} Guest;

static char *
read_message (RawClient *client)
{
  g_autoptr (GError) error = NULL;
  char *line = raw_client_read_message (client, &error);

  if (!line)
    g_error ("the connection ended: %s", error ? error->message : "");
  return line;
}

static gpointer
first_game (gpointer data)
{
  Guest *guest = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (RawClient) client
      = raw_client_connect ("127.0.0.1", guest->port, guest->identity, &error);
  guint8 salt[SYN_PROTOCOL_SALT_SIZE] = { 1 }, digest[SYN_PROTOCOL_DIGEST_SIZE];
  char salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1], digest_hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1];
  g_autofree char *commit = NULL, *reveal = NULL;
  SynMessage m;
  SynParseError parse_error;

  g_assert_no_error (error);
  raw_client_send (client, "hello synchess 2 Bench\n", NULL);
  g_free (read_message (client)); /* hello */
  {
    g_autofree char *options = read_message (client);
    g_assert_true (syn_message_parse (options, strlen (options), &m, &parse_error));
    g_strlcpy (guest->id, m.id, sizeof guest->id);
  }
  raw_client_send (client, "accept fog=no\n", NULL);
  syn_protocol_hex (salt, sizeof salt, salt_hex);
  syn_protocol_commitment (guest->id, 0, SYN_BLACK, "e7e6", salt, digest);
  syn_protocol_hex (digest, sizeof digest, digest_hex);
  commit = g_strdup_printf ("commit 0 %s 0\n", digest_hex);
  reveal = g_strdup_printf ("reveal 0 e7e6 %s\n", salt_hex);
  g_free (read_message (client)); /* the host's commit */
  raw_client_send (client, commit, NULL);
  g_free (read_message (client)); /* its reveal */
  raw_client_send (client, reveal, NULL);
  g_free (read_message (client)); /* commit 1 */
  return NULL;
}

static gpointer
come_back (gpointer data)
{
  Guest *guest = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (RawClient) client
      = raw_client_connect ("127.0.0.1", guest->port, guest->identity, &error);
  g_autofree char *hello = NULL, *resume = NULL;
  gint64 start;

  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  raw_client_send (client, "hello synchess 2 Bench\n", NULL);
  hello = read_message (client);
  resume = read_message (client);
  guest->elapsed_us = g_get_monotonic_time () - start;
  if (!g_str_has_prefix (resume, "resume "))
    g_error ("expected a resume, got '%s'", resume);
  raw_client_send (client, "bye\n", NULL);
  return NULL;
}

static void
write_records (guint records)
{
  g_autoptr (GFile) dir = syn_record_autosave_dir ();
  g_autofree char *path = g_file_get_path (dir);
  GString *moves = g_string_new (NULL);

  for (guint turn = 1; turn <= 40; turn++)
    g_string_append_printf (moves, "%u. e2e4 e7e5 {w 120.0 b 118.5}\n", turn);
  for (guint i = 0; i < records; i++)
    {
      g_autofree char *name = g_strdup_printf ("2020-01-01-000000-%06x.synchess", i);
      g_autofree char *file = g_build_filename (path, name, NULL);
      g_autofree char *text = g_strdup_printf (
          "[Event \"Synchess network game\"]\n[Site \"?\"]\n[Date \"2020.01.01\"]\n"
          "[White \"Someone\"]\n[Black \"Another\"]\n[Result \"1-0\"]\n[Variant \"psc\"]\n"
          "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"
          "[TimeControl \"180+2\"]\n[Fog \"false\"]\n[NetPair \"%064x\"]\n\n%s1-0\n",
          i, moves->str);
      g_assert_true (g_file_set_contents (file, text, -1, NULL));
    }
  g_string_free (moves, TRUE);
}

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char *argv[])
{
  guint records = argc > 1 ? (guint) atoi (argv[1]) : 20000;
  guint count = argc > 2 ? (guint) atoi (argv[2]) : 5;
  g_autofree char *dir = net_test_init_dirs ("bench-resume-find");
  g_autoptr (SynIdentity) host_identity = net_test_identity ("bench-host");
  g_autoptr (SynIdentity) guest_identity = net_test_identity ("bench-guest");
  SynPeer *host = syn_peer_new (host_identity, "Bench host");
  NetBot *bot = net_bot_new (host, 1);
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  Guest guest = { .identity = guest_identity };
  g_autoptr (GFile) autosave = syn_record_autosave_dir ();
  g_autoptr (GFile) index = g_file_get_child (autosave, "network-games.index");
  gint64 t;

  g_assert_true (syn_peer_listen (host, "127.0.0.1", 0, &error));
  guest.port = syn_peer_get_port (host);
  net_test_run_thread (first_game, &guest, 30);
  net_test_spin (200);
  /* A host started again holds only what is saved. */
  syn_peer_close (host);
  net_bot_free (bot);
  g_object_unref (host);

  t = g_get_monotonic_time ();
  write_records (records);
  printf ("%u records written in %.1f s\n", records,
          (double) (g_get_monotonic_time () - t) / G_USEC_PER_SEC);

  host = syn_peer_new (host_identity, "Bench host");
  bot = net_bot_new (host, 1);
  g_assert_true (syn_peer_listen (host, "127.0.0.1", 0, &error));
  guest.port = syn_peer_get_port (host);
  for (guint i = 0; i < count; i++)
    {
      net_test_run_thread (come_back, &guest, 120);
      g_array_append_val (times, guest.elapsed_us);
      net_test_spin (100);
    }
  g_array_sort (times, compare_gint64);
  printf ("hello to resume among %u records: median %.1f ms, worst %.1f ms (%u connections)\n",
          records, g_array_index (times, gint64, count / 2) / 1000.0,
          g_array_index (times, gint64, count - 1) / 1000.0, count);

  g_file_delete (index, NULL, NULL);
  net_test_run_thread (come_back, &guest, 120);
  printf ("the same, the index of network games missing (rebuilt): %.1f ms\n",
          guest.elapsed_us / 1000.0);

  syn_peer_close (host);
  net_test_spin (50);
  net_bot_free (bot);
  g_object_unref (host);
  net_test_cleanup (dir);
  return 0;
}
