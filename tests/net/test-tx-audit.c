/* test-tx-audit.c: the audit after a Transactional Chess game between two programs (TX-R17)
 * when the other side broke the rules. Two programs play in-process, each on its own player
 * state, and keep exactly what SynPeer keeps: the commitments to each turn, the sealed public
 * parts, the lock answers, the claims and, at the end, the reveals. Each test checks that the
 * honest game's audit passes, then changes one thing (a lie told during the game, or a record
 * changed afterwards) and checks that syn_tx_audit_check() finds it, naming turn and ruling.
 * A lie told before the connection broke is found too when both programs resumed from what
 * they saved, their player's records and audit logs.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#include <string.h>

#include "syn-game-private.h"
#include "syn-net-game.h"
#include "syn-protocol.h"
#include "syn-record.h"
#include "syn-tx-audit-log.h"
#include "transactional.h"

#define GAME_ID "20260101-120000-tx-audit"

#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 T1:- T2:-"
/* TX-E3: white's rook goes to a7 unseen; black's king walks into it. */
#define E3_FEN "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 T1:- T2:-"
/* TX-E5: mate is judged on two views. */
#define E5_FEN "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 0 3 T3:- T4:-"
/* TX-E5 with white's e2e3 never played: black to give the fool's mate. */
#define E5_MATE_FEN "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 3 T3:- T4:-"
/* TX-R6: white's one legal move, Kxb1, is refused once black's knight is pending. */
#define NO_MOVE_FEN "7k/8/8/8/8/8/7r/Kn6 b - - 0 1 T1:- T2:-"

/* TX-E1 and E2: the lock on e5, black's commit passing over g5, white's forced commit. */
static const char *const e2_turns[]
    = { "g1f3", "e7e5", "f3e5 f3g5", "d8h4/commit", "g5f7/commit", NULL };

static const char *const colour_names[] = { "white", "black" };

typedef struct
{
  SynGame *game[2];       /* each program's game, on its player state (TX-R15) */
  SynState referee_start; /* the audit's start: both transactions known */
  guint turn;             /* the protocol's turn: the number of turns played */
  /* What each program keeps for the audit, as SynPeer does. */
  GArray *theirs[2];    /* SynTxTheirTurn by turn: side's record of the other's turns */
  GArray *answers[2];   /* SynTxLockAnswer: the other program's answers to side's questions */
  GArray *questions[2]; /* SynTxLockAnswer: the other program's questions to side, answered */
  GPtrArray *own[2];    /* char * by turn: what side committed to, or NULL */
  GByteArray *salt[2];  /* SYN_PROTOCOL_SALT_SIZE bytes by turn: the salts of own */
  gboolean claimed[2];  /* side's game ended on the other's claim */
  gboolean revealed[2];
  gboolean cheated[2]; /* side played against the rules: its own game no longer follows */
  /* Lies, set by a test before the turn they are told in. */
  int lie_square[2];       /* side answers the opposite to a question about this square */
  gboolean lie_no_move[2]; /* side answers the opposite to the TX-R6 question */
  gboolean withhold_claim[2];
  const char *announce[2]; /* side's next turn is told as this public part, not its own */
  const char *list[2];     /* side's next turn commits to this transaction, not its own */
} Match;

static const SynVariant *
tx (void)
{
  return &syn_variant_transactional;
}

static Match *
match_new (const char *fen)
{
  Match *m = g_new0 (Match, 1);
  SynFenError error;

  if (!tx ()->read_state (fen, &m->referee_start, &error))
    g_error ("%s: %s", fen, error.message);
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      SynState player;
      /* TX-R15: a program holds its own transaction, never the other's (as make_game). */
      syn_tx_player_state (&m->referee_start, (SynColour) side, &player);
      m->game[side] = syn_game_new (tx (), &player, NULL, FALSE);
      syn_game_set_id (m->game[side], GAME_ID);
      m->theirs[side] = g_array_new (FALSE, TRUE, sizeof (SynTxTheirTurn));
      m->answers[side] = g_array_new (FALSE, TRUE, sizeof (SynTxLockAnswer));
      m->questions[side] = g_array_new (FALSE, TRUE, sizeof (SynTxLockAnswer));
      m->own[side] = g_ptr_array_new_with_free_func (g_free);
      m->salt[side] = g_byte_array_new ();
      m->lie_square[side] = SYN_NO_SQUARE;
    }
  return m;
}

static void
match_free (Match *m)
{
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      g_object_unref (m->game[side]);
      g_array_unref (m->theirs[side]);
      g_array_unref (m->answers[side]);
      g_array_unref (m->questions[side]);
      g_ptr_array_unref (m->own[side]);
      g_byte_array_unref (m->salt[side]);
    }
  g_free (m);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Match, match_free)

static const SynState *
state_of (Match *m, SynColour side)
{
  return syn_game_get_state (m->game[side]);
}

static SynColour
match_mover (Match *m)
{
  /* The committed views agree; a cheater's own game stopped at its cheat. */
  SynColour follower = m->cheated[SYN_WHITE] ? SYN_BLACK : SYN_WHITE;
  return (SynColour) state_of (m, follower)->board.side_to_move;
}

/* What side holds of the other's turn (syn-peer.c their_turn): made on first use. */
static SynTxTheirTurn *
their_turn (GArray *theirs, guint turn)
{
  if (theirs->len <= turn)
    g_array_set_size (theirs, turn + 1);
  return &g_array_index (theirs, SynTxTheirTurn, turn);
}

/* The answering program's reply to a lock question (TX-R16, handle_lock), kept by the asker
 * as handle_locked keeps it; a liar flips it. */
static gboolean
answer (Match *m, SynColour answerer, const SynBitboard *sets, guint n_sets,
        gboolean no_move_question)
{
  SynTxLockAnswer kept = { .turn = m->turn, .n_sets = n_sets };
  SynBitboard locks = syn_tx_locks (state_of (m, answerer), answerer);
  gboolean locked = syn_tx_audit_all_locked (sets, n_sets, locks);
  gboolean lie = no_move_question ? m->lie_no_move[answerer]
                                  : m->lie_square[answerer] != SYN_NO_SQUARE && n_sets == 1
                                        && sets[0] == syn_bit (m->lie_square[answerer]);

  kept.locked = lie ? !locked : locked;
  memcpy (kept.sets, sets, n_sets * sizeof *sets);
  g_array_append_val (m->answers[!answerer], kept);
  g_array_append_val (m->questions[answerer], kept);
  return kept.locked;
}

