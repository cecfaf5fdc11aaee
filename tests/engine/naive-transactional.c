/* naive-transactional.c: a deliberately simple Transactional Chess referee on an 8x8
 * mailbox, written from the rulings alone, used by the tests to check the engine. Every view
 * is rebuilt from the committed board and the pending move lists each time it is needed.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "naive-transactional.h"

#include "naive-board.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum
{
  WHITE = 0,
  BLACK = 1
};

typedef struct
{
  int from, to;
  char promotion; /* 0 or 'q', 'r', 'b', 'n' */
} Move;

static void
add (Move *moves, int *n, int from, int to, char promotion)
{
  moves[*n].from = from;
  moves[*n].to = to;
  moves[*n].promotion = promotion;
  (*n)++;
}

static void
add_pawn (Move *moves, int *n, int from, int to)
{
  if (naive_rank_of (to) == 0 || naive_rank_of (to) == 7)
    {
      add (moves, n, from, to, 'q');
      add (moves, n, from, to, 'r');
      add (moves, n, from, to, 'b');
      add (moves, n, from, to, 'n');
    }
  else
    add (moves, n, from, to, 0);
}

static bool
is_castling (const char board[64], const Move *m)
{
  return naive_kind_of (board[m->from]) == 'K' && abs (m->to - m->from) == 2;
}

/* The rook's start and destination of a castling move of the king. */
static void
castling_rook (const Move *m, int *rook_from, int *rook_to)
{
  bool short_side = m->to > m->from;
  int rank = naive_rank_of (m->from);
  *rook_from = naive_square_at (short_side ? 7 : 0, rank);
  *rook_to = naive_square_at (short_side ? 5 : 3, rank);
}

/* A pawn's diagonal step onto an empty square: only en passant can be that. */
static bool
is_en_passant (const char board[64], const Move *m)
{
  return naive_kind_of (board[m->from]) == 'P' && naive_file_of (m->from) != naive_file_of (m->to)
         && board[m->to] == '.';
}

#define MAX_MOVES 256

/* King and rook home squares of the rights K, Q, k, q. */
static const int homes[4][2] = { { 4, 7 }, { 4, 0 }, { 60, 63 }, { 60, 56 } };

/* Orthodox moves of colour on board that need only geometry and emptiness; castling with
 * rights[] = { short, long } of that colour, en passant onto the passed squares. Capturing a
 * king is listed like any capture (TX-R10 asks about it). */
static int
pseudo_moves (const char board[64], int colour, const bool rights[2], const bool passed[64],
              Move *moves)
{
  const char *b = board;
  int n = 0;

  for (int s = 0; s < 64; s++)
    {
      char kind;
      int f = naive_file_of (s), r = naive_rank_of (s);

      if (naive_colour_of (b[s]) != colour)
        continue;
      kind = naive_kind_of (b[s]);
      if (kind == 'P')
        {
          int dir = colour == WHITE ? 1 : -1;
          int start = colour == WHITE ? 1 : 6;
          int t = naive_square_at (f, r + dir);
          if (t >= 0 && b[t] == '.')
            {
              add_pawn (moves, &n, s, t);
              int t2 = naive_square_at (f, r + 2 * dir);
              if (r == start && t2 >= 0 && b[t2] == '.')
                add (moves, &n, s, t2, 0);
            }
          for (int df = -1; df <= 1; df += 2)
            {
              t = naive_square_at (f + df, r + dir);
              if (t < 0)
                continue;
              if (naive_colour_of (b[t]) == 1 - colour)
                add_pawn (moves, &n, s, t);
              /* TX-R11: beside the eligible pawn, the passed square empty. */
              else if (b[t] == '.' && passed[t]
                       && b[naive_square_at (f + df, r)] == naive_piece_for (1 - colour, 'P'))
                add (moves, &n, s, t, 0);
            }
        }
      else if (kind == 'N' || kind == 'K')
        {
          const int (*steps)[2] = kind == 'N' ? naive_knight_steps : naive_king_steps;
          for (int i = 0; i < 8; i++)
            {
              int t = naive_square_at (f + steps[i][0], r + steps[i][1]);
              if (t >= 0 && naive_colour_of (b[t]) != colour)
                add (moves, &n, s, t, 0);
            }
        }
      else
        for (int d = 0; d < 8; d++)
          {
            const int *ray = d < 4 ? naive_rook_rays[d] : naive_bishop_rays[d - 4];
            if ((kind == 'R' && d >= 4) || (kind == 'B' && d < 4))
              continue;
            for (int k = 1;; k++)
              {
                int t = naive_square_at (f + k * ray[0], r + k * ray[1]);
                if (t < 0 || naive_colour_of (b[t]) == colour)
                  break;
                add (moves, &n, s, t, 0);
                if (b[t] != '.')
                  break;
              }
          }
    }

  {
    int home = colour == WHITE ? 0 : 56;
    if (b[home + 4] == naive_piece_for (colour, 'K'))
      {
        if (rights[0] && b[home + 7] == naive_piece_for (colour, 'R') && b[home + 5] == '.'
            && b[home + 6] == '.')
          add (moves, &n, home + 4, home + 6, 0);
        if (rights[1] && b[home] == naive_piece_for (colour, 'R') && b[home + 1] == '.'
            && b[home + 2] == '.' && b[home + 3] == '.')
          add (moves, &n, home + 4, home + 2, 0);
      }
  }
  return n;
}

