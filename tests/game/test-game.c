/* test-game.c: a game in progress: secret choices, executed turns, the end of the game,
 * clocks, history and what each side sees.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "syn-game.h"

/* White plays Qd3-h3 to freeze the black king on h8 (Ra8 being the other attacker). */
#define FEN_KING_FREEZE_IN_ONE "R6k/1p6/8/8/8/3Q4/8/4K3 w - - 0 1"
/* The same with the queen already on h3: Black is lost before the first turn (PSC-R10). */
#define FEN_KING_FROZEN "R6k/1p6/8/8/8/7Q/8/4K3 w - - 0 1"

static SynState
state_from_fen (const char *fen)
{
  SynState state;
  SynFenError error;

  if (!syn_variant_psc.read_state (fen, &state, &error))
    g_error ("%s: %s", fen, error.message);
  return state;
}

/* Field by field: the padding after a state's step holds no value. */
static gboolean
same_state (const SynState *a, const SynState *b)
{
  return memcmp (&a->board, &b->board, sizeof a->board) == 0 && a->step == b->step;
}

/* side's legal move uci in the game's current state. */
static SynChoice
move (SynGame *game, SynColour side, const char *uci)
{
  SynChoice choice = syn_variant_choice_from_text (syn_game_get_variant (game),
                                                   syn_game_get_state (game), side, uci);
  g_assert_cmpuint (choice, !=, SYN_CHOICE_NONE);
  return choice;
}

static void
play (SynGame *game, const char *white, const char *black)
{
  g_autoptr (GError) error = NULL;
  SynChoice w = move (game, SYN_WHITE, white), b = move (game, SYN_BLACK, black);

  g_assert_true (syn_game_choose (game, SYN_WHITE, w, &error));
  g_assert_no_error (error);
  g_assert_true (syn_game_choose (game, SYN_BLACK, b, &error));
  g_assert_no_error (error);
}

typedef struct
{
  GString *events;
  gint64 now_us;
} Log;

static void
on_choice_changed_cb (SynGame *game, int side, Log *log)
{
  g_string_append_printf (log->events, "chose:%s ", side == SYN_WHITE ? "w" : "b");
}

static void
on_turn_executed_cb (SynGame *game, guint index, Log *log)
{
  /* The result is known by the time anyone hears of the turn. */
  g_string_append_printf (log->events, "turn:%u%s ", index, syn_game_is_over (game) ? "!" : "");
}

static void
on_finished_cb (SynGame *game, Log *log)
{
  g_string_append_printf (log->events, "finished:%s ", syn_game_get_reason (game));
}

static void
watch (SynGame *game, Log *log)
{
  log->events = g_string_new (NULL);
  g_signal_connect (game, "choice-changed", G_CALLBACK (on_choice_changed_cb), log);
  g_signal_connect (game, "turn-executed", G_CALLBACK (on_turn_executed_cb), log);
  g_signal_connect (game, "finished", G_CALLBACK (on_finished_cb), log);
}

static void
log_clear (Log *log)
{
  g_string_free (log->events, TRUE);
}

static gint64
fake_time (gpointer user_data)
{
  return ((Log *) user_data)->now_us;
}

static void
test_starts_at_start_position (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  SynState start = state_from_fen (SYN_FEN_START);

  g_assert_true (memcmp (&syn_game_get_state (game)->board, &start.board, sizeof start.board) == 0);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);
  g_assert_false (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_NONE);
  g_assert_cmpint (syn_game_get_end (game), ==, SYN_END_NONE);
  g_assert_null (syn_game_get_reason (game));
  g_assert_false (syn_game_has_chosen (game, SYN_WHITE));
  g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
  g_assert_false (syn_clock_is_timed (syn_game_get_clock (game)));
}

/* A side may change its secret choice while the opponent has not chosen; the turn executes
 * when both have chosen (PSC-R8). */
