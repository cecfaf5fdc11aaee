/* syn-discovery.c: what publishing and finding games share.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "syn-discovery.h"

gboolean
syn_discovery_is_digest (const char *text)
{
  if (!text)
    return FALSE;
  for (int i = 0; i < 64; i++)
    if (!g_ascii_isdigit (text[i]) && !(text[i] >= 'a' && text[i] <= 'f'))
      return FALSE;
  return text[64] == '\0';
}
