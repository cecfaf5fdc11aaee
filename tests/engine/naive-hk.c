/* naive-hk.c: a deliberately simple Hansmann–Krasowsky synchronous chess (mailbox board,
 * brute force), written from the rulings alone, used by the tests to check the engine.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "naive-hk.h"

#include "naive-board.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WHITE NAIVE_HK_WHITE
#define BLACK NAIVE_HK_BLACK

/* Castling rights in FEN order, with the home squares of their king and rook. */
static const char castle_letters[4] = { 'K', 'Q', 'k', 'q' };
static const int castle_king_home[4] = { 4, 4, 60, 60 };
static const int castle_rook_home[4] = { 7, 0, 63, 56 };

typedef enum
{
  PLAIN,  /* a move, a capture or a strike */
  CASTLE, /* the king's two-square move; the rook follows */
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

/* The board after move alone, the other side standing still (HK-R2, R7 legality). */
static void
play_alone (const char board[64], const Move *move, char out[64])
{
  char piece = board[move->from];
  int colour = naive_colour_of (piece);

  memcpy (out, board, 64);
  out[move->from] = '.';
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

/* Every orthodox move of colour that ignores its own king's safety; no en passant (HK-R2). */
static int
pseudo_legal_moves (const NaiveHkPosition *pos, int colour, Move *moves)
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
              if (t >= 0 && naive_colour_of (board[t]) == 1 - colour)
                n = add_move (board, moves, n, s, t, PLAIN);
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

  /* Orthodox castling, judged on P0 (HK-R2). */
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

/* HK-R2, R3: the synchronous moves of colour. Orthodox legality (own king not attacked after
 * the move alone) also keeps a king off every square attacked in P0; in check only king
 * steps remain. */
static int
synchronous_moves (const NaiveHkPosition *pos, int colour, Move *moves)
{
  Move all[MAX_MOVES];
  int n_all = pseudo_legal_moves (pos, colour, all);
  bool check = naive_in_check (pos->board, colour);
  int n = 0;

  for (int i = 0; i < n_all; i++)
    {
      char after[64];
      if (check && (naive_kind_of (pos->board[all[i].from]) != 'K' || all[i].kind == CASTLE))
        continue;
      play_alone (pos->board, &all[i], after);
      if (!naive_in_check (after, colour))
        moves[n++] = all[i];
    }
  return n;
}

/* HK-R6: the side that strikes an open field: the colour not standing there. */
static int
striker_of (const NaiveHkPosition *pos, int field)
{
  return 1 - naive_colour_of (pos->board[field]);
}

/* HK-R7: colour's strikes on the open fields it strikes: orthodox legal captures of the piece
 * there by pieces that have not struck yet in this phase. */
static int
strikes (const NaiveHkPosition *pos, int colour, Move *moves)
{
  int n = 0;

  for (int i = 0; i < pos->n_open; i++)
    {
      int field = pos->open[i];
      if (striker_of (pos, field) != colour)
        continue;
      for (int s = 0; s < 64; s++)
        {
          if (naive_colour_of (pos->board[s]) != colour || pos->struck[s]
              || !can_capture_onto (pos->board, s, field))
            continue;
          Move strike = { s, field, 0, PLAIN };
          char after[64];
          play_alone (pos->board, &strike, after);
          if (!naive_in_check (after, colour))
            n = add_move (pos->board, moves, n, s, field, PLAIN);
        }
    }
  return n;
}

static bool
is_striker (const NaiveHkPosition *pos, int colour)
{
  for (int i = 0; i < pos->n_open; i++)
    if (striker_of (pos, pos->open[i]) == colour)
      return true;
  return false;
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
naive_hk_choices (const NaiveHkPosition *pos, int colour, char choices[][NAIVE_HK_TEXT_SIZE])
{
  Move moves[MAX_MOVES];
  int n;

  if (pos->n_open == 0)
    n = synchronous_moves (pos, colour, moves);
  else if (is_striker (pos, colour))
    n = strikes (pos, colour, moves);
  else
    return 0; /* HK-R7: the side that strikes no field waits */
  for (int i = 0; i < n; i++)
    move_text (&moves[i], choices[i]);
  if (pos->n_open > 0)
    strcpy (choices[n++], NAIVE_HK_PASS); /* HK-R7: a striker may always pass */
  qsort (choices, (size_t) n, NAIVE_HK_TEXT_SIZE, compare_text);
  return n;
}

/* Finds text among colour's moves or strikes (not the pass). */
static bool
find_move (const NaiveHkPosition *pos, int colour, const char *text, Move *move)
{
  Move moves[MAX_MOVES];
  int n = pos->n_open == 0 ? synchronous_moves (pos, colour, moves) : strikes (pos, colour, moves);

  for (int i = 0; i < n; i++)
    {
      char buf[NAIVE_HK_TEXT_SIZE];
      move_text (&moves[i], buf);
      if (strcmp (buf, text) == 0)
        {
          *move = moves[i];
          return true;
        }
    }
  return false;
}

/* HK-R4: a piece that moves, with what it is once it arrives. */
typedef struct
{
  int from;
  int to;
  char arriving;
} Mover;

static int
movers_of (const char board[64], const Move *move, Mover *movers)
{
  char piece = board[move->from];
  int colour = naive_colour_of (piece);

  movers[0] = (Mover){ move->from, move->to,
                       move->promotion ? naive_piece_for (colour, move->promotion) : piece };
  if (move->kind != CASTLE)
    return 1;
  int rook_from, rook_to;
  castling_rook (move, &rook_from, &rook_to);
  movers[1] = (Mover){ rook_from, rook_to, board[rook_from] };
  return 2;
}

/* The square order of FEN field 1: rank 8 first, then file a first. */
static int
fen_order (int square)
{
  return (7 - naive_rank_of (square)) * 8 + naive_file_of (square);
}

/* HK-R4 executes both sides' moves (a synchronous move, or the strikes of a two-field round,
 * a side without a move given as NULL) on next: departures, then each target removed unless
 * it is a moving piece of the other move, then arrivals, two on one square both removed
 * (HK-R5). touched collects every square left, entered or emptied. Returns whether a piece
 * was removed. */
static bool
execute (const char before[64], const Move *moves[2], char next[64], bool touched[64],
         NaiveHkStepReport *report)
{
  Mover movers[2][2];
  int n_movers[2] = { 0, 0 };
  bool removal = false;

  for (int c = 0; c < 2; c++)
    if (moves[c])
      n_movers[c] = movers_of (before, moves[c], movers[c]);

  for (int c = 0; c < 2; c++)
    for (int i = 0; i < n_movers[c]; i++)
      {
        next[movers[c][i].from] = '.';
        touched[movers[c][i].from] = true;
      }

  for (int c = 0; c < 2; c++)
    {
      /* Castling never captures; every other move captures what stood on its arrival. */
      if (!moves[c] || moves[c]->kind == CASTLE || before[moves[c]->to] == '.')
        continue;
      int target = moves[c]->to;
      bool moved = false;
      for (int i = 0; i < n_movers[1 - c]; i++)
        moved |= movers[1 - c][i].from == target;
      if (moved)
        {
          report->capture_missed = true;
          continue;
        }
      next[target] = '.';
      touched[target] = true;
      removal = true;
    }

  for (int c = 0; c < 2; c++)
    for (int i = 0; i < n_movers[c]; i++)
      {
        const Mover *m = &movers[c][i];
        bool collided = false;
        for (int j = 0; j < n_movers[1 - c]; j++)
          collided |= movers[1 - c][j].to == m->to;
        touched[m->to] = true;
        if (!collided)
          {
            next[m->to] = m->arriving;
            continue;
          }
        /* HK-R5: both removed, a king too. */
        next[m->to] = '.';
        removal = true;
        report->collision = true;
        report->king_collision |= naive_kind_of (m->arriving) == 'K';
      }
  return removal;
}

static void
clear_rights (NaiveHkPosition *pos, const bool touched[64])
{
  for (int right = 0; right < 4; right++)
    if (touched[castle_king_home[right]] || touched[castle_rook_home[right]])
      pos->castle[right] = false;
}

static void
add_open_field (NaiveHkPosition *pos, int square)
{
  int i = pos->n_open++;
  pos->open[i] = square;
  if (i == 1 && fen_order (pos->open[1]) < fen_order (pos->open[0]))
    {
      pos->open[1] = pos->open[0];
      pos->open[0] = square;
    }
}

/* HK-R13: the turn (and its phase) is over. */
static void
end_turn (NaiveHkPosition *pos)
{
  pos->n_open = 0;
  memset (pos->struck, 0, sizeof pos->struck);
  pos->turn_number++;
}

static bool
synchronous_step (const NaiveHkPosition *pos, const char *white, const char *black,
                  NaiveHkPosition *out, NaiveHkStepReport *report)
{
  Move moves[2];
  const Move *both[2] = { &moves[WHITE], &moves[BLACK] };
  bool touched[64] = { false };
  bool pawn_moved = false;
  NaiveHkPosition next = *pos;

  if (!white || !black || !find_move (pos, WHITE, white, &moves[WHITE])
      || !find_move (pos, BLACK, black, &moves[BLACK]))
    return false;
  for (int c = 0; c < 2; c++)
    {
      report->castling |= moves[c].kind == CASTLE;
      report->promotion |= moves[c].promotion != 0;
      pawn_moved |= naive_kind_of (pos->board[moves[c].from]) == 'P';
    }

  bool removal = execute (pos->board, both, next.board, touched, report);
  clear_rights (&next, touched);
  next.quiet_turns = pawn_moved || removal ? 0 : pos->quiet_turns + 1;

  /* HK-R6: a moved piece still on its arrival square, which the other side attacked in P0,
   * opens a field there. Castling squares were never attacked. */
  memset (next.struck, 0, sizeof next.struck);
  next.n_open = 0;
  for (int c = 0; c < 2; c++)
    {
      const Move *m = &moves[c];
      char arriving = m->promotion ? naive_piece_for (c, m->promotion) : pos->board[m->from];
      if (m->kind == CASTLE || next.board[m->to] != arriving)
        continue;
      if (naive_attacked (pos->board, 1 - c, m->to))
        add_open_field (&next, m->to);
    }
  report->fields_opened = next.n_open;
  if (next.n_open == 0)
    next.turn_number++;
  *out = next;
  return true;
}

static bool
is_pass (const char *text)
{
  return text && strcmp (text, NAIVE_HK_PASS) == 0;
}

static bool
is_waiting (const char *text)
{
  return !text || strcmp (text, "-") == 0;
}

static bool
strike_round (const NaiveHkPosition *pos, const char *white, const char *black,
              NaiveHkPosition *out, NaiveHkStepReport *report)
{
  const char *texts[2] = { white, black };
  Move moves[2];
  const Move *strike[2] = { NULL, NULL };
  bool touched[64] = { false };
  bool pawn_moved = false;
  NaiveHkPosition next = *pos;

  for (int c = 0; c < 2; c++)
    {
      if (!is_striker (pos, c))
        {
          if (!is_waiting (texts[c]))
            return false;
          continue;
        }
      if (is_pass (texts[c]))
        {
          Move any[MAX_MOVES];
          report->pass |= strikes (pos, c, any) > 0;
          continue;
        }
      if (is_waiting (texts[c]) || !find_move (pos, c, texts[c], &moves[c]))
        return false;
      strike[c] = &moves[c];
      report->strike = true;
      report->promotion |= moves[c].promotion != 0;
      report->recapture |= pos->struck[moves[c].to];
      pawn_moved |= naive_kind_of (pos->board[moves[c].from]) == 'P';
    }
  report->two_strikes = strike[WHITE] && strike[BLACK];

  /* HK-R8: both decisions executed together as in HK-R4. */
  bool missed_before = report->capture_missed;
  bool removal = execute (pos->board, strike, next.board, touched, report);
  report->strike_missed = report->capture_missed && !missed_before;
  clear_rights (&next, touched);
  /* HK-R13: the quiet count restarts when a pawn moves or a piece is removed in the turn. */
  if (removal || pawn_moved)
    next.quiet_turns = 0;

  /* HK-R8, R9: a struck field stays open, the other side striking next; a passed one
   * closes. */
  next.n_open = 0;
  for (int i = 0; i < pos->n_open; i++)
    {
      int field = pos->open[i];
      int c = striker_of (pos, field);
      if (strike[c])
        {
          next.struck[field] = true;
          add_open_field (&next, field);
        }
    }
  if (next.n_open == 0)
    {
      end_turn (&next);
      report->phase_ended = true;
    }
  *out = next;
  return true;
}

bool
naive_hk_apply (const NaiveHkPosition *pos, const char *white, const char *black,
                NaiveHkPosition *out, NaiveHkStepReport *report)
{
  NaiveHkStepReport scratch;

  if (!report)
    report = &scratch;
  memset (report, 0, sizeof *report);
  if (pos->n_open == 0)
    return synchronous_step (pos, white, black, out, report);
  return strike_round (pos, white, black, out, report);
}

void
naive_hk_outcome (const NaiveHkPosition *pos, const char **result, const char **reason)
{
  bool king[2], lost[2], stuck[2];

  for (int c = 0; c < 2; c++)
    king[c] = naive_king_square (pos->board, c) >= 0;
  /* HK-R10, at any step */
  if (!king[WHITE] || !king[BLACK])
    {
      *result = king[WHITE] ? "1-0" : king[BLACK] ? "0-1" : "1/2-1/2";
      *reason = "king-captured";
      return;
    }
  *result = "*";
  *reason = NULL;
  /* HK-R11, R12: only at the start of a synchronous move. */
  if (pos->n_open > 0)
    return;
  for (int c = 0; c < 2; c++)
    {
      Move moves[MAX_MOVES];
      stuck[c] = synchronous_moves (pos, c, moves) == 0;
      lost[c] = stuck[c] && naive_in_check (pos->board, c);
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
  else if (stuck[WHITE] || stuck[BLACK])
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
naive_hk_same_position (const NaiveHkPosition *a, const NaiveHkPosition *b)
{
  return memcmp (a->board, b->board, 64) == 0
         && memcmp (a->castle, b->castle, sizeof a->castle) == 0;
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

/* Reads comma-separated squares, each holding a piece, into squares (at most max). */
static bool
parse_square_list (const char *text, const char board[64], int *squares, int max, int *n)
{
  char copy[64];
  char *saveptr = NULL;

  *n = 0;
  if (strlen (text) >= sizeof copy || !*text || text[strlen (text) - 1] == ',')
    return false;
  strcpy (copy, text);
  for (char *t = strtok_r (copy, ",", &saveptr); t; t = strtok_r (NULL, ",", &saveptr))
    {
      int square = parse_square (t);
      if (square < 0 || *n == max || board[square] == '.')
        return false;
      for (int i = 0; i < *n; i++)
        if (squares[i] == square)
          return false;
      squares[(*n)++] = square;
    }
  return *n > 0;
}

/* HK-R14 field 7: "OPEN/STRUCK". */
static bool
parse_phase (const char *text, NaiveHkPosition *pos, char *error, size_t size)
{
  char copy[128];
  char *slash;
  int open[2], struck[64], n_open, n_struck;

  if (strcmp (text, "-") == 0)
    return true;
  if (strlen (text) >= sizeof copy || !(slash = strchr (strcpy (copy, text), '/')))
    return fail (error, size, "field 7: need OPEN/STRUCK", NULL);
  *slash = '\0';
  if (!parse_square_list (copy, pos->board, open, 2, &n_open))
    return fail (error, size, "field 7: open fields must be one or two occupied squares", NULL);
  if (n_open == 2 && naive_colour_of (pos->board[open[0]]) == naive_colour_of (pos->board[open[1]]))
    return fail (error, size, "field 7: two open fields of one striker", NULL);
  if (strcmp (slash + 1, "-") != 0
      && !parse_square_list (slash + 1, pos->board, struck, 64, &n_struck))
    return fail (error, size, "field 7: struck pieces must be occupied squares", NULL);
  else if (strcmp (slash + 1, "-") == 0)
    n_struck = 0;
  for (int i = 0; i < n_open; i++)
    add_open_field (pos, open[i]);
  for (int i = 0; i < n_struck; i++)
    pos->struck[struck[i]] = true;
  return true;
}

bool
naive_hk_from_fen (const char *fen, NaiveHkPosition *pos, char *error, size_t size)
{
  char copy[512];
  char *fields[8];
  int n_fields = 0;
  char *saveptr = NULL;

  if (strlen (fen) >= sizeof copy)
    return fail (error, size, "too long", NULL);
  strcpy (copy, fen);
  for (char *t = strtok_r (copy, " ", &saveptr); t; t = strtok_r (NULL, " ", &saveptr))
    {
      if (n_fields == 8)
        return fail (error, size, "more than seven fields", NULL);
      fields[n_fields++] = t;
    }
  if (n_fields != 6 && n_fields != 7)
    return fail (error, size, "need six or seven fields", NULL);

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
    /* HK-R14: a missing king means a finished game (HK-R10), both missing too (a draw). */
    if (kings[WHITE] > 1 || kings[BLACK] > 1)
      return fail (error, size, "field 1: two kings", NULL);
  }

  /* Field 2 means nothing (HK-R14). */
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

  /* Field 4: no en passant (HK-R2). */
  if (strcmp (fields[3], "-") != 0)
    return fail (error, size, "field 4: must be -", NULL);

  if (!parse_count (fields[4], 0, &pos->quiet_turns))
    return fail (error, size, "field 5: bad number", NULL);
  if (!parse_count (fields[5], 1, &pos->turn_number))
    return fail (error, size, "field 6: bad number", NULL);
  if (n_fields == 7 && !parse_phase (fields[6], pos, error, size))
    return false;
  return true;
}

static size_t
write_square_list (const bool set[64], const int *list, int n, char *text)
{
  size_t len = 0;
  bool first = true;

  /* In FEN order, from a list or from a set. */
  for (int order = 0; order < 64; order++)
    {
      int square = (7 - order / 8) * 8 + order % 8;
      bool listed = set && set[square];
      for (int i = 0; !set && i < n; i++)
        listed |= list[i] == square;
      if (!listed)
        continue;
      if (!first)
        text[len++] = ',';
      square_text (square, text + len);
      len += 2;
      first = false;
    }
  if (first)
    text[len++] = '-';
  text[len] = '\0';
  return len;
}

void
naive_hk_to_fen (const NaiveHkPosition *pos, char *buf, size_t size)
{
  char text[512];
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
  n += (size_t) sprintf (text + n, " - %d %d", pos->quiet_turns, pos->turn_number);
  if (pos->n_open > 0)
    {
      text[n++] = ' ';
      n += write_square_list (NULL, pos->open, pos->n_open, text + n);
      text[n++] = '/';
      n += write_square_list (pos->struck, NULL, 0, text + n);
    }
  text[n] = '\0';
  snprintf (buf, size, "%s", text);
}
