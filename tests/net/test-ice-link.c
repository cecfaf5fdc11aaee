/* test-ice-link.c: two ICE links on 127.0.0.1 only (no STUN, no TURN, no UPnP: nothing
 * leaves this machine), each side's certificate pinned from the invite and answer: a whole
 * game over the pair, and a man in the middle refused.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "net-test-util.h"
#include "syn-ice-link.h"
#include "syn-invite.h"

static char *test_dir;

typedef struct
{
  SynIceLink *link;
  SynIceOffer offer;
  GIOStream *stream;
  GError *error;
  gboolean done;
} Side;

static void
side_clear (Side *side)
{
  g_clear_object (&side->stream);
  g_clear_object (&side->link);
  g_clear_error (&side->error);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Side, side_clear)

static void
on_gathered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Side *side = user_data;

  g_assert_true (
      syn_ice_link_gather_finish (SYN_ICE_LINK (source), result, &side->offer, &side->error));
  side->done = TRUE;
}

static void
on_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Side *side = user_data;

  side->stream = syn_ice_link_connect_finish (SYN_ICE_LINK (source), result, &side->error);
  side->done = TRUE;
}

static void
gather (Side *side, gboolean controlling)
{
  side->link = syn_ice_link_new (controlling);
  syn_ice_link_set_upnp (side->link, FALSE);
  syn_ice_link_add_local_address (side->link, "127.0.0.1");
  side->done = FALSE;
  syn_ice_link_gather_async (side->link, NULL, on_gathered_cb, side);
  net_test_wait (&side->done, 10, "the candidates");
  g_assert_no_error (side->error);
  g_assert_cmpuint (side->offer.n_candidates, >=, 1);
  for (guint i = 0; i < side->offer.n_candidates; i++)
    g_assert_cmpstr (side->offer.candidates[i].address, ==, "127.0.0.1");
}

/* Gathers both sides, passes each its invite or answer as text, and connects them. */
static void
connect_sides (Side *inviter, Side *answerer, const char *inviter_cert, const char *answerer_cert,
               SynInvite *invite_out, SynInviteAnswer *answer_out)
{
  SynInvite invite;
  SynInviteAnswer answer;
  g_autofree char *invite_text = NULL;
  g_autofree char *answer_text = NULL;
  g_autoptr (GError) error = NULL;

  gather (inviter, TRUE);
  syn_invite_init (&invite, inviter_cert, &inviter->offer);
  invite_text = syn_invite_to_text (&invite);
  g_assert_true (syn_invite_parse (invite_text, invite_out, &error));
  gather (answerer, FALSE);
  syn_invite_answer_init (&answer, invite_out, answerer_cert, &answerer->offer);
  answer_text = syn_invite_answer_to_text (&answer);
  g_assert_true (syn_invite_answer_parse (answer_text, answer_out, &error));
  g_assert_true (syn_invite_answer_check (answer_out, &invite, &error));
  g_assert_no_error (error);

  inviter->done = answerer->done = FALSE;
  syn_ice_link_connect_async (answerer->link, &invite_out->ice, NULL, on_connected_cb, answerer);
  syn_ice_link_connect_async (inviter->link, &answer_out->ice, NULL, on_connected_cb, inviter);
  net_test_wait (&inviter->done, 20, "the inviter's ICE connection");
  net_test_wait (&answerer->done, 20, "the answerer's ICE connection");
  g_assert_no_error (inviter->error);
  g_assert_no_error (answerer->error);
  g_assert_nonnull (inviter->stream);
  g_assert_nonnull (answerer->stream);
}

static void
on_peer_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;

  if (!syn_peer_connect_stream_finish (SYN_PEER (source), result, error))
    g_assert_nonnull (*error);
}

/* Starts the handshake of host and guest over the two sides' streams, each pinned to the
 * certificate given; what each ends with lands in its error. */
static void
start_peers (SynPeer *host, Side *inviter, const char *host_expects, GError **host_error,
             SynPeer *guest, Side *answerer, const char *guest_expects, GError **guest_error)
{
  SynPeerOptions options = { &syn_variant_psc, { 0 }, FALSE, SYN_WHITE };

  syn_peer_set_autosave (host, FALSE);
  syn_peer_set_autosave (guest, FALSE);
  syn_peer_set_options (host, &options);
  syn_peer_set_expected_certificate (host, host_expects);
  syn_peer_set_expected_certificate (guest, guest_expects);
  syn_peer_connect_stream_async (host, inviter->stream, TRUE, NULL, on_peer_connected_cb,
                                 host_error);
  syn_peer_connect_stream_async (guest, answerer->stream, FALSE, NULL, on_peer_connected_cb,
                                 guest_error);
}

