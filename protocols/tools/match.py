#!/usr/bin/env python3
"""Play a match between turbochess and another UCI engine with python-chess.

Each opening is played twice, colours reversed. The clock is kept here
(Fischer: base + increment) from the wall time of each `go`, exactly as a
GUI would: a move that takes longer than the clock is a time loss. An
illegal or unparsable move is a loss too and is counted.

Example (the match in the report: 200 games, 50 openings, both colours):
    python3 protocols/tools/match.py --games 200 --tc 10+0.1 \
        --engine target/release/turbochess --pgn games.pgn \
        --opponent /usr/games/stockfish \
        --opponent-option UCI_LimitStrength=true --opponent-option UCI_Elo=2000 \
        --opponent-option Threads=1 --opponent-option Hash=16 \
        --opponent-option "Move Overhead=300"

Fixed-node self-play (insensitive to CPU load; new build against a kept
copy of the old one, openings from the library, both colours):
    python3 protocols/tools/match.py --games 268 --nodes 30000 \
        --openings books/openings.txt \
        --engine target/release/turbochess --engine-option OwnBook=false \
        --opponent /tmp/chess-base/turbochess --opponent-option OwnBook=false

Prints one line per game and a summary with the Elo estimate and its 95%
error bars (normal approximation on the per-game scores).
"""

import argparse
import math
import sys
import time

import chess
import chess.engine
import chess.pgn

# Short, varied openings (UCI moves), each played with both colours.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6",
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6",
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",
    "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6",
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6",
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4",
    "e2e4 c7c5 b1c3 b8c6 g2g3 g7g6",
    "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6",
    "e2e4 g7g6 d2d4 f8g7 b1c3 d7d6",
    "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",
    "e2e4 e7e5 f2f4 e5f4 g1f3 g7g5",
    "d2d4 g8f6 g1f3 e7e6 c1g5 c7c5",
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 a7a6",
    "b2b3 e7e5 c1b2 b8c6 e2e3 g8f6",
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",
    "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4 f3d4",
    "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5",
    "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 g7g6",
    "e2e4 c7c5 c2c3 g8f6 e4e5 f6d5",
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6",
    "e2e4 e7e6 d2d4 d7d5 b1d2 c7c5",
    "e2e4 e7e6 d2d4 d7d5 e4e5 c7c5 c2c3 b8c6",
    "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5",
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",
    "e2e4 b8c6 d2d4 d7d5",
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6 e2e3 e7e6",
    "d2d4 d7d5 c1f4 g8f6 e2e3 c7c5",
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6 b1c3 e6d5 c4d5 d7d6",
    "d2d4 g8f6 c2c4 c7c5 d4d5 b7b5",
    "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5",
    "d2d4 g8f6 c2c4 e7e6 g2g3 d7d5 f1g2",
    "d2d4 e7e6 c2c4 f8b4 c1d2",
    "c2c4 g8f6 b1c3 e7e6 e2e4 c7c5",
    "c2c4 e7e6 b1c3 d7d5 d2d4 c7c6",
    "c2c4 g7g6 g2g3 f8g7 f1g2 e7e5 b1c3",
    "g1f3 g8f6 c2c4 b7b6 g2g3 c8b7 f1g2",
    "g1f3 c7c5 c2c4 b8c6 d2d4 c5d4 f3d4",
    "f2f4 d7d5 g1f3 g8f6 e2e3 g7g6",
    "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4",
    "e2e4 e7e5 g1f3 b8c6 b1c3 g8f6 d2d4",
    "d2d4 d7d5 g1f3 g8f6 e2e3 e7e6 f1d3 c7c5",
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4 f3d4 b8c6 b1c3 d8c7",
]


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def parse_options(pairs):
    options = {}
    for pair in pairs or []:
        name, _, value = pair.partition("=")
        options[name] = value
    return options


def load_openings(path, plies):
    """Openings from a Turbo Chess library file (`books/openings.txt`
    syntax): each variation cut to its first `plies` moves, duplicates
    dropped, as UCI strings."""
    found = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith("#") or ":" not in line:
            continue
        board = chess.Board()
        moves = []
        for token in line.split(":", 1)[1].split():
            if token[0].isdigit() and token.rstrip(".").isdigit():
                continue
            token = token.rstrip("!?+#")
            try:
                moves.append(board.push_san(token).uci())
            except ValueError:
                break
            if len(moves) == plies:
                break
        if len(moves) == plies:
            text = " ".join(moves)
            if text not in found:
                found.append(text)
    return found


