//! Turbo Bridge `Info` ranges of the constructive auction (issue 20): a
//! call shows the upper limit the rules really bid it with, so that the
//! deals of the placement simulation give partner the hands the auction
//! allows and not the opening's 23 points or no limit at all.

#[path = "common/bidding.rs"]
#[allow(dead_code)] // each test file uses its own part of the helpers
mod bidding;
use bidding::{auction, call};

use engine::bridge::bidding::{Bidding, HandShape};
use engine::bridge::{Call, Deal, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn a_minimum_rebid_keeps_no_upper_limit_of_the_opening() {
    // 1C-1S-2C: with 19 or more the opener bids game or jumps, so the
    // rebid is no 23-count.
    let b = auction("1C P 1S P 2C P");
    let north = b.info(Seat::North);
    assert!(
        (13..=20).contains(&north.min_p) && north.max_p <= 20,
        "{north:?}"
    );
}

#[test]
fn a_responder_rebid_below_game_denies_game_values() {
    // 1C-1S-2C-2S: the responder with twelve points opposite an opening
    // bids game; 2S shows at most a few points more than a raise.
    let b = auction("1C P 1S P 2C P 2S P");
    let south = b.info(Seat::South);
    assert!(south.max_p <= 13, "{south:?}");
    let b = auction("1D P 1H P 1NT P 2NT P");
    assert!(b.info(Seat::South).max_p <= 13, "{:?}", b.info(Seat::South));
}

#[test]
fn a_game_bid_denies_slam_values() {
    // 1C-1S-2C-3NT: with slam values opposite an opening the responder
    // does not stop in game.
    let b = auction("1C P 1S P 2C P 3NT P");
    let south = b.info(Seat::South);
    assert!(south.max_p <= 20, "{south:?}");
}

#[test]
fn a_minor_raise_past_3nt_is_capped_by_the_minor_game() {
    // 1C-1H-2C-2D-3D-4D: four of a minor is short of the 29 points of
    // five, not of 3NT's 26 (which the 12 points it shows already pass).
    let b = auction("1C P 1H P 2C P 2D P 3D P");
    let shown = b.meaning(call("4D")).revealed;
    assert!(shown.min_p == 12 && shown.max_p >= 14, "{shown:?}");
}

#[test]
fn the_opponents_calls_lift_the_caps() {
    // In competition a bid below game may be a sacrifice or a fight for
    // the partscore: no cap.
    let b = auction("1C 1D 1S 2D 3C P");
    assert!(b.info(Seat::North).max_p >= 23, "{:?}", b.info(Seat::North));
}

/// The high-card points of every hand the rules make a constructive call
/// with (the opponents silent, partner has bid) against the upper limit
/// the auction then shows for that player.
fn constructive_calls(deals: usize) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(20);
    let (mut calls, mut above) = (0, 0);
    for board in 0..deals {
        let deal = Deal::random(&mut rng);
        let mut b = Bidding::new(Seat::ALL[board % 4]);
        while !b.is_complete() {
            let seat = b.next_seat();
            let call = b.find_bid(deal[seat]);
            let contested = (0..b.len())
                .any(|i| b.seat_of(i).side() != seat.side() && b.calls()[i] != Call::Pass);
            let partner_bid = (0..b.len()).any(|i| {
                b.seat_of(i) == seat.partner() && matches!(b.calls()[i], Call::Bid { .. })
            });
            b.push(call).expect("the rules bid legally");
            if !contested && partner_bid && call != Call::Pass {
                calls += 1;
                above += usize::from(HandShape::of(deal[seat]).hcp > b.info(seat).max_p);
            }
        }
    }
    (calls, above)
}

#[test]
fn the_shown_upper_limits_hold_for_the_hands_the_rules_bid() {
    let (calls, above) = constructive_calls(1500);
    assert!(calls > 500, "{calls} constructive calls");
    // A few hands at the edge of two calls may exceed what the call they
    // chose shows; a systematic gap would deal the simulation wrong hands.
    assert!(
        above * 100 <= calls * 2,
        "{above} of {calls} constructive calls hold more than they show"
    );
}

#[test]
fn a_positive_answer_to_the_strong_two_clubs_keeps_its_range() {
    // 2C-2H: the strong opening forces to game, so a response below game
    // denies nothing; capping it as if it did left 7 to 2 points, a range
    // no hand fits.
    for calls in ["2C P 2H P", "2C P 3C P", "2C P 3NT P"] {
        let b = auction(calls);
        let south = b.info(Seat::South);
        assert!(south.min_p >= 7 && south.max_p >= 20, "{calls}: {south:?}");
    }
}
