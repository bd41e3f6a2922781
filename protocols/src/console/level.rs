//! The handbook's **Level** menu: how long and how the program thinks.

use std::fmt;
use std::str::FromStr;

/// A playing level (handbook ch. 2, "Level Menu Options").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// **Normal**: average seconds per move, with a time control after 40
    /// moves and then every 20.
    Normal { seconds: u32 },
    /// **Full time**: minutes for the whole game.
    FullTime { minutes: u32 },
    /// **Demo**: plays at the same speed as the user.
    Demo,
    /// **Infinite**: analyses until the user enters **P**lay.
    Infinite,
    /// **Ply search**: a fixed search depth in half-moves.
    Ply { plies: u32 },
    /// **Mate search**: looks for a mate in 1, 2, … up to `moves`.
    Mate { moves: u32 },
}

impl Default for Level {
    /// The handbook: "Turbo Chess takes, on average, 15 seconds to make a
    /// move."
    fn default() -> Level {
        Level::Normal { seconds: 15 }
    }
}

/// Why a level could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelError {
    /// Not one of the level names.
    UnknownKind(String),
    /// The level needs a number (seconds, minutes, plies or moves).
    MissingNumber(&'static str),
    /// The number is not a positive whole number in range.
    BadNumber(String),
}

const LEVEL_SYNTAX: &str = "expected normal <seconds> (or just <seconds>), full <minutes>, demo, \
     infinite, ply <plies>, mate <moves>; e.g. 'normal 5', 'ply 4', 'mate 3'";

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::UnknownKind(k) => write!(f, "unknown level '{k}': {LEVEL_SYNTAX}"),
            LevelError::MissingNumber(what) => {
                write!(f, "this level needs the number of {what}: {LEVEL_SYNTAX}")
            }
            LevelError::BadNumber(n) => write!(
                f,
                "'{n}' is not a whole number from 1 to 999: {LEVEL_SYNTAX}"
            ),
        }
    }
}

impl std::error::Error for LevelError {}

fn number(text: Option<&str>, what: &'static str) -> Result<u32, LevelError> {
    let text = text.ok_or(LevelError::MissingNumber(what))?;
    match text.parse::<u32>() {
        Ok(n) if (1..=999).contains(&n) => Ok(n),
        _ => Err(LevelError::BadNumber(text.to_string())),
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// Reads `normal 5`, `5`, `n 5`, `full 10`, `demo`, `infinite`,
    /// `ply 4`, `mate 3` (the menu letters N F D I P M work too, and `:` may
    /// stand for the space: `ply:4`).
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let text = text.trim().to_ascii_lowercase().replace(':', " ");
        let mut words = text.split_whitespace();
        let kind = words.next().unwrap_or("");
        let arg = words.next();
        if kind.bytes().all(|b| b.is_ascii_digit()) && !kind.is_empty() {
            return Ok(Level::Normal {
                seconds: number(Some(kind), "seconds")?,
            });
        }
        match kind {
            "n" | "normal" => Ok(Level::Normal {
                seconds: number(arg, "seconds per move")?,
            }),
            "f" | "full" | "fulltime" => Ok(Level::FullTime {
                minutes: number(arg, "minutes for the game")?,
            }),
            "d" | "demo" => Ok(Level::Demo),
            "i" | "infinite" => Ok(Level::Infinite),
            "p" | "ply" | "depth" => Ok(Level::Ply {
                plies: number(arg, "plies")?,
            }),
            "m" | "mate" => Ok(Level::Mate {
                moves: number(arg, "moves")?,
            }),
            other => Err(LevelError::UnknownKind(other.to_string())),
        }
    }
}

impl fmt::Display for Level {
    /// The form [`Level::from_str`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Normal { seconds } => write!(f, "normal {seconds}"),
            Level::FullTime { minutes } => write!(f, "full {minutes}"),
            Level::Demo => write!(f, "demo"),
            Level::Infinite => write!(f, "infinite"),
            Level::Ply { plies } => write!(f, "ply {plies}"),
            Level::Mate { moves } => write!(f, "mate {moves}"),
        }
    }
}

impl Level {
    /// A line describing the level, as the menu names it.
    pub fn describe(self) -> String {
        match self {
            Level::Normal { seconds } => format!("Normal: {seconds} seconds per move"),
            Level::FullTime { minutes } => format!("Full time: {minutes} minutes per game"),
            Level::Demo => "Demo: plays at the same speed as you".to_string(),
            Level::Infinite => "Infinite: analyses until you enter P".to_string(),
            Level::Ply { plies } => format!("Ply search: {plies} plies"),
            Level::Mate { moves } => format!("Mate search: mate in up to {moves} moves"),
        }
    }
}

/// The Level menu as the `L` command prints it.
pub const MENU: &str = "\
Level menu (enter e.g. 'normal 5' or 'p 4'):
  N <seconds>  Normal     seconds per move
  F <minutes>  Full time  minutes for the whole game
  D            Demo       plays at the same speed as you
  I            Infinite   analyses until you enter P
  P <plies>    Ply search fixed depth in half moves
  M <moves>    Mate search looks for checkmate solutions
  Q            Quit       back to the game";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip() {
        for level in [
            Level::Normal { seconds: 5 },
            Level::FullTime { minutes: 10 },
            Level::Demo,
            Level::Infinite,
            Level::Ply { plies: 4 },
            Level::Mate { moves: 3 },
        ] {
            assert_eq!(level.to_string().parse(), Ok(level));
        }
    }

    #[test]
    fn valid_and_invalid_levels() {
        assert_eq!("1".parse(), Ok(Level::Normal { seconds: 1 }));
        assert_eq!("P 6".parse(), Ok(Level::Ply { plies: 6 }));
        assert_eq!("ply:2".parse(), Ok(Level::Ply { plies: 2 }));
        assert_eq!("m 2".parse(), Ok(Level::Mate { moves: 2 }));
        assert_eq!(
            "fast".parse::<Level>(),
            Err(LevelError::UnknownKind("fast".into()))
        );
        assert_eq!(
            "ply".parse::<Level>(),
            Err(LevelError::MissingNumber("plies"))
        );
        assert_eq!(
            "normal 0".parse::<Level>(),
            Err(LevelError::BadNumber("0".into()))
        );
        assert_eq!(
            "mate x".parse::<Level>(),
            Err(LevelError::BadNumber("x".into()))
        );
        assert!(
            LevelError::UnknownKind("x".into())
                .to_string()
                .contains("e.g.")
        );
    }
}