/* TX-R6 over the network (ask_all_refused): at the start of its turn the mover asks once
 * whether every move it has is refused, and passes when told so. */
static void
start_turn (Match *m)
{
  SynColour mover = match_mover (m);
  SynGame *game = m->game[mover];
  SynBitboard sets[SYN_TX_AUDIT_MAX_SETS];
  guint n_sets;

  if (syn_game_is_over (game))
    return;
  n_sets = syn_tx_audit_all_refused_question (syn_game_get_state (game), sets);
  if (n_sets > 0 && answer (m, (SynColour) !mover, sets, n_sets, TRUE))
    {
      SynState state = *syn_game_get_state (game);
      syn_tx_set_all_refused (&state);
      syn_game_replace_state (game, &state);
    }
}

/* A choice the mover's program would refuse, read without the rules: "g5f7", "pass",
 * "b2b3/commit". */
static SynChoice
cheat_choice (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, "/", 2);
  SynChoice choice;

  if (g_str_equal (parts[0], "pass"))
    choice = SYN_CHOICE_PASS;
  else
    {
      int from = syn_square_from_text (parts[0]);
      int to = strlen (parts[0]) == 4 ? syn_square_from_text (parts[0] + 2) : SYN_NO_SQUARE;
      g_assert_cmpint (from, !=, SYN_NO_SQUARE);
      g_assert_cmpint (to, !=, SYN_NO_SQUARE);
      choice = (SynChoice) syn_move_make (from, to, SYN_MOVE_PLAIN);
    }
  if (parts[1] && g_str_equal (parts[1], "commit"))
    choice |= SYN_CHOICE_COMMIT;
  else if (parts[1] && g_str_equal (parts[1], "rollback"))
    choice |= SYN_CHOICE_ROLLBACK;
  return choice;
}

/* TX-R15: an end that only one program sees is claimed by it (claim) and taken by the other
 * (handle_claim), when it is the claimer's turn and the receiver's game goes on; FALSE when
 * the claim is ignored. */
static gboolean
receive_claim (Match *m, SynColour receiver, const char *code)
{
  SynColour claimer = (SynColour) !receiver;

  g_assert_true (syn_protocol_claim_is_known (code));
  if (syn_game_is_over (m->game[receiver]) || state_of (m, receiver)->board.side_to_move != claimer)
    return FALSE;
  m->claimed[receiver] = TRUE;
  syn_game_end_by_rules (m->game[receiver], syn_tx_audit_claimed_outcome (code, claimer));
  return TRUE;
}

/* The claims that follow a turn (complete_turn): a program whose game the turn ended by a
 * rule only it can judge says so. */
static void
send_claims (Match *m)
{
  const char *claims[2] = { NULL, NULL };

  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      SynGame *game = m->game[side];
      if (!m->cheated[side] && !m->withhold_claim[side] && !m->claimed[side]
          && syn_game_is_over (game) && syn_game_get_end (game) == SYN_END_RULES
          && syn_protocol_claim_is_known (syn_game_get_reason (game)))
        claims[side] = syn_game_get_reason (game);
    }
  /* A cheater's program is not followed: what it would do with a claim does not matter. */
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (claims[side] && !m->cheated[!side] && !receive_claim (m, (SynColour) !side, claims[side]))
      g_test_message ("%s's claim of %s was not taken", colour_names[side], claims[side]);
}

static void
play_or_fail (gboolean ok, const char *what, const char *why)
{
  if (!ok)
    g_error ("%s: %s", what, why);
}

/* One turn's choice, played as the two programs play it: the mover commits to the choice
 * and the transaction it leaves (commit_own_choice, commit_choice), sends the public part
 * (send_reveal), and the waiter follows that part (handle_sealed). A cheat is not played on
 * the cheater's own game, whose rules refuse it. */
static void
play_choice (Match *m, SynColour mover, SynChoice choice, const char *text, gboolean cheat)
{
  SynColour waiter = (SynColour) !mover;
  const SynState *state = state_of (m, mover);
  SynChoice joint[2] = { SYN_CHOICE_NONE, SYN_CHOICE_NONE };
  char list[SYN_TX_AUDIT_TEXT_SIZE], told[SYN_TX_PUBLIC_STEP_SIZE], why[160] = "";
  guint8 salt[SYN_PROTOCOL_SALT_SIZE];
  g_autofree char *committed = NULL;
  g_autoptr (GError) error = NULL;
  SynTxTheirTurn *theirs;
  SynTxPublicStep step;
  SynState after, followed;

  joint[mover] = choice;
  tx ()->apply (state, joint[SYN_WHITE], joint[SYN_BLACK], &after);
  syn_tx_audit_transaction_text (&after, mover, list, sizeof list);
  committed = syn_tx_audit_committed_text (text, m->list[mover] ? m->list[mover] : list);
  m->list[mover] = NULL;
  for (guint i = 0; i < sizeof salt; i++)
    salt[i] = (guint8) (m->turn * 37 + mover * 101 + i * 13 + 1);

  theirs = their_turn (m->theirs[waiter], m->turn);
  theirs->committed = TRUE;
  syn_protocol_commitment (GAME_ID, m->turn, mover, committed, salt, theirs->commitment);
  if (m->own[mover]->len <= m->turn)
    g_ptr_array_set_size (m->own[mover], (int) m->turn + 1);
  g_ptr_array_index (m->own[mover], m->turn) = g_steal_pointer (&committed);
  if (m->salt[mover]->len < (m->turn + 1) * sizeof salt)
    g_byte_array_set_size (m->salt[mover], (m->turn + 1) * sizeof salt);
  memcpy (m->salt[mover]->data + m->turn * sizeof salt, salt, sizeof salt);

  /* TX-R8, R15: the sealed turn carries a commit's public part, nothing else. */
  syn_tx_public_step (state, choice, &step);
  syn_tx_public_step_to_text (&step, mover, told, sizeof told);
  if (m->announce[mover])
    g_strlcpy (told, m->announce[mover], sizeof told);
  m->announce[mover] = NULL;
  g_strlcpy (theirs->public_step, told, sizeof theirs->public_step);
  play_or_fail (syn_tx_public_step_from_text (told, mover, &step, why, sizeof why), told, why);
  play_or_fail (syn_tx_apply_public_step (state_of (m, waiter), &step, &followed, why, sizeof why),
                told, why);
  g_assert_true (syn_net_game_play_sealed_turn (
      m->game[waiter], mover, SYN_CHOICE_SEALED | (step.commit ? SYN_CHOICE_COMMIT : 0), &followed,
      0, 0, &error));
  g_assert_no_error (error);

  if (cheat)
    m->cheated[mover] = TRUE;
  else
    {
      g_assert_true (syn_net_game_play_turn (m->game[mover], joint[SYN_WHITE], joint[SYN_BLACK], 0,
                                             0, &error));
      g_assert_no_error (error);
    }
  m->turn++;
}

