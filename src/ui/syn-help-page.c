/* syn-help-page.c: one page of the How to Play guide, its diagram drawn by the game's own
 * board widget from a FEN and a few marks.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-help"

#include "config.h"

#include "syn-help-page.h"

#include <adwaita.h>
#include <string.h>

struct _SynHelpPage
{
  GtkWidget parent_instance;

  /* template widgets */
  GtkWidget *scroller;
  GtkLabel *title_label;
  GtkLabel *caption_label;
  GtkLabel *text_label;
  SynBoardView *board;

  /* owned */
  char *fen;
  char *white_move;
  char *black_move;
  char *ghost_move;
  char *highlight;
};

G_DEFINE_FINAL_TYPE (SynHelpPage, syn_help_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_CAPTION,
  PROP_TEXT,
  PROP_FEN,
  PROP_WHITE_MOVE,
  PROP_BLACK_MOVE,
  PROP_GHOST_MOVE,
  PROP_HIGHLIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A UCI move as the board marks it; only its squares and promotion matter here. A diagram
 * with a malformed move is a mistake in the guide, said loudly. */
static SynMove
move_from_text (const char *text)
{
  static const char promotions[] = "nbrq";
  SynMoveKind kind = SYN_MOVE_PLAIN;
  int from, to;

  if (text == NULL || *text == '\0')
    return SYN_MOVE_NONE;
  if (!syn_move_text_is_well_formed (text))
    {
      g_critical ("Bad diagram move %s", text);
      return SYN_MOVE_NONE;
    }
  from = syn_square_from_text (text);
  to = syn_square_from_text (text + 2);
  if (text[4] != '\0')
    kind = (SynMoveKind) (SYN_MOVE_PROMOTE_KNIGHT + (strchr (promotions, text[4]) - promotions));
  return syn_move_make (from, to, kind);
}

/* Reads the pieces of a FEN (its first field; the rest is not read). Not the FEN reader's
 * work: a diagram may show a game that ended with a king taken. */
static gboolean
read_placement (const char *fen, SynPosition *position)
{
  static const char letters[] = "pnbrqk";
  int file = 0, rank = 7;

  syn_position_clear (position);
  for (const char *c = fen; *c != '\0' && *c != ' '; c++)
    {
      const char *letter = strchr (letters, g_ascii_tolower (*c));

      if (*c == '/')
        {
          if (file != 8 || rank == 0)
            return FALSE;
          file = 0;
          rank--;
        }
      else if (*c >= '1' && *c <= '8')
        file += *c - '0';
      else if (letter != NULL && file < 8)
        {
          SynColour colour = g_ascii_isupper (*c) ? SYN_WHITE : SYN_BLACK;

          syn_position_put (position, SYN_SQUARE (file, rank),
                            SYN_PIECE (colour, (SynPieceType) (letter - letters)));
          file++;
        }
      else
        return FALSE;
      if (file > 8)
        return FALSE;
    }
  return file == 8 && rank == 0;
}

/* The highlighted squares are drawn with the heatmap's tint: they get one attacker of the
 * viewer's colour and nothing else, so no square reads as controlled or frozen. */
static void
add_highlight (SynBoardFacts *facts, const char *squares)
{
  g_auto (GStrv) names = g_strsplit (squares != NULL ? squares : "", " ", -1);

  for (char **name = names; *name != NULL; name++)
    {
      int square = syn_square_from_text (*name);

      if (**name == '\0')
        continue;
      if (square == SYN_NO_SQUARE || (*name)[2] != '\0')
        {
          g_critical ("Bad diagram square %s", *name);
          continue;
        }
      facts->attacks[SYN_WHITE][square] = 2;
    }
}

static void
update_board (SynHelpPage *self)
{
  g_autofree SynBoardFacts *facts = g_new0 (SynBoardFacts, 1);

  if (self->fen == NULL)
    return;
  if (!read_placement (self->fen, &facts->position))
    {
      g_critical ("Bad diagram FEN %s", self->fen);
      return;
    }
  /* Only the pieces: control and frozen pieces belong to PSC alone. */
  facts->visible = ~(SynBitboard) 0;
  facts->viewer = SYN_WHITE;
  add_highlight (facts, self->highlight);
  syn_board_view_set_facts (self->board, facts);
  syn_board_view_set_heatmap (self->board,
                              self->highlight != NULL ? SYN_HEATMAP_MINE : SYN_HEATMAP_OFF);
  syn_board_view_set_last_turn (self->board, move_from_text (self->white_move),
                                move_from_text (self->black_move));
  syn_board_view_set_chosen_move (self->board, move_from_text (self->ghost_move));
}

static void
set_string (SynHelpPage *self, char **field, const GValue *value)
{
  g_free (*field);
  *field = g_value_dup_string (value);
  update_board (self);
}

static void
syn_help_page_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SynHelpPage *self = SYN_HELP_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      gtk_label_set_label (self->title_label, g_value_get_string (value));
      break;
    case PROP_CAPTION:
      gtk_label_set_label (self->caption_label, g_value_get_string (value));
      break;
    case PROP_TEXT:
      gtk_label_set_label (self->text_label, g_value_get_string (value));
      break;
    case PROP_FEN:
      set_string (self, &self->fen, value);
      break;
    case PROP_WHITE_MOVE:
      set_string (self, &self->white_move, value);
      break;
    case PROP_BLACK_MOVE:
      set_string (self, &self->black_move, value);
      break;
    case PROP_GHOST_MOVE:
      set_string (self, &self->ghost_move, value);
      break;
    case PROP_HIGHLIGHT:
      set_string (self, &self->highlight, value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_help_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynHelpPage *self = SYN_HELP_PAGE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, gtk_label_get_label (self->title_label));
      break;
    case PROP_CAPTION:
      g_value_set_string (value, gtk_label_get_label (self->caption_label));
      break;
    case PROP_TEXT:
      g_value_set_string (value, gtk_label_get_label (self->text_label));
      break;
    case PROP_FEN:
      g_value_set_string (value, self->fen);
      break;
    case PROP_WHITE_MOVE:
      g_value_set_string (value, self->white_move);
      break;
    case PROP_BLACK_MOVE:
      g_value_set_string (value, self->black_move);
      break;
    case PROP_GHOST_MOVE:
      g_value_set_string (value, self->ghost_move);
      break;
    case PROP_HIGHLIGHT:
      g_value_set_string (value, self->highlight);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_help_page_dispose (GObject *object)
{
  SynHelpPage *self = SYN_HELP_PAGE (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (syn_help_page_parent_class)->dispose (object);
}

static void
syn_help_page_finalize (GObject *object)
{
  SynHelpPage *self = SYN_HELP_PAGE (object);

  g_free (self->fen);
  g_free (self->white_move);
  g_free (self->black_move);
  g_free (self->ghost_move);
  g_free (self->highlight);
  G_OBJECT_CLASS (syn_help_page_parent_class)->finalize (object);
}

static GParamSpec *
string_property (const char *name)
{
  return g_param_spec_string (name, NULL, NULL, NULL,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

static void
syn_help_page_class_init (SynHelpPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = syn_help_page_set_property;
  object_class->get_property = syn_help_page_get_property;
  object_class->dispose = syn_help_page_dispose;
  object_class->finalize = syn_help_page_finalize;

  properties[PROP_TITLE] = string_property ("title");
  properties[PROP_CAPTION] = string_property ("caption");
  properties[PROP_TEXT] = string_property ("text");
  properties[PROP_FEN] = string_property ("fen");
  properties[PROP_WHITE_MOVE] = string_property ("white-move");
  properties[PROP_BLACK_MOVE] = string_property ("black-move");
  properties[PROP_GHOST_MOVE] = string_property ("ghost-move");
  properties[PROP_HIGHLIGHT] = string_property ("highlight");
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (SYN_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-help-page.ui");
  gtk_widget_class_bind_template_child (widget_class, SynHelpPage, scroller);
  gtk_widget_class_bind_template_child (widget_class, SynHelpPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, SynHelpPage, caption_label);
  gtk_widget_class_bind_template_child (widget_class, SynHelpPage, text_label);
  gtk_widget_class_bind_template_child (widget_class, SynHelpPage, board);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
syn_help_page_init (SynHelpPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  syn_board_view_set_interactive (self->board, FALSE);
  syn_board_view_set_animate (self->board, FALSE);
}

SynBoardView *
syn_help_page_get_board (SynHelpPage *self)
{
  g_return_val_if_fail (SYN_IS_HELP_PAGE (self), NULL);
  return self->board;
}

const char *
syn_help_page_get_title (SynHelpPage *self)
{
  g_return_val_if_fail (SYN_IS_HELP_PAGE (self), NULL);
  return gtk_label_get_label (self->title_label);
}
