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
//! the rules' totals. `--dump FILE` also writes every board's analysis
//! (one JSON line: the auction, the classes, each deal with its tricks,
//! the real deal's tricks) for rules tried offline; `--matched-draws N`
//! adds a second set of deals that re-bid the auction exactly;
//! `--support` solves nothing and lists the leads whose real deal lies
//! outside the lengths and points the lead's deals allow; `--widen N`
//! lowers the hidden hands' point minimums by N instead of the lead's
//! [`LEAD_POINT_WIDENING`] (0: `Info`'s own). The rule `lenw` is the
//! lead's own (each deal weighed by `lead_deal_weight`, the dump's
//! `lenw` holding its `View::length_weight`); `pbest.3` the lead's rule
//! before session 33, without the length weight; and
//! `--support` prints each lead's minimum lengths (a `minlen` JSON line)
//! for weights computed on older dumps. Three rules keep 48 effective
//! deals where `lenw`'s weights leave about 19 (session 34): `rs48`
//! draws the lead's stream on to four times `--deals` and resamples
//! `--deals` of them by `lead_deal_weight` ([`resample`]); `ess48`
//! (with `--ess`: it solves about 2.5 times the deals) reads the stream
//! until the weights' [`effective_deals`] reach `--deals`; `fair` draws
//! its own `--deals` deals from the dealer without the length bias
//! ([`View::with_fair_lengths`]), weighed by the re-bid test alone. The
//! dump's `rows` then hold `null` for deals no rule solved.

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;

use engine::bridge::auction_sim::BidOptions;
use engine::bridge::dds::{Position, Solver};
use engine::bridge::play::{
    AuctionFit, DEFEAT_BONUS, DoubleDummy, LEAD_POINT_WIDENING, PlayOptions, REBID_MISS_WEIGHT,
    View, effective_deals, lead_classes, lead_deal_weight, likely_deal, resample,
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
    /// Also write each board's analysis to this file, one JSON line a
    /// board (the auction, the classes, every deal drawn with its tricks
    /// for each class, the real deal's tricks), for rules tried offline.
    #[arg(long)]
    dump: Option<std::path::PathBuf>,
    /// Draw up to this many deals a lead, keeping those that re-bid the
    /// auction exactly (`AuctionFit::rebids`) until `--deals` are kept,
    /// then as many of the others as are still missing (0: the first
    /// `--deals` draws, as the lead draws them).
    #[arg(long, default_value_t = 0)]
    matched_draws: usize,
    /// Solve nothing: for each lead, print where the real deal lies
    /// outside what the lead's deals allow (`View`'s lengths and points,
    /// without slack), to tell a biased sample from an unlucky one.
    #[arg(long)]
    support: bool,
    /// Points by which the lead's deals lower each hidden hand's `Info`
    /// minimum (the lead's own figure unless given).
    #[arg(long, default_value_t = LEAD_POINT_WIDENING)]
    widen: u8,
    /// Also the rule `ess48`, which solves up to `POOL_FACTOR` times
    /// `--deals` deals a lead (about 2.5 times as many as the others).
    #[arg(long)]
    ess: bool,
}

/// A list of strings as JSON.
fn json_strings(items: impl IntoIterator<Item = String>) -> String {
    let quoted: Vec<String> = items.into_iter().map(|s| format!("\"{s}\"")).collect();
    format!("[{}]", quoted.join(","))
}

/// A list of numbers (or anything printed bare) as JSON.
fn json_list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(","))
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

