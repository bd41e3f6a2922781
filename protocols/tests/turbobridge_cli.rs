//! `turbobridge convert` conversations: deals in on stdin, boards out on
//! stdout, `board N: <error>` on stderr for a bad board, non-zero exit at
//! the end. (The default mode bids and plays; it has its own tests.)

#[path = "common/turbobridge.rs"]
mod turbobridge;

use std::process::Output;

use turbobridge::{run, run_bytes};

const GOOD: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7\"]\n\
[Declarer \"W\"]\n[Contract \"2S\"]\n[Result \"9\"]\n\
[Auction \"N\"]\nPass 1C Pass 1S\nPass 2S Pass Pass\nPass\n";

const GOOD2: &str = "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
[Deal \"E:J2.T9875.J4.AQ82 A73.AQJ43.T32.96 KQ9865..A76.KJ73 T4.K62.KQ985.T54\"]\n";

#[test]
fn good_boards_come_back_as_strict_pbn() {
    let input = format!("{GOOD}\n{GOOD2}");
    let out = run(&["convert"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"\"]\r\n"));
    assert_eq!(text.matches("[Event ").count(), 2);
    assert!(text.contains("[Contract \"2S\"]"));
    assert!(text.contains("[Auction \"N\"]\r\nPass 1C Pass 1S\r\n"));
    assert!(out.stderr.is_empty());
}

#[test]
fn a_bad_board_is_reported_skipped_and_fails_the_run() {
    // Board 2 has a card twice; boards 1 and 3 are fine.
    let bad = GOOD2.replace("J2.T9875", "A2.T9875");
    let input = format!("{GOOD}\n{bad}\n{GOOD2}");
    let out = run(&["convert"], &input);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).expect("utf-8");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("board 2: "), "{err}");
    assert!(err.contains("SA"), "{err}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(text.matches("[Event ").count(), 2);
    assert!(text.contains("[Board \"2\"]"));
}

#[test]
fn lin_in_lin_out_and_pbn_to_lin() {
    let lin = "pn|a,b,c,d|st||md|1S4QAH37KAD28TC6TQ,S2567THJD347QC57J,S38KH24689D9JC38A,|rh||ah|Board 3|sv|e|mb|1N|mb|p|mb|2D!|an|transfer|mb|p|mb|2H|mb|p|mb|p|mb|p|pg||pc|HJ|pc|H2|pc|H5|pc|HA|pg||mc|9|\n";
    let out = run(&["convert", "--format", "lin"], lin);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(text.contains("mb|2D!|an|transfer|"));
    assert!(text.contains("pc|HJ|pc|H2|pc|H5|pc|HA|"));
    assert!(text.contains("mc|9|"));
    // The LIN output reads back to the same PBN as the original.
    let a = run(&["convert"], lin);
    let b = run(&["convert"], &text);
    assert_eq!(a.stdout, b.stdout);
    assert!(String::from_utf8_lossy(&a.stdout).contains("[Contract \"2H\"]"));

    let out = run(&["convert", "--format", "lin"], GOOD2);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("pn|,,,|st||md|4"));
}

