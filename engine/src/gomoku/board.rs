//! The board: stones, their pattern codes kept in step with them, a
//! Zobrist key, and an undo stack for the search.

use std::fmt;

use super::codes::{Codes, Square};
use super::geometry::{Color, MAX_SIDE, MIN_SIDE, Point};
use super::lines::{LineTable, Occupant};
use super::rules::Rule;
use super::zobrist;

/// Contents of a square (`BoardType` in the 1985 program, plus the dead
/// stones of Gomocup continuous games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Stone(Color),
    Wall,
}

/// A board size outside 5..=32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeError {
    TooSmall { width: usize, height: usize },
    TooLarge { width: usize, height: usize },
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = match *self {
            SizeError::TooSmall { width, height } | SizeError::TooLarge { width, height } => {
                (width, height)
            }
        };
        write!(
            f,
            "unsupported board size {w}x{h}: each side must be {MIN_SIDE} to {MAX_SIDE}"
        )
    }
}

impl std::error::Error for SizeError {}

/// A move that cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    OffBoard {
        x: usize,
        y: usize,
        width: usize,
        height: usize,
    },
    Occupied(Point),
    Empty(Point),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PlayError::OffBoard {
                x,
                y,
                width,
                height,
            } => write!(
                f,
                "{x},{y} is off the board: expected x in 0..{width} and y in 0..{height}"
            ),
            PlayError::Occupied(p) => write!(f, "{p} is already occupied"),
            PlayError::Empty(p) => write!(f, "{p} holds no stone"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A Go-Moku position with its incremental tables.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    rule: Rule,
    cells: Vec<Cell>,
    /// Pattern codes of every point (the search's move choice and eval).
    codes: Codes,
    key: u64,
    /// Every occupied square in the order it was filled: the undo stack.
    history: Vec<(Point, Occupant)>,
}

impl Board {
    /// An empty board. Sides from 5 to 32.
    pub fn new(width: usize, height: usize, rule: Rule) -> Result<Board, SizeError> {
        if width < MIN_SIDE || height < MIN_SIDE {
            return Err(SizeError::TooSmall { width, height });
        }
        if width > MAX_SIDE || height > MAX_SIDE {
            return Err(SizeError::TooLarge { width, height });
        }
        Ok(Board {
            width,
            height,
            rule,
            cells: vec![Cell::Empty; width * height],
            codes: Codes::new(width, height),
            key: 0,
            history: Vec::new(),
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Turbo Go-Moku's line tables for this position, counted afresh (the
    /// search reads the pattern codes; the 1985 level asks once a move).
    pub fn lines(&self) -> LineTable {
        LineTable::recompute(self.width, self.height, &self.occupants())
    }

    /// The pattern codes of this position.
    pub fn codes(&self) -> &Codes {
        &self.codes
    }

    /// Zobrist key of the stones (not of the side to move).
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Occupied squares in the order they were filled.
    pub fn history(&self) -> &[(Point, Occupant)] {
        &self.history
    }

    /// Number of stones and walls on the board.
    pub fn filled(&self) -> usize {
        self.history.len()
    }

    pub fn is_full(&self) -> bool {
        self.history.len() == self.width * self.height
    }

    /// The point `n` steps from `p` along `(dx, dy)`, if on the board.
    #[inline]
    pub fn step(&self, p: Point, (dx, dy): (isize, isize), n: isize) -> Option<Point> {
        let x = p.x as isize + dx * n;
        let y = p.y as isize + dy * n;
        if x < 0 || y < 0 || x as usize >= self.width || y as usize >= self.height {
            None
        } else {
            Some(Point::new(x as usize, y as usize))
        }
    }

    /// How many steps from `p` along `(dx, dy)` (each -1, 0 or 1) stay
    /// on the board: the line readers walk the cells by index up to it
    /// instead of checking every step.
    #[inline]
    pub(super) fn room(&self, p: Point, (dx, dy): (isize, isize)) -> usize {
        let rx = match dx {
            1 => self.width - 1 - p.x,
            -1 => p.x,
            _ => usize::MAX,
        };
        let ry = match dy {
            1 => self.height - 1 - p.y,
            -1 => p.y,
            _ => usize::MAX,
        };
        rx.min(ry)
    }

    /// The index step of one move along `(dx, dy)` in [`Board::cells`].
    #[inline]
    pub(super) fn stride(&self, (dx, dy): (isize, isize)) -> isize {
        dy * self.width as isize + dx
    }

    /// The squares, row by row (index `y * width + x`).
    #[inline]
    pub(super) fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn contains(&self, x: usize, y: usize) -> bool {
        x < self.width && y < self.height
    }

    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.y * self.width + p.x]
    }

    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cell(p) == Cell::Empty
    }

    /// Every point of the board, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }

    /// Checks that `p` is on the board and empty.
    pub fn check_empty(&self, p: Point) -> Result<(), PlayError> {
        if !self.contains(p.x, p.y) {
            return Err(PlayError::OffBoard {
                x: p.x,
                y: p.y,
                width: self.width,
                height: self.height,
            });
        }
        if !self.is_empty(p) {
            return Err(PlayError::Occupied(p));
        }
        Ok(())
    }

    /// Plays a stone after checking the point; the tables are compared with
    /// their from-scratch twin in debug builds.
    pub fn play(&mut self, p: Point, colour: Color) -> Result<(), PlayError> {
        self.check_empty(p)?;
        self.make(p, colour);
        debug_assert!(self.tables_consistent());
        Ok(())
    }

