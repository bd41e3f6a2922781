//! One UCI input line → one typed [`Command`].
//!
//! The short commands (`uci`, `isready`, `debug on`, …) are classified with
//! `vampirc-uci` 0.11.1, but that parser panics on some inputs (numbers
//! above 255 where it keeps a `u8`, `2^64`) and silently drops tokens on
//! others (see `shared/reference/uci-notes.md` §2.2). So every line is first
//! normalised (whitespace collapsed, `\r` gone), and the commands it is
//! known to lose parts of never reach it:
//! - `go`: all fields are read from the tokens (`ponder` before clock fields,
//!   `movetime` next to clock fields, any size of number, tokens after an
//!   unknown one, negative clock times);
//! - `position`: the FEN text and the move list are taken from the tokens,
//!   so our own FEN reader sees 4-field and Shredder-FEN strings and no move
//!   after `0000` or a double space is lost;
//! - `setoption`: values are trimmed.
//!
//! Commands `vampirc-uci` does not know (`d`, `eval`, `bench`, `go perft N`)
//! are recognised too. What still goes to it has its numbers above 255
//! written as 255, and it runs under `catch_unwind` as a last guard.

use std::fmt;
use std::panic;

use vampirc_uci::UciMessage;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// `position startpos`.
    StartPos,
    /// `position fen <fen>`: the FEN text as sent (fields joined by one space).
    Fen(String),
}

/// The parameters of a `go` command; every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// White's clock in ms; may be negative (Cute Chess with `timemargin`).
    pub wtime: Option<i64>,
    /// Black's clock in ms.
    pub btime: Option<i64>,
    /// White's increment per move in ms.
    pub winc: Option<i64>,
    /// Black's increment per move in ms.
    pub binc: Option<i64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Search exactly this many ms.
    pub movetime: Option<i64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Restrict the root to these moves (UCI long algebraic, unchecked).
    pub searchmoves: Vec<String>,
}

/// One parsed UCI line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Blank line: nothing to do.
    Empty,
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        start: PositionStart,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// `d`: print the board and its FEN.
    Display,
    /// `eval [piece]`: print the evaluation breakdown and, with a piece
    /// letter (`N` white knight, `q` black queen), its value table.
    Eval(Option<String>),
    /// `bench [depth]`: the search fingerprint.
    Bench(Option<u32>),
    /// `go perft N`: count leaf nodes.
    Perft(u32),
    /// Anything else; the UCI spec says to ignore it.
    Unknown(String),
}

