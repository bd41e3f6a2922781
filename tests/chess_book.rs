//! The opening library and Polyglot books: every library line is legal,
//! transpositions are found, Polyglot keys match the published hash (and
//! shakmaty's), `.bin` files round-trip, weighted choice varies with the
//! seed.

use engine::chess::book::{
    BUILTIN_TEXT, Book, BookMove, Library, LibraryError, PolyglotBook, PolyglotEntry,
    PolyglotError, choose_weighted, decode_move, encode_move, parse_variations, polyglot_key,
};
use engine::chess::{Board, Move, MoveList};
use rand::RngExt;
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::collections::{BTreeSet, HashMap};

fn builtin() -> Library {
    Library::builtin().unwrap_or_else(|e| panic!("built-in library: {e}"))
}

fn play(board: &mut Board, san: &str) {
    let mv = board
        .parse_san(san)
        .unwrap_or_else(|e| panic!("{san} in {}: {e}", board.to_fen()));
    board.make(mv);
}

fn uci_set(moves: &[BookMove]) -> BTreeSet<String> {
    moves.iter().map(|m| m.mv.to_uci()).collect()
}

/// Walks every variation of the built-in library: each move is legal where
/// the line reaches it, and the compiled table offers it there.
#[test]
fn every_library_line_is_legal_and_in_the_table() {
    let library = builtin();
    let variations = parse_variations(BUILTIN_TEXT).expect("library syntax");
    assert!(variations.len() >= 150, "{} variations", variations.len());
    assert_eq!(library.variations(), variations.len());
    let mut plies = Vec::new();
    for (line, v) in &variations {
        let mut board = Board::startpos();
        for (ply, m) in v.moves.iter().enumerate() {
            let mv = board
                .parse_san(&m.text)
                .or_else(|_| board.parse_uci_move(&m.text))
                .unwrap_or_else(|e| panic!("line {line} ({}), ply {}: {e}", v.name, ply + 1));
            let offered = library.moves(&board);
            assert!(
                offered.iter().any(|b| b.mv == mv),
                "line {line}: {} not offered in {}",
                m.text,
                board.to_fen()
            );
            board.make(mv);
        }
        plies.push(v.moves.len());
    }
    // "main lines … to 8-12 plies": every line reaches at least 8 plies,
    // most reach 12 or more.
    assert!(plies.iter().all(|&p| p >= 8), "a line shorter than 8 plies");
    let long = plies.iter().filter(|&&p| p >= 12).count();
    assert!(
        long * 2 > plies.len(),
        "{long} of {} lines reach 12 plies",
        plies.len()
    );
}

/// The library covers the openings a club player meets: each family has a
/// named line.
#[test]
fn library_covers_the_main_openings() {
    let names: Vec<String> = parse_variations(BUILTIN_TEXT)
        .unwrap()
        .into_iter()
        .map(|(_, v)| v.name)
        .collect();
    for family in [
        "Ruy Lopez",
        "Italian",
        "Scotch",
        "Petroff",
        "King's Gambit",
        "Najdorf",
        "Dragon",
        "Scheveningen",
        "Sveshnikov",
        "Alapin",
        "Sicilian, Closed",
        "French",
        "Caro-Kann",
        "Pirc",
        "Modern Defence",
        "Alekhine",
        "Scandinavian",
        "Queen's Gambit Accepted",
        "Queen's Gambit Declined",
        "Slav",
        "Semi-Slav",
        "King's Indian",
        "Nimzo-Indian",
        "Queen's Indian",
        "Grunfeld",
        "Benoni",
        "Dutch",
        "English",
        "Reti",
        "London",
    ] {
        assert!(names.iter().any(|n| n.contains(family)), "no {family} line");
    }
}

#[test]
fn library_answers_from_the_start_and_leaves_the_book_later() {
    let library = builtin();
    let mut board = Board::startpos();
    let first = uci_set(&library.moves(&board));
    for m in ["e2e4", "d2d4", "c2c4", "g1f3"] {
        assert!(first.contains(m), "{m} missing from {first:?}");
    }
    // After an odd first move pair the position is not in the library.
    play(&mut board, "h4");
    play(&mut board, "a5");
    assert!(library.moves(&board).is_empty());
}

