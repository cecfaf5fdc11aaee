/* hutnik.c: Hutnik Simultaneous Chess (rulings HUT-R1 to HUT-R15). Both sides choose an
 * orthodox move on the same position; the initiative holder's move is played first, the
 * other only if the changed board still allows it, else it is forfeited and the token passes.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hutnik.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "attacks.h"
#include "movegen.h"
#include "fen-fields.h"
#include "variant.h"

#define N_FIELDS 7
#define FIFTY_TURNS 50

/* The seed (HUT-R9) ------------------------------------------------------------------------ */

uint64_t
syn_hutnik_mix (uint64_t seed)
{
  uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

uint64_t
syn_hutnik_seed_from_coins (const uint8_t ours[8], const uint8_t theirs[8])
{
  uint64_t seed = 0;
  for (int i = 0; i < 8; i++)
    seed = (seed << 8) | (uint8_t) (ours[i] ^ theirs[i]);
  return seed;
}

SynColour
syn_hutnik_first_holder (uint64_t seed)
{
  return (syn_hutnik_mix (seed) >> 63) ? SYN_BLACK : SYN_WHITE;
}

/* Attacks ------------------------------------------------------------------------------------ */

static bool
has_king (const SynPosition *pos, SynColour colour)
{
  return syn_position_pieces (pos, colour, SYN_KING) != 0;
}

/* Pieces of `by` that attack square; the same as syn_orthodox_attackers(), inlined where it is
 * hot. */
static inline SynBitboard
attackers_of (const SynPosition *pos, int square, SynColour by, SynBitboard occupied)
{
  SynBitboard diagonal = pos->by_type[SYN_BISHOP] | pos->by_type[SYN_QUEEN];
  SynBitboard straight = pos->by_type[SYN_ROOK] | pos->by_type[SYN_QUEEN];
  return ((syn_knight_attacks (square) & pos->by_type[SYN_KNIGHT])
          | (syn_king_attacks (square) & pos->by_type[SYN_KING])
          | (syn_pawn_captures ((SynColour) !by, square) & pos->by_type[SYN_PAWN])
          | (syn_bishop_attacks (square, occupied) & diagonal)
          | (syn_rook_attacks (square, occupied) & straight))
         & pos->by_colour[by];
}

/* The squares among targets that `by` attacks, with occupied as the blockers. A few squares
 * tested one by one cost less than the whole attack map of the enemy. */
static inline SynBitboard
attacked_among (const SynPosition *pos, SynBitboard targets, SynColour by, SynBitboard occupied)
{
  SynBitboard result = 0;
  while (targets)
    {
      int square = syn_pop_lsb (&targets);
      if (attackers_of (pos, square, by, occupied))
        result |= syn_bit (square);
    }
  return result;
}

/* Choices (HUT-R1 to HUT-R3) ------------------------------------------------------------- */

/* HUT-R1/R2: how many choices us has on pos, without writing them; *in_check says whether
 * its king is attacked. Both kings must be on the board. */
SYN_HOT_CLONES static int
count_choices (const SynPosition *pos, SynColour us, bool *in_check)
{
  SynColour them = (SynColour) !us;
  SynBitboard own = pos->by_colour[us], enemy = pos->by_colour[them];
  SynBitboard occupied = own | enemy;
  int king = syn_position_king (pos, us);
  int base = us == SYN_WHITE ? 0 : 56;
  /* The king's steps and the squares castling crosses are all the attacks that matter. */
  SynBitboard steps = syn_king_attacks (king) & ~own;
  SynBitboard crossed
      = (pos->castling & (us == SYN_WHITE ? 3 : 12)) && king == base + 4
            ? syn_bit (base + 2) | syn_bit (base + 3) | syn_bit (base + 5) | syn_bit (base + 6)
            : 0;
  crossed &= ~occupied;
  SynBitboard danger = attacked_among (pos, steps | crossed, them, occupied ^ syn_bit (king));
  int ep = pos->en_passant[them];
  int n = syn_popcount_hot (steps & ~danger);

  *in_check = attackers_of (pos, king, them, occupied) != 0;
  /* HUT-R2: in check only the king may move. */
  if (*in_check)
    return n;

  n += syn_orthodox_count_piece_moves (pos, us, king,
                                       syn_lone_blockers (pos, king, them, occupied) & own);
  /* HUT-R3: a piece may have arrived on the passed square after the pawn passed it. */
  if (ep != SYN_NO_SQUARE && !(occupied & syn_bit (ep)))
    {
      SynBitboard capturers
          = syn_pawn_captures (them, ep) & syn_position_pieces (pos, us, SYN_PAWN);
      while (capturers)
        if (syn_orthodox_en_passant_is_legal (pos, us, syn_pop_lsb (&capturers), ep,
                                              us == SYN_WHITE ? ep - 8 : ep + 8, king))
          n++;
    }
  if (crossed)
    {
      SynMove castlings[2];
      n += (int) (syn_orthodox_add_castlings (pos, us, occupied, danger, castlings) - castlings);
    }
  return n;
}

/* HUT-R1/R2: side's choices on pos; both kings must be on the board. */
static int
generate_choices (const SynPosition *pos, SynColour side, SynMove *moves)
{
  SynPosition as_mover = *pos;
  int king = syn_position_king (pos, side);
  bool in_check = attackers_of (pos, king, (SynColour) !side, syn_position_occupied (pos)) != 0;
  int n, kept = 0;

  as_mover.side_to_move = (uint8_t) side;
  n = syn_orthodox_moves (&as_mover, moves);
  for (int i = 0; i < n; i++)
    {
      SynMove move = moves[i];
      if (in_check && syn_move_from (move) != king)
        continue; /* HUT-R2 */
      if (syn_move_kind (move) == SYN_MOVE_EN_PASSANT
          && pos->board[syn_move_to (move)] != SYN_NO_PIECE)
        continue; /* HUT-R3: the passed square must be empty */
      moves[kept++] = move;
    }
  return kept;
}

/* Outcome (HUT-R11) ---------------------------------------------------------------------- */

typedef struct
{
  int n_choices[2];
  bool in_check[2];
  SynOutcome outcome;
} Census;

static void
take_census (const SynPosition *pos, Census *census)
{
  census->outcome = (SynOutcome){ SYN_RESULT_NONE, SYN_REASON_NONE };
  census->n_choices[SYN_WHITE] = census->n_choices[SYN_BLACK] = 0;
  census->in_check[SYN_WHITE] = census->in_check[SYN_BLACK] = false;

  /* HUT-R4: a captured king has lost at once. */
  if (!has_king (pos, SYN_WHITE) || !has_king (pos, SYN_BLACK))
    {
      census->outcome.result
          = has_king (pos, SYN_WHITE) ? SYN_RESULT_WHITE_WINS : SYN_RESULT_BLACK_WINS;
      census->outcome.reason = SYN_REASON_KING_CAPTURED;
      return;
    }
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    census->n_choices[c] = count_choices (pos, (SynColour) c, &census->in_check[c]);

  {
    /* Step 5: in check only king moves count, so a lost side is one in check with none. */
    bool white_lost = census->in_check[SYN_WHITE] && census->n_choices[SYN_WHITE] == 0;
    bool black_lost = census->in_check[SYN_BLACK] && census->n_choices[SYN_BLACK] == 0;
    if (white_lost && black_lost)
      census->outcome = (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_BOTH_LOST };
    else if (white_lost)
      census->outcome = (SynOutcome){ SYN_RESULT_BLACK_WINS, SYN_REASON_CHECKMATE };
    else if (black_lost)
      census->outcome = (SynOutcome){ SYN_RESULT_WHITE_WINS, SYN_REASON_CHECKMATE };
    else if (census->n_choices[SYN_WHITE] == 0 || census->n_choices[SYN_BLACK] == 0)
      census->outcome = (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_STALEMATE };
    else if (pos->quiet_turns >= FIFTY_TURNS)
      census->outcome = (SynOutcome){ SYN_RESULT_DRAW, SYN_REASON_FIFTY_TURNS };
  }
}

/* Resolution (HUT-R4 to HUT-R8) ---------------------------------------------------------- */

/* The squares a move arrives on (HUT-R5 A): a castling rook's too. */
static SynBitboard
arrivals (SynMove move)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynBitboard result = syn_bit (to);
  if (syn_move_kind (move) == SYN_MOVE_CASTLE)
    result |= syn_bit (to > from ? from + 1 : from - 1);
  return result;
}

