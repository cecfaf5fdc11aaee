/* syn-move-list.c: the turns of a game as rows of readable notation, kept in step with the
 * game, and the choice of which position the board shows.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-move-list"

#include "config.h"

#include "syn-move-list.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

struct _SynMoveList
{
  GtkWidget parent_instance;

  /* template widgets */
  GtkScrolledWindow *scrolled;
  GtkListBox *list_box;

  /* owned */
  SynGame *game;

  /* borrowed: a row of list_box, NULL while the game goes on */
  GtkWidget *result_row;

  guint n_turn_rows; /* rows after the "Start" row, one per executed turn */
  int viewer;        /* the side whose secrets the rows may show, -1 for both */
  int selected_turn;
  gboolean syncing_selection;
};

G_DEFINE_FINAL_TYPE (SynMoveList, syn_move_list, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_SELECTED_TURN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

char *
syn_move_list_describe_end (SynGame *game)
{
  SynResult result;
  const char *reason;

  g_return_val_if_fail (SYN_IS_GAME (game), NULL);

  if (!syn_game_is_over (game))
    return NULL;

  result = syn_game_get_result (game);
  reason = syn_game_get_reason (game);

  /* The reasons are syn-game.h's; the texts name who did what, as a reader would say it. */
  if (g_strcmp0 (reason, "king-frozen") == 0)
    {
      if (result == SYN_RESULT_WHITE_WINS)
        return g_strdup (_ ("White froze the black king"));
      if (result == SYN_RESULT_BLACK_WINS)
        return g_strdup (_ ("Black froze the white king"));
      return g_strdup (_ ("Both kings are frozen"));
    }
  if (g_strcmp0 (reason, "checkmate") == 0)
    {
      if (result == SYN_RESULT_WHITE_WINS)
        return g_strdup (_ ("White checkmated Black"));
      if (result == SYN_RESULT_BLACK_WINS)
        return g_strdup (_ ("Black checkmated White"));
    }
  if (g_strcmp0 (reason, "both-lost") == 0)
    return g_strdup (_ ("Both sides lost in the same turn"));
  if (g_strcmp0 (reason, "stalemate") == 0)
    return g_strdup (_ ("Stalemate: a side has no legal move"));
  if (g_strcmp0 (reason, "fifty-turns") == 0)
    return g_strdup (_ ("Fifty turns without a capture or a pawn move"));
  if (g_strcmp0 (reason, "time") == 0)
    {
      if (result == SYN_RESULT_WHITE_WINS)
        return g_strdup (_ ("Black ran out of time"));
      if (result == SYN_RESULT_BLACK_WINS)
        return g_strdup (_ ("White ran out of time"));
      return g_strdup (_ ("Both flags fell at once"));
    }
  if (g_strcmp0 (reason, "resignation") == 0)
    {
      if (result == SYN_RESULT_WHITE_WINS)
        return g_strdup (_ ("Black resigned"));
      if (result == SYN_RESULT_BLACK_WINS)
        return g_strdup (_ ("White resigned"));
    }
  if (g_strcmp0 (reason, "agreement") == 0)
    return g_strdup (_ ("Draw agreed"));

  switch (result)
    {
    case SYN_RESULT_WHITE_WINS:
      return g_strdup (_ ("White won"));
    case SYN_RESULT_BLACK_WINS:
      return g_strdup (_ ("Black won"));
    case SYN_RESULT_DRAW:
    case SYN_RESULT_NONE:
    default:
      return g_strdup (_ ("Drawn"));
    }
}

static const char *
result_score (SynResult result)
{
  switch (result)
    {
    case SYN_RESULT_WHITE_WINS:
      return "1-0";
    case SYN_RESULT_BLACK_WINS:
      return "0-1";
    case SYN_RESULT_DRAW:
      return "½-½";
    case SYN_RESULT_NONE:
    default:
      return "*";
    }
}

static const char *
result_words (SynResult result)
{
  switch (result)
    {
    case SYN_RESULT_WHITE_WINS:
      return _ ("White wins");
    case SYN_RESULT_BLACK_WINS:
      return _ ("Black wins");
    case SYN_RESULT_DRAW:
    case SYN_RESULT_NONE:
    default:
      return _ ("Draw");
    }
}

static GtkWidget *
add_label (GtkWidget *box, const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  /* A long row (a Transactional commit's announcement) wraps rather than widening the
   * panel, which would push the board aside in the middle of a game. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_widget_add_css_class (label, css_class);
  gtk_box_append (GTK_BOX (box), label);
  return label;
}

static GtkWidget *
make_row (GtkWidget *child, const char *css_class, const char *accessible_label)
{
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), child);
  gtk_widget_add_css_class (row, css_class);
  /* Screen readers get the move in words: "Nbd2" read letter by letter says little. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  accessible_label, -1);
  return row;
}

static GtkWidget *
make_start_row (void)
{
  GtkWidget *label = gtk_label_new (_ ("Start"));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return make_row (label, "start", _ ("Start position"));
}

/* Where each side sees a board of its own (Transactional, TX-R15), the other side's steps
 * are its secret: the viewer learns only what a commit announces. */
static gboolean
hides_from_viewer (SynMoveList *self, const SynVariant *variant, int side)
{
  return variant->view != NULL && self->viewer >= 0 && side != self->viewer;
}

/* PSC-R12: in the fog the viewer knows of the opponent's move only what it saw of it: its
 * piece leaving a square in sight and arriving on one in sight. A move seen only in part
 * would still tell where the piece came from or went to. */
static gboolean
fog_hides_from_viewer (SynMoveList *self, const SynTurn *turn, int side)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  SynMove move = SYN_CHOICE_MOVE (turn->choice[side]);

  if (!syn_game_get_fog (self->game) || self->viewer < 0 || side == self->viewer
      || move == SYN_MOVE_NONE)
    return FALSE;
  return !(variant->visible (&turn->before, (SynColour) self->viewer)
           & syn_bit (syn_move_from (move)))
         || !(variant->visible (&turn->after, (SynColour) self->viewer)
              & syn_bit (syn_move_to (move)));
}

static char *
hidden_step_text (const SynVariant *variant, const SynTurn *turn, SynColour side)
{
  char announcement[256];

  if (variant->announce
      && variant->announce (&turn->before, &turn->after, side, announcement, sizeof announcement))
    return g_strdup (announcement);
  /* Translators: the move list's cell for the opponent's secret step in Transactional Chess */
  return g_strdup (_ ("(hidden)"));
}

/* What "2×", "T3" and "12." mean, for the turn number's tooltip. */
static const char *
number_tooltip (SynMoveList *self, const SynVariant *variant, const SynTurn *turn,
                const SynStepInfo *info)
{
  SynColour mover = turn->choice[SYN_WHITE] != SYN_CHOICE_NONE ? SYN_WHITE : SYN_BLACK;

  if (info->kind == SYN_STEP_BLOWS)
    return _ ("A round of the exchange of blows that followed this turn's moves");
  if (info->kind == SYN_STEP_TX_MOVE && !hides_from_viewer (self, variant, mover))
    return _ ("The transaction this move belongs to: White's are numbered T1, T3, …, "
              "Black's T2, T4, …");
  return NULL;
}

/* One side's cell of a row: its move, with a mark when the move did not do what its text
 * says, and a tooltip saying what did happen or why the move is not shown. */
static void
add_move_cell (SynMoveList *self, GtkWidget *box, const SynVariant *variant, const SynTurn *turn,
               const SynStepInfo *info, SynColour side, SynFate fate)
{
  g_autofree char *move = NULL;
  const char *tooltip = NULL;
  GtkWidget *label;

  /* A side that waited in a step of one side only (HK's blows, Transactional) shows
   * nothing rather than a dash in every other row. */
  if (info->kind != SYN_STEP_MOVES && turn->choice[side] == SYN_CHOICE_NONE)
    move = g_strdup ("");
  else if (hides_from_viewer (self, variant, side))
    {
      move = hidden_step_text (variant, turn, side);
      tooltip = _ ("Your opponent's moves stay secret; a commit shows where its pieces went");
    }
  else if (fog_hides_from_viewer (self, turn, side))
    {
      move = g_strdup (_ ("(hidden)"));
      tooltip = _ ("Hidden by the fog: you did not see this move");
    }
  else
    move = syn_notation_describe (variant, &turn->before, side, turn->choice[side]);

  label = add_label (box, NULL, side == SYN_WHITE ? "white" : "black");
  if (fate == SYN_FATE_FORFEITED)
    {
      /* A move that was never played is struck through. */
      g_autofree char *escaped = g_markup_escape_text (move, -1);
      g_autofree char *markup
          = g_strdup_printf ("<s>%s</s> %s", escaped, syn_notation_fate_mark (fate));
      gtk_label_set_markup (GTK_LABEL (label), markup);
    }
  else if (fate != SYN_FATE_PLAYED)
    {
      g_autofree char *text = g_strdup_printf ("%s %s", move, syn_notation_fate_mark (fate));
      gtk_label_set_text (GTK_LABEL (label), text);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), move);
  if (fate != SYN_FATE_PLAYED)
    {
      gtk_widget_add_css_class (label, "fate");
      tooltip = syn_notation_fate_words (fate);
    }
  gtk_widget_set_tooltip_text (label, tooltip);
  gtk_widget_add_css_class (label, "move");
  /* Equal widths keep the columns straight: no move is longer than "Qa1xb2". */
  gtk_label_set_width_chars (GTK_LABEL (label), 7);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
}

