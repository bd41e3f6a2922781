//! The chess core's rules and text formats: FEN (valid and invalid lists,
//! round trips, mangled input), UCI and SAN against shakmaty, the Zobrist
//! key against its from-scratch twin, draws, the handbook's board file.

use engine::chess::{
    Board, BoardFile, BoardFileError, CastlingSide, Color, FenError, GameStatus, Move, MoveError,
    MoveList, Repetitions, Role, STARTPOS, Special, Square,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Position};

fn shakmaty_position(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("shakmaty parses the FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

fn legal(board: &Board) -> Vec<Move> {
    let mut list = MoveList::new();
    board.legal_moves(&mut list);
    list.to_vec()
}

/// Plays a seeded random game, calling `visit` before every move.
fn random_game(seed: u64, plies: usize, mut visit: impl FnMut(&mut Board, Move)) -> Board {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::startpos();
    for _ in 0..plies {
        let moves = legal(&board);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        visit(&mut board, mv);
        board.make(mv);
    }
    board
}

#[test]
fn square_names_round_trip() {
    for sq in Square::all() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(Square::from_index64(sq.index64() as u8), Some(sq));
        assert_eq!(Square::new(sq.file(), sq.rank()), sq);
        assert_eq!(sq.to_0x88() & 0x88, 0);
    }
    assert_eq!("d6".parse::<Square>().map(|s| s.to_0x88()), Ok(0x53));
    for bad in ["", "e", "e9", "i1", "E4", "e44", "4e"] {
        assert!(bad.parse::<Square>().is_err(), "{bad}");
    }
}

#[test]
fn valid_fens_round_trip() {
    for fen in [
        STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/8/K6k w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R b K - 99 120",
        "r3k3/8/8/8/8/8/8/4K3 w q - 0 1",
    ] {
        let board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(board.to_fen(), fen);
        assert!(board.is_consistent());
    }
    // Four fields are accepted, with the clocks defaulting.
    let b = Board::from_fen("8/8/8/8/8/8/8/K6k b - -").unwrap();
    assert_eq!(b.to_fen(), "8/8/8/8/8/8/8/K6k b - - 0 1");
}

#[test]
fn invalid_fens_have_typed_errors() {
    use FenError::*;
    let cases: Vec<(&str, FenError)> = vec![
        ("", WrongFieldCount(0)),
        ("8/8/8/8/8/8/8/K6k w - - 0 1 extra", WrongFieldCount(7)),
        ("8/8/8/8/8/8/K6k w - - 0 1", WrongRankCount(7)),
        ("8/8/8/8/8/8/8/K6x w - - 0 1", BadPieceLetter('x')),
        ("8/8/8/8/8/8/8/K6k9 w - - 0 1", BadPieceLetter('9')),
        ("8/8/8/8/8/8/8/K7k w - - 0 1", RankTooLong(1)),
        ("8/8/8/8/8/8/ppppppppp/K6k w - - 0 1", RankTooLong(2)),
        ("8/8/8/8/8/8/8/K5k w - - 0 1", RankTooShort(1)),
        ("8/8/8/8/8/8/8/7k w - - 0 1", MissingKing(Color::White)),
        ("8/8/8/8/8/8/8/K7 w - - 0 1", MissingKing(Color::Black)),
        ("K7/8/8/8/8/8/8/K6k w - - 0 1", TooManyKings(Color::White)),
        ("8/8/8/8/8/8/8/K5kk w - - 0 1", TooManyKings(Color::Black)),
        (
            "QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/K6k w - - 0 1",
            TooManyPieces(Color::White),
        ),
        (
            "P7/8/8/8/8/8/8/K6k w - - 0 1",
            PawnOnBackRank(Square::new(0, 7)),
        ),
        ("8/8/8/8/8/8/8/K6k x - - 0 1", BadSideToMove("x".into())),
        ("8/8/8/8/8/8/8/K6k W - - 0 1", BadSideToMove("W".into())),
        ("8/8/8/8/8/8/8/K6k w KX - 0 1", BadCastling("KX".into())),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KKkq - 0 1",
            BadCastling("KKkq".into()),
        ),
        ("8/8/8/8/8/8/8/K6k w K - 0 1", CastlingContradicted('K')),
        (
            "r3k2r/8/8/8/8/8/8/R3K1R1 w K - 0 1",
            CastlingContradicted('K'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R4K1R w K - 0 1",
            CastlingContradicted('K'),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq e9 0 1",
            BadEnPassant("e9".into()),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1",
            ImpossibleEnPassant(Square::new(4, 5)),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            ImpossibleEnPassant(Square::new(4, 2)),
        ),
        ("8/8/8/8/8/8/8/K6k w - - x 1", BadHalfmoveClock("x".into())),
        (
            "8/8/8/8/8/8/8/K6k w - - 0 -1",
            BadFullmoveNumber("-1".into()),
        ),
        ("8/8/8/8/8/8/8/Kk6 w - - 0 1", OpponentInCheck),
        ("8/8/8/8/8/8/1q6/K6k b - - 0 1", OpponentInCheck),
    ];
    for (fen, expected) in cases {
        let got = Board::from_fen(fen);
        assert_eq!(got.as_ref().err(), Some(&expected), "{fen}");
        let message = expected.to_string();
        assert!(message.contains("FEN"), "{message}");
    }
}

/// Mangled FENs (characters deleted, inserted, replaced, fields swapped)
/// never panic; those we accept play legal moves and round-trip, and agree
/// with shakmaty's perft where shakmaty accepts them too.
#[test]
fn mangled_fens_never_panic() {
    let seeds = [
        STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    ];
    let alphabet: Vec<char> = "pnbrqkPNBRQK0123456789/ -wbKQkqa-hA-H e3x\u{e9}\u{1F600}"
        .chars()
        .collect();
    let mut rng = StdRng::seed_from_u64(42);
    let mut accepted = 0;
    for i in 0..600 {
        let mut chars: Vec<char> = seeds[i % seeds.len()].chars().collect();
        for _ in 0..rng.random_range(1..3) {
            let at = rng.random_range(0..chars.len().max(1));
            match rng.random_range(0..8) {
                0 | 1 if !chars.is_empty() => {
                    chars.remove(at);
                }
                2 | 3 => chars.insert(
                    at.min(chars.len()),
                    alphabet[rng.random_range(0..alphabet.len())],
                ),
                4..=6 if !chars.is_empty() => {
                    chars[at] = alphabet[rng.random_range(0..alphabet.len())]
                }
                _ => chars.truncate(at),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(mut board) = Board::from_fen(&text) {
            accepted += 1;
            assert!(board.is_consistent(), "{text}");
            let again = Board::from_fen(&board.to_fen()).expect("own FEN reads back");
            assert_eq!(again, board, "{text}");
            let ours = board.perft(2);
            if let Ok(pos) = text.parse::<Fen>().map_err(|_| ()).and_then(|f| {
                f.into_position::<Chess>(CastlingMode::Standard)
                    .map_err(|_| ())
            }) {
                assert_eq!(ours, shakmaty::perft(&pos, 2), "{text}");
            }
        }
    }
    assert!(
        accepted >= 10,
        "mutations too destructive: {accepted} accepted"
    );
}

#[test]
fn uci_moves_round_trip_and_match_shakmaty() {
    random_game(7, 300, |board, _| {
        let pos = shakmaty_position(&board.to_fen());
        let mut ours: Vec<String> = legal(board).iter().map(|m| m.to_uci()).collect();
        let mut theirs: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{}", board.to_fen());
        for m in legal(board) {
            assert_eq!(board.parse_uci_move(&m.to_uci()), Ok(m));
        }
    });
    let b = Board::startpos();
    assert_eq!(
        b.parse_uci_move("e2e5"),
        Err(MoveError::Illegal("e2e5".into()))
    );
    for bad in ["", "e2", "e2e4qq", "e2e4k", "e2e4Q", "z2e4", "e2-e4", "éé"] {
        assert_eq!(
            b.parse_uci_move(bad),
            Err(MoveError::BadUci(bad.into())),
            "{bad}"
        );
    }
    assert_eq!(Move::NULL.to_uci(), "0000");
    let castle = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let m = castle.parse_uci_move("e1g1").unwrap();
    assert_eq!(m.special, Special::Castle { rook: Square::H1 });
    assert_eq!(castle.parse_uci_move("e1h1"), Ok(m), "king-takes-rook form");
    assert_eq!(m.to_uci_chess960(), "e1h1");
    let promo = Board::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let q = promo.parse_uci_move("b7b8q").unwrap();
    assert_eq!(q.promotion(), Some(Role::Queen));
    assert_eq!(q.to_string(), "b7b8q");
    assert_eq!(
        promo.parse_uci_move("b7b8"),
        Err(MoveError::Illegal("b7b8".into()))
    );
}

/// Chess960 castling sides are told by the rook's place beside the king,
/// wherever the two stand; the destinations are fixed (king c/g, rook d/f).
#[test]
fn castling_sides_in_chess960() {
    // King on b1 between the a1 rook (a-side) and the g1 rook (h-side);
    // Black's g8 rook is the only, hence outermost, a-side rook (`q`).
    let board = Board::from_fen_chess960("6rk/6p1/8/8/8/8/8/RK4R1 w GAg - 0 1").unwrap();
    assert_eq!(
        board.castling_rook(Color::White, CastlingSide::QueenSide),
        Some(Square::A1)
    );
    assert_eq!(
        board.castling_rook(Color::White, CastlingSide::KingSide),
        Some(Square::G1)
    );
    // Black's king stands on h8: its g8 rook is on the a-side.
    assert_eq!(
        board.castling_rook(Color::Black, CastlingSide::KingSide),
        None
    );
    assert_eq!(
        board.castling_rook(Color::Black, CastlingSide::QueenSide),
        Some(Square::new(6, 7))
    );
    let long = board.parse_uci_move("b1a1").unwrap();
    let short = board.parse_uci_move("b1g1").unwrap();
    assert_eq!(long.castling_side(), Some(CastlingSide::QueenSide));
    assert_eq!(short.castling_side(), Some(CastlingSide::KingSide));
    assert_eq!(board.san(long), "O-O-O");
    let mut after = board.clone();
    after.make(long);
    assert_eq!(after.to_fen(), "6rk/6p1/8/8/8/8/8/2KR2R1 b q - 1 1");
    assert_eq!(
        CastlingSide::KingSide.king_to(Color::Black),
        Square::new(6, 7)
    );
    assert_eq!(
        CastlingSide::QueenSide.rook_to(Color::Black),
        Square::new(3, 7)
    );
    let e4 = Board::startpos().parse_uci_move("e2e4").unwrap();
    assert_eq!(e4.castling_side(), None);
}

#[test]
fn san_both_ways_matches_shakmaty() {
    for seed in 0..6 {
        random_game(seed, 250, |board, _| {
            let pos = shakmaty_position(&board.to_fen());
            for m in legal(board) {
                let sm = m
                    .to_uci()
                    .parse::<shakmaty::uci::UciMove>()
                    .unwrap()
                    .to_move(&pos)
                    .unwrap();
                let expected = SanPlus::from_move(pos.clone(), sm).to_string();
                let san = board.san(m);
                assert_eq!(san, expected, "{}", board.to_fen());
                assert_eq!(board.parse_san(&san), Ok(m), "{san} in {}", board.to_fen());
                assert_eq!(board.gives_check(m), san.ends_with(['+', '#']), "{san}");
            }
        });
    }
    let b = Board::startpos();
    assert_eq!(b.parse_san("Nf3").map(|m| m.to_uci()), Ok("g1f3".into()));
    assert_eq!(b.parse_san("Ngf3").map(|m| m.to_uci()), Ok("g1f3".into()));
    assert_eq!(b.parse_san("e4!?").map(|m| m.to_uci()), Ok("e2e4".into()));
    assert_eq!(b.parse_san("e5"), Err(MoveError::Illegal("e5".into())));
    assert_eq!(b.parse_san("Xyz"), Err(MoveError::BadSan("Xyz".into())));
    assert_eq!(b.parse_san(""), Err(MoveError::BadSan("".into())));
    let two_knights = Board::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    assert_eq!(
        two_knights.parse_san("Nd2"),
        Err(MoveError::AmbiguousSan("Nd2".into()))
    );
    assert_eq!(
        two_knights.parse_san("Nbd2").map(|m| m.to_uci()),
        Ok("b1d2".into())
    );
    let castle = Board::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(
        castle.parse_san("0-0-0").map(|m| m.to_uci()),
        Ok("e1c1".into())
    );
    let promo = Board::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(
        promo.parse_san("b8=N").map(|m| m.promotion()),
        Ok(Some(Role::Knight))
    );
    assert_eq!(
        promo.parse_san("b8Q+").map(|m| m.promotion()),
        Ok(Some(Role::Queen))
    );
}

/// The search prefetches a move's table entry by `Board::key_after`: for a
/// move that changes neither castling rights nor the en-passant square,
/// the guess is the key the move makes (elsewhere it may miss, never harm).
#[test]
fn key_after_is_the_key_of_an_ordinary_move() {
    let rights = |b: &Board| {
        [Color::White, Color::Black].map(|c| {
            [CastlingSide::KingSide, CastlingSide::QueenSide].map(|s| b.castling_rook(c, s))
        })
    };
    let mut checked = 0;
    for seed in 200..220 {
        random_game(seed, 200, |board, _| {
            for mv in legal(board) {
                let guess = board.key_after(mv);
                let before = (rights(board), board.en_passant_square());
                board.make(mv);
                let after = (rights(board), board.en_passant_square());
                if !mv.is_castle() && after.0 == before.0 && after.1.is_none() && before.1.is_none()
                {
                    assert_eq!(guess, board.key(), "{mv} in {}", board.to_fen());
                    checked += 1;
                }
                board.unmake();
            }
        });
    }
    assert!(checked > 10_000, "{checked}");
}

/// The incremental Zobrist key equals the from-scratch key after every
/// make and unmake; make then unmake restores the position exactly; equal
/// positions reached by different orders have equal keys.
#[test]
fn zobrist_and_unmake_against_from_scratch() {
    for seed in 100..130 {
        random_game(seed, 200, |board, mv| {
            let before = board.clone();
            assert_eq!(board.key(), board.compute_key());
            board.make(mv);
            assert!(board.is_consistent(), "after {mv}");
            let fresh = Board::from_fen(&board.to_fen()).unwrap();
            assert_eq!(board.key(), fresh.key(), "key differs from a fresh parse");
            board.make_null();
            assert!(board.is_consistent());
            board.unmake_null();
            board.unmake();
            assert_eq!(*board, before);
            assert_eq!(board.key(), before.key());
            assert!(board.is_consistent());
        });
    }
    let mut a = Board::startpos();
    for m in ["g1f3", "g8f6", "b1c3"] {
        a.play_uci(m).unwrap();
    }
    let mut b = Board::startpos();
    for m in ["b1c3", "g8f6", "g1f3"] {
        b.play_uci(m).unwrap();
    }
    assert_eq!(a.key(), b.key());
    assert_ne!(a.key(), Board::startpos().key());
}

#[test]
fn game_end_rules_match_shakmaty() {
    for seed in 200..260 {
        let board = random_game(seed, 400, |board, _| {
            let pos = shakmaty_position(&board.to_fen());
            assert_eq!(board.in_check(), pos.is_check());
            assert_eq!(
                board.is_insufficient_material(),
                pos.is_insufficient_material(),
                "{}",
                board.to_fen()
            );
        });
        let pos = shakmaty_position(&board.to_fen());
        match board.status() {
            GameStatus::Checkmate => assert!(pos.is_checkmate()),
            GameStatus::Stalemate => assert!(pos.is_stalemate()),
            _ => assert!(!pos.is_checkmate() && !pos.is_stalemate()),
        }
    }
}

#[test]
fn draw_rules() {
    let mut b = Board::startpos();
    for (i, m) in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(b.status(), GameStatus::Ongoing, "before move {i}");
        b.play_uci(m).unwrap();
    }
    assert_eq!(b.repetition_count(), 2);
    assert_eq!(b.status(), GameStatus::ThreefoldRepetition);
    b.unmake();
    assert_eq!(b.repetition_count(), 1);
    // A pawn move cuts the history.
    b.play_uci("e7e5").unwrap();
    assert_eq!(b.repetition_count(), 0);

    let fifty = Board::from_fen("4k3/8/8/8/8/8/R7/4K3 w - - 100 80").unwrap();
    assert_eq!(fifty.status(), GameStatus::FiftyMoves);
    let mated = Board::from_fen("4k3/8/8/8/8/8/5PPP/r5K1 w - - 100 80").unwrap();
    assert_eq!(
        mated.status(),
        GameStatus::Checkmate,
        "mate beats the 50-move rule"
    );
    assert_eq!(mated.winner(), Some(Color::Black));
    let stalemate = Board::from_fen("k7/8/1Q6/8/8/8/8/4K3 b - - 0 1").unwrap();
    assert_eq!(stalemate.status(), GameStatus::Stalemate);
    for (fen, insufficient) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4KR2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false),
    ] {
        let b = Board::from_fen(fen).unwrap();
        assert_eq!(b.is_insufficient_material(), insufficient, "{fen}");
        assert_eq!(
            shakmaty_position(fen).is_insufficient_material(),
            insufficient,
            "{fen}"
        );
    }
}

