/* naive-psc.c: a deliberately simple PSC implementation, written from the rulings alone,
 * used by the tests to check the engine.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "naive-psc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum
{
  CASTLE_K = 0,
  CASTLE_Q = 1,
  CASTLE_k = 2,
  CASTLE_q = 3
};

static const int knight_steps[8][2]
    = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
static const int king_steps[8][2]
    = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 }, { 1, -1 } };
static const int rook_rays[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int bishop_rays[4][2] = { { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 } };

static int
file_of (int square)
{
  return square % 8;
}

static int
rank_of (int square)
{
  return square / 8;
}

/* The square at (file, rank), or -1 when that is off the board. */
static int
square_at (int file, int rank)
{
  if (file < 0 || file > 7 || rank < 0 || rank > 7)
    return -1;
  return file + 8 * rank;
}

/* NAIVE_WHITE, NAIVE_BLACK, or -1 for an empty square. */
static int
colour_of (char piece)
{
  if (piece == '.')
    return -1;
  return isupper ((unsigned char) piece) ? NAIVE_WHITE : NAIVE_BLACK;
}

static char
kind_of (char piece)
{
  return (char) toupper ((unsigned char) piece);
}

/* The piece letter of a kind ('P', 'N', ...) in a colour. */
static char
piece_for (int colour, char kind)
{
  return colour == NAIVE_WHITE ? (char) toupper ((unsigned char) kind)
                               : (char) tolower ((unsigned char) kind);
}

/* PSC-R7: the square of the pawn whose double step left passed square ep[side], when the
 * opportunity against it exists for a pawn on square s; else -1.  The passed square must be
 * empty, the double-stepped pawn must still stand in front of it, and s must hold an enemy
 * pawn beside it on the same rank. */
static int
find_ep_victim (const NaivePosition *pos, int side, int s)
{
  int passed = pos->ep[side];
  int victim;

  if (passed < 0 || passed > 63)
    return -1;
  victim = passed + (side == NAIVE_WHITE ? 8 : -8);
  if (victim < 0 || victim > 63)
    return -1;
  if (pos->board[passed] != '.')
    return -1;
  if (pos->board[victim] != piece_for (side, 'P'))
    return -1;
  if (pos->board[s] != piece_for (1 - side, 'P'))
    return -1;
  if (rank_of (s) != rank_of (victim) || abs (file_of (s) - file_of (victim)) != 1)
    return -1;
  return victim;
}

/* PSC-R1: marks in set the attack set of the piece on square s. */
static void
list_attacks (const NaivePosition *pos, int s, bool set[64])
{
  char piece = pos->board[s];
  int colour = colour_of (piece);
  char kind = kind_of (piece);
  int f = file_of (s);
  int r = rank_of (s);
  int i, t;

  memset (set, 0, 64 * sizeof (bool));
  if (colour < 0)
    return;

  /* PSC-R1: every piece attacks its own square. */
  set[s] = true;

  if (kind == 'N' || kind == 'K')
    {
      const int (*steps)[2] = kind == 'N' ? knight_steps : king_steps;

      for (i = 0; i < 8; i++)
        {
          t = square_at (f + steps[i][0], r + steps[i][1]);
          /* PSC-R1: never a square holding a piece of its own colour. */
          if (t >= 0 && colour_of (pos->board[t]) != colour)
            set[t] = true;
        }
    }
  else if (kind == 'B' || kind == 'R' || kind == 'Q')
    {
      int d;

      for (d = 0; d < 8; d++)
        {
          int df, dr, k;

          if (d < 4)
            {
              if (kind == 'B')
                continue;
              df = rook_rays[d][0];
              dr = rook_rays[d][1];
            }
          else
            {
              if (kind == 'R')
                continue;
              df = bishop_rays[d - 4][0];
              dr = bishop_rays[d - 4][1];
            }
          /* PSC-R1: every empty square on the ray, and the first occupied one if enemy. */
          for (k = 1; (t = square_at (f + k * df, r + k * dr)) >= 0; k++)
            {
              if (pos->board[t] == '.')
                {
                  set[t] = true;
                  continue;
                }
              if (colour_of (pos->board[t]) != colour)
                set[t] = true;
              break;
            }
        }
    }
  else if (kind == 'P')
    {
      int dir = colour == NAIVE_WHITE ? 1 : -1;
      int start = colour == NAIVE_WHITE ? 1 : 6;
      int victim;

      /* PSC-R1: the square ahead if empty, two ahead from the start rank if both empty. */
      t = square_at (f, r + dir);
      if (t >= 0 && pos->board[t] == '.')
        {
          set[t] = true;
          t = square_at (f, r + 2 * dir);
          if (r == start && t >= 0 && pos->board[t] == '.')
            set[t] = true;
        }
      /* PSC-R1: a diagonal-forward square only if it holds an enemy piece. */
      for (i = -1; i <= 1; i += 2)
        {
          t = square_at (f + i, r + dir);
          if (t >= 0 && colour_of (pos->board[t]) == 1 - colour)
            set[t] = true;
        }
      /* PSC-R1, R7: an en passant opportunity adds the double-stepped pawn and the
       * passed square. */
      victim = find_ep_victim (pos, 1 - colour, s);
      if (victim >= 0)
        {
          set[victim] = true;
          set[pos->ep[1 - colour]] = true;
        }
    }
}

