/* syn-protocol-state.c: the protocol's session rules: the order of messages, duplicates,
 * and the check of each reveal against its commitment.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-protocol"

#include "config.h"

#include "syn-protocol-state.h"

#include <stdarg.h>
#include <string.h>

void
syn_protocol_state_init (SynProtocolState *state, gboolean host)
{
  memset (state, 0, sizeof *state);
  state->host = host;
  state->phase = SYN_PHASE_HELLO;
}

const char *
syn_phase_to_text (SynPhase phase)
{
  switch (phase)
    {
    case SYN_PHASE_HELLO:
      return "hello";
    case SYN_PHASE_SETUP:
      return "setup";
    case SYN_PHASE_PLAYING:
      return "playing";
    case SYN_PHASE_OVER:
      return "over";
    case SYN_PHASE_CLOSED:
      return "closed";
    default:
      return "?";
    }
}

static SynVerdict G_GNUC_PRINTF (4, 5) verdict (SynProtocolResult *result, SynVerdict verdict,
                                                const char *code, const char *format, ...)
{
  va_list args;

  result->verdict = verdict;
  g_strlcpy (result->code, code, sizeof result->code);
  va_start (args, format);
  g_vsnprintf (result->message, sizeof result->message, format, args);
  va_end (args);
  return verdict;
}

#define REJECT(code, ...) verdict (result, SYN_VERDICT_REJECT, code, __VA_ARGS__)
#define FATAL(code, ...) verdict (result, SYN_VERDICT_FATAL, code, __VA_ARGS__)

/* A new game of a rule set that draws lots starts with the seed's coin flip (HUT-R10); a
 * set-up position carries its own seed. */
static gboolean
options_draw_lots (const SynMessage *m)
{
  return m->type == SYN_MESSAGE_OPTIONS && syn_protocol_variant_draws_lots (m->variant)
         && m->fen[0] == '\0';
}

/* No proposal waits: it was declined, or its game starts. */
static void
clear_proposal (SynProtocolState *s)
{
  s->proposal = SYN_PROPOSAL_NONE;
  s->proposal_id[0] = '\0';
  s->proposal_turns = 0;
  s->proposal_previous = FALSE;
  s->proposal_colour = 0;
  s->proposal_lots = FALSE;
}

static void
start_game (SynProtocolState *s, const char *id, int local_colour, guint32 turn, gboolean lots)
{
  g_strlcpy (s->id, id, sizeof s->id);
  s->local_colour = local_colour;
  s->turn = turn;
  s->phase = SYN_PHASE_PLAYING;
  clear_proposal (s);
  s->drawing_lots = lots;
  s->local_committed = s->remote_committed = FALSE;
  s->local_revealed = s->remote_revealed = FALSE;
  memset (s->remote_commitment, 0, sizeof s->remote_commitment);
  s->remote_commitment_saved = FALSE;
  s->local_draw_offer = s->remote_draw_offer = FALSE;
}

/* Both moves are known once both reveals have passed: the next turn begins. */
static void
maybe_finish_turn (SynProtocolState *s)
{
  if (!s->local_revealed || !s->remote_revealed)
    return;
  if (s->drawing_lots)
    s->drawing_lots = FALSE; /* both coins are known: turn 0 begins */
  else
    s->turn++;
  s->local_committed = s->remote_committed = FALSE;
  s->local_revealed = s->remote_revealed = FALSE;
  memset (s->remote_commitment, 0, sizeof s->remote_commitment);
  s->remote_commitment_saved = FALSE;
  /* A draw offer stands until the turn it was made in is played. */
  s->local_draw_offer = s->remote_draw_offer = FALSE;
}

void
syn_protocol_state_end_game (SynProtocolState *s)
{
  if (s->phase != SYN_PHASE_PLAYING)
    return;
  s->phase = SYN_PHASE_OVER;
  s->drawing_lots = FALSE;
  s->local_committed = s->remote_committed = FALSE;
  s->local_revealed = s->remote_revealed = FALSE;
  memset (s->remote_commitment, 0, sizeof s->remote_commitment);
  s->remote_commitment_saved = FALSE;
  s->local_draw_offer = s->remote_draw_offer = FALSE;
}

