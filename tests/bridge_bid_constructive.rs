//! Turbo Bridge constructive bidding (issue 20): slams through Blackwood
//! with an agreed trump suit, the strain and game decisions, and the
//! conventions of a Goren-style system (weak twos, Jacoby transfers, the
//! Jacoby 2NT raise). Each scenario is a hand, the auction so far and the
//! call expected; the slam scenarios bid both hands of a partnership
//! against silent opponents.

use engine::bridge::bidding::{BidClass, Bidding};
use engine::bridge::{Call, Hand, Seat, Strain};

fn hand(s: &str) -> Hand {
    s.parse().expect("test hand")
}

fn call(s: &str) -> Call {
    s.parse().expect("test call")
}

/// The bidding after `calls` (dealer North).
fn auction(calls: &str) -> Bidding {
    let mut b = Bidding::new(Seat::North);
    for c in calls.split_whitespace() {
        b.push(call(c)).expect("legal test auction");
    }
    b
}

#[track_caller]
fn assert_bid(calls: &str, h: &str, expected: &str) {
    let got = auction(calls).find_bid(hand(h));
    assert_eq!(
        got,
        call(expected),
        "after [{calls}] with {h}: {got} instead of {expected}"
    );
}

/// North and South bid their hands, East and West pass throughout; the
/// final contract's level and strain and the auction.
fn bid_pair(north: &str, south: &str) -> (Option<(u8, Strain)>, String) {
    let (n, s) = (hand(north), hand(south));
    let mut b = Bidding::new(Seat::North);
    while !b.is_complete() && b.len() < 40 {
        let seat = b.next_seat();
        let c = match seat {
            Seat::North => b.find_bid(n),
            Seat::South => b.find_bid(s),
            _ => Call::Pass,
        };
        b.push(c).expect("find_bid returns legal calls");
    }
    let calls: Vec<String> = b.calls().iter().map(|c| c.to_string()).collect();
    let contract = b.auction().final_contract().map(|c| (c.level, c.strain));
    (contract, calls.join(" "))
}

#[test]
fn blackwood_is_never_the_first_response() {
    // 19 balanced opposite an opening: no suit is agreed yet, so 4NT
    // would ask aces without knowing the trumps.
    let reply = auction("1S P").find_bid(hand("KJ9.KQ6.AK732.QJ"));
    assert_ne!(reply, call("4NT"), "1S-4NT with no agreed suit");
    let reply = auction("1C P").find_bid(hand("AK9.KQ6.AK73.QJ2"));
    assert_ne!(reply, call("4NT"), "1C-4NT with no agreed suit");
}

#[test]
fn four_notrump_over_partner_notrump_is_quantitative() {
    assert_ne!(
        auction("1NT P").classify(call("4NT")),
        BidClass::Blackwood,
        "1NT-4NT invites 6NT"
    );
    assert_eq!(
        auction("1S P 3S P").classify(call("4NT")),
        BidClass::Blackwood
    );
}
