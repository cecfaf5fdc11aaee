/* app-test-util.h: what the tests of the real application share: the main loop run until
 * something holds, the application started as `synchess` starts it, widgets found by
 * type, and real key presses and clicks sent through the X server with xdotool.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "syn-application.h"
#include "syn-board-view.h"
#include "syn-window.h"

G_BEGIN_DECLS

/* What every test of the application sets up before GTK starts, in its main (): the X11
 * backend (xdotool's), no accessibility bus (there is none under Xvfb), isolated folders, and
 * English, unless a person taking screenshots (SYNCHESS_TEST_SHOTS) asks for the language
 * SYNCHESS_TEST_SHOTS_LANGUAGE with the folder of its compiled catalogue,
 * SYNCHESS_TEST_LOCALEDIR. The tests' own strings are English. */
void app_test_init (int *argc, char ***argv);

/* Runs the main loop until done (data) holds or timeout_ms pass; returns done (data). */
gboolean app_test_iterate_until (gboolean (*done) (gpointer data), gpointer data, guint timeout_ms);
/* Runs the main loop for ms milliseconds. */
void app_test_settle (guint ms);

/* Whether the window (data) has the keyboard: a done () for app_test_iterate_until (). */
gboolean app_test_is_active (gpointer window);

/* Starts the application with its window shown at width x height (0 x 0: the size the
 * application chooses); NULL if it could not. */
SynWindow *app_test_start (SynApplication **app, int width, int height);
void app_test_quit (SynApplication *app, SynWindow *window);

/* The first widget under root, in depth-first order, for which match (widget, data) holds;
 * and the first of a type. */
GtkWidget *app_test_find (GtkWidget *root,
                          gboolean (*match) (GtkWidget *widget, gconstpointer data),
                          gconstpointer data);
GtkWidget *app_test_find_type (GtkWidget *root, GType type);
/* Matches for app_test_find (): a mapped button of that label (data), a label's texts. */
gboolean app_test_is_button_labelled (GtkWidget *widget, gconstpointer label);
/* The newest toplevel window of type (GTK_TYPE_WINDOW: any) that is shown, other than
 * besides (the main window, or NULL), or NULL. */
/* The first toplevel of type, shown or not; NULL when there is none. */
GtkWindow *app_test_first_toplevel (GType type);
GtkWindow *app_test_newest_toplevel (GtkWindow *besides, GType type);
/* The texts of the labels under widget, in depth-first order, separated by spaces. */
void app_test_collect_text (GtkWidget *widget, GString *text);

/* The text of row index of the window's move list (the start is row 0), the last when
 * index < 0. */
char *app_test_move_list_row (SynWindow *window, int index);

/* A match for app_test_find (): a button of that label (data), mapped or not. */
gboolean app_test_has_label (GtkWidget *widget, gconstpointer label);
/* A match for app_test_find (): a drawable label whose text holds data. */
gboolean app_test_shows_text (GtkWidget *widget, gconstpointer data);

/* What app_test_text_shown () waits for: text shown in a label under root. */
typedef struct
{
  GtkWidget *root;
  const char *text;
} AppTestTextWait;

gboolean app_test_text_shown (gpointer wait);
/* Waits (up to 20 s) for text to be shown under root; the test fails otherwise. */
void app_test_wait_for_text (GtkWidget *root, const char *text);

/* Whether the window's game (data) is played against someone over the network. */
gboolean app_test_network_game_begun (gpointer window);

/* What app_test_turn_done () waits for: game past turns, or over. */
typedef struct
{
  SynGame *game;
  guint turns;
} AppTestTurnWait;

gboolean app_test_turn_done (gpointer wait);

/* Whether real input can be sent: xdotool is there and the display is X11's. */
gboolean app_test_has_real_input (GtkWidget *widget);
/* Presses key (xdotool's name: "space", "ctrl+s") as a person would, to the window that has
 * the focus, and lets the application handle it. */
void app_test_press (const char *key);
/* Moves the real pointer to x, y of widget (its middle where negative) and clicks button
 * there (0: only moves it), then lets the application handle it. */
void app_test_pointer (GtkWidget *widget, double x, double y, int button);
/* Clicks the middle of square ("e4") on board with button. */
void app_test_click_square (GtkWidget *board, const char *square, int button);

/* The folder a person asked the tests to save screenshots in (SYNCHESS_TEST_SHOTS), or NULL:
 * they are for looking at, never checked. */
const char *app_test_shots_folder (void);
/* With that folder: what widget shows, as name (a PNG), after settle_ms more of the main loop
 * (a dialog finds its size over a few frames). */
void app_test_shoot_widget (GtkWidget *widget, const char *name, guint settle_ms);
/* With that folder: the whole screen as the X server shows it (dialogs, shadows), as name. */
void app_test_shoot_screen (const char *name, guint settle_ms);

/* A free TCP port on this computer, for a host to listen on. */
guint16 app_test_free_port (void);
/* Makes the calling process die with its parent: a helper process never outlives the test,
 * whatever becomes of it (a GSpawnChildSetupFunc). */
void app_test_die_with_parent (gpointer user_data);
/* Starts synchess-cli (argv[0]) with its folders under home (it must not share the app's
 * identity), killed if the test dies, not reaped; stdout_fd, where not NULL, gets the pipe
 * of its output, else it goes to /dev/null. */
void app_test_spawn_cli (const char *home, const char *const *argv, GPid *pid, int *stdout_fd);
/* Removes path and all under it. */
void app_test_remove_tree (const char *path);

G_END_DECLS