/* Nothing more is read or played: the turn under way is dropped (a resume replays it). */
static void
close_session (SynProtocolState *s)
{
  s->phase = SYN_PHASE_CLOSED;
  s->drawing_lots = FALSE;
  s->local_committed = s->remote_committed = FALSE;
  s->local_revealed = s->remote_revealed = FALSE;
  memset (s->remote_commitment, 0, sizeof s->remote_commitment);
  s->remote_commitment_saved = FALSE;
  s->local_draw_offer = s->remote_draw_offer = FALSE;
}

/* The turns a guest may hold to accept a resume: the host's count, one fewer when the host
 * sent the digest for it, or one more (one side saved a turn the other did not hear the end
 * of). The game never goes back: the side behind is brought forward. */
static gboolean
resume_turns_ok (const SynProtocolState *s, guint32 turns)
{
  return turns == s->proposal_turns || (s->proposal_previous && turns + 1 == s->proposal_turns)
         || (turns == s->proposal_turns + 1 && turns <= SYN_PROTOCOL_MAX_TURNS);
}

void
syn_protocol_state_resume_behind (SynProtocolState *s,
                                  const guint8 remote_commitment[SYN_PROTOCOL_DIGEST_SIZE])
{
  s->local_committed = s->remote_committed = TRUE;
  s->local_revealed = TRUE;
  s->remote_revealed = FALSE;
  memcpy (s->remote_commitment, remote_commitment, sizeof s->remote_commitment);
  s->remote_commitment_saved = FALSE;
}

/* A proposal of options or of a resume, sent or received, waits for its answer. */
static void
record_proposal (SynProtocolState *s, const SynMessage *m)
{
  s->phase = SYN_PHASE_SETUP;
  s->proposal = m->type == SYN_MESSAGE_OPTIONS ? SYN_PROPOSAL_OPTIONS : SYN_PROPOSAL_RESUME;
  g_strlcpy (s->proposal_id, m->id, sizeof s->proposal_id);
  s->proposal_colour = m->colour;
  s->proposal_turns = m->type == SYN_MESSAGE_RESUME ? m->turns : 0;
  s->proposal_previous = m->type == SYN_MESSAGE_RESUME && m->has_previous;
  s->proposal_lots = options_draw_lots (m);
}

static SynVerdict
receive_setup (SynProtocolState *s, const SynMessage *m, SynProtocolResult *result)
{
  switch (m->type)
    {
    case SYN_MESSAGE_OPTIONS:
    case SYN_MESSAGE_RESUME:
      if (s->host)
        return REJECT ("out-of-order", "only the host proposes a game");
      if (s->phase == SYN_PHASE_PLAYING)
        return REJECT ("out-of-order", "a game is in progress");
      if (s->proposal != SYN_PROPOSAL_NONE)
        return REJECT ("duplicate", "a proposal is already waiting for an answer");
      record_proposal (s, m);
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_ACCEPT:
      if (!s->host)
        return REJECT ("out-of-order", "only the guest answers a proposal");
      if (s->proposal == SYN_PROPOSAL_NONE)
        return REJECT ("out-of-order", "no proposal is waiting for an answer");
      if (s->proposal == SYN_PROPOSAL_OPTIONS && !m->has_fog)
        return REJECT ("malformed", "options are accepted with 'accept fog=yes|no'");
      if (s->proposal == SYN_PROPOSAL_RESUME && !m->has_turns)
        return REJECT ("malformed", "a resume is accepted with 'accept turns=N'");
      if (s->proposal == SYN_PROPOSAL_RESUME && !resume_turns_ok (s, m->turns))
        return REJECT ("wrong-turn", "a resume of %u turns cannot go on from turn %u",
                       s->proposal_turns, m->turns);
      /* The host's game is never cut back: a guest behind is brought forward by it, a guest
       * ahead brings the host forward (its turn then waits for the guest's reveal). */
      start_game (s, s->proposal_id, s->proposal_colour,
                  s->proposal == SYN_PROPOSAL_OPTIONS ? 0 : s->proposal_turns, s->proposal_lots);
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_DECLINE:
      if (!s->host)
        return REJECT ("out-of-order", "only the guest answers a proposal");
      if (s->proposal == SYN_PROPOSAL_NONE)
        return REJECT ("out-of-order", "no proposal is waiting for an answer");
      clear_proposal (s);
      return SYN_VERDICT_ACCEPT;

    default:
      g_assert_not_reached ();
      return SYN_VERDICT_FATAL;
    }
}

