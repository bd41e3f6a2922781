//! `turbochess bench perft` beside `shakmaty::perft` in the same process:
//! perft(6) of the start position and perft(5) of Kiwipete, nodes per
//! second of both and the ratio. shakmaty is a dev-dependency, which is why
//! this is an example rather than part of the `turbochess` binary.
//!
//! `cargo run --release -p protocols --example chess_bench_perft`

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};
use std::process::ExitCode;

fn shakmaty_perft(fen: &str, depth: u32) -> u64 {
    let pos: Chess = fen
        .parse::<Fen>()
        .expect("bench FEN")
        .into_position(CastlingMode::Standard)
        .expect("bench position");
    shakmaty::perft(&pos, depth)
}

fn main() -> ExitCode {
    match protocols::chess_perft::bench_perft(Some(("shakmaty", &shakmaty_perft))) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("chess_bench_perft: {e}");
            ExitCode::FAILURE
        }
    }
}
