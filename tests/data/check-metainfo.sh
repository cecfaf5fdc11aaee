#!/bin/sh
# check-metainfo.sh: the built AppStream file passes `appstreamcli validate --no-net` with
# no error and no warning (pedantic and info notes are allowed).
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-metainfo.sh METAINFO
# Exit status 77 (skipped) when appstreamcli is not installed (Debian package appstream).

metainfo=${1:?usage: check-metainfo.sh METAINFO}
if ! command -v appstreamcli >/dev/null 2>&1; then
  echo "SKIP: appstreamcli is not installed (apt-get install appstream)"
  exit 77
fi
out=$(appstreamcli validate --no-net --explain "$metainfo" 2>&1)
status=$?
printf '%s\n' "$out"
if [ $status -ne 0 ] || printf '%s\n' "$out" | grep -q '^[EW]: '; then
  echo "appstreamcli found errors or warnings in $metainfo"
  exit 1
fi
