//! Calls and the auction's legality (Appendix C: a bid must outrank the
//! last; double only an opponent's undoubled bid; redouble only a double of
//! your side's bid; three passes after a call, or four opening passes, end
//! the auction).

use std::fmt;
use std::str::FromStr;

use super::card::{Seat, Strain};
use super::contract::{Contract, Doubling};

/// One call in the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    Pass,
    Double,
    Redouble,
    /// `level` 1–7 odd tricks in `strain`.
    Bid {
        level: u8,
        strain: Strain,
    },
}

impl Call {
    /// A bid; `None` unless `1 <= level <= 7`.
    pub fn bid(level: u8, strain: Strain) -> Option<Call> {
        (1..=7)
            .contains(&level)
            .then_some(Call::Bid { level, strain })
    }

    /// The 35 bids from 1C to 7NT in rank order.
    pub fn all_bids() -> impl Iterator<Item = Call> {
        (1..=7u8).flat_map(|level| Strain::ALL.map(|strain| Call::Bid { level, strain }))
    }

    /// A bid's rank, 0 (1C) to 34 (7NT), comparing bids; `None` for the
    /// other calls.
    pub fn bid_rank(self) -> Option<usize> {
        match self {
            Call::Bid { level, strain } => Some((level as usize - 1) * 5 + strain.index()),
            _ => None,
        }
    }
}

/// PBN spelling: `Pass`, `X`, `XX`, `1C` … `7NT`.
impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid { level, strain } => write!(f, "{level}{strain}"),
        }
    }
}

/// Why a call token was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallParseError(pub String);

impl fmt::Display for CallParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad call {:?}: expected Pass, X, XX or <1-7><C|D|H|S|NT>, e.g. 1C, 3NT",
            self.0
        )
    }
}

impl std::error::Error for CallParseError {}

/// Parses the PBN call tokens leniently: `Pass`/`P`, `X`/`D`/`Dbl`,
/// `XX`/`R`/`Rdbl`, `1C`…`7NT` (also `1N`), any case.
impl FromStr for Call {
    type Err = CallParseError;

    fn from_str(s: &str) -> Result<Call, CallParseError> {
        let t = s.trim().to_ascii_uppercase();
        match t.as_str() {
            "PASS" | "P" => return Ok(Call::Pass),
            "X" | "D" | "DBL" => return Ok(Call::Double),
            "XX" | "R" | "RDBL" => return Ok(Call::Redouble),
            _ => {}
        }
        let mut chars = t.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l));
        match (level, Strain::parse(chars.as_str())) {
            (Some(level), Some(strain)) => Ok(Call::Bid {
                level: level as u8,
                strain,
            }),
            _ => Err(CallParseError(s.to_string())),
        }
    }
}

/// Why a call was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuctionError {
    /// The auction has already ended.
    Complete,
    /// A bid that does not outrank the last bid.
    InsufficientBid { call: Call, last: Call },
    /// A double of nothing, of partner's bid, or of a doubled bid.
    DoubleNotAllowed,
    /// A redouble without an opponents' double of our side's bid.
    RedoubleNotAllowed,
    /// A bid below 1 or above 7 (only possible by building `Call::Bid`
    /// by hand).
    Level(u8),
}

impl fmt::Display for AuctionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AuctionError::Complete => f.write_str("the auction is already over"),
            AuctionError::InsufficientBid { call, last } => {
                write!(f, "insufficient bid {call}: a bid must outrank {last}")
            }
            AuctionError::DoubleNotAllowed => {
                f.write_str("X is only allowed over an opponent's undoubled bid")
            }
            AuctionError::RedoubleNotAllowed => {
                f.write_str("XX is only allowed over an opponent's double of your side's bid")
            }
            AuctionError::Level(l) => write!(f, "bid level {l}: expected 1 to 7"),
        }
    }
}

impl std::error::Error for AuctionError {}

/// The last bid and what happened to it: the state that decides which
/// calls are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LastBid {
    level: u8,
    strain: Strain,
    by: Seat,
    doubling: Doubling,
}

/// An auction: the dealer and the calls made so far, each checked when
/// pushed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    dealer: Seat,
    calls: Vec<Call>,
}

impl Auction {
    /// An empty auction: `dealer` calls first.
    pub fn new(dealer: Seat) -> Auction {
        Auction {
            dealer,
            calls: Vec::new(),
        }
    }

