//! `turbobridge --explain`: every call of the boards written carries what
//! it shows in our bidding system, as a PBN note (`[Note "n:..."]`,
//! referenced by `=n=` after the call) or a LIN `an|` explanation; the
//! notes survive being read back.

#[path = "common/turbobridge.rs"]
mod turbobridge;

use engine::bridge::bidding::explain_auction;
use protocols::bridge::{lin, pbn};
use turbobridge::run;

/// 1NT, Stayman, the heart answer, game.
const STAYMAN: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AQ4.AK73.T82.QT6 K952.QJ84.A7.J94 J3.962.KQJ93.A85 T876.T5.654.K732\"]\n\
[Auction \"N\"]\n1NT Pass 2C Pass\n2H Pass 4H Pass\nPass Pass\n";

fn stdout(args: &[&str], input: &str) -> String {
    let out = run(args, input);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The auction section's words (calls and `=n=` references) and the notes
/// by number, of the first game of a PBN text.
fn auction_and_notes(text: &str) -> (Vec<String>, Vec<(u32, String)>) {
    let mut words = Vec::new();
    let mut notes = Vec::new();
    let mut in_auction = false;
    for line in text.lines() {
        if let Some(note) = line
            .strip_prefix("[Note \"")
            .and_then(|l| l.strip_suffix("\"]"))
        {
            let (n, t) = note.split_once(':').expect("n:text");
            notes.push((n.parse().expect("note number"), t.to_string()));
        } else if line.starts_with('[') {
            in_auction = line.starts_with("[Auction ");
        } else if in_auction {
            words.extend(line.split_whitespace().map(str::to_string));
        }
    }
    (words, notes)
}

/// Each call's note text, read from the references in the auction.
fn notes_per_call(text: &str) -> Vec<(String, String)> {
    let (words, notes) = auction_and_notes(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let call = words[i].clone();
        let reference = words.get(i + 1).expect("a note after every call");
        let n: u32 = reference
            .strip_prefix('=')
            .and_then(|r| r.strip_suffix('='))
            .and_then(|r| r.parse().ok())
            .unwrap_or_else(|| panic!("{call} is followed by {reference}, not =n="));
        let note = notes.iter().find(|(k, _)| *k == n);
        let (_, text) = note.unwrap_or_else(|| panic!("=n= {n} has no Note"));
        out.push((call, text.clone()));
        i += 2;
    }
    out
}

#[test]
fn every_call_refers_to_a_note_that_says_what_it_shows() {
    let text = stdout(&["convert", "--explain"], STAYMAN);
    let per_call = notes_per_call(&text);
    let calls: Vec<&str> = per_call.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(
        calls,
        [
            "1NT", "Pass", "2C", "Pass", "2H", "Pass", "4H", "Pass", "Pass", "Pass"
        ]
    );
    // The text is the bidder's own reading of each call.
    let board = pbn::parse_board(STAYMAN).expect("fixture");
    let auction = &board.auction.as_ref().expect("auction").auction;
    let expected: Vec<String> = explain_auction(auction)
        .iter()
        .map(ToString::to_string)
        .collect();
    let got: Vec<String> = per_call.iter().map(|(_, t)| t.clone()).collect();
    assert_eq!(got, expected);
    assert!(got[2].starts_with("Stayman -- "), "{}", got[2]);
    assert!(got[0].contains("HCP"), "{}", got[0]);
    assert!(got[4].contains("hearts"), "{}", got[4]);

    // Notes are numbered 1, 2, 3... in the order the auction first refers
    // to them, one per distinct text, each written once after the calls.
    let (words, notes) = auction_and_notes(&text);
    let numbers: Vec<u32> = notes.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, (1..=notes.len() as u32).collect::<Vec<_>>());
    let mut first_refs: Vec<u32> = Vec::new();
    for w in words.iter().filter(|w| w.starts_with('=')) {
        let n: u32 = w.trim_matches('=').parse().expect("number");
        if !first_refs.contains(&n) {
            first_refs.push(n);
        }
    }
    assert_eq!(first_refs, numbers);
    let distinct: std::collections::BTreeSet<&String> = got.iter().collect();
    assert_eq!(notes.len(), distinct.len());
    assert!(notes.len() <= 32, "PBN numbers notes 1 to 32");
    assert!(text.contains("[Auction \"N\"]\r\n1NT =1= Pass =2= 2C =3= Pass =2=\r\n"));
}

