/* hk.c: Hansmann–Krasowsky synchronous chess (rulings HK-R1 to R15) as an entry of the
 * rule-set table: a synchronous move of both sides, then the rounds of an exchange of blows
 * on the fields it opened, each round a step of its own.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "movegen.h"
#include "fen-fields.h"
#include "variant.h"

#define FIFTY_TURNS 50
#define MAX_FEN_FIELDS 7

/* Attacks ------------------------------------------------------------------------------- */

/* Every square colour `by` attacks with occupied as the blockers: HK-R6's "attacked",
 * whatever stands on the square. */
static SynBitboard
attacked_squares (const SynPosition *pos, SynColour by, SynBitboard occupied)
{
  SynBitboard pawns = syn_position_pieces (pos, by, SYN_PAWN);
  SynBitboard forward = syn_shift_forward (pawns, by);
  SynBitboard result = syn_shift_east (forward) | syn_shift_west (forward);
  SynBitboard pieces;

  pieces = syn_position_pieces (pos, by, SYN_KNIGHT);
  while (pieces)
    result |= syn_knight_attacks (syn_pop_lsb (&pieces));
  pieces = (pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN]) & pos->by_colour[by];
  while (pieces)
    result |= syn_bishop_attacks (syn_pop_lsb (&pieces), occupied);
  pieces = (pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN]) & pos->by_colour[by];
  while (pieces)
    result |= syn_rook_attacks (syn_pop_lsb (&pieces), occupied);
  pieces = syn_position_pieces (pos, by, SYN_KING);
  while (pieces)
    result |= syn_king_attacks (syn_pop_lsb (&pieces));
  return result;
}

static bool
has_both_kings (const SynPosition *pos)
{
  SynBitboard kings = pos->by_type[SYN_KING];
  return (kings & pos->by_colour[SYN_WHITE]) && (kings & pos->by_colour[SYN_BLACK]);
}

/* The synchronous move ------------------------------------------------------------------ */

/* HK-R2/R3: how many moves `us` may choose, without writing them; *in_check tells whether
 * its king is attacked (then only king moves count). The king must be on the board. */
SYN_HOT_CLONES static int
count_sync_moves (const SynPosition *pos, SynColour us, bool *in_check)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us], enemy = pos->by_colour[them];
  SynBitboard occupied = own | enemy;
  int king = syn_position_king (pos, us);
  SynBitboard danger = attacked_squares (pos, them, occupied ^ syn_bit (king));
  int n = syn_popcount_hot (syn_king_attacks (king) & ~own & ~danger);

  *in_check = (danger & syn_bit (king)) != 0;
  if (*in_check)
    return n;

  /* A promotion counts once per piece it may make (HK-R2). */
  n += syn_orthodox_count_piece_moves (pos, us, king,
                                       syn_lone_blockers (pos, king, them, occupied) & own);

  /* Castling as in orthodox chess, judged on P0 (HK-R2); the king is not in check here. */
  {
    SynMove castlings[2];
    n += (int) (syn_orthodox_add_castlings (pos, us, occupied, danger, castlings) - castlings);
  }
  return n;
}

/* HK-R2/R3: the moves `us` may choose, written out. */
static int
sync_moves (const SynPosition *pos, SynColour us, SynMove *moves)
{
  SynPosition as_mover = *pos;
  int king = syn_position_king (pos, us);
  int n, kept = 0;

  as_mover.side_to_move = (uint8_t) us;
  n = syn_orthodox_moves (&as_mover, moves);
  if (!syn_orthodox_attackers (pos, king, (SynColour) !us, syn_position_occupied (pos)))
    return n;
  /* HK-R3: in check only the king moves, to a square not attacked in P0. */
  for (int i = 0; i < n; i++)
    if (syn_move_from (moves[i]) == king)
      moves[kept++] = moves[i];
  return kept;
}

/* The end of the game at the start of a synchronous move (HK-R10 to R12), from each side's
 * number of choices and whether its king is attacked. Both kings stand. */
