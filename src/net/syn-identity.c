/* syn-identity.c: this installation's key and self-signed certificate (made with GnuTLS,
 * since GLib can read certificates but not make them), the peers met before, and the
 * fingerprint of a pair of certificates.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-identity"

#include "config.h"

#include "syn-identity.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <string.h>

#include "syn-text-file.h"

#define CERT_FILE "identity.pem"
#define KEY_FILE "identity-key.pem"
#define KNOWN_FILE "known-peers"
/* Bounds for a file anyone could have edited: the store is read once, whole. */
#define KNOWN_MAX_SIZE (1024 * 1024)
#define KNOWN_MAX_NAME 64

struct _SynIdentity
{
  GObject parent_instance;

  /* owned */
  char *dir;
  GTlsCertificate *certificate;
  GBytes *der;
  GHashTable *known; /* peer certificate digest (hex) -> name */
};

G_DEFINE_FINAL_TYPE (SynIdentity, syn_identity, G_TYPE_OBJECT)

static void
syn_identity_finalize (GObject *object)
{
  SynIdentity *self = SYN_IDENTITY (object);

  g_clear_pointer (&self->dir, g_free);
  g_clear_object (&self->certificate);
  g_clear_pointer (&self->der, g_bytes_unref);
  g_clear_pointer (&self->known, g_hash_table_unref);
  G_OBJECT_CLASS (syn_identity_parent_class)->finalize (object);
}

static void
syn_identity_class_init (SynIdentityClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = syn_identity_finalize;
}

static void
syn_identity_init (SynIdentity *self)
{
  self->known = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static gboolean
gnutls_failed (int rc, const char *what, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               /* Translators: the first %s says what was being done, the second why it failed. */
               _ ("Could not make this computer's certificate (%s): %s"), what,
               gnutls_strerror (rc));
  return FALSE;
}

/* A P-256 key and a certificate for it, signed by itself, as PEM. Nobody checks the
 * certificate against an authority: players compare the pair's fingerprint instead. */
static gboolean
make_certificate (char **cert_pem, char **key_pem, GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t cert_out = { NULL, 0 }, key_out = { NULL, 0 };
  unsigned char serial[16];
  time_t now = time (NULL);
  gboolean ok = FALSE;
  int rc;

  if ((rc = gnutls_x509_privkey_init (&key)) < 0
      || (rc = gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                             GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0))
             < 0)
    {
      gnutls_failed (rc, "key", error);
      goto out;
    }
  if ((rc = gnutls_x509_crt_init (&crt)) < 0)
    {
      gnutls_failed (rc, "certificate", error);
      goto out;
    }
  /* A positive serial number, random so that two installations never share one. */
  if ((rc = gnutls_rnd (GNUTLS_RND_NONCE, serial, sizeof serial)) < 0)
    {
      gnutls_failed (rc, "serial", error);
      goto out;
    }
  serial[0] &= 0x7f;
  serial[0] |= 0x01;
  if ((rc = gnutls_x509_crt_set_version (crt, 3)) < 0
      || (rc = gnutls_x509_crt_set_serial (crt, serial, sizeof serial)) < 0
      || (rc = gnutls_x509_crt_set_activation_time (crt, now - 24 * 3600)) < 0
      || (rc = gnutls_x509_crt_set_expiration_time (crt, GNUTLS_X509_NO_WELL_DEFINED_EXPIRATION))
             < 0
      || (rc = gnutls_x509_crt_set_dn (crt, "CN=Synchess player", NULL)) < 0
      || (rc = gnutls_x509_crt_set_key (crt, key)) < 0
      || (rc = gnutls_x509_crt_set_basic_constraints (crt, 0, -1)) < 0
      || (rc = gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE)) < 0
      || (rc = gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0)) < 0
      || (rc = gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_CLIENT, 0)) < 0
      || (rc = gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0)) < 0)
    {
      gnutls_failed (rc, "signing", error);
      goto out;
    }
  /* PKCS#8, the key form every TLS backend of GLib reads. */
  if ((rc = gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &cert_out)) < 0
      || (rc = gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL, GNUTLS_PKCS_PLAIN,
                                                  &key_out))
             < 0)
    {
      gnutls_failed (rc, "export", error);
      goto out;
    }
  *cert_pem = g_strndup ((const char *) cert_out.data, cert_out.size);
  *key_pem = g_strndup ((const char *) key_out.data, key_out.size);
  ok = TRUE;

