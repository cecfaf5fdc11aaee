/* syn-variation-tree.c: trees of explored pairs, and their text form.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-variation-tree"

#include "config.h"

#include "syn-variation-tree.h"

#include <glib/gi18n.h>
#include <string.h>

#include "syn-text-file.h"
#include "syn-line-error.h"

#include "fen.h"
#include "syn-analysis.h"

struct _SynVariationNode
{
  const SynVariant *variant; /* the tree's */
  SynState state;
  SynChoice white; /* the pair from the parent */
  SynChoice black;
  SynVariationNode *parent; /* borrowed; NULL at the root */
  GPtrArray *children;      /* owned SynVariationNode; the first is the main line */
};

struct _SynVariationTree
{
  SynVariationNode *root;
};

G_DEFINE_QUARK (syn - variation - tree - error - quark, syn_variation_tree_error)

static SynVariationNode *
node_new (const SynVariant *variant, const SynState *state, SynVariationNode *parent,
          SynChoice white, SynChoice black)
{
  SynVariationNode *node = g_new0 (SynVariationNode, 1);

  node->variant = variant;
  node->state = *state;
  node->parent = parent;
  node->white = white;
  node->black = black;
  node->children = g_ptr_array_new ();
  return node;
}

/* Without recursion: trees may be deep in variations as well as long in main lines. */
static void
node_free (SynVariationNode *node)
{
  g_autoptr (GPtrArray) pending = g_ptr_array_new ();

  g_ptr_array_add (pending, node);
  while (pending->len > 0)
    {
      node = g_ptr_array_steal_index_fast (pending, pending->len - 1);
      for (guint i = 0; i < node->children->len; i++)
        g_ptr_array_add (pending, g_ptr_array_index (node->children, i));
      g_ptr_array_unref (node->children);
      g_free (node);
    }
}

SynVariationTree *
syn_variation_tree_new_for_variant (const SynVariant *variant, const SynState *start)
{
  SynVariationTree *tree;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (start != NULL, NULL);
  tree = g_new0 (SynVariationTree, 1);
  tree->root = node_new (variant, start, NULL, SYN_CHOICE_NONE, SYN_CHOICE_NONE);
  return tree;
}

SynVariationTree *
syn_variation_tree_new (const SynState *start)
{
  return syn_variation_tree_new_for_variant (&syn_variant_psc, start);
}

const SynVariant *
syn_variation_tree_get_variant (SynVariationTree *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);
  return tree->root->variant;
}

void
syn_variation_tree_free (SynVariationTree *tree)
{
  if (tree == NULL)
    return;
  node_free (tree->root);
  g_free (tree);
}

SynVariationNode *
syn_variation_tree_get_root (SynVariationTree *tree)
{
  g_return_val_if_fail (tree != NULL, NULL);
  return tree->root;
}

const SynState *
syn_variation_node_get_state (SynVariationNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return &node->state;
}

SynVariationNode *
syn_variation_node_get_parent (SynVariationNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);
  return node->parent;
}

void
syn_variation_node_get_pair (SynVariationNode *node, SynChoice *white, SynChoice *black)
{
  g_return_if_fail (node != NULL);
  if (white)
    *white = node->white;
  if (black)
    *black = node->black;
}

guint
syn_variation_node_get_n_children (SynVariationNode *node)
{
  g_return_val_if_fail (node != NULL, 0);
  return node->children->len;
}

SynVariationNode *
syn_variation_node_get_child (SynVariationNode *node, guint index)
{
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (index < node->children->len, NULL);
  return g_ptr_array_index (node->children, index);
}

SynVariationNode *
syn_variation_node_find_child (SynVariationNode *node, SynChoice white, SynChoice black)
{
  g_return_val_if_fail (node != NULL, NULL);
  for (guint i = 0; i < node->children->len; i++)
    {
      SynVariationNode *child = g_ptr_array_index (node->children, i);
      if (child->white == white && child->black == black)
        return child;
    }
  return NULL;
}

SynVariationNode *
syn_variation_node_add_child (SynVariationNode *node, SynChoice white, SynChoice black)
{
  SynVariationNode *child;
  SynState next;

  g_return_val_if_fail (node != NULL, NULL);
  child = syn_variation_node_find_child (node, white, black);
  if (child != NULL)
    return child;
  syn_analysis_resolve_choices (node->variant, &node->state, white, black, &next);
  child = node_new (node->variant, &next, node, white, black);
  g_ptr_array_add (node->children, child);
  return child;
}

/* Writing */

/* A side's choice as the rule set writes it (no blanks: "e2e4", "0000", "e2e4/commit"); "-"
 * for a side that waited. */
static void
choice_text (SynVariationNode *node, SynChoice choice, char *buf)
{
  if (choice == SYN_CHOICE_NONE)
    strcpy (buf, "-");
  else
    node->variant->choice_to_text (&node->parent->state, choice, buf);
}