static SynOutcome
outcome_from_counts (const SynPosition *pos, const int n_moves[2], const bool in_check[2])
{
  bool lost[2];
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    lost[c] = in_check[c] && n_moves[c] == 0;
  if (lost[SYN_WHITE] && lost[SYN_BLACK])
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_BOTH_LOST };
  if (lost[SYN_WHITE])
    return (SynOutcome){ SYN_RESULT_BLACK_WINS, SYN_REASON_CHECKMATE };
  if (lost[SYN_BLACK])
    return (SynOutcome){ SYN_RESULT_WHITE_WINS, SYN_REASON_CHECKMATE };
  if (n_moves[SYN_WHITE] == 0 || n_moves[SYN_BLACK] == 0)
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE };
  if (pos->quiet_turns >= FIFTY_TURNS)
    return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS };
  return (SynOutcome){ SYN_RESULT_NONE, SYN_REASON_NONE };
}

/* HK-R10: a side whose king is gone has lost, both gone is a draw. */
static SynOutcome
lost_king_outcome (const SynPosition *pos)
{
  SynBitboard kings = pos->by_type[SYN_KING];
  bool white = (kings & pos->by_colour[SYN_WHITE]) != 0;
  bool black = (kings & pos->by_colour[SYN_BLACK]) != 0;
  if (white && black)
    return (SynOutcome){ SYN_RESULT_NONE, SYN_REASON_NONE };
  if (white)
    return (SynOutcome){ SYN_RESULT_WHITE_WINS, SYN_REASON_KING_CAPTURED };
  if (black)
    return (SynOutcome){ SYN_RESULT_BLACK_WINS, SYN_REASON_KING_CAPTURED };
  return (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_KING_CAPTURED };
}

/* A turn's end: the phase is over (or never began), the next synchronous move follows. */
static void
end_turn (SynState *state)
{
  state->step = SYN_HK_STEP_SYNC;
  state->rules.hk.open = 0;
  state->rules.hk.struck = 0;
  state->board.turn_number = syn_counter_next (state->board.turn_number);
}

/* HK-R4 to R6: the synchronous move of both sides from P0 (state), with P0's attacked
 * squares of each side given. */
static void
resolve_sync (const SynState *state, SynMove white, SynMove black, const SynBitboard attacked[2],
              SynState *out)
{
  const SynPosition *p0 = &state->board;
  SynPosition *pos = &out->board;
  SynMove moves[2] = { white, black };
  SynPiece piece[2];
  bool resets = false;
  uint8_t kept = SYN_CASTLE_ALL;
  int to[2];

  *pos = *p0;
  out->rules.hk.open = 0;
  out->rules.hk.struck = 0;

  /* HK-R4: every moving piece leaves its square first, so a capture of a piece that moved
   * away finds nothing. */
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int from = syn_move_from (moves[c]);
      to[c] = syn_move_to (moves[c]);
      piece[c] = p0->board[from];
      resets |= SYN_PIECE_TYPE (piece[c]) == SYN_PAWN;
      syn_position_remove (pos, from);
      if (syn_move_kind (moves[c]) == SYN_MOVE_CASTLE)
        syn_position_remove (pos, to[c] > from ? from + 3 : from - 4);
      else if (syn_move_is_promotion (moves[c]))
        piece[c] = SYN_PIECE (c, syn_move_promotion_type (moves[c]));
      kept &= syn_castling_kept_by (from) & syn_castling_kept_by (to[c]);
    }

  if (to[SYN_WHITE] == to[SYN_BLACK])
    {
      /* HK-R5: both arrivals are removed, a king too. */
      resets = true;
      to[SYN_WHITE] = to[SYN_BLACK] = SYN_NO_SQUARE;
    }
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int from = syn_move_from (moves[c]);
      if (to[c] == SYN_NO_SQUARE)
        continue;
      if (pos->board[to[c]] != SYN_NO_PIECE)
        {
          syn_position_remove (pos, to[c]);
          resets = true;
        }
      syn_position_put (pos, to[c], piece[c]);
      if (syn_move_kind (moves[c]) == SYN_MOVE_CASTLE)
        syn_position_put (pos, to[c] > from ? from + 1 : from - 1, SYN_PIECE (c, SYN_ROOK));
    }
  pos->castling &= kept;
  pos->quiet_turns = resets ? 0 : syn_counter_next (p0->quiet_turns);

  /* HK-R6: a moved piece that stands where the other side attacked in P0 opens a field.
   * A king is lost here only in a collision, which leaves no moved piece standing. */
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    if (to[c] != SYN_NO_SQUARE && syn_move_kind (moves[c]) != SYN_MOVE_CASTLE
        && (attacked[!c] & syn_bit (to[c])))
      out->rules.hk.open |= syn_bit (to[c]);
  if (out->rules.hk.open)
    out->step = SYN_HK_STEP_BLOWS;
  else
    end_turn (out);
}

