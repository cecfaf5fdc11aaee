/* naive-synchrone.c: a deliberately simple Synchrone implementation (mailbox board, brute
 * force), written from the rulings alone, used by the tests to check the engine.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "naive-synchrone.h"

#include "naive-board.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WHITE NAIVE_SYN_WHITE
#define BLACK NAIVE_SYN_BLACK

/* Castling rights in FEN order, with the home squares of their king and rook. */
static const char castle_letters[4] = { 'K', 'Q', 'k', 'q' };
static const int castle_king_home[4] = { 4, 4, 60, 60 };
static const int castle_rook_home[4] = { 7, 0, 63, 56 };

typedef enum
{
  PLAIN,        /* a move or an ordinary capture */
  CASTLE,       /* the king's two-square move; the rook follows */
  EN_PASSANT,   /* SYN-R4 */
  SELF_CAPTURE, /* SYN-R3 */
} MoveKind;

typedef struct
{
  int from;
  int to;
  char promotion; /* 0, or 'q', 'r', 'b', 'n' */
  MoveKind kind;
} Move;

#define MAX_MOVES 512

static int
last_rank (int colour)
{
  return colour == WHITE ? 7 : 0;
}

/* True when the piece on from could capture onto to by its capture geometry on board:
 * pawns one step diagonally naive_forward, sliders with every square between empty. */
static bool
can_capture_onto (const char board[64], int from, int to)
{
  char kind = naive_kind_of (board[from]);
  int df = naive_file_of (to) - naive_file_of (from),
      dr = naive_rank_of (to) - naive_rank_of (from);

  if (from == to || board[from] == '.')
    return false;
  switch (kind)
    {
    case 'P':
      return abs (df) == 1 && dr == naive_forward (naive_colour_of (board[from]));
    case 'N':
      return (abs (df) == 1 && abs (dr) == 2) || (abs (df) == 2 && abs (dr) == 1);
    case 'K':
      return abs (df) <= 1 && abs (dr) <= 1;
    default:
      break;
    }
  bool straight = df == 0 || dr == 0;
  bool diagonal = abs (df) == abs (dr);
  if ((kind == 'R' && !straight) || (kind == 'B' && !diagonal)
      || (kind == 'Q' && !straight && !diagonal))
    return false;
  int steps = abs (df) > abs (dr) ? abs (df) : abs (dr);
  int sf = df > 0 ? 1 : df < 0 ? -1 : 0, sr = dr > 0 ? 1 : dr < 0 ? -1 : 0;
  for (int k = 1; k < steps; k++)
    if (board[naive_square_at (naive_file_of (from) + k * sf, naive_rank_of (from) + k * sr)]
        != '.')
      return false;
  return true;
}

/* The rook's start and destination squares of a castling king move. */
static void
castling_rook (const Move *move, int *rook_from, int *rook_to)
{
  bool king_side = move->to > move->from;
  *rook_from = king_side ? move->from + 3 : move->from - 4;
  *rook_to = king_side ? move->from + 1 : move->from - 1;
}

/* The board after move alone, the other side standing still (SYN-R2 legality). */
static void
play_alone (const char board[64], const Move *move, char out[64])
{
  char piece = board[move->from];
  int colour = naive_colour_of (piece);

  memcpy (out, board, 64);
  out[move->from] = '.';
  if (move->kind == EN_PASSANT)
    out[naive_square_at (naive_file_of (move->to), naive_rank_of (move->from))] = '.';
  if (move->kind == CASTLE)
    {
      int rook_from, rook_to;
      castling_rook (move, &rook_from, &rook_to);
      out[rook_to] = out[rook_from];
      out[rook_from] = '.';
    }
  out[move->to] = move->promotion ? naive_piece_for (colour, move->promotion) : piece;
}

/* Adds a move, as four promotions when a pawn reaches the last rank. */
static int
add_move (const char board[64], Move *moves, int n, int from, int to, MoveKind kind)
{
  static const char promotions[4] = { 'q', 'r', 'b', 'n' };
  int colour = naive_colour_of (board[from]);

  if (naive_kind_of (board[from]) == 'P' && naive_rank_of (to) == last_rank (colour))
    {
      for (int i = 0; i < 4; i++)
        moves[n++] = (Move){ from, to, promotions[i], kind };
      return n;
    }
  moves[n++] = (Move){ from, to, 0, kind };
  return n;
}

