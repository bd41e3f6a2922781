//! Points, colours and the four line directions of the board.

use std::fmt;

/// Smallest and largest board side we accept (Gomocup uses 15 and 20,
/// Turbo Go-Moku 19).
pub const MIN_SIDE: usize = 5;
/// Largest board side: 32 keeps a square index in 10 bits.
pub const MAX_SIDE: usize = 32;

/// A side. Black moves first (in the 1985 program: `Cross`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other side (`OpponentColor` in the 1985 program).
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: the index into per-colour tables.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A board point. `x` is the column (the width axis), `y` the row, both
/// 0-based, as in the Gomocup protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: usize,
    pub y: usize,
}

impl Point {
    pub const fn new(x: usize, y: usize) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    /// Gomocup notation: `x,y`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The four line directions in the 1985 order: horizontal, rising diagonal,
/// vertical, falling diagonal (`Line[0..3]`).
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (1, 1), (0, 1), (-1, 1)];