#[test]
fn checked_play_refuses_illegal_moves() {
    let mut b = Board::startpos();
    let bogus = Move {
        from: "e2".parse().unwrap(),
        to: "e5".parse().unwrap(),
        piece: Role::Pawn,
        captured: None,
        special: Special::None,
    };
    assert_eq!(b.play(bogus), Err(MoveError::Illegal("e2e5".into())));
    assert_eq!(b, Board::startpos());
    let e4 = b.parse_uci_move("e2e4").unwrap();
    assert_eq!(e4.special, Special::DoublePush);
    assert_eq!(b.play(e4), Ok(()));
    assert_eq!(b.en_passant_square(), Some("e3".parse().unwrap()));
    assert_eq!(b.history_len(), 1);
}

#[test]
fn piece_list_order_and_captures_list() {
    let b = Board::startpos();
    let white: Vec<(Square, Role)> = b.pieces(Color::White).collect();
    assert_eq!(white.len(), 16);
    assert_eq!(white[0], (Square::E1, Role::King));
    assert_eq!(white[1].1, Role::Queen);
    assert!(white[..8].iter().all(|&(_, r)| r != Role::Pawn));
    assert!(white[8..].iter().all(|&(_, r)| r == Role::Pawn));
    assert_eq!(b.king_square(Color::Black), Square::E8);

    random_game(99, 300, |board, _| {
        let mut caps = MoveList::new();
        board.legal_captures(&mut caps);
        let expected: Vec<Move> = legal(board)
            .into_iter()
            .filter(|m| m.is_capture() || m.promotion().is_some())
            .collect();
        let mut got = caps.to_vec();
        got.sort_by_key(|m| m.to_uci());
        let mut want = expected;
        want.sort_by_key(|m| m.to_uci());
        assert_eq!(got, want, "{}", board.to_fen());
    });
}

