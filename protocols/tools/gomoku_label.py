#!/usr/bin/env python3
"""Label gomoku positions for `pbrain-turbo tune` with a stronger brain's
judgement instead of game results.

Reads the games of `gomoku_match.py -v` logs, takes every position of them
from the third stone to two plies before the end (each stone set with its
side to move once), draws `--count` of them at random, and has the analyst
brain (Rapfi: it reports `MESSAGE ... Eval E ...`) search each one with a
node budget (`INFO max_node`, so that the labels do not depend on the
machine's load). Its evaluation E for the side to move becomes an expected
score 1 / (1 + exp(-E / --scale)) (Rapfi's own conversion, 200 points a
unit); a forced win (`+M`) scores 1, a forced loss (`-M`) 0. The lines are
`SIZE;MOVES;SCORE`, the moves from the first stone, black first, the format
`pbrain-turbo tune` reads (it skips the positions that are not quiet).

With --openings N it labels, before the logs' positions, N random openings
of --opening-stones stones as gomoku_match.py draws them (its
random_opening, from --opening-seed) and, for each, the position after
every reply within two points of a stone: what the side to move after the
opening should know to choose its first move. With --replies-at 5,7 it
does the same for the logs' games: the position at each of those stone
counts (up to --replies-games of them, drawn with --seed) followed by
every reply near its stones, so that white's second and third moves are
ranked too.

Example (Rapfi-classical, 20,000 nodes a position, about 15 a second):
  protocols/tools/gomoku_label.py --analyst PATH/pbrain-rapfi --count 5000 \
      --out labels.txt match1.txt match2.txt
  target/release/pbrain-turbo tune labels.txt --l2 1e-7 --iterations 4000
"""
import argparse
import math
import random
import re
import sys

from gomoku_analyse import Analyst, opening_stones, parse_games
from gomoku_match import random_opening


class Labeller(Analyst):
    """The analyst brain kept open, one board after another, each searched
    with a node budget."""

    def __init__(self, cmd, size, nodes):
        super().__init__(cmd, 16777216)
        self.send(f"START {size}")
        if self._reply(10) != "OK":
            raise RuntimeError("analyst did not answer START")
        for setting in ("timeout_turn 600000", "timeout_match 0",
                        f"max_memory {self.max_memory}", "thread_num 1",
                        f"max_node {nodes}", "rule 0"):
            self.send("INFO " + setting)

    def _reply(self, timeout):
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise RuntimeError("analyst exited")
        return line

    def evaluate(self, moves):
        """The analyst's evaluation (text) of `moves` for the side to move."""
        to_move = len(moves) % 2
        self.send("BOARD")
        stones = [f"{x},{y},{1 if i % 2 == to_move else 2}" for i, (x, y) in enumerate(moves)]
        self.proc.stdin.write("\r\n".join(stones + ["DONE"]) + "\r\n")
        self.proc.stdin.flush()
        evaluation = None
        while True:
            line = self._reply(600)
            if m := re.search(r"Eval (\S+)", line):
                evaluation = m.group(1)
            if not line.startswith(("MESSAGE", "DEBUG")):
                return evaluation

def expected_score(evaluation, scale):
    if evaluation.startswith("+M"):
        return 1.0
    if evaluation.startswith("-M"):
        return 0.0
    return 1 / (1 + math.exp(-int(evaluation) / scale))


def opening_positions(args):
    """The --openings random openings, each followed by the position after
    every reply near its stones."""
    rng = random.Random(args.opening_seed)
    openings = [random_opening(rng, args.size, args.opening_stones) for _ in range(args.openings)]
    return reply_positions(openings, args.size)


def reply_positions(prefixes, size):
    """Each prefix, then the position after every reply within two points
    (king's distance) of its stones."""
    out = []
    for prefix in prefixes:
        out.append(prefix)
        near = {(x + dx, y + dy) for x, y in prefix for dx in range(-2, 3) for dy in range(-2, 3)}
        for p in sorted(near - set(prefix)):
            if 0 <= p[0] < size and 0 <= p[1] < size:
                out.append(prefix + [p])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("logs", nargs="*", help="outputs of gomoku_match.py -v")
    ap.add_argument("--analyst", required=True, help="command of the analyst brain (Rapfi)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--count", type=int, default=5000, help="positions to label")
    ap.add_argument("--nodes", type=int, default=20000, help="analyst nodes a position")
    ap.add_argument("--scale", type=float, default=200.0,
                    help="evaluation points per unit of the logistic curve")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--openings", type=int, default=0,
                    help="random openings to label with every reply near them")
    ap.add_argument("--opening-stones", type=int, default=3)
    ap.add_argument("--opening-seed", type=int, default=1)
    ap.add_argument("--replies-at", default="",
                    help="stone counts, e.g. '5,7': the logs' positions there with every reply near them")
    ap.add_argument("--replies-games", type=int, default=100,
                    help="positions drawn at each --replies-at stone count")
    args = ap.parse_args()
    positions = {}
    at_counts = [int(n) for n in args.replies_at.split(",") if n]
    prefixes = {n: {} for n in at_counts}
    for log in args.logs:
        for game in parse_games(open(log).read()):
            moves = [p for p, _ in opening_stones(game["opening"])] + [p for _, p in game["moves"]]
            for n in range(3, len(moves) - 2):
                key = (frozenset(moves[0:n:2]), frozenset(moves[1:n:2]))
                positions.setdefault(key, moves[:n])
                if n in prefixes:
                    prefixes[n].setdefault(key, moves[:n])
    chosen = list(positions.values())
    rng = random.Random(args.seed)
    rng.shuffle(chosen)
    chosen = chosen[:args.count]
    print(f"{len(positions)} positions, {len(chosen)} drawn", file=sys.stderr)
    drawn = []
    for n in at_counts:
        at = list(prefixes[n].values())
        rng.shuffle(at)
        drawn += at[:args.replies_games]
        print(f"{len(at)} positions of {n} stones, {len(at[:args.replies_games])} drawn",
              file=sys.stderr)
    chosen = opening_positions(args) + reply_positions(drawn, args.size) + chosen
    labeller = Labeller(args.analyst, args.size, args.nodes)
    try:
        with open(args.out, "w") as out:
            for i, moves in enumerate(chosen):
                evaluation = labeller.evaluate(moves)
                if evaluation is None:
                    continue
                score = expected_score(evaluation, args.scale)
                out.write(f"{args.size};{' '.join(f'{x},{y}' for x, y in moves)};{score:.4f}\n")
                if i % 500 == 0:
                    print(f"{i} labelled", file=sys.stderr, flush=True)
    finally:
        labeller.close()


if __name__ == "__main__":
    sys.exit(main())
