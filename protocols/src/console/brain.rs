//! The console's side of the program's move. The program itself (opening
//! library → mate search → search, the handbook's `ProgramMove`) is
//! [`engine::chess::player::Player`], the same one the UCI front end
//! calls; here the console's [`Watcher`] becomes the player's control, and
//! the decision gets its thinking time for the clocks and the listing.

use engine::chess::player::{Decision, Player};
use engine::chess::search::{Control, SearchInfo, SearchReport};
use engine::chess::{Board, Move};
use std::time::{Duration, Instant};

pub use engine::chess::player::{Plan, Source};

/// The program's decision and how long it took.
#[derive(Clone, Debug)]
pub struct Thought {
    /// `None` only when there is no legal move.
    pub best: Option<Move>,
    pub source: Source,
    /// Side to move's view, Turbo points (256 to the pawn) or a mate score.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Best line, starting with `best`.
    pub pv: Vec<Move>,
    pub elapsed: Duration,
}

/// One progress report while thinking.
pub struct Progress<'a> {
    pub info: &'a SearchInfo,
    pub elapsed: Duration,
}

/// What thinking asks of the console: whether to stop now (the user
/// entered **P**lay, or quit) and where progress goes.
pub trait Watcher {
    fn stop_now(&mut self) -> bool;
    fn progress(&mut self, p: &Progress);
}

/// The watcher as the player's control, with the console's clock.
struct Observer<'a> {
    start: Instant,
    watcher: std::cell::RefCell<&'a mut dyn Watcher>,
    /// A library move was announced: the quick search that checks it is
    /// not shown (the console says "Using opening library") and does not
    /// read the input (it takes milliseconds; lines typed meanwhile wait
    /// for the prompt, as they did when a library move took no search).
    in_book: bool,
}

impl Control<SearchReport> for Observer<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn stop_requested(&self) -> bool {
        !self.in_book && self.watcher.borrow_mut().stop_now()
    }

    fn report(&mut self, report: &SearchReport) {
        match report {
            SearchReport::BookMove(_) => self.in_book = true,
            SearchReport::Iteration(info) if !self.in_book => {
                let elapsed = self.start.elapsed();
                self.watcher.get_mut().progress(&Progress { info, elapsed });
            }
            _ => {}
        }
    }
}

/// Has `player` decide the move in `board` under `plan` (from the library
/// when `use_book` and the position is in it), reporting to `watcher`.
pub fn think(
    player: &mut Player,
    board: &Board,
    plan: &Plan,
    use_book: bool,
    watcher: &mut dyn Watcher,
) -> Thought {
    let start = Instant::now();
    player.set_position(board.clone());
    let mut observer = Observer {
        start,
        watcher: std::cell::RefCell::new(watcher),
        in_book: false,
    };
    let Decision {
        best,
        source,
        score,
        depth,
        nodes,
        pv,
        ..
    } = player.think(plan, use_book, &mut observer);
    Thought {
        best,
        source,
        score,
        depth,
        nodes,
        pv,
        elapsed: start.elapsed(),
    }
}
