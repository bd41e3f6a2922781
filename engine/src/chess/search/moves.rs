//! Compact move codes for the transposition table: from, to and promotion
//! in 16 bits. A stored code is only ever matched against freshly generated
//! legal moves, so a stale or colliding entry can never produce an illegal
//! move.

use crate::chess::{Move, Role};

/// 16-bit move code: from (6 bits), to (6 bits), promotion role + 1 (3
/// bits). 0 means "no move" (no move goes from a1 to a1).
pub type MoveCode = u16;

/// The code of a move (0 for the null move).
#[inline]
pub fn encode(mv: Move) -> MoveCode {
    if mv.is_null() {
        return 0;
    }
    mv.from.index64() as u16 | (mv.to.index64() as u16) << 6 | promotion_code(mv) << 12
}

/// The promotion part of a move's code: role + 1, or 0.
#[inline]
pub fn promotion_code(mv: Move) -> MoveCode {
    mv.promotion().map_or(0, |r: Role| r as u16 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Board, MoveList};

    #[test]
    fn codes_are_distinct_and_non_zero() {
        let board =
            Board::from_fen("r3k2r/pPpp1ppp/8/4pP2/8/8/P1PPP1PP/R3K2R w KQkq e6 0 1").unwrap();
        let mut list = MoveList::new();
        board.legal_moves(&mut list);
        let mut codes: Vec<_> = list.iter().map(|&m| encode(m)).collect();
        assert!(codes.iter().all(|&c| c != 0));
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), list.len());
        assert_eq!(encode(Move::NULL), 0);
    }
}
