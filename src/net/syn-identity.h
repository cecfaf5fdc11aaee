/* syn-identity.h: who this installation is on the network: a key and a self-signed
 * certificate made on first use, the peers met before, and the fingerprint two players
 * compare aloud to know that nobody sits between them.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define SYN_TYPE_IDENTITY (syn_identity_get_type ())

G_DECLARE_FINAL_TYPE (SynIdentity, syn_identity, SYN, IDENTITY, GObject)

/* The identity kept in dir: identity.pem (the certificate), identity-key.pem (the key,
 * mode 0600) and known-peers. Made on first use; dir is created with mode 0700. */
SynIdentity *syn_identity_new_for_dir (const char *dir, GError **error);

/* The identity of this user: g_get_user_config_dir()/synchess. */
SynIdentity *syn_identity_new_default (GError **error);

GTlsCertificate *syn_identity_get_certificate (SynIdentity *self);
const char *syn_identity_get_dir (SynIdentity *self);

/* SHA-256 over both certificates (DER, the smaller first, so both players get the same),
 * as 64 hex digits, and its first 8 bytes as "1a2b 3c4d 5e6f 7a8b" to read aloud. NULL when
 * a certificate cannot be read. */
char *syn_identity_pair_digest (SynIdentity *self, GTlsCertificate *peer);
char *syn_identity_pair_fingerprint (SynIdentity *self, GTlsCertificate *peer);

/* Whether the peer's certificate was remembered before, and remembering it (with the name
 * it gave, for the record). */
gboolean syn_identity_knows (SynIdentity *self, GTlsCertificate *peer);

/* What the known peers say of a peer that gives name: its key was met before, or it is new,
 * or the name was met before with another key (someone else may be using it: the player is
 * warned). */
typedef enum
{
  SYN_PEER_KNOWN_NEW = 0, /* neither its key nor its name was met before */
  SYN_PEER_KNOWN_KEY,     /* this key was met before */
  SYN_PEER_KNOWN_NAME_NEW_KEY,
} SynPeerKnown;

SynPeerKnown syn_identity_lookup (SynIdentity *self, GTlsCertificate *peer, const char *name);
gboolean syn_identity_remember (SynIdentity *self, GTlsCertificate *peer, const char *name,
                                GError **error);

/* SHA-256 of a certificate's DER as 64 hex digits, or NULL. */
char *syn_certificate_digest (GTlsCertificate *certificate);

G_END_DECLS
