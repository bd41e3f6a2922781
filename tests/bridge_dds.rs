//! Double-dummy solver: exact against a brute-force minimax on random small
//! endings (from trick starts and from inside a trick), and against the
//! DDS-computed tables of `tests/fixtures/dd-200.pbn`.

use engine::bridge::dds::{Position, PositionError, Solver};
use engine::bridge::{Card, DdTable, Deal, Hand, Seat, Side, Strain};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// North-South tricks of the rest of the play by full minimax, no pruning.
fn brute_ns(pos: &Position, strain: Strain) -> u8 {
    let ns_to_move = pos.to_move().side() == Side::NorthSouth;
    let mut best: Option<u8> = None;
    for card in pos.legal_cards() {
        let mut next = pos.clone();
        let winner = next.play(card, strain).expect("legal card");
        let won = winner.map_or(0, |w| u8::from(w.side() == Side::NorthSouth));
        let rest = if next.hands().hands.iter().all(|h| h.is_empty()) {
            0
        } else {
            brute_ns(&next, strain)
        };
        let v = won + rest;
        best = Some(match best {
            None => v,
            Some(b) if ns_to_move => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.expect("a position has a legal card")
}

/// A random ending: `n` cards in each hand, drawn from one random deal.
fn random_ending(rng: &mut StdRng, n: usize) -> Deal {
    let full = Deal::random(rng);
    let mut deal = Deal::default();
    for seat in Seat::ALL {
        let mut cards: Vec<Card> = full[seat].iter().collect();
        while cards.len() > n {
            let i = rng.random_range(0..cards.len());
            cards.swap_remove(i);
        }
        deal[seat] = cards.into_iter().collect::<Hand>();
    }
    deal
}

fn side_tricks(ns: u8, left: u8, seat: Seat) -> u8 {
    if seat.side() == Side::NorthSouth {
        ns
    } else {
        left - ns
    }
}

#[test]
fn matches_brute_force_on_random_endings() {
    let mut rng = StdRng::seed_from_u64(0x00dd_5eed);
    let mut solver = Solver::with_table_bits(16);
    for case in 0..300 {
        let n = 2 + case % 3;
        let deal = random_ending(&mut rng, n);
        let leader = Seat::from_index(rng.random_range(0..4));
        let strain = Strain::ALL[rng.random_range(0..5)];
        let mut pos = Position::new(&deal, leader).expect("valid ending");
        // Half the cases start inside the trick, after 1-3 random cards.
        if case % 2 == 1 {
            for _ in 0..rng.random_range(1..4) {
                let legal: Vec<Card> = pos.legal_cards().iter().collect();
                let card = legal[rng.random_range(0..legal.len())];
                pos.play(card, strain).expect("legal");
            }
        }
        let left = pos.tricks_left();
        let expect = side_tricks(brute_ns(&pos, strain), left, pos.to_move());
        assert_eq!(
            solver.tricks(&pos, strain),
            expect,
            "case {case}: {pos:?} in {strain}"
        );
        for target in 0..=left + 1 {
            assert_eq!(
                solver.reaches(&pos, strain, target),
                expect >= target,
                "case {case}: {target} tricks in {pos:?} ({strain})"
            );
        }
        for (card, value) in solver.card_values(&pos, strain) {
            let mut next = pos.clone();
            let winner = next.play(card, strain).expect("legal");
            let won = winner.map_or(0, |w| u8::from(w.side() == Side::NorthSouth));
            let ns = won
                + if next.tricks_left() == 0 {
                    0
                } else {
                    brute_ns(&next, strain)
                };
            assert_eq!(
                value,
                side_tricks(ns, left, pos.to_move()),
                "case {case}: card {card} in {pos:?} ({strain})"
            );
        }
    }
}

/// Can North-South take `target` of the remaining tricks? Plain
/// alpha-beta on the rules alone: no table, no bounds, no equivalences.
fn reference_reaches(pos: &Position, strain: Strain, target: i32) -> bool {
    if target <= 0 {
        return true;
    }
    if target > i32::from(pos.tricks_left()) {
        return false;
    }
    let ns_to_move = pos.to_move().side() == Side::NorthSouth;
    for card in pos.legal_cards() {
        let mut next = pos.clone();
        let winner = next.play(card, strain).expect("legal card");
        let won = winner.map_or(0, |w| i32::from(w.side() == Side::NorthSouth));
        if reference_reaches(&next, strain, target - won) == ns_to_move {
            return ns_to_move;
        }
    }
    !ns_to_move
}

/// One long-lived solver on many different deals: its table's patterns
/// must never carry a bound to a position where it does not hold.
fn shared_table_check(cases: usize, sizes: &[usize], seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut solver = Solver::with_table_bits(18);
    for case in 0..cases {
        let deal = random_ending(&mut rng, sizes[case % sizes.len()]);
        let leader = Seat::from_index(rng.random_range(0..4));
        let strain = Strain::ALL[case % 5];
        let pos = Position::new(&deal, leader).expect("valid ending");
        let left = pos.tricks_left();
        let ns = (0..=i32::from(left))
            .take_while(|&t| reference_reaches(&pos, strain, t))
            .count() as u8
            - 1;
        let expect = side_tricks(ns, left, leader);
        assert_eq!(
            solver.tricks(&pos, strain),
            expect,
            "case {case}: {deal:?} {strain}"
        );
    }
}

#[test]
fn shared_table_matches_reference_on_larger_endings() {
    shared_table_check(80, &[5, 6], 0x5eed_0006);
}

#[test]
#[ignore = "seven-card endings: about a minute"]
fn shared_table_matches_reference_on_seven_card_endings() {
    shared_table_check(300, &[7], 0x5eed_0007);
}

#[test]
fn card_values_cover_every_legal_card() {
    let deal: Deal = "N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65"
        .parse()
        .expect("deal");
    let mut solver = Solver::new();
    let start = Position::new(&deal, Seat::West).expect("position");
    let values = solver.card_values(&start, Strain::NoTrump);
    let cards: Hand = values.iter().map(|&(c, _)| c).collect();
    assert_eq!(cards, deal[Seat::West]);
    let best = values.iter().map(|&(_, v)| v).max();
    assert_eq!(best, Some(solver.tricks(&start, Strain::NoTrump)));
}

/// The boards of the fixture: (board number, deal, DDS table).
fn fixture() -> Vec<(u32, Deal, DdTable)> {
    let text = include_str!("fixtures/dd-200.pbn");
    let tag = |line: &str, name: &str| {
        line.strip_prefix(&format!("[{name} \""))
            .and_then(|rest| rest.strip_suffix("\"]"))
            .map(str::to_string)
    };
    let mut boards = Vec::new();
    let (mut board, mut deal) = (0, None);
    for line in text.lines().map(str::trim) {
        if let Some(b) = tag(line, "Board") {
            board = b.parse().expect("board number");
        } else if let Some(d) = tag(line, "Deal") {
            deal = Some(d.parse::<Deal>().expect("fixture deal"));
        } else if let Some(t) = tag(line, "DoubleDummyTricks") {
            let table: DdTable = t.parse().expect("fixture table");
            boards.push((board, deal.take().expect("deal before table"), table));
        }
    }
    boards
}

fn check_boards(step: usize) {
    let boards = fixture();
    assert_eq!(boards.len(), 200);
    let mut solver = Solver::new();
    for (board, deal, expected) in boards.into_iter().step_by(step) {
        let table = solver.dd_table(&deal).expect("full deal");
        assert_eq!(
            table, expected,
            "board {board}: got {table}, DDS {expected}"
        );
    }
}

#[test]
fn fixture_tables_sample() {
    check_boards(if cfg!(debug_assertions) { 200 } else { 25 });
}

#[test]
#[ignore = "all 200 boards: a few minutes in release (`turbobridge bench` checks them too)"]
fn fixture_tables_all() {
    check_boards(1);
}

/// All-cards solves of the opening lead on fixture boards, checked
/// against the DDS tables: the best lead makes exactly what the table
/// gives the leader's side against that declarer, no lead makes more, and
/// touching cards (consecutive ranks of one hand: at trick one every card
/// is live) are worth the same. Each board has its own leader and strain,
/// so that all four seats and all five strains are covered.
fn check_lead_values(step: usize) {
    let boards = fixture();
    let mut solver = Solver::new();
    for (i, (board, deal, table)) in boards.into_iter().enumerate().step_by(step) {
        let leader = Seat::from_index(i % 4);
        let strain = Strain::ALL[(i / 4) % 5];
        let declarer = leader.prev();
        let expected = 13 - table.get(declarer, strain);
        let start = Position::new(&deal, leader).expect("full deal");
        let values = solver.card_values(&start, strain);
        let cards: Hand = values.iter().map(|&(c, _)| c).collect();
        assert_eq!(cards, deal[leader], "board {board}: every card valued");
        let context = format!("board {board}, {leader} leads against {declarer} in {strain}");
        for &(card, value) in &values {
            assert!(
                value <= expected,
                "{context}: {card} makes {value}, DDS {expected} at best"
            );
        }
        let best = values.iter().map(|&(_, v)| v).max();
        assert_eq!(best, Some(expected), "{context}: best lead");
        for pair in values.windows(2) {
            let ((a, va), (b, vb)) = (pair[0], pair[1]);
            if a.suit == b.suit && b.rank.0 == a.rank.0 + 1 {
                assert_eq!(va, vb, "{context}: touching {a} and {b}");
            }
        }
    }
}

#[test]
fn fixture_lead_values_sample() {
    check_lead_values(if cfg!(debug_assertions) { 25 } else { 4 });
}

#[test]
fn positions_are_validated() {
    let deal: Deal = "N:AK... Q2... JT... 98...".parse().expect("deal");
    assert!(Position::new(&deal, Seat::North).is_ok());
    let short: Deal = "N:AK... Q... JT... 98...".parse().expect("deal");
    assert!(matches!(
        Position::new(&short, Seat::North),
        Err(PositionError::Lengths(_))
    ));
    // East has played the queen: fits when North led.
    let ace: Card = "SA".parse().expect("card");
    let queen: Card = "SQ".parse().expect("card");
    let deal_after: Deal = "N:K... 2... JT... 98...".parse().expect("deal");
    assert!(Position::with_trick(&deal_after, Seat::North, &[ace, queen]).is_ok());
    assert_eq!(
        Position::with_trick(&deal_after, Seat::North, &[ace, ace]),
        Err(PositionError::Duplicate(ace))
    );
    let empty = Deal::default();
    assert_eq!(
        Position::new(&empty, Seat::North),
        Err(PositionError::Empty)
    );
}