/* Every orthodox move of colour that ignores its own king's safety (SYN-R2, R4). */
static int
pseudo_legal_moves (const NaiveSynPosition *pos, int colour, Move *moves)
{
  const char *board = pos->board;
  int n = 0;

  for (int s = 0; s < 64; s++)
    {
      char piece = board[s];
      char kind = naive_kind_of (piece);
      int f = naive_file_of (s), r = naive_rank_of (s);

      if (naive_colour_of (piece) != colour)
        continue;
      if (kind == 'P')
        {
          int dir = naive_forward (colour);
          int one = naive_square_at (f, r + dir);
          if (one >= 0 && board[one] == '.')
            {
              n = add_move (board, moves, n, s, one, PLAIN);
              int two = naive_square_at (f, r + 2 * dir);
              if (r == (colour == WHITE ? 1 : 6) && board[two] == '.')
                n = add_move (board, moves, n, s, two, PLAIN);
            }
          for (int df = -1; df <= 1; df += 2)
            {
              int t = naive_square_at (f + df, r + dir);
              if (t < 0)
                continue;
              if (naive_colour_of (board[t]) == 1 - colour)
                n = add_move (board, moves, n, s, t, PLAIN);
              /* SYN-R4: the passed square of the enemy's double step of the last turn, the
               * double-stepped pawn standing beside this one. */
              int victim = naive_square_at (f + df, r);
              if (t == pos->ep[1 - colour] && board[t] == '.'
                  && board[victim] == naive_piece_for (1 - colour, 'P'))
                n = add_move (board, moves, n, s, t, EN_PASSANT);
            }
        }
      else if (kind == 'N' || kind == 'K')
        {
          const int (*steps)[2] = kind == 'N' ? naive_knight_steps : naive_king_steps;
          for (int i = 0; i < 8; i++)
            {
              int t = naive_square_at (f + steps[i][0], r + steps[i][1]);
              if (t >= 0 && naive_colour_of (board[t]) != colour)
                n = add_move (board, moves, n, s, t, PLAIN);
            }
        }
      else
        {
          for (int i = 0; i < 8; i++)
            {
              if ((kind == 'R' && i >= 4) || (kind == 'B' && i < 4))
                continue;
              int df = i < 4 ? naive_rook_rays[i][0] : naive_bishop_rays[i - 4][0];
              int dr = i < 4 ? naive_rook_rays[i][1] : naive_bishop_rays[i - 4][1];
              for (int k = 1;; k++)
                {
                  int t = naive_square_at (f + k * df, r + k * dr);
                  if (t < 0 || naive_colour_of (board[t]) == colour)
                    break;
                  n = add_move (board, moves, n, s, t, PLAIN);
                  if (board[t] != '.')
                    break;
                }
            }
        }
    }

  /* Orthodox castling, judged on the start position (SYN-R2). */
  for (int side = 0; side < 2; side++)
    {
      int right = 2 * colour + side;
      int king = castle_king_home[right], rook = castle_rook_home[right];
      int step = side == 0 ? 1 : -1;
      bool ok = pos->castle[right] && board[king] == naive_piece_for (colour, 'K')
                && board[rook] == naive_piece_for (colour, 'R');

      for (int t = king + step; ok && t != rook; t += step)
        if (board[t] != '.')
          ok = false;
      for (int k = 0; ok && k <= 2; k++)
        if (naive_attacked (board, 1 - colour, king + k * step))
          ok = false;
      if (ok)
        moves[n++] = (Move){ king, king + 2 * step, 0, CASTLE };
    }
  return n;
}

/* SYN-R2: the orthodox moves after which colour's own king is not attacked. */
static int
orthodox_legal_moves (const NaiveSynPosition *pos, int colour, Move *moves)
{
  Move all[MAX_MOVES];
  int n_all = pseudo_legal_moves (pos, colour, all);
  int n = 0;

  for (int i = 0; i < n_all; i++)
    {
      char after[64];
      play_alone (pos->board, &all[i], after);
      if (!naive_in_check (after, colour))
        moves[n++] = all[i];
    }
  return n;
}

/* SYN-R3a: the squares of colour's pieces that have an orthodox legal capture onto square
 * (en passant aside). */
static int
legal_capturers (const char board[64], int colour, int square, int *capturers)
{
  int n = 0;

  for (int s = 0; s < 64; s++)
    {
      if (naive_colour_of (board[s]) != colour || !can_capture_onto (board, s, square))
        continue;
      Move capture = { s, square, 0, PLAIN };
      char after[64];
      play_alone (board, &capture, after);
      if (!naive_in_check (after, colour))
        capturers[n++] = s;
    }
  return n;
}