static GtkWidget *
make_turn_row (SynMoveList *self, guint index)
{
  const SynVariant *variant = syn_game_get_variant (self->game);
  const SynTurn *turn = syn_game_get_turn (self->game, index);
  /* The turn number of the position the turn was played in (FEN field 6, PSC-R9), so a game
   * set up from a FEN counts on from there. */
  guint number = turn->before.board.turn_number > 0 ? turn->before.board.turn_number : index + 1;
  g_autofree char *number_text = NULL;
  g_autofree char *white_spoken
      = fog_hides_from_viewer (self, turn, SYN_WHITE)
            ? g_strdup (_ ("(hidden)"))
            : syn_notation_speak (variant, &turn->before, SYN_WHITE, turn->choice[SYN_WHITE]);
  g_autofree char *black_spoken
      = fog_hides_from_viewer (self, turn, SYN_BLACK)
            ? g_strdup (_ ("(hidden)"))
            : syn_notation_speak (variant, &turn->before, SYN_BLACK, turn->choice[SYN_BLACK]);
  g_autofree char *accessible_label = NULL;
  GtkWidget *box, *label;
  SynStepInfo info;
  SynFate fates[2] = { SYN_FATE_PLAYED, SYN_FATE_PLAYED };

  syn_variant_describe (variant, &turn->before, &info);
  /* What became of each move is said only where both sides' moves met in one step, and
   * only of moves the viewer saw. */
  for (int side = SYN_WHITE; side <= SYN_BLACK && info.kind == SYN_STEP_MOVES; side++)
    if (!fog_hides_from_viewer (self, turn, side) && !fog_hides_from_viewer (self, turn, !side))
      fates[side] = syn_notation_fate (variant, &turn->before, turn->choice[SYN_WHITE],
                                       turn->choice[SYN_BLACK], &turn->after, (SynColour) side);
  switch (info.kind)
    {
    case SYN_STEP_BLOWS:
      /* HK-R8: a round of the exchange of blows that follows the turn's synchronous move. */
      number_text = g_strdup_printf ("%u×", number);
      /* Translators: a row of the move list read aloud: a round of the exchange of blows of
       * a turn (Hansmann–Krasowsky) and each side's strike or pass */
      accessible_label = g_strdup_printf (_ ("Exchange of blows, turn %u: White %s, Black %s"),
                                          number, white_spoken, black_spoken);
      break;
    case SYN_STEP_TX_MOVE:
      {
        /* TX-R3: the steps of one side at a time, numbered by its transaction. */
        SynColour mover = turn->choice[SYN_WHITE] != SYN_CHOICE_NONE ? SYN_WHITE : SYN_BLACK;
        const char *side_name = mover == SYN_WHITE ? _ ("White") : _ ("Black");
        if (hides_from_viewer (self, variant, mover))
          {
            /* Its transaction number would tell of its rollbacks, and its move is its
             * secret (TX-R15): the row reads the turn and what a commit announced. */
            g_autofree char *told = hidden_step_text (variant, turn, mover);
            number_text = g_strdup_printf ("%u.", number);
            /* Translators: a row of the move list read aloud in Transactional Chess for the
             * opponent's secret step: the turn, the side and what it announced, e.g. "Turn
             * 3: Black (hidden)" */
            accessible_label = g_strdup_printf (_ ("Turn %u: %s %s"), number, side_name, told);
            break;
          }
        number_text = g_strdup_printf ("T%u", info.transaction[mover]);
        /* Translators: a row of the move list read aloud in Transactional Chess: the
         * transaction number, the side and its move, e.g. "Transaction 3: White knight f3" */
        accessible_label
            = g_strdup_printf (_ ("Transaction %u: %s %s"), info.transaction[mover], side_name,
                               mover == SYN_WHITE ? white_spoken : black_spoken);
        break;
      }
    case SYN_STEP_MOVES:
    default:
      number_text = g_strdup_printf ("%u.", number);
      /* Translators: a row of the move list read aloud: the turn number, White's move and
       * Black's move in words, e.g. "Turn 12: White knight f3, Black pawn takes d5" */
      accessible_label
          = g_strdup_printf (_ ("Turn %u: White %s, Black %s"), number, white_spoken, black_spoken);
      break;
    }

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  label = add_label (box, number_text, "turn-number");
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_label_set_width_chars (GTK_LABEL (label), 4);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_tooltip_text (label, number_tooltip (self, variant, turn, &info));
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      add_move_cell (self, box, variant, turn, &info, (SynColour) side, fates[side]);
      if (fates[side] != SYN_FATE_PLAYED)
        {
          /* Translators: a row of the move list read aloud, then what became of a move:
           * "Turn 3: White knight d5, Black knight d5. Black: Not played: …" */
          char *longer = g_strdup_printf (_ ("%s. %s: %s"), accessible_label,
                                          side == SYN_WHITE ? _ ("White") : _ ("Black"),
                                          syn_notation_fate_words (fates[side]));
          g_free (accessible_label);
          accessible_label = longer;
        }
    }

  return make_row (box, "turn", accessible_label);
}

