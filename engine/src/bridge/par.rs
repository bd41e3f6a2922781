//! Par: the score of a deal when both sides bid perfectly with open cards
//! (PBN `OptimumScore`, `ParContract`).
//!
//! The auction is played as a two-sided game over the double-dummy table.
//! A side that holds the last bid gets its double-dummy result: undoubled
//! if the contract makes, doubled if it fails (a sacrifice). The other side
//! either lets it stand or outbids it with any higher contract; before the
//! first bid the seats from the dealer round may open or pass, and four
//! passes score zero. Backward induction over the 35 bids gives the value.
//! The par contracts are listed the way DDS's par function lists them
//! (see `par_contracts`).

use std::fmt;

use super::scoring::duplicate_score;
use super::{Contract, DdTable, Doubling, Seat, Side, Strain, Vulnerability};

/// One par contract: the side's best declarer plays it, with `tricks`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParContract {
    pub contract: Contract,
    pub tricks: u8,
}

impl ParContract {
    /// The side and result, BridgeComposer style: `EW 1S+2`, `NS 5CX-1`.
    fn result(&self) -> String {
        let c = &self.contract;
        let needed = c.level + 6;
        let diff = i32::from(self.tricks) - i32::from(needed);
        let outcome = match diff {
            0 => "=".to_string(),
            d if d > 0 => format!("+{d}"),
            d => d.to_string(),
        };
        let strain = match c.strain {
            Strain::NoTrump => "NT".to_string(),
            s => s.as_str().to_string(),
        };
        format!(
            "{} {}{}{}{}",
            c.declarer.side().as_str(),
            c.level,
            strain,
            c.doubling.suffix(),
            outcome
        )
    }
}

/// Par of a deal: the score for North-South and the contracts reaching it
/// (one per side and strain, at the lowest level the opponents cannot
/// outbid profitably; none when the deal is passed out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Par {
    pub ns_score: i32,
    pub contracts: Vec<ParContract>,
}

impl Par {
    /// The `OptimumScore` value: `NS 420`, `EW 100` (the side that gains;
    /// `NS 0` for a pass-out).
    pub fn optimum_score(&self) -> String {
        if self.ns_score >= 0 {
            format!("NS {}", self.ns_score)
        } else {
            format!("EW {}", -self.ns_score)
        }
    }
}

/// The `ParContract` value: contracts separated by `; `, `Pass` when the
/// deal is passed out.
impl fmt::Display for Par {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.contracts.is_empty() {
            return f.write_str("Pass");
        }
        let parts: Vec<String> = self.contracts.iter().map(ParContract::result).collect();
        f.write_str(&parts.join("; "))
    }
}

/// Bids 1C..7NT in auction order: index = (level - 1) * 5 + strain.
const BIDS: usize = 35;

struct Game {
    vulnerability: Vulnerability,
    /// Declarer (best of the side) and tricks per side and strain.
    best: [[(Seat, u8); 5]; 2],
}

impl Game {
    fn contract(&self, bid: usize, side: usize) -> (Contract, u8) {
        let level = (bid / 5 + 1) as u8;
        let strain = Strain::ALL[bid % 5];
        let (declarer, tricks) = self.best[side][bid % 5];
        let doubling = if tricks >= level + 6 {
            Doubling::Undoubled
        } else {
            Doubling::Doubled
        };
        let contract = Contract {
            level,
            strain,
            doubling,
            declarer,
        };
        (contract, tricks)
    }

    /// North-South score when `side` plays `bid` (doubled if it fails).
    fn outcome(&self, bid: usize, side: usize) -> i32 {
        let (contract, tricks) = self.contract(bid, side);
        let side_enum = Side::BOTH[side];
        let score = duplicate_score(
            &contract,
            self.vulnerability.is_vulnerable(side_enum),
            tricks,
        );
        if side == 0 { score } else { -score }
    }
}

/// Side index: 0 North-South, 1 East-West.
fn side_of(seat: Seat) -> usize {
    seat.side().index()
}

/// Better of two North-South values for `side` (NS maximizes, EW
/// minimizes).
fn better(side: usize, a: i32, b: i32) -> i32 {
    if side == 0 { a.max(b) } else { a.min(b) }
}

/// Par score and contracts of a deal from its double-dummy table.
pub fn par(table: &DdTable, dealer: Seat, vulnerability: Vulnerability) -> Par {
    let mut best = [[(Seat::North, 0u8); 5]; 2];
    for side in Side::BOTH {
        for strain in Strain::ALL {
            let [a, b] = side.seats();
            let (ta, tb) = (table.get(a, strain), table.get(b, strain));
            best[side.index()][strain as usize] = if ta >= tb { (a, ta) } else { (b, tb) };
        }
    }
    let game = Game {
        vulnerability,
        best,
    };
    // value[bid][side]: North-South score once `side` has bid `bid` and
    // the other side is to answer.
    let mut value = [[0i32; 2]; BIDS];
    // outbid[b][answerer]: the answerer's best value from bidding above b.
    let mut outbid = [[None::<i32>; 2]; BIDS + 1];
    for bid in (0..BIDS).rev() {
        let above = outbid[bid + 1];
        value[bid] = [0, 1].map(|side| {
            let answerer = 1 - side;
            let stand = game.outcome(bid, side);
            above[answerer].map_or(stand, |v| better(answerer, stand, v))
        });
        let here = value[bid];
        outbid[bid] = [0, 1]
            .map(|side| Some(above[side].map_or(here[side], |v| better(side, here[side], v))));
    }
    // The opening round: seat k from the dealer opens or passes.
    let mut open = [0i32; 5];
    for k in (0..4).rev() {
        let side = side_of(dealer.offset(k));
        open[k] = better(side, open[k + 1], outbid[0][side].unwrap_or(0));
    }
    let score = open[0];

    Par {
        ns_score: score,
        contracts: par_contracts(&game, score),
    }
}

/// The par contracts as DDS's par function lists them: for each side and
/// strain, the lowest level at which that side scores the par score
/// (making, or doubled going down as a sacrifice) and the opponents have
/// no contract above it that scores them more. A sacrifice is therefore
/// listed only at a level that outbids the opponents' par contract, and
/// a making contract at the level that shuts the opponents out (`3H=`
/// rather than `1H+2` when they could outbid a lower level).
fn par_contracts(game: &Game, score: i32) -> Vec<ParContract> {
    if score == 0 {
        return Vec::new();
    }
    let mut contracts = Vec::new();
    for side in [0, 1] {
        let opponents = 1 - side;
        for strain in 0..5 {
            let standing = (strain..BIDS).step_by(5).find(|&bid| {
                game.outcome(bid, side) == score
                    && ((bid + 1)..BIDS).all(|higher| {
                        better(opponents, game.outcome(higher, opponents), score) == score
                    })
            });
            if let Some(bid) = standing {
                contracts.push((bid, side));
            }
        }
    }
    // DDS's order: by level, the higher strain first within a level.
    contracts.sort_unstable_by_key(|&(bid, side)| (bid / 5, 4 - bid % 5, side));
    contracts
        .into_iter()
        .map(|(bid, side)| {
            let (contract, tricks) = game.contract(bid, side);
            ParContract { contract, tricks }
        })
        .collect()
}
