//! End-of-game rules (the handbook's `Repetition`, `FiftyMoveCnt` and the
//! mate/stalemate tests): repetition, 50-move rule, insufficient material.

use super::Board;
use super::moves::MoveList;
use super::types::{Color, Role};

/// How the game stands for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// 100 plies without a capture or pawn move.
    FiftyMoves,
    /// The position occurred for the third time.
    ThreefoldRepetition,
    /// Neither side can mate.
    InsufficientMaterial,
}

impl GameStatus {
    /// Whether the game is over.
    pub fn is_over(self) -> bool {
        self != GameStatus::Ongoing
    }
}

/// The earlier occurrences of the current position (the handbook's
/// `Repetition`), as [`Board::repetitions`] finds them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Repetitions {
    /// How often the position occurred before: 2 means this is the third
    /// occurrence.
    pub count: u32,
    /// Whether one of those occurrences came at or after the mark given to
    /// [`Board::repetitions`] (for the search: inside its own tree, where
    /// a repetition can be forced and counts as a draw at once).
    pub since_mark: bool,
}

impl Board {
    /// The one repetition test, for the game's status and for the search.
    ///
    /// Looks back through the history no further than the last
    /// irreversible move (capture or pawn move) or null move. `mark` is a
    /// history length ([`Board::history_len`] at the time): occurrences at
    /// or after it set [`Repetitions::since_mark`].
    #[inline]
    pub fn repetitions(&self, mark: usize) -> Repetitions {
        let limit = (self.halfmove as usize).min(self.history.len());
        let mut found = Repetitions::default();
        // `history[i].key` is the key of the position before move `i`,
        // `back` plies ago. The same position with the same side to move
        // comes back after 4 plies at the earliest.
        for back in 1..=limit {
            let i = self.history.len() - back;
            let undo = &self.history[i];
            if undo.mv.is_null() {
                break;
            }
            if back >= 4 && back % 2 == 0 && undo.key == self.key {
                found.count += 1;
                found.since_mark |= i >= mark;
            }
        }
        found
    }

    /// How often the current position occurred before (see
    /// [`Board::repetitions`]). 2 means this is the third occurrence.
    pub fn repetition_count(&self) -> u32 {
        self.repetitions(usize::MAX).count
    }

    /// Whether neither side can ever mate: bare kings, a single minor
    /// piece, or bishops only, all on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        // Light squares (b1, a2, …): a1 is dark.
        const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
        let r = &self.bb_role;
        if r[Role::Pawn.index()] | r[Role::Rook.index()] | r[Role::Queen.index()] != 0 {
            return false;
        }
        let knights = r[Role::Knight.index()];
        let bishops = r[Role::Bishop.index()];
        (knights | bishops).count_ones() <= 1
            || (knights == 0 && (bishops & LIGHT == 0 || bishops & !LIGHT == 0))
    }

    /// Whether the side to move has no legal move.
    pub fn has_no_moves(&self) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.is_empty()
    }

    /// The game's state: mate and stalemate first, then the draws
    /// (insufficient material, 50-move rule, threefold repetition).
    pub fn status(&self) -> GameStatus {
        if self.has_no_moves() {
            return if self.in_check() {
                GameStatus::Checkmate
            } else {
                GameStatus::Stalemate
            };
        }
        if self.is_insufficient_material() {
            GameStatus::InsufficientMaterial
        } else if self.halfmove >= 100 {
            GameStatus::FiftyMoves
        } else if self.repetition_count() >= 2 {
            GameStatus::ThreefoldRepetition
        } else {
            GameStatus::Ongoing
        }
    }

    /// The side that has won, if the side to move is checkmated.
    pub fn winner(&self) -> Option<Color> {
        (self.status() == GameStatus::Checkmate).then_some(!self.side)
    }
}
