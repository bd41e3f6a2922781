//! The game being played: the board, the moves with their records (for
//! **B**ack, **F**orward and the listing), the clocks and the result.

use super::pgn::{GameResult, MoveRecord};
use engine::chess::{Board, Color, Role};
use std::time::Duration;

/// The game being played.
pub struct Game {
    pub board: Board,
    pub start_fen: String,
    /// Played half-moves.
    pub records: Vec<MoveRecord>,
    /// Taken-back half-moves, for **F**orward (last taken back on top).
    pub redo: Vec<MoveRecord>,
    /// Time used by White and Black.
    pub clocks: [Duration; 2],
    /// The side the program plays.
    pub program: Color,
    /// Set when the game has been decided (mate, draw, resignation).
    pub result: Option<(GameResult, String)>,
    /// Whether the listing has this game already.
    pub listed: bool,
}

impl Game {
    pub fn new(board: Board, program: Color) -> Game {
        Game {
            start_fen: board.to_fen(),
            board,
            records: Vec::new(),
            redo: Vec::new(),
            clocks: [Duration::ZERO; 2],
            program,
            result: None,
            listed: false,
        }
    }

    pub fn play(&mut self, record: MoveRecord) {
        self.board.make(record.mv);
        self.records.push(record);
        self.listed = false;
    }

    /// Material balance in pawns from `color`'s side (1/3/3/5/9).
    pub fn material(&self, color: Color) -> i32 {
        let value = |role| match role {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 0,
        };
        let side = |c| self.board.pieces(c).map(|(_, r)| value(r)).sum::<i32>();
        side(color) - side(!color)
    }
}
