#!/usr/bin/env python3
"""Compare pbrain-turbo's renju forbidden points with GomocupJudge's.

Generates random renju positions, asks the engine (the `renju_forbidden`
example) and the GomocupJudge forbidden-point code (the `renju` package on
PyPI, `renju.check_forbid.get_foul_type`) about every empty point, and
reports every point where they disagree. With --fixture it also writes a
sample of the agreed positions, with the judge's answers, for
tests/gomoku_renju_forbidden.rs. Not run by CI (it needs Python and the
`renju` package: pip install renju).

Example:
  protocols/tools/renju_check.py --positions 3000 --seed 1
  protocols/tools/renju_check.py --positions 3000 --seed 1 \
      --fixture tests/fixtures/renju-forbidden.txt --keep 300
"""
import argparse
import os
import random
import subprocess
import sys

from renju.check_forbid import ForbidChecker, get_foul_type

LINES = [(1, 0), (0, 1), (1, 1), (1, -1)]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class FlatChecker(ForbidChecker):
    """The judge without the recursion: every three counts, whatever its
    straightening point. Where it differs from the judge, the recursive
    definition decided the point."""

    def A3(self, l, f):
        return bool(l.A3(self.N))


class FiveAllowedChecker(ForbidChecker):
    """The judge with one change: a three's straightening point where black
    would make five counts as playable (the judge counts it as a foul, so
    such a three is no three there). A five is never forbidden (RIF 9.2),
    so the engine follows this reading; the two differ only when black
    already has a five to make, where no game asks."""

    def foulr(self, x, y, five):
        return super().foulr(x, y, 0)