/* TX-R17: the audit of a finished game comes after it and before another. */
static gboolean
audit_allowed (const SynProtocolState *s)
{
  return s->phase == SYN_PHASE_OVER || (s->phase == SYN_PHASE_SETUP && s->id[0]);
}

/* The seed's commitment or reveal (HUT-R10). */
static SynVerdict
receive_seed (SynProtocolState *s, const SynMessage *m, SynProtocolResult *result)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];

  if (!s->drawing_lots)
    return REJECT ("out-of-order", "no seed is being drawn");
  if (!m->seed_reveal)
    {
      /* After a break the other side sends again the commitment we saved. */
      if (s->remote_committed && s->remote_commitment_saved
          && memcmp (m->digest, s->remote_commitment, sizeof s->remote_commitment) == 0)
        return verdict (result, SYN_VERDICT_IGNORE, "repeated",
                        "the commitment to the seed again, after a break");
      if (s->remote_committed)
        return REJECT ("duplicate", "a second commitment to the seed");
      s->remote_committed = TRUE;
      memcpy (s->remote_commitment, m->digest, sizeof s->remote_commitment);
      return SYN_VERDICT_ACCEPT;
    }
  if (s->remote_revealed)
    return REJECT ("duplicate", "a second reveal of the seed");
  if (!s->local_committed || !s->remote_committed)
    return REJECT ("out-of-order", "a seed reveal before both commitments");
  syn_protocol_seed_commitment (s->id, 1 - s->local_colour, m->coin, m->salt, digest);
  if (memcmp (digest, s->remote_commitment, sizeof digest) != 0)
    return FATAL ("bad-reveal", "the coin revealed for the seed does not match its commitment");
  s->remote_revealed = TRUE;
  maybe_finish_turn (s);
  return SYN_VERDICT_ACCEPT;
}

/* A reveal of the other side's move, checked against its commitment. */
static SynVerdict
receive_reveal (SynProtocolState *s, const SynMessage *m, SynProtocolResult *result)
{
  guint8 digest[SYN_PROTOCOL_DIGEST_SIZE];

  if (s->drawing_lots)
    return REJECT ("out-of-order", "a reveal before the seed is drawn");
  if (m->turn != s->turn)
    return REJECT ("wrong-turn", "a reveal for turn %u during turn %u", m->turn, s->turn);
  if (s->remote_revealed)
    return REJECT ("duplicate", "a second reveal for turn %u", m->turn);
  if (!s->local_committed || !s->remote_committed)
    return REJECT ("out-of-order", "a reveal before both commitments of turn %u", m->turn);
  syn_protocol_commitment (s->id, s->turn, 1 - s->local_colour, m->move, m->salt, digest);
  if (memcmp (digest, s->remote_commitment, sizeof digest) != 0)
    return FATAL ("bad-reveal",
                  "the move revealed for turn %u (%s) does not match its "
                  "commitment",
                  m->turn, m->move);
  s->remote_revealed = TRUE;
  maybe_finish_turn (s);
  return SYN_VERDICT_ACCEPT;
}

/* Transactional's mover: its choice stays secret until the audit (TX-R17), so there is
 * nothing to check against its commitment yet; the peer keeps the commitment. */
static SynVerdict
receive_sealed (SynProtocolState *s, const SynMessage *m, SynProtocolResult *result)
{
  if (m->turn != s->turn)
    return REJECT ("wrong-turn", "a sealed turn %u during turn %u", m->turn, s->turn);
  if (s->remote_revealed)
    return REJECT ("duplicate", "a second reveal for turn %u", m->turn);
  if (!s->local_committed || !s->remote_committed)
    return REJECT ("out-of-order", "a reveal before both commitments of turn %u", m->turn);
  s->remote_revealed = TRUE;
  maybe_finish_turn (s);
  return SYN_VERDICT_ACCEPT;
}

