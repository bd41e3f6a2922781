//! The program's move (the handbook's `ProgramMove`): a library move if the
//! game is still in the opening library (`FindOpeningMove`), a proven mate
//! at the Mate search level, otherwise the Turbo Chess search
//! (`FindMove`), reporting depth, value, best line and nodes while it runs.

use engine::chess::book::Book;
use engine::chess::mate::{MateResult, MateSolver};
use engine::chess::search::score::MATE;
use engine::chess::search::{Control, Limits, SearchInfo, SearchReport, Searcher};
use engine::chess::{Board, Move};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// How a move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Book,
    Search,
    MateSolver,
}

/// The program's decision.
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

/// The program's thinking state: search tables, opening book, mate solver
/// and the random generator for book choices. Owned by the console.
pub struct Brain {
    searcher: Searcher,
    book: Option<Book>,
    rng: StdRng,
}

/// How the search is to be limited.
#[derive(Clone, Debug)]
pub enum Plan {
    /// The Turbo Chess search with these limits.
    Search(Limits),
    /// Prove a mate in up to this many moves; if there is none, search
    /// with the limits.
    Mate(u32, Limits),
}

struct Observer<'a> {
    start: Instant,
    watcher: RefCell<&'a mut dyn Watcher>,
    /// The best line of the last report.
    pv: Vec<Move>,
}

impl Control<SearchReport> for Observer<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn stop_requested(&self) -> bool {
        self.watcher.borrow_mut().stop_now()
    }

    fn report(&mut self, report: &SearchReport) {
        let SearchReport::Iteration(info) = report else {
            return;
        };
        let elapsed = self.start.elapsed();
        if info.multipv == 1 && !info.pv.is_empty() {
            self.pv = info.pv.clone();
        }
        self.watcher.get_mut().progress(&Progress { info, elapsed });
    }
}

impl Brain {
    /// A brain with a hash table of `hash_mb` MiB, the given book (or none)
    /// and a seed for the book's random choices.
    pub fn new(hash_mb: usize, book: Option<Book>, seed: u64) -> Brain {
        Brain {
            searcher: Searcher::new(hash_mb),
            book,
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// Forgets what the search learnt (a new game).
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// A weighted random library move for this position, if any.
    pub fn book_move(&mut self, board: &Board) -> Option<Move> {
        self.book.as_ref()?.choose(board, &mut self.rng)
    }

    /// Decides the move for the side to move (the board's history gives
    /// the search the game's repetitions).
    pub fn think(
        &mut self,
        board: &Board,
        plan: &Plan,
        use_book: bool,
        watcher: &mut dyn Watcher,
    ) -> Thought {
        let start = Instant::now();
        if use_book && let Some(mv) = self.book_move(board) {
            return Thought {
                best: Some(mv),
                source: Source::Book,
                score: 0,
                depth: 0,
                nodes: 0,
                pv: vec![mv],
                elapsed: start.elapsed(),
            };
        }
        let limits = match plan {
            Plan::Search(limits) => limits,
            Plan::Mate(moves, limits) => {
                let mut solver = MateSolver::with_node_limit(20_000_000);
                if let MateResult::Mate(m) = solver.solve(board, *moves) {
                    return Thought {
                        best: Some(m.key),
                        source: Source::MateSolver,
                        score: MATE - (2 * m.moves as i32 - 1),
                        depth: 2 * m.moves - 1,
                        nodes: solver.nodes(),
                        pv: m.line,
                        elapsed: start.elapsed(),
                    };
                }
                limits
            }
        };
        let mut b = board.clone();
        let observer_watch: &mut dyn Watcher = watcher;
        let mut observer = Observer {
            start,
            watcher: RefCell::new(observer_watch),
            pv: Vec::new(),
        };
        let result = self.searcher.search(&mut b, limits, &mut observer);
        Thought {
            best: result.best,
            source: Source::Search,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            pv: if observer.pv.first() == result.best.as_ref() {
                observer.pv
            } else {
                result.best.into_iter().chain(result.ponder).collect()
            },
            elapsed: start.elapsed(),
        }
    }
}
