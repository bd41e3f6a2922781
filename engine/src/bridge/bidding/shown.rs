//! What a call shows beyond what the rules count on (see [`Info`]): the
//! upper limits of the hands that make it, read from the same rules
//! (`BidSystem` and `NormalBid`) that choose the calls. Only the shown
//! view carries them (`--explain`, the convention card);
//! the rules' own decisions never see them.
//!
//! [`Info`]: super::Info

use super::class::{BidClass, Context, bid_class, is_game};
use super::info::Limits;
use super::meaning::{Meaning, Special, TAKEOUT_ANY_SHAPE_HCP};
use super::normal::{CAP_TOLERANCE, min_points};
use super::response;
use super::system;
use crate::bridge::{Call, Strain, Suit};

/// What `call` of `class`, made now, denies: the requirement's own
/// limits ([`Meaning::denies`]) and those its place in the auction adds.
pub(super) fn denies(ctx: &Context<'_>, class: BidClass, call: Call, meaning: &Meaning) -> Limits {
    let mut limits = meaning.denies;
    let Call::Bid { level, strain } = call else {
        if matches!(class, BidClass::OpeningPass) {
            limits.cap(opening_pass_cap(ctx));
        }
        if matches!(class, BidClass::NormalPass) && takeout_double_open(ctx) {
            limits.max_hcp = limits.max_hcp.min(TAKEOUT_ANY_SHAPE_HCP - 1);
        }
        if matches!(class, BidClass::NormalPass)
            && let Some(cap) = super::contested::pass_cap(ctx)
        {
            limits.cap(cap.max(ctx.bidding.info(ctx.seat).min_p));
        }
        return limits;
    };
    // With three cards in partner's major the new suit comes first
    // (`response::notrump_over_major_support`): 1S-3NT has two spades.
    if class == BidClass::NormalBid
        && let Some(major) = response::notrump_response_to_major(ctx, call)
    {
        limits.cap_len(major, 2);
    }
    // Once the opponents have bid, a natural bid shows the limit of the
    // rules that choose it (`contested`); after Blackwood the asker places
    // the contract and shows nothing.
    let asking = matches!(
        ctx.own_last(),
        Some((_, _, BidClass::Blackwood | BidClass::KingAsk))
    );
    if class == BidClass::NormalBid
        && !asking
        && let Some(cap) = super::normal::contested_cap(ctx, level, strain)
    {
        limits.cap(cap.max(meaning.revealed.min_p.saturating_add(CAP_TOLERANCE)));
    }
    match class {
        // Six cards exactly: with seven the preempt is at three.
        BidClass::WeakTwo => {
            if let Some(suit) = strain.trump() {
                limits.cap_len(suit, 6);
            }
        }
        BidClass::NormalBid if is_notrump_game_over_one_notrump(ctx, call) => {
            // Stayman finds a four-card major and a transfer shows five:
            // the direct 3NT has neither. The hand one or two points short
            // of the slam invites with the quantitative 4NT instead, and
            // the hand with the slam bids 6NT.
            limits.cap_len(Suit::Hearts, 3);
            limits.cap_len(Suit::Spades, 3);
            limits.cap(slam_cap(ctx, min_points(6, Strain::NoTrump) - 2));
        }
        BidClass::NormalBid if is_game_in_game_force(ctx, level, strain) => {
            // 1S-2NT-3C-4S is no 40-count: with slam values the Jacoby
            // bidder goes on (the rules' cap of a game bid, which a
            // game-forcing auction lifts for the bids below game).
            limits.cap(slam_cap(ctx, min_points(6, Strain::NoTrump)));
        }
        _ => {}
    }
    limits
}

/// The most points a hand passes with before anybody opened, in any
/// seat: the rules still open one of a suit one point short of its
/// minimum (its priority, 50, beats the pass's 10 by more than the 25 a
/// missing point costs, not by more than two such points), and every hand
/// has a suit to open; so the pass's own 0-12 loses the twelve-point
/// hands.
fn opening_pass_cap(ctx: &Context<'_>) -> u8 {
    let opening = Call::bid(1, Strain::Clubs).unwrap_or(Call::Pass);
    let one_suit = system::meaning(ctx, BidClass::OpeningOneSuit, opening);
    let alone = system::meaning(ctx, BidClass::OpeningPass, Call::Pass);
    let short = one_suit.requirement.points.0.saturating_sub(2);
    alone.revealed.max_p.min(short)
}

/// Whether a takeout double of the opponents' bid, our side silent, was
/// open to the player who passes: every hand with
/// [`TAKEOUT_ANY_SHAPE_HCP`] high-card points (opening values already)
/// doubles, whatever its shape.
fn takeout_double_open(ctx: &Context<'_>) -> bool {
    if !ctx.our_side_silent() || bid_class(ctx, Call::Double) != BidClass::TakeoutDouble {
        return false;
    }
    let double = system::meaning(ctx, BidClass::TakeoutDouble, Call::Double).requirement;
    matches!(double.special, Special::Takeout(..)) && double.points.0 <= TAKEOUT_ANY_SHAPE_HCP
}

/// The most a hand holds that stops short of `goal` combined points:
/// `normal.rs`'s `constructive_cap` for the same goal, opposite what the
/// rules count partner for.
fn slam_cap(ctx: &Context<'_>, goal: u8) -> u8 {
    let partner = ctx.bidding.info(ctx.seat.partner()).expected_p();
    (goal - 1 + CAP_TOLERANCE).saturating_sub(partner)
}

/// Whether `call` is responder's 3NT straight over partner's 1NT
/// opening, the opponents silent.
fn is_notrump_game_over_one_notrump(ctx: &Context<'_>, call: Call) -> bool {
    call == Call::bid(3, Strain::NoTrump).unwrap_or(Call::Pass)
        && ctx.own_last().is_none()
        && ctx.rho_passed()
        && matches!(
            ctx.partner_last(),
            Some((i, Call::Bid { level: 1, .. }, BidClass::OpeningNotrump)) if i + 2 == ctx.bidding.len()
        )
}

/// Whether a natural game bid (below slam) comes in our game-forcing
/// auction after Jacoby 2NT, the opponents silent and nobody asking for
/// aces: the game the force was going to, so the bid says no slam. After
/// our strong 2C the negative 2NT holds any hand without an ace and a
/// king, and its game bid says nothing of the kind.
fn is_game_in_game_force(ctx: &Context<'_>, level: u8, strain: Strain) -> bool {
    let asking = matches!(
        ctx.own_last(),
        Some((_, _, BidClass::Blackwood | BidClass::KingAsk))
    );
    ctx.opponents_silent()
        && !asking
        && ctx.partner_last().is_some()
        && level < 6
        && is_game(level, strain)
        && ctx.game_forced()
        && !ctx.bidding.classes().contains(&BidClass::OpeningTwoSuit)
}
