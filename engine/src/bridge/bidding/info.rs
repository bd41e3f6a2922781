//! Turbo Bridge `Info`: what a player has revealed about a hand, and the
//! facts about a real hand that the bidding system measures it against.

use crate::bridge::{Hand, Suit};

/// The most points a hand can hold (37 high-card points plus distribution
/// points are never reached, but the cap keeps the arithmetic bounded).
pub const MAX_POINTS: u8 = 40;

/// How many points above a partner's shown minimum [`Info::expected_p`]
/// counts on.
///
/// Measured and not kept (session 37, s37-bid; `bridge_quality --boards
/// 500 --bidding-only --seed S --dd-cache F`, main 4.61 on seed 1): 2,
/// 4.64 (166 auctions changed, 43 boards nearer par, 54 further, -16
/// IMPs).
pub const EXPECTED_EXTRA: u8 = 1;

/// A range of points this narrow (what a few limited calls leave, such as
/// the 1NT-2NT raise) is counted at its middle. Measured with
/// bridge_quality --bidding-only on seeds 1 and 2: 4 is better than 3, 5,
/// 6 or 8, and counting the middle of every range is worse.
pub const NARROW_RANGE: u8 = 4;

/// Turbo Bridge `Info[Player]`: what a player's calls have revealed, known to
/// all four players alike.
///
/// The handbook stores only the minimum length of each suit and the minimum
/// and maximum number of points; we add the aces and kings shown by a
/// Blackwood answer, which the handbook's `Number` function derives.
///
/// [`Bidding`](super::Bidding) keeps two of them for each player, and
/// every reader takes the one it needs:
/// - what the *rules* count on ([`Bidding::info`](super::Bidding::info)):
///   the ranges the handbook's `BidSystem` reads, from which
///   [`Info::expected_p`] and the fixed thresholds of the natural calls
///   were tuned (a narrow range counts its middle, so narrowing a range
///   changes the rules' decisions);
/// - what the calls *show* ([`Bidding::shown`](super::Bidding::shown)):
///   the same ranges cut to the hands that make the calls by what each
///   call denies ([`Limits`]: 1NT is 16-18, not 16-21; a balanced call
///   has no six-card suit; a pass as dealer is no opening). `--explain`
///   and the convention card read this one.
///
/// The samplers (the card play's `View`, the slam and placement
/// simulations, `auction_sim`) read the rules' view, which measured a
/// little better than the shown one, within the noise. Session 26, the
/// shown view against the rules' (main): `bridge_quality --boards 500
/// --seed S --bidding-only` 4.85 -> 4.90 (seed 1), 4.90 -> 4.88 (seed 2),
/// two boards each moving through the slam simulation's deals (-11, -13;
/// -3, +13 IMPs); `bridge_quality --lead-only --seed 1`, boards 1-200
/// (`--boards 100` and `--first 101 --boards 100`): tricks lost 42 -> 46,
/// leads costing no trick suit 103 -> 102 of 130, notrump 57 -> 55 of 70.
/// Session 25 (branch s25-ranges) had tightened the one `Info` both the
/// rules and the samplers read: bidding-only 4.85 -> 4.87 and 4.90 ->
/// 4.93, mostly through [`NARROW_RANGE`], for which the views were
/// parted; full play, notrump leads costing no trick 79.2 % -> 78.7 %.
/// `View` honours `max_len`, so a sampler switches view by the one
/// argument it passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    /// `MinL`: at least this many cards in each suit (clubs first).
    pub min_len: [u8; 4],
    /// At most this many cards in each suit (clubs first): what a call
    /// denies (1NT-3NT a four-card major, which Stayman or a transfer
    /// would have shown; a notrump call a six-card suit). Not in the
    /// handbook, whose `Info` keeps only the minimum; the rules' view
    /// leaves it at 13.
    pub max_len: [u8; 4],
    /// `MinP`: at least this many points (high-card plus distribution).
    pub min_p: u8,
    /// `MaxP`: at most this many points.
    pub max_p: u8,
    /// Number of aces shown by a Blackwood answer.
    pub aces: Option<u8>,
    /// Number of kings shown by an answer to 5NT.
    pub kings: Option<u8>,
}

impl Default for Info {
    fn default() -> Self {
        Info {
            min_len: [0; 4],
            max_len: [13; 4],
            min_p: 0,
            max_p: MAX_POINTS,
            aces: None,
            kings: None,
        }
    }
}

impl Info {
    /// Adds what a new call revealed. Ranges only narrow; when a player's
    /// calls contradict each other (a human may do that) the newest call
    /// wins, so `min_p <= max_p` always holds.
    pub fn merge(&mut self, revealed: &Info) {
        for s in 0..4 {
            self.min_len[s] = self.min_len[s].max(revealed.min_len[s]).min(13);
            self.max_len[s] = self.max_len[s]
                .min(revealed.max_len[s])
                .max(self.min_len[s]);
        }
        let min_p = self.min_p.max(revealed.min_p);
        let max_p = self.max_p.min(revealed.max_p);
        if min_p <= max_p {
            self.min_p = min_p;
            self.max_p = max_p;
        } else {
            self.min_p = revealed.min_p;
            self.max_p = revealed.max_p.max(revealed.min_p);
        }
        self.aces = revealed.aces.or(self.aces);
        self.kings = revealed.kings.or(self.kings);
    }