static void
test_choose_change_execute (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GError) error = NULL;
  Log log;
  const SynTurn *turn;
  SynChoice d2d4 = move (game, SYN_WHITE, "d2d4");
  SynChoice e7e5 = move (game, SYN_BLACK, "e7e5");

  watch (game, &log);
  g_assert_true (syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "e2e4"), &error));
  g_assert_true (syn_game_has_chosen (game, SYN_WHITE));
  g_assert_true (syn_game_choose (game, SYN_WHITE, d2d4, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_choice (game, SYN_WHITE), ==, d2d4);
  g_assert_cmpuint (syn_game_get_choice (game, SYN_BLACK), ==, SYN_CHOICE_NONE);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);

  g_assert_true (syn_game_choose (game, SYN_BLACK, e7e5, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
  turn = syn_game_get_turn (game, 0);
  g_assert_cmpuint (turn->choice[SYN_WHITE], ==, d2d4);
  g_assert_cmpuint (turn->choice[SYN_BLACK], ==, e7e5);
  g_assert_false (syn_game_has_chosen (game, SYN_WHITE));
  g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
  g_assert_cmpstr (log.events->str, ==, "chose:w chose:w chose:b turn:0 ");
  log_clear (&log);
}

static void
test_illegal_choice_names_move_and_side (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GError) error = NULL;
  SynChoice e7e5 = move (game, SYN_BLACK, "e7e5");

  /* A move of the other side's pieces. */
  g_assert_false (syn_game_choose (game, SYN_WHITE, e7e5, &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "e7e5"));
  g_assert_nonnull (strstr (error->message, "White"));
  g_clear_error (&error);

  /* PSC-R4: e5 is not controlled by White. */
  g_assert_false (
      syn_game_choose (game, SYN_WHITE, syn_move_make (12, 36, SYN_MOVE_PLAIN), &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "e2e5"));
  g_clear_error (&error);

  /* PSC-R4: there is no pass. */
  g_assert_false (syn_game_choose (game, SYN_BLACK, SYN_CHOICE_NONE, &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "Black"));
  g_assert_false (syn_game_has_chosen (game, SYN_BLACK));
}

static void
on_choice_changed_choose_again_cb (SynGame *game, int side, GError **error)
{
  if (syn_game_has_chosen (game, SYN_WHITE) && syn_game_has_chosen (game, SYN_BLACK))
    syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "d2d4"), error);
}

/* Once both have chosen, the choices are fixed, even for a handler of "choice-changed". */
static void
test_choice_fixed_once_both_chose (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GError) error = NULL;
  SynChoice e2e4 = move (game, SYN_WHITE, "e2e4");

  g_signal_connect (game, "choice-changed", G_CALLBACK (on_choice_changed_choose_again_cb), &error);
  syn_game_choose (game, SYN_WHITE, e2e4, NULL);
  syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, "e7e5"), NULL);
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_ALREADY_SET);
  g_assert_cmpuint (syn_game_get_turn (game, 0)->choice[SYN_WHITE], ==, e2e4);
}

/* PSC-R10: a frozen king loses; "turn-executed" comes first, then "finished". */
static void
test_finished_on_king_frozen (void)
{
  SynState start = state_from_fen (FEN_KING_FREEZE_IN_ONE);
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, &start, NULL, FALSE);
  g_autoptr (GError) error = NULL;
  Log log;

  watch (game, &log);
  play (game, "d3h3", "b7b6");
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpint (syn_game_get_end (game), ==, SYN_END_RULES);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "king-frozen");
  g_assert_cmpstr (log.events->str, ==, "chose:w chose:b turn:0! finished:king-frozen ");
  log_clear (&log);

  /* A finished game takes no more moves. */
  g_assert_false (syn_game_choose (game, SYN_WHITE, syn_move_make (4, 3, SYN_MOVE_PLAIN), &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_OVER);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
}

/* PSC-R10: the outcome is checked before the first turn too. */
static void
test_finished_start_position (void)
{
  SynState start = state_from_fen (FEN_KING_FROZEN);
  SynTimeControl tc = SYN_TIME_CONTROL_DEFAULT;
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, &start, &tc, FALSE);
  g_autoptr (GError) error = NULL;

  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "king-frozen");
  g_assert_false (syn_game_choose (game, SYN_WHITE, syn_move_make (4, 3, SYN_MOVE_PLAIN), &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_OVER);
  g_assert_false (syn_clock_is_running (syn_game_get_clock (game), SYN_WHITE));
  g_assert_false (syn_clock_is_running (syn_game_get_clock (game), SYN_BLACK));
}

