//! Parsing Gomocup (Piskvork protocol) command lines into typed commands.

use std::fmt;

/// A point as the manager sends it, not yet checked against a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub x: usize,
    pub y: usize,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// What a `BOARD` line says is on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// 1: the brain's own stone.
    Own,
    /// 2: the opponent's stone.
    Opponent,
    /// 3: a stone of a finished line in a continuous game (blocks lines).
    Dead,
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = match self {
            Field::Own => 1,
            Field::Opponent => 2,
            Field::Dead => 3,
        };
        write!(f, "{n}")
    }
}

/// One manager → brain command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(usize),
    RectStart(usize, usize),
    Restart,
    Begin,
    Turn(Coord),
    Board,
    Swap2Board,
    Info(String, String),
    TakeBack(Coord),
    Play(Coord),
    About,
    /// `STOP` (GUIs) or Yixin's `YXSTOP`: answer the move being thought
    /// about now. Nothing to do when the brain is not thinking.
    Stop,
    End,
}

/// Why a line is not a command we can carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// Not a Piskvork command at all: answered `UNKNOWN`.
    Unknown(String),
    /// A known command without its argument.
    MissingArgument {
        command: &'static str,
        expected: &'static str,
    },
    /// A size that is not a number.
    BadSize { text: String },
    /// A coordinate that is not `x,y` with two non-negative integers.
    BadCoord { text: String },
    /// A `BOARD` line that is not `x,y,field` with field 1, 2 or 3.
    BadBoardLine { text: String },
    /// An `INFO` line without a key.
    BadInfo,
}

impl CommandError {
    /// Unknown commands get `UNKNOWN`, everything else `ERROR`.
    pub fn is_unknown(&self) -> bool {
        matches!(self, CommandError::Unknown(_))
    }
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown(word) => write!(
                f,
                "unknown command {word:?}: expected START, RECTSTART, RESTART, BEGIN, TURN, BOARD, SWAP2BOARD, INFO, TAKEBACK, PLAY, ABOUT, STOP or END"
            ),
            CommandError::MissingArgument { command, expected } => {
                write!(
                    f,
                    "{command} needs an argument: expected {command} {expected}"
                )
            }
            CommandError::BadSize { text } => {
                write!(
                    f,
                    "bad board size {text:?}: expected a number such as 15 or 20"
                )
            }
            CommandError::BadCoord { text } => write!(
                f,
                "bad coordinate {text:?}: expected x,y with two non-negative integers, e.g. 7,7"
            ),
            CommandError::BadBoardLine { text } => write!(
                f,
                "bad BOARD line {text:?}: expected x,y,field with field 1 (own), 2 (opponent) or 3 (dead stone)"
            ),
            CommandError::BadInfo => write!(f, "INFO needs a key: expected INFO key value"),
        }
    }
}

impl std::error::Error for CommandError {}

fn number(text: &str) -> Option<usize> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// Parses `x,y`.
pub fn parse_coord(text: &str) -> Result<Coord, CommandError> {
    let bad = || CommandError::BadCoord {
        text: text.trim().to_string(),
    };
    let mut parts = text.split(',');
    let (Some(x), Some(y), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    Ok(Coord {
        x: number(x).ok_or_else(bad)?,
        y: number(y).ok_or_else(bad)?,
    })
}

/// Parses a `BOARD` / `SWAP2BOARD` line `x,y,field`.
pub fn parse_board_line(text: &str) -> Result<(Coord, Field), CommandError> {
    let bad = || CommandError::BadBoardLine {
        text: text.trim().to_string(),
    };
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y, f] = parts[..] else {
        return Err(bad());
    };
    let coord = Coord {
        x: number(x).ok_or_else(bad)?,
        y: number(y).ok_or_else(bad)?,
    };
    let field = match number(f) {
        Some(1) => Field::Own,
        Some(2) => Field::Opponent,
        Some(3) => Field::Dead,
        _ => return Err(bad()),
    };
    Ok((coord, field))
}

/// Parses one command line (already stripped of its line end).
/// Commands are case-insensitive; INFO keys are lower-cased.
pub fn parse_command(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    let upper = word.to_ascii_uppercase();
    let need = |command: &'static str, expected: &'static str| {
        if rest.is_empty() {
            Err(CommandError::MissingArgument { command, expected })
        } else {
            Ok(rest)
        }
    };
    match upper.as_str() {
        "START" => {
            let arg = need("START", "n, e.g. START 15")?;
            number(arg)
                .map(Command::Start)
                .ok_or_else(|| CommandError::BadSize {
                    text: arg.to_string(),
                })
        }
        "RECTSTART" => {
            let arg = need("RECTSTART", "w,h, e.g. RECTSTART 20,15")?;
            let c = parse_coord(arg).map_err(|_| CommandError::BadSize {
                text: arg.to_string(),
            })?;
            Ok(Command::RectStart(c.x, c.y))
        }
        "RESTART" => Ok(Command::Restart),
        "BEGIN" => Ok(Command::Begin),
        "TURN" => Ok(Command::Turn(parse_coord(need("TURN", "x,y")?)?)),
        "TAKEBACK" => Ok(Command::TakeBack(parse_coord(need("TAKEBACK", "x,y")?)?)),
        "PLAY" => Ok(Command::Play(parse_coord(need("PLAY", "x,y")?)?)),
        "BOARD" => Ok(Command::Board),
        "SWAP2BOARD" => Ok(Command::Swap2Board),
        "ABOUT" => Ok(Command::About),
        "END" => Ok(Command::End),
        "STOP" | "YXSTOP" => Ok(Command::Stop),
        "INFO" => {
            if rest.is_empty() {
                return Err(CommandError::BadInfo);
            }
            let (key, value) = match rest.find(char::is_whitespace) {
                Some(i) => (&rest[..i], rest[i..].trim()),
                None => (rest, ""),
            };
            Ok(Command::Info(key.to_ascii_lowercase(), value.to_string()))
        }
        // Echo at most 32 characters of whatever arrived.
        _ => Err(CommandError::Unknown(word.chars().take(32).collect())),
    }
}
