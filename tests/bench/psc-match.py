#!/usr/bin/env python3
"""psc-match.py: a PSC match between two builds of synchess-cli, each side thinking a fixed
time a move, both at once (one core each), with the colours alternating.

    psc-match.py BASE_CLI THIS_CLI [--games N] [--time MS] [--seed S] [--max-turns T]
                 [--adjudicate ADJ] [--sprt ELO0 ELO1] [--resume LOG]

BASE_CLI and THIS_CLI are synchess-cli programs, as built from two commits. Each turn both
are asked `best FEN --time MS --side COLOUR --seed S` at the same time, and THIS_CLI's
`resolve` plays the two moves. A game still going after T turns (200 unless told) is scored
a draw; one that both programs have rated won for the same side by at least ADJ centipawns
(--adjudicate, 600 unless told; 0: never) four turns running is scored that side's win. Prints a line a game and, at the end, THIS's score with its 95% interval, the Elo
difference and the depth each side reached on average.

With --sprt, the match stops as soon as a sequential probability ratio test decides between
"THIS is ELO0 stronger" and "THIS is ELO1 stronger" (false positives and negatives 5% each),
the test by which tuning accepts a change (docs/engine-tuning.md).

With --resume, a match that was stopped goes on: the games LOG printed (its "game N" lines)
count as played, and play starts at the next game with the seeds and colours it would have
had, so the two runs together are the match one run would have played. Append to LOG
(`>> LOG`) to keep it whole; the depths at the end cover this run's games only.

Not a test: a benchmark run by hand; it takes games x turns x MS.
"""

import argparse
import json
import math
import re
import subprocess
import sys


def ask_best(cli, fen, time_ms, side, seed):
    return subprocess.Popen(
        [cli, "best", fen, "--time", str(time_ms), "--side", side, "--seed", str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def answer(process):
    out, err = process.communicate()
    if process.returncode != 0:
        sys.exit("psc-match: best failed: " + err.strip())
    lines = out.splitlines()
    return lines[0], json.loads(lines[1])


def resolve(cli, fen, white, black):
    out = subprocess.run([cli, "resolve", fen, white, black], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def play(players, this_is_white, args, game):
    """One game; returns THIS's score (1, 0.5, 0), the turns played and the depths reached."""
    fen = "startpos"
    depths = {"base": [], "this": []}
    agreed = 0  # turns running both rated the game won for the same side
    for turn in range(args.max_turns):
        seed = args.seed * 1000003 + game * 1009 + turn
        names = ("this", "base") if this_is_white else ("base", "this")
        asked = [ask_best(players[names[0]], fen, args.time, "white", seed),
                 ask_best(players[names[1]], fen, args.time, "black", seed)]
        (white, white_info), (black, black_info) = answer(asked[0]), answer(asked[1])
        depths[names[0]].append(white_info["depth"])
        depths[names[1]].append(black_info["depth"])
        values = (white_info["value"], black_info["value"])
        if args.adjudicate > 0 and min(values) >= args.adjudicate:
            agreed = agreed + 1 if agreed > 0 else 1
        elif args.adjudicate > 0 and max(values) <= -args.adjudicate:
            agreed = agreed - 1 if agreed < 0 else -1
        else:
            agreed = 0
        if abs(agreed) >= 4:
            return (1.0 if (agreed > 0) == this_is_white else 0.0), turn, depths, "adjudicated"
        after = resolve(players["this"], fen, white, black)
        fen = after["fen"]
        if after["result"] != "*":
            if after["result"] == "1/2-1/2":
                return 0.5, turn + 1, depths, after["reason"]
            white_won = after["result"] == "1-0"
            return (1.0 if white_won == this_is_white else 0.0), turn + 1, depths, after["reason"]
    return 0.5, args.max_turns, depths, "turn limit"


def interval(scores):
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / n / n) if n > 1 else 0.0
    return mean, 1.96 * sd


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def sprt_llr(scores, elo0, elo1):
    """The log-likelihood ratio of ELO1 against ELO0 from the scores so far, by the normal
    approximation of the mean score (as engine testing frameworks do for a trinomial)."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / n
    if var <= 0:
        return 0.0
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def played_games(log):
    """The scores of the games a stopped run printed to log, in order."""
    scores = []
    with open(log, encoding="utf-8") as lines:
        for line in lines:
            game = re.match(r"game (\d+): this (?:white|black), ([\d.]+) after", line)
            if not game:
                continue
            if int(game[1]) != len(scores) + 1:
                sys.exit(f"psc-match: {log}: game {game[1]} where game {len(scores) + 1} was due")
            scores.append(float(game[2]))
    return scores


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("this")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--adjudicate", type=int, default=600)
    parser.add_argument("--sprt", type=float, nargs=2, metavar=("ELO0", "ELO1"))
    parser.add_argument("--resume", metavar="LOG")
    args = parser.parse_args()

    players = {"base": args.base, "this": args.this}
    scores, all_depths = [], {"base": [], "this": []}
    if args.resume:
        scores = played_games(args.resume)
    bound = math.log(0.95 / 0.05)
    for game in range(len(scores), args.games):
        this_is_white = game % 2 == 0
        score, turns, depths, reason = play(players, this_is_white, args, game)
        scores.append(score)
        for name in depths:
            all_depths[name] += depths[name]
        mean, half = interval(scores)
        print(f"game {game + 1}: this {'white' if this_is_white else 'black'}, "
              f"{score:g} after {turns} turns ({reason}); "
              f"running {100 * mean:.1f}% +- {100 * half:.1f}%", flush=True)
        if args.sprt:
            llr = sprt_llr(scores, *args.sprt)
            if abs(llr) >= bound:
                print(f"sprt: {'accepted' if llr > 0 else 'rejected'} (llr {llr:.2f})")
                break
    mean, half = interval(scores)
    wins, draws = scores.count(1.0), scores.count(0.5)
    print(f"{len(scores)} games at {args.time} ms a move: this +{wins} ={draws} "
          f"-{len(scores) - wins - draws}, score {100 * mean:.1f}% +- {100 * half:.1f}% "
          f"(Elo {round(elo(mean)):+d}, from {round(elo(mean - half)):+d} "
          f"to {round(elo(mean + half)):+d})")
    for name in ("base", "this"):
        d = all_depths[name]
        if not d:
            continue
        print(f"  {name}: mean depth {sum(d) / len(d):.2f}, at least 4 in "
              f"{100 * sum(x >= 4 for x in d) / len(d):.0f}% of moves")


if __name__ == "__main__":
    main()
