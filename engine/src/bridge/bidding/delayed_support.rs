//! Responder's delayed three-card support of the opener's major after a
//! two-over-one and the opener's 2NT (issue 20's 5-3 major fits never
//! found): 1S-2C-2NT-3S. The two-level new suit promised a rebid, and
//! the opener's 2NT shows a balanced minimum, 5-3-3-2 or a 4-3-3-3 with
//! the major as its only four-card suit; the responder with three cards
//! in the major cannot tell which. Three of the major tells: it shows
//! exactly three cards and is forcing, and the opener bids four of the
//! major with five, 3NT with four. The rules without it read partner's
//! major as four cards and either passed 2NT or bid 3NT on the 5-3 fit.
//!
//! Looked at double dummy on the contracts `bridge_quality --boards 500
//! --bidding-only --seed S --dd-cache F` reached (seeds 1-4, 9 and 10):
//! 28 uncontested 1M-2x-2NT auctions ended in 2NT or 3NT with the
//! responder holding three cards in the major, half of them opposite a
//! four-card major; four of the major with five and 3NT with four gained
//! 46 IMPs on seeds 1-4 (seed 9 -4, seed 10 0). Kept: the same command
//! against main 9572d48, seeds 1-4 4.65 / 4.73 / 5.12 / 4.55 -> 4.64 /
//! 4.72 / 5.04 / 4.55 (10 boards nearer par, 2 further, +56 IMPs), seed 9
//! 4.45 -> 4.46 (2 boards further, -4), seed 10 4.79 -> 4.78 (1 nearer,
//! +6). With a 4-3-3-3 as well: seed 4 -13 IMPs (2 boards further).
//!
//! Looked at double dummy in session 32 (the same runs) and not built:
//! the responder's 3NT over 1M-2x-2NT with 10 or 11 high-card points (the
//! two-over-one's minimum, which passes today): +22 IMPs over the six
//! seeds on 30 boards, as many lost as won below 25 combined, noise; the
//! responder's five-card major after the opener's jump to 2NT
//! (1D-1H-2NT-3H, the mirror of this support): four boards in 3,000;
//! 1NT-3m passed by responders of 6-8 high-card points: -22 IMPs (the 3NT
//! those hands reach makes double dummy more often than 1NT scores).

use super::class::{BidClass, Context};
use super::info::{HandShape, MAX_POINTS};
use super::meaning::Meaning;
use super::normal;
use crate::bridge::{Call, Strain, Suit};

/// The value of the support (and of the opener's answer) with a hand
/// that holds what it shows: above the 3NT game (about 60) and the pass
/// of 2NT (about 40) that the rules chose before.
const SUPPORT_VALUE: i32 = 100;

/// The length the support shows, exactly: with four the responder raised
/// at once (1S-3S, Jacoby 2NT).
const SUPPORT_LEN: u8 = 3;

/// The major of partner's opening when our side's auction so far is
/// partner's one of a major, our two-level new suit and partner's 2NT
/// rebid, the opponents silent: the auction where three of the major is
/// the delayed support.
fn support_position(ctx: &Context<'_>) -> Option<Suit> {
    if !ctx.opponents_silent() {
        return None;
    }
    let b = ctx.bidding;
    let (k, rebid, BidClass::RebidNotrump) = ctx.partner_last()? else {
        return None;
    };
    let (i, Call::Bid { level: 2, .. }, BidClass::NewSuitTwo) = ctx.own_last()? else {
        return None;
    };
    if rebid != Call::bid(2, Strain::NoTrump)? || k + 2 != b.len() || i + 2 != k || i < 2 {
        return None;
    }
    match (b.calls()[i - 2], b.classes()[i - 2]) {
        (Call::Bid { level: 1, strain }, BidClass::OpeningOneSuit) => strain
            .trump()
            .filter(|s| matches!(s, Suit::Hearts | Suit::Spades)),
        _ => None,
    }
}

/// The major `call` supports when it is the delayed support.
fn supported(ctx: &Context<'_>, call: Call) -> Option<Suit> {
    let major = support_position(ctx)?;
    (call == Call::bid(3, Strain::from(major))?).then_some(major)
}

/// Whether `call` is responder's delayed three-card support.
pub(crate) fn is_delayed_support(ctx: &Context<'_>, call: Call) -> bool {
    supported(ctx, call).is_some()
}

