//! The control contract between a front end and a game's program.
//!
//! Every decision a core makes under a clock — a chess move, a gomoku
//! stone, a bridge call or card — is asked for with one [`Control`]: the
//! front end tells the core how long it has been thinking and whether to
//! stop, and receives its progress reports to format. The cores read no
//! clock and no stream of their own, so the same program runs under UCI,
//! the Gomocup protocol, a PBN filter, a console or a test.

/// What a program tells its caller and asks it while it thinks.
///
/// `R` is the game's progress report: [`Progress`] for most, a richer
/// report where the protocol shows more (chess's `SearchInfo`).
pub trait Control<R: ?Sized = Progress> {
    /// Milliseconds since this decision's clock started.
    fn elapsed_ms(&self) -> u64;
    /// Whether time limits count now (false while pondering: the clock
    /// starts at `ponderhit`).
    fn clock_running(&self) -> bool {
        true
    }
    /// Whether the caller wants the decision now (`stop`, `quit`, end of
    /// input): the program answers with the best it has found.
    fn stop_requested(&self) -> bool;
    /// A progress report: after each completed iteration, or whatever the
    /// game's program calls a step.
    fn report(&mut self, _progress: &R) {}
}

/// A progress report: how deep, how good, how much work, and the line the
/// program expects. `M` is the game's move (a chess move, a gomoku point,
/// a bridge card).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress<M = ()> {
    /// Completed depth (plies, or tricks for bridge).
    pub depth: u32,
    /// The mover's view, in the game's own unit.
    pub score: i32,
    /// Positions visited so far.
    pub nodes: u64,
    /// The expected line, best move first.
    pub pv: Vec<M>,
}

/// A deadline pair in milliseconds of [`Control::elapsed_ms`]: the
/// program starts no new step after `soft` and returns by `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub soft_ms: u64,
    pub hard_ms: u64,
}

impl Deadline {
    /// One limit for both: return by `ms`.
    pub fn at(ms: u64) -> Deadline {
        Deadline {
            soft_ms: ms,
            hard_ms: ms,
        }
    }

    /// Whether a program that has thought for `elapsed_ms` may start
    /// another step.
    pub fn may_start_step(&self, elapsed_ms: u64) -> bool {
        elapsed_ms < self.soft_ms
    }

    /// Whether a program that has thought for `elapsed_ms` must answer now.
    pub fn is_past(&self, elapsed_ms: u64) -> bool {
        elapsed_ms >= self.hard_ms
    }
}

/// No clock and no stop: for benchmarks, tests and fixed-depth work,
/// where the limits are depth or nodes alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unlimited;

impl<R: ?Sized> Control<R> for Unlimited {
    fn elapsed_ms(&self) -> u64 {
        0
    }

    fn stop_requested(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadline_soft_before_hard() {
        let d = Deadline {
            soft_ms: 100,
            hard_ms: 300,
        };
        assert!(d.may_start_step(99));
        assert!(!d.may_start_step(100));
        assert!(!d.is_past(299));
        assert!(d.is_past(300));
    }

    #[test]
    fn unlimited_never_stops() {
        let c = Unlimited;
        assert!(!Control::<Progress<u8>>::stop_requested(&c));
        assert_eq!(Control::<Progress<u8>>::elapsed_ms(&c), 0);
    }
}