static GtkWidget *
make_result_row (SynMoveList *self)
{
  SynResult result = syn_game_get_result (self->game);
  g_autofree char *reason = syn_move_list_describe_end (self->game);
  /* Translators: the last row of the move list: the score ("1-0") and how the game ended */
  g_autofree char *text = g_strdup_printf (_ ("%s · %s"), result_score (result), reason);
  /* Translators: the last row of the move list read aloud: who won and how the game ended,
   * e.g. "White wins: White froze the black king" */
  g_autofree char *accessible_label = g_strdup_printf (_ ("%s: %s"), result_words (result), reason);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *row;

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  row = make_row (label, "result", accessible_label);
  /* The result is no position of its own: the board cannot show it. */
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static void
scroll_to_end (SynMoveList *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);

  /* The adjustment clamps this to its last page. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
}

static void
scroll_to_row (SynMoveList *self, GtkWidget *row)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);
  graphene_rect_t bounds;

  /* The list box is the scrolled content, so its coordinates are the adjustment's. */
  if (gtk_widget_compute_bounds (row, GTK_WIDGET (self->list_box), &bounds))
    gtk_adjustment_clamp_page (adjustment, bounds.origin.y, bounds.origin.y + bounds.size.height);
}

/* Selects the row of the position shown: the newest while following the game. */
static void
sync_selection (SynMoveList *self)
{
  int index = self->selected_turn < 0 ? (int) self->n_turn_rows : self->selected_turn;
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list_box, index);

  self->syncing_selection = TRUE;
  if (row != NULL)
    gtk_list_box_select_row (self->list_box, row);
  else
    gtk_list_box_unselect_all (self->list_box);
  self->syncing_selection = FALSE;

  if (self->selected_turn < 0)
    scroll_to_end (self);
  else if (row != NULL)
    scroll_to_row (self, GTK_WIDGET (row));
}

