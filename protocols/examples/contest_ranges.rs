//! How well the `Info` ranges of contested calls (issue 20) describe the
//! hands the rules make them with.
//!
//! `cargo run --release -p protocols --example contest_ranges -- --deals 4000`
//!
//! Bids seeded random deals by the rules alone (`FindBid` at every seat)
//! and, for every call made once the opponents have bid or doubled,
//! compares the caller's real hand with the `Info` the rules' view then
//! holds for the caller (what the samplers deal from): one line a kind of
//! call with how many were made, the share whose high-card points exceed
//! the upper limit (`Info::max_p`, checked on high-card points as the
//! samplers check it), whose points fall short of the minimum, whose
//! suit lengths lie outside, the mean width of the range and the
//! high-card points of the strongest hands. Then, at every call of a
//! player whose partner has bid in a contested auction (where the
//! contested game decision deals), how often the three hidden hands all
//! lie inside their ranges.

use std::collections::BTreeMap;

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;

use engine::bridge::bidding::{BidClass, Bidding, HandShape, Info, is_game};
use engine::bridge::{Call, Deal, Seat, Strain};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 4000)]
    deals: usize,
    #[arg(long, default_value_t = 20)]
    seed: u64,
    /// Check the ranges the contested game decision deals from: the
    /// rules' `Info` with the upper limits of what the calls show
    /// (`Bidding::shown`).
    #[arg(long)]
    shown: bool,
}

/// The `Info` of `seat` the samplers read: the rules' view, with the
/// shown view's upper limit when `shown`.
fn dealt(b: &Bidding, seat: Seat, shown: bool) -> Info {
    let mut info = *b.info(seat);
    if shown {
        info.max_p = info.max_p.min(b.shown(seat).max_p).max(info.min_p);
    }
    info
}

#[derive(Default)]
struct Kind {
    calls: usize,
    above: usize,
    below: usize,
    length: usize,
    width: usize,
    hcp: Vec<u8>,
}

/// Whether `hand` lies inside `info` as the samplers read it: points at
/// least the minimum, high-card points at most the maximum, every suit's
/// length within its bounds.
fn inside(hand: &HandShape, info: &Info) -> (bool, bool, bool) {
    let above = hand.hcp > info.max_p;
    let below = hand.points() < info.min_p;
    let length = (0..4).any(|s| hand.len[s] < info.min_len[s] || hand.len[s] > info.max_len[s]);
    (above, below, length)
}

/// The kind of a contested call: its class, and for a natural bid what it
/// does (raise, new suit, own suit, notrump), whether it jumps and
/// reaches game, and whether the right-hand opponent bid.
fn kind(b: &Bidding, call: Call, class: BidClass) -> String {
    let seat = b.next_seat();
    let rho_bid = matches!(b.calls().last(), Some(Call::Bid { .. } | Call::Double));
    let partner_bid = (0..b.len())
        .any(|i| b.seat_of(i) == seat.partner() && matches!(b.calls()[i], Call::Bid { .. }));
    let own_bid =
        (0..b.len()).any(|i| b.seat_of(i) == seat && matches!(b.calls()[i], Call::Bid { .. }));
    let who = match (own_bid, partner_bid) {
        (_, false) => "p-silent",
        (false, true) => "p-bid",
        (true, true) => "both-bid",
    };
    let rho = if rho_bid { "rho-bid" } else { "rho-pass" };
    match (call, class) {
        (Call::Bid { level, strain }, BidClass::NormalBid) => {
            let named = |s: Seat| {
                (0..b.len()).any(|i| {
                    b.seat_of(i) == s
                        && matches!(b.calls()[i], Call::Bid { strain: t, .. } if t == strain)
                })
            };
            let what = if strain == Strain::NoTrump {
                "nt"
            } else if named(seat.partner()) {
                "raise"
            } else if named(seat) {
                "own"
            } else {
                "new"
            };
            let cheapest = match (0..b.len()).rev().find_map(|i| match b.calls()[i] {
                Call::Bid { level, strain } => Some((level, strain)),
                _ => None,
            }) {
                None => 1,
                Some((l, s)) if strain.index() > s.index() => l,
                Some((l, _)) => l + 1,
            };
            let jump = if level > cheapest { "jump" } else { "cheap" };
            let game = if level >= 6 {
                "slam"
            } else if is_game(level, strain) {
                "game"
            } else {
                "part"
            };
            format!("NormalBid {what} {jump} {game} {who} {rho}")
        }
        (Call::Bid { level, .. }, BidClass::Overcall) => format!("Overcall L{level} {rho}"),
        (Call::Pass, BidClass::NormalPass) => format!("NormalPass {who} {rho}"),
        (_, class) => format!("{class:?} {who}"),
    }
}

