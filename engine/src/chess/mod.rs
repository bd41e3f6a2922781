//! The Turbo Chess rules core (handbook chapter 6, BOARD.CH and MOVGEN.CH):
//! a 0x88 square array beside per-colour piece lists (`PieceTab`), with
//! colour/role bitboards kept by the same primitives for fast legal move
//! generation; make/unmake (the handbook's `Perform`) with the undo record
//! inside the board; Zobrist keys; FEN (Chess960 castling included), UCI
//! and SAN notation; the handbook's board file; perft.
//!
//! The three move levels: [`Board::play`] (checked, returns an error),
//! [`Board::parse_uci_move`]/[`Board::parse_san`] (text to a legal move),
//! and the unchecked [`Board::make`]/[`Board::unmake`] the search uses.
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

mod bitboard;
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
pub mod player;
mod rules;
pub mod search;
mod tables;
mod types;
mod zobrist;

// Text output of the board for humans.
mod diagram;

pub use board::{Board, Pieces};
pub use boardfile::{BoardFile, BoardFileError};
pub use fen::{FenError, STARTPOS};
pub use movegen::CheckInfo;
pub use moves::{MAX_MOVES, Move, MoveList, Special};
pub use notation::MoveError;
pub use rules::{GameStatus, Repetitions};
pub use types::{CastlingSide, Color, ParseSquareError, Piece, Role, Square};
