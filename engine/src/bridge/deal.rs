//! Deals (four hands), vulnerability, dealer and the board-number cycle.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use rand::Rng;
use rand::seq::SliceRandom;

use super::card::{Card, Seat, Side};
use super::hand::{FULL_DECK, Hand, HandParseError};

/// Four hands indexed by [`Seat`]. A deal may be partial (an unknown hand
/// is empty, an end position has fewer than 13 cards a hand); what every
/// deal guarantees is that no card is held twice. [`Deal::check_full`]
/// checks the 13-card rule before play from the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: [Hand; 4],
}

impl Index<Seat> for Deal {
    type Output = Hand;
    fn index(&self, seat: Seat) -> &Hand {
        &self.hands[seat as usize]
    }
}

impl IndexMut<Seat> for Deal {
    fn index_mut(&mut self, seat: Seat) -> &mut Hand {
        &mut self.hands[seat as usize]
    }
}

/// What makes a deal invalid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// Not of the form `<first>:<hand> <hand> <hand> <hand>`.
    Syntax(String),
    /// The first seat is not `N`, `E`, `S` or `W`.
    FirstSeat(String),
    /// One hand is malformed.
    Hand { seat: Seat, error: HandParseError },
    /// A card is held by two hands.
    Duplicate {
        card: Card,
        first: Seat,
        second: Seat,
    },
    /// A hand holds more than 13 cards (any deal), or not exactly 13 (a
    /// full deal).
    Count { seat: Seat, count: usize },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Syntax(s) => write!(
                f,
                "bad deal {s:?}: expected <first seat>:<4 hands clockwise>, e.g. N:AKQ.JT9.876.5432 - - -"
            ),
            DealError::FirstSeat(s) => {
                write!(f, "bad deal {s:?}: the first seat must be N, E, S or W")
            }
            DealError::Hand { seat, error } => write!(f, "{seat} hand: {error}"),
            DealError::Duplicate {
                card,
                first,
                second,
            } => write!(f, "{card} is held by both {first} and {second}"),
            DealError::Count { seat, count } => {
                write!(f, "{seat} holds {count} cards, expected 13")
            }
        }
    }
}

impl std::error::Error for DealError {}

impl Deal {
    /// Builds a deal from four hands, checking that no card is held twice
    /// and no hand holds more than 13 cards.
    pub fn new(hands: [Hand; 4]) -> Result<Deal, DealError> {
        let deal = Deal { hands };
        deal.check_partial()?;
        Ok(deal)
    }

    /// Every card at most once, at most 13 cards a hand.
    pub fn check_partial(&self) -> Result<(), DealError> {
        for seat in Seat::ALL {
            let count = self[seat].len();
            if count > 13 || self[seat].0 & !FULL_DECK.0 != 0 {
                return Err(DealError::Count { seat, count });
            }
            for other in Seat::ALL.into_iter().filter(|&o| o > seat) {
                if let Some(card) = (self[seat] & self[other]).iter().next() {
                    return Err(DealError::Duplicate {
                        card,
                        first: seat,
                        second: other,
                    });
                }
            }
        }
        Ok(())
    }

    /// A full deal: all 52 cards, 13 in each hand.
    pub fn check_full(&self) -> Result<(), DealError> {
        self.check_partial()?;
        for seat in Seat::ALL {
            let count = self[seat].len();
            if count != 13 {
                return Err(DealError::Count { seat, count });
            }
        }
        Ok(())
    }

    pub fn is_full(&self) -> bool {
        self.check_full().is_ok()
    }

    /// The cards held by nobody.
    pub fn unassigned(&self) -> Hand {
        FULL_DECK.difference(self.hands.iter().fold(Hand::EMPTY, |a, &h| a | h))
    }