/* SYN-R3: colour's self-captures. */
static int
self_captures (const NaiveSynPosition *pos, int colour, Move *moves)
{
  const char *board = pos->board;
  int n = 0;

  if (naive_in_check (board, colour))
    return 0;
  for (int target = 0; target < 64; target++)
    {
      int capturers[64];
      int n_capturers;

      if (naive_colour_of (board[target]) != colour || naive_kind_of (board[target]) == 'K')
        continue;
      n_capturers = legal_capturers (board, 1 - colour, target, capturers);
      if (n_capturers == 0)
        continue;
      for (int p = 0; p < 64; p++)
        {
          bool reaches = false;

          if (p == target || naive_colour_of (board[p]) != colour
              || naive_kind_of (board[p]) == 'K')
            continue;
          /* SYN-R3b: the path judged with any one enemy capturer removed. */
          for (int i = 0; i < n_capturers && !reaches; i++)
            {
              char without[64];
              memcpy (without, board, 64);
              without[capturers[i]] = '.';
              reaches = can_capture_onto (without, p, target);
            }
          if (!reaches)
            continue;
          /* SYN-R3c */
          Move move = { p, target, 0, SELF_CAPTURE };
          char after[64];
          play_alone (board, &move, after);
          if (!naive_in_check (after, colour))
            n = add_move (board, moves, n, p, target, SELF_CAPTURE);
        }
    }
  return n;
}

static int
all_choices (const NaiveSynPosition *pos, int colour, Move *moves)
{
  int n = orthodox_legal_moves (pos, colour, moves);
  return n + self_captures (pos, colour, moves + n);
}

static void
square_text (int square, char *buf)
{
  buf[0] = (char) ('a' + naive_file_of (square));
  buf[1] = (char) ('1' + naive_rank_of (square));
  buf[2] = '\0';
}

static void
move_text (const Move *move, char *buf)
{
  square_text (move->from, buf);
  square_text (move->to, buf + 2);
  buf[4] = move->promotion;
  buf[5] = '\0';
}

