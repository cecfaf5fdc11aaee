/* cli-invite.c: synchess-cli invite and accept-invite: two players behind NATs meet through
 * ICE (docs/cli.md): the inviter prints an invite and reads the answer on stdin, the other
 * side prints the answer; each pins the other's certificate from them, and the bots play as
 * host and join do.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-cli"

#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli-invite.h"
#include "syn-ice-link.h"
#include "syn-invite.h"

#define ICE_OPTIONS "[--stun HOST[:PORT]] [--turn USER:PASS@HOST[:PORT]]"
#define INVITE_USAGE                                                                               \
  "invite " ICE_OPTIONS " [--variant ID] [--bot random|simple] [--games N] "                       \
  "[--time-control TC] [--fog] [--seed N] [--move-delay MS] [--name NAME]"
#define ACCEPT_USAGE                                                                               \
  "accept-invite INVITE " ICE_OPTIONS " [--bot random|simple] [--fog] [--seed N] "                 \
  "[--move-delay MS] [--name NAME]"

/* An answer is one line; anything longer is not one. */
#define MAX_ANSWER_LINE (SYN_INVITE_MAX_TEXT + 2)

typedef struct
{
  gboolean inviter;
  SynIceLink *link;
  SynInvite invite; /* ours, or the one accepted */
  char *certificate;
  SynPeer *peer;
  GMainLoop *loop;
  int *status;
  GString *answer_line;
  guint stdin_id;
  gint64 answer_us; /* when the answer came (inviter) */
  gboolean started;
} Invitation;

static void
invitation_clear (Invitation *inv)
{
  g_clear_handle_id (&inv->stdin_id, g_source_remove);
  g_clear_object (&inv->link);
  g_clear_pointer (&inv->certificate, g_free);
  if (inv->answer_line)
    g_string_free (g_steal_pointer (&inv->answer_line), TRUE);
}

static void
give_up (Invitation *inv, const char *what, const GError *error)
{
  cli_fail (CLI_BAD_INPUT, "%s: %s", what, error->message);
  *inv->status = CLI_BAD_INPUT;
  g_main_loop_quit (inv->loop);
}

/* Both sides: the ICE pair, then TLS and the protocol on it ------------------------------- */

static void
on_peer_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Invitation *inv = user_data;
  g_autoptr (GError) error = NULL;

  if (!syn_peer_connect_stream_finish (SYN_PEER (source), result, &error))
    give_up (inv, "cannot connect", error);
}

static void
on_ice_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Invitation *inv = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GIOStream) stream = syn_ice_link_connect_finish (inv->link, result, &error);
  SynIceCandidateType local, remote;

  if (!stream)
    {
      give_up (inv, "cannot connect", error);
      return;
    }
  if (syn_ice_link_get_selected_pair (inv->link, &local, &remote))
    fprintf (stderr, "synchess-cli: ICE pair local=%s remote=%s\n",
             syn_ice_candidate_type_to_text (local), syn_ice_candidate_type_to_text (remote));
  syn_peer_connect_stream_async (inv->peer, stream, inv->inviter, NULL, on_peer_connected_cb, inv);
}

static void
on_game_started_cb (SynPeer *peer, gboolean resumed, Invitation *inv)
{
  SynIceCandidateType local, remote;

  if (inv->started)
    return;
  inv->started = TRUE;
  /* ICE may have settled on a better pair since the connection came up. */
  if (syn_ice_link_get_selected_pair (inv->link, &local, &remote))
    fprintf (stderr, "synchess-cli: ICE pair in use local=%s remote=%s\n",
             syn_ice_candidate_type_to_text (local), syn_ice_candidate_type_to_text (remote));
  if (inv->inviter)
    fprintf (stderr, "synchess-cli: ready to play %.1f ms after the answer\n",
             (double) (g_get_monotonic_time () - inv->answer_us) / 1000.0);
}

/* The inviter ---------------------------------------------------------------------------- */

