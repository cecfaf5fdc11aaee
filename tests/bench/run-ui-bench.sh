#!/usr/bin/env bash
# run-ui-bench.sh BUILD_DIR: Synchess on the desktop, side by side with GNOME Chess in the
# same run: the time from process start to the main window being shown, and the memory
# (VmRSS) 2 s after that. Both run under one Xvfb, with the same GSK renderer, a fresh
# memory GSettings backend and fresh home and XDG folders. Each figure is the median of
# SYNCHESS_BENCH_ROUNDS rounds (5), after one warm-up run of each; the rounds alternate the
# two programs. Required: ours / GNOME Chess <= 0.8 for both figures. Then, when BUILD_DIR has
# tests/ui/bench-board-redraw, one board redraw at 1000 x 1000 with the heatmap: <= 4 ms.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Needs (installs nothing): Xvfb (xvfb), xdotool, gnome-chess (/usr/games/gnome-chess), awk.
#   apt-get install xvfb xdotool gnome-chess
# GSK_RENDERER picks the renderer for both programs; cairo unless set (Xvfb has no GPU, so
# "gl" would mean Mesa's software GL for both).
# Build BUILD_DIR as a release: meson setup _build-bench --buildtype=release -Dui=true
set -euo pipefail

build=$(cd "${1:?usage: run-ui-bench.sh BUILD_DIR}" && pwd)
synchess="$build/src/synchess"
schemas="$build/data"
redraw="$build/tests/ui/bench-board-redraw"
rounds=${SYNCHESS_BENCH_ROUNDS:-5}
renderer=${GSK_RENDERER:-cairo}
max_ratio=0.8
max_redraw_ms=4
window_timeout_s=30

# Also from inside run_once's subshell: the program it started goes with it.
fail() {
  echo "run-ui-bench: $*" >&2
  if [ -n "${app_pid:-}" ]; then kill "$app_pid" 2>/dev/null || true; fi
  exit 1
}

[ -x "$synchess" ] || fail "$synchess is missing: build BUILD_DIR with -Dui=true"
[ -f "$schemas/gschemas.compiled" ] || fail "$schemas has no compiled settings schema"
command -v Xvfb >/dev/null || fail "Xvfb is not installed (apt-get install xvfb)"
command -v xdotool >/dev/null || fail "xdotool is not installed (apt-get install xdotool)"
gnome_chess=$(dpkg -L gnome-chess 2>/dev/null | grep -E '/gnome-chess$' | grep -E 'bin/|games/' \
  | head -n 1 || true)
[ -x "$gnome_chess" ] || fail "GNOME Chess is not installed (apt-get install gnome-chess)"

work=$(mktemp -d "${TMPDIR:-/tmp}/synchess-ui-bench-XXXXXX")
xvfb_pid=
app_pid=