/// A move order that no line of the library spells out still reaches the
/// library's positions (the table is keyed by position, not by move list).
#[test]
fn transpositions_hit() {
    let text = BUILTIN_TEXT;
    assert!(
        !text.contains("1. d4 e6 2. c4 Nf6"),
        "pick an order absent from the text"
    );
    let library = builtin();

    let mut nimzo = Board::startpos();
    for m in ["d4", "e6", "c4", "Nf6"] {
        play(&mut nimzo, m);
    }
    let mut direct = Board::startpos();
    for m in ["d4", "Nf6", "c4", "e6"] {
        play(&mut direct, m);
    }
    assert_eq!(nimzo.key(), direct.key());
    let offered = uci_set(&library.moves(&nimzo));
    assert!(offered.contains("b1c3") && offered.contains("g1f3") && offered.contains("g2g3"));
    assert_eq!(offered, uci_set(&library.moves(&direct)));

    // English into King's Indian: 1.c4 Nf6 2.Nc3 g6 3.e4 d6 4.d4 Bg7 5.Nf3
    // O-O is the King's Indian Classical position with White to move.
    let mut english = Board::startpos();
    for m in [
        "c4", "Nf6", "Nc3", "g6", "e4", "d6", "d4", "Bg7", "Nf3", "O-O",
    ] {
        play(&mut english, m);
    }
    let offered = uci_set(&library.moves(&english));
    assert!(offered.contains("f1e2"), "{offered:?}");

    // Reti into the Queen's Gambit Declined, in an order absent from the text.
    let mut reti = Board::startpos();
    for m in ["Nf3", "Nf6", "d4", "d5", "c4", "e6", "Nc3"] {
        play(&mut reti, m);
    }
    assert!(!library.moves(&reti).is_empty());
}

#[test]
fn marks_become_weights() {
    let library = builtin();
    let board = Board::startpos();
    let weights: HashMap<String, u16> = library
        .moves(&board)
        .into_iter()
        .map(|m| (m.mv.to_uci(), m.weight))
        .collect();
    assert_eq!(weights["e2e4"], 30);
    assert_eq!(weights["d2d4"], 30);
    assert_eq!(weights["c2c4"], 10);
    assert_eq!(weights["f2f4"], 2);
    // Known but never chosen: the library still answers 1.b4 and 1.g4.
    assert_eq!(weights["b2b4"], 0);
    let mut b4 = Board::startpos();
    play(&mut b4, "b4");
    assert!(!library.moves(&b4).is_empty());
}

#[test]
fn library_errors_name_the_line_and_ply() {
    let text = "# header\nGood: 1. e4 e5\nBad: 1. e4 e5 2. Ke3\n";
    match Library::from_text(text) {
        Err(LibraryError::Move { line, ply, .. }) => assert_eq!((line, ply), (3, 3)),
        other => panic!("expected a move error, got {other:?}"),
    }
    let err = Library::from_text("No colon e4 e5").unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
    assert!(matches!(
        Library::from_text("X: e4 e5 Nf9"),
        Err(LibraryError::Move { ply: 3, .. })
    ));
    // UCI and SAN mix freely.
    let lib = Library::from_text("Mixed: e2e4 e5 g1f3 Nc6").expect("valid");
    assert_eq!(lib.positions(), 4);
}

// ------------------------------------------------------------- Polyglot

