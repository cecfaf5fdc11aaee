/* test-soak.c: many bot games between synchess-cli host and join under random faults: either
 * program killed and started again on the same folders, stopped for a while (longer than the
 * silence limit or not), and its connection cut by a relay between the two. Every game must
 * end with the same record on both sides, nothing may hang, and a host that lives through
 * hundreds of games must not grow.
 *
 * Three pairs play at once (the programs wait on each other more than they compute). Pair
 * "a" has one host for all its games (its memory is sampled); its host is stopped but never
 * killed. Pairs "b" and "c" play segments, each with a host of its own rule set and clock,
 * and take every kind of fault.
 *
 * Every problem is listed (with the seed) before the test fails. A game that plays no turn for
 * 20 s is reported as stalled; one that plays none for longer than the abandonment time hangs,
 * and both its programs are killed so the run goes on. Problems in games with a clock, and
 * games over on one side only, are reported in cases of their own. A Transactional game left
 * unfinished a turn apart is a problem like any other: it is brought forward on resuming
 * (docs/protocol.md, "Resuming a Transactional game").
 *
 * SYNCHESS_SOAK_GAMES sets the number of games (1000 by default), SYNCHESS_SOAK_SEED the
 * seed of the fault schedule and of the bots (printed, so a failure can be replayed; the
 * timing of the faults against the games still varies from run to run), and
 * SYNCHESS_SOAK_VARIANT, when set, the rule set of pairs "b" and "c" ("transactional").
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "net-test-util.h"

/* No turn for this long is a stall: more than the longest stop, the silence limit and a
 * reconnection together. */
#define STALL_SECONDS 20
/* No turn for this long hangs: more than the abandonment time, after which a claim would have
 * ended the game. */
#define HANG_SECONDS (SYN_PEER_ABANDON_SECONDS + 10)
#define TICK_MS 50
#define SEGMENT_GAMES 25
#define FAULT_CHANCE 0.45
#define N_PAIRS 3
/* The host's memory may vary this much between the start and the end of the run (allocator
 * noise, caches filled once); a leak of ten kilobytes a game over hundreds of games is more.
 * Sampling starts after the first quarter of the games: the host takes a step of a few
 * megabytes early in a run with faults, and then stays flat. */
#define RSS_TOLERANCE_KB 3072

static char *test_dir;
static GRand *rand_;
static guint32 seed;
static gint64 start_time;
static GPtrArray *problems;
/* Problems in games with a clock go here, so that a case tells them apart. */
static GPtrArray *clock_problems;
static GPtrArray *problem_sink;
/* Games over on one side and unfinished on the other, kept apart too. */
static GPtrArray *one_sided_problems;
/* What the run measured, for the cases after it. */
static guint soak_games, soak_faults, soak_resumes, soak_host_games, soak_host_restarts;
static gint64 soak_rss_start, soak_rss_end;

typedef enum
{
  FAULT_KILL_JOIN,
  FAULT_KILL_HOST,
  FAULT_STOP_JOIN_SHORT,
  FAULT_STOP_JOIN_LONG,
  FAULT_STOP_HOST_SHORT,
  FAULT_STOP_HOST_LONG,
  FAULT_CUT,
  N_FAULTS
} Fault;

static const char *const fault_names[N_FAULTS] = {
  "kill joiner",     "kill host",       "stop joiner < 5 s", "stop joiner > 5 s",
  "stop host < 5 s", "stop host > 5 s", "cut connection",
};
/* Relative weights of the faults. */
static const guint fault_weights[N_FAULTS] = { 3, 3, 2, 1, 2, 1, 3 };
static guint fault_counts[N_FAULTS];

static void problem (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
problem (const char *format, ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_test_message ("PROBLEM (seed %u)%s: %s", seed,
                  problem_sink == clock_problems       ? " with a clock"
                  : problem_sink == one_sided_problems ? " over on one side only"
                                                       : "",
                  text);
  g_ptr_array_add (problem_sink, text);
}

/* The relay -------------------------------------------------------------------------------- */

/* Joiners connect to the relay, which connects to the host's current port and copies bytes
 * both ways, so the test can cut a connection as a broken network would, and the host may
 * move to another port when it is started again. */
typedef struct
{
  GSocketService *service;
  guint16 port;
  guint16 target_port;
  GList *links;
  guint cuts;
} Relay;

typedef struct Link Link;

typedef struct
{
  Link *link;
  GInputStream *in;
  GOutputStream *out;
  guint8 buffer[16384];
} Pump;

struct Link
{
  Relay *relay;
  GSocketConnection *outer, *inner;
  GCancellable *cancellable;
  Pump pumps[2];
  int pending;
  gboolean closed;
};

static void
link_unref (Link *link)
{
  if (--link->pending > 0)
    return;
  link->relay->links = g_list_remove (link->relay->links, link);
  g_clear_object (&link->outer);
  g_clear_object (&link->inner);
  g_clear_object (&link->cancellable);
  g_free (link);
}

/* Either end closing, or the test cutting, ends both: a broken network, or a closed one. */
static void
link_close (Link *link)
{
  if (link->closed)
    return;
  link->closed = TRUE;
  g_cancellable_cancel (link->cancellable);
  if (link->outer)
    g_socket_close (g_socket_connection_get_socket (link->outer), NULL);
  if (link->inner)
    g_socket_close (g_socket_connection_get_socket (link->inner), NULL);
}

static void pump_read (Pump *pump);

static void
on_pump_written_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Pump *pump = user_data;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL)
      || pump->link->closed)
    {
      link_close (pump->link);
      link_unref (pump->link);
      return;
    }
  pump_read (pump);
}

