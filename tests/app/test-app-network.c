/* test-app-network.c: joining a network game in the real application (under Xvfb) with
 * synchess-cli as the host: the codes are confirmed before play, "No" ends the connection,
 * and the other player knows this one by the name set in Preferences.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include <gtk/gtk.h>

#include "app-test-util.h"
#include "net-test-util.h"
#include "syn-host-dialog.h"
#include "syn-join-dialog.h"
#include "syn-preferences-window.h"

/* synchess-cli hosting one game, in folders of its own. */
typedef struct
{
  char *home;
  GPid pid;
} Host;

/* Starts synchess-cli with argv in folders of its own (it must not share this app's
 * identity). */
static void
cli_start (Host *host, const char *const *argv)
{
  g_autoptr (GError) error = NULL;

  host->home = g_dir_make_tmp ("synchess-cli-XXXXXX", &error);
  g_assert_no_error (error);
  app_test_spawn_cli (host->home, argv, &host->pid, NULL);
}

static void
host_start (Host *host, guint16 port)
{
  g_autofree char *port_text = g_strdup_printf ("%u", (guint) port);
  const char *argv[] = { g_getenv ("SYNCHESS_CLI"),
                         "host",
                         "--port",
                         port_text,
                         "--games",
                         "1",
                         "--time-control",
                         "180+2",
                         "--bot",
                         "random",
                         "--seed",
                         "7",
                         NULL };

  cli_start (host, argv);
}

static void
host_stop (Host *host)
{
  kill (host->pid, SIGKILL);
  waitpid (host->pid, NULL, 0);
  app_test_remove_tree (host->home);
  g_free (host->home);
}

/* The widgets */

static GtkWidget *
button (SynJoinDialog *dialog, const char *label)
{
  GtkWidget *found = app_test_find (GTK_WIDGET (dialog), app_test_has_label, label);

  g_assert_nonnull (found);
  return found;
}

static gboolean
is_drawable (gpointer data)
{
  return gtk_widget_is_drawable (data);
}

typedef struct
{
  GtkWidget *match;   /* shows once connected */
  GtkWidget *connect; /* sensitive again once connecting failed */
} JoinWait;

static gboolean
connected_or_failed (gpointer data)
{
  JoinWait *wait = data;
  return gtk_widget_is_drawable (wait->match) || gtk_widget_is_sensitive (wait->connect);
}

/* Opens Join a Game and connects to the host at port, again while the host is still
 * starting (refused), until the code to compare shows. */
static SynJoinDialog *
join (SynWindow *window, guint16 port)
{
  SynJoinDialog *dialog;
  JoinWait wait;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.join-game", NULL);
  dialog = SYN_JOIN_DIALOG (app_test_newest_toplevel (NULL, SYN_TYPE_JOIN_DIALOG));
  g_assert_nonnull (dialog);
  syn_join_dialog_set_address (dialog, "127.0.0.1", port);
  wait.match = button (dialog, "Yes, They _Match");
  wait.connect = button (dialog, "C_onnect");
  for (int tries = 0; tries < 20 && !gtk_widget_is_drawable (wait.match); tries++)
    {
      if (tries > 0)
        app_test_settle (300);
      syn_join_dialog_connect (dialog);
      g_assert_true (app_test_iterate_until (connected_or_failed, &wait, 30000));
    }
  g_assert_true (gtk_widget_is_drawable (wait.match));
  return dialog;
}

/* Tests */

/* The host's proposal waits behind the codes: Accept stays grey until the player says they
 * match, the status no longer waits for a proposal on screen; "No, They Differ" ends the
 * connection and says why. */
static void
test_codes_differ_ends_connection (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  guint16 port = app_test_free_port ();
  Host host = { 0 };
  SynJoinDialog *dialog;
  GtkWidget *accept;

  g_assert_nonnull (window);
  host_start (&host, port);
  dialog = join (window, port);
  accept = button (dialog, "_Accept");
  g_assert_true (app_test_iterate_until (is_drawable, accept, 20000));
  g_assert_false (gtk_widget_is_sensitive (accept));
  app_test_wait_for_text (GTK_WIDGET (dialog), "Compare the code below");
  app_test_shoot_screen ("join-codes.png", 1500);
  g_assert_null (
      app_test_find (GTK_WIDGET (dialog), app_test_shows_text, "Waiting for the proposal"));

  g_signal_emit_by_name (button (dialog, "No, They _Differ"), "clicked");
  app_test_wait_for_text (GTK_WIDGET (dialog), "The codes differ, so the connection was closed");
  g_assert_false (gtk_widget_is_drawable (accept));
  g_assert_false (syn_peer_is_connected (syn_window_get_peer (window)));
  app_test_settle (500);
  app_test_wait_for_text (GTK_WIDGET (dialog), "The codes differ, so the connection was closed");

  gtk_window_close (GTK_WINDOW (dialog));
  host_stop (&host);
  app_test_quit (app, window);
}

