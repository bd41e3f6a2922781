//! The default mode of `turbobridge`: Turbo Bridge at the table. For each
//! board the program bids and plays the seats it has been given (all four
//! by default) and writes the board back with Auction, Contract,
//! Declarer, Play, Result and Score; or, with `--next`, prints only the
//! next call or card as one line (a hint, and a way to drive the program
//! one step at a time).

use std::fmt;
use std::io::{self, Write};
use std::time::Instant;

use clap::{Args, ValueEnum};
use rand::SeedableRng;
use rand::rngs::StdRng;

use engine::bridge::auction_sim::BidOptions;
use engine::bridge::dds::Solver;

use crate::bridge::budget::Budget;
use engine::bridge::play::PlayOptions;
use engine::bridge::rubber::Rubber;
use engine::bridge::scoring::imps;
use engine::bridge::seat::card_rng;
pub use engine::bridge::table::Seats;
use engine::bridge::table::{Action, Player, Table, TableError};
use engine::bridge::{Card, ContractBid, Deal, Seat, Side};
use engine::control::{Control, Progress};

use super::board::{AuctionRecord, Board, ContractTag};
use super::io::{BoardWriter, FilterSummary, Format, ReadError, board_name, read_boards};
// The terminal's progress line, not the search's progress report.
use crate::progress::Progress as ProgressLine;

/// How the play is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Scoring {
    /// Duplicate score of each board (Law 77).
    Duplicate,
    /// One rubber score card kept across the boards, as Turbo Bridge does;
    /// the vulnerability is the rubber's.
    Rubber,
    /// IMPs of the duplicate score against the double-dummy par score.
    Imps,
}

/// How the program chooses its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Level {
    /// The PLAY.BR heuristics alone (`SearchFac` = 0).
    Heuristic,
    /// Monte-Carlo `FindCard` over the double-dummy solver.
    Montecarlo,
}

impl Level {
    /// The engine's play options at this level with the user's sample
    /// count (at least one), search horizon and cheat option: the filter
    /// and the table-manager client build them the same way.
    pub fn play_options(self, samples: usize, search_tricks: u8, cheat: bool) -> PlayOptions {
        let base = match self {
            Level::Heuristic => PlayOptions::heuristic(),
            Level::Montecarlo => PlayOptions::default(),
        };
        PlayOptions {
            samples: samples.max(1),
            cheat,
            search_tricks,
            ..base
        }
    }
}

/// Options of the play mode.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// Deal N random boards instead of reading deals from stdin.
    #[arg(long, value_name = "N")]
    pub deals: Option<u32>,
    /// Seed of every random choice (the deals, the sampled hands): the same
    /// seed gives the same output.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seats the program plays; calls and cards of the others come from the
    /// input, and the program stops where they are missing.
    #[arg(long, default_value = "NESW")]
    pub seats: Seats,
    /// Print only the next call or card for the seat to act, one line per
    /// board (`-` when the board is complete).
    #[arg(long)]
    pub next: bool,
    /// Scoring written in the Score tag.
    #[arg(long, value_enum, default_value_t = Scoring::Duplicate)]
    pub scoring: Scoring,
    /// Card play: heuristics only, or Monte-Carlo over the solver.
    #[arg(long, value_enum, default_value_t = Level::Montecarlo)]
    pub level: Level,
    /// Random deals analysed per card.
    #[arg(long, default_value_t = 24)]
    pub samples: usize,
    /// Time budget per card in milliseconds (sampling stops when spent).
    #[arg(long, value_name = "MS", value_parser = crate::bridge::budget::parse_ms, allow_negative_numbers = true)]
    pub time_per_card: Option<u64>,
    /// Time budget of a whole board in milliseconds, or `none`: each card
    /// gets its share, the early ones more (sampling stops when spent).
    #[arg(long, value_name = "MS|none", default_value_t = Budget::default(), allow_negative_numbers = true)]
    pub time_per_board: Budget,
    /// Look at every hand: the program plays double dummy.
    #[arg(long)]
    pub cheat: bool,
    /// Use the double-dummy analysis once this many tricks are left (the
    /// heuristics alone before, except for the opening lead, which is
    /// always simulated); 13, the default, searches every card.
    #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u8).range(0..=13))]
    pub search_tricks: u8,
    /// Explain every call of the boards written (`turbobridge --explain`,
    /// a global option of the binary).
    #[arg(skip)]
    pub explain: bool,
    #[command(flatten)]
    pub bidding: BidArgs,
}

