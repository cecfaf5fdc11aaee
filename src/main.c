/* main.c: starts Synchess.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "syn-application.h"

/* With the cairo renderer asked for, OpenGL is never used: not setting it up saves the time
 * and memory of loading the driver (with Mesa's software driver, some 60 MB). */
static void
skip_unused_gl (void)
{
  const char *debug = g_getenv ("GDK_DEBUG");
  g_autofree char *flags = NULL;

  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "cairo") != 0)
    return;
  flags = debug && *debug ? g_strconcat (debug, ",gl-disable", NULL) : g_strdup ("gl-disable");
  g_setenv ("GDK_DEBUG", flags, TRUE);
}

int
main (int argc, char **argv)
{
  g_autoptr (SynApplication) app = NULL;
  int status;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  skip_unused_gl ();
  app = syn_application_new ();
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status ? status : syn_application_get_exit_status (app);
}
