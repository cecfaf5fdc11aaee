#!/usr/bin/env python3
# test-cli.py: the synchess-cli contract of design.md, as tests outside the project use it.
#
# Copyright 2026 The Synchess Authors
# SPDX-License-Identifier: GPL-3.0-or-later
import json
import math
import os
import subprocess
import sys

CLI = os.environ.get("SYNCHESS_CLI") or sys.argv[1]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# The seed's example: after 1. e4/e5 2. Nf3/d5 3. Nc3/a6.
SEED = "rnbqkbnr/1pp2ppp/p7/3pp3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 4"
SQUARES = [f + r for r in "12345678" for f in "abcdefgh"]

tests = []


def test(function):
    tests.append(function)
    return function


def run(*args, timeout=60):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=timeout)


def ok(*args):
    result = run(*args)
    assert result.returncode == 0, f"{args}: exit {result.returncode}: {result.stderr}"
    assert result.stderr == "", result.stderr
    return result.stdout


@test
def perft_last_line_is_the_count():
    for depth, count in ((1, 20), (2, 400), (3, 8902), (4, 197281)):
        assert ok("perft", "startpos", str(depth)).splitlines()[-1] == str(count)
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert ok("perft", kiwipete, "3").splitlines()[-1] == "97862"
    assert ok("perft", START, "0").splitlines()[-1] == "1"


@test
def analyze_start_position():
    report = json.loads(ok("analyze", "startpos"))
    assert list(report) == ["fen", "attacks", "control", "frozen", "moves", "outcome"]
    assert report["fen"] == START
    assert sorted(report["attacks"]) == sorted(SQUARES)
    assert report["attacks"]["a3"] == [2, 0] and report["attacks"]["e3"] == [1, 0]
    assert report["attacks"]["e1"] == [1, 0] and report["attacks"]["e6"] == [0, 1]
    assert report["attacks"]["e5"] == [0, 1] and report["attacks"]["d4"] == [1, 0]
    assert set(report["control"].values()) == {"w", "b"}
    assert report["control"]["e4"] == "w" and report["control"]["e5"] == "b"
    assert report["frozen"] == []
    for side in ("white", "black"):
        moves = report["moves"][side]
        assert len(moves) == 20 and moves == sorted(moves)
    assert "e2e4" in report["moves"]["white"] and "g8f6" in report["moves"]["black"]
    assert report["outcome"] == {"result": "*", "reason": None}


@test
def analyze_seed_example():
    report = json.loads(ok("analyze", "--variant", "psc", SEED))
    assert report["attacks"]["h4"] == [2, 1] and report["control"]["h4"] == "w"
    assert report["attacks"]["h3"] == [1, 1] and "h3" not in report["control"]
    assert "d5" in report["frozen"] and report["frozen"] == sorted(report["frozen"])
    assert {"e4d5", "c3d5"} <= set(report["moves"]["white"])


@test
def analyze_normalises_fen():
    report = json.loads(ok("analyze", "--variant=psc", "4k3/8/8/8/8/8/8/4K3 b - - 3 7"))
    assert report["fen"] == "4k3/8/8/8/8/8/8/4K3 w - - 3 7"


@test
def analyze_reports_a_finished_game():
    # The white king is frozen by the two rooks on its rank: Black has won (PSC-R10).
    report = json.loads(ok("analyze", "7k/8/8/8/8/8/8/r3K2r w - - 0 1"))
    assert report["outcome"] == {"result": "0-1", "reason": "king-frozen"}


@test
def resolve_plays_both_moves():
    report = json.loads(ok("resolve", "startpos", "e2e4", "d7d5"))
    assert report == {
        "fen": "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3d6 0 2",
        "result": "*",
        "reason": None,
    }


@test
def resolve_reports_the_outcome():
    # Ra8 joins Rh1 on the black king while Black pushes a pawn: frozen king, White wins.
    report = json.loads(ok("resolve", "7k/1p6/8/8/8/8/8/R3K2R w - - 0 1", "a1a8", "b7b6"))
    assert report == {
        "fen": "R6k/8/1p6/8/8/8/8/4K2R w - - 0 2",
        "result": "1-0",
        "reason": "king-frozen",
    }


