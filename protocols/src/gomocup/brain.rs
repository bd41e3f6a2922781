//! The brain: the answer to every Piskvork command. The game, its rule,
//! clock and move choice are the core's [`Player`]; this file only turns
//! lines into calls and answers into lines.

use engine::gomoku::search::plies_to_end;
use engine::gomoku::{
    Decision, Level, Owner, Player, PlayerError, Point, Report, Rule, SearchControl, Swap2,
};

use super::command::{Command, CommandError, Coord, Field, parse_board_line, parse_command};

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

    fn exit() -> Reply {
        Reply {
            lines: Vec::new(),
            exit: true,
        }
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
    player: Player,
    collecting: Collecting,
    /// Problems with INFO lines, reported before the next reply.
    pending: Vec<String>,
}

/// One progress report as a `MESSAGE` line, which managers show the user:
/// depth, score, nodes, time and the expected line.
pub fn progress_message(report: &Report, elapsed_ms: u64) -> String {
    let score = match plies_to_end(report.score) {
        Some(n) if n > 0 => format!("win in {n}"),
        Some(n) => format!("loss in {}", -n),
        None => report.score.to_string(),
    };
    let pv: Vec<String> = report.pv.iter().map(Point::to_string).collect();
    format!(
        "MESSAGE depth {} score {score} nodes {} time {elapsed_ms} ms pv {}",
        report.depth,
        report.nodes,
        pv.join(" ")
    )
}

fn point(c: Coord) -> Point {
    Point::new(c.x, c.y)
}

fn owner(f: Field) -> Owner {
    match f {
        Field::Own => Owner::Own,
        Field::Opponent => Owner::Opponent,
        Field::Dead => Owner::Dead,
    }
}

/// A player error in the protocol's words.
fn error_text(e: PlayerError) -> String {
    match e {
        PlayerError::NoGame => "no game: expected START n first".to_string(),
        PlayerError::NotEmpty => {
            "BEGIN needs an empty board: use BOARD to set up stones".to_string()
        }
        e => e.to_string(),
    }
}

impl Brain {
    /// A brain before `START`. Cheap: the search tables are allocated at
    /// the first move.
    pub fn new(level: Level) -> Brain {
        Brain {
            player: Player::new(level),
            collecting: Collecting::None,
            pending: Vec::new(),
        }
    }

    /// The program behind the protocol.
    pub fn player(&self) -> &Player {
        &self.player
    }

