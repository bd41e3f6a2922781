//! The UCI loop: stdin is read on the calling thread and never blocks on
//! the search, which runs on its own thread. `isready` is answered at once
//! even while searching; `stop` and `quit` raise an atomic flag the search
//! polls every 1024 nodes; `ponderhit` starts the clock of a ponder search.
//! With `Threads` above 1 the search thread starts the Lazy SMP helpers
//! itself and ends them before it prints `bestmove`.

use std::io::{BufRead, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use engine::chess::player::{Plan, Player};
use engine::chess::search::time::{Budget, Clock};
use engine::chess::search::{Control, Limits, SearchInfo, SearchReport};
use engine::chess::{Board, Color, MoveList};
use std::time::{SystemTime, UNIX_EPOCH};

use super::command::{Command, GoParams, PositionStart, parse_line};
use super::info::{bestmove_line, info_line, move_text};
use super::options::{OptionEffect, Options, option_lines};
use super::report::{bench_report, board_diagram, eval_report, parse_piece};
use crate::chess_perft;

/// Engine name sent in `id name`.
pub const ENGINE_NAME: &str = concat!("Turbo Chess ", env!("CARGO_PKG_VERSION"));
/// Sent in `id author`.
pub const ENGINE_AUTHOR: &str =
    "Turbo GameWorks in Rust developers (after Borland's Turbo Chess, 1985)";

/// Where output lines go: one lock per line, flushed at once (GUIs wait for
/// each line; Rust may block-buffer a pipe).
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(writer)))
    }

    /// Writes one line (or several, each ending in `\n`) and flushes.
    pub fn line(&self, text: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        // A closed stdout (GUI gone) is not worth dying for.
        let _ = w.write_all(text.as_bytes());
        if !text.ends_with('\n') {
            let _ = w.write_all(b"\n");
        }
        let _ = w.flush();
    }
}

/// Flags shared by the reader and the search thread.
struct Shared {
    base: Instant,
    stop: AtomicBool,
    /// Searching on the opponent's time: limits do not count yet.
    pondering: AtomicBool,
    /// `go infinite`: `bestmove` only after `stop`.
    infinite: AtomicBool,
    /// When the clock of this search started (ms since `base`): at `go`,
    /// or at `ponderhit` for a ponder search.
    clock_start_ms: AtomicU64,
    /// When this search started (ms since `base`): reported `time` counts
    /// from here, like `nodes`, so `nps` adds up after `ponderhit` too.
    search_start_ms: AtomicU64,
}

impl Shared {
    fn now_ms(&self) -> u64 {
        self.base.elapsed().as_millis() as u64
    }

    /// Milliseconds since the search started (what `info … time` shows).
    fn searching_ms(&self) -> u64 {
        self.now_ms()
            .saturating_sub(self.search_start_ms.load(Ordering::Relaxed))
    }
}

/// The reporting side of a search: formats `info` lines.
struct UciObserver {
    shared: Arc<Shared>,
    out: Output,
    chess960: bool,
    last_info: Option<SearchInfo>,
}

impl Control<SearchReport> for UciObserver {
    fn elapsed_ms(&self) -> u64 {
        self.shared
            .now_ms()
            .saturating_sub(self.shared.clock_start_ms.load(Ordering::Relaxed))
    }

    fn clock_running(&self) -> bool {
        !self.shared.pondering.load(Ordering::Relaxed)
    }