/* Executes move on pos, whatever side is to move; sets *resets when it moves a pawn or
 * captures (HUT-R8), and the passed square of a double step. */
static void
execute (SynPosition *pos, SynMove move, bool *resets)
{
  int from = syn_move_from (move), to = syn_move_to (move);
  SynPiece piece = pos->board[from];
  SynColour us = SYN_PIECE_COLOUR (piece);
  SynMoveKind kind = syn_move_kind (move);

  if (pos->board[to] != SYN_NO_PIECE)
    {
      syn_position_remove (pos, to);
      *resets = true;
    }
  syn_position_remove (pos, from);
  if (SYN_PIECE_TYPE (piece) == SYN_PAWN)
    {
      *resets = true;
      if (kind == SYN_MOVE_EN_PASSANT)
        syn_position_remove (pos, us == SYN_WHITE ? to - 8 : to + 8);
      else if ((to ^ from) == 16)
        pos->en_passant[us] = (int8_t) ((from + to) / 2);
      else if (syn_move_is_promotion (move))
        piece = SYN_PIECE (us, syn_move_promotion_type (move));
    }
  syn_position_put (pos, to, piece);
  if (kind == SYN_MOVE_CASTLE)
    {
      int rook_from = to > from ? from + 3 : from - 4;
      syn_position_remove (pos, rook_from);
      syn_position_put (pos, to > from ? from + 1 : from - 1, SYN_PIECE (us, SYN_ROOK));
    }
  /* HUT-R8: rights are lost by executed moves only. */
  pos->castling &= syn_castling_kept_by (from) & syn_castling_kept_by (to);
}