/* PSC-R2: counts[c][t] = A(c, t) for every colour and square. */
static void
tally (const NaivePosition *pos, int counts[2][64])
{
  bool set[64];
  int s, t, c;

  memset (counts, 0, 2 * 64 * sizeof (int));
  for (s = 0; s < 64; s++)
    {
      c = colour_of (pos->board[s]);
      if (c < 0)
        continue;
      list_attacks (pos, s, set);
      for (t = 0; t < 64; t++)
        if (set[t])
          counts[c][t]++;
    }
}

/* PSC-R2: the colour controlling t, or -1. */
static int
control (int counts[2][64], int t)
{
  if (counts[NAIVE_WHITE][t] > counts[NAIVE_BLACK][t])
    return NAIVE_WHITE;
  if (counts[NAIVE_BLACK][t] > counts[NAIVE_WHITE][t])
    return NAIVE_BLACK;
  return -1;
}

/* PSC-R3: frozen when at least two enemy pieces attack the square. */
static bool
frozen (const NaivePosition *pos, int counts[2][64], int s)
{
  int colour = colour_of (pos->board[s]);

  if (colour < 0)
    return false;
  return counts[1 - colour][s] >= 2;
}

static void
name_square (int s, char *out)
{
  out[0] = (char) ('a' + file_of (s));
  out[1] = (char) ('1' + rank_of (s));
}

static int
parse_square (const char *text)
{
  if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return -1;
  return (text[0] - 'a') + 8 * (text[1] - '1');
}

static void
add_move (char moves[][6], int *n, int from, int to, char promotion)
{
  if (*n >= NAIVE_MAX_MOVES)
    return;
  name_square (from, moves[*n]);
  name_square (to, moves[*n] + 2);
  moves[*n][4] = promotion;
  moves[*n][5] = '\0';
  (*n)++;
}

/* PSC-R6: a pawn reaching the last rank gives four moves. */
static void
add_pawn_move (char moves[][6], int *n, int from, int to)
{
  if (rank_of (to) == 0 || rank_of (to) == 7)
    {
      add_move (moves, n, from, to, 'q');
      add_move (moves, n, from, to, 'r');
      add_move (moves, n, from, to, 'b');
      add_move (moves, n, from, to, 'n');
    }
  else
    add_move (moves, n, from, to, '\0');
}

