/* test-refusal.c: why a piece cannot move (refusal.h), as each rule set says it: PSC's frozen
 * pieces name their attackers, PSC has no check, the others restrict a side in check.
 *
 * Copyright 2026 The Synchess Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "refusal.h"

static void
read_state (const SynVariant *variant, const char *fen, SynState *state)
{
  SynFenError error;

  if (!variant->read_state (fen, state, &error))
    g_error ("%s: %s", fen, error.message);
}

static int
sq (const char *name)
{
  return SYN_SQUARE (name[0] - 'a', name[1] - '1');
}

static SynRefusal
explain (const SynVariant *variant, const char *fen, SynColour side, const char *square)
{
  SynState state;
  SynRefusal refusal;

  read_state (variant, fen, &state);
  syn_refusal_explain (variant, &state, side, sq (square), &refusal);
  return refusal;
}

/* PSC-R3: the knight on d5 is attacked by the knight on f6 and the queen on d8. */
static void
test_psc_frozen_names_attackers (void)
{
  SynRefusal r = explain (&syn_variant_psc, "3qk3/8/5n2/3N4/8/8/8/4K3 w - - 0 1", SYN_WHITE, "d5");

  g_assert_cmpint (r.kind, ==, SYN_REFUSAL_FROZEN);
  g_assert_cmphex (r.squares, ==, syn_bit (sq ("f6")) | syn_bit (sq ("d8")));
}

/* PSC-R4: b3 and c2 are each attacked once by a black rook, so the knight controls neither. */
static void
test_psc_not_controlled (void)
{
  SynRefusal r = explain (&syn_variant_psc, "1rr1k3/8/8/8/8/8/8/N3K3 w - - 0 1", SYN_WHITE, "a1");

  g_assert_cmpint (r.kind, ==, SYN_REFUSAL_NOT_CONTROLLED);
}

static void
test_psc_blocked_and_not_own (void)
{
  g_assert_cmpint (explain (&syn_variant_psc, SYN_FEN_START, SYN_WHITE, "a1").kind, ==,
                   SYN_REFUSAL_NO_MOVE);
  g_assert_cmpint (explain (&syn_variant_psc, SYN_FEN_START, SYN_WHITE, "e7").kind, ==,
                   SYN_REFUSAL_NOT_OWN);
  g_assert_cmpint (explain (&syn_variant_psc, SYN_FEN_START, SYN_WHITE, "e4").kind, ==,
                   SYN_REFUSAL_EMPTY);
  g_assert_cmpint (explain (&syn_variant_psc, SYN_FEN_START, SYN_WHITE, "g1").kind, ==,
                   SYN_REFUSAL_NONE);
}

/* 1. e4 c6 2. d4 Qa5+ */
#define AFTER_QA5 "rnb1kbnr/pp1ppppp/2p5/q7/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3"

/* PSC-R4: no check rule, so nothing gives check and the knight may block or not. */
static void
test_psc_has_no_check (void)
{
  SynState state;

  read_state (&syn_variant_psc, AFTER_QA5, &state);
  g_assert_cmphex (syn_check_givers (&syn_variant_psc, &state, SYN_WHITE), ==, 0);
}

/* HUT-R2: in check, only king moves: even Nc3, which would block, is refused. */
static void
test_hutnik_check_only_king (void)
{
  const char *fen = AFTER_QA5 " 0000000000000003";
  SynState state;
  SynRefusal r;

  read_state (&syn_variant_hutnik, fen, &state);
  g_assert_cmphex (syn_check_givers (&syn_variant_hutnik, &state, SYN_WHITE), ==,
                   syn_bit (sq ("a5")));
  g_assert_cmphex (syn_check_givers (&syn_variant_hutnik, &state, SYN_BLACK), ==, 0);
  r = explain (&syn_variant_hutnik, fen, SYN_WHITE, "b1");
  g_assert_cmpint (r.kind, ==, SYN_REFUSAL_IN_CHECK);
  g_assert_cmphex (r.squares, ==, syn_bit (sq ("a5")));
  g_assert_cmpint (explain (&syn_variant_hutnik, fen, SYN_WHITE, "e1").kind, ==, SYN_REFUSAL_NONE);
}

/* SYN-R2: in check, the orthodox answers stand: Nc3 blocks, Nf3 does not. */
static void
test_synchrone_check_allows_a_block (void)
{
  g_assert_cmpint (explain (&syn_variant_synchrone, AFTER_QA5, SYN_WHITE, "b1").kind, ==,
                   SYN_REFUSAL_NONE);
  g_assert_cmpint (explain (&syn_variant_synchrone, AFTER_QA5, SYN_WHITE, "g1").kind, ==,
                   SYN_REFUSAL_IN_CHECK);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/refusal/psc/frozen-names-attackers", test_psc_frozen_names_attackers);
  g_test_add_func ("/refusal/psc/not-controlled", test_psc_not_controlled);
  g_test_add_func ("/refusal/psc/blocked-and-not-own", test_psc_blocked_and_not_own);
  g_test_add_func ("/refusal/psc/has-no-check", test_psc_has_no_check);
  g_test_add_func ("/refusal/hutnik/check-only-king", test_hutnik_check_only_king);
  g_test_add_func ("/refusal/synchrone/check-allows-a-block", test_synchrone_check_allows_a_block);

  return g_test_run ();
}
