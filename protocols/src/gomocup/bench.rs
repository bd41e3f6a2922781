//! `pbrain-turbo bench`: the core's bench ([`engine::gomoku::bench`]),
//! timed. The node count is the search's fingerprint; nodes/second is
//! quoted against the 1985 `FindMove` timed in the same process.

use std::time::Instant;

use engine::gomoku::bench::{self as core_bench, positions};
use engine::gomoku::{Point, Turbo1985};

pub use core_bench::DEFAULT_DEPTH;

/// Result of one bench run.
pub struct BenchResult {
    pub lines: Vec<String>,
    pub nodes: u64,
}

/// Runs the bench at `depth` and returns the report lines.
pub fn run(depth: u32) -> BenchResult {
    let mut lines = Vec::new();
    let start = Instant::now();
    let mut t = Instant::now();
    let total = core_bench::run(depth, |position, result| {
        let best = result
            .best
            .map_or("none".to_string(), |p: Point| p.to_string());
        lines.push(format!(
            "{:<12} best {best:<6} {:?} depth {} score {} nodes {} time {} ms",
            position.name,
            result.reason,
            result.depth,
            result.score,
            result.nodes,
            t.elapsed().as_millis()
        ));
        t = Instant::now();
    });
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    // Reference: the 1985 FindMove scans per second on the same positions.
    let reference = Instant::now();
    let mut scans = 0u64;
    let mut turbo = Turbo1985::new(1);
    while reference.elapsed().as_secs_f64() < 0.2 {
        for mut position in positions() {
            turbo.find_move(&mut position.board, position.me);
            scans += 1;
        }
    }
    let scans_per_sec = scans as f64 / reference.elapsed().as_secs_f64();
    let nps = total as f64 / secs;
    lines.push(format!("Nodes: {total}"));
    lines.push(format!("Nodes/second: {nps:.0}"));
    lines.push(format!(
        "Ratio: one search node costs {:.2} FindMove scans ({scans_per_sec:.0} scans/s in this process)",
        scans_per_sec / nps.max(1e-9)
    ));
    BenchResult {
        lines,
        nodes: total,
    }
}
