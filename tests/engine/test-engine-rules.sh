#!/usr/bin/env bash
# test-engine-rules.sh SOURCE_DIR ENGINE_LIBRARY: the engine's own rules, checked on its
# sources and on the built library (TAP):
#   it never includes GLib, it allocates nothing, and it has no global that changes.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
set -u
src=$1/src/engine
lib=$2
n=0 failed=0

check() {
  local name=$1 found=$2
  n=$((n + 1))
  if [ -z "$found" ]; then
    echo "ok $n /engine-rules/$name"
  else
    echo "not ok $n /engine-rules/$name"
    printf '%s\n' "$found" | sed 's/^/# /'
    failed=1
  fi
}

echo "1..3"
check no-glib "$(grep -nE '#include *[<"](glib|gio|gtk|adwaita)' "$src"/*.c "$src"/*.h)"
# The generator runs at build time and writes files; it is not part of the library.
check no-allocation "$(grep -nE '\b(malloc|calloc|realloc|free|strdup|alloca) *\(' "$src"/*.c "$src"/*.h \
  | grep -v 'gen-attack-tables.c')"
# Objects in writable sections (.data, .bss) are globals that could change; const data with
# pointers lives in .data.rel.ro, read-only after loading. Sanitizers add their own
# bookkeeping objects, which are not ours.
check no-mutable-globals "$(objdump -t "$lib" \
  | awk '/ O \.(data|bss)/ && !/\.rel\.ro/ && $NF !~ /^(__asan|__odr_asan|__ubsan|__sancov)/')"
exit $failed