#[test]
fn board_file_round_trips() {
    let text = "WHITE to Play  You can put comments here. Date match\n\
                WHITE=Program  played: 22 OCT 1985 with Koltanowski.\n\
                WK H2\n\
                WP G3\n\
                BK C4\n";
    let file = BoardFile::parse(text).unwrap();
    assert_eq!(file.program, Color::White);
    assert_eq!(file.board.to_fen(), "8/8/8/8/2k5/6P1/7K/8 w - - 0 1");
    let written = file.to_string();
    assert_eq!(
        written,
        "WHITE to Play\nWHITE=Program\nWK H2\nWP G3\nBK C4\n"
    );
    assert_eq!(BoardFile::parse(&written), Ok(file));

    let start = Board::startpos();
    let saved = start.to_board_file(Color::Black);
    let loaded = Board::from_board_file(&saved).unwrap();
    assert_eq!(
        loaded.board.to_fen(),
        STARTPOS,
        "unmoved kings and rooks may castle"
    );
    assert_eq!(loaded.program, Color::Black);

    for (bad, expected) in [
        ("", BoardFileError::BadSideToMove(String::new())),
        (
            "WHITE to Move\nWHITE=Program\n",
            BoardFileError::BadSideToMove("WHITE to Move".into()),
        ),
        (
            "BLACK to Play\nRED=Program\n",
            BoardFileError::BadProgramLine("RED=Program".into()),
        ),
        (
            "BLACK to Play\nBLACK=Program\nWK H2\nWX A1\n",
            BoardFileError::BadPieceLine(4, "WX A1".into()),
        ),
        (
            "BLACK to Play\nBLACK=Program\nWK H2\nBK I1\n",
            BoardFileError::BadPieceLine(4, "BK I1".into()),
        ),
        (
            "BLACK to Play\nBLACK=Program\nWK H2\nBK H2\n",
            BoardFileError::SquareTaken(4, "h2".parse().unwrap()),
        ),
        (
            "BLACK to Play\nBLACK=Program\nWK H2\n",
            BoardFileError::Position(FenError::MissingKing(Color::Black)),
        ),
    ] {
        assert_eq!(BoardFile::parse(bad), Err(expected.clone()), "{bad:?}");
        assert!(expected.to_string().contains("board file"));
    }
}