/// The meaning of the delayed support: exactly three cards in the major;
/// the values are the two-over-one's, and the bid forces to game, so it
/// has no upper limit of its own. `None` for any other call.
pub(crate) fn meaning(ctx: &Context<'_>, call: Call) -> Option<Meaning> {
    let suit = supported(ctx, call)?;
    let mut meaning = length_only(ctx, 3, Strain::from(suit), suit, SUPPORT_LEN);
    meaning.denies.cap_len(suit, SUPPORT_LEN);
    Some(meaning)
}

/// A bid of `level` `strain` that shows `len`+ cards in `major` and no
/// points: the points were shown by the calls before it.
fn length_only(ctx: &Context<'_>, level: u8, strain: Strain, major: Suit, len: u8) -> Meaning {
    let mut meaning = normal::normal_bid_meaning(ctx, level, strain);
    meaning.requirement.points = (0, MAX_POINTS);
    meaning.requirement.hcp = (0, MAX_POINTS);
    meaning.requirement.min_len[major.index()] = len;
    meaning.revealed.min_len[major.index()] = len;
    meaning.revealed.min_p = 0;
    meaning.revealed.max_p = MAX_POINTS;
    meaning.denies = Default::default();
    meaning
}

/// The delayed support's value for `hand`: only with three cards exactly
/// and a doubleton or shorter somewhere. A 4-3-3-3 has no ruff to add to
/// the 5-3 fit, which then takes the tricks notrump takes: with it the
/// responder bids as before (seed 4 boards 70 and 268, 1S-2D-2NT-3S-4S
/// one down where 2NT made).
pub(crate) fn support_value(ctx: &Context<'_>, call: Call, hand: &HandShape) -> i32 {
    let short = hand.len.iter().any(|&l| l <= 2);
    match supported(ctx, call) {
        Some(major) if hand.len[major.index()] == SUPPORT_LEN && short => SUPPORT_VALUE,
        _ => -100,
    }
}

/// The major of partner's delayed support still standing, our answer
/// due: we opened it, bid 2NT over partner's two-over-one, and partner
/// bid three of it, the opponents silent.
pub(crate) fn answering(ctx: &Context<'_>) -> Option<Suit> {
    if !ctx.opponents_silent() || !ctx.rho_passed() {
        return None;
    }
    let b = ctx.bidding;
    let (k, Call::Bid { level: 3, strain }, BidClass::NormalBid) = ctx.partner_last()? else {
        return None;
    };
    let (j, rebid, BidClass::RebidNotrump) = ctx.own_last()? else {
        return None;
    };
    if k + 2 != b.len() || j + 2 != k || j < 4 || rebid != Call::bid(2, Strain::NoTrump)? {
        return None;
    }
    let opened = matches!(
        (b.calls()[j - 4], b.classes()[j - 4]),
        (Call::Bid { level: 1, strain: s }, BidClass::OpeningOneSuit) if s == strain
    );
    let two_over_one = matches!(
        (b.calls()[j - 2], b.classes()[j - 2]),
        (Call::Bid { level: 2, .. }, BidClass::NewSuitTwo)
    );
    (opened && two_over_one)
        .then(|| strain.trump())
        .flatten()
        .filter(|s| matches!(s, Suit::Hearts | Suit::Spades))
}

/// The meaning of the opener's answer to the delayed support: five cards
/// in the major for four of it, four exactly for 3NT; the points are
/// those the opening and the 2NT rebid showed (the answer is forced).
/// `None` for the other calls.
pub(crate) fn answer_meaning(ctx: &Context<'_>, call: Call) -> Option<Meaning> {
    let major = answering(ctx)?;
    let Call::Bid { level, strain } = call else {
        return None;
    };
    let len = if call == Call::bid(4, Strain::from(major))? {
        5
    } else if call == Call::bid(3, Strain::NoTrump)? {
        4
    } else {
        return None;
    };
    let mut meaning = length_only(ctx, level, strain, major, len);
    if len == 4 {
        meaning.denies.cap_len(major, 4);
    }
    Some(meaning)
}

/// The opener's answer to the delayed support: four of the major with
/// five cards (the 5-3 fit), 3NT with four. `None` for the other calls,
/// which the rules value (a slam try with extras).
pub(crate) fn answer_value(ctx: &Context<'_>, call: Call, hand: &HandShape) -> Option<i32> {
    let major = answering(ctx)?;
    let five = hand.len[major.index()] >= 5;
    if call == Call::bid(4, Strain::from(major))? {
        Some(if five { SUPPORT_VALUE } else { -100 })
    } else if call == Call::bid(3, Strain::NoTrump)? {
        Some(if five { -100 } else { SUPPORT_VALUE })
    } else {
        None
    }
}