static void
take_answer (Invitation *inv, const char *text)
{
  SynInviteAnswer answer;
  g_autoptr (GError) error = NULL;

  inv->answer_us = g_get_monotonic_time ();
  if (!syn_invite_answer_parse (text, &answer, &error)
      || !syn_invite_answer_check (&answer, &inv->invite, &error)
      || !syn_invite_check_time (&inv->invite, g_get_real_time () / G_USEC_PER_SEC, &error))
    {
      give_up (inv, "refused the answer", error);
      return;
    }
  syn_peer_set_expected_certificate (inv->peer, answer.certificate);
  syn_ice_link_connect_async (inv->link, &answer.ice, NULL, on_ice_connected_cb, inv);
}

/* Reads stdin up to the answer's line end, without blocking the game's main loop. */
static gboolean
on_stdin_cb (int fd, GIOCondition condition, gpointer user_data)
{
  Invitation *inv = user_data;
  char buffer[512];
  ssize_t n = read (fd, buffer, sizeof buffer);
  const char *end;

  if (n < 0 && (errno == EINTR || errno == EAGAIN))
    return G_SOURCE_CONTINUE;
  if (n > 0)
    g_string_append_len (inv->answer_line, buffer, n);
  end = memchr (inv->answer_line->str, '\n', inv->answer_line->len);
  if (!end && n > 0 && inv->answer_line->len <= MAX_ANSWER_LINE)
    return G_SOURCE_CONTINUE;
  inv->stdin_id = 0;
  if (end)
    g_string_truncate (inv->answer_line, (gsize) (end - inv->answer_line->str));
  if (inv->answer_line->len > MAX_ANSWER_LINE)
    {
      g_autoptr (GError) error
          = g_error_new (SYN_INVITE_ERROR, SYN_INVITE_ERROR_TOO_LONG,
                         "the answer is longer than %d characters", SYN_INVITE_MAX_TEXT);
      give_up (inv, "refused the answer", error);
    }
  else if (!end && inv->answer_line->len == 0)
    {
      g_autoptr (GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CLOSED,
                                                      "stdin ended before an answer came");
      give_up (inv, "no answer", error);
    }
  else
    take_answer (inv, inv->answer_line->str);
  return G_SOURCE_REMOVE;
}

/* A STUN or TURN server that could not be found was left out: said, not fatal. */
static void
warn_if_without_server (Invitation *inv)
{
  const char *warning = syn_ice_link_get_warning (inv->link);

  if (warning)
    fprintf (stderr, "synchess-cli: %s\n", warning);
}

static void
on_invite_gathered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Invitation *inv = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *uri = NULL;
  SynIceOffer offer;

  if (!syn_ice_link_gather_finish (inv->link, result, &offer, &error))
    {
      give_up (inv, "cannot make the invite", error);
      return;
    }
  warn_if_without_server (inv);
  syn_invite_init (&inv->invite, inv->certificate, &offer);
  text = syn_invite_to_text (&inv->invite);
  uri = syn_invite_to_uri (&inv->invite);
  printf ("%s\n", text);
  fflush (stdout);
  fprintf (stderr, "synchess-cli: invite as a link: %s\n", uri);
  fprintf (stderr, "synchess-cli: waiting for the answer on stdin\n");
  inv->answer_line = g_string_new (NULL);
  inv->stdin_id = g_unix_fd_add (STDIN_FILENO, G_IO_IN | G_IO_HUP | G_IO_ERR, on_stdin_cb, inv);
}

/* The invited ---------------------------------------------------------------------------- */

static void
on_answer_gathered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Invitation *inv = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  SynInviteAnswer answer;
  SynIceOffer offer;

  if (!syn_ice_link_gather_finish (inv->link, result, &offer, &error))
    {
      give_up (inv, "cannot make the answer", error);
      return;
    }
  warn_if_without_server (inv);
  syn_invite_answer_init (&answer, &inv->invite, inv->certificate, &offer);
  text = syn_invite_answer_to_text (&answer);
  printf ("%s\n", text);
  fflush (stdout);
  /* Checks start now: the inviter's side answers them once it has the answer. */
  syn_ice_link_connect_async (inv->link, &inv->invite.ice, NULL, on_ice_connected_cb, inv);
}

