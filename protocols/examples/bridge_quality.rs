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
//!   its own, from the solver's all-cards analysis of the position;
//! - declarer's losses apart: by the contract's fate (a card that turned
//!   a contract made double dummy into a defeat; one that cost an
//!   overtrick of a contract still made — where a safety play is charged;
//!   one that cost an undertrick of a contract already defeated), by
//!   trick, by hand (declarer or dummy) and by place in the trick; and
//!   how many contracts made double dummy declarer made;
//! - how the |IMPs| from par spread (0, 1-2, 3-5, 6+), the share of
//!   doubled (or redoubled) contracts and on how many of them the doubling
//!   side came out ahead, judged double dummy against the same contract
//!   undoubled (with the same tricks);
//! - the share of opening leads that cost no trick, suit and notrump
//!   apart;
//! - the mean wall-clock seconds a board (bidding, play and judging), and
//!   the bidding's share.
//!
//! `--slam-samples N` sets the deals of the slam decision (0: the rules
//! alone; on by default as in `turbobridge`).
//!
//! `--compete-samples N` sets the deals of the contested game decision
//! (0: the rules alone; on by default as in `turbobridge`).
//!
//! `--bid-samples N` bids by simulation at the contested calls
//! (`--time-per-call MS` limits each).
//!
//! `--bidding-only` skips the play (no play figures are gathered).
//!
//! `--lead-only` bids, makes the opening lead with the program's default
//! lead and stops there: the lead figures (which depend only on the
//! auction and the first card) at a fraction of a full run's cost;
//! `--leads-against notrump` (or `suit`) leads only against those
//! contracts.
//!
//! `--show N` prints every board that is N or more IMPs from par, or
//! whose play lost a trick, with its deal, auction, contract, par and
//! losses, each trick's leader and each losing card marked with its loss:
//! the cases to study behind the averages.
//!
//! `--heuristic-factor N` sets the heuristics' vote per deal.
//!
//! `--first N` starts at board N (the same deal as in a run from board 1),
//! so that a long run can be split in parts. Each card samples from a
//! generator seeded by the board and the play so far, so that a run is
//! the same for the same program and a change moves only the cards it
//! touches.
//!
//! Running totals come every 50 boards, so that a run cut short still
//! tells something.

use std::time::Instant;

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;

use engine::bridge::Card;
use engine::bridge::auction_sim::BidOptions;
use engine::bridge::dds::{Position, Solver};
use engine::bridge::play::PlayOptions;
use engine::bridge::scoring::{imps, ns_score};
use engine::bridge::table::{Action, Player, Seats, Table, card_seed};
use engine::bridge::{
    Contract, Deal, Doubling, Play, Side, Strain, board_dealer, board_vulnerability,
};
use engine::control::{Control, Progress};

/// The tool's clock for the simulation's time limit.
struct Clock(Instant);

impl Control<Progress<Card>> for Clock {
    fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn stop_requested(&self) -> bool {
        false
    }
}

