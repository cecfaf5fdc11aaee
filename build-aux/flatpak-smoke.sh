#!/usr/bin/env bash
# flatpak-smoke.sh: builds flatpak/io.github.synchess.Synchess.json with flatpak-builder,
# installs the result and takes a screenshot of it with `flatpak run` under xvfb-run, all
# offline. The GNOME runtime and SDK the manifest names are replaced by a stand-in made from
# this machine's own /usr (same names and branch), exported into a local repository and
# installed into a throw-away user installation; nothing touches the real ones.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Not part of CI: the first run copies a few GB and takes minutes. Later runs reuse the
# stand-in runtime. Needs flatpak, flatpak-builder, xvfb-run (build-aux/dev installs them) and
# appstream-compose (Debian package appstream-util).
#
# Usage: build-aux/flatpak-smoke.sh [WORK_DIR]   (default: /var/tmp/synchess-flatpak-smoke)
# The screenshots end up in WORK_DIR/shots; WORK_DIR/logs has a log per step.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
manifest="$top/flatpak/io.github.synchess.Synchess.json"
work=${1:-/var/tmp/synchess-flatpak-smoke}
mkdir -p "$work/logs" "$work/shots"
work=$(cd "$work" && pwd)

say() { printf 'flatpak-smoke: %s\n' "$*" >&2; }

# step NAME COMMAND...: runs one step with its output in logs/NAME.log; on failure, says
# which step failed and shows the end of its log.
step() {
  local name=$1
  shift
  say "$name"
  # In the background, so that set -e still stops the step at its first failing command.
  ("$@") >"$work/logs/$name.log" 2>&1 &
  if ! wait $!; then
    say "FAILED at '$name' (full log: $work/logs/$name.log):"
    tail -n 40 "$work/logs/$name.log" >&2
    exit 1
  fi
}

for tool in flatpak flatpak-builder xvfb-run python3 tar; do
  command -v "$tool" >/dev/null || { say "$tool is not installed"; exit 1; }
done
# flatpak-builder runs the SDK's appstream-compose on the metainfo, so the stand-in needs it.
command -v appstream-compose >/dev/null \
  || { say "appstream-compose is not installed (apt-get install appstream-util)"; exit 1; }

read_manifest() {
  python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); print(m[sys.argv[2]])' \
    "$manifest" "$1"
}
app_id=$(read_manifest id)
runtime=$(read_manifest runtime)
sdk=$(read_manifest sdk)
branch=$(read_manifest runtime-version)
arch=$(flatpak --default-arch)

# A user installation of our own, so the real user and system installations stay untouched.
export FLATPAK_USER_DIR="$work/user"
flatpak_user() { flatpak --user "$@"; }

# The stand-in runtime: /usr of this machine (without what an app build never needs), with
# the parts of /etc that programs there read, as usr/etc. The same tree is exported twice,
# as the runtime and as the SDK.
make_runtime_tree() {
  local tree="$work/runtime"
  if [ -e "$tree/.complete" ]; then
    return 0
  fi
  rm -rf "$tree"
  mkdir -p "$tree/usr" "$tree/files"
  tar -C / --one-file-system \
    --exclude=usr/local --exclude=usr/share/doc --exclude=usr/share/man \
    --exclude=usr/share/info --exclude=usr/lib/jvm --exclude=usr/lib/google-cloud-sdk \
    --exclude=usr/lib/llvm-14 --exclude=usr/share/fpcsrc --exclude=usr/lib/postgresql \
    --exclude=usr/games --exclude=usr/lib32 --exclude=usr/etc \
    -cf - usr | tar -C "$tree" -xf -
  mkdir -p "$tree/usr/etc"
  local item
  for item in ld.so.conf ld.so.conf.d alternatives fonts python3 python3.11 gtk-4.0 xdg \
              locale.alias; do
    if [ -e "/etc/$item" ]; then
      cp -a "/etc/$item" "$tree/usr/etc/"
    fi
  done
  # flatpak builds the sandbox's ld.so.cache with the runtime's own ldconfig, from /usr/bin.
  cp -a /sbin/ldconfig "$tree/usr/bin/ldconfig"
  touch "$tree/.complete"
}

export_runtime() {
  local tree="$work/runtime" name
  for name in "$runtime" "$sdk"; do
    cat >"$tree/metadata" <<EOF
[Runtime]
name=$name
runtime=$runtime/$arch/$branch
sdk=$sdk/$arch/$branch
EOF
    flatpak build-export --disable-sandbox --runtime "$work/repo" "$tree" "$branch"
  done
}

install_runtime() {
  flatpak_user remote-add --if-not-exists --no-gpg-verify smoke-local "$work/repo"
  flatpak_user install -y --noninteractive smoke-local "$runtime//$branch" "$sdk//$branch"
  # The app's translations go into its .Locale extension; install them all.
  flatpak_user config --set languages 'en;fr;de'
}

if ! flatpak_user info "$sdk//$branch" >/dev/null 2>&1; then
  step copy-usr make_runtime_tree
  step export-runtime export_runtime
  step install-runtime install_runtime
  rm -rf "$work/runtime"
else
  say "reusing the stand-in $runtime//$branch and $sdk//$branch in $FLATPAK_USER_DIR"
fi

# FUSE may be missing (containers), and rofiles-fuse only guards against hard-link mistakes.
build_app() {
  cd "$work"
  flatpak-builder --user --install --force-clean --disable-rofiles-fuse --disable-download \
    --state-dir="$work/state" "$work/build" "$manifest"
}
step build-and-install build_app

# shot NAME [--env=VAR=VALUE...]: the installed app's window, 1280x800.
shot() {
  local name=$1
  shift
  rm -f "$work/shots/$name.png"
  xvfb-run -a -s "-screen 0 1600x1200x24" \
    flatpak --user run --filesystem="$work/shots" --env=GTK_A11Y=none "$@" "$app_id" \
    --screenshot "$work/shots/$name.png" --size 1280x800
  [ -s "$work/shots/$name.png" ]
}
step screenshot shot flatpak-en --env=LANGUAGE=C
step screenshot-fr shot flatpak-fr --env=LANGUAGE=fr --env=LANG=fr_FR.UTF-8

say "done: $(cd "$work/shots" && ls flatpak-*.png | tr '\n' ' ')in $work/shots"
