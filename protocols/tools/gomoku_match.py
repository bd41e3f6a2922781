#!/usr/bin/env python3
"""Play Gomocup brains against each other, the way GomocupJudge does.

Each brain gets START, INFO settings, then for its first move INFO time_left
and a BOARD with the opening stones (1 own, 2 opponent), later INFO
time_left and TURN x,y. A move that is off the board, on a stone, missing or
later than timeout_turn + 1 s loses, and so does a brain whose match time
(--match-ms, sent as timeout_match and time_left) runs out. The judge scores
by --rule: 0 five or more wins, 1 exactly five, 4 renju (black: exactly five,
and a forbidden move loses, by the `renju` package's GomocupJudge code).

Games come in pairs on one opening, each brain playing each colour once, so
that an unbalanced opening favours neither. --delay-ms leaves a brain that
many milliseconds after its last line before the next command (Rapfi drops
a command sent the instant after its move).

Example:
  protocols/tools/gomoku_match.py --games 8 --size 15 --turn-ms 1000 \
      "target/release/pbrain-turbo" "target/release/pbrain-turbo --level turbo1985"
"""
import argparse
import math
import random
import shlex
import subprocess
import sys
import threading
import queue
import time


class Brain:
    def __init__(self, cmd, delay_ms=0):
        self.cmd = cmd
        self.delay = delay_ms / 1000
        self.last_line = 0.0
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for line in self.proc.stdout:
            self.last_line = time.monotonic()
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, text):
        wait = self.last_line + self.delay - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.proc.stdin.write(text + "\r\n")
        self.proc.stdin.flush()

    def wait_reply(self, timeout):
        """Next line that is not MESSAGE/DEBUG, or None on timeout/exit."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith(("MESSAGE", "DEBUG")):
                continue
            return line

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=2)
        except Exception:
            self.proc.kill()


def runs(board, size, x, y, who):
    """Lengths of the runs of `who` through (x, y) in the four directions."""
    out = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            k = 1
            while True:
                a, b = x + s * k * dx, y + s * k * dy
                if 0 <= a < size and 0 <= b < size and board.get((a, b)) == who:
                    n += 1
                    k += 1
                else:
                    break
        out.append(n)
    return out


def judge(board, size, x, y, who, black, rule):
    """'win', 'foul' (renju: black's forbidden move) or None after `who`
    played (x, y); `black` is the side that owns the first stone."""
    lengths = runs(board, size, x, y, who)
    exact = rule == 1 or (rule == 4 and who == black)
    if any(n == 5 or (n > 5 and not exact) for n in lengths):
        return "win"
    if rule == 4 and who == black:
        from renju.check_forbid import get_foul_type
        grid = [[0] * size for _ in range(size)]
        for (a, b), owner in board.items():
            if (a, b) != (x, y):
                grid[a][b] = 1 if owner == black else 2
        if get_foul_type(grid, x, y):
            return "foul"
    return None


def play_game(cmds, size, turn_ms, opening, log, rule=0, match_ms=0, delay_ms=0,
              max_memory=367001600, max_node=0):
    """cmds[0] plays first after the opening stones. Returns 0/1 winner or None."""
    brains = [Brain(c, delay_ms) for c in cmds]
    left = [match_ms / 1000, match_ms / 1000]
    try:
        for b in brains:
            b.send(f"START {size}")
            if b.wait_reply(5) != "OK":
                raise RuntimeError(f"{b.cmd}: no OK to START")
            b.send(f"INFO timeout_turn {turn_ms}")
            b.send(f"INFO timeout_match {match_ms}")
            b.send("INFO thread_num 1")
            b.send(f"INFO max_memory {max_memory}")
            b.send(f"INFO rule {rule}")
            if max_node:
                b.send(f"INFO max_node {max_node}")
        board = {}
        moves = []
        # The opening stones alternate so that brain 0 is to move after them:
        # the last opening stone belongs to brain 1.
        for i, p in enumerate(opening):
            owner = 1 if (len(opening) - i) % 2 == 1 else 0
            board[p] = owner
            moves.append((p, owner))
        black = moves[0][1] if moves else 0
        synced = [False, False]
        side = 0
        last = None
        while True:
            if len(board) == size * size:
                return None, "full"
            b = brains[side]
            b.send(f"INFO time_left {int(left[side] * 1000) if match_ms else 2147483647}")
            if not synced[side]:
                b.send("BOARD")
                for p, owner in moves:
                    b.send(f"{p[0]},{p[1]},{1 if owner == side else 2}")
                b.send("DONE")
                synced[side] = True
            else:
                b.send(f"TURN {last[0]},{last[1]}")
            t = time.monotonic()
            wait = turn_ms / 1000 + 1.0
            if match_ms:
                wait = min(wait, left[side] + 1.0)
            reply = b.wait_reply(wait)
            used = time.monotonic() - t
            left[side] -= used
            if reply is None:
                return 1 - side, f"timeout/crash by {b.cmd} ({used:.2f}s)"
            try:
                x, y = (int(v) for v in reply.split(","))
            except ValueError:
                return 1 - side, f"bad reply {reply!r} by {b.cmd}"
            if not (0 <= x < size and 0 <= y < size) or (x, y) in board:
                return 1 - side, f"illegal move {x},{y} by {b.cmd}"
            board[(x, y)] = side
            moves.append(((x, y), side))
            log(f"{side}:{x},{y}({used*1000:.0f}ms)")
            verdict = judge(board, size, x, y, side, black, rule)
            if verdict == "win":
                return side, f"five after {len(moves)} stones"
            if verdict == "foul":
                return 1 - side, f"forbidden move {x},{y} by {b.cmd}"
            if match_ms and left[side] < 0:
                return 1 - side, f"match time out by {b.cmd}"
            last = (x, y)
            side = 1 - side
    finally:
        for b in brains:
            b.close()


def random_opening(rng, size, count):
    c = size // 2
    stones = []
    while len(stones) < count:
        p = (c + rng.randint(-2, 2), c + rng.randint(-2, 2))
        if p not in stones:
            stones.append(p)
    return stones


def summary(results):
    """W/D/L of A, its score, and the Elo difference with its 95 % interval
    (normal approximation from the per-game standard deviation)."""
    n = len(results)
    w = results.count(1.0)
    d = results.count(0.5)
    l = results.count(0.0)
    mean = sum(results) / n
    var = sum((r - mean) ** 2 for r in results) / n
    half = 1.96 * math.sqrt(var / n)

    def diff(p):
        p = min(max(p, 1e-3), 1 - 1e-3)
        return -400 * math.log10(1 / p - 1)
    return (f"A: +{w} ={d} -{l} over {n} games, score {100 * mean:.1f} % "
            f"(95 %: {100 * max(mean - half, 0):.1f}-{100 * min(mean + half, 1):.1f} %), "
            f"Elo {diff(mean):+.0f} [{diff(mean - half):+.0f}, {diff(mean + half):+.0f}]")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine_a")
    ap.add_argument("engine_b")
    ap.add_argument("--games", type=int, default=4, help="games (pairs of colours)")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--turn-ms", type=int, default=1000)
    ap.add_argument("--match-ms", type=int, default=0,
                    help="timeout_match per brain and game (0: none)")
    ap.add_argument("--max-memory", type=int, default=367001600,
                    help="INFO max_memory in bytes (Rapfi clears its whole table before its "
                         "first move: 350 MB take it past 2 s on a loaded machine)")
    ap.add_argument("--delay-ms", type=int, default=30,
                    help="pause after a brain's last line before its next command")
    ap.add_argument("--opening-stones", type=int, default=2,
                    help="random stones near the centre before the brains play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", type=int, default=0, choices=(0, 1, 4),
                    help="INFO rule sent to the brains, and the judge's rule")
    ap.add_argument("--opening", help="fixed opening stones, e.g. '5,5 9,5' (else random)")
    ap.add_argument("--max-node", type=int, default=0,
                    help="INFO max_node sent to both brains: a node budget per move, so that "
                    "with a --turn-ms too long to bind the games do not depend on the "
                    "machine's load (pbrain-turbo, Yixin and Rapfi read it)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    score = [0.0, 0.0]
    results = []
    timeouts = 0
    for g in range(args.games):
        # one opening per pair of games, each brain moving first once
        if g % 2 == 0:
            opening = random_opening(rng, args.size, args.opening_stones)
            if args.opening:
                opening = [tuple(int(v) for v in s.split(",")) for s in args.opening.split()]
        # even game index: A moves first after the opening; odd: B does
        order = [args.engine_a, args.engine_b] if g % 2 == 0 else [args.engine_b, args.engine_a]
        moves_log = []
        winner, why = play_game(order, args.size, args.turn_ms, opening, moves_log.append,
                                args.rule, args.match_ms, args.delay_ms, args.max_memory,
                                args.max_node)
        if winner is None:
            score[0] += 0.5
            score[1] += 0.5
            results.append(0.5)
            name = "draw"
        else:
            a_won = (winner == 0) == (g % 2 == 0)
            score[0 if a_won else 1] += 1
            results.append(1.0 if a_won else 0.0)
            name = "A" if a_won else "B"
        timeouts += why.startswith("timeout")
        first = "A" if g % 2 == 0 else "B"
        print(f"game {g+1}: opening {opening} first {first} -> {name} ({why}); "
              f"A {score[0]} B {score[1]}", flush=True)
        if args.verbose:
            print(" ".join(moves_log), flush=True)
    print(f"final: A {score[0]} - B {score[1]} over {args.games} games")
    print(summary(results))
    if timeouts:
        print(f"{timeouts} games lost on time or by a crash")


if __name__ == "__main__":
    sys.exit(main())
