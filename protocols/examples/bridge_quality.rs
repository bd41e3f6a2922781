//! How well Turbo Bridge bids and plays, judged double dummy: a measuring
//! tool, not a test (it asserts nothing; the numbers are for comparing
//! versions of the program).
//!
//! `cargo run --release -p protocols --example bridge_quality -- --boards 50 --seed 1`
//!
//! For seeded random boards (numbered 1.., dealer and vulnerability by the
//! number) the program bids and plays all four seats at the table, as
//! `turbobridge` does with its default options. It prints:
//! - the mean |IMPs| of the contract reached, scored with the double-dummy
//!   tricks, against par, and the declaring side's mean IMPs against par;
//! - the double-dummy tricks lost per board by declarer (dummy's cards
//!   included), by the defenders after the opening lead, and by the
//!   opening lead alone: each card's loss is the best card's value minus
//!   its own, from the solver's all-cards analysis of the position.

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;

use engine::bridge::dds::{Position, Solver};
use engine::bridge::play::PlayOptions;
use engine::bridge::scoring::{imps, ns_score};
use engine::bridge::table::{Player, Seats, Table};
use engine::bridge::{Deal, Play, Side, board_dealer, board_vulnerability};
use engine::control::Unlimited;

#[derive(Parser, Debug)]
#[command(about = "Turbo Bridge's bidding and play judged double dummy")]
struct Args {
    /// Random boards to bid and play.
    #[arg(long, default_value_t = 20)]
    boards: u32,
    /// Seed of the deals and of the program's sampling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Card play by the heuristics alone instead of Monte-Carlo.
    #[arg(long)]
    heuristic: bool,
}

/// Double-dummy tricks given away, by who gave them.
#[derive(Default)]
struct Losses {
    declarer: u32,
    defenders: u32,
    lead: u32,
}

/// Replays a finished play card by card with the solver's all-cards
/// analysis and charges each card's loss to its side.
fn losses(solver: &mut Solver, deal: &Deal, play: &Play) -> Losses {
    let mut replay =
        Play::from_position(deal, play.strain(), play.declarer(), play.opening_leader());
    let mut out = Losses::default();
    for (i, (seat, card)) in play.cards_played().into_iter().enumerate() {
        let trick: Vec<_> = replay.current_trick().cards().map(|(_, c)| c).collect();
        let leader = replay.current_trick().leader();
        if let Ok(position) = Position::with_trick(replay.hands(), leader, &trick) {
            let values = solver.card_values(&position, play.strain());
            let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
            let own = values
                .iter()
                .find(|&&(c, _)| c == card)
                .map_or(best, |&(_, v)| v);
            let lost = u32::from(best - own);
            if i == 0 {
                out.lead += lost;
            } else if seat.side() == play.declarer().side() {
                out.declarer += lost;
            } else {
                out.defenders += lost;
            }
        }
        if replay.play(card).is_err() {
            break;
        }
    }
    out
}

fn main() {
    let args = Args::parse();
    // The deals have a generator of their own, so that versions of the
    // program that sample differently still meet the same boards.
    let mut deals = StdRng::seed_from_u64(args.seed);
    let options = if args.heuristic {
        PlayOptions::heuristic()
    } else {
        PlayOptions::default()
    };
    let mut player = Player::new(options, Some(Solver::new()));
    let mut judge = Solver::new();
    let (mut abs_imps, mut declaring_imps, mut played) = (0i64, 0i64, 0u32);
    let mut lost = Losses::default();
    for number in 1..=args.boards {
        let deal = Deal::random(&mut deals);
        let mut rng = StdRng::seed_from_u64(args.seed ^ u64::from(number) << 32);
        let (dealer, vulnerability) = (board_dealer(number), board_vulnerability(number));
        let Ok(mut table) = Table::new(deal, dealer, vulnerability) else {
            continue;
        };
        if player
            .act_for(&mut table, Seats::ALL, &mut rng, &mut Unlimited)
            .is_err()
        {
            eprintln!("board {number}: the program made an illegal call or card");
            continue;
        }
        let Ok(dd) = judge.dd_table(&deal) else {
            continue;
        };
        let par = table.par(&dd).ns_score;
        let contract = table.contract();
        let ns = contract.map_or(0, |c| {
            ns_score(Some(&c), vulnerability, dd.get(c.declarer, c.strain))
        });
        let d = imps(ns - par);
        let sign = if contract.is_some_and(|c| c.declarer.side() == Side::EastWest) {
            -1
        } else {
            1
        };
        abs_imps += i64::from(d.abs());
        declaring_imps += i64::from(sign * d);
        if let Some(play) = table.play() {
            let l = losses(&mut judge, &deal, play);
            lost.declarer += l.declarer;
            lost.defenders += l.defenders;
            lost.lead += l.lead;
            played += 1;
        }
    }
    let per = |v: i64, n: u32| v as f64 / f64::from(n.max(1));
    println!(
        "bidding, {} boards: mean |IMPs| against par {:.2}; declaring side {:+.2} IMPs a board",
        args.boards,
        per(abs_imps, args.boards),
        per(declaring_imps, args.boards)
    );
    println!(
        "play, {played} contracts: double-dummy tricks lost a board by declarer {:.3}, defenders {:.3}, opening lead {:.3}",
        per(i64::from(lost.declarer), played),
        per(i64::from(lost.defenders), played),
        per(i64::from(lost.lead), played)
    );
}