/* The exchange of blows ----------------------------------------------------------------- */

/* The open field where `us` strikes this round (HK-R6/R8), or SYN_NO_SQUARE. */
static int
field_of (const SynState *state, SynColour us)
{
  SynBitboard field = state->rules.hk.open & state->board.by_colour[!us];
  return field ? syn_lsb (field) : SYN_NO_SQUARE;
}

/* HK-R7/R9: the pieces of `us` that may strike `field`, legal in orthodox chess and not
 * yet struck in this phase. */
static SynBitboard
strikers (const SynState *state, SynColour us, int field)
{
  const SynPosition *pos = &state->board;
  SynColour them = (SynColour) !us;
  SynBitboard occupied = syn_position_occupied (pos);
  SynBitboard candidates
      = syn_orthodox_attackers (pos, field, us, occupied) & ~state->rules.hk.struck;
  SynBitboard own_king = syn_position_pieces (pos, us, SYN_KING);
  SynBitboard legal = 0;
  int king;

  if (!own_king)
    return candidates;
  king = syn_lsb (own_king);
  while (candidates)
    {
      int from = syn_pop_lsb (&candidates);
      SynBitboard after = occupied ^ syn_bit (from);
      bool safe;
      if (from == king)
        safe = !syn_orthodox_attackers (pos, field, them, after);
      else
        safe = !(syn_orthodox_attackers (pos, king, them, after) & ~syn_bit (field));
      if (safe)
        legal |= syn_bit (from);
    }
  return legal;
}

/* How many strikes the pieces on from make onto field: four for a promoting pawn. */
static int
count_strikes (const SynPosition *pos, SynBitboard from, int field)
{
  int n = syn_popcount (from);
  if (syn_bit (field) & (SYN_RANK_1 | SYN_RANK_8))
    n += 3 * syn_popcount (from & pos->by_type[SYN_PAWN]);
  return n;
}

/* HK-R8: one round; each striker's strike, or its pass, executed together as in HK-R4. */
static void
resolve_round (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  const SynPosition *before = &state->board;
  SynPosition *pos = &out->board;
  SynChoice choices[2] = { white, black };
  SynPiece piece[2];
  SynBitboard open = 0;
  bool resets = false;
  uint8_t kept = SYN_CASTLE_ALL;

  *out = *state;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[c]);
      int from = syn_move_from (move);
      if (SYN_CHOICE_KIND (choices[c]) != 0 || move == SYN_MOVE_NONE)
        continue;
      piece[c] = before->board[from];
      resets |= SYN_PIECE_TYPE (piece[c]) == SYN_PAWN;
      if (syn_move_is_promotion (move))
        piece[c] = SYN_PIECE (c, syn_move_promotion_type (move));
      syn_position_remove (pos, from);
      kept &= syn_castling_kept_by (from);
    }
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      SynMove move = SYN_CHOICE_MOVE (choices[c]);
      int field = syn_move_to (move);
      if (SYN_CHOICE_KIND (choices[c]) != 0 || move == SYN_MOVE_NONE)
        continue;
      /* HK-R8: a target that left to strike the other field is not there to be removed. */
      if (pos->board[field] != SYN_NO_PIECE)
        {
          syn_position_remove (pos, field);
          resets = true;
        }
      syn_position_put (pos, field, piece[c]);
      kept &= syn_castling_kept_by (field);
      open |= syn_bit (field); /* HK-R8: the field stays open, the other side to strike */
      out->rules.hk.struck |= syn_bit (field);
    }
  pos->castling &= kept;
  /* HK-R13 counts turns since a pawn moved or a piece was removed. A pawn's strike that
   * removes nothing (its target left to strike the other field) goes with a removal on that
   * field, or the pawn came from that field, reached in this turn by a pawn move: either
   * way the counter is 0, however a pawn's strike is read. */
  if (resets)
    pos->quiet_turns = 0;
  out->rules.hk.open = open;
  /* HK-R8 ends the phase when no field is open. A lost king ends the game at once (HK-R10)
   * but not the phase: the fields stay as the round left them, and the turn uncounted. */
  if (!open)
    end_turn (out);
}

