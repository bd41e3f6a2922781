//! Turbo Bridge bidding (handbook ch. 3 table 3-1 and ch. 7, BID.BR):
//! Simplified Goren with modifications.
//!
//! One [`BidClass`] analysis and one `BidSystem` both make our calls and
//! read everybody else's: [`Bidding::push`] classifies a call, asks the
//! system what it reveals and merges that into the caller's [`Info`];
//! [`Bidding::find_bid`] (`FindBid`) evaluates every legal call against the
//! real hand and makes the best.

mod class;
mod contested;
mod convention_card;
mod delayed_support;
mod explain;
mod five_card_major;
mod info;
mod meaning;
mod negative_double;
mod normal;
mod notrump_rebid;
mod own_trumps;
mod response;
mod shown;
mod strong_double;
mod suit_rebid;
mod system;

pub use class::{BidClass, game_level, is_game};
pub use convention_card::convention_card;
pub use explain::{Explanation, explain_auction};
pub use info::{HandShape, Info, Limits, MAX_POINTS};
pub use meaning::{Meaning, Requirement, Special};
pub use normal::min_points;

use crate::bridge::{Auction, AuctionError, Call, Hand, Seat, Vulnerability};
use class::Context;

/// The system's meaning of `call` with what the call denies in its
/// auction (the shown view's limits, which the rules' evaluation of the
/// candidates never reads).
fn full_meaning(ctx: &Context<'_>, class: BidClass, call: Call) -> Meaning {
    let mut meaning = system::meaning(ctx, class, call);
    meaning.denies = shown::denies(ctx, class, call, &meaning);
    meaning
}

/// An auction together with the class of every call and what each player
/// has revealed (`Bids`, `BidTyp` and `Info` of BID.BR).
#[derive(Clone, Debug)]
pub struct Bidding {
    auction: Auction,
    classes: Vec<BidClass>,
    /// What the rules count on each player for.
    info: [Info; 4],
    /// What each player's calls show (see [`Info`]).
    shown: [Info; 4],
    /// The board's vulnerability: what a sacrifice costs against the
    /// opponents' game.
    vulnerability: Vulnerability,
}

/// One candidate call as `FindBid` saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub call: Call,
    pub class: BidClass,
    pub value: i32,
}

impl Bidding {
    pub fn new(dealer: Seat) -> Bidding {
        Bidding {
            auction: Auction::new(dealer),
            classes: Vec::new(),
            info: [Info::default(); 4],
            shown: [Info::default(); 4],
            vulnerability: Vulnerability::None,
        }
    }

    /// The same auction on a board of this vulnerability (none unless
    /// told): the calls that weigh a sacrifice read it.
    pub fn with_vulnerability(mut self, vulnerability: Vulnerability) -> Bidding {
        self.vulnerability = vulnerability;
        self
    }

    pub fn vulnerability(&self) -> Vulnerability {
        self.vulnerability
    }

    /// Replays the calls of an auction, reading each into `Info`.
    pub fn from_auction(auction: &Auction) -> Result<Bidding, AuctionError> {
        let mut b = Bidding::new(auction.dealer());
        for &call in auction.calls() {
            b.push(call)?;
        }
        Ok(b)
    }

    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    pub fn calls(&self) -> &[Call] {
        self.auction.calls()
    }

    /// The class of every call made so far (`BidTyp`).
    pub fn classes(&self) -> &[BidClass] {
        &self.classes
    }

    pub fn len(&self) -> usize {
        self.classes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    pub fn seat_of(&self, i: usize) -> Seat {
        self.auction.seat_of(i)
    }

    /// What the rules count on `seat` for: the view the bidding rules
    /// read (see [`Info`]).
    pub fn info(&self, seat: Seat) -> &Info {
        &self.info[seat.index()]
    }

    /// All four players' [`Bidding::info`], North first.
    pub fn infos(&self) -> &[Info; 4] {
        &self.info
    }

    /// What `seat`'s calls have shown: the hands that make them, for
    /// explanations and the convention card (see [`Info`]).
    pub fn shown(&self, seat: Seat) -> &Info {
        &self.shown[seat.index()]
    }

    /// All four players' [`Bidding::shown`], North first.
    pub fn shown_infos(&self) -> &[Info; 4] {
        &self.shown
    }

    pub fn next_seat(&self) -> Seat {
        self.auction.next_seat()
    }

    pub fn is_complete(&self) -> bool {
        self.auction.is_complete()
    }

    fn context(&self) -> Context<'_> {
        Context {
            bidding: self,
            seat: self.auction.next_seat(),
        }
    }

    /// Whether the opponents of the player to act have made no call but
    /// pass so far ([`Context::opponents_silent`]).
    pub fn opponents_silent(&self) -> bool {
        self.context().opponents_silent()
    }

    /// `BidClass` of `call` made now by the player to act.
    pub fn classify(&self, call: Call) -> BidClass {
        class::bid_class(&self.context(), call)
    }

    /// `BidSystem`: what `call`, made now, would reveal and require, and
    /// what it denies besides.
    pub fn meaning(&self, call: Call) -> Meaning {
        let ctx = self.context();
        full_meaning(&ctx, class::bid_class(&ctx, call), call)
    }

    /// `MakeBid`: makes a call (ours or anyone's) and updates `Info`.
    /// An illegal call (by the laws) is refused; a call our system calls
    /// illegal is recorded but reveals nothing.
    pub fn push(&mut self, call: Call) -> Result<BidClass, AuctionError> {
        self.auction.check(call)?;
        let ctx = self.context();
        let class = class::bid_class(&ctx, call);
        let meaning = full_meaning(&ctx, class, call);
        let seat = ctx.seat;
        self.auction.push(call)?;
        self.classes.push(class);
        if class != BidClass::Illegal {
            self.info[seat.index()].merge(&meaning.revealed);
            self.shown[seat.index()].merge(&meaning.shown());
        }
        Ok(class)
    }

    /// Every legal call with its class and evaluation for `hand`, the hand
    /// of the player to act.
    pub fn candidates(&self, hand: Hand) -> Vec<Candidate> {
        let shape = HandShape::of(hand);
        let ctx = self.context();
        self.auction
            .legal_calls()
            .into_iter()
            .map(|call| {
                let class = class::bid_class(&ctx, call);
                let meaning = system::meaning(&ctx, class, call);
                let value = system::evaluate(&ctx, class, call, &meaning, &shape);
                Candidate { call, class, value }
            })
            .collect()
    }

    /// Turbo Bridge `FindBid`: the legal call with the highest evaluation
    /// (the cheapest of equals). Pass when the auction is over.
    pub fn find_bid(&self, hand: Hand) -> Call {
        let mut best: Option<Candidate> = None;
        for c in self.candidates(hand) {
            if best.is_none_or(|b| c.value > b.value) {
                best = Some(c);
            }
        }
        best.map_or(Call::Pass, |b| b.call)
    }
}
