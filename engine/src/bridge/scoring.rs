//! Duplicate scoring (Law 77), the IMP scale (Law 78B) and matchpoints.

use super::card::Strain;
use super::contract::{Contract, Doubling};

/// Trick score of `odd_tricks` tricks above book in `strain`, undoubled:
/// 20 a minor trick, 30 a major trick, notrump 40 for the first and 30
/// for each further trick.
pub const fn trick_score(strain: Strain, odd_tricks: u8) -> i32 {
    let n = odd_tricks as i32;
    match strain {
        Strain::Clubs | Strain::Diamonds => 20 * n,
        Strain::Hearts | Strain::Spades => 30 * n,
        Strain::NoTrump => {
            if n == 0 {
                0
            } else {
                40 + 30 * (n - 1)
            }
        }
    }
}

/// The contracted tricks' score after doubling: what counts toward game
/// (duplicate) or below the line (rubber).
pub const fn contract_trick_score(contract: &Contract) -> i32 {
    trick_score(contract.strain, contract.level) * contract.doubling.factor()
}

/// Premiums for overtricks when the contract is made: trick value
/// undoubled, else 100 (200 vulnerable) a trick, twice that redoubled.
pub const fn overtrick_score(contract: &Contract, vulnerable: bool, overtricks: u8) -> i32 {
    let n = overtricks as i32;
    match contract.doubling {
        Doubling::Undoubled => match contract.strain {
            Strain::Clubs | Strain::Diamonds => 20 * n,
            _ => 30 * n,
        },
        d => n * if vulnerable { 200 } else { 100 } * d.factor() / 2,
    }
}

/// The defenders' score for `undertricks` down (positive): 50 / 100 a
/// trick undoubled; doubled not vulnerable 100, 200, 200, then 300 each;
/// doubled vulnerable 200 then 300 each; redoubled twice the doubled.
pub const fn undertrick_penalty(doubling: Doubling, vulnerable: bool, undertricks: u8) -> i32 {
    let u = undertricks as i32;
    if u == 0 {
        return 0;
    }
    match doubling {
        Doubling::Undoubled => u * if vulnerable { 100 } else { 50 },
        d => {
            let doubled = if vulnerable {
                200 + 300 * (u - 1)
            } else {
                let second_third = if u - 1 < 2 { u - 1 } else { 2 };
                let later = if u > 3 { u - 3 } else { 0 };
                100 + 200 * second_third + 300 * later
            };
            doubled * d.factor() / 2
        }
    }
}

/// Slam bonus for a made contract: small slam 500/750, grand 1000/1500.
pub const fn slam_bonus(level: u8, vulnerable: bool) -> i32 {
    match (level, vulnerable) {
        (6, false) => 500,
        (6, true) => 750,
        (7, false) => 1000,
        (7, true) => 1500,
        _ => 0,
    }
}

/// Law 77 duplicate score of `contract` for the declaring side when
/// declarer takes `tricks_taken` tricks (0–13): positive when made,
/// negative (the defenders' score) when down.
///
/// # Examples
/// ```
/// use engine::bridge::{Contract, Doubling, Seat, Strain, scoring::duplicate_score};
/// let c = Contract::new(4, Strain::Spades, Doubling::Undoubled, Seat::North).unwrap();
/// assert_eq!(duplicate_score(&c, false, 10), 420);
/// assert_eq!(duplicate_score(&c, true, 8), -200);
/// ```
pub fn duplicate_score(contract: &Contract, vulnerable: bool, tricks_taken: u8) -> i32 {
    let needed = contract.tricks_needed();
    if tricks_taken < needed {
        return -undertrick_penalty(contract.doubling, vulnerable, needed - tricks_taken);
    }
    let trick_points = contract_trick_score(contract);
    let level_bonus = if trick_points >= 100 {
        if vulnerable { 500 } else { 300 }
    } else {
        50
    };
    let insult = match contract.doubling {
        Doubling::Undoubled => 0,
        Doubling::Doubled => 50,
        Doubling::Redoubled => 100,
    };
    trick_points
        + level_bonus
        + slam_bonus(contract.level, vulnerable)
        + insult
        + overtrick_score(contract, vulnerable, tricks_taken - needed)
}

