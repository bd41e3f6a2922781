//! Search scores: Turbo points (256 to the pawn) with mates encoded near
//! the ends of the range, and their UCI form.

/// Larger than any score.
pub const INFINITY: i32 = 32_500;
/// Mate at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A score as UCI reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciScore {
    /// Centipawns.
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

/// Whether a score is a mate score.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// Converts a search score (side to move's view) to UCI: centipawns are
/// points · 100 / 256, mates count moves, not plies.
pub fn to_uci(score: i32) -> UciScore {
    if score >= MATE_BOUND {
        UciScore::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        UciScore::Mate(-(MATE + score) / 2)
    } else {
        UciScore::Centipawns(score * 100 / 256)
    }
}

/// A mate score as stored in the transposition table: relative to the node
/// instead of the root, so it stays true wherever the position recurs.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_scores() {
        assert_eq!(to_uci(256), UciScore::Centipawns(100));
        assert_eq!(to_uci(-128), UciScore::Centipawns(-50));
        assert_eq!(to_uci(MATE - 1), UciScore::Mate(1));
        assert_eq!(to_uci(MATE - 3), UciScore::Mate(2));
        assert_eq!(to_uci(MATE - 5), UciScore::Mate(3));
        assert_eq!(to_uci(-MATE + 2), UciScore::Mate(-1));
        assert_eq!(to_uci(-MATE + 4), UciScore::Mate(-2));
    }

    #[test]
    fn tt_mate_scores_round_trip() {
        for s in [0, 100, -MATE + 7, MATE - 9] {
            for ply in [0, 3, 60] {
                assert_eq!(from_tt(to_tt(s, ply), ply), s);
            }
        }
        assert_eq!(to_tt(MATE - 9, 3), MATE - 6);
    }
}
