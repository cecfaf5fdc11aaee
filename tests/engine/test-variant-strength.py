#!/usr/bin/env python3
"""test-variant-strength.py MATCH_VARIANTS: the engine's strength in the four rule sets beside
PSC, as the slow suite proves it. 100 games each (seed 2026, colours alternating):
against random moves at depth 1 it must win at least 95 (draws are not wins), and against
the CLI's simple bot (`--bot simple`) at depth 2 it must score at least 90%. Speaks TAP, a
line per rule set and opponent."""

import re
import subprocess
import sys

LINE = re.compile(r"^(\S+)\s+vs (\S+)\s+depth (\d+) .*: (\d+) games, \+(\d+) =(\d+) -(\d+), "
                  r"score ([\d.]+)% \+- ([\d.]+)%")
RULE_SETS = ("synchrone", "hk", "hutnik", "transactional")


def run(tool, opponent, depth):
    out = subprocess.run([tool, "--games", "100", "--depth", str(depth), "--opponent", opponent,
                          "--seed", "2026"], check=True, capture_output=True, text=True).stdout
    results = {}
    for line in out.splitlines():
        match = LINE.match(line)
        if match:
            results[match.group(1)] = (line, int(match.group(5)), float(match.group(8)))
    return results


def main():
    tool = sys.argv[1]
    checks = []
    against_random = run(tool, "random", 1)
    against_simple = run(tool, "simple", 2)
    for rule_set in RULE_SETS:
        line, wins, _ = against_random.get(rule_set, ("no result", 0, 0.0))
        checks.append((wins >= 95, f"{rule_set} wins 95 of 100 against random", line))
        line, _, score = against_simple.get(rule_set, ("no result", 0, 0.0))
        checks.append((score >= 90.0, f"{rule_set} scores 90% against simple", line))
    print(f"1..{len(checks)}")
    for number, (passed, name, line) in enumerate(checks, 1):
        print(f"# {line}")
        print(f"{'ok' if passed else 'not ok'} {number} {name}")
    return 0 if all(passed for passed, _, _ in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
