/* syn-invite.c: invites and answers read and written (docs/protocol.md, "Invitations across
 * the Internet (ICE)"). Everything read is checked before it is kept: the texts come from
 * chat windows and mail, that is from anyone.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-net"

#include "config.h"

#include "syn-invite.h"

#include <arpa/inet.h>
#include <errno.h>
#include <glib/gi18n.h>
#include <string.h>
#include <sys/random.h>

G_DEFINE_QUARK (syn - invite - error - quark, syn_invite_error)

#define URI_SCHEME "synchess:"
#define INVITE_KIND "invite"
#define ANSWER_KIND "answer"
#define BASE64URL_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
#define ICE_CHARS "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
#define HEX_DIGITS "0123456789abcdef"

static const char *const type_names[] = {
  [SYN_ICE_HOST] = "host",
  [SYN_ICE_SERVER_REFLEXIVE] = "srflx",
  [SYN_ICE_PEER_REFLEXIVE] = "prflx",
  [SYN_ICE_RELAYED] = "relay",
};

const char *
syn_ice_candidate_type_to_text (SynIceCandidateType type)
{
  return (guint) type < G_N_ELEMENTS (type_names) ? type_names[type] : "?";
}

/* Making ------------------------------------------------------------------------------------ */

static void
random_nonce (char nonce[SYN_INVITE_NONCE_LENGTH + 1])
{
  guint8 bytes[SYN_INVITE_NONCE_LENGTH / 2];
  gsize done = 0;

  while (done < sizeof bytes)
    {
      ssize_t n = getrandom (bytes + done, sizeof bytes - done, 0);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        break;
      done += (gsize) n;
    }
  /* Without getrandom(2) the nonce only needs to differ from invite to invite. */
  for (; done < sizeof bytes; done++)
    bytes[done] = (guint8) g_random_int ();
  for (gsize i = 0; i < sizeof bytes; i++)
    {
      nonce[2 * i] = HEX_DIGITS[bytes[i] >> 4];
      nonce[2 * i + 1] = HEX_DIGITS[bytes[i] & 0xf];
    }
  nonce[SYN_INVITE_NONCE_LENGTH] = '\0';
}

void
syn_invite_init (SynInvite *invite, const char *certificate, const SynIceOffer *ice)
{
  memset (invite, 0, sizeof *invite);
  invite->version = SYN_INVITE_VERSION;
  g_strlcpy (invite->certificate, certificate, sizeof invite->certificate);
  invite->ice = *ice;
  invite->created = g_get_real_time () / G_USEC_PER_SEC;
  random_nonce (invite->nonce);
}

void
syn_invite_answer_init (SynInviteAnswer *answer, const SynInvite *invite, const char *certificate,
                        const SynIceOffer *ice)
{
  memset (answer, 0, sizeof *answer);
  answer->version = SYN_INVITE_VERSION;
  g_strlcpy (answer->certificate, certificate, sizeof answer->certificate);
  answer->ice = *ice;
  g_strlcpy (answer->nonce, invite->nonce, sizeof answer->nonce);
}

/* Writing ----------------------------------------------------------------------------------- */

static void
put_field (GString *out, const char *name, const char *value)
{
  /* ':' stays for IPv6 addresses; '+' and '/' of ICE passwords are escaped. */
  g_autofree char *escaped = g_uri_escape_string (value, ":", FALSE);

  g_string_append_printf (out, "&%s=%s", name, escaped);
}

static void
put_offer (GString *out, const SynIceOffer *ice)
{
  put_field (out, "ufrag", ice->ufrag);
  put_field (out, "pwd", ice->pwd);
}

static void
put_candidates (GString *out, const SynIceOffer *ice)
{
  for (guint i = 0; i < ice->n_candidates && i < SYN_INVITE_MAX_CANDIDATES; i++)
    {
      const SynIceCandidate *c = &ice->candidates[i];
      g_autofree char *text
          = g_strdup_printf ("%s~%s~%u~%s~%u", syn_ice_candidate_type_to_text (c->type),
                             c->foundation, c->priority, c->address, c->port);
      put_field (out, "c", text);
    }
}

char *
syn_invite_to_uri (const SynInvite *invite)
{
  GString *out = g_string_new (URI_SCHEME INVITE_KIND "?");

  g_string_append_printf (out, "v=%u", invite->version);
  put_field (out, "cert", invite->certificate);
  put_offer (out, &invite->ice);
  g_string_append_printf (out, "&t=%" G_GINT64_FORMAT, invite->created);
  put_field (out, "nonce", invite->nonce);
  put_candidates (out, &invite->ice);
  return g_string_free (out, FALSE);
}