    /// Puts a dead stone (Gomocup field 3) on an empty point.
    pub fn place_wall(&mut self, p: Point) -> Result<(), PlayError> {
        self.check_empty(p)?;
        self.fill(p, Occupant::Wall);
        Ok(())
    }

    /// `MakeMove` without checks: the search's make.
    #[inline]
    pub fn make(&mut self, p: Point, colour: Color) {
        self.fill(p, Occupant::Stone(colour));
    }

    fn fill(&mut self, p: Point, who: Occupant) {
        self.cells[p.y * self.width + p.x] = match who {
            Occupant::Stone(c) => Cell::Stone(c),
            Occupant::Wall => Cell::Wall,
        };
        self.codes.place(p.x, p.y, square(who));
        self.key ^= zobrist::key(p.x, p.y, slot(who));
        self.history.push((p, who));
    }

    /// Takes back the last stone; `None` on an empty history.
    pub fn undo(&mut self) -> Option<(Point, Occupant)> {
        let (p, who) = self.history.pop()?;
        self.cells[p.y * self.width + p.x] = Cell::Empty;
        self.codes.lift(p.x, p.y);
        self.key ^= zobrist::key(p.x, p.y, slot(who));
        Some((p, who))
    }

    /// Removes the stone at `p` wherever it is in the history (Gomocup
    /// `TAKEBACK`).
    pub fn take_back(&mut self, p: Point) -> Result<(), PlayError> {
        if !self.contains(p.x, p.y) {
            return Err(PlayError::OffBoard {
                x: p.x,
                y: p.y,
                width: self.width,
                height: self.height,
            });
        }
        let Some(pos) = self.history.iter().position(|&(q, _)| q == p) else {
            return Err(PlayError::Empty(p));
        };
        let mut redo = Vec::new();
        while self.history.len() > pos + 1 {
            redo.push(self.undo().expect("history longer than pos"));
        }
        self.undo();
        for (q, who) in redo.into_iter().rev() {
            self.fill(q, who);
        }
        debug_assert!(self.tables_consistent());
        Ok(())
    }

    /// The from-scratch twin of the pattern codes.
    pub fn recomputed_codes(&self) -> Codes {
        let squares: Vec<Square> = self
            .cells
            .iter()
            .map(|c| match c {
                Cell::Empty => Square::Empty,
                Cell::Stone(c) => Square::Stone(*c),
                Cell::Wall => Square::Wall,
            })
            .collect();
        Codes::recompute(self.width, self.height, &squares)
    }

    /// What occupies each square, as the line counts see it.
    fn occupants(&self) -> Vec<Option<Occupant>> {
        self.cells
            .iter()
            .map(|c| match c {
                Cell::Empty => None,
                Cell::Stone(c) => Some(Occupant::Stone(*c)),
                Cell::Wall => Some(Occupant::Wall),
            })
            .collect()
    }

    /// The from-scratch twin of the incremental key.
    fn recomputed_key(&self) -> u64 {
        let occupants = self.occupants();
        let mut key = 0;
        for p in self.points() {
            if let Some(o) = occupants[p.y * self.width + p.x] {
                key ^= zobrist::key(p.x, p.y, slot(o));
            }
        }
        key
    }

    /// Whether the incremental codes and key equal their recompute.
    pub fn tables_consistent(&self) -> bool {
        self.recomputed_key() == self.key && self.recomputed_codes() == self.codes
    }

    /// Sets a square without touching the tables: pattern tests place a
    /// hypothetical stone and take it away again at once.
    #[inline]
    pub(super) fn set_raw(&mut self, p: Point, cell: Cell) {
        self.cells[p.y * self.width + p.x] = cell;
    }

    /// Builds a board from a diagram, top row first: `X` black, `O` white,
    /// `#` wall, `.` or `+` empty; spaces are ignored. The stones are played
    /// row by row (move order does not matter for the tables).
    pub fn from_diagram(diagram: &str, rule: Rule) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = diagram
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.len());
        if rows.iter().any(|r| r.len() != width) {
            return Err("diagram rows differ in length".to_string());
        }
        let mut board = Board::new(width, height, rule).map_err(|e| e.to_string())?;
        for (y, row) in rows.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                let p = Point::new(x, y);
                match ch {
                    'X' | 'x' => board.make(p, Color::Black),
                    'O' | 'o' => board.make(p, Color::White),
                    '#' => board.fill(p, Occupant::Wall),
                    '.' | '+' => {}
                    other => {
                        return Err(format!(
                            "unexpected {other:?} in diagram: expected X, O, #, . or +"
                        ));
                    }
                }
            }
        }
        Ok(board)
    }

    /// Number of stones of each colour: (black, white).
    pub fn stone_counts(&self) -> (usize, usize) {
        let mut counts = (0, 0);
        for (_, who) in &self.history {
            match who {
                Occupant::Stone(Color::Black) => counts.0 += 1,
                Occupant::Stone(Color::White) => counts.1 += 1,
                Occupant::Wall => {}
            }
        }
        counts
    }
}

fn square(who: Occupant) -> Square {
    match who {
        Occupant::Stone(c) => Square::Stone(c),
        Occupant::Wall => Square::Wall,
    }
}

fn slot(who: Occupant) -> usize {
    match who {
        Occupant::Stone(c) => c.index(),
        Occupant::Wall => 2,
    }
}

impl fmt::Display for Board {
    /// A diagram, top row first: `X` black, `O` white, `#` wall, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                let ch = match self.cell(Point::new(x, y)) {
                    Cell::Empty => '.',
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    Cell::Wall => '#',
                };
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
