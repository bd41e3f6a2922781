//! `turbochess tune FILE`: Texel tuning of the leaf weights on labelled
//! positions. Each line of the file is `FEN;CP;SCORE[;ROOT_FEN]`: the
//! position, a reference program's centipawns (not used), White's expected
//! score in 0..=1 (1-0 = 1, draw = 0.5, or a win probability), and
//! optionally the position the root tables are computed in (some plies
//! earlier in the game, as in a search). Lines that do not parse are
//! counted and skipped.

use engine::chess::Board;
use engine::chess::eval::leaf::Pair;
use engine::chess::eval::tune::{
    Sample, Setup, Weights, fit_scale, mean_error, tune, tune_gradient,
};
use std::io::Write;

use crate::progress::Progress;

/// Options of one tuning run.
pub struct TuneArgs {
    /// Gradient-descent iterations first (0: none).
    pub iterations: usize,
    pub first_step: i32,
    pub max_passes: usize,
    pub threads: usize,
    /// Ridge penalty of the gradient descent.
    pub l2: f64,
    /// Share of the samples (the last ones) kept out of the fit to measure
    /// it on.
    pub holdout: f64,
    /// Weights held fixed, by name prefix.
    pub frozen: Vec<String>,
    /// Use at most this many samples (the first ones in the file).
    pub limit: Option<usize>,
}

/// Parses the labelled positions in `text`; returns them and the number of
/// lines skipped.
pub fn parse_samples(text: &str, limit: Option<usize>) -> (Vec<Sample>, usize) {
    crate::tune_lines::parse_lines(text, limit, parse_line)
}

/// One line: `FEN;CP;SCORE` or `FEN;CP;SCORE;ROOT_FEN`.
fn parse_line(line: &str) -> Option<Sample> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    if !(3..=4).contains(&fields.len()) {
        return None;
    }
    let board = Board::from_fen(fields[0]).ok()?;
    let target = fields[2]
        .parse::<f64>()
        .ok()
        .filter(|t| (0.0..=1.0).contains(t))?;
    let root = match fields.get(3) {
        Some(fen) => Some(Board::from_fen(fen).ok()?),
        None => None,
    };
    Sample::new(board, root.as_ref(), target)
}

/// The weights as Rust source: a comment with the tempo and the root
/// tables' weight (they live in `eval/mod.rs` and `pvtable.rs`), and the
/// `LEAF_WEIGHTS` initialiser laid out as in `leaf.rs`, to paste over it.
pub fn rust_source(w: &Weights) -> String {
    let l = &w.leaf;
    let pair = |p: &Pair| format!("Pair({}, {})", p.0, p.1);
    let pairs = |ps: &[Pair]| {
        let items: Vec<String> = ps.iter().map(pair).collect();
        format!("[{}]", items.join(", "))
    };
    let ints = |vs: &[i32]| format!("{vs:?}");
    const ROLES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
    let square: Vec<String> = l
        .square
        .iter()
        .zip(ROLES)
        .map(|(t, role)| {
            let ranks: Vec<String> = t
                .chunks(4)
                .map(|rank| {
                    let items: Vec<String> = rank.iter().map(pair).collect();
                    format!("            {},\n", items.join(", "))
                })
                .collect();
            format!(
                "        // {role}\n        [\n{}        ],\n",
                ranks.concat()
            )
        })
        .collect();
    format!(
        "// tempo {}; root tables at {}% of the handbook's\n\
         #[rustfmt::skip]\n\
         pub const LEAF_WEIGHTS: LeafWeights = LeafWeights {{\n\
         \x20   mobility: {},\n\
         \x20   bishop_pair: {},\n\
         \x20   king_centre_eg: {},\n\
         \x20   rook_open_file: {},\n\
         \x20   rook_half_open_file: {},\n\
         \x20   passed_mg: {},\n\
         \x20   passed_eg: {},\n\
         \x20   passed_their_king: {},\n\
         \x20   passed_our_king: {},\n\
         \x20   shield_missing: {},\n\
         \x20   shield_advanced: {},\n\
         \x20   attacker_weight: {},\n\
         \x20   zone_hit: {},\n\
         \x20   safe_check: {},\n\
         \x20   threat_by_pawn: {},\n\
         \x20   threat_by_minor: {},\n\
         \x20   threat_by_rook: {},\n\
         \x20   hanging: {},\n\
         \x20   threat_by_push: {},\n\
         \x20   material_taper: {},\n\
         \x20   // Rank 1 (own side) to rank 8, files a-d (e-h mirror them).\n\
         \x20   square: [\n{}    ],\n\
         }};\n",
        w.tempo,
        w.placement_percent,
        pairs(&l.mobility),
        pair(&l.bishop_pair),
        l.king_centre_eg,
        pair(&l.rook_open_file),
        pair(&l.rook_half_open_file),
        ints(&l.passed_mg),
        ints(&l.passed_eg),
        l.passed_their_king,
        l.passed_our_king,
        l.shield_missing,
        l.shield_advanced,
        ints(&l.attacker_weight),
        l.zone_hit,
        ints(&l.safe_check),
        pairs(&l.threat_by_pawn),
        pairs(&l.threat_by_minor),
        pair(&l.threat_by_rook),
        pair(&l.hanging),
        pair(&l.threat_by_push),
        pairs(&l.material_taper),
        square.concat(),
    )
}

