#!/bin/sh
# check-po.sh: a translation passes `msgfmt --check` and is complete: no fuzzy and no
# untranslated message.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-po.sh PO

po=${1:?usage: check-po.sh PO}
stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1)
status=$?
printf '%s: %s\n' "$(basename "$po")" "$stats"
[ $status -eq 0 ] || exit 1
case "$stats" in
  *fuzzy* | *untranslated*)
    echo "every message needs a translation that is not fuzzy (ninja synchess-update-po, then translate)"
    exit 1
    ;;
esac
