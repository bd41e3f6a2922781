//! How long one move may take, from the Gomocup protocol's numbers
//! (`timeout_turn`, `timeout_match`, `time_left`), with a safety margin:
//! GomocupJudge forfeits a move that overruns by more than one second, and
//! we aim never to overrun at all.

use crate::control::Deadline;

/// `time_left` when the game is untimed.
pub const UNLIMITED: i64 = 2_147_483_647;

/// Budget for a move when `timeout_turn` is 0 ("as fast as possible").
const FAST_MS: u64 = 30;

/// The time settings the manager sent, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// `timeout_turn`; 0 means as fast as possible.
    pub turn_ms: i64,
    /// `timeout_match`; 0 means no limit.
    pub match_ms: i64,
    /// `time_left`, sent before each move; [`UNLIMITED`] when untimed.
    pub left_ms: i64,
}

impl Default for Clock {
    /// Piskvork's defaults: 30 s a move, no match limit.
    fn default() -> Clock {
        Clock {
            turn_ms: 30_000,
            match_ms: 0,
            left_ms: UNLIMITED,
        }
    }
}

impl Clock {
    /// The deadline of this move, in milliseconds from the moment its
    /// command was read. `empty_points` helps spread the match time.
    /// Iterations may start until the deadline: one cut short still
    /// answers from the root moves it searched fully, the last
    /// iteration's best first (the search's `root`), so its time is never
    /// lost. Stopping new iterations at half the budget left about a
    /// third of each turn unused.
    pub fn budget(&self, empty_points: usize) -> Deadline {
        Deadline::at(self.hard_ms(empty_points))
    }

    fn hard_ms(&self, empty_points: usize) -> u64 {
        if self.turn_ms <= 0 {
            return FAST_MS;
        }
        let mut ms = self.turn_ms;
        if self.left_ms < UNLIMITED {
            // Spread what is left over the moves we may still have to make.
            let moves_left = (empty_points as i64 / 2).clamp(8, 30);
            ms = ms.min(self.left_ms / moves_left);
        }
        // Margin for process scheduling and the move's last search node.
        // The search reads the clock every 128 to 256 nodes (well under a
        // millisecond), so the margin is for the operating system: on a
        // loaded two-core machine the slowest of 8,000 moves at 200 ms a
        // turn took 330 ms with this margin and with the old 40 ms alike,
        // well within the second GomocupJudge allows past the turn.
        let margin = (ms / 20).clamp(30, 250);
        (ms - margin).max(5) as u64
    }

    /// Whether the brain should answer with almost no search.
    pub fn is_fast(&self) -> bool {
        self.turn_ms <= 0 || self.left_ms <= 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_time_with_a_margin() {
        let clock = Clock {
            turn_ms: 1000,
            ..Clock::default()
        };
        assert_eq!(clock.budget(200).hard_ms, 950);
        assert_eq!(clock.budget(200).soft_ms, 950);
        // At least 30 ms are left to the operating system.
        let short = Clock {
            turn_ms: 200,
            ..Clock::default()
        };
        assert_eq!(short.budget(200).hard_ms, 170);
    }

    #[test]
    fn match_time_is_spread_over_the_moves_left() {
        let clock = Clock {
            turn_ms: 30_000,
            match_ms: 100_000,
            left_ms: 30_000,
        };
        // 30 s over 30 moves: 1 s, less its 50 ms margin.
        assert_eq!(clock.budget(200).hard_ms, 950);
        // Near the end of the board, at most 8 moves are assumed left.
        assert_eq!(clock.budget(4).hard_ms, 30_000 / 8 - 187);
        // A long turn's margin stops at 250 ms.
        let long = Clock {
            turn_ms: 30_000,
            ..Clock::default()
        };
        assert_eq!(long.budget(200).hard_ms, 29_750);
    }

    #[test]
    fn zero_turn_time_is_fast() {
        let clock = Clock {
            turn_ms: 0,
            ..Clock::default()
        };
        assert!(clock.is_fast());
        assert_eq!(clock.budget(100).hard_ms, FAST_MS);
    }
}