/* Adds the rows of turns and of a result the game has and the list has not yet. */
static void
sync_rows (SynMoveList *self)
{
  guint n_turns;

  if (self->game == NULL)
    return;

  n_turns = syn_game_get_n_turns (self->game);
  while (self->n_turn_rows < n_turns)
    {
      GtkWidget *row = make_turn_row (self, self->n_turn_rows);

      /* After the start row and the turns before it, and so before any result row. */
      gtk_list_box_insert (self->list_box, row, (int) self->n_turn_rows + 1);
      self->n_turn_rows++;
    }

  if (self->result_row == NULL && syn_game_is_over (self->game))
    {
      self->result_row = make_result_row (self);
      gtk_list_box_append (self->list_box, self->result_row);
    }

  sync_selection (self);
}

static void
remove_rows (SynMoveList *self)
{
  GtkListBoxRow *row;

  /* gtk_list_box_remove_all() is newer than GTK 4.8. */
  while ((row = gtk_list_box_get_row_at_index (self->list_box, 0)) != NULL)
    gtk_list_box_remove (self->list_box, GTK_WIDGET (row));
  self->n_turn_rows = 0;
  self->result_row = NULL;
}

static void
on_game_changed_cb (SynMoveList *self)
{
  sync_rows (self);
}

static void
on_row_selected_cb (GtkListBox *list_box, GtkListBoxRow *row, SynMoveList *self)
{
  if (self->syncing_selection || row == NULL)
    return;
  syn_move_list_set_selected_turn (self, gtk_list_box_row_get_index (row));
}

