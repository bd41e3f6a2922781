//! Threat shapes: fives, fours, open threes and renju's forbidden moves,
//! read straight off the stones along the four directions of a point.
//!
//! These answer the handbook's rules of thumb exactly where the line counts
//! only estimate them ("make 5 in a row if you can", "if the opponent has
//! an open 3 and can make an open 4, block it"), and they know the rule
//! variants. The pattern codes are the prefilter: no live line with four
//! stones through a square (no `F5` code), no five there.

use super::board::{Board, Cell};
use super::codes::{B3, B4, F5};
use super::geometry::{Color, DIRECTIONS, Point};
use super::rules::Rule;

/// How a stone of one side on an empty point would change that side's lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    /// The stone completes a winning line.
    pub five: bool,
    /// Number of fours it makes (a straight four counts once).
    pub fours: u8,
    /// Distinct points where the side would then complete a five: two or
    /// more cannot all be blocked.
    pub five_points: u8,
    /// Number of directions with a new open three (a three that can become
    /// a straight four).
    pub threes: u8,
    /// Bit `dir` set for each direction counted in `threes`.
    pub three_dirs: u8,
    /// Some direction gets six or more in a row.
    pub overline: bool,
}

impl Shape {
    /// A four the opponent cannot stop with one stone.
    pub fn winning_four(&self) -> bool {
        self.five_points >= 2
    }
}

impl Board {
    /// Length of the run of `c` through `p` along `dir` counting `p` as
    /// `c`, and whether both squares beyond its ends are blocked by an
    /// opponent stone or a wall (the board edge does not block, as in
    /// GomocupJudge).
    pub fn run(&self, p: Point, dir: usize, c: Color) -> (usize, bool) {
        let (dx, dy) = DIRECTIONS[dir];
        let cells = self.cells();
        let own = Cell::Stone(c);
        let start = p.y * self.width() + p.x;
        let mut len = 1;
        let mut blocked = 0;
        for d in [(dx, dy), (-dx, -dy)] {
            let stride = self.stride(d);
            let mut i = start as isize;
            // Running out of room is the edge, which does not block.
            for _ in 0..self.room(p, d) {
                i += stride;
                let cell = cells[i as usize];
                if cell == own {
                    len += 1;
                } else {
                    if cell != Cell::Empty {
                        blocked += 1;
                    }
                    break;
                }
            }
        }
        (len, blocked == 2)
    }

    /// Whether a stone of `c` at `p` wins along `dir` under the board's rule.
    pub fn five_along(&self, p: Point, dir: usize, c: Color) -> bool {
        let (len, blocked) = self.run(p, dir, c);
        self.rule().wins(len, blocked, c)
    }

    /// Whether a stone of `c` on the empty point `p` wins ("make 5 in a row
    /// if you can").
    pub fn makes_five(&self, p: Point, c: Color) -> bool {
        // A five needs a live five-point line through `p` holding four.
        if self.codes().best_shape(p.x, p.y, c) < F5 {
            return false;
        }
        // Under freestyle the codes' fives are the rule's.
        if self.rule() == Rule::FREESTYLE {
            return true;
        }
        (0..4).any(|dir| self.five_along(p, dir, c))
    }

    /// Whether the stone at `p` (already on the board) is part of a winning
    /// line.
    pub fn is_win_at(&self, p: Point) -> bool {
        match self.cell(p) {
            Cell::Stone(c) => (0..4).any(|dir| self.five_along(p, dir, c)),
            _ => false,
        }
    }

    /// All empty points where `c` would complete a winning line now.
    pub fn five_points(&self, c: Color) -> Vec<Point> {
        let mut out = Vec::new();
        if !self.codes().any_shape(c, F5) {
            return out;
        }
        let w = self.width();
        let (mut x, mut y) = (0, 0);
        for best in self.codes().best_shapes(c) {
            if best >= F5 {
                let p = Point::new(x, y);
                if self.is_empty(p) && self.makes_five(p, c) {
                    out.push(p);
                }
            }
            x += 1;
            if x == w {
                x = 0;
                y += 1;
            }
        }
        out
    }

    /// [`Board::five_points`] just after `c` played `m`, when `c` had no
    /// five to complete before it and the rule is not caro: a stone of
    /// `c` blocks nothing of its own, so every new completion point
    /// completes a five through `m` and lies within four of it on one of
    /// its lines. The same points in the same (row by row) order, from
    /// 32 points read instead of the board.
    pub fn five_points_after(&self, m: Point, c: Color) -> Vec<Point> {
        let mut out = Vec::new();
        if !self.codes().any_shape(c, F5) {
            return out;
        }
        for &d in &DIRECTIONS {
            for k in (-4..0).chain(1..5) {
                if let Some(q) = self.step(m, d, k)
                    && self.codes().best_shape(q.x, q.y, c) >= F5
                    && self.is_empty(q)
                    && self.makes_five(q, c)
                {
                    out.push(q);
                }
            }
        }
        out.sort_unstable_by_key(|q| (q.y, q.x));
        debug_assert_eq!(out, self.five_points(c));
        out
    }

    /// Whether `c` could complete a winning line now (`five_points` is
    /// not empty): under freestyle one look at the codes' counts.
    pub fn has_five_point(&self, c: Color) -> bool {
        if !self.codes().any_shape(c, F5) {
            return false;
        }
        if self.rule() == Rule::FREESTYLE {
            return true;
        }
        let w = self.width();
        self.codes().best_shapes(c).enumerate().any(|(i, best)| {
            let p = Point::new(i % w, i / w);
            best >= F5 && self.is_empty(p) && self.makes_five(p, c)
        })
    }

