/* syn-game-layout.c: the board as large a square as fits, the side panel beside it when the
 * window is wide and below it when narrow. libadwaita 1.2 has no breakpoints, so the
 * widget decides on each allocation.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-game-layout"

#include "config.h"

#include "syn-game-layout.h"

#define BOARD_MIN 192 /* 24 px a square */
#define PANEL_WIDTH_MIN 260
#define PANEL_WIDTH_MAX 360
#define PANEL_HEIGHT_MIN 180
#define SPACING 12
#define NARROW_WIDTH 720

struct _SynGameLayout
{
  GtkWidget parent_instance;

  /* owned (children) */
  GtkWidget *board;
  GtkWidget *panel;

  gboolean wide;
};

G_DEFINE_FINAL_TYPE (SynGameLayout, syn_game_layout, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_BOARD,
  PROP_PANEL,
  PROP_WIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_child (SynGameLayout *self, GtkWidget **slot, GtkWidget *child, GParamSpec *pspec)
{
  if (*slot == child)
    return;
  g_clear_pointer (slot, gtk_widget_unparent);
  if (child)
    {
      *slot = child;
      gtk_widget_set_parent (child, GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
syn_game_layout_measure (GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                         int *natural, int *minimum_baseline, int *natural_baseline)
{
  SynGameLayout *self = SYN_GAME_LAYOUT (widget);
  int panel_min = 0, panel_nat = 0;

  if (self->panel)
    gtk_widget_measure (self->panel, orientation, -1, &panel_min, &panel_nat, NULL, NULL);
  /* The smallest window is narrow for the width (board above the panel) and wide for the
   * height (board beside the panel); the board shrinks to what is left. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (BOARD_MIN, panel_min);
      *natural = 8 * 80 + SPACING + MAX (panel_nat, PANEL_WIDTH_MIN);
    }
  else
    {
      *minimum = MAX (BOARD_MIN, panel_min);
      *natural = 8 * 80;
    }
}

static void
syn_game_layout_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  SynGameLayout *self = SYN_GAME_LAYOUT (widget);
  GtkAllocation board_box, panel_box;
  int panel_min_w = PANEL_WIDTH_MIN, panel_nat_w = PANEL_WIDTH_MIN, panel_min_h = 0;
  gboolean wide;
  int board;

  if (self->panel)
    gtk_widget_measure (self->panel, GTK_ORIENTATION_HORIZONTAL, -1, &panel_min_w, &panel_nat_w,
                        NULL, NULL);
  /* The panel's width follows the window, not what the panel says: its natural width
   * changes with every status line and result, and the board beside it jumped in size from
   * one turn to the next. Only content that cannot fit at all widens it. */
  panel_nat_w = CLAMP (width * 3 / 10, PANEL_WIDTH_MIN, PANEL_WIDTH_MAX);
  panel_nat_w = MAX (panel_nat_w, panel_min_w);

  /* Narrow windows (GNOME's usual 720 px) put the panel below, unless beside it the board
   * would be half as large again (a short, wide window). */
  {
    int beside = MIN (height, width - panel_nat_w - SPACING);
    int below = MIN (width, height - PANEL_HEIGHT_MIN - SPACING);
    wide = width >= NARROW_WIDTH ? beside > 0 : beside > below * 1.5;
  }
  if (wide)
    {
      board = MIN (height, width - panel_nat_w - SPACING);
      board = MAX (board, 0);
      board_box = (GtkAllocation){ (width - panel_nat_w - SPACING - board) / 2,
                                   (height - board) / 2, board, board };
      panel_box = (GtkAllocation){ width - panel_nat_w, 0, panel_nat_w, height };
    }
  else
    {
      if (self->panel)
        gtk_widget_measure (self->panel, GTK_ORIENTATION_VERTICAL, width, &panel_min_h, NULL, NULL,
                            NULL);
      panel_min_h = MAX (panel_min_h, PANEL_HEIGHT_MIN);
      board = MIN (width, height - panel_min_h - SPACING);
      board = MAX (board, 0);
      board_box = (GtkAllocation){ (width - board) / 2, 0, board, board };
      panel_box = (GtkAllocation){ 0, board + SPACING, width, MAX (height - board - SPACING, 0) };
    }

  if (self->board)
    gtk_widget_size_allocate (self->board, &board_box, -1);
  if (self->panel)
    gtk_widget_size_allocate (self->panel, &panel_box, -1);
  if (wide != self->wide)
    {
      self->wide = wide;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WIDE]);
    }
}

static GtkSizeRequestMode
syn_game_layout_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
syn_game_layout_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynGameLayout *self = SYN_GAME_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_PANEL:
      g_value_set_object (value, self->panel);
      break;
    case PROP_WIDE:
      g_value_set_boolean (value, self->wide);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_game_layout_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  SynGameLayout *self = SYN_GAME_LAYOUT (object);

  switch (prop_id)
    {
    case PROP_BOARD:
      syn_game_layout_set_board (self, g_value_get_object (value));
      break;
    case PROP_PANEL:
      syn_game_layout_set_panel (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_game_layout_dispose (GObject *object)
{
  SynGameLayout *self = SYN_GAME_LAYOUT (object);

  g_clear_pointer (&self->board, gtk_widget_unparent);
  g_clear_pointer (&self->panel, gtk_widget_unparent);
  G_OBJECT_CLASS (syn_game_layout_parent_class)->dispose (object);
}

static void
syn_game_layout_class_init (SynGameLayoutClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_game_layout_dispose;
  object_class->get_property = syn_game_layout_get_property;
  object_class->set_property = syn_game_layout_set_property;
  widget_class->measure = syn_game_layout_measure;
  widget_class->size_allocate = syn_game_layout_size_allocate;
  widget_class->get_request_mode = syn_game_layout_get_request_mode;

  properties[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PANEL] = g_param_spec_object ("panel", NULL, NULL, GTK_TYPE_WIDGET,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_WIDE]
      = g_param_spec_boolean ("wide", NULL, NULL, TRUE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gtk_widget_class_set_css_name (widget_class, "gamelayout");
}

static void
syn_game_layout_init (SynGameLayout *self)
{
  self->wide = TRUE;
}

GtkWidget *
syn_game_layout_new (void)
{
  return g_object_new (SYN_TYPE_GAME_LAYOUT, NULL);
}

void
syn_game_layout_set_board (SynGameLayout *self, GtkWidget *board)
{
  set_child (self, &self->board, board, properties[PROP_BOARD]);
}

void
syn_game_layout_set_panel (SynGameLayout *self, GtkWidget *panel)
{
  set_child (self, &self->panel, panel, properties[PROP_PANEL]);
}

gboolean
syn_game_layout_get_wide (SynGameLayout *self)
{
  return self->wide;
}