    /// Who holds `card`, if anybody.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&s| self[s].contains(card))
    }

    /// Shuffles and deals the 52 cards with the caller's generator (seed it
    /// for a reproducible deal).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Deal {
        let mut cards: Vec<Card> = FULL_DECK.iter().collect();
        cards.shuffle(rng);
        let mut deal = Deal::default();
        for (i, card) in cards.into_iter().enumerate() {
            deal.hands[i / 13].insert(card);
        }
        deal
    }

    /// Completes a deal whose missing cards all belong to one hand (LIN
    /// files usually omit East): gives every unassigned card to `seat`.
    pub fn complete(&mut self, seat: Seat) {
        let rest = self.unassigned();
        self[seat] = self[seat] | rest;
    }

    /// The PBN Deal tag value with `first` as the first seat, an empty hand
    /// printed as `-` (unknown).
    pub fn to_pbn(&self, first: Seat) -> String {
        let hands: Vec<String> = first
            .clockwise()
            .iter()
            .map(|&s| {
                if self[s].is_empty() {
                    "-".to_string()
                } else {
                    self[s].to_string()
                }
            })
            .collect();
        format!("{}:{}", first.letter(), hands.join(" "))
    }
}

/// Prints the PBN form starting from North.
impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn(Seat::North))
    }
}

/// Parses the PBN Deal tag value: `N:` (any first seat, any case) then four
/// hands clockwise separated by spaces or tabs, `-` for an unknown hand.
/// The result is checked with [`Deal::check_partial`].
impl FromStr for Deal {
    type Err = DealError;

    fn from_str(s: &str) -> Result<Deal, DealError> {
        let t = s.trim();
        let (first, rest) = t
            .split_once(':')
            .ok_or_else(|| DealError::Syntax(s.to_string()))?;
        let first: Seat = first
            .trim()
            .parse()
            .map_err(|_| DealError::FirstSeat(s.to_string()))?;
        let parts: Vec<&str> = rest.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(DealError::Syntax(s.to_string()));
        }
        let mut deal = Deal::default();
        for (seat, part) in first.clockwise().into_iter().zip(parts) {
            if part != "-" {
                deal[seat] = part
                    .parse()
                    .map_err(|error| DealError::Hand { seat, error })?;
            }
        }
        deal.check_partial()?;
        Ok(deal)
    }
}

/// Which sides are vulnerable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Vulnerability {
    #[default]
    None,
    NS,
    EW,
    Both,
}

impl Vulnerability {
    pub const ALL: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::NS,
        Vulnerability::EW,
        Vulnerability::Both,
    ];

    pub fn is_vulnerable(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::Both, _)
                | (Vulnerability::NS, Side::NorthSouth)
                | (Vulnerability::EW, Side::EastWest)
        )
    }

    /// Whether the side of `seat` is vulnerable.
    pub fn seat_vulnerable(self, seat: Seat) -> bool {
        self.is_vulnerable(seat.side())
    }

    /// The vulnerability with `ns` and `ew` as given.
    pub fn from_sides(ns: bool, ew: bool) -> Vulnerability {
        match (ns, ew) {
            (false, false) => Vulnerability::None,
            (true, false) => Vulnerability::NS,
            (false, true) => Vulnerability::EW,
            (true, true) => Vulnerability::Both,
        }
    }

    /// The PBN export spelling: `None`, `NS`, `EW`, `All`.
    pub const fn as_pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::Both => "All",
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_pbn())
    }
}

/// Why a vulnerability was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulnerabilityParseError(pub String);

impl fmt::Display for VulnerabilityParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad vulnerability {:?}: expected None, Love, -, NS, EW, All or Both",
            self.0
        )
    }
}

impl std::error::Error for VulnerabilityParseError {}

/// Parses the PBN spellings leniently: `None`/`Love`/`-`, `NS`, `EW`,
/// `All`/`Both`, any case.
impl FromStr for Vulnerability {
    type Err = VulnerabilityParseError;

    fn from_str(s: &str) -> Result<Vulnerability, VulnerabilityParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" => Ok(Vulnerability::None),
            "ns" => Ok(Vulnerability::NS),
            "ew" => Ok(Vulnerability::EW),
            "all" | "both" => Ok(Vulnerability::Both),
            _ => Err(VulnerabilityParseError(s.to_string())),
        }
    }
}

/// The dealer of board `board` in the standard cycle: N, E, S, W, N, …
/// (board 0 is treated like board 16).
pub fn board_dealer(board: u32) -> Seat {
    Seat::from_index((board as usize + 3) % 4)
}