/* HUT-R5: whether second, chosen on before, may be executed on after, the board once first
 * has been executed. */
static bool
second_move_stands (const SynPosition *before, const SynPosition *after, SynMove first,
                    SynMove second)
{
  int from = syn_move_from (second), to = syn_move_to (second);
  SynMoveKind kind = syn_move_kind (second);
  SynPiece piece = before->board[from];
  SynColour us = SYN_PIECE_COLOUR (piece), them = (SynColour) !us;
  SynBitboard occupied = syn_position_occupied (after);
  SynBitboard enemy = after->by_colour[them];
  SynBitboard moved_occupied, taken = 0;
  int king;

  /* (A) never onto a square the first move arrived on. */
  if (arrivals (first) & arrivals (second))
    return false;
  /* (D) the moving piece must not have been taken. */
  if (after->board[from] != piece)
    return false;

  moved_occupied = (occupied & ~syn_bit (from)) | syn_bit (to);
  switch (SYN_PIECE_TYPE (piece))
    {
    case SYN_PAWN:
      if (kind == SYN_MOVE_EN_PASSANT)
        {
          /* (B) the double-stepped pawn must still be there to be taken. */
          int victim = us == SYN_WHITE ? to - 8 : to + 8;
          if (after->board[victim] != SYN_PIECE (them, SYN_PAWN))
            return false;
          taken = syn_bit (victim);
          moved_occupied &= ~taken;
        }
      else if (SYN_FILE_OF (from) != SYN_FILE_OF (to))
        {
          /* (B) a pawn's diagonal step needs a piece to take. */
          if (!(enemy & syn_bit (to)))
            return false;
          taken = syn_bit (to);
        }
      else if (occupied & (syn_bit (to) | syn_between (from, to)))
        return false;
      break;
    case SYN_KNIGHT:
      taken = enemy & syn_bit (to);
      break;
    case SYN_KING:
      if (kind == SYN_MOVE_CASTLE)
        {
          /* (C) castling is judged again on the changed board. */
          int rook_from = to > from ? from + 3 : from - 4;
          int rook_to = to > from ? from + 1 : from - 1;
          SynBitboard king_path = syn_bit (from) | syn_bit (rook_to) | syn_bit (to);
          if (after->board[rook_from] != SYN_PIECE (us, SYN_ROOK)
              || (occupied & syn_between (from, rook_from)))
            return false;
          for (SynBitboard path = king_path; path;)
            if (attackers_of (after, syn_pop_lsb (&path), them, occupied))
              return false;
          return true;
        }
      taken = enemy & syn_bit (to);
      break;
    default:
      /* (B) a slider's path must be clear; a target that left makes a plain move. */
      if (occupied & syn_between (from, to))
        return false;
      taken = enemy & syn_bit (to);
      break;
    }

  /* (C) the own king must not be attacked afterwards. */
  king = SYN_PIECE_TYPE (piece) == SYN_KING ? to : syn_position_king (after, us);
  return (attackers_of (after, king, them, moved_occupied) & ~taken) == 0;
}

