//! Texel tuning of the evaluation: fit [`Weights`] (chiefly the leaf
//! weights, [`LeafWeights`]) so that the evaluation, squashed into an
//! expected score by a logistic curve, matches labelled positions (a game
//! result, or a stronger program's expected score) as closely as it can in
//! mean squared error.
//!
//! The handbook's part of the evaluation (material, the root tables, pawn
//! structure) keeps its form: each sample carries it precomputed, with the
//! tables of a root some plies earlier in the game, as the search sees its
//! leaves. Two fits are offered. [`tune_gradient`] linearises each sample's
//! evaluation in the weights (every leaf term is a weight times a count)
//! and runs gradient descent on all weights at once; [`tune`] is Texel's
//! local search, which nudges one weight at a time by a step and keeps the
//! change when the error falls, and polishes the rounded result.

use super::leaf::{LEAF_WEIGHTS, LeafWeights, Pair, leaf_white_with};
use super::{Evaluator, TEMPO, sign};
use crate::adam::Adam;
use crate::chess::Board;

/// What the tuning moves: the leaf weights, the tempo, and the weight of
/// the root tables (percent of the handbook's; held at 100 by default, and
/// a fit that frees it says how much more or less the tables should count).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub leaf: LeafWeights,
    pub tempo: i32,
    pub placement_percent: i32,
}

impl Weights {
    /// The weights the search uses now.
    pub fn current() -> Weights {
        Weights {
            leaf: LEAF_WEIGHTS,
            tempo: TEMPO,
            placement_percent: 100,
        }
    }
}

/// One labelled position.
#[derive(Clone, Debug)]
pub struct Sample {
    board: Board,
    /// Material and pawn structure, White's view.
    rest_white: i32,
    /// The root tables' placement value, White's view.
    placement_white: i32,
    /// +1 with White to move, −1 with Black (who has the tempo).
    mover: i32,
    /// White's expected score in 0..=1.
    target: f64,
}

impl Sample {
    /// A sample, or `None` for a position the leaf terms play no part in
    /// (the mating evaluation replaces them). The root tables are those of
    /// `root`: a position some plies earlier in the game, as the search
    /// sees a leaf through tables computed where it started; `None` computes
    /// them in the position itself.
    pub fn new(board: Board, root: Option<&Board>, target: f64) -> Option<Sample> {
        let evaluator = Evaluator::new(root.unwrap_or(&board));
        // The position itself must not call for the mating evaluation
        // either; without a separate root that is the check just made.
        if evaluator.mating.is_some()
            || root.is_some_and(|_| Evaluator::new(&board).mating.is_some())
        {
            return None;
        }
        let parts = evaluator.breakdown(&board);
        let rest_white = parts.material[0] - parts.material[1] + parts.pawn_structure[0]
            - parts.pawn_structure[1];
        Some(Sample {
            rest_white,
            placement_white: parts.placement[0] - parts.placement[1],
            mover: sign(board.side_to_move()),
            board,
            target: target.clamp(0.0, 1.0),
        })
    }

    fn eval_white(&self, w: &Weights) -> i32 {
        self.rest_white
            + self.placement_white * w.placement_percent / 100
            + self.mover * w.tempo
            + leaf_white_with(&self.board, &w.leaf)
    }
}

/// The expected score of an evaluation of `points` under scale `k`
/// (points per unit of the logistic curve's argument).
fn logistic(points: f64, k: f64) -> f64 {
    1.0 / (1.0 + (-points / k).exp())
}

fn expected(points: i32, k: f64) -> f64 {
    logistic(f64::from(points), k)
}

/// `f` applied to `items` cut into `threads` runs, one thread each; the
/// results in order.
fn in_parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    f: impl Fn(&[T]) -> R + Sync,
) -> Vec<R> {
    let chunk = items.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || f(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a tuning thread panicked"))
            .collect()
    })
}

/// Mean squared error of the weights over the samples, computed on
/// `threads` threads.
pub fn mean_error(samples: &[Sample], w: &Weights, k: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let parts = in_parallel(samples, threads, |part| {
        part.iter()
            .map(|s| (s.target - expected(s.eval_white(w), k)).powi(2))
            .sum::<f64>()
    });
    parts.iter().sum::<f64>() / samples.len() as f64
}

