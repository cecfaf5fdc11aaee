/* syn-setup-text.h: the faults of a position set up by hand (setup.h), in the user's words.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "setup.h"

G_BEGIN_DECLS

/* fault in a sentence that names the squares at fault ("White has two kings"). */
char *syn_setup_fault_text (const SynSetup *setup, const SynFault *fault);

/* Every fault of setup, one sentence a line; NULL when it has none. */
char *syn_setup_faults_text (const SynSetup *setup);

G_END_DECLS
