//! Turbo Chess attack values (`AttackVal`): how much an attack on a square
//! is worth to each side, the raw material of the piece-value tables.
//!
//! All values here are in *quarter points* so that the handbook's ¾ and ½
//! steps stay integers.

use crate::chess::{Color, Square};

/// The handbook's `MaterialLevel` in the early middlegame: all attack
/// bonuses on the opponent are at full strength from this level up.
pub const FULL_MATERIAL_LEVEL: i32 = 45;

/// Manhattan distance from a square to the nearest of d4, e4, d5, e5
/// (0..=6). This is the distance that reproduces the handbook's Figure 6-9.
pub const fn centre_distance(sq: Square) -> i32 {
    let f = sq.file() as i32;
    let r = sq.rank() as i32;
    let df = if f <= 3 { 3 - f } else { f - 4 };
    let dr = if r <= 3 { 3 - r } else { r - 4 };
    df + dr
}

/// Chebyshev distance between two squares (king steps).
pub const fn king_distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    if df > dr { df } else { dr }
}

/// Rank bonus for attacking the 5th, 6th, 7th and 8th rank (seen from the
/// attacker) in the early middlegame: 0.75, 1.5, 3, 3 points.
const RANK_BONUS_QUARTERS: [i32; 8] = [0, 0, 0, 0, 3, 6, 12, 12];

/// Extra attack value of the squares around the opponent's king in the early
/// middlegame: 3 points.
const KING_ZONE_QUARTERS: i32 = 12;

/// Attack values of one side, indexed by `Square::index64`.
pub type AttackTable = [i32; 64];

/// `AttackVal` for `color`: 2 − ¾·(distance to centre) (never negative),
/// plus the rank bonus and the bonus around the opponent's king
/// `their_king`, both scaled by `material_level` / 45.
pub fn attack_values(color: Color, their_king: Square, material_level: i32) -> AttackTable {
    let level = material_level.clamp(0, FULL_MATERIAL_LEVEL);
    let mut table = [0; 64];
    for sq in Square::all() {
        let relative_rank = match color {
            Color::White => sq.rank(),
            Color::Black => 7 - sq.rank(),
        } as usize;
        let centre = (8 - 3 * centre_distance(sq)).max(0);
        let mut attack_bonus = RANK_BONUS_QUARTERS[relative_rank];
        if king_distance(sq, their_king) == 1 {
            attack_bonus += KING_ZONE_QUARTERS;
        }
        table[sq.index64()] = centre + attack_bonus * level / FULL_MATERIAL_LEVEL;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn figure_6_9_white_attack_values_in_the_start_position() {
        // King far away (a1 is not next to any checked square) so that only
        // the centre and rank parts show, as in the figure.
        let t = attack_values(Color::White, sq("h1"), FULL_MATERIAL_LEVEL);
        let q = |name: &str| t[sq(name).index64()];
        // Quarter points: 3 = 12, 3½ = 14, 2¾ = 11, 2 = 8, 1¼ = 5, ½ = 2.
        assert_eq!(q("a8"), 12);
        assert_eq!(q("d7"), 14);
        assert_eq!(q("c7"), 12);
        assert_eq!(q("d6"), 11);
        assert_eq!(q("c6"), 8);
        assert_eq!(q("a6"), 6);
        assert_eq!(q("d5"), 11);
        assert_eq!(q("a5"), 3);
        assert_eq!(q("d4"), 8);
        assert_eq!(q("c4"), 5);
        assert_eq!(q("b4"), 2);
        assert_eq!(q("a4"), 0);
        assert_eq!(q("d3"), 5);
        assert_eq!(q("c3"), 2);
        assert_eq!(q("d2"), 2);
        assert_eq!(q("a1"), 0);
    }

    #[test]
    fn bonuses_fade_to_nothing_in_the_endgame_and_mirror_for_black() {
        let white = attack_values(Color::White, sq("e8"), 0);
        let black = attack_values(Color::Black, sq("e1"), 0);
        for s in Square::all() {
            assert_eq!(white[s.index64()], black[s.flip_rank().index64()]);
        }
        assert_eq!(white[sq("d7").index64()], 2);
        let full = attack_values(Color::White, sq("e8"), FULL_MATERIAL_LEVEL);
        assert_eq!(full[sq("d7").index64()], 2 + 12 + 12);
    }
}
