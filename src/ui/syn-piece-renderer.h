/* syn-piece-renderer.h: the piece images, drawn once per size from the SVGs in the GResource.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "bitboard.h"

G_BEGIN_DECLS

#define SYN_TYPE_PIECE_RENDERER (syn_piece_renderer_get_type ())

G_DECLARE_FINAL_TYPE (SynPieceRenderer, syn_piece_renderer, SYN, PIECE_RENDERER, GObject)

/* How many sizes stay cached; older sizes are dropped first. */
#define SYN_PIECE_RENDERER_N_SIZES 4

/* The smallest and largest piece sizes, in device pixels, that the renderer draws. */
#define SYN_PIECE_RENDERER_MIN_SIZE 8
#define SYN_PIECE_RENDERER_MAX_SIZE 1024

SynPieceRenderer *syn_piece_renderer_new (void);

/* One renderer shared by every board of the process. */
SynPieceRenderer *syn_piece_renderer_get_default (void);

/* The image of piece, size device pixels square, drawn now if that size is not cached.
 * The texture belongs to the renderer and stays valid until the renderer draws
 * SYN_PIECE_RENDERER_N_SIZES other sizes; take a reference to keep it longer. */
GdkTexture *syn_piece_renderer_get_texture (SynPieceRenderer *self, SynPiece piece, int size);

/* The same image as a cairo surface (premultiplied ARGB32), with the same lifetime. For
 * cairo rendering, where GTK 4.8 converts a texture pixel by pixel every time it draws it. */
cairo_surface_t *syn_piece_renderer_get_surface (SynPieceRenderer *self, SynPiece piece, int size);

/* True when size is cached, so get_texture() costs nothing. */
gboolean syn_piece_renderer_has_size (SynPieceRenderer *self, int size);

/* The cached size nearest to size, without drawing anything; 0 when nothing is cached. For
 * the frames of a live resize, whose pieces are scaled from it. */
int syn_piece_renderer_get_nearest_size (SynPieceRenderer *self, int size);

G_END_DECLS