static SynVerdict
receive_play (SynProtocolState *s, const SynMessage *m, SynProtocolResult *result)
{
  /* The other side may have moved, resigned or claimed a flag before it heard that the game
   * had ended: that is a race, not a fault. */
  if (s->phase == SYN_PHASE_OVER || (s->phase == SYN_PHASE_SETUP && s->id[0]))
    return verdict (result, SYN_VERDICT_IGNORE, "late", "'%s' after the end of the game",
                    syn_message_type_to_word (m->type));
  if (s->phase != SYN_PHASE_PLAYING)
    return REJECT ("out-of-order", "'%s' needs a game in progress",
                   syn_message_type_to_word (m->type));
  switch (m->type)
    {
    case SYN_MESSAGE_SEED:
      return receive_seed (s, m, result);
    case SYN_MESSAGE_COMMIT:
      if (s->drawing_lots)
        return REJECT ("out-of-order", "a commitment before the seed is drawn");
      if (m->turn != s->turn)
        return REJECT ("wrong-turn", "a commitment for turn %u during turn %u", m->turn, s->turn);
      /* After a resume the other side sends again the commitment we saved. */
      if (s->remote_committed && s->remote_commitment_saved
          && memcmp (m->digest, s->remote_commitment, sizeof s->remote_commitment) == 0)
        return verdict (result, SYN_VERDICT_IGNORE, "repeated",
                        "the commitment for turn %u again, after a resume", m->turn);
      if (s->remote_committed)
        return REJECT ("duplicate", "a second commitment for turn %u", m->turn);
      s->remote_committed = TRUE;
      memcpy (s->remote_commitment, m->digest, sizeof s->remote_commitment);
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_REVEAL:
      return receive_reveal (s, m, result);

    case SYN_MESSAGE_SEALED:
      return receive_sealed (s, m, result);

    case SYN_MESSAGE_LOCK:
      if (m->turn != s->turn)
        return REJECT ("wrong-turn", "a lock question for turn %u during turn %u", m->turn,
                       s->turn);
      if (s->drawing_lots || s->remote_committed)
        return REJECT ("out-of-order", "a lock question after the asker's commitment");
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_LOCKED:
      if (m->turn != s->turn)
        return REJECT ("wrong-turn", "a lock answer for turn %u during turn %u", m->turn, s->turn);
      if (s->drawing_lots || s->local_committed)
        return REJECT ("out-of-order", "a lock answer after our commitment");
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_CLAIM:
      if (m->turn != s->turn)
        return REJECT ("wrong-turn", "a claim at turn %u during turn %u", m->turn, s->turn);
      syn_protocol_state_end_game (s);
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_USED:
      /* PSC-R11: the other side raises our time, after both commitments and before its
       * reveal, which plays the turn. */
      if (m->turn != s->turn)
        return REJECT ("wrong-turn", "a time for turn %u during turn %u", m->turn, s->turn);
      if (s->drawing_lots || !s->local_committed || !s->remote_committed || s->remote_revealed)
        return REJECT ("out-of-order", "a time raised outside its turn's commitments");
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_DRAW:
      if (m->draw == SYN_DRAW_OFFER)
        {
          if (s->remote_draw_offer)
            return REJECT ("duplicate", "a draw is already offered");
          s->remote_draw_offer = TRUE;
          return SYN_VERDICT_ACCEPT;
        }
      if (!s->local_draw_offer)
        return REJECT ("out-of-order", "no draw was offered");
      s->local_draw_offer = FALSE;
      if (m->draw == SYN_DRAW_ACCEPT)
        syn_protocol_state_end_game (s);
      return SYN_VERDICT_ACCEPT;

    case SYN_MESSAGE_RESIGN:
    case SYN_MESSAGE_FLAG:
      syn_protocol_state_end_game (s);
      return SYN_VERDICT_ACCEPT;

    default:
      g_assert_not_reached ();
      return SYN_VERDICT_FATAL;
    }
}

