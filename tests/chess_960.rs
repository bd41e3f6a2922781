//! Chess960 castling in the chess core against shakmaty in Chess960 mode:
//! Shredder-FEN / X-FEN, king-takes-rook UCI moves, perft from random
//! starting arrays and games.

use engine::chess::{Board, CastlingSide, Color, MoveList, Special, Square};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

fn shakmaty960(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A random Chess960 starting array as a Shredder-FEN.
fn random_start(rng: &mut StdRng) -> String {
    let mut rank = [' '; 8];
    rank[2 * rng.random_range(0..4usize)] = 'b';
    rank[2 * rng.random_range(0..4usize) + 1] = 'b';
    for piece in ['q', 'n', 'n'] {
        let free: Vec<usize> = (0..8).filter(|&f| rank[f] == ' ').collect();
        rank[free[rng.random_range(0..free.len())]] = piece;
    }
    let free: Vec<usize> = (0..8).filter(|&f| rank[f] == ' ').collect();
    rank[free[0]] = 'r';
    rank[free[1]] = 'k';
    rank[free[2]] = 'r';
    let black: String = rank.iter().collect();
    let white = black.to_ascii_uppercase();
    let (a, h) = (
        (b'a' + free[0] as u8) as char,
        (b'a' + free[2] as u8) as char,
    );
    format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {}{}{h}{a} - 0 1",
        h.to_ascii_uppercase(),
        a.to_ascii_uppercase()
    )
}

fn check_moves(board: &Board) {
    let fen = board.to_fen();
    let pos = shakmaty960(&fen);
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    let mut ours: Vec<String> = list.iter().map(|m| m.to_uci_chess960()).collect();
    let mut theirs: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
        .collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs, "{fen}");
    for m in list.iter() {
        assert_eq!(
            board.parse_uci_move(&board.move_to_uci(*m)),
            Ok(*m),
            "{fen}"
        );
    }
    let again = Board::from_fen_chess960(&fen).unwrap();
    assert_eq!(&again, board, "FEN round trip {fen}");
    // Castling rooks land anywhere here: the check test without making
    // the move must still agree with making it.
    let mut scratch = board.clone();
    for &m in list.iter() {
        let fast = scratch.gives_check(m);
        scratch.make(m);
        assert_eq!(fast, scratch.in_check(), "{} in {fen}", m.to_uci_chess960());
        scratch.unmake();
    }
}

#[test]
fn random_chess960_games_match_shakmaty() {
    let mut rng = StdRng::seed_from_u64(960);
    for game in 0..40 {
        let start = random_start(&mut rng);
        let mut board = Board::from_fen_chess960(&start).unwrap_or_else(|e| panic!("{start}: {e}"));
        assert!(board.is_chess960());
        if game % 4 == 0 {
            let mut b = board.clone();
            assert_eq!(
                b.perft(3),
                shakmaty::perft(&shakmaty960(&start), 3),
                "{start}"
            );
        }
        let mut list = MoveList::new();
        for ply in 0..120 {
            check_moves(&board);
            board.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            // Prefer castling when it is there, to exercise it.
            let castle = list.iter().copied().find(|m| m.is_castle());
            let mv = match castle {
                Some(c) if rng.random_range(0..3) == 0 => c,
                _ => list[rng.random_range(0..list.len())],
            };
            if ply % 20 == 10 {
                let fen = board.to_fen();
                assert_eq!(
                    board.perft(2),
                    shakmaty::perft(&shakmaty960(&fen), 2),
                    "{fen}"
                );
            }
            board.make(mv);
            assert!(board.is_consistent());
        }
    }
}

#[test]
fn chess960_positions_perft() {
    for (fen, depth) in [
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            3,
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            3,
        ),
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            3,
        ),
        (
            "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
            3,
        ),
        // King and rook next to each other; the king stays on g1 when
        // castling h-side.
        ("1r4kr/8/8/8/8/8/8/1R4KR w BHbh - 0 1", 4),
        // a-side rook on b1 with the king on c1: the king stays, the rook
        // jumps to d1.
        ("1rk5/8/8/8/8/8/8/1RK4R w HBb - 0 1", 4),
    ] {
        let mut b = Board::from_fen_chess960(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(
            b.perft(depth),
            shakmaty::perft(&shakmaty960(fen), depth),
            "{fen}"
        );
    }
}

#[test]
fn chess960_notation() {
    let b = Board::from_fen_chess960("1rk5/8/8/8/8/8/8/1RK4R w HBb - 0 1").unwrap();
    assert_eq!(b.to_fen(), "1rk5/8/8/8/8/8/8/1RK4R w KQq - 0 1");
    let castle = b.parse_uci_move("c1b1").unwrap();
    assert_eq!(
        castle.special,
        Special::Castle {
            rook: "b1".parse().unwrap()
        }
    );
    assert_eq!(b.move_to_uci(castle), "c1b1");
    assert_eq!(b.san(castle), "O-O-O");
    // The king's own move c1d1 is an ordinary king move in Chess960 mode.
    let step = b.parse_uci_move("c1d1").unwrap();
    assert_eq!(step.special, Special::None);
    // X-FEN letters where K/Q would be ambiguous (two rooks on one side).
    let b = Board::from_fen_chess960("4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1").unwrap();
    assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1");
    assert_eq!(
        b.castling_rook(Color::White, CastlingSide::KingSide),
        Some(Square::G1)
    );
    // Standard mode refuses Chess960 castling rights.
    assert!(Board::from_fen("1rk5/8/8/8/8/8/8/1RK4R w HBb - 0 1").is_err());
    let mut std = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    std.set_chess960(true);
    let m = std.parse_uci_move("e1h1").unwrap();
    assert_eq!(std.move_to_uci(m), "e1h1");
    assert!(
        std.parse_uci_move("e1g1").is_err(),
        "Chess960 mode wants king-takes-rook"
    );
}