/// The bidding simulation's options, shared by the play mode and the
/// table-manager client.
#[derive(Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidArgs {
    /// Random deals simulated at each contested call (game or not, slam or
    /// not, strain, double or compete); 0 bids by the rules alone.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1000))]
    pub bid_samples: usize,
    /// Time limit per simulated call in milliseconds (the calls are then no
    /// longer reproducible from the seed).
    #[arg(long, value_name = "MS", allow_negative_numbers = true,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub time_per_call: Option<u64>,
    /// Random deals simulated at each call of our own uncontested auction
    /// that places the contract (partscore, game or slam, and the strain),
    /// solving only the candidate contracts; 0, the default, leaves those
    /// calls to the rules (16 is the measured setting).
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1000))]
    pub placement_samples: usize,
    /// Random deals simulated at the slam decision (game or small slam
    /// once a fit is found and game reached); 0 leaves slams to the rules.
    #[arg(long, value_name = "N", default_value_t = engine::bridge::placement::SLAM_SAMPLES,
          allow_negative_numbers = true,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1000))]
    pub slam_samples: usize,
    /// Random deals simulated at the contested game decision (whether to
    /// bid the game the rules bid over the opponents' bidding, or stop);
    /// 0 leaves those games to the rules.
    #[arg(long, value_name = "N", default_value_t = engine::bridge::compete::SAMPLES,
          allow_negative_numbers = true,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=1000))]
    pub compete_samples: usize,
}

impl BidArgs {
    /// Rules only, no simulation at all.
    pub const RULES: BidArgs = BidArgs {
        bid_samples: 0,
        time_per_call: None,
        placement_samples: 0,
        slam_samples: 0,
        compete_samples: 0,
    };

    /// Whether any call may be simulated (the solver is then needed).
    pub fn simulates(&self) -> bool {
        self.bid_samples > 0
            || self.placement_samples > 0
            || self.slam_samples > 0
            || self.compete_samples > 0
    }

    /// The engine's options, with the session's seed.
    pub fn options(&self, seed: u64) -> BidOptions {
        BidOptions {
            samples: self.bid_samples,
            time_per_call_ms: self.time_per_call,
            placement_samples: self.placement_samples,
            slam_samples: self.slam_samples,
            compete_samples: self.compete_samples,
            seed,
        }
    }
}

/// Why a board cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FilterError {
    /// The table refused the deal, a call or a card of the input.
    Table(TableError),
    /// A hand the program needs is unknown (`-`) in a partial deal.
    UnknownHand(Seat),
    /// The input gives play but no contract to play it in.
    NoContract,
    /// The rubber score card refused the deal.
    Rubber(String),
}

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FilterError::Table(e) => e.fmt(f),
            FilterError::UnknownHand(seat) => write!(
                f,
                "{seat}'s hand is unknown: a partial deal must give the hands of the seats played, and dummy's once it plays"
            ),
            FilterError::NoContract => f.write_str(
                "play given but no contract: expected an auction or Contract and Declarer tags",
            ),
            FilterError::Rubber(e) => write!(f, "rubber score: {e}"),
        }
    }
}

impl std::error::Error for FilterError {}

impl From<TableError> for FilterError {
    fn from(e: TableError) -> FilterError {
        FilterError::Table(e)
    }
}

/// The time the play mode has spent, as the table's players ask it:
/// `--time-per-card` is measured on this clock. Nothing stops a board
/// early but that budget.
pub struct WallClock(pub Instant);