/* The side to move's turn: its tries, separated by spaces, in order, each move asked about
 * (TX-R16) until one is not refused. A try written "!g5f7" is played against the rules by
 * a cheating program, which asks nothing. FALSE when every try was refused: the turn goes
 * on. */
static gboolean
match_play (Match *m, const char *tries)
{
  SynColour mover = match_mover (m);
  g_auto (GStrv) texts = g_strsplit (tries, " ", -1);

  g_assert_false (m->cheated[SYN_WHITE] || m->cheated[SYN_BLACK]);
  for (guint i = 0; texts[i]; i++)
    {
      gboolean cheat = texts[i][0] == '!';
      const char *text = texts[i] + cheat;
      SynChoice choice;

      if (cheat)
        choice = cheat_choice (text);
      else
        {
          SynMove move;
          choice = syn_variant_choice_from_text (tx (), state_of (m, mover), mover, text);
          if (choice == SYN_CHOICE_NONE)
            g_error ("%s is not a choice of %s's program", text, colour_names[mover]);
          move = SYN_CHOICE_MOVE (choice);
          if (move != SYN_MOVE_NONE)
            {
              SynBitboard set = syn_tx_refusal_squares (move);
              if (answer (m, (SynColour) !mover, &set, 1, FALSE))
                continue; /* TX-R5: refused; the player chooses another move */
            }
        }
      play_choice (m, mover, choice, text, cheat);
      send_claims (m);
      if (!cheat)
        start_turn (m);
      return TRUE;
    }
  return FALSE;
}

/* side's program starts again from what it saved (docs/protocol.md, "Resuming"): its game
 * read back from its player's record, and what it keeps for the audit from its audit log,
 * both through their text; what the turn under way gave is forgotten. */
static void
restart (Match *m, SynColour side)
{
  g_autoptr (SynTxAuditLog) log = syn_tx_audit_log_new (&m->referee_start);
  g_autoptr (SynTxAuditLog) read = NULL;
  g_autofree char *log_text = NULL;
  g_autofree char *record = syn_record_write (m->game[side]);
  g_autoptr (GError) error = NULL;
  SynGame *game = syn_record_read (record, &error);

  g_assert_no_error (error);
  syn_game_set_id (game, GAME_ID);
  g_array_append_vals (log->their_turns, m->theirs[side]->data, m->theirs[side]->len);
  for (guint t = 0; t < m->own[side]->len; t++)
    if (g_ptr_array_index (m->own[side], t))
      {
        syn_tx_audit_log_set_own (log, t, g_ptr_array_index (m->own[side], t));
        syn_tx_audit_log_set_own_salt (log, t, m->salt[side]->data + t * SYN_PROTOCOL_SALT_SIZE);
      }
  g_array_append_vals (log->answers, m->answers[side]->data, m->answers[side]->len);
  log_text = syn_tx_audit_log_write (log);
  read = syn_tx_audit_log_read (log_text, &error);
  g_assert_no_error (error);
  syn_tx_audit_log_cut (read, syn_game_get_n_turns (game));

  g_object_unref (m->game[side]);
  m->game[side] = game;
  g_array_set_size (m->theirs[side], 0);
  g_array_append_vals (m->theirs[side], read->their_turns->data, read->their_turns->len);
  g_array_set_size (m->answers[side], 0);
  g_array_append_vals (m->answers[side], read->answers->data, read->answers->len);
  g_ptr_array_set_size (m->own[side], 0);
  for (guint t = 0; t < read->own_turns->len; t++)
    g_ptr_array_add (m->own[side], g_strdup (g_ptr_array_index (read->own_turns, t)));
  g_byte_array_set_size (m->salt[side], 0);
  g_byte_array_append (m->salt[side], (const guint8 *) read->own_salts->data, read->own_salts->len);
}

/* The connection breaks after the last turn and both programs start again from what they
 * saved; the mover asks its TX-R6 question again (resume_turn). */
static void
match_resume (Match *m)
{
  restart (m, SYN_WHITE);
  restart (m, SYN_BLACK);
  start_turn (m);
}

static Match *
match_new_played (const char *fen, const char *const *turns)
{
  Match *m = match_new (fen);

  start_turn (m);
  for (guint i = 0; turns && turns[i]; i++)
    if (!match_play (m, turns[i]))
      g_error ("every try of \"%s\" was refused", turns[i]);
  return m;
}

/* The game ends outside the rules of the board (a resignation, a flag, a draw agreed, where
 * loser does not count): both records say so. */
static void
match_end (Match *m, SynColour loser, SynEnd end)
{
  SynResult result = end == SYN_END_AGREEMENT ? SYN_RESULT_DRAW
                     : loser == SYN_WHITE     ? SYN_RESULT_BLACK_WINS
                                              : SYN_RESULT_WHITE_WINS;

  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    if (!syn_game_is_over (m->game[side]))
      syn_game_end (m->game[side], result, end);
}

/* TX-R17: the other side's reveals reach auditor (send_audit, handle_audit). */
static void
reveal_to (Match *m, SynColour auditor)
{
  SynColour them = (SynColour) !auditor;
  guint n_turns = syn_game_get_n_turns (m->game[auditor]);

  if (m->revealed[auditor])
    return;
  m->revealed[auditor] = TRUE;
  for (guint t = 0; t < n_turns && t < m->own[them]->len; t++)
    {
      const char *text = g_ptr_array_index (m->own[them], t);
      g_auto (GStrv) parts = NULL;
      SynTxTheirTurn *theirs;

      if (!text)
        continue;
      parts = g_strsplit (text, " ", 2);
      theirs = their_turn (m->theirs[auditor], t);
      theirs->revealed = TRUE;
      g_strlcpy (theirs->choice, parts[0], sizeof theirs->choice);
      g_strlcpy (theirs->list, parts[1] ? parts[1] : "", sizeof theirs->list);
      memcpy (theirs->salt, m->salt[them]->data + t * SYN_PROTOCOL_SALT_SIZE, sizeof theirs->salt);
    }
  their_turn (m->theirs[auditor], n_turns);
}

