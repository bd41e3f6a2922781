//! Turbo Chess "Keeping Track of Time", mapped onto UCI clocks.
//!
//! The handbook's program computes a *desired* time per move before each
//! search and seldom strays more than 50% from it; it budgets the clock as
//! if there were a time control after move 40 and then every 20 moves, and
//! it never passes the limit unless its 1-ply search is unfinished. Here
//! that becomes two numbers for the search: a *soft* limit (do not start
//! another iteration past it) and a *hard* limit (abort the iteration).
//! This module is pure arithmetic: the front end owns the clock.
//!
//! Measured and not kept (issue 23's "best-move stability and score drop"):
//! scaling the soft limit by how settled the search looks, from 150% of it
//! after an iteration that changed the best move down to 80% once the move
//! had stood for four, and up to half again after a score fall of half a
//! pawn, scored +42 =72 -52 (-21 Elo [-61, +19]) in 166 games of self-play
//! at 5+0.05 (`protocols/tools/match.py --tc 5+0.05 --openings
//! books/openings.txt --opening-plies 8`, both colours, OwnBook=false); a
//! version that spends no less on average (170% down to 90%) scored +70
//! =117 -81 (-14 [-46, +17]) in 268 games. Both ran on a machine loaded
//! well past its two cores, so neither excludes a small gain either way;
//! the handbook's fixed soft limit stays.

/// The clock situation of the side to move, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on our clock; may be negative (some GUIs send that).
    pub time: i64,
    /// Our increment per move.
    pub increment: i64,
    /// Moves to the next time control (`None`: sudden death).
    pub moves_to_go: Option<u32>,
    /// Full-move number of the position (1 in the initial position).
    pub fullmove: u32,
    /// Communication lag to keep in reserve (the `Move Overhead` option).
    pub overhead: i64,
}

/// How long one search may take, in milliseconds from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start a new iteration after this.
    pub soft: u64,
    /// Abort the running iteration at this point.
    pub hard: u64,
}

/// Turbo Chess's time controls: one after move 40 and then one every 20
/// moves. The moves left to the next control once `moves_made` moves have
/// been played (at least 1).
pub fn moves_to_next_control(moves_made: u32) -> u32 {
    if moves_made < 40 {
        40 - moves_made
    } else {
        20 - (moves_made - 40) % 20
    }
}

/// The clock of the handbook's Normal level, `seconds` a move on average:
/// the controls of [`moves_to_next_control`] each add their moves'
/// seconds, less what the program has used (`used_ms`) in its
/// `moves_made` moves so far.
pub fn normal_level_clock(seconds: u32, moves_made: u32, used_ms: i64, fullmove: u32) -> Clock {
    let to_go = moves_to_next_control(moves_made);
    let allowed_moves = i64::from(moves_made) + i64::from(to_go);
    Clock {
        time: allowed_moves * i64::from(seconds) * 1000 - used_ms,
        increment: 0,
        moves_to_go: Some(to_go.max(1)),
        fullmove,
        overhead: 30,
    }
}

/// Moves until the next (real or assumed) time control. Without a real
/// one the Turbo Chess controls are assumed; in sudden death there is no
/// control at all, so the assumed horizon never shrinks below 20 moves,
/// which keeps the engine from spending its clock by move 40.
fn moves_to_control(clock: &Clock) -> i64 {
    match clock.moves_to_go {
        Some(n) if n > 0 => i64::from(n),
        _ => {
            let made = clock.fullmove.max(1) - 1;
            i64::from(moves_to_next_control(made)).max(20)
        }
    }
}

impl Budget {
    /// The budget for a move under a running clock.
    pub fn for_clock(clock: &Clock) -> Budget {
        // What we may spend at most on this move and still answer in time:
        // the clock less the overhead, and a safety slice of the clock.
        // Saturating: a GUI's "no limit" may be any large number.
        let available = clock.time.saturating_sub(clock.overhead.max(0)).max(1);
        let to_go = moves_to_control(clock);
        let increment = clock.increment.max(0);
        // Desired time: an even share of the clock to the next control plus
        // most of the increment we get back after moving.
        let desired = (available / to_go).saturating_add(increment / 4 * 3);
        // Never plan to use more than a fraction of what is left: with one
        // move to go the whole remaining clock is not ours (lag, GUI margin).
        let ceiling = if to_go <= 1 {
            available * 3 / 4
        } else {
            available / 2
        };
        let desired = desired.clamp(1, ceiling.max(1));
        let hard = desired.saturating_mul(3).min(ceiling).max(1);
        Budget {
            // Turbo Chess: seldom more than 50% away from the desired time;
            // an iteration usually takes longer than all before it, so one
            // that starts after half the desired time would overshoot.
            soft: (desired / 2).max(1) as u64,
            hard: hard as u64,
        }
    }

    /// `go movetime N`: search exactly that long, less the overhead.
    pub fn fixed(movetime: i64, overhead: i64) -> Budget {
        let t = movetime.saturating_sub(overhead.max(0)).max(1) as u64;
        Budget { soft: t, hard: t }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(time: i64, increment: i64, moves_to_go: Option<u32>, fullmove: u32) -> Clock {
        Clock {
            time,
            increment,
            moves_to_go,
            fullmove,
            overhead: 50,
        }
    }

    #[test]
    fn hard_limit_stays_inside_the_clock() {
        for time in [-500, 0, 1, 10, 60, 100, 500, 1_000, 10_000, 600_000] {
            for inc in [0, 100, 1_000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    for fullmove in [1, 30, 41, 100] {
                        let b = Budget::for_clock(&clock(time, inc, mtg, fullmove));
                        assert!(b.soft <= b.hard, "{time} {inc} {mtg:?}");
                        assert!(b.hard >= 1);
                        if time > 100 {
                            assert!((b.hard as i64) < time - 50, "{time} {inc} {mtg:?} {b:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn turbo_periods_spend_more_early_with_a_control_ahead() {
        // 40 moves in 10 s: the first move gets about a fortieth.
        let b = Budget::for_clock(&clock(10_000, 0, Some(40), 1));
        assert!((200..=260).contains(&(b.soft * 2)), "{b:?}");
        // Sudden death never assumes fewer than 20 moves to go.
        let late = Budget::for_clock(&clock(10_000, 0, None, 39));
        let early = Budget::for_clock(&clock(10_000, 0, None, 1));
        assert!(late.soft >= early.soft);
        assert!(late.hard <= 10_000 / 2);
    }

    #[test]
    fn controls_after_move_40_and_every_20() {
        assert_eq!(moves_to_next_control(0), 40);
        assert_eq!(moves_to_next_control(39), 1);
        assert_eq!(moves_to_next_control(40), 20);
        assert_eq!(moves_to_next_control(59), 1);
        assert_eq!(moves_to_next_control(60), 20);
        let c = normal_level_clock(15, 45, 1_000, 46);
        assert_eq!((c.time, c.moves_to_go), (60 * 15_000 - 1_000, Some(15)));
    }

    #[test]
    fn increment_is_mostly_spent() {
        let without = Budget::for_clock(&clock(10_000, 0, None, 1));
        let with = Budget::for_clock(&clock(10_000, 100, None, 1));
        assert!(with.soft > without.soft);
    }

    #[test]
    fn movetime_is_reduced_by_overhead() {
        assert_eq!(
            Budget::fixed(1_000, 50),
            Budget {
                soft: 950,
                hard: 950
            }
        );
        assert_eq!(Budget::fixed(10, 50).hard, 1);
    }
}