/* Whether the holder's first move captures the enemy king (HUT-R4). */
static bool
captures_king (const SynPosition *pos, SynMove move)
{
  SynPiece target = pos->board[syn_move_to (move)];
  return target != SYN_NO_PIECE && SYN_PIECE_TYPE (target) == SYN_KING;
}

/* The board after a turn in which holder plays first and other second. */
static void
resolve (const SynPosition *before, SynMove first, SynMove second, SynPosition *out)
{
  SynColour other = (SynColour) !before->side_to_move;
  bool resets = false;

  *out = *before;
  out->en_passant[SYN_WHITE] = out->en_passant[SYN_BLACK] = SYN_NO_SQUARE;
  execute (out, first, &resets);
  /* HUT-R4: once the enemy king is taken the game is over and second is not played. */
  if (!captures_king (before, first))
    {
      if (second_move_stands (before, out, first, second))
        execute (out, second, &resets);
      else
        out->side_to_move = (uint8_t) other; /* HUT-R6: the forfeiter takes the token */
    }
  out->quiet_turns = resets ? 0 : syn_counter_next (before->quiet_turns);
  out->turn_number = syn_counter_next (before->turn_number);
}

/* FEN (HUT-R12) ---------------------------------------------------------------------------- */

typedef struct
{
  const char *text;
  int length;
} Field;

static bool
check_placement (const SynPosition *pos, SynFenError *error)
{
  int kings[2];
  for (int c = SYN_WHITE; c <= SYN_BLACK; c++)
    {
      kings[c] = syn_popcount (syn_position_pieces (pos, (SynColour) c, SYN_KING));
      if (kings[c] > 1)
        return syn_fen_fail (error, 1, "%s has %d kings, one is allowed",
                             c == SYN_WHITE ? "White" : "Black", kings[c]);
    }
  /* A finished game may lack the captured king (HUT-R4), never both. */
  if (kings[SYN_WHITE] + kings[SYN_BLACK] == 0)
    return syn_fen_fail (error, 1, "neither side has a king");
  return syn_fen_check_pawns (pos, error);
}

static bool
read_holder (Field field, bool *drawn, SynPosition *pos, SynFenError *error)
{
  char c = field.length == 1 ? field.text[0] : '\0';
  if (c != 'w' && c != 'b' && c != '?')
    return syn_fen_fail (error, 2, "'%.*s' is not a token holder (w, b, or ? in a game-start FEN)",
                         field.length, field.text);
  *drawn = c == '?';
  pos->side_to_move = c == 'b' ? SYN_BLACK : SYN_WHITE;
  return true;
}