/* A line that did not parse: refused, or fatal when it is not our protocol at all. */
static SynVerdict
receive_unparsed (const SynProtocolState *s, const SynParseError *parse_error,
                  SynProtocolResult *result)
{
  SynParseStatus status = parse_error ? parse_error->status : SYN_PARSE_MALFORMED;
  const char *why = parse_error ? parse_error->message : "unreadable";

  if (status == SYN_PARSE_VERSION)
    return FATAL ("version", "%s", why);
  if (status == SYN_PARSE_PROTOCOL)
    return FATAL ("protocol", "%s", why);
  if (status == SYN_PARSE_TOO_LONG)
    return FATAL ("too-long", "%s", why);
  /* The first line must be a hello: anything else is not our protocol at all. */
  if (s->phase == SYN_PHASE_HELLO)
    return FATAL ("protocol", "expected 'hello %s %d': %s", SYN_PROTOCOL_NAME, SYN_PROTOCOL_VERSION,
                  why);
  return REJECT (status == SYN_PARSE_UNKNOWN ? "unknown" : "malformed", "%s", why);
}

SynVerdict
syn_protocol_state_receive (const SynProtocolState *in, gboolean parse_ok,
                            const SynParseError *parse_error, const SynMessage *m,
                            SynProtocolState *out, SynProtocolResult *result)
{
  SynProtocolState s = *in;
  SynVerdict v;

  memset (result, 0, sizeof *result);
  if (out != in)
    *out = *in;

  if (s.phase == SYN_PHASE_CLOSED)
    return FATAL ("closed", "the connection is closing");

  if (!parse_ok)
    return receive_unparsed (&s, parse_error, result);

  if (s.phase == SYN_PHASE_HELLO)
    {
      if (m->type == SYN_MESSAGE_ERROR || m->type == SYN_MESSAGE_BYE)
        {
          /* Refused before we began (busy, a version we do not share). */
          close_session (&s);
          *out = s;
          return SYN_VERDICT_ACCEPT;
        }
      if (m->type != SYN_MESSAGE_HELLO)
        return FATAL ("protocol", "expected 'hello %s %d' first, not '%s'", SYN_PROTOCOL_NAME,
                      SYN_PROTOCOL_VERSION, syn_message_type_to_word (m->type));
      s.phase = SYN_PHASE_SETUP;
      *out = s;
      return SYN_VERDICT_ACCEPT;
    }

  switch (m->type)
    {
    case SYN_MESSAGE_HELLO:
      return REJECT ("duplicate", "hello was already said");

    case SYN_MESSAGE_OPTIONS:
    case SYN_MESSAGE_RESUME:
    case SYN_MESSAGE_ACCEPT:
    case SYN_MESSAGE_DECLINE:
      if (s.phase == SYN_PHASE_PLAYING)
        return REJECT ("out-of-order", "'%s' during a game", syn_message_type_to_word (m->type));
      v = receive_setup (&s, m, result);
      break;

    case SYN_MESSAGE_COMMIT:
    case SYN_MESSAGE_REVEAL:
    case SYN_MESSAGE_SEED:
    case SYN_MESSAGE_DRAW:
    case SYN_MESSAGE_RESIGN:
    case SYN_MESSAGE_FLAG:
    case SYN_MESSAGE_SEALED:
    case SYN_MESSAGE_LOCK:
    case SYN_MESSAGE_LOCKED:
    case SYN_MESSAGE_CLAIM:
    case SYN_MESSAGE_USED:
      v = receive_play (&s, m, result);
      break;

    case SYN_MESSAGE_AUDIT:
      /* TX-R17: after the game, before the next. */
      if (!audit_allowed (&s))
        return REJECT ("out-of-order", "an audit needs a finished game");
      v = SYN_VERDICT_ACCEPT;
      break;

    case SYN_MESSAGE_BYE:
      close_session (&s);
      v = SYN_VERDICT_ACCEPT;
      break;

    case SYN_MESSAGE_CHAT:
    case SYN_MESSAGE_PING:
    case SYN_MESSAGE_PONG:
    case SYN_MESSAGE_ERROR:
      v = SYN_VERDICT_ACCEPT;
      break;

    case SYN_MESSAGE_NONE:
    case SYN_MESSAGE_N_TYPES:
    default:
      return FATAL ("unknown", "no such message");
    }

  if (v == SYN_VERDICT_ACCEPT)
    *out = s;
  return v;
}