out:
  if (key_out.data)
    {
      memset (key_out.data, 0, key_out.size);
      gnutls_free (key_out.data);
    }
  if (cert_out.data)
    gnutls_free (cert_out.data);
  if (crt)
    gnutls_x509_crt_deinit (crt);
  if (key)
    gnutls_x509_privkey_deinit (key);
  return ok;
}

static gboolean
create_files (const char *cert_path, const char *key_path, GError **error)
{
  g_autofree char *cert_pem = NULL;
  g_autofree char *key_pem = NULL;
  gboolean ok;

  if (!make_certificate (&cert_pem, &key_pem, error))
    return FALSE;
  /* The key is written first and private from the start: mode 0600 on creation, not after. */
  ok = g_file_set_contents_full (key_path, key_pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error)
       && g_file_set_contents_full (cert_path, cert_pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0644,
                                    error);
  memset (key_pem, 0, strlen (key_pem));
  return ok;
}

static GBytes *
certificate_der (GTlsCertificate *certificate)
{
  g_autoptr (GByteArray) der = NULL;

  if (!certificate)
    return NULL;
  g_object_get (certificate, "certificate", &der, NULL);
  if (!der || der->len == 0)
    return NULL;
  return g_bytes_new (der->data, der->len);
}

char *
syn_certificate_digest (GTlsCertificate *certificate)
{
  g_autoptr (GBytes) der = certificate_der (certificate);

  if (!der)
    return NULL;
  return g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, der);
}

static void
load_known (SynIdentity *self)
{
  g_autofree char *path = g_build_filename (self->dir, KNOWN_FILE, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  gsize length = 0;

  /* Only a regular file, read no further than a list can be: a FIFO or a huge file in its
   * place must not hang or swamp the program. */
  text = syn_text_file_load (file, KNOWN_MAX_SIZE + 1, &length, NULL);
  if (!text || length > KNOWN_MAX_SIZE)
    return;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      const char *line = lines[i];
      const char *space = strchr (line, ' ');
      gsize hex_length = space ? (gsize) (space - line) : strlen (line);
      gboolean hex = hex_length == 64;

      for (gsize k = 0; hex && k < 64; k++)
        hex = g_ascii_isxdigit (line[k]);
      /* A damaged line is skipped: at worst a peer is not recognised. */
      if (!hex)
        continue;
      g_hash_table_replace (self->known, g_ascii_strdown (line, 64),
                            g_utf8_make_valid (space ? space + 1 : "", -1));
    }
}

SynIdentity *
syn_identity_new_for_dir (const char *dir, GError **error)
{
  g_autoptr (SynIdentity) self = NULL;
  g_autofree char *cert_path = NULL;
  g_autofree char *key_path = NULL;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (SYN_TYPE_IDENTITY, NULL);
  self->dir = g_strdup (dir);
  cert_path = g_build_filename (dir, CERT_FILE, NULL);
  key_path = g_build_filename (dir, KEY_FILE, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _ ("Could not create the folder %s: %s"), dir, g_strerror (saved_errno));
      return NULL;
    }
  if (!g_file_test (cert_path, G_FILE_TEST_EXISTS) || !g_file_test (key_path, G_FILE_TEST_EXISTS))
    {
      if (!create_files (cert_path, key_path, error))
        return NULL;
    }
  self->certificate = g_tls_certificate_new_from_files (cert_path, key_path, error);
  if (!self->certificate)
    {
      g_prefix_error (error, _ ("Could not read this computer's certificate in %s: "), dir);
      return NULL;
    }
  self->der = certificate_der (self->certificate);
  if (!self->der)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _ ("Could not read this computer's certificate in %s"), dir);
      return NULL;
    }
  load_known (self);
  return g_steal_pointer (&self);
}

SynIdentity *
syn_identity_new_default (GError **error)
{
  g_autofree char *dir = g_build_filename (g_get_user_config_dir (), "synchess", NULL);

  return syn_identity_new_for_dir (dir, error);
}

GTlsCertificate *
syn_identity_get_certificate (SynIdentity *self)
{
  g_return_val_if_fail (SYN_IS_IDENTITY (self), NULL);

  return self->certificate;
}

const char *
syn_identity_get_dir (SynIdentity *self)
{
  g_return_val_if_fail (SYN_IS_IDENTITY (self), NULL);

  return self->dir;
}

