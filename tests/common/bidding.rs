//! Bidding scenarios shared by the bidding tests: a hand, the auction so
//! far (dealer North) and the call our system makes.

use engine::bridge::bidding::Bidding;
use engine::bridge::{Call, Hand, Seat};

pub fn hand(s: &str) -> Hand {
    s.parse().expect("test hand")
}

pub fn call(s: &str) -> Call {
    s.parse().expect("test call")
}

/// The bidding after `calls` (dealer North).
pub fn auction(calls: &str) -> Bidding {
    let mut b = Bidding::new(Seat::North);
    for c in calls.split_whitespace() {
        b.push(call(c)).expect("legal test auction");
    }
    b
}

/// The call our system makes with `h` after `calls`.
pub fn bid(calls: &str, h: &str) -> Call {
    auction(calls).find_bid(hand(h))
}

#[track_caller]
pub fn assert_bid(calls: &str, h: &str, expected: &str) {
    let got = bid(calls, h);
    assert_eq!(
        got,
        call(expected),
        "after [{calls}] with {h}: {got} instead of {expected}"
    );
}

#[track_caller]
pub fn assert_bid_not(calls: &str, h: &str, unexpected: &str) {
    let got = bid(calls, h);
    assert_ne!(got, call(unexpected), "after [{calls}] with {h}");
}