#[derive(Parser, Debug)]
#[command(about = "Turbo Bridge's bidding and play judged double dummy")]
struct Args {
    /// Random boards to bid and play.
    #[arg(long, default_value_t = 20)]
    boards: u32,
    /// The number of the first board (the boards before it are dealt and
    /// skipped): a long run split in parts meets the same boards.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    first: u32,
    /// Seed of the deals and of the program's sampling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Card play by the heuristics alone instead of Monte-Carlo (the
    /// floor).
    #[arg(long)]
    heuristic: bool,
    /// Every seat looks at every hand and plays double dummy (the
    /// ceiling: no trick lost in the play).
    #[arg(long)]
    cheat: bool,
    /// Random deals per card (the default options' otherwise).
    #[arg(long)]
    samples: Option<usize>,
    /// Search once this many tricks are left (13: every card).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=13))]
    search_tricks: Option<u8>,
    /// Tricks' worth of the contract's fate in a sampled deal (13: the
    /// contract first).
    #[arg(long)]
    contract_bonus: Option<u8>,
    /// The heuristics' vote per deal (`HeurisFac`; a trick is worth the
    /// search factor, 4).
    #[arg(long)]
    heuristic_factor: Option<i32>,
    /// Bid only and judge the contract double dummy, without playing it:
    /// the bidding figures in seconds instead of minutes.
    #[arg(long)]
    bidding_only: bool,
    /// Bid, make the opening lead and stop: only the lead is judged (with
    /// `--show`, each board shows the lead and its loss).
    #[arg(long, conflicts_with = "bidding_only")]
    lead_only: bool,
    /// With `--lead-only`, lead (and judge) only against notrump
    /// contracts, or only against suit contracts: either figure in about
    /// half the time.
    #[arg(long, value_enum, requires = "lead_only")]
    leads_against: Option<LeadsAgainst>,
    /// Random deals simulated at each contested call (0: the rules alone).
    #[arg(long, default_value_t = 0)]
    bid_samples: usize,
    /// Time limit per simulated call in milliseconds.
    #[arg(long)]
    time_per_call: Option<u64>,
    /// Random deals simulated at each call that places the contract in
    /// our own uncontested auction (0: the rules alone; 16 measured).
    #[arg(long, default_value_t = 0)]
    placement_samples: usize,
    /// Random deals simulated at the slam decision (0: the rules alone).
    #[arg(long, default_value_t = engine::bridge::placement::SLAM_SAMPLES)]
    slam_samples: usize,
    /// Random deals simulated at the contested game decision (0: the
    /// rules alone).
    #[arg(long, default_value_t = engine::bridge::compete::SAMPLES)]
    compete_samples: usize,
    /// Print each board N or more IMPs from par, or whose play lost a
    /// trick (deal, auction, contract, par, losses).
    #[arg(long)]
    show: Option<i32>,
    /// A file of double-dummy tables (one line a deal: the deal in PBN
    /// and its DoubleDummyTricks digits), read before the run and added
    /// to after: a rerun on the same boards skips the 20 solves a board
    /// that the judging costs, the bulk of a `--bidding-only` run.
    #[arg(long)]
    dd_cache: Option<std::path::PathBuf>,
}

/// The contracts whose opening leads `--lead-only` makes and judges.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LeadsAgainst {
    Notrump,
    Suit,
}

/// Double-dummy tricks given away, by who gave them.
#[derive(Default, Debug)]
struct Losses {
    declarer: u32,
    defenders: u32,
    lead: u32,
    /// Declarer's losses apart.
    detail: DeclarerDetail,
    /// Each card's loss, in the order played.
    per_card: Vec<u8>,
}

/// Where declarer's double-dummy tricks went: by the contract's fate
/// (the card turned a made contract into a defeat; cost an overtrick of a
/// contract still made; cost an undertrick of one already defeated — a
/// safety play is charged as an overtrick), by trick (1-3, 4-6, 7-9,
/// 10-13), by hand (declarer, dummy) and by place in the trick.
#[derive(Default, Debug, Clone, Copy)]
struct DeclarerDetail {
    fate: [u32; 3],
    by_trick: [u32; 4],
    by_hand: [u32; 2],
    by_place: [u32; 4],
}

impl DeclarerDetail {
    fn add(&mut self, other: &DeclarerDetail) {
        let sum = |a: &mut [u32], b: &[u32]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        sum(&mut self.fate, &other.fate);
        sum(&mut self.by_trick, &other.by_trick);
        sum(&mut self.by_hand, &other.by_hand);
        sum(&mut self.by_place, &other.by_place);
    }
}

