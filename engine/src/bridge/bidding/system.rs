//! Turbo Bridge `BidSystem`: for each bid class, what the call reveals
//! (`Info`) and how well it fits a real hand.

use super::class::{BidClass, Context};
use super::info::{HandShape, Info, MAX_POINTS};
use super::normal;
use crate::bridge::{Call, Strain, Suit};

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
}

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
    fn points(lo: u8, hi: u8) -> Self {
        Requirement {
            points: (lo, hi),
            ..Default::default()
        }
    }

    fn hcp(lo: u8, hi: u8) -> Self {
        Requirement {
            hcp: (lo, hi),
            ..Default::default()
        }
    }

    fn with_len(mut self, suit: Suit, len: u8) -> Self {
        self.min_len[suit.index()] = len;
        self
    }

    fn with(mut self, special: Special) -> Self {
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
        };
        if special_ok { m } else { m + 6 }
    }

    /// What the requirement tells the other players.
    fn revealed(&self) -> Info {
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
            Special::Balanced => {
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
}

/// The meaning of a call: what it reveals and what it requires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meaning {
    pub revealed: Info,
    pub requirement: Requirement,
}

impl From<Requirement> for Meaning {
    fn from(requirement: Requirement) -> Self {
        Meaning {
            revealed: requirement.revealed(),
            requirement,
        }
    }
}

fn suit_of(strain: Strain) -> Option<Suit> {
    strain.trump()
}

/// Turbo Bridge `BidSystem`, first task: the meaning of a call of `class`.
pub(crate) fn meaning(ctx: &Context<'_>, class: BidClass, call: Call) -> Meaning {
    let (level, strain) = match call {
        Call::Bid { level, strain } => (level, strain),
        _ => (0, Strain::NoTrump),
    };
    let suit = suit_of(strain);
    let with_suit = |r: Requirement, len: u8| match suit {
        Some(s) => r.with_len(s, len),
        None => r,
    };
    let req = match class {
        BidClass::OpeningPass => Requirement::points(0, 12),
        BidClass::OpeningOneSuit => with_suit(Requirement::points(13, 23), 4)
            .with(Special::PreferredSuit(suit.unwrap_or(Suit::Clubs))),
        BidClass::OpeningTwoSuit => with_suit(Requirement::points(24, MAX_POINTS), 4)
            .with(Special::PreferredSuit(suit.unwrap_or(Suit::Clubs))),
        BidClass::OpeningNotrump => {
            let (lo, hi) = match level {
                1 => (16, 18),
                2 => (22, 24),
                _ => (25, 27),
            };
            Requirement::hcp(lo, hi).with(Special::Balanced)
        }
        BidClass::Shutout => with_suit(Requirement::hcp(0, 11), 7),
        BidClass::ResponsePass => Requirement::points(0, 5),
        BidClass::RaiseTwo => with_suit(Requirement::points(6, 9), 4),
        BidClass::RaiseThree => with_suit(Requirement::points(13, MAX_POINTS), 4),
        BidClass::NewSuitOne => with_suit(Requirement::points(6, MAX_POINTS), 4),
        BidClass::NewSuitTwo => with_suit(Requirement::points(10, MAX_POINTS), 4),
        BidClass::ResponseOneNotrump => Requirement::points(6, 9),
        BidClass::ResponseTwoNotrump => Requirement::hcp(12, 15).with(Special::Balanced),
        BidClass::NegativeTwoNotrump => Requirement::default(),
        BidClass::TwoSuitResponse => {
            let mut m = normal::normal_bid_meaning(ctx, level, strain);
            m.requirement.special = Special::AceAndKing;
            m.requirement.points.0 = m.requirement.points.0.max(7);
            m.revealed.min_p = m.revealed.min_p.max(7);
            return m;
        }
        BidClass::NotrumpPass => Requirement::hcp(0, 7),
        BidClass::WeakTakeout => with_suit(Requirement::hcp(0, 5), 5),
        BidClass::NotrumpJumpSuit => with_suit(Requirement::points(10, MAX_POINTS), 5),
        BidClass::NotrumpRaise => Requirement::hcp(8, 9),
        BidClass::Stayman => {
            let partner_min = ctx.bidding.info(ctx.seat.partner()).min_p;
            // Over 1NT six high-card points, over 2NT enough for game.
            Requirement::hcp(
                if level == 2 {
                    6
                } else {
                    26u8.saturating_sub(partner_min)
                },
                MAX_POINTS,
            )
            .with(Special::FourCardMajor)
        }
        BidClass::StaymanResponse => Requirement::default().with(Special::StaymanAnswer(strain)),
        BidClass::Blackwood | BidClass::KingAsk => Requirement::default(),
        BidClass::BlackwoodResponse => {
            Requirement::default().with(Special::Aces(strain.index() as u8))
        }
        BidClass::KingResponse => Requirement::default().with(Special::Kings(strain.index() as u8)),
        BidClass::RebidNotrump => Requirement::hcp(12, 15).with(Special::Balanced),
        BidClass::RebidNotrumpJump => Requirement::hcp(19, 21).with(Special::Balanced),
        // Table 3-1 gives 8 high-card points for the overcall at the lowest
        // levels; each level higher needs three more.
        BidClass::Overcall => with_suit(
            Requirement::hcp(8 + 3 * level.saturating_sub(1).min(6), MAX_POINTS),
            5,
        ),
        BidClass::NormalBid => return normal::normal_bid_meaning(ctx, level, strain),
        BidClass::NormalPass => return normal::normal_pass_meaning(ctx),
        BidClass::NormalDouble | BidClass::NormalRedouble | BidClass::Illegal => {
            Requirement::default()
        }
    };
    req.into()
}