static gboolean
audit_with (Match *m, SynColour auditor, GArray *theirs, GArray *answers, gboolean claimed,
            char **why)
{
  g_assert_true (syn_game_is_over (m->game[auditor]));
  return syn_tx_audit_check (m->game[auditor], &m->referee_start, auditor,
                             (const SynTxTheirTurn *) (gpointer) theirs->data,
                             (const SynTxLockAnswer *) (gpointer) answers->data, answers->len,
                             (const SynTxLockAnswer *) (gpointer) m->questions[auditor]->data,
                             m->questions[auditor]->len, claimed, why);
}

static gboolean
match_audit (Match *m, SynColour auditor, char **why)
{
  reveal_to (m, auditor);
  return audit_with (m, auditor, m->theirs[auditor], m->answers[auditor], m->claimed[auditor], why);
}

/* A copy of auditor's record of the other side's turns, revealed, to change one thing in. */
static GArray *
revealed_copy (Match *m, SynColour auditor)
{
  GArray *copy;

  reveal_to (m, auditor);
  copy = g_array_sized_new (FALSE, TRUE, sizeof (SynTxTheirTurn), m->theirs[auditor]->len);
  g_array_append_vals (copy, m->theirs[auditor]->data, m->theirs[auditor]->len);
  return copy;
}

static void
assert_clean_for (Match *m, SynColour auditor)
{
  g_autofree char *why = NULL;

  if (!match_audit (m, auditor, &why))
    g_error ("%s's audit of an honest game failed: %s", colour_names[auditor], why);
  g_assert_null (why);
}

static void
assert_clean (Match *m)
{
  assert_clean_for (m, SYN_WHITE);
  assert_clean_for (m, SYN_BLACK);
}

/* The audit failed, and why names turn (counted from 1) and the ruling ("R16"). */
static void
assert_fault (gboolean clean, const char *why, guint turn, const char *ruling)
{
  g_autofree char *turn_pattern = g_strdup_printf ("\\bturn %u\\b", turn);
  g_autofree char *ruling_pattern = g_strdup_printf ("\\bTX-[^)]*\\b%s\\b", ruling);

  g_assert_false (clean);
  g_assert_nonnull (why);
  g_test_message ("audit: %s", why);
  if (!g_regex_match_simple (turn_pattern, why, 0, 0))
    g_error ("\"%s\" does not name turn %u", why, turn);
  if (!g_regex_match_simple (ruling_pattern, why, 0, 0))
    g_error ("\"%s\" does not name TX-%s", why, ruling);
}

static void
assert_audit_fault (Match *m, SynColour auditor, guint turn, const char *ruling)
{
  g_autofree char *why = NULL;
  gboolean clean = match_audit (m, auditor, &why);

  assert_fault (clean, why, turn, ruling);
}

/* The honest games --------------------------------------------------------------------- */

static void
write_state (const SynState *state, char *buf)
{
  tx ()->write_state (state, buf, SYN_FEN_MAX_SIZE);
}

/* TX-E1, E2 played by two programs: both audits pass, and the referee's replay of either
 * side's record gives the example's referee FENs. */
static void
test_e2_referee_replay (void)
{
  g_autoptr (Match) m = match_new_played (START_FEN, e2_turns);
  char fen[SYN_FEN_MAX_SIZE];

  match_end (m, SYN_BLACK, SYN_END_RESIGNATION);
  /* TX-E1: white's try on e5 was refused: "locked". */
  g_assert_cmpuint (m->answers[SYN_WHITE]->len, ==, 4);
  g_assert_cmpuint (g_array_index (m->answers[SYN_WHITE], SynTxLockAnswer, 1).turn, ==, 2);
  g_assert_true (g_array_index (m->answers[SYN_WHITE], SynTxLockAnswer, 1).locked);
  g_assert_false (g_array_index (m->answers[SYN_WHITE], SynTxLockAnswer, 2).locked);
  g_assert_cmpstr (g_array_index (m->theirs[SYN_WHITE], SynTxTheirTurn, 3).public_step, ==,
                   "commit e7e5,d8h4 KQkq e6");
  assert_clean (m);
  for (int auditor = SYN_WHITE; auditor <= SYN_BLACK; auditor++)
    {
      g_autoptr (SynGame) referee = syn_tx_audit_referee_game (
          m->game[auditor], &m->referee_start, (SynColour) auditor,
          (const SynTxTheirTurn *) (gpointer) m->theirs[auditor]->data);
      g_assert_nonnull (referee);
      write_state (&syn_game_get_turn (referee, 2)->after, fen);
      g_assert_cmpstr (fen, ==,
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 3 2 "
                       "T1:g1f3,f3g5 T2:e7e5");
      write_state (syn_game_get_state (referee), fen);
      g_assert_cmpstr (fen, ==,
                       "rnb1kbnr/pppp1Npp/8/4p3/7q/8/PPPPPPPP/RNBQKB1R b KQkq - 0 3 T3:- T4:-");
    }
}

/* TX-R16 ------------------------------------------------------------------------------ */

/* Black answers "locked" to white's f3g5, which its transaction (e7e5) does not lock. */
static void
test_r16_false_locked_answer (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3e5 f3g5 f3h4", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, turns);
  g_autoptr (Match) lying = match_new (START_FEN);

  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);

  lying->lie_square[SYN_BLACK] = SYN_SQUARE (6, 4); /* g5 */
  start_turn (lying);
  for (guint i = 0; turns[i]; i++)
    g_assert_true (match_play (lying, turns[i]));
  /* Told g5 was locked, white played its third try. */
  g_assert_cmpuint (syn_game_get_turn (lying->game[SYN_WHITE], 2)->choice[SYN_WHITE], ==,
                    syn_move_make (SYN_SQUARE (5, 2), SYN_SQUARE (7, 3), SYN_MOVE_PLAIN));
  match_end (lying, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 3, "R16");
}

/* Black is asked about e4 at white's first turn: no legal move of white's goes there (e2e4
 * does, but white asks about e5), so the question only spies on black's locks. */
