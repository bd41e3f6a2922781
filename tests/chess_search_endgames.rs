//! The mating evaluation at work: K+Q v K and K+R v K are won over the
//! board within the 50-move rule, the engine playing both sides (the
//! defender searching too, so it runs from the edge as well as it can).

use engine::chess::search::{Limits, SearchInfo, SearchObserver, Searcher};
use engine::chess::{Board, Color, GameStatus};

struct Quiet;

impl SearchObserver for Quiet {
    fn elapsed_ms(&self) -> u64 {
        0
    }
    fn stop_requested(&self) -> bool {
        false
    }
    fn on_info(&mut self, _info: &SearchInfo) {}
}

/// Plays the position out; returns the number of plies to mate, or panics.
fn play_out(fen: &str, attacker: Color) -> usize {
    let mut board = Board::from_fen(fen).unwrap();
    let mut searchers = [Searcher::new(4), Searcher::new(4)];
    let mut keys = vec![board.key()];
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
            searchers[usize::from(us != attacker)].search(&mut board, &keys, &limits, &mut Quiet);
        let mv = result.best.expect("a legal move");
        board.play(mv).unwrap();
        keys.push(board.key());
    }
    panic!(
        "{fen}: not mated within 50 moves, ended at {}",
        board.to_fen()
    );
}

#[test]
fn king_and_queen_mate_a_bare_king() {
    play_out("8/8/8/4k3/8/8/8/KQ6 w - - 0 1", Color::White);
    play_out("8/8/3k4/8/8/8/8/6QK b - - 0 1", Color::White);
}

#[test]
fn king_and_rook_mate_a_bare_king() {
    play_out("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", Color::White);
    play_out("8/8/8/4k3/8/8/7K/1r6 b - - 0 1", Color::Black);
}