/// The published Polyglot keys (Polyglot's book_format.html; the same
/// values are in python-chess and shakmaty).
#[test]
fn polyglot_keys_match_the_published_values() {
    let cases: [(&[&str], u64); 9] = [
        (&[], 0x463b96181691fc9c),
        (&["e2e4"], 0x823c9b50fd114196),
        (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
        (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
        (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"],
            0x652a607ca3f242c1,
        ),
        (
            &["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"],
            0x00fdd303c946bdd9,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"],
            0x3c8123ea7b067637,
        ),
        (
            &["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"],
            0x5c3f9b829b279560,
        ),
    ];
    for (moves, want) in cases {
        let mut board = Board::startpos();
        for m in moves {
            board.play_uci(m).expect("legal");
        }
        assert_eq!(polyglot_key(&board), want, "after {moves:?}");
    }
}

/// Randomized: the Polyglot key of positions along random games equals
/// shakmaty's (pseudo-legal en passant is Polyglot's rule).
#[test]
fn polyglot_keys_match_shakmaty_on_random_games() {
    use shakmaty::fen::Fen;
    use shakmaty::zobrist::Zobrist64;
    use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};
    let mut rng = StdRng::seed_from_u64(4);
    let mut list = MoveList::new();
    for _ in 0..40 {
        let mut board = Board::startpos();
        for _ in 0..80 {
            let fen = board.to_fen();
            let pos: Chess = fen
                .parse::<Fen>()
                .expect("fen")
                .into_position(CastlingMode::Standard)
                .expect("position");
            let Zobrist64(want) = pos.zobrist_hash::<Zobrist64>(EnPassantMode::PseudoLegal);
            assert_eq!(polyglot_key(&board), want, "{fen}");
            board.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.random_range(0..list.len())];
            board.make(mv);
        }
    }
}

/// Writes the built-in library as a Polyglot book.
fn library_as_polyglot() -> PolyglotBook {
    let library = builtin();
    let mut entries = Vec::new();
    let mut seen = BTreeSet::new();
    for (_, v) in parse_variations(BUILTIN_TEXT).unwrap() {
        let mut board = Board::startpos();
        for m in &v.moves {
            if seen.insert(board.key()) {
                for b in library.moves(&board) {
                    entries.push(PolyglotEntry {
                        key: polyglot_key(&board),
                        raw_move: encode_move(b.mv),
                        weight: b.weight,
                        learn: 0,
                    });
                }
            }
            let mv = board
                .parse_san(&m.text)
                .or_else(|_| board.parse_uci_move(&m.text))
                .unwrap();
            board.make(mv);
        }
    }
    PolyglotBook::from_entries(entries)
}

