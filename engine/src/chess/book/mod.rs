//! Turbo Chess's opening library (handbook ch. 2 "The Opening Library" and
//! ch. 6 `FindOpeningMove`): "most chess openings are routine", so while
//! the game is in known territory the program plays a library move at once
//! instead of searching.
//!
//! Two kinds of book, one interface ([`Book`]):
//! * [`Library`]: our own library of traditional openings and replies,
//!   written as text (`books/openings.txt`, embedded in the program) and
//!   compiled into a table keyed by the position's Zobrist key, so
//!   transpositions are found;
//! * [`PolyglotBook`]: a Polyglot `.bin` book, the format chess users
//!   already have, looked up by the published Polyglot hash.
//!
//! When a position has several book moves the program chooses among them
//! at random in proportion to their weights, so its games vary. The front
//! end owns the [`Book`] value and the random generator: nothing here is
//! global.

mod library;
mod polyglot;
mod random64;
mod text;

pub use library::{BUILTIN_TEXT, Library, LibraryError};
pub use polyglot::{
    ENTRY_BYTES, PolyglotBook, PolyglotEntry, PolyglotError, decode_move, encode_move, polyglot_key,
};
pub use random64::RANDOM64;
pub use text::{LineError, Mark, MoveText, Variation, VariationError, parse_variations};

use crate::chess::{Board, Move};
use rand::{Rng, RngExt};

/// A move a book gives in a position, with its weight (how often it is
/// chosen relative to the other moves there; 0 = never chosen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    pub weight: u16,
}

/// Chooses one of `moves` at random in proportion to the weights. `None`
/// when there is no move with a positive weight (the program then leaves
/// the book and searches).
pub fn choose_weighted<R: Rng + ?Sized>(moves: &[BookMove], rng: &mut R) -> Option<Move> {
    let total: u32 = moves.iter().map(|m| u32::from(m.weight)).sum();
    if total == 0 {
        return None;
    }
    let mut roll = rng.random_range(0..total);
    for m in moves {
        let w = u32::from(m.weight);
        if roll < w {
            return Some(m.mv);
        }
        roll -= w;
    }
    None
}

/// The opening book a front end plays from.
#[derive(Clone, Debug)]
pub enum Book {
    /// Our text library (normally the built-in one).
    Library(Library),
    /// A Polyglot `.bin` book loaded by the user.
    Polyglot(PolyglotBook),
}

impl Book {
    /// The book moves (legal here) in this position.
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        match self {
            Book::Library(l) => l.moves(board),
            Book::Polyglot(p) => p.moves(board),
        }
    }

    /// A weighted random choice among the book moves here, or `None` when
    /// the game has left the book.
    pub fn choose<R: Rng + ?Sized>(&self, board: &Board, rng: &mut R) -> Option<Move> {
        choose_weighted(&self.moves(board), rng)
    }
}