/// The vulnerability of board `board` in the standard 16-board cycle
/// (boards 1–16: None NS EW All / NS EW All None / EW All None NS /
/// All None NS EW).
pub fn board_vulnerability(board: u32) -> Vulnerability {
    let i = (board as usize + 15) % 16;
    Vulnerability::ALL[(i + i / 4) % 4]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    const D1: &str = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85";

    #[test]
    fn deal_tag_round_trips_from_any_first_seat() {
        let d: Deal = D1.parse().unwrap();
        assert!(d.is_full());
        assert_eq!(d.to_string(), D1);
        for first in Seat::ALL {
            assert_eq!(d.to_pbn(first).parse::<Deal>(), Ok(d));
        }
        assert_eq!(d[Seat::East].to_string(), "A8654.KQ5.T.QJT6");
        assert_eq!(d.holder("SA".parse().unwrap()), Some(Seat::East));
    }

    #[test]
    fn partial_deals_keep_unknown_hands_empty() {
        let d: Deal = "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -".parse().unwrap();
        assert!(d[Seat::North].is_empty());
        assert_eq!(d[Seat::West].len(), 13);
        assert!(!d.is_full());
        assert_eq!(d.unassigned().len(), 26);
        assert_eq!(
            d.to_pbn(Seat::West),
            "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"
        );
    }

    #[test]
    fn bad_deals_are_rejected_with_the_reason() {
        type Check = fn(&DealError) -> bool;
        let cases: [(&str, Check); 6] = [
            ("AKQ.JT9.876.5432 - - -", |e| {
                matches!(e, DealError::Syntax(_))
            }),
            ("X:- - - -", |e| matches!(e, DealError::FirstSeat(_))),
            ("N:- - -", |e| matches!(e, DealError::Syntax(_))),
            ("N:AKQ.JT9.876.543Z - - -", |e| {
                matches!(
                    e,
                    DealError::Hand {
                        seat: Seat::North,
                        ..
                    }
                )
            }),
            ("N:A... A... - -", |e| {
                matches!(e, DealError::Duplicate { .. })
            }),
            ("N:AKQJT98765432.A.. - - -", |e| {
                matches!(e, DealError::Count { count: 14, .. })
            }),
        ];
        for (text, check) in cases {
            let err = text.parse::<Deal>().unwrap_err();
            assert!(check(&err), "{text}: {err:?}");
        }
        let short: Deal = "N:AKQ... - - -".parse().unwrap();
        assert!(matches!(
            short.check_full(),
            Err(DealError::Count { count: 3, .. })
        ));
    }

    #[test]
    fn random_deals_are_full_and_reproducible() {
        let a = Deal::random(&mut StdRng::seed_from_u64(7));
        let b = Deal::random(&mut StdRng::seed_from_u64(7));
        let c = Deal::random(&mut StdRng::seed_from_u64(8));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert!(a.is_full());
        assert_eq!(a.to_string().parse::<Deal>(), Ok(a));
    }

    #[test]
    fn board_cycle_matches_the_standard() {
        let vul = "None NS EW All NS EW All None EW All None NS All None NS EW";
        for (i, v) in vul.split(' ').enumerate() {
            let b = i as u32 + 1;
            assert_eq!(board_vulnerability(b).as_pbn(), v, "board {b}");
            assert_eq!(board_vulnerability(b + 16), board_vulnerability(b));
            assert_eq!(board_dealer(b), Seat::from_index(i));
        }
    }

    #[test]
    fn vulnerability_spellings() {
        for (t, v) in [
            ("Love", Vulnerability::None),
            ("-", Vulnerability::None),
            ("both", Vulnerability::Both),
            ("ew", Vulnerability::EW),
        ] {
            assert_eq!(t.parse(), Ok(v));
        }
        assert!("NE".parse::<Vulnerability>().is_err());
        for v in Vulnerability::ALL {
            assert_eq!(v.to_string().parse(), Ok(v));
        }
        assert!(Vulnerability::NS.seat_vulnerable(Seat::South));
        assert!(!Vulnerability::NS.seat_vulnerable(Seat::East));
    }
}
