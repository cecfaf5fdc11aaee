/* syn-invite.h: invitations across the Internet: the invite one player sends another (who
 * it is, how to reach it through ICE) and the answer that comes back, as short texts and
 * synchess: URIs (docs/protocol.md, "Invitations across the Internet (ICE)"). Pure
 * parsing and formatting: every text read here comes from someone else.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define SYN_INVITE_ERROR (syn_invite_error_quark ())

typedef enum
{
  SYN_INVITE_ERROR_MALFORMED, /* not an invite or answer, truncated, a field unreadable */
  SYN_INVITE_ERROR_VERSION,   /* another version of the format */
  SYN_INVITE_ERROR_TOO_LONG,  /* beyond SYN_INVITE_MAX_TEXT or a field's limit */
  SYN_INVITE_ERROR_EXPIRED,   /* older than SYN_INVITE_LIFETIME_S, or from the future */
  SYN_INVITE_ERROR_MISMATCH,  /* an answer to another invite (its nonce) */
} SynInviteError;

GQuark syn_invite_error_quark (void);

#define SYN_INVITE_VERSION 1
/* Longest text accepted, either form, before anything else is read. */
#define SYN_INVITE_MAX_TEXT 4096
#define SYN_INVITE_MAX_CANDIDATES 16
/* RFC 8445: ice-char strings, the ufrag 4 to 256, the password 22 to 256; ours stay short. */
#define SYN_INVITE_UFRAG_MAX 64
#define SYN_INVITE_PWD_MAX 64
#define SYN_INVITE_FOUNDATION_MAX 32
#define SYN_INVITE_ADDRESS_MAX 45 /* the longest IPv6 text */
#define SYN_INVITE_DIGEST_LENGTH 64
#define SYN_INVITE_NONCE_LENGTH 32 /* 16 random bytes as hex */
/* An invite is good for an hour; a clock up to five minutes ahead is forgiven. */
#define SYN_INVITE_LIFETIME_S 3600
#define SYN_INVITE_CLOCK_SKEW_S 300

typedef enum
{
  SYN_ICE_HOST,
  SYN_ICE_SERVER_REFLEXIVE,
  SYN_ICE_PEER_REFLEXIVE,
  SYN_ICE_RELAYED,
} SynIceCandidateType;

/* One UDP candidate of component 1. */
typedef struct
{
  SynIceCandidateType type;
  char foundation[SYN_INVITE_FOUNDATION_MAX + 1];
  guint32 priority;
  char address[SYN_INVITE_ADDRESS_MAX + 1];
  guint16 port;
} SynIceCandidate;

/* One side's ICE offer: its credentials and the candidates it gathered. */
typedef struct
{
  char ufrag[SYN_INVITE_UFRAG_MAX + 1];
  char pwd[SYN_INVITE_PWD_MAX + 1];
  guint n_candidates;
  SynIceCandidate candidates[SYN_INVITE_MAX_CANDIDATES];
} SynIceOffer;

typedef struct
{
  guint version;
  char certificate[SYN_INVITE_DIGEST_LENGTH + 1]; /* the inviter's, syn_certificate_digest() */
  SynIceOffer ice;
  gint64 created; /* Unix seconds */
  char nonce[SYN_INVITE_NONCE_LENGTH + 1];
} SynInvite;

typedef struct
{
  guint version;
  char certificate[SYN_INVITE_DIGEST_LENGTH + 1]; /* the answerer's */
  SynIceOffer ice;
  char nonce[SYN_INVITE_NONCE_LENGTH + 1]; /* the invite's */
} SynInviteAnswer;

/* The candidate types as the format and the players see them: "host", "srflx", "prflx",
 * "relay". */
const char *syn_ice_candidate_type_to_text (SynIceCandidateType type);

/* A fresh invite: version, certificate, created now and a random nonce; ice is copied. */
void syn_invite_init (SynInvite *invite, const char *certificate, const SynIceOffer *ice);
/* The answer to invite: its nonce. */
void syn_invite_answer_init (SynInviteAnswer *answer, const SynInvite *invite,
                             const char *certificate, const SynIceOffer *ice);

/* "synchess:invite?v=1&..." and the short text, its base64url. */
char *syn_invite_to_uri (const SynInvite *invite);
char *syn_invite_to_text (const SynInvite *invite);
char *syn_invite_answer_to_uri (const SynInviteAnswer *answer);
char *syn_invite_answer_to_text (const SynInviteAnswer *answer);

/* Either form, surrounding white space ignored. Only the form is checked, not the time. */
gboolean syn_invite_parse (const char *text, SynInvite *invite, GError **error);
gboolean syn_invite_answer_parse (const char *text, SynInviteAnswer *answer, GError **error);

/* Whether the invite may still be taken (or its answer used) at now, Unix seconds. */
gboolean syn_invite_check_time (const SynInvite *invite, gint64 now, GError **error);
/* Whether answer answers invite: its nonce, and another certificate than the inviter's. */
gboolean syn_invite_answer_check (const SynInviteAnswer *answer, const SynInvite *invite,
                                  GError **error);

G_END_DECLS
