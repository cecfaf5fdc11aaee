#!/usr/bin/env python3
# check-potfiles.py: every file under src/ and data/ with strings for translators is listed
# in po/POTFILES.in, and every file listed there exists.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: check-potfiles.py SOURCE_ROOT

import os
import re
import sys

# _ ("..."), N_ ("..."), C_ (...), NC_ (...), and the gettext functions themselves; the
# look-behind keeps __attribute__ ((...)) and FOO_ (...) out.
C_MARK = re.compile(r"(?<![A-Za-z0-9_])(?:N|C|NC|Q)?_\s*\(|"
                    r"(?<![A-Za-z0-9_])g?_?d?n?c?p?gettext2?\s*\(")
UI_MARK = re.compile(r'translatable="yes"')
ALWAYS = (".desktop.in", ".metainfo.xml.in", ".gschema.xml")


def wants_translation(path):
    if path.endswith(ALWAYS):
        return True
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (UnicodeDecodeError, OSError):
        return False
    if path.endswith((".c", ".h")):
        return C_MARK.search(text) is not None
    if path.endswith(".ui"):
        return UI_MARK.search(text) is not None
    return False


def main():
    root = sys.argv[1]
    listed = []
    with open(os.path.join(root, "po", "POTFILES.in"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                listed.append(line)

    found = []
    for top in ("src", "data"):
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(folder, name)
                if wants_translation(path):
                    found.append(os.path.relpath(path, root))

    missing = [path for path in found if path not in listed]
    absent = [path for path in listed if not os.path.isfile(os.path.join(root, path))]
    for path in missing:
        print(f"po/POTFILES.in misses {path}, which has strings for translators")
    for path in absent:
        print(f"po/POTFILES.in lists {path}, which does not exist")
    if not missing and not absent:
        print(f"po/POTFILES.in lists all {len(found)} files with strings for translators")
    return 1 if missing or absent else 0


if __name__ == "__main__":
    sys.exit(main())