#[test]
fn diagram_shows_the_position() {
    let text = Board::startpos().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "8 r n b q k b n r");
    assert_eq!(lines[4], "4 . . . . . . . .");
    assert_eq!(lines[7], "1 R N B Q K B N R");
    assert_eq!(lines[8], "  a b c d e f g h");
    assert_eq!(lines[9], STARTPOS);
}

/// The most legal moves a position has (218) fits a move list; more
/// material than promotions allow is refused, as shakmaty does.
#[test]
fn material_limits_and_the_most_moves() {
    let record = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1";
    let mut board = Board::from_fen(record).unwrap();
    assert_eq!(legal(&board).len(), 218);
    assert_eq!(
        board.perft(2),
        shakmaty::perft(&shakmaty_position(record), 2)
    );
    for (fen, color) in [
        (
            "kn6/pp6/2QQQQQQ/QQQQQQQQ/1Q6/8/8/7K w - - 0 1",
            Color::White,
        ),
        ("k7/8/8/8/8/8/pppppppp/qq5K w - - 0 1", Color::Black),
        ("k7/8/8/8/8/8/PPPPPPPP/B1B4K w - - 0 1", Color::White),
    ] {
        assert_eq!(
            Board::from_fen(fen),
            Err(FenError::TooMuchMaterial(color)),
            "{fen}"
        );
        let err = fen
            .parse::<Fen>()
            .unwrap()
            .into_position::<Chess>(CastlingMode::Standard);
        assert!(err.is_err(), "shakmaty refuses {fen} too");
    }
    // Two bishops on squares of different colours are the original pair.
    assert!(Board::from_fen("k7/8/8/8/8/8/PPPPPPPP/BB5K w - - 0 1").is_ok());
    assert!(Board::from_fen("k7/8/8/8/8/8/PPPPPPP1/B1B4K w - - 0 1").is_ok());
}

