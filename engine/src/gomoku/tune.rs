//! Texel tuning of the static evaluation ([`super::search::evaluate`]):
//! fit the pattern codes' point values ([`SHAPE_VALUE`], [`CLASS_BONUS`]),
//! the tempo and the threat bonus so that the evaluation, squashed into an
//! expected score by a logistic curve, matches positions labelled by the
//! results of the games they came from, or by a stronger engine's
//! judgement of them (how the current weights were fitted: see
//! [`SHAPE_VALUE`]), in mean squared error (the chess tuner's method,
//! `chess::eval::tune`).
//!
//! The evaluation is exactly linear in these weights: each side's total
//! is, over the empty points, the class bonus of the point plus the shape
//! value of each of its four lines, from the side to move's table for it
//! and the waiting side's table for the opponent. So a sample is a vector
//! of counts (our points of each shape and class, the opponent's negated,
//! the move, the threat flags) and the fit is a logistic regression with
//! a ridge penalty towards the starting weights, by gradient descent.

use super::board::Board;
use super::codes::{
    C_BLOCK4, C_BLOCK4_FLEX3, C_FLEX3_2X, C_FLEX4, CLASS_BONUS, CLASSES, LINE_SHAPES, SHAPE_VALUE,
    WAIT_CLASS_BONUS, WAIT_SHAPE_VALUE,
};
use super::geometry::{Color, Point};
use super::search::{TEMPO, THREAT_FLAGS, THREAT_PARRY, THREAT_TERMS, THREAT_WIN, threat_flags};
use crate::adam::Adam;

/// Number of weights: the line shapes, the classes, tempo, the two
/// threat terms, the threat mask's flags, and the line shapes and classes
/// of the side that just moved.
pub const WEIGHTS: usize = LINE_SHAPES + CLASSES + 3 + THREAT_FLAGS + LINE_SHAPES + CLASSES;
const TEMPO_AT: usize = LINE_SHAPES + CLASSES;
const MASK_AT: usize = TEMPO_AT + 3;
const WAIT_AT: usize = MASK_AT + THREAT_FLAGS;

/// What the tuning moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Value of a line shape, per line of an empty point.
    pub shape: [i32; LINE_SHAPES],
    /// Bonus of a point class.
    pub class: [i32; CLASSES],
    pub tempo: i32,
    /// A double three or four-three to play, no four to interpose.
    pub threat_win: i32,
    /// An opponent's double threat to parry.
    pub threat_parry: i32,
    /// Points of each flag of the threat mask (`search::threat_flags`).
    pub threat_mask: [i32; THREAT_FLAGS],
    /// The shape values and class bonuses of the side that just moved.
    pub wait_shape: [i32; LINE_SHAPES],
    pub wait_class: [i32; CLASSES],
}

impl Weights {
    /// The weights the search uses now.
    pub fn current() -> Weights {
        Weights {
            shape: SHAPE_VALUE,
            class: CLASS_BONUS,
            tempo: TEMPO,
            threat_win: THREAT_WIN,
            threat_parry: THREAT_PARRY,
            threat_mask: THREAT_TERMS,
            wait_shape: WAIT_SHAPE_VALUE,
            wait_class: WAIT_CLASS_BONUS,
        }
    }

    /// The weights in a fixed order (shapes, classes, tempo, threat win,
    /// threat parry, threat mask, the waiting side's shapes and classes).
    pub fn to_vec(&self) -> [i32; WEIGHTS] {
        let mut v = [0; WEIGHTS];
        v[..LINE_SHAPES].copy_from_slice(&self.shape);
        v[LINE_SHAPES..TEMPO_AT].copy_from_slice(&self.class);
        v[TEMPO_AT] = self.tempo;
        v[TEMPO_AT + 1] = self.threat_win;
        v[TEMPO_AT + 2] = self.threat_parry;
        v[MASK_AT..WAIT_AT].copy_from_slice(&self.threat_mask);
        v[WAIT_AT..WAIT_AT + LINE_SHAPES].copy_from_slice(&self.wait_shape);
        v[WAIT_AT + LINE_SHAPES..].copy_from_slice(&self.wait_class);
        v
    }