static void
on_vadjustment_changed_cb (GtkAdjustment *adjustment, SynMoveList *self)
{
  /* A new row makes the list taller only once it is allocated, after sync_rows() scrolled;
   * following the game means keeping the newest row in sight. */
  if (self->selected_turn < 0)
    scroll_to_end (self);
}

static void
syn_move_list_dispose (GObject *object)
{
  SynMoveList *self = SYN_MOVE_LIST (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  self->result_row = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), SYN_TYPE_MOVE_LIST);

  G_OBJECT_CLASS (syn_move_list_parent_class)->dispose (object);
}

static void
syn_move_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  SynMoveList *self = SYN_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_SELECTED_TURN:
      g_value_set_int (value, self->selected_turn);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_move_list_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  SynMoveList *self = SYN_MOVE_LIST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      syn_move_list_set_game (self, g_value_get_object (value));
      break;
    case PROP_SELECTED_TURN:
      syn_move_list_set_selected_turn (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
syn_move_list_class_init (SynMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = syn_move_list_dispose;
  object_class->get_property = syn_move_list_get_property;
  object_class->set_property = syn_move_list_set_property;

  properties[PROP_GAME]
      = g_param_spec_object ("game", NULL, NULL, SYN_TYPE_GAME,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_TURN]
      = g_param_spec_int ("selected-turn", NULL, NULL, -1, G_MAXINT, -1,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/synchess/Synchess/syn-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, SynMoveList, scrolled);
  gtk_widget_class_bind_template_child (widget_class, SynMoveList, list_box);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected_cb);

  gtk_widget_class_set_css_name (widget_class, "movelist");
}

static void
syn_move_list_init (SynMoveList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->selected_turn = -1;
  self->viewer = -1;
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->scrolled), "changed",
                           G_CALLBACK (on_vadjustment_changed_cb), self, 0);
}

GtkWidget *
syn_move_list_new (void)
{
  return g_object_new (SYN_TYPE_MOVE_LIST, NULL);
}

void
syn_move_list_set_game (SynMoveList *self, SynGame *game)
{
  g_return_if_fail (SYN_IS_MOVE_LIST (self));
  g_return_if_fail (game == NULL || SYN_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  remove_rows (self);

  if (game != NULL)
    {
      g_signal_connect_object (game, "turn-executed", G_CALLBACK (on_game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "finished", G_CALLBACK (on_game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_list_box_append (self->list_box, make_start_row ());
    }

  /* A new game is watched live from its newest position. */
  if (self->selected_turn != -1)
    {
      self->selected_turn = -1;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TURN]);
    }
  sync_rows (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
syn_move_list_set_viewer (SynMoveList *self, int viewer)
{
  SynGame *game;

  g_return_if_fail (SYN_IS_MOVE_LIST (self));

  if (self->viewer == viewer)
    return;
  self->viewer = viewer;
  /* The rows are written for one viewer: write them again. */
  game = self->game ? g_object_ref (self->game) : NULL;
  syn_move_list_set_game (self, NULL);
  syn_move_list_set_game (self, game);
  g_clear_object (&game);
}

SynGame *
syn_move_list_get_game (SynMoveList *self)
{
  g_return_val_if_fail (SYN_IS_MOVE_LIST (self), NULL);
  return self->game;
}

int
syn_move_list_get_selected_turn (SynMoveList *self)
{
  g_return_val_if_fail (SYN_IS_MOVE_LIST (self), -1);
  return self->selected_turn;
}

void
syn_move_list_set_selected_turn (SynMoveList *self, int turn)
{
  g_return_if_fail (SYN_IS_MOVE_LIST (self));
  g_return_if_fail (turn >= -1);

  /* The newest position is the live one: showing it is following the game. */
  if (self->game == NULL || turn >= (int) self->n_turn_rows)
    turn = -1;

  if (self->selected_turn != turn)
    {
      self->selected_turn = turn;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TURN]);
    }
  sync_selection (self);
}

void
syn_move_list_select_previous (SynMoveList *self)
{
  int current;

  g_return_if_fail (SYN_IS_MOVE_LIST (self));

  current = self->selected_turn < 0 ? (int) self->n_turn_rows : self->selected_turn;
  if (current > 0)
    syn_move_list_set_selected_turn (self, current - 1);
}

void
syn_move_list_select_next (SynMoveList *self)
{
  g_return_if_fail (SYN_IS_MOVE_LIST (self));

  if (self->selected_turn >= 0)
    syn_move_list_set_selected_turn (self, self->selected_turn + 1);
}