static gboolean
pair_digest_bytes (SynIdentity *self, GTlsCertificate *peer, guint8 digest[32])
{
  g_autoptr (GBytes) other = certificate_der (peer);
  g_autoptr (GChecksum) checksum = NULL;
  GBytes *first, *second;
  gsize size = 32;

  if (!other)
    return FALSE;
  /* Sorted, so that both sides hash the same bytes whoever connected to whom. */
  if (g_bytes_compare (self->der, other) <= 0)
    first = self->der, second = other;
  else
    first = other, second = self->der;
  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (checksum, g_bytes_get_data (first, NULL), g_bytes_get_size (first));
  g_checksum_update (checksum, g_bytes_get_data (second, NULL), g_bytes_get_size (second));
  g_checksum_get_digest (checksum, digest, &size);
  return TRUE;
}

char *
syn_identity_pair_digest (SynIdentity *self, GTlsCertificate *peer)
{
  guint8 digest[32];
  GString *out;

  g_return_val_if_fail (SYN_IS_IDENTITY (self), NULL);

  if (!pair_digest_bytes (self, peer, digest))
    return NULL;
  out = g_string_sized_new (65);
  for (int i = 0; i < 32; i++)
    g_string_append_printf (out, "%02x", digest[i]);
  return g_string_free (out, FALSE);
}

char *
syn_identity_pair_fingerprint (SynIdentity *self, GTlsCertificate *peer)
{
  guint8 d[32];

  g_return_val_if_fail (SYN_IS_IDENTITY (self), NULL);

  /* 64 bits are plenty for two people comparing aloud: a man in the middle would have to
   * find a key pair matching them in the seconds of a handshake. */
  if (!pair_digest_bytes (self, peer, d))
    return NULL;
  return g_strdup_printf ("%02x%02x %02x%02x %02x%02x %02x%02x", d[0], d[1], d[2], d[3], d[4], d[5],
                          d[6], d[7]);
}

gboolean
syn_identity_knows (SynIdentity *self, GTlsCertificate *peer)
{
  g_autofree char *digest = NULL;

  g_return_val_if_fail (SYN_IS_IDENTITY (self), FALSE);

  digest = syn_certificate_digest (peer);
  return digest && g_hash_table_contains (self->known, digest);
}

/* A name as the known-peers file keeps it: one line per peer, so no line break or over-long
 * name from the network gets in. */
static char *
clean_name (const char *name)
{
  char *clean = g_utf8_make_valid (name ? name : "", -1);

  for (char *c = clean; *c; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      *c = ' ';
  if (strlen (clean) > KNOWN_MAX_NAME)
    {
      /* Cut at a character's first byte, so the name stays UTF-8. */
      gsize cut = KNOWN_MAX_NAME;
      while (cut > 0 && ((guchar) clean[cut] & 0xc0) == 0x80)
        cut--;
      clean[cut] = '\0';
    }
  return clean;
}

SynPeerKnown
syn_identity_lookup (SynIdentity *self, GTlsCertificate *peer, const char *name)
{
  g_autofree char *digest = NULL;
  g_autofree char *clean = NULL;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (SYN_IS_IDENTITY (self), SYN_PEER_KNOWN_NEW);

  digest = syn_certificate_digest (peer);
  if (digest && g_hash_table_contains (self->known, digest))
    return SYN_PEER_KNOWN_KEY;
  /* A name is only a claim, which anyone can make: one met before with another key may be
   * someone else. An empty name tells nothing. */
  clean = clean_name (name);
  if (!clean[0])
    return SYN_PEER_KNOWN_NEW;
  g_hash_table_iter_init (&iter, self->known);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (g_str_equal (value, clean))
      return SYN_PEER_KNOWN_NAME_NEW_KEY;
  return SYN_PEER_KNOWN_NEW;
}

gboolean
syn_identity_remember (SynIdentity *self, GTlsCertificate *peer, const char *name, GError **error)
{
  g_autofree char *digest = syn_certificate_digest (peer);
  g_autofree char *path = NULL;
  g_autoptr (GString) text = NULL;
  g_autofree char *clean = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (SYN_IS_IDENTITY (self), FALSE);

  if (!digest)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _ ("The other side's certificate cannot be read"));
      return FALSE;
    }
  clean = clean_name (name);
  value = g_hash_table_lookup (self->known, digest);
  if (value && g_str_equal (value, clean))
    return TRUE;
  g_hash_table_replace (self->known, g_steal_pointer (&digest), g_steal_pointer (&clean));

  text = g_string_new (NULL);
  g_hash_table_iter_init (&iter, self->known);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_string_append_printf (text, "%s %s\n", (const char *) key, (const char *) value);
  if (text->len > KNOWN_MAX_SIZE)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                           _ ("Too many known players to remember another"));
      return FALSE;
    }
  path = g_build_filename (self->dir, KNOWN_FILE, NULL);
  return g_file_set_contents_full (path, text->str, (gssize) text->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