static bool
read_castling (Field field, SynPosition *pos, SynFenError *error)
{
  static const struct
  {
    char letter;
    uint8_t right;
    int king, rook;
    SynColour colour;
  } rights[4] = {
    { 'K', SYN_CASTLE_WHITE_SHORT, 4, 7, SYN_WHITE },
    { 'Q', SYN_CASTLE_WHITE_LONG, 4, 0, SYN_WHITE },
    { 'k', SYN_CASTLE_BLACK_SHORT, 60, 63, SYN_BLACK },
    { 'q', SYN_CASTLE_BLACK_LONG, 60, 56, SYN_BLACK },
  };

  if (field.length == 1 && field.text[0] == '-')
    return true;
  for (int i = 0; i < field.length; i++)
    {
      int r = 0;
      while (r < 4 && rights[r].letter != field.text[i])
        r++;
      if (r == 4)
        return syn_fen_fail (error, 3, "'%c' is not a castling right (K, Q, k, q or -)",
                             field.text[i]);
      if (pos->castling & rights[r].right)
        return syn_fen_fail (error, 3, "castling right '%c' is given twice", field.text[i]);
      if (pos->board[rights[r].king] != SYN_PIECE (rights[r].colour, SYN_KING)
          || pos->board[rights[r].rook] != SYN_PIECE (rights[r].colour, SYN_ROOK))
        return syn_fen_fail (error, 3,
                             "castling right '%c' needs the king and rook on their home squares",
                             field.text[i]);
      pos->castling |= rights[r].right;
    }
  return true;
}

/* HUT-R8: the passed square of each pawn that double-stepped in the last turn. The pawn stands
 * in front of it; the passed square and the start square behind it may hold an enemy piece
 * that arrived in the same turn, but no piece of the pawn's side. */
static bool
read_passed_squares (Field field, SynPosition *pos, SynFenError *error)
{
  if (field.length == 1 && field.text[0] == '-')
    return true;
  if (field.length != 2 && field.length != 4)
    return syn_fen_fail (error, 4, "'%.*s' is not '-', one square or two squares", field.length,
                         field.text);
  for (int i = 0; i < field.length; i += 2)
    {
      char name[3] = { field.text[i], field.text[i + 1], '\0' };
      int square = syn_square_from_text (name);
      SynColour colour;
      int forward;
      if (square == SYN_NO_SQUARE)
        return syn_fen_fail (error, 4, "'%s' is not a square", name);
      if (SYN_RANK_OF (square) != 2 && SYN_RANK_OF (square) != 5)
        return syn_fen_fail (error, 4, "%s is not a passed square (it must be on rank 3 or 6)",
                             name);
      colour = SYN_RANK_OF (square) == 2 ? SYN_WHITE : SYN_BLACK;
      forward = colour == SYN_WHITE ? 8 : -8;
      if (pos->en_passant[colour] != SYN_NO_SQUARE)
        return syn_fen_fail (error, 4, "two passed squares on rank %d",
                             colour == SYN_WHITE ? 3 : 6);
      if (pos->board[square + forward] != SYN_PIECE (colour, SYN_PAWN))
        return syn_fen_fail (
            error, 4, "%s is not a consistent passed square: no %s pawn stands in front of it",
            name, colour == SYN_WHITE ? "white" : "black");
      if (pos->by_colour[colour] & (syn_bit (square) | syn_bit (square - forward)))
        return syn_fen_fail (
            error, 4, "%s is not a consistent passed square: a %s piece stands on it or behind it",
            name, colour == SYN_WHITE ? "white" : "black");
      pos->en_passant[colour] = (int8_t) square;
    }
  return true;
}

static bool
read_seed (Field field, uint64_t *seed, SynFenError *error)
{
  uint64_t result = 0;
  if (field.length != 16)
    return syn_fen_fail (error, 7, "'%.*s' is not a seed (16 lowercase hexadecimal digits)",
                         field.length, field.text);
  for (int i = 0; i < 16; i++)
    {
      char c = field.text[i];
      unsigned digit;
      if (c >= '0' && c <= '9')
        digit = (unsigned) (c - '0');
      else if (c >= 'a' && c <= 'f')
        digit = (unsigned) (c - 'a' + 10);
      else
        return syn_fen_fail (error, 7, "'%c' in '%.16s' is not a lowercase hexadecimal digit", c,
                             field.text);
      result = (result << 4) | digit;
    }
  *seed = result;
  return true;
}

