//! The negative double with a long major of its own (issue 20's
//! "takeout and negative doubles of low-level suit contracts"): the
//! double promises four cards in each unbid major and partner answers it
//! at the cheapest level with three, so a six-card major hidden in it is
//! found only if the doubler bids it again later, often a level higher.
//! A Goren-style responder names the long major at once: six cards at
//! any level, five where the major can be bid at the one level
//! (1C-(1D)-1S), unless the hand holds four of the other unbid major as
//! well, which the double shows.
//!
//! Before this rule the negative doubles made with six cards in an unbid
//! major lost 5.6 IMPs a board against par, those with four 4.2 (45 and
//! 161 boards of `bridge_quality --bidding-only`, seeds 1-4, 9 and 10).
//! Kept (session 40, s40-bidc; `bridge_quality --boards 500
//! --bidding-only --seed S --dd-cache F` against main e71c92f, 4.540 /
//! 4.674 / 4.870 / 4.416 and 4.328 / 4.688 on seeds 9 and 10): 4.472 /
//! 4.696 / 4.824 / 4.416 (seeds 1-4 +46 IMPs, 15 boards nearer par, 9
//! further) and 4.312 / 4.660 (+22, 9 nearer, 6 further). Six cards at
//! every level alone: seeds 1-4 +18, 9 and 10 +12; five at the one level
//! with 5-4 in the majors too: +36 and +26.
//!
//! Measured and not kept (same command): the double's cost alone, the
//! natural bid not preferred, six cards, seeds 1-4 -16 IMPs (the hand
//! raised the minor or bid notrump instead: seed 4 board 221,
//! 1C-(1H)-2C with six spades to the queen-jack, where 4S made). Five
//! cards at the two level too (1D-(1S)-2H on five hearts): seeds 1-4 -59
//! IMPs against the rule kept (5 boards nearer, 17 further: the free bid
//! lost the 4-4 heart fits and the opener's notrump games). The double's
//! cost and the bid's gain 60 instead of 40: two auctions changed, 0.
//! Five cards at the two level with 12 points or more only: seeds 1-4 +4
//! IMPs (10 auctions changed), seeds 9 and 10 -3: noise.
//!
//! The double's meaning is unchanged: a hand too weak for the natural bid
//! (8 points for 1C-(1S)-2H on the convention card) still doubles with
//! the long major, so the double denies no length.

use super::class::{BidClass, Context};
use super::info::HandShape;
use crate::bridge::{Call, Strain, Suit};

/// The major length that bids the suit rather than doubling.
const LONG_MAJOR: u8 = 6;

/// The same where the major can be bid at the one level.
const ONE_LEVEL_MAJOR: u8 = 5;

/// What the negative double loses against naming the long major: enough
/// to put it below the natural bid of the suit (the double's priority,
/// 55, against a natural bid's strain value).
const LONG_MAJOR_COST: i32 = 40;

/// Whether a major has been named by anyone in the auction.
fn suit_bid(ctx: &Context<'_>, suit: Suit) -> bool {
    ctx.bidding
        .calls()
        .iter()
        .any(|c| matches!(c, Call::Bid { strain, .. } if strain.trump() == Some(suit)))
}

/// The unbid major of [`LONG_MAJOR`] cards or more the hand holds
/// ([`ONE_LEVEL_MAJOR`] at the one level without four of the other
/// major), if the call now could be a negative double.
fn long_major(ctx: &Context<'_>, hand: &HandShape) -> Option<Suit> {
    if super::class::bid_class(ctx, Call::Double) != BidClass::NegativeDouble {
        return None;
    }
    let unbid: Vec<Suit> = [Suit::Spades, Suit::Hearts]
        .into_iter()
        .filter(|&m| !suit_bid(ctx, m))
        .collect();
    let both_majors = unbid.len() == 2 && unbid.iter().all(|m| hand.len[m.index()] >= 4);
    unbid.into_iter().find(|&m| {
        let strain = Strain::from(m);
        let level = ctx.cheapest_level(strain);
        let five = level == 1 && !both_majors;
        // A hand above what the natural bid shows doubles first: the bid
        // is not forcing.
        let within =
            super::normal::contested_cap(ctx, level, strain).is_none_or(|cap| hand.hcp <= cap);
        within && hand.len[m.index()] >= if five { ONE_LEVEL_MAJOR } else { LONG_MAJOR }
    })
}

/// What the call is worth more (or less) for a hand that could double
/// negatively while holding a long unbid major: the double
/// [`LONG_MAJOR_COST`] less, the major at the cheapest level as much more.
pub(crate) fn long_major_value(
    ctx: &Context<'_>,
    class: BidClass,
    call: Call,
    hand: &HandShape,
) -> i32 {
    let Some(major) = long_major(ctx, hand) else {
        return 0;
    };
    match call {
        Call::Double if class == BidClass::NegativeDouble => -LONG_MAJOR_COST,
        Call::Bid { level, strain }
            if strain.trump() == Some(major) && ctx.jumps(level, strain) == 0 =>
        {
            LONG_MAJOR_COST
        }
        _ => 0,
    }
}
