/* test-perft.c: orthodox move generation checked by perft on the positions of perft.epd.
 * Small counts run in the default suite; with SYNCHESS_SLOW=1 the large ones run (the slow
 * suite).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>

#include "fen.h"
#include "perft.h"

/* Counts above this run only in the slow suite. */
#define QUICK_NODE_LIMIT 2000000

typedef struct
{
  char *fen;
  int depth;
  guint64 expected;
} PerftCase;

static void
free_case (gpointer data)
{
  PerftCase *perft_case = data;
  g_free (perft_case->fen);
  g_free (perft_case);
}

static void
test_perft_case (gconstpointer data)
{
  const PerftCase *perft_case = data;
  SynPosition pos;
  SynFenError error;

  g_assert_true (syn_fen_parse (perft_case->fen, SYN_FEN_ORTHODOX, &pos, &error));
  g_assert_cmpuint (syn_perft (&pos, perft_case->depth), ==, perft_case->expected);
}

static void
add_cases (const char *path, gboolean slow, GPtrArray *cases)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  int position = 0;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("cannot read %s: %s", path, error->message);
  lines = g_strsplit (contents, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      g_auto (GStrv) fields = NULL;
      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      position++;
      fields = g_strsplit (lines[i], ";", -1);
      for (int f = 1; fields[f]; f++)
        {
          PerftCase *perft_case = g_new0 (PerftCase, 1);
          g_autofree char *name = NULL;
          perft_case->fen = g_strstrip (g_strdup (fields[0]));
          if (sscanf (fields[f], " D%d %" G_GUINT64_FORMAT, &perft_case->depth,
                      &perft_case->expected)
              != 2)
            g_error ("%s: bad field '%s' on line %d", path, fields[f], i + 1);
          g_ptr_array_add (cases, perft_case);
          if ((perft_case->expected > QUICK_NODE_LIMIT) != slow)
            continue;
          name = g_strdup_printf ("/perft/position-%d/depth-%d", position, perft_case->depth);
          g_test_add_data_func (name, perft_case, test_perft_case);
        }
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) cases = g_ptr_array_new_with_free_func (free_case);
  gboolean slow = g_strcmp0 (g_getenv ("SYNCHESS_SLOW"), "1") == 0;
  g_autofree char *path = NULL;

  g_test_init (&argc, &argv, NULL);
  path = g_test_build_filename (G_TEST_DIST, "perft.epd", NULL);
  add_cases (path, slow, cases);
  return g_test_run ();
}
