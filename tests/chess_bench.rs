//! The perft benchmark beside `shakmaty::perft` in the same process (a
//! benchmark, not a test: it is ignored by default).
//!
//! `cargo test --release --test chess_bench -- --ignored --nocapture`

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

fn shakmaty_perft(fen: &str, depth: u32) -> u64 {
    let pos: Chess = fen
        .parse::<Fen>()
        .expect("bench FEN")
        .into_position(CastlingMode::Standard)
        .expect("bench position");
    shakmaty::perft(&pos, depth)
}

#[test]
#[ignore]
fn bench_perft_against_shakmaty() {
    let report = protocols::chess_perft::bench_perft(Some(("shakmaty", &shakmaty_perft)))
        .expect("node counts agree");
    println!("{report}");
}
