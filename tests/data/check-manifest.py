#!/usr/bin/env python3
# check-manifest.py: the Flatpak manifest is valid JSON with known keys of the right types,
# names the app id and command meson builds, builds this repository with meson and runs its
# tests, and asks for no more of the system than the app needs. TAP output.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-manifest.py MANIFEST APP_ID COMMAND

import json
import sys

# The keys of flatpak-manifest(5) we allow, with their types.
TOP_KEYS = {
    "id": str, "runtime": str, "runtime-version": str, "sdk": str, "command": str,
    "finish-args": list, "cleanup": list, "cleanup-commands": list, "build-options": dict,
    "modules": list, "rename-desktop-file": str, "rename-icon": str, "tags": list,
}
MODULE_KEYS = {
    "name": str, "buildsystem": str, "config-opts": list, "sources": list,
    "run-tests": bool, "test-rule": str, "test-commands": list, "build-options": dict,
    "cleanup": list, "builddir": bool, "post-install": list, "modules": list,
}
SOURCE_KEYS = {"type": str, "path": str, "skip": list, "url": str, "sha256": str}
# The permissions Synchess needs: peer play over the network, a display, GPU drawing.
ALLOWED_FINISH_ARGS = {"--share=network", "--share=ipc", "--socket=wayland",
                       "--socket=fallback-x11", "--device=dri",
                       # games on the local network are published and found through Avahi
                       "--system-talk-name=org.freedesktop.Avahi"}
# GTK 4.8 and libadwaita 1.2 API only, so any GNOME runtime from 43 on builds it.
OLDEST_RUNTIME = 43

n = 0
failures = 0


def check(name, ok, why=""):
    global n, failures
    n += 1
    if ok:
        print(f"ok {n} /flatpak/manifest/{name}")
    else:
        failures += 1
        print(f"not ok {n} /flatpak/manifest/{name}")
        for line in str(why).splitlines():
            print(f"# {line}")


def key_errors(where, obj, known):
    errors = []
    if not isinstance(obj, dict):
        return [f"{where} is not an object"]
    for key, value in obj.items():
        if key not in known:
            errors.append(f"{where}: unknown key {key!r}")
        elif not isinstance(value, known[key]):
            errors.append(f"{where}: {key!r} should be a {known[key].__name__}, "
                          f"not {type(value).__name__}")
    return errors


def main():
    path, app_id, command = sys.argv[1:4]
    print("1..8")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (OSError, ValueError) as error:
        check("valid-json", False, error)
        return 1
    check("valid-json", isinstance(manifest, dict), "the manifest is not a JSON object")

    errors = key_errors("manifest", manifest, TOP_KEYS)
    for i, module in enumerate(manifest.get("modules", [])):
        errors += key_errors(f"module {i}", module, MODULE_KEYS)
        for j, source in enumerate(module.get("sources", []) if isinstance(module, dict) else []):
            errors += key_errors(f"module {i} source {j}", source, SOURCE_KEYS)
    check("known-keys-and-types", not errors, "\n".join(errors))

    check("app-id-matches-meson", manifest.get("id") == app_id,
          f"id is {manifest.get('id')!r}, meson's app id is {app_id!r}")
    check("command-matches-meson", manifest.get("command") == command,
          f"command is {manifest.get('command')!r}, meson builds {command!r}")

    version = manifest.get("runtime-version", "")
    check("gnome-runtime",
          manifest.get("runtime") == "org.gnome.Platform"
          and manifest.get("sdk") == "org.gnome.Sdk"
          and version.isdigit() and int(version) >= OLDEST_RUNTIME,
          f"wanted org.gnome.Platform and org.gnome.Sdk at a pinned version >= "
          f"{OLDEST_RUNTIME}, got {manifest.get('runtime')!r} {version!r}")

    extra = set(manifest.get("finish-args", [])) - ALLOWED_FINISH_ARGS
    check("finish-args-no-wider-than-needed", not extra,
          f"not needed: {' '.join(sorted(extra))}")

    modules = manifest.get("modules", [])
    app = modules[-1] if modules and isinstance(modules[-1], dict) else {}
    sources = app.get("sources", [])
    check("app-module-is-this-repository-with-meson",
          app.get("buildsystem") == "meson" and "-Dui=true" in app.get("config-opts", [])
          and any(isinstance(s, dict) and s.get("type") == "dir" and s.get("path") == ".."
                  for s in sources),
          "the last module should be built with meson, -Dui=true, from a dir source '..'")
    check("app-module-runs-tests",
          app.get("run-tests") is True
          and any("meson test" in c for c in app.get("test-commands", [])),
          "the last module should set run-tests and run meson test")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
