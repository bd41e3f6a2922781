//! Perft: counting the leaves of the legal move tree, the standard test of
//! a move generator.

use super::Board;
use super::moves::{Move, MoveList};

/// The perft recursion; instantiated twice so that one copy can be
/// compiled with the CPU's `popcnt` instruction (bulk counting is mostly
/// population counts, and the portable x86-64 baseline lacks the
/// instruction).
macro_rules! perft_body {
    ($self:ident, $depth:ident, $recurse:ident) => {{
        if $depth == 0 {
            return 1;
        }
        if $depth == 1 {
            return $self.count_moves_inline() as u64;
        }
        let mut list = MoveList::new();
        $self.legal_moves(&mut list);
        let mut nodes = 0;
        for &mv in list.iter() {
            $self.make(mv);
            nodes += $self.$recurse($depth - 1);
            $self.unmake();
        }
        nodes
    }};
}

impl Board {
    /// Number of legal move sequences of length `depth`. Leaves are counted
    /// at the last ply without being played (bulk counting), as shakmaty
    /// and qperft do.
    pub fn perft(&mut self, depth: u32) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has just been found to support `popcnt`.
            return unsafe { self.perft_popcnt(depth) };
        }
        self.perft_portable(depth)
    }

    fn perft_portable(&mut self, depth: u32) -> u64 {
        perft_body!(self, depth, perft_portable)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn perft_popcnt(&mut self, depth: u32) -> u64 {
        perft_body!(self, depth, perft_popcnt)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Both copies of the recursion count the same (the tests in `tests/`
    /// exercise whichever the CPU selects).
    #[test]
    fn portable_and_popcnt_copies_agree() {
        for (fen, depth, nodes) in [
            (super::super::STARTPOS, 4, 197_281),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
                97_862,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43_238),
        ] {
            let mut board = Board::from_fen(fen).unwrap();
            assert_eq!(board.perft_portable(depth), nodes, "{fen}");
            assert_eq!(board.perft(depth), nodes, "{fen}");
        }
    }
}
