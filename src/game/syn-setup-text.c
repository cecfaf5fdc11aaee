/* syn-setup-text.c: words for the faults that setup.c finds, whole sentences so that each
 * language can say them its own way.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "synchess-setup-text"

#include "config.h"

#include "syn-setup-text.h"

#include <glib/gi18n.h>

#include "syn-notation.h"

static char *
kings_text (const SynFault *fault)
{
  int n = syn_popcount (fault->squares);

  if (fault->kind == SYN_FAULT_NO_KING)
    return g_strdup (fault->side == SYN_WHITE ? _ ("White has no king") : _ ("Black has no king"));
  if (n == 2)
    return g_strdup (fault->side == SYN_WHITE ? _ ("White has two kings")
                                              : _ ("Black has two kings"));
  return g_strdup_printf (
      fault->side == SYN_WHITE
          ? g_dngettext (GETTEXT_PACKAGE, "White has %d king", "White has %d kings", (gulong) n)
          : g_dngettext (GETTEXT_PACKAGE, "Black has %d king", "Black has %d kings", (gulong) n),
      n);
}

static char *
castling_text (const SynFault *fault)
{
  /* The fault's squares are the king's and the rook's homes: the rook's file says which. */
  gboolean kingside = (fault->squares & (syn_bit (7) | syn_bit (63))) != 0;

  if (fault->side == SYN_WHITE)
    return g_strdup (kingside
                         ? _ ("White may castle kingside, but its king or rook is not at home")
                         : _ ("White may castle queenside, but its king or rook is not at home"));
  return g_strdup (kingside
                       ? _ ("Black may castle kingside, but its king or rook is not at home")
                       : _ ("Black may castle queenside, but its king or rook is not at home"));
}

static char *
passed_square_text (const SynSetup *setup, const SynFault *fault, const char *squares)
{
  gboolean white = fault->side == SYN_WHITE;
  char passed[3] = "-";

  if (setup->board.en_passant[fault->side] != SYN_NO_SQUARE)
    syn_square_to_text (setup->board.en_passant[fault->side], passed);
  switch (fault->kind)
    {
    case SYN_FAULT_NO_EN_PASSANT:
      /* Translators: %s is a square, e.g. "d3" */
      return g_strdup_printf (_ ("These rules have no en passant: %s cannot be a passed square"),
                              squares);
    case SYN_FAULT_EN_PASSANT_NO_PAWN:
      /* Translators: %s is the passed square, e.g. "d3" */
      return g_strdup_printf (white ? _ ("No white pawn stands in front of the passed square %s")
                                    : _ ("No black pawn stands in front of the passed square %s"),
                              passed);
    case SYN_FAULT_EN_PASSANT_BEHIND:
      /* Translators: the first %s is a square, the second the passed square */
      return g_strdup_printf (_ ("%s, behind the passed square %s, is not empty"), squares, passed);
    case SYN_FAULT_EN_PASSANT_ON:
      return g_strdup_printf (_ ("The passed square %s is not empty"), passed);
    case SYN_FAULT_EN_PASSANT_TO_MOVE:
      /* Translators: Transactional Chess; %s is the passed square */
      return g_strdup_printf (
          white ? _ ("White is to move, so cannot have just passed %s: only the side that "
                     "committed last can")
                : _ ("Black is to move, so cannot have just passed %s: only the side that "
                     "committed last can"),
          passed);
    default:
      return NULL;
    }
}

char *
syn_setup_fault_text (const SynSetup *setup, const SynFault *fault)
{
  g_autofree char *squares = syn_notation_square_list (fault->squares);
  int n = syn_popcount (fault->squares);

  switch (fault->kind)
    {
    case SYN_FAULT_NO_KING:
    case SYN_FAULT_KINGS:
      return kings_text (fault);
    case SYN_FAULT_PAWN_ON_RANK_1:
      /* Translators: %s lists squares, e.g. "b1, h1" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A pawn on the first rank: %s",
                                           "Pawns on the first rank: %s", (gulong) n),
                              squares);
    case SYN_FAULT_PAWN_ON_RANK_8:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A pawn on the last rank: %s",
                                           "Pawns on the last rank: %s", (gulong) n),
                              squares);
    case SYN_FAULT_CASTLING:
      return castling_text (fault);
    default:
      return passed_square_text (setup, fault, squares);
    }
}

char *
syn_setup_faults_text (const SynSetup *setup)
{
  SynFault faults[SYN_MAX_FAULTS];
  int n = syn_setup_faults (setup, faults);
  GString *text;

  if (n == 0)
    return NULL;
  text = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *line = syn_setup_fault_text (setup, &faults[i]);
      g_string_append_printf (text, "%s%s", i ? "\n" : "", line);
    }
  return g_string_free (text, FALSE);
}