/* The table's functions ----------------------------------------------------------------- */

static int
hk_choices (const SynState *state, SynColour side, SynChoice *choices)
{
  SynMove moves[SYN_MAX_MOVES];
  int n = 0, field;
  SynBitboard from;

  if (!has_both_kings (&state->board))
    return 0;
  if (state->step == SYN_HK_STEP_SYNC)
    {
      n = sync_moves (&state->board, side, moves);
      for (int i = 0; i < n; i++)
        choices[i] = moves[i];
      return n;
    }
  field = field_of (state, side);
  if (field == SYN_NO_SQUARE)
    return 0;
  from = strikers (state, side, field);
  while (from)
    {
      int square = syn_pop_lsb (&from);
      if (state->board.by_type[SYN_PAWN] & syn_bit (square)
          && syn_bit (field) & (SYN_RANK_1 | SYN_RANK_8))
        for (int kind = SYN_MOVE_PROMOTE_QUEEN; kind >= SYN_MOVE_PROMOTE_KNIGHT; kind--)
          choices[n++] = syn_move_make (square, field, (SynMoveKind) kind);
      else
        choices[n++] = syn_move_make (square, field, SYN_MOVE_PLAIN);
    }
  choices[n++] = SYN_CHOICE_PASS; /* HK-R7: a striker may always pass */
  return n;
}

/* The joint choices of a round: each striker's strikes and its pass. */
static uint64_t
count_round (const SynState *state)
{
  uint64_t total = 1;
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int field = field_of (state, (SynColour) c);
      if (field != SYN_NO_SQUARE)
        total *= (uint64_t) count_strikes (&state->board, strikers (state, (SynColour) c, field),
                                           field)
                 + 1;
    }
  return total;
}

static uint64_t
hk_count_joint_choices (const SynState *state)
{
  int n_moves[2];
  bool in_check[2];

  if (!has_both_kings (&state->board))
    return 0;
  if (state->step == SYN_HK_STEP_BLOWS)
    return count_round (state);
  n_moves[SYN_WHITE] = count_sync_moves (&state->board, SYN_WHITE, &in_check[SYN_WHITE]);
  n_moves[SYN_BLACK] = count_sync_moves (&state->board, SYN_BLACK, &in_check[SYN_BLACK]);
  if (outcome_from_counts (&state->board, n_moves, in_check).result != SYN_RESULT_NONE)
    return 0;
  return (uint64_t) n_moves[SYN_WHITE] * (uint64_t) n_moves[SYN_BLACK];
}

static void
hk_apply (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  if (state->step == SYN_HK_STEP_SYNC)
    {
      const SynPosition *p0 = &state->board;
      SynBitboard occupied = syn_position_occupied (p0);
      SynBitboard attacked[2] = { attacked_squares (p0, SYN_WHITE, occupied),
                                  attacked_squares (p0, SYN_BLACK, occupied) };
      memset (out, 0, sizeof *out);
      resolve_sync (state, (SynMove) white, (SynMove) black, attacked, out);
    }
  else
    resolve_round (state, white, black, out);
}

