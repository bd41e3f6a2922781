//! The opening book through UCI: `OwnBook` / `BookFile`, and the book move
//! answered at once (`info string book move …`, then `bestmove`), varying
//! between the weighted choices and leaving the book when no entry matches.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use engine::chess::Board;
use engine::chess::book::{Library, PolyglotBook, PolyglotEntry, encode_move, polyglot_key};
use std::collections::BTreeSet;

fn session(input: &str) -> Vec<String> {
    let out = turbochess_process::run_with_input(&[], input);
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The (book line, bestmove line) pairs of a transcript.
fn book_answers(lines: &[String]) -> Vec<(String, String)> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("info string book move "))
        .filter_map(|(i, l)| {
            let best = lines[i..].iter().find(|b| b.starts_with("bestmove"))?;
            Some((l.clone(), best.clone()))
        })
        .collect()
}

#[test]
fn book_options_are_advertised() {
    let lines = session("uci\nquit\n");
    assert!(lines.contains(&"option name OwnBook type check default true".to_string()));
    assert!(lines.contains(&"option name BookFile type string default <empty>".to_string()));
}

#[test]
fn in_book_the_engine_answers_at_once_and_varies() {
    let mut input = String::new();
    for _ in 0..30 {
        input.push_str("position startpos\ngo wtime 60000 btime 60000\n");
    }
    input.push_str("quit\n");
    let lines = session(&input);
    let answers = book_answers(&lines);
    assert_eq!(answers.len(), 30, "{lines:?}");
    let library = Library::builtin().unwrap();
    let offered: BTreeSet<String> = library
        .moves(&Board::startpos())
        .iter()
        .filter(|m| m.weight > 0)
        .map(|m| m.mv.to_uci())
        .collect();
    let mut played = BTreeSet::new();
    for (info, best) in &answers {
        let mv = info.trim_start_matches("info string book move ");
        assert_eq!(best.split(' ').nth(1), Some(mv), "{best}");
        assert!(offered.contains(mv), "{mv} not a library move");
        played.insert(mv.to_string());
    }
    assert!(played.len() >= 2, "always {played:?}");
    // Only the quick check of the book move was searched: each reply's
    // scored line shows the book move, no deeper than that check goes.
    for (i, line) in lines.iter().enumerate() {
        if let Some(mv) = line.strip_prefix("bestmove ") {
            let mv = mv.split(' ').next().unwrap();
            let info = lines[..i]
                .iter()
                .rev()
                .find(|l| l.starts_with("info depth"))
                .expect("a scored line");
            assert!(info.contains(&format!(" pv {mv}")), "{info}");
            let depth: u32 = info.split(' ').nth(2).unwrap().parse().unwrap();
            assert!(depth <= 6, "{info}");
        }
    }
}

#[test]
fn transpositions_and_leaving_the_book() {
    // 1.d4 e6 2.c4 Nf6: an order no library line spells out.
    let lines = session(
        "position startpos moves d2d4 e7e6 c2c4 g8f6\ngo movetime 5000\n\
         position startpos moves h2h4 a7a5 h4h5\ngo movetime 100\n",
    );
    let answers = book_answers(&lines);
    assert_eq!(answers.len(), 1, "{lines:?}");
    let mv = answers[0].0.trim_start_matches("info string book move ");
    assert!(["b1c3", "g1f3", "g2g3"].contains(&mv), "{mv}");
    // Out of book: a real search answers.
    let last = lines
        .iter()
        .rposition(|l| l.starts_with("bestmove"))
        .unwrap();
    assert!(
        lines[..last].iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
}

#[test]
fn analysis_and_own_book_off_search_instead() {
    let lines = session(
        "position startpos\ngo depth 2\nisready\n\
         setoption name OwnBook value false\nposition startpos\ngo movetime 100\n",
    );
    assert!(book_answers(&lines).is_empty(), "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove")).count(),
        2
    );
    let lines = session("setoption name OwnBook value perhaps\nquit\n");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string option OwnBook: expected true or false"))
    );
}

#[test]
fn book_file_loads_a_polyglot_book() {
    // A one-entry book: 1.a3 from the start position.
    let board = Board::startpos();
    let a3 = board.parse_uci_move("a2a3").unwrap();
    let book = PolyglotBook::from_entries(vec![PolyglotEntry {
        key: polyglot_key(&board),
        raw_move: encode_move(a3),
        weight: 1,
        learn: 0,
    }]);
    let path = std::env::temp_dir().join(format!("turbo_book_{}.bin", std::process::id()));
    std::fs::write(&path, book.to_bytes()).unwrap();
    let lines = session(&format!(
        "setoption name BookFile value /nonexistent/book.bin\n\
         setoption name BookFile value {}\n\
         position startpos\ngo wtime 1000 btime 1000\n\
         setoption name BookFile value <empty>\n\
         position startpos moves e2e4\ngo wtime 1000 btime 1000\nquit\n",
        path.display()
    ));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string option BookFile: cannot read")),
        "{lines:?}"
    );
    let answers = book_answers(&lines);
    assert_eq!(answers.len(), 2, "{lines:?}");
    assert!(answers[0].1.starts_with("bestmove a2a3"), "{answers:?}");
    // Back on the built-in library: a reply to 1.e4.
    assert!(!answers[1].1.starts_with("bestmove a2a3"), "{answers:?}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn book_subcommand_lists_and_exports() {
    let run = |args: &[&str]| {
        let out = turbochess_process::run_with_input(args, "");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, _) = run(&["book", "--moves", "e4 c5 Nf3"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Opening library: "), "{out}");
    for san in ["d6 ", "Nc6 ", "e6 "] {
        assert!(
            out.lines().any(|l| l.starts_with(san)),
            "{san} missing:\n{out}"
        );
    }
    let (_, out, _) = run(&["book", "--moves", "h4 a5 h5"]);
    assert!(out.contains("not in the book"), "{out}");

    // Export, then read the export back as a Polyglot book.
    let path = std::env::temp_dir().join(format!("turbo_export_{}.bin", std::process::id()));
    let path_arg = path.display().to_string();
    let (code, out, _) = run(&["book", "--export", &path_arg]);
    assert_eq!(code, Some(0), "{out}");
    let (code, out, _) = run(&["book", "--file", &path_arg, "--moves", "d4 e6 c4 Nf6"]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("Polyglot book") && out.lines().any(|l| l.starts_with("Nc3 ")),
        "{out}"
    );
    let _ = std::fs::remove_file(&path);

    for args in [
        &["book", "--moves", "e4 e4"][..],
        &["book", "--fen", "no fen"],
        &["book", "--file", "/nonexistent.bin"],
    ] {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}");
        assert!(err.starts_with("turbochess book: "), "{err}");
    }
}
