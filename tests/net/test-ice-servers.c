/* test-ice-servers.c: an invite is made even when its STUN or TURN server cannot be found
 * (no DNS, a typo, offline): the server is left out and the player told, and this computer's
 * own addresses still go in the invite. Names are looked up by a resolver of the test's own
 * that finds nothing, so nothing leaves this computer.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "syn-ice-link.h"
#include "syn-invite.h"

/* A resolver that knows no name. */
typedef struct
{
  GResolver parent_instance;
} NoNames;
typedef GResolverClass NoNamesClass;

static GType no_names_get_type (void);
G_DEFINE_TYPE (NoNames, no_names, G_TYPE_RESOLVER)

static void
no_names_lookup_async (GResolver *resolver, const char *host, GResolverNameLookupFlags flags,
                       GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (resolver, cancellable, callback, user_data);

  g_task_return_new_error (task, G_RESOLVER_ERROR, G_RESOLVER_ERROR_NOT_FOUND,
                           "no name is known here");
}

static void
no_names_lookup_plain_async (GResolver *resolver, const char *host, GCancellable *cancellable,
                             GAsyncReadyCallback callback, gpointer user_data)
{
  no_names_lookup_async (resolver, host, G_RESOLVER_NAME_LOOKUP_FLAGS_DEFAULT, cancellable,
                         callback, user_data);
}

static GList *
no_names_lookup_finish (GResolver *resolver, GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
no_names_class_init (NoNamesClass *klass)
{
  klass->lookup_by_name_with_flags_async = no_names_lookup_async;
  klass->lookup_by_name_with_flags_finish = no_names_lookup_finish;
  klass->lookup_by_name_async = no_names_lookup_plain_async;
  klass->lookup_by_name_finish = no_names_lookup_finish;
}

static void
no_names_init (NoNames *self)
{
}

typedef struct
{
  gboolean done, ok;
  SynIceOffer offer;
  GError *error;
} Gathered;

static void
on_gathered_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Gathered *gathered = user_data;

  gathered->ok = syn_ice_link_gather_finish (SYN_ICE_LINK (source), result, &gathered->offer,
                                             &gathered->error);
  gathered->done = TRUE;
}

static void
test_server_not_found (void)
{
  g_autoptr (GResolver) resolver = g_object_new (no_names_get_type (), NULL);
  g_autoptr (SynIceLink) link = syn_ice_link_new (TRUE);
  Gathered gathered = { 0 };
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  g_resolver_set_default (resolver);
  syn_ice_link_set_upnp (link, FALSE);
  syn_ice_link_add_local_address (link, "127.0.0.1");
  syn_ice_link_set_stun_server (link, "stun.example", 3478);
  syn_ice_link_set_turn_server (link, "turn.example", 3478, "user", "secret");
  syn_ice_link_gather_async (link, NULL, on_gathered_cb, &gathered);
  while (!gathered.done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (gathered.done);
  g_assert_no_error (gathered.error);
  g_assert_true (gathered.ok);
  g_assert_cmpuint (gathered.offer.n_candidates, >, 0);
  for (guint i = 0; i < gathered.offer.n_candidates; i++)
    g_assert_cmpint (gathered.offer.candidates[i].type, ==, SYN_ICE_HOST);
  g_assert_nonnull (syn_ice_link_get_warning (link));
  g_assert_nonnull (strstr (syn_ice_link_get_warning (link), "stun.example"));
  g_assert_nonnull (strstr (syn_ice_link_get_warning (link), "turn.example"));
  g_test_message ("%s", syn_ice_link_get_warning (link));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/net/ice-servers/not-found-left-out", test_server_not_found);
  return g_test_run ();
}