/* A proposal of ours, or our answer to one: FALSE when not allowed now; s moves on. */
static gboolean
send_setup (SynProtocolState *s, const SynMessage *m)
{
  switch (m->type)
    {
    case SYN_MESSAGE_OPTIONS:
    case SYN_MESSAGE_RESUME:
      if (!s->host || s->phase == SYN_PHASE_PLAYING || s->proposal != SYN_PROPOSAL_NONE
          || !syn_protocol_id_is_valid (m->id))
        return FALSE;
      record_proposal (s, m);
      return TRUE;

    case SYN_MESSAGE_ACCEPT:
      if (s->host || s->proposal == SYN_PROPOSAL_NONE)
        return FALSE;
      if (s->proposal == SYN_PROPOSAL_OPTIONS && !m->has_fog)
        return FALSE;
      if (s->proposal == SYN_PROPOSAL_RESUME && (!m->has_turns || !resume_turns_ok (s, m->turns)))
        return FALSE;
      start_game (s, s->proposal_id, 1 - s->proposal_colour,
                  s->proposal == SYN_PROPOSAL_OPTIONS ? 0 : m->turns, s->proposal_lots);
      return TRUE;

    case SYN_MESSAGE_DECLINE:
      if (s->host || s->proposal == SYN_PROPOSAL_NONE)
        return FALSE;
      clear_proposal (s);
      return TRUE;

    default:
      return FALSE;
    }
}

/* A message of the turn being played, once the seed is drawn. */
static gboolean
in_turn (const SynProtocolState *s, const SynMessage *m)
{
  return s->phase == SYN_PHASE_PLAYING && !s->drawing_lots && m->turn == s->turn;
}

/* Our reveal, of a move or of the seed's coin: it goes after both commitments, once. */
static gboolean
reveal_ours (SynProtocolState *s)
{
  if (!s->local_committed || !s->remote_committed || s->local_revealed)
    return FALSE;
  s->local_revealed = TRUE;
  maybe_finish_turn (s);
  return TRUE;
}

/* A message of ours in the turn being played (the seed's too): FALSE when not allowed now. */
static gboolean
send_play (SynProtocolState *s, const SynMessage *m)
{
  switch (m->type)
    {
    case SYN_MESSAGE_SEED:
      if (s->phase != SYN_PHASE_PLAYING || !s->drawing_lots)
        return FALSE;
      if (!m->seed_reveal)
        {
          if (s->local_committed)
            return FALSE;
          s->local_committed = TRUE;
          return TRUE;
        }
      return reveal_ours (s);
    case SYN_MESSAGE_COMMIT:
      if (!in_turn (s, m) || s->local_committed)
        return FALSE;
      s->local_committed = TRUE;
      return TRUE;

    case SYN_MESSAGE_REVEAL:
    case SYN_MESSAGE_SEALED:
      if (!in_turn (s, m))
        return FALSE;
      return reveal_ours (s);

    case SYN_MESSAGE_LOCK:
      if (!in_turn (s, m) || s->local_committed)
        return FALSE;
      return TRUE;

    case SYN_MESSAGE_LOCKED:
      if (!in_turn (s, m) || s->remote_committed)
        return FALSE;
      return TRUE;

    case SYN_MESSAGE_CLAIM:
      if (s->phase != SYN_PHASE_PLAYING || m->turn != s->turn)
        return FALSE;
      syn_protocol_state_end_game (s);
      return TRUE;

    case SYN_MESSAGE_USED:
      if (!in_turn (s, m) || !s->local_committed || !s->remote_committed || s->local_revealed)
        return FALSE;
      return TRUE;

    default:
      return FALSE;
    }
}