static void
append_turn (GString *out, SynVariationNode *node, guint number)
{
  char white[SYN_CHOICE_TEXT_SIZE];
  char black[SYN_CHOICE_TEXT_SIZE];

  choice_text (node, node->white, white);
  choice_text (node, node->black, black);
  g_string_append_printf (out, "%u. %s %s", number, white, black);
}

/* The line that goes from parent through first (and first's main line), turn number from
 * number, at nesting depth; a variation (depth > 0) opens with "( " and closes with " )". */
static void
append_line (GString *out, SynVariationNode *parent, SynVariationNode *first, guint number,
             guint depth)
{
  SynVariationNode *node = first;
  gboolean opening = depth > 0;
  guint indent = MIN (depth, SYN_VARIATION_TREE_MAX_INDENT_DEPTH);

  while (node != NULL)
    {
      if (opening)
        g_string_append_printf (out, "%*s( ", (int) (2 * (indent - 1)), "");
      else
        g_string_append_printf (out, "%*s", (int) (2 * indent), "");
      opening = FALSE;
      append_turn (out, node, number);
      /* The siblings of node are the variations that replace its turn. */
      for (guint i = 1; i < parent->children->len && node == parent->children->pdata[0]; i++)
        {
          g_string_append_c (out, '\n');
          append_line (out, parent, g_ptr_array_index (parent->children, i), number, depth + 1);
        }
      parent = node;
      node = node->children->len > 0 ? g_ptr_array_index (node->children, 0) : NULL;
      number++;
      if (node != NULL)
        g_string_append_c (out, '\n');
    }
  if (depth > 0)
    g_string_append (out, " )");
}

/* Whether fen is the rule set's start, as its own writer puts it (a Transactional start has
 * its empty transactions). */
static gboolean
is_start (const SynVariant *variant, const char *fen)
{
  SynState start;
  g_autofree char *start_fen = NULL;

  if (!syn_analysis_parse_variant_fen (variant, variant->start_fen, &start, NULL))
    return FALSE;
  start_fen = syn_analysis_write_variant_fen (variant, &start);
  return g_str_equal (fen, start_fen);
}

char *
syn_variation_tree_write (SynVariationTree *tree)
{
  GString *out;
  g_autofree char *fen = NULL;
  SynVariationNode *root;

  g_return_val_if_fail (tree != NULL, NULL);
  root = tree->root;
  out = g_string_new (NULL);
  g_string_append_printf (out, "[Variant \"%s\"]\n", root->variant->id);
  fen = syn_analysis_write_variant_fen (root->variant, &root->state);
  if (!is_start (root->variant, fen))
    g_string_append_printf (out, "[FEN \"%s\"]\n", fen);
  g_string_append_c (out, '\n');
  if (root->children->len > 0)
    {
      append_line (out, root, g_ptr_array_index (root->children, 0), 1, 0);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Reading */

G_GNUC_PRINTF (4, 5)
static gboolean
fail (GError **error, SynVariationTreeError code, guint line, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  syn_set_line_error_valist (error, SYN_VARIATION_TREE_ERROR, code, line, format, args);
  va_end (args);
  return FALSE;
}

/* One level of nesting: the main line or a variation being read. */
typedef struct
{
  SynVariationNode *node; /* the position the next turn is played in */
  SynVariationNode *last; /* the node of the last turn read, NULL before the first */
  guint number;           /* the number the next turn must have */
  guint open_line;        /* the line of the "(" */
} Frame;

typedef struct
{
  const SynVariant *variant;
  SynVariationTree *tree;
  GArray *frames; /* of Frame, one per level of nesting, grown as variations open */
  guint depth;    /* frames[depth] is the current one */
  guint line;
} Reader;

static Frame *
current_frame (Reader *reader)
{
  return &g_array_index (reader->frames, Frame, reader->depth);
}

/* [Name "value"]; only Variant and FEN are known. */
static gboolean
read_tag (const char *line, guint number, char **name, char **value, GError **error)
{
  const char *c = line + 1;
  const char *start = c;
  GString *text;

  while (g_ascii_isalnum (*c) || *c == '_')
    c++;
  if (c == start || !g_ascii_isalpha (*start) || (*c != ' ' && *c != '\t'))
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, number,
                 _ ("a tag must look like [Name \"value\"]"));
  *name = g_strndup (start, (gsize) (c - start));
  while (*c == ' ' || *c == '\t')
    c++;
  if (*c++ != '"')
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, number,
                 _ ("a tag must look like [Name \"value\"]"));
  text = g_string_new (NULL);
  for (; *c != '"' && *c != '\0'; c++)
    {
      if (*c == '\\' && (c[1] == '"' || c[1] == '\\'))
        c++;
      g_string_append_c (text, *c);
    }
  *value = g_string_free (text, FALSE);
  if (g_strcmp0 (c, "\"]") != 0)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, number,
                 _ ("a tag must look like [Name \"value\"] and end the line"));
  return TRUE;
}

