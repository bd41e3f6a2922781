//! Par score and par contracts: the OptimumScore of all 200 fixture boards
//! (computed by DDS) from their DoubleDummyTricks, and the four boards of
//! the reference notes with their BridgeComposer ParContract.

use engine::bridge::par::par;
use engine::bridge::{DdTable, Seat, Vulnerability};

fn tag<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.strip_prefix('[')?
        .strip_prefix(name)?
        .strip_prefix(" \"")?
        .strip_suffix("\"]")
}

fn seat(letter: &str) -> Seat {
    letter.parse().expect("seat letter")
}

fn vulnerability(text: &str) -> Vulnerability {
    text.parse().expect("vulnerability")
}

#[test]
fn optimum_score_of_every_fixture_board() {
    let text = include_str!("fixtures/dd-200.pbn");
    let (mut dealer, mut vul, mut table) = (None, None, None);
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if let Some(d) = tag(line, "Dealer") {
            dealer = Some(seat(d));
        } else if let Some(v) = tag(line, "Vulnerable") {
            vul = Some(vulnerability(v));
        } else if let Some(t) = tag(line, "DoubleDummyTricks") {
            table = Some(t.parse::<DdTable>().expect("table"));
        } else if let Some(expected) = tag(line, "OptimumScore") {
            let (d, v, t) = (
                dealer.take().expect("dealer"),
                vul.take().expect("vul"),
                table.take().expect("table"),
            );
            let p = par(&t, d, v);
            assert_eq!(p.optimum_score(), expected, "board with table {t:?}: {p}");
            checked += 1;
        }
    }
    assert_eq!(checked, 200);
}

#[test]
fn par_contracts_of_the_reference_boards() {
    let cases = [
        ("N", "None", "54555546658977889778", "EW 140", "EW 1S+2"),
        ("E", "NS", "53772537725a65b5a65b", "EW 420", "EW 4S="),
        ("S", "EW", "7875b7875b6468264582", "NS 400", "NS 5C="),
        ("W", "All", "31667316679c666ac666", "EW 1430", "EW 6S="),
    ];
    for (dealer, vul, table, score, contract) in cases {
        let t: DdTable = table.parse().expect("table");
        let p = par(&t, seat(dealer), vulnerability(vul));
        assert_eq!(p.optimum_score(), score, "{table}");
        assert_eq!(p.to_string(), contract, "{table}");
    }
}

#[test]
fn a_deal_nobody_can_make_is_passed_out() {
    // Every declarer takes 6 tricks in every strain.
    let t: DdTable = "66666666666666666666".parse().expect("table");
    let p = par(&t, Seat::North, Vulnerability::None);
    assert_eq!(p.optimum_score(), "NS 0");
    assert_eq!(p.to_string(), "Pass");
}

/// The contracts DDS's par function lists for the 200 fixture deals
/// (`tests/fixtures/dd-200-par.txt`, produced by DDS through endplay; see
/// its header): the lowest level at which the opponents cannot outbid
/// profitably, and sacrifices only where they outbid the par contract.
#[test]
fn par_contracts_are_the_ones_dds_lists() {
    let tables: Vec<DdTable> = include_str!("fixtures/dd-200.pbn")
        .lines()
        .filter_map(|line| tag(line.trim(), "DoubleDummyTricks"))
        .map(|t| t.parse().expect("table"))
        .collect();
    let expected: Vec<&str> = include_str!("fixtures/dd-200-par.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!((tables.len(), expected.len()), (200, 200));
    let mut wrong = Vec::new();
    for (table, line) in tables.iter().zip(&expected) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let [board, dealer, vul, score, contracts] = fields[..] else {
            panic!("bad fixture line {line:?}");
        };
        let p = par(table, seat(dealer), vulnerability(vul));
        assert_eq!(p.ns_score.to_string(), score, "board {board}");
        if p.to_string() != contracts {
            wrong.push(format!("board {board}: {p} (DDS: {contracts})"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} boards differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