/* PSC-R11: the clock of the side that has not chosen runs; both get the increment. */
static void
test_clocks_follow_choices (void)
{
  SynTimeControl tc = { 60000, 2000 };
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, &tc, FALSE);
  SynClock *clock = syn_game_get_clock (game);
  Log log = { NULL, 0 };
  const SynTurn *turn;

  syn_clock_set_time_source (clock, fake_time, &log);
  g_assert_false (syn_clock_is_running (clock, SYN_WHITE));
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));
  log.now_us += 3 * G_USEC_PER_SEC;

  syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "e2e4"), NULL);
  g_assert_true (syn_clock_is_running (clock, SYN_BLACK));
  log.now_us += 5 * G_USEC_PER_SEC;
  syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, "e7e5"), NULL);
  g_assert_false (syn_clock_is_running (clock, SYN_BLACK));

  turn = syn_game_get_turn (game, 0);
  g_assert_cmpint (turn->remaining_ms[SYN_WHITE], ==, 62000);
  g_assert_cmpint (turn->remaining_ms[SYN_BLACK], ==, 57000);
  g_assert_cmpint (syn_clock_get_remaining_ms (clock, SYN_BLACK), ==, 57000);
}

/* PSC-R11: a flag fall loses, and a move after it comes too late. */
static void
test_flag_fall_loses (void)
{
  SynTimeControl tc = { 1000, 0 };
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, &tc, FALSE);
  SynClock *clock = syn_game_get_clock (game);
  g_autoptr (GError) error = NULL;
  Log log = { NULL, 0 };
  SynChoice e7e5 = move (game, SYN_BLACK, "e7e5");

  syn_clock_set_time_source (clock, fake_time, &log);
  watch (game, &log);
  syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "e2e4"), NULL);
  log.now_us += 1000 * 1000;

  g_assert_false (syn_game_choose (game, SYN_BLACK, e7e5, &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_OVER);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_WHITE_WINS);
  g_assert_cmpint (syn_game_get_end (game), ==, SYN_END_TIME);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "time");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);
  g_assert_cmpstr (log.events->str, ==, "chose:w finished:time ");
  log_clear (&log);
}

static void
test_resign (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (GError) error = NULL;
  Log log;

  watch (game, &log);
  syn_game_resign (game, SYN_WHITE);
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_BLACK_WINS);
  g_assert_cmpint (syn_game_get_end (game), ==, SYN_END_RESIGNATION);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "resignation");
  /* Only the first end counts. */
  syn_game_resign (game, SYN_BLACK);
  syn_game_agree_draw (game);
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_BLACK_WINS);
  g_assert_cmpstr (log.events->str, ==, "finished:resignation ");
  g_assert_false (syn_game_choose (game, SYN_BLACK, move (game, SYN_BLACK, "e7e5"), &error));
  g_assert_error (error, SYN_GAME_ERROR, SYN_GAME_ERROR_OVER);
  log_clear (&log);
}

static void
test_agree_draw (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);

  play (game, "e2e4", "e7e5");
  syn_game_agree_draw (game);
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_DRAW);
  g_assert_cmpint (syn_game_get_end (game), ==, SYN_END_AGREEMENT);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "agreement");
}

/* Each turn holds the position before and after it; they chain up to the current one. */
static void
test_history (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  const SynTurn *first, *second;

  play (game, "e2e4", "e7e5");
  play (game, "g1f3", "b8c6");
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 2);
  first = syn_game_get_turn (game, 0);
  second = syn_game_get_turn (game, 1);
  g_assert_true (same_state (&first->before, syn_game_get_start (game)));
  g_assert_true (same_state (&first->after, &second->before));
  g_assert_true (same_state (&second->after, syn_game_get_state (game)));
  g_assert_cmpint (first->remaining_ms[SYN_WHITE], ==, -1);
  g_assert_cmpint (second->remaining_ms[SYN_BLACK], ==, -1);
  /* PSC-R9: the turn number grows by one per turn. */
  g_assert_cmpint (syn_game_get_state (game)->board.turn_number, ==, 3);
}

