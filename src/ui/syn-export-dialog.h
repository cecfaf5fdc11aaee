/* syn-export-dialog.h: the Export Board dialog: the board as a PNG image or an SVG drawing
 * for study notes, with or without the heatmap and the frozen marks, saved where the user
 * chooses.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-board-export.h"

G_BEGIN_DECLS

#define SYN_TYPE_EXPORT_DIALOG (syn_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (SynExportDialog, syn_export_dialog, SYN, EXPORT_DIALOG, AdwWindow)

/* A dialog for the board of facts as shown (flipped or not); the heatmap starts as the
 * window shows it. */
SynExportDialog *syn_export_dialog_new (GtkWindow *parent, const SynBoardFacts *facts,
                                        gboolean flipped, gboolean heatmap);

/* The options as the dialog's rows set them. */
void syn_export_dialog_get_options (SynExportDialog *self, SynBoardExportOptions *options);

/* Sets the rows to options (flipped is kept from the board). */
void syn_export_dialog_set_options (SynExportDialog *self, const SynBoardExportOptions *options);

/* Writes the board to file with the options shown, as the Export button does once a file is
 * chosen. */
gboolean syn_export_dialog_export_to (SynExportDialog *self, GFile *file, GError **error);

G_END_DECLS
