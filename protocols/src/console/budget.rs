//! How long and how deep the program thinks at each level (handbook ch. 2,
//! "Level" and "Clocks").

use super::brain::Plan;
use super::game::Game;
use super::level::Level;
use super::pgn::MoveSource;
use engine::chess::search::Limits;
use engine::chess::search::time::{Budget, Clock, normal_level_clock};
use std::time::Duration;

/// The search plan for the program's move: the level's limits, with the
/// Turbo Chess time budget for the clocks of the Normal and Full time
/// levels. `auto`: the program plays both sides.
pub fn plan(level: Level, game: &Game, auto: bool, person_times: &[Duration]) -> Plan {
    let program = game.board.side_to_move();
    let used = game.clocks[program.index()].as_millis() as i64;
    let fullmove = game.board.fullmove_number();
    let mut limits = Limits {
        multipv: 1,
        ..Limits::default()
    };
    match level {
        Level::Normal { seconds } => {
            let moves_made = game
                .records
                .iter()
                .filter(|r| r.source != MoveSource::Person)
                .count()
                / if auto { 2 } else { 1 };
            limits.time = Some(Budget::for_clock(&normal_level_clock(
                seconds,
                moves_made as u32,
                used,
                fullmove,
            )));
        }
        Level::FullTime { minutes } => {
            limits.time = Some(Budget::for_clock(&Clock {
                time: i64::from(minutes) * 60_000 - used,
                increment: 0,
                moves_to_go: None,
                fullmove,
                overhead: 30,
            }));
        }
        Level::Demo => {
            let n = person_times.len().max(1) as u32;
            let average = if person_times.is_empty() {
                Duration::from_secs(2)
            } else {
                person_times.iter().sum::<Duration>() / n
            };
            let ms = average.as_millis().clamp(100, 600_000) as i64;
            limits.time = Some(Budget::fixed(ms, 0));
        }
        Level::Infinite => limits.infinite = true,
        Level::Ply { plies } => limits.depth = Some(plies),
        Level::Mate { moves } => {
            limits.depth = Some(4);
            return Plan::Mate(moves, limits);
        }
    }
    Plan::Search(limits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::chess::{Board, Color};

    fn budget(level: Level) -> Budget {
        let game = Game::new(Board::startpos(), Color::White);
        match plan(level, &game, false, &[]) {
            Plan::Search(Limits { time: Some(b), .. }) => b,
            other => panic!("{level}: {other:?}"),
        }
    }

    #[test]
    fn levels_become_limits() {
        // Normal 15: about 15 s per move, never the whole 40-move allowance.
        let normal = budget(Level::Normal { seconds: 15 });
        assert!(normal.soft >= 5_000 && normal.soft <= 15_000, "{normal:?}");
        assert!(normal.hard <= 60_000, "{normal:?}");
        // Full time 5 minutes: a few seconds per move.
        let blitz = budget(Level::FullTime { minutes: 5 });
        assert!(blitz.hard < 60_000 && blitz.soft >= 1_000, "{blitz:?}");
        // Demo with no moves of the person yet: two seconds.
        assert_eq!(budget(Level::Demo).hard, 2_000);
        let game = Game::new(Board::startpos(), Color::White);
        assert!(matches!(
            plan(Level::Ply { plies: 3 }, &game, false, &[]),
            Plan::Search(Limits {
                depth: Some(3),
                time: None,
                ..
            })
        ));
        assert!(matches!(
            plan(Level::Mate { moves: 2 }, &game, false, &[]),
            Plan::Mate(2, _)
        ));
        assert!(matches!(
            plan(Level::Infinite, &game, false, &[]),
            Plan::Search(Limits { infinite: true, .. })
        ));
    }
}