/// Replays a finished play card by card with the solver's all-cards
/// analysis and charges each card's loss to its side.
fn losses(solver: &mut Solver, deal: &Deal, play: &Play, tricks_needed: u8) -> Losses {
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
            out.per_card.push(best - own);
            if i == 0 {
                out.lead += lost;
            } else if seat.side() == play.declarer().side() {
                out.declarer += lost;
                let d = &mut out.detail;
                let so_far = replay.declarer_tricks();
                let fate = if so_far + own >= tricks_needed {
                    1
                } else if so_far + best >= tricks_needed {
                    0
                } else {
                    2
                };
                d.fate[fate] += lost;
                d.by_trick[match i / 4 {
                    0..=2 => 0,
                    3..=5 => 1,
                    6..=8 => 2,
                    _ => 3,
                }] += lost;
                d.by_hand[usize::from(seat != play.declarer())] += lost;
                d.by_place[trick.len()] += lost;
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

/// Running totals over the boards so far.
#[derive(Default)]
struct Tally {
    /// Boards bid (and judged against par).
    boards: u32,
    abs_imps: i64,
    declaring_imps: i64,
    /// Boards by |IMPs| from par: 0, 1-2, 3-5, 6+.
    imp_spread: [u32; 4],
    doubled: u32,
    /// Doubled contracts on which the doubling side scored more than it
    /// would have against the same contract undoubled.
    doubler_ahead: u32,
    /// IMPs the doubling side won by doubling, against undoubled.
    doubler_imps: i64,
    /// Contracts played.
    played: u32,
    lost: Losses,
    /// Contracts played that are made double dummy, and of them those
    /// declarer made; and those defeated double dummy that declarer made.
    makeable: u32,
    made: u32,
    doomed: u32,
    made_anyway: u32,
    /// Opening leads and those that cost no trick: [suit, notrump].
    leads: [u32; 2],
    free_leads: [u32; 2],
    /// Wall-clock seconds spent bidding (the simulation's share of the
    /// board's time).
    bidding_seconds: f64,
}

impl Tally {
    /// Adds a bid board: the contract reached (`None` when passed out),
    /// its double-dummy NS score and par.
    fn add_auction(&mut self, contract: Option<Contract>, ns: i32, par: i32, undoubled_ns: i32) {
        let d = imps(ns - par);
        let declaring_sign = match contract {
            Some(c) if c.declarer.side() == Side::EastWest => -1,
            _ => 1,
        };
        self.boards += 1;
        self.abs_imps += i64::from(d.abs());
        self.declaring_imps += i64::from(declaring_sign * d);
        self.imp_spread[match d.abs() {
            0 => 0,
            1..=2 => 1,
            3..=5 => 2,
            _ => 3,
        }] += 1;
        if contract.is_some_and(|c| c.doubling != Doubling::Undoubled) {
            // The defenders doubled; a redouble is judged the same way,
            // against the contract undoubled.
            let doubler_gain = -declaring_sign * (ns - undoubled_ns);
            self.doubled += 1;
            self.doubler_ahead += u32::from(doubler_gain > 0);
            self.doubler_imps += i64::from(imps(doubler_gain));
        }
    }

    fn add_play(&mut self, strain: Strain, lost: &Losses, makeable: bool, made: bool) {
        self.played += 1;
        if makeable {
            self.makeable += 1;
            self.made += u32::from(made);
        } else {
            self.doomed += 1;
            self.made_anyway += u32::from(made);
        }
        self.lost.detail.add(&lost.detail);
        self.lost.declarer += lost.declarer;
        self.lost.defenders += lost.defenders;
        self.add_lead(strain, lost.lead);
    }

    /// An opening lead and the tricks it cost.
    fn add_lead(&mut self, strain: Strain, lost: u32) {
        self.lost.lead += lost;
        let kind = usize::from(strain == Strain::NoTrump);
        self.leads[kind] += 1;
        self.free_leads[kind] += u32::from(lost == 0);
    }

    /// The share of leads that cost no trick, suit and notrump apart.
    fn free_leads_line(&self) -> String {
        let pct = |v: u32, n: u32| 100.0 * f64::from(v) / f64::from(n.max(1));
        format!(
            "leads that cost no trick: suit {:.1}% of {}, notrump {:.1}% of {}",
            pct(self.free_leads[0], self.leads[0]),
            self.leads[0],
            pct(self.free_leads[1], self.leads[1]),
            self.leads[1]
        )
    }

    /// The lead's figures alone (`--lead-only`).
    fn print_leads(&self, boards: u32, seconds: f64) {
        let p = self.leads[0] + self.leads[1];
        println!(
            "opening lead, {p} contracts: double-dummy tricks lost a board {:.3}; {}",
            f64::from(self.lost.lead) / f64::from(p.max(1)),
            self.free_leads_line()
        );
        println!(
            "time: {:.2} s a board, wall clock ({seconds:.0} s for {boards} boards)",
            seconds / f64::from(boards.max(1)),
        );
    }

    fn print_for(&self, args: &Args, boards: u32, seconds: f64) {
        if args.lead_only {
            self.print_leads(boards, seconds);
        } else {
            self.print(seconds);
        }
    }

    fn print(&self, seconds: f64) {
        let per = |v: i64, n: u32| v as f64 / f64::from(n.max(1));
        let pct = |v: u32, n: u32| 100.0 * f64::from(v) / f64::from(n.max(1));
        let n = self.boards;
        let s = &self.imp_spread;
        println!(
            "bidding, {n} boards: mean |IMPs| against par {:.2}; declaring side {:+.2} IMPs a board; \
             |IMPs| 0: {:.1}%, 1-2: {:.1}%, 3-5: {:.1}%, 6+: {:.1}%",
            per(self.abs_imps, n),
            per(self.declaring_imps, n),
            pct(s[0], n),
            pct(s[1], n),
            pct(s[2], n),
            pct(s[3], n)
        );
        println!(
            "doubles: {} doubled or redoubled contracts ({:.1}% of boards); doubling side ahead \
             of the undoubled contract (double dummy) on {}, {:+.2} IMPs a doubled board",
            self.doubled,
            pct(self.doubled, n),
            self.doubler_ahead,
            per(self.doubler_imps, self.doubled)
        );
        let p = self.played;
        println!(
            "play, {p} contracts: double-dummy tricks lost a board by declarer {:.3}, defenders {:.3}, \
             opening lead {:.3}",
            per(i64::from(self.lost.declarer), p),
            per(i64::from(self.lost.defenders), p),
            per(i64::from(self.lost.lead), p)
        );
        let d = &self.lost.detail;
        let f = |v: &[u32]| {
            v.iter()
                .map(|&x| format!("{:.3}", per(i64::from(x), p)))
                .collect::<Vec<_>>()
                .join(" / ")
        };
        println!(
            "declarer's losses a board: contract lost / overtrick / undertrick {}; tricks 1-3 / 4-6 / \
             7-9 / 10-13 {}; declarer / dummy {}; leading / 2nd / 3rd / 4th {}",
            f(&d.fate),
            f(&d.by_trick),
            f(&d.by_hand),
            f(&d.by_place)
        );
        println!(
            "contracts made double dummy: {} of which declarer made {} ({:.1}%); defeated double \
             dummy: {} of which declarer made {}",
            self.makeable,
            self.made,
            pct(self.made, self.makeable),
            self.doomed,
            self.made_anyway
        );
        println!("{}", self.free_leads_line());
        println!(
            "time: {:.2} s a board, wall clock ({seconds:.0} s for {n} boards), of which bidding {:.3} s",
            seconds / f64::from(n.max(1)),
            self.bidding_seconds / f64::from(n.max(1))
        );
    }
}

/// The double-dummy tables of `--dd-cache`, by deal (a missing file is an
/// empty cache; a line that does not parse is skipped and solved again).
fn read_dd_cache(
    path: Option<&std::path::Path>,
) -> std::collections::HashMap<String, engine::bridge::DdTable> {
    let text = path
        .and_then(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let (deal, hex) = line.split_once('\t')?;
            Some((deal.to_string(), hex.parse().ok()?))
        })
        .collect()
}

/// One board for study: what was bid and played against what was there.
fn show_board(
    number: u32,
    table: &Table,
    dd: &engine::bridge::DdTable,
    par: &engine::bridge::par::Par,
    ns: i32,
    off: i32,
    lost: Option<&(&Play, Losses)>,
) {
    let calls: Vec<String> = table
        .bidding()
        .calls()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let contract = table.contract().map_or("passed out".to_string(), |c| {
        format!(
            "{}{}{} by {} making {} (DD)",
            c.level,
            c.strain.as_str(),
            c.doubling.suffix(),
            c.declarer,
            dd.get(c.declarer, c.strain)
        )
    });
    println!(
        "board {number} dealer {} vul {} deal {}\n  auction {}\n  contract {contract}, NS {ns}; par {} ({}); {off:+} IMPs NS",
        table.dealer(),
        table.vulnerability(),
        table.deal().to_pbn(engine::bridge::Seat::North),
        calls.join(" "),
        par,
        par.optimum_score(),
    );
    if let Some((play, l)) = lost {
        // A card that lost tricks is marked with their number, and each
        // trick starts with its leader.
        let cards: Vec<String> = play
            .cards_played()
            .into_iter()
            .enumerate()
            .map(|(i, (seat, c))| {
                let lead = if i % 4 == 0 {
                    format!("{}:", seat.letter())
                } else {
                    String::new()
                };
                match l.per_card.get(i).copied().unwrap_or(0) {
                    0 => format!("{lead}{c}"),
                    n => format!("{lead}{c}(-{n})"),
                }
            })
            .collect();
        println!(
            "  lost: lead {}, declarer {}, defenders {}; play {}",
            l.lead,
            l.declarer,
            l.defenders,
            cards.join(" ")
        );
    }
}

/// The program's opening lead, when the auction ended in a contract,
/// sampled as in the full play.
fn opening_lead(
    player: &mut Player,
    table: &mut Table,
    board_seed: u64,
    clock: &mut Clock,
) -> Result<(), engine::bridge::table::TableError> {
    let Some(play) = table.play() else {
        return Ok(());
    };
    let mut rng = StdRng::seed_from_u64(card_seed(board_seed, play));
    match player.decide(table, &mut rng, clock) {
        Some(Action::Card(card)) => table.card(card),
        _ => Ok(()),
    }
}

/// A board's auction and opening lead, with the leader's hand and what
/// each of its cards would have cost (the solver's all-cards values): what
/// `--show` prints in `--lead-only` runs.
fn show_lead(number: u32, table: &Table, solver: &mut Solver, play: &Play, lost: u32) {
    let deal = table.deal();
    let leader = play.opening_leader();
    let Ok(position) = Position::new(deal, leader) else {
        return;
    };
    let values = solver.card_values(&position, play.strain());
    let best = values.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let costs: Vec<String> = values
        .iter()
        .map(|&(c, v)| format!("{c}{}", "-".repeat(usize::from(best - v))))
        .collect();
    let led = play
        .cards_played()
        .first()
        .map_or("none".to_string(), |(_, c)| c.to_string());
    let calls: Vec<String> = table
        .bidding()
        .calls()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let contract = table.contract().map_or(String::new(), |c| c.to_string());
    println!(
        "board {number} dealer {} vul {} deal {}\n  auction {}; contract {contract}\n  \
         lead {led} by {leader} lost {lost}; cards (\"-\" a trick lost): {}",
        table.dealer(),
        table.vulnerability(),
        deal.to_pbn(engine::bridge::Seat::North),
        calls.join(" "),
        costs.join(" ")
    );
}

fn main() {
    let args = Args::parse();
    // The deals have a generator of their own, so that versions of the
    // program that sample differently still meet the same boards.
    let mut deals = StdRng::seed_from_u64(args.seed);
    let base = if args.heuristic {
        PlayOptions::heuristic()
    } else {
        PlayOptions::default()
    };
    // The budget is counted in deals, not in time, so that the figures do
    // not depend on the machine's load.
    let options = PlayOptions {
        samples: args.samples.unwrap_or(base.samples),
        search_tricks: args.search_tricks.unwrap_or(base.search_tricks),
        contract_bonus: args.contract_bonus.unwrap_or(base.contract_bonus),
        heuristic_factor: args.heuristic_factor.unwrap_or(base.heuristic_factor),
        cheat: args.cheat,
        ..base
    };
    let mut player = Player::new(options, Some(Solver::new())).with_bidding(BidOptions {
        samples: args.bid_samples,
        time_per_call_ms: args.time_per_call,
        placement_samples: args.placement_samples,
        slam_samples: args.slam_samples,
        compete_samples: args.compete_samples,
        seed: args.seed,
    });
    let mut judge = Solver::new();
    let mut dd_cache = read_dd_cache(args.dd_cache.as_deref());
    let mut new_dd: Vec<String> = Vec::new();
    let mut tally = Tally::default();
    let start = Instant::now();
    let mut clock = Clock(start);
    for _ in 1..args.first {
        Deal::random(&mut deals);
    }
    for number in (args.first..).take(args.boards as usize) {
        let deal = Deal::random(&mut deals);
        // Each card draws from a generator of its own, seeded by the
        // board's seed and the play so far (`card_seed`): a change to one
        // card leaves the sampling of the others as it was.
        let board_seed = args.seed ^ u64::from(number) << 32;
        let (dealer, vulnerability) = (board_dealer(number), board_vulnerability(number));
        let done = number - args.first;
        if done > 0 && done % 50 == 0 {
            println!("-- after {done} boards --");
            tally.print_for(&args, done, start.elapsed().as_secs_f64());
        }
        let Ok(mut table) = Table::new(deal, dealer, vulnerability) else {
            continue;
        };
        let bidding_start = Instant::now();
        let bid = player.bid_for(&mut table, Seats::ALL, &mut clock);
        tally.bidding_seconds += bidding_start.elapsed().as_secs_f64();
        let acted = if args.bidding_only {
            bid
        } else if args.lead_only {
            let against = table.contract().map(|c| match c.strain {
                Strain::NoTrump => LeadsAgainst::Notrump,
                _ => LeadsAgainst::Suit,
            });
            let skipped = args.leads_against.is_some_and(|a| against != Some(a));
            if skipped {
                continue;
            }
            bid.and_then(|()| opening_lead(&mut player, &mut table, board_seed, &mut clock))
        } else {
            bid.and_then(|()| {
                player.play_for_seeded(&mut table, Seats::ALL, board_seed, &mut clock)
            })
        };
        if acted.is_err() {
            eprintln!("board {number}: the program made an illegal call or card");
            continue;
        }
        if args.lead_only {
            // Only the lead is judged: one all-cards analysis, no table.
            if let Some(play) = table.play() {
                let needed = table.contract().map_or(7, |c| c.tricks_needed());
                let lost = losses(&mut judge, &deal, play, needed);
                tally.add_lead(play.strain(), lost.lead);
                if args.show.is_some_and(|min| lost.lead > 0 || min <= 0) {
                    show_lead(number, &table, &mut judge, play, lost.lead);
                }
            }
            continue;
        }
        let key = deal.to_pbn(engine::bridge::Seat::North);
        let dd = match dd_cache.get(&key) {
            Some(dd) => *dd,
            None => {
                let Ok(dd) = judge.dd_table(&deal) else {
                    continue;
                };
                dd_cache.insert(key.clone(), dd);
                new_dd.push(format!("{key}\t{}", dd.to_hex()));
                dd
            }
        };
        let contract = table.contract();
        let score = |c: Option<Contract>| {
            c.map_or(0, |c| {
                ns_score(Some(&c), vulnerability, dd.get(c.declarer, c.strain))
            })
        };
        let undoubled = contract.map(|c| Contract {
            doubling: Doubling::Undoubled,
            ..c
        });
        let par = table.par(&dd);
        let ns = score(contract);
        tally.add_auction(contract, ns, par.ns_score, score(undoubled));
        let lost = table.play().filter(|_| !args.bidding_only).map(|play| {
            let needed = contract.map_or(7, |c| c.tricks_needed());
            (play, losses(&mut judge, &deal, play, needed))
        });
        if let (Some((play, lost)), Some(c)) = (&lost, contract) {
            let makeable = dd.get(c.declarer, c.strain) >= c.tricks_needed();
            let made = play.result().is_some_and(|t| t >= c.tricks_needed());
            tally.add_play(play.strain(), lost, makeable, made);
        }
        let off = imps(ns - par.ns_score);
        let lost_any = lost
            .as_ref()
            .is_some_and(|(_, l)| l.declarer + l.defenders + l.lead > 0);
        if args.show.is_some_and(|min| off.abs() >= min || lost_any) {
            show_board(number, &table, &dd, &par, ns, off, lost.as_ref());
        }
    }
    if let Some(path) = &args.dd_cache
        && !new_dd.is_empty()
    {
        use std::io::Write;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path);
        if let Err(e) = file.and_then(|mut f| writeln!(f, "{}", new_dd.join("\n"))) {
            eprintln!(
                "cannot write the double-dummy cache {}: {e}",
                path.display()
            );
        }
    }
    println!("-- all {} boards --", args.boards);
    tally.print_for(&args, args.boards, start.elapsed().as_secs_f64());
}
