//! Renju's forbidden points for black, by the full recursive definition of
//! the rules (RIF, articles 9.2-9.4).
//!
//! A black stone on `p` is forbidden when, without making an exact five
//! anywhere, it makes an overline (six or more), two fours, or two open
//! threes. Every shape is counted only when it contains `p`:
//! - a *four* is a line of stones through `p` that one more stone turns
//!   into an exact five; a straight four (`.XXXX.`) is one four, while
//!   `X.XXX.X` through `p` is two, in one line;
//! - a *three* is a line of stones through `p` that one more stone `q`
//!   turns into a straight four, where `q` itself must be a legal black move
//!   with `p` on the board. That is the recursion: whether `q` is forbidden
//!   asks the same questions with one more stone, and so on until a point is
//!   decided (each level adds a stone, so it ends).
//!
//! The stones are read straight off the board (with hypothetical stones
//! placed raw), never from the pattern codes, which do not see them.

use super::board::{Board, Cell};
use super::codes::B3;
use super::geometry::{Color, DIRECTIONS, Point};

/// Why black may not play a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foul {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl Foul {
    /// GomocupJudge's code for the foul (1 double three, 2 double four,
    /// 3 overline), as the `renju` package returns it.
    pub fn code(self) -> u8 {
        match self {
            Foul::DoubleThree => 1,
            Foul::DoubleFour => 2,
            Foul::Overline => 3,
        }
    }
}

const BLACK: Cell = Cell::Stone(Color::Black);

impl Board {
    /// The foul a black stone on the empty point `p` would commit under
    /// renju's definitions, or `None` if black may play there. (Asked of
    /// the stones alone: the board's rule is not consulted.)
    pub fn renju_foul(&mut self, p: Point) -> Option<Foul> {
        if !self.is_empty(p) {
            return None;
        }
        // Every forbidden shape puts two more black stones with `p` on a
        // live five-point line (a three does, an overline holds five): the
        // pattern codes are exact here, before any raw stone is placed.
        if self.codes().best_shape(p.x, p.y, Color::Black) < B3 {
            return None;
        }
        self.set_raw(p, BLACK);
        let foul = self.foul_placed(p);
        self.set_raw(p, Cell::Empty);
        foul
    }

    /// With a black stone (raw) on `p`: the foul it commits.
    fn foul_placed(&mut self, p: Point) -> Option<Foul> {
        let runs = [0, 1, 2, 3].map(|dir| self.run(p, dir, Color::Black).0);
        if runs.contains(&5) {
            return None;
        }
        if runs.iter().any(|&len| len >= 6) {
            return Some(Foul::Overline);
        }
        let fours = [0, 1, 2, 3].map(|dir| self.fours_through(p, dir));
        if fours.iter().sum::<u8>() >= 2 {
            return Some(Foul::DoubleFour);
        }
        let threes = (0..4)
            .filter(|&dir| fours[dir] == 0 && self.three_through(p, dir))
            .count();
        (threes >= 2).then_some(Foul::DoubleThree)
    }

    /// With black on `p`: the empty points along `dir` where one more black
    /// stone makes an exact five through `p` (at most two exist).
    fn fives_through(&mut self, p: Point, dir: usize) -> ([Option<Point>; 2], usize) {
        let step = DIRECTIONS[dir];
        let mut found = [None; 2];
        let mut n = 0;
        for k in (-4..=4).filter(|&k| k != 0) {
            let Some(q) = self.step(p, step, k) else {
                continue;
            };
            if !self.is_empty(q) {
                continue;
            }
            self.set_raw(q, BLACK);
            if self.run(p, dir, Color::Black).0 == 5 && n < 2 {
                found[n] = Some(q);
                n += 1;
            }
            self.set_raw(q, Cell::Empty);
        }
        (found, n)
    }

    /// With black on `p`: how many fours through `p` along `dir` (a
    /// straight four counts once).
    fn fours_through(&mut self, p: Point, dir: usize) -> u8 {
        match self.fives_through(p, dir) {
            (_, 0) => 0,
            ([Some(a), Some(b)], 2) if a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)) == 5 => 1,
            (_, n) => n as u8,
        }
    }

    /// With black on `p` and no four through it along `dir`: whether one
    /// legal black stone there makes a straight four through `p`.
    pub(super) fn three_through(&mut self, p: Point, dir: usize) -> bool {
        let step = DIRECTIONS[dir];
        for k in (-3..=3).filter(|&k| k != 0) {
            let Some(q) = self.step(p, step, k) else {
                continue;
            };
            if !self.is_empty(q) {
                continue;
            }
            self.set_raw(q, BLACK);
            let straight = matches!(
                self.fives_through(p, dir),
                ([Some(a), Some(b)], 2) if a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)) == 5
            );
            let legal = straight && self.foul_placed(q).is_none();
            self.set_raw(q, Cell::Empty);
            if legal {
                return true;
            }
        }
        false
    }
}