impl Control<Progress<Card>> for WallClock {
    fn elapsed_ms(&self) -> u64 {
        u64::try_from(self.0.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn stop_requested(&self) -> bool {
        false
    }
}

/// The play mode: maps each board's record onto a [`Table`], lets the
/// program ([`Player`]) act for its seats, and writes the table back into
/// the record with the score (the rubber card is kept across boards).
pub struct Robot {
    args: PlayArgs,
    rubber: Rubber,
    player: Player,
    clock: WallClock,
}

impl Robot {
    /// `solver` is the double-dummy analysis used by the Monte-Carlo play,
    /// the cheat option and the IMP scoring.
    pub fn new(args: PlayArgs, solver: Option<Solver>) -> Robot {
        let options = args
            .level
            .play_options(args.samples, args.search_tricks, args.cheat);
        // The heuristic level never searches (its SearchFac is 0), so the
        // solver serves only the IMP scoring there.
        let player = Player::new(options, solver)
            .with_time_per_card(args.time_per_card)
            .with_time_per_board(args.time_per_board.0)
            .with_bidding(args.bidding.options(args.seed));
        Robot {
            args,
            rubber: Rubber::new(),
            player,
            clock: WallClock(Instant::now()),
        }
    }

    /// The random generator of the next card of board `n`: each card has
    /// its own, so a choice depends neither on the boards before nor on
    /// the cards chosen before, and four seats at a table manager
    /// (`turbobridge client`) choose the cards this program does.
    fn rng_for(&self, n: usize, table: &Table) -> StdRng {
        let played = table.play().map_or(0, |p| p.cards_played().len());
        card_rng(self.args.seed, n as u64, played)
    }

    /// Fills in dealer and vulnerability from the record (or the board
    /// number, or the rubber).
    fn prepare(&mut self, board: &mut Board) {
        board.complete_deal();
        board.dealer = Some(board.dealer_or_rotation());
        board.vulnerability = Some(if self.args.scoring == Scoring::Rubber {
            self.rubber.vulnerability()
        } else {
            board.vulnerability_or_rotation()
        });
    }

    /// The board's table with the input's calls and cards; with `act`,
    /// the program makes the calls and plays the cards of its seats until
    /// it reaches a seat it does not play or the end.
    fn advance(&mut self, n: usize, board: &Board, act: bool) -> Result<Table, FilterError> {
        let dealer = board.dealer.unwrap_or(Seat::North);
        let vulnerability = board.vulnerability.unwrap_or_default();
        let mut table = Table::new(board.deal, dealer, vulnerability)?;
        if let Some(rec) = &board.auction {
            for &call in rec.auction.calls() {
                table.call(call)?;
            }
        }
        if act {
            self.player
                .bid_for(&mut table, self.args.seats, &mut self.clock)?;
        }
        if table.contract().is_none() {
            if board.auction.is_none() && !board.linear_play().is_empty() {
                return Err(FilterError::NoContract);
            }
            return Ok(table);
        }
        for (_, card) in board.linear_play() {
            table.card(card)?;
        }
        // Player::play_for with a generator per card (see rng_for).
        while act
            && !table.is_finished()
            && let Some(seat) = table.to_act()
            && self.args.seats.contains(seat)
        {
            let mut rng = self.rng_for(n, &table);
            match self.player.decide(&table, &mut rng, &mut self.clock) {
                Some(Action::Card(card)) => table.card(card)?,
                _ => break,
            }
        }
        Ok(table)
    }

    /// The play mode for one board: bid and play the program's seats and
    /// record everything in the board, with `--explain` what each call
    /// shows.
    pub fn process(&mut self, n: usize, board: Board) -> Result<Board, FilterError> {
        let mut board = self.bid_and_play(n, board)?;
        if self.args.explain
            && let Some(rec) = &mut board.auction
        {
            rec.explain();
        }
        Ok(board)
    }

    fn bid_and_play(&mut self, n: usize, mut board: Board) -> Result<Board, FilterError> {
        if super::partial::is_partial(&board) {
            return super::partial::process(
                &mut self.player,
                &mut self.clock,
                &self.args,
                n,
                board,
            );
        }
        self.prepare(&mut board);
        let table = self.advance(n, &board, true)?;
        let auction = table.bidding().auction().clone();
        board.auction = Some(match &board.auction {
            Some(rec) => rec.continued(auction),
            None => AuctionRecord::new(auction),
        });
        if !table.bidding().is_complete() {
            return Ok(board);
        }
        let (Some(contract), Some(play)) = (table.contract(), table.play()) else {
            board.contract = Some(ContractTag::PassedOut);
            board.declarer = None;
            board.result = None;
            self.score(&mut board, &table)?;
            return Ok(board);
        };
        board.contract = Some(ContractTag::Bid(ContractBid {
            level: contract.level,
            strain: contract.strain,
            doubling: contract.doubling,
        }));
        board.declarer = Some(contract.declarer);
        let cards: Vec<Card> = play.cards_played().into_iter().map(|(_, c)| c).collect();
        if !cards.is_empty() {
            let _ = board.set_linear_play(contract.opening_leader(), &cards, contract.strain);
        }
        board.result = table.result();
        if table.result().is_some() {
            self.score(&mut board, &table)?;
        }
        Ok(board)
    }

    /// Writes the score of a finished board in the chosen scoring.
    fn score(&mut self, board: &mut Board, table: &Table) -> Result<(), FilterError> {
        let (Some((contract, tricks)), Some(ns)) = (table.outcome(), table.ns_score()) else {
            return Ok(());
        };
        board.score = Some(ns);
        board.scoring = match self.args.scoring {
            Scoring::Duplicate => String::new(),
            Scoring::Rubber => "Rubber".to_string(),
            Scoring::Imps => "IMP".to_string(),
        };
        match self.args.scoring {
            Scoring::Duplicate => {}
            Scoring::Rubber => {
                if self.rubber.is_finished() {
                    self.rubber = Rubber::new();
                }
                let deal = self
                    .rubber
                    .record(contract.as_ref(), tricks)
                    .map_err(|e| FilterError::Rubber(e.to_string()))?;
                let points = deal.below + deal.above;
                let ns_points = match deal.side {
                    Some(Side::NorthSouth) => points,
                    Some(Side::EastWest) => -points,
                    None => 0,
                };
                board.score = Some(ns_points);
                let total = |s: Side| self.rubber.side(s).total();
                board.other_tags.insert(
                    "ScoreRubber".to_string(),
                    format!(
                        "NS {} EW {}",
                        total(Side::NorthSouth),
                        total(Side::EastWest)
                    ),
                );
            }
            Scoring::Imps => {
                if let Some(dd) = self.player.dd_table(&board.deal) {
                    let p = table.par(&dd);
                    board.optimum_score = Some(p.ns_score);
                    board
                        .other_tags
                        .insert("ScoreIMP".to_string(), side_imps(imps(ns - p.ns_score)));
                    board.dd_tricks = Some(dd);
                }
            }
        }
        Ok(())
    }

    /// `--next`: the next call or card for the seat to act, or `-` when
    /// the board is complete.
    pub fn next_action(&mut self, n: usize, mut board: Board) -> Result<String, FilterError> {
        if super::partial::is_partial(&board) {
            return super::partial::next_action(
                &mut self.player,
                &mut self.clock,
                &self.args,
                n,
                board,
            );
        }
        self.prepare(&mut board);
        let table = self.advance(n, &board, false)?;
        let mut rng = self.rng_for(n, &table);
        Ok(self
            .player
            .decide(&table, &mut rng, &mut self.clock)
            .map_or_else(|| "-".to_string(), |action| action.to_string()))
    }
}

fn side_imps(ns: i32) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

/// The boards to work on: `--deals N` random boards from the seed (stdin
/// is not read at all then), or the boards of `text`.
fn random_boards(count: u32, seed: u64) -> Vec<Board> {
    let mut rng = StdRng::seed_from_u64(seed);
    (1..=count)
        .map(|n| Board::dealt(n, Deal::random(&mut rng)))
        .collect()
}

/// Runs the play mode. `input` is read only when `--deals` is not given.
pub fn run<W: Write, E: Write>(
    args: PlayArgs,
    solver: Option<Solver>,
    input: impl FnOnce() -> io::Result<String>,
    format: Format,
    out: W,
    errors: E,
) -> io::Result<FilterSummary> {
    let mut progress = ProgressLine::off();
    run_with_progress(args, solver, input, format, out, errors, &mut progress)
}

/// [`run`] showing `progress` (boards done of the total).
pub fn run_with_progress<W: Write, E: Write>(
    args: PlayArgs,
    solver: Option<Solver>,
    input: impl FnOnce() -> io::Result<String>,
    format: Format,
    out: W,
    mut errors: E,
    progress: &mut ProgressLine,
) -> io::Result<FilterSummary> {
    let boards: Vec<Result<Board, ReadError>> = match args.deals {
        Some(count) => random_boards(count, args.seed)
            .into_iter()
            .map(Ok)
            .collect(),
        None => read_boards(&input()?).1,
    };
    let next = args.next;
    progress.set_total(boards.len());
    let mut robot = Robot::new(args, solver);
    let mut summary = FilterSummary::default();
    // Each board's outcome, named by its number (its position when it has
    // none) if it fails.
    let mut outcomes = boards.into_iter().enumerate().map(|(i, read)| {
        let n = i + 1;
        let read = read.map_err(|e| (board_name(e.number, n), e.to_string()));
        (n, read)
    });
    if next {
        let mut out = out;
        for (n, read) in &mut outcomes {
            let line = read.and_then(|b| {
                let name = board_name(b.number, n);
                robot.next_action(n, b).map_err(|e| (name, e.to_string()))
            });
            let outcome = match line {
                Ok(line) => writeln!(out, "{line}").map(|()| Ok(()))?,
                Err(e) => Err(e),
            };
            if outcome.is_err() {
                progress.clear();
            }
            summary.count(outcome, &mut errors)?;
            progress.update(n, "");
        }
        out.flush()?;
    } else {
        let mut writer = BoardWriter::new(out, format);
        for (n, read) in &mut outcomes {
            let board = read.and_then(|b| {
                let name = board_name(b.number, n);
                robot.process(n, b).map_err(|e| (name, e.to_string()))
            });
            let outcome = match board {
                Ok(board) => writer.write(&board).map(|()| Ok(()))?,
                Err(e) => Err(e),
            };
            if outcome.is_err() {
                progress.clear();
            }
            summary.count(outcome, &mut errors)?;
            progress.update(n, "");
        }
    }
    progress.clear();
    Ok(summary)
}

/// The double-dummy analysis the play mode uses.
pub fn default_solver() -> Option<Solver> {
    Some(Solver::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_is_played_out_and_reproducible_per_board() {
        let args = PlayArgs {
            deals: Some(3),
            seed: 11,
            seats: Seats::ALL,
            next: false,
            scoring: Scoring::Duplicate,
            level: Level::Heuristic,
            samples: 4,
            time_per_card: None,
            time_per_board: Budget(None),
            cheat: false,
            search_tricks: 13,
            explain: false,
            bidding: BidArgs::RULES,
        };
        let mut first = Vec::new();
        let s = run(
            args.clone(),
            None,
            || Ok(String::new()),
            Format::Pbn,
            &mut first,
            io::sink(),
        )
        .expect("run");
        assert_eq!((s.boards, s.failed), (3, 0));
        let mut second = Vec::new();
        run(
            args,
            None,
            || Ok(String::new()),
            Format::Pbn,
            &mut second,
            io::sink(),
        )
        .expect("run");
        assert_eq!(first, second);
    }
}
