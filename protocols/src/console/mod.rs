//! `turbochess play`: Turbo Chess's own console game (handbook ch. 2), for
//! a person with a terminal and no GUI. The board is drawn after each move;
//! moves are typed in algebraic, short or standard notation; the handbook's
//! commands (Newgame, Quit, Level, Back, Forward, Hint, Play, Turn, Edit,
//! Auto, MultiMove, Value, ?) work by their first letter. Every game is
//! appended to a PGN file (the handbook's CHESS listing).
//!
//! Input is read on its own thread and handed over line by line, so the
//! program can be interrupted while it thinks (**P**lay: "immediately
//! terminates the search and makes the move which at that moment it
//! considers the best") and the game can be driven through a pipe.

mod brain;
mod budget;
pub mod cli;
mod display;
mod edit;
mod game;
mod input;
mod level;
mod pgn;
mod watch;

pub use level::{Level, LevelError};

use brain::{Source, Thought};
use display::{board_text, numbered, side_name, status_line, value_text};
use engine::chess::book::{Book, Library, PolyglotBook};
use engine::chess::eval::PAWN_VALUE;
use engine::chess::player::Player;
use engine::chess::{Board, Color, GameStatus, Move, STARTPOS};
use game::Game;
use input::{Command, parse_command, parse_user_move};
use pgn::{GameHeader, GameResult, MoveRecord, MoveSource};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};
use watch::ThinkWatch;

/// How the console game starts.
#[derive(Clone, Debug)]
pub struct ConsoleOptions {
    pub level: Level,
    /// Start in Auto mode: the program plays itself, game after game.
    pub auto: bool,
    /// Stop Auto after this many games (`None`: until stopped).
    pub games: Option<u32>,
    /// End a game as unfinished after this many full moves (keeps Auto
    /// demonstrations short).
    pub max_moves: Option<u32>,
    /// Where games are appended (`None`: no listing).
    pub pgn: Option<PathBuf>,
    /// Use the built-in opening library (the handbook's OPENING.LIB).
    pub own_book: bool,
    /// A Polyglot book to use instead of the built-in library.
    pub book_file: Option<PathBuf>,
    /// Start from this board file instead of the initial position.
    pub board_file: Option<PathBuf>,
    /// Seed for the opening library's random choices.
    pub seed: u64,
    /// Hash table size in MiB.
    pub hash_mb: usize,
    /// Repeat each input line in the output (for pipes; a terminal echoes
    /// by itself).
    pub echo_input: bool,
}

impl Default for ConsoleOptions {
    fn default() -> ConsoleOptions {
        ConsoleOptions {
            level: Level::default(),
            auto: false,
            games: None,
            max_moves: None,
            pgn: Some(PathBuf::from("chess.pgn")),
            own_book: true,
            book_file: None,
            board_file: None,
            seed: 0,
            hash_mb: 16,
            echo_input: true,
        }
    }
}

/// Play modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The person plays one side, the program the other.
    Normal,
    /// The program plays both sides, game after game.
    Auto,
    /// Both sides entered by hand.
    MultiMove,
}

/// The program resigns when its search sees it this far behind…
const RESIGN_SCORE: i32 = 6 * PAWN_VALUE;
/// …and it is this many pawns of material down.
const RESIGN_MATERIAL: i32 = 5;

/// The console session.
struct Console<'a> {
    out: &'a mut dyn Write,
    lines: Receiver<String>,
    /// Lines read while the program was thinking.
    pending: VecDeque<String>,
    input_closed: bool,
    game: Game,
    level: Level,
    mode: Mode,
    turned: bool,
    /// The program (the same player the UCI front end calls).
    player: Player,
    options: ConsoleOptions,
    round: u32,
    /// The program should make the next move (after the person moved, or
    /// **P**lay).
    program_to_move: bool,
    /// When the side to move started thinking.
    turn_started: Instant,
    /// The person's move times, for the Demo level.
    person_times: Vec<Duration>,
    quit: bool,
}

const HELP: &str = "\
Moves: e2e4, Nf3, exd5, O-O or KG1 (castle), e7e8 (queen) or QE8 / e8q (promote).
Commands (first letter is enough):
  N  Newgame    start a new game          Q  Quit       leave the program
  L  Level      how the program thinks    B  Back       take back a half-move (B 2: two)
  F  Forward    replay taken-back moves   H  Hint       the best move for you
  P  Play       the program moves now (and plays that side from now on)
  T  Turn       turn the board around     E  Edit       set up a position
  A  Auto       the program plays itself  M  MultiMove  enter moves for both sides
  V  Value      piece-value table (V WQ)  ?  Help       this list";