static void
on_pump_read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Pump *pump = user_data;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, NULL);

  if (n <= 0 || pump->link->closed)
    {
      link_close (pump->link);
      link_unref (pump->link);
      return;
    }
  g_output_stream_write_all_async (pump->out, pump->buffer, (gsize) n, G_PRIORITY_DEFAULT,
                                   pump->link->cancellable, on_pump_written_cb, pump);
}

static void
pump_read (Pump *pump)
{
  g_input_stream_read_async (pump->in, pump->buffer, sizeof pump->buffer, G_PRIORITY_DEFAULT,
                             pump->link->cancellable, on_pump_read_cb, pump);
}

static void
on_inner_connected_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Link *link = user_data;

  link->inner = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, NULL);
  if (!link->inner || link->closed)
    {
      link_close (link);
      link_unref (link);
      return;
    }
  /* Without it a relayed message may wait for the last one's acknowledgement (Nagle), and
   * the relay would slow each turn down by tens of milliseconds. */
  g_socket_set_option (g_socket_connection_get_socket (link->outer), IPPROTO_TCP, TCP_NODELAY, 1,
                       NULL);
  g_socket_set_option (g_socket_connection_get_socket (link->inner), IPPROTO_TCP, TCP_NODELAY, 1,
                       NULL);
  link->pending = 2;
  link->pumps[0] = (Pump){ link,
                           g_io_stream_get_input_stream (G_IO_STREAM (link->outer)),
                           g_io_stream_get_output_stream (G_IO_STREAM (link->inner)),
                           { 0 } };
  link->pumps[1] = (Pump){ link,
                           g_io_stream_get_input_stream (G_IO_STREAM (link->inner)),
                           g_io_stream_get_output_stream (G_IO_STREAM (link->outer)),
                           { 0 } };
  pump_read (&link->pumps[0]);
  pump_read (&link->pumps[1]);
}

static gboolean
on_relay_incoming_cb (GSocketService *service, GSocketConnection *connection,
                      GObject *source_object, gpointer user_data)
{
  Relay *relay = user_data;
  Link *link = g_new0 (Link, 1);
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) target = NULL;

  link->relay = relay;
  link->outer = g_object_ref (connection);
  link->cancellable = g_cancellable_new ();
  link->pending = 1;
  relay->links = g_list_prepend (relay->links, link);
  if (relay->target_port == 0)
    {
      /* No host yet: the joiner finds the connection closed and is started again. */
      link_close (link);
      link_unref (link);
      return TRUE;
    }
  target = g_inet_socket_address_new (loopback, relay->target_port);
  g_socket_client_connect_async (client, G_SOCKET_CONNECTABLE (target), link->cancellable,
                                 on_inner_connected_cb, link);
  return TRUE;
}

static Relay *
relay_new (void)
{
  Relay *relay = g_new0 (Relay, 1);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GError) error = NULL;

  relay->service = g_socket_service_new ();
  g_socket_listener_add_address (G_SOCKET_LISTENER (relay->service), address, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error);
  g_assert_no_error (error);
  relay->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect (relay->service, "incoming", G_CALLBACK (on_relay_incoming_cb), relay);
  g_socket_service_start (relay->service);
  return relay;
}

static void
relay_cut (Relay *relay)
{
  for (GList *l = relay->links; l; l = l->next)
    link_close (l->data);
  relay->cuts++;
}

static void
relay_free (Relay *relay)
{
  g_socket_service_stop (relay->service);
  g_socket_listener_close (G_SOCKET_LISTENER (relay->service));
  relay_cut (relay);
  /* The pumps end once their cancelled operations report back. */
  while (relay->links)
    g_main_context_iteration (NULL, TRUE);
  g_object_unref (relay->service);
  g_free (relay);
}

/* The programs ----------------------------------------------------------------------------- */

typedef struct
{
  GSubprocess *process;
  int pid;
  char *out_path, *err_path;
  gboolean exited;
  gboolean stopped;
  gboolean killed; /* by the test */
  gint64 started_at;
} Proc;

/* A child dies with the test, so a failed assertion leaves no program behind. */
static void
child_setup (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
on_proc_exited_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Proc *proc = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  proc->exited = TRUE;
}

/* Runs synchess-cli on the configuration and data folders under dir; its output goes to files
 * there, one pair per start (incarnation). */