fn main() {
    let args = Args::parse();
    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut kinds: BTreeMap<String, Kind> = BTreeMap::new();
    let (mut decisions, mut all_inside, mut partner_inside, mut partner_width) = (0, 0, 0, 0);
    for board in 0..args.deals {
        let deal = Deal::random(&mut rng);
        let mut b = Bidding::new(Seat::ALL[board % 4]);
        while !b.is_complete() {
            let seat = b.next_seat();
            let call = b.find_bid(deal[seat]);
            let opponents_bid = (0..b.len())
                .any(|i| b.seat_of(i).side() != seat.side() && b.calls()[i] != Call::Pass);
            let partner_bid = (0..b.len()).any(|i| {
                b.seat_of(i) == seat.partner() && matches!(b.calls()[i], Call::Bid { .. })
            });
            if opponents_bid && partner_bid {
                decisions += 1;
                let hidden = Seat::ALL.into_iter().filter(|&s| s != seat);
                let ok = |s: Seat| {
                    let (a, l, n) = inside(&HandShape::of(deal[s]), &dealt(&b, s, args.shown));
                    !(a || l || n)
                };
                all_inside += usize::from(hidden.clone().all(ok));
                partner_inside += usize::from(ok(seat.partner()));
                let p = dealt(&b, seat.partner(), args.shown);
                partner_width += usize::from(p.max_p.min(37).saturating_sub(p.min_p));
            }
            let name = opponents_bid.then(|| kind(&b, call, b.classify(call)));
            let class = b.push(call).expect("the rules bid legally");
            let Some(name) = name else {
                continue;
            };
            if class == BidClass::Illegal {
                continue;
            }
            let hand = HandShape::of(deal[seat]);
            let info = &dealt(&b, seat, args.shown);
            let (above, below, length) = inside(&hand, info);
            let k = kinds.entry(name).or_default();
            k.calls += 1;
            k.above += usize::from(above);
            k.below += usize::from(below);
            k.length += usize::from(length);
            k.width += usize::from(info.max_p.min(37).saturating_sub(info.min_p));
            k.hcp.push(hand.hcp);
        }
    }
    println!(
        "{:52} {:>6} {:>6} {:>6} {:>6} {:>6} {:>4} {:>4} {:>4}",
        "contested call", "calls", "above", "below", "length", "width", "p95", "p99", "max"
    );
    let pct = |n: usize, d: usize| 100.0 * n as f64 / d.max(1) as f64;
    let (mut calls, mut above) = (0, 0);
    for (name, k) in &mut kinds {
        k.hcp.sort_unstable();
        let q = |f: f64| k.hcp[((k.hcp.len() - 1) as f64 * f) as usize];
        calls += k.calls;
        above += k.above;
        if k.calls < 20 {
            continue;
        }
        println!(
            "{name:52} {:6} {:5.1}% {:5.1}% {:5.1}% {:6.1} {:4} {:4} {:4}",
            k.calls,
            pct(k.above, k.calls),
            pct(k.below, k.calls),
            pct(k.length, k.calls),
            k.width as f64 / k.calls as f64,
            q(0.95),
            q(0.99),
            k.hcp[k.hcp.len() - 1]
        );
    }
    println!(
        "all contested calls {calls}: {:.1}% above their range",
        pct(above, calls)
    );
    println!(
        "contested decisions (partner has bid) {decisions}: partner inside {:.1}%, all three hidden hands inside {:.1}%, partner's mean range width {:.1}",
        pct(partner_inside, decisions),
        pct(all_inside, decisions),
        partner_width as f64 / decisions.max(1) as f64
    );
}