/// The score of a board for North-South: the declaring side's score with
/// the sign of North-South, 0 when passed out (`contract` is `None`).
pub fn ns_score(
    contract: Option<&Contract>,
    vulnerability: super::deal::Vulnerability,
    tricks_taken: u8,
) -> i32 {
    match contract {
        None => 0,
        Some(c) => {
            let side = c.declarer.side();
            let s = duplicate_score(c, vulnerability.is_vulnerable(side), tricks_taken);
            if side == super::card::Side::NorthSouth {
                s
            } else {
                -s
            }
        }
    }
}

/// Upper bounds of the IMP scale (Law 78B): a difference above the `i`th
/// bound is worth at least `i + 1` IMPs.
const IMP_BOUNDS: [i32; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
];

/// IMPs for a score difference (Law 78B), with the difference's sign.
pub fn imps(difference: i32) -> i32 {
    let d = difference.abs();
    let n = IMP_BOUNDS.iter().filter(|&&b| d > b).count() as i32;
    n * difference.signum()
}

/// Matchpoints for each score in a field of results on one board (all from
/// the same side's point of view): 2 for each score beaten, 1 for each tie
/// (the classic "top = 2 × (n − 1)" scale), returned in input order.
pub fn matchpoints(scores: &[i32]) -> Vec<u32> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            scores
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &o)| match s.cmp(&o) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                })
                .sum()
        })
        .collect()
}

/// Matchpoint percentages (0–100) for a field of scores; a field of one
/// scores 50%.
pub fn matchpoint_percentages(scores: &[i32]) -> Vec<f64> {
    let top = 2 * scores.len().saturating_sub(1) as u32;
    matchpoints(scores)
        .into_iter()
        .map(|mp| {
            if top == 0 {
                50.0
            } else {
                100.0 * mp as f64 / top as f64
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::card::Seat;

    fn c(level: u8, strain: Strain, doubling: Doubling) -> Contract {
        Contract::new(level, strain, doubling, Seat::North).unwrap()
    }

    use Doubling::{Doubled as X, Redoubled as XX, Undoubled as U};
    use Strain::{Clubs as C, Hearts as H, NoTrump as NT, Spades as S};

    #[test]
    fn reference_vectors() {
        // (contract, vulnerable, tricks, score) from the reference notes.
        let cases = [
            (c(1, NT, U), false, 7, 90),
            (c(3, NT, U), true, 9, 600),
            (c(4, S, U), false, 10, 420),
            (c(2, S, U), false, 10, 170),
            (c(4, H, X), false, 10, 590),
            (c(1, C, X), false, 10, 440),
            (c(2, C, X), false, 8, 180),
            (c(1, NT, XX), false, 7, 560),
            (c(6, NT, U), true, 12, 1440),
            (c(7, NT, XX), true, 13, 2980),
            (c(4, S, X), false, 6, -800),
            (c(3, NT, X), false, 5, -800),
            (c(4, S, XX), true, 6, -2200),
            (c(7, C, XX), true, 0, -7600),
            (c(7, C, XX), false, 0, -7000),
        ];
        for (contract, vul, tricks, score) in cases {
            assert_eq!(
                duplicate_score(&contract, vul, tricks),
                score,
                "{contract} vul {vul} tricks {tricks}"
            );
        }
    }

    #[test]
    fn imp_scale_edges() {
        for (diff, imp) in [
            (0, 0),
            (10, 0),
            (20, 1),
            (40, 1),
            (50, 2),
            (420, 9),
            (430, 10),
            (2990, 21),
            (3000, 22),
            (3990, 23),
            (4000, 24),
            (7600, 24),
            (-620, -12),
        ] {
            assert_eq!(imps(diff), imp, "{diff}");
        }
    }

    #[test]
    fn matchpoints_count_beaten_and_tied() {
        assert_eq!(matchpoints(&[420, 450, 420, -50]), vec![3, 6, 3, 0]);
        assert_eq!(matchpoint_percentages(&[100, 100]), vec![50.0, 50.0]);
        assert_eq!(matchpoint_percentages(&[7]), vec![50.0]);
    }
}