static Proc *
proc_spawn (const char *dir, guint incarnation, const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *config = g_build_filename (dir, "config", NULL);
  g_autofree char *data = g_build_filename (dir, "data", NULL);
  g_autofree char *out_name = g_strdup_printf ("out-%03u.txt", incarnation);
  g_autofree char *err_name = g_strdup_printf ("err-%03u.txt", incarnation);
  const char *cli_path = g_getenv ("SYNCHESS_CLI");
  Proc *proc = g_new0 (Proc, 1);

  g_assert_nonnull (cli_path);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  proc->out_path = g_build_filename (dir, out_name, NULL);
  proc->err_path = g_build_filename (dir, err_name, NULL);
  g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", config, TRUE);
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", data, TRUE);
  g_subprocess_launcher_unsetenv (launcher, "G_MESSAGES_DEBUG");
  g_subprocess_launcher_set_stdout_file_path (launcher, proc->out_path);
  g_subprocess_launcher_set_stderr_file_path (launcher, proc->err_path);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  g_ptr_array_add (argv, (gpointer) cli_path);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc->process
      = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  proc->pid = atoi (g_subprocess_get_identifier (proc->process));
  proc->started_at = g_get_monotonic_time ();
  g_subprocess_wait_async (proc->process, NULL, on_proc_exited_cb, proc);
  return proc;
}

static void
proc_signal (Proc *proc, int signal_number)
{
  if (proc->exited)
    return;
  kill (proc->pid, signal_number);
  if (signal_number == SIGSTOP)
    proc->stopped = TRUE;
  else if (signal_number == SIGCONT)
    proc->stopped = FALSE;
  else if (signal_number == SIGKILL)
    proc->killed = TRUE;
}

/* What became of a program that ended, for the report. */
static char *
proc_describe (Proc *proc)
{
  g_autofree char *err = NULL;

  g_file_get_contents (proc->err_path, &err, NULL, NULL);
  if (g_subprocess_get_if_signaled (proc->process))
    return g_strdup_printf ("signal %d; stderr:\n%s", g_subprocess_get_term_sig (proc->process),
                            err ? err : "");
  return g_strdup_printf ("exit %d; stderr:\n%s", g_subprocess_get_exit_status (proc->process),
                          err ? err : "");
}

static void
proc_free (Proc *proc)
{
  if (!proc)
    return;
  if (!proc->exited)
    {
      proc_signal (proc, SIGKILL);
      proc_signal (proc, SIGCONT);
      while (!proc->exited)
        g_main_context_iteration (NULL, TRUE);
    }
  g_object_unref (proc->process);
  g_free (proc->out_path);
  g_free (proc->err_path);
  g_free (proc);
}

static guint
count_lines (const char *path)
{
  g_autofree char *text = NULL;
  guint n = 0;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  for (const char *p = text; *p; p++)
    n += *p == '\n';
  return n;
}

static gint64
rss_kb (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", pid);
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents (path, &status, NULL, NULL))
    return -1;
  line = strstr (status, "VmRSS:");
  return line ? g_ascii_strtoll (line + 6, NULL, 10) : -1;
}

/* The pairs -------------------------------------------------------------------------------- */

typedef struct
{
  char *host_dir, *join_dir;
  guint games;
  const char *variant;
  const char *time_control;
  guint number;
} Segment;

typedef struct
{
  const char *name;
  gboolean long_lived; /* one host for all games, never killed */
  guint games_wanted;
  guint games_before; /* finished in earlier segments */
  Relay *relay;
  GPtrArray *segments;
  Segment *segment;
  guint host_lines_before; /* of the segment's earlier host incarnations */
  guint host_incarnation, join_incarnation;
  Proc *host, *join;
  gboolean host_port_known;
  gint64 join_start_at;
  gint64 next_fault_at;
  gint64 cont_at;
  Proc *stopped;
  gint64 last_progress_at;
  gint64 next_progress_check_at;
  gint64 progress_signature;
  gboolean stall_reported;
  guint hangs;
  guint last_games;
  gboolean done;
  guint host_restarts, join_restarts;
  GArray *rss; /* gint64 kB, of the long-lived host, once a second after a quarter of its games */
  gint64 next_rss_at;
} Pair;

static const char *const variants[] = { "psc", "hk", "hutnik", "synchrone", "transactional" };
/* "-": no clock; no increment, so a game stuck with its connection up ends on time; 8+0 is
 * short enough that a stop can lose a game on time. */
static const char *const time_controls[] = { "-", "-", "30+0", "8+0" };

static gint64
random_us (double min_s, double max_s)
{
  return (gint64) (g_rand_double_range (rand_, min_s, max_s) * G_USEC_PER_SEC);
}

static guint
pair_games (Pair *pair)
{
  guint lines = pair->host_lines_before;

  if (pair->host)
    lines += count_lines (pair->host->out_path);
  return lines;
}

/* Changes with every turn either program saves: the sizes of the host's saved games. */
static gint64
progress_signature (const char *host_dir)
{
  g_autofree char *games_dir = g_build_filename (host_dir, "data", "synchess", "games", NULL);
  g_autoptr (GDir) dir = g_dir_open (games_dir, 0, NULL);
  const char *name;
  gint64 sum = 0;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (games_dir, name, NULL);
      GStatBuf buf;

      if (g_stat (path, &buf) == 0)
        sum += buf.st_size + buf.st_mtime;
    }
  return sum;
}

