#!/usr/bin/env python3
"""Play Gomocup brains against each other, the way GomocupJudge does.

Each brain gets START, INFO settings, then for its first move INFO time_left
and a BOARD with the opening stones (1 own, 2 opponent), later INFO
time_left and TURN x,y. A move that is off the board, on a stone, missing or
later than timeout_turn + 1 s loses. Freestyle only (five or more wins).

Example:
  protocols/tools/gomoku_match.py --games 8 --size 15 --turn-ms 1000 \
      "target/release/pbrain-turbo" "target/release/pbrain-turbo --level turbo1985"
"""
import argparse
import random
import shlex
import subprocess
import sys
import threading
import queue
import time


class Brain:
    def __init__(self, cmd):
        self.cmd = cmd
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, text):
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


def five(board, size, x, y, who):
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
        if n >= 5:
            return True
    return False


def play_game(cmds, size, turn_ms, opening, log, rule=0):
    """cmds[0] plays first after the opening stones. Returns 0/1 winner or None."""
    brains = [Brain(c) for c in cmds]
    try:
        for b in brains:
            b.send(f"START {size}")
            if b.wait_reply(5) != "OK":
                raise RuntimeError(f"{b.cmd}: no OK to START")
            b.send(f"INFO timeout_turn {turn_ms}")
            b.send("INFO timeout_match 0")
            b.send("INFO max_memory 367001600")
            b.send(f"INFO rule {rule}")
        board = {}
        moves = []
        # The opening stones alternate so that brain 0 is to move after them:
        # the last opening stone belongs to brain 1.
        for i, p in enumerate(opening):
            owner = 1 if (len(opening) - i) % 2 == 1 else 0
            board[p] = owner
            moves.append((p, owner))
        synced = [False, False]
        side = 0
        last = None
        while True:
            if len(board) == size * size:
                return None, "full"
            b = brains[side]
            b.send("INFO time_left 2147483647")
            if not synced[side]:
                b.send("BOARD")
                for p, owner in moves:
                    b.send(f"{p[0]},{p[1]},{1 if owner == side else 2}")
                b.send("DONE")
                synced[side] = True
            else:
                b.send(f"TURN {last[0]},{last[1]}")
            t = time.monotonic()
            reply = b.wait_reply(turn_ms / 1000 + 1.0)
            used = time.monotonic() - t
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
            if five(board, size, x, y, side):
                return side, f"five after {len(moves)} stones"
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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine_a")
    ap.add_argument("engine_b")
    ap.add_argument("--games", type=int, default=4, help="games (pairs of colours)")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--turn-ms", type=int, default=1000)
    ap.add_argument("--opening-stones", type=int, default=2,
                    help="random stones near the centre before the brains play")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rule", type=int, default=0,
                    help="INFO rule sent to the brains (the judge still scores five or more)")
    ap.add_argument("--opening", help="fixed opening stones, e.g. '5,5 9,5' (else random)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    score = [0.0, 0.0]
    for g in range(args.games):
        opening = random_opening(rng, args.size, args.opening_stones)
        if args.opening:
            opening = [tuple(int(v) for v in s.split(",")) for s in args.opening.split()]
        # even game index: A moves first after the opening; odd: B does
        order = [args.engine_a, args.engine_b] if g % 2 == 0 else [args.engine_b, args.engine_a]
        moves_log = []
        winner, why = play_game(order, args.size, args.turn_ms, opening, moves_log.append, args.rule)
        if winner is None:
            score[0] += 0.5
            score[1] += 0.5
            name = "draw"
        else:
            a_won = (winner == 0) == (g % 2 == 0)
            score[0 if a_won else 1] += 1
            name = "A" if a_won else "B"
        first = "A" if g % 2 == 0 else "B"
        print(f"game {g+1}: opening {opening} first {first} -> {name} ({why}); "
              f"A {score[0]} B {score[1]}", flush=True)
        if args.verbose:
            print(" ".join(moves_log), flush=True)
    print(f"final: A {score[0]} - B {score[1]} over {args.games} games")


if __name__ == "__main__":
    sys.exit(main())