/* sperft's last two levels: every synchronous move pair resolved and its children counted,
 * with P0's attacks found once for all pairs. */
static uint64_t
hk_count_after_step (const SynState *state)
{
  SynMove white[SYN_MAX_MOVES], black[SYN_MAX_MOVES];
  SynChoice white_choices[SYN_MAX_CHOICES], black_choices[SYN_MAX_CHOICES];
  SynBitboard occupied, attacked[2];
  int n_white, n_black;
  uint64_t total = 0;

  if (state->step == SYN_HK_STEP_BLOWS)
    {
      n_white = hk_choices (state, SYN_WHITE, white_choices);
      n_black = hk_choices (state, SYN_BLACK, black_choices);
      if (n_white == 0)
        white_choices[n_white++] = SYN_CHOICE_NONE;
      if (n_black == 0)
        black_choices[n_black++] = SYN_CHOICE_NONE;
      for (int w = 0; w < n_white; w++)
        for (int b = 0; b < n_black; b++)
          {
            SynState child;
            resolve_round (state, white_choices[w], black_choices[b], &child);
            total += hk_count_joint_choices (&child);
          }
      return total;
    }

  occupied = syn_position_occupied (&state->board);
  attacked[SYN_WHITE] = attacked_squares (&state->board, SYN_WHITE, occupied);
  attacked[SYN_BLACK] = attacked_squares (&state->board, SYN_BLACK, occupied);
  n_white = sync_moves (&state->board, SYN_WHITE, white);
  n_black = sync_moves (&state->board, SYN_BLACK, black);
  for (int w = 0; w < n_white; w++)
    for (int b = 0; b < n_black; b++)
      {
        SynState child;
        resolve_sync (state, white[w], black[b], attacked, &child);
        total += hk_count_joint_choices (&child);
      }
  return total;
}

static SynOutcome
hk_outcome (const SynState *state)
{
  SynOutcome lost = lost_king_outcome (&state->board);
  int n_moves[2];
  bool in_check[2];

  if (lost.result != SYN_RESULT_NONE || state->step == SYN_HK_STEP_BLOWS)
    return lost;
  n_moves[SYN_WHITE] = count_sync_moves (&state->board, SYN_WHITE, &in_check[SYN_WHITE]);
  n_moves[SYN_BLACK] = count_sync_moves (&state->board, SYN_BLACK, &in_check[SYN_BLACK]);
  return outcome_from_counts (&state->board, n_moves, in_check);
}

static SynBitboard
hk_visible (const SynState *state, SynColour side)
{
  (void) state, (void) side;
  return ~(SynBitboard) 0;
}

static void
hk_choice_to_text (const SynState *state, SynChoice choice, char *buf)
{
  (void) state;
  if (choice == SYN_CHOICE_NONE)
    strcpy (buf, "-");
  else if (choice == SYN_CHOICE_PASS)
    strcpy (buf, "0000"); /* HK-R7 */
  else
    syn_move_to_text (SYN_CHOICE_MOVE (choice), buf);
}

/* HK-R12: board and castling rights, at the start of a synchronous move (never during a
 * phase). */
static bool
hk_repeats (const SynState *a, const SynState *b)
{
  return a->step == SYN_HK_STEP_SYNC && b->step == SYN_HK_STEP_SYNC
         && a->board.castling == b->board.castling
         && memcmp (a->board.by_type, b->board.by_type, sizeof a->board.by_type) == 0
         && memcmp (a->board.by_colour, b->board.by_colour, sizeof a->board.by_colour) == 0;
}

static void
hk_describe (const SynState *state, SynStepInfo *info)
{
  if (state->step != SYN_HK_STEP_BLOWS)
    return;
  info->kind = SYN_STEP_BLOWS;
  info->marked = state->rules.hk.open;
}

