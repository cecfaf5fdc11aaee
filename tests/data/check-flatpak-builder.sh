#!/bin/sh
# check-flatpak-builder.sh: flatpak-builder itself reads the manifest without a warning (an
# unknown or mistyped key warns), and what it reads names the app id meson builds.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-flatpak-builder.sh MANIFEST APP_ID
# Exit status 77 (skipped) when flatpak-builder is not installed: build-aux/dev installs it.

manifest=${1:?usage: check-flatpak-builder.sh MANIFEST APP_ID}
app_id=${2:?usage: check-flatpak-builder.sh MANIFEST APP_ID}

if ! command -v flatpak-builder >/dev/null 2>&1; then
  echo "SKIP: flatpak-builder is not installed (apt-get install flatpak-builder)"
  exit 77
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! G_DEBUG=fatal-warnings flatpak-builder --show-manifest "$manifest" >"$out"; then
  echo "flatpak-builder --show-manifest failed on $manifest"
  exit 1
fi
python3 - "$out" "$app_id" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1], encoding="utf-8"))
if manifest.get("id", manifest.get("app-id")) != sys.argv[2]:
    sys.exit(f"flatpak-builder reads the app id {manifest.get('id')!r}, not {sys.argv[2]!r}")
print(f"flatpak-builder reads the manifest of {sys.argv[2]} without a warning")
PY