/* Plays m on board (castling moves the rook, en passant removes the passed pawn). */
static void
play (char board[64], const Move *m)
{
  char piece = board[m->from];
  int colour = naive_colour_of (piece);

  if (is_castling (board, m))
    {
      int rook_from, rook_to;
      castling_rook (m, &rook_from, &rook_to);
      board[rook_to] = board[rook_from];
      board[rook_from] = '.';
    }
  if (is_en_passant (board, m))
    board[naive_square_at (naive_file_of (m->to), naive_rank_of (m->from))] = '.';
  board[m->to] = m->promotion ? naive_piece_for (colour, m->promotion) : piece;
  board[m->from] = '.';
}

/* Orthodox legality on board: castling not out of, through or into attack, own king not
 * attacked after the move. */
static bool
legal (const char board[64], int colour, const Move *m)
{
  char after[64];

  if (is_castling (board, m))
    {
      int step = m->to > m->from ? 1 : -1;
      for (int s = m->from; s != m->to + step; s += step)
        if (naive_attacked (board, 1 - colour, s))
          return false;
    }
  memcpy (after, board, 64);
  play (after, m);
  return !naive_in_check (after, colour);
}

static void
name_square (int s, char *out)
{
  out[0] = (char) ('a' + naive_file_of (s));
  out[1] = (char) ('1' + naive_rank_of (s));
}

static int
parse_square (const char *text)
{
  if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return -1;
  return (text[0] - 'a') + 8 * (text[1] - '1');
}

static void
move_text (const Move *m, char *out)
{
  name_square (m->from, out);
  name_square (m->to, out + 2);
  out[4] = m->promotion;
  out[5] = '\0';
}

/* Reads a UCI move; false when text is not one. */
static bool
parse_move (const char *text, Move *m)
{
  size_t len = strlen (text);
  if (len != 4 && len != 5)
    return false;
  m->from = parse_square (text);
  m->to = parse_square (text + 2);
  m->promotion = len == 5 ? text[4] : 0;
  if (m->promotion && !strchr ("qrbn", m->promotion))
    return false;
  return m->from >= 0 && m->to >= 0;
}

/* TX-R2, R3: side's pending position (its pieces only), the kind of piece each pending move
 * moved, and the squares its pending moves lock (TX-R5). Pending moves are relocations. */
static void
replay (const NaiveTx *tx, int side, char board[64], char kinds[NAIVE_TX_MAX_PENDING],
        bool locked[64])
{
  for (int s = 0; s < 64; s++)
    {
      board[s] = naive_colour_of (tx->board[s]) == side ? tx->board[s] : '.';
      locked[s] = false;
    }
  for (int i = 0; i < tx->n_pending[side]; i++)
    {
      Move m;
      parse_move (tx->pending[side][i], &m);
      kinds[i] = naive_kind_of (board[m.from]);
      locked[m.from] = locked[m.to] = true;
      if (is_castling (board, &m))
        {
          int rook_from, rook_to;
          castling_rook (&m, &rook_from, &rook_to);
          locked[rook_from] = locked[rook_to] = true;
        }
      play (board, &m);
    }
}

