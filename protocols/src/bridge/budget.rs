//! The card play's time budgets on the command line: `--time-per-card MS`
//! and `--time-per-board MS|none`. The core reads no clock; the front end
//! hands it these numbers and a clock (`engine::control::Control`).

use std::fmt;
use std::str::FromStr;

/// The default budget of a whole board: a few seconds of one core. With the
/// default 24 deals a card, most boards finish well inside it; it cuts the
/// sampling only on the hardest.
pub const DEFAULT_BOARD_MS: u64 = 4000;

/// A time budget in milliseconds, or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget(pub Option<u64>);

impl Default for Budget {
    fn default() -> Budget {
        Budget(Some(DEFAULT_BOARD_MS))
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ms) => write!(f, "{ms}"),
            None => f.write_str("none"),
        }
    }
}

impl FromStr for Budget {
    type Err = String;

    fn from_str(s: &str) -> Result<Budget, String> {
        if s.trim().eq_ignore_ascii_case("none") {
            return Ok(Budget(None));
        }
        parse_ms(s).map(|ms| Budget(Some(ms)))
    }
}

/// Milliseconds, at least 1: a budget of nothing could not choose a card
/// by searching, and a negative or fractional one is a typing slip.
pub fn parse_ms(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err(
            "a budget of 0 ms leaves no time: expected milliseconds of at least 1, e.g. 500"
                .to_string(),
        ),
        Ok(ms) => Ok(ms),
        Err(_) => Err(format!(
            "bad time {s:?}: expected whole milliseconds of at least 1, e.g. 500"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_round_trip_and_reject_bad_times() {
        for b in [Budget(None), Budget(Some(1)), Budget(Some(4000))] {
            assert_eq!(b.to_string().parse::<Budget>(), Ok(b));
        }
        assert_eq!("NONE".parse::<Budget>(), Ok(Budget(None)));
        for bad in ["0", "-5", "1.5", "", "fast", "99999999999999999999"] {
            let err = bad.parse::<Budget>().expect_err(bad);
            assert!(err.contains("milliseconds"), "{bad}: {err}");
        }
    }
}
