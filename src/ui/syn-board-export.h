/* syn-board-export.h: a board drawn for study notes, as a PNG image or an SVG drawing (the
 * squares as rectangles, the pieces from the app's own SVG set, so the drawing stays sharp
 * at any size), with or without the heatmap and the frozen marks.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-board-facts.h"

G_BEGIN_DECLS

typedef enum
{
  SYN_BOARD_EXPORT_PNG,
  SYN_BOARD_EXPORT_SVG,
} SynBoardExportFormat;

typedef struct
{
  SynBoardExportFormat format;
  int size;             /* the board's side, in pixels */
  gboolean heatmap;     /* squares tinted by who controls them, PSC-R2 */
  gboolean frozen;      /* frozen pieces marked, PSC-R3 */
  gboolean coordinates; /* files and ranks written along the edges */
  gboolean flipped;     /* Black at the bottom */
} SynBoardExportOptions;

#define SYN_BOARD_EXPORT_MIN_SIZE 64
#define SYN_BOARD_EXPORT_MAX_SIZE 4096

/* The options a board is exported with unless changed: a PNG of 800 pixels, the frozen
 * marks and coordinates on, no heatmap. */
void syn_board_export_options_init (SynBoardExportOptions *options);

/* Draws the board of facts into cr, size units square from the origin. */
void syn_board_export_draw (cairo_t *cr, double size, const SynBoardFacts *facts,
                            const SynBoardExportOptions *options);

/* The file's bytes: a PNG or an SVG document. */
GBytes *syn_board_export_to_bytes (const SynBoardFacts *facts, const SynBoardExportOptions *options,
                                   GError **error);

/* Writes the board of facts to file, replacing it. */
gboolean syn_board_export_to_file (const SynBoardFacts *facts, const SynBoardExportOptions *options,
                                   GFile *file, GError **error);

/* The file name extension of format, without the dot. */
const char *syn_board_export_extension (SynBoardExportFormat format);

G_END_DECLS
