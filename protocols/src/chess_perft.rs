//! The `turbochess perft` and `turbochess bench perft` commands: text in,
//! text out around the chess core's `perft`/`divide`.

use engine::chess::{Board, FenError};
use std::time::Instant;

/// "Kiwipete", the chessprogramming wiki's perft position 2: every kind of
/// special move within three plies.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The divide lines (`e2e4: 20`, in generation order), a blank line and
/// `Nodes searched: N` — Stockfish's `go perft` format, which the UCI
/// front end prints too.
pub fn divide_report(board: &mut Board, depth: u32) -> String {
    let mut out = String::new();
    let mut total = 0;
    for (mv, n) in board.divide(depth) {
        out.push_str(&format!("{}: {n}\n", board.move_to_uci(mv)));
        total += n;
    }
    if depth == 0 {
        total = 1;
    }
    out.push_str(&format!("\nNodes searched: {total}\n"));
    out
}

/// `turbochess perft <depth> [--fen FEN]`: the report for the start
/// position or the given FEN, or the FEN's error. Castling rights the
/// placement cannot have are dropped (GUIs write such FENs), with a note
/// for stderr.
pub fn perft_command(depth: u32, fen: Option<&str>) -> Result<(String, Option<String>), FenError> {
    let (mut board, dropped) = match fen {
        Some(f) => Board::from_fen_lenient(f, false)?,
        None => (Board::startpos(), Vec::new()),
    };
    Ok((
        divide_report(&mut board, depth),
        dropped_rights_note(&dropped),
    ))
}

/// The note for castling rights dropped from a FEN, if any.
pub fn dropped_rights_note(dropped: &[char]) -> Option<String> {
    (!dropped.is_empty()).then(|| {
        let letters: String = dropped.iter().collect();
        format!("castling rights {letters} dropped: the placement cannot have them")
    })
}

/// One benchmark position.
pub struct BenchCase {
    pub name: &'static str,
    pub fen: &'static str,
    pub depth: u32,
    /// Known perft result: a wrong speed-up fails the bench.
    pub nodes: u64,
}

/// The perft benchmark: perft(6) of the start position, perft(5) of
/// Kiwipete.
pub const BENCH_CASES: [BenchCase; 2] = [
    BenchCase {
        name: "startpos",
        fen: engine::chess::STARTPOS,
        depth: 6,
        nodes: 119_060_324,
    },
    BenchCase {
        name: "kiwipete",
        fen: KIWIPETE,
        depth: 5,
        nodes: 193_690_690,
    },
];

/// A reference perft (e.g. shakmaty's), run on the same FEN and depth in
/// the same process, for a speed ratio. Returns the node count.
pub type ReferencePerft<'a> = &'a dyn Fn(&str, u32) -> u64;

/// Runs [`BENCH_CASES`] and returns the report lines: per position our
/// nodes and nodes/second and, given a reference, its nodes/second and the
/// ratio ours/reference. Each side runs twice, alternating, and the faster
/// run counts, so a busy machine disturbs the ratio less. Errors if a node
/// count is wrong.
pub fn bench_perft(reference: Option<(&str, ReferencePerft<'_>)>) -> Result<String, String> {
    let mut out = String::new();
    let (mut our_nodes, mut our_secs, mut ref_secs) = (0u64, 0f64, 0f64);
    for case in &BENCH_CASES {
        let mut board = Board::from_fen(case.fen).map_err(|e| e.to_string())?;
        let runs = if reference.is_some() { 2 } else { 1 };
        let (mut nodes, mut secs, mut rsecs, mut ref_nodes) = (0, f64::MAX, f64::MAX, 0);
        for _ in 0..runs {
            let start = Instant::now();
            nodes = board.perft(case.depth);
            secs = secs.min(start.elapsed().as_secs_f64().max(1e-9));
            if let Some((_, perft)) = reference {
                let start = Instant::now();
                ref_nodes = perft(case.fen, case.depth);
                rsecs = rsecs.min(start.elapsed().as_secs_f64().max(1e-9));
            }
        }
        if nodes != case.nodes {
            return Err(format!(
                "{} perft({}) = {nodes}, expected {}",
                case.name, case.depth, case.nodes
            ));
        }
        our_nodes += nodes;
        our_secs += secs;
        out.push_str(&format!(
            "{:<9} perft({}) {nodes:>11} nodes {secs:>7.3} s {:>6.1} Mnps",
            case.name,
            case.depth,
            nodes as f64 / secs / 1e6
        ));
        if let Some((ref_name, _)) = reference {
            ref_secs += rsecs;
            if ref_nodes != nodes {
                return Err(format!(
                    "{ref_name} counts {ref_nodes} nodes, we count {nodes}"
                ));
            }
            out.push_str(&format!(
                " | {ref_name} {rsecs:>7.3} s {:>6.1} Mnps | ratio {:.2}",
                ref_nodes as f64 / rsecs / 1e6,
                rsecs / secs
            ));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "total     {our_nodes} nodes {our_secs:.3} s {:.1} Mnps",
        our_nodes as f64 / our_secs / 1e6
    ));
    if let Some((ref_name, _)) = reference {
        out.push_str(&format!(
            " | {ref_name} {ref_secs:.3} s | ratio (our nodes/s over {ref_name}'s) {:.2}",
            ref_secs / our_secs
        ));
    }
    out.push('\n');
    Ok(out)
}
