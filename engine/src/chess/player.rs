//! The Turbo Chess program: the handbook's `ProgramMove` in one place. A
//! [`Player`] owns the position (with the moves that led to it, which is
//! all the history repetitions need), the search tables, the opening book
//! and the random generator for book choices, and answers "your move under
//! these limits": a library move while the game is in the opening library
//! (`FindOpeningMove`), a proven mate at the Mate search level, otherwise
//! the Turbo Chess search (`FindMove`, which computes the root piece-value
//! tables itself). The UCI front end and the console both call it; they
//! only translate their input into a [`Plan`] and format the reports.

use std::cell::Cell;
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::book::Book;
use super::mate::{MateResult, MateSolver};
use super::search::score::MATE;
use super::search::{Control, Limits, SearchReport, Searcher};
use super::{Board, Move};

/// Nodes the mate solver may spend before the program falls back on the
/// search (the Mate search level).
const MATE_SOLVER_NODES: u64 = 20_000_000;

/// How the program is to think.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// The Turbo Chess search with these limits.
    Search(Limits),
    /// Prove a mate in up to this many moves; if there is none, search
    /// with the limits.
    Mate(u32, Limits),
}

/// How a move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Book,
    Search,
    MateSolver,
}

/// The program's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// `None` only when there is no legal move.
    pub best: Option<Move>,
    /// The reply the program expects, if known.
    pub ponder: Option<Move>,
    pub source: Source,
    /// Side to move's view, Turbo points (256 to the pawn) or a mate score.
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Best line, starting with `best` (empty when there is no move).
    pub pv: Vec<Move>,
}

/// The program: position, search tables, book and book choices.
pub struct Player {
    board: Board,
    searcher: Searcher,
    book: Option<Arc<Book>>,
    rng: StdRng,
}

/// The limits of the quick search that gives a book move its value and
/// line: GUIs and match runners (fastchess `--compliance`) expect a scored
/// report before every move, and the search also finds the expected reply.
fn book_check(mv: Move) -> Limits {
    Limits {
        depth: Some(6),
        nodes: Some(20_000),
        searchmoves: vec![mv],
        multipv: 1,
        ..Limits::default()
    }
}

/// Passes the reports on and keeps the last best line (the search's result
/// has only the move and the reply). A stop, once asked, holds for the
/// rest of the decision: a stop that ends the mate solver also ends the
/// search after it, even where the caller says it only once (the
/// console's **P**lay).
struct Recorder<'a> {
    inner: &'a mut dyn Control<SearchReport>,
    pv: Vec<Move>,
    stopped: Cell<bool>,
}