@test
def sperft_counts_joint_moves():
    assert ok("sperft", "startpos", "0").splitlines()[-1] == "1"
    assert ok("sperft", "startpos", "1").splitlines()[-1] == "400"
    assert ok("sperft", "--variant", "psc", START, "2").splitlines()[-1] == "162005"
    # A finished game is not expanded.
    assert ok("sperft", "7k/8/8/8/8/8/8/r3K2r w - - 0 1", "1").splitlines()[-1] == "0"


@test
def bench_prints_its_figures():
    out = ok("bench", "--quick")
    keys = dict(line.split(": ", 1) for line in out.splitlines())
    assert keys["perft-nodes"] == "197281"
    assert int(keys["sperft-positions"]) == 1 + 400 + 162005
    assert float(keys["sperft-positions-per-second"]) > 0
    # The analysis figures come after the counting ones, which keep their order.
    names = [line.split(": ", 1)[0] for line in out.splitlines()]
    assert names.index("matrix-ms") > names.index("sperft-positions-per-second")
    for key in ("matrix-ms", "equilibrium-40x40-ms", "search-positions-per-second",
                "search-speed-vs-perft"):
        assert float(keys[key]) > 0, key


WHITE_FREEZES = "7k/4NNpp/8/8/3r4/8/8/R1K5 w - - 0 1"


def check_equilibrium(report):
    cells = report["cells"]
    x = [report["white_strategy"][m] for m in report["white"]]
    y = [report["black_strategy"][m] for m in report["black"]]
    assert abs(sum(x) - 1) < 1e-9 and abs(sum(y) - 1) < 1e-9
    assert min(x) >= 0 and min(y) >= 0
    upper = max(sum(c * q for c, q in zip(row, y)) for row in cells)
    lower = min(sum(row[j] * p for row, p in zip(cells, x)) for j in range(len(y)))
    assert upper - lower < 1e-6, (upper, lower)
    assert lower - 1e-6 <= report["value"] <= upper + 1e-6


@test
def matrix_solves_the_turn():
    report = json.loads(ok("matrix", SEED))
    assert list(report) == ["fen", "white", "black", "cells", "white_strategy",
                            "black_strategy", "value"]
    moves = json.loads(ok("analyze", SEED))["moves"]
    assert report["white"] == moves["white"] and report["black"] == moves["black"]
    assert len(report["cells"]) == len(moves["white"])
    assert all(len(row) == len(moves["black"]) for row in report["cells"])
    check_equilibrium(report)


@test
def matrix_finds_the_freeze():
    report = json.loads(ok("matrix", "--variant", "psc", WHITE_FREEZES))
    assert report["white_strategy"]["a1a8"] == 1
    assert report["value"] == 100000
    assert all(v == 100000 for v in report["cells"][report["white"].index("a1a8")])
    check_equilibrium(report)


@test
def best_prints_a_move_and_figures():
    moves = json.loads(ok("analyze", SEED))["moves"]
    lines = ok("best", SEED, "--depth", "2", "--seed", "7").splitlines()
    assert len(lines) == 3 and lines[0] in moves["white"]
    figures = json.loads(lines[1])
    assert figures["depth"] == 2 and figures["positions"] > 0
    assert "value" in figures and "positions_per_second" in figures
    assert ok("best", SEED, "--depth", "2", "--seed", "7").splitlines()[0] == lines[0]
    black = ok("best", SEED, "--side", "black", "--time", "100", "--seed", "1").splitlines()
    assert black[0] in moves["black"] and json.loads(black[1])["depth"] >= 1
    assert ok("best", WHITE_FREEZES, "--seed", "3").splitlines()[0] == "a1a8"


@test
def best_on_two_threads_finds_the_same_value():
    one = json.loads(ok("best", SEED, "--depth", "3", "--seed", "7").splitlines()[1])
    two = json.loads(ok("best", SEED, "--depth", "3", "--seed", "7", "--threads", "2")
                     .splitlines()[1])
    assert two["depth"] == 3 and abs(one["score"] - two["score"]) <= 2e-6, (one, two)