/// Random text never panics any parser of the core.
#[test]
fn random_text_never_panics_the_parsers() {
    let alphabet: Vec<char> = "abcdefgh12345678xXOo0-=+#!?/ NBRQKPnbrqkpw\u{e9}\u{1F600}\n"
        .chars()
        .collect();
    let mut rng = StdRng::seed_from_u64(5);
    let boards = [
        Board::startpos(),
        Board::from_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1").unwrap(),
    ];
    for _ in 0..3000 {
        let len = rng.random_range(0..12);
        let text: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        for b in &boards {
            if let Ok(m) = b.parse_uci_move(&text) {
                assert!(b.is_legal(m));
            }
            if let Ok(m) = b.parse_san(&text) {
                assert!(b.is_legal(m));
            }
        }
        let _ = Board::from_fen(&text);
        let _ = Board::from_fen_chess960(&text);
        let _ = BoardFile::parse(&format!(
            "WHITE to Play\nBLACK=Program\nWK A1\nBK H8\n{text}\n"
        ));
        let _ = text.parse::<Square>();
    }
}

/// A null move cuts the repetition history (a search must not count a
/// "repetition" through a pass); positions before it are not seen.
#[test]
fn repetition_stops_at_null_moves_and_the_fen_clock() {
    let mut b = Board::startpos();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        b.play_uci(m).unwrap();
    }
    assert_eq!(b.repetition_count(), 1);
    b.make_null();
    b.make_null();
    assert_eq!(b.key(), Board::startpos().key());
    assert_eq!(b.repetition_count(), 0);
    b.unmake_null();
    b.unmake_null();
    assert_eq!(b.repetition_count(), 1);
    // A position set up from FEN has no history to repeat.
    let fresh = Board::from_fen(&b.to_fen()).unwrap();
    assert_eq!(fresh.repetition_count(), 0);
    assert_eq!(fresh.halfmove_clock(), 4);
    assert_eq!(fresh.fullmove_number(), 3);
}