/// The logistic scale that fits the samples best under weights `w`
/// (golden-section search over 50..=2000 points).
pub fn fit_scale(samples: &[Sample], w: &Weights, threads: usize) -> f64 {
    let (mut lo, mut hi) = (50.0f64, 2000.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_error(samples, w, a, threads) < mean_error(samples, w, b, threads) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Every tunable weight of `w`, by name, in a fixed order.
pub fn weights_mut(all: &mut Weights) -> Vec<(String, &mut i32)> {
    let mut out: Vec<(String, &mut i32)> = Vec::new();
    out.push(("tempo".into(), &mut all.tempo));
    out.push(("placement_percent".into(), &mut all.placement_percent));
    let w = &mut all.leaf;
    fn pair<'a>(out: &mut Vec<(String, &'a mut i32)>, name: String, p: &'a mut Pair) {
        out.push((format!("{name}.mg"), &mut p.0));
        out.push((format!("{name}.eg"), &mut p.1));
    }
    for (i, p) in w.mobility.iter_mut().enumerate() {
        pair(&mut out, format!("mobility[{i}]"), p);
    }
    pair(&mut out, "bishop_pair".into(), &mut w.bishop_pair);
    out.push(("king_centre_eg".into(), &mut w.king_centre_eg));
    pair(&mut out, "rook_open_file".into(), &mut w.rook_open_file);
    pair(
        &mut out,
        "rook_half_open_file".into(),
        &mut w.rook_half_open_file,
    );
    // Ranks 1..=6: a pawn never stands on its first or last rank.
    for (i, v) in w.passed_mg.iter_mut().enumerate().take(7).skip(1) {
        out.push((format!("passed_mg[{i}]"), v));
    }
    for (i, v) in w.passed_eg.iter_mut().enumerate().take(7).skip(1) {
        out.push((format!("passed_eg[{i}]"), v));
    }
    out.push(("passed_their_king".into(), &mut w.passed_their_king));
    out.push(("passed_our_king".into(), &mut w.passed_our_king));
    out.push(("shield_missing".into(), &mut w.shield_missing));
    out.push(("shield_advanced".into(), &mut w.shield_advanced));
    for (i, v) in w.attacker_weight.iter_mut().enumerate() {
        out.push((format!("attacker_weight[{i}]"), v));
    }
    out.push(("zone_hit".into(), &mut w.zone_hit));
    for (i, v) in w.safe_check.iter_mut().enumerate() {
        out.push((format!("safe_check[{i}]"), v));
    }
    for (i, p) in w.threat_by_pawn.iter_mut().enumerate() {
        pair(&mut out, format!("threat_by_pawn[{i}]"), p);
    }
    for (i, p) in w.threat_by_minor.iter_mut().enumerate() {
        pair(&mut out, format!("threat_by_minor[{i}]"), p);
    }
    pair(&mut out, "threat_by_rook".into(), &mut w.threat_by_rook);
    pair(&mut out, "hanging".into(), &mut w.hanging);
    pair(&mut out, "threat_by_push".into(), &mut w.threat_by_push);
    for (i, p) in w.material_taper.iter_mut().enumerate() {
        pair(&mut out, format!("material_taper[{i}]"), p);
    }
    for (role, table) in w.square.iter_mut().enumerate() {
        for (i, p) in table.iter_mut().enumerate() {
            // Pawns never stand on the first or last rank.
            if role == 0 && !(4..28).contains(&i) {
                continue;
            }
            pair(&mut out, format!("square[{role}][{i}]"), p);
        }
    }
    out
}

/// What a tuning run holds fixed: the logistic scale, the threads for the
/// error sums, and the weights that must not move (by name prefix; the
/// `tune` command holds the tempo and the root tables' weight, whose fitted
/// values played worse in matches).
#[derive(Clone, Debug)]
pub struct Setup {
    pub k: f64,
    pub threads: usize,
    pub frozen: Vec<String>,
    /// Ridge penalty per squared point a weight moves from its start, in
    /// the gradient descent: it keeps weights that few samples speak for
    /// (a king on the eighth rank) near where they were.
    pub l2: f64,
}

impl Setup {
    /// Which of the weights of `w` (in [`weights_mut`] order) may move.
    fn free(&self, w: &Weights) -> Vec<bool> {
        weights_mut(&mut w.clone())
            .into_iter()
            .map(|(name, _)| !self.frozen.iter().any(|f| name.starts_with(f.as_str())))
            .collect()
    }
}

