//! Opening-lead rules compared on the same deals (issue 21).
//!
//! `cargo run --release -p protocols --example lead_lab -- --seed 1 --boards 500`
//!
//! Bids the boards as `bridge_quality` does (same deals, same auctions)
//! and, for each notrump contract, draws the lead's deals once
//! ([`likely_deal`], seeded as the lead is), solves every card in each,
//! and lets several rules choose a lead from the same analysis (`--suit`:
//! the leads against suit contracts instead); the
//! solver judges each choice on the real deal. One line a board, then
//! the rules' totals.

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;

use engine::bridge::auction_sim::BidOptions;
use engine::bridge::dds::{Position, Solver};
use engine::bridge::play::{
    AuctionFit, DEFEAT_BONUS, DoubleDummy, PlayOptions, REBID_MISS_WEIGHT, View, lead_classes,
    likely_deal,
};
use engine::bridge::table::{Player, Seats, Table, card_seed};
use engine::bridge::{
    Call, Card, Deal, Hand, Seat, Strain, Suit, board_dealer, board_vulnerability,
};
use engine::control::Unlimited;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 20)]
    boards: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Deals analysed a lead.
    #[arg(long, default_value_t = 48)]
    deals: usize,
    /// Leads against suit contracts instead of notrump.
    #[arg(long)]
    suit: bool,
}

/// The suits the side of `side_of` bid.
fn suits_bid_by(calls: &[Call], dealer: Seat, side_of: Seat) -> [bool; 4] {
    let mut bid = [false; 4];
    for (i, call) in calls.iter().enumerate() {
        let seat = dealer.offset(i);
        if seat.side() != side_of.side() {
            continue;
        }
        if let Call::Bid { strain, .. } = call
            && let Some(suit) = strain.trump()
        {
            bid[suit.index()] = true;
        }
    }
    bid
}

/// The textbook lead against notrump: partner's suit, else the longest
/// suit the opponents did not bid (the stronger of equals); top of a
/// three-card sequence (or of two touching honours heading it), else the
/// fourth best (the lowest of three or fewer).
fn textbook(hand: Hand, partners: [bool; 4], opponents: [bool; 4]) -> Card {
    let hcp = |s: Suit| -> u32 {
        (11..=14)
            .filter(|&r| hand.suit(s) >> r & 1 == 1)
            .map(|r| r - 10)
            .sum::<u32>()
    };
    let len = |s: Suit| hand.suit(s).count_ones();
    let suit = Suit::ALL
        .into_iter()
        .filter(|&s| len(s) > 0)
        .max_by_key(|&s| (partners[s.index()], !opponents[s.index()], len(s), hcp(s)))
        .expect("a card");
    let bits = hand.suit(suit);
    let ranks: Vec<u8> = (2..=14u8).rev().filter(|&r| bits >> r & 1 == 1).collect();
    let top = ranks[0];
    let sequence = ranks.len() >= 3 && ranks[1] == top - 1 && ranks[2] == top - 2 && top >= 11;
    let touching = ranks.len() >= 2 && ranks[1] == top - 1 && top >= 12;
    let rank = if sequence || touching {
        top
    } else if ranks.len() >= 4 {
        ranks[3]
    } else {
        *ranks.last().expect("a card")
    };
    Card::new(suit, engine::bridge::Rank(rank))
}