    /// The points where `attacker`'s opponent may play so that `attacker`
    /// has no five to complete: the completion points themselves and,
    /// under caro (where a five blocked at both ends does not win), the
    /// points capping the far end of a five.
    pub fn five_stops(&mut self, attacker: Color) -> Vec<Point> {
        let defender = attacker.opponent();
        let fives = self.five_points(attacker);
        let mut candidates = fives.clone();
        if self.rule().caro {
            // The ends of a five through `f` lie within five points of it.
            for &f in &fives {
                for &step in &DIRECTIONS {
                    for k in -5..=5 {
                        if let Some(q) = self.step(f, step, k)
                            && self.is_empty(q)
                            && !candidates.contains(&q)
                        {
                            candidates.push(q);
                        }
                    }
                }
            }
        }
        candidates.retain(|&q| {
            if !self.allowed(q, defender) {
                return false;
            }
            // A defender stone makes no new five for the attacker: only
            // the old completion points need a look.
            self.make(q, defender);
            let stopped = fives
                .iter()
                .all(|&f| f == q || !self.makes_five(f, attacker));
            self.undo();
            stopped
        });
        candidates
    }

    /// Points along `dir` within four of `p` where `c` would complete a five
    /// (with whatever is on the board now). At most two are returned.
    fn completions(&self, p: Point, dir: usize, c: Color) -> ([Option<Point>; 2], u8) {
        let d = DIRECTIONS[dir];
        let mut found = [None; 2];
        let mut n = 0u8;
        for k in -4..=4 {
            if k == 0 {
                continue;
            }
            if let Some(q) = self.step(p, d, k)
                && self.is_empty(q)
                && self.five_along(q, dir, c)
            {
                if (n as usize) < 2 {
                    found[n as usize] = Some(q);
                }
                n += 1;
            }
        }
        (found, n)
    }

    /// The shape a stone of `c` on the empty point `p` makes. Threes are
    /// only looked for when `with_threes` (they cost the most).
    pub fn shape(&mut self, p: Point, c: Color, with_threes: bool) -> Shape {
        let mut shape = Shape::default();
        let best = self.codes().best_shape(p.x, p.y, c);
        for dir in 0..4 {
            let (len, _) = self.run(p, dir, c);
            if len >= 6 {
                shape.overline = true;
            }
            if self.five_along(p, dir, c) {
                shape.five = true;
            }
        }
        if shape.five || best < B3 {
            return shape;
        }
        self.set_raw(p, Cell::Stone(c));
        let mut points: [Option<Point>; 8] = [None; 8];
        let mut distinct = 0usize;
        let mut four_dirs = [false; 4];
        if best >= B4 {
            for (dir, four_dir) in four_dirs.iter_mut().enumerate() {
                let (found, n) = self.completions(p, dir, c);
                if n == 0 {
                    continue;
                }
                *four_dir = true;
                let straight = n == 2 && distance(found[0], found[1]) == Some(5);
                shape.fours += if straight { 1 } else { n.min(2) };
                for q in found.into_iter().flatten() {
                    if !points[..distinct].contains(&Some(q)) && distinct < 8 {
                        points[distinct] = Some(q);
                        distinct += 1;
                    }
                }
            }
            shape.five_points = distinct as u8;
        }
        if with_threes {
            for (dir, &has_four) in four_dirs.iter().enumerate() {
                let three = if self.rule().has_forbidden(c) {
                    self.three_through(p, dir)
                } else {
                    self.open_three_along(p, dir, c)
                };
                if !has_four && three {
                    shape.threes += 1;
                    shape.three_dirs |= 1 << dir;
                }
            }
        }
        self.set_raw(p, Cell::Empty);
        shape
    }

    /// With `c`'s stone already on `p`: is there an empty point along `dir`
    /// that would give `c` a straight four (an open four) there? (Renju's
    /// black threes are [`Board::three_through`], which knows forbidden
    /// points.)
    fn open_three_along(&mut self, p: Point, dir: usize, c: Color) -> bool {
        let d = DIRECTIONS[dir];
        for k in -4..=4isize {
            let Some(q) = self.step(p, d, k) else {
                continue;
            };
            if k == 0 || !self.is_empty(q) {
                continue;
            }
            self.set_raw(q, Cell::Stone(c));
            let (found, n) = self.completions(q, dir, c);
            self.set_raw(q, Cell::Empty);
            if n >= 2 && distance(found[0], found[1]) == Some(5) {
                return true;
            }
        }
        false
    }

    /// Renju: whether black may not play on the empty point `p`
    /// (overline, double four or double three by the recursive definition
    /// of [`super::renju`]; a five is always allowed).
    pub fn is_forbidden(&mut self, p: Point) -> bool {
        self.rule().renju && self.renju_foul(p).is_some()
    }

    /// Whether `c` may play on `p` (empty and, for black under renju, not
    /// forbidden).
    pub fn allowed(&mut self, p: Point, c: Color) -> bool {
        self.is_empty(p) && !(self.rule().has_forbidden(c) && self.is_forbidden(p))
    }

    /// Empty points within `radius` of a stone: where a sensible move is.
    pub fn neighbourhood(&self, radius: isize) -> Vec<Point> {
        let mut mark = vec![false; self.width() * self.height()];
        let mut out = Vec::new();
        for &(p, _) in self.history() {
            for dy in -radius..=radius {
                for dx in -radius..=radius {
                    if let Some(q) = self.step(p, (dx, dy), 1)
                        && self.is_empty(q)
                        && !mark[q.y * self.width() + q.x]
                    {
                        mark[q.y * self.width() + q.x] = true;
                        out.push(q);
                    }
                }
            }
        }
        out
    }
}

fn distance(a: Option<Point>, b: Option<Point>) -> Option<usize> {
    let (a, b) = (a?, b?);
    Some(a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)))
}
