//! Quality of Turbo Bridge's bidding and card play on seeded boards,
//! judged double dummy (the "Quality" numbers; not part of CI).
//!
//! `cargo test --release --test bridge_play_quality -- --ignored --nocapture --test-threads 1`
//!
//! The boards are the 200 of `tests/fixtures/dd-200.pbn` (tricks and par
//! by DDS 2.9), then seeded random boards solved by our solver up to
//! `QUALITY_BOARDS` (default 500).
//!
//! Measured on 500 boards (all four seats ours), `QUALITY_BOARDS=500`:
//! - bidding: mean |IMPs| against par 5.65; the declaring side -2.84 IMPs
//!   a board against par;
//! - declarer tricks minus the double-dummy tricks of the contract, both
//!   sides at one level: heuristic +0.07 (290 made, 280 double dummy),
//!   default Monte-Carlo +0.34 (347 made), cheat +0.51 (355 made);
//!   positive because the defenders, ours too, are not double dummy
//!   either;
//! - declarer's level alone against the default defenders: heuristic
//!   -0.41 (243 made), default +0.34, cheat +0.68 (372 made): the
//!   Monte-Carlo search is worth three quarters of a trick a board to
//!   declarer.
//!
//! `QUALITY_FULL=1` adds the rows with the analysis from the opening lead
//! (`--search-tricks 13`); on the first 60 boards: +0.35 with both sides
//! at it, +0.48 for such a declarer against default defenders (default
//! declarer: +0.53), at about 30 times the time.

use std::time::Instant;

use engine::bridge::bidding::Bidding;
use engine::bridge::dds::Solver;
use engine::bridge::par::par;
use engine::bridge::play::{DoubleDummy, PlayOptions, find_card};
use engine::bridge::scoring::{imps, ns_score};
use engine::bridge::{
    DdTable, Deal, Play, Seat, Side, Vulnerability, board_dealer, board_vulnerability,
};
use protocols::bridge::io::read_boards;
use rand::SeedableRng;
use rand::rngs::StdRng;

struct Judged {
    deal: Deal,
    dealer: Seat,
    vulnerability: Vulnerability,
    table: DdTable,
    par_ns: i32,
}

fn count() -> usize {
    std::env::var("QUALITY_BOARDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500)
}

fn judged_boards() -> Vec<Judged> {
    let n = count();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/dd-200.pbn"
    ))
    .expect("fixture");
    let mut out: Vec<Judged> = read_boards(&text)
        .1
        .into_iter()
        .filter_map(Result::ok)
        .filter_map(|b| {
            Some(Judged {
                deal: b.deal,
                dealer: b.dealer?,
                vulnerability: b.vulnerability?,
                table: b.dd_tricks?,
                par_ns: b.optimum_score?,
            })
        })
        .take(n)
        .collect();
    let mut rng = StdRng::seed_from_u64(2026);
    let mut solver = Solver::new();
    let mut number = out.len() as u32;
    while out.len() < n {
        number += 1;
        let deal = Deal::random(&mut rng);
        let table = solver.dd_table(&deal).expect("full deal");
        let (dealer, vulnerability) = (board_dealer(number), board_vulnerability(number));
        let par_ns = par(&table, dealer, vulnerability).ns_score;
        out.push(Judged {
            deal,
            dealer,
            vulnerability,
            table,
            par_ns,
        });
    }
    out
}

fn bid(b: &Judged) -> Bidding {
    let mut bidding = Bidding::new(b.dealer);
    while !bidding.is_complete() {
        let call = bidding.find_bid(b.deal[bidding.next_seat()]);
        bidding.push(call).expect("legal");
    }
    bidding
}

#[test]
#[ignore]
fn quality_bidding_and_declarer_play() {
    let boards = judged_boards();
    // (1) Bidding: the contract reached, played double dummy, against par.
    let (mut abs, mut declaring, mut n) = (0i64, 0i64, 0i64);
    let mut biddings = Vec::new();
    for b in &boards {
        let bidding = bid(b);
        let contract = bidding.auction().final_contract();
        let ns = contract.map_or(0, |c| {
            ns_score(Some(&c), b.vulnerability, b.table.get(c.declarer, c.strain))
        });
        let d = imps(ns - b.par_ns);
        let sign = if contract.is_some_and(|c| c.declarer.side() == Side::EastWest) {
            -1
        } else {
            1
        };
        abs += d.abs() as i64;
        declaring += (sign * d) as i64;
        n += 1;
        biddings.push(bidding);
    }
    println!(
        "bidding, {n} boards: mean |IMPs| against par {:.2}; mean IMPs of the declaring side against par {:+.2}",
        abs as f64 / n as f64,
        declaring as f64 / n as f64
    );
    // (2) Declarer play, all four seats ours: each level against
    // defenders of the same level, then declarer's level alone varied
    // against the default defenders (which shows what declarer's search
    // itself gains).
    let full = PlayOptions {
        search_tricks: 13,
        ..PlayOptions::default()
    };
    let cheat = PlayOptions {
        cheat: true,
        ..PlayOptions::default()
    };
    let default = PlayOptions::default();
    let heuristic = PlayOptions::heuristic();
    let levels = [
        ("heuristic", heuristic, heuristic),
        ("default", default, default),
        ("full", full, full),
        ("cheat", cheat, cheat),
        ("heuristic declarer, default defenders", heuristic, default),
        ("full declarer, default defenders", full, default),
        ("cheat declarer, default defenders", cheat, default),
    ];
    // The full horizon costs some 30 times the default: only on request.
    let with_full = std::env::var_os("QUALITY_FULL").is_some();
    for (label, declarer_options, defender_options) in levels {
        if declarer_options.search_tricks == 13 && !with_full {
            continue;
        }
        let mut player = Solver::new();
        let mut rng = StdRng::seed_from_u64(99);
        let (mut diff, mut played, mut made, mut dd_made) = (0i64, 0i64, 0, 0);
        let start = Instant::now();
        for (b, bidding) in boards.iter().zip(&biddings) {
            let Some(contract) = bidding.auction().final_contract() else {
                continue;
            };
            let dd = b.table.get(contract.declarer, contract.strain);
            let mut play = Play::new(&b.deal, &contract);
            while !play.is_finished() {
                let declaring = play.next_seat().side() == contract.declarer.side();
                let options = if declaring {
                    &declarer_options
                } else {
                    &defender_options
                };
                let analysis: Option<&mut dyn DoubleDummy> = if options.search_factor != 0 {
                    Some(&mut player)
                } else {
                    None
                };
                let choice = find_card(
                    &play,
                    bidding.infos(),
                    contract.tricks_needed(),
                    options,
                    analysis,
                    &mut rng,
                    &mut engine::control::Unlimited,
                )
                .expect("card");
                play.play(choice.card).expect("legal");
            }
            let got = play.declarer_tricks();
            diff += got as i64 - dd as i64;
            played += 1;
            made += usize::from(got >= contract.tricks_needed());
            dd_made += usize::from(dd >= contract.tricks_needed());
        }
        println!(
            "declarer play [{label}], {played} contracts: mean declarer tricks minus double dummy {:+.3}; made {made} (double dummy {dd_made}); {:.0}s",
            diff as f64 / played as f64,
            start.elapsed().as_secs_f64()
        );
    }
}
