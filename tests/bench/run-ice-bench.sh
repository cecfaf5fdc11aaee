#!/bin/sh
# run-ice-bench.sh BUILD_DIR: how long an invite takes from the pasted answer to the game's
# start (the first move possible), through STUN and through TURN, on the namespace network of
# tests/netns/ice-netns.sh: ten runs each and their median. The goal through STUN is under a
# second. Needs root, ip, nft and turnserver; says so and succeeds without them.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -eu

build=${1:?usage: run-ice-bench.sh BUILD_DIR}
top=$(cd "$(dirname "$0")/../.." && pwd)

if [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null || ! command -v nft >/dev/null \
  || ! command -v turnserver >/dev/null; then
  echo "ice: skipped (network namespaces need root, ip, nft and turnserver)"
  exit 0
fi
export SYNCHESS_CLI="$build/src/cli/synchess-cli"
for kind in stun turn; do
  echo "ice: answer to first move possible, through $kind"
  sh "$top/tests/netns/ice-netns.sh" "bench-$kind" | sed 's/^/  /'
done
