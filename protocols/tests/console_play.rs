//! `turbochess play` driven as a user would drive it, through a pipe: a
//! scripted session that uses every command, and checks of what it prints
//! and of the PGN listing it appends to.

#[path = "common/turbochess_process.rs"]
mod turbochess_process;

use std::path::PathBuf;

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("turbo_console_{}_{name}", std::process::id()))
}

fn mate_problem(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../books/mate")
        .join(name)
        .display()
        .to_string()
}

/// Asserts that the `needles` appear in `haystack` in this order.
fn assert_in_order(haystack: &str, needles: &[&str]) {
    let mut at = 0;
    for needle in needles {
        match haystack[at..].find(needle) {
            Some(i) => at += i + needle.len(),
            None => panic!(
                "'{needle}' not found after byte {at}; transcript tail:\n{}",
                &haystack[at.saturating_sub(2000)..]
            ),
        }
    }
}

/// Runs the binary on raw bytes (which need not be UTF-8).
fn run_bytes(args: &[&str], input: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(std::path::PathBuf::from(env!("CARGO_BIN_EXE_turbochess")))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let _ = child.stdin.take().expect("stdin").write_all(input);
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn play(args: &[&str], script: &[&str]) -> (String, String) {
    let mut input = script.join("\n");
    input.push('\n');
    let out = turbochess_process::run_with_input(args, &input);
    assert!(out.status.success(), "exit status {:?}", out.status);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn scripted_session_uses_every_command() {
    let pgn = temp_path("session.pgn");
    let saved = temp_path("stalemate.txt");
    let _ = std::fs::remove_file(&pgn);
    let pgn_arg = pgn.display().to_string();
    let saved_arg = saved.display().to_string();
    let mate02 = mate_problem("mate02.txt");
    let script = [
        "?",
        // Level menu, then a fast level.
        "l",
        "ply 2",
        "e4",
        "e2e5",
        "z9",
        "h",
        "b",
        "b",
        "f",
        "t",
        "t",
        "v wq",
        "v xx",
        // MultiMove: both sides by hand, into a threefold repetition.
        "m",
        "Nf6",
        "Nf3",
        "Ng8",
        "Ng1",
        "Nf6",
        "Nf3",
        "Ng8",
        "Ng1",
        "m",
        "n",
        // The editor: a stalemate set up by hand, saved as a board file.
        "e",
        "c",
        "b",
        "kh8",
        "w",
        "kg6",
        "qf1",
        &format!("s {saved_arg}"),
        "q",
        "m",
        "Qf7",
        "m",
        // A mate problem loaded in the editor and solved at Mate search.
        "e",
        &format!("l {mate02}"),
        "q",
        "l mate 2",
        "p",
        "Nxb8",
        // A hopeless position: the program resigns.
        "e",
        "c",
        "w",
        "kg1",
        "qa1",
        "rb1",
        "b",
        "ke5",
        "q",
        "l ply 2",
        "p",
        // Auto: one short self-play game, then the input ends.
        "l ply 1",
        "a",
    ];
    let (out, err) = play(
        &[
            "play",
            "--pgn",
            &pgn_arg,
            "--seed",
            "1",
            "--games",
            "1",
            "--max-moves",
            "3",
        ],
        &script,
    );
    assert!(err.is_empty(), "stderr: {err}");
    assert_in_order(
        &out,
        &[
            "Turbo Chess: the console game",
            "  8 | r n b q k b n r |",
            "White to move",
            "Commands (first letter is enough)",
            "Level menu",
            "Level: Ply search: 2 plies",
            "Last move: 1. e4",
            "Using opening library",
            "Turbo Chess plays 1...",
            "Illegal move: there is no piece on e2",
            "Illegal move: 'z9' is not a move",
            "Hint: ",
            "Took back 1 half-move(s).",
            "Took back 1 half-move(s).",
            "Replayed 1 half-move(s).",
            "Black to move",
            "h g f e d c b a",
            "a b c d e f g h",
            "piece values of the white Queen",
            "'xx' is not a piece",
            "MultiMove on",
            "Last move: 5. Ng1",
            "Draw by third repetition.",
            "MultiMove off.",
            "Game 1 appended to",
            "New game (round 2).",
            "Board cleared.",
            &format!("Board saved to {saved_arg}."),
            "Position set up.",
            "MultiMove on",
            "Draw by stalemate.",
            "Board loaded from",
            "Position set up.",
            "Level: Mate search: mate in up to 2 moves",
            "Turbo Chess plays 1. Qb8+ (mate search)",
            "Turbo Chess announces mate in 2.",
            "Last move: 1... Nxb8",
            "Turbo Chess plays 2. Rd8# (mate search)",
            "Checkmate: White wins.",
            "Position set up.",
            "Turbo Chess (Black) is thinking",
            "  depth  1  value",
            "Turbo Chess (Black) resigns.",
            "Level: Ply search: 1 plies",
            "Auto: the program plays itself",
            "Turbo Chess plays 1.",
            "Turbo Chess plays 3...",
            "Move limit reached: game adjourned.",
            "Auto: all games played.",
            "Goodbye.",
        ],
    );

    // The saved board file is the handbook's format and reads back.
    let board_file = std::fs::read_to_string(&saved).expect("saved board file");
    assert!(board_file.starts_with("WHITE to Play\n"), "{board_file}");
    assert!(board_file.contains("WQ F1") && board_file.contains("BK H8"));

    // Every game is in the listing, with results and the program's figures.
    let listing = std::fs::read_to_string(&pgn).expect("pgn listing");
    assert!(listing.matches("[Event ").count() >= 5, "{listing}");
    for needle in [
        "[Result \"1/2-1/2\"]",
        "{Draw by third repetition}",
        "{Draw by stalemate}",
        "[SetUp \"1\"]",
        "Qb8+ {value mate in 2, depth 3",
        "Rd8#",
        "[Result \"1-0\"]",
        "{Black resigns}",
        "{book, time",
        "{move limit reached} *",
    ] {
        assert!(
            listing.contains(needle),
            "'{needle}' missing from:\n{listing}"
        );
    }
    let _ = std::fs::remove_file(&pgn);
    let _ = std::fs::remove_file(&saved);
}

#[test]
fn the_program_does_not_resign_when_it_is_being_mated() {
    // Black (the program) has only its king against queen and rook, and is
    // mated next move whatever it does: it plays on.
    let board = temp_path("mated.txt");
    std::fs::write(
        &board,
        "BLACK to Play\nBLACK=Program\nWK G1\nWQ A7\nWR B1\nBK H8\n",
    )
    .unwrap();
    let board_arg = board.display().to_string();
    let (out, _) = play(
        &[
            "play", "--no-pgn", "--level", "ply:3", "--board", &board_arg,
        ],
        &["p", "q"],
    );
    assert_in_order(&out, &["Turbo Chess plays 1...", "Goodbye."]);
    assert!(!out.contains("resigns"), "{out}");
    let _ = std::fs::remove_file(&board);
}

#[test]
fn bad_arguments_and_input_never_crash() {
    // Bytes that are not UTF-8 are refused like any other bad line.
    let out = turbochess_process::run_with_input(
        &["play", "--no-pgn"],
        "\u{1}\u{7f}\n\u{0}e4\ne4\r\nq\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert_in_order(
        &text,
        &[
            "Illegal move:",
            "Illegal move:",
            "Last move: 1. e4",
            "Goodbye.",
        ],
    );
    let mut raw = b"\xff\xfe e4\n".to_vec();
    raw.extend_from_slice(b"q\n");
    let out = run_bytes(&["play", "--no-pgn"], &raw);
    assert_in_order(&out, &["Illegal move:", "Goodbye."]);

    let out = turbochess_process::run_with_input(&["play", "--level", "fast"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown level 'fast'"));
    let (out, _) = play(
        &["play", "--no-pgn", "--board", "/nonexistent/board.txt"],
        &[
            "é4", "\u{0}", "Ke9", "l warp 9", "v", "q9", "b", "f", "e", "xyz", "q", "q",
        ],
    );
    assert_in_order(
        &out,
        &[
            "cannot read /nonexistent/board.txt",
            "Illegal move: 'é4' is not a move",
            "Illegal move:",
            "Illegal move:",
            "Level unchanged: unknown level 'warp'",
            "Piece (colour and type",
            "'q9' is not a piece",
            "Nothing to take back",
            "Nothing to replay",
            "'xyz' is not an editor command",
            "Position set up.",
            "Goodbye.",
        ],
    );
}

#[test]
fn mate_subcommand_proves_and_refutes() {
    let out = turbochess_process::run_with_input(
        &["mate", "3", "--board", &mate_problem("mate04.txt")],
        "",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert_in_order(
        &text,
        &[
            "White mates in 3",
            "key: Qd8+",
            "main line: 1. Qd8+ Kxd8 2. Bg5+",
            "#",
            "nodes ",
        ],
    );

    let out = turbochess_process::run_with_input(
        &[
            "mate",
            "2",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no mate in 2 for White"));

    for args in [
        &["mate", "0", "--fen", "8/8/8/8/8/8/8/K6k w - - 0 1"][..],
        &["mate", "2", "--fen", "not a fen"],
        &["mate", "2"],
        &["mate", "2", "--board", "/nonexistent"],
    ] {
        let out = turbochess_process::run_with_input(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("turbochess mate: "));
    }
}

#[test]
fn infinite_analysis_takes_a_hint_and_stops_on_play() {
    // Infinite level: the program thinks until P; H while it thinks gives
    // the person a hint, and the end of the input does not hang it.
    let (out, _) = play(
        &["play", "--no-pgn", "--no-book", "--level", "infinite"],
        &["d4", "h", "p", "e4"],
    );
    assert_in_order(
        &out,
        &[
            "Turbo Chess (Black) is thinking",
            "Hint: ",
            "Turbo Chess plays 1...",
            "Last move: 2. e4",
            "Turbo Chess plays 2...",
            "Goodbye.",
        ],
    );
}

#[test]
fn auto_is_stopped_by_a_and_ignores_other_input() {
    let (out, _) = play(
        &["play", "--no-pgn", "--auto", "--level", "ply:1"],
        &["x", "a", "l ply 2", "q"],
    );
    assert_in_order(
        &out,
        &[
            "'x' ignored: Auto is running, enter A or M to stop it.",
            "Auto stopped.",
            "Level: Ply search: 2 plies",
            "Goodbye.",
        ],
    );
}