void
naive_tx_view (const NaiveTx *tx, int side, char board[64])
{
  char kinds[NAIVE_TX_MAX_PENDING];
  bool locked[64];

  replay (tx, side, board, kinds, locked);
  for (int s = 0; s < 64; s++)
    if (naive_colour_of (tx->board[s]) == 1 - side)
      board[s] = tx->board[s];
}

void
naive_tx_locks (const NaiveTx *tx, int side, bool locked[64])
{
  char board[64], kinds[NAIVE_TX_MAX_PENDING];

  replay (tx, side, board, kinds, locked);
}

/* TX-R4: the committed right, not spent by a pending move of the king or that rook. */
static void
pending_rights (const NaiveTx *tx, int side, bool rights[2])
{
  for (int k = 0; k < 2; k++)
    {
      int right = 2 * side + k;
      rights[k] = tx->castle[right];
      for (int i = 0; i < tx->n_pending[side]; i++)
        {
          int from = parse_square (tx->pending[side][i]);
          if (from == homes[right][0] || from == homes[right][1])
            rights[k] = false;
        }
    }
}

/* TX-R4: side's legal moves in its transactional view, locks not considered. */
static int
legal_moves (const NaiveTx *tx, int side, Move *moves)
{
  char view[64];
  bool rights[2];
  Move pseudo[MAX_MOVES];
  int n_pseudo, n = 0;

  naive_tx_view (tx, side, view);
  pending_rights (tx, side, rights);
  n_pseudo = pseudo_moves (view, side, rights, tx->passed, pseudo);
  for (int i = 0; i < n_pseudo; i++)
    if (legal (view, side, &pseudo[i]))
      moves[n++] = pseudo[i];
  return n;
}

/* TX-R5: the move is refused when its destination (castling: the king's or the rook's, en
 * passant: the passed square) is locked by the opponent. */
static bool
refused (const char view[64], const bool opponent_locks[64], const Move *m)
{
  if (opponent_locks[m->to])
    return true;
  if (is_castling (view, m))
    {
      int rook_from, rook_to;
      castling_rook (m, &rook_from, &rook_to);
      return opponent_locks[rook_to];
    }
  return false;
}

/* TX-R7 (c): the opponent's king, on its committed square, attacked in side's view. */
static bool
opponent_king_attacked (const NaiveTx *tx, int side, const char view[64])
{
  int king = naive_king_square (tx->board, 1 - side);
  return king >= 0 && naive_attacked (view, side, king);
}

/* The decisions TX-R7 and R9 allow at the end of the turn; returns how many, written into
 * decisions as NAIVE_TX_NEITHER, COMMIT, ROLLBACK. */
static int
allowed_decisions (const NaiveTx *tx, int side, bool captured_or_promoted,
                   const char view_after[64], int n_pending_after, NaiveTxDecision decisions[3])
{
  /* TX-R7 (d), and TX-R9's apparent check which forbids the rollback. */
  bool check_at_start = naive_in_check (tx->board, side);

  if (captured_or_promoted || opponent_king_attacked (tx, side, view_after) || check_at_start)
    {
      decisions[0] = NAIVE_TX_COMMIT;
      return 1;
    }
  decisions[0] = NAIVE_TX_COMMIT;
  decisions[1] = NAIVE_TX_ROLLBACK;
  if (n_pending_after >= NAIVE_TX_MAX_PENDING)
    return 2; /* the five-move limit ends the transaction */
  decisions[2] = NAIVE_TX_NEITHER;
  return 3;
}

static void
choice_text (const char *what, NaiveTxDecision decision, char *out)
{
  static const char *const suffix[3] = { "", "/commit", "/rollback" };
  snprintf (out, NAIVE_TX_CHOICE_SIZE, "%s%s", what, suffix[decision]);
}

