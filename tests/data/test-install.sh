#!/bin/sh
# test-install.sh: `meson install` into a temporary DESTDIR gives a working application: the
# files the desktop needs are in place, the installed program draws its window, and its
# translations are found where it looks for them. TAP output.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-install.sh BUILD_DIR PREFIX BINDIR DATADIR LOCALEDIR APP_ID
# (each directory absolute, as the build was configured). The screenshots need xvfb-run; the
# translations are read by running the program with the DESTDIR copy of LOCALEDIR mounted at
# LOCALEDIR (bwrap), since the program only looks there. What cannot run here is skipped.
# The PNGs are kept in $SYNCHESS_SCREENSHOT_DIR when it is set.

set -u

build=${1:?usage: test-install.sh BUILD_DIR PREFIX BINDIR DATADIR LOCALEDIR APP_ID}
prefix=$2
bindir=$3
datadir=$4
localedir=$5
app_id=$6

tmp=$(mktemp -d "${TMPDIR:-/tmp}/synchess-install-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
destdir="$tmp/root"
shots=${SYNCHESS_SCREENSHOT_DIR:-$tmp/shots}
mkdir -p "$shots"

# Keep the program away from the user's data, and quiet where there is no session bus.
export XDG_DATA_HOME="$tmp/data"
export XDG_CONFIG_HOME="$tmp/config"
export GSETTINGS_BACKEND=memory
export GTK_A11Y=none
unset GSETTINGS_SCHEMA_DIR

n=0
failures=0
ok () { n=$((n + 1)); echo "ok $n /install/$1"; }
skip () { n=$((n + 1)); echo "ok $n /install/$1 # SKIP $2"; }
not_ok () {
  n=$((n + 1))
  failures=$((failures + 1))
  echo "not ok $n /install/$1"
  shift
  for text in "$@"; do printf '%s\n' "$text" | sed 's/^/# /'; done
}

png_size () {
  python3 - "$1" <<'PY'
import struct, sys
with open(sys.argv[1], "rb") as f:
    head = f.read(24)
if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
    print("%dx%d" % struct.unpack(">II", head[16:24]))
PY
}

echo "1..10"

if meson install -C "$build" --destdir "$destdir" --no-rebuild --quiet >"$tmp/install.log" 2>&1; then
  ok "meson-install"
else
  not_ok "meson-install" "$(cat "$tmp/install.log")"
  exit 1
fi

missing=""
for file in "$bindir/synchess" \
            "$datadir/applications/$app_id.desktop" \
            "$datadir/metainfo/$app_id.metainfo.xml" \
            "$datadir/dbus-1/services/$app_id.service" \
            "$datadir/glib-2.0/schemas/$app_id.gschema.xml" \
            "$datadir/icons/hicolor/scalable/apps/$app_id.svg" \
            "$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"; do
  [ -e "$destdir$file" ] || missing="$missing $file"
done
for po in $(sed 's/#.*//' "$(dirname "$0")/../../po/LINGUAS"); do
  file="$localedir/$po/LC_MESSAGES/synchess.mo"
  [ -e "$destdir$file" ] || missing="$missing $file"
done
if [ -z "$missing" ]; then
  ok "files-in-place"
else
  not_ok "files-in-place" "missing:$missing"
fi

schemas="$destdir$datadir/glib-2.0/schemas"
# meson's post-install step leaves this to the packager when DESTDIR is set.
if glib-compile-schemas --strict "$schemas" >"$tmp/schemas.log" 2>&1; then
  ok "schemas-compile"
else
  not_ok "schemas-compile" "$(cat "$tmp/schemas.log")"
fi
# The D-Bus service's command line is the installed program, started as a service.
exec_line=$(sed -n 's/^Exec=//p' "$destdir$datadir/dbus-1/services/$app_id.service")
case "$exec_line" in
  "$bindir/synchess --gapplication-service") ok "service-exec" ;;
  *) not_ok "service-exec" "Exec=$exec_line" ;;
esac

export GSETTINGS_SCHEMA_DIR="$schemas"
export XDG_DATA_DIRS="$destdir$datadir:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
program="$destdir$bindir/synchess"

# Mount the installed translations where the program looks for them, without touching the
# system: bind the DESTDIR copy of LOCALEDIR, or of its nearest existing parent inside
# DATADIR, over the real one.
mount_from="" mount_at=$localedir
while [ ! -d "$mount_at" ] && [ "$mount_at" != "$datadir" ] && [ "$mount_at" != / ]; do
  mount_at=$(dirname "$mount_at")
done
if [ -d "$mount_at" ] && case "$mount_at" in "$datadir"*) true ;; *) false ;; esac; then
  mount_from="$destdir$mount_at"