static char *
last_lines (const char *path, guint n)
{
  g_autofree char *text = NULL;
  const char *p;
  guint seen = 0;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return g_strdup ("");
  for (p = text + strlen (text); p > text; p--)
    if (p[-1] == '\n' && p[0] && ++seen > n)
      break;
  return g_strdup (p);
}

/* The last words of both programs, for a report. */
static char *
pair_state (Pair *pair)
{
  g_autofree char *host = pair->host ? last_lines (pair->host->err_path, 3) : g_strdup ("gone");
  g_autofree char *join = pair->join ? last_lines (pair->join->err_path, 3) : g_strdup ("gone");

  return g_strdup_printf ("host:\n%sjoiner:\n%s", host, join);
}

static void
start_segment (Pair *pair)
{
  Segment *segment = g_new0 (Segment, 1);

  segment->number = pair->segments->len;
  segment->host_dir = g_strdup_printf ("%s/%s-%02u-host", test_dir, pair->name, segment->number);
  segment->join_dir = g_strdup_printf ("%s/%s-%02u-join", test_dir, pair->name, segment->number);
  if (pair->long_lived)
    {
      segment->games = pair->games_wanted;
      segment->variant = "psc";
      segment->time_control = "-";
    }
  else
    {
      segment->games = MIN (SEGMENT_GAMES, pair->games_wanted - pair->games_before);
      segment->variant = variants[g_rand_int_range (rand_, 0, G_N_ELEMENTS (variants))];
      /* Drawn all the same, so that the rest of the schedule does not change. */
      if (g_getenv ("SYNCHESS_SOAK_VARIANT"))
        segment->variant = g_getenv ("SYNCHESS_SOAK_VARIANT");
      segment->time_control
          = time_controls[g_rand_int_range (rand_, 0, G_N_ELEMENTS (time_controls))];
    }
  g_ptr_array_add (pair->segments, segment);
  pair->segment = segment;
  pair->host_lines_before = 0;
  pair->host_incarnation = pair->join_incarnation = 0;
  g_test_message ("pair %s segment %u: %u games of %s, clock %s", pair->name, segment->number,
                  segment->games, segment->variant, segment->time_control);
}

static void
spawn_host (Pair *pair)
{
  Segment *segment = pair->segment;
  g_autofree char *games = g_strdup_printf ("%u", segment->games - pair->host_lines_before);
  g_autofree char *bot_seed = g_strdup_printf ("%u", g_rand_int (rand_));
  const char *args[]
      = { "host", "--listen",       "127.0.0.1",           "--port", "0",      "--games",
          games,  "--variant",      segment->variant,      "--seed", bot_seed, "--move-delay",
          "0",    "--time-control", segment->time_control, NULL };

  pair->host = proc_spawn (segment->host_dir, pair->host_incarnation++, args);
  pair->host_port_known = FALSE;
  pair->relay->target_port = 0;
}

static void
spawn_join (Pair *pair)
{
  g_autofree char *port = g_strdup_printf ("%u", pair->relay->port);
  g_autofree char *bot_seed = g_strdup_printf ("%u", g_rand_int (rand_));
  const char *args[] = { "join", "127.0.0.1", port, "--seed", bot_seed, "--move-delay", "0", NULL };

  pair->join = proc_spawn (pair->segment->join_dir, pair->join_incarnation++, args);
}

/* The host's port, once it has said it listens. */
static void
read_host_port (Pair *pair)
{
  g_autofree char *err = NULL;
  const char *number;

  if (!g_file_get_contents (pair->host->err_path, &err, NULL, NULL))
    return;
  number = strstr (err, "listening on port ");
  if (!number || !strchr (number, '\n'))
    return;
  pair->relay->target_port
      = (guint16) g_ascii_strtoull (number + strlen ("listening on port "), NULL, 10);
  pair->host_port_known = TRUE;
}

static void
apply_fault (Pair *pair, gint64 now)
{
  guint total = 0, pick;
  Fault fault;

  for (guint i = 0; i < N_FAULTS; i++)
    if (i != FAULT_KILL_HOST || !pair->long_lived)
      total += fault_weights[i];
  pick = g_rand_int_range (rand_, 0, (gint32) total);
  for (fault = 0; fault < N_FAULTS; fault++)
    {
      if (fault == FAULT_KILL_HOST && pair->long_lived)
        continue;
      if (pick < fault_weights[fault])
        break;
      pick -= fault_weights[fault];
    }
  fault_counts[fault]++;
  switch (fault)
    {
    case FAULT_KILL_JOIN:
      proc_signal (pair->join, SIGKILL);
      break;
    case FAULT_KILL_HOST:
      proc_signal (pair->host, SIGKILL);
      break;
    case FAULT_STOP_JOIN_SHORT:
    case FAULT_STOP_JOIN_LONG:
    case FAULT_STOP_HOST_SHORT:
    case FAULT_STOP_HOST_LONG:
      pair->stopped = fault <= FAULT_STOP_JOIN_LONG ? pair->join : pair->host;
      proc_signal (pair->stopped, SIGSTOP);
      if (fault == FAULT_STOP_JOIN_SHORT || fault == FAULT_STOP_HOST_SHORT)
        pair->cont_at = now + random_us (0.3, 3.0);
      else
        pair->cont_at = now + random_us (5.5, 6.5);
      break;
    case FAULT_CUT:
      relay_cut (pair->relay);
      break;
    case N_FAULTS:
      g_assert_not_reached ();
    }
}

