//! The par score: the result of a deal when both sides bid perfectly with
//! open cards (the PBN `OptimumScore`), the judge of our bidding.

use super::search::DoubleDummy;
use crate::bridge::scoring::duplicate_score;
use crate::bridge::{Contract, Deal, Doubling, Seat, Side, Strain, Vulnerability};

/// A par result: North-South's score and the par contract as text
/// (`NS 4S=`, `EW 5DX-2`, `Pass`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    pub ns_score: i32,
    pub contract: String,
}

/// Double-dummy tricks for every declarer and strain (`[seat][strain]`).
pub fn dd_tricks(deal: &Deal, dd: &mut dyn DoubleDummy) -> [[u8; 5]; 4] {
    let mut t = [[0u8; 5]; 4];
    for seat in Seat::ALL {
        for strain in Strain::ALL {
            // The declarer's side takes what the opening leader's side does not.
            t[seat.index()][strain.index()] = 13 - dd.tricks(deal, seat.next(), strain);
        }
    }
    t
}

/// Par from a trick table. The side that can make the highest contract
/// buys the deal in its best-scoring making contract at or above the
/// other side's highest making contract; the other side then sacrifices
/// doubled above it when that loses less. (Further outbidding after the
/// sacrifice is ignored: a close approximation of full par.)
pub fn par_from_table(tricks: &[[u8; 5]; 4], vulnerability: Vulnerability) -> Par {
    // For a side and contract: the better declarer of the pair.
    let best = |side: Side, strain: Strain| -> (Seat, u8) {
        side.seats()
            .into_iter()
            .map(|s| (s, tricks[s.index()][strain.index()]))
            .max_by_key(|&(_, t)| t)
            .unwrap_or((Seat::North, 0))
    };
    let rank = |level: u8, strain: Strain| (level as usize - 1) * 5 + strain.index();
    // Highest making contract rank per side.
    let top = |side: Side| -> Option<usize> {
        Strain::ALL
            .into_iter()
            .filter_map(|strain| {
                let (_, t) = best(side, strain);
                (t >= 7).then(|| rank(t - 6, strain))
            })
            .max()
    };
    let (ns_top, ew_top) = (top(Side::NorthSouth), top(Side::EastWest));
    let buyer = match (ns_top, ew_top) {
        (None, None) => {
            return Par {
                ns_score: 0,
                contract: "Pass".to_string(),
            };
        }
        (Some(a), Some(b)) if b > a => Side::EastWest,
        (Some(_), _) => Side::NorthSouth,
        (None, Some(_)) => Side::EastWest,
    };
    let floor = if buyer == Side::NorthSouth {
        ew_top
    } else {
        ns_top
    };
    let vul = |side: Side| vulnerability.is_vulnerable(side);
    // The buyer's best making contract above the other side's top.
    let mut choice: Option<(i32, Contract, u8)> = None;
    for strain in Strain::ALL {
        let (declarer, t) = best(buyer, strain);
        for level in 1..=7u8 {
            if t < level + 6 || floor.is_some_and(|f| rank(level, strain) <= f) {
                continue;
            }
            let c = Contract {
                level,
                strain,
                doubling: Doubling::Undoubled,
                declarer,
            };
            let score = duplicate_score(&c, vul(buyer), t);
            if choice.as_ref().is_none_or(|(s, _, _)| score > *s) {
                choice = Some((score, c, t));
            }
        }
    }
    let Some((score, contract, t)) = choice else {
        return Par {
            ns_score: 0,
            contract: "Pass".to_string(),
        };
    };
    // The other side's cheapest doubled sacrifice above it.
    let other = buyer.opponents();
    let mut sacrifice: Option<(i32, Contract, u8)> = None;
    for strain in Strain::ALL {
        let (declarer, st) = best(other, strain);
        for level in 1..=7u8 {
            if rank(level, strain) <= rank(contract.level, contract.strain) {
                continue;
            }
            let c = Contract {
                level,
                strain,
                doubling: Doubling::Doubled,
                declarer,
            };
            let s = duplicate_score(&c, vul(other), st);
            if s > -score && sacrifice.as_ref().is_none_or(|(b, _, _)| s > *b) {
                sacrifice = Some((s, c, st));
            }
            break; // higher levels of the same strain only cost more
        }
    }
    let (side, side_score, c, taken) = match sacrifice {
        Some((s, c, st)) => (other, s, c, st),
        None => (buyer, score, contract, t),
    };
    let ns_score = if side == Side::NorthSouth {
        side_score
    } else {
        -side_score
    };
    let diff = taken as i32 - c.tricks_needed() as i32;
    let result = if diff == 0 {
        "=".to_string()
    } else {
        format!("{diff:+}")
    };
    Par {
        ns_score,
        contract: format!(
            "{} {}{}{}",
            side.as_str(),
            c.level,
            c.strain,
            c.doubling.suffix()
        ) + &result,
    }
}

/// The par score of a full deal.
pub fn par(deal: &Deal, vulnerability: Vulnerability, dd: &mut dyn DoubleDummy) -> Option<Par> {
    if !deal.is_full() {
        return None;
    }
    Some(par_from_table(&dd_tricks(deal, dd), vulnerability))
}