static bool
hutnik_read_state (const char *fen, SynState *state, SynFenError *error)
{
  const char *starts[N_FIELDS];
  size_t lengths[N_FIELDS];
  Field fields[N_FIELDS];
  int n_fields = 0;
  SynPosition *pos = &state->board;
  bool drawn = false;

  memset (state, 0, sizeof *state);
  syn_position_clear (pos);
  if (!syn_fen_split (fen, N_FIELDS, starts, lengths, &n_fields, error))
    return false;
  for (int i = 0; i < n_fields; i++)
    fields[i] = (Field){ starts[i], (int) lengths[i] };
  if (n_fields < N_FIELDS)
    return syn_fen_fail (error, n_fields + 1,
                         "missing (a Hutnik FEN has 7 fields, the seed last; found %d)", n_fields);

  if (!syn_fen_read_placement (fields[0].text, (size_t) fields[0].length, pos, error)
      || !check_placement (pos, error) || !read_holder (fields[1], &drawn, pos, error)
      || !read_castling (fields[2], pos, error) || !read_passed_squares (fields[3], pos, error)
      || !syn_fen_read_counter (fields[4].text, (size_t) fields[4].length, 5, 0, &pos->quiet_turns,
                                error)
      || !syn_fen_read_counter (fields[5].text, (size_t) fields[5].length, 6, 1, &pos->turn_number,
                                error)
      || !read_seed (fields[6], &state->rules.hutnik.seed, error))
    return false;
  /* HUT-R9: a game-start FEN leaves the first holder to the seed. */
  if (drawn)
    pos->side_to_move = (uint8_t) syn_hutnik_first_holder (state->rules.hutnik.seed);
  state->step = 0;
  return true;
}

static void
hutnik_write_state (const SynState *state, char *buf, size_t size)
{
  char board[SYN_FEN_MAX_SIZE];
  /* The orthodox writer names the side to move, here the token holder, and lists every
   * passed square, the rank-3 one first. */
  syn_fen_write (&state->board, SYN_FEN_ORTHODOX, board, sizeof board);
  snprintf (buf, size, "%s %016" PRIx64, board, state->rules.hutnik.seed);
}

/* The table ---------------------------------------------------------------------------------- */

static int
hutnik_choices (const SynState *state, SynColour side, SynChoice *choices)
{
  SynMove moves[SYN_MAX_MOVES];
  int n;
  if (!has_king (&state->board, SYN_WHITE) || !has_king (&state->board, SYN_BLACK))
    return 0;
  n = generate_choices (&state->board, side, moves);
  for (int i = 0; i < n; i++)
    choices[i] = moves[i];
  return n;
}

static uint64_t
joint_choices (const SynPosition *pos)
{
  Census census;
  take_census (pos, &census);
  if (census.outcome.result != SYN_RESULT_NONE)
    return 0;
  return (uint64_t) census.n_choices[SYN_WHITE] * (uint64_t) census.n_choices[SYN_BLACK];
}

static uint64_t
hutnik_count_joint_choices (const SynState *state)
{
  return joint_choices (&state->board);
}

/* Each holder's move is executed once for all the other side's moves, and every forfeit
 * after it leaves the same board, counted once. The token holder changes no count. */
static uint64_t
hutnik_count_after_step (const SynState *state)
{
  const SynPosition *before = &state->board;
  SynColour holder = (SynColour) before->side_to_move;
  SynMove firsts[SYN_MAX_MOVES], seconds[SYN_MAX_MOVES];
  int n_firsts = generate_choices (before, holder, firsts);
  int n_seconds = generate_choices (before, (SynColour) !holder, seconds);
  uint16_t quiet = syn_counter_next (before->quiet_turns);
  uint64_t total = 0;

  for (int i = 0; i < n_firsts; i++)
    {
      SynPosition after_first = *before;
      uint64_t after_forfeit = UINT64_MAX;
      bool resets = false;

      if (captures_king (before, firsts[i]))
        continue; /* HUT-R4: the game is over whatever the other side chose */
      after_first.en_passant[SYN_WHITE] = after_first.en_passant[SYN_BLACK] = SYN_NO_SQUARE;
      execute (&after_first, firsts[i], &resets);
      after_first.quiet_turns = resets ? 0 : quiet;
      for (int j = 0; j < n_seconds; j++)
        {
          if (second_move_stands (before, &after_first, firsts[i], seconds[j]))
            {
              SynPosition after = after_first;
              bool also_resets = false;
              execute (&after, seconds[j], &also_resets);
              if (also_resets)
                after.quiet_turns = 0;
              total += joint_choices (&after);
            }
          else
            {
              if (after_forfeit == UINT64_MAX)
                after_forfeit = joint_choices (&after_first);
              total += after_forfeit;
            }
        }
    }
  return total;
}

