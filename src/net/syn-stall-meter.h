/* syn-stall-meter.h: how long this program itself did not run (stopped, swapped out, a
 * machine under load), so that its clock checks do not blame the other side for it.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _SynStallMeter SynStallMeter;

/* Starts measuring on the thread-default main context. */
SynStallMeter *syn_stall_meter_new (void);
void syn_stall_meter_free (SynStallMeter *meter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SynStallMeter, syn_stall_meter_free)

/* The milliseconds the program did not run in stalls that ended at or after since_us (on the
 * monotonic clock), the one going on right now included. */
gint64 syn_stall_meter_since (SynStallMeter *meter, gint64 since_us);

G_END_DECLS