/// Runs the console game until **Q**uit or the end of the input.
pub fn run(
    options: ConsoleOptions,
    input: Box<dyn BufRead + Send>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            buf.clear();
            // Bytes, not `lines()`: a line that is not UTF-8 is bad input
            // to refuse, not the end of the session.
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let line = String::from_utf8_lossy(&buf);
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let book = load_book(&options, out)?;
    // The board file's second line names the side the program plays.
    let (board, program) = match &options.board_file {
        None => (Board::startpos(), Color::Black),
        Some(path) => match edit::load_board_file(path) {
            Ok(loaded) => loaded,
            Err(e) => {
                writeln!(out, "{e}; starting from the initial position")?;
                (Board::startpos(), Color::Black)
            }
        },
    };
    let mut console = Console {
        out,
        lines: rx,
        pending: VecDeque::new(),
        input_closed: false,
        game: Game::new(board, program),
        level: options.level,
        mode: if options.auto {
            Mode::Auto
        } else {
            Mode::Normal
        },
        turned: false,
        player: {
            let mut player = Player::new(options.hash_mb, options.seed);
            player.set_book(book.map(std::sync::Arc::new));
            player
        },
        options,
        round: 1,
        program_to_move: false,
        turn_started: Instant::now(),
        person_times: Vec::new(),
        quit: false,
    };
    console.main_loop()
}

fn load_book(options: &ConsoleOptions, out: &mut dyn Write) -> io::Result<Option<Book>> {
    if let Some(path) = &options.book_file {
        match crate::uci::book::read_book_file(path)
            .and_then(|b| PolyglotBook::from_bytes(&b).map_err(|e| e.to_string()))
        {
            Ok(book) => return Ok(Some(Book::Polyglot(book))),
            Err(e) => writeln!(out, "cannot use book {}: {e}", path.display())?,
        }
    }
    if !options.own_book {
        return Ok(None);
    }
    match Library::builtin() {
        Ok(library) => Ok(Some(Book::Library(library))),
        Err(e) => {
            writeln!(out, "opening library not loaded: {e}")?;
            Ok(None)
        }
    }
}