/* One step of a pair: programs started again, faults begun and ended, hangs found. */
static void
pair_tick (Pair *pair, gint64 now)
{
  Segment *segment = pair->segment;
  guint games;

  if (pair->done)
    return;
  if (pair->stopped && now >= pair->cont_at)
    {
      proc_signal (pair->stopped, SIGCONT);
      pair->stopped = NULL;
    }

  games = pair_games (pair);
  if (games != pair->last_games || pair->next_fault_at == 0)
    {
      pair->last_games = games;
      /* Some games meet one fault, somewhere in their first second. */
      pair->next_fault_at
          = g_rand_double (rand_) < FAULT_CHANCE ? now + random_us (0.05, 1.0) : G_MAXINT64;
    }
  if (now >= pair->next_progress_check_at)
    {
      gint64 signature = progress_signature (segment->host_dir) + games;

      if (signature != pair->progress_signature)
        {
          pair->progress_signature = signature;
          pair->last_progress_at = now;
          pair->stall_reported = FALSE;
        }
      pair->next_progress_check_at = now + G_USEC_PER_SEC;
    }
  problem_sink = g_str_equal (segment->time_control, "-") ? problems : clock_problems;
  if (!pair->stall_reported && now - pair->last_progress_at > STALL_SECONDS * G_USEC_PER_SEC)
    {
      g_autofree char *state = pair_state (pair);
      problem ("pair %s segment %u game %u (%s, clock %s): no turn played for %d s; %s", pair->name,
               segment->number, games + 1, segment->variant, segment->time_control, STALL_SECONDS,
               state);
      pair->stall_reported = TRUE;
    }
  if (now - pair->last_progress_at > HANG_SECONDS * G_USEC_PER_SEC)
    {
      /* Reported; both programs are killed and started again, so the soak goes on. */
      problem ("pair %s segment %u game %u (%s, clock %s): hangs, no turn played for %d s: both "
               "programs killed",
               pair->name, segment->number, games + 1, segment->variant, segment->time_control,
               HANG_SECONDS);
      pair->hangs++;
      if (pair->stopped)
        {
          proc_signal (pair->stopped, SIGCONT);
          pair->stopped = NULL;
        }
      if (pair->host)
        proc_signal (pair->host, SIGKILL);
      if (pair->join)
        proc_signal (pair->join, SIGKILL);
      pair->last_progress_at = now;
    }

  if (pair->host && pair->host->exited)
    {
      gboolean ok_exit = g_subprocess_get_if_exited (pair->host->process)
                         && g_subprocess_get_exit_status (pair->host->process) == 0
                         && games == segment->games;

      if (!ok_exit && !pair->host->killed)
        {
          g_autofree char *what = proc_describe (pair->host);
          problem ("pair %s segment %u: the host ended at game %u of %u (%s, clock %s): %s",
                   pair->name, segment->number, games + 1, segment->games, segment->variant,
                   segment->time_control, what);
        }
      pair->host_lines_before = games;
      if (pair->stopped == pair->host)
        pair->stopped = NULL;
      g_clear_pointer (&pair->host, proc_free);
    }
  if (pair->join && pair->join->exited)
    {
      if (games < segment->games)
        {
          pair->join_restarts++;
          /* A short pause, as a player would take, but sometimes at once. */
          pair->join_start_at = now + random_us (0, 0.3);
        }
      if (pair->stopped == pair->join)
        pair->stopped = NULL;
      g_clear_pointer (&pair->join, proc_free);
    }

  if (games >= segment->games)
    {
      /* The segment is over once both programs have ended. */
      if (pair->host || pair->join)
        return;
      pair->games_before += segment->games;
      g_test_message ("pair %s segment %u done after %.1f s", pair->name, segment->number,
                      (now - start_time) / (double) G_USEC_PER_SEC);
      if (pair->games_before >= pair->games_wanted)
        {
          pair->done = TRUE;
          return;
        }
      start_segment (pair);
      segment = pair->segment;
      pair->join_start_at = now;
    }

  if (!pair->host)
    {
      if (pair->host_incarnation > 0)
        pair->host_restarts++;
      spawn_host (pair);
    }
  if (!pair->host_port_known)
    read_host_port (pair);
  if (!pair->join && pair->host_port_known && now >= pair->join_start_at)
    spawn_join (pair);

  if (pair->long_lived && pair->host && now >= pair->next_rss_at
      && pair_games (pair) >= pair->games_wanted / 4)
    {
      gint64 kb = rss_kb (pair->host->pid);
      if (kb > 0)
        g_array_append_val (pair->rss, kb);
      pair->next_rss_at = now + G_USEC_PER_SEC;
    }

  if (!pair->stopped && pair->host && pair->join && pair->host_port_known && !pair->host->killed
      && !pair->join->killed && now >= pair->next_fault_at)
    {
      apply_fault (pair, now);
      pair->next_fault_at = G_MAXINT64;
    }
}

