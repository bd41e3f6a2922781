//! Polyglot opening books (`.bin`), the format chess users already have:
//! the published Polyglot position hash and the 16-byte entry format.
//!
//! An entry is big-endian `key: u64, move: u16, weight: u16, learn: u32`,
//! and a file is entries sorted by key. A move packs `to file` (bits 0-2),
//! `to rank` (3-5), `from file` (6-8), `from rank` (9-11) and a promotion
//! (12-14: none, knight, bishop, rook, queen); castling is written as the
//! king taking its own rook (`e1h1`).

use super::BookMove;
use super::random64::{CASTLE_OFFSET, EN_PASSANT_OFFSET, RANDOM64, TURN_OFFSET};
use crate::chess::{Board, CastlingSide, Color, Move, MoveList, Role, Special, Square};
use std::fmt;

/// Size of one book entry in bytes.
pub const ENTRY_BYTES: usize = 16;

/// The Polyglot hash of a position: pieces, castling rights, the
/// en-passant file (only when a pawn of the side to move stands beside the
/// pawn that just advanced two squares, whether or not the capture is
/// legal) and the side to move.
///
/// # Examples
/// ```
/// use engine::chess::Board;
/// use engine::chess::book::polyglot_key;
/// assert_eq!(polyglot_key(&Board::startpos()), 0x463b_9618_1691_fc9c);
/// ```
pub fn polyglot_key(board: &Board) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        let white = usize::from(color == Color::White);
        for (sq, role) in board.pieces(color) {
            let kind = 2 * role.index() + white;
            key ^= RANDOM64[64 * kind + 8 * sq.rank() as usize + sq.file() as usize];
        }
    }
    let rights = [
        (Color::White, CastlingSide::KingSide),
        (Color::White, CastlingSide::QueenSide),
        (Color::Black, CastlingSide::KingSide),
        (Color::Black, CastlingSide::QueenSide),
    ];
    for (i, (color, side)) in rights.into_iter().enumerate() {
        if board.castling_rook(color, side).is_some() {
            key ^= RANDOM64[CASTLE_OFFSET + i];
        }
    }
    if let Some(ep) = board.en_passant_square() {
        let us = board.side_to_move();
        // The capturing pawn stands on the rank the double-stepped pawn
        // reached, one file to either side.
        let pawn_rank = if us == Color::White { 4 } else { 3 };
        let capturer = [-1i8, 1].into_iter().any(|df| {
            let file = ep.file() as i8 + df;
            (0..8).contains(&file)
                && board
                    .piece_at(Square::new(file as u8, pawn_rank))
                    .is_some_and(|p| p.color == us && p.role == Role::Pawn)
        });
        if capturer {
            key ^= RANDOM64[EN_PASSANT_OFFSET + ep.file() as usize];
        }
    }
    if board.side_to_move() == Color::White {
        key ^= RANDOM64[TURN_OFFSET];
    }
    key
}

/// Packs a legal move of `board`'s side into Polyglot's 16-bit move.
pub fn encode_move(mv: Move) -> u16 {
    // Polyglot writes castling as the king moving onto its own rook.
    let to = match mv.special {
        Special::Castle { rook } => rook,
        _ => mv.to,
    };
    let promotion = match mv.promotion() {
        None => 0,
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(_) => 4,
    };
    u16::from(to.file())
        | u16::from(to.rank()) << 3
        | u16::from(mv.from.file()) << 6
        | u16::from(mv.from.rank()) << 9
        | promotion << 12
}

/// The legal move of `board` that a Polyglot move stands for, if any.
pub fn decode_move(board: &Board, raw: u16) -> Option<Move> {
    let square = |bits: u16| Square::new((bits & 7) as u8, ((bits >> 3) & 7) as u8);
    let to = square(raw);
    let from = square(raw >> 6);
    let promotion = match (raw >> 12) & 7 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    let mut legal = MoveList::new();
    board.legal_moves(&mut legal);
    legal.iter().copied().find(|m| {
        let target = match m.special {
            Special::Castle { rook } => rook,
            _ => m.to,
        };
        m.from == from && target == to && m.promotion() == promotion
    })
}

/// One Polyglot book entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolyglotEntry {
    pub key: u64,
    pub raw_move: u16,
    pub weight: u16,
    pub learn: u32,
}

impl PolyglotEntry {
    fn to_bytes(self) -> [u8; ENTRY_BYTES] {
        let mut b = [0; ENTRY_BYTES];
        b[0..8].copy_from_slice(&self.key.to_be_bytes());
        b[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        b[10..12].copy_from_slice(&self.weight.to_be_bytes());
        b[12..16].copy_from_slice(&self.learn.to_be_bytes());
        b
    }

    fn from_bytes(b: &[u8]) -> PolyglotEntry {
        let be = |range: std::ops::Range<usize>| {
            b[range]
                .iter()
                .fold(0u64, |acc, &x| acc << 8 | u64::from(x))
        };
        PolyglotEntry {
            key: be(0..8),
            raw_move: be(8..10) as u16,
            weight: be(10..12) as u16,
            learn: be(12..16) as u32,
        }
    }
}

/// Why a Polyglot book could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PolyglotError {
    /// The file is empty.
    Empty,
    /// The file length is not a multiple of 16 bytes.
    Truncated(usize),
}

impl fmt::Display for PolyglotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PolyglotError::Empty => {
                write!(
                    f,
                    "empty Polyglot book: expected 16-byte entries (key, move, weight, learn)"
                )
            }
            PolyglotError::Truncated(len) => write!(
                f,
                "Polyglot book of {len} bytes is not a whole number of 16-byte entries \
                 (key, move, weight, learn)"
            ),
        }
    }
}

impl std::error::Error for PolyglotError {}

/// A Polyglot book held in memory, entries sorted by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolyglotBook {
    entries: Vec<PolyglotEntry>,
}

impl PolyglotBook {
    /// Reads a `.bin` file's bytes. Entries are sorted here too, so a book
    /// written unsorted by some other tool still works.
    pub fn from_bytes(bytes: &[u8]) -> Result<PolyglotBook, PolyglotError> {
        if bytes.is_empty() {
            return Err(PolyglotError::Empty);
        }
        if !bytes.len().is_multiple_of(ENTRY_BYTES) {
            return Err(PolyglotError::Truncated(bytes.len()));
        }
        Ok(PolyglotBook::from_entries(
            bytes
                .chunks_exact(ENTRY_BYTES)
                .map(PolyglotEntry::from_bytes)
                .collect(),
        ))
    }

    /// A book made of the given entries (sorted by key, stable so that
    /// entries of one key keep their order).
    pub fn from_entries(mut entries: Vec<PolyglotEntry>) -> PolyglotBook {
        entries.sort_by_key(|e| e.key);
        PolyglotBook { entries }
    }

    /// The book as `.bin` bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries.iter().flat_map(|e| e.to_bytes()).collect()
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book has no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries stored under `key`.
    pub fn entries(&self, key: u64) -> &[PolyglotEntry] {
        let start = self.entries.partition_point(|e| e.key < key);
        let end = start + self.entries[start..].partition_point(|e| e.key == key);
        &self.entries[start..end]
    }

    /// The book moves in this position that are legal here.
    pub fn moves(&self, board: &Board) -> Vec<BookMove> {
        self.entries(polyglot_key(board))
            .iter()
            .filter_map(|e| {
                decode_move(board, e.raw_move).map(|mv| BookMove {
                    mv,
                    weight: e.weight,
                })
            })
            .collect()
    }
}