static void
test_r16_question_no_move_needs (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3g5", NULL };
  g_autoptr (Match) m = match_new_played (START_FEN, turns);
  SynTxLockAnswer spy = { .turn = 2, .locked = TRUE, .n_sets = 1 };

  match_end (m, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (m);
  spy.sets[0] = syn_bit (SYN_SQUARE (0, 5)); /* a6: no white move goes there */
  g_array_prepend_val (m->questions[SYN_BLACK], spy);
  assert_audit_fault (m, SYN_BLACK, 3, "R16");
}

/* Told that a move is not locked, white plays another: the answer bound it to that move. */
static void
test_r16_not_bound_by_free_answer (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3g5", NULL };
  g_autoptr (Match) m = match_new_played (START_FEN, turns);
  SynTxLockAnswer other = { .turn = 2, .locked = FALSE, .n_sets = 1 };

  match_end (m, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (m);
  other.sets[0] = syn_bit (SYN_SQUARE (7, 3)); /* h4: f3h4 is legal, but f3g5 was played */
  g_array_prepend_val (m->questions[SYN_BLACK], other);
  assert_audit_fault (m, SYN_BLACK, 3, "R16");
}

/* Black answers "free" to white's f3e5, which its pending e7e5 locks (TX-E1): white's move
 * goes through onto the locked square. */
static void
test_r16_false_free_answer (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3e5 f3g5", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, turns);
  g_autoptr (Match) lying = match_new (START_FEN);

  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);

  lying->lie_square[SYN_BLACK] = SYN_SQUARE (4, 4); /* e5 */
  start_turn (lying);
  for (guint i = 0; turns[i]; i++)
    g_assert_true (match_play (lying, turns[i]));
  match_end (lying, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 3, "R16");
  /* The liar's own audit sees white's move onto its lock; its program told the lie. */
  assert_audit_fault (lying, SYN_BLACK, 3, "R5");
}

/* A lie in the turn the game ended in: black answers "locked" to each of white's tries
 * until white's flag falls. No turn records the answers, but they are audited too. */
static void
test_r16_false_answer_in_unfinished_turn (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, turns);
  g_autoptr (Match) lying = match_new_played (START_FEN, turns);

  /* Honest: e5 is locked (TX-E1); white tries nothing else and loses on time. */
  g_assert_false (match_play (honest, "f3e5"));
  match_end (honest, SYN_WHITE, SYN_END_TIME);
  assert_clean (honest);

  lying->lie_square[SYN_BLACK] = SYN_SQUARE (6, 4); /* g5 */
  g_assert_false (match_play (lying, "f3e5 f3g5"));
  match_end (lying, SYN_WHITE, SYN_END_TIME);
  g_assert_cmpuint (syn_game_get_n_turns (lying->game[SYN_WHITE]), ==, 2);
  assert_audit_fault (lying, SYN_WHITE, 3, "R16");
}

/* A lie told before the connection broke is found after the game was resumed from what each
 * program saved (its player's record, its audit log), as it is without the break. */
static void
test_r16_false_answer_before_a_resume (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3e5 f3g5 f3h4", NULL };
  static const char *const after[] = { "b8c6", "a2a3", "a7a6", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, turns);
  g_autoptr (Match) lying = match_new (START_FEN);

  match_resume (honest);
  for (guint i = 0; after[i]; i++)
    g_assert_true (match_play (honest, after[i]));
  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);

  lying->lie_square[SYN_BLACK] = SYN_SQUARE (6, 4); /* g5 */
  start_turn (lying);
  for (guint i = 0; turns[i]; i++)
    g_assert_true (match_play (lying, turns[i]));
  match_resume (lying);
  for (guint i = 0; after[i]; i++)
    g_assert_true (match_play (lying, after[i]));
  match_end (lying, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 3, "R16");
}

/* TX-R6 ------------------------------------------------------------------------------- */

/* Black's knight leaves b1 pending, so white's one move, Kxb1, is refused: white's program
 * asks once and passes. A black that moved its king instead and said the same lied. */
static void
test_r6_false_no_move_answer (void)
{
  g_autoptr (Match) honest = match_new (NO_MOVE_FEN);
  g_autoptr (Match) lying = match_new (NO_MOVE_FEN);

  start_turn (honest);
  g_assert_true (match_play (honest, "b1c3"));
  g_assert_true (state_of (honest, SYN_WHITE)->rules.tx.all_refused);
  g_assert_true (match_play (honest, "pass"));
  match_end (honest, SYN_WHITE, SYN_END_RESIGNATION);
  assert_clean (honest);

  lying->lie_no_move[SYN_BLACK] = TRUE;
  start_turn (lying);
  g_assert_true (match_play (lying, "h8g8"));
  g_assert_true (state_of (lying, SYN_WHITE)->rules.tx.all_refused);
  g_assert_true (match_play (lying, "pass"));
  match_end (lying, SYN_WHITE, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 2, "R16");
}

/* The same lie, with a break after it: white's record keeps its pass, which it could make
 * only on black's answer, and the audit still finds the answer false. */
static void
test_r6_false_no_move_answer_before_a_resume (void)
{
  g_autoptr (Match) honest = match_new (NO_MOVE_FEN);
  g_autoptr (Match) lying = match_new (NO_MOVE_FEN);

  start_turn (honest);
  g_assert_true (match_play (honest, "b1c3"));
  /* Broken before white's turn: on resuming, white's program asks again. */
  match_resume (honest);
  g_assert_true (state_of (honest, SYN_WHITE)->rules.tx.all_refused);
  g_assert_true (match_play (honest, "pass"));
  match_resume (honest);
  g_assert_true (match_play (honest, "c3d5/commit"));
  match_end (honest, SYN_WHITE, SYN_END_RESIGNATION);
  assert_clean (honest);

  lying->lie_no_move[SYN_BLACK] = TRUE;
  start_turn (lying);
  g_assert_true (match_play (lying, "h8g8"));
  g_assert_true (match_play (lying, "pass"));
  match_resume (lying);
  g_assert_true (match_play (lying, "g8f8"));
  match_end (lying, SYN_WHITE, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 2, "R16");
}

/* The other way: black says a move is left when every one is refused, so white cannot pass
 * and its one move is refused until its time runs out. */
static void
test_r6_false_move_left_answer (void)
{
  g_autoptr (Match) lying = match_new (NO_MOVE_FEN);

  lying->lie_no_move[SYN_BLACK] = TRUE;
  start_turn (lying);
  g_assert_true (match_play (lying, "b1c3"));
  g_assert_false (state_of (lying, SYN_WHITE)->rules.tx.all_refused);
  g_assert_false (match_play (lying, "a1b1/commit"));
  match_end (lying, SYN_WHITE, SYN_END_TIME);
  assert_audit_fault (lying, SYN_WHITE, 2, "R16");
}