def play_game(board, engine_a, engine_b, opening, a_is_white, base, inc, period=0, max_plies=400, nodes=None):
    """Plays on `board`; returns (score for A: 1/0.5/0, reason, time_loss_by, illegal_by)."""
    for uci in opening.split():
        board.push_uci(uci)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {
        chess.WHITE: engine_a if a_is_white else engine_b,
        chess.BLACK: engine_b if a_is_white else engine_a,
    }
    a_color = chess.WHITE if a_is_white else chess.BLACK
    made = {chess.WHITE: 0, chess.BLACK: 0}
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        side = board.turn
        limit = chess.engine.Limit(nodes=nodes) if nodes else chess.engine.Limit(
            white_clock=max(clocks[chess.WHITE], 0.001),
            black_clock=max(clocks[chess.BLACK], 0.001),
            white_inc=inc,
            black_inc=inc,
            # Repeating control (`--moves N`): N moves per `base` seconds.
            remaining_moves=(period - made[board.turn] % period) if period else None,
        )
        start = time.monotonic()
        try:
            result = engines[side].play(board, limit, game=opening)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
            who = "A" if side == a_color else "B"
            return (0.0 if side == a_color else 1.0), f"engine error/illegal move by {who}: {e}", None, who
        spent = time.monotonic() - start
        clocks[side] -= spent
        if clocks[side] < 0 and not nodes:
            who = "A" if side == a_color else "B"
            return (0.0 if side == a_color else 1.0), f"time loss by {who}", who, None
        clocks[side] += inc
        made[side] += 1
        if period and made[side] % period == 0:
            clocks[side] += base
        if result.move is None or result.move not in board.legal_moves:
            who = "A" if side == a_color else "B"
            return (0.0 if side == a_color else 1.0), f"illegal move by {who}: {result.move}", None, who
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        reason = outcome.termination.name if outcome else "move limit"
        return 0.5, reason, None, None
    return (1.0 if outcome.winner == a_color else 0.0), outcome.termination.name, None, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/turbochess")
    ap.add_argument("--engine-option", action="append")
    ap.add_argument("--opponent", default="/usr/games/stockfish")
    ap.add_argument("--opponent-option", action="append")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tc", default="10+0.1")
    ap.add_argument(
        "--nodes",
        type=int,
        help="fixed nodes per move (`go nodes N` for both engines) instead of a clock: "
        "insensitive to CPU load, for testing evaluation and search changes",
    )
    ap.add_argument(
        "--openings",
        help="take the openings from this library file (books/openings.txt syntax) "
        "instead of the built-in list",
    )
    ap.add_argument("--opening-plies", type=int, default=8, help="plies kept of each --openings line")
    ap.add_argument("--pgn", help="append the games to this PGN file")
    ap.add_argument("--moves", type=int, default=0, help="repeating control: this many moves per base time")
    args = ap.parse_args()

    base, inc = parse_tc(args.tc)
    openings = load_openings(args.openings, args.opening_plies) if args.openings else OPENINGS
    if not openings:
        # A slice of the library that holds only its comment header, or
        # lines shorter than --opening-plies, would otherwise fail at the
        # first game with a division by zero.
        ap.error(f"{args.openings}: no opening of {args.opening_plies} plies (lines 'name: 1. e4 e5 ...')")
    a = chess.engine.SimpleEngine.popen_uci(args.engine)
    b = chess.engine.SimpleEngine.popen_uci(args.opponent)
    a.configure(parse_options(args.engine_option))
    b.configure(parse_options(args.opponent_option))

    scores = []
    time_losses = {"A": 0, "B": 0}
    illegal = {"A": 0, "B": 0}
    for g in range(args.games):
        opening = openings[(g // 2) % len(openings)]
        a_white = g % 2 == 0
        board = chess.Board()
        s, reason, tl, il = play_game(board, a, b, opening, a_white, base, inc, args.moves, nodes=args.nodes)
        if args.pgn:
            game = chess.pgn.Game.from_board(board)
            game.headers["White"] = "turbochess" if a_white else "opponent"
            game.headers["Black"] = "opponent" if a_white else "turbochess"
            game.headers["Result"] = {1.0: "1-0", 0.0: "0-1", 0.5: "1/2-1/2"}[s if a_white else 1.0 - s]
            game.headers["Termination"] = reason
            with open(args.pgn, "a") as f:
                print(game, file=f, end="\n\n")
        if tl:
            time_losses[tl] += 1
        if il:
            illegal[il] += 1
            # Restart an engine that failed, so the match goes on.
            if il == "A":
                a.quit()
                a = chess.engine.SimpleEngine.popen_uci(args.engine)
                a.configure(parse_options(args.engine_option))
        scores.append(s)
        total = sum(scores)
        print(
            f"game {g + 1:3d} turbochess {'white' if a_white else 'black'}: {s:.1f} ({reason})"
            f"  running {total:.1f}/{len(scores)}",
            flush=True,
        )
    a.quit()
    b.quit()

    n = len(scores)
    total = sum(scores)
    mean = total / n
    var = sum((x - mean) ** 2 for x in scores) / max(n - 1, 1)
    se = math.sqrt(var / n)
    lo, hi = max(mean - 1.96 * se, 1e-3), min(mean + 1.96 * se, 1 - 1e-3)
    to_elo = lambda p: -400 * math.log10(1 / min(max(p, 1e-3), 1 - 1e-3) - 1)
    wins = scores.count(1.0)
    draws = scores.count(0.5)
    losses = scores.count(0.0)
    print(f"turbochess vs opponent: +{wins} ={draws} -{losses}, score {total:.1f}/{n} ({100 * mean:.1f}%)")
    print(f"Elo difference {to_elo(mean):+.0f} (95% interval {to_elo(lo):+.0f} .. {to_elo(hi):+.0f})")
    print(f"time losses: turbochess {time_losses['A']}, opponent {time_losses['B']}")
    print(f"illegal moves / engine errors: turbochess {illegal['A']}, opponent {illegal['B']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