    /// The inverse of [`Weights::to_vec`].
    pub fn from_vec(v: &[i32; WEIGHTS]) -> Weights {
        let mut w = Weights::current();
        w.shape.copy_from_slice(&v[..LINE_SHAPES]);
        w.class.copy_from_slice(&v[LINE_SHAPES..TEMPO_AT]);
        w.tempo = v[TEMPO_AT];
        w.threat_win = v[TEMPO_AT + 1];
        w.threat_parry = v[TEMPO_AT + 2];
        w.threat_mask.copy_from_slice(&v[MASK_AT..WAIT_AT]);
        w.wait_shape
            .copy_from_slice(&v[WAIT_AT..WAIT_AT + LINE_SHAPES]);
        w.wait_class.copy_from_slice(&v[WAIT_AT + LINE_SHAPES..]);
        w
    }

    /// The name of each weight, in [`Weights::to_vec`] order.
    pub fn names() -> Vec<String> {
        let mut names: Vec<String> = (0..LINE_SHAPES).map(|i| format!("shape[{i}]")).collect();
        names.extend((0..CLASSES).map(|i| format!("class[{i}]")));
        names.extend(["tempo", "threat_win", "threat_parry"].map(String::from));
        names.extend((0..THREAT_FLAGS).map(|i| format!("threat_mask[{i}]")));
        names.extend((0..LINE_SHAPES).map(|i| format!("wait_shape[{i}]")));
        names.extend((0..CLASSES).map(|i| format!("wait_class[{i}]")));
        names
    }

    /// The weights as Rust source, to paste over the constants in
    /// `codes.rs` and `search.rs`.
    pub fn rust_source(&self) -> String {
        format!(
            "const SHAPE_VALUE: [i32; LINE_SHAPES] = {:?};\n\
             const CLASS_BONUS: [i32; CLASSES] = {:?};\n\
             const TEMPO: i32 = {};\n\
             const THREAT_WIN: i32 = {};\n\
             const THREAT_PARRY: i32 = {};\n\
             const THREAT_TERMS: [i32; THREAT_FLAGS] = {:?};\n\
             const WAIT_SHAPE_VALUE: [i32; LINE_SHAPES] = {:?};\n\
             const WAIT_CLASS_BONUS: [i32; CLASSES] = {:?};\n",
            self.shape,
            self.class,
            self.tempo,
            self.threat_win,
            self.threat_parry,
            self.threat_mask,
            self.wait_shape,
            self.wait_class
        )
    }
}

/// Whether the evaluation is what the search would judge `board` by, with
/// `me` to move: no five to make or to stop, no open four (or double four)
/// for `me` to play. Elsewhere the search settles the position itself.
pub fn is_quiet(board: &Board, me: Color) -> bool {
    let codes = board.codes();
    !board.has_five_point(me)
        && !board.has_five_point(me.opponent())
        && !codes.any_class(me, C_FLEX4)
}

/// One labelled position: the evaluation's counts and the side to move's
/// expected score.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Per weight, how many times it counts for the side to move (ours,
    /// or theirs negated, or a flag).
    counts: [i32; WEIGHTS],
    /// The side to move's expected score in 0..=1.
    target: f64,
}

impl Sample {
    /// A sample of `board` with `me` to move, or `None` if the position is
    /// not quiet ([`is_quiet`]).
    pub fn new(board: &Board, me: Color, target: f64) -> Option<Sample> {
        if !is_quiet(board, me) {
            return None;
        }
        let codes = board.codes();
        let opp = me.opponent();
        let mut counts = [0; WEIGHTS];
        for y in 0..board.height() {
            for x in 0..board.width() {
                if !board.is_empty(Point::new(x, y)) {
                    continue;
                }
                for (c, sign, at) in [(me, 1, 0), (opp, -1, WAIT_AT)] {
                    for dir in 0..4 {
                        counts[at + codes.shape(x, y, c, dir) as usize] += sign;
                    }
                    counts[at + LINE_SHAPES + codes.class(x, y, c) as usize] += sign;
                }
            }
        }
        counts[TEMPO_AT] = 1;
        // As `search::threat_bonus` decides it.
        let threats =
            |c: Color| codes.class_count(c, C_BLOCK4_FLEX3) + codes.class_count(c, C_FLEX3_2X);
        if threats(me) > 0 && !codes.any_class(opp, C_BLOCK4) {
            counts[TEMPO_AT + 1] = 1;
        } else if threats(opp) > 0 && !codes.any_class(me, C_BLOCK4) {
            counts[TEMPO_AT + 2] = -1;
        }
        for (i, f) in threat_flags(board, me).into_iter().enumerate() {
            counts[MASK_AT + i] = i32::from(f);
        }
        Some(Sample {
            counts,
            target: target.clamp(0.0, 1.0),
        })
    }