    fn stop_requested(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    fn report(&mut self, report: &SearchReport) {
        match report {
            SearchReport::Iteration(info) => {
                self.out
                    .line(&info_line(info, self.shared.searching_ms(), self.chess960));
                if info.multipv == 1 {
                    self.last_info = Some(info.clone());
                }
            }
            SearchReport::BookMove(mv) => self.out.line(&format!(
                "info string book move {}",
                move_text(*mv, self.chess960)
            )),
            // Only for long searches: a GUI's move list, not a log flood.
            SearchReport::CurrentMove { depth, mv, number } => {
                if self.shared.searching_ms() >= 3000 {
                    self.out.line(&format!(
                        "info depth {depth} currmove {} currmovenumber {number}",
                        move_text(*mv, self.chess960)
                    ));
                }
            }
        }
    }
}

/// The engine's state between commands.
pub struct UciEngine {
    out: Output,
    options: Options,
    /// The position with the moves that led to it (its history gives the
    /// search the game's repetitions).
    /// The position of the last `position` command, handed to the player
    /// at `go` (the player is away on the search thread while it thinks).
    board: Board,
    /// The program, lent to the search thread while it runs.
    player: Option<Player>,
    running: Option<JoinHandle<Player>>,
    /// Seed of the player's book choices: from the clock, so that games
    /// vary (the front end may read it; the core never does).
    seed: u64,
    shared: Arc<Shared>,
    debug: bool,
    /// OwnBook / BookFile and the opening book.
    book: super::book::BookOptions,
}

impl UciEngine {
    pub fn new(out: Output) -> UciEngine {
        UciEngine {
            out,
            options: Options::default(),
            board: Board::startpos(),
            // The hash is allocated lazily (first `isready` or `go`): a GUI
            // wants `uciok` fast.
            player: None,
            seed: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
            running: None,
            shared: Arc::new(Shared {
                base: Instant::now(),
                stop: AtomicBool::new(false),
                pondering: AtomicBool::new(false),
                infinite: AtomicBool::new(false),
                clock_start_ms: AtomicU64::new(0),
                search_start_ms: AtomicU64::new(0),
            }),
            debug: false,
            book: super::book::BookOptions::default(),
        }
    }