/// Our library written as a `.bin` file and read back gives the same moves
/// with the same weights in every library position (castling included).
#[test]
fn polyglot_book_round_trips_and_agrees_with_the_library() {
    let library = builtin();
    let book = library_as_polyglot();
    // The library's own export is the same book (entry order within a key
    // aside).
    let exported = library.to_polyglot();
    assert_eq!(exported.len(), book.len());
    let sorted = |b: &PolyglotBook| {
        let mut v: Vec<(u64, u16, u16)> = PolyglotBook::from_bytes(&b.to_bytes())
            .unwrap()
            .to_bytes()
            .chunks(16)
            .map(|c| {
                let e = |r: std::ops::Range<usize>| {
                    c[r].iter().fold(0u64, |a, &x| a << 8 | u64::from(x))
                };
                (e(0..8), e(8..10) as u16, e(10..12) as u16)
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(sorted(&exported), sorted(&book));
    let bytes = book.to_bytes();
    assert_eq!(bytes.len(), book.len() * 16);
    let read = PolyglotBook::from_bytes(&bytes).expect("valid book");
    assert_eq!(read, book);
    let mut castles = 0;
    for (_, v) in parse_variations(BUILTIN_TEXT).unwrap() {
        let mut board = Board::startpos();
        for m in &v.moves {
            let ours: BTreeSet<(String, u16)> = library
                .moves(&board)
                .iter()
                .map(|b| (b.mv.to_uci(), b.weight))
                .collect();
            let theirs: BTreeSet<(String, u16)> = read
                .moves(&board)
                .iter()
                .map(|b| (b.mv.to_uci(), b.weight))
                .collect();
            assert_eq!(ours, theirs, "{}", board.to_fen());
            let mv = board
                .parse_san(&m.text)
                .or_else(|_| board.parse_uci_move(&m.text))
                .unwrap();
            castles += usize::from(mv.is_castle());
            board.make(mv);
        }
    }
    assert!(castles > 0);
    let polyglot = Book::Polyglot(read);
    assert!(!polyglot.moves(&Board::startpos()).is_empty());
}

#[test]
fn polyglot_moves_encode_castling_as_king_takes_rook_and_promotions() {
    let board = Board::from_fen("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let short = board.parse_uci_move("e1g1").unwrap();
    // e1h1: to file 7, rank 0; from file 4, rank 0.
    assert_eq!(encode_move(short), 7 | 4 << 6);
    assert_eq!(decode_move(&board, 7 | 4 << 6), Some(short));
    let long = board.parse_uci_move("e1c1").unwrap();
    assert_eq!(decode_move(&board, encode_move(long)), Some(long));
    for promo in ["b7b8q", "b7b8n", "b7a8r", "b7a8b"] {
        let mv = board.parse_uci_move(promo).unwrap();
        assert_eq!(decode_move(&board, encode_move(mv)), Some(mv), "{promo}");
    }
    // A move that is not legal here decodes to nothing.
    assert_eq!(decode_move(&board, 0), None);
    // Promotion code 5-7 is not Polyglot.
    assert_eq!(decode_move(&board, encode_move(short) | 5 << 12), None);
}

#[test]
fn bad_polyglot_files_are_refused() {
    assert_eq!(PolyglotBook::from_bytes(&[]), Err(PolyglotError::Empty));
    assert_eq!(
        PolyglotBook::from_bytes(&[0; 15]),
        Err(PolyglotError::Truncated(15))
    );
    assert_eq!(
        PolyglotBook::from_bytes(&[0; 33]),
        Err(PolyglotError::Truncated(33))
    );
    assert!(PolyglotError::Truncated(15).to_string().contains("16-byte"));
    // Unsorted input is sorted on reading.
    let e = |key| PolyglotEntry {
        key,
        raw_move: 1,
        weight: 1,
        learn: 0,
    };
    let unsorted = PolyglotBook::from_entries(vec![e(3), e(1), e(2)]).to_bytes();
    let mut swapped = unsorted[16..].to_vec();
    swapped.extend_from_slice(&unsorted[..16]);
    let book = PolyglotBook::from_bytes(&swapped).unwrap();
    assert_eq!(book.entries(1).len(), 1);
    assert_eq!(book.entries(3).len(), 1);
    assert!(book.entries(4).is_empty());
}

// ------------------------------------------------------ weighted choice

#[test]
fn weighted_choice_varies_with_the_seed_and_follows_the_weights() {
    let book = Book::Library(builtin());
    let board = Board::startpos();
    let pick = |seed| {
        book.choose(&board, &mut StdRng::seed_from_u64(seed))
            .expect("in book")
    };
    // Reproducible for one seed, varied across seeds.
    assert_eq!(pick(7), pick(7));
    let distinct: BTreeSet<String> = (0..40).map(|s| pick(s).to_uci()).collect();
    assert!(distinct.len() >= 3, "{distinct:?}");

    let mut rng = StdRng::seed_from_u64(1);
    let mut counts: HashMap<String, u32> = HashMap::new();
    for _ in 0..4000 {
        *counts
            .entry(book.choose(&board, &mut rng).unwrap().to_uci())
            .or_default() += 1;
    }
    // Weight 0 is never chosen; weight 30 is chosen about three times as
    // often as weight 10.
    assert!(!counts.contains_key("b2b4") && !counts.contains_key("g2g4"));
    let (e4, c4) = (counts["e2e4"], counts["c2c4"]);
    assert!(e4 > 2 * c4 && e4 < 4 * c4, "e4 {e4}, c4 {c4}");
}

#[test]
fn choice_is_none_when_all_weights_are_zero() {
    let board = Board::startpos();
    let mv: Move = board.parse_uci_move("b2b4").unwrap();
    let never = [BookMove { mv, weight: 0 }];
    assert_eq!(choose_weighted(&never, &mut StdRng::seed_from_u64(0)), None);
    assert_eq!(choose_weighted(&[], &mut StdRng::seed_from_u64(0)), None);
}
