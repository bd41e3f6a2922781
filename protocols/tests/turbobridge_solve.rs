//! `turbobridge solve` conversations: PBN or LIN in, PBN out with the
//! double-dummy tags filled in; a bad board is reported and skipped.

#[path = "common/turbobridge.rs"]
mod turbobridge;

const BOARD_1: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65\"]\n";

#[test]
fn solve_fills_in_the_double_dummy_tags() {
    let out = turbobridge::run(&["solve"], BOARD_1);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // DDS's values for this board (tests/fixtures/dd-200.pbn, board 1).
    assert!(
        text.contains("[DoubleDummyTricks \"42894428948a5487a437\"]"),
        "{text}"
    );
    assert!(text.contains("[OptimumScore \"EW 300\"]"), "{text}");
    // DDS's par contract (tests/fixtures/dd-200-par.txt): 4HX-2 does not
    // outbid East-West's 4S, so it is no sacrifice.
    assert!(text.contains("[ParContract \"NS 5DX-2\"]"), "{text}");
    assert!(text.contains("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]"));
    assert!(text.contains("E  S 10"), "{text}");
}

#[test]
fn solve_skips_a_bad_board_and_fails_at_the_end() {
    let input = format!("[Board \"1\"]\n[Deal \"N:AKQ.. - - -\"]\n\n{BOARD_1}");
    let out = turbobridge::run(&["solve"], &input);
    let err = String::from_utf8_lossy(&out.stderr);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(err.starts_with("board 1: "), "{err}");
    assert!(text.contains("[OptimumScore \"EW 300\"]"), "{text}");
}

#[test]
fn solve_needs_a_full_deal() {
    let input = "[Deal \"N:AKQJT98765432... - - -\"]\n";
    let out = turbobridge::run(&["solve"], input);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("board 1: solve needs a full deal"), "{err}");
}

#[test]
fn solve_reads_lin() {
    // Board 1 as LIN (dealer 3 = North; hands S, W, N, E).
    let lin = "pn|,,,|st||md|3SH2458JKD39TJKC23,S4JQKH3QD48C56JKA,S89AH67D567QC79TQ,\
               S23567TH9TAD2AC48|rh||ah|Board 1|sv|o|\n";
    let out = turbobridge::run(&["solve"], lin);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("[DoubleDummyTricks \"42894428948a5487a437\"]"),
        "{text}"
    );
    assert!(text.contains("[OptimumScore \"EW 300\"]"), "{text}");
}

#[test]
fn solve_survives_mangled_input() {
    let mangled = [
        "[Deal \"N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ6\"]\n",
        "[Deal \"N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65 X\"]\n",
        "[Deal \"X:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65\"]\n",
        "[Deal \"N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ5Z\"]\n",
        "[Deal \"N:AA8.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65\"]\n",
        "[Deal \"N:A98.76.Q765.QT97",
        "[Vulnerable \"Sideways\"]\n[Deal \"N:A98.76.Q765.QT97 T76532.AT9.A2.84 .KJ8542.KJT93.32 KQJ4.Q3.84.AKJ65\"]\n",
        "md|9SAKQ,,,|\n",
        "md|3S3H94DAK83CA32,SJ6H7DQJ65CQT765|sv|z|\n",
        "\u{0}\u{1}[[[]]]\"\"\n",
    ];
    for input in mangled {
        let out = turbobridge::run(&["solve"], input);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{input:?} accepted");
        assert!(err.starts_with("board 1: "), "{input:?}: {err}");
        assert!(!err.contains("panicked"), "{input:?}: {err}");
    }
}

/// The first `n` boards of the DDS fixture, with their DDS tables removed
/// so that what comes out is the solver's.
fn fixture_boards(n: usize) -> Vec<String> {
    let text = include_str!("../../tests/fixtures/dd-200.pbn");
    text.split("\n\n")
        .filter(|b| b.contains("[Deal "))
        .take(n)
        .map(|b| {
            b.lines()
                .filter(|l| l.starts_with("[Board ") || l.starts_with("[Deal "))
                .map(|l| format!("{l}\n"))
                .collect()
        })
        .collect()
}

#[test]
fn a_file_of_boards_shared_between_threads_comes_out_in_order() {
    // Board 4 is broken: it is reported under its own number and the
    // others still come out, in input order, as one thread writes them.
    let mut boards = fixture_boards(7);
    boards[3] = boards[3].replace("[Deal \"N:T9764", "[Deal \"N:T9T64");
    let input = boards.join("\n");
    let one = turbobridge::run(&["solve", "--threads", "1"], &input);
    let three = turbobridge::run(&["solve", "--threads", "3"], &input);
    for out in [&one, &three] {
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("board 4: "), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert_eq!(
        String::from_utf8_lossy(&three.stdout),
        String::from_utf8_lossy(&one.stdout)
    );
    let text = String::from_utf8_lossy(&three.stdout);
    let numbers: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Board \""))
        .collect();
    assert_eq!(numbers, ["1\"]", "2\"]", "3\"]", "5\"]", "6\"]", "7\"]"]);
    // Board 2's table as DDS computed it.
    assert!(text.contains("[DoubleDummyTricks \"98a8898a883535435354\"]"));
}
