//! The winning-line rules of `INFO rule`: freestyle, exactly five, renju,
//! caro.

use std::fmt;

use super::geometry::Color;

/// Which fives win, decoded from the Gomocup `INFO rule` bitmask.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Rule {
    /// Bit 1: only exactly five wins; an overline does not.
    pub exact_five: bool,
    /// Bit 4: renju. Black wins only with exactly five, and black's
    /// double-three, double-four and overline are forbidden moves.
    pub renju: bool,
    /// Bit 8: caro. A five blocked at both ends by the opponent does not
    /// win (with bit 1 as well, the "standard caro" 9, no overline wins).
    pub caro: bool,
}

/// A rule mask with bits we do not know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleError(pub i64);

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unsupported rule {}: expected a sum of 1 (exact five), 2 (continuous), 4 (renju), 8 (caro)",
            self.0
        )
    }
}

impl std::error::Error for RuleError {}

impl Rule {
    /// Freestyle: five or more in a row wins.
    pub const FREESTYLE: Rule = Rule {
        exact_five: false,
        renju: false,
        caro: false,
    };

    /// Decodes `INFO rule`. Bit 2 (continuous game) is accepted and ignored.
    pub fn from_mask(mask: i64) -> Result<Rule, RuleError> {
        if !(0..16).contains(&mask) {
            return Err(RuleError(mask));
        }
        Ok(Rule {
            exact_five: mask & 1 != 0,
            renju: mask & 4 != 0,
            caro: mask & 8 != 0,
        })
    }

    /// The mask that decodes to this rule (without the continuous bit).
    pub fn mask(self) -> i64 {
        self.exact_five as i64 | (self.renju as i64) << 2 | (self.caro as i64) << 3
    }

    /// Whether a run of `len` stones of `colour` wins; `blocked_both` says
    /// that both squares beyond its ends hold opponent stones (or walls).
    pub fn wins(self, len: usize, blocked_both: bool, colour: Color) -> bool {
        if len < 5 {
            return false;
        }
        if self.caro {
            return if len == 5 {
                !blocked_both
            } else {
                !self.exact_five
            };
        }
        if self.renju && colour == Color::Black {
            return len == 5;
        }
        len == 5 || !self.exact_five
    }

    /// Whether forbidden moves apply to `colour` (renju, black only).
    pub fn has_forbidden(self, colour: Color) -> bool {
        self.renju && colour == Color::Black
    }
}