char *
syn_invite_answer_to_uri (const SynInviteAnswer *answer)
{
  GString *out = g_string_new (URI_SCHEME ANSWER_KIND "?");

  g_string_append_printf (out, "v=%u", answer->version);
  put_field (out, "cert", answer->certificate);
  put_offer (out, &answer->ice);
  put_field (out, "nonce", answer->nonce);
  put_candidates (out, &answer->ice);
  return g_string_free (out, FALSE);
}

/* The short text: the URI in base64url, without padding (RFC 4648, section 5). */
static char *
to_base64url (char *uri)
{
  g_autofree char *owned = uri;
  char *text = g_base64_encode ((const guchar *) uri, strlen (uri));

  g_strdelimit (text, "+", '-');
  g_strdelimit (text, "/", '_');
  {
    char *padding = strchr (text, '=');
    if (padding)
      *padding = '\0';
  }
  return text;
}

char *
syn_invite_to_text (const SynInvite *invite)
{
  return to_base64url (syn_invite_to_uri (invite));
}

char *
syn_invite_answer_to_text (const SynInviteAnswer *answer)
{
  return to_base64url (syn_invite_answer_to_uri (answer));
}

/* Reading ----------------------------------------------------------------------------------- */

static gboolean
malformed (GError **error, const char *message)
{
  g_set_error_literal (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED, message);
  return FALSE;
}

/* The URI a text holds: itself, or its base64url; NULL when it is neither. */
static char *
text_to_uri (const char *text, GError **error)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  gsize length = strlen (trimmed);
  g_autofree guchar *decoded = NULL;
  gsize decoded_length = 0;

  if (length == 0)
    {
      malformed (error, _ ("The invitation is empty"));
      return NULL;
    }
  if (length > SYN_INVITE_MAX_TEXT)
    {
      g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_TOO_LONG,
                   _ ("The invitation is too long (over %d characters)"), SYN_INVITE_MAX_TEXT);
      return NULL;
    }
  if (g_str_has_prefix (trimmed, URI_SCHEME))
    return g_steal_pointer (&trimmed);
  if (strspn (trimmed, BASE64URL_CHARS) != length || length % 4 == 1)
    {
      malformed (error, _ ("This is not a Synchess invitation"));
      return NULL;
    }
  g_strdelimit (trimmed, "-", '+');
  g_strdelimit (trimmed, "_", '/');
  {
    g_autofree char *padded = g_strnfill (length + (4 - length % 4) % 4, '=');
    memcpy (padded, trimmed, length);
    decoded = g_base64_decode (padded, &decoded_length);
  }
  if (!decoded || decoded_length == 0 || memchr (decoded, '\0', decoded_length)
      || !g_str_has_prefix ((const char *) decoded, URI_SCHEME))
    {
      malformed (error, _ ("This is not a Synchess invitation"));
      return NULL;
    }
  return g_strndup ((const char *) decoded, decoded_length);
}

/* The fields of a URI's query, each value unescaped; candidates in their own array. */
typedef struct
{
  GHashTable *fields; /* name -> value */
  GPtrArray *candidates;
} Query;

static void
query_clear (Query *query)
{
  g_clear_pointer (&query->fields, g_hash_table_unref);
  g_clear_pointer (&query->candidates, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Query, query_clear)

static const char *const invite_fields[] = { "v", "cert", "ufrag", "pwd", "t", "nonce", NULL };
static const char *const answer_fields[] = { "v", "cert", "ufrag", "pwd", "nonce", NULL };

static gboolean
read_pair (Query *query, const char *pair, const char *const *names, GError **error)
{
  const char *equals = strchr (pair, '=');
  g_autofree char *name = equals ? g_strndup (pair, (gsize) (equals - pair)) : NULL;
  g_autofree char *value = NULL;

  if (!name || (!g_str_equal (name, "c") && !g_strv_contains (names, name)))
    {
      g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED,
                   _ ("The invitation has an unknown field “%.20s”"), name ? name : pair);
      return FALSE;
    }
  value = g_uri_unescape_string (equals + 1, NULL);
  if (!value)
    {
      g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED,
                   _ ("The invitation's field “%s” is not readable"), name);
      return FALSE;
    }
  if (g_str_equal (name, "c"))
    {
      if (query->candidates->len == SYN_INVITE_MAX_CANDIDATES)
        {
          g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_TOO_LONG,
                       _ ("The invitation has more than %d candidates"), SYN_INVITE_MAX_CANDIDATES);
          return FALSE;
        }
      g_ptr_array_add (query->candidates, g_steal_pointer (&value));
      return TRUE;
    }
  if (g_hash_table_contains (query->fields, name))
    {
      g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED,
                   _ ("The invitation gives the field “%s” twice"), name);
      return FALSE;
    }
  g_hash_table_insert (query->fields, g_steal_pointer (&name), g_steal_pointer (&value));
  return TRUE;
}

