/* test-app-invite.c: Invite over the Internet in the real application (under Xvfb), with
 * synchess-cli accept-invite as the other player: the invitation shown, the answer pasted,
 * and the game begins; and the other way round, Accept an Invitation against synchess-cli
 * invite. ICE gathers on every interface, so this runs only inside the
 * namespaces of tests/netns/ice-netns.sh (scenario "app"), which sets SYNCHESS_IN_NETNS.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "app-test-util.h"
#include "syn-invite-dialog.h"

static gboolean
is_shown_text (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_selectable (GTK_LABEL (widget))
         && gtk_widget_is_drawable (widget) && gtk_label_get_text (GTK_LABEL (widget))[0];
}

static gboolean
invitation_shown (gpointer data)
{
  return app_test_find (data, is_shown_text, NULL) != NULL;
}

typedef struct
{
  GDataInputStream *out;
  char *answer;
} Guest;

static void
on_answer_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Guest *guest = user_data;

  guest->answer = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                             NULL, NULL);
  if (!guest->answer)
    guest->answer = g_strdup ("");
}

static gboolean
has_answer (gpointer data)
{
  return ((Guest *) data)->answer != NULL;
}

/* synchess-cli with argv, in folders of its own; its first stdout line goes to
 * guest->answer. */
static GSubprocess *
cli_start (const char *const *argv, Guest *guest)
{
  g_autoptr (GSubprocessLauncher) launcher
      = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE
                                   | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr (GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp ("synchess-cli-XXXXXX", &error);
  g_autofree char *config = g_build_filename (home, "config", NULL);
  g_autofree char *data = g_build_filename (home, "data", NULL);
  GSubprocess *process;

  g_assert_no_error (error);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  guest->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  g_data_input_stream_read_line_async (guest->out, G_PRIORITY_DEFAULT, NULL, on_answer_cb, guest);
  return process;
}

static GSubprocess *
guest_start (const char *invite, Guest *guest)
{
  const char *argv[]
      = { g_getenv ("SYNCHESS_CLI"), "accept-invite", invite, "--move-delay", "1000", NULL };

  return cli_start (argv, guest);
}

static gboolean
skip_outside_namespaces (void)
{
  if (g_getenv ("SYNCHESS_IN_NETNS"))
    return FALSE;
  g_test_skip ("ICE would gather on every interface of this machine: run it through "
               "tests/netns/ice-netns.sh app");
  return TRUE;
}

/* The app, with no STUN server: nothing outside the namespaces is asked. */
static SynWindow *
start_app (SynApplication **app, GSettings *settings)
{
  SynWindow *window;

  g_settings_set_string (settings, "stun-server", "");
  window = app_test_start (app, 1280, 800);
  g_assert_nonnull (window);
  return window;
}

/* Ends the other side (cli) and the app, and gives the STUN server back. */
static void
finish (SynApplication *app, SynWindow *window, GSettings *settings, GSubprocess *cli, Guest *other)
{
  g_subprocess_force_exit (cli);
  g_clear_object (&other->out);
  g_free (other->answer);
  app_test_quit (app, window);
  g_settings_reset (settings, "stun-server");
}

static void
test_invite_then_game (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr (GSubprocess) cli = NULL;
  Guest guest = { 0 };
  SynApplication *app = NULL;
  SynWindow *window;
  GtkWidget *dialog, *row, *connect;
  const char *invite;

  if (skip_outside_namespaces ())
    return;
  window = start_app (&app, settings);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.invite-game", NULL);
  dialog = GTK_WIDGET (app_test_first_toplevel (SYN_TYPE_INVITE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_true (app_test_iterate_until (invitation_shown, dialog, 20000));
  invite = gtk_label_get_text (GTK_LABEL (app_test_find (dialog, is_shown_text, NULL)));
  g_assert_true (g_str_has_prefix (invite, "c3luY2hlc3M6aW52aXRl")); /* "synchess:invite" */

  cli = guest_start (invite, &guest);
  g_assert_true (app_test_iterate_until (has_answer, &guest, 20000));
  row = app_test_find_type (dialog, ADW_TYPE_ENTRY_ROW);
  gtk_editable_set_text (GTK_EDITABLE (row), guest.answer);
  connect = app_test_find (dialog, app_test_has_label, "C_onnect");
  g_assert_true (gtk_widget_is_sensitive (connect));
  g_signal_emit_by_name (connect, "clicked");
  g_assert_true (app_test_iterate_until (app_test_network_game_begun, window, 20000));

  finish (app, window, settings, cli, &guest);
}

static gboolean
widget_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* Accept an Invitation with synchess-cli's invite (as a synchess: link would open it): the
 * answer shown goes back to the inviter, and its proposal is taken. */
static void
test_accept_then_game (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr (GSubprocess) cli = NULL;
  g_autofree char *line = NULL;
  const char *argv[] = { g_getenv ("SYNCHESS_CLI"), "invite", "--move-delay", "1000", NULL };
  Guest inviter = { 0 };
  SynApplication *app = NULL;
  SynWindow *window;
  GtkWidget *dialog, *answer_button, *accept_button;
  const char *subtitle;

  if (skip_outside_namespaces ())
    return;
  window = start_app (&app, settings);
  cli = cli_start (argv, &inviter);
  g_assert_true (app_test_iterate_until (has_answer, &inviter, 20000));
  g_assert_true (g_str_has_prefix (inviter.answer, "c3luY2hlc3M6aW52aXRl"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.accept-invite", "s", inviter.answer);
  dialog = GTK_WIDGET (app_test_first_toplevel (SYN_TYPE_INVITE_DIALOG));
  g_assert_nonnull (dialog);
  answer_button = app_test_find (dialog, app_test_has_label, "_Answer");
  g_assert_true (gtk_widget_is_sensitive (answer_button));
  g_signal_emit_by_name (answer_button, "clicked");
  g_assert_true (app_test_iterate_until (invitation_shown, dialog, 20000));
  line = g_strdup_printf (
      "%s\n", gtk_label_get_text (GTK_LABEL (app_test_find (dialog, is_shown_text, NULL))));
  g_assert_true (g_str_has_prefix (line, "c3luY2hlc3M6YW5zd2Vy")); /* "synchess:answer" */
  g_assert_true (g_output_stream_write_all (g_subprocess_get_stdin_pipe (cli), line, strlen (line),
                                            NULL, NULL, NULL));
  /* The proposal is read before the game begins, as when joining a host. */
  accept_button = app_test_find (dialog, app_test_has_label, "_Accept");
  g_assert_nonnull (accept_button);
  g_assert_true (app_test_iterate_until (widget_mapped, accept_button, 20000));
  g_assert_false (syn_peer_get_game (syn_window_get_peer (window)));
  subtitle = adw_action_row_get_subtitle (
      ADW_ACTION_ROW (app_test_find_type (dialog, ADW_TYPE_ACTION_ROW)));
  g_assert_true (g_str_has_prefix (subtitle, "Parrow Synchronous Chess"));
  g_assert_nonnull (strstr (subtitle, "you play Black"));
  app_test_shoot_widget (dialog, "accept-invitation-proposal.png", 300);
  g_signal_emit_by_name (accept_button, "clicked");
  g_assert_true (app_test_iterate_until (app_test_network_game_begun, window, 20000));

  finish (app, window, settings, cli, &inviter);
}

int
main (int argc, char **argv)
{
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  app_test_init (&argc, &argv);
  g_test_add_func ("/app/invite/invite-then-game", test_invite_then_game);
  g_test_add_func ("/app/invite/accept-then-game", test_accept_then_game);
  return g_test_run ();
}