/* "Yes, They Match", then Accept: the game begins, and this player goes by the name set in
 * Preferences, not the system's. */
static void
test_codes_match_then_game_with_name (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  SynApplication *app = NULL;
  SynWindow *window;
  guint16 port = app_test_free_port ();
  Host host = { 0 };
  SynJoinDialog *dialog;
  GtkWidget *accept;
  SynGame *game;
  SynColour mine;
  GtkWidget *preferences;

  g_settings_set_string (settings, "player-name", "Ada Lovelace");
  window = app_test_start (&app, 1280, 800);
  g_assert_nonnull (window);
  host_start (&host, port);
  dialog = join (window, port);
  g_signal_emit_by_name (button (dialog, "Yes, They _Match"), "clicked");
  accept = button (dialog, "_Accept");
  g_assert_true (app_test_iterate_until (is_drawable, accept, 20000));
  g_assert_true (gtk_widget_is_sensitive (accept));
  app_test_wait_for_text (GTK_WIDGET (dialog), "Accept or decline the proposal below");
  g_signal_emit_by_name (accept, "clicked");
  g_assert_true (app_test_iterate_until (app_test_network_game_begun, window, 20000));

  game = syn_window_get_game (window);
  mine = syn_game_get_player_kind (game, SYN_WHITE) == SYN_PLAYER_REMOTE ? SYN_BLACK : SYN_WHITE;
  g_assert_cmpstr (syn_game_get_player_name (game, mine), ==, "Ada Lovelace");

  /* A network game cannot pause: Preferences says the clock runs on, and it does. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = GTK_WIDGET (app_test_newest_toplevel (NULL, SYN_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull (preferences);
  g_assert_true (app_test_iterate_until (is_drawable, preferences, 5000));
  g_assert_nonnull (
      app_test_find (preferences, app_test_shows_text, "A network game cannot pause"));
  g_assert_false (syn_clock_is_paused (syn_game_get_clock (game)));
  gtk_window_close (GTK_WINDOW (preferences));
  host_stop (&host);
  app_test_quit (app, window);
  g_settings_reset (settings, "player-name");
}

/* Waiting for a player, the host still shows where to find it: the port and the addresses,
 * "localhost" among them. */
static void
test_host_waiting_shows_addresses (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autoptr (GError) error = NULL;
  SynHostDialog *dialog;
  AppTestTextWait wait;

  g_assert_nonnull (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-game", NULL);
  dialog = SYN_HOST_DIALOG (app_test_newest_toplevel (NULL, SYN_TYPE_HOST_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_true (syn_host_dialog_start (dialog, &error));
  g_assert_no_error (error);
  wait.root = GTK_WIDGET (dialog);
  wait.text = "“localhost” from this computer";
  g_assert_true (app_test_iterate_until (app_test_text_shown, &wait, 5000));
  wait.text = "at one of these addresses";
  g_assert_true (app_test_text_shown (&wait));
  app_test_shoot_screen ("host-waiting.png", 1500);
  gtk_window_close (GTK_WINDOW (dialog));
  app_test_quit (app, window);
}

/* A guest that goes away, at any point before the game starts, leaves the host waiting for
 * the next one: the dialog says so in words (never GIO's "Error receiving data") and an
 * honest guest then plays. */
typedef struct
{
  guint16 port;
  SynIdentity *identity;
  RawClient *client; /* the guest that said hello, until the main thread resets it */
  gboolean hello_done;
} Vanishing;

static gpointer
vanishing_guests_thread (gpointer data)
{
  static const guint8 partial_tls_hello[] = { 0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00 };
  Vanishing *v = data;
  g_autoptr (GError) error = NULL;
  RawClient *client;
  char *line;

  /* The first bytes of a TLS handshake, then a reset. */
  client = raw_client_connect ("127.0.0.1", v->port, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_write_all (client->out, partial_tls_hello, sizeof partial_tls_hello, NULL, NULL,
                             NULL);
  g_usleep (200 * 1000);
  net_test_reset_socket (g_socket_connection_get_socket (client->connection));
  raw_client_free (client);
  /* Through TLS and the greetings, up to the host's proposal; the main thread resets it
   * once the dialog shows the code. */
  v->client = raw_client_connect ("127.0.0.1", v->port, v->identity, &error);
  g_assert_no_error (error);
  g_assert_true (raw_client_send (v->client, "hello synchess 2 Mallory\n", &error));
  while ((line = raw_client_read_message (v->client, &error)) != NULL
         && !g_str_has_prefix (line, "options "))
    g_free (line);
  g_assert_nonnull (line);
  g_free (line);
  return GINT_TO_POINTER (TRUE);
}

static gboolean
shows_no_raw_error (GtkWidget *widget, gconstpointer data)
{
  const char *text = GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : NULL;

  return text && (strstr (text, "Error receiving") || strstr (text, "reset by peer"));
}

static gboolean
dialog_gone (gpointer data)
{
  return app_test_newest_toplevel (NULL, SYN_TYPE_HOST_DIALOG) == NULL;
}

static void
test_host_waits_on_after_guest_vanishes (void)
{
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr (GError) error = NULL;
  g_autofree char *identity_dir = g_dir_make_tmp ("synchess-guest-XXXXXX", &error);
  g_autoptr (SynIdentity) identity = NULL;
  Vanishing v = { app_test_free_port () };
  SynHostDialog *dialog;
  Host guest = { 0 };
  AppTestTextWait wait;

  g_assert_nonnull (window);
  identity = syn_identity_new_for_dir (identity_dir, &error);
  g_assert_no_error (error);
  v.identity = identity;
  g_settings_set_int (settings, "host-port", v.port);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.host-game", NULL);
  dialog = SYN_HOST_DIALOG (app_test_newest_toplevel (NULL, SYN_TYPE_HOST_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_true (syn_host_dialog_start (dialog, &error));
  g_assert_no_error (error);

  g_assert_true (net_test_run_thread (vanishing_guests_thread, &v, 30));
  wait.root = GTK_WIDGET (dialog);
  wait.text = "Mallory connected";
  g_assert_true (app_test_iterate_until (app_test_text_shown, &wait, 10000));
  net_test_reset_socket (g_socket_connection_get_socket (v.client->connection));
  g_clear_pointer (&v.client, raw_client_free);

  wait.text = "Still waiting";
  g_assert_true (app_test_iterate_until (app_test_text_shown, &wait, 10000));
  app_test_shoot_screen ("host-after-guest-vanished.png", 1500);
  g_assert_null (app_test_find (GTK_WIDGET (dialog), shows_no_raw_error, NULL));
  g_assert_null (app_test_find (GTK_WIDGET (window), shows_no_raw_error, NULL));
  wait.text = "Waiting for a Player";
  g_assert_true (app_test_text_shown (&wait));

  /* An honest guest is still welcome on the same port. */
  {
    g_autofree char *port_text = g_strdup_printf ("%u", (guint) v.port);
    const char *argv[] = { g_getenv ("SYNCHESS_CLI"),
                           "join",
                           "127.0.0.1",
                           port_text,
                           "--bot",
                           "random",
                           "--seed",
                           "3",
                           NULL };
    cli_start (&guest, argv);
  }
  g_assert_true (app_test_iterate_until (dialog_gone, NULL, 20000));
  host_stop (&guest);
  g_settings_reset (settings, "host-port");
  app_test_quit (app, window);
  net_test_remove_tree (identity_dir);
}

static gboolean
is_entry_row (GtkWidget *widget, gconstpointer data)
{
  return ADW_IS_ENTRY_ROW (widget);
}

/* Preferences shows the name the other player sees, the system's at first; a name typed
 * there is kept, and typing the system's again lets the name follow the system. */
static void
test_preferences_name_row (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *system = NULL;
  SynApplication *app = NULL;
  SynWindow *window = app_test_start (&app, 1280, 800);
  GtkWidget *preferences, *row;

  g_assert_nonnull (window);
  g_settings_reset (settings, "player-name");
  system = syn_preferences_player_name (settings);
  g_assert_cmpstr (system, !=, "");
  g_assert_cmpstr (system, !=, "Unknown");
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = GTK_WIDGET (app_test_newest_toplevel (NULL, SYN_TYPE_PREFERENCES_WINDOW));
  g_assert_nonnull (preferences);
  row = app_test_find (preferences, is_entry_row, NULL);
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, system);

  gtk_editable_set_text (GTK_EDITABLE (row), "Grace Hopper");
  {
    g_autofree char *stored = g_settings_get_string (settings, "player-name");
    g_autofree char *name = syn_preferences_player_name (settings);
    g_assert_cmpstr (stored, ==, "Grace Hopper");
    g_assert_cmpstr (name, ==, "Grace Hopper");
  }
  gtk_editable_set_text (GTK_EDITABLE (row), system);
  {
    g_autofree char *stored = g_settings_get_string (settings, "player-name");
    g_assert_cmpstr (stored, ==, "");
  }
  gtk_window_close (GTK_WINDOW (preferences));
  app_test_quit (app, window);
}

int
main (int argc, char **argv)
{
  /* Loopback needs no proxy, and GNOME's resolver wants system schemas the isolated
   * folders do not have. */
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  app_test_init (&argc, &argv);

  g_test_add_func ("/app/network/codes-differ-ends-connection", test_codes_differ_ends_connection);
  g_test_add_func ("/app/network/codes-match-then-game-with-name",
                   test_codes_match_then_game_with_name);
  g_test_add_func ("/app/network/host-waiting-shows-addresses", test_host_waiting_shows_addresses);
  g_test_add_func ("/app/network/preferences-name-row", test_preferences_name_row);
  g_test_add_func ("/app/network/host-waits-on-after-guest-vanishes",
                   test_host_waits_on_after_guest_vanishes);
  return g_test_run ();
}