/// Why a known command could not be read. Each message states the syntax
/// that was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// `position` without `startpos` or `fen`.
    PositionStart,
    /// `position fen` with no FEN text.
    MissingFen,
    /// A numeric `go` field with a missing or non-numeric value.
    GoValue { field: String, got: String },
    /// `go perft` without a depth.
    PerftDepth(String),
    /// `bench` with a depth that is not a number.
    BenchDepth(String),
    /// `setoption` without `name`.
    SetOptionName,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::PositionStart => {
                write!(f, "expected `position startpos|fen <fen> [moves <m>...]`")
            }
            CommandError::MissingFen => write!(
                f,
                "expected a FEN after `position fen`, e.g. `position fen 8/8/8/8/8/8/8/K6k w - - 0 1`"
            ),
            CommandError::GoValue { field, got } => {
                write!(f, "go {field}: expected an integer, got `{got}`")
            }
            CommandError::PerftDepth(got) => {
                write!(
                    f,
                    "expected `go perft <depth>` with depth 1..={MAX_UCI_PERFT} (deeper: `turbochess perft <depth>`), got `{got}`"
                )
            }
            CommandError::BenchDepth(got) => {
                write!(f, "expected `bench [depth]` with depth 1..=64, got `{got}`")
            }
            CommandError::SetOptionName => {
                write!(f, "expected `setoption name <id> [value <x>]`")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// Collapses every run of whitespace (spaces, tabs, `\r`) to one space and
/// trims both ends: this alone removes `vampirc-uci`'s trailing-space panic
/// and its double-space-after-`moves` token loss.
pub fn normalise(raw: &str) -> String {
    raw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Parses one raw input line.
pub fn parse_line(raw: &str) -> Result<Command, CommandError> {
    let line = normalise(raw);
    if line.is_empty() {
        return Ok(Command::Empty);
    }
    let tokens: Vec<&str> = line.split(' ').collect();
    let head = tokens[0].to_ascii_lowercase();

    // Our own commands first: `go perft 5` would otherwise parse as a bare
    // `go` (vampirc drops the unknown token) and start an infinite search.
    match head.as_str() {
        // A value is a path or a text: its inner spaces are its own.
        "setoption" => return parse_setoption_raw(raw),
        "d" if tokens.len() == 1 => return Ok(Command::Display),
        "eval" if tokens.len() <= 2 => {
            return Ok(Command::Eval(tokens.get(1).map(|t| t.to_string())));
        }
        "bench" => {
            return match tokens.get(1) {
                None => Ok(Command::Bench(None)),
                Some(t) => match t.parse::<u32>() {
                    Ok(d) if (1..=64).contains(&d) => Ok(Command::Bench(Some(d))),
                    _ => Err(CommandError::BenchDepth((*t).to_string())),
                },
            };
        }
        "go" if tokens
            .get(1)
            .is_some_and(|t| t.eq_ignore_ascii_case("perft")) =>
        {
            let got = tokens.get(2).copied().unwrap_or("");
            return match got.parse::<u32>() {
                Ok(d) if (1..=MAX_UCI_PERFT).contains(&d) => Ok(Command::Perft(d)),
                _ => Err(CommandError::PerftDepth(got.to_string())),
            };
        }
        // vampirc loses parts of these two and panics on numbers it cannot
        // hold (depth 256, nodes 2^64): they never reach it.
        "go" => return Ok(Command::Go(parse_go(&tokens[1..])?)),
        "position" => return parse_position(&tokens[1..]),
        _ => {}
    }

    let message = classify(&saturate_numbers(&tokens));
    Ok(match message {
        UciMessage::Uci => Command::Uci,
        UciMessage::Debug(on) => Command::Debug(on),
        UciMessage::IsReady => Command::IsReady,
        UciMessage::UciNewGame => Command::UciNewGame,
        UciMessage::Stop => Command::Stop,
        UciMessage::PonderHit => Command::PonderHit,
        UciMessage::Quit => Command::Quit,
        _ => Command::Unknown(line),
    })
}

/// The line with every number above 255 written as 255: vampirc keeps
/// several numbers in a `u8` and panics on more, and no command it reads
/// for us needs a bigger one.
fn saturate_numbers(tokens: &[&str]) -> String {
    tokens
        .iter()
        .map(|t| {
            let digits = t.strip_prefix('-').unwrap_or(t);
            let value = digits.trim_start_matches('0');
            let big = !digits.is_empty()
                && digits.bytes().all(|b| b.is_ascii_digit())
                && (value.len() > 3 || (value.len() == 3 && value > "255"));
            if big { "255" } else { t }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `go` number: an integer, with values beyond `i64` saturated (a GUI's
/// "no limit" may be any large number).
fn parse_number(raw: &str) -> Option<i64> {
    if let Ok(v) = raw.parse::<i64>() {
        return Some(v);
    }
    let (negative, digits) = match raw.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, raw.strip_prefix('+').unwrap_or(raw)),
    };
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(if negative {
        i64::MIN
    } else {
        i64::MAX
    })
}

/// Runs `vampirc-uci` on a normalised line; a panic inside the parser turns
/// into `Unknown` instead of killing the engine.
fn classify(line: &str) -> UciMessage {
    // Silence the default hook's stderr message for the parser's known
    // panics only for the duration of the call would need global state; the
    // message goes to stderr, which GUIs do not read, so it is left alone.
    panic::catch_unwind(|| vampirc_uci::parse_one(line))
        .unwrap_or_else(|_| UciMessage::Unknown(line.to_string(), None))
}

/// Deepest `go perft` accepted in UCI mode: the count runs on the reader
/// thread, which must stay responsive (`turbochess perft` has no cap).
pub const MAX_UCI_PERFT: u32 = 6;

const GO_FLAGS: [&str; 2] = ["ponder", "infinite"];
const GO_FIELDS: [&str; 9] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
];

/// Reads the tokens after `go`. Unknown tokens are skipped (not the rest of
/// the line), `searchmoves` takes every following token that is not a
/// keyword.
pub fn parse_go(tokens: &[&str]) -> Result<GoParams, CommandError> {
    let mut go = GoParams::default();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i].to_ascii_lowercase();
        i += 1;
        if GO_FLAGS.contains(&key.as_str()) {
            match key.as_str() {
                "ponder" => go.ponder = true,
                _ => go.infinite = true,
            }
            continue;
        }
        if key == "searchmoves" {
            while i < tokens.len() && !is_go_keyword(tokens[i]) {
                go.searchmoves.push(tokens[i].to_string());
                i += 1;
            }
            continue;
        }
        if !GO_FIELDS.contains(&key.as_str()) {
            continue; // unknown token: ignore it and read on
        }
        let raw = tokens.get(i).copied().unwrap_or("");
        i += 1;
        let value: i64 = parse_number(raw).ok_or_else(|| CommandError::GoValue {
            field: key.clone(),
            got: raw.to_string(),
        })?;
        let unsigned = u32::try_from(value.max(0)).unwrap_or(u32::MAX);
        match key.as_str() {
            "wtime" => go.wtime = Some(value),
            "btime" => go.btime = Some(value),
            "winc" => go.winc = Some(value),
            "binc" => go.binc = Some(value),
            "movestogo" => go.movestogo = Some(unsigned),
            "depth" => go.depth = Some(unsigned),
            "nodes" => go.nodes = Some(u64::try_from(value.max(0)).unwrap_or(0)),
            "mate" => go.mate = Some(unsigned),
            _ => go.movetime = Some(value),
        }
    }
    Ok(go)
}

fn is_go_keyword(token: &str) -> bool {
    let t = token.to_ascii_lowercase();
    GO_FLAGS.contains(&t.as_str()) || GO_FIELDS.contains(&t.as_str()) || t == "searchmoves"
}

/// Reads the tokens after `position`.
fn parse_position(tokens: &[&str]) -> Result<Command, CommandError> {
    let moves_at = tokens.iter().position(|t| t.eq_ignore_ascii_case("moves"));
    let (setup, moves) = match moves_at {
        Some(k) => (&tokens[..k], &tokens[k + 1..]),
        None => (tokens, &[][..]),
    };
    let start = match setup.first().map(|t| t.to_ascii_lowercase()) {
        Some(t) if t == "startpos" => PositionStart::StartPos,
        Some(t) if t == "fen" => {
            if setup.len() < 2 {
                return Err(CommandError::MissingFen);
            }
            PositionStart::Fen(setup[1..].join(" "))
        }
        _ => return Err(CommandError::PositionStart),
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

/// Reads the tokens after `setoption` when vampirc could not.
/// `setoption name <id> [value <x>]` from the raw line: the name's
/// whitespace is normalised like any token run, the value keeps its inner
/// whitespace (a `BookFile` path may hold two spaces in a row) and loses
/// only its ends.
fn parse_setoption_raw(raw: &str) -> Result<Command, CommandError> {
    let tokens = tokens_at(raw);
    let value_at = tokens
        .iter()
        .skip(2)
        .position(|&(_, t)| t.eq_ignore_ascii_case("value"))
        .map(|k| k + 2);
    let words: Vec<&str> = tokens.iter().map(|&(_, t)| t).collect();
    match parse_setoption(&words[1..])? {
        Command::SetOption {
            name,
            value: Some(_),
        } => {
            let value = value_at
                .and_then(|k| tokens.get(k + 1))
                .map_or("", |&(start, _)| raw[start..].trim_end());
            Ok(Command::SetOption {
                name,
                value: Some(value.to_string()),
            })
        }
        other => Ok(other),
    }
}

/// The whitespace-separated tokens of `raw` with their byte offsets.
fn tokens_at(raw: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start = None;
    for (i, c) in raw.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                tokens.push((s, &raw[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        tokens.push((s, &raw[s..]));
    }
    tokens
}

fn parse_setoption(tokens: &[&str]) -> Result<Command, CommandError> {
    if !tokens
        .first()
        .is_some_and(|t| t.eq_ignore_ascii_case("name"))
    {
        return Err(CommandError::SetOptionName);
    }
    let value_at = tokens.iter().position(|t| t.eq_ignore_ascii_case("value"));
    let (name, value) = match value_at {
        Some(k) => (&tokens[1..k], Some(tokens[k + 1..].join(" "))),
        None => (&tokens[1..], None),
    };
    if name.is_empty() {
        return Err(CommandError::SetOptionName);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        match parse_line(line) {
            Ok(Command::Go(g)) => g,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn simple_commands_and_whitespace() {
        assert_eq!(parse_line("uci"), Ok(Command::Uci));
        assert_eq!(parse_line("  isready \r\n"), Ok(Command::IsReady));
        assert_eq!(parse_line("\tstop\t"), Ok(Command::Stop));
        assert_eq!(parse_line("quit "), Ok(Command::Quit));
        assert_eq!(parse_line("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(parse_line("ucinewgame\r"), Ok(Command::UciNewGame));
        assert_eq!(parse_line(""), Ok(Command::Empty));
        assert_eq!(parse_line(" \t \r"), Ok(Command::Empty));
        assert_eq!(parse_line("d"), Ok(Command::Display));
        assert_eq!(parse_line("eval"), Ok(Command::Eval(None)));
        assert_eq!(parse_line("eval N"), Ok(Command::Eval(Some("N".into()))));
        assert_eq!(parse_line("bench"), Ok(Command::Bench(None)));
        assert_eq!(parse_line("bench 5"), Ok(Command::Bench(Some(5))));
        assert!(parse_line("bench x").is_err());
        assert_eq!(parse_line("go perft 4"), Ok(Command::Perft(4)));
        assert!(parse_line("go perft").is_err());
        assert!(matches!(parse_line("joho"), Ok(Command::Unknown(_))));
    }

    #[test]
    fn go_lines_vampirc_mangles() {
        // Trailing space used to panic inside vampirc.
        assert_eq!(go("go depth 5 ").depth, Some(5));
        assert!(go("go infinite ").infinite);
        // Values over 255 used to panic.
        assert_eq!(go("go depth 300").depth, Some(300));
        assert_eq!(go("go mate 300").mate, Some(300));
        assert_eq!(go("go wtime 1 btime 1 movestogo 300").movestogo, Some(300));
        // ponder before clock fields used to be dropped.
        let g = go("go ponder wtime 60000 btime 60000 winc 1000 binc 1000");
        assert!(g.ponder);
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc),
            (Some(60000), Some(60000), Some(1000), Some(1000))
        );
        // movetime next to clock fields.
        assert_eq!(
            go("go wtime 1000 btime 1000 winc 10 binc 10 movetime 500").movetime,
            Some(500)
        );
        // Tokens after an unknown one.
        assert_eq!(go("go wtime 1000 foo btime 1000").btime, Some(1000));
        // Negative times.
        assert_eq!(go("go wtime -4061 btime 56826").wtime, Some(-4061));
        assert_eq!(go("GO DEPTH 4").depth, Some(4));
        assert_eq!(go("go nodes 1000000000000").nodes, Some(1_000_000_000_000));
        let g = go("go searchmoves e2e4 d2d4 depth 5");
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(g.depth, Some(5));
        assert_eq!(go("go"), GoParams::default());
        assert!(parse_line("go depth x").is_err());
        assert!(parse_line("go wtime").is_err());
    }

    #[test]
    fn position_lines() {
        let p = parse_line("position startpos moves  e2e4   e7e5").unwrap();
        assert_eq!(
            p,
            Command::Position {
                start: PositionStart::StartPos,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        let p = parse_line("position fen 8/2p5/8/8/8/8/8/K6k w - - moves a1a2 0000").unwrap();
        assert_eq!(
            p,
            Command::Position {
                start: PositionStart::Fen("8/2p5/8/8/8/8/8/K6k w - -".into()),
                moves: vec!["a1a2".into(), "0000".into()]
            }
        );
        let p = parse_line("position fen rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w HAha - 0 1").unwrap();
        assert!(
            matches!(p, Command::Position { start: PositionStart::Fen(f), .. } if f.contains("HAha"))
        );
        assert_eq!(parse_line("position"), Err(CommandError::PositionStart));
        assert_eq!(parse_line("position fen"), Err(CommandError::MissingFen));
        assert_eq!(parse_line("position foo"), Err(CommandError::PositionStart));
    }

    #[test]
    fn setoption_lines() {
        assert_eq!(
            parse_line("setoption name Move Overhead value 30 "),
            Ok(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            parse_line("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert_eq!(
            parse_line("setoption value 3"),
            Err(CommandError::SetOptionName)
        );
        // A path keeps its inner spaces; the name and the ends do not.
        assert_eq!(
            parse_line("setoption  name\tBookFile  value /books/my  book.bin \r"),
            Ok(Command::SetOption {
                name: "BookFile".into(),
                value: Some("/books/my  book.bin".into())
            })
        );
        assert_eq!(
            parse_line("setoption name UCI_Chess960 VALUE true"),
            Ok(Command::SetOption {
                name: "UCI_Chess960".into(),
                value: Some("true".into())
            })
        );
        assert_eq!(
            parse_line("setoption name Hash value"),
            Ok(Command::SetOption {
                name: "Hash".into(),
                value: Some("".into())
            })
        );
    }

    #[test]
    fn errors_state_the_syntax() {
        let e = parse_line("go depth x").unwrap_err().to_string();
        assert!(e.contains("go depth") && e.contains("integer"), "{e}");
        assert!(
            CommandError::PositionStart
                .to_string()
                .contains("position startpos")
        );
    }
}
