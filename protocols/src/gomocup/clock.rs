//! Time control: how long one move may take under `timeout_turn` and
//! `time_left`, with a safety margin (GomocupJudge forfeits a move that
//! overruns by more than one second; we aim never to overrun at all).

use std::time::Duration;

/// `time_left` when the game is untimed.
pub const UNLIMITED: i64 = 2_147_483_647;

/// Budget for a move when `timeout_turn` is 0 ("as fast as possible").
const FAST: Duration = Duration::from_millis(30);

/// The time settings the manager sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// `INFO timeout_turn` in ms; 0 means as fast as possible.
    pub turn_ms: i64,
    /// `INFO timeout_match` in ms; 0 means no limit.
    pub match_ms: i64,
    /// `INFO time_left` in ms, sent before each move.
    pub left_ms: i64,
}

impl Default for TimeControl {
    /// Piskvork's defaults: 30 s a move, no match limit.
    fn default() -> TimeControl {
        TimeControl {
            turn_ms: 30_000,
            match_ms: 0,
            left_ms: UNLIMITED,
        }
    }
}

impl TimeControl {
    /// The hard budget for this move, measured from the moment the command
    /// was read. `empty_points` helps spread the match time.
    pub fn budget(&self, empty_points: usize) -> Duration {
        let mut ms = if self.turn_ms <= 0 {
            return FAST;
        } else {
            self.turn_ms
        };
        if self.left_ms < UNLIMITED {
            // Spread what is left over the moves we may still have to make.
            let moves_left = (empty_points as i64 / 2).clamp(8, 30);
            ms = ms.min(self.left_ms / moves_left);
        }
        // Margin for process scheduling and the move's last search node.
        let margin = (ms / 10).clamp(40, 500);
        Duration::from_millis((ms - margin).max(5) as u64)
    }

    /// Whether the brain should answer with almost no search.
    pub fn is_fast(&self) -> bool {
        self.turn_ms <= 0 || self.left_ms <= 100
    }
}