    /// The points a partner counts on: the shown minimum plus part of the
    /// range above it (a minimum alone undervalues every wide range, and
    /// game is missed for want of a point).
    pub fn expected_p(&self) -> u8 {
        let width = self.max_p.saturating_sub(self.min_p);
        if width <= NARROW_RANGE {
            self.min_p + width / 2
        } else {
            self.min_p + (width / 2).min(EXPECTED_EXTRA)
        }
    }

    /// This `Info` cut by what a call denies: the upper limits only ever
    /// narrow, and never below the minimum shown.
    pub fn limited(mut self, limits: &Limits) -> Info {
        self.max_p = self
            .max_p
            .min(limits.max_p)
            .min(limits.max_hcp)
            .max(self.min_p);
        for s in 0..4 {
            self.max_len[s] = self.max_len[s].min(limits.max_len[s]).max(self.min_len[s]);
        }
        self
    }

    /// The sum of the minimum suit lengths never exceeds 13 in a sound
    /// auction; with contradictory human calls it may, which only makes the
    /// sampling in card play relax the constraint.
    pub fn known_cards(&self) -> u32 {
        self.min_len.iter().map(|&l| l as u32).sum()
    }
}

/// What a call denies beyond the `Info` the rules count on: the upper
/// limits of the hands that make it, which only the shown view carries
/// (see [`Info`]). The default denies nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// At most this many points.
    pub max_p: u8,
    /// At most this many high-card points (a pass where the takeout
    /// double was open). The card play's sampling checks `Info::max_p` on
    /// the high-card points, so in the shown `Info` this caps `max_p`;
    /// the explanation says it in HCP.
    pub max_hcp: u8,
    /// At most this many cards in each suit, clubs first.
    pub max_len: [u8; 4],
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_p: MAX_POINTS,
            max_hcp: MAX_POINTS,
            max_len: [13; 4],
        }
    }
}

impl Limits {
    /// Caps the points at `max_p` as well.
    pub fn cap(&mut self, max_p: u8) {
        self.max_p = self.max_p.min(max_p);
    }

    /// Caps the length of `suit` at `len` as well.
    pub fn cap_len(&mut self, suit: Suit, len: u8) {
        self.max_len[suit.index()] = self.max_len[suit.index()].min(len);
    }
}

/// The facts the bidding system reads from a real hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandShape {
    /// Length of each suit, clubs first.
    pub len: [u8; 4],
    /// High-card points 4-3-2-1.
    pub hcp: u8,
    pub aces: u8,
    pub kings: u8,
    /// High-card points in each suit, clubs first: the quality of a suit
    /// an overcall names, the honours a penalty double counts in trumps.
    pub suit_hcp: [u8; 4],
    /// Whether each suit is stopped for notrump: A, Kx, Qxx or Jxxx.
    pub stopped: [bool; 4],
}

impl HandShape {
    pub fn of(hand: Hand) -> HandShape {
        let mut len = [0u8; 4];
        let mut aces = 0;
        let mut kings = 0;
        let mut suit_hcp = [0u8; 4];
        let mut stopped = [false; 4];
        for suit in Suit::ALL {
            let mask = hand.suit(suit);
            let s = suit.index();
            len[s] = mask.count_ones() as u8;
            aces += (mask >> 14 & 1) as u8;
            kings += (mask >> 13 & 1) as u8;
            // Bits 14..11 are the ace, king, queen and jack.
            let honour = |bit: u32| mask >> bit & 1 == 1;
            suit_hcp[s] = (11..=14)
                .filter(|&b| honour(b))
                .map(|b| (b - 10) as u8)
                .sum();
            stopped[s] = honour(14)
                || (honour(13) && len[s] >= 2)
                || (honour(12) && len[s] >= 3)
                || (honour(11) && len[s] >= 4);
        }
        HandShape {
            len,
            hcp: hand.hcp() as u8,
            aces,
            kings,
            suit_hcp,
            stopped,
        }
    }

    /// Simplified Goren distribution points: 3 for a void, 2 for a
    /// singleton, 1 for a doubleton (never counted for notrump).
    pub fn dist_points(&self) -> u8 {
        self.len
            .iter()
            .map(|&l| match l {
                0 => 3,
                1 => 2,
                2 => 1,
                _ => 0,
            })
            .sum()
    }

    /// High-card plus distribution points: the "points" of table 3-1.
    pub fn points(&self) -> u8 {
        self.hcp + self.dist_points()
    }

    /// Notrump distribution: 4-3-3-3, 4-4-3-2 or 5-3-3-2 (no singleton or
    /// void and at most one doubleton).
    pub fn is_balanced(&self) -> bool {
        self.len.iter().all(|&l| l >= 2) && self.len.iter().filter(|&&l| l == 2).count() <= 1
    }

    /// "Table Talk with a Computer": with a five-card suit bid the highest
    /// ranking such suit (a longer suit first), otherwise the lowest ranking
    /// four-card suit. Returns a preference; higher is bid first.
    pub fn suit_preference(&self, suit: Suit) -> i32 {
        let l = self.len[suit.index()] as i32;
        if l >= 5 {
            20 + 4 * (l - 5) + suit.index() as i32
        } else if l == 4 {
            10 - suit.index() as i32
        } else {
            0
        }
    }

    /// The suit the choice-of-suit rules open: 3-4-4-2 opens diamonds,
    /// 4-1-4-4 clubs, 5-5-2-1 spades.
    pub fn preferred_suit(&self) -> Suit {
        Suit::ALL
            .into_iter()
            .max_by_key(|&s| (self.suit_preference(s), self.len[s.index()]))
            .unwrap_or(Suit::Clubs)
    }
}