/* Splits "synchess:KIND?a=b&..." and checks the version before anything else, so that a
 * later version's new fields are reported as a version to update to. */
static gboolean
read_query (const char *uri, const char *kind, const char *const *names, Query *query,
            GError **error)
{
  const char *rest = uri + strlen (URI_SCHEME);
  const char *other = g_str_equal (kind, INVITE_KIND) ? ANSWER_KIND : INVITE_KIND;
  g_auto (GStrv) pairs = NULL;
  const char *version;
  guint64 number;

  if (g_str_has_prefix (rest, other) && rest[strlen (other)] == '?')
    return malformed (error, g_str_equal (kind, INVITE_KIND)
                                 ? _ ("This is an answer to an invitation, not an invitation")
                                 : _ ("This is an invitation, not an answer to one"));
  if (!g_str_has_prefix (rest, kind) || rest[strlen (kind)] != '?')
    return malformed (error, _ ("This is not a Synchess invitation"));
  query->fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  query->candidates = g_ptr_array_new_with_free_func (g_free);
  pairs = g_strsplit (rest + strlen (kind) + 1, "&", -1);
  for (guint i = 0; pairs[i]; i++)
    if (!read_pair (query, pairs[i], names, error))
      return FALSE;
  version = g_hash_table_lookup (query->fields, "v");
  if (!version)
    return malformed (error, _ ("The invitation has no version"));
  if (!g_ascii_string_to_unsigned (version, 10, 0, G_MAXUINT32, &number, NULL))
    return malformed (error, _ ("The invitation's version is not a number"));
  if (number != SYN_INVITE_VERSION)
    {
      g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_VERSION,
                   _ ("The invitation was made for version %u of the format; this program "
                      "reads version %d: the older program must be updated"),
                   (guint) number, SYN_INVITE_VERSION);
      return FALSE;
    }
  for (guint i = 0; names[i]; i++)
    if (!g_hash_table_contains (query->fields, names[i]))
      {
        g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED,
                     _ ("The invitation is cut short: it has no field “%s”"), names[i]);
        return FALSE;
      }
  if (query->candidates->len == 0)
    return malformed (error, _ ("The invitation is cut short: it has no candidate"));
  return TRUE;
}

static gboolean
is_word (const char *text, const char *chars, gsize min, gsize max)
{
  gsize length = strlen (text);

  return length >= min && length <= max && strspn (text, chars) == length;
}

static gboolean
read_hex (const char *text, gsize length, char *out)
{
  g_autofree char *lower = g_ascii_strdown (text, -1);

  if (!is_word (lower, HEX_DIGITS, length, length))
    return FALSE;
  memcpy (out, lower, length + 1);
  return TRUE;
}

static gboolean
read_candidate_fields (const char *text, SynIceCandidate *c)
{
  g_auto (GStrv) parts = g_strsplit (text, "~", -1);
  guint64 number;
  guint8 address[16];
  gboolean type_known = FALSE;

  if (g_strv_length (parts) != 5)
    return FALSE;
  for (guint t = 0; t < G_N_ELEMENTS (type_names); t++)
    if (g_str_equal (parts[0], type_names[t]))
      {
        c->type = (SynIceCandidateType) t;
        type_known = TRUE;
      }
  if (!type_known || !is_word (parts[1], ICE_CHARS, 1, SYN_INVITE_FOUNDATION_MAX))
    return FALSE;
  g_strlcpy (c->foundation, parts[1], sizeof c->foundation);
  if (!g_ascii_string_to_unsigned (parts[2], 10, 1, G_MAXUINT32, &number, NULL))
    return FALSE;
  c->priority = (guint32) number;
  if (strlen (parts[3]) > SYN_INVITE_ADDRESS_MAX
      || (inet_pton (AF_INET, parts[3], address) != 1
          && inet_pton (AF_INET6, parts[3], address) != 1))
    return FALSE;
  g_strlcpy (c->address, parts[3], sizeof c->address);
  if (!g_ascii_string_to_unsigned (parts[4], 10, 1, 65535, &number, NULL))
    return FALSE;
  c->port = (guint16) number;
  return TRUE;
}