fi
in_place () {
  bwrap --dev-bind / / --bind "$mount_from" "$mount_at" "$@"
}
can_mount=no
if [ -n "$mount_from" ] && command -v bwrap >/dev/null 2>&1 && in_place true 2>/dev/null; then
  can_mount=yes
fi

# The options' help is translated through the same catalogue as the window: a cheap, exact
# look at whether the installed translations are found.
help_in () {
  lang=$1 locale=$2 expected=$3
  if [ $can_mount = no ]; then
    skip "help-in-$lang" "cannot mount $destdir$localedir at $localedir (bwrap)"
    return
  fi
  text=$(in_place env LANGUAGE="$lang" LANG="$locale" LC_ALL= "$program" --help 2>&1)
  if printf '%s\n' "$text" | grep -qF "$expected"; then
    ok "help-in-$lang"
  else
    not_ok "help-in-$lang" "LANGUAGE=$lang synchess --help does not say \"$expected\":" "$text"
  fi
}
help_in fr C.UTF-8 "Dessiner la fenêtre principale dans un fichier PNG"
help_in de C.UTF-8 "Das Hauptfenster in eine PNG-Datei zeichnen"

if ! command -v xvfb-run >/dev/null 2>&1; then
  skip "screenshot" "xvfb-run is not installed"
  skip "screenshot-fr" "xvfb-run is not installed"
  skip "french-differs" "xvfb-run is not installed"
  skip "dbus-activation-new-game" "xvfb-run is not installed"
  [ $failures -eq 0 ]
  exit
fi

# shot NAME [COMMAND PREFIX...]: the installed program's window as a PNG.
shot () {
  name=$1
  shift
  png="$shots/installed-$name.png"
  rm -f "$png"
  xvfb-run -a -s "-screen 0 1600x1200x24" "$@" "$program" --screenshot "$png" --size 1280x800 \
    >"$tmp/$name.log" 2>&1
  status=$?
  got=$(png_size "$png" 2>/dev/null)
  if [ $status -eq 0 ] && [ "$got" = 1280x800 ]; then
    ok "$name"
  else
    not_ok "$name" "exit status $status, PNG '${got:-none}':" "$(cat "$tmp/$name.log")"
  fi
}

shot screenshot env LANGUAGE=C
if [ $can_mount = yes ] && locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; then
  shot screenshot-fr bwrap --dev-bind / / --bind "$mount_from" "$mount_at" \
    env LANGUAGE=fr LANG=fr_FR.UTF-8 LC_ALL=
  if [ -f "$shots/installed-screenshot.png" ] && [ -f "$shots/installed-screenshot-fr.png" ] \
     && ! cmp -s "$shots/installed-screenshot.png" "$shots/installed-screenshot-fr.png"; then
    ok "french-differs"
  else
    not_ok "french-differs" "the French window looks the same as the English one"
  fi
else
  skip "screenshot-fr" "no fr_FR.UTF-8 locale (locales-all) or cannot mount the translations"
  skip "french-differs" "no French screenshot"
fi

# The desktop's way in: with the installed tree mounted at PREFIX and a session bus of its
# own, `gapplication action` starts the program through the installed D-Bus service file
# (as DBusActivatable=true makes the desktop do) and its new-game action opens a window.
if [ "$prefix" != /usr ] && [ -d "$prefix" ] && command -v bwrap >/dev/null 2>&1 \
   && command -v dbus-run-session >/dev/null 2>&1 && command -v gapplication >/dev/null 2>&1 \
   && bwrap --dev-bind / / --bind "$destdir$prefix" "$prefix" true 2>/dev/null; then
  cat >"$tmp/activate.sh" <<EOS
set -u
gapplication list-actions $app_id | grep -qx new-game || { echo "the service offers no new-game action"; exit 1; }
gapplication action $app_id new-game || exit 1
window=/$(echo "$app_id" | tr . /)/window/1
for i in \$(seq 100); do
  gdbus introspect --session --dest $app_id --object-path \$window >/dev/null 2>&1 && break
  sleep 0.1
done
gdbus introspect --session --dest $app_id --object-path \$window >/dev/null || { echo "no window after new-game"; exit 1; }
gapplication action $app_id quit
EOS
  if bwrap --dev-bind / / --bind "$destdir$prefix" "$prefix" \
       env XDG_DATA_DIRS="$prefix/share:/usr/share" \
       xvfb-run -a -s "-screen 0 1600x1200x24" dbus-run-session -- sh "$tmp/activate.sh" \
       >"$tmp/activate.log" 2>&1; then
    ok "dbus-activation-new-game"
  else
    not_ok "dbus-activation-new-game" "$(cat "$tmp/activate.log")"
  fi
else
  skip "dbus-activation-new-game" "needs bwrap, dbus-run-session, gapplication and a PREFIX other than /usr"
fi

[ $failures -eq 0 ]