/// Runs the tuning, writing its log to `out`.
pub fn run(text: &str, args: &TuneArgs, out: &mut dyn Write) -> std::io::Result<()> {
    run_with_progress(text, args, out, &mut Progress::off())
}

/// [`run`] showing the iterations done, their rate, the time left and
/// the current error on `progress`.
pub fn run_with_progress(
    text: &str,
    args: &TuneArgs,
    out: &mut dyn Write,
    progress: &mut Progress,
) -> std::io::Result<()> {
    let (all, skipped) = parse_samples(text, args.limit);
    let kept = all.len() - (all.len() as f64 * args.holdout.clamp(0.0, 0.5)) as usize;
    let (samples, held) = all.split_at(kept);
    writeln!(
        out,
        "samples {} fitted, {} held out (skipped {skipped} lines)",
        samples.len(),
        held.len()
    )?;
    if samples.is_empty() {
        return Ok(());
    }
    let current = Weights::current();
    let k = fit_scale(samples, &current, args.threads);
    let start = mean_error(samples, &current, k, args.threads);
    let held_start = mean_error(held, &current, k, args.threads);
    let setup = Setup {
        k,
        threads: args.threads,
        frozen: args.frozen.clone(),
        l2: args.l2,
    };
    writeln!(
        out,
        "scale {k:.1} points; error {start:.6} with the current weights \
         (held out {held_start:.6})"
    )?;
    out.flush()?;
    let mut start_weights = current.clone();
    if args.iterations > 0 {
        progress.restart("iterations", Some(args.iterations));
        let mut report = |it: usize, error: f64| {
            progress.clear();
            let _ = writeln!(out, "iteration {it}: error {error:.6} (linearised)");
            let _ = out.flush();
            progress.update(it, &format!("error {error:.6}"));
        };
        start_weights = tune_gradient(samples, &current, &setup, args.iterations, &mut report);
        progress.clear();
        let error = mean_error(samples, &start_weights, k, args.threads);
        let held_error = mean_error(held, &start_weights, k, args.threads);
        writeln!(
            out,
            "after gradient descent: error {error:.6} (held out {held_error:.6})"
        )?;
    }
    progress.restart("passes", Some(args.max_passes));
    let mut report = |pass: usize, error: f64, w: &Weights| {
        progress.clear();
        let _ = writeln!(out, "pass {pass}: error {error:.6}");
        if pass.is_multiple_of(5) {
            let _ = write!(out, "{}", rust_source(w));
        }
        let _ = out.flush();
        progress.update(pass, &format!("error {error:.6}"));
    };
    let tuned = tune(
        samples,
        &start_weights,
        &setup,
        args.first_step,
        args.max_passes,
        &mut report,
    );
    progress.clear();
    let end = mean_error(samples, &tuned, k, args.threads);
    let held_end = mean_error(held, &tuned, k, args.threads);
    writeln!(
        out,
        "final error {end:.6} (was {start:.6}); held out {held_end:.6} (was {held_start:.6})"
    )?;
    write!(out, "{}", rust_source(&tuned))?;
    out.flush()
}
