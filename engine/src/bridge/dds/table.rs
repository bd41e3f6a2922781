//! The double-dummy table: tricks for each declarer in each strain, and its
//! PBN forms (`DoubleDummyTricks`, `OptimumResultTable`).

use std::fmt;
use std::str::FromStr;

use crate::bridge::{Seat, Strain};

/// Tricks each declarer takes in each strain with best play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// Indexed `[strain][declarer]`.
    tricks: [[u8; 4]; 5],
}

/// Declarer order of the `DoubleDummyTricks` tag.
const TAG_DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

impl DdTable {
    /// Tricks `declarer` takes playing in `strain`.
    pub fn tricks(&self, declarer: Seat, strain: Strain) -> u8 {
        self.tricks[strain as usize][declarer as usize]
    }

    /// Sets one entry (tricks above 13 are clamped to 13).
    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.tricks[strain as usize][declarer as usize] = tricks.min(13);
    }

    /// The rows of the PBN `OptimumResultTable` (declarers N, S, E, W, each
    /// in strains NT, S, H, D, C), e.g. `N NT 5`, `E  S 8`.
    pub fn result_rows(&self) -> Vec<String> {
        let mut rows = Vec::with_capacity(20);
        for declarer in TAG_DECLARERS {
            for strain in Strain::DESCENDING {
                rows.push(format!(
                    "{} {:>2} {:>2}",
                    declarer.letter(),
                    strain.as_str(),
                    self.tricks(declarer, strain)
                ));
            }
        }
        rows
    }
}

/// The `DoubleDummyTricks` value: 20 hex digits, declarers N, S, E, W,
/// each in strains NT, S, H, D, C.
impl fmt::Display for DdTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for declarer in TAG_DECLARERS {
            for strain in Strain::DESCENDING {
                write!(f, "{:x}", self.tricks(declarer, strain))?;
            }
        }
        Ok(())
    }
}

/// Why a `DoubleDummyTricks` value was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DdTableParseError {
    /// Not exactly 20 characters.
    Length(usize),
    /// A character that is not a hex digit 0-9, a-d.
    Digit(char),
}

impl fmt::Display for DdTableParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DdTableParseError::Length(n) => write!(
                f,
                "expected 20 hex digits (N, S, E, W each NT S H D C), got {n} characters"
            ),
            DdTableParseError::Digit(c) => {
                write!(f, "expected a trick count 0-9 or a-d, got '{c}'")
            }
        }
    }
}

impl std::error::Error for DdTableParseError {}

impl FromStr for DdTable {
    type Err = DdTableParseError;

    fn from_str(s: &str) -> Result<DdTable, DdTableParseError> {
        let chars: Vec<char> = s.trim().chars().collect();
        if chars.len() != 20 {
            return Err(DdTableParseError::Length(chars.len()));
        }
        let mut table = DdTable::default();
        let mut digits = chars.into_iter();
        for declarer in TAG_DECLARERS {
            for strain in Strain::DESCENDING {
                let c = digits.next().unwrap_or('?');
                let v = c
                    .to_digit(16)
                    .filter(|&v| v <= 13)
                    .ok_or(DdTableParseError::Digit(c))?;
                table.set(declarer, strain, v as u8);
            }
        }
        Ok(table)
    }
}