/* PSC-R5: one castling move, with the king home, the rook home and the squares between. */
static void
add_castling (const NaivePosition *pos, int counts[2][64], int colour, int right, int rook_file,
              char moves[][6], int *n)
{
  int home = colour == NAIVE_WHITE ? 0 : 7;
  int king = square_at (4, home);
  int rook = square_at (rook_file, home);
  int king_to = square_at (rook_file == 7 ? 6 : 2, home);
  int rook_to = square_at (rook_file == 7 ? 5 : 3, home);
  int lo = rook_file == 7 ? 5 : 1;
  int hi = rook_file == 7 ? 6 : 3;
  int f;

  if (!pos->castle[right])
    return;
  if (pos->board[king] != piece_for (colour, 'K') || pos->board[rook] != piece_for (colour, 'R'))
    return;
  /* PSC-R5: every square between king and rook empty. */
  for (f = lo; f <= hi; f++)
    if (pos->board[square_at (f, home)] != '.')
      return;
  /* PSC-R5: king and rook not frozen. */
  if (frozen (pos, counts, king) || frozen (pos, counts, rook))
    return;
  /* PSC-R5: both destination squares controlled; nothing else is required. */
  if (control (counts, king_to) != colour || control (counts, rook_to) != colour)
    return;
  add_move (moves, n, king, king_to, '\0');
}