#[test]
fn explained_notes_survive_conversion_both_ways() {
    let explained = stdout(&["convert", "--explain"], STAYMAN);
    // Read back (the `=n=` are references, not calls) and written again:
    // the same bytes, with or without --explain.
    assert_eq!(stdout(&["convert"], &explained), explained);
    assert_eq!(stdout(&["convert", "--explain"], &explained), explained);
    let board = pbn::parse_board(&explained).expect("explained PBN reads");
    let rec = board.auction.as_ref().expect("auction");
    assert_eq!(rec.auction.calls().len(), 10);
    let texts: Vec<String> = explain_auction(&rec.auction)
        .iter()
        .map(ToString::to_string)
        .collect();
    let notes: Vec<String> = rec.annotations.iter().flatten().cloned().collect();
    assert_eq!(notes, texts);

    // LIN: the explanation in `an|`, `!` on the artificial calls only.
    let lin_text = stdout(&["convert", "--explain", "--format", "lin"], STAYMAN);
    assert!(
        lin_text.contains(&format!("mb|1N|an|{}|", texts[0])),
        "{lin_text}"
    );
    assert!(
        lin_text.contains(&format!("mb|2C!|an|{}|", texts[2])),
        "{lin_text}"
    );
    assert_eq!(lin_text.matches("|an|").count(), 10, "{lin_text}");
    assert_eq!(lin_text.matches("!|").count(), 2, "{lin_text}");
    assert_eq!(stdout(&["convert", "--format", "lin"], &lin_text), lin_text);
    let back = lin::parse_board(&lin_text).expect("LIN reads");
    let back_notes: Vec<String> = back
        .auction
        .expect("auction")
        .annotations
        .into_iter()
        .flatten()
        .collect();
    assert_eq!(back_notes, texts);
    // And LIN to PBN keeps them as notes.
    assert_eq!(stdout(&["convert"], &lin_text).matches("[Note ").count(), {
        let (_, n) = auction_and_notes(&explained);
        n.len()
    });
}

#[test]
fn the_inputs_own_notes_are_kept() {
    let input = STAYMAN
        .replace("1NT Pass 2C Pass", "1NT Pass 2C =1= Pass")
        .replace("Pass Pass\n", "Pass Pass\n[Note \"1:our Stayman\"]\n");
    let text = stdout(&["convert", "--explain"], &input);
    let per_call = notes_per_call(&text);
    assert_eq!(per_call[2], ("2C".to_string(), "our Stayman".to_string()));
    assert!(per_call[0].1.contains("HCP"));
}

#[test]
fn the_play_mode_explains_the_calls_it_makes() {
    let text = stdout(
        &[
            "--explain",
            "--deals",
            "2",
            "--level",
            "heuristic",
            "--samples",
            "2",
        ],
        "",
    );
    for game in text.split("\r\n\r\n") {
        let per_call = notes_per_call(game);
        assert!(per_call.len() >= 4, "{game}");
        let board = pbn::parse_board(game).expect("board");
        let auction = &board.auction.as_ref().expect("auction").auction;
        let expected: Vec<String> = explain_auction(auction)
            .iter()
            .map(ToString::to_string)
            .collect();
        let got: Vec<String> = per_call.into_iter().map(|(_, t)| t).collect();
        assert_eq!(got, expected);
    }
    // Without the option, no notes.
    let plain = stdout(
        &["--deals", "2", "--level", "heuristic", "--samples", "2"],
        "",
    );
    assert!(!plain.contains("[Note "));
}

#[test]
fn a_bad_board_is_still_reported_and_skipped() {
    let bad = STAYMAN
        .replace("[Board \"1\"]", "[Board \"2\"]")
        .replace("2H Pass 4H", "2H Pass 1S");
    let input = format!("{STAYMAN}\n{bad}\n{}", STAYMAN.replace("\"1\"", "\"3\""));
    let out = run(&["convert", "--explain"], &input);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("board 2: "), "{err}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.matches("[Event ").count(), 2);
    assert_eq!(text.matches("[Note \"1:").count(), 2);
}

#[test]
fn show_numbers_every_call_with_its_explanation() {
    let text = stdout(&["show", "--explain", "--ascii"], STAYMAN);
    assert!(text.contains("1NT(1)"), "{text}");
    assert!(text.contains("\n(3) Stayman -- "), "{text}");
    let plain = stdout(&["show", "--ascii"], STAYMAN);
    assert!(!plain.contains("(1)"), "{plain}");
}