/* What both kinds carry: certificate, ICE credentials and candidates, nonce. */
static gboolean
read_common (Query *query, char *certificate, SynIceOffer *ice, char *nonce, GError **error)
{
  const char *ufrag = g_hash_table_lookup (query->fields, "ufrag");
  const char *pwd = g_hash_table_lookup (query->fields, "pwd");

  if (!read_hex (g_hash_table_lookup (query->fields, "cert"), SYN_INVITE_DIGEST_LENGTH,
                 certificate))
    return malformed (error, _ ("The invitation's certificate digest is not 64 hexadecimal "
                                "digits"));
  if (!read_hex (g_hash_table_lookup (query->fields, "nonce"), SYN_INVITE_NONCE_LENGTH, nonce))
    return malformed (error, _ ("The invitation's nonce is not 32 hexadecimal digits"));
  if (!is_word (ufrag, ICE_CHARS, 4, SYN_INVITE_UFRAG_MAX))
    return malformed (error, _ ("The invitation's ICE ufrag is not 4 to 64 letters, digits, "
                                "“+” or “/”"));
  if (!is_word (pwd, ICE_CHARS, 22, SYN_INVITE_PWD_MAX))
    return malformed (error, _ ("The invitation's ICE password is not 22 to 64 letters, "
                                "digits, “+” or “/”"));
  g_strlcpy (ice->ufrag, ufrag, sizeof ice->ufrag);
  g_strlcpy (ice->pwd, pwd, sizeof ice->pwd);
  ice->n_candidates = 0;
  for (guint i = 0; i < query->candidates->len; i++)
    {
      if (!read_candidate_fields (g_ptr_array_index (query->candidates, i), &ice->candidates[i]))
        {
          g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MALFORMED,
                       _ ("Unreadable ICE candidate %u in the invitation"), i + 1);
          return FALSE;
        }
      ice->n_candidates++;
    }
  return TRUE;
}

gboolean
syn_invite_parse (const char *text, SynInvite *invite, GError **error)
{
  g_autofree char *uri = text_to_uri (text, error);
  g_auto (Query) query = { NULL, NULL };
  SynInvite read = { .version = SYN_INVITE_VERSION };

  if (!uri || !read_query (uri, INVITE_KIND, invite_fields, &query, error))
    return FALSE;
  if (!read_common (&query, read.certificate, &read.ice, read.nonce, error))
    return FALSE;
  if (!g_ascii_string_to_signed (g_hash_table_lookup (query.fields, "t"), 10, 0, G_MAXINT64,
                                 &read.created, NULL))
    return malformed (error, _ ("The invitation's creation time is not a number of seconds"));
  *invite = read;
  return TRUE;
}

gboolean
syn_invite_answer_parse (const char *text, SynInviteAnswer *answer, GError **error)
{
  g_autofree char *uri = text_to_uri (text, error);
  g_auto (Query) query = { NULL, NULL };
  SynInviteAnswer read = { .version = SYN_INVITE_VERSION };

  if (!uri || !read_query (uri, ANSWER_KIND, answer_fields, &query, error))
    return FALSE;
  if (!read_common (&query, read.certificate, &read.ice, read.nonce, error))
    return FALSE;
  *answer = read;
  return TRUE;
}

/* Checks ------------------------------------------------------------------------------------ */

gboolean
syn_invite_check_time (const SynInvite *invite, gint64 now, GError **error)
{
  if (now - invite->created > SYN_INVITE_LIFETIME_S)
    {
      g_set_error (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_EXPIRED,
                   _ ("The invitation expired: it was made more than %d minutes ago"),
                   SYN_INVITE_LIFETIME_S / 60);
      return FALSE;
    }
  if (invite->created - now > SYN_INVITE_CLOCK_SKEW_S)
    {
      g_set_error_literal (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_EXPIRED,
                           _ ("The invitation was made in the future: one of the two clocks "
                              "is wrong"));
      return FALSE;
    }
  return TRUE;
}

gboolean
syn_invite_answer_check (const SynInviteAnswer *answer, const SynInvite *invite, GError **error)
{
  if (!g_str_equal (answer->nonce, invite->nonce))
    {
      g_set_error_literal (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MISMATCH,
                           _ ("This answer is to another invitation (or an old one replayed)"));
      return FALSE;
    }
  /* Our own invite sent back to us would have us play ourselves. */
  if (g_str_equal (answer->certificate, invite->certificate))
    {
      g_set_error_literal (error, SYN_INVITE_ERROR, SYN_INVITE_ERROR_MISMATCH,
                           _ ("This answer comes from the invitation's own certificate"));
      return FALSE;
    }
  return TRUE;
}
