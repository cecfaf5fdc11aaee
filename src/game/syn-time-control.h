/* syn-time-control.h: a time control: time for the game and an increment per move.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64 initial_ms;   /* 0: no clock at all */
  gint64 increment_ms; /* added to a player's clock when their move is executed (PSC-R11) */
} SynTimeControl;

/* PSC-R11's default: 3 minutes plus 2 seconds a move. */
#define SYN_TIME_CONTROL_DEFAULT ((SynTimeControl){ 180000, 2000 })

/* "180+2" (seconds + seconds; fractions allowed: "30+0.5"), or "-" for no clock. */
gboolean syn_time_control_parse (const char *text, SynTimeControl *out);
char *syn_time_control_to_string (const SynTimeControl *tc);

G_END_DECLS
