//! Constructive judgements of the natural calls that `NormalBid`'s
//! point count cannot make (issue 20): the major suit a notrump response
//! would hide, and 3NT before eleven tricks in a minor.

use super::class::{BidClass, Context};
use super::info::HandShape;
use crate::bridge::{Call, Strain, Suit};

/// What a notrump response that hides a four-card major costs: opposite
/// partner's opening one of a lower suit the major is bid at the one
/// level first (1D-1S, not 1D-2NT or 3NT), or the 4-4 fit is lost.
const HIDDEN_MAJOR: i32 = 40;

/// Eleven tricks in a minor are a game only when nine in notrump are not
/// there: with no singleton or void 3NT comes first.
const MINOR_GAME_OVER_NOTRUMP: i32 = 20;

/// The cost of `call` as responder's first bid in notrump over partner's
/// opening one of a suit while holding an unbid four-card major that
/// ranks above it.
pub(crate) fn hidden_major(ctx: &Context<'_>, call: Call, hand: &HandShape) -> i32 {
    let Call::Bid {
        level: 2 | 3,
        strain: Strain::NoTrump,
    } = call
    else {
        return 0;
    };
    if ctx.own_last().is_some() || !ctx.rho_passed() {
        return 0;
    }
    let Some((i, Call::Bid { level: 1, strain }, BidClass::OpeningOneSuit)) = ctx.partner_last()
    else {
        return 0;
    };
    if i + 2 != ctx.bidding.len() {
        return 0;
    }
    let hidden = [Suit::Hearts, Suit::Spades]
        .into_iter()
        .any(|m| Strain::from(m).index() > strain.index() && hand.len[m.index()] >= 4);
    if hidden { HIDDEN_MAJOR } else { 0 }
}

/// The cost of bidding five of a minor as a game while 3NT is still
/// available and the hand has no singleton or void.
pub(crate) fn minor_game_over_notrump(
    ctx: &Context<'_>,
    level: u8,
    strain: Strain,
    hand: &HandShape,
) -> i32 {
    let minor = matches!(strain, Strain::Clubs | Strain::Diamonds);
    let notrump_open = ctx.cheapest_level(Strain::NoTrump) <= 3;
    let no_shortness = hand.len.iter().all(|&l| l >= 2);
    if level == 5 && minor && notrump_open && no_shortness {
        MINOR_GAME_OVER_NOTRUMP
    } else {
        0
    }
}