def random_position(rng, size):
    """Stones scattered densely in a random box near the centre, black a
    little more numerous so that forbidden shapes are common; no run of
    five or more of either colour (no game reaches one)."""
    while True:
        grid = [[0] * size for _ in range(size)]
        w = rng.randint(5, 11)
        h = rng.randint(5, 11)
        x0 = rng.randint(0, size - w)
        y0 = rng.randint(0, size - h)
        stones = rng.randint(6, min(w * h * 2 // 3, 60))
        # Half the positions have as many black stones as white (black to
        # move, as in a game: the brain test plays these), half are black-
        # heavy so that forbidden shapes are common.
        alternate = rng.random() < 0.5
        black_share = rng.uniform(0.45, 0.7)
        placed = 0
        while placed < stones:
            x = rng.randrange(x0, x0 + w)
            y = rng.randrange(y0, y0 + h)
            if alternate:
                if grid[x][y] == 0:
                    grid[x][y] = 1 + placed % 2
                    placed += 1
                continue
            grid[x][y] = 1 if rng.random() < black_share else 2
            placed += 1
        if alternate and placed % 2 == 1:
            continue
        if not has_five(grid, size):
            return grid


def has_five(grid, size):
    for x in range(size):
        for y in range(size):
            c = grid[x][y]
            if c == 0:
                continue
            for dx, dy in LINES:
                n = 0
                while n < 5:
                    i, j = x + dx * n, y + dy * n
                    if not (0 <= i < size and 0 <= j < size) or grid[i][j] != c:
                        break
                    n += 1
                if n == 5:
                    return True
    return False


def may_be_foul(grid, size, x, y):
    """A forbidden shape needs at least two black stones within four of the
    point along its lines (a three has two more, a four three, an overline
    five): elsewhere both programs would answer 'allowed', so the judge's
    slow check is skipped there."""
    n = 0
    for dx, dy in LINES:
        for s in (1, -1):
            for k in range(1, 5):
                i, j = x + s * dx * k, y + s * dy * k
                if 0 <= i < size and 0 <= j < size and grid[i][j] == 1:
                    n += 1
    return n >= 2


def judge(grid, size, checker=None):
    """{(x, y): code} for every forbidden empty point, and the points that
    only the recursion decided."""
    fouls = {}
    recursive = []
    if checker is not None:
        for x in range(size):
            for y in range(size):
                if grid[x][y] == 0 and may_be_foul(grid, size, x, y):
                    code = checker(grid, x, y).get_foul_type()
                    if code:
                        fouls[(x, y)] = code
        return fouls, recursive
    for x in range(size):
        for y in range(size):
            if grid[x][y] != 0 or not may_be_foul(grid, size, x, y):
                continue
            code = get_foul_type(grid, x, y)
            if code:
                fouls[(x, y)] = code
            flat = FlatChecker(grid, x, y).get_foul_type()
            if flat != code:
                recursive.append((x, y))
    return fouls, recursive


def black_to_move(grid):
    flat = [c for column in grid for c in column]
    return flat.count(1) == flat.count(2)


def cells(grid, size):
    return "".join(".XO"[grid[x][y]] for y in range(size) for x in range(size))


def parse_answer(line):
    if line == "-":
        return {}
    if line.startswith("error"):
        raise SystemExit("engine: " + line)
    out = {}
    for item in line.split():
        point, code = item.split(":")
        x, y = point.split(",")
        out[(int(x), int(y))] = int(code)
    return out


def diagram(grid, size):
    return "\n".join("".join(".XO"[grid[x][y]] for x in range(size)) for y in range(size))


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--engine", default=None,
                    help="the renju_forbidden example (default: built with cargo)")
    ap.add_argument("--fixture", help="write agreed positions here")
    ap.add_argument("--keep", type=int, default=300, help="positions in the fixture")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    size = args.size
    grids = [random_position(rng, size) for _ in range(args.positions)]
    engine = args.engine
    if engine is None:
        subprocess.run(["cargo", "build", "--release", "-q", "-p", "protocols",
                        "--example", "renju_forbidden"], cwd=ROOT, check=True)
        engine = os.path.join(ROOT, "target", "release", "examples", "renju_forbidden")
    query = "".join(f"{size} {cells(g, size)}\n" for g in grids)
    replies = subprocess.run([engine], input=query, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    if len(replies) != len(grids):
        raise SystemExit(f"engine answered {len(replies)} of {len(grids)} positions")

    counts = {1: 0, 2: 0, 3: 0}
    recursive_points = 0
    disagreements = 0
    five_quirk = 0
    agreed = []
    for n, (grid, reply) in enumerate(zip(grids, replies)):
        ours = parse_answer(reply)
        theirs, recursive = judge(grid, size)
        for code in theirs.values():
            counts[code] += 1
        recursive_points += len(recursive)
        if ours != theirs and ours == judge(grid, size, FiveAllowedChecker)[0]:
            five_quirk += 1
        elif ours != theirs:
            disagreements += 1
            print(f"position {n}: engine {sorted(ours.items())}\n"
                  f"            judge  {sorted(theirs.items())}\n{diagram(grid, size)}\n")
        else:
            agreed.append((grid, theirs, recursive))
    print(f"{len(grids)} positions, judge's forbidden points: {counts[1]} double three, "
          f"{counts[2]} double four, {counts[3]} overline; {recursive_points} decided by "
          f"the recursion; {disagreements} positions disagree; {five_quirk} differ only where "
          f"a three's straightening point makes five (the judge: no three; the engine: a three)")

    if args.fixture:
        # The positions the recursion decides first, then those with any
        # forbidden point, then plain ones, up to --keep.
        # A third of them with black to move (as many black stones as
        # white) for the brain test.
        agreed.sort(key=lambda a: (-len(a[2]), -len(a[1])))
        to_move = [a for a in agreed if a[1] and black_to_move(a[0])][: args.keep // 3]
        rest = [a for a in agreed if a not in to_move]
        with_fouls = [a for a in rest if a[1]]
        plain = [a for a in rest if not a[1]]
        keep = (to_move + with_fouls)[: args.keep * 9 // 10]
        keep = (keep + plain)[: args.keep]
        with open(args.fixture, "w") as f:
            f.write("# Renju forbidden points for black, answered by GomocupJudge's forbidden-point\n"
                    "# code (PyPI package renju 0.1.0, renju.check_forbid.get_foul_type), on which\n"
                    "# the engine agreed when this file was written.\n"
                    f"# Generated by: protocols/tools/renju_check.py --positions {args.positions}"
                    f" --seed {args.seed} --size {size} --fixture FILE --keep {args.keep}\n"
                    "# One position a line: side, cells row by row from row 0 (X black, O white,\n"
                    "# . empty), then x,y:code for every forbidden empty point (1 double three,\n"
                    "# 2 double four, 3 overline) or - for none. Every other empty point is allowed.\n")
            for grid, fouls, _ in keep:
                answer = " ".join(f"{x},{y}:{c}" for (x, y), c in sorted(fouls.items())) or "-"
                f.write(f"{size} {cells(grid, size)} {answer}\n")
        print(f"wrote {len(keep)} positions to {args.fixture}")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
