/* net-test-util.h: what the network tests share: private folders, waiting on the main loop,
 * a bot that plays a SynPeer's moves, and a raw client for playing the hostile peer.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "syn-identity.h"
#include "syn-peer.h"
#include "syn-protocol.h"

G_BEGIN_DECLS

/* Points XDG_CONFIG_HOME and XDG_DATA_HOME at a new temporary folder (before GLib reads
 * them) and returns it; net_test_cleanup() removes it. */
char *net_test_init_dirs (const char *name);
void net_test_cleanup (const char *dir);
void net_test_remove_tree (const char *path);

/* A fresh identity of its own under the test folder. */
SynIdentity *net_test_identity (const char *name);

/* Runs the main loop until *flag (or until the deadline, which fails the test). */
void net_test_wait (const gboolean *flag, int seconds, const char *what);
/* Runs the main loop for ms milliseconds. */
void net_test_spin (guint ms);

gboolean net_test_has_ipv6_loopback (void);
gint64 net_test_rss_kb (void);

/* A bot playing random legal moves for a peer, from the start of every turn. */
typedef struct
{
  SynPeer *peer;
  GRand *rand;
  guint idle_id;
  guint games_over;
  guint games_started;
  guint turns;
  guint errors;
  guint disconnects;
  guint refusals; /* moves refused by the other side's locks (TX-R5) */
  gboolean connected;
  gboolean started;
  gboolean over;
  gboolean disconnected;
  gboolean paused;    /* no moves while set */
  guint stop_at_turn; /* pause once the game reaches this many turns (0: never) */
  GError *last_error;
  GError *disconnect_error;
} NetBot;

NetBot *net_bot_new (SynPeer *peer, guint32 seed);
void net_bot_free (NetBot *bot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NetBot, net_bot_free)
/* Plays now if it is the bot's turn to choose (after a pause). */
void net_bot_poke (NetBot *bot);
/* Lets a paused bot play again, at once if it is its turn. */
void net_bot_resume (NetBot *bot);

/* Closes host (a fixture's, played by bot), and frees both. */
void net_test_close_host (SynPeer **host, NetBot **bot);

/* A host on address with its own identity, and a guest of its own, both with bots. */
typedef struct
{
  SynIdentity *host_identity, *guest_identity;
  SynPeer *host, *guest;
  NetBot *host_bot, *guest_bot;
  char *address;
} NetPair;

NetPair *net_pair_new (const char *address, const SynPeerOptions *options);
/* Connects the guest (again) and waits for the game to start. */
void net_pair_connect (NetPair *pair);
void net_pair_free (NetPair *pair);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NetPair, net_pair_free)

/* Runs the main loop until done (pair) holds; two minutes without fail the test. */
void net_pair_wait (NetPair *pair, gboolean (*done) (NetPair *pair), const char *what);
gboolean net_pair_both_over (NetPair *pair);
/* Both games over, or both bots paused at their stop_at_turn. */
gboolean net_pair_over_or_capped (NetPair *pair);
/* Waits for the end of the game; where the bots stopped at their cap, the host resigns. */
void net_pair_play_out (NetPair *pair);

/* The audits at the end of a Transactional game (TX-R17), counted on both sides. */
typedef struct
{
  guint audits;
  guint clean;
} NetAuditCount;

void net_audit_count_connect (NetAuditCount *count, NetPair *pair);
/* Waits (up to 30 s) for both sides' audits, and stops counting. */
void net_audit_count_wait (NetAuditCount *count, NetPair *pair);

/* The records both sides would compare: equal when the two games are the same. */
void net_assert_same_game (SynGame *a, SynGame *b);

/* The game autosaved as id, which must read; and the digest of its first turns, in hex. */
SynGame *net_test_saved_game (const char *id);
void net_test_saved_digest (const char *id, guint turns,
                            char hex[2 * SYN_PROTOCOL_DIGEST_SIZE + 1]);

/* A client that speaks raw lines, with blocking calls, run on a thread of its own while the
 * main thread runs the host's loop. */
typedef struct
{
  GSocketConnection *connection;
  GIOStream *stream;
  GDataInputStream *in;
  GOutputStream *out;
} RawClient;