impl Console<'_> {
    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")?;
        self.out.flush()
    }

    /// Repeats a line read from a pipe, so the transcript reads like a
    /// terminal session.
    fn echo(&mut self, line: &str) -> io::Result<()> {
        if self.options.echo_input {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn show_board(&mut self) -> io::Result<()> {
        let text = board_text(&self.game.board, self.turned);
        let status = status_line(&self.game.board, self.game.clocks);
        write!(self.out, "\n{text}{status}\n")?;
        if self.game.board.in_check() && self.game.result.is_none() {
            self.say("Check!")?;
        }
        self.out.flush()
    }

    /// The next input line: queued first, then from the reader (blocking).
    fn next_line(&mut self) -> Option<String> {
        if let Some(line) = self.pending.pop_front() {
            return Some(line);
        }
        if self.input_closed {
            return None;
        }
        match self.lines.recv() {
            Ok(line) => Some(line),
            Err(_) => {
                self.input_closed = true;
                None
            }
        }
    }

    fn prompt(&mut self) -> io::Result<()> {
        let side = side_name(self.game.board.side_to_move());
        let what = if self.mode == Mode::MultiMove {
            "MultiMove"
        } else {
            "Your move"
        };
        write!(self.out, "{what} ({side}) or command (? for help): ")?;
        self.out.flush()
    }

    fn main_loop(&mut self) -> io::Result<()> {
        self.say("Turbo Chess: the console game of Turbo GameWorks. Type ? for help.")?;
        self.say(&format!("Level: {}", self.level.describe()))?;
        self.show_board()?;
        self.turn_started = Instant::now();
        while !self.quit {
            if self.mode == Mode::Auto {
                self.auto_step()?;
                continue;
            }
            if self.program_to_move && self.game.result.is_none() && self.mode == Mode::Normal {
                self.program_move()?;
                continue;
            }
            self.prompt()?;
            let Some(line) = self.next_line() else {
                writeln!(self.out)?;
                break;
            };
            self.echo(&line)?;
            self.handle(&line)?;
        }
        self.list_game()?;
        self.say("Goodbye.")
    }

    fn handle(&mut self, line: &str) -> io::Result<()> {
        if line.trim().is_empty() {
            return Ok(());
        }
        match parse_command(line) {
            Command::Help => self.say(HELP),
            Command::Quit => {
                self.quit = true;
                Ok(())
            }
            Command::NewGame => self.new_game(None),
            Command::Level(rest) => self.set_level(&rest),
            Command::Back(n) => self.back(n),
            Command::Forward(n) => self.forward(n),
            Command::Hint => self.hint(),
            Command::Play => {
                if self.game.result.is_some() && self.game.board.has_no_moves() {
                    return self.say("The game is over: N starts a new one.");
                }
                self.game.program = self.game.board.side_to_move();
                self.game.result = None;
                if self.mode == Mode::MultiMove {
                    self.mode = Mode::Normal;
                }
                self.program_to_move = true;
                Ok(())
            }
            Command::Turn => {
                self.turned = !self.turned;
                self.show_board()
            }
            Command::Edit => self.edit(),
            Command::Auto => {
                self.say("Auto: the program plays itself. Enter A or M to stop.")?;
                let finished = self.game.result.is_some();
                self.mode = Mode::Auto;
                if finished {
                    self.new_game(Some(Board::startpos()))?;
                }
                Ok(())
            }
            Command::MultiMove => {
                self.mode = if self.mode == Mode::MultiMove {
                    Mode::Normal
                } else {
                    Mode::MultiMove
                };
                self.program_to_move = false;
                let on = if self.mode == Mode::MultiMove {
                    "on: enter moves for both sides"
                } else {
                    "off"
                };
                self.say(&format!("MultiMove {on}."))
            }
            Command::Value(rest) => self.value(&rest),
            Command::Move(text) => self.person_move(&text),
        }
    }

    fn person_move(&mut self, text: &str) -> io::Result<()> {
        if self.game.board.has_no_moves() {
            return self.say("The game is over: N starts a new one.");
        }
        match parse_user_move(&self.game.board, text) {
            Err(e) => self.say(&format!("Illegal move: {e}")),
            Ok(mv) => {
                let spent = self.turn_started.elapsed();
                self.person_times.push(spent);
                let record = pgn::record(
                    &self.game.board,
                    mv,
                    MoveSource::Person,
                    spent.as_secs_f64(),
                );
                self.commit_move(record, spent)?;
                // Making a move overrides a resignation or a claimable draw.
                if self.mode == Mode::Normal && self.game.result.is_none() {
                    self.game.program = self.game.board.side_to_move();
                    self.program_to_move = true;
                }
                Ok(())
            }
        }
    }

    /// Plays a move on the game board, updates clocks, draws the board and
    /// announces the game's end.
    fn commit_move(&mut self, record: MoveRecord, spent: Duration) -> io::Result<()> {
        let side = self.game.board.side_to_move();
        self.game.clocks[side.index()] += spent;
        let text = numbered(&self.game.board, &record.san);
        self.game.redo.clear();
        self.game.result = None;
        self.game.play(record);
        self.show_board()?;
        self.say(&format!("Last move: {text}"))?;
        self.turn_started = Instant::now();
        self.announce()
    }

    /// Mate, stalemate and the draws, as the handbook's message line.
    fn announce(&mut self) -> io::Result<()> {
        let board = &self.game.board;
        let mover = !board.side_to_move();
        let (result, text) = match board.status() {
            GameStatus::Ongoing => return Ok(()),
            GameStatus::Checkmate => (
                if mover == Color::White {
                    GameResult::WhiteWins
                } else {
                    GameResult::BlackWins
                },
                format!("Checkmate: {} wins", side_name(mover)),
            ),
            GameStatus::Stalemate => (GameResult::Draw, "Draw by stalemate".to_string()),
            GameStatus::ThreefoldRepetition => {
                (GameResult::Draw, "Draw by third repetition".to_string())
            }
            GameStatus::FiftyMoves => (GameResult::Draw, "Draw by the 50-move rule".to_string()),
            GameStatus::InsufficientMaterial => {
                (GameResult::Draw, "Draw: neither side can mate".to_string())
            }
        };
        self.say(&format!("{text}."))?;
        self.game.result = Some((result, text));
        self.program_to_move = false;
        Ok(())
    }

    fn think(&mut self, board: &Board, use_book: bool) -> Thought {
        let plan = budget::plan(
            self.level,
            &self.game,
            self.mode == Mode::Auto,
            &self.person_times,
        );
        let infinite = self.level == Level::Infinite;
        let end_of_input_quits = self.end_of_input_quits();
        let mut watch = ThinkWatch {
            console_out: &mut *self.out,
            lines: &self.lines,
            pending: &mut self.pending,
            closed: &mut self.input_closed,
            quit: &mut self.quit,
            board,
            infinite,
            end_of_input_quits,
            pv: Vec::new(),
        };
        brain::think(&mut self.player, board, &plan, use_book, &mut watch)
    }

    /// The handbook's `ProgramMove`.
    fn program_move(&mut self) -> io::Result<()> {
        self.program_to_move = false;
        let board = self.game.board.clone();
        let side = side_name(board.side_to_move());
        self.player.set_position(board.clone());
        let in_book = self.player.in_book();
        if in_book {
            self.say("Using opening library")?;
        } else {
            self.say(&format!("Turbo Chess ({side}) is thinking…"))?;
        }
        let thought = self.think(&board, in_book);
        let Some(mv) = thought.best else {
            return self.announce();
        };
        let source = match thought.source {
            Source::Book => MoveSource::Book,
            Source::Search | Source::MateSolver => MoveSource::Search {
                value: value_text(thought.score),
                depth: thought.depth,
                nodes: thought.nodes,
                hint: thought.pv.get(1).map(|&reply| {
                    let mut after = board.clone();
                    after.make(mv);
                    after.san(reply)
                }),
            },
        };
        let record = pgn::record(&board, mv, source, thought.elapsed.as_secs_f64());
        let note = match thought.source {
            Source::Book => " (opening library)".to_string(),
            Source::MateSolver => " (mate search)".to_string(),
            Source::Search => format!(
                "  value {}  depth {}",
                value_text(thought.score),
                thought.depth
            ),
        };
        self.say(&format!(
            "Turbo Chess plays {}{note}",
            numbered(&board, &record.san)
        ))?;
        if thought.source != Source::Book && thought.score >= engine::chess::search::MATE_BOUND {
            self.say(&format!(
                "Turbo Chess announces {}.",
                value_text(thought.score)
            ))?;
        }
        self.commit_move(record, thought.elapsed)?;
        if self.game.result.is_none() && self.should_resign(&thought) {
            let winner = self.game.board.side_to_move();
            self.say(&format!("Turbo Chess ({}) resigns.", side_name(!winner)))?;
            let result = if winner == Color::White {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            };
            self.game.result = Some((result, format!("{} resigns", side_name(!winner))));
        }
        Ok(())
    }

    /// "The program will resign when it is heavily behind in material, but
    /// it will not resign if it is being mated."
    fn should_resign(&self, thought: &Thought) -> bool {
        let mover = !self.game.board.side_to_move();
        thought.source == Source::Search
            && thought.score <= -RESIGN_SCORE
            && !display::is_being_mated(thought.score)
            && self.game.material(mover) <= -RESIGN_MATERIAL
    }

    /// One step of Auto play: stop on A/M/Q, otherwise make the next move
    /// or start the next game.
    fn auto_step(&mut self) -> io::Result<()> {
        // Lines typed while the program was thinking wait in `pending`;
        // look at them and at what has arrived since.
        let mut incoming: Vec<String> = self.pending.drain(..).collect();
        loop {
            match self.lines.try_recv() {
                Ok(line) => incoming.push(line),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.input_closed = true;
                    break;
                }
            }
        }
        let mut stop = None;
        for line in incoming {
            match parse_command(&line) {
                Command::Auto if stop.is_none() => stop = Some(Mode::Normal),
                Command::MultiMove if stop.is_none() => stop = Some(Mode::MultiMove),
                Command::Quit if stop.is_none() => {
                    self.quit = true;
                    return Ok(());
                }
                _ if stop.is_none() => {
                    self.say(&format!(
                        "'{}' ignored: Auto is running, enter A or M to stop it.",
                        line.trim()
                    ))?;
                }
                // Commands after the one that stopped Auto are carried out.
                _ => self.pending.push_back(line),
            }
        }
        if let Some(mode) = stop {
            self.mode = mode;
            return self.say("Auto stopped.");
        }
        if self.input_closed && self.end_of_input_quits() {
            // Nobody is left to enter A: without a game limit Auto would
            // play forever.
            self.quit = true;
            return Ok(());
        }
        let over = self.game.result.is_some()
            || self
                .options
                .max_moves
                .is_some_and(|m| self.game.records.len() as u32 >= 2 * m);
        if !over {
            self.program_to_move = true;
            return self.program_move();
        }
        if self.game.result.is_none() {
            self.say("Move limit reached: game adjourned.")?;
            self.game.result = Some((GameResult::Unfinished, "move limit reached".to_string()));
        }
        self.list_game()?;
        if let Some(left) = self.options.games.as_mut() {
            *left = left.saturating_sub(1);
            if *left == 0 {
                self.mode = Mode::Normal;
                self.say("Auto: all games played.")?;
                return Ok(());
            }
        }
        self.new_game(Some(Board::startpos()))
    }

    /// End of input ends the session, as Quit does (the game is listed),
    /// except in a self-play run bounded by `--games`, which plays its
    /// games without input.
    fn end_of_input_quits(&self) -> bool {
        !(self.mode == Mode::Auto && self.options.games.is_some())
    }

    /// Appends the game to the listing (once).
    fn list_game(&mut self) -> io::Result<()> {
        if self.game.records.is_empty() || self.game.listed {
            return Ok(());
        }
        self.game.listed = true;
        let Some(path) = self.options.pgn.clone() else {
            return Ok(());
        };
        let name = |c: Color, program: Color, mode: Mode| {
            if mode == Mode::Auto || c == program {
                "Turbo Chess"
            } else {
                "Player"
            }
        };
        let start = Board::from_fen(&self.game.start_fen).unwrap_or_else(|_| Board::startpos());
        let (result, termination) = match &self.game.result {
            Some((r, t)) => (*r, Some(t.clone())),
            None => (GameResult::Unfinished, None),
        };
        let header = GameHeader {
            white: name(Color::White, self.game.program, self.mode).to_string(),
            black: name(Color::Black, self.game.program, self.mode).to_string(),
            level: self.level.to_string(),
            round: self.round,
            start_fen: self.game.start_fen.clone(),
            result,
            termination,
        };
        let text = pgn::game_text(
            &header,
            start.fullmove_number(),
            start.side_to_move() == Color::Black,
            &self.game.records,
        );
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .and_then(|mut f| f.write_all(text.as_bytes()));
        match written {
            Ok(()) => self.say(&format!(
                "Game {} appended to {}.",
                self.round,
                path.display()
            )),
            Err(e) => self.say(&format!("cannot write the game to {}: {e}", path.display())),
        }
    }

    fn new_game(&mut self, board: Option<Board>) -> io::Result<()> {
        self.list_game()?;
        self.round += 1;
        let board = board
            .unwrap_or_else(|| Board::from_fen(STARTPOS).unwrap_or_else(|_| Board::startpos()));
        let program = if self.mode == Mode::Auto {
            Color::White
        } else {
            !board.side_to_move()
        };
        self.game = Game::new(board, program);
        self.player.new_game();
        self.program_to_move = false;
        self.person_times.clear();
        self.say(&format!("New game (round {}).", self.round))?;
        self.show_board()?;
        self.turn_started = Instant::now();
        Ok(())
    }

    fn set_level(&mut self, rest: &str) -> io::Result<()> {
        let spec = if rest.trim().is_empty() {
            self.say(level::MENU)?;
            write!(self.out, "Level: ")?;
            self.out.flush()?;
            let Some(line) = self.next_line() else {
                return Ok(());
            };
            self.echo(&line)?;
            if line.trim().eq_ignore_ascii_case("q") {
                return self.say(&format!("Level unchanged: {}", self.level.describe()));
            }
            line
        } else {
            rest.to_string()
        };
        match spec.parse::<Level>() {
            Ok(level) => {
                self.level = level;
                // "When you change the level during the game, the chess
                // clocks are automatically reset. For normal level, the
                // clocks are set to the average time per move, multiplied
                // by the number of played moves. For other levels, the
                // clocks are set to zero."
                self.game.clocks = [Duration::ZERO; 2];
                if let Level::Normal { seconds } = level {
                    let to_move = self.game.board.side_to_move();
                    let plies = self.game.records.len() as u32;
                    // The side to move has made half of the plies, rounded
                    // down; the other side the rest.
                    let (mine, theirs) = (plies / 2, plies - plies / 2);
                    self.game.clocks[to_move.index()] =
                        Duration::from_secs(u64::from(seconds * mine));
                    self.game.clocks[(!to_move).index()] =
                        Duration::from_secs(u64::from(seconds * theirs));
                }
                self.say(&format!("Level: {}", level.describe()))?;
                let status = status_line(&self.game.board, self.game.clocks);
                self.say(&status)
            }
            Err(e) => self.say(&format!("Level unchanged: {e}")),
        }
    }

    fn back(&mut self, n: u32) -> io::Result<()> {
        let mut taken = 0;
        for _ in 0..n {
            let Some(record) = self.game.records.pop() else {
                break;
            };
            self.game.board.unmake();
            self.game.redo.push(record);
            taken += 1;
        }
        self.program_to_move = false;
        self.game.result = None;
        if taken == 0 {
            return self.say("Nothing to take back: this is the start of the game.");
        }
        self.say(&format!("Took back {taken} half-move(s)."))?;
        self.show_board()
    }

    fn forward(&mut self, n: u32) -> io::Result<()> {
        let mut replayed = 0;
        for _ in 0..n {
            let Some(record) = self.game.redo.pop() else {
                break;
            };
            self.game.board.make(record.mv);
            self.game.records.push(record);
            replayed += 1;
        }
        self.program_to_move = false;
        if replayed == 0 {
            return self.say("Nothing to replay: use B to take moves back first.");
        }
        self.say(&format!("Replayed {replayed} half-move(s)."))?;
        self.show_board()?;
        self.announce()
    }

    fn hint(&mut self) -> io::Result<()> {
        let board = self.game.board.clone();
        if board.has_no_moves() {
            return self.say("No hint: there is no legal move.");
        }
        let saved = self.level;
        // A hint is a library move or a short search: a few plies, never
        // the full time.
        self.level = match saved {
            Level::Ply { plies } => Level::Ply {
                plies: plies.min(5),
            },
            _ => Level::Ply { plies: 4 },
        };
        let thought = self.think(&board, true);
        self.level = saved;
        let mv: Option<Move> = thought.best;
        match mv {
            Some(mv) => self.say(&format!("Hint: {}", board.san(mv))),
            None => self.say("No hint."),
        }
    }

    fn value(&mut self, rest: &str) -> io::Result<()> {
        let spec = if rest.trim().is_empty() {
            write!(self.out, "Piece (colour and type, e.g. WQ or BN): ")?;
            self.out.flush()?;
            let Some(line) = self.next_line() else {
                return Ok(());
            };
            self.echo(&line)?;
            line
        } else {
            rest.to_string()
        };
        match edit::parse_colour_piece(spec.trim()) {
            Some(piece) => {
                let report = crate::uci::report::eval_report(&self.game.board, Some(piece));
                self.say(report.trim_end())
            }
            None => self.say(&format!(
                "'{}' is not a piece: expected W or B and one of P N B R Q K, e.g. WQ",
                spec.trim()
            )),
        }
    }

    fn edit(&mut self) -> io::Result<()> {
        self.say(edit::HELP)?;
        let mut editor = edit::Editor::new(&self.game.board);
        loop {
            write!(self.out, "Edit: ")?;
            self.out.flush()?;
            let Some(line) = self.next_line() else {
                return Ok(());
            };
            self.echo(&line)?;
            match editor.command(&line) {
                edit::Outcome::Message(m) => self.say(&m)?,
                edit::Outcome::Show => {
                    let text = display::grid_text(|sq| editor.piece_at(sq), self.turned);
                    write!(self.out, "{text}")?;
                    let side = side_name(editor.side);
                    self.say(&format!("{side} to move"))?;
                }
                edit::Outcome::Done(board) => {
                    self.list_game()?;
                    let program = !board.side_to_move();
                    self.game = Game::new(*board, program);
                    self.program_to_move = false;
                    self.say("Position set up.")?;
                    return self.show_board();
                }
                edit::Outcome::Refused(e) => self.say(&format!("Cannot leave the editor: {e}"))?,
            }
        }
    }
}