/* The checks ------------------------------------------------------------------------------- */

/* The saved record of a game without the lines that say who sat where and how it meets the
 * other again (docs/protocol.md, "The digest"); NULL when there is none. */
static char *
saved_record (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, "data", "synchess", "games", name, NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GString *out;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  out = g_string_new (NULL);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "[WhiteType ") && !g_str_has_prefix (lines[i], "[BlackType ")
        && !g_str_has_prefix (lines[i], "[NetReconnect "))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_string_free (out, FALSE);
}

/* The lines of every start of the program whose output is under dir. */
static GPtrArray *
all_lines (const char *dir, const char *prefix)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0;; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%03u.txt", prefix, i);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;
      g_auto (GStrv) split = NULL;

      if (!g_file_get_contents (path, &text, NULL, NULL))
        break;
      split = g_strsplit (text, "\n", -1);
      for (guint k = 0; split[k]; k++)
        if (split[k][0])
          g_ptr_array_add (lines, g_strdup (split[k]));
    }
  return lines;
}

/* The first line where two records differ, both ways. */
static char *
first_difference (const char *a, const char *b)
{
  g_auto (GStrv) a_lines = g_strsplit (a, "\n", -1);
  g_auto (GStrv) b_lines = g_strsplit (b, "\n", -1);
  guint i;

  for (i = 0; a_lines[i] && b_lines[i]; i++)
    if (!g_str_equal (a_lines[i], b_lines[i]))
      break;
  return g_strdup_printf ("line %u: host '%s', joiner '%s'", i + 1,
                          a_lines[i] ? a_lines[i] : "(end)", b_lines[i] ? b_lines[i] : "(end)");
}

static guint
count_in_lines (GPtrArray *lines, const char *needle)
{
  guint n = 0;

  for (guint i = 0; i < lines->len; i++)
    n += strstr (g_ptr_array_index (lines, i), needle) != NULL;
  return n;
}

static gboolean
has_line (GPtrArray *lines, const char *line)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_equal (g_ptr_array_index (lines, i), line))
      return TRUE;
  return FALSE;
}

static void
check_segment (Pair *pair, Segment *segment, guint *resumes, guint *claims)
{
  g_autoptr (GPtrArray) host_lines = all_lines (segment->host_dir, "out");
  g_autoptr (GPtrArray) join_lines = all_lines (segment->join_dir, "out");
  g_autoptr (GPtrArray) join_err = all_lines (segment->join_dir, "err");
  g_autoptr (GPtrArray) host_err = all_lines (segment->host_dir, "err");
  g_autofree char *games_dir
      = g_build_filename (segment->host_dir, "data", "synchess", "games", NULL);
  g_autofree char *join_games_dir
      = g_build_filename (segment->join_dir, "data", "synchess", "games", NULL);
  g_autoptr (GDir) dir = NULL;
  const char *name;
  const char *where = segment->variant;

  problem_sink = g_str_equal (segment->time_control, "-") ? problems : clock_problems;

  *resumes += count_in_lines (join_err, "resuming game");
  *claims += count_in_lines (join_err, "abandoned the game")
             + count_in_lines (host_err, "abandoned the game");
  if (host_lines->len != segment->games)
    problem ("pair %s segment %u (%s, clock %s): the host reported %u games, not %u", pair->name,
             segment->number, where, segment->time_control, host_lines->len, segment->games);
  for (guint i = 0; i < host_lines->len; i++)
    {
      const char *line = g_ptr_array_index (host_lines, i);

      if (!g_regex_match_simple ("^(1-0|0-1|1/2-1/2) (king-frozen|checkmate|both-lost|stalemate|"
                                 "fifty-turns|time|hidden-attack|king-captured|repetition) "
                                 "turns=[0-9]+ fog=no id=[0-9A-Za-z-]+$",
                                 line, 0, 0))
        problem ("pair %s segment %u game %u (%s, clock %s): unexpected result line '%s'",
                 pair->name, segment->number, i + 1, where, segment->time_control, line);
      if (!has_line (join_lines, line))
        problem ("pair %s segment %u game %u (%s, clock %s): the host's '%s' is not among the "
                 "joiner's results",
                 pair->name, segment->number, i + 1, where, segment->time_control, line);
    }
  for (guint i = 0; i < join_lines->len; i++)
    if (!has_line (host_lines, g_ptr_array_index (join_lines, i)))
      problem ("pair %s segment %u (%s, clock %s): the joiner's '%s' is not among the host's "
               "results",
               pair->name, segment->number, where, segment->time_control,
               (const char *) g_ptr_array_index (join_lines, i));

  /* Every game either side saved: both hold it, finished, and the same. */
  dir = g_dir_open (games_dir, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *host_record = NULL;
      g_autofree char *join_record = NULL;

      if (!g_str_has_suffix (name, ".synchess"))
        continue;
      host_record = saved_record (segment->host_dir, name);
      join_record = saved_record (segment->join_dir, name);
      if (!join_record)
        problem ("pair %s segment %u (%s, clock %s): game %s is saved by the host only", pair->name,
                 segment->number, where, segment->time_control, name);
      else if (g_strcmp0 (host_record, join_record) != 0)
        {
          g_autofree char *difference = first_difference (host_record, join_record);
          GPtrArray *sink = problem_sink;

          if ((strstr (host_record, "[Result \"*\"]") != NULL)
              != (strstr (join_record, "[Result \"*\"]") != NULL))
            problem_sink = one_sided_problems;
          problem ("pair %s segment %u (%s, clock %s): game %s differs, first at %s", pair->name,
                   segment->number, where, segment->time_control, name, difference);
          problem_sink = sink;
        }
      else if (strstr (host_record, "[Result \"*\"]"))
        problem ("pair %s segment %u (%s, clock %s): game %s was left unfinished", pair->name,
                 segment->number, where, segment->time_control, name);
    }
  g_clear_pointer (&dir, g_dir_close);
  dir = g_dir_open (join_games_dir, 0, NULL);
  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *host_record = NULL;

      if (!g_str_has_suffix (name, ".synchess"))
        continue;
      host_record = saved_record (segment->host_dir, name);
      if (!host_record)
        problem ("pair %s segment %u (%s, clock %s): game %s is saved by the joiner only",
                 pair->name, segment->number, where, segment->time_control, name);
    }
}