cleanup() {
  if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; fi
  if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# One X server for everything; it tells its display number once it is ready. -noreset: a
# server that resets when its last client leaves refuses the next program for a moment.
Xvfb -displayfd 3 -screen 0 1600x1200x24 -nolisten tcp -noreset 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do
  [ -s "$work/display" ] && break
  sleep 0.05
done
[ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$(head -n 1 "$work/display")"
xdotool getdisplaygeometry >/dev/null 2>&1 \
  || fail "Xvfb on $DISPLAY does not answer: $(cat "$work/xvfb.log")"

now_ns() { date +%s%N; }

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# run_once NAME COMMAND...: starts the program in fresh folders, waits for its window, and
# prints "MILLISECONDS KIB": start-up time and VmRSS 2 s after the window showed.
run_once() {
  local name=$1 home start shown rss
  shift
  home=$(mktemp -d "$work/$name-XXXXXX")
  mkdir -p "$home/data" "$home/config" "$home/cache" "$home/state" "$home/runtime"
  chmod 700 "$home/runtime"
  start=$(now_ns)
  env HOME="$home" XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" \
    XDG_CACHE_HOME="$home/cache" XDG_STATE_HOME="$home/state" XDG_RUNTIME_DIR="$home/runtime" \
    GSETTINGS_BACKEND=memory GSK_RENDERER="$renderer" GTK_A11Y=none NO_AT_BRIDGE=1 \
    GSETTINGS_SCHEMA_DIR="$schemas" \
    "$@" >"$work/$name.log" 2>&1 &
  app_pid=$!
  until xdotool search --onlyvisible --pid "$app_pid" >/dev/null 2>&1; do
    kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb stopped: $(cat "$work/xvfb.log")"
    kill -0 "$app_pid" 2>/dev/null || fail "$name exited before showing a window: $(cat "$work/$name.log")"
    [ $(( ($(now_ns) - start) / 1000000000 )) -lt "$window_timeout_s" ] \
      || fail "$name showed no window in $window_timeout_s s"
    sleep 0.005
  done
  shown=$(now_ns)
  sleep 2
  rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$app_pid/status")
  kill "$app_pid"
  wait "$app_pid" 2>/dev/null || true
  app_pid=
  rm -rf "$home"
  echo "$(( (shown - start) / 1000 ))" "$rss" | awk '{ printf "%.1f %d\n", $1 / 1000, $2 }'
}

echo "renderer: GSK_RENDERER=$renderer; display $DISPLAY (Xvfb 1600x1200x24); $rounds rounds"
echo "synchess: $synchess"
echo "gnome-chess: $gnome_chess ($(dpkg-query -W -f '${Version}' gnome-chess))"

# Warm-up: the first start of each reads its files from disk.
run_once synchess "$synchess" >/dev/null
run_once gnome-chess "$gnome_chess" >/dev/null

: >"$work/ours"
: >"$work/theirs"
for round in $(seq "$rounds"); do
  ours=$(run_once synchess "$synchess")
  theirs=$(run_once gnome-chess "$gnome_chess")
  echo "round $round: synchess ${ours% *} ms ${ours#* } KiB, gnome-chess ${theirs% *} ms ${theirs#* } KiB"
  echo "$ours" >>"$work/ours"
  echo "$theirs" >>"$work/theirs"
done

ours_ms=$(awk '{ print $1 }' "$work/ours" | median)
ours_kib=$(awk '{ print $2 }' "$work/ours" | median)
theirs_ms=$(awk '{ print $1 }' "$work/theirs" | median)
theirs_kib=$(awk '{ print $2 }' "$work/theirs" | median)
ratio_ms=$(awk -v a="$ours_ms" -v b="$theirs_ms" 'BEGIN { printf "%.3f", a / b }')
ratio_kib=$(awk -v a="$ours_kib" -v b="$theirs_kib" 'BEGIN { printf "%.3f", a / b }')

status=0
verdict() { awk -v r="$1" -v m="$2" 'BEGIN { exit !(r <= m) }' && echo ok || { echo FAIL; }; }
v_ms=$(verdict "$ratio_ms" "$max_ratio")
v_kib=$(verdict "$ratio_kib" "$max_ratio")
echo "start-up (median): synchess $ours_ms ms, gnome-chess $theirs_ms ms, ratio $ratio_ms (<= $max_ratio: $v_ms)"
echo "memory (median VmRSS 2 s after the window): synchess $ours_kib KiB, gnome-chess $theirs_kib KiB, ratio $ratio_kib (<= $max_ratio: $v_kib)"
[ "$v_ms" = ok ] && [ "$v_kib" = ok ] || status=1

if [ -x "$redraw" ]; then
  redraw_out=$(env GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$schemas" GSK_RENDERER="$renderer" \
    GTK_A11Y=none NO_AT_BRIDGE=1 "$redraw" 2>&1) || fail "bench-board-redraw failed: $redraw_out"
  echo "$redraw_out"
  redraw_ms=$(echo "$redraw_out" | awk '/^board-redraw-ms:/ { print $2 }' | tail -n 1)
  [ -n "$redraw_ms" ] || fail "bench-board-redraw printed no board-redraw-ms line"
  v_redraw=$(verdict "$redraw_ms" "$max_redraw_ms")
  echo "board redraw at 1000 x 1000 with the heatmap: $redraw_ms ms (<= $max_redraw_ms: $v_redraw)"
  [ "$v_redraw" = ok ] || status=1
else
  echo "board redraw: $redraw is not built; skipped"
fi

exit $status
