//! What a call means in the Turbo Bridge `BidSystem`: what it reveals
//! (`Info`) and what it requires of a hand. Both halves of the system, the
//! class rules (`system.rs`) and the normal bids (`normal.rs`), speak this
//! vocabulary; it depends on neither.

use super::info::{HandShape, Info, Limits, MAX_POINTS};
use crate::bridge::{Strain, Suit};

/// A condition of table 3-1 that minimum lengths and point ranges cannot
/// express.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// "Table Talk": the suit the choice-of-suit rules pick.
    PreferredSuit(Suit),
    /// Notrump distribution: no singleton, at most one doubleton.
    Balanced,
    /// Stayman asks for a four-card major, so it needs one.
    FourCardMajor,
    /// The answer to Stayman: hearts with four hearts, spades with four
    /// spades (and not four hearts), diamonds otherwise.
    StaymanAnswer(Strain),
    Aces(u8),
    Kings(u8),
    /// Any answer to an opening two but 2NT: at least an ace and a king.
    AceAndKing,
    /// The takeout double: at most two cards in each of the opponents'
    /// suits (a mask, bit per suit) and three or more in every other suit,
    /// unless the hand has [`TAKEOUT_ANY_SHAPE_HCP`] high-card points (too
    /// strong to overcall). The second field is the most cards the
    /// double allows in their suits: 2, or 3 in the balancing seat.
    Takeout(u8, u8),
    /// A good suit for an overcall: two of the top honours (five
    /// high-card points in it) or a six-card suit with three.
    GoodSuit(Suit),
    /// Notrump distribution with the opponents' suit stopped.
    BalancedStopper(Suit),
    /// A singleton or void in the suit (the answers to the weak-two ask
    /// and to Jacoby 2NT).
    Short(Suit),
    /// No singleton or void anywhere.
    NoShortness,
}

/// The high-card points with which the takeout double needs no shape:
/// every such hand doubles rather than pass, so a pass where the double
/// was open shows one point fewer.
pub const TAKEOUT_ANY_SHAPE_HCP: u8 = 17;

/// What a hand must hold for a call of a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Requirement {
    /// Range of high-card plus distribution points.
    pub points: (u8, u8),
    /// Range of high-card points (notrump bids count only these).
    pub hcp: (u8, u8),
    pub min_len: [u8; 4],
    pub special: Special,
}

impl Default for Requirement {
    fn default() -> Self {
        Requirement {
            points: (0, MAX_POINTS),
            hcp: (0, MAX_POINTS),
            min_len: [0; 4],
            special: Special::None,
        }
    }
}

impl Requirement {
    pub(super) fn points(lo: u8, hi: u8) -> Self {
        Requirement {
            points: (lo, hi),
            ..Default::default()
        }
    }

    pub(super) fn hcp(lo: u8, hi: u8) -> Self {
        Requirement {
            hcp: (lo, hi),
            ..Default::default()
        }
    }

    pub(super) fn with_len(mut self, suit: Suit, len: u8) -> Self {
        self.min_len[suit.index()] = len;
        self
    }

    pub(super) fn with(mut self, special: Special) -> Self {
        self.special = special;
        self
    }