/// The pool `ess48` and `rs48` draw from, in `--deals`.
const POOL_FACTOR: usize = 4;

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
    const RULES: [&str; 14] = [
        "base48", "base24", "tricks", "bonus4", "pbest", "match.3", "match.05", "book.15",
        "book.3", "pbest.3", "lenw", "ess48", "rs48", "fair",
    ];
    let shown = |r: usize| RULES[r] != "ess48" || args.ess;
    let mut free = [0u32; RULES.len()];
    let mut lost_total = [0u32; RULES.len()];
    let mut leads = 0;
    let mut dump = args
        .dump
        .as_ref()
        .map(|path| std::io::BufWriter::new(std::fs::File::create(path).expect("the dump file")));
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
        let strict = View::new(play, bidding.infos());
        let view = strict.clone().with_point_minimums_lowered(args.widen);
        // Whether a hidden hand of a deal lies below a point minimum of
        // the auction's `Info` itself (the band the widening adds).
        let below_info = |sample: &Deal| {
            Seat::ALL.into_iter().filter(|&s| s != leader).any(|s| {
                engine::bridge::bidding::HandShape::of(sample[s]).points()
                    < strict.points[s.index()].0
            })
        };
        let fit = AuctionFit::new(bidding);
        if args.support {
            leads += 1;
            let mut outside = Vec::new();
            for seat in Seat::ALL.into_iter().filter(|&s| s != leader) {
                let hand = deal[seat];
                for suit in Suit::ALL {
                    let len = hand.suit(suit).count_ones() as u8;
                    let (lo, hi) = (
                        view.min_len[seat.index()][suit.index()],
                        view.max_len[seat.index()][suit.index()],
                    );
                    if len < lo || len > hi {
                        outside.push(format!("{seat} {len} {suit} not {lo}-{hi}"));
                    }
                }
                let shape = engine::bridge::bidding::HandShape::of(hand);
                let (lo, hi) = view.points[seat.index()];
                if shape.points() < lo || shape.hcp > hi {
                    outside.push(format!(
                        "{seat} {} points {} hcp not {lo}-{hi}",
                        shape.points(),
                        shape.hcp
                    ));
                }
            }
            if !outside.is_empty() {
                free[0] += 1;
            }
            let calls: Vec<String> = bidding.calls().iter().map(|c| c.to_string()).collect();
            println!(
                "board {number} leader {leader} [{}] outside: {}",
                calls.join(" "),
                outside.join("; ")
            );
            // Each seat's minimum lengths (North first, suits in the
            // engine's order), for weights computed offline on old dumps.
            println!(
                "minlen {{\"seed\":{},\"board\":{number},\"calls\":{},\"min_len\":{}}}",
                args.seed,
                json_strings(calls.iter().cloned()),
                json_list(view.min_len.iter().map(|m| json_list(m.iter())))
            );
            continue;
        }
        let mut rng = StdRng::seed_from_u64(card_seed(board_seed, play));
        let defeat = 14 - contract.tricks_needed().clamp(1, 13);
        // tricks[d][k], and whether deal d re-bids to the auction.
        let mut tricks: Vec<Vec<u8>> = Vec::new();
        let mut matched: Vec<bool> = Vec::new();
        let mut samples: Vec<Deal> = Vec::new();
        for _ in 0..args.deals {
            samples.push(likely_deal(&view, play.hands(), &fit, &mut rng));
        }
        // With widened minimums, further deals from the same stream until
        // `--deals` of them lie within `Info`'s own minimums (at most four
        // times as many in all): the dump then holds, for the same board,
        // the lead's deals and about the deals `Info`'s bounds would give,
        // mostly the same ones. The rules below read the first `--deals`.
        if args.widen > 0 {
            while samples.iter().filter(|d| !below_info(d)).count() < args.deals
                && samples.len() < 4 * args.deals
            {
                samples.push(likely_deal(&view, play.hands(), &fit, &mut rng));
            }
        }
        // The deals that re-bid the auction exactly (`--matched-draws`):
        // plain draws of the `Info`'s deals kept when they do, the deals
        // still missing from `likely_deal`; drawn apart, so that the
        // lead's own deals above stay the same.
        let started = std::time::Instant::now();
        let mut draws = 0;
        let mut msamples: Vec<Deal> = Vec::new();
        if args.matched_draws > 0 {
            let mut rng = StdRng::seed_from_u64(card_seed(board_seed, play) ^ 0x05ee_d0f3_a7c4);
            while msamples.len() < args.deals && draws < args.matched_draws {
                let sample = view.sample_deal(play.hands(), &mut rng);
                draws += 1;
                if fit.rebids(&sample, leader) {
                    msamples.push(sample);
                }
            }
            while msamples.len() < args.deals {
                msamples.push(likely_deal(&view, play.hands(), &fit, &mut rng));
            }
        }
        let sampling_ms = started.elapsed().as_secs_f64() * 1000.0;
        let mut row_of = |sample: &Deal| -> Vec<u8> {
            let values = DoubleDummy::card_values(&mut solver, sample, leader, &[], strain);
            classes
                .iter()
                .map(|class| {
                    values
                        .iter()
                        .find(|(c, _)| class.contains(*c))
                        .map_or(0, |&(_, t)| t)
                })
                .collect()
        };
        for sample in samples.iter().take(args.deals) {
            tricks.push(row_of(sample));
            matched.push(fit.rebids(sample, leader));
        }
        // `ess48` and `rs48`: the same stream of the lead's deals drawn on
        // to `POOL_FACTOR` times `--deals`; `ess48` reads it until the
        // weights' effective deals reach `--deals`, `rs48` resamples
        // `--deals` of the whole pool by weight. Deals are solved only
        // where a rule reads them.
        let cap = POOL_FACTOR * args.deals;
        let started = std::time::Instant::now();
        while samples.len() < cap {
            samples.push(likely_deal(&view, play.hands(), &fit, &mut rng));
        }
        let pool_weights: Vec<f64> = samples
            .iter()
            .map(|d| lead_deal_weight(&view, &fit, d))
            .collect();
        let pool_ms = started.elapsed().as_secs_f64() * 1000.0;
        let ess_n = (1..=samples.len())
            .find(|&n| effective_deals(&pool_weights[..n]) >= args.deals as f64)
            .unwrap_or(samples.len());
        let mut pick_rng = StdRng::seed_from_u64(card_seed(board_seed, play) ^ 0x7e5a_3b1e);
        let picks = resample(&pool_weights, args.deals, &mut pick_rng);
        let mut rows: Vec<Option<Vec<u8>>> = tricks.iter().cloned().map(Some).collect();
        rows.resize(samples.len(), None);
        let ess_solved = if args.ess { ess_n } else { 0 };
        for i in (0..ess_solved).chain(picks.iter().copied()) {
            if rows[i].is_none() {
                rows[i] = Some(row_of(&samples[i]));
            }
        }
        // `fair`: deals of their own stream from the dealer without the
        // leaning to long promised suits, weighed by the re-bid test alone.
        let fair_view = view.clone().with_fair_lengths();
        let mut fair_rng = StdRng::seed_from_u64(card_seed(board_seed, play) ^ 0x0fa1_7dea);
        let started = std::time::Instant::now();
        let fair_samples: Vec<Deal> = (0..args.deals)
            .map(|_| likely_deal(&fair_view, play.hands(), &fit, &mut fair_rng))
            .collect();
        let fair_ms = started.elapsed().as_secs_f64() * 1000.0;
        let fair_weights: Vec<f64> = fair_samples
            .iter()
            .map(|d| lead_deal_weight(&fair_view, &fit, d))
            .collect();
        let fair_rows: Vec<Vec<u8>> = fair_samples.iter().map(&mut row_of).collect();
        let mtricks: Vec<Vec<u8>> = msamples.iter().map(&mut row_of).collect();
        let mmatched: Vec<bool> = msamples.iter().map(|d| fit.rebids(d, leader)).collect();
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
        if let Some(out) = dump.as_mut() {
            use std::io::Write;
            let real_of = |k: usize| {
                real.iter()
                    .find(|(c, _)| classes[k].contains(*c))
                    .map_or(0, |&(_, v)| v)
            };
            let line = format!(
                "{{\"seed\":{},\"widen\":{},\"board\":{number},\"strain\":\"{strain}\",\"defeat\":{defeat},\
                 \"leader\":\"{leader}\",\"dealer\":\"{}\",\"calls\":{},\"deal\":\"{}\",\"deals\":{},\
                 \"classes\":{},\"real\":{},\"rows\":{},\"matched\":{},\"misfit\":{},\
                 \"sampling_ms\":{sampling_ms:.1},\"draws\":{draws},\
                 \"mrows\":{},\"mmatched\":{},\"below\":{},\"mbelow\":{},\"samples\":{},\
                 \"lenw\":{},\"ess_n\":{ess_n},\"picks\":{},\"pool_ms\":{pool_ms:.1},\
                 \"fair_ms\":{fair_ms:.1},\"frows\":{},\"fweights\":{},\"frows_lenw\":{}}}",
                args.seed,
                args.widen,
                bidding.auction().dealer(),
                json_strings(bidding.calls().iter().map(|c| c.to_string())),
                deal.to_pbn(leader),
                args.deals,
                json_strings(classes.iter().map(|c| {
                    c.iter()
                        .map(|card| card.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })),
                json_list((0..classes.len()).map(real_of)),
                json_list(rows.iter().map(|row| {
                    row.as_ref()
                        .map_or("null".to_string(), |row| json_list(row.iter()))
                })),
                json_list(matched.iter()),
                json_list(samples.iter().map(|d| fit.misfit(d, leader))),
                json_list(mtricks.iter().map(|row| json_list(row.iter()))),
                json_list(mmatched.iter()),
                json_list(samples.iter().map(below_info)),
                json_list(msamples.iter().map(below_info)),
                json_strings(samples.iter().map(|d| d.to_pbn(leader))),
                json_list(samples.iter().map(|d| view.length_weight(d))),
                json_list(picks.iter()),
                json_list(fair_rows.iter().map(|row| json_list(row.iter()))),
                json_list(fair_weights.iter()),
                json_list(fair_samples.iter().map(|d| view.length_weight(d))),
            );
            writeln!(out, "{line}").expect("the dump file");
        }
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
        tricks.truncate(args.deals);
        matched.truncate(args.deals);
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
        // The weighted share of the deals in which each class is a best
        // lead (the lead's rule against notrump), the mean breaking ties.
        let rebid_weight = match_weight(REBID_MISS_WEIGHT);
        let rebid_mean = mean(n, DEFEAT_BONUS, &rebid_weight);
        let best_share = |weights: &[f64], means: &[f64]| -> Vec<f64> {
            (0..classes.len())
                .map(|k| {
                    tricks
                        .iter()
                        .zip(weights)
                        .filter(|(row, _)| row[k] == *row.iter().max().unwrap_or(&0))
                        .map(|(_, w)| w)
                        .sum::<f64>()
                        + means[k] * 1e-6
                })
                .collect()
        };
        let pbest_weighted = best_share(&rebid_weight, &rebid_mean);
        // The lead's own weights (`lead_deal_weight`: the re-bid weight
        // times the dealer's length correction); `pbest.3` is the rule
        // without the length correction.
        let lead_weight: Vec<f64> = samples
            .iter()
            .take(n)
            .map(|d| lead_deal_weight(&view, &fit, d))
            .collect();
        let lead_mean = mean(n, DEFEAT_BONUS, &lead_weight);
        let pbest_lead = best_share(&lead_weight, &lead_mean);
        // A rule's choice over any rows and weights: against notrump the
        // weighted share of the deals in which a class is a best lead (the
        // mean breaking ties), against a suit the weighted mean (the
        // lead's rules).
        let choose_over = |rows: &[&Vec<u8>], weights: &[f64]| -> usize {
            let total: f64 = weights.iter().sum::<f64>().max(1e-9);
            let value: Vec<f64> = (0..classes.len())
                .map(|k| {
                    let mut share = 0.0;
                    let mut sum = 0.0;
                    for (row, &w) in rows.iter().zip(weights) {
                        let t = row[k];
                        sum +=
                            w * (i64::from(t) + if t >= defeat { DEFEAT_BONUS } else { 0 }) as f64;
                        if t == *row.iter().max().unwrap_or(&0) {
                            share += w;
                        }
                    }
                    let mean = sum / total;
                    if strain == Strain::NoTrump {
                        share + mean * 1e-6
                    } else {
                        mean
                    }
                })
                .collect();
            argmax(&value)
        };
        let ess_rows: Vec<&Vec<u8>> = rows[..ess_n].iter().flatten().collect();
        let pick_rows: Vec<&Vec<u8>> = picks.iter().filter_map(|&i| rows[i].as_ref()).collect();
        let fair_refs: Vec<&Vec<u8>> = fair_rows.iter().collect();
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
            argmax(&pbest_weighted),
            if strain == Strain::NoTrump {
                argmax(&pbest_lead)
            } else {
                argmax(&lead_mean)
            },
            choose_over(&ess_rows, &pool_weights[..ess_n]),
            choose_over(&pick_rows, &vec![1.0; pick_rows.len()]),
            choose_over(&fair_refs, &fair_weights),
        ];
        leads += 1;
        let mut line = format!(
            "seed {} board {number} matched {}/{n}",
            args.seed,
            matched.iter().filter(|&&m| m).count()
        );
        for (r, &k) in choices.iter().enumerate() {
            if !shown(r) {
                continue;
            }
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
    if args.support {
        println!("{} of {leads} real deals outside the leads' deals", free[0]);
        return;
    }
    for r in (0..RULES.len()).filter(|&r| shown(r)) {
        println!(
            "rule {:9} free {} of {leads}, tricks lost {}",
            RULES[r], free[r], lost_total[r]
        );
    }
}
