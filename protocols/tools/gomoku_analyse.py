#!/usr/bin/env python3
"""Find where games were lost: an analyst brain judges every position.

Reads the output of `gomoku_match.py -v` (the game lines and the move line
after each), sets up every position of the chosen games in an analyst brain
(Rapfi: it reports `MESSAGE ... Eval E ...` and `MESSAGE Bestline ...`) with
a longer turn, and prints its evaluation for the side to move, its best move
and its line. For each game brain A lost it then names the turning move: A's
first move after which the analyst reports a forced win for B ("+M<n>", n
plies) when it did not see A lost before that move.

Example (the games of a Rapfi match, 3 s a position):
  protocols/tools/gomoku_match.py -v --games 10 ... A RAPFI > match.txt
  protocols/tools/gomoku_analyse.py match.txt --turn-ms 3000 --analyst RAPFI
"""
import argparse
import ast
import queue
import re
import shlex
import subprocess
import sys
import threading
import time


class Analyst:
    def __init__(self, cmd, max_memory):
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.max_memory = max_memory
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, text):
        # Rapfi drops a command sent the instant after its last line.
        time.sleep(0.03)
        self.proc.stdin.write(text + "\r\n")
        self.proc.stdin.flush()

    def judge(self, size, stones, to_move, turn_ms):
        """(move, eval, line) for `to_move` on `stones` [((x, y), side)]."""
        self.send(f"START {size}")
        while (line := self.lines.get(timeout=10)) != "OK":
            if line is None:
                raise RuntimeError("analyst exited")
        for setting in (f"timeout_turn {turn_ms}", "timeout_match 0",
                        f"max_memory {self.max_memory}", "thread_num 1"):
            self.send("INFO " + setting)
        self.send("BOARD")
        for (x, y), side in stones:
            self.send(f"{x},{y},{1 if side == to_move else 2}")
        self.send("DONE")
        evaluation, best_line = "?", ""
        while True:
            line = self.lines.get(timeout=turn_ms / 1000 + 10)
            if line is None:
                raise RuntimeError("analyst exited")
            if m := re.search(r"Eval (\S+)", line):
                evaluation = m.group(1)
            elif line.startswith("MESSAGE Bestline"):
                best_line = line[len("MESSAGE Bestline"):].strip()
            elif not line.startswith(("MESSAGE", "DEBUG")):
                return line, evaluation, best_line

    def close(self):
        self.send("END")
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def parse_games(text):
    """The games of a `gomoku_match.py -v` log: number, opening, who moved
    first after it (A or B), winner (A, B or draw), moves [(side, (x, y))]
    with side 0 the brain that moved first."""
    games = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"game (\d+): opening (\[.*\]) first (\w) -> (\w+)", line)
        if not m or i + 1 >= len(lines):
            continue
        moves = [(int(s), (int(x), int(y)))
                 for s, x, y in re.findall(r"(\d):(\d+),(\d+)\(", lines[i + 1])]
        games.append(dict(number=int(m.group(1)), opening=ast.literal_eval(m.group(2)),
                          first=m.group(3), winner=m.group(4), moves=moves))
    return games


def opening_stones(opening):
    """As gomoku_match.py places them: the last opening stone is side 1's."""
    return [(p, 1 if (len(opening) - i) % 2 == 1 else 0) for i, p in enumerate(opening)]


def forced_win(evaluation):
    return evaluation.startswith("+M")


def forced_loss(evaluation):
    return evaluation.startswith("-M")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("log", help="output of gomoku_match.py -v")
    ap.add_argument("--analyst", required=True, help="command of the analyst brain (Rapfi)")
    ap.add_argument("--turn-ms", type=int, default=3000, help="analyst time per position")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--max-memory", type=int, default=134217728)
    ap.add_argument("--games", help="game numbers, e.g. '1,3,5' (default: the games A lost)")
    args = ap.parse_args()
    wanted = {int(g) for g in args.games.split(",")} if args.games else None
    analyst = Analyst(args.analyst, args.max_memory)
    try:
        for game in parse_games(open(args.log).read()):
            if wanted is not None and game["number"] not in wanted:
                continue
            if wanted is None and game["winner"] != "B":
                continue
            a_side = 0 if game["first"] == "A" else 1
            print(f"game {game['number']}: A is side {a_side}, winner {game['winner']}", flush=True)
            stones = opening_stones(game["opening"])
            judged = []
            for ply, (side, p) in enumerate(game["moves"]):
                best, evaluation, best_line = analyst.judge(args.size, stones, side, args.turn_ms)
                who = "A" if side == a_side else "B"
                print(f"  {ply:3d} {who} to move, played {p[0]},{p[1]}; analyst {best} "
                      f"eval {evaluation} line {best_line[:60]}", flush=True)
                judged.append((who, p, best, evaluation))
                stones.append((p, side))
            # The turning move: A's move before which the analyst did not
            # see A lost, after which it sees B win.
            for before, after in zip(judged, judged[1:]):
                if (before[0] == "A" and not forced_loss(before[3]) and forced_win(after[3])):
                    print(f"  turning move: A played {before[1][0]},{before[1][1]} at eval "
                          f"{before[3]} (analyst's move {before[2]}), then B {after[3]}")
                    break
            else:
                print("  no turning move: the analyst never saw a forced win for B after A's move")
    finally:
        analyst.close()


if __name__ == "__main__":
    sys.exit(main())
