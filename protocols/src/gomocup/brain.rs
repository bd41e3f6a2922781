//! The brain: game state and the answer to every Piskvork command.

use std::time::Instant;

use engine::gomoku::search::{DEFAULT_TT_BYTES, Reason, evaluate};
use engine::gomoku::{Board, Colour, Limits, Point, Rule, Searcher, Turbo1985};

use super::clock::TimeControl;
use super::command::{Command, CommandError, Coord, Field, parse_board_line, parse_command};

/// Who plays the brain's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Threat search and alpha-beta.
    Turbo,
    /// The 1985 `FindMove`, the baseline.
    Turbo1985,
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.to_ascii_lowercase().as_str() {
            "turbo" | "search" => Ok(Level::Turbo),
            "turbo1985" | "1985" => Ok(Level::Turbo1985),
            _ => Err(format!("unknown level {s:?}: expected turbo or turbo1985")),
        }
    }
}

/// The replies to one line, and whether the brain must now exit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub lines: Vec<String>,
    pub exit: bool,
}

impl Reply {
    fn line(text: String) -> Reply {
        Reply {
            lines: vec![text],
            exit: false,
        }
    }
}

/// The stones of the game, as the manager sees them (own / opponent).
#[derive(Clone, Debug)]
struct Game {
    width: usize,
    height: usize,
    stones: Vec<(Coord, Field)>,
}

impl Game {
    fn new(width: usize, height: usize) -> Game {
        Game {
            width,
            height,
            stones: Vec::new(),
        }
    }

    fn at(&self, c: Coord) -> Option<Field> {
        self.stones.iter().find(|(s, _)| *s == c).map(|&(_, f)| f)
    }

    /// Checks that `c` is on the board and free.
    fn check_free(&self, c: Coord) -> Result<(), String> {
        if c.x >= self.width || c.y >= self.height {
            return Err(format!(
                "{c} is off the board: expected x in 0..{} and y in 0..{}",
                self.width, self.height
            ));
        }
        if self.at(c).is_some() {
            return Err(format!("{c} is already occupied"));
        }
        Ok(())
    }

    /// The engine's board, with the brain's colour: black if it is to move
    /// with as many stones as the opponent (black moves first).
    fn engine_board(&self, rule: Rule) -> Result<(Board, Colour), String> {
        let own = self.stones.iter().filter(|s| s.1 == Field::Own).count();
        let opp = self
            .stones
            .iter()
            .filter(|s| s.1 == Field::Opponent)
            .count();
        let me = if own == opp {
            Colour::Black
        } else {
            Colour::White
        };
        let mut board = Board::new(self.width, self.height, rule).map_err(|e| e.to_string())?;
        for &(c, f) in &self.stones {
            let p = Point::new(c.x, c.y);
            let result = match f {
                Field::Own => board.play(p, me),
                Field::Opponent => board.play(p, me.opponent()),
                Field::Dead => board.place_wall(p),
            };
            result.map_err(|e| e.to_string())?;
        }
        Ok((board, me))
    }
}

/// Multi-line input being collected.
#[derive(Clone, Debug)]
enum Collecting {
    None,
    Board(Vec<(Coord, Field)>, Option<String>),
    Swap2(Vec<Coord>, Option<String>),
}

/// A Gomocup brain: feed it lines, print what it returns.
pub struct Brain {
    game: Option<Game>,
    collecting: Collecting,
    time: TimeControl,
    rule: Rule,
    max_memory: u64,
    level: Level,
    searcher: Option<Searcher>,
    turbo1985: Turbo1985,
    /// Problems with INFO lines, reported before the next reply.
    pending: Vec<String>,
}

impl Brain {
    /// A brain before `START`. Cheap: the search tables are allocated at
    /// the first move.
    pub fn new(level: Level) -> Brain {
        Brain {
            game: None,
            collecting: Collecting::None,
            time: TimeControl::default(),
            rule: Rule::FREESTYLE,
            max_memory: 0,
            level,
            searcher: None,
            turbo1985: Turbo1985::new(1985),
            pending: Vec::new(),
        }
    }