static int
compare_moves (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

bool
naive_from_fen (const char *fen, NaivePosition *pos)
{
  char fields[6][100];
  int nfields = 0;
  const char *p = fen;
  int rank, file, i;
  char *end;
  long value;

  if (fen == NULL || pos == NULL)
    return false;

  /* Split on white space into at most six fields. */
  while (*p)
    {
      size_t len = 0;

      while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
      if (!*p)
        break;
      if (nfields == 6)
        return false;
      while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
        {
          if (len + 1 >= sizeof fields[0])
            return false;
          fields[nfields][len++] = *p++;
        }
      fields[nfields][len] = '\0';
      nfields++;
    }
  if (nfields != 6)
    return false;

  memset (pos, 0, sizeof *pos);
  memset (pos->board, '.', sizeof pos->board);
  pos->ep[0] = pos->ep[1] = -1;

  /* Field 1: ranks 8 down to 1. */
  rank = 7;
  file = 0;
  for (p = fields[0]; *p; p++)
    {
      if (*p == '/')
        {
          if (file != 8 || rank == 0)
            return false;
          rank--;
          file = 0;
        }
      else if (*p >= '1' && *p <= '8')
        {
          file += *p - '0';
          if (file > 8)
            return false;
        }
      else if (strchr ("PNBRQKpnbrqk", *p) != NULL)
        {
          if (file > 7)
            return false;
          pos->board[square_at (file, rank)] = *p;
          file++;
        }
      else
        return false;
    }
  if (rank != 0 || file != 8)
    return false;

  /* Field 2: PSC-R9, w or b, meaning nothing. */
  if (strcmp (fields[1], "w") != 0 && strcmp (fields[1], "b") != 0)
    return false;

  /* Field 3: castling rights. */
  if (strcmp (fields[2], "-") != 0)
    for (p = fields[2]; *p; p++)
      {
        const char *at = strchr ("KQkq", *p);

        if (at == NULL)
          return false;
        pos->castle[at - "KQkq"] = true;
      }

  /* Field 4: PSC-R9, "-" or up to two passed squares in any order. */
  if (strcmp (fields[3], "-") != 0)
    {
      size_t len = strlen (fields[3]);

      if (len != 2 && len != 4)
        return false;
      for (i = 0; i < (int) len; i += 2)
        {
          int s = parse_square (fields[3] + i);

          if (s < 0)
            return false;
          if (rank_of (s) == 2 && pos->ep[NAIVE_WHITE] < 0)
            pos->ep[NAIVE_WHITE] = s;
          else if (rank_of (s) == 5 && pos->ep[NAIVE_BLACK] < 0)
            pos->ep[NAIVE_BLACK] = s;
          else
            return false;
        }
    }

  /* Fields 5 and 6: quiet turns and turn number. */
  value = strtol (fields[4], &end, 10);
  if (*end != '\0' || end == fields[4] || value < 0 || value > 100000)
    return false;
  pos->quiet_turns = (int) value;
  value = strtol (fields[5], &end, 10);
  if (*end != '\0' || end == fields[5] || value < 1 || value > 100000)
    return false;
  pos->turn_number = (int) value;
  return true;
}

void
naive_to_fen (const NaivePosition *pos, char *buf, size_t len)
{
  char text[128];
  size_t n = 0;
  int rank, file, i;
  bool any = false;

  for (rank = 7; rank >= 0; rank--)
    {
      int empty = 0;

      for (file = 0; file < 8; file++)
        {
          char piece = pos->board[square_at (file, rank)];

          if (piece == '.')
            {
              empty++;
              continue;
            }
          if (empty > 0)
            text[n++] = (char) ('0' + empty);
          empty = 0;
          text[n++] = piece;
        }
      if (empty > 0)
        text[n++] = (char) ('0' + empty);
      if (rank > 0)
        text[n++] = '/';
    }
  /* PSC-R9: field 2 is always written as w. */
  text[n++] = ' ';
  text[n++] = 'w';
  text[n++] = ' ';
  for (i = 0; i < 4; i++)
    if (pos->castle[i])
      {
        text[n++] = "KQkq"[i];
        any = true;
      }
  if (!any)
    text[n++] = '-';
  text[n++] = ' ';
  /* PSC-R9: the rank-3 square first. */
  if (pos->ep[NAIVE_WHITE] < 0 && pos->ep[NAIVE_BLACK] < 0)
    text[n++] = '-';
  for (i = 0; i < 2; i++)
    if (pos->ep[i] >= 0)
      {
        name_square (pos->ep[i], text + n);
        n += 2;
      }
  text[n] = '\0';
  snprintf (buf, len, "%s %d %d", text, pos->quiet_turns, pos->turn_number);
}

int
naive_attack_count (const NaivePosition *pos, int colour, int square)
{
  int counts[2][64];

  tally (pos, counts);
  return counts[colour][square];
}

int
naive_controller (const NaivePosition *pos, int square)
{
  int counts[2][64];

  tally (pos, counts);
  return control (counts, square);
}

bool
naive_is_frozen (const NaivePosition *pos, int square)
{
  int counts[2][64];

  tally (pos, counts);
  return frozen (pos, counts, square);
}

int
naive_legal_moves (const NaivePosition *pos, int colour, char moves[][6])
{
  int counts[2][64];
  bool set[64];
  int n = 0;
  int s, t, i;

  tally (pos, counts);
  for (s = 0; s < 64; s++)
    {
      char piece = pos->board[s];
      int f = file_of (s);
      int r = rank_of (s);

      if (colour_of (piece) != colour)
        continue;
      /* PSC-R4: a frozen piece does not move. */
      if (frozen (pos, counts, s))
        continue;

      if (kind_of (piece) != 'P')
        {
          /* For knight, bishop, rook, queen and king the attack set less the own square
           * is exactly the ordinary chess geometry (PSC-R1). */
          list_attacks (pos, s, set);
          for (t = 0; t < 64; t++)
            if (t != s && set[t] && control (counts, t) == colour)
              add_move (moves, &n, s, t, '\0');
          continue;
        }

      {
        int dir = colour == NAIVE_WHITE ? 1 : -1;
        int start = colour == NAIVE_WHITE ? 1 : 6;
        int victim;

        /* Pushes: one step, and two from the start rank, through empty squares. */
        t = square_at (f, r + dir);
        if (t >= 0 && pos->board[t] == '.')
          {
            if (control (counts, t) == colour)
              add_pawn_move (moves, &n, s, t);
            t = square_at (f, r + 2 * dir);
            if (r == start && t >= 0 && pos->board[t] == '.' && control (counts, t) == colour)
              add_pawn_move (moves, &n, s, t);
          }
        /* Captures diagonally forward. */
        for (i = -1; i <= 1; i += 2)
          {
            t = square_at (f + i, r + dir);
            if (t >= 0 && colour_of (pos->board[t]) == 1 - colour && control (counts, t) == colour)
              add_pawn_move (moves, &n, s, t);
          }
        /* PSC-R7: en passant when the double-stepped pawn is frozen and the passed
         * square controlled. */
        victim = find_ep_victim (pos, 1 - colour, s);
        if (victim >= 0 && frozen (pos, counts, victim)
            && control (counts, pos->ep[1 - colour]) == colour)
          add_move (moves, &n, s, pos->ep[1 - colour], '\0');
      }
    }

  add_castling (pos, counts, colour, colour == NAIVE_WHITE ? CASTLE_K : CASTLE_k, 7, moves, &n);
  add_castling (pos, counts, colour, colour == NAIVE_WHITE ? CASTLE_Q : CASTLE_q, 0, moves, &n);

  qsort (moves, (size_t) n, sizeof moves[0], compare_moves);
  return n;
}

/* One side's move, decoded against the starting position of the turn. */
typedef struct
{
  int from, to;
  char piece; /* the piece that arrives on to (after promotion) */
  int taken;  /* square of a piece captured, or -1 */
  int rook_from, rook_to;
  bool pawn;
  int passed; /* passed square of a double step, or -1 */
} Decoded;

static void
decode (const NaivePosition *pos, int colour, const char *uci, Decoded *d)
{
  char moving;

  d->from = parse_square (uci);
  d->to = parse_square (uci + 2);
  moving = pos->board[d->from];
  d->piece = moving;
  d->taken = -1;
  d->rook_from = d->rook_to = -1;
  d->pawn = kind_of (moving) == 'P';
  d->passed = -1;

  if (colour_of (pos->board[d->to]) == 1 - colour)
    d->taken = d->to;

  if (d->pawn)
    {
      /* PSC-R6: promotion letter. */
      if (uci[4] != '\0')
        d->piece = piece_for (colour, uci[4]);
      /* PSC-R7: a diagonal step to an empty square is en passant; the victim stands
       * beside the capturer, behind the passed square. */
      if (file_of (d->from) != file_of (d->to) && pos->board[d->to] == '.')
        d->taken = square_at (file_of (d->to), rank_of (d->from));
      /* PSC-R9: a double step records its passed square. */
      if (abs (rank_of (d->to) - rank_of (d->from)) == 2)
        d->passed = (d->from + d->to) / 2;
    }
  /* PSC-R5: the king moving two files is castling; the rook jumps over it. */
  if (kind_of (moving) == 'K' && abs (file_of (d->to) - file_of (d->from)) == 2)
    {
      int home = rank_of (d->from);

      if (file_of (d->to) == 6)
        {
          d->rook_from = square_at (7, home);
          d->rook_to = square_at (5, home);
        }
      else
        {
          d->rook_from = square_at (0, home);
          d->rook_to = square_at (3, home);
        }
    }
}

/* PSC-R9: a right is lost when its king or rook square is left or entered (a capture). */
static bool
touches (const Decoded *d, int square)
{
  return d->from == square || d->to == square || d->rook_from == square;
}

void
naive_resolve (const NaivePosition *pos, const char *white_move, const char *black_move,
               NaivePosition *out)
{
  static const int right_squares[4][2] = { { 4, 7 }, { 4, 0 }, { 60, 63 }, { 60, 56 } };
  static const char right_pieces[4][2] = { { 'K', 'R' }, { 'K', 'R' }, { 'k', 'r' }, { 'k', 'r' } };
  Decoded d[2];
  int c, i;
  bool reset = false;

  decode (pos, NAIVE_WHITE, white_move, &d[NAIVE_WHITE]);
  decode (pos, NAIVE_BLACK, black_move, &d[NAIVE_BLACK]);

  *out = *pos;

  /* PSC-R8: both pieces leave, captured pieces are removed, then both arrive. */
  for (c = 0; c < 2; c++)
    {
      out->board[d[c].from] = '.';
      if (d[c].rook_from >= 0)
        out->board[d[c].rook_from] = '.';
      if (d[c].taken >= 0)
        out->board[d[c].taken] = '.';
    }
  for (c = 0; c < 2; c++)
    {
      out->board[d[c].to] = d[c].piece;
      if (d[c].rook_to >= 0)
        out->board[d[c].rook_to] = piece_for (c, 'R');
    }

  /* PSC-R9: castling rights as in ordinary chess. */
  for (i = 0; i < 4; i++)
    {
      int k = right_squares[i][0];
      int r = right_squares[i][1];

      if (touches (&d[0], k) || touches (&d[0], r) || touches (&d[1], k) || touches (&d[1], r))
        out->castle[i] = false;
      if (out->board[k] != right_pieces[i][0] || out->board[r] != right_pieces[i][1])
        out->castle[i] = false;
    }

  /* PSC-R9: passed squares of this turn's double steps only. */
  for (c = 0; c < 2; c++)
    {
      out->ep[c] = d[c].passed;
      if (d[c].pawn || d[c].taken >= 0)
        reset = true;
    }

  /* PSC-R9: whole quiet turns since the last capture or pawn move; turn number grows. */
  out->quiet_turns = reset ? 0 : pos->quiet_turns + 1;
  out->turn_number = pos->turn_number + 1;
}

/* PSC-R10: the square of colour's king, or -1. */
static int
find_king (const NaivePosition *pos, int colour)
{
  int s;

  for (s = 0; s < 64; s++)
    if (pos->board[s] == piece_for (colour, 'K'))
      return s;
  return -1;
}

void
naive_outcome (const NaivePosition *pos, const char **result, const char **reason)
{
  int counts[2][64];
  char moves[NAIVE_MAX_MOVES][6];
  bool king_frozen[2], lost[2];
  int nmoves[2];
  int c;

  tally (pos, counts);
  for (c = 0; c < 2; c++)
    {
      int king = find_king (pos, c);
      bool attacked = king >= 0 && counts[1 - c][king] >= 1;

      nmoves[c] = naive_legal_moves (pos, c, moves);
      king_frozen[c] = king >= 0 && frozen (pos, counts, king);
      /* PSC-R10: lost when the king is frozen, or no legal move with the king attacked. */
      lost[c] = king_frozen[c] || (nmoves[c] == 0 && attacked);
    }

  if (lost[NAIVE_WHITE] && lost[NAIVE_BLACK])
    {
      *result = "1/2-1/2";
      *reason = "both-lost";
    }
  else if (lost[NAIVE_WHITE] || lost[NAIVE_BLACK])
    {
      int loser = lost[NAIVE_WHITE] ? NAIVE_WHITE : NAIVE_BLACK;

      *result = loser == NAIVE_WHITE ? "0-1" : "1-0";
      /* PSC-R10: a frozen king with no move is reported as the frozen king. */
      *reason = king_frozen[loser] ? "king-frozen" : "checkmate";
    }
  else if (nmoves[NAIVE_WHITE] == 0 || nmoves[NAIVE_BLACK] == 0)
    {
      *result = "1/2-1/2";
      *reason = "stalemate";
    }
  else if (pos->quiet_turns >= 50)
    {
      *result = "1/2-1/2";
      *reason = "fifty-turns";
    }
  else
    {
      *result = "*";
      *reason = NULL;
    }
}

bool
naive_is_visible (const NaivePosition *pos, int colour, int square)
{
  int counts[2][64];

  /* PSC-R12: own squares and own attack sets; every piece attacks its own square, so one
   * attacker is enough. */
  tally (pos, counts);
  return counts[colour][square] >= 1;
}
