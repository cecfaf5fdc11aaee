/* main.c: starts Synchess.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "syn-application.h"

int
main (int argc, char **argv)
{
  g_autoptr (SynApplication) app = NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  int status;

  app = syn_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status ? status : syn_application_get_exit_status (app);
}