impl Control<SearchReport> for Recorder<'_> {
    fn elapsed_ms(&self) -> u64 {
        self.inner.elapsed_ms()
    }

    fn clock_running(&self) -> bool {
        self.inner.clock_running()
    }

    fn stop_requested(&self) -> bool {
        if !self.stopped.get() && self.inner.stop_requested() {
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    fn report(&mut self, report: &SearchReport) {
        if let SearchReport::Iteration(info) = report
            && info.multipv == 1
            && !info.pv.is_empty()
        {
            self.pv = info.pv.clone();
        }
        self.inner.report(report);
    }
}

impl Player {
    /// A player in the initial position with a hash table of `hash_mb`
    /// MiB, no book, and `seed` for the book's random choices.
    pub fn new(hash_mb: usize, seed: u64) -> Player {
        Player {
            board: Board::startpos(),
            searcher: Searcher::new(hash_mb),
            book: None,
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// The position the program moves in.
    pub fn position(&self) -> &Board {
        &self.board
    }

    /// Sets the position, with the moves that led to it on the board.
    pub fn set_position(&mut self, board: Board) {
        self.board = board;
    }

    /// The opening book to play from (`None`: no book).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Whether the position is in the opening library.
    pub fn in_book(&self) -> bool {
        self.book
            .as_ref()
            .is_some_and(|b| b.moves(&self.board).iter().any(|m| m.weight > 0))
    }

    /// The search tables (hash size, threads).
    pub fn searcher_mut(&mut self) -> &mut Searcher {
        &mut self.searcher
    }

    /// Forgets what the search learnt (a new game).
    pub fn new_game(&mut self) {
        self.searcher.clear();
    }

    /// Decides the move for the side to move: from the book when
    /// `use_book` and the position is in it, else by `plan`. Progress goes
    /// to `control` (a book move is announced with
    /// [`SearchReport::BookMove`], then checked by a quick search).
    pub fn think(
        &mut self,
        plan: &Plan,
        use_book: bool,
        control: &mut dyn Control<SearchReport>,
    ) -> Decision {
        let mut control = Recorder {
            inner: control,
            pv: Vec::new(),
            stopped: Cell::new(false),
        };
        let book_move = match &self.book {
            Some(book) if use_book => book.choose(&self.board, &mut self.rng),
            _ => None,
        };
        if let Some(mv) = book_move {
            control.report(&SearchReport::BookMove(mv));
            let mut board = self.board.clone();
            let check = self
                .searcher
                .search(&mut board, &book_check(mv), &mut control);
            return Decision {
                best: Some(mv),
                ponder: check.ponder,
                source: Source::Book,
                score: check.score,
                depth: check.depth,
                nodes: check.nodes,
                pv: best_line(control.pv, mv, check.ponder),
            };
        }
        let limits = match plan {
            Plan::Search(limits) => limits,
            Plan::Mate(moves, limits) => {
                let mut solver = MateSolver::with_node_limit(MATE_SOLVER_NODES);
                let result = solver.solve_under(&self.board, *moves, &control);
                if let MateResult::Mate(m) = result {
                    return Decision {
                        best: Some(m.key),
                        ponder: m.line.get(1).copied(),
                        source: Source::MateSolver,
                        score: MATE - (2 * m.moves as i32 - 1),
                        depth: 2 * m.moves - 1,
                        nodes: solver.nodes(),
                        pv: m.line,
                    };
                }
                limits
            }
        };
        let mut board = self.board.clone();
        let result = self.searcher.search(&mut board, limits, &mut control);
        Decision {
            best: result.best,
            ponder: result.ponder,
            source: Source::Search,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            pv: match result.best {
                Some(best) => best_line(control.pv, best, result.ponder),
                None => Vec::new(),
            },
        }
    }
}

/// The last reported line if it starts with the move played, else the move
/// and its expected reply.
fn best_line(reported: Vec<Move>, best: Move, ponder: Option<Move>) -> Vec<Move> {
    if reported.first() == Some(&best) {
        reported
    } else {
        std::iter::once(best).chain(ponder).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::book::Library;
    use crate::control::Unlimited;

    fn depth(d: u32) -> Plan {
        Plan::Search(Limits {
            depth: Some(d),
            multipv: 1,
            ..Limits::default()
        })
    }

    #[test]
    fn book_then_search_then_mate() {
        let mut player = Player::new(1, 7);
        player.set_book(Some(Arc::new(Book::Library(Library::builtin().unwrap()))));
        assert!(player.in_book());
        let d = player.think(&depth(3), true, &mut Unlimited);
        assert_eq!(d.source, Source::Book);
        assert_eq!(d.pv.first(), d.best.as_ref());
        // Out of the book (or told not to use it): the search.
        let d = player.think(&depth(3), false, &mut Unlimited);
        assert_eq!((d.source, d.depth), (Source::Search, 3));
        // Mate in 2 proven by the mate solver.
        let board = Board::from_fen("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
        player.set_position(board);
        assert!(!player.in_book());
        let d = player.think(&Plan::Mate(2, Limits::default()), true, &mut Unlimited);
        assert_eq!(d.source, Source::MateSolver);
        assert_eq!(d.best.map(|m| m.to_uci()), Some("d1d8".to_string()));
        assert_eq!(d.score, MATE - 1);
    }

    #[test]
    fn no_legal_move_is_no_decision() {
        let mut player = Player::new(1, 1);
        player.set_position(Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap());
        let d = player.think(&depth(2), true, &mut Unlimited);
        assert_eq!((d.best, d.pv.len()), (None, 0));
    }
}