/* HK-R6: the fields a synchronous move opened, each with its striker. */
static int
hk_events (const SynState *before, SynChoice white, SynChoice black, const SynState *after,
           SynEvent *events)
{
  SynBitboard open = after->rules.hk.open;
  int n = 0;
  (void) white, (void) black;
  if (before->step != SYN_HK_STEP_SYNC || after->step != SYN_HK_STEP_BLOWS)
    return 0;
  while (open)
    {
      int field = syn_pop_lsb (&open);
      SynColour standing = SYN_PIECE_COLOUR (after->board.board[field]);
      events[n++] = (SynEvent){ SYN_EVENT_FIELD_OPENED, (int8_t) !standing, (int8_t) field };
    }
  return n;
}

/* FEN (HK-R14) -------------------------------------------------------------------------- */

/* HK reads its own FEN rather than through syn_fen_parse(): it has a seventh field, and a
 * finished game's board may lack a king, which the orthodox and PSC reader refuses. The
 * messages follow fen.c's. */

/* HK-R14: at most one king a side (a finished game may lack one), no pawn on rank 1 or 8,
 * castling rights only with their king and rook at home. */
static bool
check_board (const SynPosition *pos, SynFenError *error)
{

  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      int kings = syn_popcount (syn_position_pieces (pos, (SynColour) c, SYN_KING));
      if (kings > 1)
        return syn_fen_fail (error, 1, "%s has %d kings, at most one is allowed",
                             c == SYN_WHITE ? "White" : "Black", kings);
    }
  return syn_fen_check_pawns (pos, error) && syn_fen_check_castling (pos, error);
}

/* Reads a comma-separated list of occupied squares (HK-R14's OPEN or STRUCK) into *set. */
static bool
read_squares (const char *text, size_t len, const SynPosition *pos, const char *what,
              SynBitboard *set, SynFenError *error)
{
  size_t i = 0;
  *set = 0;
  for (;;)
    {
      char name[3] = { 0, 0, 0 };
      int square;
      if (i + 2 <= len)
        {
          name[0] = text[i];
          name[1] = text[i + 1];
        }
      square = name[0] ? syn_square_from_text (name) : SYN_NO_SQUARE;
      if (square == SYN_NO_SQUARE)
        return syn_fen_fail (error, 7, "'%.*s' is not a comma-separated list of squares", (int) len,
                             text);
      if (*set & syn_bit (square))
        return syn_fen_fail (error, 7, "%s %s is given twice", what, name);
      if (pos->board[square] == SYN_NO_PIECE)
        return syn_fen_fail (error, 7, "%s %s is empty", what, name);
      *set |= syn_bit (square);
      i += 2;
      if (i == len)
        return true;
      if (text[i] != ',' || i + 1 == len)
        return syn_fen_fail (error, 7, "'%.*s' is not a comma-separated list of squares", (int) len,
                             text);
      i++;
    }
}

/* Field 7: '-' between turns, OPEN/STRUCK during a phase. */
static bool
read_phase (const char *text, size_t len, SynState *state, SynFenError *error)
{
  const char *slash = memchr (text, '/', len);
  size_t open_len, struck_len;
  SynBitboard open, struck = 0;

  if (len == 1 && text[0] == '-')
    return true;
  if (!slash)
    return syn_fen_fail (error, 7,
                         "'%.*s' is neither '-' nor open fields/struck pieces (like e5,d4/-)",
                         (int) len, text);
  open_len = (size_t) (slash - text);
  struck_len = len - open_len - 1;
  if (!read_squares (text, open_len, &state->board, "open field", &open, error))
    return false;
  if (syn_popcount (open) > 2)
    return syn_fen_fail (error, 7, "%d open fields, at most two are possible", syn_popcount (open));
  /* HK-R8: of two open fields each side strikes one. */
  if (syn_popcount (open) == 2
      && ((open & state->board.by_colour[SYN_WHITE]) == open
          || (open & state->board.by_colour[SYN_BLACK]) == open))
    return syn_fen_fail (
        error, 7, "the open fields %.*s hold pieces of one colour, so one side would strike both",
        (int) open_len, text);
  if (!(struck_len == 1 && slash[1] == '-')
      && !read_squares (slash + 1, struck_len, &state->board, "struck square", &struck, error))
    return false;
  state->rules.hk.open = open;
  state->rules.hk.struck = struck;
  state->step = SYN_HK_STEP_BLOWS;
  return true;
}

