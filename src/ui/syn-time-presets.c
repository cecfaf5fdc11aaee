/* syn-time-presets.c: the time controls offered by the New Game and Host dialogs.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-time-presets"

#include "config.h"

#include "syn-time-presets.h"

#include <glib/gi18n.h>

typedef struct
{
  const char *label; /* translatable */
  SynTimeControl tc;
} Preset;

/* The last one opens the custom rows. */
static const Preset presets[] = {
  { N_ ("1 min"), { 60000, 0 } },
  { N_ ("3 min + 2 s"), { 180000, 2000 } },
  { N_ ("5 min + 3 s"), { 300000, 3000 } },
  { N_ ("10 min + 5 s"), { 600000, 5000 } },
  { N_ ("15 min + 10 s"), { 900000, 10000 } },
  { N_ ("30 min + 20 s"), { 1800000, 20000 } },
  { N_ ("No clock"), { 0, 0 } },
  { N_ ("Custom"), { 0, 0 } },
};

#define CUSTOM_PRESET (G_N_ELEMENTS (presets) - 1)

GtkStringList *
syn_time_presets_new_model (void)
{
  GtkStringList *model = gtk_string_list_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    gtk_string_list_append (model, _ (presets[i].label));
  return model;
}

guint
syn_time_presets_find (const SynTimeControl *tc)
{
  for (guint i = 0; i < CUSTOM_PRESET; i++)
    if (presets[i].tc.initial_ms == tc->initial_ms
        && presets[i].tc.increment_ms == tc->increment_ms)
      return i;
  return CUSTOM_PRESET;
}

guint
syn_time_presets_custom (void)
{
  return CUSTOM_PRESET;
}

SynTimeControl
syn_time_presets_get (guint position)
{
  return presets[MIN (position, CUSTOM_PRESET)].tc;
}