/* Legal moves only for the position still to be played. */
static void
test_facts_moves_only_now (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  SynBoardFacts facts;

  play (game, "e2e4", "e7e5");
  syn_game_get_facts (game, 0, SYN_WHITE, &facts);
  g_assert_cmpint (facts.n_moves, ==, 0);
  g_assert_true (memcmp (&facts.position, &syn_game_get_start (game)->board, sizeof facts.position)
                 == 0);
  syn_game_get_facts (game, 1, SYN_WHITE, &facts);
  g_assert_cmpint (facts.n_moves, >, 0);
  g_assert_cmpint (facts.position.board[28], ==, SYN_PIECE (SYN_WHITE, SYN_PAWN)); /* e4 */

  syn_game_resign (game, SYN_BLACK);
  syn_game_get_facts (game, 1, SYN_WHITE, &facts);
  g_assert_cmpint (facts.n_moves, ==, 0);
}

/* PSC-R12: in fog a side sees its own pieces and their attack sets, nothing more. */
static void
test_facts_fog_hides_squares (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, TRUE);
  g_autoptr (SynGame) clear = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  SynBoardFacts facts;
  const int e7 = 52, e2 = 12, e4 = 28, e5 = 36;

  g_assert_true (syn_game_get_fog (game));
  syn_game_get_facts (game, 0, SYN_WHITE, &facts);
  g_assert_true (facts.visible & syn_bit (e2));
  g_assert_true (facts.visible & syn_bit (e4));
  g_assert_false (facts.visible & syn_bit (e5));
  g_assert_false (facts.visible & syn_bit (e7));
  g_assert_cmpint (facts.position.board[e7], ==, SYN_NO_PIECE);
  g_assert_cmpint (facts.position.board[e2], ==, SYN_PIECE (SYN_WHITE, SYN_PAWN));
  g_assert_cmpint (facts.attacks[SYN_BLACK][e7], ==, 0);
  g_assert_cmpint (facts.n_moves, >, 0);

  syn_game_get_facts (game, 0, SYN_BLACK, &facts);
  g_assert_true (facts.visible & syn_bit (e7));
  g_assert_cmpint (facts.position.board[e2], ==, SYN_NO_PIECE);

  syn_game_get_facts (clear, 0, SYN_WHITE, &facts);
  g_assert_true (facts.visible == ~(SynBitboard) 0);
  g_assert_cmpint (facts.position.board[e7], ==, SYN_PIECE (SYN_BLACK, SYN_PAWN));
}

static void
test_players (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);

  syn_game_set_player (game, SYN_BLACK, SYN_PLAYER_COMPUTER, "Synchess");
  g_assert_cmpint (syn_game_get_player_kind (game, SYN_BLACK), ==, SYN_PLAYER_COMPUTER);
  g_assert_cmpstr (syn_game_get_player_name (game, SYN_BLACK), ==, "Synchess");
  g_assert_cmpint (syn_game_get_player_kind (game, SYN_WHITE), ==, SYN_PLAYER_HUMAN);
  g_assert_null (syn_game_get_player_name (game, SYN_WHITE));
}

static void
test_tags (void)
{
  g_autoptr (SynGame) game = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  const char *const *names;

  g_assert_cmpstr (syn_game_get_tag (game, "Event"), ==, "?");
  g_assert_nonnull (syn_game_get_tag (game, "Date"));
  syn_game_set_tag (game, "Annotator", "Ann");
  syn_game_set_tag (game, "Event", "Club night");
  syn_game_set_tag (game, "Site", NULL);
  names = syn_game_get_tag_names (game);
  g_assert_cmpstr (names[0], ==, "Event");
  g_assert_cmpstr (names[1], ==, "Date");
  g_assert_cmpstr (names[2], ==, "Annotator");
  g_assert_null (names[3]);
  g_assert_cmpstr (syn_game_get_tag (game, "Event"), ==, "Club night");
  g_assert_null (syn_game_get_tag (game, "Site"));
}

/* Ids tell games apart and sort by the time the games began. */
static void
test_id_unique_and_sortable (void)
{
  g_autoptr (SynGame) a = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);
  g_autoptr (SynGame) b = syn_game_new (&syn_variant_psc, NULL, NULL, FALSE);

  g_assert_true (g_regex_match_simple ("^[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{6}-[0-9a-f]{6}$",
                                       syn_game_get_id (a), 0, 0));
  g_assert_cmpstr (syn_game_get_id (a), !=, syn_game_get_id (b));
  g_assert_cmpint (strncmp (syn_game_get_id (a), syn_game_get_id (b), 17), <=, 0);
}

