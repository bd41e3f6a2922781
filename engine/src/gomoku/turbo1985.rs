//! The 1985 move choice, `FindMove`, kept as a playing level: the baseline
//! every later version must beat.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::board::Board;
use super::geometry::{Color, Point};

/// Importance of attack against defence, 1..16 (`AttackFactor = 4`: attacks
/// weigh 25% more than defences).
pub const ATTACK_FACTOR: i32 = 4;

/// Turbo Go-Moku's `FindMove` with its own random source (the `Random(4)`
/// tie-breaker), seeded so that games can be replayed.
#[derive(Debug)]
pub struct Turbo1985 {
    rng: StdRng,
}

impl Turbo1985 {
    pub fn new(seed: u64) -> Turbo1985 {
        Turbo1985 {
            rng: StdRng::seed_from_u64(seed),
        }
    }

    /// `FindMove`: the empty square with the highest
    /// `Value[me]·(16 + AttackFactor)/16 + Value[opponent] + Random(4)`;
    /// the centre when nothing scores above 4. `None` on a full board.
    /// Under renju the 1985 program would happily play a forbidden point as
    /// black; this one skips them, so that it loses only by being weak.
    pub fn find_move(&mut self, board: &mut Board, player: Color) -> Option<Point> {
        let opponent = player.opponent();
        let centre = Point::new(
            board.width().div_ceil(2) - 1,
            board.height().div_ceil(2) - 1,
        );
        let mut best = None;
        let mut max = i32::MIN;
        if board.allowed(centre, player) {
            best = Some(centre);
            max = 4;
        }
        for p in board.points() {
            if !board.is_empty(p) {
                continue;
            }
            let lines = board.lines();
            let value = lines.value(p.x, p.y, player) * (16 + ATTACK_FACTOR) / 16
                + lines.value(p.x, p.y, opponent)
                + self.rng.random_range(0..4);
            if value > max && board.allowed(p, player) {
                best = Some(p);
                max = value;
            }
        }
        best
    }
}

/// The `FindMove` score of every empty square without the random term: the
/// search orders its candidate moves by it.
pub fn turbo_score(board: &Board, p: Point, player: Color) -> i32 {
    let lines = board.lines();
    lines.value(p.x, p.y, player) * (16 + ATTACK_FACTOR) / 16
        + lines.value(p.x, p.y, player.opponent())
}
