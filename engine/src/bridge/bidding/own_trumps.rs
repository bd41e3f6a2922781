//! A trump suit of our own for Blackwood (issue 20's missed slams): the
//! player who has bid a long, strong suit needs no support from partner
//! to make it trumps, so the ace ask is open to it once the values are
//! there (1S-2C-4NT on AQJT974.AK92.KQ.- instead of 1S-2C-4S, passed
//! with thirteen tricks: seed 4 board 419 of `bridge_quality
//! --bidding-only`).
//!
//! Session 23 measured a wider variant and did not keep it (six cards to
//! AKQ or seven to AK in place of the fit, anywhere: seed 1 4.90 -> 4.92,
//! seed 2 4.99 -> 4.97; `normal::blackwood_value`). Here the fit still
//! comes first, the suit is seven cards long, and partner's game in
//! another suit or the opponents' bids close it.

use super::class::Context;
use super::info::HandShape;
use crate::bridge::{Call, Suit};

/// Whether a suit of `len` cards with `suit_hcp` high-card points is
/// trumps opposite a small doubleton: seven cards with two of the top
/// three honours (KQ, AQ and better).
///
/// Six-card suits measured and not kept (session 40, s40-bidu;
/// `bridge_quality --boards 500 --bidding-only --seed S --dd-cache F`):
/// with the ace and king or three honours, the six-card boards of seeds
/// 1-4, 9 and 10 went +3 / -13 / +6 / -11 IMPs (1S-2C-4NT on AKQ832.AJ.
/// K832.Q one down, seed 1 board 121; 1C-1H-1S-4NT on AKQJT4, seed 9
/// board 294).
fn strong_enough(len: u8, suit_hcp: u8) -> bool {
    len >= 7 && suit_hcp >= 5
}

/// Our own trump suit: the longest suit we have bid that is long and
/// strong enough to need no support ([`strong_enough`]), in our own
/// auction while partner's last bid is below the four level. Partner's
/// game in a suit of its own (1C-1S-2C-4S) is the contract, not a
/// slam try in ours, and over the opponents' bids the ranges are wider.
pub(crate) fn own_trump_suit(ctx: &Context<'_>, hand: &HandShape) -> Option<Suit> {
    let me = ctx.bidding.info(ctx.seat);
    let partner_low = matches!(
        ctx.partner_last(),
        Some((_, Call::Bid { level, .. }, _)) if level < 4
    );
    if !ctx.opponents_silent() || !partner_low {
        return None;
    }
    Suit::ALL
        .into_iter()
        .filter(|s| me.min_len[s.index()] >= 4)
        .filter(|s| strong_enough(hand.len[s.index()], hand.suit_hcp[s.index()]))
        .max_by_key(|s| (hand.len[s.index()], s.index()))
}