@test
def analyze_without_a_king_counts_only_pieces_there():
    # HK and Synchrone end with a king captured; a king that is gone attacks nothing.
    for variant in ("hk", "synchrone"):
        report = json.loads(ok("analyze", "--variant", variant, "4k3/8/8/8/8/8/8/R7 w - - 0 1"))
        white = {square for square, (w, b) in report["attacks"].items() if w}
        assert white == {f + "1" for f in "abcdefgh"} | {"a" + r for r in "2345678"}, (
            variant, sorted(white))
        black = {square for square, (w, b) in report["attacks"].items() if b}
        assert black == {"d7", "e7", "f7", "d8", "e8", "f8"}, (variant, sorted(black))


@test
def best_prints_its_mixed_strategy():
    # The seed's example is mixed for both sides one turn deep; the third line is the
    # equilibrium the move was drawn from, every move with its probability, as `matrix`.
    moves = json.loads(ok("analyze", SEED))["moves"]
    lines = ok("best", SEED, "--depth", "1", "--seed", "7").splitlines()
    strategy = json.loads(lines[2])
    assert list(strategy) == ["white_strategy", "black_strategy"]
    for side in ("white", "black"):
        p = strategy[side + "_strategy"]
        assert list(p) == moves[side], side
        assert abs(sum(p.values()) - 1) < 1e-9 and min(p.values()) >= 0
        assert sum(1 for v in p.values() if v > 1e-9) >= 2, side
    assert strategy["white_strategy"][lines[0]] > 0
    # One turn deep, the search's equilibrium is one of the pair matrix's cells taken as
    # expected scores (src/engine/score.h: PSC's scale, the margin, a win one turn away).
    matrix = json.loads(ok("matrix", SEED))

    def score(cp):
        if abs(cp) >= 90000:
            return 1 - 1e-4 if cp > 0 else 1e-4
        return 0.02 + 0.96 / (1 + math.exp(-cp / 395.0))

    cells = [[score(c) for c in row] for row in matrix["cells"]]
    x = [strategy["white_strategy"][m] for m in matrix["white"]]
    y = [strategy["black_strategy"][m] for m in matrix["black"]]
    rows = [sum(c * q for c, q in zip(row, y)) for row in cells]
    cols = [sum(row[j] * p for row, p in zip(cells, x)) for j in range(len(y))]
    assert max(rows) - min(cols) <= 1e-6, max(rows) - min(cols)
    value = json.loads(lines[1])["score"]
    assert abs(value - sum(r * p for r, p in zip(rows, x))) <= 1e-6


MIDDLEGAME = "r2qr1k1/pb3ppp/1pn1pn2/2b5/2B5/P1N1PN2/1P2QPPP/R1BR2K1 w - - 0 12"
# Every rule set at its start and in a middlegame (Hutnik's FEN carries the seed, HUT-R9),
# and HK during an exchange of blows on d5 (HK-R14), where only White strikes.
VARIANT_POSITIONS = [
    ("synchrone", ["startpos", MIDDLEGAME]),
    ("hk", ["startpos", MIDDLEGAME, "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1 d5/-"]),
    ("hutnik", ["startpos", MIDDLEGAME + " 0000000000000000"]),
    ("transactional", ["startpos", MIDDLEGAME]),
]


@test
def matrix_solves_every_rule_set():
    for variant, positions in VARIANT_POSITIONS:
        for fen in positions:
            report = json.loads(ok("matrix", "--variant", variant, fen))
            choices = json.loads(ok("analyze", "--variant", variant, fen))["moves"]
            for side in ("white", "black"):
                # A side that waits has the one choice "-".
                assert report[side] == (choices[side] or ["-"]), (variant, fen, side)
            assert len(report["cells"]) == len(report["white"])
            check_equilibrium(report)


