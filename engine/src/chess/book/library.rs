//! The compiled opening library: every position reached by a library
//! variation, keyed by the board's Zobrist key, with the moves the library
//! gives there. Because the key depends only on the position (pieces, side
//! to move, castling rights, a capturable en-passant file), a position
//! reached in another move order finds the same moves: transpositions come
//! for free.

use super::BookMove;
use super::polyglot::{PolyglotBook, PolyglotEntry, encode_move, polyglot_key};
use super::text::{LineError, Variation, parse_variations};
use crate::chess::{Board, Move, MoveError};
use std::collections::HashMap;
use std::fmt;

/// The opening library that ships inside the program (the handbook's
/// OPENING.LIB, rewritten as text in `books/openings.txt`).
pub const BUILTIN_TEXT: &str = include_str!("../../../../books/openings.txt");

/// Why a library text could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibraryError {
    /// A line is not `<name>: <moves>`.
    Syntax(LineError),
    /// A move that does not parse or is not legal where the variation
    /// reaches it (1-based line number and ply).
    Move {
        line: usize,
        ply: usize,
        error: MoveError,
    },
}

impl fmt::Display for LibraryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LibraryError::Syntax(e) => e.fmt(f),
            LibraryError::Move { line, ply, error } => {
                write!(f, "opening library line {line}, ply {ply}: {error}")
            }
        }
    }
}

impl std::error::Error for LibraryError {}

impl From<LineError> for LibraryError {
    fn from(e: LineError) -> Self {
        LibraryError::Syntax(e)
    }
}

/// A position-keyed table of library moves, compiled from the text format.
///
/// # Examples
/// ```
/// use engine::chess::Board;
/// use engine::chess::book::Library;
/// let library = Library::from_text("Ruy Lopez: 1. e4 e5 2. Nf3 Nc6 3. Bb5").unwrap();
/// let mut board = Board::startpos();
/// for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
///     board.play_uci(m).unwrap();
/// }
/// let moves = library.moves(&board);
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].mv.to_uci(), "f1b5");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Library {
    table: HashMap<u64, Position>,
    variations: usize,
}

/// One library position: its Polyglot key (for writing the library as a
/// `.bin` book) and the library moves there.
#[derive(Clone, Debug)]
struct Position {
    polyglot_key: u64,
    moves: Vec<BookMove>,
}

/// Parses one library move: SAN first (the library's usual notation),
/// then UCI.
fn parse_move(board: &Board, text: &str) -> Result<Move, MoveError> {
    board.parse_san(text).or_else(|san_error| {
        if text.len() >= 4
            && text.as_bytes()[1].is_ascii_digit()
            && text.as_bytes()[3].is_ascii_digit()
        {
            board.parse_uci_move(text)
        } else {
            Err(san_error)
        }
    })
}

impl Library {
    /// Compiles the library that ships inside the program.
    pub fn builtin() -> Result<Library, LibraryError> {
        Library::from_text(BUILTIN_TEXT)
    }

    /// Compiles a library text: every variation is played from the start
    /// position and each (position, move) pair is entered once, with the
    /// largest weight any variation gives it.
    pub fn from_text(text: &str) -> Result<Library, LibraryError> {
        let mut library = Library::default();
        for (line, variation) in parse_variations(text)? {
            library.add(line, &variation)?;
        }
        Ok(library)
    }

    fn add(&mut self, line: usize, variation: &Variation) -> Result<(), LibraryError> {
        let mut board = Board::startpos();
        for (i, mv) in variation.moves.iter().enumerate() {
            let parsed = parse_move(&board, &mv.text).map_err(|error| LibraryError::Move {
                line,
                ply: i + 1,
                error,
            })?;
            let position = self.table.entry(board.key()).or_insert_with(|| Position {
                polyglot_key: polyglot_key(&board),
                moves: Vec::new(),
            });
            let entries = &mut position.moves;
            match entries.iter_mut().find(|e| e.mv == parsed) {
                Some(e) => e.weight = e.weight.max(mv.mark.weight()),
                None => entries.push(BookMove {
                    mv: parsed,
                    weight: mv.mark.weight(),
                }),
            }
            board.make(parsed);
        }
        self.variations += 1;
        Ok(())
    }

    /// The library moves in this position, in the order the library first
    /// gave them (empty when the position is not in the library).
    ///
    /// A move is returned only if it is legal here, so a (vanishingly
    /// unlikely) key collision can never produce an illegal move.
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        self.table
            .get(&board.key())
            .map(|position| {
                position
                    .moves
                    .iter()
                    .filter(|e| board.is_legal(e.mv))
                    .copied()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The library as a Polyglot book, so that other chess programs can use
    /// it (`turbochess book --export`).
    pub fn to_polyglot(&self) -> PolyglotBook {
        let entries = self
            .table
            .values()
            .flat_map(|p| {
                p.moves.iter().map(|m| PolyglotEntry {
                    key: p.polyglot_key,
                    raw_move: encode_move(m.mv),
                    weight: m.weight,
                    learn: 0,
                })
            })
            .collect();
        PolyglotBook::from_entries(entries)
    }

    /// Number of distinct positions with library moves.
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    /// Number of variations compiled.
    pub fn variations(&self) -> usize {
        self.variations
    }
}
