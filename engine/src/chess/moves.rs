//! Moves (the handbook's `MoveType`) and a fixed-capacity move list.

use super::types::{CastlingSide, Role, Square};
use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// What makes a move special (the handbook's `Spe` flag, spelled out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// An ordinary move or capture.
    None,
    /// A pawn's two-square first move (it creates an en-passant square).
    DoublePush,
    /// An en-passant capture; `to` is the square the pawn moves to.
    EnPassant,
    /// Castling with the rook standing on `rook`. The move's `from`/`to`
    /// are the king's squares (g- or c-file destination), so the standard
    /// UCI form is the king's two-square move.
    Castle { rook: Square },
    /// A promotion to the given role (knight to queen).
    Promotion(Role),
}

/// A move, as the handbook's `MoveType`: from (`Old`), to (`New`), the moving
/// piece (`MovPiece`), the captured piece (`Content`) and the special flag.
///
/// Unlike the handbook, `piece` stays `Pawn` for a promotion; the new role is
/// in [`Special::Promotion`]. An en-passant capture has `captured ==
/// Some(Pawn)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub piece: Role,
    pub captured: Option<Role>,
    pub special: Special,
}

impl Move {
    /// The handbook's `ZeroMove`: "no move". UCI text `0000`.
    pub const NULL: Move = Move {
        from: Square::A1,
        to: Square::A1,
        piece: Role::Pawn,
        captured: None,
        special: Special::None,
    };

    /// Whether this is [`Move::NULL`].
    #[inline]
    pub fn is_null(self) -> bool {
        self == Move::NULL
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub fn is_capture(self) -> bool {
        self.captured.is_some()
    }

    /// The promotion role, if any.
    #[inline]
    pub fn promotion(self) -> Option<Role> {
        match self.special {
            Special::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the move is a castling.
    #[inline]
    pub fn is_castle(self) -> bool {
        matches!(self.special, Special::Castle { .. })
    }

    /// The side a castling move castles to (`None` for any other move).
    #[inline]
    pub fn castling_side(self) -> Option<CastlingSide> {
        match self.special {
            Special::Castle { rook } => Some(CastlingSide::of_rook(self.from, rook)),
            _ => None,
        }
    }

    /// Whether the move is an en-passant capture.
    #[inline]
    pub fn is_en_passant(self) -> bool {
        matches!(self.special, Special::EnPassant)
    }

    /// A move the handbook calls "irreversible": pawn moves and captures
    /// reset the 50-move count and cut the repetition history.
    #[inline]
    pub fn is_zeroing(self) -> bool {
        self.piece == Role::Pawn || self.captured.is_some()
    }

    /// UCI long algebraic notation (`e2e4`, `e7e8q`, castling as the king's
    /// two-square move `e1g1`, `0000` for the null move).
    pub fn to_uci(self) -> String {
        self.to_string()
    }

    /// UCI notation in Chess960 mode: castling is written as the king
    /// "capturing" its own rook (`e1h1`); every other move as [`to_uci`].
    ///
    /// [`to_uci`]: Move::to_uci
    pub fn to_uci_chess960(self) -> String {
        match self.special {
            Special::Castle { rook } => format!("{}{}", self.from, rook),
            _ => self.to_uci(),
        }
    }
}

impl fmt::Display for Move {
    /// UCI notation, as [`Move::to_uci`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(r) = self.promotion() {
            write!(f, "{}", r.char())?;
        }
        Ok(())
    }
}

/// Capacity of a [`MoveList`]. The most legal moves a chess position has
/// is 218; the FEN reader refuses more material than promotions can
/// produce (`FenError::TooMuchMaterial`), which keeps every board it
/// accepts within that bound.
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves: no allocation, cheap to create (the
/// storage is left uninitialised until written). Dereferences to a slice, so
/// it iterates, indexes, sorts and swaps like one.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    ///
    /// Only the length is written: built as a struct literal, the list
    /// came out of the compiler as a 1.5 KiB `memset` at every node of the
    /// search (3 % of its instructions under `cachegrind`).
    #[inline]
    pub fn new() -> MoveList {
        let mut list = MaybeUninit::<MoveList>::uninit();
        // SAFETY: `len` is written in place through a raw pointer (no
        // reference to uninitialised memory is made); `moves` is an array
        // of `MaybeUninit`, for which any contents, or none, are valid.
        unsafe {
            std::ptr::addr_of_mut!((*list.as_mut_ptr()).len).write(0);
            list.assume_init()
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// If the list already holds [`MAX_MOVES`] moves (no position the
    /// board accepts has that many).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves[self.len] = MaybeUninit::new(mv);
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes the move at `i`, replacing it by the last one (order is not
    /// kept).
    #[inline]
    pub fn swap_remove(&mut self, i: usize) -> Move {
        let mv = self[i];
        let last = self.len - 1;
        self.as_mut_slice().swap(i, last);
        self.len = last;
        mv
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` elements were written by `push`, and
        // `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// The moves as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Clone for MoveList {
    fn clone(&self) -> MoveList {
        let mut list = MoveList::new();
        for &mv in self.iter() {
            list.push(mv);
        }
        list
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        self.as_mut_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
