//! Turbo Go-Moku's incremental evaluator (handbook chapter 5, "Incremental
//! Updating", `MakeMove`, `Add` and `Update`).
//!
//! Every five-square line of the board has a count of the stones each side
//! has on it (`Line[direction][x][y][colour]`). Every square has a value for
//! each side (`Value[x][y][colour]`): the sum, over the lines through it that
//! the other side has not touched, of `WEIGHT[stones + 1]`, the worth of
//! growing that line by one stone. A move changes only the 20 lines through
//! its square. The search no longer keeps these tables in step with the
//! stones (it reads the pattern codes of [`super::codes`]): the 1985 level
//! counts them afresh once a move ([`LineTable::recompute`]) and reads a
//! square's value off its 20 lines.

use super::geometry::{Color, DIRECTIONS};

/// Worth of a line holding N stones of one side after the move
/// (`Weight = 0,0,4,20,100,500,0` in the 1985 program).
pub const WEIGHT: [i32; 7] = [0, 0, 4, 20, 100, 500, 0];

/// What occupies a square, as the line counts see it: a stone of either
/// side, or (in Gomocup continuous games) a dead stone that blocks every
/// line through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    Stone(Color),
    Wall,
}

impl Occupant {
    fn slot(self) -> usize {
        match self {
            Occupant::Stone(c) => c.index(),
            Occupant::Wall => 2,
        }
    }
}

/// Stones on one five-square line: black, white, walls.
type LineCount = [u8; 3];

/// The tables of Turbo Go-Moku for one board: the line counts, with the
/// squares' values read off the 20 lines through a square when asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineTable {
    width: usize,
    height: usize,
    /// `Line[direction][x][y]`, flattened: index `dir * w * h + y * w + x`,
    /// keyed by the line's starting square as in the 1985 program.
    line: Vec<LineCount>,
    /// Lines still winnable by someone (`TotalLines`): 0 means a draw.
    total_lines: i32,
}

/// A line is live for a side while the other side and walls are absent.
fn live_for(line: LineCount, c: usize) -> bool {
    line[1 - c] == 0 && line[2] == 0
}

fn value_term(line: LineCount, c: usize) -> i32 {
    if live_for(line, c) {
        WEIGHT[line[c] as usize + 1]
    } else {
        0
    }
}

fn is_open(line: LineCount) -> bool {
    line[2] == 0 && (line[0] == 0 || line[1] == 0)
}

impl LineTable {
    /// Tables for an empty `width`×`height` board (`ResetGame`).
    pub fn new(width: usize, height: usize) -> LineTable {
        LineTable::recompute(width, height, &vec![None; width * height])
    }

    /// The from-scratch twin: counts every line of `occupants` anew.
    pub fn recompute(width: usize, height: usize, occupants: &[Option<Occupant>]) -> LineTable {
        let mut table = LineTable {
            width,
            height,
            line: vec![[0; 3]; 4 * width * height],
            total_lines: 0,
        };
        for y in 0..height {
            for x in 0..width {
                for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                    if !table.line_fits(dir, x, y) {
                        continue;
                    }
                    let mut count = [0u8; 3];
                    for l in 0..5 {
                        let sx = (x as isize + dx * l) as usize;
                        let sy = (y as isize + dy * l) as usize;
                        if let Some(o) = occupants[sy * width + sx] {
                            count[o.slot()] += 1;
                        }
                    }
                    table.line[dir * width * height + y * width + x] = count;
                    if is_open(count) {
                        table.total_lines += 1;
                    }
                }
            }
        }
        table
    }

    /// Whether a line starting at (x, y) in direction `dir` stays on the
    /// board (the 1985 "Check starting point" tests).
    fn line_fits(&self, dir: usize, x: usize, y: usize) -> bool {
        let (dx, dy) = DIRECTIONS[dir];
        let ex = x as isize + 4 * dx;
        let ey = y as isize + 4 * dy;
        ex >= 0 && (ex as usize) < self.width && (ey as usize) < self.height
    }

    /// The counts of the up to 20 lines through (x, y).
    fn lines_through(&self, x: usize, y: usize) -> impl Iterator<Item = LineCount> + '_ {
        DIRECTIONS
            .iter()
            .enumerate()
            .flat_map(move |(dir, &(dx, dy))| {
                (0..5isize).filter_map(move |k| {
                    let x1 = x as isize - dx * k;
                    let y1 = y as isize - dy * k;
                    if x1 < 0 || y1 < 0 || x1 as usize >= self.width {
                        return None;
                    }
                    let (x1, y1) = (x1 as usize, y1 as usize);
                    self.line_fits(dir, x1, y1)
                        .then(|| self.line[dir * self.width * self.height + y1 * self.width + x1])
                })
            })
    }

    /// `Value[x][y][colour]`: what a stone of `c` at (x, y) would add to
    /// `c`'s lines.
    pub fn value(&self, x: usize, y: usize, c: Color) -> i32 {
        self.lines_through(x, y)
            .map(|l| value_term(l, c.index()))
            .sum()
    }

    /// `TotalLines`: lines that neither side has blocked; 0 is a draw.
    pub fn total_lines(&self) -> i32 {
        self.total_lines
    }

    /// Number of five-square lines on an empty board of this size
    /// (1020 on the 19×19 board, as the handbook counts).
    pub fn line_count(width: usize, height: usize) -> usize {
        LineTable::new(width, height).total_lines as usize
    }
}
