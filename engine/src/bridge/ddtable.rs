//! The double-dummy table: tricks for each declarer in each strain.

use std::fmt;
use std::str::FromStr;

use super::card::{Seat, Strain};

/// Tricks declarer takes double dummy, indexed `[seat][strain]`
/// (`Seat as usize`, `Strain as usize`: clubs 0 … notrump 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DdTable(pub [[u8; 5]; 4]);

/// The declarer order of the DoubleDummyTricks tag: N, S, E, W.
pub const DD_TAG_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

impl DdTable {
    pub fn get(&self, declarer: Seat, strain: Strain) -> u8 {
        self.0[declarer.index()][strain.index()]
    }

    pub fn set(&mut self, declarer: Seat, strain: Strain, tricks: u8) {
        self.0[declarer.index()][strain.index()] = tricks;
    }

    /// The BridgeComposer DoubleDummyTricks tag value: 20 hex digits,
    /// declarers N, S, E, W, each in the order NT, S, H, D, C.
    pub fn to_hex(&self) -> String {
        let mut s = String::with_capacity(20);
        for seat in DD_TAG_SEATS {
            for strain in Strain::DESCENDING {
                let t = self.get(seat, strain).min(13) as u32;
                s.push(char::from_digit(t, 16).unwrap_or('?'));
            }
        }
        s
    }
}

/// Why a DoubleDummyTricks value was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DdTableParseError(pub String);

impl fmt::Display for DdTableParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad DoubleDummyTricks {:?}: expected 20 hex digits 0-d (declarers N S E W, strains NT S H D C)",
            self.0
        )
    }
}

impl std::error::Error for DdTableParseError {}

impl FromStr for DdTable {
    type Err = DdTableParseError;

    /// Parses the 20-hex-digit DoubleDummyTricks form.
    fn from_str(s: &str) -> Result<DdTable, DdTableParseError> {
        let digits: Vec<u32> = s
            .trim()
            .chars()
            .map(|c| c.to_digit(16).filter(|&d| d <= 13))
            .collect::<Option<_>>()
            .ok_or_else(|| DdTableParseError(s.to_string()))?;
        if digits.len() != 20 {
            return Err(DdTableParseError(s.to_string()));
        }
        let mut t = DdTable::default();
        let mut it = digits.into_iter();
        for seat in DD_TAG_SEATS {
            for strain in Strain::DESCENDING {
                t.set(seat, strain, it.next().unwrap_or(0) as u8);
            }
        }
        Ok(t)
    }
}

impl fmt::Display for DdTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_layout() {
        let t: DdTable = "54555546658977889778".parse().unwrap();
        assert_eq!(t.get(Seat::North, Strain::NoTrump), 5);
        assert_eq!(t.get(Seat::North, Strain::Spades), 4);
        assert_eq!(t.get(Seat::South, Strain::Hearts), 6);
        assert_eq!(t.get(Seat::West, Strain::Clubs), 8);
        assert_eq!(t.to_string(), "54555546658977889778");
        let t: DdTable = "53772537725a65b5a65b".parse().unwrap();
        assert_eq!(t.get(Seat::East, Strain::Spades), 10);
        assert_eq!(t.to_string(), "53772537725a65b5a65b");
        for bad in [
            "",
            "5455554665897788977",
            "545555466589778897789",
            "5455554665897788977e",
        ] {
            assert!(bad.parse::<DdTable>().is_err(), "{bad}");
        }
    }
}
