#!/usr/bin/env python3
# check-desktop.py: the built desktop file passes desktop-file-validate, is D-Bus activatable
# through the service file beside it, offers its New Game action both over D-Bus and through
# an Exec line, and carries the translations of po/LINGUAS. TAP output.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-desktop.py DESKTOP SERVICE APP_ID COMMAND BINDIR LINGUAS

import configparser
import os
import shutil
import subprocess
import sys

n = 0
failures = 0


def check(name, ok, why=""):
    global n, failures
    n += 1
    print(f"{'ok' if ok else 'not ok'} {n} /desktop/{name}")
    if not ok:
        failures += 1
        for line in str(why).splitlines():
            print(f"# {line}")


def skip(name, why):
    global n
    n += 1
    print(f"ok {n} /desktop/{name} # SKIP {why}")


def read_ini(path):
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    with open(path, encoding="utf-8") as f:
        parser.read_file(f)
    return parser


def main():
    desktop, service, app_id, command, bindir, linguas_path = sys.argv[1:7]
    with open(linguas_path, encoding="utf-8") as f:
        linguas = [w for line in f if not line.lstrip().startswith("#") for w in line.split()]
    print("1..8")

    validate = shutil.which("desktop-file-validate")
    if validate:
        result = subprocess.run([validate, desktop], capture_output=True, text=True)
        output = (result.stdout + result.stderr).strip()
        check("desktop-file-validate", result.returncode == 0 and not output, output)
    else:
        skip("desktop-file-validate", "desktop-file-validate is not installed (desktop-file-utils)")

    entry = read_ini(desktop)
    main_group = entry["Desktop Entry"]
    check("named-after-app-id", os.path.basename(desktop) == app_id + ".desktop",
          f"{os.path.basename(desktop)} should be {app_id}.desktop")
    check("exec-and-icon",
          main_group.get("Exec", "").split()[0:1] == [command]
          and main_group.get("Icon") == app_id,
          f"Exec={main_group.get('Exec')} Icon={main_group.get('Icon')}")

    bus = read_ini(service)["D-BUS Service"]
    check("dbus-activatable-with-service",
          main_group.get("DBusActivatable") == "true"
          and bus.get("Name") == app_id
          and bus.get("Exec") == f"{bindir}/{command} --gapplication-service",
          f"DBusActivatable={main_group.get('DBusActivatable')}, service Name={bus.get('Name')} "
          f"Exec={bus.get('Exec')}")

    actions = [a for a in main_group.get("Actions", "").split(";") if a]
    check("new-game-action", "new-game" in actions and entry.has_section("Desktop Action new-game"),
          f"Actions={main_group.get('Actions')}")
    action = entry["Desktop Action new-game"] if entry.has_section("Desktop Action new-game") else {}
    check("new-game-exec-without-dbus-activation",
          action.get("Exec") == f"gapplication action {app_id} new-game",
          f"Exec={action.get('Exec')}")

    untranslated = [f"{key}[{lang}]" for lang in linguas
                    for key in ("Name", "GenericName", "Comment", "Keywords")
                    if f"{key}[{lang}]" not in main_group]
    untranslated += [f"new-game Name[{lang}]" for lang in linguas
                     if f"Name[{lang}]" not in action]
    check("translated", not untranslated, "missing: " + ", ".join(untranslated))

    keywords = [k for lang in linguas for k in [main_group.get(f"Keywords[{lang}]", ";")]
                if not k.endswith(";")]
    check("keywords-end-with-semicolon", not keywords, "\n".join(keywords))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
