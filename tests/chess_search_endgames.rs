//! The mating evaluation at work: K+Q v K and K+R v K are won over the
//! board within the 50-move rule, the engine playing both sides (the
//! defender searching too, so it runs from the edge as well as it can).
//! The same with two search threads (Lazy SMP), and a known mate found
//! with its exact score by two threads.

use engine::chess::search::{Limits, MATE, Searcher};
use engine::chess::{Board, Color, GameStatus};
use engine::control::Unlimited;

/// Plays the position out with `threads` search threads per side;
/// returns the number of plies to mate, or panics.
fn play_out(fen: &str, attacker: Color, threads: usize) -> usize {
    let mut board = Board::from_fen(fen).unwrap();
    let mut searchers = [Searcher::new(4), Searcher::new(4)];
    for s in &mut searchers {
        s.set_threads(threads);
    }
    for ply in 0..100 {
        let status = board.status();
        if status == GameStatus::Checkmate {
            assert_ne!(
                board.side_to_move(),
                attacker,
                "{fen}: the wrong side was mated"
            );
            return ply;
        }
        assert_eq!(
            status,
            GameStatus::Ongoing,
            "{fen}: draw after {ply} plies at {}",
            board.to_fen()
        );
        let us = board.side_to_move();
        let limits = Limits {
            nodes: Some(if us == attacker { 30_000 } else { 3_000 }),
            multipv: 1,
            ..Limits::default()
        };
        let result =
            searchers[usize::from(us != attacker)].search(&mut board, &limits, &mut Unlimited);
        let mv = result.best.expect("a legal move");
        board.play(mv).unwrap();
    }
    panic!(
        "{fen}: not mated within 50 moves, ended at {}",
        board.to_fen()
    );
}

#[test]
fn king_and_queen_mate_a_bare_king() {
    play_out("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", Color::White, 1);
    play_out("8/8/3k4/8/8/8/8/6QK b - - 0 1", Color::White, 1);
}

#[test]
fn king_and_rook_mate_a_bare_king() {
    play_out("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", Color::White, 1);
    play_out("8/8/8/4k3/8/8/7K/1r6 b - - 0 1", Color::Black, 1);
}

#[test]
fn two_threads_mate_a_bare_king() {
    play_out("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", Color::White, 2);
    play_out("8/8/8/4k3/8/8/7K/1r6 b - - 0 1", Color::Black, 2);
}

#[test]
fn two_threads_find_a_mate_in_three_with_its_score() {
    // 1.Ra6 mates in three (the problem of the UCI conversation test).
    let mut board = Board::from_fen("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1").unwrap();
    let mut searcher = Searcher::new(4);
    searcher.set_threads(2);
    assert_eq!(searcher.threads(), 2);
    for _ in 0..3 {
        let limits = Limits {
            depth: Some(7),
            multipv: 1,
            ..Limits::default()
        };
        let result = searcher.search(&mut board, &limits, &mut Unlimited);
        assert_eq!(
            result.best.map(|m| m.to_uci()),
            Some("f6a6".to_string()),
            "{result:?}"
        );
        assert_eq!(result.score, MATE - 5, "mate in 3 is 5 plies: {result:?}");
        assert_eq!(board.to_fen(), "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    }
}
