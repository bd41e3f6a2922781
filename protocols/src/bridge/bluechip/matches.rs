//! `turbobridge match A B`: a team match between two programs, the way
//! bridge players compare bots. Every board is played in two rooms: in the
//! open room A sits North-South and B East-West, in the closed room the
//! other way round. Each room is a table of this process on loopback; each
//! program is started once per seat as a Blue Chip client. A's result on a
//! board is the IMPs of the difference between the North-South scores of
//! the two rooms, and the match result is the mean IMPs per board with a
//! 95 % confidence interval.

use std::fmt;
use std::io::{self, Write};
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use engine::bridge::Seat;
use engine::bridge::scoring::imps;

use super::message::seat_name;
use super::table::{PlayedBoard, TableError, serve};
use crate::bridge::board::Board;

/// The two rooms: the side A sits in, and the PBN `Room` tag.
const ROOMS: [(&str, [bool; 4]); 2] = [
    ("Open", [true, false, true, false]),
    ("Closed", [false, true, false, true]),
];

/// Mean and the half-width of its 95 % confidence interval (normal
/// approximation: 1.96 standard errors), of per-board IMPs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImpStats {
    pub boards: usize,
    pub total: i32,
    pub mean: f64,
    pub half_width: f64,
    pub won: usize,
    pub lost: usize,
    pub tied: usize,
}

impl ImpStats {
    pub fn of(board_imps: &[i32]) -> ImpStats {
        let n = board_imps.len();
        let total: i32 = board_imps.iter().sum();
        let mean = if n == 0 { 0.0 } else { total as f64 / n as f64 };
        let half_width = if n < 2 {
            f64::INFINITY
        } else {
            let var = board_imps
                .iter()
                .map(|&x| (x as f64 - mean).powi(2))
                .sum::<f64>()
                / (n - 1) as f64;
            1.96 * (var / n as f64).sqrt()
        };
        ImpStats {
            boards: n,
            total,
            mean,
            half_width,
            won: board_imps.iter().filter(|&&x| x > 0).count(),
            lost: board_imps.iter().filter(|&&x| x < 0).count(),
            tied: board_imps.iter().filter(|&&x| x == 0).count(),
        }
    }
}

impl fmt::Display for ImpStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} boards: A won {}, lost {}, tied {}; A {:+} IMPs, {:+.2} IMPs/board, 95% interval {:+.2} .. {:+.2}",
            self.boards,
            self.won,
            self.lost,
            self.tied,
            self.total,
            self.mean,
            self.mean - self.half_width,
            self.mean + self.half_width
        )
    }
}