    /// An auction from a list of calls, each checked in turn.
    pub fn from_calls(
        dealer: Seat,
        calls: impl IntoIterator<Item = Call>,
    ) -> Result<Auction, (usize, AuctionError)> {
        let mut a = Auction::new(dealer);
        for (i, call) in calls.into_iter().enumerate() {
            a.push(call).map_err(|e| (i, e))?;
        }
        Ok(a)
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The seat to call next.
    pub fn next_seat(&self) -> Seat {
        self.dealer.offset(self.calls.len())
    }

    /// The seat that made call number `i`.
    pub fn seat_of(&self, i: usize) -> Seat {
        self.dealer.offset(i)
    }

    /// The last bid, its bidder and its doubling, from scratch.
    fn last_bid(&self) -> Option<LastBid> {
        let mut last = None;
        for (i, &call) in self.calls.iter().enumerate() {
            match call {
                Call::Bid { level, strain } => {
                    last = Some(LastBid {
                        level,
                        strain,
                        by: self.seat_of(i),
                        doubling: Doubling::Undoubled,
                    })
                }
                Call::Double => {
                    if let Some(l) = last.as_mut() {
                        l.doubling = Doubling::Doubled;
                    }
                }
                Call::Redouble => {
                    if let Some(l) = last.as_mut() {
                        l.doubling = Doubling::Redoubled;
                    }
                }
                Call::Pass => {}
            }
        }
        last
    }

    /// Three passes after a call, or four opening passes.
    pub fn is_complete(&self) -> bool {
        let n = self.calls.len();
        let trailing = self
            .calls
            .iter()
            .rev()
            .take_while(|&&c| c == Call::Pass)
            .count();
        (trailing >= 3 && n > trailing) || (n == 4 && trailing == 4)
    }

    /// Whether the four players passed without a bid.
    pub fn is_passed_out(&self) -> bool {
        self.calls.len() == 4 && self.calls.iter().all(|&c| c == Call::Pass)
    }

    /// Checks a call without making it.
    pub fn check(&self, call: Call) -> Result<(), AuctionError> {
        if self.is_complete() {
            return Err(AuctionError::Complete);
        }
        let me = self.next_seat();
        let last = self.last_bid();
        match call {
            Call::Pass => Ok(()),
            Call::Bid { level, .. } if !(1..=7).contains(&level) => Err(AuctionError::Level(level)),
            Call::Bid { level, strain } => match last {
                Some(l) if (level, strain) <= (l.level, l.strain) => {
                    Err(AuctionError::InsufficientBid {
                        call,
                        last: Call::Bid {
                            level: l.level,
                            strain: l.strain,
                        },
                    })
                }
                _ => Ok(()),
            },
            Call::Double => match last {
                Some(l) if l.by.side() != me.side() && l.doubling == Doubling::Undoubled => Ok(()),
                _ => Err(AuctionError::DoubleNotAllowed),
            },
            Call::Redouble => match last {
                Some(l) if l.by.side() == me.side() && l.doubling == Doubling::Doubled => Ok(()),
                _ => Err(AuctionError::RedoubleNotAllowed),
            },
        }
    }

    pub fn is_legal(&self, call: Call) -> bool {
        self.check(call).is_ok()
    }

    /// Every legal call for the player to call next (empty once the
    /// auction is over): Pass, X, XX, then the bids in rank order.
    pub fn legal_calls(&self) -> Vec<Call> {
        [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .chain(Call::all_bids())
            .filter(|&c| self.is_legal(c))
            .collect()
    }

    /// Makes a call after checking it.
    pub fn push(&mut self, call: Call) -> Result<(), AuctionError> {
        self.check(call)?;
        self.calls.push(call);
        Ok(())
    }

    /// Takes back the last call.
    pub fn pop(&mut self) -> Option<Call> {
        self.calls.pop()
    }

    /// The contract the auction reached so far (final once
    /// [`is_complete`](Self::is_complete)): the last bid with its doubling,
    /// and as declarer the first player of the bidding side to name the
    /// strain. `None` while nobody has bid.
    pub fn current_contract(&self) -> Option<Contract> {
        let l = self.last_bid()?;
        let declarer = self
            .calls
            .iter()
            .enumerate()
            .find(|&(i, c)| {
                matches!(c, Call::Bid { strain, .. } if *strain == l.strain)
                    && self.seat_of(i).side() == l.by.side()
            })
            .map(|(i, _)| self.seat_of(i))
            .unwrap_or(l.by);
        Some(Contract {
            level: l.level,
            strain: l.strain,
            doubling: l.doubling,
            declarer,
        })
    }

    /// The final contract of a completed auction; `None` while the auction
    /// goes on or when it was passed out.
    pub fn final_contract(&self) -> Option<Contract> {
        if self.is_complete() {
            self.current_contract()
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(s: &str) -> Vec<Call> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn calls_round_trip() {
        let all: Vec<Call> = [Call::Pass, Call::Double, Call::Redouble]
            .into_iter()
            .chain(Call::all_bids())
            .collect();
        assert_eq!(all.len(), 38);
        for c in all {
            assert_eq!(c.to_string().parse(), Ok(c));
        }
        assert_eq!("1n".parse(), Ok(Call::bid(1, Strain::NoTrump).unwrap()));
        assert_eq!("p".parse(), Ok(Call::Pass));
        for bad in ["", "8C", "0NT", "1Z", "XXX", "Passs", "1", "NT"] {
            assert!(bad.parse::<Call>().is_err(), "{bad}");
        }
    }

    #[test]
    fn declarer_is_first_of_the_side_to_name_the_strain() {
        // Appendix C: 1S - P - 2H - P - 3H - P - P - P, South declares 3H.
        let a = Auction::from_calls(Seat::North, calls("1S P 2H P 3H P P P")).unwrap();
        assert!(a.is_complete());
        let c = a.final_contract().unwrap();
        assert_eq!(c.to_string(), "3H by S");
    }

    #[test]
    fn doubles_and_redoubles() {
        let mut a = Auction::from_calls(Seat::North, calls("1NT")).unwrap();
        assert_eq!(
            a.check(Call::Redouble),
            Err(AuctionError::RedoubleNotAllowed)
        );
        a.push(Call::Double).unwrap();
        assert_eq!(a.check(Call::Double), Err(AuctionError::DoubleNotAllowed));
        // South (partner of the bidder) may redouble.
        a.push(Call::Redouble).unwrap();
        a.push(Call::Pass).unwrap();
        // North, the bidder, cannot double his own side.
        assert_eq!(a.check(Call::Double), Err(AuctionError::DoubleNotAllowed));
        for c in calls("P P") {
            a.push(c).unwrap();
        }
        assert!(a.is_complete());
        assert_eq!(a.final_contract().unwrap().to_string(), "1NTXX by N");
        assert_eq!(a.push(Call::Pass), Err(AuctionError::Complete));
        assert!(a.legal_calls().is_empty());
    }

    #[test]
    fn double_of_partner_is_illegal_even_after_passes() {
        let a = Auction::from_calls(Seat::North, calls("1C P")).unwrap();
        assert_eq!(a.check(Call::Double), Err(AuctionError::DoubleNotAllowed));
        let a = Auction::from_calls(Seat::North, calls("1C P P")).unwrap();
        assert!(a.is_legal(Call::Double));
    }

    #[test]
    fn insufficient_bids_are_refused() {
        let a = Auction::from_calls(Seat::East, calls("2H")).unwrap();
        assert!(matches!(
            a.check("2D".parse().unwrap()),
            Err(AuctionError::InsufficientBid { .. })
        ));
        assert!(a.is_legal("2S".parse().unwrap()));
        let eight = Call::Bid {
            level: 8,
            strain: Strain::Clubs,
        };
        assert_eq!(a.check(eight), Err(AuctionError::Level(8)));
        // Pass, X and the 27 bids above 2H.
        assert_eq!(a.legal_calls().len(), 2 + 35 - 8);
    }

    #[test]
    fn passed_out_and_completion() {
        let mut a = Auction::new(Seat::West);
        for _ in 0..3 {
            a.push(Call::Pass).unwrap();
            assert!(!a.is_complete());
        }
        a.push(Call::Pass).unwrap();
        assert!(a.is_complete() && a.is_passed_out());
        assert_eq!(a.final_contract(), None);
        let a = Auction::from_calls(Seat::West, calls("P P P 1C P P")).unwrap();
        assert!(!a.is_complete());
        assert_eq!(a.final_contract(), None);
        let a = Auction::from_calls(Seat::West, calls("P P P 1C P P P")).unwrap();
        assert_eq!(a.final_contract().unwrap().to_string(), "1C by S");
    }
}
