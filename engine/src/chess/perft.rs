//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.

use super::Board;
use super::moves::{Move, MoveList};

impl Board {
    /// Number of legal move sequences of length `depth`. Leaves are counted
    /// at the last ply without being played (bulk counting), as shakmaty
    /// and qperft do.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count_legal_moves() as u64;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut nodes = 0;
        for &mv in list.iter() {
            self.make(mv);
            nodes += self.perft(depth - 1);
            self.unmake();
        }
        nodes
    }

    /// Perft per root move (in generation order): the "divide" that locates
    /// a generator bug.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter()
            .map(|&mv| {
                self.make(mv);
                let n = self.perft(depth - 1);
                self.unmake();
                (mv, n)
            })
            .collect()
    }
}
