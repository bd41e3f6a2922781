//! The Turbo Chess rules core (handbook chapter 6, BOARD.CH and MOVGEN.CH):
//! a 0x88 square array beside per-colour piece lists, legal move
//! generation, make/unmake with the undo record inside the board, Zobrist
//! keys, FEN, UCI and SAN notation, the handbook's board file, perft.
//!
//! # Examples
//! ```
//! use engine::chess::{Board, MoveList};
//! let mut board = Board::startpos();
//! let mut moves = MoveList::new();
//! board.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 20);
//! let e4 = board.parse_san("e4").unwrap();
//! board.make(e4);
//! assert_eq!(board.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! board.unmake();
//! assert_eq!(board.perft(3), 8902);
//! ```

mod board;
mod boardfile;
pub mod book;
pub mod eval;
mod fen;
pub mod mate;
mod movegen;
mod moves;
mod notation;
mod perft;
mod rules;
pub mod search;
mod tables;
mod types;
mod zobrist;

pub use board::{Board, Pieces};
pub use boardfile::{BoardFile, BoardFileError};
pub use fen::{FenError, STARTPOS};
pub use moves::{MAX_MOVES, Move, MoveList, Special};
pub use notation::MoveError;
pub use rules::GameStatus;
pub use types::{Color, ParseSquareError, Piece, Role, Square};