    pub fn level(&self) -> Level {
        self.level
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    pub fn time_control(&self) -> TimeControl {
        self.time
    }

    /// Answers one input line that arrived at `received`.
    pub fn handle(&mut self, line: &str, received: Instant) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            return Reply::default();
        }
        let mut reply = match std::mem::replace(&mut self.collecting, Collecting::None) {
            Collecting::None => self.command(line, received),
            Collecting::Board(stones, error) => self.board_line(line, stones, error, received),
            Collecting::Swap2(stones, error) => self.swap2_line(line, stones, error, received),
        };
        if !reply.lines.is_empty() && !self.pending.is_empty() {
            let mut lines = std::mem::take(&mut self.pending);
            lines.append(&mut reply.lines);
            reply.lines = lines;
        }
        reply
    }

    fn command(&mut self, line: &str, received: Instant) -> Reply {
        let command = match parse_command(line) {
            Ok(c) => c,
            Err(e @ CommandError::Unknown(_)) => return Reply::line(format!("UNKNOWN {e}")),
            Err(e) => return Reply::line(format!("ERROR {e}")),
        };
        let result = match command {
            Command::Start(n) => self.start(n, n),
            Command::RectStart(w, h) => self.start(w, h),
            Command::Restart => match &self.game {
                Some(g) => {
                    let (w, h) = (g.width, g.height);
                    self.start(w, h)
                }
                None => Err("RESTART before START: expected START n first".to_string()),
            },
            Command::Begin => self.begin(received),
            Command::Turn(c) => self.turn(c, received),
            Command::Play(c) => self.play(c),
            Command::TakeBack(c) => self.take_back(c),
            Command::Board => {
                self.collecting = Collecting::Board(Vec::new(), None);
                return Reply::default();
            }
            Command::Swap2Board => {
                self.collecting = Collecting::Swap2(Vec::new(), None);
                return Reply::default();
            }
            Command::Info(key, value) => {
                self.info(&key, &value);
                return Reply::default();
            }
            Command::About => Ok(format!(
                "name=\"pbrain-turbo\", version=\"{}\", author=\"Turbo GameWorks in Rust developers\", country=\"USA\", www=\"Turbo GameWorks (Borland, 1985) grown up\"",
                env!("CARGO_PKG_VERSION")
            )),
            Command::End => {
                return Reply {
                    lines: Vec::new(),
                    exit: true,
                };
            }
        };
        match result {
            Ok(text) => Reply::line(text),
            Err(e) => Reply::line(format!("ERROR {e}")),
        }
    }

    fn start(&mut self, width: usize, height: usize) -> Result<String, String> {
        Board::new(width, height, self.rule).map_err(|e| e.to_string())?;
        self.game = Some(Game::new(width, height));
        // A new game replays the same way: the 1985 level's dice restart.
        self.turbo1985 = Turbo1985::new(1985);
        if let Some(s) = &mut self.searcher {
            s.clear();
        }
        Ok("OK".to_string())
    }

    fn game(&self) -> Result<&Game, String> {
        self.game
            .as_ref()
            .ok_or_else(|| "no game: expected START n first".to_string())
    }

    fn begin(&mut self, received: Instant) -> Result<String, String> {
        let game = self.game()?;
        if !game.stones.is_empty() {
            return Err("BEGIN needs an empty board: use BOARD to set up stones".to_string());
        }
        self.think_and_play(received)
    }

    fn turn(&mut self, c: Coord, received: Instant) -> Result<String, String> {
        self.game()?.check_free(c)?;
        let game = self.game.as_mut().expect("checked above");
        game.stones.push((c, Field::Opponent));
        let reply = self.think_and_play(received);
        if reply.is_err() {
            // Leave the game as it was before this command.
            self.game.as_mut().expect("checked above").stones.pop();
        }
        reply
    }

    fn play(&mut self, c: Coord) -> Result<String, String> {
        self.game()?.check_free(c)?;
        self.game
            .as_mut()
            .expect("checked above")
            .stones
            .push((c, Field::Own));
        Ok(c.to_string())
    }

    fn take_back(&mut self, c: Coord) -> Result<String, String> {
        let game = self.game()?;
        if c.x >= game.width || c.y >= game.height {
            return Err(format!(
                "{c} is off the board: expected x in 0..{} and y in 0..{}",
                game.width, game.height
            ));
        }
        let game = self.game.as_mut().expect("checked above");
        let Some(i) = game.stones.iter().position(|(s, _)| *s == c) else {
            return Err(format!("{c} holds no stone to take back"));
        };
        game.stones.remove(i);
        Ok("OK".to_string())
    }

    fn info(&mut self, key: &str, value: &str) {
        let int = |v: &str| v.trim().parse::<i64>();
        let problem = match key {
            "timeout_turn" => int(value).map(|v| self.time.turn_ms = v).err(),
            "timeout_match" => int(value).map(|v| self.time.match_ms = v).err(),
            "time_left" => int(value).map(|v| self.time.left_ms = v).err(),
            "max_memory" => int(value).map(|v| self.max_memory = v.max(0) as u64).err(),
            "game_type" => int(value).map(|_| ()).err(),
            "rule" => match int(value) {
                Ok(mask) => match Rule::from_mask(mask) {
                    Ok(rule) => {
                        self.rule = rule;
                        None
                    }
                    Err(e) => {
                        self.pending.push(format!("MESSAGE INFO rule ignored: {e}"));
                        return;
                    }
                },
                Err(e) => Some(e),
            },
            "level" => {
                match value.parse::<Level>() {
                    Ok(level) => self.level = level,
                    Err(e) => self
                        .pending
                        .push(format!("MESSAGE INFO level ignored: {e}")),
                }
                return;
            }
            // folder, evaluate and keys of other managers: nothing to do.
            _ => None,
        };
        if problem.is_some() {
            self.pending.push(format!(
                "MESSAGE INFO {key} ignored: {value:?} is not a number (expected an integer)"
            ));
        }
    }

    fn board_line(
        &mut self,
        line: &str,
        mut stones: Vec<(Coord, Field)>,
        mut error: Option<String>,
        received: Instant,
    ) -> Reply {
        if line.eq_ignore_ascii_case("END") {
            return Reply {
                lines: Vec::new(),
                exit: true,
            };
        }
        if !line.eq_ignore_ascii_case("DONE") {
            match parse_board_line(line) {
                Ok(stone) => stones.push(stone),
                Err(e) => {
                    error.get_or_insert(e.to_string());
                }
            }
            self.collecting = Collecting::Board(stones, error);
            return Reply::default();
        }
        let result = match error {
            Some(e) => Err(e),
            None => self.set_board(stones, received),
        };
        match result {
            Ok(text) => Reply::line(text),
            Err(e) => Reply::line(format!("ERROR BOARD rejected, position unchanged: {e}")),
        }
    }

    /// Replaces the position by the `BOARD` stones and answers with a move.
    fn set_board(
        &mut self,
        stones: Vec<(Coord, Field)>,
        received: Instant,
    ) -> Result<String, String> {
        let game = self.game()?;
        let mut fresh = Game::new(game.width, game.height);
        for (c, f) in stones {
            if let Some(other) = fresh.at(c) {
                return Err(if other == f {
                    format!("{c} is listed twice")
                } else {
                    format!("{c} is listed with both field {other} and field {f}")
                });
            }
            fresh.check_free(c)?;
            fresh.stones.push((c, f));
        }
        let old = self.game.replace(fresh);
        let reply = self.think_and_play(received);
        if reply.is_err() {
            self.game = old;
        }
        reply
    }

    fn swap2_line(
        &mut self,
        line: &str,
        mut stones: Vec<Coord>,
        mut error: Option<String>,
        received: Instant,
    ) -> Reply {
        if line.eq_ignore_ascii_case("END") {
            return Reply {
                lines: Vec::new(),
                exit: true,
            };
        }
        if !line.eq_ignore_ascii_case("DONE") {
            let parsed = parse_board_line(line)
                .map(|(c, _)| c)
                .or_else(|_| super::command::parse_coord(line));
            match parsed {
                Ok(c) => stones.push(c),
                Err(e) => {
                    error.get_or_insert(e.to_string());
                }
            }
            self.collecting = Collecting::Swap2(stones, error);
            return Reply::default();
        }
        let result = match error {
            Some(e) => Err(e),
            None => self.swap2(&stones, received),
        };
        match result {
            Ok(text) => Reply::line(text),
            Err(e) => Reply::line(format!("ERROR SWAP2BOARD: {e}")),
        }
    }

    /// Swap2 opening decisions. The game state is not changed: the manager
    /// sends the agreed stones as a normal `BOARD` afterwards.
    fn swap2(&mut self, stones: &[Coord], received: Instant) -> Result<String, String> {
        let game = self.game()?;
        let (w, h) = (game.width, game.height);
        let mut board = Board::new(w, h, self.rule).map_err(|e| e.to_string())?;
        for (i, c) in stones.iter().enumerate() {
            let colour = if i % 2 == 0 {
                Colour::Black
            } else {
                Colour::White
            };
            board
                .play(Point::new(c.x, c.y), colour)
                .map_err(|e| e.to_string())?;
        }
        match stones.len() {
            0 => {
                // A quiet, roughly balanced opening: two black stones and a
                // white one not touching.
                let (cx, cy) = (w / 2, h / 2);
                Ok(format!(
                    "{cx},{cy} {},{} {},{}",
                    cx + 1,
                    cy - 1,
                    cx + 2,
                    cy + 1
                ))
            }
            3 | 5 => {
                // White to move. If black is clearly better, take black.
                let to_move = Colour::White;
                if evaluate(&board, to_move) < -60 {
                    return Ok("SWAP".to_string());
                }
                let mut searcher = self
                    .searcher
                    .take()
                    .unwrap_or_else(|| Searcher::new(self.tt_bytes()));
                let deadline = received + self.time.budget(w * h - stones.len());
                let result =
                    searcher.search(&mut board, to_move, &Limits::until(deadline), &mut |_| {});
                self.searcher = Some(searcher);
                let best = result.best.ok_or("no move left")?;
                Ok(best.to_string())
            }
            n => Err(format!("{n} stones given: expected 0, 3 or 5")),
        }
    }

    fn tt_bytes(&self) -> usize {
        match self.max_memory {
            0 => DEFAULT_TT_BYTES,
            // Leave most of the allowance to the process and the board.
            m => ((m / 4) as usize).min(DEFAULT_TT_BYTES * 2),
        }
    }

    /// Chooses a move for the current position, plays it and returns it.
    fn think_and_play(&mut self, received: Instant) -> Result<String, String> {
        let game = self.game()?;
        let (mut board, me) = game.engine_board(self.rule)?;
        let empty = game.width * game.height - game.stones.len();
        if board.is_full() {
            return Err("the board is full: no move left".to_string());
        }
        let best = match self.level {
            Level::Turbo1985 => self.turbo1985.find_move(&mut board, me),
            Level::Turbo => {
                let bytes = self.tt_bytes();
                if self
                    .searcher
                    .as_ref()
                    .is_none_or(|s| s.tt_bytes() > bytes.max(1))
                {
                    self.searcher = Some(Searcher::new(bytes));
                }
                let searcher = self.searcher.as_mut().expect("just made");
                let deadline = received + self.time.budget(empty);
                let mut limits = Limits::until(deadline);
                if self.time.is_fast() {
                    limits.depth = 2;
                }
                let result = searcher.search(&mut board, me, &limits, &mut |_| {});
                let elapsed = Instant::now().saturating_duration_since(received);
                let best = result.best;
                if let Some(p) = best {
                    self.pending.push(format!(
                        "DEBUG {p} {:?} depth {} score {} nodes {} in {} ms",
                        result.reason,
                        result.depth,
                        result.score,
                        result.nodes,
                        elapsed.as_millis()
                    ));
                }
                debug_assert!(result.reason != Reason::NoMove || best.is_none());
                best
            }
        };
        let p = best.ok_or("no legal move left")?;
        let c = Coord { x: p.x, y: p.y };
        self.game
            .as_mut()
            .expect("checked above")
            .stones
            .push((c, Field::Own));
        Ok(c.to_string())
    }
}
