//! The 1985 move choice, `FindMove`, kept as a playing level: the baseline
//! every later version must beat.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::board::{Board, Cell};
use super::geometry::{Color, DIRECTIONS, Point};
use super::lines::WEIGHT;

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
        let lines = board.lines();
        for p in board.points() {
            if !board.is_empty(p) {
                continue;
            }
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
/// threat search orders its moves by it.
pub fn turbo_score(board: &Board, p: Point, player: Color) -> i32 {
    square_value(board, p, player) * (16 + ATTACK_FACTOR) / 16
        + square_value(board, p, player.opponent())
}

/// `Value[x][y][colour]` read straight off the stones: the sum over the
/// five-point lines through `p` that hold no opponent stone or wall of
/// `WEIGHT[stones + 1]` (what [`super::lines::LineTable::value`] keeps).
pub fn square_value(board: &Board, p: Point, c: Color) -> i32 {
    let cells = board.cells();
    let start = (p.y * board.width() + p.x) as isize;
    let mut value = 0;
    for &(dx, dy) in &DIRECTIONS {
        // The nine points of the five-point lines through `p` as two bit
        // masks, bit `4 + k` for the point `k` steps along the direction:
        // `c`'s stones, and what a line may not hold (the other side's
        // stones, walls, off the board).
        let mut own = 0u32;
        let mut dead = 0u32;
        let mut read = |bit: isize, cell: Cell| match cell {
            Cell::Empty => {}
            Cell::Stone(s) if s == c => own |= 1 << bit,
            _ => dead |= 1 << bit,
        };
        read(4, cells[start as usize]);
        for d in [(dx, dy), (-dx, -dy)] {
            let stride = board.stride(d);
            let sign = if d == (dx, dy) { 1 } else { -1 };
            let reach = board.room(p, d).min(4) as isize;
            for k in 1..=reach {
                read(4 + sign * k, cells[(start + stride * k) as usize]);
            }
            // Off the board blocks a line as a wall does.
            for k in reach + 1..=4 {
                read(4 + sign * k, Cell::Wall);
            }
        }
        for first in 0..5 {
            let line = 0b11111 << first;
            if dead & line == 0 {
                value += WEIGHT[(own & line).count_ones() as usize + 1];
            }
        }
    }
    value
}
