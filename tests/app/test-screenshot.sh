#!/bin/sh
# test-screenshot.sh: `synchess --screenshot` renders the window at the size asked for, light
# and dark, and a bad --fen ends with one line of explanation; TAP output.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-screenshot.sh SYNCHESS  (under a display: meson runs it inside xvfb-run)
# The PNGs go to $SYNCHESS_SCREENSHOT_DIR when set (to look at them), else to a temporary
# folder that is removed at the end.

set -u

synchess=${1:?usage: test-screenshot.sh SYNCHESS}
if [ -n "${SYNCHESS_SCREENSHOT_DIR:-}" ]; then
  out=$SYNCHESS_SCREENSHOT_DIR
  mkdir -p "$out"
else
  out=$(mktemp -d "${TMPDIR:-/tmp}/synchess-screenshot-XXXXXX")
  trap 'rm -rf "$out"' EXIT
fi

# A screenshot never autosaves, but keep any data folder it might read out of the user's.
export XDG_DATA_HOME="$out/data"
export LANGUAGE=C
# Xvfb has no session bus, so no accessibility bus either (GTK would warn, and the tests
# make warnings fatal).
export GTK_A11Y=none

n=0
failures=0

ok () {
  n=$((n + 1))
  echo "ok $n $1"
}

not_ok () {
  n=$((n + 1))
  failures=$((failures + 1))
  echo "not ok $n $1"
  shift
  for text in "$@"; do
    printf '%s\n' "$text" | sed 's/^/# /'
  done
}

# Prints WIDTHxHEIGHT from a PNG's IHDR chunk, or nothing when the file is no PNG.
png_size () {
  python3 - "$1" <<'PY'
import struct, sys
with open(sys.argv[1], "rb") as f:
    head = f.read(24)
if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
    print("%dx%d" % struct.unpack(">II", head[16:24]))
PY
}

# Prints the brightness (0-255, the mean of red, green and blue, over white where it is
# transparent) of pixel X Y of a PNG as GDK writes it: 8 bits a channel, RGB or RGBA, not
# interlaced.
png_pixel () {
  python3 - "$@" <<'PY'
import struct, sys, zlib
path, x, y = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
data = open(path, "rb").read()
pos, idat, width = 8, b"", 0
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour = struct.unpack(">IIBB", body[:10])
        channels = {2: 3, 6: 4}[colour]
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
raw, stride = zlib.decompress(idat), width * channels
rows, previous = [], bytearray(stride)
for row in range(y + 1):
    start = row * (stride + 1)
    kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b = previous[i]
        c = previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + a) & 255
        elif kind == 2: line[i] = (line[i] + b) & 255
        elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    previous = line
pixel = previous[x * channels:x * channels + channels]
alpha = pixel[3] / 255 if channels == 4 else 1
# Over white, as an image viewer shows a transparent pixel.
print(int(sum(v * alpha + 255 * (1 - alpha) for v in pixel[:3]) // 3))
PY
}

# shot NAME SIZE [VAR=VALUE...]: one screenshot at SIZE with the environment given.
shot () {
  name=$1
  size=$2
  shift 2
  png="$out/$name.png"
  rm -f "$png"
  env "$@" "$synchess" --screenshot "$png" --size "$size" >"$out/$name.log" 2>&1
  status=$?
  if [ $status -ne 0 ]; then
    not_ok "/app/screenshot/$name" "exit status $status" "$(cat "$out/$name.log")"
    return
  fi
  got=$(png_size "$png" 2>/dev/null)
  if [ "$got" != "$size" ]; then
    not_ok "/app/screenshot/$name" "wanted a ${size} PNG, got '${got:-no PNG}'"
    return
  fi
  ok "/app/screenshot/$name"
}

echo "1..9"

shot light-600x500 600x500
shot light-1280x800 1280x800
# As wide as the screen, and wider: the picture has the size asked for all the same (the
# window itself cannot be, less its frame's margins; meson runs this on a 1600x1200 screen).
shot light-1600x1000 1600x1000
shot light-1900x1000 1900x1000
shot dark-1280x800 1280x800 ADW_DEBUG_COLOR_SCHEME=prefer-dark
shot dark-400x800 400x800 ADW_DEBUG_COLOR_SCHEME=prefer-dark

# Dark style really changes the picture.
if [ -f "$out/light-1280x800.png" ] && [ -f "$out/dark-1280x800.png" ] \
   && ! cmp -s "$out/light-1280x800.png" "$out/dark-1280x800.png"; then
  ok "/app/screenshot/dark-differs-from-light"
else
  not_ok "/app/screenshot/dark-differs-from-light" "the dark and light PNGs are the same or missing"
fi

# In dark style the window's own background is dark too, where no widget draws one: the
# bottom corner of a narrow window, below the panel (its text is light, and was once drawn on
# white).
corner=$(png_pixel "$out/dark-400x800.png" 395 795 2>/dev/null)
if [ -n "$corner" ] && [ "$corner" -lt 100 ]; then
  ok "/app/screenshot/dark-background-is-dark"
else
  not_ok "/app/screenshot/dark-background-is-dark" "the corner's brightness is '${corner:-unknown}' of 255"
fi

# A bad FEN: non-zero exit, exactly one line on stderr, no PNG.
rm -f "$out/bad.png"
"$synchess" --screenshot "$out/bad.png" --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1" \
  >"$out/bad.stdout" 2>"$out/bad.stderr"
status=$?
lines=$(wc -l <"$out/bad.stderr")
if [ $status -ne 0 ] && [ "$lines" -eq 1 ] && [ ! -e "$out/bad.png" ]; then
  ok "/app/screenshot/bad-fen-is-refused"
  echo "# $(cat "$out/bad.stderr")"
else
  not_ok "/app/screenshot/bad-fen-is-refused" "exit status $status, $lines lines on stderr:" \
    "$(cat "$out/bad.stderr")"
fi

[ $failures -eq 0 ]
