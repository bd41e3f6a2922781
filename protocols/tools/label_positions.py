#!/usr/bin/env python3
"""Label positions for `turbochess tune`: take the positions of PGN games,
have a stronger UCI engine search each one, and keep the quiet ones with
the engine's expected score for White.

Output lines are `FEN;CP;SCORE`: White's centipawns and White's expected
score (win + draw/2, from the engine's WDL report), the format
`turbochess tune` reads; with `--root-plies N` a fourth field, the
position N plies earlier in the game, in which `tune` computes the root
tables (a search sees its leaves through tables made at its root). A position is dropped when the side to move is in
check, when the engine's best move is a capture or promotion (the static
evaluation cannot be right there: the capture search decides it), or when
the score is a mate or beyond 20 pawns. Positions repeat across games; each
is labelled once.

Example (Debian's Stockfish, depth 8, two cores, the shards run apart):
    taskset -c 0 python3 protocols/tools/label_positions.py --shard 0/2 \\
        --out labels0.txt games*.pgn &
    taskset -c 1 python3 protocols/tools/label_positions.py --shard 1/2 \\
        --out labels1.txt games*.pgn &
    wait; cat labels0.txt labels1.txt > labels.txt
    target/release/turbochess tune labels.txt
"""

import argparse
import random
import subprocess
import sys

import chess
import chess.pgn


def positions(pgn_files, skip_plies, seed, root_plies=0):
    """Unique positions (by placement and side to move) of the games, not
    in check and not over, after the first `skip_plies` plies; shuffled.
    Each is (FEN, root FEN): the position `root_plies` plies earlier in
    its game (where a search that reached it would have computed its root
    tables), or None when `root_plies` is 0."""
    seen = set()
    out = []
    for name in pgn_files:
        with open(name) as fh:
            while (game := chess.pgn.read_game(fh)) is not None:
                board = game.board()
                history = [board.fen()]
                for ply, move in enumerate(game.mainline_moves()):
                    board.push(move)
                    history.append(board.fen())
                    if ply < skip_plies or board.is_check() or board.is_game_over():
                        continue
                    key = (board.board_fen(), board.turn)
                    if key not in seen:
                        seen.add(key)
                        root = history[max(len(history) - 1 - root_plies, 0)] if root_plies else None
                        out.append((board.fen(), root))
    random.Random(seed).shuffle(out)
    return out


class Labeller:
    """A UCI engine asked for a fixed-depth search with WDL reports."""

    def __init__(self, path, depth):
        self.depth = depth
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        for line in ("uci", "setoption name Threads value 1",
                     "setoption name Hash value 16",
                     "setoption name UCI_ShowWDL value true", "isready"):
            self.send(line)
        while self.proc.stdout.readline().strip() != "readyok":
            pass

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def search(self, fen):
        """(best move, side-to-move centipawns, side-to-move expected score)
        of the last exact score, or None."""
        self.send("position fen " + fen)
        self.send(f"go depth {self.depth}")
        cp = score = None
        while True:
            tokens = self.proc.stdout.readline().split()
            if not tokens:
                continue
            if tokens[0] == "bestmove":
                best = tokens[1] if len(tokens) > 1 else None
                break
            if "score" in tokens and "wdl" in tokens and \
                    "lowerbound" not in tokens and "upperbound" not in tokens:
                i = tokens.index("score")
                if tokens[i + 1] == "cp":
                    cp = int(tokens[i + 2])
                else:
                    cp = None
                j = tokens.index("wdl")
                w, d, _ = (int(t) for t in tokens[j + 1:j + 4])
                score = (w + d / 2) / 1000
        if cp is None or best is None:
            return None
        return best, cp, score

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--skip-plies", type=int, default=8,
                    help="opening plies of each game left out")
    ap.add_argument("--shard", default="0/1",
                    help="I/N: label every position whose index is I modulo N")
    ap.add_argument("--limit", type=int, help="stop after this many positions of the shard")
    ap.add_argument("--root-plies", type=int, default=0,
                    help="add the position this many plies earlier as the root (0: none)")
    args = ap.parse_args()
    index, count = (int(x) for x in args.shard.split("/"))

    fens = positions(args.pgn, args.skip_plies, seed=17, root_plies=args.root_plies)[index::count]
    if args.limit:
        fens = fens[:args.limit]
    print(f"{len(fens)} positions to label", file=sys.stderr)
    labeller = Labeller(args.engine, args.depth)
    kept = 0
    with open(args.out, "w") as out:
        for n, (fen, root) in enumerate(fens, 1):
            found = labeller.search(fen)
            if found is None:
                continue
            best, cp, score = found
            board = chess.Board(fen)
            move = chess.Move.from_uci(best)
            if board.is_capture(move) or move.promotion or abs(cp) >= 2000:
                continue
            if board.turn == chess.BLACK:
                cp, score = -cp, 1 - score
            out.write(f"{fen};{cp};{score:.3f}" + (f";{root}" if root else "") + "\n")
            kept += 1
            if n % 5000 == 0:
                out.flush()
                print(f"{n} searched, {kept} kept", file=sys.stderr, flush=True)
    labeller.close()
    print(f"{len(fens)} searched, {kept} kept", file=sys.stderr)


if __name__ == "__main__":
    main()