static int
compare_text (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

int
naive_tx_choices (const NaiveTx *tx, int side, char choices[][NAIVE_TX_CHOICE_SIZE])
{
  Move moves[MAX_MOVES];
  char view[64];
  bool opponent_locks[64], any_accepted = false;
  int n_moves, n = 0;
  NaiveTxDecision decisions[3];

  if (side != tx->to_move)
    return 0;
  n_moves = legal_moves (tx, side, moves);
  naive_tx_view (tx, side, view);
  naive_tx_locks (tx, 1 - side, opponent_locks);
  for (int i = 0; i < n_moves; i++)
    any_accepted |= !refused (view, opponent_locks, &moves[i]);

  if (n_moves > 0 && !any_accepted)
    {
      /* TX-R6: a pass, after which the player decides as after a move. */
      int n_decisions = allowed_decisions (tx, side, false, view, tx->n_pending[side], decisions);
      for (int d = 0; d < n_decisions; d++)
        choice_text ("pass", decisions[d], choices[n++]);
    }
  else
    for (int i = 0; i < n_moves; i++)
      {
        char after[64], text[6];
        bool capture = view[moves[i].to] != '.' || is_en_passant (view, &moves[i]);
        int n_decisions;

        memcpy (after, view, 64);
        play (after, &moves[i]);
        move_text (&moves[i], text);
        n_decisions = allowed_decisions (tx, side, capture || moves[i].promotion, after,
                                         tx->n_pending[side] + 1, decisions);
        for (int d = 0; d < n_decisions; d++)
          choice_text (text, decisions[d], choices[n++]);
      }
  qsort (choices, (size_t) n, sizeof choices[0], compare_text);
  return n;
}

NaiveTxAction
naive_tx_apply (const NaiveTx *tx, const char *choice, NaiveTx *out, NaiveTxDecision *decision)
{
  int side = tx->to_move;
  char what[8], view[64], own[64], kinds[NAIVE_TX_MAX_PENDING + 1];
  const char *slash = strchr (choice, '/');
  bool opponent_locks[64], locked[64], resets = false;
  NaiveTxAction action = NAIVE_TX_PASSED;
  size_t len = slash ? (size_t) (slash - choice) : strlen (choice);

  *out = *tx;
  *decision = NAIVE_TX_NEITHER;
  if (slash && strcmp (slash, "/commit") == 0)
    *decision = NAIVE_TX_COMMIT;
  else if (slash && strcmp (slash, "/rollback") == 0)
    *decision = NAIVE_TX_ROLLBACK;
  else if (slash)
    abort ();
  if (len >= sizeof what)
    abort ();
  memcpy (what, choice, len);
  what[len] = '\0';

  naive_tx_view (tx, side, view);
  replay (tx, side, own, kinds, locked);
  if (strcmp (what, "pass") != 0)
    {
      Move m;
      if (!parse_move (what, &m))
        abort ();
      naive_tx_locks (tx, 1 - side, opponent_locks);
      if (refused (view, opponent_locks, &m))
        {
          *decision = NAIVE_TX_NEITHER;
          return NAIVE_TX_REFUSED;
        }
      action = NAIVE_TX_MOVED;
      kinds[tx->n_pending[side]] = naive_kind_of (view[m.from]);
      resets = view[m.to] != '.' || is_en_passant (view, &m); /* a capture */
      play (view, &m);
      move_text (&m, out->pending[side][out->n_pending[side]++]);
    }

  memset (out->passed, 0, sizeof out->passed);
  if (*decision == NAIVE_TX_COMMIT)
    {
      /* TX-R8: the transactional view after the move is the new committed view. */
      memcpy (out->board, view, 64);
      for (int i = 0; i < out->n_pending[side]; i++)
        {
          Move m;
          parse_move (out->pending[side][i], &m);
          resets |= kinds[i] == 'P';
          /* A right goes when its king or rook left home or was captured there. */
          for (int r = 0; r < 4; r++)
            if (m.from == homes[r][0] || m.from == homes[r][1] || m.to == homes[r][0]
                || m.to == homes[r][1])
              out->castle[r] = false;
          /* TX-R11: a double step with no later move of that pawn. */
          if (kinds[i] == 'P' && abs (m.to - m.from) == 16)
            {
              bool moved_again = false;
              for (int j = i + 1; j < out->n_pending[side]; j++)
                moved_again |= parse_square (out->pending[side][j]) == m.to;
              if (!moved_again)
                out->passed[(m.from + m.to) / 2] = true;
            }
        }
    }
  else
    resets = false;
  if (*decision != NAIVE_TX_NEITHER)
    {
      out->n_pending[side] = 0;
      out->transaction[side] += 2;
    }
  out->quiet_turns = resets ? 0 : tx->quiet_turns + 1;
  if (side == BLACK)
    out->fullmove++;
  out->to_move = 1 - side;
  return action;
}

/* TX-R10: the side not to move has just committed: is its king attacked in the mover's
 * transactional view, and is that excused by the mover's own check? */
static void
hidden_attack (const NaiveTx *tx, bool *attack, bool *excused)
{
  int mover = tx->to_move, committer = 1 - mover;
  int king = naive_king_square (tx->board, committer);
  char view[64];
  bool rights[2];
  Move pseudo[MAX_MOVES];
  int n;

  *attack = *excused = false;
  naive_tx_view (tx, mover, view);
  if (king < 0 || !naive_attacked (view, mover, king))
    return;
  *attack = true;
  if (!naive_in_check (view, mover))
    return;
  /* Excused unless some capture of the king leaves the mover's king unattacked. */
  *excused = true;
  pending_rights (tx, mover, rights);
  n = pseudo_moves (view, mover, rights, tx->passed, pseudo);
  for (int i = 0; i < n; i++)
    if (pseudo[i].to == king && legal (view, mover, &pseudo[i]))
      *excused = false;
}

bool
naive_tx_hidden_attack_excused (const NaiveTx *tx)
{
  bool attack, excused;
  hidden_attack (tx, &attack, &excused);
  return attack && excused;
}

void
naive_tx_outcome (const NaiveTx *tx, const char **result, const char **reason)
{
  static const char *const wins[2] = { "1-0", "0-1" };
  Move moves[MAX_MOVES];
  bool attack, excused;
  int mover = tx->to_move;

  *result = "*";
  *reason = NULL;
  hidden_attack (tx, &attack, &excused);
  if (attack && !excused)
    {
      *result = wins[mover];
      *reason = "hidden-attack";
    }
  else if (tx->quiet_turns >= 100)
    {
      /* TX-R13, R15: drawn when the counter reaches 100, at the end of the turn before this
       * one, so before this turn's mate or stalemate; the hidden attack came within that
       * turn. */
      *result = "1/2-1/2";
      *reason = "fifty-turns";
    }
  else if (legal_moves (tx, mover, moves) == 0)
    {
      /* TX-R12: judged on the committed view. */
      if (naive_in_check (tx->board, mover))
        {
          *result = wins[1 - mover];
          *reason = "checkmate";
        }
      else
        {
          *result = "1/2-1/2";
          *reason = "stalemate";
        }
    }
}

static void
write_transaction (const NaiveTx *tx, int side, char *out, size_t size)
{
  int n = snprintf (out, size, "T%d:", tx->transaction[side]);
  if (tx->n_pending[side] == 0)
    snprintf (out + n, size - (size_t) n, "-");
  for (int i = 0; i < tx->n_pending[side]; i++)
    n += snprintf (out + n, size - (size_t) n, "%s%s", i ? "," : "", tx->pending[side][i]);
}

void
naive_tx_to_fen (const NaiveTx *tx, int player, char *buf, size_t size)
{
  char placement[80], castle[5], passed[20], fields[2][40];
  int n = 0, k = 0;

  for (int r = 7; r >= 0; r--)
    {
      int empty = 0;
      for (int f = 0; f < 8; f++)
        {
          char piece = tx->board[naive_square_at (f, r)];
          if (piece == '.')
            {
              empty++;
              continue;
            }
          if (empty)
            placement[n++] = (char) ('0' + empty);
          empty = 0;
          placement[n++] = piece;
        }
      if (empty)
        placement[n++] = (char) ('0' + empty);
      if (r > 0)
        placement[n++] = '/';
    }
  placement[n] = '\0';

  for (int i = 0; i < 4; i++)
    if (tx->castle[i])
      castle[k++] = "KQkq"[i];
  if (k == 0)
    castle[k++] = '-';
  castle[k] = '\0';

  k = 0;
  for (int s = 0; s < 64; s++)
    if (tx->passed[s])
      {
        name_square (s, passed + k);
        k += 2;
      }
  if (k == 0)
    passed[k++] = '-';
  passed[k] = '\0';

  for (int side = 0; side < 2; side++)
    {
      if (player == 1 - side)
        snprintf (fields[side], sizeof fields[side], "?");
      else
        write_transaction (tx, side, fields[side], sizeof fields[side]);
    }
  snprintf (buf, size, "%s %c %s %s %d %d %s %s", placement, tx->to_move == WHITE ? 'w' : 'b',
            castle, passed, tx->quiet_turns, tx->fullmove, fields[0], fields[1]);
}

static bool
fail (char *error, size_t size, const char *message)
{
  snprintf (error, size, "%s", message);
  return false;
}

/* Fields 7 and 8: `T<n>:` and `-` or up to five comma-separated UCI moves. */
static bool
read_transaction (const char *text, int side, NaiveTx *tx, char *error, size_t size)
{
  char *end;
  const char *p;
  long number;

  if (text[0] != 'T')
    return fail (error, size, "field 7 or 8: no T<n>:");
  number = strtol (text + 1, &end, 10);
  if (end == text + 1 || *end != ':' || number < 1 || number % 2 != (side == WHITE ? 1 : 0))
    return fail (error, size, "field 7 or 8: bad transaction number");
  tx->transaction[side] = (int) number;
  p = end + 1;
  if (strcmp (p, "-") == 0)
    return true;
  while (*p)
    {
      size_t len = strcspn (p, ",");
      Move m;
      char move[8];
      if (tx->n_pending[side] == NAIVE_TX_MAX_PENDING)
        return fail (error, size, "field 7 or 8: more than five moves");
      if (len < 4 || len > 5)
        return fail (error, size, "field 7 or 8: not a move");
      memcpy (move, p, len);
      move[len] = '\0';
      if (!parse_move (move, &m))
        return fail (error, size, "field 7 or 8: not a move");
      move_text (&m, tx->pending[side][tx->n_pending[side]++]);
      p += len;
      if (*p == ',')
        p++;
    }
  return true;
}

/* TX-R14: every pending move relocates an own piece to a square empty in its view, and the
 * two sides' locks do not meet. */
static bool
check_pending (const NaiveTx *tx, char *error, size_t size)
{
  bool locks[2][64];

  for (int side = 0; side < 2; side++)
    {
      char view[64];
      for (int s = 0; s < 64; s++)
        {
          view[s] = tx->board[s];
          locks[side][s] = false;
        }
      for (int i = 0; i < tx->n_pending[side]; i++)
        {
          Move m;
          parse_move (tx->pending[side][i], &m);
          if (naive_colour_of (view[m.from]) != side || view[m.to] != '.')
            return fail (error, size, "field 7 or 8: a pending move does not relocate a piece");
          if (m.promotion)
            return fail (error, size, "field 7 or 8: a pending promotion");
          locks[side][m.from] = locks[side][m.to] = true;
          if (is_castling (view, &m))
            {
              int rook_from, rook_to;
              castling_rook (&m, &rook_from, &rook_to);
              locks[side][rook_from] = locks[side][rook_to] = true;
            }
          play (view, &m);
        }
    }
  for (int s = 0; s < 64; s++)
    if (locks[0][s] && locks[1][s])
      return fail (error, size, "fields 7 and 8: the locked squares meet");
  return true;
}

bool
naive_tx_from_fen (const char *fen, NaiveTx *tx, char *error, size_t error_size)
{
  char fields[8][100];
  int n_fields = 0, kings[2] = { 0, 0 };
  const char *p = fen;
  char *end;

  memset (tx, 0, sizeof *tx);
  while (*p && n_fields < 8)
    {
      size_t len = strcspn (p, " ");
      if (len == 0 || len >= sizeof fields[0])
        return fail (error, error_size, "empty or overlong field");
      memcpy (fields[n_fields], p, len);
      fields[n_fields++][len] = '\0';
      p += len;
      while (*p == ' ')
        p++;
    }
  if ((n_fields != 6 && n_fields != 8) || *p)
    return fail (error, error_size, "not six or eight fields");

  /* Field 1. */
  memset (tx->board, '.', 64);
  {
    int rank = 7, file = 0;
    for (const char *c = fields[0]; *c; c++)
      {
        if (*c == '/')
          {
            if (file != 8 || rank == 0)
              return fail (error, error_size, "field 1: a rank is not eight squares");
            rank--;
            file = 0;
          }
        else if (*c >= '1' && *c <= '8')
          file += *c - '0';
        else if (strchr ("PNBRQKpnbrqk", *c) && file < 8)
          tx->board[naive_square_at (file++, rank)] = *c;
        else
          return fail (error, error_size, "field 1: bad character or too many squares");
        if (file > 8)
          return fail (error, error_size, "field 1: a rank is not eight squares");
      }
    if (rank != 0 || file != 8)
      return fail (error, error_size, "field 1: not eight ranks of eight");
  }
  for (int s = 0; s < 64; s++)
    {
      if (naive_kind_of (tx->board[s]) == 'K')
        kings[naive_colour_of (tx->board[s])]++;
      if (naive_kind_of (tx->board[s]) == 'P' && (naive_rank_of (s) == 0 || naive_rank_of (s) == 7))
        return fail (error, error_size, "field 1: a pawn on rank 1 or 8");
    }
  if (kings[WHITE] > 1 || kings[BLACK] > 1)
    return fail (error, error_size, "field 1: two kings of a colour");

  /* Field 2. */
  if (strcmp (fields[1], "w") == 0)
    tx->to_move = WHITE;
  else if (strcmp (fields[1], "b") == 0)
    tx->to_move = BLACK;
  else
    return fail (error, error_size, "field 2: not w or b");

  /* Field 3. */
  if (strcmp (fields[2], "-") != 0)
    for (const char *c = fields[2]; *c; c++)
      {
        const char *letter = strchr ("KQkq", *c);
        int i, colour;
        if (!letter)
          return fail (error, error_size, "field 3: bad character");
        i = (int) (letter - "KQkq");
        colour = i < 2 ? WHITE : BLACK;
        if (tx->board[homes[i][0]] != naive_piece_for (colour, 'K')
            || tx->board[homes[i][1]] != naive_piece_for (colour, 'R'))
          return fail (error, error_size, "field 3: a right lacks its king or rook");
        tx->castle[i] = true;
      }

  /* Field 4: passed squares of the side that just committed, its pawn in front. */
  if (strcmp (fields[3], "-") != 0)
    {
      int committer = 1 - tx->to_move;
      size_t len = strlen (fields[3]);
      if (len % 2 != 0)
        return fail (error, error_size, "field 4: not a list of squares");
      for (size_t i = 0; i < len; i += 2)
        {
          int s = parse_square (fields[3] + i);
          if (s < 0 || naive_rank_of (s) != (committer == WHITE ? 2 : 5)
              || tx->board[s + (committer == WHITE ? 8 : -8)] != naive_piece_for (committer, 'P'))
            return fail (error, error_size, "field 4: not a passed square");
          tx->passed[s] = true;
        }
    }

  tx->quiet_turns = (int) strtol (fields[4], &end, 10);
  if (*end || tx->quiet_turns < 0)
    return fail (error, error_size, "field 5: not a count");
  tx->fullmove = (int) strtol (fields[5], &end, 10);
  if (*end || tx->fullmove < 1)
    return fail (error, error_size, "field 6: not a move number");

  if (n_fields == 6)
    {
      /* No pending moves; the numbers as if every turn had ended a transaction. */
      tx->transaction[WHITE] = 2 * tx->fullmove - 1 + (tx->to_move == BLACK ? 2 : 0);
      tx->transaction[BLACK] = 2 * tx->fullmove;
      return true;
    }
  if (!read_transaction (fields[6], WHITE, tx, error, error_size)
      || !read_transaction (fields[7], BLACK, tx, error, error_size))
    return false;
  return check_pending (tx, error, error_size);
}
