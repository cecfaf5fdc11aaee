/* syn-network-games.c: the games on the local network in the Join dialog: a row per game
 * (the host's name, the rule set, fog), kept up to date by a SynServiceBrowser, and a word
 * in place of the rows when there are none or they cannot be found.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-network-games"

#include "config.h"

#include "syn-network-games.h"

#include <glib/gi18n.h>

#include "syn-notation.h"
#include "syn-service-browser.h"

struct _SynNetworkGames
{
  AdwPreferencesGroup parent_instance;

  SynServiceBrowser *browser;
  GtkListBox *list;
  GtkLabel *placeholder;
};

G_DEFINE_FINAL_TYPE (SynNetworkGames, syn_network_games, ADW_TYPE_PREFERENCES_GROUP)

enum
{
  GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "Parrow Synchronous Chess, fog of war": the rule set in the player's words, or its id
 * when this program does not know it. */
static char *
describe_game (SynFoundGame *game)
{
  const SynVariant *variant = syn_variant_lookup (syn_found_game_get_rules (game));
  const char *rules
      = variant ? syn_notation_variant_name (variant) : syn_found_game_get_rules (game);

  if (syn_found_game_get_fog (game))
    /* Translators: %s is a rule set's name; the host wishes to play with fog of war */
    return g_strdup_printf (_ ("%s, fog of war"), rules);
  return g_strdup (rules);
}

static GtkWidget *
create_row_cb (gpointer item, gpointer user_data)
{
  SynFoundGame *game = item;
  g_autofree char *subtitle = describe_game (game);
  GtkWidget *row = adw_action_row_new ();

  /* Names come from the network: shown as text, never as markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), syn_found_game_get_player_name (game));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "found-game", g_object_ref (game), g_object_unref);
  return row;
}

static void
on_row_activated_cb (GtkListBox *list, GtkListBoxRow *row, SynNetworkGames *self)
{
  SynFoundGame *game = g_object_get_data (G_OBJECT (row), "found-game");

  if (game)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, game);
}

/* What stands in for the rows: still looking, or why nothing can be found. */
static void
on_state_cb (SynServiceBrowser *browser, GParamSpec *pspec, SynNetworkGames *self)
{
  g_autofree char *text = NULL;

  switch (syn_service_browser_get_state (browser))
    {
    case SYN_DISCOVERY_NO_DAEMON:
      text = g_strdup (_ ("Games on your network cannot be found: the Avahi service is not "
                          "running. You can still type the host’s address below."));
      break;
    case SYN_DISCOVERY_FAILED:
      text = g_strdup_printf (_ ("Games on your network cannot be found: %s. You can still type "
                                 "the host’s address below."),
                              syn_service_browser_get_error (browser));
      break;
    default:
      text = g_strdup (_ ("No game on your network yet. Games appear here as soon as someone "
                          "hosts one."));
      break;
    }
  gtk_label_set_text (self->placeholder, text);
}

/* The hint to choose stands only above games to choose from. */
static void
on_games_changed_cb (GListModel *games, guint position, guint removed, guint added,
                     SynNetworkGames *self)
{
  adw_preferences_group_set_description (
      ADW_PREFERENCES_GROUP (self),
      g_list_model_get_n_items (games) > 0 ? _ ("Choose a game to join it.") : NULL);
}

GListModel *
syn_network_games_get_model (SynNetworkGames *self)
{
  g_return_val_if_fail (SYN_IS_NETWORK_GAMES (self), NULL);
  return syn_service_browser_get_games (self->browser);
}

static void
syn_network_games_dispose (GObject *object)
{
  SynNetworkGames *self = SYN_NETWORK_GAMES (object);

  if (self->browser)
    {
      g_signal_handlers_disconnect_by_data (self->browser, self);
      g_signal_handlers_disconnect_by_data (syn_service_browser_get_games (self->browser), self);
    }
  g_clear_object (&self->browser);
  G_OBJECT_CLASS (syn_network_games_parent_class)->dispose (object);
}

static void
syn_network_games_class_init (SynNetworkGamesClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = syn_network_games_dispose;
  signals[GAME_ACTIVATED]
      = g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                      NULL, G_TYPE_NONE, 1, SYN_TYPE_FOUND_GAME);
}

static void
syn_network_games_init (SynNetworkGames *self)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *placeholder = gtk_label_new (NULL);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _ ("Games on Your Network"));
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_label_set_xalign (GTK_LABEL (placeholder), 0);
  gtk_widget_set_margin_top (placeholder, 12);
  gtk_widget_set_margin_bottom (placeholder, 12);
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_widget_add_css_class (placeholder, "dim-label");
  self->placeholder = GTK_LABEL (placeholder);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (list), placeholder);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Games on Your Network"), -1);
  g_signal_connect (list, "row-activated", G_CALLBACK (on_row_activated_cb), self);
  self->list = GTK_LIST_BOX (list);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), list);

  self->browser = syn_service_browser_new ();
  gtk_list_box_bind_model (self->list, syn_service_browser_get_games (self->browser), create_row_cb,
                           NULL, NULL);
  g_signal_connect (self->browser, "notify::state", G_CALLBACK (on_state_cb), self);
  g_signal_connect (syn_service_browser_get_games (self->browser), "items-changed",
                    G_CALLBACK (on_games_changed_cb), self);
  on_state_cb (self->browser, NULL, self);
}

GtkWidget *
syn_network_games_new (void)
{
  return g_object_new (SYN_TYPE_NETWORK_GAMES, NULL);
}