RawClient *raw_client_connect (const char *address, guint16 port, SynIdentity *tls_identity,
                               GError **error);
/* The host's side of a raw connection: accepts one on listener, with TLS as identity. */
RawClient *raw_client_accept (GSocketListener *listener, SynIdentity *identity);
gboolean raw_client_send (RawClient *client, const char *line, GError **error);
/* Sends a line made from format, failing the test if it cannot; or, where the other side may
 * have hung up (some cases expect it), only saying so in the debug log. */
void raw_client_sendf (RawClient *client, const char *format, ...) G_GNUC_PRINTF (2, 3);
void raw_client_sendf_if_open (RawClient *client, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* The next line without its LF; NULL at the end or after timeout_s seconds. */
char *raw_client_read_line (RawClient *client, GError **error);
/* The next line that is not a ping or pong (answering pings is left out on purpose). */
char *raw_client_read_message (RawClient *client, GError **error);
/* The next message, which must start with prefix, after any that start with one of passing
 * (NULL-terminated, or NULL for none); anything else fails the test. */
char *raw_client_expect (RawClient *client, const char *prefix, const char *const *passing);
/* A line of the protocol, which must read. */
SynMessage net_test_parse (const char *line);
/* The peer's certificate is not the question (a "accept-certificate" handler). */
gboolean net_test_accept_any_cb (GTlsConnection *connection, GTlsCertificate *certificate,
                                 GTlsCertificateFlags errors, gpointer user_data);
/* A fresh random salt, and its hex. */
void net_test_random_salt (guint8 salt[SYN_PROTOCOL_SALT_SIZE],
                           char hex[2 * SYN_PROTOCOL_SALT_SIZE + 1]);
/* The lines of colour's commitment to move at turn (reporting 0 ms used) and of its reveal,
 * with a fresh salt. */
void net_test_commitment (const char *id, guint turn, SynColour colour, const char *move,
                          char **commit, char **reveal);
/* Closes socket with a reset, as a crashed or cut-off peer does. */
void net_test_reset_socket (GSocket *socket);
void raw_client_free (RawClient *client);
/* Resigns, says bye a moment later (the resignation read first), and frees client. */
void raw_client_leave (RawClient *client);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RawClient, raw_client_free)

/* Runs func on a thread and the main loop until it returns; returns its result. */
gpointer net_test_run_thread (GThreadFunc func, gpointer data, int seconds);

/* A program the test runs (synchess-cli, mostly), its output read line by line. */
typedef struct
{
  GSubprocess *process;
  GDataInputStream *out, *err;
  char *dir;         /* its own folders: dir/config, dir/data */
  GString *err_text; /* the stderr read so far */
  gboolean exited;
} NetCli;

/* A launcher with stdout and stderr piped, XDG_CONFIG_HOME and XDG_DATA_HOME under dir, and
 * G_MESSAGES_DEBUG unset. */
GSubprocessLauncher *net_cli_launcher (const char *dir);
/* Spawns argv (NULL-terminated) with launcher; the program's folders are under dir. */
NetCli *net_cli_spawnv (GSubprocessLauncher *launcher, const char *dir, const char *const *argv);
/* $SYNCHESS_CLI and args (NULL-terminated), NULL-terminated: a command to spawn. */
GPtrArray *net_cli_argv (const char *const *args);
/* synchess-cli with args, with folders of its own under dir. */
NetCli *net_cli_spawn (const char *dir, const char *const *args);
/* Killed if it still runs. */
void net_cli_free (NetCli *cli);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NetCli, net_cli_free)
/* The next stderr line, kept in err_text too; NULL at the end. */
char *net_cli_read_err_line (NetCli *cli);
/* A host's port, from its "listening on port N" line. */
guint16 net_cli_read_port (NetCli *cli);
/* Waits (up to two minutes) for the program's end with expected_status (or killed by a
 * signal: NET_CLI_KILLED); returns its stdout lines, its stderr goes to err_text. */
#define NET_CLI_KILLED (-1)
GPtrArray *net_cli_wait (NetCli *cli, int expected_status);
/* The record saved under cli's data folder of the game on a result line ("... id=ID"),
 * without the lines that say who sat where. */
char *net_cli_saved_record (NetCli *cli, const char *line);

G_END_DECLS