fn main() {
    let args = Args::parse();
    let mut deals = StdRng::seed_from_u64(args.seed);
    let options = PlayOptions::default();
    let mut player = Player::new(options, Some(Solver::new())).with_bidding(BidOptions {
        samples: 0,
        time_per_call_ms: None,
        placement_samples: 0,
        slam_samples: 32,
        compete_samples: 0,
        seed: args.seed,
    });
    let mut solver = Solver::new();
    let mut clock = Unlimited;
    const RULES: [&str; 9] = [
        "base48", "base24", "tricks", "bonus4", "pbest", "match.3", "match.05", "book.15", "book.3",
    ];
    let mut free = [0u32; RULES.len()];
    let mut lost_total = [0u32; RULES.len()];
    let mut leads = 0;
    for number in 1..=args.boards {
        let deal = Deal::random(&mut deals);
        let board_seed = args.seed ^ u64::from(number) << 32;
        let Ok(mut table) = Table::new(deal, board_dealer(number), board_vulnerability(number))
        else {
            continue;
        };
        if player.bid_for(&mut table, Seats::ALL, &mut clock).is_err() {
            continue;
        }
        let (Some(contract), Some(play)) = (table.contract(), table.play()) else {
            continue;
        };
        if (contract.strain == Strain::NoTrump) == args.suit {
            continue;
        }
        let strain = contract.strain;
        let bidding = table.bidding();
        let leader = play.next_seat();
        let legal = play.legal_cards();
        let classes = lead_classes(legal);
        let view = View::new(play, bidding.infos());
        let fit = AuctionFit::new(bidding);
        let mut rng = StdRng::seed_from_u64(card_seed(board_seed, play));
        let defeat = 14 - contract.tricks_needed().clamp(1, 13);
        // tricks[d][k], and whether deal d re-bids to the auction.
        let mut tricks: Vec<Vec<u8>> = Vec::new();
        let mut matched: Vec<bool> = Vec::new();
        for _ in 0..args.deals {
            let sample = likely_deal(&view, play.hands(), &fit, &mut rng);
            let values = DoubleDummy::card_values(&mut solver, &sample, leader, &[], strain);
            let row: Vec<u8> = classes
                .iter()
                .map(|class| {
                    values
                        .iter()
                        .find(|(c, _)| class.contains(*c))
                        .map_or(0, |&(_, t)| t)
                })
                .collect();
            tricks.push(row);
            matched.push(fit.rebids(&sample, leader));
        }
        // The real deal's cost of each class.
        let Ok(position) = Position::new(&deal, leader) else {
            continue;
        };
        let real = solver.card_values(&position, strain);
        let best_real = real.iter().map(|&(_, v)| v).max().unwrap_or(0);
        let cost = |k: usize| -> u8 {
            let t = real
                .iter()
                .find(|(c, _)| classes[k].contains(*c))
                .map_or(0, |&(_, v)| v);
            best_real - t
        };
        let low = |k: usize| classes[k].iter().map(|c| (c.rank.0, c.suit.index())).min();
        // The class of the highest value (the lowest card among equals).
        let argmax = |value: &[f64]| -> usize {
            (0..classes.len())
                .max_by(|&a, &b| {
                    value[a]
                        .partial_cmp(&value[b])
                        .unwrap_or(std::cmp::Ordering::Equal)
                        .then_with(|| low(b).cmp(&low(a)))
                })
                .unwrap_or(0)
        };
        let n = tricks.len();
        let ones = vec![1.0; n];
        let mean = |n: usize, bonus: i64, weight: &[f64]| -> Vec<f64> {
            (0..classes.len())
                .map(|k| {
                    let mut sum = 0.0;
                    let mut w = 0.0;
                    for (d, row) in tricks.iter().take(n).enumerate() {
                        let t = row[k];
                        let s = i64::from(t) + if t >= defeat { bonus } else { 0 };
                        sum += weight[d] * s as f64;
                        w += weight[d];
                    }
                    sum / w.max(1e-9)
                })
                .collect()
        };
        let base = mean(n, DEFEAT_BONUS, &ones);
        let dealer = bidding.auction().dealer();
        let book_card = textbook(
            deal[leader],
            suits_bid_by(bidding.calls(), dealer, leader),
            suits_bid_by(bidding.calls(), dealer, leader.offset(1)),
        );
        let book_class = classes
            .iter()
            .position(|c| c.contains(book_card))
            .unwrap_or(0);
        let best_base = base.iter().copied().fold(f64::MIN, f64::max);
        let book = |margin: f64| {
            if base[book_class] >= best_base - margin {
                book_class
            } else {
                argmax(&base)
            }
        };
        let match_weight = |miss: f64| -> Vec<f64> {
            matched
                .iter()
                .map(|&m| if m { 1.0 } else { miss })
                .collect()
        };
        let pbest: Vec<f64> = (0..classes.len())
            .map(|k| {
                tricks
                    .iter()
                    .filter(|row| row[k] == *row.iter().max().unwrap_or(&0))
                    .count() as f64
                    + base[k] * 1e-3
            })
            .collect();
        let choices = [
            argmax(&base),
            argmax(&mean(n / 2, DEFEAT_BONUS, &ones)),
            argmax(&mean(n, 0, &ones)),
            argmax(&mean(n, 4, &ones)),
            argmax(&pbest),
            argmax(&mean(n, DEFEAT_BONUS, &match_weight(REBID_MISS_WEIGHT))),
            argmax(&mean(n, DEFEAT_BONUS, &match_weight(0.05))),
            book(0.15),
            book(0.3),
        ];
        leads += 1;
        let mut line = format!(
            "seed {} board {number} matched {}/{n}",
            args.seed,
            matched.iter().filter(|&&m| m).count()
        );
        for (r, &k) in choices.iter().enumerate() {
            let c = cost(k);
            lost_total[r] += u32::from(c);
            if c == 0 {
                free[r] += 1;
            }
            let card = classes[k]
                .iter()
                .next()
                .map_or("?".into(), |c| c.to_string());
            line += &format!(" {}={card}:{c}", RULES[r]);
        }
        println!("{line}");
    }
    for r in 0..RULES.len() {
        println!(
            "rule {:9} free {} of {leads}, tricks lost {}",
            RULES[r], free[r], lost_total[r]
        );
    }
}
