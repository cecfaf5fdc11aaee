#!/usr/bin/env python3
"""test-psc-match-resume.py MATCH CLI: psc-match.py --resume goes on from the games a stopped
run printed. A log of two games (a win, a loss) resumed to three plays game 3 alone, as
White for the newer build (colours alternate, White first), and counts all three in its
score; a log with a game missing is refused. Speaks TAP."""

import os
import re
import subprocess
import sys
import tempfile

PLAYED = ("game 1: this white, 1 after 30 turns (adjudicated); running 100.0% +- 0.0%\n"
          "game 2: this black, 0 after 41 turns (adjudicated); running 50.0% +- 0.0%\n")


def run(match, cli, log, games):
    return subprocess.run([sys.executable, match, cli, cli, "--games", str(games), "--time", "20",
                           "--max-turns", "6", "--resume", log],
                          capture_output=True, text=True)


def main():
    match, cli = sys.argv[1], sys.argv[2]
    checks = []
    with tempfile.TemporaryDirectory() as folder:
        log = os.path.join(folder, "match.log")
        with open(log, "w", encoding="utf-8") as out:
            out.write(PLAYED)
        done = run(match, cli, log, 3)
        games = re.findall(r"^game (\d+): this (\w+)", done.stdout, re.M)
        total = re.search(r"^(\d+) games at 20 ms a move: this \+(\d+) =(\d+) -(\d+)",
                          done.stdout, re.M)
        checks.append(("plays the next game alone, with its colour",
                       done.returncode == 0 and games == [("3", "white")]))
        checks.append(("counts the games played before",
                       total is not None and total[1] == "3" and int(total[2]) >= 1
                       and int(total[4]) >= 1))

        with open(log, "w", encoding="utf-8") as out:
            out.write(PLAYED.replace("game 2:", "game 3:"))
        gap = run(match, cli, log, 4)
        checks.append(("refuses a log with a game missing",
                       gap.returncode != 0 and "game 2 was due" in gap.stderr
                       and "game 4" not in gap.stdout))

    print(f"1..{len(checks)}")
    for number, (name, ok) in enumerate(checks, 1):
        print(f"{'ok' if ok else 'not ok'} {number} - {name}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