/// The repetition walker tells occurrences before a mark (the search's
/// root) from those after it (inside the search tree).
#[test]
fn repetitions_since_a_mark() {
    let mut b = Board::startpos();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for m in shuffle {
        b.play_uci(m).unwrap();
    }
    let mark = b.history_len();
    assert_eq!(
        b.repetitions(mark),
        Repetitions {
            count: 1,
            since_mark: false
        }
    );
    for m in shuffle {
        b.play_uci(m).unwrap();
    }
    // The start position, third time: once at the mark, once before it.
    assert_eq!(
        b.repetitions(mark),
        Repetitions {
            count: 2,
            since_mark: true
        }
    );
    assert_eq!(b.repetitions(mark + 1).count, 2);
    assert!(!b.repetitions(mark + 1).since_mark);
    assert_eq!(b.status(), GameStatus::ThreefoldRepetition);
}

/// The bitboard attack test agrees with the handbook's `Attacks` on the
/// piece list (its from-scratch twin) on every square along random games.
#[test]
fn attack_test_matches_the_piece_list_twin() {
    for seed in 300..320 {
        random_game(seed, 200, |board, _| {
            for sq in Square::all() {
                for by in [Color::White, Color::Black] {
                    assert_eq!(
                        board.is_attacked(sq, by),
                        board.attacked_by_piece_list(sq, by),
                        "{sq} by {by:?} in {}",
                        board.to_fen()
                    );
                }
            }
        });
    }
}

/// The check test without a move made agrees with making the move and
/// asking: over random games and over positions with every special move
/// (castling onto a checking file, en passant uncovering a line,
/// promotions with and without check, discovered checks).
#[test]
fn gives_check_matches_making_the_move() {
    fn compare(board: &mut Board) {
        let info = board.check_info();
        for mv in legal(board) {
            let fast = board.gives_check(mv);
            assert_eq!(
                board.gives_check_with(mv, &info),
                fast,
                "{mv} in {}",
                board.to_fen()
            );
            board.make(mv);
            let slow = board.in_check();
            board.unmake();
            assert_eq!(fast, slow, "{mv} in {}", board.to_fen());
        }
    }
    for fen in [
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
        "8/8/8/1k1pP2R/8/8/8/7K w - d6 0 1",
        "7k/8/8/2b1pP2/8/8/8/K7 w - e6 0 1",
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "3k4/8/3N4/8/8/8/8/3RK3 w - - 0 1",
        "4k3/8/8/8/1B6/8/3P4/4K3 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let mut board = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        compare(&mut board);
    }
    for seed in 0..300 {
        random_game(seed, 160, |board, _| compare(board));
    }
}