/// Why a match stopped.
#[derive(Debug)]
pub enum MatchError {
    Io(io::Error),
    /// A program could not be started.
    Spawn {
        command: String,
        error: io::Error,
    },
    /// A room's table stopped.
    Room {
        room: &'static str,
        error: String,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Io(e) => write!(f, "{e}"),
            MatchError::Spawn { command, error } => {
                write!(f, "cannot start {command:?}: {error}")
            }
            MatchError::Room { room, error } => write!(f, "{room} room: {error}"),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<io::Error> for MatchError {
    fn from(e: io::Error) -> Self {
        MatchError::Io(e)
    }
}

/// The words of a seat's command, split on blanks as a shell splits
/// them: `'…'` and `"…"` keep blanks (a program or an option in a folder
/// with spaces in its name) and a backslash escapes the next character
/// (inside double quotes only `"` and `\\`). None for an unclosed quote or
/// a trailing backslash.
fn command_words(command: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            c @ ('"' | '\\') => w.push(c),
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => word.get_or_insert_with(String::new).push(chars.next()?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Some(words)
}

/// Starts `command` (split by [`command_words`]) with `--host 127.0.0.1
/// --port P --seat S` appended.
fn spawn_seat(command: &str, port: u16, seat: Seat) -> Result<Child, MatchError> {
    let spawn_error = |error| MatchError::Spawn {
        command: command.to_string(),
        error,
    };
    let words = command_words(command).ok_or_else(|| {
        spawn_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "unclosed quote or trailing backslash",
        ))
    })?;
    let Some((program, args)) = words.split_first() else {
        return Err(spawn_error(io::Error::new(
            io::ErrorKind::InvalidInput,
            "empty command",
        )));
    };
    Command::new(program)
        .args(args)
        .args([
            "--host",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--seat",
            seat_name(seat),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .map_err(spawn_error)
}

/// Plays `boards` in one room: A's seats per `a_seats`.
fn room(
    name: &'static str,
    a_seats: [bool; 4],
    a: &str,
    b: &str,
    boards: &[Board],
    timeout: Duration,
) -> Result<Vec<PlayedBoard>, MatchError> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let port = listener.local_addr()?.port();
    let mut children = Vec::new();
    for seat in Seat::ALL {
        let command = if a_seats[seat.index()] { a } else { b };
        match spawn_seat(command, port, seat) {
            Ok(child) => children.push(child),
            Err(e) => {
                for mut c in children {
                    let _ = c.kill();
                    let _ = c.wait();
                }
                return Err(e);
            }
        }
    }
    // A program that exits early (a bad option, a crash) stops the room
    // at once instead of leaving the table to time out.
    let abort = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let (result, exited) = std::thread::scope(|scope| {
        let watcher = scope.spawn(|| {
            let mut exited = None;
            while !finished.load(Ordering::Relaxed) && exited.is_none() {
                for (seat, c) in Seat::ALL.into_iter().zip(children.iter_mut()) {
                    if let Ok(Some(status)) = c.try_wait()
                        && !status.success()
                    {
                        exited.get_or_insert((seat, status));
                        abort.store(true, Ordering::Relaxed);
                    }
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            exited
        });
        let mut log = io::stderr();
        let result = serve(
            listener,
            boards,
            timeout,
            Some(&abort),
            &mut log,
            &mut |_| Ok(()),
        );
        finished.store(true, Ordering::Relaxed);
        (result, watcher.join().ok().flatten())
    });
    for mut c in children {
        if result.is_err() {
            let _ = c.kill();
        }
        let _ = c.wait();
    }
    let mut played = result.map_err(|(_, e)| MatchError::Room {
        room: name,
        error: match (e, exited) {
            (TableError::Aborted, Some((seat, status))) => {
                format!("{}'s program exited ({status})", seat_name(seat))
            }
            (e, _) => e.to_string(),
        },
    })?;
    for p in &mut played {
        p.board.other_tags.insert("Room".into(), name.into());
        let names = |seat: Seat| if a_seats[seat.index()] { "A" } else { "B" };
        p.board.players = [
            names(Seat::West).to_string(),
            names(Seat::North).to_string(),
            names(Seat::East).to_string(),
            names(Seat::South).to_string(),
        ];
    }
    Ok(played)
}

/// The result of a match: both rooms' boards and A's IMPs per board.
pub struct MatchResult {
    pub open: Vec<PlayedBoard>,
    pub closed: Vec<PlayedBoard>,
    pub imps: Vec<i32>,
}

/// Plays the match; one line per board goes to `out` as the rooms finish.
pub fn play_match(
    a: &str,
    b: &str,
    boards: &[Board],
    timeout: Duration,
    out: &mut dyn Write,
) -> Result<MatchResult, MatchError> {
    let (open, closed) = std::thread::scope(|scope| {
        let [(open_name, open_seats), (closed_name, closed_seats)] = ROOMS;
        let open = scope.spawn(move || room(open_name, open_seats, a, b, boards, timeout));
        let closed = room(closed_name, closed_seats, a, b, boards, timeout);
        let open = open.join().unwrap_or_else(|_| {
            Err(MatchError::Room {
                room: "Open",
                error: "the room's thread failed".into(),
            })
        });
        (open, closed)
    });
    let (open, closed) = (open?, closed?);
    let mut board_imps = Vec::new();
    for (o, c) in open.iter().zip(&closed) {
        let diff = imps(o.ns_score - c.ns_score);
        board_imps.push(diff);
        writeln!(
            out,
            "board {}: open {}; closed {}; A {diff:+} IMPs",
            o.board.number.unwrap_or(0),
            o.summary(),
            c.summary()
        )?;
    }
    Ok(MatchResult {
        open,
        closed,
        imps: board_imps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_commands_split_like_a_shell() {
        let words = |c: &str| command_words(c).map(|w| w.join("|"));
        assert_eq!(words("a  b\tc").as_deref(), Some("a|b|c"));
        assert_eq!(
            words("'/my bots/turbo bridge' client --samples 8").as_deref(),
            Some("/my bots/turbo bridge|client|--samples|8")
        );
        assert_eq!(
            words(r#""C:\bots\jack 6.exe" x"#).as_deref(),
            Some(r"C:\bots\jack 6.exe|x")
        );
        assert_eq!(
            words(r#"say "a \"b\"" c\ d"#).as_deref(),
            Some(r#"say|a "b"|c d"#)
        );
        assert_eq!(words("a '' b").as_deref(), Some("a||b"));
        assert_eq!(words("   ").as_deref(), Some(""));
        assert_eq!(words("'open"), None);
        assert_eq!(words("end\\"), None);
    }

    #[test]
    fn imp_statistics() {
        let s = ImpStats::of(&[3, -1, 0, 6]);
        assert_eq!((s.boards, s.total, s.won, s.lost, s.tied), (4, 8, 2, 1, 1));
        assert!((s.mean - 2.0).abs() < 1e-9);
        // Squared deviations 1 + 9 + 4 + 16 = 30: sample variance 10.
        let expected = 1.96 * (10.0f64 / 4.0).sqrt();
        assert!((s.half_width - expected).abs() < 1e-9, "{}", s.half_width);
        assert!(ImpStats::of(&[5]).half_width.is_infinite());
        assert!(s.to_string().contains("+2.00 IMPs/board"), "{s}");
    }
}