gboolean
syn_protocol_state_send (const SynProtocolState *in, const SynMessage *m, SynProtocolState *out)
{
  SynProtocolState s = *in;

  if (out != in)
    *out = *in;

  if (m->type == SYN_MESSAGE_ERROR)
    return s.phase != SYN_PHASE_CLOSED;
  if (m->type == SYN_MESSAGE_BYE)
    {
      if (s.phase == SYN_PHASE_CLOSED)
        return FALSE;
      close_session (out);
      return TRUE;
    }
  if (s.phase == SYN_PHASE_CLOSED)
    return FALSE;
  if (m->type == SYN_MESSAGE_HELLO)
    return s.phase == SYN_PHASE_HELLO; /* ours goes first, before theirs arrives */
  if (s.phase == SYN_PHASE_HELLO)
    return FALSE;

  switch (m->type)
    {
    case SYN_MESSAGE_PING:
    case SYN_MESSAGE_PONG:
    case SYN_MESSAGE_CHAT:
      return TRUE;

    case SYN_MESSAGE_OPTIONS:
    case SYN_MESSAGE_RESUME:
    case SYN_MESSAGE_ACCEPT:
    case SYN_MESSAGE_DECLINE:
      if (!send_setup (&s, m))
        return FALSE;
      break;

    case SYN_MESSAGE_SEED:
    case SYN_MESSAGE_COMMIT:
    case SYN_MESSAGE_REVEAL:
    case SYN_MESSAGE_SEALED:
    case SYN_MESSAGE_LOCK:
    case SYN_MESSAGE_LOCKED:
    case SYN_MESSAGE_CLAIM:
    case SYN_MESSAGE_USED:
      if (!send_play (&s, m))
        return FALSE;
      break;

    case SYN_MESSAGE_AUDIT:
      if (!audit_allowed (&s))
        return FALSE;
      break;

    case SYN_MESSAGE_DRAW:
      if (s.phase != SYN_PHASE_PLAYING)
        return FALSE;
      if (m->draw == SYN_DRAW_OFFER)
        {
          if (s.local_draw_offer)
            return FALSE;
          s.local_draw_offer = TRUE;
        }
      else
        {
          if (!s.remote_draw_offer)
            return FALSE;
          s.remote_draw_offer = FALSE;
          if (m->draw == SYN_DRAW_ACCEPT)
            syn_protocol_state_end_game (&s);
        }
      break;

    case SYN_MESSAGE_RESIGN:
    case SYN_MESSAGE_FLAG:
      if (s.phase != SYN_PHASE_PLAYING)
        return FALSE;
      syn_protocol_state_end_game (&s);
      break;

    default:
      return FALSE;
    }
  *out = s;
  return TRUE;
}

gboolean
syn_protocol_state_is_valid (const SynProtocolState *s)
{
  if (s->phase > SYN_PHASE_CLOSED)
    return FALSE;
  if (s->local_colour != 0 && s->local_colour != 1)
    return FALSE;
  if (s->turn > SYN_PROTOCOL_MAX_TURNS + 1)
    return FALSE;
  /* A reveal only ever follows both commitments, and a finished turn clears them all. */
  if ((s->local_revealed || s->remote_revealed) && !(s->local_committed && s->remote_committed))
    return FALSE;
  if (s->local_revealed && s->remote_revealed)
    return FALSE;
  if (s->phase != SYN_PHASE_PLAYING
      && (s->local_committed || s->remote_committed || s->local_draw_offer || s->remote_draw_offer))
    return FALSE;
  if (s->proposal != SYN_PROPOSAL_NONE
      && (s->phase != SYN_PHASE_SETUP && s->phase != SYN_PHASE_CLOSED))
    return FALSE;
  if (s->proposal != SYN_PROPOSAL_NONE && !syn_protocol_id_is_valid (s->proposal_id))
    return FALSE;
  if ((s->phase == SYN_PHASE_PLAYING || s->phase == SYN_PHASE_OVER)
      && !syn_protocol_id_is_valid (s->id))
    return FALSE;
  if (!memchr (s->id, '\0', sizeof s->id) || !memchr (s->proposal_id, '\0', sizeof s->proposal_id))
    return FALSE;
  return TRUE;
}