static char *
digest_of (SynIdentity *identity)
{
  return syn_certificate_digest (syn_identity_get_certificate (identity));
}

static void
test_game (void)
{
  g_auto (Side) inviter = { 0 };
  g_auto (Side) answerer = { 0 };
  g_autoptr (SynIdentity) host_id = net_test_identity ("ice-host");
  g_autoptr (SynIdentity) guest_id = net_test_identity ("ice-guest");
  g_autofree char *host_cert = digest_of (host_id);
  g_autofree char *guest_cert = digest_of (guest_id);
  g_autoptr (SynPeer) host = syn_peer_new (host_id, "Inviter");
  g_autoptr (SynPeer) guest = syn_peer_new (guest_id, "Answerer");
  g_autoptr (NetBot) host_bot = net_bot_new (host, 1);
  g_autoptr (NetBot) guest_bot = net_bot_new (guest, 2);
  SynInvite invite;
  SynInviteAnswer answer;
  SynIceCandidateType local, remote;
  GError *host_error = NULL, *guest_error = NULL;

  connect_sides (&inviter, &answerer, host_cert, guest_cert, &invite, &answer);
  g_assert_true (syn_ice_link_get_selected_pair (inviter.link, &local, &remote));
  g_assert_cmpint (local, ==, SYN_ICE_HOST);
  g_assert_cmpint (remote, ==, SYN_ICE_HOST);

  start_peers (host, &inviter, answer.certificate, &host_error, guest, &answerer,
               invite.certificate, &guest_error);
  net_test_wait (&host_bot->over, 120, "the inviter's game");
  net_test_wait (&guest_bot->over, 120, "the answerer's game");
  g_assert_no_error (host_error);
  g_assert_no_error (guest_error);
  g_assert_true (syn_peer_is_host (host));
  g_assert_true (syn_peer_get_peer_verified (host));
  g_assert_true (syn_peer_get_peer_verified (guest));
  net_assert_same_game (syn_peer_get_game (host), syn_peer_get_game (guest));
  /* The host's goodbye gets through: the guest ends without an error. */
  syn_peer_close (host);
  net_test_wait (&guest_bot->disconnected, 10, "the host's goodbye");
  g_assert_null (guest_bot->disconnect_error);
  net_test_spin (50);
}

/* Someone in between answers with its own certificate: the inviter, pinned to the answer's
 * digest it was given, meets another and refuses it; so does the answerer. */
static void
test_man_in_the_middle (void)
{
  g_auto (Side) inviter = { 0 };
  g_auto (Side) answerer = { 0 };
  g_autoptr (SynIdentity) host_id = net_test_identity ("mitm-host");
  g_autoptr (SynIdentity) guest_id = net_test_identity ("mitm-guest");
  g_autoptr (SynIdentity) mallory_id = net_test_identity ("mitm-mallory");
  g_autofree char *host_cert = digest_of (host_id);
  g_autofree char *mallory_cert = digest_of (mallory_id);
  g_autoptr (SynPeer) host = syn_peer_new (host_id, "Inviter");
  g_autoptr (SynPeer) guest = syn_peer_new (guest_id, "Answerer");
  SynInvite invite;
  SynInviteAnswer answer;
  GError *host_error = NULL, *guest_error = NULL;

  connect_sides (&inviter, &answerer, host_cert, mallory_cert, &invite, &answer);
  start_peers (host, &inviter, answer.certificate, &host_error, guest, &answerer, mallory_cert,
               &guest_error);
  while (!host_error || !guest_error)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (host_error, SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER);
  g_assert_error (guest_error, SYN_PEER_ERROR, SYN_PEER_ERROR_WRONG_PEER);
  g_assert_false (syn_peer_is_connected (host));
  g_clear_error (&host_error);
  g_clear_error (&guest_error);
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("ice-link");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ice-link/game", test_game);
  g_test_add_func ("/ice-link/man-in-the-middle", test_man_in_the_middle);
  status = g_test_run ();
  net_test_cleanup (test_dir);
  return status;
}
