//! Conversations with the built `turbobridge` in its default (play) mode:
//! random boards bid and played legally and reproducibly, the seats
//! option, the one-step hint, LIN output and bad input.

#[path = "common/turbobridge.rs"]
mod turbobridge;

use protocols::bridge::board::{Board, ContractTag};
use protocols::bridge::io::read_boards;

fn run(args: &[&str], input: &str) -> (String, String, bool) {
    let out = turbobridge::run(args, input);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// Reads our own output back: the reader checks every call and card.
fn boards(text: &str) -> Vec<Board> {
    read_boards(text)
        .1
        .into_iter()
        .map(|b| b.expect("our output reads back as a legal board"))
        .collect()
}

const DEAL: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AT632.K52.QJ74.3 K54.J83.86.KQ962 QJ8.Q9764.KT.AJT 97.AT.A9532.8754\"]\n";

#[test]
fn random_boards_are_bid_and_played_to_the_end_reproducibly() {
    let args = ["--deals", "6", "--seed", "42", "--level", "heuristic"];
    let (first, err, ok) = run(&args, "");
    assert!(ok, "{err}");
    let (second, _, _) = run(&args, "");
    assert_eq!(first, second, "--seed makes the run reproducible");
    let (other, _, _) = run(
        &["--deals", "6", "--seed", "43", "--level", "heuristic"],
        "",
    );
    assert_ne!(first, other, "another seed deals other boards");
    let read = boards(&first);
    assert_eq!(read.len(), 6);
    for b in &read {
        let auction = b.auction.as_ref().expect("an auction");
        assert!(auction.auction.is_complete());
        match b.contract {
            Some(ContractTag::PassedOut) => assert_eq!(b.score, Some(0)),
            Some(ContractTag::Bid(_)) => {
                assert_eq!(b.linear_play().len(), 52, "all 52 cards played");
                let result = b.result.expect("a result");
                assert!(result <= 13);
                assert!(b.score.is_some(), "a score");
                assert!(b.declarer.is_some());
            }
            other => panic!("unexpected contract {other:?}"),
        }
    }
}

#[test]
fn the_program_stops_at_a_seat_it_does_not_play() {
    // North deals; the program plays North only: one call, then East's turn.
    let (out, err, ok) = run(&["--seats", "N", "--level", "heuristic"], DEAL);
    assert!(ok, "{err}");
    let b = &boards(&out)[0];
    assert_eq!(b.auction.as_ref().map(|a| a.auction.calls().len()), Some(1));
    // With East's pass given, South (ours) answers and West stops it.
    let input = format!("{DEAL}[Auction \"N\"]\n1S Pass\n");
    let (out, _, ok) = run(&["--seats", "NS", "--level", "heuristic"], &input);
    assert!(ok);
    let b = &boards(&out)[0];
    assert_eq!(
        b.auction.as_ref().map(|a| a.auction.calls().len()),
        Some(3),
        "South answers, then West is to call"
    );
}

#[test]
fn next_prints_one_call_or_card() {
    let (out, err, ok) = run(&["--next"], DEAL);
    assert!(ok, "{err}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.trim().parse::<engine::bridge::Call>().is_ok(),
        "a call: {out}"
    );
    let input = format!("{DEAL}[Auction \"N\"]\n1S Pass 2H Pass\nPass Pass\n[Play \"W\"]\nHA +\n");
    let (out, _, ok) = run(&["--next", "--level", "heuristic"], &input);
    assert!(ok);
    let card: engine::bridge::Card = out.trim().parse().expect("a card");
    assert_eq!(
        card.suit,
        engine::bridge::Suit::Hearts,
        "dummy follows suit"
    );
}

#[test]
fn illegal_input_is_reported_and_skipped() {
    let bad_call = format!("{DEAL}[Auction \"N\"]\n1S 1H\n");
    // Errors name a board by its Board tag.
    let bad_card = format!("{DEAL}[Auction \"N\"]\n1S Pass 2H Pass\nPass Pass\n[Play \"W\"]\nS2\n")
        .replace("[Board \"1\"]", "[Board \"3\"]");
    let input = format!("{bad_call}\n{DEAL}\n{bad_card}");
    let (out, err, ok) = run(&["--level", "heuristic"], &input);
    assert!(!ok, "non-zero exit after a bad board");
    assert!(err.lines().any(|l| l.starts_with("board 1: ")), "{err}");
    assert!(err.lines().any(|l| l.starts_with("board 3: ")), "{err}");
    assert_eq!(boards(&out).len(), 1, "the good board is still played");
}

#[test]
fn lin_output_and_rubber_scoring() {
    let (out, err, ok) = run(
        &["--deals", "2", "--format", "lin", "--level", "heuristic"],
        "",
    );
    assert!(ok, "{err}");
    assert!(out.contains("md|") && out.contains("mb|"), "{out}");
    let (out, err, ok) = run(
        &[
            "--deals",
            "3",
            "--scoring",
            "rubber",
            "--level",
            "heuristic",
        ],
        "",
    );
    assert!(ok, "{err}");
    assert_eq!(out.matches("[ScoreRubber ").count(), 3, "{out}");
    let (_, err, ok) = run(&["--deals", "1", "--seats", "Q"], "");
    assert!(!ok && err.contains("NESW"), "{err}");
}

#[test]
fn cheat_and_imps_against_par() {
    let (out, err, ok) = run(
        &[
            "--deals",
            "1",
            "--seed",
            "8",
            "--cheat",
            "--scoring",
            "imps",
        ],
        "",
    );
    assert!(ok, "{err}");
    let b = &boards(&out)[0];
    assert!(b.optimum_score.is_some(), "par written: {out}");
    assert!(out.contains("[ScoreIMP "), "{out}");
    assert!(b.dd_tricks.is_some(), "{out}");
}

/// The search's time budgets: bad values are refused with the expected
/// syntax, a tiny budget still plays every card legally, and without a
/// time limit (`--time-per-board none`) the Monte-Carlo play is
/// reproducible with `--seed`.
#[test]
fn time_budgets_are_checked_and_a_tiny_one_still_plays_legal_cards() {
    for (flag, bad) in [
        ("--time-per-card", "0"),
        ("--time-per-card", "-5"),
        ("--time-per-card", "fast"),
        ("--time-per-card", "1.5"),
        ("--time-per-board", "0"),
        ("--time-per-board", "soon"),
    ] {
        let (out, err, ok) = run(&["--deals", "1", flag, bad], "");
        assert!(!ok, "{flag} {bad} accepted: {out}");
        assert!(out.is_empty(), "{flag} {bad}: {out}");
        assert!(
            err.contains(flag) && err.contains("milliseconds"),
            "{flag} {bad}: {err}"
        );
    }
    for budget in [
        &["--time-per-card", "1"][..],
        &["--time-per-board", "1"][..],
    ] {
        let mut args = vec!["--deals", "2", "--seed", "9", "--samples", "8"];
        args.extend_from_slice(budget);
        let (out, err, ok) = run(&args, "");
        assert!(ok, "{budget:?}: {err}");
        let read = boards(&out);
        assert_eq!(read.len(), 2, "{out}");
        for b in read.iter().filter(|b| b.declarer.is_some()) {
            assert_eq!(b.linear_play().len(), 52, "{budget:?}: {out}");
        }
    }
    let args = [
        "--deals",
        "1",
        "--seed",
        "4",
        "--samples",
        "3",
        "--time-per-board",
        "none",
    ];
    let (first, err, ok) = run(&args, "");
    assert!(ok, "{err}");
    assert_eq!(run(&args, "").0, first, "--seed reproduces the search");
}

#[test]
fn bad_bidding_options_are_rejected_with_a_clear_error() {
    for (args, named) in [
        (&["--bid-samples", "many"][..], "--bid-samples"),
        (&["--bid-samples", "-2"][..], "--bid-samples"),
        (&["--bid-samples", "100000"][..], "--bid-samples"),
        (&["--time-per-call", "0"][..], "--time-per-call"),
        (&["--time-per-call", "-5"][..], "--time-per-call"),
        (&["--time-per-call", "soon"][..], "--time-per-call"),
    ] {
        let mut all = vec!["--deals", "1"];
        all.extend_from_slice(args);
        let (out, err, ok) = run(&all, "");
        assert!(!ok, "{args:?} accepted");
        assert!(out.is_empty(), "{args:?}: nothing is played");
        assert!(err.contains(named), "{args:?}: {err}");
    }
}

#[test]
fn simulated_bidding_is_reproducible_with_a_seed() {
    let args = [
        "--deals",
        "3",
        "--seed",
        "9",
        "--level",
        "heuristic",
        "--bid-samples",
        "6",
    ];
    let (first, err, ok) = run(&args, "");
    assert!(ok, "{err}");
    let (second, _, _) = run(&args, "");
    assert_eq!(first, second, "--seed fixes the simulated calls too");
    for b in boards(&first) {
        assert!(b.auction.expect("an auction").auction.is_complete());
    }
}
