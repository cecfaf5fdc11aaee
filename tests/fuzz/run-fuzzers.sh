#!/bin/sh
# run-fuzzers.sh: runs each libFuzzer target for a while, one after the other, and turns any
# crash into a regression input under tests/fuzz/regressions/<target>/.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/fuzz/run-fuzzers.sh [SECONDS] [BUILD_DIR]
#   SECONDS    time for each target (default 60)
#   BUILD_DIR  a build configured with CC=clang meson setup BUILD_DIR -Dfuzzing=true
#              (default _build-fuzz)
# The seed corpus is copied to a scratch directory, so the source tree only ever gains the
# crash inputs. Exits 1 when a target crashed, 2 on a usage or setup error.
set -u

seconds=${1:-60}
build=${2:-_build-fuzz}
here=$(cd "$(dirname "$0")" && pwd)
targets="fen move resolve protocol record invite"

case $seconds in
  '' | *[!0-9]*)
    echo "usage: $0 [SECONDS] [BUILD_DIR]" >&2
    exit 2
    ;;
esac
for target in $targets; do
  if [ ! -x "$build/tests/fuzz/fuzz-$target" ]; then
    echo "$build/tests/fuzz/fuzz-$target is missing: build with" >&2
    echo "  CC=clang meson setup $build -Dfuzzing=true -Dui=false && ninja -C $build" >&2
    exit 2
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/synchess-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT INT TERM

# Longest input each target reads; the FEN reader is tried a little past its own limit.
max_len () {
  case $1 in
    fen) echo 4200 ;;
    move) echo 1024 ;;
    protocol) echo 8192 ;;
    invite) echo 8192 ;;
    record) echo 65536 ;;
    *) echo 256 ;;
  esac
}

# A file name that says what went wrong: the sanitizer's finding, or an invariant of ours.
describe () {
  log=$1
  finding=$(sed -n 's/^SUMMARY: [A-Za-z]*Sanitizer: \([a-z-]*\).*/\1/p' "$log" | head -n 1)
  if grep -q '^fuzz invariant broken' "$log"; then
    finding=invariant
  elif [ -z "$finding" ]; then
    finding=$(sed -n 's/^==[0-9]*== ERROR: libFuzzer: \([a-z-]*\).*/\1/p' "$log" | head -n 1)
  fi
  echo "${finding:-crash}"
}

failed=""
for target in $targets; do
  exe="$build/tests/fuzz/fuzz-$target"
  corpus="$work/$target/corpus"
  artifacts="$work/$target/artifacts"
  log="$work/$target/log"
  mkdir -p "$corpus" "$artifacts"
  cp "$here/corpus/$target"/* "$corpus"/

  echo "== fuzz-$target: $seconds s"
  "$exe" -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$corpus" >"$log" 2>&1
  status=$?
  # The last status line has coverage (cov), features (ft), corpus size and speed.
  grep -E '^#[0-9]+[[:space:]]+(DONE|NEW|REDUCE|pulse|INITED)' "$log" | tail -n 1
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log"

  found=0
  for artifact in "$artifacts"/*; do
    [ -f "$artifact" ] || continue
    found=1
    kind=$(basename "$artifact" | sed 's/-.*//')
    hash=$(sha1sum "$artifact" | cut -c 1-12)
    name="$kind-$(describe "$log")-$hash"
    mkdir -p "$here/regressions/$target"
    cp "$artifact" "$here/regressions/$target/$name"
    echo "!! fuzz-$target found a $kind: tests/fuzz/regressions/$target/$name"
  done
  if [ "$found" = 1 ] || [ "$status" -ne 0 ]; then
    echo "-- last lines of the fuzz-$target log:"
    tail -n 40 "$log"
    failed="$failed $target"
  fi
done

if [ -n "$failed" ]; then
  cat <<EOF

Fuzzing failed for:$failed
Each input that crashed is now under tests/fuzz/regressions/<target>/ and runs in the
'engine' test suite. To go on:
  1. Reproduce it:  $build/tests/fuzz/fuzz-<target> tests/fuzz/regressions/<target>/<file>
     or:            meson test -C _build fuzz-regressions-<target> --print-errorlogs
  2. Fix the engine (or the harness, if the harness was wrong) until that passes.
  3. Keep the file (git add tests/fuzz/regressions/<target>/<file>) so the bug stays fixed;
     rename it to say what it caught if you like.
EOF
  exit 1
fi
echo "No crash in $seconds s per target."