static void
hutnik_apply (const SynState *state, SynChoice white, SynChoice black, SynState *out)
{
  SynColour holder = (SynColour) state->board.side_to_move;
  SynMove first = SYN_CHOICE_MOVE (holder == SYN_WHITE ? white : black);
  SynMove second = SYN_CHOICE_MOVE (holder == SYN_WHITE ? black : white);
  uint64_t seed = state->rules.hutnik.seed;

  if (out != state)
    resolve (&state->board, first, second, &out->board);
  else
    {
      SynPosition board;
      resolve (&state->board, first, second, &board);
      out->board = board;
    }
  out->step = 0;
  memset (&out->rules, 0, sizeof out->rules);
  out->rules.hutnik.seed = seed;
}

static SynOutcome
hutnik_outcome (const SynState *state)
{
  Census census;
  take_census (&state->board, &census);
  return census.outcome;
}

static SynBitboard
hutnik_visible (const SynState *state, SynColour side)
{
  (void) state, (void) side;
  return ~(SynBitboard) 0;
}

static void
hutnik_choice_to_text (const SynState *state, SynChoice choice, char *buf)
{
  (void) state;
  if (choice == SYN_CHOICE_NONE)
    strcpy (buf, "-");
  else
    syn_move_to_text (SYN_CHOICE_MOVE (choice), buf);
}

/* HUT-R11: board, castling rights, field 4 and token holder. */
static bool
hutnik_repeats (const SynState *a, const SynState *b)
{
  const SynPosition *x = &a->board, *y = &b->board;
  return memcmp (x->board, y->board, sizeof x->board) == 0 && x->castling == y->castling
         && x->en_passant[0] == y->en_passant[0] && x->en_passant[1] == y->en_passant[1]
         && x->side_to_move == y->side_to_move;
}

static void
hutnik_describe (const SynState *state, SynStepInfo *info)
{
  info->kind = SYN_STEP_MOVES;
  info->token = (int8_t) state->board.side_to_move;
}

static void
hutnik_seed (SynState *state, uint64_t seed)
{
  state->rules.hutnik.seed = seed;
  state->board.side_to_move = (uint8_t) syn_hutnik_first_holder (seed);
}

/* HUT-R5/R6: a forfeit is seen as the token changing hands. */
static int
hutnik_events (const SynState *before, SynChoice white, SynChoice black, const SynState *after,
               SynEvent *events)
{
  SynColour holder = (SynColour) before->board.side_to_move;
  SynColour other = (SynColour) !holder;
  SynMove second = SYN_CHOICE_MOVE (other == SYN_WHITE ? white : black);

  if (after->board.side_to_move == holder || second == SYN_MOVE_NONE)
    return 0;
  events[0] = (SynEvent){ SYN_EVENT_FORFEIT, (int8_t) other, (int8_t) syn_move_from (second) };
  events[1] = (SynEvent){ SYN_EVENT_TOKEN, (int8_t) other, SYN_NO_SQUARE };
  return 2;
}

const SynVariant syn_variant_hutnik = {
  .id = "hutnik",
  .name = "Hutnik Simultaneous Chess",
  .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR ? KQkq - 0 1 0000000000000000",
  .read_state = hutnik_read_state,
  .write_state = hutnik_write_state,
  .choices = hutnik_choices,
  .count_joint_choices = hutnik_count_joint_choices,
  .count_after_step = hutnik_count_after_step,
  .apply = hutnik_apply,
  .outcome = hutnik_outcome,
  .visible = hutnik_visible,
  .choice_to_text = hutnik_choice_to_text,
  .repeats = hutnik_repeats,
  .describe = hutnik_describe,
  .seed = hutnik_seed,
  .events = hutnik_events,
};
