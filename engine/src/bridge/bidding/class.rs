//! Turbo Bridge `BidClass`: the lexical analysis of a call in its context.

use super::Bidding;
use crate::bridge::{Call, Seat, Strain};

/// The classes of calls of Simplified Goren with modifications (handbook
/// ch. 7, "Turbo Bridge Bidding Classes"), split where table 3-1 gives one
/// row a meaning of its own (the responses to 1NT, the Blackwood answers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BidClass {
    // Opening bids.
    OpeningPass,
    OpeningOneSuit,
    OpeningTwoSuit,
    OpeningNotrump,
    // Responses to an opening one in a suit.
    ResponsePass,
    RaiseTwo,
    RaiseThree,
    NewSuitOne,
    NewSuitTwo,
    ResponseOneNotrump,
    ResponseTwoNotrump,
    // Responses to an opening two in a suit.
    NegativeTwoNotrump,
    TwoSuitResponse,
    // Responses to 1NT (and to 2NT for Stayman).
    NotrumpPass,
    WeakTakeout,
    NotrumpJumpSuit,
    NotrumpRaise,
    // Conventions.
    Stayman,
    StaymanResponse,
    Blackwood,
    BlackwoodResponse,
    KingAsk,
    KingResponse,
    // Other bids.
    RebidNotrump,
    RebidNotrumpJump,
    Shutout,
    Overcall,
    // Normal bids.
    NormalPass,
    NormalDouble,
    NormalRedouble,
    NormalBid,
    /// A call the system says should not be made (passing a forcing bid,
    /// answering Blackwood with a suit that is not an answer).
    Illegal,
}

impl BidClass {
    /// The classes whose pass by partner would leave a forcing bid
    /// unanswered.
    fn is_forcing(self) -> bool {
        matches!(
            self,
            BidClass::NewSuitOne
                | BidClass::NewSuitTwo
                | BidClass::RaiseThree
                | BidClass::OpeningTwoSuit
                | BidClass::Stayman
                | BidClass::Blackwood
                | BidClass::KingAsk
        )
    }
}

/// Where a call stands relative to what the other players did: the facts
/// `BidClass` and `BidSystem` both read.
pub(crate) struct Context<'a> {
    pub bidding: &'a Bidding,
    pub seat: Seat,
}

impl Context<'_> {
    /// Index and call of `seat`'s last call other than pass.
    pub fn last_action(&self, seat: Seat) -> Option<(usize, Call, BidClass)> {
        let b = self.bidding;
        (0..b.len())
            .rev()
            .filter(|&i| b.seat_of(i) == seat && b.calls()[i] != Call::Pass)
            .map(|i| (i, b.calls()[i], b.classes()[i]))
            .next()
    }

    pub fn partner_last(&self) -> Option<(usize, Call, BidClass)> {
        self.last_action(self.seat.partner())
    }

    pub fn own_last(&self) -> Option<(usize, Call, BidClass)> {
        self.last_action(self.seat)
    }

    /// The last bid (level and strain) and who made it.
    pub fn last_bid(&self) -> Option<(usize, u8, Strain, Seat)> {
        let b = self.bidding;
        (0..b.len()).rev().find_map(|i| match b.calls()[i] {
            Call::Bid { level, strain } => Some((i, level, strain, b.seat_of(i))),
            _ => None,
        })
    }

    /// True when the opponent on the right passed (or nobody called yet):
    /// table 3-1's responses assume an uncontested auction.
    pub fn rho_passed(&self) -> bool {
        matches!(self.bidding.calls().last(), None | Some(Call::Pass))
    }

    /// The lowest level at which `strain` can be bid now.
    pub fn cheapest_level(&self, strain: Strain) -> u8 {
        match self.last_bid() {
            None => 1,
            Some((_, level, last, _)) => {
                if strain.index() > last.index() {
                    level
                } else {
                    level + 1
                }
            }
        }
    }

    /// Number of levels a bid skips (handbook `Jumps`).
    pub fn jumps(&self, level: u8, strain: Strain) -> u8 {
        level.saturating_sub(self.cheapest_level(strain))
    }

    fn first_bid(&self) -> Option<(usize, Seat)> {
        let b = self.bidding;
        (0..b.len()).find_map(|i| match b.calls()[i] {
            Call::Bid { .. } => Some((i, b.seat_of(i))),
            _ => None,
        })
    }

    /// Whether Blackwood has been asked before in this auction.
    pub fn blackwood_used(&self) -> bool {
        self.bidding.classes().contains(&BidClass::Blackwood)
    }

    /// Whether partner made the last bid and it was in notrump: 4NT over
    /// it is quantitative (an invitation to 6NT), not Blackwood, since no
    /// trump suit has been agreed.
    pub fn over_partner_notrump(&self) -> bool {
        self.rho_passed()
            && self
                .last_bid()
                .is_some_and(|(_, _, s, h)| s == Strain::NoTrump && h == self.seat.partner())
    }

    /// Whether our side is forced to keep bidding: partner's last call was
    /// forcing and the right-hand opponent did not relieve us by bidding,
    /// or our side opened two in a suit and is below game.
    pub fn pass_is_forbidden(&self) -> bool {
        if !self.rho_passed() {
            return false;
        }
        let Some((_, level, strain, holder)) = self.last_bid() else {
            return false;
        };
        if holder.side() != self.seat.side() {
            return false;
        }
        if let Some((_, _, class)) = self.partner_last()
            && class.is_forcing()
            && holder == self.seat.partner()
        {
            return true;
        }
        let game_forced = self.first_bid().is_some_and(|(i, opener)| {
            opener.side() == self.seat.side()
                && self.bidding.classes()[i] == BidClass::OpeningTwoSuit
        });
        game_forced && !is_game(level, strain)
    }
}