/// How much the system prefers a class when the hand fits several: the
/// conventional and more descriptive calls first.
fn priority(class: BidClass, strain: Strain) -> i32 {
    let major = matches!(strain, Strain::Hearts | Strain::Spades);
    match class {
        BidClass::OpeningNotrump => 60,
        BidClass::OpeningTwoSuit => 58,
        BidClass::OpeningOneSuit => 50,
        BidClass::Shutout => 45,
        BidClass::OpeningPass | BidClass::ResponsePass | BidClass::NotrumpPass => 10,
        BidClass::RaiseThree if major => 85,
        BidClass::RaiseTwo if major => 75,
        BidClass::RaiseThree => 45,
        BidClass::RaiseTwo => 35,
        BidClass::NewSuitOne => 50,
        BidClass::NewSuitTwo => 46,
        BidClass::ResponseTwoNotrump => 65,
        BidClass::ResponseOneNotrump => 30,
        BidClass::Stayman => 70,
        BidClass::WeakTakeout | BidClass::NotrumpJumpSuit => 50,
        BidClass::NotrumpRaise => 45,
        BidClass::StaymanResponse | BidClass::BlackwoodResponse | BidClass::KingResponse => 60,
        BidClass::RebidNotrump => 40,
        BidClass::RebidNotrumpJump => 65,
        BidClass::Overcall => 40,
        BidClass::NegativeTwoNotrump => 20,
        BidClass::TwoSuitResponse => 20,
        BidClass::Blackwood
        | BidClass::KingAsk
        | BidClass::NormalPass
        | BidClass::NormalDouble
        | BidClass::NormalRedouble
        | BidClass::NormalBid => 0,
        BidClass::Illegal => -1000,
    }
}

/// Turbo Bridge `BidSystem`, second task: how well a call of `class` with
/// this `meaning` fits the real hand. A large penalty when the hand does
/// not hold what the call promises; the judgement of `NormalPass`,
/// `NormalBid` and `NormalDBL` for the natural calls.
pub(crate) fn evaluate(
    ctx: &Context<'_>,
    class: BidClass,
    call: Call,
    meaning: &Meaning,
    hand: &HandShape,
) -> i32 {
    let (level, strain) = match call {
        Call::Bid { level, strain } => (level, strain),
        _ => (0, Strain::NoTrump),
    };
    let suit_choice = suit_of(strain).map_or(0, |s| hand.suit_preference(s));
    let judgement = match class {
        BidClass::NewSuitOne
        | BidClass::NewSuitTwo
        | BidClass::Overcall
        | BidClass::WeakTakeout => suit_choice,
        BidClass::NotrumpJumpSuit => suit_choice,
        BidClass::Shutout => {
            let len = suit_of(strain).map_or(0, |s| hand.len[s.index()]) as i32;
            -10 * (level as i32 - (len - 4)).abs()
        }
        BidClass::TwoSuitResponse | BidClass::NormalBid => {
            normal::normal_bid_value(ctx, hand, level, strain)
        }
        BidClass::NormalPass => normal::normal_pass_value(ctx, hand),
        BidClass::NormalDouble => normal::normal_double_value(ctx, hand),
        BidClass::NormalRedouble => normal::normal_redouble_value(ctx, hand),
        BidClass::Blackwood => normal::blackwood_value(ctx, hand),
        BidClass::KingAsk => normal::normal_bid_value(ctx, hand, level, strain),
        _ => 0,
    };
    priority(class, strain) + judgement - 25 * meaning.requirement.misfit(hand)
}
