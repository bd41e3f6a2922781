//! `turbobridge solve` and `turbobridge bench`: the double-dummy analysis of
//! a deal (DoubleDummyTricks, OptimumResultTable, OptimumScore, ParContract)
//! and the solver's speed benchmark.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use engine::bridge::dds::solvers;
use engine::bridge::dds::{Position, Solver, dd_table};
use engine::bridge::par::par;
use engine::bridge::{DdTable, Deal, Seat, Strain};

use super::board::Board;
use crate::progress::Progress;

/// Wall time of the tables of `deals` with whole deals shared out between
/// the solvers' threads, each deal started with an empty table.
fn shared_tables(pool: &mut [Solver], deals: &[(Deal, DdTable)]) -> Duration {
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for solver in pool.iter_mut() {
            let next = &next;
            scope.spawn(move || {
                while let Some((deal, _)) = deals.get(next.fetch_add(1, Ordering::Relaxed)) {
                    solver.clear();
                    // The answers were checked in the timed pass before.
                    let _ = solver.dd_table(deal);
                }
            });
        }
    });
    start.elapsed()
}

/// Fills in the double-dummy tags of a board with a full deal. The dealer
/// and vulnerability default to the board number's (or North, None).
pub fn solve_board(solvers: &mut [Solver], mut board: Board) -> Result<Board, String> {
    board
        .deal
        .check_full()
        .map_err(|e| format!("solve needs a full deal (13 cards in each hand): {e}"))?;
    let table = dd_table(solvers, &board.deal).map_err(|e| format!("solve: {e}"))?;
    let par = par(
        &table,
        board.dealer_or_rotation(),
        board.vulnerability_or_rotation(),
    );
    board.dd_tricks = Some(table);
    board.optimum_table = Some(table);
    board.optimum_score = Some(par.ns_score);
    board.par_contract = Some(par.to_string());
    Ok(board)
}

/// The 200 deals of the solver's test fixture with their DDS tables: the
/// benchmark's fixed positions.
pub fn fixture_deals() -> Vec<(Deal, DdTable)> {
    let text = include_str!("../../../tests/fixtures/dd-200.pbn");
    let tag = |line: &str, name: &str| {
        line.strip_prefix('[')?
            .strip_prefix(name)?
            .strip_prefix(" \"")?
            .strip_suffix("\"]")
            .map(str::to_string)
    };
    let mut deals = Vec::new();
    let mut deal = None;
    for line in text.lines().map(str::trim) {
        if let Some(d) = tag(line, "Deal") {
            deal = d.parse::<Deal>().ok();
        } else if let Some(t) = tag(line, "DoubleDummyTricks")
            && let (Some(d), Ok(table)) = (deal.take(), t.parse::<DdTable>())
        {
            deals.push((d, table));
        }
    }
    deals
}

/// What a benchmark run measured.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    pub threads: usize,
    pub deals: usize,
    pub table_time: Duration,
    pub table_nodes: u64,
    /// Tricks completed in the table searches: the count DDS reports as
    /// its nodes, for comparing the two trees.
    pub table_trick_nodes: u64,
    /// Tables that differ from the fixture's DDS table.
    pub wrong_tables: usize,
    /// With several threads, the wall time of all the tables again with
    /// whole deals shared out between the threads (how `solve` runs a
    /// file), or zero with one thread.
    pub shared_time: Duration,
    pub lead_solves: usize,
    pub lead_time: Duration,
    pub lead_nodes: u64,
    pub lead_trick_nodes: u64,
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let per = |d: Duration, n: usize| d.as_secs_f64() * 1000.0 / n.max(1) as f64;
        writeln!(
            f,
            "tables: {} deals, {} thread(s), {:.1} ms per 20-entry table, {} nodes ({} trick nodes), {} differ from DDS",
            self.deals,
            self.threads,
            per(self.table_time, self.deals),
            self.table_nodes,
            self.table_trick_nodes,
            self.wrong_tables
        )?;
        writeln!(
            f,
            "all-cards at trick one: {} solves, {:.1} ms each, {} nodes ({} trick nodes)",
            self.lead_solves,
            per(self.lead_time, self.lead_solves),
            self.lead_nodes,
            self.lead_trick_nodes
        )?;
        if self.threads > 1 {
            writeln!(
                f,
                "tables, deals shared out between {} threads: {:.1} ms per table (wall)",
                self.threads,
                per(self.shared_time, self.deals)
            )?;
        }
        let nodes = self.table_nodes + self.lead_nodes;
        let secs = (self.table_time + self.lead_time).as_secs_f64();
        write!(
            f,
            "total {nodes} nodes, {:.0} nodes/s",
            nodes as f64 / secs.max(1e-9)
        )
    }
}

/// One part of the benchmark, to time or profile it alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BenchPart {
    Tables,
    Cards,
}

/// Times the full table of each deal (on `threads` threads), then an
/// all-cards solve of the opening lead (East against North, the strains in
/// turn from deal to deal; one thread). Each deal starts with empty tables so times do not depend
/// on the order of deals.
pub fn bench(deals: &[(Deal, DdTable)], threads: usize, only: Option<BenchPart>) -> BenchReport {
    bench_with_progress(deals, threads, only, &mut Progress::off())
}

/// [`bench()`] showing the deals done of each part on `progress` (outside
/// the timed calls).
pub fn bench_with_progress(
    deals: &[(Deal, DdTable)],
    threads: usize,
    only: Option<BenchPart>,
    progress: &mut Progress,
) -> BenchReport {
    let runs = |part| only.is_none_or(|p| p == part);
    let (table_deals, card_deals) = (
        if runs(BenchPart::Tables) { deals } else { &[] },
        if runs(BenchPart::Cards) { deals } else { &[] },
    );
    let mut pool = solvers(threads);
    let mut report = BenchReport {
        threads: pool.len(),
        ..BenchReport::default()
    };
    let count = |pool: &[Solver]| pool.iter().map(Solver::nodes).sum::<u64>();
    let tricks = |pool: &[Solver]| pool.iter().map(Solver::trick_nodes).sum::<u64>();
    progress.restart("tables", Some(table_deals.len()));
    for (deal, expected) in table_deals {
        progress.update(report.deals, "");
        pool.iter_mut().for_each(Solver::clear);
        let (nodes, trick_nodes) = (count(&pool), tricks(&pool));
        let start = Instant::now();
        let table = dd_table(&mut pool, deal);
        report.table_time += start.elapsed();
        report.table_nodes += count(&pool) - nodes;
        report.table_trick_nodes += tricks(&pool) - trick_nodes;
        report.deals += 1;
        if table.as_ref() != Ok(expected) {
            report.wrong_tables += 1;
        }
    }
    if pool.len() > 1 && !table_deals.is_empty() {
        report.shared_time = shared_tables(&mut pool, deals);
    }
    let solver = &mut pool[0];
    progress.restart("all-cards solves", Some(card_deals.len()));
    for (i, (deal, _)) in card_deals.iter().enumerate() {
        progress.update(i, "");
        solver.clear();
        let Ok(lead) = Position::new(deal, Seat::East) else {
            continue;
        };
        let strain = Strain::ALL[i % 5];
        let (nodes, trick_nodes) = (solver.nodes(), solver.trick_nodes());
        let start = Instant::now();
        let values = solver.card_values(&lead, strain);
        report.lead_time += start.elapsed();
        report.lead_nodes += solver.nodes() - nodes;
        report.lead_trick_nodes += solver.trick_nodes() - trick_nodes;
        report.lead_solves += usize::from(!values.is_empty());
    }
    progress.clear();
    report
}
