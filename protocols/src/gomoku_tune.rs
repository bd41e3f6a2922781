//! `pbrain-turbo tune FILE`: Texel tuning of the gomoku evaluation's
//! weights (`engine::gomoku::tune`) on positions labelled by game results.
//! Each line of the file is `SIZE;MOVES;SCORE`: the board's side, the moves
//! from the first stone (`x,y`, black first, space-separated; freestyle),
//! and the side to move's result in 0..=1 (the `gomoku_selfplay` example
//! writes them), or a stronger brain's expected score for it
//! (`protocols/tools/gomoku_label.py`). Lines that do not parse, and
//! positions that are not quiet, are counted and skipped.

use engine::gomoku::tune::{Sample, Setup, Weights, fit_scale, mean_error, tune};
use engine::gomoku::{Board, Color, Point, Rule};
use std::io::Write;

/// Options of one tuning run.
pub struct TuneArgs {
    pub iterations: usize,
    /// Ridge penalty per squared point a weight moves.
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

fn parse_point(text: &str) -> Option<Point> {
    let (x, y) = text.split_once(',')?;
    Some(Point::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// One line: `SIZE;MOVES;SCORE`.
fn parse_line(line: &str) -> Option<Sample> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    let [size, moves, score] = fields[..] else {
        return None;
    };
    let size: usize = size.parse().ok()?;
    let mut board = Board::new(size, size, Rule::FREESTYLE).ok()?;
    let mut side = Color::Black;
    for m in moves.split_whitespace() {
        board.play(parse_point(m)?, side).ok()?;
        side = side.opponent();
    }
    let target = score
        .parse::<f64>()
        .ok()
        .filter(|t| (0.0..=1.0).contains(t))?;
    Sample::new(&board, side, target)
}

/// Runs the tuning, writing its log to `out`.
pub fn run(text: &str, args: &TuneArgs, out: &mut dyn Write) -> std::io::Result<()> {
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
    let k = fit_scale(samples, &current);
    let start = mean_error(samples, &current, k);
    let held_start = mean_error(held, &current, k);
    writeln!(
        out,
        "scale {k:.1} points; error {start:.6} with the current weights \
         (held out {held_start:.6})"
    )?;
    out.flush()?;
    let setup = Setup {
        k,
        frozen: args.frozen.clone(),
        l2: args.l2,
    };
    let mut report = |it: usize, error: f64| {
        let _ = writeln!(out, "iteration {it}: error {error:.6}");
        let _ = out.flush();
    };
    let tuned = tune(samples, &current, &setup, args.iterations, &mut report);
    let end = mean_error(samples, &tuned, k);
    let held_end = mean_error(held, &tuned, k);
    writeln!(
        out,
        "final error {end:.6} (was {start:.6}); held out {held_end:.6} (was {held_start:.6})"
    )?;
    for ((name, old), new) in Weights::names()
        .iter()
        .zip(current.to_vec())
        .zip(tuned.to_vec())
    {
        writeln!(out, "{name:<16} {old:>6} -> {new:>6}")?;
    }
    write!(out, "{}", tuned.rust_source())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_into_quiet_samples_only() {
        let text = "15;7,7 8,8 7,8 8,7;1\n\
                    15;7,7 8,8 7,8 8,7 7,9 8,9 7,10;0\n\
                    15;7,7 7,7;1\n\
                    15;7,7 8,8;1.5\n\
                    nonsense\n\
                    20;10,10 9,9 10,9;0.5\n";
        let (samples, skipped) = parse_samples(text, None);
        // The second has black's four on the board (not quiet), the third
        // a stone on a stone, the fourth a score out of range.
        assert_eq!((samples.len(), skipped), (2, 4));
    }
}
