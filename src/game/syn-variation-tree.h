/* syn-variation-tree.h: the pairs of choices explored in the what-if resolver as a tree of
 * states of one rule set, and its text form (docs/record-format.md, "Analysis trees"): the
 * rule set's id and FEN in tags, each pair as the rule set's choice texts ("-" for a side
 * that waits).
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "variant.h"

G_BEGIN_DECLS

#define SYN_VARIATION_TREE_ERROR (syn_variation_tree_error_quark ())

typedef enum
{
  SYN_VARIATION_TREE_ERROR_SYNTAX,  /* the message says which line and what is wrong */
  SYN_VARIATION_TREE_ERROR_ILLEGAL, /* a pair that the rules do not allow */
} SynVariationTreeError;

GQuark syn_variation_tree_error_quark (void);

/* How deep variations may nest in a file, and how big a file may be. The depth is far
 * beyond what anyone explores by hand; it bounds the reader's memory and the writer's
 * recursion, not the file's form. */
#define SYN_VARIATION_TREE_MAX_DEPTH 10000
#define SYN_VARIATION_TREE_MAX_SIZE (1024 * 1024)

/* Variations deeper than this are written with the indentation of this depth, so that a
 * deep tree's blanks do not outgrow SYN_VARIATION_TREE_MAX_SIZE. */
#define SYN_VARIATION_TREE_MAX_INDENT_DEPTH 32

/* The file name extension of analysis trees. */
#define SYN_VARIATION_TREE_SUFFIX ".synchess-tree"

typedef struct _SynVariationTree SynVariationTree;
typedef struct _SynVariationNode SynVariationNode;

/* A PSC tree. */
SynVariationTree *syn_variation_tree_new (const SynState *start);
SynVariationTree *syn_variation_tree_new_for_variant (const SynVariant *variant,
                                                      const SynState *start);
void syn_variation_tree_free (SynVariationTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (SynVariationTree, syn_variation_tree_free)

SynVariationNode *syn_variation_tree_get_root (SynVariationTree *tree);
const SynVariant *syn_variation_tree_get_variant (SynVariationTree *tree);

const SynState *syn_variation_node_get_state (SynVariationNode *node);

/* NULL for the root. */
SynVariationNode *syn_variation_node_get_parent (SynVariationNode *node);

/* The pair that leads from the parent to node (SYN_CHOICE_NONE at the root, and for a side
 * that waited). */
void syn_variation_node_get_pair (SynVariationNode *node, SynChoice *white, SynChoice *black);

/* The children in the order they were added; the first is the main line. */
guint syn_variation_node_get_n_children (SynVariationNode *node);
SynVariationNode *syn_variation_node_get_child (SynVariationNode *node, guint index);

/* The child reached by the pair, or NULL. */
SynVariationNode *syn_variation_node_find_child (SynVariationNode *node, SynChoice white,
                                                 SynChoice black);

/* The child reached by the pair, added (resolved through the rules) when it is new; the pair
 * must be among the sides' choices in node's state (SYN_CHOICE_NONE for a side that waits). */
SynVariationNode *syn_variation_node_add_child (SynVariationNode *node, SynChoice white,
                                                SynChoice black);

char *syn_variation_tree_write (SynVariationTree *tree);

/* Reads a tree, replaying every pair through the rules; refuses malformed or illegal text
 * with the line at fault. */
SynVariationTree *syn_variation_tree_read (const char *text, GError **error);

gboolean syn_variation_tree_save (SynVariationTree *tree, GFile *file, GError **error);
SynVariationTree *syn_variation_tree_load (GFile *file, GError **error);

G_END_DECLS