/* White passes, asking nothing, while its moves are free. */
static void
test_r6_pass_with_a_move (void)
{
  static const char *const honest_turns[] = { "g1f3", NULL };
  static const char *const cheat_turns[] = { "!pass", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, honest_turns);
  g_autoptr (Match) cheat = match_new_played (START_FEN, cheat_turns);

  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);
  match_end (cheat, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (cheat, SYN_BLACK, 1, "R6");
}

/* TX-R8 ------------------------------------------------------------------------------- */

/* Black's commit of TX-E2 told otherwise: the public part is checked against its moves. */
static void
check_false_announcement (const char *lie)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3e5 f3g5", "d8h4/commit", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, turns);
  g_autoptr (Match) lying = match_new (START_FEN);

  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);

  start_turn (lying);
  for (guint i = 0; turns[i]; i++)
    {
      if (i == 3)
        lying->announce[SYN_BLACK] = lie;
      g_assert_true (match_play (lying, turns[i]));
    }
  g_assert_cmpstr (g_array_index (lying->theirs[SYN_WHITE], SynTxTheirTurn, 3).public_step, ==,
                   lie);
  match_end (lying, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 4, "R8");
}

static void
test_r8_false_square (void)
{
  check_false_announcement ("commit d8f6,e7e5 KQkq e6");
}

static void
test_r8_hidden_en_passant_square (void)
{
  check_false_announcement ("commit e7e5,d8h4 KQkq -");
}

static void
test_r8_commit_told_as_none (void)
{
  check_false_announcement ("-");
}

/* TX-R17: the reveals against the commitments ------------------------------------------ */

/* White's record of black's e7e5 (turn 2), changed by change, fails the audit at turn 2. */
static void
check_changed_reveal (void (*change) (SynTxTheirTurn *theirs))
{
  g_autoptr (Match) m = match_new_played (START_FEN, e2_turns);
  g_autoptr (GArray) theirs = NULL;
  g_autofree char *why = NULL;
  gboolean clean;

  match_end (m, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (m);
  theirs = revealed_copy (m, SYN_WHITE);
  g_assert_cmpstr (g_array_index (theirs, SynTxTheirTurn, 1).choice, ==, "e7e5");
  change (&g_array_index (theirs, SynTxTheirTurn, 1));
  clean = audit_with (m, SYN_WHITE, theirs, m->answers[SYN_WHITE], FALSE, &why);
  assert_fault (clean, why, 2, "R17");
}

static void
change_salt (SynTxTheirTurn *theirs)
{
  theirs->salt[0] ^= 1;
}

static void
change_choice (SynTxTheirTurn *theirs)
{
  g_strlcpy (theirs->choice, "e7e6", sizeof theirs->choice);
}

static void
change_list (SynTxTheirTurn *theirs)
{
  g_strlcpy (theirs->list, "T2:-", sizeof theirs->list);
}

static void
test_r17_wrong_salt (void)
{
  check_changed_reveal (change_salt);
}

static void
test_r17_changed_choice (void)
{
  check_changed_reveal (change_choice);
}

static void
test_r17_changed_list (void)
{
  check_changed_reveal (change_list);
}

/* Black commits to its e7e5 with a transaction that hides it ("T2:-"), and reveals the same:
 * the commitment holds, the replay does not. */
static void
test_r17_false_transaction (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3e5 f3g5", NULL };
  g_autoptr (Match) honest = match_new_played (START_FEN, turns);
  g_autoptr (Match) lying = match_new (START_FEN);

  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);

  start_turn (lying);
  for (guint i = 0; turns[i]; i++)
    {
      if (i == 1)
        lying->list[SYN_BLACK] = "T2:-";
      g_assert_true (match_play (lying, turns[i]));
    }
  match_end (lying, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_WHITE, 2, "R17");
}

