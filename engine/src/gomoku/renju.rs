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

/// A line window's cells: the five tests need only know black, empty,
/// anything else (a white stone or a wall) and off the board.
const W_EMPTY: u8 = 0;
const W_BLACK: u8 = 1;
const W_OTHER: u8 = 2;
const W_OFF: u8 = 3;
/// Points read either side of the middle of a window.
const REACH: isize = 5;
const WINDOW: usize = 2 * REACH as usize + 1;

fn window_cell(cell: Cell) -> u8 {
    match cell {
        Cell::Empty => W_EMPTY,
        BLACK => W_BLACK,
        _ => W_OTHER,
    }
}

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

    /// With a black stone (raw) on `p`: the foul it commits. Each line
    /// through `p` is read once, into a window the tests below share.
    fn foul_placed(&mut self, p: Point) -> Option<Foul> {
        let lines = [0, 1, 2, 3].map(|dir| self.window(p, dir));
        let runs = lines.map(|line| run_in(&line));
        if runs.contains(&5) {
            return None;
        }
        if runs.iter().any(|&len| len >= 6) {
            return Some(Foul::Overline);
        }
        let fours = lines.map(|line| fours_in(&line));
        if fours.iter().sum::<u8>() >= 2 {
            return Some(Foul::DoubleFour);
        }
        let threes = (0..4)
            .filter(|&dir| fours[dir] == 0 && self.three_in(p, dir, &lines[dir]))
            .count();
        (threes >= 2).then_some(Foul::DoubleThree)
    }

    /// The points from `-REACH` to `REACH` steps of `p` along `dir`
    /// (`p` itself in the middle), read once for the line tests.
    fn window(&self, p: Point, dir: usize) -> [u8; WINDOW] {
        let (dx, dy) = DIRECTIONS[dir];
        let cells = self.cells();
        let start = (p.y * self.width() + p.x) as isize;
        let mut line = [W_OFF; WINDOW];
        line[REACH as usize] = window_cell(cells[start as usize]);
        for sign in [1, -1] {
            let d = (sign * dx, sign * dy);
            let stride = self.stride(d);
            for k in 1..=(self.room(p, d).min(REACH as usize) as isize) {
                line[(REACH + sign * k) as usize] =
                    window_cell(cells[(start + stride * k) as usize]);
            }
        }
        line
    }

    /// With black on `p` and no four through it along `dir`: whether one
    /// legal black stone there makes a straight four through `p`.
    pub(super) fn three_through(&mut self, p: Point, dir: usize) -> bool {
        let line = self.window(p, dir);
        self.three_in(p, dir, &line)
    }

    /// [`Board::three_through`] with the line along `dir` already read.
    fn three_in(&mut self, p: Point, dir: usize, line: &[u8; WINDOW]) -> bool {
        let step = DIRECTIONS[dir];
        for k in (-3..=3isize).filter(|&k| k != 0) {
            if line[(REACH + k) as usize] != W_EMPTY {
                continue;
            }
            let mut with = *line;
            with[(REACH + k) as usize] = W_BLACK;
            if !matches!(fives_in(&with), ([Some(a), Some(b)], 2) if b - a == 5) {
                continue;
            }
            let q = self
                .step(p, step, k)
                .expect("an empty point is on the board");
            self.set_raw(q, BLACK);
            let legal = self.foul_placed(q).is_none();
            self.set_raw(q, Cell::Empty);
            if legal {
                return true;
            }
        }
        false
    }
}

/// The run of black through the middle of a window (counting the middle
/// as black). It is read within the window only: a run that reaches its
/// end holds the middle and five more, an overline either way, so the
/// length is exact up to 5 and at least 6 beyond.
fn run_in(line: &[u8; WINDOW]) -> usize {
    let mut len = 1;
    let mut j = REACH + 1;
    while j < WINDOW as isize && line[j as usize] == W_BLACK {
        len += 1;
        j += 1;
    }
    let mut j = REACH - 1;
    while j >= 0 && line[j as usize] == W_BLACK {
        len += 1;
        j -= 1;
    }
    len
}

/// With black in the middle of the window: the offsets within four of it
/// where one more black stone makes an exact five through it, in order
/// (at most two exist). A stone next to the middle's run joins it (and
/// the black run beyond it); one further away leaves it as it is. The
/// runs are read within the window, as [`run_in`] reads them.
fn fives_in(line: &[u8; WINDOW]) -> ([Option<isize>; 2], usize) {
    let black_from = |start: isize, step: isize| {
        let mut n = 0;
        let mut j = start;
        while (0..WINDOW as isize).contains(&j) && line[j as usize] == W_BLACK {
            n += 1;
            j += step;
        }
        n
    };
    let right = black_from(REACH + 1, 1);
    let left = black_from(REACH - 1, -1);
    let run = 1 + left + right;
    let mut found = [None; 2];
    let mut n = 0;
    // Unless the middle's run is a five already, only the two points
    // next to it can make one.
    let offsets: &[isize] = if run == 5 {
        &[-4, -3, -2, -1, 1, 2, 3, 4]
    } else {
        &[-(left + 1), right + 1]
    };
    for &k in offsets.iter().filter(|&&k| (-4..=4).contains(&k)) {
        if line[(REACH + k) as usize] != W_EMPTY {
            continue;
        }
        let len = if k == right + 1 {
            run + 1 + black_from(REACH + k + 1, 1)
        } else if k == -(left + 1) {
            run + 1 + black_from(REACH + k - 1, -1)
        } else {
            run
        };
        if len == 5 && n < 2 {
            found[n] = Some(k);
            n += 1;
        }
    }
    (found, n)
}

/// With black in the middle of the window: how many fours through it
/// (a straight four counts once).
fn fours_in(line: &[u8; WINDOW]) -> u8 {
    match fives_in(line) {
        (_, 0) => 0,
        ([Some(a), Some(b)], 2) if b - a == 5 => 1,
        (_, n) => n as u8,
    }
}
