//! The search sees the game's repetitions through the board's history:
//! the moves that led to the root are part of the position it is given.

use engine::chess::search::{Limits, Searcher};
use engine::chess::{Board, GameStatus};
use engine::control::Unlimited;

/// Black, a queen down, may repeat the start position a third time: with
/// the game's moves on the board the search takes the draw; with the same
/// placement set up afresh there is nothing to repeat and the score is lost.
#[test]
fn a_losing_side_claims_the_game_repetition() {
    let mut board = Board::from_fen("7k/8/8/8/8/8/8/1Q5K w - - 0 1").unwrap();
    for m in ["h1g2", "h8g8", "g2h1", "g8h8", "h1g2", "h8g8", "g2h1"] {
        board.play_uci(m).unwrap();
    }
    let limits = Limits {
        depth: Some(4),
        multipv: 1,
        ..Limits::default()
    };
    let drawn = Searcher::new(1).search(&mut board.clone(), &limits, &mut Unlimited);
    let repeat = board.parse_uci_move("g8h8").unwrap();
    assert_eq!(drawn.best, Some(repeat));
    assert_eq!(drawn.score, 0);
    let mut after = board.clone();
    after.make(repeat);
    assert_eq!(after.status(), GameStatus::ThreefoldRepetition);

    let mut fresh = Board::from_fen(&board.to_fen()).unwrap();
    let lost = Searcher::new(1).search(&mut fresh, &limits, &mut Unlimited);
    assert!(lost.score < -500, "score {} without the game", lost.score);
}
