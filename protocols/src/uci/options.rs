//! The UCI options `turbochess` advertises, and `setoption`.

use std::fmt;

/// Default hash size (MiB).
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest hash size accepted (MiB).
pub const MAX_HASH_MB: usize = 1024;
/// Default `Move Overhead` (ms): what the GUI and the OS may lose per move.
pub const DEFAULT_MOVE_OVERHEAD: i64 = 50;
/// Most search threads accepted (`Threads`).
pub const MAX_THREADS: usize = 256;

/// Current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    /// Search threads (Lazy SMP), applied at the next `go`.
    pub threads: usize,
    pub ponder: bool,
    pub multipv: usize,
    pub move_overhead: i64,
    pub chess960: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            ponder: false,
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            chess960: false,
        }
    }
}

/// The `option` lines sent after `uci`.
pub fn option_lines() -> Vec<String> {
    vec![
        format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        "option name Clear Hash type button".to_string(),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        "option name Ponder type check default false".to_string(),
        "option name MultiPV type spin default 1 min 1 max 64".to_string(),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD} min 0 max 5000"
        ),
        "option name UCI_Chess960 type check default false".to_string(),
    ]
}

/// What a `setoption` asks the engine to do besides storing a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionEffect {
    None,
    ResizeHash,
    ClearHash,
}

/// Why a `setoption` was rejected; the message states the expected value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    UnknownName(String),
    NotANumber {
        name: &'static str,
        got: String,
        min: i64,
        max: i64,
    },
    NotABool {
        name: &'static str,
        got: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownName(n) => write!(
                f,
                "unknown option `{n}`; expected one of Hash, Clear Hash, Threads, Ponder, MultiPV, Move Overhead, UCI_Chess960"
            ),
            OptionError::NotANumber {
                name,
                got,
                min,
                max,
            } => {
                write!(
                    f,
                    "option {name}: expected an integer {min}..={max}, got `{got}`"
                )
            }
            OptionError::NotABool { name, got } => {
                write!(f, "option {name}: expected true or false, got `{got}`")
            }
        }
    }
}

impl std::error::Error for OptionError {}

fn number(name: &'static str, value: Option<&str>, min: i64, max: i64) -> Result<i64, OptionError> {
    let got = value.unwrap_or("").trim();
    match got.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(OptionError::NotANumber {
            name,
            got: got.to_string(),
            min,
            max,
        }),
    }
}

fn boolean(name: &'static str, value: Option<&str>) -> Result<bool, OptionError> {
    let got = value.unwrap_or("").trim();
    match got.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::NotABool {
            name,
            got: got.to_string(),
        }),
    }
}

impl Options {
    /// Applies `setoption name <name> value <value>` (names are
    /// case-insensitive).
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionEffect, OptionError> {
        match name.trim().to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mb = number("Hash", value, 1, MAX_HASH_MB as i64)? as usize;
                Ok(OptionEffect::ResizeHash)
            }
            "clear hash" => Ok(OptionEffect::ClearHash),
            "threads" => {
                self.threads = number("Threads", value, 1, MAX_THREADS as i64)? as usize;
                Ok(OptionEffect::None)
            }
            "ponder" => {
                self.ponder = boolean("Ponder", value)?;
                Ok(OptionEffect::None)
            }
            "multipv" => {
                self.multipv = number("MultiPV", value, 1, 64)? as usize;
                Ok(OptionEffect::None)
            }
            "move overhead" | "moveoverhead" => {
                self.move_overhead = number("Move Overhead", value, 0, 5000)?;
                Ok(OptionEffect::None)
            }
            "uci_chess960" => {
                self.chess960 = boolean("UCI_Chess960", value)?;
                Ok(OptionEffect::None)
            }
            _ => Err(OptionError::UnknownName(name.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_options() {
        let mut o = Options::default();
        assert_eq!(o.set("Hash", Some("64")), Ok(OptionEffect::ResizeHash));
        assert_eq!(o.hash_mb, 64);
        assert_eq!(o.set("move overhead", Some("100")), Ok(OptionEffect::None));
        assert_eq!(o.move_overhead, 100);
        assert_eq!(o.set("UCI_Chess960", Some("TRUE")), Ok(OptionEffect::None));
        assert!(o.chess960);
        assert_eq!(o.set("Clear Hash", None), Ok(OptionEffect::ClearHash));
        assert!(o.set("Hash", Some("0")).is_err());
        assert!(o.set("Hash", Some("lots")).is_err());
        assert_eq!(o.set("Threads", Some("256")), Ok(OptionEffect::None));
        assert_eq!(o.threads, 256);
        assert_eq!(o.set("threads", Some("1")), Ok(OptionEffect::None));
        assert_eq!(o.threads, 1);
        for bad in ["0", "257", "-1", "two", ""] {
            let e = o.set("Threads", Some(bad)).unwrap_err().to_string();
            assert!(e.contains("expected an integer 1..=256"), "{bad}: {e}");
        }
        assert_eq!(o.threads, 1, "a rejected value leaves the option alone");
        assert!(o.set("Ponder", Some("yes")).is_err());
        assert!(matches!(
            o.set("Foo", None),
            Err(OptionError::UnknownName(_))
        ));
        assert_eq!(o.hash_mb, 64, "a rejected value leaves the option alone");
        let e = o.set("Hash", Some("x")).unwrap_err().to_string();
        assert!(e.contains("expected an integer"), "{e}");
    }

    #[test]
    fn option_lines_are_uci() {
        for line in option_lines() {
            assert!(line.starts_with("option name "), "{line}");
            assert!(line.contains(" type "), "{line}");
        }
    }
}