static gboolean
read_choice (Reader *reader, const SynState *state, SynColour side, const char *text, guint number,
             SynChoice *choice, GError **error)
{
  g_autofree SynChoice *choices = g_new (SynChoice, SYN_MAX_CHOICES);
  int n = syn_analysis_choices (reader->variant, state, side, choices);

  *choice = SYN_CHOICE_NONE;
  if (g_str_equal (text, "-") && n == 0)
    return TRUE;
  /* PSC's choices are moves alone, so its text can be judged on its form first. */
  if (reader->variant == &syn_variant_psc && !g_str_equal (text, "-")
      && !syn_move_text_is_well_formed (text))
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("\"%s\" is not a move in UCI form such as e2e4, e7e8q or -"), text);
  if (!g_str_equal (text, "-"))
    *choice = syn_variant_choice_from_text (reader->variant, state, side, text);
  if (*choice == SYN_CHOICE_NONE)
    return fail (error, SYN_VARIATION_TREE_ERROR_ILLEGAL, reader->line,
                 side == SYN_WHITE ? _ ("%s is not a legal move for White in turn %u")
                                   : _ ("%s is not a legal move for Black in turn %u"),
                 text, number);
  return TRUE;
}

/* N. WHITE BLACK, the three words on one line. */
static gboolean
read_turn (Reader *reader, char **words, guint n_words, GError **error)
{
  Frame *frame = current_frame (reader);
  const SynState *state = &frame->node->state;
  const char *number = words[0];
  gsize length = strlen (number);
  SynChoice white, black;

  if (length < 2 || number[length - 1] != '.' || length > 10)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("expected a turn such as \"1. e2e4 e7e5\", \"(\" or \")\", not \"%s\""),
                 number);
  for (gsize i = 0; i + 1 < length; i++)
    if (!g_ascii_isdigit (number[i]))
      return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                   _ ("expected a turn such as \"1. e2e4 e7e5\", \"(\" or \")\", not \"%s\""),
                   number);
  if (g_ascii_strtoull (number, NULL, 10) != frame->number)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("the turn is numbered %.*s where %u was expected"), (int) (length - 1), number,
                 frame->number);
  if (n_words < 3 || strchr ("()", *words[1]) || strchr ("()", *words[2]))
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("a turn is its number followed by White's move and Black's move"));
  if (reader->variant->outcome (state).result != SYN_RESULT_NONE)
    return fail (error, SYN_VARIATION_TREE_ERROR_ILLEGAL, reader->line,
                 _ ("turn %u comes after the end of the game"), frame->number);
  if (!read_choice (reader, state, SYN_WHITE, words[1], frame->number, &white, error)
      || !read_choice (reader, state, SYN_BLACK, words[2], frame->number, &black, error))
    return FALSE;
  if (syn_variation_node_find_child (frame->node, white, black) != NULL)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("%s %s is given twice in the same position"), words[1], words[2]);
  frame->last = syn_variation_node_add_child (frame->node, white, black);
  frame->node = frame->last;
  frame->number++;
  return TRUE;
}

static gboolean
open_variation (Reader *reader, GError **error)
{
  Frame *frame = current_frame (reader);
  Frame variation;

  if (frame->last == NULL)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("a variation must follow the turn it replaces"));
  if (reader->depth == SYN_VARIATION_TREE_MAX_DEPTH)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("variations are nested more than %d deep"), SYN_VARIATION_TREE_MAX_DEPTH);
  variation = (Frame){ frame->last->parent, NULL, frame->number - 1, reader->line };
  /* frame may move as the array grows. */
  reader->depth++;
  if (reader->depth == reader->frames->len)
    g_array_append_val (reader->frames, variation);
  else
    *current_frame (reader) = variation;
  return TRUE;
}

static gboolean
close_variation (Reader *reader, GError **error)
{
  if (reader->depth == 0)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line,
                 _ ("\")\" has no matching \"(\""));
  if (current_frame (reader)->last == NULL)
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader->line, _ ("a variation is empty"));
  reader->depth--;
  return TRUE;
}

/* The words of a line; "(" and ")" are words of their own even without blanks around. */
static GPtrArray *
split_words (const char *line)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  const char *c = line;

  while (*c != '\0')
    {
      const char *start = c;

      if (*c == ' ' || *c == '\t')
        {
          c++;
          continue;
        }
      if (*c == '(' || *c == ')')
        c++;
      else
        while (*c != '\0' && *c != ' ' && *c != '\t' && *c != '(' && *c != ')')
          c++;
      g_ptr_array_add (words, g_strndup (start, (gsize) (c - start)));
    }
  g_ptr_array_add (words, NULL);
  return words;
}