    /// How far a hand is from this requirement: points outside the ranges
    /// plus three per missing card plus six for a failed special condition.
    pub fn misfit(&self, hand: &HandShape) -> i32 {
        fn outside(v: u8, (lo, hi): (u8, u8)) -> i32 {
            if v < lo {
                (lo - v) as i32
            } else if v > hi {
                (v - hi) as i32
            } else {
                0
            }
        }
        let mut m = outside(hand.points(), self.points) + outside(hand.hcp, self.hcp);
        for s in 0..4 {
            m += 3 * self.min_len[s].saturating_sub(hand.len[s]) as i32;
        }
        let special_ok = match self.special {
            Special::None => true,
            Special::PreferredSuit(s) => hand.preferred_suit() == s,
            Special::Balanced => hand.is_balanced(),
            Special::FourCardMajor => hand.len[2] >= 4 || hand.len[3] >= 4,
            Special::StaymanAnswer(strain) => {
                let answer = if hand.len[2] >= 4 {
                    Strain::Hearts
                } else if hand.len[3] >= 4 {
                    Strain::Spades
                } else {
                    Strain::Diamonds
                };
                answer == strain
            }
            Special::Aces(n) => hand.aces % 4 == n % 4,
            Special::Kings(n) => hand.kings % 4 == n % 4,
            Special::AceAndKing => hand.aces >= 1 && hand.kings >= 1,
            Special::Takeout(theirs, most) => {
                hand.hcp >= TAKEOUT_ANY_SHAPE_HCP
                    || (0..4).all(|s| {
                        if theirs >> s & 1 == 1 {
                            hand.len[s] <= most
                        } else {
                            hand.len[s] >= 3
                        }
                    })
            }
            Special::GoodSuit(suit) => {
                let s = suit.index();
                hand.suit_hcp[s] >= 5 || (hand.len[s] >= 6 && hand.suit_hcp[s] >= 3)
            }
            Special::BalancedStopper(suit) => hand.is_balanced() && hand.stopped[suit.index()],
            Special::Short(s) => hand.len[s.index()] <= 1,
            Special::NoShortness => hand.len.iter().all(|&l| l >= 2),
        };
        if special_ok { m } else { m + 6 }
    }

    /// What the requirement tells the other players.
    pub(super) fn revealed(&self) -> Info {
        let mut info = Info {
            min_len: self.min_len,
            min_p: self.points.0.max(self.hcp.0),
            max_p: self
                .points
                .1
                .min(self.hcp.1.saturating_add(3))
                .min(MAX_POINTS),
            ..Info::default()
        };
        match self.special {
            Special::Balanced | Special::BalancedStopper(_) => {
                for l in &mut info.min_len {
                    *l = (*l).max(2);
                }
            }
            Special::StaymanAnswer(Strain::Hearts) => info.min_len[2] = info.min_len[2].max(4),
            Special::StaymanAnswer(Strain::Spades) => info.min_len[3] = info.min_len[3].max(4),
            Special::Aces(n) => info.aces = Some(n),
            Special::Kings(n) => info.kings = Some(n),
            _ => {}
        }
        info
    }

    /// What the requirement denies that [`Requirement::revealed`] leaves
    /// open (the shown view only, see [`Info`]). A balanced call keeps
    /// its high-card range (1NT's 16-18 is no 21-count: `revealed` adds
    /// the three points of a void no balanced hand holds) and has no
    /// six-card suit; the Stayman answers deny the majors they do not
    /// name.
    pub(super) fn denies(&self) -> Limits {
        let mut limits = Limits::default();
        match self.special {
            Special::Balanced | Special::BalancedStopper(_) => {
                limits.cap(self.hcp.1.min(self.points.1));
                limits.max_len = [BALANCED_MAX_LEN; 4];
            }
            // Spades deny four hearts, diamonds either major.
            Special::StaymanAnswer(Strain::Spades) => limits.cap_len(Suit::Hearts, 3),
            Special::StaymanAnswer(Strain::Diamonds) => {
                limits.cap_len(Suit::Hearts, 3);
                limits.cap_len(Suit::Spades, 3);
            }
            _ => {}
        }
        limits
    }
}

/// The longest suit of a balanced hand (4-3-3-3, 4-4-3-2, 5-3-3-2).
const BALANCED_MAX_LEN: u8 = 5;

/// The meaning of a call: what it reveals and what it requires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// What the rules count on the caller for (see [`Info`]).
    pub revealed: Info,
    /// What the call denies beyond that: with `revealed`, what it shows
    /// ([`Meaning::shown`]).
    pub denies: Limits,
    pub requirement: Requirement,
}

impl Meaning {
    /// What the call shows: the hands that make it, for people
    /// (`--explain`, the convention card).
    pub fn shown(&self) -> Info {
        self.revealed.limited(&self.denies)
    }
}

impl From<Requirement> for Meaning {
    fn from(requirement: Requirement) -> Self {
        Meaning {
            revealed: requirement.revealed(),
            denies: requirement.denies(),
            requirement,
        }
    }
}
