/* syn-protocol.c: what the Synchess network protocol's messages share: the words they use,
 * game ids, hex, and the commitments of commit-reveal. A line is read in
 * syn-protocol-parse.c and written in syn-protocol-format.c.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-protocol"

#include "config.h"

#include "syn-protocol.h"

#include <string.h>

#include "syn-protocol-private.h"

const char *const syn_protocol_claim_words[4]
    = { "checkmate", "stalemate", "hidden-attack", "fifty-turns" };
const char *const syn_protocol_draw_words[3] = { "offer", "accept", "decline" };
const char *const syn_protocol_colour_words[2] = { "white", "black" };

gboolean
syn_protocol_id_is_valid (const char *id)
{
  return id && syn_protocol_text_is_word (id, strlen (id), SYN_PROTOCOL_ID_MAX, "-");
}

void
syn_protocol_hex (const guint8 *bytes, gsize size, char *out)
{
  static const char digits[] = "0123456789abcdef";

  for (gsize i = 0; i < size; i++)
    {
      out[2 * i] = digits[bytes[i] >> 4];
      out[2 * i + 1] = digits[bytes[i] & 0xf];
    }
  out[2 * size] = '\0';
}

void
syn_protocol_commitment (const char *id, guint32 turn, int colour, const char *move,
                         const guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                         guint8 digest[SYN_PROTOCOL_DIGEST_SIZE])
{
  char salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];
  /* Room for a Transactional turn's choice with its transaction (TX-R17). */
  char text[SYN_PROTOCOL_ID_MAX + 2 * SYN_PROTOCOL_SALT_SIZE + 256];
  GChecksum *checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = SYN_PROTOCOL_DIGEST_SIZE;
  int n;

  /* The id, turn and colour are part of what is committed, so that a commitment cannot be
   * replayed in another game or turn, or copied from the opponent's. */
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, salt_hex);
  n = g_snprintf (text, sizeof text, "synchess-commit %s %u %s %s %s", id, turn,
                  syn_protocol_colour_words[colour == 1], move, salt_hex);
  g_checksum_update (checksum, (const guchar *) text, MIN ((gsize) n, sizeof text - 1));
  g_checksum_get_digest (checksum, digest, &size);
  g_checksum_free (checksum);
}

void
syn_protocol_seed_commitment (const char *id, int colour, const guint8 coin[SYN_PROTOCOL_COIN_SIZE],
                              const guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                              guint8 digest[SYN_PROTOCOL_DIGEST_SIZE])
{
  char coin_hex[2 * SYN_PROTOCOL_COIN_SIZE + 1];
  char salt_hex[2 * SYN_PROTOCOL_SALT_SIZE + 1];
  char text[SYN_PROTOCOL_ID_MAX + 2 * SYN_PROTOCOL_COIN_SIZE + 2 * SYN_PROTOCOL_SALT_SIZE + 64];
  GChecksum *checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize size = SYN_PROTOCOL_DIGEST_SIZE;
  int n;

  /* A prefix of its own, so that a coin's commitment is never a move's. */
  syn_protocol_hex (coin, SYN_PROTOCOL_COIN_SIZE, coin_hex);
  syn_protocol_hex (salt, SYN_PROTOCOL_SALT_SIZE, salt_hex);
  n = g_snprintf (text, sizeof text, "synchess-seed %s %s %s %s", id,
                  syn_protocol_colour_words[colour == 1], coin_hex, salt_hex);
  g_checksum_update (checksum, (const guchar *) text, MIN ((gsize) n, sizeof text - 1));
  g_checksum_get_digest (checksum, digest, &size);
  g_checksum_free (checksum);
}

gboolean
syn_protocol_claim_is_known (const char *reason)
{
  for (guint i = 0; i < G_N_ELEMENTS (syn_protocol_claim_words); i++)
    if (reason && g_str_equal (reason, syn_protocol_claim_words[i]))
      return TRUE;
  return FALSE;
}

gboolean
syn_protocol_variant_draws_lots (const char *variant)
{
  return variant && g_str_equal (variant, "hutnik");
}