    /// Reads commands until `quit` or end of input.
    pub fn run(&mut self, input: impl BufRead) {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buf).into_owned();
            let keep_going = panic::catch_unwind(AssertUnwindSafe(|| self.handle_line(&line)));
            match keep_going {
                Ok(true) => {}
                Ok(false) => return,
                Err(_) => self.info_string("internal error while handling the command; state kept"),
            }
        }
        // End of input means quit: a bounded search may have minutes to go
        // (`go depth 64`), so it stops like any other and prints its move.
        self.stop_search();
    }

    fn info_string(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Handles one input line; false after `quit`.
    pub fn handle_line(&mut self, line: &str) -> bool {
        let command = match parse_line(line) {
            Ok(c) => c,
            Err(e) => {
                self.info_string(&e.to_string());
                return true;
            }
        };
        match command {
            Command::Empty | Command::Unknown(_) => {}
            Command::Uci => {
                self.out.line(&format!("id name {ENGINE_NAME}"));
                self.out.line(&format!("id author {ENGINE_AUTHOR}"));
                for l in option_lines()
                    .into_iter()
                    .chain(super::book::option_lines())
                {
                    self.out.line(&l);
                }
                self.out.line("uciok");
            }
            Command::Debug(on) => self.debug = on,
            Command::IsReady => {
                if self.running.is_none() {
                    self.ensure_player();
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => {
                self.stop_search();
                self.ensure_player();
                if let Some(p) = self.player.as_mut() {
                    p.new_game();
                }
            }
            Command::Position { start, moves } => self.set_position(&start, &moves),
            Command::Go(params) => self.go(&params),
            Command::Stop => self.stop_search(),
            Command::PonderHit => {
                self.shared
                    .clock_start_ms
                    .store(self.shared.now_ms(), Ordering::Relaxed);
                self.shared.pondering.store(false, Ordering::Relaxed);
            }
            Command::Quit => {
                self.stop_search();
                return false;
            }
            Command::Display => self.out.line(&board_diagram(&self.board)),
            Command::Eval(piece) => {
                let piece = match piece.as_deref().map(parse_piece) {
                    None => None,
                    Some(Some(p)) => Some(p),
                    Some(None) => {
                        self.info_string("expected `eval [piece]` with a piece letter, e.g. `eval N` or `eval q`");
                        return true;
                    }
                };
                self.out.line(&eval_report(&self.board, piece));
            }
            Command::Bench(depth) => {
                // Runs here, on the reader thread: a debugging command.
                self.stop_search();
                self.out.line(&bench_report(
                    depth.unwrap_or(engine::chess::search::bench::DEFAULT_DEPTH),
                ));
            }
            Command::Perft(depth) => {
                let mut board = self.board.clone();
                self.out
                    .line(&chess_perft::divide_report(&mut board, depth));
            }
        }
        true
    }

    fn ensure_player(&mut self) {
        if self.player.is_none() && self.running.is_none() {
            self.player = Some(Player::new(self.options.hash_mb, self.seed));
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        if let Some(result) = self.book.set(name, value) {
            if let Err(e) = result {
                self.info_string(&e);
            }
            return;
        }
        match self.options.set(name, value) {
            Ok(OptionEffect::None) => {}
            Ok(OptionEffect::ResizeHash) => {
                self.stop_search();
                match self.player.as_mut() {
                    Some(p) => p.searcher_mut().resize_hash(self.options.hash_mb),
                    None => self.ensure_player(),
                }
            }
            Ok(OptionEffect::ClearHash) => {
                self.stop_search();
                self.ensure_player();
                if let Some(p) = self.player.as_mut() {
                    p.new_game();
                }
            }
            Err(e) => self.info_string(&e.to_string()),
        }
        if !name.eq_ignore_ascii_case("UCI_Chess960") {
            return;
        }
        self.board.set_chess960(self.options.chess960);
    }

    /// `position …`: builds the new position aside and only replaces the
    /// current one when every part is valid.
    fn set_position(&mut self, start: &PositionStart, moves: &[String]) {
        // Only with UCI_Chess960 on may a FEN be read as Chess960: a
        // standard game never gets Chess960 castling. Shredder-FEN letters
        // (`HAha`) for corner rooks are standard too.
        let parsed = match start {
            PositionStart::StartPos => Ok((Board::startpos(), Vec::new())),
            PositionStart::Fen(fen) => Board::from_fen_lenient(fen, self.options.chess960),
        };
        // The dropped-rights note is told only once the whole line is
        // accepted: a position rejected later keeps the previous one, whose
        // rights nothing dropped.
        let (mut board, note) = match parsed {
            Ok((b, dropped)) => (b, chess_perft::dropped_rights_note(&dropped)),
            Err(e) => {
                self.info_string(&format!("position rejected, previous position kept: {e}"));
                return;
            }
        };
        board.set_chess960(self.options.chess960);
        for (i, text) in moves.iter().enumerate() {
            if let Err(e) = board.play_uci(text) {
                self.info_string(&format!(
                    "position rejected at move {} `{text}`, previous position kept: {e}",
                    i + 1
                ));
                return;
            }
        }
        if let Some(note) = note {
            self.info_string(&note);
        }
        self.board = board;
    }

    fn go(&mut self, params: &GoParams) {
        self.stop_search();
        self.ensure_player();
        let Some(mut player) = self.player.take() else {
            return;
        };
        player.set_position(self.board.clone());
        player.set_book(self.book_for(params));
        player.searcher_mut().set_threads(self.options.threads);
        let limits = self.limits(params);
        if self.debug {
            self.info_string(&format!(
                "limits: depth {:?} nodes {:?} mate {:?} time {:?} multipv {} infinite {} threads {}",
                limits.depth,
                limits.nodes,
                limits.mate,
                limits.time,
                limits.multipv,
                limits.infinite,
                self.options.threads
            ));
        }
        let plan = Plan::Search(limits);
        let shared = Arc::clone(&self.shared);
        shared.stop.store(false, Ordering::Relaxed);
        shared.pondering.store(params.ponder, Ordering::Relaxed);
        shared.infinite.store(params.infinite, Ordering::Relaxed);
        let now = shared.now_ms();
        shared.clock_start_ms.store(now, Ordering::Relaxed);
        shared.search_start_ms.store(now, Ordering::Relaxed);
        let out = self.out.clone();
        let chess960 = self.options.chess960;
        let handle = thread::Builder::new()
            .name("search".into())
            .stack_size(64 * 1024 * 1024)
            .spawn(move || {
                let mut observer = UciObserver {
                    shared: Arc::clone(&shared),
                    out: out.clone(),
                    chess960,
                    last_info: None,
                };
                let result = panic::catch_unwind(AssertUnwindSafe(|| {
                    player.think(&plan, true, &mut observer)
                }));
                let (best, ponder, nodes) = match result {
                    Ok(d) => (d.best, d.ponder, Some(d.nodes)),
                    Err(_) => {
                        // Never leave the GUI without a legal move.
                        out.line("info string internal error in the search; playing a legal move");
                        let mut list = MoveList::new();
                        player.position().legal_moves(&mut list);
                        (list.first().copied(), None, None)
                    }
                };
                // The protocol: no bestmove during ponder or infinite until
                // `ponderhit` / `stop`.
                while (shared.pondering.load(Ordering::Relaxed)
                    || shared.infinite.load(Ordering::Relaxed))
                    && !shared.stop.load(Ordering::Relaxed)
                {
                    thread::sleep(Duration::from_millis(1));
                }
                // When an unfinished iteration spent nodes after the last
                // report, a closing line repeats that report with the final
                // count, so the GUI's nodes and nps add up; otherwise the
                // last report already is the final one.
                if let Some(mut info) = observer.last_info.take()
                    && let Some(nodes) = nodes
                    && nodes > info.nodes
                {
                    info.nodes = nodes;
                    out.line(&info_line(&info, shared.searching_ms(), chess960));
                }
                out.line(&bestmove_line(best, ponder, chess960));
                player
            });
        match handle {
            Ok(h) => self.running = Some(h),
            Err(_) => self.info_string("could not start the search thread"),
        }
    }

    /// The book for this `go`: a game's `go` plays from the book; one
    /// that asks for analysis (ponder, infinite, depth, nodes, mate or
    /// searchmoves) searches.
    fn book_for(&mut self, params: &GoParams) -> Option<Arc<engine::chess::book::Book>> {
        let analysis = params.ponder
            || params.infinite
            || params.depth.is_some()
            || params.nodes.is_some()
            || params.mate.is_some()
            || !params.searchmoves.is_empty();
        if analysis {
            return None;
        }
        self.book.current().unwrap_or_else(|e| {
            self.info_string(&e);
            None
        })
    }

    /// Translates `go` parameters into search limits (Turbo Chess time
    /// budget for clocks, `movetime` less the overhead).
    fn limits(&self, params: &GoParams) -> Limits {
        let us = self.board.side_to_move();
        let (ours, theirs, inc) = match us {
            Color::White => (params.wtime, params.btime, params.winc),
            Color::Black => (params.btime, params.wtime, params.binc),
        };
        // A clock for one side only (fastchess sends `go wtime 100`): the
        // game is timed, so budget on the clock we were given rather than
        // search without end.
        let time = ours.or(theirs);
        let overhead = self.options.move_overhead;
        let budget = if let Some(movetime) = params.movetime {
            Some(Budget::fixed(movetime, overhead))
        } else {
            time.map(|t| {
                Budget::for_clock(&Clock {
                    time: t,
                    increment: inc.unwrap_or(0),
                    moves_to_go: params.movestogo,
                    fullmove: self.board.fullmove_number(),
                    overhead,
                })
            })
        };
        let searchmoves = params
            .searchmoves
            .iter()
            .filter_map(|m| self.board.parse_uci_move(m).ok())
            .collect();
        Limits {
            depth: params.depth,
            nodes: params.nodes,
            mate: params.mate,
            time: if params.infinite { None } else { budget },
            searchmoves,
            multipv: self.options.multipv,
            infinite: params.infinite,
        }
    }

    /// Ends a running search (it prints its `bestmove`) and takes the
    /// player back.
    fn stop_search(&mut self) {
        if self.running.is_some() {
            self.shared.stop.store(true, Ordering::Relaxed);
            self.shared.pondering.store(false, Ordering::Relaxed);
            self.shared.infinite.store(false, Ordering::Relaxed);
        }
        self.join_search();
    }

    fn join_search(&mut self) {
        if let Some(handle) = self.running.take() {
            match handle.join() {
                Ok(p) => self.player = Some(p),
                Err(_) => self.player = None,
            }
        }
    }
}

/// Runs the UCI protocol on stdin/stdout.
pub fn run_stdio() {
    let out = Output::new(Box::new(std::io::stdout()));
    let mut engine = UciEngine::new(out);
    let stdin = std::io::stdin();
    engine.run(stdin.lock());
}
