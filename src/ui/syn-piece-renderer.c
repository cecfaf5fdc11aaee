/* syn-piece-renderer.c: the piece images. Each SVG is parsed once; each size is drawn once
 * into textures that the board then only composites, so no frame ever renders SVG.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-piece-renderer"

#include "config.h"

#include "syn-piece-renderer.h"

#include <librsvg/rsvg.h>

#define N_IMAGES 12 /* two colours times six piece types */
#define PIECES_PATH "/io/github/synchess/Synchess/pieces/"

typedef struct
{
  int size;      /* 0 for an empty slot */
  guint64 stamp; /* when the slot was last used, to drop the oldest */
  GdkTexture *textures[N_IMAGES];
  cairo_surface_t *surfaces[N_IMAGES]; /* the textures' pixels, shared */
} SizeSlot;

struct _SynPieceRenderer
{
  GObject parent_instance;

  /* owned */
  RsvgHandle *handles[N_IMAGES];
  SizeSlot slots[SYN_PIECE_RENDERER_N_SIZES];
  guint64 clock;
};

G_DEFINE_FINAL_TYPE (SynPieceRenderer, syn_piece_renderer, G_TYPE_OBJECT)

static int
image_index (SynPiece piece)
{
  g_assert (piece != SYN_NO_PIECE);
  g_assert (SYN_PIECE_TYPE (piece) < SYN_N_PIECE_TYPES);
  return SYN_PIECE_COLOUR (piece) * SYN_N_PIECE_TYPES + SYN_PIECE_TYPE (piece);
}

static RsvgHandle *
load_handle (int index)
{
  static const char type_letters[SYN_N_PIECE_TYPES] = { 'p', 'n', 'b', 'r', 'q', 'k' };
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *path = NULL;
  RsvgHandle *handle;
  gsize length;
  const guint8 *data;

  path = g_strdup_printf (PIECES_PATH "%c%c.svg", index < SYN_N_PIECE_TYPES ? 'w' : 'b',
                          type_letters[index % SYN_N_PIECE_TYPES]);
  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_critical ("Cannot find piece image %s: %s", path, error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &length);
  handle = rsvg_handle_new_from_data (data, length, &error);
  if (handle == NULL)
    g_critical ("Cannot read piece image %s: %s", path, error->message);
  return handle;
}

static GdkTexture *
render_texture (RsvgHandle *handle, int size, cairo_surface_t **surface_out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  RsvgRectangle viewport = { 0, 0, size, size };
  cairo_surface_t *surface;
  cairo_t *cr;
  int stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  if (handle != NULL)
    {
      cr = cairo_create (surface);
      if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
        g_warning ("Cannot draw a piece image: %s", error->message);
      cairo_destroy (cr);
    }
  cairo_surface_flush (surface);

  /* GDK_MEMORY_DEFAULT is cairo's ARGB32 layout, so the pixels need no conversion. */
  stride = cairo_image_surface_get_stride (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface), (gsize) stride * size,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  *surface_out = surface;
  return gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes, stride);
}

static void
clear_slot (SizeSlot *slot)
{
  for (int i = 0; i < N_IMAGES; i++)
    {
      g_clear_object (&slot->textures[i]);
      g_clear_pointer (&slot->surfaces[i], cairo_surface_destroy);
    }
  slot->size = 0;
  slot->stamp = 0;
}

static SizeSlot *
find_slot (SynPieceRenderer *self, int size)
{
  for (int i = 0; i < SYN_PIECE_RENDERER_N_SIZES; i++)
    if (self->slots[i].size == size)
      return &self->slots[i];
  return NULL;
}

static SizeSlot *
fill_slot (SynPieceRenderer *self, int size)
{
  SizeSlot *slot = &self->slots[0];

  for (int i = 1; i < SYN_PIECE_RENDERER_N_SIZES; i++)
    if (self->slots[i].stamp < slot->stamp)
      slot = &self->slots[i];
  clear_slot (slot);

  slot->size = size;
  for (int i = 0; i < N_IMAGES; i++)
    slot->textures[i] = render_texture (self->handles[i], size, &slot->surfaces[i]);
  return slot;
}

static void
syn_piece_renderer_finalize (GObject *object)
{
  SynPieceRenderer *self = SYN_PIECE_RENDERER (object);

  for (int i = 0; i < SYN_PIECE_RENDERER_N_SIZES; i++)
    clear_slot (&self->slots[i]);
  for (int i = 0; i < N_IMAGES; i++)
    g_clear_object (&self->handles[i]);

  G_OBJECT_CLASS (syn_piece_renderer_parent_class)->finalize (object);
}

static void
syn_piece_renderer_class_init (SynPieceRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = syn_piece_renderer_finalize;
}

static void
syn_piece_renderer_init (SynPieceRenderer *self)
{
  for (int i = 0; i < N_IMAGES; i++)
    self->handles[i] = load_handle (i);
}

SynPieceRenderer *
syn_piece_renderer_new (void)
{
  return g_object_new (SYN_TYPE_PIECE_RENDERER, NULL);
}

SynPieceRenderer *
syn_piece_renderer_get_default (void)
{
  static SynPieceRenderer *default_renderer;

  if (default_renderer == NULL)
    default_renderer = syn_piece_renderer_new ();
  return default_renderer;
}

static SizeSlot *
use_slot (SynPieceRenderer *self, int size)
{
  SizeSlot *slot;

  size = CLAMP (size, SYN_PIECE_RENDERER_MIN_SIZE, SYN_PIECE_RENDERER_MAX_SIZE);
  slot = find_slot (self, size);
  if (slot == NULL)
    slot = fill_slot (self, size);
  slot->stamp = ++self->clock;
  return slot;
}

GdkTexture *
syn_piece_renderer_get_texture (SynPieceRenderer *self, SynPiece piece, int size)
{
  g_return_val_if_fail (SYN_IS_PIECE_RENDERER (self), NULL);

  return use_slot (self, size)->textures[image_index (piece)];
}

cairo_surface_t *
syn_piece_renderer_get_surface (SynPieceRenderer *self, SynPiece piece, int size)
{
  g_return_val_if_fail (SYN_IS_PIECE_RENDERER (self), NULL);

  return use_slot (self, size)->surfaces[image_index (piece)];
}

gboolean
syn_piece_renderer_has_size (SynPieceRenderer *self, int size)
{
  g_return_val_if_fail (SYN_IS_PIECE_RENDERER (self), FALSE);

  size = CLAMP (size, SYN_PIECE_RENDERER_MIN_SIZE, SYN_PIECE_RENDERER_MAX_SIZE);
  return find_slot (self, size) != NULL;
}

int
syn_piece_renderer_get_nearest_size (SynPieceRenderer *self, int size)
{
  int best = 0;

  g_return_val_if_fail (SYN_IS_PIECE_RENDERER (self), 0);

  for (int i = 0; i < SYN_PIECE_RENDERER_N_SIZES; i++)
    {
      int cached = self->slots[i].size;
      if (cached != 0 && (best == 0 || ABS (cached - size) < ABS (best - size)))
        best = cached;
    }
  return best;
}