/// Whether a contract at this level in this strain scores a game.
pub fn is_game(level: u8, strain: Strain) -> bool {
    match strain {
        Strain::NoTrump => level >= 3,
        Strain::Hearts | Strain::Spades => level >= 4,
        Strain::Clubs | Strain::Diamonds => level >= 5,
    }
}

/// Turbo Bridge `BidClass`: the class of `call` made by the player to act.
pub(crate) fn bid_class(ctx: &Context<'_>, call: Call) -> BidClass {
    let Some((open_idx, opener)) = ctx.first_bid() else {
        return match call {
            Call::Pass => BidClass::OpeningPass,
            Call::Bid { level: 1, strain } if strain != Strain::NoTrump => BidClass::OpeningOneSuit,
            Call::Bid { level: 2, strain } if strain != Strain::NoTrump => BidClass::OpeningTwoSuit,
            Call::Bid {
                level: 1..=3,
                strain: Strain::NoTrump,
            } => BidClass::OpeningNotrump,
            Call::Bid { level, strain }
                if (3..=5).contains(&level) && strain != Strain::NoTrump =>
            {
                BidClass::Shutout
            }
            Call::Bid { .. } => BidClass::NormalBid,
            Call::Double | Call::Redouble => BidClass::Illegal,
        };
    };
    let me = ctx.seat;
    let partner = me.partner();
    let open_class = ctx.bidding.classes()[open_idx];
    let own = ctx.own_last();
    let partner_last = ctx.partner_last();
    let (_, last_level, last_strain, last_holder) =
        ctx.last_bid().unwrap_or((0, 0, Strain::Clubs, me));

    // Conventions first: they override the natural meaning.
    if let Some((_, _, pclass)) = partner_last
        && ctx.rho_passed()
        && last_holder == partner
    {
        match pclass {
            BidClass::Blackwood => {
                return match call {
                    Call::Bid { level: 5, .. } => BidClass::BlackwoodResponse,
                    _ => BidClass::Illegal,
                };
            }
            BidClass::KingAsk => {
                return match call {
                    Call::Bid { level: 6, .. } => BidClass::KingResponse,
                    _ => BidClass::Illegal,
                };
            }
            BidClass::Stayman => {
                return match call {
                    Call::Bid { level, strain }
                        if strain != Strain::Clubs
                            && strain != Strain::NoTrump
                            && level == ctx.cheapest_level(Strain::Diamonds) =>
                    {
                        BidClass::StaymanResponse
                    }
                    _ => BidClass::Illegal,
                };
            }
            _ => {}
        }
    }
    if call == Call::bid(4, Strain::NoTrump).unwrap_or(Call::Pass)
        && !ctx.blackwood_used()
        && !ctx.over_partner_notrump()
    {
        return BidClass::Blackwood;
    }
    if call == Call::bid(5, Strain::NoTrump).unwrap_or(Call::Pass)
        && matches!(own, Some((_, _, BidClass::Blackwood)))
        && matches!(partner_last, Some((_, _, BidClass::BlackwoodResponse)))
        && ctx.bidding.info(partner).aces != Some(4)
    {
        return BidClass::KingAsk;
    }

    let our_side_opened = opener.side() == me.side();
    let first_action = own.is_none();

    // Responses to partner's opening, uncontested.
    if our_side_opened
        && opener == partner
        && first_action
        && ctx.rho_passed()
        && last_holder == partner
    {
        match open_class {
            BidClass::OpeningOneSuit => {
                return match call {
                    Call::Pass => BidClass::ResponsePass,
                    Call::Bid { level: 2, strain } if strain == last_strain => BidClass::RaiseTwo,
                    Call::Bid { level: 3, strain } if strain == last_strain => BidClass::RaiseThree,
                    Call::Bid {
                        level: 1,
                        strain: Strain::NoTrump,
                    } => BidClass::ResponseOneNotrump,
                    Call::Bid {
                        level: 2,
                        strain: Strain::NoTrump,
                    } => BidClass::ResponseTwoNotrump,
                    Call::Bid { level: 1, .. } => BidClass::NewSuitOne,
                    Call::Bid { level: 2, strain } if strain.index() < last_strain.index() => {
                        BidClass::NewSuitTwo
                    }
                    Call::Bid { .. } => BidClass::NormalBid,
                    _ => BidClass::Illegal,
                };
            }
            BidClass::OpeningTwoSuit => {
                return match call {
                    Call::Pass | Call::Double | Call::Redouble => BidClass::Illegal,
                    Call::Bid {
                        level: 2,
                        strain: Strain::NoTrump,
                    } => BidClass::NegativeTwoNotrump,
                    Call::Bid { .. } => BidClass::TwoSuitResponse,
                };
            }
            BidClass::OpeningNotrump if last_level == 1 => {
                return match call {
                    Call::Pass => BidClass::NotrumpPass,
                    Call::Bid {
                        level: 2,
                        strain: Strain::Clubs,
                    } => BidClass::Stayman,
                    Call::Bid {
                        level: 2,
                        strain: Strain::NoTrump,
                    } => BidClass::NotrumpRaise,
                    Call::Bid { level: 2, .. } => BidClass::WeakTakeout,
                    Call::Bid { level: 3, strain } if strain != Strain::NoTrump => {
                        BidClass::NotrumpJumpSuit
                    }
                    Call::Bid { .. } => BidClass::NormalBid,
                    _ => BidClass::Illegal,
                };
            }
            BidClass::OpeningNotrump
                if last_level == 2 && call == Call::bid(3, Strain::Clubs).unwrap_or(Call::Pass) =>
            {
                return BidClass::Stayman;
            }
            _ => {}
        }
    }

    // Opener's second bid in notrump after a response.
    if let (
        Some((oi, _, BidClass::OpeningOneSuit)),
        Call::Bid {
            level,
            strain: Strain::NoTrump,
        },
    ) = (own, call)
        && oi == open_idx
        && partner_last.is_some_and(|(pi, _, _)| pi > oi)
    {
        return match ctx.jumps(level, Strain::NoTrump) {
            0 => BidClass::RebidNotrump,
            1 => BidClass::RebidNotrumpJump,
            _ => BidClass::NormalBid,
        };
    }

    // The opponents opened and our side has not acted: overcalls.
    if !our_side_opened
        && own.is_none()
        && partner_last.is_none()
        && let Call::Bid { level, strain } = call
        && strain != Strain::NoTrump
    {
        return if ctx.jumps(level, strain) == 0 {
            BidClass::Overcall
        } else {
            BidClass::Shutout
        };
    }

    match call {
        Call::Pass if ctx.pass_is_forbidden() => BidClass::Illegal,
        Call::Pass => BidClass::NormalPass,
        Call::Double => BidClass::NormalDouble,
        Call::Redouble => BidClass::NormalRedouble,
        Call::Bid { .. } => BidClass::NormalBid,
    }
}