/* Black never sends the audit line of its turn 4 (d8h4/commit). */
static void
test_r17_missing_audit_line (void)
{
  g_autoptr (Match) m = match_new_played (START_FEN, e2_turns);
  g_autoptr (GArray) theirs = NULL;
  g_autofree char *why = NULL;
  SynTxTheirTurn *turn;
  gboolean clean;

  match_end (m, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (m);
  theirs = revealed_copy (m, SYN_WHITE);
  turn = &g_array_index (theirs, SynTxTheirTurn, 3);
  g_assert_cmpstr (turn->choice, ==, "d8h4/commit");
  turn->revealed = FALSE;
  memset (turn->choice, 0, sizeof turn->choice);
  memset (turn->list, 0, sizeof turn->list);
  memset (turn->salt, 0, sizeof turn->salt);
  clean = audit_with (m, SYN_WHITE, theirs, m->answers[SYN_WHITE], FALSE, &why);
  assert_fault (clean, why, 4, "R17");
}

/* Choices the rules did not allow (TX-R4, R5, R7) ---------------------------------------- */

/* The honest turns, then the same with the last one replaced by a cheat: black's audit of
 * white (or white's of black) finds it at that turn. */
static void
check_cheat (const char *fen, const char *const *turns, const char *cheat, SynColour auditor,
             const char *ruling)
{
  g_autoptr (Match) honest = match_new_played (fen, turns);
  g_autoptr (Match) cheating = match_new (fen);
  guint n = g_strv_length ((char **) turns);
  g_autofree char *cheat_try = g_strconcat ("!", cheat, NULL);

  if (!syn_game_is_over (honest->game[auditor]))
    match_end (honest, auditor, SYN_END_RESIGNATION);
  assert_clean (honest);

  start_turn (cheating);
  for (guint i = 0; i + 1 < n; i++)
    g_assert_true (match_play (cheating, turns[i]));
  g_assert_true (match_play (cheating, cheat_try));
  match_end (cheating, auditor, SYN_END_RESIGNATION);
  assert_audit_fault (cheating, auditor, n, ruling);
}

static void
test_r4_illegal_move (void)
{
  static const char *const turns[] = { "g1f3", NULL };
  check_cheat (START_FEN, turns, "g1g3", SYN_BLACK, "R4");
}

/* White plays onto e5, which black's e7e5 locks, without asking (TX-E1). */
static void
test_r5_move_onto_locked_square (void)
{
  static const char *const turns[] = { "g1f3", "e7e5", "f3e5 f3g5", NULL };
  check_cheat (START_FEN, turns, "f3e5", SYN_BLACK, "R5");
}

/* TX-E2: white's capture on f7 must commit (TX-R7a). */
static void
test_r7_capture_kept_pending (void)
{
  check_cheat (START_FEN, e2_turns, "g5f7", SYN_BLACK, "R7");
}

/* TX-E5: black's queen attacks white's committed king, so it must commit (TX-R7c). */
static void
test_r7_check_kept_pending (void)
{
  static const char *const turns[] = { "e2e3", "d8h4/commit", NULL };
  check_cheat (E5_FEN, turns, "d8h4", SYN_WHITE, "R7");
}

/* TX-E5: white, in check in the committed view, must commit its answer (TX-R7d), and may not
 * roll back (TX-R9). */
static void
test_r7_check_answer_kept_pending (void)
{
  static const char *const turns[] = { "e2e3", "d8h4/commit", "e1e2/commit", NULL };
  check_cheat (E5_FEN, turns, "e1e2", SYN_BLACK, "R7");
}

static void
test_r7_rollback_in_check (void)
{
  static const char *const turns[] = { "e2e3", "d8h4/commit", "e1e2/commit", NULL };
  check_cheat (E5_FEN, turns, "e1e2/rollback", SYN_BLACK, "R7");
}

/* TX-R3, R7: a transaction's fifth move commits or rolls back, so no transaction holds more
 * than five moves. */
static void
test_r7_fifth_move_kept_pending (void)
{
  static const char *const turns[]
      = { "g1f3", "g8f6", "b1c3", "b8c6", "a2a3", "a7a6", "h2h3", "h7h6", "b2b3/commit", NULL };
  check_cheat (START_FEN, turns, "b2b3", SYN_BLACK, "R7");
}

/* Claims (TX-R10, R12, R15) ------------------------------------------------------------- */

/* TX-E3: black's king walks into white's unseen rook; white's program claims the hidden
 * attack and black's audit confirms it. A claim after black's e8f8, out of the rook's
 * reach, is false. */
static void
test_r10_false_hidden_attack_claim (void)
{
  static const char *const honest_turns[] = { "a1a7", "e8d7/commit", NULL };
  static const char *const false_turns[] = { "a1a7", "e8f8/commit", NULL };
  g_autoptr (Match) honest = match_new_played (E3_FEN, honest_turns);
  g_autoptr (Match) lying = match_new_played (E3_FEN, false_turns);

  g_assert_true (honest->claimed[SYN_BLACK]);
  for (int side = SYN_WHITE; side <= SYN_BLACK; side++)
    {
      g_assert_cmpint (syn_game_get_result (honest->game[side]), ==, SYN_RESULT_WHITE_WINS);
      g_assert_cmpstr (syn_game_get_reason (honest->game[side]), ==, "hidden-attack");
    }
  assert_clean (honest);

  g_assert_false (syn_game_is_over (lying->game[SYN_WHITE]));
  g_assert_true (receive_claim (lying, SYN_BLACK, "hidden-attack"));
  match_end (lying, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (lying, SYN_BLACK, 3, "R10");
}

/* TX-E3 again: white's program says nothing of the hidden attack and plays on. */
static void
test_r10_hidden_attack_not_claimed (void)
{
  static const char *const turns[] = { "a1a7", "e8d7/commit", NULL };
  g_autoptr (Match) m = match_new (E3_FEN);

  m->withhold_claim[SYN_WHITE] = TRUE;
  start_turn (m);
  for (guint i = 0; turns[i]; i++)
    g_assert_true (match_play (m, turns[i]));
  g_assert_true (syn_game_is_over (m->game[SYN_WHITE]));
  g_assert_false (syn_game_is_over (m->game[SYN_BLACK]));
  g_assert_true (match_play (m, "!e1e2"));
  match_end (m, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (m, SYN_BLACK, 3, "R10");
}

/* TX-E5: white is in check but e2 is free in its view; a stalemate claim is false. */
static void
test_r12_false_stalemate_claim (void)
{
  static const char *const turns[] = { "e2e3", "d8h4/commit", NULL };
  g_autoptr (Match) honest = match_new_played (E5_FEN, turns);
  g_autoptr (Match) lying = match_new_played (E5_FEN, turns);

  g_assert_true (match_play (honest, "e1e2/commit"));
  match_end (honest, SYN_BLACK, SYN_END_RESIGNATION);
  assert_clean (honest);

  g_assert_true (receive_claim (lying, SYN_BLACK, "stalemate"));
  g_assert_cmpint (syn_game_get_result (lying->game[SYN_BLACK]), ==, SYN_RESULT_DRAW);
  assert_audit_fault (lying, SYN_BLACK, 3, "R12");
}

/* TX-E5 with T3:-: the fool's mate. White's program claims it; a white that claims a
 * stalemate instead, or plays on, is caught. */
static void
test_r12_checkmate_claims (void)
{
  static const char *const turns[] = { "d8h4/commit", NULL };
  g_autoptr (Match) honest = match_new_played (E5_MATE_FEN, turns);
  g_autoptr (Match) stalemate = match_new (E5_MATE_FEN);
  g_autoptr (Match) playing_on = match_new (E5_MATE_FEN);

  g_assert_true (honest->claimed[SYN_BLACK]);
  g_assert_cmpint (syn_game_get_result (honest->game[SYN_BLACK]), ==, SYN_RESULT_BLACK_WINS);
  g_assert_cmpstr (syn_game_get_reason (honest->game[SYN_BLACK]), ==, "checkmate");
  assert_clean (honest);

  stalemate->withhold_claim[SYN_WHITE] = TRUE;
  start_turn (stalemate);
  g_assert_true (match_play (stalemate, turns[0]));
  g_assert_true (receive_claim (stalemate, SYN_BLACK, "stalemate"));
  assert_audit_fault (stalemate, SYN_BLACK, 2, "R12");

  playing_on->withhold_claim[SYN_WHITE] = TRUE;
  start_turn (playing_on);
  g_assert_true (match_play (playing_on, turns[0]));
  g_assert_true (match_play (playing_on, "!a2a3"));
  match_end (playing_on, SYN_BLACK, SYN_END_RESIGNATION);
  assert_audit_fault (playing_on, SYN_BLACK, 2, "R12");
}

/* TX-E5 with T3:- again: white's program keeps its mate to itself and offers a draw, which
 * black accepts. In TX-E5 itself (e2 free in white's view) the same draw is honest. */
static void
test_r12_checkmate_hidden_by_a_draw (void)
{
  static const char *const honest_turns[] = { "e2e3", "d8h4/commit", NULL };
  static const char *const mate_turns[] = { "d8h4/commit", NULL };
  g_autoptr (Match) honest = match_new_played (E5_FEN, honest_turns);
  g_autoptr (Match) silent = match_new (E5_MATE_FEN);

  match_end (honest, SYN_WHITE, SYN_END_AGREEMENT);
  assert_clean (honest);

  silent->withhold_claim[SYN_WHITE] = TRUE;
  start_turn (silent);
  g_assert_true (match_play (silent, mate_turns[0]));
  g_assert_false (syn_game_is_over (silent->game[SYN_BLACK]));
  match_end (silent, SYN_WHITE, SYN_END_AGREEMENT);
  g_assert_cmpint (syn_game_get_result (silent->game[SYN_BLACK]), ==, SYN_RESULT_DRAW);
  assert_audit_fault (silent, SYN_BLACK, 2, "R12");
}

/* TX-R13, R10: black's king walks into white's unseen rook (TX-E3) with the hundredth quiet
 * turn. The hidden attack came first, inside black's turn; black's program, which cannot see
 * the rook, waits for white's claim and takes it. */
static void
test_r13_hidden_attack_claimed_at_fifty_turns (void)
{
  static const char *const turns[] = { "a1a7", "e8d7/commit", NULL };
  g_autoptr (Match) m = match_new_played ("4k3/8/8/8/8/8/8/R3K3 w Q - 98 1 T1:- T2:-", turns);

  g_assert_cmpstr (syn_game_get_reason (m->game[SYN_BLACK]), ==, "hidden-attack");
  g_assert_cmpstr (syn_game_get_reason (m->game[SYN_WHITE]), ==, "hidden-attack");
  g_assert_true (m->claimed[SYN_BLACK]);
  assert_clean (m);
}

/* TX-R13: the same commit with the rook out of reach: white's program finds the draw and
 * claims it, since black's could not tell it from a hidden attack. */
static void
test_r13_fifty_turns_claimed_after_a_commit (void)
{
  static const char *const turns[] = { "a1b1", "e8d7/commit", NULL };
  g_autoptr (Match) m = match_new_played ("4k3/8/8/8/8/8/8/R3K3 w Q - 98 1 T1:- T2:-", turns);

  g_assert_cmpstr (syn_game_get_reason (m->game[SYN_BLACK]), ==, "fifty-turns");
  g_assert_cmpstr (syn_game_get_reason (m->game[SYN_WHITE]), ==, "fifty-turns");
  g_assert_true (m->claimed[SYN_BLACK]);
  assert_clean (m);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/tx-audit/e2/referee-replay", test_e2_referee_replay);
  g_test_add_func ("/net/tx-audit/r16/false-locked-answer", test_r16_false_locked_answer);
  g_test_add_func ("/net/tx-audit/r16/false-free-answer", test_r16_false_free_answer);
  g_test_add_func ("/net/tx-audit/r16/question-no-move-needs", test_r16_question_no_move_needs);
  g_test_add_func ("/net/tx-audit/r16/not-bound-by-free-answer", test_r16_not_bound_by_free_answer);
  g_test_add_func ("/net/tx-audit/r16/false-answer-in-unfinished-turn",
                   test_r16_false_answer_in_unfinished_turn);
  g_test_add_func ("/net/tx-audit/r16/false-answer-before-a-resume",
                   test_r16_false_answer_before_a_resume);
  g_test_add_func ("/net/tx-audit/r6/false-no-move-answer", test_r6_false_no_move_answer);
  g_test_add_func ("/net/tx-audit/r6/false-no-move-answer-before-a-resume",
                   test_r6_false_no_move_answer_before_a_resume);
  g_test_add_func ("/net/tx-audit/r6/false-move-left-answer", test_r6_false_move_left_answer);
  g_test_add_func ("/net/tx-audit/r6/pass-with-a-move", test_r6_pass_with_a_move);
  g_test_add_func ("/net/tx-audit/r8/false-square", test_r8_false_square);
  g_test_add_func ("/net/tx-audit/r8/hidden-en-passant-square", test_r8_hidden_en_passant_square);
  g_test_add_func ("/net/tx-audit/r8/commit-told-as-none", test_r8_commit_told_as_none);
  g_test_add_func ("/net/tx-audit/r17/wrong-salt", test_r17_wrong_salt);
  g_test_add_func ("/net/tx-audit/r17/changed-choice", test_r17_changed_choice);
  g_test_add_func ("/net/tx-audit/r17/changed-list", test_r17_changed_list);
  g_test_add_func ("/net/tx-audit/r17/false-transaction", test_r17_false_transaction);
  g_test_add_func ("/net/tx-audit/r17/missing-audit-line", test_r17_missing_audit_line);
  g_test_add_func ("/net/tx-audit/r4/illegal-move", test_r4_illegal_move);
  g_test_add_func ("/net/tx-audit/r5/move-onto-locked-square", test_r5_move_onto_locked_square);
  g_test_add_func ("/net/tx-audit/r7/capture-kept-pending", test_r7_capture_kept_pending);
  g_test_add_func ("/net/tx-audit/r7/check-kept-pending", test_r7_check_kept_pending);
  g_test_add_func ("/net/tx-audit/r7/check-answer-kept-pending", test_r7_check_answer_kept_pending);
  g_test_add_func ("/net/tx-audit/r7/rollback-in-check", test_r7_rollback_in_check);
  g_test_add_func ("/net/tx-audit/r7/fifth-move-kept-pending", test_r7_fifth_move_kept_pending);
  g_test_add_func ("/net/tx-audit/r10/false-hidden-attack-claim",
                   test_r10_false_hidden_attack_claim);
  g_test_add_func ("/net/tx-audit/r10/hidden-attack-not-claimed",
                   test_r10_hidden_attack_not_claimed);
  g_test_add_func ("/net/tx-audit/r12/false-stalemate-claim", test_r12_false_stalemate_claim);
  g_test_add_func ("/net/tx-audit/r12/checkmate-claims", test_r12_checkmate_claims);
  g_test_add_func ("/net/tx-audit/r12/checkmate-hidden-by-a-draw",
                   test_r12_checkmate_hidden_by_a_draw);
  g_test_add_func ("/net/tx-audit/r13/hidden-attack-claimed-at-fifty-turns",
                   test_r13_hidden_attack_claimed_at_fifty_turns);
  g_test_add_func ("/net/tx-audit/r13/fifty-turns-claimed-after-a-commit",
                   test_r13_fifty_turns_claimed_after_a_commit);
  return g_test_run ();
}