static bool
hk_read_state (const char *fen, SynState *state, SynFenError *error)
{
  const char *starts[MAX_FEN_FIELDS];
  size_t lengths[MAX_FEN_FIELDS];
  int n_fields = 0;
  SynPosition *pos = &state->board;

  memset (state, 0, sizeof *state);
  syn_position_clear (pos);
  state->step = SYN_HK_STEP_SYNC;
  if (!syn_fen_split (fen, MAX_FEN_FIELDS, starts, lengths, &n_fields, error))
    return false;
  if (n_fields < 4)
    return syn_fen_fail (error, n_fields + 1, "missing (a FEN has at least 4 fields, found %d)",
                         n_fields);

  if (!syn_fen_read_placement (starts[0], lengths[0], pos, error))
    return false;
  /* HK-R14: field 2 means nothing, both sides move at once. */
  if (lengths[1] != 1 || (starts[1][0] != 'w' && starts[1][0] != 'b'))
    return syn_fen_fail (error, 2, "'%.*s' is not a side to move (w or b)", (int) lengths[1],
                         starts[1]);
  if (!syn_fen_read_castling (starts[2], lengths[2], pos, error))
    return false;
  if (lengths[3] != 1 || starts[3][0] != '-')
    return syn_fen_fail (error, 4, "'%.*s' is not '-' (there is no en passant, HK-R2)",
                         (int) lengths[3], starts[3]);
  if (n_fields > 4 && !syn_fen_read_counter (starts[4], lengths[4], 5, 0, &pos->quiet_turns, error))
    return false;
  if (n_fields > 5 && !syn_fen_read_counter (starts[5], lengths[5], 6, 1, &pos->turn_number, error))
    return false;
  if (!check_board (pos, error))
    return false;
  if (n_fields > 6 && !read_phase (starts[6], lengths[6], state, error))
    return false;
  return true;
}

/* Squares of set as a comma-separated list, in the order a FEN reads the board. */
static size_t
write_squares (SynBitboard set, char *out)
{
  size_t n = 0;
  for (int rank = 7; rank >= 0; rank--)
    for (int file = 0; file < 8; file++)
      if (set & syn_bit (SYN_SQUARE (file, rank)))
        {
          if (n)
            out[n++] = ',';
          syn_square_to_text (SYN_SQUARE (file, rank), out + n);
          n += 2;
        }
  out[n] = '\0';
  return n;
}

static void
hk_write_state (const SynState *state, char *buf, size_t size)
{
  char open[32], struck[200];
  size_t used;

  syn_fen_write (&state->board, SYN_FEN_PSC, buf, size);
  if (state->step != SYN_HK_STEP_BLOWS)
    return;
  write_squares (state->rules.hk.open, open);
  if (!write_squares (state->rules.hk.struck, struck))
    strcpy (struck, "-");
  used = strlen (buf);
  if (used < size)
    snprintf (buf + used, size - used, " %s/%s", open, struck);
}

const SynVariant syn_variant_hk = {
  .id = "hk",
  .name = "Hansmann–Krasowsky Synchronous Chess",
  .start_fen = SYN_FEN_START,
  .read_state = hk_read_state,
  .write_state = hk_write_state,
  .choices = hk_choices,
  .count_joint_choices = hk_count_joint_choices,
  .count_after_step = hk_count_after_step,
  .apply = hk_apply,
  .outcome = hk_outcome,
  .visible = hk_visible,
  .choice_to_text = hk_choice_to_text,
  .repeats = hk_repeats,
  .describe = hk_describe,
  .events = hk_events,
};