static gboolean
on_tick_cb (gpointer user_data)
{
  Pair *pairs = user_data;

  for (guint p = 0; p < N_PAIRS; p++)
    pair_tick (&pairs[p], g_get_monotonic_time ());
  return G_SOURCE_CONTINUE;
}

static guint
env_number (const char *name, guint fallback)
{
  const char *text = g_getenv (name);
  guint64 value;

  if (text && g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    return (guint) value;
  return fallback;
}

static gint64
median (GArray *values, guint from, guint to)
{
  g_autoptr (GArray) part = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = from; i < to; i++)
    g_array_append_val (part, g_array_index (values, gint64, i));
  for (guint i = 1; i < part->len; i++)
    for (guint k = i;
         k > 0 && g_array_index (part, gint64, k - 1) > g_array_index (part, gint64, k); k--)
      {
        gint64 t = g_array_index (part, gint64, k);
        g_array_index (part, gint64, k) = g_array_index (part, gint64, k - 1);
        g_array_index (part, gint64, k - 1) = t;
      }
  return part->len ? g_array_index (part, gint64, part->len / 2) : -1;
}

static void
test_soak (void)
{
  guint games = env_number ("SYNCHESS_SOAK_GAMES", 1000);
  Pair pairs[N_PAIRS] = { { .name = "a", .long_lived = TRUE }, { .name = "b" }, { .name = "c" } };
  gint64 start = start_time = g_get_monotonic_time ();
  guint resumes = 0, claims = 0, faults = 0;
  gint64 rss_start = -1, rss_end = -1, rss_max = -1;
  guint tick_id;

  seed = env_number ("SYNCHESS_SOAK_SEED", 20260126);
  rand_ = g_rand_new_with_seed (seed);
  problems = g_ptr_array_new_with_free_func (g_free);
  clock_problems = g_ptr_array_new_with_free_func (g_free);
  one_sided_problems = g_ptr_array_new_with_free_func (g_free);
  problem_sink = problems;
  g_test_message ("seed %u (SYNCHESS_SOAK_SEED=%u replays the schedule), %u games", seed, seed,
                  games);
  g_assert_cmpuint (games, >=, 2);

  /* The long-lived host's games are the shortest and never lose a host: it plays more. */
  pairs[0].games_wanted = games * 2 / 5;
  pairs[1].games_wanted = (games - pairs[0].games_wanted) / 2;
  pairs[2].games_wanted = games - pairs[0].games_wanted - pairs[1].games_wanted;
  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      Pair *pair = &pairs[p];
      pair->relay = relay_new ();
      pair->segments = g_ptr_array_new ();
      pair->rss = g_array_new (FALSE, FALSE, sizeof (gint64));
      pair->last_progress_at = start;
      start_segment (pair);
    }

  /* The loop blocks between events, so the relay copies at once and adds no delay. */
  tick_id = g_timeout_add (TICK_MS, on_tick_cb, pairs);
  while (!pairs[0].done || !pairs[1].done || !pairs[2].done)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick_id);

  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      Pair *pair = &pairs[p];
      for (guint s = 0; s < pair->segments->len; s++)
        check_segment (pair, g_ptr_array_index (pair->segments, s), &resumes, &claims);
    }

  for (guint i = 0; i < N_FAULTS; i++)
    {
      g_test_message ("faults: %s: %u", fault_names[i], fault_counts[i]);
      faults += fault_counts[i];
    }
  {
    GArray *rss = pairs[0].rss;
    guint quarter = MAX (1, rss->len / 4);

    /* The long-lived host lived through all its games unless a hang made the test kill it. */
    if (rss->len >= 8 && pairs[0].host_restarts == 0)
      {
        rss_start = median (rss, 0, quarter);
        rss_end = median (rss, rss->len - quarter, rss->len);
        for (guint i = 0; i < rss->len; i++)
          rss_max = MAX (rss_max, g_array_index (rss, gint64, i));
      }
    guint join_restarts = 0, host_restarts = 0, hangs = 0, cuts = 0, segments = 0;

    for (guint p = 0; p < N_PAIRS; p++)
      {
        join_restarts += pairs[p].join_restarts;
        host_restarts += pairs[p].host_restarts;
        hangs += pairs[p].hangs;
        cuts += pairs[p].relay->cuts;
        segments += p > 0 ? pairs[p].segments->len : 0;
      }
    g_test_message ("games %u (pair a %u in one host, pairs b and c %u in %u segments), faults "
                    "%u, resumes %u, abandonment claims %u, joiner starts again %u, host starts "
                    "again %u, hangs %u, cuts %u, "
                    "%.1f s; long-lived host RSS %" G_GINT64_FORMAT " kB at start, "
                    "%" G_GINT64_FORMAT " kB at the end, %" G_GINT64_FORMAT " kB at most "
                    "(%u samples)",
                    games, pairs[0].games_wanted, games - pairs[0].games_wanted, segments, faults,
                    resumes, claims, join_restarts, host_restarts, hangs, cuts,
                    (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC, rss_start, rss_end,
                    rss_max, rss->len);
  }

  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      Pair *pair = &pairs[p];
      relay_free (pair->relay);
      for (guint s = 0; s < pair->segments->len; s++)
        {
          Segment *segment = g_ptr_array_index (pair->segments, s);
          g_free (segment->host_dir);
          g_free (segment->join_dir);
          g_free (segment);
        }
      g_ptr_array_unref (pair->segments);
      g_array_unref (pair->rss);
    }

  soak_games = games;
  soak_faults = faults;
  soak_resumes = resumes;
  soak_rss_start = rss_start;
  soak_rss_end = rss_end;
  soak_host_games = pairs[0].games_wanted;
  soak_host_restarts = pairs[0].host_restarts;
  g_rand_free (rand_);
}