/// Texel's local search from `start`: passes over every weight with a step
/// that starts at `first_step` points and halves down to 1. After each
/// pass `report` gets the pass number, the error and the weights.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    setup: &Setup,
    first_step: i32,
    max_passes: usize,
    report: &mut dyn FnMut(usize, f64, &Weights),
) -> Weights {
    let (k, threads) = (setup.k, setup.threads);
    let mut best = start.clone();
    let mut best_error = mean_error(samples, &best, k, threads);
    let free = setup.free(start);
    let mut step = first_step.max(1);
    for pass in 1..=max_passes {
        let mut improved = false;
        for i in (0..free.len()).filter(|&i| free[i]) {
            for delta in [step, -step] {
                let mut trial = best.clone();
                *weights_mut(&mut trial)[i].1 += delta;
                let error = mean_error(samples, &trial, k, threads);
                if error < best_error {
                    best = trial;
                    best_error = error;
                    improved = true;
                    break;
                }
            }
        }
        report(pass, best_error, &best);
        if !improved {
            if step == 1 {
                break;
            }
            step /= 2;
        }
    }
    best
}

/// A sample's evaluation as a linear function of the weights: every term
/// is a weight times a count (of squares, pieces, attackers), blended by
/// the phase, so `eval = constant + Σ coefficient·weight` up to rounding.
struct Linear {
    constant: f64,
    /// (weight index, coefficient), the weights that matter here.
    terms: Vec<(u16, f32)>,
    target: f64,
}

/// How far each weight is moved to read its coefficient off: large, so the
/// integer rounding inside the evaluation is a negligible part of it.
const PROBE: i32 = 1 << 12;

/// `probes[i]` is `base` with weight `i` raised by [`PROBE`].
fn linearise(sample: &Sample, base: &Weights, probes: &[Weights], values: &[i32]) -> Linear {
    let e0 = sample.eval_white(base);
    let mut terms = Vec::new();
    let mut constant = f64::from(e0);
    for (i, (probe, &v)) in probes.iter().zip(values).enumerate() {
        let c = f64::from(sample.eval_white(probe) - e0) / f64::from(PROBE);
        if c != 0.0 {
            terms.push((i as u16, c as f32));
            constant -= c * f64::from(v);
        }
    }
    Linear {
        constant,
        terms,
        target: sample.target,
    }
}

