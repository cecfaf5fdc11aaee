/* syn-help-page.h: one page of the How to Play guide: a title, a small board drawn from a
 * FEN with the moves it is about, a caption under the board and the explanation.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "syn-board-view.h"

G_BEGIN_DECLS

#define SYN_TYPE_HELP_PAGE (syn_help_page_get_type ())

G_DECLARE_FINAL_TYPE (SynHelpPage, syn_help_page, SYN, HELP_PAGE, GtkWidget)

/* The properties, all strings, are meant to be set in a .ui file:
 * "title", "caption", "text": the words;
 * "fen": the diagram: the pieces of its first field are shown, the rest is not read;
 * "white-move", "black-move": UCI moves marked as the turn just played, or unset;
 * "ghost-move": a UCI move drawn as a choice not yet played (a faint piece where it lands);
 * "highlight": space-separated squares tinted on the board ("d5 e4"). */

SynBoardView *syn_help_page_get_board (SynHelpPage *self);
const char *syn_help_page_get_title (SynHelpPage *self);

G_END_DECLS
