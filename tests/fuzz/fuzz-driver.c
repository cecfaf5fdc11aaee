/* fuzz-driver.c: runs a fuzz target's LLVMFuzzerTestOneInput() once on every file in the
 * directories given, without libFuzzer, so the seed corpus and the saved crashes run as
 * ordinary tests with any compiler. Prints TAP; a broken invariant aborts the run.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz-check.h"

typedef struct
{
  char **paths;
  size_t n, allocated;
} PathList;

static void
add_path (PathList *list, char *path)
{
  if (list->n == list->allocated)
    {
      list->allocated = list->allocated ? 2 * list->allocated : 64;
      list->paths = realloc (list->paths, list->allocated * sizeof *list->paths);
      if (!list->paths)
        {
          perror ("realloc");
          exit (99);
        }
    }
  list->paths[list->n++] = path;
}

static int
compare_paths (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Adds the regular files in dir, hidden ones (.gitkeep) left out. A missing directory holds
 * no inputs yet, which is fine. */
static void
collect (const char *dir, PathList *list)
{
  DIR *d = opendir (dir);
  struct dirent *entry;

  if (!d)
    {
      if (errno != ENOENT)
        {
          fprintf (stderr, "%s: %s\n", dir, strerror (errno));
          exit (99);
        }
      printf ("# %s: no such directory\n", dir);
      return;
    }
  while ((entry = readdir (d)) != NULL)
    {
      struct stat st;
      char *path;
      if (entry->d_name[0] == '.')
        continue;
      path = malloc (strlen (dir) + strlen (entry->d_name) + 2);
      if (!path)
        exit (99);
      sprintf (path, "%s/%s", dir, entry->d_name);
      if (stat (path, &st) == 0 && S_ISREG (st.st_mode))
        add_path (list, path);
      else
        free (path);
    }
  closedir (d);
}

/* The last three parts of path, "corpus/fen/start", to name a test briefly. */
static const char *
short_name (const char *path)
{
  const char *name = path + strlen (path);
  for (int slashes = 0; name > path; name--)
    if (name[-1] == '/' && ++slashes == 3)
      break;
  return name;
}

static bool
read_file (const char *path, uint8_t **data, size_t *size)
{
  FILE *file = fopen (path, "rb");
  long length;

  if (!file)
    return false;
  if (fseek (file, 0, SEEK_END) != 0 || (length = ftell (file)) < 0
      || fseek (file, 0, SEEK_SET) != 0)
    {
      fclose (file);
      return false;
    }
  /* Exactly the file's size, so an over-read shows under a sanitizer. */
  *data = malloc (length ? (size_t) length : 1);
  *size = (size_t) length;
  if (!*data || fread (*data, 1, *size, file) != *size)
    {
      free (*data);
      fclose (file);
      return false;
    }
  fclose (file);
  return true;
}

int
main (int argc, char **argv)
{
  PathList list = { NULL, 0, 0 };
  int failed = 0;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s DIRECTORY...\n", argv[0]);
      return 2;
    }
  for (int i = 1; i < argc; i++)
    collect (argv[i], &list);
  if (list.n)
    qsort (list.paths, list.n, sizeof *list.paths, compare_paths);

  printf ("1..%zu\n", list.n);
  for (size_t i = 0; i < list.n; i++)
    {
      const char *name = short_name (list.paths[i]);
      uint8_t *data;
      size_t size;
      if (read_file (list.paths[i], &data, &size))
        {
          /* Named before it runs, so the log says which input aborted. */
          printf ("# %s (%zu bytes)\n", list.paths[i], size);
          fflush (stdout);
          LLVMFuzzerTestOneInput (data, size);
          printf ("ok %zu - %s\n", i + 1, name);
          free (data);
        }
      else
        {
          printf ("not ok %zu - %s: cannot read it\n", i + 1, name);
          failed++;
        }
      free (list.paths[i]);
    }
  free (list.paths);
  return failed ? 1 : 0;
}