/// Fits the weights by gradient descent (Adam) on the squared error of the
/// linearised evaluations: every weight moves at once, which the local
/// search cannot do along the ridges where weights trade off (king-attack
/// weight against zone hits, say). `report` gets the iteration count and
/// the error every 100 iterations. The result is rounded to whole points.
pub fn tune_gradient(
    samples: &[Sample],
    start: &Weights,
    setup: &Setup,
    iterations: usize,
    report: &mut dyn FnMut(usize, f64),
) -> Weights {
    let (k, threads) = (setup.k, setup.threads);
    let mut base = start.clone();
    let values: Vec<i32> = weights_mut(&mut base)
        .into_iter()
        .map(|(_, v)| *v)
        .collect();
    let n = values.len();
    let free = setup.free(start);
    let probes: Vec<Weights> = (0..n)
        .map(|i| {
            let mut probe = base.clone();
            *weights_mut(&mut probe)[i].1 += PROBE;
            probe
        })
        .collect();
    let linear: Vec<Linear> = in_parallel(samples, threads, |part| {
        part.iter()
            .map(|s| linearise(s, &base, &probes, &values))
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect();
    let mut w: Vec<f64> = values.iter().map(|&v| f64::from(v)).collect();
    let mut adam = Adam::new(n);
    for it in 1..=iterations {
        let parts = in_parallel(&linear, threads, |part| {
            let mut grad = vec![0.0; n];
            let mut error = 0.0;
            for l in part {
                let e = l.constant
                    + l.terms
                        .iter()
                        .map(|&(i, c)| f64::from(c) * w[i as usize])
                        .sum::<f64>();
                let p = logistic(e, k);
                let diff = p - l.target;
                error += diff * diff;
                let g = 2.0 * diff * p * (1.0 - p) / k;
                for &(i, c) in &l.terms {
                    grad[i as usize] += g * f64::from(c);
                }
            }
            (error, grad)
        });
        let mut error = 0.0;
        let mut grad = vec![0.0; n];
        for (part_error, part_grad) in parts {
            error += part_error;
            grad.iter_mut().zip(part_grad).for_each(|(a, b)| *a += b);
        }
        let count = linear.len().max(1) as f64;
        for i in (0..n).filter(|&i| free[i]) {
            let g = grad[i] / count + 2.0 * setup.l2 * (w[i] - f64::from(values[i]));
            adam.step(i, &mut w[i], g, it);
        }
        if it.is_multiple_of(100) || it == iterations {
            report(it, error / count);
        }
    }
    let mut tuned = start.clone();
    for ((_, slot), value) in weights_mut(&mut tuned).into_iter().zip(&w) {
        *slot = value.round() as i32;
    }
    tuned
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(k: f64) -> Setup {
        Setup {
            k,
            threads: 2,
            frozen: vec!["tempo".into(), "placement".into()],
            l2: 0.0,
        }
    }

    /// Samples labelled by a known set of weights (two leaf weights differ
    /// from the current ones), the weights and the scale.
    fn labelled_by_other_weights() -> (Vec<Sample>, Weights, f64) {
        let fens = [
            "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1",
            "6k1/5ppp/8/1P6/8/8/5PPP/6K1 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 b - - 0 9",
            "8/5pk1/6p1/1P6/P7/6P1/5PK1/8 w - - 0 1",
            "2r3k1/5ppp/p3p3/1p1nP3/3N4/P4P2/1P3P1P/2R3K1 w - - 0 25",
            "r1b2rk1/ppq1bppp/2n1pn2/3p4/2PP4/2N1PN2/PPQ1BPPP/R1B2RK1 w - - 0 9",
        ];
        let mut truth = Weights::current();
        truth.leaf.mobility[0] = Pair(40, 40);
        truth.leaf.bishop_pair = Pair(10, 10);
        let k = 400.0;
        let samples: Vec<Sample> = fens
            .iter()
            .filter_map(|fen| {
                let board = Board::from_fen(fen).unwrap();
                let probe = Sample::new(board.clone(), None, 0.5)?;
                Sample::new(board, None, expected(probe.eval_white(&truth), k))
            })
            .collect();
        assert_eq!(samples.len(), fens.len());
        (samples, truth, k)
    }

    /// Tuning from the current weights must bring the error down towards
    /// that of the labeller.
    #[test]
    fn tuning_recovers_a_labelling() {
        let (samples, truth, k) = labelled_by_other_weights();
        let current = Weights::current();
        assert_eq!(mean_error(&samples, &truth, k, 2), 0.0);
        let before = mean_error(&samples, &current, k, 2);
        assert!(before > 0.0);
        let mut passes = 0;
        let tuned = tune(&samples, &current, &setup(k), 8, 20, &mut |_, _, _| {
            passes += 1
        });
        assert!(passes > 0);
        assert!(mean_error(&samples, &tuned, k, 2) < before / 4.0);
    }

    #[test]
    fn gradient_tuning_recovers_a_labelling() {
        let (samples, truth, k) = labelled_by_other_weights();
        let current = Weights::current();
        let before = mean_error(&samples, &current, k, 2);
        let mut reports = 0;
        let tuned = tune_gradient(&samples, &current, &setup(k), 300, &mut |_, _| reports += 1);
        assert_eq!(reports, 3);
        assert!(mean_error(&samples, &tuned, k, 2) < before / 4.0);
        assert_ne!(tuned, current);
        assert_eq!(mean_error(&samples, &truth, k, 2), 0.0);
    }

    #[test]
    fn scale_fit_finds_the_labelling_scale() {
        let board = Board::from_fen("6k1/5ppp/8/1P6/8/8/5PPP/6K1 w - - 0 1").unwrap();
        let probe = Sample::new(board.clone(), None, 0.5).unwrap();
        let current = Weights::current();
        let points = probe.eval_white(&current);
        assert!(points.abs() > 20, "{points}");
        let samples = vec![Sample::new(board, None, expected(points, 300.0)).unwrap()];
        let k = fit_scale(&samples, &current, 1);
        assert!((k - 300.0).abs() < 5.0, "{k}");
    }
}
