//! The `turbochess` command line: perft output and bad input.

use std::process::Command;

fn turbochess(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_turbochess"))
        .args(args)
        .output()
        .expect("run turbochess")
}

#[test]
fn perft_prints_divide_and_total() {
    let out = turbochess(&["perft", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 21); // 20 moves + total
    assert!(lines.contains(&"e2e4: 600"), "{text}");
    assert!(lines.contains(&"g1f3: 440"), "{text}");
    assert_eq!(lines.last(), Some(&"Nodes searched: 8902"));
}

#[test]
fn perft_from_fen() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = turbochess(&["perft", "2", "--fen", fen]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("e1g1: 43"), "{text}");
    assert!(text.ends_with("Nodes searched: 2039\n"), "{text}");
}

#[test]
fn perft_with_bad_fen_fails_with_the_error() {
    for (fen, expected) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "bad FEN piece letter 'X'",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rank 7 has more than 8 squares",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "side to move 'x'",
        ),
        ("not a fen", "fields"),
    ] {
        let out = turbochess(&["perft", "1", "--fen", fen]);
        assert!(!out.status.success(), "{fen} accepted");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(expected), "{fen}: {err}");
        assert_eq!(err.lines().count(), 1, "one-line error: {err}");
        assert!(!err.contains("panicked"));
    }
}