#[test]
fn garbage_never_crashes() {
    for input in [
        "",
        "\u{0}\u{1}\u{2}",
        "[",
        "[Deal",
        "md|",
        "md|9|",
        "pc|SA|",
        "[Deal \"N:- - - -\"]\n[Play \"N\"]\nSA SA\n",
        "|||||",
        "{",
        "[Auction \"N\"]\n7NT XX XX XX\n",
    ] {
        let out = run(&["convert"], input);
        assert!(
            matches!(out.status.code(), Some(0) | Some(1)),
            "{input:?}: {:?}",
            out.status
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{input:?}: {err}");
        assert!(
            err.lines().all(|l| l.starts_with("board ")),
            "{input:?}: {err}"
        );
    }
    // Invalid UTF-8 is read lossily, not refused.
    let out = run(
        &["convert"],
        &String::from_utf8_lossy(b"[Event \"\xff\"]\n"),
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn unknown_options_are_usage_errors() {
    let out = run(&["convert", "--format", "xml"], GOOD);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pbn"));
}

/// PBN's character set is ISO-8859-1; files in UTF-8 exist too. Either
/// way the names come back as they were read, in the same encoding.
#[test]
fn latin1_and_utf8_text_comes_back_as_it_was_read() {
    for (name, charset) in [
        (&b"Caf\xe9 Mu\xf1oz"[..], "Latin-1"),
        ("Caf\u{e9} Mu\u{f1}oz".as_bytes(), "UTF-8"),
    ] {
        let mut input = b"[North \"".to_vec();
        input.extend_from_slice(name);
        input.extend_from_slice(b"\"]\n");
        input.extend_from_slice(GOOD2.as_bytes());
        for args in [
            &["convert"][..],
            &["convert", "--format", "lin"],
            &["solve"],
        ] {
            let out = run_bytes(args, &input);
            assert!(out.status.success(), "{charset} {args:?}");
            assert!(
                out.stdout.windows(name.len()).any(|w| w == name),
                "{charset} {args:?}: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }
}

fn tag_value<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let start = text.find(&format!("[{name} \""))? + name.len() + 3;
    text[start..].split('"').next()
}

/// BBO writes `mc|` only for a claim: a LIN board played to the end
/// without one gets its Result from the play, as the play mode gives it.
#[test]
fn convert_fills_the_result_of_a_lin_board_played_out_without_a_claim() {
    let played = run(
        &[
            "--deals",
            "1",
            "--seed",
            "3",
            "--level",
            "heuristic",
            "--format",
            "lin",
        ],
        "",
    );
    let lin = String::from_utf8(played.stdout).expect("utf-8");
    let claim = lin.find("mc|").expect("the board is played out");
    let unclaimed = format!("{}\n", &lin[..claim]);
    let with = String::from_utf8(run(&["convert"], &lin).stdout).expect("utf-8");
    let without = String::from_utf8(run(&["convert"], &unclaimed).stdout).expect("utf-8");
    let result = tag_value(&with, "Result").expect("Result tag");
    assert!(!result.is_empty(), "{with}");
    assert_eq!(tag_value(&without, "Result"), Some(result), "{without}");
    assert_eq!(with, without);
}

/// An auction without calls yet (`[Auction "N"]` and nothing after it)
/// survives PBN → LIN → PBN.
#[test]
fn an_empty_auction_survives_a_lin_round_trip() {
    let pbn = format!("{GOOD2}[Auction \"E\"]\n");
    let direct = String::from_utf8(run(&["convert"], &pbn).stdout).expect("utf-8");
    assert!(direct.contains("[Auction \"E\"]\r\n"), "{direct}");
    let lin = String::from_utf8(run(&["convert", "--format", "lin"], &pbn).stdout).expect("utf-8");
    let back = run(&["convert"], &lin);
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    assert_eq!(
        String::from_utf8(back.stdout).expect("utf-8"),
        direct,
        "{lin}"
    );
}

/// A LIN board numbered `n` (one line, as BBO writes them).
fn lin_board(n: u32) -> String {
    format!(
        "pn|a,b,c,d|st||md|1S4QAH37KAD28TC6TQ,S2567THJD347QC57J,S38KH24689D9JC38A,|rh||ah|Board {n}|sv|e|mb|1N|mb|p|mb|2D!|an|transfer|mb|p|mb|2H|mb|p|mb|p|mb|p|pg||pc|HJ|pc|H2|pc|H5|pc|HA|pg||mc|9|\n"
    )
}

/// A PBN board numbered `n`.
fn pbn_board(n: u32) -> String {
    GOOD2.replace("[Board \"2\"]", &format!("[Board \"{n}\"]"))
}

/// The rule of the filter: every board of the input is either written or
/// named on stderr (by its number), and nothing else is said.
fn assert_written_or_named(out: &Output, written: &[u32], named: &[u32]) {
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    let numbers: Vec<u32> = if text.starts_with("% PBN") {
        text.match_indices("[Board \"")
            .filter_map(|(i, _)| text[i + 8..].split('"').next()?.parse().ok())
            .collect()
    } else {
        text.match_indices("ah|Board ")
            .filter_map(|(i, _)| text[i + 9..].split('|').next()?.parse().ok())
            .collect()
    };
    assert_eq!(numbers, written, "written boards\n{text}\n{err}");
    let reported: Vec<u32> = err
        .lines()
        .map(|l| {
            l.strip_prefix("board ")
                .and_then(|l| l.split(':').next()?.parse().ok())
                .unwrap_or_else(|| panic!("not a board report: {l:?}"))
        })
        .collect();
    assert_eq!(reported, named, "named boards\n{err}");
    assert_eq!(out.status.success(), named.is_empty(), "{err}");
}

#[test]
fn cr_only_line_ends_lose_no_board() {
    let input = format!("{}\n{}", pbn_board(1), pbn_board(2)).replace('\n', "\r");
    assert_written_or_named(&run(&["convert"], &input), &[1, 2], &[]);
    let headed = format!("% PBN 2.1\r% EXPORT\r{input}");
    assert_written_or_named(&run(&["convert"], &headed), &[1, 2], &[]);
    let lin = format!("{}{}", lin_board(1), lin_board(2)).replace('\n', "\r");
    assert_written_or_named(&run(&["convert", "--format", "lin"], &lin), &[1, 2], &[]);
}

#[test]
fn a_malformed_lin_pair_loses_only_its_own_board() {
    let good = [lin_board(11), lin_board(12), lin_board(13)];
    // `sve|` for `sv|e|`: board 12 is refused and named, the others read.
    let broken = good[1].replace("sv|e|", "sve|");
    let input = format!("{}{broken}{}", good[0], good[2]);
    let out = run(&["convert", "--format", "lin"], &input);
    assert_written_or_named(&out, &[11, 13], &[12]);
    // A line without its last `|`: the line end closes the value.
    let input = format!(
        "{}{}{}",
        good[0].replace("mc|9|\n", "mc|9\n"),
        good[1],
        good[2]
    );
    let out = run(&["convert", "--format", "lin"], &input);
    assert_written_or_named(&out, &[11, 12, 13], &[]);
}

#[test]
fn an_unclosed_comment_spoils_only_its_board() {
    let open = pbn_board(6).replace("[Dealer", "{ an opened comment\n[Dealer");
    let input = format!(
        "{}\n{open}\n{}\n{}",
        pbn_board(5),
        pbn_board(7),
        pbn_board(8)
    );
    let out = run(&["convert"], &input);
    assert_written_or_named(&out, &[5, 7, 8], &[6]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("never closed"));
}

#[test]
fn boards_are_named_by_their_board_tag_after_a_whitespace_only_line() {
    // Board 22 is cut in two by a line of spaces (the end of a game, as
    // other PBN readers take it); board 23 holds a card twice.
    let cut = pbn_board(22).replace("[Deal ", "   \n[Deal ");
    let bad = pbn_board(23).replace("J2.T9875", "A2.T9875");
    let input = format!("{}\n{cut}\n{bad}\n{}", pbn_board(21), pbn_board(24));
    let out = run(&["convert"], &input);
    let err = String::from_utf8_lossy(&out.stderr);
    // The second half of board 22 has a deal but no number: it is read as
    // a board of its own (named by position, 3, if it failed).
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("[Event ").count(), 3, "{text}");
    assert!(err.contains("board 22: no Deal tag"), "{err}");
    assert!(err.contains("board 23: "), "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
}
