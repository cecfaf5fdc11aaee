/* naive-hutnik.c: a deliberately simple Hutnik implementation on an 8x8 mailbox, written
 * from the rulings alone, used by the tests to check the engine. Slow and plain on purpose.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "naive-hutnik.h"

#include "naive-board.h"

#include <ctype.h>
#include <inttypes.h>
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

/* HUT-R3: the opponent pawn that double-stepped past ep[opponent] can be taken en passant
 * by a pawn on square s moving to the empty passed square. */
static bool
en_passant_ok (const NaiveHutnik *pos, int s, int to)
{
  int colour = naive_colour_of (pos->board[s]);
  int passed = pos->ep[1 - colour];
  int victim;

  if (passed < 0 || passed != to || pos->board[passed] != '.')
    return false;
  victim = naive_square_at (naive_file_of (passed), naive_rank_of (s));
  return pos->board[victim] == naive_piece_for (1 - colour, 'P');
}

/* Orthodox moves of colour that only need their geometry and emptiness (castling's attacked
 * squares are judged by legal_moves); capturing a king is an ordinary capture (HUT-R3). */
static int
pseudo_moves (const NaiveHutnik *pos, int colour, Move *moves)
{
  const char *b = pos->board;
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
              if (r == start && b[t2] == '.')
                add (moves, &n, s, t2, 0);
            }
          for (int df = -1; df <= 1; df += 2)
            {
              t = naive_square_at (f + df, r + dir);
              if (t < 0)
                continue;
              if (naive_colour_of (b[t]) == 1 - colour)
                add_pawn (moves, &n, s, t);
              else if (en_passant_ok (pos, s, t))
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
        {
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
    }

  /* Castling: the right, king and rook at home, the squares between empty. */
  {
    int home = colour == WHITE ? 0 : 56;
    int right = colour == WHITE ? 0 : 2;
    if (b[home + 4] == naive_piece_for (colour, 'K'))
      {
        if (pos->castle[right] && b[home + 7] == naive_piece_for (colour, 'R') && b[home + 5] == '.'
            && b[home + 6] == '.')
          add (moves, &n, home + 4, home + 6, 0);
        if (pos->castle[right + 1] && b[home] == naive_piece_for (colour, 'R') && b[home + 1] == '.'
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

/* Orthodox legality: own king not attacked after the move; castling not out of, through or
 * into an attacked square. */
static bool
legal (const NaiveHutnik *pos, int colour, const Move *m)
{
  char after[64];

  if (is_castling (pos->board, m))
    {
      int step = m->to > m->from ? 1 : -1;
      for (int s = m->from; s != m->to + step; s += step)
        if (naive_attacked (pos->board, 1 - colour, s))
          return false;
    }
  memcpy (after, pos->board, 64);
  play (after, m);
  return !naive_in_check (after, colour);
}

static int
legal_moves (const NaiveHutnik *pos, int colour, Move *moves)
{
  Move pseudo[NAIVE_HUTNIK_MAX_MOVES];
  int n_pseudo = pseudo_moves (pos, colour, pseudo);
  int n = 0;

  for (int i = 0; i < n_pseudo; i++)
    if (legal (pos, colour, &pseudo[i]))
      moves[n++] = pseudo[i];
  return n;
}

/* HUT-R1, R2: legal moves; only king moves (no castling) while the king is attacked. */
static int
choice_moves (const NaiveHutnik *pos, int colour, Move *moves)
{
  Move all[NAIVE_HUTNIK_MAX_MOVES];
  int n_all = legal_moves (pos, colour, all);
  int n = 0;
  bool in_check = naive_in_check (pos->board, colour);

  for (int i = 0; i < n_all; i++)
    {
      if (in_check
          && (naive_kind_of (pos->board[all[i].from]) != 'K' || is_castling (pos->board, &all[i])))
        continue;
      moves[n++] = all[i];
    }
  return n;
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

static bool
parse_move (const char *text, Move *m)
{
  if (strlen (text) < 4)
    return false;
  m->from = parse_square (text);
  m->to = parse_square (text + 2);
  m->promotion = text[4];
  return m->from >= 0 && m->to >= 0;
}

static bool
same_move (const Move *a, const Move *b)
{
  return a->from == b->from && a->to == b->to && a->promotion == b->promotion;
}

static int
compare_text (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

int
naive_hutnik_choices (const NaiveHutnik *pos, int colour, char choices[][6])
{
  Move moves[NAIVE_HUTNIK_MAX_MOVES];
  int n = choice_moves (pos, colour, moves);

  for (int i = 0; i < n; i++)
    move_text (&moves[i], choices[i]);
  qsort (choices, (size_t) n, sizeof choices[0], compare_text);
  return n;
}

int
naive_hutnik_holder_from_seed (uint64_t seed)
{
  uint64_t z = seed + 0x9E3779B97F4A7C15u;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  z ^= z >> 31;
  return (int) (z >> 63) ? BLACK : WHITE;
}

/* Arrival squares of m on board (HUT-R5 A): castling the king's and the rook's, en passant
 * the passed square (which is its destination). */
static int
arrivals (const char board[64], const Move *m, int out[2])
{
  out[0] = m->to;
  if (is_castling (board, m))
    {
      int rook_from;
      castling_rook (m, &rook_from, &out[1]);
      return 2;
    }
  return 1;
}

/* Squares whose pieces m moves. */
static int
movers (const char board[64], const Move *m, int out[2])
{
  out[0] = m->from;
  if (is_castling (board, m))
    {
      int rook_to;
      castling_rook (m, &out[1], &rook_to);
      return 2;
    }
  return 1;
}

/* HUT-R8: what an executed move does to rights, field 4 and the quiet counter. */
static void
note_executed (const char board[64], const Move *m, NaiveHutnik *out, bool *resets)
{
  static const int homes[4][2] = { { 4, 7 }, { 4, 0 }, { 60, 63 }, { 60, 56 } };
  int colour = naive_colour_of (board[m->from]);

  if (naive_kind_of (board[m->from]) == 'P' || board[m->to] != '.' || is_en_passant (board, m))
    *resets = true;
  if (naive_kind_of (board[m->from]) == 'P' && abs (m->to - m->from) == 16)
    out->ep[colour] = (m->from + m->to) / 2;
  /* A right goes when its king or rook leaves home or is captured there. */
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 2; j++)
      if (m->from == homes[i][j] || m->to == homes[i][j])
        out->castle[i] = false;
}

NaiveHutnikFate
naive_hutnik_apply (const NaiveHutnik *pos, const char *white, const char *black, NaiveHutnik *out)
{
  int first = pos->holder, second = 1 - pos->holder;
  Move m1, m2, on_after[NAIVE_HUTNIK_MAX_MOVES];
  NaiveHutnik after;
  NaiveHutnikFate fate = NAIVE_HUTNIK_PLAYED;
  bool resets = false;
  int a1[2], a2[2], mv[2], n1, n2, n_mv;

  if (!parse_move (first == WHITE ? white : black, &m1)
      || !parse_move (second == WHITE ? white : black, &m2))
    abort ();

  *out = *pos;
  out->ep[0] = out->ep[1] = -1;
  out->turn_number++;

  /* HUT-R4: m1 on S gives S'. */
  after = *pos;
  note_executed (pos->board, &m1, out, &resets);
  play (after.board, &m1);
  memcpy (after.castle, out->castle, sizeof after.castle);

  if (naive_king_square (after.board, second) < 0 && naive_king_square (pos->board, second) >= 0)
    fate = NAIVE_HUTNIK_NOT_PLAYED;
  else
    {
      bool found = false, pseudo_found = false;
      Move pseudo[NAIVE_HUTNIK_MAX_MOVES];
      int n_pseudo, n_legal;

      /* HUT-R5 A: no arrival square in common with m1. */
      n1 = arrivals (pos->board, &m1, a1);
      n2 = arrivals (pos->board, &m2, a2);
      for (int i = 0; i < n1; i++)
        for (int j = 0; j < n2; j++)
          if (a1[i] == a2[j])
            fate = NAIVE_HUTNIK_FORFEIT_A;

      /* HUT-R5 D: every piece m2 moves still stands where it stood on S. */
      n_mv = movers (pos->board, &m2, mv);
      for (int i = 0; fate == NAIVE_HUTNIK_PLAYED && i < n_mv; i++)
        if (after.board[mv[i]] != pos->board[mv[i]])
          fate = NAIVE_HUTNIK_FORFEIT_D;

      /* HUT-R5 B, C: an orthodox move on S' (en passant still against the pawn that
       * double-stepped in the previous turn), and a legal one. A capture whose target left
       * is the plain move to the square, which the generator lists for every piece but a
       * pawn. */
      if (fate == NAIVE_HUTNIK_PLAYED)
        {
          n_pseudo = pseudo_moves (&after, second, pseudo);
          for (int i = 0; i < n_pseudo; i++)
            pseudo_found |= same_move (&pseudo[i], &m2);
          n_legal = legal_moves (&after, second, on_after);
          for (int i = 0; i < n_legal; i++)
            found |= same_move (&on_after[i], &m2);
          if (!pseudo_found)
            fate = NAIVE_HUTNIK_FORFEIT_B;
          else if (!found)
            fate = NAIVE_HUTNIK_FORFEIT_C;
        }

      if (fate == NAIVE_HUTNIK_PLAYED)
        {
          note_executed (after.board, &m2, out, &resets);
          play (after.board, &m2);
        }
      else
        out->holder = second; /* HUT-R6 */
    }

  memcpy (out->board, after.board, 64);
  out->quiet_turns = resets ? 0 : pos->quiet_turns + 1;
  return fate;
}

void
naive_hutnik_outcome (const NaiveHutnik *pos, const char **result, const char **reason)
{
  bool lost[2];
  int n_choices[2];

  *result = "*";
  *reason = NULL;

  /* HUT-R4, R11: a captured king loses. */
  if (naive_king_square (pos->board, WHITE) < 0 || naive_king_square (pos->board, BLACK) < 0)
    {
      *reason = "king-captured";
      *result = naive_king_square (pos->board, WHITE) < 0 ? "0-1" : "1-0";
      return;
    }

  for (int c = 0; c < 2; c++)
    {
      Move moves[NAIVE_HUTNIK_MAX_MOVES];
      n_choices[c] = choice_moves (pos, c, moves);
      /* HUT-R2: in check only king moves are choices, so no choice means no king move. */
      lost[c] = naive_in_check (pos->board, c) && n_choices[c] == 0;
    }
  if (lost[WHITE] && lost[BLACK])
    {
      *result = "1/2-1/2";
      *reason = "both-lost";
    }
  else if (lost[WHITE] || lost[BLACK])
    {
      *result = lost[WHITE] ? "0-1" : "1-0";
      *reason = "checkmate";
    }
  else if (n_choices[WHITE] == 0 || n_choices[BLACK] == 0)
    {
      *result = "1/2-1/2";
      *reason = "stalemate";
    }
  else if (pos->quiet_turns >= 50)
    {
      *result = "1/2-1/2";
      *reason = "fifty-turns";
    }
}

bool
naive_hutnik_same_position (const NaiveHutnik *a, const NaiveHutnik *b)
{
  return memcmp (a->board, b->board, 64) == 0
         && memcmp (a->castle, b->castle, sizeof a->castle) == 0 && a->ep[0] == b->ep[0]
         && a->ep[1] == b->ep[1] && a->holder == b->holder;
}

void
naive_hutnik_to_fen (const NaiveHutnik *pos, char *buf, size_t size)
{
  char placement[80], castle[5], ep[5];
  int n = 0, k = 0;

  for (int r = 7; r >= 0; r--)
    {
      int empty = 0;
      for (int f = 0; f < 8; f++)
        {
          char piece = pos->board[naive_square_at (f, r)];
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
    if (pos->castle[i])
      castle[k++] = "KQkq"[i];
  if (k == 0)
    castle[k++] = '-';
  castle[k] = '\0';

  k = 0;
  for (int c = 0; c < 2; c++)
    if (pos->ep[c] >= 0)
      {
        name_square (pos->ep[c], ep + k);
        k += 2;
      }
  if (k == 0)
    ep[k++] = '-';
  ep[k] = '\0';

  snprintf (buf, size, "%s %c %s %s %d %d %016" PRIx64, placement, pos->holder == WHITE ? 'w' : 'b',
            castle, ep, pos->quiet_turns, pos->turn_number, pos->seed);
}

static bool
fail (char *error, size_t size, const char *message)
{
  snprintf (error, size, "%s", message);
  return false;
}

/* HUT-R12: a passed square of colour's double step has that colour's pawn in front of it. */
static bool
consistent_passed_square (const NaiveHutnik *pos, int colour, int square)
{
  int rank = colour == WHITE ? 2 : 5;
  if (square < 0 || naive_rank_of (square) != rank)
    return false;
  return pos->board[square + (colour == WHITE ? 8 : -8)] == naive_piece_for (colour, 'P');
}

bool
naive_hutnik_from_fen (const char *fen, NaiveHutnik *pos, char *error, size_t error_size)
{
  char fields[7][100];
  int n_fields = 0, kings[2] = { 0, 0 };
  const char *p = fen;
  char *end;

  memset (pos, 0, sizeof *pos);
  while (*p && n_fields < 7)
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
  if (n_fields != 7 || *p)
    return fail (error, error_size, "not seven fields");

  /* Field 1: eight ranks of eight squares, rank 8 first. */
  memset (pos->board, '.', 64);
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
          pos->board[naive_square_at (file++, rank)] = *c;
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
      if (naive_kind_of (pos->board[s]) == 'K')
        kings[naive_colour_of (pos->board[s])]++;
      if (naive_kind_of (pos->board[s]) == 'P'
          && (naive_rank_of (s) == 0 || naive_rank_of (s) == 7))
        return fail (error, error_size, "field 1: a pawn on rank 1 or 8");
    }
  /* A finished game may lack a king, never hold two. */
  if (kings[WHITE] > 1 || kings[BLACK] > 1)
    return fail (error, error_size, "field 1: two kings of a colour");

  /* Field 7 first: `?` in field 2 needs the seed. */
  if (strlen (fields[6]) != 16 || strspn (fields[6], "0123456789abcdefABCDEF") != 16)
    return fail (error, error_size, "field 7: not 16 hex digits");
  pos->seed = strtoull (fields[6], NULL, 16);

  /* Field 2. */
  if (strcmp (fields[1], "w") == 0)
    pos->holder = WHITE;
  else if (strcmp (fields[1], "b") == 0)
    pos->holder = BLACK;
  else if (strcmp (fields[1], "?") == 0)
    pos->holder = naive_hutnik_holder_from_seed (pos->seed);
  else
    return fail (error, error_size, "field 2: not w, b or ?");

  /* Field 3. */
  if (strcmp (fields[2], "-") != 0)
    for (const char *c = fields[2]; *c; c++)
      {
        static const int homes[4][2] = { { 4, 7 }, { 4, 0 }, { 60, 63 }, { 60, 56 } };
        const char *letter = strchr ("KQkq", *c);
        int i, colour;
        if (!letter || *c == '\0')
          return fail (error, error_size, "field 3: bad character");
        i = (int) (letter - "KQkq");
        colour = i < 2 ? WHITE : BLACK;
        if (pos->board[homes[i][0]] != naive_piece_for (colour, 'K')
            || pos->board[homes[i][1]] != naive_piece_for (colour, 'R'))
          return fail (error, error_size, "field 3: a right lacks its king or rook");
        pos->castle[i] = true;
      }

  /* Field 4. */
  pos->ep[0] = pos->ep[1] = -1;
  if (strcmp (fields[3], "-") != 0)
    {
      size_t len = strlen (fields[3]);
      int first, second;
      if (len != 2 && len != 4)
        return fail (error, error_size, "field 4: not one or two squares");
      first = parse_square (fields[3]);
      if (consistent_passed_square (pos, WHITE, first))
        pos->ep[WHITE] = first;
      else if (len == 2 && consistent_passed_square (pos, BLACK, first))
        pos->ep[BLACK] = first;
      else
        return fail (error, error_size, "field 4: not a consistent passed square");
      if (len == 4)
        {
          second = parse_square (fields[3] + 2);
          if (!consistent_passed_square (pos, BLACK, second))
            return fail (error, error_size, "field 4: not a consistent passed square");
          pos->ep[BLACK] = second;
        }
    }

  /* Fields 5 and 6. */
  pos->quiet_turns = (int) strtol (fields[4], &end, 10);
  if (*end || pos->quiet_turns < 0)
    return fail (error, error_size, "field 5: not a count");
  pos->turn_number = (int) strtol (fields[5], &end, 10);
  if (*end || pos->turn_number < 1)
    return fail (error, error_size, "field 6: not a turn number");
  return true;
}
