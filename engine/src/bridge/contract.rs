//! Contracts: level, strain, doubling and declarer.

use std::fmt;
use std::str::FromStr;

use super::card::{Seat, Side, Strain};

/// Whether the final bid was doubled or redoubled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Doubling {
    #[default]
    Undoubled = 0,
    Doubled = 1,
    Redoubled = 2,
}

impl Doubling {
    pub const ALL: [Doubling; 3] = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];

    /// The PBN suffix: ``, `X`, `XX`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }

    /// 1, 2 or 4: the factor on trick score and undertricks.
    pub const fn factor(self) -> i32 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }
}

/// A contract: `level` (1–7) odd tricks in `strain`, maybe doubled, played
/// by `declarer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    pub level: u8,
    pub strain: Strain,
    pub doubling: Doubling,
    pub declarer: Seat,
}

impl Contract {
    /// A contract; `None` unless `1 <= level <= 7`.
    pub fn new(level: u8, strain: Strain, doubling: Doubling, declarer: Seat) -> Option<Contract> {
        (1..=7).contains(&level).then_some(Contract {
            level,
            strain,
            doubling,
            declarer,
        })
    }

    /// Tricks the declarer needs: level + 6.
    pub const fn tricks_needed(&self) -> u8 {
        self.level + 6
    }

    /// The declaring partnership.
    pub const fn side(&self) -> Side {
        self.declarer.side()
    }

    /// The player on lead to the first trick: declarer's left.
    pub const fn opening_leader(&self) -> Seat {
        self.declarer.next()
    }

    /// Declarer's partner.
    pub const fn dummy(&self) -> Seat {
        self.declarer.partner()
    }

    /// The PBN Contract tag value without declarer: `4S`, `3NTX`, `7CXX`.
    pub fn pbn(&self) -> String {
        format!("{}{}{}", self.level, self.strain, self.doubling.suffix())
    }
}

/// `4SX by N`.
impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} by {}", self.pbn(), self.declarer)
    }
}

/// A contract as the PBN Contract tag writes it, without the declarer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContractBid {
    pub level: u8,
    pub strain: Strain,
    pub doubling: Doubling,
}

impl ContractBid {
    pub fn with_declarer(self, declarer: Seat) -> Contract {
        Contract {
            level: self.level,
            strain: self.strain,
            doubling: self.doubling,
            declarer,
        }
    }
}

impl From<Contract> for ContractBid {
    fn from(c: Contract) -> ContractBid {
        ContractBid {
            level: c.level,
            strain: c.strain,
            doubling: c.doubling,
        }
    }
}

impl fmt::Display for ContractBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.level, self.strain, self.doubling.suffix())
    }
}

/// Why a contract string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContractParseError(pub String);

impl fmt::Display for ContractParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad contract {:?}: expected <1-7><C|D|H|S|NT>[X|XX], e.g. 4S, 3NTX, 6HXX",
            self.0
        )
    }
}

impl std::error::Error for ContractParseError {}

/// Parses `4S`, `3NTX`, `3nxx` (`N` for notrump accepted, any case).
impl FromStr for ContractBid {
    type Err = ContractParseError;

    fn from_str(s: &str) -> Result<ContractBid, ContractParseError> {
        let err = || ContractParseError(s.to_string());
        let t = s.trim().to_ascii_uppercase();
        let mut chars = t.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .filter(|l| (1..=7).contains(l))
            .ok_or_else(err)? as u8;
        let rest = chars.as_str();
        let (body, doubling) = if let Some(b) = rest.strip_suffix("XX") {
            (b, Doubling::Redoubled)
        } else if let Some(b) = rest.strip_suffix('X') {
            (b, Doubling::Doubled)
        } else {
            (rest, Doubling::Undoubled)
        };
        let strain = Strain::parse(body).ok_or_else(err)?;
        Ok(ContractBid {
            level,
            strain,
            doubling,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_bids_round_trip() {
        for level in 1..=7 {
            for strain in Strain::ALL {
                for doubling in Doubling::ALL {
                    let c = ContractBid {
                        level,
                        strain,
                        doubling,
                    };
                    assert_eq!(c.to_string().parse(), Ok(c));
                }
            }
        }
        assert_eq!(
            "3nxx".parse::<ContractBid>().map(|c| c.to_string()),
            Ok("3NTXX".to_string())
        );
        for bad in ["", "0S", "8NT", "4", "4Z", "4SXXX", "S4", "Pass"] {
            assert!(bad.parse::<ContractBid>().is_err(), "{bad}");
        }
    }

    #[test]
    fn leader_and_dummy() {
        let c = Contract::new(4, Strain::Spades, Doubling::Doubled, Seat::South).unwrap();
        assert_eq!(c.opening_leader(), Seat::West);
        assert_eq!(c.dummy(), Seat::North);
        assert_eq!(c.tricks_needed(), 10);
        assert_eq!(c.to_string(), "4SX by S");
        assert!(Contract::new(0, Strain::Clubs, Doubling::Undoubled, Seat::North).is_none());
    }
}