static SynGame *
new_rule_set_game (const char *id, const char *fen)
{
  const SynVariant *variant = syn_variant_lookup (id);
  SynState start;
  SynFenError error;

  g_assert_nonnull (variant);
  if (!variant->read_state (fen, &start, &error))
    g_error ("%s: %s", fen, error.message);
  return syn_game_new (variant, &start, NULL, FALSE);
}

/* SYN-R12: the third time the same position stands at the start of a turn, counting the
 * start, the game is drawn; the game holds the history, so it judges it. */
static void
test_repetition_draw (void)
{
  g_autoptr (SynGame) game = new_rule_set_game ("synchrone", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");

  play (game, "e1e2", "e8e7");
  play (game, "e2e1", "e7e8");
  g_assert_false (syn_game_is_over (game)); /* the start position a second time */
  play (game, "e1e2", "e8e7");
  g_assert_false (syn_game_is_over (game));
  play (game, "e2e1", "e7e8");
  g_assert_true (syn_game_is_over (game));
  g_assert_cmpint (syn_game_get_result (game), ==, SYN_RESULT_DRAW);
  g_assert_cmpstr (syn_game_get_reason (game), ==, "repetition");
}

static void
on_refused_cb (SynGame *game, int side, int *refused)
{
  *refused = side;
}

/* TX-R5, TX-E1: a move onto a square the opponent's transaction locks has no effect, is not
 * recorded, and the side chooses again; the other side keeps waiting. */
static void
test_refused_choice_not_recorded (void)
{
  g_autoptr (SynGame) game = new_rule_set_game (
      "transactional", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 T1:g1f3 T2:e7e5");
  SynState before = *syn_game_get_state (game);
  g_autoptr (GError) error = NULL;
  int refused = -1;

  g_signal_connect (game, "choice-refused", G_CALLBACK (on_refused_cb), &refused);
  g_assert_true (syn_game_has_chosen (game, SYN_BLACK)); /* Black waits */
  g_assert_true (syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "f3e5"), &error));
  g_assert_no_error (error);
  g_assert_cmpint (refused, ==, SYN_WHITE);
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 0);
  g_assert_false (syn_game_has_chosen (game, SYN_WHITE));
  g_assert_true (same_state (syn_game_get_state (game), &before));

  g_assert_true (syn_game_choose (game, SYN_WHITE, move (game, SYN_WHITE, "f3g5"), &error));
  g_assert_cmpuint (syn_game_get_n_turns (game), ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/game/starts-at-start-position", test_starts_at_start_position);
  g_test_add_func ("/game/game/choose-change-execute", test_choose_change_execute);
  g_test_add_func ("/game/game/illegal-choice-names-move-and-side",
                   test_illegal_choice_names_move_and_side);
  g_test_add_func ("/game/game/choice-fixed-once-both-chose", test_choice_fixed_once_both_chose);
  g_test_add_func ("/game/game/finished-on-king-frozen", test_finished_on_king_frozen);
  g_test_add_func ("/game/game/finished-start-position", test_finished_start_position);
  g_test_add_func ("/game/game/clocks-follow-choices", test_clocks_follow_choices);
  g_test_add_func ("/game/game/flag-fall-loses", test_flag_fall_loses);
  g_test_add_func ("/game/game/resign", test_resign);
  g_test_add_func ("/game/game/agree-draw", test_agree_draw);
  g_test_add_func ("/game/game/history", test_history);
  g_test_add_func ("/game/game/facts-moves-only-now", test_facts_moves_only_now);
  g_test_add_func ("/game/game/facts-fog-hides-squares", test_facts_fog_hides_squares);
  g_test_add_func ("/game/game/players", test_players);
  g_test_add_func ("/game/game/tags", test_tags);
  g_test_add_func ("/game/game/id-unique-and-sortable", test_id_unique_and_sortable);
  g_test_add_func ("/game/game/syn-r12/repetition-draw", test_repetition_draw);
  g_test_add_func ("/game/game/tx-r5/refused-choice-not-recorded",
                   test_refused_choice_not_recorded);
  return g_test_run ();
}