/* The start, either side ------------------------------------------------------------------ */

static void
start (SynPeer *peer, GMainLoop *loop, int *status, gpointer data)
{
  Invitation *inv = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (SynIdentity) identity = syn_identity_new_default (&error);

  inv->peer = peer;
  inv->loop = loop;
  inv->status = status;
  if (!identity)
    {
      give_up (inv, "no certificate", error);
      return;
    }
  inv->certificate = syn_certificate_digest (syn_identity_get_certificate (identity));
  g_signal_connect (peer, "game-started", G_CALLBACK (on_game_started_cb), inv);
  if (inv->inviter)
    syn_ice_link_gather_async (inv->link, NULL, on_invite_gathered_cb, inv);
  else
    {
      syn_peer_set_expected_certificate (peer, inv->invite.certificate);
      syn_ice_link_gather_async (inv->link, NULL, on_answer_gathered_cb, inv);
    }
}

/* Takes --stun and --turn out of argv (the rest goes to the player); FALSE on a bad value. */
static gboolean
take_ice_options (int *argc, char **argv, SynIceLink *link, const char *usage)
{
  int kept = 1;

  for (int i = 1; i < *argc; i++)
    {
      gboolean stun = strcmp (argv[i], "--stun") == 0, turn = strcmp (argv[i], "--turn") == 0;
      g_autoptr (GError) error = NULL;
      g_autofree char *host = NULL, *user = NULL, *password = NULL;
      guint16 port;

      if (!stun && !turn)
        {
          argv[kept++] = argv[i];
          continue;
        }
      if (i + 1 >= *argc)
        return cli_fail (CLI_USAGE, "%s needs a value; usage: %s", argv[i], usage), FALSE;
      if (!syn_ice_parse_server (argv[++i], turn, &host, &port, &user, &password, &error))
        return cli_fail (CLI_USAGE, "%s: %s", argv[i - 1], error->message), FALSE;
      if (stun)
        syn_ice_link_set_stun_server (link, host, port);
      else
        syn_ice_link_set_turn_server (link, host, port, user, password);
    }
  *argc = kept;
  argv[kept] = NULL;
  return TRUE;
}

static int
run (int argc, char **argv, gboolean inviter, const char *usage, Invitation *inv)
{
  g_autofree char **args = g_new0 (char *, argc + 1);
  int status;

  memcpy (args, argv, sizeof (char *) * (gsize) argc);
  inv->inviter = inviter;
  inv->link = syn_ice_link_new (inviter);
  if (!take_ice_options (&argc, args, inv->link, usage))
    {
      invitation_clear (inv);
      return CLI_USAGE;
    }
  status = cli_peer_run_invited (argc, args, inviter, usage, start, inv);
  invitation_clear (inv);
  return status;
}

int
cli_invite (int argc, char **argv)
{
  Invitation inv = { 0 };

  return run (argc, argv, TRUE, INVITE_USAGE, &inv);
}

int
cli_accept_invite (int argc, char **argv)
{
  Invitation inv = { 0 };
  g_autoptr (GError) error = NULL;

  if (argc < 2 || argv[1][0] == '-')
    return cli_fail (CLI_USAGE, "usage: %s", ACCEPT_USAGE);
  if (!syn_invite_parse (argv[1], &inv.invite, &error)
      || !syn_invite_check_time (&inv.invite, g_get_real_time () / G_USEC_PER_SEC, &error))
    return cli_fail (CLI_BAD_INPUT, "refused the invite: %s", error->message);
  argv[1] = argv[0];
  return run (argc - 1, argv + 1, FALSE, ACCEPT_USAGE, &inv);
}