    /// The evaluation under weights `w`, for the side to move.
    pub fn eval(&self, w: &[i32; WEIGHTS]) -> i32 {
        self.counts.iter().zip(w).map(|(c, w)| c * w).sum()
    }

    fn eval_f64(&self, w: &[f64; WEIGHTS]) -> f64 {
        self.counts
            .iter()
            .zip(w)
            .map(|(&c, w)| f64::from(c) * w)
            .sum()
    }
}

fn logistic(points: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-points / k).exp())
}

/// The expected score of an evaluation of `points` under scale `k`
/// (points per unit of the logistic curve's argument).
pub fn expected(points: i32, k: f64) -> f64 {
    logistic(f64::from(points), k)
}

/// Mean squared error of weights `w` over the samples.
pub fn mean_error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let v = w.to_vec();
    samples
        .iter()
        .map(|s| (s.target - expected(s.eval(&v), k)).powi(2))
        .sum::<f64>()
        / samples.len() as f64
}

/// The logistic scale that fits the samples best under weights `w`
/// (golden-section search over 20..=20000 points, in logarithms).
pub fn fit_scale(samples: &[Sample], w: &Weights) -> f64 {
    let (mut lo, mut hi) = (20f64.ln(), 20000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_error(samples, w, a.exp()) < mean_error(samples, w, b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// What a tuning run holds fixed.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The logistic scale (fit it first with [`fit_scale`] under the
    /// current weights, so the fitted weights keep the search's scale).
    pub k: f64,
    /// Weights that must not move, by name prefix ([`Weights::names`]).
    pub frozen: Vec<String>,
    /// Ridge penalty per squared point a weight moves from its start: it
    /// keeps the weights that few samples speak for where they were.
    pub l2: f64,
}

/// Fits the weights by gradient descent (Adam) on the squared error plus
/// the ridge penalty, from `start`. `report` gets the iteration and the
/// (unpenalised) error every 100 iterations. The result is rounded to
/// whole points.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    setup: &Setup,
    iterations: usize,
    report: &mut dyn FnMut(usize, f64),
) -> Weights {
    let k = setup.k;
    let values = start.to_vec();
    let names = Weights::names();
    let free: Vec<bool> = names
        .iter()
        .map(|n| !setup.frozen.iter().any(|f| n.starts_with(f.as_str())))
        .collect();
    let mut w = values.map(f64::from);
    let mut adam = Adam::new(WEIGHTS);
    let count = samples.len().max(1) as f64;
    for it in 1..=iterations {
        let mut grad = [0.0; WEIGHTS];
        let mut error = 0.0;
        for s in samples {
            let p = logistic(s.eval_f64(&w), k);
            let diff = p - s.target;
            error += diff * diff;
            let g = 2.0 * diff * p * (1.0 - p) / k;
            for (gi, &c) in grad.iter_mut().zip(&s.counts) {
                *gi += g * f64::from(c);
            }
        }
        for i in (0..WEIGHTS).filter(|&i| free[i]) {
            let g = grad[i] / count + 2.0 * setup.l2 * (w[i] - f64::from(values[i]));
            adam.step(i, &mut w[i], g, it);
        }
        if it.is_multiple_of(100) || it == iterations {
            report(it, error / count);
        }
    }
    Weights::from_vec(&w.map(|x| x.round() as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::rules::Rule;
    use crate::gomoku::search::evaluate;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Quiet positions of random stones near the centre of a 15×15 board,
    /// with the side to move.
    fn positions(count: usize, seed: u64) -> Vec<(Board, Color)> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut board = Board::new(15, 15, Rule::FREESTYLE).unwrap();
            let stones = rng.random_range(4..24);
            let mut side = Color::Black;
            for _ in 0..stones {
                let p = Point::new(rng.random_range(3..12), rng.random_range(3..12));
                if board.is_empty(p) {
                    board.make(p, side);
                    side = side.opponent();
                }
            }
            if is_quiet(&board, side) {
                out.push((board, side));
            }
        }
        out
    }

    /// The samples' linear evaluation is the search's, term for term.
    #[test]
    fn sample_evaluation_is_the_search_evaluation() {
        let current = Weights::current().to_vec();
        let mut threats = 0;
        for (board, me) in positions(300, 1) {
            let sample = Sample::new(&board, me, 0.5).unwrap();
            threats +=
                (sample.counts[TEMPO_AT + 1] != 0 || sample.counts[TEMPO_AT + 2] != 0) as usize;
            assert_eq!(sample.eval(&current), evaluate(&board, me));
        }
        assert!(threats > 10, "{threats} positions with a threat term");
    }

    #[test]
    fn loud_positions_make_no_sample() {
        let board = Board::from_diagram(
            ".......\n.......\n.XXXX..\n.OOO...\n.......\n.......\n.......",
            Rule::FREESTYLE,
        )
        .unwrap();
        assert!(Sample::new(&board, Color::White, 0.5).is_none());
        assert!(Sample::new(&board, Color::Black, 0.5).is_none());
    }

    /// Positions labelled by the expected score of known weights (several
    /// shape values and a class bonus of the side to move away from the
    /// current ones): tuning from the current weights finds them again.
    #[test]
    fn tuning_recovers_known_weights() {
        let mut truth = Weights::current();
        truth.shape[2] = 6; // F1
        truth.shape[4] = 30; // F2
        truth.shape[5] = 10; // B3
        truth.shape[6] = 70; // F3
        truth.class[6] = 40; // C_FLEX3
        let k = 300.0;
        let truth_v = truth.to_vec();
        let samples: Vec<Sample> = positions(1500, 2)
            .into_iter()
            .map(|(board, me)| {
                let points = Sample::new(&board, me, 0.5).unwrap().eval(&truth_v);
                Sample::new(&board, me, expected(points, k)).unwrap()
            })
            .collect();
        let current = Weights::current();
        assert_eq!(mean_error(&samples, &truth, k), 0.0);
        let before = mean_error(&samples, &current, k);
        assert!(before > 1e-3, "{before}");
        // The scale is found from the labels when the weights are right.
        assert!((fit_scale(&samples, &truth) - k).abs() < 1.0);
        // Every empty point has four line shapes and one class per side,
        // so a shift of all shape values (or of all class bonuses) leaves
        // every evaluation nearly as it was, give or take a multiple of the
        // empty points, which the tempo would absorb: `shape[0]`, the tempo
        // and the classes other than the open three's are held, and with
        // them the threat terms, the strongest shapes, which random
        // positions rarely show, and the values of the side that just
        // moved.
        let mut frozen: Vec<String> = [
            "shape[0]", "shape[7]", "shape[8]", "shape[9]", "threat", "tempo", "wait_",
        ]
        .map(String::from)
        .into();
        frozen.extend(
            (0..CLASSES)
                .filter(|&c| c != 6)
                .map(|c| format!("class[{c}]")),
        );
        let setup = Setup { k, frozen, l2: 0.0 };
        let mut reports = 0;
        // The counts of the side to move alone (no longer ours minus
        // theirs) are large and move together, which slows the descent.
        let tuned = tune(&samples, &current, &setup, 8000, &mut |_, _| reports += 1);
        assert_eq!(reports, 80);
        let after = mean_error(&samples, &tuned, k);
        assert!(after < before / 100.0, "{before} -> {after}");
        for (i, name) in Weights::names().iter().enumerate() {
            let (got, want) = (tuned.to_vec()[i], truth_v[i]);
            assert!((got - want).abs() <= 2, "{name}: {got}, want {want}");
        }
    }
}