/* The results of the run, one behaviour a case, so a known bug marks only its own case. */

static void
test_records (void)
{
  if (!problems)
    g_test_skip ("the run did not finish");
  else if (problems->len > 0)
    g_test_fail_printf ("seed %u: %u problems, the first: %s", seed, problems->len,
                        (const char *) g_ptr_array_index (problems, 0));
}

static void
test_records_with_clock (void)
{
  if (!clock_problems)
    g_test_skip ("the run did not finish");
  else if (clock_problems->len > 0)
    g_test_fail_printf ("seed %u: %u problems in games with a clock, the first: %s", seed,
                        clock_problems->len, (const char *) g_ptr_array_index (clock_problems, 0));
}

static void
test_finished_on_both_sides (void)
{
  if (!one_sided_problems)
    g_test_skip ("the run did not finish");
  else if (one_sided_problems->len > 0)
    g_test_fail_printf ("seed %u: %u games over on one side and unfinished on the other, the "
                        "first: %s",
                        seed, one_sided_problems->len,
                        (const char *) g_ptr_array_index (one_sided_problems, 0));
}

/* A long run must have put the resume to work, else the faults missed the games. */
static void
test_faults_hit_games (void)
{
  if (soak_games < 100)
    {
      g_test_skip ("too few games to tell");
      return;
    }
  g_assert_cmpuint (soak_faults, >=, soak_games / 10);
  g_assert_cmpuint (soak_resumes, >, soak_faults / 4);
}

static void
test_host_memory (void)
{
  if (soak_games < 100 || soak_host_restarts > 0)
    {
      g_test_skip ("too few games, or the long-lived host was killed after a hang");
      return;
    }
  g_assert_cmpint (soak_rss_start, >, 0);
  g_test_message ("the long-lived host: %" G_GINT64_FORMAT " kB, then %" G_GINT64_FORMAT
                  " kB over %u games",
                  soak_rss_start, soak_rss_end, soak_host_games);
  g_assert_cmpint (soak_rss_end - soak_rss_start, <=, RSS_TOLERANCE_KB);
}

int
main (int argc, char **argv)
{
  int status;

  test_dir = net_test_init_dirs ("test-soak");
  g_test_init (&argc, &argv, NULL);
  /* The cases after the first read what it found; they run in this order. */
  g_test_add_func ("/net/soak/run", test_soak);
  g_test_add_func ("/net/soak/records-agree", test_records);
  g_test_add_func ("/net/soak/records-agree-with-clock", test_records_with_clock);
  g_test_add_func ("/net/soak/finished-on-both-sides", test_finished_on_both_sides);
  g_test_add_func ("/net/soak/faults-hit-games", test_faults_hit_games);
  g_test_add_func ("/net/soak/host-memory-flat", test_host_memory);
  status = g_test_run ();
  g_clear_pointer (&problems, g_ptr_array_unref);
  g_clear_pointer (&clock_problems, g_ptr_array_unref);
  g_clear_pointer (&one_sided_problems, g_ptr_array_unref);
  net_test_cleanup (test_dir);
  g_free (test_dir);
  return status;
}