@test
def best_plays_every_rule_set():
    for variant, positions in VARIANT_POSITIONS:
        for fen in positions:
            choices = json.loads(ok("analyze", "--variant", variant, fen))["moves"]
            for side in ("white", "black"):
                lines = ok("best", "--variant", variant, fen, "--side", side, "--depth", "1",
                           "--seed", "5").splitlines()
                assert len(lines) == 3, (variant, fen)
                assert lines[0] in (choices[side] or ["-"]), (variant, fen, side, lines[0])
                assert json.loads(lines[1])["depth"] == 1
                strategy = json.loads(lines[2])[side + "_strategy"]
                assert list(strategy) == (choices[side] or ["-"]), (variant, fen, side)
                assert abs(sum(strategy.values()) - 1) < 1e-9 and strategy[lines[0]] > 0


BAD_INPUTS = [
    [],
    ["frobnicate"],
    ["perft"],
    ["perft", "startpos"],
    ["perft", "startpos", "3", "extra"],
    ["perft", "startpos", "-1"],
    ["perft", "startpos", "99"],
    ["perft", "startpos", "three"],
    ["perft", "", "2"],
    ["perft", "not a fen", "2"],
    ["analyze"],
    ["analyze", "startpos", "extra"],
    ["analyze", "--variant", "nosuch", "startpos"],
    ["analyze", "--variant"],
    ["analyze", "--colour", "startpos"],
    ["analyze", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1"],
    ["analyze", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"],
    ["analyze", "8/8/8/8/8/8/8/8 w - - 0 1"],
    ["analyze", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"],
    ["analyze", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"],
    ["analyze", "x" * 100000],
    ["analyze", "\x01\x02\xff garbage"],
    ["resolve", "startpos", "e2e4"],
    ["resolve", "startpos", "e2e5", "e7e5"],
    ["resolve", "startpos", "e2e4", "e2e4"],
    ["resolve", "startpos", "e2", "e7e5"],
    ["resolve", "startpos", "e2e4e", "e7e5"],
    ["resolve", "startpos", "e2e4", "e7e5", "extra"],
    ["resolve", "7k/8/8/8/8/8/8/r3K2r w - - 0 1", "e1d2", "h8g8"],
    ["sperft", "startpos"],
    ["sperft", "startpos", "7"],
    ["sperft", "startpos", "2.5"],
    ["bench", "--slow"],
    ["matrix"],
    ["matrix", "startpos", "extra"],
    ["matrix", "7k/8/8/8/8/8/8/r3K2r w - - 0 1"],
    ["matrix", "not a fen"],
    ["best"],
    ["best", "startpos", "--depth", "0"],
    ["best", "startpos", "--depth", "9"],
    ["best", "startpos", "--depth"],
    ["best", "startpos", "--seed", "x"],
    ["best", "startpos", "--time", "-5"],
    ["best", "startpos", "--side", "red"],
    ["best", "startpos", "--threads", "0"],
    ["best", "startpos", "--threads", "9"],
    ["best", "startpos", "--frobnicate"],
    ["best", "7k/8/8/8/8/8/8/r3K2r w - - 0 1"],
]


def make_bad_input_test(args):
    def bad_input():
        result = run(*args, timeout=20)
        assert result.returncode > 0, f"{args}: exit {result.returncode}"
        assert result.stdout == "", f"{args}: printed {result.stdout[:80]!r}"
        lines = result.stderr.splitlines()
        assert len(lines) >= 1 and lines[0].startswith("synchess-cli: ") or args == [], lines
        assert args == [] or len(lines) == 1, f"{args}: {len(lines)} lines on stderr"

    bad_input.__name__ = "bad_input_" + "_".join(a[:12] for a in args)[:60]
    return bad_input


for bad in BAD_INPUTS:
    tests.append(make_bad_input_test(bad))

print(f"1..{len(tests)}")
failures = 0
for number, function in enumerate(tests, 1):
    name = "/cli/" + function.__name__.replace("_", "-")
    try:
        function()
        print(f"ok {number} {name}")
    except Exception as error:  # a failed assertion or a time-out
        failures += 1
        print(f"not ok {number} {name}")
        for line in str(error).splitlines() or [type(error).__name__]:
            print(f"# {line}")
sys.exit(1 if failures else 0)
