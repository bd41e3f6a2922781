//! Perft of the chess core against known counts and against
//! `shakmaty::perft` on the same FEN; on a mismatch the test prints both
//! divides side by side.

use engine::chess::{Board, MoveList};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::collections::BTreeMap;

fn shakmaty_position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("shakmaty parses the FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

fn shakmaty_divide(pos: &Chess, depth: u32) -> BTreeMap<String, u64> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            (
                m.to_uci(CastlingMode::Standard).to_string(),
                shakmaty::perft(&after, depth - 1),
            )
        })
        .collect()
}

/// Our perft of `fen` at `depth`, checked against shakmaty and (if given)
/// the published count.
fn check(fen: &str, depth: u32, expected: Option<u64>) {
    let mut board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let ours = board.perft(depth);
    let pos = shakmaty_position(fen);
    let theirs = shakmaty::perft(&pos, depth);
    if ours != theirs {
        let our_divide: BTreeMap<String, u64> = board
            .divide(depth)
            .into_iter()
            .map(|(m, n)| (m.to_uci(), n))
            .collect();
        let their_divide = shakmaty_divide(&pos, depth);
        let mut report = String::new();
        let keys: std::collections::BTreeSet<&String> =
            our_divide.keys().chain(their_divide.keys()).collect();
        for k in keys {
            let (a, b) = (our_divide.get(k), their_divide.get(k));
            let mark = if a == b { "" } else { "   <-- differs" };
            report.push_str(&format!("{k}: ours {a:?} shakmaty {b:?}{mark}\n"));
        }
        panic!("perft({depth}) of {fen}: ours {ours}, shakmaty {theirs}\n{report}");
    }
    if let Some(n) = expected {
        assert_eq!(ours, n, "perft({depth}) of {fen}");
    }
    assert_eq!(
        board.to_fen(),
        Board::from_fen(fen).unwrap().to_fen(),
        "perft left the board changed"
    );
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const POSITION4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION4_MIRRORED: &str = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const POSITION5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const POSITION6: &str = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

#[test]
fn start_position() {
    check(engine::chess::STARTPOS, 5, Some(4_865_609));
}

#[test]
fn kiwipete() {
    check(KIWIPETE, 4, Some(4_085_603));
}

#[test]
fn position3_rook_and_pawns() {
    check(POSITION3, 5, Some(674_624));
}

#[test]
fn position4_promotions_and_castling_rights() {
    check(POSITION4, 4, Some(422_333));
    check(POSITION4_MIRRORED, 4, Some(422_333));
}

#[test]
fn position5() {
    check(POSITION5, 4, Some(2_103_487));
}

#[test]
fn position6() {
    check(POSITION6, 4, Some(3_894_594));
}

/// Named tricky cases (Peter Ellis Jones's list and the en-passant pins).
#[test]
fn tricky_cases() {
    let cases: [(&str, &str, u32, u64); 16] = [
        (
            "en passant that would expose the king on the rank",
            "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
            6,
            1_134_888,
        ),
        (
            "en passant that would expose the king on a diagonal",
            "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
            6,
            1_015_133,
        ),
        (
            "en passant capture gives discovered check",
            "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
            6,
            1_440_467,
        ),
        (
            "short castling gives check",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
            6,
            661_072,
        ),
        (
            "long castling gives check",
            "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
            6,
            803_711,
        ),
        (
            "castling rights lost by captures",
            "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
            4,
            1_274_206,
        ),
        (
            "castling through an attacked square",
            "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
            4,
            1_720_476,
        ),
        (
            "promotion out of check",
            "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
            6,
            3_821_001,
        ),
        (
            "discovered check",
            "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
            5,
            1_004_658,
        ),
        (
            "promotion gives check",
            "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
            6,
            217_342,
        ),
        (
            "under-promotion gives check",
            "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
            6,
            92_683,
        ),
        ("self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2_217),
        (
            "stalemate and checkmate",
            "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
            7,
            567_584,
        ),
        (
            "double check",
            "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
            4,
            23_527,
        ),
        (
            "en passant pinned along the rank",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            5,
            0,
        ),
        (
            "promotion with capture into check",
            "r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1",
            5,
            0,
        ),
    ];
    for (name, fen, depth, nodes) in cases {
        eprintln!("{name}");
        check(fen, depth, (nodes != 0).then_some(nodes));
    }
}

/// A few hundred positions from seeded random games, each with perft(3)
/// against shakmaty.
#[test]
fn random_game_positions() {
    assert!(random_games(0x7475_7262_6f00_0001, 40) >= 300);
}

/// Many more random-game positions (a soak test).
#[test]
#[ignore]
fn random_game_positions_many() {
    assert!(random_games(0x7475_7262_6f00_0002, 1500) >= 10_000);
}

/// Plays `games` seeded random games and checks perft(3) every 12 plies;
/// returns the number of positions checked.
fn random_games(seed: u64, games: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positions = 0;
    let mut list = MoveList::new();
    for _game in 0..games {
        let mut board = Board::startpos();
        for ply in 0..200 {
            board.legal_moves(&mut list);
            if list.is_empty() || board.halfmove_clock() >= 100 {
                break;
            }
            if ply % 12 == 5 {
                check(&board.to_fen(), 3, None);
                positions += 1;
            }
            let mv = list[rng.random_range(0..list.len())];
            board.make(mv);
        }
    }
    positions
}

// Deep cases: `cargo test --release --test chess_perft -- --ignored`.

#[test]
#[ignore]
fn deep_start_position() {
    check(engine::chess::STARTPOS, 6, Some(119_060_324));
}

#[test]
#[ignore]
fn deep_kiwipete() {
    check(KIWIPETE, 5, Some(193_690_690));
}

#[test]
#[ignore]
fn deep_positions_3_to_6() {
    check(POSITION3, 7, Some(178_633_661));
    check(POSITION4, 5, Some(15_833_292));
    check(POSITION5, 5, Some(89_941_194));
    check(POSITION6, 5, Some(164_075_551));
}