    /// Answers one input line. `control` carries the clock of this line
    /// (started when it was read), the stop flag and the progress output.
    pub fn handle(&mut self, line: &str, control: &mut SearchControl<'_>) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            return Reply::default();
        }
        let mut reply = match std::mem::replace(&mut self.collecting, Collecting::None) {
            Collecting::None => self.command(line, control),
            Collecting::Board(stones, error) => self.board_line(line, stones, error, control),
            Collecting::Swap2(stones, error) => self.swap2_line(line, stones, error, control),
        };
        if !reply.lines.is_empty() && !self.pending.is_empty() {
            let mut lines = std::mem::take(&mut self.pending);
            lines.append(&mut reply.lines);
            reply.lines = lines;
        }
        reply
    }

    fn command(&mut self, line: &str, control: &mut SearchControl<'_>) -> Reply {
        let command = match parse_command(line) {
            Ok(c) => c,
            Err(e @ CommandError::Unknown(_)) => return Reply::line(format!("UNKNOWN {e}")),
            Err(e) => return Reply::line(format!("ERROR {e}")),
        };
        let ok = |()| "OK".to_string();
        let result = match command {
            Command::Start(n) => self.player.start(n, n).map(ok),
            Command::RectStart(w, h) => self.player.start(w, h).map(ok),
            Command::Restart => self.player.restart().map(ok),
            Command::Begin => self
                .player
                .begin(control)
                .map(|d| self.announce(d, control)),
            Command::Turn(c) => self
                .player
                .reply_to(point(c), control)
                .map(|d| self.announce(d, control)),
            Command::Play(c) => self.player.play_own(point(c)).map(|()| c.to_string()),
            Command::TakeBack(c) => self.player.take_back(point(c)).map(ok),
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
            // A stop that arrives while the brain is not thinking has
            // nothing to stop.
            Command::Stop => return Reply::default(),
            Command::End => return Reply::exit(),
        };
        match result {
            Ok(text) => Reply::line(text),
            Err(e) => Reply::line(format!("ERROR {}", error_text(e))),
        }
    }

    /// The move as the manager reads it, with a `DEBUG` line about the
    /// search behind it queued before it.
    fn announce(&mut self, d: Decision, control: &SearchControl<'_>) -> String {
        if let Some(r) = d.search {
            self.pending.push(format!(
                "DEBUG {} {:?} depth {} score {} nodes {} in {} ms",
                d.point,
                r.reason,
                r.depth,
                r.score,
                r.nodes,
                control.elapsed_ms()
            ));
        }
        d.point.to_string()
    }

    fn info(&mut self, key: &str, value: &str) {
        let int = |v: &str| v.trim().parse::<i64>();
        let clock = self.player.clock_mut();
        let problem = match key {
            "timeout_turn" => int(value).map(|v| clock.turn_ms = v).err(),
            "timeout_match" => int(value).map(|v| clock.match_ms = v).err(),
            "time_left" => int(value).map(|v| clock.left_ms = v).err(),
            "max_memory" => int(value)
                .map(|v| self.player.set_max_memory(v.max(0) as u64))
                .err(),
            "game_type" => int(value).map(|_| ()).err(),
            // Yixin's and Rapfi's node budget of a move; 0 or less: none.
            "max_node" => int(value)
                .map(|v| self.player.set_node_limit((v > 0).then_some(v as u64)))
                .err(),
            "rule" => match int(value) {
                Ok(mask) => match Rule::from_mask(mask) {
                    Ok(rule) => {
                        self.player.set_rule(rule);
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
                    Ok(level) => self.player.set_level(level),
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
        control: &mut SearchControl<'_>,
    ) -> Reply {
        if line.eq_ignore_ascii_case("END") {
            return Reply::exit();
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
            None => self.set_board(&stones, control),
        };
        match result {
            Ok(text) => Reply::line(text),
            Err(e) => Reply::line(format!("ERROR BOARD rejected, position unchanged: {e}")),
        }
    }

    /// Replaces the position by the `BOARD` stones and answers with a move.
    fn set_board(
        &mut self,
        stones: &[(Coord, Field)],
        control: &mut SearchControl<'_>,
    ) -> Result<String, String> {
        for (i, &(c, f)) in stones.iter().enumerate() {
            if let Some(&(_, other)) = stones[..i].iter().find(|(s, _)| *s == c) {
                return Err(if other == f {
                    format!("{c} is listed twice")
                } else {
                    format!("{c} is listed with both field {other} and field {f}")
                });
            }
        }
        let stones: Vec<(Point, Owner)> =
            stones.iter().map(|&(c, f)| (point(c), owner(f))).collect();
        self.player
            .set_position(&stones, control)
            .map(|d| self.announce(d, control))
            .map_err(error_text)
    }

    fn swap2_line(
        &mut self,
        line: &str,
        mut stones: Vec<Coord>,
        mut error: Option<String>,
        control: &mut SearchControl<'_>,
    ) -> Reply {
        if line.eq_ignore_ascii_case("END") {
            return Reply::exit();
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
        let stones: Vec<Point> = stones.into_iter().map(point).collect();
        let result = match error {
            Some(e) => Err(e),
            None => self
                .player
                .swap2(&stones, control)
                .map_err(error_text)
                .map(|answer| match answer {
                    Swap2::Open(points) => {
                        let points: Vec<String> = points.iter().map(Point::to_string).collect();
                        points.join(" ")
                    }
                    Swap2::Swap => "SWAP".to_string(),
                    Swap2::Move(p) => p.to_string(),
                }),
        };
        match result {
            Ok(text) => Reply::line(text),
            Err(e) => Reply::line(format!("ERROR SWAP2BOARD: {e}")),
        }
    }
}