static int
compare_text (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

int
naive_syn_choices (const NaiveSynPosition *pos, int colour, char choices[][NAIVE_SYN_TEXT_SIZE])
{
  Move moves[MAX_MOVES];
  int n = all_choices (pos, colour, moves);

  for (int i = 0; i < n; i++)
    move_text (&moves[i], choices[i]);
  qsort (choices, (size_t) n, NAIVE_SYN_TEXT_SIZE, compare_text);
  return n;
}

/* Finds text among colour's choices. */
static bool
find_choice (const NaiveSynPosition *pos, int colour, const char *text, Move *move)
{
  Move moves[MAX_MOVES];
  int n = all_choices (pos, colour, moves);

  for (int i = 0; i < n; i++)
    {
      char buf[NAIVE_SYN_TEXT_SIZE];
      move_text (&moves[i], buf);
      if (strcmp (buf, text) == 0)
        {
          *move = moves[i];
          return true;
        }
    }
  return false;
}

/* SYN-R5: a piece that moves, with what stands on its arrival square afterwards. */
typedef struct
{
  int from;
  int to;
  char arriving;
  int colour;
  bool self_capture;
} Mover;

static int
movers_of (const char board[64], const Move *move, Mover *movers)
{
  char piece = board[move->from];
  int colour = naive_colour_of (piece);

  movers[0] = (Mover){ move->from, move->to,
                       move->promotion ? naive_piece_for (colour, move->promotion) : piece, colour,
                       move->kind == SELF_CAPTURE };
  if (move->kind != CASTLE)
    return 1;
  int rook_from, rook_to;
  castling_rook (move, &rook_from, &rook_to);
  movers[1] = (Mover){ rook_from, rook_to, board[rook_from], colour, false };
  return 2;
}

/* SYN-R5: the square of the piece move captures, or -1. */
static int
target_of (const char board[64], const Move *move)
{
  switch (move->kind)
    {
    case PLAIN:
      return board[move->to] != '.' ? move->to : -1;
    case SELF_CAPTURE:
      return move->to;
    case EN_PASSANT:
      return naive_square_at (naive_file_of (move->to), naive_rank_of (move->from));
    case CASTLE:
    default:
      return -1;
    }
}

bool
naive_syn_apply (const NaiveSynPosition *pos, const char *white, const char *black,
                 NaiveSynPosition *out, NaiveSynTurnReport *report)
{
  NaiveSynTurnReport scratch;
  Move moves[2];
  Mover movers[2][2];
  int n_movers[2];
  bool touched[64] = { false };
  bool removal = false, pawn_moved = false;
  NaiveSynPosition next = *pos;

  if (!report)
    report = &scratch;
  memset (report, 0, sizeof *report);
  if (!find_choice (pos, WHITE, white, &moves[WHITE])
      || !find_choice (pos, BLACK, black, &moves[BLACK]))
    return false;

  for (int c = 0; c < 2; c++)
    {
      report->self_capture |= moves[c].kind == SELF_CAPTURE;
      report->self_capture_path |= moves[c].kind == SELF_CAPTURE
                                   && !can_capture_onto (pos->board, moves[c].from, moves[c].to);
      report->en_passant |= moves[c].kind == EN_PASSANT;
      report->castling |= moves[c].kind == CASTLE;
      report->promotion |= moves[c].promotion != 0;
      n_movers[c] = movers_of (pos->board, &moves[c], movers[c]);
    }

  /* SYN-R6: every moving piece leaves its square. */
  for (int c = 0; c < 2; c++)
    for (int i = 0; i < n_movers[c]; i++)
      {
        next.board[movers[c][i].from] = '.';
        touched[movers[c][i].from] = true;
        pawn_moved |= naive_kind_of (pos->board[movers[c][i].from]) == 'P';
      }

  /* SYN-R6: a target is removed unless it is a moving piece of the other move. */
  for (int c = 0; c < 2; c++)
    {
      int target = target_of (pos->board, &moves[c]);
      bool moved = false;

      if (target < 0)
        continue;
      for (int i = 0; i < n_movers[1 - c]; i++)
        moved |= movers[1 - c][i].from == target;
      if (moved)
        {
          report->capture_missed = true;
          continue;
        }
      next.board[target] = '.';
      touched[target] = true;
      removal = true;
    }

  /* SYN-R7: arrivals; two pieces on one square collide. */
  for (int i = 0; i < n_movers[WHITE]; i++)
    {
      const Mover *w = &movers[WHITE][i];
      const Mover *b = NULL;

      for (int j = 0; j < n_movers[BLACK]; j++)
        if (movers[BLACK][j].to == w->to)
          b = &movers[BLACK][j];
      touched[w->to] = true;
      if (!b)
        {
          next.board[w->to] = w->arriving;
          continue;
        }
      removal = true;
      report->collision_en_passant
          |= moves[WHITE].kind == EN_PASSANT || moves[BLACK].kind == EN_PASSANT;
      bool white_king = naive_kind_of (w->arriving) == 'K',
           black_king = naive_kind_of (b->arriving) == 'K';
      if (white_king != black_king)
        {
          report->collision_king = true;
          next.board[w->to] = white_king ? w->arriving : b->arriving;
        }
      else if (!white_king && (w->self_capture || b->self_capture))
        {
          report->collision_self = true;
          next.board[w->to] = w->self_capture ? w->arriving : b->arriving;
        }
      else
        {
          report->collision_both = true;
          next.board[w->to] = '.';
        }
    }
  for (int j = 0; j < n_movers[BLACK]; j++)
    {
      const Mover *b = &movers[BLACK][j];
      bool collided = false;

      for (int i = 0; i < n_movers[WHITE]; i++)
        collided |= movers[WHITE][i].to == b->to;
      touched[b->to] = true;
      if (!collided)
        next.board[b->to] = b->arriving;
    }

  /* SYN-R8 */
  for (int right = 0; right < 4; right++)
    if (touched[castle_king_home[right]] || touched[castle_rook_home[right]])
      next.castle[right] = false;

  /* SYN-R9: field 4 lists a double step only where SYN-R14 lets it stand: the pawn still in
   * front of the empty passed square, its start square empty. */
  for (int c = 0; c < 2; c++)
    {
      const Move *m = &moves[c];
      next.ep[c] = -1;
      if (m->kind != PLAIN || naive_kind_of (pos->board[m->from]) != 'P'
          || abs (naive_rank_of (m->to) - naive_rank_of (m->from)) != 2)
        continue;
      int passed = (m->from + m->to) / 2;
      if (next.board[m->to] == naive_piece_for (c, 'P') && next.board[passed] == '.'
          && next.board[m->from] == '.')
        next.ep[c] = passed;
      else
        report->double_step_dropped = true;
    }

  next.quiet_turns = pawn_moved || removal ? 0 : pos->quiet_turns + 1;
  next.turn_number = pos->turn_number + 1;
  *out = next;
  return true;
}

void
naive_syn_outcome (const NaiveSynPosition *pos, const char **result, const char **reason)
{
  bool king[2], lost[2], stuck[2];

  for (int c = 0; c < 2; c++)
    king[c] = naive_king_square (pos->board, c) >= 0;
  /* SYN-R10 */
  if (!king[WHITE] || !king[BLACK])
    {
      *result = king[WHITE] ? "1-0" : king[BLACK] ? "0-1" : "1/2-1/2";
      *reason = "king-captured";
      return;
    }
  /* SYN-R11: self-captures count as legal choices. */
  for (int c = 0; c < 2; c++)
    {
      Move moves[MAX_MOVES];
      stuck[c] = all_choices (pos, c, moves) == 0;
      lost[c] = stuck[c] && naive_in_check (pos->board, c);
    }
  if (lost[WHITE] && lost[BLACK])
    {
      *result = "1/2-1/2";
      *reason = "both-lost";
      return;
    }
  if (lost[WHITE] || lost[BLACK])
    {
      *result = lost[WHITE] ? "0-1" : "1-0";
      *reason = "checkmate";
      return;
    }
  if (stuck[WHITE] || stuck[BLACK])
    {
      *result = "1/2-1/2";
      *reason = "stalemate";
      return;
    }
  /* SYN-R12 */
  if (pos->quiet_turns >= 50)
    {
      *result = "1/2-1/2";
      *reason = "fifty-turns";
      return;
    }
  *result = "*";
  *reason = NULL;
}

bool
naive_syn_same_position (const NaiveSynPosition *a, const NaiveSynPosition *b)
{
  return memcmp (a->board, b->board, 64) == 0
         && memcmp (a->castle, b->castle, sizeof a->castle) == 0 && a->ep[0] == b->ep[0]
         && a->ep[1] == b->ep[1];
}

/* ---- FEN ---- */

static bool
fail (char *error, size_t size, const char *message, const char *detail)
{
  snprintf (error, size, "%s%s", message, detail ? detail : "");
  return false;
}

/* Reads a square name of exactly two characters; -1 when it is not one. */
static int
parse_square (const char *text)
{
  if (strlen (text) != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return -1;
  return naive_square_at (text[0] - 'a', text[1] - '1');
}

static bool
parse_count (const char *text, int minimum, int *value)
{
  char *end;
  long v;

  if (!*text || !isdigit ((unsigned char) text[0]))
    return false;
  v = strtol (text, &end, 10);
  if (*end || v < minimum || v > 100000)
    return false;
  *value = (int) v;
  return true;
}

bool
naive_syn_from_fen (const char *fen, NaiveSynPosition *pos, char *error, size_t size)
{
  char copy[512];
  char *fields[7];
  int n_fields = 0;
  char *saveptr = NULL;

  if (strlen (fen) >= sizeof copy)
    return fail (error, size, "too long", NULL);
  strcpy (copy, fen);
  for (char *t = strtok_r (copy, " ", &saveptr); t; t = strtok_r (NULL, " ", &saveptr))
    {
      if (n_fields == 7)
        return fail (error, size, "more than six fields", NULL);
      fields[n_fields++] = t;
    }
  if (n_fields != 6)
    return fail (error, size, "need six fields", NULL);

  memset (pos, 0, sizeof *pos);
  memset (pos->board, '.', 64);

  /* Field 1 */
  {
    int rank = 7, file = 0;
    for (const char *c = fields[0]; *c; c++)
      {
        if (*c == '/')
          {
            if (file != 8 || rank == 0)
              return fail (error, size, "field 1: bad rank", NULL);
            rank--;
            file = 0;
          }
        else if (*c >= '1' && *c <= '8')
          {
            file += *c - '0';
            if (file > 8)
              return fail (error, size, "field 1: rank too long", NULL);
          }
        else if (strchr ("PNBRQKpnbrqk", *c))
          {
            if (file > 7)
              return fail (error, size, "field 1: rank too long", NULL);
            pos->board[naive_square_at (file++, rank)] = *c;
          }
        else
          return fail (error, size, "field 1: bad character", NULL);
      }
    if (rank != 0 || file != 8)
      return fail (error, size, "field 1: need eight ranks", NULL);
  }
  {
    int kings[2] = { 0, 0 };
    for (int s = 0; s < 64; s++)
      {
        if (naive_kind_of (pos->board[s]) == 'K')
          kings[naive_colour_of (pos->board[s])]++;
        if (naive_kind_of (pos->board[s]) == 'P'
            && (naive_rank_of (s) == 0 || naive_rank_of (s) == 7))
          return fail (error, size, "field 1: a pawn on rank 1 or 8", NULL);
      }
    if (kings[WHITE] > 1 || kings[BLACK] > 1)
      return fail (error, size, "field 1: two kings", NULL);
    if (kings[WHITE] + kings[BLACK] == 0)
      return fail (error, size, "field 1: no king", NULL);
  }

  /* Field 2 means nothing (SYN-R14). */
  if (strcmp (fields[1], "w") != 0 && strcmp (fields[1], "b") != 0)
    return fail (error, size, "field 2: need w or b", NULL);

  /* Field 3 */
  if (strcmp (fields[2], "-") != 0)
    for (const char *c = fields[2]; *c; c++)
      {
        const char *letter = memchr (castle_letters, *c, 4);
        if (!letter)
          return fail (error, size, "field 3: bad character", NULL);
        int right = (int) (letter - castle_letters);
        if (pos->castle[right])
          return fail (error, size, "field 3: a right twice", NULL);
        if (pos->board[castle_king_home[right]] != naive_piece_for (right / 2, 'K')
            || pos->board[castle_rook_home[right]] != naive_piece_for (right / 2, 'R'))
          return fail (error, size, "field 3: a right without its king and rook", NULL);
        pos->castle[right] = true;
      }

  /* Field 4: one passed square per side at most. */
  pos->ep[0] = pos->ep[1] = -1;
  if (strcmp (fields[3], "-") != 0)
    {
      size_t len = strlen (fields[3]);
      if (len != 2 && len != 4)
        return fail (error, size, "field 4: need one or two squares", NULL);
      for (size_t i = 0; i < len; i += 2)
        {
          char name[3] = { fields[3][i], fields[3][i + 1], '\0' };
          int square = parse_square (name);
          int side;
          if (square < 0)
            return fail (error, size, "field 4: bad square ", name);
          if (naive_rank_of (square) == 2)
            side = WHITE;
          else if (naive_rank_of (square) == 5)
            side = BLACK;
          else
            return fail (error, size, "field 4: not on rank 3 or 6: ", name);
          if (pos->ep[side] >= 0)
            return fail (error, size, "field 4: two squares of one side", NULL);
          int front = square + 8 * naive_forward (side), behind = square - 8 * naive_forward (side);
          if (pos->board[square] != '.')
            return fail (error, size, "field 4: occupied: ", name);
          if (pos->board[front] != naive_piece_for (side, 'P'))
            return fail (error, size, "field 4: no double-stepped pawn in front of ", name);
          if (pos->board[behind] != '.')
            return fail (error, size, "field 4: a piece on the start square behind ", name);
          pos->ep[side] = square;
        }
    }

  if (!parse_count (fields[4], 0, &pos->quiet_turns))
    return fail (error, size, "field 5: bad number", NULL);
  if (!parse_count (fields[5], 1, &pos->turn_number))
    return fail (error, size, "field 6: bad number", NULL);
  return true;
}

void
naive_syn_to_fen (const NaiveSynPosition *pos, char *buf, size_t size)
{
  char text[256];
  size_t n = 0;

  for (int rank = 7; rank >= 0; rank--)
    {
      int empty = 0;
      for (int file = 0; file < 8; file++)
        {
          char piece = pos->board[naive_square_at (file, rank)];
          if (piece == '.')
            {
              empty++;
              continue;
            }
          if (empty)
            text[n++] = (char) ('0' + empty);
          empty = 0;
          text[n++] = piece;
        }
      if (empty)
        text[n++] = (char) ('0' + empty);
      if (rank > 0)
        text[n++] = '/';
    }
  text[n++] = ' ';
  text[n++] = 'w';
  text[n++] = ' ';
  {
    size_t before = n;
    for (int right = 0; right < 4; right++)
      if (pos->castle[right])
        text[n++] = castle_letters[right];
    if (n == before)
      text[n++] = '-';
  }
  text[n++] = ' ';
  if (pos->ep[WHITE] < 0 && pos->ep[BLACK] < 0)
    text[n++] = '-';
  for (int c = 0; c < 2; c++)
    if (pos->ep[c] >= 0)
      {
        square_text (pos->ep[c], text + n);
        n += 2;
      }
  text[n] = '\0';
  snprintf (buf, size, "%s %d %d", text, pos->quiet_turns, pos->turn_number);
}