static gboolean
read_body_line (Reader *reader, const char *line, GError **error)
{
  g_autoptr (GPtrArray) array = split_words (line);
  char **words = (char **) array->pdata;
  guint n = array->len - 1;

  for (guint i = 0; i < n;)
    {
      if (g_str_equal (words[i], "("))
        {
          if (!open_variation (reader, error))
            return FALSE;
          i++;
        }
      else if (g_str_equal (words[i], ")"))
        {
          if (!close_variation (reader, error))
            return FALSE;
          i++;
        }
      else
        {
          if (!read_turn (reader, words + i, n - i, error))
            return FALSE;
          i += 3;
        }
    }
  return TRUE;
}

static gboolean
start_tree (Reader *reader, const char *fen, guint fen_line, GError **error)
{
  SynState start;
  g_autoptr (GError) local_error = NULL;

  if (!syn_analysis_parse_variant_fen (
          reader->variant, fen != NULL ? fen : reader->variant->start_fen, &start, &local_error))
    return fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, fen_line, "%s", local_error->message);
  reader->tree = syn_variation_tree_new_for_variant (reader->variant, &start);
  g_array_append_val (reader->frames, ((Frame){ reader->tree->root, NULL, 1, 0 }));
  return TRUE;
}

SynVariationTree *
syn_variation_tree_read (const char *text, GError **error)
{
  g_auto (GStrv) lines = NULL;
  g_autofree char *fen = NULL;
  g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (Frame));
  Reader reader = { .variant = &syn_variant_psc, .frames = frames };
  guint fen_line = 0;
  gboolean variant_given = FALSE;
  gsize length;
  const char *end;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = syn_text_skip_byte_order_mark (text);
  length = strlen (text);
  if (length > SYN_VARIATION_TREE_MAX_SIZE)
    {
      fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, syn_line_of (text, SYN_VARIATION_TREE_MAX_SIZE),
            _ ("the tree is larger than 1 MB"));
      return NULL;
    }
  if (!g_utf8_validate (text, (gssize) length, &end))
    {
      fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, syn_line_of (text, (gsize) (end - text)),
            _ ("the text is not valid UTF-8"));
      return NULL;
    }

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *line = g_strstrip (lines[i]); /* also the \r of CR LF */

      reader.line = i + 1;
      if (*line == '\0')
        continue;
      if (*line == '[')
        {
          g_autofree char *name = NULL;
          g_autofree char *value = NULL;

          if (reader.tree != NULL)
            {
              fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader.line,
                    _ ("tags must come before the turns"));
              goto failed;
            }
          if (!read_tag (line, reader.line, &name, &value, error))
            goto failed;
          if (g_str_equal (name, "Variant") && !variant_given)
            {
              reader.variant = syn_variant_lookup (value);
              variant_given = TRUE;
              if (reader.variant == NULL)
                {
                  fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader.line,
                        _ ("\"%s\" is not a known variant"), value);
                  goto failed;
                }
            }
          else if (g_str_equal (name, "FEN") && fen == NULL)
            {
              fen = g_steal_pointer (&value);
              fen_line = reader.line;
            }
          else
            {
              fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, reader.line,
                    _ ("the tag %s is unknown or given twice"), name);
              goto failed;
            }
          continue;
        }
      if (reader.tree == NULL && !start_tree (&reader, fen, fen_line, error))
        goto failed;
      if (!read_body_line (&reader, line, error))
        goto failed;
    }
  if (reader.tree == NULL && !start_tree (&reader, fen, fen_line, error))
    goto failed;
  if (reader.depth > 0)
    {
      fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX, current_frame (&reader)->open_line,
            _ ("this \"(\" is never closed"));
      goto failed;
    }
  return reader.tree;

failed:
  syn_variation_tree_free (reader.tree);
  return NULL;
}

gboolean
syn_variation_tree_save (SynVariationTree *tree, GFile *file, GError **error)
{
  g_autofree char *text = syn_variation_tree_write (tree);

  return syn_text_file_save (file, text, error);
}

SynVariationTree *
syn_variation_tree_load (GFile *file, GError **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  /* One byte more than a tree may hold tells a tree from a bigger file without reading all
   * of it. */
  text = syn_text_file_load (file, SYN_VARIATION_TREE_MAX_SIZE + 1, &length, error);
  if (!text)
    return NULL;
  if (memchr (text, '\0', length) != NULL)
    {
      fail (error, SYN_VARIATION_TREE_ERROR_SYNTAX,
            syn_line_of (text, (gsize) ((char *) memchr (text, '\0', length) - text)),
            _ ("the tree holds a NUL byte"));
      return NULL;
    }
  return syn_variation_tree_read (text, error);
}
